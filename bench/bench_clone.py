"""What the web app's Space clone fetches, and what it buys ``status``, on the real corpora.

    python bench/bench_clone.py           # every corpus of ../shared/corpora
    python bench/bench_clone.py --lazy    # also: status on a blobless clone *without* the batched fetch

Each corpus bundle is cloned into a bare "server" repository (partial clone allowed, as GitHub does), then
``hfi18n.api.clone`` clones it over ``file://``: a blobless clone of the default branch, then one batched
fetch of every past version of the docs. Printed per corpus: size and time of a full clone, of the blobless
clone and of the batch, the number of doc versions fetched, and the cold status time on the result (and,
with ``--lazy``, on a blobless clone where git fetches each old version on demand, one at a time).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from _corpora import NAMES  # noqa: E402
from _corpora import bundle as corpus_bundle  # noqa: E402

from hfi18n import api  # noqa: E402
from hfi18n.repo import doclog  # noqa: E402


def git(*args: str) -> None:
    subprocess.run(["git", *args], check=True, capture_output=True)


def size(path: Path) -> float:
    """Bytes of the ``.git`` folder (or bare repository), in MB."""
    git_dir = path / ".git" if (path / ".git").is_dir() else path
    return sum(p.stat().st_size for p in git_dir.rglob("*") if p.is_file()) / 1e6


def status_time(path: Path) -> float:
    doclog._HISTORY_CACHE.clear()
    start = time.perf_counter()
    api.status(path, None, pulls=False)
    return time.perf_counter() - start


def main() -> None:
    lazy = "--lazy" in sys.argv
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        print(f"{'corpus':16} {'full MB':>8} {'full s':>7} {'blobless MB':>11} {'+docs MB':>9} {'clone s':>8} "
              f"{'versions':>9} {'status s':>9}" + (f" {'lazy status s':>14}" if lazy else ""))
        for name in NAMES:
            bundle = corpus_bundle(name)
            if not bundle.exists():
                print(f"{name:16} (no bundle)")
                continue
            server = tmp / "server" / f"{name}.git"
            git("clone", "-q", "--bare", str(bundle), str(server))
            git("-C", str(server), "config", "uploadpack.allowfilter", "true")
            git("-C", str(server), "config", "uploadpack.allowanysha1inwant", "true")
            start = time.perf_counter()
            full = tmp / "full" / name
            git("clone", "-q", "--single-branch", "--no-tags", server.as_uri(), str(full))
            full_s = time.perf_counter() - start
            start = time.perf_counter()
            result = api.clone(server.as_uri(), tmp / "space", allow_local=True)
            clone_s = time.perf_counter() - start
            blobless = tmp / "blobless" / name
            git("clone", "-q", "--filter=blob:none", "--single-branch", "--no-tags", server.as_uri(), str(blobless))
            row = (f"{name:16} {size(full):8.1f} {full_s:7.2f} {size(blobless):11.1f} "
                   f"{size(result.path) - size(blobless):9.1f} {clone_s:8.2f} {result.fetched_versions:9d} "
                   f"{status_time(result.path):9.2f}")
            if lazy:
                row += f" {status_time(blobless):14.2f}"
            print(row, flush=True)
            shutil.rmtree(full)


if __name__ == "__main__":
    main()
