"""The repositories a web app serves, by name: the one given to ``hfi18n serve --repo``, or the clones a
Space made in its storage folder.

Browsers and API clients name a repository; they never give a path, so nothing outside these folders is
ever read or written. Secrets a user types are turned into a per-call config
(:func:`hfi18n.api.session_config`) and never kept here.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

from .. import api
from ..config import Config
from ..errors import InputError


class Workspace:
    def __init__(self, repos: Sequence[Path | str] = (), *, storage: Path | str | None = None,
                 config: Config | None = None, allow_local_urls: bool = False) -> None:
        """``repos``: checkouts served as they are; ``storage``: the folder clones go to (a Space's
        persistent storage) and are found in; ``config``: settings used instead of each repo's own
        ``hfi18n.toml`` (tests, a server's defaults); ``allow_local_urls``: accept ``file://`` clone URLs
        (tests only: never let users read the server's files through a clone)."""
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
        self._lock = threading.Lock()

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
        known = ", ".join(self.names()) or "none yet"
        hint = "clone one first (repository URL)" if self.can_clone else f"choose one of: {known}"
        raise InputError(f"unknown repository {name!r}", hint=hint)

    def clone(self, url: str) -> tuple[str, api.CloneResult]:
        """Clone (or update) ``url`` into the storage folder; returns its name and what was done."""
        if self.storage is None:
            raise InputError("this server serves a fixed repository; it does not clone",
                             hint="start it with a storage folder (the Space app.py) to clone repositories")
        with self._lock:  # one clone at a time: two users asking for the same repo share it
            result = api.clone(url, self.storage, allow_local=self.allow_local_urls)
        return result.path.name, result

    def config(self, repo: Path, *, provider: str | None = None, api_key: str | None = None,
               github_token: str | None = None) -> Config:
        """Settings for one call: the repo's (or the server's) config plus the secrets typed for it. A clone
        this server made (``<storage>/<owner>__<name>``) has its origin as upstream unless the config says
        otherwise, so open PRs are found and the draft PR goes there."""
        cfg = api.session_config(repo, provider=provider, api_key=api_key, github_token=github_token,
                                 base=self.base_config)
        if self.storage is not None and repo.parent == self.storage and "__" in repo.name \
                and not cfg.get("github.upstream"):
            owner, name = repo.name.split("__", 1)
            cfg = Config({**cfg.data, "github": {**(cfg.get("github") or {}), "upstream": f"{owner}/{name}"}},
                         cfg.source)
        return cfg
