"""A translated doc's prose as a language layer reads it: each segment's text with its placeholders as
one foreign word (:data:`HOLE`), and where each of its lines starts (so a sentence's ending has a line).

Shared by the style checks (:mod:`hfi18n.check.style`) and the translator's own look at a draft
(:mod:`hfi18n.translate.second`): both read a segment the same way.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from ..doc import PLACEHOLDER_RE, BlockKind, Document, Segment

PROSE_BLOCKS = (BlockKind.PARAGRAPH, BlockKind.CALLOUT, BlockKind.TABLE, BlockKind.HTML, BlockKind.HEADING)
PROSE_ROLES = ("", "html")
"""Segments read: Markdown prose and HTML element text (attribute values and props are labels)."""
HOLE = "X"
"""What a placeholder is to the analyzer: one foreign word (``X을 사용한다``)."""


@dataclass(slots=True)
class Piece:
    """A segment as the analyzer reads it: placeholders as :data:`HOLE`, with where its lines start."""

    text: str
    line: int
    breaks: list[int]
    """Offsets in :attr:`text` where a new source line starts."""
    holes: dict[int, str]
    """Offset of each :data:`HOLE` -> the source span it stands for."""
    heading: bool = False

    @classmethod
    def of(cls, seg: Segment, heading: bool = False, text: str | None = None) -> Piece:
        """``seg`` (or ``text``, a translation of it in placeholder form) as the analyzer reads it."""
        body = seg.text if text is None else text
        out: list[str] = []
        breaks: list[int] = []
        holes: dict[int, str] = {}
        size = 0
        pos = 0

        def add(chunk: str, span: str | None = None) -> None:
            nonlocal size
            shown = chunk if span is None else HOLE
            for i, ch in enumerate(chunk if span is None else span):
                if ch == "\n":
                    breaks.append(size + (i + 1 if span is None else 1))
            if span is not None:
                holes[size] = span
            out.append(shown)
            size += len(shown)

        for m in PLACEHOLDER_RE.finditer(body):
            add(body[pos:m.start()])
            add(m.group(0), seg.spans.get(m.group(0), m.group(0)))
            pos = m.end()
        add(body[pos:])
        return cls("".join(out), seg.line, breaks, holes, heading)

    def line_at(self, offset: int) -> int:
        return self.line + bisect.bisect_right(self.breaks, offset)

    def shown(self, start: int, end: int) -> str:
        """``text[start:end]`` with each hole's source span back, on one line."""
        parts = []
        for i in range(start, end):
            parts.append(self.holes.get(i, self.text[i]))
        return " ".join("".join(parts).split())

    def has_hole(self, start: int, end: int) -> bool:
        return any(start <= h < end for h in self.holes)


def prose_pieces(doc: Document) -> list[Piece]:
    """The segments of ``doc`` the style checks read, as the analyzer reads them."""
    return [Piece.of(seg, b.kind is BlockKind.HEADING) for b in doc.blocks if b.kind in PROSE_BLOCKS
            for seg in b.segments if seg.role in PROSE_ROLES and seg.text.strip()]


