"""Batch mode end to end: real provider clients against the loopback server's batch endpoints, real git."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hfi18n import api
from hfi18n.translate.batch import JobStore
from hfi18n.translate.pipeline import Translator, new_job
from hfi18n.translate.providers.types import ChatRequest
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import isolate_env

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    isolate_env(monkeypatch, tmp_path, ANTHROPIC_API_KEY="test-key", OPENAI_API_KEY="test-key")
    if "server" in request.fixturenames:  # the providers configured on this machine are the loopback server:
        configure_providers(monkeypatch, request.getfixturevalue("server"))  # collect sends keys only there


def configure_providers(monkeypatch: pytest.MonkeyPatch, server: FakeLLMServer) -> None:
    """Point the environment's OpenAI and Anthropic base URLs at ``server`` (collect polls only the provider
    configured now: tests/test_hostile_v3.py::test_item8_an_edited_batch_job_file_never_sends_the_key_elsewhere)."""
    monkeypatch.setenv("OPENAI_BASE_URL", server.openai_base_url)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", server.url)


def _base(server: FakeLLMServer, name: str) -> str:
    return server.url if name == "anthropic" else server.openai_base_url


def _model(name: str) -> str:
    return "claude-sonnet-4-5" if name == "anthropic" else "gpt-4.1-mini"


def _submit(repo: Path, server: FakeLLMServer, name: str, paths=("training.md",), **kw) -> api.BatchJobResult:
    return api.batch_submit(repo, "ko", list(paths), provider=name, model=_model(name), base_url=_base(server, name),
                            memory=repo / "tm.sqlite3", **kw)


def _collect(repo: Path, **kw) -> api.BatchJobResult:
    return api.batch_collect(repo, **kw)


def _docs(repo: Path) -> dict[str, str]:
    ko = repo / "docs/source/ko"
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(ko.glob("*.md"))}


@pytest.mark.parametrize("name", ["anthropic", "openai"])
def test_batch_run_writes_the_same_docs_as_an_interactive_run(tmp_path: Path, server: FakeLLMServer,
                                                              name: str) -> None:
    from hfi18n.example import build_example_repo

    a = build_example_repo(tmp_path / "a")
    b = build_example_repo(tmp_path / "b")
    interactive = api.translate(a, "ko", ["training.md"], provider=name, model=_model(name),
                                base_url=_base(server, name), memory=a / "tm.sqlite3")
    assert interactive.exit_code == 0
    server.reset()
    sub = _submit(b, server, name)
    assert sub.state == "submitted" and sub.rounds[0]["batch_id"]
    paths = {r.path.split("?")[0] for r in server.requests}
    assert paths == ({"/v1/messages/batches"} if name == "anthropic" else {"/v1/files", "/v1/batches"})
    assert not (b / "docs/source/ko/training.md").exists()  # submit returns at once, writes nothing
    job_file = JobStore(b / ".git/hfi18n/batches").latest()
    assert job_file.rounds[0].batch_id == sub.rounds[0]["batch_id"]
    done = _collect(b)
    assert done.state == "done" and done.exit_code == 0, done.to_json()
    assert _docs(a)["training.md"] == _docs(b)["training.md"]
    assert done.usage["cost_usd"] > 0 and done.usage["requests"] >= 1
    # at the batch price: half of what the same tokens cost interactively
    from hfi18n.translate.pricing import estimate_cost

    full = estimate_cost(_model(name), int(done.usage["tokens_in"]), int(done.usage["tokens_out"]),
                         cache_write=int(done.usage["cache_write_tokens"]),
                         cache_read=int(done.usage["cache_read_tokens"]))
    assert done.usage["cost_usd"] == pytest.approx(full * 0.5, rel=1e-3)


def test_collect_twice_writes_nothing_twice(repo: Path, server: FakeLLMServer) -> None:
    _submit(repo, server, "anthropic")
    first = _collect(repo)
    target = repo / "docs/source/ko/training.md"
    assert first.state == "done" and target.exists()
    target.write_text(target.read_text(encoding="utf-8") + "\n<!-- a human edit -->\n", encoding="utf-8")
    before = target.read_text(encoding="utf-8")
    again = api.batch_collect(repo, first.job_id)
    assert again.state == "already-collected" and again.docs == []
    assert target.read_text(encoding="utf-8") == before
    with pytest.raises(Exception, match="no batch job to collect"):
        _collect(repo)


def test_still_running_batch_is_reported_and_collected_later(repo: Path, server: FakeLLMServer) -> None:
    server.batches.per_poll = 1
    sub = _submit(repo, server, "openai", batch_tokens=10)
    assert len(sub.rounds) == 1 and sub.rounds[0]["requests"] > 2
    first = _collect(repo)
    assert first.state == "running" and not (repo / "docs/source/ko/training.md").exists()
    status = api.batch_status(repo)
    assert status[-1].state == "running"  # two of three or more requests ran
    server.batches.per_poll = None
    status = api.batch_status(repo)
    assert status[-1].state == "submitted"  # ended at the provider, not collected yet
    assert JobStore(repo / ".git/hfi18n/batches").latest().rounds[0].ended
    assert _collect(repo).state == "done"
    assert (repo / "docs/source/ko/training.md").exists()


@pytest.mark.parametrize("name", ["anthropic", "openai"])
def test_faults_inside_a_batch_end_in_a_retry_batch(repo: Path, server: FakeLLMServer, name: str) -> None:
    sub = _submit(repo, server, name, batch_tokens=10)
    assert sub.rounds[0]["requests"] >= 3
    server.drop_placeholder(match="⟦")  # a bad answer
    server.server_error(500, match="Fine-tuning")  # an errored request
    server.batches.expire(match="Trainer")  # an expired request
    first = _collect(repo)
    assert first.state == "resubmitted", first.to_json()
    assert len(first.rounds) == 2 and first.rounds[1]["requests"] >= 2
    done = _collect(repo)
    assert done.state == "done" and done.exit_code == 0, done.to_json()
    text = (repo / "docs/source/ko/training.md").read_text(encoding="utf-8")
    assert "⟦" not in text and "Fine-tuning adapts" not in text


def test_retry_now_sends_failures_interactively(repo: Path, server: FakeLLMServer) -> None:
    _submit(repo, server, "anthropic", batch_tokens=10)
    server.wrong_language(match="Fine-tuning")
    done = _collect(repo, retry_now=True)
    assert done.state == "done" and done.exit_code == 0
    assert any(r.path == "/v1/messages" for r in server.requests)  # the retry went interactively
    assert len(done.rounds) == 1


def test_persistent_failure_is_reported_after_the_last_round(repo: Path, server: FakeLLMServer) -> None:
    _submit(repo, server, "openai", batch_tokens=10)
    server.wrong_language(match="Fine-tuning adapts", times=100)
    result = _collect(repo)
    while result.state == "resubmitted":
        result = _collect(repo)
    assert result.state == "done"
    failures = [f for d in result.docs for f in d.failures]
    assert len(failures) == 1
    assert "English" in str(failures[0]["reason"]) or "language" in str(failures[0]["reason"])
    assert result.exit_code == 1
    text = (repo / "docs/source/ko/training.md").read_text(encoding="utf-8")
    assert "Fine-tuning adapts a pretrained model to your dataset." in text and text.startswith("<!--")


def test_expired_and_cancelled_batches_lose_nothing_that_succeeded(repo: Path, server: FakeLLMServer) -> None:
    server.batches.per_poll = 1
    sub = _submit(repo, server, "anthropic", batch_tokens=10)
    n = sub.rounds[0]["requests"]
    assert n >= 3
    assert _collect(repo).state == "running"  # one request ran
    api.batch_cancel(repo)
    server.batches.per_poll = None
    result = _collect(repo)
    assert result.state == "resubmitted"
    counts = result.rounds[0]["counts"]
    assert counts["succeeded"] == 1 and counts["canceled"] == n - 1
    assert result.rounds[1]["requests"] >= n - 1  # only what did not succeed goes again
    server.batches.per_poll = 1
    _collect(repo)  # the retry round: one more request runs
    server.batches.expire_all()
    result = _collect(repo)
    assert result.rounds[1]["counts"]["expired"] >= 1
    server.batches.per_poll = None
    while result.state == "resubmitted":
        result = _collect(repo)
    assert result.state == "done" and result.exit_code == 0, result.to_json()


def test_nothing_is_resent_for_segments_in_memory(repo: Path, server: FakeLLMServer) -> None:
    _submit(repo, server, "openai")
    _collect(repo)
    (repo / "docs/source/ko/training.md").unlink()
    server.reset()
    sub = _submit(repo, server, "openai")
    assert sub.rounds == [] and server.requests == []
    assert _collect(repo).state == "done" and (repo / "docs/source/ko/training.md").exists()


def test_kill_9_between_submit_and_collect_loses_nothing(repo: Path, server: FakeLLMServer) -> None:
    script = (
        "import os, sys\n"
        "from hfi18n import api\n"
        "r = api.batch_submit(sys.argv[1], 'ko', ['training.md'], provider='anthropic', model='claude-sonnet-4-5',"
        " base_url=sys.argv[2], memory=sys.argv[1] + '/tm.sqlite3')\n"
        "print(r.job_id, flush=True)\n"
        "os.kill(os.getpid(), 9)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.run([sys.executable, "-c", script, str(repo), server.url], capture_output=True, text=True,
                          env=env, timeout=60)
    assert proc.returncode == -9
    job_id = proc.stdout.split()[0]
    saved = json.loads((repo / f".git/hfi18n/batches/{job_id}.json").read_text(encoding="utf-8"))
    assert saved["state"] == "submitted" and saved["rounds"][0]["batch_id"]
    result = api.batch_collect(repo)
    assert result.job_id == job_id and result.state == "done" and result.exit_code == 0
    submits = [r for r in server.requests if r.path == "/v1/messages/batches"]
    assert len(submits) == 1  # nothing was submitted twice


def test_an_answer_to_english_that_changed_since_submit_is_not_applied(repo: Path, server: FakeLLMServer) -> None:
    _submit(repo, server, "anthropic", batch_tokens=10)
    en = repo / "docs/source/en/training.md"
    text = en.read_text(encoding="utf-8")
    para = next(line for line in text.splitlines() if line.startswith("Fine-tuning adapts"))
    en.write_text(text.replace(para, para + " Now also with gradient checkpointing."), encoding="utf-8")
    first = _collect(repo)
    # every other answer is kept; the changed paragraph alone goes out again, with today's English
    assert first.state == "resubmitted", first.to_json()
    assert first.rounds[1]["requests"] == 1
    submits = [r.json for r in server.requests if r.path == "/v1/messages/batches" and isinstance(r.json, dict)]
    assert len(submits) == 2 and "gradient checkpointing" in json.dumps(submits[1], ensure_ascii=False)
    done = _collect(repo)
    assert done.state == "done" and done.exit_code == 0, done.to_json()
    ko = (repo / "docs/source/ko/training.md").read_text(encoding="utf-8")
    assert "Fine-tuning adapts" not in ko and "gradient checkpointing" not in ko


def test_a_human_file_saved_between_submit_and_collect_is_never_overwritten(repo: Path,
                                                                           server: FakeLLMServer) -> None:
    _submit(repo, server, "openai")
    target = repo / "docs/source/ko/training.md"
    human = "# 사람이 번역한 문서\n\n사람의 작업입니다.\n"
    target.write_text(human, encoding="utf-8")
    result = _collect(repo)
    assert result.state == "done" and result.exit_code == 1 and result.docs == []
    assert [k.en_rel for k in result.skipped] == ["training.md"] and "human work" in result.skipped[0].reason
    assert target.read_text(encoding="utf-8") == human
    assert result.usage["requests"] >= 1 and result.usage["cost_usd"] > 0  # the answers were paid for...
    target.unlink()
    server.reset()
    again = _submit(repo, server, "openai")
    assert again.rounds == [] and server.requests == []  # ...and kept in the translation memory


def test_submission_cut_off_is_found_by_its_label_or_sent_again(repo: Path, server: FakeLLMServer) -> None:
    sub = _submit(repo, server, "openai")
    store = JobStore(repo / ".git/hfi18n/batches")
    job = store.load(sub.job_id)
    job.rounds[0].batch_id = None  # as if killed after the provider created the batch, before the save
    job.state = "submitting"
    store.save(job)
    done = _collect(repo)
    assert done.state == "done" and done.rounds[0]["batch_id"] == sub.rounds[0]["batch_id"]
    assert len([r for r in server.requests if r.path == "/v1/batches"]) == 1


def test_providers_without_a_batch_api_are_refused(repo: Path) -> None:
    with pytest.raises(Exception, match="has no batch API"):
        api.batch_submit(repo, "ko", ["training.md"], provider="pseudo")


def test_batch_requests_carry_the_cacheable_prefix_and_report_cache_usage(repo: Path, server: FakeLLMServer) -> None:
    sub = _submit(repo, server, "anthropic", batch_tokens=10)
    create = next(r for r in server.requests if r.path == "/v1/messages/batches")
    params = [req["params"] for req in create.json["requests"]]
    assert len(params) == sub.rounds[0]["requests"] >= 2
    systems = {json.dumps(p["system"]) for p in params}
    assert len(systems) == 1  # the same system prompt for every request of the run
    assert params[0]["system"][0]["cache_control"] == {"type": "ephemeral"}
    done = _collect(repo)
    assert done.usage["cache_write_tokens"] > 0 and done.usage["cache_read_tokens"] > 0


def test_interactive_run_reads_the_prompt_cache(repo: Path, server: FakeLLMServer) -> None:
    provider = server.provider("openai", model="gpt-4.1-mini")
    en = (repo / "docs/source/en/training.md").read_text(encoding="utf-8")
    from hfi18n.glossary import Glossary

    job = new_job("training.md", en, repo / "docs/source/ko/training.md")
    tr = Translator(provider, "ko", glossary=Glossary.builtin("ko"), concurrency=4, batch_tokens=10)
    stats = tr.run([job])
    assert stats.requests >= 3
    # padded to OpenAI's 1,024-token minimum; the first request writes, all the others read
    assert stats.cache_read_tokens >= 1024 * (stats.requests - 1)
    assert server.requests[0].json["messages"][0]["content"] == server.requests[-1].json["messages"][0]["content"]
    from hfi18n.translate.pricing import estimate_cost

    assert stats.cost_usd < estimate_cost("gpt-4.1-mini", stats.tokens_in, stats.tokens_out)


def test_provider_batch_shapes(server: FakeLLMServer) -> None:
    p = server.provider("openai", model="gpt-4.1")
    info = p.submit_batch([("a", ChatRequest("s", "<segments>\n<1>Hello</1>\n</segments>"))], label="x")
    assert info.status == "validating" and not info.ended and info.label == "x"
    upload = next(r for r in server.requests if r.path == "/v1/files")
    assert upload.headers["content-type"].startswith("multipart/form-data")
    info = p.batch_status(info.id)
    assert info.status == "completed" and info.output_file and info.error_file is None
    [res] = p.batch_results(info)
    assert res.kind == "succeeded" and res.completion is not None and "<1>" in res.completion.text
    assert p.cancel_batch(info.id).status == "completed"
    assert [b.id for b in p.list_batches()] == [info.id]


def test_cli_translate_batch_status_and_collect(repo: Path, server: FakeLLMServer, capsys) -> None:
    from hfi18n.cli import main

    base = ["--repo", str(repo), "--lang", "ko", "--memory", str(repo / "tm.sqlite3")]
    assert main(["translate", *base, "training.md", "--provider", "openai", "--base-url", server.openai_base_url,
                 "--model", "gpt-4.1-mini", "--batch"]) == 0
    out = capsys.readouterr()
    assert "batch job" in out.out and "submitted" in out.out and "--collect" in out.err
    assert not (repo / "docs/source/ko/training.md").exists()
    assert main(["batch", "status", "--repo", str(repo), "--format", "json"]) == 0
    [job] = json.loads(capsys.readouterr().out)
    assert job["provider"] == "openai" and job["rounds"][0]["batch_id"].startswith("batch_")
    assert main(["translate", "--repo", str(repo), "--lang", "ko", "--collect"]) == 0
    out = capsys.readouterr().out
    assert "written" in out and "at the batch price" in out
    assert (repo / "docs/source/ko/training.md").exists()
    assert main(["batch", "collect", job["job"], "--repo", str(repo)]) == 0
    assert "already-collected" in capsys.readouterr().out


def test_dry_run_batch_shows_the_discounted_estimate(repo: Path, capsys) -> None:
    from hfi18n.cli import main

    argv = ["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--dry-run", "--provider", "anthropic",
            "--model", "claude-sonnet-4-5", "--format", "json"]
    assert main(argv) == 0
    interactive = json.loads(capsys.readouterr().out)
    assert main([*argv, "--batch"]) == 0
    batch = json.loads(capsys.readouterr().out)
    assert batch["batch_price"] is True and interactive["batch_price"] is False
    for model, cost in interactive["costs_usd"].items():
        assert batch["costs_usd"][model] == pytest.approx(cost * 0.5)
    assert not (repo / ".git/hfi18n/batches").exists()  # nothing submitted


SMOLAGENTS_MISSING_KO = ["conceptual_guides/intro_agents.md", "reference/default_tools.md",
                         "reference/python_executors.md", "tutorials/secure_code_execution.md", "tutorials/tools.md"]


@pytest.mark.corpus
@pytest.mark.slow
def test_batch_over_a_corpus_with_faults_writes_the_same_docs_as_a_clean_interactive_run(
        corpus, tmp_path: Path, server: FakeLLMServer) -> None:
    import shutil

    src = corpus("smolagents")
    a, b = tmp_path / "a", tmp_path / "b"
    shutil.copytree(src, a, symlinks=True)
    shutil.copytree(src, b, symlinks=True)
    interactive = api.translate(a, "ko", SMOLAGENTS_MISSING_KO, provider="anthropic", model="claude-sonnet-4-5",
                                base_url=server.url, memory=a / "tm.sqlite3")
    assert interactive.exit_code == 0, interactive.to_json()
    server.reset()
    sub = api.batch_submit(b, "ko", SMOLAGENTS_MISSING_KO, provider="anthropic", model="claude-sonnet-4-5",
                           base_url=server.url, memory=b / "tm.sqlite3")
    server.random_faults(0.3, seed=12)  # bad answers in the first round only
    server.batches.expire(match="sandbox", times=2)
    first = api.batch_collect(b)
    assert first.state == "resubmitted"
    server.random_faults(0.0)
    result = first
    while result.state == "resubmitted":
        result = api.batch_collect(b)
    assert result.state == "done" and result.exit_code == 0, result.to_json()
    assert [d.path for d in result.docs] == [d.path for d in interactive.docs]
    for rel in SMOLAGENTS_MISSING_KO:
        ours = (b / "docs/source/ko" / rel).read_text(encoding="utf-8")
        assert ours == (a / "docs/source/ko" / rel).read_text(encoding="utf-8"), rel
    assert sub.rounds[0]["requests"] >= len(SMOLAGENTS_MISSING_KO)


def test_an_identical_text_is_sent_once_per_run_and_shared(server: FakeLLMServer) -> None:
    shared = "Models are downloaded from the Hub and cached locally for later use."
    docs = [new_job(f"d{i}.md", f"# Doc {i}\n\n{shared}\n\nOnly in doc {i}, about agents and tools.\n",
                    Path(f"/nonexistent/d{i}.md")) for i in range(3)]
    tr = Translator(server.provider("openai", model="gpt-4.1-mini"), "ko", concurrency=2)
    stats = tr.run(docs)
    sent = "".join(r.user for r in server.requests)
    assert sent.count(shared) == 1 and stats.duplicates == 2
    ids = [next(s.id for s in d.doc.segments() if s.text == shared) for d in docs]
    assert len({d.translations[i] for d, i in zip(docs, ids, strict=True)}) == 1
    # a failure of the text sent is the failure of every copy
    server.reset()
    server.wrong_language(match="cached locally", times=50)
    docs = [new_job(f"d{i}.md", f"# Other {i}\n\n{shared}\n", Path(f"/nonexistent/d{i}.md")) for i in range(2)]
    Translator(server.provider("openai", model="gpt-4.1-mini"), "ko", concurrency=1).run(docs)
    assert all(len(d.failures) == 1 for d in docs)


def test_collect_killed_after_writing_a_doc_does_not_write_it_again(repo: Path, server: FakeLLMServer) -> None:
    sub = _submit(repo, server, "anthropic")
    assert _collect(repo).state == "done"
    target = repo / "docs/source/ko/training.md"
    written = target.read_text(encoding="utf-8")
    store = JobStore(repo / ".git/hfi18n/batches")
    job = store.load(sub.job_id)
    job.state, job.written = "submitted", []  # as if killed after the write, before the job file said so
    store.save(job)
    again = api.batch_collect(repo, sub.job_id)
    assert again.state == "done" and again.docs == [] and target.read_text(encoding="utf-8") == written


def test_a_batch_job_file_from_before_the_one_job_format_is_still_collected(repo: Path, server: FakeLLMServer) -> None:
    """Issue 24: batch and agent jobs share one store and one file format with a ``kind`` field; a job
    submitted by an earlier hfi18n (its file has no ``kind``) is collected as before, and saved in the
    new format."""
    sub = _submit(repo, server, "openai")
    path = repo / f".git/hfi18n/batches/{sub.job_id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["kind"] == "batch" and data["format"] == 1
    path.write_text(json.dumps({k: v for k, v in data.items() if k not in ("kind", "format")}), encoding="utf-8")
    assert [j.job_id for j in api.batch_status(repo, poll=False)] == [sub.job_id]
    assert _collect(repo).state == "done"
    assert (repo / "docs/source/ko/training.md").exists()
    assert json.loads(path.read_text(encoding="utf-8"))["kind"] == "batch"
