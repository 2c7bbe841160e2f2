"""doc-builder's YAML glossary (pin: / keep:, counts as comments): export, import, round trip."""

from __future__ import annotations

import pytest
from ruamel.yaml import YAML

from hfi18n.cli import main
from hfi18n.errors import InputError
from hfi18n.glossary import Glossary
from hfi18n.glossary.docbuilder import dump_docbuilder
from hfi18n.glossary.terms import load_docbuilder
from hfi18n.translate.aligned import Unit, file_counts

TSV = ("term\ttranslation\tkeep_english\talternatives\tnotes\n"
       "fine-tuning\t미세 조정\tno\t파인튜닝\t\n"
       "inference\t추론\tno\t\t\n"
       "yes\tno\tno\t\tYAML would read both sides as booleans\n"
       "ratio: mean\t비율: 평균 # 주의\tno\t\t\n"
       "Hugging Face\t\tyes\t\t\n"
       "Hub\t\tyes\t\t\n")

UNITS = [
    Unit("Fine-tuning a model is easy.", "모델 미세 조정은 쉽습니다.", "a.md", 3),
    Unit("Start fine-tuning now.", "지금 파인튜닝을 시작하세요.", "b.md", 3),
    Unit("Fine-tuning again.", "다시 미세 조정합니다.", "c.md", 5),
    Unit("Fine-tuning twice in a file.", "미세 조정을 두 번.", "c.md", 7),
    Unit("Upload it to the Hub.", "Hub에 올리세요.", "a.md", 9),
]


def test_export_import_round_trip_keeps_terms_and_counts():
    g = Glossary.loads(TSV, "ko")
    counts = file_counts(g, UNITS)
    assert counts["fine-tuning"] == {"미세 조정": 2, "파인튜닝": 1}  # files, not paragraphs: c.md once
    text = dump_docbuilder(g, counts, origin="test")
    # the exact shape doc-builder reads: a `pin` mapping of strings and a `keep` list
    data = YAML(typ="safe").load(text)
    assert set(data) == {"pin", "keep"}
    assert data["pin"] == {"fine-tuning": "미세 조정", "inference": "추론", "yes": "no", "ratio: mean": "비율: 평균 # 주의"}
    assert data["keep"] == ["Hugging Face", "Hub"]
    line = next(ln for ln in text.splitlines() if ln.lstrip().startswith("fine-tuning:"))
    assert line.endswith("# 2 files, vs 파인튜닝 1")
    assert next(ln for ln in text.splitlines() if "- Hub" in ln).endswith("# 1 files")
    back = load_docbuilder(text, "ko")
    assert [(t.source, t.target, t.keep_english) for t in back] == [
        (t.source, t.target, t.keep_english) for t in g]
    assert back.get("fine-tuning").notes == "2 files, vs 파인튜닝 1"
    assert dump_docbuilder(back, counts, origin="test") == text  # and again: the same file


def test_a_doc_builder_glossary_loads_with_its_comments_as_notes(tmp_path):
    path = tmp_path / "ja.yml"
    path.write_text("# header\n\npin:\n  # competing ones\n  fine-tun: 微調整   # 54 files, vs ファインチューニング 15\n"
                    "  inference: 推論   # 69\n\nkeep:\n  - Hugging Face\n  - Spaces\n", encoding="utf-8")
    g = Glossary.load(path)  # by its suffix, wherever a --glossary is accepted
    assert g.lang == "ja" and len(g) == 4
    assert g.get("fine-tun").target == "微調整" and g.get("fine-tun").notes == "54 files, vs ファインチューニング 15"
    assert g.get("inference").notes == "69" and g.get("Spaces").keep_english


@pytest.mark.parametrize("text, what", [
    ("pin: [a, b]\n", "`pin:` is not a mapping"),
    ("pin:\n  model: 3\n", "is not `term: translation`"),
    ("translate:\n  model: 모델\n", "unknown key 'translate'"),
    ("pin:\n  Hub: 허브\nkeep:\n  - hub\n", "both pinned and kept"),
    ("pin: {model: [\n", "not valid YAML"),
])
def test_a_broken_doc_builder_glossary_says_what_to_fix(text, what):
    with pytest.raises(InputError) as exc:
        load_docbuilder(text, "ko", path="ko.yml")
    assert what in exc.value.message and exc.value.hint


def test_cli_export_then_import(tmp_path, capsys):
    src = tmp_path / "ko.tsv"
    src.write_text(TSV, encoding="utf-8")
    yml = tmp_path / "ko.yml"
    assert main(["glossary", "export", "--lang", "ko", "--glossary", str(src), "--out", str(yml)]) == 0
    assert main(["glossary", "import", str(yml)]) == 0
    out = capsys.readouterr().out
    assert Glossary.loads(out, "ko").get("ratio: mean").target == "비율: 평균 # 주의"
