"""The English/translation pairing a review works on: the pair model's beads, read as headings and prose.

Built once per doc from the parsed :class:`~hfi18n.doc.Document` pair by :func:`hfi18n.pair.model.pair_docs`
(the n-m beads ``translate --update`` keeps human text by) and read as units (:func:`~hfi18n.pair.model.unit_beads`),
kept with the blocks each unit came from, so the rules can read segments, link targets and references.
The review paired the docs its own way before (headings by anchor and level, then prose by a second
aligner): two pairings of one doc that disagreed, so a paragraph an update kept could be reported missing
(issue 24, "one pair model").
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Collection
from dataclasses import dataclass, field

from ..doc import Block, Document
from ..pair import model as pair_model
from ..pair.bitext import Bead, LengthModel, Move
from ..pair.model import pair_docs, unit_beads
from ..pair.units import Item, block_item

PAIR_COST = 4.0
"""Highest aligner cost of a 1-1 prose bead whose units count as a pair for the per-pair rules (links,
references, glossary terms, the LLM review): the pair model's :data:`~hfi18n.pair.model.SURE` confidence,
the same bar from which ``translate --update`` trusts a bead. Below it a 1-1 bead is as likely wrong as
right, and a per-pair rule would judge a paragraph against English it may not translate."""


@dataclass(slots=True)
class Alignment:
    """Both docs, their units, the pair model's beads over them and the aligned 1-1 pairs."""

    src: Document
    tgt: Document
    lang: str
    model: LengthModel
    """Length model the beads were made with."""
    en_items: list[Item]
    tr_items: list[Item]
    beads: list[Bead]
    """The pair model's beads (:func:`~hfi18n.pair.model.pair_docs`) as units, in order on both sides."""
    blocks: list[pair_model.Bead]
    """The same beads as blocks (code, tags and tables included): where a unit sits among the blocks of
    the translation, which the review places an omission by (:mod:`.gap`)."""
    pairs: list[tuple[Item, Item]]
    """Headings and prose units of the sure 1-1 beads (:data:`PAIR_COST`)."""
    en_blocks: dict[int, Block] = field(default_factory=dict)
    tr_blocks: dict[int, Block] = field(default_factory=dict)
    same_levels: bool = False
    """Both docs have the same sequence of heading levels (headings then pair one to one)."""
    tr_anchors: frozenset[str] = frozenset()
    """Anchors of the translated headings."""
    _en_of: dict[int, Item] = field(default_factory=dict)
    _tr_heading_at: dict[int, Item] = field(default_factory=dict)
    _block_of: dict[int, Block] = field(default_factory=dict)
    _item_of: dict[int, Item] = field(default_factory=dict)

    @classmethod
    def build(cls, src: Document, tgt: Document, lang: str, model: LengthModel | None = None) -> Alignment:
        model = model or LengthModel.default(lang)
        item_of: dict[int, Item] = {}
        block_of: dict[int, Block] = {}
        sides: list[tuple[list[Item], dict[int, Block]]] = []
        for doc in (src, tgt):
            items: list[Item] = []
            at: dict[int, Block] = {}
            for b in doc.blocks:
                it = block_item(b)
                if it is None:
                    continue
                items.append(it)
                item_of[id(b)] = it
                block_of[id(it)] = b
                at.setdefault(it.line, b)
            sides.append((items, at))
        (en_items, en_blocks), (tr_items, tr_blocks) = sides
        blocks = pair_docs(src, tgt, lang, model)
        beads = unit_beads(blocks, item_of)
        same_levels = [h.meta["level"] for h in src.headings()] == [h.meta["level"] for h in tgt.headings()]
        al = cls(src, tgt, lang, model, en_items, tr_items, beads, blocks, _pairs(beads), en_blocks, tr_blocks,
                 same_levels, frozenset(tgt.anchors()), _block_of=block_of, _item_of=item_of)
        for e, t in al.pairs:
            al._en_of[id(t)] = e
        for t in tr_items:
            if t.heading:
                al._tr_heading_at.setdefault(t.line, t)
        return al

    def beads_without(self, leave_out: Collection[int],
                      model: LengthModel | None = None) -> tuple[list[Bead], list[pair_model.Bead]]:
        """The beads of the pair model, as units and as blocks, with the translated units ``leave_out`` (ids)
        kept out of the pairing, made with ``model`` (default: the alignment's): :attr:`beads` and
        :attr:`blocks` when that changes nothing."""
        model = model or self.model
        if not leave_out and model == self.model:
            return self.beads, self.blocks
        out = {id(self._block_of[k]) for k in leave_out if k in self._block_of}
        blocks = pair_docs(self.src, self.tgt, self.lang, model, leave_out=out)
        return unit_beads(blocks, self._item_of), blocks

    def item(self, block: Block) -> Item | None:
        """The unit of a block of either doc (None: not a heading or prose block)."""
        return self._item_of.get(id(block))

    def tr_heading_at(self, line: int) -> Item | None:
        """The translated heading starting at ``line``."""
        return self._tr_heading_at.get(line)

    def english_of(self, t: Item) -> Item | None:
        return self._en_of.get(id(t))

    def tr_item_at(self, line: int) -> Item | None:
        """The translated item starting at ``line`` or, failing that, the last one starting before it."""
        i = bisect_right(self.tr_items, line, key=lambda t: t.line)
        return self.tr_items[i - 1] if i else None

    def en_block(self, e: Item) -> Block | None:
        return self._block_of.get(id(e)) or self.en_blocks.get(e.line)

    def tr_block(self, t: Item) -> Block | None:
        return self._block_of.get(id(t)) or self.tr_blocks.get(t.line)


def _pairs(beads: list[Bead]) -> list[tuple[Item, Item]]:
    return [(b.en[0], b.tr[0]) for b in beads
            if b.move is Move.MATCH and (b.en[0].heading or b.cost <= PAIR_COST)]



