"""HTML of the web app's screens: the status dashboard and the side-by-side review.

Plain functions from :mod:`hfi18n.api` results to HTML strings (every value escaped); no Gradio here, so
they are tested on their own. Class names start with ``hf-`` and the style sheet :data:`CSS` is scoped
to them.
"""

from __future__ import annotations

from html import escape

from ..api import DraftReview, StatusResult

STATE_COLORS = {"up-to-date": "#2e7d32", "outdated": "#f9a825", "in-progress": "#1e88e5", "missing": "#bdbdbd",
                "orphaned": "#8e24aa"}
"""Bar colours per doc state (the same meaning as the HTML status report)."""

CSS = """
.hf-dash, .hf-review { font-size: 14px; line-height: 1.45; }
.hf-dash table, .hf-review table { border-collapse: collapse; width: 100%; margin: 6px 0 14px; }
.hf-dash th, .hf-dash td, .hf-review th, .hf-review td { border-bottom: 1px solid #e0e0e0; padding: 4px 6px;
  text-align: left; vertical-align: top; }
.hf-bar { display: flex; width: 320px; height: 14px; border-radius: 3px; overflow: hidden; background: #eee; }
.hf-bar span { display: block; height: 100%; }
.hf-key { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin: 0 3px 0 8px; }
.hf-state { font-size: 12px; padding: 1px 6px; border-radius: 8px; color: #fff; white-space: nowrap; }
.hf-muted { color: #757575; font-size: 12px; }
.hf-review td.hf-en, .hf-review td.hf-tr { width: 44%; white-space: pre-wrap; }
.hf-review tr.hf-bad td { background: #fdecea; }
.hf-review tr.hf-edited td.hf-tr { background: #e8f5e9; }
.hf-term { background: #fff3bf; border-bottom: 1px dotted #8d6e00; }
.hf-expect { color: #8d6e00; font-size: 11px; margin-left: 1px; }
.hf-term-missing { color: #c62828; font-size: 12px; }
.hf-finding { font-size: 12px; margin-top: 3px; }
.hf-finding.error { color: #c62828; }
.hf-finding.warning { color: #8d6e00; }
.hf-badge { font-size: 11px; padding: 0 5px; border-radius: 6px; border: 1px solid #bbb; margin-right: 3px;
  white-space: nowrap; }
.hf-badge.human { border-color: #2e7d32; color: #2e7d32; }
.hf-badge.changed { border-color: #f9a825; color: #8d6e00; }
.hf-badge.english { border-color: #c62828; color: #c62828; }
.hf-badge.edited { border-color: #1565c0; color: #1565c0; }
.hf-ok { color: #2e7d32; font-weight: 600; }
.hf-err { color: #c62828; font-weight: 600; }
.hf-review pre { white-space: pre-wrap; font-size: 12px; max-height: 320px; overflow: auto; background: #fafafa;
  padding: 6px; }
"""


def _state(state: str) -> str:
    return f'<span class="hf-state" style="background:{STATE_COLORS.get(state, "#9e9e9e")}">{escape(state)}</span>'


def _links(items: list[str]) -> str:
    """What claims a doc: PR URLs as links (``PR #123``), other marks (a toctree placeholder) as text."""
    out = []
    for item in items:
        if item.startswith(("https://", "http://")):
            label = f"PR #{item.rsplit('/', 1)[-1]}" if "/pull/" in item else item
            out.append(f'<a href="{escape(item)}" target="_blank" rel="noopener">{escape(label)}</a>')
        else:
            out.append(escape(item))
    return ", ".join(out)


def _behind(d) -> str:
    if d.state != "outdated":
        return ""
    parts = [f"{d.commits_behind} commit(s)"]
    changed = len(d.sections_changed) + len(d.sections_added) + len(d.sections_removed)
    if changed:
        parts.append(f"{changed} section(s)")
    parts.append(f"+{d.lines_added}/-{d.lines_removed} lines")
    return ", ".join(parts)


def _legend() -> str:
    """What the bar colours mean (grey: missing)."""
    keys = "".join(f'<span class="hf-key" style="background:{STATE_COLORS[st]}"></span>{st} '
                   for st in ("up-to-date", "outdated", "in-progress", "missing"))
    return f'<p class="hf-muted" id="hf-legend">{keys}</p>'


def dashboard(result: StatusResult, lang: str, limit: int = 20) -> str:
    """Coverage of every language, then for ``lang``: the ranked next docs, the outdated docs with how far
    behind they are, and the docs open PRs claim (with links)."""
    report = result.report
    rows = []
    for lg in report.languages:
        s = report.summaries[lg]
        n = max(s.english_docs, 1)
        bar = "".join(f'<span style="width:{100 * s.counts.get(st, 0) / n:.2f}%;background:{STATE_COLORS[st]}" '
                      f'title="{s.counts.get(st, 0)} {st}"></span>' for st in ("up-to-date", "outdated", "in-progress"))
        rows.append(f'<tr data-lang="{escape(lg)}"><td><b>{escape(lg)}</b></td>'
                    f'<td><div class="hf-bar" style="background:{STATE_COLORS["missing"]}">{bar}</div></td>'
                    f"<td>{s.translated}/{s.english_docs} translated ({s.coverage:.1f}%), "
                    f"{s.counts.get('up-to-date', 0)} up to date, {s.counts.get('outdated', 0)} outdated, "
                    f"{s.counts.get('in-progress', 0)} in progress, {s.counts.get('missing', 0)} missing</td></tr>")
    html = [f'<div class="hf-dash"><h3>Coverage of {escape(report.repo_label)}</h3>',
            f'<table id="hf-coverage">{"".join(rows)}</table>', _legend()]
    ranked = report.ranked(lang, limit)
    html.append(f"<h3>Translate next ({escape(lang)})</h3>")
    if ranked:
        html.append('<p class="hf-muted">Next: open <b>2 · Translate</b>; the first doc is picked already '
                    "(or pick another one there).</p>")
        items = "".join(f'<tr data-doc="{escape(d.path)}"><td>{i}</td><td><code>{escape(d.path)}</code></td>'
                        f"<td>{_state(d.state)}</td><td>{escape(_behind(d))}</td><td>{d.en_lines} lines</td></tr>"
                        for i, d in enumerate(ranked, 1))
        html.append(f'<table id="hf-next"><tr><th>#</th><th>doc</th><th>state</th><th>behind</th><th>size</th></tr>'
                    f"{items}</table>")
    else:
        html.append("<p>Nothing is missing or outdated.</p>")
    docs = report.for_lang(lang)
    outdated = sorted((d for d in docs if d.state == "outdated"), key=lambda d: (-d.commits_behind, d.path))
    if outdated:
        items = "".join(
            f'<tr data-doc="{escape(d.path)}"><td><code>{escape(d.path)}</code></td><td>{d.commits_behind}</td>'
            f"<td>{escape(', '.join(d.sections_changed + d.sections_added) or '-')}</td>"
            f"<td>+{d.lines_added}/-{d.lines_removed}</td></tr>" for d in outdated[:limit])
        html.append(f"<h3>Outdated ({len(outdated)})</h3>"
                    '<table id="hf-outdated"><tr><th>doc</th><th>commits behind</th><th>sections changed or added</th>'
                    f"<th>English lines</th></tr>{items}</table>")
    claimed = [d for d in docs if d.in_progress]
    if claimed:
        items = "".join(f'<tr data-doc="{escape(d.path)}"><td><code>{escape(d.path)}</code></td>'
                        f"<td>{_links(d.in_progress)}</td></tr>" for d in claimed[:limit])
        html.append(f"<h3>In progress ({len(claimed)})</h3>"
                    f'<table id="hf-claimed"><tr><th>doc</th><th>claimed by</th></tr>{items}</table>')
    html.append(f'<p class="hf-muted">{escape(result.pr_note)}</p></div>')
    return "".join(html)


def _highlight(text: str, spans: list[tuple[int, int, str]]) -> str:
    """``text`` escaped, each ``(start, end, expected)`` span marked as a glossary term, followed by the
    expected rendering in small type (the first occurrence of each term only, to keep the text readable)."""
    out, pos, labelled = [], 0, set()
    for start, end, expected in sorted(spans):
        if start < pos:
            continue
        out.append(escape(text[pos:start]))
        label = "" if expected in labelled else f'<sub class="hf-expect">{escape(expected)}</sub>'
        labelled.add(expected)
        out.append(f'<mark class="hf-term" title="glossary: {escape(expected)}">{escape(text[start:end])}</mark>{label}')
        pos = end
    out.append(escape(text[pos:]))
    return "".join(out)


def review(result: DraftReview, edited: set[str] | frozenset[str] = frozenset()) -> str:
    """The draft side by side: line, English (glossary terms marked with the expected rendering), the
    translation with its findings and glossary notes, and where the segment comes from."""
    head = ('<span class="hf-ok">check passes</span>' if result.ok
            else f'<span class="hf-err">check: {result.errors} error(s)</span>')
    warnings = sum(f.severity == "warning" for f in result.findings)
    left = (f', <span class="hf-err">{result.untranslated} segment(s) not translated</span> (writing makes a '
            "marked draft; translate again to finish)" if result.untranslated else "")
    html = [f'<div class="hf-review" data-ok="{str(result.ok).lower()}"><p><b>{escape(result.target)}</b> — {head}, '
            f"{warnings} warning(s){left}. To change a segment, choose it in <b>Segment to edit</b> above; then "
            "write the file in <b>4 · Write &amp; publish</b>.</p>"]
    if result.update:
        u = result.update
        html.append(f"<p>Update from the English of <code>{escape(str(u['base'])[:10])}</code>: "
                    f"<b>{u['kept']}</b> human segment(s) kept, <b>{u['changed']}</b> added or changed in the English "
                    f"(translated), {u['removed']} removed.</p>"
                    f"<details><summary>What changed in the English since then</summary>"
                    f"<pre>{escape(str(u['english_diff']) or '(no change)')}</pre></details>")
    if result.other_findings:
        items = "".join(f'<div class="hf-finding {escape(f.severity)}">line {f.line}: {escape(f.check)}: '
                        f"{escape(f.message)}</div>" for f in result.other_findings)
        html.append(f'<div id="hf-other-findings"><b>Findings outside the prose</b>{items}</div>')
    rows = []
    for s in result.segments:
        badges = []
        if s.id in edited:
            badges.append('<span class="hf-badge edited">edited</span>')
        if s.origin.value == "human":
            badges.append('<span class="hf-badge human">human, kept</span>')
        elif s.origin.value == "english":
            badges.append('<span class="hf-badge english">not translated</span>')
        if s.changed:
            badges.append('<span class="hf-badge changed">English changed</span>')
        # terms with a translation are marked in the English with it; terms kept in English only when missing
        spans = [(a, b, t.expected) for t in s.terms for a, b in t.where
                 if t.expected != "keep in English" or (s.translation and not t.present)]
        notes = "".join(f'<div class="hf-term-missing">glossary: {escape(t.source)} → {escape(t.expected)} '
                        "(not in the translation)</div>" for t in s.terms if s.translation and not t.present)
        # section-level glossary warnings are replaced by the per-segment notes above
        findings = "".join(f'<div class="hf-finding {escape(f.severity)}">{escape(f.check)}: {escape(f.message)}</div>'
                           for f in s.findings if f.check != "glossary")
        bad = any(f.severity == "error" for f in s.findings)
        lines = f"{s.target_line}" if s.target_line == s.target_end else f"{s.target_line}-{s.target_end}"
        classes = " ".join(c for c in ("hf-bad" if bad else "", "hf-edited" if s.id in edited else "") if c)
        rows.append(f'<tr id="seg-{escape(s.id)}" class="{classes}"><td>{escape(s.id)}<br>'
                    f'<span class="hf-muted" title="line in the English file → line(s) in the translated file">'
                    f"line {s.line} → {lines}</span></td>"
                    f'<td class="hf-en">{_highlight(s.english, spans)}</td>'
                    f'<td class="hf-tr">{escape(s.translation) or "<i>(English kept)</i>"}{findings}{notes}</td>'
                    f'<td>{"".join(badges)}</td></tr>')
    html.append('<table id="hf-segments"><tr><th>segment</th><th>English</th><th>translation</th><th></th></tr>'
                f'{"".join(rows)}</table>'
                f'<details id="hf-file"><summary>The file as it will be written</summary><pre>{escape(result.text)}'
                "</pre></details></div>")
    return "".join(html)
