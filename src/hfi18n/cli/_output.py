"""Results go to stdout, everything else (errors, hints, progress) to stderr.

Both consoles print text as it is (``markup=False``): doc text is full of ``[[anchors]]``, ``[`Refs`]``
and ``[i18n-KO]`` that rich would take for markup. A call that wants colour says ``markup=True`` and
escapes what it interpolates.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console

out = Console(soft_wrap=True, highlight=False, markup=False)
err = Console(stderr=True, soft_wrap=True, highlight=False, markup=False)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
