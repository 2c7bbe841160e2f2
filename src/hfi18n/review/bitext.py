"""A bitext aligner of the English and the translation, Gale–Church style, for omissions and duplications.

The review's first pairing (:mod:`.align`) keeps only pairs it is sure of and leaves everything else
unpaired, which is right for placing findings but cannot say *why* a paragraph is unpaired. Measured by
dropping or duplicating one paragraph per translated doc (``bench/bench_review_injection.py``), the
threshold rules built on it found 60% of dropped and 66% of duplicated paragraphs, none under 60
characters that followed a short neighbour, and none at all on drifted docs.

Here every prose unit of both docs is placed by dynamic programming with explicit moves, as bitext
aligners do (Gale & Church 1993, hunalign): ``1-1`` (a translation), ``1-0`` (English translated by
nothing: an omission), ``0-1`` (a translated unit translating nothing: added or duplicated), ``2-1`` and
``1-2`` (paragraphs merged or split by the translator: not omissions). The cost of a move is

- a length cost: ``-log P(|δ|)`` with ``δ = (l_t - c·l_e) / sqrt(s²·l_e)``, ``c`` and ``s²`` learned per
  language from the repository's own human translations (:class:`LengthModel`), not fixed thresholds;
- an anchor cost from what survives translation: inline code, link targets, references, numbers and
  names shared by both sides lower it, those on one side only raise it;
- the prior of the move (1-1 most likely, 1-0 and 0-1 rare).

Headings aligned by anchor cut the docs into sections, and each section is aligned on its own (a few
units each: the quadratic DP stays cheap on 8,000-heading docs).
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..repo.layout import DEFAULT_DOCS_ROOT
from ..scripts import target_scripts
from ..translate.aligned import LENGTH_RATIO, Item, aligned_units

_WS_RE = re.compile(r"\s+")


@lru_cache(maxsize=16384)
def chars(text: str) -> int:
    """Length of a unit: characters without whitespace (Korean spacing and line wraps vary)."""
    return len(_WS_RE.sub("", text))


class Move(str, enum.Enum):
    """A move of the aligner: how many English and translated units it takes."""

    MATCH = "1-1"
    OMIT = "1-0"
    INSERT = "0-1"
    MERGE = "2-1"
    SPLIT = "1-2"


_STEPS = {Move.MATCH: (1, 1), Move.OMIT: (1, 0), Move.INSERT: (0, 1), Move.MERGE: (2, 1), Move.SPLIT: (1, 2)}
PRIOR = {Move.MATCH: 0.0, Move.OMIT: 4.5, Move.INSERT: 4.5, Move.MERGE: 6.5, Move.SPLIT: 6.5}
"""``-log`` prior of each move, relative to 1-1. Gale & Church give 2-1 and 1-2 ten times the
probability of 1-0; here a merge costs more than an omission, so a merge must be *shown* by the length
(and anchors) of the merged paragraph: with 2-1 at 2.0, a dropped one-sentence paragraph next to a long
one was taken as merged (a Chinese paragraph of 19 characters is within the length noise of a 100-character
one), and 16 of 103 dropped paragraphs went unreported."""
ANCHOR_SHARED = 2.0
"""Cost removed per protected span, name or number found on both sides."""
ANCHOR_ONE_SIDE = 1.0
"""Cost added per span, name or number found on one side only (capped by :data:`ANCHOR_CAP`)."""
ANCHOR_CAP = 5.0


@dataclass(slots=True, frozen=True)
class LengthModel:
    """Length of a translation relative to its English: ``l_t ≈ c·l_e`` with variance ``s²·l_e``."""

    c: float
    """Translated characters per English character."""
    s2: float
    """Variance of the translated length per English character."""
    pairs: int = 0
    """Human-translated pairs it was learned from (0: the built-in default)."""

    @classmethod
    def default(cls, lang: str) -> LengthModel:
        c = LENGTH_RATIO.get(lang, 1.0)
        return cls(c, 1.5 * c)  # about what the three corpora's ko and zh translations give (1.35c, 1.8c)

    @classmethod
    def learn(cls, pairs: Iterable[tuple[str, str]], lang: str) -> LengthModel:
        """The model of ``(english, translation)`` pairs (aligned human translations); pairs under 20
        English characters, and the 10% farthest from the median ratio, are left out (labels, and
        pairings of a drifted doc). The variance is doubled: what is left after trimming is a Gaussian
        core, and translators' lengths have heavier tails (with the trimmed variance, a Chinese paragraph a
        little long for its English was taken as two English paragraphs merged). Falls back to
        :meth:`default` with fewer than 30 pairs."""
        data = [(chars(e), chars(t)) for e, t in pairs]
        data = [(le, lt) for le, lt in data if le >= 20 and lt > 0]
        if len(data) < 30:
            return cls.default(lang)
        ratios = sorted(lt / le for le, lt in data)
        median = ratios[len(ratios) // 2]
        data.sort(key=lambda p: abs(math.log(p[1] / p[0] / median)))
        kept = data[: max(30, int(len(data) * 0.9))]
        c = sum(lt for _le, lt in kept) / sum(le for le, _lt in kept)
        s2 = sum((lt - c * le) ** 2 / le for le, lt in kept) / len(kept)
        return cls(c, max(2 * s2, 0.5 * c), len(kept))

    @classmethod
    def of_checkout(cls, repo: Path, lang: str, docs_root: str = DEFAULT_DOCS_ROOT) -> LengthModel:
        """The model learned from the aligned human translations of ``lang`` in a checkout."""
        return cls.learn(((u.en, u.tr) for u in aligned_units(repo, lang, docs_root, history=False)), lang)

    def cost(self, le: int, lt: int) -> float:
        """``-log`` of the two-sided probability of a length difference at least this large."""
        delta = (lt - self.c * le) / math.sqrt(self.s2 * max(le, 1))
        return -math.log(max(math.erfc(abs(delta) / math.sqrt(2)), 1e-12))

    def describe(self) -> str:
        where = f"learned from {self.pairs} human-translated pairs" if self.pairs else "built-in default"
        return f"length ratio {self.c:.2f} ({where})"


@dataclass(slots=True, frozen=True)
class Bead:
    """One move of the alignment: the English and translated units it takes."""

    move: Move
    en: tuple[Item, ...]
    tr: tuple[Item, ...]
    cost: float


_LATIN_WORD_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+_-]*[A-Za-z0-9]|[0-9]")
_SYMBOL_RE = re.compile(r"[\u2190-\u2bff\U0001F000-\U0001FAFF]")


def marks(items: Sequence[Item], every_word: bool = False) -> frozenset[str]:
    """What may survive translation: protected spans (``"`x"``), names and numbers, emoji (👉, ✅);
    with ``every_word`` also every Latin-script word outside code (``"~word"``), for a target language
    written in another script, where an English word left in the translation (``text-to-SQL``,
    ``pipeline``) is as good as a name. Spans and words are told apart: ``agent`` as prose in every
    English paragraph is not the `agent` of one translated code span."""
    out: set[str] = set()
    for it in items:
        out.update("`" + x for x in it.spans)
        out |= it.keep
        out.update(_SYMBOL_RE.findall(it.text))
        if every_word:
            out.update("~" + w.lower() for w in _LATIN_WORD_RE.findall(it.text))
    return frozenset(out)


def _anchor_cost(e: frozenset[str], t: frozenset[str]) -> float:
    """Shared marks lower the cost; spans, names and numbers on one side only raise it (a plain word
    on one side says little: "model" is in half the English paragraphs)."""
    if not e and not t:
        return 0.0
    shared = len(e & t)
    alone = sum(1 for x in e ^ t if not x.startswith("~"))
    return min(ANCHOR_ONE_SIDE * alone, ANCHOR_CAP) - ANCHOR_SHARED * shared


def pair_cost(e: Item, t: Item, model: LengthModel, lang: str, vocab: frozenset[str]) -> float:
    """Cost of a 1-1 bead of ``e`` and ``t`` (as :func:`_section` counts it), wherever they are."""
    every_word = target_scripts(lang) is not None
    return model.cost(chars(e.text), chars(t.text)) + _anchor_cost(marks([e], every_word) & vocab,
                                                                   marks([t], every_word) & vocab)


def vocabulary(en: Sequence[Item], tr: Sequence[Item], lang: str) -> frozenset[str]:
    """The marks found on both sides somewhere in the docs (see :func:`align_bitext`)."""
    every_word = target_scripts(lang) is not None
    return marks(en, every_word) & marks(tr, every_word)


def _unsupported(part: frozenset[str], other: frozenset[str]) -> bool:
    """One unit of a 2-1 or 1-2 bead has code, links, names or numbers, none of them on the other side:
    it is not merged, it is missing (smolagents zh memory.md: the paragraph with
    `agent.memory.get_full_steps()` dropped was taken as merged into its neighbour, whose English words
    "step callbacks" the translation kept)."""
    strong = {x for x in part if not x.startswith("~")}
    return bool(strong) and not strong & other


def _section(es: list[Item], ts: list[Item], model: LengthModel, vocab: frozenset[str],
             every_word: bool) -> list[Bead]:
    """Minimum-cost alignment of one section (no headings inside); ``vocab``: the marks worth comparing."""
    n, m = len(es), len(ts)
    le = [chars(e.text) for e in es]
    lt = [chars(t.text) for t in ts]
    me = [marks([e], every_word) & vocab for e in es]
    mt = [marks([t], every_word) & vocab for t in ts]
    inf = float("inf")
    best = [[inf] * (m + 1) for _ in range(n + 1)]
    back: list[list[Move | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    best[0][0] = 0.0
    skip_cost = {Move.OMIT: PRIOR[Move.OMIT], Move.INSERT: PRIOR[Move.INSERT]}
    for i in range(n + 1):
        for j in range(m + 1):
            here = best[i][j]
            if here == inf:
                continue
            for move, (di, dj) in _STEPS.items():
                a, b = i + di, j + dj
                if a > n or b > m:
                    continue
                if move in skip_cost:
                    c = skip_cost[move]
                else:
                    union_e, union_t = frozenset().union(*me[i:a]), frozenset().union(*mt[j:b])
                    c = PRIOR[move] + model.cost(sum(le[i:a]), sum(lt[j:b])) + _anchor_cost(union_e, union_t)
                    if move is Move.MERGE:
                        c += sum(PRIOR[Move.OMIT] for x in me[i:a] if _unsupported(x, union_t))
                    elif move is Move.SPLIT:
                        c += sum(PRIOR[Move.INSERT] for x in mt[j:b] if _unsupported(x, union_e))
                if here + c < best[a][b]:
                    best[a][b] = here + c
                    back[a][b] = move
    beads: list[Bead] = []
    i, j = n, m
    while i or j:
        move = back[i][j]
        assert move is not None
        di, dj = _STEPS[move]
        beads.append(Bead(move, tuple(es[i - di:i]), tuple(ts[j - dj:j]), best[i][j] - best[i - di][j - dj]))
        i, j = i - di, j - dj
    beads.reverse()
    return beads


def align_bitext(en: list[Item], tr: list[Item], heading_pairs: Iterable[tuple[Item, Item]],
                 model: LengthModel, lang: str = "ko") -> list[Bead]:
    """Beads of the whole docs: aligned headings (given, as :mod:`.align` pairs them by anchor) as 1-1
    beads, and each section between them aligned by :func:`_section`. Unpaired headings are left out.

    Only marks found on both sides somewhere in the docs are compared: a capitalised word that starts an
    English sentence ("This", "For") never survives translation, and counting it as missing made every
    pairing look worse alike."""
    every_word = target_scripts(lang) is not None
    vocab = vocabulary(en, tr, lang)
    pos_e = {id(x): k for k, x in enumerate(en)}
    pos_t = {id(x): k for k, x in enumerate(tr)}
    cuts = sorted((pos_e[id(e)], pos_t[id(t)]) for e, t in heading_pairs if id(e) in pos_e and id(t) in pos_t)
    out: list[Bead] = []
    ei = ti = 0
    for ej, tj in [*cuts, (len(en), len(tr))]:
        es = [x for x in en[ei:ej] if not x.heading]
        ts = [x for x in tr[ti:tj] if not x.heading]
        out.extend(_section(es, ts, model, vocab, every_word))
        if ej < len(en):
            out.append(Bead(Move.MATCH, (en[ej],), (tr[tj],), 0.0))
        ei, ti = ej + 1, tj + 1
    return out
