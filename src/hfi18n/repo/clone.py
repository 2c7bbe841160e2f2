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

A visitor of a shared app chooses the URL, so every network step is bounded (issue 25, item 3):

* **time**: a host that completed TLS and then trickled its answer kept ``git clone`` running for more than
  300 s (git has no timeout of its own). Git gives up below :data:`LOW_SPEED_BYTES` per second for
  :data:`LOW_SPEED_SECONDS` (``http.lowSpeedLimit``/``lowSpeedTime``), and the whole clone is killed (its
  process group: ``git-remote-https`` included) at a wall-clock deadline, ``HFI18N_CLONE_TIMEOUT`` seconds
  (default :data:`DEFAULT_CLONE_TIMEOUT`), or as soon as the caller's ``cancel`` event is set (the visitor
  left);
* **where**: the host is resolved first and refused when any of its addresses is loopback, private,
  link-local, reserved or multicast (the Space cloned ``https://127.0.0.1:<port>/...`` and internal hosts,
  and its errors told a closed port from an open one), unless the owner allows it
  (``HFI18N_ALLOW_PRIVATE_HOSTS=1``). Git is then pinned to the address checked (``http.curloptResolve``),
  so a second DNS answer cannot point it elsewhere (DNS rebinding), and follows no redirect
  (``http.followRedirects=false``: a redirect would reach a host never checked);
* **what it says**: every failure is "could not clone <url>", never git's network detail (refused, timed
  out, certificate, port), which the server's log keeps.
"""

from __future__ import annotations

import contextlib
import enum
import ipaddress
import logging
import os
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from ..errors import InputError, RefusedError, RepoError
from .doclog import run_git
from .ghref import github_repo
from .layout import DEFAULT_DOCS_ROOT

_URL_RE = re.compile(r"^https://[A-Za-z0-9.-]+(?::\d+)?/[A-Za-z0-9._~/-]+$")

CLONE_TIMEOUT_ENV = "HFI18N_CLONE_TIMEOUT"
DEFAULT_CLONE_TIMEOUT = 300.0
"""Seconds a whole clone (or update) may take before it is killed: a blobless clone of transformers with
every past doc version takes about a minute on a Space; a tarpit host would hold git forever."""
ALLOW_PRIVATE_ENV = "HFI18N_ALLOW_PRIVATE_HOSTS"
"""Set to 1 by a server's owner to clone from loopback or private addresses (their own mirror; tests)."""
LOW_SPEED_BYTES = 1000
LOW_SPEED_SECONDS = 30
"""Git gives up when a transfer stays below 1 KB/s for 30 s (a host trickling its answer)."""
_PIN_KEYS = ("http.curloptResolve", "http.followRedirects", "http.lowSpeedLimit", "http.lowSpeedTime")
"""The network settings a clone keeps in its own config, so later fetches (a partial clone's missing
files, a visitor's checkout) go to the address checked, at a bounded speed, without redirects."""

log = logging.getLogger(__name__)


def clone_timeout() -> float:
    """The clone deadline in seconds: ``HFI18N_CLONE_TIMEOUT`` (the owner's), else the default."""
    raw = os.environ.get(CLONE_TIMEOUT_ENV, "").strip()
    try:
        value = float(raw) if raw else DEFAULT_CLONE_TIMEOUT
    except ValueError:
        value = DEFAULT_CLONE_TIMEOUT
    return value if value > 0 else DEFAULT_CLONE_TIMEOUT


def private_hosts_allowed() -> bool:
    """Whether the owner allows cloning from loopback and private addresses (``HFI18N_ALLOW_PRIVATE_HOSTS``)."""
    return os.environ.get(ALLOW_PRIVATE_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # ::ffff:127.0.0.1 is loopback
    return ip.is_global and not (ip.is_loopback or ip.is_private or ip.is_link_local or ip.is_reserved
                                 or ip.is_multicast or ip.is_unspecified)


class CloneFailedError(RepoError):
    """git could not fetch ``url``: a name that does not resolve, a closed port, a refused TLS handshake, a
    tarpit stopped at ``timeout`` seconds. One error whatever the network said (the visitor learns nothing
    of the network behind the URL), and its own type so an interface can say it in its visitor's language
    (the web app in Korean, issue 26) without reading the message back."""

    def __init__(self, url: str, timeout: float | None = None) -> None:
        hint = "check the URL, and that the repository is public"
        super().__init__(f"could not clone {url}",
                         hint=hint + (f" (a clone gives up after {timeout:g} s)" if timeout is not None else ""))
        self.url, self.timeout = url, timeout


def checked_address(url: str, *, allow_private: bool) -> tuple[str, int, str] | None:
    """``(host, port, address)`` git must connect to for the ``https://`` URL ``url``, after refusing a host
    any of whose addresses is not public (unless ``allow_private``); None for a URL without a host
    (``file://``). Resolution happens here, before any connection: nothing is sent to a refused host."""
    parts = urlsplit(url)
    if parts.scheme != "https" or not parts.hostname:
        return None
    host, port = parts.hostname, parts.port or 443
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        log.info("clone of %s: %s does not resolve", url, host)
        raise CloneFailedError(url) from None
    addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
    if not allow_private and not all(_public(a) for a in addresses):
        raise RefusedError(f"could not clone {url}: this server clones from public hosts only, not from "
                           "loopback, private, link-local or reserved addresses",
                           hint=f"the server's owner can allow them ({ALLOW_PRIVATE_ENV}=1)")
    return host, port, addresses[0]


@dataclass(slots=True)
class _Net:
    """How git reaches the network for one clone: the ``-c`` settings and when to give up."""

    url: str
    options: tuple[str, ...]
    deadline: float
    timeout: float
    cancel: threading.Event | None

    @classmethod
    def of(cls, url: str, *, allow_private: bool, timeout: float | None,
           cancel: threading.Event | None) -> _Net:
        timeout = timeout if timeout is not None and timeout > 0 else clone_timeout()
        settings = {"http.followRedirects": "false", "http.lowSpeedLimit": str(LOW_SPEED_BYTES),
                    "http.lowSpeedTime": str(min(LOW_SPEED_SECONDS, max(1, int(timeout))))}
        pin = checked_address(url, allow_private=allow_private)
        if pin is not None:
            host, port, address = pin
            try:
                ipaddress.ip_address(host)
            except ValueError:  # a name: pinned to the address checked
                shown = f"[{address}]" if ":" in address else address
                settings["http.curloptResolve"] = f"{host}:{port}:{shown}"
        options = tuple(x for key, value in settings.items() for x in ("-c", f"{key}={value}"))
        return cls(url, options, time.monotonic() + timeout, timeout, cancel)

    def settings(self) -> list[tuple[str, str]]:
        return [tuple(self.options[i + 1].split("=", 1)) for i in range(0, len(self.options), 2)]  # type: ignore[misc]

    def run(self, cwd: Path, *args: str, input: bytes | None = None) -> bytes:
        """``git <args>`` in ``cwd`` with these settings; killed (with its children) at the deadline or on
        cancel. Any failure is "could not clone": git's words (host, port, TLS) go to the server's log."""
        try:
            proc = subprocess.Popen(["git", "-C", str(cwd), *self.options, *args],
                                    stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                                    env={**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"})
        except FileNotFoundError:
            raise RepoError("git is not installed", hint="install git; status reads the doc history") from None
        why = ""
        while True:
            left = self.deadline - time.monotonic()
            if left <= 0:
                why = f"gave up after {self.timeout:g} s"
            elif self.cancel is not None and self.cancel.is_set():
                why = "cancelled"
            if why:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.communicate()
                break
            try:
                out, err = proc.communicate(input, timeout=min(left, 0.25))
                break
            except subprocess.TimeoutExpired:
                input = None  # handed over already: communicate() keeps feeding it
                continue
        if why == "cancelled":
            raise RepoError(f"clone of {self.url} stopped", hint="clone it again to resume")
        if why or proc.returncode != 0:
            detail = why or err.decode("utf-8", "replace").strip()[-500:]
            log.info("clone of %s: git %s failed: %s", self.url, args[0], detail)
            # one message for a closed port, a refused TLS handshake and a tarpit: the visitor learns nothing
            # of the network behind the URL
            raise CloneFailedError(self.url, self.timeout)
        return out

    def keep(self, repo: Path) -> None:
        """Write the settings into the clone's own config, so its later fetches keep them."""
        for key, value in self.settings():
            run_git(repo, "config", "--replace-all", key, value)


class CloneNote(enum.Enum):
    """What :func:`clone_docs_repo` did, as a closed set (``CloneResult.kind``): the web app says it in the
    visitor's language by this key; ``CloneResult.note`` keeps the English the CLI prints (issue 26: the web
    mapped the English sentences back by exact value)."""

    CLONED = "cloned"
    UPDATED = "updated"
    KEPT = "kept"
    """Local commits or changes prevent a fast-forward to the remote."""


class CheckoutNote(enum.Enum):
    """What :func:`personal_checkout` did (the ``kind`` of its :class:`Note`)."""

    YOURS = "yours"
    """Reused as it is, not updated (``update=False``)."""
    MADE = "made"
    UPDATED = "updated"
    KEPT = "kept"
    """The visitor's changes or commits prevent a fast-forward."""


class Note(str):
    """An English note (a ``str``, as the CLI and old callers read it) that also carries its ``kind``, for an
    interface that says it in another language."""

    kind: CheckoutNote | CloneNote | None

    def __new__(cls, text: str, kind: CheckoutNote | CloneNote | None = None) -> Note:
        note = super().__new__(cls, text)
        note.kind = kind
        return note


@dataclass(slots=True, frozen=True)
class CloneResult:
    path: Path
    url: str
    created: bool
    """False: the clone existed and was updated."""
    fetched_versions: int
    """Past versions of doc files fetched in the batch (0 when none was missing)."""
    note: str
    kind: CloneNote | None = None
    """``note`` as a key (None: a result made by hand with a note only)."""

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


def clone_docs_repo(url: str, into: Path, *, docs_root: str = DEFAULT_DOCS_ROOT, allow_local: bool = False,
                    allow_private: bool | None = None, timeout: float | None = None,
                    cancel: threading.Event | None = None) -> CloneResult:
    """Clone (or update) ``url`` into ``<into>/<owner>__<name>`` with the commits, trees and doc versions
    ``status`` needs.

    ``allow_private``: clone from loopback and private addresses (default: ``HFI18N_ALLOW_PRIVATE_HOSTS``);
    ``timeout``: seconds for the whole clone (default: ``HFI18N_CLONE_TIMEOUT``, else 300); ``cancel``: set
    it to kill the clone (the visitor left)."""
    clone_url, folder = normalize_url(url, allow_local=allow_local)
    if allow_private is None:
        allow_private = private_hosts_allowed()
    net = _Net.of(clone_url, allow_private=allow_private, timeout=timeout, cancel=cancel)
    dest = into / folder
    created = not (dest / ".git").is_dir()
    if created:
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(dest.name + ".partial")
        shutil.rmtree(tmp, ignore_errors=True)
        try:
            net.run(dest.parent, "clone", "-q", "--filter=blob:none", "--single-branch", "--no-tags", "--",
                    clone_url, str(tmp))
            net.keep(tmp)
        except RepoError:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        tmp.rename(dest)
        note, kind = "cloned", CloneNote.CLONED
    else:
        origin = origin_url(dest)
        if origin != clone_url:
            raise RepoError(f"the clone folder {folder} holds {origin or 'a repository without origin'}, "
                            f"not {clone_url}: refusing to reuse it",
                            hint="ask the server's owner to remove the folder, or clone another URL")
        net.keep(dest)
        net.run(dest, "fetch", "-q", "--no-tags", "origin")
        try:
            run_git(dest, "merge", "-q", "--ff-only", "FETCH_HEAD")
            note, kind = "updated", CloneNote.UPDATED
        except RepoError:
            note = "kept as is: local commits or changes prevent a fast-forward to the remote"
            kind = CloneNote.KEPT
    missing = _missing_doc_versions(dest, docs_root)
    if missing:
        net.run(dest, "-c", "fetch.negotiationAlgorithm=noop", "fetch", "-q", "origin", "--no-tags",
                "--no-write-fetch-head", "--recurse-submodules=no", "--filter=blob:none", "--stdin",
                input=("\n".join(missing) + "\n").encode())
    return CloneResult(dest, clone_url, created, len(missing), note, kind)


SHARED_REMOTE = "hfi18n-shared"
"""The remote of a personal checkout that names the shared checkout it was made from (its objects are
borrowed from there, and an update fetches from there)."""


def _config_get(repo: Path, key: str) -> str | None:
    try:
        return run_git(repo, "config", "--local", "--get", key).decode().strip() or None
    except RepoError:
        return None


def personal_checkout(source: Path, dest: Path, *, update: bool = False) -> tuple[bool, str]:
    """A visitor's own checkout of ``source`` at ``dest`` (made when missing); returns (created, note), the
    note a :class:`Note` whose ``kind`` is a :class:`CheckoutNote`.

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
            return False, Note("yours", CheckoutNote.YOURS)
        run_git(dest, "fetch", "-q", "--no-tags", SHARED_REMOTE, "HEAD")
        try:
            run_git(dest, "merge", "-q", "--ff-only", "FETCH_HEAD")
            note = Note("your checkout updated", CheckoutNote.UPDATED)
        except RepoError:
            note = Note("your checkout kept as is: your changes or commits prevent a fast-forward", CheckoutNote.KEPT)
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
            for key in _PIN_KEYS:  # its missing files are fetched from the address the shared clone checked
                value = _config_get(source, key)
                if value:
                    run_git(tmp, "config", key, value)
        for key in ("user.name", "user.email"):
            value = _config_get(source, key)
            if value:
                run_git(tmp, "config", key, value)
        _mirror_origin_refs(tmp)
    except RepoError:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    tmp.rename(dest)
    return True, Note("your own checkout made", CheckoutNote.MADE)


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
