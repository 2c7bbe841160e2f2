"""Omissions (번역 누락 of the Korean team's PR checklist), from the pair model's beads, judged by one cost.

The pair model (:func:`hfi18n.pair.model.pair_docs`, read as units by :class:`.align.Alignment`) already says
what renders what -- the beads ``translate --update`` keeps human text by -- and what it leaves unpaired is
the evidence. An English unit in a 1-0 bead is an omission unless translated text explains it more cheaply
than leaving it out (:data:`OMIT`, the aligner's 1-0 prior), by the aligner's own cost
(:func:`hfi18n.pair.bitext.pair_cost`: length, the code, links, names and numbers that survive translation,
the lexicon's words):

- a translated unit of its gap that renders it (:func:`_assigned`: condensed, rewritten in place);
- a translated unit elsewhere that surely is it, moved (:data:`FAR`; :meth:`_Doc.holders`);
- its neighbour's translation, with it merged in (:func:`_merge_costs`: its own words, marks or edge
  sentence there, not length alone).

Of 20 omissions the aligner alone gave on the untouched docs of the three corpora, 11 were paragraphs
translated in another section and 9 merged or moved beside their place. Restructured translations (one
English paragraph rendered as two or three, two as one) are pairs, not omissions.

A run of omissions with no translated block between them is one finding (a skipped section is one thing to
fix), placed in its gap with the English that fills it (:mod:`.gap`). Copies and other duplications are
:mod:`.duplicates`, table rows :mod:`.rows`, which English a drifted translation is asked for
:mod:`.asked`. The rules that remain each carry the case that forced them; the pile of rules this replaced
(1,189 lines, 52 helpers, each rescuing a bench case) found drops where it could not place them: on the
next prose paragraph past a code block, 3 to 21 lines below where the paragraph belongs (issue 34).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..check.findings import WARNING
from ..doc import Block, BlockKind, parse
from ..doc.components import boxed, tip_element
from ..errors import HfI18nError
from ..pair import model as pair_model
from ..pair.bitext import (
    PRIOR,
    Bead,
    LengthModel,
    Move,
    anchor_cost,
    chars,
    en_words,
    marks,
    mergeable,
    span_tails,
    tr_tokens,
    vocabulary,
)
from ..scripts import looks_english, target_scripts
from ..translate.aligned import Item, doc_items
from .align import PAIR_COST, Alignment
from .asked import WEAK, cut_english, in_english, restructured, untranslated_block
from .duplicates import MIN_DUP, autodoc_name, bare_copies, copies, duplications, english_left
from .gap import aligned, excerpt, gap_of, insertion, is_item, item_name, position, squeeze
from .model import Kind, ReviewFinding
from .rows import row_findings
from .sentences import missing_sentences, split_sentences

OMIT = PRIOR[Move.OMIT]
"""Cost of leaving an English unit unexplained (the aligner's 1-0 prior); an explanation must cost less."""
FAR = 11.0
"""What a move out of the unit's gap adds to its pair cost: with both units' priors saved (9.0), a far unit
explains an omission from a pair cost of -2 (shared code or names outweigh any length mismatch). smolagents
zh guided_tour.md translates "By default, the Python code execution is done in your local environment..."
in another section, without "Python" (pair cost -10.9); huggingface_hub ko cli.md's "또한, 특정 폴더만 업로드하는
것도 가능합니다:" fits an English line 240 lines away at 3.6 and is not it."""
MERGE = PRIOR[Move.MERGE] - PRIOR[Move.MATCH]
"""What taking an English unit as merged into its neighbour's translation costs, the aligner's 2-1 prior."""
MIN_OMISSION = 15
"""English units shorter than this (characters without spaces: a label, "Example:") are not reported
missing: translators drop or merge them."""
MIN_UNALIGNED_DUP = 80
"""Without the English the translation follows (a drifted doc reviewed without git history), a repeat not
right after its twin counts from this length only: today's English cannot say whether the English of the
time repeated it (lists under two headings of diffusers ko training/controlnet.md)."""
_JUDGED = frozenset({BlockKind.PARAGRAPH, BlockKind.CALLOUT, BlockKind.TABLE})
_RUNNING = frozenset({BlockKind.PARAGRAPH, BlockKind.CALLOUT})
_WS_RE = re.compile(r"\s+")
_WORD_RE = re.compile(r"\w+")
_MARKED_RE = re.compile(r"`|\]\(|\]\]|<[A-Za-z/]")


@dataclass(slots=True)
class _Doc:
    """One review's view of the pairing: both as units and as blocks, with what the rules look up."""

    al: Alignment
    lang: str
    model: LengthModel
    beads: list[Bead]
    blocks: list[pair_model.Bead]
    copies: dict[int, Item]
    lines: list[str]
    vocab: frozenset[str]
    _where: dict[str, list[tuple[Item, Item]]] | None = None
    gaps: dict[tuple[int, int], tuple[set[int], set[int]]] = field(default_factory=dict)
    _en_lines: list[str] | None = None
    _code: tuple[list[int], list[int]] | None = None
    after_en: set[int] | None = None
    """Ids of the English blocks right above a code block the translation has (see :func:`_captions_code`)."""
    bare: dict[int, Item] | None = None
    """``id(block) ->`` a unit for each English list item of code only, with no translated block in its bead
    (see :func:`_bare`)."""
    names: dict[tuple[int, bool], str | None] = field(default_factory=dict)
    """``(id(block), english) ->`` the name in code a list item opens with, if the other doc never writes it
    as code (see :func:`_named_apart`)."""
    _sources: dict[bool, str] = field(default_factory=dict)
    """The text of the English (True) and of the translation, joined once (:meth:`source`)."""

    @classmethod
    def make(cls, al: Alignment, lang: str, model: LengthModel, min_chars: int) -> _Doc:
        lines = al.tgt.source.splitlines()
        vocab = vocabulary(al.en_items, al.tr_items, lang)
        found, beads, blocks = copies(al, lang, model, min_chars)
        return cls(al, lang, model, beads, blocks, found, lines, vocab)

    def holders(self, e: Item) -> list[tuple[Item, Item]]:
        """The translated units paired 1-1 that share a code span, link, name or number with ``e``, with the
        English they are paired with, when a unit left unpaired stands beside them: ``e`` may be translated
        there, moved, the aligner having paired the unit with its neighbour's English and left that English's
        own translation beside it (smolagents zh guided_tour.md translates the code-execution notes in another
        section; 4 of 20 omissions sampled on the untouched docs were such). With no leftover beside it, the
        unit translates its own English, and taking it for ``e`` hides one of two omissions (huggingface_hub ko
        environment_variables.md: "In order to standardize all environment variables..." dropped was taken
        as the deprecation notice paired loosely with "Please note that using `hf_transfer`...")."""
        if self._where is None:
            self._where = {}
            for k, b in enumerate(self.beads):
                if b.move is Move.MATCH and not b.en[0].heading and any(
                        0 <= j < len(self.beads) and self.beads[j].move is Move.INSERT for j in (k - 1, k + 1)):
                    for m in marks(b.tr) & self.vocab:
                        if not m.startswith("~"):
                            self._where.setdefault(m, []).append((b.tr[0], b.en[0]))
        every = target_scripts(self.lang) is not None
        seen: dict[int, tuple[Item, Item]] = {}
        for m in marks([e], every) & self.vocab:
            for t, c in self._where.get(m, ()):
                seen.setdefault(id(t), (t, c))
        return list(seen.values())

    def code_lines(self) -> tuple[list[int], list[int]]:
        """First lines of the code blocks of the English and of the translation."""
        if self._code is None:
            self._code = tuple([b.start_line for b in doc.blocks if b.kind is BlockKind.CODE]
                               for doc in (self.al.src, self.al.tgt))
        return self._code

    def source(self, english: bool) -> str:
        """The English's or the translation's text, rendered once (``Document.source`` renders it each time
        it is asked: a 3,000-paragraph review spent 0.6 s rendering it for the names of its list items)."""
        if english not in self._sources:
            self._sources[english] = "\n".join(self.en_lines if english else self.lines)
        return self._sources[english]

    @property
    def en_lines(self) -> list[str]:
        """The English's lines, rendered once (each finding quoting English blocks rendered the whole doc)."""
        if self._en_lines is None:
            self._en_lines = self.al.src.source.splitlines()
        return self._en_lines

    def raw(self, t: Item) -> str:
        """A translated unit as written, code and link targets included: "자세한 내용은 [여기](a)를 참조하세요."
        and the same sentence linking elsewhere are two paragraphs (diffusers ko controlling_generation.md)."""
        block = self.al.tr_block(t)
        return block.text if block is not None else t.text

    def quote(self, e: Item, n: int) -> str:
        block = self.al.en_block(e)
        return excerpt(block.text if block is not None else e.text, n)

    def cost(self, e: Item, t: Item, in_place: bool = False) -> float:
        """:func:`~hfi18n.pair.bitext.pair_cost` of ``e`` and ``t``, ``e``'s own code and links counted even
        where the translation has them nowhere (a unit dropped takes the only copy of its marks with it).
        ``in_place``: ``t`` is in ``e``'s own gap, where its length costs at most :data:`CONDENSED`. Infinite
        for list items that name different things (:func:`_named_apart`)."""
        if _named_apart(self, e, t):
            return float("inf")
        own = frozenset("`" + x for x in e.spans if not x.startswith("#"))
        every = target_scripts(self.lang) is not None
        lt = chars(t.text)
        length = self.model.cost(chars(e.text), lt)
        return (min(length, CONDENSED) if in_place else length) \
            + anchor_cost(marks([e], every) & (self.vocab | own), marks([t], every) & (self.vocab | own)) \
            + self.model.words_cost(en_words(e.text), tr_tokens(t.text, self.lang), lt)


    def moved(self, e: Item, t: Item) -> float:
        """:meth:`cost` of ``e`` and a unit ``t`` outside its gap, infinite when their lengths do not fit
        (:data:`MOVED_LENGTH`): a unit moved keeps its length, and names shared with a paragraph ten times as
        long are no sign of it ("- [`StableDiffusionPipeline`] + ToMe + xformers" dropped from diffusers ko
        optimization/tome.md was taken as moved into a paragraph naming all three)."""
        if self.model.cost(chars(e.text), chars(t.text)) > MOVED_LENGTH:
            return float("inf")
        return self.cost(e, t)


MOVED_LENGTH = 2.5
"""Largest length cost (``-log`` probability) of a unit taken as an omitted one moved out of its gap."""
CONDENSED = 6.0
"""Largest length cost of a translated unit in the gap of an English unit it explains: a translator who
condenses a paragraph in place keeps its code and links (diffusers ko index.md shortens "- State-of-the-art
diffusion pipelines ... [overview](api/pipelines/overview) ..." to one sentence with that link, length cost
30), and past this the length says nothing more."""


# -------------------------------------------------------------------------------------------------
# omissions: one cost


def _in_gap(d: _Doc, k: int, skip: set[int], raw_before: tuple[str, ...]) -> set[int]:
    """Ids of the English units of bead ``k``'s gap that its translated units render (:func:`_assigned`), and
    of those translated units. The gap is the run of beads around it that pair nothing surely -- unpaired,
    paired 1-1 above :data:`~.align.PAIR_COST` (as likely wrong as right) -- and the text the parser keeps
    outside prose there (:func:`_outside_prose`)."""
    def loose(j: int) -> bool:
        b = d.beads[j]
        return b.move in (Move.OMIT, Move.INSERT) or (b.move is Move.MATCH and b.cost > PAIR_COST
                                                       and not b.en[0].heading)
    lo = hi = k
    while lo > 0 and loose(lo - 1):
        lo -= 1
    while hi + 1 < len(d.beads) and loose(hi + 1):
        hi += 1
    if (lo, hi) not in d.gaps:  # every omission of a gap asks
        beads = d.beads[lo:hi + 1]
        en = [x for b in beads for x in b.en if not x.heading]
        tr = [t for b in beads for t in b.tr if not t.heading and id(t) not in skip and chars(t.text) >= 10]
        en_from = next((b.en[-1].line for b in reversed(d.beads[:lo]) if b.en), 0)
        tr_from = next((b.tr[-1].line for b in reversed(d.beads[:lo]) if b.tr), 0)
        d.gaps[lo, hi] = (_assigned(d, en, [*tr, *_outside_prose(d, k, raw_before)], (en_from, tr_from)),
                          {id(t) for t in tr})
    return d.gaps[lo, hi]


IN_PLACE = 2 * OMIT + 3.0
"""Largest in-place cost (:meth:`_Doc.cost`, length capped at :data:`CONDENSED`) at which a translated unit
of a gap renders one of its English units: above both units' priors by a loose rendering's margin
(diffusers ko training/overview.md condenses "Our examples aspire to be **self-contained**, ... More
specifically, this means:" to "여기서 다룰 예시들은 다음을 지향합니다.", in-place cost 9.6)."""


def _assigned(d: _Doc, en: list[Item], tr: list[Item], start: tuple[int, int] = (0, 0)) -> set[int]:
    """Ids of the English units of a gap its translated units render, each translated unit one English unit,
    the cheapest pairings first (:data:`IN_PLACE`): a unit of the gap explains only the English it fits best
    (diffusers ko index.md shortens "- State-of-the-art diffusion pipelines ... [overview](...)" to one
    sentence with that link, and "The library has three main components:" dropped just before it is not
    that sentence).

    Only a unit after as many code blocks of the gap (from the lines ``start`` of the last English and
    translated units before it) as the English one renders it: diffusers zh optimization/xdit.md writes
    "您可以使用以下命令安装 xDiT：" under ``</div>``, before the install code, and "Here's an example of using
    xDiT..." dropped after that code was taken as rendered by it. A list item renders only a list item, a
    paragraph only a paragraph, as in the pair model's 1-1 beads: huggingface_hub or installation.md keeps a
    "`cli`" item the English it follows no longer has, and "Here is the list of optional dependencies..."
    dropped before it was taken as rendered by that item."""
    def after_code(lines: list[int], at: int, since: int) -> int:
        return bisect_left(lines, at) - bisect_right(lines, since)
    def listed(block: Block | None) -> bool | None:
        return None if block is None else is_item(block)
    en_code, tr_code = d.code_lines()
    en_item = [listed(d.al.en_block(x)) for x in en]
    tr_item = [listed(d.al.tr_block(t)) for t in tr]
    pairs = sorted((c, i, j) for i, x in enumerate(en) for j, t in enumerate(tr)
                   if after_code(en_code, x.line, start[0]) == after_code(tr_code, t.line, start[1])
                   and (en_item[i] is None or tr_item[j] is None or en_item[i] == tr_item[j])
                   and (c := d.cost(x, t, True)) < IN_PLACE)
    used_e: set[int] = set()
    used_t: set[int] = set()  # by line: a raw block tried as it was before a relink is still one unit
    for _c, i, j in pairs:
        if i not in used_e and tr[j].line not in used_t:
            used_e.add(i)
            used_t.add(tr[j].line)
    return {id(en[i]) for i in used_e}


def _explained(d: _Doc, e: Item, k: int, leftovers: list[tuple[int, Item]], code: list[int],
               raw_before: tuple[str, ...], skip: set[int]) -> bool:
    """Some translated text explains omitted ``e`` (bead ``k``) more cheaply than leaving it out
    (:data:`OMIT`): a unit of its own gap that renders it (:func:`_assigned`); an unpaired translated unit
    elsewhere, as ``e`` moved there (its pair cost, plus :data:`FAR`, below both units' priors); a paired one
    that fits ``e`` surely and better than its own English by more than leaving that English out costs
    (:meth:`_Doc.holders`); or the neighbouring bead's translation with ``e`` merged in
    (:func:`_merge_costs`)."""
    rendered, here = _in_gap(d, k, skip, raw_before)
    if id(e) in rendered:
        return True
    if any(d.moved(e, t) + FAR < 2 * OMIT for _j, t in leftovers if id(t) not in here):
        return True
    for t, own in d.holders(e):  # taking ``t`` from the English it is paired with leaves that one out
        c = d.moved(e, t)
        if c + FAR < 2 * OMIT and c + OMIT < d.cost(own, t):
            return True
    return any(c + MERGE < OMIT for c in _merge_costs(d, e, k, code))


def _merge_costs(d: _Doc, e: Item, k: int, code: list[int]) -> Iterator[float]:
    """What adding ``e`` to the English of the nearest paired bead on each side (past the omissions beside
    it) changes in that bead's cost -- length, marks and words, as the aligner counts them. The aligner's
    moves stop at 2-1 next to each other: smolagents zh examples/rag.md merges three English paragraphs
    into one twice, text_to_sql.md folds "So let's make a second table..." into the paragraph before it.

    Most code spans and links of ``e`` in that translation, none of them its own English's, is a merge whatever
    the length: diffusers zh conceptual/contribution.md condenses "Please have a look at [this page](...) on
    how to verify changes made to the documentation locally." into the paragraph before, with its link;
    diffusers ko training/lora.md condenses "Specify the `MODEL_NAME` environment variable (either a Hub model
    repository id or ...) and pass it to the [`~...pretrained_model_name_or_path`] argument. You'll also need
    to set the `DATASET_NAME` ..." and the paragraph after it into two sentences with all their variables but
    the reference (its words, mostly left out, outweighed the merge's shared code). And
    ``e`` with code or links, none of them there, is not merged, as the pair model has it
    (:func:`hfi18n.pair.bitext.align_bitext`, diffusers zh optimization/habana.md).

    A dropped paragraph leaves its neighbour the length of its own English, and adding one only makes the
    length worse; and length alone is no merge: ``e``'s own words or marks must be in that translation,
    beyond what its own English explains (diffusers ko tutorials/basic_training.md: "By now, you have most of
    the pieces..." dropped fitted the long translation of "First, you'll need an optimizer and a learning
    rate scheduler:" by length, and that translation's English words were its English's). Not across code: ``e`` (an introduction to the code, as a rule) is not carried past it
    (smolagents zh multiagents.md: "我们需要登录Hugging Face Hub..." before ``login()`` dropped was taken as
    merged into the long paragraph after the code; huggingface_hub ko hf_file_system.md: the "Pandas" item
    dropped with its code, into the "Dask" paragraph after it). Nor is a callout's text
    (:func:`hfi18n.doc.components.boxed`) merged into text out of a box, as the pair model never merges it
    (diffusers ja tutorials/autopipeline.md: its tip on the AutoPipeline reference dropped was taken as
    merged into the paragraph before it)."""
    for step in (-1, 1):
        j = k + step
        while 0 <= j < len(d.beads) and d.beads[j].move is Move.OMIT:
            j += step
        if not 0 <= j < len(d.beads) or not d.beads[j].tr or not d.beads[j].en or d.beads[j].en[0].heading:
            continue
        if not _across_code(d, e, k, j, code) and (c := _merge_cost(d, e, d.beads[j], step)) is not None:
            yield c


def _merge_cost(d: _Doc, e: Item, nb: Bead, step: int) -> float | None:
    """What adding ``e`` to the English of bead ``nb`` (before ``e`` for ``step`` -1, after it for 1) changes in
    its cost (see :func:`_merge_costs`); None: nothing of ``e`` is in its translation."""
    every = target_scripts(d.lang) is not None
    if not all(mergeable(x.kind, nb.tr[0].kind) for x in (e, *nb.en)) or (
            boxed(d.al.src, d.al.en_block(e)) and not boxed(d.al.tgt, nb.tr[0])):
        return None
    me = marks([e], every) & d.vocab | {"`" + x for x in e.spans if not x.startswith("#")}
    we = en_words(e.text) if d.model.lexicon is not None else frozenset()
    own = span_tails(e.spans)
    lt, le = sum(chars(t.text) for t in nb.tr), sum(chars(x.text) for x in nb.en)
    m_e, m_t = marks(nb.en, every) & d.vocab, marks(nb.tr, every) & d.vocab
    spans = {m for m in me if m.startswith("`")}
    if spans and 2 * len(spans & m_t) > len(spans) and not spans & m_e:  # most of its code is there, none of its neighbour's
        return float("-inf")
    if own and not own & frozenset().union(*(span_tails(t.spans) for t in nb.tr)):
        return None  # none of its code and links is there: not merged, as the pair model has it
    tokens = frozenset().union(*(tr_tokens(t.text, d.lang) for t in nb.tr))
    w_nb = frozenset().union(*(en_words(x.text) for x in nb.en)) if d.model.lexicon is not None else frozenset()
    said = anchor_cost(m_e | me, m_t) - anchor_cost(m_e, m_t) \
        + d.model.words_cost(w_nb | we, tokens, lt) - d.model.words_cost(w_nb, tokens, lt)
    if _edge_sentence(d, e, nb, step, le):  # the translation's first or last sentence is e's
        return float("-inf")
    if said < 0:  # e's own words or marks are in that translation, beyond what its own English explains
        return d.model.cost(le + chars(e.text), lt) - d.model.cost(le, lt) + said
    return None


def _unpair(d: _Doc) -> None:
    """Split the beads that the evidence the review asks for contradicts, so their English units are judged
    as every omission is (:func:`_explained`), and put an omission beside the part of it a translator kept
    apart (:func:`_tail_of`):

    - a 1-1 bead of list items that name different things (:func:`_named_apart`) becomes the translator's
      item and, after it, an omission: the translator's item may be left from an older English in its old
      place (huggingface_hub or installation.md's "`cli`" came before "`fastai`" there);
    - a 2-1 bead the pair model is not sure of (:data:`~hfi18n.pair.model.SURE`), whose merge nothing but
      length shows, becomes a 1-1 bead and an omission. The aligner merges by length and marks; the review
      asks a merge for ``e``'s own words, marks or edge sentence in the translation (:func:`_merge_cost`).
      smolagents hi reference/tools.md with "These types have three specific purposes:" dropped: the Hindi
      translation of the paragraph before it is long enough for both (length cost 4.8 alone, 0.6 with it),
      the aligner merged the two at cost 5.05, and nothing was reported. Only doubtful beads: the merges of
      the untouched docs that words cannot show are sure ones, made by shared names and code (smolagents zh
      examples/rag.md folds "Then prepare the knowledge base..." into the paragraph before it, cost -6.7; hi
      guided_tour.md writes "All these elements will be automatically baked..." as a lazy line of the list
      item above it, -4.1)."""
    beads, blocks = list(d.beads), list(d.blocks)
    for k in reversed(range(len(beads))):
        b = beads[k]
        if any(x.heading for x in b.en) or len(b.tr) != 1:
            continue
        t = b.tr[0]
        if b.move is Move.MATCH and pair_model.confidence(b.cost) < pair_model.SURE and _named_apart(d, b.en[0], t):
            parts = [Bead(Move.INSERT, (), b.tr, PRIOR[Move.INSERT]), Bead(Move.OMIT, b.en, (), OMIT)]
        elif b.move is Move.MERGE and len(b.en) == 2 and pair_model.confidence(b.cost) < pair_model.SURE:
            lone = []
            for step, (e, other) in ((1, b.en), (-1, b.en[::-1])):
                nb = Bead(Move.MATCH, (other,), b.tr, d.cost(other, t))
                if _judged(d, e) and ((c := _merge_cost(d, e, nb, step)) is None or c + MERGE >= OMIT):
                    lone.append((nb.cost, step, e, nb))
            if not lone:
                continue
            _c, step, e, nb = min(lone, key=lambda x: x[0])
            omit = Bead(Move.OMIT, (e,), (), OMIT)
            parts = [omit, nb] if step == 1 else [nb, omit]
        else:
            continue
        ids = [id(d.al.en_block(x)) for x in b.en]
        i = next((i for i, x in enumerate(blocks) if len(x.tr) == 1 and x.tr[0] is d.al.tr_block(t)
                  and [id(y) for y in x.en] == ids), None)
        if i is None:
            continue
        beads[k:k + 1] = parts
        blocks[i:i + 1] = [pair_model.Bead(tuple(d.al.en_block(x) for x in p.en), tuple(d.al.tr_block(x) for x in p.tr),
                                           pair_model.confidence(p.cost), p.cost) for p in parts]
    for k in range(len(beads) - 1):
        if beads[k].move is Move.INSERT and beads[k + 1].move is Move.OMIT \
                and _tail_of(d, beads[k + 1].en[0], beads[k].tr[0]):
            i = next((i for i, x in enumerate(blocks) if not x.en and len(x.tr) == 1
                      and x.tr[0] is d.al.tr_block(beads[k].tr[0])), None)
            if i is not None and i + 1 < len(blocks) and not blocks[i + 1].tr \
                    and [id(x) for x in blocks[i + 1].en] == [id(d.al.en_block(beads[k + 1].en[0]))]:
                beads[k:k + 2] = beads[k + 1], beads[k]
                blocks[i:i + 2] = blocks[i + 1], blocks[i]
    d.beads, d.blocks = beads, blocks


_NAME_PART_RE = re.compile(r"[A-Za-z0-9]+")


def _named_apart(d: _Doc, e: Item, t: Item) -> bool:
    """English list item ``e`` and translated item ``t`` each open with a name in code, neither name is
    written as code anywhere in the other doc, and the two share no part (a sweep renamed `torch_dtype` to
    `dtype` in diffusers ko using-diffusers/loading.md; huggingface_hub ko guides/integrations.md writes
    `allow_patterns`/`ignore_patterns` as one span): they list different things. huggingface_hub or
    installation.md keeps a "`cli`" item its English no longer has, and with the "`fastai`, `torch`" item
    dropped after it, the aligner paired the two by length (cost 4.4): it counts only marks both docs have
    somewhere, and the dropped item took the only `fastai` of the translation with it."""
    ne, nt = _item_name(d, d.al.en_block(e), True), _item_name(d, d.al.tr_block(t), False)
    return ne is not None and nt is not None and not set(_NAME_PART_RE.findall(ne)) & set(_NAME_PART_RE.findall(nt))


def _item_name(d: _Doc, block: Block | None, english: bool) -> str | None:
    """The name in code list item ``block`` opens with, when the other doc never writes it as code."""
    if block is None:
        return None
    key = (id(block), english)
    if key not in d.names:
        name = item_name(block)
        d.names[key] = name if name is not None and f"`{name}`" not in d.source(not english) else None
    return d.names[key]


def _tail_of(d: _Doc, e: Item, t: Item) -> bool:
    """Translated unit ``t``, left unpaired right before omitted ``e``, is the last sentence of ``e`` that a
    translator wrote as a paragraph of its own: ``e`` has two sentences or more, both end in a colon (a
    caption of the code after them), and ``t`` fits the length of ``e``'s last. The rest of ``e`` is missing
    *before* it: huggingface_hub cn installation.md splits "This command will fetch information from the
    Hub about the [gpt2](...) model. Output should look like this:" in two, and with the first part
    dropped, the omission was placed after "输出应如下所示：", between the caption and its code."""
    parts = split_sentences(e.text, "en")
    return len(parts) > 1 and e.text.rstrip().endswith(":") and t.text.rstrip().endswith((":", "：")) \
        and d.model.cost(chars(parts[-1]), chars(t.text)) <= EDGE_LENGTH


def _edge_sentence(d: _Doc, e: Item, nb: Bead, step: int, le: int) -> bool:
    """One-sentence ``e`` without code or links is the first (``step`` 1) or last sentence of ``nb``'s one
    translated unit: that sentence fits ``e``'s length (:data:`EDGE_LENGTH`) and the rest fits ``nb``'s own
    English about as well as the whole (:data:`EDGE_SLACK`), and, as written, has no code or link (diffusers zh
    optimization/tgate.md ends its first paragraph with "T-GATE 还与 [DeepCache](./deepcache) 等...兼容。", its
    own English's last sentence, which "Before you begin, make sure you install T-GATE." dropped after it fit). Words cannot show it when the lexicon knows none of ``e``'s: smolagents
    zh examples/rag.md writes "Now the documents are ready." as "现在文档已准备好。", the opening of the next
    paragraph's translation; diffusers zh conceptual/contribution.md ends the paragraph before its list with
    "贡献形式包括：" for "Contributing to the library can have many forms:".

    The translation has more sentences than its own English: else its edge sentence is its English's own
    (diffusers ko conceptual/philosophy.md renders "Models are designed as configurable toolboxes... They only
    partly follow the single-file policy." in two sentences, and "The following design principles are
    followed:" dropped after it was taken as the second)."""
    if len(nb.tr) != 1 or e.spans or len(split_sentences(e.text, "en")) != 1:
        return False
    parts = split_sentences(nb.tr[0].text, d.lang)
    if len(parts) < 2 or len(parts) <= sum(len(split_sentences(x.text, "en")) for x in nb.en):
        return False
    edge, rest = (parts[0], parts[1:]) if step == 1 else (parts[-1], parts[:-1])
    raw = split_sentences(d.raw(nb.tr[0]), d.lang)
    if raw and _MARKED_RE.search(raw[0] if step == 1 else raw[-1]):
        return False  # e has none, so its translation has none: the neighbour's own (zh optimization/tgate.md)
    return d.model.cost(chars(e.text), chars(edge)) <= EDGE_LENGTH \
        and d.model.cost(le, chars(" ".join(rest))) <= d.model.cost(le, chars(nb.tr[0].text)) + EDGE_SLACK


EDGE_SLACK = 1.0
"""How much worse (nats) the rest of the neighbour's translation may fit its own English than the whole: a
condensed translation is short for its English already (the zh contribution.md paragraph: 1.3 whole, 2.0
without "贡献形式包括：")."""
EDGE_LENGTH = 3.0
"""Largest length cost of a one-sentence unit and the edge sentence of its neighbour's translation (the
length of one sentence is noisy: "现在文档已准备好。" for "Now the documents are ready." costs 0.54)."""


def _across_code(d: _Doc, e: Item, k: int, j: int, code: list[int]) -> bool:
    """A code block of the English (first lines ``code``) stands between omitted ``e`` (bead ``k``) and
    neighbour bead ``j``."""
    nb = d.beads[j]
    lo, hi = (e.line, nb.en[0].line) if j > k else (nb.en[-1].line, e.line)
    i = bisect_right(code, lo)
    return i < len(code) and code[i] < hi


def _outside_prose(d: _Doc, k: int, raw_before: tuple[str, ...]) -> list[Item]:
    """Translated text between the units around bead ``k`` that the parser keeps outside prose, as units: a
    line written right under an HTML block's closing tag (kept verbatim: diffusers ko
    training/unconditional_training.md writes "[Naruto](...) 데이터셋을 사용할 경우:" under ``</div>``), or a
    paragraph written right under a table, a row of it for the parser (diffusers zh optimization/tome.md,
    "如上表所示..."). A raw block a later commit of the translation relinked is also tried as it was
    (``raw_before``: the Pokemon link that a sweep replaced by Naruto's under ``</div>``)."""
    before = next((b.tr[-1].line for b in reversed(d.beads[:k]) if b.tr), 0)
    after = next((b.tr[0].line for b in d.beads[k + 1:] if b.tr), 10**9)
    out: list[Item] = []
    blocks = d.al.tgt.blocks
    for block in blocks[bisect_left(blocks, before, key=lambda x: x.start_line):]:
        if block.start_line >= after:
            break
        if block.kind is BlockKind.RAW:
            texts = [block.text, *(x for x in raw_before if _edited_from(x, block.text))]
        elif block.kind is BlockKind.TABLE:
            texts = ["\n".join(x for x in block.text.splitlines() if x.strip() and not x.lstrip().startswith("|"))]
        else:
            continue
        for text in texts:
            if chars(text) < MIN_OMISSION or looks_english(text, d.lang):
                continue
            try:
                units = [x for x in doc_items(parse(" ".join(text.split()))) if not x.heading]
            except HfI18nError:
                continue
            if units:
                out.append(Item(False, 0, "", False, " ".join(x.text for x in units),
                                frozenset().union(*(x.spans for x in units)), frozenset().union(*(x.keep for x in units)),
                                block.start_line, BlockKind.PARAGRAPH))
    return out


_RELINK_RE = re.compile(r"!?\[[^\]]*\]\([^)]*\)|`[^`]*`|<[^>]*>|[A-Za-z0-9_./:-]+|\s+")


def _edited_from(old: str, now: str) -> bool:
    """Raw block ``now`` is ``old`` with only its links, code, tags and Latin-script names changed."""
    rest = _RELINK_RE.sub("", now)
    return old != now and bool(rest) and _RELINK_RE.sub("", old) == rest


def _points_to_left_out(e: Item, kept: frozenset[str]) -> bool:
    """``e``'s links are all within the page, to sections the translation does not have: a pointer to a
    section the translation left out goes with it (diffusers ko using-diffusers/schedulers.md: "If you are a
    JAX/Flax user, please check [this section](#changing-the-scheduler-in-flax) instead.", the Flax section
    taken out by "Remove JAX/Flax")."""
    return bool(e.spans) and all(x.startswith("#") and x[1:] not in kept for x in e.spans)


def _kept_anchors(d: _Doc) -> frozenset[str]:
    """Anchors of the sections the translation has: its own headings' and those of the English headings
    paired with one of its headings (a translated title without ``[[anchor]]`` has an anchor of its own)."""
    paired = {str(x.meta.get("anchor", "")) for b in d.blocks if b.tr for x in b.en if x.kind is BlockKind.HEADING}
    return d.al.tr_anchors | frozenset(paired)


# -------------------------------------------------------------------------------------------------
# the whole check


def check_coverage(al: Alignment, file: str, lang: str, *, model: LengthModel | None = None,
                   omissions: bool = True, english: str = "", followed: list[Item] | list[str] | None = None,
                   added: list[Item] | None = None, notes: list[str] | None = None,
                   fresh: tuple[str, ...] = (), cut: tuple[Item, ...] = (), cut_at: tuple[float, ...] = (),
                   gone: list[Item] | None = None, raw_before: tuple[str, ...] = (),
                   today: Alignment | None = None) -> Iterator[ReviewFinding]:
    """Coverage findings of ``al``; ``omissions=False`` reports English left in and duplications only (a
    translation of an older English that is not known). ``english`` names the English version aligned
    with, when it is not today's.

    ``followed``: the prose of the (older) English the translation follows: an English unit without
    translation that is not in it was added to the English later -- an outdated translation, which
    ``translate --update`` handles: it goes to ``added`` (on the untouched docs of the three corpora, 212 of
    390 findings were such). ``fresh``: English paragraphs the commit of the followed English added itself
    (:func:`.follow.swept`); ``today``: the alignment with today's English, when ``al``'s is an older one.
    ``cut``/``cut_at``: translated units later commits removed (a partial update):
    a run of omissions one of them translated goes to ``gone`` (Flax removed from diffusers ko
    text_inversion.md). ``raw_before``: raw blocks of the translation before a later commit edited them."""
    model = model or al.model
    d = _Doc.make(al, lang, model, 0 if omissions else MIN_UNALIGNED_DUP)
    skip: set[int] = set()
    for f, t in english_left(d, file):
        skip.add(id(t))
        yield f
    for f, t in duplications(d, file, english, skip):
        skip.add(id(t))
        yield f
    yield from row_findings(d, file, english)
    yield from bare_copies(d, file, english)
    if not omissions:
        return
    _unpair(d)
    candidates = [(k, e) for k, b in enumerate(d.beads) if b.move is Move.OMIT for e in b.en if _judged(d, e)]
    was_cut = cut_english(d, [e for b in d.beads if b.move is Move.OMIT for e in b.en if not e.heading], cut, cut_at)
    share = restructured(d.beads, followed, was_cut)
    if share is not None:
        if notes is not None:
            notes.append(f"omissions: only {share:.0%} of the English paragraphs pair with the translation in "
                         f"order{aligned(english)} (restructured, or made from another English): a missing paragraph "
                         "cannot be told from a moved or rewritten one")
        return
    new = untranslated_block(d.beads, fresh)
    leftovers = [(j, b.tr[0]) for j, b in enumerate(d.beads) if b.move is Move.INSERT
                 and id(b.tr[0]) not in skip and chars(b.tr[0].text) >= 10]
    code = [b.start_line for b in al.src.blocks if b.kind is BlockKind.CODE]
    kept = _kept_anchors(d)
    missing: set[int] = set()
    placed: set[int] = set()
    for k, e in candidates:
        if id(e) in was_cut:
            continue
        if id(e) in new or followed is not None and not in_english(e, followed):
            if added is not None:
                added.append(e)
            continue
        if _points_to_left_out(e, kept) or _explained(d, e, k, leftovers, code, raw_before, skip):
            placed.add(id(e))
            continue
        missing.add(id(e))
    for e in _bare(d, today):
        missing.add(id(e))
    yield from _omission_findings(d, file, english, missing, was_cut, placed, gone)
    prose = None if followed is None else [x if isinstance(x, str) else x.text for x in followed]
    yield from missing_sentences(d.beads, al, file, lang, model, english=english, followed=prose,
                                 done=[e.line for _k, e in candidates if id(e) in missing])


def _bare(d: _Doc, today: Alignment | None = None) -> list[Item]:
    """English list items of code or links only ("- [`LMSDiscreteScheduler`],": no prose, so no unit of the pair
    model) that no translated block renders, as units: their text as written is nowhere in the translation.
    A list of classes or arguments missing one is an omission like any other.

    So is an ``[[autodoc]]`` block whose name the translation never documents: a reference section is
    headings and autodoc blocks only (huggingface_hub ko package_reference/cache.md, "## Exceptions" with
    ``[[autodoc]] huggingface_hub.CorruptedCacheException``), and without it the translated page lacks that
    API's documentation. Only a name today's English still documents (``today``, when ``d`` pairs an older
    English): huggingface_hub ko package_reference/inference_types.md follows an English whose
    ``SummarizationGenerationParameters`` and five more were removed since, and nobody should add them."""
    where = {squeeze(x.text) for x in d.al.tgt.blocks if x.kind is BlockKind.PARAGRAPH}
    documented = {autodoc_name(x) for x in d.al.tgt.blocks if x.kind is BlockKind.AUTODOC}
    if today is not None:
        documented |= {autodoc_name(x) for x in d.al.src.blocks if x.kind is BlockKind.AUTODOC} \
            - {autodoc_name(x) for x in today.src.blocks if x.kind is BlockKind.AUTODOC}
    d.bare = {}
    for b in d.blocks:
        if b.tr:
            continue
        for x in b.en:
            if x.kind is BlockKind.AUTODOC and autodoc_name(x) not in documented or \
                    d.al.item(x) is None and x.kind is BlockKind.PARAGRAPH and is_item(x) and chars(x.text) >= MIN_DUP \
                    and squeeze(x.text) not in where:
                d.bare[id(x)] = Item(False, 0, "", False, x.text, frozenset(), frozenset(), x.start_line, x.kind)
    return list(d.bare.values())


def _judged(d: _Doc, e: Item) -> bool:
    """English unit ``e`` is one whose omission is reported: running text or a table of a sentence or more
    (:data:`MIN_OMISSION`, three words: a label, "Example:", is dropped or merged on purpose), or a list item
    of any words (an item dropped from a list of schedulers, "- [`LMSDiscreteScheduler`],", is one fewer).
    A ``<Tip>`` element written as one block is a callout (:func:`hfi18n.doc.components.tip_element`):
    diffusers ko optimization/fp16.md renders the English's ``<Tip>`` "This feature requires `accelerate`
    0.17.0" as ``> [!TIP]``, and dropping it was reported by nothing."""
    block = d.al.en_block(e)
    if e.kind not in _JUDGED and not (block is not None and tip_element(block)):
        return False
    if block is not None and is_item(block):
        return chars(block.text) >= MIN_DUP
    if block is not None and _captions_code(d, e, block):
        return True
    return chars(e.text) >= MIN_OMISSION and len(_WORD_RE.findall(e.text)) >= 3


def _captions_code(d: _Doc, e: Item, block: Block) -> bool:
    """English paragraph ``block`` is a short caption that names something (a name, code or a link) and ends
    in ':' right above a code block the translation has ("On Windows:", "Using [`uv`](...):"): it says what
    the code is for, and without it the reader cannot tell which command is theirs (diffusers ja
    installation.md has "Linux/MacOS の場合" and "Windows の場合" over their two commands). Not "and:" (no
    name), nor a caption whose code the translation lacks too: huggingface_hub de guides/repository.md
    leaves out every "Or via CLI:" with its CLI code, a choice of the translation, seven findings."""
    if block.kind is not BlockKind.PARAGRAPH or not (e.keep or e.spans) or not block.text.rstrip().endswith(
            (":", "：")):
        return False
    if d.after_en is None:
        kept = {id(x) for b in d.blocks if b.tr for x in b.en}
        blocks = [x for x in d.al.src.blocks if x.kind is not BlockKind.BLANK]
        d.after_en = {id(x) for x, y in zip(blocks, blocks[1:], strict=False)
                      if y.kind is BlockKind.CODE and id(y) in kept}
    return id(block) in d.after_en


def _omission_findings(d: _Doc, file: str, english: str, missing: set[int], was_cut: set[int], placed: set[int],
                       gone: list[Item] | None) -> Iterator[ReviewFinding]:
    """One finding per run of missing English units with no translated block between them (a section the
    translator skipped is one omission to fix, not six: smolagents ko guided_tour.md lacks the six paragraphs
    of "Model parameter management"), in its gap, with the English blocks of the run to insert there. The
    sections of a run holding a unit a later commit cut (``was_cut``) were taken out on purpose: their units go
    to ``gone``; a unit translated elsewhere (``placed``) ends a run, the units past it are not part of what was
    taken out (diffusers ko training/text2image.md)."""
    al = d.al
    runs: list[list[tuple[Item, int, int]]] = []  # (unit, its block, English headings passed in the run before it)
    run: list[tuple[Item, int, int]] = []
    headings = 0
    for i, b in enumerate(d.blocks):
        units = [it for x in b.en if (it := al.item(x) or (d.bare or {}).get(id(x))) is not None]
        # a doubtful pair whose English a later commit's cut translated holds no translation of it
        if (b.tr and not (b.cost > WEAK and any(id(u) in was_cut for u in units))) or any(id(u) in placed for u in units):
            if run:
                runs.append(run)
                run = []
            continue
        if run and any(x.kind is BlockKind.HEADING for x in b.en):
            headings += 1
        for u in units:
            if id(u) in missing or id(u) in was_cut:
                run.append((u, i, headings))
    if run:
        runs.append(run)
    for whole in runs:
        # the commit cut what it cut, not the sections before or after it: diffusers ko training/text2image.md
        # lost its Flax part (inside <jax>, no heading of its own) to "Remove JAX/Flax", and with the "## LoRA"
        # section after it dropped, that section was taken as cut too; huggingface_hub ko guides/inference.md
        # lost "## Custom requests" to a later commit, and "## Supported tasks" dropped before it went with it
        cut_in = [h for u, _i, h in whole if id(u) in was_cut] or [-1]
        if gone is not None:
            gone.extend(u for u, _i, h in whole if min(cut_in) <= h <= max(cut_in))
        for run in ([x for x in whole if x[2] < min(cut_in)], [x for x in whole if x[2] > max(cut_in)]):
            if run:
                yield _omission(d, file, english, [u for u, _i, _h in run], run[0][1], run[-1][1])


def _omission(d: _Doc, file: str, english: str, run: list[Item], i: int, j: int) -> ReviewFinding:
    """The finding of a run of missing units (blocks ``i``..``j``), with the English to insert: its blocks, and
    the blocks right around them that have no translation either -- the heading of a skipped section before
    them, the code or closing tag after them."""
    blocks = d.blocks
    while i > 0 and not blocks[i - 1].tr and all(
            x.kind is BlockKind.HEADING or (x.kind is BlockKind.HTML and not x.segments) for x in blocks[i - 1].en):
        i -= 1
    while j + 1 < len(blocks) and not blocks[j + 1].tr and blocks[j + 1].en and all(
            x.kind not in (BlockKind.HEADING, *_JUDGED) and not (x.kind is BlockKind.HTML and x.segments)
            for x in blocks[j + 1].en):
        j += 1
    ens = [x for b in blocks[i:j + 1] for x in b.en]
    src = d.en_lines
    text = "\n".join(src[ens[0].start_line - 1:ens[-1].end_line]).strip("\n")
    gap = gap_of(blocks, i, j)
    single = len(run) == 1
    tight = single and len(ens) == 1 and is_item(ens[0]) and any(
        x is not None and is_item(x) for x in (gap.before, gap.after))
    line, edit = insertion(d.lines, gap, text, tight=tight)
    first, last = run[0], run[-1]
    kind = _kind_words(d.al.en_block(first) or next((x for x in ens if x.start_line == first.line), None))
    level = int(ens[0].meta.get("level", 1)) if ens[0].kind is BlockKind.HEADING else 0
    heads = [x for x in ens if x.kind is BlockKind.HEADING and int(x.meta.get("level", 1)) <= level]  # subsections: one
    if heads:
        def title(h: Block) -> str:
            return f"'{excerpt('#' * int(h.meta.get('level', 1)) + ' ' + str(h.meta.get('title', '')), 50)}'"
        what = (f"the English section {title(heads[0])} (line {heads[0].start_line}, {len(run)} paragraph(s)) has "
                if len(heads) == 1 else f"{len(heads)} English sections, {title(heads[0])} (line {heads[0].start_line}) "
                f"to {title(heads[-1])} (line {heads[-1].start_line}), {len(run)} paragraph(s), have ") + "no translation"
    elif single:
        what = f"the English {kind} at line {first.line} has no translation"
    else:
        what = f"{len(run)} English paragraphs, lines {first.line}-{last.line}, have no translation"
    quote = f"'{d.quote(first, 160)}'" if single else f"'{d.quote(first, 100)}' ... '{d.quote(last, 60)}'"
    return ReviewFinding(file, line, Kind.OMISSION, "missing-paragraph", WARNING,
                         f"{what}; it belongs here, {position(d.lines, gap, text)}: {quote}{aligned(english)}",
                         english_line=first.line, aligned_with=english, quotes_english=True, edit=edit)


def _kind_words(block: Block | None) -> str:
    if block is None:
        return "paragraph"
    if is_item(block):
        return "list item"
    return {BlockKind.CALLOUT: "callout", BlockKind.TABLE: "table", BlockKind.AUTODOC: "[[autodoc]] block"}.get(
        block.kind, "paragraph")
