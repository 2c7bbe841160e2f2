"""Which English units a translation is asked for: the bookkeeping of a translation that follows an older
English (issue 17) and of partial updates, kept apart from the judgement of omissions (:mod:`.coverage`).

An English unit without translation is not an omission when it was added to the English after the
translation (:func:`in_english`), came with the commit the translation follows as a block it lacks
(:func:`untranslated_block`), or was taken out of the translation on purpose by a later commit
(:func:`cut_english`); and omissions say nothing when the translation was restructured
(:func:`restructured`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..pair.bitext import Bead, Move, chars, pair_cost, vocabulary
from ..pair.units import Item
from .gap import near, squeeze

if TYPE_CHECKING:
    from .coverage import _Doc

SAME_ENGLISH = 0.75
"""Similarity from which an English paragraph of today is one of the English the translation follows."""
MIN_OMISSION = 15
"""English units shorter than this (characters without spaces) are not counted (see :mod:`.coverage`)."""
MIN_PAIRED = 0.6
"""Share of the English prose units paired below which omissions are not reported (see :func:`restructured`)."""
MIN_RESTRUCTURED = 3
"""Unpaired English units from which a low paired share means a restructured translation: a reference page
of two paragraphs (huggingface_hub ko package_reference/tensorboard.md) with one dropped pairs 50%."""
FAR_SURE = -2.0
"""Pair cost below which a removed unit and an English unit are each other wherever they are (shared code or
names outweigh any length mismatch; :data:`.coverage.FAR`)."""



def same_english_text(a: str, b: str) -> bool:
    """``a`` is (an edit of) English paragraph ``b``: a typo or link fixed since is still the paragraph the
    translator had (huggingface_hub ko hf_file_system.md)."""
    return squeeze(a) == squeeze(b) or near(a, b, SAME_ENGLISH)


def in_english(e: Item, english: list[Item] | list[str]) -> bool:
    """English unit ``e`` (of today) is one of the units of ``english`` (an older version): nearly the same
    words and at least half the same code and links ("Defaults to `"$HF_HOME/xet"`" and "Defaults to
    `"$HF_HOME/hub"`" are two paragraphs: huggingface_hub ko environment_variables.md)."""
    for x in english:
        if isinstance(x, str):
            if same_english_text(e.text, x):
                return True
        elif same_english_text(e.text, x.text) and (
                not (e.spans or x.spans) or 2 * len(e.spans & x.spans) >= max(len(e.spans), len(x.spans))):
            return True
    return False


def untranslated_block(beads: list[Bead], fresh: tuple[str, ...]) -> set[int]:
    """The English units of ``fresh`` (paragraphs the commit of the followed English added) when they are one
    run of two or more with no translation and nothing translated between them: the translation was made
    from the English before that commit (huggingface_hub ko cli.md landed the day after "Doc cli download
    timeout" added a section it does not have). A single paragraph, or some translated, and the translator
    had that English."""
    if not fresh:
        return set()
    at = [(k, e) for k, b in enumerate(beads) for e in b.en if any(same_english_text(e.text, x) for x in fresh)]
    if len(at) < 2 or any(beads[k].move is not Move.OMIT for k, _e in at) \
            or any(b.tr for b in beads[at[0][0]:at[-1][0] + 1]):
        return set()
    return {id(e) for _k, e in at}


WEAK = 2.0
"""Aligner cost of a 1-1 bead from which it is a doubtful pairing (its English may be what a cut removed)."""
CUT_COST = 1.5
"""Largest pair cost of an English unit and a translated unit a later commit removed, each the other's best."""
CUT_PLACE = 0.15
"""Largest distance, as a share of the docs, between an English unit and a removed translated unit paired by
length alone (huggingface_hub ko manage-cache.md: a line removed at 80% fits a paragraph at 10% by length)."""


def cut_english(d: _Doc, omitted: list[Item], cut: tuple[Item, ...], cut_at: tuple[float, ...]) -> set[int]:
    """Ids of the omitted English units a translated unit that a later commit removed translated: each
    removed unit's best English unit, when each is the other's best match at :data:`CUT_COST` and about the
    same place, or the pair is sure whatever the place (:data:`FAR_SURE`). Mutual: "The
    examples we saw above use the serverless Inference API..." fits a removed paragraph of huggingface_hub
    ko inference.md, which fits the English it translated better. The English of a doubtful pair counts
    too: ko environment_variables.md replaced two merged paragraphs' translation by a deprecation warning."""
    if not cut or not omitted:
        return set()
    omitted = omitted + [b.en[0] for b in d.beads if b.move is Move.MATCH and b.cost > WEAK and not b.en[0].heading]
    vocab = vocabulary(d.al.en_items, [*d.al.tr_items, *cut], d.lang)
    cost = {(id(e), id(t)): pair_cost(e, t, d.model, d.lang, vocab) for e in omitted for t in cut}
    end = max(1, max((x.line for x in d.al.en_items), default=1))
    at = dict(zip((id(t) for t in cut), cut_at, strict=False))
    best = {id(t): min(omitted, key=lambda x: cost[id(x), id(t)]) for t in cut}
    sure = {id(t): [x for x in omitted if cost[id(x), id(t)] <= FAR_SURE] for t in cut}
    # a unit surely matching several English units (a paragraph the English writes twice) is the one nearest
    # the English the other removed units surely and only match: diffusers ko training/text2image.md says
    # "Modify the script if you want to use custom loading logic..." under PyTorch and under Flax, "Remove
    # JAX/Flax" took the Flax section out of the translation, and the PyTorch one, dropped, was taken for it
    only = [x.line for t in cut if len(sure[id(t)]) == 1 for x in sure[id(t)]]
    if only:
        for t in cut:
            if len(sure[id(t)]) > 1:
                best[id(t)] = min(sure[id(t)], key=lambda x: min(abs(x.line - line) for line in only))
    out: set[int] = set()
    for t in cut:
        e = best[id(t)]
        c = cost[id(e), id(t)]
        close = abs(e.line / end - at.get(id(t), -1.0)) <= CUT_PLACE
        if c <= FAR_SURE or (c <= CUT_COST and close and min(cut, key=lambda y: cost[id(e), id(y)]) is t):
            out.add(id(e))
    return out


def restructured(beads: list[Bead], followed: list[Item] | list[str] | None, was_cut: set[int]) -> float | None:
    """The share of the English prose units (of the ``followed`` English, when given) the aligner paired, when
    it says the translation was restructured or made from another English; None when it does not. 13 of 20
    omissions sampled on docs pairing under :data:`MIN_PAIRED` were paragraphs translated elsewhere -- and
    that leaves translated units unpaired too (:data:`MIN_LEFT`), or English units unpaired in several places
    (:data:`MIN_RUNS`): a translation lacking one whole section
    (smolagents ko tutorials/memory.md without "Dynamically change the agent's memory", eight paragraphs)
    pairs 47% and is no restructuring. Units whose translation a later commit took out do not count
    (diffusers ko training/text2image.md lost its Flax section to "Remove JAX/Flax")."""
    units = [(b.move, e) for b in beads for e in b.en if not e.heading and chars(e.text) >= MIN_OMISSION
             and id(e) not in was_cut and (followed is None or b.move is not Move.OMIT or in_english(e, followed))]
    left = sum(move is Move.OMIT for move, _e in units)
    extra = sum(1 for b in beads if b.move is Move.INSERT and chars(b.tr[0].text) >= MIN_OMISSION)
    runs = sum(1 for (m, _e), (n, _f) in zip([(Move.MATCH, None), *units], units, strict=False)
               if n is Move.OMIT and m is not Move.OMIT)
    share = 1 - left / len(units) if units else 1.0
    return share if share < MIN_PAIRED and left >= MIN_RESTRUCTURED and (extra >= MIN_LEFT or runs >= MIN_RUNS) \
        else None


MIN_LEFT = 2
"""Translated units left unpaired from which a low paired share means a restructured translation."""
MIN_RUNS = 3
"""Runs of unpaired English units from which a low paired share means a restructured translation: diffusers
ko training/lora.md keeps the text-to-image part of an English it reorganised, and leaves out three
pieces of it."""
