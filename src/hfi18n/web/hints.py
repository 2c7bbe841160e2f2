"""The CLI's next steps, said in the web page's words.

Every error carries the hint the CLI prints (:func:`hfi18n.errors.human_message`): "pass --fork
OWNER/NAME", "export GITHUB_TOKEN=...". A translator on the page has no command line: a publish without a
fork told them to pass an option they could not type, and a missing token to export a variable on a
server they do not run. :func:`web_hint` rewrites each such phrase into the field of the page that does
the same thing, in the browser's language (the field's words are in :mod:`.ui_text`; the rest of the
hint is the library's and stays as it is); a hint with no page equivalent is left as the CLI says it.
"""

from __future__ import annotations

import re

from .ui_text import word

FIELD_HINTS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), key) for p, key in (
    (r"pass --fork OWNER/NAME", "hint_fork"),
    (r"pass --upstream OWNER/NAME", "hint_upstream"),
    (r"export it as GITHUB_TOKEN", "hint_paste_it"),
    (r"(export|set) GITHUB_TOKEN(=\.\.\.)?", "hint_paste_token"),
    (r"GITHUB_TOKEN", "hint_token"),
    (r"set [A-Z_]+_API_KEY in the environment", "hint_api_key"),
    (r"use --provider pseudo", "hint_demo"),
    (r"(?P<verb>with|check) --model", "hint_model"),
    (r"--base-url", "hint_base_url"),
    (r"pass --no-llm to keep the English titles", "hint_no_llm"),
    (r"pass --lang( with)?", "hint_lang"),
    (r"hfi18n translate --lang \S+ (?P<doc>[^\s),;]+)", "hint_translate"),
    (r"\(?hfi18n check --lang \S+ [^\s),;]+\)?", "hint_check"),
    (r"pass --branch NAME", "hint_branch"),
))
"""CLI phrase -> the :mod:`.ui_text` key of the page's field, first match first (``GITHUB_TOKEN`` alone
after ``export``); a named group of the phrase fills the field of the same name (the doc, the verb)."""


def web_hint(hint: str | None, lang: str = "en") -> str | None:
    """``hint`` with every CLI option or variable the page has a field for named as that field, in
    ``lang``'s words (English for a script or another language)."""
    if not hint:
        return hint
    for pattern, key in FIELD_HINTS:
        hint = pattern.sub(lambda m, key=key: word(key, lang, **m.groupdict()), hint)
    return hint
