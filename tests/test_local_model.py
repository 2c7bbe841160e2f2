"""A path that works on a laptop with no key (issue 33, item 11): docs/providers.md, "Without a key: a model
on your laptop", runs as written, and ``toctree`` and ``publish`` take ``--base-url`` as ``translate`` does.

The docs' first block uses Ollama; here the loopback LLM server of ``tests/fakes/`` stands in for it (the
``ollama`` line is left out and its URL replaced, nothing else). The second block starts that loopback
server itself, as the docs tell a newcomer to (on a free port instead of 8765, in a temp folder).
No key is in the environment, and nothing leaves the machine.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

from hfi18n.doc.draft import is_draft
from tests.conftest import ROOT
from tests.fakes.llm_server import FakeLLMServer

DOC = ROOT / "docs" / "providers.md"
SECTION = "Without a key: a model on your laptop"
OLLAMA = "http://127.0.0.1:11434/v1"


def blocks() -> list[list[str]]:
    """The ``bash`` blocks of the section, each as its command lines (comments after a command stay)."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"\n## {SECTION}\n")
    end = text.find("\n## ", start + 1)
    found = re.findall(r"```bash\n(.*?)```", text[start:end if end != -1 else len(text)], flags=re.S)
    return [[line for line in block.splitlines() if line.strip() and not line.startswith("#")] for block in found]


def keyless_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.endswith(("_API_KEY", "_TOKEN", "_BASE_URL")) and k not in ("HFI18N_CONFIG", "HF_TOKEN_PATH")}
    env["HF_HOME"] = str(tmp_path / "hf-home")
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"  # this checkout's hfi18n
    return env


def run(script: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    body = "set -e\n" + "\n".join(script) + "\n"
    return subprocess.run(["bash", "-c", body], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_docs_no_key_path_runs_with_a_local_server(tmp_path: Path) -> None:
    ollama, loopback = blocks()
    env = keyless_env(tmp_path)
    with FakeLLMServer(api_key=None) as llm:  # stands in for Ollama: no key, OpenAI wire format
        script = [line.replace(OLLAMA, llm.openai_base_url) for line in ollama if not line.startswith("ollama ")]
        assert len(script) == len(ollama) - 1 and all(OLLAMA not in line for line in script)
        done = run(script, tmp_path, env)
        assert done.returncode == 0, done.stderr[-3000:]
        assert llm.requests and all(not r.headers.get("authorization") for r in llm.requests)
    example = tmp_path / "example"
    page = (example / "docs/source/ko/training.md").read_text(encoding="utf-8")
    assert re.search(r"[가-힣]", page) and not is_draft(page)  # written, not a marked draft
    assert "local: training" in (example / "docs/source/ko/_toctree.yml").read_text(encoding="utf-8")
    assert "🌐 [i18n-KO] Translated `training.md` to Korean" in done.stdout  # the PR, as it would be posted


def test_the_docs_loopback_server_runs_as_written(tmp_path: Path) -> None:
    _, loopback = blocks()
    port = str(free_port())
    script = [line.replace("8765", port).replace("/tmp/hfi18n-example", str(tmp_path / "example"))
              for line in loopback]
    assert script[0].startswith("python -m tests.fakes.llm_server ") and script[0].rstrip().endswith("&") \
        or "&  " in script[0]
    script.insert(1, "server=$!; trap 'kill $server' EXIT")
    script.insert(2, f"for i in $(seq 100); do (echo > /dev/tcp/127.0.0.1/{port}) 2>/dev/null && break; sleep 0.1; done")
    env = keyless_env(tmp_path)
    env["PYTHONPATH"] = str(ROOT)  # "in a clone of hfi18n, from its folder": tests.fakes is importable there
    done = subprocess.run(["bash", "-c", "set -e\n" + "\n".join(script) + "\n"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"loopback LLM server (no key) at http://127.0.0.1:{port}/v1" in done.stdout
    page = (tmp_path / "example/docs/source/ko/training.md").read_text(encoding="utf-8")
    assert re.search(r"[가-힣]", page)


def test_toctree_and_publish_send_new_titles_to_the_base_url(tmp_path: Path) -> None:
    """A new toctree group needs its title translated: ``toctree`` and ``publish`` ask the server ``--base-url``
    names (before, both refused the option), with no key."""
    from hfi18n.example import build_example_repo

    repo = build_example_repo(tmp_path / "example")
    env = keyless_env(tmp_path)
    toc = repo / "docs/source/ko/_toctree.yml"
    without_tutorials = "- title: 시작하기\n  sections:\n  - local: index\n    title: Tiny Transformers\n" \
                        "  - local: quicktour\n    title: 둘러보기\n"

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "hfi18n", *args], cwd=repo, env=env, capture_output=True,
                              text=True, timeout=300)

    with FakeLLMServer(api_key=None) as llm:
        local = ("--provider", "openai", "--model", "qwen2.5:7b-instruct", "--base-url", llm.openai_base_url)
        assert cli("translate", "--lang", "ko", "training.md", *local).returncode == 0
        toc.write_text(without_tutorials, encoding="utf-8")
        asked = len(llm.requests)
        added = cli("toctree", "--lang", "ko", "training.md", *local)
        assert added.returncode == 0, added.stderr
        assert len(llm.requests) == asked + 1 and "Tutorials" in llm.requests[-1].user
        assert "- title: Tutorials" not in toc.read_text(encoding="utf-8")  # the group's title was translated

        toc.write_text(without_tutorials, encoding="utf-8")  # committed: publish starts from HEAD's toctree
        subprocess.run(["git", "-C", str(repo), "-c", "user.name=Kim", "-c", "user.email=kim@example.com",
                        "commit", "-q", "-m", "no tutorials group", "--", str(toc)], check=True)
        asked = len(llm.requests)
        published = cli("publish", "--lang", "ko", "training.md", "--dry-run", *local)
        assert published.returncode == 0, published.stderr
        assert len(llm.requests) == asked + 1  # the new group's title, from the local server
