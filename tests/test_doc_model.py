"""The document model: golden block fixtures, exact rendering, placeholders, anchors."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hfi18n.doc import BlockKind, Document, parse, parse_file, slugify
from hfi18n.doc.anchors import heading_anchor
from hfi18n.errors import InputError

FIXTURES = Path(__file__).parent / "fixtures" / "doc"


def read_cases(path: Path) -> list[tuple[str, str, str]]:
    """markdown-it style golden file: title, ``.``, input, ``.``, expected dump, ``.``."""
    cases = []
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        if not lines[i].strip():
            i += 1
            continue
        title = lines[i]
        assert lines[i + 1] == ".", f"line {i + 2}: expected '.'"
        j = lines.index(".", i + 2)
        k = lines.index(".", j + 1)
        cases.append((title, "\n".join(lines[i + 2 : j]) + "\n", "\n".join(lines[j + 1 : k])))
        i = k + 1
    return cases


def dump(doc: Document) -> str:
    out = []
    for b in doc.blocks:
        extra = ""
        if b.kind is BlockKind.HEADING:
            extra = f" level={b.meta['level']} anchor={b.meta['anchor']}"
        elif b.kind is BlockKind.CALLOUT:
            extra = f" callout={b.meta['callout']}"
        elif b.kind is BlockKind.TABLE:
            extra = f" columns={b.meta['columns']}"
        out.append(f"{b.kind.value} {b.start_line}-{b.end_line}{extra}")
        for seg in b.segments:
            out.append(f"  {seg.id}: " + seg.text.replace("\n", "\\n"))
    return "\n".join(out)


CASES = read_cases(FIXTURES / "blocks.md")


@pytest.mark.parametrize(("title", "source", "expected"), CASES, ids=[c[0][:40] for c in CASES])
def test_golden_blocks(title: str, source: str, expected: str) -> None:
    doc = parse(source)
    assert dump(doc) == expected
    assert doc.render() == source
    assert doc.render({s.id: s.text for s in doc.segments()}) == source


def test_translation_replaces_prose_and_restores_spans() -> None:
    src = "> [!TIP]\n> Use [`Trainer`] to train\n> on [many GPUs](./gpu).\n"
    doc = parse(src)
    (seg,) = doc.segments()
    assert seg.text == "Use ⟦1⟧ to train\non [many GPUs]⟦2⟧."
    out = doc.render({seg.id: "⟦1⟧로 [여러 GPU]⟦2⟧에서\n훈련합니다."})
    assert out == "> [!TIP]\n> [`Trainer`]로 [여러 GPU](./gpu)에서\n> 훈련합니다.\n"


def test_translated_heading_keeps_english_anchor() -> None:
    doc = parse("## Installation [[installation]]\n")
    (seg,) = doc.segments()
    assert doc.render({seg.id: "설치"}) == "## 설치 [[installation]]\n"


@pytest.mark.parametrize(
    ("title", "anchor"),
    [
        ("Installation", "installation"),
        ("Load a LoRA adapter", "load-a-lora-adapter"),
        ("`from_pretrained` API", "frompretrained-api"),
        ("모델 불러오기", "모델-불러오기"),
        ("训练 模型", "训练-模型"),
        ("What's new in v4.0?", "whats-new-in-v40"),
        ("Custom anchor [[my-anchor]]", "my-anchor"),
        ("**Bold**text and `code`s", "bold-text-and-code-s"),
        ("snake_case_name", "snakecasename"),
        ("See [the guide](./guide#x) now", "see-the-guide-now"),
    ],
)
def test_anchor_rule(title: str, anchor: str) -> None:
    assert heading_anchor(title) == anchor


def test_slugify_drops_symbols_and_emoji() -> None:
    assert slugify("🤗 Hub: quick-start!") == "-hub-quick-start"


@pytest.mark.parametrize(
    "source",
    [
        "\ufeff# Title\r\n\r\nSome text\r\nwith CRLF  \r\n",
        "# No final newline\n\nlast line",
        "\tTabbed code\n\n- item\twith tab\n",
        "",
        "\n\n\n",
        "Text\n\n```py\nunclosed fence\n",
        "<div>\nbroken <b>html\n",
    ],
)
def test_render_is_exact_on_awkward_input(source: str) -> None:
    doc = parse(source)
    assert doc.render() == source
    assert doc.render({s.id: s.text for s in doc.segments()}) == source


def test_parse_file_refuses_non_utf8(tmp_path: Path) -> None:
    p = tmp_path / "bad.md"
    p.write_bytes(b"# Title\n\ncaf\xe9\n")
    with pytest.raises(InputError) as info:
        parse_file(p)
    assert info.value.line == 3
    assert "UTF-8" in info.value.message


_PIECES = st.sampled_from(
    [
        "# Title", "## Sub [[sub]]", "Some text", "more *emph* text", "`code`", "[`Ref`]",
        "[link](./x)", "https://hf.co/x", "<Tip>", "</Tip>", "> [!TIP]", "> quoted", "- item",
        "  - nested", "1. first", "```py", "```", "    indented", "| a | b |", "|---|---|",
        "[[autodoc]] X", "    - method", "$$", "\\\\( x \\\\)", "<!-- c -->", "<hfoption id=\"a\">",
        "\t", "  ", "", "한국어 문장", "⟦3⟧", "text  ", "\r",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(_PIECES, max_size=4).map(" ".join), max_size=25).map("\n".join))
def test_property_render_roundtrip(source: str) -> None:
    doc = parse(source)
    assert doc.render() == source
    assert doc.render({s.id: s.text for s in doc.segments()}) == source
    covered = [b for b in doc.blocks if b.end_line >= b.start_line]
    for prev, nxt in zip(covered, covered[1:], strict=False):
        assert nxt.start_line == prev.end_line + 1


@pytest.mark.corpus
@pytest.mark.slow
@pytest.mark.parametrize("name", ["diffusers", "huggingface_hub", "smolagents"])
def test_corpus_roundtrip_every_file(corpus, name: str) -> None:
    root = corpus(name) / "docs" / "source"
    files = sorted(p for p in root.rglob("*") if p.suffix in (".md", ".mdx"))
    assert len(files) > 50
    segments = 0
    for path in files:
        raw = path.read_bytes().decode("utf-8")
        doc = parse(raw)
        assert doc.render() == raw, path
        assert doc.render({s.id: s.text for s in doc.segments()}) == raw, path
        for seg in doc.segments():
            assert seg.restore() == seg.restore(seg.text)
        segments += sum(1 for _ in doc.segments())
    assert segments > 1000
