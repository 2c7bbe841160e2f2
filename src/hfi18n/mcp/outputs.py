"""Structured outputs of the MCP tools: pydantic models the SDK turns into each tool's ``outputSchema``.

Each model is filled from the ``to_json()`` of a :mod:`hfi18n.api` result (the shapes the CLI prints with
``--format json``), so the three interfaces report the same fields. Per-doc status rows and per-doc plan
rows stay plain objects: their keys are the ones documented by ``hfi18n status --format json``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from .. import api


class Finding(BaseModel):
    file: str = Field(description="translated file, relative to the repository root")
    line: int = Field(description="1-based line in the translated file (0: the whole file)")
    check: str = Field(description="name of the check, e.g. anchors, code, links")
    severity: str = Field(description="error (broken or lost content) or warning (worth a look)")
    message: str = Field(description="what is wrong and what to do")


class LanguageSummary(BaseModel):
    lang: str
    english_docs: int
    counts: dict[str, int] = Field(description="docs per state: up-to-date, outdated, missing, in-progress, orphaned")
    translated: int
    coverage: float = Field(description="percent of English docs with a translation")
    up_to_date_pct: float


class StatusOutput(BaseModel):
    head: str = Field(description="commit the status was computed at")
    pr_note: str = Field(description="how detection of open translation PRs went")
    languages: list[LanguageSummary]
    docs: list[dict[str, Any]] = Field(
        description="one row per (language, doc): lang, path, state, commits_behind, sections_changed, "
                    "in_progress, rank (1 = translate first) and more")


class NextDocsOutput(BaseModel):
    lang: str
    pr_note: str
    docs: list[dict[str, Any]] = Field(description="status rows, most useful first (rank 1, 2, ...)")


class CheckOutput(BaseModel):
    files: int = Field(description="translated files checked")
    errors: int
    warnings: int
    ok: bool = Field(description="no errors")
    findings: list[Finding]


class Skip(BaseModel):
    path: str
    reason: str


class PlanOutput(BaseModel):
    model: str | None = Field(description="model the estimate is for (none when no provider is configured: the "
                                          "costs per model say what each would cost)")
    files: int
    segments: int = Field(description="segments to translate")
    cached: int = Field(description="segments already in the translation memory (free)")
    duplicates: int = Field(default=0, description="segments repeating another segment's text: sent once, "
                                                   "they take its translation (segments = cached + duplicates + "
                                                   "what is sent)")
    requests: int
    chars: int
    tokens_in: int
    tokens_out: int
    costs_usd: dict[str, float | None] = Field(description="estimated cost per model, in US dollars (None: unknown)")
    docs: list[dict[str, Any]] = Field(description="the same numbers per doc")
    updates: dict[str, dict[str, Any]] = Field(description="per doc updated incrementally: kept, changed, removed")
    skipped: list[Skip] = Field(description="docs not planned, with the reason (e.g. already translated)")


class CheckSummary(BaseModel):
    ok: bool = Field(description="the written translation has no check errors")
    errors: int
    findings: list[Finding] = Field(description="the check errors of the translation")


class FailedSegment(BaseModel):
    line: int = Field(description="line of the segment in the English doc")
    reason: str = Field(description="why every attempt was refused; the segment stays in English")


class TranslateOutput(BaseModel):
    doc: str = Field(description="the English doc, relative to the language folder")
    path: str | None = Field(description="the translated file, relative to the repository root")
    written: bool
    draft: bool = Field(description="written with a draft marker (check errors or failed segments)")
    note: str = Field(description="what happened to the file, in words")
    check: CheckSummary
    failed_segments: list[FailedSegment]
    summary: str | None = Field(default=None, description="what the run did: kept human/machine segments, "
                                "translated, comments carried, left unfinished (the CLI's words)")
    model: str
    segments: int
    from_memory: int
    duplicates: int = Field(default=0, description="segments repeating another's text (translated once)")
    translated: int
    requests: int
    tokens_in: int
    tokens_out: int
    cost_usd: float | None
    cancelled: bool
    update: dict[str, Any] | None = Field(
        default=None, description="for an incremental update: segments kept, changed, removed")
    second_model: dict[str, Any] | None = Field(
        default=None, description="with second_model: its model, requests, tokens, cost and how many second drafts "
                                  "were kept")
    second_drafts: list[dict[str, Any]] = Field(
        default_factory=list, description="with second_model: per segment (id, line), the English, the first draft "
                                          "(written), the second model's draft and why it was kept; show both "
                                          "to the translator")


class Approval(BaseModel):
    doc: str = Field(description="the translated doc, relative to the language folder")
    approved: bool
    reason: str = Field(description="why it was refused (empty when approved)")
    kind: str = Field(description="why it was refused, as a key: draft, check_errors, english_left, changed")
    errors: list[Finding] = Field(description="the check errors that refused it")
    signoff: dict[str, str] | None = Field(description="by, at, english_commit of the sign-off recorded")
    record: str = Field(description="the review record written, relative to the repository")
    notice_removed: bool
    mark_removed: bool
    english_commits_since: int = Field(description="English commits since the version the page follows")


class ApproveOutput(BaseModel):
    ok: bool = Field(description="every page was approved")
    pages: list[Approval]


class TocChange(BaseModel):
    local: str
    action: str = Field(description="added, replaced-placeholder, present or not-in-english")
    title: str
    line: int
    created_groups: list[str]


class ToctreeOutput(BaseModel):
    written: bool = Field(description="_toctree.yml was changed on disk")
    changes: list[TocChange]
    problems: list[Finding] = Field(description="problems of the language's _toctree.yml after the change")


class PublishOutput(BaseModel):
    url: str = Field(description="the pull request (empty in a dry run)")
    number: int = Field(description="the pull request's number (0 in a dry run)")
    draft: bool
    branch: str
    title: str
    commits: list[str]
    body: str = Field("", description="the pull request's body, exactly as posted (or as it would be)")
    head: str = Field("", description="fork_owner:branch the pull request comes from")
    base: str = Field("", description="the branch the pull request goes to")
    dry_run: bool = Field(False, description="nothing was pushed or posted")


class Term(BaseModel):
    source: str
    forms: list[str]
    target: str | None = Field(description="the required translation (None when the term stays English)")
    keep_english: bool
    alternatives: list[str]
    notes: str


class GlossaryOutput(BaseModel):
    lang: str
    version: str
    total: int = Field(description="terms in the whole glossary")
    terms: list[Term]
    prompt: str = Field(description="the glossary lines a translation request carries for these terms")


class ReviewOutput(BaseModel):
    source: str = Field(description="what was reviewed: local files, or owner/name#N")
    counts: dict[str, int] = Field(description="findings per kind (check, glossary, ...)")
    docs: list[dict[str, Any]] = Field(
        description="per translated doc: file, english_file, counts, findings (file, line, kind, rule, severity, "
                    "message, fix {old, new}, english_line), checked, not_checked")
    skipped: list[str] = Field(description="changed files not reviewed, with the reason")
    pull: str | None = Field(default=None, description="the pull request reviewed")
    posted: dict[str, Any] | None = Field(default=None, description="the review posted on the PR (with post=true)")


class DocResult(BaseModel):
    doc: str = Field(description="the English doc, relative to the language folder")
    path: str | None = Field(description="the translated file, relative to the repository root (None: not written)")
    written: bool
    draft: bool
    note: str
    check: CheckSummary
    failed_segments: list[FailedSegment]
    summary: str | None = Field(default=None, description="what the run did: kept human/machine segments, "
                                "translated, comments carried, left unfinished (the CLI's words)")


class BatchJobOutput(BaseModel):
    job: str = Field(description="the batch job id (for batch_status, batch_collect, batch_cancel)")
    state: str = Field(description="submitted, running, resubmitted, done, already-collected, cancelling or "
                                   "cancelled")
    provider: str
    model: str
    rounds: list[dict[str, Any]] = Field(description="each batch sent: round, batch_id, status, counts, requests")
    usage: dict[str, float] = Field(description="requests, tokens and cost_usd over every round (batch price)")
    message: str
    skipped: list[Skip]
    docs: list[DocResult] = Field(description="docs written by a collect")


class BatchStatusOutput(BaseModel):
    jobs: list[BatchJobOutput]


class PreparedSegment(BaseModel):
    id: str = Field(description="segment id: the key of its translation in submit_translation")
    text: str = Field(description="the English prose to translate; each ⟦n⟧ placeholder stays exactly once")
    line: int = Field(description="line of the segment in the English doc")
    heading: bool = Field(default=False, description="a heading: translate the title only, no [[anchor]]")
    placeholders: dict[str, str] = Field(default_factory=dict, description="what each placeholder stands for "
                                                                           "(read-only)")
    terms: list[str] = Field(default_factory=list, description="glossary terms occurring in the segment")
    context: str | None = Field(default=None, description="the English just before it (read-only), when that "
                                                          "is not a segment of this list")


class GlossaryEntry(BaseModel):
    source: str
    target: str | None = Field(description="the required translation (None: keep the term in English)")
    keep_english: bool


class PrepareOutput(BaseModel):
    job: str = Field(description="the job id to give submit_translation")
    lang: str
    doc: str = Field(description="the English doc, relative to the language folder")
    target: str = Field(description="the file submit_translation writes, relative to the repository root")
    rules: str = Field(description="how to translate: rules and the language's style")
    segments: list[PreparedSegment] = Field(description="what to translate, in doc order")
    glossary: list[GlossaryEntry] = Field(description="the glossary terms occurring in the segments")
    from_memory: int = Field(description="segments already translated (translation memory), not listed")
    kept: int = Field(description="an update: segments of unchanged English keeping their translation, not "
                                  "listed")
    as_is: int = Field(default=0, description="segments with nothing to translate (identifiers only), not listed")
    next_step: str


class Verdict(BaseModel):
    id: str
    ok: bool = Field(description="the translation was accepted")
    reason: str | None = Field(description="why to redo it")


class SubmitOutput(BaseModel):
    job: str
    state: str = Field(description="incomplete (segments to redo or still to send; nothing written), "
                                   "check-failed (nothing written), written, or draft (written with a draft mark)")
    written: bool
    target: str = Field(description="the translated file, relative to the repository root")
    note: str
    verdicts: list[Verdict] = Field(description="one per submitted segment")
    remaining: list[str] = Field(description="segment ids still to send (redo the rejected ones)")
    errors: list[dict[str, Any]] = Field(description="check errors of the rendered doc")


# ------------------------------------------------------------- filling the models from api results


def doc_result(root: Path, d: api.DocOutcome) -> dict[str, Any]:
    """One doc of a run, with its path relative to the repository."""
    path = d.target.relative_to(root).as_posix() if d.target.is_relative_to(root) else str(d.target)
    return {"doc": d.path, "path": path if d.written else None, "written": d.written, "draft": d.draft,
            "note": d.note, "check": {"ok": not d.errors, "errors": len(d.errors), "findings": d.errors},
            "failed_segments": d.failures, "summary": d.summary.text() if d.summary else None}


def batch_job(root: Path, res: api.BatchJobResult) -> dict[str, Any]:
    data = res.to_json()
    data["docs"] = [doc_result(root, d) for d in res.docs]
    return data


def check_summary(findings: list[dict[str, Any]], files: int) -> dict[str, Any]:
    errors = sum(f["severity"] == "error" for f in findings)
    return {"files": files, "errors": errors, "warnings": len(findings) - errors, "ok": errors == 0,
            "findings": findings}
