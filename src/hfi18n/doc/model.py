"""The document model shared by every stage: a doc is an ordered list of blocks covering every byte.

A :class:`Block` is a run of whole source lines. Its ``parts`` alternate protected text (plain ``str``,
rendered verbatim) and translatable :class:`Segment` objects. Rendering concatenates the parts, putting
each segment's translation (or its source) back, so ``render(parse(text)) == text`` byte for byte.

A :class:`Segment` is one piece of prose as it is sent to a translator: line-container prefixes (``> ``,
list indentation), the trailing whitespace of each line and every protected inline span are taken out;
the spans become numbered placeholders ``⟦1⟧``, ``⟦2⟧``... that :meth:`Segment.restore` puts back.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

PLACEHOLDER_RE = re.compile(r"⟦(\d+)⟧")
"""A placeholder as it appears in segment text sent to a translator."""


def placeholder(n: int) -> str:
    return f"⟦{n}⟧"


_ENTITIES = {'"': "&quot;", "'": "&#39;"}


_SVELTE_TEXT = {"<": "&lt;", "{": "&#123;", "}": "&#125;"}


def escape_prose(text: str, escape: str) -> str:
    """Prose made safe inside an attribute value (``attr"``), a JavaScript string (``js"``) or the text
    of an HTML element (``html``: Svelte reads ``<`` as a tag and ``{`` as an expression there)."""
    if not escape:
        return text
    if escape == "html":
        return re.sub(r"[<{}]", lambda m: _SVELTE_TEXT[m.group(0)], text)
    quote = escape[-1]
    if escape.startswith("attr"):
        return text.replace(quote, _ENTITIES.get(quote, quote))
    return re.sub(r"(?<!\\)" + re.escape(quote), lambda _m: "\\" + quote, text)


class BlockKind(str, enum.Enum):
    """What a block is. ``translatable`` blocks hold at least one :class:`Segment`."""

    BLANK = "blank"  # empty or whitespace-only lines
    COMMENT = "comment"  # <!-- ... --> (license header, notes)
    FRONTMATTER = "frontmatter"  # --- yaml --- at the top
    HEADING = "heading"  # ATX or setext heading, with or without [[anchor]]
    PARAGRAPH = "paragraph"  # prose, possibly inside list items or blockquotes
    CALLOUT = "callout"  # paragraph of a > [!TIP] / > [!WARNING] blockquote (marker line protected)
    TABLE = "table"  # pipe table; each cell is a segment
    CODE = "code"  # fenced or indented code (doctests included)
    HTML = "html"  # HTML/MDX as Svelte reads it: tags protected, element text and prose attributes/props segments
    AUTODOC = "autodoc"  # [[autodoc]] Name and its indented method list
    COLAB = "colab"  # [[open-in-colab]]
    MATH = "math"  # $$ ... $$ display math
    RULE = "rule"  # thematic break
    RAW = "raw"  # anything else kept verbatim (e.g. an empty list marker line)


@dataclass(slots=True)
class Segment:
    """A translatable piece of prose inside a block."""

    id: str
    """Stable id within the document, e.g. ``"s12"``."""
    text: str
    """Prose with protected spans replaced by placeholders, lines joined by ``\\n``."""
    spans: dict[str, str]
    """Placeholder (``"⟦1⟧"``) to the exact source text it stands for."""
    line: int
    """1-based source line of the first line of the segment."""
    prefixes: list[str] = field(default_factory=list)
    """Exact source text before the prose on each continuation line (line 2 onwards)."""
    suffixes: list[str] = field(default_factory=list)
    """Exact source text after the prose on each line but the last (trailing spaces + newline)."""
    escape: str = ""
    """How translated prose is made safe where the segment sits: ``""`` (Markdown), ``"html"`` (text of an
    HTML element: ``<``, ``{``, ``}`` become entities), ``'attr"'``
    / ``"attr'"`` (an HTML attribute value: its quote becomes an entity) or ``'js"'``, ``"js'"``,
    ``"js`"`` (a JavaScript string literal in an MDX prop: its quote is backslash-escaped, newlines become
    spaces). Placeholders are put back unescaped."""
    role: str = ""
    """Where the prose comes from: ``""`` (Markdown), ``"html"`` (text of an HTML element), ``"attr"``
    (a prose attribute value such as ``alt``) or ``"prop"`` (a prose string in an MDX component prop).
    Spans of Markdown segments hold line breaks without their framing (prefixes and suffixes apply
    inside them); spans of the others are exact source (a multi-line tag keeps its indentation)."""

    def restore(self, text: str | None = None) -> str:
        """Source form of ``text`` (default: the segment's own text): placeholders back, lines re-framed.

        A translation with more lines than the source reuses the last continuation prefix and a bare
        newline; the trailing whitespace of the source lines is kept where the line count allows.
        """
        body = self.text if text is None else text
        if text is not None and self.escape.startswith("js"):
            body = body.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")
        # HTML spans hold their source line breaks and indentation (a multi-line tag): lines first; a
        # Markdown span's line breaks (a code span over two lines) are framed like the prose's
        # translated HTML text is escaped for Svelte; the source renders as it was
        translated = text is not None and text != self.text
        lines = ([self._fill(line, translated) for line in body.split("\n")] if self.role
                 else self._fill(body).split("\n"))
        if len(lines) == 1:
            return lines[0]
        eol = "\r\n" if self.suffixes and self.suffixes[0].endswith("\r\n") else "\n"
        out = [lines[0]]
        for i, line in enumerate(lines[1:]):
            suffix = self.suffixes[i] if i < len(self.suffixes) else eol
            prefix = self.prefixes[i] if i < len(self.prefixes) else (self.prefixes[-1] if self.prefixes else "")
            out.append(suffix)
            out.append(prefix + line)
        return "".join(out)

    def _fill(self, line: str, translated: bool = False) -> str:
        """``line`` with its placeholders replaced by their spans and its prose escaped (``escape``;
        ``html`` only for a translation)."""
        if not self.escape or (self.escape == "html" and not translated):
            return PLACEHOLDER_RE.sub(lambda m: self.spans.get(m.group(0), m.group(0)), line)
        out: list[str] = []
        pos = 0
        for m in PLACEHOLDER_RE.finditer(line):
            out.append(escape_prose(line[pos:m.start()], self.escape))
            out.append(self.spans.get(m.group(0), m.group(0)))
            pos = m.end()
        out.append(escape_prose(line[pos:], self.escape))
        return "".join(out)

    def placeholders(self) -> list[str]:
        """Placeholders in order of appearance in ``text``."""
        return [m.group(0) for m in PLACEHOLDER_RE.finditer(self.text)]


@dataclass(slots=True)
class Block:
    """A run of whole source lines, ``start_line`` to ``end_line`` inclusive (1-based)."""

    kind: BlockKind
    start_line: int
    end_line: int
    parts: list[str | Segment]
    """Protected text and segments, in source order; their concatenation is the block's source."""
    meta: dict[str, object] = field(default_factory=dict)
    """Kind-specific facts: ``level``, ``anchor``, ``explicit_anchor``, ``title`` (headings); ``info``,
    ``fence`` (code); ``tags`` (HTML tags in order); ``callout`` (TIP, WARNING...); ``columns`` (tables);
    ``depth`` (list/blockquote nesting)."""

    @property
    def text(self) -> str:
        return "".join(p if isinstance(p, str) else p.restore() for p in self.parts)

    @property
    def segments(self) -> list[Segment]:
        return [p for p in self.parts if isinstance(p, Segment)]

    @property
    def translatable(self) -> bool:
        return any(isinstance(p, Segment) for p in self.parts)

    def render(self, translations: Mapping[str, str] | None = None) -> str:
        if not translations:
            return self.text
        return "".join(
            p if isinstance(p, str) else p.restore(translations.get(p.id)) for p in self.parts
        )


@dataclass(slots=True)
class Document:
    """A parsed doc: its blocks cover every byte of ``source``."""

    blocks: list[Block]
    path: str | None = None
    """Path the doc was read from, for messages (``docs/source/ko/index.md``)."""
    prose_props: frozenset[str] | None = None
    """MDX prop names whose strings were read as prose (None: :data:`hfi18n.doc.props.PROSE_PROPS`); the
    doc's tags are compared with the same list (:func:`hfi18n.doc.html.doc_tags`)."""
    notice: tuple[int, list[Block]] | None = None
    """The reader notice of an unreviewed machine page (:mod:`hfi18n.doc.notice`): the tool's own callout,
    kept out of ``blocks`` (no stage reads it as the page's text) and rendered back before ``blocks[i]``."""

    def segments(self) -> Iterator[Segment]:
        for block in self.blocks:
            yield from block.segments

    def render(self, translations: Mapping[str, str] | None = None) -> str:
        """Source text with each segment replaced by ``translations[segment.id]`` when present."""
        parts = [b.render(translations) for b in self.blocks]
        if self.notice is not None:
            at, blocks = self.notice
            parts[at:at] = [b.render() for b in blocks]
        return "".join(parts)

    @property
    def source(self) -> str:
        return self.render()

    def headings(self) -> list[Block]:
        return [b for b in self.blocks if b.kind is BlockKind.HEADING]

    def anchors(self) -> list[str]:
        """Anchor of every heading, in order (explicit ``[[anchor]]`` or computed from the title)."""
        return [str(b.meta["anchor"]) for b in self.headings()]
