"""Writing systems and model leftovers: facts about text shared by translation validation and check.

Which script a language is written in and how much of a text uses it, whether prose reads as untranslated
English, and the traces a language model leaves (chatter before an answer, leaked placeholder tokens).
"""

from __future__ import annotations

import re
import unicodedata

LEAK_RE = re.compile(r"⟦\d+⟧|\$?hf_i18n_placeholder\d*|<ph\d+\s*/?>|\bPLACEHOLDER_\d+\b|__PH\d+__")
CHATTER_RE = re.compile(
    r"^\s*(here is|here's|sure[,!]|certainly[,!]|below is|i have translated|the translation|translation:|"
    r"translated text|다음은.{0,20}번역|번역(된|한)? (결과|내용|텍스트|문서)(입니다|는)|以下是|这是.{0,10}翻译|"
    r"以下は.{0,10}翻訳)",
    re.IGNORECASE,
)
_SCRIPTS = {
    "ko": ("HANGUL",),
    "zh": ("CJK",),
    "cn": ("CJK",),
    "ja": ("HIRAGANA", "KATAKANA", "CJK"),
    "hi": ("DEVANAGARI",),
    "ta": ("TAMIL",),
    "or": ("ORIYA",),
    "ru": ("CYRILLIC",),
    "ar": ("ARABIC",),
    "th": ("THAI",),
}
_EN_STOP = {"the", "and", "of", "to", "is", "in", "for", "with", "you", "this", "that", "are", "can", "it"}
MIN_LETTERS = 30
"""Paragraphs with fewer letters are not judged for language (names, short labels)."""


def script_ratio(text: str, lang: str) -> float | None:
    """Share of letters in ``text`` written in ``lang``'s script; None for Latin-script languages."""
    names = _SCRIPTS.get(lang)
    if names is None:
        return None
    letters = target = 0
    for ch in text:
        if ch.isalpha():
            letters += 1
            if unicodedata.name(ch, "").startswith(names):
                target += 1
    return target / letters if letters else 1.0


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
