"""Content checks: code blocks identical to the English, links and references kept, fragments resolve."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache

from ..doc import Block, BlockKind, Document
from ..doc.markup import LineCounter
from ..doc.protected import code_shape, code_without_comments, dedent_block, link_targets, references
from ..doc.urls import link_destinations, quoted_target, unsafe_scheme
from ..pair.diff import changes
from .findings import ERROR, WARNING, Finding
from .structure import all_anchors, autodoc_names, line_near, matches_autodoc


def _code_blocks(doc: Document) -> tuple[list[Block], list[str]]:
    """The code blocks of a doc and their text without container indentation (once per doc)."""
    def make(d: Document) -> tuple[list[Block], list[str]]:
        blocks = [b for b in d.blocks if b.kind is BlockKind.CODE]
        return blocks, [dedent_block(b.text) for b in blocks]

    return doc.view("check.code", make)


def check_code(src: Document, tgt: Document, file: str) -> Iterator[Finding]:
    s, s_code = _code_blocks(src)
    t, t_code = _code_blocks(tgt)
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


AnchorsOf = Callable[[str], "set[str] | None"]
"""The anchors of the translated doc a link target (as written in the checked doc) leads to; None when
that doc is not known (a URL, no translation there)."""


def _references(doc: Document) -> Counter[str]:
    return doc.view("check.references", lambda d: Counter(references(d)))


def check_links(src: Document, tgt: Document, file: str, lang: str,
                older: Sequence[Document] = (), anchors_of: AnchorsOf | None = None) -> Iterator[Finding]:
    """References and links of the English kept in the translation (``links``), links it adds
    (``link-added``) and in-page fragments (``fragments``).

    ``links`` and ``link-added`` compare links by one key, :func:`link_place` (with :func:`same_place`):
    ``installation``, ``./installation`` and the translated page's URL are one page. ``links`` compared
    targets as written and ``link-added`` by a looser key, so a translation linking to another translated
    doc's custom anchor (``beta#beta-install`` for the English ``beta#setup``) was a ``links`` error while
    the anchor itself was only a warning naming that link (issue 24): a fragment the linked translated
    doc has (``anchors_of``) now stands for the English's fragment. On the three corpora this took 17 of
    65 ``links`` errors away, each a spelling of the same page.
    """
    yield from check_references(src, tgt, file)
    yield from check_missing_links(src, tgt, file, lang, anchors_of)
    yield from check_added_links(src, tgt, file, lang, older)
    yield from check_fragments(tgt, file, src)


def check_references(src: Document, tgt: Document, file: str) -> Iterator[Finding]:
    """``references``: the English's [`Name`] references the translation has fewer of (:func:`check_links`)."""
    s_refs, t_refs = _references(src), _references(tgt)
    for ref, n in (s_refs - t_refs).items():
        yield Finding(file, 0, "references", ERROR,
                      f"[`{ref}`] appears {n} more time(s) in the English than here; keep every [`Name`] reference",
                      english=ref)


def check_missing_links(src: Document, tgt: Document, file: str, lang: str,
                        anchors_of: AnchorsOf | None = None) -> Iterator[Finding]:
    """``links``: English link targets the translation leads to fewer times (:func:`check_links`)."""
    for target, n in _missing_links(src, tgt, file, lang, anchors_of):
        yield Finding(file, 0, "links", ERROR,
                      f"link to {target} appears {n} more time(s) in the English than here", english=target)


_HF_DOCS = re.compile(r"^https?://(?:www\.)?(?:huggingface\.co|hf\.co)/docs/[^/#?]+/(?:(?:main|v[\d.]+)/)?"
                      r"(?:[a-z]{2}(?:-[A-Za-z]+)?/)?(?P<page>[^#?]*)")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:|^//")


def link_key(target: str, lang: str) -> str:
    """What two link targets have in common when they lead to the same place (:func:`link_place` uses it for URLs):
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


Place = tuple[str, ...]
"""Where a link leads, as :func:`link_place` names it."""


@lru_cache(maxsize=16384)
def link_place(target: str, folder: str, lang: str) -> tuple[Place, str]:
    """``(place, fragment)`` of a link ``target`` written in a doc in ``folder`` (relative to its language
    folder): ``("page", path)`` for a relative link (resolved against ``folder``, no ``.md``), ``("hf",
    library, path)`` for an ``huggingface.co/docs`` URL (any language or version), ``("url", url)`` for
    any other URL (fragment included, spelled as :func:`link_key` spells it). :func:`same_place` says when
    two places are one: ``installation``, ``./installation`` and the translated page's URL are; a link into
    another folder is not (a translation pointing at ``../api/pipelines/stable_diffusion/controlnet`` for
    the English ``../api/pipelines/controlnet`` leads elsewhere).

    Kept by its arguments (it reads nothing else): an outdated translation is compared with every later
    English version, whose links are mostly those of the version before (24,000 calls in a cold diffusers
    ``check --lang ko``)."""
    t = target.strip().strip("<>")
    m = _HF_DOCS.match(t)
    if m is None and _SCHEME.match(t):
        return ("url", link_key(t, lang)), ""
    page, _, frag = t.partition("#")
    if m is not None:
        lib = t.split("/docs/", 1)[1].split("/", 1)[0]
        page = m.group("page")
        frag = t.partition("#")[2]
    page = re.sub(r"\.mdx?$", "", page.split("?", 1)[0]).rstrip("/")
    if m is not None:
        return ("hf", lib, page), frag
    parts: list[str] = [p for p in folder.split("/") if p]
    for part in page.split("/"):
        if part == "..":
            if parts and parts[-1] != "..":
                parts.pop()
            else:
                parts.append(part)  # above the language folder: the reader lands elsewhere
        elif part not in (".", ""):
            parts.append(part)
    return ("page", "/".join(parts)), frag


_OTHER_KIND = {"page": "hf", "hf": "page"}


def same_place(english: Place, translation: Place) -> bool:
    """Do two :func:`link_place` places name one page: equal, or a relative link and a docs URL of the
    same page path (a translator writes the full URL of their language's page)."""
    if english == translation:
        return True
    kinds = {english[0], translation[0]}
    return kinds == {"page", "hf"} and english[-1] == translation[-1]


def doc_folder(file: str, lang: str) -> str:
    """The folder of ``file`` (``docs/source/ko/training/lora.md``) inside its language folder
    (``training``); ``""`` when ``lang`` is not in the path."""
    parts = file.split("/")
    if lang in parts[:-1]:
        return "/".join(parts[parts.index(lang) + 1:-1])
    return ""


def _missing_links(src: Document, tgt: Document, file: str, lang: str,
                   anchors_of: AnchorsOf | None) -> list[tuple[str, int]]:
    """English link targets (named as the English writes them, :func:`normalize_target`) the translation
    leads to fewer times, with the shortfall. A translated link matches an English one when
    :func:`same_place` and with the same fragment, or with a fragment the linked translated doc has
    (``anchors_of``: a translator's custom anchor there)."""
    folder = doc_folder(file, lang)

    def places(doc: Document) -> tuple[Counter[tuple[Place, str]], dict[tuple[Place, str], str]]:
        """How many links lead to each place (in-page ``#`` links aside), and each place as first written."""
        def make(d: Document) -> tuple[Counter[tuple[Place, str]], dict[tuple[Place, str], str]]:
            count: Counter[tuple[Place, str]] = Counter()
            first: dict[tuple[Place, str], str] = {}
            for x in _link_targets(d):
                if not x.startswith("#"):
                    lid = link_place(x, folder, lang)
                    count[lid] += 1
                    first.setdefault(lid, x)
            return count, first

        return doc.view(("check.places", folder, lang), make)

    english, shown = places(src)
    shown = {lid: normalize_target(x, lang) for lid, x in shown.items()}
    translated, written = places(tgt)
    missing, extra = english - translated, translated - english

    def lands(e: tuple[Place, str], t: tuple[Place, str]) -> bool:
        if not same_place(e[0], t[0]):
            return False
        if e[1] == t[1]:
            return True
        if not (e[1] and t[1]) or anchors_of is None:
            return False
        anchors = anchors_of(written[t])
        return anchors is not None and t[1] in anchors

    for e in list(missing):
        for t in [t for t in extra if lands(e, t)]:
            used = min(missing[e], extra[t])
            missing[e] -= used
            extra[t] -= used
            if not extra[t]:
                del extra[t]
            if not missing[e]:
                del missing[e]
                break
    return [(shown[lid], n) for lid, n in missing.items()]


def _link_targets(doc: Document) -> list[str]:
    return doc.view("check.link_targets", link_targets)


def _prose_texts(doc: Document) -> list[tuple[int, str]]:
    """``(first line, text)`` of every block outside code and comments (once per doc)."""
    return doc.view("check.prose_texts", lambda d: [(b.start_line, b.text) for b in d.blocks
                                                     if b.kind not in (BlockKind.CODE, BlockKind.COMMENT)])


@lru_cache(maxsize=8192)
def _block_links(text: str) -> tuple[tuple[int, str, bool], ...]:
    """``(line in the block, target, is_image)`` of the link targets of a block's ``text``.

    Kept by the block's text: an outdated translation is compared with every English version after its
    base, and each version is a new doc whose blocks are mostly the ones of the version before."""
    lines = LineCounter(text)
    return tuple((lines.newlines_before(offset), target, image) for offset, target, image in link_destinations(text))


@lru_cache(maxsize=8192)
def _block_fragments(text: str) -> tuple[tuple[str, int], ...]:
    """``(fragment, line in the block)`` of the in-page links of a block's ``text`` (kept as
    :func:`_block_links`)."""
    lines = LineCounter(text)
    return tuple((fragment(m), lines.newlines_before(m.start())) for m in FRAGMENT_RE.finditer(text))


def _prose_links(doc: Document) -> list[tuple[int, str, bool]]:
    """``(line, target, is_image)`` of every link target outside code and comments (once per doc)."""
    return doc.view("check.prose_links", lambda d: [
        (start + line, target, image) for start, text in _prose_texts(d) for line, target, image in _block_links(text)])


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
    does may send readers anywhere (issue 25, item 5: nothing reported it). Compared by place
    (:func:`link_place`, as ``links`` compares them, fragments aside); in-page ``#anchor`` links are
    the fragments check's, unsafe schemes the unsafe-link check's. ``older``: English versions the
    translation follows (review knows it): their links are the English's too (diffusers' ``zh/index.md``
    links 60 pipeline pages its English has since dropped)."""
    folder = doc_folder(file, lang)
    own = link_place(file.rsplit("/", 1)[-1], folder, lang)[0]
    english = {own}  # the doc's own page, full URL or in-page anchor
    for doc in (src, *older):
        english |= doc.view(("check.link_places", folder, lang), lambda d: (
            {link_place(x, folder, lang)[0] for x in _link_targets(d)}
            | {link_place(t, folder, lang)[0] for _, t, _ in _prose_links(d)}))
    pages = {(e[0], e[-1]) for e in english if e[0] in _OTHER_KIND}  # same_place across the two kinds, by set
    seen: set[Place] = set()
    for line, target, image in _prose_links(tgt):
        place = link_place(target, folder, lang)[0]
        if (image or target.startswith("#") or place in seen or unsafe_scheme(target) or place in english
                or place[0] in _OTHER_KIND and (_OTHER_KIND[place[0]], place[-1]) in pages):
            continue
        seen.add(place)
        yield Finding(file, line, "link-added", WARNING,
                      f"link to {quoted_target(target)} is not in the English doc: a translation adds no link; remove it, "
                      "or check it is the translated page of an English link")


FRAGMENT_RE = re.compile(r"\]\(#([^)\s]+)\)|href=[\"']#([^\"']+)[\"']")
"""An in-page link, Markdown ``](#frag)`` or HTML ``href="#frag"`` (the fragment: :func:`fragment`)."""


def fragment(m: re.Match[str]) -> str:
    """The fragment of a :data:`FRAGMENT_RE` match."""
    return m.group(1) or m.group(2)


def _fragments(doc: Document) -> list[tuple[str, int]]:
    """``(fragment, line)`` of every in-page link outside code and comments (once per doc)."""
    return doc.view("check.fragments", lambda d: [
        (frag, start + line) for start, text in _prose_texts(d) for frag, line in _block_fragments(text)])


def _anchors(doc: Document) -> tuple[set[str], set[str]]:
    """Every anchor of a doc and the names of its autodoc objects (once per doc)."""
    return doc.view("check.anchors", lambda d: (all_anchors(d), autodoc_names(d)))


def check_fragments(tgt: Document, file: str, src: Document | None = None) -> Iterator[Finding]:
    """In-page ``#fragment`` links must hit an anchor of the file itself.

    A fragment that is already broken in the English is the English's bug: reported as a warning.
    """
    anchors, objects = _anchors(tgt)
    src_broken = {f for f, _ in _fragments(src)} - _anchors(src)[0] if src is not None else set()
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
