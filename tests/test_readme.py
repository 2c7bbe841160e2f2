"""The README's commands work as a newcomer types them, on a fresh checkout.

``test_the_readme_runs_on_a_fresh_checkout`` clones this repository's commit into a temp folder and runs,
in one bash session (so ``source`` and ``cd`` carry on), set-up command 1 as written and then every
command of the "Ten minutes on a real repository" section, in order. What it runs differently, so that
nothing leaves the machine (:data:`SUBSTITUTIONS`, nothing else):

- ``git clone https://github.com/huggingface/smolagents`` clones the smolagents docs bundle of
  ``../shared/corpora`` (the docs' real history) instead;
- ``export ANTHROPIC_API_KEY=sk-ant-...`` points the anthropic provider at the loopback LLM server of
  ``tests/fakes/llm_server.py`` (its key and ``ANTHROPIC_BASE_URL``);
- a ``hfi18n publish`` without ``--dry-run`` gets ``--dry-run`` (no token: nothing is pushed or posted).

Set-up command 2 runs the whole test suite, this test among it: it is what ``.ci/run`` runs, which
``test_ci_runs_set_up_command_2`` checks instead of running it.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT, SHARED

README = ROOT / "README.md"
WALK = "Ten minutes on a real repository"
SMOLAGENTS = "https://github.com/huggingface/smolagents"
KEY_LINE = re.compile(r"^export ANTHROPIC_API_KEY=\S+")


def section(title: str) -> str:
    """The README's ``## title`` section, up to the next ``## ``."""
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else len(text)]


def commands(title: str) -> list[str]:
    """The shell commands of the ``bash`` blocks of a section, in order (comment lines and blank lines
    left out; a comment after a command stays, bash ignores it)."""
    blocks = re.findall(r"```bash\n(.*?)```", section(title), flags=re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip() and not line.startswith("#")]


def substitute(line: str, *, bundle: Path, llm_url: str) -> str:
    """A walk command as the test runs it (the module docstring lists what changes, and why)."""
    line = line.replace(SMOLAGENTS, str(bundle))
    if KEY_LINE.match(line):
        return f"export ANTHROPIC_API_KEY=test-key ANTHROPIC_BASE_URL={llm_url}"
    if line.startswith("hfi18n publish ") and "--dry-run" not in line:
        return f"{line.split('  #')[0].rstrip()} --dry-run"
    return line


SUBSTITUTIONS = (SMOLAGENTS, "export ANTHROPIC_API_KEY=", "hfi18n publish")
"""What :func:`substitute` touches; every other command runs as the README writes it."""


def test_set_up_has_two_commands_and_the_walk_goes_through_the_loop() -> None:
    setup = commands("Set up")
    assert len(setup) == 2, setup
    assert setup[0].endswith("hfi18n demo") and "pytest" in setup[1]
    assert all(" -e " in c or "-e '" in c for c in setup[1:])  # the test extra, from the clone
    walk = commands(WALK)
    verbs = [c.split()[1] for c in walk if c.startswith("hfi18n ")]
    order = [v for v in dict.fromkeys(verbs) if v in ("status", "translate", "check", "publish", "review")]
    assert order == ["status", "translate", "check", "publish", "review"], verbs
    # nothing in the walk reaches the network but what the substitutions replace
    for c in walk:
        if "https://" in c or "export " in c:
            assert any(s in c for s in SUBSTITUTIONS), c


def test_ci_runs_set_up_command_2() -> None:
    """``.ci/run`` runs the README's second set-up command (each of its steps), so CI is what a newcomer runs."""
    ci = (ROOT / ".ci/run").read_text(encoding="utf-8")
    for step in commands("Set up")[1].split(" && "):
        assert step in ci, f"{step!r} is not in .ci/run"


def test_install_commands_work_from_a_clone_and_links_resolve() -> None:
    """``pip install 'hfi18n[web]'`` failed: hfi18n is not on the package index. Every install command of
    the README and docs/ installs from the clone; every relative link names a file that exists."""
    pages = [README, *sorted((ROOT / "docs").glob("*.md"))]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"pip install [^\n]*'hfi18n\[", text), page.name
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (page.parent / target.split("#")[0]).resolve()
            assert path.exists(), f"{page.name} links to {target}, which does not exist"
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 220


@pytest.mark.slow
@pytest.mark.corpus
def test_the_readme_runs_on_a_fresh_checkout(tmp_path: Path) -> None:
    from tests.fakes.llm_server import FakeLLMServer

    bundle = SHARED / "smolagents-docs.bundle"
    if not bundle.exists():
        pytest.skip(f"corpus bundle {bundle} not available")
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], check=True, capture_output=True,
                          text=True).stdout.strip()
    checkout = tmp_path / "hfi18n"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(checkout)], check=True)
    subprocess.run(["git", "-C", str(checkout), "checkout", "-q", "--detach", head], check=True)

    env = {k: v for k, v in os.environ.items()
           if not k.endswith(("_API_KEY", "_TOKEN", "_BASE_URL")) and k not in (
               "PYTHONPATH", "VIRTUAL_ENV", "HFI18N_CONFIG", "COLUMNS", "HF_TOKEN_PATH")}
    env.update(HF_HOME=str(tmp_path / "hf-home"), PIP_DISABLE_PIP_VERSION_CHECK="1",
               GIT_AUTHOR_NAME="Kim Translator", GIT_AUTHOR_EMAIL="kim@example.com",
               GIT_COMMITTER_NAME="Kim Translator", GIT_COMMITTER_EMAIL="kim@example.com")
    with FakeLLMServer(api_key="test-key") as llm:
        steps = [commands("Set up")[0]] + [substitute(c, bundle=bundle, llm_url=llm.url) for c in commands(WALK)]
        script = ["set -e"]
        for i, step in enumerate(steps):
            script += [f"echo '>>> step {i}: {step.replace(chr(39), '')}' >&2", step]
        (tmp_path / "walk.sh").write_text("\n".join(script) + "\n", encoding="utf-8")
        run = subprocess.run(["bash", str(tmp_path / "walk.sh")], cwd=checkout, env=env, capture_output=True,
                             text=True, timeout=1200)
        tail = run.stderr[-3000:]
        assert run.returncode == 0, f"a README command failed:\n{tail}"
        assert llm.requests, "the walk's translate reached the loopback LLM"

    assert "hfi18n/.venv/bin/hfi18n" in subprocess.run(
        ["bash", "-c", "source .venv/bin/activate && command -v hfi18n"], cwd=checkout, env=env,
        capture_output=True, text=True).stdout  # the walk ran the checkout's own install
    smol = tmp_path / "smolagents"
    assert (smol / "docs/source/ko/tutorials/tools.md").is_file()
    assert "local: tutorials/tools" in (smol / "docs/source/ko/_toctree.yml").read_text(encoding="utf-8")
    assert "🌐 [i18n-KO] Translated `tutorials/tools.md` to Korean" in run.stdout  # the PR, as it would be posted
    branch = subprocess.run(["git", "-C", str(smol), "log", "-1", "--format=%s", "ko-tutorials-tools"],
                            capture_output=True, text=True, check=True).stdout
    assert branch.startswith("🌐 [i18n-KO]")
    assert "doc(s) reviewed" in run.stdout + run.stderr
