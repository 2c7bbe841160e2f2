"""``check`` and ``toctree_check``: findings on translated docs and on a language's toctree."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from ..check import Finding, check_paths, has_errors
from ..errors import InputError, RepoError
from ..glossary import Glossary
from ..repo.history import find_bases
from ..repo.layout import DEFAULT_DOCS_ROOT, SOURCE_LANG, DocsLayout
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
    return CheckResult(_name_followed_english(layout, lang, findings), files)


def _name_followed_english(layout: DocsLayout, lang: str, findings: list[Finding]) -> list[Finding]:
    """A ``drift`` finding names the English version the translation follows (the record ``status`` and
    ``translate --update`` read: :func:`hfi18n.repo.history.base_of`) and how far behind it is, so check
    and status never disagree about it. History is read only when a drift was found."""
    if not any(f.check == "drift" for f in findings):
        return findings
    try:
        bases = find_bases(layout, lang)
    except RepoError:  # no history (not a clone, shallow): the finding stays as it is
        return findings
    folder = (layout.docs_root / lang).resolve()
    out = []
    for f in findings:
        base = None
        if f.check == "drift":
            with contextlib.suppress(ValueError):
                base = bases.get((layout.repo / f.file).resolve().relative_to(folder).as_posix())
        if base is not None:
            followed = f"it follows the English of {base.base_commit[:7]} ({SOURCE_LANG}/{base.en_path_at_base})"
            older = "it follows an older version of the English"
            f = replace(f, message=f.message.replace(older, followed) if older in f.message
                        else f"{f.message}; {followed}")
        out.append(f)
    return out


def toctree_check(repo: Path | str = ".", lang: str = "ko", *, docs_root: str = DEFAULT_DOCS_ROOT) -> CheckResult:
    """Problems of ``lang``'s ``_toctree.yml`` against its files and the English toctree."""
    from ..check.toctree import check_toctree

    layout = _layout(repo, docs_root)
    return CheckResult(check_toctree(layout, lang), 1)
