"""The persistent cache: what one run worked out from git ids, kept for the next run (issue 32).

``check`` runs after every edit, in every PR and on every page of the web app; ``status`` on every visit
of the dashboard. Both start from the same facts: the doc history (one ``git log``), the parsed doc model
of every English and translated version they compare, and the record of what each translation follows.
Each of them is a function of git ids alone (and of hfi18n's code), so it is kept under those ids and is
right by construction: when the content changes, the key changes.

============ ================================================ =============================================
kind         key                                              value
============ ================================================ =============================================
``doc``      the text's git blob id; the MDX prose props       the parsed :class:`~hfi18n.doc.Document`
``history``  the docs root; HEAD                               the replayed :class:`~.doclog.History`
``bases``    the docs root; HEAD; language; prose props        per translation, what its record was worked
                                                               out from (its English twin, the blob of its
                                                               work-tree file, its ledger records) and the
                                                               :class:`~.history.BaseInfo`
``review``   the page; the blobs of the page and of its review the review state status shows
             record; the team's reviewers                     (:class:`~.signoff.StateCache`)
``analysis`` the language and the analyzer's version; the text  what the analyzer said: a text's sentences,
             (or the word, or the morphemes)                  a word's morphemes, morphemes joined back
                                                               (:func:`hfi18n.lang.base.analyses_kept`)
============ ================================================ =============================================

A work-tree file, committed or not, is keyed by git's blob id of its bytes (what ``git hash-object``
prints), never by its name or modification time.

The cache is one SQLite file, ``.git/hfi18n/cache.sqlite``: never committed, never pushed. Concurrent
runs share it: SQLite serialises the writers, each run writes what it worked out in one transaction at
its end, and two runs that work out one key write one value. The file records the cache format and a
digest of hfi18n's own code (:func:`code_version`); a cache written by any other code is emptied with a
one-line note, and so is a file that is no readable cache (corrupt, truncated, something else): it is
never trusted. Values are :mod:`marshal` data (plain values only: reading one runs no code), compressed.
Without a git folder, in a read-only checkout, or with ``--no-cache`` (:func:`caching`), nothing is read
or written.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import marshal
import sqlite3
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

log = logging.getLogger("hfi18n.cache")

CACHE_FILE = "hfi18n/cache.sqlite"
"""The cache, under the repository's git folder."""

FORMAT = 2
"""The layout of the file and the meaning of its entries; bumped when the tables change or what an entry holds
does (2: issue 31's record, the English a translation follows, in the bases, drift and findings; any change of
the code empties the cache anyway: :func:`code_version`)."""

MAX_BYTES = 512 * 1024 * 1024
"""Size past which the cache is emptied when a run writes to it: entries are keyed by content, so every
edit adds some and none is ever wrong; this bounds what years of edits leave (the 20,000-commit repo's
whole cache after a status and a check: under 50 MB)."""

_T = TypeVar("_T")

_enabled: ContextVar[bool] = ContextVar("hfi18n_cache", default=True)


@contextlib.contextmanager
def caching(enabled: bool = True) -> Iterator[None]:
    """Use the persistent cache (or not: ``--no-cache``) for the calls made inside."""
    token = _enabled.set(enabled)
    try:
        yield
    finally:
        _enabled.reset(token)


def cache_enabled() -> bool:
    return _enabled.get()


@lru_cache(maxsize=1)
def code_version() -> str:
    """A digest of hfi18n's source (every module and data file of the package) and of the Python version
    (marshal's format is Python's): an entry written by other code is never read. A change in development, where the
    version number stays, empties the cache as a release does."""
    root = Path(__file__).resolve().parents[1]
    h = hashlib.sha256(f"{FORMAT}/{sys.version_info[0]}.{sys.version_info[1]}".encode())
    for p in sorted([*root.rglob("*.py"), *(root / "data").rglob("*")]):
        if not p.is_file():
            continue
        h.update(p.relative_to(root).as_posix().encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:20]


class CorruptEntry(Exception):
    """A cached value that does not decode as what its kind holds."""


class Cache:
    """The cache file of one repository, opened on first use; ``flush`` writes what was put."""

    def __init__(self, path: Path | None) -> None:
        self.path = path if cache_enabled() else None
        self._db: sqlite3.Connection | None = None
        self._opened = False
        self._pending: dict[tuple[str, str], tuple[str, bytes]] = {}
        self.notes: list[str] = []
        """What was said about the file (a foreign or corrupt cache rebuilt)."""

    @classmethod
    def of(cls, git_dir: Path | None) -> Cache:
        """The cache of the repository whose git folder is ``git_dir`` (None: no cache)."""
        return cls(git_dir / CACHE_FILE if git_dir is not None else None)

    @property
    def enabled(self) -> bool:
        return self.path is not None

    # ---------------------------------------------------------------------------------- the file

    def _note(self, what: str) -> None:
        line = f"hfi18n: the cache {self.path} {what}; it is rebuilt"
        self.notes.append(line)
        log.warning(line)

    def _connect(self) -> sqlite3.Connection | None:
        if self._opened:
            return self._db
        self._opened = True
        if self.path is None:
            return None
        for attempt in (1, 2):
            try:
                self._db = self._open()
                return self._db
            except sqlite3.OperationalError:  # locked for too long, read-only, no folder: no cache this run
                self._close()
                return None
            except (sqlite3.DatabaseError, CorruptEntry) as exc:  # not a database, malformed
                self._close()
                if attempt == 2:
                    return None
                self._note(f"is not a readable cache ({exc})")
                self._remove()
        return None  # pragma: no cover

    def _open(self) -> sqlite3.Connection:
        assert self.path is not None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise sqlite3.OperationalError(str(exc)) from exc
        db = sqlite3.connect(str(self.path), timeout=30, isolation_level=None, check_same_thread=False)
        self._db = db
        db.execute("PRAGMA journal_mode=WAL")  # readers never wait for a writer
        db.execute("PRAGMA synchronous=NORMAL")
        want = code_version()
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if {"meta", "entries"} <= tables:
            row = db.execute("SELECT v FROM meta WHERE k='version'").fetchone()
            if row is not None and row[0] == want:
                return db
            db.execute("BEGIN IMMEDIATE")
            row = db.execute("SELECT v FROM meta WHERE k='version'").fetchone()
            if row is None or row[0] != want:  # another run may have rebuilt it meanwhile
                db.execute("DELETE FROM entries")
                db.execute("INSERT OR REPLACE INTO meta VALUES ('version', ?)", (want,))
                db.execute("COMMIT")
                self._note("was written by another version of hfi18n")
            else:
                db.execute("COMMIT")
            return db
        if tables - {"meta", "entries"}:
            raise CorruptEntry(f"unknown tables {', '.join(sorted(tables))}")
        db.execute("BEGIN IMMEDIATE")
        db.execute("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)")
        db.execute("CREATE TABLE IF NOT EXISTS entries (kind TEXT NOT NULL, key TEXT NOT NULL, "
                   "head TEXT NOT NULL, value BLOB NOT NULL, PRIMARY KEY (kind, key)) WITHOUT ROWID")
        db.execute("INSERT OR IGNORE INTO meta VALUES ('version', ?)", (want,))
        db.execute("COMMIT")
        row = db.execute("SELECT v FROM meta WHERE k='version'").fetchone()
        if row is None or row[0] != want:
            raise CorruptEntry("written by another version meanwhile")
        return db

    def _close(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
        self._db = None

    def _remove(self) -> None:
        assert self.path is not None
        for suffix in ("", "-wal", "-shm", "-journal"):
            with contextlib.suppress(OSError):
                Path(str(self.path) + suffix).unlink()

    def _corrupt(self, exc: Exception) -> None:
        """A value that does not decode: the whole cache is emptied, never trusted again."""
        self._note(f"holds an entry that does not read back ({type(exc).__name__})")
        self._pending.clear()
        db = self._db
        if db is not None:
            try:
                db.execute("DELETE FROM entries")
            except sqlite3.Error:
                self._close()
                self._remove()
                self._opened = False

    # ---------------------------------------------------------------------------------- entries

    def get(self, kind: str, key: str, decode: Callable[[object], _T]) -> _T | None:
        """The value of ``(kind, key)``, through ``decode`` (None: not cached, or not readable)."""
        return self.get_many(kind, [key], decode).get(key)

    def get_many(self, kind: str, keys: Iterable[str], decode: Callable[[object], _T]) -> dict[str, _T]:
        keys = list(dict.fromkeys(keys))
        found: dict[str, bytes] = {}
        for key in keys:
            hit = self._pending.get((kind, key))
            if hit is not None:
                found[key] = hit[1]
        db = self._connect()
        rest = [k for k in keys if k not in found]
        if db is not None and rest:
            try:
                for i in range(0, len(rest), 500):
                    chunk = rest[i:i + 500]
                    rows = db.execute(f"SELECT key, value FROM entries WHERE kind=? AND key IN "
                                      f"({','.join('?' * len(chunk))})", (kind, *chunk)).fetchall()
                    found.update(rows)
            except sqlite3.OperationalError:
                pass  # locked: nothing from the cache this time
            except sqlite3.DatabaseError as exc:
                self._corrupt(exc)
                return {}
        out: dict[str, _T] = {}
        for key, data in found.items():
            try:
                out[key] = decode(marshal.loads(zlib.decompress(data)))
            except Exception as exc:  # noqa: BLE001 - any decoding failure means the file is not to be trusted
                self._corrupt(exc)
                return {}
        return out

    def put(self, kind: str, key: str, value: object, head: str = "") -> None:
        """Keep ``value`` (plain data: marshal) under ``(kind, key)``; written by :meth:`flush`. ``head``:
        the commit the entry belongs to (:meth:`flush` drops the entries of other commits of that kind)."""
        if self.path is None:
            return
        try:
            data = zlib.compress(marshal.dumps(value), 1)
        except ValueError:  # pragma: no cover - not plain data: a bug, never a reason to fail a run
            return
        self._pending[(kind, key)] = (head, data)

    def flush(self) -> None:
        """Write what was put, in one transaction (best effort: a locked or read-only cache keeps nothing)."""
        if not self._pending:
            return
        db = self._connect()
        pending, self._pending = self._pending, {}
        if db is None:
            return
        heads = {(kind, head) for (kind, _key), (head, _data) in pending.items() if head}
        try:
            db.execute("BEGIN IMMEDIATE")
            for kind, head in heads:  # one commit's entries of a kind at a time: the others are stale
                db.execute("DELETE FROM entries WHERE kind=? AND head != '' AND head != ?", (kind, head))
            db.executemany("INSERT OR REPLACE INTO entries VALUES (?, ?, ?, ?)",
                           [(kind, key, head, data) for (kind, key), (head, data) in pending.items()])
            db.execute("COMMIT")
        except sqlite3.Error:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            return
        self._bound(db)

    def _bound(self, db: sqlite3.Connection) -> None:
        """Empty the cache once it passed :data:`MAX_BYTES` (best effort)."""
        assert self.path is not None
        try:
            if self.path.stat().st_size <= MAX_BYTES:
                return
        except OSError:
            return
        with contextlib.suppress(sqlite3.Error):
            db.execute("DELETE FROM entries")
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            db.execute("VACUUM")

    def close(self) -> None:
        self.flush()
        self._close()

    def __enter__(self) -> Cache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
