"""Run every check on translated docs: pair each ``docs/source/<lang>/X`` with ``docs/source/en/X``."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..doc import BlockKind, Document, parse
from ..doc.protected import fingerprint, similarity
from ..errors import HfI18nError
from ..fileio import read_text
from ..repo.layout import SOURCE_LANG, DocsLayout
from .alone import check_alone
from .content import check_code, check_fragments, check_links
from .damage import check_damage
from .findings import ERROR, WARNING, Finding, sort_findings, unreadable
from .structure import check_autodoc, check_headings, check_tables, check_tags
from .tags import check_html_tags, check_html_untranslated

if TYPE_CHECKING:
    from ..glossary import Glossary


DRIFT_THRESHOLD = 0.6
"""Below this share of common protected content, a translation is reported as drifted as a whole."""


def check_pair(src: Document | None, tgt: Document, *, file: str, lang: str,
               glossary: Glossary | None = None, summarize_drift: bool = True) -> list[Finding]:
    """All findings for translated ``tgt`` against English ``src`` (None: the English is gone).

    A translation that shares little with the English gets one ``drift`` error instead of the block by
    block comparison, unless ``summarize_drift`` is False.
    """
    findings: list[Finding] = []
    if src is None:
        findings.append(Finding(file, 0, "orphan", WARNING,
                                "no English source with this path: it was deleted or moved; move or delete this file"))
        findings.extend(check_alone(tgt, file, lang))
        return sort_findings(findings)
    src_fp = fingerprint(src)
    shared = similarity(src_fp, fingerprint(tgt))
    if summarize_drift and shared < DRIFT_THRESHOLD and sum(src_fp.values()) >= 5:
        # made from a much older English: one finding says so instead of dozens of block diffs
        findings.append(Finding(file, 0, "drift", ERROR,
                                f"only {shared:.0%} of the English code, references and links are in this file: it "
                                "follows an older version of the English; update it (hfi18n translate --update)"))
        findings.extend(f for f in check_headings(src, tgt, file) if f.check == "anchors")
        findings.extend(check_fragments(tgt, file, src))
    else:
        findings.extend(check_headings(src, tgt, file))
        findings.extend(check_autodoc(src, tgt, file))
        findings.extend(check_tags(src, tgt, file))
        findings.extend(check_html_tags(src, tgt, file, lang))
        findings.extend(check_tables(src, tgt, file))
        findings.extend(check_code(src, tgt, file))
        findings.extend(check_links(src, tgt, file, lang))
    findings.extend(check_damage(tgt, file, lang, src))
    findings.extend(check_html_untranslated(src, tgt, file, lang))
    if glossary is not None:
        findings.extend(check_glossary(src, tgt, file, glossary))
    return sort_findings(findings)


def check_glossary(src: Document, tgt: Document, file: str, glossary: Glossary) -> list[Finding]:
    """Per section (aligned by heading index), source terms whose required translation is absent."""
    out: list[Finding] = []
    s_sections, t_sections = _sections(src), _sections(tgt)
    if len(s_sections) != len(t_sections):  # structure differs: fall back to the whole doc
        s_sections, t_sections = [(1, _all_text(src))], [(1, _all_text(tgt))]
    for (_, s_text), (t_line, t_text) in zip(s_sections, t_sections, strict=True):
        for term, _found in glossary.violations(s_text, t_text):
            want = "keep it in English" if term.keep_english else f"use '{term.target}'"
            out.append(Finding(file, t_line, "glossary", WARNING,
                               f"glossary term '{term.source}' in the English section: {want}",
                               english=term.source))
    return out


def _all_text(doc: Document) -> str:
    return "\n".join(s.text for s in doc.segments())


def _sections(doc: Document) -> list[tuple[int, str]]:
    sections: list[tuple[int, list[str]]] = [(1, [])]
    for b in doc.blocks:
        if b.kind is BlockKind.HEADING:
            sections.append((b.start_line, []))
        sections[-1][1].extend(s.text for s in b.segments)
    return [(line, "\n".join(texts)) for line, texts in sections]


def _read_doc(path: Path, shown: str, findings: list[Finding]) -> Document | None:
    try:
        return parse(read_text(path), shown)
    except HfI18nError as exc:
        findings.append(unreadable(shown, exc))
        return None


def check_file(layout: DocsLayout, lang: str, rel: str, *, glossary: Glossary | None = None) -> list[Finding]:
    """Check ``docs/source/<lang>/<rel>`` against its English twin."""
    findings: list[Finding] = []
    tgt_path = layout.path(lang, rel)
    shown = layout.rel_to_repo(tgt_path)
    tgt = _read_doc(tgt_path, shown, findings)
    if tgt is None:
        return findings
    en_rel = layout.twin(rel, SOURCE_LANG)
    en_path = layout.path(SOURCE_LANG, en_rel) if en_rel else None
    src = _read_doc(en_path, layout.rel_to_repo(en_path), findings) if en_path else None
    if en_path is not None and src is None:  # the English exists but cannot be read: not an orphan, but
        return sort_findings([*findings, *check_alone(tgt, shown, lang)])  # like one, every check without it
    return sort_findings([*findings, *check_pair(src, tgt, file=shown, lang=lang, glossary=glossary)])


def translated_docs(layout: DocsLayout, lang: str, paths: Iterable[str] = ()) -> list[str]:
    """The ``lang`` docs (relative to the language folder) that ``paths`` name, default every doc of ``lang``.

    A path may name the translation or its English source (then the translation of it is meant); an
    English doc with no translation, or a language with no folder, is an error saying what to do.
    """
    rels: list[str] = []
    for arg in paths:
        file_lang, rel = layout.resolve_doc_arg(arg, lang)
        if file_lang == SOURCE_LANG:
            twin = layout.twin(rel, lang)
            if twin is None:
                raise HfI18nError(f"{arg} has no {lang} translation yet",
                                  hint=f"translate it first: hfi18n translate --lang {lang} {rel}")
            rel = twin
        rels.append(rel)
    if rels:
        return list(dict.fromkeys(rels))  # once each: 300 copies of one path gave 300 reports (issue 16)
    layout.require_langs(lang)
    return layout.docs(lang)


def check_paths(layout: DocsLayout, lang: str, paths: Iterable[str] = (), *,
                glossary: Glossary | None = None) -> tuple[list[Finding], int]:
    """Check the given docs (default: every doc of ``lang``); returns ``(findings, files checked)``."""
    rels = translated_docs(layout, lang, paths)
    outside = [] if paths else layout.outside_docs(lang)  # links leading out of the repository: reported, never followed
    findings = [Finding(layout.rel_to_repo(layout.path(lang, rel)), 0, "outside-repo", ERROR,
                        "this file is a link to a file outside the repository (or to nothing): it is not read; "
                        "replace the link with the translated file itself") for rel in outside]
    for rel in rels:
        findings.extend(check_file(layout, lang, rel, glossary=glossary))
    return sort_findings(findings), len(rels) + len(outside)
