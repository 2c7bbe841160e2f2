"""Time ``parse`` on very long docs of several shapes (issue 8 item 12: parse must stay near-linear).

    python bench/bench_parse_scale.py                 # every shape at 1000 and 10000 units
    python bench/bench_parse_scale.py 2000 20000      # other sizes
    python bench/bench_parse_scale.py --shape cards 5000 50000

Shapes (one unit each): ``headings`` (the doc of bench_check_scale.py: a section with a heading, a
paragraph, a code block every 10th, a ``<Tip>`` every 20th), ``cards`` (an HTML card with a blank line
inside and a line of text right after its close tag, so markdown-it's view and doc-builder's differ),
``pt_fences`` (``<pt>`` then a fence with a blank line in its code), ``quiz`` (a ``<Question>`` component
with prose props), ``paragraph`` (one line of a single paragraph), ``table`` (one row of a pipe table),
``html_table`` (one row of one ``<table>`` element). It prints seconds and microseconds per unit,
which stays flat when parse is linear.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from bench_check_scale import english  # noqa: E402

from hfi18n.doc import parse  # noqa: E402


def cards(n: int) -> str:
    return "".join(f'<div class="card">\n  <a href="./page{i}">Card {i} title</a>\n\n  Card {i} text.\n</div>\n'
                   f"Text right after card {i}.\n\n" for i in range(n))


def pt_fences(n: int) -> str:
    return "".join(f"## Part {i}\n\n<frameworkcontent>\n<pt>\n```py\nx = {i}\n\nprint(x)\n```\n</pt>\n"
                   f"</frameworkcontent>\n\nAfter part {i}.\n\n" for i in range(n))


def quiz(n: int) -> str:
    return "".join(f'<Question\n  choices={{[{{ text: "Answer {i}", explain: "Because {i}.", correct: true }}]}}\n/>\n\n'
                   f"Question {i} done.\n\n" for i in range(n))


def paragraph(n: int) -> str:
    return "".join(f"Line {i} of one long paragraph with `code {i}` and a [link](./p{i}).\n" for i in range(n))


def table(n: int) -> str:
    return "| Name | Description |\n|---|---|\n" + "".join(f"| `n{i}` | Row {i} text |\n" for i in range(n))


def html_table(n: int) -> str:
    rows = "".join(f"  <tr>\n    <td><code>n{i}</code></td>\n    <td>Row {i} text</td>\n  </tr>\n" for i in range(n))
    return f"<table>\n{rows}</table>\n\nAfter the table.\n"


SHAPES: dict[str, Callable[[int], str]] = {
    "headings": english, "cards": cards, "pt_fences": pt_fences, "quiz": quiz, "paragraph": paragraph,
    "table": table, "html_table": html_table}


def main(argv: list[str]) -> None:
    shapes = list(SHAPES)
    if argv[:1] == ["--shape"]:
        shapes, argv = [argv[1]], argv[2:]
    sizes = [int(a) for a in argv] or [1000, 10000]
    print(f"{'shape':<11} {'units':>7} {'MB':>6} {'parse s':>8} {'us/unit':>8}")
    for shape in shapes:
        for n in sizes:
            text = SHAPES[shape](n)
            start = time.perf_counter()
            try:
                doc = parse(text)
                took = time.perf_counter() - start
                ok = "" if doc.render() == text else "  RENDER DIFFERS"
            except RecursionError:
                took, ok = time.perf_counter() - start, "  RecursionError"
            print(f"{shape:<11} {n:>7} {len(text.encode()) / 1e6:>6.2f} {took:>8.2f} {1e6 * took / n:>8.1f}{ok}",
                  flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
