"""Parsing stays linear on huge docs (issue 8 item 12) and gives the blocks it always gave.

markdown-it reads a doc a window of lines at a time, and a fresh start after an HTML region reads only
what follows it: these tests pin that the windows change no block, that the work done is proportional
to the doc, and that thousands of fresh starts need no recursion.
"""

from __future__ import annotations

import copy
import importlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from hfi18n.doc import parse
from hfi18n.doc.html import read_html
from hfi18n.doc.markup import region_end
from hfi18n.doc.model import Segment

_parse_module = importlib.import_module("hfi18n.doc.parse")  # the module (hfi18n.doc.parse is the function)


def _blocks(text: str, first: int, most: int, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(_parse_module._Tokens, "FIRST", first)
    monkeypatch.setattr(_parse_module._Tokens, "MAX", most)
    return repr(parse(text).blocks)


_LINES = st.sampled_from([
    "---", "title: x", "===", "# Title", "Some text", "more text", "", "", "", "| a | b |", "|---|---|",
    "| 1 | 2 |", "```py", "```", "~~~", "    indented", "- item", "  - nested", "  continued", "1. first",
    "> quoted", "> [!TIP]", "[ref]: ./x", '  "title"', "<div>", "</div>", '<div class="c">text</div>',
    "<pt>", "</pt>", "<Tip>", "</Tip>", "<img", '  src="x.png"', "/>", "<details>", "<summary>S</summary>",
    "</details>", "<!-- c", "-->", "<pre>", "</pre>", "[[autodoc]] X", "  - method", "$$", "*  *  *",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(_LINES, max_size=60).map("\n".join))
def test_windows_of_any_size_give_the_blocks_of_one_parse(source: str) -> None:
    with pytest.MonkeyPatch.context() as mp:
        whole = _blocks(source, 10**9, 10**9, mp)  # one window: markdown-it reads all the lines at once
        assert _blocks(source, 3, 3, mp) == whole
        assert _blocks(source, 3, 7, mp) == whole


def _cards(n: int) -> str:
    # an HTML element with a blank line inside, then text right after its close tag: markdown-it's block
    # runs across the element's end, so reading starts afresh after every card
    return "".join(f'<div class="card">\n  <a href="./p{i}">Card {i}</a>\n\n  Text {i}.\n</div>\n'
                   f"After card {i}.\n\n" for i in range(n))


def _pt_fences(n: int) -> str:
    # <pt> then a fence with a blank line in its code: the fence is taken whole, reading starts afresh
    return "".join(f"<pt>\n```py\nx = {i}\n\nprint(x)\n```\n</pt>\n\nAfter {i}.\n\n" for i in range(n))


@pytest.mark.parametrize("make", [_cards, _pt_fences])
def test_thousands_of_fresh_starts_need_no_recursion_and_parse_each_line_a_few_times(
        make, monkeypatch: pytest.MonkeyPatch) -> None:
    text = make(3000)
    parsed: list[int] = []
    real = MarkdownIt.parse

    def counting(self: MarkdownIt, src: str, env: object = None) -> list:
        parsed.append(src.count("\n"))
        return real(self, src, env)

    monkeypatch.setattr(MarkdownIt, "parse", counting)
    doc = parse(text)  # was a RecursionError (and ~45 s for 1000 cards, each start re-parsing the rest)
    assert doc.render() == text
    assert len([s for s in doc.segments() if s.text.startswith("After")]) == 3000
    assert sum(parsed) < 4 * text.count("\n")


def test_windows_keep_front_matter_that_closes_far_down(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "---\n" + "".join(f"key{i}: value\n" for i in range(100)) + "---\n\n# Title\n\nText.\n"
    with pytest.MonkeyPatch.context() as mp:
        assert _blocks(text, 3, 3, mp) == _blocks(text, 10**9, 10**9, mp)
    assert parse(text).blocks[0].kind.value == "frontmatter"


def test_region_end_reads_the_element_as_if_the_text_ended_at_stop() -> None:
    lines = ["<div>\n", "text\n", "</div>\n", "after\n"]
    text = "".join(lines)
    offsets = [0, 6, 11, 18, 24]
    assert region_end(text, offsets, 0, 4) == 3
    assert region_end(text, offsets, 0, 2) is None  # the close tag lies beyond stop
    img = ["<img\n", '  src="x.png"\n', "/>\n"]
    t = "".join(img)
    offs = [0, 5, 19, 22]
    assert region_end(t, offs, 0, 3) == 3
    assert region_end(t, offs, 0, 2) is None  # the tag itself is not closed before stop


def test_segment_lines_in_a_huge_html_table_are_exact() -> None:
    rows = "".join(f"  <tr>\n    <td>Row {i} text</td>\n  </tr>\n" for i in range(2000))
    text = f"<table>\n{rows}</table>\n"
    made: list[Segment] = []

    def new_segment(text: str, spans: dict, line: int, prefixes: list, suffixes: list, **kw: str) -> Segment:
        made.append(Segment(f"s{len(made) + 1}", text, spans, line, prefixes, suffixes, **kw))
        return made[-1]

    read_html(text, 10, new_segment)
    assert [(s.text, s.line) for s in made[::500]] == [
        (f"Row {i} text", 10 + 2 + 3 * i) for i in range(0, 2000, 500)]
    doc = parse("# T\n\n" + text)
    assert [s.line for s in doc.segments()][-1] == 5 + 3 * 1999  # "# T", "", "<table>", "<tr>", then <td>


def test_parse_leaves_the_cyclic_collector_as_it_found_it() -> None:
    import gc

    assert gc.isenabled()
    parse(_cards(3))
    assert gc.isenabled()
    gc.disable()
    try:
        parse(_cards(3))
        assert not gc.isenabled()
    finally:
        gc.enable()


def _fresh(text: str) -> list:
    """The blocks of ``text`` parsed with nothing kept from earlier parses."""
    _parse_module._window_tokens.cache_clear()
    _parse_module.protect.__globals__["_protected"].cache_clear()
    return copy.deepcopy(_parse_module.parse_whole(text).to_plain())


_PROSE = st.one_of(_LINES, st.sampled_from([
    "Use `code` and [a link](./x) here.", "See [`Trainer`] and <b>bold</b> text.", "- item with `x`",
]))


@settings(max_examples=200, deadline=None)
@given(st.lists(_PROSE, max_size=50), st.lists(_PROSE, max_size=50), st.integers(0, 50))
def test_a_doc_parses_the_same_whatever_was_parsed_before(head: list[str], insert: list[str], at: int) -> None:
    """``check`` parses English versions one after the other and keeps what they share (markdown-it's
    tokens of a window, a paragraph's protected spans, by text): a version parses to the same doc after
    another as alone, and its segments' spans are its own."""
    before = "\n".join(head)
    after = "\n".join([*head[:at], *insert, *head[at:]])
    alone = _fresh(after)
    parse(before)
    first = parse(after)
    assert first.to_plain() == alone
    for seg in first.segments():
        seg.spans.clear()  # a stage that changed a doc's spans changes nobody else's
    assert parse(after).to_plain() == alone
