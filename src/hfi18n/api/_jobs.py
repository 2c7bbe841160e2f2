"""``jobs``: a library-wide translate/update run as a Hugging Face Job, the engine doc-builder's nightly
translation uses.

One machine translating hundreds of pages through a hosted API is slow and costs per token; a Job rents a
GPU for the run, serves an open model with vLLM (OpenAI-compatible) inside it, and runs hfi18n against it
with ``--base-url``. The result is pushed to the user's fork as one branch with one commit per doc, ready
for ``publish`` doc by doc (a human still reviews every page).

* :func:`job_estimate` -- docs, tokens (from :func:`plan`), hardware flavor, minutes and dollars;
* :func:`job_ready` -- what a launch needs (upstream, GitHub and HF tokens), checked before asking;
* :func:`job_launch` -- ``HfApi.run_job``: the job runs ``uv run --with <this hfi18n, pinned by commit>
  hfi18n jobs worker ... -- <docs>`` (:func:`job_worker`, :mod:`._job_source`);
* :func:`job_status`, :func:`job_logs` -- ``inspect_job`` and ``fetch_job_logs``.

Secrets: the user's HF token stays with huggingface_hub (``HF_TOKEN`` or the saved login; never an
argument here, never on a command line). The GitHub token that pushes to the fork goes as a job *secret*,
never in the command, its arguments, the environment or the labels; the worker never prints it, and the
key of the job's vLLM server is made inside the job. Every line the worker and ``jobs logs`` print passes
through :func:`hfi18n.secrets.redact`.
"""

from __future__ import annotations

import contextlib
import os
import secrets as _secrets
import subprocess
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..config import Config
from ..errors import RefusedError, RemoteError
from ..repo.layout import DEFAULT_DOCS_ROOT, DocsLayout
from ..repo.signoff import record_path
from ..secrets import redact, register
from ._common import _config, _layout

FLAVORS: dict[str, tuple[int, float]] = {
    "a10g-small": (24, 1.00),
    "a10g-large": (24, 1.50),
    "l40sx1": (48, 1.80),
    "a100-large": (80, 2.50),
    "h100": (80, 4.50),
}
"""Job hardware flavor -> (GPU memory in GB, USD per hour), Hugging Face's list prices in 2025."""

MODELS: dict[str, tuple[str, float]] = {
    "Qwen/Qwen2.5-7B-Instruct": ("a10g-large", 250.0),
    "google/gemma-3-12b-it": ("l40sx1", 200.0),
    "Qwen/Qwen2.5-32B-Instruct": ("a100-large", 150.0),
}
"""Open model -> (smallest flavor that holds it in bf16 with room for the KV cache, output tokens per
second vLLM gives hfi18n's 4 concurrent requests on it). Assumptions, not measurements: the estimate says
so; a model not listed needs ``--flavor`` and is assumed at 100 tokens/s."""

DEFAULT_MODEL = "Qwen/Qwen2.5-7B-Instruct"
STARTUP_MINUTES = 10.0
"""Installing vLLM, downloading and loading the model: paid minutes before the first page."""
PREFILL_TOKENS_PER_SECOND = 5000.0
VLLM_PORT = 8000


@dataclass(slots=True)
class JobEstimate:
    lang: str
    model: str
    flavor: str
    docs: list[str]
    tokens_in: int
    tokens_out: int
    minutes: float
    usd: float
    note: str = ""
    install: str = ""
    """The pinned requirement the job installs (:mod:`._job_source`): ``hfi18n @ git+https://...@<commit>``."""
    install_from: str = ""
    """Where that pin comes from, in words (``commit 1a2b3c4d5e of /path``, ``--package``)."""
    left_out: list[str] = field(default_factory=list)
    """Docs of ``--next`` left out because their name starts with ``-`` (see :func:`refuse_option_names`)."""

    def to_json(self) -> dict[str, object]:
        return {"lang": self.lang, "model": self.model, "flavor": self.flavor, "docs": list(self.docs),
                "tokens_in": self.tokens_in, "tokens_out": self.tokens_out, "minutes": round(self.minutes, 1),
                "usd": round(self.usd, 2), "note": self.note, "install": self.install,
                "install_from": self.install_from, "left_out": list(self.left_out)}

    def line(self) -> str:
        text = (f"{len(self.docs)} docs into {self.lang} with {self.model} on {self.flavor}: ~{self.tokens_in:,} "
                f"tokens in, ~{self.tokens_out:,} out, ~{self.minutes:.0f} min, ~${self.usd:.2f}"
                + (f" ({self.note})" if self.note else ""))
        if self.install:
            text += f"\nthe job installs {self.install} ({self.install_from}) and vllm"
        if self.left_out:
            text += ("\nleft out (a name starting with '-' would be read as an option): "
                     + ", ".join(self.left_out))
        return text


def job_time(model: str, flavor: str | None, tokens_in: int, tokens_out: int) -> tuple[str, float, float, str]:
    """``(flavor, minutes, USD, note)`` of a run of that many tokens."""
    known = MODELS.get(model)
    if flavor is None and known is None:
        raise RefusedError(f"no hardware flavor known for {model}",
                           hint="pass --flavor (one of " + ", ".join(FLAVORS) + ")")
    flavor = flavor or known[0]  # type: ignore[index]
    if flavor not in FLAVORS:
        raise RefusedError(f"unknown flavor {flavor}", hint="pass --flavor one of " + ", ".join(FLAVORS))
    speed = known[1] if known is not None else 100.0
    minutes = STARTUP_MINUTES + (tokens_out / speed + tokens_in / PREFILL_TOKENS_PER_SECOND) / 60.0
    note = "speeds are assumptions for " + (model if known else "an unlisted model (100 tokens/s)")
    return flavor, minutes, minutes / 60.0 * FLAVORS[flavor][1], note


def option_like(doc: str) -> bool:
    """Would ``doc`` read as an option on a command line (``--fork-url=git@evil.example:loot.md``)?"""
    return doc.startswith("-")


def refuse_option_names(docs: Sequence[str]) -> None:
    """Refuse doc names that start with ``-``.

    Why: a file ``en/--fork-url=git@evil.example:loot.md`` in the upstream repository became the job
    worker's ``--fork-url`` (issue 33), and the worker pushed there with the GitHub token. The job's command
    line puts ``--`` before the names as well; this refusal says so before anything runs."""
    bad = [d for d in docs if option_like(d)]
    if bad:
        raise RefusedError(f"doc name {bad[0]!r} starts with '-': on the job's command line it would read as an "
                           "option", hint="rename the file so it starts with a letter or digit")


def job_estimate(repo: Path | str = ".", lang: str = "ko", docs: Sequence[str] = (), *, next_n: int | None = None,
                 update: bool = False, model: str = DEFAULT_MODEL, flavor: str | None = None,
                 docs_root: str = DEFAULT_DOCS_ROOT, package: str | None = None,
                 config: Config | None = None, all_docs: bool = False) -> JobEstimate:
    """What a Job would translate, install and cost: the token counts of :func:`plan` (nothing is sent) and
    the pinned hfi18n it installs (:func:`~._job_source.job_source`; ``package`` overrides, if pinned).
    ``all_docs``: the docs of ``translate --all`` (every missing and outdated doc)."""
    from ._job_source import job_source
    from ._translate import plan

    refuse_option_names(docs)
    source = job_source(package)
    p = plan(repo, lang, docs, next_n=next_n, update=update, provider="pseudo", docs_root=docs_root, config=config,
             all_docs=all_docs)
    picked = [str(d["path"]) for d in p.estimate.per_doc]
    if docs:
        refuse_option_names(picked)
    docs = [d for d in picked if not option_like(d)]
    left_out = [d for d in picked if option_like(d)]
    if not docs:
        raise RefusedError("nothing to translate", hint="name docs, or pass --next N (and --update for outdated "
                                                        "ones), or --all")
    tokens_in = sum(int(d["tokens_in"]) for d in p.estimate.per_doc if str(d["path"]) in docs)
    tokens_out = sum(int(d["tokens_out"]) for d in p.estimate.per_doc if str(d["path"]) in docs)
    fl, minutes, usd, note = job_time(model, flavor, tokens_in, tokens_out)
    return JobEstimate(lang, model, fl, docs, tokens_in, tokens_out, minutes, usd, note,
                       source.requirement, source.origin,
                       left_out)


@dataclass(slots=True)
class JobLaunch:
    job_id: str
    url: str
    branch: str
    estimate: JobEstimate
    secrets: list[str] = field(default_factory=list)
    """Names (never values) of the secrets the job got."""

    def to_json(self) -> dict[str, object]:
        return {"job_id": self.job_id, "url": self.url, "branch": self.branch, "secrets": list(self.secrets),
                "estimate": self.estimate.to_json()}


@dataclass(slots=True)
class JobReady:
    """What a launch needs, checked before anyone is asked to confirm it."""

    upstream: str
    github_token: str
    docs_root: str
    """The docs folder relative to the repository, as the worker is told."""


def job_ready(*, fork: str, upstream: str | None = None, repo: Path | str = ".", docs_root: str = DEFAULT_DOCS_ROOT,
              config: Config | None = None) -> JobReady:
    """Refuse, before the question "Launch this job?", a launch that would fail: no upstream, a bad repository
    name, no GitHub token, no Hugging Face token (neither ``HF_TOKEN`` nor ``hf auth login``)."""
    from huggingface_hub import get_token

    from ..repo.ghref import check_repo_name
    from ..repo.github import github_settings

    layout = _layout(repo, docs_root)
    cfg = _config(layout, config)
    upstream = upstream or cfg.get("github.upstream")
    if not upstream:
        raise RefusedError("no upstream repository to translate", hint="pass --upstream OWNER/NAME or set github.upstream")
    check_repo_name(upstream)
    check_repo_name(fork)
    token, _ = github_settings(cfg)
    if not token:
        raise RefusedError("no GitHub token: the job could not push to your fork",
                           hint="export GITHUB_TOKEN (it goes to the job as a secret, never as an argument)")
    hf_token = get_token()
    if not hf_token:
        raise RefusedError("no Hugging Face token: the Jobs API needs one to launch a job",
                           hint="run `hf auth login`, or export HF_TOKEN")
    register(hf_token)
    return JobReady(upstream, token, layout.docs_root.relative_to(layout.repo).as_posix())


UV_IMAGE = "ghcr.io/astral-sh/uv:python3.12-bookworm"
"""The image ``run_uv_job`` uses: Python and uv, nothing else."""


def worker_command(estimate: JobEstimate, ready: JobReady, *, fork: str, branch: str) -> list[str]:
    """The job's command line: ``uv run --with <pinned hfi18n> --with vllm hfi18n jobs worker ... -- docs``.

    Built here rather than by ``run_uv_job``: that one uploads every argument that names a file in the
    current folder (a doc named ``index.md`` run from ``docs/source/en``) and warns it is experimental."""
    refuse_option_names(estimate.docs)
    if not estimate.install:
        raise RefusedError("the estimate names no pinned hfi18n to install", hint="make it with job_estimate")
    return ["uv", "run", "--with", estimate.install, "--with", "vllm", "hfi18n", "jobs", "worker",
            "--upstream-url", f"https://github.com/{ready.upstream}.git", "--fork-url", f"https://github.com/{fork}.git",
            "--lang", estimate.lang, "--model", estimate.model, "--branch", branch, "--docs-root", ready.docs_root,
            "--", *estimate.docs]


def job_launch(estimate: JobEstimate, *, fork: str, upstream: str | None = None, branch: str | None = None,
               repo: Path | str = ".", docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None) -> JobLaunch:
    """Run :func:`job_worker` as a Hugging Face Job for the docs of ``estimate``, installing the pinned
    hfi18n the estimate names (never a bare package name)."""
    from huggingface_hub import HfApi

    ready = job_ready(fork=fork, upstream=upstream, repo=repo, docs_root=docs_root, config=config)
    branch = branch or f"hfi18n-job-{estimate.lang}-{time.strftime('%Y%m%d-%H%M%S')}"
    command = worker_command(estimate, ready, fork=fork, branch=branch)
    with _hub_calls():
        job = HfApi().run_job(
            image=UV_IMAGE, command=command, flavor=estimate.flavor, timeout=f"{int(estimate.minutes * 2 + 30)}m",
            secrets={"GITHUB_TOKEN": ready.github_token}, labels={"app": "hfi18n", "lang": estimate.lang},
            name=f"hfi18n-{estimate.lang}")
    return JobLaunch(job.id, job.url, branch, estimate, ["GITHUB_TOKEN"])


@contextlib.contextmanager
def _hub_calls() -> Iterator[None]:
    """A Jobs API call: huggingface_hub's "experimental" warnings stay inside, its HTTP errors come out as a
    :class:`RemoteError` whose words are redacted (the Hub may quote the ``Authorization`` header)."""
    try:
        from huggingface_hub.errors import HfHubHTTPError
    except ImportError:  # pragma: no cover - older huggingface_hub
        from huggingface_hub.utils import HfHubHTTPError  # type: ignore[no-redef]
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*is experimental.*")
        try:
            yield
        except HfHubHTTPError as exc:
            status = getattr(getattr(exc, "response", None), "status_code", None)
            hint = ("check your Hugging Face token (`hf auth login`, or HF_TOKEN)" if status in (401, 403)
                    else "check the job id (`hfi18n jobs status`) and try again" if status == 404 else None)
            raise RemoteError(f"the Jobs API refused: {exc}", hint=hint) from None


@dataclass(slots=True)
class JobState:
    job_id: str
    stage: str
    message: str | None
    url: str
    flavor: str | None

    def to_json(self) -> dict[str, object]:
        return {"job_id": self.job_id, "stage": self.stage, "message": self.message, "url": self.url,
                "flavor": self.flavor}


def job_status(job_id: str) -> JobState:
    from huggingface_hub import HfApi

    with _hub_calls():
        j = HfApi().inspect_job(job_id=job_id)
    return JobState(j.id, str(j.status.stage.value if hasattr(j.status.stage, "value") else j.status.stage),
                    j.status.message, j.url, str(j.flavor) if j.flavor else None)


def job_logs(job_id: str, *, follow: bool = False) -> Iterator[str]:
    """The job's log lines, each passed through :func:`redact`."""
    from huggingface_hub import HfApi

    with _hub_calls():
        for line in HfApi().fetch_job_logs(job_id=job_id, follow=follow):
            yield redact(line)


# ------------------------------------------------------------------------------ inside the job


@dataclass(slots=True)
class WorkerResult:
    branch: str
    commits: list[tuple[str, str]] = field(default_factory=list)
    """``(doc, commit sha)`` for each doc committed, in order."""
    skipped: list[tuple[str, str]] = field(default_factory=list)
    """``(doc, why)`` for each doc not committed (a draft, a failed check)."""
    pushed: bool = False

    def to_json(self) -> dict[str, object]:
        return {"branch": self.branch, "commits": [list(c) for c in self.commits],
                "skipped": [list(s) for s in self.skipped], "pushed": self.pushed}


def _serve_vllm(model: str, key: str, log: Callable[[str], None]) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``vllm serve`` on loopback with a key made here, and wait until it answers."""
    import httpx

    proc = subprocess.Popen(["vllm", "serve", model, "--host", "127.0.0.1", "--port", str(VLLM_PORT),
                             "--api-key", key], env={**os.environ, "VLLM_API_KEY": ""})
    url = f"http://127.0.0.1:{VLLM_PORT}/v1"
    for _ in range(360):  # 30 minutes: the download of a 32B model
        if proc.poll() is not None:
            raise RefusedError(f"vllm serve {model} exited with {proc.returncode}", hint="see the job's logs above")
        try:
            if httpx.get(f"{url}/models", headers={"Authorization": f"Bearer {key}"}, timeout=5).status_code == 200:
                log(f"vLLM serves {model}")
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(5)
    proc.terminate()
    raise RefusedError(f"vllm serve {model} did not answer within 30 minutes", hint="try a smaller model or flavor")


def job_worker(upstream_url: str, fork_url: str, lang: str, docs: Sequence[str], *, model: str, branch: str,
               base_url: str | None = None, docs_root: str = DEFAULT_DOCS_ROOT, workdir: Path | None = None,
               log: Callable[[str], None] = print) -> WorkerResult:
    """What the Job runs: clone, serve the model (unless ``base_url`` names a server already), translate each
    doc, commit each one alone, push the branch to the fork (``GITHUB_TOKEN`` from the job's secrets)."""
    from ..publish.git import Git
    from ._translate import translate

    token = os.environ.get("GITHUB_TOKEN")
    if token:
        register(token)

    def say(text: str) -> None:
        log(redact(text))

    root = Path(workdir or tempfile.mkdtemp(prefix="hfi18n-job-"))
    root.mkdir(parents=True, exist_ok=True)
    checkout = root / "repo"
    Git(root).run("clone", "--quiet", upstream_url, str(checkout), target=upstream_url)
    git = Git(checkout)
    git.run("checkout", "--quiet", "-b", branch)
    if not git.run("config", "user.name", check=False).strip():
        git.run("config", "user.name", "hfi18n job")
        git.run("config", "user.email", "hfi18n-job@users.noreply.huggingface.co")
    server = None
    if base_url is None:
        key = _secrets.token_urlsafe(24)
        register(key)
        server, base_url = _serve_vllm(model, key, say)
        os.environ["OPENAI_API_KEY"] = key
    out = WorkerResult(branch)
    try:
        for doc in docs:
            res = translate(checkout, lang, [doc], provider="openai", model=model, base_url=base_url,
                            docs_root=docs_root, update=True)  # an outdated doc's translation is updated
            outcome = res.docs[0] if res.docs else None
            if outcome is None or not outcome.written or outcome.draft:
                why = outcome.note if outcome is not None else "; ".join(s.reason for s in res.skipped) or "not written"
                out.skipped.append((doc, why))
                say(f"{doc}: not committed ({why})")
                continue
            rel = outcome.target.resolve().relative_to(checkout.resolve()).as_posix()
            paths = [rel]
            record = record_path(DocsLayout.open(checkout, docs_root), lang,
                                 outcome.target.resolve().relative_to((checkout / docs_root / lang).resolve()).as_posix())
            if record.is_file():  # which text is machine: committed with the page
                paths.append(record.relative_to(checkout).as_posix())
            sha = git.commit(paths, f"🌐 [i18n-{lang.upper()}] Translated `{doc}` (hfi18n job, {model})")
            out.commits.append((doc, sha))
            say(f"{doc}: committed {sha[:10]}")
    finally:
        if server is not None:
            server.terminate()
    if out.commits:
        git.push(fork_url, branch, token=token)
        out.pushed = True
        say(f"pushed {len(out.commits)} commit(s) to {branch}: publish them doc by doc with `hfi18n publish`")
    return out
