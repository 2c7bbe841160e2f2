"""Batch mode: a run's requests go to the provider as one batch job (half price), collected later.

The flow, driven by :mod:`hfi18n.api` (``batch_submit`` / ``batch_collect`` / ``batch_status`` /
``batch_cancel``):

1. **submit** plans the requests exactly as an interactive run would (memory first, same batches, same
   prompt), writes the job file (:class:`BatchJob`, under ``.git/hfi18n/batches/``) *before* sending,
   submits, and writes it again with the provider's batch id. A run killed at any point loses nothing:
   killed before the batch id is saved, the job file says so (``submitting``) and the next collect
   looks the batch up by its label (OpenAI metadata) or asks to submit again; killed after, collect
   finds everything.
2. **collect** polls; once a batch has ended it downloads the results and feeds each answer through
   :meth:`.pipeline.Translator.absorb`, the very validation and retry logic of an interactive run:
   accepted segments go to the translation memory at once; a failed segment (bad answer, errored,
   expired or canceled request) becomes a smaller follow-up task, past the last level a reported
   failure. Follow-ups go out as the next round's batch (or interactively with ``retry_now``).
3. When nothing is outstanding, the caller renders the docs from the memory and writes them through
   the same write gate as an interactive run; the job file records each written doc, so collecting
   twice writes nothing twice.

A segment is matched to its answer by the doc, its id and a digest of its source text recorded at
submit time: if the English changed in between, the old answer is not applied (the segment is simply
translated again).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..doc import Segment
from ..errors import ProviderError, RefusedError
from .jobs import JobStore as Store
from .pipeline import DocJob, Task, Translator
from .prompt import WireFormat, wire_id
from .providers.base import Provider
from .providers.batches import SUCCEEDED, BatchInfo, BatchResult

MAX_ROUNDS = 4
"""Batches per job at most: the first and up to three retry rounds (half batches, alone, alone)."""

MAX_REQUESTS = 50_000
"""Requests per batch at most (OpenAI's limit; Anthropic takes 100,000)."""

SUBMITTING, SUBMITTED, DONE, CANCELLED = "submitting", "submitted", "done", "cancelled"


def source_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(slots=True)
class RoundRecord:
    """One provider batch of a job."""

    round: int
    requests: dict[str, dict[str, Any]]
    """custom_id -> ``{"doc": en_rel, "level": n, "segments": [[segment id, source digest], ...], "first": n}``
    (``first``: the numbers before the request's first element, see :attr:`.prompt.Batch.first`)."""
    batch_id: str | None = None
    """The provider's id; ``None`` until the submission returned."""
    status: str = ""
    ended: bool = False
    """The provider said no request of it runs any more (:attr:`BatchInfo.ended`)."""
    counts: dict[str, int] = field(default_factory=dict)
    ingested: bool = False
    submitted_at: float = 0.0


@dataclass(slots=True)
class BatchJob:
    """Everything needed to collect a batch run in another process, saved as JSON."""

    id: str
    provider: str
    model: str
    lang: str
    paths: list[str]
    """English docs (relative to the language folder) of the run."""
    settings: dict[str, Any] = field(default_factory=dict)
    """The run's options (base_url, update, force, allow_errors, batch_tokens, glossary, memory, docs_root)."""
    targets: dict[str, str] = field(default_factory=dict)
    """en_rel -> snapshot of the target file at submit time: it is replaced only if still the same."""
    state: str = SUBMITTING
    rounds: list[RoundRecord] = field(default_factory=list)
    failures: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """en_rel -> segments given up on: ``{"segment", "line", "reason"}``."""
    written: list[str] = field(default_factory=list)
    """Docs the collect wrote (or refused to write, with the reason in :attr:`notes`)."""
    notes: dict[str, str] = field(default_factory=dict)
    usage: dict[str, float] = field(default_factory=dict)
    """Accumulated over every round: requests, tokens_in/out, cache_write/read_tokens, cost_usd."""
    created: float = field(default_factory=time.time)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BatchJob:
        rounds = [RoundRecord(**r) for r in data.pop("rounds", [])]
        return cls(**data, rounds=rounds)

    @property
    def outstanding(self) -> list[RoundRecord]:
        """Rounds whose results are not in yet."""
        return [r for r in self.rounds if not r.ingested]


class JobStore(Store[BatchJob]):
    """Batch job files (``.git/hfi18n/batches``): the one job store (:mod:`.jobs`), kind ``batch``."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder, "batch", BatchJob.from_json, what="batch job", id_hex=4,
                         hint_id="see `hfi18n batch status` for the ids",
                         hint_missing="see `hfi18n batch status` for the jobs of this repository",
                         hint_damaged="delete it; finished segments are in the translation memory")

    def latest(self, *, open_only: bool = False) -> BatchJob:
        jobs = [j for j in self.jobs() if not open_only or j.state not in (DONE, CANCELLED)]
        if not jobs:
            raise RefusedError("no batch job to collect" if open_only else "no batch job in this repository",
                               hint="submit one with `hfi18n translate --batch ...`")
        return jobs[-1]


# ------------------------------------------------------------------------------------ submitting


def plan_round(translator: Translator, jobs: list[DocJob], level: int = 0) -> list[Task]:
    """The tasks of a first round: every pending segment, batched as an interactive run would."""
    return [Task(job, batch, level) for job in jobs for batch in translator.batches(job, job.pending)]


def submit_round(provider: Provider, translator: Translator, store: JobStore, job: BatchJob,
                 tasks: list[Task]) -> RoundRecord:
    """Send ``tasks`` as the job's next batch; the job file is saved before and after the submission."""
    provider.require_batch()
    if len(tasks) > MAX_REQUESTS:
        raise RefusedError(f"{len(tasks)} requests are more than one provider batch takes ({MAX_REQUESTS})",
                           hint="submit fewer docs per job (e.g. --next 500), or raise --batch-tokens")
    number = len(job.rounds)
    record = RoundRecord(number, {})
    items = []
    first = 0  # elements numbered on across the round: an answer filed under another request matches nothing
    for n, task in enumerate(tasks):
        cid = f"r{number}-{n:05d}"
        record.requests[cid] = {"doc": task.job.en_rel, "level": task.level, "first": first,
                                "segments": [[s.id, source_digest(s.text)] for s in task.segments]}
        items.append((cid, translator.request_for(task.job, task.segments, first=first)))
        first += len(task.segments)
    job.rounds.append(record)
    job.state = SUBMITTING
    store.save(job)  # a kill during the submission leaves a job that says so
    info = provider.submit_batch(items, label=f"{job.id}-r{number}")
    record.batch_id = info.id
    seen(record, info)
    record.submitted_at = time.time()
    job.state = SUBMITTED
    store.save(job)
    return record


def recover_submission(provider: Provider, job: BatchJob) -> bool:
    """For a round whose submission was cut off: find the batch by its label (OpenAI keeps it in the
    batch's metadata); ``True`` if found. Otherwise the round is dropped, so it is submitted again."""
    changed = False
    for record in [r for r in job.rounds if r.batch_id is None]:
        label = f"{job.id}-r{record.round}"
        found = None
        try:
            found = next((b for b in provider.list_batches() if b.label == label), None)
        except ProviderError:
            found = None
        if found is not None:
            record.batch_id = found.id
            seen(record, found)
        else:
            job.rounds.remove(record)
        changed = True
    if changed:
        job.state = SUBMITTED if job.rounds else SUBMITTING
    return changed


# ------------------------------------------------------------------------------------ collecting


def poll(provider: Provider, job: BatchJob) -> list[BatchInfo]:
    """The provider's view of every outstanding round (updates the records' status and counts)."""
    infos = []
    for record in job.outstanding:
        if record.batch_id is None:
            continue
        info = provider.batch_status(record.batch_id)
        seen(record, info)
        infos.append(info)
    return infos


def seen(record: RoundRecord, info: BatchInfo) -> None:
    """Keep what the provider last said of the round's batch."""
    record.status, record.ended, record.counts = info.status, info.ended, dict(info.counts)


def running(job: BatchJob) -> bool:
    """A round of ``job`` was submitted and its batch has not ended (as last seen)."""
    return any(r.batch_id and not r.ingested and not r.ended for r in job.rounds)


def _tasks_of(record: RoundRecord, jobs: dict[str, DocJob],
              wire: WireFormat) -> Iterator[tuple[str, Task | None]]:
    """``(custom_id, task)`` of each request; ``task`` holds the request's segments still the same in
    today's English (``None`` when none is)."""
    by_doc: dict[str, dict[str, Segment]] = {}  # each doc's segments indexed once, not once per request
    for cid, req in record.requests.items():
        job = jobs.get(req["doc"])
        if job is None:
            yield cid, None
            continue
        by_id = by_doc.get(job.en_rel)
        if by_id is None:
            by_id = by_doc[job.en_rel] = {s.id: s for s in job.doc.segments()}
        kept = [(i, by_id[sid]) for i, (sid, dig) in enumerate(req["segments"])
                if sid in by_id and source_digest(by_id[sid].text) == dig]
        segs = [seg for _, seg in kept]
        first = int(req.get("first", 0))  # job files written before the numbering went on across requests
        ids = [wire_id(first + i, seg, wire) for i, seg in kept]  # as sent, even when one before was dropped
        yield cid, (Task(job, segs, int(req["level"]), ids) if segs else None)


def ingest(provider: Provider, translator: Translator, job: BatchJob, record: RoundRecord, info: BatchInfo,
           jobs: dict[str, DocJob]) -> list[Task]:
    """Feed the results of an ended round through the interactive validation; returns follow-up tasks.

    Accepted segments go to the translation memory (and ``jobs``' translations); a request with no
    result, or one that errored, expired or was canceled, is retried like a failed answer.
    """
    results: dict[str, BatchResult] = {}
    repeated: set[str] = set()
    for r in provider.batch_results(info) if info.ended else ():
        if r.custom_id in results:  # the last one silently won: refuse every answer to that request
            repeated.add(r.custom_id)
        results[r.custom_id] = r
    follow_ups: list[Task] = []
    for cid, task in _tasks_of(record, jobs, translator.options.wire):
        if task is None:
            continue
        if cid in repeated:
            why = "the batch answered this request more than once: every answer refused"
            follow_ups.extend(translator.retry_tasks(task, {s.id: why for s in task.segments}))
            continue
        result = results.get(cid)
        if result is not None and result.kind == SUCCEEDED and result.completion is not None:
            follow_ups.extend(translator.absorb(task, result.completion, batch=True))
            continue
        if result is None:
            why = f"no result for this request (batch {info.status}{': ' + info.message if info.message else ''})"
        else:
            why = f"batch request {result.kind}: {result.error}"
        follow_ups.extend(translator.retry_tasks(task, {s.id: why for s in task.segments}))
    record.ingested = True
    return follow_ups


def record_failures(job: BatchJob, jobs: list[DocJob]) -> None:
    """Keep the segments given up on (``DocJob.failures``) in the job file, once each."""
    for dj in jobs:
        have = {f["segment"] for f in job.failures.get(dj.en_rel, [])}
        for f in dj.failures:
            if f.segment not in have:
                job.failures.setdefault(dj.en_rel, []).append({"segment": f.segment, "line": f.line,
                                                               "reason": f.reason})
                have.add(f.segment)


def restore_failures(job: BatchJob, dj: DocJob, translator: Translator) -> None:
    """Report the job file's failures of ``dj`` again (segments still pending only; segments with the
    same text, which were not sent, fail with them)."""
    pending = {s.id: s for s in dj.pending}
    known = {f.segment for f in dj.failures}
    for f in job.failures.get(dj.en_rel, []):
        seg = pending.get(f["segment"])
        if seg is not None and f["segment"] not in known:
            translator.give_up(dj, seg, str(f["reason"]))


def add_usage(job: BatchJob, translator: Translator, before: dict[str, float]) -> None:
    """Add what ``translator`` spent since ``before`` (a :func:`usage_of` snapshot) to the job's usage."""
    now = usage_of(translator)
    for key, value in now.items():
        job.usage[key] = job.usage.get(key, 0) + value - before.get(key, 0)


def usage_of(translator: Translator) -> dict[str, float]:
    s = translator.stats
    return {"requests": s.requests, "tokens_in": s.tokens_in, "tokens_out": s.tokens_out,
            "cache_write_tokens": s.cache_write_tokens, "cache_read_tokens": s.cache_read_tokens,
            "cost_usd": s.cost_usd, "translated": s.translated, "retried_segments": s.retried_segments}
