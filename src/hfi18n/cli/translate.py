"""``hfi18n translate``: structure-safe LLM translation of English docs."""

from __future__ import annotations

import contextlib
import json
import shlex
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from .. import api
from ..doc.inert import for_terminal
from ._app import LANG_HELP, NO_CACHE_HELP, REPO_HELP, app
from ._deepen import DEEPEN_HELP, maybe_deepen
from ._output import err, log_event, out, print_doc, retries_counted

WHAT, PROVIDER, OUTPUT = "What to translate", "Provider", "Output and files"
BATCH = "Batch (half price, within 24 h)"
"""``translate --help`` in groups: 24 options in one list read as a wall (issue 33)."""


@app.command()
def translate(
    paths: list[str] = typer.Argument(None, metavar="DOCS", help="English docs to translate (e.g. quicktour.md)."),
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP, rich_help_panel=WHAT),
    lang: str = typer.Option(..., "--lang", help=LANG_HELP, rich_help_panel=WHAT),
    next_n: int = typer.Option(None, "--next", help="Take the N most useful missing docs (outdated too with --update).", rich_help_panel=WHAT),
    update: bool = typer.Option(False, "--update", help="Refresh outdated translations: translate only what changed.", rich_help_panel=WHAT),
    force: bool = typer.Option(False, "--force", help="Replace existing translations (a backup is kept in .git/hfi18n/backup).", rich_help_panel=WHAT),
    dry_run: bool = typer.Option(False, "--dry-run", help="Print the plan, tokens and estimated cost; send nothing.", rich_help_panel=OUTPUT),
    provider: str = typer.Option(None, "--provider", help="anthropic, openai, hf, or pseudo (an offline test double: marked drafts of new pages, never a translation).", rich_help_panel=PROVIDER),
    model: str = typer.Option(None, "--model", help="Model name (default: the provider's default or the config).", rich_help_panel=PROVIDER),
    base_url: str = typer.Option(None, "--base-url", help="OpenAI-compatible server URL (vLLM, TGI, Ollama, LM Studio).", rich_help_panel=PROVIDER),
    concurrency: int = typer.Option(4, "--concurrency", min=1, max=64, help="Requests in flight at once.", rich_help_panel=PROVIDER),
    max_cost: float = typer.Option(None, "--max-cost", help="Stop sending requests once this many USD are spent.", rich_help_panel=PROVIDER),
    allow_errors: bool = typer.Option(False, "--allow-errors", help="Write docs that fail `check`, marked as such.", rich_help_panel=OUTPUT),
    glossary: Path = typer.Option(None, "--glossary", help="Glossary TSV (default: the built-in one for --lang).", rich_help_panel=OUTPUT),
    memory: Path = typer.Option(None, "--memory", help="Translation memory file (default: .git/hfi18n/memory.sqlite3).", rich_help_panel=OUTPUT),
    batch_tokens: int = typer.Option(1200, "--batch-tokens", min=1, help="Source tokens per request.", rich_help_panel=PROVIDER),
    fmt: str = typer.Option("text", "--format", help="text or json (summary on stdout).", rich_help_panel=OUTPUT),
    docs_root: str = typer.Option(api.DEFAULT_DOCS_ROOT, "--docs-root", help="Docs folder inside the repo.",
                                  rich_help_panel=WHAT),
    deepen: bool = typer.Option(False, "--deepen", help=DEEPEN_HELP, rich_help_panel=WHAT),
    batch: bool = typer.Option(False, "--batch", help="Submit every request as one provider batch (half price, "
                               "results within 24 h) and return at once; finish with --collect.", rich_help_panel=BATCH),
    collect: bool = typer.Option(False, "--collect", help="Collect the latest batch job (or --job): validate, "
                                 "retry what failed, write the docs that pass check.", rich_help_panel=BATCH),
    retry_now: bool = typer.Option(False, "--retry-now", help="With --collect: retry failed segments "
                                   "interactively now instead of in a new batch.", rich_help_panel=BATCH),
    job: str = typer.Option(None, "--job", help="With --collect: the batch job id (see `hfi18n batch status`).", rich_help_panel=BATCH),
    new_language: bool = typer.Option(False, "--new-language", help="Start a folder for a --lang the repository "
                                     "has none of yet (otherwise refused: --lang kr is a typo of ko).", rich_help_panel=WHAT),
    second_model: str = typer.Option(None, "--second-model", help="A second model of the provider drafts the "
                                     "segments too; where the first draft breaks the team's style or glossary, "
                                     "or the two disagree strongly, both are kept for the translator to pick.",
                                     rich_help_panel=PROVIDER),
    all_docs: bool = typer.Option(False, "--all", help="Draft every missing doc and update every outdated one "
                                  "(the estimate first, then a confirmation; --yes skips it). Docs whose base is "
                                  "unknown or that an open PR translates are left alone and listed.",
                                  rich_help_panel=WHAT),
    yes: bool = typer.Option(False, "--yes", "-y", help="With --all: run without asking.", rich_help_panel=WHAT),
    no_toctree: bool = typer.Option(False, "--no-toctree", help="With --all: leave _toctree.yml alone (by default "
                                    "every doc the run creates is listed, as `hfi18n toctree` lists it).",
                                    rich_help_panel=WHAT),
    no_cache: bool = typer.Option(False, "--no-cache", help=NO_CACHE_HELP, rich_help_panel=OUTPUT),
) -> None:
    """Translate English docs into --lang: only prose is sent, every construct comes back intact.

    A doc is written only if it passes `hfi18n check`; existing translations are never overwritten
    without --update or --force. With --batch the requests go out as one provider batch at half the
    price; --collect (or `hfi18n batch collect`) finishes the job.
    """
    from .batch import collect_job, print_job

    if collect:
        collect_job(repo, job, retry_now=retry_now, concurrency=concurrency, docs_root=docs_root, fmt=fmt,
                    progress=log_event, base_url=base_url)
        return
    if all_docs and paths:
        err.print("--all takes every missing and outdated doc: name no doc with it")
        raise typer.Exit(2)
    if no_toctree and not all_docs:
        raise typer.BadParameter("--no-toctree goes with --all (a run of named docs never touches the toctree: "
                                 "`hfi18n toctree` lists them)", param_hint="--no-toctree")
    if update or next_n or all_docs:  # they read the history: a shallow one is deepened with consent, or refused
        maybe_deepen(repo, docs_root, deepen)
    common = dict(next_n=next_n, update=update, force=force, provider=provider, model=model, base_url=base_url,
                  glossary=glossary, memory=memory, batch_tokens=batch_tokens, docs_root=docs_root,
                  new_language=new_language, all_docs=all_docs)
    if second_model and (batch or dry_run):
        raise typer.BadParameter("--second-model works with an interactive run (not --batch or --dry-run)",
                                 param_hint="--second-model")
    if all_docs and not dry_run and not yes:
        with api.caching(not no_cache):
            _confirm_big_run(repo, lang, batch=batch, fmt=fmt, common=common)
    if batch and not dry_run:
        with api.caching(not no_cache):
            submitted = api.batch_submit(repo, lang, paths or [], allow_errors=allow_errors, progress=log_event,
                                         toctree=not no_toctree, **common)
        print_job(submitted, fmt)
        again = f" --base-url {shlex.quote(base_url)}" if base_url else ""  # the key goes only where told now
        err.print(f"collect it later with: hfi18n translate --collect --lang {shlex.quote(lang)} "
                  f"--repo {shlex.quote(str(repo))}{again}")
        return
    if dry_run:
        with api.caching(not no_cache):
            plan = api.plan(repo, lang, paths or [], progress=log_event, batch=batch, **common)
        _print_skipped(plan.skipped)
        if not plan.estimate.files:
            raise typer.Exit(1 if plan.skipped else 0)
        _print_plan(plan, fmt)
        return
    machine = fmt == "json"
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=err, disable=machine, transient=False)
    tasks: dict[str, object] = {}

    def on_progress(event: api.ProgressEvent) -> None:
        if event.kind is api.ProgressKind.START:
            if "" not in tasks:
                tasks[""] = progress.add_task("all segments", total=0)
            overall = tasks[""]
            progress.update(overall, total=(progress.tasks[0].total or 0) + event.total)  # type: ignore[arg-type]
            # the progress bar parses markup and passes ESC on: a doc name is text (issue 33)
            tasks[event.doc] = progress.add_task(escape(for_terminal(event.doc)), total=max(event.total, 1))
        elif event.kind is api.ProgressKind.SEGMENTS:
            progress.advance(tasks[event.doc], event.done)  # type: ignore[arg-type]
            progress.advance(tasks[""], event.done)  # type: ignore[arg-type]
        else:
            log_event(event)

    cancel = threading.Event()
    with progress, _ctrl_c_cancels(cancel), retries_counted(), api.caching(not no_cache):
        result = api.translate(repo, lang, paths or [], concurrency=concurrency, max_cost=max_cost,
                               allow_errors=allow_errors, progress=on_progress, cancel=cancel,
                               second_model=second_model, toctree=not no_toctree, **common)
    _print_skipped(result.skipped)
    if not result.docs:
        if all_docs:
            err.print("nothing to translate: every doc is translated and up to date"
                      + (" (or left alone, above)" if result.skipped else ""))
            if machine:  # what it left alone, and the docs an earlier run wrote that it listed now
                out.file.write(json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n")
        raise typer.Exit(result.exit_code)
    _print_summary(result, machine)
    if result.exit_code:
        raise typer.Exit(result.exit_code)


def _confirm_big_run(repo: Path, lang: str, *, batch: bool, fmt: str, common: dict) -> None:
    """``--all``: the estimate of the whole run, then a question (a run of hundreds of docs costs real
    money); without a terminal to ask on, ``--yes`` must say it (a nightly job passes it)."""
    plan = api.plan(repo, lang, [], progress=log_event, batch=batch, **common)
    _print_skipped(plan.skipped)
    if not plan.estimate.files:
        err.print("nothing to translate: every doc is translated and up to date (or left alone, above)")
        raise typer.Exit(1 if plan.skipped else 0)
    est = plan.estimate
    priced = next(iter(plan.estimate.costs.items()), None)
    cost = (f", about ${priced[1]:.2f} with {priced[0]}" if priced and priced[1] is not None else "")
    err.print(f"--all: {est.files} doc(s) ({len(plan.updates)} update(s)), {est.segments} segment(s), "
              f"{est.segments - est.cached - est.duplicates} to send in {est.requests} request(s), "
              f"~{est.tokens_in} tokens in, ~{est.tokens_out} out{cost}"
              + (" at the batch price" if batch else "") + " (hfi18n translate --all --dry-run details it)")
    if not sys.stdin.isatty():
        err.print("not run: pass --yes to run it without a question (no terminal to ask on)")
        raise typer.Exit(1)
    if not typer.confirm("Run it?", default=False, err=True):
        err.print("not run")
        raise typer.Exit(1)


@contextlib.contextmanager
def _ctrl_c_cancels(cancel: threading.Event) -> Iterator[None]:
    """The first Ctrl-C sets ``cancel`` (the run stops after the requests in flight, finished docs are
    written and the summary printed); a second one interrupts at once."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def on_sigint(signum: int, frame: object) -> None:
        if cancel.is_set():
            raise KeyboardInterrupt
        cancel.set()
        err.print("stopping after the requests in flight (finished work is kept); Ctrl-C again to quit now")

    previous = signal.signal(signal.SIGINT, on_sigint)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _print_skipped(skipped: list) -> None:
    for s in skipped:
        err.print(f"[yellow]skipped[/] {escape(s.en_rel)}: {escape(s.reason)}", markup=True)


def _print_plan(result: api.PlanResult, fmt: str) -> None:
    if fmt == "json":
        out.file.write(json.dumps(result.to_json(), indent=2) + "\n")
        return
    plan, updates = result.estimate, result.updates
    table = Table(title="Translation plan (nothing sent)")
    for col in ("doc", "to send", "chars", "requests", "tokens in", "tokens out"):
        table.add_column(col, justify="left" if col == "doc" else "right")
    for d in plan.per_doc:
        name = str(d["path"])
        if name in updates:
            u = updates[name]
            name += f" (update: keep {u.kept}, translate {u.changed}, drop {u.removed})"
        table.add_row(name, str(d["segments"]), str(d["chars"]), str(d["requests"]), str(d["tokens_in"]),
                      str(d["tokens_out"]))
    out.print(table)
    to_send = plan.segments - plan.cached - plan.duplicates
    out.print(f"{plan.files} file(s), {plan.segments} segment(s): {plan.cached} from memory, "
              f"{_repeats(plan.duplicates)}{to_send} to send in {plan.requests} request(s), "
              f"~{plan.tokens_in} tokens in, ~{plan.tokens_out} tokens out")
    kind = " at the batch price" if plan.batch else ""
    for m, cost in plan.costs.items():
        out.print(f"  estimated cost with {m}{kind} (prompt cache counted): "
                  + (f"${cost:.4f}" if cost is not None else "unknown (no price)"))


def _repeats(n: int) -> str:
    """The segments that repeat another one's text: sent once, the copies take its translation."""
    return f"{n} repeating another segment's text (translated once), " if n else ""


def _print_summary(result: api.TranslateResult, machine: bool) -> None:
    if machine:
        out.file.write(json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n")
        return
    for d in result.docs:
        u = result.updates.get(d.path)
        text = d.summary.text() if d.summary else ""
        if u is not None:
            first, _, rest = text.partition("\n")
            text = f"update: {first}, dropped {u.removed}" + (f"\n{rest}" if rest else "")
        print_doc(d, text or None)
    stats = result.stats
    cost = f"${stats.cost_usd:.4f}" if stats.cost_known else "unknown (no price for this model)"
    cached = (f" ({stats.cache_read_tokens} read from the prompt cache, {stats.cache_write_tokens} written to it)"
              if stats.cache_read_tokens or stats.cache_write_tokens else "")
    out.print(f"{stats.segments} segment(s): {stats.cache_hits} from memory, {_repeats(stats.duplicates)}"
              f"{stats.translated} translated, "
              f"{stats.failed_segments} failed, {stats.retried_segments} retried; {stats.requests} request(s), "
              f"{stats.tokens_in} tokens in{cached}, {stats.tokens_out} out, cost {cost}, {stats.seconds:.1f} s")
    if result.second is not None:
        s2 = result.second
        n = sum(len(d.second_drafts) for d in result.docs)
        cost2 = f"${s2.cost_usd:.4f}" if s2.cost_known else "unknown"
        out.print(f"second drafts by {result.second_model}: {n} segment(s) kept beside the first for the translator "
                  f"to pick; {s2.requests} request(s), {s2.tokens_in} tokens in, {s2.tokens_out} out, cost {cost2}")
    if stats.stopped_for_cost:
        out.print("[yellow]stopped early: --max-cost reached; run again to continue (finished work is kept)[/]",
                  markup=True)
    if result.cancelled:
        out.print("[yellow]cancelled: finished segments are in the translation memory; run again to continue[/]",
                  markup=True)
