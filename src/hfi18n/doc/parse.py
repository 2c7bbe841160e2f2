"""Parse doc-builder Markdown into :class:`~hfi18n.doc.model.Document` blocks covering every byte.

markdown-it-py (CommonMark + tables + front matter) finds the block structure and the line range of
every leaf block; doc-builder's own constructs are recognised on top of it:

- paragraphs that are ``[[autodoc]] Name`` (with their indented method list), ``[[open-in-colab]]``
  or ``$$`` display math are protected;
- a blockquote starting with ``[!TIP]``/``[!WARNING]``... is a callout whose marker line is protected;
- an HTML element opened at block level (``<div>``, ``<img>``, ``<details>``, a self-closing component
  such as ``<Question ... />``) is read as doc-builder (Svelte) reads it, to its matching close tag across
  blank lines and indentation (:mod:`.html`): tags and non-prose attribute values protected, element
  text, prose attributes (``alt``, ``title``) and prose props segments, Markdown inside it (a fence or a
  paragraph after a blank line) parsed as Markdown;
- a line of doc-builder's wrapped tags alone (``<hfoption id="pip">``, ``</pt>``: :data:`.markup.WRAPPED`)
  is an HTML block of its own, and the lines after it are Markdown, blank line or not, as doc-builder
  renders them (:func:`_wrapped_tags`);
- other HTML blocks (components whose content is Markdown: ``<Tip>``...) are read line by
  line: tags (also multi-line ones) and code fences stay protected, text becomes segments;
- lines markdown-it assigns to no leaf block (blank lines, bare list markers) are kept verbatim.

Each translatable leaf becomes a :class:`Segment` whose text has the line prefixes (``> ``, list
indentation, list markers), trailing whitespace and protected inline spans taken out.
"""

from __future__ import annotations

import gc
import re
from bisect import bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from itertools import accumulate
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.token import Token
from mdit_py_plugins.front_matter import front_matter_plugin

from ..fileio import read_text
from .anchors import heading_anchor, split_anchor
from .html import read_html
from .inline import blank_code_spans, has_letters, protect
from .markup import INLINE, RAW_TEXT_START_RE, WRAPPED_LINE_RE, region_end, scan_tag, split_region
from .model import Block, BlockKind, Document, Segment
from .notice import notice_lines
from .props import PROSE_PROPS, current_props
from .syntax import FENCE_LINE_RE, closes_fence


def _wrapped_tags(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """A block rule: a run of lines of doc-builder's wrapped tags alone (:data:`.markup.WRAPPED`:
    ``<hfoption id="pip">``, ``</pt>``...) is an HTML block of those lines only, which also ends a paragraph
    or a list item: doc-builder puts blank lines around such an element's content, so the lines after the
    tags are Markdown (CommonMark would run the HTML block on to the next blank line, text and code in it)."""
    if state.is_code_block(start):
        return False
    line = state.src[state.bMarks[start] + state.tShift[start]:state.eMarks[start]]
    if not line.startswith("<") or WRAPPED_LINE_RE.fullmatch(line) is None:
        return False
    if silent:
        return True
    nxt = start + 1
    while nxt < end and not state.is_code_block(nxt) and state.sCount[nxt] >= state.blkIndent and \
            WRAPPED_LINE_RE.fullmatch(state.src[state.bMarks[nxt] + state.tShift[nxt]:state.eMarks[nxt]]):
        nxt += 1
    state.line = nxt
    token = state.push("html_block", "", 0)
    token.map = [start, nxt]
    token.content = state.getLines(start, nxt, state.blkIndent, True)
    return True


def _markdown(front_matter: bool) -> MarkdownIt:
    md = MarkdownIt("commonmark").enable("table")
    if front_matter:
        md.use(front_matter_plugin)
    md.block.ruler.before("html_block", "wrapped_tags", _wrapped_tags,
                          {"alt": ["paragraph", "reference", "blockquote", "list"]})
    return md.disable("inline")


_MD = _markdown(front_matter=True)
"""Block structure only: the parser reads a leaf's inline content itself (:mod:`.inline`), so markdown-it's
inline rules are not run; doc-builder's wrapped tags (:func:`_wrapped_tags`) are blocks of their own."""
_MD_BODY = _markdown(front_matter=False)
"""For text after the start of a file, where ``---`` is never front matter."""

_EOL_RE = re.compile(r"(\r\n|\r|\n)")
_CALLOUT_RE = re.compile(r"^\[!([A-Za-z]+)\][ \t]*$")
_TRAILER_RE = re.compile(r"([ \t]*\[\[[^\[\]]+\]\])?([ \t]+#+)?[ \t]*")
_OPEN_TAG_END_RE = re.compile(r"<[A-Za-z][^<>]*$")

_LEAF_TYPES = {
    "paragraph_open",
    "heading_open",
    "fence",
    "code_block",
    "html_block",
    "table_open",
    "hr",
    "front_matter",
}


def _split_lines(text: str) -> list[str]:
    """Lines with their endings; ``\r\n``, ``\r`` and ``\n`` end a line, as in CommonMark."""
    pieces = _EOL_RE.split(text)
    out = [pieces[i] + pieces[i + 1] for i in range(0, len(pieces) - 1, 2)]
    if pieces[-1]:
        out.append(pieces[-1])
    return out


def _body_eol(line: str) -> tuple[str, str]:
    if line.endswith("\r\n"):
        return line[:-2], "\r\n"
    if line.endswith(("\n", "\r")):
        return line[:-1], line[-1]
    return line, ""


class _Builder:
    """Turns markdown-it leaf tokens into blocks over the exact source lines."""

    def __init__(self, lines: list[str], props: frozenset[str] = PROSE_PROPS) -> None:
        self.lines = lines
        self.text = "".join(lines)
        self.offsets = list(accumulate(map(len, lines), initial=0))
        """``text[offsets[i]:offsets[i + 1]]`` is ``lines[i]``."""
        self.seg_count = 0
        self.props = props
        self.share = False
        """The doc is read only (:func:`parse_read_only`): a block taken over unchanged (same lines, same
        segment ids) is the kept one itself, not a copy (:func:`_moved`)."""

    def new_segment(self, text: str, spans: dict[str, str], line: int, prefixes: list[str],
                    suffixes: list[str], *, escape: str = "", role: str = "") -> Segment:
        self.seg_count += 1
        return Segment(f"s{self.seg_count}", text, spans, line, prefixes, suffixes, escape, role)

    def segment(self, text: str, line: int, prefixes: list[str], suffixes: list[str]) -> Segment | None:
        """A segment for ``text`` (lines joined by ``\\n``) if it has any prose to translate."""
        protected, spans = protect(text)
        if not has_letters(_strip_placeholders(protected)):
            return None
        self.seg_count += 1
        return Segment(f"s{self.seg_count}", protected, spans, line, prefixes, suffixes)

    def prose(self, first: int, content_lines: list[str]) -> list[str | Segment] | None:
        """Parts for source lines ``first..`` whose prose, per markdown-it, is ``content_lines``.

        Returns None when the prose cannot be located in the source exactly (the block then stays
        protected, which is always safe).
        """
        prefixes: list[str] = []
        suffixes: list[str] = []
        texts: list[str] = []
        head = tail = ""
        n = len(content_lines)
        for i, content in enumerate(content_lines):
            body, eol = _body_eol(self.lines[first + i])
            c = content.strip(" \t")
            stripped = body.rstrip(" \t")
            if i < n - 1:
                if not stripped.endswith(c):
                    return None
                start = len(stripped) - len(c)
            else:
                start = _locate_last(stripped, c)
                if start < 0:
                    return None
            prefix, after = body[:start], body[start + len(c):] + eol
            if i == 0:
                head = prefix
            else:
                prefixes.append(prefix)
            if i < n - 1:
                suffixes.append(after)
            else:
                tail = after
            texts.append(c)
        seg = self.segment("\n".join(texts), first + 1, prefixes, suffixes)
        if seg is None:
            return None
        return [head, seg, tail]

    def raw(self, kind: BlockKind, start: int, end: int, **meta: object) -> Block:
        """A protected block over source lines ``start..end-1`` (0-based, end exclusive)."""
        return Block(kind, start + 1, end, ["".join(self.lines[start:end])], dict(meta))

    def with_parts(self, kind: BlockKind, start: int, end: int, parts: list[str | Segment] | None,
                   **meta: object) -> Block:
        if parts is None:
            return self.raw(kind, start, end, **meta)
        return Block(kind, start + 1, end, [p for p in parts if p != ""], dict(meta))


def _locate_last(line: str, content: str) -> int:
    """Offset of ``content`` in the last line of a block: only a heading trailer may follow it."""
    start = line.find(content)
    while start >= 0:
        if _TRAILER_RE.fullmatch(line[start + len(content):]):
            return start
        start = line.find(content, start + 1)
    return -1


def _strip_placeholders(text: str) -> str:
    return re.sub(r"⟦\d+⟧", "", text)


def _container_depth(stack: list[str]) -> int:
    return sum(1 for t in stack if t in ("list_item_open", "blockquote_open"))


def parse(text: str, path: str | Path | None = None, *, prose_props: frozenset[str] | None = None) -> Document:
    """Parse ``text`` into blocks; ``Document.render()`` gives back ``text`` exactly.

    ``prose_props``: MDX prop names whose string values are prose (default: :func:`.props.current_props`,
    the configured list or :data:`.props.PROSE_PROPS`).

    The same doc as :func:`parse_whole` gives, always; when the text ends like one of the last few parsed
    (the next version of the same doc), the blocks of that common end are taken over from it
    (:class:`_Recent`).
    """
    return _parse(text, path, prose_props, incremental=True)


def parse_read_only(text: str) -> Document:
    """:func:`parse` for a doc nobody changes: :class:`hfi18n.repo.store.Store`'s docs, which every reader
    of a run shares already (the same blob is the same doc object to all of them). Its blocks are kept for
    the next parse as they are, where :func:`parse` keeps copies so that a stage changing the doc it was
    given changes no other doc: the copy was 14% of the time of the English versions a cold ``check --lang
    ko`` of diffusers parses (613 parses: 1.35 -> 1.17 cpu s). A block taken over from a kept parse is
    still a copy (:func:`_take_head`, :func:`_take_tail`) unless the new doc is read only too and the block
    is not moved (:func:`_moved`)."""
    return _parse(text, None, None, incremental=True, copy_kept=False)


def parse_whole(text: str, path: str | Path | None = None, *,
                prose_props: frozenset[str] | None = None) -> Document:
    """:func:`parse` reading every line (nothing taken over from an earlier parse): what the incremental
    reading is proven equal to (``tests/test_parse_incremental.py``)."""
    return _parse(text, path, prose_props, incremental=False)


def _parse(text: str, path: str | Path | None, prose_props: frozenset[str] | None, *,
           incremental: bool, copy_kept: bool = True) -> Document:
    bom = text.startswith("\ufeff")
    body = text[1:] if bom else text
    lines = _split_lines(body)
    b = _Builder(lines, current_props() if prose_props is None else frozenset(prose_props))
    b.share = not copy_kept
    blocks: list[Block] = []
    # a BOM or the reader notice change the first blocks after the parse: such docs are neither kept nor
    # taken from (rare: the notice is the tool's own, on machine pages only)
    plain = not bom and _NOTICE_MARK not in body[:1000]
    head, tail = _Recent.find(lines, b.props) if incremental and plain else (None, None)
    marks: dict[int, _Mark] = {}
    with cyclic_gc_paused():
        if head is None:
            _parse_chunk(b, blocks, 0, _MD, marks=marks, tail=tail)
        else:
            line, (covered, far) = _take_head(b, blocks, marks, head), head[1][:2]
            _parse_chunk(b, blocks, line, _MD_BODY, marks=marks, tail=tail, covered=covered, far=far)
    if plain:  # the kept blocks are copies: a stage may change the doc it is given (its segments' spans)
        kept = tuple(_moved(blk, 0, None) for blk in blocks) if copy_kept else tuple(blocks)
        _Recent.keep(_Recent(lines, b.props, kept, marks))
    if bom:
        if blocks:
            blocks[0].parts.insert(0, "\ufeff")
        else:
            blocks.append(Block(BlockKind.RAW, 1, 0, ["\ufeff"]))
    doc = Document(blocks, str(path) if path is not None else None, b.props)
    _set_notice_apart(doc, body)
    return doc


_NOTICE_MARK = "hfi18n:machine-translation-notice"


_Mark = tuple[int, int, int, int]
"""A place where the whole doc's reading is afresh at top level: ``(covered, far, blocks before, segments
before)`` for a line (:class:`_Recent`)."""


class _Recent:
    """What a parse leaves for the next one: its lines, its blocks, and its *marks*: the top-level places
    where the reading starts afresh, ``line -> (covered, far, blocks before, segments before)``.

    Why: ``check`` and ``status`` parse the English versions of a doc one after the other (a cold
    ``check --lang ko`` of diffusers: 465 of its 675 parses), and consecutive versions mostly differ in a
    few lines. A mark is a top-level token (nothing open, nothing of an HTML region or of a list around
    it) at line ``s`` with the lines ``covered..s-1`` not yet given a block; every block the reading
    gives from there on depends only on the lines from ``covered`` to the end (markdown-it starts a
    top-level block from a fresh state, as :class:`_Tokens`' windows already rely on; no rule of this
    module looks back, but the ``[[autodoc]]`` method list, so no mark follows an autodoc block). So when
    a new text ends with the same lines as a kept one, and its own reading comes to a mark at line ``s``
    within those common lines where the kept one had a mark at the same place of the common end (same
    ``covered``), the rest of its blocks are the kept ones from there, moved by the difference in
    lines and with their segments renumbered: :func:`_take_tail`.

    The other way round, the blocks before a mark at line ``s`` depend only on the lines before
    ``max(s + 2, far)``: markdown-it decides where a block ends from the lines up to the next block's
    first line and the one after it (as :class:`_Tokens` relies on), and ``far`` is the furthest line an
    HTML region's search read before ``s`` without finding the region (:func:`_region_reach`; a region
    found ends before ``s``). So when a new text begins with those lines, its reading takes the kept
    blocks before the last such mark and goes on from there, as a reading after an HTML region does:
    :func:`_take_head`. The blocks taken (head or tail) are copies, segments too: a doc's blocks are
    never shared with another doc. ``tests/test_parse_incremental.py`` proves the result equal to
    :func:`parse_whole`'s on every version of the corpora's English docs, in history order and shuffled.
    """

    __slots__ = ("lines", "props", "blocks", "marks", "_order", "_at")
    KEPT = 4
    recent: tuple[_Recent, ...] = ()

    def __init__(self, lines: list[str], props: frozenset[str], blocks: tuple[Block, ...],
                 marks: dict[int, _Mark]) -> None:
        self.lines = lines
        self.props = props
        self.blocks = blocks
        self.marks = marks
        self._order: list[int] | None = None
        self._at: dict[str, list[int]] | None = None

    def order(self) -> list[int]:
        """The lines of the marks, ascending (made on first use: :func:`_take_middle`)."""
        if self._order is None:
            self._order = sorted(self.marks)
        return self._order

    def marks_at(self, lines: tuple[str, ...]) -> list[int]:
        """The lines of the marks whose line and the two after it are ``lines``, ascending (a take from a
        mark reaches at least two lines past it, so the others cannot be taken from)."""
        if self._at is None:
            at: dict[tuple[str, ...], list[int]] = {}
            for line in self.order():
                if line + 3 <= len(self.lines):
                    at.setdefault(tuple(self.lines[line:line + 3]), []).append(line)
            self._at = at
        return self._at.get(lines, [])

    @classmethod
    def keep(cls, rec: _Recent) -> None:
        cls.recent = (rec, *cls.recent[:cls.KEPT - 1])  # one rebinding: safe beside other threads

    @classmethod
    def find(cls, lines: list[str], props: frozenset[str]) -> tuple[tuple[_Recent, _Mark, int] | None,
                                                                   _Tail | None]:
        """The kept parses whose lines begin and end most like ``lines``: the head (a kept parse, its last
        mark whose lines are all the same, that mark's line) and the tail, each if any."""
        head: tuple[_Recent, _Mark, int] | None = None
        tail: _Tail | None = None
        n = len(lines)
        for rec in cls.recent:
            if rec.props != props or not rec.marks:
                continue
            old = rec.lines
            m = len(old)
            top = min(n, m)
            k = 0
            while k < top and lines[n - 1 - k] == old[m - 1 - k]:
                k += 1
            if k >= 4 and (tail is None or k > n - tail.start):
                tail = _Tail(rec, n - k, n - m)
            if k == n == m:
                continue  # the same text: the tail takes it whole
            j = 0
            while j < top and lines[j] == old[j]:
                j += 1
            best = None
            for line, mark in rec.marks.items():  # in reading order
                if max(line + 2, mark[1]) > j:
                    break
                best = (line, mark)
            if best is not None and (head is None or best[0] > head[2]):
                head = (rec, best[1], best[0])
        return head, tail
def _take_head(b: _Builder, blocks: list[Block], marks: dict[int, _Mark],
               head: tuple[_Recent, _Mark, int]) -> int:
    """Copy the kept parse's blocks and marks before its mark ``head``; the line to read on from."""
    rec, (_, _, first, segs), line = head
    blocks.extend(rec.blocks[:first] if b.share else (_moved(blk, 0, None) for blk in rec.blocks[:first]))
    b.seg_count = segs
    for old_line, mark in rec.marks.items():
        if old_line >= line:
            break
        marks[old_line] = mark
    return line


def _moved(blk: Block, d: int, b: _Builder | None) -> Block:
    """A copy of ``blk`` ``d`` lines further, its segments numbered on from ``b``'s count (kept as they are
    without ``b``); ``blk`` itself for a read-only doc (``b.share``) when it is not moved and its segments
    keep their ids: docs nobody changes may share a block (a sweep that replaces a line moves nothing)."""
    if b is not None and b.share and d == 0:
        n = b.seg_count
        for p in blk.parts:
            if isinstance(p, Segment):
                n += 1
                if p.id != f"s{n}":
                    break
        else:
            b.seg_count = n
            return blk
    parts: list[str | Segment] = []
    for p in blk.parts:
        if isinstance(p, Segment):
            if b is not None:
                b.seg_count += 1
            p = Segment(p.id if b is None else f"s{b.seg_count}", p.text, dict(p.spans), p.line + d,
                        list(p.prefixes), list(p.suffixes), p.escape, p.role)
        parts.append(p)
    out = Block(blk.kind, blk.start_line + d, blk.end_line + d, parts, dict(blk.meta))
    # its source is the same, rendered or not yet: a run of versions renders each block once, not once a version
    # (``check`` reads the text of every block of every English version it compares)
    out._text = blk._text
    return out


def _region_reach(b: _Builder, start: int, stop: int) -> int:
    """The line (exclusive) up to which :func:`.markup.region_end` read the text after line ``start`` when
    it found no region there: its own line, the opening tag's last line (an inline tag, a component that
    is not self-closing), else, for a tag it could not read or an element whose end it did not find,
    ``stop``. Taken wide by one line."""
    line = b.lines[start]
    stripped = line.lstrip(" \t")
    if not stripped.startswith("<") or stripped.startswith(("<!", "</")):
        return start + 2
    tag = scan_tag(b.text, b.offsets[start] + len(line) - len(stripped), b.offsets[stop])
    if tag is not None and (tag.name.lower() in INLINE or tag.component and not tag.selfclose):
        return bisect_right(b.offsets, tag.end) + 1
    return stop + 1


class _Tail:
    """A kept parse whose last lines are the new text's from line ``start`` on (``delta``: new line
    numbers minus kept ones)."""

    __slots__ = ("rec", "start", "delta")

    def __init__(self, rec: _Recent, start: int, delta: int) -> None:
        self.rec = rec
        self.start = start
        self.delta = delta


def _take_tail(b: _Builder, blocks: list[Block], marks: dict[int, _Mark], tail: _Tail,
               line: int, covered: int, far: int) -> bool:
    """Append the kept parse's blocks from its mark matching the new reading's place (line ``line``,
    ``covered``), moved and renumbered, if there is such a mark; True if done (the parse is complete)."""
    if covered < tail.start:
        return False
    d = tail.delta
    mark = tail.rec.marks.get(line - d)
    if mark is None or mark[0] != covered - d:
        return False
    first, segs_before = mark[2], mark[3]
    shift, here = b.seg_count - segs_before, len(blocks)
    blocks.extend(_moved(blk, d, b) for blk in tail.rec.blocks[first:])
    for old_line, (old_covered, old_far, old_first, old_segs) in tail.rec.marks.items():
        if old_line >= line - d:
            # past the common start, what was read is the same lines moved (and at least what this reading read)
            marks.setdefault(old_line + d, (old_covered + d, max(far, old_far + d), old_first - first + here,
                                            old_segs + shift))
    return True


def _take_middle(b: _Builder, blocks: list[Block], marks: dict[int, _Mark], line: int, covered: int,
                 far: int) -> tuple[int, int, int] | None:
    """Append a kept parse's blocks between two of its marks, the first matching the new reading's place
    (line ``line``, ``covered``), moved and renumbered; the line to read on from, with its ``covered`` and
    ``far``, or None when no kept parse has such a run.

    Why: a sweep changes a few lines here and there in a doc (a model id in every example), so the
    next version's head and tail (:func:`_take_head`, :func:`_take_tail`) are short, and a cold ``check
    --lang ko`` of diffusers read 43% of the lines of its 611 parses afresh. Why it is right: the two
    arguments of :class:`_Recent` together. Let the kept text ``O`` have marks at ``m`` (``covered`` ``cm``)
    and ``m2``, the new text ``N`` come to a mark at ``line`` = ``m + d`` with ``covered`` = ``cm + d``, and
    ``N``'s lines from ``covered`` on be ``O``'s from ``cm`` on, moved by ``d``, up to ``O``'s
    ``max(m2 + 2, far at m2)``. Take ``Y``: ``O``'s lines before ``cm``, then ``N``'s from ``covered`` on. ``Y``
    begins like ``O`` up to that line, so its reading is ``O``'s before ``m2`` (a mark's head argument),
    coming to ``m`` and ``m2`` as ``O``'s does; and ``Y`` ends like ``N`` from the mark ``m`` = ``line - d``
    with the same ``covered``, so from there its blocks are ``N``'s moved by ``d`` (the tail argument).
    So ``N``'s blocks from ``line`` to ``m2 + d`` are ``O``'s from ``m`` to ``m2``, and ``N``'s reading comes
    to a mark at ``m2 + d`` with ``O``'s ``covered`` there moved by ``d``; it reads on from there as after
    a head taken over. ``far`` after it: at most ``O``'s far at ``m2`` moved (taken as that: a wider far is
    only more careful). ``tests/test_parse_incremental.py`` holds the result to :func:`parse_whole`'s."""
    lines = b.lines
    if line + 3 > len(lines):
        return None
    here3 = tuple(lines[line:line + 3])
    best: tuple[_Recent, int, int, int] | None = None
    for rec in _Recent.recent:
        if rec.props != b.props or not rec.marks:
            continue
        old = rec.lines
        for m in rec.marks_at(here3):
            d = line - m
            if rec.marks[m][0] != covered - d:
                continue
            order = rec.order()
            k = covered  # N's lines before k are O's, moved by d
            found = None
            for i in range(bisect_right(order, m), len(order)):
                m2 = order[i]
                need = max(m2 + 2, rec.marks[m2][1]) + d
                if need > len(lines) or need - d > len(old):
                    break
                while k < need and lines[k] == old[k - d]:
                    k += 1
                if k < need:
                    break
                found = m2
            if found is not None and (best is None or found + d > best[2] + best[3]):
                best = (rec, m, found, d)
    if best is None:
        return None
    rec, m, m2, d = best
    _, _, first, segs = rec.marks[m]
    shift, here = b.seg_count - segs, len(blocks)
    blocks.extend(_moved(blk, d, b) for blk in rec.blocks[first:rec.marks[m2][2]])
    order = rec.order()
    for i in range(bisect_right(order, m), bisect_right(order, m2 - 1)):
        old_line = order[i]
        old_covered, old_far, old_first, old_segs = rec.marks[old_line]
        marks.setdefault(old_line + d, (old_covered + d, max(far, old_far + d), old_first - first + here,
                                        old_segs + shift))
    return m2 + d, rec.marks[m2][0] + d, max(far, rec.marks[m2][1] + d)


def _set_notice_apart(doc: Document, text: str) -> None:
    """Take the reader notice (:mod:`.notice`: the tool's callout on an unreviewed machine page) out of
    ``doc.blocks`` into ``doc.notice``, so no stage reads it as text of the page; the blocks keep their
    line numbers and the doc still renders back byte for byte. Left in the blocks when they do not start
    and end on its lines (never seen: the notice is whole lines)."""
    if "hfi18n:machine-translation-notice" not in text[:1000]:
        return
    lines = notice_lines(text)
    if lines is None:
        return
    first, last = lines
    starts = [i for i, blk in enumerate(doc.blocks) if blk.start_line == first]
    ends = [i for i, blk in enumerate(doc.blocks) if blk.end_line == last]
    if not starts or not ends or ends[0] < starts[0]:
        return
    i, j = starts[0], ends[0]
    doc.notice = (i, doc.blocks[i:j + 1])
    del doc.blocks[i:j + 1]


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Parsing makes many small objects and no reference cycle, while Python's cyclic collector rescans
    the growing heap over and over (50k headings: 5.4 s with it, 2.7 s without, linear again). Paused for
    the parse, back on after it unless it was off before (so a caller can pause it for a whole pass:
    :func:`hfi18n.repo.status.compute_status`)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _parse_chunk(b: _Builder, blocks: list[Block], offset: int, md: MarkdownIt, stop: int | None = None, *,
                 marks: dict[int, _Mark] | None = None, tail: _Tail | None = None, covered: int | None = None,
                 far: int = 0) -> None:
    """Parse source lines ``offset..stop-1`` (default: to the end) and append their blocks.

    ``marks`` (the whole doc's reading only): where the reading is at a fresh top-level place, recorded
    for the next parse, and ``tail``: a kept parse whose blocks may end this one (:class:`_Recent`);
    ``covered`` and ``far``: a reading taken on at a mark (lines before ``offset`` already given blocks up
    to ``covered``; ``far``, the furthest line read so far).

    An HTML element opened at block level becomes a region read by :func:`_region`; when markdown-it's
    view of the lines after it differs (a block it started inside the element goes on after it), the
    rest is read afresh from the element's end.

    CommonMark ends an HTML block at the first blank line, even inside a code fence that the HTML
    block opened (``<pt>`` then a fence with blank lines in its code). doc-builder keeps such a fence
    whole, so when an HTML block leaves a fence open, the code up to the closing fence becomes one
    protected block and reading starts afresh after it.

    Starting afresh is a new :class:`_Tokens` from that line, which parses a window of lines at a time:
    a doc with thousands of such places costs what one parse of it costs (no re-parse of the rest, no
    recursion).
    """
    lines = b.lines
    stop = len(lines) if stop is None else stop
    source = _Tokens(lines, offset, stop, md)
    covered = offset if covered is None else covered
    stack: list[str] = []

    def fill_gap(upto: int) -> None:
        nonlocal covered
        start = covered
        while start < upto:
            # one block per run of blank / non-blank uncovered lines
            blank = not lines[start].strip()
            end = start
            while end < upto and (not lines[end].strip()) == blank:
                end += 1
            blocks.append(b.raw(BlockKind.BLANK if blank else BlockKind.RAW, start, end))
            start = end
        covered = max(covered, upto)

    # a first line of dashes that opens no front matter: the plugin read to the end for a closing line, so
    # one written anywhere later changes the first block (``---`` then a paragraph is a rule, then a
    # paragraph, until a ``---`` further down makes the lines between front matter): no place after it
    # depends on the lines before it alone (found by tests/test_parse_incremental.py's edits at several places)
    opener = marks is not None and offset == 0 and bool(lines) and lines[0].startswith("---")
    while (tok := source.next()) is not None:
        if opener:
            opener = False
            if tok.type != "front_matter":
                far = max(far, stop + 1)
        span = None if tok.map is None else (tok.map[0] + source.base, tok.map[1] + source.base)  # source lines
        if span is not None and span[0] < covered < span[1]:
            # markdown-it read a block across the end of an HTML region: read what follows afresh
            source, stack = _Tokens(lines, covered, stop, _MD_BODY), []
            continue
        if marks is not None and span is not None and not stack and tok.nesting >= 0 and tok.level == 0 \
                and span[0] > 0 and covered <= span[0] and not (blocks and blocks[-1].kind is BlockKind.AUTODOC):
            if tail is not None and _take_tail(b, blocks, marks, tail, span[0], covered, far):
                return
            marks.setdefault(span[0], (covered, far, len(blocks), b.seg_count))  # the first reading of a line
            taken = _take_middle(b, blocks, marks, span[0], covered, far)
            if taken is not None:  # read on where the kept blocks end: in the tokens at hand, else afresh
                covered, far = taken[1], taken[2]
                if not source.skip_to(taken[0]):
                    source = _Tokens(lines, taken[0], stop, _MD_BODY)
                continue
        if tok.type == "bullet_list_open" and span is not None and _autodoc_methods(
                blocks, lines, span[0], span[1]):
            covered = blocks[-1].end_line  # "[[autodoc]] Name" then "  - method" lines: one autodoc block
        if tok.type.endswith("_open") and tok.type not in _LEAF_TYPES:
            stack.append(tok.type)
            continue
        if tok.type.endswith("_close") and stack and tok.type[:-6] + "_open" == stack[-1]:
            stack.pop()
            continue
        if tok.type not in _LEAF_TYPES or span is None:
            continue
        start, end = span
        if start < covered:  # nested inside a block already taken (should not happen)
            continue
        fill_gap(start)
        if not stack and tok.type in ("html_block", "paragraph_open"):
            rend = region_end(b.text, b.offsets, start, stop)
            if marks is not None and rend is None:
                far = max(far, _region_reach(b, start, stop))
            # a paragraph that only starts with a tag (<img> then text) stays a paragraph
            if rend is not None and (tok.type != "paragraph_open" or rend >= end):
                _region(b, blocks, start, rend)
                covered = rend
                continue
        depth = _container_depth(stack)
        in_quote = "blockquote_open" in stack
        blocks.extend(_leaf(b, tok, source.peek(), start, end, depth, in_quote, lines))
        covered = max(covered, blocks[-1].end_line)
        if tok.type == "html_block":
            fence = _open_fence(lines[start:end])
            if fence is not None:
                close = _closing_fence(lines, end, fence, stop)
                blocks.append(b.raw(BlockKind.CODE, end, close, info="", fence=fence, depth=depth,
                                    continued=True))
                covered = close
                source, stack = _Tokens(lines, close, stop, _MD_BODY), []
    fill_gap(stop)


@lru_cache(maxsize=8)
def _window_tokens(body: bool, text: str) -> tuple[Token, ...]:
    """markdown-it's tokens of ``text`` (``body``: without front matter), never changed by their readers
    (their maps are relative to ``text``: :attr:`_Tokens.base`).

    A function of the text alone, kept for the last few windows read: ``check`` parses every English
    version an outdated translation may hold changes of, one after the other, and many of a version's
    windows are the ones of the version before (a cold ``check --lang ko`` of diffusers: 1,172 of 2,907
    windows; its 632 parses 1.44 -> 1.26 cpu s). A few only: parses in no such order (every doc blob of
    the corpora's histories, sorted by id) find almost none and pay 2-3% for keeping them (5% with 16,
    9% with 64, for 1,336 and 1,367 found in the check)."""
    return tuple((_MD_BODY if body else _MD).parse(text))


class _Tokens:
    """markdown-it's tokens for source lines ``start..stop-1``, parsed a window of lines at a time (a
    token's map is relative to the window it came from: source lines are ``map + base``).

    A window's tokens are kept up to the last top-level block that starts at least two lines before the
    window's end: markdown-it decides where a block ends from the lines up to the next block's first
    line and the one after it (a table's delimiter row), and a block that starts at top level starts
    from a fresh state, so these tokens are the ones a parse of all the lines gives. A window with no
    such block (one huge block), or whose front matter is not closed in it, is parsed again twice as
    large. Windows start small (a fresh start often comes a few lines after the last one) and grow
    while the reading goes on.
    """

    FIRST = 16
    """Lines of the first window after each start."""
    MAX = 2048
    """Lines of a window at most, unless one block is larger."""

    def __init__(self, lines: list[str], start: int, stop: int, md: MarkdownIt) -> None:
        self.lines = lines
        self.pos = start
        self.stop = stop
        self.md = md
        self.buf: tuple[Token, ...] = ()
        self.i = 0
        self.base = start
        """Source line of the window the tokens of :attr:`buf` came from (their maps are relative to it)."""
        self.size = self.FIRST

    def next(self) -> Token | None:
        if self.i >= len(self.buf) and not self._fill():
            return None
        self.i += 1
        return self.buf[self.i - 1]

    def peek(self) -> Token | None:
        """The token after the one :meth:`next` returned last (the inline content of a leaf)."""
        return self.buf[self.i] if self.i < len(self.buf) else None

    def skip_to(self, line: int) -> bool:
        """Go on from the top-level token starting at source line ``line`` if the tokens at hand reach it
        (they are a whole reading's up to their end, and a top-level block starts from a fresh state); False
        when they do not (read afresh from ``line`` then)."""
        if line >= self.pos:
            return False
        for k in range(self.i, len(self.buf)):
            tok = self.buf[k]
            if tok.map is not None and tok.map[0] + self.base >= line:
                if tok.map[0] + self.base == line and tok.level == 0 and tok.nesting >= 0:
                    self.i = k
                    return True
                return False
        return False

    def _fill(self) -> bool:
        size = self.size
        while self.pos < self.stop:
            end = min(self.stop, self.pos + size)
            tokens = _window_tokens(self.md is _MD_BODY, "".join(self.lines[self.pos:end]))
            cut = len(tokens) if end == self.stop else self._cut(tokens, end - self.pos - 2)
            if cut:
                self.buf, self.i, self.base = tokens[:cut], 0, self.pos
                self.pos = end if cut == len(tokens) else self.pos + tokens[cut].map[0]  # type: ignore[index]
                self.md = _MD_BODY
                self.size = min(2 * self.size, self.MAX)
                return True
            if end == self.stop:  # nothing but what markdown-it keeps no token for (blank lines)
                self.pos = end
                return False
            size *= 2
        return False

    def _cut(self, tokens: tuple[Token, ...], last: int) -> int:
        """Index of the last top-level block starting at relative line ``1..last``, 0 if none (or if
        front matter at the start of the file is not closed in the window)."""
        if self.md is _MD and self.lines[self.pos].startswith("---") and (
                not tokens or tokens[0].type != "front_matter"):
            return 0
        for k in range(len(tokens) - 1, 0, -1):
            tok = tokens[k]
            if tok.level == 0 and tok.nesting >= 0 and tok.map is not None and 0 < tok.map[0] <= last:
                return k
        return 0


_METHOD_LINE_RE = re.compile(r"[ \t]*[-*+][ \t]+[\w.]+[ \t]*(?:\r\n|\r|\n)?")


def _autodoc_methods(blocks: list[Block], lines: list[str], start: int, end: int) -> bool:
    """A list of method names right under ``[[autodoc]] Name`` (indented less than a code block, so
    markdown-it reads a list): it joins the autodoc block, which doc-builder reads as one directive."""
    if not blocks or blocks[-1].kind is not BlockKind.AUTODOC or blocks[-1].end_line != start:
        return False
    body = lines[start:end]
    while body and not body[-1].strip():
        body = body[:-1]
    if not body or not all(_METHOD_LINE_RE.fullmatch(line) for line in body):
        return False
    last = blocks[-1]
    last.parts = ["".join(p if isinstance(p, str) else p.restore() for p in last.parts) + "".join(body)]
    last.end_line = start + len(body)
    return True


def _region(b: _Builder, blocks: list[Block], start: int, end: int) -> None:
    """Blocks for an HTML element at lines ``start..end-1``: HTML stretches and Markdown islands."""
    raw = RAW_TEXT_START_RE.match(b.lines[start]) is not None
    for a, z, markdown in split_region(b.lines, start, end):
        if markdown:
            _parse_chunk(b, blocks, a, _MD_BODY, z)
            continue
        if raw:
            blocks.append(b.raw(BlockKind.HTML, a, z, depth=0))
            continue
        parts = read_html("".join(b.lines[a:z]), a + 1, b.new_segment, props=b.props)
        blocks.append(Block(BlockKind.HTML, a + 1, z, parts, {"depth": 0}))


def _open_fence(chunk: list[str]) -> str | None:
    """The fence left open at the end of ``chunk`` (lines of an HTML block), if any."""
    fence: str | None = None
    for line in chunk:
        m = FENCE_LINE_RE.match(line)
        if not m:
            continue
        if fence is None:
            fence = m.group(1)
        elif closes_fence(fence, m.group(1), line[m.end():]):
            fence = None
    return fence


def _closing_fence(lines: list[str], start: int, fence: str, stop: int | None = None) -> int:
    """Line index just after the fence closing ``fence`` at or after ``start`` (or ``stop``)."""
    stop = len(lines) if stop is None else stop
    for i in range(start, stop):
        m = FENCE_LINE_RE.match(lines[i])
        if m and closes_fence(fence, m.group(1), lines[i][m.end():]):
            return i + 1
    return stop


def parse_file(path: str | Path) -> Document:
    """Read (UTF-8, clear error otherwise) and parse a doc file."""
    return parse(read_text(path), path)


def _leaf(b: _Builder, tok: Token, inline: Token | None, start: int, end: int, depth: int,
          in_quote: bool, lines: list[str]) -> list[Block]:
    if tok.type == "front_matter":
        return [b.raw(BlockKind.FRONTMATTER, start, end)]
    if tok.type == "hr":
        return [b.raw(BlockKind.RULE, start, end)]
    if tok.type in ("fence", "code_block"):
        fence = tok.markup if tok.type == "fence" else ""
        return [b.raw(BlockKind.CODE, start, end, info=tok.info.strip(), fence=fence, depth=depth)]
    if tok.type == "html_block":
        return [_html_block(b, start, end, depth)]
    if tok.type == "table_open":
        return [_table(b, start, end, depth)]
    assert inline is not None  # a paragraph or heading is always followed by its inline content
    content = inline.content
    if tok.type == "heading_open":
        return [_heading(b, tok, content, start, end, depth)]
    # paragraph
    stripped = content.strip()
    if stripped.startswith("[[autodoc]]"):
        name = stripped.split("\n", 1)[0][len("[[autodoc]]"):].strip()
        return [b.raw(BlockKind.AUTODOC, start, end, name=name, depth=depth)]
    if stripped == "[[open-in-colab]]":
        return [b.raw(BlockKind.COLAB, start, end, depth=depth)]
    if stripped.startswith("$$"):
        return [b.raw(BlockKind.MATH, start, end, depth=depth)]
    content_lines = content.split("\n")
    if in_quote and _CALLOUT_RE.match(content_lines[0].strip()):
        kind = _CALLOUT_RE.match(content_lines[0].strip()).group(1).upper()  # type: ignore[union-attr]
        marker = "".join(lines[start:start + 1])
        if len(content_lines) == 1:
            return [b.raw(BlockKind.CALLOUT, start, end, callout=kind, depth=depth)]
        parts = b.prose(start + 1, content_lines[1:])
        if parts is None:
            return [b.raw(BlockKind.CALLOUT, start, end, callout=kind, depth=depth)]
        return [Block(BlockKind.CALLOUT, start + 1, end, [marker, *[p for p in parts if p != ""]],
                      {"callout": kind, "depth": depth})]
    if len(content_lines) != end - start:
        return [b.raw(BlockKind.PARAGRAPH, start, end, depth=depth)]
    return [b.with_parts(BlockKind.PARAGRAPH, start, end, b.prose(start, content_lines), depth=depth)]


def _heading(b: _Builder, tok: Token, content: str, start: int, end: int, depth: int) -> Block:
    level = int(tok.tag[1])
    title, explicit = split_anchor(content)
    meta: dict[str, object] = {
        "level": level,
        "title": title.strip(),
        "explicit_anchor": explicit,
        "anchor": heading_anchor(content),
        "depth": depth,
        "setext": tok.markup in ("=", "-"),
    }
    title_lines = title.strip().split("\n")
    n = len(title_lines)
    if meta["setext"] and n == end - start - 1 or not meta["setext"] and n == 1:
        parts = b.prose(start, title_lines)
        if parts is not None:
            rest = "".join(b.lines[start + n:end])
            if rest:
                parts.append(rest)
            return b.with_parts(BlockKind.HEADING, start, end, parts, **meta)
    return b.raw(BlockKind.HEADING, start, end, **meta)


def _table(b: _Builder, start: int, end: int, depth: int) -> Block:
    parts: list[str | Segment] = []
    columns = 0
    for i in range(start, end):
        body, eol = _body_eol(b.lines[i])
        cells = _split_row(body)
        if i == start:
            columns = len(cells)
        if i == start + 1 or not cells:  # delimiter row
            parts.append(b.lines[i])
            continue
        pos = 0
        for cs, ce in cells:
            cell = body[cs:ce]
            lead = len(cell) - len(cell.lstrip())
            trail = len(cell.rstrip())
            text = cell[lead:trail]
            # a tag that opens in the cell and closes on a later line (a multi-line <img>) is not prose
            seg = b.segment(text, i + 1, [], []) if text and not _OPEN_TAG_END_RE.search(text) else None
            if seg is None:
                continue
            parts.append(body[pos:cs + lead])
            parts.append(seg)
            pos = cs + trail
        parts.append(body[pos:] + eol)
    return Block(BlockKind.TABLE, start + 1, end, [p for p in parts if p != ""],
                 {"columns": columns, "depth": depth})




def _split_row(body: str) -> list[tuple[int, int]]:
    """Cell ranges of a pipe-table row: pipes inside code spans or escaped do not split."""
    masked = list(blank_code_spans(body))  # only used to find the separating pipes
    for k in range(len(body) - 1):
        if body[k] == "\\":
            masked[k + 1] = "x"
    pipes = [k for k, ch in enumerate(masked) if ch == "|"]
    if not pipes:
        return []
    lead_ws = len(body) - len(body.lstrip())
    bounds = []
    edges = pipes
    first = edges[0] if body[lead_ws:lead_ws + 1] == "|" else None
    start = first + 1 if first is not None else lead_ws
    rest = edges[1:] if first is not None else edges
    for p in rest:
        bounds.append((start, p))
        start = p + 1
    if body[start:].strip():
        bounds.append((start, len(body.rstrip())))
    return bounds


def _html_block(b: _Builder, start: int, end: int, depth: int) -> Block:
    first = b.lines[start].lstrip()
    if first.startswith("<!--"):
        return b.raw(BlockKind.COMMENT, start, end, depth=depth)
    if RAW_TEXT_START_RE.match(b.lines[start]):
        return b.raw(BlockKind.HTML, start, end, depth=depth)
    parts = read_html("".join(b.lines[start:end]), start + 1, b.new_segment, markdown=True, props=b.props)
    return Block(BlockKind.HTML, start + 1, end, parts, {"depth": depth})
