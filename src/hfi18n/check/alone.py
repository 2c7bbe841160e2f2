"""Checks that need no English: they run on every translated file, orphans included.

Damage (leaked placeholders, mojibake, chatter, unclosed fences, unbalanced tags), in-page ``#fragment``
links that hit no anchor of the file, and explicit ``[[anchors]]`` of a form doc-builder never links to.
A translation whose English is gone (an orphan) gets these instead of the English-vs-translation checks.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..doc import Document
from .content import check_fragments
from .damage import check_damage
from .findings import ERROR, Finding

_ANCHOR_FORM_RE = re.compile(r"[\w.-]+")
"""What an explicit anchor may hold: letters, digits, ``_``, ``-`` and ``.`` (``[[transformers.Trainer]]``)."""


def check_anchor_form(tgt: Document, file: str) -> Iterator[Finding]:
    """Explicit heading anchors with characters a link fragment cannot carry (``[[why-this?]]``)."""
    for h in tgt.headings():
        anchor = h.meta.get("explicit_anchor")
        if anchor is None or _ANCHOR_FORM_RE.fullmatch(str(anchor)):
            continue
        yield Finding(file, h.start_line, "anchors", ERROR,
                      f"anchor [[{anchor}]] has characters doc-builder never puts in an anchor (spaces, "
                      "punctuation other than - _ .); use the English heading's anchor")


def check_alone(tgt: Document, file: str, lang: str) -> Iterator[Finding]:
    """Every check that needs only the translated file itself."""
    yield from check_damage(tgt, file, lang)
    yield from check_fragments(tgt, file)
    yield from check_anchor_form(tgt, file)
