"""Svelte as the judge: every English doc of the three corpora and its full ko translation, compiled.

    HFI18N_SVELTE_DIR=/path/with/node_modules python bench/bench_svelte.py

Each English doc is translated segment by segment into pseudo-Hangul (what ``tests/fakes/llm_server.py``
answers), both versions are compiled with mdsvex + the Svelte compiler (``bench/svelte_judge.mjs``; the
``<script lang="ts">`` header, ``[[autodoc]]`` lines and the license comment removed, as doc-builder
replaces them), and the script prints how many compile. A translation must compile wherever its English
does. Needs node and ``npm install svelte@4 mdsvex@0.11`` in ``$HFI18N_SVELTE_DIR``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _corpora import NAMES, corpus

from hfi18n.doc import parse
from hfi18n.translate.providers.pseudo import pseudo_translate

JUDGE = Path(__file__).with_name("svelte_judge.mjs")


def main() -> None:
    node_dir = Path(os.environ.get("HFI18N_SVELTE_DIR", ""))
    if not shutil.which("node") or not (node_dir / "node_modules" / "mdsvex").is_dir():
        sys.exit("needs node and HFI18N_SVELTE_DIR with node_modules/{svelte,mdsvex} (see the docstring)")
    with tempfile.TemporaryDirectory() as tmp:
        files: dict[str, list[Path]] = {"en": [], "ko": []}
        for name in NAMES:
            root = corpus(name) / "docs" / "source" / "en"
            for p in sorted(root.rglob("*")):
                if p.suffix not in (".md", ".mdx"):
                    continue
                text = p.read_text(encoding="utf-8")
                doc = parse(text)
                ko = doc.render({s.id: pseudo_translate(s.text, "ko") for s in doc.segments()})
                for lang, t in (("en", text), ("ko", ko)):
                    dest = Path(tmp) / lang / name / p.relative_to(root).with_suffix(".mdx")
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    dest.write_text(t, encoding="utf-8")
                    files[lang].append(dest)
        judge = node_dir / JUDGE.name
        shutil.copy(JUDGE, judge)
        failed: dict[str, set[str]] = {}
        for lang, paths in files.items():
            proc = subprocess.run(["node", str(judge), *map(str, paths)], capture_output=True, text=True,
                                  cwd=node_dir, timeout=1800)
            failed[lang] = {line.split()[1].split(f"/{lang}/", 1)[1] for line in proc.stdout.splitlines()
                            if line.startswith("FAIL")}
            print(f"{lang}: {len(paths) - len(failed[lang])} of {len(paths)} docs compile")
        worse = sorted(failed["ko"] - failed["en"])
        print(f"translations that fail where the English compiles: {len(worse)}" + (f" {worse[:10]}" if worse else ""))


if __name__ == "__main__":
    main()
