"""`check` on the outdated docs of the three corpora, every language: findings against today's English
(before issue 26, now ``--against today``) and against the English each translation follows (the default).

    python bench/report_check_outdated.py
"""

from __future__ import annotations

import time
from collections import Counter

from _corpora import NAMES, corpus

from hfi18n import api


def main() -> None:
    totals = {"today": Counter(), "followed": Counter()}
    docs = 0
    start = time.perf_counter()
    print("| corpus | lang | outdated docs | findings before (today) | errors | findings after (followed) | errors |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name in NAMES:
        repo = corpus(name)
        report = api.status(repo, pulls=False).report
        for lang in report.languages:
            rels = [d.translated_path for d in report.for_lang(lang) if d.translated_path and (
                d.state == "outdated" or d.state == "in-progress" and (d.commits_behind or "base-unknown" in d.flags))]
            if not rels:
                continue
            docs += len(rels)
            row = []
            for against in ("today", "followed"):
                found = api.check(repo, lang, rels, against=against).findings
                for f in found:
                    totals[against][(f.check, f.severity)] += 1
                row += [len(found), sum(f.severity == "error" for f in found)]
            print(f"| {name} | {lang} | {len(rels)} | {row[0]} | {row[1]} | {row[2]} | {row[3]} |")
    before, after = (sum(totals[k].values()) for k in ("today", "followed"))
    print(f"\n{docs} outdated docs: {before} findings before, {after} after ({time.perf_counter() - start:.1f} s)\n")
    print("| check | severity | before (today) | after (followed) |\n|---|---|---:|---:|")
    keys = sorted(set(totals["today"]) | set(totals["followed"]),
                  key=lambda k: (-totals["today"][k] - totals["followed"][k], k))
    for k in keys:
        print(f"| {k[0]} | {k[1]} | {totals['today'][k]} | {totals['followed'][k]} |")


if __name__ == "__main__":
    main()
