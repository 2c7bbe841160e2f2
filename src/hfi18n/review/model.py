"""What a review finds: one :class:`ReviewFinding` per problem, tied to a line of the translation.

A :class:`DocReview` holds the findings of one translated doc with the text they point into (so a
suggestion can be rendered as the corrected line) and says what was checked and what was not; a
:class:`Review` gathers the docs of a run (a PR or local files) and is what every output format and
the GitHub poster read.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field

from ..check.findings import ERROR


class Kind(str, enum.Enum):
    """The family of a finding; counts per kind head every summary."""

    CHECK = "check"  # a finding of ``hfi18n check`` (its check name is the rule)
    OMISSION = "omission"  # English paragraph or sentence with no counterpart
    DUPLICATION = "duplication"  # a paragraph translated twice
    ENGLISH_LEFT = "english-left"  # an English paragraph left beside its translation
    GLOSSARY = "glossary"  # a term rendered differently from the glossary and the other docs
    LLM = "llm"  # a model's remark (rule: mistranslation, omission, terminology, fluency)
    SIGNOFF = "sign-off"  # a change of a review record: a sign-off added in someone's name, machine text dropped


@dataclass(slots=True, frozen=True)
class Fix:
    """A mechanical correction of one line: replace ``old`` (its first occurrence) by ``new``."""

    old: str
    new: str

    def apply(self, line: str) -> str | None:
        """The corrected line, or None when ``old`` is not in it."""
        if self.old not in line:
            return None
        return line.replace(self.old, self.new, 1)


@dataclass(slots=True, frozen=True)
class ReviewFinding:
    """One problem of a translated doc."""

    file: str
    """Path of the translated file relative to the repository root."""
    line: int
    """1-based line of the translation (0: the whole file)."""
    kind: Kind
    rule: str
    """Finer name: the check's name (``anchors``, ``fragments``...) or the LLM category."""
    severity: str
    """``error`` or ``warning``."""
    message: str
    """What is wrong and what to do."""
    fix: Fix | None = None
    """A mechanical correction of the line, shown as a GitHub ``suggestion``."""
    english_line: int | None = None
    """Line of the English source the finding concerns, when there is one."""
    rewrite: str | None = None
    """A suggested rewrite of the translated paragraph (LLM findings), already validated."""
    term: str | None = None
    """The glossary term of a glossary finding (outputs group a term's findings on one line)."""
    english: str | None = None
    """The English it refers to, quoted (line ``english_line``), so a reviewer who does not read the
    language can judge it (filled by :func:`hfi18n.review.runner.review_texts`)."""
    aligned_with: str = ""
    """The older English the finding was made against (``english_line`` is a line of it), named; ''
    for today's English. Set by the coverage rules; the English is quoted from that version. (The
    quoting looked for "(aligned with " in the message, so rewording a message changed which English
    was quoted: issue 24.)"""
    quotes_english: bool = False
    """The message quotes the English itself, so outputs do not quote it again under the finding (they
    looked for the English's first 40 characters in the message)."""

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file, "line": self.line, "kind": self.kind.value, "rule": self.rule,
            "severity": self.severity, "message": self.message,
            "fix": {"old": self.fix.old, "new": self.fix.new} if self.fix else None,
            "english_line": self.english_line, "english": self.english, "rewrite": self.rewrite, "term": self.term,
            "aligned_with": self.aligned_with,
        }


def sort_key(f: ReviewFinding) -> tuple[object, ...]:
    return (f.file, f.line, f.severity != ERROR, f.kind.value, f.rule, f.message)


@dataclass(slots=True)
class DocReview:
    """The review of one translated doc."""

    file: str
    """Translated file, relative to the repository root (``docs/source/ko/fsdp.md``)."""
    english_file: str | None
    """Its English source (None: there is none)."""
    lang: str
    text: str
    """The translation as reviewed (suggestions are computed against its lines)."""
    findings: list[ReviewFinding] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    """What was checked, in words."""
    not_checked: list[str] = field(default_factory=list)
    """What was not checked and why."""
    _lines: list[str] | None = field(default=None, init=False, repr=False, compare=False)

    def line_text(self, line: int) -> str | None:
        if self._lines is None:  # split once: renderers ask for a line per finding
            self._lines = self.text.splitlines()
        return self._lines[line - 1] if 1 <= line <= len(self._lines) else None

    def suggested_line(self, line: int) -> str | None:
        """The line with every mechanical fix of its findings applied (None: no fix applies)."""
        current = self.line_text(line)
        if current is None:
            return None
        changed = False
        for f in self.findings:
            if f.line == line and f.fix is not None:
                new = f.fix.apply(current)
                if new is not None:
                    current, changed = new, True
        return current if changed else None

    def counts(self) -> Counter[str]:
        return Counter(f.kind.value for f in self.findings)

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file, "english_file": self.english_file, "lang": self.lang,
            "counts": dict(self.counts()), "findings": [f.to_json() for f in self.findings],
            "checked": self.checked, "not_checked": self.not_checked,
        }


@dataclass(slots=True)
class Review:
    """Every reviewed doc of a run."""

    docs: list[DocReview] = field(default_factory=list)
    source: str = ""
    """What was reviewed, in words (``huggingface/diffusers#123`` or ``local files``)."""
    skipped: list[str] = field(default_factory=list)
    """Changed files that were not reviewed, each with the reason."""

    @property
    def findings(self) -> list[ReviewFinding]:
        return [f for d in self.docs for f in d.findings]

    def counts(self) -> Counter[str]:
        total: Counter[str] = Counter()
        for d in self.docs:
            total.update(d.counts())
        return total

    def has_errors(self) -> bool:
        return any(f.severity == ERROR for f in self.findings)

    def to_json(self) -> dict[str, object]:
        return {"source": self.source, "counts": dict(self.counts()), "docs": [d.to_json() for d in self.docs],
                "skipped": self.skipped}
