"""What the MCP layer costs on top of the library: server start, and per-call overhead over stdio.

    python bench/bench_mcp.py            # a temp clone of ../shared/corpora/smolagents-docs.bundle
    python bench/bench_mcp.py PATH       # an existing checkout (read only: only read-only tools are called)

Prints the time from launching ``hfi18n mcp`` to an initialized session with the tool list, then for a
few read-only tools the best of five calls through MCP against the best of five direct ``hfi18n.api``
calls in this process, and the size of each structured answer. Needs the ``mcp`` extra.
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


def main() -> None:
    if len(sys.argv) > 1:
        anyio.run(bench, Path(sys.argv[1]).resolve())
        return
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp) / "smolagents"
        subprocess.run(["git", "clone", "-q", str(BUNDLE), str(repo)], check=True)
        anyio.run(bench, repo)


if __name__ == "__main__":
    main()
