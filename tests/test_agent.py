"""``prepare_translation`` / ``submit_translation``: the calling agent translates, hfi18n validates and writes.

On a private clone of the smolagents docs; the "agent" is the test, answering with pseudo-translations
(:func:`hfi18n.translate.providers.pseudo_translate`) and with hostile answers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hfi18n import api
from hfi18n.errors import InputError, RefusedError
from hfi18n.translate.memory import TranslationMemory
from hfi18n.translate.providers import pseudo_translate
from tests.helpers import git

pytestmark = pytest.mark.corpus


def answers(prep: api.PreparedTranslation) -> dict[str, str]:
    return {s["id"]: pseudo_translate(s["text"], "ko") for s in prep.segments}


@pytest.fixture()
def repo(corpus_copy) -> Path:
    return corpus_copy("smolagents")


def missing_doc(repo: Path, n: int = 0) -> str:
    return api.next_docs(repo, "ko", n + 1, pulls=False).to_json()[n]["path"]


def test_prepare_lists_segments_rules_and_terms_and_writes_no_doc(repo: Path) -> None:
    doc = missing_doc(repo)
    prep = api.prepare_translation(repo, "ko", doc)
    target = repo / "docs/source/ko" / doc
    assert not target.exists() and prep.target == f"docs/source/ko/{doc}"
    assert prep.kept == 0, "a new doc keeps nothing (identifier-only segments are counted in as_is)"
    assert prep.segments and all({"id", "text", "line"} <= set(s) for s in prep.segments)
    assert any("⟦1⟧" in s["text"] and s["placeholders"]["⟦1⟧"] for s in prep.segments)
    assert any(s.get("heading") for s in prep.segments)
    assert "합니다체" in prep.rules and "placeholder" in prep.rules and "<segments>" not in prep.rules
    sources = {t["source"] for t in prep.glossary}
    assert sources and all(set(s.get("terms", [])) <= sources for s in prep.segments)
    job_file = api.agent_root(_layout(repo)) / f"{prep.job}.json"
    assert job_file.is_file()
    assert git(repo, "status", "--porcelain") == "", "nothing in the worktree changes"


def _layout(repo: Path):
    from hfi18n.repo.layout import DocsLayout

    return DocsLayout.open(repo, api.DEFAULT_DOCS_ROOT)


def test_rejected_answers_come_back_per_segment_and_nothing_is_written_until_fixed(repo: Path) -> None:
    doc = missing_doc(repo)
    prep = api.prepare_translation(repo, "ko", doc)
    target = repo / "docs/source/ko" / doc
    good = answers(prep)
    with_ph = next(s for s in prep.segments if "⟦1⟧" in s["text"])["id"]
    plain = next(s["id"] for s in prep.segments if "⟦" not in s["text"] and s["id"] != with_ph)
    english = next(s for s in prep.segments if len(s["text"]) > 30 and "⟦" not in s["text"] and s["id"] != plain)
    bad = dict(good)
    bad[with_ph] = good[with_ph].replace("⟦1⟧", "")
    bad[plain] = "Here is the translation: " + good[plain]
    bad[english["id"]] = english["text"]
    bad["s99999"] = "유령"
    res = api.submit_translation(repo, prep.job, bad)
    assert res.state is api.SubmitState.INCOMPLETE and not res.written and not target.exists()
    verdicts = {v["id"]: v for v in res.verdicts}
    assert "dropped ⟦1⟧" in verdicts[with_ph]["reason"]
    assert verdicts[plain]["reason"] == "chatter instead of a translation"
    assert verdicts[english["id"]]["reason"] == "answer repeats the English"
    assert verdicts["s99999"]["reason"] == "no such segment in this job"
    assert sorted(res.remaining) == sorted([with_ph, plain, english["id"]])
    assert sum(v["ok"] for v in res.verdicts) == len(prep.segments) - 3

    fixed = api.submit_translation(repo, prep.job, {k: good[k] for k in res.remaining})
    assert fixed.state is api.SubmitState.WRITTEN and fixed.written and target.is_file()
    assert not [f for f in api.check(repo, "ko", [doc]).to_json() if f["severity"] == "error"]
    with pytest.raises(RefusedError, match="written already"):
        api.submit_translation(repo, prep.job, {})


def test_accepted_answers_go_to_the_memory_and_a_new_job_is_served_from_it(repo: Path) -> None:
    doc = missing_doc(repo)
    prep = api.prepare_translation(repo, "ko", doc)
    good = answers(prep)
    first = prep.segments[0]["id"]
    api.submit_translation(repo, prep.job, {first: good[first]})
    tm = TranslationMemory(repo / ".git/hfi18n/memory.sqlite3")
    try:
        assert good[first] in {r[0] for r in tm._conn.execute("SELECT translation FROM translations")}
    finally:
        tm.close()
    again = api.prepare_translation(repo, "ko", doc)
    assert again.from_memory == 1 and len(again.segments) == len(prep.segments) - 1
    res = api.submit_translation(repo, again.job, {k: v for k, v in good.items() if k != first})
    assert res.written


def test_a_job_whose_english_or_target_changed_is_refused(repo: Path) -> None:
    doc, other = missing_doc(repo, 0), missing_doc(repo, 1)
    prep = api.prepare_translation(repo, "ko", doc)
    en = repo / "docs/source/en" / doc
    en.write_text(en.read_text(encoding="utf-8") + "\nA new paragraph.\n", encoding="utf-8")
    with pytest.raises(RefusedError, match="changed since prepare_translation"):
        api.submit_translation(repo, prep.job, answers(prep))
    assert not (repo / "docs/source/ko" / doc).exists()

    prep2 = api.prepare_translation(repo, "ko", other)
    target = repo / "docs/source/ko" / other
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("# 사람이 쓴 번역\n", encoding="utf-8")  # a human started it meanwhile
    with pytest.raises(RefusedError):
        api.submit_translation(repo, prep2.job, answers(prep2))
    assert target.read_text(encoding="utf-8") == "# 사람이 쓴 번역\n"


@pytest.mark.parametrize("job", ["../../../etc/passwd", "", "20260101-120000-zzzzzzzz", "a/b"])
def test_job_ids_are_validated_before_any_file_is_touched(repo: Path, job: str) -> None:
    with pytest.raises(InputError, match="not a translation job id"):
        api.submit_translation(repo, job, {})


def test_allow_errors_writes_a_marked_draft_with_rejected_segments_left_in_english(repo: Path) -> None:
    doc = missing_doc(repo)
    prep = api.prepare_translation(repo, "ko", doc)
    good = answers(prep)
    first = prep.segments[1]["id"]
    good[first] = "Sure! " + good[first]
    res = api.submit_translation(repo, prep.job, good, allow_errors=True)
    assert res.state is api.SubmitState.DRAFT and res.written and res.remaining == [first]
    text = (repo / "docs/source/ko" / doc).read_text(encoding="utf-8")
    from hfi18n.doc.draft import DRAFT_MARK

    assert DRAFT_MARK in text


def test_update_lists_only_changed_segments_and_keeps_the_human_ones(repo: Path) -> None:
    st = api.status(repo, ["ko"], pulls=False)
    rows = [r for r in st.to_json() if r["state"] == "outdated" and r.get("lines_added", 0) > 0]
    doc = min(rows, key=lambda r: r["en_lines"])["path"]
    target = repo / "docs/source/ko" / doc
    human = target.read_text(encoding="utf-8")
    with pytest.raises(RefusedError):
        api.prepare_translation(repo, "ko", doc)  # an existing translation needs update=True
    prep = api.prepare_translation(repo, "ko", doc, update=True)
    assert prep.kept > 0 and len(prep.segments) > 0
    assert any(s.get("context") for s in prep.segments), "a changed segment among kept ones gets its neighbour"
    res = api.submit_translation(repo, prep.job, answers(prep))
    assert res.written, res.to_json()
    updated = target.read_text(encoding="utf-8")
    human_lines = [ln for ln in human.splitlines() if len(ln) > 30 and not ln.isascii()]
    assert updated != human and sum(ln in updated for ln in human_lines) > len(human_lines) // 2


def test_a_runaway_answer_is_rejected_and_too_many_foreign_ids_refuse_the_call(repo: Path) -> None:
    doc = missing_doc(repo)
    prep = api.prepare_translation(repo, "ko", doc)
    seg = next(s for s in prep.segments if "⟦" not in s["text"])
    looping = pseudo_translate(seg["text"], "ko") + " 반복" * (5 * len(seg["text"]) + 400)
    res = api.submit_translation(repo, prep.job, {seg["id"]: looping})
    [verdict] = res.verdicts
    assert not verdict["ok"] and "runaway" in verdict["reason"]
    with pytest.raises(InputError, match="are not segments of job"):
        api.submit_translation(repo, prep.job, {f"x{i}": "번역" for i in range(51)})


def test_two_submissions_of_one_job_at_once_lose_no_accepted_answer(repo: Path) -> None:
    """The MCP server runs tool calls on several threads: an agent may send two halves at once."""
    from concurrent.futures import ThreadPoolExecutor

    doc = missing_doc(repo)
    prep = api.prepare_translation(repo, "ko", doc)
    good = answers(prep)
    ids = list(good)
    halves = [{k: good[k] for k in ids[::2]}, {k: good[k] for k in ids[1::2]}]
    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(lambda h: api.submit_translation(repo, prep.job, h), halves))
    assert sorted(r.state.value for r in results) == ["incomplete", "written"]
    assert (repo / "docs/source/ko" / doc).is_file()


def test_old_jobs_are_pruned_when_a_new_one_is_prepared(repo: Path) -> None:
    import json
    import time

    from hfi18n.translate.agent import AgentJobStore

    doc = missing_doc(repo)
    old = api.prepare_translation(repo, "ko", doc)
    recent = api.prepare_translation(repo, "ko", doc)
    folder = api.agent_root(_layout(repo))
    path = folder / f"{old.job}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["created"] = time.time() - 31 * 86400
    path.write_text(json.dumps(data), encoding="utf-8")
    (folder / "notes.json").write_text("{}", encoding="utf-8")  # not a job file: left alone
    api.prepare_translation(repo, "ko", doc)
    assert not path.exists() and (folder / f"{recent.job}.json").exists() and (folder / "notes.json").exists()
    with pytest.raises(InputError, match="no translation job"):
        api.submit_translation(repo, old.job, {})
    assert AgentJobStore(folder).prune() == []


def test_agent_jobs_are_in_the_one_job_file_format_and_older_files_still_work(repo: Path) -> None:
    """Issue 24: batch and agent jobs had two stores and two file layouts. One store (``translate/jobs.py``)
    writes both with a ``kind``; a job file written before (no ``kind``) is still submitted, and an agent
    job is never read as a batch job."""
    import json

    doc = missing_doc(repo)
    prep = api.prepare_translation(repo, "ko", doc)
    path = api.agent_root(_layout(repo)) / f"{prep.job}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["kind"] == "agent" and data["format"] == 1 and data["id"] == prep.job
    old = {k: v for k, v in data.items() if k not in ("kind", "format")}  # as hfi18n wrote it before
    path.write_text(json.dumps(old), encoding="utf-8")
    batches = repo / ".git/hfi18n/batches"
    batches.mkdir(parents=True, exist_ok=True)
    (batches / path.name).write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputError, match="holds a job of kind 'agent', not a batch job"):
        api.batch_status(repo, prep.job)
    res = api.submit_translation(repo, prep.job, answers(prep))
    assert res.written and (repo / "docs/source/ko" / doc).is_file()
    again = json.loads(path.read_text(encoding="utf-8"))
    assert again["kind"] == "agent" and again["state"] == "written"  # saved again in the one format
