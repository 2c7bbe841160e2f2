"""Render a :class:`~hfi18n.repo.status.StatusReport`: rich table, JSON, Markdown, CSV (HTML in
:mod:`hfi18n.report.html`).

Every format shows the same facts. JSON is a list of objects, one per (language, doc), with the fields of
:class:`~hfi18n.repo.status.DocStatus` plus ``rank`` (place in the language's "translate next" list, or
null). Markdown is meant to be pasted into a tracking issue: a summary line, the ranked list as a
checklist, then every doc by state.
"""

from __future__ import annotations

import csv
import io
import textwrap
from dataclasses import replace

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..doc.inert import code
from ..repo.github import GITHUB_BODY_LIMIT
from ..repo.status import RANK_LIMIT, STATES, DocStatus, StatusReport
from .queue import changed_text, counts_line, review_queue, review_ranks, review_risk, review_text

STATE_STYLE = {
    "up-to-date": "green",
    "outdated": "yellow",
    "in-progress": "cyan",
    "missing": "red",
    "orphaned": "magenta",
    "unknown": "dim",
}

REVIEW_STYLE = {"machine": "yellow", "reviewed": "green", "human": ""}

CSV_FIELDS = (
    "lang", "path", "state", "translated_path", "base_commit", "base_method", "base_candidate",
    "matched_revision",
    "en_path_at_base", "commits_behind", "lines_added", "lines_removed", "sections_added",
    "sections_removed", "sections_changed", "last_english_commit", "en_lines", "toctree_position", "flags",
    "in_progress", "score", "rank", "problem", "claimed_by", "claimed_since", "translated_by", "translated_at",
    "review_state", "review_pending", "reviewed_by", "reviewed_at", "reviewed_english", "review_rank", "review_risk",
)


def ranks(report: StatusReport) -> dict[tuple[str, str], int]:
    """``(lang, path)`` -> 1-based place in the language's "translate next" list."""
    out: dict[tuple[str, str], int] = {}
    for lang in report.languages:
        for i, d in enumerate(report.ranked(lang), 1):
            out[(lang, d.path)] = i
    return out


def short(sha: str | None) -> str:
    return sha[:10] if sha else ""


def sections_text(d: DocStatus) -> str:
    """``sections: 1 added, 2 changed`` (``no section added, removed or changed``): in words, since the
    table's ``+0 -0 ~3`` left readers guessing what ``~`` meant."""
    parts = [f"{len(x)} {what}" for x, what in ((d.sections_added, "added"), (d.sections_removed, "removed"),
                                                (d.sections_changed, "changed")) if x]
    return "sections: " + ", ".join(parts) if parts else "no section added, removed or changed"


def drift_text(d: DocStatus) -> str:
    """``3 commits, +12/-4 lines, sections: 1 added, 2 changed`` for an outdated doc."""
    if d.state in ("outdated", "in-progress") and d.base_method == "unknown":
        return "base unknown"
    if d.state not in ("outdated", "in-progress") or not d.commits_behind:
        return ""
    return (f"{d.commits_behind} commit{'s' if d.commits_behind != 1 else ''}, +{d.lines_added}/-{d.lines_removed} "
            f"lines, {sections_text(d)}")


# ----------------------------------------------------------------------------------------- JSON


def json_rows(report: StatusReport) -> list[dict[str, object]]:
    """One plain object per (language, doc): the fields of ``DocStatus`` (``review`` among them) plus
    ``rank`` and, for a machine page, ``review_rank`` (its place in the review queue) and ``review_risk``."""
    rk, rr = ranks(report), review_ranks(report)
    rows = []
    for d in report.docs:
        row = d.to_json()
        row["rank"] = rk.get((d.lang, d.path))
        row["review_rank"] = rr.get((d.lang, d.path))
        row["review_risk"] = review_risk(d) if (d.lang, d.path) in rr else None
        rows.append(row)
    return rows


def _review_columns(d: DocStatus, rank: int | None) -> dict[str, object]:
    """The review state as flat CSV columns."""
    r = d.review or {}
    who = dict(r.get("reviewed") or {})  # type: ignore[call-overload]
    return {"review_state": r.get("state"), "review_pending": r.get("pending"), "reviewed_by": who.get("by"),
            "reviewed_at": who.get("at"), "reviewed_english": who.get("english_commit"), "review_rank": rank,
            "review_risk": review_risk(d) if rank is not None else None}


# ------------------------------------------------------------------------------------------ CSV


def to_csv(report: StatusReport) -> str:
    rk, rr = ranks(report), review_ranks(report)
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_FIELDS, lineterminator="\n")
    w.writeheader()
    for d in report.docs:
        row = d.to_json()
        row["rank"] = rk.get((d.lang, d.path))
        row.update(_review_columns(d, rr.get((d.lang, d.path))))
        w.writerow({k: ";".join(v) if isinstance(v, list) else ("" if v is None else v)
                    for k, v in row.items() if k in CSV_FIELDS})
    return buf.getvalue()


# ------------------------------------------------------------------------------------- Markdown



# GITHUB_BODY_LIMIT: the one-page Markdown of diffusers (4 languages, 1,523 rows) is 73,604 characters, too
# long for one comment, so the dashboard posts one page per language (:func:`to_markdown_parts`), each
# within the room its marker line leaves (hfi18n.publish.dashboard.body_room).

COLLAPSED = ("up-to-date", "missing")
"""Lists a too-long page gives up first, in this order: the finished docs, then the untouched ones (the
"translate next" list already names the most useful of those)."""


def to_markdown_parts(report: StatusReport, limit: int = RANK_LIMIT,
                      max_chars: int = GITHUB_BODY_LIMIT) -> dict[str, str]:
    """One Markdown page per language, each within ``max_chars``: a page too long lists the docs of
    :data:`COLLAPSED` states as a count, one state at a time, and is cut at a line as a last resort."""
    out: dict[str, str] = {}
    for lang in report.languages:
        one = replace(report, languages=[lang], docs=report.for_lang(lang),
                      summaries={lang: report.summaries[lang]}, skipped_langs={})
        text = to_markdown(one, limit)
        for n in range(1, len(COLLAPSED) + 1):
            if len(text) <= max_chars:
                break
            text = to_markdown(one, limit, collapse=COLLAPSED[:n])
        if len(text) > max_chars:
            note = "\n\n(cut: the full list is in `hfi18n status --format html`)\n"
            text = text[:max_chars - len(note)].rsplit("\n", 1)[0] + note
        out[lang] = text
    return out


def to_markdown(report: StatusReport, limit: int = RANK_LIMIT, *, collapse: tuple[str, ...] = ()) -> str:
    lines: list[str] = [f"# Translation status of {code(report.repo_label)}", "",
                        f"At commit `{short(report.head)}`. {report.pr_note}.", ""]
    for name, why in report.skipped_langs.items():
        lines += [f"Not reported: {code(name + '/')}: {code(why)}", ""]
    lines += ["| language | % translated | % up to date | " + " | ".join(STATES) + " |",
              "|---|---:|---:|" + "---:|" * len(STATES)]
    for lang in report.languages:
        s = report.summaries[lang]
        lines.append(f"| {lang} | {s.coverage:.1f}% | {s.up_to_date_pct:.1f}% | "
                     + " | ".join(str(s.counts.get(st, 0)) for st in STATES) + " |")
    lines.append("")
    for lang in report.languages:
        s = report.summaries[lang]
        docs = report.for_lang(lang)
        lines += [f"## {lang}", "", s.line(), "", counts_line(report, lang), "", f"### Translate next ({lang})", ""]
        ranked = report.ranked(lang, limit)
        if not ranked:
            lines.append("Nothing to translate.")
        for d in ranked:
            what = f"outdated: {drift_text(d)}" if d.state == "outdated" else f"missing, {d.en_lines} lines"
            lines.append(f"- [ ] {code(d.path)} ({what})")
        lines += ["", f"### Review next ({lang})", ""]
        queue = review_queue(report, lang, limit)
        if not queue:
            lines.append("No machine page waits for review.")
        for d in queue:
            lines.append(f"- [ ] {code(d.translated_path or d.path)} ({_md_review(d)}; risk {review_risk(d):g})")
        lines.append("")
        for state in STATES:
            group = [d for d in docs if d.state == state]
            if not group:
                continue
            title = f"{state} ({len(group)})"
            if state in collapse:
                lines += [f"### {title}", "", f"{len(group)} docs {state}: not listed here, the page would pass "
                          "GitHub's size limit (`hfi18n status --format html` lists them).", ""]
                continue
            if state in ("missing", "up-to-date"):
                lines += ["<details>", f"<summary>{title}</summary>", ""]
            else:
                lines += [f"### {title}", ""]
            for d in group:
                lines.append("- " + _md_item(d))
            lines += (["", "</details>", ""] if state in ("missing", "up-to-date") else [""])
    return "\n".join(lines).rstrip("\n") + "\n"


def _md_item(d: DocStatus) -> str:
    box_ = "[x]" if d.state == "up-to-date" else "[ ]"
    text = f"{box_} {code(d.path)}"  # a name is the repository's text: a span no backtick in it can close
    if d.translated_path and d.translated_path != d.path:
        text += f" (translated as {code(d.translated_path)})"
    if d.state == "outdated":
        text += f": {drift_text(d)}; base `{short(d.base_commit)}`"
    if d.in_progress:
        text += ": " + ", ".join(d.in_progress)
    if d.flags:
        text += " — " + ", ".join(d.flags)
    if d.problem:  # it quotes a doc's name: as a code span, no mention, image or link comes alive (issue 33)
        text += f" — {code(d.problem)}"
    if d.claimed_by:
        text += f" — on it: {_md_name(d.claimed_by)}" + (f" since {d.claimed_since}" if d.claimed_since else "")
    if d.translated_by:
        text += f" — last translated by {_md_name(d.translated_by)}" + (
            f" on {d.translated_at}" if d.translated_at else "")
    if d.review and d.review.get("state") != "human":
        text += f" — {_md_review(d)}"
    return text


def _md_review(d: DocStatus) -> str:
    """The review state in Markdown: a reviewer's name is text its owner chose (in a code span, never a
    ``@mention``)."""
    r = d.review or {}
    if r.get("state") == "reviewed":
        who = dict(r.get("reviewed") or {})  # type: ignore[call-overload]
        return (f"reviewed by {_md_name(str(who.get('by', '')))} on {str(who.get('at', ''))[:10]}{changed_text(d)}"
                + (" (not in the team's reviewers list)" if r.get("unlisted_reviewer") else ""))
    text = review_text(d)
    if r.get("last_review"):
        text = text.split(" (reviewed by ", 1)[0] + " (reviewed by " + _md_name(
            str(dict(r["last_review"]).get("by", ""))) + " before the English changed)"  # type: ignore[call-overload]
    return text.replace("|", "\\|")  # tool words and counts; names are code spans above


def _md_name(name: str) -> str:
    """A person's name or login in a code span: ``@login`` in plain text would notify that person on
    every nightly edit of the dashboard, and a name is text its owner chose (no Markdown, no HTML)."""
    return code(name[:80])


# ---------------------------------------------------------------------------------------- table


WIDE = 110
"""Console width from which the status table also shows each translation's base commit."""


def render_table(report: StatusReport, console: Console, *, show_missing: bool = False,
                 limit: int = RANK_LIMIT) -> None:
    """One rich table per language, its summary line and its "translate next" list."""
    for lang in report.languages:
        docs = [d for d in report.for_lang(lang) if show_missing or d.state != "missing"]
        t = Table(title=f"{lang}", box=box.SIMPLE_HEAD, title_justify="left", expand=False, pad_edge=False)
        # the doc never wraps (a name cut mid-word at 80 columns read as two docs): the columns in words wrap
        t.add_column("doc", no_wrap=True)
        t.add_column("state", no_wrap=True)
        t.add_column("English changes since")
        wide = console.width >= WIDE  # at 80 columns the base commit gives its room to the words
        if wide:
            t.add_column("base", no_wrap=True)
        t.add_column("review", no_wrap=False)
        t.add_column("notes")
        for d in docs:
            notes = list(d.flags) + d.in_progress + ([d.problem] if d.problem else [])
            if d.translated_path and d.translated_path != d.path:
                notes.insert(0, f"as {d.translated_path}")
            if d.base_method == "content":
                notes.append("base by content")
            base = [(d.base_commit or "")[:7]] if wide else []
            t.add_row(d.path, Text(d.state, style=STATE_STYLE[d.state]), drift_text(d), *base,
                      Text(review_text(d), style=REVIEW_STYLE.get(str((d.review or {}).get("state")), "")),
                      ", ".join(notes))
        # wrapped here: the CLI's console does not wrap (soft_wrap), and the terminal would cut words
        summary = Text(textwrap.fill(report.summaries[lang].line(), width=max(40, console.width)), style="bold")
        nxt = Table(title=f"translate next ({lang})", box=box.SIMPLE_HEAD, title_justify="left")
        nxt.add_column("#", justify="right")
        nxt.add_column("doc", no_wrap=True)
        nxt.add_column("why")
        for i, d in enumerate(report.ranked(lang, limit), 1):
            why = f"outdated: {drift_text(d)}" if d.state == "outdated" else f"missing ({d.en_lines} lines)"
            nxt.add_row(str(i), d.path, why)
        rev = Table(title=f"review next ({lang})", box=box.SIMPLE_HEAD, title_justify="left")
        rev.add_column("#", justify="right")
        rev.add_column("page", no_wrap=True)
        rev.add_column("risk", justify="right")
        rev.add_column("why")
        for i, d in enumerate(review_queue(report, lang, limit), 1):
            rev.add_row(str(i), d.translated_path or d.path, f"{review_risk(d):g}", review_text(d))
        hidden = report.summaries[lang].counts.get("missing", 0) if not show_missing else 0
        parts: list[object] = [t]
        if hidden:
            parts.append(Text(f"{hidden} missing docs not listed (--all lists them)", style="dim"))
        parts += [summary, Text(counts_line(report, lang)), nxt]
        if rev.row_count:
            parts.append(rev)
        console.print(Group(*parts))  # type: ignore[arg-type]
        console.print()
