"""Pages doc-builder builds are read, checked and translated; what it cannot build stays refused (issue 28).

Every doc of every language of the three corpora went through parse, status, check, plan and a pseudo
translation (notes/s28refuse.md); the one English page refused is diffusers'
``api/pipelines/hunyuan_video15.md``: ``<hfoptions id="usage">`` and ``<hfoption id="memory">`` opened and
never closed, a page published on hf.co. The fixtures below are written for these tests.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hfi18n.cli import main
from tests.helpers import git, isolate_env

UNCLOSED_OPTIONS = """# Video pipeline

The example below shows how to generate a video.

<hfoptions id="usage">
<hfoption id="memory">

Refer to the memory guide for more details.

```py
pipe.enable_model_cpu_offload()
```

## VideoPipeline

[[autodoc]] VideoPipeline
  - all
"""
UNCLOSED_TIP = """# Tip page

<Tip>

This tip is never closed, so Svelte cannot compile the page.
"""


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate_env(monkeypatch, tmp_path)


def docs_repo(tmp_path: Path, files: dict[str, str]) -> Path:
    """A repository with one commit holding ``files`` (paths under ``docs/source``)."""
    repo = tmp_path / "repo"
    for rel, text in files.items():
        p = repo / "docs/source" / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    git(tmp_path, "init", "-q", "-b", "main", str(repo))
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=M", "-c", "user.email=m@example.com", "commit", "-q", "-m", "docs")
    return repo


def test_an_english_page_with_hfoptions_never_closed_is_translated_and_its_fault_is_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """doc-builder turns ``<hfoptions>`` into tabs only as a matched pair; unmatched, mdsvex escapes the
    tag to text and the page builds. ``translate`` skipped it as "the English source is broken"."""
    repo = docs_repo(tmp_path, {"en/video.md": UNCLOSED_OPTIONS, "ko/index.md": "# 홈\n"})
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "video.md", "--provider", "pseudo"])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "broken" not in err
    assert (repo / "docs/source/ko/video.md").exists()
    main(["check", "--repo", str(repo), "--lang", "ko", "video.md", "--format", "json"])
    found = [f for f in json.loads(capsys.readouterr().out) if f["check"] != "pseudo"]
    assert {(f["check"], f["severity"]) for f in found} == {("english-fault", "warning")}
    assert any("docs/source/en/video.md:5" in f["message"] and "<hfoptions>" in f["message"] for f in found)


def test_an_english_page_with_a_tip_never_closed_stays_refused_with_file_line_and_what_to_do(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """``<Tip>`` is a Svelte component: never closed, the compile fails, so doc-builder refuses the page."""
    repo = docs_repo(tmp_path, {"en/tip.md": UNCLOSED_TIP, "ko/index.md": "# 홈\n"})
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "tip.md", "--provider", "pseudo"])
    err = capsys.readouterr().err
    assert code == 1 and not (repo / "docs/source/ko/tip.md").exists()
    assert "docs/source/en/tip.md:3" in err and "<Tip> is never closed" in err and "fix the English" in err


# ------------------------------------------------------------------ links to a translator's custom anchor

EN_ALPHA = """# Alpha

See [the setup](#setup), [the Beta setup](beta#setup) and [Beta](./beta).

## Setup

Run the setup.
"""
EN_BETA = """# Beta

The beta page.

## Setup

Install it.
"""
KO_ALPHA = """# 알파 [[alpha]]

[설치](#my-anchor), [베타 설치](beta#beta-install), [베타](https://huggingface.co/docs/lib/main/ko/beta)를 보세요.

## 설치 [[my-anchor]]

설치를 실행합니다.
"""
KO_BETA = """# 베타 [[beta]]

베타 페이지입니다.

## 설치 [[beta-install]]

설치합니다.
"""


def test_a_link_to_a_custom_anchor_the_translation_has_is_no_links_error_and_the_anchor_warning_names_it(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """``links`` compared targets as written: ``beta#beta-install`` (a custom anchor of ``ko/beta.md``) for
    the English ``beta#setup`` and the Korean page's URL for ``./beta`` were errors, while the anchor
    itself was a warning that named the link."""
    repo = docs_repo(tmp_path, {"en/alpha.md": EN_ALPHA, "en/beta.md": EN_BETA,
                                "ko/alpha.md": KO_ALPHA, "ko/beta.md": KO_BETA})
    code = main(["check", "--repo", str(repo), "--lang", "ko", "--format", "json"])
    found = json.loads(capsys.readouterr().out)
    assert code == 0, found
    assert [f for f in found if f["check"] in ("links", "link-added", "fragments")] == []
    warned = {f["file"]: f["message"] for f in found if f["check"] == "anchors"}
    assert warned.keys() == {"docs/source/ko/alpha.md", "docs/source/ko/beta.md"}
    assert "[[beta-install]]" in warned["docs/source/ko/beta.md"] and "alpha.md:3" in warned["docs/source/ko/beta.md"]
    assert "[[my-anchor]]" in warned["docs/source/ko/alpha.md"] and "alpha.md:3" in warned["docs/source/ko/alpha.md"]
    # --fix-anchors renames both anchors with their links; the English links then match as written
    assert main(["check", "--repo", str(repo), "--lang", "ko", "--fix-anchors", "--format", "json"]) == 0
    capsys.readouterr()
    assert "beta#setup" in (repo / "docs/source/ko/alpha.md").read_text(encoding="utf-8")


def test_a_link_whose_fragment_the_linked_translation_lacks_stays_a_links_error(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """Only a fragment the linked translated doc has stands for the English one: ``beta#nowhere`` leads
    nowhere, and a link into another folder is another page."""
    ko = KO_ALPHA.replace("beta#beta-install", "beta#nowhere").replace(
        "https://huggingface.co/docs/lib/main/ko/beta", "../beta")
    repo = docs_repo(tmp_path, {"en/alpha.md": EN_ALPHA, "en/beta.md": EN_BETA,
                                "ko/alpha.md": ko, "ko/beta.md": KO_BETA})
    code = main(["check", "--repo", str(repo), "--lang", "ko", "--format", "json"])
    found = json.loads(capsys.readouterr().out)
    assert code == 1
    links = sorted(f["english"] for f in found if f["check"] == "links")
    assert links == ["./beta", "beta#setup"]
    assert [f["check"] for f in found if f["check"] == "link-added"] == ["link-added"]  # ../beta
