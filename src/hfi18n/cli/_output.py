"""Results go to stdout, everything else (errors, hints, progress) to stderr.

Both consoles print text as it is (``markup=False``): doc text is full of ``[[anchors]]``, ``[`Refs`]``
and ``[i18n-KO]`` that rich would take for markup. A call that wants colour says ``markup=True`` and
escapes what it interpolates.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape

if TYPE_CHECKING:
    from ..api import DocOutcome

out = Console(soft_wrap=True, highlight=False, markup=False)
err = Console(stderr=True, soft_wrap=True, highlight=False, markup=False)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def print_doc(d: DocOutcome, detail: str | None = None) -> None:
    """One doc of a translate run or a collected batch: written (green), draft (yellow) or not (red), then
    ``detail``, the segments left in English and the check errors."""
    colour = "green" if d.written and not d.draft else "yellow" if d.written else "red"
    out.print(f"[{colour}]{escape(d.note)}[/]: {escape(str(d.target))}", markup=True)
    if detail:
        out.print(f"  {detail}")
    for f in d.failures:
        out.print(f"  left in English (line {f['line']}): {f['reason']}")
    for e in d.errors:
        out.print(f"  {e['file']}:{e['line']}: [{e['check']}] {e['message']}")
