"""doc-builder components of a doc as ``check`` compares them with the English (``<Tip>``, ``> [!TIP]``,
``<hfoption id="...">``...): one definition for ``check`` (:func:`hfi18n.check.structure.check_tags`) and
``translate --update`` (a page whose kept text would not have the English components is rendered from
the English structure)."""

from __future__ import annotations

import re
from functools import lru_cache

from .inline import blank_code_spans
from .markup import COMPONENTS, LineCounter, iter_markup
from .model import Block, BlockKind, Document

_ID_RE = re.compile(r"""\bid\s*=\s*(?:"([^"]*)"|'([^']*)'|\{["']([^"']*)["']\})""")
_CALLOUT_LINE_RE = re.compile(r"^\s*(?:>\s*)+\[!([A-Za-z]+)\]\s*$", re.MULTILINE)
_TIP_TAG_RE = re.compile(r"\s*<(/?)Tip\b([^>]*)>\s*")


def tip_kind(attrs: str) -> str:
    """The callout kind a ``<Tip>`` element is: ``<Tip warning={true}>`` renders as ``> [!WARNING]``, any other
    ``<Tip>`` as ``> [!TIP]`` (doc-builder renders both syntaxes as the same box; translations use either)."""
    return "WARNING" if "warning" in attrs else "TIP"


_TIP_ELEMENT_RE = re.compile(r"\s*<Tip\b([^>]*)>(.*?)</Tip>\s*", re.S)


def tip_element(block: Block) -> str | None:
    """The callout kind of a block that is a whole ``<Tip>`` element, its text in it with no blank line
    (``<Tip>\\nThis feature requires `accelerate` 0.17.0\\n</Tip>``: one block, which renders the same as a
    ``> [!TIP]`` callout); ``None`` for any other."""
    m = _TIP_ELEMENT_RE.fullmatch(block.text)
    return tip_kind(m.group(1)) if m and m.group(2).strip() else None


def boxed(doc: Document, block: Block | None) -> bool:
    """``block`` is rendered in a callout box: a ``> [!TIP]`` callout, a ``<Tip>`` element of one block, or
    the text of a ``<Tip>`` element (right after its open tag)."""
    if block is None:
        return False
    if block.kind is BlockKind.CALLOUT or tip_element(block):
        return True
    k = next((n for n, x in enumerate(doc.blocks) if x is block), 0)
    before = next((x for x in reversed(doc.blocks[:k]) if x.kind is not BlockKind.BLANK), None)
    tag = tip_tag(before) if before is not None else None
    return tag is not None and not tag[1]


def tip_tag(block: Block) -> tuple[str, bool] | None:
    """``(kind, closing)`` of a block that is only a ``<Tip ...>`` or ``</Tip>`` tag (a blank line around it:
    doc-builder's usual ``<Tip>`` element is three blocks, the tags and the text); ``None`` for any other."""
    m = _TIP_TAG_RE.fullmatch(block.text)
    if m is None:
        return None
    return ("", True) if m.group(1) else (tip_kind(m.group(2)), False)


def mdx_tags(doc: Document) -> list[tuple[str, int]]:
    """doc-builder component tags (``<Tip>``, ``</hfoption>``...) with ids, in order, with their line."""
    out: list[tuple[str, int]] = []
    for b in doc.blocks:
        if b.kind in (BlockKind.CODE, BlockKind.COMMENT, BlockKind.FRONTMATTER):
            continue
        out.extend((label, b.start_line + line) for label, line in _block_mdx_tags(b.text))
    return out


@lru_cache(maxsize=8192)
def _block_mdx_tags(source: str) -> tuple[tuple[str, int], ...]:
    """``(label, line in the block)`` of the component tags of a block's ``source``: a function of the text
    alone, kept by it (``check`` compares an outdated translation with every later English version, each a
    new doc whose blocks are mostly the ones of the version before)."""
    out: list[tuple[str, int]] = []
    text = blank_code_spans(source)
    lines = LineCounter(text)
    for tok in iter_markup(text, code_spans=False):  # tags read as doc.markup reads them (multi-line, {...})
        tag = tok.tag
        if tag is None or tag.name not in COMPONENTS:
            continue
        name = tag.name
        close, selfclose = ("/" if tag.closing else ""), ("/" if tag.selfclose else "")
        attrs = text[tag.start + 1 + len(close) + len(name):tag.end]
        idm = _ID_RE.search(attrs)
        ident = next((g for g in idm.groups() if g is not None), "") if idm else ""
        label = f"<{close}{name}{f' id={ident!r}' if ident else ''}{selfclose}>"
        if name == "Tip":  # <Tip> and > [!TIP] are the same callout; doc-builder renders both
            if close:
                continue
            label = f"callout:{tip_kind(attrs)}"
        out.append((label, lines.newlines_before(tag.start)))
    for m in _CALLOUT_LINE_RE.finditer(text):
        out.append((f"callout:{m.group(1).upper()}", lines.newlines_before(m.start())))
    return tuple(out)
