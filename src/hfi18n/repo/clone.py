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

    ``allow_local``: also accept ``file:///`` URLs (tests, a server's own mirrors); never from users.
    """
    url = url.strip()
    gh = github_repo(url)
    if gh is not None:
        owner, name = gh
        return f"https://github.com/{owner}/{name}.git", f"{owner}__{name}"
    dotted = any(part in (".", "..") for part in url.split("/"))
    if not dotted and (_URL_RE.match(url) or (allow_local and url.startswith("file:///"))):
        parts = [p for p in url.rstrip("/").split("/") if p]
        name = re.sub(r"\.git$", "", parts[-1]) or "repo"
        owner = parts[-2] if len(parts) >= 2 and not parts[-2].endswith(":") else "repo"
        return url, re.sub(r"[^A-Za-z0-9._-]", "_", f"{owner}__{name}")
    raise InputError(f"not a repository URL: {url!r}",
                     hint="give owner/name (huggingface/transformers) or an https:// clone URL")


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
