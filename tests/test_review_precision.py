"""Precision of the review's omission findings (issue #17): what the untouched docs of the three corpora
reported that was not an omission -- a section skipped reported paragraph by paragraph, a paragraph
translated in another section, a block a later commit took out of a drifted translation."""

from __future__ import annotations

from pathlib import Path

import pytest

from hfi18n import api
from hfi18n.config import Config
from hfi18n.pair.bitext import LengthModel, Lexicon, WordSense
from hfi18n.repo.layout import DocsLayout
from hfi18n.review import Kind, Options, review_paths, review_texts
from hfi18n.review.follow import followed_english
from tests.fakes.github_server import FakeGitHub
from tests.helpers import git

EN = """# Guide [[guide]]

Install the package with `pip install demo` and import `demo.run` in your script.

Call `demo.run("hello")` to print a greeting, or pass `loud=True` to shout it at the user.

## Options [[options]]

Pass `retries=3` to [`demo.run`] to retry a failed greeting, and `timeout=10` to give up after ten seconds.

The `DEMO_LANG` variable picks the language of the greeting; `en` and `ko` are built in.

Use [`demo.Greeter`] instead of `demo.run` when you greet many users: it keeps one connection to the `greet.example.com` server.

Every greeting is logged to `~/.cache/demo/log.txt`; set `DEMO_LOG=0` to turn logging off.

## Cache [[cache]]

Set `DEMO_HOME` to keep the cache somewhere else than `~/.cache/demo`, for example on a bigger disk.

Run `demo cache clear` to delete every cached greeting, or `demo cache ls` to list them with their sizes.
"""

KO = """# 가이드 [[guide]]

`pip install demo`로 패키지를 설치하고 스크립트에서 `demo.run`을 가져오세요.

`demo.run("hello")`를 호출하면 인사말을 출력하고, `loud=True`를 넘기면 사용자에게 크게 외칩니다.

## 옵션 [[options]]

[`demo.run`]에 `retries=3`을 넘기면 실패한 인사를 다시 시도하고, `timeout=10`을 넘기면 10초 뒤에 포기합니다.

`DEMO_LANG` 변수로 인사말의 언어를 고릅니다. `en`과 `ko`가 내장되어 있습니다.

많은 사용자에게 인사할 때는 `demo.run` 대신 [`demo.Greeter`]를 사용하세요. `greet.example.com` 서버와의 연결 하나를 유지합니다.

모든 인사는 `~/.cache/demo/log.txt`에 기록됩니다. 기록을 끄려면 `DEMO_LOG=0`을 설정하세요.

## 캐시 [[cache]]

캐시를 `~/.cache/demo`가 아닌 다른 곳(예: 더 큰 디스크)에 두려면 `DEMO_HOME`을 설정하세요.

캐시된 인사를 모두 지우려면 `demo cache clear`를, 크기와 함께 목록을 보려면 `demo cache ls`를 실행하세요.
"""

OPTIONS = KO[KO.index("[`demo.run`]에"):KO.index("모든 인사는")]
"""The first three paragraphs of the Options section."""


def _omissions(doc):
    return [f for f in doc.findings if f.kind is Kind.OMISSION]


def test_a_skipped_section_is_one_omission_quoting_its_first_and_last_english_paragraph():
    """smolagents ko guided_tour.md lacks the six paragraphs of "Model parameter management": one
    finding, not six."""
    ko = KO.replace(OPTIONS, "")
    (om,) = _omissions(review_texts(EN, ko, file="ko.md", english_file="en.md", lang="ko"))
    assert om.english_line == 9 and "3 English paragraphs, lines 9-13, have no translation" in om.message
    assert "Pass `retries=3`" in om.message and "Use [`demo.Greeter`]" in om.message
    # one paragraph alone is still one paragraph
    one = KO.replace("`DEMO_LANG` 변수로 인사말의 언어를 고릅니다. `en`과 `ko`가 내장되어 있습니다.\n\n", "")
    (om,) = _omissions(review_texts(EN, one, file="ko.md", english_file="en.md", lang="ko"))
    assert om.english_line == 11 and om.message.startswith("the English paragraph at line 11 has no translation")


def test_a_paragraph_translated_in_another_section_is_not_an_omission():
    """smolagents zh guided_tour.md translates "By default, the Python code execution is done in your
    local environment..." under another heading, without the word "Python": the code, links and length
    still say it is that paragraph (a move, not an omission)."""
    moved = "많은 사용자에게 인사할 때는 `demo.run` 대신 [`demo.Greeter`]를 사용하세요. `greet.example.com` 서버와의 연결 하나를 유지합니다.\n\n"
    elsewhere = moved.replace("`demo.run` 대신 ", "")  # one mark fewer than its English: not the same marks
    ko = KO.replace(moved, "").replace("## 캐시 [[cache]]\n\n", "## 캐시 [[cache]]\n\n" + elsewhere)
    assert _omissions(review_texts(EN, ko, file="ko.md", english_file="en.md", lang="ko")) == []
    # dropped rather than moved: reported
    ko = KO.replace(moved, "")
    (om,) = _omissions(review_texts(EN, ko, file="ko.md", english_file="en.md", lang="ko"))
    assert om.english_line == 13


FLAX_EN = """
If you have a TPU, try the [Flax script](https://example.com/flax_train.py) with `demo.flax_run`: it is at least 70% faster.

Before you begin, install the Flax dependencies with `pip install demo[flax]` and `jax[tpu]`.
"""
FLAX_KO = """
TPU가 있다면 [Flax 스크립트](https://example.com/flax_train.py)와 `demo.flax_run`을 사용해 보세요. 최소 70% 더 빠릅니다.
"""
NEW_EN = """# Guide [[guide]]

Install with `uv add demo2` and read the [tutorial](./tutorial) first, then the [API reference](./api).

The [`Greeter`] class replaces the old function: create one with [`Greeter.create`] and call [`Greeter.greet`].

## Options [[options]]

Options now live in `demo.toml` or the `DEMO2_CONFIG` variable; see [configuration](./config) and [`Config`].

## Cache [[cache]]

The cache moved to `~/.cache/demo2`; [`Cache.clear`] and [`Cache.list`] manage it from Python.
"""


def _empty_repo(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A git repository with the en and ko folders of guide.md (the files not written yet)."""
    repo = tmp_path / "repo"
    en, ko = repo / "docs/source/en/guide.md", repo / "docs/source/ko/guide.md"
    en.parent.mkdir(parents=True)
    ko.parent.mkdir(parents=True)
    git(repo.parent, "init", "-q", str(repo))
    git(repo, "config", "user.email", "t@example.com")
    git(repo, "config", "user.name", "t")
    return repo, en, ko


def _repo(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A docs repository whose ko guide.md was translated from an English with a Flax tab, then the
    English was rewritten (the translation drifted) and a sweep took Flax out of the translation."""
    repo, en, ko = _empty_repo(tmp_path)
    cut = "## 캐시 [[cache]]\n"
    en.write_text(EN.replace("## Cache [[cache]]\n", FLAX_EN.lstrip("\n") + "\n## Cache [[cache]]\n"), encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Add the guide")
    ko.write_text(KO.replace(cut, FLAX_KO.lstrip("\n") + "\n" + cut), encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "🌐 [i18n-KO] Translated `guide.md` to Korean")
    en.write_text(NEW_EN, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Rewrite the guide for demo2")
    ko.write_text(KO, encoding="utf-8")  # the sweep: Flax out of every language
    (repo / "docs/source/en/other.md").write_text("# Other\n\nNothing about Flax here.\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Remove JAX/Flax")
    return repo, en, ko


def test_a_block_a_later_commit_took_out_of_a_drifted_translation_is_not_an_omission(tmp_path: Path):
    """diffusers ko text_inversion.md follows an English that still had a Flax tab; "Remove JAX/Flax"
    later deleted its translated Flax paragraph (the English had lost the tab long before), and the
    paragraph the translator had left untranslated next to it is gone with it. Neither is an omission;
    a paragraph dropped elsewhere still is."""
    repo, _en, ko = _repo(tmp_path)
    layout = DocsLayout.open(repo)
    opts = Options(followed=followed_english(layout, "ko"))
    (doc,) = review_paths(layout, "ko", ["guide.md"], options=opts).docs
    assert any(f.rule == "drift" for f in doc.findings)
    assert any("the English this translation follows" in c for c in doc.checked)
    assert _omissions(doc) == [], doc.findings
    assert any("taken out of the translation by a later commit" in n for n in doc.not_checked), doc.not_checked
    # a paragraph the translator drops now is an omission, against the English the translation follows
    ko.write_text(KO.replace("`DEMO_LANG` 변수로 인사말의 언어를 고릅니다. `en`과 `ko`가 내장되어 있습니다.\n\n", ""),
                  encoding="utf-8")
    (doc,) = review_paths(layout, "ko", ["guide.md"], options=Options(followed=followed_english(layout, "ko"))).docs
    (om,) = _omissions(doc)
    assert om.english_line == 11 and "The `DEMO_LANG` variable" in om.message and "(aligned with the English" in om.message


DROPPED = KO.replace("`DEMO_LANG` 변수로 인사말의 언어를 고릅니다. `en`과 `ko`가 내장되어 있습니다.\n\n", "")


def test_pr_review_aligns_with_the_english_the_prs_translation_follows(tmp_path: Path, monkeypatch):
    """A PR that updates ko guide.md, a translation of an English the base has since rewritten: with a
    checkout (--repo), its history says which English the PR's translation follows; the dropped paragraph
    is reported against it and the review names that English. Without a checkout: the PR's base English,
    said so, and omissions are not checked (duplications still are)."""
    repo, _en, _ko = _repo(tmp_path)
    first = git(repo, "rev-list", "--max-parents=0", "HEAD").strip()
    monkeypatch.setenv("GITHUB_TOKEN", "test-token")
    with FakeGitHub(token="test-token") as gh:
        gh.add_repo("demo/docs")
        number = gh.add_review_pull("demo/docs", base={"docs/source/en/guide.md": NEW_EN, "docs/source/ko/guide.md": KO},
                                    head={"docs/source/ko/guide.md": DROPPED + "\n"})["number"]
        cfg = Config({"github": {"api_url": gh.url}})
        result = api.review(repo, "ko", pr=f"demo/docs#{number}", config=cfg)
        (doc,) = result.review.docs
        assert any(f.rule == "drift" for f in doc.findings)
        # (the Flax paragraphs of that English are missing from the PR's translation too)
        (om,) = [f for f in doc.findings if f.kind is Kind.OMISSION and f.english_line == 11]
        assert "The `DEMO_LANG` variable" in om.message
        assert f"guide.md at {first[:7]}" in om.message
        assert doc.checked[0].startswith("English: docs/source/en/guide.md at the PR's base base000")
        assert f"the translation follows the English guide.md at {first[:7]}" in doc.checked[0]
        assert f"guide.md at {first[:7]}" in result.format("md") and "DEMO_LANG" in result.format("text")
        # no checkout: the base English only, and the review says so
        alone = api.review(None, None, pr=f"demo/docs#{number}", config=cfg)
        (doc,) = alone.review.docs
        assert not [f for f in doc.findings if f.kind is Kind.OMISSION]
        assert "no checkout to find the English the translation follows" in doc.checked[0]
        assert any(n.startswith("omissions: the translation follows an older English") for n in doc.not_checked)


def test_text_and_markdown_group_findings_per_rule_and_quote_the_english():
    """Each rule's findings together under one heading (not only glossary terms), and each finding with
    the English it refers to, for a reviewer who does not read Korean."""
    from hfi18n.review.model import Review
    from hfi18n.review.render import format_markdown, format_text

    para = "`DEMO_LANG` 변수로 인사말의 언어를 고릅니다. `en`과 `ko`가 내장되어 있습니다.\n\n"
    ko = KO.replace("`pip install demo`로 패키지를 설치하고 스크립트에서 `demo.run`을 가져오세요.\n\n", "")
    ko = ko.replace(para, para + para)  # one paragraph dropped, one written twice
    doc = review_texts(EN, ko, file="ko.md", english_file="en.md", lang="ko")
    kinds = sorted((f.kind.value, f.rule) for f in doc.findings if f.kind in (Kind.OMISSION, Kind.DUPLICATION))
    assert kinds == [("duplication", "duplicate-paragraph"), ("omission", "missing-paragraph")]
    text = format_text(Review([doc])).splitlines()
    heads = [ln for ln in text if ln.startswith("== ")]
    assert heads.index("== ko.md: omission/missing-paragraph, 1 finding(s)") < heads.index(
        "== ko.md: duplication/duplicate-paragraph, 1 finding(s)")
    dup = next(k for k, ln in enumerate(text) if "[duplication/duplicate-paragraph]" in ln)
    # the message quotes the English already; findings whose message does not, get it below
    assert "English: 'The `DEMO_LANG` variable" in text[dup]
    assert all(f.english for f in doc.findings if f.english_line)
    md = format_markdown(Review([doc]))
    assert "#### omission/missing-paragraph (1)" in md and "#### duplication/duplicate-paragraph (1)" in md


MERGED_EN = """# Data [[data]]

Install the package with `pip install demo` and import `demo.run` in your script.

We first load the `demo/docs` dataset with `load_dataset` and keep only the pages of the `demo` library.

Then split every page into chunks of 500 characters with `RecursiveSplitter`, ready for the retriever.

We use [LangChain](https://python.langchain.com) for its excellent `RecursiveSplitter` utilities.

Call `demo.run("hello")` to print a greeting, or pass `loud=True` to shout it at the user.
"""

MERGED_KO = """# 데이터 [[data]]

`pip install demo`로 패키지를 설치하고 스크립트에서 `demo.run`을 가져오세요.

먼저 `load_dataset`으로 `demo/docs` 데이터셋을 불러오고 `demo` 라이브러리의 페이지만 남깁니다. 그런 다음 `RecursiveSplitter`로 모든 페이지를 500자 단위로 나누어 검색기에 쓸 수 있게 합니다. 훌륭한 `RecursiveSplitter` 유틸리티 때문에 [LangChain](https://python.langchain.com)을 사용합니다.

`demo.run("hello")`를 호출하면 인사말을 출력하고, `loud=True`를 넘기면 사용자에게 크게 외칩니다.
"""


def test_three_english_paragraphs_merged_into_one_translated_paragraph_are_not_an_omission():
    """The aligner's moves stop at 2-1: the third paragraph of a 3-1 merge (smolagents zh rag.md) was left
    1-0 and reported, though its link and code are in the merged translation (coverage._merged_into)."""
    got = review_texts(MERGED_EN, MERGED_KO, file="ko/data.md", english_file="en/data.md", lang="ko")
    assert not [f for f in got.findings if f.kind is Kind.OMISSION]
    # the same paragraph really dropped (its link gone from the translation) is still reported
    dropped = MERGED_KO.replace(" 훌륭한 `RecursiveSplitter` 유틸리티 때문에 [LangChain](https://python.langchain.com)을 사용합니다.", "")
    omissions = [f for f in review_texts(MERGED_EN, dropped, file="ko/data.md", english_file="en/data.md",
                                              lang="ko").findings
                 if f.kind is Kind.OMISSION]
    assert [f.english_line for f in omissions] == [9]


FAST_EN = """### DEMO_FAST [[demo-fast]]

Set to `True` for faster greetings using `demo_fast`.

By default, `demo` greets with the Python-based `print` function. Although it is reliable and versatile,
it may not be the most efficient choice for machines greeting thousands of users.
[`demo_fast`](https://github.com/example/demo_fast) is a Rust-based package that greets many users at once.

"""
FAST_KO = """### DEMO_FAST [[demo-fast]]

`demo_fast`로 더 빠르게 인사하려면 `True`로 설정하세요. 기본적으로 `demo`는 파이썬 기반 `print` 함수로 인사합니다.
이 함수는 안정적이고 다용도로 쓸 수 있지만 수천 명에게 인사하는 머신에서는 가장 효율적인 선택이 아닐 수 있습니다.
[`demo_fast`](https://github.com/example/demo_fast)는 많은 사용자에게 한 번에 인사하는 Rust 기반 패키지입니다.

"""
FAST_GONE_KO = """### DEMO_FAST [[demo-fast]]

> [!WARNING]
> 이 환경 변수는 더 이상 사용되지 않습니다. 이제 기본 엔진이 모든 인사를 처리하며, 수천 명에게 인사하는 머신에서도 충분히 빠르고 안정적입니다. 더 빠른 인사가 필요하면 인사 설정 문서를 참조하세요.

"""


def test_a_merged_paragraph_a_later_commit_replaced_by_a_warning_is_not_an_omission(tmp_path: Path):
    """huggingface_hub ko environment_variables.md translated "Set to `True` for faster uploads..." and
    "By default, `huggingface_hub` uses..." as one paragraph, which a later translation commit replaced by a
    deprecation warning; the aligner paired the warning with the second (a doubtful pair), and the first
    was reported missing. A removed unit explains the English of a doubtful pair too, and that pair does
    not split the run (coverage._cut_english, _omission_findings)."""
    repo, en, ko = _empty_repo(tmp_path)
    at_en, at_ko = "## Cache [[cache]]\n", "## 캐시 [[cache]]\n"
    en.write_text(EN.replace(at_en, FAST_EN + at_en), encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Add the guide")
    ko.write_text(KO.replace(at_ko, FAST_KO + at_ko), encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "🌐 [i18n-KO] Translated `guide.md` to Korean")
    en.write_text(NEW_EN, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Rewrite the guide for demo2")
    ko.write_text(KO.replace(at_ko, FAST_GONE_KO + at_ko), encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Deprecate demo_fast in the translations")
    layout = DocsLayout.open(repo)
    (doc,) = review_paths(layout, "ko", ["guide.md"], options=Options(followed=followed_english(layout, "ko"))).docs
    assert any("the English this translation follows" in c for c in doc.checked), (doc.checked, doc.not_checked)
    assert _omissions(doc) == [], doc.findings
    assert any("taken out of the translation by a later commit" in n for n in doc.not_checked), doc.not_checked


TABLE_EN = """# Speed [[speed]]

Install the package with `pip install demo` and import `demo.run` in your script.

| GPU | Vanilla | Fast |
|-----|---------|------|
| A100 | 6.88 | 5.26 |
| V100 | 10.03 | 9.29 |

As seen in the table above, the speed-up from `demo_fast` becomes more pronounced for larger batches of greetings.

Call `demo.run("hello")` to print a greeting, or pass `loud=True` to shout it at the user.
"""
TABLE_KO = """# 속도 [[speed]]

`pip install demo`로 패키지를 설치하고 스크립트에서 `demo.run`을 가져오세요.

| GPU | 기본 | 빠른 모드 |
|-----|---------|------|
| A100 | 6.88 | 5.26 |
| V100 | 10.03 | 9.29 |
위 표에서 보듯이 `demo_fast`의 속도 향상은 한 번에 보내는 인사 묶음이 클수록, 그리고 사용자 수가 많을수록 더욱 두드러지게 나타납니다.

`demo.run("hello")`를 호출하면 인사말을 출력하고, `loud=True`를 넘기면 사용자에게 크게 외칩니다.
"""


def test_a_paragraph_written_right_under_a_table_is_not_an_omission():
    """A paragraph with no blank line after a table is a row of it (diffusers zh optimization/tome.md):
    the review has no prose unit of it, and reported its English missing (coverage._outside_prose). The
    row must hold the paragraph's code: the same table with the paragraph really dropped is reported."""
    kw = {"file": "ko/speed.md", "english_file": "en/speed.md", "lang": "ko"}
    got = review_texts(TABLE_EN, TABLE_KO, **kw)
    assert not [f for f in got.findings if f.kind is Kind.OMISSION], got.findings
    dropped = TABLE_KO.replace("위 표에서 보듯이 `demo_fast`의 속도 향상은 한 번에 보내는 인사 묶음이 클수록, 그리고 사용자 수가 많을수록 더욱 두드러지게 나타납니다.\n", "")
    assert [f.english_line for f in review_texts(TABLE_EN, dropped, **kw).findings if f.kind is Kind.OMISSION] == [10]


DIV = '<div align="center">\n  <img src="https://example.com/greeting_demo_banner.png" alt="a greeting"/>\n</div>\n'
POKEMON_EN = "Or if you want to greet the users of the [Pokemon](https://example.com/datasets/pokemon) dataset:\n"
POKEMON_KO = "[Pokemon](https://example.com/datasets/pokemon) 데이터셋의 사용자에게 인사하려면:\n"
NARUTO_KO = "[Naruto](https://example.com/datasets/naruto) 데이터셋의 사용자에게 인사하려면:\n"


def test_a_line_under_a_closing_tag_a_later_commit_relinked_is_not_an_omission(tmp_path: Path):
    """diffusers ko unconditional_training.md writes "[Pokemon](...) 데이터셋을 사용할 경우:" right under
    ``</div>`` (raw text to the parser); the sweep "use naruto dataset" replaced its link by Naruto's in
    the translation, while the English it follows still links Pokemon. The translation's history shows the
    line translated that English: not an omission. The line deleted is one."""
    repo, en, ko = _empty_repo(tmp_path)
    anchor_en, anchor_ko = "## Cache [[cache]]\n", "## 캐시 [[cache]]\n"
    en.write_text(EN.replace(anchor_en, DIV + "\n" + POKEMON_EN + "\n" + anchor_en), encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Add the guide")
    ko.write_text(KO.replace(anchor_ko, DIV + POKEMON_KO + "\n" + anchor_ko), encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "🌐 [i18n-KO] Translated `guide.md` to Korean")
    en.write_text(NEW_EN, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Rewrite the guide for demo2")
    ko.write_text(KO.replace(anchor_ko, DIV + NARUTO_KO + "\n" + anchor_ko), encoding="utf-8")
    (repo / "docs/source/en/other.md").write_text("# Other\n\nNothing about datasets here.\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "use naruto dataset, since pokemon is now gated")
    layout = DocsLayout.open(repo)
    (doc,) = review_paths(layout, "ko", ["guide.md"], options=Options(followed=followed_english(layout, "ko"))).docs
    assert any("the English this translation follows" in c for c in doc.checked)
    assert _omissions(doc) == [], doc.findings
    # the line gone, not relinked: the English paragraph is missing
    ko.write_text(KO.replace(anchor_ko, DIV + "\n" + anchor_ko), encoding="utf-8")
    (doc,) = review_paths(layout, "ko", ["guide.md"], options=Options(followed=followed_english(layout, "ko"))).docs
    (om,) = _omissions(doc)
    assert "[Pokemon]" in om.message and "(aligned with the English" in om.message


def test_the_english_quoted_for_a_finding_comes_from_its_field_not_its_message(tmp_path: Path, monkeypatch):
    """Issue 24: review chose the English to quote under a finding (today's, or the older one the
    translation follows) by looking for "(aligned with " in the message. With that wording changed, the
    omission still quotes the English it was made against: ``aligned_with`` says which, as data."""
    import hfi18n.review.coverage as coverage

    repo, _en, ko = _repo(tmp_path)
    ko.write_text(DROPPED, encoding="utf-8")
    layout = DocsLayout.open(repo)
    monkeypatch.setattr(coverage, "aligned", lambda english: f" [{english}]" if english else "")
    (doc,) = review_paths(layout, "ko", ["guide.md"], options=Options(followed=followed_english(layout, "ko"))).docs
    (om,) = _omissions(doc)
    assert "(aligned with" not in om.message and om.aligned_with.startswith("the English")
    assert om.english_line == 11 and om.english is not None and om.english.startswith("The `DEMO_LANG` variable")
    assert om.to_json()["aligned_with"] == om.aligned_with



PKGX_EN = """# Install [[install]]

Install the command line tool with pip, in a virtual environment: `pip install demo`.

## Using pkgx [[using-pkgx]]

[Pkgx](https://pkgx.sh) is a blazingly fast cross platform package manager that runs anything, on Linux and macOS alike, without touching the packages of your system. You can install the command line tool with it as follows:

```bash
pkgx install demo
```

Or you can run the tool directly:

```bash
pkgx demo --help
```

Check out the pkgx demo page [here](https://pkgx.dev/pkgs/demo/) for more details.

## Using Homebrew [[using-homebrew]]

You can also install the tool using [Homebrew](https://brew.sh/):

```bash
brew install demo
```

Check out the Homebrew demo page [here](https://formulae.brew.sh/formula/demo) for more details.
"""

PKGX_KO = """# 설치 [[install]]

가상 환경에서 pip로 명령줄 도구를 설치하세요: `pip install demo`.

## pkgx 사용하기 [[using-pkgx]]

[Pkgx](https://pkgx.sh)는 시스템의 패키지를 건드리지 않고 Linux와 macOS에서 무엇이든 실행하는 매우 빠른 크로스 플랫폼 패키지 매니저입니다. 다음과 같이 명령줄 도구를 설치할 수 있습니다:

```bash
pkgx install demo
```

또는 pkgx를 통해 도구를 직접 실행할 수도 있습니다:

```bash
pkgx demo --help
```

pkgx demo에 대한 자세한 내용은 [여기](https://pkgx.dev/pkgs/demo/)에서 확인할 수 있습니다.

## Homebrew 사용하기 [[using-homebrew]]

[Homebrew](https://brew.sh/)를 사용하여 도구를 설치할 수도 있습니다:

```bash
brew install demo
```

Homebrew demo에 대한 자세한 내용은 [여기](https://formulae.brew.sh/formula/demo)에서 확인할 수 있습니다.
"""

UV_KO = """## uv 사용하기 [[using-uv]]

[uv](https://docs.astral.sh/uv/)를 사용하면 도구를 설치하거나, 설치 없이 바로 실행할 수 있습니다. 먼저 uv를 설치하세요 (PATH에 `uv`와 `uvx`가 추가됩니다):

```bash
curl -LsSf https://astral.sh/uv/install.sh | sh
```

영구적으로 도구를 설치해 어디에서나 사용하려면:

```bash
uv tool install demo
```

또는 바로 실행할 수도 있습니다:

```bash
uvx demo --help
```
"""


def test_a_paragraph_a_later_commit_removed_is_cut_even_when_a_paragraph_already_there_is_alike(tmp_path: Path):
    """huggingface_hub ko cli.md: "Replace pkgx install instruction with uv" (a sweep of en and ko) took
    "pkgx huggingface에 대한 자세한 내용은 [여기](...)" out of the translation -- nearly the text of the
    Homebrew paragraph below it, which was there before and after. Taken as edited into that one, the
    removal went unseen, and "Check out the pkgx huggingface page" of the English the translation follows
    was reported missing (1 of the 8 omission findings of the untouched docs, the one false)."""
    repo, en, ko = _empty_repo(tmp_path)
    en.write_text(PKGX_EN, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Add the install guide")
    ko.write_text(PKGX_KO, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "🌐 [i18n-KO] Translated `guide.md` to Korean")
    start, end = PKGX_KO.index("## pkgx"), PKGX_KO.index("## Homebrew")
    ko.write_text(PKGX_KO[:start] + UV_KO + "\n" + PKGX_KO[end:], encoding="utf-8")
    en.write_text(PKGX_EN.replace("## Using pkgx", "## Using uv").replace("pkgx", "uv"), encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Replace pkgx install instruction with uv")
    layout = DocsLayout.open(repo)
    (doc,) = review_paths(layout, "ko", ["guide.md"], options=Options(followed=followed_english(layout, "ko"))).docs
    assert any(f.rule == "drift" for f in doc.findings)
    assert not [f for f in _omissions(doc) if "pkgx demo page" in f.message], doc.findings
    assert any("taken out of the translation by a later commit" in n for n in doc.not_checked), doc.not_checked


MORE_EN = """
Set `DEMO_COLOR=1` to print greetings in color; it needs a terminal that reads ANSI escape codes.

Greetings are cached for `3600` seconds; pass `cache_ttl=0` to [`demo.run`] to always greet afresh.

With Flax, call `demo.flax_run` on a TPU instead: see the [Flax script](https://example.com/flax_train.py).
"""
COLOR_KO = "인사를 색으로 출력하려면 `DEMO_COLOR=1`을 설정하세요. ANSI 이스케이프 코드를 읽는 터미널이 필요합니다.\n\n"
TTL_KO = "인사는 `3600`초 동안 캐시됩니다. 항상 새로 인사하려면 [`demo.run`]에 `cache_ttl=0`을 넘기세요.\n\n"
FLAX3_KO = "Flax에서는 TPU에서 `demo.flax_run`을 호출하세요. [Flax 스크립트](https://example.com/flax_train.py)를 참고하세요.\n\n"


def _cut_repo(tmp_path: Path, en_block: str, ko_block: str, ko_cut: str, ko_elsewhere: str = "") -> Path:
    """A ko guide.md translated from an English with ``en_block`` before its Cache section (``ko_block``
    rendering it, ``ko_elsewhere`` written at the end of the Cache section), the English then rewritten,
    then a sweep that took ``ko_cut`` out of the translation."""
    repo, en, ko = _empty_repo(tmp_path)
    at_en, at_ko = "## Cache [[cache]]\n", "## 캐시 [[cache]]\n"
    en.write_text(EN.replace(at_en, en_block.lstrip("\n") + "\n" + at_en), encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Add the guide")
    ko.write_text(KO.replace(at_ko, ko_block + at_ko) + ("\n" + ko_elsewhere if ko_elsewhere else ""), encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "🌐 [i18n-KO] Translated `guide.md` to Korean")
    en.write_text(NEW_EN, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Rewrite the guide for demo2")
    ko.write_text(ko.read_text(encoding="utf-8").replace(ko_cut, ""), encoding="utf-8")
    (repo / "docs/source/en/other.md").write_text("# Other\n\nNothing about Flax here.\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Remove JAX/Flax")
    return repo


def _review(repo: Path):
    layout = DocsLayout.open(repo)
    (doc,) = review_paths(layout, "ko", ["guide.md"], options=Options(followed=followed_english(layout, "ko"))).docs
    assert any("the English this translation follows" in c for c in doc.checked), (doc.checked, doc.not_checked)
    return doc


def test_a_paragraph_dropped_next_to_a_cut_one_is_an_omission_when_the_english_between_is_translated_elsewhere(
        tmp_path: Path):
    """diffusers ko training/text2image.md: a sweep cut "xFormers is not available for Flax." from the
    translation; the paragraph before it is translated elsewhere (above a heading the aligner mispaired),
    and a paragraph dropped before that was taken as part of the block the sweep took out. The block ends at
    an English paragraph the translation has elsewhere (coverage._not_cut)."""
    ko = (tmp_path / "repo/docs/source/ko/guide.md")
    repo = _cut_repo(tmp_path, MORE_EN, COLOR_KO + FLAX3_KO, FLAX3_KO, ko_elsewhere=TTL_KO)
    doc = _review(repo)
    assert _omissions(doc) == [], doc.findings  # the TTL paragraph moved, the Flax one cut
    assert any("taken out of the translation by a later commit" in n for n in doc.not_checked), doc.not_checked
    ko.write_text(ko.read_text(encoding="utf-8").replace(COLOR_KO, ""), encoding="utf-8")
    (om,) = _omissions(_review(repo))
    assert "`DEMO_COLOR=1`" in om.message, om.message


FLAX4_EN = """
If you have a TPU, try the [Flax script](https://example.com/flax_train.py) with `demo.flax_run`: it is at least 70% faster.

Before you begin, install the Flax dependencies with `pip install demo[flax]` and `jax[tpu]` on the TPU host.

Launch the training with `demo.flax_run(steps=1000)`; the [TPU guide](https://example.com/tpu) explains the flags.

Flax checkpoints are saved with `orbax` under `~/.cache/demo/flax`, one folder per `step`.
"""
FLAX4_KO = """TPU가 있다면 [Flax 스크립트](https://example.com/flax_train.py)와 `demo.flax_run`을 사용해 보세요. 최소 70% 더 빠릅니다.

시작하기 전에 TPU 호스트에 `pip install demo[flax]`와 `jax[tpu]`로 Flax 의존성을 설치하세요.

`demo.flax_run(steps=1000)`으로 학습을 시작하세요. 플래그는 [TPU 가이드](https://example.com/tpu)에 설명되어 있습니다.

Flax 체크포인트는 `orbax`로 `~/.cache/demo/flax` 아래에 `step`마다 한 폴더씩 저장됩니다.

"""


def test_a_section_a_later_commit_cut_does_not_turn_omissions_off(tmp_path: Path):
    """diffusers ko training/text2image.md lost its Flax section to "Remove JAX/Flax"; with one more
    paragraph dropped, 59% of the English it follows paired and omissions were turned off as for a
    restructured translation. Paragraphs a later commit took out are no sign of that
    (coverage._paired_share)."""
    ko = (tmp_path / "repo/docs/source/ko/guide.md")
    repo = _cut_repo(tmp_path, FLAX4_EN, FLAX4_KO, FLAX4_KO)
    assert _omissions(_review(repo)) == []
    ko.write_text(ko.read_text(encoding="utf-8").replace(
        "`DEMO_LANG` 변수로 인사말의 언어를 고릅니다. `en`과 `ko`가 내장되어 있습니다.\n\n", ""), encoding="utf-8")
    doc = _review(repo)
    (om,) = _omissions(doc)
    assert om.english_line == 11 and "The `DEMO_LANG` variable" in om.message, (doc.findings, doc.not_checked)


FOLDER_EN = """# Upload [[upload]]

Use `demo upload` to send files to a repository on the `demo.example.com` server.

To upload the current directory at the root of the repo, run `demo upload my-repo .` in a terminal.

You can also upload a specific folder:

```bash
demo upload my-repo ./path/to/folder
```

Finally, pass `--path-in-repo` to [`demo upload`](./cli) to put the folder at a specific place in the repo.

## Download [[download]]

Use `demo download` to fetch a file from a repository; it is cached in `~/.cache/demo` by default.

Pass `--revision` to fetch the file as it was at a given commit or branch of the `demo.example.com` repo.
"""
FOLDER_KO = """# 업로드 [[upload]]

`demo upload`를 사용해 `demo.example.com` 서버의 리포지토리로 파일을 보냅니다.

현재 디렉터리를 리포지토리의 루트에 업로드하려면 터미널에서 `demo upload my-repo .`를 실행하세요.

특정 폴더만 업로드할 수도 있습니다:

```bash
demo upload my-repo ./path/to/folder
```

마지막으로, [`demo upload`](./cli)에 `--path-in-repo`를 넘기면 폴더를 리포지토리의 특정 위치에 둘 수 있습니다.

## 다운로드 [[download]]

이 절의 명령은 터미널에서 실행하며 결과는 화면에 보입니다.

`demo download`로 리포지토리의 파일을 가져옵니다. 기본적으로 `~/.cache/demo`에 캐시됩니다.

`--revision`을 넘기면 `demo.example.com` 리포지토리의 특정 커밋이나 브랜치 시점의 파일을 가져옵니다.
"""


def test_a_dropped_sentence_without_marks_is_not_taken_as_moved_to_a_far_unit_it_does_not_fit():
    """huggingface_hub ko guides/cli.md with "또한, 특정 폴더만 업로드하는 것도 가능합니다:" dropped: its English
    ("You can also upload a specific folder:", no code, link or name) was taken as moved to an unpaired
    sentence without marks 240 lines away, of a plausible length but pair cost 3.6. Without marks on either
    side, the pairing must be no worse than a doubtful one (coverage._moved, WEAK_PAIR)."""
    kw = {"file": "ko.md", "english_file": "en.md", "lang": "ko"}
    assert _omissions(review_texts(FOLDER_EN, FOLDER_KO, **kw)) == []
    (om,) = _omissions(review_texts(FOLDER_EN, FOLDER_KO.replace("특정 폴더만 업로드할 수도 있습니다:\n\n", ""), **kw))
    assert om.english_line == 7 and "You can also upload a specific folder:" in om.message


LOGIN_EN = """# Multi-agent system [[multiagents]]

Let's set up this system. Run the line below to install the required dependencies:

```
!pip install 'demo[toolkit]' --upgrade -q
```

Let's log in in order to call the HF Inference API:

```
from demo import login

login()
```

⚡️ Our agent will be powered by [Qwen/Qwen2.5-Coder-32B-Instruct](https://example.com/qwen) using the `InferenceClientModel` class.

_Note:_ The `InferenceClientModel` class may update or replace models without prior notice; see [here](https://example.com/models).
"""
LOGIN_KO = """# 멀티 에이전트 시스템 [[multiagents]]

이 시스템을 함께 구축해 봅시다. 아래 줄을 실행해 필요한 의존성을 설치하세요:

```
!pip install 'demo[toolkit]' --upgrade -q
```

Hugging Face Hub에 로그인해서 HF의 Inference API를 호출해야 합니다:

```
from demo import login

login()
```

⚡️ HF의 Inference API로 우리 agent는 `InferenceClientModel` 클래스를 써서 [Qwen/Qwen2.5-Coder-32B-Instruct](https://example.com/qwen) 모델을 빠르게 호출합니다.

_Note:_ `InferenceClientModel` 클래스는 사전 통지 없이 모델을 업데이트하거나 교체할 수 있습니다. 자세한 내용은 [여기](https://example.com/models)를 참조하세요.
"""


def test_a_paragraph_dropped_before_a_code_block_is_not_taken_as_merged_into_the_one_after_it():
    """smolagents zh examples/multiagents.md with "我们需要登录Hugging Face Hub以调用HF的Inference API："
    (before the ``login()`` code) dropped: its English was taken as merged into the long "⚡️ HF的Inference
    API..." after the code, which names the Inference API and is long for its own English. The code stands
    between them in both docs: no merge across it (coverage._merged_into, _across_code)."""
    kw = {"file": "ko.md", "english_file": "en.md", "lang": "ko"}
    assert _omissions(review_texts(LOGIN_EN, LOGIN_KO, **kw)) == []
    dropped = LOGIN_KO.replace("Hugging Face Hub에 로그인해서 HF의 Inference API를 호출해야 합니다:\n\n", "")
    (om,) = _omissions(review_texts(LOGIN_EN, dropped, **kw))
    assert om.english_line == 9 and "Let's log in" in om.message


POINTER_EN = """# Schedulers [[schedulers]]

Pass `scheduler=DDIMScheduler()` to [`DemoPipeline`] to change how the pipeline denoises.

If you are a JAX/Flax user, please check [this section](#flax) instead.

Call `pipeline.scheduler.compatibles` to list the schedulers that fit the pipeline.

## Flax [[flax]]

Use `FlaxDemoPipeline.from_pretrained(scheduler=...)` and keep the `scheduler_state` it returns.
"""
POINTER_KO = """# 스케줄러 [[schedulers]]

[`DemoPipeline`]에 `scheduler=DDIMScheduler()`를 넘기면 파이프라인의 디노이징 방식을 바꿀 수 있습니다.

`pipeline.scheduler.compatibles`를 호출하면 파이프라인에 맞는 스케줄러 목록을 볼 수 있습니다.
"""


def test_a_pointer_to_a_section_the_translation_left_out_is_not_an_omission():
    """diffusers ko using-diffusers/schedulers.md never had "If you are a JAX/Flax user, please check [this
    section](#changing-the-scheduler-in-flax) instead." and a later commit took the Flax section out: the
    pointer goes with the section it points to (coverage._points_to_left_out). A rule that took any English
    without marks as moved to any unit without marks hid it before."""
    got = review_texts(POINTER_EN, POINTER_KO, file="ko.md", english_file="en.md", lang="ko")
    assert [f.english_line for f in _omissions(got)] == [11]  # the Flax section itself is missing here
    # with the section translated, the pointer left out is an omission
    ko = POINTER_KO + "\n## Flax [[flax]]\n\n`FlaxDemoPipeline.from_pretrained(scheduler=...)`를 사용하고 반환되는 `scheduler_state`를 보관하세요.\n"
    (om,) = _omissions(review_texts(POINTER_EN, ko, file="ko.md", english_file="en.md", lang="ko"))
    assert om.english_line == 5


LIST_EN = """# Demo

🤗 Demo is a library of pretrained models for generating images and audio. Whether you want a simple inference solution or want to train your own model, Demo is a modular toolbox that supports both, designed with a focus on [usability](conceptual/philosophy#usability).

The Demo 3 library has three main components:

- State-of-the-art diffusion pipelines (`DemoPipeline` 2.0) for inference with just a few lines of code. There are many pipelines in the library, check out the table in the pipeline [overview](api/pipelines/overview) for a complete list of available pipelines and the tasks they solve. Each pipeline bundles the models, the scheduler and the preprocessing it needs, so that one call gives you images, audio or video without any setup of your own.
- Interchangeable [noise schedulers](api/schedulers/overview) for balancing trade-offs between generation speed and quality.
- Pretrained [models](api/models) that can be used as building blocks and combined with schedulers.
"""
LIST_KO = """# 데모

🤗 Demo는 이미지와 오디오를 생성하기 위한 사전 훈련된 모델 라이브러리입니다. 간단한 추론 솔루션을 찾든 자체 모델을 훈련하고 싶든, Demo는 두 가지를 모두 지원하는 모듈식 툴박스이며 [사용성](conceptual/philosophy#usability)에 중점을 두고 설계되었습니다.

Demo 3 라이브러리에는 세 가지 주요 구성 요소가 있습니다:

- `DemoPipeline` 2.0 추론용 [diffusion 파이프라인](api/pipelines/overview).
- 생성 속도와 품질 간의 균형을 맞추기 위해 상호교환적으로 사용할 수 있는 [노이즈 스케줄러](api/schedulers/overview).
- 빌딩 블록으로 사용할 수 있고 스케줄러와 결합할 수 있는 사전 학습된 [모델](api/models).
"""
LIST_MODEL = LengthModel(0.51, 0.15, 0, Lexicon({
    w: WordSense(frozenset({k}), 0.99, 0.001)
    for w, k in (("library", "라이브"), ("components", "구성"), ("three", "세"), ("main", "주요"), ("has", "있습"))}, 60.0))
"""A tight length model with the words a learned lexicon knows (diffusers ko has 449 word associations)."""


def test_a_paragraph_dropped_next_to_a_shortened_one_is_an_omission():
    """diffusers ko index.md shortens the long "- State-of-the-art diffusion pipelines ... [overview](...)"
    item to one sentence keeping its link: the aligner leaves it unpaired, its English too. With "The
    library has three main components:" dropped just before, that leftover was taken as the dropped
    paragraph rewritten (coverage._omissions: "the same gap holds a translated unit"), though its code,
    links and numbers are all the shortened item's (coverage._all_rewritten)."""
    kw = {"file": "ko.md", "english_file": "en.md", "lang": "ko", "options": Options(length=LIST_MODEL)}
    assert _omissions(review_texts(LIST_EN, LIST_KO, **kw)) == []
    dropped = LIST_KO.replace("Demo 3 라이브러리에는 세 가지 주요 구성 요소가 있습니다:\n\n", "")
    oms = _omissions(review_texts(LIST_EN, dropped, **kw))
    assert [f.english_line for f in oms] == [5]
    assert "three main components" in oms[0].message


RUNS_EN = """# Inspecting runs [[inspect]]

Agent runs are complicated to debug, and their logs are long.

So recording agent runs is needed for monitoring!

We use the [OpenTelemetry](https://opentelemetry.io) standard: install it with `pip install demo[telemetry]`.

## Setup [[setup]]

Set `DEMO_ENDPOINT` to the address of your collector and call `demo.instrument()` once at start-up.

Then you can run your agents!

The runs appear on the platform with every step, tool call and token count of the run.
"""
RUNS_KO = """# 실행 검사하기 [[inspect]]

에이전트 실행은 디버깅하기 어렵고, 로그도 깁니다.

따라서 프로덕션 환경에서는 나중에 검사하고 모니터링할 수 있도록 에이전트 실행을 계측 도구로 기록하는 것이 필수적입니다!

[OpenTelemetry](https://opentelemetry.io) 표준을 사용합니다: `pip install demo[telemetry]`로 설치하세요.

## 설정 [[setup]]

`DEMO_ENDPOINT`를 수집기의 주소로 설정하고 시작할 때 `demo.instrument()`를 한 번 호출하세요.

이제 에이전트를 실행하면 모니터링 기록이 남습니다!

실행 기록은 각 단계, 도구 호출, 토큰 수와 함께 플랫폼에 표시됩니다.
"""
RUNS_MODEL = LengthModel(0.51, 0.825, 0, Lexicon({w: WordSense(frozenset({k}), 0.9, 0.02) for w, k in (
    ("runs", "실행"), ("run", "실행"), ("agent", "에이전"), ("agents", "에이전"), ("platform", "플랫폼"), ("step", "단계"),
    ("record", "기록"), ("recording", "기록"), ("needed", "남습"), ("inspection", "검사"), ("monitoring", "모니터"),
    ("debug", "디버깅"), ("address", "주소"))}, 60.0))
"""Word associations by hand, as :meth:`Lexicon.learn` finds them in a repository's human translations."""


def test_a_dropped_paragraph_is_not_taken_as_moved_into_a_doubtful_pair_with_no_leftover_beside_it():
    """smolagents zh tutorials/inspect_runs.md with "So using instrumentation to record agent runs is
    necessary..." dropped: its English fitted the translation of "Then you can run your agents!" 35 lines
    on (a doubtful pair, cost 2.9) better than that English did, and was taken as moved there. Nothing is
    left unpaired beside that pair: it translates its own English, and the drop is an omission
    (coverage._leftover_by)."""
    kw = {"file": "ko.md", "english_file": "en.md", "lang": "ko", "options": Options(length=RUNS_MODEL)}
    assert _omissions(review_texts(RUNS_EN, RUNS_KO, **kw)) == []
    dropped = RUNS_KO.replace("따라서 프로덕션 환경에서는 나중에 검사하고 모니터링할 수 있도록 에이전트 실행을 계측 도구로 기록하는 것이 "
                              "필수적입니다!\n\n", "")
    assert dropped != RUNS_KO
    (om,) = _omissions(review_texts(RUNS_EN, dropped, **kw))
    assert om.english_line == 5 and "So recording agent runs" in om.message


PRINCIPLES_EN = """# Philosophy [[philosophy]]

## Pipelines [[pipelines]]

The following design principles are followed:

- Pipelines follow the single-file policy: all the code of a pipeline lives in one `pipeline_*.py` file.

## Models [[models]]

The following design principles are followed:

- Models follow the single-file policy too, and each model lives in one `modeling_*.py` file of its own.
"""
PRINCIPLES_KO = """# 철학 [[philosophy]]

## 파이프라인 [[pipelines]]

다음과 같은 설계 원칙을 따릅니다:

- 파이프라인은 단일 파일 정책을 따릅니다: 파이프라인의 모든 코드는 하나의 `pipeline_*.py` 파일에 있습니다.

## 모델 [[models]]

다음과 같은 설계 원칙을 따릅니다:

- 모델도 단일 파일 정책을 따르며, 각 모델은 자체 `modeling_*.py` 파일 하나에 있습니다.
"""


def test_a_line_the_english_repeats_elsewhere_pasted_twice_in_a_row_is_a_duplication():
    """diffusers ko conceptual/philosophy.md says "The following design principles are followed:" under
    each heading, as its English does; the line pasted twice in a row under one heading was taken as
    repeated by the English. The English never has it twice in a row (coverage._twice_in_a_row)."""
    kw = {"file": "ko.md", "english_file": "en.md", "lang": "ko"}
    assert [f for f in review_texts(PRINCIPLES_EN, PRINCIPLES_KO, **kw).findings if f.kind is Kind.DUPLICATION] == []
    line = "다음과 같은 설계 원칙을 따릅니다:\n\n"
    pasted = PRINCIPLES_KO.replace("## 모델 [[models]]\n\n" + line, "## 모델 [[models]]\n\n" + line + line)
    (dup,) = [f for f in review_texts(PRINCIPLES_EN, pasted, **kw).findings if f.kind is Kind.DUPLICATION]
    assert dup.line == 13 and "repeats the one at line 11" in dup.message
    # the English writing it twice in a row too: no duplication
    en = PRINCIPLES_EN.replace("## Models [[models]]\n\nThe following design principles are followed:\n\n",
                               "## Models [[models]]\n\nThe following design principles are followed:\n\n"
                               "The following design principles are followed:\n\n")
    assert [f for f in review_texts(en, pasted, **kw).findings if f.kind is Kind.DUPLICATION] == []


LABEL_EN = """# Plan customization [[plan]]

Step callbacks let you look at the plan of an agent before it acts on it.

Example interaction:

```text
Plan: search the web, then summarize.
```

Output:

```text
Done.
```
"""
LABEL_KO = """# 계획 사용자 정의 [[plan]]

단계 콜백을 사용하면 에이전트가 계획을 실행하기 전에 그 계획을 살펴볼 수 있습니다.

예제 상호작용:

```text
Plan: search the web, then summarize.
```

출력:

```text
Done.
```
"""


def test_a_short_label_pasted_twice_in_a_row_is_a_duplication():
    """smolagents ko examples/plan_customization.md's label "예제 상호작용:" (7 characters) pasted twice in a row
    went unreported: units under 8 characters were never duplications (table cells, "예시:"). Right after its
    twin, a unit counts from 5 characters (duplicates.MIN_ROW_DUP); "출력:" (3) pasted twice stays out, and
    so does a label the English writes twice in a row."""
    kw = {"file": "ko.md", "english_file": "en.md", "lang": "ko"}

    def dups(en: str, ko: str) -> list:
        return [f for f in review_texts(en, ko, **kw).findings if f.kind is Kind.DUPLICATION]

    assert dups(LABEL_EN, LABEL_KO) == []
    pasted = LABEL_KO.replace("예제 상호작용:\n\n", "예제 상호작용:\n\n예제 상호작용:\n\n")
    (dup,) = dups(LABEL_EN, pasted)
    assert dup.line == 7 and "repeats the one at line 5" in dup.message
    assert dups(LABEL_EN, LABEL_KO.replace("출력:\n\n", "출력:\n\n출력:\n\n")) == []
    twice = LABEL_EN.replace("Example interaction:\n\n", "Example interaction:\n\nExample interaction:\n\n")
    assert dups(twice, pasted) == []


PASTED_EN = """# Hybrid mode [[hybrid]]

## Why use it? [[why]]

Hybrid mode offers a fast and simple way to offload local generation work.

## Examples [[examples]]

Call `demo.remote()` with the prompt and keep the result for later steps.

Call `demo.remote()` with the prompt and keep the result for later steps.
"""
PASTED_KO = """# 하이브리드 모드 [[hybrid]]

## 왜 사용하나요? [[why]]

하이브리드 모드는 로컬 생성 작업을 빠르고 간단하게 덜어내는 방법을 제공합니다.

## 예제 [[examples]]

프롬프트와 함께 `demo.remote()`를 호출하고 결과를 이후 단계를 위해 보관하세요.

프롬프트와 함께 `demo.remote()`를 호출하고 결과를 이후 단계를 위해 보관하세요.
"""


def test_a_paragraph_pasted_twice_in_a_row_is_a_duplication_when_other_english_lines_repeat():
    """diffusers zh hybrid_inference/overview.md with "混合推理提供了一种快速简单的方式..." pasted twice in a
    row: the copy was let go because some English paragraph of about its length is written twice in a row
    (coverage._verbatim_copies). Its own English is not (coverage._pasted_in_a_row)."""
    kw = {"file": "ko.md", "english_file": "en.md", "lang": "ko"}
    assert [f for f in review_texts(PASTED_EN, PASTED_KO, **kw).findings if f.kind is Kind.DUPLICATION] == []
    line = "하이브리드 모드는 로컬 생성 작업을 빠르고 간단하게 덜어내는 방법을 제공합니다.\n\n"
    pasted = PASTED_KO.replace(line, line + line)
    (dup,) = [f for f in review_texts(PASTED_EN, pasted, **kw).findings if f.kind is Kind.DUPLICATION]
    assert dup.line == 7 and "Hybrid mode offers" in dup.message


@pytest.mark.corpus
def test_a_dropped_feature_bullet_is_not_taken_as_merged_into_a_neighbour_lacking_its_emoji(corpus):
    """smolagents zh index.md lists features as "✨ **简洁性**：...", "🌐 **支持任何 LLM**：..."; with the first
    dropped, the review (with the checkout's learned length model and lexicon, as ``hfi18n review`` runs it)
    took its English as merged into the long Chinese of the second, which lacks the ✨ (coverage._pictographs:
    translators keep emoji like names)."""
    from hfi18n.repo.layout import SOURCE_LANG
    from hfi18n.translate.aligned import learned_length

    layout = DocsLayout.open(corpus("smolagents"))
    opts = Options(length=learned_length(layout.repo, "zh"), followed=followed_english(layout, "zh"))
    en = layout.path(SOURCE_LANG, "index.md").read_text(encoding="utf-8")
    zh = layout.path("zh", "index.md").read_text(encoding="utf-8")
    bullet = next(line for line in zh.splitlines() if line.startswith("✨ "))
    dropped = zh.replace(bullet + "\n\n", "", 1)
    assert dropped != zh
    kw = {"file": "docs/source/zh/index.md", "english_file": "docs/source/en/index.md", "lang": "zh",
          "rel": "index.md", "options": opts}
    assert not any("✨" in f.message for f in _omissions(review_texts(en, zh, **kw)))
    assert any("✨ **Simplicity**" in f.message for f in _omissions(review_texts(en, dropped, **kw)))
