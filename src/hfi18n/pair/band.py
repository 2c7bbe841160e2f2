"""The band both dynamic programs of :mod:`hfi18n.pair` are run in once their table is big.

Aligning every English unit with every translated one is quadratic: review took 400 s and 544 MB for a
doc of 3,000 paragraphs, and the headings of a 40,000-heading doc were aligned over 1.6 billion cells
(issues 24 and 25). A big table is aligned in a band around its length-proportional diagonal instead,
widened until the best path keeps off the band's edges (then no path outside it is cheaper in practice: a
run of omissions wider than the band pushes the path to the edge). The bitext aligner
(:mod:`.bitext`) and the heading/paragraph matcher (:mod:`.units`) share this rule.
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
