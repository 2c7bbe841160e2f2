"""``hfi18n check``: lint translated docs against their English source."""

from __future__ import annotations

from pathlib import Path

import typer

from .. import api
from ..doc.inert import for_terminal
from ._app import DOCS_ROOT_OPTION, LANG_HELP, REPO_HELP, Format, app
from ._output import err, out


@app.command()
def check(
    paths: list[str] = typer.Argument(None, metavar="DOCS", help="Docs to check (default: every doc of --lang)."),
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: str = typer.Option(..., "--lang", help=LANG_HELP),
    fmt: Format = typer.Option(Format.text, "--format", help="text, json (list of findings) or github (annotations)."),
    glossary: Path = typer.Option(None, "--glossary", help="Glossary TSV: report terms whose required translation is absent."),
    against: str = typer.Option("followed", "--against",
                                help="followed: an outdated translation against the English it follows, the "
                                     "drift since as one finding; today: every translation against today's English."),
    docs_root: str = DOCS_ROOT_OPTION,
    fix_anchors: bool = typer.Option(False, "--fix-anchors", help="Rename translators' own heading anchors "
                                     "to the English ones, with every link to them in this language, then check."),
) -> None:
    """Compare translated docs with their English source: structure, anchors, code, links, damage, glossary.

    Exits with 1 when any error is found.
    """
    if fix_anchors:
        for fix in api.fix_anchors(repo, lang, paths or [], docs_root=docs_root):
            err.print(f"{fix.doc}:{fix.line}: [[{fix.anchor}]] -> [[{fix.english}]], "
                      f"{len(fix.links)} link(s) rewritten")
    result = api.check(repo, lang, paths or [], docs_root=docs_root, glossary=glossary, against=against)
    text = result.format(fmt.value)  # JSON keeps the exact names; a terminal never runs a name's escapes
    out.file.write(text if fmt is Format.json else for_terminal(text))
    err.print(result.summary())
    if not result.ok:
        raise typer.Exit(1)
