"""Content checks: code blocks identical to the English, links and references kept, fragments resolve."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence

from ..doc import Block, BlockKind, Document
from ..doc.diff import changes
from ..doc.markup import LineCounter
from ..doc.protected import code_shape, code_without_comments, dedent_block, link_targets, references
from ..doc.urls import link_destinations, quoted_target, unsafe_scheme
from .findings import ERROR, WARNING, Finding
from .structure import all_anchors, autodoc_names, line_near, matches_autodoc


def _code_blocks(doc: Document) -> list[Block]:
    return [b for b in doc.blocks if b.kind is BlockKind.CODE]


def check_code(src: Document, tgt: Document, file: str) -> Iterator[Finding]:
    s = _code_blocks(src)
    t = _code_blocks(tgt)
    s_code = [dedent_block(b.text) for b in s]
    t_code = [dedent_block(b.text) for b in t]
    if s_code == t_code:
        return
    t_lines = [b.start_line for b in t]  # once, not once per missing block (949 of them: 6.5 s on 30,000 paragraphs)
    for tag, i1, i2, j1, j2 in changes(s_code, t_code):
        if tag == "replace" and i2 - i1 == j2 - j1:
            for k in range(i2 - i1):
                sb, tb = s[i1 + k], t[j1 + k]
                if code_without_comments(s_code[i1 + k]) == code_without_comments(t_code[j1 + k]):
                    yield Finding(file, tb.start_line, "code", WARNING,
                                  f"code block differs from the English (line {sb.start_line}) only in comments")
                elif code_shape(s_code[i1 + k]) == code_shape(t_code[j1 + k]):
                    yield Finding(file, tb.start_line, "code", WARNING,
                                  f"code block differs from the English (line {sb.start_line}) only in comments "
                                  "and docstrings")
                else:
                    yield Finding(file, tb.start_line, "code", ERROR,
                                  f"code block differs from the English one at line {sb.start_line}: "
                                  f"{_first_difference(s_code[i1 + k], t_code[j1 + k])}; code must stay identical")
            continue
        for i in range(i1, i2):
            line = line_near(t_lines, j1)
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


def check_links(src: Document, tgt: Document, file: str, lang: str,
                older: Sequence[Document] = ()) -> Iterator[Finding]:
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
    yield from check_added_links(src, tgt, file, lang, older)
    yield from check_fragments(tgt, file, src)


_HF_DOCS = re.compile(r"^https?://(?:www\.)?(?:huggingface\.co|hf\.co)/docs/[^/#?]+/(?:(?:main|v[\d.]+)/)?"
                      r"(?:[a-z]{2}(?:-[A-Za-z]+)?/)?(?P<page>[^#?]*)")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:|^//")


def link_key(target: str, lang: str) -> str:
    """What two link targets have in common when they lead to the same place, for :func:`check_added_links`:
    a link to another doc (relative, or an ``huggingface.co/docs`` URL in any language or version) is the
    doc's name without folder, extension or anchor (translators write ``./installation``, ``../installation``
    or the full URL of their language's page for the English's ``installation#setup``); any other URL is
    itself, ``http``/``https``, ``www.`` and ``hf.co`` aside. Measured on the three corpora, comparing
    targets as written reported 179 added links, most of them one of these spellings."""
    t = target.strip().strip("<>")
    m = _HF_DOCS.match(t)
    if m:
        t = m.group("page")
    elif _SCHEME.match(t):
        t = re.sub(r"^http://", "https://", t)
        t = re.sub(r"^https://(?:www\.)?(?:hf\.co|huggingface\.co)/", "https://huggingface.co/", t)
        return t.rstrip("/")
    page = re.split(r"[#?]", t, maxsplit=1)[0].rstrip("/")
    return "doc:" + re.sub(r"\.mdx?$", "", page.rsplit("/", 1)[-1])


def _prose_links(doc: Document) -> Iterator[tuple[int, str, bool]]:
    """``(line, target, is_image)`` of every link target outside code and comments."""
    for b in doc.blocks:
        if b.kind in (BlockKind.CODE, BlockKind.COMMENT):
            continue
        lines = LineCounter(b.text)
        for offset, target, image in link_destinations(b.text):
            yield b.start_line + lines.newlines_before(offset), target, image


def check_unsafe_links(tgt: Document, file: str) -> Iterator[Finding]:
    """A ``javascript:``, ``vbscript:`` or ``data:`` link, however disguised (``&#106;avascript:``,
    ``java<TAB>script:``), is an error in any translated doc: doc-builder publishes the page's links as
    written, and a reader's click would run the PR author's code (issue 25, item 5)."""
    for line, target, image in _prose_links(tgt):
        scheme = unsafe_scheme(target, image=image)
        if scheme:
            yield Finding(file, line, "unsafe-link", ERROR,
                          f"link to a {scheme}: URL ({quoted_target(target, 60)}): it runs or shows content of its own when "
                          "clicked; doc links go to http(s) pages or to other docs. Remove it")


def check_added_links(src: Document, tgt: Document, file: str, lang: str,
                      older: Sequence[Document] = ()) -> Iterator[Finding]:
    """A link target the English does not have is worth a look: a translation adds no link, and one that
    does may send readers anywhere (issue 25, item 5: nothing reported it). Compared as the English would
    write it (:func:`normalize_target`: ``/ko/`` -> ``/en/``, no ``.md``); in-page ``#anchor`` links are
    the fragments check's, unsafe schemes the unsafe-link check's. ``older``: English versions the
    translation follows (review knows it): their links are the English's too (diffusers' ``zh/index.md``
    links 60 pipeline pages its English has since dropped)."""
    own = "doc:" + re.sub(r"\.mdx?$", "", file.rsplit("/", 1)[-1])
    english = {own}  # the doc's own page, full URL or in-page anchor
    for doc in (src, *older):
        english |= {link_key(x, lang) for x in link_targets(doc)}
        english |= {link_key(t, lang) for _, t, _ in _prose_links(doc)}
    seen: set[str] = set()
    for line, target, image in _prose_links(tgt):
        norm = link_key(target, lang)
        if image or target.startswith("#") or norm in english or norm in seen or unsafe_scheme(target):
            continue
        seen.add(norm)
        yield Finding(file, line, "link-added", WARNING,
                      f"link to {quoted_target(target)} is not in the English doc: a translation adds no link; remove it, "
                      "or check it is the translated page of an English link")


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
