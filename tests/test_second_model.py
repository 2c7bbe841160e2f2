"""``translate --second-model``: two models of one loopback server; the second draft is kept beside the first
where the first breaks the team's style or glossary, or where the two disagree strongly."""

from __future__ import annotations

import json

import pytest

from hfi18n import api
from hfi18n.cli import main
from tests.fakes.llm_server import FakeLLMServer

from .conftest import require
from .helpers import git, isolate_env

A, B = "claude-sonnet-4-5", "claude-haiku-4-5"
EN = """# Speed up inference [[speed-up-inference]]

Use half precision on a GPU.

The pipeline runs the denoising loop.

The scheduler decides the noise.

Pass the prompt to the tokenizer.
"""
ANSWERS = {  # English: (first model, second model)
    "Speed up inference": ("추론 속도를 높입니다", "추론 속도 높이기"),  # a heading as a sentence
    "Use half precision on a GPU.": ("GPU에서 반정밀도를 사용한다.", "GPU에서 반정밀도를 사용합니다."),  # 한다체
    "The pipeline runs the denoising loop.": ("파이프라인이 디노이징 루프를 실행합니다.",) * 2,  # the same
    "The scheduler decides the noise.": ("스케줄러가 노이즈를 결정합니다.", "잡음의 양은 설정값에 따라 달라집니다."),
    "Pass the prompt to the tokenizer.": ("프롬프트를 토큰화기에 전달합니다.", "프롬프트를 토크나이저에 전달합니다."),
}


@pytest.fixture()
def setup(tmp_path, monkeypatch):
    require("kiwipiepy")
    require("kiwipiepy_model")
    isolate_env(monkeypatch, tmp_path, ANTHROPIC_API_KEY="test-key")
    repo = tmp_path / "repo"
    (repo / "docs" / "source" / "en").mkdir(parents=True)
    (repo / "docs" / "source" / "ko").mkdir(parents=True)
    (repo / "docs" / "source" / "en" / "speed.md").write_text(EN, encoding="utf-8")
    (repo / "docs" / "source" / "ko" / "other.md").write_text("# 다른 문서\n", encoding="utf-8")
    (repo / "docs" / "source" / "en" / "other.md").write_text("# Other\n", encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "docs")
    glossary = tmp_path / "ko.tsv"
    glossary.write_text("term\ttranslation\ntokenizer\t토크나이저\n", encoding="utf-8")
    with FakeLLMServer(api_key="test-key") as server:
        for english, answers in ANSWERS.items():
            server.segment_reply(english, answers[0], model=A)
            server.segment_reply(english, answers[-1], model=B)
        yield repo, server, glossary


def test_second_drafts_where_the_first_breaks_style_or_glossary_or_they_disagree(setup):
    repo, server, glossary = setup
    result = api.translate(repo, "ko", ["speed.md"], provider="anthropic", model=A, second_model=B,
                           base_url=server.url, glossary=glossary)
    assert result.exit_code == 0, result.to_json()
    assert {r.json["model"] for r in server.requests} == {A, B}  # two models asked
    (doc,) = result.docs
    reasons = {d["english"]: (d["reasons"], d["first"], d["second"], d["model"]) for d in doc.second_drafts}
    assert reasons == {
        "Speed up inference": (["style"], "추론 속도를 높입니다", "추론 속도 높이기", B),
        "Use half precision on a GPU.": (["style"], "GPU에서 반정밀도를 사용한다.", "GPU에서 반정밀도를 사용합니다.", B),
        "The scheduler decides the noise.": (["disagree"], "스케줄러가 노이즈를 결정합니다.",
                                             "잡음의 양은 설정값에 따라 달라집니다.", B),
        "Pass the prompt to the tokenizer.": (["glossary"], "프롬프트를 토큰화기에 전달합니다.",
                                              "프롬프트를 토크나이저에 전달합니다.", B),
    }
    written = (repo / "docs" / "source" / "ko" / "speed.md").read_text(encoding="utf-8")
    assert "GPU에서 반정밀도를 사용한다." in written  # the first draft is written; the second waits for a pick
    assert {f["check"] for f in doc.style} == {"style/register", "style/heading"}  # and noted
    summary = result.to_json()["second_model"]
    assert summary["model"] == B and summary["second_drafts"] == 4 and summary["requests"] >= 1


def test_the_cli_says_where_second_drafts_wait(setup, capsys):
    repo, server, glossary = setup
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "speed.md", "--provider", "anthropic",
                 "--model", A, "--second-model", B, "--base-url", server.url, "--glossary", str(glossary)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"second drafts by {B}: 4 segment(s)" in out
    assert "second drafts to pick from: line 1 (style), line 3 (style), line 7 (disagree), line 9 (glossary)" in out


def test_without_a_second_model_nothing_is_asked_twice(setup):
    repo, server, glossary = setup
    result = api.translate(repo, "ko", ["speed.md"], provider="anthropic", model=A, base_url=server.url,
                           glossary=glossary)
    assert {r.json["model"] for r in server.requests} == {A}
    assert result.docs[0].second_drafts == [] and result.to_json()["second_model"] is None
    assert json.dumps(result.to_json(), ensure_ascii=False)


def test_second_model_refuses_batch_and_dry_run(setup, capsys):
    repo, server, _ = setup
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "speed.md", "--dry-run", "--second-model", B])
    assert code != 0 and "--second-model" in capsys.readouterr().err


def test_the_web_review_shows_both_drafts_and_the_translator_picks_per_segment(setup, monkeypatch):
    require("gradio")
    from hfi18n.config import Config
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.workspace import Workspace

    repo, server, glossary = setup
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    config = Config({"providers": {"anthropic": {"base_url": server.url}}})
    app = WebApp(Workspace([repo], config=config))
    *_, (log, state, html, _segments, _tab) = app.translate(
        repo.name, "ko", "speed.md", False, False, "anthropic", A, "", {"api_key": "test-key"}, B)
    assert f"second drafts by {B}: 4 segment(s)" in log  # the built-in glossary has tokenizer too
    alts = state["alternatives"]
    first_seg = next(k for k, v in alts.items() if v["text"] == "GPU에서 반정밀도를 사용합니다.")
    assert alts[first_seg]["model"] == B and alts[first_seg]["reasons"] == ["style"]
    assert html.count('class="hf-second"') == 4 and "the first breaks the team&#x27;s style" in html
    assert state["translations"][first_seg] == "GPU에서 반정밀도를 사용한다."
    # the translator picks the second draft of that segment: in the editor, then applied
    picked = app.second(state, first_seg)
    assert picked == "GPU에서 반정밀도를 사용합니다."
    new, html2 = app.edit(repo.name, state, first_seg, picked)
    assert new["translations"][first_seg] == picked and new["alternatives"] == alts  # both still there
    assert "사용한다" not in new["translations"].values()
    other = next(k for k in new["translations"] if k not in alts)
    from hfi18n.errors import InputError

    with pytest.raises(InputError):
        app.second(new, other)
