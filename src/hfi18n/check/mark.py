"""The draft mark seen by ``check``: a page hfi18n marked as unfinished is reported, pseudo output as broken.

``status`` and ``publish`` read the first line of a translation (:mod:`hfi18n.doc.draft`); ``check`` (and
``review``, which runs the same checks) used to ignore it, so a page the ``pseudo`` test double wrote
(scrambled letters, not a word of Korean) passed ``check`` with no finding at all (issue 23). Pseudo
output is an error: it is not a translation, and ``publish`` refuses a doc with check errors. Any other
draft is a warning: its errors, if it has any, are reported by the other checks.
"""

from __future__ import annotations

from ..doc import Document
from ..doc.draft import PSEUDO_REASON, draft_reason
from .findings import ERROR, WARNING, Finding

PSEUDO_CHECK = "pseudo"
"""Name of the finding on output of the ``pseudo`` provider."""
DRAFT_CHECK = "draft"
"""Name of the finding on any other machine draft."""


def check_mark(tgt: Document, file: str) -> list[Finding]:
    """A finding on line 1 when ``tgt`` starts with the draft mark."""
    reason = draft_reason(tgt.source)
    if reason is None:
        return []
    if reason == PSEUDO_REASON:
        return [Finding(file, 1, PSEUDO_CHECK, ERROR,
                        f"{PSEUDO_REASON} (written by hfi18n's pseudo provider, a test double): translate it "
                        "with a real provider (hfi18n translate --force --provider anthropic|openai|hf) or by hand")]
    return [Finding(file, 1, DRAFT_CHECK, WARNING,
                    f"hfi18n's mark of an unfinished {reason}: finish the page, then delete line 1")]
