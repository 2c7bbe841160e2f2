"""HTML and MDX as doc-builder (Svelte) reads them: tags, elements, and the prose inside them.

CommonMark ends an HTML block at the first blank line and reads indented lines as code; doc-builder
compiles the page with Svelte, where an element runs to its matching close tag and a tag's attributes
may span lines. This module is that reading, over exact source offsets:

- :func:`scan_tag` reads one tag (attributes on any number of lines; quoted, unquoted and ``{...}``
  values); :func:`iter_markup` walks a text and yields its tags, comments, code fences, code spans and
  ``{...}`` expressions; :func:`element_end` finds the close tag matching an open tag.
- :func:`region_end` tells whether a block-level line opens an HTML element whose content is HTML (a
  ``<div>``, ``<img>``, ``<details>``, a self-closing component such as ``<Question ... />``) and where
  the element ends; :func:`split_region` cuts its lines into HTML stretches and Markdown islands (a
  paragraph or code fence after a blank line inside ``<details>``), which stay Markdown.
- :func:`read_html` turns a stretch into parts: tags, attribute names and non-prose attribute values
  protected; element text, prose attribute values (``alt``, ``title``, ``aria-label``) and prose strings
  of MDX props (:mod:`.props`) become segments, with inline tags inside as placeholders.

Components whose content is Markdown (``<Tip>``, ``<hfoption>``...) are left to the Markdown reader;
their HTML blocks go through :func:`read_html` line by line (``markdown=True``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from .inline import PROTECTED_RE, has_letters
from .model import PLACEHOLDER_RE, Segment, placeholder
from .props import PROSE_PROPS, JsString, decode_js, encode_js, expression_end, prose_strings, string_end
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
MARKDOWN_CONTENT = frozenset({"hfoptions", "hfoption", "frameworkcontent", "pt", "tf"})
"""Lowercase doc-builder components whose content is Markdown (capitalised components are too)."""
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
_STRING_EXPR_RE = re.compile(r"\{\s*([\"'`])", re.DOTALL)
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
    text = "".join(lines[start:end])
    offsets = [0]
    for ln in lines[start:end]:
        offsets.append(offsets[-1] + len(ln))
    if start + 1 >= end or (lines[start].lstrip().lower().startswith(tuple(f"<{n}" for n in RAW_TEXT))):
        return [(start, end, False)]
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


# -- reading a stretch into parts -------------------------------------------------------------------


class _LineCounter:
    """Newlines before an offset of a text, counted from the offset asked last (offsets mostly grow, so a
    long text is counted once, not once per question)."""

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

NewSegment = Callable[..., Segment]
"""``new_segment(text, spans, line, prefixes, suffixes, escape=..., role=...)`` from the parser."""


@dataclass(slots=True)
class _Framed:
    head: str
    text: str
    spans: dict[str, str]
    prefixes: list[str]
    suffixes: list[str]
    tail: str


def frame_run(pieces: list[tuple[str, bool]], encode: Callable[[str], str] | None = None) -> _Framed | None:
    """Segment text for a run of ``(text, protected)`` pieces; None when it has no letter to translate.

    Protected pieces become placeholders; so do protected inline spans (code, links, URLs...) of text
    pieces. Leading and trailing whitespace stay outside; each continuation line's indentation and each
    line's trailing whitespace become the segment's prefixes and suffixes. ``encode`` maps decoded text
    back to source (a JS string's ``"`` to ``\\"``) for spans taken from text pieces.
    """
    spans: dict[str, str] = {}
    out: list[str] = []
    for text, protected in pieces:
        if protected:
            key = placeholder(len(spans) + 1)
            spans[key] = text
            out.append(key)
            continue
        pos = 0
        for m in PROTECTED_RE.finditer(text):
            out.append(text[pos:m.start()])
            key = placeholder(len(spans) + 1)
            spans[key] = encode(m.group(0)) if encode else m.group(0)
            out.append(key)
            pos = m.end()
        out.append(text[pos:])
    joined = "".join(out)
    body = joined.strip(" \t\r\n")
    if not body or not has_letters(PLACEHOLDER_RE.sub("", body)):
        return None
    head = joined[: len(joined) - len(joined.lstrip(" \t\r\n"))]
    tail = joined[len(head) + len(body):]
    lines = body.split("\n")
    prefixes: list[str] = []
    suffixes: list[str] = []
    kept: list[str] = []
    for i, line in enumerate(lines):
        if i > 0:
            core = line.lstrip(" \t")
            prefixes.append(line[: len(line) - len(core)])
            line = core
        if i < len(lines) - 1:
            core = line.rstrip(" \t\r")
            suffixes.append(line[len(core):] + "\n")
            line = core
        kept.append(line)
    return _Framed(head, "\n".join(kept), spans, prefixes, suffixes, tail)


_TAG_NAME_RE = re.compile(f"<(/?)({TAG_NAME})")
_BREAK_TAGS = frozenset({"br", "wbr"})


def _trim(run: list[tuple[str, bool]]) -> tuple[int, int]:
    """Bounds of the part of a run worth a segment: leading/trailing ``<br>`` and whitespace left out,
    and a tag pair wrapping the whole text (``<b>...</b>``), which a translator then cannot lose."""

    def name(i: int) -> tuple[str, str] | None:
        text, protected = run[i]
        m = _TAG_NAME_RE.match(text) if protected else None
        return (m.group(1), m.group(2)) if m else None

    def skippable(i: int) -> bool:
        text, protected = run[i]
        if not protected:
            return not text.strip()
        n = name(i)
        return n is not None and n[1].lower() in _BREAK_TAGS

    lo, hi = 0, len(run)
    while True:
        while lo < hi and skippable(lo):
            lo += 1
        while hi > lo and skippable(hi - 1):
            hi -= 1
        if hi - lo < 3:
            return lo, hi
        first, last = name(lo), name(hi - 1)
        if not (first and last and first[0] == "" and last[0] == "/" and first[1] == last[1]):
            return lo, hi
        inner = [name(i) for i in range(lo + 1, hi - 1)]
        if any(n is not None and n[1] == first[1] for n in inner):
            return lo, hi
        lo, hi = lo + 1, hi - 1


class _Reader:
    def __init__(self, text: str, first_line: int, new_segment: NewSegment, props: frozenset[str],
                 markdown: bool) -> None:
        self.markdown = markdown
        self.text = text
        self.first_line = first_line
        self.new_segment = new_segment
        self.props = props
        self.parts: list[str | Segment] = []
        self.run: list[tuple[str, bool]] = []
        self.run_start = 0
        self.lines = _LineCounter(text)

    def line_of(self, offset: int) -> int:
        return self.first_line + self.lines.newlines_before(offset)

    def add(self, text: str, protected: bool, at: int) -> None:
        if not text:
            return
        if not self.run:
            self.run_start = at
        self.run.append((text, protected))

    def flush(self) -> None:
        if not self.run:
            return
        lo, hi = _trim(self.run)
        before = "".join(t for t, _ in self.run[:lo])
        after = "".join(t for t, _ in self.run[hi:])
        framed = frame_run(self.run[lo:hi]) if lo < hi else None
        if framed is None:
            self.parts.append("".join(t for t, _ in self.run))
        else:
            at = self.run_start + len(before) + len(framed.head)
            seg = self.new_segment(framed.text, framed.spans, self.line_of(at), framed.prefixes, framed.suffixes,
                                   escape="" if self.markdown else "html", role="html")
            self.parts.extend([before, framed.head, seg, framed.tail, after])
        self.run = []

    def protect(self, text: str) -> None:
        self.flush()
        self.parts.append(text)

    def string_segment(self, pieces: list[tuple[str, bool]], at: int, escape: str, role: str,
                       encode: Callable[[str], str] | None = None) -> None:
        """A quoted value (attribute or JS string) at ``text[at:]``: a segment, or kept as it is."""
        framed = frame_run(pieces, encode)
        raw = "".join(encode(t) if encode and not p else t for t, p in pieces)
        if framed is None:
            self.parts.append(raw)
            return
        seg = self.new_segment(framed.text, framed.spans, self.line_of(at + len(framed.head)),
                               framed.prefixes, framed.suffixes, escape=escape, role=role)
        self.parts.extend([framed.head, seg, framed.tail])

    def tag(self, tag: Tag) -> None:
        """Parts of a tag that carries prose: protected text around each prose value's segment."""
        text = self.text
        pos = tag.start
        for attr in tag.attrs:
            if attr.value_start < 0:
                continue
            name = attr.name
            if is_prose_value(tag, attr, self.props):
                self.parts.append(text[pos:attr.value_start])
                value = text[attr.value_start:attr.value_end]
                role = "prop" if tag.component else "attr"
                self.string_segment([(value, False)], attr.value_start, "attr" + attr.quote, role)
                pos = attr.value_end
            elif attr.quote == "{":
                expr = text[attr.value_start:attr.value_end]
                strings = prose_strings(expr, self.props)
                if tag.component and name in self.props and not strings:
                    m = _STRING_EXPR_RE.match(expr)  # title={"..."}
                    if m and expr.rstrip()[-2:-1] == m.group(1):
                        close = string_end(expr, m.end() - 1)
                        if expr[close:].strip() == "}":
                            strings = [JsString(name, m.end(), close - 1, m.group(1))]
                for js in strings:
                    start = attr.value_start + js.start
                    self.parts.append(text[pos:start])
                    raw = text[start:attr.value_start + js.end]
                    q = js.quote
                    self.string_segment(decode_js(raw, q), start, "js" + q, "prop",
                                        encode=lambda s, q=q: encode_js(s, q))
                    pos = attr.value_start + js.end
        self.parts.append(text[pos:tag.end])

    def has_prose(self, tag: Tag) -> bool:
        for attr in tag.attrs:
            if attr.value_start < 0:
                continue
            if attr.quote == "{":
                if tag.component and attr.name in self.props:
                    return True
                if prose_strings(self.text[attr.value_start:attr.value_end], self.props):
                    return True
            elif is_prose_value(tag, attr, self.props):
                return True
        return False


def read_html(text: str, first_line: int, new_segment: NewSegment, *, markdown: bool = False,
              props: frozenset[str] = PROSE_PROPS) -> list[str | Segment]:
    """Parts of an HTML stretch ``text`` whose first line is ``first_line`` (1-based).

    Runs of text and phrasing tags (``<a>``, ``<code>``, ``<strong>``...) become segments; other tags,
    comments and code fences end a run and stay protected, except prose attribute values and prose prop
    strings, which become segments of their own. ``markdown``: the text is Markdown inside a component
    (``<Tip>``): runs end at line ends, as each line of such a block is read on its own, and ``{...}`` is
    text. Otherwise ``{...}`` in text is a Svelte expression (code).
    """
    r = _Reader(text, first_line, new_segment, props, markdown)
    pos = 0

    def add_text(upto: int) -> None:
        nonlocal pos
        chunk = text[pos:upto]
        if markdown:
            for line in chunk.splitlines(keepends=True):
                r.add(line, False, pos)
                pos += len(line)
                if line.endswith(("\n", "\r")):
                    r.flush()
        else:
            r.add(chunk, False, pos)
        pos = upto

    for tok in iter_markup(text, exprs=not markdown):
        add_text(tok.start)
        raw = text[tok.start:tok.end]
        tag = tok.tag
        if tok.kind in ("code", "expr") or tag is not None and not tag.component and tag.name.lower() in INLINE and not r.has_prose(tag):
            r.add(raw, True, tok.start)
        elif tag is not None and r.has_prose(tag):
            r.flush()
            r.tag(tag)
        else:
            r.protect(raw)
        pos = tok.end
    add_text(len(text))
    r.flush()
    return [p for p in r.parts if p != ""]


# -- tags of a document, for check ------------------------------------------------------------------

_NO_TAG_KINDS = frozenset({"code", "comment", "frontmatter", "math", "autodoc"})


def is_prose_value(tag: Tag, attr: Attr, props: frozenset[str] = PROSE_PROPS) -> bool:
    """The attribute's whole value is prose (``alt="..."``, a component's ``title="..."``)."""
    if attr.value_start < 0 or attr.quote not in ("\"", "'"):
        return False
    return attr.name in props if tag.component else attr.name.lower() in PROSE_ATTRS


def attr_value(tag: Tag, attr: Attr, text: str, props: frozenset[str] = PROSE_PROPS) -> str | None:
    """What of an attribute's value must stay as in the English: None for prose; an expression with its
    prose strings blanked (``{[{ text: "…", correct: true }]}``); otherwise the value itself."""
    if attr.value_start < 0:
        return ""
    if is_prose_value(tag, attr, props):
        return None
    value = text[attr.value_start:attr.value_end]
    if attr.quote == "{":
        strings = prose_strings(value, props)
        if not strings and tag.component and attr.name in props and _STRING_EXPR_RE.match(value):
            return None
        for js in reversed(strings):
            value = value[:js.start] + "…" + value[js.end:]
        value = " ".join(value.split())
    return value


@dataclass(slots=True, frozen=True)
class TagInfo:
    """A tag of a document as check compares it: its line and what must match the English."""

    line: int
    name: str
    kind: str
    """``open``, ``close`` or ``self`` (self-closing ``/>``; a void element without ``/`` is ``open``)."""
    attrs: tuple[tuple[str, str | None], ...]
    """``(name, protected value)``; the value is None for prose (translated)."""
    source: str

    def label(self) -> str:
        inner = " ".join(n if v == "" else f'{n}="{v if v is not None else "…"}"' for n, v in self.attrs)
        inner = (" " + inner) if inner else ""
        if self.kind == "close":
            return f"</{self.name}>"
        return f"<{self.name}{inner}{' /' if self.kind == 'self' else ''}>"


def doc_tags(doc: object, props: frozenset[str] | None = None) -> list[TagInfo]:
    """Every tag of the doc's prose and HTML blocks, in order (not in code, comments, math, autodoc).

    ``props``: the prose props whose values are not compared (default: those the doc was parsed with).
    """
    if props is None:
        props = getattr(doc, "prose_props", None) or PROSE_PROPS
    out: list[TagInfo] = []
    for block in doc.blocks:  # type: ignore[attr-defined]
        if block.kind.value in _NO_TAG_KINDS:
            continue
        text = block.text
        lines = _LineCounter(text)
        for tok in iter_markup(text):
            tag = tok.tag
            if tag is None:
                continue
            kind = "close" if tag.closing else ("self" if tag.selfclose else "open")
            attrs = tuple((a.name or "{…}", attr_value(tag, a, text, props)) for a in tag.attrs)
            out.append(TagInfo(block.start_line + lines.newlines_before(tok.start), tag.name, kind, attrs,
                               text[tok.start:tok.end]))
    return out


def tag_signature(doc: object, props: frozenset[str] | None = None) -> list[tuple[object, ...]]:
    """The doc's tags without lines: equal for a faithful translation."""
    return [(t.name, t.kind, t.attrs) for t in doc_tags(doc, props)]
