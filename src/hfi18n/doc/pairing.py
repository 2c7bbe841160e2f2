"""Pairing an English doc with a translation of it, block by block and segment by segment.

One definition serves every stage that asks "which translated segment renders this English one":
``translate --update`` (what to keep), ``status`` (does a commit of the translation carry the English
changes since its base, :mod:`hfi18n.repo.history`) and the run ledger (which segments a machine wrote,
:mod:`hfi18n.repo.ledger`). Blocks pair by signature (headings by level, code by content, prose by kind and
protected spans); paired blocks with the same number of segments pair their segments.

It also says which segments need no translation at all (:func:`needs_translation`): a heading, cell or
list item that is only an identifier (``### HF_HUB_OFFLINE``). Before this rule such segments were sent,
a correct model repeated them, validation rejected the "echo" and the page was written as an unfinished
draft: 3 of the 74 huggingface_hub/smolagents pages, with a perfect translator.
"""

from __future__ import annotations

import re

from .anchors import ANCHOR_RE
from .diff import opcodes
from .model import PLACEHOLDER_RE, Block, BlockKind, Document, Segment
from .protected import dedent_block

_CODE_TOKEN = (
    r"_*[A-Za-z0-9]+(?:_+[A-Za-z0-9]+)+_*"  # snake_case, CONSTANT_CASE, __dunder__
    r"|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+"  # dotted names (huggingface_hub.constants)
    r"|[A-Za-z0-9]*[a-z0-9][A-Z][A-Za-z0-9]*"  # CamelCase class and product names (StableDiffusionXLPipeline)
    r"|[\w.~-]*/[\w./~-]+"  # paths
    r"|v?\d+(?:\.\d+)+[\w.+-]*"  # version strings
    r"|\d+"  # numbers
)
IDENTIFIER_ONLY_RE = re.compile(
    rf"\s*(?:{PLACEHOLDER_RE.pattern}|(?:{_CODE_TOKEN})(?:\(\))?)"
    rf"(?:[\s,;/|]*(?:{PLACEHOLDER_RE.pattern}|(?:{_CODE_TOKEN})(?:\(\))?))*\s*:?\s*"
)
"""A segment made only of code-like tokens (and placeholders): there is nothing to translate in it."""


def needs_translation(seg: Segment) -> bool:
    """Is there prose in ``seg``? False for identifier-only text (``HF_HUB_OFFLINE``,
    ``smoothly_deprecate_legacy_arguments``, ``huggingface_hub.constants``, ``WebhookPayloadDiscussionChanges``,
    ``v1.2.3``, ``src/x.py``):
    such a segment is kept as it is and counts as done, so it is never sent nor left as a "draft"."""
    return IDENTIFIER_ONLY_RE.fullmatch(seg.text) is None


def _signature(block: Block) -> str:
    if block.kind is BlockKind.HEADING:
        return f"h{block.meta['level']}"
    if block.kind in (BlockKind.CODE, BlockKind.AUTODOC, BlockKind.MATH, BlockKind.COLAB):
        return f"{block.kind.value}:{dedent_block(block.text)}"
    spans = sorted({seg.spans[p] for seg in block.segments for p in seg.placeholders()})
    return f"{block.kind.value}:{'|'.join(spans)}"


def content_blocks(doc: Document) -> list[Block]:
    """The blocks that carry content (blank lines, comments and raw lines left out)."""
    return [b for b in doc.blocks if b.kind not in (BlockKind.BLANK, BlockKind.COMMENT, BlockKind.RAW)]


def _anchor_key(block: Block) -> str | None:
    """What a big doc is first cut at (:func:`hfi18n.doc.diff.opcodes`): a heading's anchor, which a
    translated heading carries. Signatures alone repeat (``paragraph:`` of every paragraph without code or
    links, ``h2``): writing a doc took 1.4 s with 1,200 headings and 37 s with 12,000."""
    return f"#{block.meta.get('anchor')}" if block.kind is BlockKind.HEADING and block.meta.get("anchor") else None


def align_blocks(base: Document, translation: Document) -> list[tuple[Block, Block]]:
    """Pairs (English block, translated block) that render the same content, in order."""
    a, b = content_blocks(base), content_blocks(translation)
    pairs: list[tuple[Block, Block]] = []
    for tag, i1, i2, j1, j2 in opcodes([_signature(x) for x in a], [_signature(x) for x in b],
                                       [_anchor_key(x) for x in a], [_anchor_key(x) for x in b]):
        if tag not in ("equal", "replace") or i2 - i1 != j2 - j1:
            continue
        for k in range(i2 - i1):
            src, tgt = a[i1 + k], b[j1 + k]
            if src.kind is tgt.kind or {src.kind, tgt.kind} == {BlockKind.CALLOUT, BlockKind.PARAGRAPH}:
                pairs.append((src, tgt))
    return pairs


def align_segments(pairs: list[tuple[Block, Block]]) -> dict[str, Segment]:
    """English segment id -> the translated segment that renders it.

    A translated heading's segment text gets its own ``[[anchor]]`` back, as the translator wrote it
    (``설치[[installation]]``), so an update does not respace every heading.
    """
    out: dict[str, Segment] = {}
    for src, tgt in pairs:
        s_segs, t_segs = src.segments, tgt.segments
        if len(s_segs) != len(t_segs):
            continue
        out.update({s.id: t for s, t in zip(s_segs, t_segs, strict=True)})
        if tgt.kind is BlockKind.HEADING and tgt.meta.get("explicit_anchor") and len(t_segs) == 1:
            tail = tgt.parts[tgt.parts.index(t_segs[0]) + 1:]
            anchor = "".join(p for p in tail if isinstance(p, str)).rstrip("\r\n")
            if ANCHOR_RE.fullmatch(anchor):
                seg = t_segs[0]
                out[s_segs[0].id] = Segment(seg.id, seg.text + anchor, seg.spans, seg.line,
                                            seg.prefixes, seg.suffixes)
    return out


def pair_segments(english: Document, translation: Document) -> dict[str, Segment]:
    """English segment id -> the translated segment (its text as in the file, no anchor added)."""
    raw = {s.id: s for s in translation.segments()}
    return {en_id: raw[t.id] for en_id, t in align_segments(align_blocks(english, translation)).items()}
