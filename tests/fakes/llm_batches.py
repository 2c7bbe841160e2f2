"""Batch endpoints of the loopback LLM server: Anthropic Message Batches and the OpenAI Batch API.

Anthropic: ``POST /v1/messages/batches`` (``{"requests": [{"custom_id", "params"}]}``), ``GET
/v1/messages/batches`` (list), ``GET /v1/messages/batches/{id}``, ``POST .../{id}/cancel``, ``GET
.../{id}/results`` (JSONL, once ``processing_status`` is ``ended``).

OpenAI: ``POST /v1/files`` (multipart, ``purpose=batch``), ``GET /v1/files/{id}`` and ``.../content``,
``POST /v1/batches`` (``input_file_id``, ``endpoint``, ``completion_window``), ``GET /v1/batches`` (list),
``GET /v1/batches/{id}``, ``POST /v1/batches/{id}/cancel``; results in an output file (successes) and an
error file (failures, expired and cancelled requests).

A batch runs as it is polled: each ``GET`` of a batch runs up to :attr:`BatchStore.per_poll` more of its
requests (all by default) through the same answer code as the interactive endpoints, faults included
(a queued content fault spoils one request's answer; an HTTP fault turns it into an errored result;
:meth:`BatchStore.expire` makes requests expire). :meth:`BatchStore.expire_all` ends every running batch
with its remaining requests expired; ``cancel`` ends one with its remaining requests canceled. Batches
answer with the real JSON shapes and states (``in_progress``/``canceling``/``ended``;
``validating``/``in_progress``/``finalizing``/``completed``/``expired``/``cancelling``/``cancelled``/
``failed``) and usage with prompt-cache fields.
"""

from __future__ import annotations

import email.parser
import email.policy
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .llm_server import FakeLLMServer, RecordedRequest, _Handler

ANTHROPIC_RE = re.compile(r"^/v1/messages/batches(?:/([^/]+))?(?:/(cancel|results))?$")
OPENAI_BATCH_RE = re.compile(r"^/v1/batches(?:/([^/]+))?(?:/(cancel))?$")
OPENAI_FILE_RE = re.compile(r"^/v1/files(?:/([^/]+))?(?:/(content))?$")


def _iso(t: float | None) -> str | None:
    return None if t is None else time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


@dataclass
class FakeBatch:
    id: str
    wire: str
    requests: list[tuple[str, dict[str, Any]]]
    """``(custom_id, request body)``."""
    created: float
    input_file: str | None = None
    metadata: dict[str, Any] | None = None
    results: dict[str, dict[str, Any]] = field(default_factory=dict)
    """custom_id -> ``{"kind": succeeded|errored|expired|canceled, "body": ..., "status": ..., "error": ...}``."""
    status: str = ""
    polls: int = 0
    cancel_at: float | None = None
    ended_at: float | None = None
    failed_message: str = ""
    output_file: str | None = None
    error_file: str | None = None

    @property
    def ended(self) -> bool:
        return self.ended_at is not None


class BatchStore:
    """State of every batch and file of one :class:`FakeLLMServer`."""

    def __init__(self, fake: FakeLLMServer) -> None:
        self.fake = fake
        self.batches: dict[str, FakeBatch] = {}
        self.files: dict[str, tuple[str, str, bytes]] = {}
        """file id -> (filename, purpose, content)."""
        self.per_poll: int | None = None
        """Requests run per status poll (``None``: all at the first poll)."""
        self._expire: list[str | None] = []
        self._lock = threading.RLock()
        self._n = 0

    # -- scripting -------------------------------------------------------------------------------

    def expire(self, match: str | None = None, *, times: int = 1) -> None:
        """The next ``times`` requests (whose user message contains ``match``) expire instead of running."""
        with self._lock:
            self._expire.extend([match] * times)

    def expire_all(self) -> None:
        """Every running batch ends now; its requests not run yet expire."""
        with self._lock:
            for b in self.batches.values():
                if not b.ended:
                    self._finish(b, "expired")

    # -- plumbing ----------------------------------------------------------------------------------

    def _id(self, prefix: str) -> str:
        with self._lock:
            self._n += 1
            return f"{prefix}{self._n:04d}fake"

    def handle(self, h: _Handler, rec: RecordedRequest, method: str, raw: bytes) -> bool:
        """Serve ``rec`` if it is a batch or file endpoint; ``False`` if the path is not one."""
        path = rec.path.split("?", 1)[0]
        for regex, wire in ((ANTHROPIC_RE, "anthropic"), (OPENAI_BATCH_RE, "openai"), (OPENAI_FILE_RE, "openai")):
            m = regex.match(path)
            if m:
                rec.wire = wire
                if not h._authorized(rec):
                    return True
                if wire == "anthropic" and "anthropic-version" not in rec.headers:
                    h._error(rec, 400, "invalid_request_error", "anthropic-version: header is required")
                    return True
                route = {ANTHROPIC_RE: self._anthropic, OPENAI_BATCH_RE: self._openai_batch,
                         OPENAI_FILE_RE: self._openai_file}[regex]
                route(h, rec, method, m.group(1), m.group(2), raw)
                return True
        return False

    # -- running -----------------------------------------------------------------------------------

    def _run_one(self, b: FakeBatch, cid: str, body: dict[str, Any]) -> dict[str, Any]:
        from .llm_server import HTTP_FAULTS, _user_text

        fake = self.fake
        user = _user_text(body)
        with self._lock:
            for i, match in enumerate(self._expire):
                if match is None or match in user:
                    del self._expire[i]
                    return {"kind": "expired"}
        fault = fake._take_fault(user)
        if fault is not None and fault.kind in HTTP_FAULTS:
            status = fault.params.get("status", 429 if fault.kind == "rate_limit" else 500)
            return {"kind": "errored", "status": status,
                    "error": {"type": "api_error", "message": f"Internal server error ({fault.kind})"}}
        if not isinstance(body.get("model"), str) or not isinstance(body.get("messages"), list):
            return {"kind": "errored", "status": 400,
                    "error": {"type": "invalid_request_error", "message": "model and messages are required"}}
        answer, _, _ = fake.answer_body(b.wire, body, user, fault)
        return {"kind": "succeeded", "body": answer}

    def _advance(self, b: FakeBatch) -> None:
        """One poll: run more requests, end the batch when all ran or it was cancelled."""
        with self._lock:
            if b.ended:
                return
            b.polls += 1
            if b.cancel_at is not None:
                self._finish(b, "canceled")
                return
            todo = [(cid, body) for cid, body in b.requests if cid not in b.results]
            for cid, body in todo[: self.per_poll if self.per_poll is not None else len(todo)]:
                b.results[cid] = self._run_one(b, cid, body)
            if len(b.results) == len(b.requests):
                self._finish(b, "completed")
            else:
                b.status = "in_progress"

    def _finish(self, b: FakeBatch, how: str) -> None:
        rest = "canceled" if how == "canceled" else "expired"
        for cid, _ in b.requests:
            b.results.setdefault(cid, {"kind": rest})
        b.ended_at = time.time()
        if b.wire == "anthropic":
            b.status = "ended"
        else:
            b.status = {"completed": "completed", "expired": "expired", "canceled": "cancelled"}[how]
            self._write_openai_files(b)

    # -- Anthropic ---------------------------------------------------------------------------------

    def _anthropic_json(self, b: FakeBatch) -> dict[str, Any]:
        counts = {"processing": 0, "succeeded": 0, "errored": 0, "canceled": 0, "expired": 0}
        for cid, _ in b.requests:
            r = b.results.get(cid)
            counts[r["kind"] if r else "processing"] += 1
        status = b.status if b.ended else ("canceling" if b.cancel_at else "in_progress")
        return {"id": b.id, "type": "message_batch", "processing_status": status, "request_counts": counts,
                "ended_at": _iso(b.ended_at), "created_at": _iso(b.created), "expires_at": _iso(b.created + 86400),
                "archived_at": None, "cancel_initiated_at": _iso(b.cancel_at),
                "results_url": f"{self.fake.url}/v1/messages/batches/{b.id}/results" if b.ended else None}

    def _anthropic(self, h: _Handler, rec: RecordedRequest, method: str, bid: str | None, action: str | None,
                   raw: bytes) -> None:
        if method == "POST" and bid is None:
            payload = rec.json if isinstance(rec.json, dict) else {}
            reqs = payload.get("requests")
            if not isinstance(reqs, list) or not reqs:
                return h._error(rec, 400, "invalid_request_error", "requests: field required")
            items = []
            for r in reqs:
                if not isinstance(r, dict) or not isinstance(r.get("custom_id"), str) \
                        or not isinstance(r.get("params"), dict):
                    return h._error(rec, 400, "invalid_request_error", "each request needs custom_id and params")
                if not isinstance(r["params"].get("max_tokens"), int):
                    return h._error(rec, 400, "invalid_request_error", "params.max_tokens: field required")
                items.append((r["custom_id"], r["params"]))
            if len({cid for cid, _ in items}) != len(items):
                return h._error(rec, 400, "invalid_request_error", "custom_id values must be unique")
            b = FakeBatch(self._id("msgbatch_"), "anthropic", items, time.time(), status="in_progress")
            with self._lock:
                self.batches[b.id] = b
            return h._send(rec, 200, self._anthropic_json(b))
        if method == "GET" and bid is None:
            return h._send(rec, 200, self._listing("anthropic", self._anthropic_json))
        b = self.batches.get(bid or "")
        if b is None or b.wire != "anthropic":
            return h._error(rec, 404, "not_found_error", f"batch {bid} not found")
        if method == "GET" and action is None:
            self._advance(b)
            return h._send(rec, 200, self._anthropic_json(b))
        if method == "POST" and action == "cancel":
            if not b.ended and b.cancel_at is None:
                b.cancel_at = time.time()
            return h._send(rec, 200, self._anthropic_json(b))
        if method == "GET" and action == "results":
            if not b.ended:
                return h._error(rec, 400, "invalid_request_error", f"batch {b.id} is still in progress")
            return h._send(rec, 200, self._anthropic_results(b), content_type="application/binary")
        return h._error(rec, 404, "not_found_error", f"no route for {method} {rec.path}")

    def _listing(self, wire: str, as_json: Callable[[FakeBatch], dict[str, Any]]) -> dict[str, Any]:
        """One page of a vendor's batches, newest first (both vendors page with first_id/last_id)."""
        data = [as_json(b) for b in reversed(self.batches.values()) if b.wire == wire]
        return {"data": data, "has_more": False, "first_id": data[0]["id"] if data else None,
                "last_id": data[-1]["id"] if data else None}

    def _anthropic_results(self, b: FakeBatch) -> bytes:
        lines = []
        for cid, _ in b.requests:
            r = b.results[cid]
            if r["kind"] == "succeeded":
                result: dict[str, Any] = {"type": "succeeded", "message": r["body"]}
            elif r["kind"] == "errored":
                result = {"type": "errored", "error": {"type": "error", "error": r["error"]}}
            else:
                result = {"type": r["kind"]}
            lines.append(json.dumps({"custom_id": cid, "result": result}, ensure_ascii=False))
        return ("\n".join(lines) + "\n").encode("utf-8")

    # -- OpenAI ------------------------------------------------------------------------------------

    def _openai_file(self, h: _Handler, rec: RecordedRequest, method: str, fid: str | None, action: str | None,
                     raw: bytes) -> None:
        if method == "POST" and fid is None:
            ctype = rec.headers.get("content-type", "")
            if not ctype.startswith("multipart/form-data"):
                return h._error(rec, 400, "invalid_request_error", "expected multipart/form-data")
            msg = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
                f"content-type: {ctype}\r\n\r\n".encode() + raw)
            fields: dict[str, tuple[str | None, bytes]] = {}
            for part in msg.iter_parts():
                name = part.get_param("name", header="content-disposition")
                fields[str(name)] = (part.get_filename(), part.get_payload(decode=True) or b"")
            if fields.get("purpose", (None, b""))[1] != b"batch" or "file" not in fields:
                return h._error(rec, 400, "invalid_request_error", "file and purpose=batch are required")
            filename, content = fields["file"]
            file_id = self._id("file-")
            self.files[file_id] = (filename or "upload.jsonl", "batch", content)
            return h._send(rec, 200, self._file_json(file_id))
        if fid not in self.files:
            return h._error(rec, 404, "invalid_request_error", f"No such File object: {fid}")
        if method == "GET" and action == "content":
            return h._send(rec, 200, self.files[fid][2], content_type="application/octet-stream")
        if method == "GET":
            return h._send(rec, 200, self._file_json(fid))
        return h._error(rec, 404, "invalid_request_error", f"no route for {method} {rec.path}")

    def _file_json(self, fid: str) -> dict[str, Any]:
        name, purpose, content = self.files[fid]
        return {"id": fid, "object": "file", "bytes": len(content), "created_at": int(time.time()),
                "filename": name, "purpose": purpose}

    def _openai_batch(self, h: _Handler, rec: RecordedRequest, method: str, bid: str | None, action: str | None,
                      raw: bytes) -> None:
        if method == "POST" and bid is None:
            payload = rec.json if isinstance(rec.json, dict) else {}
            fid = payload.get("input_file_id")
            if payload.get("endpoint") != "/v1/chat/completions" or payload.get("completion_window") != "24h":
                return h._error(rec, 400, "invalid_request_error", "endpoint and completion_window=24h are required")
            if fid not in self.files:
                return h._error(rec, 400, "invalid_request_error", f"No such File object: {fid}")
            items, problem = [], ""
            for line in self.files[fid][2].decode("utf-8", "replace").splitlines():
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except ValueError:
                    problem = "invalid JSON line in the input file"
                    break
                if row.get("url") != "/v1/chat/completions" or row.get("method") != "POST":
                    problem = "every line needs method POST and url /v1/chat/completions"
                    break
                items.append((str(row.get("custom_id")), row.get("body") or {}))
            b = FakeBatch(self._id("batch_"), "openai", items, time.time(), input_file=fid,
                          metadata=payload.get("metadata"), status="validating")
            if problem or not items:
                b.status, b.failed_message, b.ended_at = "failed", problem or "the input file is empty", time.time()
            with self._lock:
                self.batches[b.id] = b
            return h._send(rec, 200, self._openai_json(b))
        if method == "GET" and bid is None:
            return h._send(rec, 200, {"object": "list", **self._listing("openai", self._openai_json)})
        b = self.batches.get(bid or "")
        if b is None or b.wire != "openai":
            return h._error(rec, 404, "invalid_request_error", f"No such Batch object: {bid}")
        if method == "GET" and action is None:
            self._advance(b)
            return h._send(rec, 200, self._openai_json(b))
        if method == "POST" and action == "cancel":
            if not b.ended and b.cancel_at is None:
                b.cancel_at = time.time()
                b.status = "cancelling"
            return h._send(rec, 200, self._openai_json(b))
        return h._error(rec, 404, "invalid_request_error", f"no route for {method} {rec.path}")

    def _write_openai_files(self, b: FakeBatch) -> None:
        out, err = [], []
        for n, (cid, _) in enumerate(b.requests):
            r = b.results[cid]
            line: dict[str, Any] = {"id": f"batch_req_{b.id}_{n}", "custom_id": cid, "response": None, "error": None}
            if r["kind"] == "succeeded":
                line["response"] = {"status_code": 200, "request_id": f"req_{n}", "body": r["body"]}
                out.append(line)
                continue
            if r["kind"] == "errored":
                line["response"] = {"status_code": r["status"], "request_id": f"req_{n}",
                                    "body": {"error": {"message": r["error"]["message"], "type": r["error"]["type"],
                                                       "param": None, "code": None}}}
            elif r["kind"] == "expired":
                line["error"] = {"code": "batch_expired",
                                 "message": "This request could not be executed before the completion window expired."}
            else:
                line["error"] = {"code": "batch_cancelled", "message": "This request was cancelled."}
            err.append(line)
        for rows, attr in ((out, "output_file"), (err, "error_file")):
            if rows:
                fid = self._id("file-")
                content = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode("utf-8")
                self.files[fid] = (f"{b.id}_{attr}.jsonl", "batch_output", content)
                setattr(b, attr, fid)

    def _openai_json(self, b: FakeBatch) -> dict[str, Any]:
        done = [r for r in b.results.values()]
        failed = sum(1 for r in done if r["kind"] != "succeeded")
        return {
            "id": b.id, "object": "batch", "endpoint": "/v1/chat/completions",
            "errors": {"object": "list", "data": [{"code": "invalid_input", "message": b.failed_message,
                                                   "param": None, "line": None}]} if b.failed_message else None,
            "input_file_id": b.input_file, "completion_window": "24h", "status": b.status,
            "output_file_id": b.output_file, "error_file_id": b.error_file, "created_at": int(b.created),
            "in_progress_at": int(b.created) if b.polls else None, "expires_at": int(b.created) + 86400,
            "finalizing_at": int(b.ended_at) if b.status == "completed" and b.ended_at else None,
            "completed_at": int(b.ended_at) if b.status == "completed" and b.ended_at else None,
            "failed_at": int(b.ended_at) if b.status == "failed" and b.ended_at else None,
            "expired_at": int(b.ended_at) if b.status == "expired" and b.ended_at else None,
            "cancelling_at": int(b.cancel_at) if b.cancel_at else None,
            "cancelled_at": int(b.ended_at) if b.status == "cancelled" and b.ended_at else None,
            "request_counts": {"total": len(b.requests), "completed": len(done) - failed, "failed": failed},
            "metadata": b.metadata,
        }
