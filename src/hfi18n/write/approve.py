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
import subprocess
from dataclasses import dataclass, field

from ..check.findings import ERROR, Finding
from ..check.runner import check_file
from ..doc.draft import draft_reason
from ..doc.notice import strip_notice
from ..errors import HfI18nError, InputError, RefusedError, RepoError
from ..fileio import atomic_write, digest, read_text
from ..repo.history import followed
from ..repo.layout import SOURCE_LANG, DocsLayout
from ..repo.ledger import RunRecord, ledger_for, text_blob
from ..repo.signoff import ReviewRecord, SignOff, now, page_segments, read_record, record_path, write_record

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
    outdated: int = 0
    """English commits since the version the page follows (signed against that version)."""

    def to_json(self) -> dict[str, object]:
        return {"doc": self.doc, "approved": self.approved, "reason": self.reason,
                "errors": [f.as_dict() for f in self.errors],
                "signoff": self.signoff.who() if self.signoff else None, "record": self.record,
                "notice_removed": self.notice_removed, "english_commits_since": self.outdated}


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


def approve_page(layout: DocsLayout, lang: str, rel: str, *, by: str, records: dict | None = None) -> Approval:
    """Sign ``lang/rel`` off in the name of ``by`` (see the module's rules). ``records``: the language's
    :func:`hfi18n.repo.history.followed` records, read once for several pages."""
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
    if reason is not None:
        return Approval(rel, False, f"{shown} carries the draft mark ({reason}): finish it, run `hfi18n check`, "
                                    "delete the mark's line, then approve it")
    if records is None:
        records = {}
        with contextlib.suppress(RepoError):
            records = followed(layout, lang)
    rec = records.get(rel)
    findings = check_file(layout, lang, rel, record=rec, against="followed")
    errors = [f for f in findings if f.severity == ERROR]
    if errors:
        return Approval(rel, False, f"{shown} has {len(errors)} check error(s): fix them (hfi18n check) and "
                                    "approve it again", errors)
    en_rel = layout.twin(rel, SOURCE_LANG) or (rec.base.en_path if rec is not None else None)
    if rec is not None and rec.base.known:
        commit, blob, behind = rec.base.base_commit or "", rec.base.base_blob or "", len(rec.behind)
    else:  # not committed yet: the English in the work tree is what it was checked against
        commit, behind = "", 0
        try:
            blob = text_blob(read_text(layout.path(SOURCE_LANG, en_rel))) if en_rel else ""
        except InputError:
            blob = ""
    page = strip_notice(text)
    signoff = SignOff(by, now(), commit, blob, frozenset(page_segments(page)), text_blob(page))
    old = read_record(layout, lang, rel) if record_path(layout, lang, rel).exists() else None
    record = ReviewRecord(rel, old.machine if old is not None else None, signoff)
    if page != text:
        try:
            atomic_write(path, page, expect=digest(text.encode("utf-8", "surrogatepass")))
        except RefusedError:
            return Approval(rel, False, f"{shown} changed while it was being approved: look at it and approve "
                                        "it again")
        _remember(layout, lang, rel, page)
    try:
        written = write_record(layout, lang, record)
    except (RefusedError, OSError) as exc:
        message = exc.message if isinstance(exc, HfI18nError) else str(exc)
        return Approval(rel, False, f"the sign-off of {shown} could not be recorded: {message}")
    return Approval(rel, True, signoff=signoff, record=layout.rel_to_repo(written), notice_removed=page != text,
                    outdated=behind)


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
