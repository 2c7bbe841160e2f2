"""``hfi18n glossary``: show, validate, measure and mine per-language glossaries."""

from __future__ import annotations

import enum
import json
from pathlib import Path

import typer
from rich.markup import escape

from .. import api
from ..errors import InputError
from ..fileio import atomic_write, read_text
from ._app import DOCS_ROOT_OPTION, LANG_HELP, REPO_HELP, app
from ._output import err, out

glossary_app = typer.Typer(
    name="glossary",
    help="Per-language glossaries: show and validate them, count how existing translations follow them, "
    "and mine new term pairs from a repository's human translations.",
    no_args_is_help=True,
)
app.add_typer(glossary_app, name="glossary")


class TableFormat(str, enum.Enum):
    table = "table"
    tsv = "tsv"
    json = "json"


GLOSSARY_HELP = "Glossary TSV file (default: the one shipped with hfi18n for --lang)."


def _emit(text: str, out_file: Path | None) -> None:
    if out_file is None:
        out.file.write(text)
        out.file.flush()
    else:
        atomic_write(out_file, text)
        err.print(f"wrote {out_file}")


def _cell(text: object) -> str:
    return str(text).replace("\t", " ").replace("\n", " ")


@glossary_app.command("show")
def show(
    lang: str = typer.Option("ko", "--lang", help=LANG_HELP),
    glossary: Path = typer.Option(None, "--glossary", help=GLOSSARY_HELP),
    text: Path = typer.Option(None, "--text", help="Only the terms occurring in this file, as the prompt lines an "
                              "LLM would get."),
    fmt: TableFormat = typer.Option(TableFormat.table, "--format", help="table, tsv (glossary file format) or json."),
) -> None:
    """Print a glossary, or the glossary lines a translation request for a file would carry."""
    result = api.glossary_lookup(lang, read_text(text) if text is not None else None, glossary=glossary)
    terms = result.terms
    if text is not None and fmt is TableFormat.table:
        out.file.write((result.prompt + "\n") if terms else "")
        err.print(f"{len(terms)} of {result.total} terms occur in {text}")
        return
    if fmt is TableFormat.json:
        out.file.write(json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n")
    elif fmt is TableFormat.tsv:
        out.file.write(result.to_tsv())
    else:
        from rich.table import Table

        table = Table("term", "translation", "alternatives", box=None, pad_edge=False)
        for t in terms:
            table.add_row(" | ".join((t.source, *t.forms)), "(keep in English)" if t.keep_english else t.target or "",
                          ", ".join(t.alternatives))
        out.print(table)
        err.print(f"{len(terms)} terms ({sum(t.keep_english for t in terms)} kept in English), version {result.version}")


@glossary_app.command("validate")
def validate(
    files: list[Path] = typer.Argument(None, help="Glossary TSV files (default: the shipped one for --lang)."),
    lang: str = typer.Option("ko", "--lang", help="Language of the shipped glossary to validate when no file is given."),
) -> None:
    """Check glossary files: syntax (with line numbers), duplicates, and suspicious rows.

    Exits with 1 when a file cannot be loaded.
    """
    targets = files or [None]
    failed = False
    for f in targets:
        try:
            checked = api.glossary_validate(f, lang)
        except InputError as exc:
            failed = True
            err.print(f"[bold red]error:[/] {escape(str(exc))}", markup=True, highlight=False)
            if exc.hint:
                err.print(f"[yellow]hint:[/] {escape(exc.hint)}", markup=True)
            continue
        g, name = checked.glossary, checked.name
        for message in checked.warnings:
            out.print(f"{name}: warning: {message}")
        out.print(f"{name}: {len(g)} terms ({sum(t.keep_english for t in g)} kept in English), "
                  f"language {g.lang}, version {g.version}")
    if failed:
        raise typer.Exit(1)


@glossary_app.command("usage")
def usage(
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: str = typer.Option(..., "--lang", help=LANG_HELP),
    glossary: Path = typer.Option(None, "--glossary", help=GLOSSARY_HELP),
    fmt: TableFormat = typer.Option(TableFormat.table, "--format", help="table, tsv or json."),
    out_file: Path = typer.Option(None, "--out", help="Write the result to this file instead of stdout."),
    history: bool = typer.Option(True, "--history/--no-history", help="Also align translations with the "
                                 "English of their time (git history)."),
    docs_root: str = DOCS_ROOT_OPTION,
) -> None:
    """Count how the human translations in a repo render each glossary term.

    For every term: the aligned English/translated pairs where the English has it, how many use the
    required translation, and how many use each alternative. Terms the translators seldom follow are
    listed first: they are the rows to reconsider.
    """
    usage = api.glossary_usage(repo, lang, glossary=glossary, history=history, docs_root=docs_root)
    rows = usage.rows
    if fmt is TableFormat.json:
        _emit(json.dumps(usage.to_json(), ensure_ascii=False, indent=2) + "\n", out_file)
        return
    if fmt is TableFormat.tsv:
        lines = ["term\ttranslation\toccurrences\tfollowed\taccepted\tvariants\tunmatched_example"]
        for r in rows:
            lines.append("\t".join(_cell(x) for x in (
                r.term.source, "(keep English)" if r.term.keep_english else r.term.target, r.occurrences,
                r.followed, r.accepted, ", ".join(f"{k} {v}" for k, v in r.variants.items()), r.example)))
        _emit("\n".join(lines) + "\n", out_file)
        return
    from rich.table import Table

    table = Table("term", "translation", "pairs", "followed", "accepted", "spellings seen", "unmatched e.g.",
                  box=None, pad_edge=False)
    for r in rows:
        table.add_row(r.term.source, "(keep English)" if r.term.keep_english else r.term.target or "",
                      str(r.occurrences), str(r.followed), str(r.accepted),
                      ", ".join(f"{k} {v}" for k, v in r.variants.items()), r.example)
    if out_file is not None:
        import io

        from rich.console import Console

        buf = io.StringIO()
        Console(file=buf, width=200, soft_wrap=True, markup=False).print(table)
        _emit(buf.getvalue(), out_file)
    else:
        out.print(table)
    err.print(f"{len(rows)} of {usage.total_terms} terms occur in the aligned translations of {repo}")


@glossary_app.command("mine")
def mine(
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: str = typer.Option(..., "--lang", help=LANG_HELP),
    min_count: int = typer.Option(3, "--min-count", min=1, help="Least number of aligned pairs supporting a "
                                  "proposal."),
    min_score: float = typer.Option(0.3, "--min-score", min=0.0, max=1.0, help="Least Dice score (0-1) of a "
                                    "proposal."),
    limit: int = typer.Option(None, "--limit", min=1, help="Keep only the N best-supported proposals."),
    fmt: TableFormat = typer.Option(TableFormat.tsv, "--format", help="tsv (loadable as a glossary: delete the "
                                    "rows you reject), json or table."),
    out_file: Path = typer.Option(None, "--out", help="Write the proposals to this file instead of stdout."),
    history: bool = typer.Option(True, "--history/--no-history", help="Also align translations with the "
                                 "English of their time (git history)."),
    new_only: bool = typer.Option(False, "--new-only", help="Leave out terms already in the glossary "
                                  "(--glossary, or the shipped one for --lang)."),
    glossary: Path = typer.Option(None, "--glossary", help="Glossary for --new-only."),
    docs_root: str = DOCS_ROOT_OPTION,
) -> None:
    """Propose glossary entries from the human translations already in a repo, for a human to curate.

    Pairs each docs/source/<lang>/X with docs/source/en/X, aligns headings and paragraphs, and proposes
    for each frequent English term the translation that co-occurs with it most consistently (Dice
    score), or "keep in English" when translators keep the term as is. Sorted by support: the number of
    aligned pairs where both occur.
    """
    result = api.glossary_mine(repo, lang, min_count=min_count, min_score=min_score, limit=limit,
                               history=history, new_only=new_only, glossary=glossary, docs_root=docs_root)
    proposals = result.proposals
    if fmt is TableFormat.json:
        _emit(json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n", out_file)
    elif fmt is TableFormat.tsv:
        lines = [
            f"# glossary proposals for {lang} mined from {result.files} translated docs "
            f"({result.units} aligned pairs) of {repo}",
            "# count: aligned pairs with the term and the translation; occurrences: pairs with the term;",
            "# score: Dice coefficient. Delete the rows you reject, fix the others: the file loads as a glossary.",
            "term\ttranslation\tkeep_english\talternatives\tnotes\tcount\toccurrences\tscore\texample",
        ]
        for p in proposals:
            others = ", ".join(f"{t} {c}" for t, c in p.others)
            lines.append("\t".join(_cell(x) for x in (
                p.term, p.translation or "", "yes" if p.keep_english else "no", "",
                f"also: {others}" if others else "", p.count, p.occurrences, f"{p.score:.2f}", p.example)))
        _emit("\n".join(lines) + "\n", out_file)
    else:
        from rich.table import Table

        table = Table("term", "translation", "count", "of", "score", "example", "also", box=None, pad_edge=False)
        for p in proposals:
            table.add_row(p.term, "(keep English)" if p.keep_english else p.translation or "", str(p.count),
                          str(p.occurrences), f"{p.score:.2f}", p.example,
                          ", ".join(f"{t} {c}" for t, c in p.others))
        out.print(table)
    err.print(f"{len(proposals)} proposals from {result.files} translated docs ({result.units} aligned pairs)")


@glossary_app.command("export")
def export(
    lang: str = typer.Option("ko", "--lang", help=LANG_HELP),
    glossary: Path = typer.Option(None, "--glossary", help=GLOSSARY_HELP),
    repo: Path = typer.Option(None, "--repo", help="Count how many human-translated files of this checkout use "
                              "each term (written as comments, the evidence doc-builder's glossaries carry)."),
    out_file: Path = typer.Option(None, "--out", help="Write the YAML to this file instead of stdout."),
    history: bool = typer.Option(True, "--history/--no-history", help="Also align translations with the "
                                 "English of their time (git history) when counting."),
    docs_root: str = DOCS_ROOT_OPTION,
) -> None:
    """Write a glossary in doc-builder's YAML format (pin: term -> translation, keep: English terms).

    Hugging Face's nightly machine translation reads this file (doc_builder/glossaries/<lang>.yml), so a
    language team's glossary, mined from its human translations, can be handed to it.
    """
    _emit(api.glossary_export(lang, glossary=glossary, repo=repo, history=history, docs_root=docs_root), out_file)


@glossary_app.command("import")
def import_(
    file: Path = typer.Argument(..., help="A doc-builder glossary (YAML with pin: and keep:)."),
    lang: str = typer.Option(None, "--lang", help="Its language (default: the file name, ja.yml -> ja)."),
    out_file: Path = typer.Option(None, "--out", help="Write the glossary TSV to this file instead of stdout."),
) -> None:
    """Read a doc-builder YAML glossary into hfi18n's glossary format (TSV; counts kept as notes).

    Any --glossary option also reads a .yml/.yaml file directly.
    """
    result = api.glossary_import(file, lang)
    _emit(result.to_tsv(), out_file)
    err.print(f"{result.total} terms ({sum(t.keep_english for t in result.terms)} kept in English), "
              f"language {result.lang}")
