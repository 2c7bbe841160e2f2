"""Keeping the message catalogs in step (needs Babel, the ``test`` extra): ``python -m hfi18n.i18n
{update,compile,check,init LANG}``.

* ``update``: every ``<lang>/LC_MESSAGES/hfi18n.po`` gets the template's keys, in its order: a new key
  untranslated, a key whose English changed keeps its old translation marked ``fuzzy`` with the old English
  beside it (``#| msgid``), so the translator sees what moved; a key gone from the template is dropped.
  Matching is by key (``msgctxt``) only: Babel's own fuzzy matching by similar English could hand one
  message's translation to another;
* ``compile``: the ``.mo`` files read at run time (English from the template), fuzzy entries left out;
* ``check``: per language, the keys untranslated, fuzzy, or whose ``{fields}`` differ from the English
  (a field the English lacks would fail at run time; one dropped loses a value). Exit 1 when any;
* ``init LANG``: a new language's ``.po``, every key untranslated.

The test suite runs :func:`problems` and :func:`stale` for every shipped language (tests/test_i18n.py).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from . import DOMAIN, LOCALE_DIR, SOURCE, fields_of

TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
BRACE = "python-brace-format"
"""The gettext flag of a message with ``{name}`` fields (msgfmt and Poedit check them)."""


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def translated() -> list[str]:
    """The languages with a ``.po`` (English is the template itself)."""
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def write(path: Path, catalog: Catalog) -> None:
    """Write a ``.po``/``.pot`` unwrapped (one line per message: a changed word is a one-line diff), atomically."""
    buf = io.BytesIO()
    write_po(buf, catalog, width=0, no_location=True, include_previous=True, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(buf.getvalue())
    tmp.replace(path)


def template() -> Catalog:
    return read(TEMPLATE)


def _by_key(catalog: Catalog) -> dict[str, Message]:
    return {m.context: m for m in catalog if m.id and m.context}


def updated(old: Catalog, tmpl: Catalog) -> Catalog:
    """``old`` (a language) brought up to ``tmpl`` by key (see the module docstring)."""
    known = _by_key(old)
    new = Catalog(locale=old.locale, domain=DOMAIN, header_comment=old.header_comment, project=old.project,
                  version=old.version, copyright_holder=old.copyright_holder, msgid_bugs_address=old.msgid_bugs_address,
                  last_translator=old.last_translator, language_team=old.language_team, fuzzy=False)
    new.creation_date, new.revision_date = old.creation_date, old.revision_date
    for m in tmpl:
        if not m.id:
            continue
        flags = {f for f in m.flags if f != "fuzzy"}
        was = known.get(m.context)
        string, previous = "", ()
        if was is not None and was.string:
            string = was.string
            if was.id != m.id:  # the English changed: the old translation is a hint, not a translation
                flags.add("fuzzy")
                previous = (was.previous_id or (was.id,)) if "fuzzy" in was.flags else (was.id,)
            elif "fuzzy" in was.flags:
                flags.add("fuzzy")
                previous = tuple(was.previous_id or ())
        new.add(m.id, string, context=m.context, auto_comments=m.auto_comments,
                user_comments=was.user_comments if was is not None else (), flags=flags, previous_id=previous)
    return new


def update() -> list[str]:
    """Bring every language's ``.po`` up to the template; returns the languages written."""
    tmpl = template()
    for lang in translated():
        write(po_path(lang), updated(read(po_path(lang), lang), tmpl))
    return translated()


def init(lang: str) -> Path:
    """A new language's ``.po`` with every key of the template, untranslated."""
    path = po_path(lang)
    if path.exists():
        raise SystemExit(f"{path} exists already: run `python -m hfi18n.i18n update` to bring it up to date")
    empty = Catalog(locale=lang, domain=DOMAIN, project="hfi18n", fuzzy=False)
    write(path, updated(empty, template()))
    return path


def english_catalog(tmpl: Catalog) -> Catalog:
    """The template as the English catalog: each message its own translation."""
    cat = Catalog(locale=SOURCE, domain=DOMAIN, project="hfi18n", fuzzy=False)
    for m in tmpl:
        if m.id:
            cat.add(m.id, m.id, context=m.context)
    return cat


def compiled(lang: str) -> Catalog:
    """What ``lang``'s ``.mo`` must hold."""
    return english_catalog(template()) if lang == SOURCE else read(po_path(lang), lang)


def compile_all() -> list[Path]:
    """Write the ``.mo`` of English and of every language; returns the paths written."""
    out = []
    for lang in (SOURCE, *translated()):
        buf = io.BytesIO()
        write_mo(buf, compiled(lang), use_fuzzy=False)
        path = mo_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(buf.getvalue())
        out.append(path)
    return out


def _messages(catalog: Catalog, *, use_fuzzy: bool = False) -> dict[tuple[str | None, str], str]:
    return {(m.context, m.id): m.string for m in catalog
            if m.id and m.string and (use_fuzzy or "fuzzy" not in m.flags)}


def stale(lang: str) -> bool:
    """Whether ``lang``'s committed ``.mo`` differs from what its ``.po`` (or the template) compiles to
    (compared message by message: Babel writes its own version into the header)."""
    path = mo_path(lang)
    if not path.exists():
        return True
    with path.open("rb") as f:
        shipped = _messages(read_mo(f))
    return shipped != _messages(compiled(lang))


def problems(lang: str) -> list[str]:
    """What ``lang``'s ``.po`` lacks against the template, one line each (empty: complete)."""
    tmpl = _by_key(template())
    have = _by_key(read(po_path(lang), lang))
    out = []
    for key, m in tmpl.items():
        was = have.get(key)
        if was is None:
            out.append(f"{key}: missing (run: python -m hfi18n.i18n update)")
        elif not was.string:
            out.append(f"{key}: not translated")
        elif "fuzzy" in was.flags or was.id != m.id:
            out.append(f"{key}: fuzzy (the English changed: check the translation, then remove the fuzzy flag)")
        elif fields_of(was.string) != fields_of(m.id):
            out.append(f"{key}: fields {sorted(fields_of(was.string))} differ from the English's "
                       f"{sorted(fields_of(m.id))}")
        if BRACE not in m.flags and fields_of(m.id):
            out.append(f"{key}: the template lacks the {BRACE} flag")
    out += [f"{key}: not in the template (run: python -m hfi18n.i18n update)" for key in have.keys() - tmpl.keys()]
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else ""
    if command == "update":
        print("updated:", ", ".join(update()) or "no language")
        return 0
    if command == "compile":
        for path in compile_all():
            print(f"compiled {path.relative_to(LOCALE_DIR)}")
        return 0
    if command == "init" and len(args) == 2:
        print(f"created {init(args[1])}: translate its msgstr lines, then run `python -m hfi18n.i18n compile`")
        return 0
    if command == "check":
        bad = 0
        for lang in translated():
            found = problems(lang) + ([f"{mo_path(lang).name}: stale (run: python -m hfi18n.i18n compile)"]
                                      if stale(lang) else [])
            bad += len(found)
            print(f"{lang}: {'complete' if not found else f'{len(found)} problem(s)'}")
            for line in found:
                print(f"  {line}")
        if stale(SOURCE):
            bad += 1
            print("en: the compiled template is stale (run: python -m hfi18n.i18n compile)")
        return 1 if bad else 0
    print("usage: python -m hfi18n.i18n {update|compile|check|init LANG}", file=sys.stderr)
    return 2
