"""Languages of doc-builder docs: one table used by prompts, PR titles and history.

Keys are the language folder names found under ``docs/source`` (``cn`` and ``tm`` are spellings some
repos use for Chinese and Tamil).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(slots=True, frozen=True)
class Language:
    code: str
    """Folder name under ``docs/source``."""
    name: str
    """English name, as in PR titles (``to Korean``)."""
    prompt_name: str
    """Name given to the translator model (``Simplified Chinese``)."""
    native: tuple[str, ...] = ()
    """Native names, to recognise commit subjects written in the language."""


def _lang(code: str, name: str, native: tuple[str, ...] = (), prompt_name: str | None = None) -> Language:
    return Language(code, name, prompt_name or name, native)


LANGUAGES: dict[str, Language] = {
    lang.code: lang
    for lang in (
        _lang("ko", "Korean", ("한국어",)),
        _lang("zh", "Chinese", ("中文",), "Simplified Chinese"),
        _lang("cn", "Chinese", ("中文",), "Simplified Chinese"),
        _lang("zh-hans", "Chinese", ("中文",), "Simplified Chinese"),
        _lang("zh-hant", "Chinese", ("中文",), "Traditional Chinese"),
        _lang("ja", "Japanese", ("日本語",)),
        _lang("pt", "Portuguese", ("português",)),
        _lang("de", "German", ("deutsch",)),
        _lang("fr", "French", ("français",)),
        _lang("es", "Spanish", ("español",)),
        _lang("it", "Italian", ("italiano",)),
        _lang("hi", "Hindi", ("हिन्दी",)),
        _lang("ta", "Tamil", ("தமிழ்",)),
        _lang("tm", "Tamil", ("தமிழ்",)),
        _lang("te", "Telugu", ("తెలుగు",)),
        _lang("or", "Odia", ("oriya", "ଓଡ଼ିଆ")),
        _lang("bn", "Bengali", ("বাংলা",)),
        _lang("ru", "Russian", ("русский",)),
        _lang("uk", "Ukrainian", ("українська",)),
        _lang("pl", "Polish", ("polski",)),
        _lang("tr", "Turkish", ("türkçe",)),
        _lang("ar", "Arabic", ("العربية",)),
        _lang("he", "Hebrew", ("עברית",)),
        _lang("fa", "Persian", ("فارسی",)),
        _lang("vi", "Vietnamese", ("tiếng việt",)),
        _lang("id", "Indonesian", ("bahasa indonesia",)),
        _lang("th", "Thai", ("ไทย",)),
    )
}


def language(code: str) -> Language:
    """The language of folder ``code``; an unknown code names itself."""
    return LANGUAGES.get(code.lower(), Language(code, code, code))


COUNTRY_CODES = {"kr": "ko", "jp": "ja", "cn": "zh", "tw": "zh-hant", "br": "pt", "ua": "uk", "ir": "fa",
                 "il": "he", "vn": "vi", "in": "hi", "gr": "el", "dk": "da", "se": "sv", "cz": "cs", "kz": "kk"}
"""Country codes typed for the language of the country (``kr`` for Korean, ``jp`` for Japanese)."""


def suggest(code: str, here: Iterable[str] = ()) -> str | None:
    """The language folder ``code`` was most likely meant to be, or ``None``.

    ``translate --lang kr`` silently made ``docs/source/kr``: ``kr`` is Korea, the language is ``ko``.
    A country code maps to its language; else the closest of the folders ``here`` and the codes this
    table knows, folders of the repository first."""
    low = code.lower()
    here = [h for h in here if h.lower() != low]
    if low in COUNTRY_CODES:
        meant = COUNTRY_CODES[low]
        return next((h for h in here if h.lower() == meant), meant)
    for pool in (here, [c for c in LANGUAGES if c not in here and c != low]):
        close = difflib.get_close_matches(low, [p.lower() for p in pool], n=1, cutoff=0.5)
        if close:
            return next(p for p in pool if p.lower() == close[0])
    return None
