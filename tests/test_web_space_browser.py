"""The web app's shared (Space) mode in a real browser, Hugging Face sign-in faked at the boundary (issue 16).

Gradio serves its own mocked login route outside a Space; the only thing faked is what that route would ask
huggingface.co (``gradio.oauth._get_mocked_oauth_info``: who the machine's token belongs to), so the session
cookie, the ``LoginButton`` and the ``gr.OAuthProfile`` / ``gr.OAuthToken`` injection are Gradio's own. The
apps are built with ``mock_sign_in_for_tests=True``, a test-only argument: outside tests shared mode refuses
to start with Gradio's mocked login (tests/test_hostile_v3.py, issue 25 item 2).

The walk: an anonymous visitor sees the status but cannot translate; signs in; translates with the ``hf``
provider, which spends the visitor's sign-in token (never the owner's ``HF_TOKEN`` or ``OPENAI_API_KEY``);
writes; cannot open a PR without typing a GitHub token; opens it with the typed token, never the Space's
``GITHUB_TOKEN``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from hfi18n.config import Config
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import browser_until
from tests.test_web_browser import FORK, GH_TOKEN, UPSTREAM, browser, free_port, git, world  # noqa: F401
from tests.test_web_shared import bare_with_config

pytestmark = [pytest.mark.browser, pytest.mark.corpus, pytest.mark.slow]

VISITOR_HF = "hf_SignedInVisitor0123456789abc"
OWNER_SECRETS = {"GITHUB_TOKEN": "ghp_SpaceOwnerToken0123456789abcdef", "HF_TOKEN": "hf_SpaceOwner0123456789abcd",
                 "OPENAI_API_KEY": "sk-space-owner-0123456789"}


class Page:
    """What a person does on the page: find, wait (saying what was awaited, with the toasts), type, click."""

    def __init__(self, driver, shots: Path) -> None:
        from selenium.webdriver.common.by import By

        self.d, self.shots, self.by = driver, shots, By

    def css(self, sel: str):
        return self.d.find_element(self.by.CSS_SELECTOR, sel)

    def toasts(self) -> list[str]:
        return [e.text for e in self.d.find_elements(self.by.CSS_SELECTOR, ".toast-body, [data-testid=toast-body]")]

    def until(self, cond: Callable[[], object], what: str, timeout: float = 60):
        return browser_until(self.d, cond, what, shot=self.shots / "failure.png", timeout=timeout)

    def text_of(self, sel: str) -> str:
        found = self.d.find_elements(self.by.CSS_SELECTOR, sel)
        return found[0].text if found else ""

    def tab(self, label: str) -> None:
        [button] = [b for b in self.d.find_elements(self.by.CSS_SELECTOR, "button[role=tab]")
                    if b.text.strip() == label]
        button.click()

    def type_into(self, sel: str, text: str) -> None:
        from selenium.webdriver.common.keys import Keys

        box = self.css(sel)
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(Keys.DELETE)
        box.send_keys(text)

    def open_pr(self, token: str) -> None:
        """Type a GitHub token and open the draft PR, waiting for its link."""
        self.type_into("#hf-gh-token :is(input, textarea)", token)
        self.css("#hf-pr-btn").click()
        self.until(lambda: "draft PR opened" in self.text_of("#hf-pr-note"), "the PR link", timeout=90)

    def close_toasts(self) -> None:
        for b in self.d.find_elements(self.by.CSS_SELECTOR, ".toast-close, [data-testid=toast-close]"):
            b.click()

    def choose(self, sel: str, starts: str) -> None:
        self.css(f"{sel} input").click()
        self.until(lambda: [o for o in self.d.find_elements(self.by.CSS_SELECTOR, "li[role=option]")
                            if (o.get_attribute("aria-label") or "").startswith(starts)],
                   f"option {starts!r} of {sel}")[0].click()


def fake_hub_login() -> dict:
    """What Gradio's mocked login reads from huggingface.co (``whoami``), for the visitor "kim"."""
    return {"access_token": VISITOR_HF, "token_type": "bearer", "expires_in": 3600, "scope": "openid profile inference-api",
            "expires_at": int(time.time()) + 3600,
            "userinfo": {"sub": "1", "name": "Kim Translator", "preferred_username": "kim",
                         "profile": "https://huggingface.co/kim", "picture": "", "website": ""}}


def test_space_mode_signs_in_and_spends_the_visitors_credentials(world, browser, tmp_path: Path,  # noqa: F811
                                                                  monkeypatch) -> None:
    import gradio.oauth
    from selenium.webdriver.common.by import By

    from hfi18n.web import build_app

    for var in ("GH_TOKEN", "OPENAI_BASE_URL", "HFI18N_CONFIG", "SPACE_ID", "SYSTEM"):
        monkeypatch.delenv(var, raising=False)
    for var, value in OWNER_SECRETS.items():
        monkeypatch.setenv(var, value)
    monkeypatch.setattr(gradio.oauth, "_get_mocked_oauth_info", fake_hub_login)
    world["gh"].login = FORK.split("/")[0]  # the GitHub token the visitor types is the fork owner's
    with FakeLLMServer(api_key=VISITOR_HF) as llm:
        config = Config({"github": {"upstream": UPSTREAM, "api_url": world["gh"].url},
                         "providers": {"hf": {"base_url": llm.openai_base_url}}})
        demo = build_app(world["clone"], config=config, shared=True, owner_users=["the-owner"], default_provider="hf",
                         mock_sign_in_for_tests=True)  # Gradio's mocked login: tests only
        port = free_port()
        demo.launch(server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True,
                    show_error=False)
        d = browser
        page = Page(d, tmp_path)
        css, toasts, until, text_of, tab, type_into, close_toasts = (
            page.css, page.toasts, page.until, page.text_of, page.tab, page.type_into, page.close_toasts)
        pages: list[str] = []

        try:
            d.get(f"http://127.0.0.1:{port}/")
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-login"), "the sign-in button")
            assert "shared app" in text_of("#hf-shared-note")

            # anonymous: the status shows (no owner token: PR detection skipped), translating is refused
            css("#hf-status-btn").click()
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-dashboard table#hf-next"), "the dashboard")
            assert not world["gh"].requests
            tab("2 · Translate")
            until(lambda: css("#hf-doc input").get_attribute("value"), "a doc picked")
            css("#hf-translate-btn").click()
            until(lambda: any("sign in with Hugging Face" in t for t in toasts()), "the sign-in refusal")
            assert not llm.requests
            close_toasts()

            # sign in (Gradio's login route; the session cookie is Gradio's)
            css("#hf-login").click()
            until(lambda: "kim" in text_of("#hf-login"), "the signed-in button")
            pages.append(d.page_source)
            css("#hf-status-btn").click()
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-dashboard table#hf-next"), "the dashboard again")
            tab("2 · Translate")
            until(lambda: css("#hf-doc input").get_attribute("value"), "a doc picked")
            first = css("#hf-doc input").get_attribute("value").split(" · ")[0]
            css("#hf-translate-btn").click()
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-review table#hf-segments"), "the review", timeout=90)
            assert llm.requests and {r.headers.get("authorization") for r in llm.requests} == {f"Bearer {VISITOR_HF}"}
            pages.append(d.page_source)

            # write (check must pass), then the PR: refused without a typed token, opened with it
            tab("4 · Write & publish")
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-write-btn"), "the publish tab")
            css("#hf-write-btn").click()
            until(lambda: "written" in text_of("#hf-write-note"), "the file written")
            type_into("#hf-fork :is(input, textarea)", FORK)
            css("#hf-pr-btn").click()
            until(lambda: any("your own GitHub token" in t for t in toasts()), "the token refusal")
            assert not world["gh"].of("POST", f"/repos/{UPSTREAM}/pulls")
            close_toasts()
            page.open_pr(GH_TOKEN)
            pages.append(d.page_source)
        finally:
            demo.close()

    for html in pages:
        assert VISITOR_HF not in html and GH_TOKEN not in html
        assert not any(v in html for v in OWNER_SECRETS.values())
    assert not any(v in (r.headers.get("authorization") or "") for r in world["gh"].requests
                   for v in OWNER_SECRETS.values())
    [post] = world["gh"].of("POST", f"/repos/{UPSTREAM}/pulls")
    assert post.headers["authorization"] == f"Bearer {GH_TOKEN}"
    branch = post.body["head"].split(":", 1)[1]
    assert git(world["fork"], "show", f"{branch}:docs/source/ko/{first}")


def test_local_page_never_sends_the_servers_key_to_a_typed_base_url(world, browser, tmp_path: Path,  # noqa: F811
                                                                     monkeypatch) -> None:
    """Local ``serve`` (not shared): a visitor types another server's base URL with provider openai and no
    key; the server's ``OPENAI_API_KEY`` never reaches it (issue 16, item 1)."""
    from selenium.webdriver.common.by import By

    from hfi18n.web import build_app

    for var in ("OPENAI_BASE_URL", "HFI18N_CONFIG", "SPACE_ID"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", OWNER_SECRETS["OPENAI_API_KEY"])
    with FakeLLMServer(api_key=None) as evil:
        demo = build_app(world["clone"], config=world["config"])
        port = free_port()
        demo.launch(server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True,
                    show_error=False)
        page = Page(browser, tmp_path)
        try:
            browser.get(f"http://127.0.0.1:{port}/")
            page.until(lambda: browser.find_elements(By.CSS_SELECTOR, "#hf-status-btn"), "the page")
            page.css("#hf-status-btn").click()
            page.until(lambda: browser.find_elements(By.CSS_SELECTOR, "#hf-dashboard table#hf-next"), "the dashboard")
            page.tab("2 · Translate")
            page.until(lambda: page.css("#hf-doc input").get_attribute("value"), "a doc picked")
            page.choose("#hf-provider", "openai")
            page.type_into("#hf-base-url :is(input, textarea)", evil.openai_base_url)
            page.css("#hf-translate-btn").click()
            page.until(lambda: browser.find_elements(By.CSS_SELECTOR, "#hf-review table#hf-segments"), "the review",
                       timeout=90)
        finally:
            demo.close()
    assert evil.requests
    assert not any(OWNER_SECRETS["OPENAI_API_KEY"] in (r.headers.get("authorization") or "") for r in evil.requests)


def visitor_login(username: str, token: str) -> dict:
    """What Gradio's mocked login puts in the session for ``username`` (mutated in place to switch users:
    Gradio reads the dict once at launch and copies it at each sign-in)."""
    return {"access_token": token, "token_type": "bearer", "expires_in": 3600, "scope": "openid profile",
            "expires_at": int(time.time()) + 3600,
            "userinfo": {"sub": username, "name": username.title(), "preferred_username": username,
                         "profile": f"https://huggingface.co/{username}", "picture": "", "website": ""}}


def test_two_visitors_never_see_or_publish_each_others_work(world, browser, tmp_path: Path,  # noqa: F811
                                                           monkeypatch, request) -> None:
    """Shared mode, two visitors in turn in one browser (sign out, sign in as another user): kim translates
    a missing doc, edits a segment, writes it, adds it to the toctree and previews the PR; lee then sees the
    doc still missing, translates it without kim's edit, and neither lee's PR preview nor lee's PR can
    carry kim's file. Before, every visitor worked in the one served checkout (issue 16)."""
    import gradio.oauth
    from selenium.webdriver.common.by import By

    from hfi18n import api
    from hfi18n.web import build_app

    for var in ("GH_TOKEN", "OPENAI_BASE_URL", "HFI18N_CONFIG", "SPACE_ID", "SYSTEM", *OWNER_SECRETS):
        monkeypatch.delenv(var, raising=False)
    who = visitor_login("kim", "hf_KimSignIn0123456789abcdef")
    monkeypatch.setattr(gradio.oauth, "_get_mocked_oauth_info", lambda: who)
    world["gh"].login = FORK.split("/")[0]
    clone = world["clone"]
    doc = next(d.path for d in api.status(clone, ["ko"], pulls=False).report.ranked("ko") if d.state == "missing")
    toc = (clone / "docs/source/ko/_toctree.yml").read_bytes()
    marker = "김의 손으로 고친 문장입니다."
    # each visitor's sign-in token pays for the hf provider, here the loopback server (kim's PR preview needs
    # a real translation: a pseudo draft is never published)
    visitors_llm = FakeLLMServer(api_key=None).start()
    request.addfinalizer(visitors_llm.stop)
    config = Config({**world["config"].data, "providers": {"hf": {"base_url": visitors_llm.openai_base_url}}})
    demo = build_app(clone, config=config, shared=True, default_provider="hf", mock_sign_in_for_tests=True)
    port = free_port()
    demo.launch(server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True, show_error=False)
    d = browser
    page = Page(d, tmp_path)
    css, toasts, until, text_of, tab = page.css, page.toasts, page.until, page.text_of, page.tab

    def sign_in(user: str) -> None:
        css("#hf-login").click()
        until(lambda: user in text_of("#hf-login"), f"signed in as {user}")

    def status_and_pick() -> str:
        css("#hf-status-btn").click()
        until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-dashboard table#hf-next"), "the dashboard")
        tab("2 · Translate")
        page.choose("#hf-doc", f"{doc} · ")
        until(lambda: doc in text_of("#hf-doc-note"), "the doc's note")
        return text_of("#hf-doc-note")

    def translate() -> None:
        css("#hf-translate-btn").click()
        until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-review table#hf-segments"), "the review", timeout=90)

    try:
        d.get(f"http://127.0.0.1:{port}/")
        until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-login"), "the sign-in button")
        sign_in("kim")
        assert "no translation yet" in status_and_pick()
        translate()
        original = until(lambda: css("#hf-seg-text textarea").get_attribute("value"), "a segment in the editor")
        page.type_into("#hf-seg-text textarea", f"{marker} {original}")
        css("#hf-edit-btn").click()
        until(lambda: marker in text_of("#hf-review"), "kim's edit in the review")
        tab("4 · Write & publish")
        until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-write-btn"), "the publish tab")
        css("#hf-write-btn").click()
        until(lambda: "written" in text_of("#hf-write-note"), "kim's file written")
        css("#hf-toc-btn").click()
        until(lambda: "toctree updated" in text_of("#hf-toc-note"), "kim's toctree entry")
        css("#hf-pr-preview-btn").click()
        until(lambda: "PR preview: nothing sent" in text_of("#hf-pr-note"), "kim's PR preview", timeout=90)

        css("#hf-login").click()  # sign out (Gradio's logout route), then in again as lee
        until(lambda: "Sign in" in text_of("#hf-login"), "signed out")
        who.update(visitor_login("lee", "hf_LeeSignIn0123456789abcdef"))
        sign_in("lee")
        assert "no translation yet" in status_and_pick()  # kim's written file is not lee's
        translate()
        assert marker not in text_of("#hf-review")  # nor is kim's edit, from a translation memory
        tab("4 · Write & publish")
        until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-pr-preview-btn"), "the publish tab")
        css("#hf-pr-preview-btn").click()
        until(lambda: any(f"no ko translation of {doc}" in t for t in toasts()), "lee's preview refused")
        page.close_toasts()
        page.type_into("#hf-fork :is(input, textarea)", FORK)
        page.type_into("#hf-gh-token :is(input, textarea)", GH_TOKEN)
        css("#hf-pr-btn").click()
        until(lambda: any(f"no ko translation of {doc}" in t for t in toasts()), "lee's PR refused")
    finally:
        demo.close()

    assert not world["gh"].of("POST", f"/repos/{UPSTREAM}/pulls")
    assert not (clone / "docs/source/ko" / doc).exists()  # the served checkout is nobody's
    assert (clone / "docs/source/ko/_toctree.yml").read_bytes() == toc
    kims = list((clone / ".git/hfi18n/visitors").glob(f"kim-*/{clone.name}"))
    lees = list((clone / ".git/hfi18n/visitors").glob(f"lee-*/{clone.name}"))
    assert len(kims) == len(lees) == 1
    assert marker in (kims[0] / "docs/source/ko" / doc).read_text(encoding="utf-8")
    assert not (lees[0] / "docs/source/ko" / doc).exists()
    assert git(kims[0], "branch", "--list", "*ko*").strip() and not git(lees[0], "branch", "--list", "*ko*").strip()


def test_a_cloned_repositorys_config_never_redirects_a_token_in_the_browser(world, browser, tmp_path: Path,  # noqa: F811
                                                                           monkeypatch) -> None:
    """Issue 16, item 2, through the page: a visitor clones a repository whose own ``hfi18n.toml`` points
    ``github.api_url``, ``github.fork_url``, ``github.upstream_url`` and every ``providers.*.base_url`` at
    a recorder. The signed-in user is one the owner lets spend the owner's keys; status (PR detection),
    translate, the PR preview and the draft PR all run, and the recorder never hears a request: the owner's
    ``OPENAI_API_KEY`` and ``GITHUB_TOKEN`` and the typed GitHub token go to the owner's servers only (the
    real GitHub is the fake GitHub here, the provider's own URL ``OPENAI_BASE_URL``)."""
    import gradio.oauth
    from selenium.webdriver.common.by import By

    import hfi18n.repo.github
    from hfi18n import api
    from hfi18n.web import build_app
    from tests.fakes.github_server import FakeGitHub
    from tests.test_web_browser import LLM_KEY

    owner_gh = "ghp_OwnerOfTheSpace_0123456789abcdef"
    for var in ("GH_TOKEN", "HFI18N_CONFIG", "SPACE_ID", "SYSTEM", "ANTHROPIC_API_KEY", "HF_TOKEN"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", LLM_KEY)  # the owner's key, for the owner's server
    monkeypatch.setenv("OPENAI_BASE_URL", world["llm"].openai_base_url)
    monkeypatch.setenv("GITHUB_TOKEN", owner_gh)
    monkeypatch.setattr(hfi18n.repo.github, "API_URL", world["gh"].url)  # "the real GitHub" is the fake one
    who = visitor_login("kim", VISITOR_HF)
    monkeypatch.setattr(gradio.oauth, "_get_mocked_oauth_info", lambda: who)
    world["gh"].login = FORK.split("/")[0]
    doc = next(d.path for d in api.status(world["clone"], ["ko"], pulls=False).report.ranked("ko")
               if d.state == "missing" and d.path != "tutorials/tools.md")  # world's open PR claims tools.md
    pages: list[str] = []
    with FakeGitHub(token=None) as evil_gh, FakeLLMServer(api_key=None) as evil_llm:
        bare = bare_with_config(world["clone"], tmp_path / "remote", (
            f'[github]\nupstream = "evil/smolagents"\nfork = "evil/fork"\napi_url = "{evil_gh.url}"\n'
            f'fork_url = "{evil_gh.url}/fork.git"\nupstream_url = "{evil_gh.url}/up.git"\n'
            f'[providers.openai]\nbase_url = "{evil_llm.openai_base_url}"\n'
            f'[providers.hf]\nbase_url = "{evil_llm.openai_base_url}"\n'
            f'[providers.anthropic]\nbase_url = "{evil_llm.url}"\n'))
        demo = build_app(storage=tmp_path / "data", allow_local_urls=True, shared=True, owner_users=["kim"],
                         default_provider="openai", mock_sign_in_for_tests=True)
        port = free_port()
        demo.launch(server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True,
                    show_error=False)
        d = browser
        page = Page(d, tmp_path)
        css, until, text_of, tab, type_into = page.css, page.until, page.text_of, page.tab, page.type_into
        try:
            d.get(f"http://127.0.0.1:{port}/")
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-login"), "the sign-in button")
            css("#hf-login").click()
            until(lambda: "kim" in text_of("#hf-login"), "signed in")
            type_into("#hf-url :is(input, textarea)", bare.as_uri())
            css("#hf-clone-btn").click()
            until(lambda: "cloned" in text_of("#hf-clone-note"), "the clone", timeout=90)
            tab("4 · Write & publish")
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-upstream"), "the publish tab")
            type_into("#hf-upstream :is(input, textarea)", UPSTREAM)
            type_into("#hf-fork :is(input, textarea)", FORK)
            css("#hf-status-btn").click()  # with the owner's GITHUB_TOKEN (kim is an owner user)
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-dashboard table#hf-next"), "the dashboard")
            assert world["gh"].of("GET", f"/repos/{UPSTREAM}/pulls")  # PR detection ran, at the real GitHub
            tab("2 · Translate")
            page.choose("#hf-doc", f"{doc} · ")
            until(lambda: doc in text_of("#hf-doc-note"), "the doc's note")
            css("#hf-translate-btn").click()
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-review table#hf-segments"), "the review", timeout=90)
            assert world["llm"].requests
            pages.append(d.page_source)
            tab("4 · Write & publish")
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-write-btn"), "the publish tab")
            css("#hf-write-btn").click()
            until(lambda: "written" in text_of("#hf-write-note"), "the file written")
            css("#hf-pr-preview-btn").click()
            until(lambda: "PR preview: nothing sent" in text_of("#hf-pr-note"), "the PR preview", timeout=90)
            pages.append(d.page_source)
            page.open_pr(GH_TOKEN)
            pages.append(d.page_source)
        finally:
            demo.close()
        assert not evil_gh.requests and not evil_llm.requests
    assert {r.headers.get("authorization") for r in world["llm"].requests} == {f"Bearer {LLM_KEY}"}
    [post] = world["gh"].of("POST", f"/repos/{UPSTREAM}/pulls")
    assert post.headers["authorization"] == f"Bearer {GH_TOKEN}"
    for html in pages:
        assert not any(secret in html for secret in (LLM_KEY, owner_gh, GH_TOKEN, VISITOR_HF))


def test_clone_folders_are_keyed_by_host_and_a_foreign_folder_is_not_reused_in_the_browser(
        world, browser, tmp_path: Path, monkeypatch) -> None:  # noqa: F811
    """Issue 16, item 3, through the page: ``huggingface/smolagents`` from two hosts (one HTTPS git server
    answering as ``localhost`` and as ``127.0.0.1``, the second serving an attacker's copy) lands in two
    folders, each with its own origin; two ``file://`` remotes that name the same folder: the second is
    refused on the page, the folder keeps its origin. Before, both went to ``huggingface__smolagents`` and
    the page said the attacker's copy "updated" it."""
    import gradio.oauth
    from selenium.webdriver.common.by import By

    from hfi18n.web import build_app
    from tests.fakes.git_https import GitHttps

    for var in ("SPACE_ID", "SYSTEM", "HFI18N_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    who = visitor_login("kim", VISITOR_HF)
    monkeypatch.setattr(gradio.oauth, "_get_mocked_oauth_info", lambda: who)
    remotes: dict[str, Path] = {}
    for where in ("real", "evil", "file-a", "file-b"):
        remotes[where] = bare_with_config(world["clone"], tmp_path / where, f"# {where}\n")
    storage = tmp_path / "data"
    with GitHttps(tmp_path, {"localhost": tmp_path / "real", "127.0.0.1": tmp_path / "evil"}) as srv:
        monkeypatch.setenv("GIT_SSL_CAINFO", str(srv.cafile))
        real, evil = srv.url("localhost", "huggingface/smolagents"), srv.url("127.0.0.1", "huggingface/smolagents")
        demo = build_app(storage=storage, allow_local_urls=True, shared=True, allow_private_hosts=True,
                         mock_sign_in_for_tests=True)
        port = free_port()
        demo.launch(server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True,
                    show_error=False)
        d = browser
        page = Page(d, tmp_path)
        css, until, text_of = page.css, page.until, page.text_of
        notes: list[str] = []

        def clone(url: str, expect: str) -> None:
            page.type_into("#hf-url :is(input, textarea)", url)
            css("#hf-clone-btn").click()
            if expect == "refused":
                until(lambda: any("refusing to reuse it" in t for t in page.toasts()), f"{url} refused", timeout=90)
                page.close_toasts()
                # the page never says it was cloned or updated: the note says the refusal (issue 33, item 9)
                until(lambda: text_of("#hf-clone-note").startswith("⚠️"), f"{url}: the refusal in the note")
                assert "refusing to reuse it" in text_of("#hf-clone-note")
                assert not re.search(rf"\b(cloned|updated)\s+{re.escape(url)}", text_of("#hf-clone-note"))
            else:
                said = re.compile(rf"\b{expect}\s+{re.escape(url)}\s+into\s+(\S+?)\s*:")
                notes.append(until(lambda: (m := said.search(text_of("#hf-clone-note"))) and m.group(1),
                                   f"{url} {expect}", timeout=90))
                assert not page.toasts()

        try:
            d.get(f"http://127.0.0.1:{port}/")
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-login"), "the sign-in button")
            css("#hf-login").click()
            until(lambda: "kim" in text_of("#hf-login"), "signed in")
            clone(real, "cloned")
            clone(evil, "cloned")  # the same owner/name from another host: another folder, not an update
            clone(real, "updated")
            clone(remotes["file-a"].as_uri(), "cloned")
            clone(remotes["file-b"].as_uri(), "refused")  # names the same folder: its origin differs
            clone(remotes["file-a"].as_uri(), "updated")
        finally:
            demo.close()

    folders = {p.name: p for p in storage.iterdir() if (p / ".git").is_dir()}
    assert sorted(folders) == sorted({f"localhost_{srv.port}__huggingface__smolagents",
                                      f"127.0.0.1_{srv.port}__huggingface__smolagents", "local__huggingface__smolagents"})
    for folder, url, mark in ((f"localhost_{srv.port}", real, "real"), (f"127.0.0.1_{srv.port}", evil, "evil"),
                              ("local", remotes["file-a"].as_uri(), "file-a")):
        path = folders[f"{folder}__huggingface__smolagents"]
        assert git(path, "config", "--get", "remote.origin.url").strip() == url
        assert (path / "hfi18n.toml").read_text(encoding="utf-8") == f"# {mark}\n"
        assert path.name in notes
