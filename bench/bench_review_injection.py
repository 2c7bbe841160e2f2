"""Injection benchmark of the review's omission and duplication checks (issue #17).

For every translated doc (ko, zh, ja by default) of the three corpora that has an English twin, one
prose paragraph of the translation (a sentence or more: it ends with sentence punctuation) is dropped,
and one is duplicated (a blank line and a verbatim copy right after it), picked with a seeded random
generator. Each variant is reviewed (rules only, no glossary, no LLM) and counted as found when the
review reports a *new* omission (for a drop) or duplication (for a copy) within ``NEAR`` lines of the
injection point, or (a drop) on the first paragraph or heading after it, past any code block -- where an
omission is placed. "On" means any line of that block, from its first line to its last: the review places
an omission on the line of the block's text it quotes, which in an HTML block is not its first line
(diffusers ja tutorials/autopipeline.md: a paragraph dropped before a code block is reported on line 100,
the alt text of the ``<div>`` that starts on line 98). Nothing past that block counts. Findings the
untouched doc already had, shifted by the injection, do not count.

Reports recall per length band of the injected paragraph (characters of the translation), separately
for docs that follow the current English and for drifted docs (``check`` reports ``drift``), and the
omission/duplication findings of the untouched docs, with ``--sample N`` of them printed with the English
they refer to, for a hand check.

    python bench/bench_review_injection.py                     # tables
    python bench/bench_review_injection.py --sample 20 --seed 17
    python bench/bench_review_injection.py --unit sentence     # one sentence dropped inside a paragraph

``--unit sentence`` drops one sentence (of six English-length words or more: a real one) from a translated
paragraph of two sentences or more instead, the paragraph kept; found when a new omission is reported on
that paragraph or within ``NEAR`` lines (the sentence-level pass of :mod:`hfi18n.review.sentences`).
"""

from __future__ import annotations

import argparse
import inspect
import random
import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass

from _corpora import NAMES, corpus

from hfi18n.doc import BlockKind, parse
from hfi18n.repo.layout import SOURCE_LANG, DocsLayout
from hfi18n.review import Kind, Options, review_texts
from hfi18n.scripts import looks_english
from hfi18n.translate.aligned import PROSE_KINDS

NEAR = 20
"""Lines between the injection point and a finding for the finding to count as catching it."""
BANDS = ((0, 60, "<60"), (60, 150, "60-150"), (150, 10**9, "150+"))
_SENTENCE_END = re.compile(r"[.!?。！？:：)]\s*$")
COVERAGE = (Kind.OMISSION, Kind.DUPLICATION)

try:  # the sentence-level pass (issue #17)
    from hfi18n.review.sentences import split_sentences
except ImportError:
    split_sentences = None

try:  # the drift-aware review (issue #17): the English a translation follows, a learned length ratio
    from hfi18n.review.follow import followed_english
    from hfi18n.translate.aligned import learned_length
except ImportError:  # older versions: no such thing
    followed_english = learned_length = None


def _band(n: int) -> str:
    return next(name for lo, hi, name in BANDS if lo <= n < hi)


@dataclass(slots=True)
class Case:
    corpus: str
    lang: str
    rel: str
    drift: bool
    op: str  # drop | dup
    chars: int
    found: bool


def _candidates(text: str, lang: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of the top-level translated paragraphs of one sentence or more."""
    out = []
    for b in parse(text).blocks:
        if b.kind is not BlockKind.PARAGRAPH or b.meta.get("depth") or not b.segments:
            continue
        body = " ".join(b.text.split())
        if len(body) < 8 or looks_english(body, lang) or not _SENTENCE_END.search(body):
            continue
        if body.startswith(("|", "<", "-", "*", ">")) or re.match(r"\d+\.", body):
            continue
        out.append((b.start_line, b.end_line, body))
    return out


def _sentence_candidates(text: str, lang: str) -> list[tuple[int, int, str, int]]:
    """(start, end, paragraph, sentence index) of the sentences that can be dropped from a paragraph of
    :func:`_candidates` that has two or more."""
    out = []
    for s, e, body in _candidates(text, lang):
        parts = split_sentences(body, lang)
        if len(parts) < 2:
            continue
        out.extend((s, e, body, k) for k, p in enumerate(parts) if len(p) >= 15)
    return out


def _drop_sentence(lines: list[str], start: int, end: int, body: str, k: int, lang: str) -> tuple[list[str], int, int]:
    """``lines`` with sentence ``k`` of the paragraph on lines ``start..end`` dropped (the paragraph written
    on one line), where the change is and how many lines it adds."""
    parts = split_sentences(body, lang)
    del parts[k]
    indent = lines[start - 1][: len(lines[start - 1]) - len(lines[start - 1].lstrip())]
    return lines[:start - 1] + [indent + " ".join(parts)] + lines[end:], start, -(end - start)


def _inject(lines: list[str], start: int, end: int, op: str) -> tuple[list[str], int, int]:
    """The injected lines, where the change is (1-based line) and how many lines it adds (negative: removes)."""
    block = lines[start - 1:end]
    if op == "drop":
        cut = end + 1 if end < len(lines) and not lines[end].strip() else end
        return lines[:start - 1] + lines[cut:], start, -(cut - start + 1)
    return lines[:end] + [""] + block + lines[end:], end + 2, len(block) + 1


def _next_prose(text: str, at: int) -> tuple[int, int] | None:
    """First and last line of the first prose block or heading starting at or after line ``at``, past code
    blocks (also those with translated comments), where the review places an omission: diffusers zh
    optimization/memory.md drops a paragraph followed by a 34-line code block and a heading, and the
    omission is reported on that heading. The whole block counts, not only its first line: ja
    tutorials/autopipeline.md has the omission on the alt text (line 100) of a ``<div>`` starting on 98."""
    return next(((b.start_line, b.end_line) for b in parse(text).blocks if b.start_line >= at and b.segments
                 and (b.kind in PROSE_KINDS or b.kind is BlockKind.HEADING)), None)


def _new(base: list, injected: list, at: int, shift: int) -> list:
    """Findings of ``injected`` that the untouched review did not have (lines shifted by the injection)."""
    def moved(line: int) -> int:
        if shift < 0:
            return line if line < at else line + shift
        return line if line < at else line + shift
    # the English line tells apart two findings anchored on the same translated paragraph (the English
    # does not move: only the translation was changed)
    old = Counter((f.kind, f.rule, moved(f.line), f.english_line) for f in base)
    out = []
    for f in injected:
        key = (f.kind, f.rule, f.line, f.english_line)
        if old[key]:
            old[key] -= 1
        else:
            out.append(f)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--langs", default="ko,zh,ja")
    ap.add_argument("--per-doc", type=int, default=1, help="paragraphs dropped (and duplicated) per doc")
    ap.add_argument("--sample", type=int, default=0, help="print this many untouched-doc findings")
    ap.add_argument("--misses", action="store_true", help="print the injections that were missed")
    ap.add_argument("--show", default="", help="print every untouched-doc finding of this rule (missing-sentence)")
    ap.add_argument("--unit", choices=("paragraph", "sentence"), default="paragraph",
                    help="what is dropped: a paragraph (and one duplicated), or one sentence of a paragraph")
    args = ap.parse_args()
    if args.unit == "sentence" and split_sentences is None:
        raise SystemExit("this version has no sentence-level review")
    langs = args.langs.split(",")
    new_review = "followed" in inspect.signature(review_texts).parameters and followed_english is not None
    cases: list[Case] = []
    untouched: list[tuple[str, object, str, str, object]] = []
    misses = []
    docs = 0
    start_t = time.perf_counter()
    for name in NAMES:
        layout = DocsLayout.open(corpus(name))
        for lang in langs:
            if lang not in layout.languages():
                continue
            # the options the review of a checkout uses (see hfi18n.review.service.run_review)
            opts = Options(length=learned_length(layout.repo, lang),
                           followed=followed_english(layout, lang)) if new_review else Options()
            for rel in layout.docs(lang):
                en_rel = layout.twin(rel, SOURCE_LANG)
                if en_rel is None:
                    continue
                en_text = layout.path(SOURCE_LANG, en_rel).read_text(encoding="utf-8")
                tr_text = layout.path(lang, rel).read_text(encoding="utf-8")
                file = f"docs/source/{lang}/{rel}"
                kw = {"file": file, "english_file": f"docs/source/en/{en_rel}", "lang": lang, "rel": rel,
                      "options": opts}
                base = review_texts(en_text, tr_text, **kw)
                docs += 1
                drift = any(f.kind is Kind.CHECK and f.rule == "drift" for f in base.findings)
                base_cov = [f for f in base.findings if f.kind in COVERAGE]
                for f in base_cov:
                    untouched.append((name, base, en_text, lang, f))
                rng = random.Random(f"{args.seed}:{name}:{lang}:{rel}")
                lines = tr_text.split("\n")
                if args.unit == "sentence":
                    scands = _sentence_candidates(tr_text, lang)
                    for s, e, body, k in rng.sample(scands, min(args.per_doc, len(scands))):
                        new_lines, at, shift = _drop_sentence(lines, s, e, body, k, lang)
                        got = review_texts(en_text, "\n".join(new_lines), **kw)
                        fresh = _new(base.findings, got.findings, at + 1, shift)
                        found = any(f.kind is Kind.OMISSION and abs(f.line - at) <= NEAR for f in fresh)
                        part = split_sentences(body, lang)[k]
                        cases.append(Case(name, lang, rel, drift, "drop", len(part), found))
                        if not found:
                            misses.append((name, lang, rel, drift, "drop", s, part))
                    continue
                cands = _candidates(tr_text, lang)
                if not cands:
                    continue
                for op in ("drop", "dup"):
                    for s, e, body in rng.sample(cands, min(args.per_doc, len(cands))):
                        new_lines, at, shift = _inject(lines, s, e, op)
                        got = review_texts(en_text, "\n".join(new_lines), **kw)
                        want = Kind.OMISSION if op == "drop" else Kind.DUPLICATION
                        fresh = _new(base.findings, got.findings, at, shift)
                        lo = at - NEAR - (abs(shift) if op == "dup" else 0)
                        after = _next_prose(got.text, at)  # an omission is placed on the paragraph after it
                        found = any(f.kind is want and (lo <= f.line <= at + NEAR
                                                        or (after is not None and after[0] <= f.line <= after[1]))
                                    for f in fresh)
                        cases.append(Case(name, lang, rel, drift, op, len(body), found))
                        if not found:
                            misses.append((name, lang, rel, drift, op, s, body))
    took = time.perf_counter() - start_t
    print(f"{docs} translated docs ({', '.join(langs)}) of {len(NAMES)} corpora, {len(cases)} injections, "
          f"seed {args.seed}, {took:.0f} s; English followed by drifted docs: "
          f"{'used' if new_review else 'not available'}")
    for drift in (False, True):
        print(f"\n### docs that follow {'an older' if drift else 'the current'} English\n")
        print("| injection | " + " | ".join(b for _lo, _hi, b in BANDS) + " | all |")
        print("|---|" + "---|" * (len(BANDS) + 1))
        for op in ("drop",) if args.unit == "sentence" else ("drop", "dup"):
            row = [c for c in cases if c.drift == drift and c.op == op]
            cells = []
            for _lo, _hi, b in BANDS:
                sub = [c for c in row if _band(c.chars) == b]
                cells.append(f"{sum(c.found for c in sub)}/{len(sub)}" if sub else "-")
            pct = f" ({100 * sum(c.found for c in row) / len(row):.0f}%)" if row else ""
            cells.append(f"{sum(c.found for c in row)}/{len(row)}{pct}")
            print(f"| {'dropped' if op == 'drop' else 'duplicated'} {args.unit} | " + " | ".join(cells) + " |")
    per_lang = defaultdict(lambda: [0, 0])
    for c in cases:
        per_lang[(c.lang, c.op)][0] += c.found
        per_lang[(c.lang, c.op)][1] += 1
    print("\nper language: " + ", ".join(f"{lang} {op} {f}/{n}" for (lang, op), (f, n) in sorted(per_lang.items())))
    # the goals of issue 34 hold per language and length band, for current and drifted docs apart
    cells: dict[tuple[bool, str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    for c in cases:
        cell = cells[(c.drift, c.lang, c.op, _band(c.chars))]
        cell[0] += c.found
        cell[1] += 1
    for drift in (False, True):
        rows = sorted({(lang, op) for d, lang, op, _b in cells if d == drift}, key=lambda r: (r[0], r[1] != "drop"))
        print(f"\nper language and band, docs that follow {'an older' if drift else 'the current'} English: " + "; ".join(
            f"{lang} {op} " + " ".join("{} {}/{}".format(b, *cells[(drift, lang, op, b)]) for _lo, _hi, b in BANDS
                                       if (drift, lang, op, b) in cells)
            for lang, op in rows))
    rules = Counter((f.kind.value, f.rule) for *_x, f in untouched)
    print(f"\nomission/duplication findings on the untouched docs: {len(untouched)} "
          f"({', '.join(f'{k}/{r} {n}' for (k, r), n in rules.most_common())})")
    if args.misses:
        print("\nmissed:")
        for name, lang, rel, drift, op, s, body in misses:
            print(f"  {op} {name}/{lang}/{rel}:{s}{' (drift)' if drift else ''}: {body[:100]}")
    picked = []
    if args.show:
        picked = [u for u in untouched if u[-1].rule == args.show]
        print(f"\n{len(picked)} untouched-doc findings of {args.show}:")
    elif args.sample and untouched:
        rng = random.Random(args.seed)
        picked = rng.sample(untouched, min(args.sample, len(untouched)))
        print(f"\nsample of {len(picked)} untouched-doc findings (seed {args.seed}):")
    if picked:
        for i, (name, doc, en_text, _lang, f) in enumerate(picked, 1):
            print(f"\n{i:2}. {name}/{f.file}:{f.line} [{f.kind.value}/{f.rule}] {f.message}")
            print(f"    translation: {' '.join((doc.line_text(f.line) or '').split())[:200]}")
            if f.english_line and "(aligned with" not in f.message:  # else the quote in the message is it
                en_lines = en_text.split("\n")
                print(f"    English {f.english_line}: {' '.join(en_lines[f.english_line - 1].split())[:200]}")


if __name__ == "__main__":
    main()
