"""The CLI's next steps, said in the web page's words.

Every error carries the hint the CLI prints (:func:`hfi18n.errors.human_message`): "pass --fork
OWNER/NAME", "export GITHUB_TOKEN=...". A translator on the page has no command line: a publish without a
fork told them to pass an option they could not type, and a missing token to export a variable on a
server they do not run. :func:`web_hint` rewrites each such phrase into the field of the page that does
the same thing; a hint with no page equivalent is left as the CLI says it.
"""

from __future__ import annotations

import re

FIELD_HINTS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), r) for p, r in (
    (r"pass --fork OWNER/NAME", "fill in “Your fork” (tab 4 · Write & publish)"),
    (r"pass --upstream OWNER/NAME", "fill in “Upstream” (tab 4 · Write & publish)"),
    (r"export it as GITHUB_TOKEN", "paste it into “GitHub token” at the top of the page"),
    (r"(export|set) GITHUB_TOKEN(=\.\.\.)?", "paste a token into “GitHub token” at the top of the page"),
    (r"GITHUB_TOKEN", "the token in “GitHub token”"),
    (r"set [A-Z_]+_API_KEY in the environment", "type the key into “API key” (tab 2 · Translate)"),
    (r"use --provider pseudo", "start the app with hfi18n serve --demo and choose the provider pseudo"),
    (r"(with|check) --model", r"\1 “Model” (tab 2 · Translate)"),
    (r"--base-url", "“Base URL” (tab 2 · Translate)"),
    (r"pass --no-llm to keep the English titles", "tick “keep English titles for new toctree sections”"),
    (r"pass --lang( with)?", "type into “Language” at the top of the page"),
    (r"hfi18n translate --lang \S+ ([^\s),;]+)", r"translate \1 in tab 2 · Translate"),
    (r"\(?hfi18n check --lang \S+ [^\s),;]+\)?", "(the findings are in tab 3 · Review)"),
    (r"pass --branch NAME", "publish from the command line with --branch NAME"),
))
"""CLI phrase -> the page's field, first match first (``GITHUB_TOKEN`` alone after ``export``)."""


def web_hint(hint: str | None) -> str | None:
    """``hint`` with every CLI option or variable the page has a field for named as that field."""
    if not hint:
        return hint
    for pattern, field in FIELD_HINTS:
        hint = pattern.sub(field, hint)
    return hint
