"""Run every check on translated docs: pair each ``docs/source/<lang>/X`` with ``docs/source/en/X``."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..doc import BlockKind, Document, parse
from ..doc.protected import fingerprint, similarity
from ..errors import HfI18nError, InputError, RepoError
from ..fileio import read_text
from ..repo.history import BlobReader, Followed, followed
from ..repo.layout import SOURCE_LANG, DocsLayout
from ..repo.status import base_unknown_note
from .alone import check_alone
from .content import AnchorsOf, check_code, check_fragments, check_links, check_unsafe_links
from .convention import AnchorConvention, anchor_convention
from .custom_anchors import AnchorLinks, custom_anchors
from .damage import check_damage
from .findings import ERROR, WARNING, Finding, sort_findings, unreadable, without_fence_echoes
from .followed import (
    AGAINST,
    base_unknown_finding,
    both_ways,
    incomplete_finding,
    outdated_finding,
    undecidable_finding,
)
from .mark import check_mark
from .structure import check_autodoc, check_headings, check_tables, check_tags
from .style import StyleRun, check_style
from .tags import check_html_tags, check_html_untranslated

if TYPE_CHECKING:
    from ..glossary import Glossary


DRIFT_THRESHOLD = 0.6
"""Below this share of common protected content, a translation is reported as drifted as a whole."""


def check_pair(src: Document | None, tgt: Document, *, file: str, lang: str,
               glossary: Glossary | None = None, summarize_drift: bool = True,
               older: Sequence[Document] = (), compare_only: bool = False,
               links_to: Callable[[str], list[tuple[str, int]]] | None = None,
               anchors_of: AnchorsOf | None = None, anchors_required: bool = True,
               style: StyleRun | None = None) -> list[Finding]:
    """All findings for translated ``tgt`` against English ``src`` (None: the English is gone).

    A translation that shares little with the English gets one ``drift`` error instead of the block by
    block comparison, unless ``summarize_drift`` is False. ``older``: the English version(s) the translation
    follows, when known (a link they have is no added link). ``compare_only``: the block by block comparison
    alone, without the checks of the translation's own text (:func:`own_text_findings`): an outdated
    translation is compared with several English versions, and its own text needs checking once.
    ``links_to(anchor)``: the ``(doc, line)`` of the links to an anchor of this doc, named by a custom
    anchor's warning. ``anchors_of(target)``: the anchors of the translated doc a link leads to, so a link
    to a translator's custom anchor there is no ``links`` error (:func:`check_links`). ``anchors_required``:
    the language's heading-anchor convention (:mod:`.convention`). ``style``: the
    team's style checks of the run (:mod:`.style`; None: not run).
    """
    findings: list[Finding] = check_mark(tgt, file)
    if src is None:
        findings.append(Finding(file, 0, "orphan", WARNING,
                                "no English source with this path: it was deleted or moved; move or delete this file"))
        findings.extend(check_alone(tgt, file, lang))
        findings.extend(check_unsafe_links(tgt, file))
        if style is not None:
            findings.extend(check_style(None, tgt, file, style))
        return sort_findings(findings)
    src_fp = fingerprint(src)
    shared = similarity(src_fp, fingerprint(tgt))
    if summarize_drift and shared < DRIFT_THRESHOLD and sum(src_fp.values()) >= 5:
        # made from a much older English: one finding says so instead of dozens of block diffs
        findings.append(Finding(file, 0, "drift", ERROR,
                                f"only {shared:.0%} of the English code, references and links are in this file: it "
                                "follows an older version of the English; update it (hfi18n translate --update)"))
        findings.extend(f for f in check_headings(src, tgt, file, anchors_required=anchors_required)
                        if f.check == "anchors")
        findings.extend(check_fragments(tgt, file, src))
    else:
        findings.extend(check_headings(src, tgt, file, anchors_required=anchors_required))
        findings.extend(check_autodoc(src, tgt, file))
        findings.extend(check_tags(src, tgt, file))
        findings.extend(check_html_tags(src, tgt, file, lang))
        findings.extend(check_tables(src, tgt, file))
        findings.extend(check_code(src, tgt, file))
        findings.extend(check_links(src, tgt, file, lang, older, anchors_of))
    findings.extend(_custom_anchor_findings(src, tgt, file, links_to))
    if not compare_only:
        findings.extend(own_text_findings(src, tgt, file=file, lang=lang, glossary=glossary, style=style))
    return sort_findings(findings)


def own_text_findings(src: Document, tgt: Document, *, file: str, lang: str,
                      glossary: Glossary | None = None, style: StyleRun | None = None) -> list[Finding]:
    """Unsafe links, damage, untranslated HTML text, glossary terms and the team's style of translated
    ``tgt`` made from English ``src``."""
    findings = [*check_unsafe_links(tgt, file), *check_damage(tgt, file, lang, src),
                *check_html_untranslated(src, tgt, file, lang)]
    if glossary is not None:
        findings.extend(check_glossary(src, tgt, file, glossary))
    if style is not None:
        findings.extend(check_style(src, tgt, file, style))
    return findings


def _custom_anchor_findings(src: Document, tgt: Document, file: str,
                            links_to: Callable[[str], list[tuple[str, int]]] | None) -> list[Finding]:
    """A warning per custom anchor (:mod:`.custom_anchors`), naming the links that use it."""
    out = []
    for ca in custom_anchors(src, tgt):
        links = links_to(ca.anchor) if links_to is not None else []
        used = (f"used by {len(links)} link(s): " + ", ".join(f"{d}:{n}" for d, n in links[:5])
                + (" ..." if len(links) > 5 else "")) if links else "no link in this language uses it"
        out.append(Finding(file, ca.line, "anchors", WARNING,
                           f"custom anchor [[{ca.anchor}]]: the English heading here uses [[{ca.english}]], so "
                           f"links written for the English page miss it; {used}. `hfi18n check --fix-anchors` "
                           "renames it to the English one together with those links"))
    return out


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


def _done(findings: list[Finding]) -> list[Finding]:
    return sort_findings(without_fence_echoes(findings))


def check_file(layout: DocsLayout, lang: str, rel: str, *, glossary: Glossary | None = None,
               record: Followed | None = None, against: str = "today",
               blobs: BlobReader | None = None, anchors: AnchorLinks | None = None,
               anchors_required: bool = True, style: StyleRun | None = None) -> list[Finding]:
    """Check ``docs/source/<lang>/<rel>`` against its English twin (``anchors_required``: the language's
    heading-anchor convention, :mod:`.convention`).

    ``record``: what the translation follows (:func:`hfi18n.repo.history.followed`). With ``against``
    ``followed`` an outdated translation is compared with the English it follows and gets one ``outdated``
    finding for the drift since (:mod:`hfi18n.check.followed`); a translation whose base is unknown gets one
    ``base-unknown`` error in place of a ``drift`` (in both modes, so check says what status says).
    ``blobs``: a reader with the English versions of ``record`` loaded (one git call for a whole run);
    ``anchors``: the language's links by fragment, read once for a whole run; ``style``: the run's style
    checks (:class:`hfi18n.check.style.StyleRun`; None: not run).
    """
    findings: list[Finding] = []
    anchors = anchors if anchors is not None else AnchorLinks(layout, lang)
    tgt_path = layout.path(lang, rel)
    shown = layout.rel_to_repo(tgt_path)
    tgt = _read_doc(tgt_path, shown, findings)
    if tgt is None:
        return findings
    findings.extend(_linked_elsewhere(layout, lang, rel, shown))
    en_rel = layout.twin(rel, SOURCE_LANG)
    if en_rel is None and record is not None:  # a translation left at the old path of a moved English doc
        en_rel = record.base.en_path
        findings.append(Finding(shown, 0, "moved", WARNING,
                                f"the English source moved to {SOURCE_LANG}/{en_rel}: move this file to "
                                f"{lang}/{en_rel} (git mv) and its toctree entry with it"))
    en_path = layout.path(SOURCE_LANG, en_rel) if en_rel else None
    src = _read_doc(en_path, layout.rel_to_repo(en_path), findings) if en_path else None
    if en_path is not None and src is None:  # the English exists but cannot be read: not an orphan, but
        return _done([*findings, *check_alone(tgt, shown, lang),  # like one, every check without it
                      *(check_style(None, tgt, shown, style) if style is not None else [])])
    def anchors_of(target: str) -> set[str] | None:
        return anchors.anchors_of(rel, target)

    if record is not None and src is not None and en_rel is not None:
        if not record.base.known:
            pair = [f for f in check_pair(src, tgt, file=shown, lang=lang, glossary=glossary,
                                          anchors_required=anchors_required,
                                          links_to=lambda a: anchors.links(rel, a), anchors_of=anchors_of,
                                          style=style)
                    if f.check != "drift"]
            return _done([*findings, *pair, base_unknown_finding(shown, base_unknown_note(record.base))])
        findings.extend([*incomplete_finding(shown, record, lang), *undecidable_finding(shown, record)])
        if against == "followed" and record.behind:
            blobs = blobs if blobs is not None else BlobReader(layout.repo)
            base = parse(record.english if record.english is not None else blobs.text(record.base.base_blob))
            pair = check_pair(base, tgt, file=shown, lang=lang, summarize_drift=False, compare_only=True,
                              anchors_required=anchors_required,
                              anchors_of=anchors_of)
            for blob in [None, *dict.fromkeys(reversed(record.later))]:  # today's first: most findings go there
                if not pair:
                    break
                if blob == record.base.base_blob:
                    continue
                english = src if blob is None else parse(blobs.text(blob))
                pair = both_ways(pair, check_pair(english, tgt, file=shown, lang=lang, summarize_drift=False,
                                                  anchors_required=anchors_required,
                                                  compare_only=True, anchors_of=anchors_of))
            pair += own_text_findings(base, tgt, file=shown, lang=lang, glossary=glossary, style=style)
            return _done([*findings, *pair, outdated_finding(shown, record, base, src, lang, en_rel)])
    pair = check_pair(src, tgt, file=shown, lang=lang, glossary=glossary, anchors_required=anchors_required,
                      links_to=lambda a: anchors.links(rel, a), anchors_of=anchors_of, style=style)
    if record is not None:
        pair = [_name_base(f, record) for f in pair]
    return _done([*findings, *pair])


def _linked_elsewhere(layout: DocsLayout, lang: str, rel: str, shown: str) -> list[Finding]:
    """A translated doc that is a link to a file outside its language folder (``ko/delta.md ->
    ../en/delta.md``) is read through, as doc-builder reads it, but it is the English (or another
    language) under the translation's name: not a translation, whatever the other checks say."""
    path = layout.path(lang, rel)
    if not path.is_symlink():
        return []
    target = path.resolve()
    lang_dir = layout.lang_dir(lang).resolve()
    if lang_dir in target.parents:
        return []
    return [Finding(shown, 0, "linked", ERROR,
                    f"this file is a link to {layout.rel_to_repo(path)}, outside {lang}/: it is not a translation; "
                    f"git rm it and translate the doc (hfi18n translate --lang {lang} {rel})")]


def _name_base(f: Finding, record: Followed) -> Finding:
    """A ``drift`` finding names the English version the translation follows (the record status reads)."""
    if f.check != "drift":
        return f
    b = record.base
    followed = f"it follows the English of {b.base_commit[:7]} ({SOURCE_LANG}/{b.en_path_at_base})"
    older = "it follows an older version of the English"
    return replace(f, message=f.message.replace(older, followed) if older in f.message else f"{f.message}; {followed}")


def translated_docs(layout: DocsLayout, lang: str, paths: Iterable[str] = ()) -> list[str]:
    """The ``lang`` docs (relative to the language folder) that ``paths`` name, default every doc of ``lang``.

    A path may name the translation or its English source (then the translation of it is meant); an
    English doc with no translation, or a language with no folder, is an error saying what to do.
    """
    layout.require_langs(lang)  # `check --lang en` checked the English against itself (issue 33)
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
    return layout.docs(lang)


def check_paths(layout: DocsLayout, lang: str, paths: Iterable[str] = (), *,
                glossary: Glossary | None = None, against: str | None = None,
                convention: AnchorConvention | None = None,
                style: StyleRun | None = None) -> tuple[list[Finding], int]:
    """Check the given docs (default: every doc of ``lang``); returns ``(findings, files checked)``.

    ``convention``: the language's heading-anchor convention (default: read from its docs,
    :func:`~.convention.anchor_convention`).

    ``against``: ``followed`` (an outdated translation against the English it follows) or ``today``
    (against today's English), both reading the record status reads (:func:`hfi18n.repo.history.followed`);
    None: against today's English without reading history (the record is not needed). ``style``: the
    team's style checks (:class:`hfi18n.check.style.StyleRun`, one per run; None: not run).
    """
    if against is not None and against not in AGAINST:
        raise InputError(f"unknown --against {against!r}", hint="use followed or today")
    rels = translated_docs(layout, lang, paths)
    records: dict[str, Followed] = {}
    blobs = BlobReader(layout.repo)
    if against is not None:
        with contextlib.suppress(RepoError):  # no history (not a clone, shallow): today's English only
            wanted = set(rels)
            records = followed(layout, lang, wanted)
        if against == "followed":
            blobs.load(b for r in records.values() if r.base.known and r.behind for b in (r.base.base_blob, *r.later))
    outside = [] if paths else layout.outside_docs(lang)  # links leading out of the repository: reported, never followed
    findings = [Finding(layout.rel_to_repo(layout.path(lang, rel)), 0, "outside-repo", ERROR,
                        "this file is a link to a file outside the repository (or to nothing): it is not read; "
                        "replace the link with the translated file itself") for rel in outside]
    anchors = AnchorLinks(layout, lang)
    required = (convention or anchor_convention(layout, lang)).required
    for rel in rels:
        findings.extend(check_file(layout, lang, rel, glossary=glossary, record=records.get(rel),
                                   against=against or "today", blobs=blobs, anchors=anchors,
                                   anchors_required=required, style=style))
    return sort_findings(findings), len(rels) + len(outside)
