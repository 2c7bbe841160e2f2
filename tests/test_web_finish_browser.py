"""Issue 36 in a real browser, as a Korean translator on a phone (390 px): the review queue on the status
tab, a machine page opened without translating anything, one segment fixed, the page approved; no screen
scrolls sideways. Screenshots: docs/screenshots/6-review-queue-ko-390.png, 6-approved-ko-390.png.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from hfi18n import api
from hfi18n.config import Config
from hfi18n.doc.notice import has_notice
from tests.conftest import require
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import browser_until
from tests.test_web_browser import chrome, free_port, git

pytestmark = [pytest.mark.browser, pytest.mark.corpus, pytest.mark.slow]

DOC = "reference/python_executors.md"
SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"


def test_a_korean_translator_finishes_a_machine_page_on_a_phone(corpus_copy, tmp_path: Path, monkeypatch) -> None:
    require("gradio")
    from selenium.webdriver.common.by import By

    from hfi18n.web import build_app

    for var in ("GITHUB_TOKEN", "GH_TOKEN", "OPENAI_API_KEY", "OPENAI_BASE_URL", "HFI18N_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    repo = corpus_copy("smolagents")
    git(repo, "config", "user.name", "Kim Translator")
    git(repo, "config", "user.email", "kim@example.com")
    with FakeLLMServer() as llm:
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        config = Config({"providers": {"openai": {"base_url": llm.openai_base_url}}})
        assert api.translate(repo, "ko", [DOC], provider="openai", config=config).docs[0].written
        demo = build_app(repo, config=config)
        port = free_port()
        demo.launch(server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True, show_error=False)
        d = chrome(tmp_path, "ko-KR")
        try:
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})

            def css(sel: str):
                return d.find_element(By.CSS_SELECTOR, sel)

            def until(cond, what: str, timeout: float = 90):
                return browser_until(d, cond, what, shot=tmp_path / "failure.png", timeout=timeout)

            def sideways() -> int:
                return d.execute_script("return document.documentElement.scrollWidth") - 390

            d.get(f"http://127.0.0.1:{port}/")
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-status-btn"), "the page")
            css("#hf-status-btn").click()
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-review-queue"), "the review queue")
            counts = css("#hf-review-counts").text
            assert "기계 번역 1쪽" in counts and "검토를 기다리는" in counts, counts
            d.execute_script("document.querySelector('#hf-review-counts').previousElementSibling.scrollIntoView({block:'start'})")
            time.sleep(0.5)
            assert sideways() <= 0
            d.save_screenshot(str(SHOTS / "6-review-queue-ko-390.png"))

            css(f'#hf-review-queue tr[data-doc="{DOC}"]').click()  # the doc, in the Translate tab
            until(lambda: "검토하지 않은 기계 번역 문단" in css("#hf-doc-note").text, "the pick note")
            css("#hf-open-btn").click()
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-review .hf-badge.machine"), "the page opened")
            assert "기계 번역, 검토 대기" in css("#hf-review").text
            box = css("#hf-seg-text textarea")
            until(lambda: box.get_attribute("value"), "a segment in the editor")
            box.clear()
            box.send_keys("파이썬 실행기는 에이전트가 만든 코드를 실행합니다.")
            css("#hf-edit-btn").click()
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-review .hf-badge.edited"), "the edit checked")

            [publish] = [b for b in d.find_elements(By.CSS_SELECTOR, "button[role=tab]") if "쓰기" in b.text]
            publish.click()
            css("#hf-approve-btn").click()
            until(lambda: "승인했습니다" in css("#hf-write-note").text, "the sign-off")
            note = css("#hf-write-note").text
            assert "Kim Translator" in note and "기계 번역 안내문을 지웠습니다" in note, note
            d.execute_script("document.querySelector('#hf-write-note').scrollIntoView({block:'center'})")
            time.sleep(0.5)
            assert sideways() <= 0
            # nor inside the note: the record's path (docs/source/ko/_review/...) once ran off its right edge
            # behind a scrollbar of its own
            inner = d.execute_script("return [...document.querySelectorAll('#hf-write-note *')]"
                                     ".filter((e) => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)"
                                     ".map((e) => e.tagName + ' ' + e.className)")
            assert not inner, inner
            d.save_screenshot(str(SHOTS / "6-approved-ko-390.png"))
        finally:
            d.quit()
            demo.close()
    text = (repo / "docs/source/ko" / DOC).read_text(encoding="utf-8")
    assert not has_notice(text) and "파이썬 실행기는 에이전트가 만든 코드를 실행합니다." in text
    row = next(r for r in api.status(repo, ["ko"], pulls=False).to_json() if r["path"] == DOC)
    assert row["review"]["state"] == "reviewed" and row["review"]["reviewed"]["by"] == "Kim Translator"
