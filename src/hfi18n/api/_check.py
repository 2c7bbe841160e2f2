"""``check`` and ``toctree_check``: findings on translated docs and on a language's toctree."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..check import Finding, check_paths, has_errors
from ..check.convention import anchor_convention
from ..check.custom_anchors import AnchorFix
from ..check.style import StyleRun
from ..errors import InputError
from ..glossary import Glossary
from ..repo.layout import DEFAULT_DOCS_ROOT, SOURCE_LANG
from ._common import (
    _config,
    _layout,
)


@dataclass(slots=True)
class CheckResult:
    findings: list[Finding]
    files: int
    notes: list[str] = field(default_factory=list)
    """How the check read the repository's own conventions (``anchors: ko headings follow ...``), and what
    the run could not do (the style checks without their analyzer: how to install it), once each."""

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

        return summary(self.findings, self.files) + "".join(f"\n{n}" for n in self.notes)


def check(repo: Path | str = ".", lang: str = "ko", docs: Iterable[str] = (), *,
          docs_root: str = DEFAULT_DOCS_ROOT, glossary: Path | str | None = None,
          against: str = "followed") -> CheckResult:
    """Check translated docs (default: every doc of ``lang``) against their English source.

    ``against``: ``followed`` (default) compares an outdated translation with the English it follows and
    reports the drift since as one ``outdated`` finding per doc; ``today`` compares every translation with
    today's English (see :mod:`hfi18n.check.followed`). Both read the record ``status`` reads, so a
    translation whose base is unknown is one ``base-unknown`` error in both.
    ``glossary``: a glossary TSV whose required translations are checked too (none by default). The team's
    style (``[style.<lang>]`` of the repository's config, else the language's defaults) is checked too:
    ``style/register`` and ``style/heading`` warnings (docs/style.md).
    """
    layout = _layout(repo, docs_root)
    config = _config(layout, None)  # the repository's [doc] prose_props, [style.<lang>]
    gloss = Glossary.load(glossary) if glossary is not None else None
    layout.require_langs(lang)
    convention = anchor_convention(layout, lang)
    style = StyleRun.for_lang(lang, config)
    findings, files = check_paths(layout, lang, list(docs), glossary=gloss, against=against,
                                  convention=convention, style=style)
    return CheckResult(findings, files, ([convention.note()] if convention.note() else []) + style.notes)


def fix_anchors(repo: Path | str = ".", lang: str = "ko", docs: Iterable[str] = (), *,
                docs_root: str = DEFAULT_DOCS_ROOT) -> list[AnchorFix]:
    """Rename translators' own heading anchors (``check`` warns about them) to the English ones, together
    with every link to them in ``lang``'s docs (:mod:`hfi18n.check.custom_anchors`)."""
    from ..check.custom_anchors import fix_anchors as fix
    from ..check.runner import translated_docs
    from ..doc import parse
    from ..fileio import read_text

    layout = _layout(repo, docs_root)
    _config(layout, None)

    def english_of(rel: str):
        twin = layout.twin(rel, SOURCE_LANG)
        if twin is None:
            return None
        try:
            return parse(read_text(layout.path(SOURCE_LANG, twin)))
        except InputError:  # an unreadable English: nothing to rename against (check reports it)
            return None

    return fix(layout, lang, translated_docs(layout, lang, list(docs)), english_of)


def toctree_check(repo: Path | str = ".", lang: str = "ko", *, docs_root: str = DEFAULT_DOCS_ROOT) -> CheckResult:
    """Problems of ``lang``'s ``_toctree.yml`` against its files and the English toctree."""
    from ..check.toctree import check_toctree

    layout = _layout(repo, docs_root)
    return CheckResult(check_toctree(layout, lang), 1)
