"""Review rules on small hand-made docs (no corpus needed)."""

from __future__ import annotations

from hfi18n.review import Kind, review_texts

EN = """# Install [[install]]

Install the library with `pip install hfi18n` on Python 3.10 or newer. Then set `HF_TOKEN` and run `hfi18n demo` to see the [quick tour](./quicktour) in action.

Models are downloaded from the Hub on first use, which can take a while on a slow connection.
"""


def test_a_dropped_sentence_is_an_omission_on_its_paragraph():
    ko = """# 설치 [[install]]

Python 3.10 이상에서 `pip install hfi18n`으로 라이브러리를 설치하세요.

모델은 처음 사용할 때 Hub에서 내려받으며, 느린 연결에서는 시간이 걸릴 수 있습니다.
"""
    doc = review_texts(EN, ko, file="ko.md", english_file="en.md", lang="ko")
    (om,) = [f for f in doc.findings if f.kind is Kind.OMISSION]
    assert om.rule == "missing-sentence" and om.line == 3 and om.english_line == 3
    assert "HF_TOKEN" in om.message or "hf_token" in om.message


def test_a_complete_translation_has_no_coverage_findings():
    ko = """# 설치 [[install]]

Python 3.10 이상에서 `pip install hfi18n`으로 라이브러리를 설치하세요. 그다음 `HF_TOKEN`을 설정하고 `hfi18n demo`를 실행해 [빠른 둘러보기](./quicktour)를 확인하세요.

모델은 처음 사용할 때 Hub에서 내려받으며, 느린 연결에서는 시간이 걸릴 수 있습니다.
"""
    doc = review_texts(EN, ko, file="ko.md", english_file="en.md", lang="ko")
    assert doc.findings == []


def test_a_missing_link_is_placed_on_its_paragraph_with_the_target_restored():
    ko = """# 설치 [[install]]

Python 3.10 이상에서 `pip install hfi18n`으로 라이브러리를 설치하세요. 그다음 `HF_TOKEN`을 설정하고 `hfi18n demo`를 실행해 [빠른 둘러보기](./quick-tour)를 확인하세요.

모델은 처음 사용할 때 Hub에서 내려받으며, 느린 연결에서는 시간이 걸릴 수 있습니다.
"""
    doc = review_texts(EN, ko, file="ko.md", english_file="en.md", lang="ko")
    (link,) = [f for f in doc.findings if f.rule == "links"]
    assert link.line == 3 and link.english_line == 3
    assert doc.suggested_line(3) == ko.splitlines()[2].replace("(./quick-tour)", "(./quicktour)")


def test_glossary_variants_glued_compounds_and_unsafe_fixes():
    from hfi18n.glossary import Glossary
    from hfi18n.review import Options

    gloss = Glossary.loads("term\ttranslation\tkeep_english\talternatives\n"
                           "step\t단계\tno\t스텝\nfor example\t예를 들어\tno\t예로\nargument\t인수\tno\t인자\n", "ko")
    en = ("# Agents [[agents]]\n\nMulti-step agents run a step at a time.\n\n"
          "For example, pass the `token` argument to the `login` function.\n")
    ko = ("# 에이전트 [[agents]]\n\n멀티스텝 에이전트는 한 번에 한 단계씩 실행합니다.\n\n"
          "예로 들어봅시다: `login` 함수에 `token` 인자를 전달하세요.\n")
    doc = review_texts(en, ko, file="ko.md", english_file="en.md", lang="ko", options=Options(gloss))
    variants = {f.message.split("'")[1]: f for f in doc.findings if f.rule == "term-variant"}
    assert "step" not in variants  # 스텝 only inside the compound 멀티스텝, and 단계 is there anyway
    assert variants["for example"].fix is None  # 예로 들어 -> 예를 들어 들어 would be broken Korean
    assert variants["argument"].fix is not None
    assert doc.suggested_line(5) == "예로 들어봅시다: `login` 함수에 `token` 인수를 전달하세요."


def test_glossary_fix_keeps_korean_particles_right_and_skips_hyphenated_compounds():
    from collections import Counter

    from hfi18n.glossary import Glossary
    from hfi18n.review import Options
    from hfi18n.translate.aligned import TermUsage

    gloss = Glossary.loads("term\ttranslation\tkeep_english\talternatives\n"
                           "tool\t도구\tno\t툴\nclass\t클래스\tno\t\n", "ko")

    class Usage:  # the other docs follow the glossary
        def others(self, rel):
            return {t.source: TermUsage(t, 10, 10, 10, Counter({t.target: 10})) for t in gloss}

    en = ("# Tools [[tools]]\n\nApple wrote a [conversion tool](https://github.com/apple/x) for it.\n\n"
          "A world-class feature request addresses the following points:\n\n"
          "Each class of the library has a `from_pretrained` method.\n")
    ko = ("# 도구 [[tools]]\n\nApple이 [변환 툴](https://github.com/apple/x)을 만들었습니다.\n\n"
          "세계적인 기능 요청은 다음 사항을 다룹니다:\n\n"
          "라이브러리의 각 구성 요소에는 `from_pretrained` 메서드가 있습니다.\n")
    doc = review_texts(en, ko, file="ko.md", english_file="en.md", lang="ko", options=Options(gloss, Usage()))
    assert doc.suggested_line(3) == "Apple이 [변환 도구](https://github.com/apple/x)를 만들었습니다."
    # "world-class" is not the term "class"; "Each class" is, and 클래스 is missing there
    assert [f.line for f in doc.findings if "'class'" in f.message] == [7]


def test_unreadable_files_of_a_checkout_are_reported_not_lost(tmp_path):
    """A translation that is not UTF-8 is an error finding of its own doc; an unreadable English
    source skips its translation with the reason; the other docs are still reviewed."""
    from hfi18n.repo.layout import DocsLayout
    from hfi18n.review import review_paths

    root = tmp_path / "docs" / "source"
    for lang in ("en", "ko"):
        (root / lang).mkdir(parents=True)
    (root / "en" / "a.md").write_text("# A [[a]]\n", encoding="utf-8")
    (root / "ko" / "a.md").write_bytes("# 가 [[a]]\n".encode("euc-kr"))
    (root / "en" / "b.md").write_bytes(b"# B \xff\n")
    (root / "ko" / "b.md").write_text("# 나 [[b]]\n", encoding="utf-8")
    (root / "en" / "c.md").write_text("# C [[c]]\n", encoding="utf-8")
    (root / "ko" / "c.md").write_text("# 다 [[c]]\n", encoding="utf-8")
    review = review_paths(DocsLayout.open(tmp_path), "ko")
    by_file = {d.file: d for d in review.docs}
    assert sorted(by_file) == ["docs/source/ko/a.md", "docs/source/ko/c.md"]
    (bad,) = by_file["docs/source/ko/a.md"].findings
    assert (bad.rule, bad.severity) == ("unreadable", "error") and "UTF-8" in bad.message
    assert by_file["docs/source/ko/c.md"].findings == []
    (skipped,) = review.skipped
    assert skipped.startswith("docs/source/ko/b.md: English source unreadable")
    assert review.has_errors()


def test_glossary_findings_of_one_term_are_one_line_with_their_lines_and_suggestions():
    from hfi18n.glossary import Glossary
    from hfi18n.review import Options
    from hfi18n.review.model import Review
    from hfi18n.review.render import format_markdown, format_text

    gloss = Glossary.loads("term\ttranslation\tkeep_english\talternatives\nargument\t인수\tno\t인자\n", "ko")
    en = "".join(f"Pass the `{n}` argument to `load` to change step {n}.\n\n" for n in ("a", "b", "c"))
    ko = "".join(f"`load`에 `{n}` 인자를 전달하면 {n} 단계를 바꿀 수 있습니다.\n\n" for n in ("a", "b", "c"))
    doc = review_texts("# T [[t]]\n\n" + en, "# 티 [[t]]\n\n" + ko, file="ko.md", english_file="en.md", lang="ko",
                       options=Options(gloss))
    variants = [f for f in doc.findings if f.rule == "term-variant"]
    assert [f.line for f in variants] == [3, 5, 7] and all(f.term == "argument" for f in variants)
    text = format_text(Review([doc]))
    (head, line) = [ln for ln in text.splitlines() if "term-variant" in ln]
    assert head == "== ko.md: glossary/term-variant, 3 finding(s)"  # one heading per rule
    assert line.startswith("ko.md:3:") and "3 time(s), line(s) 3, 5, 7" in line
    # the English it refers to, quoted under it
    assert "    English (line 3): 'Pass the `a` argument to `load` to change step a.'" in text.splitlines()
    assert [ln.strip() for ln in text.splitlines() if "suggestion" in ln] == [
        f"suggestion (line {k}): `load`에 `{n}` 인수를 전달하면 {n} 단계를 바꿀 수 있습니다."
        for k, n in ((3, "a"), (5, "b"), (7, "c"))]
    md = format_markdown(Review([doc]))
    (head, row) = [ln for ln in md.splitlines() if "term-variant" in ln]
    assert head == "#### glossary/term-variant (3)"
    assert row.startswith("| 3, 5, 7 |") and "(3 times)" in row and row.count("suggestion (line") == 3
    assert "English (line 3): 'Pass the `a` argument" in row


def test_review_places_check_findings_by_their_fields_not_their_messages(monkeypatch):
    """Issue 24: review found the link target of a whole-file ``links`` finding and the fragment of a
    ``fragments`` finding by matching the finding's message with regular expressions, so rewording a
    check's message silently duplicated findings and dropped fixes. Here every message is reworded: the
    review is the same, placed by :attr:`Finding.english` and :attr:`Finding.translation`."""
    from dataclasses import replace

    import hfi18n.review.runner as runner

    en = ("# Title [[title]]\n\n## Models [[models]]\n\nThe library ships many pretrained models for text, "
          "vision and audio tasks; see the [models](#models) section.\n\n"
          "Call `load_model` as the [guide](https://hf.co/docs/guide) shows to learn how to load them.\n")
    ko = ("# 제목 [[title]]\n\n## 모델 [[models]]\n\n이 라이브러리는 텍스트, 비전, 오디오 작업을 위한 사전 학습된 모델을 "
          "많이 제공합니다. [모델](#모델) 섹션을 보세요.\n\n"
          "[안내서](https://hf.co/docs/other)에 나온 대로 `load_model`을 호출해 모델을 불러오는 방법을 알아보세요.\n")
    plain = review_texts(en, ko, file="ko.md", english_file="en.md", lang="ko")
    real = runner.check_pair
    monkeypatch.setattr(runner, "check_pair", lambda *a, **k: [replace(f, message=f"다시 쓴 메시지 {n}")
                                                               for n, f in enumerate(real(*a, **k))])
    reworded = review_texts(en, ko, file="ko.md", english_file="en.md", lang="ko")
    for doc in (plain, reworded):
        links = [f for f in doc.findings if f.rule == "links"]
        assert [f.line for f in links] == [7], doc.findings  # on its paragraph, not again for the whole file
        (frag,) = [f for f in doc.findings if f.rule == "fragments"]
        assert frag.fix is not None and frag.fix.new == "](#models)", frag
