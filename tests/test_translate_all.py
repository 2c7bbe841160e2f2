"""Issue 36's goals on a real repository: ``translate --all`` on a smolagents clone with an ideal translator
(the loopback LLM server through the real OpenAI client), the review state in this clone and a fresh one,
``approve``, a second nightly run, an interrupted run resumed, and the same run through a provider batch.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hfi18n import api
from hfi18n.cli import main
from hfi18n.doc.notice import has_notice
from hfi18n.repo.layout import DocsLayout
from hfi18n.translate.wire import extract_segments
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import git, isolate_env

pytestmark = pytest.mark.corpus

KO = "docs/source/ko"


@pytest.fixture
def llm(monkeypatch, tmp_path: Path):
    with FakeLLMServer() as server:
        isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key", OPENAI_BASE_URL=server.openai_base_url)
        yield server


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", message)


def _rows(repo: Path) -> dict[str, dict]:
    return {r["path"]: r for r in api.status(repo, ["ko"]).to_json() if r["lang"] == "ko"}


def _all(capsys, repo: Path, *extra: str) -> tuple[int, dict]:
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "--all", "--provider", "openai", "--yes",
                 "--format", "json", *extra])
    return code, json.loads(capsys.readouterr().out)


def test_the_nightly_loop_on_smolagents(corpus_copy, tmp_path: Path, llm, capsys) -> None:
    """After --all every English doc has a Korean twin and none is outdated; every page the run wrote is
    machine with the notice, every untouched human page human without one; a hand edit and approve give
    reviewed here and in a fresh clone; a second --all after an English change elsewhere leaves the
    reviewed page byte for byte."""
    repo = corpus_copy("smolagents")
    before = _rows(repo)
    code, run = _all(capsys, repo)
    assert code == 0 and not run["skipped"], run["skipped"]
    written = {d["path"] for d in run["docs"] if d["written"]}
    assert written == {p for p, r in before.items() if r["state"] in ("missing", "outdated", "in-progress")}
    _commit(repo, "nightly")  # an ordinary message: nothing is keyed by it
    rows = _rows(repo)
    layout = DocsLayout.open(repo)
    assert all(r["translated_path"] for r in rows.values()) and len(rows) == len(layout.docs("en"))
    assert {r["state"] for r in rows.values()} == {"up-to-date"}
    for path, r in rows.items():
        text = (repo / KO / r["translated_path"]).read_text(encoding="utf-8")
        review = r["review"]
        if path in written and review["machine"]:  # pages the run translated something into
            assert review["state"] == "machine" and review["pending"] > 0 and has_notice(text), path
        elif path not in written:  # untouched human pages
            assert review["state"] == "human" and not has_notice(text), path
    new_pages = [p for p in written if before[p]["state"] == "missing"]
    # a new page: all its machine text waits for review (its identifiers, kept as they are, are no machine text)
    assert new_pages and all(rows[p]["review"]["pending"] == rows[p]["review"]["machine"] > 0 for p in new_pages)

    # the team fixes a sentence of one page by hand and signs it off; commit with any message
    page = "tutorials/tools.md"
    path = repo / KO / page
    text = path.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines()[8:] if ln and ln[0] not in "#<[>`!|-*")
    path.write_text(text.replace(line, "이 튜토리얼에서는 도구를 만들고 쓰는 법을 배웁니다.", 1), encoding="utf-8")
    assert main(["approve", "--repo", str(repo), "--lang", "ko", page, "--by", "Kim Reviewer"]) == 0
    capsys.readouterr()
    _commit(repo, "wip")
    assert _rows(repo)[page]["review"]["state"] == "reviewed"
    fresh = tmp_path / "fresh"
    git(tmp_path, "clone", "-q", str(repo), str(fresh))
    fresh_rows = _rows(fresh)
    assert fresh_rows[page]["review"]["state"] == "reviewed"
    assert fresh_rows[page]["review"]["reviewed"]["by"] == "Kim Reviewer"
    assert {r["state"] for r in fresh_rows.values()} == {"up-to-date"}  # the fresh clone agrees
    assert {p: r["review"]["state"] for p, r in fresh_rows.items()} == {p: r["review"]["state"]
                                                                         for p, r in _rows(repo).items()}

    # the English changes elsewhere; the next nightly run updates that page and nothing else
    reviewed = path.read_bytes()
    record = (repo / KO / "_review" / f"{page}.json").read_bytes()
    en = repo / "docs/source/en/index.md"
    en.write_text(en.read_text(encoding="utf-8") + "\nOne more sentence for the index.\n", encoding="utf-8")
    _commit(repo, "en: index")
    code, run = _all(capsys, repo)
    assert code == 0 and [d["path"] for d in run["docs"]] == ["index.md"]
    assert path.read_bytes() == reviewed and (repo / KO / "_review" / f"{page}.json").read_bytes() == record
    assert _rows(repo)[page]["review"]["state"] == "reviewed"


def test_an_interrupted_run_resumes_where_it_stopped(corpus_copy, tmp_path: Path) -> None:
    """``--all`` killed (SIGKILL) after it wrote its first docs: the next ``--all`` writes the rest, sends
    no segment twice (the memory has every answer received), and the repository ends as after one run."""
    repo = corpus_copy("smolagents")
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_TOKEN", "HFI18N_CONFIG")}
    with FakeLLMServer(latency=0.4) as server:
        env.update({"OPENAI_API_KEY": "test-key", "OPENAI_BASE_URL": server.openai_base_url,
                    "PYTHONPATH": os.pathsep.join(p for p in sys.path if p.endswith("src")) or "src"})
        argv = [sys.executable, "-m", "hfi18n", "translate", "--repo", str(repo), "--lang", "ko", "--all",
                "--provider", "openai", "--yes", "--concurrency", "2"]
        proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        reviews = repo / KO / "_review"
        deadline = time.monotonic() + 120
        while not (reviews.is_dir() and any(reviews.rglob("*.json"))) and time.monotonic() < deadline:
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        first = {text for r in server.requests for _, text in extract_segments(r.user)}
        written_first = len(list(reviews.rglob("*.json")))
        pending = [p for p, r in _rows(repo).items() if r["state"] != "up-to-date"]
        assert written_first and pending, "the run was killed before it wrote anything, or after it finished"
        server.reset()
        done = subprocess.run([*argv, "--format", "json"], env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        resumed = json.loads(done.stdout)
        assert sorted(d["path"] for d in resumed["docs"]) == sorted(pending)
        # nothing answered before the kill is asked again, but what the requests in flight carried
        again = [r for r in server.requests if {text for _, text in extract_segments(r.user)} & first]
        assert len(again) <= 2, len(again)
    rows = _rows(repo)
    assert {r["state"] for r in rows.values()} == {"up-to-date"}
    assert all(r["review"]["state"] in ("machine", "human") for r in rows.values())


def test_all_through_a_provider_batch(corpus_copy, llm, capsys) -> None:
    """``--all --batch`` submits every request of the run as one batch; ``--collect`` writes the docs
    through the same gate: the same pages, review records and notices as the interactive run."""
    repo = corpus_copy("smolagents")
    plan = api.plan(repo, "ko", [], provider="openai", all_docs=True, batch=True)
    assert plan.estimate.batch and plan.estimate.files >= 10
    job = api.batch_submit(repo, "ko", [], provider="openai", model="gpt-4.1-mini", all_docs=True)
    result = api.batch_collect(repo, job.job_id)
    assert result.exit_code == 0 and len([d for d in result.docs if d.written]) == plan.estimate.files
    rows = _rows(repo)
    assert {r["state"] for r in rows.values()} == {"up-to-date"}
    machine = [p for p, r in rows.items() if r["review"]["state"] == "machine"]
    assert machine and all(has_notice((repo / KO / rows[p]["translated_path"]).read_text(encoding="utf-8"))
                           for p in machine)


@pytest.mark.docbuilder
@pytest.mark.slow
def test_doc_builder_builds_the_notice_and_the_records(corpus_copy, llm, tmp_path: Path) -> None:
    """The external judge: doc-builder builds the Korean docs of huggingface_hub with two machine pages
    (the notice at their top, their review records beside the toctree) and one of them approved; the
    built machine page shows the notice as its Tip component, the approved one has none."""
    from tests.conftest import require

    require("requests")  # doc-builder imports it
    exe = require("doc-builder", exe=True)
    repo = corpus_copy("huggingface_hub")
    layout = DocsLayout.open(repo)
    missing = [p for p, r in _rows(repo).items() if r["state"] == "missing"][:2]
    result = api.translate(repo, "ko", missing, provider="openai")
    assert all(d.written and not d.draft for d in result.docs), [d.note for d in result.docs]
    api.toctree(repo, "ko", missing, no_llm=True)  # English titles: the pages are what is judged here
    assert api.approve(repo, "ko", [missing[1]], by="kim").exit_code == 0
    out = tmp_path / "build"
    proc = subprocess.run([exe, "build", "huggingface_hub", "docs/source/ko", "--language", "ko", "--build_dir",
                           str(out)], cwd=repo, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    [built] = list(out.glob("huggingface_hub/*/ko"))
    machine = (built / (missing[0].rsplit(".", 1)[0] + ".mdx")).read_text(encoding="utf-8")
    approved = (built / (missing[1].rsplit(".", 1)[0] + ".mdx")).read_text(encoding="utf-8")
    assert "<Tip warning={true}>" in machine and "이 문서는 기계 번역되었으며" in machine
    assert "기계 번역되었으며" not in approved
    assert layout.path("ko", missing[0]).read_text(encoding="utf-8").startswith("<Tip warning={true}>")


def test_a_job_takes_the_docs_of_all(corpus_copy, llm) -> None:
    """``jobs run --all``: the job's docs are the ``--all`` run's (missing and outdated), priced the same way."""
    repo = corpus_copy("smolagents")
    plan = api.plan(repo, "ko", [], provider="openai", all_docs=True)
    # a pinned source: a job installs exactly one commit of hfi18n (issue 33), and this checkout's may be on no remote
    pin = "hfi18n @ git+https://github.com/acme/hfi18n.git@" + "0123456789abcdef" * 2 + "01234567"
    est = api.job_estimate(repo, "ko", all_docs=True, package=pin)
    assert est.docs == [str(d["path"]) for d in plan.estimate.per_doc] and len(est.docs) == plan.estimate.files
    assert set(plan.updates) < set(est.docs)  # the outdated ones too: the worker updates them
