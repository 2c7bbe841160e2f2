"""A check finding and the output formats (text, JSON, GitHub annotations)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass

from ..errors import HfI18nError

ERROR = "error"
WARNING = "warning"


@dataclass(slots=True, frozen=True)
class Finding:
    """One problem found in a translated doc."""

    file: str
    """Path of the translated file, relative to the repository root."""
    line: int
    """1-based line in the translated file (0 when the problem concerns the whole file)."""
    check: str
    """Name of the check, e.g. ``anchors``, ``code``, ``leaked-placeholder``."""
    severity: str
    """``error`` (the doc is broken or loses content) or ``warning`` (worth a look)."""
    message: str
    """What is wrong and what to do, in words a translator understands."""
    english: str = ""
    """The English words the finding is about, as data: the link target or [`Name`] reference the
    translation lacks, the glossary term, the English the translation copies ('' when none). Whoever
    needs them reads this field, never the message: ``review`` matched link targets, fragments and
    English spans in the message text with regular expressions, which broke whenever a message was
    reworded (issue 24)."""
    translation: str = ""
    """The translated words the finding is about: the broken ``#fragment``, the paragraph left in
    English, the remark, the garbled characters, the sentence in another register ('' when none)."""
    suggestion: tuple[str, str] | None = None
    """A rewrite of words on the finding's line, ``(old, new)``: the last word of a sentence in another
    register and the same word in the doc's register (``style/*``); ``review`` shows it as a suggestion."""

    @property
    def rule(self) -> str:
        """The check's name (``check``), under the name review findings use for it."""
        return self.check

    def as_dict(self) -> dict[str, object]:
        return {**asdict(self), "rule": self.check}

    def to_json(self) -> dict[str, object]:
        return self.as_dict()


def unreadable(file: str, exc: HfI18nError) -> Finding:
    """The finding for a file that could not be read or parsed (``exc`` says why and what to do)."""
    return Finding(file, exc.line or 0, "unreadable", ERROR, f"{exc.message}; {exc.hint or ''}".strip("; "))


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: (f.file, f.line, f.severity != ERROR, f.check, f.message))


FENCE_ECHOES = frozenset({"code", "headings", "anchors", "fragments", "links", "link-added", "references", "autodoc",
                          "unbalanced-tag", "stray-fence", "tags", "tables"})
"""Checks whose findings past a code fence never closed are its echoes: everything after the fence renders as
code, so every later block differs from the English (and whole-file counts are off)."""


def without_fence_echoes(findings: Iterable[Finding]) -> list[Finding]:
    """``findings`` with one ``unclosed-fence`` finding standing for its consequences: a fence left open was
    reported as three code-block errors and no word of the cause (issue 33). Findings of
    :data:`FENCE_ECHOES` at or after the fence's line (or about the whole file) are left out."""
    findings = list(findings)
    opened = {}
    for f in findings:
        if f.check == "unclosed-fence":
            opened[f.file] = min(opened.get(f.file, f.line), f.line)
    if not opened:
        return findings
    return [f for f in findings if not (f.file in opened and f.check in FENCE_ECHOES
                                        and (f.line == 0 or f.line >= opened[f.file]))]


def has_errors(findings: Iterable[Finding]) -> bool:
    return any(f.severity == ERROR for f in findings)


def format_text(findings: list[Finding]) -> str:
    """``file:line: severity [check] message`` per finding; ``file:`` alone when it concerns the whole file."""
    return "".join(f"{f.file}{f':{f.line}' if f.line else ''}: {f.severity} [{f.check}] {f.message}\n"
                   for f in findings)


def format_json(findings: list[Finding]) -> str:
    return json.dumps([f.as_dict() for f in findings], ensure_ascii=False, indent=2) + "\n"


def gh_escape_data(text: str) -> str:
    """Escape the message of a GitHub workflow command (``%``, CR and LF), so it stays one command."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def gh_escape_property(text: str) -> str:
    """Escape a property value of a workflow command: the data rules plus ``:`` and ``,``, which
    would otherwise end the property list or start another property (a file name may hold any of them)."""
    return gh_escape_data(text).replace(":", "%3A").replace(",", "%2C")


def format_github(findings: list[Finding]) -> str:
    """GitHub Actions workflow commands: annotations on the PR diff."""
    return "".join(
        f"::{f.severity} file={gh_escape_property(f.file)},line={max(f.line, 1)},"
        f"title={gh_escape_property(f.check)}::{gh_escape_data(f.message)}\n"
        for f in findings
    )


def summary(findings: list[Finding], files: int) -> str:
    errors = sum(1 for f in findings if f.severity == ERROR)
    warnings = len(findings) - errors
    by_check = Counter(f.check for f in findings)
    detail = ", ".join(f"{name} {n}" for name, n in by_check.most_common())
    line = f"{files} file(s) checked: {errors} error(s), {warnings} warning(s)"
    return line + (f" ({detail})" if detail else "")
