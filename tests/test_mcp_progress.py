"""The MCP tools' progress notifications (``mcp.calls.with_progress``), without a server: a fake context that
is slow to send, as a loaded machine is."""

from __future__ import annotations

import time

import anyio

from hfi18n import api
from hfi18n.mcp.calls import with_progress


class SlowContext:
    """``report_progress`` that takes 0.5 s to deliver (a client reading slowly, a busy stdout)."""

    def __init__(self) -> None:
        self.delivered: list[tuple[float, float | None]] = []

    async def report_progress(self, progress: float, total: float | None = None, message: str | None = None) -> None:
        await anyio.sleep(0.5)
        self.delivered.append((progress, total))


def _run(progress: api.ProgressFn) -> str:
    progress(api.ProgressEvent(api.ProgressKind.START, doc="a.md", total=2))
    progress(api.ProgressEvent(api.ProgressKind.SEGMENTS, doc="a.md", done=2))
    time.sleep(0.35)  # ends while the reporting task's notification (at 0.2 s) is still being delivered
    return "done"


def test_the_final_count_reaches_the_client_when_the_call_ends_during_a_notification() -> None:
    """A notification the call's end cut short was counted as sent, so the final count (the same numbers)
    was never sent: the MCP test's client saw no progress at all on a loaded CI machine."""
    ctx = SlowContext()

    async def main() -> str:
        return await with_progress(ctx, _run)  # type: ignore[arg-type]

    assert anyio.run(main) == "done"
    assert ctx.delivered and ctx.delivered[-1] == (2, 2)
