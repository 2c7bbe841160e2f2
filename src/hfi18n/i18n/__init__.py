"""hfi18n's own words, from gettext message catalogs a translator edits: ``t(key, lang, **fields)``.

A translation tool's own UI belongs in catalogs a translator can edit, not in Python (issue 33, item 17:
``web/ui_text.py`` held 663 lines of English and Korean dictionaries). The catalogs live beside this
module, in gettext's layout:

* ``locale/hfi18n.pot``: every message, once. ``msgctxt`` is its key (``status_btn``), ``msgid`` its
  English. The English is the source: a developer adds a message here;
* ``locale/<lang>/LC_MESSAGES/hfi18n.po``: a language, as a translator edits it (Poedit, Weblate, a text
  editor): ``msgstr`` is the translation of the ``msgid`` above it;
* ``locale/<lang>/LC_MESSAGES/hfi18n.mo``: the compiled catalogs read here (``en`` too, compiled from the
  template), committed and shipped as package data, so ``pip install .`` and ``pip install -e .`` both
  find them without a build step.

``python -m hfi18n.i18n update`` brings every ``.po`` up to the template (a new key untranslated, a key
whose English changed marked fuzzy with its old English shown), ``compile`` writes the ``.mo`` files,
``check`` lists what a language lacks (docs/web.md: "Translating the app"). Those need Babel (the
``test`` extra); reading the catalogs needs only the standard library's :mod:`gettext`.

A translation is looked up by its key *and* its English (``pgettext``): when the English of a key changes,
a translation made for the old English is never shown (the visitor reads the new English until a
translator confirms the new meaning), exactly as gettext treats a fuzzy entry.
"""

from __future__ import annotations

import functools
import gettext
import string
from collections.abc import Callable, Mapping
from pathlib import Path

DOMAIN = "hfi18n"
LOCALE_DIR = Path(__file__).with_name("locale")
"""The catalogs: ``hfi18n.pot`` and ``<lang>/LC_MESSAGES/hfi18n.{po,mo}``."""
SOURCE = "en"
"""The language of the template's ``msgid`` (every message exists in it)."""


class Lazy:
    """A field said in the language of the message it fills: ``t("err_sign_in", "ko",
    what=Msg("act_clone"))`` gives the Korean action inside the Korean sentence, the English one inside the
    English, from one set of fields (the Korean table used to need ``ko_what`` beside ``what``)."""

    __slots__ = ("render",)

    def __init__(self, render: Callable[[str], str]) -> None:
        self.render = render

    def __str__(self) -> str:
        return self.render(SOURCE)


def Msg(key: str, /, **fields: object) -> Lazy:  # noqa: N802 - reads as a value, like a class
    """The message ``key`` with ``fields``, said when the message it fills is (see :class:`Lazy`)."""
    return Lazy(lambda lang: t(key, lang, **fields))


@functools.cache
def _catalog(lang: str) -> gettext.NullTranslations | None:
    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    except OSError:  # no such language: the caller falls back to English
        return None


@functools.cache
def english() -> Mapping[str, str]:
    """Every key and its English (from the compiled template). ``_catalog`` is the only way the standard
    library lists a catalog's messages (Django's JavaScriptCatalog reads it the same way); its keys are
    ``context + "\\x04" + msgid``."""
    cat = _catalog(SOURCE)
    if cat is None:
        raise RuntimeError(f"the compiled English catalog is missing from {LOCALE_DIR} (run: python -m "
                           "hfi18n.i18n compile)")
    raw: dict[str, str] = getattr(cat, "_catalog", {})
    return {k.split("\x04", 1)[0]: v for k, v in raw.items() if "\x04" in k}


@functools.cache
def languages() -> tuple[str, ...]:
    """The languages shipped (a compiled catalog each), English first."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (SOURCE, *(lang for lang in found if lang != SOURCE))


def has(key: str) -> bool:
    """Whether ``key`` is a message of the catalogs."""
    return key in english()


def text(key: str, lang: str = SOURCE) -> str:
    """The unfilled message ``key`` in ``lang``: its translation for today's English, else the English
    (a language not shipped, a key not translated yet, or translated for an English that has changed).
    An unknown key raises :class:`KeyError`."""
    source = english()[key]
    if lang == SOURCE:
        return source
    cat = _catalog(lang)
    return cat.pgettext(key, source) if cat is not None else source


def fields_of(template: str) -> set[str]:
    """The ``{name}`` fields of a message (``{n:,}`` is ``n``)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def t(key: str, lang: str = SOURCE, /, **fields: object) -> str:
    """The message ``key`` in ``lang`` with its ``{name}`` fields filled from ``fields`` (a :class:`Lazy`
    field is said in ``lang`` too). Unknown keys raise :class:`KeyError`; the caller escapes what it puts in
    HTML or Markdown. A translation that cannot be filled (a field it names that the English lacks: the
    catalog test keeps them equal) falls back to the English. ``key`` and ``lang`` are positional only,
    so a field may be called anything."""
    template = text(key, lang)
    if not fields and "{" not in template:
        return template
    values = {k: v.render(lang) if isinstance(v, Lazy) else v for k, v in fields.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        if lang == SOURCE:
            raise
        return t(key, SOURCE, **fields)


def table(lang: str) -> dict[str, str]:
    """Every message in ``lang`` (English where it has none), unfilled: what Gradio's ``gr.I18n`` takes for
    the words it translates in the browser."""
    return {key: text(key, lang) for key in english()}


__all__ = ["DOMAIN", "LOCALE_DIR", "Lazy", "Msg", "english", "fields_of", "has", "languages", "t", "table", "text"]
