"""``hfi18n translate``: structure-safe LLM translation of English docs."""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..config import load_config
from ..repo.layout import DocsLayout
from ..repo.status_pulls import pulls_for
from ..translate.glossary import Glossary
from ..translate.memory import TranslationMemory
from ..translate.pipeline import DocJob, RunStats, Translator
from ..translate.providers import get_provider
from ..translate.service import Estimate, Selection, back_up, estimate, select_docs
from ._app import LANG_HELP, REPO_HELP, app
from ._output import err, out


def default_memory_path(layout: DocsLayout) -> Path:
    git = layout.repo / ".git"
    if git.is_dir():
        return git / "hfi18n" / "memory.sqlite3"
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return cache / "hfi18n" / "memory.sqlite3"


@app.command()
def translate(
    paths: list[str] = typer.Argument(None, help="English docs to translate (e.g. quicktour.md)."),
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: str = typer.Option(..., "--lang", help=LANG_HELP),
    next_n: int = typer.Option(None, "--next", help="Take the N most useful missing docs (outdated too with --update)."),
    update: bool = typer.Option(False, "--update", help="Refresh outdated translations: translate only what changed."),
    force: bool = typer.Option(False, "--force", help="Replace existing translations (a backup is kept in .git/hfi18n/backup)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Print the plan, tokens and estimated cost; send nothing."),
    provider: str = typer.Option(None, "--provider", help="anthropic, openai, hf or pseudo (offline preview)."),
    model: str = typer.Option(None, "--model", help="Model name (default: the provider's default or the config)."),
    base_url: str = typer.Option(None, "--base-url", help="OpenAI-compatible server URL (vLLM, TGI, Ollama, LM Studio)."),
    concurrency: int = typer.Option(4, "--concurrency", min=1, max=64, help="Requests in flight at once."),
    max_cost: float = typer.Option(None, "--max-cost", help="Stop sending requests once this many USD are spent."),
    allow_errors: bool = typer.Option(False, "--allow-errors", help="Write docs that fail `check`, marked as such."),
    glossary: Path = typer.Option(None, "--glossary", help="Glossary TSV (default: the built-in one for --lang)."),
    memory: Path = typer.Option(None, "--memory", help="Translation memory file (default: .git/hfi18n/memory.sqlite3)."),
    batch_tokens: int = typer.Option(1200, "--batch-tokens", min=1, help="Source tokens per request."),
    fmt: str = typer.Option("text", "--format", help="text or json (summary on stdout)."),
    docs_root: str = typer.Option("docs/source", "--docs-root", help="Docs folder inside the repo."),
) -> None:
    """Translate English docs into --lang: only prose is sent, every construct comes back intact.

    A doc is written only if it passes `hfi18n check`; existing translations are never overwritten
    without --update or --force.
    """
    layout = DocsLayout.open(repo, docs_root)
    config = load_config(layout.repo)
    pulls = None
    if next_n:  # docs an open upstream PR already translates are not picked
        pulls, note = pulls_for(layout, config)
        if pulls is None:
            err.print(note)
    sel = select_docs(layout, lang, paths or [], next_n=next_n, update=update, force=force, pulls=pulls)
    for s in sel.skipped:
        err.print(f"[yellow]skipped[/] {escape(s.en_rel)}: {escape(s.reason)}", markup=True)
    if not sel.jobs:
        raise typer.Exit(1 if sel.skipped else 0)
    gloss = Glossary.load(glossary) if glossary else Glossary.builtin(lang)
    prov = get_provider(provider or ("pseudo" if dry_run and not (provider or config.get("provider")) else None),
                        model=model, base_url=base_url, config=config, lang=lang)
    tm = TranslationMemory(memory or default_memory_path(layout))
    try:
        if dry_run:
            plan = estimate(Translator(prov, lang, glossary=gloss, memory=tm, batch_tokens=batch_tokens), sel.jobs)
            _print_plan(plan, sel, prov.model, fmt)
            return
        code = _run(layout, sel, prov, lang, gloss, tm, concurrency, max_cost, batch_tokens, allow_errors, force, fmt)
    finally:
        tm.close()
        prov.close()
    if code:
        raise typer.Exit(code)


def _run(layout: DocsLayout, sel: Selection, prov, lang: str, gloss: Glossary | None, tm: TranslationMemory,
         concurrency: int, max_cost: float | None, batch_tokens: int, allow_errors: bool, force: bool,
         fmt: str) -> int:
    machine = fmt == "json"
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=err, disable=machine, transient=False)
    tasks: dict[int, object] = {}
    with progress:
        overall = progress.add_task("all segments", total=sum(len(j.pending) for j in sel.jobs))
        for job in sel.jobs:
            tasks[id(job)] = progress.add_task(job.en_rel, total=max(len(job.pending), 1))

        def on_progress(kind: str, job: DocJob, n: int) -> None:
            if kind == "segments":
                progress.advance(tasks[id(job)], n)  # type: ignore[arg-type]
                progress.advance(overall, n)

        translator = Translator(prov, lang, glossary=gloss, memory=tm, concurrency=concurrency,
                                batch_tokens=batch_tokens, max_cost=max_cost, progress=on_progress)
        stats = translator.run(sel.jobs)
    for job in sel.jobs:
        if force and job.target.exists() and job.en_rel not in sel.updates:
            saved = back_up(layout, job)
            if saved:
                err.print(f"backup of the replaced translation: {saved}")
        translator.finish(job, display_path=layout.rel_to_repo(job.target), allow_errors=allow_errors)
    _print_summary(sel, stats, prov.model, machine)
    if any(not j.written for j in sel.jobs) or sel.skipped:
        return 1
    return 0


def _print_plan(plan: Estimate, sel: Selection, model: str, fmt: str) -> None:
    if fmt == "json":
        out.file.write(json.dumps({
            "files": plan.files, "segments": plan.segments, "cached": plan.cached, "requests": plan.requests,
            "chars": plan.chars, "tokens_in": plan.tokens_in, "tokens_out": plan.tokens_out,
            "costs_usd": plan.costs, "docs": plan.per_doc,
            "updates": {k: {"kept": u.kept, "changed": u.changed, "removed": u.removed, "base": u.base_commit}
                        for k, u in sel.updates.items()},
        }, indent=2) + "\n")
        return
    table = Table(title="Translation plan (nothing sent)")
    for col in ("doc", "segments", "chars", "requests", "tokens in", "tokens out"):
        table.add_column(col, justify="left" if col == "doc" else "right")
    for d in plan.per_doc:
        name = str(d["path"])
        if name in sel.updates:
            u = sel.updates[name]
            name += f" (update: keep {u.kept}, translate {u.changed}, drop {u.removed})"
        table.add_row(name, str(d["segments"]), str(d["chars"]), str(d["requests"]), str(d["tokens_in"]),
                      str(d["tokens_out"]))
    out.print(table)
    out.print(f"{plan.files} file(s), {plan.segments} segment(s), {plan.cached} from memory, "
              f"{plan.requests} request(s), ~{plan.tokens_in} tokens in, ~{plan.tokens_out} tokens out")
    for m, cost in plan.costs.items():
        out.print(f"  estimated cost with {m}: " + (f"${cost:.4f}" if cost is not None else "unknown (no price)"))


def _print_summary(sel: Selection, stats: RunStats, model: str, machine: bool) -> None:
    docs = [{"path": j.en_rel, "target": str(j.target), "written": j.written, "note": j.note,
             "failures": [{"line": f.line, "reason": f.reason} for f in j.failures],
             "errors": [f.as_dict() for f in j.findings if f.severity == "error"]} for j in sel.jobs]
    summary = {
        "model": model, "segments": stats.segments, "from_memory": stats.cache_hits,
        "translated": stats.translated, "requests": stats.requests, "tokens_in": stats.tokens_in,
        "tokens_out": stats.tokens_out, "cost_usd": round(stats.cost_usd, 6) if stats.cost_known else None,
        "seconds": round(stats.seconds, 2), "retried_segments": stats.retried_segments,
        "failed_segments": stats.failed_segments, "stopped_for_cost": stats.stopped_for_cost,
        "updates": {k: {"kept": u.kept, "changed": u.changed, "removed": u.removed} for k, u in sel.updates.items()},
        "docs": docs,
    }
    if machine:
        out.file.write(json.dumps(summary, ensure_ascii=False, indent=2) + "\n")
        return
    for j in sel.jobs:
        colour = "green" if j.written else "red"
        out.print(f"[{colour}]{escape(j.note)}[/]: {escape(str(j.target))}", markup=True)
        if j.en_rel in sel.updates:
            u = sel.updates[j.en_rel]
            out.print(f"  update: kept {u.kept} human segment(s), translated {u.changed}, dropped {u.removed}")
        for f in j.failures:
            out.print(f"  left in English (line {f.line}): {f.reason}")
        for f in j.findings:
            if f.severity == "error":
                out.print(f"  {f.file}:{f.line}: [{f.check}] {f.message}")
    cost = f"${stats.cost_usd:.4f}" if stats.cost_known else "unknown (no price for this model)"
    out.print(f"{stats.segments} segment(s): {stats.cache_hits} from memory, {stats.translated} translated, "
              f"{stats.failed_segments} failed, {stats.retried_segments} retried; {stats.requests} request(s), "
              f"{stats.tokens_in} tokens in, {stats.tokens_out} out, cost {cost}, {stats.seconds:.1f} s")
    if stats.stopped_for_cost:
        out.print("[yellow]stopped early: --max-cost reached; run again to continue (finished work is kept)[/]",
                  markup=True)
