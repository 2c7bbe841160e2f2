"""What the providers' batch APIs have in common: a batch's state and its per-request results.

Anthropic Message Batches and the OpenAI Batch API both take many requests at once, run them within 24
hours at half the price, and hand back one result per request, keyed by the ``custom_id`` given at
submission. Their words differ; :class:`BatchInfo` and :class:`BatchResult` are the common ground:

=====================  ========================================  =========================================
                       Anthropic                                 OpenAI
=====================  ========================================  =========================================
running                ``in_progress``, ``canceling``            ``validating``, ``in_progress``,
                                                                 ``finalizing``, ``cancelling``
ended                  ``ended``                                 ``completed``, ``expired``, ``cancelled``,
                                                                 ``failed``
request succeeded      result ``succeeded`` (a Message)          output line, ``status_code`` 200
request failed         ``errored`` (with the error)              error line (``response`` 4xx/5xx, or an
                                                                 ``error`` such as ``batch_expired``)
request not run        ``expired``, ``canceled``                 ``batch_expired``, ``batch_cancelled``,
                                                                 or no line at all
=====================  ========================================  =========================================

Every request that did not succeed is simply translated again (another batch, or interactively).

The batch endpoints are written on the same httpx client as the chat calls (:meth:`.base.Provider.call`)
rather than on the official ``anthropic``/``openai`` SDKs: they are five small REST calls per vendor,
and keeping one transport means one retry policy (``Retry-After``, the shared 429 pause), one key
redaction and one error vocabulary for every call; no second retry layer under ours; the OpenAI-compatible
servers and the Hugging Face router keep working without an SDK; and the loopback server in the tests
drives exactly the code users run, with no SDK-specific mocking.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .types import Completion

SUCCEEDED = "succeeded"
ERRORED = "errored"
EXPIRED = "expired"
CANCELED = "canceled"


@dataclass(slots=True)
class BatchInfo:
    """A provider batch as last seen."""

    id: str
    status: str
    """The provider's own word (``in_progress``, ``ended``, ``completed``, ``expired``...)."""
    ended: bool
    """No request is running any more: results can be downloaded."""
    counts: dict[str, int] = field(default_factory=dict)
    """Requests per state, as the provider reports them."""
    output_file: str | None = None
    """OpenAI: the file of successful results."""
    error_file: str | None = None
    """OpenAI: the file of failed requests."""
    message: str = ""
    """Why a whole batch failed (OpenAI ``errors``), if it did."""
    label: str = ""
    """The label given at submission, when the provider keeps one (OpenAI ``metadata``)."""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "status": self.status, "ended": self.ended, "counts": dict(self.counts),
                "output_file": self.output_file, "error_file": self.error_file, "message": self.message}


@dataclass(slots=True)
class BatchResult:
    """The outcome of one request of a batch."""

    custom_id: str
    kind: str
    """:data:`SUCCEEDED`, :data:`ERRORED`, :data:`EXPIRED` or :data:`CANCELED`."""
    completion: Completion | None = None
    """The answer, for a succeeded request."""
    error: str = ""
    """What went wrong, for the others (the server's message, redacted)."""


def jsonl(text: str) -> Iterator[dict[str, Any]]:
    """The JSON objects of a JSONL body; a line that is not one is skipped (its request is then missing,
    and missing requests are retried)."""
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict):
            yield obj


def to_jsonl(rows: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode("utf-8")
