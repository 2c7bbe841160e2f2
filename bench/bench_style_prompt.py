"""What the team's style costs in the prompt: input tokens per page before and after, and examples shown.

Every English page of a corpus (``--corpus``, default all three; ``--pages`` caps each) is translated into
Korean as a run of its own (what a translator does: ``hfi18n translate --lang ko page.md``) through the
loopback LLM server (Anthropic wire, its simulated prompt cache, the real client), twice:

  before  prompt version 2 as it was on main: the one-line Korean style guide, no examples
  after   today: the team's style rules ([style.ko] defaults: register, accepted endings, headings, rules)
          in the cached system prompt, and the team's own past translations most like each segment in the
          requests (:mod:`hfi18n.translate.examples`), drawn from the corpus's Korean docs without the
          page's own translation (as for a page not translated yet)

Per page: input tokens as sent (cached ones included), input tokens at their price (cache writes 1.25x,
reads 0.1x: what the bill counts), and the share of the page's segments whose request shows an example.

    python bench/bench_style_prompt.py [--pages 30] [--corpus diffusers]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from _corpora import corpus

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fakes.llm_server import FakeLLMServer  # noqa: E402

from hfi18n.glossary import Glossary  # noqa: E402
from hfi18n.lang.style import StyleSettings, style_settings  # noqa: E402
from hfi18n.translate import prompt  # noqa: E402
from hfi18n.translate.aligned import aligned_units  # noqa: E402
from hfi18n.translate.examples import TeamExamples  # noqa: E402
from hfi18n.translate.pipeline import Translator, new_job  # noqa: E402

CORPORA = ("diffusers", "huggingface_hub", "smolagents")
V2_STYLE = ("Write natural Korean in the polite 합니다체 style the Hugging Face Korean documentation team uses "
            "(e.g. '설치합니다', '확인하세요'), friendly and clear. Use gender-neutral wording. Keep common ML terms "
            "that Korean developers use in English or transliteration as in the glossary.")
"""The Korean style guide of prompt version 2 (main before this change)."""
MODEL = "claude-sonnet-4-5"


@dataclass
class Page:
    name: str
    tokens: int = 0
    billed: float = 0.0
    segments: int = 0
    with_example: int = 0


def run(server: FakeLLMServer, name: str, text: str, gloss: Glossary, *, before: bool,
        examples: TeamExamples | None) -> Page:
    provider = server.provider("anthropic", model=MODEL)
    saved = dict(prompt.STYLE_GUIDES)
    try:
        if before:  # main's prompt: the old guide, no style rules, no examples
            prompt.STYLE_GUIDES["ko"] = V2_STYLE
            style = StyleSettings("ko")  # no register, headings, rules or examples
            tr = Translator(provider, "ko", glossary=gloss, style=style, examples=None)
        else:
            tr = Translator(provider, "ko", glossary=gloss, examples=examples)
        stats = tr.run([new_job(name, text, Path("/nonexistent") / name)])
    finally:
        prompt.STYLE_GUIDES.clear()
        prompt.STYLE_GUIDES.update(saved)
        provider.close()
    plain = stats.tokens_in - stats.cache_write_tokens - stats.cache_read_tokens
    billed = plain + 1.25 * stats.cache_write_tokens + 0.1 * stats.cache_read_tokens
    return Page(name, stats.tokens_in, billed, stats.segments_sent, stats.segments_with_example)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pages", type=int, default=30, help="English pages per corpus (0: all)")
    ap.add_argument("--corpus", action="append", choices=CORPORA)
    args = ap.parse_args()
    gloss = Glossary.builtin("ko")
    team = style_settings(None, "ko")
    befores: list[Page] = []
    afters: list[Page] = []
    for cname in args.corpus or CORPORA:
        repo = corpus(cname)
        units = list(aligned_units(repo, "ko", history=False))
        en_root = repo / "docs" / "source" / "en"
        pages = sorted(p for p in en_root.rglob("*") if p.suffix in (".md", ".mdx") and p.is_file())
        pages = pages[:args.pages] if args.pages else pages
        pool_all = TeamExamples.from_units(units, team)
        with FakeLLMServer(api_key="k") as server:
            for page in pages:
                rel = page.relative_to(en_root).as_posix()
                text = page.read_text(encoding="utf-8")
                own = [u for u in units if u.file == rel]
                pool = TeamExamples.from_units([u for u in units if u.file != rel], team) if own else pool_all
                befores.append(run(server, f"{cname}/{rel}", text, gloss, before=True, examples=None))
                afters.append(run(server, f"{cname}/{rel}", text, gloss, before=False, examples=pool))
        print(f"# {cname}: {len(pages)} pages, {len(pool_all)} team pairs to draw examples from", file=sys.stderr)
    n = len(befores)
    tb, ta = sum(p.tokens for p in befores), sum(p.tokens for p in afters)
    bb, ba = sum(p.billed for p in befores), sum(p.billed for p in afters)
    segs, shown = sum(p.segments for p in afters), sum(p.with_example for p in afters)
    ratios = [a.tokens / b.tokens for a, b in zip(afters, befores, strict=True) if b.tokens]
    billed_ratios = [a.billed / b.billed for a, b in zip(afters, befores, strict=True) if b.billed]
    print(f"{n} English pages, each a run of its own, {MODEL} on the Anthropic wire (prompt cache simulated)")
    print(f"{'':28} {'before':>10} {'after':>10} {'ratio':>7}")
    print(f"{'input tokens per page':28} {tb / n:10.0f} {ta / n:10.0f} {ta / tb:7.3f}")
    print(f"{'  at their price (cache)':28} {bb / n:10.0f} {ba / n:10.0f} {ba / bb:7.3f}")
    print(f"per-page ratio, median (as sent / billed): {statistics.median(ratios):.3f} / "
          f"{statistics.median(billed_ratios):.3f}; max {max(ratios):.3f} / {max(billed_ratios):.3f}")
    print(f"segments sent with one of the team's translations beside them: {shown} of {segs} ({shown / segs:.1%})")


if __name__ == "__main__":
    main()
