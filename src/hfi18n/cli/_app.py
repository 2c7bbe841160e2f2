"""The typer application object and shared options; commands live one per module."""

from __future__ import annotations

import enum

import typer

from .. import api

app = typer.Typer(
    name="hfi18n",
    help="Keep Hugging Face doc-builder documentation translated: status, translate, check, publish.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class Format(str, enum.Enum):
    text = "text"
    json = "json"
    github = "github"


REPO_HELP = "Path to the repository checkout (the docs live in <repo>/docs/source)."
LANG_HELP = "Target language code, as the folder name under docs/source (ko, zh, ja, ...)."
DOCS_ROOT_OPTION = typer.Option(api.DEFAULT_DOCS_ROOT, "--docs-root", help="Docs folder inside the repo.")
"""``docs_root: str = DOCS_ROOT_OPTION``: every command's ``--docs-root``."""
