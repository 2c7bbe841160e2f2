"""What the doc model sends for translation, per corpus: segments by block kind, HTML/MDX strings.

    python bench/bench_segments.py

For every English ``.md``/``.mdx`` of the three corpora: segments per block kind; segments that come from
HTML/MDX (element text, prose attributes such as ``alt``/``title``, prose props of components such as
``text``/``explain``); and segments that still look like a piece of a tag (``class="..."``, ``src=...``,
``/>``), which a translator would garble. Then every doc is pseudo-translated into ko (each segment
replaced by Hangul, as ``tests/fakes/llm_server.py`` does) and the script counts the HTML/MDX strings
that come out in Hangul and the pages whose tags or protected attribute values differ from the English.
"""

from __future__ import annotations

import re
import time
from collections import Counter

from _corpora import NAMES, corpus

from hfi18n.doc import BlockKind, parse
from hfi18n.doc.model import PLACEHOLDER_RE
from hfi18n.scripts import script_ratio
from hfi18n.translate.providers.pseudo import pseudo_translate

_TAG_PIECE_RE = re.compile(r"(?:^|\s)[A-Za-z_:][\w:.-]*=[\"'{]|^/?>$|^<[A-Za-z]|/>\s*$")
"""A segment that starts a tag, holds an attribute assignment or ends a tag: tag syntax sent as prose."""

try:  # the tag reader of doc model v2 (absent before it)
    from hfi18n.doc.html import tag_signature
except ImportError:  # pragma: no cover - "before" numbers
    tag_signature = None


def _role(seg: object, kind: BlockKind) -> str:
    role = getattr(seg, "role", "")
    if role:
        return str(role)
    return "html-text" if kind is BlockKind.HTML else ""


def main() -> None:
    for name in NAMES:
        root = corpus(name) / "docs" / "source" / "en"
        paths = [p for p in sorted(root.rglob("*")) if p.suffix in (".md", ".mdx")]
        by_kind: Counter[str] = Counter()
        by_role: Counter[str] = Counter()
        tag_pieces = hangul = html_total = pages_tags_differ = 0
        start = time.perf_counter()
        for p in paths:
            text = p.read_text(encoding="utf-8")
            doc = parse(text)
            translations = {}
            html_ids = set()
            for block in doc.blocks:
                for seg in block.segments:
                    by_kind[block.kind.value] += 1
                    role = _role(seg, block.kind)
                    if role:
                        by_role[role] += 1
                        html_ids.add(seg.id)
                    if _TAG_PIECE_RE.search(PLACEHOLDER_RE.sub("", seg.text).strip()):
                        tag_pieces += 1
                    translations[seg.id] = pseudo_translate(seg.text, "ko")
            out = doc.render(translations)
            back = parse(out)
            html_total += len(html_ids)
            for seg in doc.segments():
                if seg.id in html_ids:
                    ratio = script_ratio(PLACEHOLDER_RE.sub("", translations[seg.id]), "ko")
                    hangul += bool(ratio)
            if tag_signature is not None and tag_signature(doc) != tag_signature(back):
                pages_tags_differ += 1
        elapsed = time.perf_counter() - start
        total = sum(by_kind.values())
        kinds = ", ".join(f"{k} {n}" for k, n in by_kind.most_common())
        roles = ", ".join(f"{k} {n}" for k, n in by_role.most_common()) or "none"
        print(f"{name}: {len(paths)} English docs, {total} segments ({kinds})")
        print(f"  HTML/MDX strings sent for translation: {html_total} ({roles})")
        print(f"  segments that are pieces of tags (class=..., src=..., />): {tag_pieces}")
        print(f"  HTML/MDX strings in Hangul after a pseudo ko translation: {hangul}")
        if tag_signature is not None:
            print(f"  pages whose tags/protected attributes differ after translation: {pages_tags_differ}")
        print(f"  ({elapsed:.1f} s)")


if __name__ == "__main__":
    main()
