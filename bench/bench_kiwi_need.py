"""Which Korean docs need the analyzer, and would a prefilter or a Kiwi option make a cold check cheaper?

    python bench/bench_kiwi_need.py                 # the three corpora
    python bench/bench_kiwi_need.py --loads 3       # and Kiwi's load with each model option, 3 times each

Kiwi costs a cold ``check`` about 0.8-1.2 CPU s whatever it reads (0.3-0.5 s to build from its model files,
0.45 s on the first analysis; every later analysis of a whole corpus's prose about 0.05 s), so the question
for issue 32 is whether it has to be loaded at all. Two ideas are measured here:

- **A prefilter**: the surface reading (:func:`hfi18n.lang.ko.surface`) settles most prose; a text it does
  not settle goes to Kiwi. A stricter question would do: can any sentence of the text carry a style
  finding? Every ending of a register other than 합니다체 leaves a word whose last syllable is one of a
  known set (요/죠, 다/라/자/냐/니/가/까/나/지, 해체's 어/아 merged into the stem: 해, 봐, 줘, 돼, ...); a text
  with no such word (the 합니다체 and ``-세요`` words aside) cannot, and would need no analysis. Printed: how
  many unsettled texts, and docs, that leaves.
- **Kiwi's options** (``model_type``, ``num_workers``): CPU seconds of the build and the first analysis.

Never run as a test.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _corpora import NAMES, corpus  # noqa: E402

from hfi18n.doc import parse  # noqa: E402
from hfi18n.lang import ko  # noqa: E402
from hfi18n.lang.pieces import prose_pieces  # noqa: E402

_OWN = set("요죠다라자냐니가까나지야군네든데게래걸")
"""Last syllables of the non-합니다체 endings that start with a consonant (a syllable of their own)."""
_MERGING_VOWELS = {0, 1, 3, 4, 5, 6, 7, 9, 10, 11, 14, 15}
"""Vowels (jungseong index) of a stem merged with 해체's 어/아/여: ㅏ ㅐ ㅒ ㅓ ㅔ ㅕ ㅖ ㅘ ㅙ ㅚ ㅝ ㅞ."""


def slip_syllable(ch: str) -> bool:
    if ch in _OWN:
        return True
    code = ord(ch) - 0xAC00
    return code % 28 == 0 and (code // 28) % 21 in _MERGING_VOWELS


def could_slip(text: str, heading: bool) -> bool:
    """A word of ``text`` could end a sentence in another register than 합니다체 (for a heading: in any)."""
    for m in ko._WORD_RE.finditer(text):
        word = m.group(0)
        formal = ko._formal(word)
        if not heading and formal is not None and (formal[1] == ko.HAPNIDA or formal[0] in ("-세요", "-으세요")):
            continue
        if slip_syllable(word[-1]) or heading and word[-1] == "오":
            return True
    return False


def needs(name: str) -> None:
    docs = need = need_pre = texts = unsettled = kept = 0
    for path in sorted((corpus(name) / "docs" / "source" / "ko").rglob("*.md")):
        pieces = prose_pieces(parse(path.read_text(encoding="utf-8")))
        open_ = [p for p in pieces if ko.surface(p.text) is None]
        left = [p for p in open_ if could_slip(p.text, p.heading)]
        docs += 1
        need += bool(open_)
        need_pre += bool(left)
        texts += len(pieces)
        unsettled += len(open_)
        kept += len(left)
    print(f"{name:16} ko docs {docs:3}  need Kiwi {need:3}  with the prefilter {need_pre:3}   "
          f"prose texts {texts:5}  unsettled {unsettled:4}  still to analyse with the prefilter {kept:4}")


LOAD = """
import sys, time
from kiwipiepy import Kiwi
kw = dict(load_typo_dict=False, load_multi_dict=False, **eval(sys.argv[1]))
t = time.process_time(); k = Kiwi(**kw); t1 = time.process_time(); k.tokenize("가"); t2 = time.process_time()
print(f"{t1 - t:.2f} {t2 - t1:.2f}")
"""


def loads(repeat: int) -> None:
    for options in ("{}", "{'model_type': 'cong'}", "{'model_type': 'cong-global'}", "{'model_type': 'largest'}",
                    "{'num_workers': 1}"):
        runs = []
        for _ in range(repeat):
            out = subprocess.run([sys.executable, "-c", LOAD, options], capture_output=True, text=True)
            runs.append(out.stdout.split() if out.returncode == 0 else ["error", out.stderr.strip()[-60:]])
        print(f"Kiwi {options:32} build / first analysis, CPU s: {'; '.join(' / '.join(r) for r in runs)}")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpora", default=",".join(NAMES))
    ap.add_argument("--loads", type=int, default=0, help="time Kiwi's load with each option this many times")
    args = ap.parse_args(argv)
    t = time.process_time()
    for name in args.corpora.split(","):
        needs(name)
    print(f"({time.process_time() - t:.1f} CPU s)")
    if args.loads:
        loads(args.loads)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
