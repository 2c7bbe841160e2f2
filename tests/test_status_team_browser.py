"""The team's status page in a real browser (Debian chromium through selenium), on the three corpora, at a
phone's 390 px and a laptop's 1280 px: sorting and filtering work, nothing scrolls sideways, and without
script every row is still there."""

from __future__ import annotations

from pathlib import Path

import pytest

from hfi18n.repo.layout import DocsLayout
from hfi18n.repo.status import STATES, compute_status
from hfi18n.repo.team import fill_team
from hfi18n.report.html import to_html
from tests.conftest import require

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

WIDTHS = (390, 1280)


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    require("selenium")
    chromium = require("chromium", exe=True)
    driver_path = require("chromedriver", exe=True)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync",
                "--force-device-scale-factor=1", f"--user-data-dir={tmp_path_factory.mktemp('profile')}"):
        opts.add_argument(arg)
    d = webdriver.Chrome(service=Service(driver_path), options=opts)
    d.set_page_load_timeout(60)
    yield d
    d.quit()


@pytest.fixture(scope="module", params=["diffusers", "huggingface_hub", "smolagents"])
def page(request, corpus, tmp_path_factory):
    layout = DocsLayout.open(corpus(request.param))
    report = compute_status(layout, write_cache=False, pr_note="PR detection skipped")
    fill_team(layout, report)
    path = tmp_path_factory.mktemp("team") / f"{request.param}.html"
    path.write_text(to_html(report), encoding="utf-8")
    return report, path


def _open(driver, path: Path, width: int, *, script: bool = True) -> None:
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": not script})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 844 if width < 500 else 900, "deviceScaleFactor": 1,
                            "mobile": width < 500})
    driver.get(path.as_uri())


def _visible(driver, lang: str) -> list[dict[str, str]]:
    return driver.execute_script(
        "return Array.prototype.filter.call(document.querySelectorAll('table.docs[data-lang=\"'+arguments[0]+'\"]"
        " tbody tr'), function(tr){return !tr.hidden && tr.offsetParent!==null;}).map(function(tr){"
        "return {state:tr.dataset.state, lines:tr.dataset.lines, claimed:tr.dataset.claimed, path:tr.dataset.path};});",
        lang)


def _select(driver, lang: str, name: str, value: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    el = driver.find_element(By.CSS_SELECTOR, f'form.controls[data-lang="{lang}"] select[name="{name}"]')
    Select(el).select_by_value(value)


@pytest.mark.parametrize("width", WIDTHS)
def test_filters_and_sorting_work_without_sideways_scroll(driver, page, width) -> None:
    report, path = page
    _open(driver, path, width)
    inner, scroll = driver.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
    assert inner == width and scroll <= inner, f"the page scrolls sideways at {width}px ({scroll} > {inner})"
    lang = report.languages[0]
    docs = report.for_lang(lang)
    assert len(_visible(driver, lang)) == len(docs)
    state = next(s for s in ("outdated", "up-to-date", "missing") if report.summaries[lang].counts[s])
    _select(driver, lang, "state", state)
    rows = _visible(driver, lang)
    assert rows and {r["state"] for r in rows} == {state} and len(rows) == report.summaries[lang].counts[state]
    _select(driver, lang, "state", "")
    _select(driver, lang, "size", "large")
    rows = _visible(driver, lang)
    assert len(rows) == sum(1 for d in docs if d.en_lines >= 300) and all(int(r["lines"]) >= 300 for r in rows)
    _select(driver, lang, "size", "")
    _select(driver, lang, "claimed", "no")
    assert all(r["claimed"] == "no" for r in _visible(driver, lang))
    _select(driver, lang, "claimed", "")
    _select(driver, lang, "sort", "lines")
    _select(driver, lang, "dir", "desc")
    lines = [int(r["lines"]) for r in _visible(driver, lang)]
    assert len(lines) == len(docs) and lines == sorted(lines, reverse=True) and lines[0] == max(d.en_lines for d in docs)
    shown = driver.execute_script(f"return document.querySelector('form.controls[data-lang=\"{lang}\"] output').textContent")
    assert shown == f"{len(docs)} of {len(docs)} docs"
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= width


def test_header_click_sorts_on_a_wide_screen(driver, page) -> None:
    from selenium.webdriver.common.by import By

    report, path = page
    _open(driver, path, 1280)
    lang = report.languages[0]
    button = driver.find_element(By.CSS_SELECTOR, f'table.docs[data-lang="{lang}"] th[data-sort="state"] button')
    button.click()  # already sorted by state: a click reverses it
    states = [r["state"] for r in _visible(driver, lang)]
    assert states == sorted(states, key=STATES.index, reverse=True)
    assert button.find_element(By.XPATH, "..").get_attribute("aria-sort") == "descending"


@pytest.mark.parametrize("width", WIDTHS)
def test_without_script_every_row_is_there_in_state_order(driver, page, width) -> None:
    report, path = page
    _open(driver, path, width, script=False)
    try:
        assert driver.execute_script("return document.querySelectorAll('form.controls').length") == 0
        for lang in report.languages:
            rows = _visible(driver, lang)
            assert [r["path"] for r in rows] == [d.path for d in report.for_lang(lang)]
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
