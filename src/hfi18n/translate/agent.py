"""Translation by the calling agent: the jobs of ``prepare_translation`` / ``submit_translation``.

The MCP server used to translate only through a provider key configured on the server. An agent that
calls it (Claude Desktop, Cursor, VS Code) has a model of its own, so the server can instead *prepare* the
work (the segments with their placeholders, the rules, the glossary terms that occur) and *validate* what
the agent sends back, with the very checks a provider's answers get
(:meth:`.pipeline.Translator.take`), then write through the same gate.

Between the two calls the job lives in a file (:class:`AgentJob`, under ``.git/hfi18n/agent-jobs/``, written
atomically by the one job store, :mod:`.jobs`), so it survives a server restart and a submission in several rounds: accepted segments are
kept in the job (and in the translation memory), the agent resends only those it must redo. The job records
a digest of the English and a snapshot of the target as they were at prepare time: a submission after either
changed is refused (the segment ids and the text around them may no longer be those the agent translated).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from .jobs import JobStore

OPEN, WRITTEN = "open", "written"
KEEP_DAYS = {OPEN: 30, WRITTEN: 7}
"""Days a job file is kept (see :meth:`AgentJobStore.prune`): an agent rarely resumes a job after a month,
and a written one only answers "written already"."""


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


class AgentJobStore(JobStore[AgentJob]):
    """Agent job files (``.git/hfi18n/agent-jobs``): the one job store (:mod:`.jobs`), kind ``agent``."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder, "agent", lambda data: AgentJob(**data), what="translation job", id_hex=8,
                         hint_id="use the job id prepare_translation returned (e.g. 20260101-120000-1a2b3c4d)",
                         hint_missing="call prepare_translation to get a job",
                         hint_damaged="call prepare_translation again; accepted segments are in the "
                                      "translation memory")

    def prune(self, now: float | None = None) -> list[str]:
        """Remove jobs older than :data:`KEEP_DAYS` (each prepare makes one: the folder must not grow for
        ever); a damaged job file is left for the user to look at. Returns the ids removed."""
        now = time.time() if now is None else now
        removed = []
        for job_id in self.ids():
            path = self.path(job_id)
            try:
                job = self.load(job_id)
            except InputError:
                continue
            if now - job.created > KEEP_DAYS.get(job.state, KEEP_DAYS[OPEN]) * 86400:
                path.unlink(missing_ok=True)
                removed.append(job.id)
        return removed
