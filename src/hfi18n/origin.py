"""Where a segment's text comes from: one vocabulary for every stage.

``translate`` records it per segment on a job (:attr:`hfi18n.translate.pipeline.DocJob.provenance`:
which segments an update kept from the human, which the machine wrote), the write gate turns the
machine ones into the run ledger's ``machine`` set (:mod:`hfi18n.repo.ledger`, which ``status`` and the
next ``--update`` read), and the held-for-review draft shows it per segment
(:class:`hfi18n.write.segment_review.SegmentView`). Until issue 24 the pipeline said ``"auto"`` for a
segment that needs no translation and the review view said ``"as-is"`` for the same segment, with two
sets of constants; a str enum keeps both the comparisons with plain strings and the JSON values.
"""

from __future__ import annotations

import enum


class Origin(str, enum.Enum):
    """Where a segment's text comes from."""

    MACHINE = "machine"
    """Translated by the provider (or found in the translation memory), or edited in the review before
    it was written; a run wrote it and no human touched it since."""
    HUMAN = "human"
    """Written or edited by a human (an update keeps it: its English did not change)."""
    ENGLISH = "english"
    """Not translated: the English is left (the segment failed, or the run was stopped)."""
    AS_IS = "as-is"
    """Nothing to translate (an identifier only, ``### HF_HUB_OFFLINE``): kept as it is, done."""

    def __str__(self) -> str:
        return self.value
