"""``hfi18n demo``: run the main job on the bundled example repository."""

from __future__ import annotations

import tempfile
from pathlib import Path

import typer
from rich.markup import escape

from ..example import build_example_repo
from ._app import app
from ._output import err


@app.command()
def demo(
    directory: Path = typer.Option(None, "--dir", help="Where to create the example repo (default: a temp folder)."),
) -> None:
    """Build the bundled example repo and run status, check and a translation plan on it.

    Without --dir the repo lives in a temp folder removed at the end (each run used to leave a
    /tmp/hfi18n-demo-* folder behind)."""
    if directory is not None:
        _run(directory)
        return
    with tempfile.TemporaryDirectory(prefix="hfi18n-demo-") as tmp:
        _run(Path(tmp) / "tiny-transformers", kept=False)


def _run(target: Path, *, kept: bool = True) -> None:
    from . import main

    repo = build_example_repo(target)
    err.print(f"[bold]Example repository:[/] {escape(str(repo))}\n", markup=True)
    steps = [
        ("What needs translating (status)", ["status", "--repo", str(repo), "--lang", "ko"]),
        ("Lint the Korean docs (check)", ["check", "--repo", str(repo), "--lang", "ko"]),
        ("Translation plan, nothing sent (translate --dry-run)",
         ["translate", "--repo", str(repo), "--lang", "ko", "--next", "3", "--update", "--dry-run"]),
    ]
    for title, argv in steps:
        err.print(f"\n[bold cyan]== {title}:[/] hfi18n {escape(' '.join(argv))}", markup=True)
        main(argv)
    err.print("\nThe example's Korean quick tour carries deliberate defects for check to find, and its index "
              "page is outdated: the English gained a section after it was translated.")
    if kept:
        err.print(f"Try: hfi18n translate --repo {repo} --lang ko --next 3 --provider pseudo  (pseudo is an "
                  "offline test double: it writes marked drafts of untranslated pages, never a translation)")
    else:
        err.print("The example repository is removed now; keep one to try more with: hfi18n demo --dir PATH")
