"""Facts the pairing of an English doc with its translation builds on, and which segments need no translation.

Which blocks render which is the pair model's answer (:func:`hfi18n.pair.model.pair_docs`, n-m beads), for
every stage: ``translate --update``, check, review and ``status`` (:mod:`hfi18n.repo.history`); the run
ledger's record matches a written page's segments by what they show and needs no pairing
(:func:`hfi18n.write.gate.record_write`). Here, below the pair model, are the doc facts it builds on: the
content blocks, and the segments of two paired blocks (:func:`align_segments`). The one-to-one pairing by
block signature that lived here (``align_blocks``, ``pair_segments``) went (issue 24): the record and
history paired a merged or split passage with its neighbours and disagreed with the update about who wrote
what.

It also says which segments need no translation at all (:func:`needs_translation`): a heading, cell or
list item that is only an identifier (``### HF_HUB_OFFLINE``, ``### @webhook_endpoint``, ``--repo-type``,
``Class.method()``). Before this rule such segments were sent,
a correct model repeated them, validation rejected the "echo" and the page was written as an unfinished
draft: 3 of the 74 huggingface_hub/smolagents pages, with a perfect translator.
"""

from __future__ import annotations

import re
from collections import Counter

from .anchors import ANCHOR_RE
from .markup import COMPONENTS
from .model import PLACEHOLDER_RE, Block, BlockKind, Document, Segment

_CODE_TOKEN = (
    r"_*[A-Za-z0-9]+(?:_+[A-Za-z0-9]+)+_*"  # snake_case, CONSTANT_CASE, __dunder__
    r"|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+"  # dotted names (huggingface_hub.constants)
    r"|[A-Za-z0-9]*[a-z0-9][A-Z][A-Za-z0-9]*"  # CamelCase class and product names (StableDiffusionXLPipeline)
    r"|[\w.~-]*/[\w./~-]+"  # paths
    r"|v?\d+(?:\.\d+)+[\w.+-]*"  # version strings
    r"|\d+"  # numbers
    r"|@[A-Za-z_][\w.]*"  # decorators (@webhook_endpoint, @app.post)
    r"|--?[A-Za-z][\w-]*(?:=[\w./-]+)?"  # command-line flags (--repo-type, -h, --token=xyz)
)
IDENTIFIER_ONLY_RE = re.compile(
    rf"[\s*]*(?:{PLACEHOLDER_RE.pattern}|(?:{_CODE_TOKEN})(?:\(\))?)"
    rf"(?:[\s,;/|+&*=]*(?:{PLACEHOLDER_RE.pattern}|(?:{_CODE_TOKEN})(?:\(\))?))*[\s*]*:?\s*"
)
"""A segment made only of code-like tokens (and placeholders), maybe in bold and joined by ``+``, ``&`` or
``=`` (the table header ``**ToMe + xFormers**`` of diffusers optimization/tome.md, found by the property
harness of issue 31; the image captions ``guidance_scale = 2.5`` of img2img.md): nothing to translate in it."""


def needs_translation(seg: Segment) -> bool:
    """Is there prose in ``seg``? False for identifier-only text (``HF_HUB_OFFLINE``,
    ``smoothly_deprecate_legacy_arguments``, ``huggingface_hub.constants``, ``WebhookPayloadDiscussionChanges``,
    ``v1.2.3``, ``src/x.py``):
    such a segment is kept as it is and counts as done, so it is never sent nor left as a "draft"."""
    return IDENTIFIER_ONLY_RE.fullmatch(seg.text) is None


def content_blocks(doc: Document) -> list[Block]:
    """The blocks that carry content (blank lines, comments and raw lines left out)."""
    return [b for b in doc.blocks if b.kind not in (BlockKind.BLANK, BlockKind.COMMENT, BlockKind.RAW)]


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
        out.update({s.id: t for s, t in zip(s_segs, t_segs, strict=True) if _holds_components(t, s)})
        if tgt.kind is BlockKind.HEADING and tgt.meta.get("explicit_anchor") and len(t_segs) == 1:
            tail = tgt.parts[tgt.parts.index(t_segs[0]) + 1:]
            anchor = "".join(p for p in tail if isinstance(p, str)).rstrip("\r\n")
            if ANCHOR_RE.fullmatch(anchor):
                seg = t_segs[0]
                out[s_segs[0].id] = Segment(seg.id, seg.text + anchor, seg.spans, seg.line,
                                            seg.prefixes, seg.suffixes)
    return out


_TAG_NAME_RE = re.compile(r"</?([A-Za-z][\w.-]*)")


def _holds_components(tgt: Segment, src: Segment) -> bool:
    """Does translated segment ``tgt`` hold every doc-builder component tag (``<hfoption id="pip">``) of
    English segment ``src``? A segment that does not renders no translation of it: those tags are the page's
    structure, hold no words, and a model's answer without them is refused. Taken as the translation, a file
    cut in the middle of a tag (``</hf``, smolagents ko installation.md, bench_properties 2026-11-27) had its
    fragment stand for the English paragraph that opens ``<hfoptions>``/``<hfoption>`` (written on lines of
    its own, they are part of the paragraph): the page closed tags it never opened, check refused it, and an
    ideal update wrote nothing."""
    def tags(seg: Segment) -> Counter[str]:
        return Counter(v.strip() for v in seg.spans.values()
                       if (m := _TAG_NAME_RE.match(v.strip())) is not None and m.group(1) in COMPONENTS)

    need = tags(src)
    return not need or not need - tags(tgt)
