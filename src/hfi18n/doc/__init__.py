"""The doc-builder document model: parse a Markdown file into blocks and segments, render it back."""

from .anchors import heading_anchor, slugify
from .model import PLACEHOLDER_RE, Block, BlockKind, Document, Segment, placeholder
from .parse import parse, parse_file
from .protected import fingerprint as protected_fingerprint

__all__ = [
    "PLACEHOLDER_RE",
    "Block",
    "BlockKind",
    "Document",
    "Segment",
    "heading_anchor",
    "parse",
    "parse_file",
    "placeholder",
    "protected_fingerprint",
    "slugify",
]
