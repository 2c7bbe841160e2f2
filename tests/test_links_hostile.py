"""Issue 25, items 5 and 11: links a translation adds, and anchors of the rendered preview.

* ``javascript:``, ``vbscript:`` and ``data:`` links (disguised with entities, tabs, case, Markdown
  escapes, HTML attributes) are an error of ``hfi18n check`` and ``hfi18n review`` in any translated doc;
* a link target the English does not have is a warning (review counts the English the translation
  follows: a link its older English had is no added link);
* the preview (``/preview`` over HTTP) renders such links inert, and namespaces heading ids so a heading
  cannot take the id of an element of the page.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from hfi18n.cli import main

EN_V1 = """# Tools

Read [the guide](./guide) and [the old page](https://example.com/old-page).

## Setup

Install it.
"""
EN_V2 = EN_V1.replace(" and [the old page](https://example.com/old-page)", "")
KO = """# 도구 [[tools]]

[가이드](./guide)와 [옛 페이지](https://example.com/old-page)를 읽으세요.

## 설치 [[setup]]

설치하세요.
"""
HOSTILE_LINKS = [
    "[a](javascript:alert(1))",
    "[b](JaVaScRiPt:alert(1))",
    "[c](<java\tscript:alert(1)>)",
    "[d](&#106;avascript:alert(1))",
    "[e](java&#x09;script:alert(1))",
    "[f](data:text/html;base64,PHNjcmlwdD4=)",
    "[g](vbscript:msgbox(1))",
    '<a href="javascript:alert(1)">h</a>',
    "<a href='  &#x6A;avascript:alert(1)'>i</a>",
    "[j]: javascript:alert(1)",
]


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(cwd), "-c", "user.name=t", "-c", "user.email=t@t", *args],
                          check=True, capture_output=True, text=True).stdout


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    """English v1 and its translation committed; then English v2 drops the link to the old page."""
    root = tmp_path / "repo"
    for lang, text in (("en", EN_V1), ("ko", KO)):
        (root / "docs/source" / lang).mkdir(parents=True)
        (root / "docs/source" / lang / "tools.md").write_text(text, encoding="utf-8")
    git(tmp_path, "init", "-q", str(root))
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "tools and its Korean translation")
    (root / "docs/source/en/tools.md").write_text(EN_V2, encoding="utf-8")
    git(root, "commit", "-q", "-am", "drop the old page link")
    return root


def findings(capsys, *args: str) -> tuple[int, list[dict]]:
    code = main(list(args))
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_check_and_review_report_unsafe_and_added_links(repo: Path, capsys) -> None:
    ko = repo / "docs/source/ko/tools.md"
    code, found = findings(capsys, "check", "--repo", str(repo), "--lang", "ko", "--format", "json")
    # the faithful translation of v1: its link to the old page is one the current English dropped
    assert [(f["check"], f["severity"], f["line"]) for f in found] == [("link-added", "warning", 3)]
    assert code == 0

    lines = KO.splitlines()
    lines[2] += " " + " ".join(HOSTILE_LINKS[:-1]) + " [피싱](https://evil.example/login)"
    ko.write_text("\n".join(lines) + "\n\n" + HOSTILE_LINKS[-1] + "\n", encoding="utf-8")
    code, found = findings(capsys, "check", "--repo", str(repo), "--lang", "ko", "--format", "json")
    unsafe = [f for f in found if f["check"] == "unsafe-link"]
    assert code == 1 and len(unsafe) == len(HOSTILE_LINKS) and all(f["severity"] == "error" for f in unsafe)
    assert {f["line"] for f in unsafe} == {3, 9}
    added = {re.search(r"link to `([^`]+)`", f["message"]).group(1) for f in found if f["check"] == "link-added"}
    assert added == {"https://example.com/old-page", "https://evil.example/login"}

    code, reviewed = findings(capsys, "review", "--repo", str(repo), "--lang", "ko", "--format", "json")
    rules = [f.get("rule") or f.get("check") for d in reviewed["docs"] for f in d["findings"]]
    # one finding per line and target: [a] and <a href> both link javascript:alert(1) on line 3
    assert code == 1 and rules.count("unsafe-link") == len(HOSTILE_LINKS) - 1
    messages = [f["message"] for d in reviewed["docs"] for f in d["findings"] if (f.get("rule") or f.get("check"))
                == "link-added"]
    # review knows the English the translation follows (v1): only the phishing link is added
    assert len(messages) == 1 and "`https://evil.example/login`" in messages[0]  # quoted: no live link


def test_safe_links_are_no_finding(repo: Path, capsys) -> None:
    """Spellings of the English's own links are not "added": the English's in-page anchor as the full URL
    of this page (in the translation's language), an image's data: source."""
    ko = repo / "docs/source/ko/tools.md"
    (repo / "docs/source/en/tools.md").write_text(EN_V1, encoding="utf-8")
    ko.write_text(KO.replace("[가이드](./guide)", "[가이드](./guide) [설치](https://huggingface.co/docs/x/ko/tools#setup)"
                             " ![그림](data:image/png;base64,AAAA)"), encoding="utf-8")
    code, found = findings(capsys, "check", "--repo", str(repo), "--lang", "ko", "--format", "json")
    assert (code, found) == (0, [])
