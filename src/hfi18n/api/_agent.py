"""``prepare_translation`` and ``submit_translation``: the calling agent translates, hfi18n prepares and validates.

See :mod:`hfi18n.translate.agent` for why. Nothing is sent anywhere: ``prepare`` reads the doc and writes
only the job file; ``submit`` validates each answer with the provider pipeline's own check
(:meth:`~hfi18n.translate.pipeline.Translator.take`: placeholders, chatter, fences, echo of the English,
target script), keeps what passes (job file and translation memory), and writes the doc through the write
gate of ``translate`` (:func:`hfi18n.write.segment_review.write`) once every segment passed and the
rendered doc passes ``check`` (or, with ``allow_errors``, as a marked draft).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..check.findings import ERROR
from ..doc import BlockKind
from ..errors import InputError, RefusedError
from ..fileio import digest
from ..glossary import Glossary
from ..lang.style import style_settings
from ..repo.layout import DEFAULT_DOCS_ROOT, SOURCE_LANG, DocsLayout, state_dir
from ..translate.agent import WRITTEN, AgentJob, AgentJobStore
from ..translate.batch import source_digest
from ..translate.memory import TranslationMemory
from ..translate.pipeline import AUTO, Translator
from ..translate.prompt import agent_rules, batch_terms
from ..translate.providers.client import ClientProvider
from ..write.segment_review import DraftDoc, open_draft, review, write
from ._common import _config, _layout, default_memory_path, load_glossary

MAX_SPAN_SHOWN = 120
"""Characters of a placeholder's source shown to the agent (a placeholder may stand for a long HTML tag)."""


MAX_UNKNOWN = 50
"""Ids that are not segments of the job: up to this many get a verdict each, more refuse the call (an
agent that mixed up two jobs; a hostile caller sending a million keys)."""


def agent_root(layout: DocsLayout) -> Path:
    """``<repo>/.git/hfi18n/agent-jobs`` (``<repo>/.hfi18n/hfi18n/agent-jobs`` without a ``.git`` folder)."""
    return state_dir(layout, "agent-jobs")


@dataclass(slots=True)
class PreparedTranslation:
    """What the agent needs to translate one doc: the segments, the rules, the glossary terms."""

    job: str
    lang: str
    doc: str
    target: str
    """The file that will be written, relative to the repository root."""
    rules: str
    segments: list[dict[str, object]]
    glossary: list[dict[str, object]]
    from_memory: int
    """Segments already translated (translation memory): not asked again."""
    kept: int = 0
    """An update: segments of unchanged English whose existing translation is kept."""
    as_is: int = 0
    """Segments with nothing to translate (an identifier only, ``### HF_HUB_OFFLINE``): kept as they are."""

    def to_json(self) -> dict[str, object]:
        return {"job": self.job, "lang": self.lang, "doc": self.doc, "target": self.target, "rules": self.rules,
                "segments": self.segments, "glossary": self.glossary, "from_memory": self.from_memory,
                "kept": self.kept, "as_is": self.as_is}


class SubmitState(str, enum.Enum):
    INCOMPLETE = "incomplete"
    """Some segments have no accepted translation yet: nothing written (see the verdicts)."""
    CHECK_FAILED = "check-failed"
    """Every segment passed, but the rendered doc fails ``check``: nothing written."""
    WRITTEN = "written"
    DRAFT = "draft"
    """Written as a marked draft (``allow_errors``)."""


@dataclass(slots=True)
class SubmitResult:
    job: str
    state: SubmitState
    verdicts: list[dict[str, object]]
    """One per submitted segment: ``{"id", "ok", "reason"}`` (reason: why to redo it)."""
    remaining: list[str]
    """Segments still to send (rejected or never sent)."""
    target: str
    written: bool
    note: str
    errors: list[dict[str, object]] = field(default_factory=list)
    """Check errors of the rendered doc."""

    def to_json(self) -> dict[str, object]:
        return {"job": self.job, "state": self.state.value, "written": self.written, "target": self.target,
                "note": self.note, "verdicts": self.verdicts, "remaining": self.remaining, "errors": self.errors}


def _open(layout: DocsLayout, job: AgentJob) -> DraftDoc:
    """The job's doc as it is now; refused when its English or its target changed since prepare."""
    draft = open_draft(layout, job.lang, job.doc, update=job.update)
    shown = draft.display_path
    if digest(draft.job.doc.source.encode("utf-8")) != job.english:
        raise RefusedError(f"docs/source/{SOURCE_LANG}/{job.doc} changed since prepare_translation (job {job.id})",
                           hint="call prepare_translation again: the segments may not be the ones translated")
    if draft.job.target_before != job.target:
        raise RefusedError(f"{shown} changed since prepare_translation (job {job.id}): it is not replaced",
                           hint="call prepare_translation again (with update=true for an existing translation)")
    return draft


def _translator(layout: DocsLayout, lang: str, gloss: Glossary | None, memory: Path | str | None) -> Translator:
    tm = TranslationMemory(memory or default_memory_path(layout))
    return Translator(ClientProvider(), lang, glossary=gloss, memory=tm, dedupe=False)


def _close(tr: Translator) -> None:
    if tr.memory is not None:
        tr.memory.close()
    tr.provider.close()


def prepare_translation(repo: Path | str = ".", lang: str = "ko", doc: str = "", *, update: bool = False,
                        glossary: Path | str | None = None, memory: Path | str | None = None,
                        docs_root: str = DEFAULT_DOCS_ROOT) -> PreparedTranslation:
    """The segments of ``doc`` for the calling agent to translate, with the rules and glossary terms.

    The doc is selected as :func:`translate` selects it (an existing translation only with ``update``,
    whose human segments of unchanged English are kept and not asked). Segments the translation memory
    knows are not asked either. Writes only the job file; sends nothing.
    """
    layout = _layout(repo, docs_root)
    team = style_settings(_config(layout, None), lang)  # the team's register and headings, in the rules
    draft = open_draft(layout, lang, doc, update=update)
    job = draft.job
    gloss = load_glossary(lang, glossary)
    tr = _translator(layout, lang, gloss, memory)
    try:
        kept = dict(job.translations)
        tr.lookup_memory([job])
    finally:
        _close(tr)
    found = {k: v for k, v in job.translations.items() if k not in kept and job.provenance.get(k) != AUTO}
    order = list(job.doc.segments())
    headings = {s.id for b in job.doc.blocks if b.kind is BlockKind.HEADING for s in b.segments}
    asked = {s.id for s in job.pending}
    segments: list[dict[str, object]] = []
    for i, seg in enumerate(order):
        if seg.id not in asked:
            continue
        entry: dict[str, object] = {"id": seg.id, "text": seg.text, "line": seg.line}
        if seg.id in headings:
            entry["heading"] = True
        if seg.spans:
            entry["placeholders"] = {k: v if len(v) <= MAX_SPAN_SHOWN else v[:MAX_SPAN_SHOWN] + "…"
                                     for k, v in seg.spans.items()}
        terms = batch_terms(gloss, [seg])
        if terms:
            entry["terms"] = [t.source for t in terms]
        if i and order[i - 1].id not in asked and seg.id not in headings:  # its neighbour is not listed
            entry["context"] = order[i - 1].text[-300:]
        segments.append(entry)
    glossary_terms = [{"source": t.source, "target": None if t.keep_english else t.target,
                       "keep_english": t.keep_english} for t in batch_terms(gloss, job.pending)]
    store = AgentJobStore(agent_root(layout))
    store.prune()
    # segments found in the memory count as accepted; listed, so that a submission may still replace them
    record = AgentJob(store.new_id(), lang, job.en_rel, update, digest(job.doc.source.encode("utf-8")),
                      job.target_before or "",
                      {s.id: source_digest(s.text) for s in order if s.id in asked or s.id in found}, found)
    store.save(record)
    return PreparedTranslation(record.id, lang, job.en_rel, draft.display_path, agent_rules(lang, team), segments,
                               glossary_terms, len(found), sum(job.provenance.get(k) != AUTO for k in kept),
                               sum(job.provenance.get(k) == AUTO for k in job.translations))


def submit_translation(repo: Path | str = ".", job: str = "", translations: Mapping[str, str] | None = None, *,
                       allow_errors: bool = False, glossary: Path | str | None = None,
                       memory: Path | str | None = None, docs_root: str = DEFAULT_DOCS_ROOT) -> SubmitResult:
    """Validate the agent's ``translations`` (segment id -> text) for ``job`` and write the doc once all pass.

    Each answer is checked as a provider's is; a rejected one comes back with the reason, accepted ones
    are kept (so the agent resends only what it must redo). Once every segment is accepted the doc is
    rendered and checked; it is written only if check passes, and a segment a check error points at is
    to be redone. ``allow_errors`` writes a marked draft instead, rejected segments left in English.
    Refused (:class:`RefusedError`) when the English or the target changed since prepare, or the job
    was written already.
    """
    layout = _layout(repo, docs_root)
    store = AgentJobStore(agent_root(layout))
    with store.locked(job):
        return _submit(layout, store, job, dict(translations or {}), allow_errors=allow_errors,
                       glossary=glossary, memory=memory)


def _submit(layout: DocsLayout, store: AgentJobStore, job: str, answers: dict[str, str], *, allow_errors: bool,
            glossary: Path | str | None, memory: Path | str | None) -> SubmitResult:
    record = store.load(job)
    if record.state == WRITTEN:
        raise RefusedError(f"translation job {job} was written already ({record.note})",
                           hint="call prepare_translation for a new job")
    if any(not isinstance(v, str) for v in answers.values()):
        raise InputError("every translation must be a string (segment id -> translated text)")
    unknown = [k for k in answers if k not in record.segments]
    if len(unknown) > MAX_UNKNOWN:
        raise InputError(f"{len(unknown)} of the {len(answers)} ids are not segments of job {job} "
                         f"(e.g. {unknown[0]!r})", hint="send the ids prepare_translation listed (s1, s2, ...)")
    draft = _open(layout, record)
    gloss = load_glossary(record.lang, glossary)
    segs = {s.id: s for s in draft.job.doc.segments() if s.id in record.segments}
    verdicts: list[dict[str, object]] = [{"id": k, "ok": False, "reason": "no such segment in this job"}
                                         for k in answers if k not in segs]
    asked = [segs[k] for k in answers if k in segs]
    tr = _translator(layout, record.lang, gloss, memory)
    try:
        rejected = tr.take(draft.job, asked, answers, agent=True)
    finally:
        _close(tr)
    for seg in asked:
        if seg.id in rejected:
            record.accepted.pop(seg.id, None)
        else:
            record.accepted[seg.id] = answers[seg.id]
        verdicts.append({"id": seg.id, "ok": seg.id not in rejected, "reason": rejected.get(seg.id)})
    shown = draft.display_path
    if record.remaining and not allow_errors:
        store.save(record)
        return SubmitResult(record.id, SubmitState.INCOMPLETE, verdicts, record.remaining, shown, False,
                            f"not written: {len(record.remaining)} segment(s) still to translate")
    texts = {**draft.kept, **record.accepted}
    checked = review(draft, texts, glossary=gloss)
    errors = [f.as_dict() for f in checked.findings if f.severity == ERROR]
    if errors and not allow_errors:
        blamed = {s.id: s.findings for s in checked.segments
                  if s.id in record.accepted and any(f.severity == ERROR for f in s.findings)}
        for sid, found in blamed.items():
            record.accepted.pop(sid)
            reason = "check: " + "; ".join(f.message for f in found if f.severity == ERROR)
            verdicts = [v for v in verdicts if v["id"] != sid] + [{"id": sid, "ok": False, "reason": reason}]
        store.save(record)
        return SubmitResult(record.id, SubmitState.CHECK_FAILED, verdicts, record.remaining, shown, False,
                            "not written: check found errors" + ("" if blamed else " outside the segments "
                                                                 "(submit with allow_errors for a marked draft)"),
                            errors)
    _, done = write(draft, texts, glossary=gloss, allow_errors=allow_errors, expect=record.target)
    record.state, record.note = WRITTEN, draft.job.note
    store.save(record)
    return SubmitResult(record.id, SubmitState.DRAFT if done.draft else SubmitState.WRITTEN, verdicts,
                        record.remaining, shown, True, draft.job.note, errors)

