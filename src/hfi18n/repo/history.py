"""Doc history in one pass, and the English version each translation was based on.

Reading history
---------------
:mod:`hfi18n.repo.doclog` reads the whole doc history with one ``git log`` and replays it into
lineages (each doc file followed through its renames); blob contents come in bulk from one
``git cat-file --batch``. No git command runs per file.

Finding the base of a translation
---------------------------------
For a translated file we look at every commit that changed it and sort those into *translation events*
and *sweeps* (:func:`translation_events`):

* the commit that created the file (not a rename) is an event;
* a commit tagged ``[i18n-KO]`` for the language is an event;
* a commit that changed docs of this language only (no English doc, no other language) is an event when
  its subject says it translates ("Korean translation update", "번역") or when it rewrote at least
  :data:`REWRITE_SHARE` of the file;
* everything else is a sweep or a fix: a commit that touched several languages at once (license year,
  syntax migration, an API renamed across every language, link clean-ups, "fix X in the Korean and German
  translations") or a small edit of the translation alone (typo fix). Sweeps and fixes never move the base.

At each event the candidates are the versions of the English twin (the English file at the translated
file's path at that time, ``.md`` and ``.mdx`` alike, followed through renames) up to that commit. The
translation's *protected content* (code lines, inline code, ``[`Refs`]``, link targets:
:func:`fingerprint_text`) is compared with each candidate's, and the latest candidate within
:data:`CONTENT_MARGIN` of the best match is chosen: usually the English in force at the event
(``method="history"``), an older one when the translator worked from an older English than the one
merged by the time the translation landed (``method="content"``). Without enough protected content to
compare, the English in force at the event is taken. The creation and every rewrite set the base; a
small update (an ``[i18n-KO]`` typo fix) moves it only if it brought the protected content closer to the
newer English (:data:`IMPROVEMENT`), so a fix does not hide what the English changed meanwhile.

When history cannot pair the translation with today's English twin at any event (the translation was
made before that English file existed at that path, or from another English file), every version of
the twin is compared by content (``method="content"``). ``matched_revision`` is always the English
revision whose protected content best matches the translation as it is today.

English commits after the base that also changed the translation (a sweep applied to both) are not
counted as "behind": the translation already has that change. A translation is outdated when at least
one English commit after its base did not touch it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from collections import Counter
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..doc import BlockKind, Document, Segment, parse
from ..doc.draft import is_draft
from ..doc.notice import has_notice, strip_notice
from ..doc.pairing import needs_translation
from ..doc.parse import cyclic_gc_paused
from ..doc.syntax import FENCE_RUN, closes_fence
from ..errors import InputError, RepoError
from ..fileio import read_text
from ..languages import LANGUAGES, language
from ..pair.diff import Opcode, opcodes, same_items
from ..pair.model import pair_docs, unheld
from ..pair.segments import rendering, segment_groups
from .doclog import (
    BlobReader,
    Commit,
    History,
    Lineage,
    Version,
    blob_id,
    load_doc_history,
    load_history,
    parse_log,
    replay,
    repo_dirs,
    repo_info,
    run_git,
)
from .i18ntag import TRANSLATE_WORDS_RE, subject_tag_re
from .layout import SOURCE_LANG, DocsLayout
from .ledger import Ledger, RunRecord, ledger_for, segment_hash, text_blob
from .shallow import DEEPEN_HINT, history_gap
from .signoff import MAX_RECORD_BYTES, ReviewRecord, read_record, record_path
from .store import Store, props_key
from .toctree import PLACEHOLDER_LOCAL

__all__ = [
    "BaseInfo", "BlobReader", "Commit", "Drift", "Event", "Fingerprints", "Followed", "History", "Lineage", "Pair",
    "Version", "base_of", "content_base", "follow", "followed",
    "drift", "english_at", "carries_changes", "find_base", "find_bases", "fingerprint_text", "is_translation_subject",
    "load_history", "moved_to", "pair_translations", "parse_log", "replay", "repo_info", "similarity", "translation_events",
    "Bases",
]

REWRITE_SHARE = 0.1
"""A single-language commit that changes at least this share of a translated file re-translates it."""


# -------------------------------------------------------------------------------- content fingerprint

FENCE_RE = re.compile(r"\s*" + FENCE_RUN)
"""A fence line for the fingerprint scan: any leading whitespace, no blockquote ``>``."""
_INLINE_CODE_RE = re.compile(r"(`+)(.+?)\1")
_LINK_RE = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_ATTR_RE = re.compile(r"\b(?:href|src)\s*=\s*[\"']([^\"']+)[\"']")
_REF_RE = re.compile(r"\[`([^`\]]+)`\]")


def fingerprint_text(text: str, memo: dict[object, object] | None = None) -> Counter[str]:
    """Protected content of a doc: code lines, inline code, ``[`Refs`]`` and link targets.

    A line scan rather than :func:`hfi18n.doc.protected_fingerprint`: status fingerprints every
    historical version of every translated doc and its English twin (about 1,250 blobs for diffusers),
    and a full parse costs ~10 ms each. Code counts line by line, so an English code block with one line
    changed still mostly matches its translation. Comment lines in code are left out: translators
    translate them.

    ``memo``: kept by the caller across the versions of one doc, which share most of their lines and
    paragraphs (:class:`Fingerprints`: 8,130 English versions on the 20,000-commit repo); the fingerprint
    is the same with it or without it, in the same order. It keeps what each line outside code gives (the
    fence it opens, else its items) and what each *paragraph* gives: the text cut at its blank lines
    (``"\n\n"``), each piece read from the fence it starts in (its items in order, the fence it ends in).
    A blank line gives nothing and changes no fence (it neither opens nor closes one), and the cut splits
    no line (a piece's lines are the text's lines between those blank lines, ``\r\n`` included), so the
    pieces' items one after the other are the scan's. Why: the scan was 1.0 of the 7 Python seconds of a
    cold ``status --lang ko`` of the 20,000-commit repo (8,678 fingerprints, 2.6 million lines); most
    paragraphs of a version are the version before's.
    """
    text = strip_notice(text)  # the reader notice is the tool's (its guide link is no link of the page)
    if memo is None:
        return Counter(_scan(text.splitlines(), None, None)[0])
    keys: list[str] = []
    fence: str | None = None
    for piece in text.split("\n\n"):
        got = memo.get((fence, piece))
        if got is None:
            got = memo[(fence, piece)] = _scan(piece.splitlines(), fence, memo)
        items, fence = got  # type: ignore[misc]
        keys.extend(items)
    return Counter(keys)


def _scan(lines: list[str], fence: str | None, memo: dict[object, object] | None
          ) -> tuple[tuple[str, ...], str | None]:
    """The protected items of ``lines`` in order (:func:`fingerprint_text`), read from inside ``fence`` (None:
    outside code), and the fence the last line leaves open. ``memo``: what each line outside code gives."""
    out: list[str] = []
    for line in lines:
        if fence is not None:
            m = FENCE_RE.match(line) if ("`" in line or "~" in line) else None
            if m and closes_fence(fence, m.group(1)):  # the run alone: trailing text is not checked
                fence = None
                continue
            s = line.strip()
            if s and not s.startswith(("#", "//", ">>> #")):
                out.append("code:" + s)
            continue
        got = memo.get(line) if memo is not None else None
        if got is None:
            got = _line_items(line)
            if memo is not None:
                memo[line] = got
        opens, items = got  # type: ignore[misc]
        if opens is not None:
            fence = opens
            continue
        out.extend(items)
    return tuple(out), fence


def _line_items(line: str) -> tuple[str | None, tuple[str, ...]]:
    """A line outside code, as :func:`fingerprint_text` reads it: the fence it opens (None: none), else the
    protected items it holds, in the order they are counted."""
    m = FENCE_RE.match(line) if ("`" in line or "~" in line) else None
    if m:
        return m.group(1), ()
    items: list[str] = []
    if "`" in line:
        items.extend("ref:" + r for r in _REF_RE.findall(line))
        items.extend("code:" + code.strip() for _, code in _INLINE_CODE_RE.findall(_REF_RE.sub("", line)))
    if "](" in line:
        items.extend("link:" + target for target in _LINK_RE.findall(line))
    if "=" in line:
        items.extend("link:" + target for target in _ATTR_RE.findall(line))
    return None, tuple(items)


def similarity(a: Counter[str], b: Counter[str]) -> float:
    """Dice overlap of two fingerprints (1.0 = same protected content; 0.0 when both are empty)."""
    total = sum(a.values()) + sum(b.values())
    if not total:
        return 0.0
    if len(a) > len(b):
        a, b = b, a
    common = 0  # what ``sum((a & b).values())`` counts, without building that Counter: the base search compares
    for key, n in a.items():  # every English version with each translation event (31,633 calls, 20,000 commits)
        m = b.get(key)
        if m is not None and (least := n if n < m else m) > 0:
            common += least
    return 2 * common / total


# ------------------------------------------------------------------------------ translation events

_NATIVE_TRANSLATE = {"ko": ("번역",), "zh": ("翻译", "翻譯"), "cn": ("翻译",), "ja": ("翻訳",)}
"""The word "translation" in the language itself: a subject using it is about that language."""


def is_translation_subject(subject: str, lang: str) -> bool:
    """Does a commit subject say it translates into ``lang``? (``[i18n-KO] ...``, "Korean translation")."""
    s = subject.lower()
    if subject_tag_re(lang).search(s):
        return True
    if any(word in s for word in _NATIVE_TRANSLATE.get(lang.lower(), ())):
        return True
    if not TRANSLATE_WORDS_RE.search(s):
        return False
    lg = language(lang)
    names = (lg.name.lower(), *lg.native) if lg.code in LANGUAGES else ()
    return any(name in s for name in names) or re.search(rf"\b{re.escape(lang.lower())}\b", s) is not None


def _share(v: Version, prev_lines: int) -> float:
    if v.added < 0:  # binary
        return 1.0
    return (v.added + v.removed) / max(1, 2 * prev_lines + v.added - v.removed)


@dataclass(slots=True, frozen=True)
class Event:
    """A commit that (re-)translated a file."""

    version: Version
    """The translated file as the commit left it."""
    rewrite: bool
    """The file was created or a large share of it rewritten (see :data:`REWRITE_SHARE`)."""
    before: str | None
    """Blob of the file just before the commit (None when the commit created it)."""


def translation_events(history: History, lineage: Lineage, blobs: BlobReader) -> list[Event]:
    """The commits that (re-)translated a file, oldest first; sweeps and fixes left out.

    An event is the creation; a commit tagged ``[i18n-XX]`` for the language; a commit of this language
    only whose subject says it translates (``Korean translation update``); or a commit of this language
    only that rewrites at least :data:`REWRITE_SHARE` of the file.
    """
    events: list[Event] = []
    tag = subject_tag_re(lineage.lang)
    prev: Version | None = None
    for v in lineage.versions:
        if v.blob is None:
            continue
        commit = history.commits[v.commit]
        alone = commit.langs == {lineage.lang}
        prev_lines = blobs.text(prev.blob).count("\n") if prev is not None and prev.blob else 0
        rewrite = v.status == "A" or _share(v, prev_lines) >= REWRITE_SHARE
        if v.status != "A" and v.added == 0 and v.removed == 0:
            pass  # a pure rename
        elif (v.status == "A" or tag.search(commit.subject.lower())
              or alone and (rewrite or is_translation_subject(commit.subject, lineage.lang))):
            events.append(Event(v, rewrite, prev.blob if prev is not None else None))
        prev = v
    return events


# ----------------------------------------------------------------------------------------- bases

CONTENT_MARGIN = 0.03
"""English versions whose fingerprint similarity is within this of the best count as equally good;
the latest of them wins (protected content often does not change between English revisions)."""

MIN_FINGERPRINT = 5
"""A translation with fewer protected items than this cannot be matched by content."""

MIN_CONTENT_MATCH = 0.5
"""Where history cannot pair a translation with its English twin of today, the best content match is its
base only when at least this much of the protected content is shared; below it the base is unknown.
Without a minimum, a translation of a page a redesign rewrote at the same path took the rewritten
English as its base at 17% alike, and ``status`` called it up to date while ``check`` said "only 6% of
the English code, references and links are in this file" (issue 23). Real content bases on the three
corpora share at least 66% (diffusers ``ko/training/lora.md``)."""

IMPROVEMENT = 0.01
"""How much closer to a newer English version a small translation update must bring the protected
content for the base to move to that version."""


@dataclass(slots=True, frozen=True)
class BaseInfo:
    """The English version a translation was based on."""

    path: str
    """The translated file, relative to its language folder."""
    en_path: str
    """Its English twin today, relative to ``en/``."""
    en_path_at_base: str
    """Where the English twin was (relative to ``en/``) at the base revision."""
    base_commit: str
    """English revision the translation was made from."""
    base_blob: str
    """Blob of the English text at the base (see :func:`english_at`)."""
    method: str
    """``history``: the English in force at the translation commit that set the base; ``content``: an
    other English version, chosen because its protected content matches the translation better."""
    matched_revision: str | None
    """English revision whose protected content best matches the translation as it is today."""
    event_commit: str
    """The translation commit that set the base (the creation or a later re-translation)."""
    similarity: float
    """Protected-content similarity of the translation (as ``event_commit`` left it) to the base, 0..1."""
    unknown: str = ""
    """Why no base can be trusted (``method == "unknown"``), else empty. The base fields then hold the best
    candidate only: a reader names it, never compares with it (:attr:`known`)."""
    guessed: tuple[str, ...] = ()
    """English prose segments changed in the commit that set the base, in the English and the translation at
    once, by their identity (:func:`hfi18n.repo.ledger.segment_hash` of the segment text, as the ledger
    names segments): taken as carried because the paired translation changed too, which nothing can prove
    (``check`` says so: an ``undecidable`` warning). They were their first 80 characters, matched against
    today's English by prefix: two paragraphs that begin alike were one, and each reader cut its own."""
    written: str = ""
    """Blob of the translation a run of this machine wrote from the base English, when a record says so (this
    machine's ledger, or the review record committed with the page) and the translation that set the base is
    it, byte for byte or with hand edits on top (:func:`_write_under`); else empty. A page exactly as written
    carries nothing beyond the English it was written from, whatever else the commit that brings it changed
    (:func:`drift`). A page with hand edits on top is no exact write: its hand edits may carry an English
    change of the same commit, and they are human text since the base (:attr:`Followed.translated`)."""

    @property
    def known(self) -> bool:
        """Is this the English the translation follows? False: history cannot pair the translation with its
        English and the content match is weak (:data:`MIN_CONTENT_MATCH`), so the translation is
        "outdated, base unknown" for every reader (status, check, update, review, web app)."""
        return self.method != "unknown"

    def candidate(self) -> str:
        """``en/x.md at 1a2b3c4 (17% alike)``: the best candidate, as messages name it."""
        return f"{SOURCE_LANG}/{self.en_path_at_base} at {self.base_commit[:7]} ({self.similarity:.0%} alike)"

    @classmethod
    def from_json(cls, data: dict[str, object]) -> BaseInfo:
        fields = {k: data[k] for k in cls.__dataclass_fields__}
        fields["guessed"] = tuple(fields["guessed"])  # type: ignore[arg-type]
        return cls(**fields)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, object]:
        return {
            "path": self.path,
            "en_path": self.en_path,
            "en_path_at_base": self.en_path_at_base,
            "base_commit": self.base_commit,
            "base_blob": self.base_blob,
            "method": self.method,
            "matched_revision": self.matched_revision,
            "event_commit": self.event_commit,
            "similarity": round(self.similarity, 3),
            "unknown": self.unknown,
            "guessed": list(self.guessed),
            "written": self.written,
        }


class Fingerprints:
    """Protected-content fingerprints of blobs, computed once each, and the parsed docs of the few commits
    whose segments are compared (:func:`carries_changes`), read through the run's :class:`~.store.Store`."""

    def __init__(self, store: Store | BlobReader) -> None:
        if isinstance(store, BlobReader):  # a reader alone: its docs parsed for this object only
            store = Store(store.repo, blobs=store)
        self.store = store
        self.blobs = store.blobs
        self._cache: dict[str, Counter[str]] = {}
        self._code: dict[str, Counter[str]] = {}
        self._texts: dict[str, frozenset[str]] = {}
        self._moved: dict[tuple[str, str], tuple[list[str], list[str]]] = {}
        self._lines: dict[str, Counter[str]] = {}
        self._fenced: dict[str, set[int]] = {}
        self._rendered: dict[tuple[str, str, str], dict[str, tuple[Segment, ...]]] = {}
        self._line_items: dict[object, object] = {}
        self._prose: dict[str, tuple[Segment, ...]] = {}

    def rendered(self, english: str, translation: str, lang: str) -> dict[str, tuple[Segment, ...]]:
        """English segment id -> the translated segments the pair model renders it with, for two blobs (once:
        the base search and the drift ask for the same commits)."""
        key = (english, translation, lang)
        r = self._rendered.get(key)
        if r is None:
            r = self._rendered[key] = rendering(segment_groups(pair_docs(self.doc(english), self.doc(translation),
                                                                         lang)))
        return r

    def fenced(self, blob: str) -> set[int]:
        """0-based lines of a blob inside a code fence, fence lines included (a line scan, no parse)."""
        f = self._fenced.get(blob)
        if f is None:
            f = self._fenced[blob] = set()
            fence: str | None = None
            for k, line in enumerate(self.blobs.text(blob).splitlines()):
                m = FENCE_RE.match(line) if ("`" in line or "~" in line) else None
                if fence is not None:
                    f.add(k)
                    if m and closes_fence(fence, m.group(1)):
                        fence = None
                elif m:
                    fence = m.group(1)
                    f.add(k)
        return f

    def line_counts(self, blob: str) -> Counter[str]:
        """The non-blank lines of a blob as carried changes compare them (:func:`_line`), counted once."""
        c = self._lines.get(blob)
        if c is None:
            c = self._lines[blob] = Counter(x for line in self.blobs.text(blob).splitlines() if (x := _line(line)))
        return c

    def code(self, blob: str) -> Counter[str]:
        """The fingerprint with trailing code comments cut (:func:`_without_comments`), computed once."""
        fp = self._code.get(blob)
        if fp is None:
            fp = self._code[blob] = _without_comments(self(blob))
        return fp

    def doc(self, blob: str) -> Document:
        return self.store.doc(blob)

    def forget(self) -> None:
        """Drop what was worked out so far (the next questions are about other blobs)."""
        for memo in (self._cache, self._code, self._texts, self._moved, self._lines, self._fenced, self._rendered,
                     self._line_items, self._prose):
            memo.clear()

    def moved(self, base: str, english: str) -> tuple[list[str], list[str]]:
        """The protected items English blob ``english`` gained over ``base`` and those it lost (code
        comments cut), worked out once per pair: every commit touching a translation asks about each
        English version since its base."""
        key = (base, english)
        got = self._moved.get(key)
        if got is None:
            old_fp, new_fp = self.code(base), self.code(english)
            got = self._moved[key] = ([k for k in new_fp if new_fp[k] > old_fp[k]],
                                      [k for k in old_fp if not new_fp[k]])
        return got

    def prose(self, blob: str) -> tuple[Segment, ...]:
        """The segments of a blob's doc that need translation (:func:`needs_translation`), in order, listed once:
        the base search compares the same base with every English version after it (1,803 times on the
        20,000-commit repo)."""
        got = self._prose.get(blob)
        if got is None:
            got = self._prose[blob] = tuple(s for s in self.doc(blob).segments() if needs_translation(s))
        return got

    def texts(self, blob: str) -> frozenset[str]:
        """The texts of the segments of a blob's doc, computed once."""
        t = self._texts.get(blob)
        if t is None:
            t = self._texts[blob] = frozenset(s.text for s in self.doc(blob).segments())
        return t

    def __call__(self, blob: str) -> Counter[str]:
        fp = self._cache.get(blob)
        if fp is None:
            fp = self._cache[blob] = fingerprint_text(self.blobs.text(blob), self._line_items)
        return fp


def best_by_content(
    versions: list[Version], target: Counter[str], fps: Fingerprints
) -> tuple[Version, float] | None:
    """Latest version whose similarity to ``target`` is within :data:`CONTENT_MARGIN` of the best."""
    scored = [(v, similarity(target, fps(v.blob))) for v in versions if v.blob]
    if not scored:
        return None
    best = max(s for _, s in scored)
    if best <= 0:
        return None
    for v, s in reversed(scored):
        if s >= best - CONTENT_MARGIN:
            return v, s
    return None  # pragma: no cover


def carries_changes(fps: Fingerprints, base: str, english: str, before: str, after: str, lang: str = "ko",
                    guessed: list[str] | None = None) -> bool:
    """Does a commit that changed a translation from blob ``before`` to ``after`` carry every change of the
    English from blob ``base`` to ``english``?

    Prose: every English segment that needs translation and is not in the base English has a translated
    counterpart in ``after`` whose text is new (not in ``before``) and not the English itself. Counterparts
    are found by the pair model (:func:`hfi18n.pair.model.pair_docs`, the pairing update, check and review
    use): a changed paragraph next to two the translator merged, or after one they split, is paired with
    its own translation. The one-to-one pairing by block signature paired it with its neighbour's (or with
    nothing), so a commit of the update was never seen to carry the change and a fresh clone said
    "outdated" for ever (issue 24). Protected
    content (code lines, inline code, link targets: :func:`fingerprint_text`): every item the English
    gained is in ``after``, every item it lost is gone from it. This is how a commit of an update is
    recognised whatever its subject: ``docs: edit`` after ``translate --update`` left ``status`` saying
    "outdated" for ever (and the next ``--update`` redid the work over the human corrections). A sweep
    applied to both languages carries only its own change: the English changes it did not mirror keep
    the base where it was (smolagents ``ko/examples/multiagents.md``: a model-name sweep must not hide
    the ``pip install 'smolagents[toolkit]'`` change before it).
    """
    gained, lost = fps.moved(base, english)
    out_fp = fps.code(after)
    if any(not out_fp[k] for k in gained) or any(out_fp[k] for k in lost):
        return False
    # s32 asked first whether the translation wrote any segment text of its own (no: nothing carried, told
    # before the English is parsed); since prose the English dropped is carried by a commit that only
    # removed its translation (s31, below), the English is read first: through the store, each English
    # version is parsed once per run and kept in the cache
    old_texts, new_texts = fps.texts(base), fps.texts(english)
    changed = [s for s in fps.prose(english) if s.text not in old_texts]
    dropped = [s for s in fps.prose(base) if s.text not in new_texts]
    if changed:
        prev_texts = fps.texts(before)
        fresh = fps.texts(after) - prev_texts
        if not fresh or len(fresh) == 1 and any(c.text in fresh for c in changed):
            # the counterparts below are segments of ``after``: with no text new in it (a sweep of code only, a
            # typo fix that restored an older sentence), no English change can have one, and the pairing
            # tells nothing more. Asked before the dropped prose below (both answer no, so the answer is the
            # same): the pairing of the base with ``before`` it needs was 326 of the 499 made by the base search
            # of the 20,000-commit repo, each for a commit that carried nothing
            return False
    if dropped:  # prose the English removed: its translation went too (smolagents reference/agents.md: the
        # executor sections moved to a page of their own, then a sweep renamed `model` in both languages;
        # the sweep's commit was taken as the translator's update, and the page called up to date with them)
        after_texts = fps.texts(after)
        was = fps.rendered(base, before, lang)
        if any(t.text in after_texts for c in dropped for t in was.get(c.id, ())):
            return False
    moves = _moves_followed(fps, fps.doc(base), fps.doc(english), base, before, after, lang)
    if moves is False:
        return False
    if not changed:
        return bool(gained or lost or dropped or moves)
    cur = fps.rendered(english, after, lang)
    if not all(any(t.text not in prev_texts and t.text != c.text for t in cur.get(c.id, ())) for c in changed):
        return False
    if guessed is not None:  # carried because the paired translation changed: what it says, nobody can tell
        guessed.extend(segment_hash(c.text) for c in changed)
    return True


def _moves_followed(fps: Fingerprints, old: Document, new: Document, base: str, before: str, after: str,
                    lang: str) -> bool | None:
    """Does translation ``after`` follow the moves of the English from ``old`` (blob ``base``, which
    translation ``before`` followed) to ``new``: is the translated text of each segment with prose the English
    moved unchanged (:func:`hfi18n.pair.diff.same_items`; its text in ``before`` by the pair model) found in
    ``after`` between the translated texts of the unmoved segments around it? None: the English moved nothing.

    Why: what carries an English change was judged by the segments new or gone, and a reorder has none, so
    a commit that touched the translation for anything else (a sweep of both languages) was taken to carry
    two sections the English had swapped before it; the translation, still in the old order, was paired
    with the swapped English, ``status`` called it incomplete and the update lost a human heading
    (smolagents tutorials/memory.md, bench_properties on main, issue 31, P1 and P2). Neither the texts (a
    reorder adds and removes none) nor the pair model of the new English and ``after`` tell (it pairs the
    moved section wherever it is, and leaves the other one out): the order of the translated texts does."""
    a = [s for s in old.segments() if needs_translation(s)]
    b = [s.text for s in new.segments() if needs_translation(s)]
    kept_a, kept_b = {s.text for s in a}, set(b)
    if [s.text for s in a if s.text in kept_b] == [t for t in b if t in kept_a]:
        return None  # the texts both have are in the same order: nothing moved (a linear test; the base
        # search asks this of every commit that touched a translation)
    in_order, moved = same_items([s.text for s in a], b)
    if not moved:
        return None
    was = fps.rendered(base, before, lang)
    at: dict[str, int] = {}
    for k, seg in enumerate(fps.doc(after).segments()):
        at.setdefault(seg.text, k)
    place: list[int | None] = [None] * len(b)  # by today's English order: where its translated text is in after
    known = [False] * len(b)  # it had a translation in ``before``
    for i, j in (*in_order.items(), *moved.items()):
        t = was.get(a[i].id)
        known[j] = bool(t)
        place[j] = at.get(t[0].text) if t else None
    went = set(moved.values())

    def near(j: int, step: int) -> int | None | bool:
        """The place of the nearest unmoved translated segment from ``j`` on (None: none; False: its text was
        edited in the same commit, so nothing shows whether the move was followed)."""
        k = j + step
        while 0 <= k < len(b):
            if k not in went and known[k]:
                return False if place[k] is None else place[k]
            k += step
        return None

    for j in went:
        if not known[j]:
            continue  # never translated: nothing to follow
        here, above, below = place[j], near(j, -1), near(j, 1)
        if here is None or above is False or below is False:
            return False
        if above is not None and here < above or below is not None and here > below:
            return False
    return True


_TRAILING_COMMENT_RE = re.compile(r"\s+(?:#|//).*$")


def _without_comments(fp: Counter[str]) -> Counter[str]:
    """A fingerprint with trailing code comments cut (translators translate them: ``x = 1  # x 설정``)."""
    out: Counter[str] = Counter()
    for key, n in fp.items():  # the pattern needs a '#' or a '//': most keys are left as they are, unsearched
        out[_TRAILING_COMMENT_RE.sub("", key) if key.startswith("code:") and ("#" in key or "//" in key)
            else key] += n
    return out


def _moves_base(fps: Fingerprints, base: Version, choice: Version, target: Counter[str], ev: Event,
                usable: bool, lang: str = "ko", guessed: list[str] | None = None) -> bool:
    """A small update of the translation moves its base to the newer English ``choice`` when it brought the
    protected content closer to it, or when it carries the English prose changes (:func:`carries_changes`)."""
    if ev.before is None or choice.commit <= base.commit or not choice.blob or not base.blob:
        return False
    new_fp = fps(choice.blob)
    if usable and similarity(target, new_fp) > similarity(fps(ev.before), new_fp) + IMPROVEMENT:
        return True
    assert ev.version.blob is not None
    return carries_changes(fps, base.blob, choice.blob, ev.before, ev.version.blob, lang, guessed)


@dataclass(frozen=True, slots=True)
class Write:
    """A machine write of a page that a record keeps (this machine's ledger, or the review record committed
    with the page): the page as written, the English it follows and the segments the machine wrote in it."""

    page: str
    """Git blob id of the page as written."""
    en_blob: str
    machine: frozenset[str]
    """:func:`~.ledger.segment_hash` of the segment texts the machine wrote (or kept as machine text)."""


def _write_under(fps: Fingerprints, writes: Collection[Write], blob: str, before: str | None,
                 committed: Collection[str], beside: Write | None = None) -> Write | None:
    """The recorded write that the committed page ``blob`` is, with hand edits on top: it holds at least
    :data:`HAND_EDIT_SHARE` of the machine text that write brought (its machine segments the version
    before did not have). The write itself never reached history as it was (a version holding it exactly
    follows its English by the record alone).

    diffusers ko ``training/create_dataset.md`` (bench_properties, 2026-11-27): the web app wrote the page up
    to today's English, a translator merged two of its paragraphs and committed it all with ``Merge branch
    'main'``. That commit was judged by :func:`carries_changes` alone, which the translator's own link in a
    paragraph the English fixed a link of failed: the base went back two commits, and the next write
    re-translated the merged paragraph whole, the human text with it. The work tree had the same rule
    (:data:`HAND_EDIT_SHARE`, :func:`base_of`) only until it was committed."""
    now: frozenset[str] | None = None
    prev = frozenset(segment_hash(t) for t in fps.texts(before)) if before is not None else frozenset()
    for w in [beside] if beside is not None else []:
        # the record committed in this very commit is of a write of this page: a write that brought no
        # machine text new to it (an update that only kept a translator's edit) is judged by all its machine
        # text; one that brought some, by that, as any write (a page put back under a new record is none)
        if w.page != blob and w.page not in committed:
            now = frozenset(segment_hash(t) for t in fps.texts(blob))
            new = (w.machine - prev) or w.machine
            if len(new & now) >= HAND_EDIT_SHARE * len(new) or _run_marks_added(fps, blob, before):
                return w
    for w in reversed(list(writes)):
        if w.page in committed or w.page == blob:
            continue
        new = w.machine - prev
        if not new:
            continue
        if now is None:
            now = frozenset(segment_hash(t) for t in fps.texts(blob))
        if len(new & now) >= HAND_EDIT_SHARE * len(new):
            return w
    return None


def _run_marks_added(fps: Fingerprints, blob: str, before: str | None) -> bool:
    """Does page ``blob`` carry a mark only a run writes (the reader notice, the draft mark) that the version
    before it did not? With the review record committed in the same commit, such a page is that run's write,
    whatever a translator edited on top: a stubborn run wrote huggingface_hub ko
    package_reference/community.md as a marked draft with one machine segment, and one commit brought the
    page, its record, an English change of that item and a translator's edit of it. The page held none of
    the run's machine text (its only segment was the one edited), so it was not taken as the write, the base
    fell back to an older English and the update kept the edited item without a finding (bench_properties
    bp12 round 86, P5). A page put back (the record committed, the run's page not) carries no new mark."""
    text = fps.blobs.text(blob) or ""
    old = (fps.blobs.text(before) or "") if before is not None else ""
    return (has_notice(text) and not has_notice(old)) or (is_draft(text) and not is_draft(old))


def find_base(history: History, fps: Fingerprints, lineage: Lineage, twin: Lineage,
              recorded: dict[str, str] | None = None, writes: Collection[Write] = (),
              beside: dict[int, Write] | None = None) -> BaseInfo | None:
    """Base of translated ``lineage`` against its English ``twin`` of today (see the module docstring).

    ``recorded``: translation blob -> English blob it follows, from this machine's runs
    (:mod:`hfi18n.repo.ledger`): a committed version that is exactly what a run wrote follows that English.
    ``writes``: the recorded machine writes: a committed version that is one of them with hand edits on top
    follows its English too (:func:`_write_under`); ``beside``: commit index -> the write whose review record
    that commit brought (:func:`committed_writes`). Every other commit that touched the translation (any
    subject) moves the base when it carries the English changes since (:func:`carries_changes`).
    """
    twin_versions = [v for v in twin.versions if v.blob]
    events = translation_events(history, lineage, fps.blobs)
    if not events or not twin_versions:
        return None
    recorded = recorded or {}
    by_version = {id(ev.version): ev for ev in events}
    base: Version | None = None
    method, used = "history", events[-1]
    weak: float | None = None  # similarity of a base history could not pair (found by content only)
    guess: list[str] = []  # English prose the base took as carried by a commit that changed both languages
    written = ""  # the base's translation is exactly a recorded write of it (BaseInfo.written)
    prev: Version | None = None
    committed: set[str] = set()  # the translation's blobs committed before ``v``
    start = _last_reset(history, lineage, twin, twin_versions, by_version, recorded, bool(writes))
    for k, v in enumerate(lineage.versions):
        if v.blob is None:
            continue
        if k < start:  # what the loop works out before its last reset is all replaced there (_last_reset)
            prev = v
            committed.add(v.blob)
            continue
        ev = by_version.get(id(v))
        paired = history.at_path(SOURCE_LANG, v.path, v.commit) is twin
        before = prev.blob if prev is not None else None
        prev = v
        followed = [e for e in twin_versions if e.blob == recorded.get(v.blob) and e.commit <= v.commit]
        if paired and followed:  # exactly what a run of this machine wrote: it follows that run's English
            base, method, used, weak, guess = followed[-1], "record", ev or Event(v, False, before), None, []
            written = v.blob
            committed.add(v.blob)
            continue
        if paired and writes and (w := _write_under(fps, writes, v.blob, before, committed,
                                                    (beside or {}).get(v.commit))) is not None:
            ahead = [e for e in twin_versions if e.blob == w.en_blob and e.commit <= v.commit
                     and (base is None or e.commit > base.commit)]
            if ahead:  # a run's output with hand edits on top, committed: it follows that run's English
                base, method, used, weak, guess = ahead[-1], "record", ev or Event(v, False, before), None, []
                written = w.page  # not ``v.blob``: the page at the base is the write, without the hand edits
                committed.add(v.blob)
                continue
        committed.add(v.blob)
        if ev is None:  # any other commit touching the translation, whatever its subject
            if paired and base is not None and before is not None and (v.added or v.removed):
                touch = Event(v, False, before)
                for choice in reversed([e for e in twin_versions if base.commit < e.commit <= v.commit]):
                    same: list[str] = []  # an English change made in this very commit: undecidable
                    if _moves_base(fps, base, choice, fps(v.blob), touch, False, lineage.lang,
                                   same if choice.commit == v.commit else None):
                        base, method, used, weak, guess = choice, "history", touch, None, same
                        written = ""
                        break
            continue
        target = fps(v.blob)
        usable = sum(target.values()) >= MIN_FINGERPRINT
        candidates = [e for e in twin_versions if e.commit <= v.commit] if paired else []
        if not candidates:
            if base is None and usable:  # history cannot pair it: compare with every English version
                pick = best_by_content(twin_versions, target, fps)
                if pick is not None:
                    base, method, used, weak = pick[0], "content", ev, pick[1]
                    written = ""
            continue
        pick = best_by_content(candidates, target, fps) if usable else None
        choice = pick[0] if pick is not None else candidates[-1]
        how = "history" if choice is candidates[-1] else "content"
        # an English version of this very commit: the translation's likeness to it is no evidence that it
        # caught up (a sweep renaming `model` in both languages brought the code of both closer, and a page
        # two commits behind became "up to date"); only the changes it carried count (carries_changes)
        near = usable and choice.commit != v.commit
        if base is None or ev.rewrite or _moves_base(fps, base, choice, target, ev, near, lineage.lang):
            base, method, used, weak, guess = choice, how, ev, None, []
            written = ""
    unknown = ""
    if base is None:  # nothing to compare: the English in force at the last event, else the first English
        last = events[-1].version
        before_last = [e for e in twin_versions if e.commit <= last.commit]
        base = before_last[-1] if before_last else twin_versions[0]
        if not any(history.at_path(SOURCE_LANG, e.version.path, e.version.commit) is twin for e in events):
            method = "unknown"  # never paired and nothing to compare: that English is a guess
            unknown = (f"history cannot pair it with {SOURCE_LANG}/{twin.path} and it has too little code, "
                       "references and links to compare")
    elif weak is not None and weak < MIN_CONTENT_MATCH:
        method = "unknown"
        unknown = (f"history cannot pair it with {SOURCE_LANG}/{twin.path} (a page rewritten or replaced at that "
                   f"path, or a translation moved) and no version of that English matches its code, references "
                   f"and links (best {weak:.0%}, below {MIN_CONTENT_MATCH:.0%})")
    assert base.blob is not None and used.version.blob is not None
    now = lineage.versions[-1]
    matched = best_by_content(twin_versions, fps(now.blob), fps) if now.blob else None
    return BaseInfo(
        path=lineage.path,
        en_path=twin.path,
        en_path_at_base=base.path,
        base_commit=history.commits[base.commit].sha,
        base_blob=base.blob,
        method=method,
        matched_revision=history.commits[matched[0].commit].sha if matched else None,
        event_commit=history.commits[used.version.commit].sha,
        similarity=similarity(fps(used.version.blob), fps(base.blob)),
        unknown=unknown,
        guessed=tuple(guess),
        written=written,
    )


def _last_reset(history: History, lineage: Lineage, twin: Lineage, twin_versions: list[Version],
                by_version: dict[int, Event], recorded: dict[str, str], writes: bool) -> int:
    """Index in ``lineage.versions`` of the last version at which :func:`find_base`'s loop sets every
    variable of its answer whatever came before it (0: none), so that the loop may start its work there.

    Why: the base search asked every English version since the base for every commit that touched a
    translation (10,262 :func:`carries_changes` for 156 docs of the 20,000-commit repo, each English version
    parsed), also before a rewrite of the translation that replaced whatever base they had found.

    Why the answer cannot differ: the loop's state is ``base, method, used, weak, guess, written`` (what
    the answer is made of), ``committed`` and ``prev``. Two kinds of version set all six from the version
    alone, never reading them: one exactly as a run recorded it (``paired and followed``: the English that
    run followed), and a rewriting event with an English version at or before it (``base, how, ev`` from the
    candidates and the version's own fingerprint; taken as ``base is None or ev.rewrite or ...`` says, before
    ``_moves_base`` is asked). The branch of a recorded write comes before the event's, and whether it is taken
    depends on ``base`` (``ahead``), so with ``writes`` an event is no reset. Before the last reset, then, the
    loop changes nothing the answer reads but ``committed`` and ``prev``, which the skipped versions still
    update (the rest is memoised work in ``fps`` and the store, pure caches)."""
    for k in range(len(lineage.versions) - 1, -1, -1):
        v = lineage.versions[k]
        if v.blob is None:
            continue
        paired = history.at_path(SOURCE_LANG, v.path, v.commit) is twin
        if not paired:
            continue
        if any(e.blob == recorded.get(v.blob) and e.commit <= v.commit for e in twin_versions):
            return k
        ev = by_version.get(id(v))
        if ev is not None and ev.rewrite and not writes and any(e.commit <= v.commit for e in twin_versions):
            return k
    return 0


def content_base(history: History, fps: Fingerprints, twin: Lineage, text: str, rel: str) -> BaseInfo | None:
    """Base of a translation history does not know (not committed yet): the best content match, else
    the English of today (a new translation is most likely made from it)."""
    versions = [v for v in twin.versions if v.blob]
    if not versions:
        return None
    target = fingerprint_text(text)
    pick = best_by_content(versions, target, fps) if sum(target.values()) >= MIN_FINGERPRINT else None
    v, score = pick if pick is not None else (versions[-1], similarity(target, fps(versions[-1].blob or "")))
    assert v.blob is not None
    sha = history.commits[v.commit].sha
    if pick is not None and score < MIN_CONTENT_MATCH:  # a checkout of some other text: no base to trust
        why = (f"it is not committed and no version of {SOURCE_LANG}/{twin.path} matches its code, references and "
               f"links (best {score:.0%}, below {MIN_CONTENT_MATCH:.0%})")
        return BaseInfo(rel, twin.path, v.path, sha, v.blob, "unknown", sha, sha, score, why)
    return BaseInfo(rel, twin.path, v.path, sha, v.blob, "content", sha, sha, score)


def moved_to(history: History, lineage: Lineage) -> str | None:
    """Where the English source of a translation is now, when it was renamed rather than deleted."""
    for v in reversed(lineage.versions):
        if v.blob is None:
            continue
        twin = history.at_path(SOURCE_LANG, v.path, v.commit)
        if twin is not None:
            return twin.path if twin.alive else None
    return None


@dataclass(slots=True)
class Drift:
    """How the English twin moved since the base."""

    behind: list[Commit]
    """English commits after the base that the translation has not seen, oldest first."""
    mirrored: list[Commit]
    """English commits after the base whose change was carried to the translation in the same commit (a
    sweep applied to both, an ``[[autodoc]]`` added to both): :func:`carried_hunks`."""
    english: str = ""
    """The English the translation follows: the base English with every carried change applied."""
    guessed: list[str] = field(default_factory=list)
    """English prose segments of carried hunks judged only by the paired translation changing in the same
    commit (:func:`hfi18n.repo.ledger.segment_hash`, as :attr:`BaseInfo.guessed`)."""
    partly: list[Commit] = field(default_factory=list)
    """Commits of :attr:`behind` that changed the translation too and carried part of their English change
    (applied to :attr:`english`); the rest is drift."""


@dataclass(slots=True, frozen=True)
class Followed:
    """What a translation follows and how far the English moved since: THE record ``status`` and ``check``
    (and through them the web app and MCP) read, so they cannot give two answers about one doc (issue 23:
    status said "up to date" where check said "drift: only 6% of the English ...")."""

    base: BaseInfo
    behind: tuple[Commit, ...]
    """English commits after the base the translation has not seen, oldest first (empty when the base is
    unknown: there is nothing to count from)."""
    later: tuple[str, ...] = ()
    """Blobs of the English versions after the base that the translation may hold changes of (a sweep
    applied to both, or taken into the translation in a commit of its own), oldest first: those committed
    before the last commit of the translation (a later English version cannot have reached it)."""
    english: str | None = None
    """The English the translation follows: the base English with every English change carried to the
    translation in the same commit (:func:`followed_text`); None when not worked out (no blob reader given,
    base unknown)."""
    translated: str | None = None
    """Blob of the translation as it was when it followed its base (:func:`_translated_at_base`; None: not
    committed then; :data:`WRITE_ALONE`: a recorded write that never reached git, with no page before it,
    whose texts are the runs' machine text): what a human edited since is the text outside it and the runs'
    (:class:`hfi18n.translate.pipeline.Conflict`)."""
    guessed: tuple[str, ...] = ()
    """English prose segments changed in one commit together with their translation, taken as carried on the
    only evidence that the paired translation changed too (the base's and the drift's: :attr:`BaseInfo.guessed`),
    by :func:`hfi18n.repo.ledger.segment_hash`: :meth:`guessed_texts` gives their text."""
    unheld: tuple[str, ...] = ()
    """English units of :attr:`english` the translation does not hold (:func:`hfi18n.pair.model.unheld`), as
    ``line N: text``, first lines; worked out only for a translation with nothing :attr:`behind` (an
    outdated one is outdated anyway)."""

    @property
    def state(self) -> str:
        """``up-to-date`` or ``outdated``; a translation whose base is unknown is outdated, never up to date,
        and so is one that does not hold every unit of the English it follows (an emptied, cut or
        half-deleted file: :attr:`unheld`)."""
        return "outdated" if self.behind or not self.base.known or self.unheld else "up-to-date"

    def guessed_texts(self) -> list[str]:
        """The English text of each :attr:`guessed` segment found in :attr:`english` (the English followed
        holds every carried change), in its order, for messages."""
        if not self.guessed or self.english is None:
            return []
        wanted = set(self.guessed)
        return [s.restore() for s in parse(self.english).segments() if segment_hash(s.text) in wanted]

    @property
    def incomplete(self) -> str:
        """What ``status`` (``problem``) and ``check`` (``incomplete``) say about :attr:`unheld`, or ``""``."""
        if not self.unheld:
            return ""
        n = len(self.unheld)
        return (f"{n} English block{'s' if n != 1 else ''} of the version it follows "
                f"({SOURCE_LANG}/{self.base.en_path_at_base}) ha{'ve' if n != 1 else 's'} no translation "
                f"here (English {self.unheld[0]}{', ...' if n > 1 else ''})")


def unheld_units(english: str, translation: str, lang: str, store: Store | None = None) -> tuple[str, ...]:
    """``line N: text`` of every English unit of ``english`` that ``translation`` does not hold
    (:func:`hfi18n.pair.model.unheld`). With a ``store``, the docs are parsed through it and the answer is
    kept in its cache under both texts' blob ids, the language and the prose props (a pure function of
    those: a warm ``status`` pairs no doc whose English and translation it has seen)."""
    key = f"{text_blob(english)}:{text_blob(translation)}:{lang}:{props_key()}"
    if store is not None:
        kept = store.cache.get("unheld", key, lambda d: tuple(str(x) for x in d))  # type: ignore[attr-defined]
        if kept is not None:
            return kept
        en_doc, tr_doc = store.text_doc(english), store.text_doc(translation)
    else:
        en_doc, tr_doc = parse(english), parse(translation)
    found = tuple(f"line {b.start_line}: {b.text.strip().splitlines()[0][:60] if b.text.strip() else ''}"
                  for b in unheld(pair_docs(en_doc, tr_doc, lang)))
    if store is not None:
        store.cache.put("unheld", key, found)
    return found


def follow(history: History, base: BaseInfo, lineage: Lineage | None, twin: Lineage, fps: Fingerprints,
           translation: str | None = None, lang: str = "ko", key: str | None = None) -> Followed:
    """The :class:`Followed` record of a translation with ``base`` (``lineage`` None: not committed): what
    it follows (:func:`drift`) and, given the ``translation`` as it is now, the English units it does not
    hold (:attr:`Followed.unheld`)."""
    if not base.known:
        return Followed(base, ())
    if lineage is not None:
        behind, later, english, translated, guessed = _followed_kept(history, fps, base, lineage, twin, lang, key)
    else:
        translated, guessed = None, []
        start = history.by_sha[base.base_commit]
        later, english = (), fps.blobs.text(base.base_blob)
        behind = tuple(history.commits[v.commit] for v in twin.versions if v.commit > start and v.blob)
    missing = unheld_units(english, translation, lang, fps.store) if translation is not None and not behind else ()
    return Followed(base, behind, later, english, translated, base.guessed + tuple(guessed), missing)


def _followed_key(history: History, base: BaseInfo, lineage: Lineage, twin: Lineage, lang: str) -> str:
    """The cache key of :func:`_followed_kept`: everything :func:`drift` reads (see there)."""
    h = hashlib.sha256(f"{history.head}\0{lang}\0{props_key()}\0".encode())
    h.update(repr(tuple(getattr(base, f) for f in BaseInfo.__dataclass_fields__)).encode("utf-8", "surrogatepass"))
    for chain in (lineage, twin):
        h.update(b"\1")
        for v in chain.versions:
            h.update(f"{history.commits[v.commit].sha}\0{v.path}\0{v.blob}\0{v.status}\0{v.added}\0{v.removed}\n"
                     .encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def _followed_kept(history: History, fps: Fingerprints, base: BaseInfo, lineage: Lineage, twin: Lineage, lang: str,
                   key: str | None = None) -> tuple[tuple[Commit, ...], tuple[str, ...], str, str | None, list[str]]:
    """What a committed translation follows (:func:`drift`): the English commits it is behind, the later English
    blobs it may hold changes of, the English it follows, its blob at its base, the prose taken as carried on
    the translation's word. Kept in the store's cache under everything :func:`drift` reads: HEAD, the
    language, every version of the translation and of its English twin (by commit sha, path, blob and
    status: the blobs' contents are fixed by their ids), the base and the prose props (hfi18n's code is the
    cache's version). A warm ``status`` diffs and pairs nothing for a translation whose history it has seen."""
    key = key if key is not None else _followed_key(history, base, lineage, twin, lang)  # (already worked out)
    cache = fps.store.cache
    kept = cache.get("followed", key, _read_followed) if cache.enabled else None
    if kept is not None:
        shas, later, english, translated, guessed = kept
        return tuple(history.commits[history.by_sha[sha]] for sha in shas), later, english, translated, guessed
    d = drift(history, fps, base, lineage, twin, lang)
    moved = {c.index for c in (*d.behind, *d.mirrored)}
    last = lineage.versions[-1].commit
    later = tuple(v.blob for v in twin.versions if v.commit in moved and v.commit <= last and v.blob)
    translated = _translated_at_base(history, base, lineage)
    if cache.enabled:
        cache.put("followed", key, (tuple(c.sha for c in d.behind), later, d.english, translated, tuple(d.guessed)))
    return tuple(d.behind), later, d.english, translated, d.guessed


def _translated_at_base(history: History, base: BaseInfo, lineage: Lineage) -> str | None:
    """Blob of the translation as it was when it followed ``base`` (:attr:`Followed.translated`): as the commit
    that set the base left it, except for a recorded write committed with hand edits on top
    (:attr:`BaseInfo.written` is not that commit's page): then the page before that commit, whose texts with
    the machine text of the runs (the ledger's and the record's, which the update adds) are the write's.

    smolagents installation.md (bench_properties on main, 2026-11-27, round 38): a failing run wrote the page
    (not committed); one commit added a sentence to the English ``Using [`uv`](...):`` and a translator's edit
    of its translation, with the run's page (``git add -A``). The base is rightly the run's English (the
    commit's English edit is drift), but the translation at the base was the committed page, hand edit
    included: the update saw no human edit since the base and replaced the human text with machine text (P1).
    The write itself never reached history (it is not a blob git has), hence the page before it."""
    event = history.by_sha.get(base.event_commit)
    at = [v for v in lineage.versions if event is not None and v.commit <= event and v.blob is not None]
    if not at:
        return None
    if base.written and at[-1].blob != base.written and at[-1].commit == event:
        return at[-2].blob if len(at) > 1 else WRITE_ALONE
    return at[-1].blob


WRITE_ALONE = ""
""":attr:`Followed.translated` of a recorded write committed with hand edits on top as the page's first commit:
no page came before it, so the translation at the base is the write alone, whose texts are the runs' machine
text (this machine's ledger and the review record committed with the page: a fresh clone has it).

The first-commit gap (s31, 2026-11-28): a missing page translated by a run, hand-edited and committed with
the run's page in one commit (``git add -A``, any message) had no page before it, so the translation at its
base was unknown (None), no hand edit was known to be one, and after an English change of the hand-edited
paragraph the update replaced the human text with machine text (P1;
``tests/test_follows_records.py::test_a_runs_page_committed_with_hand_edits_as_its_first_commit_keeps_them``)."""


def _read_followed(data: object) -> tuple[tuple[str, ...], tuple[str, ...], str, str | None, list[str]]:
    """A kept :func:`_followed_kept` answer; anything else raises."""
    shas, later, english, translated, guessed = data  # type: ignore[misc]
    if not isinstance(english, str) or not (translated is None or isinstance(translated, str)):
        raise TypeError("malformed followed entry")
    return (tuple(str(x) for x in shas), tuple(str(x) for x in later), english, translated,
            [str(x) for x in guessed])


def followed(layout: DocsLayout, lang: str, rels: Collection[str] | None = None, *, store: Store | None = None,
             coverage: bool = True) -> dict[str, Followed]:
    """``rel`` -> :class:`Followed` for every translated doc of ``lang`` with a base (``rels``: only these;
    :func:`find_bases`, so the cache of an earlier run at the same state is used); each with the English it
    follows and (``coverage``) the units the translation as it is in the work tree does not hold. Blobs are
    read through ``store`` (default: the repository's, with its cache), a few docs at a time. Raises
    :class:`RepoError` without a usable history. Python's cyclic collector is paused meanwhile, as for
    ``status`` (:func:`hfi18n.repo.status.compute_status`: a cold ``check`` of the 20,000-commit repo
    spent seconds in it)."""
    own = store is None
    store = store if store is not None else Store.of(layout)
    try:
        with cyclic_gc_paused():
            return _followed(layout, lang, rels, store, coverage)
    finally:
        if own:
            store.close()


def _followed(layout: DocsLayout, lang: str, rels: Collection[str] | None, store: Store, coverage: bool
              ) -> dict[str, Followed]:
    bases = find_bases(layout, lang, store=store, rels=rels)
    history = _history_of(layout, lang, rels, store)
    pairs = [p for p in pair_translations(layout, history, lang) if rels is None or p.rel in rels]
    fps = Fingerprints(store)
    out: dict[str, Followed] = {}
    for chunk in pair_chunks(pairs):
        todo = [(p, base) for p in chunk if (base := bases.get(p.rel)) is not None and p.twin is not None
                and base.base_commit in history.by_sha]
        # every version's text at once (one cat-file), but only for the docs whose record is not kept: a
        # warm check of the 20,000-commit repo read 11 batches of blobs it never used (0.9 -> 2.9 cpu s)
        kept: set[str] = set()
        keys: dict[str, str] = {}  # worked out once per doc: the lookup here and the record's own (follow)
        if store.cache.enabled:
            keys = {p.rel: _followed_key(history, base, p.lineage, p.twin, lang)
                    for p, base in todo if p.lineage is not None}
            found = store.cache.get_many("followed", keys.values(), _read_followed)
            kept = {rel for rel, key in keys.items() if key in found}
        store.blobs.load(v.blob for p, _ in todo if p.rel not in kept for chain in (p.lineage, p.twin)
                         if chain is not None for v in chain.versions if v.blob)
        for p, base in todo:
            assert p.twin is not None
            translation: str | None = None
            with contextlib.suppress(InputError):
                translation = read_text(layout.path(lang, p.rel)) if coverage else None
            out[p.rel] = follow(history, base, p.lineage, p.twin, fps, translation, lang, keys.get(p.rel))
            fps.forget()  # the next doc's versions are other blobs
    return out


class _Follows:
    """The English a translation follows, carried along the English versions: its lines, and for each the line
    of the current English version it is (None: a line that version changed and the translation did not
    take). One diff per English version (needed anyway), no merge of whole texts: status computes it for
    every translated doc."""

    def __init__(self, base: str) -> None:
        self.lines = base.splitlines(keepends=True)
        self.src: list[int | None] = list(range(len(self.lines)))
        self._ops: list[Opcode] = []

    def hunks(self, old: str, new: str) -> list[Opcode]:
        self._old, self._new = old.splitlines(keepends=True), new.splitlines(keepends=True)
        self._ops = opcodes(self._old, self._new, head_tail=True)
        self._at = {i: k for k, i in enumerate(self.src) if i is not None}
        return [op for op in self._ops if op[0] != "equal"]

    def applies(self, op: Opcode) -> bool:
        """Does the hunk touch only lines the followed English holds as that version has them (an insertion:
        next to one of them)?"""
        return self._place(op) is not None

    def _place(self, op: Opcode) -> tuple[int, int] | None:
        """Where the hunk's lines are in the followed English: the lines it changes, held there in one run;
        an insertion goes after the line before it, else before the line after it.

        Why not the lines around a change too: a list item the English changed while the translation did not
        follow is a line the followed English holds as it was; the next item changed in both languages in one
        commit did not apply next to it, was not judged, and ``check`` said nothing of a paragraph changed on
        both sides (smolagents installation.md, bench_properties; issue 31, P5)."""
        _tag, i1, i2, _j1, _j2 = op
        at, n = self._at, len(self._old)
        if i2 > i1:
            held = [at.get(i) for i in range(i1, i2)]
            if held[0] is None or held != list(range(held[0], held[0] + len(held))):
                return None
            return held[0], held[0] + len(held)
        before = at[i1 - 1] + 1 if i1 > 0 and i1 - 1 in at else (0 if i1 == 0 else None)
        after = at[i1] if i1 < n and i1 in at else (len(self.lines) if i1 == n else None)
        if before is not None and after is not None and before != after:
            return None  # lines the translation still follows lie between its neighbours: no one place
        at_ = before if before is not None else after
        return None if at_ is None else (at_, at_)

    def step(self, old: str, new: str, taken: list[Opcode]) -> None:
        """Move to English version ``new`` (from ``old``), the hunks ``taken`` carried to the translation."""
        if not self._ops:  # not diffed yet (an English commit the translation did not see)
            self.hunks(old, new)
        # lines the English moved unchanged are held where they went: a paragraph of a section the English
        # moved (drift) and then changed in both languages in one commit is judged like any other (else
        # its hunk touched lines the followed English did not hold, and ``check`` said nothing of it:
        # smolagents tutorials/memory.md, two sections swapped; issue 31, P5)
        in_order, moved = same_items(self._old, self._new, self._ops)
        equal = {**in_order, **{i: j for i, j in moved.items() if self._old[i].strip()}}
        edits = sorted(((place, op) for op in taken if (place := self._place(op)) is not None), reverse=True)
        lines, src = list(self.lines), [equal.get(i) if i is not None else None for i in self.src]
        for (lo, hi), (_tag, _i1, _i2, j1, j2) in edits:
            lines[lo:hi] = self._new[j1:j2]
            src[lo:hi] = range(j1, j2)
        self.lines, self.src, self._ops = lines, src, []

    def text(self) -> str:
        return "".join(self.lines)


def drift(history: History, fps: Fingerprints, base: BaseInfo, lineage: Lineage, twin: Lineage,
          lang: str = "ko") -> Drift:
    """How the English moved since ``base``, commit by commit, and the English the translation follows.

    An English commit after the base that did not change the translation is drift (:attr:`Drift.behind`).
    One that changed it too is carried as far as the translation took its change (:func:`carried_hunks`):
    whole (:attr:`Drift.mirrored`) or in part (behind, and :attr:`Drift.partly`). The English the
    translation follows is the base English with every carried change applied where it still has the lines
    that change touched (:func:`hfi18n.pair.diff.merge3`).

    Why: a commit that changed the English and the translation is not always one change made twice. A
    sweep or an ``[[autodoc]]`` added to both is the translation's as much as its base (compared with the
    base alone, the carried lines were "not in the English", and an update re-sent segments the sweep had
    already changed in the translation, replacing human text); but ``git add -A`` after an English edit
    commits whatever else was waiting, such as the output of the last ``translate --update``, and counted as
    "mirrored" that English edit made the page "up to date" for ever and an update found nothing to send
    (issue 31)."""
    start = history.by_sha[base.base_commit]
    mine: dict[int, tuple[str | None, str]] = {}  # commit -> (translation blob before it, after it)
    prev_blob: str | None = None
    for v in lineage.versions:
        if v.blob is not None and v.blob != prev_blob:
            mine[v.commit] = (prev_blob, v.blob)
        prev_blob = v.blob
    out = Drift([], [], "")
    follows = _Follows(fps.blobs.text(base.base_blob))
    synced = base.base_blob  # the English version ``follows`` is lined up with (one diff per carried commit)
    prev: str | None = None
    for v in twin.versions:
        if v.commit <= start or v.blob is None or (v.status == "R" and v.added == 0 and v.removed == 0):
            prev = v.blob
            continue
        commit = history.commits[v.commit]
        touched = mine.get(v.commit)
        if prev is not None and v.added == v.removed and _line_ends_only(fps.blobs.text(prev), fps.blobs.text(v.blob)):
            if synced != prev:  # nothing to translate: the translation follows it as it is
                follows.step(fps.blobs.text(synced), fps.blobs.text(prev), [])
            old, new = fps.blobs.text(prev), fps.blobs.text(v.blob)
            follows.step(old, new, [op for op in follows.hunks(old, new) if follows.applies(op)])
            synced = prev = v.blob
            continue
        if prev is None or touched is None or touched[0] is None or touched[1] == base.written:
            # drift: lined up later, in one diff, if ever a commit carries something. A commit that brings a
            # page exactly as a run wrote it from the base English (:attr:`BaseInfo.written`) carries none of
            # its own English change: ``git add -A`` after an English edit committed the last update's page
            # with it, the edit was taken as carried, and a translator's later edit of that paragraph was
            # kept unsaid (diffusers installation.md, bench_properties, s31; P5). A page with hand edits on
            # top is judged as any commit (its hand edits may be that change made twice: SignoffMachine)
            out.behind.append(commit)
            prev = v.blob
            continue
        old, new = fps.blobs.text(prev), fps.blobs.text(v.blob)
        if synced != prev:
            follows.step(fps.blobs.text(synced), old, [])
        # a hunk on lines the followed English does not hold changes drift already counted: not judged
        raw = follows.hunks(old, new)
        hunks = [op for op in raw if follows.applies(op)]
        taken = carried_hunks(fps, prev, v.blob, touched[0], touched[1], hunks, lang, out.guessed)
        follows.step(old, new, taken)
        synced = v.blob
        # a commit that carried nothing is no mirror, even when no hunk of it could be judged: counted as
        # carried whole, a paragraph the English changed again (after drift) in the commit where a translator
        # edited its stale translation left that commit out of ``behind`` with nothing said, neither outdated
        # by it nor ``undecidable`` (diffusers training/create_dataset.md, bench_properties 2026-11-28, P5)
        if len(taken) == len(hunks) and (taken or not raw):
            out.mirrored.append(commit)
        else:
            out.behind.append(commit)
            if taken:
                out.partly.append(commit)
        prev = v.blob
    out.english = follows.text()
    return out


def _line_ends_only(old: str, new: str) -> bool:
    """Do two versions of an English doc differ only in whitespace at line ends? Such a commit carries nothing
    to translate: it is no drift, and the English a translation follows takes it. Counted as drift
    (``Errata - Trim trailing white space in the whole repo``, diffusers), the line it trimmed was no longer
    the followed English's, and a change of that paragraph made in both languages in one commit was neither
    carried nor said (issue 31, bench_properties)."""
    a, b = old.splitlines(), new.splitlines()
    return old != new and len(a) == len(b) and all(x.rstrip() == y.rstrip() for x, y in zip(a, b, strict=True))


def carried_hunks(fps: Fingerprints, en_before: str, en_after: str, tr_before: str, tr_after: str,
                  hunks: list[Opcode], lang: str = "ko", guessed: list[str] | None = None) -> list[Opcode]:
    """The hunks of an English change (``hunks``: line opcodes from blob ``en_before`` to ``en_after``) that a
    commit changing the translation from ``tr_before`` to ``tr_after`` carried to it, judged hunk by hunk:

    - lines with no prose (code, ``[[autodoc]]``, links, tags): each one the hunk adds is a line the
      translation gained, each one it removes that the translation had is a line it lost (a line the
      English only moved is neither);
    - prose the hunk adds: each new English segment has a translated counterpart (the pair model) whose
      text is new in the translation and not the English itself;
    - prose the hunk removes: the translated text paired with each removed segment is gone;
    - prose the hunk keeps (``<Tip>`` -> ``> [!TIP]`` around the same text) needs nothing more.

    What a commit left out of the translation (an English edit committed with the output of an earlier
    ``translate --update``, ``git add -A``) is drift, whatever else that commit changed."""
    if not hunks:
        return []
    had, now = fps.line_counts(tr_before), fps.line_counts(tr_after)
    gained, lost = now - had, had - now
    old_lines, new_lines = fps.blobs.text(en_before).splitlines(), fps.blobs.text(en_after).splitlines()
    raw_add = fps.line_counts(en_after) - fps.line_counts(en_before)
    raw_gone = fps.line_counts(en_before) - fps.line_counts(en_after)

    def copied(op: Opcode) -> bool:  # every line the hunk changes went into the translation as it is
        _tag, i1, i2, j1, j2 = op
        add = Counter(x for line in new_lines[j1:j2] if (x := _line(line)))
        gone = Counter(x for line in old_lines[i1:i2] if (x := _line(line)))
        return add <= raw_add and add <= gained and gone <= raw_gone and gone <= lost

    before_n = fps.line_counts(en_before)
    moved = {x for op in hunks for line in new_lines[op[3]:op[4]]  # added here, as many gone elsewhere
             if (x := _line(line)) and before_n[x] and not raw_add[x]}

    def moved_in(op: Opcode) -> bool:  # the hunk adds or removes a line the English only moved
        _tag, i1, i2, j1, j2 = op
        return any(_line(line) in moved for line in (*old_lines[i1:i2], *new_lines[j1:j2]))

    if moved and not _order_followed(new_lines, fps.blobs.text(tr_after).splitlines(), moved):
        hunks = [op for op in hunks if not moved_in(op)]  # the move is not the translation's
        if not hunks:
            return []
    if all(copied(op) for op in hunks):  # a license year, code, an [[autodoc]] line: no parse needed
        return list(hunks)
    def rendered(which: str) -> dict[str, tuple[Segment, ...]]:
        """English segment id -> its translated segments, before or after the commit (the pair model)."""
        return fps.rendered(en_before, tr_before, lang) if which == "before" else fps.rendered(en_after, tr_after,
                                                                                              lang)

    def segments(blob: str, texts: Counter[str]) -> list[Segment]:
        left = Counter(texts)
        return [seg for seg in fps.doc(blob).segments() if _take(left, seg.text)]

    en_lines = fps.line_counts(en_before) | fps.line_counts(en_after)
    wrote = any(x not in en_lines and any(c.isalpha() for c in x) for x in gained)  # a translated line came
    unwrote = any(x not in en_lines and any(c.isalpha() for c in x) for x in lost)  # one went

    def carried(op: Opcode) -> bool:
        _tag, i1, i2, j1, j2 = op
        # the hunk alone, no parse of the whole doc: its code lines (a line scan of the doc tells which lines
        # are in a fence) compare verbatim, the rest is parsed on its own for its prose
        old_prose, old_in = _snippet(old_lines, i1, i2, fps.fenced(en_before))
        new_prose, new_in = _snippet(new_lines, j1, j2, fps.fenced(en_after))
        add = raw_add & Counter(x for k, line in enumerate(new_lines[j1:j2]) if k not in new_in and (x := _line(line)))
        gone = raw_gone & Counter(x for k, line in enumerate(old_lines[i1:i2])
                                  if k not in old_in and (x := _line(line)) and had[x])
        if not (add <= gained and gone <= lost):
            return False
        fresh, dropped = new_prose - old_prose, old_prose - new_prose
        if fresh and not wrote or dropped and not unwrote:  # no translated line came or went: no pairing needed
            return False
        if fresh:
            before = {t.text for t in fps.doc(tr_before).segments()}
            new_segs = segments(en_after, fresh)
            if len(new_segs) < sum(fresh.values()):  # prose of the hunk the whole doc does not have: unsure
                return False
            if not all(any(t.text not in before and t.text != seg.text for t in rendered("after").get(seg.id, ()))
                       for seg in new_segs):
                return False
        if dropped:
            after = {t.text for t in fps.doc(tr_after).segments()}
            if not all(t.text not in after for seg in segments(en_before, dropped)
                       for t in rendered("before").get(seg.id, ())):
                return False
        if fresh and guessed is not None:  # taken because the paired translation changed in the same commit
            # (noted only for a hunk taken: noted before the check of what it dropped, a hunk not taken was
            # said to be taken, "undecidable", beside "outdated" for the same commit; smolagents
            # installation.md, bench_properties on main)
            guessed.extend(segment_hash(seg.text) for seg in new_segs)
        return True

    return [op for op in hunks if copied(op) or carried(op)]


def _order_followed(english: list[str], translation: list[str], moved: set[str]) -> bool:
    """Are the lines the English moved (``moved``: as :func:`_line` gives them) that the translation holds in the
    translation as the English orders them now: each between the nearest lines above and below it that both
    hold once and the English did not move?

    Why: a line the English only moved is neither gained nor lost, so a hunk of it was "carried" by any commit
    that touched the translation: huggingface_hub ko package_reference/mixins.md (bench_properties on main
    9f53823, round 44): the English swapped the ``### PyTorch`` and ``### Generic`` sections (an
    ``[[autodoc]]`` each) and ``git add -A`` committed a translator's edit of the intro with it; the swap was
    taken as carried, the page in the old order was read against the swapped English, and the noisy update
    replaced the human heading ``### 제네릭[[huggingface_hub.ModelHubMixin]]`` with machine text (P1)."""
    en = [_line(x) for x in english]
    tr = [_line(x) for x in translation]
    en_n, tr_n = Counter(x for x in en if x), Counter(x for x in tr if x)
    at = {x: k for k, x in enumerate(tr) if x and tr_n[x] == 1}
    marks = [k for k, x in enumerate(en) if x and en_n[x] == 1 and x in at and x not in moved]
    for k, x in enumerate(en):
        if x not in moved or en_n[x] != 1 or x not in at:
            continue  # held more than once, or not at all: nothing to place
        above = [at[en[m]] for m in marks if m < k][-1:]
        below = [at[en[m]] for m in marks if m > k][:1]
        if above and at[x] < above[0] or below and at[x] > below[0]:
            return False
    return True


def _take(counter: Counter[str], key: str) -> bool:
    """Take one ``key`` from ``counter`` if there is one left."""
    if counter[key] > 0:
        counter[key] -= 1
        return True
    return False


_HEADING_ANCHOR_RE = re.compile(r"^(#+\s.*?)\s*(?:\[\[[^\]\n]*\]\]|\{#[^}\n]*\})\s*$")


@lru_cache(maxsize=1 << 14)
def _line(text: str) -> str:
    """A line as carried changes are compared: stripped, byte-order mark too (diffusers ko files start with
    one), a heading without the ``[[anchor]]`` a translation adds (``## text_to_video[[...TextToVideoInput]]``).

    A function of the line alone, kept for the last 16,384 lines asked about: the versions of a doc share
    most of their lines (a cold diffusers ``check --lang ko`` asks about 94,000 lines, 7,133 different)."""
    line = text.strip().lstrip("\ufeff").strip()
    if line.startswith("#"):
        return _HEADING_ANCHOR_RE.sub(r"\1", line)
    return _TRAILING_COMMENT_RE.sub("", line)  # a code line's comment is translated (``x = 1  # x 설정``)


def _snippet(lines: list[str], start: int, end: int, fenced: set[int]) -> tuple[Counter[str], set[int]]:
    """Of the hunk ``lines[start:end]``: the texts of the segments with prose to translate of its lines outside
    code fences, parsed on their own, and which of its lines (0-based, from ``start``) hold prose or a code
    comment (translators translate both): the others compare verbatim."""
    outside = [k for k in range(start, end) if k not in fenced]
    doc = parse("\n".join(lines[k] for k in outside) + "\n")
    prose = {outside[k] - start for k in _prose_line_set(doc) if k < len(outside)}
    comments = {k - start for k in range(start, end) if k in fenced
                and lines[k].strip().startswith(("#", "//", ">>> #")) and not FENCE_RE.match(lines[k])}
    return Counter(seg.text for seg in doc.segments() if needs_translation(seg)), prose | comments


def _prose_line_set(doc: Document) -> set[int]:
    """0-based lines of the blocks that hold prose to translate (their other lines are markup around it), and
    the comment lines of code blocks (translators translate them)."""
    out: set[int] = set()
    for b in doc.blocks:
        start = b.start_line - 1
        if any(needs_translation(s) for s in b.segments):
            out.update(range(start, start + max(1, b.text.count("\n"))))
        elif b.kind is BlockKind.CODE:
            out.update(start + k for k, line in enumerate(b.text.split("\n"))
                       if line.strip().startswith(("#", "//", ">>> #")))
    return out


# ------------------------------------------------------------------------------------------- API


@dataclass(slots=True)
class Pair:
    """A translated file of one language and the English doc it belongs to."""

    rel: str
    lineage: Lineage | None
    """Its history, None when it is not committed."""
    en_rel: str | None
    """The English doc (relative to ``en/``), None for an orphan."""
    twin: Lineage | None
    """History of the English doc, None when it is not committed."""
    flags: list[str]


def pair_translations(layout: DocsLayout, history: History, lang: str) -> list[Pair]:
    """Every translated doc of ``lang`` in the work tree with its English doc: the twin at the same path,
    or the new path of an English source that was renamed while the translation stayed (flag ``moved``)."""
    out: list[Pair] = []
    claimed: set[str] = set()
    for rel in layout.docs(lang):
        if rel.rsplit(".", 1)[0] == PLACEHOLDER_LOCAL:
            continue  # the page toctree placeholders point to
        lin = history.current.get((lang, rel))
        en_rel = layout.twin(rel, SOURCE_LANG)
        flags: list[str] = []
        if en_rel is None and lin is not None:
            moved = moved_to(history, lin)
            new_rel = layout.twin(moved, SOURCE_LANG) if moved else None
            if moved and new_rel and new_rel not in claimed and layout.twin(moved, lang) is None:
                en_rel = new_rel
                flags.append("moved")
        if en_rel is not None:
            claimed.add(en_rel)
        twin = history.current.get((SOURCE_LANG, en_rel)) if en_rel else None
        out.append(Pair(rel, lin, en_rel, twin, flags))
    return out


def _recorded_base(history: History, twin: Lineage, rec: RunRecord, rel: str) -> BaseInfo | None:
    """The base a run recorded in the ledger, as a :class:`BaseInfo` (None when its English is not committed)."""
    versions = [v for v in twin.versions if v.blob == rec.en_blob]
    if not versions:
        return None
    v = versions[-1]
    sha = history.commits[v.commit].sha
    return BaseInfo(rel, twin.path, v.path, sha, rec.en_blob, "record", sha, sha, 1.0, written=rec.blob)


def review_record_write(layout: DocsLayout, lang: str, rel: str) -> Write | None:
    """The last machine write of a page as its review record (committed with the page) keeps it: a fresh
    clone has no ledger, and a commit of that write with hand edits on top follows its English there too."""
    record = read_record(layout, lang, rel) if record_path(layout, lang, rel).exists() else None
    if record is None or record.machine is None or not record.machine.page:
        return None
    return Write(record.machine.page, record.machine.english_blob, frozenset(record.machine.segments))


def review_record_bases(layout: DocsLayout, lang: str, rel: str) -> dict[str, str]:
    """Blob of a page version -> blob of the English it follows, from the page's review record in the
    repository (:mod:`hfi18n.repo.signoff`): the page as the last machine write wrote it, and as its
    reviewer approved it. A fresh clone has no ledger: an update that kept a changed English code comment
    untranslated ("comment not carried") wrote a page history cannot tell follows the new English (it
    does not carry the change), and the clone reported it outdated where the clone that ran the update
    said up to date."""
    record = read_record(layout, lang, rel) if record_path(layout, lang, rel).exists() else None
    out: dict[str, str] = {}
    if record is not None and record.signoff is not None and record.signoff.page and record.signoff.english_blob:
        out[record.signoff.page] = record.signoff.english_blob
    if record is not None and record.machine is not None and record.machine.page:
        out[record.machine.page] = record.machine.english_blob
    return out


_RECORD_LOGS: dict[tuple[str, str, str], dict[str, list[tuple[str, str]]]] = {}


def _record_log(top: Path, head: str, folder: str) -> dict[str, list[tuple[str, str]]]:
    """Path of a review record (relative to the git top) -> (commit sha, record blob) of every first-parent
    commit up to ``head`` that wrote it, newest first: one ``git log`` of a language's ``_review`` folder per
    process and HEAD (one per page walked the whole history once per page with a record)."""
    key = (str(top), head, folder)
    got = _RECORD_LOGS.get(key)
    if got is not None:
        return got
    raw = run_git(top, "-c", "core.quotePath=false", "log", "--first-parent", "--format=%x00%H", "--raw", "--no-abbrev", "--no-renames", head,
                  "--", folder).decode("utf-8", "replace")
    got = {}
    for chunk in raw.split("\0")[1:]:
        lines = chunk.strip().split("\n")
        for line in lines[1:]:
            meta, _, where = line.partition("\t")
            fields = meta.split()
            if line.startswith(":") and len(fields) >= 5 and not fields[4].startswith("D"):
                got.setdefault(where, []).append((lines[0].strip(), fields[3]))
    if len(_RECORD_LOGS) >= 8:
        _RECORD_LOGS.clear()
    _RECORD_LOGS[key] = got
    return got


def committed_writes(layout: DocsLayout, history: History, fps: Fingerprints, lang: str,
                     rel: str, before: Collection[str] = ()) -> list[tuple[int | None, Write, dict[str, str]]]:
    """Every version of the page's review record committed in HEAD's first-parent history, oldest first: the
    index of the commit that brought it (None: a commit the history read does not hold), the machine write
    it keeps, and its page blob -> English blob (:func:`review_record_bases`, of that version).

    Why: the record in the work tree holds only the last write, and a fresh clone has no ledger. diffusers ko
    ``optimization/tome.md`` (bench_properties on main 79e749a, 2026-11-28, round 6): two ideal updates
    were committed, each with its record, then in a fresh clone a third update (it kept a translator's edit
    and brought no new machine text) was committed with another paragraph changed on both sides. Knowing
    the third write alone, no commit of the page was a write it knew, the base went back to the corpus's
    commit of years before, and the next update re-translated both human-edited paragraphs. Only read for a
    page that has a record (pages this tool never wrote cost nothing).

    ``before``: the page's earlier paths (it was moved): their records are read too. A ``git mv`` of a page
    leaves its record where it was (nobody moves ``_review/``), so the moved page had none: huggingface_hub
    ko installation.md (bench_properties on main 79e749a, 2026-11-28, round 6): a run's page committed with
    a translator's edit, then the page moved; the base went back to the corpus's commit of years before,
    whose translation was taken to be that page, and the next update re-translated the edit (P1). A record
    holds the blobs of its page and English, so one of another page that later took the old path matches
    no version of this one."""
    top, _ = repo_dirs(layout)
    wheres: list[str] = []
    for p in (rel, *sorted(set(before) - {rel})):
        path = record_path(layout, lang, p)
        if not path.is_file() or not layout.is_inside(path):
            continue
        try:
            wheres.append(path.resolve().relative_to(top.resolve()).as_posix())
        except ValueError:
            continue
    try:
        folder = record_path(layout, lang, "x").parent.resolve().relative_to(top.resolve()).as_posix()
    except ValueError:
        return []
    if not wheres:
        return []
    logs = _record_log(top, history.head, folder)
    found = [found for where in wheres for found in logs.get(where, [])]
    if len(wheres) > 1:  # newest first, as one path's log is
        found.sort(key=lambda c: -1 if (i := history.by_sha.get(c[0])) is None else i, reverse=True)
    fps.blobs.load(b for _, b in found)
    out: list[tuple[int | None, Write, dict[str, str]]] = []
    for sha, blob in reversed(found):
        text = fps.blobs.text(blob)
        if not text or len(text) > MAX_RECORD_BYTES:
            continue
        try:
            record = ReviewRecord.from_text(text, rel)
        except InputError:
            continue
        if record.machine is None or not record.machine.page:
            continue
        bases = {record.machine.page: record.machine.english_blob}
        if record.signoff is not None and record.signoff.page and record.signoff.english_blob:
            bases[record.signoff.page] = record.signoff.english_blob
        write = Write(record.machine.page, record.machine.english_blob, frozenset(record.machine.segments))
        out.append((history.by_sha.get(sha), write, bases))
    return out


HAND_EDIT_SHARE = 0.5
"""A work tree that keeps at least this share of the segments a run wrote is that run's output with hand
edits on top (it follows the run's English); below it, it is something else (a checkout of another text)."""


def base_of(layout: DocsLayout, history: History, fps: Fingerprints, lang: str, pair: Pair,
            ledger: Ledger | None = None) -> BaseInfo | None:
    """The English version a translation follows: THE record every command reads (``status``,
    ``translate --update``, ``draft``/review, the web app, MCP), so they all give one answer.

    In order: the work tree is exactly what a run of this machine wrote (:mod:`hfi18n.repo.ledger`), or
    that output with hand edits not committed yet: that run's English. Else history: the commit versions
    of the translation (a version a run wrote follows that run's English, by this machine's ledger or the
    review record committed with the page, :func:`review_record_bases`; any commit that carries the
    English changes moves the base: :func:`find_base`). A translation never committed: by content.
    """
    if pair.twin is None:
        return None
    ledger = ledger if ledger is not None else ledger_for(layout)
    records = ledger.records(lang, pair.rel)
    committed = {v.blob for v in pair.lineage.versions if v.blob} if pair.lineage is not None else set()
    text: str | None = None
    if records or pair.lineage is None:
        text = read_text(layout.path(lang, pair.rel))
        now = text_blob(text)
        for rec in reversed(records):
            if rec.blob == now and (found := _recorded_base(history, pair.twin, rec, pair.rel)) is not None:
                return found
        head = pair.lineage.versions[-1].blob if pair.lineage is not None else None
        last = records[-1] if records else None
        if last is not None and now != head and last.blob not in committed and last.segments:
            kept = {segment_hash(s.text) for s in parse(text).segments()} & last.segments
            if len(kept) >= HAND_EDIT_SHARE * len(last.segments):
                found = _recorded_base(history, pair.twin, last, pair.rel)
                if found is not None:
                    return found
    if pair.lineage is None:
        assert text is not None
        return content_base(history, fps, pair.twin, text, pair.rel)
    kept = committed_writes(layout, history, fps, lang, pair.rel, {v.path for v in pair.lineage.versions})
    recorded = {page: en for _, _, bases in kept for page, en in bases.items()}
    recorded.update({**review_record_bases(layout, lang, pair.rel), **{r.blob: r.en_blob for r in records}})
    writes = [w for _, w, _ in kept]
    writes += [w for w in (review_record_write(layout, lang, pair.rel),) if w is not None]
    writes += [Write(r.blob, r.en_blob, r.machine) for r in records]
    beside = {at: w for at, w, _ in kept if at is not None}
    return find_base(history, fps, pair.lineage, pair.twin, recorded, writes, beside)


def _stamp(layout: DocsLayout, ledger: Ledger, lang: str, pair: Pair) -> str:
    """What the base of ``pair`` depends on besides the history up to HEAD: the English doc it pairs with,
    this machine's run records of it, the review record in the work tree (:func:`review_record_bases`: its
    blob, so an approval or a machine write changes the stamp), and (where :func:`base_of` reads it: with
    run records, or not committed) the content of its work-tree file. Raises :class:`~hfi18n.errors.InputError` when that file
    cannot be read, as :func:`base_of` does."""
    records = ledger.records(lang, pair.rel)
    h = hashlib.sha1(f"{pair.en_rel}\0{','.join(pair.flags)}\0".encode())
    if records or pair.lineage is None:
        h.update(text_blob(read_text(layout.path(lang, pair.rel))).encode())
    for r in records:
        h.update(json.dumps(r.to_json(), sort_keys=True).encode())
    with contextlib.suppress(OSError):  # unreadable: base_of says so
        h.update(b"record\0" + blob_id(record_path(layout, lang, pair.rel).read_bytes()).encode())
    return h.hexdigest()


class Bases:
    """The bases of one language's translations at HEAD (:func:`base_of`), kept in the persistent cache
    (:mod:`.cache`) under the docs root, HEAD, the language and the prose props, each with the
    :func:`_stamp` it was worked out for: right by construction (the history up to a commit never changes,
    and whatever else a base depends on is in its stamp). It replaces the bases file ``status`` wrote
    for ``translate --update`` (``status-cache.json``, keyed by HEAD and the files' sizes and times)."""

    def __init__(self, layout: DocsLayout, history: History, store: Store, lang: str,
                 ledger: Ledger | None = None) -> None:
        self.layout, self.history, self.store, self.lang = layout, history, store, lang
        self.ledger = ledger if ledger is not None else ledger_for(layout)
        info_prefix = _prefix(layout)
        self._key = f"{info_prefix}\0{history.head}\0{lang}\0{props_key()}"
        self._known: dict[str, tuple[str, BaseInfo | None]] = store.cache.get("bases", self._key, _read_bases) or {}
        self._fresh = False
        self._fps: Fingerprints | None = None
        self.computed = 0
        """Bases worked out by this run (the others came from the cache)."""

    @property
    def fps(self) -> Fingerprints:
        if self._fps is None:
            self._fps = Fingerprints(self.store)
        return self._fps

    def base(self, pair: Pair) -> BaseInfo | None:
        """:func:`base_of` ``pair``, from the cache when its stamp is the same."""
        stamp = _stamp(self.layout, self.ledger, self.lang, pair)
        hit = self._known.get(pair.rel)
        if hit is not None and hit[0] == stamp:
            return hit[1]
        self.fps.forget()  # what another translation's versions gave is no use here (memory: 437 MB)
        info = base_of(self.layout, self.history, self.fps, self.lang, pair, self.ledger)
        self.computed += 1
        self._known[pair.rel] = (stamp, info)
        self._fresh = True
        return info

    def prefetch(self, pairs: list[Pair]) -> None:
        """Read the blobs the pairs whose base is not cached need, in one git call."""
        todo = [p for p in pairs if p.rel not in self._known]
        self.store.blobs.load(v.blob for p in todo for chain in (p.lineage, p.twin) if chain is not None
                              for v in chain.versions if v.blob)

    def save(self) -> None:
        """Keep what this run worked out (written with the store's cache)."""
        if self._fresh:
            self.store.cache.put("bases", self._key, {
                rel: (stamp, tuple(getattr(b, f) for f in BaseInfo.__dataclass_fields__) if b is not None else None)
                for rel, (stamp, b) in self._known.items()}, head=self.history.head)
            self._fresh = False


def _read_bases(data: object) -> dict[str, tuple[str, BaseInfo | None]]:
    """The cached bases of a language (:meth:`Bases.save`); anything else raises."""
    out: dict[str, tuple[str, BaseInfo | None]] = {}
    for rel, (stamp, fields) in data.items():  # type: ignore[attr-defined]
        if not isinstance(rel, str) or not isinstance(stamp, str):
            raise TypeError("malformed bases entry")
        out[rel] = (stamp, BaseInfo(*fields) if fields is not None else None)
    return out


def _prefix(layout: DocsLayout) -> str:
    return layout.docs_root.resolve().as_posix()


def find_bases(layout: DocsLayout, lang: str, *, store: Store | None = None,
               rels: Collection[str] | None = None) -> dict[str, BaseInfo]:
    """``rel`` (relative to the language folder) -> :class:`BaseInfo` (:func:`base_of`) for every translated
    doc of ``lang`` with an English twin (``rels``: only these). From the persistent cache where it holds
    them (:class:`Bases`), else history is read once and the blobs of a few docs at a time in one batch."""
    gap = history_gap(layout)
    if gap is not None:  # a base guessed from a cut history would keep stale prose as "unchanged"
        raise RepoError(f"{gap}, so translate --update cannot tell what changed in the English", hint=DEEPEN_HINT)
    own = store is None
    store = store if store is not None else Store.of(layout)
    try:
        with cyclic_gc_paused():  # as in followed
            history = _history_of(layout, lang, rels, store)
            pairs = [p for p in pair_translations(layout, history, lang)
                     if p.twin is not None and (rels is None or p.rel in rels)]
            bases = Bases(layout, history, store, lang)
            out: dict[str, BaseInfo] = {}
            for chunk in pair_chunks(pairs):
                bases.prefetch(chunk)
                for p in chunk:
                    info = bases.base(p)
                    if info is not None:
                        out[p.rel] = info
            bases.save()
            return out
    finally:
        if own:
            store.close()


FEW_DOCS = 8
"""Up to this many docs asked for, their own history is read (:func:`.doclog.load_doc_history`), not the
whole docs root's."""


def _history_of(layout: DocsLayout, lang: str, rels: Collection[str] | None, store: Store) -> History:
    """The history :func:`find_bases` and :func:`followed` read for ``rels`` of ``lang``: for a few docs
    with their English twin in the work tree, theirs alone when it is the same as in the whole history
    (``check`` of one file: 1.8 of its 4.6 cpu s on the 20,000-commit repo went to the whole log), else
    the whole history (kept in the cache)."""
    if rels is not None and 0 < len(rels) <= FEW_DOCS and all(layout.twin(r, SOURCE_LANG) for r in rels):
        own = load_doc_history(layout, lang, sorted({r.rsplit(".", 1)[0] for r in rels}), store.cache)
        if own is not None:
            return own
    return load_history(layout, store.cache)


def pair_chunks(pairs: list[Pair], blobs: int = 1000) -> Iterator[list[Pair]]:
    """``pairs`` in runs whose versions have about ``blobs`` blobs: read together, without holding every
    version of a large repository at once. A run must fit in what the blob reader keeps
    (:attr:`.doclog.BlobReader.KEPT_CHARS`): with 2,000 blobs (12,000 characters each on the 20,000-commit
    repo) a cold ``status`` dropped 3,856 of the blobs it had read in one batch and read them again one at
    a time; with 1,000, none, and 20 MB less at the peak."""
    chunk: list[Pair] = []
    n = 0
    for p in pairs:
        chunk.append(p)
        n += sum(len(c.versions) for c in (p.lineage, p.twin) if c is not None)
        if n >= blobs:
            yield chunk
            chunk, n = [], 0
    if chunk:
        yield chunk


def english_at(layout: DocsLayout, commit: str, en_path: str) -> str:
    """The English doc ``en_path`` (relative to ``en/``) as it was at ``commit``."""
    info = repo_info(layout)
    try:
        data = run_git(info.top, "cat-file", "blob", f"{commit}:{info.prefix}{SOURCE_LANG}/{en_path}")
    except RepoError:
        raise RepoError(
            f"{SOURCE_LANG}/{en_path} does not exist at commit {commit[:12]}",
            hint="use the en_path_at_base and base_commit recorded by `hfi18n status --format json`",
        ) from None
    return data.decode("utf-8", "replace")
