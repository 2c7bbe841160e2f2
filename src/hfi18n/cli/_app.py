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


class Format(str, enum.Enum):
    text = "text"
    json = "json"
    github = "github"


REPO_HELP = "Path to the repository checkout (the docs live in <repo>/docs/source)."
LANG_HELP = "Target language code, as the folder name under docs/source (ko, zh, ja, ...)."
DOCS_ROOT_OPTION = typer.Option(api.DEFAULT_DOCS_ROOT, "--docs-root", help="Docs folder inside the repo.")
"""``docs_root: str = DOCS_ROOT_OPTION``: every command's ``--docs-root``."""
NO_CACHE_OPTION = typer.Option(False, "--no-cache", help="Neither read nor write the cache of parsed docs, "
                               "history and translation records (.git/hfi18n/cache.sqlite).")
"""``no_cache: bool = NO_CACHE_OPTION``: the commands that read the persistent cache."""
