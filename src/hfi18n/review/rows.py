"""Table rows a translation lacks or writes twice (issue 34).

A table is one unit for the pair model (:func:`hfi18n.pair.model.pair_docs`), so a row dropped from or
pasted twice into a benchmark table (diffusers ko optimization/fp16.md) left the table paired and said
nothing. Inside a table paired with its English table the rows are units of their own, aligned by the same
aligner and judged as paragraphs are: a run of English rows with no translated row between them is one
omission, placed after the translated row before it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..check.findings import WARNING
from ..doc import Block, BlockKind
from ..pair.bitext import Move, align_bitext, pair_cost
from ..pair.units import Item, keep_tokens, norm_span
from .gap import aligned, excerpt, line_insertion, line_removal, squeeze
from .model import Kind, ReviewFinding

if TYPE_CHECKING:
    from .coverage import _Doc

OMIT = 4.5
"""The aligner's 1-0 prior (:data:`hfi18n.pair.bitext.PRIOR`): a row explains a missing one below twice it."""



_CELL_SPAN_RE = re.compile(r"`([^`]+)`|\]\(([^)\s]+)[^)]*\)")


def _row_items(block: Block) -> list[tuple[int, Item]]:
    """The body rows of a table, as units (line, unit), read from the lines as written: a cell of numbers is
    no segment, and rows of a benchmark table ("| | | 8 | OOM | 8.05 | 7.47 |") differ by their numbers only.
    Lines the parser took into the table that are not rows (a paragraph written right under it) are not."""
    out = []
    for k, raw in enumerate(block.text.splitlines()[2:], start=block.start_line + 2):
        if not raw.lstrip().startswith("|"):
            continue
        spans = frozenset(norm_span(a or b) for a, b in _CELL_SPAN_RE.findall(raw))
        text = " ".join(x.strip() for x in _CELL_SPAN_RE.sub(" ", raw).split("|") if x.strip())
        out.append((k, Item(False, 0, "", False, text, spans, keep_tokens(text), k, BlockKind.TABLE)))
    return out


def row_findings(d: _Doc, file: str, english: str) -> Iterator[ReviewFinding]:
    """Rows a translated table writes twice or, paired with its English table, lacks. A table is one unit
    for the pair model, and a row dropped from or pasted twice into a benchmark table (diffusers ko
    optimization/fp16.md) left it paired and said nothing. A row written again right after itself is a
    copy unless the English table does the same; for a table paired with its English, the rows of both are
    aligned by the same aligner: a 1-0 row no 0-1 row of the table explains (:data:`OMIT`) is missing, a
    0-1 row written as an earlier row is a copy too."""
    src = d.en_lines
    for b in d.blocks:
        for table in b.tr:
            if table.kind is not BlockKind.TABLE:
                continue
            paired = b.en[0] if len(b.en) == 1 == len(b.tr) and b.en[0].kind is BlockKind.TABLE else None
            tr = _row_items(table)
            er = _row_items(paired) if paired is not None else []
            raw = {n: squeeze(d.lines[n - 1]) for n, _it in tr}
            en_raw = [squeeze(src[n - 1]) for n, _it in er]
            twice = any(x == y for x, y in zip(en_raw, en_raw[1:], strict=False))
            copies = {n: m for (m, _a), (n, _b) in zip(tr, tr[1:], strict=False)
                      if raw[n] == raw[m] and n == m + 1 and _LETTERS_RE.search(d.lines[n - 1]) and not twice}
            if er and len(er) != len(tr):
                yield from _row_omissions(d, file, english, er, tr, src, raw, copies, max(Counter(en_raw).values()),
                                          table.start_line + 1)
            for n, m in copies.items():
                yield _row_copy(d, file, english, n, m)


_LETTERS_RE = re.compile(r"[^\W\d_]{2}")


def _row_copy(d: _Doc, file: str, english: str, n: int, twin: int) -> ReviewFinding:
    return ReviewFinding(file, n, Kind.DUPLICATION, "duplicate-row", WARNING,
                         f"this table row repeats the one at line {twin}: '{excerpt(d.lines[n - 1])}'; delete one "
                         f"of them{aligned(english)}", aligned_with=english, edit=line_removal(n))


def _row_omissions(d: _Doc, file: str, english: str, er: list[tuple[int, Item]], tr: list[tuple[int, Item]],
                   src: list[str], raw: dict[int, str], copies: dict[int, int], en_most: int,
                   head: int) -> Iterator[ReviewFinding]:
    """The rows of paired tables ``er`` and ``tr`` aligned: missing rows, and copies not right after their twin
    (``head``: the line of the translated table's header rule, the first row's place)."""
    line_of = {id(it): n for n, it in tr}
    # every row a wall: a row is never merged with or split into another (diffusers ko quicktour.md,
    # the inpainting row left in English dropped: the aligner merged it with the English row after it)
    walls = frozenset(id(it) for _n, it in (*er, *tr))
    beads = align_bitext([it for _n, it in er], [it for _n, it in tr], [], d.model, d.lang, walls=walls)
    extra = [x.tr[0] for x in beads if x.move is Move.INSERT]
    prev: int | None = head
    run: list[Item] = []
    for x in [*beads, None]:
        if x is None or x.tr:
            if run:  # rows missing together are one finding, as paragraphs are
                after = line_of[id(x.tr[0])] if x is not None else None
                rows = "\n".join(src[e.line - 1] for e in run)
                line, edit = line_insertion(d.lines, prev, after, rows)
                where = f"after the row at line {prev}" if prev != head else "as the first rows of the table"
                what = (f"the English table row at line {run[0].line} has no translation" if len(run) == 1 else
                        f"{len(run)} English table rows, lines {run[0].line}-{run[-1].line}, have no translation")
                yield ReviewFinding(file, line, Kind.OMISSION, "missing-row", WARNING,
                                    f"{what}; it belongs here, {where}: '{excerpt(src[run[0].line - 1], 120)}'"
                                    f"{aligned(english)}", english_line=run[0].line, aligned_with=english,
                                    quotes_english=True, edit=edit)
                run = []
            if x is None:
                break
            n = line_of[id(x.tr[0])]
            if x.move is Move.INSERT and n not in copies:
                twin = next((m for m, _it in tr if m < n and raw[m] == raw[n]), None)
                if twin is not None and sum(v == raw[n] for v in raw.values()) > en_most:
                    copies[n] = twin
            prev = line_of[id(x.tr[-1])]
        elif not any(pair_cost(x.en[0], t, d.model, d.lang, d.vocab) < 2 * OMIT for t in extra):
            run.append(x.en[0])
