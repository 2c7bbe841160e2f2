"""Link targets that run code when clicked (``javascript:``, ``vbscript:``, ``data:``), however written.

A translated doc can add ``[x](javascript:...)``, a ``data:`` URL or an ``<a href="vbscript:...">``, and
neither ``check`` nor review reported it (issue 25, item 5); doc-builder renders the page's HTML as it is.
A browser reads a URL after decoding HTML entities (``&#106;avascript:``) and dropping tabs, newlines and
leading control characters (``java\\tscript:``), so a target is judged in that form (and percent-decoded
too: a renderer may decode it before a browser sees it). One definition serves the check (an error in any
translated doc) and the preview (such links are rendered inert).
"""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import unquote

from .inert import code

UNSAFE_SCHEMES = ("javascript", "vbscript", "data")
"""Schemes whose link runs or shows content of the link's own making instead of going somewhere."""
_SAFE_DATA_IMAGE = re.compile(r"^data:image/(?:png|gif|jpeg|webp);", re.I)
"""An image's ``data:`` source that browsers only display (markdown-it's own rule): not a link."""
_INVISIBLE = re.compile(r"[\x00-\x20\x7f]")
_MD_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def browser_form(url: str) -> str:
    """``url`` as a browser resolves it: Markdown escapes and HTML entities decoded (twice: ``&amp;#106;``
    decoded once by a renderer, once by the browser), percent-decoded, tabs/newlines/controls dropped."""
    text = _MD_ESCAPE.sub(r"\1", url)
    for _ in range(2):
        text = unescape(text)
    return _INVISIBLE.sub("", unquote(text))


def unsafe_scheme(url: str, *, image: bool = False) -> str | None:
    """The unsafe scheme ``url`` uses (``javascript``, ``vbscript``, ``data``), else None. ``image``: the
    source of an image, for which ``data:image/png`` (gif, jpeg, webp) is only displayed."""
    form = browser_form(url)
    m = re.match(r"^([A-Za-z][A-Za-z0-9+.-]*):", form)
    if not m or m.group(1).lower() not in UNSAFE_SCHEMES:
        return None
    if image and _SAFE_DATA_IMAGE.match(form):
        return None
    return m.group(1).lower()


def quoted_target(url: str, limit: int = 100) -> str:
    """A link target as a finding quotes it: one line, cut at ``limit``, in a code span no backtick of it
    can close. Bare, ``review`` would post a hostile URL as a live link in hfi18n's own PR comment."""
    text = _INVISIBLE.sub(" ", url).strip()
    return code(text[:limit] + ("…" if len(text) > limit else ""))


_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
_MD_LINK = re.compile(r"(!?)\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]\(\s*(<[^>\n]*>|(?:[^()\s]|\([^()\s]*\))+)")
_MD_DEFINITION = re.compile(r"^ {0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)", re.M)
_HTML_ATTR = re.compile(r"<([A-Za-z][\w:-]*)\b[^<>]*?\s(href|src|action|formaction|xlink:href|poster|data)\s*=\s*"
                        r"(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'<>`]+))", re.I | re.S)


def link_destinations(text: str) -> list[tuple[int, str, bool]]:
    """``(offset, target, is_image)`` of every link target in Markdown/HTML ``text`` (code spans skipped):
    ``[x](target)``, ``![x](target)``, ``[x]: target`` and the URL attributes of HTML tags."""
    text = _CODE_SPAN.sub(lambda m: " " * len(m.group(0)), text)
    found = [(m.start(2), m.group(2).strip("<>"), m.group(1) == "!") for m in _MD_LINK.finditer(text)]
    found += [(m.start(1), m.group(1).strip("<>"), False) for m in _MD_DEFINITION.finditer(text)]
    for m in _HTML_ATTR.finditer(text):
        value = next(g for g in (m.group(3), m.group(4), m.group(5)) if g is not None)
        image = m.group(1).lower() in ("img", "source", "picture") and m.group(2).lower() == "src"
        found.append((m.start(2), value, image))
    return sorted(found)
