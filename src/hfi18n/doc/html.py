"""The prose inside HTML and MDX, and the tags of a document as check compares them.

Tags are read by :mod:`.markup` (the Svelte reading: multi-line tags, elements across blank lines).

- :func:`read_html` turns a stretch into parts: tags, attribute names and non-prose attribute values
  protected; element text, prose attribute values (``alt``, ``title``, ``aria-label``) and prose strings
  of MDX props (:mod:`.props`) become segments, with inline tags inside as placeholders.
- :func:`doc_tags` / :func:`tag_signature` list a document's tags with what must match the English.

Components whose content is Markdown (``<Tip>``, ``<hfoption>``...) are left to the Markdown reader;
their HTML blocks go through :func:`read_html` line by line (``markdown=True``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .inline import PROTECTED_RE, has_letters
from .markup import INLINE, PROSE_ATTRS, Attr, LineCounter, Tag, iter_markup
from .model import PLACEHOLDER_RE, BlockKind, Document, Segment, placeholder
from .props import PROSE_PROPS, decode_js, encode_js, prose_strings, whole_string
from .syntax import TAG_NAME

# -- reading a stretch into parts -------------------------------------------------------------------


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
        self.lines = LineCounter(text)

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
                    whole = whole_string(expr, name)  # title={"..."}
                    strings = [whole] if whole is not None else []
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
        prose = tag is not None and r.has_prose(tag)
        if tok.kind in ("code", "expr") or tag is not None and not tag.component and tag.name.lower() in INLINE and not prose:
            r.add(raw, True, tok.start)
        elif prose:
            r.flush()
            r.tag(tag)
        else:
            r.protect(raw)
        pos = tok.end
    add_text(len(text))
    r.flush()
    return [p for p in r.parts if p != ""]


# -- tags of a document, for check ------------------------------------------------------------------

_NO_TAG_KINDS = frozenset({BlockKind.CODE, BlockKind.COMMENT, BlockKind.FRONTMATTER, BlockKind.MATH,
                           BlockKind.AUTODOC})


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
        if not strings and tag.component and attr.name in props and whole_string(value, attr.name) is not None:
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


def doc_tags(doc: Document) -> list[TagInfo]:
    """Every tag of the doc's prose and HTML blocks, in order (not in code, comments, math, autodoc); the
    values of the prose props the doc was parsed with are not compared."""
    props = doc.prose_props or PROSE_PROPS
    out: list[TagInfo] = []
    for block in doc.blocks:
        if block.kind in _NO_TAG_KINDS:
            continue
        out.extend(TagInfo(block.start_line + line, name, kind, attrs, source)
                   for line, name, kind, attrs, source in _block_tags(block.text, props))
    return out


@lru_cache(maxsize=8192)
def _block_tags(text: str, props: frozenset[str]) -> tuple[tuple[int, str, str, tuple[tuple[str, str | None], ...],
                                                                 str], ...]:
    """``(line in the block, name, kind, attrs, source)`` of the tags of a block's ``text``: a function of
    the text and the prose props alone, kept by them (``check`` compares an outdated translation with every
    later English version, each a new doc whose blocks are mostly the ones of the version before: 149
    docs' tags listed in a cold diffusers ``check --lang ko``)."""
    lines = LineCounter(text)
    out = []
    for tok in iter_markup(text):
        tag = tok.tag
        if tag is None:
            continue
        kind = "close" if tag.closing else ("self" if tag.selfclose else "open")
        attrs = tuple((a.name or "{…}", attr_value(tag, a, text, props)) for a in tag.attrs)
        out.append((lines.newlines_before(tok.start), tag.name, kind, attrs, text[tok.start:tok.end]))
    return tuple(out)


def tag_signature(doc: Document) -> list[tuple[object, ...]]:
    """The doc's tags without lines: equal for a faithful translation."""
    return [(t.name, t.kind, t.attrs) for t in doc_tags(doc)]
