"""The repositories a web app serves, by name: the one given to ``hfi18n serve --repo``, or the clones a
Space made in its storage folder; and whose credentials each call spends.

Browsers and API clients name a repository; they never give a path, so nothing outside these folders is
ever read or written. Secrets a user types are turned into a per-call config
(:func:`hfi18n.api.session_config`) and never kept here.

**Shared mode** (a Space, ``SPACE_ID`` set, or ``serve --shared``): every visitor is a stranger. Tried as
one, a Space gave its owner's ``OPENAI_API_KEY`` to a base URL the visitor typed, its ``GITHUB_TOKEN``
to a cloned repository's ``github.api_url``, and opened PRs with it for anonymous visitors (issue 16).
So in shared mode: visitors sign in with Hugging Face before anything that writes or costs; LLM calls
spend the visitor's credentials (a key they type, or their sign-in token with the ``hf`` provider); the
owner's keys (the environment) serve only the HF usernames the owner lists (``owner_users``) and never a
typed base URL; publish uses only a GitHub token the visitor typed; a clone's ``hfi18n.toml`` sets no URL,
host or secret (:meth:`hfi18n.config.Config.without`).

Each signed-in visitor of a shared app works in a checkout of their own (:meth:`Workspace.checkout`): with
one clone per repository for everyone, visitor A's written translation, toctree entry and PR-preview branch
were visible to visitor B, who could publish or overwrite them. Anonymous visitors only read the shared
clone.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import api
from ..config import Config, load_config
from ..errors import InputError, RefusedError
from ..i18n import Msg, has
from ..repo.clone import CloneFailedError, normalize_url, origin_url
from ..repo.doclog import run_git
from ..repo.ghref import github_repo
from .hints import say, web_error
from .limits import StorageQuota


@dataclass(slots=True, frozen=True)
class Visitor:
    """Who calls: their Hugging Face username and sign-in token (Gradio's OAuth), None when anonymous."""

    username: str | None = None
    hf_token: str | None = None

    @classmethod
    def of(cls, profile: object | None, token: object | None) -> Visitor:
        """From Gradio's injected ``gr.OAuthProfile`` / ``gr.OAuthToken`` (None: not signed in)."""
        username = getattr(profile, "username", None) if profile is not None else None
        hf_token = getattr(token, "token", None) if token is not None else None
        return cls(str(username) if username else None, str(hf_token) if hf_token else None)

    @property
    def key(self) -> str | None:
        """The visitor's folder name: the username made safe (lowercase letters, digits, ``-``) plus a hash
        of the exact username, so no two usernames share a folder (``Kim`` / ``kim``, ``a.b`` / ``a_b``) and
        none climbs out of it (``..``, ``/``)."""
        if not self.username:
            return None
        safe = re.sub(r"[^a-z0-9]+", "-", self.username.lower()).strip("-")[:32] or "user"
        return f"{safe}-{hashlib.sha256(self.username.encode()).hexdigest()[:12]}"


VISITORS = "visitors"
"""The folder of the visitors' checkouts (a clone folder is always ``host__owner__name``: never this)."""


VISITOR_PATH = re.compile(r"[^\s'\"`]*/" + VISITORS + r"/[a-z0-9-]+-[0-9a-f]{12}/")
"""A path into a visitor's checkout, up to the repository's folder name: messages show the rest only (the
repository's name as the page lists it, then the file)."""


class Workspace:
    def __init__(self, repos: Sequence[Path | str] = (), *, storage: Path | str | None = None,
                 config: Config | None = None, allow_local_urls: bool = False, shared: bool = False,
                 owner_users: Iterable[str] = (), allow_private_hosts: bool | None = None,
                 clone_timeout: float | None = None, docs_root: str = api.DEFAULT_DOCS_ROOT,
                 visitor_storage_mb: int | None = None, storage_mb: int | None = None) -> None:
        """``repos``: checkouts served as they are; ``storage``: the folder clones go to (a Space's
        persistent storage) and are found in; ``config``: settings used instead of each repo's own
        ``hfi18n.toml`` (tests, a server's defaults); ``allow_local_urls``: accept ``file://`` clone URLs
        (tests only: never let users read the server's files through a clone); ``shared``: the multi-user
        mode (see the module docstring); ``owner_users``: the HF usernames that may spend the owner's keys
        in shared mode; ``allow_private_hosts``: clone from loopback and private addresses (default:
        ``HFI18N_ALLOW_PRIVATE_HOSTS``; tests and an owner's own mirror); ``clone_timeout``: seconds a clone
        may take (default: ``HFI18N_CLONE_TIMEOUT``, else 300); ``docs_root``: where the repositories keep their
        docs (``serve --docs-root``: the HF course's ``chapters``); ``visitor_storage_mb``, ``storage_mb``: what one
        visitor's clones and checkouts, and the whole storage folder, may take (see
        :class:`.limits.StorageQuota`; defaults from ``HFI18N_VISITOR_STORAGE_MB`` and ``HFI18N_STORAGE_MB``)."""
        self._repos: dict[str, Path] = {}
        for repo in repos:
            path = Path(repo).resolve()
            name = path.name
            while name in self._repos:
                name += "_"
            self._repos[name] = path
        self.storage = Path(storage).resolve() if storage is not None else None
        self.base_config = config
        self.allow_local_urls = allow_local_urls
        self.shared = shared
        self.owner_users = frozenset(u.strip().lower() for u in owner_users if u.strip())
        self.allow_private_hosts = allow_private_hosts
        self.clone_timeout = clone_timeout
        self.docs_root = docs_root
        self.quota = (StorageQuota(self.storage, visitor_mb=visitor_storage_mb, total_mb=storage_mb)
                      if self.storage is not None else None)
        self._lock = threading.Lock()
        """Guards :attr:`_locks` only: held for no I/O."""
        self._locks: dict[str, threading.Lock] = {}
        self._sources: dict[Path, Path] = {}
        """A visitor's checkout -> the shared checkout it was made from (whose config it uses)."""

    def roots(self) -> list[tuple[str, str]]:
        """(absolute folder, what a visitor sees instead) for every folder served, longest first: messages
        showed absolute server paths (issue 16)."""
        pairs = [(str(path), name) for name, path in self._repos.items()]
        if self.storage is not None:
            pairs.append((str(self.storage) + "/", ""))
            pairs.append((str(self.storage), "the storage folder"))
        return sorted(pairs, key=lambda pair: len(pair[0]), reverse=True)

    @property
    def can_clone(self) -> bool:
        return self.storage is not None

    def names(self) -> list[str]:
        names = list(self._repos)
        if self.storage is not None and self.storage.is_dir():
            names += sorted(p.name for p in self.storage.iterdir() if (p / ".git").is_dir() and p.name not in names)
        return names

    def path(self, name: str | None) -> Path:
        """The checkout called ``name`` (one of :meth:`names`); anything else is refused."""
        if name and name in self._repos:
            return self._repos[name]
        if name and self.storage is not None and name in self.names():
            return self.storage / name
        known = ", ".join(self.names())
        hint = None if self.can_clone else "err_unknown_repo_choose_hint" if known else "err_unknown_repo_none_hint"
        raise web_error(InputError, "unknown_repo", hint_key=hint, name=repr(name), known=known)

    def _lock_for(self, key: str) -> threading.Lock:
        """The lock of one folder (a clone, a visitor's checkout). One lock for the whole workspace made a
        tarpit clone (a host trickling its answer for minutes) block every other visitor's status and
        translate, reads included (issue 25, item 3): now a clone holds only its own folder's lock, and a
        read of an existing checkout takes none."""
        with self._lock:
            return self._locks.setdefault(key, threading.Lock())

    def home(self, visitor: Visitor | None) -> Path | None:
        """The folder of a visitor's own checkouts in the storage folder (None: anonymous, or no storage)."""
        key = visitor.key if visitor is not None else None
        return self.storage / VISITORS / key if key is not None and self.storage is not None else None

    def clone_room(self, url: str, visitor: Visitor | None) -> tuple[list[Path], int | None]:
        """Before a clone of ``url``: the folders it grows (the clone being made, or the one updated) and
        the bytes ``visitor`` may still add (None: no limit); refused when nothing is left (see
        :class:`.limits.StorageQuota`)."""
        if self.storage is None:
            raise web_error(InputError, "no_clone")
        _, folder = normalize_url(url, allow_local=self.allow_local_urls)
        dest = self.storage / folder
        room = self.quota.left(visitor.key if visitor else None, self.home(visitor)) if self.quota else None
        return [dest, dest.with_name(dest.name + ".partial")], room

    def remove_clone(self, url: str) -> None:
        """Remove the clone of ``url`` (and any partial one): a new clone that outgrew its visitor's storage."""
        if self.storage is None:
            return
        _, folder = normalize_url(url, allow_local=self.allow_local_urls)
        with self._lock_for(folder):
            for path in (self.storage / folder, self.storage / (folder + ".partial")):
                shutil.rmtree(path, ignore_errors=True)

    def clone(self, url: str, cancel: threading.Event | None = None,
              visitor: Visitor | None = None) -> tuple[str, api.CloneResult]:
        """Clone (or update) ``url`` into the storage folder; returns its name and what was done. ``cancel``:
        set it to kill the clone (the visitor left, or it outgrew the visitor's storage); ``visitor``: who
        asks (a clone they make counts against their storage)."""
        if self.storage is None:
            raise web_error(InputError, "no_clone")
        _, folder = normalize_url(url, allow_local=self.allow_local_urls)
        if self.quota is not None:
            self.quota.left(visitor.key if visitor else None, self.home(visitor))
        with self._lock_for(folder):  # two visitors asking for the same repository share one clone
            try:
                result = api.clone(url, self.storage, allow_local=self.allow_local_urls, docs_root=self.docs_root,
                                   allow_private=self.allow_private_hosts, timeout=self.clone_timeout, cancel=cancel)
            except CloneFailedError as exc:  # the common failure, in the visitor's words (issue 26)
                raise say(exc, "clone_failed", hint_key=None if exc.timeout is None else "err_clone_timeout_hint",
                          url=exc.url, timeout=exc.timeout) from None
        if self.quota is not None and result.created and visitor is not None and visitor.key is not None:
            self.quota.record(result.path.name, visitor.key)
        return result.path.name, result

    def checkout(self, name: str | None, visitor: Visitor | None, *, update: bool = False,
                 reading: bool = False) -> tuple[Path, str]:
        """The checkout a call works in, and what was done to it: in shared mode a signed-in visitor's own
        (made on first use; with ``update``, fast-forwarded to the shared clone without losing their work),
        else the shared one (anonymous visitors only read it; a local server is one person's).

        ``reading``: a step that only reads (status, review, preview): a visitor without a checkout yet
        reads the shared clone, which holds exactly what theirs would, so looking costs no disk (a checkout
        of transformers is a working tree of thousands of files)."""
        path = self.path(name)
        key = visitor.key if visitor is not None else None
        if not self.shared or key is None:
            return path, ""
        if self.storage is not None:
            home = self.storage / VISITORS / key / path.name
        else:  # a served checkout without storage (serve --shared): inside its own git folder
            git_dir = Path(run_git(path, "rev-parse", "--absolute-git-dir").decode().strip())
            home = git_dir / "hfi18n" / VISITORS / key / path.name
        if not update and (home / ".git").is_dir() and self._sources.get(home) == path:
            return home, ""  # made and checked already: no lock, so reads run side by side
        if reading and not (home / ".git").is_dir():
            return path, ""
        if self.quota is not None and not (home / ".git").is_dir():  # a new checkout takes room
            self.quota.left(key, self.home(visitor))
        with self._lock_for(str(home)):
            _, note = api.personal_checkout(path, home, update=update)
            self._sources[home] = path
        return home, note

    def require_visitor(self, visitor: Visitor | None, what: str) -> None:
        """In shared mode, refuse anonymous visitors for ``what`` (a step that writes or costs): a key of the
        page's words (``clone``: the message ``act_clone``), or English words as they are."""
        if self.shared and (visitor is None or not visitor.username):
            raise web_error(RefusedError, "sign_in", what=Msg(f"act_{what}") if has(f"act_{what}") else what)

    def owner_keys_for(self, visitor: Visitor | None) -> bool:
        """Whether this call may spend the owner's keys (the environment): always on a local server; in
        shared mode only for the usernames the owner listed."""
        if not self.shared:
            return True
        return bool(visitor and visitor.username and visitor.username.lower() in self.owner_users)

    def is_clone(self, repo: Path) -> bool:
        """Whether ``repo`` is a clone made on request (or a visitor's checkout of one): its own config is
        not trusted."""
        repo = self._sources.get(repo, repo)
        return self.storage is not None and repo.parent == self.storage

    def config(self, repo: Path, *, provider: str | None = None, api_key: str | None = None,
               github_token: str | None = None, base_url: str | None = None, visitor: Visitor | None = None,
               publish: bool = False) -> Config:
        """Settings for one call: the repo's (or the server's) config plus the secrets typed for it.

        A clone's own ``hfi18n.toml`` sets no URL, host or secret. A typed ``base_url`` gets only a typed
        key, never one from the environment or the config. In shared mode the owner's keys serve only
        :meth:`owner_keys_for` visitors, the ``hf`` provider spends the visitor's sign-in token, and
        ``publish`` uses only the typed GitHub token. A clone of github.com has its origin as upstream
        unless the config says otherwise, so open PRs are found and the draft PR goes there."""
        source = self._sources.get(repo, repo)  # a visitor's checkout has the settings of the shared one
        base = self.base_config if self.base_config is not None else load_config(source)
        if self.is_clone(repo) and base.source is not None and source.resolve() in base.source.resolve().parents:
            base = base.without("endpoints", "secrets")
        owner = self.owner_keys_for(visitor) and not base_url and not publish
        if not owner:
            base = base.without("secrets").replace(env_secrets=False)
        if self.shared and provider == "hf" and not api_key and visitor is not None:
            api_key = visitor.hf_token
        cfg = api.session_config(repo, provider=provider, api_key=api_key, github_token=github_token, base=base)
        if self.is_clone(repo) and not cfg.get("github.upstream"):
            gh = github_repo(origin_url(repo) or "")
            if gh is not None:
                cfg = cfg.replace({**cfg.data, "github": {**(cfg.get("github") or {}),
                                                          "upstream": f"{gh[0]}/{gh[1]}"}})
        return cfg
