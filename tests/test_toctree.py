"""Toctree loading, byte-exact editing mirroring English, titles and checks; on fixtures and real corpora."""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

import pytest

from hfi18n.check.toctree import check_toctree
from hfi18n.cli import main
from hfi18n.errors import InputError
from hfi18n.repo.layout import DocsLayout
from hfi18n.repo.toctree import Toctree, load_toctree
from hfi18n.repo.toctree_edit import add_entries, heading_title, update_toctree
from hfi18n.translate.titles import llm_title_translator, parse_segment_titles, segment_titles

FIX = Path(__file__).parent / "fixtures" / "toctree"
CORPORA = ("diffusers", "huggingface_hub", "smolagents")
KO_TITLES = {"Reference": "레퍼런스", "Main classes": "주요 클래스", "Internal": "내부"}


def fake_translate(titles: list[str]) -> list[str]:
    return [KO_TITLES.get(t, f"KO:{t}") for t in titles]


def fixture(name: str) -> str:
    return (FIX / name).read_text(encoding="utf-8")


def trees() -> tuple[Toctree, Toctree]:
    return Toctree(fixture("ko.yml"), "ko.yml"), Toctree(fixture("en.yml"), "en.yml")


# --------------------------------------------------------------------------- reading


def test_entries_positions_groups_and_placeholders() -> None:
    ko, en = trees()
    entries = ko.entries()
    assert [(e.local, e.position, e.groups, e.in_translation) for e in entries] == [
        ("index", 0, ("시작하기",), False),
        ("in_translation", 1, ("시작하기",), True),
        ("installation", 2, ("시작하기",), False),
        ("guides/download", 3, ("가이드",), False),
    ]
    assert entries[0].title == "홈" and entries[0].line == 3
    assert entries[1].placeholder_for == "quicktour" and entries[1].title == "(번역중) Quicktour"
    nested = [e for e in en.entries() if e.local == "reference/files"][0]
    assert nested.groups == ("Reference", "Main classes") and nested.position == 7
    assert not hasattr(nested, "__dict__")  # slotted


def test_malformed_yaml_names_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "_toctree.yml"
    bad.write_text("- title: ok\n  sections:\n    - local: a\n      title: [unclosed\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_toctree(bad)
    assert info.value.path == str(bad) and info.value.line is not None and info.value.line >= 4
    bad.write_text("title: not a list\n", encoding="utf-8")
    with pytest.raises(InputError, match="must be a YAML list"):
        load_toctree(bad)


def test_save_is_atomic_and_exact(tmp_path: Path) -> None:
    src = fixture("ko.yml").replace("\n", "\r\n")
    path = tmp_path / "_toctree.yml"
    path.write_bytes(src.encode())
    tree = load_toctree(path)
    tree.save()
    assert path.read_bytes() == src.encode()
    assert [p.name for p in tmp_path.iterdir()] == ["_toctree.yml"]  # no temp file left


# --------------------------------------------------------------------------- editing, golden files


def test_add_entry_mirrors_english_position_and_keeps_every_other_byte() -> None:
    ko, en = trees()
    changes = add_entries(ko, en, [("guides/cli.md", "CLI 사용하기: 기초")])
    assert changes[0].action == "added" and changes[0].line == 13
    assert ko.text == fixture("ko_add_cli.expected.yml")
    # upload goes between download and cli, as in English
    add_entries(ko, en, [("guides/upload", "파일 업로드")])
    assert [e.local for e in ko.entries()][3:] == ["guides/download", "guides/upload", "guides/cli"]


def test_fill_placeholder_replaces_local_title_and_path_comment() -> None:
    ko, en = trees()
    changes = add_entries(ko, en, [("quicktour", "둘러보기")])
    assert changes[0].action == "replaced-placeholder"
    assert ko.text == fixture("ko_fill_placeholder.expected.yml")


def test_placeholder_found_by_title_when_it_has_no_comment() -> None:
    ko, en = trees()
    ko = Toctree(ko.text.replace("in_translation # quicktour", "in_translation"))
    add_entries(ko, en, [("quicktour", "둘러보기")])
    assert ko.text == fixture("ko_fill_placeholder.expected.yml")


def test_missing_groups_created_in_english_order_with_the_files_style() -> None:
    ko, en = trees()
    changes = add_entries(ko, en, [("reference/api", "HfApi 참조")], translate_titles=fake_translate)
    assert changes[0].created_groups == ("레퍼런스", "주요 클래스")
    add_entries(ko, en, [("reference/files", "파일 유틸리티")], translate_titles=fake_translate)
    assert ko.text == fixture("ko_new_groups.expected.yml")
    # a sibling subgroup goes into the existing parent group, after its English predecessor
    ch = add_entries(ko, en, [("reference/utilities", None)], translate_titles=fake_translate)
    assert ch[0].created_groups == ("내부",) and ch[0].title == "KO:Utilities"
    util = [e for e in ko.entries() if e.local == "reference/utilities"][0]
    assert util.groups == ("레퍼런스", "내부") and util.position == len(ko.entries()) - 1


def test_no_llm_keeps_english_titles_and_present_entries_are_left_alone() -> None:
    ko, en = trees()
    changes = add_entries(ko, en, [("reference/api", None), ("installation", "다른 제목")])
    assert [c.action for c in changes] == ["added", "present"]
    api = [e for e in ko.entries() if e.local == "reference/api"][0]
    assert api.title == "HfApi" and api.groups == ("Reference", "Main classes")
    assert "'설치'" in ko.text  # existing title untouched


def test_unknown_english_page_is_reported_not_added() -> None:
    ko, en = trees()
    before = ko.text
    assert add_entries(ko, en, [("nowhere/page", "x")])[0].action == "not-in-english"
    assert ko.text == before


def test_crlf_and_missing_final_newline_are_kept() -> None:
    _, en = trees()
    src = fixture("ko.yml").replace("\n", "\r\n").rstrip("\r\n")
    ko = Toctree(src)
    add_entries(ko, en, [("guides/upload", "업로드")])
    assert "\n" not in ko.text.replace("\r\n", "")
    assert not ko.text.endswith("\n")
    assert ko.text.rstrip().endswith("title: 가이드")


def test_empty_toctree_gets_groups_in_english_style() -> None:
    _, en = trees()
    ko = Toctree("")
    add_entries(ko, en, [("guides/cli", "CLI")])
    assert ko.text == "- title: Guides\n  sections:\n    - local: guides/cli\n      title: CLI\n"


# --------------------------------------------------------------------------- titles


def test_heading_title_skips_comments_and_code() -> None:
    text = "<!--Copyright\n# not this\n-->\n\n```py\n# nor this\n```\n# 빠른 둘러보기 [[quicktour]]\n\ntext\n"
    assert heading_title(text) == "빠른 둘러보기"
    assert heading_title("no heading\n") is None


def test_segment_wire_format_round_trip() -> None:
    titles = ["Main classes", "A & B <C> </s>"]
    wire = segment_titles(titles)  # the prompt's format: only what would break an element is escaped
    assert wire == '<segments>\n<s id="t1">Main classes</s>\n<s id="t2">A & B <C> &lt;/s></s>\n</segments>'
    assert parse_segment_titles('<s id="t2">가 & 나 &lt;/s></s>', titles) == ["Main classes", "가 & 나 </s>"]


def test_pseudo_provider_translates_group_titles() -> None:
    from hfi18n.translate.providers import get_provider

    translate = llm_title_translator(get_provider("pseudo", lang="ko"), "Korean")
    out = translate(["Main classes", "Reference"])
    assert len(out) == 2 and all(any("\uac00" <= ch <= "\ud7a3" for ch in t) for t in out)


# --------------------------------------------------------------------------- check and CLI


def make_repo(tmp_path: Path) -> DocsLayout:
    root = tmp_path / "repo"
    for lang, names in {"en": ["index", "quicktour", "installation", "guides/download", "guides/upload",
                               "guides/cli", "reference/api", "reference/files", "reference/utilities"],
                        "ko": ["index", "installation", "guides/download", "in_translation"]}.items():
        for name in names:
            p = root / "docs/source" / lang / f"{name}.md"
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(f"# {name} 제목 [[{name.replace('/', '-')}]]\n\n본문\n", encoding="utf-8")
    shutil.copy(FIX / "en.yml", root / "docs/source/en/_toctree.yml")
    shutil.copy(FIX / "ko.yml", root / "docs/source/ko/_toctree.yml")
    return DocsLayout.open(root)


def test_check_reports_missing_unlisted_duplicate_and_order(tmp_path: Path) -> None:
    layout = make_repo(tmp_path)
    assert check_toctree(layout, "ko") == []
    toc = layout.lang_dir("ko") / "_toctree.yml"
    (layout.lang_dir("ko") / "guides/cli.md").write_text("# CLI\n", encoding="utf-8")
    toc.write_text(toc.read_text(encoding="utf-8") + "- sections:\n  - local: guides/upload\n    title: 업로드\n"
                   "  - local: guides/download\n    title: 다시\n  title: 또\n", encoding="utf-8")
    found = {(f.check, f.line) for f in check_toctree(layout, "ko")}
    assert ("toctree-missing-file", 15) in found  # guides/upload has no ko file
    assert ("toctree-duplicate", 17) in found
    assert ("toctree-unlisted", 1) in found  # guides/cli.md
    assert ("toctree-order", 15) in found  # upload before download
    msgs = " ".join(f.message for f in check_toctree(layout, "ko"))
    assert "listed twice (first on line 11)" in msgs and "comes before 'guides/download'" in msgs
    assert main(["toctree", "--repo", str(layout.repo), "--lang", "ko", "--check"]) == 1


def test_update_toctree_uses_translated_heading_and_cli_adds_unlisted(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture) -> None:
    layout = make_repo(tmp_path)
    (layout.lang_dir("en") / "guides/cli.md").write_text("# Use the CLI\n\ntext\n", encoding="utf-8")
    (layout.lang_dir("ko") / "guides/cli.md").write_text("<!-- c -->\n# CLI 사용하기 [[cli]]\n", encoding="utf-8")
    tree, changes = update_toctree(layout, "ko", ["guides/upload.md"], write=False)
    assert changes[0].action == "missing-translation"
    assert main(["toctree", "--repo", str(layout.repo), "--lang", "ko", "--no-llm"]) == 0
    assert "guides/cli: added (line 13) CLI 사용하기" in capsys.readouterr().out
    entry = [e for e in load_toctree(layout.lang_dir("ko") / "_toctree.yml").entries() if e.local == "guides/cli"]
    assert entry[0].title == "CLI 사용하기"
    assert main(["toctree", "--repo", str(layout.repo), "--lang", "ko", "--check"]) == 0


EN_TOOLS_TOC = """- title: Tutorials
  sections:
  - local: tutorials/agents
    title: Agents
  - local: tutorials/tools
    title: 🛠️ Tools - in-depth guide
  - local: tutorials/memory
    title: 📚 Memory
"""
KO_TOOLS_TOC = """- title: 튜토리얼
  sections:
  - local: tutorials/agents
    title: 에이전트
#  - local: tutorials/tools
#    title: 🛠️ Tools - in-depth guide
#  - title: 📚 Memory
#    local: tutorials/memory
"""


def test_new_entry_takes_the_english_toctree_title_and_drops_its_commented_placeholder(tmp_path: Path) -> None:
    """smolagents: the English toctree calls tutorials/tools (heading "Tools") "🛠️ Tools - in-depth guide";
    the entry took the translated heading and left ``#  - local: tutorials/tools`` behind."""
    root = tmp_path / "repo"
    for lang, body in (("en", "# Tools\n\ntext\n"), ("ko", "# 도구 [[tools]]\n\n본문\n")):
        for name in ("agents", "tools", "memory"):
            p = root / "docs/source" / lang / "tutorials" / f"{name}.md"
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(body if name == "tools" else f"# {name.title()}\n\ntext\n", encoding="utf-8")
    (root / "docs/source/en/_toctree.yml").write_text(EN_TOOLS_TOC, encoding="utf-8")
    (root / "docs/source/ko/_toctree.yml").write_text(KO_TOOLS_TOC, encoding="utf-8")
    layout = DocsLayout.open(root)
    tree, changes = update_toctree(layout, "ko", ["tutorials/tools.md"])
    assert [(c.action, c.title, c.line) for c in changes] == [("added", "🛠️ Tools - in-depth guide", 5)]
    assert tree.text == ("- title: 튜토리얼\n  sections:\n  - local: tutorials/agents\n    title: 에이전트\n"
                         "  - local: tutorials/tools\n    title: 🛠️ Tools - in-depth guide\n"
                         "#  - title: 📚 Memory\n#    local: tutorials/memory\n")
    # "📚 Memory" says no more than the heading "Memory": the translated heading, with the title's emoji, and
    # no title translator asked (issue 26); the commented item with local second goes too
    tree, changes = update_toctree(layout, "ko", ["tutorials/memory.md"], translate_titles=fake_translate)
    assert [(c.action, c.title) for c in changes] == [("added", "📚 Memory")]
    assert "#" not in tree.text and load_toctree(layout.lang_dir("ko") / "_toctree.yml").text == tree.text
    # a page whose English toctree title is its heading keeps the translator's heading
    (root / "docs/source/ko/tutorials/agents.md").write_text("# 에이전트 소개\n", encoding="utf-8")
    (root / "docs/source/ko/_toctree.yml").write_text("", encoding="utf-8")
    _, changes = update_toctree(layout, "ko", ["tutorials/agents.md"], write=False)
    assert changes[0].title == "에이전트 소개"


# --------------------------------------------------------------------------- real corpora


def corpus_toctrees(corpus) -> list[Path]:
    paths = []
    for name in CORPORA:
        paths += sorted((corpus(name) / "docs/source").glob("*/_toctree.yml"))
    return paths


@pytest.mark.corpus
def test_noop_load_save_is_byte_identical_on_every_corpus_toctree(corpus, tmp_path: Path) -> None:
    paths = corpus_toctrees(corpus)
    assert len(paths) >= 18
    for i, path in enumerate(paths):
        out = tmp_path / f"{i}.yml"
        load_toctree(path).save(out)
        assert out.read_bytes() == path.read_bytes(), path


@pytest.mark.corpus
def test_adding_pages_to_every_corpus_language_changes_only_added_lines(corpus) -> None:
    """For each language of each corpus, add up to 4 English pages it lacks: only inserts (or the
    placeholder's own lines), the page appears once, and its groups mirror the English ones' depth."""
    checked = 0
    for name in CORPORA:
        root = corpus(name) / "docs/source"
        en = load_toctree(root / "en/_toctree.yml")
        for path in sorted(root.glob("*/_toctree.yml")):
            if path.parent.name == "en":
                continue
            listed = {e.placeholder_for or e.local for e in load_toctree(path).entries()}
            missing = [e for e in en.entries() if e.local not in listed]
            step = max(len(missing) // 4, 1)
            for en_entry in missing[::step][:4]:
                tree = load_toctree(path)
                before = tree.text
                change = add_entries(tree, en, [(en_entry.local, "번역 제목")])[0]
                assert change.action in ("added", "replaced-placeholder"), (path, en_entry.local)
                # the page's commented-out entry goes (its lines name the page); then only inserts remain
                after = tree.text.splitlines(True)
                gone = [ln for ln in before.splitlines(True) if ln.lstrip().startswith("#") and ln not in after]
                assert not gone or any(en_entry.local in ln for ln in gone), (path, gone)
                before = "".join(ln for ln in before.splitlines(True) if ln not in gone)
                # a file without a final newline keeps none: its old last line gains one (compared equal)
                end = "" if before.endswith("\n") else "\n"
                ops = difflib.SequenceMatcher(None, (before + end).splitlines(True),
                                              (tree.text + end).splitlines(True), autojunk=False).get_opcodes()
                kinds = {op for op, *_ in ops if op != "equal"}
                assert kinds == ({"insert"} if change.action == "added" else {"replace"}), (path, kinds)
                if change.action == "replaced-placeholder":
                    assert sum(i2 - i1 for op, i1, i2, *_ in ops if op == "replace") <= 2
                reloaded = Toctree(tree.text)
                hits = [e for e in reloaded.entries() if e.local == en_entry.local]
                assert len(hits) == 1 and hits[0].title == "번역 제목"
                assert len(hits[0].groups) >= 1 or not en_entry.groups
                checked += 1
    assert checked >= 40


def test_provider_is_asked_only_for_titles_that_are_missing() -> None:
    ko, en = trees()
    asked: list[list[str]] = []

    def spy(titles: list[str]) -> list[str]:
        asked.append(titles)
        return fake_translate(titles)

    add_entries(ko, en, [("guides/upload", "업로드"), ("installation", None)], translate_titles=spy)
    assert asked == []  # group 가이드 exists, page titled, installation present
    add_entries(ko, en, [("reference/api", "API"), ("guides/cli", None)], translate_titles=spy)
    assert asked == [["Main classes", "Reference", "Use the CLI"]]
