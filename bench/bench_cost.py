"""What a whole-library run costs: the old whole-file prompt against hfi18n interactive, cached and batch.

Every English page of the smolagents and huggingface_hub corpora goes through the loopback LLM server
(Anthropic wire format by default, or OpenAI's with ``--provider openai``; the real provider client; a
simulated prompt cache) in five ways, side by side:

  old          one whole-file prompt per doc with the full glossary (the approach hfi18n replaces)
  v1           hfi18n with prompt version 1: <s id="s12"> wrappers, per-batch glossary, context always,
               every segment sent (an identical text in two places is sent twice)
  interactive  hfi18n today without caching: compact wrappers, per-batch glossary, context where it
               helps, each source text sent once per run
  cached       hfi18n today: one cacheable system prompt per run (run glossary), first request alone
  batch        the same as one provider batch (half price), collected and retried as `hfi18n` does

For each: request and response bytes (HTTP bodies as the server saw them), tokens in and out, cached
tokens (written / read), cost at list prices (claude-sonnet-4-5 by default) and the ratio to "old".
A second pass with content faults on a share of the requests (chatter, fences, dropped placeholders or
segments, reordering, wrong language, truncation) gives the share of segment answers failing
validation, and the segments finally left in English, for the v1 and today's wire formats.

    python bench/bench_cost.py [--model claude-sonnet-4-5] [--fault-rate 0.15] [--docs N]
    python bench/bench_cost.py --provider openai --model gpt-4.1
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from _corpora import corpus

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fakes.llm_server import FakeLLMServer  # noqa: E402

from hfi18n.glossary import Glossary  # noqa: E402
from hfi18n.translate.batch import BatchJob, JobStore, ingest, plan_round, poll, submit_round  # noqa: E402
from hfi18n.translate.pipeline import Translator, new_job  # noqa: E402
from hfi18n.translate.pricing import estimate_cost, estimate_tokens  # noqa: E402
from hfi18n.translate.prompt import DEFAULT_OPTIONS, LEGACY_OPTIONS, PromptOptions  # noqa: E402
from hfi18n.translate.providers.types import ChatRequest  # noqa: E402

OLD_INSTRUCTIONS = ("Translate the following Markdown document into Korean. Keep code blocks, links and "
                    "Markdown syntax unchanged. Use this glossary:\n")
INTERACTIVE = PromptOptions(run_glossary=False, cache=False)
WIRE = ["anthropic"]


@dataclass
class Row:
    name: str
    requests: int = 0
    req_bytes: int = 0
    resp_bytes: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    cache_write: int = 0
    cache_read: int = 0
    cost: float = 0.0
    checked: int = 0
    rejected: int = 0
    failed: int = 0
    segments: int = 0
    seconds: float = 0.0


def english_docs(limit: int | None) -> list[tuple[str, str]]:
    docs = []
    for name in ("smolagents", "huggingface_hub"):
        root = corpus(name) / "docs" / "source" / "en"
        for p in sorted(root.rglob("*")):
            if p.suffix in (".md", ".mdx") and p.is_file():
                docs.append((f"{name}/{p.relative_to(root)}", p.read_text(encoding="utf-8")))
    return docs[:limit] if limit else docs


def _bytes(server: FakeLLMServer, row: Row) -> None:
    for r in server.requests:
        row.req_bytes += r.request_bytes
        row.resp_bytes += r.response_bytes


def run_old(docs, model: str, gloss: Glossary, fault_rate: float) -> Row:
    row = Row("old")
    system = OLD_INSTRUCTIONS + gloss.prompt_lines()
    with FakeLLMServer(api_key="k") as server:
        if fault_rate:
            server.random_faults(fault_rate)
        provider = server.provider(WIRE[0], model=model)
        started = time.perf_counter()
        for _rel, text in docs:
            c = provider.complete(ChatRequest(system, text, max_tokens=estimate_tokens(text) * 3 + 500))
            row.requests += 1
            row.tokens_in += c.input_tokens
            row.tokens_out += c.output_tokens
            row.cost += estimate_cost(model, c.input_tokens, c.output_tokens) or 0.0
        row.seconds = time.perf_counter() - started
        _bytes(server, row)
        provider.close()
    return row


def _jobs(docs):
    return [new_job(rel, text, Path("/nonexistent") / rel) for rel, text in docs]


def _from_stats(row: Row, stats, jobs) -> None:
    row.requests += stats.requests
    row.tokens_in += stats.tokens_in
    row.tokens_out += stats.tokens_out
    row.cache_write += stats.cache_write_tokens
    row.cache_read += stats.cache_read_tokens
    row.cost += stats.cost_usd
    row.checked += stats.answers_checked
    row.rejected += stats.answers_rejected
    row.failed += stats.failed_segments
    row.segments += stats.segments


def run_interactive(name: str, docs, model: str, gloss: Glossary, options: PromptOptions, fault_rate: float,
                    dedupe: bool = True) -> Row:
    row = Row(name)
    with FakeLLMServer(api_key="k") as server:
        if fault_rate:
            server.random_faults(fault_rate)
        provider = server.provider(WIRE[0], model=model)
        jobs = _jobs(docs)
        started = time.perf_counter()
        stats = Translator(provider, "ko", glossary=gloss, concurrency=4, options=options, dedupe=dedupe).run(jobs)
        row.seconds = time.perf_counter() - started
        _from_stats(row, stats, jobs)
        _bytes(server, row)
        provider.close()
    return row


def run_batch(docs, model: str, gloss: Glossary, fault_rate: float) -> Row:
    row = Row("batch")
    with FakeLLMServer(api_key="k") as server, tempfile.TemporaryDirectory() as tmp:
        if fault_rate:
            server.random_faults(fault_rate)
        provider = server.provider(WIRE[0], model=model)
        jobs = _jobs(docs)
        tr = Translator(provider, "ko", glossary=gloss)
        started = time.perf_counter()
        tr.lookup_memory(jobs)
        store = JobStore(Path(tmp))
        job = BatchJob(store.new_id(), provider.name, model, "ko", [j.en_rel for j in jobs])
        by_rel = {j.en_rel: j for j in jobs}
        tasks = plan_round(tr, jobs)
        while tasks:
            record = submit_round(provider, tr, store, job, tasks)
            infos = {i.id: i for i in poll(provider, job)}
            tasks = ingest(provider, tr, job, record, infos[record.batch_id], by_rel)
        row.seconds = time.perf_counter() - started
        _from_stats(row, tr.stats, jobs)
        _bytes(server, row)
        provider.close()
    return row


def table(rows: list[Row], title: str, with_failures: bool) -> None:
    old = rows[0]
    print(f"\n{title}")
    head = (f"{'':12} {'requests':>8} {'req KB':>8} {'resp KB':>8} {'tok in':>9} {'tok out':>9} {'cache wr':>9} "
            f"{'cache rd':>9} {'cost $':>8} {'x old':>6}")
    if with_failures:
        head += f" {'rejected':>9} {'left EN':>8}"
    print(head)
    for r in rows:
        line = (f"{r.name:12} {r.requests:8d} {r.req_bytes / 1024:8.0f} {r.resp_bytes / 1024:8.0f} {r.tokens_in:9d} "
                f"{r.tokens_out:9d} {r.cache_write:9d} {r.cache_read:9d} {r.cost:8.3f} {r.cost / old.cost:6.2f}")
        if with_failures:
            rate = f"{100 * r.rejected / r.checked:8.1f}%" if r.checked else f"{'n/a':>9}"
            left = f"{r.failed:8d}" if r.checked else f"{'n/a':>8}"
            line += f" {rate} {left}"
        print(line)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="claude-sonnet-4-5")
    ap.add_argument("--fault-rate", type=float, default=0.15)
    ap.add_argument("--docs", type=int, default=None)
    ap.add_argument("--provider", choices=("anthropic", "openai"), default="anthropic",
                    help="wire format and prompt-cache rules of the loopback server (openai: e.g. --model gpt-4.1)")
    args = ap.parse_args()
    WIRE[0] = args.provider
    docs = english_docs(args.docs)
    gloss = Glossary.builtin("ko")
    assert gloss is not None
    print(f"{len(docs)} English pages of smolagents + huggingface_hub, {sum(len(t) for _, t in docs) / 1024:.0f} KB; "
          f"{args.provider} wire, model {args.model} at list prices; glossary {len(gloss.terms)} terms "
          f"({estimate_tokens(gloss.prompt_lines())} tokens)")
    for rate in (0.0, args.fault_rate) if args.fault_rate else (0.0,):
        rows = [
            run_old(docs, args.model, gloss, rate),
            run_interactive("v1", docs, args.model, gloss, LEGACY_OPTIONS, rate, dedupe=False),
            run_interactive("interactive", docs, args.model, gloss, INTERACTIVE, rate),
            run_interactive("cached", docs, args.model, gloss, DEFAULT_OPTIONS, rate),
            run_batch(docs, args.model, gloss, rate),
        ]
        title = ("no faults" if not rate else
                 f"with content faults on {rate:.0%} of the answers (validation and retries at work)")
        table(rows, title, with_failures=True)
        if not rate:
            print(f"segments: {rows[1].segments}; sent by v1: {rows[1].checked}, by today's hfi18n: "
                  f"{rows[2].checked} (an identical source text is sent once per run)")
        print("rejected: segment answers failing validation (parsing included); left EN: segments given up on")


if __name__ == "__main__":
    main()
