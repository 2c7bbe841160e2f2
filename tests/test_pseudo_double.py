"""Issue 23 item 4 and issue 26: ``pseudo`` is a test double, never a translator.

Every test runs on the bundled example repository (:func:`hfi18n.example.build_example_repo`: real git
history, a human Korean ``index.md`` that the English has moved past, a missing ``training.md``) through
the interface users call: the CLI, the web app's handlers and page, the MCP server over stdio.
Before: ``translate --provider pseudo`` wrote an unmarked page that ``status`` called up to date and
``check`` passed, ``--update --provider pseudo`` rewrote the human ``index.md``, the web app's provider
picker started on pseudo and the MCP server listed it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.doc.draft import PSEUDO_MARK, is_pseudo
from hfi18n.errors import RefusedError
from hfi18n.example import build_example_repo
from tests.conftest import require
from tests.helpers import git, isolate_env

KO = "docs/source/ko"


@pytest.fixture()
def repo(tmp_path: Path, monkeypatch) -> Path:
    isolate_env(monkeypatch, tmp_path)
    return build_example_repo(tmp_path / "ex")


def _json(capsys, *argv: str) -> tuple[int, object]:
    code = main(list(argv))
    return code, json.loads(capsys.readouterr().out)


def _status(capsys, repo: Path) -> dict[str, dict]:
    code, rows = _json(capsys, "status", "--repo", str(repo), "--lang", "ko", "--format", "json")
    assert code == 0
    return {d["path"]: d for d in rows if d["lang"] == "ko"}


def test_pseudo_output_is_a_marked_draft_that_status_check_review_and_publish_see(repo: Path, capsys) -> None:
    code, run = _json(capsys, "translate", "--repo", str(repo), "--lang", "ko", "training.md", "--provider",
                      "pseudo", "--format", "json")
    assert code == 0 and run["docs"][0]["written"] and run["docs"][0]["draft"]
    text = (repo / KO / "training.md").read_text(encoding="utf-8")
    assert text.startswith(PSEUDO_MARK) and "test output, not a translation" in text.splitlines()[0]

    row = _status(capsys, repo)["training.md"]  # uncommitted, then committed with an ordinary message
    assert row["state"] == "in-progress" and {"draft", "pseudo"} <= set(row["flags"])
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "docs: ko training")
    assert _status(capsys, repo)["training.md"]["state"] == "in-progress"

    code, findings = _json(capsys, "check", "--repo", str(repo), "--lang", "ko", "training.md", "--format", "json")
    assert code == 1
    [pseudo] = [f for f in findings if f["check"] == "pseudo"]
    assert pseudo["severity"] == "error" and pseudo["line"] == 1 and "not a translation" in pseudo["message"]

    code, review = _json(capsys, "review", "--repo", str(repo), "--lang", "ko", "training.md", "--format", "json")
    assert code == 1 and "not a translation" in json.dumps(review, ensure_ascii=False)

    capsys.readouterr()
    assert main(["publish", "--repo", str(repo), "--lang", "ko", "training.md", "--dry-run", "--no-llm"]) != 0
    assert "draft" in capsys.readouterr().err
    assert "ko-training" not in git(repo, "branch", "--list")  # no PR branch made, no body written


def test_pseudo_never_replaces_a_human_translation(repo: Path, capsys) -> None:
    human = repo / KO / "index.md"
    before = human.read_bytes()
    for flag in ("--update", "--force"):
        assert main(["translate", "--repo", str(repo), "--lang", "ko", "index.md", flag, "--provider", "pseudo"]) != 0
        err = capsys.readouterr().err
        assert "test double" in err and "never replaces a translation" in err
        assert human.read_bytes() == before

    # a batch (--next) skips the human page, saying why, and still writes the missing one as a pseudo draft
    code, run = _json(capsys, "translate", "--repo", str(repo), "--lang", "ko", "--next", "3", "--update",
                      "--provider", "pseudo", "--format", "json")
    assert code == 1 and human.read_bytes() == before
    assert [s["path"] for s in run["skipped"]] == ["index.md"] and "test double" in run["skipped"][0]["reason"]
    assert [d["path"] for d in run["docs"]] == ["training.md"]
    assert is_pseudo((repo / KO / "training.md").read_text(encoding="utf-8"))

    # pseudo output may be redone by pseudo (--force), and replaced by a real provider
    assert main(["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--force", "--provider",
                 "pseudo"]) == 0


def test_publish_refuses_the_pseudo_provider_for_toctree_titles(repo: Path, capsys) -> None:
    assert main(["publish", "--repo", str(repo), "--lang", "ko", "index.md", "--dry-run", "--provider",
                 "pseudo"]) != 0
    assert "test double" in capsys.readouterr().err


def test_update_with_a_real_provider_keeps_nothing_of_a_pseudo_draft(repo: Path, capsys, monkeypatch) -> None:
    """Its scrambled segments are no one's text: a real update re-translates every one (they were kept as
    human and the draft mark was dropped, so pseudo text passed as finished)."""
    from tests.fakes.llm_server import FakeLLMServer

    assert main(["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--provider", "pseudo"]) == 0
    capsys.readouterr()
    english = repo / "docs/source/en/training.md"
    english.write_text(english.read_text(encoding="utf-8") + "\nOne more English paragraph.\n", encoding="utf-8")
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    with FakeLLMServer() as server:
        code, run = _json(capsys, "translate", "--repo", str(repo), "--lang", "ko", "training.md", "--update",
                          "--provider", "openai", "--base-url", server.openai_base_url, "--format", "json")
    if run.get("skipped"):  # a draft is not "outdated": the user replaces it
        with FakeLLMServer() as server:
            code, run = _json(capsys, "translate", "--repo", str(repo), "--lang", "ko", "training.md", "--force",
                              "--provider", "openai", "--base-url", server.openai_base_url, "--format", "json")
    assert code == 0 and run["docs"][0]["written"] and not run["docs"][0]["draft"]
    assert run["docs"][0]["summary"].get("kept_human", 0) == 0
    assert not is_pseudo((repo / KO / "training.md").read_text(encoding="utf-8"))


# ------------------------------------------------------------------------------ web app (issue 26)


def _provider_picker(app) -> object:
    return next(b for b in app.blocks.values() if getattr(b, "elem_id", None) == "hf-provider")


def test_web_app_offers_pseudo_only_in_demo_mode(repo: Path) -> None:
    require("gradio")
    from hfi18n.config import Config
    from hfi18n.web import build_app
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.workspace import Workspace

    picker = _provider_picker(build_app(repo))
    assert "pseudo" not in [c[1] for c in picker.choices] and picker.value in (None, "")
    configured = _provider_picker(build_app(repo, config=Config({"provider": "pseudo"})))
    assert "pseudo" not in [c[1] for c in configured.choices] and configured.value in (None, "")
    demo = _provider_picker(build_app(repo, demo=True))
    assert "pseudo" in [c[1] for c in demo.choices] and demo.value == "pseudo"

    app = WebApp(Workspace([repo]))
    for provider in ("pseudo", ""):  # "" with pseudo configured is pseudo too
        with pytest.raises(RefusedError, match="test double"):
            list(WebApp(Workspace([repo], config=Config({"provider": "pseudo"}))).translate(
                repo.name, "ko", "training.md", False, False, provider, "", "", None))
    with pytest.raises(RefusedError, match="only in demo mode"):
        app.plan(repo.name, "ko", "training.md", False, False, "pseudo", "", "", None)
    assert not (repo / KO / "training.md").exists()


def test_web_demo_writes_pseudo_only_as_its_draft_and_never_over_a_human_page(repo: Path) -> None:
    require("gradio")
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.workspace import Workspace

    app = WebApp(Workspace([repo]), demo=True)
    *_, (_, state, *_rest) = app.translate(repo.name, "ko", "training.md", False, False, "pseudo", "", "", None)
    assert state["pseudo"]
    assert "marked draft" in app.write(repo.name, state, False)
    assert is_pseudo((repo / KO / "training.md").read_text(encoding="utf-8"))

    # an update of the human page with pseudo is refused before anything is translated
    before = (repo / KO / "index.md").read_bytes()
    with pytest.raises(RefusedError, match="test double"):
        list(app.translate(repo.name, "ko", "index.md", True, False, "pseudo", "", "", None))
    assert (repo / KO / "index.md").read_bytes() == before


# ------------------------------------------------------------------------------ MCP server


def _mcp(repo: Path, args: list[str], body) -> None:
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    exe = str(Path(__import__("sys").executable).with_name("hfi18n"))
    params = StdioServerParameters(command=exe, args=["mcp", "--repo", str(repo), *args],
                                   env={**__import__("os").environ})

    async def run() -> None:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            await body(session)

    anyio.run(run)


def _provider_enum(schema: dict) -> list:
    prop = schema["properties"]["provider"]
    return [v for alt in prop.get("anyOf", [prop]) for v in alt.get("enum", [])]


def test_mcp_server_lists_and_takes_pseudo_only_in_demo_mode(repo: Path) -> None:
    require("mcp")

    async def plain(session) -> None:
        tools = {t.name: t.inputSchema for t in (await session.list_tools()).tools}
        assert "pseudo" not in _provider_enum(tools["translate"]) and "openai" in _provider_enum(tools["translate"])
        res = await session.call_tool("translate", {"lang": "ko", "doc": "training.md", "provider": "pseudo"})
        assert res.isError

    _mcp(repo, [], plain)
    assert not (repo / KO / "training.md").exists()

    async def demo(session) -> None:
        tools = {t.name: t.inputSchema for t in (await session.list_tools()).tools}
        assert "pseudo" in _provider_enum(tools["translate"])
        res = await session.call_tool("translate", {"lang": "ko", "doc": "training.md", "provider": "pseudo"})
        assert not res.isError, res.content

    _mcp(repo, ["--demo"], demo)
    assert is_pseudo((repo / KO / "training.md").read_text(encoding="utf-8"))

    (repo / "hfi18n.toml").write_text('provider = "pseudo"\n', encoding="utf-8")

    async def configured(session) -> None:
        res = await session.call_tool("translate", {"lang": "ko", "doc": "training.md", "update": True})
        assert res.isError and "demo" in " ".join(getattr(c, "text", "") for c in res.content)

    _mcp(repo, [], configured)


def test_demo_command_still_runs(tmp_path: Path, monkeypatch, capsys) -> None:
    isolate_env(monkeypatch, tmp_path)
    assert main(["demo", "--dir", str(tmp_path / "d")]) in (0, None)
    assert "--provider pseudo" in capsys.readouterr().err


def test_toctree_titles_are_never_pseudo_output(repo: Path, capsys) -> None:
    """A new toctree section title translated by pseudo went into ``_toctree.yml`` as if translated."""
    en_toc = repo / "docs/source/en/_toctree.yml"
    en_toc.write_text(en_toc.read_text(encoding="utf-8") + "- title: Guides\n  sections:\n  - local: guide\n"
                      "    title: A guide\n", encoding="utf-8")
    (repo / "docs/source/en/guide.md").write_text("# A guide\n\nSome guidance.\n", encoding="utf-8")
    (repo / KO / "guide.md").write_text("# 안내서\n\n사람이 쓴 안내입니다.\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "docs: a guide")
    toc = repo / KO / "_toctree.yml"
    before = toc.read_bytes()
    assert main(["toctree", "--repo", str(repo), "--lang", "ko", "guide.md", "--provider", "pseudo"]) != 0
    assert "test double" in capsys.readouterr().err and toc.read_bytes() == before
    assert main(["toctree", "--repo", str(repo), "--lang", "ko", "guide.md", "--no-llm"]) == 0
    assert "title: Guides" in toc.read_text(encoding="utf-8")


def _served_provider_picker(repo: Path, *flags: str) -> dict:
    """The provider picker of the page ``hfi18n serve`` serves (its Gradio config)."""
    import socket
    import subprocess
    import time

    import httpx

    exe = require("hfi18n", exe=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([exe, "serve", "--repo", str(repo), "--port", str(port), *flags],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(240):
            try:
                config = httpx.get(f"http://127.0.0.1:{port}/config", timeout=2).json()
                break
            except httpx.TransportError:
                assert proc.poll() is None, proc.communicate()[1]
                time.sleep(0.25)
        return next(c["props"] for c in config["components"] if c.get("props", {}).get("elem_id") == "hf-provider")
    finally:
        proc.terminate()
        proc.wait(30)


def test_serve_preselects_no_provider_and_offers_pseudo_only_with_demo(repo: Path) -> None:
    """Issue 26: "The provider picker defaults to pseudo; nothing should be preselected that does not
    really translate." """
    require("gradio")
    plain = _served_provider_picker(repo)
    assert [c[1] for c in plain["choices"]] == ["anthropic", "openai", "hf"] and plain.get("value") in (None, "", [])
    demo = _served_provider_picker(repo, "--demo")
    assert "pseudo" in [c[1] for c in demo["choices"]] and demo["value"] == "pseudo"
