"""Read, edit and check a doc-builder ``_toctree.yml`` without disturbing a byte of what we do not change.

A toctree is a YAML list of *groups* (``title`` + ``sections``) whose ``sections`` hold *entries*
(``local`` + ``title``) and nested groups. ruamel.yaml parses the file in round-trip mode and gives the
exact position of every node; edits are then applied as splices of the source text at those positions
(a scalar replaced, an item's lines inserted), so comments, quoting, key order, indentation, line
endings and every untouched line stay byte-identical. (A full ruamel re-dump cannot promise that: real
toctrees mix indentation styles inside one file and ruamel re-indents top-level sequences.) New lines copy
the indentation and key order of their siblings.

Mirroring English: :func:`add_entries` puts a translated page in the group that mirrors its English
group, after the nearest English sibling already present (creating missing groups in English order), or
fills the language's placeholder entry (Korean ``local: in_translation`` titled ``(번역중) ...``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

from ..errors import InputError
from ..fileio import atomic_write, read_text
from .layout import DOC_SUFFIXES, SOURCE_LANG, DocsLayout

if TYPE_CHECKING:
    from ..check.findings import Finding

TOCTREE = "_toctree.yml"
PLACEHOLDER_LOCAL = "in_translation"
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


def _normalize_local(local: str) -> str:
    local = local.strip().removeprefix("./")
    for suffix in DOC_SUFFIXES:
        if local.endswith(suffix):
            return local[: -len(suffix)]
    return local


def local_of(rel: str) -> str:
    """Toctree ``local`` of a doc path: ``"guides/upload.md"`` -> ``"guides/upload"``."""
    return _normalize_local(rel)


class Toctree:
    """A parsed ``_toctree.yml``: the exact source text plus its structure."""

    __slots__ = ("path", "text", "root", "newline", "_lines")

    def __init__(self, text: str, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self._set_text(text)

    # -- loading

    def _set_text(self, text: str) -> None:
        self.text = text
        self.newline = "\r\n" if "\r\n" in text else "\n"
        self._lines = text.splitlines(keepends=True)
        self.root = self._parse(text)

    def _parse(self, text: str) -> _Seq:
        where = str(self.path) if self.path else "<toctree>"
        try:
            node = YAML(typ="rt").compose(text)
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

    def _seq(self, node: SequenceNode, owner: _Item | None, where: str) -> _Seq:
        seq = _Seq(owner=owner)
        for child in node.value:
            if not isinstance(child, MappingNode):
                raise InputError("toctree items must be mappings with 'local'/'title' or 'sections'",
                                 path=where, line=child.start_mark.line + 1)
            seq.items.append(self._item(child, seq, where))
        return seq

    def _item(self, node: MappingNode, parent: _Seq, where: str) -> _Item:
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
                item.sections = self._seq(v, item, where)
                last = item.sections.items[-1].end_line if item.sections.items else k.start_mark.line
                item.end_line = max(item.end_line, last)
            else:
                raise InputError(f"unexpected value for '{key}' in the toctree", path=where,
                                 line=v.start_mark.line + 1)
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
            return _normalize_local(s.value) if s else None
        rest = self._lines[s.line][self._col(s.end, s.line):]
        m = re.match(r"\s*#\s*(\S+)", rest)
        return _normalize_local(m.group(1)) if m else None

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


def toctree_path(layout: DocsLayout, lang: str) -> Path:
    return layout.lang_dir(lang) / TOCTREE


# --------------------------------------------------------------------------- rendering new lines

_PLAIN_SAFE = re.compile(r"^[^\s\-?:,\[\]{}#&*!|>'\"%@`][^#]*$")


def _scalar(text: str) -> str:
    """``text`` as a YAML scalar: plain when that reads back the same, else double-quoted."""
    if _PLAIN_SAFE.match(text) and ": " not in text and not text.endswith((":", " ")):
        try:
            back = YAML(typ="safe").load(f"k: {text}")
        except YAMLError:
            back = None
        if isinstance(back, dict) and back.get("k") == text:
            return text
    return json.dumps(text, ensure_ascii=False)


@dataclass(slots=True)
class _Style:
    """How new items are written, copied from existing ones."""

    gap: int
    """Spaces between the dash and the first key."""
    entry_keys: tuple[str, ...]
    group_keys: tuple[str, ...]
    sections_offset: int
    """Dash column of a group's ``sections`` items, relative to the group's key column."""


def _style_for(seq: _Seq, *trees: Toctree) -> _Style:
    """Indentation and key order for a new item of ``seq``: from its siblings, else the first tree that has some."""
    candidates = list(seq.items)
    for tree in trees:
        candidates += [it for it, _ in tree.walk()]
    entry = next((it for it in candidates if it.local is not None and it.sections is None), None)
    group = next((it for it in candidates if it.sections is not None and it.sections.items), None)
    ref = candidates[0] if candidates else None
    entry_keys = tuple(k for k in entry.keys if k in ("local", "title")) if entry else ()
    group_keys = tuple(k for k in group.keys if k in ("title", "sections")) if group else ()
    return _Style(
        gap=max(ref.key_col - ref.dash_col - 1, 1) if ref else 1,
        entry_keys=entry_keys if len(entry_keys) == 2 else ("local", "title"),
        group_keys=group_keys if len(group_keys) == 2 else ("title", "sections"),
        sections_offset=group.sections.items[0].dash_col - group.key_col if group and group.sections else 0,
    )


def _render(style: _Style, dash_col: int, *, local: str | None, title: str,
            group_child: list[str] | None = None) -> list[str]:
    """Lines of a new item at ``dash_col``: an entry, or a group holding the rendered ``group_child``."""
    key_col = dash_col + 1 + style.gap
    first_prefix = " " * dash_col + "-" + " " * style.gap
    lines: list[str] = []
    keys = style.entry_keys if group_child is None else style.group_keys
    for key in keys:
        prefix = first_prefix if not lines else " " * key_col
        if key == "local":
            lines.append(f"{prefix}local: {_scalar(local or '')}")
        elif key == "title":
            lines.append(f"{prefix}title: {_scalar(title)}")
        elif key == "sections":
            lines.append(f"{prefix}sections:")
            lines.extend(group_child or [])
    return lines


# --------------------------------------------------------------------------- mirroring English


class _Mirror:
    """Maps English items to their counterparts in a translated toctree."""

    def __init__(self, tr: Toctree, en: Toctree) -> None:
        self.tr, self.en = tr, en
        self.en_titles = {it.local: it.title for it, _ in en.walk() if it.local}
        self.groups_map = self._match_groups()

    def ref(self, item: _Item) -> str | None:
        """English local an item of the translated tree stands for."""
        if item.local is None:
            return None
        if not _is_placeholder(item):
            return _normalize_local(item.local)
        hint = self.tr._placeholder_hint(item)
        if hint and hint != PLACEHOLDER_LOCAL:
            return hint
        for prefix in ANY_PLACEHOLDER_PREFIXES:
            if item.title.startswith(prefix):
                english = item.title[len(prefix):].strip()
                matches = [loc for loc, t in self.en_titles.items() if t == english]
                if len(matches) == 1:
                    return _normalize_local(matches[0])
        return None

    def direct_refs(self, seq: _Seq) -> set[str]:
        return {r for it in seq.items if (r := self.ref(it))}

    def _match_groups(self) -> dict[int, _Item]:
        """English group (by ``id``) -> translated group, decided children first.

        A group matches the translated group sharing most of its direct entries; failing that one with
        the same title; failing that the translated parent of a matched subgroup.
        """
        tr_groups = [it for it, _ in self.tr.walk() if it.sections is not None]
        tr_refs = [(g, self.direct_refs(g.sections)) for g in tr_groups]
        by_title: dict[str, list[_Item]] = {}
        for g in tr_groups:
            by_title.setdefault(g.title, []).append(g)
        out: dict[int, _Item] = {}

        def visit(seq: _Seq) -> None:
            for it in seq.items:
                if it.sections is None:
                    continue
                visit(it.sections)  # children first
                en_refs = {_normalize_local(x.local) for x in it.sections.items if x.local}
                best, score = None, 0
                for g, refs in tr_refs:
                    if (n := len(refs & en_refs)) > score:
                        best, score = g, n
                if best is None and len(by_title.get(it.title, [])) == 1:
                    best = by_title[it.title][0]
                if best is None:
                    for sub in it.sections.items:
                        m = out.get(id(sub))
                        if m is not None and m.parent is not None and m.parent.owner is not None:
                            best = m.parent.owner
                            break
                if best is not None:
                    out[id(it)] = best

        visit(self.en.root)
        return out

    def match_seq(self, en_seq: _Seq) -> _Seq | None:
        """The translated sequence mirroring ``en_seq`` (root matches root)."""
        if en_seq.owner is None:
            return self.tr.root
        m = self.groups_map.get(id(en_seq.owner))
        return m.sections if m is not None else None

    def counterpart(self, en_item: _Item, seq: _Seq) -> _Item | None:
        """The item of translated ``seq`` that mirrors ``en_item`` (entry or group)."""
        if en_item.local is not None and en_item.sections is None:
            target = _normalize_local(en_item.local)
            return next((it for it in seq.items if self.ref(it) == target), None)
        if en_item.sections is not None:
            m = self.match_seq(en_item.sections)
            if m is not None and m.owner is not None and m.owner.parent is seq:
                return m.owner
        return None

    def find_ref(self, local: str) -> list[_Item]:
        return [it for it, _ in self.tr.walk() if self.ref(it) == local]


def _find_en(en: Toctree, local: str) -> _Item | None:
    return next((it for it, _ in en.walk() if it.local and _normalize_local(it.local) == local), None)


def _insertion_line(mirror: _Mirror, en_item: _Item, seq: _Seq) -> int:
    """Line before which a new counterpart of ``en_item`` goes in ``seq``, mirroring English order."""
    siblings = en_item.parent.items if en_item.parent else []
    k = siblings.index(en_item)
    for j in range(k - 1, -1, -1):
        c = mirror.counterpart(siblings[j], seq)
        if c is not None:
            return c.end_line + 1
    for j in range(k + 1, len(siblings)):
        c = mirror.counterpart(siblings[j], seq)
        if c is not None:
            return c.start_line
    if seq.items:
        return seq.items[-1].end_line + 1
    owner = seq.owner
    return owner.end_line + 1 if owner is not None else len(mirror.tr._lines)


def add_entries(tr: Toctree, en: Toctree, pages: Iterable[tuple[str, str | None]], *,
                translate_titles: TitleTranslator | None = None) -> list[TocChange]:
    """Add or update the entries of ``pages`` (``(local, title or None)``) in ``tr``, mirroring ``en``.

    A page already listed is left alone; a placeholder for it is filled in (local and title); otherwise
    the entry is inserted in the group that mirrors its English group, after its nearest English sibling
    already present. Missing groups are created in English order, titled by ``translate_titles`` (English
    when None). A page's title defaults to its English title, translated the same way.
    """
    pages = [(_normalize_local(loc), title) for loc, title in pages]
    # titles to translate, one batch: pages without a title, and groups the translation lacks
    mirror = _Mirror(tr, en)
    wanted: list[str] = []
    for loc, title in pages:
        en_item = _find_en(en, loc)
        if en_item is None or any(not _is_placeholder(it) for it in mirror.find_ref(loc)):
            continue
        if title is None:
            wanted.append(en_item.title)
        seq = en_item.parent
        while seq is not None and seq.owner is not None and mirror.match_seq(seq) is None:
            wanted.append(seq.owner.title)
            seq = seq.owner.parent
    wanted = list(dict.fromkeys(w for w in wanted if w))
    translated = dict(zip(wanted, translate_titles(wanted), strict=True)) if translate_titles and wanted \
        else {w: w for w in wanted}

    changes = []
    for loc, title in pages:
        changes.append(_add_one(tr, en, loc, title, translated))
    return changes


def _fill_placeholder(tr: Toctree, item: _Item, local: str, title: str) -> TocChange:
    """Turn a placeholder into the real entry: its ``local`` (dropping a ``# path`` comment) and title."""
    line = item.start_line
    edits: list[tuple[int, int, str]] = []
    loc_s = item.scalars["local"]
    rest = tr._lines[loc_s.line][tr._col(loc_s.end, loc_s.line):]
    comment = re.match(r"[ \t]*#[^\r\n]*", rest)
    edits.append((loc_s.start, loc_s.end + (comment.end() if comment else 0), _scalar(local)))
    title_s = item.scalars.get("title")
    if title_s is not None:
        edits.append((title_s.start, title_s.end, _scalar(title)))
    for start, end, new in sorted(edits, reverse=True):  # from the end, so earlier offsets stay valid
        tr._replace(start, end, new)
    if title_s is None:
        it = next(i for i, _ in tr.walk() if i.start_line == line)
        tr._insert_lines(it.end_line + 1, [" " * it.key_col + f"title: {_scalar(title)}"])
    return TocChange(local, "replaced-placeholder", title, line + 1)


def _add_one(tr: Toctree, en: Toctree, local: str, title: str | None, translated: dict[str, str]) -> TocChange:
    mirror = _Mirror(tr, en)
    en_item = _find_en(en, local)
    existing = [it for it in mirror.find_ref(local) if not _is_placeholder(it)]
    if existing:
        it = existing[0]
        return TocChange(local, "present", it.title, it.start_line + 1)
    if en_item is None:
        return TocChange(local, "not-in-english", title or local)
    title = title or translated.get(en_item.title, en_item.title)
    placeholders = [it for it in mirror.find_ref(local) if _is_placeholder(it)]
    if placeholders:
        return _fill_placeholder(tr, placeholders[0], local, title)

    # find or create the group chain
    created: list[str] = []
    chain: list[_Item] = []  # English items from the page up to the first group that has a counterpart
    node: _Item = en_item
    seq = mirror.match_seq(node.parent) if node.parent else tr.root
    while seq is None:
        chain.append(node.parent.owner)
        node = node.parent.owner
        seq = mirror.match_seq(node.parent) if node.parent else tr.root
    # ``node`` is the English item to insert into ``seq`` (a group to create, or the entry itself)
    line = _insertion_line(mirror, node, seq)
    style = _style_for(seq, tr, en)
    if seq.items:
        dash_col = seq.items[0].dash_col
    else:
        dash_col = seq.owner.key_col + style.sections_offset if seq.owner is not None else 0
    step = 1 + style.gap + style.sections_offset  # from a group's dash to its sections' dashes
    lines = _render(style, dash_col + step * len(chain), local=local, title=title)
    for depth, grp in zip(range(len(chain) - 1, -1, -1), chain, strict=True):
        gtitle = translated.get(grp.title, grp.title)
        created.append(gtitle)
        lines = _render(style, dash_col + step * depth, local=None, title=gtitle, group_child=lines)
    tr._insert_lines(line, lines)
    entry_line = next((it.start_line + 1 for it, _ in tr.walk() if it.local == local), line + 1)
    return TocChange(local, "added", title, entry_line, tuple(reversed(created)))


# --------------------------------------------------------------------------- titles


_HEADING = re.compile(r"^#\s+(.+?)\s*#*\s*$")
_ANCHOR = re.compile(r"\s*\[\[[^\]]*\]\]\s*$")


def heading_title(text: str) -> str | None:
    """Title of a doc from its first ``# `` heading, anchors dropped (``# 제목 [[anchor]]`` -> ``제목``)."""
    text = re.sub(r"<!--.*?-->", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    fence: str | None = None
    for line in text.splitlines():
        stripped = line.strip()
        marker = re.match(r"(`{3,}|~{3,})", stripped)
        if marker:
            if fence is None:
                fence = marker.group(1)[0] * len(marker.group(1))
            elif stripped.startswith(fence):
                fence = None
            continue
        if fence is None and (m := _HEADING.match(line)):
            title = _ANCHOR.sub("", m.group(1)).strip()
            return title or None
    return None


def segment_titles(titles: list[str]) -> str:
    """Titles in the segment wire format ``<segments><s id="t1">...</s>...</segments>``."""
    from html import escape

    body = "\n".join(f'<s id="t{i}">{escape(t, quote=False)}</s>' for i, t in enumerate(titles, 1))
    return f"<segments>\n{body}\n</segments>"


def parse_segment_titles(text: str, titles: list[str]) -> list[str]:
    """Translations parsed back from the wire format; a missing or empty answer keeps the source title."""
    from html import unescape

    found = {m.group(1): unescape(m.group(2)).strip()
             for m in re.finditer(r'<s id="(t\d+)">(.*?)</s>', text, flags=re.S)}
    return [found.get(f"t{i}") or t for i, t in enumerate(titles, 1)]


def llm_title_translator(provider: object, language: str, *, max_tokens: int = 2048) -> TitleTranslator:
    """A :data:`TitleTranslator` asking ``provider`` (see :mod:`hfi18n.translate.providers`) in one call."""

    def translate(titles: list[str]) -> list[str]:
        from ..translate.providers.base import ChatRequest

        system = (
            f"You translate the titles of a software documentation's table of contents into {language}. "
            "Keep product, class and function names, code in backticks and emoji as they are. Answer only "
            'with the same <segments> list, each <s id="..."> holding the translated title.'
        )
        answer = provider.complete(ChatRequest(system=system, user=segment_titles(titles),  # type: ignore[attr-defined]
                                               max_tokens=max_tokens))
        return parse_segment_titles(answer.text, titles)

    return translate


def update_toctree(layout: DocsLayout, lang: str, rels: Iterable[str], *,
                   translate_titles: TitleTranslator | None = None, titles: dict[str, str] | None = None,
                   write: bool = True) -> tuple[Toctree, list[TocChange]]:
    """Add the translated docs ``rels`` (paths relative to the language folder) to ``lang``'s toctree.

    A page's title is ``titles[local]`` when given, else the translated doc's first heading, else its
    English title through ``translate_titles``. Docs with no translated file are reported
    (``"missing-translation"``) and not added: doc-builder fails on an entry without its file.
    """
    en = load_toctree(toctree_path(layout, SOURCE_LANG))
    path = toctree_path(layout, lang)
    tr = load_toctree(path) if path.is_file() else Toctree("", path)
    pages: list[tuple[str, str | None]] = []
    changes: list[TocChange] = []
    for rel in rels:
        local = local_of(rel)
        twin = layout.twin(local + ".md", lang)
        if twin is None:
            changes.append(TocChange(local, "missing-translation", ""))
            continue
        title = (titles or {}).get(local) or heading_title(read_text(layout.path(lang, twin)))
        pages.append((local, title))
    before = tr.text
    changes += add_entries(tr, en, pages, translate_titles=translate_titles)
    if write and tr.text != before:
        tr.save(path)
    return tr, changes


def unlisted_docs(layout: DocsLayout, lang: str) -> list[str]:
    """Translated docs of ``lang`` that its toctree does not list (all of them when it has no toctree)."""
    path = toctree_path(layout, lang)
    listed = {_normalize_local(e.local) for e in load_toctree(path).entries()} if path.is_file() else set()
    return [rel for rel in layout.docs(lang) if _normalize_local(rel) not in listed]


# --------------------------------------------------------------------------- checking


def _lis_keep(values: list[int]) -> set[int]:
    """Indices of one longest increasing subsequence of ``values``."""
    import bisect

    tails: list[int] = []
    tails_idx: list[int] = []
    prev = [-1] * len(values)
    for i, v in enumerate(values):
        k = bisect.bisect_left(tails, v)
        if k == len(tails):
            tails.append(v)
            tails_idx.append(i)
        else:
            tails[k] = v
            tails_idx[k] = i
        prev[i] = tails_idx[k - 1] if k > 0 else -1
    keep: set[int] = set()
    i = tails_idx[-1] if tails_idx else -1
    while i != -1:
        keep.add(i)
        i = prev[i]
    return keep


def check_tree(tr: Toctree, en: Toctree | None, layout: DocsLayout, lang: str) -> list[Finding]:
    """Problems of ``tr`` against the files of ``lang`` and the English toctree ``en``."""
    from ..check.findings import Finding
    file = layout.rel_to_repo(toctree_path(layout, lang))
    findings: list[Finding] = []

    def add(line: int, check: str, severity: str, message: str) -> None:
        findings.append(Finding(file, line, check, severity, message))

    seen: dict[str, int] = {}
    listed: set[str] = set()
    for item, _ in tr.walk():
        if item.local is None:
            if item.sections is None:
                add(item.start_line + 1, "toctree-structure", "error", "item has neither 'local' nor 'sections'")
            continue
        local = _normalize_local(item.local)
        listed.add(local)
        if "title" not in item.scalars:
            add(item.start_line + 1, "toctree-structure", "error", f"entry '{item.local}' has no title")
        if layout.twin(local + ".md", lang) is None:
            add(item.start_line + 1, "toctree-missing-file", "error",
                f"entry '{item.local}' points to a missing file {lang}/{local}.md")
        if local != PLACEHOLDER_LOCAL:
            if local in seen:
                add(item.start_line + 1, "toctree-duplicate", "error",
                    f"'{item.local}' is listed twice (first on line {seen[local]})")
            else:
                seen[local] = item.start_line + 1
    for rel in layout.docs(lang):
        if _normalize_local(rel) not in listed:
            add(1, "toctree-unlisted", "error",
                f"{lang}/{rel} is translated but not in the toctree: run `hfi18n toctree --lang {lang} {rel}`")
    if en is not None:
        mirror = _Mirror(tr, en)
        en_pos = {_normalize_local(it.local): i for i, (it, _) in enumerate(en.walk()) if it.local}
        seqs = [tr.root] + [it.sections for it, _ in tr.walk() if it.sections is not None]
        for seq in seqs:
            ranked = [(it, r, en_pos[r]) for it in seq.items if (r := mirror.ref(it)) in en_pos]
            keep = _lis_keep([p for _, _, p in ranked])
            for i, (it, name, pos) in enumerate(ranked):
                if i in keep:
                    continue
                prev = next((ranked[j] for j in range(i - 1, -1, -1) if j in keep), None)
                nxt = next((ranked[j] for j in range(i + 1, len(ranked)) if j in keep), None)
                if prev is not None and prev[2] > pos:
                    where = f"comes after '{prev[1]}' here but before it in English"
                elif nxt is not None:
                    where = f"comes before '{nxt[1]}' here but after it in English"
                else:
                    where = "is out of the English order"
                add(it.start_line + 1, "toctree-order", "warning", f"'{name}' {where}")
    findings.sort(key=lambda f: (f.line, f.check))
    return findings


def check_toctree(layout: DocsLayout, lang: str) -> list[Finding]:
    """Toctree problems of ``lang`` as :class:`hfi18n.check.Finding`: missing files, unlisted translations,
    duplicates, order drift against English."""
    from ..check.findings import Finding

    path = toctree_path(layout, lang)
    if not path.is_file():
        return [Finding(layout.rel_to_repo(layout.lang_dir(lang)) + "/" + TOCTREE, 0, "toctree-missing",
                           "error", f"no {TOCTREE} for '{lang}': doc-builder cannot build these docs")]
    tr = load_toctree(path)
    en_path = toctree_path(layout, SOURCE_LANG)
    en = load_toctree(en_path) if en_path.is_file() else None
    return check_tree(tr, en, layout, lang)
