"""Aligned human translations: pair each translated doc with its English twin, paragraph by paragraph.

:func:`align_items` aligns a translated doc with its English on the doc model of :mod:`hfi18n.doc`
(:func:`hfi18n.translate.aligned.aligned_units` does it for every translated doc of a checkout):

1. headings are aligned first (dynamic programming, in order): the same anchor is a sure match (Korean
   translations carry the English anchor, ``## 설치 [[installation]]``), otherwise headings of the same
   level may match;
2. between two aligned headings, prose blocks (paragraphs, list items, callouts, table cells, text in
   HTML) are aligned in order, scored by the protected spans they share (inline code, link targets),
   the English names and numbers kept in the translation, and a plausible length ratio. Pairs that
   look unrelated are dropped, so a translation that drifted far from the current English yields
   fewer pairs rather than wrong ones.

Each aligned pair (a heading title or a prose block, both sides) is a :class:`Unit`.

The units feed the glossary miner (:mod:`hfi18n.translate.mine`), :func:`hfi18n.translate.aligned.term_usage`
and the length model and lexicon of :mod:`.bitext`. It lives in :mod:`hfi18n.pair` (below repo, translate,
check and review) since the bitext aligner learns from it and ``translate --update`` pairs with that
aligner. Reading a checkout (its files, history and run ledger) is above, in :mod:`hfi18n.translate.aligned`:
the pair model sits below :mod:`hfi18n.repo` so that history pairs a commit with its English the way
update, check and review do (issue 24).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..doc import Block, BlockKind, Document, parse
from ..doc.model import PLACEHOLDER_RE
from .band import banded

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


def norm_span(span: str) -> str:
    """A protected span (code, reference, link target) normalised for comparing an English doc with its
    translation: brackets and backticks dropped, the language folder taken out of URLs, lowercased."""
    return _LANG_IN_URL_RE.sub("", span.strip("`[]()~ ")).lower()


def keep_tokens(text: str) -> frozenset[str]:
    """Names and numbers of ``text`` that survive translation (``SDXL``, ``fp16``, ``LoRA``, ``Diffusers``),
    lowercased: the marks the review's aligners compare, for paragraphs and sentences alike."""
    out = set()
    for tok in _KEEP_TOKEN_RE.findall(text):
        if any(c.isdigit() for c in tok) or any(c.isupper() for c in tok[1:]) or (tok[0].isupper() and len(tok) > 1):
            out.add(tok.lower())
    return frozenset(out)


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


def doc_items(doc: Document) -> list[Item]:
    """Headings and prose blocks of ``doc`` in order (code, comments and blank lines left out)."""
    return [it for block in doc.blocks if (it := block_item(block)) is not None]


def _dp_align(n: int, m: int, score) -> list[tuple[int, int]]:
    """Monotone alignment maximising the sum of positive ``score(i, j)`` over matched pairs, in a band
    once the table is big (:func:`.band.banded`)."""
    if not n or not m:
        return []
    return banded(n, m, lambda band: _dp_band(n, m, score, band))


def _dp_band(n: int, m: int, score, band: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], bool]:
    """:func:`_dp_align` within ``band`` (columns ``lo..hi`` of each row 0..n), and whether the path
    touches an edge of the band inside the table."""
    ninf = float("-inf")
    best = [[ninf] * (hi - lo + 1) for lo, hi in band]
    move = [[0] * (hi - lo + 1) for lo, hi in band]  # 1 = match, 2 = skip i, 3 = skip j
    lo0, hi0 = band[0]
    best[0] = [0.0] * (hi0 - lo0 + 1)
    for i in range(1, n + 1):
        row, prev = best[i], best[i - 1]
        lo, hi = band[i]
        plo, phi = band[i - 1]
        mrow = move[i]
        for j in range(lo, hi + 1):
            if j == 0:
                row[0] = 0.0
                continue
            v, mv = (prev[j - plo] if plo <= j <= phi else ninf), 2
            left = row[j - 1 - lo] if j - 1 >= lo else ninf
            if left > v:
                v, mv = left, 3
            if plo <= j - 1 <= phi:
                s = score(i - 1, j - 1)
                if s > 0 and prev[j - 1 - plo] + s > v:
                    v, mv = prev[j - 1 - plo] + s, 1
            row[j - lo] = v
            mrow[j - lo] = mv
    pairs = []
    touched = False
    i, j = n, m
    while i and j:
        lo, hi = band[i]
        touched = touched or (j == lo and lo > 0) or (j == hi and hi < m)
        mv = move[i][j - lo]
        if mv == 1:
            pairs.append((i - 1, j - 1))
            i -= 1
            j -= 1
        elif mv == 2:
            i -= 1
        else:
            j -= 1
    pairs.reverse()
    return pairs, touched


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float | None:
    if not a and not b:
        return None
    return len(a & b) / len(a | b)


# typical length of a translation relative to its English source, in characters
LENGTH_RATIO = {"ko": 0.55, "ja": 0.45, "zh": 0.3, "cn": 0.3}
"""Typical length of a translation in characters per English character, by language (1.0 otherwise)."""


def _heading_score(e: Item, t: Item) -> float:
    if e.anchor == t.anchor:
        return 3.0
    if e.level != t.level:
        return 0.0
    return 0.6 if t.explicit_anchor else 1.0


def _prose_score(e: Item, t: Item, ratio: float) -> float:
    """Evidence that ``t`` translates ``e``; pairs scoring <= 0 are never matched."""
    s = 0.3 if e.kind == t.kind else 0.0
    shared = _jaccard(e.spans, t.spans)
    if shared is not None:
        s += 1.5 * shared - 0.3
    kept = _jaccard(e.keep, t.keep)
    if kept is not None:
        s += 1.0 * kept - 0.2
    r = (len(t.text) + 5) / (len(e.text) + 5) / ratio
    s += 1.0 - min(2.0, abs(math.log(r)) / math.log(2.0))
    return s - 0.7


def align_items(en: list[Item], tr: list[Item], lang: str = "ko") -> list[tuple[Item, Item]]:
    """Aligned (English, translated) items: headings first, then prose between aligned headings."""
    ratio = LENGTH_RATIO.get(lang, 1.0)
    eh = [i for i, it in enumerate(en) if it.heading]
    th = [j for j, it in enumerate(tr) if it.heading]
    hpairs = _dp_align(len(eh), len(th), lambda a, b: _heading_score(en[eh[a]], tr[th[b]]) - 0.5)
    anchors = [(-1, -1)] + [(eh[a], th[b]) for a, b in hpairs] + [(len(en), len(tr))]
    out: list[tuple[Item, Item]] = []
    for (ei, ti), (ej, tj) in zip(anchors, anchors[1:], strict=False):
        if ei >= 0:
            out.append((en[ei], tr[ti]))
        es = [it for it in en[ei + 1:ej] if not it.heading]
        ts = [it for it in tr[ti + 1:tj] if not it.heading]
        out.extend(_align_prose(es, ts, ratio))
    return out


def _align_prose(es: list[Item], ts: list[Item], ratio: float) -> list[tuple[Item, Item]]:
    pairs = _dp_align(len(es), len(ts), lambda a, b: _prose_score(es[a], ts[b], ratio))
    return [(es[a], ts[b]) for a, b in pairs]


def align_docs(en_text: str, tr_text: str, lang: str = "ko") -> list[tuple[str, str, int]]:
    """Aligned ``(english, translation, translated_line)`` text pairs of two versions of a doc."""
    pairs = align_items(doc_items(parse(en_text)), doc_items(parse(tr_text)), lang)
    return [(e.text, t.text, t.line) for e, t in pairs]
