"""``hfi18n jobs``: the launcher against a loopback Jobs API (the real huggingface_hub client, through
``HF_ENDPOINT``), and the job's own worker run locally end to end with the loopback translator standing in
for vLLM, pushing to a bare fork. Secrets: the GitHub token reaches the Jobs API only in the ``secrets``
field; no output, log or commit carries it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import require
from tests.fakes.hf_jobs_server import FakeHfJobs
from tests.fakes.llm_server import FakeLLMServer
from tests.test_status_team import team  # noqa: F401  (fixture)

GH_SECRET = "ghp_jobs_secret_0123456789abcdefXYZ"
HF_TOKEN = "hf_jobs_test_token_abcdefghijklmnop"


def hfi18n(*args: str, env: dict[str, str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k not in ("GITHUB_TOKEN", "HF_TOKEN", "HFI18N_CONFIG")}
    full.update({"PYTHONPATH": os.pathsep.join(p for p in sys.path if p.endswith("src")) or "src",
                 "HF_HUB_DISABLE_TELEMETRY": "1", "NO_COLOR": "1", **env})
    return subprocess.run([sys.executable, "-m", "hfi18n", *args], env=full, cwd=cwd, input=stdin,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture()
def hub_env(team, tmp_path):  # noqa: F811
    require("huggingface_hub")
    (team.root / "hfi18n.toml").write_text('[github]\nupstream = "o/site"\n', encoding="utf-8")
    with FakeHfJobs(token=HF_TOKEN) as hub:
        env = {"HF_ENDPOINT": hub.url, "HF_TOKEN": HF_TOKEN, "GITHUB_TOKEN": GH_SECRET, "HF_HOME": str(tmp_path / "hf")}
        yield hub, env


def test_run_estimates_asks_and_sends_the_token_only_as_a_secret(team, hub_env) -> None:  # noqa: F811
    hub, env = hub_env
    declined = hfi18n("jobs", "run", "--repo", str(team.root), "--lang", "ko", "--fork", "alice/site",
                      "pr_page.md", "claimed.md", env=env, cwd=team.root, stdin="n\n")
    assert declined.returncode == 1 and "not launched" in declined.stderr
    assert "2 docs into ko with Qwen/Qwen2.5-7B-Instruct on a10g-large" in declined.stderr
    assert "tokens in" in declined.stderr and "min" in declined.stderr and "$" in declined.stderr
    assert not [r for r in hub.requests if r.method == "POST"]  # nothing launched without a yes
    res = hfi18n("jobs", "run", "--repo", str(team.root), "--lang", "ko", "--fork", "alice/site", "--yes", "--json",
                 "pr_page.md", "claimed.md", env=env, cwd=team.root)
    assert res.returncode == 0, res.stderr
    launch = json.loads(res.stdout)
    job_id = launch["job_id"]
    spec = hub.specs[job_id]
    assert spec["secrets"] == {"GITHUB_TOKEN": GH_SECRET}
    rest = {k: v for k, v in spec.items() if k != "secrets"}
    assert GH_SECRET not in json.dumps(rest) and HF_TOKEN not in json.dumps(spec)
    cmd = spec["command"]
    assert " ".join(cmd).startswith("uv run --with hfi18n --with vllm hfi18n jobs worker --upstream-url "
                                    "https://github.com/o/site.git ")
    assert cmd[-2:] == ["pr_page.md", "claimed.md"] and "https://github.com/alice/site.git" in cmd
    assert spec["flavor"] == "a10g-large" and spec["labels"]["app"] == "hfi18n"
    # the HF token only ever travels in the Authorization header
    for r in hub.requests:
        assert r.headers.get("authorization") == f"Bearer {HF_TOKEN}"
        assert HF_TOKEN not in json.dumps(r.body) and GH_SECRET not in r.path
    assert GH_SECRET not in res.stdout + res.stderr and HF_TOKEN not in res.stdout + res.stderr

    st = hfi18n("jobs", "status", job_id, env=env, cwd=team.root)
    assert st.returncode == 0 and f"{job_id}: RUNNING" in st.stdout
    hub.finish(job_id, logs=["pr_page.md: committed 0123456789", f"oops {GH_SECRET}"], stage="COMPLETED")
    st = hfi18n("jobs", "status", job_id, "--json", env=env, cwd=team.root)
    assert json.loads(st.stdout)["stage"] == "COMPLETED"
    logs = hfi18n("jobs", "logs", job_id, env=env, cwd=team.root)
    assert logs.returncode == 0 and "pr_page.md: committed 0123456789" in logs.stdout
    assert GH_SECRET not in logs.stdout and "oops ***" in logs.stdout  # a leaked line is masked on the way out


def test_unknown_model_needs_a_flavour(team, hub_env) -> None:  # noqa: F811
    hub, env = hub_env
    res = hfi18n("jobs", "run", "--repo", str(team.root), "--fork", "alice/site", "--model", "some/model", "--yes",
                 "pr_page.md", env=env, cwd=team.root)
    assert res.returncode == 2 and "pass --flavor" in res.stderr and not hub.specs


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(cwd), *args], capture_output=True, text=True, check=True).stdout


def test_worker_runs_locally_end_to_end_one_commit_per_doc(team, tmp_path) -> None:  # noqa: F811
    fork = tmp_path / "fork.git"
    git(tmp_path, "init", "-q", "--bare", str(fork))
    with FakeLLMServer(lang="ko") as llm:
        env = {"OPENAI_API_KEY": llm.api_key or "", "GITHUB_TOKEN": GH_SECRET,
               "GIT_AUTHOR_NAME": "job", "GIT_AUTHOR_EMAIL": "j@example.com",
               "GIT_COMMITTER_NAME": "job", "GIT_COMMITTER_EMAIL": "j@example.com"}
        res = hfi18n("jobs", "worker", "--upstream-url", str(team.root), "--fork-url", str(fork), "--lang", "ko",
                     "--model", "loopback", "--branch", "nightly-ko", "--base-url", llm.openai_base_url,
                     "--workdir", str(tmp_path / "work"), "pr_page.md", "claimed.md", env=env, cwd=tmp_path)
        assert res.returncode == 0, res.stdout + res.stderr
        assert llm.requests  # the loopback translator stood in for vLLM
    result = json.loads(res.stdout.strip().splitlines()[-1])
    assert [c[0] for c in result["commits"]] == ["pr_page.md", "claimed.md"] and result["pushed"]
    log = git(fork, "log", "--format=%H %s", "nightly-ko").splitlines()
    upstream_head = git(team.root, "rev-parse", "HEAD").strip()
    assert len(log) == 7 and git(fork, "rev-parse", "nightly-ko~2").strip() == upstream_head
    for (doc, sha), n in zip(result["commits"], (1, 0), strict=True):
        assert git(fork, "rev-parse", f"nightly-ko~{n}").strip() == sha
        files = git(fork, "show", "--name-only", "--format=", sha).split()
        # one doc per commit, with its review record (which text is machine), nothing else
        assert files == [f"docs/source/ko/_review/{doc}.json", f"docs/source/ko/{doc}"], files
        assert f"Translated `{doc}`" in git(fork, "log", "-1", "--format=%s", sha)
    everything = res.stdout + res.stderr + git(fork, "log", "-p", "nightly-ko")
    assert GH_SECRET not in everything and (llm.api_key or "x") not in res.stdout + res.stderr
