"""Hostile sizes end in seconds with a clear error (issue 16).

    python bench/bench_bounds.py

Three cases, each on the example repository with the loopback servers of tests/fakes:

* a 1 KB ``_toctree.yml`` whose YAML aliases nest each other (10^11 entries once expanded; made
  ``status`` use 6.7 GB and end in ``MemoryError`` before the bound);
* a provider answer of 20 million characters for one segment (ignoring ``max_tokens``; was stored in the
  translation memory, and every later run of the doc failed on the size limit);
* a pull request listing one translated doc 20,000 times (was 20,000 reports; kept an MCP call busy for
  minutes);
* a review of a paragraph of 20,000 marks that end no sentence ("e.g. A", "설치(a?)"): the sentence splitter read
  the whole sentence so far at each mark (131 s and 19 s for the split alone before it read the tail only).

For each: the wall time, peak memory (``ru_maxrss`` growth) and the message a user sees.

Issue 25 adds the web app's bounds for hostile visitors:

* ``/check`` of a draft at the input limit (1,000,000 characters; in one segment, and spread over every
  segment): time and peak memory of the call (``tracemalloc``: what the call allocates, not the process);
  a draft of 6,000,000 characters (31 s and 600 MB before the bound): refused, how fast;
* a clone from a tarpit host (TLS, then 4 KB/s forever): when it gives up (``HFI18N_CLONE_TIMEOUT`` set to
  10 s here; 300 s by default) and the message.
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

    from hfi18n.review import Kind, review_texts

    for en_para, ko_para in (("Use e.g. a model. " * 20_000, "예: 모델 e.g. A " * 20_000),
                             ("Run the script. " * 20_000, "설치(a?) " * 20_000)):
        def marks(en: str = en_para, ko: str = ko_para) -> str:
            doc = review_texts(f"# A\n\n{en}\n", f"# 가\n\n{ko}\n", file="ko/a.md", english_file="en/a.md", lang="ko")
            return f"{len(doc.findings)} finding(s), {sum(f.kind is Kind.OMISSION for f in doc.findings)} omission(s)"

        measure(f"one paragraph of 20,000 marks that end no sentence ({ko_para[:12]!r}...), review", marks)

    web_bounds(tmp)


def web_bounds(tmp: Path) -> None:
    """Issue 25: the input limit of the web app's check and the clone timeout."""
    import tracemalloc

    from tests.fakes.tarpit import Tarpit

    from hfi18n.web.handlers import WebApp
    from hfi18n.web.limits import CHARS_PER_TOKEN, MAX_INPUT_CHARS, RATE_BURST, RATE_PER_MINUTE
    from hfi18n.web.workspace import Workspace

    repo = build_example_repo(tmp / "web")
    web = WebApp(Workspace([repo]))
    segments = [s.id for s in api.draft(repo, "ko", "training.md", {}).segments]
    prose = "가나다라 마바사 아자차카 타파하. " * (MAX_INPUT_CHARS // 10)
    budget = MAX_INPUT_CHARS - 1_000
    shapes = {"in one segment": {segments[1]: prose[:budget]},
              f"over {len(segments)} segments": {s: prose[:budget // len(segments)] for s in segments}}
    print(f"web input limit: {MAX_INPUT_CHARS:,} characters per call; rate limit (shared mode): {RATE_BURST} "
          f"calls at once, then {RATE_PER_MINUTE:g} a minute, one more per {CHARS_PER_TOKEN:,} characters sent")
    for shape, translations in shapes.items():
        state = {"lang": "ko", "doc": "training.md", "translations": translations}
        start = time.perf_counter()
        web.check(repo.name, state)
        seconds = time.perf_counter() - start
        tracemalloc.start()
        web.check(repo.name, state)
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        print(f"/check, draft of {MAX_INPUT_CHARS - 1_000:,} characters {shape}: {seconds:.2f} s, "
              f"{peak:.0f} MB allocated at peak by the call")
    huge = {"lang": "ko", "doc": "training.md", "translations": {segments[1]: prose[:1] * 6_000_000}}
    measure("/check, draft of 6,000,000 characters", lambda: web.check(repo.name, huge))

    with Tarpit(tmp) as pit:
        os.environ["GIT_SSL_CAINFO"] = str(pit.cafile)
        measure("clone from a tarpit (TLS, then 4 KB/s forever), HFI18N_CLONE_TIMEOUT=10",
                lambda: api.clone(pit.url("huggingface/transformers"), tmp / "clones", allow_private=True,
                                  timeout=10))
        os.environ.pop("GIT_SSL_CAINFO")


if __name__ == "__main__":
    main()
