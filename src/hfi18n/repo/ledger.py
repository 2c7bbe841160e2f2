"""The run ledger: what this machine's runs wrote, so every command sees a run before it is committed.

A run that writes a translation records here (``.git/hfi18n/ledger.json``) the file as written (its git
blob id), the English it follows (blob and path), and per segment who wrote it: the texts the machine
wrote (``machine``) and the English texts it left untranslated (``unfinished``). It is keyed by content,
so every later state is recognised without trusting a commit subject:

* the work tree is exactly what a run wrote: it follows that run's English (``status`` after
  ``translate --update`` is up to date before anything is committed; it said ``outdated`` before);
* a commit holds exactly what a run wrote, whatever its subject (``docs: edit``);
* the work tree is a run's output with hand edits on top (not committed yet): it still follows that
  run's English, and the edited segments are human from then on (their text is not in ``machine``).

A fresh clone has no ledger: there :mod:`hfi18n.repo.history` derives the same answer from the commits
(a commit of the translation that carries the English changes since its base moves the base). Without a
ledger every segment counts as human, the safe side: nothing is re-translated that a human may have
written. The ledger is a local record, never committed nor pushed; it keeps the last
:data:`KEEP_PER_DOC` writes of each doc.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: records are still written atomically, without a lock
    fcntl = None  # type: ignore[assignment]

from ..errors import RepoError
from ..fileio import atomic_write
from .doclog import blob_id, repo_dirs
from .layout import DocsLayout

LEDGER_FILE = "hfi18n/ledger.json"
LEDGER_VERSION = 1
KEEP_PER_DOC = 5
"""Writes remembered per doc: a commit or work tree holding an older write than these is found by history."""


def text_blob(text: str) -> str:
    """:func:`blob_id` of a doc as written (UTF-8, newlines untouched)."""
    return blob_id(text.encode("utf-8", "surrogatepass"))


def segment_hash(text: str) -> str:
    """Short digest of one segment text (placeholder form), as the ledger stores it."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:20]


@dataclass(slots=True, frozen=True)
class RunRecord:
    """One translation a run wrote."""

    lang: str
    rel: str
    """The translated file, relative to its language folder."""
    blob: str
    """Git blob id of the file as written."""
    en_path: str
    """The English doc it follows, relative to ``en/``."""
    en_blob: str
    """Git blob id of that English text."""
    machine: frozenset[str] = frozenset()
    """:func:`segment_hash` of every translated segment text the machine wrote (and no human has changed
    since: a carried segment keeps the provenance it had)."""
    unfinished: frozenset[str] = frozenset()
    """:func:`segment_hash` of the English segment texts left in English (failed): unfinished work."""
    segments: frozenset[str] = frozenset()
    """:func:`segment_hash` of every segment of the written file (to recognise it under hand edits)."""
    time: float = field(default_factory=time.time)

    def to_json(self) -> dict[str, object]:
        return {"blob": self.blob, "en_path": self.en_path, "en_blob": self.en_blob,
                "machine": sorted(self.machine), "unfinished": sorted(self.unfinished),
                "segments": sorted(self.segments), "time": self.time}

    @classmethod
    def from_json(cls, lang: str, rel: str, data: dict) -> RunRecord:
        return cls(lang, rel, str(data["blob"]), str(data["en_path"]), str(data["en_blob"]),
                   frozenset(data.get("machine", ())), frozenset(data.get("unfinished", ())),
                   frozenset(data.get("segments", ())), float(data.get("time", 0.0)))


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock next to ``path`` (two runs recording at once both keep their record)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_suffix(".lock"), "a") as fh:
        if fcntl is not None:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


class Ledger:
    """The records of one repository (read once, written atomically on each :meth:`add`)."""

    def __init__(self, git_dir: Path | None) -> None:
        self.path = git_dir / LEDGER_FILE if git_dir is not None else None
        self._docs: dict[str, list[RunRecord]] | None = None

    def _load(self) -> dict[str, list[RunRecord]]:
        if self._docs is None:
            self._docs = {}
            if self.path is not None:
                with contextlib.suppress(OSError, ValueError, KeyError, TypeError, AttributeError):
                    data = json.loads(self.path.read_text(encoding="utf-8"))
                    if data.get("version") == LEDGER_VERSION:
                        for key, recs in data["docs"].items():
                            lang, _, rel = key.partition("/")
                            self._docs[key] = [RunRecord.from_json(lang, rel, r) for r in recs]
        return self._docs

    def records(self, lang: str, rel: str) -> list[RunRecord]:
        """Writes of ``lang/rel``, oldest first."""
        return list(self._load().get(f"{lang}/{rel}", ()))

    def machine_texts(self, lang: str, rel: str) -> frozenset[str]:
        """Segment hashes any recorded run of the doc wrote by machine."""
        return frozenset().union(*(r.machine for r in self.records(lang, rel)))

    def unfinished_texts(self, lang: str, rel: str) -> frozenset[str]:
        """English segment hashes the latest recorded run of the doc left in English."""
        recs = self.records(lang, rel)
        return recs[-1].unfinished if recs else frozenset()

    def add(self, record: RunRecord) -> None:
        """Record a write (best effort: a read-only ``.git`` still gets its translation written)."""
        if self.path is None:
            return
        with contextlib.suppress(OSError), _locked(self.path):
            self._docs = None  # another process may have added records meanwhile: read under the lock
            docs = self._load()
            key = f"{record.lang}/{record.rel}"
            docs[key] = [*docs.get(key, ()), record][-KEEP_PER_DOC:]
            data = {"version": LEDGER_VERSION,
                    "docs": {k: [r.to_json() for r in recs] for k, recs in sorted(docs.items())}}
            atomic_write(self.path, json.dumps(data, ensure_ascii=False) + "\n")

    def digest(self) -> str:
        """What the ledger holds, in a few characters (caches of bases depend on it)."""
        try:
            return hashlib.sha256(self.path.read_bytes()).hexdigest()[:16] if self.path else ""
        except OSError:
            return ""


def ledger_for(layout: DocsLayout) -> Ledger:
    """The ledger of the repository ``layout`` is in (an empty one outside a git checkout)."""
    try:
        return Ledger(repo_dirs(layout)[1])
    except RepoError:
        return Ledger(None)
