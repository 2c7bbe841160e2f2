"""The English a translation follows, for reviewing a drifted doc against the English it was made from.

A translation made from an older English shares little with today's English: aligned with it, every
paragraph added to the English since looks omitted, so the review used to skip omissions and
duplications on such docs altogether (0 of 63 dropped and 0 of 63 duplicated paragraphs found on the
drifted docs of the three corpora). The English version the translation follows is already found by
``status`` for ``translate --update`` (:func:`hfi18n.repo.history.find_bases`); the review reads it
through :func:`followed_english`, the ONE place that asks the repository layer for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import HfI18nError
from ..repo.history import english_at, find_bases
from ..repo.layout import DocsLayout


@dataclass(slots=True, frozen=True)
class FollowedEnglish:
    """An English version of a doc that a translation follows."""

    text: str
    commit: str
    """English revision (full hash)."""
    en_path: str
    """The English doc at that revision, relative to ``en/``."""

    @property
    def label(self) -> str:
        """How a finding names it: ``the English of docs/.../en/x.md at 1a2b3c4``."""
        return f"the English {self.en_path} at {self.commit[:7]}"


def followed_english(layout: DocsLayout, lang: str) -> Callable[[str], FollowedEnglish | None]:
    """A lookup ``rel`` (relative to the language folder) -> the English that translation follows (None:
    unknown -- no git history, a shallow clone, a doc never committed with an English twin)."""
    try:
        bases = find_bases(layout, lang)
    except HfI18nError:
        bases = {}
    cache: dict[str, FollowedEnglish | None] = {}

    def lookup(rel: str) -> FollowedEnglish | None:
        if rel not in cache:
            base = bases.get(rel)
            text = None
            if base is not None:
                try:
                    text = english_at(layout, base.base_commit, base.en_path_at_base)
                except HfI18nError:
                    text = None
            cache[rel] = FollowedEnglish(text, base.base_commit, base.en_path_at_base) if (
                base is not None and text is not None) else None
        return cache[rel]

    return lookup
