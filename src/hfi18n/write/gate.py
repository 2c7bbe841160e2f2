"""The write gate: a translation reaches the disk only whole, checked, and over nothing it did not read.

:func:`write_job` is the one place a machine translation is written (the CLI, the web app and the MCP
server all come here through :mod:`hfi18n.api`):

0. every segment about to be written is judged again, whoever wrote it (:func:`gate_segments`): the
   English left as it was, or letters of a script the language does not use, make it a failed segment
   (left in English, the page a marked draft with the reasons), however short it is. The web app's write
   step recorded an all-English page as finished, and ``submit_translation`` took English echoes of
   short headings (issue 23, issue 25);
1. the doc is rendered from its segments (:func:`hfi18n.translate.pipeline.render_translation`) and
   checked against the English (:func:`hfi18n.check.runner.check_pair`);
2. a doc none of whose segments was translated is never written (a run where every request failed
   must not write the English as the translation; for ``--update``: must not turn the human file into
   a draft), nor one whose run was cancelled before all its segments were sent;
3. a doc with check errors is written only when the user allows it, and then, like a doc with
   segments left in English, only as a marked draft (:data:`hfi18n.doc.draft.DRAFT_MARK`);
4. the file is replaced only if it is still what the run started from (:attr:`DocJob.target_before`,
   compared atomically by :func:`hfi18n.fileio.atomic_write`), ``--force`` and the web app's "replace"
   included: a save made during the run wins. (The expected content used to be taken when the backup was
   made, at write time, so ``--force`` replaced a human save made while the run was translating.) The
   file is copied to a backup folder of its own first (:class:`Backups`);
5. output of the ``pseudo`` provider (``pseudo=True``, a test double) is always a draft with its own
   mark (:data:`hfi18n.doc.draft.PSEUDO_MARK`) and never replaces a file that is not itself pseudo
   output: ``translate --update --provider pseudo`` used to overwrite a human paragraph with scrambled
   letters and write the page unmarked (issue 23);
6. every write is recorded in the run ledger (:mod:`hfi18n.repo.ledger`): the English it follows and
   which segments the machine wrote, so ``status`` and the next ``--update`` know; and in the page's
   review record in the repository (:mod:`hfi18n.repo.signoff`), which a fresh clone reads too;
7. a page that will hold machine text no reviewer signed off carries the reader notice at its top
   (:mod:`hfi18n.doc.notice`), and one that will not has none (issue 36).
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..check.findings import ERROR, WARNING, Finding, has_errors
from ..check.runner import check_pair
from ..check.style import StyleRun
from ..doc import PLACEHOLDER_RE, Block, BlockKind, Document, parse
from ..doc.anchors import ANCHOR_RE
from ..doc.draft import is_pseudo_file, mark_draft
from ..doc.notice import notice_text, with_notice
from ..doc.protected import dedent_block
from ..errors import RefusedError
from ..fileio import ABSENT, atomic_write, digest, snapshot
from ..glossary import Glossary
from ..i18n import t
from ..origin import Origin
from ..repo.layout import DocsLayout, state_dir
from ..repo.ledger import RunRecord, ledger_for, segment_hash, text_blob
from ..repo.signoff import (
    MachineWrite,
    ReviewRecord,
    machine_hashes,
    read_record,
    review_settings,
    state_of,
    write_record,
)
from ..repo.signoff import now as signoff_now
from ..translate.pipeline import CANCELLED, HUMAN, MACHINE, DocJob, SegmentFailure, render_translation
from ..translate.validate import as_is, written_segment_problem

PSEUDO_REFUSAL = ("the pseudo provider is a test double: its output never replaces a translation; use a real "
                  "provider (--provider anthropic, openai or hf)")
"""Why pseudo output is not written over an existing translation (the gate's note and the CLI's error)."""

NOTE_KINDS = ("note_cancelled", "note_none_translated", "note_pseudo_refused", "note_check_errors", "note_refused",
              "note_draft_pseudo", "note_draft_errors", "note_draft_failures", "note_written")
"""The keys of :attr:`DocJob.note_kind`, one per note :func:`write_job` writes: messages of
:mod:`hfi18n.i18n`, whose English is the note the CLI prints (the web app says each in the visitor's
language)."""


def _note(job: DocJob, key: str, /, **fields: object) -> None:
    """Set ``job``'s note: the message ``key`` (one of :data:`NOTE_KINDS`) in English, and what it was made of."""
    job.note, job.note_kind, job.note_fields = t(key, "en", **fields), key, fields


def backup_root(layout: DocsLayout) -> Path:
    """``<repo>/.git/hfi18n/backup`` (``<repo>/.hfi18n/hfi18n/backup`` without a ``.git`` folder)."""
    return state_dir(layout, "backup")


@dataclass(slots=True)
class Backups:
    """The backup folder of one run: ``<backup root>/<date-time>-<unique>/<lang>/<doc>``.

    Created on first use with a unique name (two runs in the same second never share one); a file is
    saved with an exclusive create, so nothing in a backup is ever overwritten.
    """

    layout: DocsLayout
    folder: Path | None = None
    saved: list[Path] = field(default_factory=list)

    def save(self, path: Path) -> tuple[Path, str]:
        """Copy the file at ``path`` into this run's folder; returns ``(copy, snapshot of what was copied)``.

        A link leading outside the repository is refused (:class:`RefusedError`): its target is never read.
        """
        if not self.layout.is_inside(path):
            raise RefusedError(f"{self.layout.rel_to_repo(path)} is a link to a file outside the repository: "
                               "it is not backed up or replaced", hint="replace the link with a real file")
        data = path.read_bytes()
        if self.folder is None:
            root = backup_root(self.layout)
            root.mkdir(parents=True, exist_ok=True)
            self.folder = Path(tempfile.mkdtemp(prefix=time.strftime("%Y%m%d-%H%M%S-"), dir=root))
        dest = self.folder / Path(os.path.abspath(path)).relative_to(self.layout.docs_root)
        dest.parent.mkdir(parents=True, exist_ok=True)
        with open(dest, "xb") as fh:  # exclusive: a backup is never replaced
            fh.write(data)
        self.saved.append(dest)
        return dest, snapshot(path) if path.is_symlink() else digest(data)


@dataclass(slots=True)
class WriteResult:
    """What :func:`write_job` did with one doc."""

    text: str
    """The rendered translation (with the draft mark when it is a draft)."""
    written: bool
    draft: bool
    backup: Path | None = None


def baseline_key(f: Finding, doc: Document | None = None) -> tuple[str, ...]:
    """What makes two findings the same problem: the check and what it is about (its English and
    translation fields), counts and lines aside; the message, numbers masked and up to its advice (after
    the first ``; ``), only for a finding that names nothing as data. The advice depends on the rest of
    the page: "heading '엔드 투 엔드 예제[an-end-to-end-example]' has no English anchor, ...; end the line
    with the English [[anchor]]" in the previous translation (its headings did not line up with today's
    English) became "...; end the line with [[an-end-to-end-example]]" once the update lined them up, and
    the heading it kept byte for byte made huggingface_hub ko guides/inference_endpoints.md unwritable.

    A code error about a code block of ``doc`` (the page the finding was found in) is known by that
    block's content (:data:`CODE_BLOCK`), not by its message: the message says how the block lines up
    with the English ("not in the English doc", "differs from the English one ... expected ..."), which
    depends on where the block stands, not on what it holds. A translator swapped two sections of
    huggingface_hub ko installation.md in a Korean-only commit; its code block with a translated command
    comment (an error the page had long had) no longer lined up with its English, so the previous
    translation said "not in the English doc", the ideal update (which lined it up again) "differs from
    the English one", and the gate refused the update (P4, s41)."""
    if doc is not None and f.check == "code" and f.severity == ERROR and "is missing here" not in f.message:
        block = _code_block_at(doc, f.line)
        if block is not None:
            return CODE_BLOCK, dedent_block(block.text)
    if f.english or f.translation:
        return f.check, f.english, f.translation
    return f.check, re.sub(r"\d+", "#", f.message.split("; ", 1)[0])


CODE_BLOCK = "code-block"
"""The first field of the key of a code error known by its block's content (:func:`baseline_key`): each
such key is counted, so a second copy of a broken block the previous translation had once is new."""


def _code_block_at(doc: Document, line: int) -> Block | None:
    return next((b for b in doc.blocks if b.kind is BlockKind.CODE and b.start_line == line), None)


def baseline_of(findings: list[Finding], doc: Document) -> Counter[tuple[str, ...]]:
    """The keys of the errors among ``findings`` (found in ``doc``), each with how often it occurs."""
    return Counter(baseline_key(f, doc) for f in findings if f.severity == ERROR)


def demote_known(findings: list[Finding], doc: Document, baseline: Counter[tuple[str, ...]]) -> list[Finding]:
    """``findings`` (found in ``doc``) with those the previous translation already had as warnings
    (:func:`_demote`). A code block's error is known as often as the previous translation had that
    block broken, no more: the update keeps a human block byte for byte, it never copies one, so a
    further copy is a new error and still blocks the write. Other keys name no one block (a masked
    message), so any number of them is known once one was."""
    left = Counter(baseline)
    out = []
    for f in findings:
        key = baseline_key(f, doc) if f.severity == ERROR else None
        if key is not None and left[key] > 0:
            if key[0] == CODE_BLOCK:
                left[key] -= 1
            out.append(_demote(f))
        else:
            out.append(f)
    return out


PREVIOUS = "already in the previous translation: "
"""How the message of a demoted finding starts (:func:`_demote`); :func:`pre_existing` finds them by it."""


def _demote(f: Finding) -> Finding:
    return Finding(f.file, f.line, f.check, WARNING, PREVIOUS + f.message, f.english, f.translation)


def pre_existing(findings: list[Finding]) -> list[Finding]:
    """The findings of an update that its previous translation already had (errors demoted to warnings):
    the problems of text an update kept byte for byte, shown to the user instead of hidden or blocking."""
    return [f for f in findings if f.severity == WARNING and f.message.startswith(PREVIOUS)]


def set_update_baseline(job: DocJob, translation: Document, *, file: str, lang: str, base_english: str = "") -> None:
    """Errors the existing translation already has against today's English (``--update``), and against
    the English it follows (``base_english``): reported as warnings, they do not block writing the update.

    Why both: an update keeps byte for byte the beads whose English did not change, with whatever error
    they had, and the page it writes lines up with today's English as the previous translation lined up
    with its base. Against today's English alone, the same translated code block was "not in the English
    doc" (the page's code blocks did not line up) before the update and "differs from the English one"
    after it, and huggingface_hub ko guides/community.md was not written."""
    job.baseline = baseline_of(check_pair(job.doc, translation, file=file, lang=lang, summarize_drift=False),
                               translation)
    if base_english:
        # the larger count of each key (a block broken against both Englishes is one broken block)
        job.baseline |= baseline_of(check_pair(parse(base_english), translation, file=file, lang=lang,
                                               summarize_drift=False), translation)


def render_checked(job: DocJob, *, lang: str, display_path: str, glossary: Glossary | None = None,
                   style: StyleRun | None = None) -> str:
    """Render ``job``'s translation and check it against the English (findings in ``job.findings``);
    ``style``: the team's style checks too (warnings: the gate's notes, never a reason not to write)."""
    text = render_translation(job.doc, job.translations, job.block_overrides)
    written = parse(text, display_path)
    findings = check_pair(job.doc, written, file=display_path, lang=lang, glossary=glossary, style=style)
    job.findings = demote_known(findings, written, job.baseline)
    return text


def _changed_since(job: DocJob, layout: DocsLayout) -> RefusedError:
    return RefusedError(f"{layout.rel_to_repo(job.target)} changed since this run started (someone saved it "
                        "meanwhile?): not replaced", hint="look at the file; run again to translate from what it "
                        "holds now")


def written_form(text: str, spans: Mapping[str, str]) -> str:
    """A segment text as the page shows it: placeholders replaced by their spans, a heading's ``[[anchor]]``
    cut, runs of whitespace as one space. A translation numbers its placeholders like its English segment
    and the written page's parse numbers them in reading order (a Korean sentence often reverses two
    spans), so only the shown text compares."""
    shown = PLACEHOLDER_RE.sub(lambda m: spans.get(m.group(0), m.group(0)), text)
    return " ".join(ANCHOR_RE.sub("", shown).split())


def machine_segments(job: DocJob, layout: DocsLayout, *, lang: str, text: str) -> tuple[str, set[str], list[str]]:
    """``(page, machine, segments)``: the page ``job`` writes (relative to its language folder), the
    :func:`~hfi18n.repo.ledger.segment_hash` of each segment of ``text`` the machine wrote, and of every
    segment of ``text`` (the notice is not the page's text).

    A segment of the written page is machine text when it shows what a machine translation of the job
    shows (:func:`written_form`), or it is, byte for byte, machine text an earlier run of the doc
    recorded (a passage an update kept whole: the run ledger of this machine or the review record in the
    repository, :func:`hfi18n.repo.signoff.machine_hashes`); never when it shows a text the job holds as
    human. No pairing of the page with its English is involved, so none can disagree with the update's.
    With the one-to-one pairing by block signature the record shifted past a translator's merge and split:
    the second half of a split human paragraph was recorded as machine text (issue 24). Re-pairing the page
    with the pair model instead (n-m beads) misread pages whose text does not look like a translation of
    its English (output of a loopback test translator: 41 of 61 beads of smolagents
    conceptual_guides/intro_agents.md unsure or not 1-1 on a page written block for block) and recorded
    machine tables as human, which the glossary miner then learned from."""
    written = parse(text)
    failed = {f.segment for f in job.failures}
    shown: dict[Origin, set[str]] = {MACHINE: set(), HUMAN: set()}
    for seg in job.doc.segments():
        t = job.translations.get(seg.id)
        origin = job.provenance.get(seg.id, MACHINE)
        if t is not None and seg.id not in failed and origin in shown:
            shown[origin].add(written_form(t, seg.spans))
    rel = Path(os.path.abspath(job.target)).relative_to(os.path.abspath(layout.docs_root / lang)).as_posix()
    before = machine_hashes(layout, lang, rel, ledger_for(layout))
    machine: set[str] = set()
    segments: list[str] = []
    for s in written.segments():
        form, h = written_form(s.text, s.spans), segment_hash(s.text)
        segments.append(h)
        if form not in shown[HUMAN] and (form in shown[MACHINE] or h in before):
            machine.add(h)
    return rel, machine, segments


def _signed_lines(text: str, signed: frozenset[str]) -> set[int]:
    """Lines of blocks of ``text`` whose every segment a reviewer signed off."""
    lines: set[int] = set()
    for b in parse(text).blocks:
        segs = b.segments
        if segs and all(segment_hash(s.text) in signed for s in segs):
            lines.update(range(b.start_line, b.end_line + 1))
    return lines


def review_record(job: DocJob, layout: DocsLayout, *, lang: str, text: str,
                  written: tuple[str, set[str], list[str]], draft_notes: list[str]) -> ReviewRecord:
    """The review record of the page ``job`` is about to write as ``text`` (``written``: its
    :func:`machine_segments`): the machine text it holds and what check found in the text that waits for
    review (the findings of passages a reviewer signed off and the update kept are theirs, not the
    queue's) and what the gate said, the page's sign-off kept (its segments are still signed where the
    update kept them byte for byte: :mod:`hfi18n.repo.signoff`)."""
    rel, machine, _ = written
    old = read_record(layout, lang, rel)
    signed = old.signoff.segments if old is not None and old.signoff is not None else frozenset()
    quiet = _signed_lines(text, signed) if signed else set()
    findings: dict[str, int] = {}
    kept_problems = pre_existing(job.findings)  # of text the update kept: a note, not the machine's finding
    for f in job.findings:
        if f.severity == WARNING and f not in kept_problems and f.line not in quiet:
            findings[f.check] = findings.get(f.check, 0) + 1
    notes = list(draft_notes)
    if kept := len(kept_problems):
        notes.append(f"{kept} problem(s) kept from the previous translation")
    write = MachineWrite(job.en_rel, text_blob(job.doc.source), frozenset(machine), signoff_now(), "", findings, notes)
    return ReviewRecord(rel, write, old.signoff if old is not None else None)


def record_write(job: DocJob, layout: DocsLayout, *, lang: str, text: str,
                 written: tuple[str, set[str], list[str]] | None = None, record: ReviewRecord | None = None) -> None:
    """Record what ``job`` wrote as ``text``: in the run ledger (this machine's: the English it follows,
    the segment texts the machine wrote, and the English texts left untranslated, unfinished work for the
    next ``--update``) and, with ``record``, in the page's review record in the repository. ``written``:
    :func:`machine_segments` of ``text``, when the caller has it."""
    rel, machine, segments = written or machine_segments(job, layout, lang=lang, text=text)
    failed = {f.segment for f in job.failures}
    unfinished = {segment_hash(s.text) for s in job.doc.segments() if s.id in failed}
    ledger_for(layout).add(RunRecord(lang, rel, text_blob(text), job.en_rel, text_blob(job.doc.source),
                                     frozenset(machine), frozenset(unfinished), frozenset(segments)))
    if record is not None:  # also without machine text: it says which English the written page follows
        write_record(layout, lang, record)


def reader_notice(layout: DocsLayout, lang: str, text: str, record: ReviewRecord) -> str:
    """``text`` with the reader notice when the page will hold machine text no reviewer signed off (in the
    language of the page, the team's guide linked: ``[review] guide_url``), without it otherwise."""
    state = state_of(text, record)
    if not state.wants_notice:
        return with_notice(text, None)
    settings = review_settings(layout)
    return with_notice(text, notice_text(lang, pending=state.pending, total=state.segments,
                                         guide=settings.guide_url, words=settings.notice_words(lang)))


def gate_segments(job: DocJob, *, lang: str, glossary: Glossary | None = None) -> list[SegmentFailure]:
    """Judge every segment translation of ``job`` that is about to be written (all but the human text the
    job kept and the segments that need no translation, :func:`hfi18n.translate.validate.as_is`); a failing
    one is taken out (the English is rendered in its place) and added to ``job.failures`` with the reason."""
    failed = {f.segment for f in job.failures}
    found: list[SegmentFailure] = []
    for seg in job.doc.segments():
        text = job.translations.get(seg.id)
        if text is None or seg.id in failed or job.human_kept.get(seg.id) == text:
            continue
        if text == seg.text and as_is(seg, glossary):
            job.keep_as_is(seg)  # nothing to translate: done, and not "a segment the run translated"
            continue
        reason = written_segment_problem(seg, text, lang)
        if reason is not None:
            del job.translations[seg.id]
            found.append(SegmentFailure(job.en_rel, seg.id, seg.line, reason))
    job.failures.extend(found)
    return found


def _draft_notes(job: DocJob, errors: bool, pseudo: bool) -> list[str]:
    """Why the page is a draft, as the review record keeps it (the review queue ranks by it)."""
    notes = ["pseudo-localized test output"] if pseudo else []
    if errors:
        notes.append("check errors")
    if job.failures:
        notes.append(f"{len(job.failures)} segment(s) left in English")
    return notes


def _reasons(job: DocJob) -> str:
    """The first reasons of ``job``'s failed segments, for its note (``line 3: answer repeats the English``)."""
    shown = [f"line {f.line}: {f.reason}" for f in sorted(job.failures, key=lambda f: f.line)[:3]]
    more = len(job.failures) - len(shown)
    return "; ".join(shown) + (f"; and {more} more" if more > 0 else "")


def write_job(job: DocJob, layout: DocsLayout, *, lang: str, glossary: Glossary | None = None,
              allow_errors: bool = False, backups: Backups | None = None, write: bool = True,
              pseudo: bool = False, style: StyleRun | None = None) -> WriteResult:
    """Render, check and (if allowed) write ``job``'s translation; ``job.note`` and ``job.written`` say
    what happened. ``backups``: replace an existing file (``--force``) after saving it there. ``pseudo``:
    the text is test output of the ``pseudo`` provider (a marked draft, never over a real translation).
    ``style``: the team's style checks, whose warnings join ``job.findings`` (they never stop a write)."""
    shown = layout.rel_to_repo(job.target)
    gate_segments(job, lang=lang, glossary=glossary)
    text = render_checked(job, lang=lang, display_path=shown, glossary=glossary, style=None if pseudo else style)
    result = WriteResult(text, False, False)
    if any(f.reason == CANCELLED for f in job.failures):
        _note(job, "note_cancelled")
        return result
    if job.failures and not set(job.translations) - job.given:
        _note(job, "note_none_translated", n=len(job.failures), reasons=_reasons(job))
        return result
    if pseudo and snapshot(job.target) != ABSENT and not is_pseudo_file(job.target):
        _note(job, "note_pseudo_refused")
        return result
    errors = has_errors(job.findings)
    if errors and not allow_errors:
        _note(job, "note_check_errors")
        return result
    result.draft = errors or bool(job.failures) or pseudo
    if result.draft:
        result.text = text = mark_draft(text, pseudo=pseudo)
    record = written = None
    with contextlib.suppress(OSError, ValueError):  # the record is best effort; the page is what matters
        written = machine_segments(job, layout, lang=lang, text=text)
        record = review_record(job, layout, lang=lang, text=text, written=written,
                               draft_notes=_draft_notes(job, errors, pseudo))
        result.text = text = reader_notice(layout, lang, text, record)
        if record.machine is not None:
            record.machine.page = text_blob(text)  # the page as written: a commit holding it follows this English
    if not write:
        return result
    expect = job.target_before
    try:
        if backups is not None and snapshot(job.target) != ABSENT:
            if snapshot(job.target) != expect:
                raise _changed_since(job, layout)
            result.backup, saved = backups.save(job.target)
            if saved != expect:  # saved between the two looks: the backup holds it, it is not replaced
                raise _changed_since(job, layout)
        atomic_write(job.target, text, expect=expect)
    except RefusedError as exc:
        _note(job, "note_refused", message=exc.message)
        return result
    job.written = result.written = True
    with contextlib.suppress(OSError, ValueError, RefusedError):  # the record is best effort; the write happened
        record_write(job, layout, lang=lang, text=text, written=written, record=record)
    if pseudo:
        _note(job, "note_draft_pseudo")
    elif errors:
        _note(job, "note_draft_errors")
    elif job.failures:
        _note(job, "note_draft_failures", n=len(job.failures), reasons=_reasons(job))
    else:
        _note(job, "note_written")
    return result
