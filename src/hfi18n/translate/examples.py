"""The team's own past translations, shown with each request so a draft sounds like the team's docs.

The Korean team's reviewers asked every model of their comparison (2026-10) for the same things: the
register, noun headings, the glossary's terms, and the team's own wording for recurring sentences
("자세한 내용은 ... 가이드를 참고하세요"). Rules say the first three (the system prompt, :mod:`.prompt`); the
last is best shown: for each segment, the pair of the team's translated docs whose English is most like it
(tf-idf cosine over English words and names), from the pairs of the one pair model
(:func:`hfi18n.translate.aligned.aligned_units`: sure beads, human text only, drifted docs left out).

Examples go in the user message (they differ per request, so they cannot be cached) within a token budget:
at most :data:`EXAMPLE_SHARE` of the run's estimated input tokens (the system prompt's rule about them
included), spent on the segments with the closest matches first, at most ``[style.<lang>] examples`` per
request; a run that shows none has no rule about them either. A pair whose translation breaks the team's
style (a 해요체 sentence in a 합니다체 team's doc) is never shown.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..doc import PLACEHOLDER_RE
from ..lang import Layer, LayerUnavailable, layer_for
from ..lang.style import StyleSettings, register_slips
from ..pair.units import Unit
from ..repo.layout import DEFAULT_DOCS_ROOT
from .pricing import estimate_tokens

EXAMPLE_SHARE = 0.07
"""Share of a run's estimated input tokens the examples may add, the rule saying what they are included (the
goal: at most 10% more per page than prompt version 2; the style rules add about 2% to a page of two or three
requests)."""
MIN_SIMILARITY = 0.4
"""tf-idf cosine below which a past translation is not shown: it shares too few words to say anything
about how the segment is written."""
MAX_CHARS = 200
"""Past translations longer than this (English) are not shown: one would take the budget of many."""
MIN_WORDS = 2

_WORD_RE = re.compile(r"[a-z][a-z0-9_+.-]*[a-z0-9]|[a-z0-9]")
_STOP = frozenset(["a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "for", "by", "with", "from", "as", "is", "are", "be", "been", "was", "were", "it", "its", "this", "that", "these", "those", "you", "your", "we", "our", "can", "will", "may", "not", "no", "if", "then", "than", "so", "do", "does", "use", "using", "which", "what", "when", "how", "into", "out", "up", "more", "most", "also", "all", "any", "each", "other", "such", "only", "just", "about"])


def words(text: str) -> list[str]:
    """The English words of ``text`` that say what it is about (lowercased, stop words out)."""
    return [w for w in _WORD_RE.findall(PLACEHOLDER_RE.sub(" ", text).lower()) if w not in _STOP and len(w) > 1]


@dataclass(slots=True, frozen=True)
class Example:
    """One pair of the team's translated docs."""

    en: str
    tr: str
    doc: str
    """The doc it comes from (relative to the language folder)."""
    tokens: int
    """Its size in the prompt (estimated tokens of both sides and the labels)."""


class TeamExamples:
    """The team's past translations, indexed by their English words (tf-idf)."""

    def __init__(self, examples: Sequence[Example]) -> None:
        self.examples = list(examples)
        df: Counter[str] = Counter()
        vectors = []
        for ex in self.examples:
            tf = Counter(words(ex.en))
            vectors.append(tf)
            df.update(tf.keys())
        n = len(self.examples) or 1
        self._idf = {w: math.log((n + 1) / (c + 0.5)) for w, c in df.items()}
        self._postings: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for i, tf in enumerate(vectors):
            weights = {w: c * self._idf[w] for w, c in tf.items()}
            norm = math.sqrt(sum(v * v for v in weights.values())) or 1.0
            for w, v in weights.items():
                self._postings[w].append((i, v / norm))

    def __len__(self) -> int:
        return len(self.examples)

    @classmethod
    def from_units(cls, units: Iterable[Unit], style: StyleSettings | None = None) -> TeamExamples:
        """Examples from aligned pairs: prose and headings of a useful size with a translation, and (with
        ``style`` and the language's analyzer) none whose translation breaks the team's style."""
        kept = []
        for u in units:
            en, tr = " ".join(u.en.split()), " ".join(u.tr.split())
            if not en or not tr or en == tr or len(en) > MAX_CHARS or len(words(en)) < MIN_WORDS:
                continue
            kept.append(Example(en, tr, u.file, estimate_tokens(f"EN: {en}\nTR: {tr}\n")))
        return cls(_in_style(kept, style))

    @classmethod
    def from_repo(cls, repo: Path | str, lang: str, docs_root: str = DEFAULT_DOCS_ROOT,
                  style: StyleSettings | None = None) -> TeamExamples:
        """The examples of the translated docs of checkout ``repo`` (the current files; their history is
        not read, so a run starts in a second or two)."""
        from .aligned import aligned_units

        return cls.from_units(aligned_units(repo, lang, docs_root, history=False), style)

    def best(self, text: str, *, exclude_doc: str | None = None) -> tuple[Example, float] | None:
        """The example whose English is most like ``text``, with its similarity (None: none reaches
        :data:`MIN_SIMILARITY`)."""
        tf = Counter(words(text))
        weights = {w: c * self._idf[w] for w, c in tf.items() if w in self._idf}
        norm = math.sqrt(sum(v * v for v in weights.values()))
        if not norm:
            return None
        scores: dict[int, float] = defaultdict(float)
        for w, v in weights.items():
            for i, u in self._postings[w]:
                scores[i] += v / norm * u
        ranked = sorted(scores.items(), key=lambda kv: -kv[1])
        for i, score in ranked:
            if score < MIN_SIMILARITY:
                break
            if exclude_doc is None or self.examples[i].doc != exclude_doc:
                return self.examples[i], score
        return None


def _in_style(examples: list[Example], style: StyleSettings | None) -> list[Example]:
    """``examples`` without those whose translation breaks the team's style (when the analyzer is there)."""
    if style is None or not style.checks or not examples:
        return examples
    try:
        layer: Layer | None = layer_for(style.lang)
    except LayerUnavailable:
        return examples
    if layer is None:
        return examples
    if not style.register:
        return examples
    return [ex for ex, sents in zip(examples, layer.sentences([ex.tr for ex in examples]), strict=True)
            if not register_slips(sents, style, layer)]
