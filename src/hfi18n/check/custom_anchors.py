"""Translators' own heading anchors: one behaviour for ``check``, ``translate --update`` and a fix.

A translated heading carries the English anchor (``## 설치 [[installation]]``) so that a link written for
the English page (``quicktour#installation``) reaches it. Some translators choose their own
(``[[bytepair-encoding-bpe]]`` where the English heading is ``byte-pair-encoding-bpe``), and other
translated docs link to it. ``--update`` used to rewrite such anchors on headings whose English had not
changed (27 of 27 on 3 docs of issue 24), which broke a link in another translated doc, while ``check``
called the same anchors errors.

Now: ``--update`` keeps a heading whose English did not change byte for byte; ``check`` reports a custom
anchor as a warning that names the links using it (:func:`custom_anchors`, :func:`anchor_links`); and
``hfi18n check --fix-anchors`` (:func:`fix_anchors`) renames the anchor to the English one together with
every link to it in that language's docs, so nothing breaks on the way.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..doc import Block, Document
from ..errors import RepoError
from ..fileio import atomic_write, read_text, through_link
from ..repo.doclog import blob_id
from ..repo.layout import SOURCE_LANG, DocsLayout
from ..repo.store import Store
from .structure import _pair_headings, heading_aliases, matches_autodoc

_LINK_RE = re.compile(r"\]\(\s*<?([^)\s#>]*)#([^)\s>]+)>?\s*\)")
"""A Markdown link with a fragment: ``](path#frag)`` or ``](#frag)``."""


@dataclass(slots=True, frozen=True)
class CustomAnchor:
    """A translated heading whose explicit anchor is not the English one of the heading it translates."""

    line: int
    anchor: str
    """The translator's anchor."""
    english: str
    """The anchor of the English heading it translates."""


def custom_anchors(src: Document, tgt: Document) -> list[CustomAnchor]:
    """The custom anchors of ``tgt`` (headings paired with ``src`` by level sequence, as ``check`` pairs
    them); a heading with no English counterpart or no explicit anchor is not one (``check`` errors)."""
    s_heads, t_heads = src.headings(), tgt.headings()
    if [h.meta["level"] for h in s_heads] != [h.meta["level"] for h in t_heads]:
        return []
    pairs = _pair_headings(s_heads, t_heads)
    en_set = {str(h.meta["anchor"]) for h in s_heads}
    aliases: set[str] = set()
    for extra in heading_aliases(src).values():
        aliases |= extra
    out = []
    for t in t_heads:
        anchor = str(t.meta["anchor"])
        s: Block | None = pairs.get(id(t))
        if (s is None or t.meta.get("explicit_anchor") is None or anchor in en_set
                or matches_autodoc(anchor, aliases)):
            continue
        out.append(CustomAnchor(t.start_line, anchor, str(s.meta["anchor"])))
    return out


def _blob(path: Path) -> str:
    """Git's blob id of a file's bytes ("-" when it cannot be read)."""
    try:
        return blob_id(path.read_bytes())
    except OSError:
        return "-"


def _stem(path: str) -> str:
    return re.sub(r"\.mdx?$", "", path)


def _reaches(other: str, rel: str, path: str) -> bool:
    """Does a link written in doc ``other`` to ``path`` (``""``: the page itself) lead to doc ``rel``?"""
    if not path:
        return other == rel
    if "://" in path or path.startswith("/"):
        return False
    return _stem(_normalize(PurePosixPath(other).parent / path)) == _stem(rel)


class AnchorLinks:
    """Every link with a fragment in ``lang``'s docs, read once per run: ``links(rel, anchor)`` answers
    for each custom anchor of each checked doc (reading every doc again per anchor made a whole-language
    ``check`` cost anchors times docs file reads)."""

    def __init__(self, layout: DocsLayout, lang: str, store: Store | None = None) -> None:
        self.layout, self.lang = layout, lang
        self.store = store if store is not None else Store(layout.repo)
        self._found: list[tuple[str, int, str, str]] | None = None
        self._anchors: dict[str, set[str] | None] = {}
        self._used: list[tuple[str, str, str]] | None = None
        self._digest: str | None = None

    @contextlib.contextmanager
    def recording(self) -> Iterator[list[tuple[str, str, str]]]:
        """Within, every question answered is listed as ``(kind, question, stamp)`` (:meth:`stamp`): what a
        doc's findings read of the other docs, so a kept result is used only while those are unchanged."""
        used: list[tuple[str, str, str]] = []
        outer, self._used = self._used, used
        try:
            yield used
        finally:
            self._used = outer

    def _note(self, kind: str, name: str) -> None:
        if self._used is not None and not any(k == kind and n == name for k, n, _ in self._used):
            self._used.append((kind, name, self.stamp(kind, name)))

    def stamp(self, kind: str, name: str) -> str:
        """What the answer to a question depends on, now: for ``anchors`` (``rel\0target``), the doc the
        link leads to and its content; for ``links``, the content of every doc of the language."""
        if kind == "anchors":
            rel, _, target = name.partition("\0")
            doc = self._target(rel, target)
            if doc is None:
                return "-"
            return f"{doc}:{_blob(self.layout.path(self.lang, doc))}"
        if self._digest is None:
            h = hashlib.sha256()
            for other in self.layout.docs(self.lang):
                h.update(f"{other}\0{_blob(self.layout.path(self.lang, other))}\0".encode())
            self._digest = h.hexdigest()
        return self._digest

    def _target(self, rel: str, target: str) -> str | None:
        path = target.strip("<>").split("#", 1)[0].split("?", 1)[0]
        if not path or "://" in path or path.startswith(("/", "mailto:")):
            return None
        return self.layout.twin(_stem(_normalize(PurePosixPath(rel).parent / path)) + ".md", self.lang)

    def anchors_of(self, rel: str, target: str) -> set[str] | None:
        """The anchors of the ``lang`` doc a link ``target`` written in doc ``rel`` leads to (None: a URL,
        or no such translated doc). ``check``'s ``links`` rule asks it when a translation links to another
        translated doc with a fragment the English link does not have: a translator's custom anchor there
        is where the link lands (:func:`hfi18n.check.content.check_links`)."""
        self._note("anchors", f"{rel}\0{target}")
        doc = self._target(rel, target)
        if doc is None:
            return None
        if doc not in self._anchors:
            from .structure import all_anchors

            try:
                self._anchors[doc] = all_anchors(self.store.file(self.layout.path(self.lang, doc)))
            except Exception:  # noqa: BLE001 - an unreadable doc has no anchor to land on (check reports it)
                self._anchors[doc] = None
        return self._anchors[doc]

    def _all(self) -> list[tuple[str, int, str, str]]:
        if self._found is None:
            self._found = []
            for other in self.layout.docs(self.lang):
                try:
                    text = read_text(self.layout.path(self.lang, other))
                except Exception:  # noqa: BLE001 - an unreadable doc has no links to count
                    continue
                for n, line in enumerate(text.splitlines(), 1):
                    self._found.extend((other, n, m.group(1), m.group(2)) for m in _LINK_RE.finditer(line))
        return self._found

    def links(self, rel: str, anchor: str) -> list[tuple[str, int]]:
        """``(doc, line)`` of every link in the language's docs to ``#anchor`` of ``rel`` (relative links, and
        in-page ``#anchor`` links of ``rel`` itself)."""
        self._note("links", "")
        return [(other, n) for other, n, path, frag in self._all() if frag == anchor and _reaches(other, rel, path)]


def anchor_links(layout: DocsLayout, lang: str, rel: str, anchor: str) -> list[tuple[str, int]]:
    """:meth:`AnchorLinks.links` for one question (a run asking about several anchors keeps one
    :class:`AnchorLinks`)."""
    return AnchorLinks(layout, lang).links(rel, anchor)


def rewrite_links(text: str, other: str, rel: str, old: str, new: str) -> str:
    """``text`` (of doc ``other``) with its links to ``rel#old`` leading to ``rel#new``."""
    def swap(m: re.Match[str]) -> str:
        if m.group(2) == old and _reaches(other, rel, m.group(1)):
            return m.group(0).replace(f"#{old}", f"#{new}")
        return m.group(0)

    return _LINK_RE.sub(swap, text)


def _normalize(path: PurePosixPath) -> str:
    parts: list[str] = []
    for p in path.parts:
        if p == "..":
            if parts:
                parts.pop()
        elif p not in (".", ""):
            parts.append(p)
    return "/".join(parts)


@dataclass(slots=True, frozen=True)
class AnchorFix:
    """One custom anchor renamed, and the links rewritten with it."""

    doc: str
    line: int
    anchor: str
    english: str
    links: tuple[tuple[str, int], ...]


def fix_anchors(layout: DocsLayout, lang: str, rels: list[str], english_of) -> list[AnchorFix]:
    """Rename the custom anchors of ``rels`` to the English ones, with every link to them in ``lang``.

    ``english_of(rel)`` gives the English :class:`Document` of ``rel`` (None: no twin, nothing done).
    Each file is written atomically, once per anchor it changes."""
    from ..doc import parse

    fixes = []
    done: set[str] = set()
    for rel in rels:
        path = layout.path(lang, rel)
        if path.is_symlink():  # written through only to the page it mirrors, never replaced by a file
            try:
                lands = through_link(layout.repo, path, tree=layout.lang_dir(lang),
                                     mirror=layout.path(SOURCE_LANG, rel), mirror_tree=layout.lang_dir(SOURCE_LANG))
            except RepoError:
                continue
            rel = lands.relative_to(layout.lang_dir(lang).resolve()).as_posix()
            path = layout.path(lang, rel)
        if rel in done:
            continue
        done.add(rel)
        src = english_of(rel)
        if src is None:
            continue
        tgt = parse(read_text(path))
        for ca in custom_anchors(src, tgt):
            links = anchor_links(layout, lang, rel, ca.anchor)
            text = read_text(path)
            lines = text.split("\n")
            lines[ca.line - 1] = lines[ca.line - 1].replace(f"[[{ca.anchor}]]", f"[[{ca.english}]]")
            atomic_write(path, "\n".join(lines))
            for other in sorted({d for d, _n in links}):
                opath = layout.path(lang, other)
                if opath.is_symlink():
                    continue  # the doc it leads to is one of the language's docs: its links are rewritten there
                otext = read_text(opath)
                changed = rewrite_links(otext, other, rel, ca.anchor, ca.english)
                if changed != otext:
                    atomic_write(opath, changed)
            fixes.append(AnchorFix(rel, ca.line, ca.anchor, ca.english, tuple(links)))
    return fixes
