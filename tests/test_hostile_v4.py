"""Issue 33, hostile visitors v4, at the level an attacker acts: the CLI run on a repository whose file
names, toctrees and folders were chosen by someone else. (Jobs: tests/test_jobs.py; the dashboard:
tests/test_dashboard.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hfi18n.cli import main
from tests.conftest import require
from tests.helpers import git, isolate_env

ESCAPES = "\x1b]0;pwned\x07"
"""An OSC sequence that retitles the terminal window; ``ESC ] 52`` (clipboard) has the same form."""


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate_env(monkeypatch, tmp_path)


def _commit_all(root: Path, message: str) -> None:
    git(root, "add", "-A")
    git(root, "-c", "user.name=Eve", "-c", "user.email=eve@example.com", "commit", "-q", "-m", message)


def test_file_names_with_escape_sequences_never_reach_the_terminal_raw(repo: Path, capsys) -> None:
    """Item 4: a doc named with an escape sequence reached the terminal raw from the status table, translate's
    progress and summary, and ``memory list``. Each shows the escape as text."""
    name = f"x{ESCAPES}\x1b[2Jy.md"
    (repo / "docs/source/en" / name).write_text("# Pwned\n\nA paragraph of text long enough to translate.\n",
                                                 encoding="utf-8")
    _commit_all(repo, "a hostile name")
    shown = "x\\x1b]0;pwned\\x07\\x1b[2Jy.md"
    for args in (["status", "--repo", str(repo), "--lang", "ko", "--all"],
                 ["translate", "--repo", str(repo), "--lang", "ko", "--next", "9", "--provider", "pseudo"],
                 ["memory", "list", "--repo", str(repo)]):
        main(args)
        printed = capsys.readouterr()
        text = printed.out + printed.err
        assert "\x1b" not in text and "\x07" not in text, (args[0], repr(text))
        assert shown in text, (args[0], text)
    assert (repo / "docs/source/ko" / name).is_file()  # the name itself is kept: only what is shown changes


def test_a_doc_name_starting_with_a_dash_is_refused_with_a_clear_error(repo: Path, capsys) -> None:
    """Item 3: after ``--`` a name like ``--fork-url=x.md`` reaches the doc resolver; it is refused by name."""
    (repo / "docs/source/en/--fork-url=git@evil.example:loot.md").write_text("# Loot\n\ntext\n", encoding="utf-8")
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "--provider", "pseudo", "--",
                 "--fork-url=git@evil.example:loot.md"])
    err = capsys.readouterr().err
    assert code == 2 and "starting with '-' reads as an option" in err and "unexpected" not in err
    assert not (repo / "docs/source/ko/--fork-url=git@evil.example:loot.md").exists()


def test_a_language_spelled_in_another_case_is_told_its_folder(repo: Path, capsys) -> None:
    """Item 8: ``--lang KO`` beside ``ko/`` was told to pass ``--new-language`` (which makes ``KO/``, and on a
    disk that ignores case writes into ``ko/`` under another name), elsewhere "did you mean uk?"."""
    for args in (["translate", "--lang", "KO", "--provider", "pseudo", "index.md"],
                 ["translate", "--lang", "KO", "--new-language", "--provider", "pseudo", "index.md"],
                 ["status", "--lang", "KO"], ["check", "--lang", "KO"], ["toctree", "--lang", "KO"]):
        code = main([*args, "--repo", str(repo)])
        err = capsys.readouterr().err
        assert code == 2 and "in the folder 'ko'" in err and "pass --lang ko" in err, (args, err)
        assert "--new-language" not in err.split("hint:")[-1] and "uk" not in err, (args, err)
    assert not (repo / "docs/source/KO").exists()


def test_the_source_language_is_no_status_or_check_language(repo: Path, capsys) -> None:
    """Item 8: ``status --lang en`` and ``check --lang en`` were accepted (the English checked against itself)."""
    for args in (["status", "--lang", "en"], ["check", "--lang", "en"], ["check", "--lang", "EN", "index.md"]):
        code = main([*args, "--repo", str(repo)])
        err = capsys.readouterr().err
        assert code == 2 and "is the source language" in err, (args, err)


def test_a_corrupt_pack_gets_a_hint_about_the_damage_not_about_a_checkout(repo: Path, capsys) -> None:
    """Item 8: a corrupt pack said "run status inside a git checkout with at least one commit"."""
    git(repo, "repack", "-adq")
    [pack] = (repo / ".git/objects/pack").glob("*.pack")
    data = bytearray(pack.read_bytes())
    for i in range(200, len(data) - 40, 7):
        data[i] ^= 0xFF
    pack.chmod(0o644)
    pack.write_bytes(bytes(data))
    code = main(["status", "--repo", str(repo), "--lang", "ko"])
    err = capsys.readouterr().err
    assert code == 2 and "git fsck --full" in err and "inside a git checkout" not in err, err


# ------------------------------------------------------------------------------ item 14: check's rough edges


def test_check_reports_bad_docs_per_file_and_an_open_fence_once(repo: Path, capsys) -> None:
    """Item 14: one non-UTF-8 translation stopped ``check --fix-anchors`` for the whole language; a fence
    never closed was several code-block errors and its cause; a near-miss path got no "did you mean"."""
    ko = repo / "docs/source/ko"
    (ko / "index.md").write_bytes((ko / "index.md").read_bytes() + b"\n\xff\xfe latin-1\n")
    code = main(["check", "--repo", str(repo), "--lang", "ko", "--fix-anchors", "--format", "json"])
    findings = json.loads(capsys.readouterr().out)
    assert code == 1 and {f["file"] for f in findings} >= {"docs/source/ko/index.md", "docs/source/ko/quicktour.md"}
    assert [f["check"] for f in findings if f["file"].endswith("index.md")] == ["unreadable"]

    text = (ko / "quicktour.md").read_text(encoding="utf-8")
    fence = text.index("```")
    end = text.index("```", text.index("\n", fence))
    (ko / "quicktour.md").write_text(text[:end] + text[end + 3:], encoding="utf-8")  # its first fence left open
    main(["check", "--repo", str(repo), "--lang", "ko", "quicktour.md", "--format", "json"])
    found = json.loads(capsys.readouterr().out)
    opened = [f for f in found if f["check"] == "unclosed-fence"]
    assert len(opened) == 1 and opened[0]["line"] == text[:fence].count("\n") + 1
    assert not [f for f in found if f["check"] == "code"], found

    assert main(["check", "--repo", str(repo), "--lang", "ko", "quicktor.md"]) == 2
    assert "did you mean quicktour.md?" in capsys.readouterr().err


def test_a_shallow_clone_says_why_once(repo: Path, tmp_path: Path, capsys) -> None:
    """Item 14: on a shallow clone the same 230-character note repeated on every status row."""
    shallow = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{repo}", str(shallow))
    main(["status", "--repo", str(shallow), "--lang", "ko"])
    printed = capsys.readouterr()
    both = printed.out + printed.err
    assert both.count("history is cut") == 1 and "--deepen" in printed.err
    assert printed.out.count("shallow clone") >= 2 and "git fetch --unshallow" not in printed.out


# -------------------------------------------------------------- item 15: repositories whose docs live elsewhere


def _course(root: Path, *, ko_anchors: bool) -> Path:
    """A repository laid out as the Hugging Face course: ``chapters/<lang>/chapterN/M.mdx``, English headings
    with ``[[anchors]]``, Korean ones with none (as the course's Korean chapters are)."""
    for n in range(1, 4):
        en, ko = [f"# Chapter {n}[[chapter-{n}]]\n"], [f"# {n}장" + (f"[[chapter-{n}]]" if ko_anchors else "") + "\n"]
        for k in range(1, 8):
            en.append(f"\n## Section {k}[[section-{k}]]\n\nSome text about part {k}.\n")
            ko.append(f"\n## {k}절" + (f"[[section-{k}]]" if ko_anchors else "") + f"\n\n{k}부에 대한 글입니다.\n")
        for lang, text in (("en", en), ("ko", ko)):
            path = root / "chapters" / lang / f"chapter{n}" / "1.mdx"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("".join(text), encoding="utf-8")
    git(root.parent, "init", "-q", str(root))
    _commit_all(root, "course")
    return root


def test_a_language_without_heading_anchors_is_checked_by_its_own_convention(tmp_path: Path, capsys) -> None:
    """Item 15: the course's Korean headings carry no ``[[…]]`` anchors, so nearly every ``check`` error there
    was one missing anchor per heading. The convention is read from the language's docs and said."""
    course = _course(tmp_path / "course", ko_anchors=False)
    code = main(["check", "--repo", str(course), "--docs-root", "chapters", "--lang", "ko", "--format", "json"])
    printed = capsys.readouterr()
    findings = json.loads(printed.out)
    assert code == 0 and not [f for f in findings if f["check"] == "anchors"], findings
    assert "no [[…]] anchors (0 of 24 headings carry one)" in printed.err
    # a team that writes them is held to them: one heading without its anchor is an error
    other = _course(tmp_path / "other", ko_anchors=True)
    doc = other / "chapters/ko/chapter2/1.mdx"
    doc.write_text(doc.read_text(encoding="utf-8").replace("[[section-3]]", ""), encoding="utf-8")
    assert main(["check", "--repo", str(other), "--docs-root", "chapters", "--lang", "ko", "--format", "json"]) == 1
    printed = capsys.readouterr()
    assert [f["line"] for f in json.loads(printed.out) if f["check"] == "anchors"] == [11]
    assert "convention" not in printed.err


def test_serve_takes_the_docs_root_of_a_repository_whose_docs_live_elsewhere(tmp_path: Path, capsys) -> None:
    """Item 15: ``--docs-root`` worked in the CLI only; ``serve`` had no such option."""
    require("gradio")
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.workspace import Workspace

    course = _course(tmp_path / "course", ko_anchors=False)
    assert main(["serve", "--help"]) == 0 and "--docs-root" in capsys.readouterr().out
    app = WebApp(Workspace([course], docs_root="chapters"))
    html, docs, _ = app.status(course.name, "ko")
    assert "3/3 translated (100.0%), 3 up to date" in html  # the course's chapters, read from chapters/
