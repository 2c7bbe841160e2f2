"""The aligner's second pass: sentences inside a paragraph the first pass paired one to one.

A translator who skips one sentence of a long paragraph leaves a paragraph that still pairs with its
English: the paragraph rules (:mod:`.coverage`) see a translation, and the sentence is lost -- the case
"번역 누락" of the Korean team's checklist that the paragraph-level injection bench cannot even count.
Inside each 1-1 bead of running text, both paragraphs are cut into sentences and aligned by the same
dynamic programming (:func:`.bitext.align_bitext`: length, marks, lexicon, 1-0/0-1/2-1/1-2 moves), so
a sentence merged into its neighbour or split in two by the translator is a 2-1 or 1-2 move, not an
omission.

An English sentence the aligner leaves alone (1-0) is reported only on strong evidence, since a wrong
"missing sentence" costs a reviewer more than a missed one (the issue asks for no more findings on the
untouched docs than before):

- the translated paragraph is clearly short for its English under the learned :class:`LengthModel`,
  and about as short as the sentence is long (the English without it fits the translation better);
- the sentence is a real one (:data:`MIN_WORDS` words): "See below." is merged or dropped on purpose;
- it has code spans, links, names or numbers of its own (those the other sentences do not have), none of
  them in the translated paragraph, and the words the lexicon knows of it, its own, say on balance that
  they are not translated there either (a token or two found by chance do not veto it);
- the paragraph's alignment has no translated sentence left over (0-1), and its other sentences pair
  well: a sentence rewritten is not one missing, and a bad pairing is not a translation;
- on a translation of an older English, the paragraph is one the translator had and today's English
  still has the sentence, maybe edited (a sentence added to the English since is an outdated
  translation, one deleted since is not asked).

A paragraph the translator split in two, one part of it lost, leaves the other part paired with the whole
English (or left alone beside it): the sentences it lacks are one run at the paragraph's start or end, judged
as one unit (:func:`_lost_part`), and reported where the lost part belongs.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..check.findings import WARNING
from ..doc import PLACEHOLDER_RE, BlockKind
from ..pair.bitext import (
    CROSS,
    PRIOR,
    Bead,
    LengthModel,
    Move,
    align_bitext,
    chars,
    en_words,
    marks,
    tr_tokens,
    vocabulary,
)
from ..scripts import target_scripts
from ..translate.aligned import Item, keep_tokens, norm_span
from .align import Alignment
from .model import Kind, ReviewFinding

MIN_WORDS = 6
"""Words (letters, outside code and links) of an English sentence reported missing."""
SHORT_BY = 0.85
"""The translated paragraph is at most this share of the length its English predicts."""
MIN_EVIDENCE = 2
"""Own marks or lexicon-known words of the sentence, from which its absence can be told; one of them
at least a mark (code span, link, kept name): on the untouched docs of the three corpora, the four
sentences reported on words alone were all translated, loosely or condensed (diffusers zh
conceptual/philosophy.md "The naming of the `__call__` arguments should be shared across all pipelines."
is 参数命名应跨流程统一 inside the sentence before)."""
WEAK_SENTENCE = 3.0
"""Largest cost of a 1-1 sentence bead of a paragraph with a sentence reported missing: a worse one says
the paragraphs themselves are not a translation of each other (huggingface_hub ko guides/manage-cache.md,
aligned with an older English, paired "As mentioned above, the TUI mode is currently in beta..." with a
paragraph about `--dry-run`: its one sentence bead cost 4.7)."""

_RUNNING = frozenset({BlockKind.PARAGRAPH, BlockKind.CALLOUT})
_ABBREV_RE = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|cf|al|approx|Mr|Mrs|Ms|Dr|Fig|No|Eq|Sec|Ch|St)|\b[A-Za-z])\.$")
_EN_END_RE = re.compile(r"[.!?][\"')\]*_]*\s+(?=[A-Z0-9\"'(\[⟦*_`])")
_CJK_END_RE = re.compile(r"[。！？][\"'”’)）」』\]*_]*\s*|[.!?][\"'”’)）」』\]*_]*\s+(?=[^\sa-z])")
_LETTERS_RE = re.compile(r"[A-Za-z]+")
_WORD_IN_PARENS_RE = re.compile(r"[(（][^\s()（）]*$")
_TAIL = 40
"""Characters before a sentence mark that the abbreviation and one-word-parentheses tests read: both look at
the word the mark ends (the longest abbreviation is 7 characters; a word in parentheses longer than this is
no doubt mark). Reading the whole sentence so far made a paragraph of many marks that end no sentence
quadratic: 20,000 "e.g. A" took 131 s, 20,000 "설치(a?)" 19 s, in a review anyone's PR can ask for."""


def split_sentences(text: str, lang: str = "en") -> list[str]:
    """Sentences of one paragraph's text (whitespace normalised), in order, punctuation kept.

    English (and Latin-script translations) end a sentence at ``.``, ``!`` or ``?`` followed by a space and
    a capital, a digit, a quote or a code span -- not after "e.g.", "i.e.", "etc." or an initial. Korean,
    Japanese and Chinese also end one at ``。！？`` with or without a space, and at ``. `` before anything
    but a lowercase Latin word (Korean writes "합니다. 다음"). Code spans and links are placeholders in
    ``text`` (``⟦1⟧``), so a dot inside ``model.to("cuda")`` never ends a sentence. Nor does a mark closing
    parentheses around one word: diffusers ko using-diffusers/controlling_generation.md writes "디노이징(denoising?)
    프로세스" and "노이즈 제거(?) 프로세스", a translator's doubt, in the middle of its sentences."""
    text = " ".join(text.split())
    pattern = _EN_END_RE if lang == "en" or target_scripts(lang) is None else _CJK_END_RE
    out: list[str] = []
    start = 0
    for m in pattern.finditer(text):
        end = m.start() + 1  # the sentence so far is text[start:end]; its tail alone is read (see _TAIL)
        if m.group(0)[0] == "." and _ABBREV_RE.search(text, max(start, end - _TAIL), end):
            continue
        if m.group(0)[1:2] in (")", "）") and _WORD_IN_PARENS_RE.search(text, max(start, end - _TAIL), end):
            continue
        if text[start:end].strip():
            out.append(text[start:m.end()].strip())
        start = m.end()
    if text[start:].strip():
        out.append(text[start:].strip())
    return out


@dataclass(slots=True, frozen=True)
class Sentence:
    """A sentence of a paragraph: the :class:`Item` the aligner takes, and the text as written."""

    item: Item
    written: str
    """The sentence with its code and links as in the source (for quoting)."""


def sentences_of(al: Alignment, it: Item, english: bool, lang: str) -> list[Sentence]:
    """The sentences of paragraph item ``it`` (of the English when ``english``), from its block's segments:
    each carries its own spans, names and source line."""
    block = al.en_block(it) if english else al.tr_block(it)
    if block is None:
        return []
    out: list[Sentence] = []
    for seg in block.segments:
        rest = seg.text
        line = seg.line
        for s in split_sentences(seg.text, "en" if english else lang):
            first = s.split(" ", 1)[0]
            k = rest.find(first)
            if k >= 0:
                line += rest[:k].count("\n")
                rest = rest[k:]
            found = [m.group(0) for m in PLACEHOLDER_RE.finditer(s)]
            text = PLACEHOLDER_RE.sub(" ", s)
            item = Item(False, 0, "", False, text, frozenset(norm_span(seg.spans[p]) for p in found if p in seg.spans),
                        keep_tokens(text), line, it.kind)
            written = PLACEHOLDER_RE.sub(lambda m, sp=seg.spans: sp.get(m.group(0), m.group(0)), s)
            out.append(Sentence(item, written))
    return out


def align_sentences(es: list[Sentence], ts: list[Sentence], model: LengthModel, lang: str) -> list[Bead]:
    """Beads of the sentences of one paragraph pair, by the paragraph aligner itself (no headings)."""
    return align_bitext([s.item for s in es], [s.item for s in ts], (), model, lang)


def missing_sentences(beads: Iterable[Bead], al: Alignment, file: str, lang: str, model: LengthModel, *,
                      english: str = "", followed: list[str] | None = None,
                      done: Iterable[int] = ()) -> Iterator[ReviewFinding]:
    """``missing-sentence`` findings of the 1-1 paragraph beads of ``beads`` (see the module docstring);
    ``followed``: the prose of the older English the translation follows; ``done``: lines of English paragraphs
    another rule already reported a sentence of."""
    done = set(done)
    vocab = vocabulary(al.en_items, al.tr_items, lang)
    # a list, not a set: a paragraph today's English kept as it was is in it twice (see _still_asked)
    same = [_WS_RE.sub("", x) for x in followed] if followed is not None else None
    for e, t, paired in _paragraph_pairs(list(beads)):
        if e.line in done:
            continue
        le, lt = chars(e.text), chars(t.text)
        if lt > model.c * le:
            continue
        if same is not None and _WS_RE.sub("", e.text) not in same:
            continue
        es = sentences_of(al, e, True, lang)
        if len(es) < 2:
            continue
        ts = sentences_of(al, t, False, lang)
        inner = align_sentences(es, ts, model, lang)
        if any(x.move is Move.INSERT or (x.move is Move.MATCH and x.cost > WEAK_SENTENCE) for x in inner):
            continue
        lost: list[Sentence] = []
        if paired and lt <= SHORT_BY * model.c * le:
            lost = [s for x in inner if x.move is Move.OMIT for s in es if s.item is x.en[0]
                    and _missing(s, es, t, model, lang, le, lt, vocab)]
        if not lost:
            part = _lost_part(inner, es, t, model, lang, le, lt, vocab)
            lost = part or []
        lost = [s for s in lost if not (english and not _still_asked(s, same))]
        if not lost:
            continue
        # in the gap: sentences lost after the last one translated belong at the paragraph's end
        at_end = _after_the_translated(inner, lost)
        block = al.tr_block(t)
        line = block.end_line if at_end and block is not None else t.line
        where = "in this paragraph" if paired else "after this paragraph" if at_end else "before this paragraph"
        # one finding per paragraph: the sentences it lacks are one thing to fix there (diffusers ko
        # training/lora.md keeps the first sentence of a three-sentence warning, and had two findings on one line)
        of = f" (aligned with {english})" if english else ""
        what = (f"the English sentence '{_excerpt(lost[0].written, 160)}' (line {lost[0].item.line}) has" if len(lost) == 1
                else f"{len(lost)} English sentences, " + ", ".join(f"'{_excerpt(s.written, 100)}'" for s in lost)
                + (f" (line {lost[0].item.line})" if lost[0].item.line == lost[-1].item.line
                   else f" (lines {lost[0].item.line}-{lost[-1].item.line})") + ", have")
        yield ReviewFinding(file, line, Kind.OMISSION, "missing-sentence", WARNING,
                            f"{what} no translation {where}{of}", english_line=lost[0].item.line,
                            aligned_with=english, quotes_english=True)


def _after_the_translated(inner: list[Bead], lost: list[Sentence]) -> bool:
    """Every sentence of ``lost`` comes after the last English sentence the sentence beads ``inner`` pair."""
    ids = {id(s.item) for s in lost}
    last = max((k for k, x in enumerate(inner) if x.move is not Move.OMIT), default=-1)
    return all(k > last for k, x in enumerate(inner) if x.move is Move.OMIT and id(x.en[0]) in ids)


def _paragraph_pairs(beads: list[Bead]) -> Iterator[tuple[Item, Item, bool]]:
    """The paragraphs of running text the sentence pass compares, ``(english, translation, paired)``: those
    of a 1-1 bead (``paired``), and an English paragraph left alone (1-0) beside a translated one left alone
    (0-1), the only units the aligner left alone there, which may be a part of it (:func:`_lost_part`:
    diffusers zh conceptual/philosophy.md splits "For large parts of the library..." in two, and with its
    second half dropped the first no longer pairs with the whole English). Two translated paragraphs left
    alone beside it may be the whole of it, split: no part of it is lost."""
    k = 0
    while k < len(beads):
        b = beads[k]
        if b.move is Move.MATCH:
            if not b.en[0].heading and b.en[0].kind in _RUNNING and b.tr[0].kind in _RUNNING:
                yield b.en[0], b.tr[0], True
            k += 1
            continue
        end = k
        while end < len(beads) and beads[end].move in (Move.OMIT, Move.INSERT):
            end += 1
        run = beads[k:max(end, k + 1)]
        en = [e for x in run if x.move is Move.OMIT for e in x.en]
        tr = [t for x in run if x.move is Move.INSERT for t in x.tr]
        if len(en) == 1 == len(tr) and all(not x.heading and x.kind in _RUNNING for x in (*en, *tr)):
            yield en[0], tr[0], False
        k = max(end, k + 1)


def _lost_part(inner: list[Bead], es: list[Sentence], t: Item, model: LengthModel, lang: str, le: int, lt: int,
               vocab: frozenset[str]) -> list[Sentence] | None:
    """The sentences of an English paragraph lost with one part of its translation, if the translation ``t``
    is the other part of a paragraph the translator split in two.

    Translators often break a long English paragraph in two at a sentence end; when one part is then lost,
    the part left is a clean translation of a run of the English sentences, and the sentences left alone are
    one run at the paragraph's start or end. The paragraph rules see a translation (a 1-1 bead), and the
    sentence rule (:func:`_missing`) weighs each sentence against the whole paragraph, under a gate set for
    sentences lost anywhere (:data:`SHORT_BY`): huggingface_hub ko package_reference/inference_types.md
    writes "This page lists the types... Each task is specified using a JSON schema..." as one paragraph and
    "Visit [@huggingface.js/tasks](...) to find the JSON schemas for each task." as another; with the second
    dropped, the first is 0.88 of the length its English predicts, and "huggingface" of the link text was
    taken as said by the first sentence's "Hugging Face". So the run is judged as one unit, by what it
    alone would leave: the translation fits the English without it better than with it, and the words the
    lexicon knows of it are not in the translation once the words of the sentences it translates have taken
    their tokens; then either it has a code span, link or name of its own, not in the translation, with
    :data:`MIN_EVIDENCE` of those and known words, or its words alone say it is missing by more than the
    aligner's price of a missing unit (``PRIOR[OMIT]``): the three sentences after "...such as [Don't repeat
    yourself (DRY)](...)." that diffusers zh conceptual/philosophy.md writes as a paragraph of their own (23
    known words, 15.5). Length is no witness where words are: diffusers ko training/overview.md condenses "Our
    examples aspire to be **self-contained**, **easy-to-tweak**, ... More specifically, this means:" into
    "여기서 다룰 예시들은 다음을 지향합니다." before the list that names them, a quarter of the length its
    English predicts (its 5 known words: 4.1). Where the lexicon knows none of its words (none is learned for
    ta, too few pairs), the length must say it by more than the aligner's price of a crossing
    (:data:`.bitext.CROSS`, an omission and an insertion): huggingface_hub ta installation.md writes "These
    commands will link the folder... Python will now look inside..." and "For example, if your Python
    packages..." as two paragraphs, and with the first dropped the second is a third of its English's length
    (14.8). A sentence on a few words is not enough: diffusers zh conceptual/philosophy.md's "The naming of
    the `__call__` arguments should be consistent across all pipelines." (its `__call__` is in the sentence
    before; words 2.8) is the end of a translated list item, condensed into the sentence before."""
    if not inner or any(x.move is Move.INSERT for x in inner):
        return None
    omit = [x.move is Move.OMIT for x in inner]
    n = sum(omit)
    if n == 0 or n == len(inner):
        return None
    head = all(omit[:n])
    if not head and not all(omit[-n:]):
        return None
    run_items = {id(x.en[0]) for x in inner if x.move is Move.OMIT}
    run = [s for s in es if id(s.item) in run_items]
    kept = [s for s in es if id(s.item) not in run_items]
    text = " ".join(s.item.text for s in run)
    if len(_LETTERS_RE.findall(text)) < MIN_WORDS:
        return None
    gain = model.cost(le, lt) - model.cost(le - sum(chars(s.item.text) for s in run), lt)
    if gain <= 0:
        return None
    every_word = target_scripts(lang) is not None
    own = {m for m in marks([s.item for s in run], every_word) - marks([s.item for s in kept], every_word)
           if m.startswith("`") or (not m.startswith("~") and m in vocab)}
    if own & marks([t], every_word):
        return None
    words = frozenset().union(*(en_words(s.item.text) for s in run)) \
        - frozenset().union(*(en_words(s.item.text) for s in kept))
    known: frozenset[str] = frozenset()
    unsaid = 0.0
    if model.lexicon is not None:
        senses = model.lexicon.senses
        known = frozenset(w for w in words if w in senses)
        said = frozenset().union(*(senses[w].tokens for s in kept for w in en_words(s.item.text) if w in senses))
        unsaid = model.words_cost(known, tr_tokens(t.text, lang) - said, lt) if known else 0.0
        if known and unsaid <= 0:
            return None
    if own:
        return run if len(own) + len(known) >= MIN_EVIDENCE else None
    return run if (unsaid > PRIOR[Move.OMIT] if known else gain > CROSS) else None


def _still_asked(s: Sentence, same: list[str] | None) -> bool:
    """Today's English still has sentence ``s`` of the older English the translation is aligned with
    (``same``: the paragraphs asked of it, today's and the older ones still asked, spaces dropped; the
    older paragraph itself is one of them). A sentence deleted from the English since is not asked:
    smolagents zh tutorials/inspect_runs.md was updated with its English, which dropped "Configure
    `tracer_provider`..." and "`OTLPSpanExporter()` uses...", while the record of what it follows names the
    English before, and both were reported missing."""
    if same is None:
        return True
    key = _WS_RE.sub("", s.item.text)
    return sum(key in x or _covered(key, x) for x in same) >= 2


def _covered(key: str, text: str) -> bool:
    """Most of sentence ``key`` (:data:`EDITED` of its characters, in order) is in paragraph ``text``: a
    sentence edited since is still asked (diffusers ko optimization/xformers.md: "We recommend the use of
    [xFormers] for both inference and training." became "We recommend [xFormers] for both...", and a
    drop of its translation went unreported)."""
    if len(text) < EDITED * len(key):
        return False
    blocks = difflib.SequenceMatcher(a=key, b=text, autojunk=False).get_matching_blocks()
    return sum(b.size for b in blocks if b.size >= 4) >= EDITED * len(key)


EDITED = 0.75
"""Share of a sentence found in a paragraph of today's English from which it is still there, edited."""


def _missing(s: Sentence, es: list[Sentence], t: Item, model: LengthModel, lang: str, le: int, lt: int,
             vocab: frozenset[str]) -> bool:
    """The evidence that sentence ``s`` of the English paragraph (sentences ``es``, ``le`` characters) is not
    in its translation ``t`` (``lt`` characters): a real sentence, the translation short by about its length,
    and none of its own marks and known words translated.

    Its own code spans and links count as evidence wherever they are (a dropped sentence takes its only
    `HF_HUB_CACHE` with it); its names only when the docs keep them somewhere (``vocab``): "Set" starting
    an English sentence is a name to the tokenizer and never survives translation."""
    if len(_LETTERS_RE.findall(s.item.text)) < MIN_WORDS:
        return False
    ls = chars(s.item.text)
    if model.cost(le - ls, lt) >= model.cost(le, lt):
        return False
    every_word = target_scripts(lang) is not None
    others = [o for o in es if o is not s]
    own_marks = {m for m in marks([s.item], every_word) - marks([o.item for o in others], every_word)
                 if m.startswith("`") or (not m.startswith("~") and m in vocab)}
    t_marks = marks([t], every_word)
    if own_marks & t_marks:
        return False
    words = en_words(s.item.text) - frozenset().union(*(en_words(o.item.text) for o in others))
    known: frozenset[str] = frozenset()
    if model.lexicon is not None:
        known = frozenset(w for w in words if w in model.lexicon.senses)
        if known and model.words_cost(known, tr_tokens(t.text, lang), lt) <= 0:
            return False  # its words say it is there (a token or two found by chance do not)
    return bool(own_marks) and len(own_marks) + len(known) >= MIN_EVIDENCE


_WS_RE = re.compile(r"\s+")


def _excerpt(text: str, n: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"
