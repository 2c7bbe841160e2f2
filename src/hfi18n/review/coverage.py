"""Omissions and duplications: the 번역 누락/중복 검사 of the Korean team's PR checklist.

Works on the :class:`~.align.Alignment` of the English and the translation:

- **English left beside its translation**: a translated paragraph that is still English and (nearly)
  the text of an English paragraph of the same section, while another paragraph translates it;
- **duplication**: a translated paragraph whose text is (nearly) that of another translated paragraph, or
  that translates the same English paragraph as its aligned neighbour;
- **omission**: an English paragraph with no counterpart, when the translation has nothing left over in
  that place (so a rewritten paragraph is not mistaken for a missing one) and the neighbouring
  translated paragraph is not long enough to hold it too (merged paragraphs are not omissions);
  and, within an aligned pair, an English sentence whose names, numbers, code and links are all
  absent from a translation shorter than expected.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from functools import lru_cache

from ..check.findings import WARNING
from ..doc import PLACEHOLDER_RE, BlockKind
from ..scripts import looks_english
from ..translate.aligned import LENGTH_RATIO, Item, norm_span
from .align import Alignment
from .model import Kind, ReviewFinding

MIN_CHARS = 40
"""Paragraphs shorter than this (labels, one-word cells) are not judged."""
SAME_TEXT = 0.85
"""Similarity (difflib ratio) from which an English paragraph and a leftover count as the same text."""
DUPLICATE = 0.95
"""Similarity from which two translated paragraphs count as one paragraph written twice."""
_RUNNING_TEXT = frozenset({BlockKind.PARAGRAPH, BlockKind.CALLOUT})
"""Kinds judged for English left in (tables and HTML mix names and labels with prose)."""
_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\[(\"'])")
_TOKEN_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+_-]*")


@lru_cache(maxsize=8192)
def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _similar(a: str, b: str, floor: float = 0.0) -> float:
    """difflib's ratio of the two texts (whitespace normalised); 0.0 as soon as its cheap upper bounds
    show it is below ``floor`` (the rules compare every paragraph with every other: most pairs are far
    apart, and the full ratio is quadratic in their length)."""
    a, b = _norm(a), _norm(b)
    if not a or not b:
        return 0.0
    sm = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    if floor and (sm.real_quick_ratio() < floor or sm.quick_ratio() < floor):
        return 0.0
    return sm.ratio()


def _excerpt(text: str, n: int = 60) -> str:
    text = _norm(text)
    return text if len(text) <= n else text[: n - 1] + "…"


def check_coverage(al: Alignment, file: str, lang: str) -> Iterator[ReviewFinding]:
    yield from _leftovers(al, file, lang)
    yield from _omissions(al, file, lang)
    yield from _sentences(al, file, lang)


def _leftovers(al: Alignment, file: str, lang: str) -> Iterator[ReviewFinding]:
    """Unaligned (or doubly aligned) translated paragraphs: English left in, or translated twice."""
    prose = [t for t in al.tr_items if not t.heading and len(_norm(t.text)) >= MIN_CHARS]
    reported: set[int] = set()
    english_left = set()
    for f, t in _english_left(al, file, lang):
        english_left.add(id(t))
        reported.add(id(t))
        yield f
    for gap, (_es, ts) in enumerate(al.sections()):
        before, after = al.neighbours(gap)
        for t in ts:
            if t.heading or len(_norm(t.text)) < MIN_CHARS or id(t) in english_left:
                continue
            twin = _twin(t, prose, al)
            if twin is not None:
                reported.add(id(t))
                yield ReviewFinding(file, t.line, Kind.DUPLICATION, "duplicate-paragraph", WARNING,
                                    f"this paragraph repeats the one at line {twin.line}: "
                                    f"'{_excerpt(t.text)}'; delete one of them")
                continue
            for pair in (before, after):
                if pair is None or pair[0].heading:
                    continue
                e, other = pair
                if id(other) not in english_left and _same_english(e, t, other, lang):
                    reported.add(id(t))
                    yield ReviewFinding(file, t.line, Kind.DUPLICATION, "translated-twice", WARNING,
                                        f"this paragraph translates the same English paragraph (line {e.line}) "
                                        f"as line {other.line}; keep one of them", english_line=e.line)
                    break
    # an aligned paragraph that repeats an earlier one (the copy got the alignment, not the original)
    seen: list[Item] = []
    for t in prose:
        if id(t) not in reported and al.english_of(t) is not None:
            twin = _twin(t, seen, al)
            if twin is not None and twin.line < t.line and id(twin) not in reported:
                yield ReviewFinding(file, t.line, Kind.DUPLICATION, "duplicate-paragraph", WARNING,
                                    f"this paragraph repeats the one at line {twin.line}: "
                                    f"'{_excerpt(t.text)}'; delete one of them")
        seen.append(t)


def _english_left(al: Alignment, file: str, lang: str) -> Iterator[tuple[ReviewFinding, Item]]:
    """Translated paragraphs still in English, (nearly) the text of an English paragraph, next to a
    translated paragraph that translates the same English (aligned with it, or left unaligned)."""
    items = [t for t in al.tr_items if not t.heading]
    for k, t in enumerate(items):
        if t.kind not in _RUNNING_TEXT or len(_norm(t.text)) < MIN_CHARS or not looks_english(t.text, lang):
            continue
        e = al.english_of(t)
        if e is None or _similar(e.text, t.text, SAME_TEXT) < SAME_TEXT:
            scored = ((_similar(x.text, t.text, SAME_TEXT), x) for x in al.en_items if not x.heading)
            sim, e = max(scored, key=lambda sx: sx[0], default=(0.0, None))
            if sim < SAME_TEXT:
                continue
        for n in (items[k - 1] if k else None, items[k + 1] if k + 1 < len(items) else None):
            if n is None or looks_english(n.text, lang) or al.english_of(n) not in (None, e):
                continue
            if al.english_of(n) is None and not _plausible(e, n, lang):
                continue
            yield ReviewFinding(file, t.line, Kind.ENGLISH_LEFT, "english-left", WARNING,
                                f"English paragraph left beside its translation (line {n.line}): "
                                f"'{_excerpt(t.text)}'; delete it", english_line=e.line), t
            break


def _plausible(e: Item, t: Item, lang: str) -> bool:
    """``t`` could translate ``e``: a plausible length, and most code and links of ``e`` kept."""
    ratio = LENGTH_RATIO.get(lang, 1.0)
    if not 0.4 < len(t.text) / max(len(e.text) * ratio, 1) < 2.5:
        return False
    return not e.spans or len(e.spans & t.spans) >= 0.5 * len(e.spans)


def _twin(t: Item, others: list[Item], al: Alignment) -> Item | None:
    """A paragraph of ``others`` with (nearly) the text of ``t``, unless their English paragraphs are
    (nearly) the same too (a doc that repeats itself on purpose)."""
    for o in others:
        if o is t or o.line == t.line:
            continue
        sim = _similar(o.text, t.text, DUPLICATE)
        if sim < DUPLICATE:
            continue
        e1, e2 = al.english_of(t), al.english_of(o)
        if e1 is not None and e2 is not None and _similar(e1.text, e2.text) >= sim - 0.05:
            continue
        if any(e is not None and _repeated(al, e) for e in (e1, e2)) or (e1 is None and e2 is None and _repeats(al)):
            continue  # the English says it twice too
        return o
    return None


def _near(a: str, b: str) -> bool:
    """``a`` and ``b`` are (nearly) the same text; lengths are compared first, as that is cheap."""
    la, lb = len(a), len(b)
    if not la or not lb or min(la, lb) / max(la, lb) < DUPLICATE:
        return False
    return _similar(a, b, DUPLICATE) >= DUPLICATE


def _repeated(al: Alignment, e: Item) -> bool:
    """English paragraph ``e`` has a near-identical twin in the English doc."""
    return any(x is not e and not x.heading and _near(x.text, e.text) for x in al.en_items)


def _repeats(al: Alignment) -> bool:
    """The English doc says some paragraph more than once."""
    prose = [x for x in al.en_items if not x.heading and len(_norm(x.text)) >= MIN_CHARS]
    return any(_near(a.text, b.text) for i, a in enumerate(prose) for b in prose[i + 1:])


def _same_english(e: Item, t: Item, other: Item, lang: str) -> bool:
    """``t`` (unaligned) looks like a second translation of ``e`` (aligned with ``other``)."""
    if looks_english(t.text, lang) or not (e.spans or e.keep):
        return False
    ratio = LENGTH_RATIO.get(lang, 1.0)
    len_ok = 0.5 < (len(t.text) / max(len(e.text) * ratio, 1)) < 2.0
    marks = e.spans | e.keep
    return len_ok and len(marks) >= 2 and (t.spans | t.keep) >= marks and (other.spans | other.keep) >= marks


def _omissions(al: Alignment, file: str, lang: str) -> Iterator[ReviewFinding]:
    ratio = LENGTH_RATIO.get(lang, 1.0)
    sections = al.sections()

    def spare(k: int) -> int:
        """Unaligned translated paragraphs of gap ``k`` that no English paragraph of that gap wants."""
        if not 0 <= k < len(sections) or any(not e.heading for e in sections[k][0]):
            return 0
        return sum(1 for t in sections[k][1] if not t.heading and len(_norm(t.text)) >= 10)

    for gap, (es, ts) in enumerate(sections):
        missing = [e for e in es if not e.heading and len(_norm(e.text)) >= MIN_CHARS]
        if not missing or any(not t.heading and len(_norm(t.text)) >= 10 for t in ts):
            continue
        if spare(gap - 1) + spare(gap + 1) >= len(missing):
            continue  # the alignment shifted by a paragraph: the translation is next door
        before, after = al.neighbours(gap)
        if _merged(missing, before, after, ratio):
            continue
        anchor = after[1].line if after is not None else (before[1].line if before is not None else 1)
        for e in missing:
            if _merged([e], before, after, ratio):
                continue
            yield ReviewFinding(file, anchor, Kind.OMISSION, "missing-paragraph", WARNING,
                                f"the English paragraph at line {e.line} has no translation "
                                f"{'before' if after is not None else 'after'} this paragraph: "
                                f"'{_excerpt(e.text)}'", english_line=e.line)


MERGED = 0.85
"""Share of the expected length from which the neighbouring translated paragraphs are taken to hold the
missing English too (a translator merged paragraphs)."""


def _merged(missing: list[Item], before: tuple[Item, Item] | None, after: tuple[Item, Item] | None,
            ratio: float) -> bool:
    """The translated paragraphs around the gap are long enough to also hold the missing English."""
    pairs = [p for p in (before, after) if p is not None and not p[0].heading]
    if not pairs:
        return False
    extra = sum(len(e.text) for e in missing)
    for pe, pt in pairs:  # one neighbour is closer to the length of both paragraphs than of its own
        if abs(len(pt.text) / max((len(pe.text) + extra) * ratio, 1) - 1) < abs(len(pt.text) / max(len(pe.text) * ratio, 1) - 1):
            return True
    expected = ratio * (sum(len(e.text) for e, _ in pairs) + extra)
    actual = sum(len(t.text) for _, t in pairs)
    return actual >= MERGED * expected


def _strong(token: str) -> bool:
    """A token that survives translation: has a digit or a capital after its first letter (LoRA, SDXL)."""
    return any(c.isdigit() for c in token) or any(c.isupper() for c in token[1:])


def _sentences(al: Alignment, file: str, lang: str) -> Iterator[ReviewFinding]:
    """Aligned pairs whose translation is short and lacks every mark of an English sentence."""
    ratio = LENGTH_RATIO.get(lang, 1.0)
    for e, t in al.pairs:
        if e.heading or len(e.text) < 2 * MIN_CHARS or len(t.text) >= 0.75 * len(e.text) * ratio:
            continue
        eb, tb = al.en_block(e), al.tr_block(t)
        if eb is None or tb is None:
            continue
        e_text = "\n".join(seg.text for seg in eb.segments)
        spans = {k: norm_span(v) for seg in eb.segments for k, v in seg.spans.items()}
        sentences = _SENTENCE_RE.split(_norm(e_text))
        if len(sentences) < 2:
            continue
        t_raw = tb.text.lower()
        t_spans = [x for x in t.spans if len(x) >= 6]
        for s in sentences:
            marks = {spans[m.group(0)] for m in PLACEHOLDER_RE.finditer(s) if spans.get(m.group(0))}
            marks |= {x.lower() for x in _TOKEN_RE.findall(PLACEHOLDER_RE.sub(" ", s)) if _strong(x)}
            kept = [m for m in marks if m in t_raw or any(x in m for x in t_spans)]
            if len(marks) >= 2 and not kept:
                yield ReviewFinding(file, t.line, Kind.OMISSION, "missing-sentence", WARNING,
                                    f"the English sentence '{_excerpt(PLACEHOLDER_RE.sub('…', s), 80)}' "
                                    f"(line {e.line}) seems untranslated: "
                                    f"none of {', '.join(sorted(marks)[:4])} appears here", english_line=e.line)
