"""The glossary miner: aligned translations, candidate terms, proposals, glossary usage counts."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.errors import InputError
from hfi18n.glossary import Glossary
from hfi18n.translate.aligned import Unit, align_docs, aligned_units, term_usage
from hfi18n.translate.mine import english_terms, ko_stem, korean_candidates, mine, mine_units

FIX = Path(__file__).parent / "fixtures" / "glossary"
REPO = FIX / "repo"


def by_term(result) -> dict:
    return {p.term: p for p in result.proposals}


# ------------------------------------------------------------------------------------ candidates


@pytest.mark.parametrize(
    ("word", "stem"),
    [("추론을", "추론"), ("학습된", "학습"), ("파이프라인은", "파이프라인"), ("데이터셋으로", "데이터셋"),
     ("값을", "값"), ("결과", "결과"), ("이미지", "이미지"), ("디렉토리", "디렉토리"), ("설치하세요", "설치")],
)
def test_ko_stem(word: str, stem: str) -> None:
    assert ko_stem(word) == stem


def test_korean_candidates() -> None:
    cands = korean_candidates("모델을 미세 조정하면 추론이 빨라집니다.")
    assert {"모델", "추론", "미세 조정", "조정"} <= cands
    assert "diffusion 모델" in korean_candidates("diffusion 모델을 학습합니다")


def test_english_terms() -> None:
    terms = english_terms("Fine-tuning a diffusion model is easy, and the models run on the Hub.")
    assert {"fine-tuning", "diffusion", "diffusion model", "model", "models", "hub"} <= terms
    assert "the" not in terms and "is" not in terms and "model is" not in terms
    assert "easy and" not in terms  # n-grams stay inside a clause


# -------------------------------------------------------------------------------------- alignment


def test_align_docs_pairs_headings_and_paragraphs() -> None:
    en = (REPO / "docs/source/en/guides/training.md").read_text(encoding="utf-8")
    ko = (REPO / "docs/source/ko/guides/training.md").read_text(encoding="utf-8")
    pairs = align_docs(en, ko, "ko")

    def aligned(en_start: str, ko_start: str) -> bool:
        return any(e.startswith(en_start) and t.startswith(ko_start) for e, t, _ in pairs)

    assert aligned("Fine-tuning", "파인튜닝")
    assert aligned("Prepare a dataset", "데이터셋 준비하기")
    assert aligned("Save a checkpoint every", "수백 스텝마다 체크포인트")
    assert aligned("Run inference with the fine-tuned", "파인튜닝된 체크포인트로")
    # the translator's note (a callout with no English counterpart) is left out
    assert not any("번역자 주" in t for _, t, _ in pairs)
    assert len(pairs) == 11


def test_aligned_units_skip_docs_without_twin() -> None:
    units = list(aligned_units(REPO, "ko", history=False))
    files = {u.file for u in units}
    assert files == {"quicktour.md", "guides/training.md"}  # orphan.md has no English twin
    u = next(u for u in units if u.tr.startswith("추론을 더 빠르게"))
    assert u.en.startswith("Use a smaller checkpoint") and u.file == "quicktour.md" and u.line == 22



MERGED_EN = """# Schedulers

A scheduler takes the output of the UNet and computes the less noisy sample for the next denoising step.

Schedulers are interchangeable: swap one for another to trade speed for quality without retraining anything.

A pipeline keeps the settings of its scheduler when another scheduler is loaded from its configuration.

Faster schedulers need fewer denoising steps, which makes inference quicker.
"""
MERGED_KO = """# 스케줄러

스케줄러는 UNet의 출력을 받아 다음 디노이징 단계를 위한 노이즈가 적은 샘플을 계산합니다. 스케줄러는 서로 바꿔 쓸 수 \
있으므로, 아무것도 다시 학습하지 않고 다른 스케줄러로 바꿔 속도와 품질을 맞바꿀 수 있습니다.

다른 스케줄러를 설정에서 불러오면 파이프라인은 스케줄러의 설정을 유지합니다.

더 빠른 스케줄러는 더 적은 디노이징 스텝이 필요하므로 추론이 빨라집니다.
"""


def test_aligned_units_pair_a_merged_paragraph_with_both_english_ones(tmp_path: Path) -> None:
    """Two English paragraphs the translator merged into one are one unit of both (the pair model's 2-1
    bead): the loose pairing the miner used paired the merged paragraph with the first English one only,
    so the words of the second ("interchangeable", "retraining") were learnt from no English."""
    for lang, text in (("en", MERGED_EN), ("ko", MERGED_KO)):
        (tmp_path / "docs/source" / lang).mkdir(parents=True)
        (tmp_path / "docs/source" / lang / "schedulers.md").write_text(text, encoding="utf-8")
    units = {u.line: u for u in aligned_units(tmp_path, "ko", history=False)}
    assert sorted(units) == [1, 3, 5, 7]
    assert units[3].en.startswith("A scheduler takes") and "interchangeable" in units[3].en
    assert units[3].tr.startswith("스케줄러는 UNet의") and units[3].tr.endswith("맞바꿀 수 있습니다.")
    assert units[5].en.startswith("A pipeline keeps") and units[7].en.startswith("Faster schedulers")


# -------------------------------------------------------------------------------------- proposals


def test_mine_fixture_repo() -> None:
    result = mine(REPO, "ko", history=False)
    assert result.files == 2
    got = by_term(result)
    assert got["inference"].translation == "추론"
    assert got["inference"].count == 6 and got["inference"].occurrences == 6
    assert got["inference"].example == "quicktour.md"
    assert got["checkpoint"].translation == "체크포인트"
    assert got["pipeline"].translation == "파이프라인"
    assert got["dataset"].translation == "데이터셋"
    assert got["fine-tuning"].translation == "파인튜닝"
    hub = got["Hub"]  # kept in English, spelled as in the docs
    assert hub.keep_english and hub.translation is None and hub.count == 5
    counts = [p.count for p in result.proposals]
    assert counts == sorted(counts, reverse=True)
    assert all(0 < p.score <= 1 for p in result.proposals)


def test_mine_min_count_and_limit() -> None:
    assert {p.term for p in mine(REPO, "ko", history=False, min_count=6).proposals} == {"checkpoint", "inference"}
    assert len(mine(REPO, "ko", history=False, limit=2).proposals) == 2


def test_mine_units_three_paragraphs() -> None:
    units = [
        Unit("Inference is fast.", "추론은 빠릅니다.", "a.md", 1),
        Unit("Run inference on a GPU.", "GPU에서 추론을 실행하세요.", "a.md", 2),
        Unit("Batch inference saves time.", "배치 추론으로 시간을 절약합니다.", "b.md", 1),
        Unit("Save the file.", "파일을 저장하세요.", "b.md", 2),
    ]
    got = by_term(mine_units(units, "ko"))
    assert got["inference"].translation == "추론"
    assert (got["inference"].count, got["inference"].occurrences, got["inference"].score) == (3, 3, 1.0)
    assert got["inference"].example == "a.md"
    assert "file" not in got  # one pair only


def test_mine_unknown_language() -> None:
    with pytest.raises(InputError, match="no docs folder for language.s. fr") as info:
        mine(REPO, "fr")
    assert "ko" in (info.value.hint or "")


def test_mine_uses_the_english_of_the_translation_time(tmp_path: Path) -> None:
    """A translation made against an older English doc aligns with that version from git history."""
    repo = tmp_path / "repo"
    shutil.copytree(REPO, repo)

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                       env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
                            "GIT_COMMITTER_EMAIL": "t@t", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})

    git("init", "-q")
    git("add", ".")
    git("commit", "-q", "-m", "translation")
    en = repo / "docs/source/en/quicktour.md"
    en.write_text("# Quicktour\n\nRewritten from scratch: nothing is left of the old page.\n", encoding="utf-8")
    git("commit", "-q", "-am", "rewrite the English")
    tip_only = [u for u in aligned_units(repo, "ko", history=False) if u.file == "quicktour.md"]
    with_history = [u for u in aligned_units(repo, "ko") if u.file == "quicktour.md"]
    assert len(tip_only) <= 2
    assert len(with_history) == 9
    assert by_term(mine(repo, "ko"))["inference"].count == 6


def test_history_is_skipped_outside_git(tmp_path: Path) -> None:
    repo = tmp_path / "plain"
    shutil.copytree(REPO, repo)
    assert len(list(aligned_units(repo, "ko"))) == len(list(aligned_units(REPO, "ko", history=False)))


# ------------------------------------------------------------------------------------------ usage


def test_term_usage() -> None:
    g = Glossary.load(FIX / "mini.tsv", "ko")
    usage = {u.term.source: u for u in term_usage(g, aligned_units(REPO, "ko", history=False))}
    inf = usage["inference"]
    assert (inf.occurrences, inf.followed, inf.accepted) == (6, 6, 6)
    ft = usage["fine-tuning"]  # the fixture uses the alternative 파인튜닝
    assert ft.occurrences == 6 and ft.followed == 0 and ft.accepted == 6
    assert ft.variants == {"파인튜닝": 6}
    hub = usage["Hub"]
    assert hub.followed == hub.occurrences == 5 and hub.variants == {"(English)": 5}
    assert usage["Trainer"].occurrences == 0


# -------------------------------------------------------------------------------------------- CLI


def test_cli_mine_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["glossary", "mine", "--repo", str(REPO), "--lang", "ko", "--format", "json", "--no-history"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["files"] == 2 and data["aligned_pairs"] == 20
    first = data["proposals"][0]
    assert set(first) == {"term", "translation", "keep_english", "count", "occurrences", "score", "example", "others"}
    assert {"term": "inference", "translation": "추론"}.items() <= next(
        p for p in data["proposals"] if p["term"] == "inference").items()


def test_cli_mine_tsv_is_a_loadable_glossary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "proposals.tsv"
    assert main(["glossary", "mine", "--repo", str(REPO), "--lang", "ko", "--out", str(out), "--no-history"]) == 0
    assert "proposals from 2 translated docs" in capsys.readouterr().err
    g = Glossary.load(out, "ko")
    assert g.get("inference").target == "추론"
    assert g.get("Hub").keep_english
    rows = [ln.split("\t") for ln in out.read_text(encoding="utf-8").splitlines() if not ln.startswith("#")]
    assert rows[0] == ["term", "translation", "keep_english", "alternatives", "notes", "count", "occurrences",
                       "score", "example"]
    assert [int(r[5]) for r in rows[1:]] == sorted((int(r[5]) for r in rows[1:]), reverse=True)


def test_cli_mine_new_only(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["glossary", "mine", "--repo", str(REPO), "--lang", "ko", "--format", "json", "--no-history"]
    assert main([*args, "--new-only", "--glossary", str(FIX / "mini.tsv")]) == 0
    terms = {p["term"] for p in json.loads(capsys.readouterr().out)["proposals"]}
    assert "inference" not in terms and "Hub" not in terms and "checkpoint" in terms


def test_cli_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["glossary", "usage", "--repo", str(REPO), "--lang", "ko", "--glossary", str(FIX / "mini.tsv"),
                 "--format", "json", "--no-history"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["term"] == "fine-tuning"  # least followed first
    assert {r["term"] for r in rows} >= {"inference", "Hub", "pipeline", "model"}


def test_cli_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["glossary", "mine", "--repo", str(REPO), "--lang", "ko", "--format", "table", "--no-history"]) == 0
    assert "추론" in capsys.readouterr().out
    assert main(["glossary", "usage", "--repo", str(REPO), "--lang", "ko", "--no-history"]) == 0
    captured = capsys.readouterr()
    assert "체크포인트" in captured.out and "terms occur in the aligned translations" in captured.err


def test_cli_mine_bad_repo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["glossary", "mine", "--repo", str(tmp_path), "--lang", "ko"]) == 2
    assert "no English docs" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------ corpus


@pytest.mark.corpus
def test_corpus_diffusers_ko(corpus) -> None:
    repo = corpus("diffusers")
    result = mine(repo, "ko")
    assert result.files >= 40 and result.units >= 1000
    top = result.proposals[:40]
    got = {p.term: p for p in top}
    # pairs a Korean translator would agree with, near the top
    assert got["inference"].translation == "추론"
    assert got["model"].translation == "모델"
    assert got["pipeline"].translation == "파이프라인"
    assert got["scheduler"].translation == "스케줄러"
    assert got["checkpoint"].translation == "체크포인트"
    assert got["training"].translation == "학습"
    assert got["Diffusers"].keep_english and got["Stable Diffusion"].keep_english
    assert result.proposals.index(got["inference"]) < 10
    counts = [p.count for p in result.proposals]
    assert counts == sorted(counts, reverse=True)


@pytest.mark.corpus
def test_corpus_shipped_glossary_is_followed(corpus) -> None:
    """The shipped ko glossary agrees with what the human translators of the corpora wrote."""
    ko = Glossary.builtin("ko")
    totals: dict[str, list[int]] = {}
    for name in ("diffusers", "huggingface_hub", "smolagents"):
        for u in term_usage(ko, aligned_units(corpus(name), "ko")):
            t = totals.setdefault(u.term.source, [0, 0, 0])
            t[0] += u.occurrences
            t[1] += u.followed
            t[2] += u.accepted
    for term in ("inference", "model", "pipeline", "scheduler", "checkpoint", "dataset", "training", "Hub"):
        occ, followed, accepted = totals[term]
        assert occ >= 30, term
        assert accepted >= 0.85 * occ, (term, totals[term])
        assert followed >= 0.6 * occ, (term, totals[term])
    # over all frequent terms, the required or an accepted spelling is what the humans wrote
    frequent = {k: v for k, v in totals.items() if v[0] >= 10}
    assert len(frequent) >= 80
    for term, (occ, _followed, accepted) in frequent.items():
        assert accepted >= 0.6 * occ, (term, occ, accepted)
