"""``translate --all`` on the diffusers corpus with the loopback LLM server: docs per minute, tokens per page.

Three runs, each on a fresh clone of the corpus, in the same process's loopback server (the real OpenAI
client over HTTP; ``--latency`` seconds per request, 0 by default so hfi18n's own time shows):

* ``all``: ``hfi18n translate --all --yes`` of this tree;
* ``all --batch``: ``--all --batch --yes`` then ``--collect`` (the loopback batch endpoints);
* ``baseline``: the same docs with an older commit (``--old``, default 9bf234a: main before issue 36),
  which has no ``--all``: ``translate DOC...`` of the missing docs, then ``translate --update DOC...`` of
  the outdated ones (the doc lists are this tree's plan).

    python bench/bench_translate_all.py [--old COMMIT] [--latency 0.0] [--lang ko]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _corpora import bundle

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fakes.llm_server import FakeLLMServer  # noqa: E402


def clone(dest: Path) -> Path:
    subprocess.run(["git", "clone", "-q", str(bundle("diffusers")), str(dest)], check=True)
    return dest


def hfi18n(src: Path, env: dict[str, str], *args: str) -> tuple[float, subprocess.CompletedProcess[str]]:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "hfi18n", *args], env={**env, "PYTHONPATH": str(src)},
                          capture_output=True, text=True, timeout=7200)
    if done.returncode not in (0, 1):
        raise SystemExit(f"hfi18n {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return time.monotonic() - started, done


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", default="9bf234a")
    ap.add_argument("--latency", type=float, default=0.0)
    ap.add_argument("--lang", default="ko")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="hfi18n-bench-all-"))
    old_tree = work / "old"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(old_tree), args.old], check=True)
    try:
        with FakeLLMServer(latency=args.latency) as server:
            env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_TOKEN", "HFI18N_CONFIG")}
            env.update({"OPENAI_API_KEY": "test-key", "OPENAI_BASE_URL": server.openai_base_url, "NO_COLOR": "1"})
            lang = args.lang
            rows = []

            repo = clone(work / "all")
            _, plan = hfi18n(ROOT / "src", env, "translate", "--repo", str(repo), "--lang", lang, "--all",
                             "--provider", "openai", "--dry-run", "--format", "json")
            planned = json.loads(plan.stdout)
            updates = set(planned["updates"])
            docs = [str(d["path"]) for d in planned["docs"]]
            new = [d for d in docs if d not in updates]
            server.reset()
            t, done = hfi18n(ROOT / "src", env, "translate", "--repo", str(repo), "--lang", lang, "--all",
                             "--provider", "openai", "--yes", "--format", "json")
            run = json.loads(done.stdout)
            written = sum(1 for d in run["docs"] if d["written"])
            rows.append(("all", t, written, run["tokens_in"], run["tokens_out"], len(server.requests)))

            repo = clone(work / "batch")
            server.reset()
            t1, done = hfi18n(ROOT / "src", env, "translate", "--repo", str(repo), "--lang", lang, "--all", "--batch",
                              "--provider", "openai", "--model", "gpt-4.1-mini", "--yes", "--format", "json")
            t2, done = hfi18n(ROOT / "src", env, "translate", "--repo", str(repo), "--lang", lang, "--collect", "--format", "json")
            run = json.loads(done.stdout)
            usage = run.get("usage", {})
            written = sum(1 for d in run["docs"] if d["written"])
            rows.append(("all --batch", t1 + t2, written, int(usage.get("tokens_in", 0)),
                         int(usage.get("tokens_out", 0)), len(server.requests)))

            repo = clone(work / "old-run")
            server.reset()
            tin = tout = written = 0
            t = 0.0
            for names, extra in ((new, []), (sorted(updates), ["--update"])):
                for at in range(0, len(names), 40):  # argument lists of a sane length
                    dt, done = hfi18n(old_tree / "src", env, "translate", "--repo", str(repo), "--lang", lang,
                                      *extra, *names[at:at + 40], "--provider", "openai", "--format", "json")
                    t += dt
                    if done.stdout.strip():
                        run = json.loads(done.stdout)
                        written += sum(1 for d in run["docs"] if d["written"])
                        tin += run["tokens_in"]
                        tout += run["tokens_out"]
            rows.append((f"baseline {args.old}", t, written, tin, tout, len(server.requests)))
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old_tree)], check=False)
        shutil.rmtree(work, ignore_errors=True)
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip()
    print(f"diffusers {args.lang}, loopback latency {args.latency} s/request, this tree {head}: "
          f"{len(docs)} docs planned ({len(new)} missing, {len(updates)} outdated)")
    print("| run | wall s | docs written | docs/min | tokens in/page | tokens out/page | requests |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, t, n, tin, tout, reqs in rows:
        print(f"| {name} | {t:.1f} | {n} | {60 * n / t:.1f} | {tin / max(n, 1):.0f} | {tout / max(n, 1):.0f} | {reqs} |")


if __name__ == "__main__":
    main()
