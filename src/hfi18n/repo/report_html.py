"""A self-contained HTML status report: inline CSS, an inline SVG coverage chart, no script, no external
resource (it can be attached to an issue or opened offline).

The chart has one bar per language, 100% = every English doc. Its segments are ``<rect>`` elements with
``data-lang`` and ``data-state`` and a width in percent of the bar, so a test (or a person) can check that
what the browser draws matches the numbers.
"""

from __future__ import annotations

from html import escape

from .report import drift_text, ranks, short
from .status import RANK_LIMIT, STATES, StatusReport

COLORS = {
    "up-to-date": "#2e9e4f",
    "outdated": "#e0a400",
    "in-progress": "#3b82c4",
    "missing": "#d9d9d9",
    "orphaned": "#b04ab0",
    "unknown": "#8a8a8a",
}
CHART_STATES = ("up-to-date", "outdated", "in-progress")
"""Bar segments: translated up to date, translated but outdated, announced. The rest of the bar is missing."""

BAR_WIDTH = 600
ROW_HEIGHT = 30
LABEL_WIDTH = 60

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans KR",sans-serif;margin:2rem;
color:#1f2328;background:#fff;max-width:1100px}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{margin-top:2.2rem;border-bottom:1px solid #ddd;padding-bottom:.2rem}
.meta{color:#57606a;margin-top:0}
table{border-collapse:collapse;margin:.6rem 0;font-size:.9rem}
th,td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.num{text-align:right;font-variant-numeric:tabular-nums}
.state{display:inline-block;padding:0 .45rem;border-radius:.6rem;font-size:.8rem;color:#fff}
.legend span{display:inline-block;margin-right:1rem}.legend i{display:inline-block;width:.8rem;height:.8rem;
margin-right:.3rem;vertical-align:-1px}
details{margin:.4rem 0}summary{cursor:pointer}code{font-size:.85rem}
svg text{font-size:13px;fill:#1f2328}
"""


def _state(state: str) -> str:
    color = COLORS[state]
    fg = "#1f2328" if state == "missing" else "#fff"
    return f'<span class="state" style="background:{color};color:{fg}">{escape(state)}</span>'


def coverage_chart(report: StatusReport) -> str:
    """Inline SVG: one stacked bar per language, segment widths in percent of the English docs."""
    height = ROW_HEIGHT * len(report.languages) + 10
    width = LABEL_WIDTH + BAR_WIDTH + 140
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" id="coverage-chart" role="img" '
             f'aria-label="Translation coverage per language" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">']
    for i, lang in enumerate(report.languages):
        s = report.summaries[lang]
        y = 5 + i * ROW_HEIGHT
        parts.append(f'<g class="bar" data-lang="{escape(lang)}" data-coverage="{s.coverage:.2f}">')
        parts.append(f'<text x="0" y="{y + 16}">{escape(lang)}</text>')
        parts.append(f'<rect x="{LABEL_WIDTH}" y="{y}" width="{BAR_WIDTH}" height="20" fill="{COLORS["missing"]}" '
                     f'data-lang="{escape(lang)}" data-state="missing"/>')
        x = float(LABEL_WIDTH)
        for state in CHART_STATES:
            n = s.counts.get(state, 0)
            pct = 100.0 * n / s.english_docs if s.english_docs else 0.0
            w = BAR_WIDTH * pct / 100.0
            parts.append(f'<rect x="{x:.2f}" y="{y}" width="{w:.2f}" height="20" fill="{COLORS[state]}" '
                         f'data-lang="{escape(lang)}" data-state="{state}" data-pct="{pct:.2f}">'
                         f'<title>{escape(lang)}: {n} {state} ({pct:.1f}%)</title></rect>')
            x += w
        parts.append(f'<text x="{LABEL_WIDTH + BAR_WIDTH + 8}" y="{y + 16}">{s.coverage:.1f}% '
                     f'({s.translated}/{s.english_docs})</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def to_html(report: StatusReport, limit: int = RANK_LIMIT) -> str:
    rk = ranks(report)
    out: list[str] = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Translation status: {escape(report.repo_label)}</title>",
        f"<style>{CSS}</style></head><body>",
        f"<h1>Translation status of <code>{escape(report.repo_label)}</code></h1>",
        f'<p class="meta">At commit <code>{escape(short(report.head))}</code>. {escape(report.pr_note)}.</p>',
        '<h2 id="coverage">Coverage</h2>',
        '<p class="legend">' + "".join(
            f'<span><i style="background:{COLORS[s]}"></i>{escape(s)}</span>' for s in (*CHART_STATES, "missing"))
        + "</p>",
        coverage_chart(report),
        '<table id="summary"><tr><th>language</th><th>% translated</th><th>% up to date</th>'
        + "".join(f"<th>{escape(s)}</th>" for s in STATES) + "</tr>",
    ]
    for lang in report.languages:
        s = report.summaries[lang]
        out.append(f'<tr data-lang="{escape(lang)}"><td>{escape(lang)}</td><td class="num">{s.coverage:.1f}%</td>'
                   f'<td class="num">{s.up_to_date_pct:.1f}%</td>'
                   + "".join(f'<td class="num">{s.counts.get(st, 0)}</td>' for st in STATES) + "</tr>")
    out.append("</table>")
    for lang in report.languages:
        s = report.summaries[lang]
        out.append(f'<h2 id="lang-{escape(lang)}">{escape(lang)}</h2><p>{escape(s.line())}</p>')
        out.append(f'<h3>Translate next</h3><ol class="ranked" data-lang="{escape(lang)}">')
        for d in report.ranked(lang, limit):
            why = f"outdated: {drift_text(d)}" if d.state == "outdated" else f"missing, {d.en_lines} lines"
            out.append(f"<li><code>{escape(d.path)}</code> — {escape(why)}</li>")
        out.append("</ol>")
        docs = report.for_lang(lang)
        for state in STATES:
            group = [d for d in docs if d.state == state]
            if not group:
                continue
            is_open = " open" if state in ("outdated", "in-progress", "orphaned") else ""
            out.append(f"<details{is_open}><summary>{_state(state)} {len(group)} docs</summary>")
            out.append("<table><tr><th>doc</th><th>translated file</th><th>drift</th><th>base</th>"
                       "<th>notes</th><th>rank</th></tr>")
            for d in group:
                notes = ", ".join([*d.flags, *d.in_progress, *([d.problem] if d.problem else [])])
                base = short(d.base_commit) + (f" ({d.base_method})" if d.base_commit else "")
                r = rk.get((lang, d.path))
                out.append(
                    f'<tr data-state="{state}"><td><code>{escape(d.path)}</code></td>'
                    f"<td>{escape(d.translated_path or '')}</td><td>{escape(drift_text(d))}</td>"
                    f"<td><code>{escape(base)}</code></td><td>{escape(notes)}</td>"
                    f'<td class="num">{r if r is not None else ""}</td></tr>'
                )
            out.append("</table></details>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
