"""CLI rough edges of issue 18: what a dry run's totals are made of, an unreachable provider, the demo's
temp folder. (The status table at 80 columns: tests/test_status_report.py.)"""

from __future__ import annotations

import json
import socket
import tempfile
import time
from pathlib import Path

import pytest

from hfi18n.cli import main
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import isolate_env

PARA = "The model reads the whole prompt before it answers, so keep it short and clear."
REPEATS = f"""# Repeats

{PARA}

## Usage

{PARA}

Another paragraph that appears only once in this page.

- {PARA}
"""


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate_env(monkeypatch, tmp_path)


def test_dry_run_and_run_say_what_the_segments_not_sent_are(repo: Path, capsys) -> None:
    """smolagents' tutorials/tools.md listed 75 segments under a total of 79; the run said "79 segment(s):
    75 translated". The other 4 repeat another segment's text: sent once, they take its translation."""
    (repo / "docs/source/en/repeats.md").write_text(REPEATS, encoding="utf-8")
    argv = ["translate", "--repo", str(repo), "--lang", "ko", "repeats.md", "--provider", "pseudo"]
    assert main([*argv, "--dry-run"]) == 0
    text = capsys.readouterr().out
    assert "6 segment(s): 0 from memory, 2 repeating another segment's text (translated once), 4 to send" in text
    assert main([*argv, "--dry-run", "--format", "json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    assert (plan["segments"], plan["duplicates"], plan["docs"][0]["segments"]) == (6, 2, 4)
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "6 segment(s): 0 from memory, 2 repeating another segment's text (translated once), 4 translated" in text
    assert (repo / "docs/source/ko/repeats.md").read_text(encoding="utf-8").count("[[usage]]") == 1


def test_an_unreachable_provider_fails_at_once_with_one_message(repo: Path, monkeypatch, capsys) -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    started = time.monotonic()
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--provider", "openai",
                 "--base-url", f"http://127.0.0.1:{port}/v1"])
    assert time.monotonic() - started < 5, "no backoff against a closed port"
    cap = capsys.readouterr()
    assert code != 0 and not (repo / "docs/source/ko/training.md").exists()
    lines = [ln for ln in (cap.out + cap.err).splitlines() if "could not reach" in ln]
    assert len(lines) == 1 and "refused" in lines[0].lower(), cap
    assert f"http://127.0.0.1:{port}/v1 is reachable" in cap.err


def test_segments_failing_for_one_cause_print_one_line_with_a_count(repo: Path, monkeypatch, capsys) -> None:
    with FakeLLMServer(api_key="test-key") as server:
        server.reply("Sorry, I cannot help with that.", times=10_000)  # every try refused for one reason
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        code = main(["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--provider", "openai",
                     "--base-url", server.openai_base_url])
    out = capsys.readouterr().out
    left = [ln for ln in out.splitlines() if "left in English" in ln]
    assert code != 0 and len(left) == 1, out
    assert "(6 segments, lines " in left[0] and left[0].endswith("segment missing from the answer"), out


def test_demo_leaves_no_temp_folder_behind(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert main(["demo"]) == 0
    assert not list(tmp_path.glob("hfi18n-demo-*"))
    assert "hfi18n demo --dir PATH" in capsys.readouterr().err
    kept = tmp_path / "mine"
    assert main(["demo", "--dir", str(kept)]) == 0
    assert (kept / "docs/source/en").is_dir()


def test_provider_retries_print_one_line_per_cause_and_a_count(repo: Path, monkeypatch, capsys) -> None:
    with FakeLLMServer(api_key="test-key") as server:
        server.server_error(503, times=2)
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        code = main(["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--provider", "openai",
                     "--base-url", server.openai_base_url])
    err = capsys.readouterr().err
    assert code == 0, err
    assert [ln for ln in err.splitlines() if "HTTP 503" in ln] == [
        "openai server error (HTTP 503): Internal server error; retrying (further retries for this cause are "
        "counted)", "retried 2 time(s): openai server error (HTTP 503): Internal server error"], err
