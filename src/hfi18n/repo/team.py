"""Who is on each doc and who translated it last, for the team's status page.

Language teams kept a hand-made spreadsheet of "who has which doc" next to hfi18n's report because the
report said *what* was outdated but not *who* to ask. Three facts answer that, filled into each
:class:`~hfi18n.repo.status.DocStatus` by :func:`fill_team`:

``claimed_by`` / ``claimed_since``
    the author of the open PR that announces the doc and the day it was opened; else the author of the
    commit that added the toctree placeholder (``(번역중) ...``) and its day, from ``git blame`` of the
    language's ``_toctree.yml`` (one blame per language).
``translated_by`` / ``translated_at``
    the author and day of the newest commit that changed the translation *alone* (no other language in
    the same commit). A sweep across every language (license year, an API rename) is not a translation:
    on diffusers the 2024 license-year sweep alone would otherwise name one maintainer as the last
    translator of most Korean pages. A file only sweeps touched keeps the author of its creation.
    One ``git log`` of the docs root per report, not one per file.

Names are git author names and GitHub logins as written by their owners: the HTML and Markdown renderers
escape them (a PR author is a stranger).
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

from ..errors import RepoError
from .cache import CACHE_FILE, Cache
from .doclog import repo_info, run_git
from .i18ntag import same_lang
from .layout import DocsLayout
from .status import StatusReport, _placeholder_by_title
from .status_pulls import PullInfo
from .toctree import PLACEHOLDER_LOCAL, TocEntry, local_of, toctree_entries, toctree_path


def _day(epoch: int) -> str:
    return _dt.datetime.fromtimestamp(epoch, _dt.timezone.utc).date().isoformat()


def last_translations(layout: DocsLayout, langs: list[str]) -> dict[tuple[str, str], tuple[str, str]]:
    """``(lang, rel)`` -> ``(author, YYYY-MM-DD)`` of the newest commit that changed that file and no
    other language's docs (else of the oldest commit that touched it: its creation). Kept in the persistent
    cache by HEAD (:mod:`.cache`): it reads the whole log of the docs root (a second on 20,000 commits)."""
    try:
        root = layout.docs_root.relative_to(layout.repo).as_posix()
    except ValueError:
        return {}
    try:
        info = repo_info(layout)
    except RepoError:
        return {}  # no commit yet: nobody translated anything
    key = f"{root}\0{info.head}\0{','.join(sorted(langs))}"
    with Cache(None if info.shallow else info.git_dir / CACHE_FILE) as cache:
        kept = cache.get("team", key, lambda d: {tuple(k.split("\0", 1)): tuple(v) for k, v in d.items()})
        if kept is not None:
            return kept  # type: ignore[return-value]
        found = _last_translations(layout, root, langs)
        cache.put("team", key, {f"{lang}\0{rel}": who for (lang, rel), who in found.items()}, head=info.head)
    return found


def _last_translations(layout: DocsLayout, root: str, langs: list[str]) -> dict[tuple[str, str], tuple[str, str]]:
    try:
        raw = _team_log(layout, root, langs)
    except RepoError:
        return {}  # no commit yet: nobody translated anything
    prefix = root.rstrip("/") + "/"
    wanted = set(langs)
    alone: dict[tuple[str, str], tuple[str, str]] = {}
    oldest: dict[tuple[str, str], tuple[str, str]] = {}
    for chunk in raw.decode("utf-8", "replace").split("\x01")[1:]:
        head, _, names = chunk.partition("\n")
        author, _, at = head.partition("\x02")
        files = [n[len(prefix):] for n in names.splitlines() if n.startswith(prefix)]
        touched = {f.split("/", 1)[0] for f in files if "/" in f}
        who = (author.strip(), _day(int(at or 0)))
        for f in files:
            lang, _, rel = f.partition("/")
            if lang not in wanted or not rel:
                continue
            oldest[(lang, rel)] = who  # log is newest first: the last write wins = the oldest commit
            if touched == {lang}:
                alone.setdefault((lang, rel), who)
    return {**oldest, **alone}


_TEAM_LOG = ("--no-merges", "--format=%x01%an%x02%at", "--name-only", "--no-renames")


def _team_log(layout: DocsLayout, root: str, langs: list[str]) -> bytes:
    """The log :func:`_last_translations` reads: every commit that changed the docs root, newest first, with
    its author, day and changed paths; on a history without merges, for some of the languages only (below).

    Why: status of one language read the log of every commit of every language (a cold ``status --lang ko``
    of the 20,000-commit repo: 0.58 cpu s of git and 2 MB for Python to read). Only a commit that changed a
    file of a language asked about adds anything to the answer (the others' files are skipped), and each is
    read whole (whatever else it changed makes it no translation alone). Without a merge the history is one
    chain, and the commits that changed the docs root and a file of those languages are the ones that changed
    a file of those languages, in the same order: listed first (a walk of their folders alone), then read
    with the very options of the whole log (``--no-walk``), they are the whole log without commits that add
    nothing (0.39 cpu s of git, 0.39 MB; the same answer). With merges, which commits a path-limited walk
    lists depends on the paths (git's history simplification): the whole log is read."""
    wanted = set(langs)
    if any(lang not in wanted for lang in layout.languages()) and not run_git(
            layout.repo, "rev-list", "--min-parents=2", "--max-count=1", "HEAD").strip():
        shas = run_git(layout.repo, "log", "--no-merges", "--format=%H", "--",
                       *(f"{root}/{lang}" for lang in sorted(wanted)))
        if not shas.strip():
            return b""
        return run_git(layout.repo, "log", "--no-walk=unsorted", "--stdin", *_TEAM_LOG, "--", root, input=shas)
    return run_git(layout.repo, "log", *_TEAM_LOG, "--", root)


def placeholder_claims(layout: DocsLayout, lang: str, en_titles: dict[str, list[str]],
                       by_local: dict[str, str]) -> dict[str, tuple[str, str]]:
    """English rel -> ``(author, day)`` of the commit that wrote its toctree placeholder line."""
    path = toctree_path(layout, lang)
    if not path.is_file():
        return {}
    entries = [e for e in toctree_entries(path) if e.in_translation and e.line]
    if not entries:
        return {}
    blame = _blame(layout.repo, path)
    out: dict[str, tuple[str, str]] = {}
    for e in entries:
        hint = e.placeholder_for if e.placeholder_for not in (None, PLACEHOLDER_LOCAL) else \
            _placeholder_by_title(e.title, en_titles)
        rel = by_local.get(local_of(hint)) if hint else None
        who = _entry_blame(blame, e)
        if rel is not None and who is not None:
            out.setdefault(rel, who)
    return out


def _entry_blame(blame: dict[int, tuple[str, str]], e: TocEntry) -> tuple[str, str] | None:
    """The newest of the entry's first two lines (``- local:`` and ``title:``): a placeholder is often
    made by editing the title of an existing entry."""
    found = [blame[n] for n in (e.line, e.line + 1) if n in blame]
    return max(found, key=lambda w: w[1]) if found else None


def _blame(repo: Path, path: Path) -> dict[int, tuple[str, str]]:
    """1-based line -> ``(author, day)``; lines not committed yet are left out."""
    try:
        raw = run_git(repo, "blame", "--line-porcelain", "--", str(path.relative_to(repo)))
    except (RepoError, ValueError):
        return {}
    out: dict[int, tuple[str, str]] = {}
    line, author, at = 0, "", 0
    for row in raw.decode("utf-8", "replace").splitlines():
        if row.startswith("\t"):
            if author != "Not Committed Yet":
                out[line] = (author, _day(at))
            continue
        parts = row.split(" ")
        if len(parts[0]) == 40 and len(parts) >= 3 and parts[2].isdigit():
            line = int(parts[2])
        elif row.startswith("author "):
            author = row[7:]
        elif row.startswith("author-time "):
            at = int(row[12:])
    return out


def fill_team(layout: DocsLayout, report: StatusReport, pulls: list[PullInfo] | None = None,
              last: dict[tuple[str, str], tuple[str, str]] | None = None) -> None:
    """Fill ``claimed_by``/``claimed_since``/``translated_by``/``translated_at`` of every doc of ``report``
    (``last``: :func:`last_translations`, when already read)."""
    last = last if last is not None else last_translations(layout, report.languages)
    by_url = {p.url: p for p in pulls or ()}
    en_titles: dict[str, list[str]] = {}
    en_toc = toctree_path(layout, "en")
    if en_toc.is_file():
        for e in toctree_entries(en_toc):
            if not e.in_translation:
                en_titles.setdefault(e.title.strip(), []).append(e.local)
    for lang in report.languages:
        docs = report.for_lang(lang)
        by_local = {local_of(d.path): d.path for d in docs}
        claims = placeholder_claims(layout, lang, en_titles, by_local) if any(
            "toctree placeholder" in d.in_progress for d in docs) else {}
        for d in docs:
            if d.translated_path:
                who = last.get((lang, d.translated_path))
                if who is not None:
                    d.translated_by, d.translated_at = who
            pr = next((by_url[u] for u in d.in_progress if u in by_url and same_lang(by_url[u].lang, lang)), None)
            if pr is not None:
                d.claimed_by, d.claimed_since = pr.user, (pr.created_at[:10] or None)
            elif "toctree placeholder" in d.in_progress and d.path in claims:
                d.claimed_by, d.claimed_since = claims[d.path]
