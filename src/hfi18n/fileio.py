"""Reading and writing doc files safely.

``read_text`` refuses what it cannot represent losslessly (non-UTF-8, huge files) with a clear error;
BOM and CRLF are kept in the returned text so that rendering gives back the exact bytes.
``atomic_write`` never leaves a half-written file: it writes a temporary file next to the target,
fsyncs it and renames it over the target.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from .errors import InputError, RepoError

MAX_DOC_BYTES = 5 * 1024 * 1024
"""Docs larger than this are refused: no real doc-builder page comes near it."""


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


def atomic_write(path: Path | str, text: str) -> None:
    """Write ``text`` (UTF-8, newlines untouched) to ``path`` atomically."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        os.chmod(tmp, _mode_for(p))
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def _mode_for(path: Path) -> int:
    """The existing file's permissions, else what a plain ``open()`` would give (mkstemp makes 0600)."""
    try:
        return path.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def inside(root: Path, candidate: Path | str) -> Path:
    """Resolve ``candidate`` against ``root`` and refuse paths that escape it."""
    root = root.resolve()
    c = Path(candidate)
    full = (c if c.is_absolute() else root / c).resolve()
    if full != root and root not in full.parents:
        raise RepoError(
            f"path {candidate} is outside the repository folder {root}",
            hint="give paths inside the repository, relative to it or to the language folder",
        )
    return full
