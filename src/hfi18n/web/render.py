"""HTML of the web app's screens: the status dashboard and the side-by-side review.

Plain functions from :mod:`hfi18n.api` results to HTML strings (every value escaped); no Gradio component
here, so they are tested on their own. Class names start with ``hf-`` and the style sheet :data:`CSS` is
scoped to them. Their words come from :mod:`hfi18n.i18n` in the visitor's language (``lang``: ``en`` or
``ko``; English by default, for every caller that passes none); doc names, code, rule ids and the
library's check messages are data and stay as they are.
"""

from __future__ import annotations

import difflib
import functools
import re
from html import escape
from typing import Any

from ..api import (
    DraftReview,
    Origin,
    PublishResult,
    StatusResult,
    preview_html,
    review_counts,
    review_queue,
    review_risk,
)
from ..doc.inert import code, one_line
from ..i18n import has, languages, t
from ..review.quote import fence_for
from .hints import web_hint
from .lang import said

_MD_INLINE = re.compile(r"[\\`*_\[\]<>&!|~$@]|(?<=[Hh][Tt][Tt][Pp])(?=:)|(?<=[Hh][Tt][Tt][Pp][Ss])(?=:)|(?<=[Ww]{3})(?=\.)")
"""What could start Markdown inside a line: emphasis, code, links and images (``[``, ``]``, ``!``), HTML and
entities, tables, strikethrough, LaTeX, and the autolinks of URLs (``http:``, ``https:``, ``www.``) and
e-mail addresses (``@``). Parentheses, slashes and dashes are left as they are: without ``[`` and ``]`` no
link can form (doc paths and branch names stay readable in the API's Markdown)."""
_MD_BLOCK = re.compile(r"^(\s*)([-+=#>]|\d+(?=[.)]))")
"""What starts a block at the beginning of a line (a list, a heading, a quote)."""


def md(text: object) -> str:
    """``text`` (a section title, a library line quoting a path or a branch) as Markdown that shows it
    literally: one line, every character that could start Markdown backslash-escaped (CommonMark lets any
    ASCII punctuation be), so no image, link, HTML tag, emphasis or autolinked URL comes out of it. Issue 33,
    item 7: an English heading ``![](https://any.host/pixel.png)`` in the "changed" note of the Translate tab
    loaded that image in every visitor's browser."""
    line = _MD_INLINE.sub(lambda m: "\\" + m.group(0) if m.group(0) else "\\", one_line(str(text)))
    return _MD_BLOCK.sub(lambda m: m.group(1) + (m.group(2) + "\\" if m.group(2)[0].isdigit() else "\\" + m.group(2)),
                         line)


def md_link(label: object, url: str) -> str:
    """A Markdown link to an ``http(s)`` URL with ``label`` as literal text; any other URL is shown as code,
    never followed (nothing in the URL can close the ``<...>`` it is written in)."""
    if not url.startswith(("https://", "http://")) or any(c in url for c in "<> \n\r\\"):
        return f"{md(label)} ({code(url)})"
    return f"[{md(label)}](<{url}>)"


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
.hf-dash tr[data-doc] { cursor: pointer; }
.hf-dash tr[data-doc]:hover td { background: #f5f9ff; }
.hf-review td.hf-en, .hf-review td.hf-tr { width: 44%; white-space: pre-wrap; overflow-wrap: anywhere; }
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
.hf-badge.machine { border-color: #6a1b9a; color: #6a1b9a; }
.hf-badge.changed { border-color: #f9a825; color: #8d6e00; }
.hf-badge.english { border-color: #c62828; color: #c62828; }
.hf-badge.edited { border-color: #1565c0; color: #1565c0; }
.hf-ok { color: #2e7d32; font-weight: 600; }
.hf-err { color: #c62828; font-weight: 600; }
.hf-review pre { white-space: pre-wrap; font-size: 12px; max-height: 320px; overflow: auto; background: #fafafa;
  padding: 6px; }
.hf-review tr.hf-seg { cursor: pointer; }
.hf-review tr.hf-seg:hover td { background: #f5f9ff; }
.hf-review tr.hf-current td { outline: 2px solid #1565c0; outline-offset: -2px; }
#hf-review[data-filter=findings] tr.hf-seg:not(.hf-has-findings),
#hf-review[data-filter=errors] tr.hf-seg:not(.hf-has-errors),
#hf-review[data-filter=warnings] tr.hf-seg:not(.hf-has-warnings),
#hf-review[data-filter=changed] tr.hf-seg:not(.hf-changed),
#hf-review[data-filter=edited] tr.hf-seg:not(.hf-edited) { display: none; }
.hf-rules { margin: 4px 0 8px; }
.hf-dash, .hf-review { overflow-x: auto; overflow-wrap: break-word; }
.hf-dash code { overflow-wrap: anywhere; }
.hf-bar { max-width: 100%; }
.gradio-container { overflow: clip !important; }
#hf-editor { position: sticky; top: 8px; align-self: flex-start; z-index: 5; background: var(--background-fill-primary);
  border: 1px solid var(--border-color-primary); border-radius: 8px; padding: 6px; }
@media (max-width: 700px) {
  .gradio-container .main { padding-left: 4px !important; padding-right: 4px !important; }
  #hf-editor { top: auto; bottom: 0; max-height: 55vh; overflow: auto; box-shadow: 0 -2px 8px rgba(0,0,0,.15); }
  #hf-segments tr.hf-seg { scroll-margin-bottom: 56vh; }
  #hf-segments, #hf-segments tbody, #hf-segments tr, #hf-segments td { display: block; width: auto !important; }
  #hf-segments tr:first-child:not(.hf-seg) { display: none; }
  #hf-segments tr.hf-seg { border-bottom: 2px solid #e0e0e0; padding: 4px 0; }
  #hf-segments td { border: 0 !important; padding: 2px 4px; }
  #hf-segments { border: 0 !important; }
  #hf-segments tr.hf-current td { outline: none; }
  #hf-segments tr.hf-current { outline: 2px solid #1565c0; }
  .hf-cols { grid-template-columns: 1fr; }
  .hf-dash table, .hf-dash tbody, .hf-dash tr { display: block; }
  .hf-dash tr:has(th) { display: none; }
  .hf-dash td[data-label]::before { content: attr(data-label) ": "; color: #616161; font-size: 12px; }
  .hf-dash tr { border-bottom: 1px solid #e0e0e0; padding: 3px 0; }
  .hf-dash table, .hf-dash td { border: 0 !important; }
  .hf-dash td { display: inline-block; vertical-align: middle; padding: 2px 4px; }
  #hf-coverage td:nth-child(2), #hf-coverage td:nth-child(3) { display: block; }
  .hf-bar { width: 100%; }
}
.hf-diff { font-size: 12px; margin-top: 4px; color: #424242; }
.hf-diff del, .hf-udiff del { background: #ffebee; color: #b71c1c; }
.hf-diff ins, .hf-udiff ins { background: #e8f5e9; color: #1b5e20; text-decoration: none; }
.hf-prev { font-size: 12px; margin-top: 4px; padding: 3px 5px; border-left: 3px solid #2e7d32; background: #f6fbf6; }
.hf-second { font-size: 12px; margin-top: 4px; padding: 3px 5px; border-left: 3px solid #6a1b9a; background: #faf5fc; }
.hf-cols { display: grid; grid-template-columns: 1fr 1fr; gap: 14px; }
.hf-page { border: 1px solid #e0e0e0; border-radius: 6px; padding: 8px 14px; max-height: 720px; overflow: auto;
  white-space: normal; }
.hf-page h1 { font-size: 1.5em; } .hf-page h2 { font-size: 1.25em; } .hf-page h3 { font-size: 1.1em; }
.hf-page pre { background: #f6f8fa; padding: 8px; overflow: auto; max-height: none; }
.hf-page table { width: auto; }
.hf-pv-box { border: 1px solid #90caf9; background: #e3f2fd; border-radius: 6px; padding: 4px 10px; margin: 8px 0; }
.hf-pv-box.hf-pv-warning, .hf-pv-box.hf-pv-caution { border-color: #ffb74d; background: #fff3e0; }
.hf-pv-box.hf-pv-option, .hf-pv-box.hf-pv-options, .hf-pv-box.hf-pv-framework { border-color: #ccc;
  background: #fafafa; }
.hf-pv-box.hf-pv-autodoc { border-color: #b39ddb; background: #f3e5f5; }
.hf-pv-label { font-size: 11px; font-weight: 600; text-transform: uppercase; color: #546e7a; }
.hf-pv-unsafe { color: #b71c1c; text-decoration: line-through; }
.hf-pv-html { color: #757575; }
.hf-pv-ref { color: #6a1b9a; }
.hf-note code { overflow-wrap: anywhere !important; display: inline !important; }
.hf-note .wrap:has(.error), .gradio-container .wrap:has(> .error) { display: none !important; }
.toast-wrap { top: auto !important; bottom: 12px; }
.gradio-container .secondary-wrap input[role=combobox] { text-overflow: ellipsis; padding-right: 26px !important;
  min-width: 0; }
#hf-update, #hf-force, #hf-allow-draft, #hf-keep-english { min-width: min(240px, 100%) !important; }
.row:has(> #hf-update), .row:has(> #hf-allow-draft), .row:has(> #hf-keep-english) { flex-wrap: wrap !important; }
#hf-other-langs summary, .hf-fold summary { cursor: pointer; margin: 4px 0; }
.hf-fold summary h3 { display: inline; }
@media (max-width: 700px) {
  .toast-wrap { display: none !important; }
  .hf-dash h3 { margin: 10px 0 4px; }
  .hf-dash table { padding: 0 !important; margin: 2px 0 8px !important; }
  .hf-dash tr { padding: 3px 2px !important; margin: 0 !important; }
  .hf-dash td { padding: 1px 4px !important; margin: 0 !important; }
}
"""
"""Scoped to ``hf-`` classes, plus two page-wide fixes: an error shows in a toast at the bottom right (it
covered the GitHub token field at the top) and in the note of its step (:class:`.app.ErrorNotes`), never as
Gradio's bare "Error" ("오류") pill over a box, which was all that stayed once the toast had gone.

A checkbox keeps a width of its own (its row wraps instead): at 390 px the labels of "update" and
"replace existing" wrapped one or two syllables a line; a dropdown's text ends before its arrow (issue 33,
item 10). On a phone, toasts are not shown: they covered "Add to the toctree" and "Open the draft PR",
and the step's note under its buttons says the same (:class:`.app.ErrorNotes`).

The layout holds from a 390 px phone to a desktop (issue 26): at 390 px the status tables ran 250 px past
the screen and were cut off (a 320 px bar beside a path), so tables wrap long words and scroll inside their
box, and the review table turns each row into a block of its cells. The segment editor (``#hf-editor``)
is sticky: beside the table on a wide screen, pinned to the bottom of a narrow one, so it stays next to
the row that was clicked (it sat above a table of hundreds of rows, a screen or more away). Gradio's
container hides its overflow, which makes it the box a sticky element sticks in (and it never scrolls);
``clip`` cuts the same overflow without being a scroll box."""


def toast_css() -> str:
    """The title of an error toast in each shipped language: Gradio writes its type ("Error") and ignores the
    title it is given, so a Korean page showed "Error" (issue 33, item 10). The page's ``<html lang>`` is the
    language Gradio chose; the word comes from the catalogs (``toast_error``)."""
    rules = []
    for lang in languages():
        if lang == "en":
            continue
        word = t("toast_error", lang).replace("\\", "\\\\").replace('"', '\\"')
        rules.append(f'html:lang({lang}) .toast-title.error {{ font-size: 0 !important; }}'
                     f'html:lang({lang}) .toast-title.error::before {{ content: "{word}"; font-size: var(--text-lg, 16px); }}')
    return "\n".join(rules)


def _shown(message: str) -> str:
    """A check message as the page shows it: its CLI commands named as the page's fields (``--allow-errors``,
    ``hfi18n translate --update ...``: the page has boxes for those, issue 33, item 10)."""
    return web_hint(message, "en") or ""


def _word_in(lang: str, key: str, **fields: object) -> str:
    return t(key, lang, **fields)


def state_word(state: str, lang: str) -> str:
    """A doc state in words (a state the tables do not know is shown as it is)."""
    try:
        return t(f"state_{state}", lang)
    except KeyError:
        return state


def _state(state: str, lang: str = "en") -> str:
    return (f'<span class="hf-state" style="background:{STATE_COLORS.get(state, "#9e9e9e")}">'
            f"{escape(state_word(state, lang))}</span>")


CLAIMS = {"machine draft": "claim_draft", "text left in English": "claim_english_left",
          "toctree placeholder": "claim_placeholder"}
"""The marks status puts in a doc's ``in_progress`` besides PR links (``repo.status.DRAFT_NOTE``,
``ENGLISH_LEFT_NOTE``, the toctree placeholder) -> their words: a Korean page read "machine draft"."""


def _links(items: list[str], lang: str = "en") -> str:
    """What claims a doc: PR URLs as links (``PR #123``), other marks (a toctree placeholder) as text."""
    out = []
    for item in items:
        if item.startswith(("https://", "http://")):
            label = f"PR #{item.rsplit('/', 1)[-1]}" if "/pull/" in item else item
            out.append(f'<a href="{escape(item)}" target="_blank" rel="noopener">{escape(label)}</a>')
        else:
            out.append(escape(t(CLAIMS[item], lang) if item in CLAIMS else item))
    return ", ".join(out)


def _behind(d, lang: str = "en") -> str:
    if d.state != "outdated":
        return ""
    if d.base_method == "unknown":  # the record status and check share: nothing to count from
        return t("base_unknown", lang)
    parts = [t("behind_commits", lang, n=d.commits_behind)]
    changed = len(d.sections_changed) + len(d.sections_added) + len(d.sections_removed)
    if changed:
        parts.append(t("behind_sections", lang, n=changed))
    parts.append(t("behind_lines", lang, added=d.lines_added, removed=d.lines_removed))
    return ", ".join(parts)


def _legend(lang: str = "en") -> str:
    """What the bar colours mean (grey: missing)."""
    keys = "".join(f'<span class="hf-key" style="background:{STATE_COLORS[st]}"></span>{escape(state_word(st, lang))} '
                   for st in ("up-to-date", "outdated", "in-progress", "missing"))
    return f'<p class="hf-muted" id="hf-legend">{keys}</p>'


def dashboard(result: StatusResult, lang: str, limit: int = 20, *, ui: str = "en", picked: str | None = None) -> str:
    """Coverage of every language, then for ``lang``: the ranked next docs, the outdated docs with how far
    behind they are, and the docs open PRs claim (with links). ``ui``: the language of the words (``lang`` is
    the docs' target language, a folder name); ``picked``: the doc the Translate tab starts with, when it is
    not the first one (the demo's)."""
    w = functools.partial(_word_in, ui)
    report = result.report

    def row(lg: str) -> str:
        s = report.summaries[lg]
        n = max(s.english_docs, 1)
        bar = "".join(f'<span style="width:{100 * s.counts.get(st, 0) / n:.2f}%;background:{STATE_COLORS[st]}" '
                      f'title="{s.counts.get(st, 0)} {escape(state_word(st, ui))}"></span>'
                      for st in ("up-to-date", "outdated", "in-progress"))
        return (f'<tr data-lang="{escape(lg)}"><td><b>{escape(lg)}</b></td>'
                f'<td><div class="hf-bar" style="background:{STATE_COLORS["missing"]}">{bar}</div></td>'
                "<td>" + w("coverage_row", translated=s.translated, total=s.english_docs, pct=s.coverage,
                           up=s.counts.get("up-to-date", 0), outdated=s.counts.get("outdated", 0),
                           progress=s.counts.get("in-progress", 0), missing=s.counts.get("missing", 0))
                + "</td></tr>")

    # the chosen language first, the others folded: on a big repository 13 other languages came before
    # Korean, and the status tab was 11,427 px tall on a phone (issue 33, item 10)
    others = [lg for lg in report.languages if lg != lang]
    mine = [lg for lg in report.languages if lg == lang]
    html = [f'<div class="hf-dash"><h3>{w("coverage_of", repo=escape(report.repo_label))}</h3>',
            f'<table id="hf-coverage">{"".join(row(lg) for lg in mine or others)}</table>']
    if mine and others:
        html.append(f'<details id="hf-other-langs"><summary>{w("other_langs", n=len(others))}</summary>'
                    f'<table id="hf-other-coverage">{"".join(row(lg) for lg in others)}</table></details>')
    html.append(_legend(ui))
    ranked = report.ranked(lang, limit)
    html.append(f"<h3>{w('translate_next', folder=escape(lang))}</h3>")
    if ranked:
        html.append(f'<p class="hf-muted">{w("next_hint")}</p>' if picked in (None, ranked[0].path) else
                    f'<p class="hf-muted">{w("next_hint_demo", doc=f"<code>{escape(picked)}</code>")}</p>')
        items = "".join(f'<tr data-doc="{escape(d.path)}"><td>{w("rank", n=i)}</td><td><code>{escape(d.path)}</code></td>'
                        f"<td>{_state(d.state, ui)}</td><td>{escape(_behind(d, ui))}</td>"
                        f"<td>{w('n_lines', n=d.en_lines)}</td></tr>"
                        for i, d in enumerate(ranked, 1))
        html.append(f'<table id="hf-next"><tr><th>#</th><th>{w("col_doc")}</th><th>{w("col_state")}</th>'
                    f'<th>{w("col_behind")}</th><th>{w("col_size")}</th></tr>{items}</table>')
    else:
        html.append(f"<p>{w('nothing_left')}</p>")
    html.append(review_section(result, lang, limit, ui=ui))
    docs = report.for_lang(lang)
    outdated = sorted((d for d in docs if d.state == "outdated"), key=lambda d: (-d.commits_behind, d.path))
    if outdated:
        items = "".join(
            f'<tr data-doc="{escape(d.path)}"><td><code>{escape(d.path)}</code></td>'
            f"<td>{w('behind_commits', n=d.commits_behind) if d.base_method != 'unknown' else escape(problem(d, ui) or w('base_unknown'))}</td>"
            f"<td>{escape(', '.join(d.section_titles.get(a, a) for a in d.sections_changed + d.sections_added) or '-')}"
            "</td>"
            f"<td>{w('behind_lines_en', added=d.lines_added, removed=d.lines_removed)}</td></tr>" for d in outdated[:limit])
        html.append(f'<details class="hf-fold" open><summary><h3>{w("outdated_h", n=len(outdated))}</h3></summary>'
                    f'<table id="hf-outdated"><tr><th>{w("col_doc")}</th><th>{w("col_commits_behind")}</th>'
                    f'<th>{w("col_sections")}</th><th>{w("col_en_lines")}</th></tr>{items}</table></details>')
    claimed = [d for d in docs if d.in_progress]
    if claimed:
        items = "".join(f'<tr data-doc="{escape(d.path)}"><td><code>{escape(d.path)}</code></td>'
                        f"<td>{_links(d.in_progress, ui)}</td></tr>" for d in claimed[:limit])
        html.append(f'<details class="hf-fold" open><summary><h3>{w("claimed_h", n=len(claimed))}</h3></summary>'
                    f'<table id="hf-claimed"><tr><th>{w("col_doc")}</th><th>{w("col_claimed_by")}</th></tr>'
                    f"{items}</table></details>")
    html.append(f'<p class="hf-muted">{escape(library_line(result.pr_note, ui))}</p></div>')
    return "".join(html)


def review_section(result: StatusResult, lang: str, limit: int = 20, *, ui: str = "en") -> str:
    """The review queue of ``lang``: pages by review state, and the machine pages no one signed off,
    riskiest first (a click opens the page in the Translate tab, where **Open the page** loads it)."""
    w = functools.partial(_word_in, ui)
    report = result.report
    c = review_counts(report, lang)
    html = [f"<h3>{w('review_next', folder=escape(lang))}</h3>",
            f'<p id="hf-review-counts">{w("review_counts", machine=c["machine"], pending=c["pending"], reviewed=c["reviewed"], human=c["human"])}</p>']
    queue = review_queue(report, lang, limit)
    if not queue:
        html.append(f"<p>{w('no_review')}</p>")
        return "".join(html)
    # each number cell carries its column's name: on a phone the header row is hidden (.hf-dash cards) and a
    # row read "1 reference/python_executors.md 6 30.6", two numbers no translator could tell apart
    waiting, risk = escape(w("col_waiting"), quote=True), escape(w("col_risk"), quote=True)
    items = "".join(f'<tr data-doc="{escape(d.path)}"><td>{i}</td><td><code>{escape(d.translated_path or d.path)}</code></td>'
                    f"<td data-label=\"{waiting}\">"
                    f"{(d.review or {}).get('pending') if (d.review or {}).get('pending') is not None else '?'}</td>"
                    f'<td data-label="{risk}">{review_risk(d):g}</td></tr>' for i, d in enumerate(queue, 1))
    html.append(f'<p class="hf-muted">{w("review_hint")}</p>'
                f'<table id="hf-review-queue"><tr><th>#</th><th>{w("col_doc")}</th><th>{w("col_waiting")}</th>'
                f'<th>{w("col_risk")}</th></tr>{items}</table>')
    return "".join(html)


def library_line(text: str | None, ui: str) -> str:
    """A line the library said (a :class:`hfi18n.repo.said.Said`, or plain English) in ``ui``'s words: by its
    ``key`` when the page knows it, else the English (labelled for another language; see
    :func:`.lang.said`)."""
    if not text:
        return ""
    return said(text, ui)


def problem(d: Any, ui: str) -> str:
    """Why a doc's state is unknown, or the base of its translation (``DocStatus.problem``), in ``ui``'s words."""
    return library_line(d.problem, ui)


KEEP_ENGLISH = "keep in English"
"""The expected rendering of a glossary term translators keep as it is (``write.segment_review``'s words:
data to compare, said in the page's words by :func:`_expected`)."""


def _expected(expected: str, lang: str) -> str:
    """A term's expected rendering as the page shows it: ``keep in English`` in ``lang``'s words (a Korean
    review read "keep in English" under the term)."""
    return t("term_keep_english", lang) if expected == KEEP_ENGLISH else expected


def _highlight(text: str, spans: list[tuple[int, int, str]], lang: str = "en") -> str:
    """``text`` escaped, each ``(start, end, expected)`` span marked as a glossary term, followed by the
    expected rendering in small type (the first occurrence of each term only, to keep the text readable)."""
    out, pos, labelled = [], 0, set()
    for start, end, expected in sorted(spans):
        if start < pos:
            continue
        out.append(escape(text[pos:start]))
        label = "" if expected in labelled else f'<sub class="hf-expect">{escape(_expected(expected, lang))}</sub>'
        labelled.add(expected)
        tip = escape(t("glossary_title", lang, expected=_expected(expected, lang)))
        out.append(f'<mark class="hf-term" title="{tip}">{escape(text[start:end])}</mark>{label}')
        pos = end
    out.append(escape(text[pos:]))
    return "".join(out)


def review(result: DraftReview, edited: set[str] | frozenset[str] = frozenset(), *, lang: str = "en") -> str:
    """The draft side by side: line, English (glossary terms marked with the expected rendering), the
    translation with its findings and glossary notes, and where the segment comes from. ``lang``: the
    language of the words around them."""
    w = functools.partial(_word_in, lang)
    head = (f'<span class="hf-ok">{w("check_passes")}</span>' if result.ok
            else f'<span class="hf-err">{w("check_errors", n=result.errors)}</span>')
    warnings = sum(f.severity == "warning" for f in result.findings)
    left = (f', <span class="hf-err">{w("n_untranslated", n=result.untranslated)}</span>{w("untranslated_hint")}'
            if result.untranslated else "")
    html = [f'<div class="hf-review" data-ok="{str(result.ok).lower()}"><p><b>{escape(result.target)}</b> — {head}, '
            f"{w('n_warnings', n=warnings)}{left}. {w('review_help')}</p>"]
    if result.update:
        u = result.update
        html.append("<p>" + w("update_note", base=f"<code>{escape(str(u['base'])[:10])}</code>", kept=u["kept"],
                              human=u.get("kept_human", u["kept"]), machine=u.get("kept_machine", 0),
                              changed=u["changed"], removed=u["removed"]) + "</p>"
                    f"<details><summary>{w('english_since')}</summary>"
                    f"<pre class=\"hf-udiff\">{unified_diff_html(str(u['english_diff'])) or w('no_change')}</pre></details>")
    if result.other_findings:
        items = "".join(f'<div class="hf-finding {escape(f.severity)}">{w("line_n", n=f.line)}: {escape(f.check)}: '
                        f"{escape(_shown(f.message))}</div>" for f in result.other_findings)
        html.append(f'<div id="hf-other-findings"><b>{w("findings_outside")}</b>{items}</div>')
    rows = []
    for s in result.segments:
        badges = []
        if s.id in edited:
            badges.append(f'<span class="hf-badge edited">{w("badge_edited")}</span>')
        if s.origin is Origin.HUMAN:
            badges.append(f'<span class="hf-badge human">{w("badge_human")}</span>')
        elif s.origin is Origin.MACHINE and not s.changed:  # kept machine text no reviewer signed off yet
            badges.append(f'<span class="hf-badge machine">{w("badge_machine_kept")}</span>')
        elif s.origin is Origin.ENGLISH:
            badges.append(f'<span class="hf-badge english">{w("badge_english")}</span>')
        if s.changed:
            badges.append(f'<span class="hf-badge changed">{w("badge_changed")}</span>')
        # terms with a translation are marked in the English with it; terms kept in English only when missing
        spans = [(a, b, t.expected) for t in s.terms for a, b in t.where
                 if t.expected != KEEP_ENGLISH or (s.translation and not t.present)]
        notes = "".join(f'<div class="hf-term-missing">{w("term_missing", source=escape(t.source), expected=escape(_expected(t.expected, lang)))}'
                        "</div>" for t in s.terms if s.translation and not t.present)
        # section-level glossary warnings are replaced by the per-segment notes above
        findings = "".join(f'<div class="hf-finding {escape(f.severity)}">{escape(f.check)}: {escape(_shown(f.message))}</div>'
                           for f in s.findings if f.check != "glossary")
        bad = any(f.severity == "error" for f in s.findings)
        rules = " ".join(sorted(_rules(s)))
        lines = f"{s.target_line}" if s.target_line == s.target_end else f"{s.target_line}-{s.target_end}"
        classes = " ".join(c for c in ("hf-seg", "hf-bad" if bad else "", "hf-edited" if s.id in edited else "",
                                       "hf-has-findings" if shows(s, "findings", edited) else "",
                                       "hf-has-errors" if shows(s, "errors", edited) else "",
                                       "hf-has-warnings" if shows(s, "warnings", edited) else "",
                                       "hf-changed" if s.changed else "") if c)
        diff = (f'<div class="hf-diff" title="{w("diff_title")}">{w("badge_changed")}: '
                f"{word_diff(s.previous_english, s.english)}</div>" if s.previous_english else "")
        prev = (f'<div class="hf-prev"><span class="hf-muted">{w("before_human")}</span> '
                f"{escape(s.previous_translation)}</div>" if s.previous_translation else "")
        alt = s.alternative or {}
        if alt.get("text"):
            why = escape(", ".join(w(f"second_why_{r}") for r in alt.get("reasons", ()) if r in SECOND_REASONS))
            prev += (f'<div class="hf-second"><span class="hf-muted">'
                     f'{w("second_draft", model=escape(str(alt.get("model", ""))), why=why)}</span> '
                     f'{escape(str(alt["text"]))}</div>')
        rows.append(f'<tr id="seg-{escape(s.id)}" class="{classes}" data-seg="{escape(s.id)}" data-rules="{escape(rules)}"><td>{escape(s.id)}<br>'
                    f'<span class="hf-muted" title="{w("line_map_title")}">'
                    f"{w('line_map', en=s.line, tr=lines)}</span></td>"
                    f'<td class="hf-en">{_highlight(s.english, spans, lang)}{diff}</td>'
                    f'<td class="hf-tr">{escape(s.translation) or "<i>" + w("english_kept") + "</i>"}{prev}{findings}'
                    f'{notes}</td><td>{"".join(badges)}</td></tr>')
    html.append(_rule_filter(result.segments, lang))
    html.append(f'<table id="hf-segments"><tr><th>{w("col_segment")}</th><th>{w("col_english")}</th>'
                f'<th>{w("col_translation")}</th><th>{w("col_status")}</th></tr>'
                f'{"".join(rows)}</table>'
                f'<details id="hf-file"><summary>{w("file_summary")}</summary><pre>{escape(result.text)}'
                "</pre></details></div>")
    return "".join(html)


def file_review(review: Any, *, lang: str = "en") -> str:
    """The review of an uploaded translation: its findings line by line, the English each refers to, and
    the text a finding's suggestion writes (the missing paragraph, labelled as English or machine text) or
    the lines it deletes. Everything from the file and the repository is escaped."""
    w = functools.partial(_word_in, lang)
    rows = []
    for f in review.findings:
        english = f'<div class="hf-muted">{w("file_english", n=f.english_line)} {escape(f.english)}</div>' \
            if f.english and not f.quotes_english else ""
        fix = ""
        if f.edit is not None:
            e = f.edit
            fix = (f'<div class="hf-suggest"><b>{w("file_suggest_insert", n=e.start)}</b> '
                   f'<span class="hf-badge {escape(e.origin)}">{w("file_origin_" + e.origin)}</span>'
                   f'<pre>{escape(e.insert)}</pre></div>' if e.insert else
                   f'<div class="hf-suggest"><b>{w("file_suggest_delete", a=e.start, b=e.end)}</b></div>')
        rows.append(f'<tr class="hf-finding {escape(f.severity)}"><td>{f.line or "-"}</td>'
                    f"<td>{escape(f.kind.value)}/{escape(f.rule)}</td><td>{escape(f.message)}{english}{fix}</td></tr>")
    head = w("file_no_findings") if not rows else w("file_n_findings", n=len(rows))
    return (f'<div class="hf-review" id="hf-file-review-body"><p><b>{escape(review.file)}</b> — {head}</p>'
            + (f'<table><tr><th>{w("col_line")}</th><th>{w("col_rule")}</th><th>{w("col_finding")}</th></tr>'
               f'{"".join(rows)}</table>' if rows else "") + "</div>")


def suggestion_label(f: Any, lang: str = "en") -> str:
    """A finding with a suggestion, as the list of suggestions names it."""
    return _word_in(lang, "file_pick", n=f.line, rule=f.rule, text=f.message[:60])


_WORDS = re.compile(r"\s+|\w+|[^\w\s]")


def _word_ops(old: str, new: str) -> list[tuple[str, str, str]]:
    """``(tag, old text, new text)`` runs of a word-by-word comparison (whitespace and punctuation are words)."""
    a, b = _WORDS.findall(old), _WORDS.findall(new)
    return [(tag, "".join(a[i1:i2]), "".join(b[j1:j2]))
            for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()]


def word_diff(old: str, new: str) -> str:
    """``old`` -> ``new`` word by word, escaped: removed words in ``<del>``, added ones in ``<ins>``."""
    out = []
    for tag, was, now in _word_ops(old, new):
        if tag in ("delete", "replace"):
            out.append(f"<del>{escape(was)}</del>")
        if tag in ("insert", "replace"):
            out.append(f"<ins>{escape(now)}</ins>")
        if tag == "equal":
            out.append(escape(was))
    return "".join(out)


def unified_diff_html(diff: str) -> str:
    """A unified diff, escaped, each removed line beside the added line it became with the changed words
    marked (``<del>`` in the old line, ``<ins>`` in the new one): a one-word fix in a long paragraph was a
    whole red line and a whole green line to compare by eye."""
    lines = diff.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        if not (lines[i].startswith("-") and not lines[i].startswith("---")):
            added_alone = lines[i].startswith("+") and not lines[i].startswith("+++")
            out.append(f"<ins>{escape(lines[i])}</ins>" if added_alone else escape(lines[i]))
            i += 1
            continue
        j = i
        while j < len(lines) and lines[j].startswith("-"):
            j += 1
        k = j
        while k < len(lines) and lines[k].startswith("+") and not lines[k].startswith("+++"):
            k += 1
        removed, added = lines[i:j], lines[j:k]
        for n in range(max(len(removed), len(added))):
            if n < len(removed) and n < len(added):
                ops = _word_ops(removed[n][1:], added[n][1:])
                out.append("-" + "".join(f"<del>{escape(w)}</del>" if t != "equal" and w else escape(w)
                                         for t, w, _ in ops))
                out.append("+" + "".join(f"<ins>{escape(w)}</ins>" if t != "equal" and w else escape(w)
                                         for t, _, w in ops if t != "delete"))
            elif n < len(removed):
                out.append(f"<del>{escape(removed[n])}</del>")
            else:
                out.append(f"<ins>{escape(added[n])}</ins>")
        i = k
    return "\n".join(out)


def preview(result: DraftReview, *, lang: str = "en") -> str:
    """The English and the translated page rendered side by side, as doc-builder shows them. Each pane's
    heading ids have their own namespace (``hfi18n-a-en-``, ``hfi18n-a-tr-``): none can take the id of an
    element of the app, nor of the other pane (an in-page link jumped to the English heading)."""
    return ('<div class="hf-review hf-cols">'
            f'<div><b>{t("pv_english", lang)}</b> <span class="hf-muted">{escape(result.doc)}</span>'
            f'<div class="hf-page" id="hf-preview-en">{preview_html(result.english, prefix="hfi18n-a-en-")}'
            '</div></div>'
            f'<div><b>{t("pv_translation", lang)}</b> <span class="hf-muted">{escape(result.target)}</span>'
            f'<div class="hf-page" id="hf-preview-tr">{preview_html(result.text, prefix="hfi18n-a-tr-")}'
            '</div></div></div>')


_RULE_NAME = re.compile(r"[^a-z0-9-]")


def _rules(seg: Any) -> set[str]:
    """The check rules a segment's findings name (``glossary`` for a term its translation lacks), made
    safe to stand in a CSS selector and an HTML attribute."""
    names = {f.check for f in seg.findings if f.check != "glossary"}
    if any(seg.translation and not t.present for t in seg.terms):
        names.add("glossary")
    return {_RULE_NAME.sub("", n.lower()) for n in names} - {""}


SECOND_REASONS = ("style", "glossary", "disagree")
"""Why a second draft is shown (:mod:`hfi18n.translate.second`), each a message ``second_why_<reason>``."""


def _rule_filter(segments: list[Any], lang: str = "en") -> str:
    """A list of the rules the findings name, with how many rows each concerns, and the style that keeps only
    the rows of the chosen one (``#hf-review[data-rule]``, set by the page's script). The rules are those of
    this draft: a list of every check would offer rules that match nothing."""
    counts: dict[str, int] = {}
    for s in segments:
        for rule in _rules(s):
            counts[rule] = counts.get(rule, 0) + 1
    if not counts:
        return ""
    # a rule is named by its id (data), except those the page has words for ("glossary (9)" in Korean)
    options = "".join(f'<option value="{r}">{t("rule_" + r, lang) if has("rule_" + r) else r} ({n})</option>'
                      for r, n in sorted(counts.items()))
    style = "".join(f'#hf-review[data-rule="{r}"] tr.hf-seg:not([data-rules~="{r}"]) {{ display: none; }}'
                    for r in counts)
    return (f'<style>{style}</style><p class="hf-rules"><label>{t("rule_label", lang)} <select id="hf-rule">'
            f'<option value="">{t("every_rule", lang)}</option>{options}</select></label></p>')


def shows(seg: Any, show: str, edited: set[str] | frozenset[str]) -> bool:
    """Is ``seg`` a row the review filter ``show`` keeps: ``findings`` (a finding, or a glossary term the
    translation lacks), ``errors`` or ``warnings`` (a finding of that severity; a missing glossary term is a
    warning), ``changed`` (its English changed: an update), ``edited`` (by the translator), ``rule:NAME``
    (a finding of check NAME), or anything else (every row). Filters joined with ``|`` must all hold
    (``errors|rule:anchors``: the page's severity and rule filters at once). The table's row classes and
    Previous/Next use this one rule."""
    if "|" in show:
        return all(shows(seg, part, edited) for part in show.split("|") if part)
    if show.startswith("rule:"):
        return show.removeprefix("rule:") in _rules(seg)
    if show == "errors":
        return any(f.severity == "error" for f in seg.findings)
    if show == "warnings":
        return bool([f for f in seg.findings if f.severity == "warning" and f.check != "glossary"]
                    or any(seg.translation and not t.present for t in seg.terms))
    if show == "findings":
        return bool([f for f in seg.findings if f.check != "glossary"]
                    or any(seg.translation and not t.present for t in seg.terms))
    if show == "changed":
        return bool(seg.changed)
    if show == "edited":
        return seg.id in edited
    return True


def pr_preview(result: PublishResult, *, lang: str = "en") -> str:
    """A dry run of publish, as Markdown: where the branch is, then the PR title and body as they will be posted
    (the title and body are the PR's, in the words the repository's reviewers expect, whatever ``lang``)."""
    fence, title_fence = fence_for(result.body), fence_for(result.title)  # a path with ``` cannot end them
    head = t("pr_preview", lang, branch=code(result.branch), n=len(result.commits), base=code(result.base),
             head=code(result.head))
    return (f"{head}\n\n{t('pr_title', lang)}\n\n{title_fence}text\n{one_line(result.title)}\n{title_fence}\n\n"
            f"{t('pr_body', lang)}\n\n{fence}markdown\n{result.body.rstrip()}\n{fence}\n")
