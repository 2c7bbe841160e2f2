"""Korean: sentences and their endings from Kiwi (``kiwipiepy``), the registers the docs team writes in.

Why an analyzer and not a list of endings: the Korean team's own rule-based harness, calibrated on merged
PRs, drowned its reviewers (up to 96 false "major" errors per doc); a sentence's register is in its final
ending (``-ㅂ니다``, ``-어요``, ``-ㄴ다``), which only a morphological analysis separates from a noun that
happens to end the same way (``아니다`` is 한다체, ``개요`` is a noun, ``-음`` closes a list item). Measured on
the corpora's human Korean docs (2026-11): 3,600 of the 4,200 sentence endings are 합니다체, 490 the polite
imperative ``-세요`` the team accepts, and true 해요체 or 한다체 statements are a handful per corpus.

Kiwi is loaded on the first analysis, once per process, without its typo and multi-word dictionaries
(well-edited docs need neither; they double the load time, 0.8 s to 2.5 s) and without its default
dictionary of proper nouns from Wikipedia: its load takes 1.1 -> 0.7 cpu s and 330 -> 260 MB (a ``check``
of one doc that needs Kiwi spends most of its time there), and Kiwi reads the sentences and endings (form,
register, mood) of all 4,067 prose segments of the corpora's Korean docs the same without it. Three loan
verbs (``오프로드``, ``컴파일``, ``커밋`` + ``하``) get an adjective suffix instead of a verb one, which changes
only their rewrite into 한다체 (``-하다`` for ``-한다``), a register no team sets by default
(``tests/test_style.py``).
"""

from __future__ import annotations

import json
import re
import threading
import unicodedata
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .base import Ending, Mood, RegisterInfo, Sentence, kept, sentence_from_plain, sentence_plain

HAPNIDA = "합니다체"
HAEYO = "해요체"
HANDA = "한다체"
HAE = "해체"

REGISTERS = (
    RegisterInfo(HAPNIDA, ("hapnida", "formal", "하십시오체"), "formal polite", "-ㅂ니다/-습니다"),
    RegisterInfo(HAEYO, ("haeyo", "polite"), "informal polite", "-어요/-아요"),
    RegisterInfo(HANDA, ("handa", "plain", "해라체"), "plain written style", "-ㄴ다/-다"),
    RegisterInfo(HAE, ("hae", "banmal"), "casual", "-어/-아"),
)

_TRAILING = ("S", "W_")
"""Tags of tokens that may follow a sentence's final ending: punctuation, symbols, foreign words and numbers
(an inline code span, a placeholder), emoji, URLs."""

_HANDA_COMMANDS = {"라", "어라", "아라", "거라", "으라", "여라", "너라"}
_HANDA_QUESTIONS = {"냐", "느냐", "으냐", "니", "으니", "ᆫ가", "는가", "은가", "ᆯ까", "을까", "나", "던가", "ᆫ지", "는지"}
_HAE = {"어", "아", "여", "지", "야", "이야", "군", "구나", "는구나", "네", "는군", "거든", "ᆫ데", "는데", "ᆯ게", "을게",
        "ᆯ래", "을래", "ᆫ걸", "는걸"}
_HANDA_FINAL = {"다", "ᆫ다", "는다"}
"""한다체 statement endings Kiwi tags as connective before a parenthesis (``기록한다(ActionStep).``): final
when nothing but punctuation and a parenthesis follows them."""
_NOUNISH = {"음", "ᆷ", "기"}
_QUESTION_YO = ("까요", "나요", "가요", "니요", "래요")
_COMMAND_YO = {"세요", "으세요", "셔요", "으셔요"}


def _compat(ch: str) -> str:
    """A trailing consonant jamo (Kiwi writes ``ᆸ니다``) as the letter a translator types (``ㅂ``)."""
    name = unicodedata.name(ch, "")
    if name.startswith("HANGUL JONGSEONG "):
        try:
            return unicodedata.lookup("HANGUL LETTER " + name.removeprefix("HANGUL JONGSEONG "))
        except KeyError:
            return ch
    return ch


def display_form(form: str) -> str:
    """``-ㅂ니다`` for Kiwi's ``ᆸ니다``: the ending as the team's style guides write it."""
    return "-" + "".join(_compat(c) for c in form)


def classify(form: str, tag: str, *, yo: bool = False, terminal: str = "") -> tuple[str | None, Mood] | None:
    """The register and mood an ending marks (None: not a sentence ending; register None: a noun ending).

    ``yo``: the polite particle 요 follows it (``무엇인가`` + ``요``); ``terminal``: the sentence's final
    punctuation (a ``?`` makes any ending a question). Connective endings are read as final only in
    their 합니다체 forms (Kiwi tags ``있습니다:`` before a colon as connective) and, before final punctuation,
    the 한다체 statement endings (:data:`_HANDA_FINAL`); the bare 해체 endings
    (``-어``, ``-지``) only with a final ``.`` or ``!``, since ``사용하여`` before a code block is a
    connective cut short, not a casual sentence."""
    question = terminal == "?"
    if form in _NOUNISH:
        return None, Mood.STATEMENT
    if form.endswith("니다"):
        return HAPNIDA, Mood.QUESTION if question else Mood.STATEMENT
    if form.endswith("니까"):
        return HAPNIDA, Mood.QUESTION
    if form.endswith("시오"):
        return HAPNIDA, Mood.COMMAND
    if form.endswith(("ᆸ시다", "읍시다")):
        return HAPNIDA, Mood.PROPOSAL
    if tag != "EF" and not yo and not (terminal and form in _HANDA_FINAL):
        return None
    if yo or form.endswith("요") or form == "죠":
        if question or form.endswith(_QUESTION_YO) or (yo and form in _HANDA_QUESTIONS):
            return HAEYO, Mood.QUESTION
        if form in _COMMAND_YO:
            return HAEYO, Mood.COMMAND
        return HAEYO, Mood.STATEMENT
    if form in _HANDA_COMMANDS:
        return HANDA, Mood.COMMAND
    if form == "자":
        return HANDA, Mood.PROPOSAL
    if form in _HANDA_QUESTIONS:
        return HANDA, Mood.QUESTION
    if form.endswith("다"):
        return HANDA, Mood.QUESTION if question else Mood.STATEMENT
    if form in _HAE and terminal in (".", "!", "?"):
        return HAE, Mood.QUESTION if question else Mood.STATEMENT
    return None


_QUOTES = (('"', '"'), ("“", "”"), ("「", "」"), ("『", "』"))


def _quoted(text: str) -> bool:
    """``text`` (a sentence up to its ending) leaves a quotation open."""
    for opening, closing in _QUOTES:
        if opening == closing:
            if text.count(opening) % 2:
                return True
        elif text.count(opening) > text.count(closing):
            return True
    return False


def _glued(text: str, end: int) -> bool:
    """The "sentence" ending at ``end`` is glued to the Hangul after it: a saying used as a noun
    (``**명시적인 것이 암시적인 것보다 낫다**와 ...``, diffusers ko conceptual/philosophy.md), which Kiwi
    splits as a sentence of its own."""
    nxt = text[end:end + 1]
    return bool(nxt) and not nxt.isspace() and "\uac00" <= nxt <= "\ud7a3"


def _is_trailing(tag: str) -> bool:
    return tag.startswith(_TRAILING)


def _final(tokens: Sequence[Any]) -> tuple[int, bool, str] | None:
    """Index of the token holding the sentence's final ending, whether 요 follows it, and the final
    punctuation; None when the sentence ends in something else (a noun, a modifier)."""
    i = len(tokens) - 1
    terminal = ""
    while i >= 0:
        t = tokens[i]
        if t.tag == "SSC" and t.form in (")", "]", "）"):  # a parenthesis after the ending: "큽니다(보통 몇 GB)."
            depth, j = 0, i
            while j >= 0:
                if tokens[j].tag == "SSC" and tokens[j].form in (")", "]", "）"):
                    depth += 1
                elif tokens[j].tag == "SSO" and tokens[j].form in ("(", "[", "（"):
                    depth -= 1
                    if depth == 0:
                        break
                j -= 1
            if j < 0:
                return None
            i = j - 1
            continue
        if not _is_trailing(t.tag):
            break
        if t.tag == "SF" and not terminal:
            terminal = t.form[-1]
        i -= 1
    if i < 0:
        return None
    t = tokens[i]
    if t.tag == "JX" and t.form == "요" and i > 0 and tokens[i - 1].tag.startswith("E"):
        return i - 1, True, terminal
    if t.tag.startswith("E"):
        return i, False, terminal
    return None


# -------------------------------------------------------------------------------------------------
# the surface reading: sentences whose endings are certain without the analyzer

_WORD_RE = re.compile(r"[\uac00-\ud7a3]+")
_CLOSERS = " *_)]\"'”’」』…"
_TERMINALS = ".!?:;"
_RIEUL_BATCHIM, _PIEUP_BATCHIM = 8, 17
_STATEMENT_ENDISH = frozenset("다요까오죠라자네냐")
"""Last syllables of the endings Kiwi reads as final even with no punctuation after them."""
_FINAL_ENDISH = frozenset("다요까오죠라자네냐니가나지어아야군래게걸데여해봐와워줘둬돼써러져쳐켜혀려세")
"""Last syllables a final ending can have (해요체 and 해체 endings merge with the stem: 해, 봐, 와, 줘...)."""


def _batchim(ch: str) -> int:
    return (ord(ch) - 0xAC00) % 28


def _formal(word: str) -> tuple[str, str, Mood] | None:
    """The ending of ``word`` when its last syllables can only be one: ``-ㅂ니다``/``-습니다``, ``-ㅂ니까``,
    ``-ㅂ시다``, ``-(으)세요``, ``-십시오`` (with the register and mood)."""
    if len(word) >= 3 and word[-2:] in ("니다", "니까") and (word[-3] == "습" or _batchim(word[-3]) == _PIEUP_BATCHIM):
        stem = "-습" if word[-3] == "습" else "-ㅂ"
        return (stem + word[-2:], HAPNIDA, Mood.STATEMENT if word[-1] == "다" else Mood.QUESTION)
    if len(word) >= 3 and word.endswith("시다") and _batchim(word[-3]) == _PIEUP_BATCHIM:
        return "-ㅂ시다", HAPNIDA, Mood.PROPOSAL
    if word.endswith("십시오"):
        return "-ㅂ시오", HAPNIDA, Mood.COMMAND
    if word.endswith("세요") and len(word) >= 3:
        return ("-으세요" if word[-3] == "으" else "-세요"), HAEYO, Mood.COMMAND
    return None


def surface(text: str) -> list[Sentence] | None:
    """The sentences of ``text`` without the analyzer, when its surface settles every ending; else None.

    Kiwi takes 0.9 s to load and reads about 150,000 characters a second; 90% of the prose of the corpora's
    Korean docs (3,675 of 4,069 segments) ends every sentence in a form that can only be one ending
    (``설치합니다``, ``확인하세요``, ``따르십시오``) or in a word no final ending ends like (``모델 불러오기``,
    ``GPU 메모리``). Such a text is read here: a ``check`` of a doc like that never loads the analyzer. A
    text is settled only if every Korean word that ends a sentence (punctuation, a line end or the text's
    end after it) is one of those forms or ends in a syllable no final ending has
    (:data:`_FINAL_ENDISH`), and no other word ends like a final ending Kiwi would split a sentence at
    (:data:`_STATEMENT_ENDISH`) unless it is one of those forms. ``tests/test_style.py`` holds the surface
    reading to Kiwi's on every segment of the three corpora."""
    sentences: list[Sentence] = []
    start = 0
    for m in _WORD_RE.finditer(text):
        word = m.group(0)
        rest = text[m.end():].lstrip(_CLOSERS)
        terminal = not rest or rest[0] in _TERMINALS or rest[0] == "\n"
        formal = _formal(word)
        if formal is None:
            last = word[-1]
            if last in _STATEMENT_ENDISH or (terminal and last in _FINAL_ENDISH):
                return None
            continue
        if not terminal:
            return None  # a formal ending inside a sentence: a connective reading is Kiwi's to make
        end = len(text) - len(rest)
        if rest[:1] and rest[0] in _TERMINALS:
            end += 1
        form, register, mood = formal
        if rest[:1] == "?":
            mood = Mood.QUESTION
        ending = Ending(word, m.start(), form, register, mood)
        sentences.append(Sentence(text[start:end].strip(), start, end, ending, _quoted(text[start:m.start()])))
        start = end
    if text[start:].strip():
        sentences.append(Sentence(text[start:].strip(), start, len(text), None))
    return sentences


class KoreanLayer:
    """Korean sentences and endings from Kiwi (loaded on first use, once per process)."""

    code = "ko"
    registers = REGISTERS

    def __init__(self) -> None:
        self._kiwi: Any = None
        self._lock = threading.Lock()

    @property
    def kiwi(self) -> Any:
        if self._kiwi is None:
            with self._lock:
                if self._kiwi is None:
                    from kiwipiepy import Kiwi

                    self._kiwi = Kiwi(load_default_dict=False, load_typo_dict=False, load_multi_dict=False)
        return self._kiwi

    def sentences(self, texts: Sequence[str]) -> list[list[Sentence]]:
        """The sentences of each text: read from the surface where it settles them (:func:`surface`),
        else by Kiwi (loaded then, for the texts that need it, in one call)."""
        out: list[list[Sentence] | None] = [surface(t) for t in texts]
        rest = [i for i, got in enumerate(out) if got is None]
        if rest:
            for i, sents in zip(rest, self._read([texts[i] for i in rest]), strict=True):
                out[i] = sents
        return [got or [] for got in out]

    def _read(self, texts: Sequence[str]) -> list[list[Sentence]]:
        """Kiwi's reading of each text, kept across runs where a run keeps them (:func:`.base.analyses_kept`)."""
        def work(todo: list[str]) -> list[list[Sentence]]:
            return [[self._sentence(t, s) for s in sents]
                    for t, sents in zip(todo, self.kiwi.split_into_sents(todo, return_tokens=True), strict=True)]

        return kept("sentences", texts, work, sentence_plain, sentence_from_plain)

    def analysed(self, texts: Sequence[str]) -> list[list[Sentence]]:
        """The sentences of each text as Kiwi reads them, the surface never consulted (for the test that
        the surface reading agrees with the analyzer)."""
        return self._read(texts)

    def _sentence(self, text: str, sent: Any) -> Sentence:
        tokens = sent.tokens
        found = _final(tokens)
        ending = None
        quoted = False
        if found is not None:
            i, yo, terminal = found
            tok = tokens[i]
            judged = classify(tok.form, tok.tag, yo=yo, terminal=terminal)
            if judged is not None:
                register, mood = judged
                last = tokens[i + 1] if yo else tok
                start = tok.start
                word: list[Any] = []
                for t in reversed(tokens[:i + 1]):  # the word holding the ending: back to a space or a symbol
                    if _is_trailing(t.tag) or t.end < start:  # a gap: the word before
                        break
                    word.append(t)
                    start = t.start
                word.reverse()
                if yo:
                    word.append(last)
                morphs = tuple((t.form, t.tag, t.start - start, t.end - start) for t in word)
                ending = Ending(text[start:last.end], start, display_form(tok.form + ("요" if yo else "")),
                                register, mood, morphs)
                quoted = _quoted(text[sent.start:start]) or _glued(text, sent.end)
        return Sentence(sent.text, sent.start, sent.end, ending, quoted)

    def refine(self, sentence: Sentence) -> Sentence:
        """``sentence`` with its ending's morphemes from Kiwi, when the surface read it (a slip is about to be
        reported and its last word rewritten): the word alone is ambiguous (``높입니다`` alone reads as the
        noun 높이 + 입니다; in ``속도를 높입니다`` it is the verb 높이다)."""
        e = sentence.ending
        if e is None or e.morphs:
            return sentence
        for s in reversed(self.analysed([sentence.text])[0]):
            if s.ending is not None and s.ending.word == e.word:
                return replace(sentence, ending=replace(e, morphs=s.ending.morphs))
        return sentence

    # -- rewriting --------------------------------------------------------------------------------

    def _stem(self, ending: Ending) -> tuple[str, list[tuple[str, str]]]:
        """The word's text up to its last content morpheme, and the morphemes from there to the final
        ending (excluded, with the polite 요): only that tail is joined again, so the word keeps its own
        spacing (Kiwi joins ``내리`` + ``어`` + ``받`` as ``내려 받``)."""
        morphs = list(ending.morphs)
        if not morphs:  # a sentence the surface settled: its last word analysed now
            morphs = kept("tokens", [ending.word],
                          lambda words: [[(t.form, t.tag, t.start, t.end) for t in self.kiwi.tokenize(w)] for w in words],
                          lambda value: value, lambda data: [tuple(m) for m in data])[0]  # type: ignore[union-attr]
        if morphs and morphs[-1][:2] == ("요", "JX"):
            morphs.pop()
        if morphs and morphs[-1][1].startswith("E"):
            morphs.pop()
        k = len(morphs) - 1
        while k > 0 and morphs[k][1] == "EP":
            k -= 1
        while k > 0 and morphs[k - 1][3] > morphs[k][2]:  # it shares a syllable with the one before
            k -= 1
        if k < 0:
            return "", []
        return ending.word[:morphs[k][2]], [(m[0], m[1]) for m in morphs[k:]]

    def _join(self, prefix: str, morphs: list[tuple[str, str]]) -> str | None:
        joined = kept("join", [json.dumps(morphs, ensure_ascii=False)],
                      lambda keys: [self._joined(json.loads(k)) for k in keys], lambda v: v, lambda d: d)[0]
        return None if joined is None else prefix + joined

    def _joined(self, morphs: list[list[str]]) -> str | None:
        try:
            return str(self.kiwi.join([tuple(m) for m in morphs]))
        except Exception:  # noqa: BLE001 - a morpheme Kiwi cannot join back: no suggestion
            return None

    def rewrite(self, ending: Ending, register: str, mood: Mood | None = None) -> str | None:
        mood = mood or ending.mood
        prefix, stem = self._stem(ending)
        if not stem or stem[-1][1].startswith("E") and stem[-1][1] != "EP":
            return None
        verb = stem[-1][1].startswith(("VV", "XSV", "VX"))
        new = _ENDINGS.get((register, mood))
        if register == HANDA and mood is Mood.STATEMENT:
            new = "ᆫ다" if verb else "다"
        elif register == HANDA and mood is Mood.QUESTION:
            new = "는가" if verb else "ᆫ가"
        if new is None:
            return None
        if new == "어요" and stem[-1][1] in ("VCP", "VCN"):
            new = "에요"  # 모델이에요, 아니에요 (Kiwi joins 이 + 어요 as the old 이어요)
        if (register, mood) == (HAPNIDA, Mood.COMMAND) and ("시", "EP") not in stem:
            stem.append(("시", "EP"))  # 보 + 시 + ㅂ시오: 보십시오
        return self._join(prefix, [*stem, (new, "EF")])

    def noun_form(self, ending: Ending) -> str | None:
        prefix, stem = self._stem(ending)
        stem = [m for m in stem if m[1] != "EP"]
        if not stem or not stem[-1][1].startswith(("VV", "VA", "XSV", "XSA", "VX", "VCP")):
            return None
        if stem[-1][1] == "VCP":  # "... 모델입니다" -> "... 모델"
            stem.pop()
            return self._join(prefix, stem) if stem or prefix else None
        return self._join(prefix, [*stem, ("기", "ETN")])


_ENDINGS: dict[tuple[str, Mood], str] = {
    (HAPNIDA, Mood.STATEMENT): "ᆸ니다",
    (HAPNIDA, Mood.QUESTION): "ᆸ니까",
    (HAPNIDA, Mood.COMMAND): "ᆸ시오",
    (HAPNIDA, Mood.PROPOSAL): "ᆸ시다",
    (HAEYO, Mood.STATEMENT): "어요",
    (HAEYO, Mood.QUESTION): "나요",
    (HAEYO, Mood.COMMAND): "세요",
    (HAEYO, Mood.PROPOSAL): "어요",
    (HANDA, Mood.COMMAND): "어라",
    (HANDA, Mood.PROPOSAL): "자",
    (HAE, Mood.STATEMENT): "어",
    (HAE, Mood.QUESTION): "어",
    (HAE, Mood.COMMAND): "어",
    (HAE, Mood.PROPOSAL): "자",
}
"""The ending a rewrite into a register and mood gets (Kiwi joins it to the stem: ``사용하`` + ``ᆸ니다``)."""
