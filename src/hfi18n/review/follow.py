"""The English a translation follows, for reviewing a drifted doc against the English it was made from.

A translation made from an older English shares little with today's English: aligned with it, every
paragraph added to the English since looks omitted, so the review used to skip omissions and
duplications on such docs altogether (0 of 63 dropped and 0 of 63 duplicated paragraphs found on the
drifted docs of the three corpora). The English version the translation follows is already found by
``status`` for ``translate --update`` (:func:`hfi18n.repo.history.find_bases`); the review reads it
through :func:`followed_english`, the ONE place that asks the repository layer for it.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass

from ..doc import parse
from ..errors import HfI18nError
from ..repo.doclog import BlobReader, History, load_history
from ..repo.history import BaseInfo, english_at, find_bases
from ..repo.layout import DocsLayout
from ..translate.aligned import Item, doc_items


@dataclass(slots=True, frozen=True)
class FollowedEnglish:
    """An English version of a doc that a translation follows."""

    text: str
    commit: str
    """English revision (full hash)."""
    en_path: str
    """The English doc at that revision, relative to ``en/``."""
    removed: tuple[str, ...] = ()
    """English prose units removed since by commits that changed the translation too (see :func:`swept`)."""
    cut: tuple[Item, ...] = ()
    """Translated prose units that later commits removed from the translation (see :func:`swept`)."""

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
    history: list[History | None] = []

    def lookup(rel: str) -> FollowedEnglish | None:
        if rel not in cache:
            base = bases.get(rel)
            text = None
            if base is not None:
                try:
                    text = english_at(layout, base.base_commit, base.en_path_at_base)
                except HfI18nError:
                    text = None
            if base is None or text is None:
                cache[rel] = None
            else:
                if not history:
                    try:
                        history.append(load_history(layout))
                    except HfI18nError:
                        history.append(None)
                removed, cut = swept(layout, history[0], lang, base) if history[0] is not None else ((), ())
                cache[rel] = FollowedEnglish(text, base.base_commit, base.en_path_at_base, removed, cut)
        return cache[rel]

    return lookup


def swept(layout: DocsLayout, history: History, lang: str,
          base: BaseInfo) -> tuple[tuple[str, ...], tuple[Item, ...]]:
    """What commits after ``base`` took out: English prose units a commit removed from the English while
    changing the translation too (a sweep applied to both: huggingface_hub "V1.0 release" replaced
    ``delete-cache`` by ``hf cache rm`` in the English and in ko manage-cache.md), and translated prose
    units a commit removed from the translation after the translation event that set the base (diffusers
    "Remove JAX/Flax" took the Flax paragraphs out of ko text_inversion.md, long after the English lost
    them). Such commits do not move the base (:mod:`hfi18n.repo.history`), so the English the translation
    follows still has those paragraphs, and without this they looked omitted (17 of the 48 omissions of
    the untouched docs of the three corpora)."""
    mine = history.current.get((lang, base.path))
    twin = history.twin_now(base.en_path)
    start = history.by_sha.get(base.base_commit)
    event = history.by_sha.get(base.event_commit)
    if mine is None or twin is None or start is None or event is None:
        return (), ()
    touched = mine.commits()
    en_steps = []
    prev = None
    for v in twin.versions:
        if prev is not None and v.commit > start and v.commit in touched and prev.blob and v.blob:
            en_steps.append((prev.blob, v.blob))
        prev = v
    tr_steps = []
    prev = None
    for v in mine.versions:
        if prev is not None and v.commit > event and prev.blob and v.blob:
            tr_steps.append((prev.blob, v.blob))
        prev = v
    if not en_steps and not tr_steps:
        return (), ()
    blobs = BlobReader(layout.repo)
    blobs.load(b for step in (*en_steps, *tr_steps) for b in step)

    def prose(blob: str) -> dict[str, Item]:
        try:
            return {x.text: x for x in doc_items(parse(blobs.text(blob))) if not x.heading}
        except HfI18nError:
            return {}

    removed: list[str] = []
    for before, after in en_steps:
        removed.extend(sorted(prose(before).keys() - prose(after).keys()))
    cut: list[Item] = []
    for before, after in tr_steps:
        old, new = prose(before), prose(after)
        # gone, not edited: a paragraph whose typo was fixed is still translated
        cut.extend(x for k, x in old.items() if k not in new and not any(_alike(k, y) for y in new))
    return tuple(removed), tuple(cut)


def _alike(a: str, b: str) -> bool:
    """``b`` is ``a`` edited: half of the text in common."""
    sm = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    return sm.real_quick_ratio() >= 0.5 and sm.quick_ratio() >= 0.5 and sm.ratio() >= 0.5
