"""Issue #15: a translator's repeated ``--update`` cycle never loses an edit and never says "done" falsely.

Each test runs on real corpus docs (smolagents ``index.md`` and ``conceptual_guides/intro_agents.md``,
huggingface_hub ``package_reference/environment_variables.md`` and ``serialization.md``) and failed before
the run ledger, segment provenance and the other rules of the issue existed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hfi18n import api
from hfi18n.doc import parse
from hfi18n.doc.draft import is_draft, mark_draft
from hfi18n.doc.pairing import IDENTIFIER_ONLY_RE, needs_translation
from hfi18n.errors import RefusedError
from hfi18n.translate.pipeline import render_translation
from hfi18n.translate.providers.pseudo import extract_segments, pseudo_translate
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import cli_json as _run
from tests.helpers import git, isolate_env
from tests.helpers import status_rows as _status

pytestmark = pytest.mark.corpus

KO = "docs/source/ko"


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A", "docs")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", message)


@pytest.fixture(autouse=True)
def loopback(monkeypatch) -> FakeLLMServer:
    """The provider of these cycles: the loopback OpenAI-compatible server (``pseudo`` is a test double that
    never updates a human translation)."""
    with FakeLLMServer() as server:
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        monkeypatch.setenv("OPENAI_BASE_URL", server.openai_base_url)
        yield server


def _update(capsys, repo: Path, doc: str) -> tuple[int, dict]:
    return _run(capsys, "translate", "--repo", str(repo), "--lang", "ko", "--update", doc, "--provider", "openai",
                "--format", "json")


def test_the_whole_update_cycle_through_the_cli(corpus_copy, tmp_path: Path, capsys) -> None:
    """update -> status up to date (uncommitted, after an ordinary commit, in a fresh clone) -> hand
    correction -> update again (nothing sent, correction kept) -> draft committed -> update (finished,
    never "up to date" with English left)."""
    repo = corpus_copy("smolagents")
    assert _status(capsys, repo)["index.md"]["state"] == "outdated"
    code, run = _update(capsys, repo, "index.md")
    assert code == 0 and run["translated"] == 1 and run["docs"][0]["summary"]["kept_human"] == 35
    # 2. status learns about the update: uncommitted, after an ordinary commit, and in a fresh clone
    assert _status(capsys, repo)["index.md"]["state"] == "up-to-date"
    _commit(repo, "ko: update index")
    assert _status(capsys, repo)["index.md"]["state"] == "up-to-date"
    fresh = tmp_path / "fresh"
    git(tmp_path, "clone", "-q", str(repo), str(fresh))
    assert _status(capsys, fresh)["index.md"]["state"] == "up-to-date"

    # 1. the translator corrects the paragraph the update wrote; the next update keeps it and sends nothing
    path = repo / KO / "index.md"
    text = path.read_text(encoding="utf-8")
    [written] = [line for line in text.splitlines() if "modal.com" in line]
    corrected = re.sub(r"\*\*[^*]+\*\*", "**코드 에이전트를 제대로 지원**", written, count=1)
    path.write_text(text.replace(written, corrected), encoding="utf-8")
    code, run = _update(capsys, repo, "index.md")
    assert code == 0 and (run["requests"], run["segments"], run["translated"]) == (0, 0, 0)
    assert corrected in path.read_text(encoding="utf-8")
    assert run["docs"][0]["summary"]["kept_human"] == 36  # the machine paragraph a human edited is human
    assert _status(capsys, repo)["index.md"]["state"] == "up-to-date"
    _commit(repo, "docs: edit")  # an ordinary subject
    assert _status(capsys, repo)["index.md"]["state"] == "up-to-date"

    # 3. a machine draft with 6 paragraphs left in English, committed as work in progress
    doc = "conceptual_guides/intro_agents.md"
    draft = api.translate(repo, "ko", [doc], provider="openai", write=False).docs[0]
    english = parse((repo / "docs/source/en" / doc).read_text(encoding="utf-8"))
    left = [s for s in english.segments() if needs_translation(s) and len(s.text) > 120][:6]
    assert len(left) == 6
    translations = {k: v for k, v in draft.translations.items() if k not in {s.id for s in left}}
    target = repo / KO / doc
    target.write_text(mark_draft(render_translation(english, translations)), encoding="utf-8")
    _commit(repo, "wip: intro_agents")
    assert _status(capsys, repo)[doc]["state"] == "in-progress"
    code, run = _update(capsys, repo, doc)
    out = target.read_text(encoding="utf-8")
    summary = run["docs"][0]["summary"]
    assert code == 0 and summary["translated"] == 6 and summary["unfinished"] == []
    assert summary["kept_human"] + summary["kept_machine"] == len(translations) - summary["untranslatable"]
    assert not is_draft(out) and not any(s.restore() in out for s in left)
    assert _status(capsys, repo)[doc]["state"] == "up-to-date"


def test_update_keeps_translated_comments_of_changed_code(corpus_copy, capsys) -> None:
    """4. smolagents index.md: the English code block of "Using Different Models" changes (a model id, and
    one comment reworded). The new code is taken; the Korean comments whose English did not change stay
    (``# Hugging Face의 특정 모델 사용``), the one whose English changed is reported with its line."""
    repo = corpus_copy("smolagents")
    en = repo / "docs/source/en/index.md"
    text = en.read_text(encoding="utf-8")
    en.write_text(text.replace('LiteLLMModel(model_id="gpt-4")', 'LiteLLMModel(model_id="gpt-5")')
                  .replace("# Using local models (requires", "# Using models on your machine (requires"),
                  encoding="utf-8")
    _commit(repo, "Use gpt-5 in the index example")
    code, run = _update(capsys, repo, "index.md")
    out = (repo / KO / "index.md").read_text(encoding="utf-8")
    assert code == 0
    assert 'model = LiteLLMModel(model_id="gpt-5")' in out and "gpt-4" not in out
    assert "# Hugging Face의 특정 모델 사용" in out and "# OpenAI/Anthropic 사용 ('smolagents[litellm]' 필요)" in out
    assert "# Using models on your machine (requires 'smolagents[transformers]')" in out
    summary = run["docs"][0]["summary"]
    assert summary["comments_carried"] == 2
    [lost] = summary["comments_lost"]
    assert lost["line"] == 93 and lost["text"].startswith("# 로컬 모델 사용") and "comment changed" in lost["reason"]
    assert "comment not carried, line 93" in run["docs"][0]["summary_text"]


def test_force_does_not_overwrite_a_save_made_during_the_run(corpus_copy) -> None:
    """5. A human saves the file while ``--force`` translates: the save wins (the expected content is the
    file when the doc was selected, not when the backup is made)."""
    repo = corpus_copy("smolagents")
    path = repo / KO / "index.md"
    saved = path.read_text(encoding="utf-8") + "\n사람이 실행 중에 저장한 줄.\n"

    def save_meanwhile(event: api.ProgressEvent) -> None:
        if event.kind is api.ProgressKind.START:
            path.write_text(saved, encoding="utf-8")

    result = api.translate(repo, "ko", ["index.md"], force=True, provider="openai", progress=save_meanwhile)
    assert path.read_text(encoding="utf-8") == saved
    assert not result.docs[0].written and "changed since this run started" in result.docs[0].note


class _CorrectModel(FakeLLMServer):
    """A perfect translator: identifiers come back as they are (a correct answer), the rest translated."""

    def translate(self, user: str, model: str | None = None) -> list[tuple[str, str]]:
        return [(sid, text if IDENTIFIER_ONLY_RE.fullmatch(text) else pseudo_translate(text, self.lang))
                for sid, text in extract_segments(user)]


@pytest.mark.parametrize("doc", ["package_reference/environment_variables.md", "package_reference/serialization.md"])
def test_identifier_only_segments_are_not_sent_and_do_not_make_drafts(corpus_copy, monkeypatch, tmp_path,
                                                                       capsys, doc: str) -> None:
    """6. ``### HF_HUB_OFFLINE``, ``### split_state_dict_into_shards_factory``: nothing to translate; they
    are kept as they are, never sent, and the page is written finished (it used to end as a draft)."""
    repo = corpus_copy("huggingface_hub")
    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key")
    with _CorrectModel() as server:
        code, run = _run(capsys, "translate", "--repo", str(repo), "--lang", "ko", "--force", doc,
                         "--provider", "openai", "--base-url", server.openai_base_url, "--model", "gpt-4.1-mini",
                         "--format", "json")
        sent = [text for r in server.requests for _, text in extract_segments(r.user)]
    assert code == 0 and run["docs"][0]["written"] and not run["docs"][0]["draft"]
    assert run["failed_segments"] == 0
    assert not [t for t in sent if IDENTIFIER_ONLY_RE.fullmatch(t)]
    out = (repo / KO / doc).read_text(encoding="utf-8")
    heading = "### HF_HUB_OFFLINE" if "environment" in doc else "### split_state_dict_into_shards_factory"
    assert heading in out and not is_draft(out)


def test_english_leftovers_are_never_up_to_date_even_without_the_mark(corpus_copy, monkeypatch, tmp_path,
                                                                     capsys) -> None:
    """3. A segment the model kept answering in English is left in English and recorded as unfinished: the
    page is in progress, also once a human deleted the draft mark; the next ``--update`` sends that
    segment (and only it) again and finishes the page."""
    repo = corpus_copy("smolagents")
    doc = "conceptual_guides/intro_agents.md"
    english = parse((repo / "docs/source/en" / doc).read_text(encoding="utf-8"))
    stuck = next(s for s in english.segments() if needs_translation(s) and len(s.text) > 200)
    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key")
    with FakeLLMServer() as server:
        server.wrong_language(times=4, match=stuck.text[:60])
        result = api.translate(repo, "ko", [doc], provider="openai", base_url=server.openai_base_url,
                               model="gpt-4.1-mini")
        [out] = result.docs
        assert out.written and out.draft and out.summary is not None
        assert out.summary.unfinished == [stuck.line]
        target = repo / KO / doc
        target.write_text(target.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")  # mark removed
        row = _status(capsys, repo)[doc]
        assert row["state"] == "in-progress" and "english-left" in row["flags"]
        with pytest.raises(RefusedError, match="left in English"):
            api.publish(repo, "ko", doc)
        sent_before = len(server.requests)
        again = api.translate(repo, "ko", [doc], update=True, provider="openai", base_url=server.openai_base_url,
                              model="gpt-4.1-mini")
        resent = [text for r in server.requests[sent_before:] for _, text in extract_segments(r.user)]
    assert again.docs[0].written and not again.docs[0].draft
    assert again.docs[0].summary is not None and again.docs[0].summary.translated == 1
    assert len(resent) == 1 and resent[0].startswith(stuck.text[:40])
    assert _status(capsys, repo)[doc]["state"] == "up-to-date"


def test_glossary_mining_learns_only_from_human_text(corpus_copy) -> None:
    """A page the machine wrote teaches the glossary nothing; the paragraph a human then edits does."""
    from hfi18n.translate.aligned import aligned_units

    repo = corpus_copy("smolagents")
    doc = "conceptual_guides/intro_agents.md"
    assert api.translate(repo, "ko", [doc], provider="openai").docs[0].written
    assert not [u for u in aligned_units(repo, "ko", history=False) if u.file == doc]
    target = repo / KO / doc
    lines = target.read_text(encoding="utf-8").split("\n")
    i = next(n for n, line in enumerate(lines) if len(line) > 200 and not line.startswith(("<", "#", "|")))
    lines[i] = "에이전트는 사람이 직접 고쳐 쓴 문단입니다. " + lines[i]
    target.write_text("\n".join(lines), encoding="utf-8")
    units = [u for u in aligned_units(repo, "ko", history=False) if u.file == doc]
    assert [u.line for u in units] == [i + 1]


def test_check_drift_names_the_english_status_says_the_translation_follows(corpus) -> None:
    """``check`` reads the same record as ``status``: its drift finding (``--against today``) and its
    outdated finding (the default) name the same English version."""
    repo = corpus("huggingface_hub")
    [drift] = [f for f in api.check(repo, "ko", ["guides/cli.md"], against="today").findings if f.check == "drift"]
    [row] = [d for d in api.status(repo, ["ko"], pulls=False).report.docs if d.path == "guides/cli.md"]
    assert row.base_commit and f"it follows the English of {row.base_commit[:7]} (en/guides/cli.md)" in drift.message
    [outdated] = [f for f in api.check(repo, "ko", ["guides/cli.md"]).findings if f.check == "outdated"]
    assert f"{row.commits_behind} English commits since the version it follows (en/guides/cli.md at " \
        f"{row.base_commit[:7]})" in outdated.message


def test_the_english_followed_is_the_answer_status_gives(corpus_copy) -> None:
    """``find_bases``, which update and drift-aware review (review.follow) read for "the English version a
    translation follows", gives status's answer, before and after an update that is not committed."""
    from hfi18n.repo.history import find_bases
    from hfi18n.repo.layout import DocsLayout

    repo = corpus_copy("smolagents")
    layout = DocsLayout.open(repo)

    def status_base() -> str | None:
        [row] = [d for d in api.status(repo, ["ko"], pulls=False).report.docs if d.path == "index.md"]
        return row.base_commit

    before = find_bases(layout, "ko").get("index.md")
    assert before is not None and before.base_commit == status_base()
    assert api.translate(repo, "ko", ["index.md"], update=True, provider="openai").docs[0].written
    after = find_bases(layout, "ko").get("index.md")
    assert after is not None and after.method == "record" and after.base_commit == status_base()
    assert after.base_commit == git(repo, "log", "-1", "--format=%H", "--", "docs/source/en/index.md").strip()


def test_a_sweep_applied_to_both_languages_never_hides_an_english_change_before_it(corpus) -> None:
    """Any commit touching a translation may move its base, but only if it carries every English change
    since: ko examples/multiagents.md was touched by two sweeps (64645f5, ba7897e) applied to en and ko
    alike; the English pip quoting of b60028d before them never reached the Korean, so it stays behind."""
    [row] = [d for d in api.status(corpus("smolagents"), ["ko"], pulls=False).report.docs
             if d.path == "examples/multiagents.md"]
    assert (row.state, row.base_commit[:7], row.commits_behind, row.last_english_commit[:7]) == (
        "outdated", "1060b82", 1, "b60028d")
