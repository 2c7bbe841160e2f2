"""What the Korean style checks cost ``check``: the same runs with the analyzer on and off, side by side.

Whole-process ``hfi18n check --lang ko`` (a fresh process each time, so Kiwi's load is counted every run) on
each corpus (all docs) and on one doc, alternating the two settings run by run; the median of ``--runs``.
"Off" is ``[style.ko] checks = false`` (no analyzer loaded); "on" is the default.

Then, in this process, the parts: Kiwi's load (once per process), the style checks of each corpus's Korean
docs with the analyzer loaded, and how many docs need the analyzer at all (the others' endings are all
settled by the surface reading, so checking one of them alone never loads Kiwi).

    python bench/bench_style_check.py [--runs 5] [--corpus diffusers] [--doc quicktour.md]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _corpora import corpus

CORPORA = ("diffusers", "huggingface_hub", "smolagents")
EXE = Path(sys.executable).with_name("hfi18n")


def timed(repo: Path, config: Path | None, paths: list[str]) -> float:
    env = dict(os.environ)
    env.pop("HFI18N_CONFIG", None)
    if config is not None:
        env["HFI18N_CONFIG"] = str(config)
    started = time.perf_counter()
    subprocess.run([str(EXE), "check", "--repo", str(repo), "--lang", "ko", *paths], env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--corpus", action="append", choices=CORPORA)
    ap.add_argument("--doc", default="quicktour.md", help="the one-doc run (diffusers)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        off = Path(tmp) / "off.toml"
        off.write_text("[style.ko]\nchecks = false\n", encoding="utf-8")
        on = Path(tmp) / "on.toml"
        on.write_text("[style.ko]\n", encoding="utf-8")
        cases = [(name, corpus(name), []) for name in args.corpus or CORPORA]
        cases.insert(1, ("diffusers 1 doc", corpus("diffusers"), [args.doc]))
        print(f"hfi18n check --lang ko, whole process, median of {args.runs} (alternating off/on)")
        print(f"{'':20} {'off s':>7} {'on s':>7} {'+s':>6} {'ratio':>6}")
        for name, repo, paths in cases:
            timed(repo, on, paths)  # warm the page cache and Python's bytecode for both
            t_off, t_on = [], []
            for _ in range(args.runs):
                t_off.append(timed(repo, off, paths))
                t_on.append(timed(repo, on, paths))
            a, b = statistics.median(t_off), statistics.median(t_on)
            print(f"{name:20} {a:7.2f} {b:7.2f} {b - a:6.2f} {b / a:6.2f}")
    breakdown([(name, repo) for name, repo, paths in cases if not paths])


def breakdown(corpora: list[tuple[str, Path]]) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from hfi18n.check.style import StyleRun, check_style, prose_pieces
    from hfi18n.doc import parse
    from hfi18n.lang import layer_for
    from hfi18n.lang.ko import surface

    started = time.perf_counter()
    layer = layer_for("ko")
    layer.analysed(["모델을 불러옵니다."])
    print(f"\nKiwi load and first analysis: {time.perf_counter() - started:.2f} s (once per process)")
    for name, repo in corpora:
        docs = [parse(p.read_text(encoding="utf-8")) for p in sorted((repo / "docs/source/ko").rglob("*.md"))]
        run = StyleRun.for_lang("ko")
        started = time.perf_counter()
        for d in docs:
            check_style(None, d, "x.md", run)
        spent = time.perf_counter() - started
        needing = sum(any(surface(p.text) is None for p in prose_pieces(d)) for d in docs)
        print(f"{name:16} style checks of {len(docs)} docs, analyzer loaded: {spent:.2f} s; docs that need the "
              f"analyzer at all: {needing} of {len(docs)}")


if __name__ == "__main__":
    main()
