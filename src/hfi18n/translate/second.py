"""A second opinion where it matters: ``translate --second-model M``.

The Korean team compared five models on real sections by hand, in JSON (2026-10): no single model was
ready to publish, and the reviewers' time went to the segments where a draft broke the team's style or
glossary, or where the models read the English differently. With a second model, every segment the run
translated is also drafted by it (same prompt, same validation, its own memory entries); a segment gets
its second draft beside the first (:attr:`DocJob.alternatives`) when

* the first draft breaks the team's style (``style/register``, ``style/heading``: :func:`draft_slips`) or
  a glossary term (:meth:`hfi18n.glossary.Glossary.violations`), and the second does not do worse; or
* the two drafts disagree strongly: they share less than :data:`DISAGREE` of their character bigrams
  (placeholders and spacing aside), which two readings of the same English rarely do.

The first draft is what is written; the web app's review shows both and the translator picks per segment
(``DraftSegment.alternative``). The second model's tokens and cost are counted in the run's stats.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..doc import PLACEHOLDER_RE, BlockKind, Segment
from ..glossary import Glossary
from ..lang import LayerUnavailable, layer_for
from ..lang.pieces import Piece
from ..lang.style import StyleSettings, heading_slip, register_slips
from .pipeline import DocJob, RunStats, Translator

DISAGREE = 0.35
"""Dice similarity of the two drafts' character bigrams below which they disagree strongly. Two models'
faithful drafts of a sentence share most bigrams (particles, terms, the placeholders' neighbours): on
pseudo and scripted answers of the tests, same reading >= 0.6, a different reading or a dropped clause < 0.3."""


@dataclass(slots=True, frozen=True)
class SecondDraft:
    """The second model's draft of a segment, and why it is shown beside the first."""

    text: str
    model: str
    reasons: tuple[str, ...]
    """``style``, ``glossary`` (the first draft breaks them), ``disagree`` (the drafts read differently)."""

    def to_json(self) -> dict[str, object]:
        return {"text": self.text, "model": self.model, "reasons": list(self.reasons)}


def bigrams(text: str) -> Counter[str]:
    """Character bigrams of ``text`` without placeholders and spacing."""
    bare = "".join(PLACEHOLDER_RE.sub("", text).split())
    return Counter(bare[i:i + 2] for i in range(len(bare) - 1))


def agreement(a: str, b: str) -> float:
    """Dice similarity of the character bigrams of two drafts (1.0: the same text)."""
    x, y = bigrams(a), bigrams(b)
    if not x and not y:
        return 1.0
    return 2 * sum((x & y).values()) / (sum(x.values()) + sum(y.values()))


def draft_slips(seg: Segment, text: str, *, heading: bool, style: StyleSettings,
                english_question: bool | None = None) -> list[str]:
    """What in draft ``text`` of ``seg`` breaks the team's style (``style/register``: sentences outside the
    team's register; ``style/heading``: a heading written as a sentence), in words; [] without the analyzer."""
    if not style.checks:
        return []
    try:
        layer = layer_for(style.lang)
    except LayerUnavailable:
        return []
    if layer is None:
        return []
    piece = Piece.of(seg, heading, text)
    (sentences,) = layer.sentences([piece.text])
    out = []
    if heading:
        slip = heading_slip(sentences, english_question, style, layer)
        if slip is not None:
            out.append(f"heading written as a sentence ({slip.ending.form})")
    elif style.register:
        out.extend(f"{s.ending.form} ({s.ending.register})" for s in register_slips(sentences, style, layer))
    return out


def _english_question(seg: Segment) -> bool:
    return seg.text.rstrip().endswith("?")


def second_opinions(jobs: list[DocJob], second: Translator, *, glossary: Glossary | None,
                    style: StyleSettings) -> RunStats:
    """Draft every segment the run translated (``job.translations`` beyond what the job was given) with
    ``second`` and keep its draft beside the first where it matters (see the module docstring)."""
    shadows: list[tuple[DocJob, DocJob]] = []
    for job in jobs:
        ids = [s for s in job.doc.segments()
               if s.id in job.translations and s.id not in job.given and job.translations[s.id] != s.text]
        if ids:
            shadow = DocJob(job.en_rel, job.doc, job.target, ids, target_before=job.target_before)
            shadows.append((job, shadow))
    stats = second.run([s for _, s in shadows])
    for job, shadow in shadows:
        headings = {s.id for b in job.doc.blocks if b.kind is BlockKind.HEADING for s in b.segments}
        for seg in job.doc.segments():
            other = shadow.translations.get(seg.id)
            first = job.translations.get(seg.id)
            if other is None or first is None or seg.id in job.given or other == first:
                continue
            heading = seg.id in headings
            question = _english_question(seg)
            reasons = []
            first_slips = draft_slips(seg, first, heading=heading, style=style, english_question=question)
            if first_slips and len(draft_slips(seg, other, heading=heading, style=style,
                                               english_question=question)) <= len(first_slips):
                reasons.append("style")
            missed = len(glossary.violations(seg.text, first)) if glossary is not None else 0
            if missed and glossary is not None and len(glossary.violations(seg.text, other)) <= missed:
                reasons.append("glossary")
            if agreement(first, other) < DISAGREE:
                reasons.append("disagree")
            if reasons:
                job.alternatives[seg.id] = SecondDraft(other, second.provider.model, tuple(reasons))
    return stats
