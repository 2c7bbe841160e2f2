"""``check`` and ``toctree_check``: findings on translated docs and on a language's toctree."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from ..check import Finding, check_paths, has_errors
from ..check.findings import ERROR, sort_findings
from ..check.runner import translated_docs
from ..errors import InputError, RepoError
from ..repo.history import followed
from ..repo.layout import DEFAULT_DOCS_ROOT, SOURCE_LANG, DocsLayout
from ..repo.status import base_unknown_note
from ..translate.glossary import Glossary
from ._common import (
    _config,
    _layout,
)


@dataclass(slots=True)
class CheckResult:
    findings: list[Finding]
    files: int

    @property
    def errors(self) -> int:
        return sum(f.severity == "error" for f in self.findings)

    @property
    def ok(self) -> bool:
        return not has_errors(self.findings)

    def to_json(self) -> list[dict[str, object]]:
        """The findings as ``check --format json`` prints them."""
        return [f.as_dict() for f in self.findings]

    def format(self, kind: str = "text") -> str:
        """The findings as ``text`` (``file:line: severity [check] message``), ``json`` or ``github``
        (workflow-command annotations)."""
        from ..check import format_github, format_json, format_text

        formatter = {"json": format_json, "github": format_github, "text": format_text}.get(kind)
        if formatter is None:
            raise InputError(f"unknown findings format {kind!r}", hint="use text, json or github")
        return formatter(self.findings)

    def summary(self) -> str:
        """``N file(s) checked: E error(s), W warning(s) (by check)``."""
        from ..check import summary

        return summary(self.findings, self.files)


def check(repo: Path | str = ".", lang: str = "ko", paths: Iterable[str] = (), *,
          docs_root: str = DEFAULT_DOCS_ROOT, glossary: Path | str | None = None) -> CheckResult:
    """Check translated docs (default: every doc of ``lang``) against their English source.

    ``glossary``: a glossary TSV whose required translations are checked too (none by default).
    """
    layout = _layout(repo, docs_root)
    _config(layout, None)  # the repository's [doc] prose_props
    gloss = Glossary.load(glossary) if glossary is not None else None
    findings, files = check_paths(layout, lang, list(paths), glossary=gloss)
    rels = translated_docs(layout, lang, list(paths))
    return CheckResult(_name_followed_english(layout, lang, findings, rels), files)


def _name_followed_english(layout: DocsLayout, lang: str, findings: list[Finding],
                           rels: list[str]) -> list[Finding]:
    """Check and status read one record of what a translation follows (:func:`hfi18n.repo.history.followed`),
    so they never disagree about it: a ``drift`` finding names the English version the translation follows,
    and a translation whose base is unknown gets one ``base-unknown`` error saying what status says
    (``outdated, base unknown``) instead of a drift that suggested an update (issue 23: status said up to
    date where check said "only 6% of the English ... are in this file")."""
    try:
        records = followed(layout, lang)
    except RepoError:  # no history (not a clone, shallow): the findings stay as they are
        return findings
    folder = layout.path(lang, "")
    out = []
    for f in findings:
        rel = _rel_in(layout, folder, f.file)
        rec = records.get(rel) if rel is not None else None
        if rec is not None and not rec.base.known and f.check == "drift":
            continue  # said once, by the base-unknown finding
        if rec is not None and rec.base.known and f.check == "drift":
            base = rec.base
            followed_ = f"it follows the English of {base.base_commit[:7]} ({SOURCE_LANG}/{base.en_path_at_base})"
            older = "it follows an older version of the English"
            f = replace(f, message=f.message.replace(older, followed_) if older in f.message
                        else f"{f.message}; {followed_}")
        out.append(f)
    for rel in rels:
        rec = records.get(rel)
        if rec is not None and not rec.base.known:
            file = layout.rel_to_repo(layout.path(lang, rel))
            out.append(Finding(file, 0, "base-unknown", ERROR, f"outdated, {base_unknown_note(rec.base)}"))
    return sort_findings(out)


def _rel_in(layout: DocsLayout, folder: Path, file: str) -> str | None:
    with contextlib.suppress(ValueError):
        return (layout.repo / file).resolve().relative_to(folder.resolve()).as_posix()
    return None


def toctree_check(repo: Path | str = ".", lang: str = "ko", *, docs_root: str = DEFAULT_DOCS_ROOT) -> CheckResult:
    """Problems of ``lang``'s ``_toctree.yml`` against its files and the English toctree."""
    from ..check.toctree import check_toctree

    layout = _layout(repo, docs_root)
    return CheckResult(check_toctree(layout, lang), 1)
