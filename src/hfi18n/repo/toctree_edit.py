"""Edit a ``_toctree.yml``: add translated pages where the English toctree has them.

:func:`add_entries` puts a translated page in the group that mirrors its English group, after the nearest
English sibling already present (creating missing groups in English order), or fills the language's
placeholder entry (Korean ``local: in_translation`` titled ``(번역중) ...``). New lines are spliced into the
source text with the indentation and key order of their siblings (see :mod:`.toctree`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from ..doc import parse
from ..doc.draft import PSEUDO_TITLE, is_pseudo
from ..errors import RepoError
from ..fileio import read_text
from .doclog import BlobReader, run_git
from .layout import SOURCE_LANG, DocsLayout, validate_lang
from .toctree import (
    ANY_PLACEHOLDER_PREFIXES,
    PLACEHOLDER_LOCAL,
    TitleTranslator,
    TocChange,
    Toctree,
    _is_placeholder,
    _Item,
    _Seq,
    load_toctree,
    local_of,
    toctree_path,
)

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


class Mirror:
    """Maps English items to their counterparts in a translated toctree.

    ``former``: English titles the English toctree gave its pages in the past -> those pages' locals,
    newest first (:func:`former_titles`). A placeholder says ``(번역중) <the English title when it was
    added>``; once the English retitles the page, its title names no current page, and the page was added a
    second time beside its own placeholder."""

    def __init__(self, tr: Toctree, en: Toctree, former: dict[str, list[str]] | None = None) -> None:
        self.tr, self.en = tr, en
        self.en_titles = {it.local: it.title for it, _ in en.walk() if it.local}
        self.former = former or {}
        self.groups_map = self._match_groups()

    def ref(self, item: _Item) -> str | None:
        """English local an item of the translated tree stands for."""
        if item.local is None:
            return None
        if not _is_placeholder(item):
            return local_of(item.local)
        hint = self.tr._placeholder_hint(item)
        if hint and hint != PLACEHOLDER_LOCAL:
            return hint
        for prefix in ANY_PLACEHOLDER_PREFIXES:
            if item.title.startswith(prefix):
                english = item.title[len(prefix):].strip()
                matches = [loc for loc, t in self.en_titles.items() if t == english]
                if len(matches) == 1:
                    return local_of(matches[0])
                if not matches:  # retitled since: the page that bore this title, if it is still listed
                    listed = {local_of(loc) for loc in self.en_titles}
                    was = {loc for loc in self.former.get(english, ()) if loc in listed}
                    if len(was) == 1:
                        return was.pop()
        return None

    def unmatched_titles(self) -> set[str]:
        """The English titles of placeholders that name no page of the English toctree as it is now."""
        out = set()
        for it, _ in self.tr.walk():
            if it.local is not None and _is_placeholder(it) and self.ref(it) is None:
                for prefix in ANY_PLACEHOLDER_PREFIXES:
                    if it.title.startswith(prefix):
                        out.add(it.title[len(prefix):].strip())
        return out - {""}

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
                en_refs = {local_of(x.local) for x in it.sections.items if x.local}
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
            target = local_of(en_item.local)
            return next((it for it in seq.items if self.ref(it) == target), None)
        if en_item.sections is not None:
            m = self.match_seq(en_item.sections)
            if m is not None and m.owner is not None and m.owner.parent is seq:
                return m.owner
        return None

    def find_ref(self, local: str) -> list[_Item]:
        return [it for it, _ in self.tr.walk() if self.ref(it) == local]


def _find_en(en: Toctree, local: str) -> _Item | None:
    return next((it for it, _ in en.walk() if it.local and local_of(it.local) == local), None)


def _insertion_line(mirror: Mirror, en_item: _Item, seq: _Seq) -> int:
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
                translate_titles: TitleTranslator | None = None,
                former: dict[str, list[str]] | None = None) -> list[TocChange]:
    """Add or update the entries of ``pages`` (``(local, title or None)``) in ``tr``, mirroring ``en``.

    A page already listed is left alone; a placeholder for it is filled in (local and title); otherwise
    the entry is inserted in the group that mirrors its English group, after its nearest English sibling
    already present. Missing groups are created in English order, titled by ``translate_titles`` (English
    when None). A page's title defaults to its English title, translated the same way. ``former``: past
    English titles -> locals, to find placeholders of retitled pages (see :class:`Mirror`).

    Group titles are asked for only for groups that will be created: a placeholder is filled where it
    stands, so a page whose English group has no counterpart (the English moved it) needs none. Asking
    anyway made ``toctree`` without a provider stop at "new toctree titles need translating" for a page
    whose placeholder was right there.
    """
    pages = [(local_of(loc), title) for loc, title in pages]
    # titles to translate, one batch: pages without a title, and groups the translation lacks
    mirror = Mirror(tr, en, former)
    wanted: list[str] = []
    for loc, title in pages:
        en_item = _find_en(en, loc)
        found = mirror.find_ref(loc)
        if en_item is None or any(not _is_placeholder(it) for it in found):
            continue
        if title is None:
            wanted.append(en_item.title)
        if found:  # its placeholder is filled in place: no group to create
            continue
        seq = en_item.parent
        while seq is not None and seq.owner is not None and mirror.match_seq(seq) is None:
            wanted.append(seq.owner.title)
            seq = seq.owner.parent
    wanted = list(dict.fromkeys(w for w in wanted if w))
    translated = dict(zip(wanted, translate_titles(wanted), strict=True)) if translate_titles and wanted \
        else {w: w for w in wanted}

    changes = []
    for loc, title in pages:
        change = _add_one(tr, en, loc, title, translated, former)
        if change.action in ("added", "replaced-placeholder") and _drop_commented(tr, loc):
            line = next((it.start_line + 1 for it, _ in tr.walk() if it.local == loc), change.line)
            change = replace(change, line=line)
        changes.append(change)
    return changes


_COMMENTED_KEY = re.compile(r"^[ \t]*#[ \t]*(-[ \t]*)?([A-Za-z_]+)[ \t]*:[ \t]*(.*?)[ \t]*$")
"""A commented-out toctree line: ``#  - local: tutorials/tools`` (group 1: the dash of a new item)."""


def _drop_commented(tr: Toctree, local: str) -> bool:
    """Remove the commented-out entry of ``local`` once the page is listed for real.

    smolagents' Korean toctree keeps untranslated pages as comments (``#  - local: tutorials/tools`` then
    ``#    title: 🛠️ Tools - in-depth guide``); adding the page left those lines behind, a second, stale
    entry a reviewer has to spot and delete by hand. The item runs from its dashed line through the
    commented key lines that follow it (``local`` may come first or second)."""
    lines = tr.text.splitlines(keepends=True)
    parsed = [_COMMENTED_KEY.match(ln.rstrip("\r\n")) for ln in lines]
    for i, m in enumerate(parsed):
        if m is None or m.group(2) != "local" or local_of(m.group(3).strip("'\"")) != local:
            continue
        start = i
        while parsed[start] is not None and not parsed[start].group(1) and start > 0 and parsed[start - 1] is not None:
            start -= 1
        if parsed[start] is None or not parsed[start].group(1):
            continue  # not a whole commented item: leave it
        end = i + 1
        while end < len(parsed) and parsed[end] is not None and not parsed[end].group(1):
            end += 1
        tr._set_text("".join(lines[:start] + lines[end:]))
        return True
    return False


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


def _add_one(tr: Toctree, en: Toctree, local: str, title: str | None, translated: dict[str, str],
             former: dict[str, list[str]] | None = None) -> TocChange:
    mirror = Mirror(tr, en, former)
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


def heading_title(text: str) -> str | None:
    """Title of a doc from its first level-1 heading, anchor dropped (``# 제목 [[anchor]]`` -> ``제목``)."""
    for block in parse(text).headings():
        if block.meta["level"] == 1:
            return str(block.meta["title"]).strip() or None
    return None


def update_toctree(layout: DocsLayout, lang: str, rels: Iterable[str], *,
                   translate_titles: TitleTranslator | None = None, titles: dict[str, str] | None = None,
                   write: bool = True) -> tuple[Toctree, list[TocChange]]:
    """Add the translated docs ``rels`` (paths relative to the language folder) to ``lang``'s toctree.

    A page's title is ``titles[local]`` when given, else the translated doc's first heading when the
    English toctree titles the page with its English heading, else the English toctree title through
    ``translate_titles`` (kept in English without it): smolagents lists ``tutorials/tools`` (heading
    "Tools") as "🛠️ Tools - in-depth guide", and the translated heading made the entry a bare "도구". Docs with no translated file are reported
    (``"missing-translation"``) and not added: doc-builder fails on an entry without its file.
    """
    validate_lang(lang, target=True)
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
        title = (titles or {}).get(local) or _heading_as_title(layout, en, lang, local, twin)
        pages.append((local, title))
    before = tr.text
    unmatched = Mirror(tr, en).unmatched_titles() if pages else set()
    former = former_titles(layout, unmatched) if unmatched else None
    changes += add_entries(tr, en, pages, translate_titles=translate_titles, former=former)
    if write and tr.text != before:
        tr.save(path)
    return tr, changes


FORMER_BATCH = 64
"""English toctree versions read per ``git cat-file --batch``, newest first, until every title is found."""


def former_titles(layout: DocsLayout, titles: set[str]) -> dict[str, list[str]]:
    """``titles`` the English toctree gave pages in its git history -> those pages' locals, newest first.

    A Korean placeholder ``(번역중) Quick tour`` keeps the English title of the day it was written; when the
    English retitled the page ("Quicktour"), matching by today's title found nothing and the translated
    page was listed a second time. The history of ``en/_toctree.yml`` says which page bore the old title.
    Versions are read newest first, a batch at a time, and reading stops once every title is found (a
    retitle is usually recent); a checkout without git history finds nothing."""
    rel = toctree_path(layout, SOURCE_LANG)
    try:
        log = run_git(layout.repo, "log", "--format=", "--raw", "--no-abbrev", "--no-renames", "--",
                      rel.relative_to(layout.repo).as_posix()).decode("utf-8", "replace")
    except (RepoError, ValueError):
        return {}
    blobs = list(dict.fromkeys(f[3] for ln in log.splitlines()
                               if ln.startswith(":") and len(f := ln.split()) > 4 and set(f[3]) != {"0"}))
    reader = BlobReader(layout.repo)
    out: dict[str, list[str]] = {}
    for start in range(0, len(blobs), FORMER_BATCH):
        batch = blobs[start:start + FORMER_BATCH]
        reader.load(batch)
        for blob in batch:
            for local, title in _pages_in_text(reader.text(blob)):
                if title in titles and local not in out.setdefault(title, []):
                    out[title].append(local)
        if titles <= out.keys():
            break
    return out


_KEY_LINE = re.compile(r"^[ \t]*(?:-[ \t]+)?(?P<key>local|title)[ \t]*:[ \t]*(?P<value>.*?)[ \t]*$")


def _pages_in_text(text: str) -> Iterable[tuple[str, str]]:
    """``(local, title)`` of the page entries of a toctree's text, read line by line: a YAML parser took
    0.4 s a version (diffusers' English toctree has 334 versions, 42 s to read them all); an item starts
    at its dash and its ``local`` and ``title`` may come in either order."""
    item: dict[str, str] = {}
    for line in text.splitlines():
        if line.lstrip().startswith("-"):
            item = {}
        m = _KEY_LINE.match(line)
        if m is None:
            continue
        item[m["key"]] = _unquote(m["value"])
        if "local" in item and "title" in item:
            yield local_of(item.pop("local")), item.pop("title")


def _unquote(value: str) -> str:
    """A YAML scalar as written on one line: quotes taken off, a plain one's ``# comment`` dropped."""
    if len(value) >= 2 and value[0] == value[-1] == '"':
        try:
            return str(json.loads(value))
        except ValueError:
            return value[1:-1]
    if len(value) >= 2 and value[0] == value[-1] == "'":
        return value[1:-1].replace("''", "'")
    return re.split(r"[ \t]#", value, maxsplit=1)[0].strip()


_WORD = re.compile(r"\w+")
_LEAD = re.compile(r"[^\w\s()\[\]`'\"]+\s*")
"""Symbols opening a title (``🤖 ``, ``📚 ``), brackets and quotes aside."""


def _title_words(title: str) -> set[str]:
    """The words of a title, case folded; emoji and punctuation are not words."""
    return set(_WORD.findall(title.casefold()))


def _heading_as_title(layout: DocsLayout, en: Toctree, lang: str, local: str, twin: str) -> str | None:
    """The translated doc's first heading, when the English toctree's title of the page says nothing its
    English heading does not (so the translated heading is that title, translated by a person); else ``None``.

    "Says nothing more": every word of the toctree title is a word of the heading, emoji and punctuation
    aside. smolagents titles ``reference/python_executors`` "Python executors" (heading "Python code
    executors") and ``conceptual_guides/intro_agents`` "🤖 What are agents?" (heading "What are agents? 🤔"):
    demanding the exact heading sent both to an LLM, and ``toctree`` without a provider stopped at "new
    toctree titles need translating" while the translator's own heading was right there. "🛠️ Tools -
    in-depth guide" (heading "Tools") still goes to the LLM: the heading would drop "in-depth guide".
    An emoji opening the English title and missing from the heading opens the title too (``📚 메모리``),
    as smolagents' Korean toctree writes its titles."""
    en_item = _find_en(en, local)
    en_rel = layout.twin(local + ".md", SOURCE_LANG)
    lead = ""
    if en_item is not None and en_rel is not None:
        en_heading = heading_title(read_text(layout.path(SOURCE_LANG, en_rel))) or ""
        if not _title_words(en_item.title) <= _title_words(en_heading):
            return None
        found = _LEAD.match(en_item.title)
        lead = found.group(0) if found else ""
    text = read_text(layout.path(lang, twin))
    title = heading_title(text)
    if title and lead and lead.strip() not in title:
        title = lead + title
    if title and is_pseudo(text):  # scrambled letters of the test double: marked, never a translated title
        title = PSEUDO_TITLE + title
    return title


def unlisted_docs(layout: DocsLayout, lang: str) -> list[str]:
    """Translated docs of ``lang`` that its toctree does not list (all of them when it has no toctree)."""
    validate_lang(lang, target=True)
    path = toctree_path(layout, lang)
    listed = {local_of(e.local) for e in load_toctree(path).entries()} if path.is_file() else set()
    return [rel for rel in layout.docs(lang) if local_of(rel) not in listed]
