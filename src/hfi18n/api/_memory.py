"""``memory_list`` and ``memory_purge``: look into the translation memory and forget entries.

The memory spread bad lines: a clean re-run with a perfect translator took all 1,035 segments of a run
from it and wrote the same English echoes again (issue 23). Today only answers that pass the checks
enter it and every reuse is judged again, but a memory filled before that, or by a pseudo or test run,
should be easy to see and to empty: by doc, by provider, by age, or every entry today's checks refuse.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..doc import Segment
from ..errors import InputError
from ..repo.layout import DEFAULT_DOCS_ROOT
from ..translate.memory import TranslationMemory
from ..translate.validate import validate_segment
from ._common import _layout, default_memory_path

_AGE_RE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([smhdw]?)\s*")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400, "": 86400}


def parse_age(text: str) -> float:
    """Seconds in an age such as ``30d``, ``12h``, ``2w``, ``90m`` or ``45s`` (a bare number is days)."""
    m = _AGE_RE.fullmatch(text or "")
    if m is None:
        raise InputError(f"--older-than {text!r} is not an age",
                         hint="write a number and a unit: 30d (days), 12h (hours), 2w (weeks), 90m (minutes)")
    return float(m.group(1)) * _UNITS[m.group(2)]


def entry_problem(entry: dict[str, Any]) -> str | None:
    """Why today's checks refuse a memory entry (None when they accept it): the same check a reuse gets."""
    seg = Segment("memory", entry["source"], {}, 0)
    return validate_segment(seg, entry["translation"], entry["lang"])


@dataclass(slots=True)
class MemoryReport:
    """Entries of the translation memory that match the filters (and, for a purge, were removed)."""

    path: str
    total: int
    """Entries in the memory (before a purge)."""
    entries: list[dict[str, Any]] = field(default_factory=list)
    """Each: key, source, translation, lang, model, meta, created_at, problem (why today's checks refuse it)."""
    removed: int = 0

    @property
    def failing(self) -> int:
        return sum(1 for e in self.entries if e["problem"])

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "total": self.total, "matched": len(self.entries), "failing": self.failing,
                "removed": self.removed, "entries": self.entries}


def _select(tm: TranslationMemory, *, lang: str | None, doc: str | None, provider: str | None,
            older_than: str | None, failing: bool) -> list[dict[str, Any]]:
    before = time.time() - parse_age(older_than) if older_than else None
    found = tm.entries(lang=lang, doc=doc, provider=provider, before=before)
    for e in found:
        e["problem"] = entry_problem(e)
    return [e for e in found if e["problem"]] if failing else found


def memory_list(repo: Path | str = ".", *, lang: str | None = None, doc: str | None = None,
                provider: str | None = None, older_than: str | None = None, failing: bool = False,
                memory: Path | str | None = None, docs_root: str = DEFAULT_DOCS_ROOT) -> MemoryReport:
    """The memory's entries matching every filter given: ``lang``, the English ``doc`` (``quicktour.md``),
    ``provider`` (``pseudo`` or ``openai/gpt-4.1-mini``), ``older_than`` (``30d``), ``failing`` (refused by
    today's checks). Each entry says why today's checks refuse it, if they do."""
    path = Path(memory) if memory else default_memory_path(_layout(repo, docs_root))
    with TranslationMemory(path) as tm:
        return MemoryReport(str(path), len(tm), _select(tm, lang=lang, doc=doc, provider=provider,
                                                       older_than=older_than, failing=failing))


def memory_purge(repo: Path | str = ".", *, lang: str | None = None, doc: str | None = None,
                 provider: str | None = None, older_than: str | None = None, failing: bool = False,
                 everything: bool = False, memory: Path | str | None = None,
                 docs_root: str = DEFAULT_DOCS_ROOT) -> MemoryReport:
    """Forget the entries :func:`memory_list` would list with the same filters; at least one filter, or
    ``everything``, is required (a purge with none used to be one typo away from emptying the memory)."""
    if not (lang or doc or provider or older_than or failing or everything):
        raise InputError("memory purge needs a filter", hint="add --doc, --provider, --older-than, --lang or "
                         "--failing; --all forgets every entry")
    path = Path(memory) if memory else default_memory_path(_layout(repo, docs_root))
    with TranslationMemory(path) as tm:
        report = MemoryReport(str(path), len(tm), _select(tm, lang=lang, doc=doc, provider=provider,
                                                         older_than=older_than, failing=failing))
        report.removed = tm.delete(e["key"] for e in report.entries)
    return report
