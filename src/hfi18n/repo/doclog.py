"""Doc history of a repository in one pass: every doc file as a lineage of versions, renames followed.

:func:`load_history` runs one ``git log --first-parent -M --raw --numstat -z`` over the docs root and
replays it oldest first (:func:`replay`). Every doc file becomes a :class:`Lineage`: the chain of its
versions, followed through renames and moves (``.mdx`` -> ``.md``, folder moves, a language folder
renamed such as ``tm`` -> ``ta``, English docs moved from the docs root into ``en/``). Blob contents are
read afterwards in bulk with one ``git cat-file --batch`` (:class:`BlobReader`). No git command runs per
file. :mod:`hfi18n.repo.history` builds translation bases on top of this.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import subprocess
import threading
import weakref
from collections import OrderedDict
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RepoError
from .cache import Cache
from .git_errors import git_hint
from .layout import DOC_SUFFIXES, SOURCE_LANG, DocsLayout

# --------------------------------------------------------------------------------------------- git


def blob_id(data: bytes) -> str:
    """Git's blob id of ``data`` (what ``git hash-object`` prints), so a written file is recognised in history."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()



def run_git(repo: Path, *args: str, input: bytes | None = None) -> bytes:
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
        stderr = proc.stderr.decode("utf-8", "replace").strip()
        msg = stderr.splitlines()
        raise RepoError(f"git {args[0]} failed: {msg[-1] if msg else 'exit ' + str(proc.returncode)}",
                        hint=git_hint(stderr))
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
    added: int | None = 0
    removed: int | None = 0
    """Lines added and removed by the commit (-1 for a binary file): counted for translated docs; for an
    English doc, 0 and 0 for a pure rename and None otherwise (see :func:`_read_log`)."""


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

    def to_plain(self) -> tuple[object, ...]:
        """The history as plain values (:mod:`marshal`), for the persistent cache (:mod:`.cache`)."""
        index = {id(lin): k for k, lin in enumerate(self.lineages)}
        return (
            self.head,
            [(c.sha, c.time, c.subject, sorted(c.langs)) for c in self.commits],
            [(lin.lang, [(v.commit, v.path, v.blob, v.status, v.added, v.removed) for v in lin.versions])
             for lin in self.lineages],
            [(lang, rel, index[id(lin)]) for (lang, rel), lin in self.current.items()],
            [(lang, rel, [(a, b, index[id(lin)]) for a, b, lin in spans])
             for (lang, rel), spans in self.occupancy.items()],
        )

    @classmethod
    def from_plain(cls, data: object) -> History:
        """The history :meth:`to_plain` gave (a malformed value raises ``TypeError``, ``ValueError``...)."""
        head, commits, lineages, current, occupancy = data  # type: ignore[misc]
        lins = [Lineage(lang, [Version(*v) for v in versions]) for lang, versions in lineages]
        return cls(
            head,
            [Commit(k, sha, t, subject, frozenset(langs)) for k, (sha, t, subject, langs) in enumerate(commits)],
            lins,
            {(lang, rel): lins[k] for lang, rel, k in current},
            {(lang, rel): [(a, b, lins[k]) for a, b, k in spans] for lang, rel, spans in occupancy},
        )

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


LINK_MODE = "120000"
"""Git's file mode of a symbolic link (its blob holds the target path)."""


@dataclass(slots=True)
class _RawChange:
    status: str
    old: str | None
    new: str | None
    blob: str
    mode: str = ""
    """The file mode after the change (:data:`LINK_MODE` for a symbolic link)."""


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
            status, new_blob, mode = fields[4], fields[3], fields[1]
            letter = status[0]
            if letter in "RC":
                old, new = tokens[i], tokens[i + 1]
                i += 2
            else:
                old = new = tokens[i]
                i += 1
            if letter == "D":
                changes.append(_RawChange("D", old, None, new_blob, mode))
            elif letter == "A" or letter == "C":
                changes.append(_RawChange("A", None, new, new_blob, mode))
            elif letter == "R":
                changes.append(_RawChange("R", old, new, new_blob, mode))
                if fields[2] == new_blob:  # a pure rename: nothing added or removed, counted or not
                    stats.setdefault(new, (0, 0))
            else:  # M, T
                changes.append(_RawChange("M", old, new, new_blob, mode))
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
    shallow: bool = False
    """A shallow clone (its history is cut)."""


def repo_info(layout: DocsLayout) -> RepoInfo:
    """Where git keeps the repository, and HEAD, in one ``git rev-parse``."""
    try:
        out = run_git(layout.repo, "rev-parse", "--show-toplevel", "--absolute-git-dir", "--is-shallow-repository",
                      "HEAD").decode().split("\n")
    except RepoError:
        raise _why_no_head(layout.repo) from None
    top = Path(out[0].strip())
    rel = layout.docs_root.resolve().relative_to(top.resolve()).as_posix()
    return RepoInfo(top, (rel + "/") if rel != "." else "", Path(out[1].strip()), out[3].strip(),
                    out[2].strip() == "true")


_DIRS: dict[Path, tuple[Path, Path]] = {}


def repo_dirs(layout: DocsLayout) -> tuple[Path, Path]:
    """The git top-level folder and the git folder of ``layout``'s repository: :func:`repo_info` without HEAD,
    kept in-process by the folder while that git folder has a HEAD (raises as :func:`repo_info` the first
    time). Why: they do not change while a process runs, and the ledger, the store and the caches each asked
    ``git rev-parse`` for them, about 28 times a step of the property harness: two thirds of its git
    processes, each a fork of the whole interpreter (s36, 2026-11-28, cProfile of bench_properties)."""
    key = layout.repo.resolve()
    kept = _DIRS.get(key)
    if kept is not None and (kept[1] / "HEAD").is_file():
        return kept
    info = repo_info(layout)
    _DIRS[key] = (info.top, info.git_dir)
    return info.top, info.git_dir


def _why_no_head(repo: Path) -> RepoError:
    """A human error for a folder where ``git rev-parse HEAD`` fails: not a repository, or no commit yet."""
    try:
        run_git(repo, "rev-parse", "--absolute-git-dir")
    except RepoError:
        return RepoError(f"{repo} is not a git repository",
                         hint="status and translate --update read the docs' git history: run them in a clone "
                              "(git clone https://github.com/huggingface/<repo>)")
    return RepoError(f"the git repository at {repo} has no commits yet",
                     hint="commit the docs first (git add docs && git commit); the status of a translation "
                          "is worked out from the history")


_HISTORY_CACHE: dict[tuple[str, ...], History] = {}
"""In-process histories: ``(docs root, HEAD)`` -> the whole history; ``(docs root, HEAD, lang, ...)`` -> one
whose lines are counted for those languages only (:func:`load_history`'s ``langs``)."""


def load_history(layout: DocsLayout, cache: Cache | None = None, langs: Collection[str] | None = None) -> History:
    """Read and replay the doc history of ``layout`` (kept in-process by HEAD sha, and in ``cache`` by the
    docs root and HEAD: the history up to a commit never changes; a shallow clone's is never kept).

    ``langs``: the only translation languages the caller reads, when no cache keeps the history (``status
    --lang ko --no-cache``): the lines added and removed (:attr:`Version.added`) are then counted for their
    docs (and the English at the docs root, and link targets, as always) but not for the other languages'
    (theirs are None): :func:`_read_log`. A history kept in the cache is read by every language later, so
    it counts them all; a history counted for some languages is kept in-process apart from the whole one."""
    info = repo_info(layout)
    key = (str(layout.docs_root), info.head)
    if key in _HISTORY_CACHE:
        return _HISTORY_CACHE[key]
    ckey = f"{info.prefix}\0{info.head}"  # linked English docs follow targets' contents: at HEAD, fixed too
    if info.shallow:
        cache = None  # its history grows as it is deepened, under the same HEAD
    skip: list[str] = []
    if langs is not None and (cache is None or not cache.enabled):
        with contextlib.suppress(OSError):
            skip = sorted(p.name for p in layout.docs_root.iterdir() if p.is_dir() and _LANG_RE.match(p.name)
                          and p.name != SOURCE_LANG and p.name not in langs)
    if skip:
        key = (*key, *sorted(langs or ()))
        if key in _HISTORY_CACHE:
            return _HISTORY_CACHE[key]
    history = cache.get("history", ckey, History.from_plain) if cache is not None else None
    if history is None:
        parsed = _read_log(info, skip=skip)
        links = linked_targets(info, parsed)
        if links:  # English docs that are links to files elsewhere: their targets' history too (one more log)
            parsed = _read_log(info, sorted(set(links.values())), skip=skip)
        history = replay(parsed, info.prefix, info.head, links)
        if cache is not None and cache.enabled and not skip:  # (its plain form only for a cache that keeps it)
            cache.put("history", ckey, history.to_plain(), head=info.head)
    history.git_dir = info.git_dir
    _HISTORY_CACHE[key] = history
    return history


def load_doc_history(layout: DocsLayout, lang: str, stems: Collection[str], cache: Cache | None = None
                     ) -> History | None:
    """The history of a few docs only: every commit that touched ``lang/<stem>.md(x)`` or its English
    (``en/<stem>.md(x)``, or ``<stem>.md(x)`` at the docs root before the per-language layout), each with
    all of its changes under the docs root; None when it could differ from :func:`load_history`'s for those
    docs (then read the whole history): a shallow clone, an English doc that is a symbolic link, an added and
    a deleted one of its paths in one commit, renames leading out of its paths more than
    :data:`RENAME_ROUNDS` times (a rename to or from another path adds that path and its English and
    translation paths, and the commits are listed again).

    Why: ``check`` of one file read the log of every doc of every language (1.5 cpu s of git and 0.5 s of
    replay on the 20,000-commit repo) to pair one translation with its English. Listing the commits that
    touched these paths walks only their trees; those commits' changes are then read whole (``--no-walk``),
    with the very options of the full log, so each commit's changes, languages and line counts are the
    ones the full log gives, and the replayed lineages of these docs are the same: a lineage changes only at
    commits that touch its path, and those are exactly the commits read, once no rename leads out of the
    paths read."""
    info = repo_info(layout)
    if info.shallow:
        return None
    paths = _doc_paths(info.prefix, lang, stems)
    key = (str(layout.docs_root), info.head, lang, *paths)
    if key in _DOC_HISTORY_CACHE:  # None too: find_bases and followed both ask
        return _DOC_HISTORY_CACHE[key]
    whole = _HISTORY_CACHE.get((str(layout.docs_root), info.head))
    if whole is not None:  # read already in this process: the same lineages
        return whole
    # kept in the persistent cache by HEAD and the paths (a decline too): a warm check of one file read git
    # four times (0.3 cpu s on the 20,000-commit repo) where the whole history came from the cache before
    ckey = "\0".join((info.prefix, info.head, *paths))
    kept = cache.get("dochistory", ckey, lambda d: (History.from_plain(d) if d is not None else None,)) \
        if cache is not None else None
    if kept is not None:
        history = kept[0]
    else:
        history = _doc_history(info, lang, paths)
        if cache is not None and cache.enabled:
            cache.put("dochistory", ckey, history.to_plain() if history is not None else None, head=info.head)
    if history is not None:
        history.git_dir = info.git_dir
    _DOC_HISTORY_CACHE[key] = history
    return history


def _doc_history(info: RepoInfo, lang: str, paths: list[str]) -> History | None:
    chain = run_git(info.top, "rev-list", "--first-parent", "--parents", info.head).decode().splitlines()
    order = {line[:40]: k for k, line in enumerate(chain)}
    # which merges a path-limited walk lists is git's history simplification: every merge of the chain is
    # read (a few; one that changed no doc adds an empty commit, which pairs and counts nothing)
    merges = {line[:40] for line in chain if line.count(" ") > 1}
    mine = set(paths)
    for _round in range(RENAME_ROUNDS):
        touched = run_git(info.top, "log", "--first-parent", "--format=%H", info.head, "--", *sorted(mine)).split()
        shas = sorted({*(s.decode() for s in touched), *merges}, key=lambda sha: order.get(sha, -1))
        counted = sorted(p for p in mine if not p.startswith(f"{info.prefix}{SOURCE_LANG}/"))  # as the whole log
        parsed = _read_log(info, commits=shas, count_only=counted) if shas else []
        theirs = set(counted)
        joined: set[str] = set()
        for _sha, _t, _s, changes, _st in parsed:
            for ch in changes:
                if ch.mode == LINK_MODE and ch.new in mine:
                    return None
                if ch.status == "R" and (ch.old in mine) != (ch.new in mine):
                    joined.add(ch.new if ch.old in mine else ch.old)  # type: ignore[arg-type]
            # lines are counted on these paths alone: git could pair an added and a deleted one of them as a
            # rename there where the whole diff did not (too many candidates): then the counts could differ
            if sum(1 for ch in changes if ch.status in "AD" and (ch.old or ch.new) in theirs) > 1:
                return None
        if not joined:
            history = replay(parsed, info.prefix, info.head)
            history.git_dir = info.git_dir
            return history
        # a rename joins the doc to another path: read that path's history too (with its English and
        # translation paths), until no rename leads out
        for path in joined:
            split = _split_lang(path, info.prefix)
            mine.add(path)
            if split is not None:
                mine.update(_doc_paths(info.prefix, lang, [split[1].rsplit(".", 1)[0]]))
    return None


RENAME_ROUNDS = 4
"""Renames followed out of a doc's paths at most (each costs a walk); past them, the whole history is read."""


def _doc_paths(prefix: str, lang: str, stems: Collection[str]) -> list[str]:
    """The paths of docs ``stems`` in ``lang``, in English and at the docs root (English before the
    per-language layout), ``.md`` and ``.mdx``: every path whose history pairs a translation there."""
    return sorted({f"{prefix}{where}{stem}{suffix}" for stem in stems for suffix in DOC_SUFFIXES
                   for where in (f"{lang}/", f"{SOURCE_LANG}/", "")})


_DOC_HISTORY_CACHE: dict[tuple[str, ...], History | None] = {}


def _read_log(info: RepoInfo, targets: list[str] | None = None, commits: list[str] | None = None,
              count_only: list[str] | None = None, skip: Collection[str] = ()
              ) -> list[tuple[str, int, str, list[_RawChange], dict[str, tuple[int, int]]]]:
    """The parsed doc log, oldest first: the changes of every commit (``--raw``), and the lines added and
    removed in the translated docs (``--numstat``); ``targets``: files outside the docs root that English docs
    link to (:func:`linked_targets`), read and counted with them.

    Two ``git log`` run side by side: the line counts of English docs are never read (a pure rename is told
    by its blob), and counting them was three quarters of the log's time on a 20,000-commit repository
    (git diffs every changed file for ``--numstat``).

    ``commits``: only these commits (newest first), each with its changes (:func:`load_doc_history`);
    ``count_only``: the only paths whose lines are counted (theirs).

    ``skip``: language folders whose lines are not counted (:func:`load_history`'s ``langs``): a cold
    ``status --lang ko`` of the 20,000-commit repo counted the lines of nine languages it never reads (1.22
    cpu s of git; 0.92 for Korean alone). The counts of the other docs are the whole count's: git pairs the
    renames of a commit among its added and deleted files of the paths it diffs, so where a commit added,
    deleted or renamed a file of a skipped folder and one of another folder, that commit is counted again
    over every folder (10 of the 20,007 commits there; a language folder renamed, ``tm/`` -> ``ta/``, is such a
    commit)."""
    spec = [info.prefix or ".", *(targets or ())]
    revs = ["--no-walk=unsorted", "--stdin"] if commits is not None else [info.head]
    given = ("\n".join(commits) + "\n").encode() if commits is not None else None
    options = ["log", "--first-parent", "--diff-merges=first-parent", "-M", "-z", "--no-abbrev", "--no-color",
               f"--format={_LOG_FORMAT}"]

    def numstat(revs: list[str], given: bytes | None, skipped: Collection[str]) -> bytes:
        paths = count_only or [*spec, f":(exclude){info.prefix}{SOURCE_LANG}",
                               *(f":(exclude){info.prefix}{lg}" for lg in skipped)]
        return run_git(info.top, *options, *revs, "--numstat", "--", *paths, input=given)

    counted: list[bytes] = []
    failed: list[RepoError] = []

    def count() -> None:
        try:
            counted.append(numstat(revs, given, skip))
        except RepoError as exc:
            failed.append(exc)

    worker = threading.Thread(target=count, daemon=True)
    worker.start()
    try:
        raw = run_git(info.top, *options, *revs, "--raw", "--", *spec, input=given)
    finally:
        worker.join()
    if failed:
        raise failed[0]
    stats = {sha: st for sha, _t, _s, _c, st in parse_log(counted[0])}
    parsed = parse_log(raw)
    again = [sha for sha, _t, _s, changes, _st in parsed if skip and _pairs_across(changes, info.prefix, skip)]
    if again:  # these commits' renames may pair a skipped folder's file with another's: counted over all
        recount = numstat(["--no-walk=unsorted", "--stdin"], ("\n".join(again) + "\n").encode(), ())
        stats.update({sha: st for sha, _t, _s, _c, st in parse_log(recount)})
    for sha, _t, _s, _changes, st in parsed:
        st.update(stats.get(sha, {}))
    return parsed[::-1]


def _pairs_across(changes: list[_RawChange], prefix: str, skip: Collection[str]) -> bool:
    """Did a commit add, delete or rename (copy) a file of a ``skip`` folder and one of another folder? Then
    git's rename pairing of its changes may differ between a diff with the skipped folders and one without."""
    inside = outside = False
    for ch in changes:
        if ch.status == "M":
            continue
        for path in (ch.old, ch.new):
            if path is None:
                continue
            split = _split_lang(path, prefix)
            if split is not None and split[0] in skip:
                inside = True
            else:
                outside = True
    return inside and outside


def linked_targets(info: RepoInfo, parsed: list[tuple[str, int, str, list[_RawChange], dict[str, tuple[int, int]]]]
                   ) -> dict[str, str]:
    """Blob of every English doc that is a symbolic link to a file elsewhere in the repository -> that file's
    path (relative to the top of the repository); links out of the repository, or to a doc of the docs
    root (whose own history is read anyway), are left out.

    Why: some repositories keep ``docs/source/en/contributing.md`` as a link to ``../../../CONTRIBUTING.md``.
    doc-builder builds the target's text, so the English doc's content and history are the target's; read as
    the link, it was created years ago and never changed, and ``status`` called its translation up to date
    (``last_english_commit: None``) although the target had changed twice since (issue 31)."""
    wanted: dict[str, str] = {}  # link blob -> the link's path
    for _sha, _t, _subject, changes, _stats in parsed:
        for ch in changes:
            if ch.mode == LINK_MODE and ch.new and _is_doc(ch.new) and (split := _split_lang(ch.new, info.prefix)) \
                    and split[0] == SOURCE_LANG:
                wanted[ch.blob] = ch.new
    if not wanted:
        return {}
    reader = BlobReader(info.top)
    try:
        reader.load(wanted)
        texts = {blob: reader.text(blob) for blob in wanted}
    finally:
        reader.close()
    out: dict[str, str] = {}
    for blob, at in wanted.items():
        target = os.path.normpath(os.path.join(os.path.dirname(at), texts[blob].strip()))
        if target.startswith(("..", "/")) or target == "." or target.startswith(info.prefix):
            continue  # out of the repository, or a doc of the docs root
        out[blob] = target
    return out


def replay(
    parsed: list[tuple[str, int, str, list[_RawChange], dict[str, tuple[int, int]]]],
    prefix: str,
    head: str = "",
    links: dict[str, str] | None = None,
) -> History:
    """Replay parsed commits (oldest first) into lineages.

    ``links``: blob of an English doc that is a symbolic link -> the path of its target elsewhere in the
    repository (:func:`linked_targets`). Such a doc's versions are its target's contents: created with
    the target's content at that time, changed whenever the target changes."""
    links = links or {}
    targets = set(links.values())
    target_blob: dict[str, tuple[str, str] | None] = {}  # target path -> (its blob, its mode) now
    linking: dict[tuple[str, str], str] = {}  # an English doc that is a link now -> its target
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
        moving: dict[tuple[str, str], Lineage] = {}
        todo: list[tuple[_RawChange, tuple[str, str] | None, tuple[str, str] | None]] = []
        retargeted: dict[str, _RawChange] = {}  # a target changed by this commit
        for ch in changes:
            for path in (ch.old, ch.new):
                if path in targets:
                    target_blob[path] = (ch.blob, ch.mode) if path == ch.new else None
                    retargeted[path] = ch
        for ch in changes:
            old = _split_lang(ch.old, prefix) if ch.old else None
            new = _split_lang(ch.new, prefix) if ch.new else None
            if new is not None and _is_doc(new[1]) and new[0] == SOURCE_LANG:
                if ch.mode == LINK_MODE and ch.blob in links:  # the link's version is its target's content
                    linking[new] = links[ch.blob]
                    now = target_blob.get(links[ch.blob])
                    ch = _RawChange(ch.status, ch.old, ch.new, now[0] if now else "", ch.mode)
                else:
                    linking.pop(new, None)
            if old is not None and ch.status in ("D", "R"):
                linking.pop(old, None)
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
            added, removed = stats.get(ch.new or ch.old or "", (None, None))
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
            lin.versions.append(Version(idx, new[1], ch.blob or None, status, added, removed))
            occupy(new, lin, idx)
        for key, target in linking.items():  # the target of a linked English doc changed: so did the doc
            if target not in retargeted or key not in current or current[key].versions[-1].commit == idx:
                continue
            now = target_blob.get(target)
            added, removed = stats.get(target, (0, 0))
            current[key].versions.append(Version(idx, key[1], now[0] if now else None, "M", added, removed))
            langs.add(key[0])
        commits.append(Commit(idx, sha, t, subject, frozenset(langs)))
    end = len(commits)
    for key in list(current):
        occupancy.setdefault(key, []).append((since[key], end + 1, current[key]))
    return History(head, commits, lineages, dict(current), occupancy)


# ------------------------------------------------------------------------------------ blob reading


_OBJECT_ID_RE = re.compile(r"[0-9a-f]{40}(?:[0-9a-f]{24})?")
"""A full git object id (SHA-1, or SHA-256 in a repository made with it)."""


class BlobReader:
    """Blob contents from git, through one long-lived ``git cat-file --batch`` process: in bulk (:meth:`load`)
    or one at a time (:meth:`text` of a blob not loaded).

    One process for the whole run, not one per :meth:`load`: git rebuilds a blob from the delta chain of its
    pack, and keeps the bases it rebuilt in its process (``core.deltaBaseCacheLimit``), which the versions of
    other docs share too (the same page in each language, a page and its move). The 9,812 blobs a cold
    ``status --lang ko`` of the 20,000-commit repo reads in 10 batches cost 2.96 cpu s of git with a
    process per batch, 1.52 in one process (the same bytes).

    At most :data:`KEPT_CHARS` characters of text are kept (the least recently used go first, read again
    when asked for): ``status`` on a 20,000-commit repository held every version of every doc it compared
    at once (680 MB). With 48 million its cold ``status`` peaked at 368 MB, over the 360 MB budget; with 16
    million, 277 MB for a few more blobs read again (within the noise of its 15 CPU seconds; the same rows).
    """

    KEPT_CHARS = 16_000_000
    AHEAD = 64
    """Blob ids written to git before their contents are read. Their 2.6 KB fit in the pipe to git whatever
    it writes meanwhile, so this side never blocks writing while git blocks on a full pipe back: a pipe holds
    64 KB, but Linux gives a user past ``pipe-user-pages-soft`` pipes of one 4 KB page, where the 21 KB of 512
    ids could deadlock both. One process for the run is the gain (below), not the batch size: 512 and 64
    read the 9,812 blobs of the 20,000-commit repo's status in the same time."""

    def __init__(self, repo: Path) -> None:
        self.repo = repo
        self._cache: OrderedDict[str, str] = OrderedDict()
        self._chars = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._finalizer: weakref.finalize | None = None
        self._lock = threading.Lock()  # one request and its answers at a time on the one process

    def _keep(self, sha: str, text: str) -> None:
        old = self._cache.pop(sha, None)
        if old is not None:
            self._chars -= len(old)
        self._cache[sha] = text
        self._chars += len(text)
        while self._chars > self.KEPT_CHARS and len(self._cache) > 1:
            _, gone = self._cache.popitem(last=False)
            self._chars -= len(gone)

    def load(self, blobs: Iterable[str]) -> None:
        """Read ``blobs`` (those not kept yet), in the order given.

        The order given, not sorted by id: callers list a doc's versions one after the other, and git
        rebuilds a version from its neighbour's delta while that one is still in its delta cache (the 9,812
        blobs above in one process: 1.62 cpu s of git sorted by id, 1.45 in the order of the versions)."""
        wanted = list(dict.fromkeys(b for b in blobs if b and b not in self._cache))
        for k in range(0, len(wanted), self.AHEAD):
            part = wanted[k:k + self.AHEAD]
            for sha, text in zip(part, self._read(part), strict=True):
                self._keep(sha, text)

    def _read(self, shas: list[str]) -> list[str]:
        """The texts of blobs ``shas`` (empty for a missing one), from the long-lived process.

        Only full object ids are sent, one per line; anything else is answered as missing. Why: git reads
        its requests a line each, so an id holding a newline ("<id>\\nHEAD:other.md", from a record file a PR
        author wrote) would be two requests, and every text after it would be given to the id before: one
        process for the whole run carries such a shift into every later read."""
        sent = [sha for sha in shas if _OBJECT_ID_RE.fullmatch(sha)]
        with self._lock:
            texts = dict(zip(sent, self._read_locked(sent), strict=True)) if sent else {}
        return [texts.get(sha, "") for sha in shas]

    def _read_locked(self, shas: list[str]) -> list[str]:
        proc = self._proc
        if proc is None:
            try:
                proc = self._proc = subprocess.Popen(
                    ["git", "-C", str(self.repo), "cat-file", "--batch"], stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                    env={**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"})
            except OSError:
                raise RepoError("git is not installed", hint="install git; status reads the doc history") from None
            self._finalizer = weakref.finalize(self, _stop, proc)
        assert proc.stdin is not None and proc.stdout is not None
        out: list[str] = []
        try:
            proc.stdin.write("".join(sha + "\n" for sha in shas).encode())
            proc.stdin.flush()
            for sha in shas:
                line = proc.stdout.readline()
                if not line:
                    raise ValueError(f"git cat-file ended before {sha}")
                header = line.split()
                if len(header) < 3 or header[1] == b"missing":
                    out.append("")
                    continue
                out.append(proc.stdout.read(int(header[2]) + 1)[:-1].decode("utf-8", "replace"))
        except (OSError, ValueError):
            self.close()
            raise RepoError(f"git cat-file stopped while reading blob {sha[:12]}",
                            hint="run status inside a git checkout with at least one commit") from None
        return out

    def _read_one(self, sha: str) -> str:
        return self._read([sha])[0]

    def text(self, blob: str) -> str:
        got = self._cache.get(blob)
        if got is None:
            got = self._read_one(blob)
            self._keep(blob, got)
        else:
            self._cache.move_to_end(blob)
        return got

    def close(self) -> None:
        """Stop the long-lived ``git cat-file`` process, if one runs."""
        if self._finalizer is not None:
            self._finalizer()
        self._proc = self._finalizer = None


def _stop(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(OSError, ValueError):
        if proc.stdin is not None:
            proc.stdin.close()
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        proc.wait(timeout=5)
