"""What the human translations of a checkout say about a glossary: how each term is rendered.

The pairing of every translated doc with its English twin, paragraph by paragraph (headings by anchor,
then prose blocks between them, also against the English of the commits that changed the translation), is
:func:`hfi18n.pair.units.aligned_units`: one pair model below translate, check and review, re-exported
here for the glossary miner (:mod:`hfi18n.translate.mine`). This module adds :func:`term_usage`, which
counts how the human translations render each term of a glossary, and the file counts of the glossary
export.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..glossary import Glossary, Term, english_in, spellings_in, squash
from ..pair.units import (  # noqa: F401  (the alignment moved to hfi18n.pair; old imports keep working)
    LENGTH_RATIO,
    PROSE_KINDS,
    Item,
    Unit,
    align_docs,
    align_items,
    aligned_units,
    doc_items,
    keep_tokens,
    norm_span,
)

# -------------------------------------------------------------------------------------------------
# how the existing translations follow a glossary


@dataclass(slots=True)
class TermUsage:
    """How the aligned human translations render one glossary term."""

    term: Term
    occurrences: int = 0
    """Aligned pairs whose English contains the term."""
    followed: int = 0
    """... whose translation has the required translation (or keeps the English, for keep terms)."""
    accepted: int = 0
    """... whose translation has the required translation or an alternative."""
    variants: Counter[str] = field(default_factory=Counter)
    """Pairs containing each accepted spelling (required first, then alternatives; ``"(English)"``)."""
    example: str = ""
    """A doc where the term occurs but no accepted spelling does, if any."""

    def as_dict(self) -> dict[str, object]:
        return {
            "term": self.term.source, "translation": self.term.target, "keep_english": self.term.keep_english,
            "occurrences": self.occurrences, "followed": self.followed, "accepted": self.accepted,
            "variants": dict(self.variants), "unmatched_example": self.example,
        }


def term_usage(glossary: Glossary, units: Iterable[Unit]) -> list[TermUsage]:
    """For every term of ``glossary``, how often the aligned translations use each accepted spelling."""
    usage = {id(t): TermUsage(t) for t in glossary.terms}
    for u in units:
        terms = glossary.relevant(u.en)
        if not terms:
            continue
        squashed = squash(u.tr)
        for t in terms:
            rec = usage[id(t)]
            rec.occurrences += 1
            hits = []
            if t.keep_english and english_in(t, u.tr):
                hits.append("(English)")
            hits.extend(spellings_in(t, u.tr, squashed))
            for h in hits:
                rec.variants[h] += 1
            required = "(English)" if t.keep_english else t.target
            if required in hits:
                rec.followed += 1
            if hits:
                rec.accepted += 1
            elif not rec.example:
                rec.example = f"{u.file}:{u.line}"
    return list(usage.values())


def file_counts(glossary: Glossary, units: Iterable) -> dict[str, Counter[str]]:
    """Term source -> how many translated files use each accepted spelling of it (``(English)``: kept),
    from aligned English/translated units (:func:`aligned_units`)."""
    by_file: dict[str, list] = {}
    for u in units:
        by_file.setdefault(u.file, []).append(u)
    out: dict[str, Counter[str]] = {t.source: Counter() for t in glossary.terms}
    for file_units in by_file.values():
        for usage in term_usage(glossary, file_units):
            for spelling, n in usage.variants.items():
                if n:
                    out[usage.term.source][spelling] += 1
    return out
