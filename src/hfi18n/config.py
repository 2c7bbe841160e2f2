"""Configuration from ``hfi18n.toml`` or ``[tool.hfi18n]`` in ``pyproject.toml``, then the environment.

Example ``hfi18n.toml``::

    provider = "anthropic"
    model = "claude-sonnet-4-5"
    [github]
    upstream = "huggingface/transformers"
    fork = "me/transformers"
    [lang.ko]
    tracking_issue = 20179

Secrets (API keys, GitHub token) should come from the environment; a key in the config file is
accepted but never printed.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ConfigError
from .secrets import register

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

CONFIG_FILE = "hfi18n.toml"


@dataclass(slots=True)
class Config:
    data: dict[str, Any] = field(default_factory=dict)
    source: Path | None = None
    """File the settings came from, if any."""
    env_secrets: bool = True
    """Whether secrets may come from the environment (and the ``hf auth login`` token file). False for a
    visitor of a shared web app: the environment holds the owner's keys, and a Space that sent its owner's
    ``OPENAI_API_KEY`` to a base URL a visitor typed was robbed (issue 16)."""

    def get(self, key: str, default: Any = None) -> Any:
        """Dotted lookup: ``get("github.upstream")``."""
        node: Any = self.data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                return default
            node = node[part]
        return node

    def secret(self, env_var: str, key: str | None = None) -> str | None:
        """A secret from ``env_var`` or, failing that, the config ``key``."""
        value = (os.environ.get(env_var) if self.env_secrets else None) or (self.get(key) if key else None)
        if isinstance(value, str):
            register(value)  # a key from the config file is redacted like one from the environment
        return value or None


    def replace(self, data: dict[str, Any] | None = None, *, env_secrets: bool | None = None) -> Config:
        """A copy with other settings and/or another trust in the environment (the source is kept)."""
        return Config(self.data if data is None else data, self.source,
                      self.env_secrets if env_secrets is None else env_secrets)

    def without(self, *kinds: str) -> Config:
        """A copy without the settings of ``kinds``: ``"endpoints"`` (every key naming a URL or a host:
        ``github.api_url``, ``github.fork_url``, ``providers.*.base_url``..., and the repositories
        ``github.upstream`` / ``github.fork`` that tokens are used on) and/or ``"secrets"``
        (``api_key``, ``token``).

        Why: a repository a shared web app clones is a stranger's. Its own ``hfi18n.toml`` set
        ``github.api_url`` and ``providers.openai.base_url`` to the attacker's server, and the next status
        or translate sent the owner's ``GITHUB_TOKEN`` and provider key there (issue 16)."""
        def keep(name: str) -> bool:
            low = name.lower()
            if "endpoints" in kinds and (low.endswith(("url", "host", "hosts")) or low in ENDPOINT_KEYS):
                return False
            return not ("secrets" in kinds and low in SECRET_KEYS)

        def clean(node: Any) -> Any:
            if isinstance(node, dict):
                return {k: clean(v) for k, v in node.items() if keep(str(k))}
            return node

        return self.replace(clean(self.data))


ENDPOINT_KEYS = frozenset({"proxy", "server", "upstream", "fork"})
"""Config keys naming where requests go without ending in ``url`` or ``host``."""

SECRET_KEYS = frozenset({"api_key", "token", "key", "secret", "password"})
"""Config keys holding a secret (dropped by :meth:`Config.without` ``("secrets")``)."""


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"invalid TOML: {exc}", path=path, hint="fix the syntax of the config file") from None


def load_config(repo: Path | str | None = None) -> Config:
    """Settings from ``$HFI18N_CONFIG``, else ``<repo>/hfi18n.toml``, else ``[tool.hfi18n]`` of pyproject."""
    explicit = os.environ.get("HFI18N_CONFIG")
    if explicit:
        p = Path(explicit)
        if not p.is_file():
            raise ConfigError(f"HFI18N_CONFIG points to {p}, which does not exist")
        return Config(_read_toml(p), p)
    base = Path(repo) if repo is not None else Path.cwd()
    candidate = base / CONFIG_FILE
    if candidate.is_file():
        return Config(_read_toml(candidate), candidate)
    pyproject = base / "pyproject.toml"
    if pyproject.is_file():
        tool = _read_toml(pyproject).get("tool", {}).get("hfi18n")
        if isinstance(tool, dict):
            return Config(tool, pyproject)
    return Config()
