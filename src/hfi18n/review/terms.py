"""Glossary consistency: a term rendered differently from the glossary *and* from the language's other docs.

For every aligned English/translated paragraph whose English has a glossary term:

- the translation has none of the accepted spellings: reported when the other docs of the language
  mostly do use one (otherwise the glossary, not this doc, is out of step with practice);
- the translation uses an alternative spelling while the glossary's required one is also what the
  other docs use most: reported with a mechanical fix (the alternative replaced on its line).

Counts of the other docs come from :func:`hfi18n.translate.aligned.term_usage` over the aligned human
translations of the checkout (the reviewed doc excluded); without a checkout only alternatives are
reported (a miss cannot be told from a glossary out of step with practice).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from ..check.findings import WARNING
from ..glossary import Glossary, Term, english_in, spellings_in, squash
from ..repo.layout import DEFAULT_DOCS_ROOT
from ..translate.aligned import Item, TermUsage, Unit, aligned_units, term_usage
from .align import Alignment
from .model import Fix, Kind, ReviewFinding
from .place import line_of

MIN_SHARE = 0.5
"""Share of the other docs' occurrences that must use an accepted spelling for a miss to be reported."""


class CorpusUsage:
    """How the translated docs of a checkout render each glossary term, per doc, so a review can
    compare a doc with all the *other* docs of its language."""

    __slots__ = ("_per_file", "_total")

    def __init__(self, repo: Path, lang: str, glossary: Glossary, *, docs_root: str = DEFAULT_DOCS_ROOT) -> None:
        by_file: dict[str, list[Unit]] = {}
        for u in aligned_units(repo, lang, docs_root, history=False):
            by_file.setdefault(u.file, []).append(u)
        self._per_file = {f: {t.term.source: t for t in term_usage(glossary, units)} for f, units in by_file.items()}
        self._total = {t.source: TermUsage(t) for t in glossary.terms}  # the per-file counts summed
        for per in self._per_file.values():
            for key, u in per.items():
                tot = self._total[key]
                tot.occurrences += u.occurrences
                tot.followed += u.followed
                tot.accepted += u.accepted
                tot.variants += u.variants
                tot.example = tot.example or u.example

    def others(self, rel: str) -> dict[str, TermUsage]:
        """Usage in every doc but ``rel`` (path relative to the language folder)."""
        own = self._per_file.get(rel)
        if own is None:
            return self._total
        out: dict[str, TermUsage] = {}
        for key, tot in self._total.items():
            mine = own[key]
            out[key] = TermUsage(tot.term, tot.occurrences - mine.occurrences, tot.followed - mine.followed,
                                 tot.accepted - mine.accepted, tot.variants - mine.variants)
        return out


def _counts(usage: TermUsage | None) -> str:
    if usage is None or not usage.occurrences:
        return ""
    parts = ", ".join(f"{k} {n}" for k, n in usage.variants.most_common(3))
    return f"; other docs: {parts or 'none of the accepted spellings'} in {usage.occurrences} paragraph(s)"


def _terms(glossary: Glossary, text: str) -> list[Term]:
    """Glossary terms of English ``text``, leaving out those inside a hyphenated compound ("class" in
    "world-class": the compound is translated as a whole)."""
    found: list[Term] = []
    for m in glossary.matches(text):
        glued = (m.start > 1 and text[m.start - 1] == "-" and text[m.start - 2].isalnum()) or (
            m.end + 1 < len(text) and text[m.end] == "-" and text[m.end + 1].isalnum())
        if not glued and m.term not in found:
            found.append(m.term)
    return found


_PARTICLES = (("을", "를"), ("이", "가"), ("은", "는"), ("과", "와"), ("으로", "로"))
"""Korean particles that depend on whether the word before ends in a consonant (받침): (after one, after none)."""


def _final_consonant(word: str) -> bool | None:
    ch = word[-1:]
    if not ch or not "\uac00" <= ch <= "\ud7a3":
        return None
    return (ord(ch) - 0xAC00) % 28 != 0


def _fix(line: str, alt: str, target: str) -> Fix:
    """Replace ``alt`` by ``target`` on ``line``, carrying a Korean particle right after it (or after the
    link it is the text of) along: 툴을 -> 도구를, [변환 툴](url)을 -> [변환 도구](url)를."""
    at = line.find(alt)
    had, has = _final_consonant(alt), _final_consonant(target)
    if at < 0 or had is None or has is None or had == has:
        return Fix(alt, target)
    rest = line[at + len(alt):]
    skip = re.match(r"(?:\]\([^)]*\))?", rest).group(0)  # type: ignore[union-attr]
    after = rest[len(skip):]
    for with_c, without_c in _PARTICLES:
        old_p = with_c if had else without_c
        end = after[len(old_p):len(old_p) + 1]
        if after.startswith(old_p) and (not end or not end.isalnum()):
            return Fix(alt + skip + old_p, target + skip + (with_c if has else without_c))
    return Fix(alt, target)


def _standalone(spelling: str, text: str) -> bool:
    """``spelling`` occurs at the start of a word (not glued after letters, as 스텝 in 멀티스텝)."""
    return re.search(rf"(?<!\w){re.escape(spelling)}", text) is not None


def _doubles(line: str, fix: Fix) -> bool:
    """Applying ``fix`` makes the word after the replacement repeat the replacement's last word."""
    new = fix.apply(line)
    if new is None:
        return True
    at = line.index(fix.old) + len(fix.new)
    last = fix.new.split()[-1] if fix.new.split() else ""
    after = new[at:].split()
    return bool(last) and bool(after) and after[0].startswith(last) and len(fix.new.split()) > 1


def _sure_pair(e: Item, t: Item) -> bool:
    """The pairing is sure enough to say a term is missing: the paragraphs share their code and links
    (or have none) -- drifted translations pair some unrelated paragraphs."""
    if not e.spans and not t.spans:
        return True
    return len(e.spans & t.spans) >= 0.5 * max(len(e.spans), len(t.spans))


def check_terms(al: Alignment, file: str, glossary: Glossary, usage: dict[str, TermUsage] | None, *,
                missing: bool = True) -> Iterator[ReviewFinding]:
    """Glossary findings of the aligned pairs; ``missing=False`` reports alternatives only (for a
    translation of an older English, whose pairs are less sure)."""
    lines = al.tgt.source.splitlines()
    paired = [(e, t, _terms(glossary, e.text)) for e, t in al.pairs]  # matched once, used twice
    here: Counter[tuple[str, str]] = Counter()
    for _e, t, terms in paired:
        for term in terms:
            for s in spellings_in(term, t.text):
                here[(term.source, s)] += 1
    for e, t, terms in paired:
        for term in terms:
            u = usage.get(term.source) if usage is not None else None
            this_doc = ", ".join(f"{s} {n}" for (src, s), n in here.items() if src == term.source)
            this_doc = f"; this doc: {this_doc}" if this_doc else ""
            want = "keep it in English" if term.keep_english else f"'{term.target}'"
            if not glossary.present(term, t.text):
                if english_in(term, t.text) or not _sure_pair(e, t):
                    continue  # the English word kept (often inside a name), or a doubtful pairing
                if not missing or u is None or (not u.occurrences or u.accepted / u.occurrences < MIN_SHARE):
                    continue
                yield ReviewFinding(file, t.line, Kind.GLOSSARY, "term-missing", WARNING,
                                    f"'{term.source}' (English line {e.line}) is not rendered as the glossary "
                                    f"says ({want}){_counts(u)}{this_doc}", english_line=e.line,
                                    term=term.source)
                continue
            if term.keep_english or not term.target or squash(term.target) in squash(t.text):
                continue
            english = {f.casefold() for f in (term.source, *term.forms)}
            used = [a for a in spellings_in(term, t.text) if a.casefold() not in english and not a.isascii()
                    and _standalone(a, t.text)]
            if not used:
                continue  # keeping the English word (often part of a name) is not a rendering to change
            alt = used[0]
            if u is not None and u.variants[term.target] <= u.variants[alt]:
                continue  # the other docs prefer the alternative as much: not an inconsistency
            block = al.tr_block(t)
            line = line_of(lines, block, alt) if block else None
            fix = _fix(lines[line - 1], alt, term.target) if line else None
            if fix is not None and _doubles(lines[line - 1], fix):
                fix = None  # "예로 들어" -> "예를 들어 들어": the replacement would repeat a word
            yield ReviewFinding(file, line or t.line, Kind.GLOSSARY, "term-variant", WARNING,
                                f"'{term.source}' is written '{alt}' here; the glossary says {want}"
                                f"{_counts(u)}{this_doc}",
                                fix=fix, english_line=e.line, term=term.source)
