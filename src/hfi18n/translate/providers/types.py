"""The types every provider speaks: a chat request, its normalized answer, and the errors of a call."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import ProviderError

FINISH_REASONS = ("stop", "length", "other")


@dataclass(slots=True)
class ChatRequest:
    """One chat call: a system prompt and a single user message."""

    system: str
    """Instructions (Anthropic: top-level ``system``; OpenAI: a ``system`` message)."""
    user: str
    """The user message (context and ``<segments>`` to translate)."""
    max_tokens: int = 4096
    """Upper bound on the answer's tokens; an answer cut there has ``finish_reason == "length"``."""
    temperature: float = 0.0
    cache_prefix: bool = False
    """The system prompt is the same for many requests: mark it cacheable (Anthropic ``cache_control``;
    OpenAI caches long prefixes by itself)."""


@dataclass(slots=True)
class Completion:
    """A provider's answer, normalized across wire formats."""

    text: str
    """The answer's text (all text blocks joined)."""
    finish_reason: str
    """``"stop"`` (natural end), ``"length"`` (cut at ``max_tokens``) or ``"other"`` (refusal, filter...)."""
    input_tokens: int
    """Prompt tokens as reported by the server (all of them, cached ones included), else estimated with
    :func:`~..pricing.estimate_tokens`."""
    output_tokens: int
    """Answer tokens as reported by the server, else estimated."""
    model: str
    """The model that answered (as the server names it)."""
    latency_s: float = 0.0
    """Wall time of the HTTP exchange that succeeded (retries and waits not included)."""
    retries: int = 0
    """Transient failures retried before success."""
    cache_write_tokens: int = 0
    """Part of :attr:`input_tokens` written to the provider's prompt cache (Anthropic
    ``cache_creation_input_tokens``)."""
    cache_read_tokens: int = 0
    """Part of :attr:`input_tokens` read from the prompt cache (Anthropic ``cache_read_input_tokens``,
    OpenAI ``prompt_tokens_details.cached_tokens``)."""


class TransientError(ProviderError):
    """A failure that a retry may fix: rate limit, overload, server error, timeout, garbled answer."""

    def __init__(self, message: str, *, retry_after: float | None = None, status: int | None = None,
                 hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.retry_after = retry_after
        """Seconds the server asked us to wait, if it said."""
        self.status = status
        """HTTP status, if there was an HTTP answer."""


class AuthError(ProviderError):
    """The API key was rejected (401) or is not allowed to do this (403). Retrying will not help."""


class UnreachableError(ProviderError):
    """The provider's host refused the connection or could not be resolved: no server is listening there.

    Not retried: a run against a local server that was not started (``--base-url http://localhost:8000/v1``)
    spent 46 s in backoff and printed 121 identical lines before this existed. Like :class:`AuthError` it
    stops the whole run at once, with one message."""


class RetriesExhaustedError(ProviderError):
    """Every attempt failed with a transient error; ``last`` is the final one."""

    def __init__(self, message: str, *, last: TransientError, attempts: int, hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.last = last
        self.attempts = attempts


@dataclass(slots=True)
class RetryEvent:
    """Passed to a provider's ``on_retry`` callback before it sleeps and retries."""

    provider: str
    attempt: int
    """1-based number of the retry about to happen."""
    delay_s: float
    error: TransientError


def normalize_finish(reason: Any, *, stop: tuple[str, ...], length: tuple[str, ...]) -> str:
    """Map a wire ``finish_reason``/``stop_reason`` to ``"stop" | "length" | "other"``."""
    if reason in stop:
        return "stop"
    if reason in length:
        return "length"
    return "other"


def as_int(value: Any) -> int:
    """A usage count as int (``None``/garbage -> 0, so :meth:`Provider.complete` estimates instead)."""
    try:
        return max(0, int(value))
    except (TypeError, ValueError):
        return 0
