"""The run ledger (:mod:`hfi18n.repo.ledger`): records survive concurrent writers and bad files."""

from __future__ import annotations

import subprocess
from pathlib import Path

from hfi18n.repo.ledger import KEEP_PER_DOC, Ledger, RunRecord, blob_id


def test_blob_id_is_gits(tmp_path: Path) -> None:
    f = tmp_path / "a.md"
    f.write_bytes("# 제목\n".encode())
    assert blob_id(f.read_bytes()) == subprocess.run(["git", "hash-object", str(f)], capture_output=True,
                                                     text=True, check=True).stdout.strip()


def test_two_writers_keep_both_records_and_old_ones_are_dropped(tmp_path: Path) -> None:
    a, b = Ledger(tmp_path), Ledger(tmp_path)
    assert a.records("ko", "x.md") == [] and b.records("ko", "y.md") == []  # both read the empty ledger
    a.add(RunRecord("ko", "x.md", "1" * 40, "x.md", "e" * 40, frozenset({"m"})))
    b.add(RunRecord("ko", "y.md", "2" * 40, "y.md", "f" * 40))  # b's view was stale: it re-reads under the lock
    fresh = Ledger(tmp_path)
    assert [r.blob for r in fresh.records("ko", "x.md")] == ["1" * 40]
    assert fresh.machine_texts("ko", "x.md") == {"m"} and len(fresh.records("ko", "y.md")) == 1
    for i in range(KEEP_PER_DOC + 3):
        a.add(RunRecord("ko", "x.md", f"{i:040d}", "x.md", "e" * 40))
    assert len(Ledger(tmp_path).records("ko", "x.md")) == KEEP_PER_DOC


def test_a_broken_ledger_is_an_empty_one(tmp_path: Path) -> None:
    (tmp_path / "hfi18n").mkdir()
    (tmp_path / "hfi18n/ledger.json").write_text("{not json", encoding="utf-8")
    ledger = Ledger(tmp_path)
    assert ledger.records("ko", "x.md") == []
    ledger.add(RunRecord("ko", "x.md", "1" * 40, "x.md", "e" * 40))
    assert len(Ledger(tmp_path).records("ko", "x.md")) == 1
