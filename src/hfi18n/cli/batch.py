"""``hfi18n batch status|collect|cancel``: provider batch jobs submitted by ``hfi18n translate --batch``."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.markup import escape

from .. import api
from ._app import DOCS_ROOT_OPTION, REPO_HELP, app
from ._output import err, log_event, out, print_doc

batch_app = typer.Typer(
    help="Batch jobs (half price, results within 24 h): submit with `hfi18n translate --batch`, then "
         "status, collect, cancel.",
    no_args_is_help=True,
)
app.add_typer(batch_app, name="batch")

JOB_HELP = "Batch job id (default: the latest open job of the repository)."
BASE_URL_HELP = ("The provider's URL, when the job was submitted with --base-url (the API key goes only to the "
                 "provider configured now: a job submitted elsewhere is refused).")


def print_job(result: api.BatchJobResult, fmt: str) -> None:
    """One job's state, rounds, usage and (once collected) the docs, on stdout."""
    if fmt == "json":
        out.file.write(json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n")
        return
    out.print(f"batch job {result.job_id} ({result.provider}, {result.model}): {result.state}")
    for r in result.rounds:
        counts = ", ".join(f"{k} {v}" for k, v in dict(r["counts"]).items() if v)  # type: ignore[call-overload]
        out.print(f"  round {r['round']}: {r['batch_id'] or 'not submitted'} {r['status']} "
                  f"({r['requests']} request(s){'; ' + counts if counts else ''})")
    u = result.usage
    if u:
        out.print(f"  {int(u.get('requests', 0))} answer(s), {int(u.get('tokens_in', 0))} tokens in "
                  f"({int(u.get('cache_read_tokens', 0))} read from the prompt cache, "
                  f"{int(u.get('cache_write_tokens', 0))} written to it), {int(u.get('tokens_out', 0))} out, "
                  f"cost ${float(u.get('cost_usd', 0.0)):.4f} (batch answers at the batch price, "
                  "--retry-now answers at the interactive price)")
    for d in result.docs:
        print_doc(d)
    for s in result.skipped:
        err.print(f"[yellow]skipped[/] {escape(s.en_rel)}: {escape(s.reason)}", markup=True)
    if result.message:
        err.print(result.message)


@batch_app.command("status")
def status(
    job: str = typer.Argument(None, help="Batch job id (default: every job of the repository)."),
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    fmt: str = typer.Option("text", "--format", help="text or json."),
    base_url: str = typer.Option(None, "--base-url", help=BASE_URL_HELP),
    docs_root: str = DOCS_ROOT_OPTION,
) -> None:
    """Show batch jobs and where their provider batches are (polls the provider for open ones)."""
    results = api.batch_status(repo, job, docs_root=docs_root, base_url=base_url)
    if fmt == "json":
        out.file.write(json.dumps([r.to_json() for r in results], ensure_ascii=False, indent=2) + "\n")
        return
    if not results:
        err.print("no batch job in this repository; submit one with `hfi18n translate --batch ...`")
    for r in results:
        print_job(r, fmt)


@batch_app.command("collect")
def collect(
    job: str = typer.Argument(None, help=JOB_HELP),
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    retry_now: bool = typer.Option(False, "--retry-now",
                                   help="Retry failed segments interactively now instead of in a new batch."),
    concurrency: int = typer.Option(4, "--concurrency", min=1, max=64, help="Requests in flight (--retry-now)."),
    fmt: str = typer.Option("text", "--format", help="text or json."),
    base_url: str = typer.Option(None, "--base-url", help=BASE_URL_HELP),
    docs_root: str = DOCS_ROOT_OPTION,
) -> None:
    """Download finished results, validate them, retry what failed, and write the docs that pass check."""
    collect_job(repo, job, retry_now=retry_now, concurrency=concurrency, docs_root=docs_root, fmt=fmt,
                progress=log_event, base_url=base_url)


def collect_job(repo: Path, job: str | None, *, retry_now: bool, concurrency: int, docs_root: str, fmt: str,
                progress: api.ProgressFn | None = None, base_url: str | None = None) -> None:
    """Collect a job and print it (``batch collect`` and ``translate --collect``); exit 1 when a collected
    job left a doc unwritten or skipped."""
    result = api.batch_collect(repo, job, retry_now=retry_now, concurrency=concurrency, docs_root=docs_root,
                               progress=progress, base_url=base_url)
    print_job(result, fmt)
    if result.state == "done" and result.exit_code:
        raise typer.Exit(result.exit_code)


@batch_app.command("cancel")
def cancel(
    job: str = typer.Argument(None, help=JOB_HELP),
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    fmt: str = typer.Option("text", "--format", help="text or json."),
    base_url: str = typer.Option(None, "--base-url", help=BASE_URL_HELP),
    docs_root: str = DOCS_ROOT_OPTION,
) -> None:
    """Cancel a job's running batches; what finished is kept (collect it afterwards)."""
    print_job(api.batch_cancel(repo, job, docs_root=docs_root, base_url=base_url), fmt)
