"""``hfi18n translate`` end to end: real provider clients against the loopback LLM server, real git."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import pytest

from hfi18n.check import check_paths
from hfi18n.cli import main
from hfi18n.doc import PLACEHOLDER_RE
from hfi18n.doc.draft import DRAFT_MARK
from hfi18n.fileio import TEMP_PREFIX
from hfi18n.repo.layout import DocsLayout
from hfi18n.translate.pipeline import Translator, new_job
from hfi18n.translate.providers.types import AuthError
from hfi18n.write.gate import render_checked, write_job
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import SlowCliTranslate, isolate_env, memory_rows

EN_CODE = 'tokenizer = AutoTokenizer.from_pretrained("tiny/bert")'


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate_env(monkeypatch, tmp_path)


def errors_of(repo: Path, rel: str) -> list[str]:
    findings, _ = check_paths(DocsLayout.open(repo), "ko", [rel])
    return [f"{f.check}:{f.line}" for f in findings if f.severity == "error"]


def test_openai_compatible_end_to_end(repo: Path, server: FakeLLMServer, monkeypatch, capsys) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--provider", "openai",
                 "--base-url", server.openai_base_url, "--model", "gpt-4.1-mini", "--format", "json"])
    assert code == 0, capsys.readouterr()
    summary = json.loads(capsys.readouterr().out)
    assert summary["docs"][0]["written"] is True
    assert summary["failed_segments"] == 0 and summary["translated"] == 6
    text = (repo / "docs/source/ko/training.md").read_text(encoding="utf-8")
    assert EN_CODE in text and "[[autodoc]] Trainer\n    - train\n    - evaluate" in text
    assert "[`Trainer`]" in text and "[`~Trainer.train`]" in text
    assert "## " in text and "[[prepare-a-dataset]]" in text  # translated heading keeps the English anchor
    assert not PLACEHOLDER_RE.search(text)
    assert errors_of(repo, "training.md") == []
    for req in server.requests:
        assert req.headers["authorization"] == "Bearer test-key"
        user = req.json["messages"][-1]["content"]
        assert EN_CODE not in user and "[[autodoc]]" not in user and "[`Trainer`]" not in user
    assert "test-key" not in text


def test_anthropic_end_to_end_and_memory_makes_rerun_free(repo: Path, server: FakeLLMServer, monkeypatch,
                                                          capsys) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
    argv = ["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--provider", "anthropic",
            "--base-url", server.url, "--format", "json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    sent = len(server.requests)
    assert sent >= 1 and server.requests[0].path == "/v1/messages"
    assert server.requests[0].headers["x-api-key"] == "test-key"
    assert "system" in server.requests[0].json
    (repo / "docs/source/ko/training.md").unlink()  # the file is gone: translated again, from the memory
    assert main(argv) == 0
    second = json.loads(capsys.readouterr().out)
    assert len(server.requests) == sent  # nothing sent the second time
    assert second["from_memory"] == first["translated"] and second["requests"] == 0
    assert main([*argv, "--force"]) == 0  # --force asks the model again (issue 23): nothing from the memory
    third = json.loads(capsys.readouterr().out)
    assert third["from_memory"] == 0 and third["requests"] >= 1 and len(server.requests) > sent
    backups = list((repo / ".git/hfi18n/backup").rglob("training.md"))
    assert len(backups) == 1


CONTENT_FAULTS = ["drop_placeholder", "duplicate_placeholder", "chatter", "fence", "wrong_language",
                  "drop_segment", "truncate", "reorder", "bad_json"]


@pytest.mark.parametrize("fault", CONTENT_FAULTS)
def test_content_fault_is_retried_never_written(repo: Path, server: FakeLLMServer, fault: str) -> None:
    getattr(server, fault)()
    provider = server.provider("openai", model="gpt-4.1-mini")
    layout = DocsLayout.open(repo)
    en = (repo / "docs/source/en/training.md").read_text(encoding="utf-8")
    job = new_job("training.md", en, layout.path("ko", "training.md"))
    tr = Translator(provider, "ko", concurrency=2)
    stats = tr.run([job])
    assert job.failures == []
    assert stats.translated == len(list(job.doc.segments()))
    if fault not in ("reorder",):
        assert server.requests[0].fault == fault
    if fault in ("chatter", "fence"):  # the elements are intact: used, the wrapping dropped
        assert stats.extra_text_dropped == 1 and stats.retried_segments == 0
    elif fault not in ("reorder", "bad_json"):
        assert stats.retried_segments >= 1
    write_job(job, DocsLayout.open(repo), lang="ko")
    assert job.written and errors_of(repo, "training.md") == []
    text = job.target.read_text(encoding="utf-8")
    assert "Here is the translation" not in text and "```md" not in text and not PLACEHOLDER_RE.search(text)


@pytest.mark.parametrize("fault", ["rate_limit", "server_error", "timeout", "disconnect"])
def test_http_fault_is_retried(repo: Path, server: FakeLLMServer, fault: str) -> None:
    kwargs = {"rate_limit": {"retry_after": 1}, "timeout": {"seconds": 2.0}}.get(fault, {})
    getattr(server, fault)(**kwargs)
    provider = server.provider("anthropic", timeout=0.5)
    en = (repo / "docs/source/en/training.md").read_text(encoding="utf-8")
    job = new_job("training.md", en, repo / "docs/source/ko/training.md")
    started = time.monotonic()
    stats = Translator(provider, "ko", concurrency=1, batch_tokens=5000).run([job])
    assert job.failures == [] and stats.requests == 1
    if fault == "rate_limit":
        gap = server.requests[1].started - server.requests[0].ended
        assert gap >= 0.95  # waited as long as Retry-After said
        assert time.monotonic() - started >= 1.0


def test_persistent_wrong_language_stays_english_and_is_reported(repo: Path, server: FakeLLMServer) -> None:
    server.wrong_language(times=100, match="Fine-tuning adapts a pretrained model")
    provider = server.provider("openai")
    en = (repo / "docs/source/en/training.md").read_text(encoding="utf-8")
    job = new_job("training.md", en, repo / "docs/source/ko/training.md")
    tr = Translator(provider, "ko", concurrency=1)
    tr.run([job])
    assert [f.line for f in job.failures] == [5]
    assert "English" in job.failures[0].reason or "wrong language" in job.failures[0].reason
    write_job(job, DocsLayout.open(repo), lang="ko")
    text = job.target.read_text(encoding="utf-8")
    assert "Fine-tuning adapts a pretrained model to your dataset." in text  # kept in English
    assert text.startswith(DRAFT_MARK) and "draft" in job.note  # ... so only as a marked draft
    findings, _ = check_paths(DocsLayout.open(repo), "ko", ["training.md"])
    assert [(f.check, f.severity) for f in findings] == [("untranslated", "warning")]


def test_rejected_key_stops_the_run_and_writes_nothing(repo: Path, server: FakeLLMServer, monkeypatch,
                                                       capsys) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-wrong-secret-123456")
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--provider", "openai",
                 "--base-url", server.openai_base_url])
    err = capsys.readouterr().err
    assert code == 2
    assert "rejected" in err.lower() or "401" in err
    assert "sk-wrong-secret-123456" not in err
    assert not (repo / "docs/source/ko/training.md").exists()
    with pytest.raises(AuthError):
        provider = server.provider("openai", api_key="bad")
        Translator(provider, "ko").run([new_job("training.md", "Some text to translate here.\n",
                                                repo / "x.md")])


def test_no_provider_configured_says_how(repo: Path, capsys) -> None:
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "training.md"])
    err = capsys.readouterr().err
    assert code == 2
    assert "ANTHROPIC_API_KEY" in err and "pseudo" in err


def test_existing_translation_is_never_overwritten_silently(repo: Path, capsys) -> None:
    before = (repo / "docs/source/ko/quicktour.md").read_bytes()
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "quicktour.md", "--provider", "pseudo"])
    assert code == 1
    assert "--update" in capsys.readouterr().err
    assert (repo / "docs/source/ko/quicktour.md").read_bytes() == before


def test_dry_run_sends_nothing_and_prices_the_plan(repo: Path, server: FakeLLMServer, monkeypatch,
                                                   capsys) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "--next", "5", "--dry-run", "--provider",
                 "openai", "--base-url", server.openai_base_url, "--model", "gpt-4.1-mini", "--format", "json"])
    assert code == 0
    plan = json.loads(capsys.readouterr().out)
    assert server.requests == []
    assert [d["path"] for d in plan["docs"]] == ["training.md"]
    assert plan["segments"] == 6 and plan["tokens_in"] > 0 and plan["costs_usd"]["gpt-4.1-mini"] > 0
    assert not (repo / "docs/source/ko/training.md").exists()


def test_update_keeps_human_segments_and_sends_only_changes(repo: Path, server: FakeLLMServer, monkeypatch,
                                                            capsys) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "index.md", "--update", "--provider",
                 "openai", "--base-url", server.openai_base_url, "--format", "json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["updates"]["index.md"] == {"kept": 4, "changed": 3, "removed": 1, "kept_human": 4,
                                              "kept_machine": 0, "unfinished": 0, "left_out": []}
    text = (repo / "docs/source/ko/index.md").read_text(encoding="utf-8")
    assert "pip로 설치하세요:" in text and "프로젝트를 분리하려면 가상 환경을 사용하세요." in text
    assert "## 설치 [[installation]]" in text and "[[next-steps]]" in text
    sent = "\n".join(r.json["messages"][-1]["content"].split("<segments>")[1] for r in server.requests)
    assert "Next steps" in sent and "small GPU" in sent
    assert "Install it with pip" not in sent and "virtual environment" not in sent
    assert errors_of(repo, "index.md") == []


def test_max_cost_stops_sending(repo: Path, server: FakeLLMServer) -> None:
    provider = server.provider("openai", model="gpt-4.1")
    en = (repo / "docs/source/en/training.md").read_text(encoding="utf-8")
    job = new_job("training.md", en, repo / "docs/source/ko/training.md")
    stats = Translator(provider, "ko", concurrency=1, batch_tokens=20, max_cost=1e-9).run([job])
    assert stats.requests == 1 and stats.stopped_for_cost
    assert job.failures and all("max-cost" in f.reason for f in job.failures)


@pytest.mark.slow
def test_kill_9_resumes_without_losing_work_or_leaving_half_files(repo: Path, monkeypatch) -> None:
    with FakeLLMServer(api_key="test-key", latency=0.3) as server:
        run = SlowCliTranslate.of(repo, server.openai_base_url)
        proc = subprocess.Popen(run.argv, env=run.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        run.wait_for_rows(3)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        done = memory_rows(run.memory)
        assert 3 <= done < 6
        target = repo / "docs/source/ko/training.md"
        assert not target.exists() and not list(target.parent.glob(".training.md.*"))
        assert not list(target.parent.glob(TEMP_PREFIX + "*"))
        first_run = len(server.requests)
        result = subprocess.run(run.argv, env=run.env, capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        assert len(server.requests) - first_run == 6 - done  # only what was not finished
        assert errors_of(repo, "training.md") == []


@pytest.mark.corpus
@pytest.mark.slow
@pytest.mark.parametrize("name", ["diffusers", "huggingface_hub", "smolagents"])
def test_pseudo_over_every_english_doc_passes_check(corpus, name: str) -> None:
    from hfi18n.config import Config
    from hfi18n.translate.providers import get_provider

    root = corpus(name) / "docs" / "source" / "en"
    provider = get_provider("pseudo", config=Config(), lang="ko")
    docs = sorted(p for p in root.rglob("*") if p.suffix in (".md", ".mdx"))
    assert docs
    for path in docs:
        job = new_job(path.name, path.read_text(encoding="utf-8"), Path("/nonexistent") / path.name)
        tr = Translator(provider, "ko", concurrency=1, batch_tokens=4000)
        tr.run([job])
        render_checked(job, lang="ko", display_path=str(path))
        assert job.failures == [], (path, job.failures[:3])
        errors = [f for f in job.findings if f.severity == "error"]
        assert errors == [], (path, errors[:3])


def test_answer_that_breaks_check_is_not_written_unless_allowed(repo: Path, server: FakeLLMServer, monkeypatch,
                                                               capsys) -> None:
    """Valid per segment (placeholders intact) but the doc fails check: an unclosed <Tip> component."""
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    en = "# Title\n\nThis paragraph explains how the library loads every model from the Hub.\n"
    (repo / "docs/source/en/extra.md").write_text(en, encoding="utf-8")
    bad = '<1>제목</1>\n<2><Tip> 이 문단은 라이브러리가 Hub에서 모든 모델을 불러오는 방법을 설명합니다.</2>'
    argv = ["translate", "--repo", str(repo), "--lang", "ko", "extra.md", "--provider", "openai",
            "--base-url", server.openai_base_url, "--memory", str(repo / "no-memory.sqlite3")]
    server.reply(bad)
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert "not written" in out and "unbalanced-tag" in out
    assert not (repo / "docs/source/ko/extra.md").exists()
    (repo / "no-memory.sqlite3").unlink()
    server.reply(bad)
    assert main([*argv, "--allow-errors"]) == 0
    text = (repo / "docs/source/ko/extra.md").read_text(encoding="utf-8")
    assert text.startswith("<!-- hfi18n: this machine draft has check errors")
    assert "# 제목 [[title]]" in text


@pytest.mark.corpus
@pytest.mark.slow
@pytest.mark.parametrize("name", ["huggingface_hub", "smolagents"])
def test_update_every_outdated_and_missing_ko_doc_of_a_corpus(corpus_copy, name: str, capsys, server,
                                                             monkeypatch) -> None:
    """Every missing doc is translated and every outdated one updated; all pass check, so all are written.
    Errors the human translation already had are reported as warnings and do not block the update. (With
    the loopback provider: pseudo, a test double, never updates a human translation.)"""
    repo = corpus_copy(name)
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "--next", "1000", "--update",
                 "--provider", "openai", "--base-url", server.openai_base_url, "--format", "json"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 0, [d for d in summary["docs"] if not d["written"]][:3]
    assert len(summary["updates"]) >= 8 and summary["failed_segments"] == 0
    kept = sum(u["kept"] for u in summary["updates"].values())
    changed = sum(u["changed"] for u in summary["updates"].values())
    assert kept > 0.3 * (kept + changed)  # much of the human text survives an update
    status = subprocess.run(["git", "-C", str(repo), "status", "--porcelain", "docs/source/en"],
                            capture_output=True, text=True, check=True)
    assert status.stdout == ""  # English untouched


def test_next_skips_docs_an_open_pr_translates(repo: Path, monkeypatch, capsys) -> None:
    from tests.fakes.github_server import FakeGitHub

    (repo / "docs/source/en/extra.md").write_text("# Extra\n\nA second page that nobody translates yet.\n",
                                                  encoding="utf-8")
    with FakeGitHub(token="gh-token") as gh:
        gh.add_repo("o/site")
        gh.add_pull("o/site", title="🌐 [i18n-KO] Translated `training.md` to Korean", head="someone:ko-training")
        (repo / "hfi18n.toml").write_text(f'[github]\nupstream = "o/site"\napi_url = "{gh.url}"\n',
                                          encoding="utf-8")
        monkeypatch.setenv("GITHUB_TOKEN", "gh-token")
        argv = ["translate", "--repo", str(repo), "--lang", "ko", "--next", "5", "--dry-run", "--format", "json"]
        assert main(argv) == 0
        assert [d["path"] for d in json.loads(capsys.readouterr().out)["docs"]] == ["extra.md"]
        assert any(r.path.startswith("/repos/o/site/pulls") for r in gh.requests)
    monkeypatch.delenv("GITHUB_TOKEN")
    (repo / ".git/hfi18n/pulls.json").unlink()
    assert main(argv) == 0  # no token: PR detection skipped, said on stderr, both docs planned
    captured = capsys.readouterr()
    assert "PR detection skipped" in captured.err
    assert sorted(d["path"] for d in json.loads(captured.out)["docs"]) == ["extra.md", "training.md"]
