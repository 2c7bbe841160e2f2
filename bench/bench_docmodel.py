"""Parse + render time for every doc of the three corpora, and `check` time for all diffusers ko docs.

    python bench/bench_docmodel.py
"""

from __future__ import annotations

import time

from _corpora import NAMES, corpus

from hfi18n.check import check_paths
from hfi18n.doc import parse
from hfi18n.repo.layout import DocsLayout


def main() -> None:
    texts = []
    for name in NAMES:
        root = corpus(name) / "docs" / "source"
        texts += [p.read_bytes().decode("utf-8") for p in sorted(root.rglob("*")) if p.suffix in (".md", ".mdx")]
    size = sum(len(t.encode()) for t in texts)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for t in texts:
            doc = parse(t)
            assert doc.render() == t
        best = min(best, time.perf_counter() - start)
    print(f"parse+render: {len(texts)} files, {size / 1e6:.1f} MB in {best:.2f} s "
          f"({best / len(texts) * 1000:.2f} ms per file, best of 3)")
    layout = DocsLayout.open(corpus("diffusers"))
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        findings, files = check_paths(layout, "ko")
        best = min(best, time.perf_counter() - start)
    errors = sum(f.severity == "error" for f in findings)
    print(f"check diffusers ko: {files} files in {best:.2f} s (best of 3), {errors} errors, "
          f"{len(findings) - errors} warnings")


if __name__ == "__main__":
    main()
