"""Where a repository's translations stand: ``status``, ``next_docs``, the shallow-history check and
fix, and ``clone`` (a clone with the history ``status`` needs)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..config import Config
from ..repo.clone import CloneResult
from ..repo.layout import DEFAULT_DOCS_ROOT
from ..repo.said import Said
from ..repo.status import RANK_LIMIT, DocStatus, StatusReport, compute_status
from ..repo.status_pulls import pulls_for
from ..translate.service import next_candidates
from ._common import (
    _config,
    _layout,
)

# -------------------------------------------------------------------------------------- status


@dataclass(slots=True)
class StatusResult:
    report: StatusReport
    pulls_found: bool = True
    """False when open PRs could not be listed (``pr_note`` says why) or were not asked for."""

    @property
    def pr_note(self) -> str:
        """How PR detection went (``N open translation PR(s) of owner/name`` or why it was skipped)."""
        return self.report.pr_note

    def to_markdown(self, limit: int = RANK_LIMIT) -> str:
        """A summary, the ranked list as a checklist and every doc by state (for a tracking issue)."""
        from ..report.text import to_markdown

        return to_markdown(self.report, limit)

    def to_markdown_parts(self, limit: int = RANK_LIMIT) -> dict[str, str]:
        """One Markdown page per language, each within GitHub's issue/comment body limit."""
        from ..report.text import to_markdown_parts

        return to_markdown_parts(self.report, limit)

    def to_csv(self) -> str:
        from ..report.text import to_csv

        return to_csv(self.report)

    def to_html(self, limit: int = RANK_LIMIT) -> str:
        """A self-contained HTML page (filters, sorting, links)."""
        from ..report.html import to_html

        return to_html(self.report, limit)

    def render_table(self, console, *, show_missing: bool = False, limit: int = RANK_LIMIT) -> None:
        """Print the report as rich tables on ``console``."""
        from ..report.text import render_table

        render_table(self.report, console, show_missing=show_missing, limit=limit)

    def to_json(self) -> list[dict[str, object]]:
        """One object per (language, doc): the fields of ``DocStatus`` plus ``rank`` (as ``status --format json``)."""
        from ..report.text import json_rows

        return json_rows(self.report)


def history_gap(repo: Path | str = ".", *, docs_root: str = DEFAULT_DOCS_ROOT) -> str | None:
    """Why the clone's history cannot date translations (a shallow clone), else None. See
    :mod:`hfi18n.repo.shallow`: status then reports every translation as unknown until :func:`deepen_history`."""
    from ..repo.shallow import history_gap as gap

    return gap(_layout(repo, docs_root))


def deepen_history(repo: Path | str = ".", *, docs_root: str = DEFAULT_DOCS_ROOT) -> str:
    """Fetch the full history of a shallow clone (``git fetch --unshallow``); returns what was done.
    Interfaces call it with the user's consent (CLI ``--deepen``), or always (the web Space)."""
    from ..repo.shallow import deepen_history as deepen

    return deepen(_layout(repo, docs_root))


def status(repo: Path | str = ".", lang: str | Sequence[str] | None = None, *, docs_root: str = DEFAULT_DOCS_ROOT,
           upstream: str | None = None, pulls: bool = True, config: Config | None = None,
           deepen: bool = False, require: Sequence[str] = ()) -> StatusResult:
    """Status of every English doc in ``lang``, one code or several (default: every language folder).
    ``lang``, not ``langs``: one name per idea across the CLI, the API, MCP and the web (issue 33).

    ``require``: languages that must have a folder even when ``lang`` is every folder (the web page's
    picked language); like an unknown one of ``lang``, refused before any work with the layout's error.

    ``pulls``: look for open translation PRs upstream (``github.upstream`` or ``upstream``) to mark
    docs in progress. ``deepen``: fetch the full history first when the clone is shallow (otherwise every
    translation of a shallow clone is ``unknown``, and ``report.history_note`` says why).
    """
    if deepen:
        deepen_history(repo, docs_root=docs_root)
    layout = _layout(repo, docs_root)
    skipped: dict[str, str] = {}
    if lang:
        langs = [lang] if isinstance(lang, str) else list(lang)
    else:  # every folder: one that is no language is reported as such, the others go on (issue 33)
        langs = layout.languages()
        skipped = {lg: f"{lg}/ is not reported: {lg!r} is not a language code (a language folder is named like ko, "
                       "zh-hans or pt_BR)" for lg in layout.non_language_folders()}
    layout.require_langs(*dict.fromkeys([*langs, *require]))
    cfg = _config(layout, config)
    found, note = pulls_for(layout, cfg, upstream) if pulls else (None, Said.of("pr_not_requested"))
    report = compute_status(layout, langs, pulls=found, pr_note=note)
    report.skipped_langs = skipped
    from ..repo.team import fill_team

    fill_team(layout, report, found)
    return StatusResult(report, found is not None)


@dataclass(slots=True)
class NextDocsResult:
    lang: str
    docs: list[DocStatus]
    pr_note: str

    def to_json(self) -> list[dict[str, object]]:
        return [{**d.to_json(), "rank": i} for i, d in enumerate(self.docs, 1)]


def next_docs(repo: Path | str = ".", lang: str = "ko", n: int = RANK_LIMIT, *, update: bool = False,
              docs_root: str = DEFAULT_DOCS_ROOT, upstream: str | None = None, pulls: bool = True,
              config: Config | None = None) -> NextDocsResult:
    """The ``n`` most useful docs of ``lang`` to translate, as ``translate --next`` picks them: missing ones
    (outdated too with ``update``) that no open PR claims, then those only a toctree placeholder announces."""
    result = status(repo, [lang], docs_root=docs_root, upstream=upstream, pulls=pulls, config=config)
    docs = next_candidates(result.report, lang, update=update)[:n]
    return NextDocsResult(lang, docs, result.pr_note)


# ------------------------------------------------------------------------------------- clone


def clone(url: str, into: Path | str, *, docs_root: str = DEFAULT_DOCS_ROOT, allow_local: bool = False,
          allow_private: bool | None = None, timeout: float | None = None,
          cancel: threading.Event | None = None) -> CloneResult:
    """Clone ``url`` (``owner/name`` or an ``https://`` URL) into the folder ``<into>/<owner>__<name>``
    with the history ``status`` needs: every commit and tree of the default branch and every past version
    of the docs, no other file history (see :mod:`hfi18n.repo.clone`). An existing clone is
    fast-forwarded, never reset. ``allow_local``: accept ``file://`` URLs (never from users);
    ``allow_private``: clone from loopback or private addresses (default: ``HFI18N_ALLOW_PRIVATE_HOSTS``);
    ``timeout``: seconds before the clone is killed (default: ``HFI18N_CLONE_TIMEOUT``, else 300);
    ``cancel``: set it to kill the clone."""
    from ..repo.clone import clone_docs_repo

    return clone_docs_repo(url, Path(into), docs_root=docs_root, allow_local=allow_local,
                           allow_private=allow_private, timeout=timeout, cancel=cancel)


def personal_checkout(source: Path | str, dest: Path | str, *, update: bool = False) -> tuple[bool, str]:
    """A person's own checkout of the shared checkout ``source`` at ``dest`` (made when missing; fast-forwarded
    when ``update`` and nothing of theirs is in the way): see :func:`hfi18n.repo.clone.personal_checkout`.
    Returns (created, what was done)."""
    from ..repo.clone import personal_checkout as make

    return make(Path(source).resolve(), Path(dest), update=update)
