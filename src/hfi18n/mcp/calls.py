"""How a tool runs a library call: on a worker thread, errors as tool errors, progress, secrets redacted.

* :func:`call` runs a blocking :mod:`hfi18n.api` function on a worker thread. A library error
  (:class:`hfi18n.errors.HfI18nError`) becomes a tool error carrying its message and hint, as the CLI prints
  them; anything else becomes "unexpected error", with the traceback on stderr. When the client cancels
  the call, the ``cancel`` event given to the library is set (``translate`` then stops after the requests
  in flight).
* :func:`with_progress` also turns the library's progress events into MCP progress notifications.
* :func:`output` fills a result model with every known secret redacted from every string.
"""

from __future__ import annotations

import logging
import re
import threading
import traceback
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import anyio
from pydantic import BaseModel

from .. import api
from ..errors import HfI18nError, human_message
from ..secrets import redact
from .sdk import Context, ToolError

log = logging.getLogger("hfi18n.mcp")

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)


ARGUMENTS = {"lang": "lang", "update": "update", "next": "next_n", "provider": "provider", "model": "model",
             "dry-run": "dry_run", "no-llm": "no_llm", "fork": "fork", "upstream": "upstream", "pr": "pr",
             "llm": "llm", "allow-errors": "allow_errors", "new-language": "new_language", "retry-now": "retry_now",
             "job": "job", "post": "post"}
"""A CLI option -> the tool argument that does the same: a tool error's hint names the argument. The hints
said "pass --lang ko" and "pass --update" to an agent, whose tools take ``lang`` and ``update`` (issue 33)."""
_VALUED = {"lang", "next", "provider", "model", "fork", "upstream", "pr", "job"}
_SERVER = {"repo", "docs-root", "demo"}
"""Options of ``hfi18n mcp`` itself: the server is restarted with them, so they stay as they are."""
_FLAG_RE = re.compile(r"--([a-z][a-z-]*)(?:[ =]([^\s,;)?!]+))?")


def for_tools(text: str) -> str:
    """``text`` (a library message or hint) as a tool user reads it: ``--lang ko`` is ``lang="ko"``,
    ``--update`` is ``update=true``, ``hfi18n translate`` is the ``translate`` tool; an option with no tool
    argument is named as the command line's."""
    def flag(m: re.Match[str]) -> str:
        name, value = m.group(1), m.group(2)
        if name in _SERVER:
            return m.group(0)
        arg = ARGUMENTS.get(name)
        if arg is None:
            return f"{name.replace('-', '_')} (a command-line option only: hfi18n ... --{name})"
        if name in _VALUED and value and not value.startswith("-"):
            return f'{arg}="{value}"' if not value.isdigit() else f"{arg}={value}"
        return f"{arg}=true" + (f" {value}" if value else "")

    text = re.sub(r"\bhfi18n (status|check|translate|toctree|publish|review|plan)\b", r"the \1 tool with", text)
    return _FLAG_RE.sub(flag, text)


def error_text(exc: BaseException) -> str:
    """The human message of a library error, as the CLI prints it (message, then the next step), with CLI
    options named as the tools' arguments (:func:`for_tools`)."""
    message, hint = human_message(exc)
    if not isinstance(exc, HfI18nError | OSError):  # a crash: its traceback is in the server's log
        hint = "this is a bug in hfi18n; the server's stderr has the traceback"
    return for_tools(message) + (f"\nhint: {for_tools(hint)}" if hint else "")


async def call(fn: Callable[..., T], *args: Any, cancel: threading.Event | None = None, **kw: Any) -> T:
    """Run a blocking library call on a worker thread; library errors become tool errors.

    ``cancel`` is passed on to ``fn`` and set when the client cancels the call.
    """
    if cancel is not None:
        kw["cancel"] = cancel
    try:
        return await anyio.to_thread.run_sync(partial(fn, *args, **kw), abandon_on_cancel=True)
    except anyio.get_cancelled_exc_class():
        if cancel is not None:
            cancel.set()  # the run stops after the requests in flight; memory and files stay consistent
        raise
    except HfI18nError as exc:
        raise ToolError(error_text(exc)) from None
    except Exception as exc:  # noqa: BLE001 - the one place a tool turns a crash into a message
        if not isinstance(exc, OSError):
            log.error("%s", redact(traceback.format_exc()))
        raise ToolError(error_text(exc)) from None


def scrub(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {k: scrub(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [scrub(v) for v in value]
    return value


def output(model: type[M], data: dict[str, Any]) -> M:
    """``model`` filled from ``data`` with every known secret redacted from every string."""
    return model.model_validate(scrub(data))




class Progress:
    """Collects the library's progress events (from any thread) for the tool to report to the client."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.done = 0
        self.total = 0
        self.message = ""

    def __call__(self, event: api.ProgressEvent) -> None:
        with self._lock:
            if event.kind is api.ProgressKind.START:
                self.total += event.total
            elif event.kind is api.ProgressKind.SEGMENTS:
                self.done += event.done
            self.message = event.message or (f"{event.doc}: {event.kind.value}" if event.doc else self.message)

    def snapshot(self) -> tuple[int, int, str]:
        with self._lock:
            return self.done, self.total, self.message


async def with_progress(ctx: Context | None, fn: Callable[..., T], *args: Any, **kw: Any) -> T:
    """``call`` with the library's progress sent to the client as progress notifications."""
    progress = Progress()
    result: list[T] = []
    last: list[tuple[int, int, str]] = []

    async def send() -> None:
        """One notification, whole: the reporting task is cancelled when the call ends, and a notification
        cut there was counted as sent, so the final count was never sent (the MCP test's client saw no
        progress at all on a loaded CI machine)."""
        snap = progress.snapshot()
        if ctx is not None and snap[1] and (not last or snap != last[-1]):
            with anyio.CancelScope(shield=True):
                await ctx.report_progress(snap[0], snap[1], redact(snap[2]) or None)
            last.append(snap)

    async def report() -> None:
        while True:
            await send()
            await anyio.sleep(0.2)

    failed: list[ToolError] = []
    async with anyio.create_task_group() as tg:
        tg.start_soon(report)
        try:
            result.append(await call(fn, *args, progress=progress, **kw))
        except ToolError as exc:  # raised after the group, which would wrap it in an ExceptionGroup
            failed.append(exc)
        finally:
            tg.cancel_scope.cancel()
    if failed:
        raise failed[0]
    await send()  # the final count, even for a run shorter than one reporting interval
    return result[0]
