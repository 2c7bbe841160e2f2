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

OpenAI caches any prompt prefix of 1,024 tokens or more by itself; ``usage.prompt_tokens_details
.cached_tokens`` says how much of ``prompt_tokens`` was read from the cache.

Batch API (:meth:`OpenAIProvider.submit_batch`): the requests go as a JSONL file (one
``{"custom_id", "method": "POST", "url": "/v1/chat/completions", "body": <the request above>}`` per line)
uploaded with ``POST /files`` (multipart, ``purpose=batch``), then ``POST /batches`` with its
``input_file_id``, ``endpoint`` and ``completion_window: "24h"``. ``GET /batches/{id}`` is polled until
the status is ``completed``, ``expired``, ``cancelled`` or ``failed``; ``GET /files/{id}/content`` of its
``output_file_id`` gives one ``{"custom_id", "response": {"status_code", "body"}}`` line per success and its
``error_file_id`` one line per failure (``response`` with a 4xx/5xx, or ``error`` such as
``batch_expired``). ``POST /batches/{id}/cancel`` cancels.

With ``--base-url`` pointing elsewhere no key is needed (local servers usually have none); when one is
given it is sent as ``Authorization: Bearer``. A leading ``<think>...</think>`` block, which some
open reasoning models put in ``content``, is removed.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar
from urllib.parse import quote, urlsplit

import httpx

from .base import Provider
from .batches import CANCELED, ERRORED, EXPIRED, SUCCEEDED, BatchInfo, BatchResult, jsonl, to_jsonl
from .types import ChatRequest, Completion, as_int, normalize_finish

BATCH_ENDED = ("completed", "expired", "cancelled", "failed")

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
    supports_batch: ClassVar[bool] = True

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
        details = usage.get("prompt_tokens_details") or {}
        return Completion(
            text=text,
            finish_reason=normalize_finish(choice.get("finish_reason"), stop=("stop", "eos", "eos_token"),
                                           length=("length", "max_tokens")),
            input_tokens=as_int(usage.get("prompt_tokens")),
            output_tokens=as_int(usage.get("completion_tokens")),
            model=str(data.get("model") or self.model),
            cache_read_tokens=as_int(details.get("cached_tokens")) if isinstance(details, dict) else 0,
        )

    # -- Batch API ---------------------------------------------------------------------------------

    def batch_line(self, custom_id: str, req: ChatRequest) -> dict[str, Any]:
        return {"custom_id": custom_id, "method": "POST", "url": "/v1/chat/completions", "body": self.payload(req)}

    def build_upload(self, items: list[tuple[str, ChatRequest]], label: str = "") -> httpx.Request:
        body = to_jsonl([self.batch_line(cid, req) for cid, req in items])
        headers = {k: v for k, v in self.headers().items() if k != "content-type"}  # multipart sets its own
        name = f"hfi18n-{label or 'batch'}.jsonl"
        return httpx.Request("POST", f"{self.base_url}/files", headers=headers, data={"purpose": "batch"},
                             files={"file": (name, body, "application/jsonl")},
                             extensions={"timeout": self._timeout().as_dict()})

    def build_batch(self, file_id: str, label: str = "") -> httpx.Request:
        payload: dict[str, Any] = {"input_file_id": file_id, "endpoint": "/v1/chat/completions",
                                   "completion_window": "24h"}
        if label:
            payload["metadata"] = {"hfi18n_job": label}
        return self._request("POST", self.batches_url(), json=payload)

    def parse_batch(self, data: dict[str, Any]) -> BatchInfo:
        status = str(data["status"])
        counts = {k: as_int(v) for k, v in (data.get("request_counts") or {}).items()}
        errors = data.get("errors") or {}
        message = ""
        if isinstance(errors, dict) and isinstance(errors.get("data"), list):
            message = "; ".join(self._server_message(e) for e in errors["data"] if isinstance(e, dict))
        metadata = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
        return BatchInfo(str(data["id"]), status, status in BATCH_ENDED, counts,
                         output_file=data.get("output_file_id") or None, error_file=data.get("error_file_id") or None,
                         message=message, label=str(metadata.get("hfi18n_job") or ""))

    def batches_root(self) -> str:
        return self.base_url

    def submit_batch(self, items: list[tuple[str, ChatRequest]], *, label: str = "") -> BatchInfo:
        file_id = self.call(lambda: self.build_upload(items, label),
                            lambda r: self.parse_json(r, lambda d: str(d["id"])))[0]
        return self.call(lambda: self.build_batch(file_id, label), lambda r: self.parse_json(r, self.parse_batch))[0]

    def _file_text(self, file_id: str) -> str:
        url = f"{self.base_url}/files/{quote(file_id, safe='')}/content"
        return self.call(lambda: self._request("GET", url), lambda r: r.text)[0]

    def batch_results(self, info: BatchInfo) -> list[BatchResult]:
        rows = []
        for file_id in (info.output_file, info.error_file):
            if file_id:
                rows.extend(jsonl(self._file_text(file_id)))
        return [self.parse_result(row) for row in rows if isinstance(row.get("custom_id"), str)]

    def parse_result(self, row: dict[str, Any]) -> BatchResult:
        cid = row["custom_id"]
        response = row.get("response") if isinstance(row.get("response"), dict) else None
        error = row.get("error") if isinstance(row.get("error"), dict) else None
        if response is not None and response.get("status_code") == 200 and not error:
            try:
                return BatchResult(cid, SUCCEEDED, self.parse_response(response["body"]))
            except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
                return BatchResult(cid, ERRORED, error=f"result of an unexpected shape ({type(exc).__name__})")
        code = str((error or {}).get("code") or "")
        if code == "batch_expired":
            return BatchResult(cid, EXPIRED, error="request expired before it ran")
        if code == "batch_cancelled":
            return BatchResult(cid, CANCELED, error="request canceled before it ran")
        body = response.get("body") if response is not None else None
        message = self._server_message(body) or self._server_message({"error": error}) or "errored"
        status = f"HTTP {response.get('status_code')}: " if response is not None else ""
        return BatchResult(cid, ERRORED, error=status + message)
