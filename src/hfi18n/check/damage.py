"""Damage checks on a translated doc: what machine translation and bad tooling leave behind.

Leaked placeholders, text wrapped in a stray ```md fence, model chatter, mojibake (UTF-8 read as
another encoding), unbalanced component tags, unclosed fences and paragraphs left in English.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..doc import BlockKind, Document
from ..doc.markup import COMPONENTS, MARKDOWN_CONTENT, LineCounter, iter_markup
from ..scripts import CHATTER_RE, LEAK_RE, looks_english
from .findings import ERROR, WARNING, Finding

_CP1252_TAIL = (
    "\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc"
    "\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122"
)
MOJIBAKE_RE = re.compile(
    # U+FFFD, a 2-byte sequence read as cp1252/latin-1 (Ã©), or a 3-byte one (Hangul, CJK, curly quotes)
    f"\ufffd|[ÃÂ][{_CP1252_TAIL}]|[àáâãäåæçèéêëìíîï][{_CP1252_TAIL}]{{2}}"
)
_ODD_RE = re.compile("[\u0080-\u009f\u00a1-\u00bf\u20ac\u201a\u201e\u2020\u2021\u02c6\u2030\u2039\u203a\u2122]")
"""Characters that almost only follow a Latin letter when UTF-8 bytes were decoded as cp1252/latin-1."""


def check_damage(tgt: Document, file: str, lang: str, src: Document | None = None) -> Iterator[Finding]:
    prose_blocks = [b for b in tgt.blocks if b.kind not in (BlockKind.CODE, BlockKind.COMMENT, BlockKind.FRONTMATTER)]
    for b in prose_blocks:
        text = b.text
        for m in LEAK_RE.finditer(text):
            yield Finding(file, b.start_line + text.count("\n", 0, m.start()), "leaked-placeholder", ERROR,
                          f"leftover placeholder {m.group(0)!r}: the text it stood for is lost; copy it from the English")
        for m in MOJIBAKE_RE.finditer(text):
            if m.group(0) != "\ufffd" and not _ODD_RE.search(m.group(0)[1:]):
                continue  # letters and quotes only (éšš, é’): accented text, not wrongly decoded bytes
            yield Finding(file, b.start_line + text.count("\n", 0, m.start()), "mojibake", ERROR,
                          f"garbled characters {text[m.start():m.start() + 6]!r}: text was decoded with the wrong "
                          "encoding; retype or re-translate this line")
            break
    segs = [s for b in prose_blocks for s in b.segments]
    if segs:
        for seg in (segs[0], segs[-1]):
            if CHATTER_RE.search(seg.text):
                yield Finding(file, seg.line, "chatter", ERROR,
                              f"looks like a translator's remark, not doc text: {seg.text[:60]!r}; delete it",
                              translation=seg.text)
                break
    en_faults = source_faults(src) if src is not None else []
    for fault in en_faults:  # copied from the English: the English is to blame, and said so
        yield Finding(file, 0, "english-fault", WARNING,
                      f"the English source has a fault this translation copies: {fault.file}:{fault.line}: "
                      f"{fault.message}; fix it in the English")
    copied = {f.check for f in en_faults}
    yield from (f for f in _fences(tgt, file, src) if f.check not in copied)
    yield from _unbalanced(tgt, file, src)
    for b in tgt.blocks:
        if b.kind not in (BlockKind.PARAGRAPH, BlockKind.CALLOUT):
            continue
        for seg in b.segments:
            if looks_english(re.sub(r"⟦\d+⟧", " ", seg.text), lang):
                yield Finding(file, seg.line, "untranslated", WARNING,
                              f"paragraph still in English: {seg.text[:50]!r}...", translation=seg.text)


def source_faults(src: Document, file: str | None = None) -> list[Finding]:
    """Faults of an English doc that a faithful translation would copy: a code fence never closed and
    component tags (``<Tip>``...) never closed or closed twice. The findings name the English file
    (``file``, else the document's path) and its line, so the English gets the blame, not the translation.
    Errors are faults doc-builder cannot build (or that swallow the rest of the page, a fence); a
    :data:`SHOWN_AS_TEXT` tag never closed is a warning: doc-builder builds that page.
    """
    name = file or src.path or "English source"
    faults = [f for f in _fences(src, name, None) if f.check == "unclosed-fence"]
    for tag, lines in _tag_balance(src).items():
        if tag in SHOWN_AS_TEXT:
            faults.append(Finding(name, abs(lines[0]), "unbalanced-tag", WARNING, f"{_unmatched(tag, lines)}; "
                                  "doc-builder shows the tag as text (the page builds, without its tabs)"))
        else:
            faults.append(Finding(name, abs(lines[0]), "unbalanced-tag", ERROR,
                                  f"{_unmatched(tag, lines)}; the page will not build correctly"))
    return faults


SHOWN_AS_TEXT = MARKDOWN_CONTENT | {"jax"}
"""Lowercase tags doc-builder's preprocessors turn into components only as a matched open/close pair (a
regex per tag); left unmatched, the tag reaches mdsvex as an unknown element, which escapes it to text,
and the page builds. So an English doc with one never closed is a page doc-builder builds: diffusers'
``en/api/pipelines/hunyuan_video15.md`` opens ``<hfoptions id="usage">`` and ``<hfoption>`` and never
closes them (so on diffusers main since 2025-11), and ``translate`` refused it (issue 24: the only English
doc of the three corpora refused, of 697 docs in all languages). Its fault is a warning the translation
copies; a ``<Tip>`` or ``<div>`` never closed stops Svelte's compile, and stays refused."""


def _fences(tgt: Document, file: str, src: Document | None) -> Iterator[Finding]:
    lines_total = tgt.blocks[-1].end_line if tgt.blocks else 0
    md_src = sum(1 for b in src.blocks if b.kind is BlockKind.CODE and b.meta.get("info") in ("md", "markdown")) if src else 0
    md_tgt = 0
    for b in tgt.blocks:
        if b.kind is not BlockKind.CODE or not b.meta.get("fence"):
            continue
        fence = str(b.meta["fence"])
        last = b.text.rstrip("\r\n").rsplit("\n", 1)[-1].strip()
        if b.end_line >= lines_total and not (last.startswith(fence) and b.end_line > b.start_line):
            yield Finding(file, b.start_line, "unclosed-fence", ERROR,
                          f"code fence {fence} opened here is never closed: everything after it renders as code")
        if b.meta.get("info") in ("md", "markdown"):
            md_tgt += 1
    if md_tgt > md_src:
        first = next(b for b in tgt.blocks if b.kind is BlockKind.CODE and b.meta.get("info") in ("md", "markdown"))
        yield Finding(file, first.start_line, "stray-fence", ERROR,
                      "text wrapped in a ```md fence that the English does not have; remove the fence lines")


_BALANCED = COMPONENTS | {"div", "details", "summary", "table"}
"""Tags whose opens and closes must balance (a lost ``</div>`` swallows the rest of the page)."""


def _tag_balance(doc: Document) -> dict[str, list[int]]:
    """For each component tag, the lines of opens not yet closed at the end (negative: extra closes)."""
    open_lines: dict[str, list[int]] = {}
    extra: dict[str, list[int]] = {}
    for b in doc.blocks:
        if b.kind in (BlockKind.CODE, BlockKind.COMMENT):
            continue
        text = b.text
        lines = LineCounter(text)
        for tok in iter_markup(text):  # multi-line tags and {...} props read as doc-builder reads them
            if tok.tag is None:
                continue
            close, name, selfclose = tok.tag.closing, tok.tag.name, tok.tag.selfclose
            if selfclose or name not in _BALANCED:
                continue
            line = b.start_line + lines.newlines_before(tok.start)
            if close:
                if open_lines.get(name):
                    open_lines[name].pop()
                else:
                    extra.setdefault(name, []).append(-line)
            else:
                open_lines.setdefault(name, []).append(line)
    for name, lines in extra.items():
        open_lines.setdefault(name, []).extend(lines)
    return {k: v for k, v in open_lines.items() if v}


def _unbalanced(tgt: Document, file: str, src: Document | None) -> Iterator[Finding]:
    src_bad = set(_tag_balance(src)) if src else set()
    for name, lines in _tag_balance(tgt).items():
        if name in src_bad:
            continue
        yield Finding(file, abs(lines[0]), "unbalanced-tag", ERROR,
                      f"{_unmatched(name, lines)}; the page will not build correctly")


def _unmatched(name: str, lines: list[int]) -> str:
    return f"</{name}> without a matching <{name}>" if lines[0] < 0 else f"<{name}> is never closed"
