"""The reader notice: the callout an unreviewed machine translation carries at the top of the page.

Since 2026-09 Hugging Face's own pipeline machine-translates whole languages and puts a "machine-translated"
banner on every page, reviewed or not (issue 36). hfi18n puts a notice only on a page that holds machine text
no human signed off (:mod:`hfi18n.repo.signoff`), in the page's language, with a link to the team's guide
when one is configured; ``hfi18n approve`` takes it away. doc-builder renders it as any ``<Tip warning>``::

    <Tip warning={true}>

    <!-- hfi18n:machine-translation-notice ... -->
    이 문서는 기계 번역되었으며 아직 사람이 검토하지 않았습니다. ...

    </Tip>

It is the tool's own text, not a translation of the English: it sits first in the file (after the BOM and
the draft mark, :mod:`.draft`), and :func:`hfi18n.doc.parse.parse` keeps it out of the document's blocks
(:attr:`hfi18n.doc.model.Document.notice`), so ``check`` never finds a ``<Tip>`` the English lacks,
``translate --update`` never pairs it with English text or keeps it as human text, the review never reads
it as an insertion, and the page still renders back byte for byte. What makes it the notice is the marker
comment on its third line: a ``<Tip>`` without it is the page's own text.
"""

from __future__ import annotations

import re

from .draft import is_draft

MARKER = "<!-- hfi18n:machine-translation-notice"
MARKER_LINE = (f"{MARKER} (written by hfi18n while the page holds machine text no reviewer signed off; "
               "`hfi18n approve` removes it) -->")

_NOTICE_RE = re.compile(
    r"<Tip warning=\{true\}>\r?\n\r?\n" + re.escape(MARKER) + r"[^\n]*-->\r?\n"
    r"(?:(?!</Tip>)[^\n]*\n)*?</Tip>[ \t]*(?:\r?\n(?:\r?\n)?|\Z)")
"""The notice at a given position: the opening tag, a blank line, the marker comment, the text (no line of
it closing the tip), ``</Tip>`` and at most one blank line after it."""

WHOLE = "whole"
PART = "part"

TEXTS: dict[str, dict[str, str]] = {
    "ko": {
        WHOLE: "이 문서는 기계 번역되었으며 아직 사람이 검토하지 않았습니다.",
        PART: "이 문서의 일부({n}개 문단)는 영어 원문이 바뀐 뒤 기계 번역되었으며 아직 사람이 검토하지 않았습니다.",
        "guide": "어색하거나 틀린 곳을 발견하면 [번역 가이드]({url})를 참고해 검토에 참여해 주세요.",
    },
    "en": {
        WHOLE: "This page was machine-translated and has not been reviewed by a person yet.",
        PART: "Part of this page ({n} passages) was machine-translated after the English changed and has "
              "not been reviewed by a person yet.",
        "guide": "If something reads wrong, the [translation guide]({url}) says how to help review it.",
    },
}
"""The notice's words per language (``en`` for a language with none here, unless the config gives them:
``[review.notice] <lang> = "..."``)."""


def notice_text(lang: str, *, pending: int | None = None, total: int | None = None, guide: str | None = None,
                words: str | None = None) -> str:
    """The notice as written at the top of a page of ``lang``: the whole page is unreviewed machine text,
    or (``pending`` of ``total`` segments) only the part an update wrote since the page was signed off.
    ``words``: the team's own sentence (config), used as it is; ``guide``: the URL of the team's guide."""
    texts = TEXTS.get(lang.split("-")[0].lower(), TEXTS["en"]) if lang else TEXTS["en"]
    if words:
        body = words.strip()
    else:
        part = pending is not None and total is not None and 0 < pending < total
        body = texts[PART].format(n=pending) if part else texts[WHOLE]
        if guide:
            body += " " + texts["guide"].format(url=guide)
    body = " ".join(body.split())  # one line: a blank line or a `</Tip>` in it would end the notice early
    body = body.replace("<", "&lt;").replace("{", "&#123;")  # no tag, no MDX expression: words only
    return f"<Tip warning={{true}}>\n\n{MARKER_LINE}\n{body}\n\n</Tip>\n\n"


def _start(text: str) -> int:
    """Where the notice may begin: after a BOM and after the draft mark's line."""
    at = 1 if text.startswith("\ufeff") else 0
    if is_draft(text):
        nl = text.find("\n", at)
        at = len(text) if nl < 0 else nl + 1
    return at


def find_notice(text: str) -> tuple[int, int] | None:
    """``(start, end)`` character offsets of the notice in ``text``, or None when it has none."""
    at = _start(text)
    if not text.startswith("<Tip", at) or MARKER not in text[at:at + 200]:
        return None
    m = _NOTICE_RE.match(text, at)
    return (m.start(), m.end()) if m else None


def notice_lines(text: str) -> tuple[int, int] | None:
    """1-based first and last line of the notice (its trailing blank line included), or None."""
    span = find_notice(text)
    if span is None:
        return None
    first = text.count("\n", 0, span[0]) + 1
    return first, first + text.count("\n", span[0], span[1]) - 1


def has_notice(text: str) -> bool:
    return find_notice(text) is not None


def strip_notice(text: str) -> str:
    """``text`` without its notice (unchanged when it has none)."""
    span = find_notice(text)
    return text if span is None else text[:span[0]] + text[span[1]:]


def with_notice(text: str, notice: str | None) -> str:
    """``text`` carrying ``notice`` (a :func:`notice_text`) in place of any notice it has; ``None``: without one."""
    body = strip_notice(text)
    if not notice:
        return body
    at = _start(body)
    return body[:at] + notice + body[at:]
