"""Issue 36 in the web app: a translator finishes a machine page without the CLI. The status shows the
review queue; picking a machine page says it waits for review; **Open the page** loads it as it is; an edit is
checked; **Approve** writes the edit, signs the page off in the reviewer's name and removes the draft mark
and the notice; a page with English left or check errors is refused in the visitor's language; in shared
mode only a signed-in visitor approves, in their own name.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from hfi18n import api
from hfi18n.config import Config
from hfi18n.doc.draft import is_draft, mark_draft
from hfi18n.doc.notice import has_notice
from hfi18n.errors import RefusedError
from tests.conftest import require
from tests.fakes.llm_server import FakeLLMServer

WebApp = Workspace = Visitor = error_text = None  # imported with gradio (the web extra), in _web()

pytestmark = [pytest.mark.corpus]

DOC = "reference/python_executors.md"  # missing in smolagents' Korean docs: a machine page once drafted


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture()
def site(corpus_copy, monkeypatch):
    """A smolagents clone whose ``DOC`` the loopback translator drafted (a machine page with the notice)."""
    require("gradio")

    repo = corpus_copy("smolagents")
    git(repo, "config", "user.name", "Kim Translator")
    git(repo, "config", "user.email", "kim@example.com")
    for var in ("GITHUB_TOKEN", "GH_TOKEN", "OPENAI_API_KEY", "OPENAI_BASE_URL", "HFI18N_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    with FakeLLMServer() as llm:
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        config = Config({"providers": {"openai": {"base_url": llm.openai_base_url}}})
        assert api.translate(repo, "ko", [DOC], provider="openai", config=config).docs[0].written
        git(repo, "add", "-A", "docs")
        git(repo, "commit", "-qm", "nightly machine drafts")  # as the nightly run leaves it
        yield repo, config


@pytest.fixture(autouse=True)
def _web(site):
    global WebApp, Workspace, Visitor, error_text
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.hints import error_text
    from hfi18n.web.workspace import Visitor, Workspace


def _page(repo: Path) -> Path:
    return repo / "docs/source/ko" / DOC


def _record(repo: Path) -> dict:
    return json.loads((repo / "docs/source/ko/_review" / f"{DOC}.json").read_text(encoding="utf-8"))


def test_a_translator_finishes_a_machine_page_in_the_web_app(site) -> None:
    repo, config = site
    web = WebApp(Workspace([repo], config=config))
    html, choices, _data = web.status(repo.name, "ko", {})
    assert 'id="hf-review-queue"' in html and f"<code>{DOC}</code>" in html
    queue = html.split('id="hf-review-queue"')[-1]
    assert 'data-label="' in queue.split("</tr>", 2)[1]  # each number names its column on a phone (no header)
    assert any(value == DOC and "waiting for review" in label for label, value in choices.choices)
    update, force, note = web.pick(repo.name, "ko", DOC)
    assert (update, force) == (False, False) and "machine text no reviewer signed off" in note

    state, review_html, segments, _tab = web.open_page(repo.name, "ko", DOC)
    assert state["opened"] and state["ok"] and "⟦" not in review_html
    seg = next(s for s in api.draft(repo, "ko", DOC, update=True).segments if s.translation and s.id != "s1")
    state, _html = web.edit(repo.name, state, seg.id, "파이썬 실행기는 에이전트가 만든 코드를 실행합니다.")
    assert state["opened"] and state["edited"] == [seg.id]
    assert has_notice(_page(repo).read_text(encoding="utf-8"))  # nothing written before approve

    said = web.approve(repo.name, state)
    text = _page(repo).read_text(encoding="utf-8")
    assert "**Approved**" in said and "Kim Translator" in said and "notice is removed" in said
    assert not has_notice(text) and "파이썬 실행기는 에이전트가 만든 코드를 실행합니다." in text
    assert _record(repo)["signoff"]["by"] == "Kim Translator"
    row = next(r for r in api.status(repo, ["ko"], pulls=False).to_json() if r["path"] == DOC)
    assert row["review"]["state"] == "reviewed"
    html, _choices, _data = web.status(repo.name, "ko", {})
    assert f"<code>{DOC}</code>" not in html.split('id="hf-review-queue"')[-1]


def test_approve_removes_the_draft_mark_and_refuses_english_left_in_korean(site) -> None:
    """A marked draft that passes check: Approve removes the mark and the notice and records the sign-off.
    A draft with a passage left in English (what a run that failed a segment leaves): Approve refuses, says
    why in the visitor's language and changes nothing; translated in the editor, it is written and approved."""
    repo, config = site
    web = WebApp(Workspace([repo], config=config))
    machine = _page(repo).read_text(encoding="utf-8")
    _page(repo).write_text(mark_draft(machine), encoding="utf-8")
    state, _html, _segments, _tab = web.open_page(repo.name, "ko", DOC)
    said = web.approve(repo.name, state)
    text = _page(repo).read_text(encoding="utf-8")
    assert "draft mark is removed" in said and not is_draft(text) and not has_notice(text)
    assert _record(repo)["signoff"]["by"] == "Kim Translator"

    draft = api.draft(repo, "ko", DOC, update=True)
    seg = next(s for s in draft.segments if s.translation and len(s.english.split()) >= 4)
    _page(repo).write_text(mark_draft(machine.replace(seg.translation, seg.english, 1)), encoding="utf-8")
    before = _page(repo).read_bytes()
    state, _html, _segments, _tab = web.open_page(repo.name, "ko", DOC)
    with pytest.raises(RefusedError) as refused:
        web.approve(repo.name, state)
    assert "still in English" in refused.value.message
    assert "영어로 남은 문단" in error_text(refused.value, "ko")[0]  # the visitor reads it in Korean
    assert _page(repo).read_bytes() == before  # refused: nothing changed
    state, _html = web.edit(repo.name, state, seg.id, "에이전트가 만든 코드는 안전한 환경에서 실행됩니다.")
    said = web.approve(repo.name, state)
    text = _page(repo).read_text(encoding="utf-8")
    assert "**written**" in said and "**Approved**" in said
    assert not is_draft(text) and not has_notice(text) and "안전한 환경에서 실행됩니다" in text
    row = next(r for r in api.status(repo, ["ko"], pulls=False).to_json() if r["path"] == DOC)
    assert row["review"]["state"] == "reviewed" and row["state"] == "up-to-date"


def test_only_a_signed_in_visitor_approves_in_shared_mode_and_in_their_own_name(site) -> None:
    repo, config = site
    web = WebApp(Workspace([repo], config=config, shared=True))
    kim = (SimpleNamespace(username="kim-hf"), SimpleNamespace(token="hf_VisitorToken0123456789"))
    state, _html, _segments, _tab = web.open_page(repo.name, "ko", DOC, *kim)
    with pytest.raises(RefusedError, match="sign in with Hugging Face"):
        web.approve(repo.name, state)
    said = web.approve(repo.name, state, *kim)
    assert "kim-hf" in said
    checkout = web.ws.checkout(repo.name, Visitor.of(*kim))[0]
    record = json.loads((checkout / "docs/source/ko/_review" / f"{DOC}.json").read_text(encoding="utf-8"))
    assert record["signoff"]["by"] == "kim-hf"
    assert "signoff" not in _record(repo)  # the server's own checkout is not the visitor's
