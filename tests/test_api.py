"""The library API (hfi18n.api) and the write path: what reaches the disk, when, and over what.

Translate runs go through ``api.translate`` against the loopback LLM server (real HTTP clients, real
git repos); a run's progress callback is used to act in the middle of it (a human saves the file, the
user presses Stop).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from hfi18n import api
from hfi18n.cli import main
from hfi18n.config import Config
from hfi18n.doc.draft import DRAFT_MARK
from hfi18n.errors import RefusedError
from hfi18n.fileio import ABSENT, TEMP_PREFIX, atomic_write, clean_stale_temps, snapshot
from hfi18n.repo.layout import DocsLayout
from hfi18n.write.gate import Backups
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import isolate_env

KO = "docs/source/ko/training.md"


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key")


def cfg(server: FakeLLMServer, **openai) -> Config:
    return Config({"providers": {"openai": {"base_url": server.openai_base_url, "max_retries": 0, **openai}}})


def run(repo: Path, server: FakeLLMServer, *paths: str, **kw) -> api.TranslateResult:
    kw.setdefault("config", cfg(server))
    return api.translate(repo, "ko", list(paths) or ["training.md"], provider="openai",
                         memory=repo / "memory.sqlite3", **kw)


def state_of(repo: Path, rel: str) -> tuple[str, list[str]]:
    result = api.status(repo, ["ko"], pulls=False)
    [d] = [d for d in result.report.docs if d.path == rel]
    return d.state, d.flags


# ------------------------------------------------------------------------ issue 8.1: failed requests


def test_every_request_failing_writes_nothing_and_exits_non_zero(repo: Path, server: FakeLLMServer,
                                                                 capsys) -> None:
    server.server_error(500, times=10_000)
    result = run(repo, server)
    assert result.stats.translated == 0 and result.stats.failed_segments == 6
    [doc] = result.docs
    assert not doc.written and "no segment was translated" in doc.note
    assert not (repo / KO).exists()  # never the English written as the translation
    assert result.exit_code == 1
    assert state_of(repo, "training.md")[0] in ("missing", "in-progress")  # as before the run
    # the same through the CLI: non-zero, nothing written, and a later run is not refused as "human work"
    server.server_error(500, times=10_000)
    argv = ["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--provider", "openai",
            "--base-url", server.openai_base_url, "--memory", str(repo / "m.sqlite3")]
    assert main(argv) == 1
    assert not (repo / KO).exists()
    server.reset()
    assert main(argv) == 0 and (repo / KO).is_file()


def test_an_update_where_every_request_fails_leaves_the_human_file_alone(repo: Path,
                                                                         server: FakeLLMServer) -> None:
    human = (repo / "docs/source/ko/index.md").read_bytes()
    server.server_error(500, times=10_000)
    result = run(repo, server, "index.md", update=True)
    [doc] = result.docs
    assert result.updates["index.md"].kept > 0 and result.stats.failed_segments > 0
    assert not doc.written and "no segment was translated" in doc.note and result.exit_code == 1
    assert (repo / "docs/source/ko/index.md").read_bytes() == human  # not turned into a draft


def test_some_failed_segments_give_a_marked_draft_that_status_calls_a_draft(repo: Path,
                                                                           server: FakeLLMServer) -> None:
    server.wrong_language(times=100, match="Fine-tuning adapts a pretrained model")
    result = run(repo, server)
    [doc] = result.docs
    assert doc.written and doc.draft and result.stats.failed_segments == 1
    assert result.exit_code == 1
    text = (repo / KO).read_text(encoding="utf-8")
    assert text.startswith(DRAFT_MARK)
    state, flags = state_of(repo, "training.md")
    assert state == "in-progress" and "draft" in flags  # not up to date
    assert result.to_json()["docs"][0]["draft"] is True


def test_publish_refuses_a_machine_draft(repo: Path) -> None:
    (repo / KO).write_text(DRAFT_MARK + "# 훈련\n", encoding="utf-8")
    with pytest.raises(RefusedError, match="machine draft"):
        api.publish(repo, "ko", "training.md", no_llm=True)


# --------------------------------------------------------------- issue 8.2: a file appears meanwhile


def _save_during_run(repo: Path, text: str):
    """A progress callback that saves a human file at the target when the first segments are done."""
    done = threading.Event()

    def progress(event: api.ProgressEvent) -> None:
        if event.kind is api.ProgressKind.SEGMENTS and not done.is_set():
            done.set()
            (repo / KO).write_text(text, encoding="utf-8")

    return progress


def test_human_file_appearing_during_a_run_is_never_overwritten(repo: Path, server: FakeLLMServer) -> None:
    human = "# 사람이 번역한 문서\n\n사람의 작업입니다.\n"
    result = run(repo, server, progress=_save_during_run(repo, human), concurrency=1, batch_tokens=5)
    [doc] = result.docs
    assert not doc.written and "changed since this run started" in doc.note
    assert (repo / KO).read_text(encoding="utf-8") == human
    assert result.exit_code == 1


def test_force_never_replaces_a_save_made_during_the_run(repo: Path, server: FakeLLMServer) -> None:
    """Issue #15: ``--force`` replaces the file the run selected, not one a human saved meanwhile (the
    expected content used to be taken when the backup was made, at write time)."""
    (repo / KO).write_text("# 처음\n", encoding="utf-8")
    human = "# 실행 중에 저장된 사람의 번역\n"
    result = run(repo, server, force=True, progress=_save_during_run(repo, human), concurrency=1, batch_tokens=5)
    [doc] = result.docs
    assert not doc.written and "changed since this run started" in doc.note
    assert (repo / KO).read_text(encoding="utf-8") == human


def test_write_with_expected_snapshot_is_atomic_and_refuses_changes(tmp_path: Path) -> None:
    target = tmp_path / "a.md"
    atomic_write(target, "one", expect=ABSENT)
    with pytest.raises(RefusedError):
        atomic_write(target, "two", expect=ABSENT)  # something is there now
    before = snapshot(target)
    target.write_text("human", encoding="utf-8")
    with pytest.raises(RefusedError):
        atomic_write(target, "three", expect=before)
    assert target.read_text(encoding="utf-8") == "human"
    atomic_write(target, "four", expect=snapshot(target))
    assert target.read_text(encoding="utf-8") == "four"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.md"]  # no temporary file left


def test_a_save_at_the_last_moment_is_never_lost(tmp_path: Path, monkeypatch) -> None:
    """A human save right before the replacement: the exchange-then-compare puts it back."""
    from hfi18n import fileio

    if fileio._renameat2() is None:
        pytest.skip("no renameat2 on this system: atomic_write compares, then renames")
    target = tmp_path / "a.md"
    target.write_text("old", encoding="utf-8")
    before = snapshot(target)
    real, calls = fileio._swap, []

    def racing(a: str, b: Path) -> bool:
        if not calls:
            b.write_text("human", encoding="utf-8")  # saved just before the exchange
        calls.append(a)
        return real(a, b)

    monkeypatch.setattr(fileio, "_swap", racing)
    with pytest.raises(RefusedError):
        atomic_write(target, "machine", expect=before)
    assert target.read_text(encoding="utf-8") == "human" and len(calls) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["a.md"]


def test_without_an_atomic_exchange_the_snapshot_is_still_compared(tmp_path: Path, monkeypatch) -> None:
    from hfi18n import fileio

    monkeypatch.setattr(fileio, "_swap", lambda a, b: False)
    target = tmp_path / "a.md"
    target.write_text("old", encoding="utf-8")
    before = snapshot(target)
    target.write_text("human", encoding="utf-8")
    with pytest.raises(RefusedError):
        atomic_write(target, "machine", expect=before)
    assert target.read_text(encoding="utf-8") == "human"
    atomic_write(target, "machine", expect=snapshot(target))
    assert target.read_text(encoding="utf-8") == "machine"


# ----------------------------------------------------------------------------- issue 8.3: backups


def test_two_force_runs_in_the_same_second_keep_both_backups(repo: Path, server: FakeLLMServer,
                                                            monkeypatch) -> None:
    monkeypatch.setattr(time, "strftime", lambda *_a: "20260101-000000")
    (repo / KO).write_text("# 사람의 첫 번역\n", encoding="utf-8")
    first = run(repo, server, force=True).docs[0]
    second = run(repo, server, force=True).docs[0]
    assert first.backup != second.backup
    assert first.backup.read_text(encoding="utf-8") == "# 사람의 첫 번역\n"
    assert second.backup.read_text(encoding="utf-8") != "# 사람의 첫 번역\n"


def test_a_link_leading_outside_the_repo_is_never_backed_up(repo: Path, tmp_path: Path) -> None:
    secret = tmp_path / "outside.md"
    secret.write_text("outside text\n", encoding="utf-8")
    link = repo / KO
    link.symlink_to(secret)
    backups = Backups(DocsLayout.open(repo))
    with pytest.raises(RefusedError, match="outside the repository"):
        backups.save(link)
    assert backups.saved == []
    root = repo / ".git/hfi18n/backup"
    assert not root.exists() or not any(p.is_file() for p in root.rglob("*"))


# --------------------------------------------------------------------------- issue 8.5: temp files


def test_temp_files_are_never_named_like_docs(tmp_path: Path, monkeypatch) -> None:
    seen: list[str] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        seen.extend(os.listdir(tmp_path))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    atomic_write(tmp_path / "doc.md", "text")
    [tmp] = [n for n in seen if n != "doc.md"]
    assert tmp.startswith(TEMP_PREFIX) and not tmp.endswith((".md", ".mdx", ".yml"))
    assert ".md" not in tmp


def test_a_write_killed_with_sigkill_leaves_a_temp_the_next_run_removes(repo: Path) -> None:
    folder = repo / "docs/source/ko"
    script = textwrap.dedent(f"""
        import os, time
        from hfi18n import fileio
        os.fsync = lambda fd: (print("writing", flush=True), time.sleep(60))
        fileio.atomic_write({str(folder / "new.md")!r}, "text " * 1000)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "writing"
    finally:
        proc.kill()
        proc.wait()
    [left] = [p for p in folder.iterdir() if p.name.startswith(TEMP_PREFIX)]
    assert not (folder / "new.md").exists()
    layout = DocsLayout.open(repo)
    assert all(TEMP_PREFIX not in rel for rel in layout.docs("ko"))  # discovery never sees it
    assert clean_stale_temps(folder, older_than=60) == []  # a run may still be writing it
    old = time.time() - 3600
    os.utime(left, (old, old))
    legacy = folder / ".index.md.ab12cd34.tmp"  # what earlier versions named them
    legacy.write_text("x", encoding="utf-8")
    os.utime(legacy, (old, old))
    keep = folder / ".notes.ab12cd34.tmp"  # not ours: no "notes" file beside it
    keep.write_text("x", encoding="utf-8")
    os.utime(keep, (old, old))
    removed = clean_stale_temps(folder)
    assert sorted(p.name for p in removed) == sorted([left.name, legacy.name])
    assert keep.exists()


# ------------------------------------------------------------------------------------ cancellation


def test_cancel_stops_within_a_request_and_keeps_finished_work(repo: Path, server: FakeLLMServer) -> None:
    cancel = threading.Event()

    def progress(event: api.ProgressEvent) -> None:
        if event.kind is api.ProgressKind.SEGMENTS:
            cancel.set()  # the Stop button, pressed as soon as something is done

    result = run(repo, server, concurrency=1, batch_tokens=5, progress=progress, cancel=cancel)
    assert result.cancelled and result.exit_code == 1
    assert len(server.requests) == 1  # nothing sent after the Stop
    [doc] = result.docs
    assert not doc.written and "cancelled" in doc.note and not (repo / KO).exists()
    assert result.to_json()["cancelled"] is True
    again = run(repo, server)  # finished segments come from the memory
    assert again.stats.cache_hits >= 1 and again.docs[0].written and again.exit_code == 0


@pytest.mark.slow
def test_ctrl_c_in_the_cli_cancels_cleanly(repo: Path) -> None:
    """The first Ctrl-C is the Stop button: no new request, nothing half-written, finished work kept."""
    import signal

    from tests.helpers import SlowCliTranslate, memory_rows

    with FakeLLMServer(api_key="test-key", latency=0.3) as server:
        run = SlowCliTranslate.of(repo, server.openai_base_url)
        proc = subprocess.Popen(run.argv, env=run.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        run.wait_for_rows(2)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        sent = len(server.requests)
    assert proc.returncode == 1, err
    assert "cancelled" in out and "stopping after the requests in flight" in err
    rows = memory_rows(run.memory)
    assert 2 <= rows < 6 and sent <= rows  # stopped early; every request sent was answered and kept
    target = repo / KO
    assert not target.exists() and not list(target.parent.glob(TEMP_PREFIX + "*"))


# ----------------------------------------------------------------------------- API shape and parity


def test_translate_json_is_what_the_cli_prints(repo: Path, server: FakeLLMServer, capsys) -> None:
    argv = ["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--provider", "openai",
            "--base-url", server.openai_base_url, "--memory", str(repo / "m.sqlite3"), "--format", "json"]
    assert main(argv) == 0
    printed = json.loads(capsys.readouterr().out)
    (repo / KO).unlink()
    result = api.translate(repo, "ko", ["training.md"], provider="openai", base_url=server.openai_base_url,
                           memory=repo / "m.sqlite3")
    data = result.to_json()
    assert set(data) == set(printed) and data["docs"][0].keys() == printed["docs"][0].keys()
    assert data["docs"][0]["written"] and data["from_memory"] == 6
    json.dumps(data)  # plain JSON


def test_every_result_is_plain_json(repo: Path) -> None:
    results = [
        api.status(repo, pulls=False), api.next_docs(repo, "ko", 3, pulls=False), api.check(repo, "ko"),
        api.plan(repo, "ko", ["training.md"], memory=repo / "m.sqlite3"), api.toctree_check(repo, "ko"),
        api.toctree(repo, "ko", no_llm=True, dry_run=True), api.glossary_lookup("ko", "the model and the pipeline"),
    ]
    for r in results:
        json.dumps(r.to_json(), ensure_ascii=False)
    plan = results[3]
    assert plan.model == "pseudo" and plan.to_json()["files"] == 1
    assert {t.source.lower() for t in results[-1].terms} & {"model", "pipeline"}


def test_next_docs_are_what_translate_next_picks(repo: Path) -> None:
    (repo / "docs/source/en/extra.md").write_text("# Extra\n\nA new page about models.\n", encoding="utf-8")
    listed = api.next_docs(repo, "ko", 5, pulls=False)
    plan = api.plan(repo, "ko", next_n=5, memory=repo / "m.sqlite3")
    assert [d.path for d in listed.docs] == [d["path"] for d in plan.estimate.per_doc]
    assert "extra.md" in [d.path for d in listed.docs]
    assert [r["rank"] for r in listed.to_json()] == list(range(1, len(listed.docs) + 1))
    with_updates = api.next_docs(repo, "ko", 5, update=True, pulls=False)
    assert "index.md" in [d.path for d in with_updates.docs]  # the outdated page


def test_unknown_language_is_a_clear_error(repo: Path) -> None:
    from hfi18n.errors import InputError

    with pytest.raises(InputError, match="no docs folder for language"):
        api.status(repo, ["xx"], pulls=False)


# ------------------------------------------------------------------- issue 9.6: --docs-root everywhere


def test_toctree_and_publish_take_a_docs_root(repo: Path, tmp_path: Path, capsys) -> None:
    other = tmp_path / "other"
    shutil.copytree(repo, other)
    shutil.move(other / "docs/source", other / "documentation")
    shutil.rmtree(other / "docs")
    (other / "documentation/ko/training.md").write_text("# 훈련 [[training]]\n", encoding="utf-8")
    argv = ["toctree", "--repo", str(other), "--lang", "ko", "--no-llm", "--format", "json"]
    assert main([*argv, "--docs-root", "documentation", "--dry-run"]) == 0
    assert any(c["local"] == "training" for c in json.loads(capsys.readouterr().out))
    assert main([*argv, "--docs-root", "documentation", "--check"]) in (0, 1)
    assert "toctree" in capsys.readouterr().out
    assert main(argv) == 2  # without it: no docs/source here
    assert "no English docs" in capsys.readouterr().err
    code = main(["publish", "training.md", "--repo", str(other), "--lang", "ko", "--docs-root", "documentation",
                 "--no-llm"])
    err = capsys.readouterr().err
    assert code == 2 and "no English docs" not in err and "upstream" in err  # got past the layout


def test_publish_with_a_docs_root_opens_the_pr_with_the_right_paths(tmp_path: Path, monkeypatch) -> None:
    from tests.fakes.github_server import FakeGitHub
    from tests.helpers import git, publish_repos
    from tests.test_publish import EN_CLI, FORK, KO_CLI, TOKEN, UPSTREAM

    ko_toc = ("- sections:\n  - local: index\n    title: 홈\n  title: 시작하기\n"
              "- sections:\n  - local: guides/download\n    title: 파일 다운로드\n  title: 가이드\n")
    upstream, fork, clone = publish_repos(
        tmp_path, {"en": ["index", "guides/download", "guides/cli"], "ko": ["index", "guides/download"]},
        docs_root="documentation", files={"en/guides/cli.md": EN_CLI}, toctrees={"en": "en.yml", "ko": ko_toc})
    (clone / "documentation/ko/guides/cli.md").write_text(KO_CLI, encoding="utf-8")
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    with FakeGitHub(token=TOKEN) as gh:
        gh.add_repo(UPSTREAM, clone_url=upstream.as_uri())
        gh.add_repo(FORK, clone_url=fork.as_uri(), parent=UPSTREAM)
        config = Config({"github": {"upstream": UPSTREAM, "fork": FORK, "api_url": gh.url}})
        with pytest.raises(Exception, match="no English docs"):
            api.publish(clone, "ko", "guides/cli.md", no_llm=True, config=config)  # docs/source: not here
        result = api.publish(clone, "ko", "guides/cli.md", docs_root="documentation", no_llm=True, config=config)
    assert result.draft and len(result.commits) == 2
    files = [git(fork, "show", "--name-only", "--format=", c).split() for c in result.commits]
    assert files == [["documentation/ko/guides/cli.md"], ["documentation/ko/_toctree.yml"]]
    assert "local: guides/cli" in git(fork, "show", f"{result.commits[1]}:documentation/ko/_toctree.yml")
