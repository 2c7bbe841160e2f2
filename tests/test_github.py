"""GitHub REST client against the loopback fake server: shapes, pagination, errors, token hygiene."""

from __future__ import annotations

import logging
import socket

import pytest

from hfi18n.errors import GitHubError
from hfi18n.repo.ghref import github_repo
from hfi18n.repo.github import GitHubClient, PullRequest, _next_link
from tests.fakes.github_server import FakeGitHub

TOKEN = "ghp_SECRET_token_value_1234567890"


@pytest.fixture()
def gh():
    with FakeGitHub(token=TOKEN) as server:
        server.add_repo("huggingface/transformers")
        server.add_repo("me/transformers", parent="huggingface/transformers")
        yield server


def client(gh: FakeGitHub, token: str | None = TOKEN, **kw) -> GitHubClient:
    return GitHubClient(token, gh.url, timeout=5, **kw)


def test_list_open_pulls_paginates_and_caches(gh: FakeGitHub) -> None:
    for i in range(7):
        gh.add_pull("huggingface/transformers", title=f"🌐 [i18n-KO] Translated `doc{i}.md` to Korean",
                    head=f"user{i}:ko-doc{i}", user=f"user{i}", draft=i % 2 == 0)
    gh.page_size_cap = 3
    with client(gh) as c:
        pulls = c.list_open_pulls("huggingface/transformers")
        assert [p.number for p in pulls] == list(range(1, 8))
        assert pulls[0] == PullRequest(1, "🌐 [i18n-KO] Translated `doc0.md` to Korean",
                                       "https://github.com/huggingface/transformers/pull/1", "user0", "ko-doc0",
                                       True, "user0/transformers")
        listing = gh.of("GET", "/repos/huggingface/transformers/pulls")
        assert len(listing) == 3  # 3 + 3 + 1 through rel="next"
        assert listing[0].query == {"state": ["open"], "per_page": ["100"]}
        assert listing[1].query["page"] == ["2"]
        assert all(r.headers["authorization"] == f"Bearer {TOKEN}" for r in listing)
        c.list_open_pulls("huggingface/transformers")
        assert len(gh.of("GET", "/repos/huggingface/transformers/pulls")) == 3  # cached


def test_anonymous_listing_sends_no_auth_header(gh: FakeGitHub) -> None:
    gh.token = None
    with client(gh, token=None) as c:
        assert c.list_open_pulls("huggingface/transformers") == []
    assert "authorization" not in gh.requests[-1].headers


def test_get_repo_and_missing_fork(gh: FakeGitHub) -> None:
    with client(gh) as c:
        repo = c.get_repo("me/transformers", role="fork")
        assert repo.default_branch == "main" and repo.can_push is True and repo.parent == "huggingface/transformers"
        with pytest.raises(GitHubError, match="fork nobody/transformers not found: create it on GitHub with Fork"):
            c.get_repo("nobody/transformers", role="fork")


def test_create_pull_sends_draft_and_returns_pr(gh: FakeGitHub) -> None:
    with client(gh) as c:
        pr = c.create_pull("huggingface/transformers", "title", "body", head="me:ko-fsdp", base="main")
    assert pr.draft is True and pr.html_url.endswith("/pull/1") and pr.head_ref == "ko-fsdp"
    sent = gh.of("POST", "/repos/huggingface/transformers/pulls")[0].body
    assert sent["draft"] is True and sent["head"] == "me:ko-fsdp" and sent["base"] == "main"


def test_bad_token_is_a_clear_error_without_the_token(gh: FakeGitHub, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    bad = "ghp_WRONG_token_value_abcdef"
    with client(gh, token=bad) as c, pytest.raises(GitHubError) as info:
        c.list_open_pulls("huggingface/transformers")
    err = info.value
    assert "401" in err.message and "Bad credentials" in err.message
    assert "GITHUB_TOKEN" in (err.hint or "") and "scope" in (err.hint or "")
    for text in (str(err), err.hint or "", repr(err), repr(c), caplog.text):
        assert bad not in text


def test_rate_limit_long_wait_raises_with_reset_time(gh: FakeGitHub) -> None:
    gh.mode = "ratelimit"
    with client(gh) as c, pytest.raises(GitHubError, match="rate limit reached.*resets at .*UTC"):
        c.list_open_pulls("huggingface/transformers")


def test_rate_limit_short_wait_sleeps_then_retries(gh: FakeGitHub) -> None:
    gh.mode = "retry-after"
    slept: list[float] = []
    with client(gh, sleep=slept.append) as c:
        assert c.list_open_pulls("huggingface/transformers") == []
    assert slept == [0.0]
    assert len(gh.of("GET", "/repos/huggingface/transformers/pulls")) == 2


def test_network_down_is_a_clear_error() -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with GitHubClient(TOKEN, f"http://127.0.0.1:{port}", timeout=2) as c, \
            pytest.raises(GitHubError, match="cannot reach GitHub") as info:
        c.list_open_pulls("huggingface/transformers")
    assert TOKEN not in str(info.value)


def test_server_error_and_bad_repo_name(gh: FakeGitHub) -> None:
    gh.mode = "error500"
    with client(gh) as c:
        with pytest.raises(GitHubError, match="GitHub answered 500.*Server Error"):
            c.get_repo("huggingface/transformers")
        for bad in ("transformers", "huggingface/..", "hugging face/x", "a/b/c"):
            with pytest.raises(GitHubError, match="not a repository name"):
                c.list_open_pulls(bad)


def test_github_repo_names_and_urls() -> None:
    for text in ("huggingface/diffusers", "https://github.com/huggingface/diffusers.git",
                 " https://github.com/huggingface/diffusers/ "):
        assert github_repo(text) == ("huggingface", "diffusers")
    for bad in ("huggingface/..", "git@github.com:a/b.git", "https://gitlab.com/a/b", "a/b/c", "-a/b"):
        assert github_repo(bad) is None


def test_duplicate_pull_422_has_hint(gh: FakeGitHub) -> None:
    gh.add_pull("huggingface/transformers", title="t", head="me:ko-fsdp")
    with client(gh) as c, pytest.raises(GitHubError, match="already exists") as info:
        c.create_pull("huggingface/transformers", "t", "b", head="me:ko-fsdp", base="main")
    assert "already" in (info.value.hint or "")


def test_next_link_parsing() -> None:
    link = '<https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?page=5>; rel="last"'
    assert _next_link(link) == "https://api.github.com/x?page=2"
    assert _next_link('<https://api.github.com/x?page=1>; rel="prev"') is None
    assert _next_link(None) is None
