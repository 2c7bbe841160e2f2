"""``hfi18n check``: lint translated docs against their English source."""

from __future__ import annotations

from pathlib import Path

import typer

from ..check import check_paths, format_github, format_json, format_text, has_errors, summary
from ..repo.layout import DocsLayout
from ._app import LANG_HELP, REPO_HELP, Format, app
from ._output import err, out


@app.command()
def check(
    paths: list[str] = typer.Argument(None, help="Docs to check (default: every doc of --lang)."),
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: str = typer.Option(..., "--lang", help=LANG_HELP),
    fmt: Format = typer.Option(Format.text, "--format", help="text, json (list of findings) or github (annotations)."),
    glossary: Path = typer.Option(None, "--glossary", help="Glossary TSV: report terms whose required translation is absent."),
    docs_root: str = typer.Option("docs/source", "--docs-root", help="Docs folder inside the repo."),
) -> None:
    """Compare translated docs with their English source: structure, anchors, code, links, damage, glossary.

    Exits with 1 when any error is found.
    """
    layout = DocsLayout.open(repo, docs_root)
    gloss = None
    if glossary is not None:
        from ..translate.glossary import Glossary

        gloss = Glossary.load(glossary)
    findings, files = check_paths(layout, lang, paths or [], glossary=gloss)
    if fmt is Format.json:
        out.file.write(format_json(findings))
    elif fmt is Format.github:
        out.file.write(format_github(findings))
    else:
        out.file.write(format_text(findings))
    err.print(summary(findings, files))
    if has_errors(findings):
        raise typer.Exit(1)
