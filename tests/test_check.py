"""``hfi18n check`` on the bundled example, on crafted defects and on the real corpora."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hfi18n.check import check_pair, check_paths
from hfi18n.cli import main
from hfi18n.doc import parse
from hfi18n.example import build_example_repo
from hfi18n.repo.layout import DocsLayout


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_example_repo(tmp_path_factory.mktemp("ex") / "repo")


def run_check(src: str, tgt: str, lang: str = "ko") -> list[tuple[str, str, int]]:
    findings = check_pair(parse(src), parse(tgt), file="t.md", lang=lang)
    return [(f.check, f.severity, f.line) for f in findings]


EN = """# Quick tour

Load a model with [`AutoModel`] as shown in [the guide](./guide).

## Models

```py
model = AutoModel.from_pretrained("x")  # load
```

See [Models](#models).
"""
KO = """# 둘러보기 [[quick-tour]]

[`AutoModel`]로 모델을 불러오는 방법은 [가이드](./guide)를 참고하세요.

## 모델 [[models]]

```py
model = AutoModel.from_pretrained("x")  # load
```

[모델](#models)을 보세요.
"""


def test_faithful_translation_has_no_findings() -> None:
    assert run_check(EN, KO) == []


def test_missing_anchor_and_broken_fragment_are_errors() -> None:
    bad = KO.replace("## 모델 [[models]]", "## 모델").replace("(#models)", "(#모델-없음)")
    found = run_check(EN, bad)
    assert ("anchors", "error", 5) in found
    assert ("fragments", "error", 11) in found


def test_fragment_to_korean_slug_of_anchored_heading_is_an_error() -> None:
    bad = KO.replace("(#models)", "(#모델)")
    assert run_check(EN, bad) == [("fragments", "error", 11)]


def test_code_change_is_error_but_comment_only_change_is_warning() -> None:
    assert run_check(EN, KO.replace("# load", "# 불러오기")) == [("code", "warning", 7)]
    assert run_check(EN, KO.replace('"x"', '"y"')) == [("code", "error", 7)]


def test_dropped_reference_and_link() -> None:
    bad = KO.replace("[`AutoModel`]로", "AutoModel로").replace("[가이드](./guide)", "가이드")
    assert {c for c, _, _ in run_check(EN, bad)} == {"references", "links"}


@pytest.mark.parametrize(
    ("damage", "check"),
    [
        ("⟦3⟧", "leaked-placeholder"),
        ("$hf_i18n_placeholder21", "leaked-placeholder"),
        ("ëª¨ë¸", "mojibake"),
    ],
)
def test_damage_in_prose(damage: str, check: str) -> None:
    bad = KO.replace("불러오는", f"불러오는 {damage}")
    assert (check, "error", 3) in run_check(EN, bad)


def test_chatter_stray_fence_and_unclosed_fence() -> None:
    chatter = "다음은 요청하신 번역입니다:\n\n" + KO
    assert ("chatter", "error", 1) in run_check(EN, chatter)
    fenced = "```md\n" + KO + "```\n"
    assert "stray-fence" in {c for c, _, _ in run_check(EN, fenced)}
    unclosed = KO.rsplit("```", 1)[0]
    assert "unclosed-fence" in {c for c, _, _ in run_check(EN, unclosed)}


def test_untranslated_paragraph_is_a_warning() -> None:
    bad = KO.replace("[`AutoModel`]로 모델을 불러오는 방법은 [가이드](./guide)를 참고하세요.",
                     "Load a model with [`AutoModel`] as shown in [the guide](./guide).")
    assert run_check(EN, bad) == [("untranslated", "warning", 3)]


def test_component_ids_and_order() -> None:
    en = '<hfoptions id="a">\n<hfoption id="PyTorch">\n\nText here.\n\n</hfoption>\n</hfoptions>\n'
    ko = en.replace("Text here.", "여기 텍스트.")
    assert run_check(en, ko) == []
    assert run_check(en, ko.replace('id="PyTorch"', 'id="파이토치"')) == [("tags", "error", 2)]
    assert ("unbalanced-tag", "error", 2) in run_check(en, ko.replace("</hfoption>\n", "", 1))


def test_components_are_one_list_from_the_doc_model() -> None:
    from hfi18n.check import damage, structure, tags
    from hfi18n.doc.markup import COMPONENTS, MARKDOWN_CONTENT, Tag

    for module in (structure, tags, damage):  # check imports the list; it defines none of its own
        assert not hasattr(module, "MDX_TAGS") and getattr(module, "COMPONENTS", COMPONENTS) is COMPONENTS
    assert MARKDOWN_CONTENT <= COMPONENTS
    assert all(Tag(name, 0, 1).component for name in COMPONENTS)
    en = "<frameworkcontent>\n<pt>\n\nText.\n\n</pt>\n</frameworkcontent>\n"
    assert run_check(en, en.replace("Text.", "텍스트.")) == []
    assert ("tags", "error", 5) in run_check(en, en.replace("Text.", "텍스트.").replace("<pt>\n", ""))


def test_tip_component_equals_callout() -> None:
    en = "> [!TIP]\n> Use a GPU for this task.\n"
    ko = "<Tip>\n\n이 작업에는 GPU를 사용하세요.\n\n</Tip>\n"
    assert run_check(en, ko) == []


def test_example_repo_findings(example: Path) -> None:
    findings, files = check_paths(DocsLayout.open(example), "ko")
    assert files == 2
    got = {(f.file, f.line, f.check, f.severity) for f in findings}
    qt = "docs/source/ko/quicktour.md"
    assert (qt, 18, "anchors", "error") in got  # "## 파이프라인" without [[pipelines]]
    assert (qt, 20, "fragments", "error") in got  # link to #모델 while the anchor is [[models]]
    assert (qt, 30, "leaked-placeholder", "error") in got
    # the English index gained a "Next steps" section after the translation was made
    index = {(f.check, f.line) for f in findings if f.file.endswith("index.md")}
    assert index == {("headings", 8), ("links", 0)}


def test_cli_json_and_exit_code(example: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", "--repo", str(example), "--lang", "ko", "--format", "json"])
    assert code == 1
    data = json.loads(capsys.readouterr().out)
    assert {"file", "line", "check", "rule", "severity", "message", "english", "translation", "suggestion"} == set(data[0])
    # what a finding is about is data (issue 24): the fragment a link misses, as the translation wrote it
    frag = next(d for d in data if d["check"] == "fragments" and d["file"].endswith("quicktour.md"))
    assert frag["rule"] == "fragments" and frag["translation"] == "모델" and frag["line"] == 20
    code = main(["check", "--repo", str(example), "--lang", "ko", "--format", "json", "--against", "today",
                 "docs/source/ko/index.md"])
    assert code == 1
    found = json.loads(capsys.readouterr().out)
    assert [d["check"] for d in found] == ["links", "headings"]
    assert found[0]["english"] and found[0]["english"] in found[0]["message"]  # the link target the English has
    # by default the outdated index.md is checked against the English it follows: one warning for the drift
    code = main(["check", "--repo", str(example), "--lang", "ko", "--format", "json", "docs/source/ko/index.md"])
    assert code == 0
    assert [d["check"] for d in json.loads(capsys.readouterr().out)] == ["outdated"]


def test_cli_github_format(example: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["check", "--repo", str(example), "--lang", "ko", "--format", "github", "quicktour.md"])
    out = capsys.readouterr().out
    assert "::error file=docs/source/ko/quicktour.md,line=20,title=fragments::" in out


def test_cli_refuses_path_outside_repo(example: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--repo", str(example), "--lang", "ko", "../../etc/passwd"]) == 2
    assert "outside the repository" in capsys.readouterr().err


def test_unreadable_translation_is_reported_not_crashing(example: Path, tmp_path: Path) -> None:
    repo = build_example_repo(tmp_path / "r")
    (repo / "docs/source/ko/quicktour.md").write_bytes(b"# \xff\xfe broken\n")
    findings, _ = check_paths(DocsLayout.open(repo), "ko", ["quicktour.md"])
    assert [(f.check, f.line) for f in findings] == [("unreadable", 1)]


def test_unreadable_english_still_gets_every_check_that_needs_no_english(tmp_path: Path) -> None:
    repo = build_example_repo(tmp_path / "r")
    (repo / "docs/source/en/quicktour.md").write_bytes(b"# Quick \xff tour\n")
    (repo / "docs/source/ko/quicktour.md").write_text(
        "# \ube60\ub978 \ub458\ub7ec\ubcf4\uae30 [[quick tour?]]\n\n[\ubaa8\ub378](#models)\uc744 \ubcf4\uc138\uc694.\n\n"
        "```py\nunclosed\n", encoding="utf-8")
    findings, _ = check_paths(DocsLayout.open(repo), "ko", ["quicktour.md"])
    got = {(f.file.split("/")[-2], f.check, f.line) for f in findings}
    assert ("en", "unreadable", 1) in got
    assert {("ko", "anchors", 1), ("ko", "fragments", 3), ("ko", "unclosed-fence", 5)} <= got
    assert not [f for f in findings if f.check == "orphan"]


@pytest.mark.corpus
def test_corpus_findings_real_defects(corpus) -> None:
    layout = DocsLayout.open(corpus("diffusers"))
    findings, files = check_paths(layout, "ko")
    assert files >= 50
    by = {(f.file, f.check) for f in findings}
    # philosophy.md links to #스케줄러 while the heading carries [[schedulers]]
    assert ("docs/source/ko/conceptual/philosophy.md", "fragments") in by
    assert any(f.check == "drift" for f in findings)
    assert any(f.check == "orphan" for f in findings)


def test_glossary_option_reports_missing_required_term(example: Path, tmp_path: Path, capsys) -> None:
    gloss = tmp_path / "ko.tsv"
    gloss.write_text("term\ttranslation\tkeep_english\talternatives\tnotes\n"
                     "inference\t추론\tno\t\t\n"
                     "tokenizer\t토크나이저\tno\t\t\n", encoding="utf-8")
    main(["check", "--repo", str(example), "--lang", "ko", "--glossary", str(gloss), "--format", "json",
          "quicktour.md"])
    found = [(d["check"], d["line"]) for d in json.loads(capsys.readouterr().out) if d["check"] == "glossary"]
    # "inference" is rendered 추론 in the first section; "tokenizer" became 토크나이저: no finding for either
    assert found == []
    gloss.write_text("term\ttranslation\tkeep_english\talternatives\tnotes\n"
                     "inference\t인퍼런스\tno\t\t\n", encoding="utf-8")
    main(["check", "--repo", str(example), "--lang", "ko", "--glossary", str(gloss), "--format", "json",
          "quicktour.md"])
    found = [(d["check"], d["line"]) for d in json.loads(capsys.readouterr().out) if d["check"] == "glossary"]
    assert found == [("glossary", 3)]


def test_bad_glossary_file_is_a_clear_error(example: Path, tmp_path: Path, capsys) -> None:
    gloss = tmp_path / "bad.tsv"
    gloss.write_bytes(b"term\ttranslation\n\xff\xfe\n")
    assert main(["check", "--repo", str(example), "--lang", "ko", "--glossary", str(gloss)]) == 2
    assert "bad.tsv" in capsys.readouterr().err


def test_crlf_and_bom_translations_check_clean() -> None:
    assert run_check(EN, KO.replace("\n", "\r\n")) == []
    assert run_check(EN, "\ufeff" + KO) == []


def test_autodoc_anchors_as_doc_builder_generates_them() -> None:
    """doc-builder appends the object's anchor (its shortest import path) to the heading before an
    [[autodoc]] block; translations may use it, and links may point at objects and methods."""
    en = "### OpenAIModel\n\n[[autodoc]] OpenAIModel\n    - generate\n\nSee [the method](#OpenAIModel.generate).\n"
    ko = ("### OpenAI 모델[[smolagents.OpenAIModel]]\n\n[[autodoc]] OpenAIModel\n    - generate\n\n"
          "[메서드](#smolagents.OpenAIModel.generate)를 보세요.\n")
    assert run_check(en, ko) == []
    # a translator's own anchor on a heading that translates an English one: a warning naming the links
    # that use it, which `check --fix-anchors` renames together (issue 24)
    assert run_check(en, ko.replace("smolagents.OpenAIModel]]", "other-model]]")) == [("anchors", "warning", 1)]


def test_accented_latin_text_is_not_mojibake() -> None:
    en = "Load the model and run it on the data you prepared for the evaluation.\n"
    for text in ("Chargez le modèle «déjà» prêt — c’est l’été.\n", "Íñšťáĺĺ ťĥéé’š ɱóóđéĺ ŕúñ.\n"):
        assert "mojibake" not in {c for c, _, _ in run_check(en, text, lang="fr")}
    assert ("mojibake", "error", 1) in run_check(en, "Chargez le modÃ¨le.\n", lang="fr")


def test_text_format_gives_a_line_only_where_a_finding_has_one() -> None:
    from hfi18n.check import ERROR, Finding, format_text

    text = format_text([Finding("docs/source/ko/index.md", 0, "links", ERROR, "a link is missing"),
                        Finding("docs/source/ko/index.md", 8, "headings", ERROR, "a section is missing")])
    assert text.splitlines() == ["docs/source/ko/index.md: error [links] a link is missing",
                                 "docs/source/ko/index.md:8: error [headings] a section is missing"]
