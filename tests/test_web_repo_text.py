"""Text from a repository is text everywhere in the web app (issue 33, item 7).

Section titles of a changed English heading went into the Translate tab's "changed" note as Markdown: an
image from any host loaded in every visitor's browser. Every place the page writes repository text into
Markdown now escapes it (:func:`hfi18n.web.render.md`), and the HTML tables escape it too. Tested with
hostile headings (an image, raw HTML, a link, LaTeX) on a small repository: the escaping as a property
over any text, the notes as an API client gets them, and the page in a real browser, which must never
ask the hostile host for anything.
"""

from __future__ import annotations

import http.server
import re
import subprocess
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from hfi18n.doc.inert import one_line
from tests.conftest import require
from tests.helpers import rendered_text

COMMONMARK = MarkdownIt("commonmark", {"html": True}).enable(["strikethrough", "table"])


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=80)
       | st.lists(st.sampled_from(["![a](http://h/p.png)", "<img src=x>", "[l](javascript:1)", "`", "``", "*",
                                   "_", "$$", "\\", "&amp;", "<", ">", "www.evil.example", "https://e.x/",
                                   "a@b.co", "#", "- ", "1. ", "|", "~~", "<!--", "]", "(", ")", "\n"]),
                  max_size=12).map("".join))
def test_escaped_repository_text_renders_as_itself(text: str) -> None:
    """Whatever a repository puts in a title, the escaped Markdown renders to exactly that text (on one line):
    no tag, link, image, emphasis or entity comes out of it."""
    from hfi18n.web.render import md

    html = COMMONMARK.render(f"x {md(text)}")
    assert not re.search(r"<(?!/?p>)", html), html
    assert rendered_text(f"x {md(text)}") == f"x {one_line(text)}".strip()


PIXEL_PORT_HOLDER = "PIXEL"
HOSTILE_HEADINGS = [
    "Install ![pixel](http://127.0.0.1:PIXEL/from-markdown.png)",
    "Setup <img src=\"http://127.0.0.1:PIXEL/from-html.png\">",
    "Usage [click](http://127.0.0.1:PIXEL/from-link) and $$\\href{http://127.0.0.1:PIXEL/x}{tex}$$",
]


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True, text=True).stdout


def hostile_repo(root: Path, port: int | str) -> Path:
    """A repository whose Korean ``guide.md`` follows an English that later changed three headings to
    hostile ones (an image, raw HTML, a link with LaTeX), pointing at ``127.0.0.1:port``."""
    repo = root / "hostile"
    en, ko = repo / "docs/source/en", repo / "docs/source/ko"
    en.mkdir(parents=True)
    ko.mkdir(parents=True)
    git(root, "init", "-q", "-b", "main", str(repo))
    for key, value in (("user.name", "Kim"), ("user.email", "kim@example.com"), ("commit.gpgsign", "false")):
        git(repo, "config", key, value)
    sections = ["Install", "Setup", "Usage"]
    (en / "_toctree.yml").write_text("- sections:\n  - local: guide\n    title: Guide\n  title: Start\n")
    (ko / "_toctree.yml").write_text("- sections:\n  - local: guide\n    title: 안내\n  title: 시작\n")
    body = "".join(f"## {s}\n\nSome text about {s.lower()}.\n\n" for s in sections)
    (en / "guide.md").write_text(f"# Guide\n\n{body}", encoding="utf-8")
    (ko / "guide.md").write_text("# 안내\n\n" + "".join(f"## {s} 한국어 [[{s.lower()}]]\n\n{s} 설명입니다.\n\n"
                                                       for s in sections), encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "guide and its translation")
    hostile = [h.replace(PIXEL_PORT_HOLDER, str(port)) for h in HOSTILE_HEADINGS]
    body = "".join(f"## {h}\n\nSome new text about {s.lower()}.\n\n" for h, s in zip(hostile, sections, strict=True))
    (en / "guide.md").write_text(f"# Guide\n\n{body}", encoding="utf-8")
    git(repo, "commit", "-q", "-am", "headings")
    return repo


def test_the_changed_note_and_every_table_show_hostile_headings_as_text(tmp_path: Path) -> None:
    """The pick note ("Changed in the English: ...") as an API client gets it, and the status tables: the
    hostile headings are there, as text; no image, link or tag of theirs."""
    require("gradio")
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.workspace import Workspace

    repo = hostile_repo(tmp_path, 9)
    web = WebApp(Workspace([repo]))
    html, _, _ = web.status(repo.name, "ko")
    update, force, note = web.pick(repo.name, "ko", "guide.md")
    assert update and not force
    shown = rendered_text(note)
    for heading in (h.replace(PIXEL_PORT_HOLDER, "9") for h in HOSTILE_HEADINGS):
        assert heading in shown, (heading, shown)
    page = COMMONMARK.render(note)
    assert "<img" not in page and "<a " not in page and "$$" in shown
    assert "<img" not in html.replace("&lt;img", "") and 'href="http://127.0.0.1:9' not in html


class _Pixel(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 - the http.server API
        type(self).hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.browser
@pytest.mark.slow
def test_a_browser_never_asks_the_host_a_heading_names(tmp_path: Path) -> None:
    """In chromium: status, then the outdated doc picked in the Translate tab; its "changed" note shows the
    hostile headings as text, and the host they name gets no request (an image from any host loaded in
    every visitor's browser)."""
    require("gradio")
    from selenium.webdriver.common.by import By

    from hfi18n.web import build_app
    from tests.helpers import browser_until
    from tests.test_web_browser import chrome, free_port

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Pixel)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    _Pixel.hits = []
    repo = hostile_repo(tmp_path, server.server_address[1])
    demo = build_app(repo)
    port = free_port()
    demo.launch(server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True, show_error=False)
    driver = chrome(tmp_path)
    try:
        driver.get(f"http://127.0.0.1:{port}/")

        def until(cond, what: str):
            return browser_until(driver, cond, what, shot=tmp_path / "failure.png")

        until(lambda: driver.find_elements(By.CSS_SELECTOR, "#hf-status-btn"), "the status button")
        driver.find_element(By.CSS_SELECTOR, "#hf-status-btn").click()
        until(lambda: driver.find_elements(By.CSS_SELECTOR, "#hf-outdated tr[data-doc]"), "an outdated doc")
        driver.find_element(By.CSS_SELECTOR, "#hf-next tr[data-doc] td:nth-child(2)").click()
        until(lambda: "Changed in the English" in driver.find_element(By.CSS_SELECTOR, "#hf-doc-note").text,
              "the doc's \"changed\" note")
        note = driver.find_element(By.CSS_SELECTOR, "#hf-doc-note")
        assert "![pixel](http://127.0.0.1:" in note.text and '<img src="http://127.0.0.1:' in note.text
        assert "$$\\href{" in note.text
        assert not note.find_elements(By.CSS_SELECTOR, "img, a, .katex")
        dash = driver.find_element(By.CSS_SELECTOR, "#hf-dashboard")
        assert "![pixel](" in dash.get_attribute("textContent") and not dash.find_elements(By.CSS_SELECTOR, "img")
        driver.execute_script("return 1")  # let any image request the page would make start
        assert _Pixel.hits == []
    finally:
        driver.quit()
        demo.close()
        server.shutdown()


def test_the_pr_preview_and_link_keep_a_hostile_doc_path_in_its_code() -> None:
    """A doc path is the repository's: with backticks it closed the PR preview's ```text fence (the rest of
    the title rendered as Markdown), and a PR title or URL went raw into the "draft PR opened" link."""
    require("gradio")
    from hfi18n.api import PublishResult
    from hfi18n.web.render import md_link, pr_preview

    title = "🌐 [i18n-KO] Translated ```` x``` ![p](http://e.x/p.png) ```` to Korean"
    result = PublishResult("", 0, True, "ko-x`![b](http://e.x/b.png)`", title, ["abc"],
                           body="body ``` ![q](http://e.x/q.png)", head="kim:ko-x", base="main", dry_run=True)
    page = COMMONMARK.render(pr_preview(result))
    assert "<img" not in page and "<a " not in page
    assert title in rendered_text(pr_preview(result))
    link = COMMONMARK.render(md_link("T ![i](http://e.x/i.png)", "https://github.com/o/r/pull/1) ![j](http://e.x/j)"))
    assert "<img" not in link and "<a " not in link  # a URL that would end the link is shown as code
    assert '<a href="https://github.com/o/r/pull/1">' in COMMONMARK.render(md_link("PR", "https://github.com/o/r/pull/1"))
