"""Injected style slips, one per Korean doc of the three corpora: does ``review`` find each at its line?

For every human Korean doc (``docs/source/ko``) of diffusers, huggingface_hub and smolagents, one slip is
written into a clone, in turn (seeded) one of:

  handa    a 합니다체 statement rewritten as 한다체 (``사용합니다`` -> ``사용한다``)
  haeyo    a 합니다체 statement rewritten as 해요체 (``사용합니다`` -> ``사용해요``)
  heading  a noun-phrase heading whose English is no question rewritten as a sentence
           (``모델 불러오기`` -> ``모델 불러옵니다``, ``설치`` -> ``설치입니다``)

(a doc where the kind's turn finds nothing to rewrite takes the next kind). Then one ``review`` of each
corpus's Korean docs (the API the CLI runs, local files of a checkout) and, per injection, whether a
``style/register`` (sentences) or ``style/heading`` (headings) finding is on the injected line. The other
style findings of the injected docs are counted too (the human docs' own, see report_style_corpora.py).

    python bench/bench_style_injection.py [--seed 35] [--corpus diffusers]
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from _corpora import corpus

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hfi18n import api  # noqa: E402
from hfi18n.check.style import HEADING, REGISTER, prose_pieces  # noqa: E402
from hfi18n.doc import parse  # noqa: E402
from hfi18n.lang import Mood, layer_for  # noqa: E402
from hfi18n.lang.ko import HAEYO, HANDA, HAPNIDA  # noqa: E402

CORPORA = ("diffusers", "huggingface_hub", "smolagents")
KINDS = ("handa", "haeyo", "heading")


@dataclass
class Injection:
    corpus: str
    doc: str
    kind: str
    line: int
    before: str
    after: str
    found: bool = False


def _replace_on_line(text: str, line: int, old: str, new: str) -> str | None:
    lines = text.splitlines(keepends=True)
    if not 1 <= line <= len(lines) or old not in lines[line - 1]:
        return None
    i = lines[line - 1].rfind(old)
    lines[line - 1] = lines[line - 1][:i] + new + lines[line - 1][i + len(old):]
    return "".join(lines)


def sentence_slip(layer, text: str, register: str, rng: random.Random) -> tuple[int, str, str, str] | None:
    """A 합니다체 statement of ``text`` rewritten into ``register``: (line, old word, new word, new text)."""
    doc = parse(text)
    pieces = [p for p in prose_pieces(doc) if not p.heading]
    candidates = []
    for p, sents in zip(pieces, layer.sentences([p.text for p in pieces]), strict=True):
        for s in sents:
            e = s.ending
            if (e is None or e.register != HAPNIDA or e.mood is not Mood.STATEMENT or s.quoted
                    or p.has_hole(e.start, e.start + len(e.word))):
                continue
            new = layer.rewrite(e, register)
            if new and new != e.word:
                candidates.append((p.line_at(e.start), e.word, new))
    rng.shuffle(candidates)
    for line, old, new in candidates:
        out = _replace_on_line(text, line, old, new)
        if out is not None:
            return line, old, new, out
    return None


def heading_slip(layer, text: str, en_text: str | None, rng: random.Random) -> tuple[int, str, str, str] | None:
    """A noun-phrase heading (English no question) rewritten as a sentence."""
    doc = parse(text)
    en_questions = {}
    if en_text is not None:
        for h in parse(en_text).headings():
            en_questions[str(h.meta.get("anchor"))] = str(h.meta.get("title", "")).rstrip().endswith("?")
    heads = [b for b in doc.headings() if b.segments and b.start_line > 0
             and not en_questions.get(str(b.meta.get("anchor")), False)]
    rng.shuffle(heads)
    for b in heads:
        seg = b.segments[0]
        title = seg.text
        if "⟦" in title or not any("\uac00" <= c <= "\ud7a3" for c in title):
            continue
        toks = layer.kiwi.tokenize(title)
        if not toks or any(t.tag == "EF" for t in toks):
            continue
        last = toks[-1]
        if last.tag == "ETN" and last.form == "기" and len(toks) > 1:  # 불러오기 -> 불러옵니다
            word_start = max(i for i, t in enumerate(toks) if i == 0 or toks[i - 1].end < t.start)
            morphs = [(t.form, t.tag) for t in toks[word_start:-1]]
            old = title[toks[word_start].start:last.end]
            new = str(layer.kiwi.join([*morphs, ("ᆸ니다", "EF")]))
        elif last.tag.startswith("NN") and "\uac00" <= title.rstrip()[-1] <= "\ud7a3":  # 설치 -> 설치입니다
            old = title[last.start:last.end]
            new = str(layer.kiwi.join([(last.form, last.tag), ("이", "VCP"), ("ᆸ니다", "EF")]))
        else:
            continue
        out = _replace_on_line(text, seg.line, old, new)
        if out is not None:
            return seg.line, old, new, out
    return None


def inject(name: str, repo: Path, rng: random.Random, layer) -> list[Injection]:
    ko, en = repo / "docs" / "source" / "ko", repo / "docs" / "source" / "en"
    out = []
    docs = sorted(p for p in ko.rglob("*") if p.suffix in (".md", ".mdx") and p.is_file() and not p.is_symlink())
    for i, path in enumerate(docs):
        rel = path.relative_to(ko).as_posix()
        text = path.read_text(encoding="utf-8")
        en_path = en / rel
        en_text = en_path.read_text(encoding="utf-8") if en_path.is_file() else None
        for kind in KINDS[i % 3:] + KINDS[:i % 3]:
            if kind == "heading":
                got = heading_slip(layer, text, en_text, rng)
            else:
                got = sentence_slip(layer, text, HANDA if kind == "handa" else HAEYO, rng)
            if got is not None:
                line, old, new, changed = got
                path.write_text(changed, encoding="utf-8")
                out.append(Injection(name, rel, kind, line, old, new))
                break
        else:
            print(f"  {name} {rel}: nothing to inject", file=sys.stderr)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=35)
    ap.add_argument("--corpus", action="append", choices=CORPORA)
    ap.add_argument("--show", type=int, default=0, help="print the first N injections of each kind")
    args = ap.parse_args()
    layer = layer_for("ko")
    rng = random.Random(args.seed)
    injections: list[Injection] = []
    others = 0
    seconds = 0.0
    with tempfile.TemporaryDirectory(prefix="hfi18n-style-") as tmp:
        for name in args.corpus or CORPORA:
            repo = Path(tmp) / name
            subprocess.run(["git", "clone", "-q", str(corpus(name)), str(repo)], check=True)
            shutil.rmtree(repo / ".git" / "hfi18n", ignore_errors=True)
            done = inject(name, repo, rng, layer)
            injections.extend(done)
            started = time.perf_counter()
            result = api.review(repo, "ko", [i.doc for i in done])
            seconds += time.perf_counter() - started
            by_doc = {d.file.split("/ko/", 1)[1]: d for d in result.review.docs}
            for inj in done:
                want = HEADING if inj.kind == "heading" else REGISTER
                found = by_doc[inj.doc].findings if inj.doc in by_doc else []
                style = [f for f in found if f.rule.startswith("style/")]
                inj.found = any(f.rule == want and f.line == inj.line for f in style)
                others += sum(1 for f in style if not (f.rule == want and f.line == inj.line))
    print(f"seed {args.seed}: {len(injections)} injected slips, one per Korean doc; review took {seconds:.1f} s")
    print(f"{'':10} {'injected':>9} {'found':>6} {'recall':>7}")
    for kind in KINDS:
        rows = [i for i in injections if i.kind == kind]
        hit = sum(i.found for i in rows)
        print(f"{kind:10} {len(rows):9d} {hit:6d} {hit / len(rows) if rows else 0:7.1%}")
    hit = sum(i.found for i in injections)
    print(f"{'all':10} {len(injections):9d} {hit:6d} {hit / len(injections) if injections else 0:7.1%}")
    print(f"other style findings on the injected docs: {others}")
    per = Counter(i.corpus for i in injections)
    print("per corpus: " + ", ".join(f"{c} {sum(i.found for i in injections if i.corpus == c)}/{n}"
                                     for c, n in per.items()))
    for kind in KINDS:
        for i in [i for i in injections if i.kind == kind][:args.show]:
            print(f"  {kind}: {i.corpus} {i.doc}:{i.line} {i.before} -> {i.after}")
    for i in injections:
        if not i.found:
            print(f"  missed {i.corpus} {i.doc}:{i.line} {i.kind}: {i.before} -> {i.after}")


if __name__ == "__main__":
    main()
