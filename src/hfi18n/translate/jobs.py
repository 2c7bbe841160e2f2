"""One store for the jobs that outlive a process: batch jobs and agent jobs, one file per job.

A batch run (:mod:`.batch`: submitted now, collected hours later) and an agent translation
(:mod:`.agent`: ``prepare_translation`` now, ``submit_translation`` after the agent's model answered) both
keep a job in a JSON file under ``.git/hfi18n/`` (``batches/``, ``agent-jobs/``). They had two stores with
two id rules (the batch one let ``..x`` through to the path), two damage messages and two file layouts
(issue 24); here is the one: ids checked by one pattern before they touch the file system, every write
atomic, one lock per job for the threads of the MCP server, and one file format::

    {"kind": "batch", "format": 1, "id": "20260101-120000-1a2b", ...the job's own fields}

``kind`` says which job a file holds, so a file of one kind is never read as the other (an agent job
copied into ``batches/`` is refused by name, not half-read). Files written before the ``kind`` field
(hfi18n up to issue 24) have neither key: they are read as the kind of the folder they are in.
"""

from __future__ import annotations

import contextlib
import json
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from ..errors import InputError
from ..fileio import atomic_write, read_text

FORMAT = 1
"""The job file format: 1 = the ``kind`` and ``format`` keys beside the job's fields."""

ID_RE = re.compile(r"^[0-9]{8}-[0-9]{6}-[0-9a-f]{4,8}$")
"""Job ids as :meth:`JobStore.new_id` makes them (a batch id has 4 hex digits, an agent id 8): nothing
else names a file (a job id comes from a tool call or the command line, so ``../../x`` must never reach
the file system)."""


class Job(Protocol):
    id: str

    def to_json(self) -> dict[str, Any]: ...


J = TypeVar("J", bound=Job)

_LOCKS: dict[Path, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


class JobStore(Generic[J]):
    """Job files of one ``kind`` in one folder, each written atomically.

    ``read`` makes a job of the file's fields (without ``kind``/``format``); ``what`` names the job in
    errors (``batch job``, ``translation job``), ``hint_id``/``hint_missing``/``hint_damaged`` say what
    to do."""

    def __init__(self, folder: Path, kind: str, read: Callable[[dict[str, Any]], J], *, what: str,
                 id_hex: int = 8, hint_id: str = "", hint_missing: str = "", hint_damaged: str = "") -> None:
        self.folder = folder
        self.kind = kind
        self._read = read
        self.what = what
        self.id_hex = id_hex
        self.hint_id, self.hint_missing, self.hint_damaged = hint_id, hint_missing, hint_damaged

    def path(self, job_id: str) -> Path:
        if not isinstance(job_id, str) or not ID_RE.match(job_id):
            raise InputError(f"{job_id!r} is not a {self.what} id", hint=self.hint_id or None)
        return self.folder / f"{job_id}.json"

    def new_id(self) -> str:
        return time.strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(self.id_hex // 2)

    @contextlib.contextmanager
    def locked(self, job_id: str) -> Iterator[None]:
        """Hold job ``job_id`` for one change: the MCP server runs tool calls on several threads, and two
        submissions of one job at once would each save the job with only its own answers."""
        path = self.path(job_id)
        with _LOCKS_GUARD:
            lock = _LOCKS.setdefault(path, threading.Lock())
        with lock:
            yield

    def save(self, job: J) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        data = {"kind": self.kind, "format": FORMAT, **job.to_json()}
        atomic_write(self.path(job.id), json.dumps(data, ensure_ascii=False, indent=1) + "\n")

    def load(self, job_id: str) -> J:
        path = self.path(job_id)
        if not path.is_file():
            raise InputError(f"no {self.what} '{job_id}' in {self.folder}", hint=self.hint_missing or None)
        try:
            data = json.loads(read_text(path))
            if not isinstance(data, dict):
                raise TypeError("not a JSON object")
            kind = data.pop("kind", self.kind)  # a file from before the kind field: the folder's kind
            data.pop("format", None)
            if kind != self.kind:
                raise InputError(f"{path} holds a job of kind {kind!r}, not a {self.what}",
                                 hint="move it back to its own folder, or delete it")
            return self._read(data)
        except (ValueError, TypeError, KeyError) as exc:
            raise InputError(f"{self.what} file {path} is damaged ({type(exc).__name__}: {exc})",
                             hint=self.hint_damaged or None) from None

    def ids(self) -> list[str]:
        """Ids of the job files in the folder, oldest first (other files are left alone)."""
        if not self.folder.is_dir():
            return []
        return [p.stem for p in sorted(self.folder.glob("*.json")) if ID_RE.match(p.stem)]

    def jobs(self) -> list[J]:
        """Every job, oldest first."""
        return [self.load(i) for i in self.ids()]
