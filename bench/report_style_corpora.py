"""Every ``style/*`` finding of ``check`` on the human Korean docs of the three corpora, for the hand-check.

Prints one line per finding (corpus, doc, line, check, message) and the count per corpus and check; the
verdict of each (true slip or false alarm) is in docs/numbers.md. Run it after a change to the Korean layer
(:mod:`hfi18n.lang.ko`) or the style checks (:mod:`hfi18n.check.style`).

    python bench/report_style_corpora.py [--lang ko] [--corpus diffusers]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from _corpora import corpus

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hfi18n import api  # noqa: E402

CORPORA = ("diffusers", "huggingface_hub", "smolagents")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", default="ko")
    ap.add_argument("--corpus", action="append", choices=CORPORA)
    args = ap.parse_args()
    counts: Counter[tuple[str, str]] = Counter()
    docs = 0
    for name in args.corpus or CORPORA:
        repo = corpus(name)
        started = time.perf_counter()
        result = api.check(repo, args.lang, against="today")
        docs += result.files
        for f in result.findings:
            if f.check.startswith("style/"):
                counts[(name, f.check)] += 1
                print(f"{name}\t{f.file.split(f'/{args.lang}/', 1)[-1]}:{f.line}\t{f.check}\t{f.message}")
        print(f"# {name}: {result.files} docs, {time.perf_counter() - started:.1f} s", file=sys.stderr)
        for note in result.notes:
            print(f"# note: {note}", file=sys.stderr)
    print(f"\n{sum(counts.values())} style findings on {docs} {args.lang} docs")
    for (name, check), n in sorted(counts.items()):
        print(f"  {name:16} {check:16} {n}")


if __name__ == "__main__":
    main()
