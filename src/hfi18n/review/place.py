"""Turn ``check`` findings into review findings: a line for each, and a mechanical fix where there is one.

``check`` reports some problems for the whole file (a link target or a ``[`Reference`]`` that is missing);
a review needs a line to comment on. Here each is placed on the translated paragraph aligned with the
English paragraph that has it. Fixes, shown as GitHub suggestions, are made only where the correction is
certain:

- a translated heading without the English anchor gets ``[[anchor]]`` of the aligned English heading
  (same level), or its wrong ``[[anchor]]`` replaced;
- an in-page link ``(#스케줄러)`` that points nowhere is pointed at the anchor of the heading it names
  (``(#schedulers)`` for ``### 스케줄러 [[schedulers]]``), or at the fragment the aligned English
  paragraph links to in the same position;
- a link target that differs from the English one in the aligned paragraph is restored.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from ..check import Finding
from ..check.content import FRAGMENT_RE, fragment, normalize_target
from ..check.findings import ERROR
from ..check.structure import all_anchors
from ..doc import Block, Document, slugify
from ..doc.anchors import ANCHOR_RE, anchor_mark
from ..doc.protected import link_targets, references
from .align import Alignment
from .model import Fix, Kind, ReviewFinding

_LANG_DIR_RE = re.compile(r"/([a-z]{2}(?:[-_][A-Za-z]{2,4})?)/")


def _block_doc(block: Block) -> Document:
    return Document([block])


def from_check(f: Finding, line: int | None = None, fix: Fix | None = None,
            english_line: int | None = None) -> ReviewFinding:
    """A check finding as a review finding (on ``line``, with ``fix``, when given; else the finding's own
    rewrite, :attr:`Finding.suggestion`)."""
    if fix is None and f.suggestion:
        fix = Fix(*f.suggestion)
    return ReviewFinding(f.file, f.line if line is None else line, Kind.CHECK, f.check, f.severity, f.message,
                         fix=fix, english_line=english_line)


def heading_fix(al: Alignment, line: int, text: str, *, allow_taken: bool = False) -> tuple[Fix, int] | None:
    """The fix giving the translated heading at ``line`` its English anchor, with the English line.

    Only when both docs have the same sequence of heading levels (as ``check`` requires for its hint):
    otherwise a heading could be paired with the wrong English one."""
    t = al.tr_heading_at(line)
    e = al.english_of(t) if t is not None and al.same_levels else None
    if t is None or e is None or e.level != t.level or not e.anchor:
        return None
    if e.anchor in al.tr_anchors and not allow_taken:  # another heading has it: the pairing is doubtful
        return None
    m = ANCHOR_RE.search(text)
    if m:
        return Fix(m.group(0).strip(), anchor_mark(e.anchor)), e.line
    stripped = text.rstrip()
    if not stripped or set(stripped) <= {"=", "-"}:
        return None
    return Fix(stripped, f"{stripped} {anchor_mark(e.anchor)}"), e.line


def _targets(al: Alignment) -> tuple[set[str], dict[str, str]]:
    """Every fragment target of the translation, and the anchor of each heading by its title's slug."""
    by_title: dict[str, str] = {}
    for h in al.tgt.headings():
        by_title.setdefault(slugify(str(h.meta.get("title", "")).strip()), str(h.meta["anchor"]))
    return all_anchors(al.tgt), by_title


def _fragment_fixes(al: Alignment, line: int, text: str, targets: tuple[set[str], dict[str, str]]) -> dict[str, Fix]:
    """Broken ``#fragment`` of line ``line`` -> its fix (``targets``: :func:`_targets` of ``al``)."""
    anchors, by_title = targets
    t = al.tr_item_at(line)
    e = al.english_of(t) if t is not None else None
    block = al.tr_block(t) if t is not None else None
    e_block = al.en_block(e) if e is not None else None
    t_frags = [fragment(m) for m in FRAGMENT_RE.finditer(block.text)] if block else []
    e_frags = [fragment(m) for m in FRAGMENT_RE.finditer(e_block.text)] if e_block else []
    fixes: dict[str, Fix] = {}
    for m in FRAGMENT_RE.finditer(text):
        frag = fragment(m)
        if frag in anchors or frag in fixes:
            continue
        target = by_title.get(slugify(frag.replace("-", " ")))
        if target is None and len(t_frags) == len(e_frags) and frag in t_frags:
            cand = e_frags[t_frags.index(frag)]
            target = cand if cand in anchors else None
        if target is not None and target != frag:
            old = m.group(0)
            fixes[frag] = Fix(old, old.replace(f"#{frag}", f"#{target}", 1))
    return fixes


def place(findings: Iterable[Finding], al: Alignment, lang: str, *, per_paragraph: bool = True) -> list[ReviewFinding]:
    """Review findings for ``check`` findings: line-0 link/reference findings placed on the paragraph
    that lacks them (``per_paragraph``), fixes attached."""
    lines = al.tgt.source.splitlines()
    out: list[ReviewFinding] = []
    placed_links: set[str] = set()
    placed_refs: set[str] = set()
    findings = list(findings)
    reported = {f.english for f in findings if f.check == "links" and not f.line and f.english}
    pair_findings = list(_pair_links(al, lang, reported)) if per_paragraph else []
    for f, key in pair_findings:
        (placed_links if f.rule == "links" else placed_refs).add(key)
    out.extend(f for f, _ in pair_findings)
    frag_cache: dict[int, dict[str, Fix]] = {}
    targets: tuple[set[str], dict[str, str]] | None = None
    for f in findings:
        text = lines[f.line - 1] if 1 <= f.line <= len(lines) else ""
        if f.check == "anchors" and f.line:
            got = heading_fix(al, f.line, text)
            out.append(from_check(f, fix=got[0] if got else None, english_line=got[1] if got else None))
        elif f.check == "fragments" and f.line:
            if f.line not in frag_cache:  # once per line (a line often has several broken fragments)
                targets = targets or _targets(al)
                frag_cache[f.line] = _fragment_fixes(al, f.line, text, targets)
            fixes = frag_cache[f.line]
            fix = fixes.get(f.translation)  # the broken fragment, as data (it was matched in the message)
            out.append(from_check(f, fix=fix))
        elif f.check == "links" and not f.line and f.english in placed_links:
            continue  # reported on its paragraph instead
        elif f.check == "references" and not f.line and f.english in placed_refs:
            continue
        else:
            out.append(from_check(f))
    return out


def _pair_links(al: Alignment, lang: str, reported: set[str] | None = None) -> Iterable[tuple[ReviewFinding, str]]:
    """Per aligned paragraph: English link targets and references missing from the translation.

    Only targets missing from the whole translated doc are reported (a link moved to the next
    paragraph is not an error); each is reported once, on the first paragraph that lacks it. Which link
    targets are missing is ``check``'s answer (``reported``: the targets of its ``links`` findings), not
    a count of its own: ``check`` compares places (``beta``, ``./beta`` and the page's hf.co URL are one)
    and accepts a translator's custom anchor of the linked doc, and the review, counting targets as
    written, reported those same links as missing (issue 24: one behaviour for custom anchors).
    """
    doc_links = Counter(normalize_target(x, lang) for x in link_targets(al.tgt))
    doc_en_links = Counter(normalize_target(x, lang) for x in link_targets(al.src))
    if reported is not None:
        doc_en_links = Counter({k: n for k, n in doc_en_links.items() if k in reported})
    doc_refs, doc_en_refs = Counter(references(al.tgt)), Counter(references(al.src))
    missing_links = doc_en_links - doc_links
    missing_refs = doc_en_refs - doc_refs
    file = al.tgt.path or ""
    lines = al.tgt.source.splitlines()
    for e, t in al.pairs:
        eb, tb = al.en_block(e), al.tr_block(t)
        if eb is None or tb is None or e.heading:
            continue
        e_doc, t_doc = _block_doc(eb), _block_doc(tb)
        e_links = [x for x in link_targets(e_doc) if not x.startswith("#")]
        t_links = [x for x in link_targets(t_doc) if not x.startswith("#")]
        e_norm, t_norm = {normalize_target(x, lang) for x in e_links}, {normalize_target(y, lang) for y in t_links}
        lost = [x for x in e_links if missing_links[normalize_target(x, lang)] > 0
                and normalize_target(x, lang) not in t_norm]
        extra = [y for y in t_links if normalize_target(y, lang) not in e_norm]
        for x in lost:
            key = normalize_target(x, lang)
            missing_links[key] -= 1
            fix = line = None
            if len(lost) == 1 and len(extra) == 1 and len(e_links) == len(t_links):
                line = line_of(lines, tb, f"]({extra[0]}")
                if line is not None:
                    fix = Fix(f"]({extra[0]}", f"]({x}")
            msg = (f"link to {key} of the English paragraph (line {e.line}) is missing here"
                   + (f"; the link here points to {extra[0]} instead" if fix else ""))
            yield ReviewFinding(file, line or t.line, Kind.CHECK, "links", ERROR, msg, fix=fix,
                                english_line=e.line), key
        t_refs = Counter(references(t_doc))
        for ref in references(e_doc):
            if missing_refs[ref] > 0 and not t_refs[ref]:
                missing_refs[ref] -= 1
                yield ReviewFinding(file, t.line, Kind.CHECK, "references", ERROR,
                                    f"[`{ref}`] of the English paragraph (line {e.line}) is missing here; "
                                    "keep every [`Name`] reference", english_line=e.line), ref


def line_of(lines: list[str], block: Block, needle: str) -> int | None:
    """First line of ``block`` (``lines``: its doc's lines) that contains ``needle``."""
    for n in range(block.start_line, block.end_line + 1):
        if n - 1 < len(lines) and needle in lines[n - 1]:
            return n
    return None



def duplicate_anchors(al: Alignment) -> Iterable[ReviewFinding]:
    """Translated headings that repeat an anchor of an earlier heading while the English headings they
    translate have anchors of their own: every link to the later sections lands on the first one."""
    file = al.tgt.path or ""
    lines = al.tgt.source.splitlines()
    seen: dict[str, int] = {}
    en_anchors = Counter(str(h.meta["anchor"]) for h in al.src.headings())  # counted once, not per heading
    for h in al.tgt.headings():
        anchor = str(h.meta["anchor"])
        if anchor not in seen:
            seen[anchor] = h.start_line
            continue
        if en_anchors[anchor] > 1:
            continue  # the English repeats it too
        text = lines[h.start_line - 1] if h.start_line <= len(lines) else ""
        got = heading_fix(al, h.start_line, text, allow_taken=True)
        hint = f"; the English heading here is [[{got[0].new[2:-2]}]]" if got else ""
        yield ReviewFinding(file, h.start_line, Kind.CHECK, "anchors", ERROR,
                            f"anchor [[{anchor}]] is already used by the heading at line {seen[anchor]}: links to "
                            f"this section land there{hint}", fix=got[0] if got else None,
                            english_line=got[1] if got else None)
