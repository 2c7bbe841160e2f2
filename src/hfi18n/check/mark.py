"""The mark of pseudo output seen by ``check``: a page the ``pseudo`` test double wrote is an error.

``status`` and ``publish`` read the first line of a translation (:mod:`hfi18n.doc.draft`); ``check`` (and
``review``, which runs the same checks) used to ignore it, so a page the ``pseudo`` test double wrote
(scrambled letters, not a word of Korean) passed ``check`` with no finding at all (issue 23). Pseudo
output is an error: it is not a translation, and ``publish`` refuses a doc with check errors. Any other
draft gets no finding of its own: its errors and English leftovers are what the other checks report, and
``publish`` refuses it by its mark.
"""

from __future__ import annotations

from ..doc import Document
from ..doc.draft import PSEUDO_REASON, is_pseudo
from .findings import ERROR, Finding

PSEUDO_CHECK = "pseudo"
"""Name of the finding on output of the ``pseudo`` provider."""


def check_mark(tgt: Document, file: str) -> list[Finding]:
    """An error on line 1 when ``tgt`` starts with the mark of ``pseudo`` output."""
    if not tgt.blocks or not is_pseudo(tgt.blocks[0].text):  # the first block holds line 1 (no re-render)
        return []
    return [Finding(file, 1, PSEUDO_CHECK, ERROR,
                    f"{PSEUDO_REASON} (written by hfi18n's pseudo provider, a test double): translate it "
                    "with a real provider (hfi18n translate --force --provider anthropic|openai|hf) or by hand")]
