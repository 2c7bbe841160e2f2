"""Glossary files, term matching, translation checks and the shipped Korean glossary."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.errors import InputError
from hfi18n.glossary import COLUMNS, HANGUL_RE, Glossary, Term, lint

FIX = Path(__file__).parent / "fixtures" / "glossary"
SHIPPED = Path(__file__).resolve().parents[1] / "src" / "hfi18n" / "data" / "glossary" / "ko.tsv"


@pytest.fixture(scope="module")
def mini() -> Glossary:
    return Glossary.load(FIX / "mini.tsv", "ko")


def sources(terms) -> list[str]:
    return [t.source for t in terms]


# --------------------------------------------------------------------------------------------- load


def test_load_fields(mini: Glossary) -> None:
    assert mini.lang == "ko"
    assert len(mini) == 10
    ft = mini.get("fine-tuning")
    assert ft == Term("fine-tuning", "미세 조정", False, "extra forms after |", ("파인튜닝",), ("fine-tune", "fine-tuned"))
    hub = mini.get("Hub")
    assert hub is not None and hub.keep_english and hub.target is None and hub.alternatives == ("허브",)
    assert mini.get("MODEL") is mini.get("model")  # lookup is case-insensitive
    assert mini.get("nope") is None


def test_lang_defaults_to_file_stem(tmp_path: Path) -> None:
    p = tmp_path / "ja.tsv"
    p.write_text("model\tモデル\tno\n", encoding="utf-8")
    assert Glossary.load(p).lang == "ja"


def test_header_allows_any_column_order_and_extra_columns() -> None:
    text = "notes\tcount\tkeep_english\ttranslation\tterm\n\t12\tno\t추론\tinference\n"
    g = Glossary.loads(text, "ko")
    assert g.terms == [Term("inference", "추론", False)]


def test_rows_without_trailing_columns_and_bom() -> None:
    g = Glossary.loads("\ufeffmodel\t모델\nTrainer\t\tyes\n", "ko")
    assert [(t.source, t.target, t.keep_english) for t in g] == [("model", "모델", False), ("Trainer", None, True)]


def test_builtin() -> None:
    ko = Glossary.builtin("ko")
    assert ko is not None and ko.lang == "ko" and len(ko) > 100
    assert Glossary.builtin("ko") is ko  # cached
    assert Glossary.builtin("xx") is None
    assert Glossary.builtin("../ko") is None
    assert "ko" in Glossary.builtin_languages()


def test_dumps_round_trip(mini: Glossary) -> None:
    again = Glossary.loads(mini.dumps(), "ko")
    assert again.terms == mini.terms
    assert again.version == mini.version


# ------------------------------------------------------------------------------------------ version


def test_version_is_stable_and_content_based(mini: Glossary) -> None:
    text = (FIX / "mini.tsv").read_text(encoding="utf-8")
    assert Glossary.loads(text, "ko").version == mini.version
    assert re.fullmatch(r"[0-9a-f]{16}", mini.version)
    # comments, blank lines and notes do not change what the LLM is told
    edited = "# a new comment\n\n" + text.replace("longest match wins over model", "changed note")
    assert Glossary.loads(edited, "ko").version == mini.version
    # a different translation, alternative, flag or language does
    assert Glossary.loads(text.replace("추론", "인퍼런스"), "ko").version != mini.version
    assert Glossary.loads(text.replace("확산 모델", "디퓨전"), "ko").version != mini.version
    assert Glossary.loads(text, "ja").version != mini.version


def test_version_known_value() -> None:
    # pinned: a change here invalidates every translation-memory entry keyed on glossary versions
    g = Glossary("ko", [Term("inference", "추론", False)])
    assert g.version == Glossary("ko", [Term("inference", "추론", False, notes="x")]).version
    assert g.version == "08509c410a440142"


# ----------------------------------------------------------------------------------------- matching


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Load the model.", ["model"]),
        ("Models and MODEL weights", ["model"]),
        ("We remodel the kitchen.", []),  # no match inside a word
        ("set model_id first", []),  # identifiers are not prose
        ("the modeling code", []),
        ("two batches", ["batch"]),
        ("install the dependencies", ["dependency"]),
        ("a fine-tuned checkpoint", ["fine-tuning"]),
        ("Fine-tune it", ["fine-tuning"]),
        ("a diffusion model", ["diffusion model"]),  # longest match, model not reported on its own
        ("Diffusion models and a model", ["model", "diffusion model"]),
        ("on the Hub", ["Hub"]),
        ("a hub of activity", []),  # names are case-sensitive
        ("Hub에 업로드", ["Hub"]),  # Korean particle glued to the name
        ("call pipeline() to build a pipeline", ["pipeline()", "pipeline"]),
        ("⟦1⟧inference⟦2⟧", ["inference"]),
    ],
)
def test_relevant(mini: Glossary, text: str, expected: list[str]) -> None:
    assert sources(mini.relevant(text)) == expected  # glossary order, each term once


def test_matches_positions(mini: Glossary) -> None:
    ms = mini.matches("Models, then a diffusion model.")
    assert [(m.term.source, m.text) for m in ms] == [("model", "Models"), ("diffusion model", "diffusion model")]
    assert "Models, then a diffusion model."[ms[1].start:ms[1].end] == "diffusion model"


def test_case_sensitive_name_does_not_hide_a_shorter_term() -> None:
    g = Glossary("ko", [Term("Stable Diffusion", None, True), Term("diffusion", "디퓨전", False)])
    assert sources(g.relevant("a stable diffusion run")) == ["diffusion"]
    assert sources(g.relevant("a Stable Diffusion run")) == ["Stable Diffusion"]


def test_name_and_lowercase_word_with_the_same_spelling() -> None:
    g = Glossary("ko", [Term("Transformers", None, True), Term("transformer", "트랜스포머", False)])
    assert sources(g.relevant("🤗 Transformers")) == ["Transformers"]
    assert sources(g.relevant("transformers are neural networks")) == ["transformer"]
    assert sources(g.relevant("A Transformer")) == ["transformer"]


def test_empty_glossary() -> None:
    g = Glossary("ko", [])
    assert g.relevant("model") == [] and g.violations("model", "") == [] and g.prompt_lines([]) == ""


# --------------------------------------------------------------------------------------- violations


def test_missing_translation_is_reported(mini: Glossary) -> None:
    v = mini.violations("Run inference with the model.", "모델로 실행합니다.")
    assert [(t.source, msg) for t, msg in v] == [("inference", "'inference' should be translated as '추론'")]


def test_translation_with_particle_and_spacing_is_accepted(mini: Glossary) -> None:
    assert mini.violations("Run inference.", "추론을 실행합니다.") == []
    assert mini.violations("Fine-tuning is easy.", "미세조정은 쉽습니다.") == []  # spacing ignored


def test_alternative_accepted(mini: Glossary) -> None:
    assert mini.violations("Fine-tuning is easy.", "파인튜닝은 쉽습니다.") == []
    assert mini.violations("A diffusion model.", "확산 모델입니다.") == []
    v = mini.violations("A diffusion model.", "모델입니다.")
    assert len(v) == 1 and "'디퓨전 모델'" in v[0][1] and "'확산 모델'" in v[0][1]


def test_keep_english(mini: Glossary) -> None:
    assert mini.violations("Push to the Hub.", "Hub에 푸시합니다.") == []
    assert mini.violations("Push to the Hub.", "허브에 푸시합니다.") == []  # accepted alternative
    v = mini.violations("Use the Trainer.", "트레이너를 사용하세요.")
    assert [(t.source, msg) for t, msg in v] == [("Trainer", "'Trainer' should stay in English")]
    v = mini.violations("Push to the Hub.", "hub에 푸시합니다.")  # case changed
    assert sources(t for t, _ in v) == ["Hub"]


def test_keep_english_inside_a_longer_name_in_the_target() -> None:
    g = Glossary("ko", [Term("Hugging Face Hub", None, True), Term("Hub", None, True)])
    assert g.violations("Upload it to the Hub.", "Hugging Face Hub에 업로드하세요.") == []


def test_terms_only_in_target_are_ignored(mini: Glossary) -> None:
    assert mini.violations("Nothing here.", "추론 모델") == []


def test_present(mini: Glossary) -> None:
    assert mini.present(mini.get("inference"), "추론하기")
    assert not mini.present(mini.get("inference"), "inference")


# ----------------------------------------------------------------------------------------- prompts


def test_prompt_lines(mini: Glossary) -> None:
    terms = mini.relevant("Fine-tune a model, then push it to the Hub.")
    assert mini.prompt_lines(terms) == "model → 모델\nfine-tuning → 미세 조정\nHub → (keep in English)"
    assert mini.prompt_lines().count("\n") == len(mini) - 1


# ----------------------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("name", "line", "words"),
    [
        ("bad_no_tab.tsv", 3, "no tab"),
        ("bad_keep_flag.tsv", 3, "keep_english"),
        ("bad_duplicate.tsv", 3, "duplicate term 'Model' (first on line 1)"),
        ("bad_missing_translation.tsv", 2, "no translation"),
        ("bad_too_many_columns.tsv", 1, "6 tab-separated columns"),
    ],
)
def test_malformed_files(name: str, line: int, words: str) -> None:
    with pytest.raises(InputError) as info:
        Glossary.load(FIX / name)
    exc = info.value
    assert exc.line == line
    assert words in exc.message
    assert exc.hint
    assert str(exc).startswith(f"{FIX / name}:{line}: ")


def test_keep_english_with_translation_is_an_error() -> None:
    with pytest.raises(InputError, match="marked keep_english but has the translation") as info:
        Glossary.loads("# c\nHub\t허브\tyes\n", "ko")
    assert info.value.line == 2 and "alternatives" in (info.value.hint or "")


def test_header_without_translation_column() -> None:
    with pytest.raises(InputError, match="header lacks the column 'translation'"):
        Glossary.loads("term\tnotes\nmodel\tx\n", "ko")


def test_missing_file() -> None:
    with pytest.raises(InputError, match="file not found"):
        Glossary.load(FIX / "nope.tsv")


def test_lint_flags_suspicious_rows() -> None:
    g = Glossary("ko", [
        Term("model", "model", False),
        Term("batch", "배치", False, alternatives=("배치",)),
        Term("batches", "배치들", False),
    ])
    messages = lint(g)
    assert any("no Hangul" in m for m in messages)
    assert any("equals the term" in m for m in messages)
    assert any("repeats the translation" in m for m in messages)
    assert any("'batches' already belongs to 'batch'" in m for m in messages)



def test_lint_and_script_checks_know_the_script_of_every_language_spelling() -> None:
    from hfi18n.scripts import script_ratio

    ja = lint(Glossary("ja", [Term("model", "モデル", False), Term("token", "토큰", False)]))
    assert [m for m in ja if "characters" in m] == [
        "'token': translation '토큰' has no Han or kana characters (keep_english yes?)"]
    assert lint(Glossary("zh-hans", [Term("model", "model 모델", False)]))[0].startswith("'model': translation")
    # a region or variant folder is judged by its language's script (zh-hans: Han; pt_BR: Latin)
    assert script_ratio("加载模型", "zh-hans") == 1.0 and script_ratio("load", "zh_Hans") == 0.0
    assert script_ratio("carregar", "pt_BR") is None


# ----------------------------------------------------------------------------------------- CLI


def test_cli_validate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["glossary", "validate", str(FIX / "mini.tsv")]) == 0
    assert "10 terms (3 kept in English)" in capsys.readouterr().out
    assert main(["glossary", "validate", str(FIX / "bad_no_tab.tsv")]) == 1
    assert "bad_no_tab.tsv:3: no tab on this line" in capsys.readouterr().err


def test_cli_show_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text("Fine-tune the model on the Hub.\n", encoding="utf-8")
    assert main(["glossary", "show", "--glossary", str(FIX / "mini.tsv"), "--text", str(doc)]) == 0
    assert capsys.readouterr().out == "model → 모델\nfine-tuning → 미세 조정\nHub → (keep in English)\n"


def test_cli_show_unknown_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["glossary", "show", "--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert "ships no glossary for 'xx'" in err and "ko" in err


def test_cli_show_tsv_loads_back(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["glossary", "show", "--lang", "ko", "--format", "tsv"]) == 0
    again = Glossary.loads(capsys.readouterr().out, "ko")
    assert again.version == Glossary.builtin("ko").version


# ------------------------------------------------------------------------------ shipped ko glossary


@pytest.fixture(scope="module")
def ko() -> Glossary:
    return Glossary.load(SHIPPED)


def test_shipped_ko_loads_clean(ko: Glossary) -> None:
    assert ko.version == Glossary.builtin("ko").version
    assert 150 <= len(ko) <= 300
    assert lint(ko) == []  # includes: no English form claimed by two rows


def test_shipped_ko_no_duplicates(ko: Glossary) -> None:
    keys = [t.source.casefold() for t in ko]
    assert len(keys) == len(set(keys))
    forms = [f.casefold() for t in ko for f in (t.source, *t.forms)]
    assert len(forms) == len(set(forms))


def test_shipped_ko_translations_are_korean(ko: Glossary) -> None:
    for t in ko:
        if t.keep_english:
            assert t.target is None, t
        else:
            assert t.target and HANGUL_RE.search(t.target), t
        assert t.notes, f"{t.source}: every shipped row says where it comes from"


def test_shipped_ko_header_documents_the_columns() -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    head = [ln for ln in text.splitlines() if ln.startswith("#")]
    for col in COLUMNS:
        assert any(col in ln for ln in head)
    assert "\t".join(COLUMNS) in text.splitlines()


@pytest.mark.parametrize(
    ("source", "target"),
    [
        ("inference", "추론"),
        ("training", "학습"),
        ("fine-tuning", "파인튜닝"),
        ("model", "모델"),
        ("dataset", "데이터셋"),
        ("checkpoint", "체크포인트"),
        ("pipeline", "파이프라인"),
        ("scheduler", "스케줄러"),
        ("repository", "리포지토리"),
        ("embedding", "임베딩"),
        ("weight", "가중치"),
        ("Hub", None),
        ("Transformers", None),
        ("PyTorch", None),
        ("Trainer", None),
    ],
)
def test_shipped_ko_key_terms(ko: Glossary, source: str, target: str | None) -> None:
    t = ko.get(source)
    assert t is not None
    assert t.target == target
    assert t.keep_english is (target is None)


def test_shipped_ko_in_practice(ko: Glossary) -> None:
    en = "Fine-tune a pretrained model on your dataset, then run inference with the pipeline on the Hub."
    assert set(sources(ko.relevant(en))) >= {"fine-tuning", "pretrained model", "dataset", "inference", "pipeline", "Hub"}
    good = "사전 학습된 모델을 데이터셋으로 파인튜닝한 다음 Hub에서 파이프라인으로 추론을 실행하세요."
    assert ko.violations(en, good) == []
    bad = "사전 학습된 모델을 데이터셋으로 미세 조정한 다음 허브에서 파이프라인으로 인퍼런스를 실행하세요."
    assert sources(t for t, _ in ko.violations(en, bad)) == ["inference"]


def test_matching_is_one_pass(ko: Glossary, monkeypatch: pytest.MonkeyPatch) -> None:
    """A scan of ~0.9 MB is one pass of the glossary's one pattern: a search per match and one more, never
    one per term or per position (the work is counted, not timed: the seconds move with the machine's load)."""
    text = ("Fine-tune a pretrained diffusion model with LoRA on the Hub, then run inference with the "
            "pipeline and a scheduler; save checkpoints and push them to your repository. ") * 5000
    real = ko._regex
    searches = []

    class Counting:
        def search(self, s: str, pos: int = 0):
            searches.append(pos)
            return real.search(s, pos)

    matches = ko.matches(text)
    monkeypatch.setattr(ko, "_regex", Counting())
    found = ko.relevant(text)
    assert len(found) >= 10
    assert len(searches) <= 2 * (len(matches) + 1), (len(searches), len(matches))  # + a re-search per case miss
