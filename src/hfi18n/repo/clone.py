"""Clone a documentation repository with just the history ``status`` needs (the web app's Space mode).

``status`` finds the English version each translation was made from by walking the history of the docs,
so a shallow clone (``--depth 1``) is not enough. A full clone of transformers is more than a gigabyte,
though, most of it old code. :func:`clone_docs_repo` takes the middle road:

1. ``git clone --filter=blob:none --single-branch --no-tags``: every commit and tree of the default
   branch, and the file contents of the checked-out tip only (a "blobless" partial clone);
2. one batched fetch of every past version of the files under the docs root (``docs/source``), listed
   with ``git rev-list --objects --missing=print HEAD -- docs/source``: without it, git would fetch the
   old versions ``status`` reads one request at a time (minutes instead of seconds).

A clone that exists already is brought up to date (fetch, fast-forward only: a translator's local
commits and files are never discarded) and its missing doc versions are fetched.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError, RepoError
from .doclog import run_git
from .ghref import github_repo
from .layout import DEFAULT_DOCS_ROOT

_URL_RE = re.compile(r"^https://[A-Za-z0-9.-]+(?::\d+)?/[A-Za-z0-9._~/-]+$")


@dataclass(slots=True, frozen=True)
class CloneResult:
    path: Path
    url: str
    created: bool
    """False: the clone existed and was updated."""
    fetched_versions: int
    """Past versions of doc files fetched in the batch (0 when none was missing)."""
    note: str

    def to_json(self) -> dict[str, object]:
        return {"path": str(self.path), "url": self.url, "created": self.created,
                "fetched_versions": self.fetched_versions, "note": self.note}


def normalize_url(url: str, *, allow_local: bool = False) -> tuple[str, str]:
    """``(clone URL, folder name)`` for ``owner/name``, a GitHub URL or another ``https://`` URL.

    The folder is named after the host, the owner and the name (``github.com__huggingface__smolagents``):
    named ``owner__name`` only, a clone of ``https://evil.example/huggingface/smolagents`` took the folder
    a later visitor's ``huggingface/smolagents`` reused, with the attacker's origin (issue 16).
    :func:`clone_docs_repo` also checks the origin of a folder before reusing it.

    ``allow_local``: also accept ``file:///`` URLs (tests, a server's own mirrors); never from users.
    """
    url = url.strip()
    gh = github_repo(url)
    if gh is not None:
        owner, name = gh
        return f"https://github.com/{owner}/{name}.git", f"github.com__{owner}__{name}"
    dotted = any(part in (".", "..") for part in url.split("/"))
    if not dotted and (_URL_RE.match(url) or (allow_local and url.startswith("file:///"))):
        host = "local" if url.startswith("file:") else url.split("/")[2]
        parts = [p for p in url.rstrip("/").split("/")[3:] if p]
        name = re.sub(r"\.git$", "", parts[-1]) if parts else "repo"
        owner = parts[-2] if len(parts) >= 2 else "repo"
        return url, re.sub(r"[^A-Za-z0-9._-]", "_", f"{host}__{owner}__{name or 'repo'}")
    raise InputError(f"not a repository URL: {url!r}",
                     hint="give owner/name (huggingface/transformers) or an https:// clone URL")


def origin_url(repo: Path) -> str | None:
    """The URL a checkout's ``origin`` remote fetches from (None when it has none)."""
    try:
        return run_git(repo, "config", "--get", "remote.origin.url").decode().strip() or None
    except RepoError:
        return None


def _missing_doc_versions(dest: Path, docs_root: str) -> list[str]:
    out = run_git(dest, "rev-list", "--objects", "--missing=print", "HEAD", "--", docs_root).decode()
    return [line[1:] for line in out.splitlines() if line.startswith("?")]


def clone_docs_repo(url: str, into: Path, *, docs_root: str = DEFAULT_DOCS_ROOT,
                    allow_local: bool = False) -> CloneResult:
    """Clone (or update) ``url`` into ``<into>/<owner>__<name>`` with the commits, trees and doc versions
    ``status`` needs."""
    clone_url, folder = normalize_url(url, allow_local=allow_local)
    dest = into / folder
    created = not (dest / ".git").is_dir()
    if created:
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(dest.name + ".partial")
        shutil.rmtree(tmp, ignore_errors=True)
        try:
            run_git(dest.parent, "clone", "-q", "--filter=blob:none", "--single-branch", "--no-tags", "--",
                    clone_url, str(tmp))
        except RepoError as exc:
            shutil.rmtree(tmp, ignore_errors=True)
            raise RepoError(f"could not clone {clone_url}: {exc.message.removeprefix('git clone failed: ')}",
                            hint="check the URL, and that the repository is public") from None
        tmp.rename(dest)
        note = "cloned"
    else:
        origin = origin_url(dest)
        if origin != clone_url:
            raise RepoError(f"the clone folder {folder} holds {origin or 'a repository without origin'}, "
                            f"not {clone_url}: refusing to reuse it",
                            hint="ask the server's owner to remove the folder, or clone another URL")
        run_git(dest, "fetch", "-q", "--no-tags", "origin")
        try:
            run_git(dest, "merge", "-q", "--ff-only", "FETCH_HEAD")
            note = "updated"
        except RepoError:
            note = "kept as is: local commits or changes prevent a fast-forward to the remote"
    missing = _missing_doc_versions(dest, docs_root)
    if missing:
        run_git(dest, "-c", "fetch.negotiationAlgorithm=noop", "fetch", "-q", "origin", "--no-tags",
                "--no-write-fetch-head", "--recurse-submodules=no", "--filter=blob:none", "--stdin",
                input=("\n".join(missing) + "\n").encode())
    return CloneResult(dest, clone_url, created, len(missing), note)


SHARED_REMOTE = "hfi18n-shared"
"""The remote of a personal checkout that names the shared checkout it was made from (its objects are
borrowed from there, and an update fetches from there)."""


def _config_get(repo: Path, key: str) -> str | None:
    try:
        return run_git(repo, "config", "--local", "--get", key).decode().strip() or None
    except RepoError:
        return None


def personal_checkout(source: Path, dest: Path, *, update: bool = False) -> tuple[bool, str]:
    """A visitor's own checkout of ``source`` at ``dest`` (made when missing); returns (created, note).

    On a shared web app every visitor used one clone per repository: what visitor A wrote (a translation, a
    toctree entry, a PR-preview branch) was shown to, publishable by and overwritable by visitor B (issue
    16). So each visitor works in a clone of their own, cheap: ``git clone --shared`` borrows the shared
    clone's objects (alternates; the shared clone is only ever fast-forwarded, so the history borrowed is
    never pruned), and the visitor's own commits and files are theirs alone. Its ``origin`` is the real
    repository (so status, PR detection and publish see what they see in the shared clone, and a partial
    clone's missing blobs are fetched from there); the shared clone is the remote :data:`SHARED_REMOTE`.

    ``update``: fast-forward to the shared clone's current commit, only if that loses nothing: git refuses a
    fast-forward over a changed or untracked file it would overwrite, and the checkout is then kept as is. A
    folder that does not come from ``source`` is refused, not reused.
    """
    origin = origin_url(source)
    if (dest / ".git").is_dir():
        came_from = _config_get(dest, f"remote.{SHARED_REMOTE}.url")
        if came_from != str(source) or origin_url(dest) != origin:
            raise RepoError(f"your checkout folder {dest.name} does not come from {source.name}: refusing to reuse it",
                            hint="ask the server's owner to remove the folder")
        if not update:
            return False, "yours"
        run_git(dest, "fetch", "-q", "--no-tags", SHARED_REMOTE, "HEAD")
        try:
            run_git(dest, "merge", "-q", "--ff-only", "FETCH_HEAD")
            note = "your checkout updated"
        except RepoError:
            note = "your checkout kept as is: your changes or commits prevent a fast-forward"
        _mirror_origin_refs(dest)
        return False, note
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".partial")
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        run_git(dest.parent, "clone", "-q", "--shared", "--no-tags", "--origin", SHARED_REMOTE, "--",
                str(source), str(tmp))
        if origin:
            run_git(tmp, "remote", "add", "origin", origin)
            for key in ("promisor", "partialclonefilter"):
                value = _config_get(source, f"remote.origin.{key}")
                if value:
                    run_git(tmp, "config", f"remote.origin.{key}", value)
        for key in ("user.name", "user.email"):
            value = _config_get(source, key)
            if value:
                run_git(tmp, "config", key, value)
        _mirror_origin_refs(tmp)
    except RepoError:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    tmp.rename(dest)
    return True, "your own checkout made"


def _mirror_origin_refs(dest: Path) -> None:
    """The shared clone's view of the real repository (``refs/remotes/origin/*``, what a dry-run publish
    starts from) copied into the personal checkout, and its default branch as ``origin/HEAD``."""
    if origin_url(dest) is None:
        return
    run_git(dest, "fetch", "-q", "--no-tags", SHARED_REMOTE, "+refs/remotes/origin/*:refs/remotes/origin/*")
    try:
        head = run_git(dest, "symbolic-ref", "-q", f"refs/remotes/{SHARED_REMOTE}/HEAD").decode().strip()
    except RepoError:
        return
    branch = head.removeprefix(f"refs/remotes/{SHARED_REMOTE}/")
    if branch:
        try:
            run_git(dest, "rev-parse", "-q", "--verify", f"refs/remotes/origin/{branch}")
        except RepoError:
            run_git(dest, "update-ref", f"refs/remotes/origin/{branch}", f"refs/remotes/{SHARED_REMOTE}/{branch}")
        run_git(dest, "symbolic-ref", "refs/remotes/origin/HEAD", f"refs/remotes/origin/{branch}")
