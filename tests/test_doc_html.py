"""Doc model v2: HTML and MDX read as doc-builder (Svelte) reads them, and the checks built on it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hfi18n.check import check_pair
from hfi18n.doc import BlockKind, Document, parse
from hfi18n.doc.html import doc_tags, tag_signature
from hfi18n.doc.model import PLACEHOLDER_RE
from hfi18n.translate.providers.pseudo import pseudo_translate

FIX = Path(__file__).parent / "fixtures" / "doc" / "html"
FIXTURES = sorted(p.name for p in FIX.iterdir())
TAG_PIECE_RE = re.compile(r"""(?:^|\s)[A-Za-z_:][\w:.-]*=["'{]|^/?>$|^<[A-Za-z]|/>\s*$""")


def fixture(name: str) -> str:
    return (FIX / name).read_text(encoding="utf-8")


def texts(doc: Document, role: str | None = None) -> list[str]:
    return [s.text for s in doc.segments() if role is None or s.role == role]


def translate_all(doc: Document, fn=lambda t: pseudo_translate(t, "ko")) -> str:
    return doc.render({s.id: fn(s.text) for s in doc.segments()})


def run_check(src: str, tgt: str, lang: str = "ko") -> list[tuple[str, str, int]]:
    return [(f.check, f.severity, f.line) for f in check_pair(parse(src), parse(tgt), file="t.md", lang=lang)]


@pytest.mark.parametrize("name", FIXTURES)
def test_fixture_round_trip_and_no_tag_piece_is_sent(name: str) -> None:
    text = fixture(name)
    doc = parse(text)
    assert doc.render() == text
    for seg in doc.segments():
        assert not TAG_PIECE_RE.search(PLACEHOLDER_RE.sub("", seg.text).strip()), seg.text


@pytest.mark.parametrize("name", FIXTURES)
def test_translating_every_segment_keeps_every_tag_and_checks_clean(name: str) -> None:
    text = fixture(name)
    doc = parse(text)
    out = translate_all(doc)
    assert out != text
    assert tag_signature(parse(out)) == tag_signature(doc)
    assert [f for f in check_pair(doc, parse(out), file=name, lang="ko") if f.severity == "error"] == []


def test_cards_grid_titles_and_descriptions_are_segments() -> None:
    doc = parse(fixture("cards.md"))
    assert texts(doc, "html") == [
        "Upload files", "How to upload a file or a folder to the Hub?", "Cache",
        "How does the cache work? How to use ⟦1⟧scan_cache⟦2⟧ to free space?"]
    seg = [s for s in doc.segments() if s.text.startswith("How does")][0]
    assert seg.spans == {"⟦1⟧": "<code>", "⟦2⟧": "</code>"}
    # the indented <a> lines after a blank line are HTML, not indented code
    assert not [b for b in doc.blocks if b.kind is BlockKind.CODE]
    assert texts(doc)[-1] == "After the grid, Markdown again."


def test_multi_line_tags_stay_whole_and_alt_is_translated() -> None:
    doc = parse(fixture("multiline.md"))
    assert texts(doc, "attr") == ["A diagram of the agent loop", "Project logo"]
    out = translate_all(doc, lambda t: "번역된 \"설명\" 텍스트" + "".join(m.group(0) for m in PLACEHOLDER_RE.finditer(t)))
    assert 'alt="번역된 &quot;설명&quot; 텍스트"' in out  # a quote in the answer cannot end the attribute
    assert 'class="block dark:hidden"\n        src="https://example.org/images/light.png"' in out
    assert '<iframe\n\tsrc="https://example.org/embed/demo"\n\tframeborder="0"' in out
    assert tag_signature(parse(out)) == tag_signature(doc)


def test_quiz_props_are_segments_with_nested_quotes_and_inline_tags() -> None:
    text = fixture("quiz.mdx")
    doc = parse(text)
    props = [s for s in doc.segments() if s.role == "prop"]
    assert [s.text for s in props] == [
        'The agent calls a ⟦1⟧tool⟦2⟧ and reads the "observation".',
        "Correct! See ⟦1⟧the tools page⟦2⟧.",
        "It guesses",
        "No: it never guesses, it uses ⟦1⟧.",
    ]
    assert props[1].spans["⟦1⟧"] == '<a href="./tools">'
    out = doc.render({props[0].id: '에이전트는 ⟦1⟧tool⟦2⟧을 호출하고 "관찰"을 읽습니다.\n(줄바꿈)',
                      props[1].id: "정답! ⟦1⟧도구 페이지⟦2⟧를 보세요. It's fine.",
                      props[3].id: '아니요: ⟦1⟧를 씁니다, "추측"하지 않아요'})
    assert r'text: "에이전트는 <code>tool</code>을 호출하고 \"관찰\"을 읽습니다. (줄바꿈)",' in out
    assert r"""explain: '정답! <a href="./tools">도구 페이지</a>를 보세요. It\'s fine.',""" in out
    assert r'explain: "아니요: `step_callbacks`를 씁니다, \"추측\"하지 않아요",' in out
    assert "correct: true" in out and 'id: "guess-1"' in out
    assert tag_signature(parse(out)) == tag_signature(doc)
    assert [c for c in run_check(text, out) if c[1] == "error"] == []


def test_details_summary_and_markdown_inside_elements() -> None:
    doc = parse(fixture("details.md"))
    assert texts(doc, "html") == ["Show the ⟦1⟧full⟦2⟧ command"]
    assert "Run this in a terminal:" in texts(doc, "")
    assert "Use conda when you manage environments with it." in texts(doc, "")
    codes = [b.text for b in doc.blocks if b.kind is BlockKind.CODE]
    assert len(codes) == 2
    assert "\n\n# then check it\n" in codes[0]  # the fence with a blank line stays one code block
    assert "pip install example\n\npip show example" in codes[1]  # inside <hfoption> too


def test_html_table_cells_are_segments() -> None:
    doc = parse(fixture("table.md"))
    # a tag pair wrapping a whole cell (<a href>BERT</a>) stays outside the segment: it cannot be lost
    assert texts(doc, "html") == ["Model", "What it does", "BERT",
                                  "Encodes text into vectors for classification.", "GPT-2",
                                  "Generates text, one token at a time."]


def test_line_breaks_around_html_text_stay_outside_the_segment() -> None:
    doc = parse('<td align="center">\n  raccoon playing a guitar\n  <br />\n  <img src="x.gif" alt="A raccoon" />\n</td>\n')
    assert texts(doc) == ["raccoon playing a guitar", "A raccoon"]


# -- check: tags and attributes against the English ----------------------------------------------------

EN = fixture("multiline.md")


def ko_of(en: str) -> str:
    return translate_all(parse(en))


@pytest.mark.parametrize("breakage", [
    ('class="block dark:hidden"', 'class="블록 다크:숨김"'),  # a translated attribute value
    ('        class="hidden dark:block"\n', '        클래스="hidden dark:block"\n'),  # a translated name
    ('        src="https://example.org/images/dark.png"\n    />', '        src="https://example.org/images/dark.png"\n    >'),
    ('\twidth="850"\n\theight="450"\n', '\twidth="850" height="450"\n'),  # harmless: same tag
])
def test_check_catches_changed_attribute_names_values_and_dropped_self_close(breakage: tuple[str, str]) -> None:
    ko = ko_of(EN)
    old, new = breakage
    assert old in ko
    broken = ko.replace(old, new)
    found = [c for c in run_check(EN, broken) if c[0] == "html-tags"]
    if "width" in old:
        assert found == []  # layout inside a tag may change
    else:
        assert found and found[0][1] == "error"


def test_check_catches_split_and_merged_tags_and_ignores_translated_alt() -> None:
    ko = ko_of(EN)
    split = ko.replace('<a href="https://example.org/team">', '<a href="https://example.org/team"><b>')
    assert ("html-tags", "error", 31) in run_check(EN, split)
    merged = ko.replace("  <br>\n", "")
    assert [c for c in run_check(EN, merged) if c[0] == "html-tags"]
    alt = ko.replace('alt="', 'alt="다른 ')
    assert [c for c in run_check(EN, alt) if c[0] == "html-tags"] == []
    localized = EN.replace("./tools", "/docs/x/en/tools")
    assert run_check(localized, ko_of(localized).replace("/en/", "/ko/")) == run_check(localized, ko_of(localized))


def test_html_text_left_in_english_is_untranslated_warning() -> None:
    en = fixture("cards.md")
    doc = parse(en)
    half = doc.render({s.id: pseudo_translate(s.text, "ko") for s in doc.segments() if s.role != "html"})
    warnings = [c for c in run_check(en, half) if c[0] == "untranslated"]
    # "Cache" is one word (could be a name): not reported; the three longer texts are
    assert [w[1] for w in warnings] == ["warning"] * 3


# -- orphans: checks that need no English -------------------------------------------------------------

def test_orphan_gets_fragment_and_anchor_form_checks() -> None:
    ko = "# 벤치마크 [[benchmark?]]\n\n[결과](#benchmark)를 보세요.\n\n## 설치\n\n[설치](#설치)\n"
    found = [(f.check, f.severity, f.line) for f in check_pair(None, parse(ko), file="t.md", lang="ko")]
    assert ("orphan", "warning", 0) in found
    assert ("anchors", "error", 1) in found  # [[benchmark?]] is not a form doc-builder links to
    assert ("fragments", "error", 3) in found  # #benchmark hits no anchor
    assert not [f for f in found if f[0] == "fragments" and f[2] == 7]  # #설치 is the heading's anchor


# -- property: HTML round trip ------------------------------------------------------------------------

_HTML_PIECES = st.sampled_from([
    "<div>", "</div>", '<div class="a b">', "<img\n  src=\"x.png\"\n  alt=\"A cat\"\n/>", "<p>", "</p>",
    "Some text", "more words here", "\n", "\n\n", "  ", "    ", "<br>", "<code>x</code>", "`<div>`",
    "```py\ncode\n```", "<!-- c -->", '<Question choices={[{ text: "Hi \\"you\\"", correct: true }]} />',
    "<details>", "</details>", "<summary>More</summary>", "{expr}", "<a href='y'>link</a>", "- item",
    "<Tip>", "</Tip>", "> quote", "| a | b |\n|---|---|\n| c | d |", "<", ">", "\r\n", "\t",
])


@settings(max_examples=400, deadline=None)
@given(st.lists(_HTML_PIECES, max_size=30).map("".join))
def test_property_html_round_trip_and_translation_keeps_tags(source: str) -> None:
    doc = parse(source)
    assert doc.render() == source
    out = translate_all(doc)  # letters become Hangul; placeholders, punctuation and line breaks stay
    assert tag_signature(parse(out)) == tag_signature(doc)


# -- corpora ------------------------------------------------------------------------------------------

@pytest.mark.corpus
def test_react_page_images_are_not_sent_and_survive_translation(corpus) -> None:
    text = (corpus("smolagents") / "docs/source/en/conceptual_guides/react.md").read_text(encoding="utf-8")
    doc = parse(text)
    assert doc.render() == text
    for seg in doc.segments():
        assert "class=" not in seg.text and "src=" not in seg.text, seg.text
    out = translate_all(doc)
    assert tag_signature(parse(out)) == tag_signature(doc)
    assert 'class="block dark:hidden"' in out


@pytest.mark.corpus
@pytest.mark.parametrize("page", ["guides/overview.md", "index.md"])
def test_hub_card_grids_are_translated(corpus, page: str) -> None:
    text = (corpus("huggingface_hub") / "docs/source/en" / page).read_text(encoding="utf-8")
    doc = parse(text)
    html = texts(doc, "html")
    if page == "guides/overview.md":
        assert "Repository" in html and "How to create and share Model Cards?" in html
        assert len(html) >= 28
    out = translate_all(doc)
    back = parse(out)
    assert tag_signature(back) == tag_signature(doc)
    cards = [t for t in doc_tags(back) if t.name == "a" and t.kind == "open"]
    assert cards
    for seg in back.segments():
        if seg.role == "html":
            assert re.search("[\uac00-\ud7a3]", seg.text), seg.text


# -- validation: an answer in another script than the target's ---------------------------------------

@pytest.mark.parametrize(("lang", "answer", "bad"), [
    ("ko", "モデルを読み込んで、データで実行します。", "kana"),
    ("ko", "加载模型并在数据上运行它。", "Han"),
    ("ja", "모델을 불러와서 데이터로 실행합니다.", "Hangul"),
    ("zh", "모델을 불러와서 데이터로 실행합니다.", "Hangul"),
    ("fr", "모델을 불러와서 데이터로 실행합니다.", "Hangul"),
    ("ko", "⟦1⟧ 모델을 불러와서 data로 실행합니다.", None),  # English terms in Korean are fine
    ("ja", "モデルを読み込み、データで実行します。", None),
    ("ko", "日本語 (ja) 문서를 불러와서 데이터로 실행합니다.", None),  # Han the source had is fine
])
def test_validate_rejects_an_answer_in_another_script(lang: str, answer: str, bad: str | None) -> None:
    from hfi18n.doc.model import Segment
    from hfi18n.translate.validate import validate_segment

    source = "⟦1⟧ Load the model and run it on the data." if "⟦1⟧" in answer else (
        "Load the 日本語 (ja) docs and run them on the data." if "日本語" in answer else
        "Load the model and run it on the data you prepared.")
    seg = Segment("s1", source, {"⟦1⟧": "`x`"} if "⟦1⟧" in source else {}, 1)
    reason = validate_segment(seg, answer, lang)
    if bad is None:
        assert reason is None
    else:
        assert reason is not None and bad in reason and "wrong language" in reason


def test_a_prose_prop_translated_only_as_one_string_literal_is_compared_otherwise() -> None:
    """``title={"..."}`` is prose (translated, its value not compared); ``title={"..." + name}`` is code: the
    reader keeps it, so check compares it and reports a change."""
    whole = '# T\n\n<Question title={"Pick one"} />\n'
    assert texts(parse(whole)) == ["T", "Pick one"]
    assert not [c for c in run_check(whole, whole.replace("Pick one", "하나를 고르세요")) if c[0] == "html-tags"]
    code = '# T\n\n<Question title={"Pick " + name} />\n'
    assert texts(parse(code)) == ["T"]
    assert ("html-tags", "error", 3) in run_check(code, code.replace("Pick ", "고르기 "))


def test_only_the_raw_text_elements_themselves_are_raw_not_names_that_start_like_them() -> None:
    """``<pre>`` keeps its content whole; ``<preview-card>`` is an element like any other, whose paragraph
    after a blank line is Markdown (one rule, :data:`hfi18n.doc.markup.RAW_TEXT_START_RE`, for both)."""
    card = "<preview-card>\n\nSome **bold** text here.\n\n</preview-card>\n"
    assert [b.kind for b in parse(card).blocks] == [BlockKind.HTML, BlockKind.PARAGRAPH, BlockKind.HTML]
    pre = card.replace("preview-card", "pre")
    assert [(b.kind, texts(Document([b]))) for b in parse(pre).blocks] == [(BlockKind.HTML, [])]


def test_prose_props_are_configurable() -> None:
    from hfi18n.doc import props
    from hfi18n.errors import ConfigError

    text = '<Figure items={[{ caption: "A chart of the results", src: "x.png" }]} title="Results" />\n'
    assert texts(parse(text)) == ["Results"]
    assert texts(parse(text, prose_props=frozenset({"caption"}))) == ["A chart of the results"]
    try:
        props.configure(["caption", "title"])
        assert texts(parse(text)) == ["A chart of the results", "Results"]
        with pytest.raises(ConfigError):
            props.configure("caption")
    finally:
        props.configure(None)
    assert texts(parse(text)) == ["Results"]


def test_unbalanced_multi_line_tag_is_found_in_an_orphan() -> None:
    ko = '# 제목 [[title]]\n\n<div\n  class="flex"\n  title="a > b">\n  내용입니다\n\n본문입니다.\n'
    found = [(f.check, f.line) for f in check_pair(None, parse(ko), file="t.md", lang="ko")]
    assert ("unbalanced-tag", 3) in found
    assert ("unbalanced-tag", 3) not in [
        (f.check, f.line) for f in check_pair(None, parse(ko + "</div>\n"), file="t.md", lang="ko")]


@pytest.mark.corpus
def test_corpus_orphan_gets_its_broken_fragment_reported(corpus) -> None:
    from hfi18n.check import check_paths
    from hfi18n.repo.layout import DocsLayout

    findings, _ = check_paths(DocsLayout.open(corpus("diffusers")), "ko", ["optimization/torch2.0.md"])
    found = {(f.check, f.severity) for f in findings}
    assert ("orphan", "warning") in found  # its English moved
    assert any(f.check == "fragments" and "#benchmark" in f.message for f in findings)


def test_translated_html_text_cannot_open_a_tag_or_a_svelte_expression() -> None:
    doc = parse("<p>\n  Use a {value} when a < b.\n</p>\n")
    assert doc.render() == "<p>\n  Use a {value} when a < b.\n</p>\n"
    (seg,) = doc.segments()
    assert seg.spans == {"⟦1⟧": "{value}"}  # an expression in element text is code
    out = doc.render({seg.id: "a < b {x} 일 때 ⟦1⟧ 값을 <b>씁니다</b>"})
    assert "a &lt; b &#123;x&#125; 일 때 {value} 값을 &lt;b>씁니다&lt;/b>" in out
    assert tag_signature(parse(out)) == tag_signature(doc)


def test_autodoc_method_list_indented_by_two_spaces_is_not_prose() -> None:
    """doc-builder refuses the build when a method name is translated (``Unable to find X.<name>``)."""
    text = "## API\n\n[[autodoc]] InferenceEndpoint\n  - from_raw\n  - client\n\nSome prose after it.\n"
    doc = parse(text)
    assert doc.render() == text
    assert texts(doc) == ["API", "Some prose after it."]
    (autodoc,) = [b for b in doc.blocks if b.kind is BlockKind.AUTODOC]
    assert autodoc.text == "[[autodoc]] InferenceEndpoint\n  - from_raw\n  - client\n"
    # a list after a blank line is a list
    assert "from_raw" in texts(parse(text.replace("InferenceEndpoint\n", "InferenceEndpoint\n\n")))


def test_indented_html_example_at_top_level_stays_code() -> None:
    doc = parse("Example:\n\n    <div class=\"x\">hello there</div>\n\nAfter.\n")
    assert texts(doc) == ["Example:", "After."]
    assert [b.kind for b in doc.blocks if b.kind is BlockKind.CODE]
