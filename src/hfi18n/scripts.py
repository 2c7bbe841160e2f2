"""Writing systems and model leftovers: facts about text shared by translation validation and check.

Which script a language is written in and how much of a text uses it, whether prose reads as untranslated
English, and the traces a language model leaves (chatter before an answer, leaked placeholder tokens).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

LEAK_RE = re.compile(r"⟦\d+⟧|\$?hf_i18n_placeholder\d*|<ph\d+\s*/?>|\bPLACEHOLDER_\d+\b|__PH\d+__")
CHATTER_RE = re.compile(
    r"^\s*(here is|here's|sure[,!]|certainly[,!]|below is|i have translated|the translation|translation:|"
    r"translated text|다음은.{0,20}번역|번역(된|한)? (결과|내용|텍스트|문서)(입니다|는)|以下是|这是.{0,10}翻译|"
    r"以下は.{0,10}翻訳)",
    re.IGNORECASE,
)
_EN_STOP = {"the", "and", "of", "to", "is", "in", "for", "with", "you", "this", "that", "are", "can", "it"}
MIN_LETTERS = 30
"""Paragraphs with fewer letters are not judged for language (names, short labels)."""


_SCRIPT_NAMES = {  # first word(s) of a letter's Unicode name -> its script
    "HANGUL": "Hangul", "HIRAGANA": "kana", "KATAKANA": "kana", "CJK": "Han", "CYRILLIC": "Cyrillic",
    "ARABIC": "Arabic", "DEVANAGARI": "Devanagari", "TAMIL": "Tamil", "ORIYA": "Oriya", "THAI": "Thai",
    "GREEK": "Greek", "HEBREW": "Hebrew", "LATIN": "Latin", "TELUGU": "Telugu", "BENGALI": "Bengali",
}
_TARGET_SCRIPTS = {
    "ko": {"Hangul"}, "zh": {"Han"}, "cn": {"Han"}, "ja": {"kana", "Han"}, "hi": {"Devanagari"},
    "ta": {"Tamil"}, "or": {"Oriya"}, "ru": {"Cyrillic"}, "uk": {"Cyrillic"}, "ar": {"Arabic"},
    "th": {"Thai"}, "tm": {"Tamil"}, "te": {"Telugu"}, "bn": {"Bengali"}, "he": {"Hebrew"}, "fa": {"Arabic"},
}
"""The scripts each non-Latin language is written in (a language not listed is written in Latin)."""
MIN_FOREIGN = 4
"""Fewer letters of another script than this never make an answer "in the wrong script"."""


def target_scripts(lang: str) -> set[str] | None:
    """The scripts ``lang`` (``ko``, ``zh-hans``, ``pt_BR``) is written in; None for a Latin-script language."""
    return _TARGET_SCRIPTS.get(lang.replace("_", "-").split("-")[0].lower())


def script_ratio(text: str, lang: str) -> float | None:
    """Share of letters in ``text`` written in ``lang``'s script; None for Latin-script languages."""
    target = target_scripts(lang)
    if target is None:
        return None
    letters = hits = 0
    for ch in text:
        if ch.isalpha():
            letters += 1
            if script_of(ch) in target:
                hits += 1
    return hits / letters if letters else 1.0


@lru_cache(maxsize=1 << 16)
def script_of(ch: str) -> str:
    """The script of letter ``ch`` (``Hangul``, ``kana``, ``Han``, ``Latin``...; ``other`` if unknown).

    Kept per letter: a review of a 3,000-paragraph doc asked it 227,000 times (its Unicode name looked up and
    split each time) for a few hundred different letters."""
    name = unicodedata.name(ch, "")
    first = name.split(" ", 1)[0]
    if first in _SCRIPT_NAMES:
        return _SCRIPT_NAMES[first]
    if name.startswith(("HALFWIDTH KATAKANA", "KATAKANA-HIRAGANA")):
        return "kana"
    return "other"


def script_counts(text: str) -> dict[str, int]:
    """Letters of ``text`` per script."""
    counts: dict[str, int] = {}
    for ch in text:
        if ch.isalpha():
            script = script_of(ch)
            counts[script] = counts.get(script, 0) + 1
    return counts


def wrong_script(answer: str, source: str, lang: str) -> str | None:
    """The script an answer is mostly written in when it is not ``lang``'s (None when it is fine).

    Letters of Latin script (English terms, code names) never count against a non-Latin target, nor do
    letters of a script the source already had. An answer is in the wrong script when its letters in
    other scripts outnumber the target's: kana or Han for ``ko``, Hangul for ``ja``, Hangul or kana for
    ``zh``, and any non-Latin script for a Latin-script language.
    """
    target = target_scripts(lang) or {"Latin"}
    got, had = script_counts(answer), script_counts(source)
    allowed = target | {"Latin", "other"}
    foreign = {s: n - had.get(s, 0) for s, n in got.items() if s not in allowed and n > had.get(s, 0)}
    if not foreign:
        return None
    worst, n = max(foreign.items(), key=lambda kv: kv[1])
    mine = sum(got.get(s, 0) for s in target)
    if sum(foreign.values()) >= MIN_FOREIGN and sum(foreign.values()) > mine:
        return worst
    return None


_TOLERATED = {"Latin", "other", "Greek"}
"""Scripts whose letters never make an answer "in a foreign script" by themselves: code names, math."""
_MINORITY = {"ko": {"Han"}}
"""Scripts a language uses beside its own, as a minority (hanja glosses in Korean): judged by
:func:`wrong_script` (they must not outnumber the target's letters), not refused letter by letter."""


def foreign_letters(answer: str, source: str, lang: str) -> dict[str, int]:
    """Letters of ``answer`` per script that ``lang`` never uses and ``source`` did not have.

    Any one of them refuses a translation however short it is: ``タボ:`` for ``Tips:`` in Korean has two
    katakana letters, below the :data:`MIN_FOREIGN` that :func:`wrong_script` needs (issue 23)."""
    base = lang.replace("_", "-").split("-")[0].lower()
    allowed = (target_scripts(lang) or {"Latin"}) | _TOLERATED | _MINORITY.get(base, set())
    got, had = script_counts(answer), script_counts(source)
    return {s: n - had.get(s, 0) for s, n in got.items() if s not in allowed and n > had.get(s, 0)}


def looks_english(text: str, lang: str) -> bool:
    """True if prose ``text`` (placeholders removed) reads as untranslated English for ``lang``."""
    letters = sum(ch.isalpha() for ch in text)
    if letters < MIN_LETTERS:
        return False
    ratio = script_ratio(text, lang)
    if ratio is not None:
        return ratio < 0.05
    words = re.findall(r"[a-z]+", text.lower())
    return len(words) >= 8 and sum(w in _EN_STOP for w in words) / len(words) > 0.2
