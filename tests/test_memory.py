"""Translation memory: keys, round trips, threads, and surviving kill -9."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from hfi18n.errors import InputError
from hfi18n.translate.memory import TranslationMemory, memory_key

ROOT = Path(__file__).resolve().parents[1]


def test_key_is_stable_and_depends_on_every_part():
    base = ("Install ⟦1⟧.", "ko", "claude-sonnet-4-5", "p1", "g1")
    k = memory_key(*base)
    assert k == memory_key(*base) == TranslationMemory.key(*base)
    assert len(k) == 64 and int(k, 16) >= 0
    for i in range(5):
        changed = list(base)
        changed[i] = changed[i] + "x"
        assert memory_key(*changed) != k
    # no ambiguity from concatenation
    assert memory_key("ab", "c", "m", "p", "g") != memory_key("a", "bc", "m", "p", "g")
    assert memory_key("s", "ko", "m", 3, 1) == memory_key("s", "ko", "m", "3", "1")


def test_put_get_roundtrip_and_stats(tmp_path):
    path = tmp_path / "sub" / "memory.sqlite3"
    with TranslationMemory(path) as tm:
        k1 = tm.key("Hello ⟦1⟧", "ko", "m", "p1", "g1")
        k2 = tm.key("World", "ko", "m2", "p1", "g1")
        assert tm.get(k1) is None
        tm.put(k1, "Hello ⟦1⟧", "안녕 ⟦1⟧", "ko", "m", {"input_tokens": 3, "doc": "index.md"})
        tm.put(k2, "World", "세계", "ko", "m2", None)
        assert tm.get(k1) == "안녕 ⟦1⟧"
        assert k1 in tm and "nope" not in tm
        assert len(tm) == 2
        entry = tm.entry(k1)
        assert entry["source"] == "Hello ⟦1⟧" and entry["meta"] == {"input_tokens": 3, "doc": "index.md"}
        assert tm.entry("missing") is None
        tm.put(k1, "Hello ⟦1⟧", "안녕하세요 ⟦1⟧", "ko", "m")
        assert tm.get(k1) == "안녕하세요 ⟦1⟧"
        stats = tm.stats()
        assert stats["entries"] == 2
        assert stats["by_model"] == {"m": 1, "m2": 1}
        assert stats["by_lang"] == {"ko": 2}
        assert stats["bytes"] > 0 and stats["path"] == str(path)
        assert tm.integrity_check() == "ok"
    with TranslationMemory(path) as tm:
        assert tm.get(k1) == "안녕하세요 ⟦1⟧"
        assert tm.delete([k2, "missing"]) == 1
        assert tm.get(k2) is None
        mode = tm._conn.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"


def test_get_many_over_many_keys(tmp_path):
    with TranslationMemory(tmp_path / "m.db") as tm:
        items = [(tm.key(f"s{i}", "ko", "m", 1, 1), f"s{i}", f"t{i}", "ko", "m", None) for i in range(1200)]
        assert tm.put_many(items) == 1200
        keys = [it[0] for it in items] + ["absent"]
        found = tm.get_many(keys)
        assert len(found) == 1200
        assert found[items[777][0]] == "t777"
        assert "absent" not in found
        assert tm.get_many([]) == {}


def test_threads_share_one_memory(tmp_path):
    tm = TranslationMemory(tmp_path / "m.db")
    errors: list[BaseException] = []

    def work(t: int) -> None:
        try:
            for i in range(150):
                k = tm.key(f"{t}-{i}", "ko", "m", 1, 1)
                tm.put(k, f"{t}-{i}", f"번역 {t}-{i}", "ko", "m")
                assert tm.get(k) == f"번역 {t}-{i}"
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    assert len(tm) == 8 * 150
    tm.close()


def test_two_processes_worth_of_connections(tmp_path):
    path = tmp_path / "m.db"
    a, b = TranslationMemory(path), TranslationMemory(path)
    k = a.key("x", "ko", "m", 1, 1)
    a.put(k, "x", "엑스", "ko", "m")
    assert b.get(k) == "엑스"
    a.close()
    b.close()


def test_not_a_database_is_a_clear_error(tmp_path):
    path = tmp_path / "m.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(InputError) as e:
        TranslationMemory(path)
    assert "not a usable SQLite database" in e.value.message
    assert e.value.hint


CHILD = textwrap.dedent("""
    import sys, threading
    from hfi18n.translate.memory import TranslationMemory
    tm = TranslationMemory(sys.argv[1])
    lock = threading.Lock()

    def work(t):
        i = 0
        while True:
            src = f"source {t}-{i} " + "x" * (i % 50)
            k = tm.key(src, "ko", "model", 1, 1)
            if i % 7 == 0:
                tm.put_many([(k, src, "번역 " + src, "ko", "model", {"i": i}),
                             (tm.key(src + "+", "ko", "model", 1, 1), src + "+", "둘", "ko", "model", None)])
                with lock:
                    print(f"{k} {tm.key(src + '+', 'ko', 'model', 1, 1)}", flush=True)
            else:
                tm.put(k, src, "번역 " + src, "ko", "model", {"i": i})
                with lock:
                    print(k, flush=True)
            i += 1

    for t in range(3):
        threading.Thread(target=work, args=(t,), daemon=True).start()
    threading.Event().wait()
""")


@pytest.mark.parametrize("kill_after", [50, 3000])
def test_kill_9_loses_nothing_committed(tmp_path, kill_after):
    path = tmp_path / "memory.sqlite3"
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, env=env,
                            text=True)
    reported: list[str] = []
    deadline = time.monotonic() + 60
    try:
        assert proc.stdout is not None
        while len(reported) < kill_after and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            reported.extend(line.split())
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    assert len(reported) >= kill_after, "the child stopped reporting before it was killed"
    # anything it printed after our last read was committed too; read what is left in the pipe
    rest = proc.stdout.read()
    complete_lines = rest.split("\n")[:-1]  # a line cut by the kill was not reported
    reported.extend(k for line in complete_lines for k in line.split())
    with TranslationMemory(path) as tm:
        found = tm.get_many(reported)
        missing = [k for k in reported if k not in found]
        assert not missing, f"{len(missing)} committed entries lost"
        assert tm.integrity_check() == "ok"
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()
