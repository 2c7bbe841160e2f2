"""Segments of the pair model: which translated segments render each English segment, from the beads.

The beads of :func:`.model.pair_docs` pair blocks n-m; ``status`` asks per segment whether a commit of a
translation carries each changed English segment (:func:`hfi18n.repo.history.carries_changes`).
:func:`segment_groups` gives each bead's segments on both sides, split segment by segment where a 1-1
bead has as many segments on each side (the items of a list, the cells of a table), kept as one group
otherwise (a merged passage, a split paragraph).

Why not a pairing of its own: history paired a commit with its English one-to-one by block signature
(``doc.pairing.pair_segments``) while the update paired by beads. After a translator merged two paragraphs
and the English then changed the next one, the changed paragraph was paired with nothing (or with its
neighbour's translation, which the commit had not changed): a commit of the update, with any message, was
not seen to carry the change, and a fresh clone said "outdated" for ever (issue 24).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..doc import Segment
from .model import Bead


@dataclass(slots=True, frozen=True)
class SegmentGroup:
    """English segments and the translated segments that render them together (either side may be empty)."""

    en: tuple[Segment, ...]
    tr: tuple[Segment, ...]
    sure: bool
    """The bead it comes from is sure (:attr:`.model.Bead.sure`)."""


def segment_groups(beads: Iterable[Bead]) -> list[SegmentGroup]:
    """The segments of every bead, in order: one group per segment pair where a 1-1 bead has as many
    segments on each side, else one group for the bead."""
    out: list[SegmentGroup] = []
    for bead in beads:
        en = tuple(s for b in bead.en for s in b.segments)
        tr = tuple(s for b in bead.tr for s in b.segments)
        if not en and not tr:
            continue
        if len(bead.en) == 1 and len(bead.tr) == 1 and len(en) == len(tr) > 1:
            out.extend(SegmentGroup((e,), (t,), bead.sure) for e, t in zip(en, tr, strict=True))
        else:
            out.append(SegmentGroup(en, tr, bead.sure))
    return out


def rendering(groups: Iterable[SegmentGroup]) -> dict[str, tuple[Segment, ...]]:
    """English segment id -> the translated segments of its group (empty: nothing renders it)."""
    return {s.id: g.tr for g in groups for s in g.en}
