"""``translate --update`` of every translated Korean doc of the three corpora with an ideal translator.

An ideal translator (``tests/fakes/translators.py``: prose translated, identifiers kept) behind the loopback
server, through the real OpenAI client; each doc updated from a fresh checkout of its corpus. P4 of
``docs/guarantees.md`` on real data: every doc is written finished (no draft, no check error) and nothing
that needs no translation is sent. Prints per corpus the docs updated, those not written or written as a
draft (with the checks that stopped them), and the segments sent that an ideal translator gives back
unchanged.

    python bench/bench_ideal_update.py                      # this checkout
    PYTHONPATH=<other checkout>/src python bench/bench_ideal_update.py   # another version, side by side
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(ROOT / "src"))

from _corpora import NAMES  # noqa: E402
from _corpora import bundle as corpus_bundle  # noqa: E402
from tests.fakes.translators import IdealServer  # noqa: E402

from hfi18n import api  # noqa: E402


def main() -> int:
    os.environ["OPENAI_API_KEY"] = "test-key"
    bad_total = 0
    with tempfile.TemporaryDirectory() as tmp, IdealServer() as server:
        for name in NAMES:
            repo = Path(tmp) / name
            subprocess.run(["git", "clone", "-q", str(corpus_bundle(name)), str(repo)], check=True)
            rows = api.status(repo, ["ko"], pulls=False).report.for_lang("ko")
            docs = [d.path for d in rows if d.translated_path and d.state in ("outdated", "up-to-date", "in-progress")
                    and "base-unknown" not in d.flags]
            server.unchanged.clear()
            bad = []
            for doc in docs:
                subprocess.run(["git", "-C", str(repo), "checkout", "-q", "--", "docs"], check=True)
                result = api.translate(repo, "ko", [doc], update=True, provider="openai",
                                       base_url=server.openai_base_url, model="gpt-4.1-mini")
                out = result.docs[0] if result.docs else None
                if out is None or not out.written or out.draft:
                    why = "skipped" if out is None else ("draft" if out.draft else "not written")
                    bad.append(f"{doc} ({why}: {', '.join(sorted({e['check'] for e in out.errors})) if out else ''})")
            bad_total += len(bad)
            print(f"{name}: {len(docs)} docs updated, {len(bad)} not finished, "
                  f"{len(server.unchanged)} segment(s) sent that need no translation")
            for line in bad:
                print(f"  {line}")
            for text in sorted(set(server.unchanged))[:10]:
                print(f"  sent: {text!r}")
    return 1 if bad_total else 0


if __name__ == "__main__":
    raise SystemExit(main())
