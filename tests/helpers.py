"""Test set-up several test files share: a clean environment, git, and a publishable upstream/fork/clone."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from hfi18n.secrets import SECRET_ENV_VARS

MACHINE_ENV = (*SECRET_ENV_VARS, "HF_TOKEN_PATH", "HF_STORED_TOKENS_PATH", "HFI18N_CONFIG", "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL")
"""What hfi18n would read from this machine's environment: keys, tokens, a config file, base URLs."""

TOCTREE_FIXTURES = Path(__file__).parent / "fixtures" / "toctree"


def isolate_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **values: str) -> None:
    """Nothing from this machine: :data:`MACHINE_ENV` unset, ``HF_HOME`` (a Hugging Face token file) in
    ``tmp_path``; then ``values`` set (``OPENAI_API_KEY="test-key"``)."""
    for var in MACHINE_ENV:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    for var, value in values.items():
        monkeypatch.setenv(var, value)


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict | list]:
    """Run the CLI in-process with ``argv`` and read its JSON output."""
    from hfi18n.cli import main

    code = main(list(argv))
    return code, json.loads(capsys.readouterr().out)


def status_rows(capsys: pytest.CaptureFixture[str], repo: Path, lang: str = "ko") -> dict[str, dict]:
    """``status --format json`` of ``repo``: doc path -> its row for ``lang``."""
    code, rows = cli_json(capsys, "status", "--repo", str(repo), "--lang", lang, "--format", "json")
    assert code == 0
    return {d["path"]: d for d in rows if d["lang"] == lang}


def git(cwd: Path, *args: str) -> str:
    """Run git in ``cwd``; its stdout (a failure raises)."""
    return subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True, text=True).stdout


def publish_repos(tmp_path: Path, docs: dict[str, list[str]], *, docs_root: str = "docs/source",
                  files: dict[str, str] | None = None, toctrees: dict[str, str] | None = None,
                  user: str = "Kim Translator") -> tuple[Path, Path, Path]:
    """``(upstream, fork, clone)``: bare upstream and fork repositories holding one commit of docs, and
    the translator's clone of upstream (git user ``user``).

    ``docs``: per language folder, the doc names (``guides/cli``) written as ``# name`` stubs; ``files``:
    texts by path under ``docs_root`` (``en/guides/cli.md``); ``toctrees``: per language, a file name in
    ``tests/fixtures/toctree`` (``en.yml``) or the YAML text itself.
    """
    seed = tmp_path / "seed"
    root = seed / docs_root
    for lang, names in docs.items():
        for name in names:
            p = root / lang / f"{name}.md"
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(f"# {name}\n\ntext\n", encoding="utf-8")
    for rel, text in (files or {}).items():
        (root / rel).write_text(text, encoding="utf-8")
    for lang, toc in (toctrees or {}).items():
        if "\n" in toc:
            (root / lang / "_toctree.yml").write_text(toc, encoding="utf-8")
        else:
            shutil.copy(TOCTREE_FIXTURES / toc, root / lang / "_toctree.yml")
    git(tmp_path, "init", "-q", "-b", "main", str(seed))
    git(seed, "-c", "user.name=Maintainer", "-c", "user.email=m@example.com", "add", ".")
    git(seed, "-c", "user.name=Maintainer", "-c", "user.email=m@example.com", "commit", "-q", "-m", "docs")
    upstream, fork, clone = tmp_path / "upstream.git", tmp_path / "fork.git", tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--bare", str(seed), str(upstream))
    git(tmp_path, "clone", "-q", "--bare", str(upstream), str(fork))
    git(tmp_path, "clone", "-q", str(upstream), str(clone))
    git(clone, "config", "user.name", user)
    git(clone, "config", "user.email", "kim@example.com")
    return upstream, fork, clone


def memory_rows(path: Path) -> int:
    """Translations saved in the translation memory at ``path`` (0 while it does not exist yet)."""
    try:
        with sqlite3.connect(path) as conn:
            return conn.execute("SELECT COUNT(*) FROM translations").fetchone()[0]
    except sqlite3.Error:
        return 0


@dataclass(slots=True)
class SlowCliTranslate:
    """``hfi18n translate training.md`` of the example repo in a subprocess, one slow request at a time,
    so that a test can interrupt it after some segments are saved."""

    argv: list[str]
    env: dict[str, str]
    memory: Path

    @classmethod
    def of(cls, repo: Path, openai_base_url: str) -> SlowCliTranslate:
        argv = [sys.executable, "-m", "hfi18n.cli", "translate", "--repo", str(repo), "--lang", "ko",
                "training.md", "--provider", "openai", "--base-url", openai_base_url,
                "--concurrency", "1", "--batch-tokens", "5"]
        return cls(argv, {**os.environ, "OPENAI_API_KEY": "test-key"}, repo / ".git/hfi18n/memory.sqlite3")

    def wait_for_rows(self, rows: int, timeout: float = 20) -> None:
        """Until the memory holds ``rows`` translations (or ``timeout`` seconds passed)."""
        deadline = time.monotonic() + timeout
        while memory_rows(self.memory) < rows and time.monotonic() < deadline:
            time.sleep(0.05)


def rendered_text(markdown: str) -> str:
    """What a reader sees of a note in Markdown: rendered as CommonMark (markdown-it-py), tags dropped,
    entities decoded. The web app's notes escape the repository's text (issue 33, item 7), so tests
    compare what is shown, not the escaped source."""
    import html
    import re

    from markdown_it import MarkdownIt

    return html.unescape(re.sub(r"<[^>]+>", "", MarkdownIt("commonmark").render(markdown))).strip()


TOAST_SELECTOR = ".toast-body, [data-testid=toast-body], .toast-message-item"
"""Where Gradio shows a toast (its versions name the element differently): what a failed wait reports."""


def browser_until(driver, cond, what: str, *, shot: Path, timeout: float = 60):
    """Wait, as a person would, until ``cond()`` is truthy; return its value.

    Gradio re-renders components, so an element found a moment ago may be gone by the time it is read: a
    stale or missing element is one more poll, never a failure. That was the flaky walk of 2026-11-27: the
    wait reported "timed out" at once while the failure screenshot showed the filtered option on screen.
    On a real time-out the screenshot goes to ``shot`` and the error names what was awaited and the toasts."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.2, ignored_exceptions=(
            NoSuchElementException, StaleElementReferenceException)).until(lambda _: cond())
    except Exception as exc:  # noqa: BLE001 - say what was awaited, with the page's toasts
        driver.save_screenshot(str(shot))
        toasts = [e.text for e in driver.find_elements(By.CSS_SELECTOR, TOAST_SELECTOR) if e.is_displayed()]
        raise AssertionError(f"timed out waiting for {what}; toasts: {toasts}") from exc
