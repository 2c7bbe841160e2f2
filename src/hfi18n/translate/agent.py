"""Translation by the calling agent: the jobs of ``prepare_translation`` / ``submit_translation``.

The MCP server used to translate only through a provider key configured on the server. An agent that
calls it (Claude Desktop, Cursor, VS Code) has a model of its own, so the server can instead *prepare* the
work (the segments with their placeholders, the rules, the glossary terms that occur) and *validate* what
the agent sends back, with the very checks a provider's answers get
(:meth:`.pipeline.Translator.take`), then write through the same gate.

Between the two calls the job lives in a file (:class:`AgentJob`, under ``.git/hfi18n/agent-jobs/``, written
atomically), so it survives a server restart and a submission in several rounds: accepted segments are
kept in the job (and in the translation memory), the agent resends only those it must redo. The job records
a digest of the English and a snapshot of the target as they were at prepare time: a submission after either
changed is refused (the segment ids and the text around them may no longer be those the agent translated).
"""

from __future__ import annotations

import contextlib
import json
import re
import secrets
import threading
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..fileio import atomic_write, read_text

OPEN, WRITTEN = "open", "written"
KEEP_DAYS = {OPEN: 30, WRITTEN: 7}
"""Days a job file is kept (see :meth:`AgentJobStore.prune`): an agent rarely resumes a job after a month,
and a written one only answers "written already"."""

_ID_RE = re.compile(r"^[0-9]{8}-[0-9]{6}-[0-9a-f]{8}$")
"""Job ids as :meth:`AgentJobStore.new_id` makes them: nothing else names a file (a job id comes from a tool
call, so ``../../x`` must never reach the file system)."""


@dataclass(slots=True)
class AgentJob:
    """One doc prepared for the agent, saved as JSON between ``prepare`` and ``submit``."""

    id: str
    lang: str
    doc: str
    """English path relative to the language folder."""
    update: bool
    """Prepared as an incremental update (the human segments of unchanged English are kept)."""
    english: str
    """Digest of the English doc at prepare time."""
    target: str
    """:func:`hfi18n.fileio.snapshot` of the target file at prepare time."""
    segments: dict[str, str]
    """Segment id -> digest of its English text: the segments the agent was asked to translate."""
    accepted: dict[str, str] = field(default_factory=dict)
    """Segment id -> accepted translation (placeholder form): from the memory at prepare, or submitted."""
    state: str = OPEN
    note: str = ""
    created: float = field(default_factory=time.time)

    @property
    def remaining(self) -> list[str]:
        """Segments still without an accepted translation, in doc order."""
        return [s for s in self.segments if s not in self.accepted]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


_LOCKS: dict[Path, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


class AgentJobStore:
    """Job files in one folder, each written atomically."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @contextlib.contextmanager
    def locked(self, job_id: str) -> Iterator[None]:
        """Hold job ``job_id`` for one submission: the MCP server runs tool calls on several threads, and two
        submissions of one job at once would each save the job with only its own accepted answers."""
        path = self.path(job_id)
        with _LOCKS_GUARD:
            lock = _LOCKS.setdefault(path, threading.Lock())
        with lock:
            yield

    def path(self, job_id: str) -> Path:
        if not isinstance(job_id, str) or not _ID_RE.match(job_id):
            raise InputError(f"{job_id!r} is not a translation job id",
                             hint="use the job id prepare_translation returned (e.g. 20260101-120000-1a2b3c4d)")
        return self.folder / f"{job_id}.json"

    @staticmethod
    def new_id() -> str:
        return time.strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(4)

    def save(self, job: AgentJob) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write(self.path(job.id), json.dumps(job.to_json(), ensure_ascii=False, indent=1) + "\n")

    def prune(self, now: float | None = None) -> list[str]:
        """Remove jobs older than :data:`KEEP_DAYS` (each prepare makes one: the folder must not grow for
        ever); a damaged job file is left for the user to look at. Returns the ids removed."""
        now = time.time() if now is None else now
        removed = []
        for path in sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []:
            if not _ID_RE.match(path.stem):
                continue
            try:
                job = self.load(path.stem)
            except InputError:
                continue
            if now - job.created > KEEP_DAYS.get(job.state, KEEP_DAYS[OPEN]) * 86400:
                path.unlink(missing_ok=True)
                removed.append(job.id)
        return removed

    def load(self, job_id: str) -> AgentJob:
        path = self.path(job_id)
        if not path.is_file():
            raise InputError(f"no translation job '{job_id}' in this repository",
                             hint="call prepare_translation to get a job")
        try:
            return AgentJob(**json.loads(read_text(path)))
        except (ValueError, TypeError) as exc:
            raise InputError(f"translation job file {path.name} is damaged ({type(exc).__name__})",
                             hint="call prepare_translation again; accepted segments are in the translation "
                                  "memory") from None
