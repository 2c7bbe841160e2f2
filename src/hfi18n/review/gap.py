"""Where a missing English unit belongs in the translation: the gap, the line a finding sits on, the words
that name it, and the lines a suggestion replaces to insert it.

The review placed an omission on the next translated *prose* unit, past any code block ("the English
paragraph at line 48 has no translation before this paragraph", 3 to 21 lines below the code that "Then
run inference:" introduced): a translator who followed the finding inserted the sentence after the code.
Measured on an independent injection set, 16 of 20 drops were placed so (issue 34). The pair model's beads
cover every block of both docs, code, tables and tags included (:attr:`.align.Alignment.blocks`): the gap
of English blocks with no translation is after the last translated block of the beads before them and
before the first translated block of the beads after them.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..doc import Block, BlockKind
from ..pair.model import Bead
from .model import Edit

ENGLISH_NOTE = ("the English text, as no translation provider was given (hfi18n review --provider ...): "
                "translate it before you accept it")
"""The label of a suggestion that inserts the English."""

_WS_RE = re.compile(r"\s+")


def squeeze(text: str) -> str:
    """``text`` without whitespace: what two units are compared by (Korean spacing and line wraps vary)."""
    return _WS_RE.sub("", text)


def near(a: str, b: str, floor: float) -> bool:
    """``a`` and ``b`` are (nearly) the same text (difflib ratio from ``floor``; cheap bounds first)."""
    a, b = " ".join(a.split()), " ".join(b.split())
    if not a or not b or min(len(a), len(b)) / max(len(a), len(b)) < floor:
        return False
    if a == b:
        return True
    sm = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    return sm.real_quick_ratio() >= floor and sm.quick_ratio() >= floor and sm.ratio() >= floor


def excerpt(text: str, n: int = 60) -> str:
    """``text`` on one line, cut to ``n`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def aligned(english: str) -> str:
    """What a finding says of the English it was made against, when not today's."""
    return f" (aligned with {english})" if english else ""


_TAG_RE = re.compile(r"\s*<(/?[A-Za-z][\w.-]*)")
_ITEM_RE = re.compile(r"\s*(?:[-*+]|\d+[.)])\s")


@dataclass(slots=True, frozen=True)
class Gap:
    """The place between two translated blocks where missing English belongs."""

    before: Block | None
    """The translated block right before the gap (None: the gap opens the doc)."""
    after: Block | None
    """The translated block right after it (None: the gap ends the doc)."""

    def words(self) -> str:
        """The position in words: ``before the ```python block at line 48 (after the paragraph at line
        45)``."""
        if self.after is not None and self.before is not None:
            return f"before {describe(self.after)} (after {describe(self.before)})"
        if self.after is not None:
            return f"at the start of the doc, before {describe(self.after)}"
        if self.before is not None:
            return f"at the end of the doc, after {describe(self.before)}"
        return "in the empty doc"


def describe(block: Block) -> str:
    """A translated block named so a translator finds it: ``the ```python block at line 48``."""
    at = f"at line {block.start_line}"
    kind = block.kind
    if kind is BlockKind.CODE:
        info = str(block.meta.get("info") or "").split()
        fence = str(block.meta.get("fence") or "```")
        return f"the {fence}{info[0] if info else ''} block {at}" if fence.strip() else f"the code block {at}"
    if kind is BlockKind.HEADING:
        title = " ".join(str(block.meta.get("title") or "").split())
        return f"the heading '{'#' * int(block.meta.get('level', 1))} {title[:50]}' {at}"
    if kind is BlockKind.TABLE:
        return f"the table {at}"
    if kind is BlockKind.CALLOUT:
        return f"the [!{block.meta.get('callout', 'NOTE')}] callout {at}"
    if kind in (BlockKind.HTML, BlockKind.RAW):
        m = _TAG_RE.match(block.text)
        return f"the <{m.group(1)}> tag {at}" if m else f"the HTML {at}"
    if kind is BlockKind.AUTODOC:
        return f"the [[autodoc]] block {at}"
    if kind is BlockKind.PARAGRAPH and block.meta.get("depth") and _ITEM_RE.match(block.text):
        return f"the list item {at}"
    return f"the {kind.value} {at}"


def is_item(block: Block) -> bool:
    """``block`` is a list item (a paragraph block of a list)."""
    return describe(block).startswith("the list item")


_NAME_RE = re.compile(r"\s*`([^`]+)`")


def item_name(block: Block) -> str | None:
    """The name in code list item ``block`` opens with ("- `fastai`, `torch`: ..." -> ``fastai``), if it does."""
    m = _ITEM_RE.match(block.text) if is_item(block) else None
    name = _NAME_RE.match(block.text, m.end()) if m is not None else None
    return name.group(1) if name is not None else None


def gap_of(beads: Sequence[Bead], first: int, last: int) -> Gap:
    """The gap of beads ``first``..``last`` (indexes into ``beads``, none with a translated block).

    Tags only the translation has that close an element right after the gap (or open one right before it)
    wrap the translation of the English before (after) the gap, not the missing English: the gap is outside
    them. diffusers zh training/text_inversion.md puts the install commands in a tab group its English does
    not have, and the tip on 🤗 Accelerate that follows them in the English, dropped, was placed inside the
    tab, before ``</hfoption>``; the "## 后续步骤" section dropped after another group, the same."""
    i = next((k for k in range(first - 1, -1, -1) if beads[k].tr), None)
    j = next((k for k in range(last + 1, len(beads)) if beads[k].tr), None)
    while j is not None and _only_tags(beads[j], closing=True):
        i, j = j, next((k for k in range(j + 1, len(beads)) if beads[k].tr), None)
    while i is not None and _only_tags(beads[i], closing=False):
        i, j = next((k for k in range(i - 1, -1, -1) if beads[k].tr), None), i
    return Gap(beads[i].tr[-1] if i is not None else None, beads[j].tr[0] if j is not None else None)


_OPEN_RE = re.compile(r"\s*<[A-Za-z][^<>]*>\s*$")
_CLOSE_RE = re.compile(r"\s*</[A-Za-z][\w.-]*\s*>\s*$")


def _only_tags(bead: Bead, *, closing: bool) -> bool:
    """``bead`` is translated blocks of closing (opening) tags alone, with no English."""
    tag = _CLOSE_RE if closing else _OPEN_RE
    return not bead.en and all(x.kind in (BlockKind.HTML, BlockKind.RAW) and all(
        tag.match(line) for line in x.text.splitlines() if line.strip()) for x in bead.tr)


def row_gap(rows: Sequence[tuple[int, str]], k: int) -> tuple[int | None, int | None]:
    """The lines of the translated rows around position ``k`` of ``rows`` (``(line, text)``, in order)."""
    return (rows[k - 1][0] if k > 0 else None), (rows[k][0] if k < len(rows) else None)


def insertion(lines: Sequence[str], gap: Gap, text: str, *, tight: bool = False,
              origin: str = "english", note: str = ENGLISH_NOTE) -> tuple[int, Edit]:
    """The line a finding about ``gap`` sits on, and the edit that writes ``text`` into the gap (``tight``:
    a list item or table row between units of its kind, with no blank line around it).

    The line is the blank line right after the block before the gap when there is one (the edit writes the
    text between two blank lines there), else the block's last line (the text follows it), else the first
    line of the block after the gap (the text precedes it). Lines of the gap that belong to no block of the
    pairing (an HTML comment) stay before the text: huggingface_hub ko index.md keeps the English's
    commented-out cards before "## 기여하기", and its section dropped was placed above them."""
    sep = "\n" if tight else "\n\n"
    lazy = _lazy_item(lines, gap.before) if gap.before is not None and _ITEM_RE.match(text) else None
    if lazy is not None:
        return lazy, Edit(lazy, lazy, "", text, "\n" + lines[lazy - 1], origin, note)
    if gap.before is not None:
        # past lines of the gap that are no block of the pairing (a comment): the English has them there too
        limit = gap.after.start_line - 1 if gap.after is not None else len(lines)
        end = max((n for n in range(gap.before.end_line, limit + 1) if lines[n - 1].strip()),
                  default=gap.before.end_line)
        blank = end < len(lines) and not lines[end].strip() and (gap.after is None or end + 1 < gap.after.start_line)
        if blank:
            return end + 1, Edit(end + 1, end + 1, lines[end] + "\n", text, "" if tight else "\n", origin, note)
        return end, Edit(end, end, lines[end - 1] + sep, text, "", origin, note)
    if gap.after is not None:
        start = gap.after.start_line
        return start, Edit(start, start, "", text, sep + lines[start - 1], origin, note)
    return 1, Edit(1, 1, (lines[0] + "\n") if lines else "", text, "", origin, note)


_LATER_ITEM_RE = re.compile(r"\s{0,3}(?:\d*[02-9]|\d+\d)[.)]\s")


def position(lines: Sequence[str], gap: Gap, text: str) -> str:
    """:meth:`Gap.words`, or for a list item whose list reads as the paragraph before it (:func:`_lazy_item`),
    the line it belongs before."""
    lazy = _lazy_item(lines, gap.before) if gap.before is not None and _ITEM_RE.match(text) else None
    if lazy is None or gap.before is None:
        return gap.words()
    return (f"before line {lazy} ('{excerpt(lines[lazy - 1], 30)}', the list's next item, read as a line of "
            f"{describe(gap.before)} without the item before it)")


def _lazy_item(lines: Sequence[str], block: Block) -> int | None:
    """The first line of paragraph ``block``, past its first, that starts a later item of a numbered list
    ("2. "), if one does: the list's first item is gone, and as only "1." may interrupt a paragraph
    (CommonMark), the rest of the list reads as lines of the paragraph before it. The missing item belongs
    before that line, not after the paragraph: smolagents ko reference/models.md writes "1." and "2." right
    under "...다음 두 가지 기준을 따릅니다:", and with "1." dropped the finding sat below "2."."""
    if block.kind is not BlockKind.PARAGRAPH or is_item(block):
        return None
    return next((n for n in range(block.start_line + 1, block.end_line + 1)
                 if n <= len(lines) and _LATER_ITEM_RE.match(lines[n - 1])), None)


def line_insertion(lines: Sequence[str], before: int | None, after: int | None, text: str, *,
                   origin: str = "english", note: str = ENGLISH_NOTE) -> tuple[int, Edit]:
    """:func:`insertion` of one line (a table row) after line ``before`` (else before line ``after``)."""
    if before is not None:
        return before, Edit(before, before, lines[before - 1] + "\n", text, "", origin, note)
    assert after is not None
    return after, Edit(after, after, "", text, "\n" + lines[after - 1], origin, note)


def removal(lines: Sequence[str], block: Block) -> Edit:
    """The edit that deletes ``block`` and one blank line around it (the one after it, else before; none
    for a list item, whose list the blank line ends)."""
    start, end = block.start_line, block.end_line
    if describe(block).startswith("the list item"):
        return Edit(start, end)
    if end < len(lines) and not lines[end].strip():
        end += 1
    elif start > 1 and not lines[start - 2].strip():
        start -= 1
    return Edit(start, end)


def line_removal(line: int) -> Edit:
    return Edit(line, line)
