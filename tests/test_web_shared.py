"""Issue 16: the web app as a public Space, tried as a hostile visitor would (without a browser; the
browser walk of Space mode is tests/test_web_space_browser.py).

1. a base URL typed in the page (or an MCP tool's argument) never receives the server's key;
2. a cloned repository's own ``hfi18n.toml`` cannot send the owner's tokens to its servers;
3. clone folders are keyed by host + owner + name, and a folder's origin is checked before reuse;
4. in shared mode, anonymous visitors cannot translate, write or publish, signed-in visitors spend their own
   credentials, and the owner's keys serve only the usernames the owner listed.
"""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from hfi18n.config import Config
from hfi18n.errors import HfI18nError, RefusedError
from tests.conftest import require
from tests.fakes.github_server import FakeGitHub
from tests.fakes.llm_server import FakeLLMServer

pytestmark = [pytest.mark.corpus]

OWNER_KEY = "sk-owner-of-the-space-0123456789"
OWNER_GH = "ghp_OwnerOfTheSpace_0123456789abcdef"
VISITOR_HF = "hf_VisitorSignInToken0123456789"
VISITOR_GH = "ghp_VisitorTypedToken_0123456789abc"
DOC = "tutorials/tools.md"
ENV = ("GITHUB_TOKEN", "GH_TOKEN", "OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL",
       "HF_TOKEN", "HFI18N_CONFIG", "SPACE_ID")


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True, text=True).stdout


def last(gen):
    return list(gen)[-1]


def keys_seen(server: FakeLLMServer) -> set[str]:
    return {r.headers.get("authorization", "") for r in server.requests}


@pytest.fixture()
def smol(corpus_copy, monkeypatch) -> Path:
    require("gradio")
    for var in ENV:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HF_HOME", "/nonexistent-hf-home")  # no `hf auth login` token file of the machine
    clone = corpus_copy("smolagents")
    git(clone, "config", "user.name", "Kim Translator")
    git(clone, "config", "user.email", "kim@example.com")
    return clone


def bare_with_config(smol: Path, where: Path, toml: str) -> Path:
    """A bare repository (the "remote" a visitor asks the Space to clone) whose tip adds ``hfi18n.toml``."""
    where.mkdir(parents=True, exist_ok=True)
    work = where / "work"
    git(where, "clone", "-q", str(smol), str(work))
    (work / "hfi18n.toml").write_text(toml, encoding="utf-8")
    git(work, "-c", "user.name=x", "-c", "user.email=x@x", "add", "hfi18n.toml")
    git(work, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "-m", "config")
    bare = where / "huggingface" / "smolagents.git"
    bare.parent.mkdir(parents=True)
    git(where, "clone", "-q", "--bare", str(work), str(bare))
    git(bare, "config", "uploadpack.allowfilter", "true")
    git(bare, "config", "uploadpack.allowanysha1inwant", "true")
    return bare


# ------------------------------------------------------------------------------- 1. typed base URL


def test_a_typed_base_url_never_gets_the_servers_key(smol: Path, monkeypatch) -> None:
    """Local ``serve``: the owner's ``OPENAI_API_KEY`` is not sent to a base URL typed in the page; a key
    typed with it is (the visitor's own)."""
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.workspace import Workspace

    monkeypatch.setenv("OPENAI_API_KEY", OWNER_KEY)
    with FakeLLMServer(api_key=None) as evil:
        web = WebApp(Workspace([smol]))
        last(web.translate(smol.name, "ko", DOC, False, True, "openai", "", evil.openai_base_url, {}))
        assert evil.requests and not any(OWNER_KEY in k for k in keys_seen(evil))
        evil.reset()
        typed = "sk-typed-by-the-visitor-0123456789"
        last(web.translate(smol.name, "ko", DOC, False, True, "openai", "m2", evil.openai_base_url,
                           {"api_key": typed}))
        assert keys_seen(evil) == {f"Bearer {typed}"}


def test_mcp_tool_with_a_base_url_never_gets_the_servers_key(smol: Path, monkeypatch) -> None:
    """``serve --mcp``: the translate tool called by the MCP SDK client with a base URL of its choice."""
    require("mcp")
    from mcp import ClientSession
    from mcp.client.streamable_http import streamablehttp_client

    from hfi18n.web import build_app

    monkeypatch.setenv("OPENAI_API_KEY", OWNER_KEY)
    with FakeLLMServer(api_key=None) as evil:
        demo = build_app(smol)
        _, url, _ = demo.launch(prevent_thread_lock=True, quiet=True, mcp_server=True, server_name="127.0.0.1")
        try:
            if not demo.mcp_server:
                pytest.fail(f"Gradio's MCP server did not start: {demo.mcp_error}")

            async def call() -> None:
                async with streamablehttp_client(f"{url}gradio_api/mcp/") as (read, write, _), \
                        ClientSession(read, write) as session:
                    await session.initialize()
                    await session.call_tool("translate", {
                        "repo": smol.name, "lang": "ko", "doc": DOC, "update": False, "force": True,
                        "provider": "openai", "model": "", "base_url": evil.openai_base_url})

            asyncio.run(call())
        finally:
            demo.close()
        assert evil.requests and not any(OWNER_KEY in k for k in keys_seen(evil))


# ------------------------------------------------------------------------- 2. a clone's own config


def test_a_cloned_repositorys_config_cannot_redirect_the_owners_tokens(smol: Path, tmp_path: Path,
                                                                       monkeypatch) -> None:
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.workspace import Workspace

    with FakeGitHub(token=None) as evil_gh, FakeLLMServer(api_key=None) as evil_llm, \
            FakeLLMServer(api_key=OWNER_KEY) as owners_llm:
        bare = bare_with_config(smol, tmp_path / "remote", (
            '[github]\nupstream = "huggingface/smolagents"\n'
            f'api_url = "{evil_gh.url}"\nfork_url = "{evil_gh.url}/fork.git"\n'
            f'[providers.openai]\nbase_url = "{evil_llm.openai_base_url}"\nmax_retries = 0\n'
            f'[providers.hf]\nbase_url = "{evil_llm.openai_base_url}"\n'))
        monkeypatch.setenv("GITHUB_TOKEN", OWNER_GH)
        monkeypatch.setenv("OPENAI_API_KEY", OWNER_KEY)
        monkeypatch.setenv("OPENAI_BASE_URL", owners_llm.openai_base_url)  # the owner's own server
        web = WebApp(Workspace(storage=tmp_path / "data", allow_local_urls=True))
        dropdown, _ = web.clone(bare.as_uri())
        name = dropdown.value
        cfg = web.ws.config(web.ws.path(name), provider="openai")
        assert cfg.get("github.api_url") is None and cfg.get("github.fork_url") is None
        assert cfg.get("github.upstream") is None  # the clone's origin is not on github.com
        assert cfg.get("providers.openai.base_url") is None and cfg.get("providers.openai.max_retries") == 0
        web.status(name, "ko", {"github_token": VISITOR_GH})
        last(web.translate(name, "ko", DOC, False, True, "openai", "", "", {}))
        assert not evil_gh.requests and not evil_llm.requests
        assert keys_seen(owners_llm) == {f"Bearer {OWNER_KEY}"}


# ------------------------------------------------------------------------------------ 3. clone folders


def test_clone_folders_are_keyed_by_host_and_their_origin_is_checked(smol: Path, tmp_path: Path) -> None:
    from hfi18n import api
    from hfi18n.repo.clone import normalize_url

    assert normalize_url("huggingface/smolagents")[1] == "github.com__huggingface__smolagents"
    assert normalize_url("https://evil.example/huggingface/smolagents")[1] == "evil.example__huggingface__smolagents"
    # two local remotes that name the same folder: the second may not reuse the first's clone
    first = bare_with_config(smol, tmp_path / "a", "")
    second = bare_with_config(smol, tmp_path / "b", "")
    api.clone(first.as_uri(), tmp_path / "data", allow_local=True)
    with pytest.raises(HfI18nError, match="refusing to reuse it"):
        api.clone(second.as_uri(), tmp_path / "data", allow_local=True)
    assert api.clone(first.as_uri(), tmp_path / "data", allow_local=True).note == "updated"


# ---------------------------------------------------------------------------------------- 4. shared mode


def test_shared_mode_spends_the_visitors_credentials_only(smol: Path, tmp_path: Path, monkeypatch) -> None:
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.workspace import Workspace

    monkeypatch.setenv("GITHUB_TOKEN", OWNER_GH)
    monkeypatch.setenv("OPENAI_API_KEY", OWNER_KEY)
    upstream, fork = "huggingface/smolagents", "kim/smolagents"
    up_bare, fork_bare = tmp_path / "up.git", tmp_path / "fork.git"
    git(tmp_path, "clone", "-q", "--bare", str(smol), str(up_bare))
    git(tmp_path, "clone", "-q", "--bare", str(up_bare), str(fork_bare))
    with FakeGitHub(token=VISITOR_GH) as gh, FakeLLMServer(api_key=None) as llm:
        gh.add_repo(upstream, clone_url=up_bare.as_uri())
        gh.add_repo(fork, clone_url=fork_bare.as_uri(), parent=upstream)
        config = Config({"github": {"upstream": upstream, "api_url": gh.url},
                         "providers": {"openai": {"base_url": llm.openai_base_url},
                                       "hf": {"base_url": llm.openai_base_url}}})
        web = WebApp(Workspace([smol], config=config, shared=True, owner_users=["TheOwner"]))
        kim = (SimpleNamespace(username="kim"), SimpleNamespace(token=VISITOR_HF))
        owner = (SimpleNamespace(username="theowner"), SimpleNamespace(token="hf_OwnerSignIn0123456789"))
        r = smol.name

        # anonymous: nothing that writes or costs
        for call in (lambda: last(web.translate(r, "ko", DOC, False, True, "pseudo", "", "", {})),
                     lambda: web.plan(r, "ko", DOC, False, True, "pseudo", "", "", {}),
                     lambda: web.write(r, {"doc": DOC, "lang": "ko"}, True),
                     lambda: web.toctree(r, "ko", DOC, True, "pseudo", "", "", {}),
                     lambda: last(web.publish(r, "ko", DOC, fork, "", {"github_token": VISITOR_GH}))):
            with pytest.raises(RefusedError, match="sign in with Hugging Face"):
                call()
        # status works anonymously, but never with the owner's GitHub token
        assert "no GitHub token" in web.status(r, "ko", {})[2]["pr_note"] and not gh.requests

        # a signed-in visitor: hf spends their sign-in token; openai wants their own key, not the owner's
        state = last(web.translate(r, "ko", DOC, False, True, "hf", "", "", {}, "", None, *kim))[1]
        assert keys_seen(llm) == {f"Bearer {VISITOR_HF}"}
        llm.reset()
        last(web.translate(r, "ko", DOC, False, True, "openai", "", "", {}, "", None, *kim))
        assert llm.requests and not any(OWNER_KEY in k for k in keys_seen(llm))
        llm.reset()
        # the user the owner listed may spend the owner's key, at the provider's configured URL only
        last(web.translate(r, "ko", DOC, False, True, "openai", "m3", "", {}, "", None, *owner))
        assert keys_seen(llm) == {f"Bearer {OWNER_KEY}"}
        llm.reset()
        last(web.translate(r, "ko", DOC, False, True, "openai", "m4", llm.openai_base_url, {}, "", None, *owner))
        assert llm.requests and not any(OWNER_KEY in k for k in keys_seen(llm))

        # write, then publish: only with the visitor's typed token, from the fork they name
        assert "written" in web.write(r, state, False, *kim)
        for typed in ({}, {"github_token": VISITOR_GH}):
            with pytest.raises(RefusedError, match="your own GitHub token"):
                last(web.publish(r, "ko", DOC, "" if typed else fork, "", typed, *kim))
        gh.login = "kim"  # the typed token is kim's; a fork of another account is refused
        with pytest.raises(RefusedError, match="not under the account"):
            last(web.publish(r, "ko", DOC, upstream, "", {"github_token": VISITOR_GH}, *kim))
        gh.requests.clear()
        assert "draft PR opened" in last(web.publish(r, "ko", DOC, fork, "", {"github_token": VISITOR_GH}, *kim))
        [post] = gh.of("POST", f"/repos/{upstream}/pulls")
        assert post.headers["authorization"] == f"Bearer {VISITOR_GH}"
        assert not any(OWNER_GH in (q.headers.get("authorization") or "") for q in gh.requests)
        assert not gh.of("POST", f"/repos/{upstream}/pulls")[1:]  # the refused fork opened nothing


# ---------------------------------------------------------------------------------------- low items


def test_web_messages_hide_server_paths_and_quote_names_inertly(smol: Path) -> None:
    """Errors named the server's absolute paths; a doc name went into ``gr.Markdown`` as written (a link or
    an image rendered)."""
    import gradio as gr

    from hfi18n.web.app import _human
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.workspace import Workspace

    web = WebApp(Workspace([smol]))
    toc = smol / "docs/source/en/_toctree.yml"  # the source's: a language's own is one row of status (issue 33)
    good = toc.read_bytes()
    toc.write_text("- title: [unclosed\n", encoding="utf-8")
    with pytest.raises(gr.Error) as caught:
        _human(web.status, roots=web.ws.roots())(smol.name, "ko", {})
    toc.write_bytes(good)
    message = str(caught.value.message)
    assert "_toctree.yml" in message and str(smol) not in message and str(smol.parent) not in message
    hostile = "x`](javascript:alert(1)) ![img](http://evil.example/p.png)"
    note = web.pick(smol.name, "ko", hostile)[2]
    assert note.startswith("``x`](javascript:alert(1)) ![img](http://evil.example/p.png)``")


# ------------------------------------------------------------------------------ 5. a checkout per visitor


def test_each_signed_in_visitor_works_in_a_checkout_of_their_own(smol: Path, tmp_path: Path, request) -> None:
    """One clone per repository for every visitor: what kim wrote (a translation, a toctree entry, a
    PR-preview branch) was shown to lee, who could publish or overwrite it. Now each signed-in visitor has a
    checkout of their own; anonymous visitors read the shared clone; an update keeps a visitor's work."""
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.workspace import Visitor, Workspace

    bare = bare_with_config(smol, tmp_path / "remote", "")
    data = tmp_path / "data"
    web = WebApp(Workspace(storage=data, allow_local_urls=True, shared=True), demo=True)  # pseudo: a test double
    kim = (SimpleNamespace(username="kim"), SimpleNamespace(token=VISITOR_HF))
    lee = (SimpleNamespace(username="lee"), SimpleNamespace(token="hf_LeeSignIn0123456789"))
    name = web.clone(bare.as_uri(), *kim)[0].value
    shared = data / name

    def state_of(doc: str, *who) -> str:
        rows = web.status(name, "ko", {}, "", *who)[2]["next"]
        return next((r["state"] for r in rows if r["doc"] == doc), "not ranked (translated)")

    toc = (shared / "docs/source/ko/_toctree.yml").read_bytes()
    rows = web.status(name, "ko", {}, "", *kim)[2]["next"]
    doc = next(r["doc"] for r in rows if r["state"] == "missing")
    llm = FakeLLMServer(api_key="sk-kims-own-key-0123456789").start()  # kim's PR needs a real translation
    request.addfinalizer(llm.stop)
    kims_model = ("openai", "", llm.openai_base_url, {"api_key": "sk-kims-own-key-0123456789"})
    draft = last(web.translate(name, "ko", doc, False, False, *kims_model, "", None, *kim))[1]
    assert "written" in web.write(name, draft, False, *kim)
    again = last(web.translate(name, "ko", doc, False, True, *kims_model, "", None, *kim))[1]
    written = web.write(name, again, False, *kim)  # kim replaces kim's file: the backup is named inside the repo
    assert "backed up in `.git/hfi18n/" in written and str(tmp_path) not in written
    assert "toctree updated" in web.toctree(name, "ko", doc, True, "pseudo", "", "", {}, *kim)
    preview = last(web.publish_preview(name, "ko", doc, "kim/smolagents", "", {}, *kim))
    assert doc in preview
    # lee (and an anonymous visitor) see the doc missing, kim sees it translated
    assert state_of(doc, *lee) == state_of(doc) == "missing" != state_of(doc, *kim)
    assert "no translation yet" in web.pick(name, "ko", doc, *lee)[2]
    assert "no translation yet" not in web.pick(name, "ko", doc, *kim)[2]
    assert not list((data / "visitors").glob("lee-*"))  # looking makes no checkout: lee read the shared clone
    assert not (shared / "docs/source/ko" / doc).exists()

    kims = web.ws.checkout(name, Visitor("kim"))[0]
    lees = web.ws.checkout(name, Visitor("lee"))[0]
    assert kims != lees and kims.parent.parent == lees.parent.parent == data / "visitors"
    assert (kims / "docs/source/ko" / doc).is_file()
    assert (kims / "docs/source/ko/_toctree.yml").read_bytes() != toc
    for other in (shared, lees):  # neither the shared clone nor lee's checkout has kim's work
        assert not (other / "docs/source/ko" / doc).exists()
        assert (other / "docs/source/ko/_toctree.yml").read_bytes() == toc
        assert git(other, "branch", "--list", "*ko*").strip() == ""
    assert git(kims, "branch", "--list", "*ko*").strip()  # kim's preview branch, in kim's checkout only
    for other_name in ("visitors", f"visitors/{Visitor('kim').key}/{name}", f"../data/visitors/{Visitor('kim').key}"):
        with pytest.raises(HfI18nError, match="unknown repository"):  # a checkout is reached only as its owner
            web.status(other_name, "ko", {}, "", *lee)
    # lee's review of the doc starts from lee's own (missing) file; lee's PR cannot carry kim's file
    assert web.check(name, draft, *lee)[0]["before"] == draft["before"]
    lee_draft = last(web.translate(name, "ko", doc, False, False, "pseudo", "", "", {}, "", None, *lee))[1]
    assert lee_draft["before"] == draft["before"]  # kim's file is not lee's "before"
    with pytest.raises(HfI18nError):
        last(web.publish_preview(name, "ko", doc, "lee/smolagents", "", {}, *lee))

    # the remote moves on: Clone / update brings it into kim's checkout, keeping kim's file
    work = tmp_path / "remote" / "work"
    (work / "docs/source/en/added-upstream.md").write_text("# Added upstream\n\nNew page.\n", encoding="utf-8")
    git(work, "add", "-A")
    git(work, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "-m", "upstream moves")
    git(work, "push", "-q", str(bare), "HEAD")
    note = web.clone(bare.as_uri(), *kim)[1]
    assert "your checkout updated" in note
    assert (kims / "docs/source/ko/_toctree.yml").read_bytes() != toc  # kim's uncommitted toctree entry kept
    assert (kims / "docs/source/en/added-upstream.md").is_file() and (shared / "docs/source/en/added-upstream.md").is_file()
    written = (kims / "docs/source/ko" / doc).read_bytes()
    # upstream now adds the same ko file: a fast-forward would overwrite kim's; it is refused, the file kept
    (work / "docs/source/ko" / doc).parent.mkdir(parents=True, exist_ok=True)
    (work / "docs/source/ko" / doc).write_text("# upstream's own\n", encoding="utf-8")
    git(work, "add", "-A")
    git(work, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "-m", "upstream translates it")
    git(work, "push", "-q", str(bare), "HEAD")
    note = web.clone(bare.as_uri(), *kim)[1]
    assert "kept as is" in note and (kims / "docs/source/ko" / doc).read_bytes() == written
    assert (shared / "docs/source/ko" / doc).read_text(encoding="utf-8") == "# upstream's own\n"
    assert git(kims, "config", "--get", "remote.origin.url").strip() == bare.as_uri()  # the real repository

    # a message about kim's checkout names the repository as the page lists it, not the server's folders
    import gradio as gr

    from hfi18n.web.app import _human

    (kims / "docs/source/en/_toctree.yml").write_text("- title: [unclosed\n", encoding="utf-8")  # the source's
    with pytest.raises(gr.Error) as caught:
        _human(web.status, roots=web.ws.roots())(name, "ko", {}, "", *kim)
    message = str(caught.value.message)
    assert f"{name}/docs/source/en/_toctree.yml" in message and "visitors" not in message
    assert str(tmp_path) not in message


def test_visitor_folders_never_collide_or_climb(tmp_path: Path) -> None:
    from hfi18n.web.workspace import Visitor

    names = ["kim", "Kim", "KIM", "a.b", "a_b", "a-b", "../..", "..", "/etc", "a/b", "visitors", "x" * 300]
    keys = [Visitor(n).key for n in names]
    assert len(set(keys)) == len(names) and Visitor(None).key is None
    for key in keys:
        assert key and "/" not in key and "." not in key and len(key) <= 45
        assert (tmp_path / key).resolve().parent == tmp_path.resolve()
