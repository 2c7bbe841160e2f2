"""Scaling bench of the English/translation pairing (issue 24 "scale", issue 25 item 6).

Review and ``translate --update`` pair an English doc with its translation. Before this bench both were
quadratic somewhere: review took 5 s for 300 paragraphs and 400 s (544 MB) for 3,000, writing a doc 1.4 s
with 1,200 headings and 37 s with 12,000. One such doc in a PR stalls the Action or a shared Space.

The synthetic docs are made of the corpora's own Korean translations and their English twins (docs that
follow today's English), concatenated doc after doc and repeated, each repetition's anchors made unique
(``[[x]]`` -> ``[[x-r2]]``); nothing is written to the repository. Cases:

- ``N paragraphs``: about N prose units, headings as in the real docs;
- ``N headings``: every section cut to its heading and first paragraph, repeated to N headings;
- ``N paragraphs, one section``: the headings taken out of both docs, so nothing cuts the docs into
  sections (the pairing's band must hold on one huge section).

For each it times the review (:func:`hfi18n.review.review_texts`, rules only, the learned length model,
the per-doc bound ``max_units`` lifted), the segment pairing ``status`` uses to see whether a commit
carries the English changes (:func:`hfi18n.pair.model.pair_docs`, its segments by
:func:`hfi18n.pair.segments.segment_groups`), ``translate --update``'s plan
(:func:`hfi18n.translate.update.plan_update`) and ``check`` (:func:`hfi18n.check.runner.check_pair`, part of
the review too), each in a child process, parsing included: wall seconds, CPU seconds (the machine is
shared: CPU time is what a change moves when others load it), peak memory growth (VmHWM - VmRSS at start)
and a time limit (``--limit``, default 300 s: a case past it prints ``>limit``).

    python bench/bench_pair_scale.py                      # 300 3000 30000 paragraphs, 40000 headings
    python bench/bench_pair_scale.py --sizes 300,3000 --headings 4000 --limit 60
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import re
import time
from pathlib import Path

from _corpora import NAMES, corpus

from hfi18n.check.runner import check_pair
from hfi18n.doc import BlockKind, parse
from hfi18n.pair.bitext import LengthModel
from hfi18n.pair.model import pair_docs
from hfi18n.pair.segments import rendering, segment_groups
from hfi18n.review import Options, review_texts
from hfi18n.translate.update import plan_update

_ANCHOR_RE = re.compile(r"\[\[([^\]\s]+)\]\]")
_HEADING_RE = re.compile(r"^#{1,6} ", re.M)


def _pairs(lang: str) -> list[tuple[str, str]]:
    """(English, translation) texts of the corpora's translated docs with an English twin whose headings
    pair by anchor one to one (docs that follow today's English), in a fixed order."""
    out = []
    for name in NAMES:
        root = corpus(name) / "docs" / "source"
        for tr_path in sorted((root / lang).rglob("*.md")):
            en_path = root / "en" / tr_path.relative_to(root / lang)
            if not en_path.exists():
                continue
            en, tr = en_path.read_text(encoding="utf-8"), tr_path.read_text(encoding="utf-8")
            try:
                a, b = parse(en), parse(tr)
            except Exception:  # noqa: BLE001 -- a doc the parser rejects is no material for a bench
                continue
            if [h.meta.get("anchor") for h in a.headings()] != [h.meta.get("anchor") for h in b.headings()]:
                continue
            out.append((en, tr))
    return out


def _units(text: str) -> int:
    return sum(1 for b in parse(text).blocks if b.segments and b.kind is not BlockKind.HEADING)


def _heading_cut(text: str) -> str:
    """Each section cut to its heading and the first block after it."""
    out: list[str] = []
    for part in re.split(r"(?m)^(?=#{1,6} )", text):
        if not _HEADING_RE.match(part):
            continue
        blocks = part.split("\n\n")
        out.append("\n\n".join(blocks[:2]).rstrip() + "\n\n")
    return "".join(out)


def _no_headings(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not _HEADING_RE.match(line + " ")) + "\n"


def synth(pairs: list[tuple[str, str]], want: int, *, headings: bool = False, flat: bool = False) -> tuple[str, str]:
    """An English doc and its translation of about ``want`` prose units (or headings)."""
    en_parts: list[str] = []
    tr_parts: list[str] = []
    got = rep = 0
    while got < want:
        for en, tr in pairs:
            if headings:
                en, tr = _heading_cut(en), _heading_cut(tr)
            if rep:
                en = _ANCHOR_RE.sub(lambda m, r=rep: f"[[{m.group(1)}-r{r}]]", en)
                tr = _ANCHOR_RE.sub(lambda m, r=rep: f"[[{m.group(1)}-r{r}]]", tr)
            if flat:
                en, tr = _no_headings(en), _no_headings(tr)
            en_parts.append(en.rstrip() + "\n\n")
            tr_parts.append(tr.rstrip() + "\n\n")
            got += len(_HEADING_RE.findall(en)) if headings else _units(en)
            if got >= want:
                break
        rep += 1
    return "".join(en_parts), "".join(tr_parts)


def _rss(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def _child(what: str, en: str, tr: str, model: LengthModel, out: mp.Queue) -> None:
    start_rss = _rss("VmRSS")
    start, cpu = time.perf_counter(), time.process_time()
    if what == "review":
        doc = review_texts(en, tr, file="ko/big.md", english_file="en/big.md", lang="ko",
                           options=Options(length=model, max_units=None))
        extra = f"{len(doc.findings)} findings"
    elif what == "pair":
        extra = f"{len(rendering(segment_groups(pair_docs(parse(en), parse(tr)))))} segments paired"
    elif what == "check":
        extra = f"{len(check_pair(parse(en), parse(tr), file='ko/big.md', lang='ko'))} findings"
    else:
        plan = plan_update(en, en, tr, en_rel="big.md", target=Path("ko/big.md"), base_commit="0" * 40)
        extra = f"{plan.kept} kept"
    out.put((time.perf_counter() - start, time.process_time() - cpu, (_rss("VmHWM") - start_rss) / 1024, extra))


def timed(what: str, en: str, tr: str, model: LengthModel, limit: float) -> str:
    q: mp.Queue = mp.get_context("fork").Queue()
    p = mp.get_context("fork").Process(target=_child, args=(what, en, tr, model, q))
    p.start()
    p.join(limit)
    if p.is_alive():
        p.kill()
        p.join()
        return f"{'>' + str(int(limit)):>8} {'':>8} {'':>7}"
    secs, cpu, mb, extra = q.get()
    return f"{secs:8.2f} {cpu:8.2f} {mb:7.0f}  ({extra})"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="300,3000,30000", help="prose units of the paragraph cases")
    ap.add_argument("--headings", default="40000", help="headings of the heading cases")
    ap.add_argument("--flat", default="3000,30000", help="prose units of the one-section cases")
    ap.add_argument("--limit", type=float, default=300.0, help="seconds after which a case is stopped")
    ap.add_argument("--only", default="review,pair,update,check")
    args = ap.parse_args()
    pairs = _pairs("ko")
    t0 = time.perf_counter()
    model = LengthModel.learn(((e, t) for e, t in _lexicon_pairs()), "ko")
    print(f"{len(pairs)} ko docs following today's English; length model {model.describe()} "
          f"({time.perf_counter() - t0:.1f} s)")
    cases = [(f"{n} paragraphs", dict(want=n)) for n in map(int, filter(None, args.sizes.split(",")))]
    cases += [(f"{n} headings", dict(want=n, headings=True)) for n in map(int, filter(None, args.headings.split(",")))]
    cases += [(f"{n} paragraphs, one section", dict(want=n, flat=True))
              for n in map(int, filter(None, args.flat.split(",")))]
    print(f"{'case':<30} {'units':>6} {'heads':>6} {'what':<7} {'s':>8} {'cpu s':>8} {'MB':>7}")
    for name, kw in cases:
        en, tr = synth(pairs, **kw)
        units, heads = _units(en), len(_HEADING_RE.findall(en))
        for what in args.only.split(","):
            print(f"{name:<30} {units:6d} {heads:6d} {what:<7} {timed(what, en, tr, model, args.limit)}", flush=True)


def _lexicon_pairs() -> list[tuple[str, str]]:
    from hfi18n.translate.aligned import aligned_units

    return [(u.en, u.tr) for name in NAMES for u in aligned_units(corpus(name), "ko", history=False)]


if __name__ == "__main__":
    main()
