"""``hfi18n mcp`` end to end: the SDK's own client starts the server over stdio and calls every tool.

The server runs as a subprocess (the venv's ``hfi18n mcp --repo <smolagents clone>``) with the loopback LLM
(``tests/fakes/llm_server.py``) and the fake GitHub (``tests/fakes/github_server.py``, with local bare
repos as upstream and fork) reached through the environment, as Claude Desktop or Cursor would run it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import require
from tests.fakes.github_server import FakeGitHub
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import git

LLM_KEY = "sk-mcp-SECRET-llm-key-0123456789"
GH_TOKEN = "ghp_mcpSECRETgithubToken0123456789"
UPSTREAM, FORK = "huggingface/smolagents", "me/smolagents"
TOOLS = {"status", "next_docs", "check", "plan", "translate", "toctree", "publish", "glossary_lookup", "review",
         "batch_submit", "batch_status", "batch_collect", "batch_cancel", "prepare_translation", "submit_translation",
         "approve"}


@dataclass
class Call:
    """One tool call as the client saw it, in wire form (``isError``, ``structuredContent``, ``content``)."""

    name: str
    wire: dict[str, Any]
    progress: list[tuple[float, float | None]] = field(default_factory=list)

    @property
    def is_error(self) -> bool:
        return bool(self.wire.get("isError"))

    @property
    def data(self) -> dict[str, Any]:
        assert not self.is_error, f"{self.name} failed: {self.text}"
        return self.wire["structuredContent"]

    @property
    def text(self) -> str:
        return "\n".join(c.get("text", "") for c in self.wire.get("content", []))


@dataclass
class Session:
    """A client session with ``hfi18n mcp``; ``calls`` keeps every answer to search for secrets."""

    session: Any
    calls: list[Call] = field(default_factory=list)

    async def call(self, name: str, progress: bool = False, **arguments: Any) -> Call:
        import anyio

        seen: list[tuple[float, float | None]] = []

        async def on_progress(done: float, total: float | None, message: str | None) -> None:
            seen.append((done, total))

        with anyio.fail_after(120):
            result = await self.session.call_tool(name, arguments,
                                                  progress_callback=on_progress if progress else None)
        call = Call(name, result.model_dump(mode="json", by_alias=True), seen)
        self.calls.append(call)
        return call


def serve(repo: Path, env: dict[str, str], errlog: Path, body: Callable[[Session], Awaitable[None]]) -> None:
    """Start ``hfi18n mcp --repo repo`` with ``env`` and run ``body`` with a connected session."""
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    exe = require("hfi18n", exe=True)
    params = StdioServerParameters(command=exe, args=["mcp", "--repo", str(repo)], env=env)

    async def main() -> None:
        with errlog.open("w", encoding="utf-8") as err:
            async with AsyncExitStack() as stack:
                read, write = await stack.enter_async_context(stdio_client(params, errlog=err))
                session = await stack.enter_async_context(ClientSession(read, write))
                with anyio.fail_after(60):
                    await session.initialize()
                await body(Session(session))

    anyio.run(main)


@dataclass
class World:
    repo: Path
    upstream: Path
    fork: Path
    config: Path
    errlog: Path
    llm: FakeLLMServer
    gh: FakeGitHub

    def env(self, **extra: str) -> dict[str, str]:
        return {"HFI18N_CONFIG": str(self.config), "OPENAI_API_KEY": LLM_KEY, "GITHUB_TOKEN": GH_TOKEN,
                "OPENAI_BASE_URL": self.llm.openai_base_url, **extra}


@pytest.fixture()
def world(corpus_copy, tmp_path: Path):
    require("mcp")
    repo = corpus_copy("smolagents")
    git(repo, "config", "user.name", "Kim Translator")
    git(repo, "config", "user.email", "kim@example.com")
    upstream, fork = tmp_path / "upstream.git", tmp_path / "fork.git"
    git(tmp_path, "clone", "-q", "--bare", str(repo), str(upstream))
    git(tmp_path, "clone", "-q", "--bare", str(upstream), str(fork))
    with FakeLLMServer(api_key=LLM_KEY) as llm, FakeGitHub(token=GH_TOKEN) as gh:
        gh.add_repo(UPSTREAM, clone_url=upstream.as_uri())
        gh.add_repo(FORK, clone_url=fork.as_uri(), parent=UPSTREAM)
        config = tmp_path / "hfi18n.toml"  # outside the repo: the clone stays as the translator has it
        config.write_text(f'provider = "openai"\nmodel = "gpt-test"\n[github]\nupstream = "{UPSTREAM}"\n'
                          f'fork = "{FORK}"\napi_url = "{gh.url}"\n', encoding="utf-8")
        yield World(repo, upstream, fork, config, tmp_path / "server-stderr.log", llm, gh)


def assert_no_secret(s: Session, errlog: Path) -> None:
    for secret in (LLM_KEY, GH_TOKEN):
        for call in s.calls:
            assert secret not in json.dumps(call.wire), f"{call.name} showed a secret"
        assert secret not in errlog.read_text(encoding="utf-8"), "the server's stderr showed a secret"


@pytest.mark.corpus
@pytest.mark.slow
def test_mcp_server_walks_the_whole_loop(world: World) -> None:
    async def body(s: Session) -> None:
        listed = await s.session.list_tools()
        tools = {t.name: t.model_dump(mode="json", by_alias=True) for t in listed.tools}
        assert set(tools) == TOOLS
        for name, tool in tools.items():
            assert tool["inputSchema"]["type"] == "object", name
            assert tool["outputSchema"]["type"] == "object", name
            assert len(tool["description"]) > 80, name
        assert "lang" in tools["translate"]["inputSchema"]["required"]
        assert "costs tokens" in tools["translate"]["description"].lower()
        assert tools["check"]["annotations"]["readOnlyHint"] is True
        assert not any("key" in p or "token" in p or "base_url" in p
                       for t in tools.values() for p in t["inputSchema"]["properties"]), "secrets are not arguments"

        status = (await s.call("status", lang="ko", pulls=False)).data
        [ko] = status["languages"]
        assert ko["lang"] == "ko" and ko["english_docs"] > 20 and ko["counts"]["missing"] > 0
        assert {d["lang"] for d in status["docs"]} == {"ko"} and len(status["docs"]) >= ko["english_docs"]
        missing = (await s.call("status", lang="ko", states=["missing"], pulls=False)).data["docs"]
        assert len(missing) == ko["counts"]["missing"] and {d["state"] for d in missing} == {"missing"}

        nxt = (await s.call("next_docs", lang="ko", n=3, pulls=False)).data
        assert [d["rank"] for d in nxt["docs"]] == [1, 2, 3]
        assert all(d["state"] == "missing" for d in nxt["docs"])
        doc = min(missing, key=lambda d: d["en_lines"] or 10**6)["path"]  # the smallest missing doc

        gloss = (await s.call("glossary_lookup", lang="ko", text="Agents call tools and fine-tune models.")).data
        assert gloss["lang"] == "ko" and 0 < len(gloss["terms"]) < gloss["total"]
        assert gloss["prompt"]

        plan = (await s.call("plan", lang="ko", docs=[doc])).data
        assert plan["files"] == 1 and plan["segments"] > 0 and plan["tokens_in"] > 0 and plan["requests"] > 0
        assert plan["model"] == "gpt-test" and plan["docs"][0]["path"] == doc
        assert world.llm.requests == [], "plan sends nothing"

        tr = await s.call("translate", progress=True, lang="ko", doc=doc)
        out = tr.data
        target = world.repo / "docs/source/ko" / doc
        assert out["written"] and out["path"] == f"docs/source/ko/{doc}" and target.is_file()
        assert out["check"] == {"ok": True, "errors": 0, "findings": []} and out["failed_segments"] == []
        assert out["translated"] == out["segments"] > 0 and out["requests"] == len(world.llm.requests) > 0
        assert all(r.headers["authorization"] == f"Bearer {LLM_KEY}" for r in world.llm.requests)
        assert tr.progress and tr.progress[-1][0] == tr.progress[-1][1] == out["segments"]

        again = await s.call("translate", lang="ko", doc=doc)  # an existing translation is never overwritten
        assert again.is_error and "not translated" in again.text and "update" in again.text

        chk = (await s.call("check", lang="ko", docs=[doc])).data
        assert chk["files"] == 1 and chk["ok"] and chk["errors"] == 0

        rev = (await s.call("review", lang="ko", docs=[doc])).data
        [reviewed] = rev["docs"]
        assert reviewed["file"] == f"docs/source/ko/{doc}" and reviewed["english_file"] == f"docs/source/en/{doc}"
        assert rev["counts"].get("error", 0) == 0

        translated = target.read_text(encoding="utf-8")  # a PR whose translation lost a heading's anchor
        heading = next(ln for ln in translated.splitlines() if ln.startswith("#") and "[[" in ln)
        broken = translated.replace(heading, heading[:heading.index("[[")].rstrip(), 1)
        en_text = (world.repo / "docs/source/en" / doc).read_text(encoding="utf-8")
        review_pr = world.gh.add_review_pull(UPSTREAM, base={f"docs/source/en/{doc}": en_text},
                                             head={f"docs/source/ko/{doc}": broken})
        prv = (await s.call("review", pr=f"{UPSTREAM}#{review_pr['number']}", post=True)).data
        [pr_doc] = prv["docs"]
        lost = [f for f in pr_doc["findings"] if f["rule"] == "anchors" and f["severity"] == "error"]
        assert prv["pull"] == f"{UPSTREAM}#{review_pr['number']}" and prv["posted"]["review_id"]
        assert lost and lost[0]["fix"]["new"] == heading
        assert len(world.gh.reviews[(UPSTREAM, review_pr["number"])]) == 1

        toc = (await s.call("toctree", lang="ko", docs=[doc], no_llm=True)).data
        local = doc.rsplit(".", 1)[0]
        assert toc["written"] and [c["local"] for c in toc["changes"]] == [local]
        assert toc["changes"][0]["action"] in ("added", "replaced-placeholder")
        assert f"local: {local}\n" in (world.repo / "docs/source/ko/_toctree.yml").read_text(encoding="utf-8")

        preview = (await s.call("publish", lang="ko", doc=doc, no_llm=True, dry_run=True)).data
        assert preview["dry_run"] and preview["url"] == ""
        assert not [r for r in world.gh.of("POST", f"/repos/{UPSTREAM}/pulls") if r.path == f"/repos/{UPSTREAM}/pulls"]
        pr = (await s.call("publish", lang="ko", doc=doc, no_llm=True)).data
        assert pr["body"] == preview["body"] and pr["title"] == preview["title"] and not pr["dry_run"]
        assert pr["draft"] is True and pr["url"] == f"https://github.com/{UPSTREAM}/pull/{pr['number']}"
        assert pr["title"] == f"🌐 [i18n-KO] Translated `{doc}` to Korean"
        [post] = [r for r in world.gh.of("POST", f"/repos/{UPSTREAM}/pulls") if r.path == f"/repos/{UPSTREAM}/pulls"]
        assert post.body["draft"] is True and post.body["head"] == f"me:{pr['branch']}"
        assert git(world.fork, "rev-parse", pr["branch"]).strip() == pr["commits"][-1]

        outdated = (await s.call("status", lang="ko", states=["outdated"], pulls=False)).data["docs"]
        old_doc = min((d for d in outdated if d["lines_added"] > 0), key=lambda d: d["en_lines"])["path"]
        human = (world.repo / "docs/source/ko" / old_doc).read_text(encoding="utf-8")
        sent = len(world.llm.requests)
        upd = (await s.call("translate", lang="ko", doc=old_doc, update=True)).data
        assert upd["written"] and upd["update"]["kept"] > 0 and upd["update"]["changed"] > 0, upd
        assert upd["summary"].startswith(f"kept {upd['update']['kept']} human segment(s)"), upd  # the CLI's words
        assert 0 < upd["translated"] < upd["update"]["kept"] + upd["update"]["changed"]
        assert len(world.llm.requests) > sent, "only the changed segments went to the LLM"
        updated = (world.repo / "docs/source/ko" / old_doc).read_text(encoding="utf-8")
        human_lines = [line for line in human.splitlines() if len(line) > 30 and not line.isascii()]
        assert updated != human and sum(line in updated for line in human_lines) > len(human_lines) // 2

        assert_no_secret(s, world.errlog)

    serve(world.repo, world.env(), world.errlog, body)


@pytest.mark.corpus
@pytest.mark.slow
def test_bad_arguments_give_tool_errors_with_the_library_message(world: World) -> None:
    async def body(s: Session) -> None:
        bad_lang = await s.call("check", lang="../..")
        assert bad_lang.is_error and "is not a language code" in bad_lang.text and "hint:" in bad_lang.text

        outside = await s.call("translate", lang="ko", doc="../../../../etc/passwd")
        assert outside.is_error and "outside" in outside.text
        assert world.llm.requests == []

        absolute = await s.call("check", lang="ko", docs=["/etc/passwd"])
        assert absolute.is_error and "passwd" in absolute.text and "root:" not in absolute.text

        no_doc = await s.call("plan", lang="ko", docs=["no/such/doc.md"])
        assert no_doc.is_error and "no doc no/such/doc.md" in no_doc.text

        nothing = await s.call("plan", lang="ko")
        assert nothing.is_error and "next_n" in nothing.text
        no_target = await s.call("review")
        assert no_target.is_error and "lang" in no_target.text and "pr" in no_target.text

        for name, args in (("next_docs", {"lang": "ko", "n": 0}), ("status", {"lang": 5}),
                           ("translate", {"lang": "ko"}), ("plan", {"lang": "ko", "provider": "evil"})):
            res = await s.call(name, **args)
            assert res.is_error, (name, args)
        unknown_lang = await s.call("next_docs", lang="xx", pulls=False)
        assert unknown_lang.is_error and "no docs folder for language" in unknown_lang.text

        no_token = await s.call("publish", lang="ko", doc="index.md", no_llm=True)  # GITHUB_TOKEN unset
        assert no_token.is_error and "GITHUB_TOKEN" in no_token.text
        assert world.gh.of("POST", f"/repos/{UPSTREAM}/pulls") == []

        assert_no_secret(s, world.errlog)

    env = world.env()
    del env["GITHUB_TOKEN"]
    serve(world.repo, env, world.errlog, body)


@pytest.mark.corpus
@pytest.mark.slow
def test_secrets_echoed_by_hostile_servers_never_reach_the_client(world: World) -> None:
    """The LLM and GitHub answer 401 quoting the key they received: the tool errors must not repeat it.

    The LLM key comes from the environment, the GitHub token from the config file.
    """
    world.llm.api_key = "the-server-wants-another-key"
    world.gh.token = "the-server-wants-another-token"
    world.gh.echo_token = True
    world.config.write_text(world.config.read_text(encoding="utf-8") + f'token = "{GH_TOKEN}"\n', encoding="utf-8")
    env = world.env()
    del env["GITHUB_TOKEN"]

    async def body(s: Session) -> None:
        doc = (await s.call("next_docs", lang="ko", n=1, pulls=False)).data["docs"][0]["path"]
        tr = await s.call("translate", lang="ko", doc=doc)
        assert tr.is_error or tr.data["failed_segments"], "a rejected key cannot produce a translation"
        assert world.llm.requests and all(r.status == 401 for r in world.llm.requests)
        status = (await s.call("status", lang="ko", pulls=True)).data  # GitHub refuses the PR listing
        assert status["docs"]
        pub = await s.call("publish", lang="ko", doc="index.md", no_llm=True)
        assert pub.is_error
        assert world.gh.requests, "the fake GitHub was asked"
        assert_no_secret(s, world.errlog)
        assert not (world.repo / "docs/source/ko" / doc).exists()
        assert any(GH_TOKEN in r.headers.get("authorization", "") for r in world.gh.requests)

    serve(world.repo, env, world.errlog, body)


@pytest.mark.corpus
@pytest.mark.slow
def test_cancelling_translate_stops_it_and_keeps_finished_segments(world: World) -> None:
    """An agent (or its user) cancels a running translate: no file, the memory keeps what was done."""
    from importlib.metadata import version

    import anyio

    async def body(s: Session) -> None:
        missing = (await s.call("status", lang="ko", states=["missing"], pulls=False)).data["docs"]
        doc = max(missing, key=lambda d: d["en_lines"])["path"]  # the largest: many requests
        planned = (await s.call("plan", lang="ko", docs=[doc])).data
        assert planned["requests"] >= 3, planned
        target = world.repo / "docs/source/ko" / doc

        world.llm.latency(1.0)
        started = anyio.Event()
        scope = anyio.CancelScope()

        async def on_progress(done: float, total: float | None, message: str | None) -> None:
            if done > 0:  # a batch is done (a note before the first request, e.g. the team's examples, is not)
                started.set()

        async def run() -> None:
            with scope:
                await s.session.call_tool("translate", {"lang": "ko", "doc": doc, "concurrency": 1},
                                          progress_callback=on_progress)

        async with anyio.create_task_group() as tg:
            request_id = getattr(s.session, "_request_id", None)
            tg.start_soon(run)
            with anyio.fail_after(60):
                await started.wait()  # the first batch is done
            if int(version("mcp").split(".")[0]) < 2:  # 1.x clients do not tell the server they gave up
                from mcp import types

                await s.session.send_notification(types.ClientNotification(types.CancelledNotification(
                    method="notifications/cancelled",
                    params=types.CancelledNotificationParams(requestId=request_id, reason="stop"))))
            scope.cancel()

        with anyio.fail_after(30):  # the server stops within the requests in flight
            while True:
                before = len(world.llm.requests)
                await anyio.sleep(1.0)
                if len(world.llm.requests) == before:
                    break
        sent = len(world.llm.requests)
        assert 0 < sent < planned["requests"], "cancelled before the end"
        assert not target.exists(), "a cancelled doc is never written half-translated"

        world.llm.latency(0.0)
        out = (await s.call("translate", lang="ko", doc=doc)).data  # resumes: finished segments are free
        assert out["written"] and target.is_file() and out["check"]["ok"]
        assert out["from_memory"] > 0 and out["translated"] < out["segments"], out
        assert len(world.llm.requests) - sent < planned["requests"]

    serve(world.repo, world.env(), world.errlog, body)


@pytest.mark.corpus
@pytest.mark.slow
def test_batch_tools_submit_then_collect_like_translate(world: World) -> None:
    async def body(s: Session) -> None:
        doc = (await s.call("next_docs", lang="ko", n=1, pulls=False)).data["docs"][0]["path"]
        target = world.repo / "docs/source/ko" / doc
        world.llm.batches.per_poll = 0  # the provider runs nothing yet: the batch is still running

        sub = (await s.call("batch_submit", lang="ko", docs=[doc])).data
        assert sub["state"] == "submitted" and sub["rounds"][0]["batch_id"] and sub["docs"] == []
        assert not target.exists(), "submit writes nothing"
        assert {r.path.split("?")[0] for r in world.llm.requests} == {"/v1/files", "/v1/batches"}

        [job] = (await s.call("batch_status", job=sub["job"])).data["jobs"]
        assert job["job"] == sub["job"] and job["state"] in ("submitted", "running")

        running = (await s.call("batch_collect", job=sub["job"])).data
        assert running["state"] == "running" and not target.exists()
        world.llm.batches.per_poll = None

        done = (await s.call("batch_collect", job=sub["job"])).data
        assert done["state"] == "done" and done["usage"]["cost_usd"] >= 0
        [written] = done["docs"]
        assert written["written"] and written["path"] == f"docs/source/ko/{doc}" and target.is_file()
        assert written["check"]["ok"] and written["failed_segments"] == []

        again = (await s.call("batch_collect", job=sub["job"])).data
        assert again["state"] == "already-collected" and again["docs"] == []
        nothing_open = await s.call("batch_cancel")
        assert nothing_open.is_error and "no batch job" in nothing_open.text
        bad_id = await s.call("batch_status", job="../../etc")
        assert bad_id.is_error and "not a batch job id" in bad_id.text
        assert_no_secret(s, world.errlog)

    serve(world.repo, world.env(), world.errlog, body)


def test_mcp_without_the_sdk_names_the_install_command(tmp_path: Path) -> None:
    """`hfi18n mcp` where the SDK cannot be imported: exit 2 and the exact pip command."""
    (tmp_path / "docs/source/en").mkdir(parents=True)
    code = ("import sys; sys.modules['mcp'] = None\n"  # makes `import mcp` fail as if it were not installed
            "from hfi18n.cli import main\n"
            f"sys.exit(main(['mcp', '--repo', {str(tmp_path)!r}]))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert "needs the MCP Python SDK" in proc.stderr
    assert "pip install 'mcp" in proc.stderr and "hfi18n[mcp]" not in proc.stderr  # no such package (issue 26)
    assert proc.stdout == ""


def test_unknown_arguments_are_errors_and_one_idea_has_one_name(repo: Path, tmp_path: Path) -> None:
    """Issue 33 item 12: ``check`` called with ``docs`` (its argument was ``paths``) checked the whole language,
    the argument silently dropped; ``plan`` said ``"model": "pseudo"`` outside demo mode; errors named CLI
    flags (``pass --lang ko``). Now ``docs``/``doc`` and ``lang`` everywhere, older names as aliases."""
    require("mcp")

    async def body(s: Session) -> None:
        listed = await s.session.list_tools()
        schemas = {t.name: t.inputSchema for t in listed.tools}
        assert all(sch.get("additionalProperties") is False for sch in schemas.values())
        for name in ("check", "plan", "toctree", "review", "batch_submit"):
            assert "docs" in schemas[name]["properties"] and "paths" not in schemas[name]["properties"], name
        assert "lang" in schemas["status"]["properties"] and "langs" not in schemas["status"]["properties"]

        one = await s.call("check", lang="ko", docs=["quicktour.md"])
        assert one.data["files"] == 1
        assert (await s.call("check", lang="ko", docs=["quicktour.md"])).data["files"] == 1  # the older name
        wrong = await s.call("check", lang="ko", documents=["quicktour.md"])
        assert wrong.is_error and "takes no argument 'documents'" in wrong.text and "docs" in wrong.text
        assert (await s.call("status", lang="ko", pulls=False)).data["languages"][0]["lang"] == "ko"

        plan = await s.call("plan", lang="ko", docs=["training.md"])
        assert plan.data["model"] is None and plan.data["segments"] > 0

        spelled = await s.call("check", lang="KO")
        assert spelled.is_error and 'lang="ko"' in spelled.text and "--lang" not in spelled.text
        new = await s.call("translate", lang="fr", doc="index.md")
        assert new.is_error and "new_language=true" in new.text and "--" not in new.text

    env = {"HFI18N_CONFIG": "", "HF_HOME": str(tmp_path / "hf")}
    serve(repo, env, tmp_path / "server-stderr.log", body)
