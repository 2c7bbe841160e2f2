"""CLI rough edges of issue 26 ("A translator's first hour"), each through the CLI as a newcomer types it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.cli._app import app
from tests.conftest import require
from tests.helpers import git, isolate_env, publish_repos


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate_env(monkeypatch, tmp_path)


def _command_paths() -> list[list[str]]:
    """Every command and sub-command as typed: ``["translate"]``, ``["glossary", "mine"]``."""
    paths = [[c.name or c.callback.__name__] for c in app.registered_commands if not c.hidden]
    for group in app.registered_groups:
        sub = group.typer_instance
        paths += [[group.name, c.name or c.callback.__name__] for c in sub.registered_commands]
    return paths


@pytest.mark.parametrize("argv", _command_paths(), ids=" ".join)
def test_help_shows_no_value_for_a_plain_flag(argv: list[str], monkeypatch, capsys) -> None:
    """``--update <bool>`` and ``--dry-run <bool>`` read as options taking a value (``--update true`` is
    refused); a flag shows no type, an option with a value keeps its own (``--concurrency <int ...>``)."""
    monkeypatch.setenv("COLUMNS", "200")
    assert main([*argv, "--help"]) == 0
    text = capsys.readouterr().out
    assert "<bool>" not in text
    flags = [line for line in text.splitlines() if "--dry-run " in line or "--update " in line]
    assert all("<" not in line.split("--", 1)[1].split("  ", 1)[0] for line in flags)


def test_help_keeps_the_type_of_options_with_a_value(capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["translate", "--help"]) == 0
    text = capsys.readouterr().out
    assert "<bool>" not in text and "<int" in text and "<path>" in text
    assert any("--update" in line and "Refresh" in line for line in text.splitlines())


@pytest.mark.parametrize("how", [["--provider", "anthropic"], ["--provider", "openai", "--batch"], []])
def test_dry_run_needs_no_api_key(repo: Path, how: list[str], capsys) -> None:
    """``translate --dry-run --provider anthropic`` stopped at "no API key for provider 'anthropic'": the
    cost estimate, which sends nothing, was out of reach until the translator had paid for a key. The same
    with the provider named in ``hfi18n.toml`` (``[]``)."""
    if not how:
        (repo / "hfi18n.toml").write_text('provider = "anthropic"\n', encoding="utf-8")
    argv = ["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--dry-run", *how]
    code = main(argv)
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "no API key" not in captured.err and "estimated cost with" in captured.out
    assert ("gpt" if "openai" in how else "claude") in captured.out
    assert "training.md" in captured.out and not (repo / "docs/source/ko/training.md").exists()
    # a real run still asks for the key
    assert main([a for a in argv if a not in ("--dry-run", "--batch")]) == 2
    assert "no API key" in capsys.readouterr().err


def _hfi18n(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``hfi18n ARGS`` in a child process whose stdout and stderr are pipes, as in ``hfi18n status | less``."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "FORCE_COLOR", "TERM")}
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).resolve().parents[1] / "src"), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-m", "hfi18n", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=120)


LONG = "tutorials/building_good_agents_with_a_rather_long_name_indeed.md"


def test_a_pipe_gets_full_plain_lines(repo: Path) -> None:
    """Through a pipe, rich took 80 columns: the "translate next" row of a long doc folded its reason onto
    the next lines, and ``> status.txt`` kept the fold (and padded every cell with spaces). A pipe or a
    file gets each row on one line, ending at its last character, with no colour codes."""
    en = repo / "docs/source/en" / LONG
    en.parent.mkdir(parents=True)
    en.write_text("# Agents\n\n" + "Some words about agents.\n\n" * 40, encoding="utf-8")
    result = _hfi18n("status", "--repo", str(repo), "--lang", "ko")
    assert result.returncode == 0, result.stderr
    [row] = [line for line in result.stdout.splitlines() if LONG in line]
    assert "missing (82 lines)" in row and len(row) > 80
    assert all(line == line.rstrip() for line in result.stdout.splitlines())
    assert "\x1b[" not in result.stdout

    plan = _hfi18n("translate", "--repo", str(repo), "--lang", "ko", LONG, "--dry-run")
    assert plan.returncode == 0, plan.stderr
    [row] = [line for line in plan.stdout.splitlines() if LONG in line]
    assert len(row) > 80 and row.rstrip("│ ").endswith(("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"))

    out = repo / "status.txt"
    assert _hfi18n("status", "--repo", str(repo), "--lang", "ko", "--out", str(out)).returncode == 0
    [row] = [line for line in out.read_text(encoding="utf-8").splitlines() if LONG in line]
    assert "missing (82 lines)" in row


def test_the_mcp_server_reports_hfi18ns_version(repo: Path) -> None:
    """``hfi18n mcp`` introduced itself with the SDK's version (``serverInfo.version`` = mcp 1.30.0): a
    client's server list and a bug report named a release of hfi18n that never was."""
    require("mcp")
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    import hfi18n

    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).resolve().parents[1] / "src"), env.get("PYTHONPATH", "")])
    params = StdioServerParameters(command=sys.executable, args=["-m", "hfi18n", "mcp", "--repo", str(repo)], env=env)

    async def handshake() -> tuple[str, str]:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            with anyio.fail_after(60):
                info = (await session.initialize()).serverInfo
        return info.name, info.version

    assert anyio.run(handshake) == ("hfi18n", hfi18n.__version__)


def test_the_pr_body_links_the_target_repositorys_own_guide(tmp_path: Path, capsys) -> None:
    """The Korean PR template is transformers' and linked transformers' CONTRIBUTING.md and docs guide
    from a smolagents PR too. The body links the target repository's own files, or names them unlinked
    when it has none."""
    _, _, clone = publish_repos(tmp_path, {"en": ["index", "guides/cli"], "ko": ["index"]},
                                toctrees={"en": "en.yml", "ko": "ko.yml"})
    (clone / "docs/source/ko/guides/cli.md").parent.mkdir(parents=True, exist_ok=True)
    (clone / "docs/source/ko/guides/cli.md").write_text("# 명령줄 [[guidescli]]\n\n텍스트\n", encoding="utf-8")
    (clone / "hfi18n.toml").write_text('[github]\nupstream = "huggingface/smolagents"\n', encoding="utf-8")
    argv = ["publish", "--repo", str(clone), "--lang", "ko", "guides/cli.md", "--dry-run", "--no-llm"]

    assert main(argv) == 0
    body = capsys.readouterr().out
    assert "transformers" not in body
    assert "Did you read the contributor guideline," in body and "      documentation guidelines.\n" in body

    (clone / "CONTRIBUTING.md").write_text("# Contribute\n", encoding="utf-8")
    (clone / "docs/README.md").write_text("# Docs\n", encoding="utf-8")
    git(clone, "add", "CONTRIBUTING.md", "docs/README.md")
    git(clone, "commit", "-q", "-m", "guides")
    git(clone, "push", "-q", "origin", "main")
    assert main(argv) == 0
    body = capsys.readouterr().out
    assert "transformers" not in body
    assert "[contributor guideline](https://github.com/huggingface/smolagents/blob/HEAD/CONTRIBUTING.md)" in body
    assert "[documentation guidelines](https://github.com/huggingface/smolagents/tree/HEAD/docs)" in body


@pytest.mark.parametrize(("en_title", "needs_llm"), [("🤖 Fine-tune", False), ("Fine-tune a model - the full guide", True)])
def test_toctree_takes_the_translated_heading_without_a_provider(repo: Path, en_title: str, needs_llm: bool,
                                                                 capsys) -> None:
    """smolagents titles a page "Python executors" (heading "Python code executors") or "🤖 What are
    agents?" (heading "What are agents? 🤔"): ``toctree`` with no provider stopped at "new toctree titles
    need translating" though the translator's heading says it all. A title saying more than the heading
    ("... - the full guide") still needs the LLM or --no-llm."""
    get_started = ("- title: {}\n  sections:\n  - local: index\n    title: Tiny Transformers\n"
                   "  - local: quicktour\n    title: {}\n")
    (repo / "docs/source/en/_toctree.yml").write_text(
        get_started.format("Get started", "Quick tour") + f"  - local: training\n    title: {en_title}\n",
        encoding="utf-8")
    (repo / "docs/source/ko/_toctree.yml").write_text(get_started.format("시작하기", "둘러보기"), encoding="utf-8")
    assert main(["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--provider", "pseudo"]) == 0
    heading = (repo / "docs/source/ko/training.md").read_text(encoding="utf-8").split("\n# ", 1)[1]
    heading = heading.split(" [[", 1)[0]
    capsys.readouterr()
    code = main(["toctree", "--repo", str(repo), "--lang", "ko", "training.md"])
    captured = capsys.readouterr()
    ko_toc = (repo / "docs/source/ko/_toctree.yml").read_text(encoding="utf-8")
    if needs_llm:
        assert code == 2 and "need translating" in captured.err and "--no-llm" in captured.err
        assert "local: training" not in ko_toc
    else:
        assert code == 0, captured.err
        # the English title's emoji kept; the pseudo page's heading marked as test output (issue 33, item 9)
        assert f'  - local: training\n    title: "[pseudo] 🤖 {heading}"\n' in ko_toc


def test_an_unknown_language_is_refused_with_the_one_meant(repo: Path, capsys) -> None:
    """``translate --lang kr`` silently made ``docs/source/kr`` and wrote Korean there, beside ``ko``. A
    language with no folder is refused (a dry run and a batch too), naming the folder meant; a real new
    language takes ``--new-language``."""
    base = ["translate", "--repo", str(repo), "training.md", "--provider", "pseudo"]
    for extra in ([], ["--dry-run"], ["--batch"]):
        assert main([*base, "--lang", "kr", *extra]) == 2
        err = capsys.readouterr().err
        assert "no 'kr' docs folder" in err and "did you mean --lang ko?" in err and "--new-language" in err
    assert main(["translate", "--repo", str(repo), "--lang", "jp", "training.md", "--dry-run"]) == 2
    assert "did you mean --lang ja?" in capsys.readouterr().err
    assert sorted(p.name for p in (repo / "docs/source").iterdir()) == ["en", "ko"]

    assert main([*base, "--lang", "ja"]) == 2
    assert "no 'ja' (Japanese) docs folder" in capsys.readouterr().err
    assert not (repo / "docs/source/ja").exists()
    assert main([*base, "--lang", "ja", "--new-language"]) == 0
    assert (repo / "docs/source/ja/training.md").is_file()
    assert main([*base, "--lang", "ja", "--force"]) == 0  # the folder is there now: no switch needed

    assert main(["status", "--repo", str(repo), "--lang", "kr"]) == 2
    assert "did you mean --lang ko?" in capsys.readouterr().err
