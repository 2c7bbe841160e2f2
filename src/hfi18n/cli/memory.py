"""``hfi18n memory list|purge``: look into the translation memory and forget entries."""

from __future__ import annotations

import json
import time
from pathlib import Path

import typer
from rich.markup import escape

from .. import api
from ._app import DOCS_ROOT_OPTION, REPO_HELP, app
from ._output import err, out

memory_app = typer.Typer(
    name="memory",
    help="The translation memory (finished segment translations, so a re-run costs nothing): list entries and "
    "purge them by doc, provider, age, or every entry today's checks refuse.",
    no_args_is_help=True,
)
app.add_typer(memory_app, name="memory")

DOC_HELP = "Only entries translated for this English doc (path relative to the language folder: quicktour.md)."
PROVIDER_HELP = "Only entries answered by this provider (pseudo, openai...) or provider/model (openai/gpt-4.1-mini)."
AGE_HELP = "Only entries older than this: 30d, 12h, 2w, 90m."
FAILING_HELP = "Only entries today's checks refuse (English echoes, wrong script, broken placeholders)."
MEMORY_HELP = "Translation memory file (default: .git/hfi18n/memory.sqlite3 of the repository)."


def _show(report: api.MemoryReport, fmt: str, verb: str) -> None:
    if fmt == "json":
        out.file.write(json.dumps(report.to_json(), ensure_ascii=False, indent=2) + "\n")
        return
    now = time.time()
    for e in report.entries:
        age = (now - float(e["created_at"])) / 86400
        meta = e["meta"] or {}
        line = escape(f"{e['lang']} {meta.get('doc', '?')} [{e['model']}, {age:.0f}d] "
                      f"{e['source'][:60]!r} -> {e['translation'][:60]!r}")
        if e["problem"]:
            line += f"  [red]refused today: {escape(e['problem'])}[/]"
        out.print(line, markup=True)  # escaped above: only the colour is markup
    err.print(f"{len(report.entries)} of {report.total} entries {verb} ({report.failing} refused by today's "
              f"checks) in {report.path}")


@memory_app.command("list")
def list_entries(
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: str = typer.Option(None, "--lang", help="Only entries of this language (ko, zh, ...)."),
    doc: str = typer.Option(None, "--doc", help=DOC_HELP),
    provider: str = typer.Option(None, "--provider", help=PROVIDER_HELP),
    older_than: str = typer.Option(None, "--older-than", help=AGE_HELP),
    failing: bool = typer.Option(False, "--failing", help=FAILING_HELP),
    memory: Path = typer.Option(None, "--memory", help=MEMORY_HELP),
    fmt: str = typer.Option("text", "--format", help="text or json."),
    docs_root: str = DOCS_ROOT_OPTION,
) -> None:
    """List translation-memory entries (source, translation, who answered, age) and whether today's checks
    still accept each one."""
    report = api.memory_list(repo, lang=lang, doc=doc, provider=provider, older_than=older_than, failing=failing,
                             memory=memory, docs_root=docs_root)
    _show(report, fmt, "listed")


@memory_app.command("purge")
def purge(
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: str = typer.Option(None, "--lang", help="Only entries of this language (ko, zh, ...)."),
    doc: str = typer.Option(None, "--doc", help=DOC_HELP),
    provider: str = typer.Option(None, "--provider", help=PROVIDER_HELP),
    older_than: str = typer.Option(None, "--older-than", help=AGE_HELP),
    failing: bool = typer.Option(False, "--failing", help=FAILING_HELP),
    everything: bool = typer.Option(False, "--all", help="Forget every entry (no filter needed)."),
    memory: Path = typer.Option(None, "--memory", help=MEMORY_HELP),
    fmt: str = typer.Option("text", "--format", help="text or json."),
    docs_root: str = DOCS_ROOT_OPTION,
) -> None:
    """Forget the translation-memory entries matching every filter given (at least one, or --all): those
    segments are asked again on the next run."""
    report = api.memory_purge(repo, lang=lang, doc=doc, provider=provider, older_than=older_than,
                              failing=failing, everything=everything, memory=memory, docs_root=docs_root)
    _show(report, fmt, "purged")
