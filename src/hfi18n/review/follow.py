"""The English a translation follows, for reviewing a drifted doc against the English it was made from.

A translation made from an older English shares little with today's English: aligned with it, every
paragraph added to the English since looks omitted, so the review used to skip omissions and
duplications on such docs altogether (0 of 63 dropped and 0 of 63 duplicated paragraphs found on the
drifted docs of the three corpora). The English version the translation follows is already found by
``status`` for ``translate --update`` (:func:`hfi18n.repo.history.followed`: its base with the English
changes carried to it in the same commit, issue 31); the review reads it
through :func:`followed_english`, the ONE place that asks the repository layer for it.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass

from ..doc import BlockKind, parse
from ..errors import HfI18nError
from ..repo.doclog import BlobReader, History, load_history
from ..repo.history import (
    MIN_CONTENT_MATCH,
    MIN_FINGERPRINT,
    BaseInfo,
    Fingerprints,
    Followed,
    best_by_content,
    fingerprint_text,
    followed,
)
from ..repo.layout import DocsLayout
from ..repo.store import Store
from ..translate.aligned import Item, doc_items


@dataclass(slots=True, frozen=True)
class FollowedEnglish:
    """An English version of a doc that a translation follows."""

    text: str
    commit: str
    """English revision (full hash)."""
    en_path: str
    """The English doc at that revision, relative to ``en/``."""
    fresh: tuple[str, ...] = ()
    """English prose units the base commit itself added (see :func:`swept`)."""
    cut: tuple[Item, ...] = ()
    """Translated prose units that later commits removed from the translation (see :func:`swept`)."""
    cut_at: tuple[float, ...] = ()
    """Where each of :attr:`cut` was in its version of the translation, as a share of its lines."""
    raw_before: tuple[str, ...] = ()
    """Raw-text blocks of the translation as they were before a later commit edited them (see :func:`swept`)."""

    @property
    def label(self) -> str:
        """How a finding names it: ``the English of docs/.../en/x.md at 1a2b3c4``."""
        return f"the English {self.en_path} at {self.commit[:7]}"


def followed_english(layout: DocsLayout, lang: str) -> Callable[[str], FollowedEnglish | None]:
    """A lookup ``rel`` (relative to the language folder) -> the English that translation follows (None:
    unknown -- no git history, a shallow clone, a doc never committed with an English twin)."""
    store = Store.of(layout)  # the English versions are read through one store (history's blobs)
    cache: dict[str, FollowedEnglish | None] = {}
    history: list[History | None] = []

    def record_of(rel: str) -> Followed | None:
        """The record of ``rel`` alone (the one record of what a translation follows: its base and the
        changes carried to it since): a review of one doc never works out the language's."""
        try:
            found = followed(layout, lang, {rel}, store=store, coverage=False).get(rel)
        except HfI18nError:
            found = None
        store.cache.flush()
        return found

    def lookup(rel: str) -> FollowedEnglish | None:
        if rel not in cache:
            rec = record_of(rel)
            base = rec.base if rec is not None else None
            if base is not None and not base.known:  # a weak guess is no English to review against
                base = None
            text = rec.english if rec is not None and base is not None else None
            if base is None or text is None:
                cache[rel] = None
            else:
                if not history:
                    try:
                        # with the run's cache: since the record of one doc reads only that doc's history,
                        # nothing had read the whole one in this process, and a warm review of one doc of
                        # the 20,000-commit repo ran the whole git log again (2.8 -> 4.4 cpu s)
                        history.append(load_history(layout, store.cache))
                        store.cache.flush()
                    except HfI18nError:
                        history.append(None)
                fresh, cut, raw = swept(layout, history[0], lang, base, store.blobs) if history[0] is not None \
                    else ((), (), ())
                cache[rel] = FollowedEnglish(text, base.base_commit, base.en_path_at_base, fresh,
                                             tuple(x for x, _at in cut), tuple(at for _x, at in cut), raw)
        return cache[rel]

    return lookup


def swept(layout: DocsLayout, history: History, lang: str, base: BaseInfo,
          blobs: BlobReader | None = None) -> tuple[tuple[str, ...], tuple[tuple[Item, float], ...], tuple[str, ...]]:
    """What the English the translation follows does not tell about the translation.

    ``fresh``: English prose units the base commit itself added. The base is the English in force when
    the translation landed, and a paragraph added by that very commit was most likely not in the English
    the translator worked from (huggingface_hub "Doc cli download timeout" was merged the day before ko
    cli.md, which has no such section).

    ``cut``: translated prose units (with where they were, as a share of the lines of their version) that
    a commit after the translation event removed from the
    translation (deleted, not edited): diffusers "Remove JAX/Flax" took the Flax paragraphs out of ko
    text_inversion.md, long after the English lost them; huggingface_hub "V1.0 release" replaced
    ``delete-cache`` by ``hf cache rm`` in ko manage-cache.md. Such commits do not move the base
    (:mod:`hfi18n.repo.history`), so the English the translation follows still has those paragraphs, and
    without this they looked omitted (17 of the 48 omissions of the untouched docs of the three corpora).

    ``raw``: raw-text blocks (HTML, and a line the parser keeps verbatim under a closing tag) of the
    translation as they were before a commit after the translation event edited them. The review finds a
    paragraph written there by its code and links (:func:`.coverage._outside_prose`), and a sweep commit
    may have changed those in the translation only: diffusers "use naruto dataset, since pokemon is now
    gated" rewrote "[Pokemon](...) 데이터셋을 사용할 경우:" of ko unconditional_training.md, written under
    ``</div>``, while the English it follows still says Pokemon."""
    mine = history.current.get((lang, base.path))
    twin = history.twin_now(base.en_path)
    start = history.by_sha.get(base.base_commit)
    event = history.by_sha.get(base.event_commit)
    if mine is None or twin is None or start is None or event is None:
        return (), (), ()
    versions = [v for v in twin.versions if v.blob]
    at = next((k for k, v in enumerate(versions) if v.commit == start), None)
    en_step = (versions[at - 1].blob, versions[at].blob) if at else None
    tr_steps = []
    prev = None
    for v in mine.versions:
        if prev is not None and v.commit > event and prev.blob and v.blob:
            tr_steps.append((prev.blob, v.blob))
        prev = v
    if en_step is None and not tr_steps:
        return (), (), ()
    blobs = blobs if blobs is not None else BlobReader(layout.repo)
    blobs.load(b for step in (*tr_steps, *([en_step] if en_step else [])) for b in step if b)

    def prose(blob: str) -> dict[str, Item]:
        try:
            return {x.text: x for x in doc_items(parse(blobs.text(blob))) if not x.heading}
        except HfI18nError:
            return {}

    fresh: tuple[str, ...] = ()
    if en_step is not None and en_step[0] and en_step[1]:
        now, before = prose(en_step[1]), prose(en_step[0])
        # added, not edited: "First, we setup the SQL environment:" became "Then, ..." (smolagents
        # text_to_sql.md), the zh translation has it
        # the units the commit took out first: a unit it edited is alike one of them, and ``any`` stops there
        # (the same answer in any order; diffusers ko contribution.md asked 321 pairs for 7 edited units, 0.2
        # cpu s of a review, each found after the ~45 units above it)
        gone = [y for k, y in before.items() if k not in now]
        kept = [y for k, y in before.items() if k in now]
        added = {k for k in now.keys() - before.keys() if not any(_alike(now[k], y) for y in (*gone, *kept))}
        if len(added) <= FRESH_SHARE * len(now):  # a rewrite of the English is what was translated
            fresh = tuple(sorted(added))
    def raw(blob: str) -> list[str]:
        try:
            return [b.text for b in parse(blobs.text(blob)).blocks if b.kind is BlockKind.RAW]
        except HfI18nError:
            return []

    cut: list[tuple[Item, float]] = []
    edited: list[str] = []
    for before, after in tr_steps:
        now_raw = set(raw(after))
        edited.extend(x for x in raw(before) if x not in now_raw and x not in edited)
        old, new = prose(before), prose(after)
        end = max(1, blobs.text(before).count("\n") + 1)
        # gone, not edited: a paragraph whose typo was fixed is still translated. Edited into a paragraph
        # the version before did not have: "pkgx huggingface에 대한 자세한 내용은 [여기](...)" removed from
        # huggingface_hub ko cli.md is not an edit of "Homebrew huggingface에 대한 자세한 내용은 [여기](...)",
        # which was there already (the removal went unseen and its English was reported missing)
        added = [y for k, y in new.items() if k not in old]
        cut.extend((x, x.line / end) for k, x in old.items()
                   if k not in new and not any(_alike(x, y) for y in added))
    return fresh, tuple(cut), tuple(edited)


FRESH_SHARE = 0.2
"""Share of the English prose units a base commit may add for them to count as "fresh": a commit that
wrote most of the doc (diffusers modular_diffusers/*.md) is the English the translator worked from."""


def _alike(a: Item, b: Item) -> bool:
    """``b`` is ``a`` edited: half of the text in common -- most of it for a short unit with other code or
    links ("- [PyTorch 설치 안내](...)" and "- [Flax 설치 안내](...)" are two list items, not one edited;
    a sentence whose model link was updated is one)."""
    sm = difflib.SequenceMatcher(a=a.text, b=b.text, autojunk=False)
    floor = 0.5 if a.spans == b.spans or min(len(a.text), len(b.text)) >= 30 else 0.8
    return sm.real_quick_ratio() >= floor and sm.quick_ratio() >= floor and sm.ratio() >= floor


def pull_followed(layout: DocsLayout) -> Callable[[str, str, str], FollowedEnglish | None]:
    """A lookup ``(rel, translation, base_sha)`` -> the English a pull request's translation follows, from
    the history of a local checkout: of the versions of the English twin up to the PR's base commit (all
    of them when the checkout does not have that commit), the latest whose code, references and links
    match the translation best -- what ``status`` does for a translation not committed yet
    (:func:`hfi18n.repo.history.content_base`). None: no history, no English twin, nothing to compare
    (a translation with fewer than ``MIN_FINGERPRINT`` protected marks) or a match below
    ``MIN_CONTENT_MATCH`` (the rule status follows, issue 23): the PR's base English is used."""
    state: list[tuple[History, Fingerprints] | None] = []

    def lookup(rel: str, text: str, base_sha: str) -> FollowedEnglish | None:
        if not state:
            try:
                store = Store.of(layout)
                history = load_history(layout, store.cache)
                store.cache.flush()
                state.append((history, Fingerprints(store)))
            except HfI18nError:
                state.append(None)
        if state[0] is None:
            return None
        history, fps = state[0]
        twin = history.twin_now(rel)
        if twin is None:
            return None
        upto = history.by_sha.get(base_sha)
        versions = [v for v in twin.versions if v.blob and (upto is None or v.commit <= upto)]
        target = fingerprint_text(text)
        if not versions or sum(target.values()) < MIN_FINGERPRINT:
            return None
        fps.blobs.load(v.blob for v in versions if v.blob)
        pick = best_by_content(versions, target, fps)
        if pick is None or pick[0].blob is None or pick[1] < MIN_CONTENT_MATCH:  # a weak match is no base
            return None
        v = pick[0]
        return FollowedEnglish(fps.blobs.text(v.blob), history.commits[v.commit].sha, v.path)

    return lookup
