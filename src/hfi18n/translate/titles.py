"""Toctree titles through an LLM: a :data:`~hfi18n.repo.toctree.TitleTranslator` backed by a provider.

The toctree editor (:mod:`hfi18n.repo.toctree_edit`) takes any function that translates a list of
titles; this module builds one that asks a provider in one request, with the titles in the segment wire
format (:mod:`.wire`). A title with no answer keeps its English text.
"""

from __future__ import annotations

from ..repo.toctree import TitleTranslator
from .providers.base import Provider
from .providers.types import ChatRequest
from .wire import format_segments, parse_elements


def segment_titles(titles: list[str]) -> str:
    """Titles in the segment wire format (``t1``, ``t2``...)."""
    return format_segments((f"t{i}", t) for i, t in enumerate(titles, 1))


def parse_segment_titles(text: str, titles: list[str]) -> list[str]:
    """Translations parsed back from the wire format; a missing or empty answer keeps the source title."""
    found = parse_elements(text)
    return [found.get(f"t{i}", "").strip() or t for i, t in enumerate(titles, 1)]


def title_request(titles: list[str], language: str, *, max_tokens: int = 2048) -> ChatRequest:
    """The request that translates ``titles`` into ``language`` (a language name, e.g. ``Korean``)."""
    system = (
        f"You translate the titles of a software documentation's table of contents into {language}. "
        "Keep product, class and function names, code in backticks and emoji as they are. Answer only "
        'with the same <segments> list, each <s id="..."> holding the translated title.'
    )
    return ChatRequest(system=system, user=segment_titles(titles), max_tokens=max_tokens)


def llm_title_translator(provider: Provider, language: str, *, max_tokens: int = 2048) -> TitleTranslator:
    """A :data:`TitleTranslator` asking ``provider`` (see :mod:`hfi18n.translate.providers`) in one call."""

    def translate(titles: list[str]) -> list[str]:
        answer = provider.complete(title_request(titles, language, max_tokens=max_tokens))
        return parse_segment_titles(answer.text, titles)

    return translate
