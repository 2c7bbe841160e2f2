"""The web app without a browser: its handlers on a corpus clone, every named endpoint through
``gradio_client``, the Space's clone, Gradio's MCP tools, and ``hfi18n serve`` without Gradio.

The browser walk of the whole flow is tests/test_web_browser.py.
"""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import threading
import time
from html import escape
from pathlib import Path

import pytest

from hfi18n import api
from hfi18n.config import Config
from tests.conftest import require, under_ci
from tests.fakes.github_server import FakeGitHub
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import rendered_text

pytestmark = [pytest.mark.corpus]

UPSTREAM, FORK = "huggingface/smolagents", "kim/smolagents"
KEY = "sk-typed-in-the-page-0123456789"
TOKEN = "ghp_TypedInThePage_0123456789abcdef"


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture()
def smol(corpus_copy) -> Path:
    require("gradio")
    clone = corpus_copy("smolagents")
    git(clone, "config", "user.name", "Kim Translator")
    git(clone, "config", "user.email", "kim@example.com")
    return clone


@pytest.fixture()
def web(smol: Path, monkeypatch):
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.workspace import Workspace

    for var in ("GITHUB_TOKEN", "GH_TOKEN", "OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "HFI18N_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    with FakeLLMServer(api_key=KEY) as llm:
        config = Config({"providers": {"openai": {"base_url": llm.openai_base_url}}})
        yield WebApp(Workspace([smol], config=config), demo=True), smol, llm  # demo: pseudo is a test double here


def last(gen):
    outputs = list(gen)
    return outputs[-1]


def test_translate_review_edit_write_keeps_the_key_out(web) -> None:
    app, repo, llm = web
    doc = "index.md"  # outdated: an update keeps the human segments
    update, force, note = app.pick(repo.name, "ko", doc)
    assert (update, force) == (True, False) and "outdated" in note
    log, state, html, _segments, _tab = last(app.translate(repo.name, "ko", doc, True, False, "openai", "", "",
                                                            {"api_key": KEY}))
    assert llm.requests and all(r.headers["authorization"] == f"Bearer {KEY}" for r in llm.requests)
    assert KEY not in str(state) + html + log
    assert state["ok"] and state["update"] and state["before"].startswith("sha256:")
    assert "human, kept" in html and "English changed" in html
    assert "index.md: kept " in log and " human segment(s), translated " in log  # the CLI's words
    s1 = next(s for s in api.draft(repo, "ko", doc, state["translations"], update=True).segments if s.id == "s1")
    assert f"line {s1.line} → {s1.target_line}</span>" in html  # English line -> line in the translated file
    assert all("⟦" not in t for t in state["translations"].values())  # display form, as edited

    # an edit that drops a link is caught at once, on its segment
    seg, before = next((k, v) for k, v in state["translations"].items() if "](" in v)
    broken, html = app.edit(repo.name, state, seg, "링크 없이 고친 문장입니다.")
    assert not broken["ok"] and broken["edited"] == [seg]
    assert re.search(rf'<tr id="seg-{seg}" class="hf-seg hf-bad hf-edited hf-has-findings', html)
    with pytest.raises(Exception, match="check found") as err:
        app_write(app, repo, broken, allow_draft=False)
    assert "hint:" in str(err.value) and "Traceback" not in str(err.value)
    target = repo / "docs/source/ko" / doc
    assert "링크 없이" not in target.read_text(encoding="utf-8")

    # fixed: written through the gate
    good, _ = app.edit(repo.name, broken, seg, "고친 문장: " + before)
    assert good["ok"]
    assert "written" in app_write(app, repo, good, allow_draft=False)
    text = target.read_text(encoding="utf-8")
    assert "고친 문장: " + before.split("\n")[0] in text and not text.startswith("<!-- hfi18n")
    # the segment edited in the browser is recorded as human text (issue #15), not as machine text
    from hfi18n.doc import parse
    from hfi18n.repo.ledger import Ledger, segment_hash

    [record] = Ledger(repo / ".git").records("ko", doc)
    ours = [s for s in parse(text).segments() if s.text.startswith("고친 문장: ")]
    assert ours and all(segment_hash(s.text) not in record.machine for s in ours)


def app_write(app, repo: Path, state, *, allow_draft: bool) -> str:
    from hfi18n.web.app import _human

    return _human(app.write)(repo.name, state, allow_draft)


def test_write_as_draft_and_never_over_a_file_changed_since(web) -> None:
    app, repo, _ = web
    doc = "tutorials/tools.md"  # missing in ko
    _, state, _, _, _ = last(app.translate(repo.name, "ko", doc, False, False, "pseudo", "", "", None))
    seg = next(k for k, v in state["translations"].items() if "](" in v)
    broken, _ = app.edit(repo.name, state, seg, "링크가 빠진 문장")
    assert "marked draft" in app_write(app, repo, broken, allow_draft=True)
    target = repo / "docs/source/ko" / doc
    assert target.read_text(encoding="utf-8").startswith("<!-- hfi18n: this machine draft")

    # replacing it (force): the file it replaces is backed up first
    before = target.read_text(encoding="utf-8")
    _, again, _, _, _ = last(app.translate(repo.name, "ko", doc, False, True, "pseudo", "", "", None))
    note = app_write(app, repo, again, allow_draft=False)
    assert "backed up" in note
    backup = repo / note.rsplit("`", 2)[-2]  # named inside the repository, never as a server path
    assert not Path(note.rsplit("`", 2)[-2]).is_absolute()
    assert backup.read_text(encoding="utf-8") == before

    # a human save made after the replacement was prepared wins (issue #15: "replace existing" used to
    # take the file at write time as the expected one, and replaced the save)
    _, again, _, _, _ = last(app.translate(repo.name, "ko", doc, False, True, "pseudo", "", "", None))
    target.write_text("# 사람이 고친 번역\n", encoding="utf-8")
    with pytest.raises(Exception, match="not written"):
        app_write(app, repo, again, allow_draft=False)
    assert target.read_text(encoding="utf-8") == "# 사람이 고친 번역\n"

    # an update whose file a human saved after the draft was made is not written over
    _, update, _, _, _ = last(app.translate(repo.name, "ko", "index.md", True, False, "openai", "", "",
                                            {"api_key": KEY}))  # pseudo never updates a human translation
    human = repo / "docs/source/ko/index.md"
    human.write_text(human.read_text(encoding="utf-8") + "\n사람이 방금 추가한 문단.\n", encoding="utf-8")
    with pytest.raises(Exception, match="not written"):
        app_write(app, repo, update, allow_draft=False)
    assert "사람이 방금 추가한 문단." in human.read_text(encoding="utf-8")


def test_stop_cancels_through_the_api(web) -> None:
    app, repo, llm = web
    llm.latency(0.6)
    doc = "tutorials/tools.md"
    outputs: list = []
    gen = app.translate(repo.name, "ko", doc, False, False, "openai", "", "", {"api_key": KEY})
    worker = threading.Thread(target=lambda: outputs.extend(gen), daemon=True)
    worker.start()
    for _ in range(100):
        if llm.requests or not worker.is_alive():
            break
        threading.Event().wait(0.05)
    assert app.stop() == "stopping after the requests in flight…"
    worker.join(60)
    log, state, html = outputs[-1][:3]
    assert "stopped" in log and "not translated" in html
    sent = len(llm.requests)
    assert 0 < sent < 10  # the doc needs many more requests than were sent
    assert not (repo / "docs/source/ko" / doc).exists()
    assert app.stop() == "nothing is running"
    # what was translated can be written, but only as a marked draft: never as a finished page
    assert state["translations"] and "not translated" in html
    assert "marked draft" in app_write(app, repo, state, allow_draft=False)
    assert (repo / "docs/source/ko" / doc).read_text(encoding="utf-8").startswith("<!-- hfi18n: this machine draft")


def test_errors_are_the_cli_messages(web) -> None:
    from hfi18n.web.app import _human

    app, repo, llm = web
    wrong = "sk-wrong-typed-key-9876543210"  # the loopback server's 401 quotes the key it received
    with pytest.raises(Exception) as err:
        last(_human(app.translate)(repo.name, "ko", "tutorials/tools.md", False, False, "openai", "", "",
                                   {"api_key": wrong}))
    assert llm.requests and llm.requests[0].status == 401
    assert wrong not in str(err.value) and "Traceback" not in str(err.value) and "hint:" in str(err.value)
    with pytest.raises(Exception, match="unknown repository") as err:
        _human(app.status)("../etc", "ko")
    assert "hint:" in str(err.value)
    with pytest.raises(Exception, match=r"no docs folder for language\(s\) xx .*languages here: .*ko"):
        _human(app.status)(repo.name, "xx")
    with pytest.raises(Exception, match="no translation to review yet"):
        _human(app.check)(repo.name, {})
    toc = repo / "docs/source/ko/_toctree.yml"
    before = toc.read_bytes() if toc.exists() else None
    with pytest.raises(Exception, match="no doc picked"):  # not every translated doc at once
        _human(app.toctree)(repo.name, "ko", "", True, "pseudo", "", "", None)
    assert (toc.read_bytes() if toc.exists() else None) == before
    # a client naming a doc through '..' never reaches the English source (nor anything else)
    english = (repo / "docs/source/en/index.md").read_text(encoding="utf-8")
    with pytest.raises(Exception, match=r"may not contain '\.\.'"):
        last(_human(app.translate)(repo.name, "ko", "../en/index.md", False, True, "pseudo", "", "", None))
    with pytest.raises(Exception, match=r"may not contain '\.\.'"):
        _human(app.write)(repo.name, {"lang": "ko", "doc": "../en/index.md", "force": True,
                                      "translations": {"s1": "덮어쓰기"}}, True)
    assert (repo / "docs/source/en/index.md").read_text(encoding="utf-8") == english


# ------------------------------------------------------------------------------------ gradio_client


@pytest.fixture()
def served(smol: Path, tmp_path: Path, monkeypatch):
    """The app on a free port, with the fake GitHub over bare upstream/fork repos; the token in the env."""
    require("gradio_client")
    from hfi18n.web import build_app

    upstream, fork = tmp_path / "upstream.git", tmp_path / "fork.git"
    git(tmp_path, "clone", "-q", "--bare", str(smol), str(upstream))
    git(tmp_path, "clone", "-q", "--bare", str(upstream), str(fork))
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "HFI18N_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    with FakeGitHub(token=TOKEN) as gh, FakeLLMServer(api_key=None) as llm:
        gh.add_repo(UPSTREAM, clone_url=upstream.as_uri())
        gh.add_repo(FORK, clone_url=fork.as_uri(), parent=UPSTREAM)
        config = Config({"github": {"upstream": UPSTREAM, "fork": FORK, "api_url": gh.url},
                         "providers": {"openai": {"base_url": llm.openai_base_url}}})  # a local server: no key
        demo = build_app(smol, config=config, demo=True)  # the steps below use pseudo, a test double
        _, url, _ = demo.launch(prevent_thread_lock=True, quiet=True, show_error=False, server_name="127.0.0.1")
        try:
            yield {"url": url, "demo": demo, "repo": smol, "gh": gh, "fork": fork, "llm": llm}
        finally:
            demo.close()


def test_every_named_endpoint_through_gradio_client(served) -> None:
    from gradio_client import Client

    repo, name = served["repo"], served["repo"].name
    client = Client(served["url"], verbose=False)
    endpoints = set(client.view_api(return_format="dict", print_info=False)["named_endpoints"])
    assert not list((Path(__file__).parents[1] / "src/hfi18n/web").glob("*.pyi"))  # no stub written by Gradio
    assert endpoints == {"/status", "/pick", "/plan", "/translate", "/stop", "/check", "/segment", "/second", "/edit",
                         "/step", "/preview", "/write", "/toctree", "/publish_preview", "/publish", "/glossary",
                         "/open_page", "/approve"}  # issue 36: a page finished and signed off in the app

    html, picked, data = client.predict(name, "ko", api_name="/status")
    # demo mode (pseudo preselected): the first "next" doc with no translation yet, the kind pseudo drafts
    assert 'id="hf-next"' in html and picked["value"] == next(r["doc"] for r in data["next"] if not r["translated_path"])
    assert "Next: click a doc to open it in <b>2 · Translate</b>" in html  # the step after the status, in words
    assert 'id="hf-legend"' in html and all(f"</span>{st} " in html for st in ("up-to-date", "outdated", "missing"))
    doc = "tutorials/tools.md"
    assert client.predict(name, "ko", doc, api_name="/pick")[:2] == (False, False)
    estimate = client.predict(name, "ko", doc, False, False, "pseudo", "", "", api_name="/plan")
    assert "segment(s)" in estimate and "`claude-sonnet-4-5`: $" in estimate
    assert client.predict(api_name="/stop") == "nothing is running"
    # Stop reaches the translation of the same client session (a queued event and a direct one)
    served["llm"].latency(0.5)
    job = client.submit(name, "ko", "tutorials/tools.md", False, False, "openai", "", "", api_name="/translate")
    for _ in range(200):
        if served["llm"].requests:
            break
        time.sleep(0.05)
    assert client.predict(api_name="/stop") == "stopping after the requests in flight…"
    stopped_log, stopped, *_ = job.result(timeout=60)
    assert "stopped" in stopped_log and any(k for k in stopped["translations"])
    served["llm"].latency(0)
    log, state, review, segments, *_ = client.predict(name, "ko", doc, False, False, "openai", "", "",
                                                     api_name="/translate")  # pseudo output is never published
    assert "segment(s) to translate" in log and state["doc"] == doc and 'id="hf-segments"' in review
    seg = segments["value"]
    text = client.predict(state, seg, api_name="/segment")
    assert text == state["translations"][seg]
    state, review = client.predict(name, state, seg, text + " (검토함)", api_name="/edit")
    assert state["edited"] == [seg] and "(검토함)" in review
    state, _ = client.predict(name, state, api_name="/check")
    assert state["ok"]
    nxt = client.predict(name, state, seg, "all", 1, api_name="/step")
    assert nxt["value"] != seg and client.predict(name, state, nxt["value"], "all", -1, api_name="/step")["value"] == seg
    assert client.predict(name, state, seg, "edited", 1, api_name="/step")["value"] == seg  # the only edited one
    page = client.predict(name, state, api_name="/preview")
    assert 'id="hf-preview-en"' in page and "(검토함)" in page.split('id="hf-preview-tr"')[1]
    assert "written" in client.predict(name, state, False, api_name="/write")
    assert "toctree updated" in client.predict(name, "ko", doc, True, "pseudo", "", "", api_name="/toctree")
    again = client.predict(name, "ko", doc, True, "pseudo", "", "", api_name="/toctree")
    assert "toctree unchanged" in again and f"`{doc.removesuffix('.md')}`: listed already" in again
    assert "(검토함)" in (repo / "docs/source/ko" / doc).read_text(encoding="utf-8")
    preview = client.predict(name, "ko", doc, "", "", api_name="/publish_preview")
    assert "PR preview: nothing sent" in preview and "🌐 [i18n-KO] Translated `tutorials/tools.md` to Korean" in preview
    assert not served["gh"].of("POST", f"/repos/{UPSTREAM}/pulls")
    pr = client.predict(name, "ko", doc, "", "", api_name="/publish")
    assert f"https://github.com/{UPSTREAM}/pull/1" in pr and "draft PR opened" in pr
    [post] = served["gh"].of("POST", f"/repos/{UPSTREAM}/pulls")
    assert post.body["draft"] is True
    terms = client.predict("ko", "Train the model with the Trainer", api_name="/glossary")
    assert {t["source"] for t in terms["terms"]} >= {"model", "Trainer"}

    with pytest.raises(Exception, match="no translation to review yet"):
        client.predict(name, {}, False, api_name="/write")


def test_mcp_tools_of_the_web_app(smol: Path) -> None:
    """``hfi18n serve --mcp``: Gradio's MCP server lists every step as a tool, with no secret argument."""
    require("mcp")
    from importlib.metadata import version

    from hfi18n.web import build_app

    demo = build_app(smol, demo=True)  # plan is called with pseudo, a test double
    _, url, _ = demo.launch(prevent_thread_lock=True, quiet=True, mcp_server=True, server_name="127.0.0.1")
    try:
        if not demo.mcp_server:
            major = int(version("mcp").split(".")[0])
            if major >= 2 and not under_ci():  # gradio[mcp] pins mcp<2: pip install -e '.[test]' installs 1.x
                pytest.skip(f"mcp {version('mcp')} installed; Gradio's MCP server needs mcp<2 ({demo.mcp_error})")
            pytest.fail(f"Gradio's MCP server did not start: {demo.mcp_error}")
        from mcp import ClientSession
        from mcp.client.streamable_http import streamablehttp_client

        async def tools() -> tuple[dict[str, dict], str]:
            async with streamablehttp_client(f"{url}gradio_api/mcp/") as (read, write, _), \
                    ClientSession(read, write) as session:
                await session.initialize()
                listed = await session.list_tools()
                estimate = await session.call_tool("plan", {"repo": smol.name, "lang": "ko", "doc": "tutorials/tools.md",
                                                            "update": False, "force": False, "provider": "pseudo",
                                                            "model": "", "base_url": ""})
                return ({t.name: t.inputSchema.get("properties", {}) for t in listed.tools},
                        " ".join(getattr(c, "text", "") for c in estimate.content))

        found, estimate = asyncio.run(tools())
        assert {"status", "plan", "translate", "check", "edit", "write", "toctree", "publish", "glossary"} <= set(found)
        assert not any(p in ("api_key", "github_token", "secrets") for params in found.values() for p in params)
        assert "enum" not in found["translate"]["doc"] and "enum" not in found["edit"]["segment"]
        assert "segment(s)" in estimate and "request(s)" in estimate
    finally:
        demo.close()


# ------------------------------------------------------------------------------------ Space and CLI


def test_space_clone_fetches_history_for_status(smol: Path, tmp_path: Path) -> None:
    from hfi18n import api
    from hfi18n.errors import InputError

    bare = tmp_path / "mirror" / "smolagents.git"
    git(tmp_path, "clone", "-q", "--bare", str(smol), str(bare))
    git(bare, "config", "uploadpack.allowfilter", "true")
    git(bare, "config", "uploadpack.allowanysha1inwant", "true")
    result = api.clone(bare.as_uri(), tmp_path / "storage", allow_local=True)
    assert result.created and result.fetched_versions > 100 and result.path.name == "local__mirror__smolagents"
    assert git(result.path, "config", "remote.origin.partialclonefilter").strip() == "blob:none"
    missing = git(result.path, "rev-list", "--objects", "--missing=print", "HEAD", "--", "docs/source")
    assert "\n?" not in "\n" + missing  # every past version of the docs is here
    full = {(d.lang, d.path): d.state for d in api.status(smol, ["ko"], pulls=False).report.docs}
    cloned = {(d.lang, d.path): d.state for d in api.status(result.path, ["ko"], pulls=False).report.docs}
    assert cloned == full
    again = api.clone(bare.as_uri(), tmp_path / "storage", allow_local=True)
    assert not again.created and again.fetched_versions == 0 and again.note == "updated"
    # what was done as a key (the web app says it in the visitor's language by it); the note and the JSON as before
    from hfi18n.repo.clone import CloneNote

    assert (result.kind, again.kind) == (CloneNote.CLONED, CloneNote.UPDATED) and result.note == "cloned"
    assert again.to_json() == {"path": str(again.path), "url": again.url, "created": False, "fetched_versions": 0,
                               "note": "updated"}
    for bad in ("/etc", "file:///etc", "git@github.com:a/b.git", "--upload-pack=touch /tmp/x", "https://x/../../y",
                "huggingface/.."):
        with pytest.raises(InputError):
            api.clone(bad, tmp_path / "storage")


def test_a_visitors_checkout_says_what_was_done_as_a_kind(smol: Path, tmp_path: Path) -> None:
    """Issue 26: :func:`api.personal_checkout`'s note is the English it always was (a ``str``) and carries a
    :class:`CheckoutNote`, so the web app maps a kind, not an English sentence read back."""
    from hfi18n.repo.clone import CheckoutNote

    home = tmp_path / "visitors" / "kim" / smol.name
    made = api.personal_checkout(smol, home)
    assert made == (True, "your own checkout made") and made[1].kind is CheckoutNote.MADE
    assert api.personal_checkout(smol, home)[1].kind is CheckoutNote.YOURS
    updated = api.personal_checkout(smol, home, update=True)[1]
    assert (updated, updated.kind) == ("your checkout updated", CheckoutNote.UPDATED)
    git(home, "commit", "-q", "--allow-empty", "-m", "mine")
    git(smol, "commit", "-q", "--allow-empty", "-m", "theirs")  # the two have diverged: no fast-forward
    kept = api.personal_checkout(smol, home, update=True)[1]
    assert kept == "your checkout kept as is: your changes or commits prevent a fast-forward"
    assert kept.kind is CheckoutNote.KEPT and f"{kept}" == str(kept) == kept  # printed as the plain English


def test_space_app_clones_and_serves_by_name(smol: Path, tmp_path: Path) -> None:
    from hfi18n.web.app import _human
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.workspace import Workspace

    bare = tmp_path / "up" / "smol.git"
    git(tmp_path, "clone", "-q", "--bare", str(smol), str(bare))
    git(bare, "config", "uploadpack.allowfilter", "true")
    app = WebApp(Workspace(storage=tmp_path / "data", allow_local_urls=True))
    dropdown, note = app.clone(bare.as_uri())
    assert dropdown.value == "local__up__smol" and "past versions of the docs" in note
    # only a clone of github.com has its origin as upstream: owner/name means a GitHub repository
    assert app.ws.config(app.ws.path("local__up__smol")).get("github.upstream") is None
    html, _, data = app.status("local__up__smol", "ko")
    assert data["next"] and 'id="hf-next"' in html
    with pytest.raises(Exception, match="not a repository URL"):
        _human(WebApp(Workspace(storage=tmp_path / "data")).clone)(bare.as_uri())  # file:// only for tests


def test_serve_without_gradio_names_the_install_command(smol: Path) -> None:
    code = ("import sys; sys.modules['gradio'] = None\n"
            "from hfi18n.cli import main\n"
            f"sys.exit(main(['serve', '--repo', {str(smol)!r}]))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    # the command works: hfi18n is installed from a clone, `pip install 'hfi18n[web]'` fails (issue 26)
    assert "the web app needs Gradio" in proc.stderr and "pip install 'gradio[mcp,oauth]" in proc.stderr
    assert "hfi18n[web]" not in proc.stderr
    assert "Traceback" not in proc.stderr


def test_serve_command_serves_the_page_and_refuses_a_wrong_language(smol: Path) -> None:
    import socket

    import httpx

    exe = require("hfi18n", exe=True)
    bad = subprocess.run([exe, "serve", "--repo", str(smol), "--lang", "xx"], capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 2 and "no docs folder for language(s) xx" in bad.stderr and "Traceback" not in bad.stderr
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([exe, "serve", "--repo", str(smol), "--port", str(port)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        page = None
        for _ in range(240):
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/config", timeout=2)
                break
            except httpx.TransportError:
                assert proc.poll() is None, proc.communicate()[1]
                time.sleep(0.25)
        assert page is not None and page.status_code == 200
        config = page.json()
        assert config["title"].startswith("hfi18n")
        repo_box = next(c for c in config["components"] if c.get("props", {}).get("elem_id") == "hf-repo")
        assert repo_box["props"]["value"] == smol.name
        # the port is taken now: the error names --port, not Gradio's GRADIO_SERVER_PORT / launch() advice
        busy = subprocess.run([exe, "serve", "--repo", str(smol), "--port", str(port)], capture_output=True,
                              text=True, timeout=120)
        assert busy.returncode != 0 and f"cannot listen on 127.0.0.1:{port}" in busy.stderr
        assert f"--port {port + 1}" in busy.stderr and "GRADIO_SERVER_PORT" not in busy.stderr
        assert "launch()" not in busy.stderr and "Traceback" not in busy.stderr
    finally:
        proc.terminate()
        proc.wait(30)
    assert f"on http://127.0.0.1:{port}/" in proc.stderr.read()


def test_draft_places_each_segment_on_its_lines_of_the_written_file(smol: Path) -> None:
    """``api.draft`` (the review model): every translated segment is found on the lines it says it occupies
    in the rendered file, for a long doc with lists, tables, HTML and code; kept human segments are marked."""
    from hfi18n import api
    from hfi18n.translate.providers.pseudo import pseudo_translate

    for doc, update in (("guided_tour.md", True), ("tutorials/tools.md", False)):
        held = api.draft(smol, "ko", doc, update=update)
        fresh = {s.id: pseudo_translate(s.english, "ko") for s in held.segments if s.origin.value == "english"}
        review = api.draft(smol, "ko", doc, {**{s.id: s.translation for s in held.segments if s.translation},
                                             **fresh}, update=update)
        lines = review.text.split("\n")
        assert review.untranslated == 0 and len(review.segments) > 50
        for s in review.segments:
            placed = "\n".join(lines[s.target_line - 1:s.target_end])
            first = s.translation.split("\n")[0].strip()
            assert first.split("[[")[0].strip() in placed, (doc, s.id, s.target_line, first)
        if update:
            assert sum(s.origin.value == "human" for s in review.segments) == review.update["kept"] > 0
            diff = review.update["english_diff"]
            assert diff.startswith("--- en/guided_tour.md @ ")
            # the base English was read: the diff has lines both versions share, not only added ones
            assert any(line.startswith(" ") for line in diff.splitlines()[2:]), diff[:500]


def test_glossary_terms_are_marked_in_the_prose_only(smol: Path) -> None:
    """A glossary word inside a link target or inline code (``(tutorials/...)``, `` `tools` ``) is not
    marked, nor reported missing from the translation: only prose is translated."""
    import re

    from hfi18n import api

    review = api.draft(smol, "ko", "index.md", update=True)
    protected_words = 0
    for s in review.segments:
        protected = [m.span() for m in re.finditer(r"\]\([^)]*\)|`[^`]*`", s.english)]
        protected_words += sum(bool(re.search(r"(?i)tutorial|agent|tool", s.english[a:b])) for a, b in protected)
        for t in s.terms:
            for a, b in t.where:
                assert not any(p <= a < q for p, q in protected), (s.id, t.source, s.english[a:b])
    assert protected_words > 3  # the doc has glossary words in link targets and code
    s5 = next(s for s in review.segments if "(tutorials/secure_code_execution)" in s.english)
    assert "tutorial" not in {t.source.lower() for t in s5.terms}  # only in the link target


def test_space_entry_point_starts_with_a_human_error_for_a_bad_url(tmp_path: Path) -> None:
    """The Space's app.py: a bad HFI18N_REPO_URL is reported in words and the page still starts; a Space
    without a git identity gets one for the PR commits."""
    require("gradio")
    root = Path(__file__).resolve().parents[1]
    code = ("import os, runpy\n"
            f"m = runpy.run_path({str(root / 'app.py')!r})\n"
            "print(m['demo'].title, m['STORAGE'], os.environ['GIT_AUTHOR_NAME'])\n"
            "print(sorted(type(b).__name__ for b in m['demo'].blocks.values() if 'Login' in type(b).__name__))\n")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "HFI18N_REPO_URL": "file:///etc",
           "PYTHONPATH": str(root / "src"),  # the source under test, not whatever hfi18n is installed
           "HFI18N_STORAGE": str(tmp_path / "repos"), "SPACE_ID": "kim/hfi18n", "GRADIO_ANALYTICS_ENABLED": "False",
           # what a Space with ``hf_oauth: true`` gets: its shared mode signs visitors in with Hugging Face
           "SYSTEM": "spaces", "OAUTH_CLIENT_ID": "client-id", "OAUTH_CLIENT_SECRET": "0a1b2c3d-4e5f-6789-abcd-ef0123456789",
           "OAUTH_SCOPES": "openid profile inference-api", "OPENID_PROVIDER_URL": "https://huggingface.co"}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180, env=env,
                          cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "error: not a repository URL: 'file:///etc'" in proc.stderr and "Traceback" not in proc.stderr
    out, login = proc.stdout.strip().splitlines()
    assert out.startswith("hfi18n: ") and out.endswith(f"{tmp_path / 'repos'} hfi18n on kim/hfi18n")
    assert login == "['LoginButton']"  # SPACE_ID set: the shared mode, visitors sign in


def test_review_of_an_update_steps_filters_and_shows_the_previous_human_text(web) -> None:
    """An update: each changed segment shows the translator's previous text beside the new machine text and a
    word-level diff of its English; Previous/Next walk the rows a filter keeps; the rows carry the classes
    the filter hides by; the status column has a header; the preview renders both pages."""
    from hfi18n.web import render

    app, repo, _llm = web
    doc = "index.md"
    _, state, html, segments, _ = last(app.translate(repo.name, "ko", doc, True, False, "openai", "", "",
                                                     {"api_key": KEY}))
    review = api.draft(repo, "ko", doc, state["translations"], update=True)
    previous = [s for s in review.segments if s.previous_translation]
    assert previous and all(s.changed and s.previous_english != s.english for s in previous)
    s = previous[0]
    row = re.search(rf'<tr id="seg-{s.id}" class="([^"]*)" data-seg="{s.id}"[^>]*>(.*?)</tr>', html, re.S)
    assert row and "hf-changed" in row.group(1).split() and "hf-seg" in row.group(1).split()
    assert f'before (human):</span> {escape(s.previous_translation)}' in row.group(2)
    assert "<del>" in row.group(2) or "<ins>" in row.group(2)
    assert render.word_diff("Run the model now", "Run the big model") == \
        "Run the <ins>big </ins>model<del> now</del>"
    assert "<th>status</th>" in html and 'data-seg="s1"' in html
    assert render.unified_diff_html("--- a\n+++ b\n@@ -1 +1 @@\n <x>\n-Run the model now\n+Run the big model\n-gone\n+new") \
        == ("--- a\n+++ b\n@@ -1 +1 @@\n &lt;x&gt;\n-Run the model<del> now</del>\n+Run the <ins>big </ins>model\n"
            "-<del>gone</del>\n+<ins>new</ins>")
    assert '<pre class="hf-udiff">' in html and ("<del>" in html.split('class="hf-udiff"')[1].split("</pre>")[0]
                                                 or "<ins>" in html.split('class="hf-udiff"')[1].split("</pre>")[0])

    # Previous/Next among the changed rows, wrapping around; "edited" with no edit is a clear error
    changed = [x.id for x in review.segments if x.changed]
    first = app.step(repo.name, state, "", "changed", 1)
    assert first["value"] == changed[0]
    assert app.step(repo.name, state, changed[0], "changed", 1)["value"] == changed[1 % len(changed)]
    assert app.step(repo.name, state, changed[0], "changed", -1)["value"] == changed[-1]
    assert app.step(repo.name, state, changed[0], "all", 1)["value"] == review.segments[
        [x.id for x in review.segments].index(changed[0]) + 1].id
    with pytest.raises(Exception, match="no segment has edited"):
        app.step(repo.name, state, changed[0], "edited", 1)
    # a rule narrows the filter (``rule:glossary``: rows missing a glossary term), in the table's rule list
    # and in Previous/Next alike
    lacking = [x.id for x in review.segments if any(x.translation and not t.present for t in x.terms)]
    assert lacking, "the loopback translation leaves some glossary terms out"
    assert app.step(repo.name, state, "", "all|rule:glossary", 1)["value"] == lacking[0]
    assert app.step(repo.name, state, lacking[0], "rule:glossary", -1)["value"] == lacking[-1]
    with pytest.raises(Exception, match="no segment has"):
        app.step(repo.name, state, "", "all|rule:no-such-rule", 1)
    assert '<select id="hf-rule">' in html and '<option value="glossary">glossary (' in html
    assert all("glossary" in re.search(rf'id="seg-{i}"[^>]*data-rules="([^"]*)"', html).group(1).split()
               for i in lacking)
    with_findings = [x.id for x in review.segments if render.shows(x, "findings", set())]
    assert all(f'id="seg-{i}" class="hf-seg' in html and "hf-has-findings" in
               re.search(rf'id="seg-{i}" class="([^"]*)"', html).group(1) for i in with_findings)

    # a click on a row puts that segment in the editor; the write tab names the doc before writing
    import gradio as gr

    assert app.pick_segment(gr.EventData(None, {"seg": s.id}))["value"] == s.id
    assert f"**Doc:** `{doc}` → `docs/source/ko/{doc}`" in app.target(state)
    page = app.preview(repo.name, state)
    english, translated = page.split('id="hf-preview-tr"')
    assert '<h1 id="' in english and "<pre><code" in english and '<h1 id="' in translated
    assert "&lt;!--" not in page and "<script" not in page


HOSTILE_PAGE = """<!--Copyright 2025 -->

# 도구 [[tools]]

[`Trainer`]와 `x`를 씁니다. [문서](https://hf.co/docs), [나쁜 링크](javascript:alert(1)).

## What is a tool?

<Tip warning={true} onclick="alert(1)">

**주의**하세요.

</Tip>

> [!TIP]
> 콜아웃입니다.

<hfoptions id="x">
<hfoption id='"><script>alert(1)</script>'>

```py
print("<script>alert(1)</script>")
```

</hfoption>
</hfoptions>

[[autodoc]] transformers.Trainer

| a | b |
|---|---|
| 1 | 2 |

<img src=x onerror=alert(1)>

<div class="flex"><img src="java
script:alert(1)"/></div>

![그림](https://evil.example/x.png) ![데이터](data:image/png;base64,AAAA)

</Tip></Tip></div></div>
"""


def test_rendered_preview_is_doc_builder_like_and_never_passes_html_through() -> None:
    page = api.preview_html(HOSTILE_PAGE)
    assert '<h1 id="hfi18n-a-tools">도구</h1>' in page and '<h2 id="hfi18n-a-what-is-a-tool">What is a tool?</h2>' in page
    assert '<code class="hf-pv-ref">Trainer</code>와' in page and "<code>x</code>" in page
    assert '<a href="https://hf.co/docs" rel="noopener noreferrer" target="_blank">문서</a>' in page
    assert 'class="hf-pv-box hf-pv-tip hf-pv-warning"><div class="hf-pv-label">Warning</div>' in page
    assert "<strong>주의</strong>" in page and '<div class="hf-pv-label">Tip</div>\n<p>콜아웃입니다.</p>' in page
    assert '<div class="hf-pv-label">API reference</div><code>transformers.Trainer</code>' in page
    assert "<table>" in page and "<td>1</td>" in page
    # nothing of the page runs or loads: no tag, attribute, script URL or image of its own
    assert "<script" not in page and "onerror=" not in page.replace("onerror=alert(1)&gt;", "")
    assert "<img" not in page and "javascript:" not in page.replace("[나쁜 링크](javascript:alert(1))", "")
    assert 'onclick' not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert '<a class="hf-pv-img" href="https://evil.example/x.png" rel="noopener noreferrer">🖼 그림</a>' in page
    assert not re.search(r'href="(?!https://|#)', page)  # every link the page has is https (no data:, no java script:)
    assert "Copyright" not in page
    # a closing tag with no box open closes nothing of the page around the preview
    assert page.count("<div") == page.count("</div>")


def test_status_rows_open_the_doc_sections_by_title_and_the_typed_upstream(smol: Path, monkeypatch) -> None:
    import gradio as gr

    from hfi18n.web.app import ERROR_SECONDS, _human
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.workspace import Workspace

    for var in ("GITHUB_TOKEN", "GH_TOKEN", "HFI18N_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    with FakeGitHub(token=TOKEN) as gh:
        gh.add_repo(UPSTREAM, clone_url=smol.as_uri())
        gh.add_pull(UPSTREAM, title="🌐 [i18n-KO] Translated `tutorials/tools.md` to Korean", head="lee:ko-tools")
        app = WebApp(Workspace([smol], config=Config({"github": {"api_url": gh.url}})))
        html, _, _ = app.status(smol.name, "ko", {"github_token": TOKEN})
        assert 'id="hf-claimed"' not in html  # no upstream anywhere: open PRs are not looked up
        html, _, _ = app.status(smol.name, "ko", {"github_token": TOKEN}, UPSTREAM)  # typed on the PR tab
        assert f'href="https://github.com/{UPSTREAM}/pull/1"' in html

        # changed sections by their English titles, not their slugs
        result = api.status(smol, ["ko"], pulls=False)
        d = next(d for d in result.report.for_lang("ko") if d.state == "outdated"
                 and any(d.section_titles[a] != a for a in d.sections_changed + d.sections_added))
        row = re.search(rf'<tr data-doc="{re.escape(d.path)}"><td><code>.*?</tr>', html.split('id="hf-outdated"')[1])
        shown = [d.section_titles[a] for a in d.sections_changed + d.sections_added]
        assert row and escape(", ".join(shown)) in row.group(0)
        assert f"Changed in the English: “{shown[0]}”" in rendered_text(app.pick(smol.name, "ko", d.path)[2])
        # a click on a row opens the doc in the Translate tab
        picked, tab = app.open_doc(gr.EventData(None, {"doc": d.path}))
        assert picked["value"] == d.path and tab.selected == "translate"

        # errors name the page's fields, not the CLI's options, and go away by themselves
        with pytest.raises(gr.Error) as err:
            last(_human(app.publish)(smol.name, "ko", "index.md", "", UPSTREAM, {}))
        assert "“Your fork” (tab 4 · Write &amp; publish)" in err.value.message and "--fork" not in err.value.message
        assert err.value.duration == ERROR_SECONDS
        with pytest.raises(gr.Error) as err:
            last(_human(app.publish)(smol.name, "ko", "index.md", FORK, UPSTREAM, {}))
        assert "“GitHub token” at the top of the page" in err.value.message
        assert "export" not in err.value.message


def test_toctree_step_says_to_write_first_then_uses_the_english_toctree_title(web) -> None:
    """smolagents' Korean toctree keeps tutorials/tools commented out (``#  - local: tutorials/tools``); its
    English toctree title is "🛠️ Tools - in-depth guide" while the page's heading is "Tools"."""
    app, repo, _ = web
    doc = "tutorials/tools.md"
    toc = repo / "docs/source/ko/_toctree.yml"
    assert not (repo / "docs/source/ko" / doc).exists() and "#  - local: tutorials/tools\n" in toc.read_text()
    note = app.toctree(repo.name, "ko", doc, True, "pseudo", "", "", None)
    assert note.startswith("**not added**") and "Write it first" in note and "missing-translation" not in note
    assert app.target(None).startswith("No draft yet")

    _, state, *_ = last(app.translate(repo.name, "ko", doc, False, False, "pseudo", "", "", None))
    assert "written" in app_write(app, repo, state, allow_draft=False)
    note = app.toctree(repo.name, "ko", doc, True, "pseudo", "", "", None)
    assert note.startswith("**toctree updated**") and "as “🛠️ Tools - in-depth guide”" in rendered_text(note)
    text = toc.read_text(encoding="utf-8")
    assert "  - local: tutorials/tools\n    title: 🛠️ Tools - in-depth guide\n" in text
    assert "#  - local: tutorials/tools" not in text and "#    title: 🛠️ Tools - in-depth guide" not in text
    assert "#  - local: tutorials/secure_code_execution\n" in text  # the other commented pages stay


@pytest.mark.parametrize(("cli", "page"), [
    ("pass --fork OWNER/NAME or set github.fork in hfi18n.toml",
     "fill in “Your fork” (tab 4 · Write & publish) or set github.fork in hfi18n.toml"),
    ("export GITHUB_TOKEN=... (a token with 'public_repo' scope)",
     "paste a token into “GitHub token” at the top of the page (a token with 'public_repo' scope)"),
    ("regenerate it at https://github.com/settings/tokens and export it as GITHUB_TOKEN",
     "regenerate it at https://github.com/settings/tokens and paste it into “GitHub token” at the top of the page"),
    ("set OPENAI_API_KEY in the environment, or providers.openai.api_key in hfi18n.toml; or use --provider pseudo "
     "to try the steps offline (test output, never a translation)",
     "type the key into “API key” (tab 2 · Translate), or providers.openai.api_key in hfi18n.toml; or start the "
     "app with hfi18n serve --demo and choose the provider pseudo to try the steps offline (test output, never a "
     "translation)"),
    ("check --model, and --base-url (OpenAI-compatible URLs usually end in /v1)",
     "check “Model” (tab 2 · Translate), and “Base URL” (tab 2 · Translate) (OpenAI-compatible URLs usually end "
     "in /v1)"),
    ("fix them (hfi18n check --lang ko fsdp.md), then publish again",
     "fix them (the findings are in tab 3 · Review), then publish again"),
    ("translate it first: hfi18n translate --lang ko fsdp.md", "translate it first: translate fsdp.md in tab 2 · Translate"),
    ("wait a few minutes", "wait a few minutes"),
])
def test_cli_hints_name_the_page_fields(cli: str, page: str) -> None:
    require("gradio")  # the fields' words are in the message catalogs
    from hfi18n.web.hints import web_hint

    assert web_hint(cli) == page


def test_a_library_line_without_the_pages_words_is_its_english_labelled() -> None:
    """A kind the catalogs do not know (or whose fields it lacks) is the library's English after "영어 원문:",
    never a half-filled template; an English page reads the library's line as it is."""
    require("gradio")
    from hfi18n.publish.pr import Step
    from hfi18n.web.lang import said

    assert said("pushing it", "ko") == "영어 원문: pushing it"
    assert said(Step("pushing it", "new-kind"), "ko") == "영어 원문: pushing it"
    assert said(Step("pushing it", "step_pushing"), "ko") == "영어 원문: pushing it"  # no fields given
    assert said(Step.of("step_pushing", branch="b", fork="f"), "ko") == "브랜치 b을(를) f(으)로 푸시하는 중"
    assert said(Step.of("step_pushing", branch="b", fork="f"), "en") == "pushing branch b to f"


def _request(accept_language: str):
    """A request as Gradio hands a handler, from a browser whose language is ``accept_language``."""
    import gradio as gr

    return gr.Request(headers={"accept-language": accept_language})


@pytest.mark.parametrize(("header", "lang"), [
    ("ko-KR,ko;q=0.9,en-US;q=0.8", "ko"), ("en-US,en;q=0.9,ko;q=0.8", "en"), ("fr-FR,fr;q=0.9,ko;q=0.5", "ko"),
    ("fr-FR", "en"), ("", "en"), ("ko;q=0, en", "en"), ("en;q=0.2, ko-KR;q=0.7", "ko"), ("ko;q=x" + ",x" * 5000, "en"),
])
def test_request_language_is_the_first_of_korean_and_english(header: str, lang: str) -> None:
    require("gradio")
    from hfi18n.web.lang import request_lang

    assert request_lang(_request(header)) == lang
    assert request_lang(None) == "en"  # a script calling the handler: English, as before


def test_status_and_review_in_the_browsers_language(web) -> None:
    """Issue 26: the tables the server builds follow the browser's ``Accept-Language`` as the page's labels
    do (a Korean browser got Korean tabs above English tables). Doc names, rule ids and check messages are
    data and stay as they are; without a request (a script) the words are English."""
    app, repo, _llm = web
    ko = _request("ko-KR,ko;q=0.9")
    html, docs, _ = app.status(repo.name, "ko", request=ko)
    assert '<tr><th>#</th><th>문서</th><th>상태</th><th>뒤처짐</th><th>크기</th></tr>' in html
    assert "<th>뒤처진 커밋</th>" in html and "번역 현황" in html and ">오래됨</span>" in html
    assert "<h3>다음에 번역할 문서 (ko)</h3>" in html and "<th>doc</th>" not in html and "Translate next" not in html
    assert any(" · 오래됨 · 커밋 " in label for label, _ in docs.choices)
    english, _, _ = app.status(repo.name, "ko")
    assert '<tr><th>#</th><th>doc</th><th>state</th><th>behind</th><th>size</th></tr>' in english
    assert "<h3>Translate next (ko)</h3>" in english
    assert english == app.status(repo.name, "ko", request=_request("en-US,en;q=0.9"))[0]

    doc = "index.md"
    _log, state, review, _segs, _tab = last(app.translate(repo.name, "ko", doc, True, False, "openai", "", "",
                                                          {"api_key": KEY}, request=ko))
    assert "<tr><th>세그먼트</th><th>영어</th><th>번역</th><th>상태</th></tr>" in review
    assert "사람 번역, 유지" in review and "human, kept" not in review
    # the tooltips too: a glossary term, what the English changed
    assert 'title="용어집: ' in review and 'title="glossary' not in review
    assert 'title="기준 시점의 영어 → 지금의 영어"' in review and "the English at the base" not in review
    seg = next(k for k, v in state["translations"].items() if "](" in v)
    state, review = app.edit(repo.name, state, seg, "링크를 잃은 문장입니다.", request=ko)
    assert "규칙:" in review and "모든 규칙" in review and "검사: 오류 " in review
    assert re.search(r'<option value="links">links \(\d+\)</option>', review)  # rule ids stay as they are
    # a term translators keep in English, missing from the translation: said in Korean too
    kept = next(x.id for x in api.draft(repo, "ko", doc, state["translations"], update=True).segments
                if "smolagents" in x.english and x.id != seg)
    _, dropped = app.edit(repo.name, state, kept, "번역입니다.", request=ko)
    assert "용어집: smolagents → 영어 그대로 (번역에 없음)" in dropped and "keep in English" not in dropped
    _, english = app.check(repo.name, state)
    assert "<tr><th>segment</th><th>English</th><th>translation</th><th>status</th></tr>" in english
    assert "Rule: " in english and "every rule" in english
    assert "<b>영어</b>" in app.preview(repo.name, state, request=ko)
    # the notes of step 4 too; the file's path stays as it is
    assert app.write(repo.name, state, True, request=ko).startswith("**작성함** `docs/source/ko/index.md` (**표시된 초안**")
    assert app.toctree(repo.name, "ko", doc, True, "", "", "", request=ko).startswith(("**목차 ", "추가할 것 없음"))


def test_notes_log_and_error_hints_in_the_browsers_language(web) -> None:
    """Issue 26, the rest of what the web app writes itself: the cost estimate, the doc-pick note, the
    translate log, the write target and the page fields an error's hint names follow the browser's
    ``Accept-Language``; a Korean browser read them in English. Doc paths, the library's log messages and
    the library's error message and hint stay as they are; no request (a script) or an English browser:
    English, as before."""
    import gradio as gr

    from hfi18n.web.app import _human

    app, repo, _llm = web
    ko, en = _request("ko-KR,ko;q=0.9"), _request("en-US,en;q=0.9")
    doc = "index.md"  # outdated

    plan = app.plan(repo.name, "ko", doc, True, False, "openai", "", "", {"api_key": KEY}, request=ko)
    assert re.match(r"세그먼트 \*\*\d+\*\*개 \(메모리에서 \d+개\), 요청 \d+회, 입력 토큰 약 ", plan), plan
    assert "segment(s)" not in plan and "tokens in" not in plan
    english = app.plan(repo.name, "ko", doc, True, False, "openai", "", "", {"api_key": KEY}, request=en)
    assert re.match(r"\*\*\d+\*\* segment\(s\) \(\d+ from memory\), \d+ request\(s\), about ", english), english
    assert english == app.plan(repo.name, "ko", doc, True, False, "openai", "", "", {"api_key": KEY})

    update, force, note = app.pick(repo.name, "ko", doc, request=ko)
    assert (update, force) == (True, False)
    assert note.startswith("`index.md`은(는) **오래됨** (커밋 ") and "사람 번역 세그먼트" in note
    assert "outdated" not in note and "human segment" not in note
    assert app.pick(repo.name, "ko", doc, request=en)[2].startswith("`index.md` is **outdated** (")
    assert app.pick(repo.name, "ko", "nope.md", request=ko)[2] == "`nope.md`은(는) 이 저장소의 영어 문서가 아닙니다"

    log, state, _review, _segs, _tab = last(app.translate(repo.name, "ko", doc, True, False, "openai", "", "",
                                                          {"api_key": KEY}, request=ko))
    lines = log.splitlines()
    assert lines[0] == "index.md 번역 시작: ko, 공급자 openai"
    assert re.fullmatch(r"index\.md: 번역할 세그먼트 \d+개", lines[1])
    assert any(re.match(r"세그먼트 \d+개: 메모리에서 \d+개, 번역 \d+개, 실패 0개, 요청 \d+회, 토큰 ", x) for x in lines)
    assert re.search(r"^index\.md: 사람 번역 세그먼트 \d+개 유지", log, re.M) and "index.md: kept " not in log
    assert "to translate" not in log and "from memory" not in log and "translating" not in log
    english_log = last(app.translate(repo.name, "ko", doc, True, False, "openai", "", "", {"api_key": KEY}, request=en))[0]
    assert english_log.startswith("translating index.md into ko with openai\nindex.md: ")
    assert " segment(s) to translate" in english_log and " from memory, " in english_log

    assert app.target(state, ko).startswith("**문서:** `index.md` → `docs/source/ko/index.md` (검사 통과; 직접 고친 ")
    assert app.target(None, ko).startswith("아직 초안이 없습니다")
    assert app.target(state).startswith("**Doc:** `index.md` → ") and app.target(None).startswith("No draft yet")
    assert app.stop(ko) == "실행 중인 작업이 없습니다" and app.stop() == "nothing is running"

    # the web app's own errors wholly in the browser's language, English as before (issue 26: the Korean field
    # name sat in the library's English sentence, "“내 포크” 칸을 채우세요 (4 · 쓰기와 게시 탭) or set github.fork ...")
    with pytest.raises(gr.Error) as err:
        last(_human(app.publish)(repo.name, "ko", doc, "", UPSTREAM, {}, request=ko))
    assert err.value.message == ("포크 저장소가 없습니다 — 힌트: “내 포크” 칸을 채우세요 (4 · 쓰기와 게시 탭). hfi18n.toml의 "
                                 "github.fork로 정해 둘 수도 있습니다")
    with pytest.raises(gr.Error) as err:
        last(_human(app.publish)(repo.name, "ko", doc, "", UPSTREAM, {}, request=en))
    assert err.value.message == ("no fork repository given — hint: fill in “Your fork” (tab 4 · Write &amp; publish) "
                                 "or set github.fork in hfi18n.toml")
    with pytest.raises(gr.Error) as err:
        _human(app.status)("nope", "ko", request=ko)
    assert err.value.message == f"알 수 없는 저장소입니다: 'nope' — 힌트: 다음 중 하나를 고르세요: {repo.name}"
    # a library error: its English inside a Korean frame; the page's field a Korean step of its own, then the
    # library's hint in English, labelled (no sentence changes language half-way)
    with pytest.raises(gr.Error) as err:
        last(_human(app.publish)(repo.name, "ko", doc, FORK, UPSTREAM, {}, request=ko))
    assert err.value.message == (
        "요청을 처리하지 못했습니다. 영어 원문: no GitHub token: publish needs one to push and open the pull request"
        " — 힌트: 페이지 맨 위의 “GitHub 토큰” 칸에 토큰을 붙여 넣으세요. 영어 원문: paste a token into “GitHub "
        "token” at the top of the page (a token with 'public_repo' scope)")
    with pytest.raises(gr.Error) as err:
        last(_human(app.publish)(repo.name, "ko", doc, FORK, UPSTREAM, {}, request=en))
    assert err.value.message == ("no GitHub token: publish needs one to push and open the pull request — hint: paste "
                                 "a token into “GitHub token” at the top of the page (a token with 'public_repo' scope)")
