"""Hostile visitors, third round (issue 25): each attack through the interface an attacker uses.

A link committed in the base commit that publish starts from, a batch job file that points the API key
elsewhere, a 10,000-deep toctree, a glossary field holding a newline, a backtick in a doc path, a full
disk under the translation memory.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

import hfi18n
from hfi18n.cli import main
from tests.conftest import require
from tests.helpers import git, publish_repos

KO_CLI = """# CLI 사용하기 [[use-the-cli]]

`hf` 명령줄 도구로 파일을 다운로드할 수 있습니다.
"""
EN_CLI = """# Use the CLI

The `hf` command line lets you download files.
"""
VICTIM = "another visitor's file\n"


# ------------------------------------------------------------------ 1: links in the base commit


def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("GITHUB_TOKEN", "GH_TOKEN", "HFI18N_CONFIG", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        monkeypatch.delenv(var, raising=False)


def linked_base(tmp_path: Path, how: str) -> tuple[Path, Path]:
    """A clone whose upstream ``main`` commits a link that leads out of the checkout, and whose working
    tree holds the translator's real ``ko/guides/cli.md``; returns ``(clone, outside folder)``.

    ``how``: ``file`` (the doc is a link to an existing outside file), ``dangling`` (to a file that does
    not exist yet), ``folder`` (``docs/source/ko`` itself is a link to an outside folder).
    """
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.md").write_text(VICTIM, encoding="utf-8")
    upstream, _fork, clone = publish_repos(
        tmp_path, {"en": ["index", "guides/cli"], "ko": ["index"]}, files={"en/guides/cli.md": EN_CLI})
    ko = clone / "docs/source/ko"
    if how == "folder":
        real = tmp_path / "ko-real"
        ko.rename(real)
        ko.symlink_to(outside, target_is_directory=True)
    else:
        (ko / "guides").mkdir()
        (ko / "guides/cli.md").symlink_to(outside / ("victim.md" if how == "file" else "new.md"))
    git(clone, "add", "-A")
    git(clone, "commit", "-q", "-m", "docs: link")
    git(clone, "push", "-q", "origin", "HEAD:main")
    git(clone, "fetch", "-q", "origin")
    if how == "folder":  # the translator's own folder replaces the link in the working tree
        ko.unlink()
        real.rename(ko)
        (ko / "guides").mkdir()
    else:
        (ko / "guides/cli.md").unlink()
    (ko / "guides/cli.md").write_text(KO_CLI, encoding="utf-8")
    return clone, outside


@pytest.mark.parametrize("how", ["file", "dangling", "folder"])
def test_item1_publish_dry_run_never_writes_through_a_link_of_the_base_commit(
        tmp_path: Path, how: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    """The dry run copied the doc onto the base commit's link: the outside file was overwritten (or
    created through the dangling link, or inside the linked folder), then it said "nothing to publish"."""
    _clean_env(monkeypatch)
    clone, outside = linked_base(tmp_path, how)
    before = sorted(p.name for p in outside.iterdir())
    code = main(["publish", "--repo", str(clone), "--lang", "ko", "guides/cli.md", "--dry-run", "--no-llm"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert (outside / "victim.md").read_text(encoding="utf-8") == VICTIM
    assert sorted(p.name for p in outside.iterdir()) == before  # nothing created through a link
    assert "link" in err and "outside" in err and "nothing to publish" not in err
    assert ("docs/source/ko" if how == "folder" else "docs/source/ko/guides/cli.md") in err
    assert not git(clone, "branch", "--list", "ko-guides-cli").strip()  # no branch made


def test_item1_web_preview_of_the_pr_never_writes_through_a_link_of_the_base_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Preview the PR" over HTTP (gradio_client): the same base-commit link, on the served app."""
    require("gradio_client")
    from gradio_client import Client

    from hfi18n.config import Config
    from hfi18n.web import build_app

    _clean_env(monkeypatch)
    monkeypatch.delenv("SPACE_ID", raising=False)
    clone, outside = linked_base(tmp_path, "dangling")
    demo = build_app(clone, config=Config({}))
    _, url, _ = demo.launch(prevent_thread_lock=True, quiet=True, show_error=True, server_name="127.0.0.1")
    try:
        client = Client(url, verbose=False)
        with pytest.raises(Exception, match="link") as info:
            client.predict(clone.name, "ko", "guides/cli.md", "", "", api_name="/publish_preview")
    finally:
        demo.close()
    assert "nothing to publish" not in str(info.value)
    assert sorted(p.name for p in outside.iterdir()) == ["victim.md"]  # new.md never created through the link
    assert not git(clone, "branch", "--list", "ko-guides-cli").strip()


# ------------------------------------------------------------------ 2: shared mode needs a real sign-in

OAUTH_ENV = ("SPACE_ID", "SYSTEM", "SPACE_HOST", "OAUTH_CLIENT_ID", "OAUTH_CLIENT_SECRET", "OAUTH_SCOPES",
             "OPENID_PROVIDER_URL", "HF_TOKEN", "HF_TOKEN_PATH", "GITHUB_TOKEN", "OPENAI_API_KEY",
             "ANTHROPIC_API_KEY", "HFI18N_CONFIG")
REAL_SECRET = "0a1b2c3d-4e5f-6789-abcd-ef0123456789"


def small_repo(tmp_path: Path) -> Path:
    _upstream, _fork, clone = publish_repos(tmp_path, {"en": ["index", "guides/cli"], "ko": ["index"]})
    return clone


def serve_shared(repo: Path, home: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``hfi18n serve --shared --owner the-owner`` in a clean environment (plus ``env``)."""
    base = {k: v for k, v in os.environ.items() if k not in OAUTH_ENV}
    base.update({"HOME": str(home), "HF_HOME": str(home / "hf"), "GRADIO_ANALYTICS_ENABLED": "False",
                 "PYTHONPATH": str(Path(hfi18n.__file__).parents[1]), **env})
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    try:
        return subprocess.run([sys.executable, "-m", "hfi18n", "serve", "--repo", str(repo), "--shared", "--owner",
                               "the-owner", "--port", str(port)], capture_output=True, text=True, env=base,
                              timeout=120)
    except subprocess.TimeoutExpired as exc:  # it started: every visitor would be this server's account
        raise AssertionError(f"serve --shared started without a real sign-in: {exc.stderr!r}") from None


@pytest.mark.parametrize("env, names", [
    ({}, ["SPACE_ID", "SYSTEM=spaces", "OAUTH_CLIENT_SECRET"]),  # outside a Space: Gradio's mocked login
    ({"HF_TOKEN": "hf_TheServerOwnersToken0123456789"}, ["SPACE_ID"]),  # the owner's login would be everyone's
    ({"SYSTEM": "spaces", "SPACE_ID": "kim/hfi18n", "OAUTH_CLIENT_ID": "id", "OAUTH_SCOPES": "openid profile",
      "OPENID_PROVIDER_URL": "https://huggingface.co"}, ["OAUTH_CLIENT_SECRET is not set"]),  # the public key
    ({"SYSTEM": "spaces", "SPACE_ID": "kim/hfi18n", "OAUTH_CLIENT_ID": "id", "OAUTH_CLIENT_SECRET": "secret",
      "OAUTH_SCOPES": "openid profile", "OPENID_PROVIDER_URL": "https://huggingface.co"}, ["shorter than 16"]),
])
def test_item2_serve_shared_refuses_to_start_without_a_real_sign_in(tmp_path: Path, env: dict[str, str],
                                                                    names: list[str]) -> None:
    """Outside a Space, Gradio's mocked login made every visitor the server's own account (an --owner, who
    spends the owner's keys), or crashed with "ValueError ... this is a bug" with no login on the server;
    without OAUTH_CLIENT_SECRET the session cookies are signed with a key printed in Gradio's source."""
    require("gradio")
    proc = serve_shared(small_repo(tmp_path), tmp_path, **env)
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "error: shared mode" in proc.stderr or "error: OAUTH_CLIENT_SECRET" in proc.stderr, proc.stderr
    assert all(n in proc.stderr for n in names), proc.stderr
    assert "Traceback" not in proc.stderr and "bug" not in proc.stderr and "hf_TheServer" not in proc.stderr


def session_cookie(secret_key: str, username: str) -> str:
    """A Starlette session cookie holding a Gradio sign-in of ``username``, signed with ``secret_key``."""
    import base64
    import json
    import time

    from itsdangerous import TimestampSigner

    info = {"access_token": "hf_Forged0123456789", "token_type": "bearer", "expires_at": int(time.time()) + 3600,
            "scope": "openid profile", "userinfo": {"sub": "1", "name": username, "preferred_username": username,
                                                    "profile": f"https://huggingface.co/{username}", "picture": ""}}
    data = base64.b64encode(json.dumps({"oauth_info": info}).encode())
    return TimestampSigner(secret_key).sign(data).decode()


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")  # Gradio's Space reloader
def test_item2_a_cookie_signed_with_gradios_public_key_is_nobody(tmp_path: Path, monkeypatch) -> None:
    """Shared mode with a real OAuth configuration, over HTTP: a session cookie naming the owner and signed
    with Gradio's default key (``sha256("-v4")``, public) is an anonymous visitor; the same cookie signed with
    the server's key is the owner (so the cookie is well formed and the refusal is the key's)."""
    require("gradio_client")
    import hashlib

    import gradio.oauth
    from gradio_client import Client

    from hfi18n.web import build_app

    for var in OAUTH_ENV:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("SYSTEM", "spaces")
    monkeypatch.setenv("SPACE_ID", "kim/hfi18n")
    for name, value in (("OAUTH_CLIENT_ID", "client-id"), ("OAUTH_CLIENT_SECRET", REAL_SECRET),
                        ("OAUTH_SCOPES", "openid profile"), ("OPENID_PROVIDER_URL", "http://127.0.0.1:9")):
        monkeypatch.setattr(gradio.oauth, name, value)  # what Gradio read from a Space's environment
    repo = small_repo(tmp_path)
    demo = build_app(repo, shared=True, owner_users=["the-owner"])
    _, url, _ = demo.launch(prevent_thread_lock=True, quiet=True, show_error=True, server_name="127.0.0.1")
    try:
        def plan(key: str) -> str:
            client = Client(url, verbose=False, headers={"Cookie": f"session={session_cookie(key, 'the-owner')}"})
            try:
                return str(client.predict(repo.name, "ko", "guides/cli.md", False, False, None, "", "",
                                          api_name="/plan"))  # no provider picked: an estimate, no key
            except Exception as exc:  # noqa: BLE001 - the refusal, as the page shows it
                return str(exc)

        public = hashlib.sha256(b"-v4").hexdigest()
        assert "sign in with Hugging Face" in plan(public)
        real = hashlib.sha256((REAL_SECRET + "-v4").encode()).hexdigest()
        assert "segment(s)" in plan(real)
    finally:
        demo.close()


# ------------------------------------------------------------------ 8: a job file cannot redirect the key

KEY = "sk-owners-key-0123456789abcdef"


def test_item8_an_edited_batch_job_file_never_sends_the_key_elsewhere(repo: Path, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch,
                                                                      capsys: pytest.CaptureFixture) -> None:
    """The job file's recorded base URL decided where ``translate --collect`` sent the API key: edited to
    another server, the key went there, and the error said "rejected by openai"."""
    import json

    from tests.fakes.llm_server import FakeLLMServer
    from tests.helpers import isolate_env

    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY=KEY)
    with FakeLLMServer(api_key=KEY) as real, FakeLLMServer(api_key="someone-else") as evil:
        monkeypatch.setenv("OPENAI_BASE_URL", real.openai_base_url)  # the provider configured on this machine
        base = ["--repo", str(repo), "--lang", "ko", "--memory", str(repo / "tm.sqlite3")]
        assert main(["translate", *base, "training.md", "--provider", "openai", "--model", "gpt-4.1-mini",
                     "--batch"]) == 0
        capsys.readouterr()
        [job_file] = (repo / ".git/hfi18n/batches").glob("*.json")
        job = json.loads(job_file.read_text(encoding="utf-8"))
        job["settings"]["base_url"] = evil.openai_base_url  # edited in the repository
        job["settings"].pop("origin", None)  # as a job file of an earlier version
        job_file.write_text(json.dumps(job), encoding="utf-8")
        for argv in (["translate", "--repo", str(repo), "--lang", "ko", "--collect"],
                     ["batch", "collect", "--repo", str(repo)], ["batch", "status", "--repo", str(repo)],
                     ["batch", "cancel", "--repo", str(repo)]):
            assert main(argv) == 2, argv
            err = capsys.readouterr().err
            assert "nothing was sent" in err and evil.url.split("//")[1] in err and real.url.split("//")[1] in err
        job["settings"]["origin"] = evil.url  # a job file of this version, edited both ways
        job_file.write_text(json.dumps(job), encoding="utf-8")
        assert main(["translate", "--repo", str(repo), "--lang", "ko", "--collect"]) == 2
        assert "nothing was sent" in capsys.readouterr().err
        assert evil.requests == []  # the key never reached the other server
        # the job, back as it was submitted, is collected from the provider configured now
        job["settings"]["base_url"], job["settings"]["origin"] = None, real.url
        job_file.write_text(json.dumps(job), encoding="utf-8")
        assert main(["translate", "--repo", str(repo), "--lang", "ko", "--collect"]) == 0, capsys.readouterr().err
        assert (repo / "docs/source/ko/training.md").exists()
        assert evil.requests == []


def test_item8_a_rejected_key_names_the_host_it_was_sent_to(repo: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture) -> None:
    from tests.fakes.llm_server import FakeLLMServer
    from tests.helpers import isolate_env

    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY=KEY)
    with FakeLLMServer(api_key="someone-else") as other:
        host = other.url.split("//")[1]
        code = main(["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--provider", "openai",
                     "--base-url", other.openai_base_url, "--memory", str(repo / "tm.sqlite3")])
    err = capsys.readouterr().err
    assert code != 0 and f"rejected by openai at {host}" in err, err
    assert KEY not in err


# ------------------------------------------------------------------ 9: a 10,000-deep toctree


def deep_toctree(levels: int) -> str:
    return ("- title: Top\n  sections: " + "[{title: x, sections: " * levels + "[{local: index, title: Home}]"
            + "}]" * levels + "\n")


def alias_chain(links: int) -> str:
    """A short file whose aliases nest each group inside the one before: ``links`` levels deep."""
    lines = ["- &a0 {title: x, sections: [{local: index, title: Home}]}"]
    lines += [f"- &a{i} {{title: x, sections: [*a{i - 1}]}}" for i in range(1, links)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("text", [deep_toctree(10_000), deep_toctree(300), alias_chain(300)],
                         ids=["10000-deep", "300-deep", "aliases"])
def test_item9_a_bottomless_toctree_is_a_clear_error(repo: Path, text: str, capsys: pytest.CaptureFixture) -> None:
    """A 10,000-deep ``_toctree.yml`` (300 was enough, or 300 aliases nesting each other) ended in
    "RecursionError ... this is a bug"."""
    (repo / "docs/source/ko/_toctree.yml").write_text(text, encoding="utf-8")
    for argv in (["toctree", "--check"], ["toctree", "index.md", "--no-llm"]):
        assert main([*argv, "--repo", str(repo), "--lang", "ko"]) == 2, argv
        err = capsys.readouterr().err
        assert "docs/source/ko/_toctree.yml" in err and "more than 50 levels deep" in err, err
        assert "RecursionError" not in err and "bug" not in err
    # status says it on the language's _toctree.yml row and goes on (issue 33)
    assert main(["status", "--repo", str(repo), "--lang", "ko"]) == 0
    shown = capsys.readouterr()
    assert "ko/_toctree.yml cannot be read" in shown.out and "more than 50 levels deep" in shown.out
    assert "RecursionError" not in shown.out + shown.err and "bug" not in shown.out + shown.err


def test_item9_a_toctree_50_groups_deep_still_loads() -> None:
    from hfi18n.repo.toctree import Toctree

    assert [e.local for e in Toctree(deep_toctree(49)).entries()] == ["index"]


# ------------------------------------------------------------------ 10: a line break inside a glossary field

SHEET_TSV = ('term\ttranslation\tkeep_english\talternatives\tnotes\n'
             'model\t모델\tno\t\t"diffusers ko: 모델 40 of 52\nreviewed by kim, ""final"""\n'
             'Trainer\t\tyes\t\tclass name\n')
"""As a spreadsheet saves a glossary whose notes cell holds a line break (and quotes)."""


def test_item10_a_line_break_inside_a_glossary_field_is_kept(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """The row fell apart at the line break: "no tab on this line" at its second line, glossary refused."""
    import json

    sheet = tmp_path / "ko.tsv"
    sheet.write_text(SHEET_TSV, encoding="utf-8")
    assert main(["glossary", "show", "--lang", "ko", "--glossary", str(sheet), "--format", "json"]) == 0, \
        capsys.readouterr().err
    terms = {t["source"]: t for t in json.loads(capsys.readouterr().out)["terms"]}
    assert terms["model"]["notes"] == 'diffusers ko: 모델 40 of 52\nreviewed by kim, "final"'
    assert terms["model"]["target"] == "모델" and terms["Trainer"]["keep_english"] is True
    # written back (doc-builder YAML -> TSV), the cell is quoted again and reads back the same
    yml = tmp_path / "ko.yml"
    assert main(["glossary", "export", "--lang", "ko", "--glossary", str(sheet), "--out", str(yml)]) == 0
    back = tmp_path / "back.tsv"
    assert main(["glossary", "import", str(yml), "--lang", "ko", "--out", str(back)]) == 0
    capsys.readouterr()
    assert main(["glossary", "show", "--lang", "ko", "--glossary", str(back), "--format", "json"]) == 0, \
        capsys.readouterr().err
    assert {t["source"] for t in json.loads(capsys.readouterr().out)["terms"]} == {"model", "Trainer"}


def test_item10_glossary_tsv_round_trips_a_cell_with_tabs_breaks_and_quotes() -> None:
    from hfi18n.glossary import Glossary, Term

    notes = '"quoted" first\tthen a tab\r\nand a line'
    g = Glossary("ko", [Term("model", "모델", False, notes=notes), Term("Trainer", None, True)])
    again = Glossary.loads(g.dumps(), "ko")
    assert [(t.source, t.target, t.notes) for t in again] == [("model", "모델", notes.replace("\r\n", "\n")),
                                                               ("Trainer", None, "")]


def test_item10_an_unclosed_quote_names_the_line_it_opened_on(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    sheet = tmp_path / "ko.tsv"
    sheet.write_text("model\t모델\tno\t\tfine\nlayer\t레이어\tno\t\t\"never closed\nTrainer\t\tyes\n",
                     encoding="utf-8")
    assert main(["glossary", "show", "--lang", "ko", "--glossary", str(sheet)]) == 2
    err = capsys.readouterr().err
    assert f"{sheet}:2: a quoted field" in err and "never closed" in err


# ------------------------------------------------------------------ 12: a backtick in a doc path


def _outside_code(markdown: str) -> str:
    """The text of ``markdown`` as GitHub renders it, minus what is shown literally (code spans, fences)."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark")
    out: list[str] = []
    for block in md.parse(markdown):
        for tok in block.children or []:
            if tok.type == "text":
                out.append(tok.content)
    return "\n".join(out)


@pytest.mark.parametrize("name", ["x` @huggingface/core `y", "``` @huggingface/core", "a`b`` @org/team"])
def test_item12_a_backtick_in_a_doc_path_never_leaves_its_code_span(
        tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    """A doc named ``x` @huggingface/core `y.md`` closed the title's and the body's code span early: the PR
    body mentioned a whole team."""
    _clean_env(monkeypatch)
    doc = f"{name}.md"
    toc = "- title: Get started\n  sections:\n  - local: index\n    title: Home\n"
    _upstream, _fork, clone = publish_repos(tmp_path, {"en": ["index", name], "ko": ["index"]},
                                            toctrees={"en": toc, "ko": toc})
    (clone / "docs/source/en" / doc).write_text(EN_CLI, encoding="utf-8")
    git(clone, "commit", "-qam", "docs: the English of the doc")
    git(clone, "push", "-q", "origin", "HEAD:main")
    git(clone, "fetch", "-q", "origin")
    (clone / "docs/source/ko" / doc).parent.mkdir(parents=True, exist_ok=True)
    (clone / "docs/source/ko" / doc).write_text(KO_CLI, encoding="utf-8")
    assert main(["publish", "--repo", str(clone), "--lang", "ko", doc, "--dry-run", "--no-llm"]) == 0, \
        capsys.readouterr().err
    title, body = capsys.readouterr().out.split("\n\n", 1)
    for text in (title, body):
        assert "@" not in _outside_code(text), text
    from markdown_it import MarkdownIt

    spans = [t.content for b in MarkdownIt("commonmark").parse(title) for t in b.children or []
             if t.type == "code_inline"]
    assert spans == [doc]  # the whole path, in one span


# ------------------------------------------------------------------ 13: a full disk under the memory


@pytest.fixture()
def small_disk(tmp_path: Path):
    """A 1 MB tmpfs (a real full disk: SQLite and the OS say so themselves); skipped where mounting one is
    not allowed (not root)."""
    where = tmp_path / "disk"
    where.mkdir()
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)], capture_output=True,
                          text=True)
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {proc.stderr.strip()}")
    try:
        yield where
    finally:
        if subprocess.run(["umount", str(where)], check=False).returncode:
            subprocess.run(["umount", "-l", str(where)], check=False)  # never leave a mount behind


def fill(disk: Path) -> None:
    """Write to ``disk`` until it is full."""
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError:
        pass
    finally:
        os.close(fd)


@pytest.mark.parametrize("when", ["before", "during"])
def test_item13_a_full_disk_is_reported_as_a_full_disk(repo: Path, tmp_path: Path, small_disk: Path, when: str,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture) -> None:
    """Full before the run: "not a usable SQLite database ... move the file away" (which would throw away
    every paid translation); filling during it: "unexpected error: OperationalError ... a bug"."""
    from tests.fakes.llm_server import FakeLLMServer
    from tests.helpers import isolate_env

    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY=KEY)
    memory = small_disk / "tm.sqlite3"
    with FakeLLMServer(api_key=KEY) as llm:
        base = ["translate", "--repo", str(repo), "--lang", "ko", "training.md", "--provider", "openai",
                "--base-url", llm.openai_base_url, "--memory", str(memory)]
        if when == "during":
            assert main([*base, "--model", "gpt-4.1-mini"]) == 0, capsys.readouterr().err
            capsys.readouterr()
        fill(small_disk)
        code = main([*base, "--model", "gpt-4.1", "--force"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"disk full at {small_disk}" in err and "--memory" in err, err
    assert "not a usable SQLite database" not in err and "bug" not in err and "OperationalError" not in err
    if when == "during":  # what the first run stored is still there
        (small_disk / "filler").unlink()
        from hfi18n.translate.memory import TranslationMemory

        with TranslationMemory(memory) as tm:
            assert len(tm) > 0 and tm.integrity_check() == "ok"


def test_item1_writable_checks_every_component(tmp_path: Path) -> None:
    """:func:`hfi18n.fileio.writable` over each case a base commit can hold where publish writes."""
    from hfi18n.errors import RepoError
    from hfi18n.fileio import writable

    root, outside = tmp_path / "wt", tmp_path / "outside"
    (root / "docs/ko/real").mkdir(parents=True)
    outside.mkdir()
    (root / "docs/ko/inner").symlink_to(root / "docs/ko/real", target_is_directory=True)  # stays inside
    (root / "docs/ko/out").symlink_to(outside, target_is_directory=True)
    (root / "docs/ko/gone").symlink_to(tmp_path / "nowhere")
    (root / "docs/ko/doc.md").symlink_to(root / "docs/ko/real/other.md")  # a file link, even inside
    (root / "docs/ko/loop").symlink_to(root / "docs/ko/loop")
    (root / "docs/ko/file").write_text("x", encoding="utf-8")
    (root / "docs/ko/real/other.md").write_text("x", encoding="utf-8")
    assert writable(root, root / "docs/ko/real/new.md") == root / "docs/ko/real/new.md"
    assert writable(root, root / "docs/ko/inner/new.md") == root / "docs/ko/inner/new.md"
    for rel, says in (("docs/ko/out/new.md", "outside the repository"), ("docs/ko/gone/x.md", "to nothing"),
                      ("docs/ko/doc.md", "within the repository"), ("docs/ko/loop/x.md", "link"),
                      ("docs/ko/file/x.md", "is a file"), ("docs/ko/real", "is a folder"),
                      ("../outside/x.md", "outside")):
        with pytest.raises(RepoError, match=says):
            writable(root, root / rel)
    assert sorted(outside.iterdir()) == []
