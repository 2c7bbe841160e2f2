"""The agent translates through ``hfi18n mcp`` with its own model: no provider key on the server.

The SDK's own client starts the server over stdio (as in :mod:`tests.test_mcp`) with NO provider configured
and no key in its environment, then translates a missing smolagents doc twice over:

* with ``prepare_translation`` / ``submit_translation``, the test playing the agent (pseudo-translations,
  and hostile answers that must come back as per-segment verdicts with nothing written);
* with ``translate`` through MCP sampling: the client's ``sampling_callback`` is the model, and its bad
  answers are retried and validated like a provider's.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest

from hfi18n.translate.providers import pseudo_answer, pseudo_translate
from tests.conftest import require
from tests.fakes.llm_server import FakeLLMServer
from tests.test_mcp import Session

pytestmark = [pytest.mark.corpus, pytest.mark.slow]


def serve(repo: Path, errlog: Path, body: Callable[[Session], Awaitable[None]],
          sampling: Callable[..., Awaitable[Any]] | None = None, env: dict[str, str] | None = None) -> None:
    """``hfi18n mcp --repo repo`` with no provider configured, a client with ``sampling`` as its model."""
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    exe = require("hfi18n", exe=True)
    config = repo.parent / "empty-hfi18n.toml"  # outside the repo; no provider, no key
    config.write_text("", encoding="utf-8")
    params = StdioServerParameters(command=exe, args=["mcp", "--repo", str(repo)],
                                   env={"HFI18N_CONFIG": str(config), **(env or {})})

    async def main() -> None:
        with errlog.open("a", encoding="utf-8") as err:
            async with AsyncExitStack() as stack:
                read, write = await stack.enter_async_context(stdio_client(params, errlog=err))
                session = await stack.enter_async_context(ClientSession(read, write, sampling_callback=sampling))
                with anyio.fail_after(60):
                    await session.initialize()
                await body(Session(session))

    anyio.run(main)


@pytest.fixture()
def repo(corpus_copy) -> Path:
    require("mcp")
    return corpus_copy("smolagents")


def smallest_missing(repo: Path) -> str:
    from hfi18n import api

    rows = [r for r in api.status(repo, ["ko"], pulls=False).to_json() if r["state"] == "missing"]
    return min(rows, key=lambda r: r["en_lines"] or 10**6)["path"]


def test_agent_translates_with_prepare_and_submit_across_a_restart(repo: Path, tmp_path: Path) -> None:
    doc = smallest_missing(repo)
    target = repo / "docs/source/ko" / doc
    errlog = tmp_path / "stderr.log"
    state: dict[str, Any] = {}

    async def first(s: Session) -> None:
        listed = {t.name: t for t in (await s.session.list_tools()).tools}
        for name in ("prepare_translation", "submit_translation"):
            assert "[cost: free" in listed[name].description
        assert "COSTS TOKENS" in listed["translate"].description and "OPENS A DRAFT PR" in listed["publish"].description
        assert all("[cost:" in t.description and "writes:" in t.description for t in listed.values())

        prep = (await s.call("prepare_translation", lang="ko", doc=doc)).data
        assert prep["target"] == f"docs/source/ko/{doc}" and prep["segments"] and prep["rules"]
        assert prep["job"] in prep["next_step"] and not target.exists()
        good = {seg["id"]: pseudo_translate(seg["text"], "ko") for seg in prep["segments"]}
        with_ph = next(seg["id"] for seg in prep["segments"] if "⟦1⟧" in seg["text"])
        wrong = dict(good, **{with_ph: good[with_ph].replace("⟦1⟧", ""),
                              prep["segments"][0]["id"]: "こんにちは、世界のみなさん"})
        sub = (await s.call("submit_translation", job=prep["job"], translations=wrong)).data
        assert sub["state"] == "incomplete" and not sub["written"] and not target.exists()
        bad = {v["id"]: v["reason"] for v in sub["verdicts"] if not v["ok"]}
        assert set(bad) == {with_ph, prep["segments"][0]["id"]} == set(sub["remaining"])
        assert "dropped ⟦1⟧" in bad[with_ph] and "wrong language" in bad[prep["segments"][0]["id"]]
        state.update(job=prep["job"], fixes={k: good[k] for k in bad})

        bogus = await s.call("submit_translation", job="../../../../etc/passwd", translations={})
        assert bogus.is_error and "not a translation job id" in bogus.text

    async def after_restart(s: Session) -> None:  # the job survived the server's restart
        sub = (await s.call("submit_translation", job=state["job"], translations=state["fixes"])).data
        assert sub["state"] == "written" and sub["written"] and target.is_file()
        assert all(v["ok"] for v in sub["verdicts"]) and sub["remaining"] == []
        chk = (await s.call("check", lang="ko", paths=[doc])).data
        assert chk["ok"] and chk["errors"] == 0
        again = await s.call("submit_translation", job=state["job"], translations={})
        assert again.is_error and "written already" in again.text

    serve(repo, errlog, first)
    serve(repo, errlog, after_restart)


def test_translate_asks_the_clients_model_through_sampling(repo: Path, tmp_path: Path) -> None:
    from mcp.types import CreateMessageResult, TextContent

    doc = smallest_missing(repo)
    target = repo / "docs/source/ko" / doc
    asked: list[Any] = []

    async def model(context: Any, params: Any) -> CreateMessageResult:
        asked.append(params)
        user = params.messages[-1].content.text
        text = pseudo_answer(user, "ko")
        if len(asked) == 1:  # the first answer is chatter around echoed English: rejected, retried
            text = "Sure! Here is the translation:\n" + user
        return CreateMessageResult(role="assistant", content=TextContent(type="text", text=text),
                                   model="client-model-7", stopReason="endTurn")

    async def body(s: Session) -> None:
        out = (await s.call("translate", lang="ko", doc=doc)).data
        assert out["written"] and target.is_file() and out["check"]["ok"], out
        assert out["model"] == "mcp-client" and out["failed_segments"] == []
        assert out["translated"] + out["duplicates"] == out["segments"] > 0 and out["requests"] == len(asked) > 1
        assert asked[0].systemPrompt and "Korean" in asked[0].systemPrompt
        assert all(p.includeContext in (None, "none") for p in asked)

    with FakeLLMServer(api_key="sk-unused-0123456789") as llm:
        serve(repo, tmp_path / "stderr.log", body, sampling=model, env={"OPENAI_BASE_URL": llm.openai_base_url})
        assert llm.requests == [], "no provider is asked"


def test_translate_without_provider_or_sampling_says_what_to_do(repo: Path, tmp_path: Path) -> None:
    doc = smallest_missing(repo)

    async def body(s: Session) -> None:
        res = await s.call("translate", lang="ko", doc=doc)
        assert res.is_error and "no translation provider is configured" in res.text
        assert "prepare_translation" in res.text
        assert not (repo / "docs/source/ko" / doc).exists()

    serve(repo, tmp_path / "stderr.log", body)


def test_a_client_that_declines_sampling_stops_the_run_at_once(repo: Path, tmp_path: Path) -> None:
    from mcp.types import ErrorData

    doc = smallest_missing(repo)
    asked: list[Any] = []

    async def declines(context: Any, params: Any) -> ErrorData:
        asked.append(params)
        return ErrorData(code=-1, message="User rejected sampling request")

    async def body(s: Session) -> None:
        res = await s.call("translate", lang="ko", doc=doc, concurrency=1)
        assert res.is_error and "refused to let its model translate" in res.text, res.text
        assert "User rejected" in res.text and "prepare_translation" in res.text
        assert len(asked) == 1, "a refusal is not asked again"
        assert not (repo / "docs/source/ko" / doc).exists()

    serve(repo, tmp_path / "stderr.log", body, sampling=declines)
