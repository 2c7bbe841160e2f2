"""Atomic writes and careful reads."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hfi18n.errors import InputError, RefusedError, RepoError
from hfi18n.fileio import MAX_DOC_BYTES, atomic_write, inside, read_text


def test_atomic_write_keeps_bytes_and_permissions(tmp_path: Path) -> None:
    p = tmp_path / "a" / "doc.md"
    atomic_write(p, "# 제목\r\n\r\ntext\n")
    assert p.read_bytes() == "# 제목\r\n\r\ntext\n".encode()
    umask = os.umask(0)
    os.umask(umask)
    assert p.stat().st_mode & 0o777 == 0o666 & ~umask
    p.chmod(0o640)
    atomic_write(p, "new\n")
    assert p.stat().st_mode & 0o777 == 0o640
    assert [x.name for x in p.parent.iterdir()] == ["doc.md"]  # no temp file left behind


def test_atomic_write_failure_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "doc.md"
    p.write_text("old\n", encoding="utf-8")

    def boom(*_a: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        atomic_write(p, "new\n")
    assert p.read_text(encoding="utf-8") == "old\n"
    assert [x.name for x in tmp_path.iterdir()] == ["doc.md"]


@pytest.mark.parametrize("exchange", [True, False], ids=["exchange", "compare-then-rename"])
def test_a_file_deleted_since_the_snapshot_is_not_recreated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            exchange: bool) -> None:
    from hfi18n import fileio

    if exchange and fileio._renameat2() is None:
        pytest.skip("no renameat2 on this system")
    if not exchange:
        monkeypatch.setattr(fileio, "_swap", lambda a, b: False)
    p = tmp_path / "doc.md"
    p.write_text("old\n", encoding="utf-8")
    before = fileio.snapshot(p)
    p.unlink()  # the human deleted (or moved) it meanwhile
    with pytest.raises(RefusedError, match="changed since this run started"):
        atomic_write(p, "new\n", expect=before)
    assert list(tmp_path.iterdir()) == []  # neither the doc nor a temporary file


def test_read_text_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not found"):
        read_text(tmp_path / "missing.md")
    big = tmp_path / "big.md"
    big.write_bytes(b"x" * (MAX_DOC_BYTES + 1))
    with pytest.raises(InputError, match="larger than"):
        read_text(big)
    assert read_text(_write(tmp_path / "bom.md", b"\xef\xbb\xbf# T\n")) == "\ufeff# T\n"


def _write(p: Path, data: bytes) -> Path:
    p.write_bytes(data)
    return p


def test_inside_names_a_link_that_leads_out_and_a_path_that_is_out(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / "docs").mkdir(parents=True)
    secret = tmp_path / "secret.txt"
    secret.write_text("not a doc")
    (root / "docs" / "evil.md").symlink_to(secret)
    (root / "docs" / "ok.md").write_text("# ok\n")
    assert inside(root, "docs/ok.md") == (root / "docs" / "ok.md").resolve()
    with pytest.raises(RepoError, match=r"docs/evil.md is a link that leads outside the repository folder .* never read or written"):
        inside(root, "docs/evil.md")
    with pytest.raises(RepoError, match=r"path \.\./secret.txt is outside the repository folder"):
        inside(root, "../secret.txt")
