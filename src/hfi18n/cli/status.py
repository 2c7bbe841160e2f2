"""``hfi18n status``: the state of every English doc in every language, and what to translate next."""

from __future__ import annotations

import enum
import io
import sys
from pathlib import Path

import typer
from rich.console import Console

from ..config import load_config
from ..errors import InputError
from ..fileio import atomic_write
from ..repo.layout import DocsLayout
from ..repo.report import render_table, to_csv, to_json, to_markdown
from ..repo.report_html import to_html
from ..repo.status import RANK_LIMIT, compute_status
from ..repo.status_pulls import pulls_for
from ._app import REPO_HELP, app
from ._output import err, out


class ReportFormat(str, enum.Enum):
    table = "table"
    json = "json"
    md = "md"
    csv = "csv"
    html = "html"


@app.command()
def status(
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: list[str] = typer.Option(None, "--lang", help="Language folder to report (repeatable; default: "
                                   "every language under the docs root)."),
    fmt: ReportFormat = typer.Option(ReportFormat.table, "--format", help="Output format."),
    out_file: Path | None = typer.Option(None, "--out", help="Write the report to this file instead of stdout."),
    docs_root: str = typer.Option("docs/source", "--docs-root", help="Docs folder inside the repository."),
    upstream: str | None = typer.Option(None, "--upstream", help="Upstream repository OWNER/NAME whose open "
                                        "PRs announce translations (default: github.upstream)."),
    show_all: bool = typer.Option(False, "--all", help="Table: list missing docs too."),
    limit: int = typer.Option(RANK_LIMIT, "--limit", min=1, help="How many docs the 'translate next' list shows."),
) -> None:
    """Report up-to-date, outdated, missing, in-progress and orphaned docs per language.

    Outdated is decided from content history: the English version each translation was made from is
    found in git history (sweeps such as license-year or API renames across languages are not
    re-translations) or, failing that, by comparing code, references and link targets.
    """
    layout = DocsLayout.open(repo, docs_root)
    langs = list(lang) if lang else layout.languages()
    unknown = [lg for lg in langs if not layout.lang_dir(lg).is_dir()]
    if unknown:
        raise InputError(f"no docs folder for language(s) {', '.join(unknown)} under {layout.docs_root}",
                         hint="languages here: " + (", ".join(layout.languages()) or "none"))
    config = load_config(layout.repo)
    pulls, note = pulls_for(layout, config, upstream)
    if pulls is None:
        err.print(note)
    report = compute_status(layout, langs, pulls=pulls, pr_note=note)
    if fmt is ReportFormat.table:
        if out_file is not None:
            buf = io.StringIO()
            console = Console(file=buf, width=160, no_color=True, markup=False)
            render_table(report, console, show_missing=show_all, limit=limit)
            atomic_write(out_file, buf.getvalue())
            err.print(f"wrote {out_file}")
        else:
            render_table(report, out, show_missing=show_all, limit=limit)
        return
    text = {
        ReportFormat.json: lambda: to_json(report),
        ReportFormat.md: lambda: to_markdown(report, limit),
        ReportFormat.csv: lambda: to_csv(report),
        ReportFormat.html: lambda: to_html(report, limit),
    }[fmt]()
    if out_file is not None:
        atomic_write(out_file, text)
        err.print(f"wrote {out_file}")
    else:
        sys.stdout.write(text)
