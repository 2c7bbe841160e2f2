"""``review``: review translated docs or a translation pull request."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..config import Config
from ..repo.layout import DEFAULT_DOCS_ROOT
from ..review.service import ReviewResult, run_review
from ._common import (
    ProgressEvent,
    ProgressFn,
    ProgressKind,
    _no_progress,
)


def review(repo: Path | str | None = ".", lang: str | None = "ko", docs: Iterable[str] = (), *,
           pr: str | None = None, post: bool = False, llm: bool = False, provider: str | None = None,
           model: str | None = None, base_url: str | None = None, glossary: Path | str | None = None,
           docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None,
           progress: ProgressFn | None = None) -> ReviewResult:
    """Review translated docs like a language team's reviewer: every check finding on its line,
    omissions and duplications, glossary consistency with the other docs, optionally an LLM review.

    Local files (``docs`` of ``lang`` in ``repo``), or the pull request ``pr`` (``OWNER/REPO#N`` or its
    URL; changed docs at the head, English at the base, via the GitHub API). ``post`` submits one COMMENT
    review on the PR (token from ``GITHUB_TOKEN``) and updates it on later runs.
    """
    report = progress or _no_progress
    return run_review(repo, lang, docs, pr=pr, post=post, llm=llm, provider=provider, model=model,
                      base_url=base_url, glossary=glossary, docs_root=docs_root, config=config,
                      log=lambda m: report(ProgressEvent(ProgressKind.LOG, pr or "", message=m)))
