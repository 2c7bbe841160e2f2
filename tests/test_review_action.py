"""The reusable GitHub Action (action.yml): its steps run as they would on a runner, with a stub `gh`."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[1]


def _action() -> dict:
    return YAML(typ="safe").load((ROOT / "action.yml").read_text(encoding="utf-8"))


def _step(name: str) -> dict:
    return next(s for s in _action()["runs"]["steps"] if s.get("name") == name)


def test_action_is_composite_and_untrusted_values_go_through_env():
    action = _action()
    assert action["runs"]["using"] == "composite"
    for step in action["runs"]["steps"]:
        # inputs and event data never interpolated into a script (injection): only through env
        assert "${{" not in step.get("run", ""), step.get("name")
    assert "--format github" in _step("hfi18n check")["run"]
    review = _step("hfi18n review")
    assert "--post" in review["run"] and "inputs.review == 'true'" in review["if"]


def _run(name: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    if shutil.which("bash") is None:
        pytest.skip("bash is not available")
    full = {**os.environ, **env, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', os.environ['PATH'])}"}
    return subprocess.run(["bash", "-c", _step(name)["run"]], cwd=cwd, env=full, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.corpus
def test_action_lists_changed_docs_and_annotates_check_errors(corpus, tmp_path):
    repo = corpus("diffusers")
    stub = tmp_path / "bin"
    stub.mkdir()
    gh = stub / "gh"
    gh.write_text("#!/bin/sh\nprintf '%s\\n' docs/source/ko/conceptual/philosophy.md docs/source/en/index.md "
                  "README.md docs/source/ja/index.md\n", encoding="utf-8")
    gh.chmod(0o755)
    out_file, env_file = tmp_path / "out", tmp_path / "env"
    out_file.touch()
    env_file.touch()
    env = {"GH_TOKEN": "t", "PR": "7", "DOCS_ROOT": "docs/source", "LANG_FILTER": "", "RUNNER_TEMP": str(tmp_path),
           "GITHUB_OUTPUT": str(out_file), "GITHUB_ENV": str(env_file), "GITHUB_REPOSITORY": "huggingface/diffusers",
           "PATH": f"{stub}{os.pathsep}{os.environ['PATH']}", "FAIL_ON_ERROR": "true"}
    listed = _run("List the changed translated docs", env, repo)
    assert listed.returncode == 0, listed.stderr
    assert (tmp_path / "hfi18n-changed.txt").read_text().split() == [
        "docs/source/ko/conceptual/philosophy.md", "docs/source/ja/index.md"]
    assert "count=2" in out_file.read_text()
    checked = _run("hfi18n check", env, repo)
    assert checked.returncode == 0, checked.stderr  # the failure is deferred until after the review
    assert "::error file=docs/source/ko/conceptual/philosophy.md,line=57" in checked.stdout
    assert "HFI18N_CHECK_FAILED=1" in env_file.read_text()


def test_action_check_step_fails_when_check_cannot_run_even_without_fail_on_error(tmp_path):
    """Exit 1 (errors found) is deferred or ignored as fail-on-error says; any other exit (here: no docs
    folder to check) fails the step at once instead of passing as "no errors"."""
    (tmp_path / "hfi18n-changed.txt").write_text("docs/source/ko/index.md\n", encoding="utf-8")
    env_file = tmp_path / "env"
    env_file.touch()
    env = {"DOCS_ROOT": "docs/source", "FAIL_ON_ERROR": "false", "RUNNER_TEMP": str(tmp_path),
           "GITHUB_ENV": str(env_file)}
    checked = _run("hfi18n check", env, tmp_path)
    assert checked.returncode == 2, (checked.stdout, checked.stderr)
    assert "docs" in checked.stderr


def test_action_review_never_lets_the_prs_checkout_redirect_the_token(tmp_path):
    """Issue 16: the review step ran in the PR's checkout and loaded its ``hfi18n.toml``, so a PR could send
    the workflow's token (and the LLM key) to its own server. The step's own config wins."""
    from tests.fakes.github_server import FakeGitHub

    repo = "huggingface/diffusers"
    checkout = tmp_path / "checkout"
    (checkout / "docs/source/en").mkdir(parents=True)
    (checkout / "docs/source/ko").mkdir(parents=True)
    summary = tmp_path / "summary.md"
    with FakeGitHub(token="workflow-token-0123") as gh, FakeGitHub(token=None) as evil:
        (checkout / "hfi18n.toml").write_text(f'[github]\napi_url = "{evil.url}"\n', encoding="utf-8")
        gh.add_repo(repo)
        pr = gh.add_review_pull(repo, base={"docs/source/en/a.md": "# A [[a]]\n"},
                                head={"docs/source/ko/a.md": "# 가 [[b]]\n"})
        env = {"GITHUB_TOKEN": "workflow-token-0123", "PR": str(pr["number"]), "DOCS_ROOT": "docs/source",
               "LANG_FILTER": "", "LLM": "false", "PROVIDER": "", "GITHUB_REPOSITORY": repo,
               "GITHUB_API_URL": gh.url, "RUNNER_TEMP": str(tmp_path), "GITHUB_STEP_SUMMARY": str(summary),
               "HFI18N_CONFIG": ""}
        reviewed = _run("hfi18n review", env, checkout)
        assert reviewed.returncode == 0, reviewed.stderr
        assert not evil.requests
        assert gh.of("POST", f"/repos/{repo}/pulls/{pr['number']}/reviews")
    assert "hfi18n review" in summary.read_text(encoding="utf-8")


def test_action_review_with_a_provider_suggests_machine_text_and_accepting_it_clears_the_finding(tmp_path):
    """Issue 34, end to end through the Action: its review step, as a runner runs it (``provider:
    anthropic``, the key and the provider's URL in the workflow's environment), against the loopback
    GitHub and the loopback Anthropic server. The omission's suggestion inserts the paragraph machine-
    translated (Hangul, labelled as machine text), the duplication's removes the copy; the two suggestions
    committed as GitHub's "Commit suggestion" does, the next run of the step finds neither and says so on
    the same comments."""
    from tests.fakes.github_server import FakeGitHub
    from tests.fakes.llm_server import FakeLLMServer
    from tests.test_review_suggest import (
        BROKEN,
        EN,
        EN_PATH,
        INTRO,
        KO,
        KO_PATH,
        SUGGESTION_RE,
        _apply_suggestions,
    )

    repo = "huggingface/demo"
    checkout = tmp_path / "checkout"
    for lang in ("en", "ko"):
        (checkout / "docs/source" / lang).mkdir(parents=True)
    summary = tmp_path / "summary.md"
    with FakeGitHub(token="workflow-token-0123") as gh, FakeLLMServer(api_key="sk-ant-test") as llm:
        gh.add_repo(repo)
        pr = gh.add_review_pull(repo, base={EN_PATH: EN}, head={KO_PATH: BROKEN})
        number = pr["number"]
        env = {"GITHUB_TOKEN": "workflow-token-0123", "PR": str(number), "DOCS_ROOT": "docs/source",
               "LANG_FILTER": "", "LLM": "false", "PROVIDER": "anthropic", "GITHUB_REPOSITORY": repo,
               "GITHUB_API_URL": gh.url, "RUNNER_TEMP": str(tmp_path), "GITHUB_STEP_SUMMARY": str(summary),
               "HFI18N_CONFIG": "", "ANTHROPIC_API_KEY": "sk-ant-test", "ANTHROPIC_BASE_URL": llm.url}
        first = _run("hfi18n review", env, checkout)
        assert first.returncode == 0, first.stderr
        asked = [r for r in llm.requests if r.status == 200]
        assert len(asked) == 1 and "Then run inference:" in str(asked[0].json)
        comments = gh.review_comments[(repo, number)]
        om = next(c for c in comments if "missing-paragraph" in c["body"])
        dup = next(c for c in comments if "duplicate-paragraph" in c["body"])
        assert "🤖 Suggested text: machine translation by anthropic/" in om["body"], om["body"]
        assert "before the ```python block" in om["body"]
        inserted = SUGGESTION_RE.search(om["body"]).group(2)
        assert re.search(r"[\uac00-\ud7a3]", inserted) and "Then run inference" not in inserted
        assert om["line"] == BROKEN.split("\n").index("```python")  # 1-based: the blank line before the code
        assert "sk-ant-test" not in summary.read_text(encoding="utf-8") + first.stderr + str(comments)

        fixed = _apply_suggestions(BROKEN, [om, dup])
        assert fixed == KO.replace(INTRO, inserted.strip("\n") + "\n\n")
        head = gh._pull(repo, number)["head"]
        gh.contents[(head["repo"]["full_name"], head["sha"], KO_PATH)] = fixed
        second = _run("hfi18n review", env, checkout)
        assert second.returncode == 0, second.stderr
        assert len([r for r in llm.requests if r.status == 200]) == 1  # nothing left to translate
        after = {c["id"]: c["body"] for c in gh.review_comments[(repo, number)]}
        assert "no longer reports this" in after[om["id"]] and "no longer reports this" in after[dup["id"]]
        assert not [b for b in after.values() if "-paragraph" in b and "no longer reports this" not in b]
