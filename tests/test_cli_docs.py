"""Every CLI command has help text and is documented in the README."""

from __future__ import annotations

from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.cli._app import app

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
COMMANDS = sorted({c.name or c.callback.__name__ for c in app.registered_commands}
                  | {g.name for g in app.registered_groups})


def test_all_commands_are_registered() -> None:
    assert {"check", "status", "translate", "toctree", "publish", "glossary", "demo"} <= set(COMMANDS)


@pytest.mark.parametrize("name", COMMANDS)
def test_command_has_help_and_is_in_readme(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([name, "--help"]) == 0
    text = capsys.readouterr().out
    assert "Usage" in text and len(text) > 200
    assert f"hfi18n {name}" in README


def test_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frobnicate"]) == 2
    assert "No such command" in capsys.readouterr().err
