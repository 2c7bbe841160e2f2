"""The machine-draft mark: the first line of a translation hfi18n wrote although it is not finished.

A doc is written with this mark when its translation fails ``check`` and the user asked for it anyway
(``--allow-errors``), or when some of its segments could not be translated and stayed in English. The
mark is an HTML comment (invisible on the built page); ``status`` reports a marked file as a draft, not
as up to date, and ``publish`` refuses it. The translator removes the line once the page is finished.

Output of the ``pseudo`` provider (a test double that scrambles letters offline) carries its own version of
the mark, :data:`PSEUDO_MARK`, saying why: ``translate --provider pseudo`` used to write a page with no mark
at all, so ``status`` called it up to date, ``check`` found nothing and ``publish`` opened a PR whose body
said a translator had reviewed it (issue 23). :func:`draft_reason` tells the two marks apart.
"""

from __future__ import annotations

from pathlib import Path

DRAFT_MARK = ("<!-- hfi18n: this machine draft has check errors or text left in English; finish it, run "
              "`hfi18n check`, then delete this line -->\n")
_MARK_START = "<!-- hfi18n: this machine draft"
"""What every version of the mark starts with (earlier ones said only "has check errors")."""

PSEUDO_REASON = "pseudo-localized: test output, not a translation"
"""Why a page written by the ``pseudo`` provider is a draft (the words ``check`` and ``status`` report)."""
PSEUDO_MARK = (f"{_MARK_START} is {PSEUDO_REASON}; translate it with a real provider "
               "(hfi18n translate --force --provider anthropic|openai|hf) -->\n")
"""The mark of ``pseudo`` output: starts like :data:`DRAFT_MARK`, so every reader of the mark sees a draft."""


def mark_draft(text: str, *, pseudo: bool = False) -> str:
    """``text`` as hfi18n writes an unfinished translation: the mark as its first line (``pseudo``: the
    mark of test output, :data:`PSEUDO_MARK`)."""
    return (PSEUDO_MARK if pseudo else DRAFT_MARK) + text


def draft_reason(text: str) -> str | None:
    """Why ``text`` is a draft: :data:`PSEUDO_REASON` for pseudo output, a general reason for any other
    version of the mark, ``None`` when ``text`` has no mark."""
    if not is_draft(text):
        return None
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    return PSEUDO_REASON if PSEUDO_REASON in first else "machine draft: check errors or text left in English"


PSEUDO_TITLE = "[pseudo] "
"""The start of a ``_toctree.yml`` title taken from a page of ``pseudo`` output (its scrambled heading):
without it, test output reached the toctree as if it were a translated title (issue 33, item 9); ``check``
reports such a title as an error (``toctree-pseudo``)."""


def without_mark(text: str) -> str:
    """``text`` without the draft mark's line (unchanged when it has none; a BOM is kept)."""
    if not is_draft(text):
        return text
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    body = text[len(bom):]
    nl = body.find("\n")
    return bom + (body[nl + 1:] if nl >= 0 else "")


def is_pseudo(text: str) -> bool:
    """Does ``text`` start with the mark of ``pseudo`` output?"""
    return draft_reason(text) == PSEUDO_REASON


def is_draft(text: str) -> bool:
    """Does ``text`` start with the draft mark (after a BOM)?"""
    return text.lstrip("\ufeff").startswith(_MARK_START)


def is_draft_file(path: Path | str) -> bool:
    """Does the file start with the draft mark? (Reads only its first bytes; False if unreadable.)"""
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(_MARK_START.encode()) + 3)
    except OSError:
        return False
    return is_draft(head.decode("utf-8", errors="replace"))


def is_pseudo_file(path: Path | str) -> bool:
    """Does the file start with the mark of ``pseudo`` output? (Reads its first line; False if unreadable.)"""
    try:
        with open(path, "rb") as fh:
            head = fh.readline(4096)
    except OSError:
        return False
    return is_pseudo(head.decode("utf-8", errors="replace"))
