"""Translation cost and speed.

(a) tokens sent per doc for the diffusers English corpus, against the older approach (the whole file plus
    the full glossary in one prompt);
(b) ``--update`` tokens against a full re-translation, for the outdated Korean docs of the corpora;
(c) wall time against the loopback LLM server with 0.5 s latency per request at concurrency 1, 4 and 16.

    python bench/bench_translate.py [--skip-c]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from _corpora import NAMES, corpus

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hfi18n.config import Config  # noqa: E402
from hfi18n.fileio import read_text  # noqa: E402
from hfi18n.glossary import Glossary  # noqa: E402
from hfi18n.repo.history import english_at, find_bases  # noqa: E402
from hfi18n.repo.layout import DocsLayout  # noqa: E402
from hfi18n.translate.pipeline import Translator, new_job  # noqa: E402
from hfi18n.translate.pricing import estimate_tokens  # noqa: E402
from hfi18n.translate.prompt import system_prompt  # noqa: E402
from hfi18n.translate.providers import get_provider  # noqa: E402
from hfi18n.translate.service import estimate  # noqa: E402
from hfi18n.translate.update import plan_update  # noqa: E402

OLD_INSTRUCTIONS = ("Translate the following Markdown document into Korean. Keep code blocks, links and "
                    "Markdown syntax unchanged. Use this glossary:\n")


def part_a() -> None:
    root = corpus("diffusers") / "docs" / "source" / "en"
    gloss = Glossary.builtin("ko")
    full_glossary = "\n".join(t.prompt_line() for t in gloss.terms) if gloss else ""
    provider = get_provider("pseudo", config=Config(), lang="ko")
    ours_tokens = old_tokens = ours_chars = old_chars = 0
    ratios = []
    docs = sorted(p for p in root.rglob("*") if p.suffix in (".md", ".mdx"))
    for path in docs:
        text = path.read_text(encoding="utf-8")
        job = new_job(path.name, text, Path("/nonexistent"))
        plan = estimate(Translator(provider, "ko", glossary=gloss), [job])
        old = estimate_tokens(OLD_INSTRUCTIONS + full_glossary + "\n\n" + text)
        ours_tokens += plan.tokens_in
        old_tokens += old
        ours_chars += plan.chars
        old_chars += len(text) + len(full_glossary) + len(OLD_INSTRUCTIONS)
        if old:
            ratios.append(plan.tokens_in / old)
    n = len(docs)
    print(f"(a) diffusers en, {n} docs: prose sent {ours_chars / n:.0f} chars/doc; request tokens in "
          f"{ours_tokens / n:.0f}/doc (prompt, context and relevant glossary included) vs whole file + full "
          f"glossary {old_tokens / n:.0f}/doc -> ratio {ours_tokens / old_tokens:.2f} "
          f"(median per doc {statistics.median(ratios):.2f}); glossary has {len(gloss.terms) if gloss else 0} "
          f"terms, {estimate_tokens(full_glossary)} tokens; system prompt alone {estimate_tokens(system_prompt('ko'))}")


def part_b() -> None:
    provider = get_provider("pseudo", config=Config(), lang="ko")
    total_update = total_full = docs = kept = 0
    for name in NAMES:
        layout = DocsLayout.open(corpus(name))
        if not layout.lang_dir("ko").is_dir():
            continue
        bases = find_bases(layout, "ko")
        for rel, base in sorted(bases.items()):
            en_now = read_text(layout.path("en", base.en_path))
            old_en = english_at(layout, base.base_commit, base.en_path_at_base)
            if old_en == en_now:
                continue  # up to date
            target = layout.path("ko", rel)
            plan = plan_update(old_en, en_now, read_text(target), en_rel=base.en_path, target=target,
                               base_commit=base.base_commit)
            upd = estimate(Translator(provider, "ko"), [plan.job])
            full = estimate(Translator(provider, "ko"), [new_job(base.en_path, en_now, target)])
            total_update += upd.tokens_in + upd.tokens_out
            total_full += full.tokens_in + full.tokens_out
            kept += plan.kept
            docs += 1
    print(f"(b) --update on {docs} outdated ko docs of the corpora: {total_update} tokens (in+out) vs "
          f"{total_full} for a full re-translation -> {total_update / max(total_full, 1):.2f} of the cost; "
          f"{kept} human segments kept")


def part_c() -> None:
    from tests.fakes.llm_server import FakeLLMServer

    root = corpus("diffusers") / "docs" / "source" / "en"
    paths = sorted(root.glob("using-diffusers/*.md"))[:8]
    for conc in (1, 4, 16):
        with FakeLLMServer(api_key="k", latency=0.5) as server:
            provider = server.provider("openai", model="gpt-4.1-mini")
            jobs = [new_job(p.name, p.read_text(encoding="utf-8"), Path("/nonexistent")) for p in paths]
            start = time.perf_counter()
            stats = Translator(provider, "ko", concurrency=conc, batch_tokens=1200).run(jobs)
            wall = time.perf_counter() - start
            print(f"(c) concurrency {conc:2d}: {stats.requests} requests, {stats.translated} segments, "
                  f"{wall:.1f} s wall ({stats.requests * 0.5 / wall:.1f}x the serial latency bound)")
            provider.close()


if __name__ == "__main__":
    part_a()
    part_b()
    if "--skip-c" not in sys.argv:
        part_c()
