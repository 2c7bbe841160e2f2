"""The LLM review through a real provider against the loopback server: remarks on the right lines,
rewrites validated like translations, bad JSON, invented ids and line numbers, rule findings in the prompt."""

from __future__ import annotations

import json

import pytest

from hfi18n.cli import main
from hfi18n.review import Kind, Options, review_texts
from hfi18n.review.llm import llm_reviewer
from tests.fakes.llm_server import FakeLLMServer

EN = """# Install [[install]]

Install the library with `pip install hfi18n` and then run the [quick tour](./quicktour).

Models are downloaded from the Hub on first use, which can take a while on a slow connection.

See [the options](#install) for more about `hfi18n`.
"""
KO = """# 설치 [[install]]

`pip install hfi18n`으로 라이브러리를 설치한 뒤 [빠른 둘러보기](./quicktour)를 실행하세요.

모델은 처음 사용할 때 Hub에서 내려받습니다.

`hfi18n`에 대한 자세한 내용은 [옵션](#옵션)을 참고하세요.
"""


def _answer(*findings: dict) -> str:
    return json.dumps({"findings": list(findings)}, ensure_ascii=False)


@pytest.fixture()
def server():
    with FakeLLMServer() as s:
        yield s


def _review(server: FakeLLMServer, wire: str = "openai"):
    provider = server.provider(wire)
    try:
        return review_texts(EN, KO, file="ko/install.md", english_file="en/install.md", lang="ko",
                            options=Options(llm=llm_reviewer(provider, "ko", "Korean")))
    finally:
        provider.close()


def _repo(tmp_path):
    """A checkout with the English and Korean install.md."""
    repo = tmp_path / "repo"
    for lang, text in (("en", EN), ("ko", KO)):
        (repo / "docs/source" / lang).mkdir(parents=True)
        (repo / "docs/source" / lang / "install.md").write_text(text, encoding="utf-8")
    return repo


@pytest.mark.parametrize("wire", ["openai", "anthropic"])
def test_remarks_land_on_their_paragraph_and_rewrites_are_validated(server, wire):
    server.reply(_answer(
        {"id": "p2", "category": "omission", "message": "'which can take a while on a slow connection' is missing",
         "rewrite": "모델은 처음 사용할 때 Hub에서 내려받으며, 느린 연결에서는 시간이 걸릴 수 있습니다."},
        {"id": "p1", "category": "fluency", "message": "awkward word order",
         "rewrite": "⟦1⟧으로 라이브러리를 설치하고 빠른 둘러보기를 실행하세요."},  # drops the link target ⟦2⟧
        {"id": "p3", "category": "terminology", "message": "keep English", "rewrite": "See the options ⟦1⟧ ⟦2⟧ for more."},
    ))
    doc = _review(server, wire)
    llm = {f.line: f for f in doc.findings if f.kind is Kind.LLM}
    assert sorted(llm) == [3, 5, 7]
    omission = llm[5]
    assert omission.rule == "omission" and omission.rewrite and "느린 연결" in omission.rewrite
    # a rewrite dropping a placeholder is not shown, and the remark says why
    assert llm[3].rewrite is None and "dropped ⟦2⟧" in llm[3].message
    # a rewrite in the wrong script is not shown either
    assert llm[7].rewrite is None and "script" in llm[7].message
    # the rule findings of a paragraph went to the model, so it does not repeat them
    (req,) = server.requests
    assert "fragments" in req.user and "#옵션" in req.user
    assert "LLM review" in " ".join(doc.checked)


def test_bad_json_is_retried_once_then_reported_as_not_checked(server):
    server.reply("Sure! Here are my findings: {findings: [", times=2)
    doc = _review(server)
    assert not [f for f in doc.findings if f.kind is Kind.LLM]
    assert len(server.requests) == 2
    assert any("no usable answer" in n for n in doc.not_checked)


def test_bad_json_then_a_good_answer(server):
    server.reply("not json").reply(_answer({"id": "p2", "category": "fluency", "message": "stiff"}))
    doc = _review(server)
    assert [(f.line, f.rule) for f in doc.findings if f.kind is Kind.LLM] == [(5, "fluency")]


def test_invented_ids_lines_and_categories_are_dropped(server):
    server.reply(_answer(
        {"id": "p9", "category": "mistranslation", "message": "about a pair never sent"},
        {"id": "p2", "line": 999, "category": "mistranslation", "message": "on an invented line"},
        {"id": "p2", "line": 5, "category": "fluency", "message": "on its own line"},
        {"id": "p1", "category": "style", "message": "not a category we asked for"},
    ))
    doc = _review(server)
    llm = [f for f in doc.findings if f.kind is Kind.LLM]
    assert [(f.line, f.message) for f in llm] == [(5, "on its own line")]
    assert any("3 LLM remark(s) dropped" in n for n in doc.not_checked)


def test_cli_review_with_llm(server, tmp_path, monkeypatch, capsys):
    repo = _repo(tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    server.reply(_answer({"id": "p2", "category": "omission", "message": "a clause is missing"}))
    code = main(["review", "--repo", str(repo), "--lang", "ko", "install.md", "--llm", "--provider", "openai",
                 "--base-url", server.openai_base_url, "--format", "json"])
    assert code == 1  # the broken #옵션 fragment is an error
    data = json.loads(capsys.readouterr().out)
    kinds = {(f["kind"], f["line"]) for f in data["docs"][0]["findings"]}
    assert ("llm", 5) in kinds and ("check", 7) in kinds


def test_a_provider_that_keeps_failing_leaves_the_rules_and_says_not_checked(server):
    """A server error that outlasts the provider's retries is not a crash: the rule findings stay, no
    LLM remark is invented, and the doc says which paragraphs the LLM did not review."""
    server.server_error(400, times=50)  # 400: not retried, so the test does not wait on backoff
    logged: list[str] = []
    provider = server.provider("openai")
    try:
        doc = review_texts(EN, KO, file="ko/install.md", english_file="en/install.md", lang="ko",
                           options=Options(llm=llm_reviewer(provider, "ko", "Korean", log=logged.append)))
    finally:
        provider.close()
    assert not [f for f in doc.findings if f.kind is Kind.LLM]
    assert [f for f in doc.findings if f.rule == "fragments"]
    assert any("no usable answer" in n for n in doc.not_checked)
    assert logged and "ko/install.md" in logged[0]
    assert all(server.api_key not in m for m in logged)  # the provider's error never shows its key


@pytest.mark.parametrize("fmt", ["text", "md", "json"])
def test_cli_llm_without_a_usable_answer_is_said_in_every_format(server, tmp_path, monkeypatch, capsys, fmt):
    """A model that never answers usable JSON: the text and Markdown outputs say so too, not only the
    JSON's not_checked (a reviewer reading the terminal took silence for a clean LLM review)."""
    repo = _repo(tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    server.reply("no json at all", times=10)
    main(["review", "--repo", str(repo), "--lang", "ko", "install.md", "--llm", "--provider", "openai",
          "--base-url", server.openai_base_url, "--format", fmt])
    out = capsys.readouterr().out
    assert "LLM review of 3 paragraph(s): no usable answer from the model" in out


def test_llm_with_the_pseudo_provider_is_an_error(tmp_path, capsys):
    repo = _repo(tmp_path)
    code = main(["review", "--repo", str(repo), "--lang", "ko", "install.md", "--llm", "--provider", "pseudo"])
    assert code != 0
    captured = capsys.readouterr()
    assert "pseudo" in captured.err and "--provider openai" in captured.err
    assert captured.out == ""
