"""Time ``check`` on one very long doc: 1k, 10k and 50k headings (issue 8: check must stay near-linear).

    python bench/bench_check_scale.py            # 1000 10000 50000 headings
    python bench/bench_check_scale.py 8000 16000

For each size it builds an English doc of N sections (heading with an anchor, a paragraph with inline
code, a link and a reference, a code block every 10th section, a ``<Tip>`` every 20th) and three
translations: the same structure; the same with one section dropped in the middle; and every 10th
heading one level off (scattered differences, the worst case for a diff). It prints the parse time,
the check time of each translation and the microseconds per heading, which stays flat when check is
linear.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from hfi18n.check import check_pair  # noqa: E402
from hfi18n.doc import parse  # noqa: E402


def english(n: int) -> str:
    parts = ["# Big document [[big-document]]\n\nIntroduction.\n\n"]
    for i in range(n):
        level = "##" if i % 5 == 0 else "###"
        parts.append(f"{level} Section {i} [[section-{i}]]\n\nRun `model.fit({i})` as in [the guide](./guide#step-{i}) "
                     f"with [`Trainer`].\n\n")
        if i % 10 == 0:
            parts.append(f"```py\nx = {i}\nprint(x)\n```\n\n")
        if i % 20 == 0:
            parts.append("<Tip>\n\nA tip.\n\n</Tip>\n\n")
    return "".join(parts)


def translations(en: str, n: int) -> dict[str, str]:
    ko = en.replace("Introduction.", "소개.").replace("A tip.", "팁.").replace(" as in ", " 처럼 ")
    ko = ko.replace("Section ", "섹션 ")
    cut = f"### 섹션 {n // 2 + 1} [[section-{n // 2 + 1}]]"
    start = ko.index(cut) if n > 2 and cut in ko else -1
    dropped = ko if start < 0 else ko[:start] + ko[ko.index("\n\n", ko.index("\n\n", start) + 2) + 2:]
    scattered = "".join(
        (line.replace("### ", "#### ", 1) if line.startswith("### ") and k % 10 == 0 else line)
        for k, line in enumerate(ko.splitlines(keepends=True)))
    return {"same structure": ko, "one section dropped": dropped, "every 10th heading off": scattered}


def main(sizes: list[int]) -> None:
    print(f"{'headings':>9} {'MB':>5} {'parse s':>8}  {'translation':<24} {'check s':>8} {'us/heading':>10}")
    for n in sizes:
        en = english(n)
        start = time.perf_counter()
        src = parse(en, "en/big.md")
        parse_s = time.perf_counter() - start
        for name, text in translations(en, n).items():
            tgt = parse(text, "ko/big.md")
            start = time.perf_counter()
            findings = check_pair(src, tgt, file="ko/big.md", lang="ko")
            took = time.perf_counter() - start
            print(f"{n:>9} {len(en.encode()) / 1e6:>5.1f} {parse_s:>8.2f}  {name:<24} {took:>8.2f} "
                  f"{1e6 * took / n:>10.1f}   ({len(findings)} findings)")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1000, 10000, 50000])
