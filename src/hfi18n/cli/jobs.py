"""``hfi18n jobs run|status|logs|worker``: a library-wide run as a Hugging Face Job (vLLM on a GPU)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer
from rich.markup import escape

from .. import api
from ..doc.inert import for_terminal
from ..errors import install_hint
from ._app import DOCS_ROOT_OPTION, FORMAT_OPTION, JSON_ALIAS, REPO_HELP, TextOrJson, app, wants_json
from ._output import err, out

jobs_app = typer.Typer(
    help="Translate many docs in a Hugging Face Job: an open model served by vLLM on a GPU, the result "
         "pushed to your fork as one branch with one commit per doc. Needs the jobs extra (huggingface_hub).",
    no_args_is_help=True,
)
app.add_typer(jobs_app, name="jobs")

PACKAGE_HELP = ("What the job installs, pinned: 'hfi18n @ git+https://github.com/OWNER/hfi18n@<40-hex commit>' or "
                "a wheel URL with '#sha256=...' (default: the commit of this hfi18n's checkout, which must be "
                "pushed; never a bare package name).")


def _hub() -> None:
    try:
        import huggingface_hub  # noqa: F401
    except ImportError:
        err.print(f"huggingface_hub is not installed: {install_hint('jobs')}")
        raise typer.Exit(2) from None


@jobs_app.command("run")
def run(
    docs: list[str] = typer.Argument(None, help="English docs (default: --next N)."),
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: str = typer.Option("ko", "--lang", help="Target language folder."),
    next_n: int | None = typer.Option(None, "--next", min=1, help="The N most useful docs."),
    update: bool = typer.Option(False, "--update", help="Outdated docs too."),
    all_docs: bool = typer.Option(False, "--all", help="Every missing and outdated doc (as translate --all)."),
    model: str = typer.Option(api.JOBS_DEFAULT_MODEL, "--model", help="Open model vLLM serves in the job."),
    flavor: str | None = typer.Option(None, "--flavor", help="Hardware flavor (default: by model)."),
    fork: str = typer.Option(..., "--fork", help="Your fork OWNER/NAME the job pushes its branch to."),
    upstream: str | None = typer.Option(None, "--upstream", help="OWNER/NAME to clone (default: github.upstream)."),
    branch: str | None = typer.Option(None, "--branch", help="Branch name on the fork."),
    package: str | None = typer.Option(None, "--package", help=PACKAGE_HELP),
    yes: bool = typer.Option(False, "--yes", "-y", help="Launch without asking."),
    docs_root: str = DOCS_ROOT_OPTION,
    fmt: TextOrJson = FORMAT_OPTION,
    as_json: bool = JSON_ALIAS,
) -> None:
    """Estimate (tokens, flavor, time, dollars, the pinned hfi18n the job installs), check the tokens, ask,
    then launch. The HF token stays with huggingface_hub; GITHUB_TOKEN goes to the job as a secret."""
    _hub()
    est = api.job_estimate(repo, lang, docs or (), next_n=next_n, update=update, model=model, flavor=flavor,
                           docs_root=docs_root, package=package, all_docs=all_docs)
    err.print(escape(est.line()))
    api.job_ready(fork=fork, upstream=upstream, repo=repo, docs_root=docs_root)  # no question before a sure failure
    if not yes and not typer.confirm("Launch this job?", default=False, err=True):
        err.print("not launched")
        raise typer.Exit(1)
    launch = api.job_launch(est, fork=fork, upstream=upstream, branch=branch, repo=repo, docs_root=docs_root)
    if wants_json(fmt, as_json):
        sys.stdout.write(json.dumps(launch.to_json(), ensure_ascii=False, indent=2) + "\n")
        return
    out.print(f"job {launch.job_id}: {launch.url}")
    err.print(f"follow it with `hfi18n jobs status {launch.job_id}` and `hfi18n jobs logs {launch.job_id}`; "
              f"the result lands on branch {launch.branch} of {fork}")


@jobs_app.command("status")
def status(job_id: str = typer.Argument(..., help="Job id."),
           fmt: TextOrJson = FORMAT_OPTION, as_json: bool = JSON_ALIAS) -> None:
    """The job's stage (RUNNING, COMPLETED, ERROR...)."""
    _hub()
    st = api.job_status(job_id)
    if wants_json(fmt, as_json):
        sys.stdout.write(json.dumps(st.to_json()) + "\n")
        return
    out.print(f"{st.job_id}: {st.stage}" + (f" ({st.message})" if st.message else ""))


@jobs_app.command("logs")
def logs(job_id: str = typer.Argument(..., help="Job id."),
         follow: bool = typer.Option(False, "--follow", "-f", help="Keep printing until the job ends."),
         fmt: TextOrJson = typer.Option(TextOrJson.text, "--format", help="text, or json (one JSON string per "
                                        "line: JSON Lines).")) -> None:
    """The job's log lines (secrets masked, control characters shown, never run by your terminal)."""
    _hub()
    machine = wants_json(fmt)
    for line in api.job_logs(job_id, follow=follow):
        sys.stdout.write((json.dumps(line, ensure_ascii=False) if machine else for_terminal(line)) + "\n")
        sys.stdout.flush()


@jobs_app.command("worker", hidden=True)
def worker(
    docs: list[str] = typer.Argument(..., help="English docs to translate."),
    upstream_url: str = typer.Option(..., "--upstream-url"),
    fork_url: str = typer.Option(..., "--fork-url"),
    lang: str = typer.Option(..., "--lang"),
    model: str = typer.Option(..., "--model"),
    branch: str = typer.Option(..., "--branch"),
    base_url: str | None = typer.Option(None, "--base-url", help="An OpenAI-compatible server already running "
                                        "(default: start vLLM here)."),
    docs_root: str = DOCS_ROOT_OPTION,
    workdir: Path | None = typer.Option(None, "--workdir"),
) -> None:
    """What the job runs (also runnable locally): translate, one commit per doc, push to the fork."""
    res = api.job_worker(upstream_url, fork_url, lang, docs, model=model, branch=branch, base_url=base_url,
                         docs_root=docs_root, workdir=workdir,
                         log=lambda m: sys.stdout.write(for_terminal(m) + "\n"))
    sys.stdout.write(json.dumps(res.to_json(), ensure_ascii=False) + "\n")
    if res.skipped:
        raise typer.Exit(1)
