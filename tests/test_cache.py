"""The persistent cache ``.git/hfi18n/cache.sqlite`` (issue 32): right by construction (content changes, the
key changes), shared safely by concurrent runs, rebuilt with a one-line note when it is corrupt or was
written by another version, never trusted; ``--no-cache`` reads and writes nothing. On real docs (a private
clone of the smolagents corpus) and on a small repository."""

from __future__ import annotations

import json
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from hfi18n import api
from hfi18n.check import runner
from hfi18n.repo.cache import CACHE_FILE, caching
from hfi18n.repo.layout import DocsLayout
from hfi18n.repo.status import compute_status

pytestmark = pytest.mark.corpus


def findings(repo: Path, lang: str = "ko", paths: tuple[str, ...] = ()) -> list[dict[str, object]]:
    return [f.as_dict() for f in api.check(repo, lang, list(paths)).findings]


def rows(repo: Path, lang: str = "ko") -> list[dict[str, object]]:
    report = compute_status(DocsLayout.open(repo), [lang], pr_note="offline")
    return [d.to_json() for d in report.docs]


def uncached(fn, *args):
    with caching(False):
        return fn(*args)


def cache_file(repo: Path) -> Path:
    return repo / ".git" / CACHE_FILE


def sql(repo: Path, statement: str) -> None:
    db = sqlite3.connect(cache_file(repo))
    db.execute(statement)
    db.commit()
    db.close()


def notes_of(repo: Path, caplog: pytest.LogCaptureFixture, want: list[dict[str, object]]) -> list[str]:
    """The cache's notes while ``check`` runs (and finds ``want``)."""
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="hfi18n.cache"):
        assert findings(repo) == want
    return [r.getMessage() for r in caplog.records if r.name == "hfi18n.cache"]


@pytest.fixture()
def smol(corpus_copy, with_cache) -> Path:
    return corpus_copy("smolagents")


def test_a_warm_run_reads_back_what_the_cold_one_found(smol: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    want, want_rows = uncached(findings, smol), uncached(rows, smol)
    assert not cache_file(smol).exists()  # --no-cache writes nothing
    assert findings(smol) == want and rows(smol) == want_rows  # cold: worked out, and kept
    assert cache_file(smol).is_file()

    def no_comparison(*_a, **_k):
        raise AssertionError("a warm check compared docs again")

    monkeypatch.setattr(runner, "check_pair", no_comparison)
    assert findings(smol) == want  # warm: every doc's findings read back
    monkeypatch.undo()
    parsed: list[object] = []
    from hfi18n.repo import store

    real_parse = store.parse_read_only
    monkeypatch.setattr(store, "parse_read_only", lambda *a, **k: parsed.append(a) or real_parse(*a, **k))
    assert rows(smol) == want_rows and parsed == []  # warm status: nothing parsed, the records read back


def test_a_change_of_content_misses(smol: Path) -> None:
    findings(smol), rows(smol)
    ko = smol / "docs" / "source" / "ko"
    doc = ko / "guided_tour.md"
    text = doc.read_text(encoding="utf-8")
    heading = next(line for line in text.splitlines() if line.startswith("## "))
    doc.write_text(text.replace(heading, heading.split("[[")[0].rstrip() + " [[my-own-anchor]]", 1), encoding="utf-8")
    assert findings(smol) == uncached(findings, smol)  # the edited translation: its own key
    assert any("my-own-anchor" in str(f["message"]) for f in findings(smol, "ko", ("guided_tour.md",)))
    en = smol / "docs" / "source" / "en" / "guided_tour.md"
    en.write_text(en.read_text(encoding="utf-8").replace("```", "```\n# a new line of code", 1), encoding="utf-8")
    assert findings(smol) == uncached(findings, smol)  # the edited English
    (ko / "new_page.md").write_text("# 새 문서\n\n[링크](./guided_tour#my-own-anchor)\n", encoding="utf-8")
    assert findings(smol) == uncached(findings, smol)  # a new doc linking to the custom anchor: the warning names it
    assert rows(smol) == uncached(rows, smol)
    subprocess.run(["git", "-C", str(smol), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(smol), "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q",
                    "-m", "docs: edit"], check=True)
    assert rows(smol) == uncached(rows, smol)  # a new HEAD: a new history and new records
    assert findings(smol) == uncached(findings, smol)


def test_an_uncommitted_translation_is_keyed_by_its_content(smol: Path) -> None:
    ko = smol / "docs" / "source" / "ko"
    en = (smol / "docs" / "source" / "en" / "tutorials" / "secure_code_execution.md").read_text(encoding="utf-8")
    target = ko / "tutorials" / "secure_code_execution.md"
    target.unlink(missing_ok=True)
    target.write_text(en, encoding="utf-8")  # the English as it is today: its base is today's English
    first = rows(smol)
    assert first == uncached(rows, smol)
    old = subprocess.run(["git", "-C", str(smol), "log", "--format=%H", "--", "docs/source/en/tutorials/secure_code_execution.md"],
                         capture_output=True, text=True, check=True).stdout.split()[-1]
    older = subprocess.run(["git", "-C", str(smol), "show", f"{old}:docs/source/en/tutorials/secure_code_execution.md"],
                           capture_output=True, text=True, check=True).stdout
    target.write_text(older, encoding="utf-8")  # same name, same size class: another content, another base
    second = rows(smol)
    assert second == uncached(rows, smol) and second != first


def test_a_corrupt_cache_is_rebuilt_with_a_note(smol: Path, caplog: pytest.LogCaptureFixture) -> None:
    want = uncached(findings, smol)
    findings(smol)
    path = cache_file(smol)
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    path.write_bytes(b"this is not a cache" * 100)
    notes = notes_of(smol, caplog, want)
    assert len(notes) == 1 and "is not a readable cache" in notes[0] and "rebuilt" in notes[0]
    assert "\n" not in notes[0]
    sql(smol, "UPDATE entries SET value = x'789c4b04000062006200' WHERE kind = 'findings'")  # one bad entry
    notes = notes_of(smol, caplog, want)
    assert len(notes) == 1 and "does not read back" in notes[0]
    assert notes_of(smol, caplog, want) == []  # rebuilt: read back without a note


def test_a_foreign_version_is_rebuilt_with_a_note(smol: Path, caplog: pytest.LogCaptureFixture) -> None:
    want = uncached(findings, smol)
    findings(smol)
    sql(smol, "UPDATE meta SET v = 'written-by-hfi18n-0.0.1' WHERE k = 'version'")
    notes = notes_of(smol, caplog, want)
    assert len(notes) == 1 and "another version of hfi18n" in notes[0]
    db = sqlite3.connect(cache_file(smol))
    assert db.execute("SELECT count(*) FROM entries").fetchone()[0] > 0  # filled again by this run
    db.close()


def test_a_cache_that_cannot_be_opened_is_done_without(smol: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A read-only checkout, or something else at the cache's path: the answers, without a cache."""
    want = uncached(findings, smol)
    cache_file(smol).mkdir(parents=True)  # sqlite cannot open a folder, as it cannot write a read-only one
    with caplog.at_level(logging.WARNING, logger="hfi18n.cache"):
        assert findings(smol) == want and rows(smol) == uncached(rows, smol)
    assert cache_file(smol).is_dir() and not caplog.records


def _cli(repo: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "hfi18n", *args, "--repo", str(repo), "--format", "json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.slow
def test_two_concurrent_runs_are_both_right(smol: Path) -> None:
    want_check = json.loads(subprocess.run([sys.executable, "-m", "hfi18n", "check", "--lang", "ko", "--repo",
                                            str(smol), "--format", "json", "--no-cache"],
                                           capture_output=True, text=True).stdout)
    want_status = json.loads(subprocess.run([sys.executable, "-m", "hfi18n", "status", "--lang", "ko", "--repo",
                                             str(smol), "--format", "json", "--no-cache"],
                                            capture_output=True, text=True, check=True).stdout)
    assert not cache_file(smol).exists()
    for _round in ("cold", "warm"):
        runs = [_cli(smol, "check", "--lang", "ko"), _cli(smol, "check", "--lang", "ko"),
                _cli(smol, "status", "--lang", "ko"), _cli(smol, "status", "--lang", "ko")]
        outs = [p.communicate(timeout=600) for p in runs]
        for (_stdout, stderr), p in zip(outs, runs, strict=True):
            assert "cache" not in stderr, stderr  # no run took another's writes for a corrupt cache
            assert p.returncode in (0, 1)
        assert [json.loads(o) for o, _ in outs[:2]] == [want_check, want_check]
        assert [json.loads(o) for o, _ in outs[2:]] == [want_status, want_status]


def test_the_learned_length_model_is_kept_by_what_it_learns_from(smol: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hfi18n.pair.bitext import LengthModel
    from hfi18n.translate.aligned import learned_length

    first = learned_length(smol, "zh")
    assert first.pairs and first.lexicon is not None
    real = LengthModel.learn
    learned: list[str] = []
    monkeypatch.setattr(LengthModel, "learn", classmethod(lambda cls, pairs, lang: learned.append(lang)
                                                          or real.__func__(cls, pairs, lang)))
    again = learned_length(smol, "zh")
    assert learned == [] and (again.c, again.s2, again.pairs) == (first.c, first.s2, first.pairs)
    assert again.lexicon is not None and again.lexicon.senses == first.lexicon.senses
    doc = next((smol / "docs" / "source" / "zh").rglob("*.md"))
    doc.write_text(doc.read_text(encoding="utf-8") + "\n新的一段。\n", encoding="utf-8")
    learned_length(smol, "zh")
    assert learned == ["zh"]  # a translated doc changed: learned again


def test_a_cache_past_its_size_is_emptied(smol: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hfi18n.repo import cache

    want = uncached(findings, smol)
    monkeypatch.setattr(cache, "MAX_BYTES", 1)
    assert findings(smol) == want
    db = sqlite3.connect(cache_file(smol))
    assert db.execute("SELECT count(*) FROM entries").fetchone()[0] == 0
    db.close()
    assert findings(smol) == want


def test_the_style_checks_are_in_the_key_and_a_warm_check_loads_no_analyzer(smol: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept findings of a doc depend on the team's style settings and the analyzer's version (issue 35's
    ``style/*`` checks): other settings, or another kiwipiepy, are other findings; and a warm run reads the
    findings back without loading Kiwi (the style checks run only where a doc is checked again)."""
    import dataclasses

    from hfi18n.check import style as style_mod
    from hfi18n.check.runner import check_paths
    from hfi18n.check.style import StyleRun

    layout = DocsLayout.open(smol)

    def run(settings) -> list[dict[str, object]]:
        return [f.as_dict() for f in check_paths(layout, "ko", style=StyleRun(settings))[0]]

    default = StyleRun.for_lang("ko").settings
    other = dataclasses.replace(default, register="해요체", heading="any")
    want, want_other = uncached(run, default), uncached(run, other)
    assert want != want_other and any(str(f["check"]).startswith("style/") for f in want)
    assert run(default) == want  # cold: kept
    monkeypatch.setattr(runner, "check_style", lambda *a, **k: (_ for _ in ()).throw(AssertionError("Kiwi ran")))
    assert run(default) == want  # warm: read back, no style check, no analyzer
    monkeypatch.undo()
    assert run(other) == want_other  # other settings: not the kept findings
    compared: list[object] = []
    real = runner.check_pair
    monkeypatch.setattr(runner, "check_pair", lambda *a, **k: compared.append(a) or real(*a, **k))
    monkeypatch.setattr(style_mod, "analyzer_version", lambda lang: "kiwipiepy=99.0 kiwipiepy_model=99.0")
    assert run(default) == want and compared  # another analyzer version: checked again


def test_a_warm_review_asks_the_analyzer_nothing(smol: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A review keeps what Kiwi said about a doc's sentences in the checkout's cache, as ``check`` does: the
    review of an unchanged diffusers ko conceptual/contribution.md loaded and ran Kiwi on every run (0.9 of its
    2.1 cpu s). The findings are the same without the cache, cold and warm; an edited sentence is asked."""
    from hfi18n.lang.ko import KoreanLayer

    def review() -> dict[str, object]:
        return api.review(smol, "ko", ["guided_tour.md"]).to_json()

    want = uncached(review)
    assert review() == want  # cold: Kiwi read the sentences, its answers kept
    asked: list[str] = []
    kiwi = KoreanLayer.kiwi

    class Recorded:
        """Kiwi, recording the texts it is asked to split."""

        def __init__(self, real) -> None:
            self.real = real

        def __getattr__(self, name: str):
            return getattr(self.real, name)

        def split_into_sents(self, texts, **kw):
            asked.extend(texts)
            return self.real.split_into_sents(texts, **kw)

    monkeypatch.setattr(KoreanLayer, "kiwi", property(lambda self: pytest.fail("Kiwi loaded on a warm review")))
    assert review() == want  # warm: every answer read back
    monkeypatch.undo()
    doc = smol / "docs" / "source" / "ko" / "guided_tour.md"
    text = doc.read_text(encoding="utf-8")
    para = next(p for p in text.split("\n\n") if p and p[0] not in "#<`-|[!>" and "다." in p)
    doc.write_text(text.replace(para, para + " 이 문장은 새로 썼다.", 1), encoding="utf-8")
    edited = uncached(review)
    monkeypatch.setattr(KoreanLayer, "kiwi", property(lambda self: Recorded(kiwi.fget(self))))
    assert review() == edited
    assert asked and all("새로 썼다" in t for t in asked)  # only the edited text is asked again


def test_a_warm_plan_reads_the_team_examples_without_the_analyzer(smol: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``translate --dry-run`` reads the team's past translations for examples, with their registers from Kiwi:
    that reading is kept in the checkout's cache as ``check`` keeps it (a plan of diffusers ko loaded Kiwi on
    every run, 0.8 of 2.1 cpu s and 250 MB, with nothing changed). The plan is the same without the cache."""
    from hfi18n.lang.ko import KoreanLayer

    def plan() -> dict[str, object]:
        return api.plan(smol, "ko", next_n=3, update=True).to_json()

    want = uncached(plan)
    assert plan() == want  # cold: Kiwi read the examples, its answers kept
    monkeypatch.setattr(KoreanLayer, "kiwi", property(lambda self: pytest.fail("Kiwi loaded on a warm plan")))
    assert plan() == want


def test_a_changed_review_record_changes_the_status_row(tmp_path: Path, with_cache) -> None:
    """Status keeps each page's review state under the blobs of the page and of its review record (issue
    36's ``_review/<page>.json``): a record rewritten to the same size and modification time (another
    reviewer's sign-off) is another state, where a cache keyed by size and time kept the old one."""
    import os

    from hfi18n.repo.signoff import (
        MachineWrite,
        ReviewRecord,
        SignOff,
        page_segments,
        record_path,
        write_record,
    )

    repo = tmp_path / "repo"
    (repo / "docs/source/en").mkdir(parents=True)
    (repo / "docs/source/ko").mkdir(parents=True)
    (repo / "docs/source/en/agents.md").write_text("# Agents [[agents]]\n\nAn agent decides.\n\nIt calls tools.\n",
                                                   encoding="utf-8")
    page = "# 에이전트 [[agents]]\n\n에이전트가 정합니다.\n\n도구를 부릅니다.\n"
    (repo / "docs/source/ko/agents.md").write_text(page, encoding="utf-8")
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm",
                    "docs"], check=True)
    layout = DocsLayout.open(repo)
    segs = frozenset(page_segments(page))

    def record(by: str) -> ReviewRecord:
        return ReviewRecord("agents.md", MachineWrite("agents.md", "e" * 40, segs),
                            SignOff(by, "2026-10-01T00:00:00Z", "c" * 40, "e" * 40, segs))

    def review() -> object:
        return next(d for d in rows(repo) if d["path"] == "agents.md")["review"]

    write_record(layout, "ko", record("kim"))
    first = review()
    assert first == uncached(review) and first["reviewed"]["by"] == "kim"
    path = record_path(layout, "ko", "agents.md")
    st = path.stat()
    write_record(layout, "ko", record("lee"))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size
    second = review()
    assert second == uncached(review) and second["reviewed"]["by"] == "lee"


def test_the_aligned_units_read_english_versions_through_the_one_history_reader(smol: Path,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``aligned_units(history=True)`` (the glossary miner's) reads the English versions a translation was
    made against from the run's one history (``load_history``, kept by HEAD) and blob reader: no ``git log``
    of its own once the history is kept. A commit that renamed ``x.mdx`` to ``x.md`` is one commit, not
    two of the eight English versions tried (smolagents ``hi/guided_tour.md``: 8 distinct versions, where the
    log read by name gave 7)."""
    from hfi18n.translate.aligned import _EnglishHistory, aligned_units

    rows(smol, "hi")  # status keeps the history
    calls: list[list[str]] = []
    real_run, real_popen = subprocess.run, subprocess.Popen
    monkeypatch.setattr(subprocess, "run", lambda argv, *a, **k: calls.append(list(argv)) or real_run(argv, *a, **k))
    monkeypatch.setattr(subprocess, "Popen", lambda argv, *a, **k: calls.append(list(argv)) or real_popen(argv, *a, **k))
    from hfi18n.repo import doclog

    doclog._HISTORY_CACHE.clear()
    units = list(aligned_units(smol, "hi"))
    assert units and calls and not any("log" in argv for argv in calls)
    monkeypatch.undo()
    versions = _EnglishHistory(DocsLayout.open(smol), "hi")
    try:
        assert len(versions.english_versions("guided_tour.md")) == 8
    finally:
        versions.close()


def test_a_check_after_an_edit_asks_the_analyzer_about_the_new_text_only(smol: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """What Kiwi said about a text (its sentences, a word's morphemes, a word joined back for a suggestion)
    is kept under the text and the analyzer's version: after a hand edit whose new sentence the surface
    reads, ``check`` of the doc gives the same findings as ``--no-cache`` without loading Kiwi (0.5 s, a
    second of CPU with its first call, 300 MB: a diffusers doc went from 2.2 to 0.6 CPU seconds)."""
    from hfi18n.lang import ko as ko_layer

    findings(smol)  # a whole check: every doc's readings kept
    doc = smol / "docs" / "source" / "ko" / "tutorials" / "building_good_agents.md"
    text = doc.read_text(encoding="utf-8")
    at = text.index("\n## ") + 1
    doc.write_text(text[:at] + "새 문장을 추가합니다.\n\n" + text[at:], encoding="utf-8")

    def no_kiwi(self: object) -> object:
        raise AssertionError("Kiwi was loaded for a text it read before")

    monkeypatch.setattr(ko_layer.KoreanLayer, "kiwi", property(no_kiwi))
    got = findings(smol, "ko", ("tutorials/building_good_agents.md",))
    monkeypatch.undo()
    assert got == uncached(findings, smol, "ko", ("tutorials/building_good_agents.md",))
    assert any(str(f["check"]).startswith("style/") and f["suggestion"] for f in got)


def test_what_a_translation_follows_is_in_every_key(tmp_path: Path, with_cache) -> None:
    """Issue 31 made a translation's record depend on more than its base: the English it follows (the base with
    the English changes carried to it in the same commit, judged hunk by hunk) and the translation as it is
    (an emptied, cut or half-deleted file is ``incomplete``). Status's drift, check's kept findings and the
    units a translation does not hold are keyed by those texts' blob ids, so a warm run says what a run
    without the cache says after each step: a cut (uncommitted), an English edit carried in the commit that
    also restores the cut, then an English edit committed with an unrelated change of the translation."""
    repo = tmp_path / "repo"
    en, ko = repo / "docs/source/en/agents.md", repo / "docs/source/ko/agents.md"
    en.parent.mkdir(parents=True)
    ko.parent.mkdir(parents=True)
    en.write_text("# Agents [[agents]]\n\nAn agent decides what to do.\n\nIt calls tools.\n\n"
                  "## Memory [[memory]]\n\nIt remembers steps.\n", encoding="utf-8")
    page = ("# 에이전트 [[agents]]\n\n에이전트는 무엇을 할지 정합니다.\n\n도구를 부릅니다.\n\n"
            "## 메모리 [[memory]]\n\n단계를 기억합니다.\n")
    ko.write_text(page, encoding="utf-8")
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)

    def commit(message: str) -> None:
        subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)
        subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com", "commit",
                        "-qm", message], check=True)

    def row() -> dict[str, object]:
        return next(d for d in rows(repo) if d["path"] == "agents.md")

    def same() -> tuple[dict[str, object], list[dict[str, object]]]:
        got = (row(), findings(repo))
        assert got == (uncached(row), uncached(findings, repo))
        assert got == (row(), findings(repo))  # warm again: read back
        return got

    commit("docs: agents")
    st, found = same()
    assert st["state"] == "up-to-date" and not found
    ko.write_text(page.split("## 메모리")[0], encoding="utf-8")  # cut, not committed
    st, found = same()
    assert st["state"] == "outdated" and "incomplete" in st["flags"]
    assert "incomplete" in [f["check"] for f in found]
    en.write_text(en.read_text(encoding="utf-8").replace("It calls tools.", "It calls tools and reads files."),
                  encoding="utf-8")
    ko.write_text(page.replace("도구를 부릅니다.", "도구를 부르고 파일을 읽습니다."), encoding="utf-8")
    commit("docs: tools and files")  # carried in the same commit
    st, found = same()
    assert st["state"] == "up-to-date" and "incomplete" not in st["flags"]
    en.write_text(en.read_text(encoding="utf-8").replace("It remembers steps.", "It remembers every step."),
                  encoding="utf-8")
    ko.write_text(ko.read_text(encoding="utf-8").replace("# 에이전트 [[agents]]", "# 에이전트 (Agents) [[agents]]"),
                  encoding="utf-8")
    commit("docs: memory")  # the English edit is not in the translation's change: drift
    st, found = same()
    assert st["state"] == "outdated" and st["commits_behind"] == 1 and "incomplete" not in st["flags"]
