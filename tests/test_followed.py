"""Issue 23 item 1: one record of what a translation follows, read by status, check and update alike.

Where history cannot pair a translation with its English twin of today (a redesign deleted the page and
wrote a new one at the same path; a translation moved to the path of an English page written since) and
the content match is weak, the state is "outdated, base unknown", never "up to date". Fixtures are small
repositories with real commits.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hfi18n.cli import main
from tests.test_history import LICENSE, GitRepo

OLD_CODE = "\n".join(["from diffusers import DiffusionPipeline", "pipe = DiffusionPipeline.from_pretrained(repo)",
                      "pipe.to('cuda')", "image = pipe(prompt).images[0]", "image.save('out.png')",
                      "generator = torch.Generator().manual_seed(0)", "pipe.enable_model_cpu_offload()",
                      "pipe.unet.set_attn_processor(proc)"])
NEW_CODE = "\n".join(["from diffusers import DiffusionPipeline", "pipe = DiffusionPipeline.from_pretrained(repo)",
                      "components = ComponentsManager()", "blocks = SequentialPipelineBlocks.from_blocks_dict(b)",
                      "pipeline = blocks.init_pipeline(repo, components_manager=components)",
                      "pipeline.load_components(torch_dtype=torch.float16)", "output = pipeline(prompt=prompt)",
                      "output.values['images'][0].save('out.png')"])


def en_page(code: str, title: str = "Guide", extra: str = "") -> str:
    return (LICENSE.format(year=2024) + f"# {title}\n\nRead [`DiffusionPipeline`] first.\n\n```py\n{code}\n```\n\n"
            f"## Next\n\nSee [the loading guide](./loading).\n{extra}")


def ko_page(code: str) -> str:
    return (LICENSE.format(year=2024) + "# 가이드 [[guide]]\n\n먼저 [`DiffusionPipeline`]을 읽으세요.\n\n"
            f"```py\n{code}\n```\n\n## 다음 [[next]]\n\n[로딩 가이드](./loading)를 보세요.\n")


def redesigned(root: Path) -> GitRepo:
    """``ko/guide.md`` translated from ``en/guide.md``; a redesign then removed the page and wrote a new
    one at the same path (two commits: history has no English at that path in between)."""
    repo = GitRepo(root)
    repo.commit("Add guide", {"en/guide.md": en_page(OLD_CODE)})
    repo.commit("[i18n-KO] Translated guide.md to Korean", {"ko/guide.md": ko_page(OLD_CODE)})
    repo.rm("en/guide.md")
    repo.commit("Redesign: remove the old guides")
    repo.commit("Redesign: modular guides", {"en/guide.md": en_page(NEW_CODE, "Modular guide")})
    return repo


def moved(root: Path) -> GitRepo:
    """``ko/guide.md`` translated from ``en/guide.md``; the English was replaced by a new page at
    ``en/tutorials/guide.md`` and edited again; then the translator moved the translation there."""
    repo = GitRepo(root)
    repo.commit("Add guide", {"en/guide.md": en_page(OLD_CODE)})
    repo.commit("[i18n-KO] Translated guide.md to Korean", {"ko/guide.md": ko_page(OLD_CODE)})
    repo.rm("en/guide.md")
    repo.commit("Restructure the docs", {"en/tutorials/guide.md": en_page(NEW_CODE, "Modular guide")})
    repo.commit("Polish the modular guide", {"en/tutorials/guide.md": en_page(NEW_CODE, "Modular guide",
                                                                               "\nMore soon.\n")})
    repo.mv("ko/guide.md", "ko/tutorials/guide.md")
    repo.commit("Move the Korean guide next to its English")
    return repo


CASES = {"redesign at the same path": (redesigned, "guide.md"), "translation moved": (moved, "tutorials/guide.md")}


def _json(capsys, *argv: str) -> tuple[int, object]:
    code = main(list(argv))
    return code, json.loads(capsys.readouterr().out)


def _status_row(capsys, repo: GitRepo, doc: str) -> dict:
    code, rows = _json(capsys, "status", "--repo", str(repo.root), "--lang", "ko", "--format", "json")
    assert code == 0
    (row,) = [r for r in rows if r["lang"] == "ko" and r["path"] == doc]
    return row


@pytest.mark.parametrize("case", CASES)
def test_status_says_outdated_base_unknown_with_the_best_candidate(tmp_path: Path, capsys, case: str) -> None:
    make, doc = CASES[case]
    repo = make(tmp_path / "repo")
    row = _status_row(capsys, repo, doc)
    assert row["state"] == "outdated"  # it said up-to-date: the rewritten English was taken as the base
    assert "base-unknown" in row["flags"] and row["base_method"] == "unknown" and row["base_commit"] is None
    head = repo.git("rev-parse", "HEAD").strip()
    candidate = repo.git("log", "-1", "--format=%H", "--", f"docs/source/en/{doc}").strip()
    assert row["base_candidate"] == candidate and candidate[:7] in row["problem"]
    assert "history cannot pair it" in row["problem"] and "translate --force" in row["problem"]
    assert head  # the repository has its real history
    # every format says it
    for fmt, needle in (("md", "base unknown"), ("csv", "base-unknown"), ("html", "base unknown")):
        assert main(["status", "--repo", str(repo.root), "--lang", "ko", "--format", fmt]) == 0
        assert needle in capsys.readouterr().out, fmt


@pytest.mark.parametrize("case", CASES)
def test_update_refuses_a_base_unknown_and_names_the_candidate(tmp_path: Path, capsys, case: str) -> None:
    make, doc = CASES[case]
    repo = make(tmp_path / "repo")
    before = (repo.docs / "ko" / doc).read_text(encoding="utf-8")
    code = main(["translate", "--repo", str(repo.root), "--lang", "ko", "--update", doc, "--provider", "pseudo"])
    err = " ".join(capsys.readouterr().err.split())
    assert code == 1
    candidate = repo.git("log", "-1", "--format=%H", "--", f"docs/source/en/{doc}").strip()
    assert "is unknown" in err and candidate[:7] in err and "--force" in err
    assert (repo.docs / "ko" / doc).read_text(encoding="utf-8") == before  # nothing written


@pytest.mark.parametrize("case", CASES)
def test_check_gives_the_answer_status_gives(tmp_path: Path, capsys, case: str) -> None:
    make, doc = CASES[case]
    repo = make(tmp_path / "repo")
    code, findings = _json(capsys, "check", "--repo", str(repo.root), "--lang", "ko", "--format", "json")
    mine = [f for f in findings if f["file"] == f"docs/source/ko/{doc}"]
    unknown = [f for f in mine if f["check"] == "base-unknown"]
    assert len(unknown) == 1 and code == 1
    assert "outdated, base unknown" in unknown[0]["message"]
    assert not [f for f in mine if f["check"] == "drift"]  # one finding says it, not two answers


def test_a_strong_content_match_keeps_its_base(tmp_path: Path, capsys) -> None:
    """The minimum does not touch a real content base: a translation of the new page at the same path,
    committed before that English (a translator who worked from the PR), is up to date."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("Add guide", {"en/guide.md": en_page(OLD_CODE)})
    repo.rm("en/guide.md")
    repo.commit("Remove the old guide")
    repo.commit("[i18n-KO] Translated guide.md to Korean", {"ko/guide.md": ko_page(NEW_CODE)})
    repo.commit("Modular guide", {"en/guide.md": en_page(NEW_CODE, "Modular guide")})
    row = _status_row(capsys, repo, "guide.md")
    assert row["state"] == "up-to-date" and row["base_method"] == "content" and "base-unknown" not in row["flags"]
