"""``[doc] prose_props`` in a repository's config: its components' prose props are translated and checked.

A project with a component of its own (``<Quiz question="..." />``) declares the prop in ``hfi18n.toml``
(or ``[tool.hfi18n.doc]`` in ``pyproject.toml``); every call of the API reads it for that repository.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hfi18n import api
from hfi18n.doc import parse
from hfi18n.doc.props import PROSE_PROPS, configure, current_props
from hfi18n.errors import ConfigError
from hfi18n.example import build_example_repo
from tests.helpers import git, isolate_env

QUESTION = "Which model should you load first?"
QUIZ = f"""# Quiz [[quiz]]

Answer the question below.

<Quiz question="{QUESTION}" hint="q1" />
"""
PROPS = '["text", "explain", "title", "label", "description", "question"]'


@pytest.fixture(autouse=True)
def _defaults_after(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    isolate_env(monkeypatch, tmp_path)
    yield
    configure(None)  # an API call leaves its repository's list in force for this thread


def _repo(tmp_path: Path, where: str) -> Path:
    repo = build_example_repo(tmp_path / "repo")
    (repo / "docs/source/en/quiz.md").write_text(QUIZ, encoding="utf-8")
    if where == "hfi18n.toml":
        (repo / "hfi18n.toml").write_text(f"[doc]\nprose_props = {PROPS}\n", encoding="utf-8")
    elif where == "pyproject.toml":
        (repo / "pyproject.toml").write_text(f"[project]\nname = \"x\"\n\n[tool.hfi18n.doc]\nprose_props = {PROPS}\n",
                                             encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "quiz")
    return repo


def _question(text: str) -> str:
    return text.split('question="', 1)[1].split('"', 1)[0]


@pytest.mark.parametrize("where", ["hfi18n.toml", "pyproject.toml"])
def test_a_declared_prop_of_a_custom_component_is_translated_and_checks_clean(tmp_path: Path, where: str, server,
                                                                           monkeypatch) -> None:
    repo = _repo(tmp_path, where)
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")  # pseudo output never checks clean: it is a test double
    result = api.translate(repo, "ko", ["quiz.md"], provider="openai", base_url=server.openai_base_url,
                           memory=tmp_path / "m.sqlite3")
    assert result.exit_code == 0, result.to_json()
    out = (repo / "docs/source/ko/quiz.md").read_text(encoding="utf-8")
    assert _question(out) != QUESTION and any("\uac00" <= ch <= "\ud7a3" for ch in _question(out))
    assert 'hint="q1" />' in out  # a prop not declared stays as it is
    configure(None)  # check reads the list from the repository again, not from the last call
    assert not [f for f in api.check(repo, "ko", ["quiz.md"]).findings if f.severity == "error"]


def test_without_the_declaration_the_prop_stays_english(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "")
    assert api.translate(repo, "ko", ["quiz.md"], provider="pseudo", memory=tmp_path / "m.sqlite3").exit_code == 0
    out = (repo / "docs/source/ko/quiz.md").read_text(encoding="utf-8")
    assert _question(out) == QUESTION
    assert "Answer the question below." not in out  # the rest was translated


def test_the_list_in_force_is_per_call_and_the_document_keeps_its_own(tmp_path: Path) -> None:
    custom = _repo(tmp_path / "a", "hfi18n.toml")
    plain = _repo(tmp_path / "b", "")
    api.status(custom, ["ko"])
    assert "question" in current_props()
    doc = parse(QUIZ)
    assert doc.prose_props == current_props() and any(s.role == "prop" for s in doc.segments())
    api.status(plain, ["ko"])  # the next call, for another repository, has the defaults again
    assert current_props() == PROSE_PROPS
    assert not any(s.role == "prop" for s in parse(QUIZ).segments())


def test_a_malformed_list_is_a_clear_error(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "")
    (repo / "hfi18n.toml").write_text('[doc]\nprose_props = "question"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="doc.prose_props"):
        api.status(repo, ["ko"])


def test_review_reads_the_declared_props_so_a_translated_prop_is_no_changed_attribute(tmp_path: Path, server,
                                                                                    monkeypatch) -> None:
    repo = _repo(tmp_path, "hfi18n.toml")
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")  # review reports pseudo output: it is a test double
    assert api.translate(repo, "ko", ["quiz.md"], provider="openai", base_url=server.openai_base_url,
                         memory=tmp_path / "m.sqlite3").exit_code == 0
    assert _question((repo / "docs/source/ko/quiz.md").read_text(encoding="utf-8")) != QUESTION
    configure(None)  # review reads the list from the repository, not from the last call
    review = api.review(repo, "ko", ["quiz.md"]).review
    assert review.docs and "quiz.md" in review.docs[0].file
    about_quiz = [f.to_json() for f in review.findings if "Quiz" in f.message or "question" in f.message]
    assert not about_quiz
    assert not review.has_errors(), [f.to_json() for f in review.findings]
