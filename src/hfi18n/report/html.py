"""A self-contained HTML status report, the team's page: inline CSS, an inline SVG coverage chart, an
inline script for sorting and filtering, no external resource (it can be attached to an issue, published
as a Pages artifact or opened offline). Without script every table is still there, in state order
(progressive enhancement); under :data:`NARROW` px each row is a card, so a phone never scrolls sideways.

The chart has one bar per language, 100% = every English doc. Its segments are ``<rect>`` elements with
``data-lang`` and ``data-state`` and a width in percent of the bar, so a test (or a person) can check that
what the browser draws matches the numbers.
"""

from __future__ import annotations

from html import escape

from ..repo.status import RANK_LIMIT, STATES, DocStatus, StatusReport
from .queue import counts_line, review_queue, review_risk, review_text
from .text import drift_text, ranks, short

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
.review{display:inline-block;padding:0 .45rem;border-radius:.6rem;font-size:.8rem;border:1px solid #d0d7de}
.review-machine{background:#fff8c5}.review-reviewed{background:#dafbe1}
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
             f'aria-label="Translation coverage per language" style="max-width:100%;height:auto" width="{width}" height="{height}" '
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


SIZES = (("small", 0, 100), ("medium", 100, 300), ("large", 300, None))
"""Size classes of the size filter, in English lines: a short evening, a weekend, a project."""

NARROW = 700
"""Viewport width (px) under which each table row becomes a card: at 390 px (a phone) a 9-column table
forced the whole page to scroll sideways."""

SCRIPT = """
(function(){
var STATE_ORDER=%(states)s;
function rows(t){return Array.prototype.slice.call(t.tBodies[0].rows);}
function key(tr,k){var v=tr.getAttribute('data-'+k)||'';
 if(k==='state')return STATE_ORDER.indexOf(v);
 if(k==='lines'||k==='rank')return v===''?Infinity:+v;return v;}
function cmp(a,b){return a<b?-1:a>b?1:0;}
function setup(t){
 var lang=t.getAttribute('data-lang');var f=document.createElement('form');f.className='controls';
 f.setAttribute('data-lang',lang);f.onsubmit=function(e){e.preventDefault();};
 function sel(name,label,opts){var l=document.createElement('label');l.textContent=label+' ';
  var s=document.createElement('select');s.name=name;opts.forEach(function(o){var op=document.createElement('option');
  op.value=o[0];op.textContent=o[1];s.appendChild(op);});l.appendChild(s);f.appendChild(l);s.onchange=apply;return s;}
 var st=sel('state','state',[['','any']].concat(STATE_ORDER.map(function(x){return [x,x];})));
 var cl=sel('claimed','claimed',[['','any'],['yes','claimed'],['no','not claimed']]);
 var sz=sel('size','size',[['','any'],%(sizes)s]);
 var so=sel('sort','sort by',[['state','state'],['path','doc'],['lines','size'],['rank','rank'],
  ['translated','last translated'],['since','claimed since']]);
 var dir=sel('dir','order',[['asc','ascending'],['desc','descending']]);
 var q=document.createElement('input');q.type='search';q.name='q';q.placeholder='doc name';
 q.setAttribute('aria-label','filter by doc name');q.oninput=apply;f.appendChild(q);
 var n=document.createElement('output');n.className='shown';f.appendChild(n);
 t.parentNode.insertBefore(f,t);
 Array.prototype.forEach.call(t.tHead.rows[0].cells,function(th){var k=th.getAttribute('data-sort');if(!k)return;
  var b=document.createElement('button');b.type='button';b.textContent=th.textContent;th.textContent='';th.appendChild(b);
  b.onclick=function(){if(so.value===k){dir.value=dir.value==='asc'?'desc':'asc';}else{so.value=k;dir.value='asc';}apply();};});
 function apply(){var all=rows(t),shown=0,k=so.value,d=dir.value==='desc'?-1:1;
  all.sort(function(a,b){return d*cmp(key(a,k),key(b,k))||cmp(a.getAttribute('data-path'),b.getAttribute('data-path'));});
  all.forEach(function(tr){t.tBodies[0].appendChild(tr);
   var lines=+tr.getAttribute('data-lines'),ok=(!st.value||tr.getAttribute('data-state')===st.value)&&
   (!cl.value||tr.getAttribute('data-claimed')===cl.value)&&
   (!sz.value||tr.getAttribute('data-size')===sz.value)&&
   (!q.value||tr.getAttribute('data-path').toLowerCase().indexOf(q.value.toLowerCase())>=0);
   tr.hidden=!ok;if(ok)shown++;});
  Array.prototype.forEach.call(t.tHead.rows[0].cells,function(th){th.removeAttribute('aria-sort');
   if(th.getAttribute('data-sort')===k)th.setAttribute('aria-sort',d>0?'ascending':'descending');});
  n.textContent=shown+' of '+all.length+' docs';}
 apply();}
Array.prototype.forEach.call(document.querySelectorAll('table.docs'),setup);
})();
"""

TEAM_CSS = f"""
.controls{{display:flex;flex-wrap:wrap;gap:.4rem .8rem;align-items:center;margin:.6rem 0;font-size:.9rem}}
.controls select,.controls input{{font-size:.9rem;max-width:100%}}
th button{{font:inherit;font-weight:bold;background:none;border:0;padding:0;cursor:pointer;color:inherit}}
th[aria-sort=ascending] button::after{{content:" ▲"}}th[aria-sort=descending] button::after{{content:" ▼"}}
code{{overflow-wrap:anywhere}}.who{{white-space:nowrap}}small{{color:#57606a}}
@media (max-width:{NARROW}px){{
body{{margin:.8rem}}
table.cards,table.cards tbody,table.cards tr,table.cards td{{display:block;width:auto}}
table.cards thead{{display:none}}table.cards tr{{border:1px solid #d0d7de;margin:.5rem 0;padding:.2rem .4rem}}
table.cards tr[hidden]{{display:none}}
table.cards td{{border:0;padding:.1rem 0}}table.cards td.num{{text-align:left}}
table.cards td[data-label]::before{{content:attr(data-label) ": ";color:#57606a}}
}}
"""


def _size(lines: int) -> str:
    for name, lo, hi in SIZES:
        if lines >= lo and (hi is None or lines < hi):
            return name
    return SIZES[-1][0]


def _who(name: str | None, day: str | None) -> str:
    if not name:
        return ""
    return f'<span class="who">{escape(name)}</span>' + (f" <small>since {escape(day)}</small>" if day else "")


def claimed(d: DocStatus) -> bool:
    """Someone announced the doc: an open PR or a toctree placeholder (a machine draft is no one's claim)."""
    return bool(d.claimed_by) or any(x.startswith("http") or x == "toctree placeholder" for x in d.in_progress)


def _review(d: DocStatus) -> str:
    r = d.review or {}
    st = str(r.get("state") or "")
    if not st:
        return ""
    detail = review_text(d).removeprefix("machine, ") if st != "human" else ""
    return f'<span class="review review-{escape(st)}">{escape(st)}</span> <small>{escape(detail)}</small>'


def _doc_row(d: DocStatus, rank: int | None) -> str:
    notes = ", ".join([*d.flags, *d.in_progress, *([d.problem] if d.problem else [])])
    base = short(d.base_commit) + (f" ({d.base_method})" if d.base_commit else "")
    doc = f"<code>{escape(d.path)}</code>"
    if d.translated_path and d.translated_path != d.path:
        doc += f" <small>as <code>{escape(d.translated_path)}</code></small>"
    translated = (f'<span class="who">{escape(d.translated_by)}</span> <small>{escape(d.translated_at or "")}</small>'
                  if d.translated_by else "")
    attrs = (f'data-state="{d.state}" data-path="{escape(d.path)}" data-lines="{d.en_lines}" '
             f'data-size="{_size(d.en_lines)}" data-claimed="{"yes" if claimed(d) else "no"}" '
             f'data-rank="{rank if rank is not None else ""}" data-translated="{escape(d.translated_at or "")}" '
             f'data-since="{escape(d.claimed_since or "")}" data-review="{escape(str((d.review or {}).get("state") or ""))}"')
    cells = [("doc", doc), ("state", _state(d.state)), ("on it", _who(d.claimed_by, d.claimed_since)),
             ("last translated", translated), ("drift", escape(drift_text(d))), ("lines", str(d.en_lines)),
             ("rank", str(rank) if rank is not None else ""), ("review", _review(d)),
             ("base", f"<code>{escape(base)}</code>" if base else ""),
             ("notes", escape(notes))]
    tds = "".join(f'<td data-label="{label}"{" class=num" if label in ("lines", "rank") else ""}>{v}</td>'
                  if v else "<td></td>" for label, v in cells)
    return f"<tr {attrs}>{tds}</tr>"


def to_html(report: StatusReport, limit: int = RANK_LIMIT) -> str:
    """The team's page: summary, chart, and per language the "translate next" list and one table of every
    doc with who is on it and who translated it last.

    The page works without script (every row, in state order). An inline script (no external resource)
    adds filters (state, claimed or not, size, name) and sorting; it changes nothing else."""
    import json

    rk = ranks(report)
    out: list[str] = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Translation status: {escape(report.repo_label)}</title>",
        f"<style>{CSS}{TEAM_CSS}</style></head><body>",
        f"<h1>Translation status of <code>{escape(report.repo_label)}</code></h1>",
        f'<p class="meta">At commit <code>{escape(short(report.head))}</code>. {escape(report.pr_note)}.</p>',
        '<h2 id="coverage">Coverage</h2>',
        '<p class="legend">' + "".join(
            f'<span><i style="background:{COLORS[s]}"></i>{escape(s)}</span>' for s in (*CHART_STATES, "missing"))
        + "</p>",
        coverage_chart(report),
        '<table id="summary" class="cards"><thead><tr><th>language</th><th>% translated</th><th>% up to date</th>'
        + "".join(f"<th>{escape(s)}</th>" for s in STATES) + "</tr></thead><tbody>",
    ]
    for lang in report.languages:
        s = report.summaries[lang]
        out.append(f'<tr data-lang="{escape(lang)}"><td data-label="language">{escape(lang)}</td>'
                   f'<td class="num" data-label="% translated">{s.coverage:.1f}%</td>'
                   f'<td class="num" data-label="% up to date">{s.up_to_date_pct:.1f}%</td>'
                   + "".join(f'<td class="num" data-label="{st}">{s.counts.get(st, 0)}</td>' for st in STATES)
                   + "</tr>")
    out.append("</tbody></table>")
    for lang in report.languages:
        s = report.summaries[lang]
        out.append(f'<h2 id="lang-{escape(lang)}">{escape(lang)}</h2><p>{escape(s.line())}</p>')
        out.append(f'<h3>Translate next</h3><ol class="ranked" data-lang="{escape(lang)}">')
        for d in report.ranked(lang, limit):
            why = f"outdated: {drift_text(d)}" if d.state == "outdated" else f"missing, {d.en_lines} lines"
            on = f" — {escape(d.claimed_by)} is on it" if d.claimed_by else ""
            out.append(f"<li><code>{escape(d.path)}</code> — {escape(why)}{on}</li>")
        out.append("</ol>")
        out.append(f'<h3>Review next</h3><p class="review-counts">{escape(counts_line(report, lang))}</p>'
                   f'<ol class="review-queue" data-lang="{escape(lang)}">')
        for d in review_queue(report, lang, limit):
            out.append(f'<li data-risk="{review_risk(d):g}"><code>{escape(d.translated_path or d.path)}</code> — '
                       f"{escape(review_text(d))} (risk {review_risk(d):g})</li>")
        out.append("</ol>")
        out.append(f'<h3>Every doc</h3><table class="docs cards" data-lang="{escape(lang)}"><thead><tr>'
                   '<th data-sort="path">doc</th><th data-sort="state">state</th><th data-sort="since">on it</th>'
                   '<th data-sort="translated">last translated</th><th>drift</th><th data-sort="lines">lines</th>'
                   '<th data-sort="rank">rank</th><th>review</th><th>base</th><th>notes</th></tr></thead><tbody>')
        out.extend(_doc_row(d, rk.get((lang, d.path))) for d in report.for_lang(lang))
        out.append("</tbody></table>")
    sizes = ",".join(f"['{n}','{n} ({lo}{'-' + str(hi) if hi else '+'} lines)']" for n, lo, hi in SIZES)
    out.append("<script>" + SCRIPT % {"states": json.dumps(list(STATES)), "sizes": sizes} + "</script>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
