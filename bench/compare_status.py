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


def report(src: Path, repo: Path, langs: list[str]) -> list | dict:
    env = {**os.environ, "PYTHONPATH": str(src), "HFI18N_NO_UPDATE_CHECK": "1"}
    argv = [sys.executable, "-m", "hfi18n", "status", "--repo", str(repo), "--format", "json", "--no-cache"]
    for lang in langs:
        argv += ["--lang", lang]
    out = subprocess.run(argv, env=env, capture_output=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"status failed with {src}: {out.stderr.decode('utf-8', 'replace')[-400:]}")
    return json.loads(out.stdout)


def _rows(report: list | dict) -> tuple[dict, list[dict]]:
    """The report's top-level fields and its rows: ``status --format json`` prints a list of rows; a dict
    with ``docs`` is read too, so a report of either shape compares (the list made this crash)."""
    if isinstance(report, list):
        return {}, report
    return {k: v for k, v in report.items() if k != "docs"}, list(report.get("docs", []))


def differences(old: list | dict, new: list | dict) -> list[str]:
    if old == new:
        return []
    top_old, docs_old = _rows(old)
    top_new, docs_new = _rows(new)
    if type(old) is not type(new):
        out = [f"report shape: {type(old).__name__} -> {type(new).__name__}"]
    else:
        out = []
    out += [f"{k}: {top_old.get(k)!r} -> {top_new.get(k)!r}" for k in sorted({*top_old, *top_new})
            if top_old.get(k) != top_new.get(k)]
    rows_old = {(d.get("lang"), d.get("path")): d for d in docs_old}
    rows_new = {(d.get("lang"), d.get("path")): d for d in docs_new}
    if len(rows_old) != len(docs_old) or len(rows_new) != len(docs_new):
        out.append(f"rows keyed by (lang, path) repeat: {len(docs_old)} -> {len(docs_new)} rows")
    for key in sorted({*rows_old, *rows_new}, key=lambda k: (str(k[0]), str(k[1]))):
        a, b = rows_old.get(key), rows_new.get(key)
        if a != b:
            if a is None or b is None:
                out.append(f"{key[0]}/{key[1]}: {'only in the new report' if a is None else 'only in the old report'}")
                continue
            fields = sorted(f for f in {*a, *b} if a.get(f) != b.get(f))
            out.append(f"{key[0]}/{key[1]}: " + ", ".join(f"{f} {a.get(f)!r} -> {b.get(f)!r}"[:200] for f in fields))
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
