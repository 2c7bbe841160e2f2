"""The typer application object and shared options; commands live one per module."""

from __future__ import annotations

import enum

import typer
from typer.core import TyperOption

from .. import api


def _flag_shows_no_type(display_type_rich):  # type: ignore[no-untyped-def]
    """typer 0.2x prints a type after every option in rich help, flags included: ``--update <bool>`` and
    ``--dry-run <bool>`` read as if they took a value (``--update true``), which they refuse. A flag
    takes no value, so it shows none; every other option keeps its ``<int>``, ``<path>``..."""
    def display(self: TyperOption, ctx: object) -> str | None:
        return None if self.is_flag and not self.metavar else display_type_rich(self, ctx)
    return display


if hasattr(TyperOption, "display_type_rich"):  # older typer prints no type for flags already
    TyperOption.display_type_rich = _flag_shows_no_type(TyperOption.display_type_rich)  # type: ignore[method-assign]

app = typer.Typer(
    name="hfi18n",
    help="Keep Hugging Face doc-builder documentation translated: status, translate, check, publish.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"hfi18n {__version__}")
        raise typer.Exit()


@app.callback()
def _main(version: bool = typer.Option(False, "--version", is_eager=True, callback=_version,
                                       help="Print hfi18n's version and exit.")) -> None:
    """Keep Hugging Face doc-builder documentation translated: status, translate, check, publish."""


class Format(str, enum.Enum):
    text = "text"
    json = "json"
    github = "github"


class TextOrJson(str, enum.Enum):
    """``--format`` of the commands whose output is a line for people or one JSON document."""

    text = "text"
    json = "json"


FORMAT_OPTION = typer.Option(TextOrJson.text, "--format", help="text, or json (one JSON document on stdout).")
"""``fmt: TextOrJson = FORMAT_OPTION``: every command says ``--format json`` (``dashboard`` and ``jobs`` said
``--json``, which stays as a hidden alias: :data:`JSON_ALIAS`)."""
JSON_ALIAS = typer.Option(False, "--json", hidden=True, help="Same as --format json (kept for older scripts).")


def wants_json(fmt: TextOrJson | str, as_json: bool = False) -> bool:
    return as_json or str(getattr(fmt, "value", fmt)) == "json"


REPO_HELP = "Path to the repository checkout (the docs live in <repo>/docs/source)."
LANG_HELP = "Target language code, as the folder name under docs/source (ko, zh, ja, ...)."
DOCS_ROOT_OPTION = typer.Option(api.DEFAULT_DOCS_ROOT, "--docs-root", help="Docs folder inside the repo.")
"""``docs_root: str = DOCS_ROOT_OPTION``: every command's ``--docs-root``."""
