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
- a word cost from a bilingual lexicon induced from the same human translations (:class:`Lexicon`,
  hunalign-style), for the many short sentences that carry no code, link or name at all;
- the prior of the move (1-1 most likely, 1-0 and 0-1 rare).

Headings aligned by anchor cut the docs into sections, and each section is aligned on its own (a few
units each: the quadratic DP stays cheap on 8,000-heading docs); a big section (headings that do not
pair) is aligned in a band around its diagonal, so the work stays linear in the doc's length.
"""

from __future__ import annotations

import enum
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ..doc import BlockKind
from ..scripts import target_scripts
from .band import banded
from .units import LENGTH_RATIO, Item

_WS_RE = re.compile(r"\s+")


@lru_cache(maxsize=65536)
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
CROSS = PRIOR[Move.OMIT] + PRIOR[Move.INSERT]
"""Added cost of a bead pairing units on either side of a heading only one doc has (see :func:`align_bitext`):
what leaving both units out costs, so only a pairing sure on its own (cost under zero: shared code, links,
names) crosses it. At half of it, huggingface_hub or installation.md's "Once done, [check
installation](...)" (a third longer in Odia) still paired with the last paragraph of the dropped section."""
"""``-log`` prior of each move, relative to 1-1. Gale & Church give 2-1 and 1-2 ten times the
probability of 1-0; here a merge costs more than an omission, so a merge must be *shown* by the length
(and anchors) of the merged paragraph: with 2-1 at 2.0, a dropped one-sentence paragraph next to a long
one was taken as merged (a Chinese paragraph of 19 characters is within the length noise of a 100-character
one), and 16 of 103 dropped paragraphs went unreported."""
ANCHOR_SHARED = 2.0
"""Cost removed per protected span, name or number found on both sides."""
ANCHOR_ONE_SIDE = 1.0
"""Cost added per name or number found on one side only (capped by :data:`ANCHOR_CAP`)."""
ANCHOR_ADDED_SPAN = 3.0
"""Cost added per protected span (inline code) of the translated side that its English lacks (capped by
:data:`ANCHOR_CAP`): a translation writes no code of its own, so a span there that the paired English does
not hold says the pair is wrong nearly as surely as a shared one says it is right (only spans the English
holds somewhere count: :func:`vocabulary`). The other way it says less: a translator may reword a span of
the English away (smolagents zh guided_tour.md drops "Python"; ``test_review_precision``'s paragraph
translated in another section without ``demo.run`` is still that paragraph), so a span of the English
missing from the translation weighs what a name does (:data:`ANCHOR_ONE_SIDE`).

At 1.0 on both sides the pair model shifted by one next to a merge (smolagents ko tutorials/memory.md,
round 37 of bench_properties): a translator merged the translations of "You can also use step callbacks
..." and "Step callbacks can access ...", and edited that of "Use `agent.memory.get_full_steps()` ...",
whose length then read twice what its English asks; the aligner left that English out (4.5), paired "You
can also use step callbacks ..." with the edited translation (its span added: +1, 1.34 in all) and "Step
callbacks ..." with the merged paragraph (5.65 in all), which beat the right path (2.18 and the merge at
5.09), so the update kept the human edit as its neighbour's translation, unsaid. At 3.0 that shift costs
7.65."""
ANCHOR_CAP = 5.0


def _anchor(alone: int, added: int, shared: int) -> float:
    """The anchor cost, defined once (:func:`anchor_cost`, and the aligner's inner loop,
    :func:`_section_in`): ``alone`` strong marks on one side only, ``added`` of them spans of the translated
    side (:data:`ANCHOR_ADDED_SPAN`), ``shared`` marks on both sides."""
    return (min(ANCHOR_ONE_SIDE * alone + (ANCHOR_ADDED_SPAN - ANCHOR_ONE_SIDE) * added, ANCHOR_CAP)
            - ANCHOR_SHARED * shared)


_EN_WORD_RE = re.compile(r"[a-z]{3,}")
_STOP_WORDS = """about after again also an and any are as at be been before being both but by can could did
do does each for from had has have here how if in into is it its just may more most much must need not now of
on once one only or other our out over same see should so some such than that the their them then there these
they this those through to too under until up use used using very was way we were what when where which while
who why will with would you your yours"""
_STOP = frozenset(_STOP_WORDS.split())


@lru_cache(maxsize=16384)
def en_words(text: str) -> frozenset[str]:
    """Content words of English prose: lowercased, 3+ letters, a plural ``s`` dropped, stop words out."""
    out = set()
    for w in _EN_WORD_RE.findall(text.lower()):
        if w in _STOP:
            continue
        if len(w) > 4 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.add(w)
    return frozenset(out)


@lru_cache(maxsize=16384)
def tr_tokens(text: str, lang: str) -> frozenset[str]:
    """Tokens of a translation that a lexicon associates with English words: for a language written in
    another script, bigrams of its letters in runs of that script (Korean particles and Chinese or Japanese
    words without spaces: 메모리를 gives 메모 and 모리, which is how 메모리 is found); otherwise lowercased
    words (Latin-script words in a Korean text are compared as marks, not here)."""
    if target_scripts(lang) is None:
        return frozenset(w for w in _EN_WORD_RE.findall(text.lower()))
    out: set[str] = set()
    for run in _SCRIPT_RUN_RE.findall(text):
        if len(run) == 1:
            out.add(run)
        out.update(run[k:k + 2] for k in range(len(run) - 1))
    return frozenset(out)


_SCRIPT_RUN_RE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+")


@dataclass(slots=True, frozen=True)
class WordSense:
    """What the lexicon knows of one English word."""

    tokens: frozenset[str]
    """Translated tokens associated with it (any one of them found counts as the word translated)."""
    hit: float
    """Share of the human translations of a paragraph with the word that have one of ``tokens``."""
    chance: float
    """Share of all translated paragraphs (of average length) that have one of ``tokens``."""


@dataclass(slots=True, frozen=True)
class Lexicon:
    """English words and the translated tokens that go with them, induced from the repository's own
    aligned human translations (Dice association of co-occurrence in aligned pairs, as dictionary-less
    bitext aligners bootstrap one).

    Why: the aligner's other costs are the length and what survives translation (code, links, names,
    numbers); a one-sentence paragraph with none of them ("또한 단계 콜백을 사용하여 에이전트의 메모리를
    동적으로 변경할 수도 있습니다.") could only be placed by length, and dropped next to a long one it was
    taken as merged into it. Words carry that: "memory" goes with 메모리, "training" with 학습, "model"
    with 模型, learned per language and checkout, no dictionary or model download needed (the injection
    bench's dropped paragraphs found went from 88 to 92 of 108 with it, 40 to 44 of 58 on drifted docs).
    Learning takes 0.1-0.5 s per language on the three corpora (a few hundred to 1,300 pairs)."""

    senses: dict[str, WordSense]
    mean_len: float
    """Average translated paragraph length (characters without spaces) of the pairs learned from."""
    _memo: dict[tuple[str, int], tuple[float, float]] = field(default_factory=dict, compare=False, repr=False)
    _known: dict[tuple[frozenset[str], int], list[tuple[frozenset[str], float, float]]] = field(
        default_factory=dict, compare=False, repr=False)
    """The known words of a set of English words and a length bucket, most reliable first, as their tokens
    and costs found and missing (:meth:`cost`)."""
    _buckets: dict[int, int] = field(default_factory=dict, compare=False, repr=False)

    MIN_PAIRS = 3
    """Pairs a word and a token must share to be associated."""
    MIN_DICE = 0.2
    """Dice coefficient from which a token is associated with a word (below, chance co-occurrence)."""
    MAX_SHARE = 0.3
    """Tokens found in more than this share of the translated paragraphs (하는, 可以) say nothing."""
    KEEP = 4
    """Tokens kept per word (its strongest associations)."""
    WEIGHT = 0.5
    """Cost per nat of word evidence: words of one paragraph are not independent."""
    MAX_WORD = 2.0
    """Largest cost, either way, of one word."""

    def __len__(self) -> int:
        return len(self.senses)

    @classmethod
    def learn(cls, pairs: Iterable[tuple[str, str]], lang: str) -> Lexicon | None:
        """The lexicon of ``(english, translation)`` pairs: each English word seen in 3+ pairs keeps its
        strongest associated tokens, and is kept when they are found in at least 40% of its pairs and twice
        as often as by chance (a word whose tokens say nothing is better unknown). None under 30 pairs."""
        data = [(en_words(e), tr_tokens(t, lang), chars(t)) for e, t in pairs]
        data = [d for d in data if d[0] and d[1]]
        if len(data) < 30:
            return None
        n = len(data)
        ce: Counter[str] = Counter()
        ct: Counter[str] = Counter()
        co: Counter[tuple[str, str]] = Counter()
        for ws, ts, _lt in data:
            ce.update(ws)
            ct.update(ts)
        common = {t for t, c in ct.items() if c > cls.MAX_SHARE * n or c < cls.MIN_PAIRS}
        for ws, ts, _lt in data:
            ws = [w for w in ws if ce[w] >= cls.MIN_PAIRS]
            ts = [t for t in ts if t not in common]
            for w in ws:
                for t in ts:
                    co[(w, t)] += 1
        best: dict[str, list[tuple[float, str]]] = {}
        for (w, t), c in co.items():
            if c < cls.MIN_PAIRS:
                continue
            dice = 2 * c / (ce[w] + ct[t])
            if dice >= cls.MIN_DICE:
                best.setdefault(w, []).append((dice, t))
        holders: dict[str, set[int]] = {}
        for k, (_ws, ts, _lt) in enumerate(data):
            for t in ts:
                holders.setdefault(t, set()).add(k)
        senses: dict[str, WordSense] = {}
        for w, cands in best.items():
            tokens = frozenset(t for _d, t in sorted(cands, reverse=True)[:cls.KEEP])
            having = set().union(*(holders[t] for t in tokens))
            hit = sum(1 for k in having if w in data[k][0]) / ce[w]
            chance = len(having) / n
            if hit >= 0.4 and hit > 2 * chance:
                senses[w] = WordSense(tokens, hit, chance)
        return cls(senses, sum(lt for *_x, lt in data) / n) if senses else None

    def cost(self, words: frozenset[str], tokens: frozenset[str], lt: int) -> float:
        """``-WEIGHT·log`` of how much likelier the words' tokens found (or not) in a translation of ``lt``
        characters are if it translates them than by chance (a longer paragraph holds more by chance).

        A token found counts for one English word only, the most reliable first: "setup", "default",
        "configuration" and "environment" all go with 环境 in diffusers zh, and a 12-character "初始化🤗
        Accelerate环境：" paired with a long English paragraph naming them all rather than with its own
        one-line English ("Initialize an 🤗 Accelerate environment:", training/controlnet.md)."""
        total = 0.0
        bucket = self._buckets.get(lt)
        if bucket is None:
            bucket = self._buckets[lt] = round(4 * math.log2(max(lt, 1) / self.mean_len))
        key = (words, bucket)
        known = self._known.get(key)
        if known is None:  # the aligner asks with one English unit's words for every column of its row
            if len(self._known) > 200_000:
                self._known.clear()
            ranked = sorted(((self.senses[w].hit, w) for w in words if w in self.senses), reverse=True)
            known = self._known[key] = [(self.senses[w].tokens, *self._evidence(w, self.senses[w], bucket))
                                        for _hit, w in ranked]
        claimed: set[str] = set()
        for sense_tokens, found, missing in known:
            if sense_tokens.isdisjoint(tokens):
                total += missing
            elif not (sense_tokens & tokens) <= claimed:
                claimed |= sense_tokens & tokens
                total += found
        return self.WEIGHT * total

    def _evidence(self, w: str, sense: WordSense, bucket: int) -> tuple[float, float]:
        """Costs of ``w``'s tokens found and missing in a translation of length bucket ``bucket``
        (quarter-octaves of the mean length), memoised: the aligner asks for them in every cell."""
        key = (w, bucket)
        got = self._memo.get(key)
        if got is None:
            chance = min(1 - (1 - sense.chance) ** (2 ** (bucket / 4)), 0.95)
            if chance >= sense.hit:
                got = (0.0, 0.0)
            else:
                got = (-min(math.log(sense.hit / max(chance, 0.01)), self.MAX_WORD),
                       min(math.log((1 - chance) / max(1 - sense.hit, 0.05)), self.MAX_WORD))
            self._memo[key] = got
        return got


@dataclass(slots=True, frozen=True)
class LengthModel:
    """Length of a translation relative to its English: ``l_t ≈ c·l_e`` with variance ``s²·l_e``; and the
    word :class:`Lexicon` learned from the same human translations (one read of them gives both)."""

    c: float
    """Translated characters per English character."""
    s2: float
    """Variance of the translated length per English character."""
    pairs: int = 0
    """Human-translated pairs it was learned from (0: the built-in default)."""
    lexicon: Lexicon | None = None
    """Word associations learned from the same pairs (None: none learned, too few pairs)."""

    def to_plain(self) -> tuple[object, ...]:
        """The model as plain values (:mod:`marshal`), for the persistent cache."""
        lex = self.lexicon
        return (self.c, self.s2, self.pairs, None if lex is None else (
            {w: (sorted(s.tokens), s.hit, s.chance) for w, s in lex.senses.items()}, lex.mean_len))

    @classmethod
    def from_plain(cls, data: object) -> LengthModel:
        c, s2, pairs, lex = data  # type: ignore[misc]
        lexicon = None if lex is None else Lexicon(
            {str(w): WordSense(frozenset(t), float(h), float(ch)) for w, (t, h, ch) in lex[0].items()}, float(lex[1]))
        return cls(float(c), float(s2), int(pairs), lexicon)

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
        pairs = list(pairs)
        data = [(chars(e), chars(t)) for e, t in pairs]
        data = [(le, lt) for le, lt in data if le >= 20 and lt > 0]
        if len(data) < 30:
            return cls.default(lang)
        lexicon = Lexicon.learn(pairs, lang)
        ratios = sorted(lt / le for le, lt in data)
        median = ratios[len(ratios) // 2]
        data.sort(key=lambda p: abs(math.log(p[1] / p[0] / median)))
        kept = data[: max(30, int(len(data) * 0.9))]
        c = sum(lt for _le, lt in kept) / sum(le for le, _lt in kept)
        s2 = sum((lt - c * le) ** 2 / le for le, lt in kept) / len(kept)
        return cls(c, max(2 * s2, 0.5 * c), len(kept), lexicon)

    def cost(self, le: int, lt: int) -> float:
        """``-log`` of the two-sided probability of a length difference at least this large."""
        delta = (lt - self.c * le) / math.sqrt(self.s2 * max(le, 1))
        return -math.log(max(math.erfc(abs(delta) / math.sqrt(2)), 1e-12))

    def describe(self) -> str:
        where = f"learned from {self.pairs} human-translated pairs" if self.pairs else "built-in default"
        words = f", {len(self.lexicon)} word associations" if self.lexicon else ""
        return f"length ratio {self.c:.2f} ({where}{words})"

    def words_cost(self, en_words: frozenset[str], tr_tokens: frozenset[str], lt: int) -> float:
        """The lexicon's cost of pairing English words ``en_words`` with a translation of ``lt`` characters
        holding ``tr_tokens`` (0 without a lexicon)."""
        return self.lexicon.cost(en_words, tr_tokens, lt) if self.lexicon is not None else 0.0


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
    if len(items) == 1:
        it = items[0]
        return _item_marks(it.spans, it.keep, it.text, every_word)
    out: set[str] = set()
    for it in items:
        out |= _item_marks(it.spans, it.keep, it.text, every_word)
    return frozenset(out)


@lru_cache(maxsize=65536)
def _item_marks(spans: frozenset[str], keep: frozenset[str], text: str, every_word: bool) -> frozenset[str]:
    """The marks of one unit, memoised: the review's passes ask for those of every unit again for each
    omission they weigh (3,000 paragraphs: 34,000 calls, a quarter of the review's time)."""
    out: set[str] = {"`" + x for x in spans}
    out |= keep
    out.update(_SYMBOL_RE.findall(text))
    if every_word:
        out.update("~" + w.lower() for w in _LATIN_WORD_RE.findall(text))
    return frozenset(out)


def anchor_cost(e: frozenset[str], t: frozenset[str]) -> float:
    """Shared marks lower the cost; spans, names and numbers on one side only raise it, a span the
    translation adds most (:data:`ANCHOR_ADDED_SPAN`; a plain word on one side says little: "model" is in half the English
    paragraphs)."""
    if not e and not t:
        return 0.0
    alone = sum(1 for x in e ^ t if not x.startswith("~"))
    return _anchor(alone, sum(1 for x in t - e if x.startswith("`")), len(e & t))


def pair_cost(e: Item, t: Item, model: LengthModel, lang: str, vocab: frozenset[str]) -> float:
    """Cost of a 1-1 bead of ``e`` and ``t`` (as :func:`_section` counts it), wherever they are."""
    every_word = target_scripts(lang) is not None
    lt = chars(t.text)
    return model.cost(chars(e.text), lt) + anchor_cost(marks([e], every_word) & vocab,
                                                        marks([t], every_word) & vocab) \
        + model.words_cost(en_words(e.text), tr_tokens(t.text, lang), lt)


def vocabulary(en: Sequence[Item], tr: Sequence[Item], lang: str) -> frozenset[str]:
    """The marks found on both sides somewhere in the docs (see :func:`align_bitext`)."""
    every_word = target_scripts(lang) is not None
    return marks(en, every_word) & marks(tr, every_word)


def span_tails(spans: Iterable[str]) -> frozenset[str]:
    """Code spans, and link targets by their last path part, as a unit merged into another is matched by them
    (:func:`align_bitext`): a translator may write a link absolute, "https://huggingface.co/docs/diffusers/
    v0.18.2/en/training/unconditional_training" for "unconditional_training" (diffusers ko
    training/create_dataset.md, in the web app's write that bench_properties merged). Links within the
    page are left out: a translation may name its own anchors."""
    return frozenset(x.split("#")[0].rstrip("/").rsplit("/", 1)[-1] or x for x in spans if not x.startswith("#"))


def _unsupported(part: frozenset[str], other: frozenset[str]) -> bool:
    """One unit of a 2-1 or 1-2 bead has code, links, names or numbers, none of them on the other side:
    it is not merged, it is missing (smolagents zh memory.md: the paragraph with
    `agent.memory.get_full_steps()` dropped was taken as merged into its neighbour, whose English words
    "step callbacks" the translation kept). An English unit's code and links count even when the
    translation has them nowhere -- the unit dropped took the only copy with it: "- [Upload](./guides/upload)
    files to the Hub" dropped from huggingface_hub ko quick-start.md was taken as merged into the item
    before it (issue 34)."""
    strong = {x for x in part if not x.startswith("~")}
    return bool(strong) and not strong & other


_RUNNING = frozenset({BlockKind.PARAGRAPH, BlockKind.CALLOUT})
_CALLOUT = BlockKind.CALLOUT


def mergeable(a: BlockKind, b: BlockKind) -> bool:
    """A unit of kind ``a`` can be merged into (or split from) one of kind ``b``: the same kind, or running
    text (a paragraph written into a tip: diffusers ko using-diffusers/loading.md). Not a paragraph into a
    table: diffusers zh optimization/tgate.md "To use T-GATE with a pipeline, you need to use its
    corresponding loader." dropped was taken as merged into the table after it, which shares its names. Nor
    is a 1-1 bead of other kinds a pair: huggingface_hub or index.md with its last section dropped had
    "Contributors should also be respectful..." paired with the text of an HTML card."""
    return a is b or (a in _RUNNING and b in _RUNNING)


MIN_KNOWN = 2
"""English words the lexicon knows, from which a merged paragraph must show some of them translated."""
SAID = -1.0
"""Word-and-mark evidence (cost) a merged paragraph must reach to count as translated in the merge."""


def _unsaid(model: LengthModel, words: frozenset[str], tokens: frozenset[str], lt: int,
            shared: frozenset[str]) -> bool:
    """One English paragraph of a 2-1 bead whose own words and marks say nothing of the translation: it is
    not merged, it is missing. The union of the two paragraphs shares the other one's code and words, and
    that reward swamped the cost of the gap (diffusers ko tutorials/basic_training.md: "By now, you have
    most of the pieces..." dropped was taken as merged into "First, you'll need an optimizer and a learning
    rate scheduler:", whose translation kept optimizer and learning rate scheduler in English)."""
    if model.lexicon is None or sum(w in model.lexicon.senses for w in words) < MIN_KNOWN:
        return False
    return model.words_cost(words, tokens, lt) - ANCHOR_SHARED * len(shared) > SAID


def _left_in_english(es: list[Item], le: list[int], i: int, a: int, t: Item, lt: int) -> int | None:
    """The English unit of ``es[i:a]`` whose text the translated unit ``t`` is, left untranslated, if one is:
    then ``t`` holds no translation of the others, which are missing, not merged (diffusers ko
    optimization/onnx.md keeps "Notice that we didn't have to specify `export=True` above." in English,
    and a dropped "그 다음 추론을 수행합니다:" before it was taken as "Then perform inference:" merged into it)."""
    for k in range(i, a):
        if le[k] == lt and _WS_RE.sub("", es[k].text) == _WS_RE.sub("", t.text):
            return k
    return None


def _section(es: list[Item], ts: list[Item], model: LengthModel, vocab: frozenset[str],
             every_word: bool, lang: str, walls: frozenset[int] = frozenset(),
             listed: frozenset[int] = frozenset(), lazy: frozenset[int] = frozenset(),
             parts: Mapping[int, int] | None = None) -> list[Bead]:
    """Minimum-cost alignment of one section (no headings inside); ``vocab``: the marks worth comparing.

    In a band once the section is big (:func:`.band.banded`)."""
    return banded(len(es), len(ts),
                  lambda band: _section_in(es, ts, model, vocab, every_word, lang, band, walls, listed, lazy, parts))


def _section_in(es: list[Item], ts: list[Item], model: LengthModel, vocab: frozenset[str],
                every_word: bool, lang: str, band: list[tuple[int, int]],
                walls: frozenset[int] = frozenset(),
                listed: frozenset[int] = frozenset(),
                lazy: frozenset[int] = frozenset(),
                parts: Mapping[int, int] | None = None) -> tuple[list[Bead], bool]:
    """The alignment of :func:`_section` within ``band`` (columns of each row), and whether its path
    touches an edge of the band that is not an edge of the table.

    The inner loop is most of a review's time (45% of a 3,000-paragraph doc), so what a move takes is made
    once: each unit's marks (and those of two neighbours, for merges and splits) with their strong part,
    lengths and words are set up per row and per column, and the length cost is kept per pair of lengths;
    every cost is the sum the straightforward loop makes, in the same order (the same floats)."""
    n, m = len(es), len(ts)
    le = [chars(e.text) for e in es]
    lt = [chars(t.text) for t in ts]
    me = [marks([e], every_word) & vocab for e in es]
    mt = [marks([t], every_word) & vocab for t in ts]
    spans = [frozenset("`" + x for x in e.spans) for e in es]
    tails_e = [span_tails(e.spans) for e in es]
    tails_t = [span_tails(t.spans) for t in ts]
    we = [en_words(e.text) for e in es] if model.lexicon is not None else [frozenset()] * n
    wt = [tr_tokens(t.text, lang) for t in ts] if model.lexicon is not None else [frozenset()] * m

    def strong(x: frozenset[str]) -> frozenset[str]:
        return frozenset(y for y in x if not y.startswith("~"))

    def code(x: frozenset[str]) -> frozenset[str]:
        return frozenset(y for y in x if y.startswith("`"))

    # (marks, strong marks, length, words, spans) of one unit and of two neighbours, on each side
    e1 = [(me[i], strong(me[i]), le[i], we[i], code(me[i])) for i in range(n)]
    e2 = [(me[i] | me[i + 1], strong(me[i] | me[i + 1]), le[i] + le[i + 1], we[i] | we[i + 1],
           code(me[i] | me[i + 1])) for i in range(n - 1)]
    t1 = [(mt[j], strong(mt[j]), lt[j], wt[j], code(mt[j])) for j in range(m)]
    t2 = [(mt[j] | mt[j + 1], strong(mt[j] | mt[j + 1]), lt[j] + lt[j + 1], wt[j] | wt[j + 1],
           code(mt[j] | mt[j + 1])) for j in range(m - 1)]
    # a 2-1 or 1-2 bead of a list item and the paragraph after it, on the side whose item holds that
    # paragraph as a lazy continuation (``lazy``), costs what a match does: the source wrote two units as one
    item_then_text_e = [id(es[i]) in listed and id(es[i + 1]) not in listed for i in range(n - 1)]
    item_then_text_t = [id(ts[j]) in listed and id(ts[j + 1]) not in listed for j in range(m - 1)]
    lazy_e = [id(e) in lazy for e in es]
    lazy_t = [id(t) in lazy for t in ts]
    # the part of its side each unit is in (see align_bitext); None when no heading was left out
    part_e = [parts.get(id(e), 0) for e in es] if parts else None
    part_t = [parts.get(id(t), 0) for t in ts] if parts else None
    length_cost: dict[tuple[int, int], float] = {}
    words_cost = model.words_cost if model.lexicon is not None else None
    anchor = _anchor

    def cost(prior: float, e: tuple, t: tuple) -> float:
        """``PRIOR + length + anchor_cost + words_cost`` of a move taking ``e`` and ``t``."""
        key = (e[2], t[2])
        lc = length_cost.get(key)
        if lc is None:
            lc = length_cost[key] = model.cost(e[2], t[2])
        ac = 0.0 if not e[0] and not t[0] else anchor(len(e[1] ^ t[1]), len(t[4] - e[4]), len(e[0] & t[0]))
        wc = words_cost(e[3], t[3], t[2]) if words_cost is not None else 0.0
        return prior + lc + ac + wc

    inf = float("inf")
    best = [[inf] * (hi - lo + 1) for lo, hi in band]
    back: list[list[Move | None]] = [[None] * (hi - lo + 1) for lo, hi in band]
    best[0][0 - band[0][0]] = 0.0
    p_match, p_omit, p_insert, p_merge, p_split = (PRIOR[Move.MATCH], PRIOR[Move.OMIT], PRIOR[Move.INSERT],
                                                   PRIOR[Move.MERGE], PRIOR[Move.SPLIT])
    for i in range(n + 1):
        lo_i, hi_i = band[i]
        row = best[i]
        for j in range(lo_i, hi_i + 1):
            here = row[j - lo_i]
            if here == inf:
                continue
            for move, (di, dj) in _STEPS.items():
                a, b = i + di, j + dj
                if a > n or b > m:
                    continue
                lo_a, hi_a = band[a]
                if not lo_a <= b <= hi_a:
                    continue
                if move is Move.MATCH:
                    if not mergeable(es[i].kind, ts[j].kind) or (id(es[i]) in listed) != (id(ts[j]) in listed):
                        continue  # another kind of block (see mergeable), or a list item and a paragraph
                    c = cost(p_match, e1[i], t1[j])
                    if part_e is not None and part_e[i] != part_t[j]:
                        c += CROSS
                elif move is Move.OMIT:
                    c = p_omit
                elif move is Move.INSERT:
                    c = p_insert
                elif move is Move.MERGE:
                    if id(es[i + 1]) in walls or not all(mergeable(x.kind, ts[j].kind) for x in es[i:a]) or (
                            id(es[i + 1]) in listed and (id(ts[j]) in listed or id(es[i]) not in listed)) or (
                            ts[j].kind is not BlockKind.CALLOUT and _CALLOUT in (es[i].kind, es[i + 1].kind)):
                        continue  # (an item is never merged into one, nor into the paragraph before its list,
                        # nor a callout into a paragraph: align_bitext)
                    union_t, words_t, len_t = mt[j], wt[j], lt[j]
                    if any(tails_e[k] and not tails_e[k] & tails_t[j] for k in range(i, a)):
                        continue  # (code and links it has, none of them there: not merged, see align_bitext)
                    c = cost(p_match if lazy_t[j] and item_then_text_e[i] else p_merge, e2[i], t1[j])
                    left = _left_in_english(es, le, i, a, ts[j], lt[j])
                    c += sum(p_omit for k in range(i, a) if _unsupported(me[k] | spans[k], union_t)
                             or _unsaid(model, we[k], words_t, len_t, me[k] & union_t)
                             or (left is not None and left != k))
                    if part_e is not None and not part_e[i] == part_e[i + 1] == part_t[j]:
                        c += CROSS
                else:  # SPLIT
                    if id(ts[j + 1]) in walls or not all(mergeable(x.kind, es[i].kind) for x in ts[j:b]) or (
                            id(ts[j + 1]) in listed and id(es[i]) in listed):
                        continue  # (one list item is never two: align_bitext)
                    c = cost(p_match if lazy_e[i] and item_then_text_t[j] else p_split, e1[i], t2[j])
                    union_e = me[i]
                    c += sum(p_insert for x in mt[j:b] if _unsupported(x, union_e))
                    if part_e is not None and not part_e[i] == part_t[j] == part_t[j + 1]:
                        c += CROSS
                if here + c < best[a][b - lo_a]:
                    best[a][b - lo_a] = here + c
                    back[a][b - lo_a] = move
    beads: list[Bead] = []
    touched = False
    i, j = n, m
    while i or j:
        lo_i, hi_i = band[i]
        touched = touched or (j == lo_i and lo_i > 0) or (j == hi_i and hi_i < m)
        move = back[i][j - lo_i]
        assert move is not None
        di, dj = _STEPS[move]
        p, q = i - di, j - dj
        beads.append(Bead(move, tuple(es[p:i]), tuple(ts[q:j]), best[i][j - lo_i] - best[p][q - band[p][0]]))
        i, j = p, q
    beads.reverse()
    return beads, touched


def align_bitext(en: list[Item], tr: list[Item], heading_pairs: Iterable[tuple[Item, Item]],
                 model: LengthModel, lang: str = "ko", walls: frozenset[int] = frozenset(),
                 listed: frozenset[int] = frozenset(), lazy: frozenset[int] = frozenset(),
                 parts: Mapping[int, int] | None = None) -> list[Bead]:
    """Beads of the whole docs: aligned headings (given, as :mod:`.align` pairs them by anchor) as 1-1
    beads, and each section between them aligned by :func:`_section`. Unpaired headings are left out.

    ``walls``: ids of units that start a section of their doc (they follow a heading the pairing left
    out): no 2-1 or 1-2 bead joins one with the unit before it. diffusers ko optimization/onnx.md with its
    "## 설치" section dropped had "Install 🤗 Optimum with the following command..." merged into the
    paragraph above "## Installation", and the omission went unreported (issue 34).

    ``listed``: ids of the units that are list items: a list item pairs 1-1 only with a list item, a
    paragraph only with a paragraph (merged or split, either may become the other: diffusers ko
    using-diffusers/other-formats.md writes the second sentence of an English item as a paragraph after it). diffusers zh conceptual/contribution.md writes "Contributing to
    the library can have many forms:" into the paragraph before the list, and the aligner paired it with
    the first item instead, every item after with the English of the one before, and reported the last
    English item missing. Two English units are never merged into one translated list item when the second
    is a list item: a bullet renders one bullet (huggingface_hub ta installation.md with its "`fastai`,
    `torch`" item dropped had it merged into the "`dev`" item after it, at confidence 0; smolagents hi
    guided_tour.md, "Type hints on both inputs and output" into the description item). Nor is an English
    callout merged into a translated unit that is not one: its box would be gone (huggingface_hub cn
    guides/collections.md with its ``> [!WARNING]`` on truncated listings dropped had it merged into the
    paragraph after it; ``check`` saw the callout missing, the review did not). Nor is the first English item
    of a list merged into the paragraph before the list: its bullet would be gone (diffusers ja
    installation.md with its "[PyTorch] installation instructions" item dropped had it merged into "🤗
    Diffusers is tested on Python 3.8+, PyTorch 1.7.0+...", which names PyTorch). Nor is one English list item
    split into two translated items (smolagents hi guided_tour.md abridges "A clear `name`..." and had it
    taken as missing, the "A `description`" item split into both).

    Nor is an English unit with code or links (other than to a section of the page) merged into a translated
    unit that has none of them (:func:`span_tails`): a translation keeps code and link targets, and the names
    the two share say less (diffusers zh optimization/habana.md with "Diffusers pipelines can take advantage of HPU acceleration
    ... [Optimum for Intel Gaudi](...) ... [GPU Migration Toolkit](...)" dropped had it merged into the
    paragraph before, whose translation names HPU and is long for its own English).

    ``lazy``: ids of the list items that hold a paragraph as a lazy continuation (Markdown joins a line
    written right after an item, with no blank line, to the item). Such an item and the paragraph of the
    other doc's item-then-paragraph are one 2-1 (or 1-2) bead at the prior of a match: the source wrote the
    two units as one block (smolagents hi guided_tour.md writes "All these elements will be automatically
    baked into..." into the description item above it, and that English paragraph was reported missing).

    ``parts``: id of a unit -> how many headings the pairing left out come before it on its side (English
    headings the translation lacks). A bead whose units differ in it pairs text of a section the other doc
    lacks with text of another section, and costs more (:data:`CROSS`): either the heading was dropped and
    its text kept, or its whole section was dropped, and a translator keeps a section's text without its
    title far less often than they leave a whole section out.
    huggingface_hub fr installation.md with its "## Vérification de l'installation" section dropped had the
    paragraph before it (longer than its English) paired with the English of the dropped section's last
    paragraph, and the omission placed above that paragraph.

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
        out.extend(_section(es, ts, model, vocab, every_word, lang, walls, listed, lazy, parts))
        if ej < len(en):
            out.append(Bead(Move.MATCH, (en[ej],), (tr[tj],), 0.0))
        ei, ti = ej + 1, tj + 1
    return out
