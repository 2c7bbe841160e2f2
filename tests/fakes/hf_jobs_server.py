"""A loopback Hugging Face Jobs API speaking the wire protocol huggingface_hub's ``HfApi`` uses, so the real
client runs against it with ``HF_ENDPOINT`` set.

Routes: ``GET /api/whoami-v2``; ``POST /api/jobs/{namespace}`` (the job spec: ``command``, ``environment``,
``secrets``, ``flavor``, ``dockerImage``, ``labels``...); ``GET /api/jobs/{namespace}/{id}``; ``GET
/api/jobs/{namespace}/{id}/logs`` as server-sent events (``data: {"timestamp", "data"}``). Every request
is kept in ``requests`` (method, path, headers, JSON body). A job's stage and log lines are set by the
test: ``server.finish(job_id, logs=[...], stage="COMPLETED")``. Like the Hub, a job's answer lists its
secrets by name only. Hostile: ``quote_auth=True`` makes every error answer quote the request's
``Authorization`` header, as a misconfigured proxy does.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit


@dataclass
class JobRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: Any = None


@dataclass
class FakeHfJobs:
    token: str = "hf_test_token_abcdefghijklmnop"
    user: str = "alice"
    jobs: dict[str, dict[str, Any]] = field(default_factory=dict)
    specs: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The job spec exactly as posted, secrets included (what the Hub would store encrypted)."""
    logs: dict[str, list[str]] = field(default_factory=dict)
    requests: list[JobRequest] = field(default_factory=list)
    quote_auth: bool = False
    _server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def finish(self, job_id: str, *, logs: list[str], stage: str = "COMPLETED", message: str | None = None) -> None:
        self.logs[job_id] = list(logs)
        self.jobs[job_id]["status"] = {"stage": stage, "message": message}

    def __enter__(self) -> FakeHfJobs:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                fake._handle(self, "GET")

            def do_POST(self) -> None:
                fake._handle(self, "POST")

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def _send(self, h: BaseHTTPRequestHandler, status: int, payload: Any) -> None:
        if status >= 400 and self.quote_auth and isinstance(payload, dict):
            payload = {**payload, "error": f"{payload.get('error')} (request had Authorization: "
                                          f"{h.headers.get('authorization')})"}
        data = json.dumps(payload).encode()
        h.send_response(status)
        h.send_header("content-type", "application/json")
        h.send_header("content-length", str(len(data)))
        h.end_headers()
        h.wfile.write(data)

    def _handle(self, h: BaseHTTPRequestHandler, method: str) -> None:
        path = urlsplit(h.path).path
        length = int(h.headers.get("content-length") or 0)
        raw = h.rfile.read(length) if length else b""
        body = json.loads(raw) if raw else None
        self.requests.append(JobRequest(method, path, {k.lower(): v for k, v in h.headers.items()}, body))
        if h.headers.get("authorization") != f"Bearer {self.token}":
            return self._send(h, 401, {"error": "Invalid credentials in Authorization header"})
        segs = [s for s in path.split("/") if s]
        if segs == ["api", "whoami-v2"] and method == "GET":
            return self._send(h, 200, {"type": "user", "id": "u1", "name": self.user, "fullname": "Alice",
                                       "orgs": [], "auth": {"type": "access_token"}})
        if len(segs) == 3 and segs[:2] == ["api", "jobs"] and method == "POST":
            if segs[2] != self.user:
                return self._send(h, 403, {"error": "You cannot run jobs in this namespace"})
            job_id = f"job{len(self.jobs) + 1:04d}"
            self.specs[job_id] = body
            now = datetime.now(timezone.utc).isoformat().replace("+00:00", "Z")
            self.jobs[job_id] = {
                "id": job_id, "createdAt": now, "owner": {"id": "u1", "name": self.user, "type": "user"},
                "dockerImage": body.get("dockerImage"), "command": body.get("command"),
                "arguments": body.get("arguments"), "environment": body.get("environment"),
                "secrets": sorted((body.get("secrets") or {}).keys()), "flavor": body.get("flavor"),
                "labels": body.get("labels"), "status": {"stage": "RUNNING", "message": None},
            }
            return self._send(h, 200, self.jobs[job_id])
        if len(segs) >= 4 and segs[:2] == ["api", "jobs"] and method == "GET":
            job = self.jobs.get(segs[3])
            if job is None or segs[2] != self.user:
                return self._send(h, 404, {"error": "Job not found"})
            if len(segs) == 4:
                return self._send(h, 200, job)
            if segs[4:] == ["logs"]:
                lines = ['data: {"timestamp": "2026-01-01T00:00:00Z", "data": "===== Job started ====="}']
                lines += ["data: " + json.dumps({"timestamp": f"2026-01-01T00:00:{i + 1:02d}Z", "data": text})
                          for i, text in enumerate(self.logs.get(segs[3], []))]
                data = ("\n\n".join(lines) + "\n\n").encode()
                h.send_response(200)
                h.send_header("content-type", "text/event-stream")
                h.send_header("content-length", str(len(data)))
                h.end_headers()
                h.wfile.write(data)
                return None
        return self._send(h, 404, {"error": "Not found"})
