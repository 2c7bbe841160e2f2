"""Issue 26, what was still English in a Korean browser: the web app's own errors, the clone progress line
and note, and the segment list. Through HTTP as a browser sends it (``gradio_client`` with the headers of a
Korean browser: ``Accept-Language: ko-KR,ko``), on a shared app (signed in with Gradio's mocked login, as
tests/test_web_hostile.py does).

What the web app says itself is wholly Korean; a library error keeps its English detail inside a Korean
frame ("영어 원문: ..."), never a sentence that changes language half-way; data (URLs, doc and repository
names, segment text) stays as it is. An English browser reads every word as before.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.fakes.tarpit import Tarpit
from tests.test_web import FORK, UPSTREAM, served  # noqa: F401
from tests.test_web_hostile import DOC, bare, site, sites, smol, visitor_login  # noqa: F401

pytestmark = [pytest.mark.corpus]

KO_HEADERS = {"Accept-Language": "ko-KR,ko;q=0.9,en-US;q=0.8"}


def korean(app, username: str | None):
    """A visitor of ``app`` whose browser speaks Korean (signed in as ``username``, else anonymous)."""
    import httpx
    from gradio_client import Client

    headers = dict(KO_HEADERS)
    if username:
        app.who.clear()
        app.who.update(visitor_login(username))
        with httpx.Client(base_url=app.url) as http:
            http.get("/login/callback")
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
    return Client(app.url, verbose=False, headers=headers, download_files=False)


def error_of(client, *args, api_name: str) -> str:
    with pytest.raises(Exception) as caught:
        client.predict(*args, api_name=api_name)
    return str(caught.value)


def no_english(text: str, *data: str) -> None:
    """``text`` has no English word once the ``data`` in it (URLs, names, product names) is taken out."""
    for d in (*data, "Hugging Face", "GitHub", "URL", "Space", "app.py"):
        text = text.replace(d, "")
    words = re.findall(r"[A-Za-z]{2,}", text)
    assert not words, f"English words {words} in {text!r}"


def test_errors_clone_and_segment_list_in_a_korean_browser(smol: Path, tmp_path: Path, site,  # noqa: F811
                                                           monkeypatch) -> None:
    upstream = bare(smol, tmp_path / "up")
    url = upstream.as_uri()
    app = site(shared=True, allow_private_hosts=True, clone_timeout=3)
    anonymous, kim = korean(app, None), korean(app, "kim")

    # not signed in: the step it is for, in Korean
    said = error_of(anonymous, url, api_name="/clone")
    assert "저장소를 클론하려면 Hugging Face로 로그인하세요 — 힌트: 페이지 맨 위의 Hugging Face 로그인 버튼을 누르세요" in said
    no_english(said)

    # the clone note: what was done, in Korean; the URL and the folder are data
    note = kim.predict(url, api_name="/clone")[1]
    assert note.startswith(f"`{url}`을(를) `") and "(으)로 클론했습니다: 기본 브랜치의 모든 커밋과 문서의 지난 버전 " in note, note
    name = folder = note.split("`")[3]
    no_english(note, url, folder)
    again = kim.predict(url, api_name="/clone")[1]
    assert again.startswith(f"`{url}`에서 `{folder}`을(를) 업데이트했습니다: ") and "updated" not in again, again

    # a clone that fails: the progress line while it runs, then the failure, wholly in Korean
    with Tarpit(tmp_path) as pit:
        monkeypatch.setenv("GIT_SSL_CAINFO", str(pit.cafile))
        slow = pit.url("huggingface/transformers")
        job = kim.submit(slow, api_name="/clone")
        with pytest.raises(Exception) as caught:
            job.result(timeout=60)
    lines = [o[1] for o in job.outputs() if isinstance(o, (list, tuple)) and isinstance(o[1], str)]
    assert lines and all(re.fullmatch(rf"`{re.escape(slow)}` 클론 중… \d+초", x) for x in lines), lines
    failed = str(caught.value)
    assert f"{slow}을(를) 클론하지 못했습니다 — 힌트: URL이 맞는지, 공개 저장소인지 확인하세요 (클론은 3초가 지나면 " in failed
    no_english(failed, slow)

    # no doc picked, no draft: the web app's own errors (an unknown repository: tests/test_web.py, Gradio
    # refuses a name its list lacks before the app sees it)
    said = error_of(kim, name, "ko", "", True, "pseudo", "", "", api_name="/toctree")
    assert "고른 문서가 없습니다 — 힌트: 목록에서 문서를 고르세요 (1단계)" in said
    no_english(said)
    said = error_of(kim, name, {}, False, api_name="/write")
    assert "아직 검토할 번역이 없습니다 — 힌트: 먼저 문서를 번역하세요 (2단계)" in said
    no_english(said)

    # the segment list: "s3 (12행): <the English of the segment>", never "(line 12)"
    log, state, _review, segments, *_ = kim.predict(name, "ko", DOC, False, False, "pseudo", "", "",
                                                    api_name="/translate")
    labels = [label for label, _ in segments["choices"]]
    assert labels and all(re.match(r"s\d+ \(\d+행\)( ⚠)?: ", label) for label in labels), labels[:3]
    assert not [label for label in labels if "(line " in label]
    said = error_of(kim, name, state, "s1", "edited", 1, api_name="/step")
    assert "“수정함”에 해당하는 세그먼트가 없습니다 — 힌트: 모든 세그먼트를 보려면 “전체”를 고르세요" in said
    no_english(said)
    huge = {**state, "translations": {"s1": "가" * 1_000_001}}
    said = error_of(kim, name, huge, api_name="/check")
    assert re.search(r"초안이\(가\) 너무 큽니다: 1,000,\d{3}자로, 요청당 한도 1,000,000자를 넘습니다 — 힌트: ", said), said
    no_english(said)

    # a library error: its English detail inside a Korean frame, each sentence in one language
    said = error_of(kim, name, "xx", api_name="/status")
    frame, english = said.split(" 영어 원문: ", 1)
    assert frame.endswith("요청을 처리하지 못했습니다.") and english.startswith("no docs folder for language(s) xx")
    assert " — 힌트: 영어 원문: " in said and "영어 원문 힌트" not in said  # one label for the hint (issue 33)


def test_too_many_calls_in_a_korean_browser(smol: Path, site) -> None:  # noqa: F811
    app = site(shared=True, rate_limit=2)
    anonymous = korean(app, None)
    for _ in range(2):
        anonymous.predict("ko", "Train the model", api_name="/glossary")
    said = error_of(anonymous, "ko", "Train the model", api_name="/glossary")
    assert re.search(r"요청이 너무 많습니다\. \d+초 기다리세요 — 힌트: 이 서버는 방문자마다 1분에 2번까지 응답합니다", said), said
    no_english(said)  # the English words of the same refusal: tests/test_web_hostile.py


def english_client(url: str):
    from gradio_client import Client

    return Client(url, verbose=False, headers={"Accept-Language": "en-US,en;q=0.9"}, download_files=False)


def test_translate_log_skipped_doc_and_publish_steps_in_a_korean_browser(served) -> None:  # noqa: F811
    """What the library says as it works, shown by the page: the translate log's summary of a doc, why a doc
    is skipped, and the publish steps. Said from the library's kinds (``DocSummary``'s fields,
    ``Skipped.kind``, ``ProgressEvent.key``), not by reading its English back; an English browser reads the
    library's English word for word, as the CLI prints it."""
    from gradio_client import Client

    url, name = served["url"], served["repo"].name
    kim = Client(url, verbose=False, headers=KO_HEADERS, download_files=False)
    lee = english_client(url)

    # the summary of a translated doc (an update: human segments kept)
    log = kim.predict(name, "ko", "index.md", True, False, "openai", "", "", api_name="/translate")[0]
    summary = next(x for x in log.splitlines() if x.startswith("index.md: 사람 번역 세그먼트 "))
    assert re.fullmatch(r"index\.md: 사람 번역 세그먼트 \d+개 유지(, 기계 번역 세그먼트 \d+개 유지)?, \d+개 번역, "
                        r"주석 \d+개 옮김, 미완성 \d+개( \([\d, ]+행\))?", summary), summary
    no_english(log, "index.md", "ko", "openai")
    english = lee.predict(name, "ko", "index.md", True, False, "openai", "", "", api_name="/translate")[0]
    assert re.search(r"^index\.md: kept \d+ human segment\(s\), .*translated \d+, carried \d+ comment\(s\), left \d+ "
                     r"unfinished", english, re.M), english

    # a doc skipped: why, and what to tick instead of the CLI's options
    said = error_of(kim, name, "ko", "index.md", False, False, "openai", "", "", api_name="/translate")
    assert ("index.md: docs/source/ko/index.md이(가) 이미 있고 사람의 작업이 담겨 있을 수 있습니다 — 힌트: 새로 고치려면 "
            "“업데이트”(사람 번역 유지)를, 다시 번역하려면 “기존 번역 교체”(지금 파일은 백업됩니다)를 체크하세요") in said, said
    no_english(said, "docs/source/ko/index.md", "index.md")
    said = error_of(lee, name, "ko", "index.md", False, False, "openai", "", "", api_name="/translate")
    assert ("index.md: docs/source/ko/index.md exists and may hold human work — hint: tick “update” to refresh it "
            "(human segments kept) or “replace existing” to translate it again") in said, said
    assert "--update" not in said and "--force" not in said  # an English page names its boxes too, not flags
    said = error_of(kim, name, "ko", "index.md", False, False, "openai", "", "", api_name="/plan")
    assert "index.md: docs/source/ko/index.md이(가) 이미 있고 사람의 작업이 담겨 있을 수 있습니다" in said, said

    # a doc's note (``DocJob.note_kind``): a run stopped before every segment was translated
    doc = "tutorials/tools.md"
    for client, big, note in (
            (kim, doc, "쓰지 않음: 모든 세그먼트가 번역되기 전에 실행이 취소되었습니다"),  # a doc of many requests each
            (lee, "tutorials/secure_code_execution.md", "not written: the run was cancelled before every segment was "
                                                        "translated")):
        served["llm"].latency(0.5)
        asked = len(served["llm"].requests)
        job = client.submit(name, "ko", big, False, False, "openai", "", "", api_name="/translate")
        for _ in range(200):
            if len(served["llm"].requests) > asked:
                break
            time.sleep(0.05)
        client.predict(api_name="/stop")
        stopped = job.result(timeout=60)[0]
        assert f"\n{big}: {note}\n" in stopped, stopped
    served["llm"].latency(0)

    # the publish steps, as they come (a dry run, then the real PR on the fake GitHub)
    state = kim.predict(name, "ko", doc, False, False, "openai", "", "", api_name="/translate")[1]
    kim.predict(name, state, False, api_name="/write")
    job = kim.submit(name, "ko", doc, "", "", api_name="/publish_preview")
    job.result(timeout=120)
    steps = [o for o in job.outputs() if isinstance(o, str) and o.startswith("- ")][-1].splitlines()
    assert steps == [f"- {UPSTREAM}의 열린 풀 리퀘스트를 찾는 중", f"- {UPSTREAM}의 main 브랜치를 가져오는 중",
                     "- 브랜치 ko-tutorials-tools을(를) 여기서 만들었습니다 (main 위에 커밋 2개). 아무것도 푸시하지 않았습니다"], steps
    job = lee.submit(name, "ko", doc, "", "", api_name="/publish_preview")
    job.result(timeout=120)
    steps = [o for o in job.outputs() if isinstance(o, str) and o.startswith("- ")][-1].splitlines()
    assert steps == [f"- looking for open pull requests on {UPSTREAM}", f"- fetching main of {UPSTREAM}",
                     "- branch ko-tutorials-tools made locally (2 commit(s) on main); nothing pushed"], steps
    job = kim.submit(name, "ko", doc, "", "", api_name="/publish")
    assert "초안 PR을 열었습니다" in job.result(timeout=120)
    steps = [o for o in job.outputs() if isinstance(o, str) and o.startswith("- ")][-1].splitlines()
    assert f"- 브랜치 ko-tutorials-tools을(를) {FORK}(으)로 푸시하는 중" in steps and f"- {UPSTREAM}에 초안 풀 리퀘스트를 여는 중" in steps
    no_english("\n".join(steps), UPSTREAM, FORK, "ko-tutorials-tools", "main")


def test_status_pr_note_and_base_unknown_in_a_korean_browser(tmp_path: Path, monkeypatch) -> None:
    """The status page's note on open PRs and an outdated doc's "base unknown: ..." (``DocStatus.problem``),
    said from the library's keys (:class:`hfi18n.repo.said.Said`): wholly Korean but for the data and the
    history's own reason, quoted after "영어 원문:"; an English browser reads the CLI's words."""
    from gradio_client import Client

    from hfi18n.config import Config
    from hfi18n.web import build_app
    from tests.conftest import require
    from tests.fakes.github_server import FakeGitHub
    from tests.test_followed import redesigned

    require("gradio_client")
    for var in ("GH_TOKEN", "HFI18N_CONFIG", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_status_0123456789abcdef")
    repo = redesigned(tmp_path / "repo")
    with FakeGitHub(token="ghp_status_0123456789abcdef") as gh:
        gh.add_repo(UPSTREAM, clone_url=repo.root.as_uri())
        demo = build_app(repo.root, config=Config({"github": {"upstream": UPSTREAM, "api_url": gh.url}}), demo=True)
        _, url, _ = demo.launch(prevent_thread_lock=True, quiet=True, show_error=False, server_name="127.0.0.1")
        try:
            kim = Client(url, verbose=False, headers=KO_HEADERS, download_files=False)
            lee = english_client(url)
            name = repo.root.name
            html = kim.predict(name, "ko", api_name="/status")[0]
            assert f'<p class="hf-muted">{UPSTREAM}의 열린 번역 PR 0개 (열린 PR 0개, 방금 가져옴)</p>' in html, html
            row = html[html.index('id="hf-outdated"'):html.index("</table>", html.index('id="hf-outdated"'))]
            cell = re.search(r"<code>guide\.md</code></td><td>([^<]*)</td>", row).group(1)
            assert cell.startswith("기준 커밋을 알 수 없습니다 (영어 원문: ") and ". 가장 가까운 후보: " in cell, cell
            assert cell.endswith("다시 번역하거나(“기존 번역 교체”) 오늘의 영어와 대조해 검토하세요"), cell
            reason = cell.split("영어 원문: ", 1)[1].split("). 가장 가까운 후보: ")[0]
            found = re.search(r"\. 가장 가까운 후보: ([0-9a-f]{7})의 en/guide\.md \(\d+% 일치\)\. ", cell)
            assert found, cell
            no_english(cell.replace(reason, ""), "en/guide.md", found.group(1))  # a commit and a file are data
            note = kim.predict(name, "ko", "guide.md", api_name="/pick")[2]
            assert note.startswith("`guide.md`은(는) **오래됨, 기준 커밋 모름**: 기준 커밋을 알 수 없습니다 (영어 원문: "), note
            assert "translate --force" not in note

            english = lee.predict(name, "ko", api_name="/status")[0]
            assert f'<p class="hf-muted">0 open translation PR(s) of {UPSTREAM} (0 open PRs, cached)</p>' in english
            assert "<td>base unknown: " in english and "re-translate it (translate --force) or review it against " \
                   "today&#x27;s English (check --against today)</td>" in english
            assert ": base unknown: " in lee.predict(name, "ko", "guide.md", api_name="/pick")[2]
        finally:
            demo.close()


def test_a_page_skipped_for_its_broken_english_in_a_korean_browser(served) -> None:  # noqa: F811
    """A doc whose English has a fault a translation would copy (a ``<Tip>`` never closed: doc-builder's
    compile stops on it) is skipped with ``Skipped.kind == "broken_english"``: a Korean browser reads why
    and what to do in Korean, the finding itself quoted after its label (data, as every finding message);
    an English browser reads the CLI's words."""
    import subprocess

    from gradio_client import Client

    repo, name = served["repo"], served["repo"].name
    page = repo / "docs/source/en/broken_tip.md"
    page.write_text("# Broken tip\n\n<Tip>\n\nThis tip is never closed.\n\nMore text follows here.\n",
                    encoding="utf-8")
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(repo), "commit", "-qm", "a page with a tip never closed"], check=True)
    kim = Client(served["url"], verbose=False, headers=KO_HEADERS, download_files=False)
    said = error_of(kim, name, "ko", "broken_tip.md", False, False, "openai", "", "", api_name="/translate")
    assert "broken_tip.md: 영어 원문이 docs/source/en/broken_tip.md:3에서 깨져 있습니다. 영어 원문: " in said, said
    assert "영어 원문을 먼저 고치세요" in said, said
    frame = said.split(" 영어 원문: ", 1)[0]
    no_english(frame, "docs/source/en/broken_tip.md:3", "broken_tip.md")
    said = error_of(english_client(served["url"]), name, "ko", "broken_tip.md", False, False, "openai", "", "",
                    api_name="/translate")
    assert "broken_tip.md: the English source is broken at docs/source/en/broken_tip.md:3: " in said, said
    assert "fix the English first (a translation would copy it)" in said, said
