"""Issue 23 item 6: who wrote each kept segment (human or machine) stays right across repeated updates.

The repeated cycle through the CLI on the example repository's real history, with the loopback
OpenAI-compatible server as the provider: translate, commit, the English moves, update, a human edits a
machine paragraph, update again, and a fresh clone. Before the fix, every machine-written heading was
counted as human after the first update (3 of the 6 segments of ``training.md``): the run ledger records
a heading's text as the file holds it, and the update looked it up with its ``[[anchor]]`` appended.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.doc.notice import notice_lines
from hfi18n.example import build_example_repo
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import git, isolate_env

EN = "docs/source/en/training.md"
KO = "docs/source/ko/training.md"


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", message)


def _grow_english(repo: Path, text: str) -> None:
    path = repo / EN
    path.write_text(path.read_text(encoding="utf-8") + f"\n{text}\n", encoding="utf-8")
    _commit(repo, "docs: more English")  # an ordinary subject


@pytest.fixture()
def server(tmp_path: Path, monkeypatch):
    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key")
    with FakeLLMServer() as llm:
        yield llm


def _translate(capsys, repo: Path, server: FakeLLMServer, *extra: str) -> dict:
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "training.md", *extra, "--provider", "openai",
                 "--base-url", server.openai_base_url, "--format", "json"])
    run = json.loads(capsys.readouterr().out)
    assert code == 0 and run["docs"][0]["written"] and not run["docs"][0]["draft"]
    return run["docs"][0]["summary"]


def _counts(summary: dict) -> tuple[int, int, int]:
    return summary["kept_human"], summary["kept_machine"], summary["translated"]


def test_machine_headings_stay_machine_and_human_edits_become_human(tmp_path: Path, server, capsys) -> None:
    repo = build_example_repo(tmp_path / "ex")
    assert _counts(_translate(capsys, repo, server)) == (0, 0, 6)  # 3 headings, 3 paragraphs
    _commit(repo, "docs: ko training")

    _grow_english(repo, "A first new paragraph about training.")
    assert _counts(_translate(capsys, repo, server, "--update")) == (0, 6, 1)  # was (3, 3, 1)
    _commit(repo, "docs: ko update")

    ko = repo / KO  # a human rewrites the first machine paragraph (below the machine-translation notice)
    text = ko.read_text(encoding="utf-8")
    lines = text.split("\n")
    after = (notice_lines(text) or (0, 0))[1]
    i = next(n for n, line in enumerate(lines) if n >= after and line and not line.startswith(("#", "<", "`")))
    lines[i] = "사람이 직접 고친 문단입니다."
    ko.write_text("\n".join(lines), encoding="utf-8")
    _commit(repo, "docs: edit")
    _grow_english(repo, "A second new paragraph about evaluation.")
    assert _counts(_translate(capsys, repo, server, "--update")) == (1, 6, 1)
    _commit(repo, "docs: ko update again")
    _grow_english(repo, "A third new paragraph.")
    assert _counts(_translate(capsys, repo, server, "--update")) == (1, 7, 1)
    assert "사람이 직접 고친 문단입니다." in ko.read_text(encoding="utf-8")
    # each paragraph appended by an update stays a block of its own (one glued to the paragraph before it
    # was taken with it as one by the next update, which then wrote it twice)
    lines = [line for line in ko.read_text(encoding="utf-8").split("\n") if line.strip()]
    assert len(lines) == len(set(lines)) and ko.read_text(encoding="utf-8").endswith("\n\n" + lines[-1] + "\n")
    _commit(repo, "docs: ko update 3")

    # A fresh clone has no run ledger (.git/hfi18n is not cloned) but the review record committed with the
    # page (issue 36): the machine text is machine there too and the human rewrite human; nothing is re-sent.
    fresh = tmp_path / "fresh"
    git(tmp_path, "clone", "-q", str(repo), str(fresh))
    _grow_english(fresh, "A paragraph added after cloning.")
    sent = len(server.requests)
    assert _counts(_translate(capsys, fresh, server, "--update")) == (1, 8, 1)
    assert len(server.requests) == sent + 1  # only the new paragraph was sent
    _commit(fresh, "docs: ko update in the clone")
    _grow_english(fresh, "One more paragraph.")
    assert _counts(_translate(capsys, fresh, server, "--update")) == (1, 9, 1)
