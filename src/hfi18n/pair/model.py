"""The pair model: an English doc and its translation as n-m beads of blocks, each with a confidence.

Why n-m: translators merge two English paragraphs into one, split a long one, add a note of their own and
leave one out. The one-to-one pairing ``translate --update`` used (``doc.pairing.align_blocks``, removed,
by block signature) paired a merged paragraph with the first English one and shifted every later pair by
one, so an update of a far-away paragraph deleted the merged paragraph, dropped a split half and added a
duplicate machine paragraph where the English had not changed (3 of 3 docs of a controlled experiment,
issue 24).

How, in two levels:

1. **Skeleton.** Blocks that survive translation unchanged or nearly (code compared without its
   comments, ``[[autodoc]]``, math, colab, front matter, rules, HTML without text) and headings (by
   level) are aligned in order by the near-linear sequence diff (:func:`.diff.opcodes`: exactly
   :class:`difflib.SequenceMatcher` up to a million cells). They are the sure 1-1 beads and cut both docs
   into gaps.
2. **Prose.** In each gap, the prose blocks are aligned by the review's Gale-Church aligner
   (:func:`.bitext.align_bitext`, moves 1-1, 1-0, 0-1, 2-1, 1-2 with length, mark and word costs);
   other blocks of the gap (a code block whose docstring was translated) pair by kind when both sides
   have the same kinds in the same order, else stay 1-0 or 0-1.

The confidence of a skeleton bead is 1.0 (0.8 for headings whose anchors differ: a translator's own
anchor); of a prose bead, a logistic of the aligner's cost (:func:`confidence`); of a leftover block,
:data:`LEFTOVER`. A bead below :data:`SURE` is *unsure*: an update keeps the human text there and marks
the spot for review rather than guess (:mod:`hfi18n.translate.update`). The review reads the same beads
(:func:`unit_beads`, :class:`hfi18n.review.align.Alignment`): what it reports missing is what an update
sees unpaired.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from ..doc import Block, BlockKind, Document
from ..doc.components import tip_tag
from ..doc.pairing import content_blocks, needs_translation
from ..doc.protected import code_shape, dedent_block
from . import bitext
from .band import match_in_order
from .bitext import LengthModel, Move, align_bitext
from .diff import opcodes
from .units import Item, block_item, block_items

SURE = 0.5
"""Confidence from which a bead is trusted (see :func:`confidence`)."""
LEFTOVER = 0.3
"""Confidence of a block no rule paired (a 1-0 or 0-1 of a non-prose block)."""
_SAME_KIND = 0.6
"""Confidence of two non-prose blocks of a gap paired by kind (a code block with a translated docstring)."""
_MIDPOINT = 4.0
"""Aligner cost at which a prose bead is as likely wrong as right: a 1-0 or 0-1 move alone costs 4.5
(:data:`.bitext.PRIOR`), so an omission or an addition is never sure; a good 1-1 costs 0-2."""

_FIXED = frozenset({BlockKind.CODE, BlockKind.AUTODOC, BlockKind.MATH, BlockKind.COLAB,
                    BlockKind.FRONTMATTER, BlockKind.RULE})


@dataclass(slots=True, frozen=True)
class Bead:
    """English blocks and the translated blocks that render them (either side may be empty)."""

    en: tuple[Block, ...]
    tr: tuple[Block, ...]
    confidence: float
    """0-1: how sure the pairing is (:data:`SURE` and above: trusted)."""
    cost: float = 0.0
    """The bitext aligner's cost of a prose bead (:func:`.bitext.align_bitext`; :func:`confidence` is its
    logistic); 0 for the others. The review weighs doubtful pairs by it (``WEAK_PAIR`` of
    :mod:`hfi18n.review.coverage`)."""

    @property
    def move(self) -> str:
        """``"1-1"``, ``"2-1"`` (two English blocks merged in one translated), ``"0-1"`` (a translator's
        addition)..."""
        return f"{len(self.en)}-{len(self.tr)}"

    @property
    def sure(self) -> bool:
        return self.confidence >= SURE


def confidence(cost: float) -> float:
    """Confidence of a prose bead of aligner cost ``cost``: ``1 / (1 + e^(cost - 4))``."""
    return 1.0 / (1.0 + math.exp(min(cost - _MIDPOINT, 50.0)))


def skeleton_key(block: Block) -> str:
    """What a skeleton block is compared by (prose: see :data:`_SAME`)."""
    if block.kind is BlockKind.HEADING:  # same anchor: a sure pair; else same level, by position
        return f"h{block.meta.get('level', 1)}:{anchor_key(block)}"
    if block.kind is BlockKind.CODE:
        return "code:" + code_shape(dedent_block(block.text))
    if block.kind in _FIXED:
        return f"{block.kind.value}:{dedent_block(block.text).strip()}"
    if block.kind is BlockKind.HTML and not block.translatable:
        return "html:" + block.text.strip()
    return _SAME + block.text.strip()


_SAME = "same:"
"""Key prefix of a prose block: it is a skeleton bead only next to the very same text (English left in
the translation: a draft's unfinished paragraph). Its length is the English one, and the length model
expects a translation half as long: 6 English paragraphs left in a committed draft were paired with the
wrong blocks and an update duplicated a callout and a paragraph around them."""


_ANCHOR_PUNCT_RE = re.compile(r"[^\w-]+")


def anchor_key(block: Block) -> str:
    """A heading's anchor as pairing compares it: without punctuation and symbols. A translator who writes
    ``[[step-1:-install-dependencies]]`` or ``[[setting-up-telemetry-with-🪢-langfuse]]`` means the English
    heading whose anchor doc-builder makes ``step-1-install-dependencies`` (smolagents ko inspect_runs.md:
    with its step 3 dropped, the English step 3 heading paired with the translated step 4 by position)."""
    return _ANCHOR_PUNCT_RE.sub("", str(block.meta.get("anchor", "")))


def _heading_confidence(e: Block, t: Block) -> float:
    return 1.0 if anchor_key(e) == anchor_key(t) else 0.8


def _match(a: Sequence[str], b: Sequence[str]) -> list[tuple[int, int]]:
    """In-order pairs of equal keys, and of equal-length replaced runs whose keys have the same kind (never
    prose: two paragraphs are not a pair for being paragraphs).

    Near-linear (:func:`.diff.opcodes`): a whole ``SequenceMatcher`` over the skeleton of a doc
    of 40,000 headings (keys of heading levels repeat: difflib's worst case) did not end."""
    out: list[tuple[int, int]] = []
    for tag, i1, i2, j1, j2 in opcodes(a, b):
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1 and all(
                not a[i1 + k].startswith(_SAME) and a[i1 + k].split(":", 1)[0] == b[j1 + k].split(":", 1)[0]
                for k in range(i2 - i1))):
            out.extend((i1 + k, j1 + k) for k in range(i2 - i1))
    return out


def pair_docs(en: Document, tr: Document, lang: str = "ko", model: LengthModel | None = None, *,
              leave_out: Collection[int] = ()) -> list[Bead]:
    """Beads covering every content block (:func:`hfi18n.doc.pairing.content_blocks`) of both docs, in
    order on both sides.

    ``leave_out``: ids of translated blocks kept out of the pairing (in no bead). The review leaves out
    paragraphs pasted twice: a copy left in pairs with the next English paragraph, and every later pair
    shifts by one until a dropped paragraph absorbs the shift (smolagents ko memory.md with one paragraph
    copied and one dropped 25 lines apart: both were missed)."""
    model = model or LengthModel.default(lang)
    items = {**block_items(en), **block_items(tr)}
    a, b = content_blocks(en), content_blocks(tr)
    if leave_out:
        b = [x for x in b if id(x) not in leave_out]
    ka, kb = [skeleton_key(x) for x in a], [skeleton_key(x) for x in b]
    cuts = _unique(_match(ka, kb), ka, kb)
    sections = {**_section_marks(a), **_section_marks(b)}
    beads: list[Bead] = []
    ei = ti = 0
    for ej, tj in [*cuts, (len(a), len(b))]:
        beads.extend(_gap(a[ei:ej], b[ti:tj], model, lang, items, sections))
        if ej < len(a):
            e, t = a[ej], b[tj]
            sure = _heading_confidence(e, t) if e.kind is BlockKind.HEADING else 1.0
            beads.append(Bead((e,), (t,), sure))
        ei, ti = ej + 1, tj + 1
    return _tips(beads)


def _unique(cuts: list[tuple[int, int]], ka: list[str], kb: list[str]) -> list[tuple[int, int]]:
    """The skeleton pairs but those of a block (not a heading, not prose) whose key is repeated in either
    doc: :class:`difflib.SequenceMatcher` pairs the first equal key it finds, and a key written twice can
    pair far from its place. diffusers zh optimization/para_attn.md writes its first
    ``</hfoption><hfoption id="HunyuanVideo">`` inside a paragraph (no blank line); the English one paired
    with the translation's next, 160 lines on, and every block between was left unpaired (a dropped and
    a duplicated paragraph there went unreported by the review). Left to the gap, such blocks pair by the
    words they share, in order (:func:`_other_pairs`)."""
    seen_a: dict[str, int] = {}
    seen_b: dict[str, int] = {}
    for k in ka:
        seen_a[k] = seen_a.get(k, 0) + 1
    for k in kb:
        seen_b[k] = seen_b.get(k, 0) + 1
    return [(i, j) for i, j in cuts
            if _HEADING_KEY_RE.match(ka[i]) or ka[i].startswith(_SAME) or seen_a[ka[i]] == 1 == seen_b[kb[j]]]


_HEADING_KEY_RE = re.compile(r"h\d+:")


TIP_BEAD = 0.9
"""Confidence of a ``<Tip>`` ... ``</Tip>`` element paired with one ``> [!TIP]`` callout of the other side."""


def _tips(beads: list[Bead]) -> list[Bead]:
    """A ``<Tip>`` element (its open tag, text and close tag: three blocks or more) on one side rendered by
    one callout of the same kind (:func:`hfi18n.doc.components.tip_kind`) on the other is one bead, in
    either direction. An English ``<Tip>`` translated as ``> [!TIP]`` (the syntax doc-builder moved to): the
    aligner saw the tags as English blocks with no translation and the callout as an addition; an update
    then wrote both (diffusers ko using-diffusers/controlling_generation.md: two tips, one twice). The other
    way (issue 34: an English page moved to ``> [!TIP]`` while its translation kept ``<Tip>``; none of the
    corpora's translations does it today), the tags were additions beside a tip paired by its words alone.
    A ``<Tip warning={true}>`` is a ``> [!WARNING]``, never a ``> [!TIP]``."""
    out: list[Bead] = []
    k = 0
    while k < len(beads):
        k = _tip_bead(beads, k, out, english=True) or _tip_bead(beads, k, out, english=False) or _one(beads, k, out)
    return out


def _one(beads: list[Bead], k: int, out: list[Bead]) -> int:
    out.append(beads[k])
    return k + 1


def _tip_bead(beads: list[Bead], k: int, out: list[Bead], *, english: bool) -> int:
    """If ``beads[k]`` opens a ``<Tip>`` element of one side (``english``) left unpaired, and one callout of
    the same kind of the other side is in it or right beside it, append their bead to ``out`` and return the
    index after the element; else 0."""
    def side(b: Bead) -> tuple[Block, ...]:
        return b.en if english else b.tr

    def other(b: Bead) -> tuple[Block, ...]:
        return b.tr if english else b.en

    def lone_tag(b: Bead) -> tuple[str, bool] | None:
        return tip_tag(side(b)[0]) if len(side(b)) == 1 and not other(b) else None

    opened = lone_tag(beads[k])
    if opened is None or opened[1]:
        return 0
    end = next((j for j in range(k + 1, min(k + 8, len(beads))) if (lone_tag(beads[j]) or ("", False))[1]), None)
    if end is None:
        return 0
    group = beads[k:end + 1]
    before = after = False
    if not any(other(b) for b in group):  # the callout was left as an addition right before or after it
        before = bool(out) and not side(out[-1]) and len(other(out[-1])) == 1
        after = not before and end + 1 < len(beads) and not side(beads[end + 1]) and len(other(beads[end + 1])) == 1
        group = [out[-1], *group] if before else [*group, beads[end + 1]] if after else group
    callout = [x for b in group for x in other(b)]
    if len(callout) != 1 or callout[0].kind is not BlockKind.CALLOUT or callout[0].meta.get("callout") != opened[0]:
        return 0
    if before:
        out.pop()
    mine = tuple(x for b in group for x in side(b))
    out.append(Bead(mine, (callout[0],), TIP_BEAD) if english else Bead((callout[0],), mine, TIP_BEAD))
    return end + 1 + after


def _gap(es: list[Block], ts: list[Block], model: LengthModel, lang: str,
         items: dict[int, Item | None],
         sections: Mapping[int, tuple[frozenset[str], str]] | None = None) -> list[Bead]:
    """Beads of the blocks between two skeleton beads: other blocks paired by kind cut the gap again, and
    the prose of each piece is aligned by :func:`.bitext.align_bitext` (``items``: each block's
    :func:`.units.block_item`, by ``id``)."""
    if not es and not ts:
        return []
    if not es or not ts:
        return [Bead((x,), (), LEFTOVER) for x in es] + [Bead((), (x,), LEFTOVER) for x in ts]
    other_e = [i for i, x in enumerate(es) if not _prose_block(x, items)]
    other_t = [j for j, x in enumerate(ts) if not _prose_block(x, items)]
    cuts = [(other_e[p], other_t[q])
            for p, q in _other_pairs([es[i] for i in other_e], [ts[j] for j in other_t], sections, model, lang)]
    out: list[Bead] = []
    ei = ti = 0
    for ej, tj in [*cuts, (len(es), len(ts))]:
        out.extend(_prose(es[ei:ej], ts[ti:tj], model, lang, items))
        if ej < len(es):
            e, t = es[ej], ts[tj]
            out.append(Bead((e,), (t,), _heading_confidence(e, t) if e.kind is BlockKind.HEADING else _SAME_KIND))
        ei, ti = ej + 1, tj + 1
    return out


_WORD_RE = re.compile(r"\w+")


_NO_SECTION: tuple[frozenset[str], str] = (frozenset(), "")
SECTION_BLOCKS = 8
"""Blocks after a heading whose marks stand for its section (:func:`_section_marks`)."""


def _section_marks(blocks: list[Block]) -> dict[int, tuple[frozenset[str], str]]:
    """``id(heading) ->`` what survives translation in the first blocks of its section (code identifiers,
    code spans, link targets, names, numbers) and its words (the title and the first paragraph), for the
    headings of ``blocks`` (a whole doc: a section's code is often a skeleton bead of its own, outside the
    gap its heading is in). An ``[[autodoc]]`` block counts as code: huggingface_hub ko package_reference/hf_api.md
    lacks the "### InferenceProviderMapping" and "### LFSFileInfo" sections, and by level alone its "###
    ModelInfo" paired the first of them."""
    out: dict[int, tuple[frozenset[str], str]] = {}
    for i, x in enumerate(blocks):
        if x.kind is not BlockKind.HEADING:
            continue
        got: set[str] = set()
        words = [str(x.meta.get("title", ""))]
        for y in blocks[i + 1:i + 1 + SECTION_BLOCKS]:
            if y.kind is BlockKind.HEADING:
                break
            if y.kind in (BlockKind.CODE, BlockKind.AUTODOC):  # an API reference section is its autodoc's name
                got.update(w for w in _WORD_RE.findall(y.text) if len(w) > 2)
            elif (it := block_item(y)) is not None:
                got |= it.spans | it.keep
                if len(words) == 1:
                    words.append(it.text)
        out[id(x)] = (frozenset(got), " ".join(words))
    return out


def _other_pairs(es: list[Block], ts: list[Block], sections: Mapping[int, tuple[frozenset[str], str]] | None = None,
                 model: LengthModel | None = None, lang: str = "ko") -> list[tuple[int, int]]:
    """In-order pairs of the non-prose blocks of a gap: blocks of one kind (headings of one level), the
    pairing that shares the most words (code by its identifiers, with translated comments and strings
    around them) and headings of the same anchor. Pairing by kind alone in :func:`difflib.SequenceMatcher`
    order paired a code block with one of the same kind far away: smolagents zh building_good_agents.md
    renders prompt-template code blocks inside list items, and one wrong pair cut the gap so that three
    English paragraphs and their three translations fell on either side of it, unpaired (and the review
    took a dropped paragraph for moved to one of them).

    Headings of different anchors (a translated title without ``[[anchor]]``) are told apart by the marks
    of their sections and the words of their titles and first paragraphs (``sections``,
    :func:`_section_marks`; the words by ``model``'s lexicon): by level alone, a section dropped from
    diffusers ko stable_diffusion.md ("## 속도") left the *last* English heading unpaired, every heading
    between paired with the one before its own, and the omission was placed under the next heading (18 of
    52 long drops of the independent injection bench, issue 34)."""
    words_e = [frozenset(_WORD_RE.findall(x.text)) for x in es]
    words_t = [frozenset(_WORD_RE.findall(x.text)) for x in ts]
    kinds_e, kinds_t = [_kind(x) for x in es], [_kind(y) for y in ts]  # asked of every cell of the table

    def score(p: int, q: int) -> float:
        if kinds_e[p] != kinds_t[q]:
            return 0.0
        x, y = es[p], ts[q]
        if x.kind is BlockKind.HEADING:
            if anchor_key(x) == anchor_key(y):
                return 2.0
            (a, ta), (b, tb) = (sections or {}).get(id(x), _NO_SECTION), (sections or {}).get(id(y), _NO_SECTION)
            said = -model.words_cost(bitext.en_words(ta), bitext.tr_tokens(tb, lang), bitext.chars(tb)) \
                if model is not None and ta and tb else 0.0
            return 0.5 + (len(a & b) / len(a | b) if a and b else 0.0) + min(max(said, 0.0) / 4, 1.0)
        a, b = words_e[p], words_t[q]
        return 0.1 + (len(a & b) / len(a | b) if a or b else 0.5)

    return match_in_order(len(es), len(ts), score)


def _prose_block(block: Block, items: dict[int, Item | None]) -> bool:
    """A block the bitext aligner places (headings are not: it drops them, they pair by level)."""
    return block.kind is not BlockKind.HEADING and _item(block, items) is not None


def _item(block: Block, items: dict[int, Item | None]) -> Item | None:
    got = items.get(id(block), items)  # a block of neither doc (none today): its own item
    return block_item(block) if got is items else got  # type: ignore[return-value]


def _kind(block: Block) -> str:
    return f"h{block.meta.get('level', 1)}" if block.kind is BlockKind.HEADING else block.kind.value


def _prose(es: list[Block], ts: list[Block], model: LengthModel, lang: str,
           items: dict[int, Item | None]) -> list[Bead]:
    """Beads of a piece of a gap: its prose aligned, its unpaired other blocks as 1-0 and 0-1 beads
    placed in order on their side."""
    items_e = [(x, it) for x in es if x.kind is not BlockKind.HEADING and (it := _item(x, items)) is not None]
    items_t = [(x, it) for x in ts if x.kind is not BlockKind.HEADING and (it := _item(x, items)) is not None]
    block_of: dict[int, Block] = {id(it): x for x, it in [*items_e, *items_t]}
    aligned: list[Bead] = []
    if items_e and items_t:
        walls = _walls(es, items_e) | _walls(ts, items_t)
        listed = frozenset(id(it) for x, it in (*items_e, *items_t) if _listed(x))
        lazy = frozenset(id(it) for x, it in (*items_e, *items_t) if id(it) in listed and _lazy(x))
        parts = _parts(es, items_e)  # an English heading the translation lacks (a heading only the translation
        if parts:  # has is its own: "Why is it bad?" made a heading in smolagents hi building_good_agents.md)
            parts.update(_parts(ts, items_t))
        for bead in align_bitext([it for _x, it in items_e], [it for _x, it in items_t], [], model, lang, walls,
                                 listed, lazy, parts):
            aligned.append(Bead(tuple(block_of[id(it)] for it in bead.en),
                                tuple(block_of[id(it)] for it in bead.tr), confidence(bead.cost), bead.cost))
    else:
        aligned = [Bead((x,), (), LEFTOVER) for x, _it in items_e] + [Bead((), (x,), LEFTOVER) for x, _it in items_t]
    pos_e = {id(x): k for k, x in enumerate(es)}
    pos_t = {id(x): k for k, x in enumerate(ts)}
    lone = [Bead((x,), (), LEFTOVER) for x in es if not _prose_block(x, items)] \
        + [Bead((), (x,), LEFTOVER) for x in ts if not _prose_block(x, items)]
    return _merge(aligned, lone, pos_e, pos_t)


def _parts(blocks: list[Block], items: list[tuple[Block, Item]]) -> dict[int, int]:
    """``id(item) ->`` how many headings of ``blocks`` (a piece of a gap: headings no pairing took) come before
    it, for the units after the first such heading (see :func:`.bitext.align_bitext`'s ``parts``)."""
    out: dict[int, int] = {}
    item_of = {id(x): it for x, it in items}
    k = 0
    for x in blocks:
        if x.kind is BlockKind.HEADING:
            k += 1
        elif k and id(x) in item_of:
            out[id(item_of[id(x)])] = k
    return out


_ITEM_RE = re.compile(r"\s*(?:[-*+]|\d+[.)])\s")


def _listed(block: Block) -> bool:
    """``block`` is a list item (a paragraph of a list, its marker first)."""
    return block.kind is BlockKind.PARAGRAPH and bool(block.meta.get("depth")) and bool(_ITEM_RE.match(block.text))


_SENTENCE_END_RE = re.compile(r"[.!?:\u0964\u3002\uff01\uff1f\uff1a]\W*$")


def _lazy(block: Block) -> bool:
    """The list item ``block`` ends in a paragraph written as a lazy continuation: a line that starts a
    sentence (the line before it ends one) at the margin of the item's marker, right after the item with
    no blank line, which Markdown joins to the item (smolagents hi guided_tour.md: "इन सभी तत्वों को..."
    under the description item, a paragraph of its own in the English). An item wrapped mid-sentence is
    not one."""
    lines = block.text.splitlines()
    head = _ITEM_RE.match(lines[0]) if lines else None
    if head is None:
        return False
    margin = len(head.group(0))
    return any(len(line) - len(line.lstrip()) < margin and line.strip() and _SENTENCE_END_RE.search(before.rstrip())
               for before, line in zip(lines, lines[1:], strict=False))


def _walls(blocks: list[Block], items: list[tuple[Block, Item]]) -> frozenset[int]:
    """Ids of the units of ``items`` that come right after a block of ``blocks`` that is not prose (a heading,
    code, a tag: one no pairing cut the piece at): text on either side of it is not one paragraph merged or
    split (see :func:`.bitext.align_bitext`). huggingface_hub ko guides/hf_file_system.md with the "Pandas"
    item (and its code) dropped had that item's English merged with the paragraph after the code."""
    item_of = {id(x): it for x, it in items}
    out: set[int] = set()
    after = False
    for x in blocks:
        if id(x) not in item_of:
            after = True
        elif id(x) in item_of:
            if after:
                out.add(id(item_of[id(x)]))
            after = False
    return frozenset(out)


def _merge(beads: list[Bead], lone: list[Bead], pos_e: dict[int, int], pos_t: dict[int, int]) -> list[Bead]:
    """``beads`` (in order on both sides) with one-sided ``lone`` beads inserted by their position."""
    out = list(beads)
    for bead in lone:
        side, pos = (bead.en, pos_e) if bead.en else (bead.tr, pos_t)
        at = pos[id(side[0])]
        k = 0
        while k < len(out):
            other = out[k].en if bead.en else out[k].tr
            if other and pos[id(other[0])] > at:
                break
            k += 1
        out.insert(k, bead)
    return out


def sure_pairs(beads: Sequence[Bead]) -> list[tuple[Block, Block]]:
    """The 1-1 beads that are sure, as (English, translated) block pairs (what segment pairing uses)."""
    return [(b.en[0], b.tr[0]) for b in beads if len(b.en) == 1 and len(b.tr) == 1 and b.sure]



_MOVES = {(1, 1): Move.MATCH, (1, 0): Move.OMIT, (0, 1): Move.INSERT}


def unit_beads(beads: Sequence[Bead], items: Mapping[int, Item]) -> list[bitext.Bead]:
    """``beads`` as the review reads them: the :class:`~.units.Item` of each heading and prose block
    (``items``: by ``id`` of the block, as :func:`.units.block_item` gives them), with the aligner's move
    and cost. Beads with no such block (code, autodoc...) are left out, and so are unpaired headings (as
    :func:`.bitext.align_bitext` leaves them out); a bead of n English units and one translated unit (an
    English ``<Tip>`` of two paragraphs rendered by one callout) is a merge.

    Why here: the review paired the docs a second way (headings by anchor and level, then each section by
    the bitext aligner) and its findings disagreed with what an update keeps (issue 24: one pair model)."""
    out: list[bitext.Bead] = []
    for b in beads:
        en = tuple(it for x in b.en if (it := items.get(id(x))) is not None)
        tr = tuple(it for x in b.tr if (it := items.get(id(x))) is not None)
        if (not en or not tr) and all(x.heading for x in (*en, *tr)):
            continue
        if not tr:
            out.extend(bitext.Bead(Move.OMIT, (x,), (), b.cost) for x in en)
        elif not en:
            out.extend(bitext.Bead(Move.INSERT, (), (x,), b.cost) for x in tr)
        else:
            move = _MOVES.get((len(en), len(tr))) or (Move.MERGE if len(en) > len(tr) else Move.SPLIT)
            out.append(bitext.Bead(move, en, tr, b.cost))
    return out


def omitted(beads: Sequence[Bead], lone: Callable[[Bead], bool], steady: Callable[[Bead], bool]) -> set[int]:
    """Indexes of the runs of ``lone`` beads (an English paragraph with no translation) between two
    ``steady`` neighbours: paragraphs the translator merged into a neighbour where the aligner could not
    prove the merge (smolagents ko examples/text_to_sql.md), or left out on purpose (4 paragraphs of
    huggingface_hub ko guides/upload.md). The translation holds them as it chose to, and an update leaves
    them out again (:func:`hfi18n.translate.update.keep_beads`).

    The doc's ends are no neighbours: paragraphs missing after the last translated block are a cut file,
    not a merge (a translation cut in half was "up to date", and the update left the missing paragraphs
    out again, issue 31)."""
    def held(k: int) -> bool:
        return 0 <= k < len(beads) and steady(beads[k])

    out: set[int] = set()
    k = 0
    while k < len(beads):
        if not lone(beads[k]):
            k += 1
            continue
        j = k
        while j < len(beads) and lone(beads[j]):
            j += 1
        if held(k - 1) and held(j):
            out.update(range(k, j))
        k = j
    return out


_HELD = frozenset({BlockKind.HEADING, BlockKind.CODE, BlockKind.AUTODOC, BlockKind.MATH})
"""Blocks a translation holds even with no word to translate in them: what ``check`` compares."""


def unheld(beads: Sequence[Bead]) -> list[Block]:
    """The English blocks a translation should hold and does not: every English block no translated block
    renders (a 1-0 bead) that has prose to translate or is a heading, code, ``[[autodoc]]`` or math block,
    except prose the translator merged or left out between translated neighbours (:func:`omitted`).

    THE answer to "does this translation hold every English unit": ``status`` never calls a translation up
    to date while it is not empty, ``check`` reports it (``incomplete``), and an update sends exactly these
    blocks again (issue 31: an emptied translation was "up to date ... base by content")."""
    def lone(bead: Bead) -> bool:
        return bool(bead.en) and not bead.tr and all(x.kind is BlockKind.PARAGRAPH for x in bead.en)

    skip = omitted(beads, lone, lambda bead: not bead.en or bool(bead.tr))
    return [x for k, bead in enumerate(beads) if bead.en and not bead.tr and k not in skip for x in bead.en
            if x.kind in _HELD or any(needs_translation(s) for s in x.segments)]
