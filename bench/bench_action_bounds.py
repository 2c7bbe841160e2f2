"""What one hostile PR costs the review Action (issue 25 item 6): time and peak memory of the Action's own
call, ``hfi18n review --pr OWNER/REPO#N``, against the loopback GitHub of ``tests/fakes``.

A PR's translated doc of 300 / 3,000 paragraphs (a heading every 10), of 3,000 paragraphs in one section,
and one past the review's bound (``MAX_REVIEW_UNITS`` headings and paragraphs, refused at once with a
``too-large`` finding while the PR's other docs are reviewed). Each case runs in a child process so its
peak memory is its own. Before the pairing was made near-linear, 3,000 paragraphs took 400 s and 544 MB
and a 12,000-heading doc 161 s and 2.4 GB: one such PR stalled the Action.

    python bench/bench_action_bounds.py [--cases 300,3000,3000x1,over]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def one(case: str) -> dict[str, object]:
    """Run one case in this process (called in a child): the Action's review of one PR."""
    import io
    from contextlib import redirect_stderr, redirect_stdout

    from tests.fakes.github_server import FakeGitHub
    from tests.test_review_scale import _docs

    from hfi18n.cli import main
    from hfi18n.review.runner import MAX_REVIEW_UNITS

    if case == "over":
        en = "# Title [[title]]\n\nOne paragraph with `code`.\n"
        ko = "# 제목 [[title]]\n\n" + "\n".join(f"문단 {i}입니다.\n" for i in range(MAX_REVIEW_UNITS + 1))
    else:
        n, _, flat = case.partition("x")
        en, ko = _docs(int(n), every=0 if flat else 10, drop=int(n) // 2)
    os.environ["GITHUB_TOKEN"] = "bench-token"
    with FakeGitHub(token="bench-token") as gh:
        repo = "huggingface/smolagents"
        gh.add_repo(repo)
        pr = gh.add_review_pull(repo, base={"docs/source/en/big.md": en}, head={"docs/source/ko/big.md": ko})
        cfg = Path(os.environ["BENCH_TMP"]) / "hfi18n.toml"
        cfg.write_text(f'[github]\napi_url = "{gh.url}"\n', encoding="utf-8")
        os.environ["HFI18N_CONFIG"] = str(cfg)  # the runner's own settings (never the PR's checkout)
        out, err = io.StringIO(), io.StringIO()
        start = time.perf_counter()
        with redirect_stdout(out), redirect_stderr(err):
            code = main(["review", "--pr", f"{repo}#{pr['number']}", "--lang", "ko", "--format", "json"])
        took = time.perf_counter() - start
    data = json.loads(out.getvalue() or "{}")
    rules = [f.get("rule") for d in data.get("docs", []) for f in d.get("findings", [])]
    return {"case": case, "exit": code, "seconds": round(took, 2), "findings": len(rules),
            "too_large": rules.count("too-large"), "rules": dict(__import__("collections").Counter(rules)),
            "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", default="300,3000,3000x1,over")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        print(json.dumps(one(args.one)))
        return
    import tempfile

    print(f"{'case':<10} {'exit':>4} {'seconds':>8} {'peak MB':>8} {'findings':>8}  notes")
    for case in args.cases.split(","):
        with tempfile.TemporaryDirectory() as tmp:
            env = {**os.environ, "BENCH_TMP": tmp, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}"}
            run = subprocess.run([sys.executable, __file__, "--one", case], capture_output=True, text=True,
                                 env=env, timeout=1800)
        try:
            r = json.loads(run.stdout.strip().splitlines()[-1])
        except (IndexError, json.JSONDecodeError):
            print(f"{case:<10} failed: {run.stderr.strip().splitlines()[-3:]}")
            continue
        what = {"over": "doc past the bound: too-large"}.get(case, "paragraphs (x1: one section)")
        print(f"{case:<10} {r['exit']:>4} {r['seconds']:>8} {r['peak_mb']:>8} {r['findings']:>8}  {what}; "
              f"too-large={r['too_large']}; {r['rules']}")


if __name__ == "__main__":
    main()
