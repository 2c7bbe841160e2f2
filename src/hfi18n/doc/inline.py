"""Protected inline spans: what inside prose must come back from a translator byte for byte.

:func:`protect` replaces each protected span of a piece of prose by a numbered placeholder ``⟦n⟧``
and returns the mapping; :meth:`hfi18n.doc.model.Segment.restore` puts the spans back.

Protected: inline code (any backtick run), doc-builder references ``[`Trainer`]`` and
``[`~transformers.Trainer`]``, link and image targets ``(url "title")`` (the link text stays
translatable), reference labels ``[text][label]``, footnote marks ``[^1]``, autolinks and bare URLs,
inline HTML tags with their attributes and HTML comments, inline math ``\\( .. \\)``, ``\\[ .. \\]``
and ``$$ .. $$``, doc-builder markers ``[[anchor]]``, and any text that already looks like a
placeholder. Emphasis markers stay in the text: translators handle ``**bold**`` well.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .model import placeholder
from .syntax import COMMENT, TAG

_PATTERNS = [
    # an existing placeholder-looking text must survive a round trip
    r"⟦\d+⟧",
    # doc-builder reference: [`Trainer`], [`~utils.Trainer.train`]
    r"\[`[^`\n]+`\](?![(\[])",
    # inline code: a backtick run closed by a run of the same length
    r"(?<!`)(?P<ticks>`+)(?!`).+?(?<!`)(?P=ticks)(?!`)",
    # link / image target right after the closing bracket of the link text
    r"(?<=\])\((?:[^()\s]|\([^()\s]*\))*(?:\s+(?:\"[^\"\n]*\"|'[^'\n]*'))?\s*\)",
    # reference-style label and footnotes
    r"(?<=\])\[[^\[\]\n]+\]",
    r"\[\^[^\]\s]+\]",
    # doc-builder markers
    r"\[\[[^\[\]\n]+\]\]",
    # HTML comments and tags, autolinks
    COMMENT,
    r"<(?:https?|mailto|ftp):[^<>\s]+>",
    TAG,
    # math
    r"\\\\\(.+?\\\\\)",
    r"\\\\\[.+?\\\\\]",
    r"\$\$.+?\$\$",
    # bare URLs (trailing punctuation stays prose)
    r"(?:https?|ftp)://[^\s<>()\[\]`\"']*[^\s<>()\[\]`\"'.,;:!?*_]",
]

CODE_SPAN_RE = re.compile(r"(?<!`)(`+)(?!`).+?(?<!`)\1(?!`)", re.DOTALL)
"""An inline code span: a backtick run closed by a run of the same length."""

PROTECTED_RE = re.compile("|".join(f"(?:{p})" for p in _PATTERNS), re.DOTALL)
_LETTER_RE = re.compile(r"[^\W\d_]")


def has_letters(text: str) -> bool:
    """True if ``text`` has at least one letter (of any script)."""
    return _LETTER_RE.search(text) is not None


def protect(text: str) -> tuple[str, dict[str, str]]:
    """Replace protected spans of ``text`` by ``⟦1⟧``, ``⟦2⟧``... and return ``(text, spans)`` (a dict of
    the caller's own).

    Kept by text (:func:`_protected`): ``check`` parses every English version an outdated translation
    may hold changes of, one after the other, mostly the same paragraphs."""
    protected, spans = _protected(text)
    return protected, dict(spans)


@lru_cache(maxsize=8192)
def _protected(text: str) -> tuple[str, dict[str, str]]:
    spans: dict[str, str] = {}
    out: list[str] = []
    pos = 0
    for m in PROTECTED_RE.finditer(text):
        out.append(text[pos : m.start()])
        key = placeholder(len(spans) + 1)
        spans[key] = m.group(0)
        out.append(key)
        pos = m.end()
    out.append(text[pos:])
    return "".join(out), spans


def blank_code_spans(text: str) -> str:
    """``text`` with inline code blanked out (same length, so offsets and line numbers hold)."""
    return CODE_SPAN_RE.sub(lambda m: " " * len(m.group(0)), text)


def protected_spans(text: str) -> list[str]:
    """The protected spans of ``text`` in order (used by checks and fingerprints)."""
    return [m.group(0) for m in PROTECTED_RE.finditer(text)]
