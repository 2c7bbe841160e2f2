"""``hfi18n check``: lint a translated doc against its English source.

Checks are grouped by theme: :mod:`.structure` (headings, anchors, autodoc, components, tables),
:mod:`.content` (code, references, links, in-page fragments), :mod:`.damage` (leaked placeholders,
stray fences, chatter, mojibake, unbalanced tags, unclosed fences, untranslated paragraphs) and
glossary terms; :mod:`.runner` pairs files and runs them all.
"""

from .findings import (
    ERROR,
    WARNING,
    Finding,
    format_github,
    format_json,
    format_text,
    has_errors,
    summary,
    unreadable,
)
from .runner import check_file, check_pair, check_paths, translated_docs

__all__ = [
    "ERROR",
    "WARNING",
    "Finding",
    "check_file",
    "check_pair",
    "check_paths",
    "format_github",
    "format_json",
    "format_text",
    "has_errors",
    "summary",
    "translated_docs",
    "unreadable",
]
