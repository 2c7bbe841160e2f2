"""Hostile visitors, third round (issue 25): each attack through the interface an attacker uses.

A link committed in the base commit that publish starts from, a batch job file that points the API key
elsewhere, a 10,000-deep toctree, a glossary field holding a newline, a backtick in a doc path, a full
disk under the translation memory.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hfi18n.cli import main
from tests.conftest import require
from tests.helpers import git, publish_repos

KO_CLI = """# CLI 사용하기 [[use-the-cli]]

`hf` 명령줄 도구로 파일을 다운로드할 수 있습니다.
"""
EN_CLI = """# Use the CLI

The `hf` command line lets you download files.
"""
VICTIM = "another visitor's file\n"


# ------------------------------------------------------------------ 1: links in the base commit


def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("GITHUB_TOKEN", "GH_TOKEN", "HFI18N_CONFIG", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        monkeypatch.delenv(var, raising=False)


def linked_base(tmp_path: Path, how: str) -> tuple[Path, Path]:
    """A clone whose upstream ``main`` commits a link that leads out of the checkout, and whose working
    tree holds the translator's real ``ko/guides/cli.md``; returns ``(clone, outside folder)``.

    ``how``: ``file`` (the doc is a link to an existing outside file), ``dangling`` (to a file that does
    not exist yet), ``folder`` (``docs/source/ko`` itself is a link to an outside folder).
    """
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.md").write_text(VICTIM, encoding="utf-8")
    upstream, _fork, clone = publish_repos(
        tmp_path, {"en": ["index", "guides/cli"], "ko": ["index"]}, files={"en/guides/cli.md": EN_CLI})
    ko = clone / "docs/source/ko"
    if how == "folder":
        real = tmp_path / "ko-real"
        ko.rename(real)
        ko.symlink_to(outside, target_is_directory=True)
    else:
        (ko / "guides").mkdir()
        (ko / "guides/cli.md").symlink_to(outside / ("victim.md" if how == "file" else "new.md"))
    git(clone, "add", "-A")
    git(clone, "commit", "-q", "-m", "docs: link")
    git(clone, "push", "-q", "origin", "HEAD:main")
    git(clone, "fetch", "-q", "origin")
    if how == "folder":  # the translator's own folder replaces the link in the working tree
        ko.unlink()
        real.rename(ko)
        (ko / "guides").mkdir()
    else:
        (ko / "guides/cli.md").unlink()
    (ko / "guides/cli.md").write_text(KO_CLI, encoding="utf-8")
    return clone, outside


@pytest.mark.parametrize("how", ["file", "dangling", "folder"])
def test_item1_publish_dry_run_never_writes_through_a_link_of_the_base_commit(
        tmp_path: Path, how: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    """The dry run copied the doc onto the base commit's link: the outside file was overwritten (or
    created through the dangling link, or inside the linked folder), then it said "nothing to publish"."""
    _clean_env(monkeypatch)
    clone, outside = linked_base(tmp_path, how)
    before = sorted(p.name for p in outside.iterdir())
    code = main(["publish", "--repo", str(clone), "--lang", "ko", "guides/cli.md", "--dry-run", "--no-llm"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert (outside / "victim.md").read_text(encoding="utf-8") == VICTIM
    assert sorted(p.name for p in outside.iterdir()) == before  # nothing created through a link
    assert "link" in err and "outside" in err and "nothing to publish" not in err
    assert ("docs/source/ko" if how == "folder" else "docs/source/ko/guides/cli.md") in err
    assert not git(clone, "branch", "--list", "ko-guides-cli").strip()  # no branch made


def test_item1_web_preview_of_the_pr_never_writes_through_a_link_of_the_base_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Preview the PR" over HTTP (gradio_client): the same base-commit link, on the served app."""
    require("gradio_client")
    from gradio_client import Client

    from hfi18n.config import Config
    from hfi18n.web import build_app

    _clean_env(monkeypatch)
    monkeypatch.delenv("SPACE_ID", raising=False)
    clone, outside = linked_base(tmp_path, "dangling")
    demo = build_app(clone, config=Config({}))
    _, url, _ = demo.launch(prevent_thread_lock=True, quiet=True, show_error=True, server_name="127.0.0.1")
    try:
        client = Client(url, verbose=False)
        with pytest.raises(Exception, match="link") as info:
            client.predict(clone.name, "ko", "guides/cli.md", "", "", api_name="/publish_preview")
    finally:
        demo.close()
    assert "nothing to publish" not in str(info.value)
    assert sorted(p.name for p in outside.iterdir()) == ["victim.md"]  # new.md never created through the link
    assert not git(clone, "branch", "--list", "ko-guides-cli").strip()
