"""Translation status of every English doc in every language, from one pass over the doc history.

For each English doc and each language there is one state:

``up-to-date``
    translated, and every English commit since the translation's base also touched the translation
    (a sweep applied to both) or there is none;
``outdated``
    translated, and the English changed since the base in a commit the translation did not see; or its
    base is unknown (flag ``base-unknown``): history cannot pair it with its English and no English
    version matches it by content (``problem`` names the best candidate), never up to date;
``missing``
    no translation and nobody announced one;
``in-progress``
    no translation yet (or an outdated one) but a toctree placeholder (Korean ``local: in_translation``
    titled ``(번역중) ...``) or an open upstream PR titled ``[i18n-XX] Translated <file> ...`` announces it;
``orphaned``
    a translated file whose English source no longer exists (reported under the translated path);
``unknown``
    the state cannot be worked out, and ``problem`` says why: the English doc (or the translation) cannot
    be read (not UTF-8, too large), or the clone's history is shallow or partial so no base can be
    trusted. Never counted as up to date, never picked by ``translate --next``.

A translation hfi18n wrote as a marked machine draft (check errors or segments left in English) is
``in-progress`` with the flag ``draft``, never ``up-to-date``; so is one that still holds segments the run
that wrote it left in English (flag ``english-left``, from the run ledger), even after the mark was deleted.

Flags: ``not-in-toctree`` (translated file absent from the language's ``_toctree.yml``),
``toctree-missing-file`` (a toctree entry of the language points to this doc but the file does not
exist), ``incomplete`` (outdated: the translation does not hold every unit of the English it follows, an
emptied, cut or half-deleted file; ``problem`` says which), ``linked`` (the translated file is a link out of the language's folder, to the English: it counts
as missing), ``moved`` (the English source was renamed and the translation still sits at the old path: it is
reported under the new English path), ``uncommitted`` (the translation exists only in the work tree:
its base is found by content), ``english-uncommitted`` (the English doc is not committed yet, so
there is nothing to compare with).

The base of each translation and the drift since it come from :mod:`hfi18n.repo.history`. Section
changes compare the base English and today's English parsed with the doc model (two parses per outdated
doc), by heading anchor.

The "translate next" list ranks missing and outdated docs of a language by usefulness. Readers start
at the top of the English toctree, so position dominates: ``1 / (1 + position / 10)`` (the first page
counts 1, the 10th a half, the 100th a tenth). The size of the job (English lines to translate, or lines
changed for an outdated doc) scales that by 0.75 to 1 (``0.75 + 0.25 / (1 + lines / 200)``), so among
neighbours the quick wins come first. Docs absent from the English toctree come last.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from pathlib import Path

from ..doc import BlockKind, Document, parse
from ..doc.draft import is_draft_file, is_pseudo_file
from ..doc.parse import cyclic_gc_paused
from ..errors import InputError
from ..fileio import read_text
from .cache import Cache
from .history import (
    BaseInfo,
    Bases,
    Fingerprints,
    History,
    Lineage,
    Pair,
    follow,
    load_history,
    pair_chunks,
    pair_translations,
)
from .i18ntag import same_lang
from .layout import SOURCE_LANG, DocsLayout
from .ledger import Ledger, ledger_for, segment_hash, text_blob
from .said import Said
from .shallow import DEEPEN_HINT, clone_note, history_gap
from .signoff import StateCache, review_settings
from .status_pulls import PullInfo, docs_of_pull
from .store import Store, props_key
from .toctree import (
    ANY_PLACEHOLDER_PREFIXES,
    PLACEHOLDER_LOCAL,
    TocEntry,
    local_of,
    toctree_entries,
    toctree_path,
)

STATES = ("up-to-date", "outdated", "in-progress", "missing", "orphaned", "unknown")
"""Every state, in report order."""

DRAFT_NOTE = "machine draft"
"""``in_progress`` entry of a translation that starts with the draft mark (:mod:`hfi18n.doc.draft`)."""

ENGLISH_LEFT_NOTE = "text left in English"
"""``in_progress`` entry of a translation that still holds segments a run left in English (the run ledger,
:mod:`hfi18n.repo.ledger`), even with the draft mark removed: a page with English leftovers is never
up to date."""

POSITION_SCALE = 10.0
"""Toctree position at which a page counts half as much as the first one (readers start at the top)."""

RANK_LIMIT = 20
"""How many docs of the ranked list the human formats show per language."""


BASE_UNKNOWN = "base-unknown"
"""Flag of an outdated translation whose base cannot be found (:attr:`hfi18n.repo.history.BaseInfo.known`)."""
INCOMPLETE = "incomplete"
"""Flag of a translation that does not hold every unit of the English it follows (an emptied, cut or
half-deleted file: :attr:`hfi18n.repo.history.Followed.unheld`): outdated, never up to date."""


def base_unknown_note(base: BaseInfo) -> str:
    """Why a translation's base is unknown, its best candidate and what to do, as every interface says it."""
    return Said.of("problem_base_unknown", unknown=base.unknown, file=f"{SOURCE_LANG}/{base.en_path_at_base}",
                   commit=(base.base_commit or "")[:7], similarity=base.similarity)


@dataclass(slots=True)
class DocStatus:
    """The state of one English doc in one language (or of an orphaned translation)."""

    lang: str
    path: str
    """English path relative to the language folder (the translated path for orphaned docs)."""
    state: str
    translated_path: str | None = None
    """The translated file relative to its language folder, when there is one."""
    base_commit: str | None = None
    base_method: str | None = None
    """``history``, ``content`` or ``record``: how the base was found (see :mod:`hfi18n.repo.history`);
    ``unknown`` when no base can be trusted (flag ``base-unknown``, ``problem`` says why)."""
    base_candidate: str | None = None
    """With an unknown base: the English revision that matches the translation best (not its base)."""
    matched_revision: str | None = None
    """English revision whose protected content best matches the translation today."""
    en_path_at_base: str | None = None
    commits_behind: int = 0
    lines_added: int = 0
    lines_removed: int = 0
    sections_added: list[str] = field(default_factory=list)
    sections_removed: list[str] = field(default_factory=list)
    sections_changed: list[str] = field(default_factory=list)
    section_titles: dict[str, str] = field(default_factory=dict)
    """Anchor -> English heading title of each section above (``installation`` -> ``Installation``): the
    web dashboard listed changed sections as bare slugs, which a translator cannot find in the page."""
    last_english_commit: str | None = None
    """Newest English commit the translation has not seen."""
    en_lines: int = 0
    """Size of the English doc today, in lines."""
    toctree_position: int | None = None
    """Position of the doc in the English toctree (0 = first), None when not listed."""
    flags: list[str] = field(default_factory=list)
    in_progress: list[str] = field(default_factory=list)
    """What announces a translation: ``toctree placeholder`` or a PR URL."""
    score: float = 0.0
    """Usefulness of translating it next (missing and outdated docs only)."""
    problem: str | None = None
    """Why the state is ``unknown`` (an unreadable file, a shallow history) or why the base of an outdated
    translation is unknown (flag ``base-unknown``), else None."""
    claimed_by: str | None = None
    """Who is on it: the open PR's author, else who committed the toctree placeholder
    (:mod:`hfi18n.repo.team`; None until :func:`~hfi18n.repo.team.fill_team` ran)."""
    claimed_since: str | None = None
    """Day (``YYYY-MM-DD``) the PR was opened or the placeholder committed."""
    translated_by: str | None = None
    """Author of the newest commit that changed the translation alone (no other language)."""
    translated_at: str | None = None
    """Day of that commit."""
    review: dict[str, object] | None = None
    """The review state of the translation (:mod:`hfi18n.repo.signoff`, from the review record in the
    repository): ``state`` (``machine``, ``reviewed``, ``human``), ``pending`` (machine segments waiting
    for review), ``machine``, ``segments``, ``notice``, ``reviewed`` (``by``, ``at``, ``english_commit``) or,
    on a page an update made partly machine again, ``last_review``; None without a translation."""

    def to_json(self) -> dict[str, object]:
        return {name: (list(v) if isinstance(v := getattr(self, name), list) else v) for name in _DOC_FIELDS}


_DOC_FIELDS = tuple(f.name for f in fields(DocStatus))


@dataclass(slots=True)
class LangSummary:
    lang: str
    english_docs: int
    counts: dict[str, int]

    @property
    def translated(self) -> int:
        return self.counts.get("up-to-date", 0) + self.counts.get("outdated", 0)

    @property
    def coverage(self) -> float:
        """Share of English docs with a translation (up to date or not), in percent."""
        return 100.0 * self.translated / self.english_docs if self.english_docs else 0.0

    @property
    def up_to_date_pct(self) -> float:
        return 100.0 * self.counts.get("up-to-date", 0) / self.english_docs if self.english_docs else 0.0

    def line(self) -> str:
        parts = ", ".join(f"{self.counts.get(s, 0)} {s}" for s in STATES)
        return (f"{self.lang}: {self.translated}/{self.english_docs} translated ({self.coverage:.1f}% coverage, "
                f"{self.up_to_date_pct:.1f}% up to date): {parts}")

    def to_json(self) -> dict[str, object]:
        return {"lang": self.lang, "english_docs": self.english_docs, "counts": dict(self.counts),
                "translated": self.translated, "coverage": round(self.coverage, 2),
                "up_to_date_pct": round(self.up_to_date_pct, 2)}


@dataclass(slots=True)
class StatusReport:
    repo: str
    head: str
    languages: list[str]
    docs: list[DocStatus]
    summaries: dict[str, LangSummary]
    pr_note: str
    """How PR detection went: ``N open PRs of owner/name`` or why it was skipped."""
    history_note: str | None = None
    """Why the history cannot be trusted (a shallow clone: every translation is ``unknown``) or a note on
    a partial clone; None for a full clone (see :mod:`hfi18n.repo.shallow`)."""
    skipped_langs: dict[str, str] = field(default_factory=dict)
    """Folders of the docs root not reported, with why (``1ko``: not a language code): the other languages
    are reported all the same."""

    @property
    def repo_label(self) -> str:
        return Path(self.repo).name

    def for_lang(self, lang: str) -> list[DocStatus]:
        return [d for d in self.docs if d.lang == lang]

    def ranked(self, lang: str, limit: int | None = None) -> list[DocStatus]:
        """Missing and outdated docs of ``lang``, most useful first."""
        todo = [d for d in self.docs if d.lang == lang and d.state in ("missing", "outdated")]
        todo.sort(key=lambda d: (d.toctree_position is None, -d.score, d.path))
        return todo[:limit] if limit else todo


# ----------------------------------------------------------------------------------- sections


def sections(text: str | Document, titles: dict[str, str] | None = None) -> dict[str, str]:
    """Heading anchor -> text of its section (the heading's block to the next heading), from the doc model;
    ``titles`` (when given) gets each anchor's heading title."""
    out: dict[str, str] = {}
    current: str | None = None
    body: list[str] = []
    for block in (parse(text) if isinstance(text, str) else text).blocks:
        if block.kind is BlockKind.HEADING:
            if current is not None:
                out.setdefault(current, "".join(body))
            current, body = str(block.meta["anchor"]), []
            if titles is not None:
                titles.setdefault(current, str(block.meta.get("title") or current))
        body.append(block.text)
    if current is not None:
        out.setdefault(current, "".join(body))
    return out


def line_stats(old: str, new: str) -> tuple[int, int]:
    """Lines added and removed from ``old`` to ``new``."""
    a, b = old.splitlines(), new.splitlines()
    start = 0  # the common head and tail need no matching (most edits are local)
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start and a[-1 - end] == b[-1 - end]:
        end += 1
    a, b = a[start:len(a) - end], b[start:len(b) - end]
    added = removed = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            removed += i2 - i1
        if tag in ("replace", "insert"):
            added += j2 - j1
    return added, removed


def _fill_drift(st: DocStatus, history: History, fps: Fingerprints, base: BaseInfo,
                lineage: Lineage | None, twin: Lineage, en_now: str, translation: str | None) -> None:
    rec = follow(history, base, lineage, twin, fps, translation, st.lang)  # the one record check reads too
    st.state = rec.state
    if rec.unheld:  # an emptied, cut or half-deleted translation: never up to date
        st.flags.append(INCOMPLETE)
        st.problem = rec.incomplete
    st.matched_revision, st.base_method = base.matched_revision, base.method
    if not base.known:  # outdated, base unknown: the candidate is named, never taken as the base
        st.base_candidate = base.base_commit
        st.flags.append(BASE_UNKNOWN)
        st.problem = base_unknown_note(base)
        return
    st.base_commit, st.en_path_at_base = base.base_commit, base.en_path_at_base
    behind = rec.behind
    st.commits_behind = len(behind)
    if behind:
        st.last_english_commit = behind[-1].sha
        # what changed since the English the translation follows (the base with its carried changes: a
        # function of history up to HEAD), to today's: a function of the two texts, kept by their blob ids
        store = fps.store
        old = rec.english if rec.english is not None else store.text(base.base_blob)
        key = f"{text_blob(old)}:{text_blob(en_now)}:{props_key()}"
        kept = store.cache.get("drift", key, _read_drift)
        if kept is None:
            kept = _drift_of(store, old, en_now)
            store.cache.put("drift", key, kept)
        (st.lines_added, st.lines_removed, st.sections_added, st.sections_removed, st.sections_changed,
         st.section_titles) = kept


def _drift_of(store: Store, old: str, en_now: str) -> tuple:
    """Lines added and removed from the English ``old`` (the one the translation follows) to ``en_now``, and
    the sections added, removed and changed (by anchor) with their titles."""
    added, removed = line_stats(old, en_now)
    titles: dict[str, str] = {}
    s_new = sections(store.text_doc(en_now), titles)  # today's titles first
    s_old = sections(store.text_doc(old), titles)
    new = [a for a in s_new if a not in s_old]
    gone = [a for a in s_old if a not in s_new]
    changed = [a for a in s_new if a in s_old and s_new[a] != s_old[a]]
    return added, removed, new, gone, changed, {a: titles[a] for a in (*new, *gone, *changed)}


def _read_drift(data: object) -> tuple:
    added, removed, new, gone, changed, titles = data  # type: ignore[misc]
    return (int(added), int(removed), list(new), list(gone), list(changed), dict(titles))


# ---------------------------------------------------------------------------------- the pass


def _toc_entries(layout: DocsLayout, lang: str, cache: Cache | None = None) -> list[TocEntry]:
    path = toctree_path(layout, lang)
    return toctree_entries(path, cache) if path.is_file() else []


def _linked_out(layout: DocsLayout, lang: str, rel: str) -> bool:
    """Is the translated doc a link to a file outside its language folder? ``ko/delta.md ->
    ../en/delta.md`` was reported up to date: it is the English itself (``check``: a ``linked`` error;
    ``translate`` refuses to write through it and says to ``git rm`` it)."""
    path = layout.path(lang, rel)
    if not path.is_symlink():
        return False
    try:
        return layout.lang_dir(lang).resolve() not in path.resolve().parents
    except (OSError, RuntimeError):
        return True


SHALLOW_ROW = "shallow clone"
"""The problem of a translation row on a shallow clone; the report's ``history_note`` says why, once."""

TOCTREE_ROW = "_toctree.yml"
"""The row that reports a language's unreadable toctree (state ``unknown``, the reason in ``problem``): the
language's docs are reported all the same, and every other language too. An invalid ``zh/_toctree.yml``
stopped status and the dashboard for every language (issue 33)."""


def compute_status(layout: DocsLayout, langs: list[str] | None = None, *,
                   pulls: list[PullInfo] | None = None, pr_note: str = "PR detection not requested",
                   write_cache: bool = True) -> StatusReport:
    """Status of every English doc in each of ``langs`` (default: every language folder).

    Reads history once, the blobs it needs a few docs at a time, and the files of the work tree; what it
    works out from git ids is kept in the persistent cache (:mod:`.cache`; ``write_cache`` False: the
    cache is neither read nor written).

    Python's cyclic collector is paused for the pass (:func:`hfi18n.doc.parse.cyclic_gc_paused`): the pass
    holds the whole history and hundreds of parsed docs and fingerprints, makes no reference cycle worth
    collecting, and the collector rescanned that heap after every parse (a cold ``status`` of the
    20,000-commit repo: 3.6 of its 21 CPU seconds, the same peak memory without it).
    """
    with cyclic_gc_paused():  # back on once the pass's store and docs are gone (_status_pass returned)
        return _status_pass(layout, langs, pulls, pr_note, write_cache)


def _status_pass(layout: DocsLayout, langs: list[str] | None, pulls: list[PullInfo] | None, pr_note: str,
                 write_cache: bool) -> StatusReport:
    with Store(layout.repo, Cache(None)) if not write_cache else Store.of(layout) as store:
        return _compute_status(layout, store, langs, pulls, pr_note)


def _prefetched(bases: Bases, pairs: list[Pair]) -> Iterator[Pair]:
    """``pairs``, with the blobs of the next few read ahead in one git call (:func:`.history.find_bases`)."""
    for chunk in pair_chunks(pairs):
        bases.prefetch([p for p in chunk if p.twin is not None])
        yield from chunk


def _compute_status(layout: DocsLayout, store: Store, langs: list[str] | None, pulls: list[PullInfo] | None,
                    pr_note: str) -> StatusReport:
    langs = layout.languages() if langs is None else langs
    history = load_history(layout, store.cache, langs)  # lines counted for these languages only (no cache)
    gap = history_gap(layout)  # a shallow clone: no base can be trusted, so none is claimed
    en_docs = layout.docs(SOURCE_LANG)
    en_entries = [e for e in _toc_entries(layout, SOURCE_LANG, store.cache) if not e.in_translation]
    en_toc = {local_of(e.local): e.position for e in en_entries}
    en_titles: dict[str, list[str]] = {}
    for e in en_entries:
        en_titles.setdefault(e.title.strip(), []).append(e.local)
    en_text: dict[str, str] = {}
    unreadable: dict[str, str] = {}  # one unreadable English doc is one row saying why, not a failed status
    for rel in en_docs:
        try:
            en_text[rel] = read_text(layout.path(SOURCE_LANG, rel))
        except InputError as exc:
            en_text[rel], unreadable[rel] = "", f"the English {SOURCE_LANG}/{rel} cannot be read: {exc.message}"
    pairs = {lang: pair_translations(layout, history, lang) for lang in langs}
    ledger = ledger_for(layout)
    reviewers = review_settings(layout).reviewers  # a sign-off by anyone else is flagged
    review_cache = StateCache(layout, store.cache)

    docs: list[DocStatus] = []
    for lang in langs:
        bases = Bases(layout, history, store, lang, ledger)
        rows: dict[str, DocStatus] = {}
        for p in _prefetched(bases, pairs[lang]):
            if p.en_rel is None:
                rows[p.rel] = DocStatus(lang, p.rel, "orphaned", translated_path=p.rel, flags=list(p.flags))
                continue
            st = rows[p.en_rel] = DocStatus(lang, p.en_rel, "up-to-date", translated_path=p.rel, flags=list(p.flags))
            if _linked_out(layout, lang, p.rel):  # the English (or another language) under the translation's name
                st.state = "missing"
                st.flags.append("linked")
                continue
            if p.en_rel in unreadable:
                st.state, st.problem = "unknown", unreadable[p.en_rel]
                continue
            if p.twin is None:
                st.flags.append("english-uncommitted")  # nothing to compare against yet
                continue
            if gap is not None:
                # the reason in full is the report's history_note, said once: on every row, the same
                # 230 characters buried the table of a shallow clone (issue 33)
                st.state, st.problem = "unknown", SHALLOW_ROW
                continue
            if p.lineage is None:
                st.flags.append("uncommitted")
            try:
                base = bases.base(p)
            except InputError as exc:  # an uncommitted translation that cannot be read
                st.state, st.problem = "unknown", f"the translation {lang}/{p.rel} cannot be read: {exc.message}"
                continue
            if base is not None:
                try:
                    translation: str | None = read_text(layout.path(lang, p.rel))
                except InputError:
                    translation = None
                _fill_drift(st, history, bases.fps, base, p.lineage, p.twin, en_text[p.en_rel], translation)
                bases.fps.forget()  # the next translation's versions are other blobs
        for rel in en_docs:
            rows.setdefault(rel, DocStatus(lang, rel, "unknown", problem=unreadable[rel]) if rel in unreadable
                            else DocStatus(lang, rel, "missing"))
        toc_problem = None
        try:
            _apply_toctree(layout, lang, rows, en_titles, store.cache)
        except InputError as exc:  # one language's broken toctree is that language's problem (issue 33)
            toc_problem = (f"{lang}/_toctree.yml cannot be read" + (f" (line {exc.line})" if exc.line else "")
                           + f": {exc.message}; its docs are reported without the toctree")
        for info in pulls or ():
            if same_lang(info.lang, lang):
                for rel in docs_of_pull(info, en_docs):
                    if rel in rows and rows[rel].state in ("missing", "outdated"):
                        rows[rel].in_progress.append(info.url)
        for st in rows.values():
            if st.translated_path is not None and is_draft_file(layout.path(lang, st.translated_path)):
                st.flags.append("draft")  # a machine draft hfi18n marked as unfinished: never up to date
                if is_pseudo_file(layout.path(lang, st.translated_path)):
                    st.flags.append("pseudo")  # test output of the pseudo provider, not a translation
                if st.state in ("up-to-date", "outdated"):
                    st.in_progress.append(DRAFT_NOTE)
            elif st.translated_path is not None and st.state in ("up-to-date", "outdated") and \
                    english_left(layout, ledger, lang, st.translated_path):
                st.flags.append("english-left")
                st.in_progress.append(ENGLISH_LEFT_NOTE)
            if st.translated_path is not None and "linked" not in st.flags:
                st.review = review_cache.state(lang, st.translated_path, reviewers)
            if st.state != "orphaned":
                st.en_lines = en_text[st.path].count("\n")
                st.toctree_position = en_toc.get(local_of(st.path))
            if (st.in_progress and st.state in ("missing", "outdated") or DRAFT_NOTE in st.in_progress
                    or ENGLISH_LEFT_NOTE in st.in_progress):
                st.state = "in-progress"
            if st.state in ("missing", "outdated"):
                st.score = _usefulness(st)
        if toc_problem is not None:
            rows[TOCTREE_ROW] = DocStatus(lang, TOCTREE_ROW, "unknown", problem=toc_problem)
        docs.extend(sorted(rows.values(), key=lambda d: (STATES.index(d.state), d.path)))
        if gap is None:
            bases.save()
    summaries = {}
    for lang in langs:
        counts = dict.fromkeys(STATES, 0)
        for d in docs:
            if d.lang == lang:
                counts[d.state] += 1
        summaries[lang] = LangSummary(lang, len(en_docs), counts)
    note = f"{gap}: every translation is reported as unknown; {DEEPEN_HINT}" if gap else clone_note(layout)
    return StatusReport(str(layout.repo), history.head, list(langs), docs, summaries, pr_note, note)


def english_left(layout: DocsLayout, ledger: Ledger, lang: str, rel: str) -> bool:
    """Does ``lang/rel`` still hold English text the last run that wrote it left untranslated?"""
    records = ledger.records(lang, rel)
    if not records or not records[-1].unfinished:
        return False
    try:
        doc = parse(read_text(layout.path(lang, rel)))
    except InputError:
        return False
    return any(segment_hash(seg.text) in records[-1].unfinished for seg in doc.segments())


def _placeholder_by_title(title: str, en_titles: dict[str, list[str]]) -> str | None:
    """English local of a placeholder titled ``(번역중) <English title>`` when the title is unique."""
    for prefix in ANY_PLACEHOLDER_PREFIXES:
        if title.startswith(prefix):
            found = en_titles.get(title[len(prefix):].strip(), [])
            return found[0] if len(found) == 1 else None
    return None


def _apply_toctree(layout: DocsLayout, lang: str, rows: dict[str, DocStatus],
                   en_titles: dict[str, list[str]], cache: Cache | None = None) -> None:
    """Flag translations the toctree does not list and entries without a file; placeholders announce."""
    entries = _toc_entries(layout, lang, cache)
    listed = {local_of(e.local) for e in entries if not e.in_translation}
    for st in rows.values():
        if st.translated_path is not None and local_of(st.translated_path) not in listed:
            st.flags.append("not-in-toctree")
    by_local = {local_of(rel): rel for rel in rows}
    for e in entries:
        if e.in_translation:
            hint = e.placeholder_for if e.placeholder_for not in (None, PLACEHOLDER_LOCAL) else \
                _placeholder_by_title(e.title, en_titles)
            target = by_local.get(local_of(hint)) if hint else None
            if target is not None and rows[target].state in ("missing", "outdated"):
                rows[target].in_progress.append("toctree placeholder")
            continue
        rel = by_local.get(local_of(e.local))
        if rel is not None and layout.twin(local_of(e.local) + ".md", lang) is None:
            rows[rel].flags.append("toctree-missing-file")


def _usefulness(st: DocStatus) -> float:
    pos = 1.0 / (1.0 + st.toctree_position / POSITION_SCALE) if st.toctree_position is not None else 0.0
    work = (st.lines_added + st.lines_removed) if st.state == "outdated" and BASE_UNKNOWN not in st.flags \
        else st.en_lines  # a base unknown is a whole re-translation
    return round(pos * (0.75 + 0.25 / (1.0 + work / 200.0)), 4)
