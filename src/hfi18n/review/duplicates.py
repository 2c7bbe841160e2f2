"""Duplications, and English left beside its translation (번역 중복 of the Korean team's checklist).

- a **copy**: a translated unit whose text as written is an earlier one's, more times than the English writes
  the paragraph that one translates (:func:`copies`). Copies are kept out of the pairing: one left in pairs
  with the next English paragraph and shifts every later pair by one until a dropped paragraph absorbs the
  shift (smolagents ko memory.md with one paragraph copied and one dropped 25 lines apart: both were missed).
- a unit the aligner left without English (0-1) that nearly repeats one of the three units before it, or
  translates its neighbour's English again (:func:`duplications`);
- a translated paragraph still in English beside the paragraph that translates it (:func:`english_left`);
- blocks that are no unit of the pair model written twice: a list item of code only, ``[[autodoc]]`` blocks
  with their headings (:func:`bare_copies`).

Each carries the edit that removes it.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..check.findings import WARNING
from ..doc import Block, BlockKind
from ..pair import model as pair_model
from ..pair.bitext import Bead, LengthModel, Move, chars
from ..scripts import looks_english
from ..translate.aligned import LENGTH_RATIO, Item
from .align import Alignment
from .gap import aligned, excerpt, is_item, near, removal, squeeze
from .model import Kind, ReviewFinding

if TYPE_CHECKING:
    from .coverage import _Doc

MIN_DUP = 8
"""Translated units shorter than this are not reported duplicated (table cells, "예시:")."""
MIN_ROW_DUP = 5
"""A copy right after its twin counts from this length: smolagents ko examples/plan_customization.md's label
"예제 상호작용:" (7) pasted twice in a row went unreported under :data:`MIN_DUP`; "예시:" and "출력:" (3) stay out."""
MIN_FAR_DUP = 20
"""A repeated unit shorter than this counts only right after its twin (translators reuse short phrases)."""
NEAR_DUPLICATE = 0.9
"""Similarity (difflib ratio) from which two units are one paragraph written twice."""
SAME_TEXT = 0.85
"""Similarity from which a translated paragraph still in English is the text of an English one."""
_LABEL_RE = re.compile(r"(?:[-*]\s+)?\*\*[^*]+\*\*\s*[:：]?")
_RUNNING = frozenset({BlockKind.PARAGRAPH, BlockKind.CALLOUT})




class _English:
    """Which English prose units are written more than once (exactly, or nearly with the same code and
    links), each asked once: a doc made of one section pasted 30 times asked every unit against every
    later one for each copy and never finished."""

    def __init__(self, prose: list[Item]) -> None:
        self.prose = prose
        self.pos = {id(x): k for k, x in enumerate(prose)}
        self.squeezed = [squeeze(x.text) for x in prose]
        self.exact = Counter(self.squeezed)
        self.groups: dict[frozenset[str], list[tuple[int, int]]] = {}
        for k, x in enumerate(prose):
            if x.spans:
                self.groups.setdefault(x.spans, []).append((len(x.text), k))
        for g in self.groups.values():
            g.sort()
        self.by_len = sorted((chars(x.text), k) for k, x in enumerate(prose))
        self._memo: dict[int, int] = {}

    def times(self, e: Item) -> int:
        """How many times the English writes ``e`` (1: once)."""
        k = self.pos.get(id(e))
        if k is None:
            return 1
        if k not in self._memo:
            mine = self.squeezed[k]
            n = self.exact[mine]
            g = self.groups.get(e.spans, [])
            lo = bisect_left(g, (int(len(e.text) * NEAR_DUPLICATE) - 1, -1))
            hi = bisect_right(g, (int(len(e.text) / NEAR_DUPLICATE) + 1, len(self.prose)))
            n += sum(1 for _n, j in g[lo:hi] if self.squeezed[j] != mine
                     and near(e.text, self.prose[j].text, NEAR_DUPLICATE))
            self._memo[k] = n
        return self._memo[k]

    def in_a_row(self, e: Item) -> bool:
        """``e`` is written twice in a row (the unit before or after it repeats it)."""
        k = self.pos.get(id(e))
        return k is not None and any(0 <= j < len(self.prose) and self.prose[j].spans == e.spans
                                     and near(self.prose[j].text, e.text, NEAR_DUPLICATE) for j in (k - 1, k + 1))

    def some_repeated(self, t: Item, lang: str, adjacent: bool) -> bool:
        """Some English unit of about the length ``t`` translates to is written twice (``adjacent``: in a
        row). The window is wide: huggingface_hub fr installation.md renders "Once done, [check
        installation]..." three times in 2.5 times its length."""
        ratio = LENGTH_RATIO.get(lang, 1.0)
        lo, hi = (0.5, 2.0) if adjacent else (0.33, 3.0)
        ct = chars(t.text)
        a = bisect_left(self.by_len, (int(ct / hi / ratio) - 2, -1))
        b = bisect_right(self.by_len, (int(ct / lo / ratio) + 2, len(self.prose)))
        for _c, k in self.by_len[a:b]:
            e = self.prose[k]
            if self.in_a_row(e) if adjacent else self.times(e) > 1:
                return True
        return False


def copies(al: Alignment, lang: str, model: LengthModel,
            min_chars: int) -> tuple[dict[int, Item], list[Bead], list[pair_model.Bead]]:
    """``id(copy) -> twin`` of the translated units written again word for word (code and links as written)
    more times than the English writes what the first one translates, and the pairing without them.

    Labels ("**Output**:", "**PyTorch의 경우**") repeat on purpose and are left out; a short sentence
    ("请运行以下代码：") counts only right after its twin. A copy right after its twin is one unless the English
    writes its paragraph twice in a row too: diffusers ko conceptual/philosophy.md says "The following design
    principles are followed:" under four headings, and that line pasted twice under one of them is a
    duplication."""
    first: dict[str, Item] = {}
    latest: dict[str, Item] = {}
    cands: list[tuple[Item, Item, bool, str]] = []
    prev: Item | None = None
    for t in al.tr_items:
        if t.heading:
            continue
        raw = al.tr_block(t).text if al.tr_block(t) is not None else t.text
        key = squeeze(raw)
        twin = latest.get(key)
        if twin is not None and not _LABEL_RE.fullmatch(raw.strip()) \
                and (chars(raw) >= max(min_chars, MIN_FAR_DUP, MIN_DUP) or twin is prev and chars(raw) >= MIN_ROW_DUP):
            cands.append((t, twin, twin is prev, key))
        first.setdefault(key, t)
        latest[key] = t
        prev = t
    if not cands:
        return {}, al.beads, al.blocks
    english = _English([x for x in al.en_items if not x.heading])

    def judged(beads: list[Bead]) -> dict[int, Item]:
        english_of = {id(b.tr[0]): b.en[0] for b in beads if b.move is Move.MATCH and not b.en[0].heading}
        seen: Counter[str] = Counter()
        out: dict[int, Item] = {}
        for t, twin, in_a_row, key in cands:
            seen[key] += 1  # earlier units of this text
            e = english_of.get(id(twin)) or english_of.get(id(first[key])) or english_of.get(id(t))
            if e is None:
                said = english.some_repeated(t, lang, in_a_row)
            else:
                said = english.in_a_row(e) if in_a_row else english.times(e) > seen[key]
            if not said:
                out[id(t)] = twin
        return out

    # first with the copies in: a 3,000-paragraph doc whose repeated sections the English repeats too
    # needs no pairing more; a copy found so is judged again on the pairing without the candidates, which
    # gives its twin its own English (a copy left in shifts the pairs around it)
    out = judged(al.beads)
    if out:
        out = judged(al.beads_without({id(t) for t, *_x in cands}, model)[0])
    beads, blocks = al.beads_without(set(out), model)
    return out, beads, blocks




def duplications(d: _Doc, file: str, english: str, skip: set[int]) -> Iterator[tuple[ReviewFinding, Item]]:
    """Copies (see :func:`_copies`); units the aligner left without English that nearly repeat one of the
    three units before them; and units left without English beside a bead whose English they translate
    again (its code, links, names and numbers all there, as in the bead's own translation)."""
    al = d.al
    bead_of = {id(t): b for b in d.beads for t in b.tr}
    order = [t for t in al.tr_items if not t.heading]
    pos = {id(t): k for k, t in enumerate(order)}
    for t in order:
        if id(t) in skip:
            continue
        twin = d.copies.get(id(t))
        b = bead_of.get(id(t))
        if twin is None and b is not None and b.move is Move.INSERT and chars(t.text) >= MIN_FAR_DUP:
            k = pos[id(t)]
            twin = next((o for o in reversed(order[max(0, k - 3):k]) if o.spans == t.spans
                         and near(d.raw(o), d.raw(t), NEAR_DUPLICATE)), None)
        if twin is not None:
            tb = bead_of.get(id(twin))
            e = tb.en[0] if tb is not None and tb.move is Move.MATCH else None
            quote = f"; English: '{d.quote(e, 100)}' (line {e.line})" if e is not None else ""
            block = al.tr_block(t)
            yield ReviewFinding(file, t.line, Kind.DUPLICATION, "duplicate-paragraph", WARNING,
                                f"this paragraph repeats the one at line {twin.line}: '{excerpt(t.text)}'{quote}; "
                                f"delete one of them{aligned(english)}", english_line=e.line if e else None,
                                aligned_with=english, quotes_english=e is not None,
                                edit=removal(d.lines, block) if block is not None else None), t
    for k, b in enumerate(d.beads):
        if b.move is not Move.INSERT or id(b.tr[0]) in skip or chars(b.tr[0].text) < MIN_DUP:
            continue
        t = b.tr[0]
        for nb in (d.beads[k - 1] if k else None, d.beads[k + 1] if k + 1 < len(d.beads) else None):
            if nb is None or nb.move is not Move.MATCH or nb.en[0].heading or id(nb.tr[0]) in skip:
                continue
            e, other = nb.en[0], nb.tr[0]
            if _translates_again(e, t, other, d.lang):
                block = al.tr_block(t)
                yield ReviewFinding(file, t.line, Kind.DUPLICATION, "translated-twice", WARNING,
                                    f"this paragraph translates the same English paragraph as line {other.line}: "
                                    f"'{d.quote(e, 100)}' (line {e.line}); keep one of them{aligned(english)}",
                                    english_line=e.line, aligned_with=english, quotes_english=True,
                                    edit=removal(d.lines, block) if block is not None else None), t
                break


def _translates_again(e: Item, t: Item, other: Item, lang: str) -> bool:
    """``t`` (without English) looks like a second translation of ``e`` (paired with ``other``): a plausible
    length, and two or more code spans, links, names or numbers of ``e``, all in both translations."""
    if looks_english(t.text, lang) or not (e.spans or e.keep):
        return False
    ratio = LENGTH_RATIO.get(lang, 1.0)
    have = e.spans | e.keep
    return 0.5 < len(t.text) / max(len(e.text) * ratio, 1) < 2.0 and len(have) >= 2 \
        and (t.spans | t.keep) >= have and (other.spans | other.keep) >= have


def english_left(d: _Doc, file: str) -> Iterator[tuple[ReviewFinding, Item]]:
    """A translated paragraph still in English, (nearly) the text of the English paragraph that it or its
    neighbour renders, next to a translated paragraph that translates that English: the draft's English was
    left beside its translation."""
    al, lang = d.al, d.lang
    items = [t for t in al.tr_items if not t.heading]
    for k, t in enumerate(items):
        if t.kind not in _RUNNING or len(" ".join(t.text.split())) < 40 or not looks_english(t.text, lang):
            continue
        nbs = [n for n in (items[k - 1] if k else None, items[k + 1] if k + 1 < len(items) else None) if n is not None]
        for e in (al.english_of(t), *(al.english_of(n) for n in nbs)):
            if e is not None and near(e.text, t.text, SAME_TEXT):
                break
        else:
            continue
        for n in nbs:
            if looks_english(n.text, lang) or al.english_of(n) not in (None, e):
                continue
            if al.english_of(n) is None and not _plausible(e, n, lang):
                continue
            yield ReviewFinding(file, t.line, Kind.ENGLISH_LEFT, "english-left", WARNING,
                                f"English paragraph left beside its translation (line {n.line}): "
                                f"'{excerpt(t.text)}'; delete it", english_line=e.line, quotes_english=True,
                                edit=removal(d.lines, al.tr_block(t)) if al.tr_block(t) else None), t
            break


def _plausible(e: Item, t: Item, lang: str) -> bool:
    """``t`` could translate ``e``: a plausible length, and most code and links of ``e`` kept."""
    ratio = LENGTH_RATIO.get(lang, 1.0)
    if not 0.4 < len(t.text) / max(len(e.text) * ratio, 1) < 2.5:
        return False
    return not e.spans or len(e.spans & t.spans) >= 0.5 * len(e.spans)


def autodoc_name(block: Block) -> str:
    """The name an ``[[autodoc]]`` block documents."""
    return block.text.strip().split("\n", 1)[0].removeprefix("[[autodoc]]").strip()


def bare_copies(d: _Doc, file: str, english: str) -> Iterator[ReviewFinding]:
    """List items of code or links only (no unit of the pair model) written twice in a row, when the English
    never writes a list item twice in a row ("- [`AutoPipelineForInpainting`]" pasted twice)."""
    def twice(blocks: list[Block]) -> list[tuple[Block, Block]]:
        items = [x for x in blocks if x.kind is BlockKind.PARAGRAPH and not x.segments and is_item(x)]
        return [(a, b) for a, b in zip(items, items[1:], strict=False)
                if b.start_line == a.end_line + 1 and squeeze(a.text) == squeeze(b.text) and chars(b.text) >= MIN_DUP]
    yield from _autodoc_copies(d, file, english)
    if twice(d.al.src.blocks):
        return
    for first, copy in twice(d.al.tgt.blocks):
        yield ReviewFinding(file, copy.start_line, Kind.DUPLICATION, "duplicate-paragraph", WARNING,
                            f"this list item repeats the one at line {first.start_line}: '{excerpt(copy.text)}'; "
                            f"delete one of them{aligned(english)}", aligned_with=english, edit=removal(d.lines, copy))


def _autodoc_copies(d: _Doc, file: str, english: str) -> Iterator[ReviewFinding]:
    """``[[autodoc]]`` blocks documenting a name more often than the English does, with the headings of theirs
    written twice too: a reference section pasted twice (huggingface_hub ko package_reference/cache.md, "##
    Helpers" and its three autodoc blocks) renders that API twice, and its blocks are no unit of the pair model.
    One finding per run of copies, with the edit that removes the run."""
    wanted: dict[str, int] = {}
    for x in d.al.src.blocks:
        if x.kind is BlockKind.AUTODOC:
            wanted[autodoc_name(x)] = wanted.get(autodoc_name(x), 0) + 1
    blocks = d.al.tgt.blocks
    seen: dict[str, Block] = {}
    heads: set[str] = set()
    copy = [False] * len(blocks)
    for n, x in enumerate(blocks):
        if x.kind is BlockKind.AUTODOC:
            name = autodoc_name(x)
            copy[n] = name in seen and wanted.get(name, 0) == 1
            seen.setdefault(name, x)
        elif x.kind is BlockKind.HEADING:
            copy[n] = squeeze(x.text) in heads
            heads.add(squeeze(x.text))
    n = 0
    while n < len(blocks):
        if not (copy[n] and blocks[n].kind is BlockKind.AUTODOC):
            n += 1
            continue
        lo = hi = n
        while lo > 0 and (copy[lo - 1] or blocks[lo - 1].kind is BlockKind.BLANK):
            lo -= 1
        while hi + 1 < len(blocks) and (copy[hi + 1] or blocks[hi + 1].kind is BlockKind.BLANK):
            hi += 1
        while blocks[lo].kind is BlockKind.BLANK:
            lo += 1
        while blocks[hi].kind is BlockKind.BLANK:
            hi -= 1
        first = blocks[lo]
        names = [autodoc_name(x) for x in blocks[lo:hi + 1] if x.kind is BlockKind.AUTODOC]
        original = seen[names[0]]
        edit = removal(d.lines, Block(BlockKind.AUTODOC, first.start_line, blocks[hi].end_line, []))
        yield ReviewFinding(file, first.start_line, Kind.DUPLICATION, "duplicate-paragraph", WARNING,
                            f"this part repeats the [[autodoc]] block(s) from line {original.start_line} "
                            f"('{excerpt(', '.join(names), 80)}', once in the English); delete it{aligned(english)}",
                            aligned_with=english, edit=edit)
        n = hi + 1
