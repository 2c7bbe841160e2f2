"""``translate --all`` lists the docs it creates in the language's ``_toctree.yml`` (doc-builder renders only
what the toctree lists): on a small real git repository (the example repo with two more English pages, one
in a group the Korean toctree does not have yet), through the CLI, with the loopback LLM server."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.example import build_example_repo
from hfi18n.repo.layout import DocsLayout
from hfi18n.repo.toctree import load_toctree, local_of, toctree_path
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import git, isolate_env

EN_TOC_EXTRA = """- title: Guides
  sections:
  - local: guides/cli
    title: Command line
"""


@pytest.fixture
def llm(monkeypatch, tmp_path: Path):
    with FakeLLMServer() as server:
        isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key", OPENAI_BASE_URL=server.openai_base_url)
        yield server


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """The example repo (ko: index outdated, quicktour current, training a ``(번역중)`` placeholder) with
    ``guides/cli.md`` in a new English group and ``sharing.md`` beside training."""
    r = build_example_repo(tmp_path / "repo")
    en = r / "docs/source/en"
    (en / "guides").mkdir()
    (en / "guides/cli.md").write_text("# Command line [[command-line]]\n\nRun the trainer from your terminal.\n",
                                      encoding="utf-8")
    (en / "sharing.md").write_text("# Share a model [[share-a-model]]\n\nPush your model to the Hub.\n",
                                   encoding="utf-8")
    toc = (en / "_toctree.yml").read_text(encoding="utf-8")
    toc = toc.replace("    title: Fine-tune a model\n", "    title: Fine-tune a model\n  - local: sharing\n"
                      "    title: Share a model\n") + EN_TOC_EXTRA
    (en / "_toctree.yml").write_text(toc, encoding="utf-8")
    _commit(r, "Add the CLI guide and the sharing page")
    return r


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", message)


def _all(capsys, repo: Path, *extra: str) -> tuple[int, dict, str]:
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "--all", "--provider", "openai", "--yes",
                 "--format", "json", *extra])
    captured = capsys.readouterr()
    return code, json.loads(captured.out) if captured.out.strip() else {}, captured.err


def _listed(repo: Path) -> dict[str, str]:
    tr = load_toctree(toctree_path(DocsLayout.open(repo), "ko"))
    return {local_of(e.local): e.title for e in tr.entries()}


def _snapshot(repo: Path) -> dict[str, bytes]:
    ko = repo / "docs/source/ko"
    return {p.relative_to(ko).as_posix(): p.read_bytes() for p in sorted(ko.rglob("*")) if p.is_file()}


def test_all_lists_every_doc_it_creates_and_a_second_run_changes_nothing(repo: Path, llm, capsys) -> None:
    code, run, err = _all(capsys, repo)
    assert code == 0, err
    created = {"training.md", "sharing.md", "guides/cli.md"}
    assert {d["path"] for d in run["docs"] if d["written"]} == created | {"index.md"}  # index: an update
    listed = _listed(repo)
    assert {"training", "sharing", "guides/cli"} <= listed.keys()
    assert "in_translation" not in listed  # the placeholder was filled, not listed beside the page
    added = {c["local"]: c for c in run["toctree"]["added"]}
    assert added["training"]["action"] == "replaced-placeholder" and added["sharing"]["action"] == "added"
    assert added["guides/cli"]["created_groups"] and run["toctree"]["error"] is None
    # a machine page is a real page: its title is its translated heading, never the placeholder's mark
    heading = (repo / "docs/source/ko/sharing.md").read_text(encoding="utf-8")
    assert listed["sharing"] in heading and not listed["sharing"].startswith("(번역중)")
    assert "toctree: 3 new doc(s) listed" in err
    assert main(["toctree", "--repo", str(repo), "--lang", "ko", "--check"]) == 0, capsys.readouterr().out

    _commit(repo, "nightly")
    before = _snapshot(repo)
    code, run, err = _all(capsys, repo)
    assert code == 0 and "nothing to translate" in err, err
    assert _snapshot(repo) == before  # the toctree, the pages and their records byte for byte


def test_a_run_that_did_not_list_its_docs_is_caught_up_by_the_next(repo: Path, llm, capsys) -> None:
    """``--no-toctree`` leaves the toctree as a run killed between its pages and its toctree would: the
    next ``--all`` (with nothing left to translate) lists the pages it finds written by hfi18n and unlisted,
    and leaves a human page nobody listed alone."""
    toc = toctree_path(DocsLayout.open(repo), "ko")
    original = toc.read_bytes()
    code, run, err = _all(capsys, repo, "--no-toctree")
    assert code == 0 and run["toctree"]["added"] == [], err
    assert toc.read_bytes() == original
    assert main(["toctree", "--repo", str(repo), "--lang", "ko", "--check"]) == 1
    capsys.readouterr()
    human = repo / "docs/source/ko/notes.md"  # a page the team keeps out of the toctree on purpose
    human.write_text("# 메모\n\n팀의 메모입니다.\n", encoding="utf-8")
    _commit(repo, "nightly without the toctree")

    code, run, err = _all(capsys, repo)
    assert code == 0 and not run["docs"], err
    assert {c["local"] for c in run["toctree"]["added"]} == {"training", "sharing", "guides/cli"}
    assert "notes" not in _listed(repo)
    assert toc.read_bytes() != original

    # --no-toctree goes with --all only
    assert main(["translate", "--repo", str(repo), "--lang", "ko", "--no-toctree", "index.md"]) == 2


def test_all_through_a_batch_lists_the_docs_its_collect_creates(repo: Path, llm, capsys) -> None:
    """``--all --batch`` then ``--collect`` (a nightly job at the batch price) lists the pages the collect
    creates, as the interactive ``--all`` does: it once wrote them and listed none, and doc-builder rendered
    none of them. The collect says so in its log and JSON; a second collect writes and lists nothing."""
    toc = toctree_path(DocsLayout.open(repo), "ko")
    original = toc.read_bytes()
    code, job, err = _all(capsys, repo, "--batch")
    assert code == 0 and job["state"] == "submitted", err
    assert toc.read_bytes() == original  # nothing is written before the answers are in
    code = main(["batch", "collect", "--repo", str(repo), "--format", "json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    done = json.loads(captured.out)
    created = {"training.md", "sharing.md", "guides/cli.md"}
    assert {d["path"] for d in done["docs"] if d["written"]} == created | {"index.md"}
    added = {c["local"]: c["action"] for c in done["toctree"]["added"]}
    assert added == {"training": "replaced-placeholder", "sharing": "added", "guides/cli": "added"}
    assert done["toctree"]["error"] is None and "toctree: 3 new doc(s) listed" in captured.err
    assert {"training", "sharing", "guides/cli"} <= _listed(repo).keys()
    assert main(["toctree", "--repo", str(repo), "--lang", "ko", "--check"]) == 0, capsys.readouterr().out
    after = _snapshot(repo)
    assert main(["batch", "collect", "--repo", str(repo), job["job"], "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["state"] == "already-collected"
    assert _snapshot(repo) == after


def test_a_batch_with_no_toctree_leaves_it_alone(repo: Path, llm, capsys) -> None:
    """``--all --batch --no-toctree``: the collect writes the pages and leaves the toctree as it was. The
    collect is the command the submit printed, run as printed (it once lacked ``--lang``, which translate
    requires: the hint failed with a usage error)."""
    toc = toctree_path(DocsLayout.open(repo), "ko")
    original = toc.read_bytes()
    code, job, err = _all(capsys, repo, "--batch", "--no-toctree")
    assert code == 0, err
    [hint] = [line.split(": ", 1)[1] for line in err.splitlines() if line.startswith("collect it later with: ")]
    argv = shlex.split(hint)
    assert argv[:2] == ["hfi18n", "translate"]
    assert main([*argv[1:], "--format", "json"]) == 0
    done = json.loads(capsys.readouterr().out)
    assert any(d["written"] for d in done["docs"]) and "toctree" not in done
    assert toc.read_bytes() == original
