"""A toctree with keys hfi18n does not know: every command goes on, and edits keep those keys byte-exact."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.errors import InputError
from hfi18n.repo.toctree import Toctree
from hfi18n.repo.toctree_edit import add_entries

FIX = Path(__file__).parent / "fixtures" / "toctree"


def fixture(name: str) -> str:
    return (FIX / name).read_text(encoding="utf-8")


def test_unknown_keys_are_read_and_kept_byte_exact_on_edits() -> None:
    en = Toctree(fixture("en_unknown_keys.yml"), "en.yml")
    ko = Toctree(fixture("ko_unknown_keys.yml"), "ko.yml")
    assert [e.local for e in en.entries()] == ["chapter1/intro", "chapter1/quiz", "chapter1/setup", "reference/api"]
    changes = add_entries(ko, en, [("chapter1/setup.md", "설정"), ("reference/api.md", "API 레퍼런스")],
                          translate_titles=lambda ts: [{"Reference": "레퍼런스"}.get(t, t) for t in ts])
    assert [c.action for c in changes] == ["added", "added"]
    # the new entry goes after the quiz entry's block list, not inside it; every old line is kept
    assert ko.text == fixture("ko_unknown_keys.expected.yml")
    old = fixture("ko_unknown_keys.yml").splitlines()
    assert ko.text.splitlines()[: len(old)] == old


@pytest.mark.parametrize("bad", ["- title: [a, b]\n  sections: []\n", "- title: A\n  sections: {x: 1}\n",
                                 "- local: {x: 1}\n  title: A\n"])
def test_what_doc_builder_refuses_is_still_refused(bad: str) -> None:
    with pytest.raises(InputError) as err:
        Toctree(bad, "ko.yml")
    assert err.value.line == 1 or err.value.line == 2


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                   env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t",
                        "GIT_COMMITTER_EMAIL": "t@e", "PATH": "/usr/bin:/bin", "HOME": str(repo)})


def make_repo(tmp_path: Path, docs: str = "docs/source") -> Path:
    root = tmp_path / "repo"
    pages = {"chapter1/intro": "Introduction", "chapter1/quiz": "Quiz", "chapter1/setup": "Setup",
             "reference/api": "API"}
    for local, title in pages.items():
        p = root / docs / "en" / f"{local}.md"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(f"# {title}\n\nThis page explains {title.lower()} in a few words for the reader.\n",
                     encoding="utf-8")
    for local in ("chapter1/intro", "chapter1/quiz"):
        p = root / docs / "ko" / f"{local}.md"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(f"# 제목 [[{pages[local].lower()}]]\n\n이 페이지는 내용을 설명합니다.\n", encoding="utf-8")
    shutil.copy(FIX / "en_unknown_keys.yml", root / docs / "en/_toctree.yml")
    shutil.copy(FIX / "ko_unknown_keys.yml", root / docs / "ko/_toctree.yml")
    _git(root.parent, "init", "-q", str(root))
    _git(root, "add", ".")
    _git(root, "commit", "-q", "-m", "docs")
    return root


@pytest.mark.parametrize("docs", ["docs/source", "documentation/src"])
def test_every_command_runs_on_a_repo_whose_toctree_has_unknown_keys(tmp_path: Path, capsys, docs: str) -> None:
    repo = make_repo(tmp_path, docs)
    toc = repo / docs / "ko/_toctree.yml"
    common = ["--repo", str(repo), "--lang", "ko"] + ([] if docs == "docs/source" else ["--docs-root", docs])
    assert main(["status", *common]) == 0
    assert "chapter1/setup" in capsys.readouterr().out
    assert main(["check", *common]) == 0
    assert main(["toctree", *common, "--check"]) == 0
    assert main(["translate", *common, "--next", "1", "--provider", "pseudo"]) == 0
    written = [p for p in (repo / docs / "ko").rglob("*.md") if p.stem in ("setup", "api")]
    assert len(written) == 1
    assert main(["toctree", *common, "--no-llm"]) == 0
    text = toc.read_text(encoding="utf-8")
    for line in fixture("ko_unknown_keys.yml").splitlines():
        assert line in text  # unknown keys (and their comments) kept byte for byte
    assert len(text.splitlines()) > len(fixture("ko_unknown_keys.yml").splitlines())
    capsys.readouterr()
    # the one error: the title taken from the pseudo page is test output, marked so (issue 33, item 9)
    assert main(["toctree", *common, "--check"]) == 1
    assert set(re.findall(r"error \[([\w-]+)\]", capsys.readouterr().out)) == {"toctree-pseudo"}
