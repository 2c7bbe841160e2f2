"""Short segments answered in English or in the wrong script never reach a finished page (issue 23).

Runs ``hfi18n.api.translate`` (what the CLI calls) into Korean over English pages of the corpora, in a
git repository made of a copy of them, against the loopback LLM server:

(1) a faulty translator: each segment is answered with its English unchanged (5%) or in katakana (5%),
    short ones included (headings, cells, list items, link texts) -> **finished pages containing such a
    segment** (goal 0), and how many pages were written as marked drafts instead;
(2) an ideal translator on a fresh memory -> **false drafts** (goal 0);
(3) the memory of run (1) -> **entries that fail the gate** (goal 0); then run (1)'s pages deleted and
    translated again by the ideal translator from that memory -> finished pages with a bad segment (goal 0);
(4) the ``pseudo`` provider over the same pages, then ``status`` -> **pseudo pages reported up to date**
    (goal 0).

    python bench/bench_short_segments.py [--pages 160] [--corpus all] [--rate 0.05]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _corpora import NAMES, corpus

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fakes.llm_server import FakeLLMServer  # noqa: E402

from hfi18n import api  # noqa: E402
from hfi18n.doc import parse  # noqa: E402
from hfi18n.doc.draft import is_draft  # noqa: E402
from hfi18n.glossary import Glossary  # noqa: E402
from hfi18n.scripts import script_counts  # noqa: E402
from hfi18n.translate.validate import as_is  # noqa: E402

GIT = ["git", "-c", "user.name=bench", "-c", "user.email=bench@example.com", "-c", "commit.gpgsign=false"]


def make_repo(dest: Path, pages: list[tuple[str, Path]]) -> list[str]:
    """A git repo at ``dest`` with the pages under docs/source/en and an empty ko folder; their en paths."""
    rels = []
    for rel, src in pages:
        target = dest / "docs/source/en" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, target)
        rels.append(rel)
    (dest / "docs/source/ko").mkdir(parents=True, exist_ok=True)
    (dest / "docs/source/ko/.keep").write_text("")
    subprocess.run(["git", "init", "-q", str(dest)], check=True)
    subprocess.run([*GIT, "-C", str(dest), "add", "-A"], check=True)
    subprocess.run([*GIT, "-C", str(dest), "commit", "-qm", "English"], check=True)
    return rels


def bad_segments(repo: Path, outcome: api.DocOutcome, gloss: Glossary | None) -> list[str]:
    """Segments of a written page that are an English segment left as it was, or have kana letters: the file
    on disk against its English (an independent look, not the gate's own verdict; no pairing needed: an
    echo shows the English text itself)."""
    en = parse((repo / "docs/source/en" / outcome.path).read_text(encoding="utf-8"))
    written = parse(Path(outcome.target).read_text(encoding="utf-8"))
    english = {" ".join(s.text.split()) for s in en.segments() if not as_is(s, gloss)}
    return [f"line {tr.line}: {tr.text[:40]!r}" for tr in written.segments()
            if " ".join(tr.text.split()) in english or script_counts(tr.text).get("kana")]


def run(repo: Path, rels: list[str], server: FakeLLMServer, memory: Path) -> api.TranslateResult:
    return api.translate(repo, "ko", rels, provider="openai", model="gpt-4.1-mini", base_url=server.openai_base_url,
                         memory=memory, concurrency=8, batch_tokens=1200)


def finished_with_bad(repo: Path, result: api.TranslateResult, gloss: Glossary | None) -> tuple[int, int, int]:
    """(finished pages with a bad segment, finished pages, drafts)."""
    finished = drafts = with_bad = 0
    for d in result.docs:
        if not d.written:
            continue
        if d.draft or is_draft(Path(d.target).read_text(encoding="utf-8")):
            drafts += 1
            continue
        finished += 1
        if bad_segments(repo, d, gloss):
            with_bad += 1
    return with_bad, finished, drafts


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pages", type=int, default=160)
    ap.add_argument("--corpus", default="all", help="diffusers, huggingface_hub, smolagents or all")
    ap.add_argument("--rate", type=float, default=0.05)
    args = ap.parse_args()
    os.environ.setdefault("OPENAI_API_KEY", "test-key")
    pages: list[tuple[str, Path]] = []
    names = NAMES if args.corpus == "all" else (args.corpus,)
    for name in sorted(names, key=lambda n: n == "diffusers"):  # the small corpora whole, diffusers fills up
        root = corpus(name) / "docs" / "source" / "en"
        every = sorted((f"{name}/{p.relative_to(root).as_posix()}", p) for p in root.rglob("*.md"))
        room = args.pages - len(pages)
        step = max(1, len(every) // max(room, 1))  # spread over the folders (api/ alone is mostly autodoc)
        pages += every[::step][:room]
    gloss = Glossary.builtin("ko")
    work = Path(tempfile.mkdtemp(prefix="bench-short-"))
    try:
        # (1) faulty translator
        repo1 = work / "faulty"
        rels = make_repo(repo1, pages)
        t0 = time.perf_counter()
        with FakeLLMServer(api_key="test-key") as server:
            server.segment_faults(echo=args.rate, wrong_script=args.rate, seed=23)
            res1 = run(repo1, rels, server, work / "faulty.db")
            kinds = [k for k, _, _ in server.bad_answers]
            short = sum(1 for _, en, _ in server.bad_answers if sum(ch.isalpha() for ch in en) < 30)
        bad1, fin1, drafts1 = finished_with_bad(repo1, res1, gloss)
        print(f"(1) faulty translator, {len(rels)} pages of {', '.join(names)} ({time.perf_counter() - t0:.0f} s): "
              f"{kinds.count('echo')} English echoes and {kinds.count('wrong_script')} katakana answers served "
              f"({short} to segments under 30 letters); "
              f"{fin1} pages finished, {drafts1} marked drafts, {res1.stats.failed_segments} segments left in "
              f"English with the reason -> finished pages containing such a segment: {bad1} (goal 0)")

        # (2) ideal translator, fresh memory
        repo2 = work / "ideal"
        make_repo(repo2, pages)
        t0 = time.perf_counter()
        with FakeLLMServer(api_key="test-key") as server:
            res2 = run(repo2, rels, server, work / "ideal.db")
        false_drafts = sum(1 for d in res2.docs if d.written and d.draft)
        print(f"(2) ideal translator ({time.perf_counter() - t0:.0f} s): {sum(d.written for d in res2.docs)} pages "
              f"written, {res2.stats.failed_segments} segments failed -> false drafts: {false_drafts} (goal 0)")

        # (3) the faulty run's memory
        listed = api.memory_list(repo1, failing=True, memory=work / "faulty.db")
        print(f"(3) faulty run's memory: {listed.total} entries -> entries that fail the gate: "
              f"{len(listed.entries)} (goal 0)")
        for d in res1.docs:
            if d.written:
                Path(d.target).unlink()
        with FakeLLMServer(api_key="test-key") as server:
            res3 = run(repo1, rels, server, work / "faulty.db")
        bad3, fin3, drafts3 = finished_with_bad(repo1, res3, gloss)
        print(f"    re-run with the ideal translator on that memory: {res3.stats.cache_hits} segments from memory, "
              f"{res3.stats.translated} translated, {fin3} finished, {drafts3} drafts -> finished pages with a "
              f"bad segment: {bad3} (goal 0)")

        # (4) pseudo pages and status
        repo4 = work / "pseudo"
        make_repo(repo4, pages)
        res4 = api.translate(repo4, "ko", rels, provider="pseudo", memory=work / "pseudo.db")
        written = {d.path for d in res4.docs if d.written}
        subprocess.run([*GIT, "-C", str(repo4), "add", "-A"], check=True)
        subprocess.run([*GIT, "-C", str(repo4), "commit", "-qm", "pseudo"], check=True)
        st = api.status(repo4, ["ko"], pulls=False)
        up = [d for d in st.report.docs if d.path in written and d.state == "up-to-date"]
        print(f"(4) pseudo provider: {len(written)} pages written -> pseudo pages reported up to date: "
              f"{len(up)} (goal 0)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
