"""Content checks: code blocks identical to the English, links and references kept, fragments resolve."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from ..doc import Block, BlockKind, Document
from ..doc.markup import LineCounter
from ..doc.protected import code_without_comments, dedent_block, link_targets, references
from .findings import ERROR, WARNING, Finding
from .structure import all_anchors, autodoc_names, changes, line_near, matches_autodoc


def _code_blocks(doc: Document) -> list[Block]:
    return [b for b in doc.blocks if b.kind is BlockKind.CODE]


def check_code(src: Document, tgt: Document, file: str) -> Iterator[Finding]:
    s = _code_blocks(src)
    t = _code_blocks(tgt)
    s_code = [dedent_block(b.text) for b in s]
    t_code = [dedent_block(b.text) for b in t]
    if s_code == t_code:
        return
    for tag, i1, i2, j1, j2 in changes(s_code, t_code):
        if tag == "replace" and i2 - i1 == j2 - j1:
            for k in range(i2 - i1):
                sb, tb = s[i1 + k], t[j1 + k]
                if code_without_comments(s_code[i1 + k]) == code_without_comments(t_code[j1 + k]):
                    yield Finding(file, tb.start_line, "code", WARNING,
                                  f"code block differs from the English (line {sb.start_line}) only in comments")
                else:
                    yield Finding(file, tb.start_line, "code", ERROR,
                                  f"code block differs from the English one at line {sb.start_line}: "
                                  f"{_first_difference(s_code[i1 + k], t_code[j1 + k])}; code must stay identical")
            continue
        for i in range(i1, i2):
            line = line_near([b.start_line for b in t], j1)
            yield Finding(file, line, "code", ERROR,
                          f"code block of the English (line {s[i].start_line}) is missing here")
        for j in range(j1, j2):
            yield Finding(file, t[j].start_line, "code", ERROR, "code block not in the English doc")


def _first_difference(a: str, b: str) -> str:
    for la, lb in zip(a.splitlines(), b.splitlines(), strict=False):
        if la != lb:
            return f"expected {la.strip()[:60]!r}, found {lb.strip()[:60]!r}"
    return "lines added or removed"


def normalize_target(target: str, lang: str) -> str:
    """A link target as the English would write it: ``/ko/`` -> ``/en/``, no ``.md``/``.mdx``."""
    return re.sub(r"\.mdx?(?=#|$)", "", target.replace(f"/{lang}/", "/en/"))


def check_links(src: Document, tgt: Document, file: str, lang: str) -> Iterator[Finding]:
    s_refs, t_refs = Counter(references(src)), Counter(references(tgt))
    for ref, n in (s_refs - t_refs).items():
        yield Finding(file, 0, "references", ERROR,
                      f"[`{ref}`] appears {n} more time(s) in the English than here; keep every [`Name`] reference",
                      english=ref)
    s_links = Counter(normalize_target(x, lang) for x in link_targets(src) if not x.startswith("#"))
    t_links = Counter(normalize_target(x, lang) for x in link_targets(tgt) if not x.startswith("#"))
    for target, n in (s_links - t_links).items():
        yield Finding(file, 0, "links", ERROR,
                      f"link to {target} appears {n} more time(s) in the English than here", english=target)
    yield from check_fragments(tgt, file, src)


FRAGMENT_RE = re.compile(r"\]\(#([^)\s]+)\)|href=[\"']#([^\"']+)[\"']")
"""An in-page link, Markdown ``](#frag)`` or HTML ``href="#frag"`` (the fragment: :func:`fragment`)."""


def fragment(m: re.Match[str]) -> str:
    """The fragment of a :data:`FRAGMENT_RE` match."""
    return m.group(1) or m.group(2)


def _fragments(doc: Document) -> Iterator[tuple[str, int]]:
    for b in doc.blocks:
        if b.kind in (BlockKind.CODE, BlockKind.COMMENT):
            continue
        text = b.text
        lines = LineCounter(text)
        for m in FRAGMENT_RE.finditer(text):
            yield fragment(m), b.start_line + lines.newlines_before(m.start())


def check_fragments(tgt: Document, file: str, src: Document | None = None) -> Iterator[Finding]:
    """In-page ``#fragment`` links must hit an anchor of the file itself.

    A fragment that is already broken in the English is the English's bug: reported as a warning.
    """
    anchors, objects = all_anchors(tgt), autodoc_names(tgt)
    src_broken = {f for f, _ in _fragments(src)} - all_anchors(src) if src is not None else set()
    for frag, line in _fragments(tgt):
        if frag in anchors or matches_autodoc(frag, objects):
            continue
        if frag in src_broken:
            yield Finding(file, line, "fragments", WARNING,
                          f"link to #{frag} points nowhere, in the English too (no heading has that anchor)",
                          translation=frag)
            continue
        yield Finding(file, line, "fragments", ERROR,
                      f"link to #{frag} points nowhere: no heading of this file has that anchor"
                      + (f" (anchors here: {', '.join(sorted(anchors)[:5])}...)" if anchors else ""), translation=frag)
