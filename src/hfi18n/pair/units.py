"""The units of the pair model: a doc's headings and prose blocks as :class:`Item` (what the aligners
compare: text, protected spans, names and numbers kept in translation), an aligned English/translated
pair as :class:`Unit`.

The pairing itself is :func:`hfi18n.pair.model.pair_docs` (beads), for update, review, history and the
glossary miner alike (:func:`hfi18n.translate.aligned.aligned_units` reads its sure beads; issue 24: one
pair model). The loose pairing that lived here (``align_items``: headings by anchor and level, then the
prose between them by a score of shared spans, names and length, in order) went with its last caller: it
paired a paragraph two English ones were merged into with one of them alone (the miner then saw the words of
the other English paragraph in no unit), and paired the paragraphs of a drifted doc by length where the
pair model leaves them unsure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..doc import Block, BlockKind, Document
from ..doc.model import PLACEHOLDER_RE

PROSE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.CALLOUT, BlockKind.TABLE, BlockKind.HTML})

# -------------------------------------------------------------------------------------------------
# alignment


@dataclass(slots=True)
class Item:
    """A heading or a prose block of a doc, reduced to what alignment and mining need."""

    heading: bool
    level: int
    anchor: str
    explicit_anchor: bool
    text: str
    """Prose with placeholders replaced by spaces."""
    spans: frozenset[str]
    """Protected spans (inline code, link targets...) normalised for comparison."""
    keep: frozenset[str]
    """Names and numbers likely to survive translation unchanged (``LoRA``, ``GPU``, ``16``)."""
    line: int
    kind: BlockKind


@dataclass(slots=True, frozen=True)
class Unit:
    """An aligned pair of English and translated text."""

    en: str
    tr: str
    file: str
    """Doc path relative to the language folder."""
    line: int
    """Line of the translated text in its file."""


_LANG_IN_URL_RE = re.compile(r"/(?:en|ko|zh|ja|de|fr|es|pt|it|hi|cn|tr|ru|ar)(?=/)")
_KEEP_TOKEN_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+_-]*")
_MARKED_RE = re.compile(r"[A-Z0-9]")
"""A digit or a capital anywhere in a token of two characters or more (a lone capital is a word: ``A``)."""


def norm_span(span: str) -> str:
    """A protected span (code, reference, link target) normalised for comparing an English doc with its
    translation: brackets and backticks dropped, the language folder taken out of URLs, lowercased."""
    return _LANG_IN_URL_RE.sub("", span.strip("`[]()~ ")).lower()


def keep_tokens(text: str) -> frozenset[str]:
    """Names and numbers of ``text`` that survive translation (``SDXL``, ``fp16``, ``LoRA``, ``Diffusers``),
    lowercased: the marks the review's aligners compare, for paragraphs and sentences alike."""
    return frozenset(tok.lower() for tok in _KEEP_TOKEN_RE.findall(text)
                     if (len(tok) > 1 and _MARKED_RE.search(tok)) or tok.isdigit())


def block_item(block: Block) -> Item | None:
    """The :class:`Item` of a heading or a prose block with text (None for any other block)."""
    segs = block.segments
    if block.kind is BlockKind.HEADING:
        title = str(block.meta.get("title", ""))
        text = PLACEHOLDER_RE.sub(" ", segs[0].text) if segs else title
        return Item(
            True, int(block.meta.get("level", 1)), str(block.meta.get("anchor", "")),
            block.meta.get("explicit_anchor") is not None, text,
            frozenset(norm_span(s) for seg in segs for s in seg.spans.values()),
            keep_tokens(text), block.start_line, block.kind,
        )
    if block.kind in PROSE_KINDS and segs:
        text = "\n".join(PLACEHOLDER_RE.sub(" ", s.text) for s in segs)
        spans = frozenset(norm_span(v) for s in segs for v in s.spans.values())
        return Item(False, 0, "", False, text, spans, keep_tokens(text), segs[0].line, block.kind)
    return None


def block_items(doc: Document) -> dict[int, Item | None]:
    """:func:`block_item` of every block of ``doc`` by ``id`` of the block, made once per doc (the pair
    model asked for each block's item up to four times)."""
    return doc.view("pair.block_items", lambda d: {id(b): block_item(b) for b in d.blocks})


def doc_items(doc: Document) -> list[Item]:
    """Headings and prose blocks of ``doc`` in order (code, comments and blank lines left out)."""
    return [it for block in doc.blocks if (it := block_item(block)) is not None]


LENGTH_RATIO = {"ko": 0.55, "ja": 0.45, "zh": 0.3, "cn": 0.3, "ta": 1.3}
"""Typical length of a translation in characters per English character, by language (1.0 otherwise): the
model a language's reviews and updates use until its team has 30 aligned human translations to learn one
from (:meth:`.bitext.LengthModel.learn`). Tamil runs a third longer than its English (1.27 over the prose of
huggingface_hub's two Tamil docs, 1.35 in index.md): with 1.0, the 426 characters of its "Read the quick
start guide" paragraph were 5 standard deviations from the English's 261, the pair model left it unpaired
and took a paragraph of another section for it."""
