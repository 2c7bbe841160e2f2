"""A loopback GitHub REST server speaking the JSON shapes hfi18n uses, recording and checking requests.

Start it with ``with FakeGitHub(token="t") as gh:`` and point a client at ``gh.url``. State is plain
Python: ``gh.add_repo("me/hub", clone_url=...)``, ``gh.pulls["huggingface/hub"]`` (list of JSON dicts).
Failure modes: ``gh.mode = "ratelimit" | "retry-after" | "error500"``. Every request is kept in
``gh.requests`` (method, path, query, headers, json body). Requests with a wrong token get 401.
The server binds 127.0.0.1 on an ephemeral port, serves in a daemon thread and stops on exit.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit


@dataclass
class Recorded:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: Any = None


@dataclass
class FakeGitHub:
    token: str | None = "test-token"
    """Token the server accepts (``Bearer`` or ``token`` scheme); None accepts anonymous requests only."""
    repos: dict[str, dict[str, Any]] = field(default_factory=dict)
    pulls: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    requests: list[Recorded] = field(default_factory=list)
    mode: str | None = None
    rate_reset_in: int = 3600
    page_size_cap: int = 100
    """Server-side page size cap (GitHub: 100); tests lower it to exercise Link pagination."""
    echo_token: bool = False
    """A hostile or buggy server: the 401 message quotes the Authorization header it received."""
    _server: ThreadingHTTPServer | None = None
    _thread: threading.Thread | None = None

    # -- state helpers

    def add_repo(self, full_name: str, *, clone_url: str = "", default_branch: str = "main", push: bool = True,
                 parent: str | None = None) -> None:
        owner, name = full_name.split("/")
        self.repos[full_name] = {
            "id": len(self.repos) + 1,
            "name": name,
            "full_name": full_name,
            "owner": {"login": owner},
            "default_branch": default_branch,
            "clone_url": clone_url or f"https://github.com/{full_name}.git",
            "html_url": f"https://github.com/{full_name}",
            "fork": parent is not None,
            "permissions": {"admin": False, "push": push, "pull": True},
            **({"parent": {"full_name": parent}} if parent else {}),
        }

    def add_pull(self, repo: str, *, title: str, head: str, user: str = "someone", draft: bool = False) -> dict:
        owner, _, ref = head.partition(":")
        number = sum(len(v) for v in self.pulls.values()) + 1
        pr = {
            "number": number,
            "title": title,
            "state": "open",
            "draft": draft,
            "html_url": f"https://github.com/{repo}/pull/{number}",
            "user": {"login": user},
            "head": {"ref": ref, "label": head, "repo": {"full_name": f"{owner}/{repo.split('/')[1]}"}},
            "base": {"ref": "main"},
            "body": "",
        }
        self.pulls.setdefault(repo, []).append(pr)
        return pr

    @property
    def url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def of(self, method: str, path_prefix: str) -> list[Recorded]:
        return [r for r in self.requests if r.method == method and r.path.startswith(path_prefix)]

    # -- lifecycle

    def __enter__(self) -> FakeGitHub:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output quiet
                pass

            def do_GET(self) -> None:
                fake._handle(self, "GET")

            def do_POST(self) -> None:
                fake._handle(self, "POST")

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    # -- request handling

    def _handle(self, h: BaseHTTPRequestHandler, method: str) -> None:
        parts = urlsplit(h.path)
        length = int(h.headers.get("content-length") or 0)
        raw = h.rfile.read(length) if length else b""
        body = json.loads(raw) if raw else None
        rec = Recorded(method, parts.path, parse_qs(parts.query), {k.lower(): v for k, v in h.headers.items()}, body)
        self.requests.append(rec)
        status, payload, headers = self._route(rec, h)
        data = json.dumps(payload).encode()
        h.send_response(status)
        h.send_header("content-type", "application/json; charset=utf-8")
        h.send_header("content-length", str(len(data)))
        for k, v in headers.items():
            h.send_header(k, v)
        h.end_headers()
        h.wfile.write(data)

    def _auth_ok(self, rec: Recorded) -> bool:
        auth = rec.headers.get("authorization")
        if self.token is None:
            return auth is None
        return auth in (f"Bearer {self.token}", f"token {self.token}")

    def _route(self, rec: Recorded, h: BaseHTTPRequestHandler) -> tuple[int, Any, dict[str, str]]:
        if rec.headers.get("accept") != "application/vnd.github+json":
            return 415, {"message": "expected Accept: application/vnd.github+json"}, {}
        if self.mode == "ratelimit":
            reset = int(time.time()) + self.rate_reset_in
            return 403, {"message": "API rate limit exceeded for user."}, {
                "x-ratelimit-remaining": "0", "x-ratelimit-reset": str(reset)}
        if self.mode == "retry-after":
            self.mode = None  # one secondary-limit answer, then normal service
            return 429, {"message": "You have exceeded a secondary rate limit."}, {"retry-after": "0"}
        if self.mode == "error500":
            return 500, {"message": "Server Error"}, {}
        if "authorization" in rec.headers and not self._auth_ok(rec) or (
                rec.method == "POST" and not self._auth_ok(rec)):
            quoted = f" (got {rec.headers.get('authorization')})" if self.echo_token else ""
            return 401, {"message": "Bad credentials" + quoted, "documentation_url": "https://docs.github.com/rest"}, {}
        segs = [s for s in rec.path.split("/") if s]
        if len(segs) == 3 and segs[0] == "repos" and rec.method == "GET":
            repo = self.repos.get(f"{segs[1]}/{segs[2]}")
            return (200, repo, {}) if repo else (404, {"message": "Not Found"}, {})
        if len(segs) == 4 and segs[0] == "repos" and segs[3] == "pulls":
            full = f"{segs[1]}/{segs[2]}"
            if full not in self.repos:
                return 404, {"message": "Not Found"}, {}
            if rec.method == "GET":
                return self._list_pulls(full, rec, h)
            return self._create_pull(full, rec)
        return 404, {"message": "Not Found"}, {}

    def _list_pulls(self, full: str, rec: Recorded, h: BaseHTTPRequestHandler) -> tuple[int, Any, dict[str, str]]:
        state = rec.query.get("state", ["open"])[0]
        per_page = min(int(rec.query.get("per_page", ["30"])[0]), self.page_size_cap)
        page = int(rec.query.get("page", ["1"])[0])
        items = [p for p in self.pulls.get(full, []) if state == "all" or p["state"] == state]
        chunk = items[(page - 1) * per_page: page * per_page]
        headers = {}
        if page * per_page < len(items):
            nxt = f"{self.url}{rec.path}?state={state}&per_page={per_page}&page={page + 1}"
            headers["link"] = f'<{nxt}>; rel="next", <{nxt}>; rel="last"'
        return 200, chunk, headers

    def _create_pull(self, full: str, rec: Recorded) -> tuple[int, Any, dict[str, str]]:
        body = rec.body or {}
        missing = [k for k in ("title", "head", "base") if not body.get(k)]
        if missing:
            return 422, {"message": "Validation Failed",
                         "errors": [{"resource": "PullRequest", "code": "missing_field", "field": k}
                                    for k in missing]}, {}
        owner, _, ref = str(body["head"]).partition(":")
        fork = next((r for r in self.repos.values() if r["owner"]["login"] == owner), None)
        if not ref or fork is None:
            return 422, {"message": "Validation Failed",
                         "errors": [{"resource": "PullRequest", "field": "head", "code": "invalid"}]}, {}
        for p in self.pulls.get(full, []):
            if p["head"]["label"] == body["head"] and p["state"] == "open":
                return 422, {"message": "Validation Failed", "errors": [
                    {"message": f"A pull request already exists for {body['head']}."}]}, {}
        pr = self.add_pull(full, title=body["title"], head=body["head"], user=owner, draft=bool(body.get("draft")))
        pr["body"] = body.get("body", "")
        pr["base"] = {"ref": body["base"]}
        return 201, pr, {}
