"""doc-builder components of a doc as ``check`` compares them with the English (``<Tip>``, ``> [!TIP]``,
``<hfoption id="...">``...): one definition for ``check`` (:func:`hfi18n.check.structure.check_tags`) and
``translate --update`` (a page whose kept text would not have the English components is rendered from
the English structure)."""

from __future__ import annotations

import re

from .inline import blank_code_spans
from .markup import COMPONENTS, LineCounter, iter_markup
from .model import BlockKind, Document

_ID_RE = re.compile(r"""\bid\s*=\s*(?:"([^"]*)"|'([^']*)'|\{["']([^"']*)["']\})""")
_CALLOUT_LINE_RE = re.compile(r"^\s*(?:>\s*)+\[!([A-Za-z]+)\]\s*$", re.MULTILINE)


def mdx_tags(doc: Document) -> list[tuple[str, int]]:
    """doc-builder component tags (``<Tip>``, ``</hfoption>``...) with ids, in order, with their line."""
    out: list[tuple[str, int]] = []
    for b in doc.blocks:
        if b.kind in (BlockKind.CODE, BlockKind.COMMENT, BlockKind.FRONTMATTER):
            continue
        text = blank_code_spans(b.text)
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
                label = "callout:WARNING" if "warning" in attrs else "callout:TIP"
            out.append((label, b.start_line + lines.newlines_before(tag.start)))
        for m in _CALLOUT_LINE_RE.finditer(text):
            out.append((f"callout:{m.group(1).upper()}", b.start_line + lines.newlines_before(m.start())))
    return out
