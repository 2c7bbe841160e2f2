"""Validate a translator's answer, segment by segment, before anything is kept.

A translated segment is accepted only when: it is not many times longer than the source (a runaway);
every placeholder of the source is back exactly once and none is invented; it is not empty; it does not start with chatter ("Here is the translation") or a
code fence; it is not an echo of the English; for languages with their own script, it contains
that script; and its letters are not mostly in another script than the target's (a Japanese or Chinese
answer for Korean, a Korean one for Japanese). A truncated answer (``finish_reason == "length"``) is rejected as a whole, since its last
elements may be cut.
"""

from __future__ import annotations

import re
from collections import Counter

from ..doc import PLACEHOLDER_RE, Segment
from ..doc.syntax import FENCE_RUN
from ..scripts import CHATTER_RE, LEAK_RE, looks_english, script_ratio, wrong_script

_FENCE_RE = re.compile(r"\s*" + FENCE_RUN)

RUNAWAY_RATIO, RUNAWAY_SLACK = 8, 400
"""An answer longer than ``8 x the English + 400`` characters is a runaway (a model repeating itself). A
provider's answer is bounded by ``max_tokens`` (a cut one is rejected as truncated); an agent's answer to
``submit_translation`` has no such bound, so the same limit is checked here for both."""
"""An answer that starts with a code fence (after any whitespace, newlines included)."""


def validate_segment(seg: Segment, answer: str | None, lang: str) -> str | None:
    """Why ``answer`` is not an acceptable translation of ``seg`` (None when it is)."""
    if answer is None:
        return "segment missing from the answer"
    if not answer.strip():
        return "empty translation"
    if len(answer) > RUNAWAY_RATIO * len(seg.text) + RUNAWAY_SLACK:
        return f"answer is {len(answer) // max(1, len(seg.text))} times as long as the English (a runaway answer)"
    want = Counter(PLACEHOLDER_RE.findall(seg.text))
    got = Counter(PLACEHOLDER_RE.findall(answer))
    if want != got:
        missing = sorted(set((want - got).elements()))
        extra = sorted(set((got - want).elements()))
        parts = []
        if missing:
            parts.append("dropped " + " ".join(f"⟦{n}⟧" for n in missing))
        if extra:
            parts.append("invented or duplicated " + " ".join(f"⟦{n}⟧" for n in extra))
        return "placeholders " + ", ".join(parts)
    stripped = PLACEHOLDER_RE.sub("", answer)
    if LEAK_RE.search(stripped):
        return "foreign placeholder-like text in the answer"
    if _FENCE_RE.match(answer) and not _FENCE_RE.match(seg.text):
        return "answer wrapped in a code fence"
    if CHATTER_RE.search(answer) and not CHATTER_RE.search(seg.text):
        return "chatter instead of a translation"
    english_source = looks_english(PLACEHOLDER_RE.sub(" ", seg.text), lang)
    if english_source and answer.strip() == seg.text.strip():
        return "answer repeats the English"
    if english_source and looks_english(stripped, lang):
        ratio = script_ratio(stripped, lang)
        return f"no {lang} text in the answer (wrong language)" if ratio == 0 else "answer is still English"
    other = wrong_script(stripped, PLACEHOLDER_RE.sub("", seg.text), lang)
    if other is not None:
        return f"answer is mostly in {other} script, not {lang}'s (wrong language)"
    return None
