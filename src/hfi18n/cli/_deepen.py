"""``--deepen``: consent to fetch the full history of a shallow clone (see :mod:`hfi18n.repo.shallow`).

Without it a shallow clone's translations are reported as unknown, never as up to date. An interactive
terminal is asked once; a script passes ``--deepen`` (its "yes") or gets the unknown states.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from .. import api
from ._output import err

DEEPEN_HELP = ("On a shallow clone, fetch the full history first (git fetch --unshallow); without it, "
               "translations are reported as unknown and --update is refused.")


def maybe_deepen(repo: Path, docs_root: str, deepen: bool) -> None:
    """Deepen with consent: ``--deepen``, or a yes at the prompt of an interactive terminal."""
    gap = api.history_gap(repo, docs_root=docs_root)
    if gap is None:
        return
    if not deepen and sys.stdin.isatty() and sys.stderr.isatty():
        deepen = typer.confirm(f"{gap}. Fetch the full history now (git fetch --unshallow)?", default=False,
                               err=True)
    if deepen:
        err.print(api.deepen_history(repo, docs_root=docs_root))
