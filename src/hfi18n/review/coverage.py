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
import unicodedata
from bisect import bisect_left, bisect_right, insort
from collections.abc import Iterator
from functools import lru_cache

from ..check.findings import WARNING
from ..doc import PLACEHOLDER_RE, BlockKind, parse
from ..errors import HfI18nError
from ..pair.bitext import (
    ANCHOR_SHARED,
    Bead,
    LengthModel,
    Move,
    anchor_cost,
    chars,
    en_words,
    marks,
    mergeable,
    pair_cost,
    tr_tokens,
    vocabulary,
)
from ..scripts import looks_english, target_scripts
from ..translate.aligned import LENGTH_RATIO, Item, doc_items, keep_tokens, norm_span
from .align import Alignment
from .model import Kind, ReviewFinding
from .sentences import missing_sentences, split_sentences

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
    if a == b:
        return 1.0  # difflib's ratio of two equal texts, without its quadratic work (pasted sections)
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
                   omissions: bool = True, english: str = "", followed: list[Item] | list[str] | None = None,
                   added: list[Item] | None = None, notes: list[str] | None = None,
                   fresh: tuple[str, ...] = (), cut: tuple[Item, ...] = (), cut_at: tuple[float, ...] = (),
                   gone: list[Item] | None = None, raw_before: tuple[str, ...] = ()) -> Iterator[ReviewFinding]:
    """Coverage findings of ``al``; ``omissions=False`` reports English left in and duplications only (a
    translation of an older English that is not known: a paragraph written twice needs no English).
    ``english`` names the English version aligned with, when it is not the current one.

    ``followed``: the prose of the (older) English the translation follows. An English paragraph with no
    translation that is not in it was added to the English later: the translation is outdated there, which
    ``status`` and ``translate --update`` handle, and the translator omitted nothing. Such paragraphs go to
    ``added`` instead of being reported (on the untouched docs of the three corpora, 212 of 390 findings
    were paragraphs added since: smolagents zh guided_tour.md alone gave 55).

    ``fresh``: English paragraphs the commit of the followed English added itself (:func:`.follow.swept`).
    When they are one block of several paragraphs the translation lacks, the translation was made from
    the English before that commit (huggingface_hub ko cli.md landed the day after "Doc cli download
    timeout" added a section it does not have): they go to ``added``.

    ``cut``: translated paragraphs that commits after the translation removed from it
    (:func:`.follow.swept`). An English paragraph one of them translated, and the run of omissions it is
    in, was taken out on purpose by a partial update: not reported, it goes to ``gone`` (Flax removed from
    diffusers ko text_inversion.md, the legacy ``InferenceApi`` section from huggingface_hub ko
    inference.md, ``delete-cache`` replaced by ``hf cache rm`` in ko manage-cache.md).

    Omissions are not reported when fewer than :data:`MIN_PAIRED` of the English paragraphs pair in order
    (a note goes to ``notes``): the translation was restructured or made from another English, and 13 of
    20 omissions sampled on such docs were paragraphs translated elsewhere."""
    min_chars = 0 if omissions else MIN_UNALIGNED_DUP
    found, beads = _beads(al, lang, model, min_chars)
    copies = {k: v for k, v in found.items() if v is not None}
    skip: set[int] = {k for k, v in found.items() if v is None}  # repeated in the English too
    pasted = _pasted_in_a_row(al, beads, found, min_chars)
    copies.update({k: twin for k, (twin, _e) in pasted.items()})
    skip.difference_update(copies)
    for f, t in _english_left(al, file, lang):
        skip.add(id(t))
        yield f
    dups = list(_duplicates(beads, al, file, lang, skip, english, copies, min_chars,
                            {k: e for k, (_twin, e) in pasted.items()}))
    skip.update(id(t) for _f, t in dups)
    yield from (f for f, _t in dups)
    was_cut = _cut_english(beads, cut, al, model, lang, cut_at) if omissions else set()
    share, left = _paired_share(beads, followed, was_cut)
    if omissions and share < MIN_PAIRED and left >= MIN_RESTRUCTURED:
        if notes is not None:
            notes.append(f"omissions: only {share:.0%} of the English paragraphs pair with the translation in "
                         f"order{_of(english)} (restructured, or made from another English): a missing paragraph "
                         "cannot be told from a moved or rewritten one")
        omissions = False
    if omissions:
        missing: list[Item] = []
        new = _untranslated_block(beads, fresh)
        placed: set[int] = set()
        for e in _omissions(beads, al, skip, model or LengthModel.default(lang), lang, raw_before, placed):
            if id(e) in new or followed is not None and not _in_english(e, followed):
                if added is not None:
                    added.append(e)
                continue
            missing.append(e)
        yield from _omission_findings(missing, beads, al, file, english, was_cut, gone, placed)
        old = list(_sentences(al, file, lang))
        yield from old
        prose = None if followed is None else [x if isinstance(x, str) else x.text for x in followed]
        yield from missing_sentences(beads, al, file, lang, model or LengthModel.default(lang), english=english,
                                     followed=prose, done={f.english_line for f in old})


def _beads(al: Alignment, lang: str, model: LengthModel | None,
           min_chars: int = 0) -> tuple[dict[int, Item | None], list[Bead]]:
    """The verbatim copies of the translation (see :func:`_verbatim_copies`) and the pair model's beads
    of the rest (:meth:`.align.Alignment.beads_without`)."""
    found = _verbatim_copies(al, lang, min_chars)
    copies = {k for k, v in found.items() if v is not None}
    return found, al.beads_without(copies, model)


WEAK_PAIR = 2.0
"""A 1-1 bead costing more than this is a doubtful pairing (see :func:`_better_than_its_pair`)."""


def _untranslated_block(beads: list[Bead], fresh: tuple[str, ...]) -> set[int]:
    """The English units of ``fresh`` (by id; today's wording counts) when its paragraphs are one run of two or more English units with no translation and
    nothing translated between them (a section the commit added), else nothing: a single paragraph, or
    some of them translated, and the translator had that English (huggingface_hub ko inference.md
    translates what its base commit added)."""
    if not fresh:
        return set()
    at = [(k, e) for k, b in enumerate(beads) for e in b.en if any(_same_english_text(e.text, x) for x in fresh)]
    if len(at) < 2 or any(beads[k].move is not Move.OMIT for k, _e in at):
        return set()
    if any(b.tr for b in beads[at[0][0]:at[-1][0] + 1]):
        return set()
    return {id(e) for _k, e in at}


def _cut_english(beads: list[Bead], cut: tuple[Item, ...], al: Alignment, model: LengthModel | None,
                 lang: str, cut_at: tuple[float, ...] = ()) -> set[int]:
    """Ids of the English units without translation that a translated unit a later commit removed
    translated: for each removed unit, the English unit it pairs with best, when each is the other's
    best match and the pairing is plausible (cost at most :data:`CUT_COST`: "아래 Space에서 이미지 인페인팅을
    직접 해보세요!" and "Check out the Spaces below to try out image inpainting yourself!" share nothing but
    their length, diffusers ko inpaint.md) and sit at about the same place in their docs (``cut_at``: where
    each removed unit was, as a share of its doc; :data:`CUT_PLACE`), or sure whatever else
    (:data:`MOVED_COST`). Mutual: "The
    examples we saw above use the serverless Inference API..." fits a removed paragraph of huggingface_hub
    ko inference.md, which fits the English paragraph it translated better."""
    if not cut:
        return set()
    model = model or LengthModel.default(lang)
    vocab = vocabulary(al.en_items, [*al.tr_items, *cut], lang)
    omitted = [e for b in beads if b.move is Move.OMIT for e in b.en if not e.heading]
    if not omitted:
        return set()
    # the English of a doubtful 1-1 bead may be unpaired too: huggingface_hub ko environment_variables.md
    # replaced the translation of "Set to `True` for faster uploads..." and "By default, `huggingface_hub`
    # uses..." (one translated paragraph) by a deprecation warning, which the aligner paired with the second
    omitted += [b.en[0] for b in beads if b.move is Move.MATCH and b.cost > WEAK_PAIR and not b.en[0].heading]
    cost = {(id(e), id(t)): pair_cost(e, t, model, lang, vocab) for e in omitted for t in cut}
    en_end = max(1, max((x.line for x in al.en_items), default=1))
    at = dict(zip((id(t) for t in cut), cut_at, strict=False))
    out: set[int] = set()
    for t in cut:
        e = min(omitted, key=lambda x: cost[id(x), id(t)])
        c = cost[id(e), id(t)]
        near = abs(e.line / en_end - at.get(id(t), -1.0)) <= CUT_PLACE
        if c <= MOVED_COST or (c <= CUT_COST and near and min(cut, key=lambda y: cost[id(e), id(y)]) is t):
            out.add(id(e))
    return out


CUT_PLACE = 0.15
"""Largest distance, as a share of the docs, between an English unit and a removed translated unit paired
by length alone: huggingface_hub ko manage-cache.md had "이제 선택/해제할 수 있는 수정 버전 목록이 표시됩니다" removed
at 80% of the doc, which fits a paragraph at 10% of the English by length."""
CUT_COST = 1.5
"""Largest pair cost of an English unit and a removed translated unit that are each other's best match."""


def _paired_share(beads: list[Bead], followed: list[Item] | list[str] | None,
                  was_cut: set[int] = frozenset()) -> tuple[float, int]:
    """Share of the English prose units (of a sentence or more; of the ``followed`` English, when given:
    a paragraph added since is not expected to pair) that the aligner paired, and how many it left unpaired.

    English units whose translation a later commit took out (``was_cut``: :func:`_cut_english`) are left
    out: a section removed from the translation on purpose is no sign of a restructured one. diffusers ko
    training/text2image.md lost its Flax section to "Remove JAX/Flax"; with one more paragraph dropped it
    paired 59% and omissions were off (a drop the injection bench missed)."""
    units = [(b.move, e) for b in beads for e in b.en if not e.heading and chars(e.text) >= MIN_OMISSION
             and id(e) not in was_cut
             and (followed is None or b.move is not Move.OMIT or _in_english(e, followed))]
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


def _pasted_in_a_row(al: Alignment, beads: list[Bead], found: dict[int, Item | None],
                     min_chars: int) -> dict[int, tuple[Item, Item]]:
    """``id(copy) -> (twin, English)`` of the copies :func:`_verbatim_copies` let go because some English paragraph of
    about their length is written twice in a row, when the copy is right after its twin and the English the
    twin is paired with is not written twice in a row: the English said which paragraph it is. diffusers
    zh hybrid_inference/overview.md and ko stable_diffusion_xl.md with a paragraph pasted twice in a row
    were let go by an unrelated pair of English lines written twice (2 of 4 drifted-doc duplicates the
    injection bench missed, seed 5)."""
    if not any(v is None for v in found.values()):
        return {}
    bead_of = _bead_of(beads)
    en_prose = [x for x in al.en_items if not x.heading]
    out: dict[int, tuple[Item, Item]] = {}
    for t, twin, in_a_row in _copy_candidates(al, min_chars):
        if not in_a_row or id(t) not in found or found[id(t)] is not None:
            continue
        # the twin or the copy is paired (the aligner may pair either one with the English)
        b0 = next((b for b in (bead_of.get(id(twin)), bead_of.get(id(t))) if b is not None and b.move is Move.MATCH
                   and not b.en[0].heading), None)
        if b0 is not None and not _twice_in_a_row(b0.en[0], en_prose):
            out[id(t)] = (twin, b0.en[0])
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
    repeats = _Repeats(en_prose)
    return {id(t): (twin if not _any_repeats(en_prose, t, lang, adjacent, repeats) else None)
            for t, twin, adjacent in pairs}


def _duplicates(beads: list[Bead], al: Alignment, file: str, lang: str, skip: set[int],
                english: str, copies: dict[int, Item], min_chars: int = 0,
                pasted: dict[int, Item] | None = None) -> Iterator[tuple[ReviewFinding, Item]]:
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
    repeats = _Repeats(en_prose)
    seen = _Seen()
    prev_of = {id(b): a for a, b in zip(al.tr_items, al.tr_items[1:], strict=False)}
    for t in prose:
        b = bead_of.get(id(t))
        raw = _raw(al, t)
        twin = copies.get(id(t)) or (seen.twin(raw, t.spans) if chars(t.text) >= max(min_chars, MIN_FAR_DUP) else None)
        seen.add(t, raw)
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
        said = b0.en or b.en or ((pasted[id(t)],) if pasted and id(t) in pasted else ())
        in_a_row = prev_of.get(id(t)) is twin
        if said and _english_repeats(said[0], en_prose, repeats) \
                and not (in_a_row and not _twice_in_a_row(said[0], en_prose)):
            continue  # the English says it twice too
        if not said and _any_repeats(en_prose, t, lang, index=repeats):
            continue
        quote = f"; English: '{_quote(al, said[0], 100)}' (line {said[0].line})" if said else ""
        yield ReviewFinding(file, t.line, Kind.DUPLICATION, "duplicate-paragraph", WARNING,
                            f"this paragraph repeats the one at line {twin.line}: '{_excerpt(t.text)}'"
                            f"{quote}; delete one of them{_of(english)}",
                            english_line=said[0].line if said else None, aligned_with=english,
                            quotes_english=bool(said)), t
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
                                    english_line=e.line, aligned_with=english, quotes_english=True), t
                break


class _Seen:
    """The translated units seen so far, looked up as :func:`_same_text` compares them: the latest one of
    the same text, or of nearly the same text with the same code and links and a near length (each unit
    was compared with every earlier one: quadratic, 2 s of a 3,000-paragraph review)."""

    __slots__ = ("_exact", "_groups", "_n")

    def __init__(self) -> None:
        self._exact: dict[str, tuple[int, Item]] = {}
        self._groups: dict[frozenset[str], list[tuple[int, int, Item, str]]] = {}
        self._n = 0

    def add(self, t: Item, raw: str) -> None:
        self._exact[_WS_RE.sub("", raw)] = (self._n, t)
        g = self._groups.setdefault(t.spans, [])
        g.insert(bisect_right(g, (len(raw), self._n), key=lambda x: (x[0], x[1])), (len(raw), self._n, t, raw))
        self._n += 1

    def twin(self, raw: str, spans: frozenset[str]) -> Item | None:
        """The latest unit seen whose text as written is ``raw`` (see :func:`_same_text`)."""
        exact = self._exact.get(_WS_RE.sub("", raw))
        floor = exact[0] if exact is not None else -1
        n = len(raw)
        g = self._groups.get(spans, [])
        lo = bisect_left(g, int(n * NEAR_DUPLICATE) - 1, key=lambda x: x[0])
        hi = bisect_right(g, int(n / NEAR_DUPLICATE) + 1, key=lambda x: x[0])
        for _n, k, o, o_raw in sorted(g[lo:hi], key=lambda x: -x[1]):
            if k <= floor:
                break
            if _same_text(o_raw, raw, o.spans, spans):
                return o
        return exact[1] if exact is not None else None


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


def _twice_in_a_row(e: Item, en_prose: list[Item]) -> bool:
    """English unit ``e`` is written twice in a row (the unit before or after it repeats it). A translated
    paragraph written twice in a row is a duplication unless its English is too: diffusers ko
    conceptual/philosophy.md says "The following design principles are followed:" under four headings,
    and that line pasted twice in a row under one of them was taken as repeated by the English (a drifted-doc
    duplicate the injection bench missed, seed 5)."""
    k = next((i for i, x in enumerate(en_prose) if x is e), None)
    if k is None:
        return False
    return any(_repeat_of(en_prose[i], en_prose[i + 1]) for i in (k - 1, k) if i >= 0 and i + 1 < len(en_prose))


def _english_repeats(e: Item, en_prose: list[Item], index: _Repeats | None = None) -> bool:
    if index is not None:
        return any(x is not e and _repeat_of(x, e) for x in index.near(e))
    return any(x is not e and _repeat_of(x, e) for x in en_prose)


def _any_repeats(en_prose: list[Item], t: Item, lang: str, adjacent: bool = False,
                 index: _Repeats | None = None) -> bool:
    """Some English paragraph of about the length ``t`` would translate is written twice (``adjacent``:
    twice in a row, as ``t`` is). The length window is wide: huggingface_hub fr installation.md renders
    "Once done, [check installation]... is working correctly." three times in 2.5 times its length."""
    ratio = LENGTH_RATIO.get(lang, 1.0)
    lo, hi = (0.5, 2.0) if adjacent else (0.33, 3.0)  # a pair in a row is rare: a table's twin cells are not it
    if index is not None:
        return index.any_repeated(chars(t.text), ratio, lo, hi, adjacent)
    for i, a in enumerate(en_prose):
        if not lo < chars(t.text) / max(chars(a.text) * ratio, 1) < hi:
            continue
        others = en_prose[i + 1:i + 2] if adjacent else en_prose[i + 1:]
        if any(_repeat_of(a, b) for b in others):
            return True
    return False


class _Repeats:
    """Which English prose units are written twice (:func:`_repeat_of`), each asked once per doc: the rules
    asked it of every unit against every later one for each copy in the translation (cubic: a doc made of
    one section pasted 30 times never finished). Two units can only be near-equal with the same code and
    links and lengths within :data:`NEAR_DUPLICATE` of each other, so each is compared with those only."""

    __slots__ = ("_items", "_pos", "_groups", "_chars", "_later", "_next", "_true")

    def __init__(self, en_prose: list[Item]) -> None:
        self._items = en_prose
        self._pos = {id(x): k for k, x in enumerate(en_prose)}
        self._groups: dict[frozenset[str], list[tuple[int, int]]] = {}
        for k, x in enumerate(en_prose):
            self._groups.setdefault(x.spans, []).append((len(x.text), k))
        for g in self._groups.values():
            g.sort()
        self._chars = sorted((chars(x.text), k) for k, x in enumerate(en_prose))
        self._later: dict[int, bool] = {}
        self._next: dict[int, bool] = {}
        self._true: dict[bool, list[int]] = {False: [], True: []}
        """Lengths of the units known repeated (by a later unit; by the next), sorted."""

    def near(self, e: Item) -> list[Item]:
        """Units with ``e``'s code and links and a length near enough to be a repeat of it (or it of them),
        in doc order."""
        g = self._groups.get(e.spans, [])
        n = len(e.text)
        lo = bisect_left(g, (int(n * NEAR_DUPLICATE) - 1, -1))
        hi = bisect_right(g, (int(n / NEAR_DUPLICATE) + 1, len(self._items)))
        return [self._items[k] for k in sorted(k for _n, k in g[lo:hi])]

    def any_repeated(self, ct: int, ratio: float, lo: float, hi: float, adjacent: bool) -> bool:
        """Some unit whose length times ``ratio`` is within ``lo``..``hi`` times ``ct`` is repeated by a later
        unit (``adjacent``: the next one). Units known repeated are looked up first (a doc pasted twice has
        thousands of copies, each asking this); the others in the length window are asked once each."""
        known = self._true[adjacent]
        if known:
            a = bisect_left(known, int(ct / hi / ratio) - 2)
            b = bisect_right(known, int(ct / lo / ratio) + 2)
            if any(lo < ct / max(c * ratio, 1) < hi for c in known[a:b]) or \
                    any(lo < ct / max(c * ratio, 1) < hi for c in known[:bisect_right(known, int(1 / ratio) + 2)]):
                return True
        small = bisect_right(self._chars, (int(1 / ratio) + 2, len(self._items)))
        a = bisect_left(self._chars, (int(ct / hi / ratio) - 2, -1))
        b = bisect_right(self._chars, (int(ct / lo / ratio) + 2, len(self._items)))
        for c, k in (*self._chars[:small], *self._chars[max(a, small):b]):
            if lo < ct / max(c * ratio, 1) < hi and self.repeated(k, adjacent):
                return True
        return False

    def repeated(self, k: int, adjacent: bool) -> bool:
        """Unit ``k`` is repeated by a later unit (``adjacent``: by the next one)."""
        memo = self._next if adjacent else self._later
        got = memo.get(k)
        if got is None:
            a = self._items[k]
            if adjacent:
                got = k + 1 < len(self._items) and _repeat_of(a, self._items[k + 1])
            else:
                got = any(self._pos[id(b)] > k and _repeat_of(a, b) for b in self.near(a))
            memo[k] = got
            if got:
                insort(self._true[adjacent], chars(a.text))
        return got


def _same_english_text(a: str, b: str) -> bool:
    """``a`` is (an edit of) English paragraph ``b``: a paragraph whose typo or link was fixed since the
    translation was made is still one the translator had (huggingface_hub ko hf_file_system.md)."""
    return _WS_RE.sub("", a) == _WS_RE.sub("", b) or _near(a, b, SAME_ENGLISH)


def _in_english(e: Item, english: list[Item] | list[str]) -> bool:
    """English unit ``e`` (of today) is one of the units of ``english`` (an older version): (nearly) the
    same words and at least half the same code and links. The words alone say little once code is left
    out: "Defaults to `"$HF_HOME/xet"` (...)" and "Defaults to `"$HF_HOME/hub"` (...)" are two paragraphs
    (huggingface_hub ko environment_variables.md follows an English without the first)."""
    for x in english:
        if isinstance(x, str):  # words only (what the caller knows: :func:`.runner._still_asked`)
            if _same_english_text(e.text, x):
                return True
            continue
        if not _same_english_text(e.text, x.text):
            continue
        if not (e.spans or x.spans) or 2 * len(e.spans & x.spans) >= max(len(e.spans), len(x.spans)):
            return True
    return False


def _quote(al: Alignment, e: Item, n: int) -> str:
    """English unit ``e`` as written (code and links included), shortened to ``n`` characters."""
    block = al.en_block(e)
    return _excerpt(block.text if block is not None else e.text, n)


def _elsewhere(e: Item, al: Alignment, model: LengthModel, bead_of: dict[int, Bead], lang: str,
               ctx: _DocMarks | None = None) -> bool:
    """The code spans, links, names and numbers of ``e`` (one or more) are all in a translated unit of
    about its length -- the only one, or one of two, that has them all -- whose own English does not
    explain them, and that pairs with ``e`` no worse than a doubtful pairing (:data:`WEAK_PAIR`, length,
    marks and words counted): ``e`` is translated there (a translator who moved a tip, reordered a list or
    merged it into the paragraph before), the aligner keeping the order. Of 20 omissions sampled on the
    untouched docs, 9 were such (smolagents zh guided_tour.md, diffusers zh optimization/fp16.md). The fit
    is needed since a name is no proof: a dropped paragraph naming "GPU" or "Pull Request" was taken as
    moved to a paragraph whose words say otherwise (diffusers zh xdit.md, huggingface_hub ko community.md;
    4 of 13 drops the injection bench missed)."""
    ctx = ctx or _DocMarks(al, lang)
    mine = {m for m in marks([e]) & ctx.vocab if not m.startswith("~")}  # what of e survives in the translation
    if not mine:
        return False
    want = model.c * chars(e.text)
    holders = ctx.holders(mine)
    if not 1 <= len(holders) <= 2:
        return False
    for t in holders:
        if not 0.4 * want <= chars(t.text) <= 2.5 * want:
            continue
        b = bead_of.get(id(t))
        if (b is None or not mine <= marks(b.en)) and \
                pair_cost(e, t, model, lang, ctx.every) <= WEAK_PAIR:
            return True
    return False


class _DocMarks:
    """The marks of one alignment's docs, computed once for all the omissions weighed: each rule asked
    for the vocabulary of both docs and the marks of every translated unit again for each omission, which
    made the review quadratic (3,000 paragraphs: 165 vocabularies of the whole docs, half its time)."""

    __slots__ = ("vocab", "every", "_where", "_tr")

    def __init__(self, al: Alignment, lang: str) -> None:
        self.vocab = marks(al.tr_items) & marks(al.en_items)
        """Marks found on both sides, every Latin-script word left out."""
        self.every = vocabulary(al.en_items, al.tr_items, lang)
        """Marks found on both sides as :func:`.bitext.vocabulary` has them."""
        self._tr = [t for t in al.tr_items if not t.heading]
        self._where: dict[str, set[int]] = {}
        for k, t in enumerate(self._tr):
            for m in marks([t]):
                self._where.setdefault(m, set()).add(k)

    def holders(self, mine: set[str]) -> list[Item]:
        """The translated prose units that have every mark of ``mine`` (non-empty), in order."""
        sets = sorted((self._where.get(m, set()) for m in mine), key=len)
        found = set(sets[0]).intersection(*sets[1:])
        return [self._tr[k] for k in sorted(found)]


MIN_PAIRED = 0.6
"""Share of the English prose units paired in order below which omissions are not reported."""
MOVED_LENGTH = 2.5
"""Largest length cost (``-log`` probability) of an unpaired translated unit taken as ``e`` moved."""


def _moved(e: Item, unpaired: list[Item], vocab: frozenset[str], model: LengthModel, al: Alignment,
           lang: str, every: frozenset[str] | None = None) -> bool:
    """A translated unit left unpaired anywhere in the doc could be ``e``, moved: a plausible length and
    no code, link, name or number that either has and the other lacks -- or, with a plausible length, a
    pairing cheaper than :data:`MOVED_COST` (smolagents zh guided_tour.md translates "By default, the
    Python code execution is done in your local environment..." in another section, without the word
    "Python": pair cost -10.9). When neither has a mark, that says nothing: the pairing must then be no
    worse than a doubtful one (:data:`WEAK_PAIR`). The aligner keeps the order, and translators move things: of 20
    omissions sampled on the untouched docs, 11 were paragraphs translated in another section
    (smolagents zh guided_tour.md, huggingface_hub ko upload.md)."""
    if not unpaired:
        return False
    mine = {m for m in marks([e]) & vocab if not m.startswith("~")}
    every = every if every is not None else vocabulary(al.en_items, al.tr_items, lang)
    # code and links of e found nowhere in the translation: no unit without them is e moved (diffusers ko
    # training/controlnet.md: "Then navigate into the [example folder](...)" dropped, its link gone from
    # the doc, was taken as moved to an unpaired unit that had no code or link either). Links within the
    # page do not count: a paragraph pointing to a section the translation left out went with it (diffusers
    # ko using-diffusers/schedulers.md, "please check [this section](#changing-the-scheduler-in-flax)"
    # taken out with the Flax section by "Remove JAX/Flax")
    own = [x for x in e.spans if not x.startswith("#")]
    lost = bool(own) and not any("`" + x in vocab for x in own)
    for t in unpaired:
        theirs = {m for m in marks([t]) & vocab if not m.startswith("~")}
        if model.cost(chars(e.text), chars(t.text)) > MOVED_LENGTH:
            continue
        if mine == theirs and not lost and mine:
            return True
        cost = pair_cost(e, t, model, lang, every)
        # no marks on either side say nothing: the words and length must fit as well as a doubtful pair
        # (huggingface_hub ko guides/cli.md with "또한, 특정 폴더만 업로드하는 것도 가능합니다:" dropped: its
        # English was taken as moved to "영구적으로 도구를 설치해 어디에서나 사용하려면:" 240 lines before,
        # pair cost 3.6)
        if cost <= MOVED_COST or (mine == theirs and not lost and cost <= WEAK_PAIR):
            return True
    # split in two: two unpaired units in a row hold its code, links, names and numbers (a plural or
    # two may be lost in translation: 1 in 4), and their
    # length is its (diffusers ko distributed_inference.md moves the init_process_group paragraph after the
    # code and splits it: "... 추론을 실행해야 합니다." and "2개의 GPU에서 ... 는 2입니다.")
    if len(mine) < 2:
        return False
    pos = {id(t): k for k, t in enumerate(al.tr_items)}
    for t1, t2 in zip(unpaired, unpaired[1:], strict=False):
        if pos.get(id(t2), -1) - pos.get(id(t1), -9) != 1:
            continue
        both = {m for m in marks([t1, t2]) & vocab if not m.startswith("~")}
        if len(mine - both) <= len(mine) // 4 and len(mine & both) >= 2 \
                and model.cost(chars(e.text), chars(t1.text) + chars(t2.text)) <= SPLIT_LENGTH:
            return True
    return False


SPLIT_LENGTH = 3.5
"""Largest length cost of two unpaired units in a row taken as ``e`` split and moved (their code and links
say more than one unit's: the length may be looser)."""
MOVED_COST = -2.0
"""Pair cost (see :func:`~.bitext.pair_cost`) of ``e`` and an unpaired translated unit from which the unit
is ``e`` translated elsewhere: below zero, shared code, links or names outweigh any length mismatch."""


BETTER_BY = 2.0
"""How much cheaper (in nats) pairing an omitted English unit with a doubtfully paired translated unit
must be for the omission to be taken as a move."""


def _better_than_its_pair(e: Item, weak: list[Bead], al: Alignment, model: LengthModel, lang: str,
                          vocab: frozenset[str] | None = None) -> bool:
    """A translated unit of a doubtful 1-1 bead anywhere in the doc fits ``e`` clearly better than the
    English it was paired with, and no worse than a doubtful pairing itself: the translator moved ``e``
    there and the in-order aligner paired the unit with its neighbour (smolagents zh guided_tour.md
    translates the code-execution notes in another section; 4 of 20 sampled omissions were such). Better
    than a bad pairing is not enough: smolagents zh examples/text_to_sql.md merges two English paragraphs
    into one (cost 8.4 with either), and a paragraph dropped 40 lines later (cost 3.9 with it) was taken
    as moved there."""
    if not weak:
        return False
    vocab = vocab if vocab is not None else vocabulary(al.en_items, al.tr_items, lang)
    return any(pc + BETTER_BY < b.cost and pc <= WEAK_PAIR
               for b in weak for pc in (pair_cost(e, b.tr[0], model, lang, vocab),))


def _outside_prose(e: Item, k: int, beads: list[Bead], al: Alignment, model: LengthModel, lang: str,
                   raw_before: tuple[str, ...] = (), vocab: frozenset[str] | None = None) -> bool:
    """Translated text the parser keeps outside prose, between the translated units around omitted ``e``,
    of a length ``e`` would translate to (:data:`MOVED_LENGTH`) and holding its code, links, names and
    numbers (a dropped "以下是一个使用 xDiT 加速..." of diffusers zh xdit.md is not in a table's row): a line written right after an HTML
    block's closing tag with no blank line (kept verbatim as raw text: diffusers ko
    training/unconditional_training.md writes "[Naruto](...) 데이터셋을 사용할 경우:" under ``</div>``), or a
    paragraph written right under a table, which makes it a row of the table (diffusers zh
    optimization/tome.md, "如上表所示..."). The paragraph is translated, and the review has no unit of it.

    ``raw_before``: raw blocks of the translation as they were before a later commit of the translation
    edited them (:func:`.follow.swept`). A raw block here that is one of them with only its links, code
    and names changed (:func:`_edited_from`) is also tried as it was: the code and links the translator wrote for ``e`` may have been
    changed since in the translation alone (diffusers ko unconditional_training.md: a sweep replaced the
    Pokemon dataset link by Naruto's under ``</div>``, while the English it follows still links Pokemon)."""
    vocab = vocab if vocab is not None else marks(al.tr_items) & marks(al.en_items)
    mine = {m for m in marks([e]) & vocab if not m.startswith("~")}
    before = next((b.tr[-1].line for b in reversed(beads[:k]) if b.tr), 0)
    after = next((b.tr[0].line for b in beads[k + 1:] if b.tr), 10**9)
    blocks = al.tgt.blocks
    for block in blocks[bisect_left(blocks, before, key=lambda x: x.start_line):]:
        if block.start_line >= after:
            break
        if block.kind is BlockKind.RAW:
            texts = [block.text, *(x for x in raw_before if _edited_from(x, block.text))]
        elif block.kind is BlockKind.TABLE:
            texts = ["\n".join(x for x in block.text.splitlines() if x.strip() and not x.lstrip().startswith("|"))]
        else:
            continue
        for text in map(_norm, texts):
            if chars(text) < MIN_OMISSION or looks_english(text, lang):
                continue
            try:  # as a unit of prose (code and link targets out), to compare lengths as the aligner does
                units = [x for x in doc_items(parse(text)) if not x.heading]
            except HfI18nError:
                continue
            if units and model.cost(chars(e.text), sum(chars(x.text) for x in units)) <= MOVED_LENGTH \
                    and mine <= marks(units) and e.spans <= frozenset().union(*(x.spans for x in units)):
                return True
    return False


_RELINK_RE = re.compile(r"!?\[[^\]]*\]\([^)]*\)|`[^`]*`|<[^>]*>|[A-Za-z0-9_./:-]+|\s+")


def _edited_from(old: str, now: str) -> bool:
    """Raw block ``now`` is ``old`` with only its links, code, tags and Latin-script names changed: the words
    the translator wrote are the same, so it still translates what ``old`` did."""
    rest = _RELINK_RE.sub("", now)
    return old != now and bool(rest) and _RELINK_RE.sub("", old) == rest


EDGE_LENGTH = 3.0
"""Largest length cost of a short English paragraph and the first or last sentence of the neighbouring
translated paragraph for that sentence to be its translation (see :func:`_edge_sentence`): the length of a
one-sentence unit is noisy ("现在文档已准备好。" for "Now the documents are ready." costs 0.54 in smolagents zh,
a made-up pair of the tests 2.7); the other conditions carry the rest. Both seeds of the injection bench
give the same recall with it as without the rule."""


def _edge_sentence(e: Item, nb: Bead, step: int, model: LengthModel, lang: str, every_word: bool,
                   vocab: frozenset[str]) -> bool:
    """One-sentence paragraph ``e``, just before (``step`` 1) or after (-1) bead ``nb``, is the first (or
    last) sentence of ``nb``'s one translated paragraph, which has more sentences: that sentence is about
    as long as ``e`` (:data:`EDGE_LENGTH`), neither has code, links or names, and without it the paragraph fits its own English no worse than whole. Words cannot show
    this when the lexicon knows none of ``e``'s (smolagents zh examples/rag.md writes "Now the documents
    are ready." as "现在文档已准备好。", the opening of the translation of the next English paragraph);
    the sentence, not the paragraph's length alone, carries it (a merge taken on length alone took a
    dropped paragraph of diffusers ko stable_diffusion.md for merged)."""
    if len(nb.tr) != 1 or len(split_sentences(e.text, "en")) != 1:
        return False
    parts = split_sentences(nb.tr[0].text, lang)
    if len(parts) < 2:
        return False
    edge = parts[0] if step == 1 else parts[-1]
    rest = " ".join(parts[1:] if step == 1 else parts[:-1])
    le, ls = chars(e.text), chars(edge)
    if model.cost(le, ls) > EDGE_LENGTH:
        return False
    s_item = Item(False, 0, "", False, edge, frozenset(), keep_tokens(edge), 0, nb.tr[0].kind)
    if e.spans or any(not x.startswith("~") for x in marks([e, s_item], every_word) & vocab):
        return False  # marks would have told; a sentence with code or names of its own is another one
    own = sum(chars(x.text) for x in nb.en)
    return model.cost(own, chars(rest)) <= model.cost(own, chars(nb.tr[0].text))


MERGE_GAIN = 1.0
"""How much cheaper (in nats, prior left out) a neighbouring bead must pair once an omitted English unit is
added to its English for the unit to be taken as merged into its translation (see :func:`_merged_into`)."""


def _merged_into(e: Item, k: int, beads: list[Bead], model: LengthModel, lang: str,
                 vocab: frozenset[str], code: tuple[list[int], list[int]] | None = None) -> bool:
    """The translated unit(s) of the nearest paired bead before or after omitted ``e`` (past the other
    omissions of its run) translate ``e`` too: with ``e`` added to that bead's English, its length, marks
    and lexicon words pair clearly better (:data:`MERGE_GAIN`), ``e``'s own code, links, names and numbers
    are all there and its own words or marks say something of it. The aligner's moves stop at 2-1, and its
    prior for a merge (plus the penalty of a short paragraph whose few words the lexicon half knows) let a
    1-0 win: smolagents zh examples/multiagents.md writes "Let's set up this system." and "Run the line
    below to install the required dependencies:" as one "我们来一起构建这个系统。运行下列代码以安装依赖包：";
    zh rag.md merges three English paragraphs twice (a 3-1 the aligner has no move for); zh
    text_to_sql.md folds "So let's make a second table ... for each receipt_id!" into the paragraph before,
    whose translation was 3 times its own English's length. A dropped paragraph leaves its neighbour the
    length of its own English: adding one makes the length worse, not better.

    Not across code: when a code block stands between ``e`` and the neighbour's English, and one stands
    between ``e``'s place in the translation and the neighbour's translation too, the translator kept the
    code where it was and ``e`` (an introduction to it, as a rule) was not carried past it. smolagents zh
    examples/multiagents.md with "我们需要登录Hugging Face Hub以调用HF的Inference API：" (before the
    ``login()`` code) dropped: its English was taken as merged into the long "⚡️ HF的Inference API..."
    after the code, whose length and names fitted it (1 of 8 drifted-doc drops the injection bench missed)."""
    every_word = target_scripts(lang) is not None
    me = marks([e], every_word) & vocab
    we = en_words(e.text) if model.lexicon is not None else frozenset()
    for step in (-1, 1):
        j = k + step
        while 0 <= j < len(beads) and beads[j].move is Move.OMIT:
            j += step
        if not 0 <= j < len(beads) or beads[j].move not in _PAIRED or any(x.heading for x in beads[j].en):
            continue
        nb = beads[j]
        if not all(mergeable(x.kind, nb.tr[0].kind) for x in (e, *nb.en)):
            continue
        if code is not None and _across_code(e, k, j, beads, code):
            continue
        lt = sum(chars(t.text) for t in nb.tr)
        le = sum(chars(x.text) for x in nb.en)
        m_e, m_t = marks(nb.en, every_word) & vocab, marks(nb.tr, every_word) & vocab
        strong = {x for x in me if not x.startswith("~")}
        if strong - m_t:
            continue  # a name of e missing from the translation: e is not in it
        if _pictographs(e.text) - _pictographs("".join(t.text for t in nb.tr)):
            continue  # an emoji of e missing from the translation: e is not in it
        tokens = frozenset().union(*(tr_tokens(t.text, lang) for t in nb.tr))
        w_nb = frozenset().union(*(en_words(x.text) for x in nb.en)) if model.lexicon is not None else frozenset()
        # what of e the translation shows beyond what its own English explains: "library" is no sign of
        # "The library has three main components:" merged into a paragraph whose English says "library" too
        # (diffusers zh index.md with that line dropped)
        said = model.words_cost(w_nb | we, tokens, lt) - model.words_cost(w_nb, tokens, lt) \
            - ANCHOR_SHARED * len((me & m_t) - m_e)
        if said >= 0 and not _edge_sentence(e, nb, step, model, lang, every_word, vocab):
            continue  # e's own words and marks say nothing more of the translation
        length, length_merged = model.cost(le, lt), model.cost(le + chars(e.text), lt)
        if length_merged >= length:
            continue  # the translation is no longer than its own English asks: nothing merged into it
        single = length + anchor_cost(m_e, m_t) + model.words_cost(w_nb, tokens, lt)
        merged = length_merged + anchor_cost(m_e | me, m_t) + model.words_cost(w_nb | we, tokens, lt)
        if merged + MERGE_GAIN <= single:
            return True
    return False


_PAIRED = frozenset({Move.MATCH, Move.MERGE, Move.SPLIT})


def _pictographs(text: str) -> frozenset[str]:
    """The emoji and other pictographic symbols of ``text`` (Unicode category ``So``): translators keep them
    as they are, like names, so a paragraph whose emoji its neighbour's translation lacks was not merged into
    it. smolagents zh index.md lists features as "✨ **Simplicity**: ...", "🌐 **Support for any LLM**: ...";
    with the first one dropped, the long Chinese of the second fitted both English lengths and the drop was
    taken as a merge (1 of 17 short drifted-doc drops the injection bench missed)."""
    return frozenset(c for c in text if unicodedata.category(c) == "So")


def _code_lines(al: Alignment) -> tuple[list[int], list[int]]:
    """First lines of the code blocks of the English and of the translation (sorted)."""
    en, tr = ([b.start_line for b in doc.blocks if b.kind is BlockKind.CODE] for doc in (al.src, al.tgt))
    return en, tr


def _code_in(lines: list[int], lo: int, hi: int) -> bool:
    """A code block starts strictly between lines ``lo`` and ``hi``."""
    i = bisect_right(lines, lo)
    return i < len(lines) and lines[i] < hi


def _across_code(e: Item, k: int, j: int, beads: list[Bead], code: tuple[list[int], list[int]]) -> bool:
    """Bead ``j`` (the neighbour of omitted ``e``, bead ``k``) is on the other side of a code block from ``e``
    in both docs (see :func:`_merged_into`); ``e``'s place in the translation is after the translated unit
    before bead ``k`` (or before the one after it)."""
    en_code, tr_code = code
    nb = beads[j]
    if j > k:
        before = next((b.tr[-1].line for b in reversed(beads[:k]) if b.tr), 0)
        return _code_in(en_code, e.line, nb.en[0].line) and _code_in(tr_code, before, nb.tr[0].line)
    after = next((b.tr[0].line for b in beads[k + 1:] if b.tr), 10**9)
    return _code_in(en_code, nb.en[-1].line, e.line) and _code_in(tr_code, nb.tr[-1].line, after)


def _omissions(beads: list[Bead], al: Alignment, skip: set[int], model: LengthModel,
               lang: str, raw_before: tuple[str, ...] = (), placed: set[int] | None = None) -> Iterator[Item]:
    """English units the aligner could give no translation (1-0), unless the same gap holds a translated
    unit it could not pair either (a paragraph rewritten, or an English that changed after the
    translation: not a missing one), or the unit is translated elsewhere (their ids go to ``placed``)."""
    bead_of = _bead_of(beads)
    unpaired = [b.tr[0] for b in beads if b.move is Move.INSERT and id(b.tr[0]) not in skip
                and chars(b.tr[0].text) >= 10]
    ctx = _DocMarks(al, lang)
    vocab, every = ctx.vocab, ctx.every
    weak = [b for k, b in enumerate(beads) if b.move is Move.MATCH and not b.en[0].heading and b.cost > WEAK_PAIR
            and _leftover_by(k, beads)]
    code = _code_lines(al)
    kept = _kept_anchors(beads, al)
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
        gap = [x.tr[0] for x in beads[lo:hi + 1]
               if x.move is Move.INSERT and id(x.tr[0]) not in skip and chars(x.tr[0].text) >= 10]
        if gap and not _all_rewritten(e, gap, beads[lo:hi + 1], vocab):
            continue
        if _points_to_left_out(e, kept):
            continue
        if _elsewhere(e, al, model, bead_of, lang, ctx) or _moved(e, unpaired, vocab, model, al, lang, every) \
                or _better_than_its_pair(e, weak, al, model, lang, every) \
                or _merged_into(e, k, beads, model, lang, every, code) \
                or _outside_prose(e, k, beads, al, model, lang, raw_before, vocab):
            if placed is not None:
                placed.add(id(e))
            continue
        yield e


def _all_rewritten(e: Item, gap: list[Item], run: list[Bead], vocab: frozenset[str]) -> bool:
    """Each unpaired translated unit of ``e``'s gap is the (rewritten) translation of another English unit
    of that gap: it has code, links, names or numbers, all of them that unit's, and none of them is
    ``e``'s. Then the gap holds nothing of ``e``, and ``e`` is judged as if the gap held no translated unit.
    diffusers ko index.md shortens "- State-of-the-art diffusion pipelines ... check out the table in the
    pipeline [overview](api/pipelines/overview) ..." to one sentence with that link (too short to pair), and
    "The library has three main components:" dropped just before it went unreported (a following-doc drop
    of the injection bench, seed 5)."""
    mine = marks([e]) & vocab
    others = [x for b in run if b.move is Move.OMIT for x in b.en if x is not e]
    for t in gap:
        theirs = {m for m in marks([t]) & vocab if not m.startswith("~")}
        if not theirs or theirs & mine or not any(theirs <= marks([o]) for o in others):
            return False
    return True


def _leftover_by(i: int, beads: list[Bead]) -> bool:
    """A translated unit left unpaired stands right before or after doubtful pair ``w`` (bead ``i``): what a move into
    ``w``'s place looks like, the translation of ``w``'s own English being that leftover (or lost). With
    no leftover there, ``w`` translates its own English in order, plainly but not tightly, and taking it
    as an omitted unit moved there trades one omission for another: smolagents zh tutorials/inspect_runs.md
    "So using instrumentation to record agent runs is necessary..." dropped was taken as moved to
    "完成上述配置后，即可正常运行您的Agent！" 35 English lines on (pair cost 2.9 with its own "Then you can run
    your agents!", -0.3 with the dropped one), diffusers zh contribution.md "`unittest` is fully
    supported..." to the translation of "You can also run the full test suite..." 80 lines before (4.8 vs
    0.0): 2 of 5 following-doc drops the injection bench missed (seeds 17 and 5)."""
    return any(0 <= j < len(beads) and beads[j].move is Move.INSERT for j in (i - 1, i + 1))


def _kept_anchors(beads: list[Bead], al: Alignment) -> frozenset[str]:
    """Anchors of the sections the translation has: its own headings' and those of the English headings
    paired with one of its headings (a translated title without ``[[anchor]]`` has an anchor of its own:
    diffusers zh optimization/memory.md links ``#cpu-offloading`` under "## CPU 卸载")."""
    paired = set()
    for b in beads:
        if b.tr:
            for x in b.en:
                block = al.en_block(x) if x.heading else None
                if block is not None:
                    paired.add(str(block.meta.get("anchor", "")))
    return al.tr_anchors | frozenset(paired)


def _points_to_left_out(e: Item, kept: frozenset[str]) -> bool:
    """``e``'s links (and code) are all links within the page, to sections the translation does not have: a
    pointer to a section the translation left out goes with it. diffusers ko using-diffusers/schedulers.md never had "If you
    are a JAX/Flax user, please check [this section](#changing-the-scheduler-in-flax) instead.", and
    "Remove JAX/Flax" took the Flax section out of the translation later (the rule that took such a
    pointer as moved to any unit without code or links was narrowed: :func:`_moved`)."""
    return bool(e.spans) and all(x.startswith("#") and x[1:] not in kept for x in e.spans)


def _omission_findings(missing: list[Item], beads: list[Bead], al: Alignment, file: str, english: str,
                       was_cut: set[int] | None = None, gone: list[Item] | None = None,
                       placed: set[int] | None = None) -> Iterator[ReviewFinding]:
    """One finding per run of missing English units with no translated unit between them: a section the
    translator skipped is one omission to fix, not six (smolagents ko guided_tour.md lacks the six
    paragraphs of "Model parameter management"). Placed on the translated unit after the run (else the
    one before), quoting its first English unit (and the last, for a run).

    ``was_cut``: English units whose translation a later commit removed (:func:`_cut_english`). A run holding
    one is a block a partial update took out of the translation, wholly: diffusers ko text_inversion.md
    had translated one paragraph of the Flax tab, which "Remove JAX/Flax" deleted; the three Flax
    paragraphs it had left untranslated are not omissions either. Its units go to ``gone``. The block ends
    at an English unit the translation has elsewhere (``placed``, see :func:`_omissions`): the translator
    had the English there, and the missing units past it are not part of what was taken out (diffusers ko
    training/text2image.md: "xFormers is not available for Flax." was cut, "You can reduce your memory
    footprint..." before it is translated above a heading the aligner mispaired, and a paragraph dropped
    before that was taken as cut with them)."""
    if not missing:
        return
    was_cut = was_cut or set()
    wanted = {id(e) for e in missing} | was_cut
    runs: list[tuple[list[Item], Item | None, Item | None]] = []
    run: list[Item] = []
    before: Item | None = None
    for b in beads:
        # a doubtful pair whose English a later commit's cut translated holds no translation of it
        if b.tr and not (b.move is Move.MATCH and b.cost > WEAK_PAIR and id(b.en[0]) in was_cut):
            if run:
                runs.append((run, before, b.tr[0]))
                run = []
            before = b.tr[-1]
        for e in b.en:
            if id(e) in wanted:
                run.append(e)
    if run:
        runs.append((run, before, None))
    placed = placed or set()
    for run, before, after in runs:
        if any(id(e) in was_cut for e in run):
            kept = _not_cut(run, was_cut, placed, beads)
            if gone is not None:
                gone.extend(e for e in run if id(e) not in {id(x) for x in kept})
            if not kept:
                continue
            run = kept
        at = after or before
        where = "before" if after is not None else "after"
        first, last = run[0], run[-1]
        if len(run) == 1:
            what = f"the English paragraph at line {first.line} has no translation"
            quote = f"'{_quote(al, first, 160)}'"
        else:
            what = f"{len(run)} English paragraphs, lines {first.line}-{last.line}, have no translation"
            quote = f"'{_quote(al, first, 100)}' ... '{_quote(al, last, 60)}'"
        yield ReviewFinding(file, at.line if at else 1, Kind.OMISSION, "missing-paragraph", WARNING,
                            f"{what} {where} this paragraph: {quote}{_of(english)}", english_line=first.line,
                            aligned_with=english, quotes_english=True)


def _not_cut(run: list[Item], was_cut: set[int], placed: set[int], beads: list[Bead]) -> list[Item]:
    """The units of ``run`` (missing or cut, no translated unit between them) that are not in a piece of it
    holding a cut unit, the run being cut in pieces at the English units the translation has elsewhere
    (``placed``)."""
    order = {id(e): k for k, b in enumerate(beads) for e in b.en}
    marks_at = sorted(order[x] for x in placed if x in order)
    pieces: list[list[Item]] = []
    last = None
    for e in run:
        k = order.get(id(e), 0)
        if last is None or any(last < m < k for m in marks_at):
            pieces.append([])
        pieces[-1].append(e)
        last = k
    return [e for piece in pieces if not any(id(x) in was_cut for x in piece) for e in piece]


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
    by_len: list[tuple[int, int]] | None = None
    en_prose = [x for x in al.en_items if not x.heading]
    for k, t in enumerate(items):
        if t.kind not in _RUNNING_TEXT or len(_norm(t.text)) < MIN_CHARS or not looks_english(t.text, lang):
            continue
        e = al.english_of(t)
        if e is None or _similar(e.text, t.text, SAME_TEXT) < SAME_TEXT:
            if by_len is None:
                by_len = sorted((len(_norm(x.text)), i) for i, x in enumerate(en_prose))
            sim, e = _most_similar(t.text, en_prose, by_len)
            if sim < SAME_TEXT:
                continue
        for n in (items[k - 1] if k else None, items[k + 1] if k + 1 < len(items) else None):
            if n is None or looks_english(n.text, lang) or al.english_of(n) not in (None, e):
                continue
            if al.english_of(n) is None and not _plausible(e, n, lang):
                continue
            yield ReviewFinding(file, t.line, Kind.ENGLISH_LEFT, "english-left", WARNING,
                                f"English paragraph left beside its translation (line {n.line}): "
                                f"'{_excerpt(t.text)}'; delete it", english_line=e.line, quotes_english=True), t
            break


def _most_similar(text: str, en_prose: list[Item], by_len: list[tuple[int, int]]) -> tuple[float, Item | None]:
    """The first English unit most similar to ``text`` (ratio below :data:`SAME_TEXT` counts as 0) and the
    ratio. Only units whose length allows a ratio of :data:`SAME_TEXT` (difflib's ratio is at most
    ``2·min/(sum)`` of the lengths) are compared, and an equal text ends the search: each English-looking
    translated paragraph was compared with every English paragraph (a doc of 4,000 headings: 40 s)."""
    n = len(_norm(text))
    lo = bisect_left(by_len, (int(n * SAME_TEXT / (2 - SAME_TEXT)) - 1, -1))
    hi = bisect_right(by_len, (int(n * (2 - SAME_TEXT) / SAME_TEXT) + 1, len(en_prose)))
    best, found = 0.0, None
    for i in sorted(i for _n, i in by_len[lo:hi]):
        sim = _similar(en_prose[i].text, text, SAME_TEXT)
        if sim > best:
            best, found = sim, en_prose[i]
            if sim >= 1.0:
                break
    return best, found


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
                                    f"none of {', '.join(sorted(marks)[:4])} appears here", english_line=e.line,
                                    quotes_english=True)
