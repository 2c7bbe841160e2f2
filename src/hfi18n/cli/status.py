"""``hfi18n status``: the state of every English doc in every language, and what to translate next."""

from __future__ import annotations

import enum
import io
import json
import sys
from pathlib import Path

import typer

from .. import api
from ..doc.inert import for_terminal
from ..fileio import atomic_write
from ._app import DOCS_ROOT_OPTION, REPO_HELP, app
from ._deepen import DEEPEN_HELP, maybe_deepen
from ._output import PlainConsole, err, out


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
    docs_root: str = DOCS_ROOT_OPTION,
    upstream: str | None = typer.Option(None, "--upstream", help="Upstream repository OWNER/NAME whose open "
                                        "PRs announce translations (default: github.upstream)."),
    show_all: bool = typer.Option(False, "--all", help="Table: list missing docs too."),
    limit: int = typer.Option(api.RANK_LIMIT, "--limit", min=1, help="How many docs the 'translate next' list shows."),
    deepen: bool = typer.Option(False, "--deepen", help=DEEPEN_HELP),
    per_lang: bool = typer.Option(False, "--per-lang", help="md: one page per language, each within GitHub's "
                                  "65,536-character body limit, written to --out DIR as <lang>.md."),
) -> None:
    """Report up-to-date, outdated, missing, in-progress and orphaned docs per language.

    Outdated is decided from content history: the English version each translation was made from is
    found in git history (sweeps such as license-year or API renames across languages are not
    re-translations) or, failing that, by comparing code, references and link targets.
    """
    maybe_deepen(repo, docs_root, deepen)
    result = api.status(repo, lang or None, docs_root=docs_root, upstream=upstream)
    if not result.pulls_found:
        err.print(result.pr_note)
    if result.report.history_note:
        err.print(result.report.history_note)
    for why in result.report.skipped_langs.values():
        err.print(f"warning: {why}")
    if fmt is ReportFormat.table:
        if out_file is not None:
            buf = io.StringIO()
            console = PlainConsole(file=buf, no_color=True, markup=False)  # full lines, as in a pipe
            result.render_table(console, show_missing=show_all, limit=limit)
            atomic_write(out_file, buf.getvalue())
            err.print(f"wrote {out_file}")
        else:
            result.render_table(out, show_missing=show_all, limit=limit)
        return
    if per_lang:
        if fmt is not ReportFormat.md or out_file is None:
            err.print("--per-lang needs --format md and --out DIR")
            raise typer.Exit(2)
        out_file.mkdir(parents=True, exist_ok=True)
        for lang_name, page in result.to_markdown_parts(limit).items():
            atomic_write(out_file / f"{lang_name}.md", page)
            err.print(f"wrote {out_file / (lang_name + '.md')} ({len(page)} characters)")
        return
    text = {
        ReportFormat.json: lambda: json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n",
        ReportFormat.md: lambda: result.to_markdown(limit),
        ReportFormat.csv: lambda: result.to_csv(),
        ReportFormat.html: lambda: result.to_html(limit),
    }[fmt]()
    if out_file is not None:
        atomic_write(out_file, text)
        err.print(f"wrote {out_file}")
    else:
        sys.stdout.write(text if fmt is ReportFormat.json else for_terminal(text))
