"""The translation engine: memory lookup, batching, concurrent requests, validation, retries, output.

:class:`Translator` takes :class:`DocJob` objects (an English doc parsed once, the segments still to
translate and any translations already known) and fills them:

1. segments found in the translation memory cost nothing;
2. the rest are grouped per doc into requests under a token budget, with neighbouring prose as
   read-only context where it helps, and sent concurrently (the provider retries rate limits and server
   errors). Every request of a run shares one system prompt (rules, style, the run's glossary terms),
   marked cacheable; with caching on, the first request goes alone so the others read the cache;
3. every answer is validated per segment (:mod:`.validate`); an accepted segment goes to the memory at
   once, so a run killed at any moment resumes where it stopped;
4. failing segments are retried in smaller batches, then alone; what still fails stays in English and
   is reported with the reason;
5. :func:`render_translation` renders each doc (headings keep their English anchor); the write gate
   above ``check`` (:mod:`hfi18n.write.gate`) checks it against the English and writes it.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..doc import Block, BlockKind, Document, Segment, parse
from ..doc.anchors import ANCHOR_RE, anchor_mark
from ..errors import ProviderError
from ..fileio import snapshot
from ..glossary import Glossary, Term
from ..lang.style import StyleSettings, style_settings
from ..origin import Origin
from .examples import EXAMPLE_SHARE, Example, TeamExamples
from .memory import TranslationMemory, memory_key, memory_source
from .pricing import estimate_cost, estimate_tokens, price_for
from .prompt import (
    DEFAULT_OPTIONS,
    PROMPT_VERSION,
    Batch,
    PromptOptions,
    batch_terms,
    build_request,
    examples_block,
    pad_terms,
    system_prompt,
    wire_ids,
)
from .providers.base import Provider
from .providers.types import AuthError, ChatRequest, Completion, RetriesExhaustedError, UnreachableError
from .validate import as_is, validate_segment
from .wire import outside_text, parse_elements

if TYPE_CHECKING:
    from .second import SecondDraft

CANCELLED = "not sent: the run was cancelled"


@dataclass(slots=True)
class SegmentFailure:
    """A segment left in English, and why."""

    doc: str
    segment: str
    line: int
    reason: str


HUMAN = Origin.HUMAN
"""Provenance of a segment a human wrote or edited (a machine segment whose text a human changed)."""
MACHINE = Origin.MACHINE
"""Provenance of a segment a run wrote and no human touched since."""
AUTO = Origin.AS_IS
"""Provenance of a segment that needs no translation (identifier only: kept as it is, counts as done);
the same member the held-for-review view shows (it was ``"auto"`` here and ``"as-is"`` there)."""


@dataclass(slots=True)
class CommentLoss:
    """A translated code comment an update could not carry into the new English code."""

    line: int
    """Line in the existing translation."""
    text: str
    reason: str


@dataclass(slots=True, frozen=True)
class Conflict:
    """A paragraph whose English changed since the version the translation follows while a human edited its
    translation: nobody can tell whether the edit already follows the new English, so an update keeps the
    human text and says so, once (issue 31: it was replaced by machine text, silently)."""

    line: int
    """Line of the human text in the existing translation."""
    english_line: int
    """Line of today's English it stands for (0: none could be decided, see ``why``)."""
    why: str = ""
    """Why the human text was kept, where it is not that both sides changed."""

    def text(self) -> str:
        if self.why:
            return f"kept human text, line {self.line}: {self.why}; check it against the English"
        return (f"kept human text, line {self.line}: the English changed too (English line {self.english_line}) "
                "since the version it follows; check it against the English")


@dataclass(slots=True)
class DocJob:
    """One English doc to translate into one target file."""

    en_rel: str
    """English path relative to the language folder."""
    doc: Document
    """The English doc, parsed once."""
    target: Path
    """File to write."""
    pending: list[Segment]
    """Segments to translate (memory first, then the provider)."""
    translations: dict[str, str] = field(default_factory=dict)
    """Segment id to translated text (placeholder form), already known or found during the run."""
    block_overrides: dict[int, str] = field(default_factory=dict)
    """Block index to text kept from an existing translation (``--update``: e.g. translated code comments)."""
    failures: list[SegmentFailure] = field(default_factory=list)
    findings: list = field(default_factory=list)
    """``check`` findings of the rendered translation (set by :mod:`hfi18n.write.gate`)."""
    baseline: Counter[tuple[str, ...]] = field(default_factory=Counter)
    """Keys of errors the existing translation already had against today's English (``--update``), each
    with how often: reported as warnings, they do not block writing the update (see
    :func:`hfi18n.write.gate.baseline_key`, :func:`hfi18n.write.gate.demote_known`)."""
    written: bool = False
    _order: list[Segment] | None = field(default=None, repr=False)
    """All segments of the doc in order, and their positions (computed once, for the context)."""
    _index: dict[str, int] = field(default_factory=dict, repr=False)
    _headings: set[str] = field(default_factory=set, repr=False)
    """Ids of the segments that are headings (they need no context)."""
    note: str = ""
    """Outcome for the summary (``written``, ``not written: ...``)."""
    note_kind: str = ""
    """``note`` as a key (:data:`hfi18n.write.gate.NOTE_KINDS`; empty: no note yet), for an interface that
    says it in another language (the web app, issue 26)."""
    note_fields: dict[str, object] = field(default_factory=dict)
    """The values ``note`` was made of, for ``note_kind``."""
    target_before: str | None = None
    """:func:`hfi18n.fileio.snapshot` of the target when the job was made (when the docs were selected):
    the target is replaced only if it still matches."""

    provenance: dict[str, Origin] = field(default_factory=dict)
    """Segment id -> :data:`HUMAN`, :data:`MACHINE` or :data:`AUTO` for the translations known when the job
    was made (``--update``: the kept segments); what the run translates is machine."""
    comments_carried: int = 0
    """``--update``: translated code comments carried into English code that changed."""
    comments_lost: list[CommentLoss] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    """Human text an update kept where the English changed too (:class:`Conflict`)."""
    """``--update``: translated code comments that could not be carried."""
    alternatives: dict[str, SecondDraft] = field(default_factory=dict)
    """Segment id -> a second model's draft shown beside the first (``--second-model``: :mod:`.second`)."""

    given: frozenset[str] = field(default=frozenset(), init=False)
    """Ids of the segments whose translation was known when the job was made (``--update``: the human
    segments kept; identifier-only segments): a run that adds nothing to them has translated nothing."""
    human_kept: dict[str, str] = field(default_factory=dict, init=False)
    """Segment id -> the human text kept when the job was made: the one text the write gate does not
    judge again (:func:`hfi18n.write.gate.gate_segments`); anything else written is judged there."""

    def __post_init__(self) -> None:
        if self.target_before is None:
            self.target_before = snapshot(self.target)
        still = []
        for seg in self.pending:  # identifier-only text is kept as it is: never sent, never a "draft"
            if as_is(seg):
                self.keep_as_is(seg)
            else:
                still.append(seg)
        self.pending = still
        self.given = frozenset(self.translations)
        self.human_kept = {k: v for k, v in self.translations.items() if self.provenance.get(k) == HUMAN}

    def keep_as_is(self, seg: Segment) -> None:
        """Keep ``seg``'s English as its translation: it needs none (:func:`.validate.as_is`)."""
        self.translations[seg.id] = seg.text
        self.provenance[seg.id] = AUTO
        self.given = self.given | {seg.id}


@dataclass(slots=True)
class RunStats:
    """Counters for the final summary (all updated under a lock)."""

    segments: int = 0
    cache_hits: int = 0
    translated: int = 0
    requests: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    cache_write_tokens: int = 0
    """Prompt tokens written to the provider's prompt cache (part of ``tokens_in``)."""
    cache_read_tokens: int = 0
    """Prompt tokens read from the prompt cache (part of ``tokens_in``)."""
    batch: bool = False
    """Costs are at the batch discount (answers came from a provider batch)."""
    cost_usd: float = 0.0
    cost_known: bool = True
    retried_segments: int = 0
    duplicates: int = 0
    """Segments not sent because an identical text of the run was (they take its translation)."""
    answers_checked: int = 0
    """Segment answers validated (a segment retried counts once per try)."""
    answers_rejected: int = 0
    """Segment answers that failed validation (missing, truncated, placeholders, wrong language...)."""
    failed_segments: int = 0
    segments_with_example: int = 0
    """Segments sent with one of the team's past translations beside them (:mod:`.examples`)."""
    segments_sent: int = 0
    """Segments to send (memory hits and repeats aside): the base of :attr:`segments_with_example`."""
    extra_text_dropped: int = 0
    """Answers with text around the segment elements (preamble, fences): the elements were used, the rest dropped."""
    seconds: float = 0.0
    stopped_for_cost: bool = False
    cancelled: bool = False
    """The run was cancelled: some segments were never sent (their failure reason is :data:`CANCELLED`)."""


@dataclass(slots=True)
class _Task:
    job: DocJob
    segments: list[Segment]
    level: int
    """0: first try; 1: half batches; 2: alone; 3: alone, last try."""
    ids: list[str] | None = None
    """The wire id each segment had in the request sent (None: the request is made from ``segments``).
    A batch result whose request lost a segment since submit (its English changed) must keep the others'
    ids: numbered again, every later segment took its predecessor's answer (issue 16)."""


Task = _Task
"""A request to make: segments of one doc and the retry level (public for the batch path)."""

ProgressFn = Callable[[str, DocJob, int], None]
"""Called with ("segments", job, n) when n segments of a job are done (translated, from memory or failed)."""


class Translator:
    def __init__(self, provider: Provider, lang: str, *, glossary: Glossary | None = None,
                 memory: TranslationMemory | None = None, concurrency: int = 4, batch_tokens: int = 1200,
                 context_chars: int = 400, max_cost: float | None = None,
                 progress: ProgressFn | None = None, options: PromptOptions = DEFAULT_OPTIONS,
                 dedupe: bool = True, fresh: bool = False, style: StyleSettings | None = None,
                 examples: TeamExamples | None = None) -> None:
        self.provider = provider
        self.lang = lang
        self.glossary = glossary
        self.memory = memory
        self.concurrency = max(1, concurrency)
        self.batch_tokens = batch_tokens
        self.context_chars = context_chars
        self.max_cost = max_cost
        self.progress = progress or (lambda kind, job, n: None)
        self.options = options
        self.dedupe = dedupe
        """Send each source text once per run (see :meth:`_dedupe`)."""
        self.fresh = fresh
        """Ask the model again (``--force``): the memory is written, not read. A clean re-run used to take
        all 1,035 segments of a run from the memory, with and without ``--force``, bad lines included."""
        self.prefix_terms: list[Term] | None = None
        """The run's glossary block (set by :meth:`lookup_memory` from every pending segment)."""
        self._prefix_system: str | None = None
        """The system prompt with :attr:`prefix_terms`, built once: every request of the run sends it."""
        self._followers: dict[str, list[tuple[DocJob, Segment]]] = {}
        """Memory key -> segments with that same text, waiting for the one that is sent."""
        self.style = style if style is not None else style_settings(None, lang)
        """The team's style: in the system prompt (register, headings, rules), and how many examples."""
        self.examples = examples
        """The team's past translations to show beside the segments (None: none)."""
        self._example_of: dict[str, tuple[Example, float]] = {}
        self._batch_sizes: list[int] = []
        """Segment id -> the past translation chosen for it, with its similarity (:meth:`plan_examples`)."""
        self.stats = RunStats()
        self._lock = threading.Lock()
        self.glossary_version = glossary.version if glossary is not None else "none"

    # -- keys and memory --------------------------------------------------------------------------

    @property
    def source(self) -> str:
        """Who answers, as the memory keys it: ``provider/model``, with the host of a base URL that is not
        the provider's own (a loopback test server, a local model), so pseudo or test output never seeds
        a run with a real model."""
        return memory_source(self.provider)

    def key(self, seg: Segment) -> str:
        return memory_key(seg.text, self.lang, self.source, PROMPT_VERSION, self.glossary_version)

    def lookup_memory(self, jobs: list[DocJob]) -> None:
        """Keep as they are the segments that need no translation (:func:`.validate.as_is`, with the run's
        glossary: keep-English terms), fill translations found in the memory (each judged again by today's
        checks); what is left stays in ``job.pending``."""
        for job in jobs:
            still = []
            for seg in job.pending:
                if as_is(seg, self.glossary):
                    job.keep_as_is(seg)
                else:
                    still.append(seg)
            job.pending = still
            self.stats.segments += len(job.pending)
            if self.memory is None or not job.pending or self.fresh:
                continue
            keys = {seg.id: self.key(seg) for seg in job.pending}
            found = self.memory.get_many(keys.values())
            still = []
            for seg in job.pending:
                hit = found.get(keys[seg.id])
                if hit is not None and validate_segment(seg, hit, self.lang) is None:
                    job.translations[seg.id] = hit
                    self.stats.cache_hits += 1
                else:
                    still.append(seg)
            if len(still) != len(job.pending):
                self.progress("segments", job, len(job.pending) - len(still))
            job.pending = still
        if self.dedupe:
            self._dedupe(jobs)
        self.plan_prefix(jobs)
        self.plan_examples(jobs)

    def _dedupe(self, jobs: list[DocJob]) -> None:
        """Send each source text once per run: a segment whose text (memory key) an earlier pending
        segment has waits for that one's translation, as a translation-memory hit would."""
        first: set[str] = set()
        for job in jobs:
            still = []
            for seg in job.pending:
                key = self.key(seg)
                if key in first:
                    self._followers.setdefault(key, []).append((job, seg))
                    self.stats.duplicates += 1
                else:
                    first.add(key)
                    still.append(seg)
            job.pending = still

    def plan_prefix(self, jobs: list[DocJob]) -> list[Term]:
        """The glossary block shared by every request of the run: the terms of all pending segments,
        padded with more terms when that makes the prefix cacheable and caching pays."""
        terms = batch_terms(self.glossary, [s for job in jobs for s in job.pending])
        if self.options.cache:
            price = price_for(self.provider.model)
            requests = sum(1 for job in jobs for _ in self.batches(job, job.pending))
            if price is not None and price.input > 0:
                terms = pad_terms(self.glossary, terms, self.lang, min_tokens=self.provider.cache_min_tokens(),
                                  requests=requests, write_factor=price.cache_write / price.input,
                                  read_factor=price.cache_read / price.input, wire=self.options.wire,
                                  style=self.style)
        self.prefix_terms = terms
        self._prefix_system = system_prompt(self.lang, terms, self.options.wire, self.style, self.shows_examples)
        return terms

    @property
    def shows_examples(self) -> bool:
        """Whether the run's requests may show the team's past translations."""
        return self.examples is not None and len(self.examples) > 0 and self.style.examples > 0

    def plan_examples(self, jobs: list[DocJob]) -> None:
        """Choose the team's past translation for the pending segments whose English is closest to one, best
        matches first, until the examples (with the system prompt's rule about them) would add
        :data:`.examples.EXAMPLE_SHARE` of the run's estimated input tokens; count the segments whose request
        will show theirs. A run that shows none drops the rule from its system prompt."""
        self._example_of = {}
        self.stats.segments_sent = sum(len(job.pending) for job in jobs)
        if not self.shows_examples:
            return
        assert self.examples is not None
        total = requests = 0
        candidates: list[tuple[float, int, Segment, Example]] = []
        terms = self.prefix_terms or ()
        rule = estimate_tokens(system_prompt(self.lang, terms, self.options.wire, self.style, True)) - \
            estimate_tokens(system_prompt(self.lang, terms, self.options.wire, self.style, False))
        for job in jobs:
            for batch in self.batches(job, job.pending):
                request = self.request_for(job, batch)  # as sent without examples
                total += estimate_tokens(request.system) + estimate_tokens(request.user)
                requests += 1
                n = len(self._batch_sizes)
                self._batch_sizes.append(0)
                for seg in batch:
                    found = self.examples.best(seg.text)
                    if found is not None:
                        candidates.append((found[1], n, seg, found[0]))
        budget = EXAMPLE_SHARE * (total - rule * requests) - rule * requests
        head = estimate_tokens(examples_block([("", "")]))
        for score, n, seg, ex in sorted(candidates, key=lambda c: -c[0]):
            cost = ex.tokens + (head if not self._batch_sizes[n] else 0)
            if cost <= budget and self._batch_sizes[n] < self.style.examples:
                self._example_of[seg.id] = (ex, score)
                self._batch_sizes[n] += 1
                budget -= cost
        self._batch_sizes = []
        if not self._example_of and self._prefix_system is not None:  # none shown: no rule about them
            self._prefix_system = system_prompt(self.lang, terms, self.options.wire, self.style, False)
        self.stats.segments_with_example = sum(
            len(self.examples_for(batch)[1]) for job in jobs for batch in self.batches(job, job.pending))

    def examples_for(self, segments: list[Segment]) -> tuple[list[tuple[str, str]], set[str]]:
        """The past translations shown with a request of ``segments`` (at most ``[style] examples``, the
        closest first, each once) and the ids of the segments whose example is among them."""
        chosen = sorted((self._example_of[s.id][1], s.id, self._example_of[s.id][0]) for s in segments
                        if s.id in self._example_of)
        shown: dict[tuple[str, str], None] = {}
        ids: set[str] = set()
        for _score, sid, ex in reversed(chosen):
            pair = (ex.en, ex.tr)
            if pair not in shown and len(shown) >= self.style.examples:
                continue
            shown.setdefault(pair, None)
            ids.add(sid)
        return list(shown), ids

    # -- batching ---------------------------------------------------------------------------------

    def batches(self, job: DocJob, segments: list[Segment], budget: int | None = None) -> Iterator[list[Segment]]:
        """Consecutive segments of a doc grouped under the token budget (a long one goes alone)."""
        budget = budget or self.batch_tokens
        batch: list[Segment] = []
        size = 0
        for seg in segments:
            n = estimate_tokens(seg.text)
            if batch and size + n > budget:
                yield batch
                batch, size = [], 0
            batch.append(seg)
            size += n
        if batch:
            yield batch

    def _context(self, job: DocJob, segments: list[Segment]) -> tuple[str, str]:
        if job._order is None:  # computed once; _order is set last, as other threads test it
            order = list(job.doc.segments())
            job._index = {s.id: i for i, s in enumerate(order)}
            job._headings = {s.id for b in job.doc.blocks if b.kind is BlockKind.HEADING for s in b.segments}
            job._order = order
        all_segs, index = job._order, job._index
        first, last = index[segments[0].id], index[segments[-1].id]
        mode = self.options.context
        if mode == "none":
            return "", ""
        if mode == "always":
            before = " ".join(s.text for s in all_segs[max(0, first - 2):first])[-self.context_chars:]
            after = " ".join(s.text for s in all_segs[last + 1:last + 3])[: self.context_chars]
            return before, after
        # smart: headings need none; a batch that starts a section needs nothing before it; only a
        # batch of one or two segments (retries, short docs) gets what follows
        if all(s.id in job._headings for s in segments):
            return "", ""
        limit = self.context_chars // 2
        before = "" if segments[0].id in job._headings or first == 0 else all_segs[first - 1].text[-limit:]
        after = all_segs[last + 1].text[:limit] if len(segments) <= 2 and last + 1 < len(all_segs) else ""
        return before, after

    def request_for(self, job: DocJob, segments: list[Segment], *, first: int = 0) -> ChatRequest:
        """The request that translates ``segments`` of ``job`` (with their neighbours as context);
        ``first``: numbers before its first element (:attr:`.prompt.Batch.first`, a provider batch)."""
        before, after = self._context(job, segments)
        batch = Batch(str(job.en_rel), segments, before, after, self.examples_for(segments)[0], first)
        max_tokens = self.max_tokens_for(segments)
        if self.options.run_glossary and self._prefix_system is not None:
            return build_request(batch, self.lang, (), max_tokens=max_tokens, options=self.options,
                                 system=self._prefix_system)
        return build_request(batch, self.lang, batch_terms(self.glossary, segments), max_tokens=max_tokens,
                             options=self.options, style=self.style)

    def max_tokens_for(self, segments: list[Segment]) -> int:
        source = sum(estimate_tokens(s.text) for s in segments)
        return max(512, min(16000, int(source * 3) + 200))

    # -- running ----------------------------------------------------------------------------------

    def run(self, jobs: list[DocJob], *, cancel: threading.Event | None = None) -> RunStats:
        """Translate every pending segment of ``jobs`` (memory first, then the provider).

        Once ``cancel`` is set no new request is sent; the requests in flight finish (their accepted
        segments reach the memory) and every segment not sent fails with :data:`CANCELLED`.
        """
        started = time.monotonic()
        self.lookup_memory(jobs)
        self.run_tasks([_Task(job, batch, 0) for job in jobs for batch in self.batches(job, job.pending)],
                       cancel=cancel)
        self.stats.seconds = time.monotonic() - started
        return self.stats

    def run_tasks(self, tasks: list[_Task], *, cancel: threading.Event | None = None) -> RunStats:
        """Send ``tasks`` (and their retries) interactively; :meth:`run` and batch retries use this."""
        queue = list(reversed(tasks))  # pop() from the end keeps doc order
        inflight: dict[Future[list[_Task]], _Task] = {}
        warm = not self.options.cache  # with caching, one request first writes the cache for the others
        with ThreadPoolExecutor(max_workers=self.concurrency, thread_name_prefix="hfi18n") as pool:
            while queue or inflight:
                while queue and len(inflight) < (self.concurrency if warm else 1) and not self._over_budget() \
                        and not (cancel is not None and cancel.is_set()):
                    task = queue.pop()
                    inflight[pool.submit(self._attempt, task)] = task
                if not inflight:
                    break
                done, _ = wait(inflight, return_when=FIRST_COMPLETED)
                warm = True
                for fut in done:
                    inflight.pop(fut)
                    follow_ups = fut.result()  # AuthError, UnreachableError, config errors stop the run
                    queue.extend(reversed(follow_ups))
            if queue and cancel is not None and cancel.is_set():
                self.stats.cancelled = True
                for task in queue:
                    for seg in task.segments:
                        self.give_up(task.job, seg, CANCELLED)
            elif queue:
                self.stats.stopped_for_cost = True
                for task in queue:
                    for seg in task.segments:
                        self.give_up(task.job, seg, f"not sent: --max-cost {self.max_cost} reached")
        return self.stats

    def _over_budget(self) -> bool:
        return self.max_cost is not None and self.stats.cost_usd >= self.max_cost

    def _attempt(self, task: _Task) -> list[_Task]:
        job = task.job
        request = self.request_for(job, task.segments)
        try:
            completion = self.provider.complete(request)
        except (AuthError, UnreachableError):  # no later request can do better: the run stops
            raise
        except RetriesExhaustedError as exc:  # the provider already retried: splitting will not help
            for seg in task.segments:
                self.give_up(job, seg, f"provider kept failing: {exc.message}")
            return []
        except ProviderError as exc:
            return self.retry_tasks(task, {s.id: f"provider error: {exc.message}" for s in task.segments})
        return self.absorb(task, completion)

    def account(self, completion: Completion, *, batch: bool = False) -> None:
        """Add one answer's usage and cost to the run's stats (``batch``: at the batch discount)."""
        with self._lock:
            self.stats.requests += 1
            self.stats.tokens_in += completion.input_tokens
            self.stats.tokens_out += completion.output_tokens
            self.stats.cache_write_tokens += completion.cache_write_tokens
            self.stats.cache_read_tokens += completion.cache_read_tokens
            self.stats.batch = self.stats.batch or batch
            cost = None
            for model in (completion.model or self.provider.model, self.provider.model):
                cost = estimate_cost(model, completion.input_tokens, completion.output_tokens,
                                     cache_write=completion.cache_write_tokens,
                                     cache_read=completion.cache_read_tokens, batch=batch)
                if cost is not None:
                    break
            if cost is None:
                self.stats.cost_known = self.stats.cost_known and self.provider.name == "pseudo"
            else:
                self.stats.cost_usd += cost

    def absorb(self, task: _Task, completion: Completion, *, batch: bool = False) -> list[_Task]:
        """Account for ``completion``, validate each segment of ``task`` in it, keep what passes (memory
        at once) and return the follow-up tasks for what failed (the batch path uses this too)."""
        job = task.job
        self.account(completion, batch=batch)
        with self._lock:
            self.stats.answers_checked += len(task.segments)
        if completion.finish_reason == "length":
            with self._lock:
                self.stats.answers_rejected += len(task.segments)
            return self.retry_tasks(task, {s.id: "answer truncated (max tokens reached)" for s in task.segments})
        wire = self.options.wire
        answers = parse_elements(completion.text, wire)
        if outside_text(completion.text, wire):
            with self._lock:
                self.stats.extra_text_dropped += 1
        ids = task.ids or wire_ids(Batch(job.en_rel, task.segments), wire)
        rejected = self.take(job, task.segments, {seg.id: answers.get(wid)
                                                  for seg, wid in zip(task.segments, ids, strict=True)})
        return self.retry_tasks(task, rejected) if rejected else []

    def take(self, job: DocJob, segments: list[Segment], answers: dict[str, str | None], *,
             agent: bool = False) -> dict[str, str]:
        """Validate the answer of each of ``segments`` (``answers``: segment id -> text, None when the answer
        lacks it), keep what passes (in the memory at once, and for the segments waiting on the same text)
        and return segment id -> why, for the rest. Every answer goes through here, whoever translated it:
        a provider (:meth:`absorb`), a provider batch, or the agent of ``submit_translation`` (``agent``: also
        held to the English's sentence count and length, :func:`.validate.agent_shortfall`)."""
        rejected: dict[str, str] = {}
        accepted: list[tuple[Segment, str]] = []
        for seg in segments:
            answer = answers.get(seg.id)
            reason = validate_segment(seg, answer, self.lang, agent=agent)
            if reason is None and answer is not None:
                accepted.append((seg, answer))
            else:
                rejected[seg.id] = reason or "segment missing from the answer"
        for seg, text in accepted:
            job.translations[seg.id] = text
            key = self.key(seg)
            if self.memory is not None:
                self.memory.put(key, seg.text, text, self.lang, self.source,
                                {"doc": job.en_rel, "prompt": PROMPT_VERSION, "provider": self.provider.name,
                                 "glossary": self.glossary_version})
            with self._lock:
                followers = self._followers.pop(key, [])
            for fjob, fseg in followers:
                fjob.translations[fseg.id] = text
                self.progress("segments", fjob, 1)
        with self._lock:
            self.stats.translated += len(accepted)
            self.stats.answers_rejected += len(rejected)
        if accepted:
            self.progress("segments", job, len(accepted))
        return rejected

    def retry_tasks(self, task: _Task, reasons: dict[str, str]) -> list[_Task]:
        """Follow-up tasks for the segments of ``task`` that failed (``reasons``: segment id to why); a
        segment past the last level is reported as failed instead."""
        failed = [s for s in task.segments if s.id in reasons]
        if task.level >= 3:
            for seg in failed:
                self.give_up(task.job, seg, reasons[seg.id])
            return []
        with self._lock:
            self.stats.retried_segments += len(failed)
        if len(failed) > 1 and task.level == 0:
            half = (len(failed) + 1) // 2
            return [_Task(task.job, failed[:half], 1), _Task(task.job, failed[half:], 1)]
        level = max(task.level + 1, 2)
        return [_Task(task.job, [seg], level) for seg in failed]

    def give_up(self, job: DocJob, seg: Segment, reason: str) -> None:
        """Report ``seg`` as failed (left in English) with ``reason``; segments waiting on its text fail too."""
        with self._lock:
            job.failures.append(SegmentFailure(job.en_rel, seg.id, seg.line, reason))
            self.stats.failed_segments += 1
            followers = self._followers.pop(self.key(seg), [])
        self.progress("segments", job, 1)
        for fjob, fseg in followers:
            self.give_up(fjob, fseg, reason)


def render_translation(doc: Document, translations: dict[str, str], overrides: dict[int, str] | None = None) -> str:
    """Render ``doc`` with ``translations``; a translated heading gets the English anchor explicitly.

    ``overrides`` replaces whole blocks (by index) with text kept from an existing translation (``""``:
    the block renders as nothing, its text is in another override); keys :data:`BEFORE` and :data:`AFTER`
    hold text written before the first block and after the last (``--update`` keeps a translation's
    license header and a translator's closing note there when today's English has no block for them).
    """
    final = dict(translations)
    for block in doc.blocks:
        if block.kind is BlockKind.HEADING:
            _anchored(block, final)
    if not overrides:
        return doc.render(final)
    return overrides.get(BEFORE, "") + "".join(
        overrides[i] if i in overrides else block.render(final) for i, block in enumerate(doc.blocks)
    ) + overrides.get(AFTER, "")


def _anchored(block: Block, final: dict[str, str]) -> None:
    """Give the translated title of heading ``block`` in ``final`` the English anchor (in place)."""
    for seg in block.segments:
        text = final.get(seg.id)
        if text is None:
            continue
        m = ANCHOR_RE.search(text)
        if block.meta.get("explicit_anchor") is not None:  # the English anchor is in the frame already
            if m:
                final[seg.id] = text[: m.start()]
        elif m and m.group(1) != block.meta["anchor"]:  # a translator's anchor that is not the English one
            final[seg.id] = text[: m.start()] + " " + anchor_mark(block.meta["anchor"])
        elif not m and text.strip() != seg.text.strip():
            final[seg.id] = text.rstrip() + " " + anchor_mark(block.meta["anchor"])


BEFORE = -1
"""Key of :attr:`DocJob.block_overrides` for text before the first block."""
AFTER = -2
"""Key of :attr:`DocJob.block_overrides` for text after the last block."""


@dataclass(slots=True)
class DocSummary:
    """What a run did with one doc, in the words the CLI, the web app and MCP all show (:meth:`text`)."""

    kept_human: int
    """Segments a human wrote or edited, kept as they are."""
    kept_machine: int
    """Segments a run wrote earlier and no human touched, kept (their English did not change)."""
    translated: int
    """Segments translated by this run (from the memory or the provider)."""
    comments_carried: int
    """Translated code comments carried into English code that changed."""
    comments_lost: list[CommentLoss]
    """Translated code comments that could not be carried, each with its line and why."""
    unfinished: list[int]
    """Lines (in the English doc) of segments left in English."""
    untranslatable: int = 0
    """Identifier-only segments kept as they are (nothing to translate)."""
    conflicts: list[Conflict] = field(default_factory=list)
    """Human text kept where the English changed too: one finding each (:class:`Conflict`)."""

    def text(self) -> str:
        parts = [f"kept {self.kept_human} human segment(s)"]
        if self.kept_machine:
            parts.append(f"kept {self.kept_machine} machine segment(s)")
        parts.append(f"translated {self.translated}")
        parts.append(f"carried {self.comments_carried} comment(s)")
        parts.append(f"left {len(self.unfinished)} unfinished"
                     + (f" (line {', '.join(map(str, self.unfinished))})" if self.unfinished else ""))
        out = ", ".join(parts)
        for loss in self.comments_lost:
            out += f"\n  comment not carried, line {loss.line}: {loss.text} ({loss.reason})"
        for c in self.conflicts:
            out += f"\n  {c.text()}"
        return out

    def to_json(self) -> dict[str, object]:
        return {"kept_human": self.kept_human, "kept_machine": self.kept_machine, "translated": self.translated,
                "comments_carried": self.comments_carried, "untranslatable": self.untranslatable,
                "comments_lost": [{"line": c.line, "text": c.text, "reason": c.reason} for c in self.comments_lost],
                "unfinished": [{"line": n} for n in self.unfinished],
                "conflicts": [{"line": c.line, "english_line": c.english_line, "message": c.text()}
                              for c in self.conflicts]}


def doc_summary(job: DocJob) -> DocSummary:
    """:class:`DocSummary` of a finished job."""
    kinds = [job.provenance.get(i) for i in job.given]
    return DocSummary(kinds.count(HUMAN), kinds.count(MACHINE), len(set(job.translations) - job.given),
                      job.comments_carried, list(job.comments_lost), sorted(f.line for f in job.failures),
                      kinds.count(AUTO), list(job.conflicts))


def new_job(en_rel: str, text: str, target: Path) -> DocJob:
    doc = parse(text, en_rel)
    return DocJob(en_rel, doc, target, list(doc.segments()))
