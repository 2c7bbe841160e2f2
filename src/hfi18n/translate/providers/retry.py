"""How long to wait before a retry: the server's ``Retry-After`` (seconds, HTTP date, OpenAI's
``retry-after-ms``), else exponential backoff with jitter."""

from __future__ import annotations

import email.utils
import random
import time

import httpx


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header: delta-seconds (``"2"``, ``"1.5"``) or an HTTP date."""
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        pass
    else:
        return max(0.0, seconds) if seconds == seconds else None  # NaN -> None
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    current = time.time() if now is None else now
    return max(0.0, when.timestamp() - current)


def retry_after_from_headers(headers: httpx.Headers) -> float | None:
    """``retry-after-ms`` (OpenAI) if present, else ``retry-after`` (everyone, Anthropic included)."""
    ms = headers.get("retry-after-ms")
    if ms is not None:
        try:
            return max(0.0, float(ms) / 1000)
        except ValueError:
            pass
    return parse_retry_after(headers.get("retry-after"))


def backoff_delay(attempt: int, base: float, cap: float, rng: random.Random | None = None) -> float:
    """Exponential backoff with jitter: between half and all of ``min(cap, base * 2**attempt)``."""
    ceiling = min(cap, base * (2 ** min(attempt, 30)))
    r = (rng or random).random()
    return ceiling / 2 + r * ceiling / 2
