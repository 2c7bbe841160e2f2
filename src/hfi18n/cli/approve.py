"""``hfi18n approve``: a reviewer signs translated pages off (the sign-off is recorded in the repository)."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.markup import escape

from .. import api
from ._app import DOCS_ROOT_OPTION, LANG_HELP, REPO_HELP, app
from ._output import err, out


@app.command()
def approve(
    docs: list[str] = typer.Argument(..., help="Pages to sign off (English or translated paths, e.g. quicktour.md)."),
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: str = typer.Option(..., "--lang", help=LANG_HELP),
    by: str = typer.Option(None, "--by", help="Who signs off (default: git config user.name)."),
    fmt: str = typer.Option("text", "--format", help="text or json."),
    docs_root: str = DOCS_ROOT_OPTION,
) -> None:
    """Sign reviewed pages off: refused for a page with the draft mark or check errors; otherwise the
    sign-off (who, when, against which English commit) goes into the page's review record
    (<lang>/_review/<page>.json, commit it with the page) and the machine-translation notice is removed.

    Exits with 1 when a page was refused.
    """
    result = api.approve(repo, lang, docs, by=by, docs_root=docs_root)
    if fmt == "json":
        out.file.write(json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n")
    else:
        for page in result.pages:
            if page.approved:
                s = page.signoff
                assert s is not None
                since = (f"; the English moved {page.outdated} commit(s) since: `hfi18n translate --update` makes "
                         "the changed passages machine text again" if page.outdated else "")
                out.print(f"[green]approved[/] {escape(page.doc)}: signed off by {escape(s.by)} against English "
                          f"{escape(s.english_commit[:10] or 'in the work tree')}"
                          + (", notice removed" if page.notice_removed else "") + escape(since), markup=True)
            else:
                out.print(f"[red]refused[/] {escape(page.doc)}: {escape(page.reason)}", markup=True)
                for f in page.errors[:10]:
                    out.print(f"  {escape(f.file)}:{f.line}: {escape(f.message)}", markup=True)
        done = [p for p in result.pages if p.approved]
        if done:
            err.print(f"{len(done)} page(s) signed off: commit the pages and their records "
                      f"({escape(done[0].record)}{' ...' if len(done) > 1 else ''})")
    if result.exit_code:
        raise typer.Exit(result.exit_code)
