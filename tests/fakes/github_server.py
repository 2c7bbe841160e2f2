"""A loopback GitHub REST server speaking the JSON shapes hfi18n uses, recording and checking requests.

Start it with ``with FakeGitHub(token="t") as gh:`` and point a client at ``gh.url``. State is plain
Python: ``gh.add_repo("me/hub", clone_url=...)``, ``gh.pulls["huggingface/hub"]`` (list of JSON dicts).
Failure modes: ``gh.mode = "ratelimit" | "retry-after" | "error500"``. Every request is kept in
``gh.requests`` (method, path, query, headers, json body). Requests with a wrong token get 401.
Pull request reviews: ``gh.add_review_pull(repo, base={path: text}, head={path: text})`` makes a PR
with head/base commits, file contents at both and GitHub-style patches; ``GET`` the PR, its files,
contents at a ref, reviews and review comments, ``POST`` a review (422 "line must be part of the diff"
for a comment outside the patch or in ``gh.reject_lines``), ``PUT`` a review body, ``PATCH`` a comment.
The server binds 127.0.0.1 on an ephemeral port, serves in a daemon thread and stops on exit.
"""

from __future__ import annotations

import base64
import difflib
import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

BODY_LIMIT = 65536
"""GitHub refuses an issue or comment body longer than this (422), hidden comment lines included."""


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
    files: dict[tuple[str, int], list[dict[str, Any]]] = field(default_factory=dict)
    """Changed files of each pull request ``(repo, number)``, with their patches."""
    contents: dict[tuple[str, str, str], str] = field(default_factory=dict)
    """File text per ``(repo, commit sha, path)``."""
    reviews: dict[tuple[str, int], list[dict[str, Any]]] = field(default_factory=dict)
    review_comments: dict[tuple[str, int], list[dict[str, Any]]] = field(default_factory=dict)
    reject_lines: set[tuple[str, int]] = field(default_factory=set)
    """``(path, line)`` a review comment is refused on with 422 even inside the diff (a stale diff)."""
    login: str = "hfi18n-bot"
    """The user the token belongs to: author of created reviews and comments."""
    user_endpoint: bool = True
    """False: ``GET /user`` answers 403 as it does for a workflow's ``GITHUB_TOKEN`` (an app installation)."""
    issues: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Issues per repository (``hfi18n dashboard``): any account may be their author."""
    issue_comments: dict[tuple[str, int], list[dict[str, Any]]] = field(default_factory=dict)
    admin: bool = True
    """The token may edit anyone's issue or comment (a maintainer's token): only hfi18n's own author check
    keeps it off a stranger's marker."""
    ignore_creator: bool = False
    """The issues list ignores its ``creator`` filter (as a proxy or an older GitHub Enterprise may): the
    client's own author check must hold alone."""
    _next_id: int = 1000
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

    def add_pull(self, repo: str, *, title: str, head: str, user: str = "someone", draft: bool = False,
                 created_at: str | None = None) -> dict:
        owner, _, ref = head.partition(":")
        number = sum(len(v) for v in self.pulls.values()) + 1
        pr = {
            "number": number,
            "title": title,
            "state": "open",
            "draft": draft,
            "html_url": f"https://github.com/{repo}/pull/{number}",
            "user": {"login": user},
            **({"created_at": created_at} if created_at else {}),
            "head": {"ref": ref, "label": head, "repo": {"full_name": f"{owner}/{repo.split('/')[1]}"}},
            "base": {"ref": "main"},
            "body": "",
        }
        self.pulls.setdefault(repo, []).append(pr)
        return pr

    # -- issues (hfi18n dashboard)

    def add_issue(self, repo: str, *, title: str, body: str, user: str) -> dict:
        number = len(self.issues.get(repo, [])) + len(self.pulls.get(repo, [])) + 1
        self._next_id += 1
        issue = {"id": self._next_id, "number": number, "title": title, "body": body, "state": "open",
                 "user": {"login": user}, "html_url": f"https://github.com/{repo}/issues/{number}"}
        self.issues.setdefault(repo, []).append(issue)
        return issue

    def add_issue_comment(self, repo: str, number: int, *, body: str, user: str) -> dict:
        self._next_id += 1
        c = {"id": self._next_id, "body": body, "user": {"login": user},
             "html_url": f"https://github.com/{repo}/issues/{number}#issuecomment-{self._next_id}"}
        self.issue_comments.setdefault((repo, number), []).append(c)
        return c

    def _route_issues(self, rec: Recorded, full: str, rest: list[str]) -> tuple[int, Any, dict[str, str]]:
        if rec.method in ("POST", "PATCH") and not self._auth_ok(rec):
            return 401, {"message": "Bad credentials"}, {}
        if full not in self.repos:
            return 404, {"message": "Not Found"}, {}
        items = self.issues.setdefault(full, [])
        body = rec.body or {}
        if rec.method in ("POST", "PATCH") and len(str(body.get("body") or "")) > BODY_LIMIT:
            return 422, {"message": "Validation Failed", "errors": [
                {"resource": "Issue", "code": "custom", "field": "body",
                 "message": f"body is too long (maximum is {BODY_LIMIT} characters)"}]}, {}
        if not rest and rec.method == "GET":
            creator = None if self.ignore_creator else rec.query.get("creator", [None])[0]
            found = [i for i in items if i["state"] == "open" and (creator is None or i["user"]["login"] == creator)]
            # GitHub's issues list also holds pull requests
            found += [{**p, "pull_request": {"url": p["html_url"]}} for p in self.pulls.get(full, [])]
            q = "state=open&" + (f"creator={creator}&" if creator else "")
            return self._page(found, rec, q)
        if not rest and rec.method == "POST":
            if not body.get("title"):
                return 422, {"message": "Validation Failed"}, {}
            return 201, self.add_issue(full, title=body["title"], body=body.get("body", ""), user=self.login), {}
        if len(rest) == 2 and rest[0] == "comments" and rest[1].isdigit() and rec.method == "PATCH":
            for comments in self.issue_comments.values():
                for c in comments:
                    if c["id"] == int(rest[1]):
                        if c["user"]["login"] != self.login and not self.admin:
                            return 403, {"message": "Must have admin rights to Repository."}, {}
                        c["body"] = body.get("body", c["body"])
                        return 200, c, {}
            return 404, {"message": "Not Found"}, {}
        if not rest or not rest[0].isdigit():
            return 404, {"message": "Not Found"}, {}
        number = int(rest[0])
        issue = next((i for i in items if i["number"] == number), None)
        if issue is None:
            return 404, {"message": "Not Found"}, {}
        if len(rest) == 1 and rec.method == "PATCH":
            if issue["user"]["login"] != self.login and not self.admin:
                return 403, {"message": "Must have admin rights to Repository."}, {}
            issue["body"] = body.get("body", issue["body"])
            return 200, issue, {}
        if rest[1:] == ["comments"] and rec.method == "GET":
            return self._page(self.issue_comments.get((full, number), []), rec)
        if rest[1:] == ["comments"] and rec.method == "POST":
            return 201, self.add_issue_comment(full, number, body=body.get("body", ""), user=self.login), {}
        return 404, {"message": "Not Found"}, {}

    # -- pull request reviews (hfi18n review)

    def add_review_pull(self, repo: str, *, base: dict[str, str], head: dict[str, str | None],
                        title: str = "🌐 [i18n-KO] Translated `doc.md` to Korean", fork: str = "someone/fork") -> dict:
        """A pull request of ``repo`` whose base commit holds the files of ``base`` and whose head commit
        holds those of ``head`` merged over them (None: the PR deletes the file). The PR's changed files
        and their patches are computed like GitHub does (unified diff hunks, 3 lines of context)."""
        pr = self.add_pull(repo, title=title, head=f"{fork.split('/')[0]}:translate")
        number = pr["number"]
        base_sha, head_sha = f"base{number:036d}", f"head{number:036d}"
        pr["base"] = {"ref": "main", "sha": base_sha, "repo": {"full_name": repo}}
        pr["head"]["sha"] = head_sha
        pr["head"]["repo"] = {"full_name": fork}
        for path, text in base.items():
            self.contents[(repo, base_sha, path)] = text
            self.contents[(fork, head_sha, path)] = text
        files = []
        for path, text in head.items():
            old = base.get(path)
            if text is None:
                self.contents.pop((fork, head_sha, path), None)
            else:
                self.contents[(fork, head_sha, path)] = text
            status = "removed" if text is None else ("added" if old is None else "modified")
            files.append({"filename": path, "status": status, "patch": _patch(old or "", text or "")})
        self.files[(repo, number)] = files
        return pr

    def _pull(self, full: str, number: int) -> dict | None:
        return next((p for p in self.pulls.get(full, []) if p["number"] == number), None)

    def _page(self, items: list[Any], rec: Recorded, query: str = "") -> tuple[int, Any, dict[str, str]]:
        """One page of ``items`` as GitHub serves it; ``query`` (``state=open&``) is kept in the next link."""
        per_page = min(int(rec.query.get("per_page", ["30"])[0]), self.page_size_cap)
        page = int(rec.query.get("page", ["1"])[0])
        last = max(1, -(-len(items) // per_page))
        headers = {}
        if page < last:
            link = f"{self.url}{rec.path}?{query}per_page={per_page}&page="
            headers["link"] = f'<{link}{page + 1}>; rel="next", <{link}{last}>; rel="last"'
        return 200, items[(page - 1) * per_page: page * per_page], headers

    def _route_review(self, rec: Recorded, segs: list[str]) -> tuple[int, Any, dict[str, str]] | None:
        """Routes under /repos/{owner}/{repo}/pulls/{n}/... and /contents/; None: not one of them."""
        full = f"{segs[1]}/{segs[2]}"
        write = rec.method in ("POST", "PUT", "PATCH")
        if write and not self._auth_ok(rec):
            return 401, {"message": "Bad credentials"}, {}
        if segs[3] == "contents" and rec.method == "GET":
            path = unquote("/".join(segs[4:]))
            ref = rec.query.get("ref", [""])[0]
            text = self.contents.get((full, ref, path))
            if text is None:
                return 404, {"message": "Not Found"}, {}
            return 200, {"type": "file", "path": path, "encoding": "base64",
                         "content": base64.b64encode(text.encode()).decode()}, {}
        if segs[3] == "pulls" and len(segs) == 6 and segs[4] == "comments" and rec.method == "PATCH":
            for comments in self.review_comments.values():
                for c in comments:
                    if c["id"] == int(segs[5]):
                        if c["user"]["login"] != self.login:
                            return 403, {"message": "Must have admin rights to Repository."}, {}
                        c["body"] = (rec.body or {}).get("body", c["body"])
                        return 200, c, {}
            return 404, {"message": "Not Found"}, {}
        if segs[3] != "pulls" or len(segs) < 5 or not segs[4].isdigit():
            return None
        number = int(segs[4])
        pr = self._pull(full, number)
        if pr is None:
            return 404, {"message": "Not Found"}, {}
        rest = segs[5:]
        key = (full, number)
        if not rest and rec.method == "GET":
            return 200, pr, {}
        if rest == ["files"] and rec.method == "GET":
            return self._page(self.files.get(key, []), rec)
        if rest == ["comments"] and rec.method == "GET":
            return self._page(self.review_comments.get(key, []), rec)
        if rest == ["reviews"] and rec.method == "GET":
            return self._page(self.reviews.get(key, []), rec)
        if rest == ["reviews"] and rec.method == "POST":
            return self._create_review(key, pr, rec.body or {})
        if len(rest) == 2 and rest[0] == "reviews" and rec.method == "PUT":
            for r in self.reviews.get(key, []):
                if r["id"] == int(rest[1]):
                    r["body"] = (rec.body or {}).get("body", r["body"])
                    return 200, r, {}
            return 404, {"message": "Not Found"}, {}
        return 404, {"message": "Not Found"}, {}

    def _create_review(self, key: tuple[str, int], pr: dict, body: dict) -> tuple[int, Any, dict[str, str]]:
        if body.get("event") not in (None, "COMMENT", "APPROVE", "REQUEST_CHANGES"):
            return 422, {"message": "Unprocessable Entity", "errors": ["Invalid event"]}, {}
        if body.get("commit_id") not in (None, pr["head"].get("sha")):
            return 422, {"message": "Unprocessable Entity", "errors": ["commit_id is not part of the pull request"]}, {}
        files = {f["filename"]: f for f in self.files.get(key, [])}
        comments = body.get("comments") or []
        for c in comments:
            f = files.get(c.get("path"))
            side = c.get("side", "RIGHT")
            if f is None or side != "RIGHT" or c.get("line") not in _right_lines(f.get("patch") or "") \
                    or (c.get("path"), c.get("line")) in self.reject_lines:
                return 422, {"message": "Unprocessable Entity", "errors": [
                    "Pull request review thread line must be part of the diff and Pull request review "
                    "thread diff hunk can't be blank"]}, {}
        self._next_id += 1
        review = {"id": self._next_id, "body": body.get("body", ""), "state": "COMMENTED" if body.get("event") ==
                  "COMMENT" else str(body.get("event") or "PENDING"), "user": {"login": self.login},
                  "commit_id": body.get("commit_id")}
        self.reviews.setdefault(key, []).append(review)
        for c in comments:
            self._next_id += 1
            self.review_comments.setdefault(key, []).append({
                "id": self._next_id, "pull_request_review_id": review["id"], "path": c["path"], "line": c["line"],
                "side": "RIGHT", "body": c["body"], "user": {"login": self.login}, "commit_id": body.get("commit_id")})
        return 200, review, {}

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

            def do_PUT(self) -> None:
                fake._handle(self, "PUT")

            def do_PATCH(self) -> None:
                fake._handle(self, "PATCH")

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
        if segs == ["user"] and rec.method == "GET":
            if not self.user_endpoint:
                return 403, {"message": "Resource not accessible by integration"}, {}
            if self.token is None or not self._auth_ok(rec):
                return 401, {"message": "Requires authentication"}, {}
            return 200, {"login": self.login, "type": "User"}, {}
        if len(segs) >= 4 and segs[0] == "repos" and segs[3] == "issues":
            return self._route_issues(rec, f"{segs[1]}/{segs[2]}", segs[4:])
        if len(segs) >= 5 and segs[0] == "repos" and segs[3] in ("pulls", "contents"):
            routed = self._route_review(rec, segs)
            if routed is not None:
                return routed
        if len(segs) == 3 and segs[0] == "repos" and rec.method == "GET":
            repo = self.repos.get(f"{segs[1]}/{segs[2]}")
            return (200, repo, {}) if repo else (404, {"message": "Not Found"}, {})
        if len(segs) == 4 and segs[0] == "repos" and segs[3] == "pulls":
            full = f"{segs[1]}/{segs[2]}"
            if full not in self.repos:
                return 404, {"message": "Not Found"}, {}
            if rec.method == "GET":
                return self._list_pulls(full, rec)
            return self._create_pull(full, rec)
        return 404, {"message": "Not Found"}, {}

    def _list_pulls(self, full: str, rec: Recorded) -> tuple[int, Any, dict[str, str]]:
        state = rec.query.get("state", ["open"])[0]
        items = [p for p in self.pulls.get(full, []) if state == "all" or p["state"] == state]
        return self._page(items, rec, f"state={state}&")

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


def _patch(old: str, new: str) -> str:
    """GitHub's ``patch`` of a file: the unified diff hunks without the ---/+++ header."""
    lines = list(difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=3))
    return "\n".join(lines[2:])


def _right_lines(patch: str) -> set[int]:
    """Lines of the new file a review comment may target: added and context lines of the hunks."""
    out: set[int] = set()
    line = 0
    for row in patch.splitlines():
        if row.startswith("@@"):
            line = int(row.split("+")[1].split(",")[0].split(" ")[0])
        elif row.startswith("-"):
            continue
        elif line:
            out.add(line)
            line += 1
    return out
