"""Pages doc-builder builds are read, checked and translated; what it cannot build stays refused (issue 24).

Every doc of every language of the three corpora went through parse, status, check, plan and a pseudo
translation (docs/numbers.md, 2026-11-25 evening); the one English page refused is diffusers'
``api/pipelines/hunyuan_video15.md``: ``<hfoptions id="usage">`` and ``<hfoption id="memory">`` opened and
never closed, a page published on hf.co. The fixtures below are written for these tests.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from hfi18n.cli import main
from tests.fakes.llm_server import FakeLLMServer  # noqa: F401  (the server fixture's type)
from tests.helpers import git, isolate_env, publish_repos

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


def test_review_accepts_a_link_to_a_custom_anchor_of_another_translation_as_check_does(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """One behaviour for custom anchors: ``check`` accepts ``beta#beta-install`` (a custom anchor of
    ``ko/beta.md``) for the English ``beta#setup``, and ``hfi18n review`` of the same files reported it as a
    ``links`` error (its check ran without the other translations' anchors). A fragment the linked
    translation lacks stays an error in both."""
    repo = docs_repo(tmp_path, {"en/alpha.md": EN_ALPHA, "en/beta.md": EN_BETA,
                                "ko/alpha.md": KO_ALPHA, "ko/beta.md": KO_BETA})

    def review_links(doc: str) -> list[str]:
        main(["review", "--repo", str(repo), "--lang", "ko", "--format", "json", doc])
        out = json.loads(capsys.readouterr().out)
        return sorted(str(f.get("english") or f.get("message")) for d in out["docs"] for f in d["findings"]
                      if f.get("rule") == "links")

    assert review_links("docs/source/ko/alpha.md") == []
    (repo / "docs/source/ko/alpha.md").write_text(KO_ALPHA.replace("beta#beta-install", "beta#nowhere"),
                                                  encoding="utf-8")
    assert len(review_links("docs/source/ko/alpha.md")) == 1


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


# ------------------------------------------------------------------ a doc that is a link inside the repository

EN_PAGE = """# {name}

The {name} page explains how the library loads a model.

## Usage

Call the loader with a model name.
"""
KO_BETA_PAGE = """# 베타 [[beta]]

베타 페이지는 라이브러리가 모델을 불러오는 방법을 설명합니다.

## 사용법 [[usage]]

모델 이름으로 로더를 호출하세요.
"""


def linked_docs(tmp_path: Path) -> Path:
    """A repository committing links inside it (real git): ``en/gamma.md -> beta.md`` and ``ko/gamma.md ->
    beta.md`` (one page doc-builder builds under two names, in both languages); ``ko/delta.md ->
    ../en/delta.md`` (a translation that is the English); ``ko/epsilon.md -> beta.md`` next to an English
    ``epsilon.md`` of its own."""
    repo = docs_repo(tmp_path, {**{f"en/{n}.md": EN_PAGE.format(name=n.title()) for n in ("beta", "delta", "epsilon")},
                                "ko/beta.md": KO_BETA_PAGE})
    ko, en = repo / "docs/source/ko", repo / "docs/source/en"
    (en / "gamma.md").symlink_to("beta.md")
    (ko / "gamma.md").symlink_to("beta.md")
    (ko / "delta.md").symlink_to("../en/delta.md")
    (ko / "epsilon.md").symlink_to("beta.md")
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=M", "-c", "user.email=m@example.com", "commit", "-q", "-m", "links")
    assert git(repo, "ls-files", "-s", "docs/source/ko/gamma.md").startswith("120000")  # committed as a link
    return repo


def test_status_and_check_read_a_doc_linked_inside_the_repository(tmp_path: Path, capsys) -> None:
    repo = linked_docs(tmp_path)
    assert main(["status", "--repo", str(repo), "--lang", "ko", "--format", "json"]) == 0
    rows = {d["path"]: d for d in json.loads(capsys.readouterr().out)}
    assert rows["gamma.md"]["state"] == rows["beta.md"]["state"] != "missing"  # read through, as doc-builder reads it
    # ko/delta.md -> ../en/delta.md is the English under the translation's name: not up to date, missing
    assert rows["delta.md"]["state"] == "missing" and "linked" in rows["delta.md"]["flags"]
    main(["check", "--repo", str(repo), "--lang", "ko", "gamma.md", "--format", "json"])
    assert [f for f in json.loads(capsys.readouterr().out) if f["severity"] == "error"] == []


def test_translate_writes_a_page_built_twice_through_its_link_and_refuses_other_links_naming_them(
        tmp_path: Path, server, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """``ko/gamma.md -> beta.md`` mirrors ``en/gamma.md -> beta.md``: translating gamma.md is translating
    beta.md (the link stays a link). A link to the English, or to another doc's translation while the
    English is a doc of its own, is refused with the link, its target and what to do; nothing is written
    (``translate --force`` replaced the link with a file, and writing through it would have replaced the
    English or the other translation)."""
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    repo = linked_docs(tmp_path)
    ko, en = repo / "docs/source/ko", repo / "docs/source/en"
    before = {p: (ko / p).read_bytes() for p in ("beta.md",)} | {"en/delta.md": (en / "delta.md").read_bytes()}
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "delta.md", "epsilon.md", "--force",
                 "--provider", "openai", "--base-url", server.openai_base_url, "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 1, err  # nothing translated: both skipped, each with its reason
    skipped = {line.split(":", 1)[0]: line for line in err.splitlines() if line.startswith("skipped ")}
    assert "docs/source/ko/delta.md is a link to docs/source/en/delta.md" in skipped["skipped delta.md"]
    assert "git rm docs/source/ko/delta.md" in skipped["skipped delta.md"]
    assert "docs/source/ko/epsilon.md is a link to docs/source/ko/beta.md" in skipped["skipped epsilon.md"]
    assert (ko / "delta.md").is_symlink() and (ko / "epsilon.md").is_symlink()
    assert (en / "delta.md").read_bytes() == before["en/delta.md"] and (ko / "beta.md").read_bytes() == before["beta.md"]
    assert server.requests == []
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "gamma.md", "--force",
                 "--provider", "openai", "--base-url", server.openai_base_url, "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert (ko / "gamma.md").is_symlink() and Path(os.readlink(ko / "gamma.md")) == Path("beta.md")
    assert (ko / "beta.md").read_bytes() != before["beta.md"]  # written through, to the page itself
    # the page and its review record (issue 36), under the page's own name, not the link's
    assert git(repo, "status", "--porcelain", "-uall").split() == ["M", "docs/source/ko/beta.md", "??",
                                                                  "docs/source/ko/_review/beta.md.json"]


KO_CLI = """# CLI 사용하기 [[use-the-cli]]

`hf` 명령줄 도구로 파일을 다운로드할 수 있습니다.
"""
EN_CLI = """# Use the CLI

The `hf` command line lets you download files.
"""


def test_publish_replaces_a_link_the_base_commit_holds_inside_the_repository_with_the_translation(
        tmp_path: Path, capsys) -> None:
    """Upstream committed ``ko/guides/cli.md -> ../index.md`` (a placeholder inside the repository); the
    translator's checkout has the real translation. ``publish`` refused any link of the base commit
    (issue 25); one that stays inside is replaced by the file, never written through."""
    toc = "- title: Get started\n  sections:\n  - local: index\n    title: Home\n  - local: guides/cli\n    title: CLI\n"
    _upstream, _fork, clone = publish_repos(
        tmp_path, {"en": ["index", "guides/cli"], "ko": ["index"]}, files={"en/guides/cli.md": EN_CLI},
        toctrees={"en": toc, "ko": toc.replace("  - local: guides/cli\n    title: CLI\n", "")})
    ko = clone / "docs/source/ko"
    (ko / "guides").mkdir()
    (ko / "guides/cli.md").symlink_to("../index.md")
    git(clone, "add", "-A")
    git(clone, "commit", "-q", "-m", "docs: placeholder link")
    git(clone, "push", "-q", "origin", "HEAD:main")
    git(clone, "fetch", "-q", "origin")
    index_before = (ko / "index.md").read_bytes()
    (ko / "guides/cli.md").unlink()
    (ko / "guides/cli.md").write_text(KO_CLI, encoding="utf-8")
    code = main(["publish", "--repo", str(clone), "--lang", "ko", "guides/cli.md", "--dry-run", "--no-llm"])
    assert code == 0, capsys.readouterr().err
    branch = git(clone, "branch", "--list", "ko-guides-cli", "--format=%(refname:short)").strip()
    assert branch == "ko-guides-cli"
    assert git(clone, "ls-tree", branch, "docs/source/ko/guides/cli.md").startswith("100644")  # a file now
    assert git(clone, "show", f"{branch}:docs/source/ko/guides/cli.md") == KO_CLI
    assert git(clone, "show", f"{branch}:docs/source/ko/index.md").encode() == index_before  # not written through


def test_publish_of_a_doc_that_is_a_link_names_the_page_to_publish(tmp_path: Path, capsys) -> None:
    repo = linked_docs(tmp_path)
    assert main(["publish", "--repo", str(repo), "--lang", "ko", "gamma.md", "--dry-run", "--no-llm"]) == 2
    err = capsys.readouterr().err
    assert "docs/source/ko/gamma.md is a link to docs/source/ko/beta.md" in err
    assert "hfi18n publish --lang ko beta.md" in err
    assert main(["publish", "--repo", str(repo), "--lang", "ko", "delta.md", "--dry-run", "--no-llm"]) == 2
    err = capsys.readouterr().err
    assert "docs/source/ko/delta.md is a link to docs/source/en/delta.md, outside docs/source/ko" in err
    assert not git(repo, "branch", "--list", "ko-*").strip()


def test_fix_anchors_writes_a_linked_page_once_and_keeps_the_link(tmp_path: Path, capsys) -> None:
    """``check --fix-anchors`` over every doc met the page twice (``beta.md`` and its link ``gamma.md``)
    and wrote a file over the link."""
    repo = linked_docs(tmp_path)
    ko = repo / "docs/source/ko"
    (ko / "beta.md").write_text(KO_BETA_PAGE.replace("[[usage]]", "[[사용법]]"), encoding="utf-8")
    assert main(["check", "--repo", str(repo), "--lang", "ko", "gamma.md", "beta.md", "--fix-anchors"]) in (0, 1)
    capsys.readouterr()
    assert (ko / "gamma.md").is_symlink() and (ko / "delta.md").is_symlink() and (ko / "epsilon.md").is_symlink()
    assert "## 사용법 [[usage]]" in (ko / "beta.md").read_text(encoding="utf-8")


def test_check_says_a_translation_linked_to_the_english_is_no_translation(tmp_path: Path, capsys) -> None:
    """``ko/delta.md -> ../en/delta.md`` read through matched its English in every check: 0 errors."""
    repo = linked_docs(tmp_path)
    assert main(["check", "--repo", str(repo), "--lang", "ko", "delta.md", "--format", "json"]) == 1
    found = [f for f in json.loads(capsys.readouterr().out) if f["severity"] == "error"]
    assert [f["check"] for f in found] == ["linked"]
    assert "docs/source/en/delta.md" in found[0]["message"] and "git rm" in found[0]["message"]


def test_translate_never_writes_through_a_language_folder_linked_to_the_english(
        tmp_path: Path, server, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """``ko/guides -> ../en/guides`` (committed): the translation of ``guides/page.md`` landed on the English
    page itself."""
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    repo = docs_repo(tmp_path, {"en/guides/page.md": EN_PAGE.format(name="Page"), "en/guides/other.md":
                                EN_PAGE.format(name="Other"), "ko/index.md": "# 홈\n"})
    (repo / "docs/source/ko/guides").symlink_to("../en/guides", target_is_directory=True)
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=M", "-c", "user.email=m@example.com", "commit", "-q", "-m", "folder link")
    english = (repo / "docs/source/en/guides/page.md").read_bytes()
    for flags in (["--force"], []):
        code = main(["translate", "--repo", str(repo), "--lang", "ko", "guides/page.md", *flags,
                     "--provider", "openai", "--base-url", server.openai_base_url])
        err = capsys.readouterr().err
        assert code == 1, err
        assert "docs/source/ko/guides/page.md lies in a linked folder" in err and "docs/source/en/guides/page.md" in err
    assert (repo / "docs/source/en/guides/page.md").read_bytes() == english
    assert sorted(p.name for p in (repo / "docs/source/en/guides").iterdir()) == ["other.md", "page.md"]
    assert server.requests == []
