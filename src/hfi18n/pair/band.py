"""The band both dynamic programs of :mod:`hfi18n.pair` are run in once their table is big.

Aligning every English unit with every translated one is quadratic: review took 400 s and 544 MB for a
doc of 3,000 paragraphs, and the headings of a 40,000-heading doc were aligned over 1.6 billion cells
(issues 24 and 25). A big table is aligned in a band around its length-proportional diagonal instead,
widened until the best path keeps off the band's edges (then no path outside it is cheaper in practice: a
run of omissions wider than the band pushes the path to the edge). The bitext aligner
(:mod:`.bitext`) and the in-order matcher (:func:`match_in_order`) share this rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

FULL_CELLS = 40_000
"""Tables of up to this many cells (200 by 200 units) are aligned whole, as before the band existed."""
BAND = 32
"""Half-width (in columns) of the first band a bigger table is aligned in; doubled while the path touches
its edge."""

Band = list[tuple[int, int]]
"""Columns ``(lo, hi)`` of each row ``0..n`` of the table."""


def rows(n: int, m: int, w: int) -> Band:
    """A band of half-width ``w`` around ``j = i·m/n``."""
    if n == 0:
        return [(0, m)]
    return [(max(0, (i * m) // n - w), min(m, -(-(i * m) // n) + w)) for i in range(n + 1)]


def banded(n: int, m: int, run: Callable[[Band], tuple[T, bool]]) -> T:
    """``run(band)`` -> (its alignment, whether the path touched an edge of the band inside the table):
    over the whole table up to :data:`FULL_CELLS` cells, else in bands widened until it does not touch."""
    if n * m <= FULL_CELLS:
        return run([(0, m)] * (n + 1))[0]
    w = max(BAND, 2 + -(-m // max(n, 1)), 2 + -(-n // max(m, 1)))
    while True:
        band = rows(n, m, w)
        result, touched = run(band)
        if not touched or all(lo == 0 and hi == m for lo, hi in band):
            return result
        w *= 2


def match_in_order(n: int, m: int, score) -> list[tuple[int, int]]:
    """Monotone alignment maximising the sum of positive ``score(i, j)`` over matched pairs, in a band
    once the table is big (:func:`banded`); :mod:`.model` pairs a gap's code blocks and headings with it."""
    if not n or not m:
        return []
    return banded(n, m, lambda band: _match_band(n, m, score, band))


def _match_band(n: int, m: int, score, band: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], bool]:
    """:func:`match_in_order` within ``band`` (columns ``lo..hi`` of each row 0..n), and whether the path
    touches an edge of the band inside the table."""
    ninf = float("-inf")
    best = [[ninf] * (hi - lo + 1) for lo, hi in band]
    move = [[0] * (hi - lo + 1) for lo, hi in band]  # 1 = match, 2 = skip i, 3 = skip j
    lo0, hi0 = band[0]
    best[0] = [0.0] * (hi0 - lo0 + 1)
    for i in range(1, n + 1):
        row, prev = best[i], best[i - 1]
        lo, hi = band[i]
        plo, phi = band[i - 1]
        mrow = move[i]
        for j in range(lo, hi + 1):
            if j == 0:
                row[0] = 0.0
                continue
            v, mv = (prev[j - plo] if plo <= j <= phi else ninf), 2
            left = row[j - 1 - lo] if j - 1 >= lo else ninf
            if left > v:
                v, mv = left, 3
            if plo <= j - 1 <= phi:
                s = score(i - 1, j - 1)
                if s > 0 and prev[j - 1 - plo] + s > v:
                    v, mv = prev[j - 1 - plo] + s, 1
            row[j - lo] = v
            mrow[j - lo] = mv
    pairs = []
    touched = False
    i, j = n, m
    while i and j:
        lo, hi = band[i]
        touched = touched or (j == lo and lo > 0) or (j == hi and hi < m)
        mv = move[i][j - lo]
        if mv == 1:
            pairs.append((i - 1, j - 1))
            i -= 1
            j -= 1
        elif mv == 2:
            i -= 1
        else:
            j -= 1
    pairs.reverse()
    return pairs, touched


# typical length of a translation relative to its English source, in characters
