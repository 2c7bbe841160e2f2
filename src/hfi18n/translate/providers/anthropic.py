"""Anthropic Messages API.

Wire format (``POST {base_url}/v1/messages``, headers ``x-api-key`` and ``anthropic-version: 2023-06-01``)::

    request:  {"model": ..., "max_tokens": N, "system": "...", "temperature": T,
               "messages": [{"role": "user", "content": "..."}]}
    answer:   {"type": "message", "model": ..., "content": [{"type": "text", "text": "..."}],
               "stop_reason": "end_turn" | "max_tokens" | "stop_sequence" | "refusal" | ...,
               "usage": {"input_tokens": N, "output_tokens": M}}

With :attr:`ChatRequest.cache_prefix` the system prompt goes as one text block with
``cache_control: {"type": "ephemeral"}``; usage then reports ``cache_creation_input_tokens`` and
``cache_read_input_tokens`` besides ``input_tokens`` (which counts only the uncached rest).

Message Batches (:meth:`AnthropicProvider.submit_batch`): ``POST /v1/messages/batches`` with
``{"requests": [{"custom_id", "params": <the request above>}]}``, polled with
``GET /v1/messages/batches/{id}`` until ``processing_status`` is ``ended``, results as JSONL from
``GET /v1/messages/batches/{id}/results`` (one ``{"custom_id", "result": {"type": "succeeded" |
"errored" | "expired" | "canceled", ...}}`` per request), ``POST .../{id}/cancel``.

``stop_reason`` maps to ``"stop"`` (end_turn, stop_sequence), ``"length"`` (max_tokens,
model_context_window_exceeded) or ``"other"`` (refusal, tool_use, pause_turn...). HTTP 529 (overloaded)
is retried like a 5xx; 429 answers carry ``retry-after``, which is honoured.
"""

from __future__ import annotations

from typing import Any, ClassVar

import httpx

from ..pricing import cache_min_tokens
from .base import Provider
from .batches import CANCELED, ERRORED, EXPIRED, SUCCEEDED, BatchInfo, BatchResult, jsonl
from .types import ChatRequest, Completion, as_int, normalize_finish

ANTHROPIC_VERSION = "2023-06-01"


class AnthropicProvider(Provider):
    """Claude models through the Messages API."""

    name: ClassVar[str] = "anthropic"
    needs_key: ClassVar[bool] = True
    key_env: ClassVar[str | None] = "ANTHROPIC_API_KEY"
    base_url_env: ClassVar[str | None] = "ANTHROPIC_BASE_URL"
    default_model: ClassVar[str] = "claude-sonnet-4-5"
    default_base_url: ClassVar[str] = "https://api.anthropic.com"
    supports_batch: ClassVar[bool] = True

    @property
    def endpoint(self) -> str:
        # The SDK convention is a base URL without /v1; accept one with it too.
        if self.base_url.endswith("/v1"):
            return f"{self.base_url}/messages"
        return f"{self.base_url}/v1/messages"

    def cache_min_tokens(self) -> int:
        """Anthropic caches a prefix of at least 1,024 tokens (Sonnet, Opus 4/4.1), 2,048 (Haiku 3/3.5) or
        4,096 (Opus 4.5, Haiku 4.5)."""
        return cache_min_tokens(self.model if self.model.lower().startswith("claude") else "claude-" + self.model)

    def headers(self) -> dict[str, str]:
        headers = {
            "content-type": "application/json",
            "accept": "application/json",
            "anthropic-version": ANTHROPIC_VERSION,
        }
        key = self._key()
        if key:
            headers["x-api-key"] = key
        return headers

    def payload(self, req: ChatRequest) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "model": self.model,
            "max_tokens": req.max_tokens,
            "messages": [{"role": "user", "content": req.user}],
            "temperature": req.temperature,
        }
        if req.system and req.cache_prefix:
            payload["system"] = [{"type": "text", "text": req.system, "cache_control": {"type": "ephemeral"}}]
        elif req.system:
            payload["system"] = req.system
        return payload

    def build_request(self, req: ChatRequest) -> httpx.Request:
        return self._post(self.endpoint, self.headers(), self.payload(req))

    def parse_response(self, data: dict[str, Any]) -> Completion:
        if data.get("type") == "error":
            raise KeyError("content")  # reported as an unexpected shape with the server's message
        blocks = data["content"]
        text = "".join(b.get("text", "") for b in blocks if isinstance(b, dict) and b.get("type") == "text")
        usage = data.get("usage") or {}
        written = as_int(usage.get("cache_creation_input_tokens"))
        read = as_int(usage.get("cache_read_input_tokens"))
        return Completion(
            text=text,
            finish_reason=normalize_finish(data.get("stop_reason"), stop=("end_turn", "stop_sequence"),
                                           length=("max_tokens", "model_context_window_exceeded")),
            input_tokens=as_int(usage.get("input_tokens")) + written + read,
            output_tokens=as_int(usage.get("output_tokens")),
            model=str(data.get("model") or self.model),
            cache_write_tokens=written,
            cache_read_tokens=read,
        )

    # -- Message Batches ---------------------------------------------------------------------------

    def batches_root(self) -> str:
        return self.endpoint

    def build_batch(self, items: list[tuple[str, ChatRequest]]) -> httpx.Request:
        requests = [{"custom_id": cid, "params": self.payload(req)} for cid, req in items]
        return self._request("POST", self.batches_url(), json={"requests": requests})

    def parse_batch(self, data: dict[str, Any]) -> BatchInfo:
        status = str(data["processing_status"])
        counts = {k: as_int(v) for k, v in (data.get("request_counts") or {}).items()}
        return BatchInfo(str(data["id"]), status, status == "ended", counts)

    def submit_batch(self, items: list[tuple[str, ChatRequest]], *, label: str = "") -> BatchInfo:
        return self.call(lambda: self.build_batch(items), lambda r: self.parse_json(r, self.parse_batch))[0]

    def batch_results(self, info: BatchInfo) -> list[BatchResult]:
        # Always from this provider's base URL: the key is never sent to a host named in an answer.
        text = self.call(lambda: self._request("GET", self.batches_url(info.id, "results")), lambda r: r.text)[0]
        return [self.parse_result(row) for row in jsonl(text) if isinstance(row.get("custom_id"), str)]

    def parse_result(self, row: dict[str, Any]) -> BatchResult:
        cid = row["custom_id"]
        result = row.get("result") if isinstance(row.get("result"), dict) else {}
        kind = result.get("type")
        if kind == SUCCEEDED:
            try:
                return BatchResult(cid, SUCCEEDED, self.parse_response(result["message"]))
            except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
                return BatchResult(cid, ERRORED, error=f"result of an unexpected shape ({type(exc).__name__})")
        if kind in (EXPIRED, CANCELED):
            return BatchResult(cid, kind, error=f"request {kind} before it ran")
        return BatchResult(cid, ERRORED, error=self._server_message(result.get("error")) or "errored")
