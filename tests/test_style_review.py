"""The team's style in ``review`` (at the line, with a suggestion), in a PR review (only on changed lines)
and in the write gate's notes (warnings: a page is never held back for its style)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hfi18n import api
from hfi18n.check.style import HEADING, REGISTER
from hfi18n.config import Config
from tests.fakes.github_server import FakeGitHub

from .conftest import require
from .helpers import git

REPO = "huggingface/diffusers"
EN_PATH = "docs/source/en/guide.md"
KO_PATH = "docs/source/ko/guide.md"
EN = """# Load a pipeline [[load-a-pipeline]]

Load the pipeline with `from_pretrained`.

It downloads the weights once.

## Speed [[speed]]

Use fp16 for a 10-20% speedup.

Read [the guide](./other.md) for more.
"""
KO = """# 파이프라인 불러오기 [[load-a-pipeline]]

`from_pretrained`로 파이프라인을 불러옵니다.

가중치는 한 번 내려받는다.

## 속도 [[speed]]

fp16을 사용하면 10~20% 빨라집니다.

자세한 내용은 [가이드](./other.md)를 읽으세요.
"""


@pytest.fixture(autouse=True)
def _kiwi():
    require("kiwipiepy")
    require("kiwipiepy_model")


def _checkout(tmp_path: Path, ko: str = KO) -> Path:
    repo = tmp_path / "repo"
    for path, text in ((EN_PATH, EN), (KO_PATH, ko), ("docs/source/en/other.md", "# Other\n"),
                       ("docs/source/ko/other.md", "# 다른 문서\n")):
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text(text, encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "docs")
    return repo


def test_review_finds_the_slip_at_its_line_with_a_suggestion_that_fixes_it(tmp_path):
    repo = _checkout(tmp_path)
    result = api.review(repo, "ko", ["guide.md"])
    (doc,) = result.review.docs
    style = [f for f in doc.findings if f.rule.startswith("style/")]
    assert [(f.line, f.rule, f.severity) for f in style] == [(5, REGISTER, "warning")]
    assert style[0].fix is not None and doc.suggested_line(5) == "가중치는 한 번 내려받습니다."
    assert any("the team's style" in c for c in doc.checked)
    # the suggestion applied, the review has nothing more to say about style
    (repo / KO_PATH).write_text(KO.replace("내려받는다.", "내려받습니다."), encoding="utf-8")
    (again,) = api.review(repo, "ko", ["guide.md"]).review.docs
    assert not [f for f in again.findings if f.rule.startswith("style/")]


def test_the_teams_settings_in_hfi18n_toml_decide(tmp_path):
    repo = _checkout(tmp_path)
    (repo / "hfi18n.toml").write_text('[style.ko]\nregister = "auto"\nheading = "any"\n', encoding="utf-8")
    (doc,) = api.review(repo, "ko", ["guide.md"]).review.docs
    assert [f.line for f in doc.findings if f.rule == REGISTER] == [5]  # the doc's majority is 합니다체
    (repo / "hfi18n.toml").write_text('[style.ko]\nregister = "한다체"\n', encoding="utf-8")
    result = api.check(repo, "ko", ["guide.md"])
    assert [f.line for f in result.findings if f.check == REGISTER] == [3, 9]
    assert next(f for f in result.findings if f.check == REGISTER).suggestion == ("불러옵니다", "불러온다")
    assert result.ok  # warnings only


@pytest.fixture()
def gh(monkeypatch):
    monkeypatch.setenv("GITHUB_TOKEN", "test-token")
    with FakeGitHub(token="test-token") as server:
        yield server


def test_a_pr_review_says_style_only_on_the_lines_the_pr_changed(gh):
    # the base already has a 한다체 sentence (line 5); the PR adds a heading written as a sentence and
    # changes the last paragraph into 해요체
    head = KO.replace("## 속도 [[speed]]", "## 속도를 높입니다 [[speed]]").replace(
        "자세한 내용은 [가이드](./other.md)를 읽으세요.", "자세한 내용은 [가이드](./other.md)에 있어요.")
    gh.add_repo(REPO)
    pr = gh.add_review_pull(REPO, base={EN_PATH: EN, KO_PATH: KO}, head={KO_PATH: head})
    result = api.review(None, None, pr=f"{REPO}#{pr['number']}", post=True,
                        config=Config({"github": {"api_url": gh.url}}))
    (doc,) = result.review.docs
    style = sorted((f.line, f.rule) for f in doc.findings if f.rule.startswith("style/"))
    assert style == [(7, HEADING), (11, REGISTER)]  # not line 5: the PR did not touch it
    (post,) = gh.of("POST", f"/repos/{REPO}/pulls/{pr['number']}/reviews")
    comments = {c["line"]: c["body"] for c in post.body["comments"]}
    assert set(comments) == {7, 11}
    (suggestion,) = re.findall(r"```suggestion\n(.*?)\n```", comments[11], re.DOTALL)
    assert suggestion == "자세한 내용은 [가이드](./other.md)에 있습니다."
    assert "내려받는다" not in post.body["body"]


def test_the_write_gate_notes_the_style_and_still_writes(tmp_path):
    from hfi18n.doc import parse
    from hfi18n.repo.layout import DocsLayout
    from hfi18n.translate.pipeline import new_job
    from hfi18n.write.gate import write_job

    repo = _checkout(tmp_path)
    layout = DocsLayout.open(repo)
    target = layout.path("ko", "new.md")
    job = new_job("new.md", EN, target)
    tr = parse(KO)
    for seg, t in zip(job.doc.segments(), tr.segments(), strict=True):
        job.translations[seg.id] = t.text
    job.pending = []
    write_job(job, layout, lang="ko", style=api_style())
    assert job.written and job.note == "written"
    assert [(f.line, f.check) for f in job.findings if f.check.startswith("style/")] == [(5, REGISTER)]


def api_style():
    from hfi18n.check.style import StyleRun

    return StyleRun.for_lang("ko")
