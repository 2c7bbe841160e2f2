"""The one sequence diff of pairing, update and check, in near-linear time.

Every stage that lines up an English sequence with another (the skeleton of an English doc and its
translation: :mod:`hfi18n.pair.model`; two English versions' blocks and segments:
:mod:`hfi18n.translate.update`; headings, autodoc blocks, tags and code blocks: :mod:`hfi18n.check`) used
its own :class:`difflib.SequenceMatcher`, and two of them their own way around its cost (check's windows,
the one-to-one block pairing's anchors). ``SequenceMatcher`` is quadratic where items repeat, and these
sequences repeat a lot (heading levels, an alphabet of six; the same paragraph text in a doc made of
repeated parts): writing a doc took 37 s with 12,000 headings, a review of 30,000 paragraphs did not end
in 400 s, and 40,000 headings were never reached (issue 24). It lives in ``pair``, the lowest stage that
aligns; ``translate`` and ``check`` import it from here.

:func:`opcodes` gives ``SequenceMatcher.get_opcodes()``-style opcodes:

1. inputs of at most :data:`EXACT_BUDGET` cells go to one ``SequenceMatcher`` whole (unless
   ``head_tail``: see :func:`opcodes`);
2. bigger ones: the common head and tail are matched directly (a translation mostly mirrors the English,
   an update mostly keeps it: linear), and at every level below: on a sequence that repeats itself
   (heading levels ``## ### ### ### ###`` section after section) difflib's longest match can be shifted by
   a period, and 1,200 headings of which 120 went a level deeper got 8 findings on headings that had not
   changed;
3. a differing middle of at most :data:`EXACT_BUDGET` cells (``len * len``) goes to one
   ``SequenceMatcher``: exact (every translated doc of the three corpora is below it: the biggest,
   huggingface_hub ko guides/cli.md, has 604 blocks);
4. a bigger middle is cut at anchors, the items found exactly once on each side, the longest run of
   them in the same order (patience diff: a heading's ``h2:anchor`` key, a code block's content); each
   piece between anchors is diffed the same way;
5. a piece over the budget with no anchor is cut in windows of about :data:`WINDOW` items paired by
   position, each aligned on its own. A difference that straddles a window boundary may come out as a
   removal plus an addition.
"""

from __future__ import annotations

import bisect
import difflib
from collections.abc import Callable, Hashable, Iterator, Sequence
from functools import lru_cache

Opcode = tuple[str, int, int, int, int]

EXACT_BUDGET = 1_000_000
"""Largest ``len(a) * len(b)`` aligned by one ``SequenceMatcher`` (1,000 by 1,000 items)."""
WINDOW = 200
"""Items per window of a middle over :data:`EXACT_BUDGET` with no anchor to cut at."""
_DEPTH = 8
"""Rounds of anchors before a piece goes to windows (a piece only shrinks, but each round rescans it)."""


def opcodes(a: Sequence[Hashable], b: Sequence[Hashable], *, head_tail: bool = False) -> list[Opcode]:
    """Opcodes turning ``a`` into ``b`` (see the module docstring).

    ``head_tail=False`` (pairing and update): inputs up to :data:`EXACT_BUDGET` cells go whole to one
    ``SequenceMatcher``, as they did before this module: the beads of 46 of the corpora's 227 translated
    docs moved when the head and tail were matched first. ``head_tail=True`` (check): head and tail first
    at any size, as check did since it stopped using difflib: its findings moved on 24 of those docs the
    other way."""
    out: list[Opcode] = []
    if not head_tail and len(a) * len(b) <= EXACT_BUDGET:
        _exact(a, b, 0, len(a), 0, len(b), out)
        return out
    _diff(a, b, 0, len(a), 0, len(b), 0, out)
    return _merge(out)


def changes(a: Sequence[Hashable], b: Sequence[Hashable]) -> Iterator[Opcode]:
    """The non-equal opcodes turning English sequence ``a`` into translated sequence ``b``, head and tail
    matched first (what check reports).

    Kept for the last 256 pairs of sequences asked about (:func:`_changes`; a few, as they hold the docs'
    code): ``check`` compares an outdated translation with every later English version, whose headings and
    code blocks are mostly the version before's."""
    yield from _changes(tuple(a), tuple(b))


@lru_cache(maxsize=256)
def _changes(a: tuple[Hashable, ...], b: tuple[Hashable, ...]) -> tuple[Opcode, ...]:
    return tuple(op for op in opcodes(a, b, head_tail=True) if op[0] != "equal")


def _exact(a: Sequence[Hashable], b: Sequence[Hashable], i1: int, i2: int, j1: int, j2: int,
           out: list[Opcode]) -> None:
    sm = difflib.SequenceMatcher(a=a[i1:i2], b=b[j1:j2], autojunk=False)
    out.extend((t, x1 + i1, x2 + i1, y1 + j1, y2 + j1) for t, x1, x2, y1, y2 in sm.get_opcodes())


def _diff(a: Sequence[Hashable], b: Sequence[Hashable], i1: int, i2: int, j1: int, j2: int, depth: int,
          out: list[Opcode]) -> None:
    head = 0
    while i1 + head < i2 and j1 + head < j2 and a[i1 + head] == b[j1 + head]:
        head += 1
    tail = 0
    while i1 + head < i2 - tail and j1 + head < j2 - tail and a[i2 - 1 - tail] == b[j2 - 1 - tail]:
        tail += 1
    if head:
        out.append(("equal", i1, i1 + head, j1, j1 + head))
    _middle(a, b, i1 + head, i2 - tail, j1 + head, j2 - tail, depth, out)
    if tail:
        out.append(("equal", i2 - tail, i2, j2 - tail, j2))


def _middle(a: Sequence[Hashable], b: Sequence[Hashable], i1: int, i2: int, j1: int, j2: int, depth: int,
            out: list[Opcode]) -> None:
    n, m = i2 - i1, j2 - j1
    if not n or not m:
        if n or m:
            out.append(("delete" if n else "insert", i1, i2, j1, j2))
        return
    if n * m <= EXACT_BUDGET:
        _exact(a, b, i1, i2, j1, j2, out)
        return
    anchors = unique_in_order(a[i1:i2], b[j1:j2]) if depth < _DEPTH else []
    if anchors:
        p, q = i1, j1
        for x, y in anchors:
            _diff(a, b, p, i1 + x, q, j1 + y, depth + 1, out)
            out.append(("equal", i1 + x, i1 + x + 1, j1 + y, j1 + y + 1))
            p, q = i1 + x + 1, j1 + y + 1
        _diff(a, b, p, i2, q, j2, depth + 1, out)
        return
    k = max(-(-n // WINDOW), -(-m // WINDOW))
    if k == 1:  # a window no anchor cuts further
        _exact(a, b, i1, i2, j1, j2, out)
        return
    for w in range(k):
        _diff(a, b, i1 + n * w // k, i1 + n * (w + 1) // k, j1 + m * w // k, j1 + m * (w + 1) // k,
              _DEPTH, out)


def same_items(a: Sequence[Hashable], b: Sequence[Hashable], ops: Sequence[Opcode] | None = None
               ) -> tuple[dict[int, int], dict[int, int]]:
    """The items of ``a`` that are in ``b`` unchanged: ``(in_order, moved)``, each ``{i: j}`` with
    ``a[i] == b[j]`` (``ops``: :func:`opcodes` of ``a`` and ``b`` when the caller has them).

    ``in_order``: the equal runs of :func:`opcodes`. ``moved``: the items the in-order diff leaves out on
    both sides (deleted or replaced in ``a``, inserted or replaced in ``b``) that are equal all the same:
    a paragraph, list item or section the English moved. Each of ``b``'s left-out items takes the first
    left-out item of ``a`` with its value, in order, so repeated values pair first with first.

    Why: an English reorder is a deletion and an insertion to an in-order diff, and ``translate --update``
    took it for a change: smolagents en/installation.md swapped its ``e2b`` and ``docker`` list items (and
    added ``blaxel``), and the update replaced both human lines ``- **e2b**: 원격 실행을 위한 E2B 지원을
    활성화합니다.`` by machine text although their English had not changed (issue 31)."""
    in_order: dict[int, int] = {}
    left_a: dict[Hashable, list[int]] = {}
    left_b: list[int] = []
    for tag, i1, i2, j1, j2 in opcodes(a, b) if ops is None else ops:
        if tag == "equal":
            in_order.update({i1 + k: j1 + k for k in range(i2 - i1)})
            continue
        for i in range(i1, i2):
            left_a.setdefault(a[i], []).append(i)
        left_b.extend(range(j1, j2))
    moved: dict[int, int] = {}
    for j in left_b:
        queue = left_a.get(b[j])
        if queue:
            moved[queue.pop(0)] = j
    return in_order, moved


def unique_in_order(ka: Sequence[Hashable | None], kb: Sequence[Hashable | None]) -> list[tuple[int, int]]:
    """Positions ``(i, j)`` of the keys (None: no key) found exactly once in each list, the longest run of
    them in the same order on both sides (patience diff's anchors)."""
    count_a: dict[Hashable, int] = {}
    for k in ka:
        if k is not None:
            count_a[k] = count_a.get(k, 0) + 1
    count_b: dict[Hashable, int] = {}
    where_b: dict[Hashable, int] = {}
    for j, k in enumerate(kb):
        if k is not None:
            count_b[k] = count_b.get(k, 0) + 1
            where_b[k] = j
    cand = [(i, where_b[k]) for i, k in enumerate(ka)
            if k is not None and count_a[k] == 1 and count_b.get(k) == 1]
    return [cand[c] for c in increasing_run([j for _i, j in cand])]


def increasing_run(values: Sequence[int]) -> list[int]:
    """Indices, in order, of one longest strictly increasing subsequence of ``values`` (O(n log n)): the
    anchors of :func:`unique_in_order`, and the toctree entries already in the English order
    (:mod:`hfi18n.check.toctree`)."""
    tails: list[int] = []
    tail_at: list[int] = []
    prev = [-1] * len(values)
    for c, v in enumerate(values):
        lo = bisect.bisect_left(tails, v)
        if lo == len(tails):
            tails.append(v)
            tail_at.append(c)
        else:
            tails[lo] = v
            tail_at[lo] = c
        prev[c] = tail_at[lo - 1] if lo else -1
    run: list[int] = []
    c = tail_at[-1] if tail_at else -1
    while c >= 0:
        run.append(c)
        c = prev[c]
    run.reverse()
    return run


def _merge(ops: list[Opcode]) -> list[Opcode]:
    """Join neighbouring equal, insert or delete opcodes (pieces and windows cut runs). Replaces stay apart:
    callers pair the items of a replace of equal lengths, and joining a 2-1 replace to a 1-1 one would lose
    that pair."""
    merged: list[Opcode] = []
    for op in ops:
        if op[1] == op[2] and op[3] == op[4]:
            continue
        if (merged and merged[-1][0] == op[0] != "replace" and merged[-1][2] == op[1]
                and merged[-1][4] == op[3]):
            prev = merged[-1]
            merged[-1] = (op[0], prev[1], op[2], prev[3], op[4])
        else:
            merged.append(op)
    return merged


def merge3(orig: Sequence[str], ours: Sequence[str], theirs: Sequence[str]) -> tuple[list[str], int]:
    """``ours`` with the changes from ``orig`` to ``theirs`` applied, where ``ours`` did not change the same
    lines (a three-way merge of line lists); returns ``(lines, conflicts)``: the hunks of ``theirs`` that
    touch lines ``ours`` changed (or the places next to them) are left out and counted, ``ours`` kept there.

    What a translation follows is built with it (:func:`hfi18n.repo.history.drift`): the English of its
    base with every English change carried to the translation in the same commit (a sweep, an
    ``[[autodoc]]`` added to both languages), and without the English changes it has not seen."""
    place = placer(orig, ours)
    edits: list[tuple[int, int, Sequence[str]]] = []
    conflicts = 0
    for op in opcodes(orig, theirs, head_tail=True):
        if op[0] == "equal":
            continue
        where = place(op)
        if where is None:
            conflicts += 1  # ours changed these lines or their neighbours: left as ours has them
            continue
        edits.append((where[0], where[1], theirs[op[3]:op[4]]))
    out = list(ours)
    for lo, hi, lines in reversed(edits):
        out[lo:hi] = lines
    return out, conflicts


def placer(orig: Sequence[str], ours: Sequence[str]) -> Callable[[Opcode], tuple[int, int] | None]:
    """Where a hunk of a change of ``orig`` (an opcode from ``orig`` to anything) lands in ``ours``: the
    range of ``ours`` it replaces, or None when ``ours`` changed those lines or the places next to them."""
    at: dict[int, int] = {}  # line of orig -> its line in ours, where ours kept it
    for tag, i1, i2, j1, _j2 in opcodes(orig, ours, head_tail=True):  # two versions of one doc: head, tail
        if tag == "equal":
            at.update({i1 + k: j1 + k for k in range(i2 - i1)})

    def place(op: Opcode) -> tuple[int, int] | None:
        _tag, i1, i2, _j1, _j2 = op
        lo = at[i1 - 1] + 1 if i1 > 0 and i1 - 1 in at else (0 if i1 == 0 else None)
        hi = at[i2] if i2 < len(orig) and i2 in at else (len(ours) if i2 == len(orig) else None)
        if lo is None or hi is None or [at.get(i) for i in range(i1, i2)] != list(range(lo, hi)):
            return None
        return lo, hi

    return place
