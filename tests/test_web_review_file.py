"""The web app reviews an uploaded translation (issue 34): every finding on its line, an omission placed where
the paragraph belongs, and its suggestion applied in one click -- the file offered back without the finding.
The uploaded file is hostile data: read only from Gradio's upload folder, bounded, UTF-8 or a clear error,
and quoted escaped."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hfi18n.errors import HfI18nError
from tests.conftest import require

pytestmark = [pytest.mark.corpus]
MEMORY = "tutorials/memory.md"
DROPPED = "또한 단계 콜백을 사용하여 에이전트의 메모리를 동적으로 변경할 수도 있습니다."


@pytest.fixture()
def app(corpus_copy, tmp_path: Path, monkeypatch):
    require("gradio")
    from hfi18n.web import handlers
    from hfi18n.web.handlers import WebApp
    from hfi18n.web.workspace import Workspace

    clone = corpus_copy("smolagents")
    subprocess.run(["git", "-C", str(clone), "config", "user.email", "k@example.com"], check=True)
    uploads = tmp_path / "gradio"
    uploads.mkdir()
    monkeypatch.setattr(handlers, "UPLOADS", uploads)
    web = WebApp(Workspace([clone]))
    return web, web.ws.names()[0], clone, uploads


def _upload(uploads: Path, name: str, text: str | bytes) -> str:
    path = uploads / "c0ffee" / name
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return str(path)


def test_an_uploaded_file_is_reviewed_and_a_suggestion_applied_in_one_click(app) -> None:
    web, name, clone, uploads = app
    ko = (clone / "docs/source/ko" / MEMORY).read_text(encoding="utf-8")
    broken = ko.replace(DROPPED + "\n\n", "")
    assert broken != ko
    html, state, suggestions = web.review_file(name, "ko", "", _upload(uploads, "memory.md", broken))
    assert "missing-paragraph" in html and "You can also use step callbacks" in html
    assert "Suggestion: insert at line" in html and "English, to translate" in html
    (label, pick), *_ = suggestions.choices
    assert "missing-paragraph" in label
    html, state, suggestions, fixed = web.apply_suggestion(name, state, pick)
    assert "missing-paragraph" not in html and not suggestions.choices
    text = Path(fixed).read_text(encoding="utf-8")
    assert text == ko.replace(DROPPED, "You can also use step callbacks to dynamically change the agent's memory.")
    assert Path(fixed).name == "memory.md" and state["text"] == text
    # the English doc can be named instead of guessed from the file name
    html, _state, _s = web.review_file(name, "ko", "tutorials/memory.md", _upload(uploads, "upload.md", broken))
    assert "missing-paragraph" in html


def test_an_uploaded_file_is_hostile_data(app) -> None:
    web, name, clone, uploads = app
    ko = (clone / "docs/source/ko" / MEMORY).read_text(encoding="utf-8")
    hostile = ko + "\n<img src=x onerror=alert(1)> 에이전트의 메모리를 <script>alert(2)</script> 확인하세요.\n"
    html, _state, _s = web.review_file(name, "ko", "", _upload(uploads, "memory.md", hostile))
    assert "<script>" not in html and "<img src=x" not in html
    with pytest.raises(HfI18nError, match="not an uploaded Markdown doc"):
        web.review_file(name, "ko", "", str(clone / "docs/source/ko" / MEMORY))  # a path of the server
    with pytest.raises(HfI18nError, match="not an uploaded Markdown doc"):
        web.review_file(name, "ko", "", _upload(uploads, "memory.txt", ko))
    with pytest.raises(HfI18nError, match="not UTF-8 text"):
        web.review_file(name, "ko", "", _upload(uploads, "memory.md", "제목".encode("euc-kr") + b"\n"))
    with pytest.raises(HfI18nError, match="no English doc"):
        web.review_file(name, "ko", "", _upload(uploads, "no-such-page.md", ko))
    with pytest.raises(HfI18nError, match="no such suggestion"):
        web.apply_suggestion(name, {"lang": "ko", "doc": MEMORY, "name": "m.md", "text": ko}, "7")
