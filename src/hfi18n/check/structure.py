"""Structure checks: headings, anchors, autodoc blocks, MDX tags, callouts and tables."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..doc import Block, BlockKind, Document
from ..doc.components import mdx_tags
from ..pair.diff import changes, opcodes
from .findings import ERROR, WARNING, Finding


def line_near(lines: Sequence[int], j: int) -> int:
    """Line of item ``j`` of the translation, or of its last item when ``j`` is past the end (1 if none)."""
    return lines[j] if j < len(lines) else (lines[-1] if lines else 1)


def _finding(file: str, line: int, check: str, message: str, severity: str = ERROR) -> Finding:
    return Finding(file, line, check, severity, message)


def _autodoc_objects(block: Block) -> set[str]:
    """Anchors of the object of an ``[[autodoc]] pkg.mod.Name`` block: its name as written and
    ``pkg.Name`` (doc-builder uses the shortest import path, usually the package's top level)."""
    name = str(block.meta.get("name", ""))
    parts = name.split(".")
    return {name, f"{parts[0]}.{parts[-1]}"} if len(parts) > 1 else ({name} if name else set())


def _autodoc_names(block: Block) -> set[str]:
    """Every anchor an autodoc block generates: the object's and each listed method's."""
    objects = _autodoc_objects(block)
    methods = [ln.strip()[2:].strip() for ln in block.text.strip().splitlines()[1:] if ln.strip().startswith("- ")]
    return objects | {f"{o}.{m}" for o in objects for m in methods}


def heading_aliases(doc: Document) -> dict[int, set[str]]:
    """Extra anchors of headings (by block id): doc-builder appends the anchor of the first
    ``[[autodoc]]`` object that follows a heading to that heading."""
    out: dict[int, set[str]] = {}
    last: Block | None = None
    for b in doc.blocks:
        if b.kind is BlockKind.HEADING:
            last = b
        elif b.kind is BlockKind.AUTODOC and last is not None:
            out[id(last)] = _autodoc_objects(b)
            last = None
    return out


def matches_autodoc(anchor: str, names: set[str]) -> bool:
    """``anchor`` is one of ``names`` or a package-qualified form of one (doc-builder anchors
    ``[[autodoc]] OpenAIModel`` as ``smolagents.OpenAIModel``, its shortest import path)."""
    return anchor in names or ("." in anchor and any(anchor.endswith("." + n) for n in names))


def autodoc_names(doc: Document) -> set[str]:
    names: set[str] = set()
    for b in doc.blocks:
        if b.kind is BlockKind.AUTODOC:
            names |= _autodoc_names(b)
    return names


def all_anchors(doc: Document) -> set[str]:
    """Every anchor a link may target: headings, and the objects and methods of autodoc blocks."""
    anchors = set(doc.anchors())
    for b in doc.blocks:
        if b.kind is BlockKind.AUTODOC:
            anchors |= _autodoc_names(b)
    return anchors


def check_headings(src: Document, tgt: Document, file: str, *, anchors_required: bool = True) -> Iterator[Finding]:
    """Heading levels and anchors of ``tgt`` against ``src``. ``anchors_required``: False when the language's
    own convention writes no ``[[anchor]]`` on its headings (:mod:`hfi18n.check.convention`): a heading
    without one is then no finding."""
    s_heads, t_heads = src.headings(), tgt.headings()
    s_levels = [int(h.meta["level"]) for h in s_heads]  # type: ignore[call-overload]
    t_levels = [int(h.meta["level"]) for h in t_heads]  # type: ignore[call-overload]
    s_anchors = [str(h.meta["anchor"]) for h in s_heads]
    en_set = set(s_anchors)
    aliases: set[str] = set()
    for extra in heading_aliases(src).values():
        aliases |= extra
    if s_levels != t_levels:
        t_lines = [h.start_line for h in t_heads]
        for tag, i1, i2, j1, j2 in changes(s_levels, t_levels):
            line = line_near(t_lines, j1)
            if tag == "delete":
                titles = ", ".join(f"'{s_heads[i].meta['title']}'" for i in range(i1, i2))
                msg = f"section(s) of the English missing here: {titles} (English line {s_heads[i1].start_line})"
            elif tag == "insert":
                titles = ", ".join(f"'{t_heads[j].meta['title']}'" for j in range(j1, j2))
                msg = f"heading(s) not in the English: {titles}"
            else:
                msg = (f"heading levels differ from the English: "
                       f"{'/'.join('#' * lv for lv in s_levels[i1:i2])} in English (line {s_heads[i1].start_line}), "
                       f"{'/'.join('#' * lv for lv in t_levels[j1:j2])} here")
            yield _finding(file, line, "headings", msg)
    # anchors: every translated heading must carry an English anchor
    pairs = _pair_headings(s_heads, t_heads) if s_levels == t_levels else {}
    for t in t_heads:
        anchor = str(t.meta["anchor"])
        if anchor in en_set or matches_autodoc(anchor, aliases):
            continue
        s = pairs.get(id(t))
        if s is not None and t.meta.get("explicit_anchor") is not None:
            continue  # a translator's own anchor: a warning naming its links (check.custom_anchors)
        hint = f" [[{s.meta['anchor']}]]" if s is not None else ""
        if t.meta.get("explicit_anchor") is None:
            if not anchors_required:
                continue
            msg = (f"heading '{t.meta['title']}' has no English anchor, so links to it break; "
                   f"end the line with{hint or ' the English [[anchor]]'}")
        else:
            msg = f"anchor [[{anchor}]] is not an anchor of the English doc" + (
                f"; the English heading here uses{hint}" if hint else "")
        yield _finding(file, t.start_line, "anchors", msg)


def _pair_headings(s_heads: list[Block], t_heads: list[Block]) -> dict[int, Block]:
    """Map translated heading (by id) to its English heading, aligned by level sequence."""
    pairs: dict[int, Block] = {}
    for tag, i1, i2, j1, j2 in opcodes([h.meta["level"] for h in s_heads], [h.meta["level"] for h in t_heads],
                                       head_tail=True):
        if tag in ("equal", "replace") and i2 - i1 == j2 - j1:
            for k in range(i2 - i1):
                pairs[id(t_heads[j1 + k])] = s_heads[i1 + k]
    return pairs


def check_autodoc(src: Document, tgt: Document, file: str) -> Iterator[Finding]:
    s = [b for b in src.blocks if b.kind is BlockKind.AUTODOC]
    t = [b for b in tgt.blocks if b.kind is BlockKind.AUTODOC]
    s_text = [_norm(b.text) for b in s]
    t_text = [_norm(b.text) for b in t]
    t_lines = [b.start_line for b in t]  # once, not once per difference (quadratic on a big doc)
    for tag, i1, i2, j1, j2 in changes(s_text, t_text):
        line = line_near(t_lines, j1)
        if tag in ("delete", "replace"):
            for i in range(i1, i2):
                yield _finding(file, line, "autodoc",
                               f"[[autodoc]] block differs from or is missing against the English "
                               f"(English line {s[i].start_line}: {s_text[i].splitlines()[0]}); copy it unchanged")
        if tag == "insert":
            for j in range(j1, j2):
                yield _finding(file, t[j].start_line, "autodoc",
                               f"[[autodoc]] block not in the English: {t_text[j].splitlines()[0]}")


def _norm(text: str) -> str:
    return "\n".join(line.strip() for line in text.strip().splitlines())


def check_tags(src: Document, tgt: Document, file: str) -> Iterator[Finding]:
    s = mdx_tags(src)
    t = mdx_tags(tgt)
    s_names = [x[0] for x in s]
    t_names = [x[0] for x in t]
    if s_names == t_names:
        return
    t_lines = [x[1] for x in t]
    for _tag, i1, i2, j1, j2 in changes(s_names, t_names):
        line = line_near(t_lines, j1)
        english = " ".join(s_names[i1:i2]) or "nothing"
        here = " ".join(t_names[j1:j2]) or "nothing"
        yield _finding(file, line, "tags",
                       f"components differ from the English: expected {english} (English line "
                       f"{s[i1][1] if i1 < len(s) else '-'}), found {here}; ids like hfoption id stay in English")


def check_tables(src: Document, tgt: Document, file: str) -> Iterator[Finding]:
    s = [b for b in src.blocks if b.kind is BlockKind.TABLE]
    t = [b for b in tgt.blocks if b.kind is BlockKind.TABLE]
    if len(s) != len(t):
        yield _finding(file, t[0].start_line if t else 1, "tables",
                       f"the English has {len(s)} table(s), this file {len(t)}", WARNING)
        return
    for sb, tb in zip(s, t, strict=True):
        if sb.meta["columns"] != tb.meta["columns"]:
            yield _finding(file, tb.start_line, "tables",
                           f"table has {tb.meta['columns']} column(s), the English one (line {sb.start_line}) "
                           f"has {sb.meta['columns']}; keep every | separator")
