"""Review and update pairing stay near-linear, and a doc too big to review is refused quickly (issue 24
"scale", issue 25 item 6: 3,000 paragraphs took 400 s and 544 MB to review, 12,000 headings 37 s to write).

Where it can be, the work is counted, not timed: the cells the banded aligners fill
(:func:`hfi18n.pair.band.banded`), a number that does not move with the machine's load; the seconds are
``bench/bench_budget.py``'s (``review-3000``).

The docs are generated: numbered English paragraphs and their Korean translations, each sharing its code
span (``step_17()``) and number, as a translator's would; some sentences repeat, as real docs' do.
"""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.review import Kind, review_texts
from hfi18n.review.runner import MAX_REVIEW_UNITS
from tests.fakes.github_server import FakeGitHub
from tests.test_review_github import REPO, _config

EXTRA_EN = ("It loads the weights from the Hub and moves them to the GPU before the first call.",
            "The scheduler decides how many denoising steps run, so fewer steps are faster.",
            "Read the API reference for every argument the method accepts.")
EXTRA_KO = ("첫 호출 전에 Hub에서 가중치를 불러와 GPU로 옮깁니다.",
            "스케줄러가 디노이징 단계 수를 정하므로 단계가 적을수록 빠릅니다.",
            "메서드가 받는 모든 인자는 API 레퍼런스를 참고하세요.")


def _paragraph(i: int) -> tuple[str, str]:
    extra = i % 4
    en = f"Call `step_{i}()` to run stage {i} of the pipeline." + "".join(" " + EXTRA_EN[k % 3] for k in range(extra))
    ko = f"`step_{i}()`를 호출하여 파이프라인의 {i}단계를 실행합니다." + "".join(" " + EXTRA_KO[k % 3] for k in range(extra))
    return en, ko


def _docs(n: int, *, every: int = 0, drop: int | None = None) -> tuple[str, str]:
    """An English doc of ``n`` paragraphs and its translation (``drop``: that paragraph left out); a
    heading every ``every`` paragraphs (0: none, one section of ``n`` paragraphs)."""
    en, ko = ["# Big pipeline [[big-pipeline]]\n"], ["# 큰 파이프라인 [[big-pipeline]]\n"]
    for i in range(n):
        if every and i % every == 0:
            en.append(f"## Stage group {i} [[stage-group-{i}]]\n")
            ko.append(f"## 단계 묶음 {i} [[stage-group-{i}]]\n")
        e, k = _paragraph(i)
        en.append(e + "\n")
        if i != drop:
            ko.append(k + "\n")
    return "\n".join(en), "\n".join(ko)


def _repo(tmp_path: Path, en: str, ko: str) -> Path:
    """A git checkout with the English and its translation committed."""
    for lang, text in (("en", en), ("ko", ko)):
        path = tmp_path / "docs" / "source" / lang / "big.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "add", "."], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm",
                    "docs"], check=True)
    return tmp_path


class Cells:
    """The cells the banded aligners filled, counted while :func:`aligned_cells` is open."""

    def __init__(self) -> None:
        self.count = 0


@contextmanager
def aligned_cells(monkeypatch: pytest.MonkeyPatch) -> Iterator[Cells]:
    """Count every cell of every band :func:`hfi18n.pair.band.banded` runs an aligner over (the whole
    table up to its ``FULL_CELLS``, else each band it tries): the quadratic work the band exists to avoid."""
    from hfi18n.pair import band, bitext

    cells = Cells()
    real = band.banded

    def counting(n, m, run):
        def counted(rows):
            cells.count += sum(hi - lo + 1 for lo, hi in rows)
            return run(rows)
        return real(n, m, counted)

    with monkeypatch.context() as patch:
        patch.setattr(band, "banded", counting)
        patch.setattr(bitext, "banded", counting)
        yield cells


def _cli_review(repo: Path, capsys) -> tuple[int, dict]:
    code = main(["review", "--repo", str(repo), "--lang", "ko", "big.md", "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def _findings(out: dict) -> list[dict]:
    return [f for d in out["docs"] for f in d["findings"]]


@pytest.mark.slow
def test_one_section_of_3000_paragraphs_is_reviewed_in_a_band_and_the_drop_found(tmp_path, capsys, monkeypatch):
    """Headings that do not cut the doc (one section of 3,000 paragraphs): the aligners work in a band
    around the diagonal, not over 9 million cells, and the dropped paragraph is still reported where it
    was. On the code before the band, this review did not finish in 10 minutes."""
    en, ko = _docs(3000, drop=1700)
    repo = _repo(tmp_path, en, ko)
    with aligned_cells(monkeypatch) as cells:
        code, out = _cli_review(repo, capsys)
    assert 0 < cells.count < 3000 * 3000 // 10, cells.count
    omissions = [f for f in _findings(out) if f["kind"] == Kind.OMISSION.value]
    line = next(n for n, text in enumerate(en.splitlines(), 1) if "`step_1700()`" in text)
    assert [f["english_line"] for f in omissions] == [line]
    assert code == 0


@pytest.mark.slow
def test_3000_paragraphs_under_headings_review_near_linearly():
    """3,000 paragraphs in 300 sections take about ten times what 300 take (quadratic work gave 100).

    Timed, as a ratio of two runs in one process under the same load (not a budget): a cell count would
    miss quadratic work outside the banded aligners (with the band off, 300 headings still fit in its
    whole-table limit and the sections are 10 paragraphs each, so the cells stay near-linear)."""
    times = {}
    for n in (300, 3000):
        en, ko = _docs(n, every=10, drop=n // 2 + 3)
        start = time.perf_counter()
        doc = review_texts(en, ko, file="ko/big.md", english_file="en/big.md", lang="ko")
        times[n] = time.perf_counter() - start
        assert [f.english_line for f in doc.findings if f.kind is Kind.OMISSION] == \
            [next(k for k, t in enumerate(en.splitlines(), 1) if f"`step_{n // 2 + 3}()`" in t)]
    assert times[3000] < 30 * times[300] + 5, times


def test_a_doc_beyond_the_bound_is_refused_at_once_with_what_to_do(tmp_path, capsys, monkeypatch):
    """A translation of 10,001 paragraphs (or far more lines) is not reviewed: one error names the file,
    its size and the bound, and says to split the page, within seconds (before, the review ran for
    minutes and hundreds of megabytes on such a doc, stalling the Action or a shared Space)."""
    en = "# Title [[title]]\n\nOne paragraph.\n"
    ko = "# 제목 [[title]]\n\n" + "\n".join(f"문단 {i}입니다.\n" for i in range(MAX_REVIEW_UNITS + 1))
    repo = _repo(tmp_path, en, ko)
    with aligned_cells(monkeypatch) as cells:
        code, out = _cli_review(repo, capsys)
    assert cells.count <= 2 * (MAX_REVIEW_UNITS + 2), cells.count  # one linear pass at most, no review
    (finding,) = _findings(out)
    assert finding["rule"] == "too-large" and finding["severity"] == "error"
    assert "docs/source/ko/big.md has 10,002 headings and paragraphs" in finding["message"]
    assert "split the page" in finding["message"]
    assert code == 1
    huge = "가.\n" * (4 * MAX_REVIEW_UNITS + 1)
    with aligned_cells(monkeypatch) as cells:
        doc = review_texts(en, huge, file="ko/huge.md", english_file="en/huge.md", lang="ko")
    assert cells.count == 0
    assert [f.rule for f in doc.findings] == ["too-large"] and "40,001 lines" in doc.findings[0].message


def test_a_pull_request_with_a_doc_beyond_the_bound_is_reviewed_without_it(monkeypatch):
    """The Action's review of a PR: the oversized doc gets the too-large error, the PR's other doc is
    reviewed as usual."""
    monkeypatch.setenv("GITHUB_TOKEN", "test-token")
    from hfi18n import api

    en = "# Title [[title]]\n\nOne paragraph with `code`.\n"
    big = "# 제목 [[title]]\n\n" + "\n".join(f"문단 {i}입니다.\n" for i in range(MAX_REVIEW_UNITS + 1))
    fine = "# 제목 [[title]]\n\n`code`가 있는 문단입니다.\n"
    with FakeGitHub(token="test-token") as gh:
        gh.add_repo(REPO)
        pr = gh.add_review_pull(REPO, base={"docs/source/en/big.md": en, "docs/source/en/fine.md": en},
                                head={"docs/source/ko/big.md": big, "docs/source/ko/fine.md": fine})
        with aligned_cells(monkeypatch) as cells:
            result = api.review(None, "ko", pr=f"{REPO}#{pr['number']}", config=_config(gh))
    assert cells.count < 100, cells.count  # fine.md's few units; never big.md's 10,002
    docs = {d.file: d for d in result.review.docs}
    assert [f.rule for f in docs["docs/source/ko/big.md"].findings] == ["too-large"]
    assert "too-large" not in [f.rule for f in docs["docs/source/ko/fine.md"].findings]
