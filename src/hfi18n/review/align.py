"""The English/translation pairing a review works on: aligned headings and prose blocks of two docs.

Built once per doc from the parsed :class:`~hfi18n.doc.Document` pair with the aligner of
:mod:`hfi18n.translate.aligned` (headings by anchor and level, then prose between aligned headings), and
kept with the blocks each item came from, so the rules can read segments, link targets and references.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from ..doc import Block, BlockKind, Document
from ..translate.aligned import Item, align_items, doc_items


def _item_blocks(doc: Document) -> dict[int, Block]:
    """Line of each alignment item (heading start, or first segment line) to its block."""
    out: dict[int, Block] = {}
    for b in doc.blocks:
        if b.kind is BlockKind.HEADING:
            out[b.start_line] = b
        elif b.segments:
            out.setdefault(b.segments[0].line, b)
    return out


@dataclass(slots=True)
class Alignment:
    """Both docs, their items and the aligned pairs."""

    src: Document
    tgt: Document
    en_items: list[Item]
    tr_items: list[Item]
    pairs: list[tuple[Item, Item]]
    en_blocks: dict[int, Block] = field(default_factory=dict)
    tr_blocks: dict[int, Block] = field(default_factory=dict)
    same_levels: bool = False
    """Both docs have the same sequence of heading levels (headings then pair one to one)."""
    tr_anchors: frozenset[str] = frozenset()
    """Anchors of the translated headings."""
    _en_of: dict[int, Item] = field(default_factory=dict)
    _tr_heading_at: dict[int, Item] = field(default_factory=dict)

    @classmethod
    def build(cls, src: Document, tgt: Document, lang: str) -> Alignment:
        en_items, tr_items = doc_items(src), doc_items(tgt)
        pairs = align_items(en_items, tr_items, lang)
        same_levels = [h.meta["level"] for h in src.headings()] == [h.meta["level"] for h in tgt.headings()]
        al = cls(src, tgt, en_items, tr_items, pairs, _item_blocks(src), _item_blocks(tgt), same_levels,
                 frozenset(tgt.anchors()))
        for e, t in pairs:
            al._en_of[id(t)] = e
        for t in tr_items:
            if t.heading:
                al._tr_heading_at.setdefault(t.line, t)
        return al

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
        return self.en_blocks.get(e.line)

    def tr_block(self, t: Item) -> Block | None:
        return self.tr_blocks.get(t.line)

    def sections(self) -> list[tuple[list[Item], list[Item]]]:
        """Runs of (English, translated) items between consecutive aligned pairs (both sides exclusive)."""
        out: list[tuple[list[Item], list[Item]]] = []
        en_pos = {id(it): i for i, it in enumerate(self.en_items)}
        tr_pos = {id(it): i for i, it in enumerate(self.tr_items)}
        ei = ti = 0
        for e, t in [*self.pairs, (None, None)]:
            ej = en_pos[id(e)] if e is not None else len(self.en_items)
            tj = tr_pos[id(t)] if t is not None else len(self.tr_items)
            out.append((self.en_items[ei:ej], self.tr_items[ti:tj]))
            ei, ti = ej + 1, tj + 1
        return out

    def neighbours(self, gap: int) -> tuple[tuple[Item, Item] | None, tuple[Item, Item] | None]:
        """Aligned pairs before and after gap number ``gap`` of :meth:`sections`."""
        before = self.pairs[gap - 1] if gap >= 1 else None
        after = self.pairs[gap] if gap < len(self.pairs) else None
        return before, after
