"""The public library API of hfi18n: one function per job, plain arguments in, a typed result out.

The CLI (:mod:`hfi18n.cli`), the web app and the MCP server call only this module. Every function takes
the repository path, the language and plain options (``docs_root`` defaults to ``docs/source``), raises
:class:`hfi18n.errors.HfI18nError` subclasses with a human message and a hint, prints nothing, and returns
a slotted dataclass whose ``to_json()`` gives plain JSON-able data (the exact shapes ``--format json`` of
the CLI prints).

Functions:

``status(repo, langs)`` -> :class:`StatusResult`
    the state of every English doc in each language (up to date, outdated, missing, in progress,
    orphaned), with the ranked "translate next" list.
``next_docs(repo, lang, n)`` -> :class:`NextDocsResult`
    the ``n`` most useful docs to translate next (missing, and outdated with ``update=True``).
``check(repo, lang, paths)`` -> :class:`CheckResult`
    findings of every check on translated docs against their English source.
``plan(repo, lang, paths)`` -> :class:`PlanResult`
    what ``translate`` would send (segments, requests, tokens, cost per model); sends nothing.
``translate(repo, lang, paths)`` -> :class:`TranslateResult`
    translate English docs; a doc is written only if it passes ``check`` (or as a marked draft with
    ``allow_errors``); progress through ``progress``; a ``cancel`` event stops it within one request.
``batch_submit(repo, lang, paths)`` -> :class:`BatchJobResult`, then ``batch_collect(repo)``
    the same translation as one provider batch job at half price: submit returns at once; collect
    validates, retries what failed and writes through the same gate (``batch_status``, ``batch_cancel``).
``toctree(repo, lang, paths)`` -> :class:`ToctreeResult`
    add translated docs to the language's ``_toctree.yml`` mirroring English.
``toctree_check(repo, lang)`` -> :class:`CheckResult`
    problems of the language's ``_toctree.yml``.
``publish(repo, lang, doc)`` -> :class:`PublishResult`
    push one translated doc to the translator's fork and open a draft pull request upstream.
``review(repo, lang, paths)`` or ``review(pr="OWNER/REPO#N", post=True)`` -> :class:`ReviewResult`
    review translated docs or a translation PR (check findings on lines, omissions and duplications,
    glossary consistency, optional LLM review); ``post`` submits one COMMENT review on the PR.
``glossary_lookup(lang, text)`` -> :class:`GlossaryResult`
    the glossary of a language, or only the terms occurring in ``text``.
``glossary_validate(path, lang)``, ``glossary_usage(repo, lang)``, ``glossary_mine(repo, lang)``
    lint a glossary; count how the human translations follow it; propose entries from them.

Secrets (provider keys, the GitHub token) come only from the environment or the config
(:func:`hfi18n.config.load_config`, or a :class:`~hfi18n.config.Config` passed as ``config``; the web
app builds one in memory from the key fields with :func:`session_config`); no job function takes a
secret as an argument, and no result carries one.
"""

from __future__ import annotations

import enum
import os
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .check import Finding, check_paths, has_errors
from .check.gate import Backups, set_update_baseline, write_job
from .check.segment_review import DraftReview
from .check.source import skip_broken_english
from .config import Config, load_config
from .doc.draft import is_draft_file, mark_draft
from .errors import ConfigError, InputError, RefusedError
from .repo.clone import CloneResult
from .repo.layout import DocsLayout
from .repo.status import RANK_LIMIT, DocStatus, StatusReport, compute_status
from .repo.status_pulls import pulls_for
from .repo.toctree import TitleTranslator, TocChange
from .review.service import ReviewResult
from .translate.glossary import Glossary, Term
from .translate.memory import TranslationMemory
from .translate.pipeline import DocJob, RunStats, Translator
from .translate.service import Estimate, Selection, Skipped, estimate, next_candidates, select_docs
from .translate.update import UpdatePlan

__all__ = [
    "DEFAULT_DOCS_ROOT",
    "RANK_LIMIT",
    "BatchJobResult",
    "CheckResult",
    "CloneResult",
    "DocOutcome",
    "DraftReview",
    "GlossaryResult",
    "NextDocsResult",
    "PlanResult",
    "ProgressEvent",
    "ProgressKind",
    "PublishResult",
    "ReviewResult",
    "StatusResult",
    "ToctreeResult",
    "TranslateResult",
    "batch_cancel",
    "batch_collect",
    "batch_status",
    "batch_submit",
    "check",
    "clone",
    "default_memory_path",
    "draft",
    "glossary_lookup",
    "glossary_mine",
    "glossary_usage",
    "glossary_validate",
    "load_glossary",
    "next_docs",
    "plan",
    "publish",
    "review",
    "session_config",
    "status",
    "history_gap",
    "deepen_history",
    "title_translator",
    "toctree",
    "toctree_check",
    "translate",
    "write_draft",
]

DEFAULT_DOCS_ROOT = "docs/source"


# ------------------------------------------------------------------------------------ progress


class ProgressKind(str, enum.Enum):
    START = "start"
    """A doc enters the run: ``total`` segments to translate (memory hits included)."""
    SEGMENTS = "segments"
    """``done`` more segments of ``doc`` are finished (translated, from memory, or failed)."""
    DOC = "doc"
    """``doc`` is finished: ``message`` says whether it was written."""
    LOG = "log"
    """A line for the user (``message``), e.g. a publish step or a backup made."""


@dataclass(slots=True, frozen=True)
class ProgressEvent:
    kind: ProgressKind
    doc: str = ""
    done: int = 0
    total: int = 0
    message: str = ""

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind.value, "doc": self.doc, "done": self.done, "total": self.total,
                "message": self.message}


ProgressFn = Callable[[ProgressEvent], None]


def _no_progress(_event: ProgressEvent) -> None:
    return None


# ------------------------------------------------------------------------------------ helpers


def _layout(repo: Path | str, docs_root: str) -> DocsLayout:
    return DocsLayout.open(repo, docs_root)


def _config(layout: DocsLayout, config: Config | None) -> Config:
    return config if config is not None else load_config(layout.repo)


def session_config(repo: Path | str = ".", *, provider: str | None = None, api_key: str | None = None,
                   github_token: str | None = None, base: Config | None = None) -> Config:
    """The repository's config (or ``base``) plus secrets a user typed for one call (the web app's key
    fields): held in memory only, registered for redaction, never written. A secret in the environment
    still comes first, as everywhere (``ANTHROPIC_API_KEY``, ``GITHUB_TOKEN``...)."""
    from .secrets import register

    cfg = base if base is not None else load_config(repo)
    data = dict(cfg.data)
    if api_key and provider:
        register(api_key)
        providers = dict(data.get("providers") or {})
        providers[provider] = {**(providers.get(provider) or {}), "api_key": api_key}
        data["providers"] = providers
    if github_token:
        register(github_token)
        data["github"] = {**(data.get("github") or {}), "token": github_token}
    return Config(data, cfg.source)


def default_memory_path(layout: DocsLayout) -> Path:
    """``<repo>/.git/hfi18n/memory.sqlite3``, or the user cache when the repo has no ``.git`` folder."""
    git = layout.repo / ".git"
    if git.is_dir():
        return git / "hfi18n" / "memory.sqlite3"
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return cache / "hfi18n" / "memory.sqlite3"


def load_glossary(lang: str, path: Path | str | None = None, *, required: bool = False) -> Glossary | None:
    """The glossary at ``path``, else the one shipped for ``lang`` (None, or an error if ``required``)."""
    if path is not None:
        return Glossary.load(path, lang)
    g = Glossary.builtin(lang)
    if g is None and required:
        shipped = ", ".join(Glossary.builtin_languages()) or "none"
        raise InputError(
            f"hfi18n ships no glossary for {lang!r}",
            hint=f"pass --glossary FILE (shipped: {shipped}); `hfi18n glossary mine` proposes terms to start one",
        )
    return g


def title_translator(repo: Path | str, lang: str, provider: str | None = None, model: str | None = None, *,
                     no_llm: bool = False, base_url: str | None = None,
                     config: Config | None = None) -> TitleTranslator | None:
    """The provider-backed toctree title translator, or None (English titles) with ``no_llm``.

    The provider is built on first use, so a run that needs no new title needs no provider configured.
    """
    if no_llm:
        return None

    def translate_titles(titles: list[str]) -> list[str]:
        from .languages import language
        from .translate.providers import get_provider
        from .translate.titles import llm_title_translator

        try:
            prov = get_provider(provider, model=model, base_url=base_url,
                                config=config if config is not None else load_config(repo), lang=lang)
        except ConfigError as exc:
            raise ConfigError(f"new toctree titles need translating: {exc.message}",
                              hint=f"{exc.hint or ''}; or pass --no-llm to keep the English titles".lstrip("; ")) \
                from None
        try:
            return llm_title_translator(prov, language(lang).name)(titles)
        finally:
            prov.close()

    return translate_titles


# -------------------------------------------------------------------------------------- status


@dataclass(slots=True)
class StatusResult:
    report: StatusReport
    pr_note: str
    """How PR detection went (``N open translation PR(s) of owner/name`` or why it was skipped)."""
    pulls_found: bool = True
    """False when open PRs could not be listed (``pr_note`` says why) or were not asked for."""

    def to_markdown(self, limit: int = RANK_LIMIT) -> str:
        """A summary, the ranked list as a checklist and every doc by state (for a tracking issue)."""
        from .repo.report import to_markdown

        return to_markdown(self.report, limit)

    def to_csv(self) -> str:
        from .repo.report import to_csv

        return to_csv(self.report)

    def to_html(self, limit: int = RANK_LIMIT) -> str:
        """A self-contained HTML page (filters, sorting, links)."""
        from .repo.report_html import to_html

        return to_html(self.report, limit)

    def render_table(self, console, *, show_missing: bool = False, limit: int = RANK_LIMIT) -> None:
        """Print the report as rich tables on ``console``."""
        from .repo.report import render_table

        render_table(self.report, console, show_missing=show_missing, limit=limit)

    def to_json(self) -> list[dict[str, object]]:
        """One object per (language, doc): the fields of ``DocStatus`` plus ``rank`` (as ``status --format json``)."""
        from .repo.report import json_rows

        return json_rows(self.report)


def history_gap(repo: Path | str = ".", *, docs_root: str = DEFAULT_DOCS_ROOT) -> str | None:
    """Why the clone's history cannot date translations (a shallow clone), else None. See
    :mod:`hfi18n.repo.shallow`: status then reports every translation as unknown until :func:`deepen_history`."""
    from .repo.shallow import history_gap as gap

    return gap(_layout(repo, docs_root))


def deepen_history(repo: Path | str = ".", *, docs_root: str = DEFAULT_DOCS_ROOT) -> str:
    """Fetch the full history of a shallow clone (``git fetch --unshallow``); returns what was done.
    Interfaces call it with the user's consent (CLI ``--deepen``), or always (the web Space)."""
    from .repo.shallow import deepen_history as deepen

    return deepen(_layout(repo, docs_root))


def status(repo: Path | str = ".", langs: Sequence[str] | None = None, *, docs_root: str = DEFAULT_DOCS_ROOT,
           upstream: str | None = None, pulls: bool = True, config: Config | None = None,
           deepen: bool = False) -> StatusResult:
    """Status of every English doc in each of ``langs`` (default: every language folder).

    ``pulls``: look for open translation PRs upstream (``github.upstream`` or ``upstream``) to mark
    docs in progress. ``deepen``: fetch the full history first when the clone is shallow (otherwise every
    translation of a shallow clone is ``unknown``, and ``report.history_note`` says why).
    """
    if deepen:
        deepen_history(repo, docs_root=docs_root)
    layout = _layout(repo, docs_root)
    langs = list(langs) if langs else layout.languages()
    layout.require_langs(*langs)
    cfg = _config(layout, config)
    found, note = pulls_for(layout, cfg, upstream) if pulls else (None, "PR detection not requested")
    report = compute_status(layout, langs, pulls=found, pr_note=note)
    return StatusResult(report, note, found is not None)


@dataclass(slots=True)
class NextDocsResult:
    lang: str
    docs: list[DocStatus]
    pr_note: str

    def to_json(self) -> list[dict[str, object]]:
        return [{**d.to_json(), "rank": i} for i, d in enumerate(self.docs, 1)]


def next_docs(repo: Path | str = ".", lang: str = "ko", n: int = RANK_LIMIT, *, update: bool = False,
              docs_root: str = DEFAULT_DOCS_ROOT, upstream: str | None = None, pulls: bool = True,
              config: Config | None = None) -> NextDocsResult:
    """The ``n`` most useful docs of ``lang`` to translate, as ``translate --next`` picks them: missing ones
    (outdated too with ``update``) that no open PR claims, then those only a toctree placeholder announces."""
    result = status(repo, [lang], docs_root=docs_root, upstream=upstream, pulls=pulls, config=config)
    docs = next_candidates(result.report, lang, update=update)[:n]
    return NextDocsResult(lang, docs, result.pr_note)


# --------------------------------------------------------------------------------------- check


@dataclass(slots=True)
class CheckResult:
    findings: list[Finding]
    files: int

    @property
    def errors(self) -> int:
        return sum(f.severity == "error" for f in self.findings)

    @property
    def ok(self) -> bool:
        return not has_errors(self.findings)

    def to_json(self) -> list[dict[str, object]]:
        """The findings as ``check --format json`` prints them."""
        return [f.as_dict() for f in self.findings]

    def format(self, kind: str = "text") -> str:
        """The findings as ``text`` (``file:line: severity [check] message``), ``json`` or ``github``
        (workflow-command annotations)."""
        from .check import format_github, format_json, format_text

        formatter = {"json": format_json, "github": format_github, "text": format_text}.get(kind)
        if formatter is None:
            raise InputError(f"unknown findings format {kind!r}", hint="use text, json or github")
        return formatter(self.findings)

    def summary(self) -> str:
        """``N file(s) checked: E error(s), W warning(s) (by check)``."""
        from .check import summary

        return summary(self.findings, self.files)


def check(repo: Path | str = ".", lang: str = "ko", paths: Iterable[str] = (), *,
          docs_root: str = DEFAULT_DOCS_ROOT, glossary: Path | str | None = None) -> CheckResult:
    """Check translated docs (default: every doc of ``lang``) against their English source.

    ``glossary``: a glossary TSV whose required translations are checked too (none by default).
    """
    layout = _layout(repo, docs_root)
    gloss = Glossary.load(glossary) if glossary is not None else None
    findings, files = check_paths(layout, lang, list(paths), glossary=gloss)
    return CheckResult(findings, files)


def toctree_check(repo: Path | str = ".", lang: str = "ko", *, docs_root: str = DEFAULT_DOCS_ROOT) -> CheckResult:
    """Problems of ``lang``'s ``_toctree.yml`` against its files and the English toctree."""
    from .check.toctree import check_toctree

    layout = _layout(repo, docs_root)
    return CheckResult(check_toctree(layout, lang), 1)


# ---------------------------------------------------------------------------------- plan / run


def _updates_json(sel: Selection, *, base: bool) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for k, u in sel.updates.items():
        row: dict[str, object] = {"kept": u.kept, "changed": u.changed, "removed": u.removed}
        if base:
            row["base"] = u.base_commit
        out[k] = row
    return out


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
            "files": p.files, "segments": p.segments, "cached": p.cached, "requests": p.requests,
            "chars": p.chars, "tokens_in": p.tokens_in, "tokens_out": p.tokens_out,
            "costs_usd": p.costs, "batch_price": p.batch, "prefix_tokens": p.prefix_tokens, "docs": p.per_doc,
            "updates": {k: {"kept": u.kept, "changed": u.changed, "removed": u.removed, "base": u.base_commit}
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

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "target": str(self.target), "written": self.written, "note": self.note,
                "failures": self.failures, "errors": self.errors, "draft": self.draft,
                "backup": str(self.backup) if self.backup else None}


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
            "translated": s.translated, "requests": s.requests, "tokens_in": s.tokens_in,
            "tokens_out": s.tokens_out, "cache_read_tokens": s.cache_read_tokens,
            "cache_write_tokens": s.cache_write_tokens,
            "cost_usd": round(s.cost_usd, 6) if s.cost_known else None,
            "seconds": round(s.seconds, 2), "retried_segments": s.retried_segments,
            "failed_segments": s.failed_segments, "stopped_for_cost": s.stopped_for_cost,
            "cancelled": self.cancelled,
            "updates": {k: {"kept": u.kept, "changed": u.changed, "removed": u.removed}
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
         progress: ProgressFn | None = None, batch: bool = False) -> PlanResult:
    """What :func:`translate` would send and cost, without sending anything.

    With no provider given or configured, the estimate uses ``pseudo`` (offline) and lists the cost
    with common models; ``batch`` prices it at the batch discount (:func:`batch_submit`).
    """
    from .translate.providers import get_provider

    progress = progress or _no_progress
    layout = _layout(repo, docs_root)
    cfg = _config(layout, config)
    sel = _select(layout, lang, paths, next_n=next_n, update=update, force=force, config=cfg, progress=progress)
    gloss = load_glossary(lang, glossary)
    name = provider or (None if cfg.get("provider") else "pseudo")
    prov = get_provider(name, model=model, base_url=base_url, config=cfg, lang=lang)
    tm = TranslationMemory(memory or default_memory_path(layout))
    try:
        est = estimate(Translator(prov, lang, glossary=gloss, memory=tm, batch_tokens=batch_tokens), sel.jobs,
                       batch=batch)
    finally:
        tm.close()
        prov.close()
    return PlanResult(est, prov.model, dict(sel.updates), list(sel.skipped))


def translate(repo: Path | str = ".", lang: str = "ko", paths: Iterable[str] = (), *,
              next_n: int | None = None, update: bool = False, force: bool = False,
              provider: str | None = None, model: str | None = None, base_url: str | None = None,
              concurrency: int = 4, max_cost: float | None = None, allow_errors: bool = False,
              glossary: Path | str | None = None, memory: Path | str | None = None, batch_tokens: int = 1200,
              docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None,
              progress: ProgressFn | None = None, cancel: threading.Event | None = None,
              write: bool = True) -> TranslateResult:
    """Translate English docs (``paths``, or the ``next_n`` most useful ones) into ``lang`` and write them.

    With ``write=False`` nothing is written: each doc's ``translations`` go to :func:`draft` for review
    and to :func:`write_draft`.

    A doc is written only if its translation passes ``check``; with ``allow_errors``, or when some
    segments failed, it is written only as a marked draft. Existing translations are never replaced
    without ``update`` (incremental) or ``force`` (a backup is kept). Setting ``cancel`` stops the run
    after the requests in flight; finished segments are in the translation memory, and no doc with
    unfinished segments is written.
    """
    from .translate.providers import get_provider

    progress = progress or _no_progress
    layout = _layout(repo, docs_root)
    cfg = _config(layout, config)
    sel = _select(layout, lang, paths, next_n=next_n, update=update, force=force, config=cfg, progress=progress)
    if not sel.jobs:
        return TranslateResult("", RunStats(), [], dict(sel.updates), list(sel.skipped))
    gloss = load_glossary(lang, glossary)
    prov = get_provider(provider, model=model, base_url=base_url, config=cfg, lang=lang)
    tm = TranslationMemory(memory or default_memory_path(layout))
    try:
        return _run(layout, sel, prov, lang, gloss, tm, concurrency=concurrency, max_cost=max_cost,
                    batch_tokens=batch_tokens, allow_errors=allow_errors, force=force, progress=progress,
                    cancel=cancel, write=write)
    finally:
        tm.close()
        prov.close()


def _run(layout: DocsLayout, sel: Selection, prov, lang: str, gloss: Glossary | None, tm: TranslationMemory, *,
         concurrency: int, max_cost: float | None, batch_tokens: int, allow_errors: bool, force: bool,
         progress: ProgressFn, cancel: threading.Event | None, write: bool = True) -> TranslateResult:
    for update in sel.updates.values():
        set_update_baseline(update.job, update.translation, file=layout.rel_to_repo(update.job.target), lang=lang)
    for job in sel.jobs:
        progress(ProgressEvent(ProgressKind.START, job.en_rel, 0, len(job.pending)))

    def on_progress(kind: str, job: DocJob, n: int) -> None:
        if kind == "segments":
            progress(ProgressEvent(ProgressKind.SEGMENTS, job.en_rel, n, len(job.pending)))

    translator = Translator(prov, lang, glossary=gloss, memory=tm, concurrency=concurrency,
                            batch_tokens=batch_tokens, max_cost=max_cost, progress=on_progress)
    stats = translator.run(sel.jobs, cancel=cancel)
    outcomes = _write_docs(layout, sel, lang, gloss, allow_errors=allow_errors, force=force, progress=progress,
                           write=write)
    return TranslateResult(prov.model, stats, outcomes, dict(sel.updates), list(sel.skipped), stats.cancelled)


def _write_docs(layout: DocsLayout, sel: Selection, lang: str, gloss: Glossary | None, *, allow_errors: bool,
                force: bool, progress: ProgressFn, write: bool = True,
                on_written: Callable[[DocJob], None] | None = None) -> list[DocOutcome]:
    """Every job of ``sel`` through the write gate (interactive runs and batch collects alike)."""
    backups = Backups(layout) if force else None
    outcomes: list[DocOutcome] = []
    for job in sel.jobs:
        replacing = backups if job.en_rel not in sel.updates else None
        done = write_job(job, layout, lang=lang, glossary=gloss, allow_errors=allow_errors, backups=replacing,
                         write=write)
        if done.backup is not None:
            progress(ProgressEvent(ProgressKind.LOG, job.en_rel,
                                   message=f"backup of the replaced translation: {done.backup}"))
        progress(ProgressEvent(ProgressKind.DOC, job.en_rel, message=job.note))
        if on_written is not None:
            on_written(job)
        outcomes.append(DocOutcome(
            job.en_rel, job.target, job.written, done.written and done.draft, job.note,
            [{"line": f.line, "reason": f.reason} for f in job.failures],
            [f.as_dict() for f in job.findings if f.severity == "error"], done.backup, dict(job.translations)))
    return outcomes


# ------------------------------------------------------------------------------------- batch


def batch_root(layout: DocsLayout) -> Path:
    """``<repo>/.git/hfi18n/batches`` (``<repo>/.hfi18n/hfi18n/batches`` without a ``.git`` folder)."""
    git = layout.repo / ".git"
    return (git if git.is_dir() else layout.repo / ".hfi18n") / "hfi18n" / "batches"


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

    @property
    def exit_code(self) -> int:
        bad = self.skipped or any(not d.written or d.failures for d in self.docs)
        return 1 if bad else 0

    def to_json(self) -> dict[str, object]:
        return {"job": self.job_id, "state": self.state, "provider": self.provider, "model": self.model,
                "rounds": self.rounds, "usage": self.usage, "message": self.message,
                "skipped": [{"path": k.en_rel, "reason": k.reason} for k in self.skipped],
                "docs": [d.to_json() for d in self.docs]}


def _batch_result(job, state: str, message: str = "", docs: list[DocOutcome] | None = None,
                  skipped: list[Skipped] | None = None) -> BatchJobResult:
    rounds = [{"round": r.round, "batch_id": r.batch_id, "status": r.status, "counts": r.counts,
               "requests": len(r.requests), "collected": r.ingested} for r in job.rounds]
    usage = {k: (v if k == "cost_usd" else int(v)) for k, v in job.usage.items()}
    return BatchJobResult(job.id, state, job.provider, job.model, rounds, usage, docs or [], skipped or [], message)


def _batch_context(layout: DocsLayout, cfg: Config, job, *, concurrency: int = 4, progress: ProgressFn):
    """Provider, glossary, memory, selection and translator of a batch job, set up as at submit time."""
    from .translate.providers import get_provider

    s = job.settings
    sel = _select(layout, job.lang, list(job.paths), next_n=None, update=bool(s.get("update")),
                  force=bool(s.get("force")), config=cfg, progress=progress)
    for dj in sel.jobs:
        if dj.en_rel in job.targets:
            dj.target_before = job.targets[dj.en_rel]  # replaced only if unchanged since submit
    for update in sel.updates.values():
        set_update_baseline(update.job, update.translation, file=layout.rel_to_repo(update.job.target),
                            lang=job.lang)
    gloss = load_glossary(job.lang, s.get("glossary"))
    prov = get_provider(job.provider, model=job.model, base_url=s.get("base_url"), config=cfg, lang=job.lang)
    tm = TranslationMemory(s.get("memory") or default_memory_path(layout))
    translator = Translator(prov, job.lang, glossary=gloss, memory=tm, concurrency=concurrency,
                            batch_tokens=int(s.get("batch_tokens") or 1200))
    return sel, gloss, prov, tm, translator


def batch_submit(repo: Path | str = ".", lang: str = "ko", paths: Iterable[str] = (), *,
                 next_n: int | None = None, update: bool = False, force: bool = False,
                 provider: str | None = None, model: str | None = None, base_url: str | None = None,
                 allow_errors: bool = False, glossary: Path | str | None = None, memory: Path | str | None = None,
                 batch_tokens: int = 1200, docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None,
                 progress: ProgressFn | None = None) -> BatchJobResult:
    """Submit every request :func:`translate` would send as one provider batch (half price); returns at once.

    The job is recorded under ``.git/hfi18n/batches/`` (written before and after the submission);
    :func:`batch_collect` finishes it. Segments already in the translation memory are not sent.
    """
    from .translate import batch as tb
    from .translate.providers import get_provider

    progress = progress or _no_progress
    layout = _layout(repo, docs_root)
    cfg = _config(layout, config)
    sel = _select(layout, lang, paths, next_n=next_n, update=update, force=force, config=cfg, progress=progress)
    if not sel.jobs:
        raise RefusedError("nothing to submit: " + "; ".join(f"{k.en_rel}: {k.reason}" for k in sel.skipped),
                           hint="name English docs that have no translation, or use --update / --force")
    prov = get_provider(provider, model=model, base_url=base_url, config=cfg, lang=lang)
    try:
        tb.check_provider(prov)
        store = tb.JobStore(batch_root(layout))
        settings = {"base_url": base_url or None, "update": update, "force": force, "allow_errors": allow_errors,
                    "batch_tokens": batch_tokens, "glossary": str(glossary) if glossary else None,
                    "memory": str(memory) if memory else None, "docs_root": docs_root}
        job = tb.BatchJob(store.new_id(), prov.name, prov.model, lang, [j.en_rel for j in sel.jobs], settings,
                          {j.en_rel: j.target_before or "" for j in sel.jobs})
        tm = TranslationMemory(memory or default_memory_path(layout))
        try:
            translator = Translator(prov, lang, glossary=load_glossary(lang, glossary), memory=tm,
                                    batch_tokens=batch_tokens)
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
                 config: Config | None = None, poll: bool = True) -> list[BatchJobResult]:
    """Every batch job of the repository (or ``job_id``), polled at the provider when still open."""
    from .translate import batch as tb
    from .translate.providers import get_provider

    layout = _layout(repo, docs_root)
    cfg = _config(layout, config)
    store = tb.JobStore(batch_root(layout))
    jobs = [store.load(job_id)] if job_id else store.jobs()
    out = []
    for job in jobs:
        if poll and job.state not in (tb.DONE, tb.CANCELLED) and job.outstanding:
            with get_provider(job.provider, model=job.model, base_url=job.settings.get("base_url"), config=cfg,
                              lang=job.lang) as prov:
                tb.poll(prov, job)
            store.save(job)
        running = any(r.batch_id and not r.ingested and r.status not in ("ended", "completed", "expired",
                                                                          "cancelled", "failed")
                      for r in job.rounds)
        out.append(_batch_result(job, "running" if running else job.state))
    return out


def batch_collect(repo: Path | str = ".", job_id: str | None = None, *, retry_now: bool = False,
                  concurrency: int = 4, docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None,
                  progress: ProgressFn | None = None) -> BatchJobResult:
    """Poll a batch job (default: the latest open one); once its batches ended, validate every answer as
    an interactive run does, retry what failed (a new batch, or interactively with ``retry_now``) and,
    when nothing is outstanding, write the docs through the write gate.

    A job that was already collected writes nothing again.
    """
    from .translate import batch as tb

    progress = progress or _no_progress
    layout = _layout(repo, docs_root)
    cfg = _config(layout, config)
    store = tb.JobStore(batch_root(layout))
    job = store.load(job_id) if job_id else store.latest(open_only=True)
    if job.state in (tb.DONE, tb.CANCELLED):
        return _batch_result(job, "already-collected" if job.state == tb.DONE else job.state,
                             f"batch job {job.id} was already {job.state}: nothing written again")
    sel, gloss, prov, tm, tr = _batch_context(layout, cfg, job, concurrency=concurrency, progress=progress)
    try:
        tr.lookup_memory(sel.jobs)
        if tb.recover_submission(prov, job):
            store.save(job)
        infos = {i.id: i for i in tb.poll(prov, job)}
        store.save(job)
        if any(not i.ended for i in infos.values()):
            return _batch_result(job, "running", f"batch job {job.id} is still running at {job.provider}")
        jobs = {dj.en_rel: dj for dj in sel.jobs}
        follow_ups = []
        for record in job.outstanding:
            if record.batch_id is None:
                continue
            before = tb.usage_of(tr)
            follow_ups += tb.ingest(prov, tr, job, record, infos[record.batch_id], jobs)
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
                               force=bool(job.settings.get("force")), progress=progress, on_written=on_written)
        job.state = tb.DONE
        store.save(job)
    finally:
        tm.close()
        prov.close()
    cost = job.usage.get("cost_usd", 0.0)
    return _batch_result(job, "done", f"batch job {job.id} collected; cost ${cost:.4f}", outcomes,
                         list(sel.skipped))


def _already_written(layout: DocsLayout, jobs: list[DocJob], lang: str, gloss: Glossary | None) -> set[str]:
    """Docs whose target already holds exactly this translation (a collect killed between writing a doc
    and saving that it did): not written again."""
    from .check.gate import render_checked

    done = set()
    for dj in jobs:
        if not dj.target.is_file() or dj.target.is_symlink():
            continue
        try:
            current = dj.target.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        text = render_checked(dj, lang=lang, display_path=layout.rel_to_repo(dj.target), glossary=gloss)
        if current in (text, mark_draft(text)):
            done.add(dj.en_rel)
    return done


def _only(dj: DocJob, exclude: set[tuple[str, str]]) -> DocJob:
    dj.pending = [s for s in dj.pending if (dj.en_rel, s.id) not in exclude]
    return dj


def batch_cancel(repo: Path | str = ".", job_id: str | None = None, *, docs_root: str = DEFAULT_DOCS_ROOT,
                 config: Config | None = None) -> BatchJobResult:
    """Ask the provider to cancel the job's running batches. What already succeeded is kept: collect the
    job afterwards to put it in the memory and write the docs (cancelled requests are retried then)."""
    from .translate import batch as tb
    from .translate.providers import get_provider

    layout = _layout(repo, docs_root)
    cfg = _config(layout, config)
    store = tb.JobStore(batch_root(layout))
    job = store.load(job_id) if job_id else store.latest(open_only=True)
    with get_provider(job.provider, model=job.model, base_url=job.settings.get("base_url"), config=cfg,
                      lang=job.lang) as prov:
        for record in job.outstanding:
            if record.batch_id:
                info = prov.cancel_batch(record.batch_id)
                record.status, record.counts = info.status, dict(info.counts)
    store.save(job)
    return _batch_result(job, "cancelling", f"cancellation of batch job {job.id} requested; run "
                                            "`hfi18n batch collect` to keep what finished")


# ------------------------------------------------------------------------------------- clone


def clone(url: str, into: Path | str, *, docs_root: str = DEFAULT_DOCS_ROOT, allow_local: bool = False) -> CloneResult:
    """Clone ``url`` (``owner/name`` or an ``https://`` URL) into the folder ``<into>/<owner>__<name>``
    with the history ``status`` needs: every commit and tree of the default branch and every past version
    of the docs, no other file history (see :mod:`hfi18n.repo.clone`). An existing clone is
    fast-forwarded, never reset. ``allow_local``: accept ``file://`` URLs (never from users)."""
    from .repo.clone import clone_docs_repo, normalize_url

    _, name = normalize_url(url, allow_local=allow_local)
    return clone_docs_repo(url, Path(into) / name, docs_root=docs_root, allow_local=allow_local)


# ------------------------------------------------------------------------- draft (review, then write)


def draft(repo: Path | str = ".", lang: str = "ko", doc: str = "", translations: Mapping[str, str] | None = None, *,
          update: bool = False, force: bool = False, glossary: Path | str | None = None,
          docs_root: str = DEFAULT_DOCS_ROOT) -> DraftReview:
    """A translation of ``doc`` held for review, not written: each English segment beside its translation,
    with the ``check`` findings on the segments they concern and the glossary terms each should render.

    ``translations``: segment id -> text (placeholder form from :attr:`DocOutcome.translations` of
    ``translate(..., write=False)``, or display form as the translator edits it); default: the human
    segments an ``update`` keeps. ``update``/``force`` select the doc as :func:`translate` does (the same
    refusals apply); an update also says which human segments were kept and what the English changed.
    """
    from .check.segment_review import open_draft, review

    layout = _layout(repo, docs_root)
    held = open_draft(layout, lang, doc, update=update, force=force)
    return review(held, dict(translations) if translations is not None else dict(held.kept),
                  glossary=load_glossary(lang, glossary))


def write_draft(repo: Path | str = ".", lang: str = "ko", doc: str = "",
                translations: Mapping[str, str] | None = None, *, update: bool = False, force: bool = False,
                allow_errors: bool = False, expect: str | None = None, glossary: Path | str | None = None,
                docs_root: str = DEFAULT_DOCS_ROOT) -> DocOutcome:
    """Write a reviewed draft (see :func:`draft`) under the rules of :func:`translate`: only if it passes
    ``check``, or with ``allow_errors`` as a marked draft; ``expect`` (:attr:`DraftReview.before`): the
    file is not replaced if it changed since the draft was made. Raises :class:`RefusedError` otherwise."""
    from .check.segment_review import open_draft, write

    layout = _layout(repo, docs_root)
    held = open_draft(layout, lang, doc, update=update, force=force)
    result, done = write(held, dict(translations or {}), glossary=load_glossary(lang, glossary),
                         allow_errors=allow_errors, expect=expect)
    job = held.job
    return DocOutcome(job.en_rel, job.target, done.written, done.draft, job.note, [],
                      [f.as_dict() for f in result.findings if f.severity == "error"], done.backup,
                      dict(job.translations))


# ------------------------------------------------------------------------------------- toctree


@dataclass(slots=True)
class ToctreeResult:
    changes: list[TocChange]
    written: bool
    """The toctree file was changed on disk (False for a dry run or when nothing changed)."""

    def to_json(self) -> list[dict[str, object]]:
        """As ``toctree --format json`` prints it."""
        return [{"local": c.local, "action": c.action, "title": c.title, "line": c.line,
                 "created_groups": list(c.created_groups)} for c in self.changes]


def toctree(repo: Path | str = ".", lang: str = "ko", paths: Iterable[str] = (), *,
            docs_root: str = DEFAULT_DOCS_ROOT, no_llm: bool = False, provider: str | None = None,
            model: str | None = None, base_url: str | None = None, dry_run: bool = False,
            config: Config | None = None) -> ToctreeResult:
    """Add translated docs (default: every translated doc not listed yet) to ``lang``'s toctree.

    New group titles are translated by the provider unless ``no_llm`` (English titles are kept).
    """
    from .repo.toctree_edit import unlisted_docs, update_toctree

    layout = _layout(repo, docs_root)
    paths = list(paths)
    rels = [layout.resolve_doc_arg(p, lang)[1] for p in paths] if paths else unlisted_docs(layout, lang)
    if not rels:
        return ToctreeResult([], False)
    translate_titles = title_translator(layout.repo, lang, provider, model, no_llm=no_llm, base_url=base_url,
                                        config=config)
    tr, changes = update_toctree(layout, lang, rels, translate_titles=translate_titles, write=not dry_run)
    written = not dry_run and any(c.action in ("added", "replaced-placeholder") for c in changes)
    return ToctreeResult(changes, written)


# ------------------------------------------------------------------------------------- publish


@dataclass(slots=True)
class PublishResult:
    url: str
    number: int
    draft: bool
    branch: str
    title: str
    commits: list[str]

    def to_json(self) -> dict[str, object]:
        """As ``publish --format json`` prints it."""
        return {"url": self.url, "number": self.number, "draft": self.draft, "branch": self.branch,
                "title": self.title, "commits": list(self.commits)}


def github_client(config: Config):
    """A GitHub REST client with the token of ``GITHUB_TOKEN`` (or ``github.token``) and ``github.api_url``."""
    from .repo.github import API_URL, GitHubClient

    return GitHubClient(config.secret("GITHUB_TOKEN", "github.token"), config.get("github.api_url") or API_URL)


def publish(repo: Path | str = ".", lang: str = "ko", doc: str = "", *, docs_root: str = DEFAULT_DOCS_ROOT,
            fork: str | None = None, upstream: str | None = None, ready: bool = False, branch: str | None = None,
            no_llm: bool = False, provider: str | None = None, model: str | None = None,
            config: Config | None = None, progress: ProgressFn | None = None) -> PublishResult:
    """Check ``doc``'s translation, push it (and its toctree entry) to the fork, open a draft PR upstream.

    The GitHub token comes from ``GITHUB_TOKEN`` (or ``github.token`` in the config).
    """
    from .publish.pr import publish as publish_doc

    if not doc:
        raise RefusedError("no doc given", hint="name the doc to publish, e.g. fsdp.md")
    progress = progress or _no_progress
    layout = _layout(repo, docs_root)
    _, rel = layout.resolve_doc_arg(doc, lang)
    twin = layout.twin(rel, lang)
    if twin is not None and is_draft_file(layout.path(lang, twin)):
        raise RefusedError(f"{lang}/{twin} is a machine draft (its first line is the hfi18n draft mark)",
                           hint="finish the translation, run hfi18n check, delete the mark line, then publish")
    cfg = _config(layout, config)
    translate_titles = title_translator(layout.repo, lang, provider, model, no_llm=no_llm, config=cfg)
    with github_client(cfg) as client:
        result = publish_doc(layout, lang, doc, config=cfg, client=client, upstream=upstream, fork=fork,
                             ready=ready, branch=branch, translate_titles=translate_titles,
                             log=lambda m: progress(ProgressEvent(ProgressKind.LOG, doc, message=m)))
    return PublishResult(result.pull.html_url, result.pull.number, result.pull.draft, result.branch,
                         result.title, list(result.commits))


# ------------------------------------------------------------------------------------ glossary


@dataclass(slots=True)
class GlossaryResult:
    lang: str
    version: str
    terms: list[Term]
    total: int
    """Terms in the whole glossary."""
    prompt: str = ""
    """The glossary lines a translation request carries for these terms."""

    def to_tsv(self) -> str:
        """These terms in the glossary file format (loadable with ``--glossary``)."""
        return Glossary(self.lang, self.terms).dumps()

    def to_json(self) -> dict[str, object]:
        """As ``glossary show --format json`` prints it."""
        return {
            "lang": self.lang, "version": self.version,
            "terms": [{"source": t.source, "forms": list(t.forms), "target": t.target,
                       "keep_english": t.keep_english, "alternatives": list(t.alternatives), "notes": t.notes}
                      for t in self.terms],
        }


def glossary_lookup(lang: str = "ko", text: str | None = None, *, glossary: Path | str | None = None,
                    terms: Iterable[str] = ()) -> GlossaryResult:
    """The glossary of ``lang`` (the shipped one, or the TSV ``glossary``).

    ``text``: only the terms occurring in it (what a translation request for it would carry);
    ``terms``: only these English terms (exact source or form, case-insensitive).
    """
    g = load_glossary(lang, glossary, required=True)
    assert g is not None
    found = g.relevant(text) if text is not None else list(g.terms)
    wanted = {t.lower() for t in terms}
    if wanted:
        found = [t for t in found if {t.source.lower(), *(f.lower() for f in t.forms)} & wanted]
    return GlossaryResult(g.lang, g.version, found, len(g), g.prompt_lines(found) if found else "")


@dataclass(slots=True)
class GlossaryValidation:
    """A glossary file that loaded, and its suspicious rows."""

    name: str
    glossary: Glossary
    warnings: list[str]

    def to_json(self) -> dict[str, object]:
        g = self.glossary
        return {"name": self.name, "lang": g.lang, "version": g.version, "terms": len(g),
                "kept_in_english": sum(t.keep_english for t in g), "warnings": list(self.warnings)}


def glossary_validate(path: Path | str | None = None, lang: str = "ko") -> GlossaryValidation:
    """Load a glossary TSV (default: the one shipped for ``lang``) and lint it (duplicates, suspicious rows).

    A file that cannot be loaded raises :class:`InputError` with the line.
    """
    from .translate.glossary import lint

    g = Glossary.load(path) if path is not None else load_glossary(lang, required=True)
    assert g is not None
    return GlossaryValidation(str(path) if path is not None else str(g.path), g, lint(g))


@dataclass(slots=True)
class GlossaryUsageResult:
    """How the human translations of a repo render each glossary term (terms that occur only)."""

    rows: list
    """:class:`hfi18n.translate.aligned.TermUsage`, least followed first."""
    total_terms: int

    def to_json(self) -> list[dict[str, object]]:
        return [r.as_dict() for r in self.rows]


def glossary_usage(repo: Path | str = ".", lang: str = "ko", *, glossary: Path | str | None = None,
                   history: bool = True, docs_root: str = DEFAULT_DOCS_ROOT) -> GlossaryUsageResult:
    """For every term of the glossary, the aligned English/translated pairs where the English has it and
    how many use the required translation or each alternative (``history``: also align translations with
    the English of their time)."""
    from .translate.aligned import aligned_units, term_usage

    g = load_glossary(lang, glossary, required=True)
    assert g is not None
    rows = [r for r in term_usage(g, aligned_units(repo, lang, docs_root, history=history)) if r.occurrences]
    rows.sort(key=lambda r: (r.accepted / r.occurrences, -r.occurrences, r.term.source.lower()))
    return GlossaryUsageResult(rows, len(g))


@dataclass(slots=True)
class GlossaryMineResult:
    lang: str
    files: int
    units: int
    """Aligned English/translated pairs the proposals come from."""
    proposals: list

    def to_json(self) -> dict[str, object]:
        return {"lang": self.lang, "files": self.files, "aligned_pairs": self.units,
                "proposals": [p.as_dict() for p in self.proposals]}


def glossary_mine(repo: Path | str = ".", lang: str = "ko", *, min_count: int = 3, min_score: float = 0.3,
                  limit: int | None = None, history: bool = True, new_only: bool = False,
                  glossary: Path | str | None = None, docs_root: str = DEFAULT_DOCS_ROOT) -> GlossaryMineResult:
    """Propose glossary entries from the human translations already in a repo, for a human to curate.

    ``new_only`` leaves out terms the glossary (``glossary``, or the shipped one) already has.
    """
    from .translate.mine import mine

    result = mine(repo, lang, min_count=min_count, min_score=min_score, docs_root=docs_root, history=history)
    proposals = result.proposals
    if new_only:
        known = load_glossary(lang, glossary, required=True)
        assert known is not None
        proposals = [p for p in proposals if known.get(p.term) is None and not known.relevant(p.term)]
    if limit is not None:
        proposals = proposals[:limit]
    return GlossaryMineResult(lang, result.files, result.units, proposals)


# -------------------------------------------------------------------------------------- review


def review(repo: Path | str | None = ".", lang: str | None = "ko", paths: Iterable[str] = (), *,
           pr: str | None = None, post: bool = False, llm: bool = False, provider: str | None = None,
           model: str | None = None, base_url: str | None = None, glossary: Path | str | None = None,
           docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None,
           progress: ProgressFn | None = None) -> ReviewResult:
    """Review translated docs like a language team's reviewer: every check finding on its line,
    omissions and duplications, glossary consistency with the other docs, optionally an LLM review.

    Local files (``paths`` of ``lang`` in ``repo``), or the pull request ``pr`` (``OWNER/REPO#N`` or its
    URL; changed docs at the head, English at the base, via the GitHub API). ``post`` submits one COMMENT
    review on the PR (token from ``GITHUB_TOKEN``) and updates it on later runs.
    """
    from .review.service import run_review

    report = progress or _no_progress
    return run_review(repo, lang, paths, pr=pr, post=post, llm=llm, provider=provider, model=model,
                      base_url=base_url, glossary=glossary, docs_root=docs_root, config=config,
                      log=lambda m: report(ProgressEvent(ProgressKind.LOG, pr or "", message=m)))
