"""Names a repository chose (file paths, headings), written into Markdown that others read, made inert.

A doc path is the repository's to choose, and hfi18n writes it into text GitHub renders: the PR title and
body of ``publish``, ``review``'s comments (:mod:`hfi18n.review.quote`, which also breaks mentions and
escapes HTML). A path holding a backtick closed its code span early: ``x` @org/team `y.md`` put a live
mention of a whole team into the PR body (issue 25). :func:`code` makes a span no backtick inside can
close, and GitHub shows a code span literally (no mention, no link, no HTML); :func:`one_line` keeps a
name on its line.
"""

from __future__ import annotations

import re

_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str) -> str:
    """``text`` with every control character (newlines too) shown as an escape: ``\\n``, ``\\x1b``."""
    return _CONTROL_RE.sub(lambda m: {"\n": "\\n", "\r": "\\r", "\t": " "}.get(m.group(0), f"\\x{ord(m.group(0)):02x}"),
                           text)


def code(text: str) -> str:
    """``text`` as a Markdown code span that no backtick inside it can close."""
    text = one_line(text)
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"
