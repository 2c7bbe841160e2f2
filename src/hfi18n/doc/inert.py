"""Names a repository chose (file paths, headings), written into Markdown that others read, made inert.

A doc path is the repository's to choose, and hfi18n writes it into text GitHub renders: the PR title and
body of ``publish``, ``review``'s comments (:mod:`hfi18n.review.quote`, which also breaks mentions and
escapes HTML). A path holding a backtick closed its code span early: ``x` @org/team `y.md`` put a live
mention of a whole team into the PR body (issue 25). :func:`code` makes a span no backtick inside can
close, and GitHub shows a code span literally (no mention, no link, no HTML); :func:`one_line` keeps a
name on its line.

:func:`for_terminal` is the one way text from outside (remote logs, job messages, file names, memory
entries) reaches a terminal: a Job's log line carrying ``ESC ] 52`` wrote the user's clipboard, ``ESC ] 0``
retitled the window and ``ESC [ 2 J`` cleared the screen, and a doc named with an escape sequence did the
same from the status table, translate's progress and ``memory list`` (issue 33). The CLI's consoles pass
every string they render through it (:class:`hfi18n.cli._output.PlainConsole`).
"""

from __future__ import annotations

import re

_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 controls (ESC starts every ANSI/OSC sequence, U+009B is a one-character CSI), DEL, the Unicode
line and paragraph separators, and the bidirectional marks and overrides that reorder what is shown."""
_TERMINAL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
""":data:`_CONTROL_RE` less the line break and the tab, which a terminal only moves the cursor with."""


def _shown(ch: str) -> str:
    return {"\n": "\\n", "\r": "\\r", "\t": " "}.get(ch) or (f"\\x{ord(ch):02x}" if ord(ch) < 0x100
                                                          else f"\\u{ord(ch):04x}")


def one_line(text: str) -> str:
    """``text`` with every control character (newlines too) shown as an escape: ``\\n``, ``\\x1b``."""
    return _CONTROL_RE.sub(lambda m: _shown(m.group(0)), text)


def for_terminal(text: str) -> str:
    """``text`` as a terminal may show it: line breaks and tabs kept, every other control character shown
    as an escape (``\\x1b]52;c;...`` is printed, never run)."""
    return _TERMINAL_RE.sub(lambda m: _shown(m.group(0)), text) if text else text


def code(text: str) -> str:
    """``text`` as a Markdown code span that no backtick inside it can close."""
    text = one_line(text)
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"
