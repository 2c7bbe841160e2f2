"""``translate --update`` against the changed-segment floor, and the repeated cycle (issue #15).

For every Korean doc of the three corpora whose English changed since the version it follows (the set
``bench_translate.py`` (b) measures: the docs ``status`` calls outdated, plus those whose English moved
only by changes the translation mirrored; a fresh clone each, the loopback OpenAI-compatible server of
``tests/fakes`` as the provider (``pseudo``, a test double, never updates a human translation), empty
memory):

* what ``--update`` sends: segments, requests, prompt tokens in (system prompt and context included);
* the floor: only the segments whose English changed since the base the translation follows (their text
  is not in the base English), and their source tokens (no prompt at all): nothing can send less;
* a second ``--update`` right after the first (nothing committed): it must send nothing, and ``status``
  must call every written doc up to date.

    python bench/bench_update.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from _corpora import NAMES, bundle

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from tests.fakes.llm_server import FakeLLMServer  # noqa: E402

from hfi18n import api  # noqa: E402
from hfi18n.doc import parse  # noqa: E402
from hfi18n.doc.pairing import needs_translation  # noqa: E402
from hfi18n.fileio import read_text  # noqa: E402
from hfi18n.repo.history import BlobReader, find_bases  # noqa: E402
from hfi18n.repo.layout import DocsLayout  # noqa: E402
from hfi18n.translate.pricing import estimate_tokens  # noqa: E402


def floor(plan) -> tuple[int, int]:
    """Segments whose English changed since the base (and need translation), and their source tokens."""
    old = {s.text for s in parse(plan.base_english).segments()}
    changed = [s for s in plan.job.doc.segments() if s.text not in old and needs_translation(s)]
    return len(changed), sum(estimate_tokens(s.text) for s in changed)


def run(name: str, work: Path, llm: FakeLLMServer) -> dict[str, int]:
    repo = work / name
    subprocess.run(["git", "clone", "-q", str(bundle(name)), str(repo)], check=True)
    layout = DocsLayout.open(repo)
    if not layout.lang_dir("ko").is_dir():
        return {"docs": 0}
    status = api.status(repo, ["ko"], pulls=False)
    states = {d.translated_path: d.state for d in status.report.docs if d.lang == "ko" and d.translated_path}
    outdated = sorted(base.en_path for rel, base in find_bases(layout, "ko").items()
                      if read_text(layout.path("en", base.en_path)) != BlobReader(repo).text(base.base_blob))
    if not outdated:
        return {"docs": 0}
    status_outdated = sum(1 for rel, st in states.items() if st == "outdated")
    provider = {"provider": "openai", "model": "gpt-4.1-mini", "base_url": llm.openai_base_url}
    first = api.translate(repo, "ko", outdated, update=True, **provider)
    floor_segs = floor_tokens = 0
    for plan in first.updates.values():
        n, t = floor(plan)
        floor_segs += n
        floor_tokens += t
    second = api.translate(repo, "ko", outdated, update=True, **provider)
    after = {d.path: d.state for d in api.status(repo, ["ko"], pulls=False).report.docs if d.lang == "ko"}
    written = [d.path for d in first.docs if d.written and not d.draft]
    return {
        "docs": len(outdated), "status_outdated": status_outdated, "written": len(written),
        "segments": first.stats.segments, "requests": first.stats.requests, "tokens_in": first.stats.tokens_in,
        "floor_segments": floor_segs, "floor_tokens": floor_tokens,
        "kept": sum(u.kept for u in first.updates.values()),
        "comments_carried": sum(u.comments_carried for u in first.updates.values()),
        "comments_lost": sum(len(u.comments_lost) for u in first.updates.values()),
        "second_segments": second.stats.segments, "second_requests": second.stats.requests,
        "up_to_date_after": sum(1 for p in written if after.get(p) == "up-to-date"),
    }


def main() -> None:
    total: dict[str, int] = {}
    os.environ["OPENAI_API_KEY"] = "bench-key"
    with tempfile.TemporaryDirectory(prefix="hfi18n-bench-update-") as tmp, FakeLLMServer(api_key="bench-key") as llm:
        for name in NAMES:
            row = run(name, Path(tmp), llm)
            print(name, row)
            for k, v in row.items():
                total[k] = total.get(k, 0) + v
    print("total", total)
    if total.get("floor_segments"):
        print(f"segments sent / floor: {total['segments']} / {total['floor_segments']} "
              f"({total['segments'] / total['floor_segments']:.2f}x); tokens in / floor source tokens: "
              f"{total['tokens_in']} / {total['floor_tokens']} ({total['tokens_in'] / total['floor_tokens']:.2f}x)")
    print(f"second --update right after: {total.get('second_segments', 0)} segment(s), "
          f"{total.get('second_requests', 0)} request(s); written docs up to date after: "
          f"{total.get('up_to_date_after', 0)}/{total.get('written', 0)}")


if __name__ == "__main__":
    main()
