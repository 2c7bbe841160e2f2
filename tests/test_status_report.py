"""Status outputs: JSON, CSV, Markdown, rich table and the self-contained HTML report."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from rich.console import Console

from hfi18n.repo.status import compute_status
from hfi18n.report.html import BAR_WIDTH, to_html
from hfi18n.report.text import CSV_FIELDS, json_rows, render_table, to_csv, to_markdown
from tests.test_status import site  # noqa: F401  (fixture)


@pytest.fixture()
def report(site):  # noqa: F811
    return compute_status(site["repo"].layout, ["ko"], pr_note="PR detection skipped: offline")


def test_json_is_a_list_of_doc_objects(report, site) -> None:  # noqa: F811
    data = json.loads(json.dumps(json_rows(report), ensure_ascii=False))  # as status --format json
    assert isinstance(data, list) and len(data) == 9
    for row in data:
        assert {"lang", "path", "state", "base_commit", "commits_behind", "lines_added", "lines_removed",
                "rank"} <= set(row)
    guide = next(r for r in data if r["path"] == "guide.md")
    assert guide["rank"] == 1 and guide["base_commit"] == site["c1"] and guide["sections_added"] == ["new"]
    orphan = next(r for r in data if r["state"] == "orphaned")
    assert orphan["path"] == "old.md" and orphan["rank"] is None


def test_csv_round_trips(report) -> None:
    rows = list(csv.DictReader(io.StringIO(to_csv(report))))
    assert tuple(rows[0]) == CSV_FIELDS and len(rows) == 9
    guide = next(r for r in rows if r["path"] == "guide.md")
    assert (guide["state"], guide["commits_behind"], guide["lines_added"], guide["sections_changed"]) == (
        "outdated", "1", "5", "install")
    small = next(r for r in rows if r["path"] == "small.md")
    assert small["flags"] == "uncommitted;not-in-toctree"


def test_markdown_for_a_tracking_issue(report) -> None:
    md = to_markdown(report)
    assert "| ko | 62.5% | 50.0% | 4 | 1 | 1 | 2 | 1 |" in md
    assert "### Translate next (ko)" in md
    assert "- [ ] `guide.md` (outdated: 1 commit, +5/-1 lines, sections: 1 added, 1 changed)" in md
    assert "- [ ] `moved_dst.md` (translated as `moved_src.md`)" not in md  # up to date: in the closed list
    assert "- [x] `moved_dst.md` (translated as `moved_src.md`) — moved" in md
    assert "<summary>missing (2)</summary>" in md and "### orphaned (1)" in md
    assert "- [ ] `wip.md`: toctree placeholder" in md


def test_rich_table_has_summary_and_ranked_list(report) -> None:
    console = Console(record=True, width=140)
    render_table(report, console)
    text = console.export_text()
    assert "ko: 5/8 translated (62.5% coverage, 50.0% up to date)" in text
    assert "guide.md" in text and "outdated" in text and "1 commit, +5/-1 lines, sections: 1 added, 1 changed" in text
    assert "2 missing docs not listed (--all lists them)" in text
    assert "translate next (ko)" in text
    console = Console(record=True, width=140)
    render_table(report, console, show_missing=True)
    assert "big.md" in console.export_text().split("translate next")[0]


@pytest.mark.corpus
def test_status_at_80_columns_keeps_doc_names_whole_and_says_changes_in_words(corpus) -> None:
    """At 80 columns the table used to fold ``tutorials/building_good_agents.md`` after 24 characters
    (``tutorials/building_good_`` / ``agents.md``) and said ``+0-0~3`` for three changed sections.
    (Which doc has how many changed sections depends on the base each translation follows: index.md's
    moved to b60028d when #15 recognised the commit that carried the quoting of ``pip install`` extras.)"""
    from hfi18n.repo.layout import DocsLayout

    repo = corpus("smolagents")
    report = compute_status(DocsLayout.open(repo, "docs/source"), ["ko"], pr_note="offline")
    console = Console(record=True, width=80, soft_wrap=True)  # as the CLI prints (hfi18n.cli._output.out)
    render_table(report, console)
    lines = console.export_text().splitlines()
    table = "\n".join(lines)
    docs = [d.path for d in report.for_lang("ko") if d.state != "missing"]
    assert len(docs) > 10 and any(len(p) > 30 for p in docs)
    for path in docs:
        assert any(path in line for line in lines), f"{path} is cut across lines"
    assert max(len(line.rstrip()) for line in lines) <= 80, "the terminal would cut a word"
    assert "~" not in table and re.search(r"sections: \d+ changed", table.replace("\n", " "))


def test_html_is_self_contained_with_a_coverage_chart(report) -> None:
    html = to_html(report)
    assert html.startswith("<!DOCTYPE html>") and "<style>" in html
    assert not re.search(r"<(link|img|iframe)\b", html)
    # one inline script (sorting, filtering) and nothing it could load
    assert html.count("<script>") == 1 and not re.search(r"<script\b[^>]*\bsrc", html)
    assert not re.search(r"\b(fetch|XMLHttpRequest|import\(|eval|innerHTML)\b", html)
    assert not re.search(r"""\b(src|href)\s*=\s*["']?(https?:)?//""", html)
    assert "@import" not in html and "url(" not in html
    widths = {s: float(w) for w, s in re.findall(
        r'<rect [^>]*width="([\d.]+)"[^>]*data-lang="ko" data-state="([a-z-]+)" data-pct', html)}
    assert widths == {"up-to-date": BAR_WIDTH * 4 / 8, "outdated": BAR_WIDTH * 1 / 8, "in-progress": BAR_WIDTH / 8}
    assert '<ol class="ranked" data-lang="ko">' in html and "<code>guide.md</code>" in html
