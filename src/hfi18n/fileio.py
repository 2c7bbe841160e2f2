"""Reading and writing doc files safely.

``read_text`` refuses what it cannot represent losslessly (non-UTF-8, huge files) with a clear error;
BOM and CRLF are kept in the returned text so that rendering gives back the exact bytes.
``atomic_write`` never leaves a half-written file: it writes a temporary file next to the target,
fsyncs it and renames it over the target, optionally only if the target is still what the caller read
(``snapshot``); the next write into a folder removes temporary files a killed run left there.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import functools
import hashlib
import os
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

from .errors import InputError, RefusedError, RepoError

MAX_DOC_BYTES = 5 * 1024 * 1024
"""Docs larger than this are refused: no real doc-builder page comes near it."""
DOC_SUFFIXES = (".md", ".mdx")
"""Doc files (re-exported by :mod:`hfi18n.repo.layout`): what :func:`atomic_write` holds to the size limit."""


def check_size(text: str, path: Path | str = "<output>") -> None:
    """Refuse to write a doc larger than :data:`MAX_DOC_BYTES`: it could not be read back (``check``,
    ``status`` and doc-builder's readers would refuse it), so it is never written."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_DOC_BYTES:
        raise InputError(
            f"refusing to write {size / 1e6:.1f} MB, larger than the {MAX_DOC_BYTES // 1_000_000} MB limit "
            "a doc is read with (it could not be checked or read back)",
            path=path,
            hint="split the English document into smaller pages before translating it",
        )


def decode_doc(data: bytes, path: Path | str = "<input>") -> str:
    """Decode ``data`` as UTF-8 (BOM kept as U+FEFF) or raise :class:`InputError` naming the line."""
    if len(data) > MAX_DOC_BYTES:
        raise InputError(
            f"file is {len(data) / 1e6:.1f} MB, larger than the {MAX_DOC_BYTES // 1_000_000} MB limit",
            path=path,
            hint="split the document, or check that this is really a Markdown doc",
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(
            f"not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})",
            path=path,
            line=line,
            hint="re-save the file as UTF-8; doc-builder only reads UTF-8",
        ) from None


def read_text(path: Path | str) -> str:
    """Read a doc as text, exactly (no newline translation)."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise InputError("file not found", path=p) from None
    except IsADirectoryError:
        raise InputError("is a directory, expected a Markdown file", path=p) from None
    return decode_doc(data, p)


TEMP_PREFIX = ".hfi18n-tmp-"
"""Name start of every temporary file: hidden, never ending like a doc (``.md``/``.mdx``/``.yml``)."""
TEMP_SUFFIX = ".partial"
STALE_TEMP_SECONDS = 120.0
"""A temporary file older than this was left by a killed run (a write takes milliseconds)."""
_LEGACY_TEMP = re.compile(r"^\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp$")
"""Temporary files of earlier versions: ``.<target name>.XXXXXXXX.tmp`` next to the target."""
ABSENT = "absent"
"""The :func:`snapshot` of a path where no file exists."""

_cleaned: set[Path] = set()
_cleaned_lock = threading.Lock()


def snapshot(path: Path | str) -> str:
    """What is at ``path`` now: :data:`ABSENT`, or a digest of its bytes (a link: of where it points).

    Taken when a run selects its docs and compared when it writes: a file whose snapshot changed in
    between (a human saved it, another run wrote it) is not replaced.
    """
    p = Path(path)
    if p.is_symlink():
        return "link:" + os.readlink(p)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        return ABSENT
    except IsADirectoryError:
        return "directory"
    return digest(data)


def digest(data: bytes) -> str:
    """The :func:`snapshot` of a file holding ``data``."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


def atomic_write(path: Path | str, text: str, *, expect: str | None = None) -> None:
    """Write ``text`` (UTF-8, newlines untouched) to ``path`` atomically.

    The text goes to a temporary file in the same folder (named :data:`TEMP_PREFIX`..., so no doc
    glob ever sees it), is fsynced, then renamed over ``path``: readers see the old file or the new
    one, never a part. ``expect`` (a :func:`snapshot`) refuses with :class:`RefusedError` when the file
    is no longer what the caller started from: the two are exchanged atomically and what was there is
    compared, and put back if it differs, so a file saved at the last moment is never lost. With
    :data:`ABSENT` the file is created only if nothing is there (atomically: a link, not a rename).
    Leftover temporary files of killed runs in the folder are removed (only ours: :func:`clean_stale_temps`).
    """
    p = Path(path)
    if p.suffix in DOC_SUFFIXES:  # a doc that could not be read back is never written
        check_size(text, p)
    p.parent.mkdir(parents=True, exist_ok=True)
    _clean_once(p.parent)
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=p.parent)
    try:
        os.chmod(tmp, _mode_for(p))
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if expect == ABSENT:
            try:
                os.link(tmp, p)  # fails if anything appeared at p meanwhile
            except FileExistsError:
                raise _changed(p) from None
            os.unlink(tmp)
        elif expect is not None and _swap(tmp, p):
            # p now holds the new text and tmp what p held: keep it only if it is what the caller read
            try:
                held = snapshot(tmp)
            except BaseException:
                _put_back(tmp, p)
                raise
            if held != expect:
                _put_back(tmp, p)  # the other text goes back, untouched
                raise _changed(p)
            os.unlink(tmp)
        else:
            if expect is not None and snapshot(p) != expect:
                raise _changed(p)
            os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def _swap(a: str, b: Path) -> bool:
    """Exchange two paths atomically (Linux ``renameat2(RENAME_EXCHANGE)``); False where the system cannot
    (then :func:`atomic_write` compares and renames, leaving a window of microseconds). Raises
    :class:`RefusedError` when ``b`` is gone."""
    fn = _renameat2()
    if fn is None:
        return False
    if fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(str(b)), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err == errno.ENOENT:
        raise _changed(b)
    if err in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.EPERM):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _put_back(tmp: str, p: Path) -> None:
    """Undo :func:`_swap`: what was at ``p`` (now at ``tmp``) goes back there, atomically."""
    try:
        if _swap(tmp, p):
            return
    except (OSError, RefusedError):
        pass
    os.replace(tmp, p)


_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


@functools.cache
def _renameat2():
    if sys.platform != "linux":
        return None
    try:
        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return None
    fn.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
    fn.restype = ctypes.c_int
    return fn


def _changed(p: Path) -> RefusedError:
    return RefusedError(f"{p} changed since this run started (someone saved it meanwhile?): not replaced",
                        path=None, hint="look at the file; run again to translate from what it holds now, "
                        "or with --force to replace it (a backup is kept)")


def is_temp_name(name: str) -> bool:
    """Is ``name`` one of our temporary files (of this version or an earlier one)?"""
    return name.startswith(TEMP_PREFIX) or _LEGACY_TEMP.match(name) is not None


def clean_stale_temps(folder: Path | str, *, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove our temporary files in ``folder`` left by a killed run; returns what was removed.

    Only files named like ours (:data:`TEMP_PREFIX`..., or ``.<name>.XXXXXXXX.tmp`` of earlier versions
    when ``<name>`` exists beside it) and older than ``older_than`` seconds (a run writing now is left
    alone) are touched; never a link, never a folder.
    """
    folder = Path(folder)
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except (FileNotFoundError, NotADirectoryError):
        return removed
    for entry in entries:
        if not entry.is_file(follow_symlinks=False):
            continue
        m = _LEGACY_TEMP.match(entry.name)
        if not (entry.name.startswith(TEMP_PREFIX) or (m and (folder / m.group("name")).exists())):
            continue
        with contextlib.suppress(OSError):
            if now - entry.stat(follow_symlinks=False).st_mtime >= older_than:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def _clean_once(folder: Path) -> None:
    """:func:`clean_stale_temps` of ``folder``, once per process."""
    with _cleaned_lock:
        if folder in _cleaned:
            return
        _cleaned.add(folder)
    clean_stale_temps(folder)


def _mode_for(path: Path) -> int:
    """The existing file's permissions, else what a plain ``open()`` would give (mkstemp makes 0600)."""
    try:
        return path.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def writable(root: Path | str, path: Path | str, *, where: str = "the checkout", replace_link: bool = False) -> Path:
    """``path`` (named inside ``root``) when writing it lands inside ``root``; else :class:`RepoError`.

    Every component from ``root`` down is looked at without following it: a folder that is a link leading
    out of ``root`` (or nowhere) is refused, and so is the file itself when it is a link at all (a write
    would land where it points, and git would commit the link unchanged). Forced by ``publish --dry-run``
    and the web app's "Preview the PR": a repository committed ``docs/source/ko/fsdp.md`` as a link to
    ``/data/<another visitor>/fsdp.md``, the preview copied the translation onto it (or created the file
    through a dangling link), and only then said "nothing to publish". Call it for every path a step will
    write *before* writing the first one, so a refusal leaves nothing half done.

    ``replace_link``: the file itself may be a link that stays inside ``root`` (``ko/gamma.md`` -> ``beta.md``,
    a placeholder a team committed); the caller removes the link and writes a real file in its place
    (never through it), so the pull request turns the link into the translation.
    """
    base = Path(os.path.abspath(root))
    full = Path(os.path.abspath(path))
    real_base = base.resolve()
    try:
        parts = full.relative_to(base).parts
    except ValueError:
        parts = ()
    if not parts or ".." in parts:
        raise RepoError(f"{path} is outside {where}", hint="give a path inside the repository")
    shown = Path(*parts).as_posix()
    cur = base
    for i, part in enumerate(parts):
        cur = cur / part
        if not cur.is_symlink():
            last = i == len(parts) - 1
            if cur.exists() and cur.is_dir() == last:  # a folder where the file goes, a file where a folder does
                raise RepoError(f"{Path(*parts[: i + 1]).as_posix()} is a {'folder' if last else 'file'} in {where}: "
                                f"cannot write {shown}", hint=f"{where} must have a {'file' if last else 'folder'} "
                                "there; rename or remove what is in the way, then run again")
            continue
        name = Path(*parts[: i + 1]).as_posix()
        target = os.readlink(cur)
        try:
            resolved = cur.resolve()
        except (OSError, RuntimeError):  # a loop of links
            resolved = None
        out = resolved is None or (resolved != real_base and real_base not in resolved.parents)
        if not (out or i == len(parts) - 1 or not cur.is_dir()):
            continue  # a folder linked within the repository: what it holds is the repository's
        if replace_link and not out and i == len(parts) - 1:
            continue  # the link itself is replaced, never followed
        if out:
            leads = ("outside the repository" if resolved is not None and resolved.exists()
                     else "to nothing, outside the repository")
        else:
            leads = "within the repository" if cur.exists() else "to nothing"
        raise RepoError(
            f"{name} is a link in {where} (to {target}, {leads}): refusing to write {shown} through it",
            hint=f"hfi18n never writes a doc through a link; {where} must hold a real file or folder there "
                 "(git rm the link and commit a real one, upstream if the link is there), then run again")
    return full


def through_link(root: Path | str, path: Path | str, *, tree: Path | str, mirror: Path | str | None = None,
                 mirror_tree: Path | str | None = None) -> Path:
    """Where a write of doc ``path`` lands: ``path`` itself when it is no link; the file a link leads to
    when that file is in ``tree`` (the language's docs folder) and ``mirror`` (the English doc) is a link to
    the same doc of ``mirror_tree`` (doc-builder builds that page twice, under both names, in both
    languages: translating one is translating the other); else :class:`RepoError` naming the link, where
    it leads and what to do.

    Forced by a committed ``ko/gamma.md -> beta.md`` next to a real ``en/gamma.md``: ``translate --force``
    wrote the translation of ``en/gamma.md`` over the link, and a link to ``../en/alpha.md`` would have
    taken the English with it if written through; a folder ``ko/guides -> ../en/guides`` did write the
    translation over the English. A link leading out of ``root``, to nothing or in a loop is refused as
    everywhere (:func:`writable`).
    """
    base = Path(os.path.abspath(root)).resolve()
    p = Path(os.path.abspath(path))
    named_tree = Path(os.path.abspath(tree))
    tree_full = named_tree.parent.resolve() / named_tree.name  # the folder as named: itself no link
    link = _shown(p, Path(os.path.abspath(root)))
    if not p.is_symlink():
        try:
            lands = p.resolve()
        except (OSError, RuntimeError):
            lands = None
        if lands is not None and tree_full in lands.parents:
            return p  # no link on the way, or a folder linked within the language's folder
        where = _shown(lands, base) if lands is not None else "nowhere"
        raise RepoError(f"{link} lies in a linked folder: writing it would land at {where}, outside "
                        f"{_shown(tree_full, base)}", hint="the language's docs folder must hold real folders "
                        "there (git rm the folder link and commit a real one), then run again")
    try:
        resolved = p.resolve(strict=True)
    except (OSError, RuntimeError):
        raise RepoError(f"{link} is a link to {os.readlink(p)}, which leads to nothing (or in a loop): "
                        "hfi18n does not write through it",
                        hint="git rm the link and commit a real file there, then run again") from None
    target = _shown(resolved, base)
    if resolved != base and base not in resolved.parents:
        raise RepoError(f"{link} is a link to {os.readlink(p)}, outside the repository: hfi18n never reads or "
                        "writes it", hint="replace the link with the translated file itself")
    if tree_full not in resolved.parents:
        raise RepoError(f"{link} is a link to {target}, outside {_shown(tree_full, base)}: writing the "
                        f"translation through it would replace {target}",
                        hint=f"git rm {link} (it is no translation), then translate the doc into a real file")
    rel = resolved.relative_to(tree_full).as_posix()
    if mirror is not None and mirror_tree is not None and Path(mirror).is_symlink():
        try:
            en_rel = Path(mirror).resolve(strict=True).relative_to(Path(mirror_tree).resolve()).as_posix()
        except (OSError, RuntimeError, ValueError):
            en_rel = None
        if en_rel == rel:
            return resolved
    raise RepoError(f"{link} is a link to {target}, while its English is a doc of its own: writing its "
                    f"translation through the link would replace the translation of {rel}",
                    hint=f"git rm {link} and translate the doc into a real file (or link its English to "
                         f"{rel} too, when the two pages are one)")


def _shown(p: Path, base: Path) -> str:
    try:
        return p.relative_to(base).as_posix()
    except ValueError:
        return str(p)


def inside(root: Path, candidate: Path | str) -> Path:
    """Resolve ``candidate`` against ``root`` and refuse paths that escape it."""
    root = root.resolve()
    c = Path(candidate)
    given = c if c.is_absolute() else root / c
    full = given.resolve()
    if full != root and root not in full.parents:
        if root in Path(os.path.normpath(given.absolute())).parents:  # named inside; a link on the way leads out
            raise RepoError(
                f"{candidate} is a link that leads outside the repository folder {root} (to {full}); it is never read or written",
                hint="replace the link with a real file inside the repository, or leave it out",
            )
        raise RepoError(
            f"path {candidate} is outside the repository folder {root}",
            hint="give paths inside the repository, relative to it or to the language folder",
        )
    return full
