"""Run `hfi18n review` (rules, no LLM) over every translated doc of the three corpora; print counts per
kind and rule, how many carry a mechanical fix, and a reproducible sample of findings for a spot check.

    python bench/report_review_corpora.py            # tables for docs/numbers.md / the report
    python bench/report_review_corpora.py --sample 20 --seed 10   # plus 20 findings to verify by hand
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from _corpora import NAMES, corpus

from hfi18n.glossary import Glossary
from hfi18n.repo.layout import DocsLayout
from hfi18n.review import Kind, Options, review_paths
from hfi18n.review.follow import followed_english
from hfi18n.review.terms import CorpusUsage
from hfi18n.translate.aligned import learned_length


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sample", type=int, default=0, help="print this many findings drawn at random")
    ap.add_argument("--seed", type=int, default=10)
    args = ap.parse_args()
    by_kind: Counter[str] = Counter()
    by_rule: Counter[tuple[str, str, str]] = Counter()
    fixes: Counter[str] = Counter()
    everything = []
    files = clean = 0
    start = time.perf_counter()
    for name in NAMES:
        layout = DocsLayout.open(corpus(name))
        for lang in layout.languages():
            gloss = Glossary.builtin(lang)
            usage = CorpusUsage(layout.repo, lang, gloss) if gloss is not None else None
            # the options `hfi18n review` builds for a checkout (hfi18n.review.service.run_review)
            review = review_paths(layout, lang, options=Options(
                gloss, usage, length=learned_length(layout.repo, lang), followed=followed_english(layout, lang)))
            for doc in review.docs:
                files += 1
                clean += not doc.findings
                for f in doc.findings:
                    by_kind[f.kind.value] += 1
                    by_rule[(f.kind.value, f.rule, f.severity)] += 1
                    fixes[f.kind.value] += f.fix is not None and doc.suggested_line(f.line) is not None
                    everything.append((name, doc, f))
    took = time.perf_counter() - start
    print(f"{files} translated docs of {len(NAMES)} corpora reviewed in {took:.1f} s; {clean} without findings")
    print("\n| kind | findings | with a suggestion |\n|---|---|---|")
    for kind in Kind:
        if by_kind[kind.value]:
            print(f"| {kind.value} | {by_kind[kind.value]} | {fixes[kind.value]} |")
    print(f"| total | {sum(by_kind.values())} | {sum(fixes.values())} |")
    print("\n| kind | rule | severity | findings |\n|---|---|---|---|")
    for (kind, rule, severity), n in sorted(by_rule.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"| {kind} | {rule} | {severity} | {n} |")
    if args.sample:
        rng = random.Random(args.seed)
        # spread the sample over kinds: review-specific kinds first, then check findings
        pools: dict[str, list] = {}
        for item in everything:
            pools.setdefault(item[2].kind.value, []).append(item)
        picked = []
        kinds = [k for k in pools if k != Kind.CHECK.value] + [Kind.CHECK.value]
        while len(picked) < args.sample and any(pools.get(k) for k in kinds):
            for k in kinds:
                if pools.get(k) and len(picked) < args.sample:
                    picked.append(pools[k].pop(rng.randrange(len(pools[k]))))
        print(f"\nsample of {len(picked)} findings (seed {args.seed}):")
        for i, (name, doc, f) in enumerate(picked, 1):
            fixed = doc.suggested_line(f.line) if f.fix else None
            print(f"{i:2}. {name}/{f.file}:{f.line} [{f.kind.value}/{f.rule}] {f.message}")
            if f.line:
                print(f"    line: {(doc.line_text(f.line) or '')[:160]}")
            if fixed:
                print(f"    fix:  {fixed[:160]}")


if __name__ == "__main__":
    main()
