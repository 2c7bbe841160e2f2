"""A translation held for review before it is written: segment by segment, with findings and glossary terms.

The web app translates a doc without writing it, shows each English segment beside its translation,
lets the translator edit any of them, re-checks at once and writes only when asked. This module is that
review model, on the same data as ``translate``:

* :func:`open_draft` selects the doc exactly as ``translate`` does (a new doc; ``update``: the outdated
  translation with its human segments kept; ``force``: a replacement), so the same refusals apply;
* :func:`review` renders the given segment translations, runs ``check`` (with the update's baseline,
  as ``translate --update`` does), attaches each finding to the segment whose lines it concerns, and
  lists the glossary terms of each segment with the expected rendering;
* :func:`write` writes the file through the write gate of ``translate`` (:func:`.gate.write_job`): only
  if check passes, or as a marked draft when the translator says so; an existing translation is replaced
  only by an update or ``force`` (with a backup), and only if it is still the file the draft was made
  from.

Segment texts may be in placeholder form (``⟦1⟧``, as a provider returns them) or in display form (the
protected spans written out, as a translator edits them): rendering puts placeholders back and leaves
other text as it is, so both render the same file.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..check.findings import ERROR, Finding, has_errors
from ..check.mark import check_mark
from ..check.source import skip_broken_english
from ..check.style import StyleRun
from ..doc import PLACEHOLDER_RE, Segment, parse
from ..doc.draft import mark_draft
from ..errors import RefusedError
from ..glossary import Glossary
from ..origin import Origin
from ..repo.layout import DocsLayout
from ..repo.ledger import segment_hash
from ..repo.signoff import read_record
from ..translate.pipeline import BEFORE, DocJob, SegmentFailure
from ..translate.service import select_docs
from ..translate.update import UpdatePlan
from ..translate.validate import as_is as needs_no_translation
from .gate import Backups, WriteResult, render_checked, set_update_baseline, write_job, written_form

NOT_TRANSLATED = "not translated (the run was stopped or the segment failed)"


@dataclass(slots=True, frozen=True)
class TermNote:
    """A glossary term of an English segment and whether the translation renders it as expected."""

    source: str
    expected: str
    """The required translation, or ``keep in English``."""
    present: bool
    where: tuple[tuple[int, int], ...] = ()
    """``(start, end)`` of each occurrence in the English segment (display form), for highlighting."""

    def to_json(self) -> dict[str, object]:
        return {"source": self.source, "expected": self.expected, "present": self.present,
                "where": [list(w) for w in self.where]}


@dataclass(slots=True)
class DraftSegment:
    """One segment: the English and its translation in display form, where it lands, what is wrong."""

    id: str
    line: int
    """Line of the segment in the English doc."""
    target_line: int
    """First and last line of the segment in the rendered translation."""
    target_end: int
    english: str
    translation: str
    """The translation in display form (empty when the segment is not translated)."""
    origin: Origin
    changed: bool
    """An update: the English of this segment was added or changed since the base."""
    findings: list[Finding] = field(default_factory=list)
    terms: list[TermNote] = field(default_factory=list)
    previous_english: str = ""
    """An update, a changed segment: its English at the base (display form), to diff with today's."""
    previous_translation: str = ""
    """An update, a changed segment: the human translation of :attr:`previous_english` (display form)."""
    alternative: dict[str, object] | None = None
    """``translate --second-model``: a second model's draft to pick instead (``text`` in display form,
    ``model``, ``reasons``: :mod:`hfi18n.translate.second`)."""

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "line": self.line, "target_line": self.target_line, "target_end": self.target_end,
                "english": self.english, "translation": self.translation, "origin": self.origin.value,
                "changed": self.changed, "findings": [f.as_dict() for f in self.findings],
                "terms": [t.to_json() for t in self.terms], "previous_english": self.previous_english,
                "previous_translation": self.previous_translation, "alternative": self.alternative}


@dataclass(slots=True)
class DraftDoc:
    """One doc opened for drafting: its job (English doc, target, kept human segments) and update facts."""

    layout: DocsLayout
    lang: str
    job: DocJob
    kept: dict[str, str]
    """Segment id -> the human translation an update keeps."""
    update: UpdatePlan | None = None
    base_english: str = ""
    """The English the existing translation was made from (an update), for the diff shown to the user."""
    force: bool = False

    @property
    def display_path(self) -> str:
        return self.layout.rel_to_repo(self.job.target)


@dataclass(slots=True)
class DraftReview:
    """A rendered draft, its check findings and its segments."""

    doc: str
    """English path relative to the language folder."""
    target: str
    """The translated file, relative to the repository root."""
    text: str
    findings: list[Finding]
    segments: list[DraftSegment]
    other_findings: list[Finding]
    """Findings on no segment: a whole-file problem, a code block, a tag line."""
    exists: bool
    """The translated file exists already (an update or a replacement)."""
    update: dict[str, object] | None = None
    """An update: ``base`` commit, ``kept``, ``changed``, ``removed`` segment counts and ``english_diff``."""
    before: str = ""
    """:func:`hfi18n.fileio.snapshot` of the target when the draft was opened (pass it back to :func:`write`)."""
    english: str = ""
    """The English doc's text, for a rendered preview beside :attr:`text`."""

    @property
    def ok(self) -> bool:
        return not has_errors(self.findings)

    @property
    def untranslated(self) -> int:
        """Segments left in English: writing the draft makes a marked draft."""
        return sum(s.origin is Origin.ENGLISH for s in self.segments)

    @property
    def errors(self) -> int:
        return sum(f.severity == ERROR for f in self.findings)

    def to_json(self) -> dict[str, object]:
        return {"doc": self.doc, "target": self.target, "ok": self.ok, "errors": self.errors,
                "untranslated": self.untranslated,
                "exists": self.exists, "update": self.update, "before": self.before,
                "findings": [f.as_dict() for f in self.findings],
                "other_findings": [f.as_dict() for f in self.other_findings],
                "segments": [s.to_json() for s in self.segments], "text": self.text}


def open_draft(layout: DocsLayout, lang: str, doc: str, *, update: bool = False, force: bool = False) -> DraftDoc:
    """Select ``doc`` as ``translate`` would; a doc ``translate`` would skip raises :class:`RefusedError`."""
    sel = select_docs(layout, lang, [doc], update=update, force=force)
    skip_broken_english(layout, sel)
    if sel.skipped:
        raise RefusedError(f"{sel.skipped[0].en_rel}: {sel.skipped[0].reason}")
    job = sel.jobs[0]
    plan = sel.updates.get(job.en_rel)
    if plan is None:
        return DraftDoc(layout, lang, job, {}, force=force)
    set_update_baseline(job, plan.translation, file=layout.rel_to_repo(job.target), lang=lang,
                        base_english=plan.base_english)
    return DraftDoc(layout, lang, job, dict(job.translations), plan, plan.base_english, force)


def display(seg: Segment, text: str) -> str:
    """``text`` (a translation of ``seg``, or its English) with placeholders written out as their spans."""
    return PLACEHOLDER_RE.sub(lambda m: seg.spans.get(m.group(0), m.group(0)), text)


def _lines(draft: DraftDoc, translations: dict[str, str]) -> dict[str, tuple[int, int]]:
    """Segment id -> (first, last) line in the rendered translation (headings' anchors add no lines)."""
    out: dict[str, tuple[int, int]] = {}
    line = 1 + draft.job.block_overrides.get(BEFORE, "").count("\n")
    for i, block in enumerate(draft.job.doc.blocks):
        kept = draft.job.block_overrides.get(i)
        if kept is not None:  # text kept from the translation (``""``: in the override of a block before)
            out.update({seg.id: (line, line + kept.rstrip("\n").count("\n")) for seg in block.segments})
            line += kept.count("\n")
            continue
        for part in block.parts:
            if isinstance(part, str):
                line += part.count("\n")
                continue
            rendered = part.restore(translations.get(part.id))
            out[part.id] = (line, line + rendered.count("\n"))
            line += rendered.count("\n")
    return out


def _lost_here(finding: Finding, seg: Segment, translation: str) -> bool:
    """Does a whole-file finding (``link to X appears 1 more time(s) in the English``) concern ``seg``: one of
    its protected spans (a link target, a reference, inline code) is the finding's English
    (:attr:`~hfi18n.check.findings.Finding.english`, not its message: a span that happened to be a word
    of the message, ``English``, matched) and is missing from the segment's translation?"""
    if not translation:
        return False
    for span in seg.spans.values():
        core = span.strip("[]()`! ")
        if len(core) >= 3 and finding.english and core in finding.english and span not in translation:
            return True
    return False


def _prose(seg: Segment) -> str:
    """The English of ``seg`` in display form with every protected span (inline code, a link target, a
    reference) blanked out: glossary terms are looked for in the prose only (as the translation request
    does), at their display positions."""
    return PLACEHOLDER_RE.sub(lambda m: " " * len(seg.spans.get(m.group(0), m.group(0))), seg.text)


def _terms(glossary: Glossary | None, english: str, translation: str) -> list[TermNote]:
    """Glossary terms of ``english`` (display form, protected spans blanked: :func:`_prose`), where they
    occur, and whether ``translation`` has them."""
    if glossary is None:
        return []
    where: dict[int, list[tuple[int, int]]] = {}
    terms = {}
    for m in glossary.matches(english):
        where.setdefault(id(m.term), []).append((m.start, m.end))
        terms[id(m.term)] = m.term
    return [TermNote(t.source, "keep in English" if t.keep_english else str(t.target),
                     bool(translation) and glossary.present(t, translation), tuple(where[k]))
            for k, t in terms.items()]


def _signed_forms(draft: DraftDoc) -> set[str]:
    """How the segments of the existing page a reviewer signed off show (:func:`written_form`): kept machine
    text among them is reviewed text, not text waiting for review."""
    if draft.update is None:
        return set()
    rel = Path(os.path.relpath(draft.job.target, draft.layout.lang_dir(draft.lang))).as_posix()
    record = read_record(draft.layout, draft.lang, rel)
    if record is None or record.signoff is None:
        return set()
    return {written_form(s.text, s.spans) for s in draft.update.translation.segments()
            if segment_hash(s.text) in record.signoff.segments}


def review(draft: DraftDoc, translations: dict[str, str], *, glossary: Glossary | None = None,
           pseudo: bool = False, style: StyleRun | None = None,
           alternatives: Mapping[str, Mapping[str, object]] | None = None) -> DraftReview:
    """Render ``draft`` with ``translations`` (segment id -> text), check it (``style``: the team's style
    too), and pair findings with segments; ``alternatives``: segment id -> a second model's draft
    (``text`` in placeholder or display form, ``model``, ``reasons``), shown beside the segment's.

    ``pseudo``: the ``pseudo`` test double made the translations. The page is then written only with the
    mark of test output, which ``check`` reports as an error (:func:`hfi18n.check.mark.check_mark`); the
    review reports the same error on the file, so the web app's Write tab said "check passes" no more for
    a page ``check`` calls ``error [pseudo]`` once written (issue 33, item 9: one answer)."""
    job = draft.job
    as_is = {s.id: s.text for s in job.doc.segments() if needs_no_translation(s, glossary)}
    job.translations = {**as_is, **{k: v for k, v in translations.items() if v}}
    _release_edited_beads(draft, job.translations, as_is)
    text = render_checked(job, lang=draft.lang, display_path=draft.display_path, glossary=glossary, style=style)
    spans = _lines(draft, job.translations)
    pending = {s.id for s in draft.update.job.pending} if draft.update else set()
    signed = _signed_forms(draft)
    segments: list[DraftSegment] = []
    placed: set[int] = set()
    in_kept_passage = {seg.id: job.block_overrides[i] for i, block in enumerate(job.doc.blocks)
                       if i in job.block_overrides for seg in block.segments}
    for seg in job.doc.segments():
        start, end = spans[seg.id]
        tr = job.translations.get(seg.id, "")
        human = draft.kept.get(seg.id)
        english, shown = display(seg, seg.text), display(seg, tr) if tr else ""
        if not tr and seg.id in job.given and seg.id in in_kept_passage:
            # a passage the update kept as the translator wrote it (two English paragraphs merged into
            # one): its segments have no translation of their own, yet they are done; counted as English
            # they made a finished update a marked draft and showed the translator's text as missing
            origin = job.provenance.get(seg.id, Origin.HUMAN)
            shown = in_kept_passage[seg.id].strip()
        else:
            kept = human is not None and display(seg, human) == display(seg, tr)
            waiting = job.provenance.get(seg.id) is Origin.MACHINE and written_form(tr, seg.spans) not in signed
            origin = (Origin.ENGLISH if not tr else
                      # kept text is the human's (or signed off), or machine text waiting for review (the record)
                      (Origin.MACHINE if waiting else Origin.HUMAN) if kept else
                      Origin.AS_IS if seg.id in as_is and tr == seg.text else Origin.MACHINE)
        mine = [f for f in job.findings if start <= f.line <= end or (f.line == 0 and _lost_here(f, seg, shown))]
        placed.update(id(f) for f in mine)
        old = draft.update.previous.get(seg.id) if draft.update else None
        alt = (alternatives or {}).get(seg.id)
        segments.append(DraftSegment(seg.id, seg.line, start, end, english, shown, origin, seg.id in pending, mine,
                                     _terms(glossary, _prose(seg), shown),
                                     display(old[0], old[0].text) if old else "",
                                     display(old[1], old[1].text) if old else "",
                                     {"text": display(seg, str(alt.get("text", ""))), "model": str(alt.get("model", "")),
                                      "reasons": [str(r) for r in alt.get("reasons", ()) or ()]}  # type: ignore[union-attr]
                                     if alt and alt.get("text") else None))
    update = None
    if draft.update is not None:
        u = draft.update
        diff = "".join(difflib.unified_diff(draft.base_english.splitlines(keepends=True),
                                            job.doc.source.splitlines(keepends=True),
                                            f"en/{job.en_rel} @ {u.base_commit[:10]}", f"en/{job.en_rel} today", n=1))
        update = {"base": u.base_commit, "kept": u.kept, "changed": u.changed, "removed": u.removed,
                  "kept_human": u.kept_human, "kept_machine": u.kept_machine, "english_diff": diff}
    marked = check_mark(parse(mark_draft(text, pseudo=True)), draft.display_path) if pseudo else []
    return DraftReview(job.en_rel, draft.display_path, text, [*marked, *job.findings], segments,
                       [*marked, *(f for f in job.findings if id(f) not in placed)], job.target.exists(), update,
                       job.target_before or "", job.doc.source)


def _release_edited_beads(draft: DraftDoc, translations: dict[str, str], as_is: dict[str, str]) -> None:
    """Let an edit of a segment the update kept byte for byte reach the page, or refuse it.

    ``--update`` keeps a translator's unchanged passage as text (:attr:`DocJob.block_overrides`: the
    passage on its first block, ``""`` on the others), and that text wins over segment translations when
    the page is rendered. So an edit made in the review of such a segment was shown in the table but never
    rendered, checked or written: the web app's review test broke a link in a kept paragraph and no check
    saw it, and **Write** would have dropped the edit silently. Here the passage of each edited segment is
    rendered from its segments instead, but only when that rendering, before the edit, gives the kept text
    byte for byte (a passage the translator merged, split or wrote around has no such segments): otherwise
    the edit is refused, and nothing of the human text is lost either way.

    A segment that needs no translation (``as_is``: ``**GPU**`` in a table header) given as it is is no edit:
    in a passage a translator cut (a table cut in the middle, then the rest of the file), every such segment
    of the cut rows was taken for one and the web app refused to open a page status calls outdated (issue 31,
    property harness)."""
    job, kept = draft.job, draft.kept
    overrides = job.block_overrides
    if not overrides:
        return
    where = {seg.id: (i, seg) for i, block in enumerate(job.doc.blocks) for seg in block.segments}
    released: set[int] = set()
    for sid, text in list(translations.items()):
        i, seg = where.get(sid, (None, None))
        if i is None or seg is None or i not in overrides or i in released:
            continue
        if sid not in kept and display(seg, text).strip() == overrides[i].strip():
            del translations[sid]  # the kept passage shown on its first segment, sent back unchanged
            continue
        if sid in kept and display(seg, text) == display(seg, kept[sid]):  # the web app sends display form
            continue
        if sid not in kept and sid in as_is and text == as_is[sid]:  # needs no translation, as it is
            continue
        start = i
        while overrides.get(start) == "" and start - 1 in overrides:
            start -= 1
        end = start
        while overrides.get(end + 1) == "":
            end += 1
        run = range(start, end + 1)
        blocks = [job.doc.blocks[k] for k in run]
        if "".join(b.render(kept) for b in blocks) != "".join(overrides[k] for k in run) or any(
                seg.id not in kept for b in blocks for seg in b.segments):
            raise RefusedError(
                f"segment {sid} is in a passage the update kept as the translator wrote it (merged, split or "
                f"with text of their own around it), so an edit here would replace the whole passage",
                hint="edit that passage in the file itself, then check it again")
        for k in run:
            del overrides[k]
        released.update(run)


def write(draft: DraftDoc, translations: dict[str, str], *, glossary: Glossary | None = None,
          allow_errors: bool = False, expect: str | None = None, pseudo: bool = False,
          style: StyleRun | None = None) -> tuple[DraftReview, WriteResult]:
    """Write the draft through the write gate: if it passes check, or with ``allow_errors`` as a marked draft.
    Segments with no translation (a stopped run, a failed segment) are left in English and, as in
    ``translate``, make the file a marked draft: it is never written as if it were finished.

    ``expect``: the :func:`hfi18n.fileio.snapshot` of the target when the draft was made (``DraftReview.before``);
    the file is not replaced if it changed since. Raises :class:`RefusedError` when nothing was written.
    """
    result = review(draft, translations, glossary=glossary, pseudo=pseudo, style=None if pseudo else style)
    draft.job.failures = [SegmentFailure(draft.job.en_rel, s.id, s.line, NOT_TRANSLATED)
                          for s in result.segments if s.origin is Origin.ENGLISH]
    if expect is not None:
        draft.job.target_before = expect
    backups = Backups(draft.layout) if draft.force and draft.update is None else None
    done = write_job(draft.job, draft.layout, lang=draft.lang, glossary=glossary, allow_errors=allow_errors,
                     backups=backups, pseudo=pseudo, style=style)
    if not done.written:
        hint = ("fix the segments the findings point at, or write it as a marked draft"
                if not result.ok else "translate it again")
        raise RefusedError(f"{result.target}: {draft.job.note}", hint=hint)
    return result, done
