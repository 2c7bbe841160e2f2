"""Results go to stdout, everything else (errors, hints, progress) to stderr."""

from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console

out = Console(soft_wrap=True, highlight=False)
err = Console(stderr=True, soft_wrap=True, highlight=False)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
