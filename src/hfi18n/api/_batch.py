"""``batch_submit``, ``batch_status``, ``batch_collect``, ``batch_cancel``: the translation as one provider
batch job at half price, written through the same gate as ``translate``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from ..check.style import StyleRun
from ..config import Config
from ..doc import parse
from ..doc.draft import mark_draft
from ..errors import HfI18nError, RefusedError
from ..fileio import read_text, snapshot
from ..glossary import Glossary
from ..repo.layout import DEFAULT_DOCS_ROOT, SOURCE_LANG, DocsLayout, state_dir
from ..repo.toctree import TocChange
from ..translate.memory import TranslationMemory
from ..translate.pipeline import DocJob, Translator
from ..translate.service import Skipped
from ._common import (
    ProgressEvent,
    ProgressFn,
    ProgressKind,
    _config,
    _layout,
    _no_progress,
    default_memory_path,
    load_glossary,
)
from ._translate import DocOutcome, _listed, _listing, _select, _set_baselines, _write_docs, team_style


def batch_root(layout: DocsLayout) -> Path:
    """``<repo>/.git/hfi18n/batches`` (``<repo>/.hfi18n/hfi18n/batches`` without a ``.git`` folder)."""
    return state_dir(layout, "batches")


@dataclass(slots=True)
class BatchJobResult:
    """A batch job as submitted, polled, collected or cancelled."""

    job_id: str
    state: str
    """``submitted``, ``running`` (not ended yet), ``resubmitted`` (failed segments went out in a new
    batch), ``done`` (docs written), ``already-collected`` (nothing written twice) or ``cancelled``."""
    provider: str
    model: str
    rounds: list[dict[str, object]]
    usage: dict[str, float]
    """Over every round: requests, tokens in/out, cache write/read tokens, cost (batch discount applied)."""
    docs: list[DocOutcome] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    message: str = ""
    all_docs: bool = False
    """A ``--all`` job: docs left alone by rule are no failure (as in :class:`TranslateResult`)."""
    toctree: list[TocChange] | None = None
    """A collected ``--all`` job: the entries it added to the toctree (None: the job lists nothing)."""
    toctree_error: str = ""

    @property
    def exit_code(self) -> int:
        bad = ((self.skipped and not self.all_docs) or any(not d.written or d.failures for d in self.docs)
               or self.toctree_error)
        return 1 if bad else 0

    def to_json(self) -> dict[str, object]:
        return {"job": self.job_id, "state": self.state, "provider": self.provider, "model": self.model,
                "rounds": self.rounds, "usage": self.usage, "message": self.message,
                "skipped": [{"path": k.en_rel, "reason": k.reason} for k in self.skipped],
                "docs": [d.to_json() for d in self.docs],
                **({"toctree": {"added": [c.to_json() for c in self.toctree], "error": self.toctree_error or None}}
                   if self.toctree is not None else {})}


def _batch_result(job, state: str, message: str = "", docs: list[DocOutcome] | None = None,
                  skipped: list[Skipped] | None = None) -> BatchJobResult:
    rounds = [{"round": r.round, "batch_id": r.batch_id, "status": r.status, "counts": r.counts,
               "requests": len(r.requests), "collected": r.ingested} for r in job.rounds]
    usage = {k: (v if k == "cost_usd" else int(v)) for k, v in job.usage.items()}
    return BatchJobResult(job.id, state, job.provider, job.model, rounds, usage, docs or [], skipped or [], message,
                          all_docs=bool(job.settings.get("all_docs")))


def origin(url: str | None) -> str:
    """``scheme://host[:port]`` of ``url`` (lowercase), ``""`` for none: where a key sent there goes."""
    if not url:
        return ""
    parts = urlsplit(str(url).strip())
    return f"{parts.scheme}://{parts.netloc.rsplit('@', 1)[-1]}".lower() if parts.netloc else str(url).strip().lower()


def _job_provider(job, cfg: Config, base_url: str | None = None):
    """The provider a batch job was submitted to, as configured *now* (``base_url``: the one given to this
    call, else the configuration's), refused when its origin is not the one the job was submitted to.

    The job file is read back at collect time, and once the base URL it recorded decided where collect sent
    the API key: a job file edited to ``"base_url": "https://evil.example/v1"`` had ``translate --collect``
    send the owner's key there, and the 401 that followed said "rejected by openai" (issue 25, item 8). So
    the key goes only where the configuration (or this call) says, and the job's recorded origin must agree.
    """
    from ..translate.providers import get_provider

    prov = get_provider(job.provider, model=job.model, base_url=base_url, config=cfg, lang=job.lang)
    recorded = str(job.settings.get("origin") or origin(job.settings.get("base_url")))
    now = origin(getattr(prov, "base_url", "") or "")
    if recorded and recorded != now:
        prov.close()
        shown = job.settings.get("base_url") or recorded
        raise RefusedError(
            f"batch job {job.id} was submitted to {recorded}, but {job.provider} is configured for {now or 'no URL'} "
            f"now: nothing was sent (collect sends the API key only to the provider configured now)",
            hint=f"if you submitted it to {recorded}, pass --base-url {shown} (or set providers.{job.provider}."
                 f"base_url); if you did not, the job file was edited: delete it "
                 f"(.git/hfi18n/batches/{job.id}.json)")
    return prov


def _job_memory(layout: DocsLayout, memory: str | Path | None) -> Path:
    """The translation memory of a batch job: the default one, or a file inside the repository. A job file
    is read back at collect time; an edited one put the memory (which collect writes) anywhere on the
    machine (issue 16)."""
    default = default_memory_path(layout)
    if not memory:
        return default
    path = Path(memory)
    path = (path if path.is_absolute() else layout.repo / path).resolve()
    if path != default.resolve() and layout.repo.resolve() not in path.parents:
        raise RefusedError(f"the batch job's translation memory {path} is outside the repository",
                           hint="leave --memory out (the default memory is in .git/hfi18n) or name a file "
                                "inside the repository; submit the job again")
    return path


def _batch_context(layout: DocsLayout, cfg: Config, job, *, concurrency: int = 4, progress: ProgressFn,
                   base_url: str | None = None):
    """Provider, glossary, memory, selection and translator of a batch job, set up as at submit time."""
    s = job.settings
    sel = _select(layout, job.lang, list(job.paths), next_n=None, update=bool(s.get("update")),
                  force=bool(s.get("force")), config=cfg, progress=progress)
    for dj in sel.jobs:
        if dj.en_rel in job.targets:
            dj.target_before = job.targets[dj.en_rel]  # replaced only if unchanged since submit
    _set_baselines(layout, sel, job.lang)
    gloss = load_glossary(job.lang, s.get("glossary"))
    prov = _job_provider(job, cfg, base_url)
    tm = TranslationMemory(_job_memory(layout, s.get("memory")))
    team, examples = team_style(layout, job.lang, cfg, progress)
    translator = Translator(prov, job.lang, glossary=gloss, memory=tm, concurrency=concurrency,
                            batch_tokens=int(s.get("batch_tokens") or 1200), style=team, examples=examples)
    return sel, gloss, prov, tm, translator


def batch_submit(repo: Path | str = ".", lang: str = "ko", docs: Iterable[str] = (), *,
                 next_n: int | None = None, update: bool = False, force: bool = False,
                 provider: str | None = None, model: str | None = None, base_url: str | None = None,
                 allow_errors: bool = False, glossary: Path | str | None = None, memory: Path | str | None = None,
                 batch_tokens: int = 1200, docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None,
                 progress: ProgressFn | None = None, new_language: bool = False,
                 all_docs: bool = False, toctree: bool = True) -> BatchJobResult:
    """Submit every request :func:`translate` would send as one provider batch (half price); returns at once.

    The job is recorded under ``.git/hfi18n/batches/`` (written before and after the submission);
    :func:`batch_collect` finishes it. Segments already in the translation memory are not sent.
    ``all_docs`` with ``toctree``: the collect lists the docs it creates in ``lang``'s toctree, as an
    interactive ``--all`` does (a nightly ``--all --batch`` wrote its new pages and listed none, so
    doc-builder rendered none of them).
    """
    from ..translate import batch as tb
    from ..translate.providers import get_provider

    progress = progress or _no_progress
    layout = _layout(repo, docs_root)
    layout.require_target(lang, new_language=new_language)  # `--lang kr` is no new language
    cfg = _config(layout, config)
    sel = _select(layout, lang, docs, next_n=next_n, update=update, force=force, config=cfg, progress=progress,
                  all_docs=all_docs)
    update = update or all_docs  # collect selects the job's docs again: existing translations are updated
    if not sel.jobs:
        raise RefusedError("nothing to submit: " + "; ".join(f"{k.en_rel}: {k.reason}" for k in sel.skipped),
                           hint="name English docs that have no translation, or use --update / --force")
    prov = get_provider(provider, model=model, base_url=base_url, config=cfg, lang=lang)
    try:
        prov.require_batch()
        _job_memory(layout, memory)
        store = tb.JobStore(batch_root(layout))
        settings = {"base_url": base_url or None, "origin": origin(getattr(prov, "base_url", "")), "update": update, "force": force, "allow_errors": allow_errors,
                    "batch_tokens": batch_tokens, "glossary": str(glossary) if glossary else None,
                    "memory": str(memory) if memory else None, "docs_root": docs_root,
                    "all_docs": all_docs, "toctree": bool(all_docs and toctree)}
        job = tb.BatchJob(store.new_id(), prov.name, prov.model, lang, [j.en_rel for j in sel.jobs], settings,
                          {j.en_rel: j.target_before or "" for j in sel.jobs})
        tm = TranslationMemory(memory or default_memory_path(layout))
        try:
            team, examples = team_style(layout, lang, cfg, progress)
            translator = Translator(prov, lang, glossary=load_glossary(lang, glossary), memory=tm,
                                    batch_tokens=batch_tokens, fresh=force,  # --force: ask the model again
                                    style=team, examples=examples)
            translator.lookup_memory(sel.jobs)
            tasks = tb.plan_round(translator, sel.jobs)
            if tasks:
                tb.submit_round(prov, translator, store, job, tasks)
            else:
                job.state = tb.SUBMITTED
                store.save(job)
        finally:
            tm.close()
    finally:
        prov.close()
    sent = sum(len(t.segments) for t in tasks)
    message = (f"batch job {job.id}: {len(tasks)} request(s), {sent} segment(s) submitted"
               if tasks else f"batch job {job.id}: every segment is in the translation memory; nothing sent")
    progress(ProgressEvent(ProgressKind.LOG, message=message))
    return _batch_result(job, "submitted", message, skipped=list(sel.skipped))


def batch_status(repo: Path | str = ".", job_id: str | None = None, *, docs_root: str = DEFAULT_DOCS_ROOT,
                 config: Config | None = None, poll: bool = True, base_url: str | None = None) -> list[BatchJobResult]:
    """Every batch job of the repository (or ``job_id``), polled at the provider when still open (the one
    configured now, or ``base_url``: see :func:`_job_provider`)."""
    from ..translate import batch as tb

    layout = _layout(repo, docs_root)
    cfg = _config(layout, config)
    store = tb.JobStore(batch_root(layout))
    jobs = [store.load(job_id)] if job_id else store.jobs()
    out = []
    for job in jobs:
        if poll and job.state not in (tb.DONE, tb.CANCELLED) and job.outstanding:
            with _job_provider(job, cfg, base_url) as prov:
                tb.poll(prov, job)
            store.save(job)
        out.append(_batch_result(job, "running" if tb.running(job) else job.state))
    return out


def batch_collect(repo: Path | str = ".", job_id: str | None = None, *, retry_now: bool = False,
                  concurrency: int = 4, docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None,
                  progress: ProgressFn | None = None, base_url: str | None = None) -> BatchJobResult:
    """Poll a batch job (default: the latest open one); once its batches ended, validate every answer as
    an interactive run does, retry what failed (a new batch, or interactively with ``retry_now``) and,
    when nothing is outstanding, write the docs through the write gate.

    A job that was already collected writes nothing again. The provider is the one configured now (or
    ``base_url``), and must be where the job was submitted (:func:`_job_provider`).
    """
    from ..translate import batch as tb

    progress = progress or _no_progress
    layout = _layout(repo, docs_root)
    cfg = _config(layout, config)
    store = tb.JobStore(batch_root(layout))
    job = store.load(job_id) if job_id else store.latest(open_only=True)
    if job.state in (tb.DONE, tb.CANCELLED):
        return _batch_result(job, "already-collected" if job.state == tb.DONE else job.state,
                             f"batch job {job.id} was already {job.state}: nothing written again")
    sel, gloss, prov, tm, tr = _batch_context(layout, cfg, job, concurrency=concurrency, progress=progress,
                                              base_url=base_url)
    try:
        tr.lookup_memory(sel.jobs)
        if tb.recover_submission(prov, job):
            store.save(job)
        infos = {i.id: i for i in tb.poll(prov, job)}
        store.save(job)
        if any(not i.ended for i in infos.values()):
            return _batch_result(job, "running", f"batch job {job.id} is still running at {job.provider}")
        jobs = {dj.en_rel: dj for dj in sel.jobs}
        answered = {**_memory_only(layout, job, jobs), **jobs}
        follow_ups = []
        for record in job.outstanding:
            if record.batch_id is None:
                continue
            before = tb.usage_of(tr)
            follow_ups += [t for t in tb.ingest(prov, tr, job, record, infos[record.batch_id], answered)
                           if t.job.en_rel in jobs]  # a doc skipped now is not retried
            tb.add_usage(job, tr, before)
            tb.record_failures(job, sel.jobs)
            store.save(job)
        for dj in sel.jobs:
            dj.pending = [s for s in dj.pending if s.id not in dj.translations]
            tb.restore_failures(job, dj, tr)
        failed = {(f.doc, f.segment) for dj in sel.jobs for f in dj.failures}
        queued = {(t.job.en_rel, s.id) for t in follow_ups for s in t.segments}
        leftover = [s for dj in sel.jobs for s in dj.pending
                    if (dj.en_rel, s.id) not in failed | queued]  # e.g. English changed since submit
        if leftover:
            follow_ups += tb.plan_round(tr, [_only(dj, failed | queued) for dj in sel.jobs])
        if follow_ups and not retry_now and len(job.rounds) < tb.MAX_ROUNDS:
            tb.submit_round(prov, tr, store, job, follow_ups)
            n = sum(len(t.segments) for t in follow_ups)
            return _batch_result(job, "resubmitted", f"{n} segment(s) that failed went out in a new batch "
                                                      f"(round {len(job.rounds)}); collect again later")
        if follow_ups:
            before = tb.usage_of(tr)
            if retry_now:
                tr.run_tasks(follow_ups)  # interactive, at the full price
            else:
                for t in follow_ups:
                    for seg in t.segments:
                        tr.give_up(t.job, seg, f"still failing after {tb.MAX_ROUNDS} batch rounds")
            tb.add_usage(job, tr, before)
            tb.record_failures(job, sel.jobs)
        done_before = set(job.written) | _already_written(layout, sel.jobs, job.lang, gloss)
        job.written += sorted(done_before - set(job.written))
        sel.jobs = [dj for dj in sel.jobs if dj.en_rel not in done_before]

        def on_written(dj: DocJob) -> None:
            job.written.append(dj.en_rel)
            job.notes[dj.en_rel] = dj.note
            store.save(job)

        outcomes = _write_docs(layout, sel, job.lang, gloss, allow_errors=bool(job.settings.get("allow_errors")),
                               force=bool(job.settings.get("force")), progress=progress, on_written=on_written,
                               style=StyleRun.for_lang(job.lang, cfg))
        job.state = tb.DONE
        store.save(job)
    finally:
        tm.close()
        prov.close()
    cost = job.usage.get("cost_usd", 0.0)
    result = _batch_result(job, "done", f"batch job {job.id} collected; cost ${cost:.4f}", outcomes,
                           list(sel.skipped))
    if job.settings.get("toctree"):  # after the pages: a failure to list loses none (the next --all lists them)
        listing = _listing(layout, job.lang, cfg, job.provider, job.model, base_url or job.settings.get("base_url"))
        listing.add(listing.leftovers())  # every unlisted page hfi18n wrote machine text into: this job's too
        _listed(result, listing, job.lang, progress)
    return result


def _already_written(layout: DocsLayout, jobs: list[DocJob], lang: str, gloss: Glossary | None) -> set[str]:
    """Docs whose target already holds exactly this translation (a collect killed between writing a doc
    and saving that it did): not written again."""
    from ..write.gate import render_checked

    done = set()
    for dj in jobs:
        if not dj.target.is_file() or dj.target.is_symlink() or snapshot(dj.target) == dj.target_before:
            continue  # absent, a link, or untouched since the submit: not written by this job
        try:
            current = dj.target.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        text = render_checked(dj, lang=lang, display_path=layout.rel_to_repo(dj.target), glossary=gloss)
        if current in (text, mark_draft(text)):
            done.add(dj.en_rel)
    return done


def _memory_only(layout: DocsLayout, job, jobs: dict[str, DocJob]) -> dict[str, DocJob]:
    """Docs of the job that are not to be written now (e.g. a human saved the target since the submit):
    their paid answers are still validated into the translation memory, never written."""
    out = {}
    for en_rel in job.paths:
        src = layout.path(SOURCE_LANG, en_rel)
        if en_rel in jobs or not layout.is_inside(src) or not src.is_file():
            continue
        try:
            doc = parse(read_text(src), en_rel)
        except HfI18nError:
            continue  # broken English: collect reports it through the selection
        out[en_rel] = DocJob(en_rel, doc, layout.path(job.lang, en_rel), list(doc.segments()), target_before="")
    return out


def _only(dj: DocJob, exclude: set[tuple[str, str]]) -> DocJob:
    dj.pending = [s for s in dj.pending if (dj.en_rel, s.id) not in exclude]
    return dj


def batch_cancel(repo: Path | str = ".", job_id: str | None = None, *, docs_root: str = DEFAULT_DOCS_ROOT,
                 config: Config | None = None, base_url: str | None = None) -> BatchJobResult:
    """Ask the provider to cancel the job's running batches. What already succeeded is kept: collect the
    job afterwards to put it in the memory and write the docs (cancelled requests are retried then)."""
    from ..translate import batch as tb

    layout = _layout(repo, docs_root)
    cfg = _config(layout, config)
    store = tb.JobStore(batch_root(layout))
    job = store.load(job_id) if job_id else store.latest(open_only=True)
    with _job_provider(job, cfg, base_url) as prov:
        for record in job.outstanding:
            if record.batch_id:
                tb.seen(record, prov.cancel_batch(record.batch_id))
    store.save(job)
    return _batch_result(job, "cancelling", f"cancellation of batch job {job.id} requested; run "
                                            "`hfi18n batch collect` to keep what finished")
