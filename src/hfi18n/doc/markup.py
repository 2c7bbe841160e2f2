"""HTML and MDX tags as doc-builder (Svelte) reads them, over exact source offsets.

CommonMark ends an HTML block at the first blank line and reads indented lines as code; doc-builder
compiles the page with Svelte, where an element runs to its matching close tag and a tag's attributes
may span lines. This module is that reading:

- :func:`scan_tag` reads one tag (attributes on any number of lines; quoted, unquoted and ``{...}``
  values); :func:`iter_markup` walks a text and yields its tags, comments, code fences, code spans and
  ``{...}`` expressions; :func:`element_end` finds the close tag matching an open tag.
- :func:`region_end` tells whether a block-level line opens an HTML element whose content is HTML (a
  ``<div>``, ``<img>``, ``<details>``, a self-closing component such as ``<Question ... />``) and where
  the element ends; :func:`split_region` cuts its lines into HTML stretches and Markdown islands (a
  paragraph or code fence after a blank line inside ``<details>``), which stay Markdown.

What of a stretch is prose (segments) is :mod:`.html`'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .props import expression_end
from .syntax import FENCE_LINE_RE, TAG_NAME, closes_fence

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                  "source", "track", "wbr"})
"""Elements that never have a close tag."""
INLINE = frozenset({"a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "del", "dfn", "em", "i",
                    "ins", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time",
                    "u", "var", "wbr"})
"""Phrasing elements: inside a run of text they become placeholders of the text's segment."""
RAW_TEXT = frozenset({"pre", "script", "style", "textarea"})
"""Elements whose content is never prose to translate."""
RAW_TEXT_START_RE = re.compile(r"[ \t]*<(?:" + "|".join(sorted(RAW_TEXT)) + r")\b", re.IGNORECASE)
"""A line opening a :data:`RAW_TEXT` element (``match`` at the line's start)."""
MARKDOWN_CONTENT = frozenset({"hfoptions", "hfoption", "frameworkcontent", "pt", "tf"})
"""Lowercase doc-builder components whose content is Markdown (capitalised components are too)."""
WRAPPED = MARKDOWN_CONTENT | {"jax"}
"""Tags doc-builder's preprocessors rewrite before Markdown is read (``hfOptions.js``, ``frameworkcontent.js``):
each element's content is put between blank lines (``<hfoption id="pip">`` becomes ``<HfOption ...>``, a blank
line, the content, a blank line, ``</HfOption>``), so it is Markdown whether or not the source has blank lines
around it, and a line of these tags alone ends the paragraph before it (mdsvex's HTML block interrupts a
paragraph). smolagents es installation.md writes ``<hfoption id="venv">`` right above "Usando [`venv`]...:"
and its code: doc-builder renders a paragraph and a code block, as in the English with its blank lines."""
WRAPPED_LINE_RE = re.compile(r"(?:[ \t]*</?(?:" + "|".join(sorted(WRAPPED)) + r")(?:\s[^<>]*)?>)+[ \t]*\r?\n?")
"""A line of :data:`WRAPPED` tags alone (``fullmatch``), open or close, attributes on the line."""
COMPONENTS = MARKDOWN_CONTENT | frozenset({"Tip", "Youtube", "Question", "Added", "Changed", "Deprecated",
                                          "EditOnGithub", "PipelineTag", "DocNotebookDropdown"})
"""doc-builder's components known by name: a translation has the same sequence of them as the English
(``check``), and their open and close tags balance."""
PROSE_ATTRS = frozenset({"alt", "title", "aria-label", "placeholder"})
"""Attributes of HTML elements whose value is reader-facing prose."""
BLOCK_START = frozenset({
    "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
    "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
    "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
    "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup",
    "option", "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
    "title", "tr", "track", "ul"})
"""CommonMark's block-level tag names: such a tag at the start of a line ends a Markdown paragraph."""

_NAME_RE = re.compile(TAG_NAME)
_ATTR_NAME_RE = re.compile(r"[^\s\"'<>/=`{}]+")
_UNQUOTED_RE = re.compile(r"[^\s\"'=<>`]+")
_WS_RE = re.compile(r"\s*")
_SPECIAL_RE = re.compile(r"[<`{\n]")
_BLANK_LINE_RE = re.compile(r"\n[ \t]*\n")
MAX_TAG = 20_000
"""A tag longer than this (characters) is not read as a tag (runaway ``<`` in text)."""


@dataclass(slots=True, frozen=True)
class Attr:
    """One attribute: ``name`` (``""`` for a spread ``{...}``) and its value's offsets in the text."""

    name: str
    start: int
    value_start: int
    """Start of the value (after an opening quote; at ``{`` for an expression); -1 without a value."""
    value_end: int
    quote: str
    """``"``, ``'``, ``{`` (expression, braces included in the value), ``""`` (unquoted)."""


@dataclass(slots=True, frozen=True)
class Tag:
    """A tag at ``text[start:end]``."""

    name: str
    start: int
    end: int
    closing: bool = False
    selfclose: bool = False
    attrs: tuple[Attr, ...] = ()

    @property
    def void(self) -> bool:
        return self.name.lower() in VOID

    @property
    def component(self) -> bool:
        """An MDX component (``<Tip>``, ``<Question>``, ``<hfoption>``) rather than an HTML element."""
        return self.name[:1].isupper() or self.name in MARKDOWN_CONTENT

    @property
    def opens(self) -> bool:
        """An open tag that needs a matching close tag."""
        return not (self.closing or self.selfclose or self.void)


def _skip_ws(text: str, i: int) -> int:
    return _WS_RE.match(text, i).end()  # type: ignore[union-attr]


def scan_tag(text: str, pos: int, stop: int | None = None) -> Tag | None:
    """The tag starting at ``text[pos]`` (a ``<``), or None if no well-formed tag starts there (before
    ``stop``: the tag is read as if the text ended there)."""
    n = len(text) if stop is None else stop
    limit = min(n, pos + MAX_TAG)
    if text.startswith("</", pos):
        m = _NAME_RE.match(text, pos + 2)
        if not m:
            return None
        j = _skip_ws(text, m.end())
        return Tag(m.group(0), pos, j + 1, closing=True) if j < n and text[j] == ">" else None
    m = _NAME_RE.match(text, pos + 1)
    if not m:
        return None
    attrs: list[Attr] = []
    i = m.end()
    while True:
        j = _skip_ws(text, i)
        if j >= limit:
            return None
        ch = text[j]
        if ch == ">":
            return Tag(m.group(0), pos, j + 1, attrs=tuple(attrs))
        if text.startswith("/>", j):
            return Tag(m.group(0), pos, j + 2, selfclose=True, attrs=tuple(attrs))
        if j == i:  # attributes are separated by whitespace
            return None
        if ch == "{":
            end = expression_end(text, j)
            if end is None or end > limit:
                return None
            attrs.append(Attr("", j, j, end, "{"))
            i = end
            continue
        am = _ATTR_NAME_RE.match(text, j)
        if not am:
            return None
        k = _skip_ws(text, am.end())
        if k < n and text[k] == "=":
            v = _skip_ws(text, k + 1)
            if v >= limit:
                return None
            q = text[v]
            if q in "\"'":
                close = text.find(q, v + 1, limit)
                if close < 0:
                    return None
                attrs.append(Attr(am.group(0), j, v + 1, close, q))
                i = close + 1
            elif q == "{":
                end = expression_end(text, v)
                if end is None or end > limit:
                    return None
                attrs.append(Attr(am.group(0), j, v, end, "{"))
                i = end
            else:
                um = _UNQUOTED_RE.match(text, v)
                if not um:
                    return None
                attrs.append(Attr(am.group(0), j, v, um.end(), ""))
                i = um.end()
        else:
            attrs.append(Attr(am.group(0), j, -1, -1, ""))
            i = am.end()


@dataclass(slots=True, frozen=True)
class Token:
    """A piece of markup found by :func:`iter_markup`: ``kind`` is ``tag``, ``comment``, ``fence``,
    ``code`` (a code span) or ``expr`` (a ``{...}`` expression in text)."""

    kind: str
    start: int
    end: int
    tag: Tag | None = None


def _fence_end(text: str, line_start: int, fence: str, stop: int) -> int:
    """End of the fenced code opened on the line at ``line_start`` (after its closing line, or ``stop``)."""
    nl = text.find("\n", line_start, stop)
    i = stop if nl < 0 else nl + 1
    while i < stop:
        nl = text.find("\n", i, stop)
        line_end = stop if nl < 0 else nl + 1
        m = FENCE_LINE_RE.match(text, i, line_end)
        if m and closes_fence(fence, m.group(1), text[m.end():line_end]):
            return line_end
        i = line_end
    return stop


def _code_span_end(text: str, pos: int, stop: int) -> int | None:
    """End of the code span opened by the backtick run at ``pos`` (not across a blank line)."""
    run = pos
    while run < stop and text[run] == "`":
        run += 1
    ticks = run - pos
    b = _BLANK_LINE_RE.search(text, run, stop)
    limit = b.start() if b else stop
    i = text.find("`" * ticks, run, limit)
    while i >= 0:
        j = i + ticks
        if (j >= len(text) or text[j] != "`") and text[i - 1] != "`":
            return j
        while j < limit and text[j] == "`":
            j += 1
        i = text.find("`" * ticks, j, limit)
    return None


def iter_markup(text: str, start: int = 0, stop: int | None = None, *, exprs: bool = False,
                code_spans: bool = True) -> Iterator[Token]:
    """Tags, comments, code fences (whole lines), code spans and (``exprs``) ``{...}`` in ``text``."""
    stop = len(text) if stop is None else stop
    i = start
    line_start = start == 0 or text[start - 1] == "\n"
    while i < stop:
        if line_start:
            line_start = False
            m = FENCE_LINE_RE.match(text, i, stop)
            if m:
                end = _fence_end(text, i, m.group(1), stop)
                yield Token("fence", i, end)
                i = end
                line_start = True
                continue
        m = _SPECIAL_RE.search(text, i, stop)
        if m is None:
            return
        j = m.start()
        ch = text[j]
        if ch == "\n":
            i = j + 1
            line_start = True
            continue
        if ch == "`":
            end = _code_span_end(text, j, stop) if code_spans else None
            if end is None:
                k = j
                while k < stop and text[k] == "`":
                    k += 1
                i = k
                continue
            yield Token("code", j, end)
            i = end
            continue
        if ch == "{":
            end = expression_end(text, j) if exprs else None
            if end is None or end > stop:
                i = j + 1
                continue
            yield Token("expr", j, end)
            i = end
            continue
        # "<"
        if text.startswith("<!--", j):
            close = text.find("-->", j + 4, stop)
            end = stop if close < 0 else close + 3
            yield Token("comment", j, end)
            i = end
            continue
        tag = scan_tag(text, j)
        if tag is None or tag.end > stop:
            i = j + 1
            continue
        yield Token("tag", j, tag.end, tag)
        i = tag.end


def element_end(text: str, tag: Tag, stop: int | None = None) -> int | None:
    """End of the element opened by ``tag`` (just after its matching close tag), None if never closed.

    Only tags of the same name count for nesting; tags inside code fences, code spans and comments do not.
    """
    if not tag.opens:
        return tag.end
    depth = 1
    for tok in iter_markup(text, tag.end, stop):
        t = tok.tag
        if t is None or t.name != tag.name:
            continue
        if t.closing:
            depth -= 1
            if depth == 0:
                return t.end
        elif t.opens:
            depth += 1
    return None


def region_end(text: str, offsets: Sequence[int], start: int, stop: int) -> int | None:
    """If line ``start`` opens, at block level, an HTML element whose content is HTML, the line index just
    after that element (``stop`` at most); else None.

    ``text`` is the whole doc and ``offsets[i]`` where its line ``i`` starts; the element is read as if
    the text ended at line ``stop``. Such an element is a non-phrasing HTML element (``<div>``, ``<p>``,
    ``<img>``, ``<details>``, ``<table>``...) or a self-closing component (``<Question ... />``,
    ``<Youtube ... />``). A line that closes the element and opens another one on the same line extends
    the region to that one's end.
    """
    first = offsets[start]
    limit = offsets[stop]
    line = text[first:offsets[start + 1]]
    stripped = line.lstrip(" \t")
    if not stripped.startswith("<") or stripped.startswith(("<!", "</")):
        return None
    tag = scan_tag(text, first + len(line) - len(stripped), limit)
    if tag is None or tag.name.lower() in INLINE:
        return None
    if tag.component and not tag.selfclose:
        return None
    end = element_end(text, tag, limit)
    if end is None:
        return None
    while True:
        nl = text.find("\n", end - 1, limit)
        line_end = limit if nl < 0 else nl + 1
        extended = False
        for tok in iter_markup(text, end, line_end):
            if tok.tag is not None and tok.tag.opens and not tok.tag.component:
                inner = element_end(text, tok.tag, limit)
                if inner is not None and inner > line_end:
                    end = inner
                    extended = True
                    break
        if not extended:
            return start + text.count("\n", first, line_end - 1) + 1


def _starts_tag(line: str) -> bool:
    s = line.lstrip(" \t")
    return len(s) > 1 and s[0] == "<" and (s[1].isalpha() or s[1] in "/!")


def _starts_block_tag(line: str) -> bool:
    m = re.match(r"[ \t]*</?([A-Za-z][A-Za-z0-9]*)", line)
    return m is not None and m.group(1).lower() in BLOCK_START


def split_region(lines: list[str], start: int, end: int) -> list[tuple[int, int, bool]]:
    """Cut lines ``start..end-1`` of an HTML element into ``(from, to, is_markdown)`` stretches.

    Inside an element, a line that is not a tag and follows a blank line starts Markdown (a paragraph,
    a list), and so does a code fence; the Markdown runs to a blank line followed by a tag, or to a line
    starting with a block-level tag. Lines inside a multi-line tag never start Markdown.
    """
    if start + 1 >= end or RAW_TEXT_START_RE.match(lines[start]):
        return [(start, end, False)]
    text = "".join(lines[start:end])
    offsets = [0]
    for ln in lines[start:end]:
        offsets.append(offsets[-1] + len(ln))
    inside: set[int] = set()  # line indexes that continue a multi-line tag or expression
    k = 0
    for tok in iter_markup(text, exprs=True, code_spans=False):
        if tok.kind in ("tag", "expr", "comment"):
            while k < len(offsets) - 1 and offsets[k + 1] <= tok.start:
                k += 1
            j = k + 1
            while j < len(offsets) - 1 and offsets[j] < tok.end:
                inside.add(start + j)
                j += 1
    out: list[tuple[int, int, bool]] = []
    html_from = start
    i = start + 1
    after_blank = False
    while i < end:
        line = lines[i]
        if not line.strip():
            after_blank = True
            i += 1
            continue
        fence = FENCE_LINE_RE.match(line)
        if i not in inside and (fence or (after_blank and not _starts_tag(line))):
            j = _island_end(lines, i, end)
            if j > i:
                if html_from < i:
                    out.append((html_from, i, False))
                out.append((i, j, True))
                html_from = i = j
                after_blank = False
                continue
        after_blank = False
        i += 1
    if html_from < end:
        out.append((html_from, end, False))
    return out


def _island_end(lines: list[str], i: int, end: int) -> int:
    """End (exclusive) of the Markdown starting at line ``i`` inside an element ending at ``end``."""
    fence: str | None = None
    j = i
    while j < end:
        line = lines[j]
        m = FENCE_LINE_RE.match(line)
        if fence is not None:
            if m and closes_fence(fence, m.group(1), line[m.end():]):
                fence = None
            j += 1
            continue
        if m:
            fence = m.group(1)
            j += 1
            continue
        if j > i and _starts_block_tag(line):
            return j
        if not line.strip():
            k = j
            while k < end and not lines[k].strip():
                k += 1
            if k >= end or _starts_tag(lines[k]):
                return j
        j += 1
    # never swallow the element's last line (its close tag) unless it is prose
    return end - 1 if end - 1 > i and _starts_tag(lines[end - 1]) else end


class LineCounter:
    """Newlines before an offset of a text, counted from the offset asked last (offsets mostly grow, so a
    long text is counted once, not once per question: a tag's line is not found by counting from the start for every tag)."""

    __slots__ = ("text", "offset", "count")

    def __init__(self, text: str) -> None:
        self.text = text
        self.offset = 0
        self.count = 0

    def newlines_before(self, offset: int) -> int:
        if offset >= self.offset:
            self.count += self.text.count("\n", self.offset, offset)
        else:
            self.count -= self.text.count("\n", offset, self.offset)
        self.offset = offset
        return self.count
