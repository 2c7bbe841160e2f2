"""Heading anchors exactly as doc-builder computes them.

doc-builder lowercases the heading text, turns whitespace into ``-`` and drops every character that is
not a Unicode letter, digit or ``-``. An explicit ``[[anchor]]`` at the end of the heading wins; a
translated heading carries the English anchor explicitly: ``## 설치 [[installation]]``.
"""

from __future__ import annotations

import re
import unicodedata

ANCHOR_RE = re.compile(r"\s*\[\[([^\[\]]+)\]\]\s*$")
"""An explicit anchor at the end of a heading line."""


def anchor_mark(anchor: str) -> str:
    """``[[anchor]]``: how an explicit anchor is written after a heading's title."""
    return f"[[{anchor}]]"


_LINK_TARGET_RE = re.compile(r"\]\([^)]*\)|<[^<>]+>")
_MARKUP_RE = re.compile(r"`+|\*+|(?<![^\W_])_+|_+(?![^\W_])")


def slugify(title: str) -> str:
    """The anchor doc-builder derives from a heading's text.

    Mirrors doc-builder's kit (``preprocessors/mdsvex``): trim, lowercase, runs of whitespace to ``-``,
    then drop everything but Unicode letters (``\\p{L}``), numbers (``\\p{N}``) and ``-``. Link targets
    and inline HTML tags are not part of the heading's text, so they are removed first.
    """
    # doc-builder joins the text of the heading's inline nodes with spaces: markup boundaries are spaces
    text = _MARKUP_RE.sub(" ", _LINK_TARGET_RE.sub("]", title)).strip().lower()
    out = []
    for ch in re.sub(r"\s+", "-", text):
        if ch == "-" or unicodedata.category(ch)[0] in ("L", "N"):
            out.append(ch)
    return "".join(out)


def split_anchor(heading_text: str) -> tuple[str, str | None]:
    """Split ``Title [[anchor]]`` into ``("Title", "anchor")``; no anchor gives ``(text, None)``."""
    m = ANCHOR_RE.search(heading_text)
    if not m:
        return heading_text, None
    return heading_text[: m.start()], m.group(1).strip()


def heading_anchor(heading_text: str) -> str:
    """The anchor of a heading: the explicit ``[[anchor]]`` if any, else the slug of its title."""
    title, explicit = split_anchor(heading_text)
    return explicit if explicit is not None else slugify(title.strip())
