"""``glossary_lookup``, ``glossary_validate``, ``glossary_usage``, ``glossary_mine``, ``glossary_export``,
``glossary_import``: the glossary of a language, its lint, how the human translations follow it, proposals
mined from them, and doc-builder's YAML glossary format both ways."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..glossary import Glossary, Term
from ..repo.layout import DEFAULT_DOCS_ROOT
from ._common import (
    load_glossary,
)


@dataclass(slots=True)
class GlossaryResult:
    lang: str
    version: str
    terms: list[Term]
    total: int
    """Terms in the whole glossary."""
    prompt: str = ""
    """The glossary lines a translation request carries for these terms."""

    def to_tsv(self) -> str:
        """These terms in the glossary file format (loadable with ``--glossary``)."""
        return Glossary(self.lang, self.terms).dumps()

    def to_json(self) -> dict[str, object]:
        """As ``glossary show --format json`` prints it."""
        return {
            "lang": self.lang, "version": self.version,
            "terms": [{"source": t.source, "forms": list(t.forms), "target": t.target,
                       "keep_english": t.keep_english, "alternatives": list(t.alternatives), "notes": t.notes}
                      for t in self.terms],
        }


def glossary_lookup(lang: str = "ko", text: str | None = None, *, glossary: Path | str | None = None,
                    terms: Iterable[str] = ()) -> GlossaryResult:
    """The glossary of ``lang`` (the shipped one, or the TSV ``glossary``).

    ``text``: only the terms occurring in it (what a translation request for it would carry);
    ``terms``: only these English terms (exact source or form, case-insensitive).
    """
    g = load_glossary(lang, glossary, required=True)
    assert g is not None
    found = g.relevant(text) if text is not None else list(g.terms)
    wanted = {t.lower() for t in terms}
    if wanted:
        found = [t for t in found if {t.source.lower(), *(f.lower() for f in t.forms)} & wanted]
    return GlossaryResult(g.lang, g.version, found, len(g), g.prompt_lines(found) if found else "")


@dataclass(slots=True)
class GlossaryValidation:
    """A glossary file that loaded, and its suspicious rows."""

    name: str
    glossary: Glossary
    warnings: list[str]

    def to_json(self) -> dict[str, object]:
        g = self.glossary
        return {"name": self.name, "lang": g.lang, "version": g.version, "terms": len(g),
                "kept_in_english": sum(t.keep_english for t in g), "warnings": list(self.warnings)}


def glossary_validate(path: Path | str | None = None, lang: str = "ko") -> GlossaryValidation:
    """Load a glossary TSV (default: the one shipped for ``lang``) and lint it (duplicates, suspicious rows).

    A file that cannot be loaded raises :class:`InputError` with the line.
    """
    from ..glossary import lint

    g = Glossary.load(path) if path is not None else load_glossary(lang, required=True)
    assert g is not None
    return GlossaryValidation(str(path) if path is not None else str(g.path), g, lint(g))


@dataclass(slots=True)
class GlossaryUsageResult:
    """How the human translations of a repo render each glossary term (terms that occur only)."""

    rows: list
    """:class:`hfi18n.translate.aligned.TermUsage`, least followed first."""
    total_terms: int

    def to_json(self) -> list[dict[str, object]]:
        return [r.as_dict() for r in self.rows]


def glossary_usage(repo: Path | str = ".", lang: str = "ko", *, glossary: Path | str | None = None,
                   history: bool = True, docs_root: str = DEFAULT_DOCS_ROOT) -> GlossaryUsageResult:
    """For every term of the glossary, the aligned English/translated pairs where the English has it and
    how many use the required translation or each alternative (``history``: also align translations with
    the English of their time)."""
    from ..translate.aligned import aligned_units, term_usage

    g = load_glossary(lang, glossary, required=True)
    assert g is not None
    rows = [r for r in term_usage(g, aligned_units(repo, lang, docs_root, history=history)) if r.occurrences]
    rows.sort(key=lambda r: (r.accepted / r.occurrences, -r.occurrences, r.term.source.lower()))
    return GlossaryUsageResult(rows, len(g))


@dataclass(slots=True)
class GlossaryMineResult:
    lang: str
    files: int
    units: int
    """Aligned English/translated pairs the proposals come from."""
    proposals: list

    def to_json(self) -> dict[str, object]:
        return {"lang": self.lang, "files": self.files, "aligned_pairs": self.units,
                "proposals": [p.as_dict() for p in self.proposals]}


def glossary_mine(repo: Path | str = ".", lang: str = "ko", *, min_count: int = 3, min_score: float = 0.3,
                  limit: int | None = None, history: bool = True, new_only: bool = False,
                  glossary: Path | str | None = None, docs_root: str = DEFAULT_DOCS_ROOT) -> GlossaryMineResult:
    """Propose glossary entries from the human translations already in a repo, for a human to curate.

    ``new_only`` leaves out terms the glossary (``glossary``, or the shipped one) already has.
    """
    from ..translate.mine import mine

    result = mine(repo, lang, min_count=min_count, min_score=min_score, docs_root=docs_root, history=history)
    proposals = result.proposals
    if new_only:
        known = load_glossary(lang, glossary, required=True)
        assert known is not None
        proposals = [p for p in proposals if known.get(p.term) is None and not known.relevant(p.term)]
    if limit is not None:
        proposals = proposals[:limit]
    return GlossaryMineResult(lang, result.files, result.units, proposals)


def glossary_export(lang: str = "ko", *, glossary: Path | str | None = None, repo: Path | str | None = None,
                    history: bool = True, docs_root: str = DEFAULT_DOCS_ROOT) -> str:
    """The glossary of ``lang`` (the shipped one, or the file ``glossary``) in doc-builder's YAML format
    (``pin:`` and ``keep:``), for Hugging Face's nightly machine translation; with ``repo``, each term
    carries how many human-translated files of that checkout use it and its competitors."""
    from ..glossary.docbuilder import dump_docbuilder
    from ..translate.aligned import file_counts

    g = load_glossary(lang, glossary, required=True)
    assert g is not None
    counts = None
    origin = str(glossary) if glossary is not None else f"the {lang} glossary shipped with hfi18n"
    if repo is not None:
        from ..translate.aligned import aligned_units

        counts = file_counts(g, aligned_units(repo, lang, docs_root, history=history))
        origin += f", counted over {Path(repo).resolve().name}"
    return dump_docbuilder(g, counts, origin=origin)


def glossary_import(path: Path | str, lang: str | None = None) -> GlossaryResult:
    """Read a doc-builder YAML glossary (``pin:``/``keep:``) as a glossary (``to_tsv()`` for hfi18n's
    format); the comments with counts become each term's notes."""
    from ..fileio import read_text
    from ..glossary.terms import load_docbuilder

    p = Path(path)
    g = load_docbuilder(read_text(p), lang or p.stem, path=p)
    return GlossaryResult(g.lang, g.version, list(g.terms), len(g))
