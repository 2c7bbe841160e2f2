"""A parse that takes over blocks of the parses before it gives the doc a whole reading gives (issue 32).

:func:`hfi18n.doc.parse.parse` keeps the last few parses and, when a text begins or ends like one of them
(the next English version of the same doc, as ``check`` and ``status`` read them), takes their blocks
over instead of reading those lines again (``doc.parse._Recent``). That is only right if each kept place
is one where the reading starts afresh and nothing before it looked past what is still the same: these
tests compare it with :func:`hfi18n.doc.parse.parse_whole` on real history (every English version of the
corpora's docs, in history order and in any order) and on generated edits of texts made of the lines
that look ahead or back (HTML regions, fences, lists, tables, ``[[autodoc]]`` method lists, setext
underlines, front matter, unclosed tags).
"""

from __future__ import annotations

import importlib
import random
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

P = importlib.import_module("hfi18n.doc.parse")


def _english_versions(repo: Path) -> dict[str, list[str]]:
    """Every version of every English doc of ``repo``, in history order (first parent walk)."""
    log = subprocess.run(["git", "-C", str(repo), "log", "--reverse", "--raw", "--no-abbrev", "--format=",
                          "--no-renames", "--", "docs/source/en"], capture_output=True, check=True, text=True)
    blobs: dict[str, list[str]] = {}
    for line in log.stdout.splitlines():
        if not line.startswith(":"):
            continue
        meta, path = line.split("\t", 1)
        blob = meta.split()[3]
        if path.endswith((".md", ".mdx")) and set(blob) != {"0"}:
            blobs.setdefault(path, []).append(blob)
    wanted = list(dict.fromkeys(b for bs in blobs.values() for b in bs))
    out = subprocess.run(["git", "-C", str(repo), "cat-file", "--batch"], input="\n".join(wanted).encode() + b"\n",
                         capture_output=True, check=True).stdout
    texts: dict[str, str] = {}
    pos = 0
    for blob in wanted:
        header_end = out.index(b"\n", pos)
        size = int(out[pos:header_end].split()[2])
        texts[blob] = out[header_end + 1:header_end + 1 + size].decode("utf-8", "replace")
        pos = header_end + 1 + size + 1
    return {path: [texts[b] for b in bs] for path, bs in blobs.items()}


@pytest.fixture(scope="module")
def versions(corpus) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name in ("diffusers", "huggingface_hub", "smolagents"):
        for path, texts in _english_versions(corpus(name)).items():
            out[f"{name}:{path}"] = texts
    return out


def _same_as_whole(texts: list[str]) -> None:
    for i, text in enumerate(texts):
        got = P.parse(text)
        assert got == P.parse_whole(text), f"text {i} of the sequence"
        assert got.render() == text


@pytest.mark.corpus
@pytest.mark.slow
def test_english_versions_parse_as_a_whole_reading_in_history_order_and_shuffled(versions) -> None:
    """The order ``check`` reads them in (each doc's last 12 versions one after the other), then 600 versions of any doc in a random order (the kept parses are
    then mostly of other docs). Every version of the corpora, in both orders, passed once (7 minutes
    under load, too long for the suite)."""
    P._Recent.recent = ()
    for texts in versions.values():
        _same_as_whole(texts[-12:])
    everything = [t for texts in versions.values() for t in texts]
    _same_as_whole(random.Random(32).sample(everything, min(600, len(everything))))


@pytest.mark.corpus
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_any_run_of_real_versions_parses_as_a_whole_reading(versions, data) -> None:
    """A run of versions of one doc (consecutive, skipping some, or backwards), with versions of other docs
    in between, each parsed as a whole reading parses it."""
    docs = sorted(versions)
    doc = data.draw(st.sampled_from(docs), label="doc")
    texts = versions[doc]
    picks = data.draw(st.lists(st.integers(0, len(texts) - 1), min_size=1, max_size=6), label="versions")
    others = data.draw(st.lists(st.sampled_from(docs), max_size=2), label="others")
    run = [texts[i] for i in picks]
    for other in others:
        run.insert(data.draw(st.integers(0, len(run)), label="at"), versions[other][-1])
    P._Recent.recent = ()
    _same_as_whole(run)


_LINES = [
    "", "", "", "Some prose with `code` and [a link](./x).", "More prose", "  indented prose", "# Title",
    "## Section [[custom-anchor]]", "Setext title", "===", "---", "- item", "  - nested item", "1. first",
    "> quoted", "> [!TIP]", "> tip text", "```py", "```", "x = 1", "    code block", "| a | b |", "|---|---|",
    "| 1 | 2 |", "<Tip>", "</Tip>", "<Tip warning={true}>", "<div>", "</div>", '<div class="x">', "<p>",
    "</p>", "<img src='a.png'/>", '<img src="a.png"', 'alt="an image">', "<details>", "<summary>More</summary>",
    "</details>", '<hfoption id="pip">', "</hfoption>", "<hfoptions id='install'>", "</hfoptions>", "<pt>",
    "</pt>", "<!-- a comment -->", "<!--", "-->", "[[autodoc]] Pipeline", "    - __call__", "  - all",
    "[[open-in-colab]]", "$$", "E = mc^2", "[ref]: https://example.com", '<Question choices={["a", "b"]} />',
    "<Youtube id='x'/>", "<a href='x'>link</a> text", "<b>bold</b> at the start", "*", "+ plus item",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_LINES), max_size=40), st.data())
def test_generated_edits_parse_as_a_whole_reading(base: list[str], data) -> None:
    """A text, then edits of it (lines inserted, removed, replaced anywhere), each parsed after the one
    before: the kept places and what each read ahead are exercised by every construct that reads ahead
    (a region's end, a fence's close, a table's delimiter row, a setext underline, an autodoc method list)
    or that a line before changes."""
    P._Recent.recent = ()
    texts = ["\n".join(base) + "\n"]
    lines = list(base)
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        at = data.draw(st.integers(0, len(lines)), label="at")
        cut = data.draw(st.integers(0, min(3, len(lines) - at)), label="cut")
        new = data.draw(st.lists(st.sampled_from(_LINES), max_size=4), label="new")
        lines[at:at + cut] = new
        texts.append("\n".join(lines) + data.draw(st.sampled_from(["\n", ""]), label="end"))
    _same_as_whole(texts)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_LINES), min_size=8, max_size=80), st.data())
def test_edits_at_several_places_at_once_parse_as_a_whole_reading(base: list[str], data) -> None:
    """A version that changes lines at several places at once (a sweep renames a model id in every
    example), each parsed after the one before: the blocks between two changes are taken over between two
    kept places (``_take_middle``), moved by what the changes before them added or removed."""
    P._Recent.recent = ()
    lines = list(base)
    texts = ["\n".join(lines) + "\n"]
    for _ in range(data.draw(st.integers(1, 3), label="versions")):
        for _ in range(data.draw(st.integers(2, 5), label="edits")):
            at = data.draw(st.integers(0, len(lines)), label="at")
            cut = data.draw(st.integers(0, min(2, len(lines) - at)), label="cut")
            lines[at:at + cut] = data.draw(st.lists(st.sampled_from(_LINES), max_size=3), label="new")
        texts.append("\n".join(lines) + "\n")
    _same_as_whole(texts)


def test_the_blocks_between_two_changes_are_taken_over_moved(monkeypatch: pytest.MonkeyPatch) -> None:
    """A change near the start and one near the end: the blocks between them come from the kept parse,
    moved by the lines the first change added, renumbered, and the same as a whole reading's."""
    taken: list[int] = []
    real = P._take_middle

    def spy(*args):
        got = real(*args)
        if got is not None:
            taken.append(got[0] - args[3])
        return got

    monkeypatch.setattr(P, "_take_middle", spy)
    P._Recent.recent = ()
    paras = [f"Paragraph {i} with `code` and [a link](./x{i}).\n\n" for i in range(40)]
    before = "".join(paras)
    after = "".join([paras[0], "# A new title\n\nA new paragraph.\n\n", *paras[1:37], "Changed.\n\n", *paras[38:]])
    old = P.parse(before)
    new = P.parse(after)
    assert new == P.parse_whole(after) and new.render() == after
    assert taken and max(taken) >= 60  # most of the 36 paragraphs between the changes (2 lines each)
    assert new.blocks[-4].start_line == old.blocks[-4].start_line + 4


def test_a_taken_block_is_a_copy_moved_and_renumbered() -> None:
    """The blocks taken over are the doc's own (changing them changes no other doc) and carry the new
    doc's line numbers and segment ids."""
    P._Recent.recent = ()
    body = "".join(f"Paragraph {i} with `code`.\n\n" for i in range(40))
    before = P.parse(body)
    after = P.parse("# A new title\n\nA new first paragraph.\n\n" + body)
    assert after == P.parse_whole("# A new title\n\nA new first paragraph.\n\n" + body)
    last_before, last_after = before.blocks[-2], after.blocks[-2]
    assert last_after.start_line == last_before.start_line + 4
    assert last_after.segments[0].id != last_before.segments[0].id
    assert last_after is not last_before and last_after.segments[0] is not last_before.segments[0]
    last_after.segments[0].spans.clear()
    assert P.parse(body) == P.parse_whole(body)



def test_a_read_only_parse_keeps_its_own_blocks_and_what_is_taken_from_it_is_a_copy() -> None:
    """:func:`~hfi18n.doc.parse.parse_read_only` (the store's docs, never changed) keeps its doc's blocks as
    they are for the next parse; a parse taking them over still gets copies, so changing that doc changes
    neither the read-only doc nor a later parse."""
    P._Recent.recent = ()
    body = "".join(f"Paragraph {i} with `code`.\n\n" for i in range(40))
    shared = P.parse_read_only(body)
    assert P._Recent.recent[0].blocks[0] is shared.blocks[0]
    text = "# A new title\n\nA new first paragraph.\n\n" + body
    after = P.parse(text)
    assert after == P.parse_whole(text)
    assert after.blocks[-2] is not shared.blocks[-2]
    assert after.blocks[-2].segments[0] is not shared.blocks[-2].segments[0]
    after.blocks[-2].segments[0].spans.clear()
    assert shared == P.parse_whole(body)
    assert P.parse_read_only(body) == P.parse_whole(body)


def test_read_only_parses_share_the_blocks_a_change_leaves_in_place_and_a_plain_parse_copies_them() -> None:
    """Two read-only docs (the store's: nobody changes them) share the blocks a change leaves where they
    were with the same segment ids (a sweep replacing a line in a code block); a block moved or renumbered
    is a copy, and a plain parse after them still gets copies of everything."""
    P._Recent.recent = ()
    paras = [f"Paragraph {i} with `code`.\n\n" for i in range(40)]
    first = P.parse_read_only("".join(paras))
    changed = "".join([*paras[:20], "```py\nx = 1\n```\n\n", *paras[21:]])  # one paragraph (two lines) -> a fence
    second = P.parse_read_only(changed)
    assert second == P.parse_whole(changed)
    assert second.blocks[0] is first.blocks[0]  # before the change: same place, same ids
    assert second.blocks[-2] is not first.blocks[-2]  # after it: renumbered (one segment fewer)
    assert second.blocks[-2].segments[0].id != first.blocks[-2].segments[0].id
    plain = P.parse(changed)
    assert plain == second and plain.blocks[0] is not second.blocks[0]
    assert plain.blocks[0].segments[0] is not second.blocks[0].segments[0]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_LINES), max_size=40), st.data())
def test_read_only_and_plain_parses_in_any_mix_read_as_a_whole(base: list[str], data) -> None:
    """Edits of a text parsed one after the other, each by :func:`~hfi18n.doc.parse.parse` or
    :func:`~hfi18n.doc.parse.parse_read_only` (a run mixes the store's parses and others): each doc is the
    whole reading of its text."""
    P._Recent.recent = ()
    lines = list(base)
    for _ in range(data.draw(st.integers(1, 5), label="edits")):
        text = "\n".join(lines) + "\n"
        read_only = data.draw(st.booleans(), label="read only")
        got = P.parse_read_only(text) if read_only else P.parse(text)
        assert got == P.parse_whole(text)
        assert got.render() == text
        at = data.draw(st.integers(0, len(lines)), label="at")
        cut = data.draw(st.integers(0, min(3, len(lines) - at)), label="cut")
        lines[at:at + cut] = data.draw(st.lists(st.sampled_from(_LINES), max_size=4), label="new")

@pytest.mark.parametrize("before, after", [
    # an HTML element with no end yet is read as an HTML block; its end written later makes it a region
    # over the lines between: the places after its start are no longer fresh
    ("<div>\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n\nFourth.\n",
     "<div>\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n\n</div>\n\nFourth.\n"),
    ('<img src="a.png"\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n\nFourth.\n',
     '<img src="a.png"\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n\n/>\n\nFourth.\n'),
    # an [[autodoc]] directive takes the method list right under it: the list is not a fresh place
    ("Intro.\n\n[[autodoc]] Pipeline\n- __call__\n- all\n\nA.\n\nB.\n\nC.\n\nD.\n",
     "Intro changed.\n\n[[autodoc]] Pipeline\n- __call__\n- all\n\nA.\n\nB.\n\nC.\n\nD.\n"),
    ("Intro.\n\n[[autodoc]] Pipeline\n- __call__\n- all\n\nA.\n\nB.\n\nC.\n\nD.\n",
     "Intro.\n\n[[autodoc]] Other\n- __call__\n- all\n\nA.\n\nB.\n\nC.\n\nD.\n"),
    ("Intro.\n\n[[autodoc]] Pipeline\n- __call__\n- all\n- more\n\nA.\n\nB.\n",
     "Intro.\n\n[[autodoc]] Pipeline\n- __call__\n- all\n- more\nchanged\n\nA.\n\nB.\n"),
    ("Intro.\n\n[[autodoc]] Pipeline\n- __call__\n\nA.\n\nB.\n\nC.\n\nD.\n",
     "Intro.\n\n[[autodoc]] Pipeline\n- __call__\n- all\n\nA.\n\nB.\n\nC.\n\nD.\n"),
    # a setext underline and a table's delimiter row are read with the line before them
    ("A.\n\nB.\n\nTitle\nC.\n\nD.\n\nE.\n\nF.\n", "A.\n\nB.\n\nTitle\n===\n\nD.\n\nE.\n\nF.\n"),
    ("A.\n\nB.\n| a | b |\nC.\n\nD.\n\nE.\n\nF.\n", "A.\n\nB.\n| a | b |\n|---|---|\n\nD.\n\nE.\n\nF.\n"),
    # a first line of dashes is front matter once a closing line is written further down
    ("---\nA.\n\nB.\n\nC.\n\nD.\n\nE.\n", "---\nA.\n\n---\n\nC.\n\nD.\n\nE.\n"),
    # a fence opened later runs to its close or to the end
    ("A.\n\nB.\n\nC.\n\nD.\n\nE.\n\nF.\n", "A.\n\n```py\nB.\n\nC.\n\nD.\n\nE.\n\nF.\n"),
])
def test_a_place_that_read_ahead_is_not_taken_over(before: str, after: str) -> None:
    for first, second in ((before, after), (after, before)):
        P._Recent.recent = ()
        _same_as_whole([first, second, first])
