"""Review at the line (issue 34): an omission placed in its gap and a duplication on its copy, each with a
GitHub suggestion that fixes it -- applied to the doc, the next review no longer reports it -- through the
loopback GitHub (and the loopback LLM server for the machine-translated text)."""

from __future__ import annotations

import re

import pytest

from hfi18n import api
from hfi18n.config import Config
from hfi18n.review import Kind, review_texts
from tests.fakes.github_server import FakeGitHub
from tests.fakes.llm_server import FakeLLMServer

REPO = "huggingface/demo"
EN_PATH = "docs/source/en/guide.md"
KO_PATH = "docs/source/ko/guide.md"
EN = """# Quick tour [[quick-tour]]

Install the package with `pip install demo` and import [`demo.Pipeline`] in your script.

Load a checkpoint with [`~demo.Pipeline.from_pretrained`] and move it to the GPU with `.to("cuda")`.

Then run inference:

```python
image = pipeline("An astronaut riding a horse").images[0]
```

The output is a `PIL.Image` object; call `image.save("astronaut.png")` to keep it on disk.

## Next steps [[next-steps]]

- Read the [scheduler guide](./schedulers) to swap the sampling algorithm of a pipeline.
- Read the [training guide](./training) to fine-tune a model on your own dataset with `demo.train`.
"""
KO = """# 둘러보기 [[quick-tour]]

`pip install demo`로 패키지를 설치하고 스크립트에서 [`demo.Pipeline`]을 가져오세요.

[`~demo.Pipeline.from_pretrained`]로 체크포인트를 불러오고 `.to("cuda")`로 GPU에 옮기세요.

그 다음 추론을 실행합니다:

```python
image = pipeline("An astronaut riding a horse").images[0]
```

출력은 `PIL.Image` 객체입니다. 디스크에 저장하려면 `image.save("astronaut.png")`를 호출하세요.

## 다음 단계 [[next-steps]]

- 파이프라인의 샘플링 알고리즘을 바꾸려면 [스케줄러 가이드](./schedulers)를 읽어 보세요.
- `demo.train`으로 자신의 데이터셋에서 모델을 미세 조정하려면 [훈련 가이드](./training)를 읽어 보세요.
"""
INTRO = "그 다음 추론을 실행합니다:\n\n"
COPIED = "출력은 `PIL.Image` 객체입니다. 디스크에 저장하려면 `image.save(\"astronaut.png\")`를 호출하세요.\n\n"
BROKEN = KO.replace(INTRO, "").replace(COPIED, COPIED + COPIED)
SUGGESTION_RE = re.compile(r"(`{3,})suggestion\n(.*?)\n?\1", re.DOTALL)


def _coverage(text: str) -> list:
    doc = review_texts(EN, text, file=KO_PATH, english_file=EN_PATH, lang="ko")
    return [f for f in doc.findings if f.kind in (Kind.OMISSION, Kind.DUPLICATION)]


def test_the_drop_is_placed_in_its_gap_before_the_code_and_named_in_words():
    om, dup = sorted(_coverage(BROKEN), key=lambda f: f.kind.value != "omission")
    lines = BROKEN.splitlines()
    assert lines[om.line - 1] == "" and lines[om.line] == "```python"  # the blank line before the code
    assert "the English paragraph at line 7 has no translation; it belongs here, before the ```python block " \
           f"at line {om.line + 1} (after the paragraph at line 5)" in om.message
    assert om.edit is not None and om.edit.insert == "Then run inference:" and om.edit.origin == "english"
    assert "translate it before you accept it" in om.edit.note
    assert dup.kind is Kind.DUPLICATION and lines[dup.line - 1] == COPIED.strip()
    fixed = dup.edit.apply(om.edit.apply(BROKEN))  # the later edit first would shift nothing either way
    assert fixed == KO.replace(INTRO, "Then run inference:\n\n")
    assert _coverage(fixed) == []


@pytest.fixture()
def gh(monkeypatch):
    monkeypatch.setenv("GITHUB_TOKEN", "test-token")
    with FakeGitHub(token="test-token") as server:
        server.add_repo(REPO)
        yield server


def _apply_suggestions(text: str, comments: list[dict]) -> str:
    """``text`` with every suggestion of ``comments`` applied, as GitHub's "Commit suggestion" does: the
    block's content replaces lines ``start_line``..``line``."""
    lines = text.splitlines(keepends=True)
    edits = []
    for c in comments:
        m = SUGGESTION_RE.search(c["body"])
        if m:
            edits.append((c.get("start_line") or c["line"], c["line"], m.group(2)))
    for start, end, content in sorted(edits, reverse=True):
        new = [x + "\n" for x in content.split("\n")] if content else []
        lines[start - 1:end] = new
    return "".join(lines)


def _head(gh: FakeGitHub, number: int, text: str) -> None:
    pr = gh._pull(REPO, number)
    gh.contents[(pr["head"]["repo"]["full_name"], pr["head"]["sha"], KO_PATH)] = text


def test_accepting_the_suggestions_on_the_pr_makes_the_findings_go(gh):
    pr = gh.add_review_pull(REPO, base={EN_PATH: EN}, head={KO_PATH: BROKEN})
    config = Config({"github": {"api_url": gh.url}})
    api.review(None, None, pr=f"{REPO}#{pr['number']}", post=True, config=config)
    comments = gh.review_comments[(REPO, pr["number"])]
    om = next(c for c in comments if "missing-paragraph" in c["body"])
    assert "before the ```python block" in om["body"] and "🔤 Suggested text: the English text" in om["body"]
    assert SUGGESTION_RE.search(om["body"]).group(2) == "\nThen run inference:\n"
    dup = next(c for c in comments if "duplicate-paragraph" in c["body"])
    assert dup["start_line"] is not None and dup["start_line"] < dup["line"]  # the copy and its blank line
    assert SUGGESTION_RE.search(dup["body"]).group(2) == ""
    fixed = _apply_suggestions(BROKEN, [om, dup])  # (the glossary's own suggestions are not this test's)
    assert fixed == KO.replace(INTRO, "Then run inference:\n\n")
    _head(gh, pr["number"], fixed)
    again = api.review(None, None, pr=f"{REPO}#{pr['number']}", post=True, config=config)
    assert not [f for f in again.review.findings if f.kind in (Kind.OMISSION, Kind.DUPLICATION)]
    assert again.posted.updated == 2 and again.posted.created == 0
    assert all("no longer reports this" in c["body"] for c in gh.review_comments[(REPO, pr["number"])]
               if c["id"] in (om["id"], dup["id"]))


def test_with_a_provider_the_inserted_paragraph_is_machine_translated_and_labelled(gh, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    pr = gh.add_review_pull(REPO, base={EN_PATH: EN}, head={KO_PATH: BROKEN})
    config = Config({"github": {"api_url": gh.url}})
    with FakeLLMServer() as llm:
        result = api.review(None, None, pr=f"{REPO}#{pr['number']}", post=True, config=config, provider="openai",
                            model="gpt-test", base_url=llm.openai_base_url)
        asked = [r for r in llm.requests if r.status == 200]
    assert len(asked) == 1 and "Then run inference:" in str(asked[0].json)
    (om,) = [f for f in result.review.findings if f.kind is Kind.OMISSION]
    assert om.edit.origin == "machine" and om.edit.insert != "Then run inference:"
    assert re.search(r"[\uac00-\ud7a3]", om.edit.insert)  # Hangul (the loopback's pseudo-translation)
    comment = next(c for c in gh.review_comments[(REPO, pr["number"])] if "missing-paragraph" in c["body"])
    assert "🤖 Suggested text: machine translation by openai/gpt-test with the ko glossary" in comment["body"]
    assert "read by no one yet" in comment["body"]
    fixed = _apply_suggestions(BROKEN, [c for c in gh.review_comments[(REPO, pr["number"])] if "-paragraph" in c["body"]])
    _head(gh, pr["number"], fixed)
    again = api.review(None, None, pr=f"{REPO}#{pr['number']}", config=config)
    assert not [f for f in again.review.findings if f.kind in (Kind.OMISSION, Kind.DUPLICATION)]


def test_a_machine_translation_that_fails_validation_is_not_suggested(gh, monkeypatch):
    """A provider answer that loses a code span or a link is never offered as the text to accept: the English
    is, saying why."""
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    en = EN.replace("Then run inference:", "Then call [`demo.Pipeline.run`] to run inference:")
    pr = gh.add_review_pull(REPO, base={EN_PATH: en}, head={KO_PATH: BROKEN})
    config = Config({"github": {"api_url": gh.url}})
    with FakeLLMServer() as llm:
        llm.drop_placeholder(times=10)
        result = api.review(None, None, pr=f"{REPO}#{pr['number']}", config=config, provider="openai",
                            model="gpt-test", base_url=llm.openai_base_url)
    (om,) = [f for f in result.review.findings if f.kind is Kind.OMISSION]
    assert om.edit.origin == "english" and om.edit.insert.startswith("Then call [`demo.Pipeline.run`]")
    assert "machine translation failed validation" in om.edit.note


def _repo(tmp_path):
    """A checkout whose main branch holds guide.md in English and Korean, and other.md."""
    from tests.helpers import git

    repo = tmp_path / "repo"
    (repo / "docs/source/en").mkdir(parents=True)
    (repo / "docs/source/ko").mkdir(parents=True)
    git(tmp_path, "init", "-q", "-b", "main", str(repo))
    git(repo, "config", "user.email", "t@example.com")
    git(repo, "config", "user.name", "t")
    (repo / EN_PATH).write_text(EN, encoding="utf-8")
    (repo / KO_PATH).write_text(KO, encoding="utf-8")
    other = "# Other [[other]]\n\nNothing to see here, this page only has one paragraph of text.\n"
    (repo / "docs/source/en/other.md").write_text(other, encoding="utf-8")
    (repo / "docs/source/en/new.md").write_text(other.replace("Other", "New"), encoding="utf-8")
    (repo / "docs/source/ko/other.md").write_text("# 기타 [[other]]\n\n볼 것이 없습니다.\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "docs")
    git(repo, "checkout", "-q", "-b", "translate-guide")
    return repo


def test_review_base_reviews_the_docs_the_branch_changed_committed_or_not(tmp_path, capsys):
    """``hfi18n review --base main``: what the PR review would say, before the PR -- the edited guide.md
    (committed) and a new ko/new.md (not even added), not the untouched other.md."""
    from hfi18n.cli import main
    from tests.helpers import git

    repo = _repo(tmp_path)
    (repo / KO_PATH).write_text(BROKEN, encoding="utf-8")
    git(repo, "commit", "-q", "-am", "translate")
    (repo / "docs/source/ko/new.md").write_text("# 새 문서 [[new]]\n\n볼 것이 없습니다, 이 페이지에는 한 문단만 있습니다.\n",
                                                encoding="utf-8")
    code = main(["review", "--repo", str(repo), "--base", "main", "--format", "json"])
    import json

    data = json.loads(capsys.readouterr().out)
    assert code == 0 and "changes of translate-guide against main" in data["source"]
    assert sorted(d["file"] for d in data["docs"]) == ["docs/source/ko/guide.md", "docs/source/ko/new.md"]
    guide = next(d for d in data["docs"] if d["file"] == KO_PATH)
    om = next(f for f in guide["findings"] if f["rule"] == "missing-paragraph")
    assert "before the ```python block" in om["message"] and om["edit"]["insert"] == "Then run inference:"
    assert any(f["rule"] == "duplicate-paragraph" and f["edit"]["text"] == "" for f in guide["findings"])
    # text output shows the suggestion too
    main(["review", "--repo", str(repo), "--base", "main", "--lang", "ko"])
    text = capsys.readouterr().out
    assert "suggestion: insert at line" in text and "Then run inference:" in text


def test_review_base_says_what_is_wrong_with_a_bad_base(tmp_path, capsys):
    from hfi18n.cli import main

    repo = _repo(tmp_path)
    assert main(["review", "--repo", str(repo), "--base", "no-such-branch"]) != 0
    assert "no branch, tag or commit named 'no-such-branch'" in capsys.readouterr().err
    assert main(["review", "--repo", str(repo), "--base", "--output=/tmp/x"]) != 0
    code = main(["review", "--repo", str(repo), "--base", "main", "--lang", "ko"])
    captured = capsys.readouterr()
    assert code == 0 and "no translated doc of ko changed" in captured.out + captured.err


def test_review_base_reads_the_working_tree_an_uncommitted_fix_clears_its_findings(tmp_path, capsys):
    """A translator on a branch edits a committed doc and does not commit: ``review --base`` reviews the file
    as it is on disk (the uncommitted drop and copy are found), and the uncommitted fix clears them, with the
    doc still listed (it differs from the base) and nothing else found."""
    import json

    from hfi18n.cli import main
    from tests.helpers import git

    repo = _repo(tmp_path)
    (repo / KO_PATH).write_text(BROKEN, encoding="utf-8")  # not committed
    main(["review", "--repo", str(repo), "--base", "main", "--format", "json"])
    (doc,) = json.loads(capsys.readouterr().out)["docs"]
    assert doc["file"] == KO_PATH
    assert {f["rule"] for f in doc["findings"]} >= {"missing-paragraph", "duplicate-paragraph"}
    git(repo, "commit", "-q", "-am", "broken translation")
    (repo / KO_PATH).write_text(KO.replace("둘러보기", "빠른 둘러보기"), encoding="utf-8")  # fixed, not committed
    main(["review", "--repo", str(repo), "--base", "main", "--format", "json"])
    (doc,) = json.loads(capsys.readouterr().out)["docs"]
    assert doc["file"] == KO_PATH
    assert not [f for f in doc["findings"] if f["rule"] in ("missing-paragraph", "duplicate-paragraph")]
