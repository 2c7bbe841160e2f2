"""Errors and the CLI's next steps, said in the web page's words and the visitor's language.

Every error carries the hint the CLI prints (:func:`hfi18n.errors.human_message`): "pass --fork
OWNER/NAME", "export GITHUB_TOKEN=...". A translator on the page has no command line: a publish without a
fork told them to pass an option they could not type, and a missing token to export a variable on a
server they do not run. :func:`web_hint` rewrites each such phrase into the field of the page that does
the same thing; a hint with no page equivalent is left as the CLI says it.

:func:`error_text` says an error in the visitor's language (issue 26). Field names put into the English
hint made one sentence of two languages for a Korean browser ("“내 포크” 칸을 채우세요 (4 · 쓰기와 게시 탭) or set
github.fork in hfi18n.toml"). Now:

* the web app's own errors (no doc picked, no repository, a clone that failed, too many calls, too large,
  not signed in, no fork, ...) are raised with :func:`web_error` (or marked with :func:`say`): their
  words are messages of :mod:`hfi18n.i18n`, so every language gets the whole message and hint in its words,
  and English reads exactly as before (scripts and the tests match it);
* any other library error keeps its English detail inside a frame of the visitor's language: "요청을
  처리하지 못했습니다. 영어 원문: ...", then the page fields the hint names as sentences of their own
  (:func:`page_steps`), then the English hint, labelled as such.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import HfI18nError, human_message
from ..i18n import has, t

FIELD_HINTS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), key) for p, key in (
    (r"pass --fork OWNER/NAME", "hint_fork"),
    (r"pass --upstream OWNER/NAME", "hint_upstream"),
    (r"export it as GITHUB_TOKEN", "hint_paste_it"),
    (r"(export|set) GITHUB_TOKEN(=\.\.\.)?", "hint_paste_token"),
    (r"GITHUB_TOKEN", "hint_token"),
    (r"set [A-Z_]+_API_KEY in the environment", "hint_api_key"),
    (r"use --provider pseudo", "hint_demo"),
    (r"with --model", "hint_model_with"),
    (r"check --model", "hint_model_check"),
    (r"--base-url", "hint_base_url"),
    (r"pass --no-llm to keep the English titles", "hint_no_llm"),
    (r"pass --lang( with)?", "hint_lang"),
    (r"hfi18n translate --lang \S+ (?P<doc>[^\s),;]+)", "hint_translate"),
    (r"\(?hfi18n check --lang \S+ [^\s),;]+\)?", "hint_check"),
    (r"pass --branch NAME", "hint_branch"),
    (r"--allow-errors writes a marked draft", "hint_allow_errors"),
    (r"use a real provider \(--provider anthropic, openai or hf\)", "hint_real_provider"),
    (r"translate it with a real provider \(hfi18n translate --force --provider anthropic\|openai\|hf\)",
     "hint_force_real"),
    (r"hfi18n translate --update --lang \S+ [^\s),;]+", "hint_update_doc"),
))
"""CLI phrase -> the :mod:`hfi18n.i18n` key of the page's field, first match first (``GITHUB_TOKEN`` alone
after ``export``); a named group of the phrase fills the field of the same name (the doc)."""


def web_hint(hint: str | None, lang: str = "en") -> str | None:
    """``hint`` with every CLI option or variable the page has a field for named as that field, in
    ``lang``'s words (English for a script or another language)."""
    if not hint:
        return hint
    for pattern, key in FIELD_HINTS:
        hint = pattern.sub(lambda m, key=key: t(key, lang, **m.groupdict()), hint)
    return hint


def page_steps(hint: str | None, lang: str) -> list[str]:
    """The page fields ``hint``'s CLI phrases stand for, each a whole step in ``lang``'s words, in the order
    of :data:`FIELD_HINTS` (a phrase is taken by its first pattern only, as in :func:`web_hint`)."""
    steps: list[str] = []
    if not hint:
        return steps
    for pattern, key in FIELD_HINTS:
        def take(m: re.Match[str], key: str = key) -> str:
            steps.append(t(key, lang, **m.groupdict()))
            return "\0"
        hint = pattern.sub(take, hint)
    return list(dict.fromkeys(steps))


WORDS_ATTR = "_hfi18n_web_words"
"""Where :func:`say` keeps an error's message keys and fields (an attribute of the exception)."""


def say(exc: HfI18nError, key: str, /, *, hint_key: str | None = None, **fields: Any) -> HfI18nError:
    """Mark ``exc`` as a situation the page words itself: message ``err_<key>``, hint ``hint_key`` (default
    ``err_<key>_hint`` when the table has one), both filled with ``fields``. Its English stays the
    exception's own (the library's words, as the CLI prints them); returns ``exc``, to raise it."""
    hint = hint_key or (f"err_{key}_hint" if has(f"err_{key}_hint") else None)
    setattr(exc, WORDS_ATTR, (f"err_{key}", hint, fields))
    return exc


def web_error(cls: type[HfI18nError], key: str, /, *, hint_key: str | None = None, **fields: Any) -> HfI18nError:
    """An error of the web app's own, of class ``cls`` (its English from :mod:`hfi18n.i18n`), that each
    visitor reads in their language (see :func:`say`)."""
    hint = hint_key or (f"err_{key}_hint" if has(f"err_{key}_hint") else None)
    exc = cls(t(f"err_{key}", "en", **fields), hint=t(hint, "en", **fields) if hint else None)
    return say(exc, key, hint_key=hint, **fields)


def error_text(exc: BaseException, lang: str = "en") -> tuple[str, str | None]:
    """``(message, hint)`` of ``exc`` for a visitor reading ``lang``: a situation the page words itself
    (:func:`say`) wholly in ``lang``'s page words (English included: the library's English names CLI
    flags); any other error in English with the page's fields for the CLI's options, in a frame of
    ``lang`` when that is not English (its own steps first, then the English)."""
    message, hint = human_message(exc)
    said = getattr(exc, WORDS_ATTR, None)
    if said is not None:  # English too: the page's words, never the CLI's flags (issue 33, item 10)
        key, hint_key, fields = said
        return t(key, lang, **fields), t(hint_key, lang, **fields) if hint_key else None
    if lang == "en":
        return message, web_hint(hint, "en")
    steps = page_steps(hint, lang)
    english = web_hint(hint, "en")
    parts = [*steps, t("err_frame_hint", lang, hint=english)] if english else steps
    return t("err_frame", lang, message=message), ". ".join(p.rstrip(". ") for p in parts) or None
