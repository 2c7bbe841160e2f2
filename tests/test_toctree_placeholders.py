"""Korean ``(번역중)`` placeholders of ``_toctree.yml`` found and filled through ``hfi18n toctree`` (issue 26), on
repositories with real git history: the English retitles a page after its placeholder was written, and a
placeholder to be filled never makes the command ask for group titles (a provider, or ``--no-llm``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.repo.layout import DocsLayout
from hfi18n.repo.toctree_edit import former_titles
from tests.helpers import git, isolate_env

EN_V1 = """- title: Get started
  sections:
  - local: index
    title: Home
- title: Tutorials
  sections:
  - local: tutorials/inference
    title: Run inference
"""
EN_V2 = EN_V1.replace("title: Run inference", "title: Inference")
KO = """- title: 시작하기
  sections:
  - local: index
    title: 홈
- title: 튜토리얼
  sections:
  - local: in_translation
    title: (번역중) Run inference
"""


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate_env(monkeypatch, tmp_path)  # no provider key anywhere: a title to translate is an error


def commit(repo: Path, files: dict[str, str], message: str) -> None:
    for rel, text in files.items():
        path = repo / "docs/source" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)


def make_repo(tmp_path: Path) -> Path:
    """English toctree "Run inference", the Korean placeholder "(번역중) Run inference" written from it, then the
    English retitles the page "Inference" (its heading); then the Korean page is translated."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    git(repo, "config", "user.name", "Kim")
    git(repo, "config", "user.email", "kim@example.com")
    commit(repo, {"en/_toctree.yml": EN_V1, "en/index.md": "# Home\n", "en/tutorials/inference.md": "# Inference\n\nx\n",
                  "ko/index.md": "# 홈\n"}, "docs")
    commit(repo, {"ko/_toctree.yml": KO}, "ko: placeholder")
    commit(repo, {"en/_toctree.yml": EN_V2}, "retitle inference")
    commit(repo, {"ko/tutorials/inference.md": "# 추론 [[inference]]\n\n본문\n"}, "ko: inference")
    return repo


def test_placeholder_of_a_page_the_english_retitled_is_filled_not_doubled(tmp_path: Path, capsys) -> None:
    """The placeholder keeps the English title of the day it was written ("Run inference"); the English now
    says "Inference". Matched by today's title, the placeholder named no page: its group matched nothing, so
    ``toctree`` asked for the title of a new "Tutorials" group (no provider: an error; with ``--no-llm`` a
    second entry in a second group beside the placeholder). The English toctree's history says which page
    bore the old title."""
    repo = make_repo(tmp_path)
    toc = repo / "docs/source/ko/_toctree.yml"
    assert main(["toctree", "--repo", str(repo), "--lang", "ko", "tutorials/inference.md"]) == 0
    assert "tutorials/inference: filled placeholder (line 7) 추론" in capsys.readouterr().out
    assert toc.read_text(encoding="utf-8") == KO.replace("in_translation", "tutorials/inference").replace(
        "(번역중) Run inference", "추론")
    assert main(["toctree", "--repo", str(repo), "--lang", "ko", "--check"]) == 0

    assert former_titles(DocsLayout.open(repo), {"Run inference", "Nope"}) == {"Run inference": ["tutorials/inference"]}


def test_the_retitle_needs_the_history(tmp_path: Path, capsys) -> None:
    """Without the English toctree's history (its retitle squashed into the one commit), nothing says which
    page "(번역중) Run inference" was: no guess, and with ``--no-llm`` the page is added as before."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    git(repo, "config", "user.name", "Kim")
    git(repo, "config", "user.email", "kim@example.com")
    commit(repo, {"en/_toctree.yml": EN_V2, "en/index.md": "# Home\n", "en/tutorials/inference.md": "# Inference\n",
                  "ko/index.md": "# 홈\n", "ko/_toctree.yml": KO, "ko/tutorials/inference.md": "# 추론\n"}, "all")
    assert main(["toctree", "--repo", str(repo), "--lang", "ko", "--no-llm", "tutorials/inference.md"]) == 0
    text = (repo / "docs/source/ko/_toctree.yml").read_text(encoding="utf-8")
    assert "(번역중) Run inference" in text and "local: tutorials/inference" in text


def test_a_placeholder_to_fill_asks_for_no_group_title(tmp_path: Path, capsys) -> None:
    """The Korean toctree lists the page's placeholder outside any group (the English puts it in "Guides",
    which has no Korean counterpart). The placeholder is filled where it stands, so no group is created:
    ``toctree`` asked for "Guides" translated anyway, and without a provider stopped at "new toctree titles
    need translating" (or needed ``--no-llm``)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    git(repo, "config", "user.name", "Kim")
    git(repo, "config", "user.email", "kim@example.com")
    en = "- local: index\n  title: Home\n- title: Guides\n  sections:\n  - local: guides/upload\n    title: Upload\n"
    ko = "- local: index\n  title: 홈\n- local: in_translation\n  title: (번역중) Upload\n"
    commit(repo, {"en/_toctree.yml": en, "en/index.md": "# Home\n", "en/guides/upload.md": "# Upload\n",
                  "ko/index.md": "# 홈\n", "ko/_toctree.yml": ko, "ko/guides/upload.md": "# 업로드\n"}, "docs")
    assert main(["toctree", "--repo", str(repo), "--lang", "ko", "guides/upload.md"]) == 0, capsys.readouterr().err
    assert (repo / "docs/source/ko/_toctree.yml").read_text(encoding="utf-8") == (
        "- local: index\n  title: 홈\n- local: guides/upload\n  title: 업로드\n")


@pytest.mark.corpus
def test_the_history_reader_reads_every_corpus_toctree_as_the_parser_does(corpus) -> None:
    """:func:`former_titles` reads old English toctrees line by line (a YAML parser took 42 s for diffusers'
    334 versions): on every toctree of the corpora, in every language, it finds the parser's pages."""
    from hfi18n.repo.toctree import load_toctree, local_of
    from hfi18n.repo.toctree_edit import _pages_in_text
    from tests.test_toctree import corpus_toctrees

    paths = corpus_toctrees(corpus)
    assert len(paths) > 10
    for path in paths:
        entries = [(local_of(e.local), e.title) for e in load_toctree(path).entries()]
        assert list(_pages_in_text(path.read_text(encoding="utf-8"))) == entries, path
