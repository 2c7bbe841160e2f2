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
from dataclasses import dataclass, field
from pathlib import Path

from ..doc import PLACEHOLDER_RE, Block, BlockKind, Document, Segment, parse
from ..doc.anchors import ANCHOR_RE
from ..doc.protected import code_without_comments, dedent_block
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
    translation: Document
    """The existing translation, parsed."""
    base_english: str = ""
    """The English the existing translation was made from (at ``base_commit``)."""
    previous: dict[str, tuple[Segment, Segment]] = field(default_factory=dict)
    """Changed segment id -> (its English at the base, the human translation of that English): what the
    translator wrote before, shown beside the new machine text so an update can be reviewed as a change."""


def _signature(block: Block) -> str:
    if block.kind is BlockKind.HEADING:
        return f"h{block.meta['level']}"
    if block.kind in (BlockKind.CODE, BlockKind.AUTODOC, BlockKind.MATH, BlockKind.COLAB):
        return f"{block.kind.value}:{dedent_block(block.text)}"
    spans = sorted({seg.spans[p] for seg in block.segments for p in seg.placeholders()})
    return f"{block.kind.value}:{'|'.join(spans)}"


def _content_blocks(doc: Document) -> list[Block]:
    return [b for b in doc.blocks if b.kind not in (BlockKind.BLANK, BlockKind.COMMENT, BlockKind.RAW)]


def align_blocks(base: Document, translation: Document) -> list[tuple[Block, Block]]:
    """Pairs (base English block, translated block) that render the same content, in order."""
    a, b = _content_blocks(base), _content_blocks(translation)
    sm = difflib.SequenceMatcher(a=[_signature(x) for x in a], b=[_signature(x) for x in b], autojunk=False)
    pairs: list[tuple[Block, Block]] = []
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag not in ("equal", "replace") or i2 - i1 != j2 - j1:
            continue
        for k in range(i2 - i1):
            src, tgt = a[i1 + k], b[j1 + k]
            if src.kind is tgt.kind or {src.kind, tgt.kind} == {BlockKind.CALLOUT, BlockKind.PARAGRAPH}:
                pairs.append((src, tgt))
    return pairs


def align_segments(pairs: list[tuple[Block, Block]]) -> dict[str, Segment]:
    """Base English segment id -> the translated segment that renders it.

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


def reuse_protected_blocks(pairs: list[tuple[Block, Block]], base: Document, new: Document) -> dict[int, str]:
    """Index in ``new.blocks`` -> the translator's version of an untranslatable block the English did not
    change: a heading made only of code with its ``[[anchor]]``, a code block whose comments were
    translated (kept only if it differs from the English in comments alone)."""
    human = {id(src): tgt for src, tgt in pairs}
    a, b = _content_blocks(base), _content_blocks(new)
    position = {id(block): i for i, block in enumerate(new.blocks)}
    sm = difflib.SequenceMatcher(a=[x.text for x in a], b=[x.text for x in b], autojunk=False)
    out: dict[int, str] = {}
    for tag, i1, i2, j1, _j2 in sm.get_opcodes():
        if tag != "equal":
            continue
        for k in range(i2 - i1):
            old, cur = a[i1 + k], b[j1 + k]
            theirs = human.get(id(old))
            if (cur.kind not in (BlockKind.CODE, BlockKind.HEADING) or cur.translatable or theirs is None
                    or theirs.translatable or theirs.text == cur.text):
                continue
            if cur.kind is BlockKind.CODE and (
                code_without_comments(dedent_block(theirs.text)) != code_without_comments(dedent_block(cur.text))
            ):
                continue
            out[position[id(cur)]] = theirs.text
    return out


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
    pairs = align_blocks(base, tr)
    human = align_segments(pairs)
    old_segs, new_segs = list(base.segments()), list(new.segments())
    sm = difflib.SequenceMatcher(a=[s.text for s in old_segs], b=[s.text for s in new_segs], autojunk=False)
    translations: dict[str, str] = {}
    matched_old = 0
    previous: dict[str, tuple[Segment, Segment]] = {}
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "replace":  # changed segments, paired in order: the old English and its human text
            for old, cur in zip(old_segs[i1:i2], new_segs[j1:j2], strict=False):
                if old.id in human:
                    previous[cur.id] = (old, human[old.id])
        if tag != "equal":
            continue
        for k in range(i2 - i1):
            old, cur = old_segs[i1 + k], new_segs[j1 + k]
            matched_old += 1
            if old.id in human:
                translations[cur.id] = carry_over(human[old.id], old)
    pending = [s for s in new_segs if s.id not in translations]
    job = DocJob(en_rel, new, target, pending, translations,
                 block_overrides=reuse_protected_blocks(pairs, base, new))
    return UpdatePlan(job, len(translations), len(pending), len(old_segs) - matched_old, base_commit, tr, old_en,
                      previous)
