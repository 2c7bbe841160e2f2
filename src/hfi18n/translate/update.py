"""``translate --update``: refresh an outdated translation, keeping the human text that still applies.

Inputs are three docs: the English version the translation was made from (the *base*, found by
``status`` from history), the English of today, and the existing translation.

1. Align the base English with the translation block by block (headings by level, code by content,
   prose by kind and protected spans); paired blocks with the same number of segments pair their
   segments.
2. Align the base English segments with today's by their text (placeholder form, so a repo-wide sweep
   of an inline code span does not count as a change).
3. Today's segments whose text is unchanged take the human translation, with its placeholders mapped to
   today's spans (a sweep such as ``torch_dtype`` to ``dtype`` reaches the translation this way); only
   added or changed segments are left to translate. Removed ones are dropped with their blocks.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

from ..doc import PLACEHOLDER_RE, Block, BlockKind, Document, Segment, parse
from ..doc.protected import _dedent_block
from .pipeline import DocJob


@dataclass(slots=True)
class UpdatePlan:
    """What an incremental update keeps and what it sends."""

    job: DocJob
    kept: int
    """Segments whose human translation is reused."""
    changed: int
    """Segments added or changed in the English since the base: to translate."""
    removed: int
    """Base segments gone from today's English (their translation is dropped)."""
    base_commit: str


def _signature(block: Block) -> str:
    if block.kind is BlockKind.HEADING:
        return f"h{block.meta['level']}"
    if block.kind in (BlockKind.CODE, BlockKind.AUTODOC, BlockKind.MATH, BlockKind.COLAB):
        return f"{block.kind.value}:{_dedent_block(block.text)}"
    spans = sorted({seg.spans[p] for seg in block.segments for p in seg.placeholders()})
    return f"{block.kind.value}:{'|'.join(spans)}"


def _content_blocks(doc: Document) -> list[Block]:
    return [b for b in doc.blocks if b.kind not in (BlockKind.BLANK, BlockKind.COMMENT, BlockKind.RAW)]


def align_segments(base: Document, translation: Document) -> dict[str, Segment]:
    """Base English segment id -> the translated segment that renders it."""
    a, b = _content_blocks(base), _content_blocks(translation)
    sm = difflib.SequenceMatcher(a=[_signature(x) for x in a], b=[_signature(x) for x in b], autojunk=False)
    pairs: dict[str, Segment] = {}
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag not in ("equal", "replace") or i2 - i1 != j2 - j1:
            continue
        for k in range(i2 - i1):
            src, tgt = a[i1 + k], b[j1 + k]
            if src.kind is not tgt.kind and {src.kind, tgt.kind} != {BlockKind.CALLOUT, BlockKind.PARAGRAPH}:
                continue
            s_segs, t_segs = src.segments, tgt.segments
            if len(s_segs) == len(t_segs):
                pairs.update({s.id: t for s, t in zip(s_segs, t_segs, strict=True)})
    return pairs


def carry_over(human: Segment, base_seg: Segment) -> str:
    """The human translation in placeholder form numbered like ``base_seg`` (and so like today's)."""
    by_span = {}
    for ph in base_seg.placeholders():
        by_span.setdefault(base_seg.spans[ph], ph)

    def swap(m: object) -> str:
        ph = m.group(0)  # type: ignore[attr-defined]
        span = human.spans.get(ph, ph)
        return by_span.get(span, span)

    return PLACEHOLDER_RE.sub(swap, human.text)


def plan_update(old_en: str, new_en: str, translation: str, *, en_rel: str, target: Path,
                base_commit: str) -> UpdatePlan:
    base, new, tr = parse(old_en, en_rel), parse(new_en, en_rel), parse(translation, str(target))
    human = align_segments(base, tr)
    old_segs, new_segs = list(base.segments()), list(new.segments())
    sm = difflib.SequenceMatcher(a=[s.text for s in old_segs], b=[s.text for s in new_segs], autojunk=False)
    translations: dict[str, str] = {}
    matched_old = 0
    for tag, i1, i2, j1, _j2 in sm.get_opcodes():
        if tag != "equal":
            continue
        for k in range(i2 - i1):
            old, cur = old_segs[i1 + k], new_segs[j1 + k]
            matched_old += 1
            if old.id in human:
                translations[cur.id] = carry_over(human[old.id], old)
    pending = [s for s in new_segs if s.id not in translations]
    job = DocJob(en_rel, new, target, pending, translations)
    return UpdatePlan(job, len(translations), len(pending), len(old_segs) - matched_old, base_commit)
