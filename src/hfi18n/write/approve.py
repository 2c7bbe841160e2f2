"""``approve``: a reviewer signs a translated page off; the sign-off goes on record and the notice goes away.

A page is approved only when it is finished: no draft mark (:mod:`hfi18n.doc.draft`: check errors or
English left when the machine wrote it) and no ``check`` error against the English it follows. Then, in
this order:

1. the page is written without the reader notice (:mod:`hfi18n.doc.notice`), atomically and only if it is
   still the text that was checked (a save in between wins: nothing is approved);
2. its review record (:mod:`hfi18n.repo.signoff`) gets the sign-off: who, when, the English commit and
   blob the page follows, and the hash of every segment of the page as approved. The machine record stays:
   it says which of the approved text the machine wrote, and a later update keeps those segments signed
   where it keeps them byte for byte.

Nothing else changes: a reviewed page whose English does not change is never touched by a later
``translate --all`` (it is up to date, so no run selects it), byte for byte.
"""

from __future__ import annotations

import contextlib
import re
import subprocess
from dataclasses import dataclass, field

from ..check.findings import ERROR, Finding
from ..check.runner import check_file
from ..doc import Document, parse
from ..doc.draft import draft_reason, is_pseudo, without_mark
from ..doc.notice import strip_notice
from ..errors import HfI18nError, InputError, RefusedError, RepoError
from ..fileio import atomic_write, digest, read_text
from ..glossary import Glossary
from ..repo.history import followed
from ..repo.layout import SOURCE_LANG, DocsLayout
from ..repo.ledger import RunRecord, ledger_for, text_blob
from ..repo.signoff import ReviewRecord, SignOff, now, page_segments, read_record, record_path, write_record
from ..translate.validate import as_is

_WORD_RE = re.compile(r"[A-Za-z]{2,}")

MAX_NAME = 100
"""Longest reviewer name accepted (a name is text a stranger may choose: it is shown, escaped, everywhere)."""


@dataclass(slots=True)
class Approval:
    """What ``approve`` did with one page."""

    doc: str
    """The translated page, relative to its language folder (or the argument, when it names none)."""
    approved: bool
    reason: str = ""
    """Why it was refused (empty when approved)."""
    errors: list[Finding] = field(default_factory=list)
    """The check errors that refused it."""
    signoff: SignOff | None = None
    record: str = ""
    """The review record written, relative to the repository."""
    notice_removed: bool = False
    mark_removed: bool = False
    """The draft mark was removed (``finish_draft``)."""
    kind: str = ""
    """Why it was refused, as a key: ``draft``, ``check_errors``, ``english_left``, ``changed`` (empty: another
    reason, or approved), so the web app says it in the visitor's language."""
    outdated: int = 0
    """English commits since the version the page follows (signed against that version)."""

    def to_json(self) -> dict[str, object]:
        return {"doc": self.doc, "approved": self.approved, "reason": self.reason,
                "errors": [f.as_dict() for f in self.errors],
                "signoff": self.signoff.who() if self.signoff else None, "record": self.record,
                "notice_removed": self.notice_removed, "mark_removed": self.mark_removed, "kind": self.kind,
                "english_commits_since": self.outdated}


def git_user(layout: DocsLayout) -> str | None:
    """``git config user.name`` of the repository (the default reviewer name), or None."""
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        out = subprocess.run(["git", "config", "user.name"], cwd=layout.repo, capture_output=True, text=True,
                             timeout=10)
        return out.stdout.strip() or None
    return None


def clean_name(by: str) -> str:
    """A reviewer name as recorded: one line of printable text (a control character or a newline in a name
    would forge lines of a terminal or a record), at most :data:`MAX_NAME` characters."""
    name = " ".join("".join(c if c.isprintable() else " " if c.isspace() else "" for c in by).split())
    if not name:
        raise InputError("no reviewer name", hint="pass --by NAME (default: git config user.name)")
    if len(name) > MAX_NAME:
        raise InputError(f"reviewer name longer than {MAX_NAME} characters")
    return name


def english_left(page: Document, english: Document | None, glossary: Glossary | None = None) -> list[int]:
    """Lines of the page's prose still in English: a segment whose text is, byte for byte, the text of an
    English segment that needs translation (:func:`hfi18n.translate.validate.as_is`) and holds two words or
    more. A run that left segments in English marks the page a draft; with the mark deleted by hand (or by
    the web app's approve) the English would otherwise be signed off as a translation."""
    if english is None:
        return []
    prose = {s.text for s in english.segments() if not as_is(s, glossary) and len(_WORD_RE.findall(s.text)) >= 2}
    return [s.line for s in page.segments() if s.text in prose]


def approve_page(layout: DocsLayout, lang: str, rel: str, *, by: str, records: dict | None = None,
                 finish_draft: bool = False) -> Approval:
    """Sign ``lang/rel`` off in the name of ``by`` (see the module's rules). ``records``: the language's
    :func:`hfi18n.repo.history.followed` records, read once for several pages. ``finish_draft`` (the web
    app's approve, after its check): a page with the draft mark is approved too, the mark removed, when it
    passes check and holds no English prose; never one with the mark of ``pseudo`` test output."""
    by = clean_name(by)
    path = layout.path(lang, rel)
    shown = layout.rel_to_repo(path)
    if not layout.is_inside(path):
        return Approval(rel, False, f"{shown} leads outside the repository: not read or written")
    try:
        text = read_text(path)
    except InputError as exc:
        return Approval(rel, False, exc.message)
    reason = draft_reason(text)
    if reason is not None and (not finish_draft or is_pseudo(text)):
        return Approval(rel, False, f"{shown} carries the draft mark ({reason}): finish it, run `hfi18n check`, "
                                    "delete the mark's line, then approve it", kind="draft")
    if records is None:
        records = {}
        with contextlib.suppress(RepoError):
            records = followed(layout, lang)
    rec = records.get(rel)
    findings = check_file(layout, lang, rel, record=rec, against="followed")
    errors = [f for f in findings if f.severity == ERROR]
    if errors:
        return Approval(rel, False, f"{shown} has {len(errors)} check error(s): fix them (hfi18n check) and "
                                    "approve it again", errors, kind="check_errors")
    en_rel = layout.twin(rel, SOURCE_LANG) or (rec.base.en_path if rec is not None else None)
    try:
        english = parse(read_text(layout.path(SOURCE_LANG, en_rel))) if en_rel else None
    except InputError:
        english = None
    old = read_record(layout, lang, rel) if record_path(layout, lang, rel).exists() else None
    machine_written = reason is not None or (old is not None and old.machine is not None)
    left = english_left(parse(text), english, Glossary.builtin(lang)) if machine_written else []
    if left:  # a human page may keep an English sentence on purpose; a machine one kept it by failing
        return Approval(rel, False, f"{shown} still has {len(left)} passage(s) in English (line "
                                    f"{', '.join(map(str, left[:5]))}): translate them, then approve it",
                        kind="english_left")
    if rec is not None and rec.base.known:
        commit, blob, behind = rec.base.base_commit or "", rec.base.base_blob or "", len(rec.behind)
    else:  # not committed yet: the English in the work tree is what it was checked against
        commit, behind = "", 0
        try:
            blob = text_blob(read_text(layout.path(SOURCE_LANG, en_rel))) if en_rel else ""
        except InputError:
            blob = ""
    page = without_mark(strip_notice(text)) if reason is not None else strip_notice(text)
    signoff = SignOff(by, now(), commit, blob, frozenset(page_segments(page)), text_blob(page))
    record = ReviewRecord(rel, old.machine if old is not None else None, signoff)
    if page != text:
        try:
            atomic_write(path, page, expect=digest(text.encode("utf-8", "surrogatepass")))
        except RefusedError:
            return Approval(rel, False, f"{shown} changed while it was being approved: look at it and approve "
                                        "it again", kind="changed")
        _remember(layout, lang, rel, page)
    try:
        written = write_record(layout, lang, record)
    except (RefusedError, OSError) as exc:
        message = exc.message if isinstance(exc, HfI18nError) else str(exc)
        return Approval(rel, False, f"the sign-off of {shown} could not be recorded: {message}")
    return Approval(rel, True, signoff=signoff, record=layout.rel_to_repo(written),
                    notice_removed=strip_notice(text) != text, outdated=behind, mark_removed=reason is not None)


def _remember(layout: DocsLayout, lang: str, rel: str, page: str) -> None:
    """The page without its notice is what the last run wrote, as far as this machine's ledger goes: a
    ledger record of it keeps ``status`` recognising the page (committed or not) as that run's output."""
    ledger = ledger_for(layout)
    recs = ledger.records(lang, rel)
    if not recs:
        return
    last = recs[-1]
    with contextlib.suppress(OSError, ValueError):
        ledger.add(RunRecord(lang, rel, text_blob(page), last.en_path, last.en_blob, last.machine, last.unfinished,
                             last.segments))
