"""Tag checks: every HTML/MDX tag of a translation against the English, and HTML prose left in English.

The English and the translation list their tags (:func:`hfi18n.doc.html.doc_tags`) with what must not
change: the name, open/close/self-closing form, and every attribute with its value, except prose values
(``alt``, ``title``, prose props such as a quiz's ``text``), which are translated. A changed attribute
name or value, a dropped ``/>``, a tag split in two or two tags merged all make the sequences differ.

``<Tip>`` is left to the components check (it may be written ``> [!TIP]``), and so are the other
doc-builder components whose only attribute is ``id`` (``<hfoption id="...">``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..doc import Document
from ..doc.html import TagInfo, doc_tags
from ..doc.markup import COMPONENTS
from ..doc.model import PLACEHOLDER_RE
from ..pair.diff import changes
from ..scripts import script_ratio, target_scripts
from .content import normalize_target
from .findings import ERROR, WARNING, Finding
from .structure import line_near

MAX_TAG_FINDINGS = 5
"""Per file; a page whose tags all moved gets a summary instead of one finding per tag."""
MAX_UNTRANSLATED = 10
_URL_ATTRS = frozenset({"href", "src", "srcset", "poster", "data", "action"})


def _compared(tags: list[TagInfo], lang: str) -> list[TagInfo]:
    out = []
    for t in tags:
        if t.name == "Tip":
            continue
        if t.name in COMPONENTS and all(n == "id" for n, _ in t.attrs):
            continue
        if lang and any(n.lower() in _URL_ATTRS and v for n, v in t.attrs):
            # a link to the translated page (/ko/ for /en/, no .md) is the same link
            attrs = tuple((n, normalize_target(v, lang) if n.lower() in _URL_ATTRS and v else v) for n, v in t.attrs)
            t = TagInfo(t.line, t.name, t.kind, attrs, t.source)
        out.append(t)
    return out


def _key(t: TagInfo) -> tuple[object, ...]:
    return (t.name, t.kind, t.attrs)


def _show(tags: list[TagInfo]) -> str:
    if not tags:
        return "nothing"
    shown = " ".join(_short(t.label()) for t in tags[:3])
    return shown + (f" (+{len(tags) - 3} more)" if len(tags) > 3 else "")


def _short(label: str) -> str:
    return label if len(label) <= 90 else label[:87] + "...>"


def _tags(doc: Document, lang: str) -> tuple[list[TagInfo], list[tuple[object, ...]]]:
    """The tags of a doc as compared, and their keys (once per doc and language)."""
    def make(d: Document) -> tuple[list[TagInfo], list[tuple[object, ...]]]:
        tags = _compared(doc_tags(d), lang)
        return tags, [_key(x) for x in tags]

    return doc.view(("check.html_tags", lang), make)


def check_html_tags(src: Document, tgt: Document, file: str, lang: str = "") -> Iterator[Finding]:
    """Tags of ``tgt`` that differ from the English ones (name, order, protected attribute values)."""
    s, s_keys = _tags(src, lang)
    t, t_keys = _tags(tgt, lang)
    if s_keys == t_keys:
        return
    ops = list(changes(s_keys, t_keys))
    t_lines = [x.line for x in t]
    for _tag, i1, i2, j1, j2 in ops[:MAX_TAG_FINDINGS]:
        english, here = s[i1:i2], t[j1:j2]
        en_line = english[0].line if english else (s[i1 - 1].line if 0 < i1 <= len(s) else 1)
        what = _attr_difference(english[0], here[0]) if len(english) == len(here) == 1 else None
        what = what or f"expected {_show(english)}, found {_show(here)}"
        yield Finding(file, line_near(t_lines, j1), "html-tags", ERROR,
                      f"HTML tags differ from the English (line {en_line}): {what}; keep every tag, attribute "
                      "name and value as in the English (only alt/title text and prose props are translated)")
    if len(ops) > MAX_TAG_FINDINGS:
        yield Finding(file, line_near(t_lines, ops[MAX_TAG_FINDINGS][3]), "html-tags", ERROR,
                      f"{len(ops) - MAX_TAG_FINDINGS} more place(s) where the HTML tags differ from the English")


def _attr_difference(en: TagInfo, here: TagInfo) -> str | None:
    """What differs between two versions of one tag, when it is its attributes."""
    if (en.name, en.kind) != (here.name, here.kind):
        return None
    a, b = dict(en.attrs), dict(here.attrs)
    for name, value in en.attrs:
        if name not in b:
            return f"<{en.name}> lost its {name} attribute"
        if b[name] != value:
            return f"<{en.name}> {name}={_clip(b[name])!r} here, {_clip(value)!r} in the English"
    extra = [n for n in b if n not in a]
    return f"<{en.name}> has attribute(s) the English does not: {', '.join(extra)}" if extra else None


def _clip(value: str | None) -> str:
    value = "…" if value is None else value
    return value if len(value) <= 70 else value[:67] + "..."


_WORD_RE = re.compile(r"\S*[^\W\d_]\S*")
"""A word with a letter (``dream-textures`` is one word: project names are not reported)."""


def check_html_untranslated(src: Document | None, tgt: Document, file: str, lang: str) -> Iterator[Finding]:
    """HTML text, prose attributes and prose props copied from the English unchanged (warnings).

    Only for languages with a script of their own; a single word (a product name) is not reported.
    """
    if target_scripts(lang) is None or src is None:
        return
    english = {seg.text for seg in src.segments() if seg.role}
    found = 0
    for seg in tgt.segments():
        if not seg.role or seg.text not in english:
            continue
        prose = PLACEHOLDER_RE.sub(" ", seg.text)
        if len(_WORD_RE.findall(prose)) < 2 or script_ratio(prose, lang):
            continue
        found += 1
        if found <= MAX_UNTRANSLATED:
            what = {"attr": "attribute text", "prop": "component text"}.get(seg.role, "HTML text")
            yield Finding(file, seg.line, "untranslated", WARNING, f"{what} still in English: {seg.text[:60]!r}",
                          translation=seg.text)
    if found > MAX_UNTRANSLATED:
        yield Finding(file, 0, "untranslated", WARNING,
                      f"{found - MAX_UNTRANSLATED} more HTML/component text(s) still in English")
