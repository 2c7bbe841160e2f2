"""OpenAI Chat Completions, and any server that speaks it (vLLM, TGI, Ollama, LM Studio...).

Wire format (``POST {base_url}/chat/completions``)::

    request:  {"model": ..., "messages": [{"role": "system", ...}, {"role": "user", ...}],
               "max_completion_tokens" | "max_tokens": N, "temperature": T, "stream": false}
    answer:   {"model": ..., "choices": [{"message": {"content": "..."}, "finish_reason": "stop"}],
               "usage": {"prompt_tokens": N, "completion_tokens": M}}

On api.openai.com the token limit is sent as ``max_completion_tokens`` (``max_tokens`` is deprecated
there and refused by reasoning models); reasoning models (``o1``/``o3``/``o4``/``gpt-5`` families) get no
``temperature`` (they refuse it) and ``reasoning_effort: "low"``, so hidden reasoning does not eat the
answer's budget. Other servers get the widely supported ``max_tokens`` and ``temperature``.

With ``--base-url`` pointing elsewhere no key is needed (local servers usually have none); when one is
given it is sent as ``Authorization: Bearer``. A leading ``<think>...</think>`` block, which some
open reasoning models put in ``content``, is removed.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar
from urllib.parse import urlsplit

import httpx

from .base import ChatRequest, Completion, Provider, as_int, normalize_finish

OPENAI_HOST = "api.openai.com"
_REASONING_RE = re.compile(r"^(o\d|gpt-5)(?!.*-chat)", re.IGNORECASE)
_THINK_RE = re.compile(r"^\s*<think>.*?</think>\s*", re.DOTALL)


def is_openai_host(base_url: str | None) -> bool:
    return base_url is None or urlsplit(base_url).hostname == OPENAI_HOST


class OpenAIProvider(Provider):
    """OpenAI Chat Completions API (also the base of OpenAI-compatible providers)."""

    name: ClassVar[str] = "openai"
    needs_key: ClassVar[bool] = True
    key_env: ClassVar[str | None] = "OPENAI_API_KEY"
    base_url_env: ClassVar[str | None] = "OPENAI_BASE_URL"
    default_model: ClassVar[str] = "gpt-4.1"
    default_base_url: ClassVar[str] = "https://api.openai.com/v1"

    @classmethod
    def key_required(cls, base_url: str | None = None) -> bool:
        """A key is needed for api.openai.com, not for a self-hosted OpenAI-compatible server."""
        return is_openai_host(base_url)

    @property
    def official(self) -> bool:
        """Whether requests go to api.openai.com (which has its own parameter rules)."""
        return is_openai_host(self.base_url)

    def headers(self) -> dict[str, str]:
        headers = {"content-type": "application/json", "accept": "application/json"}
        key = self._key()
        if key:
            headers["authorization"] = f"Bearer {key}"
        return headers

    def payload(self, req: ChatRequest) -> dict[str, Any]:
        messages = []
        if req.system:
            messages.append({"role": "system", "content": req.system})
        messages.append({"role": "user", "content": req.user})
        payload: dict[str, Any] = {"model": self.model, "messages": messages, "stream": False}
        if self.official:
            payload["max_completion_tokens"] = req.max_tokens
            if _REASONING_RE.match(self.model):
                payload["reasoning_effort"] = "low"
            else:
                payload["temperature"] = req.temperature
        else:
            payload["max_tokens"] = req.max_tokens
            payload["temperature"] = req.temperature
        return payload

    def build_request(self, req: ChatRequest) -> httpx.Request:
        return self._post(f"{self.base_url}/chat/completions", self.headers(), self.payload(req))

    def parse_response(self, data: dict[str, Any]) -> Completion:
        choice = data["choices"][0]
        message = choice.get("message") or {}
        content = message.get("content")
        if isinstance(content, list):  # some compatible servers send content parts
            content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
        text = _THINK_RE.sub("", content or "", count=1)
        usage = data.get("usage") or {}
        return Completion(
            text=text,
            finish_reason=normalize_finish(choice.get("finish_reason"), stop=("stop", "eos", "eos_token"),
                                           length=("length", "max_tokens")),
            input_tokens=as_int(usage.get("prompt_tokens")),
            output_tokens=as_int(usage.get("completion_tokens")),
            model=str(data.get("model") or self.model),
        )
