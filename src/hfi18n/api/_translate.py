"""``plan`` and ``translate``, the write step every run ends with, and ``draft`` / ``write_draft`` (a
translation held for review, then written under the same rules)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..check.source import skip_broken_english
from ..check.style import STYLE_PREFIX, StyleRun
from ..config import Config
from ..doc.draft import is_pseudo_file
from ..errors import ConfigError, HfI18nError, InputError, RefusedError
from ..glossary import Glossary
from ..i18n import t
from ..lang.base import checkout_analyses
from ..lang.style import StyleSettings, style_settings
from ..repo.layout import DEFAULT_DOCS_ROOT, DocsLayout
from ..repo.status_pulls import pulls_for
from ..repo.toctree import TocChange
from ..translate.examples import TeamExamples
from ..translate.memory import TranslationMemory
from ..translate.pipeline import HUMAN, DocJob, DocSummary, RunStats, Translator, doc_summary
from ..translate.providers.client import ClientProvider, SampleFn
from ..translate.second import second_opinions
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
    title_translator,
)
from ._toctree import RunListing

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
    second_drafts: list[dict[str, object]] = field(default_factory=list)
    """``--second-model``: the segments whose second draft is kept beside the first (``segment``, ``line`` of
    the English, ``english``, ``first``, ``second``, ``model``, ``reasons``), for the translator to pick."""
    style: list[dict[str, object]] = field(default_factory=list)
    """The team's style warnings of the written translation (``style/register``, ``style/heading``): the
    write gate's notes, each with the sentence and a rewrite; they never make the page a draft."""
    pre_existing: list[dict[str, object]] = field(default_factory=list)
    """Check errors the previous translation already had against today's English (``--update``): text the
    update kept byte for byte (translated code, a heading without the English anchor). Warnings: they do not
    make the page a draft, but the user sees them (issue 24: keeping such text used to be silent, or it was
    set back to the English, losing the translator's lines)."""

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "target": str(self.target), "written": self.written, "note": self.note,
                "failures": self.failures, "errors": self.errors, "pre_existing": self.pre_existing,
                "style": self.style, "second_drafts": self.second_drafts,
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
    second: RunStats | None = None
    """``--second-model``: the second model's run (its requests, tokens and cost)."""
    second_model: str = ""
    all_docs: bool = False
    """A ``--all`` run: the docs it leaves alone by rule (base unknown, claimed by a PR) are listed in
    ``skipped`` but are no failure of the run (a nightly job would fail every night)."""
    toctree: list[TocChange] = field(default_factory=list)
    """``--all``: the entries it added to the language's ``_toctree.yml`` (:class:`RunListing`)."""
    toctree_error: str = ""
    """``--all``: why the new docs could not be listed (empty when they were, or nothing was to list)."""

    @property
    def exit_code(self) -> int:
        """0 when every doc was written (a draft only when ``allow_errors`` asked for it); 1 when a doc
        was skipped (but by ``--all``'s rules) or not written, a segment failed, the run was cancelled,
        or ``--all`` could not list its new docs in the toctree."""
        bad = ((self.skipped and not self.all_docs) or self.cancelled or self.stats.failed_segments
               or any(not d.written for d in self.docs) or self.toctree_error)
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
            "second_model": None if self.second is None else {
                "model": self.second_model, "requests": self.second.requests, "tokens_in": self.second.tokens_in,
                "tokens_out": self.second.tokens_out,
                "cost_usd": round(self.second.cost_usd, 6) if self.second.cost_known else None,
                "second_drafts": sum(len(d.second_drafts) for d in self.docs)},
            **({"toctree": {"added": [c.to_json() for c in self.toctree],
                            "error": self.toctree_error or None}} if self.all_docs else {}),
        }


def _select(layout: DocsLayout, lang: str, paths: Iterable[str], *, next_n: int | None, update: bool,
            force: bool, config: Config, progress: ProgressFn, all_docs: bool = False) -> Selection:
    pulls = None
    if next_n or all_docs:  # docs an open upstream PR already translates are not picked
        pulls, note = pulls_for(layout, config)
        if pulls is None:
            progress(ProgressEvent(ProgressKind.LOG, message=note))
    if all_docs and (force or next_n):
        raise RefusedError("--all takes every missing and outdated doc and updates existing translations: it "
                           "goes with neither --force nor --next", hint="leave --force / --next out")
    sel = select_docs(layout, lang, list(paths), next_n=next_n, update=update, force=force, pulls=pulls,
                      all_docs=all_docs)
    skip_broken_english(layout, sel)  # a fault of the English is blamed on the English, never translated
    return sel


def plan(repo: Path | str = ".", lang: str = "ko", docs: Iterable[str] = (), *, next_n: int | None = None,
         update: bool = False, force: bool = False, provider: str | None = None, model: str | None = None,
         base_url: str | None = None, batch_tokens: int = 1200, glossary: Path | str | None = None,
         memory: Path | str | None = None, docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None,
         progress: ProgressFn | None = None, batch: bool = False, new_language: bool = False,
         all_docs: bool = False) -> PlanResult:
    """What :func:`translate` would send and cost, without sending anything (``all_docs``: the run of
    ``translate --all``, every missing and outdated doc).

    With no provider given or configured, the estimate uses ``pseudo`` (offline) and lists the cost
    with common models; ``batch`` prices it at the batch discount (:func:`batch_submit`).
    """
    from ..translate.providers import get_provider

    progress = progress or _no_progress
    layout = _layout(repo, docs_root)
    layout.require_target(lang, new_language=new_language)  # `--lang kr` is no new language
    cfg = _config(layout, config)
    sel = _select(layout, lang, docs, next_n=next_n, update=update, force=force, config=cfg, progress=progress,
                  all_docs=all_docs)
    gloss = load_glossary(lang, glossary)
    name = provider or (None if cfg.get("provider") else "pseudo")
    prov = get_provider(name, model=model, base_url=base_url, config=cfg, lang=lang, **_plan_key(name, cfg))
    tm = TranslationMemory(memory or default_memory_path(layout))
    try:
        team, examples = team_style(layout, lang, cfg, progress)
        est = estimate(Translator(prov, lang, glossary=gloss, memory=tm, batch_tokens=batch_tokens, fresh=force,
                                  style=team, examples=examples),
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


def translate(repo: Path | str = ".", lang: str = "ko", docs: Iterable[str] = (), *,
              next_n: int | None = None, update: bool = False, force: bool = False,
              provider: str | None = None, model: str | None = None, base_url: str | None = None,
              concurrency: int = 4, max_cost: float | None = None, allow_errors: bool = False,
              glossary: Path | str | None = None, memory: Path | str | None = None, batch_tokens: int = 1200,
              docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None,
              progress: ProgressFn | None = None, cancel: threading.Event | None = None,
              write: bool = True, sample: SampleFn | None = None, new_language: bool = False,
              second_model: str | None = None, all_docs: bool = False, toctree: bool = True) -> TranslateResult:
    """Translate English docs (``docs``, or the ``next_n`` most useful ones) into ``lang`` and write them.

    ``second_model``: a second model of the same provider drafts the segments too; where the first draft
    breaks the team's style or glossary, or the two disagree strongly, its draft is kept beside the first
    (:attr:`DocOutcome.second_drafts`; the web app's review lets the translator pick, see
    :mod:`hfi18n.translate.second`).

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

    ``all_docs`` (``translate --all``): every missing doc is drafted and every outdated one updated
    (:func:`hfi18n.translate.service.all_candidates`); docs whose base is unknown, claimed by an open PR or
    of unknown state are left alone and listed in ``skipped`` with why. Docs are written
    :data:`WRITE_EVERY` at a time as their segments finish, so a run that is stopped or killed keeps what
    it wrote, and the next run takes up the rest (the translation memory holds every answer received).
    Every doc it newly creates is added to ``lang``'s ``_toctree.yml`` after each such chunk, as ``hfi18n
    toctree`` adds it (:class:`RunListing`; new group titles through the run's provider); ``toctree=False``
    leaves the toctree alone.
    """
    from ..translate.providers import get_provider

    progress = progress or _no_progress
    layout = _layout(repo, docs_root)
    layout.require_target(lang, new_language=new_language)  # `--lang kr` is no new language
    cfg = _config(layout, config)
    sel = _select(layout, lang, docs, next_n=next_n, update=update, force=force, config=cfg, progress=progress,
                  all_docs=all_docs)
    listing = _listing(layout, lang, cfg, provider, model, base_url) if all_docs and toctree and write else None
    if not sel.jobs:
        result = TranslateResult("", RunStats(), [], dict(sel.updates), list(sel.skipped), all_docs=all_docs)
        if listing is not None:  # a run stopped before it listed what it wrote: listed now
            listing.add(listing.leftovers())
            _listed(result, listing, lang, progress)
        return result
    gloss = load_glossary(lang, glossary)
    prov = _client_provider(provider, cfg, sample) or get_provider(provider, model=model, base_url=base_url,
                                                                   config=cfg, lang=lang)
    second = None
    try:
        if getattr(prov, "test_double", False):
            _refuse_pseudo_over_translations(layout, sel)
        if second_model:
            if isinstance(prov, ClientProvider):
                raise InputError("--second-model needs a provider (the calling client's model is one model)",
                                 hint="name a provider and its models: --provider anthropic --model A --second-model B")
            second = get_provider(provider or prov.name, model=second_model, base_url=base_url, config=cfg, lang=lang)
    except HfI18nError:
        prov.close()
        raise
    tm = TranslationMemory(memory or default_memory_path(layout))
    try:
        result = _run(layout, sel, prov, lang, gloss, tm, concurrency=concurrency, max_cost=max_cost,
                      batch_tokens=batch_tokens, allow_errors=allow_errors, force=force, progress=progress,
                      cancel=cancel, write=write, cfg=cfg, second=second, listing=listing)
        result.all_docs = all_docs
        if listing is not None:
            _listed(result, listing, lang, progress)
        return result
    finally:
        tm.close()
        prov.close()
        if second is not None:
            second.close()


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
         progress: ProgressFn, cancel: threading.Event | None, write: bool = True,
         cfg: Config | None = None, second=None, listing: RunListing | None = None) -> TranslateResult:
    _set_baselines(layout, sel, lang)
    for job in sel.jobs:
        progress(ProgressEvent(ProgressKind.START, job.en_rel, 0, len(job.pending)))

    def on_progress(kind: str, job: DocJob, n: int) -> None:
        if kind == "segments":
            progress(ProgressEvent(ProgressKind.SEGMENTS, job.en_rel, n, len(job.pending)))

    team, examples = team_style(layout, lang, cfg, progress)
    translator = Translator(prov, lang, glossary=gloss, memory=tm, concurrency=concurrency,
                            batch_tokens=batch_tokens, max_cost=max_cost, progress=on_progress,
                            fresh=force,  # --force asks the model again: the memory is written, not read
                            style=team, examples=examples)
    started = time.monotonic()
    outcomes: list[DocOutcome] = []
    jobs = sel.jobs
    existed = {job.en_rel for job in jobs if job.target.exists()}
    unlisted = listing.leftovers() if listing is not None else []
    other: Translator | None = None
    for at in range(0, len(jobs), WRITE_EVERY):  # written as they finish: a killed run keeps them
        sel.jobs = jobs[at:at + WRITE_EVERY]
        stats = translator.run(sel.jobs, cancel=cancel)
        if second is not None and not stats.cancelled and not stats.stopped_for_cost:
            if other is None:
                progress(ProgressEvent(ProgressKind.LOG, message=t("note_second", "en", model=second.model),
                                       key="note_second", fields={"model": second.model}))
                other = Translator(second, lang, glossary=gloss, memory=tm, concurrency=concurrency,
                                   batch_tokens=batch_tokens, fresh=force, style=team, examples=examples,
                                   max_cost=None if max_cost is None else max(0.0, max_cost - stats.cost_usd))
            second_opinions(sel.jobs, other, glossary=gloss, style=team)  # its stats add up in other.stats
        outcomes += _write_docs(layout, sel, lang, gloss, allow_errors=allow_errors, force=force, progress=progress,
                                write=write, pseudo=getattr(prov, "test_double", False), style=StyleRun(team))
        if listing is not None:  # listed as written: a run killed later keeps these in the toctree
            listing.add([*unlisted, *(j.en_rel for j in sel.jobs if j.written and j.en_rel not in existed)])
            unlisted = []
    sel.jobs = jobs
    stats = translator.stats
    stats.seconds = time.monotonic() - started
    return TranslateResult(prov.model, stats, outcomes, dict(sel.updates), list(sel.skipped), stats.cancelled,
                           other.stats if other is not None else None, second.model if second is not None else "")


def _listing(layout: DocsLayout, lang: str, cfg: Config, provider: str | None, model: str | None,
             base_url: str | None) -> RunListing:
    """``--all``'s toctree listing; new group titles go to the run's provider (built when a title needs it),
    never to the ``pseudo`` test double (English titles: its output is never a translation)."""
    from ..translate.providers import is_test_double

    pseudo = is_test_double(provider or cfg.get("provider"))
    return RunListing(layout, lang, title_translator(layout.repo, lang, provider, model, no_llm=pseudo,
                                                     base_url=base_url, config=cfg))


class _ListingRun(Protocol):
    """A run that lists its new docs: an interactive ``--all`` or a collected ``--all --batch`` job."""

    toctree: Any
    toctree_error: str


def _listed(result: _ListingRun, listing: RunListing, lang: str, progress: ProgressFn) -> None:
    """The listing's changes and failure on ``result``, and said in the run's log."""
    result.toctree = list(listing.changes)
    if listing.error is not None:
        e = listing.error
        result.toctree_error = e.message + (f" ({e.hint})" if e.hint else "")
        progress(ProgressEvent(ProgressKind.LOG, message=f"toctree: the new docs were not listed: "
                               f"{result.toctree_error}; the next --all lists them, or run "
                               f"`hfi18n toctree --lang {lang}`"))
    elif listing.changes:
        progress(ProgressEvent(ProgressKind.LOG, message=f"toctree: {len(listing.changes)} new doc(s) listed in "
                               f"{lang}/_toctree.yml"))


def _second_drafts(job: DocJob) -> list[dict[str, object]]:
    """The second drafts of ``job`` as :attr:`DocOutcome.second_drafts` (in the doc's order)."""
    out = []
    for seg in job.doc.segments():
        alt = job.alternatives.get(seg.id)
        if alt is not None and seg.id in job.translations:
            out.append({"segment": seg.id, "line": seg.line, "english": seg.text, "first": job.translations[seg.id],
                        "second": alt.text, "model": alt.model, "reasons": list(alt.reasons)})
    return out


def team_style(layout: DocsLayout, lang: str, cfg: Config | None, progress: ProgressFn | None = None,
               ) -> tuple[StyleSettings, TeamExamples | None]:
    """The team's style for ``lang`` (``[style.<lang>]``, else the language's conventions) and its past
    translations to show beside the segments (None: ``examples = 0``, or no translated docs yet)."""
    style = style_settings(cfg, lang)
    if style.examples <= 0 or not layout.lang_dir(lang).is_dir():
        return style, None
    if progress is not None:
        progress(ProgressEvent(ProgressKind.LOG, message=t("note_examples", "en", lang=lang), key="note_examples",
                               fields={"lang": lang}))
    try:
        # the examples' registers, read by Kiwi, kept in the checkout's cache (a warm plan of diffusers ko
        # loaded Kiwi for them: 0.8 of its 2.1 cpu s)
        with checkout_analyses(layout, lang):
            examples = TeamExamples.from_repo(layout.repo, lang, layout.docs_root.relative_to(layout.repo).as_posix(),
                                              style)
    except HfI18nError:  # an unreadable checkout gives no examples; the run goes on
        return style, None
    return style, examples if len(examples) else None


WRITE_EVERY = 8
"""Docs translated together before they are written: requests of several docs share the concurrency, and a
run of 500 docs that is interrupted has written all but the last few it was on."""


def _set_baselines(layout: DocsLayout, sel: Selection, lang: str) -> None:
    """Each ``--update`` job gets the errors its existing translation already had (warnings, not blockers)."""
    for update in sel.updates.values():
        set_update_baseline(update.job, update.translation, file=layout.rel_to_repo(update.job.target), lang=lang,
                            base_english=update.base_english)


def _write_docs(layout: DocsLayout, sel: Selection, lang: str, gloss: Glossary | None, *, allow_errors: bool,
                force: bool, progress: ProgressFn, write: bool = True,
                on_written: Callable[[DocJob], None] | None = None, pseudo: bool = False,
                style: StyleRun | None = None) -> list[DocOutcome]:
    """Every job of ``sel`` through the write gate (interactive runs and batch collects alike); ``pseudo``:
    the ``pseudo`` test double translated them (marked drafts, never over a translation); ``style``: the
    team's style checks (their warnings are each doc's notes; how to install the analyzer, once)."""
    backups = Backups(layout) if force else None
    outcomes: list[DocOutcome] = []
    said = False
    for job in sel.jobs:
        replacing = backups if job.en_rel not in sel.updates else None
        done = write_job(job, layout, lang=lang, glossary=gloss, allow_errors=allow_errors, backups=replacing,
                         write=write, pseudo=pseudo, style=style)
        if style is not None and style.notes and not said:
            said = True
            progress(ProgressEvent(ProgressKind.LOG, job.en_rel, message=f"note: {style.notes[0]}"))
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
            doc_summary(job), _second_drafts(job),
            [f.as_dict() for f in job.findings if f.check.startswith(STYLE_PREFIX)],
            [f.as_dict() for f in pre_existing(job.findings)]))
    return outcomes


# ------------------------------------------------------------------------- draft (review, then write)


def draft(repo: Path | str = ".", lang: str = "ko", doc: str = "", translations: Mapping[str, str] | None = None, *,
          update: bool = False, force: bool = False, glossary: Path | str | None = None,
          docs_root: str = DEFAULT_DOCS_ROOT, pseudo: bool = False,
          alternatives: Mapping[str, Mapping[str, object]] | None = None) -> DraftReview:
    """A translation of ``doc`` held for review, not written: each English segment beside its translation,
    with the ``check`` findings on the segments they concern and the glossary terms each should render.

    ``translations``: segment id -> text (placeholder form from :attr:`DocOutcome.translations` of
    ``translate(..., write=False)``, or display form as the translator edits it); default: the human
    segments an ``update`` keeps. ``update``/``force`` select the doc as :func:`translate` does (the same
    refusals apply); an update also says which human segments were kept and what the English changed.
    ``pseudo``: the ``pseudo`` test double made ``translations``: the review reports the error ``check``
    gives the page it is written as (the mark of test output).
    ``alternatives``: segment id -> a second model's draft (``text``, ``model``, ``reasons``, as
    :attr:`DocOutcome.second_drafts` has them), shown beside the segment for the translator to pick.
    """
    from ..write.segment_review import open_draft, review

    layout = _layout(repo, docs_root)
    style = StyleRun.for_lang(lang, _config(layout, None))
    held = open_draft(layout, lang, doc, update=update, force=force)
    return review(held, dict(translations) if translations is not None else dict(held.kept),
                  glossary=load_glossary(lang, glossary), pseudo=pseudo, style=style, alternatives=alternatives)


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
    style = StyleRun.for_lang(lang, _config(layout, None))
    held = open_draft(layout, lang, doc, update=update, force=force)
    held.job.provenance.update(dict.fromkeys(edited, HUMAN))
    result, done = write(held, dict(translations or {}), glossary=load_glossary(lang, glossary),
                         allow_errors=allow_errors, expect=expect, pseudo=pseudo, style=style)
    job = held.job
    return DocOutcome(job.en_rel, job.target, done.written, done.draft, job.note, [],
                      [f.as_dict() for f in result.findings if f.severity == "error"], done.backup,
                      dict(job.translations), doc_summary(job),
                      style=[f.as_dict() for f in job.findings if f.check.startswith(STYLE_PREFIX)])
