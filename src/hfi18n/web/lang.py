"""The web page's language: the visitor's, for the words the server builds; every word from the message
catalogs of :mod:`hfi18n.i18n` (``t(key, lang, **fields)``).

A tool for translators should speak their language (issue 26): the page follows the browser's language
(``navigator.language``; Gradio picks the table for ``ko`` or ``ko-KR``, English otherwise). Gradio
translates the page's own words in the browser (:data:`I18N`: labels, buttons, tabs, the filter's
choices and the first text of each box). What a handler returns (the status tables, the review table, the
write, toctree and PR notes) is built on the server, in the language of the request's
``Accept-Language`` (:func:`request_lang`). Data stays as it is: doc names, code, rule ids and the
library's check messages.
"""

from __future__ import annotations

import gradio as gr

from ..i18n import has, languages, t, table
from .hints import web_hint

I18N = gr.I18n(**{lang: table(lang) for lang in languages()})
"""Passed to ``launch`` by :func:`.app.build_app`; ``I18N("key")`` stands for a word in the page."""


def request_lang(request: object) -> str:
    """The language of the visitor's browser, for the words the server builds: the first shipped language
    in the request's ``Accept-Language`` (by ``q``, then order: ``fr, ko;q=0.5`` is ``ko``), else ``en``.
    Gradio translates only what the page is built with, in the browser (``navigator.language``); the
    status and review tables are built here, and a Korean browser got them in English (issue 26).
    ``request`` is a ``gr.Request`` or ``None`` (a script calling a handler: English, as before)."""
    headers = getattr(request, "headers", None)
    header = str((headers.get("accept-language") if headers is not None else None) or "")
    shipped = languages()
    ranked = []
    for order, part in enumerate(header.split(",")[:32]):  # a browser sends a few; a hostile header, thousands
        tag, *params = part.strip().split(";")
        q = 1.0
        for param in params:
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        primary = tag.strip().split("-")[0].lower()
        if primary in shipped and q > 0:
            ranked.append((-q, order, primary))
    return min(ranked)[2] if ranked else "en"


def said(text: object, lang: str) -> str:
    """A line the library said (a :class:`hfi18n.repo.said.Said`, a progress event's ``message`` with its
    ``key`` and ``fields``, or plain English) in ``lang``: by its key when the catalogs have it, else the
    English, labelled as such for another language ("영어 원문: ..."), never a sentence that changes
    language half-way (issue 26)."""
    english = str(getattr(text, "message", text) or "")
    key = getattr(text, "key", "") or ""
    if lang == "en" or not english:
        return web_hint(english, "en") or ""  # the page's fields, never the CLI's flags (issue 33, item 10)
    if key and has(key):
        try:
            return t(key, lang, **getattr(text, "fields", {}))
        except (KeyError, IndexError, ValueError):  # a kind made without the fields its message needs
            pass
    return t("in_english", lang, text=english)
