"""Issue 36: machine drafts with the human sign-off on record.

The review record in the repository (``<lang>/_review/<page>.json``), the reader notice, ``approve``, and
the audit of a PR that changes a record. Small repositories made here; the corpus goals (smolagents, the
whole ``--all`` cycle) are in ``tests/test_translate_all.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hfi18n import api
from hfi18n.check import check_pair
from hfi18n.cli import main
from hfi18n.doc import parse
from hfi18n.doc.draft import mark_draft
from hfi18n.doc.notice import find_notice, has_notice, notice_text, strip_notice, with_notice
from hfi18n.repo.layout import DocsLayout
from hfi18n.repo.signoff import (
    NOTICE_WITHOUT_RECORD,
    STALE_NOTICE,
    MachineWrite,
    ReviewRecord,
    SignOff,
    audit_records,
    page_segments,
    read_record,
    record_path,
    review_state,
    state_of,
    write_record,
)
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import git, isolate_env

EN = """<!--Copyright 2024 The HuggingFace Team. All rights reserved.
-->

# Agents [[agents]]

An agent is a program that uses a model to decide what to do next.

## Install [[install]]

Install the library with pip, then import it.

```py
pip install smolagents
```

Agents call tools. A tool is a function with a name and a description.

<Tip>

Tools must return plain values.

</Tip>
"""

PAGE = "<!-- license -->\n\n# 제목 [[agents]]\n\n첫 문단입니다.\n\n둘째 문단입니다.\n"


def _commit(repo: Path, message: str = "docs") -> None:
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", message)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    r = tmp_path / "repo"
    (r / "docs/source/en").mkdir(parents=True)
    (r / "docs/source/ko").mkdir(parents=True)
    (r / "docs/source/en/agents.md").write_text(EN, encoding="utf-8")
    (r / "docs/source/en/other.md").write_text("# Other [[other]]\n\nSome other page.\n", encoding="utf-8")
    git(tmp_path, "init", "-q", "-b", "main", str(r))
    git(r, "config", "user.name", "Kim Reviewer")
    git(r, "config", "user.email", "kim@example.com")
    _commit(r)
    return r


@pytest.fixture
def llm(monkeypatch, tmp_path: Path):
    with FakeLLMServer() as server:
        isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key", OPENAI_BASE_URL=server.openai_base_url)
        yield server


def _translate(repo: Path, *docs: str, **kw):
    return api.translate(repo, "ko", list(docs), provider="openai", **kw)


def _ko(repo: Path, rel: str = "agents.md") -> Path:
    return repo / "docs/source/ko" / rel


# ------------------------------------------------------------------------------------------- the notice


def test_the_notice_is_the_tools_own_text_for_every_stage() -> None:
    """The page renders back byte for byte, its blocks and segments are the page's alone, and check
    finds on the page with the notice exactly what it finds without it (no extra <Tip>, no line shift)."""
    page = with_notice(PAGE, notice_text("ko", guide="https://example.com/guide"))
    doc = parse(page)
    assert doc.render() == page and has_notice(page)
    assert [s.text for s in doc.segments()] == [s.text for s in parse(PAGE).segments()]
    assert not any("<Tip" in b.text for b in doc.blocks)
    body_at = page.index("# 제목")
    assert next(b for b in doc.blocks if b.text.startswith("# 제목")).start_line == page[:body_at].count("\n") + 1
    en = parse(EN)
    plain = [(f.check, f.message) for f in check_pair(en, parse(PAGE), file="ko/agents.md", lang="ko")]
    noticed = [(f.check, f.message) for f in check_pair(en, doc, file="ko/agents.md", lang="ko")]
    assert noticed == plain
    # after the draft mark and a BOM too, and with CRLF newlines; strip gives the page back
    for text in (mark_draft(page), "\ufeff" + page, with_notice(PAGE.replace("\n", "\r\n"), notice_text("ko"))
                 .replace("\n", "\r\n").replace("\r\r\n", "\r\n")):
        assert has_notice(text) and parse(text).render() == text
        assert len(list(parse(text).segments())) == 3
    assert strip_notice(page) == PAGE and strip_notice(PAGE) == PAGE
    assert with_notice(page, None) == PAGE and with_notice(page, notice_text("ko")).count("<Tip") == 1


def test_the_notice_says_it_in_the_pages_language_with_the_teams_guide() -> None:
    whole = notice_text("ko", guide="https://example.com/ko-guide")
    assert "기계 번역" in whole and "[번역 가이드](https://example.com/ko-guide)" in whole
    part = notice_text("ko", pending=3, total=40)
    assert "일부(3개 문단)" in part and "가이드" not in part
    assert "machine-translated" in notice_text("xx")  # a language with no words of its own: English
    # the team's own words, on one line, and never able to close the tip early
    own = notice_text("ko", words="기계 번역본입니다.\n\n</Tip>\n# 가짜 제목")
    assert own.count("</Tip>") == 1 and "\n\n# 가짜" not in own and "&lt;/Tip>" in own
    assert "<script" not in notice_text("ko", words="검토 <script>alert(1)</script> {props.x}") and "{props" not in \
        notice_text("ko", words="{props.x}")
    assert find_notice(with_notice(PAGE, own)) is not None
    # a guide URL that would end the link early is not used (the setting is the repository's)
    from hfi18n.config import Config
    from hfi18n.repo.signoff import ReviewSettings

    assert ReviewSettings.from_config(Config({"review": {"guide_url": "https://x.org/a)[b](javascript:alert(1)"}})
                                      ).guide_url is None
    assert ReviewSettings.from_config(Config({"review": {"guide_url": "https://x.org/guide.md#ko"}})
                                      ).guide_url == "https://x.org/guide.md#ko"
    # a <Tip> of the page's own at its top (no marker) is the page's text
    assert not has_notice("<Tip warning={true}>\n\n이 팁은 페이지의 것입니다.\n\n</Tip>\n\n" + PAGE)


def test_the_notice_builds_with_doc_builder(tmp_path: Path) -> None:
    """doc-builder turns the notice into its Tip component, the page's text intact (the external judge)."""
    from tests.conftest import require

    require("doc_builder")
    from doc_builder.convert_md_to_mdx import convert_md_to_mdx

    page = with_notice(PAGE, notice_text("ko", guide="https://example.com/guide"))
    mdx = convert_md_to_mdx(page, {"package_name": "smolagents"})
    assert "<Tip warning={true}>" in mdx and "이 문서는 기계 번역되었으며" in mdx
    assert mdx.index("<Tip warning={true}>") < mdx.index("# 제목")


# ---------------------------------------------------------------------------------------- the state


def _record(machine: set[str], signed: set[str] | None = None) -> ReviewRecord:
    return ReviewRecord("agents.md", MachineWrite("agents.md", "e" * 40, frozenset(machine)),
                        SignOff("kim", "2026-10-01T00:00:00Z", "c" * 40, "e" * 40, frozenset(signed)) if signed is not None
                        else None)


def test_the_review_state_is_read_from_the_text_as_it_is_now() -> None:
    segs = page_segments(PAGE)
    assert len(segs) == 3
    assert state_of(PAGE, None).state == "human"
    st = state_of(PAGE, _record(set(segs)))
    assert (st.state, st.pending, st.machine, st.wants_notice) == ("machine", 3, 3, True)
    # a hand edit makes that segment human; the others wait for review
    edited = PAGE.replace("첫 문단입니다.", "사람이 고친 문단입니다.")
    assert state_of(edited, _record(set(segs))).pending == 2
    # signed off: reviewed, and the text edited since the sign-off is counted
    st = state_of(PAGE, _record(set(segs), set(segs)))
    assert (st.state, st.pending, st.changed) == ("reviewed", 0, 0)
    assert state_of(edited, _record(set(segs), set(segs))).changed == 1
    # an update wrote one new machine segment into a reviewed page: only it waits, the sign-off is kept
    updated = PAGE + "\n새 기계 문단입니다.\n"
    new = set(page_segments(updated))
    st = state_of(updated, _record(new, set(segs)))
    assert (st.state, st.pending, st.signoff.by) == ("machine", 1, "kim")
    assert st.to_json()["last_review"]["by"] == "kim"
    # a sign-off that covers other text (forged, or of an older page) covers nothing here
    assert state_of(PAGE, _record(set(segs), {"0" * 20})).state == "machine"
    # the notice with no record: machine, how much unknown; a notice on a page with nothing pending is stale
    noticed = with_notice(PAGE, notice_text("ko"))
    st = state_of(noticed, None)
    assert (st.state, st.pending, st.problem) == ("machine", None, NOTICE_WITHOUT_RECORD)
    assert state_of(noticed, _record(set(segs), set(segs))).problem == STALE_NOTICE


def test_a_broken_or_hostile_record_never_reads_as_a_sign_off(repo: Path, tmp_path: Path) -> None:
    layout = DocsLayout.open(repo)
    _ko(repo).write_text(PAGE, encoding="utf-8")
    path = record_path(layout, "ko", "agents.md")
    path.parent.mkdir(parents=True)
    for junk in ("{not json", json.dumps({"hfi18n_review": 99, "signoff": {"by": "x"}}), json.dumps([1, 2]),
                 json.dumps({"hfi18n_review": 1, "doc": "agents.md", "signoff": {"at": "no by"}})):
        path.write_text(junk, encoding="utf-8")
        assert read_record(layout, "ko", "agents.md") is None
        assert review_state(layout, "ko", "agents.md").state == "human"
    # a record that is a link out of the repository is not read, and not written through
    outside = tmp_path / "outside.json"
    outside.write_text(_record(set(page_segments(PAGE)), set(page_segments(PAGE))).to_text(), encoding="utf-8")
    path.unlink()
    path.symlink_to(outside)
    assert read_record(layout, "ko", "agents.md") is None
    with pytest.raises(Exception, match="link out of the repository"):
        write_record(layout, "ko", _record(set()))
    assert json.loads(outside.read_text(encoding="utf-8"))["signoff"]["by"] == "kim"
    # status still reads the page (one row, human)
    rows = api.status(repo, ["ko"]).to_json()
    assert next(r for r in rows if r["path"] == "agents.md")["review"]["state"] == "human"


# --------------------------------------------------------------------------- machine writes and approve


def test_a_machine_write_records_its_text_and_carries_the_notice_then_approve_signs_it_off(repo, llm) -> None:
    result = _translate(repo, "agents.md")
    assert result.docs[0].written and not result.docs[0].draft
    text = _ko(repo).read_text(encoding="utf-8")
    assert has_notice(text) and "이 문서는 기계 번역되었으며" in text
    layout = DocsLayout.open(repo)
    record = read_record(layout, "ko", "agents.md")
    assert record is not None and record.machine is not None and record.signoff is None
    assert record.machine.segments == frozenset(page_segments(text))
    st = review_state(layout, "ko", "agents.md")
    assert (st.state, st.pending) == ("machine", len(page_segments(text)))
    # check treats the notice as the tool's: the page is clean
    assert api.check(repo, "ko", ["agents.md"]).ok
    # a hand edit, committed with any message, then approve: reviewed, the notice gone, only it changed
    edited = text.replace(text.split("\n# ")[1].split("\n\n")[1], "에이전트는 모델로 다음 행동을 정하는 프로그램입니다.", 1)
    _ko(repo).write_text(edited, encoding="utf-8")
    _commit(repo, "wip")
    done = api.approve(repo, "ko", ["agents.md"], by="Kim Reviewer")
    assert done.exit_code == 0 and done.pages[0].notice_removed
    assert _ko(repo).read_text(encoding="utf-8") == strip_notice(edited)
    st = review_state(layout, "ko", "agents.md")
    assert (st.state, st.signoff.by, st.pending) == ("reviewed", "Kim Reviewer", 0)
    head = git(repo, "rev-parse", "HEAD").strip()
    assert st.signoff.english_commit == git(repo, "rev-list", "-1", head, "--", "docs/source/en/agents.md").strip()
    _commit(repo, "x")
    rows = {r["path"]: r for r in api.status(repo, ["ko"]).to_json()}
    assert rows["agents.md"]["state"] == "up-to-date" and rows["agents.md"]["review"]["state"] == "reviewed"


def test_approve_refuses_a_draft_and_a_page_with_check_errors(repo, llm, capsys, monkeypatch, tmp_path) -> None:
    _ko(repo).write_text(mark_draft(PAGE), encoding="utf-8")
    _commit(repo)
    code = main(["approve", "--repo", str(repo), "--lang", "ko", "agents.md", "--by", "kim", "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and "draft mark" in out["pages"][0]["reason"]
    assert not record_path(DocsLayout.open(repo), "ko", "agents.md").exists()
    # the mark deleted, the page still lacks the English code block and tip: check errors refuse it
    _ko(repo).write_text(PAGE, encoding="utf-8")
    code = main(["approve", "--repo", str(repo), "--lang", "ko", "agents.md", "--by", "kim"])
    text = capsys.readouterr().out
    assert code == 1 and "check error" in text and "refused" in text
    assert not record_path(DocsLayout.open(repo), "ko", "agents.md").exists()
    # no translation, a control character in the name, no name at all
    assert api.approve(repo, "ko", ["other.md"], by="kim").pages[0].reason.endswith("no translation to approve")
    assert _translate(repo, "agents.md", force=True).docs[0].written
    done = api.approve(repo, "ko", ["agents.md"], by="evil\x1b[2J\nname")
    assert done.pages[0].signoff.by == "evil[2J name"
    git(repo, "config", "--unset", "user.name")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "no-global-config"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    with pytest.raises(Exception, match="reviewer name"):
        api.approve(repo, "ko", ["agents.md"])


def test_an_update_of_a_reviewed_page_makes_only_the_changed_passages_machine_again(repo, llm) -> None:
    _translate(repo, "agents.md")
    _commit(repo, "nightly")
    api.approve(repo, "ko", ["agents.md"], by="kim")
    _commit(repo, "approve")
    reviewed = _ko(repo).read_bytes()
    en = repo / "docs/source/en/agents.md"
    en.write_text(EN.replace("Agents call tools.", "Agents call tools, one after the other."), encoding="utf-8")
    (repo / "docs/source/en/other.md").write_text("# Other [[other]]\n\nChanged.\n", encoding="utf-8")
    _commit(repo, "en")
    result = _translate(repo, "agents.md", update=True)
    assert result.updates["agents.md"].changed == 1
    text = _ko(repo).read_text(encoding="utf-8")
    st = review_state(DocsLayout.open(repo), "ko", "agents.md")
    assert (st.state, st.pending, st.signoff.by) == ("machine", 1, "kim")
    assert "일부(1개 문단)" in text
    # every line but the changed one and the notice is the reviewed page's, byte for byte
    kept = [ln for ln in strip_notice(text).splitlines() if ln in reviewed.decode().splitlines()]
    assert len(kept) == len(strip_notice(text).splitlines()) - 1


# ----------------------------------------------------------------------------------------- the PR audit


def test_a_pr_cannot_forge_a_sign_off_or_drop_machine_text_silently() -> None:
    segs = set(page_segments(PAGE))
    machine = _record(segs).to_text()
    forged = _record(segs, segs).to_text()
    [c] = audit_records("agents.md", machine, forged, PAGE, author="mallory")
    assert c.kind == "signoff-added" and "'kim'" in c.message and "by mallory" in c.message
    [c] = audit_records("agents.md", machine, forged, PAGE, author="kim")
    assert c.kind == "signoff-added" and "by kim" not in c.message
    dropped = ReviewRecord("agents.md", MachineWrite("agents.md", "e" * 40, frozenset()), None).to_text()
    [c] = audit_records("agents.md", machine, dropped, PAGE, author="mallory")
    assert c.kind == "machine-dropped" and "3 segment" in c.message
    assert [c.kind for c in audit_records("agents.md", machine, None, PAGE)] == ["machine-dropped"]
    assert [c.kind for c in audit_records("agents.md", forged, machine, PAGE)] == ["signoff-removed"]
    assert audit_records("agents.md", machine, machine, PAGE) == []
    assert [c.kind for c in audit_records("agents.md", machine, "{", PAGE)] == ["unreadable"]


def test_the_pr_review_reports_a_sign_off_in_someone_elses_name_as_an_error(monkeypatch, tmp_path) -> None:
    from hfi18n.config import Config
    from tests.fakes.github_server import FakeGitHub

    isolate_env(monkeypatch, tmp_path)
    segs = set(page_segments(PAGE))
    rec = "docs/source/ko/_review/agents.md.json"
    with FakeGitHub(token="test-token") as gh:
        gh.add_repo("org/docs")
        pr = gh.add_review_pull("org/docs", base={"docs/source/en/agents.md": EN, "docs/source/ko/agents.md": PAGE,
                                                  rec: _record(segs).to_text()},
                                head={rec: _record(segs, segs).to_text()})
        result = api.review(None, None, pr=f"org/docs#{pr['number']}",
                            config=Config({"github": {"api_url": gh.url}}))
    [doc] = result.review.docs
    [f] = doc.findings
    assert (f.kind.value, f.rule, f.severity, f.file) == ("sign-off", "signoff-added", "error", rec)
    assert "in the name of 'kim'" in f.message and "by someone" in f.message
    assert result.has_errors


def test_translate_all_lists_what_it_leaves_alone_and_is_no_failure_for_it(tmp_path, llm, capsys) -> None:
    """A translation whose base is unknown (a redesign rewrote its English at the same path) is left alone
    and listed with why; the missing doc is drafted; the run succeeds. A second run has nothing to do;
    without a terminal and without --yes, --all asks and does not run."""
    from tests.test_followed import redesigned

    repo = redesigned(tmp_path / "r")
    repo.commit("more English", {"en/fresh.md": "# Fresh [[fresh]]\n\nA page nobody translated yet.\n"})
    guide = repo.docs / "ko/guide.md"
    before = guide.read_bytes()
    argv = ["translate", "--repo", str(repo.root), "--lang", "ko", "--all", "--provider", "openai"]
    code = main([*argv, "--yes", "--format", "json"])
    captured = capsys.readouterr()
    run = json.loads(captured.out)
    assert code == 0 and [d["path"] for d in run["docs"]] == ["fresh.md"]
    assert [(s["path"], s["reason"].split(":")[0]) for s in run["skipped"]] == [
        ("guide.md", "the English version ko/guide.md follows is unknown")]
    assert "skipped guide.md" in captured.err and guide.read_bytes() == before
    repo.commit("nightly", {})
    code = main([*argv, "--yes"])
    assert code == 0 and "nothing to translate" in capsys.readouterr().err
    repo.commit("en", {"en/third.md": "# Third [[third]]\n\nA third page.\n"})
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 1 and "pass --yes" in err and "1 doc(s)" in err
    assert not (repo.docs / "ko/third.md").exists()


def test_every_status_format_shows_the_review_state_counts_and_queue(repo, llm) -> None:
    """The terminal table, JSON, CSV, Markdown (the dashboard's body) and the team page: each page's review
    state, the counts by state and the machine pages ranked for review."""
    import csv
    import io

    from rich.console import Console

    _translate(repo, "agents.md", "other.md")
    api.approve(repo, "ko", ["other.md"], by="Kim <b>Reviewer</b>")
    result = api.status(repo, ["ko"])
    rows = {r["path"]: r for r in result.to_json()}
    assert rows["agents.md"]["review"]["state"] == "machine" and rows["agents.md"]["review_rank"] == 1
    assert rows["other.md"]["review"]["state"] == "reviewed" and rows["other.md"]["review_rank"] is None
    by_path = {r["path"]: r for r in csv.DictReader(io.StringIO(result.to_csv()))}
    assert by_path["agents.md"]["review_state"] == "machine" and by_path["agents.md"]["review_rank"] == "1"
    assert by_path["other.md"]["reviewed_by"] == "Kim <b>Reviewer</b>"
    md = result.to_markdown()
    assert "review: 1 machine" in md and "1 reviewed" in md and "### Review next (ko)" in md
    assert "- [ ] `agents.md` (machine," in md and "reviewed by `Kim <b>Reviewer</b>`" in md
    html = result.to_html()
    assert 'data-review="reviewed"' in html and '<ol class="review-queue"' in html
    assert "Kim &lt;b&gt;Reviewer&lt;/b&gt;" in html and "<b>Reviewer" not in html
    console = Console(width=140, record=True, file=io.StringIO())
    result.render_table(console)
    text = console.export_text()
    assert "review next (ko)" in text and "review: 1 machine" in text
