"""hfi18n review on real translated docs: check findings on the right lines with working fixes,
omissions and duplications made from a real doc, glossary consistency, a clean doc gives no noise."""

from __future__ import annotations

import json

import pytest

from hfi18n.cli import main
from hfi18n.fileio import read_text
from hfi18n.glossary import Glossary
from hfi18n.repo.layout import DocsLayout
from hfi18n.review import Kind, Options, review_paths, review_texts
from hfi18n.review.render import format_markdown
from hfi18n.review.terms import CorpusUsage

pytestmark = pytest.mark.corpus


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_broken_fragments_of_diffusers_philosophy_get_comments_and_fixes(corpus):
    layout = DocsLayout.open(corpus("diffusers"))
    review = review_paths(layout, "ko", ["conceptual/philosophy.md"])
    (doc,) = review.docs
    line = _line_of(doc.text, "(#스케줄러)")
    frags = [f for f in doc.findings if f.rule == "fragments"]
    assert {f.line for f in frags} == {line}
    assert len(frags) == 3 and all(f.fix is not None for f in frags)
    fixed = doc.suggested_line(line)
    assert fixed is not None
    # each link now targets an anchor the doc really has, and nothing else on the line changed
    for frag in ("#models", "#schedulers", "#simple-over-easy"):
        assert f"({frag})" in fixed
        assert f"[[{frag[1:]}]]" in doc.text
    assert fixed.replace("(#models)", "(#모델)").replace("(#schedulers)", "(#스케줄러)").replace(
        "(#simple-over-easy)", "(#쉬움보다는-간단함을)") == doc.line_text(line)


def _paragraph_lines(text: str, start_needle: str) -> tuple[int, int]:
    """First and last line (1-based) of the paragraph starting with the line containing the needle."""
    lines = text.splitlines()
    first = _line_of(text, start_needle)
    last = first
    while last < len(lines) and lines[last].strip() and not lines[last].startswith("```"):
        last += 1
    return first, last


def test_duplicated_and_dropped_paragraphs_are_both_found(corpus):
    root = corpus("smolagents") / "docs" / "source"
    en = read_text(root / "en" / "examples" / "text_to_sql.md")
    ko = read_text(root / "ko" / "examples" / "text_to_sql.md")
    clean = review_texts(en, ko, file="ko.md", english_file="en.md", lang="ko")
    assert not [f for f in clean.findings if f.kind in (Kind.OMISSION, Kind.DUPLICATION)]

    lines = ko.splitlines(keepends=True)
    d1, d2 = _paragraph_lines(ko, "표준 text-to-SQL 파이프라인은")
    x1, x2 = _paragraph_lines(ko, "추론 프로바이더를 호출하려면")
    assert d2 < x1
    copy = lines[d1 - 1:d2] + ["\n"]
    broken = "".join(lines[:d2] + ["\n"] + copy[:-1] + lines[d2:x1 - 1] + lines[x2:])
    review = review_texts(en, broken, file="ko.md", english_file="en.md", lang="ko")

    dup = [f for f in review.findings if f.kind is Kind.DUPLICATION]
    assert len(dup) == 1
    assert dup[0].line == d2 + 2  # the inserted copy, after the original and a blank line
    assert f"line {d1}" in dup[0].message
    omitted = [f for f in review.findings if f.kind is Kind.OMISSION]
    assert len(omitted) == 1
    assert omitted[0].english_line == _line_of(en, "HF_TOKEN")
    # placed in the gap where the paragraph is missing (issue 34): the blank line before the code it introduces,
    # not the next paragraph past that code
    assert review.line_text(omitted[0].line) == "" and review.line_text(omitted[0].line + 1) == "```py"
    assert f"before the ```py block at line {omitted[0].line + 1}" in omitted[0].message


def test_english_paragraph_left_beside_its_translation(corpus):
    root = corpus("smolagents") / "docs" / "source"
    en = read_text(root / "en" / "examples" / "text_to_sql.md")
    ko = read_text(root / "ko" / "examples" / "text_to_sql.md")
    e1, e2 = _paragraph_lines(en, "standard text-to-sql pipeline")
    english_par = "".join(en.splitlines(keepends=True)[e1 - 1:e2])
    first, _ = _paragraph_lines(ko, "표준 text-to-SQL 파이프라인은")
    lines = ko.splitlines(keepends=True)
    mixed = "".join(lines[:first - 1] + [english_par, "\n"] + lines[first - 1:])
    review = review_texts(en, mixed, file="ko.md", english_file="en.md", lang="ko")
    left = [f for f in review.findings if f.kind is Kind.ENGLISH_LEFT]
    assert [f.line for f in left] == [first]
    assert left[0].english_line == e1
    # the review says it once, not also as check's generic "paragraph still in English"
    assert not [f for f in review.findings if f.rule == "untranslated" and f.line == first]


def test_clean_doc_gives_an_empty_review(corpus):
    layout = DocsLayout.open(corpus("huggingface_hub"))
    gloss = Glossary.builtin("ko")
    review = review_paths(layout, "ko", ["package_reference/community.md"],
                          options=Options(gloss, CorpusUsage(layout.repo, "ko", gloss)))
    assert review.findings == []
    md = format_markdown(review)
    assert "No findings." in md and "glossary consistency" in md


def test_glossary_variant_is_reported_with_counts_and_a_fix(corpus):
    """Reviewed against the English it was translated from: today's English of conceptual/philosophy.md
    merged two paragraphs and added a Modular Diffusers section, and the pair model (the one pairing of
    update and review, issue 24) leaves the translated paragraph with the variant unpaired there, in
    order, where a loose heading-and-prose pairing paired it by its `__call__` span."""
    from hfi18n.review.follow import followed_english
    layout = DocsLayout.open(corpus("diffusers"))
    gloss = Glossary.builtin("ko")
    usage = CorpusUsage(layout.repo, "ko", gloss)
    rel = "conceptual/philosophy.md"
    followed = followed_english(layout, "ko")(rel)
    assert followed is not None
    doc = review_texts(followed.text, layout.path("ko", rel).read_text(encoding="utf-8"), file=rel,
                       english_file=rel, lang="ko", rel=rel, options=Options(gloss, usage))
    arg = [f for f in doc.findings if f.kind is Kind.GLOSSARY and "'argument'" in f.message]
    assert len(arg) == 1
    f = arg[0]
    assert "인자" in doc.line_text(f.line)
    assert "other docs: 인수" in f.message  # the other ko docs' count for the required spelling
    assert f.fix is not None and "인수" in doc.suggested_line(f.line)
    # the other docs exclude this one: its own spelling is not counted among them
    others = usage.others("conceptual/philosophy.md")["argument"]
    elsewhere = sum(u["argument"].variants.get("인자", 0) for f, u in usage._per_file.items()
                    if f != rel and "argument" in u)
    assert others.variants.get("인자", 0) == elsewhere


def test_cli_review_json_and_exit_code(corpus, capsys):
    repo = corpus("diffusers")
    code = main(["review", "--repo", str(repo), "--lang", "ko", "conceptual/philosophy.md", "--format", "json"])
    assert code == 1  # broken fragments are errors
    data = json.loads(capsys.readouterr().out)
    (doc,) = data["docs"]
    assert doc["file"] == "docs/source/ko/conceptual/philosophy.md"
    assert data["counts"]["check"] >= 3
    assert any(f["fix"] == {"old": "](#스케줄러)", "new": "](#schedulers)"} for f in doc["findings"])


def test_cli_review_needs_lang_or_pr(capsys, tmp_path):
    assert main(["review", "--repo", str(tmp_path)]) != 0
    assert "--lang" in capsys.readouterr().err


def test_repeated_anchor_gets_the_english_one(corpus):
    """huggingface_hub ko guides/collections.md gives three headings [[fetch-a-collection]]: links to the
    second and third sections land on the first. The fix restores each English anchor."""
    layout = DocsLayout.open(corpus("huggingface_hub"))
    (doc,) = review_paths(layout, "ko", ["guides/collections.md"]).docs
    repeated = [f for f in doc.findings if f.rule == "anchors" and "already used" in f.message]
    lines = [i for i, ln in enumerate(doc.text.splitlines(), 1) if ln.startswith("#") and "[[fetch-a-collection]]" in ln]
    assert [f.line for f in repeated] == lines[1:]
    fixed = [doc.suggested_line(f.line) for f in repeated]
    assert [ln[ln.index("[["):] for ln in fixed] == ["[[list-collections]]", "[[create-a-new-collection]]"]
