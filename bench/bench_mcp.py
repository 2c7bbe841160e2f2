"""What the MCP layer costs on top of the library: server start, and per-call overhead over stdio.

    python bench/bench_mcp.py            # a temp clone of ../shared/corpora/smolagents-docs.bundle
    python bench/bench_mcp.py PATH       # an existing checkout (read only: only read-only tools are called)

Prints the time from launching ``hfi18n mcp`` to an initialized session with the tool list, then for a
few read-only tools the best of five calls through MCP against the best of five direct ``hfi18n.api``
calls in this process, and the size of each structured answer. Needs the ``mcp`` extra.

On the temp clone only (it writes a doc), it then times the agent's round trip: ``prepare_translation``
of the missing doc whose segment count is nearest :data:`ROUND_TRIP_SEGMENTS`, and ``submit_translation``
of every segment (pseudo-translated by this script, as an agent would answer), three times from a clean
state (doc and translation memory removed), with the size of the prepared answer.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import anyio  # noqa: E402
from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402

from hfi18n import api  # noqa: E402

ROUND_TRIP_SEGMENTS = 60
BUNDLE = ROOT.parent / "shared" / "corpora" / "smolagents-docs.bundle"
CALLS = {
    "status": ({"langs": ["ko"], "pulls": False}, lambda r: api.status(r, ["ko"], pulls=False)),
    "next_docs": ({"lang": "ko", "n": 10, "pulls": False}, lambda r: api.next_docs(r, "ko", 10, pulls=False)),
    "check": ({"lang": "ko"}, lambda r: api.check(r, "ko")),
    "glossary_lookup": ({"lang": "ko"}, lambda r: api.glossary_lookup("ko")),
}


def best(samples: list[float]) -> str:
    return f"{min(samples) * 1000:7.1f} ms"


async def bench(repo: Path) -> None:
    exe = Path(sys.executable).with_name("hfi18n")
    params = StdioServerParameters(command=str(exe), args=["mcp", "--repo", str(repo)])
    start = time.perf_counter()
    with open("/dev/null", "w") as devnull:
        async with stdio_client(params, errlog=devnull) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            print(f"start + initialize + list_tools ({len(tools.tools)} tools): "
                  f"{(time.perf_counter() - start) * 1000:.0f} ms")
            print(f"{'tool':16} {'via MCP':>10} {'direct api':>11} {'answer':>9}")
            for name, (args, direct) in CALLS.items():
                via, size = [], 0
                for _ in range(5):
                    t = time.perf_counter()
                    res = await session.call_tool(name, args)
                    via.append(time.perf_counter() - t)
                    wire = res.model_dump(mode="json", by_alias=True)
                    assert not wire.get("isError"), wire
                    size = len(json.dumps(wire["structuredContent"], ensure_ascii=False))
                plain = []
                for _ in range(5):
                    t = time.perf_counter()
                    direct(repo)
                    plain.append(time.perf_counter() - t)
                print(f"{name:16} {best(via):>10} {best(plain):>11} {size / 1024:7.1f} kB")


def doc_near(repo: Path, n: int) -> tuple[str, int]:
    """The missing Korean doc whose segment count is nearest ``n``."""
    from hfi18n.doc import parse

    rows = [r for r in api.status(repo, ["ko"], pulls=False).to_json() if r["state"] == "missing"]
    counts = {}
    for r in rows:
        path = repo / "docs/source/en" / r["path"]
        counts[r["path"]] = sum(1 for _ in parse(path.read_text(encoding="utf-8"), r["path"]).segments())
    doc = min(counts, key=lambda d: abs(counts[d] - n))
    return doc, counts[doc]


async def round_trip(repo: Path) -> None:
    from hfi18n.translate.providers import pseudo_translate

    doc, n = doc_near(repo, ROUND_TRIP_SEGMENTS)
    target = repo / "docs/source/ko" / doc
    memory = repo / ".git/hfi18n/memory.sqlite3"
    exe = Path(sys.executable).with_name("hfi18n")
    params = StdioServerParameters(command=str(exe), args=["mcp", "--repo", str(repo)])
    prep_t, sub_t, size = [], [], 0
    with open("/dev/null", "w") as devnull:
        async with stdio_client(params, errlog=devnull) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            for _ in range(3):
                target.unlink(missing_ok=True)
                for f in memory.parent.glob(memory.name + "*"):
                    f.unlink()
                t = time.perf_counter()
                res = await session.call_tool("prepare_translation", {"lang": "ko", "doc": doc})
                prep_t.append(time.perf_counter() - t)
                prep = res.structuredContent
                assert prep and not res.isError, res
                size = len(json.dumps(prep, ensure_ascii=False))
                answers = {s["id"]: pseudo_translate(s["text"], "ko") for s in prep["segments"]}
                t = time.perf_counter()
                res = await session.call_tool("submit_translation", {"job": prep["job"], "translations": answers})
                sub_t.append(time.perf_counter() - t)
                assert res.structuredContent and res.structuredContent["written"], res
    total = [a + b for a, b in zip(prep_t, sub_t, strict=True)]
    print(f"\nagent round trip on {doc} ({n} segments, {len(answers)} asked; prepared answer "
          f"{size / 1024:.1f} kB), best of 3:")
    print(f"  prepare_translation {best(prep_t)}   submit_translation (validate, check, write) {best(sub_t)}   "
          f"round trip {best(total)}")


def main() -> None:
    if len(sys.argv) > 1:
        anyio.run(bench, Path(sys.argv[1]).resolve())
        return
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp) / "smolagents"
        subprocess.run(["git", "clone", "-q", str(BUNDLE), str(repo)], check=True)
        anyio.run(bench, repo)
        anyio.run(round_trip, repo)


if __name__ == "__main__":
    main()
