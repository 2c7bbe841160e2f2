"""An independent injection bench of the review's omissions and duplications: found, and placed in the gap.

Written from scratch for issue 34 (it shares no code with ``bench_review_injection.py``, whose placement
rule accepted a finding anywhere on the first prose block after a code block). For every translated doc
of every language of the three corpora that has an English twin, units of the translation are dropped or
duplicated, one variant at a time, and each variant is reviewed as a translator's working copy (rules only:
the learned length model and the English the committed translation follows, as ``hfi18n review`` on a
checkout does; no glossary, no LLM).

Units are found with markdown-it-py on the translated text (not with hfi18n's parser):

- ``paragraph``: a top-level paragraph; ``item``: a list item (its nested lines included);
  ``row``: a table body row; ``callout``: a ``> [!TIP]`` blockquote or a ``<Tip>`` ... ``</Tip>`` element;
  ``section``: a heading (level 2+) with everything up to the next heading of its level or above.
- each must have prose: 8+ letters once markup, code and link targets are taken out.

Per doc, for each operation (``drop``, ``dup``) and kind, one unit picked by a seeded generator; and, of the
paragraphs and list items, one right before a code block and one right after one (``pos``: ``before code``,
``after code``, ``other``). Units with no English in the English the review compares against (:func:`translator_only`: a translator's
note, a table of contents the translator added) are never dropped: the review is right to say nothing. A drop removes the unit's lines (and one blank line after a block). A duplicate
writes a copy right after the unit (a blank line between, for blocks; none for items and rows).

Counted, from the findings the untouched doc did not have (lines shifted by the injection):

- ``found``: an omission (for a drop) or duplication (for a dup) reported anywhere in the doc;
- ``placed``: a drop's omission on a line from the last line of the unit before the gap to the first line
  of the block after it (the gap and the line on either side: within 1 line of it); a dup's duplication on
  the copy or the original, or 1 line around them.

Docs are split into those whose committed translation follows today's English (the English version it
follows, found from the git history as ``status`` finds it, is today's English byte for byte) and the
drifted ones; units into length bands of the letters of the unit's text. ``--list FILE`` writes every omission/duplication finding of the untouched docs with the
English around the line it names, for a hand check; ``--misses`` prints each unit not placed.

    python bench/bench_review_gap.py                  # every language, seed 1
    python bench/bench_review_gap.py --langs ko --misses
"""

from __future__ import annotations

import argparse
import random
import re
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from _corpora import NAMES, corpus
from markdown_it import MarkdownIt

from hfi18n.repo.layout import SOURCE_LANG, DocsLayout
from hfi18n.review import Kind, Options, review_texts
from hfi18n.review.follow import followed_english
from hfi18n.translate.aligned import learned_length

BANDS = (("<60", 0, 60), ("60-150", 60, 150), ("150+", 150, 10**9))
KINDS = ("paragraph", "item", "row", "callout", "section")
_MD = MarkdownIt("commonmark").enable("table")
_TIP_OPEN = re.compile(r"\s*<Tip\b")
_TIP_CLOSE = re.compile(r".*</Tip>\s*$")
_FENCE = re.compile(r"\s*(```|~~~)")
_MARKUP = re.compile(r"\[\[[^\]]*\]\]|`[^`]*`|\]\([^)]*\)|<[^>]*>|https?://\S+|(?:(?!<)[\W\d_])+")
"""What is not prose. A run of non-letters stops before ``<``, so that the tag after it is markup as a whole: it
took the ``<`` of ``<img src=...>``, and the tag's name and attributes counted as letters (an image-only
section of diffusers zh optimization/xdit.md counted 43)."""
_CODE = re.compile(r"^\s*(```|~~~).*?^\s*\1[ \t]*$", re.M | re.S)


@dataclass(slots=True)
class Unit:
    kind: str
    start: int
    """0-based first line."""
    end: int
    """0-based line after the last."""
    text: str
    pos: str = "other"


@dataclass(slots=True)
class Case:
    corpus: str
    lang: str
    rel: str
    state: str  # current | drifted
    op: str  # drop | dup
    unit: Unit
    found: bool
    placed: bool
    where: str = ""


_AUTODOC = re.compile(r"^\s*\[\[autodoc\]\].*(?:\n[ \t]+- .*)*", re.M)


def _letters(text: str) -> int:
    """Letters of prose in ``text``: code blocks, ``[[autodoc]]`` blocks (and their method lists), inline code,
    link targets, tags and ``[[...]]`` out."""
    return len(_MARKUP.sub("", _CODE.sub("", _AUTODOC.sub("", text))))


def _band(n: int) -> str:
    return next(name for name, lo, hi in BANDS if lo <= n < hi)


def _trim(lines: list[str], start: int, end: int) -> int:
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    return end


def units(text: str) -> list[Unit]:
    """The droppable units of a translated doc (see the module docstring)."""
    lines = text.split("\n")
    tokens = _MD.parse(text)
    fences = [(t.map[0], t.map[1]) for t in tokens if t.type in ("fence", "code_block") and t.map]
    in_code = set()
    for a, b in fences:
        in_code.update(range(a, b))
    tips: list[tuple[int, int]] = []
    k = 0
    while k < len(lines):
        if k not in in_code and _TIP_OPEN.match(lines[k]):
            j = next((j for j in range(k, min(k + 60, len(lines))) if j not in in_code and _TIP_CLOSE.match(lines[j])),
                     None)
            if j is not None:
                tips.append((k, j + 1))
                k = j + 1
                continue
        k += 1
    in_tip = {x for a, b in tips for x in range(a, b)}
    out: list[Unit] = []
    for a, b in tips:
        body = "\n".join(lines[a:b])
        out.append(Unit("callout", a, b, body))
    depth = 0
    thead = False
    heads: list[tuple[int, int]] = []  # (line, level)
    for t in tokens:
        if t.type in ("thead_open", "thead_close"):
            thead = t.type == "thead_open"
        if t.type in ("bullet_list_open", "ordered_list_open", "blockquote_open"):
            depth += 1
        elif t.type in ("bullet_list_close", "ordered_list_close", "blockquote_close"):
            depth -= 1
        if not t.map:
            continue
        a, b = t.map
        if a in in_tip:
            continue
        if t.type == "heading_open" and depth == 0:
            heads.append((a, int(t.tag[1])))
        elif t.type == "paragraph_open" and depth == 0 and t.level == 0 and not lines[a].lstrip().startswith("[["):
            out.append(Unit("paragraph", a, _trim(lines, a, b), "\n".join(lines[a:b])))
        elif t.type == "list_item_open" and depth == 1:
            out.append(Unit("item", a, _trim(lines, a, b), "\n".join(lines[a:b])))
        elif t.type == "tr_open" and not thead:
            out.append(Unit("row", a, b, lines[a]))
        elif t.type == "blockquote_open" and depth == 1 and re.match(r"\s*>\s*\[!", lines[a]):
            out.append(Unit("callout", a, _trim(lines, a, b), "\n".join(lines[a:b])))
    for n, (a, level) in enumerate(heads):
        if level < 2:
            continue
        b = next((x for x, lv in heads[n + 1:] if lv <= level), len(lines))
        b = _trim(lines, a, b)
        if b - a > 1 and b - a < 0.5 * len(lines):
            out.append(Unit("section", a, b, "\n".join(lines[a:b])))
    keep = [u for u in out if _letters(u.text if u.kind != "section" else "\n".join(lines[u.start + 1:u.end])) >= 8]
    fence_starts = {a for a, _b in fences}
    fence_ends = {b - 1 for _a, b in fences}
    for u in keep:
        nxt = next((x for x in range(u.end, len(lines)) if lines[x].strip()), None)
        prv = next((x for x in range(u.start - 1, -1, -1) if lines[x].strip()), None)
        if nxt is not None and nxt in fence_starts and _FENCE.match(lines[nxt]):
            u.pos = "before code"
        elif prv is not None and prv in fence_ends:
            u.pos = "after code"
    return keep


_NOTE = re.compile(r"译者注|譯者注|역자\s*주|옮긴이\s*주|訳注|訳者注|translator['’]?s note|nota del traductor|"
                   r"note du traducteur|N\. ?d[elu]+ ?T\.", re.I)
_NEUTRAL = re.compile(r"`([^`\n]+)`|\]\(([^)\s]+)|(https?://[^\s)>\]]+)|\[\[([^\]]+)\]\]|(?<![\w.])(\d[\d.,]*\d)(?![\w.])")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_+-]{2,}")
_ITEM_NAME = re.compile(r"\s*(?:[-*+]|\d+[.)])\s+`([^`\n]+)`")
LATIN_SCRIPT = frozenset({"de", "en", "es", "fr", "it", "pt", "tr", "id", "vi", "pl", "nl"})


def neutral_tokens(text: str, lang: str) -> set[str]:
    """What a translation keeps of its English whatever the language: inline code, link targets, URLs,
    ``[[anchors]]``, numbers; and, in a language not written in Latin letters, the Latin words (names)."""
    toks = {next(g for g in m.groups() if g) for m in _NEUTRAL.finditer(text)}
    if lang not in LATIN_SCRIPT:
        toks |= set(_LATIN_WORD.findall(_NEUTRAL.sub(" ", text)))
    return {t.lower() for t in toks}


def translator_only(u: Unit, english: str, lang: str) -> bool:
    """A unit of the translation with no English to miss: a translator's note (``译者注``, ``역자 주``...), or
    a unit no block of the English (a run of lines between blank lines) holds half the language-neutral
    tokens of (:func:`neutral_tokens`): ``english`` is the one the review compares the translation with, the
    English it follows (today's when that is not known). A section is looked for in the whole English.
    Dropping such a unit is no omission: it is not injected (a unit with no neutral token cannot be told
    and stays in). A list item named by code (its first word) that the English never writes as code is the
    translator's own item too: huggingface_hub fr installation.md lists "`mcp`" where the English it follows
    lists "`cli`", or's lists a "`cli`" item its English no longer has; their neutral tokens pass the test
    above because every item of that list names `huggingface_hub`."""
    if _NOTE.search(u.text):
        return True
    low = english.lower()
    name = _ITEM_NAME.match(u.text)
    if u.kind == "item" and name and f"`{name.group(1).lower()}`" not in low:
        return True
    toks = neutral_tokens(u.text, lang)
    if not toks:
        return False
    chunks = [low] if u.kind == "section" else re.split(r"\n[ \t]*\n", low)
    return max(sum(t in c for t in toks) for c in chunks) < len(toks) / 2


def inject(lines: list[str], u: Unit, op: str) -> tuple[list[str], tuple[int, int], int, int]:
    """The injected lines; the 1-based range of lines a finding must be on; where the change starts (1-based
    line of the new text) and how many lines it adds (negative: removes)."""
    block = u.kind not in ("item", "row")
    if op == "drop":
        end = u.end
        if block and end < len(lines) and not lines[end].strip():
            end += 1
        new = lines[:u.start] + lines[end:]
        prev_end = next((x + 1 for x in range(u.start - 1, -1, -1) if new[x].strip()), 0)
        next_start = next((x + 1 for x in range(u.start, len(new)) if new[x].strip()), len(new) + 1)
        return new, (prev_end, next_start), u.start + 1, -(end - u.start)
    copy = lines[u.start:u.end]
    add = ([""] if block else []) + copy
    new = lines[:u.end] + add + lines[u.end:]
    return new, (u.start, u.end + len(add) + 1), u.end + 1, len(add)


def new_findings(base: list, got: list, at: int, shift: int) -> list:
    """Findings of ``got`` that ``base`` had not (a base finding at or after line ``at`` moves by ``shift``)."""
    def moved(line: int) -> int:
        return line + shift if line >= at else line
    old = Counter((f.kind, f.rule, moved(f.line), f.english_line) for f in base)
    out = []
    for f in got:
        key = (f.kind, f.rule, f.line, f.english_line)
        if old[key] > 0:
            old[key] -= 1
        else:
            out.append(f)
    return out


def state_of(followed, en_text: str) -> str:
    """``current`` when the English the translation follows (found from the history, as ``status`` and the
    review find it) is today's English; ``drifted`` when it is an older one or unknown."""
    return "current" if followed is not None and followed.text == en_text else "drifted"


def pick(cands: list[Unit], rng: random.Random) -> list[Unit]:
    out: list[Unit] = []
    for kind in KINDS:
        of = [u for u in cands if u.kind == kind]
        if of:
            out.append(rng.choice(of))
    for pos in ("before code", "after code"):
        of = [u for u in cands if u.pos == pos and u.kind in ("paragraph", "item") and u not in out]
        if of:
            out.append(rng.choice(of))
    return out


def _pct(found: int, n: int) -> str:
    return f"{found}/{n} ({100 * found / n:.0f}%)" if n else "-"


def table(cases: list[Case], rows: list[tuple[str, object]], title: str) -> None:
    print(f"\n{title}\n")
    print("| | " + " | ".join(name for name, _lo, _hi in BANDS) + " | all | found anywhere |")
    print("|---|" + "---|" * (len(BANDS) + 2))
    for label, test in rows:
        sub = [c for c in cases if test(c)]
        if not sub:
            continue
        cells = [_pct(sum(c.placed for c in sub if _band(_letters(c.unit.text)) == b),
                      sum(1 for c in sub if _band(_letters(c.unit.text)) == b)) for b, _lo, _hi in BANDS]
        print(f"| {label} | " + " | ".join(cells) + f" | {_pct(sum(c.placed for c in sub), len(sub))} "
              f"| {_pct(sum(c.found for c in sub), len(sub))} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--langs", default="", help="comma-separated (default: every language of the corpora)")
    ap.add_argument("--corpora", default=",".join(NAMES))
    ap.add_argument("--misses", action="store_true")
    ap.add_argument("--list", default="", help="write the untouched docs' findings here, for a hand check")
    args = ap.parse_args()
    want = set(args.langs.split(",")) - {""}
    cases: list[Case] = []
    untouched: list[str] = []
    skipped: list[tuple[str, Unit]] = []
    n_docs = 0
    t0 = time.perf_counter()
    reviews = 0
    for name in args.corpora.split(","):
        repo = corpus(name)
        layout = DocsLayout.open(repo)
        for lang in sorted(layout.languages()):
            if lang == SOURCE_LANG or (want and lang not in want):
                continue
            opts = Options(length=learned_length(repo, lang), followed=followed_english(layout, lang))
            for rel in layout.docs(lang):
                en_rel = layout.twin(rel, SOURCE_LANG)
                if en_rel is None:
                    continue
                en_text = layout.path(SOURCE_LANG, en_rel).read_text(encoding="utf-8")
                tr_text = layout.path(lang, rel).read_text(encoding="utf-8")
                kw = {"file": f"docs/source/{lang}/{rel}", "english_file": f"docs/source/en/{en_rel}", "lang": lang,
                      "rel": rel, "options": opts}
                base = review_texts(en_text, tr_text, **kw)
                reviews += 1
                n_docs += 1
                state = state_of(opts.followed(rel), en_text)
                tr_lines = tr_text.split("\n")
                for f in base.findings:
                    if f.kind in (Kind.OMISSION, Kind.DUPLICATION):
                        eng = f.english or ""  # quoted from the English it was made against (maybe an older one)
                        around = "\n".join(f"      {n:4} | {' '.join(tr_lines[n - 1].split())[:150]}"
                                           for n in range(max(1, f.line - 3), min(len(tr_lines), f.line + 3) + 1))
                        untouched.append(f"{name}/{lang}/{rel}:{f.line} [{state}] {f.kind.value}/{f.rule}: "
                                         f"{f.message}\n    English {f.english_line}"
                                         f"{' of ' + f.aligned_with if f.aligned_with else ''}: {eng}\n"
                                         f"    translation around line {f.line}:\n{around}")
                rng = random.Random(f"{args.seed}:{name}:{lang}:{rel}")
                cands = units(tr_text)
                followed = opts.followed(rel)
                english = en_text if followed is None else followed.text  # what the review compares with
                alone = [u for u in cands if translator_only(u, english, lang)]
                skipped += [(f"{name}/{lang}/{rel}:{u.start + 1}", u) for u in alone]
                for op in ("drop", "dup"):
                    for u in pick([u for u in cands if u not in alone] if op == "drop" else cands, rng):
                        new, (lo, hi), at, shift = inject(tr_lines, u, op)
                        got = review_texts(en_text, "\n".join(new), **kw)
                        reviews += 1
                        kind = Kind.OMISSION if op == "drop" else Kind.DUPLICATION
                        fresh = [f for f in new_findings(base.findings, got.findings, at, shift) if f.kind is kind]
                        placed = any(lo <= f.line <= hi for f in fresh)
                        where = ", ".join(str(f.line) for f in fresh)
                        cases.append(Case(name, lang, rel, state, op, u, bool(fresh), placed, where))
    took = time.perf_counter() - t0
    langs = sorted({c.lang for c in cases})
    print(f"{n_docs} translated docs ({', '.join(langs)}), {len(cases)} injections, seed {args.seed}, "
          f"{reviews} reviews in {took:.0f} s")
    for state in ("current", "drifted"):
        sub = [c for c in cases if c.state == state]
        docs = len({(c.corpus, c.lang, c.rel) for c in sub})
        rows: list[tuple[str, object]] = []
        for op in ("drop", "dup"):
            rows.append((f"**{op} (all)**", lambda c, op=op: c.op == op))
            rows += [(f"{op} {k}", lambda c, op=op, k=k: c.op == op and c.unit.kind == k) for k in KINDS]
            rows += [(f"{op} {p}", lambda c, op=op, p=p: c.op == op and c.unit.pos == p)
                     for p in ("before code", "after code")]
        table(sub, rows, f"### {state}: docs following {'today' if state == 'current' else 'an older'}'s English "
                         f"({docs} docs), placed in the gap per length band")
    for state in ("current", "drifted"):
        rows = [(f"{lang} {op}", lambda c, lang=lang, op=op: c.lang == lang and c.op == op)
                for lang in langs for op in ("drop", "dup")]
        table([c for c in cases if c.state == state], rows, f"### {state}: per language")
    print(f"\ntranslator-only units (not dropped: no English to miss; see translator_only): {len(skipped)} of "
          f"the docs' units")
    per10 = 10 * len(untouched) / max(n_docs, 1)
    print(f"\nomission/duplication findings on the {n_docs} untouched docs: {len(untouched)} ({per10:.2f} per 10 docs)")
    if args.list:
        Path(args.list).write_text("\n".join(untouched) + "\n", encoding="utf-8")
        print(f"written to {args.list}")
    if args.misses:
        print("\ntranslator-only, not dropped:")
        for where, u in skipped:
            print(f"  {u.kind} {where}: {' '.join(u.text.split())[:90]}")
        print("\nnot placed:")
        for c in cases:
            if not c.placed:
                text = " ".join(c.unit.text.split())[:90]
                print(f"  {c.op} {c.unit.kind} {c.corpus}/{c.lang}/{c.rel}:{c.unit.start + 1} [{c.state}, {c.unit.pos}, "
                      f"{_band(_letters(c.unit.text))}]"
                      f" found at [{c.where}]: {text}")


if __name__ == "__main__":
    main()
