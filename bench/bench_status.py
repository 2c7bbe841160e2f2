"""Time ``hfi18n status`` (every language) on the real corpora.

    python bench/bench_status.py                 # clones ../shared/corpora/*.bundle into a temp dir
    python bench/bench_status.py PATH [PATH...]  # existing checkouts

For each corpus it prints the cold time (fresh process state: git log, blob batch, every language) and
the best of three warm runs in the same process (history cached in memory), with the number of docs
reported. The target is diffusers under 5 s cold.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from _corpora import NAMES  # noqa: E402
from _corpora import bundle as corpus_bundle  # noqa: E402

from hfi18n.repo import doclog  # noqa: E402
from hfi18n.repo.layout import DocsLayout  # noqa: E402
from hfi18n.repo.status import compute_status  # noqa: E402


def run(path: Path) -> tuple[float, float, int, int]:
    doclog._HISTORY_CACHE.clear()
    start = time.perf_counter()
    report = compute_status(DocsLayout.open(path), write_cache=False)
    cold = time.perf_counter() - start
    warm = []
    for _ in range(3):
        start = time.perf_counter()
        compute_status(DocsLayout.open(path), write_cache=False)
        warm.append(time.perf_counter() - start)
    return cold, min(warm), len(report.languages), len(report.docs)


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv]
    with tempfile.TemporaryDirectory() as tmp:
        if not paths:
            for name in NAMES:
                bundle = corpus_bundle(name)
                if not bundle.exists():
                    print(f"{name}: no bundle at {bundle}", file=sys.stderr)
                    continue
                dest = Path(tmp) / name
                subprocess.run(["git", "clone", "-q", str(bundle), str(dest)], check=True)
                paths.append(dest)
        print(f"{'corpus':<18} {'cold s':>7} {'warm s':>7} {'langs':>5} {'rows':>6}")
        for path in paths:
            cold, warm, langs, rows = run(path)
            print(f"{path.name:<18} {cold:7.2f} {warm:7.2f} {langs:5d} {rows:6d}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
