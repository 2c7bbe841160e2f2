"""What one visitor may ask of a shared app: the size of a draft or text per call, and how many calls a
minute (issue 25, item 4).

Check and preview are open to anonymous visitors and take the draft as JSON: 6 million characters were
accepted, and cost 31 s and 600 MB on ``/check``; 12 million took 98 s and 1 GB; 80 million 8.4 GB. So:

* a call's draft (its segment translations and ids) or text holds at most :data:`MAX_INPUT_CHARS`
  characters (the largest English doc of diffusers, huggingface_hub and smolagents is under 100,000);
  more is refused at once with a clear error, before any parsing (``bench/bench_bounds.py`` measures time
  and memory of one call at the limit);
* each visitor (their Hugging Face username, else their address) has a token bucket of
  :data:`RATE_BURST` calls, refilled at :data:`RATE_PER_MINUTE` a minute (``HFI18N_RATE_LIMIT``: calls a
  minute, 0 turns it off); a call costs one token plus one per :data:`CHARS_PER_TOKEN` characters it sends
  (a check at the limit takes about 5 s: a visitor gets three of them at once, then one per 11 s); a call
  over it is told how long to wait.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..errors import InputError, RefusedError
from ..fileio import atomic_write
from ..i18n import Msg
from .hints import web_error

MAX_INPUT_CHARS = 1_000_000
"""Characters one call may send (a draft's translations and ids, or a text): 10x the largest real doc."""
RATE_PER_MINUTE = 60.0
RATE_BURST = 30
"""A visitor may make 30 calls at once, then one a second: a translator clicking and editing stays far
below it (an edit is two calls: edit, then the preview)."""
RATE_ENV = "HFI18N_RATE_LIMIT"
CHARS_PER_TOKEN = 100_000
"""A call pays one more token per this many characters it sends (the work grows with the draft)."""


def call_cost(*values: Any) -> int:
    """Tokens a call of these inputs costs (see :data:`CHARS_PER_TOKEN`)."""
    return 1 + min(input_size(values), MAX_INPUT_CHARS) // CHARS_PER_TOKEN


def input_size(values: Iterable[Any]) -> int:
    """Characters of strings, and of the keys and values of dicts, among ``values``."""
    total = 0
    for value in values:
        if isinstance(value, str):
            total += len(value)
        elif isinstance(value, dict):
            total += input_size(value.keys()) + input_size(value.values())
        elif isinstance(value, (list, tuple)):
            total += input_size(value)
    return total


def bound_input(*values: Any, what: str = "draft") -> None:
    """Refuse a call whose inputs hold more than :data:`MAX_INPUT_CHARS` characters. ``what``: ``draft`` or
    ``text`` (the message ``what_<what>``)."""
    size = input_size(values)
    if size > MAX_INPUT_CHARS:
        raise web_error(InputError, "too_large", what=Msg(f"what_{what}"),
                        size=size, limit=MAX_INPUT_CHARS)


class RateLimiter:
    """A token bucket per visitor: ``burst`` calls at once, refilled at ``per_minute`` a minute."""

    def __init__(self, per_minute: float | None = None, burst: int = RATE_BURST) -> None:
        if per_minute is None:
            raw = os.environ.get(RATE_ENV, "").strip()
            try:
                per_minute = float(raw) if raw else RATE_PER_MINUTE
            except ValueError:
                per_minute = RATE_PER_MINUTE
        self.per_second = per_minute / 60.0
        self.burst = burst
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, who: str, cost: int = 1) -> None:
        """Spend ``cost`` tokens of ``who``'s bucket, or refuse with how long to wait."""
        if self.per_second <= 0:
            return
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get(who, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - last) * self.per_second)
            cost = max(1, min(cost, self.burst))
            if tokens < cost:
                self._buckets[who] = (tokens, now)
                wait = (cost - tokens) / self.per_second
                raise web_error(RefusedError, "rate", wait=max(1, round(wait + 0.49)), per_minute=self.per_second * 60)
            self._buckets[who] = (tokens - cost, now)
            if len(self._buckets) > 10_000:  # forget the fullest buckets: they equal a fresh one
                full = [k for k, (t, s) in self._buckets.items() if t + (now - s) * self.per_second >= self.burst]
                for k in full:
                    del self._buckets[k]


def visitor_key(username: str | None, request: Any) -> str:
    """Whom a call counts against: the signed-in username, else the client's address. On a Space (behind
    its proxy, ``SPACE_ID`` set) that is the last ``X-Forwarded-For`` hop, the one the proxy added; anywhere
    else the header is the client's own words (a new one per call would be a new bucket per call) and is
    ignored."""
    if username:
        return f"user:{username.lower()}"
    headers = getattr(request, "headers", None) or {}
    forwarded = headers.get("x-forwarded-for", "") if hasattr(headers, "get") and os.environ.get("SPACE_ID") else ""
    hops = [h.strip() for h in forwarded.split(",") if h.strip()]
    if hops:
        return f"ip:{hops[-1]}"
    client = getattr(request, "client", None)
    host = getattr(client, "host", None)
    return f"ip:{host or 'unknown'}"


# -- storage: per visitor and for the whole server (issue 33, item 6) ------------------------------------

VISITOR_STORAGE_ENV = "HFI18N_VISITOR_STORAGE_MB"
VISITOR_STORAGE_MB = 2048
"""What one visitor's clones and own checkouts may take on a shared server (a blobless clone of transformers
with its docs history is a few hundred MB)."""
STORAGE_ENV = "HFI18N_STORAGE_MB"
STORAGE_MB = 20480
"""What the whole storage folder may hold (a Space's persistent storage comes in 20 GB and larger)."""
OWNERS = ".hfi18n-owners.json"
"""In the storage folder: which visitor made each clone (a clone counts against its maker's quota)."""
MB = 1 << 20


def folder_bytes(path: Path) -> int:
    """Disk blocks under ``path`` (never following a link), in bytes; 0 when it is missing."""
    total = 0
    for root, dirs, files in os.walk(path, onerror=lambda _: None):
        for name in (*files, *dirs):
            with contextlib.suppress(OSError):
                total += os.lstat(os.path.join(root, name)).st_blocks * 512
    return total


def _mb_from_env(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    try:
        return max(0, int(float(raw))) if raw else default
    except ValueError:
        return default


class StorageQuota:
    """How much of the storage folder each visitor may fill (their clones and their own checkouts) and the
    whole server may hold. One visitor cloned 12 repositories with a rate limit of 3 (issue 33, item 6):
    nothing bounded what a visitor's calls left on disk. A clone or a new checkout is refused once its
    visitor, or the server, is at its limit; a clone is stopped (and removed) when it grows past what is left.
    ``0`` turns a limit off."""

    def __init__(self, storage: Path, *, visitor_mb: int | None = None, total_mb: int | None = None) -> None:
        self.storage = storage
        self.visitor_bytes = (visitor_mb if visitor_mb is not None
                              else _mb_from_env(VISITOR_STORAGE_ENV, VISITOR_STORAGE_MB)) * MB
        self.total_bytes = (total_mb if total_mb is not None else _mb_from_env(STORAGE_ENV, STORAGE_MB)) * MB
        self._lock = threading.Lock()

    def _owners(self) -> dict[str, str]:
        try:
            data = json.loads((self.storage / OWNERS).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def record(self, folder: str, who: str) -> None:
        """``who`` made the clone ``folder`` (the first maker keeps it)."""
        with self._lock:
            owners = self._owners()
            if folder not in owners:
                owners[folder] = who
                atomic_write(self.storage / OWNERS, json.dumps(owners, sort_keys=True))

    def used(self, who: str | None, home: Path | None) -> tuple[int, int]:
        """(bytes of ``who``'s clones and of their checkouts folder ``home``, bytes of the whole storage)."""
        mine = sum(folder_bytes(self.storage / folder) for folder, owner in self._owners().items()
                   if who is not None and owner == who)
        if home is not None:
            mine += folder_bytes(home)
        return mine, folder_bytes(self.storage)

    def left(self, who: str | None, home: Path | None) -> int | None:
        """Bytes ``who`` may still add (None: no limit); refuses with the visitor's words when nothing is."""
        if not self.visitor_bytes and not self.total_bytes:
            return None
        mine, total = self.used(who, home)
        if self.total_bytes and total >= self.total_bytes:
            raise web_error(RefusedError, "quota_space", used=total // MB, limit=self.total_bytes // MB)
        if self.visitor_bytes and who is not None and mine >= self.visitor_bytes:
            raise web_error(RefusedError, "quota_visitor", used=mine // MB, limit=self.visitor_bytes // MB)
        room = [self.total_bytes - total] if self.total_bytes else []
        if self.visitor_bytes and who is not None:
            room.append(self.visitor_bytes - mine)
        return min(room) if room else None
