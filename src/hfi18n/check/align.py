"""Aligning an English sequence with its translation (headings, autodoc blocks, tags, code lines), in
near-linear time.

``difflib.SequenceMatcher`` is quadratic: on a doc with 8,000 headings whose levels differ here and there
it takes seconds to minutes, and heading levels (an alphabet of six) are its worst case. :func:`opcodes`
gives the same kind of opcodes, cheaply:

1. the common head and tail are matched directly (a translation mostly mirrors the English, so the
   differing middle is usually small or empty: linear);
2. a middle of at most :data:`EXACT_BUDGET` pairs goes to ``SequenceMatcher`` as a whole (exact);
3. a larger middle is cut into windows of about :data:`WINDOW` items, paired by position, and each pair
   is aligned on its own (linear in the length, times the window). Findings stay near the right place;
   a difference that straddles a window boundary may be reported as a removal plus an addition.
"""

from __future__ import annotations

import difflib
from collections.abc import Hashable, Iterator, Sequence

Opcode = tuple[str, int, int, int, int]

EXACT_BUDGET = 250_000
"""Largest ``len(a) * len(b)`` of a differing middle aligned exactly (about 500 x 500 items)."""
WINDOW = 200
"""Items per window when the differing middle is larger than :data:`EXACT_BUDGET`."""


def opcodes(a: Sequence[Hashable], b: Sequence[Hashable]) -> list[Opcode]:
    """``SequenceMatcher.get_opcodes()``-style opcodes turning ``a`` into ``b`` (see the module docstring)."""
    n, m = len(a), len(b)
    head = 0
    while head < n and head < m and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < n - head and tail < m - head and a[n - 1 - tail] == b[m - 1 - tail]:
        tail += 1
    out: list[Opcode] = []
    if head:
        out.append(("equal", 0, head, 0, head))
    out.extend(_middle(a[head:n - tail], b[head:m - tail], head, head))
    if tail:
        out.append(("equal", n - tail, n, m - tail, m))
    return _merge(out)


def changes(a: Sequence[Hashable], b: Sequence[Hashable]) -> Iterator[Opcode]:
    """The non-equal opcodes turning English sequence ``a`` into translated sequence ``b``."""
    for op in opcodes(a, b):
        if op[0] != "equal":
            yield op


def _middle(a: Sequence[Hashable], b: Sequence[Hashable], i0: int, j0: int) -> list[Opcode]:
    n, m = len(a), len(b)
    if not n and not m:
        return []
    if not n:
        return [("insert", i0, i0, j0, j0 + m)]
    if not m:
        return [("delete", i0, i0 + n, j0, j0)]
    if n * m <= EXACT_BUDGET:
        return [(tag, i1 + i0, i2 + i0, j1 + j0, j2 + j0)
                for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()]
    k = max(-(-n // WINDOW), -(-m // WINDOW))
    out: list[Opcode] = []
    for w in range(k):
        ia, ib = n * w // k, n * (w + 1) // k
        ja, jb = m * w // k, m * (w + 1) // k
        out.extend((tag, i1 + ia + i0, i2 + ia + i0, j1 + ja + j0, j2 + ja + j0)
                   for tag, i1, i2, j1, j2 in opcodes(a[ia:ib], b[ja:jb]))
    return out


def _merge(ops: list[Opcode]) -> list[Opcode]:
    """Join neighbouring opcodes of the same kind (windows cut runs in pieces)."""
    merged: list[Opcode] = []
    for op in ops:
        if merged and merged[-1][0] == op[0] and merged[-1][2] == op[1] and merged[-1][4] == op[3]:
            prev = merged[-1]
            merged[-1] = (op[0], prev[1], op[2], prev[3], op[4])
        else:
            merged.append(op)
    return merged
