"""Long calls of the web app: the API runs in a thread while the handler yields its progress, and each
browser session's running translation has a cancel event the Stop button sets."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from typing import Any

import gradio as gr

from .. import api


class Runs:
    """The cancel event of each browser session's running translation (what Stop sets)."""

    def __init__(self) -> None:
        self._events: dict[str, threading.Event] = {}
        self._lock = threading.Lock()

    def start(self, key: str) -> threading.Event:
        with self._lock:
            event = self._events[key] = threading.Event()
        return event

    def stop(self, key: str) -> bool:
        with self._lock:
            event = self._events.get(key)
        if event is None:
            return False
        event.set()
        return True

    def end(self, key: str, event: threading.Event) -> None:
        with self._lock:
            if self._events.get(key) is event:
                del self._events[key]


def session_key(request: gr.Request | None) -> str:
    """The browser session of a request (``default`` for direct calls and tests)."""
    return (getattr(request, "session_hash", None) or "default") if request is not None else "default"


def in_thread(call: Callable[[Callable[[api.ProgressEvent], None]], Any]) -> Iterator[Any]:
    """Run ``call(progress)`` in a thread; yield its progress events as they come, then its result (or
    raise its error here)."""
    events: queue.Queue[Any] = queue.Queue()
    done: dict[str, Any] = {}

    def run() -> None:
        try:
            done["result"] = call(events.put)
        except BaseException as exc:  # noqa: BLE001 - re-raised in the caller's thread
            done["error"] = exc

    worker = threading.Thread(target=run, name="hfi18n-web", daemon=True)
    worker.start()
    while worker.is_alive() or not events.empty():
        try:
            yield events.get(timeout=0.25)
        except queue.Empty:
            continue
    worker.join()
    if "error" in done:
        raise done["error"]
    yield done["result"]
