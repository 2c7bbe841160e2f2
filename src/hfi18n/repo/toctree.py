"""Read, edit and check a doc-builder ``_toctree.yml`` without disturbing a byte of what we do not change.

A toctree is a YAML list of *groups* (``title`` + ``sections``) whose ``sections`` hold *entries*
(``local`` + ``title``) and nested groups. ruamel.yaml parses the file in round-trip mode and gives the
exact position of every node; edits are then applied as splices of the source text at those positions
(a scalar replaced, an item's lines inserted), so comments, quoting, key order, indentation, line
endings, keys hfi18n does not know (a project's own, with any value) and every untouched line stay
byte-identical. (A full ruamel re-dump cannot promise that: real
toctrees mix indentation styles inside one file and ruamel re-indents top-level sequences.) New lines copy
the indentation and key order of their siblings.

Editing lives in :mod:`.toctree_edit` (mirroring English); checking in :mod:`hfi18n.check.toctree`.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

from ..errors import InputError
from ..fileio import atomic_write, read_text
from .cache import Cache
from .doclog import blob_id
from .layout import DOC_SUFFIXES, DocsLayout

TOCTREE = "_toctree.yml"
KNOWN_KEYS = frozenset({"local", "title", "sections"})
"""Keys hfi18n reads; any other key (``isExpanded``, a project's own) is kept byte for byte on edits."""
PLACEHOLDER_LOCAL = "in_translation"
"""The page toctree placeholders point to (``local: in_translation``): not a translation of anything."""
PLACEHOLDER_PREFIXES = {"ko": "(번역중)"}
"""Title prefix a language team uses for a placeholder entry of a page not translated yet."""
ANY_PLACEHOLDER_PREFIXES = tuple(PLACEHOLDER_PREFIXES.values())

TitleTranslator = Callable[[list[str]], list[str]]
"""Translates a batch of (English) titles, answering in the same order."""


@dataclass(slots=True)
class TocEntry:
    """One page entry (a mapping with ``local``) of a toctree, as other modules read it."""

    local: str
    """Page path relative to the language folder, without suffix (``"guides/upload"``)."""
    title: str
    """Title shown in the sidebar."""
    position: int
    """Order of the entry in the whole tree (0-based, depth first)."""
    groups: tuple[str, ...]
    """Titles of the enclosing groups, outermost first."""
    in_translation: bool
    """A placeholder for a page not translated yet (``local: in_translation`` or a ``(번역중)`` title)."""
    line: int = 0
    """1-based line of the entry in the file."""
    placeholder_for: str | None = None
    """For a placeholder: the English ``local`` it stands for, from its comment or title, when known."""


@dataclass(slots=True)
class TocChange:
    """What :func:`add_entries` did for one page."""

    local: str
    action: str
    """``"added"``, ``"replaced-placeholder"``, ``"present"`` or ``"not-in-english"``."""
    title: str
    line: int = 0
    """1-based line of the entry after the edit (0 when nothing was written)."""
    created_groups: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"local": self.local, "action": self.action, "title": self.title, "line": self.line,
                "created_groups": list(self.created_groups)}


# --------------------------------------------------------------------------- parsed tree


@dataclass(slots=True, eq=False)
class _Scalar:
    value: str
    start: int
    """Character index of the scalar's first character (quote included)."""
    end: int
    line: int
    """0-based line of the scalar's last character."""


@dataclass(slots=True, eq=False)
class _Item:
    """A mapping item of a sequence: an entry, a group, or both."""

    start_line: int
    """0-based line holding the item's dash."""
    end_line: int
    """0-based last line of the item's content."""
    dash_col: int
    key_col: int
    keys: list[str]
    scalars: dict[str, _Scalar]
    sections: _Seq | None
    parent: _Seq | None = None

    @property
    def local(self) -> str | None:
        s = self.scalars.get("local")
        return s.value if s else None

    @property
    def title(self) -> str:
        s = self.scalars.get("title")
        return s.value if s else ""


@dataclass(slots=True, eq=False)
class _Seq:
    items: list[_Item] = field(default_factory=list)
    owner: _Item | None = None
    """The group whose ``sections`` this is; None for the root list."""


def local_of(rel: str) -> str:
    """Toctree ``local`` of a doc path or a written ``local``: ``"./guides/upload.md"`` -> ``"guides/upload"``."""
    local = rel.strip().removeprefix("./")
    for suffix in DOC_SUFFIXES:
        if local.endswith(suffix):
            return local[: -len(suffix)]
    return local


MAX_TOCTREE_ITEMS = 50_000
"""Entries and groups a toctree may expand to. transformers' largest has about 1,000; a 1.7 KB
``_toctree.yml`` whose aliases nest each other (a "billion laughs") made ``status`` use 6.7 GB and end in
``MemoryError`` (issue 16), stalling every visitor of a shared server."""

MAX_TOCTREE_DEPTH = 50
"""Groups a toctree may nest (``sections`` inside ``sections``). Real ones nest 3 at most (diffusers,
transformers); a 10,000-deep ``_toctree.yml`` (300 was enough) ended ``status`` and ``toctree --check`` in
"RecursionError ... this is a bug" (issue 25), and YAML aliases could nest a short file as deep."""


def _too_deep(text: str, where: str) -> InputError:
    """The error for a toctree nesting deeper than :data:`MAX_TOCTREE_DEPTH`, at the line where it does.

    Asked only once composing the tree ran out of stack: ruamel's event parser keeps its own stack, so it
    walks any depth and finds the line (parsing every toctree twice would double what loading costs).
    """
    from ruamel.yaml.events import CollectionEndEvent, CollectionStartEvent

    depth, line = 0, None
    try:
        for event in YAML(typ="rt").parse(text):
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > 2 * MAX_TOCTREE_DEPTH + 1:  # a group is a list and a mapping
                    line = event.start_mark.line + 1
                    break  # ruamel's scanner slows down with each level (10,000 took 54 s): stop here
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
    except YAMLError:
        pass
    return _depth_error(where, line)


def _depth_error(where: str, line: int | None) -> InputError:
    return InputError(f"the toctree nests sections more than {MAX_TOCTREE_DEPTH} levels deep (real ones nest "
                      "3 or 4)", path=where, line=line,
                      hint="flatten the nesting: a group's sections hold pages and a few sub-groups, as the "
                           "English toctree does")


class Toctree:
    """A parsed ``_toctree.yml``: the exact source text plus its structure."""

    __slots__ = ("path", "text", "root", "newline", "_lines", "_items")

    def __init__(self, text: str, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self._set_text(text)

    # -- loading

    def _set_text(self, text: str) -> None:
        self.text = text
        self.newline = "\r\n" if "\r\n" in text else "\n"
        self._lines = text.splitlines(keepends=True)
        self._items = 0
        self.root = self._parse(text)

    def _parse(self, text: str) -> _Seq:
        where = str(self.path) if self.path else "<toctree>"
        try:
            node = YAML(typ="rt").compose(text)
        except RecursionError:
            raise _too_deep(text, where) from None
        except MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark is not None else None
            raise InputError(
                f"invalid YAML: {exc.problem or exc.context}",
                path=where,
                line=line,
                hint="fix the YAML syntax of the toctree (indentation, quotes around titles with ':')",
            ) from None
        except YAMLError as exc:
            raise InputError(f"invalid YAML: {exc}", path=where, hint="fix the YAML syntax") from None
        if node is None:
            return _Seq()
        if not isinstance(node, SequenceNode):
            raise InputError("a toctree must be a YAML list of sections", path=where,
                             line=node.start_mark.line + 1)
        return self._seq(node, None, where)

    def _seq(self, node: SequenceNode, owner: _Item | None, where: str, active: frozenset[int] = frozenset()) -> _Seq:
        if len(active) > MAX_TOCTREE_DEPTH:  # one list per level (aliases included): the walks recurse as deep
            raise _depth_error(where, node.start_mark.line + 1)
        if id(node) in active:  # a YAML alias (*name) inside the list it names: it would never end
            raise InputError("a YAML alias in the toctree refers to a list that contains it, so the toctree "
                             "never ends", path=where, line=(owner.start_line + 1) if owner else None,
                             hint="write the sections out instead of using an alias (*name) to one of their parents")
        active = active | {id(node)}
        seq = _Seq(owner=owner)
        for child in node.value:
            if not isinstance(child, MappingNode):
                raise InputError("toctree items must be mappings with 'local'/'title' or 'sections'",
                                 path=where, line=child.start_mark.line + 1)
            self._items += 1
            if self._items > MAX_TOCTREE_ITEMS:
                raise InputError(f"the toctree expands to more than {MAX_TOCTREE_ITEMS:,} entries: YAML aliases "
                                 "(*name) repeat sections inside sections", path=where,
                                 line=child.start_mark.line + 1,
                                 hint="write the sections out instead of using aliases (*name)")
            seq.items.append(self._item(child, seq, where, active))
        return seq

    def _item(self, node: MappingNode, parent: _Seq, where: str, active: frozenset[int] = frozenset()) -> _Item:
        key_col = node.start_mark.column
        dash_line = node.start_mark.line
        line_text = self._lines[dash_line] if dash_line < len(self._lines) else ""
        dash_col = line_text.rfind("-", 0, key_col) if "-" in line_text[:key_col] else key_col
        item = _Item(dash_line, dash_line, dash_col, key_col, [], {}, None, parent)
        for k, v in node.value:
            key = str(k.value)
            item.keys.append(key)
            if isinstance(v, ScalarNode):
                end_idx = v.end_mark.index
                end_line = v.end_mark.line if v.end_mark.column > 0 or v.end_mark.line == v.start_mark.line \
                    else v.end_mark.line - 1
                item.scalars[key] = _Scalar(str(v.value), v.start_mark.index, end_idx, end_line)
                item.end_line = max(item.end_line, end_line, k.start_mark.line)
            elif key == "sections" and isinstance(v, SequenceNode):
                item.sections = self._seq(v, item, where, active)
                last = item.sections.items[-1].end_line if item.sections.items else k.start_mark.line
                item.end_line = max(item.end_line, last)
            elif key in KNOWN_KEYS:  # doc-builder itself refuses these: a title or local must be text
                raise InputError(f"unexpected value for '{key}' in the toctree", path=where,
                                 line=v.start_mark.line + 1,
                                 hint=f"'{key}' must be {'a list of entries' if key == 'sections' else 'text'}")
            else:
                # a key of the project's own (framework variants, quiz numbers, badges...): kept as written
                end_line = v.end_mark.line if v.end_mark.column > 0 else v.end_mark.line - 1
                item.end_line = max(item.end_line, end_line, k.start_mark.line)
        return item

    # -- walking

    def walk(self) -> Iterator[tuple[_Item, tuple[str, ...]]]:
        """Every item depth first with the titles of its enclosing groups."""

        def rec(seq: _Seq, groups: tuple[str, ...]) -> Iterator[tuple[_Item, tuple[str, ...]]]:
            for item in seq.items:
                yield item, groups
                if item.sections is not None:
                    yield from rec(item.sections, (*groups, item.title))

        yield from rec(self.root, ())

    def entries(self) -> list[TocEntry]:
        """Every page entry in order; placeholders included (``in_translation=True``)."""
        out: list[TocEntry] = []
        for item, groups in self.walk():
            if item.local is None:
                continue
            placeholder = _is_placeholder(item)
            out.append(TocEntry(
                local=item.local,
                title=item.title,
                position=len(out),
                groups=groups,
                in_translation=placeholder,
                line=item.start_line + 1,
                placeholder_for=self._placeholder_hint(item) if placeholder else None,
            ))
        return out

    def _placeholder_hint(self, item: _Item) -> str | None:
        """English local named in a placeholder's comment: ``local: in_translation # guides/upload``."""
        s = item.scalars.get("local")
        if s is None or s.value != PLACEHOLDER_LOCAL:
            return local_of(s.value) if s else None
        rest = self._lines[s.line][self._col(s.end, s.line):]
        m = re.match(r"\s*#\s*(\S+)", rest)
        return local_of(m.group(1)) if m else None

    def _col(self, index: int, line: int) -> int:
        return index - sum(len(x) for x in self._lines[:line])

    # -- saving

    def save(self, path: Path | str | None = None) -> None:
        """Write the current text atomically to ``path`` (default: where it was loaded from)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no path to save the toctree to")
        atomic_write(target, self.text)

    # -- text edits (each one re-parses, so positions stay true)

    def _replace(self, start: int, end: int, new: str) -> None:
        self._set_text(self.text[:start] + new + self.text[end:])

    def _insert_lines(self, line: int, lines: list[str]) -> None:
        old = list(self._lines)
        new = [ln + self.newline for ln in lines]
        if line > 0 and line == len(old) and not old[-1].endswith(("\n", "\r")):
            # keep the file's "no newline at end of file": the new last line goes without one
            old[-1] += self.newline
            new[-1] = new[-1][: -len(self.newline)]
        self._set_text("".join(old[:line] + new + old[line:]))


def _is_placeholder(item: _Item) -> bool:
    return item.local == PLACEHOLDER_LOCAL or item.title.startswith(ANY_PLACEHOLDER_PREFIXES)


def load_toctree(path: Path | str) -> Toctree:
    """Parse ``path`` (round-trip); malformed YAML raises :class:`InputError` with file and line."""
    return Toctree(read_text(path), path)


_ENTRIES: OrderedDict[tuple[str, str], list[TocEntry]] = OrderedDict()
_ENTRIES_KEPT = 16


def toctree_entries(path: Path | str, cache: Cache | None = None) -> list[TocEntry]:
    """The entries of the toctree at ``path`` (:meth:`Toctree.entries`), read through its content: parsed
    once per content in a process, and kept in ``cache`` by git blob id. A round-trip YAML parse of a
    550-page toctree is a third of a second, and one ``status`` read the English one twice."""
    text = read_text(path)
    key = (str(path), blob_id(text.encode("utf-8", "surrogatepass")))
    found = _ENTRIES.get(key)
    if found is None and cache is not None:
        found = cache.get("toctree", key[1], lambda d: [TocEntry(e[0], e[1], e[2], tuple(e[3]), *e[4:]) for e in d])
    if found is None:
        found = Toctree(text, path).entries()
        if cache is not None:
            cache.put("toctree", key[1], [(e.local, e.title, e.position, e.groups, e.in_translation, e.line,
                                           e.placeholder_for) for e in found])
    _ENTRIES[key] = found
    _ENTRIES.move_to_end(key)
    while len(_ENTRIES) > _ENTRIES_KEPT:
        _ENTRIES.popitem(last=False)
    return list(found)


def toctree_path(layout: DocsLayout, lang: str) -> Path:
    """``docs/source/<lang>/_toctree.yml``; a link to a file outside the repository is refused."""
    return layout.safe_path(layout.lang_dir(lang) / TOCTREE)
