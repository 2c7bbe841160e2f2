"""What every job of the API shares: the docs root default, progress events, opening the layout
and the config, the glossary, memory and provider-backed defaults."""

from __future__ import annotations

import enum
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..config import Config, load_config
from ..doc.props import apply_config
from ..errors import ConfigError, InputError, RefusedError
from ..glossary import Glossary
from ..repo.layout import DocsLayout
from ..repo.toctree import TitleTranslator

# ------------------------------------------------------------------------------------ progress


class ProgressKind(str, enum.Enum):
    START = "start"
    """A doc enters the run: ``total`` segments to translate (memory hits included)."""
    SEGMENTS = "segments"
    """``done`` more segments of ``doc`` are finished (translated, from memory, or failed)."""
    DOC = "doc"
    """``doc`` is finished: ``message`` says whether it was written."""
    LOG = "log"
    """A line for the user (``message``), e.g. a publish step or a backup made."""


@dataclass(slots=True, frozen=True)
class ProgressEvent:
    kind: ProgressKind
    doc: str = ""
    done: int = 0
    total: int = 0
    message: str = ""
    key: str = ""
    """What ``message`` says, as a key (empty: a free line): the web app says it in the visitor's language
    with ``fields`` (issue 26: a Korean browser read the log's lines and the publish steps in English).
    Not in :meth:`to_json`: scripts read ``message``, as before."""
    fields: dict[str, object] = field(default_factory=dict, compare=False, hash=False)
    """The values ``message`` was made of (a doc, a branch, a count), for ``key``."""

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind.value, "doc": self.doc, "done": self.done, "total": self.total,
                "message": self.message}


ProgressFn = Callable[[ProgressEvent], None]


def _no_progress(_event: ProgressEvent) -> None:
    return None


# ------------------------------------------------------------------------------------ helpers


def _layout(repo: Path | str, docs_root: str) -> DocsLayout:
    return DocsLayout.open(repo, docs_root)


def _config(layout: DocsLayout, config: Config | None) -> Config:
    """The call's config; the doc model reads the repository's MDX prose props from it
    (``[doc] prose_props``) for the rest of the call."""
    return apply_config(config if config is not None else load_config(layout.repo))


def session_config(repo: Path | str = ".", *, provider: str | None = None, api_key: str | None = None,
                   github_token: str | None = None, base: Config | None = None) -> Config:
    """The repository's config (or ``base``) plus secrets a user typed for one call (the web app's key
    fields): held in memory only, registered for redaction, never written. A secret in the environment
    still comes first, as everywhere (``ANTHROPIC_API_KEY``, ``GITHUB_TOKEN``...)."""
    from ..secrets import register

    cfg = base if base is not None else load_config(repo)
    data = dict(cfg.data)
    if api_key and provider:
        register(api_key)
        providers = dict(data.get("providers") or {})
        providers[provider] = {**(providers.get(provider) or {}), "api_key": api_key}
        data["providers"] = providers
    if github_token:
        register(github_token)
        data["github"] = {**(data.get("github") or {}), "token": github_token}
    return cfg.replace(data)


def default_memory_path(layout: DocsLayout) -> Path:
    """``<repo>/.git/hfi18n/memory.sqlite3``, or the user cache when the repo has no ``.git`` folder."""
    git = layout.repo / ".git"
    if git.is_dir():
        return git / "hfi18n" / "memory.sqlite3"
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return cache / "hfi18n" / "memory.sqlite3"


def load_glossary(lang: str, path: Path | str | None = None, *, required: bool = False) -> Glossary | None:
    """The glossary at ``path``, else the one shipped for ``lang`` (None, or an error if ``required``)."""
    if path is not None:
        return Glossary.load(path, lang)
    g = Glossary.builtin(lang)
    if g is None and required:
        shipped = ", ".join(Glossary.builtin_languages()) or "none"
        raise InputError(
            f"hfi18n ships no glossary for {lang!r}",
            hint=f"pass --glossary FILE (shipped: {shipped}); `hfi18n glossary mine` proposes terms to start one",
        )
    return g


def title_translator(repo: Path | str, lang: str, provider: str | None = None, model: str | None = None, *,
                     no_llm: bool = False, base_url: str | None = None,
                     config: Config | None = None) -> TitleTranslator | None:
    """The provider-backed toctree title translator, or None (English titles) with ``no_llm``.

    The provider is built on first use, so a run that needs no new title needs no provider configured.
    """
    if no_llm:
        return None

    def translate_titles(titles: list[str]) -> list[str]:
        from ..languages import language
        from ..translate.providers import get_provider
        from ..translate.titles import llm_title_translator

        try:
            prov = get_provider(provider, model=model, base_url=base_url,
                                config=config if config is not None else load_config(repo), lang=lang)
        except ConfigError as exc:
            raise ConfigError(f"new toctree titles need translating: {exc.message}",
                              hint=f"{exc.hint or ''}; or pass --no-llm to keep the English titles".lstrip("; ")) \
                from None
        try:
            if prov.test_double:  # scrambled letters in _toctree.yml would pass as a translated title
                raise RefusedError(f"new toctree titles need translating, and {prov.name} is a test double: its "
                                   "output is never a translation",
                                   hint="pass --no-llm to keep the English titles, or a real provider")
            return llm_title_translator(prov, language(lang).name)(titles)
        finally:
            prov.close()

    return translate_titles
