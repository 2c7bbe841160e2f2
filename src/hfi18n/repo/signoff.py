"""The review record: which text of a translated page is machine text and who signed the page off, kept in
the repository so a fresh clone, a PR and the Action read the same answer (issue 36).

The run ledger (:mod:`.ledger`) is local: it lives in ``.git/hfi18n`` and a clone, a CI runner or a
reviewer's machine never sees it, so on any of them every machine page read as human. This record is
committed with the page, one small JSON file per page beside the language's ``_toctree.yml``::

    docs/source/ko/_review/quicktour.md.json

holding

``machine``
    the English the last machine write followed (path, blob) and the :func:`~.ledger.segment_hash` of every
    segment of the page the machine wrote (a kept machine segment included), what ``check`` found then
    (warnings by rule) and the write gate's notes: the review queue ranks by them;
``signoff``
    the latest sign-off: who (``by``), when (``at``), against which English (``english_commit``,
    ``english_blob``) and the hash of every segment of the page as it was approved.

Keyed by content, never by commit or message: the review state of a page is read from the page's text as
it is now (:func:`review_state`), so a hand edit, a commit with any message, a rebase or a fresh clone read
right. A segment is *pending* (machine text waiting for review) when its hash is in ``machine`` and not in
``signoff``. A hand-edited segment has another hash: it is human text. After an update of a reviewed page the
segments it kept have the hashes the reviewer signed, and only the ones it wrote are pending. Three states:

``machine``
    the page holds pending segments (``pending`` says how many; an earlier sign-off is kept as ``last``);
``reviewed``
    a sign-off covers every machine segment on the page;
``human``
    no machine text on the page and no sign-off (no record, or a human rewrote every machine segment).

What a sign-off proves: that the segments with these hashes (the exact text) were accepted under the name
``by`` against that English. It is a statement, not a signature: anyone who can commit can write one. What
keeps it honest is that it is in the repository: adding, changing or removing one is a change a PR shows,
and ``hfi18n review`` (the Action) reports every sign-off a PR adds or changes and every machine record it
drops while the text stays (:func:`audit_records`), naming who the sign-off is in the name of; a sign-off is
never carried over to text it did not cover, so changing a reviewed page in a PR never inherits the
approval. With signed commits, ``git log`` of the record file says who wrote it.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..config import load_config
from ..doc import parse
from ..doc.notice import MARKER as NOTICE_MARKER
from ..doc.notice import has_notice
from ..errors import ConfigError, InputError, RefusedError
from ..fileio import atomic_write, read_text
from .layout import DocsLayout, state_dir
from .ledger import Ledger, segment_hash

RECORD_DIR = "_review"
"""The folder of a language's review records, beside its ``_toctree.yml``."""
RECORD_VERSION = 1
MAX_RECORD_BYTES = 2 * 1024 * 1024
"""A record bigger than this is not read (a page of 10,000 segments needs about 500 KB)."""

STATES = ("machine", "reviewed", "human")

NOTICE_WITHOUT_RECORD = "the page carries the machine-translation notice but no record says which text is machine " \
                        "(was its _review file left out of the commit?)"
STALE_NOTICE = "the page carries the machine-translation notice but holds no pending machine text: " \
               "hfi18n approve removes it"


def record_path(layout: DocsLayout, lang: str, rel: str) -> Path:
    """``<lang folder>/_review/<rel>.json``: the one home of ``lang/rel``'s review record."""
    return layout.lang_dir(lang) / RECORD_DIR / f"{rel}.json"


def page_segments(text: str) -> list[str]:
    """:func:`~.ledger.segment_hash` of every segment of a page (the notice is not the page's text)."""
    return [segment_hash(s.text) for s in parse(text).segments()]


@dataclass(slots=True)
class MachineWrite:
    """What the last machine write of a page left in it."""

    english: str
    """The English doc it follows, relative to ``en/``."""
    english_blob: str
    segments: frozenset[str]
    at: str = ""
    page: str = ""
    """Git blob id of the page as written (notice included): a commit holding it follows ``english_blob``."""
    findings: dict[str, int] = field(default_factory=dict)
    """``check`` warnings of the written page, by rule (errors never reach a finished page)."""
    notes: list[str] = field(default_factory=list)
    """The write gate's notes (``draft_failures``, ``pre_existing``, ``retried``...)."""

    def to_json(self) -> dict[str, object]:
        return {"english": self.english, "english_blob": self.english_blob, "at": self.at, "page": self.page,
                "findings": dict(sorted(self.findings.items())), "notes": list(self.notes),
                "segments": sorted(self.segments)}

    @classmethod
    def from_json(cls, data: Mapping) -> MachineWrite:
        return cls(str(data["english"]), str(data["english_blob"]), _hashes(data.get("segments", ())),
                   str(data.get("at", "")), str(data.get("page", "")), {str(k): int(v) for k, v in dict(data.get("findings", {})).items()},
                   [str(n) for n in data.get("notes", ())])


@dataclass(slots=True)
class SignOff:
    """A reviewer's sign-off of a page."""

    by: str
    at: str
    english_commit: str
    english_blob: str
    segments: frozenset[str]
    """Every segment of the page as it was approved."""
    page: str = ""
    """Git blob id of the page as approved (notice removed), for people comparing by hand."""

    def to_json(self) -> dict[str, object]:
        return {"by": self.by, "at": self.at, "english_commit": self.english_commit,
                "english_blob": self.english_blob, "page": self.page, "segments": sorted(self.segments)}

    @classmethod
    def from_json(cls, data: Mapping) -> SignOff:
        return cls(str(data["by"]), str(data["at"]), str(data.get("english_commit", "")),
                   str(data.get("english_blob", "")), _hashes(data.get("segments", ())), str(data.get("page", "")))

    def who(self) -> dict[str, str]:
        return {"by": self.by, "at": self.at, "english_commit": self.english_commit}


def _hashes(items: Iterable[object]) -> frozenset[str]:
    return frozenset(str(h) for h in items if isinstance(h, str) and 0 < len(h) <= 64)


@dataclass(slots=True)
class ReviewRecord:
    doc: str
    """The translated page, relative to its language folder."""
    machine: MachineWrite | None = None
    signoff: SignOff | None = None

    def to_text(self) -> str:
        data: dict[str, object] = {"hfi18n_review": RECORD_VERSION, "doc": self.doc}
        if self.machine is not None:
            data["machine"] = self.machine.to_json()
        if self.signoff is not None:
            data["signoff"] = self.signoff.to_json()
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_text(cls, text: str, doc: str) -> ReviewRecord:
        """Raises :class:`InputError` for a file that is not a review record of ``doc``."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("hfi18n_review") != RECORD_VERSION:
                raise ValueError("not a version-1 review record")
            m, s = data.get("machine"), data.get("signoff")
            return cls(doc, MachineWrite.from_json(m) if isinstance(m, dict) else None,
                       SignOff.from_json(s) if isinstance(s, dict) else None)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise InputError(f"{doc}: unreadable review record: {exc}") from None


def read_record(layout: DocsLayout, lang: str, rel: str) -> ReviewRecord | None:
    """The record of ``lang/rel`` (None: none, or one that cannot be trusted to be read: a link out of the
    repository, too big, not a record; a broken record never makes a page read as reviewed)."""
    path = record_path(layout, lang, rel)
    try:
        if not path.is_file() or not layout.is_inside(path) or path.stat().st_size > MAX_RECORD_BYTES:
            return None
        return ReviewRecord.from_text(read_text(path), rel)
    except (OSError, InputError):
        return None


def write_record(layout: DocsLayout, lang: str, record: ReviewRecord) -> Path:
    """Write ``record`` atomically (refused through a link leading out of the repository)."""
    path = record_path(layout, lang, record.doc)
    folder = path.parent
    if not layout.is_inside(folder if folder.exists() else layout.lang_dir(lang)):
        raise RefusedError(f"{layout.rel_to_repo(folder)} leads outside the repository: no review record "
                           "written there", hint="replace the link with a real folder")
    folder.mkdir(parents=True, exist_ok=True)
    if (path.exists() or path.is_symlink()) and not layout.is_inside(path):
        raise RefusedError(f"{layout.rel_to_repo(path)} is a link out of the repository: not replaced",
                           hint="delete the link")
    atomic_write(path, record.to_text())
    return path


def machine_hashes(layout: DocsLayout, lang: str, rel: str, ledger: Ledger | None = None) -> frozenset[str]:
    """Segment hashes of the text the machine wrote on ``lang/rel``: the record's (committed: a fresh clone
    has them) and, with ``ledger``, this machine's runs' (:meth:`.ledger.Ledger.machine_texts`)."""
    rec = read_record(layout, lang, rel)
    own = rec.machine.segments if rec is not None and rec.machine is not None else frozenset()
    return own | ledger.machine_texts(lang, rel) if ledger is not None else own


def now() -> str:
    """A sign-off's or write's time, UTC, to the second."""
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


@dataclass(slots=True)
class ReviewSettings:
    """The team's review settings (``[review]`` of ``hfi18n.toml``)::

        [review]
        guide_url = "https://github.com/huggingface/transformers/blob/main/docs/TRANSLATING.md"
        reviewers = ["alice", "bob"]     # sign-offs by anyone else are flagged in status

        [review.notice]
        ko = "이 문서는 기계 번역되었습니다. ..."   # the notice's words, replacing the built-in ones
    """

    guide_url: str | None = None
    notice: dict[str, str] = field(default_factory=dict)
    reviewers: list[str] = field(default_factory=list)

    def notice_words(self, lang: str) -> str | None:
        return self.notice.get(lang)

    @classmethod
    def from_config(cls, cfg) -> ReviewSettings:
        guide = cfg.get("review.guide_url")
        notice = cfg.get("review.notice") or {}
        reviewers = cfg.get("review.reviewers") or []
        return cls(guide if isinstance(guide, str) and _GUIDE_URL_RE.fullmatch(guide) else None,
                   {str(k): v for k, v in notice.items() if isinstance(v, str)} if isinstance(notice, dict) else {},
                   [str(r) for r in reviewers] if isinstance(reviewers, list) else [])


_GUIDE_URL_RE = re.compile(r"https?://[^\s()<>\[\]\"'`\\]+")
"""A guide URL the notice's Markdown link can hold as it is: a parenthesis, a bracket or a space would end the
link and let the rest of the setting write Markdown (or HTML) into every machine page."""


def review_settings(layout: DocsLayout) -> ReviewSettings:
    """The settings of the repository ``layout`` is in (defaults when its config cannot be read)."""
    try:
        return ReviewSettings.from_config(load_config(layout.repo))
    except (ConfigError, OSError):
        return ReviewSettings()


# --------------------------------------------------------------------------------------------- the state


@dataclass(slots=True)
class ReviewState:
    """The review state of one translated page, read from its text and its record."""

    state: str
    """``machine``, ``reviewed`` or ``human``."""
    pending: int | None = 0
    """Machine segments no reviewer signed off (None: unknown, the page has the notice but no record)."""
    machine: int = 0
    """Machine segments on the page (signed off or not)."""
    segments: int | None = 0
    """Segments on the page (None: not counted, a page with no record and no notice)."""
    signoff: SignOff | None = None
    """The sign-off (``reviewed``), or the earlier one an update left partly pending (``machine``)."""
    notice: bool = False
    """The page carries the reader notice."""
    problem: str | None = None
    unlisted: bool = False
    """The sign-off is in the name of someone not in the team's ``[review] reviewers`` list."""
    changed: int = 0
    """Segments of a ``reviewed`` page its sign-off does not cover: text changed by hand since (human text,
    but not the text the reviewer read)."""
    findings: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    english: str | None = None
    """The English the machine text follows (its path), when there is machine text."""

    @property
    def wants_notice(self) -> bool:
        """Should readers see the notice? Only while machine text waits for review."""
        return self.state == "machine"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"state": self.state, "pending": self.pending, "machine": self.machine,
                                  "notice": self.notice}
        if self.segments is not None:
            out["segments"] = self.segments
        if self.signoff is not None:
            out["reviewed" if self.state == "reviewed" else "last_review"] = self.signoff.who()
        if self.changed:
            out["changed_since_review"] = self.changed
        if self.unlisted:
            out["unlisted_reviewer"] = True
        if self.findings:
            out["findings"] = dict(self.findings)
        if self.notes:
            out["notes"] = list(self.notes)
        if self.problem:
            out["problem"] = self.problem
        return out


def state_of(text: str, record: ReviewRecord | None) -> ReviewState:
    """The review state of a page with text ``text`` and review record ``record``."""
    notice = has_notice(text)
    segs = page_segments(text)
    machine = record.machine.segments if record is not None and record.machine is not None else frozenset()
    signed = record.signoff.segments if record is not None and record.signoff is not None else frozenset()
    on_page = [h for h in segs if h in machine]
    pending = sum(1 for h in on_page if h not in signed)
    st = ReviewState("human", pending, len(on_page), len(segs), notice=notice)
    if record is not None and record.machine is not None:
        st.findings, st.notes, st.english = dict(record.machine.findings), list(record.machine.notes), \
            record.machine.english
    if pending:
        st.state, st.signoff = "machine", record.signoff if record is not None else None
    elif record is not None and record.signoff is not None:
        st.state, st.signoff = "reviewed", record.signoff
        st.changed = sum(1 for h in segs if h not in signed)
    if notice and record is None:
        st.state, st.pending, st.problem = "machine", None, NOTICE_WITHOUT_RECORD
    elif notice and not pending:
        st.problem = STALE_NOTICE
    if st.state != "machine":
        st.findings, st.notes = {}, []
    return st


def review_state(layout: DocsLayout, lang: str, rel: str, *, text: str | None = None,
                 reviewers: Iterable[str] = ()) -> ReviewState | None:
    """The review state of ``lang/rel`` (None when the page cannot be read). A page with no record and
    no notice is ``human`` without being parsed (``segments`` None): status reads every page.
    ``reviewers``: the team's list (``[review] reviewers``); a sign-off by anyone else is flagged."""
    has_record = record_path(layout, lang, rel).exists()
    if text is None and not has_record and not _starts_with_notice(layout.path(lang, rel)):
        return ReviewState("human", segments=None)
    try:
        text = read_text(layout.path(lang, rel)) if text is None else text
    except (InputError, OSError):
        return None
    st = state_of(text, read_record(layout, lang, rel) if has_record else None)
    team = {r.lower() for r in reviewers}
    st.unlisted = bool(team) and st.signoff is not None and st.signoff.by.lower() not in team
    return st


class StateCache:
    """The review states of pages with a record, kept between ``status`` runs (``.git/hfi18n/review-states.json``),
    keyed by the page's and the record's size and modification time (as git's index tells a changed file)
    and the team's reviewers. Reading 375 machine pages of diffusers to hash their segments added 1.5 s to
    every ``status``; a page that did not change is not parsed again."""

    VERSION = 1

    def __init__(self, layout: DocsLayout) -> None:
        self.layout = layout
        self.path = state_dir(layout, "review-states.json")
        self.entries: dict[str, list] = {}
        self.changed = False
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("version") == self.VERSION and isinstance(data.get("entries"), dict):
                self.entries = data["entries"]
        except (OSError, ValueError, AttributeError):
            pass

    def key(self, lang: str, rel: str, reviewers: Iterable[str]) -> str | None:
        try:
            page, rec = self.layout.path(lang, rel).stat(), record_path(self.layout, lang, rel).stat()
        except OSError:
            return None
        return f"{page.st_size}:{page.st_mtime_ns}:{rec.st_size}:{rec.st_mtime_ns}:{','.join(sorted(reviewers))}"

    def state(self, lang: str, rel: str, reviewers: Iterable[str] = ()) -> dict[str, object] | None:
        """:meth:`ReviewState.to_json` of ``lang/rel`` (None: unreadable), from the cache when unchanged."""
        reviewers = list(reviewers)
        if not record_path(self.layout, lang, rel).exists():
            st = review_state(self.layout, lang, rel, reviewers=reviewers)
            return st.to_json() if st is not None else None
        key, name = self.key(lang, rel, reviewers), f"{lang}/{rel}"
        hit = self.entries.get(name)
        if key is not None and isinstance(hit, list) and len(hit) == 2 and hit[0] == key:
            return dict(hit[1])
        st = review_state(self.layout, lang, rel, reviewers=reviewers)
        out = st.to_json() if st is not None else None
        if key is not None and out is not None:
            self.entries[name] = [key, out]
            self.changed = True
        return out

    def save(self) -> None:
        """Write the cache (best effort)."""
        if not self.changed:
            return
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, json.dumps({"version": self.VERSION, "entries": self.entries}))


def _starts_with_notice(path: Path) -> bool:
    try:
        with open(path, "rb") as fh:
            head = fh.read(1024).decode("utf-8", errors="replace")
    except OSError:
        return False
    return NOTICE_MARKER in head


# ------------------------------------------------------------------------------------------ the PR audit


@dataclass(slots=True)
class RecordChange:
    """What a change of one review record does (a PR's base and head versions compared)."""

    doc: str
    kind: str
    """``signoff-added``, ``signoff-changed``, ``signoff-removed``, ``machine-dropped``, ``unreadable``."""
    message: str
    by: str | None = None


def audit_records(doc: str, before: str | None, after: str | None, page_after: str | None, *,
                  author: str | None = None) -> list[RecordChange]:
    """What a change of ``doc``'s review record from ``before`` to ``after`` (their texts, None: absent)
    claims, for the reviewer of the change: every sign-off added or changed (in whose name, and whether
    that is the change's ``author``), a sign-off removed, and machine text the record no longer lists although
    the page (``page_after``) still holds it: the page would read as human with no one having reviewed it."""
    out: list[RecordChange] = []
    try:
        old = ReviewRecord.from_text(before, doc) if before is not None else None
    except InputError:
        old = None
    try:
        new = ReviewRecord.from_text(after, doc) if after is not None else None
    except InputError as exc:
        return [RecordChange(doc, "unreadable", f"{exc.message}: it is ignored, the page reads as if it had none")]
    o, n = (old.signoff if old else None), (new.signoff if new else None)
    if n is not None and (o is None or o.to_json() != n.to_json()):
        kind = "signoff-added" if o is None else "signoff-changed"
        other = f" (the change is by {author})" if author and author.lower() != n.by.lower() else ""
        out.append(RecordChange(doc, kind, f"records a sign-off of {doc} in the name of {n.by!r} ({n.at}, English "
                                           f"{n.english_commit[:10] or 'unknown'}){other}: a sign-off says a team "
                                           "reviewer read and accepted this exact text; confirm it was theirs",
                                n.by))
    elif o is not None and n is None:
        out.append(RecordChange(doc, "signoff-removed", f"removes the sign-off of {doc} by {o.by!r} ({o.at})", o.by))
    if page_after is not None and old is not None and old.machine is not None:
        kept = set(page_segments(page_after))
        still = {h for h in old.machine.segments if h in kept}
        now_machine = new.machine.segments if new is not None and new.machine is not None else frozenset()
        now_signed = n.segments if n is not None else frozenset()
        dropped = {h for h in still if h not in now_machine and h not in now_signed}
        if dropped:
            out.append(RecordChange(doc, "machine-dropped",
                                    f"drops {len(dropped)} segment(s) of {doc} from the machine record while the page "
                                    "still holds that text: it would read as human text no one reviewed"))
    return out
