"""A Korean translator on a 390 px phone (issue 33, item 10), in chromium, on huggingface_hub's docs (seven
languages besides English; a machine draft among the Korean pages).

Before: toasts covered "Add to the toctree" and "Open the draft PR"; the labels of "update" and "replace
existing" wrapped one or two syllables a line; a dropdown's text ran under its arrow; status cards showed
bare numbers ("4", "+45/-23"); the status tab was many screens tall with the other languages before
Korean; and the Korean page still said "Runs", "Error", "machine draft" and "glossary (9)".
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import require
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import browser_until

pytestmark = [pytest.mark.browser, pytest.mark.corpus, pytest.mark.slow]

DRAFTED = "package_reference/mixins.md"
"""An up-to-date Korean page of huggingface_hub made a machine draft (its first line the draft mark)."""


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True, text=True).stdout


def test_a_korean_translator_on_a_phone(corpus_copy, tmp_path: Path, monkeypatch) -> None:
    require("gradio")
    from selenium.webdriver.common.by import By

    from hfi18n.config import Config
    from hfi18n.doc.draft import DRAFT_MARK
    from hfi18n.web import build_app
    from tests.test_web_browser import chrome, free_port

    for var in ("GITHUB_TOKEN", "GH_TOKEN", "OPENAI_API_KEY", "OPENAI_BASE_URL", "HFI18N_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    repo = corpus_copy("huggingface_hub")
    git(repo, "config", "user.name", "Kim Translator")
    git(repo, "config", "user.email", "kim@example.com")
    page = repo / "docs/source/ko" / DRAFTED
    page.write_text(DRAFT_MARK + page.read_text(encoding="utf-8"), encoding="utf-8")
    git(repo, "commit", "-q", "-am", "a machine draft")
    shots = tmp_path / "shots"
    shots.mkdir()

    with FakeLLMServer(api_key=None) as llm:
        demo = build_app(repo, config=Config({"providers": {"openai": {"base_url": llm.openai_base_url}}}))
        port = free_port()
        demo.launch(server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True, show_error=False)
        d = chrome(tmp_path, "ko-KR")

        def screen(height: int = 844) -> None:
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": 390, "height": height, "deviceScaleFactor": 1, "mobile": True})

        def css(sel: str):
            return d.find_element(By.CSS_SELECTOR, sel)

        def text_of(sel: str) -> str:
            found = d.find_elements(By.CSS_SELECTOR, sel)
            return found[0].text if found else ""

        def until(cond, what: str, timeout: float = 60):
            return browser_until(d, cond, what, shot=shots / "failure.png", timeout=timeout)

        def tab(label: str) -> None:
            [button] = [b for b in d.find_elements(By.CSS_SELECTOR, "button[role=tab]") if b.text.strip() == label]
            button.click()

        def uncovered(sel: str) -> bool:
            """Nothing lies over the middle of ``sel`` (it is scrolled to the middle of the screen first)."""
            return d.execute_script(
                "const el = document.querySelector(arguments[0]); el.scrollIntoView({block: 'center'});"
                "const r = el.getBoundingClientRect();"
                "const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
                "return el.contains(top);", sel)

        def page_text() -> str:
            return d.execute_script("return document.body.innerText")

        try:
            screen()
            d.get(f"http://127.0.0.1:{port}/")
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-status-btn"), "the page")
            css("#hf-status-btn").click()
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-next tr[data-doc]"), "the dashboard")

            # status: Korean first, the six other languages folded; labelled numbers; a page of sane height
            coverage = [r.get_attribute("data-lang") for r in d.find_elements(By.CSS_SELECTOR, "#hf-coverage tr")]
            assert coverage == ["ko"]
            assert "다른 언어 (6)" in text_of("#hf-other-langs summary")
            assert not css("#hf-other-langs").get_attribute("open")
            first = css("#hf-next tr[data-doc]").find_elements(By.CSS_SELECTOR, "td")
            assert first[0].text == "1위" and "커밋 " in first[3].text and first[4].text.endswith("줄")
            outdated = d.find_elements(By.CSS_SELECTOR, "#hf-outdated tr[data-doc] td")
            assert outdated and outdated[1].get_attribute("textContent").startswith("커밋 ")
            assert outdated[3].get_attribute("textContent").startswith("영어 +")
            assert not [f for f in d.find_elements(By.CSS_SELECTOR, "details.hf-fold") if f.get_attribute("open")]
            height = d.execute_script("return document.documentElement.scrollHeight")
            assert height < 4000, f"the status tab is {height} px tall"
            claimed = css("#hf-claimed").get_attribute("textContent")
            assert "기계 번역 초안" in claimed and "machine draft" not in claimed
            screen(min(height, 2400))
            d.save_screenshot(str(shots / "6-phone-status-390-ko.png"))
            screen()

            # translate: whole-line checkbox labels, dropdown text ending before the arrow
            tab("2 · 번역")
            until(lambda: css("#hf-update").is_displayed(), "the Translate tab")
            for box in ("#hf-update", "#hf-force"):
                label = css(f"{box} label")
                assert label.rect["width"] > 240 and label.rect["height"] < 60, (box, label.rect)
            ends = d.execute_script(
                "const i = document.querySelector('#hf-doc input'), a = document.querySelector('#hf-doc .icon-wrap');"
                "return [i.getBoundingClientRect().right - parseFloat(getComputedStyle(i).paddingRight),"
                "        a.getBoundingClientRect().left, i.scrollWidth > i.clientWidth];")
            assert ends[0] <= ends[1] + 1, ends
            css("#hf-provider input").click()
            until(lambda: [o for o in d.find_elements(By.CSS_SELECTOR, "li[role=option]")
                           if o.get_attribute("aria-label") == "openai"], "the provider list")[0].click()
            d.execute_script("window.scrollTo(0, 0)")
            time.sleep(0.6)  # the provider list has faded out
            screen(min(d.execute_script("return document.documentElement.scrollHeight"), 2000))
            d.save_screenshot(str(shots / "6-phone-translate-390-ko.png"))
            screen()
            css("#hf-translate-btn").click()
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-review table#hf-segments"), "the review", timeout=120)
            rules = [o.text for o in d.find_elements(By.CSS_SELECTOR, "#hf-rule option")]
            assert any(r.startswith("용어집 (") for r in rules) and not any(r.startswith("glossary") for r in rules), rules

            # write & publish: an error is said under the buttons, and nothing covers them
            tab("4 · 쓰기와 게시")
            until(lambda: css("#hf-pr-btn").is_displayed(), "the publish tab")
            until(lambda: text_of("#hf-write-target").startswith("문서:"), "the doc the write step writes")
            css("#hf-pr-btn").click()
            until(lambda: text_of("#hf-pr-note").startswith("⚠️"), "the error under the PR buttons")
            assert uncovered("#hf-pr-btn") and uncovered("#hf-toc-btn")
            css("#hf-toc-btn").click()
            until(lambda: text_of("#hf-toc-note"), "the toctree note")
            assert uncovered("#hf-pr-btn") and uncovered("#hf-toc-btn")
            d.execute_script("document.getElementById('hf-pr-btn').scrollIntoView({block: 'center'})")
            d.save_screenshot(str(shots / "6-phone-publish-390-ko.png"))

            # no English word of the page's own in the Korean page
            words = page_text()
            for english in ("Runs", "Error", "machine draft", "glossary (", "영어 원문 힌트"):
                assert english not in words, english
            assert "실행 기록" in words  # Gradio's "Runs", in the footer
        finally:
            d.quit()
            demo.close()
    import os
    import shutil

    if os.environ.get("HFI18N_SCREENSHOTS"):
        dest = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
        for png in sorted(shots.glob("6-*.png")):
            shutil.copy(png, dest / png.name)
