"""``review``: review translated docs or a translation pull request."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..config import Config
from ..repo.layout import DEFAULT_DOCS_ROOT
from ..review.model import DocReview
from ..review.service import ReviewResult, review_upload, run_review
from ._common import (
    ProgressEvent,
    ProgressFn,
    ProgressKind,
    _no_progress,
)


def review(repo: Path | str | None = ".", lang: str | None = "ko", docs: Iterable[str] = (), *,
           pr: str | None = None, base: str | None = None, post: bool = False, llm: bool = False,
           provider: str | None = None,
           model: str | None = None, base_url: str | None = None, glossary: Path | str | None = None,
           docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None,
           progress: ProgressFn | None = None) -> ReviewResult:
    """Review translated docs like a language team's reviewer: every check finding on its line,
    omissions and duplications, glossary consistency with the other docs, optionally an LLM review.

    Local files (``docs`` of ``lang`` in ``repo``), or the pull request ``pr`` (``OWNER/REPO#N`` or its
    URL; changed docs at the head, English at the base, via the GitHub API). ``post`` submits one COMMENT
    review on the PR (token from ``GITHUB_TOKEN``) and updates it on later runs. ``base`` (a branch, tag or
    commit) reviews instead the translated docs the checkout's current branch changed against it, committed
    or not: what the PR review will say, before the PR is opened.
    """
    report = progress or _no_progress
    return run_review(repo, lang, docs, pr=pr, base=base, post=post, llm=llm, provider=provider, model=model,
                      base_url=base_url, glossary=glossary, docs_root=docs_root, config=config,
                      log=lambda m: report(ProgressEvent(ProgressKind.LOG, pr or "", message=m)))


def review_text(repo: Path | str, lang: str, doc: str, text: str, *, docs_root: str = DEFAULT_DOCS_ROOT,
                config: Config | None = None) -> DocReview:
    """Review ``text``, a ``lang`` translation of ``doc`` (its path in the English or the language folder)
    that is not in the checkout -- a file a translator uploads -- against the English twin in ``repo``. Each
    omission and duplication carries the edit that fixes it (``finding.edit``; ``edit.apply(text)``)."""
    return review_upload(repo, lang, doc, text, docs_root=docs_root, config=config)

