"""``plan`` and ``translate``, the write step every run ends with, and ``draft`` / ``write_draft`` (a
translation held for review, then written under the same rules)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..check.source import skip_broken_english
from ..config import Config
from ..doc.draft import is_pseudo_file
from ..errors import ConfigError, RefusedError
from ..glossary import Glossary
from ..i18n import t
from ..repo.layout import DEFAULT_DOCS_ROOT, DocsLayout
from ..repo.status_pulls import pulls_for
from ..translate.memory import TranslationMemory
from ..translate.pipeline import HUMAN, DocJob, DocSummary, RunStats, Translator, doc_summary
from ..translate.providers.client import ClientProvider, SampleFn
from ..translate.service import Estimate, Selection, Skipped, estimate, select_docs
from ..translate.update import UpdatePlan
from ..write.gate import PSEUDO_REFUSAL, Backups, pre_existing, set_update_baseline, write_job
from ..write.segment_review import DraftReview
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

# ---------------------------------------------------------------------------------- plan / run


@dataclass(slots=True)
class PlanResult:
    estimate: Estimate
    model: str
    updates: dict[str, UpdatePlan] = field(default_factory=dict)
    skipped: list[Skipped] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        """As ``translate --dry-run --format json`` prints it."""
        p = self.estimate
        return {
            "files": p.files, "segments": p.segments, "cached": p.cached, "duplicates": p.duplicates,
            "requests": p.requests,
            "chars": p.chars, "tokens_in": p.tokens_in, "tokens_out": p.tokens_out,
            "costs_usd": p.costs, "batch_price": p.batch, "prefix_tokens": p.prefix_tokens, "docs": p.per_doc,
            "updates": {k: {"kept": u.kept, "changed": u.changed, "removed": u.removed, "base": u.base_commit,
                            "kept_human": u.kept_human, "kept_machine": u.kept_machine, "unfinished": u.unfinished}
                        for k, u in self.updates.items()},
        }


@dataclass(slots=True)
class DocOutcome:
    """What a run did with one doc."""

    path: str
    """English path relative to the language folder."""
    target: Path
    written: bool
    draft: bool
    """Written with the draft mark (check errors or failed segments)."""
    note: str
    failures: list[dict[str, object]]
    errors: list[dict[str, object]]
    """Check errors of the rendered translation."""
    backup: Path | None = None
    translations: dict[str, str] = field(default_factory=dict)
    """Segment id -> translated text (placeholder form): what :func:`draft` and :func:`write_draft` take back."""
    summary: DocSummary | None = None
    """Kept human/machine segments, translated, comments carried, unfinished: the same words everywhere."""
    pre_existing: list[dict[str, object]] = field(default_factory=list)
    """Check errors the previous translation already had against today's English (``--update``): text the
    update kept byte for byte (translated code, a heading without the English anchor). Warnings: they do not
    make the page a draft, but the user sees them (issue 24: keeping such text used to be silent, or it was
    set back to the English, losing the translator's lines)."""

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "target": str(self.target), "written": self.written, "note": self.note,
                "failures": self.failures, "errors": self.errors, "pre_existing": self.pre_existing,
                "draft": self.draft,
                "backup": str(self.backup) if self.backup else None,
                "summary": self.summary.to_json() if self.summary else None,
                "summary_text": self.summary.text() if self.summary else None}


@dataclass(slots=True)
class TranslateResult:
    model: str
    stats: RunStats
    docs: list[DocOutcome]
    updates: dict[str, UpdatePlan] = field(default_factory=dict)
    skipped: list[Skipped] = field(default_factory=list)
    cancelled: bool = False

    @property
    def exit_code(self) -> int:
        """0 when every doc was written (a draft only when ``allow_errors`` asked for it); 1 when a doc
        was skipped or not written, a segment failed, or the run was cancelled."""
        bad = (self.skipped or self.cancelled or self.stats.failed_segments
               or any(not d.written for d in self.docs))
        return 1 if bad else 0

    def to_json(self) -> dict[str, object]:
        """As ``translate --format json`` prints it."""
        s = self.stats
        return {
            "model": self.model, "segments": s.segments, "from_memory": s.cache_hits,
            "duplicates": s.duplicates, "translated": s.translated, "requests": s.requests, "tokens_in": s.tokens_in,
            "tokens_out": s.tokens_out, "cache_read_tokens": s.cache_read_tokens,
            "cache_write_tokens": s.cache_write_tokens,
            "cost_usd": round(s.cost_usd, 6) if s.cost_known else None,
            "seconds": round(s.seconds, 2), "retried_segments": s.retried_segments,
            "failed_segments": s.failed_segments, "stopped_for_cost": s.stopped_for_cost,
            "cancelled": self.cancelled,
            "updates": {k: {"kept": u.kept, "changed": u.changed, "removed": u.removed, "kept_human": u.kept_human,
                            "kept_machine": u.kept_machine, "unfinished": u.unfinished, "left_out": u.left_out}
                        for k, u in self.updates.items()},
            "skipped": [{"path": k.en_rel, "reason": k.reason} for k in self.skipped],
            "docs": [d.to_json() for d in self.docs],
        }


def _select(layout: DocsLayout, lang: str, paths: Iterable[str], *, next_n: int | None, update: bool,
            force: bool, config: Config, progress: ProgressFn) -> Selection:
    pulls = None
    if next_n:  # docs an open upstream PR already translates are not picked
        pulls, note = pulls_for(layout, config)
        if pulls is None:
            progress(ProgressEvent(ProgressKind.LOG, message=note))
    sel = select_docs(layout, lang, list(paths), next_n=next_n, update=update, force=force, pulls=pulls)
    skip_broken_english(layout, sel)  # a fault of the English is blamed on the English, never translated
    return sel


def plan(repo: Path | str = ".", lang: str = "ko", paths: Iterable[str] = (), *, next_n: int | None = None,
         update: bool = False, force: bool = False, provider: str | None = None, model: str | None = None,
         base_url: str | None = None, batch_tokens: int = 1200, glossary: Path | str | None = None,
         memory: Path | str | None = None, docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None,
         progress: ProgressFn | None = None, batch: bool = False, new_language: bool = False) -> PlanResult:
    """What :func:`translate` would send and cost, without sending anything.

    With no provider given or configured, the estimate uses ``pseudo`` (offline) and lists the cost
    with common models; ``batch`` prices it at the batch discount (:func:`batch_submit`).
    """
    from ..translate.providers import get_provider

    progress = progress or _no_progress
    layout = _layout(repo, docs_root)
    layout.require_target(lang, new_language=new_language)  # `--lang kr` is no new language
    cfg = _config(layout, config)
    sel = _select(layout, lang, paths, next_n=next_n, update=update, force=force, config=cfg, progress=progress)
    gloss = load_glossary(lang, glossary)
    name = provider or (None if cfg.get("provider") else "pseudo")
    prov = get_provider(name, model=model, base_url=base_url, config=cfg, lang=lang, **_plan_key(name, cfg))
    tm = TranslationMemory(memory or default_memory_path(layout))
    try:
        est = estimate(Translator(prov, lang, glossary=gloss, memory=tm, batch_tokens=batch_tokens, fresh=force),
                       sel.jobs,
                       batch=batch)
    finally:
        tm.close()
        prov.close()
    return PlanResult(est, prov.model, dict(sel.updates), list(sel.skipped))


def _plan_key(name: str | None, cfg: Config) -> dict[str, str]:
    """A stand-in key for a provider with none configured: a plan sends nothing, so it needs no key.

    ``translate --dry-run --provider anthropic`` stopped at "no API key for provider 'anthropic'": a
    translator who wanted the cost before paying for a key could not get it. The provider's key, when
    there is one, is used as it is (the plan never sends it either)."""
    from ..translate.providers import find_key, resolve_provider_name

    key = resolve_provider_name(name, cfg)
    if key == "pseudo" or find_key(key, cfg)[0]:
        return {}
    return {"api_key": "(none: a plan sends nothing)", "key_source": "a dry run"}


def translate(repo: Path | str = ".", lang: str = "ko", paths: Iterable[str] = (), *,
              next_n: int | None = None, update: bool = False, force: bool = False,
              provider: str | None = None, model: str | None = None, base_url: str | None = None,
              concurrency: int = 4, max_cost: float | None = None, allow_errors: bool = False,
              glossary: Path | str | None = None, memory: Path | str | None = None, batch_tokens: int = 1200,
              docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None,
              progress: ProgressFn | None = None, cancel: threading.Event | None = None,
              write: bool = True, sample: SampleFn | None = None, new_language: bool = False) -> TranslateResult:
    """Translate English docs (``paths``, or the ``next_n`` most useful ones) into ``lang`` and write them.

    With ``write=False`` nothing is written: each doc's ``translations`` go to :func:`draft` for review
    and to :func:`write_draft`.

    A doc is written only if its translation passes ``check``; with ``allow_errors``, or when some
    segments failed, it is written only as a marked draft. Existing translations are never replaced
    without ``update`` (incremental) or ``force`` (a backup is kept). Setting ``cancel`` stops the run
    after the requests in flight; finished segments are in the translation memory, and no doc with
    unfinished segments is written.

    ``sample``: the calling client's model (MCP sampling), used when no provider is named or configured:
    its answers go through the same batching, retries and validation as a provider's.

    ``new_language``: ``lang`` may have no folder yet (one is started); without it, a ``lang`` with no
    folder is refused with the one it most likely meant (``kr`` -> ``ko``), as :func:`plan` and
    :func:`batch_submit` refuse it.
    """
    from ..translate.providers import get_provider

    progress = progress or _no_progress
    layout = _layout(repo, docs_root)
    layout.require_target(lang, new_language=new_language)  # `--lang kr` is no new language
    cfg = _config(layout, config)
    sel = _select(layout, lang, paths, next_n=next_n, update=update, force=force, config=cfg, progress=progress)
    if not sel.jobs:
        return TranslateResult("", RunStats(), [], dict(sel.updates), list(sel.skipped))
    gloss = load_glossary(lang, glossary)
    prov = _client_provider(provider, cfg, sample) or get_provider(provider, model=model, base_url=base_url,
                                                                   config=cfg, lang=lang)
    if getattr(prov, "test_double", False):
        try:
            _refuse_pseudo_over_translations(layout, sel)
        except RefusedError:
            prov.close()
            raise
    tm = TranslationMemory(memory or default_memory_path(layout))
    try:
        return _run(layout, sel, prov, lang, gloss, tm, concurrency=concurrency, max_cost=max_cost,
                    batch_tokens=batch_tokens, allow_errors=allow_errors, force=force, progress=progress,
                    cancel=cancel, write=write)
    finally:
        tm.close()
        prov.close()


def _refuse_pseudo_over_translations(layout: DocsLayout, sel: Selection) -> None:
    """``--update``/``--force`` with the ``pseudo`` test double over existing translations: those docs are
    skipped before anything runs, saying why (it overwrote a human paragraph with scrambled letters:
    issue 23); :class:`RefusedError` when no doc is left. A file that is itself pseudo output may be redone."""
    taken = [job for job in sel.jobs if job.target.exists() and not is_pseudo_file(job.target)]
    if not taken:
        return
    for job in taken:
        sel.skipped.append(Skipped(job.en_rel, f"{layout.rel_to_repo(job.target)} exists: {PSEUDO_REFUSAL}",
                                   "pseudo_exists", {"target": layout.rel_to_repo(job.target)}))
        sel.updates.pop(job.en_rel, None)
    sel.jobs = [job for job in sel.jobs if job not in taken]
    if not sel.jobs:
        shown = ", ".join(layout.rel_to_repo(j.target) for j in taken[:5]) + (
            f" and {len(taken) - 5} more" if len(taken) > 5 else "")
        refused = RefusedError(f"{shown}: {PSEUDO_REFUSAL}",
                               hint="pseudo only previews pages not translated yet, offline, as marked drafts "
                                    "(hfi18n translate --provider pseudo DOC, with no --update or --force)")
        refused.skipped = sel.skipped[-len(taken):]  # type: ignore[attr-defined] - what an interface says per doc
        raise refused


def _client_provider(name: str | None, cfg: Config, sample: SampleFn | None) -> ClientProvider | None:
    """The client's model when it can sample and no provider is named or configured (a configured provider
    still wins: the user chose it)."""
    from ..translate.providers import resolve_provider_name

    if sample is None or name:
        return None
    try:
        resolve_provider_name(None, cfg)
    except ConfigError:
        return ClientProvider(sample)
    return None


def _run(layout: DocsLayout, sel: Selection, prov, lang: str, gloss: Glossary | None, tm: TranslationMemory, *,
         concurrency: int, max_cost: float | None, batch_tokens: int, allow_errors: bool, force: bool,
         progress: ProgressFn, cancel: threading.Event | None, write: bool = True) -> TranslateResult:
    _set_baselines(layout, sel, lang)
    for job in sel.jobs:
        progress(ProgressEvent(ProgressKind.START, job.en_rel, 0, len(job.pending)))

    def on_progress(kind: str, job: DocJob, n: int) -> None:
        if kind == "segments":
            progress(ProgressEvent(ProgressKind.SEGMENTS, job.en_rel, n, len(job.pending)))

    translator = Translator(prov, lang, glossary=gloss, memory=tm, concurrency=concurrency,
                            batch_tokens=batch_tokens, max_cost=max_cost, progress=on_progress,
                            fresh=force)  # --force asks the model again: the memory is written, not read
    stats = translator.run(sel.jobs, cancel=cancel)
    outcomes = _write_docs(layout, sel, lang, gloss, allow_errors=allow_errors, force=force, progress=progress,
                           write=write, pseudo=getattr(prov, "test_double", False))
    return TranslateResult(prov.model, stats, outcomes, dict(sel.updates), list(sel.skipped), stats.cancelled)


def _set_baselines(layout: DocsLayout, sel: Selection, lang: str) -> None:
    """Each ``--update`` job gets the errors its existing translation already had (warnings, not blockers)."""
    for update in sel.updates.values():
        set_update_baseline(update.job, update.translation, file=layout.rel_to_repo(update.job.target), lang=lang,
                            base_english=update.base_english)


def _write_docs(layout: DocsLayout, sel: Selection, lang: str, gloss: Glossary | None, *, allow_errors: bool,
                force: bool, progress: ProgressFn, write: bool = True,
                on_written: Callable[[DocJob], None] | None = None, pseudo: bool = False) -> list[DocOutcome]:
    """Every job of ``sel`` through the write gate (interactive runs and batch collects alike); ``pseudo``:
    the ``pseudo`` test double translated them (marked drafts, never over a translation)."""
    backups = Backups(layout) if force else None
    outcomes: list[DocOutcome] = []
    for job in sel.jobs:
        replacing = backups if job.en_rel not in sel.updates else None
        done = write_job(job, layout, lang=lang, glossary=gloss, allow_errors=allow_errors, backups=replacing,
                         write=write, pseudo=pseudo)
        if done.backup is not None:
            progress(ProgressEvent(ProgressKind.LOG, job.en_rel,
                                   message=t("note_backup", "en", backup=done.backup), key="note_backup",
                                   fields={"backup": str(done.backup)}))
        progress(ProgressEvent(ProgressKind.DOC, job.en_rel, message=job.note, key=job.note_kind,
                               fields=dict(job.note_fields)))
        if on_written is not None:
            on_written(job)
        outcomes.append(DocOutcome(
            job.en_rel, job.target, job.written, done.written and done.draft, job.note,
            [{"line": f.line, "reason": f.reason} for f in job.failures],
            [f.as_dict() for f in job.findings if f.severity == "error"], done.backup, dict(job.translations),
            doc_summary(job), [f.as_dict() for f in pre_existing(job.findings)]))
    return outcomes


# ------------------------------------------------------------------------- draft (review, then write)


def draft(repo: Path | str = ".", lang: str = "ko", doc: str = "", translations: Mapping[str, str] | None = None, *,
          update: bool = False, force: bool = False, glossary: Path | str | None = None,
          docs_root: str = DEFAULT_DOCS_ROOT, pseudo: bool = False) -> DraftReview:
    """A translation of ``doc`` held for review, not written: each English segment beside its translation,
    with the ``check`` findings on the segments they concern and the glossary terms each should render.

    ``translations``: segment id -> text (placeholder form from :attr:`DocOutcome.translations` of
    ``translate(..., write=False)``, or display form as the translator edits it); default: the human
    segments an ``update`` keeps. ``update``/``force`` select the doc as :func:`translate` does (the same
    refusals apply); an update also says which human segments were kept and what the English changed.
    ``pseudo``: the ``pseudo`` test double made ``translations``: the review reports the error ``check``
    gives the page it is written as (the mark of test output).
    """
    from ..write.segment_review import open_draft, review

    layout = _layout(repo, docs_root)
    held = open_draft(layout, lang, doc, update=update, force=force)
    return review(held, dict(translations) if translations is not None else dict(held.kept),
                  glossary=load_glossary(lang, glossary), pseudo=pseudo)


def write_draft(repo: Path | str = ".", lang: str = "ko", doc: str = "",
                translations: Mapping[str, str] | None = None, *, update: bool = False, force: bool = False,
                allow_errors: bool = False, expect: str | None = None, glossary: Path | str | None = None,
                docs_root: str = DEFAULT_DOCS_ROOT, edited: Iterable[str] = (), pseudo: bool = False) -> DocOutcome:
    """Write a reviewed draft (see :func:`draft`) under the rules of :func:`translate`: only if it passes
    ``check``, or with ``allow_errors`` as a marked draft; ``expect`` (:attr:`DraftReview.before`): the
    file is not replaced if it changed since the draft was made. Raises :class:`RefusedError` otherwise.

    ``edited``: ids of the segments a human edited (the web app's editor): recorded as human text, so the
    next ``--update`` counts them as human and glossary mining learns from them. ``pseudo``: the draft is
    output of the ``pseudo`` test double (written only as its marked draft, never over a translation)."""
    from ..write.segment_review import open_draft, write

    layout = _layout(repo, docs_root)
    held = open_draft(layout, lang, doc, update=update, force=force)
    held.job.provenance.update(dict.fromkeys(edited, HUMAN))
    result, done = write(held, dict(translations or {}), glossary=load_glossary(lang, glossary),
                         allow_errors=allow_errors, expect=expect, pseudo=pseudo)
    job = held.job
    return DocOutcome(job.en_rel, job.target, done.written, done.draft, job.note, [],
                      [f.as_dict() for f in result.findings if f.severity == "error"], done.backup,
                      dict(job.translations), doc_summary(job))
