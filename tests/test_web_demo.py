"""The web demo's first click works (issue 33, item 9), in a Korean browser, on the bundled example.

``hfi18n serve --demo`` preselects ``pseudo``, the offline test double. The first "next" doc was outdated,
"update" was ticked, and Translate ended in an error toast that vanished, leaving a bare "오류" in the page;
pseudo titles reached ``_toctree.yml`` unmarked; the Write tab said "check passes" for a pseudo draft
while ``check`` said ``error [pseudo]``. Now the demo picks a page not translated yet, which pseudo can
draft; the review and the Write tab report the error ``check`` gives the written page; the toctree title
taken from a pseudo page is marked (and ``check`` reports it); an error stays written in the step's note.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import require
from tests.helpers import browser_until


def test_a_pseudo_page_titles_its_toctree_entry_as_pseudo_and_check_says_so(tmp_path: Path) -> None:
    """Through the CLI: a pseudo page's scrambled heading reached ``_toctree.yml`` as a translated title;
    it is marked ``[pseudo]`` now, and ``toctree --check`` reports it."""
    from hfi18n.example import build_example_repo

    repo = build_example_repo(tmp_path / "example")

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "hfi18n", *args], cwd=repo, capture_output=True, text=True)

    assert cli("translate", "--lang", "ko", "--provider", "pseudo", "training.md").returncode in (0, 1)
    assert cli("toctree", "--lang", "ko", "training.md").returncode == 0
    toc = (repo / "docs/source/ko/_toctree.yml").read_text(encoding="utf-8")
    assert '  - local: training\n    title: "[pseudo] ' in toc, toc
    checked = cli("toctree", "--check", "--lang", "ko")
    assert checked.returncode != 0 and "error [toctree-pseudo]" in checked.stdout, checked.stdout + checked.stderr


@pytest.mark.browser
@pytest.mark.slow
def test_the_demos_first_click_translates_and_every_answer_agrees(tmp_path: Path) -> None:
    require("gradio")
    from selenium.webdriver.common.by import By

    from hfi18n.example import build_example_repo
    from hfi18n.web import build_app
    from tests.test_web_browser import chrome, free_port

    repo = build_example_repo(tmp_path / "example")
    demo = build_app(repo, demo=True)
    port = free_port()
    demo.launch(server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True, show_error=False)
    d = chrome(tmp_path, "ko-KR")
    shots = tmp_path / "shots"
    shots.mkdir()

    def css(sel: str):
        return d.find_element(By.CSS_SELECTOR, sel)

    def text_of(sel: str) -> str:
        found = d.find_elements(By.CSS_SELECTOR, sel)
        return found[0].text if found else ""

    def toasts() -> list[str]:
        return [e.text for e in d.find_elements(By.CSS_SELECTOR, ".toast-body, .toast-message-item")
                if e.is_displayed()]

    def until(cond, what: str, timeout: float = 60):
        return browser_until(d, cond, what, shot=shots / "failure.png", timeout=timeout)

    def tab(label: str) -> None:
        [button] = [b for b in d.find_elements(By.CSS_SELECTOR, "button[role=tab]") if b.text.strip() == label]
        button.click()

    try:
        d.get(f"http://127.0.0.1:{port}/")
        until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-status-btn"), "the page")
        css("#hf-status-btn").click()
        until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-next tr[data-doc]"), "the dashboard")
        ranked = [r.get_attribute("data-doc") for r in d.find_elements(By.CSS_SELECTOR, "#hf-next tr[data-doc]")]
        assert ranked == ["index.md"]  # the only "next" doc is outdated (training.md: a toctree placeholder)
        assert "training.md" in text_of("#hf-dashboard")  # the page says which doc the demo picked, and why

        # the default path: the doc picked for the demo, the provider and the boxes as the page sets them
        tab("2 · 번역")
        until(lambda: css("#hf-doc input").get_attribute("value").startswith("training.md"), "the demo's doc")
        until(lambda: "training.md" in text_of("#hf-doc-note"), "its note")
        assert not css("#hf-update input").is_selected() and not css("#hf-force input").is_selected()
        assert css("#hf-provider input").get_attribute("value") == "pseudo"
        css("#hf-translate-btn").click()
        until(lambda: d.find_elements(By.CSS_SELECTOR, "#hf-review table#hf-segments"), "the review", timeout=90)
        assert not toasts(), toasts()

        # one answer: the review, the Write tab and `check` all call the pseudo draft an error
        review = css("#hf-review .hf-review")
        assert review.get_attribute("data-ok") == "false" and "pseudo" in css("#hf-other-findings").text
        assert "--force" not in css("#hf-other-findings").text  # the page's boxes, not the CLI's flags
        tab("4 · 쓰기와 게시")
        until(lambda: "검사: 오류 1개" in text_of("#hf-write-target"), "the write target")
        assert "검사 통과" not in text_of("#hf-write-target")
        css("#hf-write-btn").click()
        until(lambda: "작성함" in text_of("#hf-write-note"), "the file written")
        assert "표시된 초안" in text_of("#hf-write-note")
        css("#hf-toc-btn").click()
        until(lambda: "목차" in text_of("#hf-toc-note"), "the toctree step")
        toc = (repo / "docs/source/ko/_toctree.yml").read_text(encoding="utf-8")
        assert '  - local: training\n    title: "[pseudo] ' in toc, toc
        run = subprocess.run([sys.executable, "-m", "hfi18n", "check", "--lang", "ko", "training.md"], cwd=repo,
                             capture_output=True, text=True)
        assert "training.md:1: error [pseudo]" in run.stdout, run.stdout + run.stderr
        whole = subprocess.run([sys.executable, "-m", "hfi18n", "toctree", "--check", "--lang", "ko"], cwd=repo,
                               capture_output=True, text=True)
        assert "toctree-pseudo" in whole.stdout + whole.stderr, whole.stdout + whole.stderr

        # an error is said in the page and stays there (not only in a toast that goes away)
        tab("2 · 번역")
        css("#hf-doc input").click()
        until(lambda: [o for o in d.find_elements(By.CSS_SELECTOR, "li[role=option]")
                       if (o.get_attribute("aria-label") or "").startswith("index.md")], "index.md")[0].click()
        until(lambda: css("#hf-update input").is_selected(), "update ticked for the outdated doc")
        css("#hf-translate-btn").click()
        until(lambda: "pseudo" in text_of("#hf-plan-note"), "the error in the page")
        note = text_of("#hf-plan-note")
        assert note.startswith("⚠️ index.md: docs/source/ko/index.md이(가) 이미 있습니다. pseudo 공급자는 테스트 대역") and "영어 원문" not in note, note
        d.execute_script("document.querySelectorAll('.toast-close').forEach(b => b.click())")
        until(lambda: not toasts(), "the toast closed")
        assert "pseudo" in text_of("#hf-plan-note")  # still there
        d.save_screenshot(str(shots / "error-kept.png"))
        # read in one script: Gradio re-renders the boxes, and an element found then gone would be stale
        # (a toast still fading out after its close is a toast, not a pill in a box)
        bare = d.execute_script("return [...document.querySelectorAll('.error')].filter(e => e.offsetParent"
                                " && !e.closest('[class*=toast]')).map(e => e.textContent)")
        where = d.execute_script("return [...document.querySelectorAll('.error')].filter(e => e.offsetParent).map(e => (e.closest('[id]') || {}).id + ' ' + e.className + ' | ' + e.parentElement.className)")
        assert not bare, (bare, where)  # no bare "오류" pill left in a box
        d.save_screenshot(str(shots / "error-kept.png"))
    finally:
        d.quit()
        demo.close()
