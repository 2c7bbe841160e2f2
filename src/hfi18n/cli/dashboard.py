"""``hfi18n dashboard``: keep one status page per language on GitHub (the Action's nightly mode)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from .. import api
from ._app import DOCS_ROOT_OPTION, FORMAT_OPTION, JSON_ALIAS, REPO_HELP, TextOrJson, app, wants_json
from ._output import err, out


@app.command()
def dashboard(
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: list[str] = typer.Option(None, "--lang", help="Language folder (repeatable; default: every one)."),
    upstream: str | None = typer.Option(None, "--upstream", help="OWNER/NAME to post on (default: "
                                        "github.upstream); its open PRs also say who is on which doc."),
    github_repo: str | None = typer.Option(None, "--github-repo", hidden=True, help="Older name of --upstream."),
    issue: int | None = typer.Option(None, "--issue", min=1, help="Post one comment per language on this "
                                     "tracking issue instead of one issue per language."),
    account: str | None = typer.Option(None, "--account", help="The login the token posts as, when GitHub does "
                                       "not say (a GitHub App's token posts as APP-SLUG[bot])."),
    docs_root: str = DOCS_ROOT_OPTION,
    limit: int = typer.Option(api.RANK_LIMIT, "--limit", min=1, help="How many docs 'translate next' lists."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Render the pages, post nothing."),
    fmt: TextOrJson = FORMAT_OPTION,
    as_json: bool = JSON_ALIAS,
    deepen: bool = typer.Option(False, "--deepen", help="Fetch the full history first when the clone is "
                                "shallow (a CI checkout is), else every translation is 'unknown'."),
) -> None:
    """Create or edit the status page of each language on GitHub, in place.

    A page is found again by a marker line, and only when the token's own account wrote it: a comment
    by anyone else that carries the marker is never edited. Needs GITHUB_TOKEN with issues: write.
    """
    result = api.dashboard(repo, lang or None, upstream=upstream or github_repo, issue=issue, docs_root=docs_root,
                           limit=limit, dry_run=dry_run, deepen=deepen, account=account)
    err.print(result.pr_note)
    if wants_json(fmt, as_json):
        sys.stdout.write(json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n")
        return
    for p in result.posts:
        out.print(f"{p.lang}: {p.action} {p.url}".rstrip())
        for note in p.notes:
            err.print(f"  {note}")
