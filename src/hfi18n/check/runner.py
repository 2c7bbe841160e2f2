"""Run every check on translated docs: pair each ``docs/source/<lang>/X`` with ``docs/source/en/X``."""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..config import load_config
from ..doc import BlockKind, Document
from ..doc.parse import cyclic_gc_paused
from ..doc.protected import fingerprint, similarity
from ..errors import HfI18nError, InputError, RepoError
from ..lang.base import analyses_kept
from ..repo.doclog import blob_id
from ..repo.history import Followed, followed
from ..repo.layout import SOURCE_LANG, DocsLayout
from ..repo.status import base_unknown_note
from ..repo.store import Store, props_key
from .alone import check_alone
from .content import (
    AnchorsOf,
    check_added_links,
    check_code,
    check_fragments,
    check_missing_links,
    check_references,
    check_unsafe_links,
)
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
               only: Collection[str] | None = None, style: StyleRun | None = None) -> list[Finding]:
    """All findings for translated ``tgt`` against English ``src`` (None: the English is gone).

    A translation that shares little with the English gets one ``drift`` error instead of the block by
    block comparison, unless ``summarize_drift`` is False. ``older``: the English version(s) the translation
    follows, when known (a link they have is no added link). ``compare_only``: the block by block comparison
    alone, without the checks of the translation's own text (:func:`own_text_findings`): an outdated
    translation is compared with several English versions, and its own text needs checking once.
    ``links_to(anchor)``: the ``(doc, line)`` of the links to an anchor of this doc, named by a custom
    anchor's warning. ``anchors_of(target)``: the anchors of the translated doc a link leads to, so a link
    to a translator's custom anchor there is no ``links`` error (:func:`~.content.check_links`). ``anchors_required``:
    the language's heading-anchor convention (:mod:`.convention`).
    ``only``: with ``compare_only``, run only the comparison rules that can report these checks
    (:data:`COMPARISONS`): an outdated translation is compared with every later English version only to
    confirm the findings against its base, so the rules none of them came from have nothing to confirm
    (a diffusers ``check --lang ko`` ran all of them 578 times for 53 docs). ``style``: the team's style
    checks of the run (:mod:`.style`; None: not run).
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
    drifted = False
    if summarize_drift:
        src_fp = src.view("check.fingerprint", fingerprint)
        shared = similarity(src_fp, tgt.view("check.fingerprint", fingerprint))
        drifted = shared < DRIFT_THRESHOLD and sum(src_fp.values()) >= 5
    if drifted:
        # made from a much older English: one finding says so instead of dozens of block diffs
        findings.append(Finding(file, 0, "drift", ERROR,
                                f"only {shared:.0%} of the English code, references and links are in this file: it "
                                "follows an older version of the English; update it (hfi18n translate --update)"))
        findings.extend(f for f in check_headings(src, tgt, file, anchors_required=anchors_required)
                        if f.check == "anchors")
        findings.extend(check_fragments(tgt, file, src))
    else:
        ctx = _Pair(src, tgt, file, lang, older, anchors_of, anchors_required)
        for checks, rule in COMPARISONS:
            if only is None or not checks.isdisjoint(only):
                findings.extend(rule(ctx))
    if only is None or "anchors" in only:
        findings.extend(_custom_anchor_findings(src, tgt, file, links_to))
    if not compare_only:
        findings.extend(own_text_findings(src, tgt, file=file, lang=lang, glossary=glossary, style=style))
    return sort_findings(findings)


@dataclass(slots=True, frozen=True)
class _Pair:
    """What a comparison rule reads."""

    src: Document
    tgt: Document
    file: str
    lang: str
    older: Sequence[Document]
    anchors_of: AnchorsOf | None
    anchors_required: bool = True


COMPARISONS: tuple[tuple[frozenset[str], Callable[[_Pair], Iterable[Finding]]], ...] = (
    (frozenset({"headings", "anchors"}),
     lambda p: check_headings(p.src, p.tgt, p.file, anchors_required=p.anchors_required)),
    (frozenset({"autodoc"}), lambda p: check_autodoc(p.src, p.tgt, p.file)),
    (frozenset({"tags"}), lambda p: check_tags(p.src, p.tgt, p.file)),
    (frozenset({"html-tags"}), lambda p: check_html_tags(p.src, p.tgt, p.file, p.lang)),
    (frozenset({"tables"}), lambda p: check_tables(p.src, p.tgt, p.file)),
    (frozenset({"code"}), lambda p: check_code(p.src, p.tgt, p.file)),
    # check_links, one rule per check it reports (in its order): a later English version asked about
    # ``link-added`` alone no longer works out the references and missing links too
    (frozenset({"references"}), lambda p: check_references(p.src, p.tgt, p.file)),
    (frozenset({"links"}), lambda p: check_missing_links(p.src, p.tgt, p.file, p.lang, p.anchors_of)),
    (frozenset({"link-added"}), lambda p: check_added_links(p.src, p.tgt, p.file, p.lang, p.older)),
    (frozenset({"fragments"}), lambda p: check_fragments(p.tgt, p.file, p.src)),
)
"""The block by block comparison of a translation with an English version, rule by rule, each with the
checks it reports (``check_pair(..., only=...)`` runs those that can report a check asked about;
tests/test_check_fast.py holds every rule to its list on the corpora). The links rules are those of
:func:`~.content.check_links`, one by one."""


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


def _read_doc(store: Store, path: Path, shown: str, findings: list[Finding]) -> Document | None:
    try:
        return store.file(path, shown)
    except HfI18nError as exc:
        findings.append(unreadable(shown, exc))
        return None


def _done(findings: list[Finding]) -> list[Finding]:
    return sort_findings(without_fence_echoes(findings))


def check_file(layout: DocsLayout, lang: str, rel: str, *, glossary: Glossary | None = None,
               record: Followed | None = None, against: str = "today",
               store: Store | None = None, anchors: AnchorLinks | None = None,
               anchors_required: bool = True, settings: str | None = None,
               style: StyleRun | None = None) -> list[Finding]:
    """Check ``docs/source/<lang>/<rel>`` against its English twin (``anchors_required``: the language's
    heading-anchor convention, :mod:`.convention`).

    ``record``: what the translation follows (:func:`hfi18n.repo.history.followed`). With ``against``
    ``followed`` an outdated translation is compared with the English it follows and gets one ``outdated``
    finding for the drift since (:mod:`hfi18n.check.followed`); a translation whose base is unknown gets one
    ``base-unknown`` error in place of a ``drift`` (in both modes, so check says what status says).
    ``store``: the run's texts and parsed docs (:class:`~hfi18n.repo.store.Store`: each English version read
    and parsed once per run); ``anchors``: the language's links by fragment, read once for a whole run;
    ``style``: the run's style checks (:class:`hfi18n.check.style.StyleRun`; None: not run).

    The findings are kept in the store's cache under everything they are worked out from
    (:func:`_findings_key`), with the other docs of the language they read (the anchors of a doc a link
    leads to, the links to a custom anchor: :class:`~.custom_anchors.AnchorLinks` records them): a ``check``
    of a language where nothing changed reads them back (warm, 53 diffusers docs: 2.3 s of comparisons).
    """
    store = store if store is not None else Store(layout.repo)
    anchors = anchors if anchors is not None else AnchorLinks(layout, lang, store)
    mode = f"{against}/{anchors_required}/style:{style.key() if style is not None else '-'}"
    key = (_findings_key(layout, lang, rel, glossary, record, mode, settings)
           if store.cache.enabled else None)
    if key is not None:
        hit = store.cache.get("findings", key, _read_findings)
        if hit is not None and all(anchors.stamp(kind, name) == stamp for kind, name, stamp in hit[0]):
            return hit[1]
    with anchors.recording() as used:
        findings = _check_file(layout, lang, rel, glossary, record, against, store, anchors, anchors_required, style)
    if key is not None:
        store.cache.put("findings", key, (used, [tuple(getattr(f, n) for n in _FINDING_FIELDS) for f in findings]))
    return findings


_FINDING_FIELDS = tuple(Finding.__dataclass_fields__)


def _read_findings(data: object) -> tuple[list[tuple[str, str, str]], list[Finding]]:
    used, findings = data  # type: ignore[misc]
    return [(str(k), str(n), str(s)) for k, n, s in used], [Finding(*f) for f in findings]


def settings_key(layout: DocsLayout) -> str | None:
    """The repository's settings as part of a key (secrets' sections left out: ``providers``, ``github``):
    a rule that reads a setting (``[doc] prose_props``, a language's style settings) finds other things
    with other settings. None when the settings cannot be read (nothing is kept then)."""
    try:
        data = load_config(layout.repo).data
    except HfI18nError:
        return None
    kept = {k: v for k, v in data.items() if k not in ("providers", "github")}
    return hashlib.sha256(json.dumps(kept, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _findings_key(layout: DocsLayout, lang: str, rel: str, glossary: Glossary | None, record: Followed | None,
                  against: str, settings: str | None = None) -> str | None:
    """Everything the findings of one doc are worked out from but the other docs of its language: the
    doc's bytes, whether it is a link and to where, its English twin's bytes, the record it follows (the
    English versions it names are blob ids; the English it follows by its blob id, its guessed and unheld
    units), the mode (with the language's anchor convention and the style
    checks' settings and analyzer version: :meth:`~.style.StyleRun.key`) and the repository's settings
    (hfi18n's own code is the cache's version). None (nothing kept) with a glossary, or when a file or the settings cannot
    be read (the findings say so, every time). A rule that reads anything else adds it here."""
    settings = settings if settings is not None else settings_key(layout)
    if glossary is not None or settings is None:
        return None
    tgt_path = layout.path(lang, rel)
    en_rel = layout.twin(rel, SOURCE_LANG)
    if en_rel is None and record is not None:
        en_rel = record.base.en_path
    try:
        parts = [rel, lang, against, settings, layout.rel_to_repo(tgt_path), props_key(), blob_id(tgt_path.read_bytes()),
                 str(tgt_path.resolve()) if tgt_path.is_symlink() else "", en_rel or ""]
        if en_rel:
            en_path = layout.path(SOURCE_LANG, en_rel)
            parts += [layout.rel_to_repo(en_path), blob_id(en_path.read_bytes()) if en_path.exists() else "-"]
    except (OSError, RuntimeError):
        return None
    if record is not None:
        b = record.base
        parts += [repr(tuple(getattr(b, f) for f in b.__dataclass_fields__)), record.state,
                  *(f"{c.sha}:{c.time}:{c.subject}" for c in record.behind), "later", *record.later,
                  # the English it follows (base plus carried changes), the translation at its base, the
                  # prose taken as carried on the translation's word (undecidable) and the English units
                  # the translation does not hold (incomplete): issue 31's inputs of the comparison
                  "english", blob_id(record.english.encode("utf-8", "surrogatepass"))
                  if record.english is not None else "-", "translated", record.translated or "-",
                  "guessed", *record.guessed, "unheld", *record.unheld]
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def _check_file(layout: DocsLayout, lang: str, rel: str, glossary: Glossary | None, record: Followed | None,
                against: str, store: Store, anchors: AnchorLinks, anchors_required: bool,
                style: StyleRun | None) -> list[Finding]:
    findings: list[Finding] = []
    tgt_path = layout.path(lang, rel)
    shown = layout.rel_to_repo(tgt_path)
    tgt = _read_doc(store, tgt_path, shown, findings)
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
    src = _read_doc(store, en_path, layout.rel_to_repo(en_path), findings) if en_path else None
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
            store.prefetch((record.base.base_blob, *record.later), texts=False)  # one cache query per doc
            base = store.text_doc(record.english) if record.english is not None else store.doc(record.base.base_blob)
            pair = check_pair(base, tgt, file=shown, lang=lang, summarize_drift=False, compare_only=True,
                              anchors_required=anchors_required,
                              anchors_of=anchors_of)
            today = _blob_of(en_path) if en_path is not None else None
            for blob in [None, *dict.fromkeys(reversed(record.later))]:  # today's first: most findings go there
                if not pair:
                    break
                if blob == record.base.base_blob or (blob is not None and blob == today):
                    continue  # compared already: the findings that survived it are its own again (21 of 484 on diffusers)
                english = src if blob is None else store.doc(blob)
                pair = both_ways(pair, check_pair(english, tgt, file=shown, lang=lang, summarize_drift=False,
                                                  anchors_required=anchors_required,
                                                  compare_only=True, anchors_of=anchors_of,
                                                  only={f.check for f in pair}))
            pair += own_text_findings(base, tgt, file=shown, lang=lang, glossary=glossary, style=style)
            return _done([*findings, *pair, outdated_finding(shown, record, base, src, lang, en_rel)])
    pair = check_pair(src, tgt, file=shown, lang=lang, glossary=glossary, anchors_required=anchors_required,
                      links_to=lambda a: anchors.links(rel, a), anchors_of=anchors_of, style=style)
    if record is not None:
        pair = [_name_base(f, record) for f in pair]
    return _done([*findings, *pair])


def _blob_of(path: Path) -> str | None:
    """Git's blob id of the file at ``path`` (None when it cannot be read): a later English version with it
    is today's English, whose text :func:`_check_file` parsed from the file (UTF-8 both ways: a file that is
    not UTF-8 has no English doc to compare with)."""
    try:
        return blob_id(path.read_bytes())
    except OSError:
        return None


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
    None: against today's English without reading history (the record is not needed). The records, the
    history and the parsed docs come from the persistent cache when it holds them (:mod:`hfi18n.repo.cache`);
    a check of named docs works out the records of those docs only. ``style``: the team's style checks
    (:class:`hfi18n.check.style.StyleRun`, one per run; None: not run).
    """
    if against is not None and against not in AGAINST:
        raise InputError(f"unknown --against {against!r}", hint="use followed or today")
    rels = translated_docs(layout, lang, paths)
    required = (convention or anchor_convention(layout, lang)).required
    # the cyclic collector paused for the run, as for status (:func:`hfi18n.repo.status.compute_status`):
    # every parse paused it and turned it back on, and the collection that followed rescanned all it had made.
    # Back on once the run's docs are gone (:func:`_check_all` returned): not while the store still held them
    with cyclic_gc_paused():
        findings, checked = _check_all(layout, lang, rels, bool(paths), glossary, against, required, style)
    return sort_findings(findings), checked


def _check_all(layout: DocsLayout, lang: str, rels: list[str], named: bool, glossary: Glossary | None,
               against: str | None, required: bool, style: StyleRun | None) -> tuple[list[Finding], int]:
    with Store.of(layout) as store:
        records: dict[str, Followed] = {}
        if against is not None:
            with contextlib.suppress(RepoError):  # no history (not a clone, shallow): today's English only
                records = followed(layout, lang, store=store, rels=set(rels) if named else None)
        outside = [] if named else layout.outside_docs(lang)  # links leading out of the repository: reported, never followed
        findings = [Finding(layout.rel_to_repo(layout.path(lang, rel)), 0, "outside-repo", ERROR,
                            "this file is a link to a file outside the repository (or to nothing): it is not read; "
                            "replace the link with the translated file itself") for rel in outside]
        anchors = AnchorLinks(layout, lang, store)
        settings = settings_key(layout)
        memo = store.cache if store.cache.enabled and style is not None else None
        with analyses_kept(memo, lang):  # an edited doc asks the analyzer about its new text only
            for rel in rels:
                findings.extend(check_file(layout, lang, rel, glossary=glossary, record=records.get(rel),
                                           against=against or "today", store=store, anchors=anchors,
                                           anchors_required=required, settings=settings, style=style))
    return findings, len(rels) + len(outside)
