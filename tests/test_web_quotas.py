"""What one visitor of a shared app may take (issue 33, item 6), through HTTP as a visitor calls it.

Tried as a visitor: Clone, /plan, /translate, /write (and /toctree, /publish_preview) spent no rate-limit
token, so one visitor cloned 12 repositories with a limit of 3 a minute; an anonymous /pick ran a whole
status per call, unlimited; one visitor held all 4 clone slots and another visitor's tiny clone waited
40 s; nothing bounded what a visitor's clones and checkouts left on disk. Now every call that does work
spends the visitor's tokens (a clone as much as five reads), each visitor clones one repository at a
time, and a storage quota per visitor and for the whole server refuses (or stops and removes) a clone
that does not fit, with a message in the visitor's language.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import require
from tests.fakes.tarpit import Tarpit
from tests.test_web_hostile import sites  # noqa: F401 - the fixture


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture()
def example(tmp_path: Path) -> Path:
    from hfi18n.example import build_example_repo

    return build_example_repo(tmp_path / "example")


def upstream(example: Path, where: Path, name: str, *, megabytes: int = 0) -> Path:
    """A bare copy of the example repository at ``where/name.git`` (``file://`` clones of it work as from a
    host); ``megabytes``: a random file of that size added first (it is in every clone's checkout)."""
    work = where / "work" / name
    work.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "clone", "-q", str(example), str(work)], check=True, capture_output=True)
    if megabytes:
        (work / "big.bin").write_bytes(os.urandom(megabytes << 20))
        git(work, "add", "big.bin")
        git(work, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "-m", "big")
    out = where / f"{name}.git"
    out.parent.mkdir(parents=True, exist_ok=True)
    git(where, "clone", "-q", "--bare", str(work), str(out))
    git(out, "config", "uploadpack.allowfilter", "true")
    git(out, "config", "uploadpack.allowanysha1inwant", "true")
    return out


@pytest.fixture()
def site(sites):  # noqa: F811 - the fixture imported above
    """``site(storage, **build_app options)``: a shared app (Gradio's mocked sign-in) cloning into ``storage``."""
    require("gradio")
    return lambda storage, **kw: sites(storage, shared=True, **kw)


def refused(call, *args, api_name: str) -> str:
    with pytest.raises(Exception) as caught:  # noqa: PT011 - gradio_client raises AppError with the toast
        call.predict(*args, api_name=api_name)
    return str(caught.value)


def make_checkout(visitor, name: str) -> None:
    """A step that writes makes the visitor's own checkout (a translate; how it ends does not matter here)."""
    with contextlib.suppress(Exception):  # pseudo refuses to update a human page: the checkout is made first
        visitor.predict(name, "ko", "index.md", True, False, "pseudo", "", "", api_name="/translate")


RATE = re.compile(r"too many requests, wait \d+ s")


def test_every_call_that_does_work_spends_the_visitors_tokens(example: Path, tmp_path: Path, site) -> None:
    """With 3 calls a minute: a second clone of the same visitor is refused (a clone costs the whole bucket;
    12 went through before), and /pick (anonymous), /plan, /translate, /write, /toctree and /publish_preview
    are each refused by the fourth call at the latest (before, none of them spent a token)."""
    ups = [upstream(example, tmp_path / "up", f"team/docs{i}") for i in range(3)]
    app = site(tmp_path / "data", rate_limit=3)
    kim = app.visitor("kim")
    name = kim.predict(ups[0].as_uri(), api_name="/clone")[1].split("`")[3]
    said = refused(kim, ups[1].as_uri(), api_name="/clone")
    assert RATE.search(said), said
    assert not (tmp_path / "data" / name.replace("docs0", "docs1")).exists()

    calls = {
        "/pick": (None, (name, "ko", "index.md")),
        "/plan": ("lee", (name, "ko", "index.md", True, False, "pseudo", "", "")),
        "/translate": ("park", (name, "ko", "index.md", True, False, "pseudo", "", "")),
        "/write": ("choi", (name, {"doc": "index.md", "lang": "ko", "translations": {}}, False)),
        "/toctree": ("jung", (name, "ko", "index.md", True, "pseudo", "", "")),
        "/publish_preview": ("han", (name, "ko", "index.md", "", "")),
    }
    for api_name, (who, args) in calls.items():
        client = app.visitor(who)
        calls_made = 0
        for _ in range(4):
            calls_made += 1
            try:
                client.predict(*args, api_name=api_name)
            except Exception as exc:  # noqa: BLE001 - any other refusal (a bad draft) still spent a token
                if RATE.search(str(exc)):
                    break
        else:
            pytest.fail(f"{api_name}: four calls in a row, none refused")
        assert calls_made >= 2, f"{api_name}: refused at the first call"


def test_one_visitor_cannot_hold_every_clone_slot(example: Path, tmp_path: Path, site, monkeypatch) -> None:
    """Kim asks for four clones from a host that never finishes (a tarpit); the three beyond the first are
    refused at once ("you have a clone running already"), so lee's tiny clone starts at once instead of
    waiting behind kim's for the clone timeout."""
    small = upstream(example, tmp_path / "up", "team/small")
    with Tarpit(tmp_path) as pit:
        monkeypatch.setenv("GIT_SSL_CAINFO", str(pit.cafile))
        app = site(tmp_path / "data", allow_private_hosts=True, clone_timeout=40)
        kim, lee = app.visitor("kim"), app.visitor("lee")
        jobs = [kim.submit(pit.url(f"huggingface/repo{i}"), api_name="/clone") for i in range(4)]
        time.sleep(2)
        start = time.monotonic()
        note = lee.predict(small.as_uri(), api_name="/clone")[1]
        took = time.monotonic() - start
        assert "cloned" in note and took < 15, (took, note)
        busy = []
        for job in jobs:
            try:
                job.result(timeout=0.5)
            except Exception as exc:  # noqa: BLE001 - the refused ones end with the refusal; the first still runs
                busy.append(str(exc))
        assert sum("you have a clone running already" in b for b in busy) == 3, busy
        for job in jobs:
            job.cancel()


def test_storage_quota_per_visitor_and_for_the_server(example: Path, tmp_path: Path, site) -> None:
    """A clone that grows past what is left to its visitor is stopped and removed; a visitor at their quota,
    or any visitor once the server is at its own, is refused before anything is downloaded; in Korean for a
    Korean browser."""
    big = [upstream(example, tmp_path / "up", f"team/big{i}", megabytes=3) for i in range(3)]  # ~6 MB each cloned

    # per visitor: 4 MB left, a 6 MB clone is stopped and removed
    app = site(tmp_path / "one", visitor_storage_mb=4, storage_mb=100)
    said = refused(app.visitor("kim"), big[0].as_uri(), api_name="/clone")
    assert "is larger than the storage left to you (4 MB): the clone was stopped and removed" in said, said
    assert not [p for p in (tmp_path / "one").iterdir() if p.name.startswith("local__")]

    # kim fills their 7 MB (a clone, then their own checkout of it); the next clone is refused at once;
    # then the server's 8 MB are full for everyone
    app = site(tmp_path / "two", visitor_storage_mb=7, storage_mb=8)
    kim = app.visitor("kim")
    name = kim.predict(big[0].as_uri(), api_name="/clone")[1].split("`")[3]
    make_checkout(kim, name)
    assert (tmp_path / "two" / "visitors").is_dir()
    said = refused(kim, big[1].as_uri(), api_name="/clone")
    assert re.search(r"this server's storage is full: \d+ MB of 8 MB used", said), said
    app3 = site(tmp_path / "three", visitor_storage_mb=7, storage_mb=100)
    kim3 = app3.visitor("kim")
    name = kim3.predict(big[0].as_uri(), api_name="/clone")[1].split("`")[3]
    make_checkout(kim3, name)
    said = refused(kim3, big[1].as_uri(), api_name="/clone")
    assert re.search(r"your storage on this server is full: \d+ MB of 7 MB used", said), said
    lee = app3.visitor("lee")  # another visitor still has room
    assert "cloned" in lee.predict(big[2].as_uri(), api_name="/clone")[1]

    from gradio_client import Client

    korean = Client(app.url, verbose=False, headers={"Accept-Language": "ko-KR,ko;q=0.9",
                                                      "Cookie": app.visitor("lee").headers.get("Cookie", "")},
                    download_files=False)
    said = refused(korean, big[2].as_uri(), api_name="/clone")
    assert "이 서버의 저장 공간이 가득 찼습니다: 8 MB 중 " in said, said
