"""``publish``: push one translated doc to the translator's fork and open a draft pull request upstream."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..config import Config
from ..doc.draft import is_draft_file
from ..errors import RefusedError
from ..repo.layout import DEFAULT_DOCS_ROOT
from ..repo.ledger import ledger_for
from ..repo.status import english_left
from ..translate.providers import is_test_double
from ._common import (
    ProgressEvent,
    ProgressFn,
    ProgressKind,
    _config,
    _layout,
    _no_progress,
    title_translator,
)


@dataclass(slots=True)
class PublishResult:
    url: str
    """The pull request's page; empty in a dry run."""
    number: int
    """The pull request's number; 0 in a dry run."""
    draft: bool
    branch: str
    title: str
    commits: list[str]
    body: str = ""
    """The PR body exactly as posted (or, in a dry run, as it would be)."""
    head: str = ""
    """``fork_owner:branch`` the PR comes from."""
    base: str = ""
    """The branch the PR goes to (a dry run without GitHub: the local ref the branch starts from)."""
    dry_run: bool = False

    def to_json(self) -> dict[str, object]:
        """As ``publish --format json`` prints it."""
        return {"url": self.url, "number": self.number, "draft": self.draft, "branch": self.branch,
                "title": self.title, "commits": list(self.commits), "body": self.body, "head": self.head,
                "base": self.base, "dry_run": self.dry_run}


def github_client(config: Config):
    """A GitHub REST client with the token of ``GITHUB_TOKEN`` (or ``github.token``) and ``github.api_url``."""
    from ..repo.github import GitHubClient, github_settings

    return GitHubClient(*github_settings(config))


def publish(repo: Path | str = ".", lang: str = "ko", doc: str = "", *, docs_root: str = DEFAULT_DOCS_ROOT,
            fork: str | None = None, upstream: str | None = None, ready: bool = False, branch: str | None = None,
            dry_run: bool = False, no_llm: bool = False, provider: str | None = None, model: str | None = None,
            base_url: str | None = None, config: Config | None = None,
            progress: ProgressFn | None = None) -> PublishResult:
    """Check ``doc``'s translation, push it (and its toctree entry) to the fork, open a draft PR upstream.

    The GitHub token comes from ``GITHUB_TOKEN`` (or ``github.token`` in the config). ``dry_run``: make the
    branch and commits locally and return the PR's title and body without pushing or posting anything
    (no token or fork needed). ``provider``, ``model``, ``base_url``: what translates new toctree group titles
    (``base_url``: an OpenAI-compatible server, a local one included), unless ``no_llm``.
    """
    from ..publish.pr import publish as publish_doc

    if not doc:
        raise RefusedError("no doc given", hint="name the doc to publish, e.g. fsdp.md")
    if is_test_double(provider):  # its toctree titles would be scrambled letters
        raise RefusedError(f"publish --provider {provider}: pseudo is a test double, its output is never a "
                           "translation (not even a toctree title)",
                           hint="pass a real provider (anthropic, openai, hf) or --no-llm to keep English titles")
    progress = progress or _no_progress
    layout = _layout(repo, docs_root)
    _, rel = layout.resolve_doc_arg(doc, lang)
    twin = layout.twin(rel, lang)
    if twin is not None and is_draft_file(layout.path(lang, twin)):
        raise RefusedError(f"{lang}/{twin} is a machine draft (its first line is the hfi18n draft mark)",
                           hint="finish the translation, run hfi18n check, delete the mark line, then publish")
    if twin is not None and english_left(layout, ledger_for(layout), lang, twin):
        raise RefusedError(f"{lang}/{twin} still holds text a run left in English",
                           hint=f"translate it (hfi18n translate --update {rel}) or by hand, then publish")
    cfg = _config(layout, config)
    translate_titles = title_translator(layout.repo, lang, provider, model, no_llm=no_llm, base_url=base_url,
                                        config=cfg)
    with github_client(cfg) as client:
        result = publish_doc(layout, lang, doc, config=cfg, client=client, upstream=upstream, fork=fork,
                             ready=ready, branch=branch, dry_run=dry_run, translate_titles=translate_titles,
                             log=lambda m: progress(ProgressEvent(ProgressKind.LOG, doc, message=str(m),
                                                                   key=getattr(m, "key", ""),
                                                                   fields=dict(getattr(m, "fields", {})))))
    pull = result.pull
    return PublishResult(pull.html_url if pull else "", pull.number if pull else 0,
                         pull.draft if pull else not ready, result.branch, result.title, list(result.commits),
                         body=result.body, head=result.head, base=result.base, dry_run=result.dry_run)
