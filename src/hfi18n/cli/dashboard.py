"""``hfi18n dashboard``: keep one status page per language on GitHub (the Action's nightly mode)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from .. import api
from ._app import DOCS_ROOT_OPTION, REPO_HELP, app
from ._output import err, out


@app.command()
def dashboard(
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: list[str] = typer.Option(None, "--lang", help="Language folder (repeatable; default: every one)."),
    github_repo: str | None = typer.Option(None, "--github-repo", help="OWNER/NAME to post on (default: "
                                           "github.upstream); its open PRs also say who is on which doc."),
    issue: int | None = typer.Option(None, "--issue", min=1, help="Post one comment per language on this "
                                     "tracking issue instead of one issue per language."),
    docs_root: str = DOCS_ROOT_OPTION,
    limit: int = typer.Option(api.RANK_LIMIT, "--limit", min=1, help="How many docs 'translate next' lists."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Render the pages, post nothing."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    deepen: bool = typer.Option(False, "--deepen", help="Fetch the full history first when the clone is "
                                "shallow (a CI checkout is), else every translation is 'unknown'."),
) -> None:
    """Create or edit the status page of each language on GitHub, in place.

    A page is found again by a marker line, and only when the token's own account wrote it: a comment
    by anyone else that carries the marker is never edited. Needs GITHUB_TOKEN with issues: write.
    """
    result = api.dashboard(repo, lang or None, github_repo=github_repo, issue=issue, docs_root=docs_root,
                           limit=limit, dry_run=dry_run, deepen=deepen)
    err.print(result.pr_note)
    if as_json:
        sys.stdout.write(json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n")
        return
    for p in result.posts:
        out.print(f"{p.lang}: {p.action} {p.url}".rstrip())
        for note in p.notes:
            err.print(f"  {note}")
