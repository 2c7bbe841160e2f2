"""Is the clone's history whole? Shallow and partial clones, and fetching what is missing.

Status works out which English version each translation was made from by reading the docs' history
(:mod:`hfi18n.repo.history`). A **shallow** clone (``git clone --depth N``) cuts that history: every doc
seems to be created by the oldest commit there is, so translations look up to date when they are not.
On a shallow clone :func:`history_gap` says so; status then reports every translation as ``unknown``
(never "up to date") and ``translate --update`` refuses to guess a base, until the history is fetched
with :func:`deepen_history` (``git fetch --unshallow``): with the user's consent in the CLI
(``--deepen``), automatically when a library caller asks (the web Space).

A **partial** clone (``git clone --filter=blob:none``) has the whole history but fetches file contents
on demand from its promisor remote: git does that by itself, so answers are right (or git fails with an
error when the remote cannot be reached). :func:`clone_note` says so, since the first status may be slow.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import RepoError
from .doclog import _HISTORY_CACHE, repo_info, run_git
from .layout import DocsLayout

DEEPEN_HINT = ("rerun with --deepen to fetch the full history (git fetch --unshallow), or clone without "
               "--depth")


def _git_out(repo: Path, *args: str) -> str | None:
    """stdout of a git command that may legitimately fail (``git config --get`` of an unset key), else None."""
    try:
        return run_git(repo, *args).decode("utf-8", "replace")
    except RepoError:
        return None


def _is_shallow(repo: Path) -> bool:
    return (_git_out(repo, "rev-parse", "--is-shallow-repository") or "").strip() == "true"


def _partial_filter(repo: Path) -> str | None:
    """The partial-clone filter (``blob:none``...) or ``promisor remote``, None for a full clone."""
    config = _git_out(repo, "config", "--get-regexp", r"^(remote\..*\.(partialclonefilter|promisor)|"
                                                       r"extensions\.partialclone)$") or ""
    partial: str | None = None
    for line in config.splitlines():
        key, _, value = line.partition(" ")
        if key.endswith(".partialclonefilter"):
            partial = value.strip() or "filter"
        elif partial is None and (key.endswith(".promisor") and value.strip() == "true"
                                  or key == "extensions.partialclone"):
            partial = "promisor remote"
    return partial


def _remote(repo: Path) -> str | None:
    """The remote to fetch missing history from: the current branch's, else ``origin``, else the first."""
    branch = (_git_out(repo, "symbolic-ref", "-q", "--short", "HEAD") or "").strip()
    if branch:
        tracked = (_git_out(repo, "config", "--get", f"branch.{branch}.remote") or "").strip()
        if tracked and tracked != ".":
            return tracked
    remotes = (_git_out(repo, "remote") or "").split()
    return "origin" if "origin" in remotes else (remotes[0] if remotes else None)


def history_gap(layout: DocsLayout) -> str | None:
    """Why the history of this clone cannot be trusted to date translations (a shallow clone), else None."""
    if not _is_shallow(layout.repo):
        return None
    return ("this clone is shallow (git clone --depth): its history is cut, so which English version each "
            "translation was made from is unknown")


def clone_note(layout: DocsLayout) -> str | None:
    """A note for the user about a partial clone (complete history, contents fetched on demand), else None.

    For a clone :func:`history_gap` found whole (a shallow clone's note is the gap)."""
    partial = _partial_filter(layout.repo)
    if partial is None:
        return None
    return (f"this is a partial clone ({partial}): git fetches the docs' past versions from "
            f"{_remote(layout.repo) or 'its remote'} on demand, so the first status can take a while")


def deepen_history(layout: DocsLayout) -> str:
    """Fetch the full history of a shallow clone (``git fetch --unshallow``); returns what was done.

    Raises :class:`RepoError` when there is no remote to fetch from. Forgets the histories and bases
    read from the cut history, so the next status reads the whole one.
    """
    if not _is_shallow(layout.repo):
        return "the clone already has its full history"
    remote = _remote(layout.repo)
    if remote is None:
        raise RepoError("this clone is shallow and has no remote to fetch the rest of its history from",
                        hint="add the remote (git remote add origin URL) and rerun with --deepen, or clone "
                             "the repository again without --depth")
    info = repo_info(layout)
    run_git(info.top, "fetch", "--quiet", "--unshallow", remote)
    for key in [k for k in _HISTORY_CACHE if k[0] == str(layout.docs_root)]:
        del _HISTORY_CACHE[key]
    return f"fetched the full history from {remote}"
