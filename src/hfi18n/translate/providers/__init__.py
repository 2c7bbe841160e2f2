"""LLM providers and the registry that builds one from a name, the config and the environment.

Usage::

    provider = get_provider("pseudo", lang="ko")          # or "anthropic", "openai", "hf"
    completion = provider.complete(ChatRequest(system="...", user='<segments><s id="s1">Hello</s></segments>'))
    completion.text  # '<s id="s1">...Hangul...</s>'

How :func:`get_provider` settles each setting (first found wins):

* provider name: the ``name`` argument (``--provider``), the config's ``provider``, else the first of
  anthropic, openai, hf whose key is in the environment; else a :class:`ConfigError` that lists every way
  to configure one.
* model: the ``model`` argument, ``providers.<name>.model``, the top-level ``model`` (when the top-level
  ``provider`` is this one or unset), else the provider's default.
* base URL: the ``base_url`` argument, ``providers.<name>.base_url``, ``$OPENAI_BASE_URL`` /
  ``$ANTHROPIC_BASE_URL``, else the provider's default.
* key: the ``api_key`` keyword, the provider's environment variable, ``providers.<name>.api_key``
  (and for ``hf`` the token file of ``hf auth login``). ``openai`` with a non-OpenAI base URL needs none.
* ``timeout``/``max_retries``: keywords, else ``providers.<name>.timeout``/``max_retries``.

Config example (``hfi18n.toml``, or the same under ``[tool.hfi18n]`` in ``pyproject.toml``)::

    provider = "anthropic"
    model = "claude-sonnet-4-5"
    [providers.openai]
    base_url = "http://localhost:8000/v1"   # vLLM, TGI, Ollama (:11434/v1), LM Studio (:1234/v1)
    model = "Qwen/Qwen2.5-7B-Instruct"
"""

from __future__ import annotations

import inspect
import os
from typing import Any

from ...config import Config, load_config
from ...errors import ConfigError, ProviderError
from .anthropic import AnthropicProvider
from .base import Provider
from .hf import HFProvider, read_hf_token_file
from .openai import OpenAIProvider
from .pseudo import Pseudo, extract_segments, pseudo_answer, pseudo_translate, render_segments
from .types import (
    AuthError,
    ChatRequest,
    Completion,
    RetriesExhaustedError,
    RetryEvent,
    TransientError,
    UnreachableError,
)

PROVIDERS: dict[str, type[Provider]] = {
    "anthropic": AnthropicProvider,
    "openai": OpenAIProvider,
    "hf": HFProvider,
    "pseudo": Pseudo,
}
ALIASES = {"huggingface": "hf", "claude": "anthropic"}
_AUTODETECT = ("anthropic", "openai", "hf")

__all__ = [
    "ALIASES",
    "PROVIDERS",
    "AnthropicProvider",
    "AuthError",
    "ChatRequest",
    "Completion",
    "HFProvider",
    "OpenAIProvider",
    "Provider",
    "ProviderError",
    "Pseudo",
    "RetriesExhaustedError",
    "RetryEvent",
    "TransientError",
    "UnreachableError",
    "extract_segments",
    "find_key",
    "get_provider",
    "is_test_double",
    "pseudo_answer",
    "pseudo_translate",
    "render_segments",
    "resolve_provider_name",
]

HOW_TO_CONFIGURE = (
    "configure a provider in one of these ways:\n"
    "  - export ANTHROPIC_API_KEY=...   and use --provider anthropic\n"
    "  - export OPENAI_API_KEY=...      and use --provider openai\n"
    "  - export HF_TOKEN=...            and use --provider hf (Hugging Face Inference Providers)\n"
    "  - a local OpenAI-compatible server (vLLM, TGI, Ollama, LM Studio): "
    "--provider openai --base-url http://localhost:8000/v1\n"
    "  - in hfi18n.toml (or [tool.hfi18n] in pyproject.toml): provider = \"anthropic\" and, if the key is "
    "not in the environment, [providers.anthropic] api_key = \"...\"\n"
    "  - --provider pseudo to try hfi18n offline (a test double: scrambled letters written as marked drafts, "
    "never a translation)"
)


def _canonical(name: str) -> str:
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in PROVIDERS:
        raise ConfigError(f"unknown provider '{name}'",
                          hint=f"choose one of: {', '.join(sorted(PROVIDERS))}")
    return key


def find_key(name: str, config: Config) -> tuple[str | None, str | None]:
    """``(key, where it came from in words)`` for provider ``name``, or ``(None, None)``."""
    cls = PROVIDERS[name]
    if cls.key_env and config.env_secrets and os.environ.get(cls.key_env):
        return os.environ[cls.key_env], cls.key_env
    config_key = f"providers.{name}.api_key"
    value = config.get(config_key)
    if isinstance(value, str) and value:
        where = f"{config_key} ({config.source.name})" if config.source else config_key
        return value, where
    if name == "hf" and config.env_secrets:
        token = read_hf_token_file()
        if token:
            return token, "the token file of `hf auth login`"
    return None, None


def is_test_double(name: str | None) -> bool:
    """Is ``name`` a test double (``pseudo``: :attr:`~.base.Provider.test_double`), whose output is never a
    translation? False for ``None`` and for unknown names (those fail where the provider is built)."""
    if not name:
        return False
    key = ALIASES.get(name.strip().lower(), name.strip().lower())
    return key in PROVIDERS and PROVIDERS[key].test_double


def resolve_provider_name(name: str | None, config: Config) -> str:
    """The provider to use: explicit name, config ``provider``, or one whose key is in the environment."""
    if name:
        return _canonical(name)
    configured = config.get("provider")
    if isinstance(configured, str) and configured:
        return _canonical(configured)
    for candidate in _AUTODETECT:
        env = PROVIDERS[candidate].key_env
        if env and config.env_secrets and os.environ.get(env):
            return candidate
    raise ConfigError("no translation provider is configured", hint=HOW_TO_CONFIGURE)


def get_provider(name: str | None, *, model: str | None = None, base_url: str | None = None,
                 config: Config | None = None, **kw: Any) -> Provider:
    """Build the provider ``name`` (see the module docstring for where each setting comes from).

    Extra keywords go to the provider's constructor (``timeout``, ``max_retries``, ``backoff_base``,
    ``client``, ``on_retry``...); ``lang`` is used by ``pseudo`` and ignored by the others.

    Raises :class:`ConfigError` for an unknown name (listing the valid ones) or a missing key (naming the
    environment variable, the config key and ``--provider pseudo``).
    """
    if config is None:
        config = load_config()
    key = resolve_provider_name(name, config)
    cls = PROVIDERS[key]

    if model is None and key != "pseudo":  # pseudo keeps its own model name (memory keys include it)
        model = config.get(f"providers.{key}.model")
        top_provider = config.get("provider")
        if model is None and (not top_provider or _safe_canonical(top_provider) == key):
            model = config.get("model")

    if base_url is None:
        base_url = config.get(f"providers.{key}.base_url")
        if base_url is None and cls.base_url_env and config.env_secrets:
            base_url = os.environ.get(cls.base_url_env) or None

    api_key = kw.pop("api_key", None)
    key_source = kw.pop("key_source", None)
    if api_key is None and key != "pseudo":
        api_key, key_source = find_key(key, config)
    if not api_key and cls.key_required(base_url):
        raise ConfigError(
            f"no API key for provider '{key}'",
            hint=(f"set {cls.key_env} in the environment, or providers.{key}.api_key in hfi18n.toml "
                  f"(or [tool.hfi18n.providers.{key}] in pyproject.toml); "
                  "or use --provider pseudo to try the steps offline (test output, never a translation)"),
        )

    for setting in ("timeout", "max_retries"):
        value = config.get(f"providers.{key}.{setting}")
        if setting not in kw and value is not None:
            kw[setting] = value

    accepted = inspect.signature(cls.__init__).parameters
    if "lang" not in accepted:
        kw.pop("lang", None)

    if key == "pseudo":
        return cls(model, **kw)
    return cls(model, api_key=api_key or None, base_url=base_url, key_source=key_source, **kw)


def _safe_canonical(name: Any) -> str | None:
    try:
        return _canonical(str(name))
    except ConfigError:
        return None
