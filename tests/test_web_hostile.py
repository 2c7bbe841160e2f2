"""Issue 25 ("Hostile visitors v3"), through HTTP as a visitor of a shared app drives it (``gradio_client``,
signed in with Gradio's mocked Hugging Face login):

3. a clone from a tarpit host (TLS, then a trickle forever) gives up at the configured bound with "could not
   clone" and no network detail, while other visitors' status, translate and clone answer; loopback,
   private and link-local hosts are refused (after DNS resolution) unless the owner allows them, and git is
   pinned to the address checked;
4. the anonymous check and preview refuse input over the size limit with a clear error, and a visitor
   calling too fast is told to wait.
"""

from __future__ import annotations

import re
import socket
import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import require
from tests.fakes.tarpit import Tarpit

pytestmark = [pytest.mark.corpus]

ENV = ("GITHUB_TOKEN", "GH_TOKEN", "OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "HF_TOKEN",
       "HFI18N_CONFIG", "SPACE_ID", "SYSTEM", "HFI18N_ALLOW_PRIVATE_HOSTS", "HFI18N_CLONE_TIMEOUT",
       "HFI18N_RATE_LIMIT")
DOC = "tutorials/tools.md"


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True, text=True).stdout


def visitor_login(username: str) -> dict:
    """What Gradio's mocked login puts in the session for ``username``."""
    return {"access_token": f"hf_{username}SignIn0123456789", "token_type": "bearer", "expires_in": 3600,
            "scope": "openid profile", "expires_at": int(time.time()) + 3600,
            "userinfo": {"sub": username, "name": username.title(), "preferred_username": username,
                         "profile": f"https://huggingface.co/{username}", "picture": "", "website": ""}}


@pytest.fixture()
def smol(corpus_copy, monkeypatch) -> Path:
    require("gradio")
    require("gradio_client")
    for var in ENV:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HF_HOME", "/nonexistent-hf-home")
    clone = corpus_copy("smolagents")
    git(clone, "config", "user.name", "Kim Translator")
    git(clone, "config", "user.email", "kim@example.com")
    return clone


def bare(smol: Path, where: Path, name: str = "huggingface/smolagents") -> Path:
    out = where / f"{name}.git"
    out.parent.mkdir(parents=True)
    git(where, "clone", "-q", "--bare", str(smol), str(out))
    git(out, "config", "uploadpack.allowfilter", "true")
    git(out, "config", "uploadpack.allowanysha1inwant", "true")
    return out


class Site:
    """A launched app and a way to be any visitor of it (a ``gradio_client`` with that visitor's session)."""

    def __init__(self, demo, url: str, who: dict) -> None:
        self.demo, self.url, self.who = demo, url, who

    def visitor(self, username: str | None):
        import httpx
        from gradio_client import Client

        headers = {}
        if username:
            self.who.clear()
            self.who.update(visitor_login(username))  # Gradio copies this dict at each sign-in
            with httpx.Client(base_url=self.url) as http:
                http.get("/login/callback")
                headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in http.cookies.items())}
        return Client(self.url, verbose=False, headers=headers, download_files=False)


@pytest.fixture()
def sites(tmp_path: Path, monkeypatch):
    """``launch(storage=None, **build_app options)``: the app on a free port, cloning into ``storage`` (default
    ``tmp_path/data``); shared mode signs visitors in with Gradio's mocked sign-in (:meth:`Site.visitor`)."""
    import gradio.oauth

    from hfi18n.web import build_app

    who = visitor_login("nobody")
    monkeypatch.setattr(gradio.oauth, "_get_mocked_oauth_info", lambda: who)
    made = []

    def launch(storage: Path | None = None, **kw) -> Site:
        if kw.get("shared"):
            kw["mock_sign_in_for_tests"] = True  # Gradio's mocked sign-in, as the other shared-mode tests
        demo = build_app(storage=storage or tmp_path / "data", allow_local_urls=True, demo=True,  # pseudo: a test double
                         **kw)
        _, url, _ = demo.launch(prevent_thread_lock=True, quiet=True, show_error=False, server_name="127.0.0.1")
        made.append(demo)
        return Site(demo, url, who)

    yield launch
    for demo in made:
        demo.close()


@pytest.fixture()
def site(smol: Path, sites):
    return sites


# ------------------------------------------------------------------------------- 3. tarpit and SSRF


NETWORK_WORDS = ("port", "127.0.0.1", "connect", "refused", "timed out", "SSL", "TLS", "certificate", "Operation",
                 "curl", "RPC", "HTTP", "remote end")


def test_a_tarpit_clone_gives_up_at_its_bound_and_blocks_no_other_visitor(smol: Path, tmp_path: Path,
                                                                          site, monkeypatch) -> None:
    """Kim clones from a host that completes TLS and trickles 4 KB/s forever (above git's low-speed limit:
    only the wall clock ends it). Before, git ran for more than 300 s and held the workspace lock, so lee's
    status (lee has a checkout), a new visitor's translate and status and another clone got no answer
    within 30 s. Now the clone gives up at the bound (20 s here) with the same words as a closed port, and
    the others answer meanwhile."""
    bound = 20.0
    upstream = bare(smol, tmp_path / "up")
    other = bare(smol, tmp_path / "other", "mirror/smolagents")
    from hfi18n import api

    name = api.clone(upstream.as_uri(), tmp_path / "data", allow_local=True).path.name  # the Space's clone
    app = site(shared=True, allow_private_hosts=True, clone_timeout=bound)
    lee = app.visitor("lee")
    lee.predict(name, "ko", DOC, False, True, "pseudo", "", "", api_name="/translate")  # lee's own checkout
    lee.predict(name, "ko", api_name="/status")  # lee has been here: a returning visitor
    assert list((tmp_path / "data/visitors").glob("lee-*"))
    kim, park, choi, new = (app.visitor(u) for u in ("kim", "park", "choi", None))

    with Tarpit(tmp_path) as pit:
        monkeypatch.setenv("GIT_SSL_CAINFO", str(pit.cafile))
        start = time.monotonic()
        hung = kim.submit(pit.url("huggingface/transformers"), api_name="/clone")
        while not pit.connections and time.monotonic() - start < 20:
            time.sleep(0.05)
        assert pit.connections, "git never reached the tarpit"
        t0 = time.monotonic()
        jobs = {"lee's status": lee.submit(name, "ko", api_name="/status"),
                "a new visitor's translate": park.submit(name, "ko", DOC, False, True, "pseudo", "", "",
                                                         api_name="/translate"),
                "an anonymous status": new.submit(name, "ko", api_name="/status"),
                "another clone": choi.submit(other.as_uri(), api_name="/clone")}
        took = {}
        for what, job in jobs.items():
            job.result(timeout=60)
            took[what] = time.monotonic() - t0
        assert not hung.done(), f"the tarpit clone ended before the others answered: {took}"
        with pytest.raises(Exception) as caught:
            hung.result(timeout=bound + 30)
        gave_up = time.monotonic() - start
        time.sleep(0.5)
        assert pit.open == 0  # git (and git-remote-https) killed: no connection left open
    said = str(caught.value)
    assert "could not clone" in said and f"gives up after {bound:g} s" in said
    assert not any(w.lower() in said.replace(pit.url("huggingface/transformers"), "URL").lower()
                   for w in NETWORK_WORDS), said
    assert gave_up < bound + 10, gave_up
    assert not list((tmp_path / "data").glob("*transformers*"))  # no partial folder left

    # a closed port says exactly the same (before: "Failed to connect to localhost port N: Connection refused")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = f"https://localhost:{s.getsockname()[1]}/huggingface/transformers.git"
    with pytest.raises(Exception) as refused:
        kim.predict(closed, api_name="/clone")
    assert str(refused.value).replace(closed, "URL") == said.replace(pit.url("huggingface/transformers"), "URL")


def test_loopback_and_private_hosts_are_refused_unless_the_owner_allows(smol: Path, tmp_path: Path, site,
                                                                         monkeypatch) -> None:
    """``https://127.0.0.1:<port>/...`` and names resolving to 10.x, 169.254.x (cloud metadata), 192.168.x
    or a multicast address are refused before any connection; the message names no address. Nothing but
    loopback is ever contacted: the names resolve through a patched ``getaddrinfo``."""
    real = socket.getaddrinfo
    internal = {"git.corp.example": "10.1.2.3", "metadata.example": "169.254.169.254",
                "router.example": "192.168.0.1", "mcast.example": "239.1.2.3", "six.example": "::1"}

    def fake(host, port, *args, **kw):
        if host in internal:
            family = socket.AF_INET6 if ":" in internal[host] else socket.AF_INET
            return [(family, socket.SOCK_STREAM, 6, "", (internal[host], port))]
        return real(host, port, *args, **kw)

    monkeypatch.setattr(socket, "getaddrinfo", fake)
    app = site(shared=False)
    client = app.visitor(None)
    with Tarpit(tmp_path) as pit:
        urls = [pit.url("huggingface/transformers", host="127.0.0.1"), pit.url("huggingface/transformers"),
                "https://169.254.169.254/latest/meta-data.git", "https://2130706433/a/b.git"]
        urls += [f"https://{host}/huggingface/transformers.git" for host in internal]
        for url in urls:
            with pytest.raises(Exception, match="clones from public hosts only") as caught:
                client.predict(url, api_name="/clone")
            assert not any(addr in str(caught.value).replace(url, "URL") for addr in internal.values())
        assert pit.connections == 0  # refused before connecting
    assert not list((tmp_path / "data").glob("*transformers*"))


def test_git_is_pinned_to_the_address_checked(tmp_path: Path, monkeypatch) -> None:
    """DNS rebinding: the name is resolved once, checked, and git connects to that address
    (``http.curloptResolve``) without resolving the name again. ``git.example`` resolves only through the
    patched ``getaddrinfo`` (to loopback, allowed here): git reaches the tarpit through the pin alone."""
    from hfi18n import api

    real = socket.getaddrinfo
    monkeypatch.setattr(socket, "getaddrinfo", lambda host, port, *a, **kw: (
        [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))] if host == "git.example"
        else real(host, port, *a, **kw)))
    with Tarpit(tmp_path) as pit:
        monkeypatch.setenv("GIT_SSL_CAINFO", str(pit.cafile))
        with pytest.raises(Exception, match="could not clone"):
            api.clone(pit.url("huggingface/transformers", host="git.example"), tmp_path / "data",
                      allow_private=True, timeout=3)
        assert pit.connections == 1


# ------------------------------------------------------------------------------- 4. input size and rate


def test_anonymous_check_and_preview_refuse_oversized_drafts_at_once(smol: Path, site) -> None:
    """Before, ``/check`` took 6 million characters (31 s, 600 MB) and 80 million (8.4 GB). Now a draft over
    1,000,000 characters is refused before any work, with the limit in the message; one at the limit is
    still checked (see bench/bench_bounds.py for its time and memory)."""
    from hfi18n import api
    from hfi18n.web.limits import MAX_INPUT_CHARS

    name = api.clone(bare(smol, smol.parent / "up").as_uri(), smol.parent / "data", allow_local=True).path.name
    client = site(shared=True, rate_limit=0).visitor(None)  # the size alone: no rate limit here
    huge = {"lang": "ko", "doc": DOC, "translations": {"s1": "가" * (MAX_INPUT_CHARS + 1)}}
    for endpoint, args in (("/check", (name, huge)), ("/preview", (name, huge)),
                           ("/edit", (name, {**huge, "translations": {}}, "s1", "가" * (MAX_INPUT_CHARS + 1))),
                           ("/step", (name, huge, "s1", "all", 1)),
                           ("/glossary", ("ko", "model " * 200_000))):
        start = time.monotonic()
        with pytest.raises(Exception, match=r"too large: 1,\d{3},\d{3} characters, over the limit of 1,000,000 per "
                                            "request"):
            client.predict(*args, api_name=endpoint)
        assert time.monotonic() - start < 10, endpoint
    small = {"lang": "ko", "doc": DOC, "translations": {"s1": "도구"}}
    state, _ = client.predict(name, small, api_name="/check")
    assert state["doc"] == DOC


def test_a_visitor_calling_too_fast_is_told_to_wait(smol: Path, site) -> None:
    """A per-visitor token bucket (here 3 calls a minute): the fourth call of the anonymous visitor is
    refused with how long to wait; a signed-in visitor has their own bucket."""
    app = site(shared=True, rate_limit=3)
    anonymous, kim = app.visitor(None), app.visitor("kim")
    for _ in range(3):
        anonymous.predict("ko", "Train the model", api_name="/glossary")
    with pytest.raises(Exception, match=r"too many requests, wait (\d+) s") as caught:
        anonymous.predict("ko", "Train the model", api_name="/glossary")
    assert 1 <= int(re.search(r"wait (\d+) s", str(caught.value)).group(1)) <= 20
    assert kim.predict("ko", "Train the model", api_name="/glossary")["terms"]
    # a call pays for its size: 238,000 characters cost 3 calls, so lee's bucket is empty after it
    lee = app.visitor("lee")
    lee.predict("ko", "Train the model. " * 14_000, api_name="/glossary")
    with pytest.raises(Exception, match=r"too many requests, wait \d+ s"):
        lee.predict("ko", "Train the model", api_name="/glossary")


# ------------------------------------------------------------------------- 5 and 11. the rendered preview


def test_preview_renders_unsafe_links_inert_and_namespaces_heading_ids(smol: Path, site) -> None:
    """Over ``/preview``: a heading ``[[hf-review]]`` of a (hostile) English doc took the id of the app's own
    review table (``getElementById('hf-review')`` then found the heading); a ``data:`` link and a
    ``java<TAB>script:`` link of the draft were live links. Now every heading id is namespaced per pane, the
    in-page link follows it, and unsafe links are text."""
    en = smol / "docs/source/en" / DOC
    en.write_text(en.read_text(encoding="utf-8") + "\n## Review [[hf-review]]\n\nText.\n", encoding="utf-8")
    git(smol, "commit", "-qam", "a hostile heading")
    from hfi18n import api

    name = api.clone(bare(smol, smol.parent / "up").as_uri(), smol.parent / "data", allow_local=True).path.name
    client = site(shared=True).visitor(None)
    state = {"lang": "ko", "doc": DOC, "translations": {
        "s2": "[위](#hf-review) [나쁜](<java\tscript:alert(1)>) [데이터](data:text/html,x) "
              "[그림](data:image/png;base64,AA) [엔티티](&#106;avascript:alert(1)) [좋은](https://hf.co/docs)"}}
    page = client.predict(name, state, api_name="/preview")
    ids = re.findall(r'\sid="([^"]*)"', page)
    assert "hfi18n-a-en-hf-review" in ids and "hf-review" not in ids
    assert all(i.startswith(("hfi18n-a-en-", "hfi18n-a-tr-")) for i in ids if i not in ("hf-preview-en",
                                                                                           "hf-preview-tr"))
    translated = page.split('id="hf-preview-tr"')[1]
    assert '<a href="#hfi18n-a-tr-hf-review">위</a>' in translated
    hrefs = re.findall(r'href="([^"]*)"', translated)
    assert "https://hf.co/docs" in hrefs
    assert not [h for h in hrefs if not h.startswith(("https://", "http://", "#hfi18n-a-tr-", "../"))], hrefs
    assert '<span class="hf-pv-unsafe" title="unsafe link: not rendered as a link">그림</span>' in translated


def test_a_clone_stops_when_its_visitor_leaves(smol: Path, tmp_path: Path, site, monkeypatch) -> None:
    """The visitor who asked for a tarpit clone goes away (the client cancels its call): git and its
    ``git-remote-https`` are killed at once, not at the bound (60 s here), and no folder is left."""
    app = site(shared=True, allow_private_hosts=True, clone_timeout=60)
    kim = app.visitor("kim")
    with Tarpit(tmp_path) as pit:
        monkeypatch.setenv("GIT_SSL_CAINFO", str(pit.cafile))
        job = kim.submit(pit.url("huggingface/transformers"), api_name="/clone")
        start = time.monotonic()
        while not pit.open and time.monotonic() - start < 20:
            time.sleep(0.05)
        assert pit.open, "git never reached the tarpit"
        time.sleep(1.5)  # the clone is running: the page has shown its first progress
        left = time.monotonic()
        job.cancel()
        while pit.open and time.monotonic() - left < 30:
            time.sleep(0.1)
        assert not pit.open, "git still fed by the tarpit after its visitor left"
        assert time.monotonic() - left < 15
    time.sleep(1)
    assert not list((tmp_path / "data").glob("*transformers*"))
