"""Every CLI command has help text and is documented in the README or on docs/cli.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.cli._app import app

ROOT = Path(__file__).resolve().parents[1]
DOCS = (ROOT / "README.md").read_text(encoding="utf-8") + (ROOT / "docs/cli.md").read_text(encoding="utf-8")
"""The README walks the main loop; docs/cli.md has a section per command."""
COMMANDS = sorted({c.name or c.callback.__name__ for c in app.registered_commands}
                  | {g.name for g in app.registered_groups})


def test_all_commands_are_registered() -> None:
    assert {"check", "status", "translate", "toctree", "publish", "glossary", "demo"} <= set(COMMANDS)


@pytest.mark.parametrize("name", COMMANDS)
def test_command_has_help_and_is_documented(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([name, "--help"]) == 0
    text = capsys.readouterr().out
    assert "Usage" in text and len(text) > 200
    assert f"hfi18n {name}" in DOCS


def test_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frobnicate"]) == 2
    assert "No such command" in capsys.readouterr().err


def test_error_messages_keep_square_brackets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Rich markup must not eat [[anchors]] or [i18n-KO] from messages."""
    from hfi18n.errors import RefusedError

    @app.command("boom-test", hidden=True)
    def boom() -> None:
        raise RefusedError("open PR [i18n-KO] exists for [[anchor]]", hint="see [this]")

    try:
        assert main(["boom-test"]) == 2
        err = capsys.readouterr().err
        assert "[i18n-KO]" in err and "[[anchor]]" in err and "[this]" in err
    finally:
        app.registered_commands[:] = [c for c in app.registered_commands if c.name != "boom-test"]


def _every_command():  # noqa: ANN202
    import typer.main

    group = typer.main.get_command(app)
    stack = [((), group)]
    while stack:
        path, cmd = stack.pop()
        subs = getattr(cmd, "commands", None)
        if subs:
            stack.extend(((*path, name), sub) for name, sub in subs.items())
        else:
            yield path, cmd


def test_one_name_per_option_and_a_version(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 33 item 13: ``dashboard`` and ``jobs`` said ``--json`` where the rest say ``--format json``;
    ``--github-repo`` beside ``--upstream``; "flavour" beside ``--flavor``; no ``--version``; ``translate``'s
    24 options in one list."""
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip().startswith("hfi18n 0.")
    for path, cmd in _every_command():
        visible = {o for p in cmd.params if not getattr(p, "hidden", False) for o in p.opts}
        assert "--json" not in visible and "--github-repo" not in visible, path
        if any(o == "--json" for p in cmd.params for o in p.opts):  # kept only as a hidden alias of --format
            assert "--format" in visible, path
        helps = " ".join(getattr(p, "help", "") or "" for p in cmd.params) + (cmd.help or "")
        assert "flavour" not in helps, path
    assert main(["translate", "--help"]) == 0
    text = capsys.readouterr().out
    for panel in ("What to translate", "Provider", "Output and files", "Batch"):
        assert panel in text, panel
