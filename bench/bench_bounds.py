"""Hostile sizes end in seconds with a clear error (issue 16).

    python bench/bench_bounds.py

Three cases, each on the example repository with the loopback servers of tests/fakes:

* a 1 KB ``_toctree.yml`` whose YAML aliases nest each other (10^11 entries once expanded; made
  ``status`` use 6.7 GB and end in ``MemoryError`` before the bound);
* a provider answer of 20 million characters for one segment (ignoring ``max_tokens``; was stored in the
  translation memory, and every later run of the doc failed on the size limit);
* a pull request listing one translated doc 20,000 times (was 20,000 reports; kept an MCP call busy for
  minutes).

For each: the wall time, peak memory (``ru_maxrss`` growth) and the message a user sees.
"""

from __future__ import annotations

import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from tests.fakes.github_server import FakeGitHub  # noqa: E402
from tests.fakes.llm_server import FakeLLMServer  # noqa: E402
from tests.test_bounds import alias_bomb  # noqa: E402

from hfi18n import api  # noqa: E402
from hfi18n.errors import HfI18nError, human_message  # noqa: E402
from hfi18n.example import build_example_repo  # noqa: E402


def measure(name: str, call) -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    try:
        outcome = call()
    except HfI18nError as exc:
        outcome = "error: " + human_message(exc)[0]
    seconds = time.perf_counter() - start
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    print(f"{name}: {seconds:.2f} s, +{grown:.0f} MB peak\n    {outcome}")


def main() -> None:
    for var in ("GITHUB_TOKEN", "OPENAI_API_KEY", "HFI18N_CONFIG", "OPENAI_BASE_URL"):
        os.environ.pop(var, None)
    tmp = Path(tempfile.mkdtemp(prefix="hfi18n-bounds-"))

    repo = build_example_repo(tmp / "bomb")
    toc = repo / "docs/source/ko/_toctree.yml"
    toc.write_text(alias_bomb(), encoding="utf-8")
    measure(f"YAML alias bomb ({toc.stat().st_size:,} bytes), status",
            lambda: api.status(repo, ["ko"], pulls=False))

    repo = build_example_repo(tmp / "giant")
    with FakeLLMServer(api_key="bench-key") as llm:
        os.environ["OPENAI_API_KEY"] = "bench-key"
        llm.bloat(20_000_000)

        def giant() -> str:
            r = api.translate(repo, "ko", ["training.md"], provider="openai", model="gpt-4.1-mini",
                              base_url=llm.openai_base_url, memory=repo / "tm.sqlite3")
            return (f"{r.stats.answers_rejected} answer(s) refused, {r.stats.translated} segment(s) translated, "
                    f"largest answer received {max(q.response_bytes for q in llm.requests):,} bytes")

        measure("answer of 20,000,000 characters for one segment, translate", giant)

    with FakeGitHub(token="bench-token") as gh:
        os.environ["GITHUB_TOKEN"] = "bench-token"
        repo_name = "huggingface/diffusers"
        gh.add_repo(repo_name)
        pr = gh.add_review_pull(repo_name, base={"docs/source/en/a.md": "# A [[a]]\n\nText.\n"},
                                head={"docs/source/ko/a.md": "# 가 [[a]]\n\n글.\n"})
        files = gh.files[(repo_name, pr["number"])]
        files.extend(dict(files[0]) for _ in range(19_999))
        gh._page = lambda items, rec, query="": (200, items, {})  # a hostile API: all 20,000 on one page
        cfg = api.session_config(tmp, base=None)
        cfg = cfg.replace({"github": {"api_url": gh.url}})

        def paths() -> str:
            r = api.review(None, None, pr=f"{repo_name}#{pr['number']}", config=cfg)
            return f"{len(files):,} listed, {len(r.review.docs)} doc(s) reviewed, {len(gh.requests)} API request(s)"

        measure("PR listing one doc 20,000 times, review", paths)


if __name__ == "__main__":
    main()
