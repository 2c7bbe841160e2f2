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

import re
from dataclasses import dataclass
from pathlib import PurePosixPath

from ..doc import Block, Document
from ..errors import InputError, RepoError
from ..fileio import atomic_write, read_text, through_link
from ..repo.layout import SOURCE_LANG, DocsLayout
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

    def __init__(self, layout: DocsLayout, lang: str) -> None:
        self.layout, self.lang = layout, lang
        self._found: list[tuple[str, int, str, str]] | None = None
        self._anchors: dict[str, set[str] | None] = {}

    def anchors_of(self, rel: str, target: str) -> set[str] | None:
        """The anchors of the ``lang`` doc a link ``target`` written in doc ``rel`` leads to (None: a URL,
        or no such translated doc). ``check``'s ``links`` rule asks it when a translation links to another
        translated doc with a fragment the English link does not have: a translator's custom anchor there
        is where the link lands (:func:`hfi18n.check.content.check_links`)."""
        path = target.strip("<>").split("#", 1)[0].split("?", 1)[0]
        if not path or "://" in path or path.startswith(("/", "mailto:")):
            return None
        doc = self.layout.twin(_stem(_normalize(PurePosixPath(rel).parent / path)) + ".md", self.lang)
        if doc is None:
            return None
        if doc not in self._anchors:
            from ..doc import parse
            from .structure import all_anchors

            try:
                self._anchors[doc] = all_anchors(parse(read_text(self.layout.path(self.lang, doc))))
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


PENDING = "fix-anchors-pending.json"
"""The renames of a ``--fix-anchors`` run whose writes have not all landed, in the language's state folder
(``.git/hfi18n/fix-anchors/<lang>/``): the next run finishes them before anything else."""


def _pending_path(layout: DocsLayout, lang: str):  # type: ignore[no-untyped-def]
    from ..repo.layout import state_dir

    return state_dir(layout, "fix-anchors") / lang / PENDING


Rename = tuple[str, int, str, str]
"""``(doc, line of its heading, old anchor, new anchor)``."""


def _apply(layout: DocsLayout, lang: str, renames: list[Rename], texts: dict[str, str]) -> dict[str, str]:
    """``texts`` (doc -> text, read as needed) with every rename ``(rel, line, old, new)`` applied: the heading
    anchor ``[[old]]`` on ``line`` of ``rel`` and every link of the language to ``rel#old``. Applying a rename twice
    changes nothing the second time, so an interrupted run can be finished by applying it again."""
    docs = [d for d in layout.docs(lang) if not layout.path(lang, d).is_symlink()]

    def text_of(doc: str) -> str | None:
        if doc not in texts:
            try:
                texts[doc] = read_text(layout.path(lang, doc))
            except Exception:  # noqa: BLE001 - an unreadable doc has no links to rewrite (check reports it)
                return None
        return texts[doc]

    for rel, line, old, new in renames:
        own = text_of(rel)
        if own is not None:
            lines = own.split("\n")
            if 0 < line <= len(lines):
                lines[line - 1] = lines[line - 1].replace(f"[[{old}]]", f"[[{new}]]")
            texts[rel] = "\n".join(lines)
        for other in docs:
            text = text_of(other)
            if text is not None and f"#{old}" in text:
                texts[other] = rewrite_links(text, other, rel, old, new)
    return texts


def finish_pending(layout: DocsLayout, lang: str) -> list[Rename]:
    """Finish the renames an interrupted ``--fix-anchors`` run left (its heading written, a link not yet):
    the links it had not rewritten would dangle for good, since the anchor is no longer custom. Returns the
    renames finished."""
    import json

    pending = _pending_path(layout, lang)
    if not pending.is_file():
        return []
    try:
        renames = [(str(r), int(n), str(a), str(b)) for r, n, a, b in json.loads(read_text(pending))["renames"]]
    except (ValueError, KeyError, TypeError):
        pending.unlink()  # not ours to read: nothing can be finished from it
        return []
    _write_all(layout, lang, renames, _apply(layout, lang, renames, {}))
    return renames


def _write_all(layout: DocsLayout, lang: str, renames: list[Rename], texts: dict[str, str]) -> None:
    """Write every changed doc, between a record of the renames (written first) and its removal (last): a
    run killed between two writes leaves the record, and the next run applies it again."""
    import json

    changed = {}
    for doc, text in texts.items():
        try:
            if read_text(layout.path(lang, doc)) != text:
                changed[doc] = text
        except Exception:  # noqa: BLE001 - unreadable: it was never changed in memory either
            continue
    pending = _pending_path(layout, lang)
    pending.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(pending, json.dumps({"renames": [list(r) for r in renames]}, ensure_ascii=False) + "\n")
    for doc in sorted(changed):
        atomic_write(layout.path(lang, doc), changed[doc])
    pending.unlink()


def fix_anchors(layout: DocsLayout, lang: str, rels: list[str], english_of) -> list[AnchorFix]:
    """Rename the custom anchors of ``rels`` to the English ones, with every link to them in ``lang``.

    ``english_of(rel)`` gives the English :class:`Document` of ``rel`` (None: no twin, nothing done).
    Every new text is made first, then the docs are written, each atomically, behind a record of the renames:
    a run killed between two writes (the heading renamed, a link to it not yet) left that link dangling
    and a re-run did not see it, since the anchor was no longer custom (issue 33). The next run finishes
    the record first (:func:`finish_pending`)."""
    from ..doc import parse

    finish_pending(layout, lang)
    fixes = []
    renames: list[Rename] = []
    done: set[str] = set()
    links_of = AnchorLinks(layout, lang)
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
        try:
            tgt = parse(read_text(path))
        except InputError:  # one non-UTF-8 doc stopped the whole language's check (issue 33): check reports it
            continue
        for ca in custom_anchors(src, tgt):
            renames.append((rel, ca.line, ca.anchor, ca.english))
            fixes.append(AnchorFix(rel, ca.line, ca.anchor, ca.english, tuple(links_of.links(rel, ca.anchor))))
    if renames:
        _write_all(layout, lang, renames, _apply(layout, lang, renames, {}))
    return fixes
