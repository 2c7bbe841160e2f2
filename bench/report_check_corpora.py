"""Run `hfi18n check` over every translated doc of the three corpora and print counts per check.

    python bench/report_check_corpora.py   (the table in docs/numbers.md comes from this)
"""

from __future__ import annotations

import time
from collections import Counter

from _corpora import NAMES, corpus

from hfi18n.check import check_paths
from hfi18n.repo.layout import DocsLayout


def main() -> None:
    total: Counter[tuple[str, str]] = Counter()
    files = 0
    start = time.perf_counter()
    for name in NAMES:
        layout = DocsLayout.open(corpus(name))
        for lang in layout.languages():
            findings, n = check_paths(layout, lang)
            files += n
            for f in findings:
                total[(f.check, f.severity)] += 1
    print(f"{files} translated files in {len(NAMES)} corpora checked in {time.perf_counter() - start:.1f} s")
    print("| check | severity | findings |\n|---|---|---|")
    for (check, severity), n in sorted(total.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"| {check} | {severity} | {n} |")


if __name__ == "__main__":
    main()
