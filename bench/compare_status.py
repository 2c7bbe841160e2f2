"""``status`` gives the same report as an older commit's, on the corpora and the big repo (issue 32).

    python bench/compare_status.py                      # every corpus (every language) and the big repo (ko)
    python bench/compare_status.py --against main~3     # another commit to compare with
    python bench/compare_status.py --targets diffusers

A speed change of ``status`` (history, bases, follows records) must not change one row: this runs
``hfi18n status --format json --no-cache`` with this tree and with the older commit (checked out with
``git archive`` and run with the same interpreter, as :mod:`bench_budget` does) and compares the JSON
reports whole. Exit 1 on any difference, with the first rows that differ. Not a test: the big repo takes
a minute per tree.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from _corpora import NAMES, corpus  # noqa: E402
from bench_budget import old_tree  # noqa: E402


def report(src: Path, repo: Path, langs: list[str]) -> dict:
    env = {**os.environ, "PYTHONPATH": str(src), "HFI18N_NO_UPDATE_CHECK": "1"}
    argv = [sys.executable, "-m", "hfi18n", "status", "--repo", str(repo), "--format", "json", "--no-cache"]
    for lang in langs:
        argv += ["--lang", lang]
    out = subprocess.run(argv, env=env, capture_output=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"status failed with {src}: {out.stderr.decode('utf-8', 'replace')[-400:]}")
    return json.loads(out.stdout)


def differences(old: dict, new: dict) -> list[str]:
    if old == new:
        return []
    out = [f"{k}: {old.get(k)!r} -> {new.get(k)!r}" for k in sorted({*old, *new}) if k != "docs" and old.get(k) != new.get(k)]
    rows_old = {(d["lang"], d["path"]): d for d in old.get("docs", [])}
    rows_new = {(d["lang"], d["path"]): d for d in new.get("docs", [])}
    for key in sorted({*rows_old, *rows_new}):
        a, b = rows_old.get(key), rows_new.get(key)
        if a != b:
            fields = sorted(f for f in {*(a or {}), *(b or {})} if (a or {}).get(f) != (b or {}).get(f))
            out.append(f"{key[0]}/{key[1]}: {', '.join(fields)}")
    if not out:
        out.append("the rows are the same but not in the same order")
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", default="main", help="older commit to compare with (default main)")
    ap.add_argument("--targets", default=",".join([*NAMES, "big"]), help="corpora and/or big")
    args = ap.parse_args(argv)
    failed = False
    with tempfile.TemporaryDirectory(prefix="hfi18n-compare-") as tmp:
        (Path(tmp) / "old").mkdir()
        src_old = old_tree(args.against, Path(tmp) / "old")
        for target in args.targets.split(","):
            if target == "big":
                from make_big_repo import big_repo
                repo, langs = big_repo(), ["ko"]
            else:
                repo, langs = corpus(target), []
            diff = differences(report(src_old, repo, langs), report(ROOT / "src", repo, langs))
            print(f"{target:16} {'same' if not diff else f'{len(diff)} differences'}")
            for line in diff[:20]:
                print(f"    {line}")
            failed = failed or bool(diff)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
