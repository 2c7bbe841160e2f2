"""``hfi18n status``: states, drift numbers, toctree flags, in-progress (toctree and PRs), ranking, CLI;
on a synthetic repository with exact expectations and on the three real corpora."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.repo.cache import caching
from hfi18n.repo.history import find_bases
from hfi18n.repo.layout import DocsLayout
from hfi18n.repo.status import STATES, compute_status, line_stats, sections
from hfi18n.repo.status_pulls import PullInfo, docs_of_pull, fetch_pulls, parse_pr_title
from tests.fakes.github_server import FakeGitHub
from tests.test_history import GitRepo, en_doc, ko_doc

FIX = Path(__file__).parent / "fixtures" / "status"
TOKEN = "ghp_status_test_token_0123456789"

EN_GUIDE_1 = "# Guide\n\nIntro.\n\n## Install\n\nRun pip.\n"
EN_GUIDE_2 = "# Guide\n\nIntro.\n\n## Install\n\nRun uv.\n\n## New\n\nNew text.\n"
KO_GUIDE = "# 가이드 [[guide]]\n\n소개.\n\n## 설치 [[install]]\n\npip을 실행하세요.\n"


@pytest.fixture()
def site(tmp_path: Path) -> dict[str, object]:
    """The synthetic repository every exact test below reads (shas by step name)."""
    r = GitRepo(tmp_path / "site")
    shas: dict[str, object] = {"repo": r}
    shas["c1"] = r.commit("Add English docs", {
        "en/_toctree.yml": (FIX / "en_toctree.yml").read_text(encoding="utf-8"),
        "en/index.md": en_doc(2024),
        "en/guide.md": EN_GUIDE_1,
        "en/old.md": "# Old\n\nGone soon.\n",
        "en/moved_src.md": "# Moved\n\nSame text.\n",
        "en/api/ref.md": "# Reference\n\n[[autodoc]] Thing\n",
        "en/big.md": "# Big\n\n" + "".join(f"Line {i}.\n" for i in range(300)),
        "en/small.md": "# Small\n\nTiny.\n",
        "en/wip.md": "# Work in progress\n\nSoon.\n",
        "en/missing_page.md": "# Missing page\n\nNot translated.\n",
    })
    shas["c2"] = r.commit("🌐 [i18n-KO] Translated docs to Korean", {
        "ko/_toctree.yml": (FIX / "ko_toctree.yml").read_text(encoding="utf-8"),
        "ko/index.md": ko_doc(2024),
        "ko/guide.md": KO_GUIDE,
        "ko/old.md": "# 오래된 [[old]]\n\n곧 사라짐.\n",
        "ko/moved_src.md": "# 옮김 [[moved]]\n\n같은 글.\n",
        "ko/api/ref.md": "# 레퍼런스 [[reference]]\n\n[[autodoc]] Thing\n",
    })
    shas["c3"] = r.commit("[docs] guide update", {"en/guide.md": EN_GUIDE_2})
    shas["c4"] = r.commit("Update licenses to 2025", {"en/index.md": en_doc(2025), "ko/index.md": ko_doc(2025)})
    r.rm("en/old.md")
    shas["c5"] = r.commit("Remove the old page")
    r.mv("en/moved_src.md", "en/moved_dst.md")
    shas["c6"] = r.commit("Rename the moved page")
    r.write("ko/small.md", "# 작은 [[small]]\n\n작음.\n")  # translated, not committed yet
    return shas


def rows(report, lang="ko"):
    return {d.path: d for d in report.for_lang(lang)}


# ------------------------------------------------------------------------------------ synthetic


def test_states_numbers_and_flags_are_exact(site) -> None:
    repo: GitRepo = site["repo"]  # type: ignore[assignment]
    report = compute_status(repo.layout, ["ko"])
    got = rows(report)
    assert {p: d.state for p, d in got.items()} == {
        "index.md": "up-to-date", "guide.md": "outdated", "moved_dst.md": "up-to-date", "api/ref.md": "up-to-date",
        "small.md": "up-to-date", "wip.md": "in-progress", "big.md": "missing", "missing_page.md": "missing",
        "old.md": "orphaned",
    }
    g = got["guide.md"]
    assert (g.base_commit, g.base_method, g.commits_behind, g.lines_added, g.lines_removed) == (
        site["c1"], "history", 1, 5, 1)
    assert (g.sections_added, g.sections_removed, g.sections_changed) == (["new"], [], ["install"])
    assert g.last_english_commit == site["c3"] and g.translated_path == "guide.md"
    idx = got["index.md"]
    assert idx.base_commit == site["c1"] and idx.commits_behind == 0  # the license sweep reached ko too
    assert got["moved_dst.md"].translated_path == "moved_src.md" and got["moved_dst.md"].flags == ["moved"]
    assert got["api/ref.md"].flags == ["not-in-toctree"]
    assert got["small.md"].flags == ["uncommitted", "not-in-toctree"] and got["small.md"].base_method == "content"
    assert got["wip.md"].in_progress == ["toctree placeholder"]
    assert got["missing_page.md"].flags == ["toctree-missing-file"]
    assert got["old.md"].translated_path == "old.md" and got["old.md"].base_commit is None
    cached = find_bases(repo.layout, "ko")
    with caching(False):
        assert find_bases(repo.layout, "ko") == cached  # the same pairing without the cache
    assert cached["moved_src.md"].en_path == "moved_dst.md" and cached["small.md"].method == "content"
    s = report.summaries["ko"]
    assert s.english_docs == 8 and s.translated == 5 and s.coverage == 62.5
    assert s.counts == {"up-to-date": 4, "outdated": 1, "in-progress": 1, "missing": 2, "orphaned": 1, "unknown": 0}
    assert s.line().startswith("ko: 5/8 translated (62.5% coverage, 50.0% up to date)")


def test_ranking_follows_toctree_position_then_size(site) -> None:
    repo: GitRepo = site["repo"]  # type: ignore[assignment]
    report = compute_status(repo.layout, ["ko"])
    # position first (guide is 2nd in the English toctree), then size: the 3-line page two places after
    # the 300-line page comes first
    assert [d.path for d in report.ranked("ko")] == ["guide.md", "missing_page.md", "big.md"]
    (repo.docs / "ko" / "small.md").unlink()
    repo.write("en/unlisted.md", "# Not in the toctree\n")
    repo.commit("add a page outside the toctree")
    report = compute_status(repo.layout, ["ko"])
    assert [d.path for d in report.ranked("ko")] == ["guide.md", "small.md", "missing_page.md", "big.md",
                                                     "unlisted.md"]
    assert report.ranked("ko", 2) == report.ranked("ko")[:2]


def test_placeholder_without_comment_is_matched_by_english_title(site) -> None:
    repo: GitRepo = site["repo"]  # type: ignore[assignment]
    toc = repo.docs / "ko" / "_toctree.yml"
    text = toc.read_text(encoding="utf-8").replace(
        "  - local: old\n", "  - local: in_translation\n    title: (번역중) A big page\n  - local: old\n")
    toc.write_text(text, encoding="utf-8")
    got = rows(compute_status(repo.layout, ["ko"], write_cache=False))
    assert got["big.md"].state == "in-progress" and got["big.md"].in_progress == ["toctree placeholder"]


def test_open_pr_marks_a_doc_in_progress(site) -> None:
    repo: GitRepo = site["repo"]  # type: ignore[assignment]
    pr = PullInfo(7, "🌐 [i18n-KO] Translated `big.md` to Korean", "https://github.com/o/r/pull/7", "me", "ko",
                  ("big.md",))
    zh = PullInfo(8, "[i18n-ZH] Translated `guide.md`", "https://github.com/o/r/pull/8", "me", "zh", ("guide.md",))
    got = rows(compute_status(repo.layout, ["ko"], pulls=[pr, zh]))
    assert got["big.md"].state == "in-progress" and got["big.md"].in_progress == ["https://github.com/o/r/pull/7"]
    assert got["guide.md"].state == "outdated"  # the zh PR is not about Korean


def test_sections_and_line_stats() -> None:
    assert list(sections("# A\n\n```py\n# not a heading\n```\n## B [[b-anchor]]\ntext\n")) == ["a", "b-anchor"]
    assert line_stats(EN_GUIDE_1, EN_GUIDE_2) == (5, 1)


# --------------------------------------------------------------------------------- PR titles


def _title_cases() -> list[tuple[str, str]]:
    out = []
    for line in (FIX / "pr_titles.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            title, expected = line.rsplit(" => ", 1)
            out.append((title, expected))
    return out


@pytest.mark.parametrize(("title", "expected"), _title_cases())
def test_pr_titles(title: str, expected: str) -> None:
    parsed = parse_pr_title(title)
    if expected == "none":
        assert parsed is None
    else:
        lang, _, files = expected.partition(": ")
        assert parsed == (lang.rstrip(":"), [f for f in files.split(", ") if f])


def test_pr_files_map_to_english_docs() -> None:
    en = ["fsdp.md", "guides/upload.md", "training/lora.md", "api/lora.md"]
    pr = PullInfo(1, "", "", "", "ko", ("fsdp.mdx", "upload.md", "lora.md", "guides/nope.md"))
    # a bare name maps when only one English doc has it; "lora" is ambiguous
    assert docs_of_pull(pr, en) == ["fsdp.md", "guides/upload.md"]


def test_fetch_pulls_paginates_caches_and_skips(tmp_path: Path) -> None:
    git_dir = tmp_path / "gitdir"
    with FakeGitHub(token=TOKEN) as gh:
        gh.add_repo("huggingface/diffusers")
        for i in range(5):
            gh.add_pull("huggingface/diffusers", title=f"🌐 [i18n-KO] Translated `doc{i}.md` to Korean",
                        head=f"u{i}:ko-doc{i}")
        gh.add_pull("huggingface/diffusers", title="[LoRA] fix a bug", head="x:fix")
        gh.page_size_cap = 2
        pulls, note = fetch_pulls(git_dir, "huggingface/diffusers", TOKEN, api_url=gh.url)
        assert pulls is not None and [p.files for p in pulls] == [(f"doc{i}.md",) for i in range(5)]
        assert note == "5 open translation PR(s) of huggingface/diffusers (6 open PRs, fetched)"
        listing = gh.of("GET", "/repos/huggingface/diffusers/pulls")
        assert len(listing) == 3 and all(r.headers["authorization"] == f"Bearer {TOKEN}" for r in listing)
        again, note = fetch_pulls(git_dir, "huggingface/diffusers", TOKEN, api_url=gh.url)
        assert again == pulls and note.endswith("cached)") and len(gh.requests) == 3
        assert TOKEN not in (git_dir / "hfi18n" / "pulls.json").read_text(encoding="utf-8")
        gh.mode = "ratelimit"
        skipped, note = fetch_pulls(git_dir, "huggingface/diffusers", TOKEN, api_url=gh.url, ttl=0)
        assert skipped is None and "rate limit" in note and note.startswith("PR detection skipped")
    assert fetch_pulls(git_dir, "o/r", None)[1].startswith("PR detection skipped: no GitHub token")
    assert "no upstream" in fetch_pulls(git_dir, None, TOKEN)[1]
    offline, note = fetch_pulls(None, "o/r", TOKEN, api_url="http://127.0.0.1:9")
    assert offline is None and "cannot reach GitHub" in note


# ------------------------------------------------------------------------------------------ CLI


def test_cli_json_and_pr_detection(site, capsys, monkeypatch) -> None:
    repo: GitRepo = site["repo"]  # type: ignore[assignment]
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    monkeypatch.delenv("HFI18N_CONFIG", raising=False)
    assert main(["status", "--repo", str(repo.root), "--lang", "ko", "--format", "json"]) == 0
    cap = capsys.readouterr()
    assert "PR detection skipped: no GitHub token" in cap.err
    data = json.loads(cap.out)
    guide = next(d for d in data if d["path"] == "guide.md")
    assert {k: guide[k] for k in ("lang", "state", "base_commit", "commits_behind", "lines_added",
                                  "lines_removed", "rank")} == {
        "lang": "ko", "state": "outdated", "base_commit": site["c1"], "commits_behind": 1, "lines_added": 5,
        "lines_removed": 1, "rank": 1}
    with FakeGitHub(token=TOKEN) as gh:
        gh.add_repo("o/site")
        gh.add_pull("o/site", title="🌐 [i18n-KO] Translated `missing_page.md` to Korean", head="me:ko-missing")
        (repo.root / "hfi18n.toml").write_text(f'[github]\nupstream = "o/site"\napi_url = "{gh.url}"\n')
        monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
        out = repo.root / "status.csv"
        assert main(["status", "--repo", str(repo.root), "--format", "csv", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "ko,missing_page.md,in-progress" in text and TOKEN not in text


def test_cli_rejects_unknown_language(site, capsys) -> None:
    repo: GitRepo = site["repo"]  # type: ignore[assignment]
    assert main(["status", "--repo", str(repo.root), "--lang", "xx"]) == 2
    assert "no docs folder for language(s) xx" in capsys.readouterr().err


# -------------------------------------------------------------------------------- real corpora

CORPUS_LANGS = {
    "diffusers": ["ja", "ko", "pt", "zh"],
    "huggingface_hub": ["cn", "de", "fr", "hi", "ko", "or", "ta"],
    "smolagents": ["es", "hi", "ko", "zh"],
}


@pytest.mark.corpus
@pytest.mark.parametrize("name", sorted(CORPUS_LANGS))
def test_every_language_of_every_corpus_gets_a_state_per_doc(corpus, name: str) -> None:
    layout = DocsLayout.open(corpus(name))
    report = compute_status(layout, write_cache=False)
    assert report.languages == CORPUS_LANGS[name]
    en_docs = set(layout.docs("en"))
    for lang in report.languages:
        docs = report.for_lang(lang)
        assert {d.path for d in docs if d.state != "orphaned"} == en_docs
        assert all(d.state in STATES for d in docs)
        assert sum(report.summaries[lang].counts.values()) == len(docs)
        for d in docs:
            if d.state == "outdated" and "incomplete" in d.flags and not d.commits_behind:
                assert d.base_commit and d.problem and "no translation here" in d.problem  # issue 31
            elif d.state == "outdated":
                assert d.base_commit and d.commits_behind > 0 and d.last_english_commit
                assert d.lines_added + d.lines_removed > 0
            if d.state == "up-to-date":
                assert d.base_commit and d.commits_behind == 0


@pytest.mark.corpus
def test_corpus_states_checked_by_hand_against_git_log(corpus) -> None:
    """Each expectation below was read off ``git log`` of the corpus (see the closing note of the work)."""
    diff = compute_status(DocsLayout.open(corpus("diffusers")), write_cache=False)
    ko, zh = rows(diff, "ko"), rows(diff, "zh")
    # last Korean update f50d5fb (2025-10) is newer than the last English change 20015ae (license 2025)
    assert (ko["conceptual/ethical_guidelines.md"].state, ko["conceptual/ethical_guidelines.md"].base_commit[:7]) == (
        "up-to-date", "20015ae")
    # ko index.md updated in 44b4475 (2024-07); English changed since only in 20015ae (also applied to ko)
    # and in fc1d732 "[docs] Update index"
    i = ko["index.md"]
    assert (i.state, i.base_commit[:7], i.commits_behind, i.last_english_commit[:7]) == (
        "outdated", "35fddd8", 1, "fc1d732")
    # the English evaluation.md was deleted in 3c25ff9
    assert ko["conceptual/evaluation.md"].state == "orphaned" and zh["conceptual/evaluation.md"].state == "orphaned"
    # Korean toctree placeholder "local: in_translation # tutorials/autopipeline"
    assert ko["tutorials/autopipeline.md"].state == "in-progress"
    # zh lora.md translated in eaaf68c; English since: b4b66e2 "Remove Flax", 2e49468 (syntax, applied to zh
    # too) and db45eec "Fix broken links". d4a73e8 "Remove JAX/Flax" then removed Flax from the zh file: it
    # carries every English change up to 2e49468, so that is the base it follows and only db45eec is behind
    z = zh["training/lora.md"]
    assert (z.state, z.base_commit[:7], z.commits_behind) == ("outdated", "2e49468", 1)
    # zh mps.md translated in 7e1c87e; the syntax migration and torch_dtype sweeps hit both: up to date
    assert zh["optimization/mps.md"].state == "up-to-date"
    # the torch_dtype -> dtype sweep 6f046b9 touched ko stable_diffusion.md without re-translating it
    sd = ko["stable_diffusion.md"]
    assert sd.state == "outdated" and sd.base_commit[:7] == "460580e"

    # ko basic_training: translated in 011a728; 9083c3d only fixed a term (레포지토리 -> 리포지토리), so
    # edefef8 (make_image_grid) is still behind: the Korean keeps the old make_grid helper
    bt = ko["tutorials/basic_training.md"]
    assert (bt.base_commit[:7], bt.commits_behind) == ("229d509", 5)

    hub = rows(compute_status(DocsLayout.open(corpus("huggingface_hub")), ["ko", "de"], write_cache=False), "ko")
    # ko upload.md translated in 04577e1 (2024-04) from fa75037; every later Korean change is a sweep
    # (CLI rename, tip-block migration, v1.0, "hf_transfer references in Korean and German translations")
    up = hub["guides/upload.md"]
    assert (up.state, up.base_commit[:7], up.commits_behind) == ("outdated", "fa75037", 13)
    # English guides/webhooks_server.md was renamed to guides/webhooks.md; ko still has the old name
    w = hub["guides/webhooks.md"]
    assert w.translated_path == "guides/webhooks_server.md" and "moved" in w.flags and w.state == "outdated"
    assert hub["package_reference/authentication.md"].translated_path == "package_reference/login.md"

    smol = rows(compute_status(DocsLayout.open(corpus("smolagents")), ["ko"], write_cache=False), "ko")
    # ko rag.md translated in e41c45d (2025-10-14); English ba7897e followed on 2025-10-16
    assert (smol["examples/rag.md"].state, smol["examples/rag.md"].last_english_commit[:7]) == ("outdated", "ba7897e")
    # ko agents.md translated in 7d0ff38; English since: 7586ac5, aa4dea6
    assert smol["reference/agents.md"].commits_behind == 2
    # ko web_browser.md translated in 380c4f6 after the last English change (1060b82 rename)
    assert smol["examples/web_browser.md"].state == "up-to-date"


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["huggingface_hub", "smolagents"])
def test_the_status_of_some_languages_is_their_rows_of_every_language(corpus, name: str) -> None:
    """A status of some languages without a cache reads less git: lines counted for those languages only
    (``load_history(langs=)``: a commit whose renames may pair a skipped folder's file with another's counted
    again over all), and, on a history without merges (huggingface_hub; smolagents has merges and reads the
    whole log), who translated what from the commits of those languages (``team._team_log``). Each language's
    rows are those of the status of every language, field for field."""
    from hfi18n import api

    repo = corpus(name)
    with caching(False):
        every = api.status(repo, pulls=False).report
        translators = [d.translated_by for d in every.docs if d.translated_by]
        assert translators  # who translated what is filled in: the team log is read
        for langs in (["ko"], ["de", "hi"] if name == "huggingface_hub" else ["zh"]):
            some = api.status(repo, langs, pulls=False).report
            for lang in langs:
                assert [d.to_json() for d in some.for_lang(lang)] == [d.to_json() for d in every.for_lang(lang)]
