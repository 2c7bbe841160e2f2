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
from .bitext import Bead, LengthModel, Move, align_bitext, chars, marks, pair_cost, vocabulary
from .model import Kind, ReviewFinding
from .sentences import missing_sentences

MIN_CHARS = 40
"""Paragraphs shorter than this (labels, one-word cells) are not judged."""
SAME_TEXT = 0.85
"""Similarity (difflib ratio) from which an English paragraph and a leftover count as the same text."""
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


def _near(a: str, b: str, floor: float) -> bool:
    """``a`` and ``b`` are (nearly) the same text; lengths are compared first, as that is cheap."""
    la, lb = len(a), len(b)
    if not la or not lb or min(la, lb) / max(la, lb) < floor:
        return False
    return _similar(a, b, floor) >= floor


def _excerpt(text: str, n: int = 60) -> str:
    text = _norm(text)
    return text if len(text) <= n else text[: n - 1] + "…"


def check_coverage(al: Alignment, file: str, lang: str, *, model: LengthModel | None = None,
                   omissions: bool = True, english: str = "", followed: list[str] | None = None,
                   added: list[Item] | None = None, notes: list[str] | None = None) -> Iterator[ReviewFinding]:
    """Coverage findings of ``al``; ``omissions=False`` reports English left in and duplications only (a
    translation of an older English that is not known: a paragraph written twice needs no English).
    ``english`` names the English version aligned with, when it is not the current one.

    ``followed``: the prose of the (older) English the translation follows. An English paragraph with no
    translation that is not in it was added to the English later: the translation is outdated there, which
    ``status`` and ``translate --update`` handle, and the translator omitted nothing. Such paragraphs go to
    ``added`` instead of being reported (on the untouched docs of the three corpora, 212 of 390 findings
    were paragraphs added since: smolagents zh guided_tour.md alone gave 55).

    Omissions are not reported when fewer than :data:`MIN_PAIRED` of the English paragraphs pair in order
    (a note goes to ``notes``): the translation was restructured or made from another English, and 13 of
    20 omissions sampled on such docs were paragraphs translated elsewhere."""
    min_chars = 0 if omissions else MIN_UNALIGNED_DUP
    found = _verbatim_copies(al, lang, min_chars)
    copies = {k: v for k, v in found.items() if v is not None}
    beads = align_bitext(al.en_items, [t for t in al.tr_items if id(t) not in copies],
                         [(e, t) for e, t in al.pairs if e.heading], model or LengthModel.default(lang), lang)
    skip: set[int] = {k for k, v in found.items() if v is None}  # repeated in the English too
    for f, t in _english_left(al, file, lang):
        skip.add(id(t))
        yield f
    dups = list(_duplicates(beads, al, file, lang, skip, english, copies, min_chars))
    skip.update(id(t) for _f, t in dups)
    yield from (f for f, _t in dups)
    share, left = _paired_share(beads, followed)
    if omissions and share < MIN_PAIRED and left >= MIN_RESTRUCTURED:
        if notes is not None:
            notes.append(f"omissions: only {share:.0%} of the English paragraphs pair with the translation in "
                         f"order{_of(english)} (restructured, or made from another English): a missing paragraph "
                         "cannot be told from a moved or rewritten one")
        omissions = False
    if omissions:
        for f, e in _omissions(beads, al, file, skip, english, model or LengthModel.default(lang), lang):
            if followed is not None and not any(_same_english_text(e.text, x) for x in followed):
                if added is not None:
                    added.append(e)
                continue
            yield f
        old = list(_sentences(al, file, lang))
        yield from old
        yield from missing_sentences(beads, al, file, lang, model or LengthModel.default(lang), english=english,
                                     followed=followed, done={f.english_line for f in old})


def _paired_share(beads: list[Bead], followed: list[str] | None) -> float:
    """Share of the English prose units (of a sentence or more; of the ``followed`` English, when given:
    a paragraph added since is not expected to pair) that the aligner paired, and how many it left unpaired."""
    units = [(b.move, e) for b in beads for e in b.en if not e.heading and chars(e.text) >= MIN_OMISSION
             and (followed is None or b.move is not Move.OMIT or any(_same_english_text(e.text, x) for x in followed))]
    left = sum(move is Move.OMIT for move, _e in units)
    return (1 - left / len(units) if units else 1.0), left


MIN_RESTRUCTURED = 3
"""Unpaired English units from which a low paired share means a restructured translation. A reference
page of two paragraphs (huggingface_hub ko package_reference/tensorboard.md) whose translator dropped one
pairs 50%: one unpaired paragraph is a drop, not a restructuring (7 of 31 drops the injection bench
missed on docs following the current English were such)."""


def _of(english: str) -> str:
    return f" (aligned with {english})" if english else ""


def _bead_of(beads: list[Bead]) -> dict[int, Bead]:
    return {id(t): b for b in beads for t in b.tr}


def _raw(al: Alignment, t: Item) -> str:
    """The translated unit as written, code and link targets included: "자세한 내용은 [여기](a)를
    참조하세요." and the same sentence linking elsewhere are two paragraphs, not one written twice
    (diffusers ko controlling_generation.md has nine)."""
    block = al.tr_block(t)
    return block.text if block is not None else t.text


def _copy_candidates(al: Alignment, min_chars: int) -> list[tuple[Item, Item, bool]]:
    """(copy, earlier twin, right after it) of translated prose units whose text as written is that of an earlier one.
    Labels ("**Output**:", "**PyTorch의 경우**") repeat on purpose and are left out; a short sentence
    ("请运行以下代码：") counts only right after its twin (a paste), as translators reuse short phrases."""
    firsts: dict[str, Item] = {}
    out: list[tuple[Item, Item, bool]] = []
    prev: Item | None = None
    for t in al.tr_items:
        if t.heading:
            continue
        raw = _raw(al, t)
        key = _WS_RE.sub("", raw)
        twin = firsts.get(key)
        if twin is not None and chars(t.text) >= MIN_DUP and not _LABEL_RE.fullmatch(raw.strip()) \
                and (chars(t.text) >= max(min_chars, MIN_FAR_DUP) or twin is prev):
            out.append((t, twin, twin is prev))
        firsts[key] = t
        prev = t
    return out


def _verbatim_copies(al: Alignment, lang: str, min_chars: int = 0) -> dict[int, Item | None]:
    """``id(copy) -> twin`` for the copies of :func:`_copy_candidates`; None when the English repeats a
    paragraph of about that length too (then the copy is not a duplication, whatever the pairing). They are kept out of the alignment: a copy left in gets paired
    with the next English paragraph, and everything after shifts by one until a dropped paragraph
    absorbs the shift (smolagents ko memory.md with one paragraph copied and one dropped 25 lines apart:
    both were missed)."""
    pairs = _copy_candidates(al, min_chars)
    if not pairs:
        return {}
    en_prose = [x for x in al.en_items if not x.heading]
    return {id(t): (twin if not _any_repeats(en_prose, t, lang, adjacent) else None) for t, twin, adjacent in pairs}


def _duplicates(beads: list[Bead], al: Alignment, file: str, lang: str, skip: set[int],
                english: str, copies: dict[int, Item], min_chars: int = 0) -> Iterator[tuple[ReviewFinding, Item]]:
    """Translated units the aligner left without English (0-1), or that share their English with a
    twin (1-2), whose text repeats another translated unit -- or, next to the unit translating the same
    English, whose code, links, names and numbers are all those of that English (translated twice).
    ``copies`` (see :func:`_verbatim_copies`) were not aligned: they count as left without English."""
    bead_of = _bead_of(beads)
    for t in al.tr_items:
        if id(t) in copies:
            bead_of[id(t)] = Bead(Move.INSERT, (), (t,), 0.0)
    prose = [t for t in al.tr_items if not t.heading and id(t) not in skip and chars(t.text) >= MIN_DUP]
    en_prose = [x for x in al.en_items if not x.heading]
    seen: list[Item] = []
    for t in prose:
        b = bead_of.get(id(t))
        twin = copies.get(id(t)) or next((o for o in reversed(seen) if chars(t.text) >= max(min_chars, MIN_FAR_DUP)
                                          and _same_text(_raw(al, o), _raw(al, t), o.spans, t.spans)), None)
        seen.append(t)
        if twin is None or b is None:
            continue
        b0 = bead_of.get(id(twin))
        if b0 is None:
            continue
        # both paired, with different English: two English paragraphs translated alike (a list repeated
        # in two sections, "8-bit optimizer" under two headings), not one paragraph written twice; a copy
        # pasted by mistake is kept out of the alignment (_verbatim_copies) and is never paired
        if not (b.move is Move.INSERT or b0.move is Move.INSERT or b is b0):
            continue
        said = b0.en or b.en
        if said and _english_repeats(said[0], en_prose):
            continue  # the English says it twice too
        if not said and _any_repeats(en_prose, t, lang):
            continue
        quote = f"; English: '{_quote(al, said[0], 100)}' (line {said[0].line})" if said else ""
        yield ReviewFinding(file, t.line, Kind.DUPLICATION, "duplicate-paragraph", WARNING,
                            f"this paragraph repeats the one at line {twin.line}: '{_excerpt(t.text)}'"
                            f"{quote}; delete one of them{_of(english)}",
                            english_line=said[0].line if said else None), t
    for k, b in enumerate(beads):
        if b.move is not Move.INSERT or id(b.tr[0]) in skip or chars(b.tr[0].text) < MIN_DUP:
            continue
        t = b.tr[0]
        for nb in (beads[k - 1] if k else None, beads[k + 1] if k + 1 < len(beads) else None):
            if nb is None or nb.move is not Move.MATCH or nb.en[0].heading:
                continue
            e, other = nb.en[0], nb.tr[0]
            if id(other) not in skip and _same_english(e, t, other, lang):
                yield ReviewFinding(file, t.line, Kind.DUPLICATION, "translated-twice", WARNING,
                                    f"this paragraph translates the same English paragraph as line {other.line}: "
                                    f"'{_quote(al, e, 100)}' (line {e.line}); keep one of them{_of(english)}",
                                    english_line=e.line), t
                break


def _same_text(a: str, b: str, spans_a: frozenset[str], spans_b: frozenset[str]) -> bool:
    """``a`` and ``b`` are the same paragraph: equal once spaces are dropped, or (from 30 characters, with
    the same code and links) nearly equal -- "`loop_intermediate_inputs` 是..." and
    "`loop_intermediate_outputs` 是..." are two list items, not one written twice."""
    sa, sb = _WS_RE.sub("", a), _WS_RE.sub("", b)
    if sa == sb:
        return True
    if min(len(sa), len(sb)) < 30 or spans_a != spans_b:
        return False
    return _near(a, b, NEAR_DUPLICATE)


def _repeat_of(a: Item, b: Item) -> bool:
    """English units ``a`` and ``b`` are one paragraph written twice: the same code and links, and nearly
    the same words ("The [`RepoCard`] object is the parent class of..." and "The [`CardData`] object is
    the parent class of..." are two)."""
    return a.spans == b.spans and _near(a.text, b.text, NEAR_DUPLICATE)


def _english_repeats(e: Item, en_prose: list[Item]) -> bool:
    return any(x is not e and _repeat_of(x, e) for x in en_prose)


def _any_repeats(en_prose: list[Item], t: Item, lang: str, adjacent: bool = False) -> bool:
    """Some English paragraph of about the length ``t`` would translate is written twice (``adjacent``:
    twice in a row, as ``t`` is). The length window is wide: huggingface_hub fr installation.md renders
    "Once done, [check installation]... is working correctly." three times in 2.5 times its length."""
    ratio = LENGTH_RATIO.get(lang, 1.0)
    lo, hi = (0.5, 2.0) if adjacent else (0.33, 3.0)  # a pair in a row is rare: a table's twin cells are not it
    for i, a in enumerate(en_prose):
        if not lo < chars(t.text) / max(chars(a.text) * ratio, 1) < hi:
            continue
        others = en_prose[i + 1:i + 2] if adjacent else en_prose[i + 1:]
        if any(_repeat_of(a, b) for b in others):
            return True
    return False


def _same_english_text(a: str, b: str) -> bool:
    """``a`` is (an edit of) English paragraph ``b``: a paragraph whose typo or link was fixed since the
    translation was made is still one the translator had (huggingface_hub ko hf_file_system.md)."""
    return _WS_RE.sub("", a) == _WS_RE.sub("", b) or _near(a, b, SAME_ENGLISH)


def _quote(al: Alignment, e: Item, n: int) -> str:
    """English unit ``e`` as written (code and links included), shortened to ``n`` characters."""
    block = al.en_block(e)
    return _excerpt(block.text if block is not None else e.text, n)


def _elsewhere(e: Item, al: Alignment, model: LengthModel, bead_of: dict[int, Bead], lang: str) -> bool:
    """The code spans, links, names and numbers of ``e`` (one or more) are all in a translated unit of
    about its length -- the only one, or one of two, that has them all -- whose own English does not
    explain them, and that pairs with ``e`` no worse than a doubtful pairing (:data:`WEAK_PAIR`, length,
    marks and words counted): ``e`` is translated there (a translator who moved a tip, reordered a list or
    merged it into the paragraph before), the aligner keeping the order. Of 20 omissions sampled on the
    untouched docs, 9 were such (smolagents zh guided_tour.md, diffusers zh optimization/fp16.md). The fit
    is needed since a name is no proof: a dropped paragraph naming "GPU" or "Pull Request" was taken as
    moved to a paragraph whose words say otherwise (diffusers zh xdit.md, huggingface_hub ko community.md;
    4 of 13 drops the injection bench missed)."""
    vocab = marks(al.tr_items) & marks(al.en_items)
    mine = {m for m in marks([e]) & vocab if not m.startswith("~")}  # what of e survives in the translation
    if not mine:
        return False
    want = model.c * chars(e.text)
    holders = [t for t in al.tr_items if not t.heading and mine <= marks([t])]
    if not 1 <= len(holders) <= 2:
        return False
    for t in holders:
        if not 0.4 * want <= chars(t.text) <= 2.5 * want:
            continue
        b = bead_of.get(id(t))
        if (b is None or not mine <= marks(b.en)) and \
                pair_cost(e, t, model, lang, vocabulary(al.en_items, al.tr_items, lang)) <= WEAK_PAIR:
            return True
    return False


MIN_PAIRED = 0.6
"""Share of the English prose units paired in order below which omissions are not reported."""
MOVED_LENGTH = 2.5
"""Largest length cost (``-log`` probability) of an unpaired translated unit taken as ``e`` moved."""


def _moved(e: Item, unpaired: list[Item], vocab: frozenset[str], model: LengthModel) -> bool:
    """A translated unit left unpaired anywhere in the doc could be ``e``, moved: a plausible length and
    no code, link, name or number that either has and the other lacks. The aligner keeps the order, and
    translators move things: of 20 omissions sampled on the untouched docs, 11 were paragraphs
    translated in another section (smolagents zh guided_tour.md, huggingface_hub ko upload.md)."""
    if not unpaired:
        return False
    mine = {m for m in marks([e]) & vocab if not m.startswith("~")}
    for t in unpaired:
        theirs = {m for m in marks([t]) & vocab if not m.startswith("~")}
        if mine == theirs and model.cost(chars(e.text), chars(t.text)) <= MOVED_LENGTH:
            return True
    return False


WEAK_PAIR = 2.0
"""A 1-1 bead costing more than this is a doubtful pairing (see :func:`_better_than_its_pair`)."""
BETTER_BY = 2.0
"""How much cheaper (in nats) pairing an omitted English unit with a doubtfully paired translated unit
must be for the omission to be taken as a move."""


def _better_than_its_pair(e: Item, weak: list[Bead], al: Alignment, model: LengthModel, lang: str) -> bool:
    """A translated unit of a doubtful 1-1 bead anywhere in the doc fits ``e`` clearly better than the
    English it was paired with, and no worse than a doubtful pairing itself: the translator moved ``e``
    there and the in-order aligner paired the unit with its neighbour (smolagents zh guided_tour.md
    translates the code-execution notes in another section; 4 of 20 sampled omissions were such). Better
    than a bad pairing is not enough: smolagents zh examples/text_to_sql.md merges two English paragraphs
    into one (cost 8.4 with either), and a paragraph dropped 40 lines later (cost 3.9 with it) was taken
    as moved there."""
    if not weak:
        return False
    vocab = vocabulary(al.en_items, al.tr_items, lang)
    return any(pc + BETTER_BY < b.cost and pc <= WEAK_PAIR
               for b in weak for pc in (pair_cost(e, b.tr[0], model, lang, vocab),))


def _omissions(beads: list[Bead], al: Alignment, file: str, skip: set[int],
               english: str, model: LengthModel, lang: str) -> Iterator[tuple[ReviewFinding, Item]]:
    """English units the aligner could give no translation (1-0), unless the same gap holds a translated
    unit it could not pair either (a paragraph rewritten, or an English that changed after the
    translation: not a missing one)."""
    bead_of = _bead_of(beads)
    unpaired = [b.tr[0] for b in beads if b.move is Move.INSERT and id(b.tr[0]) not in skip
                and chars(b.tr[0].text) >= 10]
    vocab = marks(al.tr_items) & marks(al.en_items)
    weak = [b for b in beads if b.move is Move.MATCH and not b.en[0].heading and b.cost > WEAK_PAIR]
    for k, b in enumerate(beads):
        if b.move is not Move.OMIT:
            continue
        e = b.en[0]
        if e.kind not in _RUNNING_TEXT or chars(e.text) < MIN_OMISSION or len(_WORD_RE.findall(e.text)) < 3:
            continue
        lo = hi = k
        while lo > 0 and beads[lo - 1].move in _UNPAIRED:
            lo -= 1
        while hi + 1 < len(beads) and beads[hi + 1].move in _UNPAIRED:
            hi += 1
        if any(x.move is Move.INSERT and id(x.tr[0]) not in skip and chars(x.tr[0].text) >= 10
               for x in beads[lo:hi + 1]):
            continue
        if _elsewhere(e, al, model, bead_of, lang) or _moved(e, unpaired, vocab, model) \
                or _better_than_its_pair(e, weak, al, model, lang):
            continue
        after = next((x.tr[0] for x in beads[k + 1:] if x.tr), None)
        before = next((x.tr[-1] for x in reversed(beads[:k]) if x.tr), None)
        at = after or before
        where = "before" if after is not None else "after"
        yield ReviewFinding(file, at.line if at else 1, Kind.OMISSION, "missing-paragraph", WARNING,
                            f"the English paragraph at line {e.line} has no translation {where} this paragraph: "
                            f"'{_quote(al, e, 160)}'{_of(english)}", english_line=e.line), e


_UNPAIRED = frozenset({Move.OMIT, Move.INSERT})
_WORD_RE = re.compile(r"\w+")
_WS_RE = re.compile(r"\s+")
MIN_OMISSION = 15
"""English units shorter than this (characters without spaces: a label, "Example:") are not reported
missing: translators drop or merge them."""
MIN_FAR_DUP = 20
"""A repeated unit shorter than this counts only right after its twin."""
MIN_UNALIGNED_DUP = 80
"""Without the English the translation follows (a drifted doc reviewed without git history), a repeat
not right after its twin counts from this length only: today's English cannot say whether the English
of the time repeated it too (lists under two headings of diffusers ko training/controlnet.md, "Une fois
l'installation terminée..." three times in huggingface_hub fr installation.md)."""
_LABEL_RE = re.compile(r"(?:[-*]\s+)?\*\*[^*]+\*\*\s*[:：]?")
MIN_DUP = 8
"""Translated units shorter than this are not reported duplicated (table cells, "예시:")."""
SAME_ENGLISH = 0.75
"""Similarity from which an English paragraph of today is one of the English the translation follows."""
NEAR_DUPLICATE = 0.9
"""Similarity (difflib ratio) from which two units count as one paragraph written twice."""


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


def _same_english(e: Item, t: Item, other: Item, lang: str) -> bool:
    """``t`` (unaligned) looks like a second translation of ``e`` (aligned with ``other``)."""
    if looks_english(t.text, lang) or not (e.spans or e.keep):
        return False
    ratio = LENGTH_RATIO.get(lang, 1.0)
    len_ok = 0.5 < (len(t.text) / max(len(e.text) * ratio, 1)) < 2.0
    marks = e.spans | e.keep
    return len_ok and len(marks) >= 2 and (t.spans | t.keep) >= marks and (other.spans | other.keep) >= marks


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
