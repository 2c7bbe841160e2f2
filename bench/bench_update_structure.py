"""``translate --update`` on translations whose structure a translator changed (issue 24).

The controlled experiment of the issue, on real Korean docs of the three corpora (one fresh clone per
corpus, reset between docs, a real provider client against a loopback server):

1. the English is set to the version the translation follows; the translator merges two adjacent translated paragraphs into one and splits another paragraph at a
   sentence (a section away from the merge); commit;
2. one English paragraph is changed in a third section, one with as many paragraphs on both sides (so
   the translated paragraph that renders it is known: the one at the same rank); commit;
3. ``translate --update`` the doc, with a real provider client (OpenAI wire format) against the loopback
   fake server of ``tests/fakes/llm_server.py``, which answers each segment in Hangul that passes the
   segment gate (the ``pseudo`` test double is refused over a human translation since issue 23: run with
   it, every doc was "refused" and the goal lines printed zeros over nothing).

Printed per doc and in total: human lines (non-blank lines of the translation after step 1) lost outside
the changed paragraph (goal 0); docs whose text outside that paragraph is not byte-identical (goal 0);
a doc the update refused, skipped or did not write counts as a failure of both goal lines (its file is
untouched, so it would otherwise look identical); and the cost: segments and source tokens the update sends against a full re-translation
of the doc (the changed-paragraph floor is one segment).

    python bench/bench_update_structure.py [--per-corpus 8] [--names smolagents,...]

Run it with ``PYTHONPATH=<another checkout>/src`` to measure another version of hfi18n (the numbers of
the one-to-one update before issue 24 are in docs/numbers.md).
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from _corpora import NAMES, bundle

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fakes.llm_server import FakeLLMServer  # noqa: E402

from hfi18n import api  # noqa: E402
from hfi18n.check import check_pair  # noqa: E402
from hfi18n.check.findings import ERROR  # noqa: E402
from hfi18n.doc import Block, BlockKind, Document, parse  # noqa: E402
from hfi18n.doc.notice import strip_notice  # noqa: E402
from hfi18n.doc.pairing import needs_translation  # noqa: E402
from hfi18n.fileio import read_text  # noqa: E402
from hfi18n.repo.history import BlobReader, followed  # noqa: E402
from hfi18n.repo.layout import DocsLayout  # noqa: E402
from hfi18n.translate.pricing import estimate_tokens  # noqa: E402

_HANGUL = re.compile(r"[\uac00-\ud7af]")
_SENTENCE_END = re.compile(r"(?<=[\uac00-\ud7af]\.)[ \n](?=\S)")
ADDED = " This sentence was added to the English by the benchmark."


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


def _commit(repo: Path, message: str) -> None:
    _git(repo, "add", "-A", "docs")
    _git(repo, "-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-qm", message)


def _offsets(doc: Document) -> dict[int, int]:
    out, pos = {}, 0
    for b in doc.blocks:
        out[id(b)] = pos
        pos += len(b.text)
    return out


def _plain(block: Block, korean: bool) -> bool:
    """A top-level one-segment paragraph of real prose (not a list item, quote, table or tag)."""
    text = block.text
    return (block.kind is BlockKind.PARAGRAPH and len(block.segments) == 1 and len(text) >= 40
            and not re.match(r"\s|[-*+>|<]|\d+[.)]\s|\[\[", text) and bool(_HANGUL.search(text)) == korean)


def _sections(doc: Document) -> list[tuple[str, list[Block]]]:
    """(heading anchor, content blocks after it) in order; the blocks before the first heading under ``""``."""
    out: list[tuple[str, list[Block]]] = [("", [])]
    for b in doc.blocks:
        if b.kind in (BlockKind.BLANK, BlockKind.COMMENT, BlockKind.RAW):
            continue
        if b.kind is BlockKind.HEADING:
            out.append((str(b.meta.get("anchor", "")), []))
        else:
            out[-1][1].append(b)
    return out


@dataclass
class Setup:
    t1: str
    """The translation after the translator's merge and split."""
    en: str
    """The English with one paragraph changed."""
    start: int
    end: int
    """Offsets in ``t1`` of the translated paragraph that renders the changed English one."""


def plan_experiment(en_text: str, ko_text: str) -> Setup | None:
    en, ko = parse(en_text), parse(ko_text)
    ko_secs, en_secs = _sections(ko), dict(_sections(en))
    off = _offsets(ko)
    merge = split = None
    for anchor, blocks in ko_secs:
        for x, y in zip(blocks, blocks[1:], strict=False):
            between = ko.blocks[ko.blocks.index(x) + 1:ko.blocks.index(y)]
            if merge is None and _plain(x, True) and _plain(y, True) and \
                    [b.kind for b in between] == [BlockKind.BLANK] and between[0].text == "\n":
                merge = (anchor, x, y)
    if merge is None:
        return None
    used = {id(merge[1]), id(merge[2])}

    def near(b: Block) -> bool:
        """``b`` is an edited block or next to one (in content order)."""
        k = content.index(b)
        return any(id(x) in used for x in content[max(k - 1, 0):k + 2])

    content = [b for _a, bl in ko_secs for b in bl]
    for _anchor, blocks in ko_secs:
        for x in blocks:
            if _plain(x, True) and not near(x) and _SENTENCE_END.search(x.text):
                split = (_anchor, x)
                break
        if split:
            break
    if split is None:
        return None
    used.add(id(split[1]))
    target = None
    for anchor, blocks in ko_secs:
        if anchor == "" or anchor not in en_secs:
            continue
        pe = [b for b in en_secs[anchor] if b.kind is BlockKind.PARAGRAPH]
        pt = [b for b in blocks if b.kind is BlockKind.PARAGRAPH]
        if len(pe) != len(pt):  # the k-th paragraph of the section renders the k-th English one
            continue
        for e, t in zip(pe, pt, strict=True):
            if _plain(e, False) and _plain(t, True) and not near(t):
                target = (e, t)
                break
        if target:
            break
    if target is None:
        return None
    # the translator's edits, back to front so offsets stay valid
    _a, x, y = merge
    _b, z = split
    m = _SENTENCE_END.search(z.text)
    assert m is not None
    edits = [(off[id(x)], off[id(y)] + len(y.text), x.text.rstrip("\n") + " " + y.text),
             (off[id(z)], off[id(z)] + len(z.text), z.text[:m.start()] + "\n\n" + z.text[m.end():])]
    t1 = ko_text
    for s, e, new in sorted(edits, reverse=True):
        t1 = t1[:s] + new + t1[e:]
    e_block, t_block = target
    start = t1.find(t_block.text)
    if start < 0 or t1.count(t_block.text) != 1:
        return None
    e_off = _offsets(en)[id(e_block)]
    body = e_block.text.rstrip("\n")
    en_new = en_text[:e_off] + body + ADDED + e_block.text[len(body):] + en_text[e_off + len(e_block.text):]
    return Setup(t1, en_new, start, start + len(t_block.text.rstrip("\n")))


def _tokens(segs) -> int:
    return sum(estimate_tokens(s.text) for s in segs)


_ANCHOR_RE = re.compile(r"^(#{1,6} .*?)\s*\[\[[^\]]*\]\][ \t]*$", re.MULTILINE)


def _unanchored(text: str) -> str:
    """``text`` with the ``[[anchor]]`` of every heading taken off (an update gives a heading that has none
    the English anchor: its line changes, no human word is lost)."""
    return _ANCHOR_RE.sub(r"\1", text)


def follows(base: Document, ko: Document, rel: str) -> bool:
    """Does the translation follow the English said to be its base: as many code blocks, the same headings,
    autodoc blocks and components? Not when a sweep reached the translation after its
    base (``torch_dtype`` -> ``dtype``, ``<Tip>`` -> ``> [!TIP]``): setting the English back to the base
    would then change more than the one paragraph of the experiment."""
    def code(doc: Document) -> int:
        return sum(1 for b in doc.blocks if b.kind is BlockKind.CODE)

    structural = {"headings", "autodoc", "tags", "drift"}
    return code(base) == code(ko) and not any(
        f.severity == ERROR and f.check in structural for f in check_pair(base, ko, file=rel, lang="ko"))


def run(name: str, work: Path, per_corpus: int, server: FakeLLMServer, show: bool = False,
        only: str = "") -> list[dict]:
    repo = work / name
    subprocess.run(["git", "clone", "-q", str(bundle(name)), str(repo)], check=True)
    layout = DocsLayout.open(repo)
    if not layout.lang_dir("ko").is_dir():
        return []
    head = _git(repo, "rev-parse", "HEAD").strip()
    blobs = BlobReader(repo)
    records = followed(layout, "ko", coverage=False)
    bases = sorted((rel, r.base) for rel, r in records.items())
    # the English each translation follows: its base with the changes carried to it since (issue 31)
    texts = {rel: r.english if r.english is not None else blobs.text(r.base.base_blob) for rel, r in records.items()}
    rows: list[dict] = []
    skipped = unbased = renamed = 0
    for rel, base in bases:
        if len(rows) >= per_corpus:
            break
        if only not in rel:
            continue
        if base.en_path != rel:  # `translate --update EN` updates the translation at EN's path: another file
            renamed += 1
            continue
        _git(repo, "reset", "-q", "--hard", head)
        en_path, ko_path = layout.path("en", base.en_path), layout.path("ko", rel)
        ko_text = read_text(ko_path)
        # the English the translation follows: its recorded base, else today's English when the
        # translation follows that one (a sweep reached both after the base)
        english = next((t for t in (texts[rel], read_text(en_path)) if follows(parse(t), parse(ko_text), rel)),
                       None)
        if english is None:
            skipped += 1
            continue
        setup = plan_experiment(english, ko_text)
        if setup is None:
            continue
        # step 1 also sets the English to the version the translation follows, so that the English change
        # of step 2 is the only one (most translations follow an older English than today's)
        en_path.write_text(english, encoding="utf-8")
        ko_path.write_text(setup.t1, encoding="utf-8")
        _commit(repo, f"ko: merge two paragraphs and split one in {rel}")
        en_path.write_text(setup.en, encoding="utf-8")
        _commit(repo, f"en: change one paragraph of {base.en_path}")
        now = followed(layout, "ko", {rel}, coverage=False).get(rel)
        if now is None or now.english != english:
            unbased += 1  # the update would not start from that English: not the experiment
            continue
        try:
            result = api.translate(repo, "ko", [base.en_path], update=True, provider="openai",
                                   model="gpt-4.1-mini", base_url=server.openai_base_url)
        except Exception as exc:  # noqa: BLE001 - a refused doc is a result of the bench (a failure)
            rows.append({"doc": f"{name}/{rel}", "written": False, "error": str(exc)[:120]})
            continue
        if not result.docs:
            rows.append({"doc": f"{name}/{rel}", "written": False,
                         "error": "skipped: " + "; ".join(k.reason for k in result.skipped)[:120]})
            continue
        doc = result.docs[0]
        if Path(doc.target).resolve() != ko_path.resolve() or base.en_path not in result.updates:
            rows.append({"doc": f"{name}/{rel}", "written": False,
                         "error": f"not an update of {rel}: wrote {doc.target}"[:160]})
            continue
        if not doc.written:
            rows.append({"doc": f"{name}/{rel}", "written": False, "error": f"not written: {doc.note}"[:160]})
            continue
        t2 = strip_notice(read_text(ko_path))  # the machine-translation notice is the tool's, not the page's
        before, after = setup.t1[:setup.start], setup.t1[setup.end:]
        identical = t2.startswith(before) and t2.endswith(after)
        anchored = identical or (_unanchored(t2).startswith(_unanchored(before))
                                 and _unanchored(t2).endswith(_unanchored(after)))
        outside = Counter(ln for ln in _unanchored(before + after).splitlines() if ln.strip())
        lost = outside - Counter(ln for ln in _unanchored(t2).splitlines() if ln.strip())
        code_lines = {ln for b in parse(setup.t1).blocks if b.kind is BlockKind.CODE for ln in b.text.splitlines()}
        lost_code = sum(n for ln, n in lost.items() if ln in code_lines)
        if show and not identical:
            print("".join(difflib.unified_diff(setup.t1.splitlines(True), t2.splitlines(True), rel, rel, n=1)))
        plan = result.updates.get(base.en_path)
        sent = plan.job.pending if plan is not None else []
        full = [s for s in parse(setup.en).segments() if needs_translation(s)]
        rows.append({"doc": f"{name}/{rel}", "written": bool(doc.written), "draft": bool(doc.draft),
                     "lost": sum(lost.values()) - lost_code, "lost_code": lost_code, "identical": identical,
                     "anchors_only": anchored,
                     "sent": len(sent), "sent_tokens": _tokens(sent),
                     "full": len(full), "full_tokens": _tokens(full),
                     "lost_example": next((ln for ln in lost if ln not in code_lines), "")[:60]})
    print(f"{name}: {skipped} doc(s) left out: they follow neither their base English nor today's (see "
          f"follows()); {unbased} left out: after the two commits the update's base was another English; "
          f"{renamed} left out: the English they follow has another path (renamed)")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-corpus", type=int, default=8)
    parser.add_argument("--names", default=",".join(NAMES))
    parser.add_argument("--show", action="store_true", help="print the diff of each doc that is not identical")
    parser.add_argument("--only", default="", help="only the docs whose path contains this text")
    args = parser.parse_args()
    rows: list[dict] = []
    os.environ["OPENAI_API_KEY"] = "test-key"
    with tempfile.TemporaryDirectory(prefix="hfi18n-bench-structure-") as tmp, \
            FakeLLMServer(api_key="test-key") as server:
        for name in args.names.split(","):
            got = run(name, Path(tmp), args.per_corpus, server, args.show, args.only)
            for r in got:
                print(r)
            rows += got
    done = [r for r in rows if "error" not in r]
    failed = len(rows) - len(done)  # refused, skipped or not written: a failure of both goal lines
    print(f"docs: {len(rows)} (updated: {len(done)}; refused, skipped or not written: {failed}, counted as "
          f"failures below; written as draft: {sum(1 for r in done if r['draft'])})")
    for r in rows:
        if "error" in r:
            print(f"  FAILED {r['doc']}: {r['error']}")
    print(f"human lines lost outside the changed paragraph: {sum(r['lost'] for r in done)} "
          f"(in {sum(1 for r in done if r['lost'])} docs, + {failed} doc(s) not updated; goal 0); code lines "
          f"set back to the English code: {sum(r['lost_code'] for r in done)} "
          f"(in {sum(1 for r in done if r['lost_code'])} docs)")
    print(f"docs whose text outside the changed paragraph is not byte-identical: "
          f"{sum(1 for r in done if not r['identical']) + failed} (goal 0; {failed} of them not updated; "
          f"differing only by the English anchor given to headings that had none: "
          f"{sum(1 for r in done if r['anchors_only'] and not r['identical'])})")
    sent, full = sum(r["sent"] for r in done), sum(r["full"] for r in done)
    st, ft = sum(r["sent_tokens"] for r in done), sum(r["full_tokens"] for r in done)
    if full:
        print(f"cost: the update sends {sent} segment(s), {st} source tokens; a full re-translation "
              f"{full} segment(s), {ft} tokens ({st / max(ft, 1):.1%}); floor: {len(done)} segment(s)")


if __name__ == "__main__":
    main()
