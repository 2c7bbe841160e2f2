"""Markdown syntax facts that more than one reader needs, defined once.

The doc parser (:mod:`.parse`), the tag reader (:mod:`.markup`), the check of a provider's answer
(:mod:`hfi18n.translate.validate`) and the fast line scan behind status's content fingerprint
(:mod:`hfi18n.repo.history`) all recognise code fences; they import the pattern from here rather than
each writing its own.

A fence opens with a run of three or more backticks or tildes (:data:`FENCE_RUN`) and closes at a line
whose run has the same character, is at least as long and has nothing after it (:func:`closes_fence`).
Readers differ only in what they allow before the run, which they state as a prefix of
:data:`FENCE_RUN`: the doc readers allow indentation and blockquote ``>`` markers
(:data:`FENCE_LINE_RE`); the answer check and the history scan allow any leading whitespace and no
``>``.

HTML: a tag's name (:data:`TAG_NAME`) is read by the tag reader (:mod:`.markup`), and the same name makes
the one-regex forms of a tag (:data:`TAG`) and of a comment (:data:`COMMENT`) that the inline protector
(:mod:`.inline`) uses. The full tag reader, with attributes
and ``{...}`` props across lines, is :func:`hfi18n.doc.markup.scan_tag` / :func:`~hfi18n.doc.markup.iter_markup`.
"""

from __future__ import annotations

import re

FENCE_RUN = r"(`{3,}|~{3,})"
"""A code fence's marker run, as group 1: three or more backticks or tildes."""

FENCE_LINE_RE = re.compile(r"[ \t>]*" + FENCE_RUN)
"""A fence at the start of a line, indented or inside a blockquote (``> ```py``). Use ``match`` at the
line's start; there is no ``^``, so ``match(text, pos)`` works at a line start inside a larger text."""


def closes_fence(opener: str, run: str, rest: str = "") -> bool:
    """Whether a fence line with marker ``run`` followed by ``rest`` closes the code opened by ``opener``.

    Same character, at least as long, nothing but whitespace after it. A caller that passes no ``rest``
    (the history line scan) closes on the run alone.
    """
    return run[0] == opener[0] and len(run) >= len(opener) and not rest.strip()


def fence_closed(text: str, fence: str) -> bool:
    """Does the fenced code block ``text`` (opened by ``fence``) end with a line that closes it? A block
    whose fence is never closed runs to the end of the file (a cut translation: everything after it renders
    as code)."""
    lines = text.rstrip("\r\n").split("\n")
    last = lines[-1].strip()
    run = last[: len(last) - len(last.lstrip(fence[:1]))] if fence else ""
    return len(lines) > 1 and bool(run) and closes_fence(fence, run, last[len(run):])


TAG_NAME = r"[A-Za-z][A-Za-z0-9._:-]*"
"""An HTML element's or an MDX component's name (``div``, ``Tip``, ``hfoption``, ``svelte:head``)."""

TAG = r"</?" + TAG_NAME + r"(?:\s+[^<>]*?)?/?>"
"""An open, close or self-closing tag as one regex (attributes without ``<`` or ``>``; compile with
``re.DOTALL`` so they may span lines)."""

COMMENT = r"<!--.*?-->"
"""An HTML comment (compile with ``re.DOTALL``)."""
