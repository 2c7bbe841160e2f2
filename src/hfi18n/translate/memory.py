"""Translation memory: finished segment translations in SQLite, so a re-run costs nothing.

An entry's key is the SHA-256 of (source segment, target language, model, prompt version, glossary
version): change any of them and the segment is translated again; change nothing and it is served from
here. :meth:`TranslationMemory.put` commits before it returns, and the database runs in WAL mode, so a
process killed at any moment (even ``kill -9``) loses nothing that was put: the next run finds every
committed entry and skips those segments. (``synchronous=NORMAL`` survives the process dying; an OS crash
or power cut may lose the last few commits, never the database. Pass ``durable=True`` for ``FULL``.)

One instance may be shared by threads (a lock serializes its single connection); several processes may
use the same file at once (SQLite locking, with a busy timeout).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ..errors import HfI18nError, InputError

SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS translations (
    key          TEXT PRIMARY KEY,
    source       TEXT NOT NULL,
    translation  TEXT NOT NULL,
    lang         TEXT NOT NULL,
    model        TEXT NOT NULL,
    meta         TEXT,
    created_at   REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS info (name TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
_CHUNK = 500  # keys per SELECT ... IN (...), well below SQLite's parameter limit


def memory_source(provider: Any) -> str:
    """``provider/model`` (``openai/gpt-4.1-mini``), with ``@host`` when the provider talks to a base URL
    that is not its own: the memory is keyed by who answered, so a pseudo run or a loopback test server
    never seeds a run with a real model (issue 23: the same model name used to share entries)."""
    from urllib.parse import urlsplit

    name = f"{provider.name}/{provider.model}"
    base = getattr(provider, "base_url", "") or ""
    if base and base != (getattr(provider, "default_base_url", "") or "").rstrip("/"):
        name += f"@{urlsplit(base).hostname or base}"  # the host alone: a local server's port may change
    return name


def _answered_by(model: str, meta: Mapping[str, Any], provider: str) -> bool:
    """Was an entry (its ``model`` column, :func:`memory_source`, and its meta) answered by ``provider``: a
    provider name (``pseudo``) or ``provider/model``? Entries from before issue 23 have the model alone."""
    if "/" in provider:
        return model == provider or model.startswith(provider + "@")
    return meta.get("provider") == provider or model.split("/", 1)[0] == provider or model == provider


def memory_key(source: str, lang: str, model: str, prompt_version: str | int,
               glossary_version: str | int) -> str:
    """Hex SHA-256 of the five parts (JSON-encoded, so no two different tuples collide by concatenation)."""
    payload = json.dumps([source, lang, model, str(prompt_version), str(glossary_version)], ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _disk_full(exc: BaseException, path: Path) -> bool:
    """SQLite's ``SQLITE_FULL`` (its message where Python < 3.11 gives no code), the OS's ``ENOSPC``, or
    SQLite's "disk I/O error" on a disk with no space left (growing the ``-shm`` file of a full disk fails so)."""
    if isinstance(exc, OSError):
        return exc.errno in (errno.ENOSPC, errno.EDQUOT)
    code = getattr(exc, "sqlite_errorcode", None)
    kind = code & 0xFF if code is not None else None
    if kind == sqlite3.SQLITE_FULL or (kind is None and "database or disk is full" in str(exc)):
        return True
    if kind == sqlite3.SQLITE_IOERR or (kind is None and "disk I/O error" in str(exc)):
        try:
            st = os.statvfs(path.parent)
        except (OSError, AttributeError):  # no statvfs (Windows): an I/O error is left as it is
            return False
        return st.f_bavail * st.f_frsize < 64 * 1024
    return False


def disk_full(path: Path) -> HfI18nError:
    """The error for a translation memory on a full disk.

    A full disk was reported as "the translation memory is not a usable SQLite database ... move the file
    away" (which would throw away every translation paid for) at start, and as "unexpected error:
    OperationalError ... a bug" when it filled during a run (issue 25).
    """
    return HfI18nError(f"disk full at {path.parent}: the translation memory {path.name} could not be written",
                       hint=f"free some space there (df -h {path.parent}), or pass --memory PATH on another disk; "
                            "the memory is intact and keeps every translation stored before this")


def _rollback(conn: sqlite3.Connection) -> None:
    """Roll back, if SQLite has not already (on ``SQLITE_FULL`` it may have): the first error is the one
    to report."""
    with contextlib.suppress(sqlite3.Error):
        conn.execute("ROLLBACK")


class TranslationMemory:
    """A SQLite file of ``key -> translation`` with the source, language, model and metadata kept alongside."""

    key = staticmethod(memory_key)

    def __init__(self, path: Path | str, *, durable: bool = False, timeout: float = 30.0) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(str(self.path), timeout=timeout, check_same_thread=False,
                                         isolation_level=None)
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self._conn.execute(f"PRAGMA busy_timeout={int(timeout * 1000)}")
            self._conn.executescript(_SCHEMA)
            self._conn.execute("INSERT OR IGNORE INTO info(name, value) VALUES ('schema_version', ?)",
                               (str(SCHEMA_VERSION),))
        except (sqlite3.DatabaseError, OSError) as exc:
            if getattr(self, "_conn", None) is not None:
                self._conn.close()  # the file stays open otherwise
            if _disk_full(exc, self.path):
                raise disk_full(self.path) from None
            if isinstance(exc, OSError):
                raise
            raise InputError(f"the translation memory is not a usable SQLite database ({exc})", path=self.path,
                             hint="move the file away; hfi18n will start a new, empty memory") from None

    # -- reading -------------------------------------------------------------------------------

    def get(self, key: str) -> str | None:
        """The translation stored under ``key``, or ``None``."""
        with self._lock:
            row = self._conn.execute("SELECT translation FROM translations WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def get_many(self, keys: Iterable[str]) -> dict[str, str]:
        """``{key: translation}`` for the keys that are stored (missing keys are absent)."""
        wanted = list(dict.fromkeys(keys))
        found: dict[str, str] = {}
        with self._lock:
            for i in range(0, len(wanted), _CHUNK):
                chunk = wanted[i:i + _CHUNK]
                marks = ",".join("?" * len(chunk))
                rows = self._conn.execute(
                    f"SELECT key, translation FROM translations WHERE key IN ({marks})", chunk)
                found.update(rows.fetchall())
        return found

    def entry(self, key: str) -> dict[str, Any] | None:
        """Everything stored under ``key`` (source, translation, lang, model, meta, created_at)."""
        with self._lock:
            row = self._conn.execute(
                "SELECT source, translation, lang, model, meta, created_at FROM translations WHERE key = ?",
                (key,)).fetchone()
        if row is None:
            return None
        source, translation, lang, model, meta, created = row
        return {"key": key, "source": source, "translation": translation, "lang": lang, "model": model,
                "meta": json.loads(meta) if meta else None, "created_at": created}

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.get(key) is not None

    def __len__(self) -> int:
        with self._lock:
            return self._conn.execute("SELECT COUNT(*) FROM translations").fetchone()[0]

    # -- writing -------------------------------------------------------------------------------

    def put(self, key: str, source: str, translation: str, lang: str, model: str,
            meta: Mapping[str, Any] | None = None) -> None:
        """Store one translation and commit before returning (replaces an entry with the same key)."""
        self.put_many([(key, source, translation, lang, model, meta)])

    def put_many(self, items: Iterable[tuple[str, str, str, str, str, Mapping[str, Any] | None]]) -> int:
        """Store several translations in one transaction (all or none survive a crash); returns the count."""
        now = time.time()
        rows = [(k, s, t, lang, model, json.dumps(dict(meta), ensure_ascii=False) if meta else None, now)
                for k, s, t, lang, model, meta in items]
        if not rows:
            return 0
        with self._lock, self._writing():
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                self._conn.executemany(
                    "INSERT OR REPLACE INTO translations(key, source, translation, lang, model, meta, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
                self._conn.execute("COMMIT")
            except BaseException:
                _rollback(self._conn)
                raise
        return len(rows)

    def delete(self, keys: Iterable[str]) -> int:
        """Forget these entries (to force a re-translation); returns how many were removed."""
        wanted = list(dict.fromkeys(keys))
        removed = 0
        with self._lock, self._writing():
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                for i in range(0, len(wanted), _CHUNK):
                    chunk = wanted[i:i + _CHUNK]
                    cur = self._conn.execute(
                        f"DELETE FROM translations WHERE key IN ({','.join('?' * len(chunk))})", chunk)
                    removed += cur.rowcount
                self._conn.execute("COMMIT")
            except BaseException:
                _rollback(self._conn)
                raise
        return removed

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """A full disk under a write is :func:`disk_full`, not "unexpected error: OperationalError"."""
        try:
            yield
        except (sqlite3.OperationalError, OSError) as exc:
            if _disk_full(exc, self.path):
                raise disk_full(self.path) from None
            raise

    # -- housekeeping --------------------------------------------------------------------------

    def entries(self, *, lang: str | None = None, doc: str | None = None, provider: str | None = None,
                before: float | None = None) -> list[dict[str, Any]]:
        """Every entry (as :meth:`entry` gives it), oldest first, optionally only those of ``lang``, of the
        English ``doc`` they were translated for, answered by ``provider`` (``pseudo``, or
        ``openai/gpt-4.1-mini``), or created before the time ``before`` (seconds since the epoch)."""
        sql = "SELECT key, source, translation, lang, model, meta, created_at FROM translations"
        where: list[str] = []
        args: list[Any] = []
        if lang:
            where.append("lang = ?")
            args.append(lang)
        if before is not None:
            where.append("created_at < ?")
            args.append(before)
        if where:
            sql += " WHERE " + " AND ".join(where)
        with self._lock:
            rows = self._conn.execute(sql + " ORDER BY created_at, key", args).fetchall()
        out = []
        for key, source, translation, row_lang, model, meta, created in rows:
            info = json.loads(meta) if meta else {}
            if doc is not None and info.get("doc") != doc:
                continue
            if provider is not None and not _answered_by(model, info, provider):
                continue
            out.append({"key": key, "source": source, "translation": translation, "lang": row_lang,
                        "model": model, "meta": info or None, "created_at": created})
        return out

    def stats(self) -> dict[str, Any]:
        """``{"path", "entries", "bytes", "by_lang": {lang: n}, "by_model": {model: n}}``."""
        with self._lock:
            entries = self._conn.execute("SELECT COUNT(*) FROM translations").fetchone()[0]
            by_lang = dict(self._conn.execute(
                "SELECT lang, COUNT(*) FROM translations GROUP BY lang ORDER BY lang").fetchall())
            by_model = dict(self._conn.execute(
                "SELECT model, COUNT(*) FROM translations GROUP BY model ORDER BY model").fetchall())
        size = sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal")) if p.exists())
        return {"path": str(self.path), "entries": entries, "bytes": size, "by_lang": by_lang,
                "by_model": by_model}

    def integrity_check(self) -> str:
        """SQLite's ``PRAGMA integrity_check`` result (``"ok"`` when healthy)."""
        with self._lock:
            return self._conn.execute("PRAGMA integrity_check").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> TranslationMemory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"TranslationMemory({str(self.path)!r})"
