"""The community's i18n tag: ``🌐 [i18n-KO]`` heads every translation PR title and commit subject.

One place for what the tag looks like, how a language code in it compares with a language folder
(``[i18n-pt-BR]`` is the folder ``pt_BR``), and the words that say "translation": publish writes the tag,
``status`` reads it in open PR titles (:mod:`.status_pulls`) and in commit subjects (:mod:`.history`).
"""

from __future__ import annotations

import re

TAG_RE = re.compile(r"\[\s*i18n[-_ ]([A-Za-z]{2,3}(?:[-_][A-Za-z]{2,4})?)\s*\]", re.IGNORECASE)
"""A bracketed tag in a title; group 1 is the language code as written (``KO``, ``pt-BR``, ``zh_hans``)."""

TRANSLATE_WORDS_RE = re.compile(r"translat|번역|翻译|翻譯|翻訳|traduc|tradu[zç]|übersetz", re.IGNORECASE)
"""A word saying "translation" (English, Korean, Chinese, Japanese, Spanish/French/Portuguese, German)."""


def tag(lang: str) -> str:
    """``🌐 [i18n-KO]``: how a title or commit subject about ``lang`` starts."""
    return f"🌐 [i18n-{lang.upper()}]"


def lang_key(code: str) -> str:
    """A language code as tags and folders are compared: lower case, ``-`` for ``_`` (``pt_BR`` -> ``pt-br``)."""
    return code.lower().replace("_", "-")


def same_lang(code: str, folder: str) -> bool:
    """Does the code of a tag (``pt-BR``) name the language folder ``folder`` (``pt_BR``)?"""
    return lang_key(code) == lang_key(folder)


def subject_tag_re(lang: str) -> re.Pattern[str]:
    """The tag of ``lang`` anywhere in a lower-cased commit subject, bracketed or not (``i18n-ko: ...``)."""
    code = "[-_]".join(re.escape(part) for part in re.split(r"[-_]", lang.lower()))
    return re.compile(rf"i18n[-_ ]{code}\b")
