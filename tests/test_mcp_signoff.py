"""The MCP server's share of issues 35 and 36: ``approve`` (the sign-off on record, as ``hfi18n approve``
gives it) and ``translate`` with ``second_model``, through the SDK's own client over stdio (``hfi18n mcp``
as a subprocess) on the example repository, with the loopback LLM server (``tests/fakes/llm_server.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from hfi18n import api
from hfi18n.doc.draft import mark_draft
from hfi18n.doc.notice import has_notice
from hfi18n.repo.layout import DocsLayout
from hfi18n.repo.signoff import read_record, review_state
from tests.conftest import require
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import git
from tests.test_mcp import Session, serve

KEY = "sk-mcp-signoff-key-0123456789"
FIRST, SECOND = "gpt-test", "gpt-second"
HEADING = "Prepare a dataset"


def test_approve_over_mcp_refuses_like_the_cli_and_records_the_same_sign_off(repo: Path, tmp_path: Path) -> None:
    """A machine page written by ``translate`` (with a second model asked: its disagreeing draft comes back
    beside the first) is refused by ``approve`` while a code block is lost, approved once it is whole
    (the record says who, the notice is gone, the state is ``reviewed`` as the CLI's status reads it);
    a page with the draft mark is refused and gets no record."""
    require("mcp")
    git(repo, "config", "user.name", "Kim Reviewer")
    git(repo, "config", "user.email", "kim@example.com")
    layout = DocsLayout.open(repo)
    training = layout.path("ko", "training.md")
    config = tmp_path / "hfi18n.toml"
    config.write_text(f'provider = "openai"\nmodel = "{FIRST}"\n', encoding="utf-8")

    with FakeLLMServer(api_key=KEY) as llm:
        llm.segment_reply(HEADING, "데이터셋 준비", model=FIRST)
        llm.segment_reply(HEADING, "학습에 쓸 자료를 모아 둡니다", model=SECOND)

        async def body(s: Session) -> None:
            tools = {t.name: t for t in (await s.session.list_tools()).tools}
            ann = tools["approve"].annotations
            assert (ann.readOnlyHint, ann.destructiveHint, ann.openWorldHint) == (False, False, False)
            assert set(tools["approve"].inputSchema["required"]) == {"lang", "docs"}
            assert "second_model" in tools["translate"].inputSchema["properties"]

            tr = (await s.call("translate", lang="ko", doc="training.md", second_model=SECOND)).data
            assert tr["written"] and not tr["draft"], tr
            assert {r.json["model"] for r in llm.requests} == {FIRST, SECOND}  # both models asked
            assert tr["second_model"]["model"] == SECOND and tr["second_model"]["second_drafts"] == 1
            [alt] = tr["second_drafts"]
            assert (alt["english"], alt["first"], alt["second"], alt["reasons"]) == (
                HEADING, "데이터셋 준비", "학습에 쓸 자료를 모아 둡니다", ["disagree"])
            text = training.read_text(encoding="utf-8")
            assert has_notice(text) and "## 데이터셋 준비" in text  # the first draft is written

            # a lost code block: refused with the check errors, no sign-off recorded, the page untouched
            start, end = text.index("```py"), text.index("```\n", text.index("```py") + 5) + 4
            training.write_text(text[:start] + text[end:], encoding="utf-8")
            broken = training.read_bytes()
            refused = (await s.call("approve", lang="ko", docs=["training.md"])).data
            [page] = refused["pages"]
            assert not refused["ok"] and not page["approved"] and page["kind"] == "check_errors"
            assert page["errors"] and all(e["severity"] == "error" for e in page["errors"])
            assert training.read_bytes() == broken and read_record(layout, "ko", "training.md").signoff is None

            # whole again: signed off in the repository's git user's name, the notice removed
            training.write_text(text, encoding="utf-8")
            done = (await s.call("approve", lang="ko", docs=["training.md"])).data
            [page] = done["pages"]
            assert done["ok"] and page["approved"] and page["notice_removed"], page
            assert page["signoff"]["by"] == "Kim Reviewer" and page["record"] == "docs/source/ko/_review/training.md.json"

            # the draft mark refuses a page: nothing recorded, nothing written
            quick = layout.path("ko", "quicktour.md")
            quick.write_text(mark_draft(quick.read_text(encoding="utf-8")), encoding="utf-8")
            marked = quick.read_bytes()
            draft = (await s.call("approve", lang="ko", docs=["quicktour.md"], by="Lee")).data
            assert not draft["ok"] and draft["pages"][0]["kind"] == "draft" and "draft mark" in draft["pages"][0]["reason"]
            assert quick.read_bytes() == marked and read_record(layout, "ko", "quicktour.md") is None

            none = await s.call("approve", lang="ko", docs=[])
            assert none.is_error
            assert KEY not in json.dumps([c.wire for c in s.calls])

        env = {"HFI18N_CONFIG": str(config), "OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": llm.openai_base_url,
               "HF_HOME": str(tmp_path / "hf")}
        serve(repo, env, tmp_path / "server-stderr.log", body)

    # the record is the CLI's: status and the review state read it as a sign-off
    assert not has_notice(training.read_text(encoding="utf-8"))
    st = review_state(layout, "ko", "training.md")
    assert (st.state, st.signoff.by, st.pending) == ("reviewed", "Kim Reviewer", 0)
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "approved")
    rows = {r["path"]: r for r in api.status(repo, ["ko"]).to_json()}
    assert rows["training.md"]["review"]["state"] == "reviewed"
