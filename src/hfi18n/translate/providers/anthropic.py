"""Anthropic Messages API.

Wire format (``POST {base_url}/v1/messages``, headers ``x-api-key`` and ``anthropic-version: 2023-06-01``)::

    request:  {"model": ..., "max_tokens": N, "system": "...", "temperature": T,
               "messages": [{"role": "user", "content": "..."}]}
    answer:   {"type": "message", "model": ..., "content": [{"type": "text", "text": "..."}],
               "stop_reason": "end_turn" | "max_tokens" | "stop_sequence" | "refusal" | ...,
               "usage": {"input_tokens": N, "output_tokens": M}}

``stop_reason`` maps to ``"stop"`` (end_turn, stop_sequence), ``"length"`` (max_tokens,
model_context_window_exceeded) or ``"other"`` (refusal, tool_use, pause_turn...). HTTP 529 (overloaded)
is retried like a 5xx; 429 answers carry ``retry-after``, which is honoured.
"""

from __future__ import annotations

from typing import Any, ClassVar

import httpx

from .base import ChatRequest, Completion, Provider, as_int, normalize_finish

ANTHROPIC_VERSION = "2023-06-01"


class AnthropicProvider(Provider):
    """Claude models through the Messages API."""

    name: ClassVar[str] = "anthropic"
    needs_key: ClassVar[bool] = True
    key_env: ClassVar[str | None] = "ANTHROPIC_API_KEY"
    base_url_env: ClassVar[str | None] = "ANTHROPIC_BASE_URL"
    default_model: ClassVar[str] = "claude-sonnet-4-5"
    default_base_url: ClassVar[str] = "https://api.anthropic.com"

    @property
    def endpoint(self) -> str:
        # The SDK convention is a base URL without /v1; accept one with it too.
        if self.base_url.endswith("/v1"):
            return f"{self.base_url}/messages"
        return f"{self.base_url}/v1/messages"

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
        if req.system:
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
        return Completion(
            text=text,
            finish_reason=normalize_finish(data.get("stop_reason"), stop=("end_turn", "stop_sequence"),
                                           length=("max_tokens", "model_context_window_exceeded")),
            input_tokens=as_int(usage.get("input_tokens")),
            output_tokens=as_int(usage.get("output_tokens")),
            model=str(data.get("model") or self.model),
        )
