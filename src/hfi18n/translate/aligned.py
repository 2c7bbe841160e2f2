"""What the human translations of a checkout say about a glossary: how each term is rendered.

The pairing of every translated doc with its English twin, paragraph by paragraph (also against the
English of the commits that changed the translation), is :func:`aligned_units`: the sure beads of the one
pair model (:func:`hfi18n.pair.model.pair_docs`, which update, review and history pair with too; issue 24),
read by :func:`paired_items`. It lives here, above :mod:`hfi18n.repo`, because it reads the checkout
(files, history, run ledger); it feeds the glossary miner (:mod:`hfi18n.translate.mine`) and the review's
length model (:func:`learned_length`). This module adds :func:`term_usage`, which counts how the human
translations render each term of a glossary, and the file counts of the glossary export.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..doc import Document, parse
from ..errors import HfI18nError, InputError
from ..fileio import read_text
from ..glossary import Glossary, Term, english_in, spellings_in, squash
from ..pair.bitext import LengthModel
from ..pair.model import pair_docs
from ..pair.units import (  # noqa: F401  (the alignment moved to hfi18n.pair; old imports keep working)
    LENGTH_RATIO,
    PROSE_KINDS,
    Item,
    Unit,
    block_item,
    doc_items,
    keep_tokens,
    norm_span,
)
from ..repo.cache import Cache
from ..repo.doclog import History, Version, load_history, repo_dirs
from ..repo.layout import DEFAULT_DOCS_ROOT, DOC_SUFFIXES, SOURCE_LANG, DocsLayout
from ..repo.ledger import blob_id, ledger_for, segment_hash
from ..repo.signoff import machine_hashes, record_path
from ..repo.store import Store

# -------------------------------------------------------------------------------------------------
# the aligned human translations of a checkout


DRIFTED = 0.5
"""Share of a translated doc's headings and prose blocks that its best English version must pair (sure beads)
for the doc to be learnt from. A translation made against an English none of the versions at hand is
close to (diffusers ko api/pipelines/stable_diffusion/stable_diffusion_xl.md: 24 of 68 paired, the
next lowest doc of the three corpora 12 of 21) pairs by chance where it pairs at all: most of its sure
beads there put a paragraph with a translation of another (a heading "Base + refiner model" with
"이미지 결과물을 정제하기"), and the miner counted three of them as "base model" not rendered."""


def aligned_units(repo: Path | str, lang: str, docs_root: str = DEFAULT_DOCS_ROOT, *,
                  history: bool = True) -> Iterator[Unit]:
    """Every aligned pair of every translated doc of ``repo`` that has an English twin (see
    :func:`_aligned_units`). Without ``history`` they are a function of the docs' bytes and the ledger, and
    kept in the persistent cache under them (:func:`_units_key`): a review reads them twice (the length
    model and how the other docs render glossary terms), parsing and pairing every doc of the language."""
    if history:
        return _aligned_units(repo, lang, docs_root, history=True)
    layout = DocsLayout.open(repo, docs_root)
    key = _units_key(layout, lang)
    with _cache_of(layout if key is not None else None) as cache:
        if key is not None:
            kept = cache.get("units", key, lambda d: [Unit(*u) for u in d])
            if kept is not None:
                return iter(kept)
        units = list(_aligned_units(repo, lang, docs_root, history=False))
        if key is not None:
            cache.put("units", key, [(u.en, u.tr, u.file, u.line) for u in units])
    return iter(units)


def _cache_of(layout: DocsLayout | None) -> Cache:
    try:
        return Cache.of(repo_dirs(layout)[1] if layout is not None else None)
    except HfI18nError:
        return Cache(None)


def _aligned_units(repo: Path | str, lang: str, docs_root: str = DEFAULT_DOCS_ROOT, *,
                   history: bool = True) -> Iterator[Unit]:
    """Every aligned pair of every translated doc of ``repo`` that has an English twin.

    With ``history`` (and ``repo`` a git checkout), each translated doc is also tried against the
    English doc as it was at the commits that changed the translation (a translation is made against
    the English of its time; the English may have moved on, or been renamed or deleted since), and the
    English version giving the most aligned pairs is used.

    A doc none of whose English versions pairs :data:`DRIFTED` of its translated headings and prose is
    left out.

    Only human text is learnt from: a segment a run of this machine wrote and no human changed since
    (:meth:`hfi18n.repo.ledger.Ledger.machine_texts`) or the review record says the machine wrote
    (:func:`hfi18n.repo.signoff.machine_hashes`: a fresh clone has it) is left out, so a machine draft never teaches the
    glossary its own choices back.
    """
    layout = DocsLayout.open(repo, docs_root)
    ledger = ledger_for(layout)
    versions = _EnglishHistory(layout, lang) if history else None
    try:
        for rel in layout.docs(lang):
            try:
                tr_text = read_text(layout.path(lang, rel))
            except InputError:
                continue  # unreadable doc: nothing to learn from it
            machine = machine_hashes(layout, lang, rel, ledger)  # this machine's runs and the repository's record
            en_texts: list[str] = []
            twin = layout.twin(rel, SOURCE_LANG)
            if twin is not None:
                with contextlib.suppress(InputError):  # unreadable: try the history only
                    en_texts.append(read_text(layout.path(SOURCE_LANG, twin)))
            if versions is not None:
                en_texts.extend(t for t in versions.english_versions(rel) if t not in en_texts)
            yield from _doc_units(rel, tr_text, tuple(en_texts), frozenset(machine), lang)
    finally:
        if versions is not None:
            versions.close()


@functools.lru_cache(maxsize=256)
def _doc_units(rel: str, tr_text: str, en_texts: tuple[str, ...], machine: frozenset[str],
               lang: str) -> tuple[Unit, ...]:
    """The aligned units of one translated doc (:func:`_aligned_units`): a function of its text, the English
    versions tried, and the machine's segments, so kept in-process by them. A checkout's key
    (:func:`_units_key`) changes with any one doc, and every ``translate --update`` of a long-running
    process (the web app, the MCP server, the property harness) parsed and paired every doc again for the
    length model: 27% of a harness step's time (s36, 2026-11-28, cProfile of bench_properties)."""
    tr_doc = parse(tr_text)
    tr_items = doc_items(tr_doc)
    if not tr_items:
        return ()
    machine_lines = {seg.line for seg in tr_doc.segments() if segment_hash(seg.text) in machine}
    best: list[tuple[tuple[Item, ...], tuple[Item, ...]]] = []
    covered = 0
    model = LengthModel.default(lang)
    for en_text in en_texts:
        pairs = paired_items(parse(en_text), tr_doc, lang, model)
        if (n := sum(len(ts) for _es, ts in pairs)) > covered:
            best, covered = pairs, n
        if covered >= 0.9 * len(tr_items):
            break
    if covered < DRIFTED * len(tr_items):
        return ()
    return tuple(Unit("\n".join(e.text for e in es), "\n".join(t.text for t in ts), rel, ts[0].line)
                 for es, ts in best if not any(t.line in machine_lines for t in ts))


def paired_items(en: Document, tr: Document, lang: str,
                 model: LengthModel | None = None) -> list[tuple[tuple[Item, ...], tuple[Item, ...]]]:
    """The (English, translated) headings and prose of the sure beads of :func:`hfi18n.pair.model.pair_docs`
    that have both sides: what a translator wrote for what, as update and review pair it (issue 24: one
    pair model). A 2-1 or 1-2 bead (two English paragraphs merged in one translated, or one split in two)
    is one pair of the joined texts: the loose heading-then-prose pairing it replaced (``align_items``)
    paired a merged paragraph with the first English one alone, so the words of the second were in no
    unit (``tests/test_glossary_mine.py``), and a merged bead is as good a length sample as a 1-1.

    ``model``: the length model the beads are drawn with. The checkout's learned one
    (:func:`learned_length`) is learned from these very pairs, so they are drawn with
    :meth:`LengthModel.default` (the ratio by language, about what the corpora give: diffusers ko learns
    c=0.52 against the default 0.55)."""
    beads = pair_docs(en, tr, lang, model or LengthModel.default(lang))
    out: list[tuple[tuple[Item, ...], tuple[Item, ...]]] = []
    for bead in beads:
        if not bead.sure or not bead.en or not bead.tr:
            continue
        es = tuple(it for x in bead.en if (it := block_item(x)) is not None)
        ts = tuple(it for x in bead.tr if (it := block_item(x)) is not None)
        if es and ts and all(it.heading == es[0].heading for it in (*es, *ts)):
            out.append((es, ts))
    return out


def align_docs(en_text: str, tr_text: str, lang: str = "ko") -> list[tuple[str, str, int]]:
    """Aligned ``(english, translation, translated_line)`` text pairs of two versions of a doc
    (:func:`paired_items`; a merged or split bead's texts joined by a newline)."""
    return [("\n".join(e.text for e in es), "\n".join(t.text for t in ts), ts[0].line)
            for es, ts in paired_items(parse(en_text), parse(tr_text), lang)]


class _EnglishHistory:
    """English versions of a doc at the commits that changed its translation, read through the run's one
    reader of the history (:func:`~hfi18n.repo.doclog.load_history`: one ``git log``, kept in the persistent
    cache by HEAD) and of blobs (:class:`~hfi18n.repo.store.Store`). It ran a ``git log`` and a
    ``git cat-file`` of its own (issue 32: one place reads English versions from history). Does nothing
    when ``git`` or the repository is unavailable."""

    MAX_COMMITS = 8

    def __init__(self, layout: DocsLayout, lang: str) -> None:
        self._store: Store | None = None
        self._history: History | None = None
        self._commits: dict[str, list[int]] = {}
        try:
            store = self._store = Store.of(layout)
            self._history = load_history(layout, store.cache)
        except HfI18nError:
            return
        touched: dict[str, set[int]] = {}
        for lin in self._history.lineages:
            if lin.lang != lang:
                continue
            prev: Version | None = None
            for v in lin.versions:  # a rename touches the old path too
                for path in {v.path, prev.path if prev is not None else v.path}:
                    touched.setdefault(path.rsplit(".", 1)[0], set()).add(v.commit)
                prev = v
        self._commits = {stem: sorted(commits, reverse=True) for stem, commits in touched.items()}

    def _english_blob(self, stem: str, commit: int) -> str | None:
        """Blob of the English doc at ``stem`` (``.md``/``.mdx``) right after ``commit``."""
        assert self._history is not None
        lin = self._history.at_path(SOURCE_LANG, stem + DOC_SUFFIXES[0], commit)
        if lin is None:
            return None
        blob = None
        for v in lin.versions:
            if v.commit > commit:
                break
            blob = v.blob
        return blob

    def english_versions(self, rel: str) -> list[str]:
        """Texts of the English twin of ``rel`` at the commits that changed ``rel``, newest first."""
        stem = rel.rsplit(".", 1)[0]
        commits = self._commits.get(stem, [])
        if len(commits) > self.MAX_COMMITS:
            half = self.MAX_COMMITS // 2
            commits = commits[:half] + commits[-half:]
        if self._store is None or not commits:
            return []
        blobs = [b for b in dict.fromkeys(self._english_blob(stem, c) for c in commits) if b]
        self._store.blobs.load(blobs)
        texts = [self._store.text(b) for b in blobs]
        return [t for t in texts if "\ufffd" not in t]  # bytes that are no UTF-8: nothing to pair

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None


def learned_length(repo: Path | str, lang: str, docs_root: str = DEFAULT_DOCS_ROOT) -> LengthModel:
    """The bitext length model learned from the aligned human translations of ``lang`` in a checkout (was
    ``LengthModel.of_checkout``, which moved here when the pair model went below :mod:`hfi18n.repo`).

    Kept in the persistent cache (:mod:`hfi18n.repo.cache`) under what it is learned from: the bytes of
    every translated doc of ``lang`` and of its English twin, and the run ledger (machine text is left
    out). Learning parses and pairs every one of them: 1.7 s on diffusers, 3 s on a 550-page repository,
    on every review and every ``translate --update``."""
    layout = DocsLayout.open(repo, docs_root)
    key = _units_key(layout, lang)
    with _cache_of(layout if key is not None else None) as cache:
        if key is not None:
            kept = cache.get("length", key, LengthModel.from_plain)
            if kept is not None:
                return kept
        model = LengthModel.learn(((u.en, u.tr) for u in aligned_units(repo, lang, docs_root, history=False)), lang)
        if key is not None:
            cache.put("length", key, model.to_plain())
    return model


def _units_key(layout: DocsLayout, lang: str) -> str | None:
    """What the aligned units of a checkout (and :func:`learned_length`) are made from, as a key: every
    translated doc's bytes, its review record's (it says which segments the machine wrote) and its English
    twin's, and the ledger (None when a doc cannot be read)."""
    h = hashlib.sha256(f"{lang}\0{ledger_for(layout).digest()}\0".encode())
    try:
        for rel in layout.docs(lang):
            twin = layout.twin(rel, SOURCE_LANG)
            h.update(f"{rel}\0{blob_id(layout.path(lang, rel).read_bytes())}\0{twin}\0".encode())
            if twin is not None:
                h.update(blob_id(layout.path(SOURCE_LANG, twin).read_bytes()).encode())
            record = record_path(layout, lang, rel)
            h.update(f"\0{blob_id(record.read_bytes()) if record.exists() else '-'}\0".encode())
    except OSError:
        return None
    return h.hexdigest()


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
