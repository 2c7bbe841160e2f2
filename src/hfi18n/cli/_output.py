"""Results go to stdout, everything else (errors, hints, progress) to stderr.

Both consoles print text as it is (``markup=False``): doc text is full of ``[[anchors]]``, ``[`Refs`]``
and ``[i18n-KO]`` that rich would take for markup. A call that wants colour says ``markup=True`` and
escapes what it interpolates. Neither ever passes a control character through: every string they render
goes through :func:`hfi18n.doc.inert.for_terminal` (rich passes ``ESC`` on as it is).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from rich.console import Console, ConsoleDimensions
from rich.markup import escape
from rich.segment import Segment

from ..doc.inert import for_terminal

if TYPE_CHECKING:
    from ..api import DocOutcome, ProgressEvent

PLAIN_WIDTH = 10_000
"""The width of a file or a pipe: wide enough that no table is folded (a status line is ~200 characters)."""


class PlainConsole(Console):
    """A console as wide as the terminal, or :data:`PLAIN_WIDTH` when it writes to a file or a pipe.

    rich takes 80 columns when no stream is a terminal: ``hfi18n status | less`` or ``> status.txt`` cut
    doc names and folded the "English changes since" column into three lines, which no grep or diff can
    read back. A file or a pipe gets full lines (no colour either: rich adds none off a terminal).
    ``COLUMNS`` still sets the width when given."""

    @property  # type: ignore[override]
    def size(self) -> ConsoleDimensions:
        dims = Console.size.fget(self)  # type: ignore[attr-defined]
        if self._width is None and not self.is_terminal and not os.environ.get("COLUMNS"):
            return ConsoleDimensions(PLAIN_WIDTH, dims.height)
        return dims

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        Console.size.fset(self, new_size)  # type: ignore[attr-defined]

    def render_str(self, text: str, **kwargs: Any) -> Any:  # type: ignore[override]
        """Every string printed, and every string cell of a table, with control characters made visible:
        a file name or a remote log line holding ``ESC ] 52`` (clipboard), ``ESC ] 0`` (window title) or
        ``ESC [ 2 J`` (clear screen) reached the terminal raw (issue 33)."""
        return super().render_str(for_terminal(text), **kwargs)

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        """Off a terminal, lines end at their last character: a table pads every cell to its column."""
        text = super()._render_buffer(buffer)
        if self.is_terminal:
            return text
        return "\n".join(line.rstrip() for line in text.split("\n"))


out = PlainConsole(soft_wrap=True, highlight=False, markup=False)
err = PlainConsole(stderr=True, soft_wrap=True, highlight=False, markup=False)


def log_event(event: ProgressEvent) -> None:
    """A job's log lines (not its progress counts) on stderr."""
    if event.kind == "log":  # ProgressKind.LOG, a str enum (this module does not import the api)
        err.print(event.message)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def failures_by_reason(failures: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Reason -> lines of the segments that failed for it (first seen first): one line per cause, since a
    run whose every request failed the same way printed the same reason once per segment (79 lines)."""
    grouped: dict[str, list[int]] = {}
    for f in failures:
        grouped.setdefault(str(f["reason"]), []).append(int(f["line"]))
    return grouped


def _some(lines: list[int], shown: int = 8) -> str:
    more = len(lines) - shown
    return ", ".join(map(str, lines[:shown])) + (f" and {more} more" if more > 0 else "")


def print_doc(d: DocOutcome, detail: str | None = None) -> None:
    """One doc of a translate run or a collected batch: written (green), draft (yellow) or not (red), then
    ``detail``, the segments left in English, the check errors and the problems an update kept from the
    previous translation (warnings)."""
    colour = "green" if d.written and not d.draft else "yellow" if d.written else "red"
    out.print(f"[{colour}]{escape(d.note)}[/]: {escape(str(d.target))}", markup=True)
    if detail:
        out.print(f"  {detail}")
    for reason, lines in failures_by_reason(d.failures).items():
        where = f"line {lines[0]}" if len(lines) == 1 else f"{len(lines)} segments, lines {_some(lines)}"
        out.print(f"  left in English ({where}): {reason}")
    for e in d.errors:
        out.print(f"  {e['file']}:{e['line']}: [{e['check']}] {e['message']}")
    for w in d.pre_existing:  # kept by an update as the previous translation had it: a warning
        out.print(f"  {w['file']}:{w['line']}: warning [{w['check']}] {w['message']}")
    if d.second_drafts:
        shown = ", ".join(f"line {x['line']} ({'/'.join(map(str, x['reasons']))})" for x in d.second_drafts[:5])
        more = f" and {len(d.second_drafts) - 5} more" if len(d.second_drafts) > 5 else ""
        out.print(f"  second drafts to pick from: {shown}{more} (--format json, or the web app's review)")
    for w in d.style:  # the team's style: worth a look, never a reason the page is not written
        out.print(f"  {w['file']}:{w['line']}: warning [{w['check']}] {w['message']}")


class _RetryLines(logging.Handler):
    """Provider retries, one line per cause: the first retry of a cause is shown, the others counted."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.causes: dict[str, int] = {}

    def emit(self, record: logging.LogRecord) -> None:
        args = record.args if isinstance(record.args, tuple) else ()
        cause = str(args[1]) if len(args) >= 2 and "retry" in str(record.msg) else record.getMessage()
        self.causes[cause] = self.causes.get(cause, 0) + 1
        if self.causes[cause] == 1:
            err.print(f"{cause}; retrying (further retries for this cause are counted)")


@contextlib.contextmanager
def retries_counted() -> Iterator[None]:
    """During a run, provider retry warnings print once per cause, then a count per cause at the end.

    Before, every retry of every request printed its own line: against a dead server, 121 identical
    lines in one run."""
    logger = logging.getLogger("hfi18n.providers")
    handler = _RetryLines()
    logger.addHandler(handler)
    propagate, logger.propagate = logger.propagate, False
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate
        for cause, n in handler.causes.items():
            err.print(f"retried {n} time(s): {cause}")
