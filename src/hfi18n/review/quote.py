"""Text of a pull request quoted in what ``review`` prints and posts, made inert.

A PR author controls its file names, headings, anchors and prose, and ``review`` quotes them in comments
on the PR, in the job summary and on the runner's console. Tried as a hostile author (issue 16):

* a heading ``@everyone`` or a file named ``@org/team.md`` put live mentions into hfi18n's comments, and
  raw HTML (``<img src=…>``, ``<details>``) rendered;
* a file name containing `` -->`` ended the hidden marker early, so no later run recognised its own
  comment and every re-run posted the same comments again (33 → 44 → 55);
* a file name or an LLM answer with a newline followed by ``::error …`` or ``::stop-commands::`` became a
  workflow command of the Action's runner.

So: :func:`prose` breaks mentions and escapes HTML outside code spans (GitHub shows code spans literally),
:func:`code` puts a name in a code span it cannot close, :func:`one_line` turns control characters into
visible escapes, :func:`console` also defuses a line starting with ``::``, and :func:`marker_key`
percent-encodes a file name for the hidden marker. (:func:`code` and :func:`one_line` live in
:mod:`hfi18n.doc.inert`: ``publish`` writes doc paths into PR titles and bodies the same way.)
"""

from __future__ import annotations

import re
from urllib.parse import quote

from ..doc.inert import code, one_line

__all__ = ["code", "console", "fence_for", "marker_key", "one_line", "prose"]

_MENTION_RE = re.compile(r"@(?=[A-Za-z0-9_-])")
_SPAN_RE = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)|[^`]+|`+")


def _inert(text: str) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MENTION_RE.sub("@\u200b", text)


def prose(text: str) -> str:
    """Markdown prose quoting PR text: one line, no mention, no HTML, code spans kept as they are."""
    out = []
    for m in _SPAN_RE.finditer(one_line(text)):
        out.append(m.group(0) if m.group(1) else _inert(m.group(0)))
    return "".join(out)


def fence_for(text: str) -> str:
    """A code fence longer than any backtick run of ``text`` (at least three backticks)."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def console(text: str) -> str:
    """A line for a terminal or a CI log: one line, and never a GitHub workflow command (``::…``)."""
    line = one_line(text)
    rest = line.lstrip()
    return line[:len(line) - len(rest)] + "%3A%3A" + rest[2:] if rest.startswith("::") else line


def marker_key(file: str, line: int) -> str:
    """The hidden marker's key for a comment on ``file``'s ``line``: the name percent-encoded, so no file
    name can end the HTML comment (`` -->``) or hold a space."""
    return f"{quote(file, safe='/._-')}:{line}"
