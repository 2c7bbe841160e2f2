"""The one sequence diff (:mod:`hfi18n.pair.diff`): exactly difflib where it used to be, near-linear beyond.

Speed is the bench's (bench/bench_pair_scale.py), not a timed test: here, what it answers. Small inputs
give difflib's very opcodes (pairing, update) or difflib's opcodes of the middle between a common head and
tail (check); big inputs tile both sequences and keep every anchor pair; and the pairing of real
translated docs is the one difflib gave (same beads).
"""

from __future__ import annotations

import difflib
import random
from pathlib import Path

import pytest

from hfi18n.doc import parse
from hfi18n.pair import diff
from hfi18n.pair.diff import EXACT_BUDGET, changes, opcodes, unique_in_order


def _difflib(a, b, *_keys, **_kw):
    return difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()


def _edit(rng: random.Random, a: list[str], alphabet: str, rate: float) -> list[str]:
    """``a`` with some items dropped, changed and inserted."""
    out: list[str] = []
    for x in a:
        r = rng.random()
        if r < rate:
            continue
        out.append(rng.choice(alphabet) if r < 2 * rate else x)
        if rng.random() < rate:
            out.append(rng.choice(alphabet))
    return out


def _tiles(ops, a, b) -> None:
    """The opcodes cover both sequences in order, and every equal span is equal."""
    pos = (0, 0)
    for tag, i1, i2, j1, j2 in ops:
        assert (i1, j1) == pos, ops
        assert tag in ("equal", "replace", "insert", "delete")
        if tag == "equal":
            assert a[i1:i2] == b[j1:j2]
        pos = (i2, j2)
    assert pos == (len(a), len(b))


def test_small_inputs_give_difflibs_own_opcodes() -> None:
    rng = random.Random(24)
    for _ in range(400):
        alphabet = rng.choice(["ab", "abc", "123456", "abcdefghij"])
        a = [rng.choice(alphabet) for _ in range(rng.randint(0, 60))]
        b = _edit(rng, a, alphabet, rng.choice([0.0, 0.05, 0.3]))
        assert opcodes(a, b) == _difflib(a, b)


def test_with_head_tail_the_middle_is_difflibs_and_the_rest_equal() -> None:
    rng = random.Random(25)
    for _ in range(400):
        alphabet = rng.choice(["ab", "123456", "abcdefghij"])
        a = [rng.choice(alphabet) for _ in range(rng.randint(0, 60))]
        b = _edit(rng, a, alphabet, rng.choice([0.0, 0.05, 0.3]))
        head = 0
        while head < min(len(a), len(b)) and a[head] == b[head]:
            head += 1
        tail = 0
        while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
            tail += 1
        ma, mb = a[head:len(a) - tail], b[head:len(b) - tail]
        want = [("equal", 0, head, 0, head)] if head else []
        if ma and mb:
            want += [(t, i1 + head, i2 + head, j1 + head, j2 + head) for t, i1, i2, j1, j2 in _difflib(ma, mb)]
        elif ma or mb:
            want.append(("delete" if ma else "insert", head, len(a) - tail, head, len(b) - tail))
        if tail:
            want.append(("equal", len(a) - tail, len(a), len(b) - tail, len(b)))
        got = opcodes(a, b, head_tail=True)
        _tiles(got, a, b)
        # difflib never gives two equal runs in a row; joined, the two answers are the same
        assert diff._merge(got) == diff._merge(want)
        assert list(changes(a, b)) == [op for op in got if op[0] != "equal"]


def test_big_inputs_tile_both_sequences(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the budget (made small here) the diff cuts at anchors and windows: the answer still covers
    both sequences in order and equal spans are equal."""
    monkeypatch.setattr(diff, "EXACT_BUDGET", 60)
    monkeypatch.setattr(diff, "WINDOW", 5)
    rng = random.Random(26)
    for _ in range(300):
        a = [rng.choice("abc") if rng.random() < 0.8 else f"u{rng.randrange(60)}" for _ in range(rng.randint(10, 120))]
        b = _edit(rng, a, "abcu", rng.choice([0.02, 0.1, 0.3]))
        for head_tail in (False, True):
            _tiles(opcodes(a, b, head_tail=head_tail), a, b)


def _keyed(rng: random.Random, n: int) -> tuple[list[str], list[str], dict[int, int]]:
    """Repeated items (``a``: a paragraph's key) and unique ones (``k<i>``: a heading's ``h2:anchor``), and
    an edit that drops repeated items and keeps every unique one, in order (a translation that left
    paragraphs out and kept its headings). Returns both and where each unique item went."""
    a = [f"k{i}" if rng.random() < 0.15 else "a" for i in range(n)]
    b: list[str] = []
    where: dict[int, int] = {}
    for i, x in enumerate(a):
        if x != "a":
            where[i] = len(b)
            b.append(x)
        elif rng.random() > 0.2:
            b.append(x)
    return a, b, where


def test_big_inputs_pair_every_unique_item_kept_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the budget (4 cells here: every piece bigger than 2 by 2 is cut), items found once on each side
    in the same order are paired with each other, however many repeated items around them are dropped.
    (Not so when repeated items are also added: the common head or tail can leave ``[k, a]`` against
    ``[a, k]``, a tie that difflib and the patience diff may both settle on the ``a``.)"""
    monkeypatch.setattr(diff, "EXACT_BUDGET", 4)
    monkeypatch.setattr(diff, "WINDOW", 5)
    rng = random.Random(27)
    for _ in range(300):
        a, b, where = _keyed(rng, rng.randint(10, 150))
        for head_tail in (False, True):
            ops = opcodes(a, b, head_tail=head_tail)
            _tiles(ops, a, b)
            paired = {i1 + k: j1 + k for tag, i1, i2, j1, j2 in ops if tag == "equal" for k in range(i2 - i1)}
            assert all(paired.get(i) == j for i, j in where.items()), ops


def test_unique_in_order_is_the_longest_run_of_keys_found_once_on_each_side() -> None:
    assert unique_in_order(["x", "a", "b", "c", "a"], ["c", "b", "x", "d"]) in ([(0, 2)], [(2, 1)], [(3, 0)])
    assert unique_in_order(["p", None, "q", "r", "s"], ["p", "r", "q", "s", None]) in ([(0, 0), (2, 2), (4, 3)],
                                                                                     [(0, 0), (3, 1), (4, 3)])
    assert unique_in_order([None, None], [None]) == []


def _sections(n: int, ko: bool) -> str:
    out = []
    for i in range(n):
        level = "##" if i % 4 == 0 else "###"
        title = f"섹션 {i}" if ko else f"Section {i}"
        out.append(f"{level} {title} [[section-{i}]]\n\n")
        if ko and i % 7 == 3:  # the translator merged the two paragraphs of this section
            out.append(f"첫 문단과 둘째 문단 `x{i}` `y{i}`을 합쳤습니다.\n\n")
            continue
        if ko and i % 11 == 5:  # and left this section's second paragraph out
            out.append(f"첫 문단 `x{i}`입니다.\n\n")
            continue
        out.append(f"First paragraph about `x{i}`.\n\n" if not ko else f"첫 문단 `x{i}`입니다.\n\n")
        out.append(f"Second paragraph about `y{i}`.\n\n" if not ko else f"둘째 문단 `y{i}`입니다.\n\n")
    return "".join(out)


def test_a_doc_over_the_budget_pairs_every_heading_with_its_own() -> None:
    """1,200 sections (3,400 blocks a side: over :data:`EXACT_BUDGET`), merged and omitted paragraphs
    here and there: the pair model, and the segment groups ``status`` reads from it, still pair each
    heading with the translated heading of the same anchor."""
    from hfi18n.pair.model import pair_docs
    from hfi18n.pair.segments import rendering, segment_groups

    en, ko = parse(_sections(1200, False), "en/big.md"), parse(_sections(1200, True), "ko/big.md")
    assert len(en.blocks) * len(ko.blocks) > EXACT_BUDGET
    beads = pair_docs(en, ko)
    heads = [b for b in beads if any(x.kind.value == "heading" for x in b.en + b.tr)]
    assert len(heads) == 1200
    assert all(len(b.en) == len(b.tr) == 1 and b.en[0].meta["anchor"] == b.tr[0].meta["anchor"] for b in heads)
    renders = rendering(segment_groups(beads))
    for h in en.headings():
        (seg,) = renders[h.segments[0].id]
        assert seg.text == "섹션 " + h.segments[0].text.split()[-1]


def _bead_key(beads) -> list[tuple]:
    return [(tuple(x.start_line for x in b.en), tuple(x.start_line for x in b.tr), round(b.confidence, 9))
            for b in beads]


@pytest.mark.corpus
@pytest.mark.slow
def test_every_translated_doc_of_the_corpora_pairs_as_with_difflib(corpus, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pair model's beads of each translated doc of the three corpora (227 docs, every language) are
    the ones one ``SequenceMatcher`` gave before the diff was shared."""
    import hfi18n.pair.model as model

    docs = 0
    for name in ("diffusers", "huggingface_hub", "smolagents"):
        root = corpus(name) / "docs" / "source"
        for lang_dir in sorted(p for p in root.iterdir() if p.is_dir() and p.name != "en"):
            for tr_path in sorted(lang_dir.rglob("*.md")):
                en_path = root / "en" / tr_path.relative_to(lang_dir)
                if not en_path.exists():
                    continue
                try:
                    en, tr = parse(en_path.read_text(encoding="utf-8")), parse(tr_path.read_text(encoding="utf-8"))
                except Exception:  # noqa: BLE001 -- a doc the parser rejects has no pairing to compare
                    continue
                docs += 1
                monkeypatch.setattr(model, "opcodes", opcodes)
                new = _bead_key(model.pair_docs(en, tr, lang_dir.name))
                monkeypatch.setattr(model, "opcodes", _difflib)
                old = _bead_key(model.pair_docs(en, tr, lang_dir.name))
                assert new == old, Path(tr_path).relative_to(root)
    assert docs > 200


def test_check_of_a_big_doc_pairs_code_blocks_across_a_dropped_one() -> None:
    """1,100 code blocks, 20 left out near the top and one with a translated comment further down: over
    the budget, the old windows paired blocks by position and, at each window cut after the shift, reported
    a block both missing and not in the English (16 such findings on the bench's 3,000 paragraphs); the
    unique code blocks now anchor the alignment: one missing block, one comment warning, nothing else."""
    from hfi18n.check import check_pair

    def doc(ko: bool) -> str:
        out = []
        for i in range(1100):
            if ko and 5 <= i < 25:
                continue  # the translator left a section of 20 code blocks out
            comment = "# 인사" if ko and i == 700 else "# greet"
            out.append(f"{'문단' if ko else 'Paragraph'} {i}.\n\n```py\nprint({i})  {comment}\n```\n\n")
        return "".join(out)

    en, ko = parse(doc(False), "en/big.md"), parse(doc(True), "ko/big.md")
    findings = [f for f in check_pair(en, ko, file="ko/big.md", lang="ko") if f.check == "code"]
    assert [(f.severity, f.message.split(" (line")[0].split(" at line")[0]) for f in findings] == [
        *[("error", "code block of the English")] * 20,
        ("warning", "code block differs from the English"),
    ], findings
