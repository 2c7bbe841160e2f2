"""In the browser, on a phone, in Korean (issue 34): a translator uploads a translated doc in the review tab,
reads the omission placed where the paragraph belongs, and applies its suggestion with one button; the page
offers the fixed file. With ``HFI18N_SCREENSHOTS=1`` the screenshot is copied to ``docs/screenshots/``."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import require
from tests.helpers import browser_until
from tests.test_web_browser import chrome, free_port

pytestmark = [pytest.mark.browser, pytest.mark.corpus, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[1]
DROPPED = "또한 단계 콜백을 사용하여 에이전트의 메모리를 동적으로 변경할 수도 있습니다."


def test_a_translator_on_a_phone_applies_an_omissions_suggestion_with_one_button(corpus_copy, tmp_path: Path,
                                                                                 monkeypatch) -> None:
    require("gradio")
    from selenium.webdriver.common.by import By

    from hfi18n.web import build_app

    for var in ("GITHUB_TOKEN", "GH_TOKEN", "OPENAI_API_KEY", "HFI18N_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    clone = corpus_copy("smolagents")
    subprocess.run(["git", "-C", str(clone), "config", "user.email", "k@example.com"], check=True)
    ko = (clone / "docs/source/ko/tutorials/memory.md").read_text(encoding="utf-8")
    upload = tmp_path / "memory.md"
    upload.write_text(ko.replace(DROPPED + "\n\n", ""), encoding="utf-8")
    shots = tmp_path / "screenshots"
    shots.mkdir()
    demo = build_app(clone)
    port = free_port()
    demo.launch(server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True, show_error=False)
    d = chrome(tmp_path, "ko-KR")
    try:
        d.set_window_size(390, 1400)
        d.get(f"http://127.0.0.1:{port}/")

        def until(cond, what: str, timeout: float = 60):
            return browser_until(d, cond, what, shot=shots / "failure.png", timeout=timeout)

        tab = until(lambda: [b for b in d.find_elements(By.CSS_SELECTOR, "button[role=tab]") if "검토" in b.text],
                    "the review tab")
        tab[0].click()
        box = until(lambda: [b for b in d.find_elements(By.CSS_SELECTOR, "#hf-file-box button")
                             if "번역된 파일 검토하기" in b.text], "the file box")
        box[0].click()
        until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-file-upload input[type=file]"), "the file input")
        d.find_element(By.CSS_SELECTOR, "#hf-file-upload input[type=file]").send_keys(str(upload))
        # the file's row names it in aria-label; its visible text is "memory" and ".md" in two spans, which
        # Selenium's .text joins with a space or not depending on the layout (the fresh-clone CI run timed out)
        until(lambda: [td for td in d.find_elements(By.CSS_SELECTOR, "#hf-file-upload td.filename")
                       if td.get_attribute("aria-label") == "memory.md"], "the upload")
        d.find_element(By.CSS_SELECTOR, "#hf-file-btn").click()
        review = until(lambda: "missing-paragraph" in d.find_element(By.CSS_SELECTOR, "#hf-file-review").text
                       and d.find_element(By.CSS_SELECTOR, "#hf-file-review"), "the file's review")
        assert "You can also use step callbacks" in review.text and "제안:" in review.text
        d.execute_script("document.querySelector('#hf-file-box').scrollIntoView()")
        time.sleep(0.5)
        d.save_screenshot(str(shots / "3-review-file.png"))
        d.find_element(By.CSS_SELECTOR, "#hf-apply-btn").click()
        until(lambda: "missing-paragraph" not in d.find_element(By.CSS_SELECTOR, "#hf-file-review").text,
              "the finding gone")
        until(lambda: [a for a in d.find_elements(By.CSS_SELECTOR, "#hf-file-fixed a")
                       if "memory.md" in (a.get_attribute("href") or "") + a.text], "the fixed file to download")
        d.save_screenshot(str(shots / "3-review-file-applied.png"))
    finally:
        d.quit()
        demo.close()
    if os.environ.get("HFI18N_SCREENSHOTS"):
        dest = ROOT / "docs" / "screenshots"
        for png in sorted(shots.glob("3-review-file*.png")):
            shutil.copy(png, dest / png.name)
