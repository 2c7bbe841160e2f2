"""Doc history in one pass, and the English version each translation was based on.

Reading history
---------------
:func:`load_history` runs one ``git log --first-parent -M --raw --numstat -z`` over the docs root and
replays it oldest first. Every doc file becomes a :class:`Lineage`: the chain of its versions, followed
through renames and moves (``.mdx`` -> ``.md``, folder moves) inside its language folder. Blob contents
are read afterwards in bulk with one ``git cat-file --batch`` (:class:`BlobReader`). No git command runs
per file.

Finding the base of a translation
---------------------------------
For a translated file we look at every commit that changed it and sort those into *translation events*
and *sweeps*:

* the commit that created the file (not a rename) is a translation event;
* a commit whose subject says it translates this language (``[i18n-KO]``, "Korean translation",
  "translate ... to Korean", "번역") is a translation event;
* a commit that changed docs of this language only (no English doc, no other language) and rewrote a
  large share of the file (at least :data:`REWRITE_SHARE` of its lines) is a translation event;
* everything else is a sweep or a fix: a commit that touched several languages at once (license year,
  syntax migration, an API renamed across every language, link clean-ups) or a small edit of the
  translation alone (typo fix). Sweeps and fixes do not re-translate the file, so they never move the base.

The base is the English twin (the English file at the translated file's path at that time, ``.md`` and
``.mdx`` alike) as it stood right after the last translation event (``method="history"``).

When history cannot give a base — no English twin existed at the event (the translation was made from
a file at another path, or its English had been deleted), or the English twin of today is a different
lineage from the one at the event — we fall back to content (``method="content"``): the translation's
*protected content* (code lines, ``[`Refs`]``, link targets; see :func:`protected_fingerprint`) is
compared with that of every historical version of today's English twin, and the best-matching version
(highest Dice overlap, latest on ties) is the base. Independently of the method, ``matched_revision``
is always the English revision whose protected content best matches the translation as it is today.

English commits after the base that also changed the translation (a sweep applied to both) are not
counted as "behind": the translation already has that change. A translation is outdated when at least
one English commit after its base did not touch it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RepoError
from ..fileio import atomic_write
from .layout import DOC_SUFFIXES, SOURCE_LANG, DocsLayout

REWRITE_SHARE = 0.1
"""A single-language commit that changes at least this share of a translated file re-translates it."""


# --------------------------------------------------------------------------------------------- git


def _git(repo: Path, *args: str, input: bytes | None = None) -> bytes:
    try:
        proc = subprocess.run(
            ["git", "-C", str(repo), *args],
            input=input,
            capture_output=True,
            check=False,
            env={**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"},
        )
    except FileNotFoundError:
        raise RepoError("git is not installed", hint="install git; status reads the doc history") from None
    if proc.returncode != 0:
        msg = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise RepoError(
            f"git {args[0]} failed: {msg[-1] if msg else 'exit ' + str(proc.returncode)}",
            hint="run status inside a git checkout with at least one commit",
        )
    return proc.stdout


# ------------------------------------------------------------------------------------------ model


@dataclass(slots=True)
class Commit:
    """One commit that changed the docs root (first-parent history)."""

    index: int
    """Position in history, 0 = oldest."""
    sha: str
    time: int
    """Author time (seconds since the epoch)."""
    subject: str
    langs: frozenset[str] = frozenset()
    """Languages (``en`` included) with at least one doc file changed by this commit."""
    toctree_langs: frozenset[str] = frozenset()
    """Languages whose ``_toctree.yml`` this commit changed."""


@dataclass(slots=True)
class Version:
    """A doc file as one commit left it."""

    commit: int
    """Index of the commit in :attr:`History.commits`."""
    path: str
    """Path relative to the language folder after the commit."""
    blob: str | None
    """Blob id after the commit; ``None`` when the commit deleted the file."""
    status: str
    """``A`` added, ``M`` modified, ``R`` renamed (maybe modified too), ``D`` deleted."""
    added: int = 0
    removed: int = 0


@dataclass(slots=True, eq=False)
class Lineage:
    """One doc file followed through its renames: every version, oldest first."""

    lang: str
    versions: list[Version] = field(default_factory=list)

    @property
    def path(self) -> str:
        return self.versions[-1].path

    @property
    def alive(self) -> bool:
        return self.versions[-1].blob is not None

    def at(self, commit: int) -> Version | None:
        """The version in force right after commit ``commit`` (``None`` if not yet created)."""
        found = None
        for v in self.versions:
            if v.commit > commit:
                break
            found = v
        return found

    def commits(self) -> set[int]:
        return {v.commit for v in self.versions}


@dataclass(slots=True)
class History:
    """Replayed doc history of a repository."""

    head: str
    """Sha of HEAD when the history was read."""
    commits: list[Commit]
    lineages: list[Lineage]
    current: dict[tuple[str, str], Lineage]
    """``(lang, rel)`` -> lineage of every doc alive at HEAD."""
    occupancy: dict[tuple[str, str], list[tuple[int, int, Lineage]]]
    """``(lang, rel)`` -> ``(from_commit, to_commit_exclusive, lineage)`` spans: which file sat at a path when."""
    by_sha: dict[str, int] = field(default_factory=dict)
    """Commit sha -> index in :attr:`commits`."""
    git_dir: Path | None = None
    """The repository's git folder, for caches."""

    def __post_init__(self) -> None:
        if not self.by_sha:
            self.by_sha = {c.sha: c.index for c in self.commits}

    def at_path(self, lang: str, rel: str, commit: int) -> Lineage | None:
        """The lineage at ``lang/rel`` right after ``commit``, ``.md``/``.mdx`` alike."""
        stem = rel.rsplit(".", 1)[0]
        for suffix in DOC_SUFFIXES:
            for start, end, lin in self.occupancy.get((lang, stem + suffix), ()):
                if start <= commit < end:
                    return lin
        return None

    def twin_now(self, rel: str, lang: str = SOURCE_LANG) -> Lineage | None:
        stem = rel.rsplit(".", 1)[0]
        for suffix in DOC_SUFFIXES:
            lin = self.current.get((lang, stem + suffix))
            if lin is not None:
                return lin
        return None


# ------------------------------------------------------------------------------------ log parsing

_LOG_FORMAT = "%x01%H%x02%at%x02%s"


_LANG_RE = re.compile(r"^[a-z]{2}(?:[-_][A-Za-z]{2,4})?$")
"""A top-level folder of the docs root that names a language (``ko``, ``pt``, ``zh-hans``, ``pt_BR``)."""


def _split_lang(path: str, prefix: str) -> tuple[str, str] | None:
    """``docs/source/ko/a/b.md`` -> ``("ko", "a/b.md")``; ``None`` outside the docs root.

    Before the per-language layout, English docs sat directly under the docs root (``docs/source/index.mdx``,
    ``docs/source/api/x.mdx``): a path whose first folder does not name a language is English, so the
    later move into ``en/`` is followed as a rename.
    """
    if not path.startswith(prefix):
        return None
    rest = path[len(prefix):]
    lang, sep, rel = rest.partition("/")
    if sep and rel and _LANG_RE.match(lang):
        return lang, rel
    return SOURCE_LANG, rest


def _is_doc(rel: str) -> bool:
    return rel.endswith(DOC_SUFFIXES)


@dataclass(slots=True)
class _RawChange:
    status: str
    old: str | None
    new: str | None
    blob: str


def parse_log(data: bytes) -> list[tuple[str, int, str, list[_RawChange], dict[str, tuple[int, int]]]]:
    """Parse ``git log -z --raw --numstat --format=_LOG_FORMAT`` output, newest commit first.

    Returns ``(sha, time, subject, raw changes, numstat by new path)`` per commit.
    """
    commits: list[tuple[str, int, str, list[_RawChange], dict[str, tuple[int, int]]]] = []
    tokens = data.decode("utf-8", "surrogateescape").split("\0")
    i, n = 0, len(tokens)
    changes: list[_RawChange] = []
    stats: dict[str, tuple[int, int]] = {}
    while i < n:
        tok = tokens[i].lstrip("\n")
        i += 1
        if not tok:
            continue
        if tok.startswith("\x01"):
            sha, t, subject = tok[1:].split("\x02", 2)
            changes, stats = [], {}
            commits.append((sha, int(t), subject, changes, stats))
        elif tok.startswith(":"):
            fields = tok[1:].split()
            status, new_blob = fields[4], fields[3]
            letter = status[0]
            if letter in "RC":
                old, new = tokens[i], tokens[i + 1]
                i += 2
            else:
                old = new = tokens[i]
                i += 1
            if letter == "D":
                changes.append(_RawChange("D", old, None, new_blob))
            elif letter == "A" or letter == "C":
                changes.append(_RawChange("A", None, new, new_blob))
            elif letter == "R":
                changes.append(_RawChange("R", old, new, new_blob))
            else:  # M, T
                changes.append(_RawChange("M", old, new, new_blob))
        else:  # numstat: "added\tremoved\tpath" or "added\tremoved\t" then old, new
            added, removed, path = tok.split("\t", 2)
            if not path:
                path = tokens[i + 1]
                i += 2
            stats[path] = (
                int(added) if added.isdigit() else -1,
                int(removed) if removed.isdigit() else -1,
            )
    return commits


@dataclass(slots=True, frozen=True)
class RepoInfo:
    top: Path
    """Git top-level folder."""
    prefix: str
    """Docs root relative to ``top``, with a trailing slash (empty when they are the same)."""
    git_dir: Path
    head: str


def repo_info(layout: DocsLayout) -> RepoInfo:
    """Where git keeps the repository, and HEAD, in one ``git rev-parse``."""
    out = _git(layout.repo, "rev-parse", "--show-toplevel", "--absolute-git-dir", "HEAD").decode().split("\n")
    top = Path(out[0].strip())
    rel = layout.docs_root.resolve().relative_to(top.resolve()).as_posix()
    return RepoInfo(top, (rel + "/") if rel != "." else "", Path(out[1].strip()), out[2].strip())


_HISTORY_CACHE: dict[tuple[str, str], History] = {}


def load_history(layout: DocsLayout) -> History:
    """Read and replay the doc history of ``layout`` (cached in-process by HEAD sha)."""
    info = repo_info(layout)
    key = (str(layout.docs_root), info.head)
    if key in _HISTORY_CACHE:
        return _HISTORY_CACHE[key]
    raw = _git(
        info.top,
        "log",
        "--first-parent",
        "--diff-merges=first-parent",
        "-M",
        "--raw",
        "--numstat",
        "-z",
        "--no-abbrev",
        "--no-color",
        f"--format={_LOG_FORMAT}",
        info.head,
        "--",
        info.prefix or ".",
    )
    history = replay(parse_log(raw)[::-1], info.prefix, info.head)
    history.git_dir = info.git_dir
    _HISTORY_CACHE[key] = history
    return history


def replay(
    parsed: list[tuple[str, int, str, list[_RawChange], dict[str, tuple[int, int]]]],
    prefix: str,
    head: str = "",
) -> History:
    """Replay parsed commits (oldest first) into lineages."""
    commits: list[Commit] = []
    lineages: list[Lineage] = []
    current: dict[tuple[str, str], Lineage] = {}
    since: dict[tuple[str, str], int] = {}
    occupancy: dict[tuple[str, str], list[tuple[int, int, Lineage]]] = {}

    def vacate(key: tuple[str, str], idx: int) -> Lineage | None:
        lin = current.pop(key, None)
        if lin is not None:
            occupancy.setdefault(key, []).append((since.pop(key), idx, lin))
        return lin

    def occupy(key: tuple[str, str], lin: Lineage, idx: int) -> None:
        if key in current and current[key] is not lin:
            vacate(key, idx)
        current[key] = lin
        since.setdefault(key, idx)

    for idx, (sha, t, subject, changes, stats) in enumerate(parsed):
        langs: set[str] = set()
        toc_langs: set[str] = set()
        moving: dict[tuple[str, str], Lineage] = {}
        todo: list[tuple[_RawChange, tuple[str, str] | None, tuple[str, str] | None]] = []
        for ch in changes:
            old = _split_lang(ch.old, prefix) if ch.old else None
            new = _split_lang(ch.new, prefix) if ch.new else None
            for loc in (old, new):
                if loc and loc[1] == "_toctree.yml":
                    toc_langs.add(loc[0])
            old = old if old and _is_doc(old[1]) else None
            new = new if new and _is_doc(new[1]) else None
            if old is None and new is None:
                continue
            if ch.status == "R" and (
                old is None or new is None or (old[0] == SOURCE_LANG) != (new[0] == SOURCE_LANG)
            ):
                # English turned into a translation (or a doc moved in or out of the docs root): a
                # deletion plus an addition. A language folder renamed (tm -> ta) stays a rename.
                if old is not None:
                    todo.append((_RawChange("D", ch.old, None, ch.blob), old, None))
                if new is not None:
                    todo.append((_RawChange("A", None, ch.new, ch.blob), None, new))
                continue
            todo.append((ch, old, new))
        # first take every moved or deleted file off its path, then place files
        for ch, old, _new in todo:
            if ch.status in ("R", "D") and old is not None:
                lin = vacate(old, idx)
                if lin is not None:
                    moving[old] = lin
        for ch, old, new in todo:
            added, removed = stats.get(ch.new or ch.old or "", (0, 0))
            if ch.status == "D":
                assert old is not None
                langs.add(old[0])
                lin = moving.get(old)
                if lin is not None:
                    lin.versions.append(Version(idx, old[1], None, "D", added, removed))
                continue
            assert new is not None
            langs.add(new[0])
            if ch.status == "R":
                assert old is not None
                lin = moving.pop(old, None)
            elif ch.status == "M":
                lin = current.get(new)
            else:
                lin = None
            status = ch.status
            if lin is None:
                lin = Lineage(new[0])
                lineages.append(lin)
                status = "A"
            lin.lang = new[0]
            lin.versions.append(Version(idx, new[1], ch.blob, status, added, removed))
            occupy(new, lin, idx)
        commits.append(Commit(idx, sha, t, subject, frozenset(langs), frozenset(toc_langs)))
    end = len(commits)
    for key in list(current):
        occupancy.setdefault(key, []).append((since[key], end + 1, current[key]))
    return History(head, commits, lineages, dict(current), occupancy)


# ------------------------------------------------------------------------------------ blob reading


class BlobReader:
    """Read blob contents in bulk with one ``git cat-file --batch`` per call of :meth:`load`."""

    def __init__(self, repo: Path) -> None:
        self.repo = repo
        self._cache: dict[str, str] = {}

    def load(self, blobs: Iterable[str]) -> None:
        wanted = sorted({b for b in blobs if b and b not in self._cache})
        if not wanted:
            return
        out = _git(self.repo, "cat-file", "--batch", input=("\n".join(wanted) + "\n").encode())
        pos = 0
        for sha in wanted:
            nl = out.index(b"\n", pos)
            header = out[pos:nl].split()
            pos = nl + 1
            if len(header) < 3 or header[1] == b"missing":
                self._cache[sha] = ""
                continue
            size = int(header[2])
            self._cache[sha] = out[pos : pos + size].decode("utf-8", "replace")
            pos += size + 1

    def text(self, blob: str) -> str:
        if blob not in self._cache:
            self.load([blob])
        return self._cache[blob]


# -------------------------------------------------------------------------------- content fingerprint

FENCE_RE = re.compile(r"^\s*(`{3,}|~{3,})")
_INLINE_CODE_RE = re.compile(r"(`+)(.+?)\1")
_LINK_RE = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_ATTR_RE = re.compile(r"\b(?:href|src)\s*=\s*[\"']([^\"']+)[\"']")
_REF_RE = re.compile(r"\[`([^`\]]+)`\]")


def fingerprint_text(text: str) -> Counter[str]:
    """Protected content of a doc: code lines, inline code, ``[`Refs`]`` and link targets.

    Private stand-in for ``hfi18n.doc.protected_fingerprint`` until the doc model provides it. Comment
    lines in code are left out: translators translate them.
    """
    fp: Counter[str] = Counter()
    fence: str | None = None
    for line in text.splitlines():
        m = FENCE_RE.match(line) if ("`" in line or "~" in line) else None
        if fence is not None:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
                continue
            s = line.strip()
            if s and not s.startswith(("#", "//", ">>> #")):
                fp["code:" + s] += 1
            continue
        if m:
            fence = m.group(1)
            continue
        if "`" in line:
            for r in _REF_RE.findall(line):
                fp["ref:" + r] += 1
            for _, code in _INLINE_CODE_RE.findall(_REF_RE.sub("", line)):
                fp["code:" + code.strip()] += 1
        if "](" in line:
            for target in _LINK_RE.findall(line):
                fp["link:" + target] += 1
        if "=" in line:
            for target in _ATTR_RE.findall(line):
                fp["link:" + target] += 1
    return fp


def similarity(a: Counter[str], b: Counter[str]) -> float:
    """Dice overlap of two fingerprints (1.0 = same protected content; 0.0 when both are empty)."""
    total = sum(a.values()) + sum(b.values())
    if not total:
        return 0.0
    common = sum((a & b).values())
    return 2 * common / total


# ------------------------------------------------------------------------------ translation events

LANGUAGE_NAMES: dict[str, tuple[str, ...]] = {
    "ko": ("korean", "한국어"),
    "zh": ("chinese", "中文"),
    "cn": ("chinese", "中文"),
    "zh-hans": ("chinese", "中文"),
    "ja": ("japanese", "日本語"),
    "pt": ("portuguese", "português"),
    "de": ("german", "deutsch"),
    "fr": ("french", "français"),
    "es": ("spanish", "español"),
    "it": ("italian", "italiano"),
    "hi": ("hindi", "हिन्दी"),
    "ta": ("tamil", "தமிழ்"),
    "tm": ("tamil", "தமிழ்"),
    "or": ("odia", "oriya", "ଓଡ଼ିଆ"),
    "ru": ("russian", "русский"),
    "tr": ("turkish", "türkçe"),
    "ar": ("arabic", "العربية"),
    "vi": ("vietnamese", "tiếng việt"),
    "id": ("indonesian", "bahasa indonesia"),
    "te": ("telugu", "తెలుగు"),
    "bn": ("bengali", "বাংলা"),
}
"""English and native names of the languages, to recognise translation commits by their subject."""

_NATIVE_TRANSLATE = {"ko": ("번역",), "zh": ("翻译", "翻譯"), "cn": ("翻译",), "ja": ("翻訳",)}
"""The word "translation" in the language itself: a subject using it is about that language."""
_TRANSLATE_WORDS = re.compile(r"translat|번역|翻译|翻訳|traduc|übersetz|tradu[zç]", re.IGNORECASE)


def is_translation_subject(subject: str, lang: str) -> bool:
    """Does a commit subject say it translates into ``lang``? (``[i18n-KO] ...``, "Korean translation")."""
    s = subject.lower()
    if re.search(rf"i18n[-_ ]{re.escape(lang.lower())}\b", s):
        return True
    if any(word in s for word in _NATIVE_TRANSLATE.get(lang.lower(), ())):
        return True
    if not _TRANSLATE_WORDS.search(s):
        return False
    names = LANGUAGE_NAMES.get(lang.lower(), ())
    return any(name in s for name in names) or re.search(rf"\b{re.escape(lang.lower())}\b", s) is not None


def _share(v: Version, prev_lines: int) -> float:
    if v.added < 0:  # binary
        return 1.0
    return (v.added + v.removed) / max(1, 2 * prev_lines + v.added - v.removed)


def translation_events(history: History, lineage: Lineage, blobs: BlobReader | None = None) -> list[Version]:
    """The versions of a translated file that (re-)translated it, oldest first; sweeps and fixes left out.

    See the module docstring for the rules. ``blobs`` gives file sizes for the rewrite share; without
    it the share is taken from the numstat of the commit against 100-line files.
    """
    events: list[Version] = []
    prev_lines = 0
    for v in lineage.versions:
        if v.blob is None:
            continue
        commit = history.commits[v.commit]
        lines = blobs.text(v.blob).count("\n") if blobs is not None else prev_lines + v.added - v.removed
        if v.status == "A":
            events.append(v)
        elif v.added == 0 and v.removed == 0:
            pass  # pure rename
        elif is_translation_subject(commit.subject, lineage.lang) or commit.langs == {lineage.lang} and _share(v, prev_lines) >= REWRITE_SHARE:
            events.append(v)
        prev_lines = lines
    return events


# ----------------------------------------------------------------------------------------- bases

CONTENT_MARGIN = 0.03
"""English versions whose fingerprint similarity is within this of the best count as equally good;
the latest of them wins (protected content often does not change between English revisions)."""

MIN_FINGERPRINT = 5
"""A translation with fewer protected items than this cannot be matched by content."""


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
    """``history``: the English in force at the last translation commit; ``content``: chosen by comparing
    protected content with every historical English version."""
    matched_revision: str | None
    """English revision whose protected content best matches the translation as it is today."""
    event_commit: str
    """Last commit that (re-)translated the file."""
    similarity: float
    """Protected-content similarity of the translation (at ``event_commit``) to the base, 0..1."""

    @classmethod
    def from_json(cls, data: dict[str, object]) -> BaseInfo:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__})  # type: ignore[arg-type]

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
        }


class Fingerprints:
    """Protected-content fingerprints of blobs, computed once each."""

    def __init__(self, blobs: BlobReader) -> None:
        self.blobs = blobs
        self._cache: dict[str, Counter[str]] = {}

    def __call__(self, blob: str) -> Counter[str]:
        fp = self._cache.get(blob)
        if fp is None:
            fp = self._cache[blob] = fingerprint_text(self.blobs.text(blob))
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


def find_base(history: History, fps: Fingerprints, lineage: Lineage, twin: Lineage) -> BaseInfo | None:
    """Base of translated ``lineage`` against its English ``twin`` of today (see the module docstring)."""
    events = translation_events(history, lineage, fps.blobs)
    if not events or not twin.versions:
        return None
    last = events[-1]
    assert last.blob is not None
    target = fps(last.blob)
    usable = sum(target.values()) >= MIN_FINGERPRINT
    twin_versions = [v for v in twin.versions if v.blob]
    at_event = history.at_path(SOURCE_LANG, last.path, last.commit)
    base: Version | None = None
    method = "history"
    if at_event is twin:
        candidates = [v for v in twin_versions if v.commit <= last.commit]
        base = candidates[-1] if candidates else None
        if base is not None and usable:
            pick = best_by_content(candidates, target, fps)
            if pick is not None and pick[0] is not base:
                base, method = pick[0], "content"
    if base is None:
        # no usable pairing in history: compare with every English version
        pick = best_by_content(twin_versions, target, fps) if usable else None
        if pick is not None:
            base, method = pick[0], "content"
        else:
            before = [v for v in twin_versions if v.commit <= last.commit]
            base = before[-1] if before else twin_versions[0]
    assert base.blob is not None
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
        event_commit=history.commits[last.commit].sha,
        similarity=similarity(target, fps(base.blob)),
    )



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
    """English commits after the base that changed the translation too (sweeps applied to both)."""


def drift(history: History, base: BaseInfo, lineage: Lineage, twin: Lineage) -> Drift:
    start = history.by_sha[base.base_commit]
    seen = lineage.commits()
    behind: list[Commit] = []
    mirrored: list[Commit] = []
    for v in twin.versions:
        if v.commit <= start or v.blob is None or (v.status == "R" and v.added == 0 and v.removed == 0):
            continue
        (mirrored if v.commit in seen else behind).append(history.commits[v.commit])
    return Drift(behind, mirrored)


# ------------------------------------------------------------------------------------------- API


def translated_pairs(history: History, lang: str) -> list[tuple[Lineage, Lineage | None]]:
    """Every translated doc of ``lang`` alive at HEAD with its English twin of today (or ``None``)."""
    return [
        (lin, history.twin_now(rel))
        for (lg, rel), lin in sorted(history.current.items(), key=lambda kv: kv[0])
        if lg == lang
    ]


CACHE_FILE = "hfi18n/status-cache.json"
"""Bases found by the last status run, under the git folder, keyed by HEAD."""


def _cache_path(git_dir: Path | None) -> Path | None:
    return git_dir / CACHE_FILE if git_dir is not None else None


def write_bases_cache(layout: DocsLayout, head: str, bases: dict[str, dict[str, BaseInfo]]) -> None:
    """Record the bases of every language for ``translate --update`` (best effort: a cache)."""
    history = load_history(layout)
    path = _cache_path(history.git_dir)
    if path is None:
        return
    data = {"head": head, "bases": {lang: {rel: b.to_json() for rel, b in sorted(m.items())}
                                    for lang, m in bases.items()}}
    old = _read_cache(path, head)
    for lang, m in old.items():
        data["bases"].setdefault(lang, {rel: b.to_json() for rel, b in m.items()})
    with contextlib.suppress(OSError):  # a read-only checkout still gets its status
        atomic_write(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def _read_cache(path: Path, head: str) -> dict[str, dict[str, BaseInfo]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("head") != head:
            return {}
        return {lang: {rel: BaseInfo.from_json(b) for rel, b in m.items()} for lang, m in data["bases"].items()}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def find_bases(layout: DocsLayout, lang: str) -> dict[str, BaseInfo]:
    """``rel`` (relative to the language folder) -> :class:`BaseInfo` for every committed translated doc of
    ``lang`` with an English twin. Uses the cache of the last ``status`` run at the same HEAD, else reads
    history once and blob contents in one batch."""
    history = load_history(layout)
    path = _cache_path(history.git_dir)
    cached = _read_cache(path, history.head) if path is not None else {}
    if lang in cached:
        return cached[lang]
    blobs = BlobReader(layout.repo)
    pairs = [(lin, twin) for lin, twin in translated_pairs(history, lang) if twin is not None]
    blobs.load(v.blob for lin, twin in pairs for v in (*lin.versions, *twin.versions) if v.blob)
    fps = Fingerprints(blobs)
    out: dict[str, BaseInfo] = {}
    for lin, twin in pairs:
        assert twin is not None
        info = find_base(history, fps, lin, twin)
        if info is not None:
            out[lin.path] = info
    return out


def english_at(layout: DocsLayout, commit: str, en_path: str) -> str:
    """The English doc ``en_path`` (relative to ``en/``) as it was at ``commit``."""
    info = repo_info(layout)
    try:
        data = _git(info.top, "cat-file", "blob", f"{commit}:{info.prefix}{SOURCE_LANG}/{en_path}")
    except RepoError:
        raise RepoError(
            f"{SOURCE_LANG}/{en_path} does not exist at commit {commit[:12]}",
            hint="use the en_path_at_base and base_commit recorded by `hfi18n status --format json`",
        ) from None
    return data.decode("utf-8", "replace")
