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

import bisect
import difflib
import re

from .anchors import ANCHOR_RE
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


DIFF_CELLS = 1_000_000
"""Block sequences up to this product of lengths (1,000 by 1,000 blocks: every translated doc of the three
corpora, the biggest being huggingface_hub guides/cli.md with 604) are paired by one
:class:`difflib.SequenceMatcher`, as before; bigger ones are first cut at sure anchors
(:func:`_opcodes`). The matcher is quadratic where signatures repeat (``paragraph:`` of every paragraph
without code or links, ``h2``): writing a doc took 1.4 s with 1,200 headings and 37 s with 12,000."""
CHUNK = 200
"""Blocks per piece when a big stretch has no anchor to cut at (it is cut in proportional pieces)."""


def _opcodes(a: list[Block], b: list[Block], sa: list[str], sb: list[str]) -> list[tuple[str, int, int, int, int]]:
    """difflib's opcodes of ``sa`` and ``sb``, for big inputs computed piece by piece: cut at headings whose
    anchor is found once on each side (a translated heading carries the English anchor), then at
    signatures found once on each side (a code block's content), each set kept in order (the longest
    increasing run); a stretch with neither is cut in proportional pieces of :data:`CHUNK` blocks. On a
    doc below :data:`DIFF_CELLS` this is exactly one matcher's answer."""
    out: list[tuple[str, int, int, int, int]] = []

    def piece(i1: int, i2: int, j1: int, j2: int, depth: int) -> None:
        n, m = i2 - i1, j2 - j1
        if n * m <= DIFF_CELLS or depth > 2:
            if n > CHUNK and m > CHUNK and n * m > DIFF_CELLS:  # no anchor anywhere: proportional pieces
                k = max(n, m) // CHUNK + 1
                cuts = [(i1 + n * t // k, j1 + m * t // k) for t in range(k + 1)]
                for (p1, q1), (p2, q2) in zip(cuts, cuts[1:], strict=False):
                    sm = difflib.SequenceMatcher(a=sa[p1:p2], b=sb[q1:q2], autojunk=False)
                    out.extend((t, x1 + p1, x2 + p1, y1 + q1, y2 + q1) for t, x1, x2, y1, y2 in sm.get_opcodes())
                return
            sm = difflib.SequenceMatcher(a=sa[i1:i2], b=sb[j1:j2], autojunk=False)
            out.extend((t, x1 + i1, x2 + i1, y1 + j1, y2 + j1) for t, x1, x2, y1, y2 in sm.get_opcodes())
            return
        keys_a = [_anchor_key(x) for x in a[i1:i2]] if depth == 0 else sa[i1:i2]
        keys_b = [_anchor_key(x) for x in b[j1:j2]] if depth == 0 else sb[j1:j2]
        anchors = _unique_in_order(keys_a, keys_b)
        if not anchors:
            piece(i1, i2, j1, j2, depth + 1)
            return
        p, q = i1, j1
        for x, y in anchors:
            piece(p, i1 + x, q, j1 + y, depth + 1)
            out.append(("equal" if sa[i1 + x] == sb[j1 + y] else "replace", i1 + x, i1 + x + 1, j1 + y, j1 + y + 1))
            p, q = i1 + x + 1, j1 + y + 1
        piece(p, i2, q, j2, depth + 1)

    piece(0, len(sa), 0, len(sb), 0)
    return out


def _anchor_key(block: Block) -> str | None:
    return f"#{block.meta.get('anchor')}" if block.kind is BlockKind.HEADING and block.meta.get("anchor") else None


def _unique_in_order(ka: list[str | None], kb: list[str | None]) -> list[tuple[int, int]]:
    """Positions ``(i, j)`` of the keys found exactly once in each list, the longest run of them in the
    same order on both sides (patience diff's anchors)."""
    count_a: dict[str, int] = {}
    count_b: dict[str, int] = {}
    for k in ka:
        if k is not None:
            count_a[k] = count_a.get(k, 0) + 1
    where_b: dict[str, int] = {}
    for j, k in enumerate(kb):
        if k is not None:
            count_b[k] = count_b.get(k, 0) + 1
            where_b[k] = j
    cand = [(i, where_b[k]) for i, k in enumerate(ka)
            if k is not None and count_a[k] == 1 and count_b.get(k) == 1]
    # longest increasing subsequence of j, in O(n log n)
    tails: list[int] = []
    tail_at: list[int] = []
    prev = [-1] * len(cand)
    for c, (_i, j) in enumerate(cand):
        lo = bisect.bisect_left(tails, j)
        if lo == len(tails):
            tails.append(j)
            tail_at.append(c)
        else:
            tails[lo] = j
            tail_at[lo] = c
        prev[c] = tail_at[lo - 1] if lo else -1
    run: list[tuple[int, int]] = []
    c = tail_at[-1] if tail_at else -1
    while c >= 0:
        run.append(cand[c])
        c = prev[c]
    run.reverse()
    return run


def align_blocks(base: Document, translation: Document) -> list[tuple[Block, Block]]:
    """Pairs (English block, translated block) that render the same content, in order."""
    a, b = content_blocks(base), content_blocks(translation)
    pairs: list[tuple[Block, Block]] = []
    for tag, i1, i2, j1, j2 in _opcodes(a, b, [_signature(x) for x in a], [_signature(x) for x in b]):
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
