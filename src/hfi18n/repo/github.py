"""A small GitHub REST client (httpx): open pull requests, repositories, draft pull requests.

Requests are built by :meth:`GitHubClient.build_request` and sent by :meth:`GitHubClient.send`, so tests
can look at a request without HTTP. Every failure becomes a :class:`~hfi18n.errors.GitHubError` with a
next step (see :data:`STATUS_HINTS`). The token is sent only in the ``Authorization`` header and only to
the configured API origin (a pagination link to another host is refused); it never appears in ``repr``,
messages or logs (every message passes through :func:`hfi18n.secrets.redact`).
"""

from __future__ import annotations

import base64
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any
from urllib.parse import quote

import httpx

from .. import __version__
from ..config import Config
from ..errors import GitHubError
from ..fileio import decode_doc
from ..secrets import redact, register
from .ghref import check_repo_name

API_URL = "https://api.github.com"
TOKEN_HELP = (
    "the token is wrong, expired or revoked: regenerate it (or create a new one) at https://github.com/settings/tokens (classic: 'public_repo' scope; fine-grained: "
    "'Pull requests: write' and 'Contents: write' on your fork) and export it as GITHUB_TOKEN"
)
MAX_RATE_WAIT = 20.0
"""Seconds we are willing to sleep for a rate limit to reset before giving up with an error."""


def github_settings(config: Config) -> tuple[str | None, str]:
    """``(token, API URL)``: ``GITHUB_TOKEN`` (else ``github.token``) and ``github.api_url`` (else GitHub's)."""
    return config.secret("GITHUB_TOKEN", "github.token"), config.get("github.api_url") or API_URL


@dataclass(slots=True)
class PullRequest:
    """An open or just created pull request."""

    number: int
    title: str
    html_url: str
    user: str
    """Login of the author."""
    head_ref: str
    """Branch name of the head (without the owner)."""
    draft: bool
    head_repo: str = ""
    """``owner/name`` of the head repository (the fork), when GitHub tells."""
    created_at: str = ""
    """When it was opened (ISO 8601), for "claimed since" on the team page."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PullRequest:
        head = data.get("head") or {}
        return cls(
            number=int(data["number"]),
            title=str(data.get("title") or ""),
            html_url=str(data.get("html_url") or ""),
            user=str((data.get("user") or {}).get("login") or ""),
            head_ref=str(head.get("ref") or ""),
            draft=bool(data.get("draft", False)),
            head_repo=str((head.get("repo") or {}).get("full_name") or ""),
            created_at=str(data.get("created_at") or ""),
        )


@dataclass(slots=True)
class Repository:
    """What publish needs to know about a repository."""

    full_name: str
    default_branch: str
    clone_url: str
    html_url: str
    can_push: bool | None
    """``permissions.push`` when GitHub tells (authenticated requests), else None."""
    fork: bool
    parent: str | None
    """``owner/name`` of the repository this one is a fork of."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Repository:
        perms = data.get("permissions")
        return cls(
            full_name=str(data["full_name"]),
            default_branch=str(data.get("default_branch") or "main"),
            clone_url=str(data.get("clone_url") or ""),
            html_url=str(data.get("html_url") or ""),
            can_push=bool(perms.get("push")) if isinstance(perms, dict) else None,
            fork=bool(data.get("fork", False)),
            parent=(data.get("parent") or {}).get("full_name"),
        )


GITHUB_BODY_LIMIT = 65536
"""Characters GitHub accepts in an issue, comment or PR body (everything in it, hidden marker lines too)."""

MAX_ISSUE_PAGES = 2000
"""Pages of 100 read when the dashboard looks for its own issue or comment: 200,000 items, every one (a list
cut short would miss the page and open a duplicate)."""


def _next_link(link: str | None) -> str | None:
    """URL of ``rel="next"`` in a ``Link`` header."""
    if not link:
        return None
    for part in link.split(","):
        url, _, params = part.partition(";")
        if 'rel="next"' in params:
            return url.strip().strip("<>")
    return None


def _origin(url: str | httpx.URL) -> tuple[str, str, int | None]:
    u = httpx.URL(url)
    return u.scheme, u.host, u.port


def _message(resp: httpx.Response) -> str:
    try:
        data = resp.json()
    except ValueError:
        return redact(resp.text)[:200]  # masked before it is cut: a cut secret would no longer be recognised
    if not isinstance(data, dict):
        return ""
    msg = str(data.get("message") or "")
    errors = data.get("errors")
    if isinstance(errors, list):
        details = [str(e.get("message") or e.get("code") or "") if isinstance(e, dict) else str(e) for e in errors]
        details = [d for d in details if d]
        if details:
            msg = f"{msg}: {'; '.join(details)}" if msg else "; ".join(details)
    return msg


STATUS_HINTS: dict[int, tuple[str, str]] = {
    401: ("GitHub rejected the token (401 Bad credentials)", TOKEN_HELP),
    403: ("GitHub refused the request (403 Forbidden)",
          "the token lacks permission for this repository: give it 'public_repo' (classic) or "
          "'Pull requests: write' (fine-grained), and check you can push to your fork"),
    404: ("not found on GitHub (404)", "check the OWNER/NAME spelling; a private repository needs a token with access"),
    422: ("GitHub could not process the request (422)", "see GitHub's message above"),
}
"""One table from HTTP status to a human message and a next step."""


class GitHubClient:
    """GitHub REST over httpx. ``token`` may be None for read-only calls on public repositories."""

    __slots__ = ("_token", "api_url", "_http", "_pulls_cache", "_repo_cache", "max_rate_wait", "_sleep")

    def __init__(self, token: str | None, api_url: str = API_URL, *, timeout: float = 30.0,
                 max_rate_wait: float = MAX_RATE_WAIT, transport: httpx.BaseTransport | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self._token = token or None
        register(self._token)
        self.api_url = api_url.rstrip("/")
        headers = {
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": f"hfi18n/{__version__}",
        }
        self._http = httpx.Client(headers=headers, timeout=timeout, transport=transport, follow_redirects=True)
        self._pulls_cache: dict[str, list[PullRequest]] = {}
        self._repo_cache: dict[str, Repository] = {}
        self.max_rate_wait = max_rate_wait
        self._sleep = sleep

    def __repr__(self) -> str:
        return f"GitHubClient(api_url={self.api_url!r}, token={'***' if self._token else None})"

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> GitHubClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def has_token(self) -> bool:
        return self._token is not None

    def token_for_git(self) -> str | None:
        """The token, for :meth:`hfi18n.publish.git.Git.push` only (it passes it through GIT_ASKPASS)."""
        return self._token

    # -- building and sending

    def build_request(self, method: str, path_or_url: str, *, params: dict[str, Any] | None = None,
                      json: Any = None) -> httpx.Request:
        url = path_or_url if path_or_url.startswith(("http://", "https://")) else self.api_url + path_or_url
        # the token goes to the configured API origin only (scheme, host and port), never elsewhere
        home = self._token and _origin(url) == _origin(self.api_url)
        headers = {"Authorization": f"Bearer {self._token}"} if home else {}
        return self._http.build_request(method, url, params=params, json=json, headers=headers)

    def send(self, request: httpx.Request, *, what: str) -> httpx.Response:
        """Send with rate-limit handling; non-2xx statuses become :class:`GitHubError`."""
        for _attempt in range(3):
            try:
                resp = self._http.send(request)
            except httpx.ConnectError:
                raise GitHubError(
                    f"cannot reach GitHub at {self.api_url} while trying to {what}",
                    hint="check your network connection (or a proxy), then run the command again",
                ) from None
            except httpx.TimeoutException:
                raise GitHubError(f"GitHub did not answer in time while trying to {what}",
                                  hint="try again in a minute") from None
            except httpx.HTTPError as exc:
                raise GitHubError(f"network error while trying to {what}: {type(exc).__name__}",
                                  hint="check your network connection and try again") from None
            wait = self._rate_limit_wait(resp)
            if wait is None:
                break
            if wait > self.max_rate_wait:
                raise GitHubError(
                    f"GitHub rate limit reached while trying to {what}; it resets at {self._reset_text(resp, wait)}",
                    hint="wait until then" + ("" if self._token else ", or set GITHUB_TOKEN for a higher limit"),
                )
            self._sleep(max(wait, 0.0))
        else:
            raise GitHubError(f"GitHub kept rate-limiting the request to {what}", hint="wait a few minutes")
        if resp.is_success:
            return resp
        self._raise(resp, what)
        raise AssertionError("unreachable")

    @staticmethod
    def _rate_limit_wait(resp: httpx.Response) -> float | None:
        """Seconds to wait when ``resp`` is a rate-limit answer, else None."""
        if resp.status_code not in (403, 429):
            return None
        retry_after = resp.headers.get("retry-after")
        if retry_after is not None:
            try:
                return float(retry_after)
            except ValueError:
                return MAX_RATE_WAIT * 10
        if resp.headers.get("x-ratelimit-remaining") == "0":
            try:
                reset = float(resp.headers.get("x-ratelimit-reset", "0"))
            except ValueError:
                reset = 0.0
            return max(reset - time.time(), 0.0) + 1.0
        if resp.status_code == 429:
            return 60.0
        return None

    @staticmethod
    def _reset_text(resp: httpx.Response, wait: float) -> str:
        reset = resp.headers.get("x-ratelimit-reset")
        when = float(reset) if reset and reset.isdigit() else time.time() + wait
        return datetime.fromtimestamp(when, tz=timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC") + \
            f" (in {int(wait // 60)} min {int(wait % 60)} s)"

    def _raise(self, resp: httpx.Response, what: str) -> None:
        base, hint = STATUS_HINTS.get(resp.status_code, (f"GitHub answered {resp.status_code}",
                                                          "try again later; if it persists, check githubstatus.com"))
        detail = _message(resp)
        if resp.status_code == 401 and not self._token:
            base, hint = "GitHub requires a token for this request (401)", TOKEN_HELP
        msg = f"{base} while trying to {what}" + (f": {detail}" if detail else "")
        raise GitHubError(msg, hint=hint)

    def _get_json(self, path: str, *, what: str, params: dict[str, Any] | None = None) -> Any:
        return self.send(self.build_request("GET", path, params=params), what=what).json()

    # -- API

    def list_open_pulls(self, repo: str) -> list[PullRequest]:
        """Every open pull request of ``repo`` (all pages), cached for the life of the client."""
        check_repo_name(repo)
        if repo in self._pulls_cache:
            return list(self._pulls_cache[repo])
        data = self._get_pages(f"/repos/{repo}/pulls", what=f"list the open pull requests of {repo}",
                               params={"state": "open"}, max_pages=100)
        pulls = [PullRequest.from_json(d) for d in data]
        self._pulls_cache[repo] = pulls
        return list(pulls)

    def get_repo(self, repo: str, *, role: str = "repository") -> Repository:
        """Repository details (default branch, clone URL, push permission); 404 names what to create."""
        check_repo_name(repo)
        if repo in self._repo_cache:
            return self._repo_cache[repo]
        try:
            data = self._get_json(f"/repos/{repo}", what=f"read {role} {repo}")
        except GitHubError as exc:
            if "(404)" in exc.message:
                if role == "fork":
                    raise GitHubError(f"fork {repo} not found: create it on GitHub with Fork",
                                      hint="open the upstream repository on GitHub, press Fork, then pass "
                                           "--fork OWNER/NAME (or set github.fork in hfi18n.toml)") from None
                raise GitHubError(f"{role} {repo} not found on GitHub", hint=STATUS_HINTS[404][1]) from None
            raise
        info = Repository.from_json(data)
        self._repo_cache[repo] = info
        return info

    def create_pull(self, upstream: str, title: str, body: str, head: str, base: str,
                    draft: bool = True) -> PullRequest:
        """Open a pull request on ``upstream`` from ``head`` (``forkowner:branch``) into ``base``."""
        check_repo_name(upstream)
        payload = {"title": title, "body": body, "head": head, "base": base, "draft": draft,
                   "maintainer_can_modify": True}
        what = f"open a pull request on {upstream}"
        try:
            resp = self.send(self.build_request("POST", f"/repos/{upstream}/pulls", json=payload), what=what)
        except GitHubError as exc:
            low = exc.message.lower()
            if "(422)" in exc.message and "draft" in low:
                raise GitHubError(exc.message, hint="this repository does not accept draft PRs from you; "
                                  "rerun with --ready to open a regular PR") from None
            if "(422)" in exc.message and "already exists" in low:
                raise GitHubError(exc.message, hint="a pull request for this branch is open already") from None
            raise
        pr = PullRequest.from_json(resp.json())
        self._pulls_cache.pop(upstream, None)
        return pr

    # -- pull request reviews (``hfi18n review``)

    def _get_pages(self, path: str, *, what: str, params: dict[str, Any] | None = None,
                   max_pages: int = 30, complete: bool = False) -> list[Any]:
        """Every item of a paginated list endpoint (``per_page=100``, following ``Link: rel="next"``).

        ``complete``: a list cut at ``max_pages`` is an error rather than a silently shorter list. The
        dashboard looked for its own issue in the first 30 pages only, missed it on a busy repository, and
        opened a duplicate every night (issue 33)."""
        items: list[Any] = []
        url: str | None = path
        query: dict[str, Any] | None = {**(params or {}), "per_page": 100}
        for _ in range(max_pages):
            if url is None:
                break
            resp = self.send(self.build_request("GET", url, params=query), what=what)
            data = resp.json()
            if not isinstance(data, list):
                raise GitHubError(f"unexpected answer from GitHub while trying to {what}")
            items.extend(data)
            url, query = _next_link(resp.headers.get("link")), None
            if url is not None and _origin(url) != _origin(self.api_url):
                # a next page elsewhere is not GitHub's API: refuse rather than send the token there or
                # mix another server's answers into the list
                raise GitHubError(
                    f"the next page while trying to {what} is on another server ({httpx.URL(url).host}), "
                    f"not {self.api_url}: refusing to follow it",
                    hint="check github.api_url in hfi18n.toml and any proxy between you and GitHub")
        if complete and url is not None:
            raise GitHubError(f"more than {max_pages} pages while trying to {what}: the list was not read to its end",
                              hint="try again; if it persists, the repository has more items than hfi18n reads")
        return items

    def get_pull(self, repo: str, number: int) -> PullDetails:
        """One pull request with its head and base commits (an answer without them is refused in words: a
        hostile API answer crashed review with ``KeyError: 'number'``)."""
        check_repo_name(repo)
        data = self._get_json(f"/repos/{repo}/pulls/{int(number)}", what=f"read pull request {repo}#{number}")
        try:
            return PullDetails.from_json(data)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise GitHubError(f"GitHub's answer for pull request {repo}#{number} is not a pull request",
                              hint="check github.api_url and any proxy between you and GitHub") from None

    def authenticated_login(self) -> str | None:
        """The login of the token's own account (``GET /user``); None when GitHub does not say (an Actions
        token is an app installation's, which ``/user`` refuses with 403)."""
        if not self._token:
            return None
        try:
            data = self._get_json("/user", what="find whose token this is")
        except GitHubError as exc:
            if "(403" in exc.message or "(404" in exc.message:
                return None
            raise
        login = data.get("login") if isinstance(data, dict) else None
        return login if isinstance(login, str) and login else None

    def list_pull_files(self, repo: str, number: int) -> list[PullFile]:
        """The files a pull request changes, with their diff hunks (``patch``)."""
        check_repo_name(repo)
        data = self._get_pages(f"/repos/{repo}/pulls/{int(number)}/files",
                               what=f"list the files of pull request {repo}#{number}")
        return [PullFile.from_json(d) for d in data if isinstance(d, dict)]

    def get_file_text(self, repo: str, path: str, ref: str) -> str | None:
        """Text of ``path`` at commit ``ref`` (None when it does not exist there)."""
        check_repo_name(repo)
        what = f"read {path} at {ref[:12]} in {repo}"
        try:
            data = self._get_json(f"/repos/{repo}/contents/{quote(path)}", what=what, params={"ref": ref})
        except GitHubError as exc:
            if "(404)" in exc.message:
                return None
            raise
        if not isinstance(data, dict) or data.get("type") != "file":
            return None
        if data.get("encoding") != "base64":
            raise GitHubError(f"GitHub did not send the content of {path} (too large?) while trying to {what}",
                              hint="review the file locally: hfi18n review --repo PATH FILE")
        return decode_doc(base64.b64decode(str(data.get("content") or "")), path)

    def list_reviews(self, repo: str, number: int) -> list[PullReview]:
        check_repo_name(repo)
        data = self._get_pages(f"/repos/{repo}/pulls/{int(number)}/reviews",
                               what=f"list the reviews of {repo}#{number}")
        return [PullReview.from_json(d) for d in data if isinstance(d, dict)]

    def list_review_comments(self, repo: str, number: int) -> list[ReviewComment]:
        check_repo_name(repo)
        data = self._get_pages(f"/repos/{repo}/pulls/{int(number)}/comments",
                               what=f"list the review comments of {repo}#{number}")
        return [ReviewComment.from_json(d) for d in data if isinstance(d, dict)]

    def create_review(self, repo: str, number: int, *, commit_id: str, body: str,
                      comments: list[dict[str, Any]]) -> PullReview:
        """Submit one review with event COMMENT (never APPROVE or REQUEST_CHANGES) and inline ``comments``
        (``{"path", "line", "side": "RIGHT", "body"}``)."""
        check_repo_name(repo)
        payload = {"commit_id": commit_id, "body": body, "event": "COMMENT", "comments": comments}
        resp = self.send(self.build_request("POST", f"/repos/{repo}/pulls/{int(number)}/reviews", json=payload),
                         what=f"post a review on {repo}#{number}")
        return PullReview.from_json(resp.json())

    def update_review(self, repo: str, number: int, review_id: int, body: str) -> None:
        check_repo_name(repo)
        self.send(self.build_request("PUT", f"/repos/{repo}/pulls/{int(number)}/reviews/{int(review_id)}",
                                     json={"body": body}), what=f"update review {review_id} on {repo}#{number}")

    def update_review_comment(self, repo: str, comment_id: int, body: str) -> None:
        check_repo_name(repo)
        self.send(self.build_request("PATCH", f"/repos/{repo}/pulls/comments/{int(comment_id)}",
                                     json={"body": body}), what=f"update review comment {comment_id} on {repo}")


    # -- issues and issue comments (``hfi18n dashboard``)

    def list_issues(self, repo: str, *, creator: str | None = None) -> list[IssueItem]:
        """Open issues of ``repo`` (pull requests left out), by ``creator`` when given. The filter is a
        hint to the server: callers still check :attr:`IssueItem.user` themselves."""
        check_repo_name(repo)
        params: dict[str, Any] = {"state": "open", **({"creator": creator} if creator else {})}
        data = self._get_pages(f"/repos/{repo}/issues", what=f"list the issues of {repo}", params=params,
                               max_pages=MAX_ISSUE_PAGES, complete=True)
        return [IssueItem.from_json(d) for d in data if isinstance(d, dict) and "pull_request" not in d]

    def create_issue(self, repo: str, title: str, body: str) -> IssueItem:
        check_repo_name(repo)
        resp = self.send(self.build_request("POST", f"/repos/{repo}/issues", json={"title": title, "body": body}),
                         what=f"open an issue on {repo}")
        return IssueItem.from_json(resp.json())

    def update_issue(self, repo: str, number: int, body: str) -> IssueItem:
        check_repo_name(repo)
        resp = self.send(self.build_request("PATCH", f"/repos/{repo}/issues/{int(number)}", json={"body": body}),
                         what=f"update issue {repo}#{number}")
        return IssueItem.from_json(resp.json())

    def list_issue_comments(self, repo: str, number: int) -> list[IssueItem]:
        check_repo_name(repo)
        data = self._get_pages(f"/repos/{repo}/issues/{int(number)}/comments",
                               what=f"list the comments of {repo}#{number}", max_pages=MAX_ISSUE_PAGES,
                               complete=True)
        return [IssueItem.from_json(d) for d in data if isinstance(d, dict)]

    def create_issue_comment(self, repo: str, number: int, body: str) -> IssueItem:
        check_repo_name(repo)
        resp = self.send(self.build_request("POST", f"/repos/{repo}/issues/{int(number)}/comments",
                                            json={"body": body}), what=f"comment on {repo}#{number}")
        return IssueItem.from_json(resp.json())

    def update_issue_comment(self, repo: str, comment_id: int, body: str) -> IssueItem:
        check_repo_name(repo)
        resp = self.send(self.build_request("PATCH", f"/repos/{repo}/issues/comments/{int(comment_id)}",
                                            json={"body": body}), what=f"update comment {comment_id} on {repo}")
        return IssueItem.from_json(resp.json())


@dataclass(slots=True, frozen=True)
class IssueItem:
    """An issue or an issue comment: who wrote it and what it says."""

    id: int
    number: int | None
    """Issue number (None for a comment)."""
    user: str
    body: str
    html_url: str

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> IssueItem:
        num = data.get("number")
        return cls(int(data.get("id") or 0), int(num) if isinstance(num, int) else None,
                   str((data.get("user") or {}).get("login") or ""), str(data.get("body") or ""),
                   str(data.get("html_url") or ""))

@dataclass(slots=True, frozen=True)
class PullDetails:
    """What a review needs to know about a pull request."""

    number: int
    title: str
    html_url: str
    head_sha: str
    head_repo: str
    """``owner/name`` of the repository holding the head commit (a fork, usually)."""
    base_sha: str
    base_repo: str
    user: str = ""
    """Login of the PR's author (a sign-off the PR records in someone else's name is flagged)."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PullDetails:
        head, base = data.get("head") or {}, data.get("base") or {}
        return cls(int(data["number"]), str(data.get("title") or ""), str(data.get("html_url") or ""),
                   str(head.get("sha") or ""), str((head.get("repo") or {}).get("full_name") or ""),
                   str(base.get("sha") or ""), str((base.get("repo") or {}).get("full_name") or ""),
                   str((data.get("user") or {}).get("login") or ""))


@dataclass(slots=True, frozen=True)
class PullFile:
    """A file changed by a pull request."""

    filename: str
    status: str
    """``added``, ``modified``, ``removed``, ``renamed``..."""
    patch: str | None
    """The unified diff hunks (None for binary or very large changes)."""
    previous_filename: str | None = None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PullFile:
        return cls(str(data.get("filename") or ""), str(data.get("status") or ""),
                   data.get("patch") if isinstance(data.get("patch"), str) else None,
                   data.get("previous_filename") or None)


@dataclass(slots=True, frozen=True)
class PullReview:
    id: int
    body: str
    state: str
    user: str

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PullReview:
        return cls(int(data.get("id") or 0), str(data.get("body") or ""), str(data.get("state") or ""),
                   str((data.get("user") or {}).get("login") or ""))


@dataclass(slots=True, frozen=True)
class ReviewComment:
    """An inline review comment."""

    id: int
    path: str
    line: int | None
    body: str
    user: str

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ReviewComment:
        line = data.get("line")
        return cls(int(data.get("id") or 0), str(data.get("path") or ""), int(line) if line else None,
                   str(data.get("body") or ""), str((data.get("user") or {}).get("login") or ""))
