"""The team's page: who is on each doc (open PR author, toctree placeholder), who translated it last and
since when, from a repository with real commits by several authors; the Markdown pages per language stay
within GitHub's body limit; hostile names stay text."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.repo.layout import DocsLayout
from hfi18n.repo.status import compute_status
from hfi18n.repo.status_pulls import pulls_from_titles
from hfi18n.repo.team import fill_team
from hfi18n.report.html import to_html
from hfi18n.report.text import GITHUB_BODY_LIMIT, to_markdown, to_markdown_parts
from tests.fakes.github_server import FakeGitHub

TOKEN = "ghp_team_test_token_0123456789abcdef"
HOSTILE = 'Eve "x" & `@everyone'
"""A git author name: git itself strips ``<`` and ``>`` from names; the rest is the author's choice."""
HOSTILE_LOGIN = "<img src=x onerror=alert(1)>"
"""A PR author as a hostile API answer could give it."""

EN_TOC = """- title: Start
  sections:
  - local: index
    title: Home
  - local: guide
    title: Guide
  - local: claimed
    title: Claimed page
  - local: pr_page
    title: PR page
"""
KO_TOC = """- title: 시작
  sections:
  - local: index
    title: 홈
  - local: guide
    title: 가이드
  - local: in_translation
    title: (번역중) Claimed page
"""


class Repo:
    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True)
        self.git("init", "-q", "-b", "main")

    def git(self, *args: str, author: str = "t", day: str = "2024-01-01") -> str:
        env = {**os.environ, "GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": "a@example.com",
               "GIT_COMMITTER_NAME": "c", "GIT_COMMITTER_EMAIL": "c@example.com",
               "GIT_AUTHOR_DATE": f"{day}T12:00:00+0000", "GIT_COMMITTER_DATE": f"{day}T12:00:00+0000"}
        return subprocess.run(["git", "-C", str(self.root), *args], env=env, check=True, capture_output=True,
                              text=True).stdout.strip()

    def commit(self, subject: str, files: dict[str, str], *, author: str, day: str) -> None:
        for rel, text in files.items():
            path = self.root / "docs" / "source" / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        self.git("add", "-A")
        self.git("commit", "-q", "-m", subject, author=author, day=day)


def en(title: str, year: int = 2024) -> str:
    return f"<!--Copyright {year} The HuggingFace Team.-->\n\n# {title}\n\nText of {title}.\n"


def ko(title: str, anchor: str, year: int = 2024) -> str:
    return f"<!--Copyright {year} The HuggingFace Team.-->\n\n# {title} [[{anchor}]]\n\n{title} 본문.\n"


@pytest.fixture()
def team(tmp_path: Path) -> Repo:
    r = Repo(tmp_path / "site")
    r.commit("Add English docs", {"en/_toctree.yml": EN_TOC, "en/index.md": en("Home"), "en/guide.md": en("Guide"),
                                  "en/claimed.md": en("Claimed page"), "en/pr_page.md": en("PR page")},
             author="Writer", day="2024-01-05")
    r.commit("🌐 [i18n-KO] Translated `index.md` to Korean", {"ko/index.md": ko("홈", "home")},
             author="Minji Kim", day="2024-02-10")
    r.commit("🌐 [i18n-KO] Translated `guide.md` to Korean", {"ko/guide.md": ko("가이드", "guide")},
             author=HOSTILE, day="2024-03-15")
    # a sweep over every language is no translation: the translator of index.md stays Minji Kim
    r.commit("Update license year", {"en/index.md": en("Home", 2025), "ko/index.md": ko("홈", "home", 2025)},
             author="Sweeper", day="2025-01-02")
    r.commit("docs: ko toctree", {"ko/_toctree.yml": KO_TOC}, author="Joon Park", day="2025-04-01")
    return r


def test_who_is_on_it_and_who_translated_last_through_the_cli(team, capsys, monkeypatch) -> None:
    with FakeGitHub(token=TOKEN) as gh:
        gh.add_repo("o/site")
        gh.add_pull("o/site", title="🌐 [i18n-KO] Translated `pr_page.md` to Korean", head="hyeri:ko-pr",
                    user="hyeri", created_at="2026-01-02T03:04:05Z")
        (team.root / "hfi18n.toml").write_text(f'[github]\nupstream = "o/site"\napi_url = "{gh.url}"\n')
        monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
        monkeypatch.delenv("HFI18N_CONFIG", raising=False)
        assert main(["status", "--repo", str(team.root), "--lang", "ko", "--format", "json"]) == 0
    rows = {r["path"]: r for r in json.loads(capsys.readouterr().out)}
    team_of = {p: (r["claimed_by"], r["claimed_since"], r["translated_by"], r["translated_at"]) for p, r in rows.items()}
    assert team_of == {
        "index.md": (None, None, "Minji Kim", "2024-02-10"),
        "guide.md": (None, None, HOSTILE, "2024-03-15"),
        "claimed.md": ("Joon Park", "2025-04-01", None, None),
        "pr_page.md": ("hyeri", "2026-01-02", None, None),
    }
    assert rows["pr_page.md"]["state"] == "in-progress" and rows["claimed.md"]["state"] == "in-progress"


def test_names_stay_text_in_html_and_markdown(team) -> None:
    layout = DocsLayout.open(team.root)
    pulls = pulls_from_titles([{"number": 9, "title": "🌐 [i18n-KO] Translated `pr_page.md` to Korean",
                                "url": "https://github.com/o/site/pull/9", "user": HOSTILE_LOGIN,
                                "created_at": "2026-01-02T00:00:00Z"}])
    report = compute_status(layout, ["ko"], pulls=pulls, write_cache=False, pr_note="offline")
    fill_team(layout, report, pulls)
    html = to_html(report)
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "Eve &quot;x&quot; &amp; `@everyone" in html
    md = to_markdown(report)
    assert "last translated by ``Eve \"x\" & `@everyone`` on 2024-03-15" in md  # a span its backtick cannot close
    assert "on it: `Joon Park` since 2025-04-01" in md and f"on it: `{HOSTILE_LOGIN}` since 2026-01-02" in md
    # no @mention outside a code span: a nightly edit must not notify anyone
    assert "@" not in md.replace("``Eve \"x\" & `@everyone``", "")


@pytest.mark.corpus
def test_markdown_pages_fit_githubs_body_limit_on_diffusers(corpus) -> None:
    layout = DocsLayout.open(corpus("diffusers"))
    report = compute_status(layout, write_cache=False, pr_note="offline")
    fill_team(layout, report)
    assert len(to_markdown(report)) > GITHUB_BODY_LIMIT  # one page for all languages would be refused
    parts = to_markdown_parts(report)
    assert list(parts) == report.languages and all(len(t) <= GITHUB_BODY_LIMIT for t in parts.values())
    # a tighter limit collapses the finished list first, and the ranked list survives
    small = to_markdown_parts(report, max_chars=15000)
    assert all(len(t) <= 15000 for t in small.values())
    assert "docs up-to-date: not listed here" in small["ko"] and "### Translate next (ko)" in small["ko"]


@pytest.mark.corpus
def test_status_per_lang_writes_one_page_per_language_within_the_limit(corpus, tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    monkeypatch.delenv("HFI18N_CONFIG", raising=False)
    out = tmp_path / "pages"
    assert main(["status", "--repo", str(corpus("diffusers")), "--format", "md", "--per-lang", "--out", str(out)]) == 0
    pages = {p.stem: p.read_text(encoding="utf-8") for p in out.iterdir()}
    assert sorted(pages) == ["ja", "ko", "pt", "zh"]
    assert all(len(t) <= GITHUB_BODY_LIMIT and t.startswith("# Translation status of `diffusers`") for t in pages.values())
    assert "## ko" in pages["ko"] and "## ja" not in pages["ko"]
    assert main(["status", "--repo", str(corpus("diffusers")), "--format", "html", "--per-lang"]) == 2
    assert "--per-lang needs --format md and --out DIR" in capsys.readouterr().err
