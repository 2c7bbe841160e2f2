"""The machine-draft mark: the first line of a translation hfi18n wrote although it is not finished.

A doc is written with this mark when its translation fails ``check`` and the user asked for it anyway
(``--allow-errors``), or when some of its segments could not be translated and stayed in English. The
mark is an HTML comment (invisible on the built page); ``status`` reports a marked file as a draft, not
as up to date, and ``publish`` refuses it. The translator removes the line once the page is finished.
"""

from __future__ import annotations

from pathlib import Path

DRAFT_MARK = ("<!-- hfi18n: this machine draft has check errors or text left in English; finish it, run "
              "`hfi18n check`, then delete this line -->\n")
_MARK_START = "<!-- hfi18n: this machine draft"
"""What every version of the mark starts with (earlier ones said only "has check errors")."""


def mark_draft(text: str) -> str:
    """``text`` as hfi18n writes an unfinished translation: the mark as its first line."""
    return DRAFT_MARK + text


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
