"""Review output: text (one line per finding), JSON and Markdown, and the bodies of GitHub comments.

A GitHub review comment covers one line of the translation: every finding on that line, and one
```` ```suggestion ```` block with all their mechanical fixes applied to the line (GitHub applies a
suggestion by replacing the commented line with the block's content). Each body starts with a hidden
marker naming the file and line, so a later run finds and updates its own comments.

Every text made here goes to a terminal, a file or a PR, and quotes the docs, the English and an LLM's
words: each passes through :func:`hfi18n.secrets.redact`, so no known secret is shown or posted.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable

from ..check.findings import ERROR
from ..secrets import redact
from .model import DocReview, Kind, Review, ReviewFinding
from .quote import code, console, fence_for, prose
from .quote import marker_key as quoted_key

COMMENT_MARK = "<!-- hfi18n-review:comment "
SUMMARY_MARK = "<!-- hfi18n-review:summary -->"
FOLLOWUP_MARK = "<!-- hfi18n-review:followup -->"
RESOLVED_NOTE = "The latest hfi18n run no longer reports this on this line (fixed, or see the review summary)."
KIND_TITLES = {
    Kind.CHECK: "check rules", Kind.OMISSION: "omissions", Kind.DUPLICATION: "duplications",
    Kind.ENGLISH_LEFT: "English left beside its translation", Kind.GLOSSARY: "glossary consistency",
    Kind.LLM: "LLM review", Kind.SIGNOFF: "review records (sign-offs)",
}


def _icon(f: ReviewFinding) -> str:
    return "❌" if f.severity == ERROR else "⚠️"


def grouped(findings: list[ReviewFinding]) -> list[list[ReviewFinding]]:
    """The findings of one doc in order, those of one glossary term and rule gathered at the first:
    a doc that writes a term its own way does so on every line (diffusers ko gave 127 one-line glossary
    warnings on one doc, unreadable in a terminal and in a PR)."""
    out: list[list[ReviewFinding]] = []
    by_term: dict[tuple[str, str], list[ReviewFinding]] = {}
    for f in findings:
        if f.kind is Kind.GLOSSARY and f.term is not None:
            key = (f.rule, f.term)
            if key in by_term:
                by_term[key].append(f)
                continue
            by_term[key] = [f]
            out.append(by_term[key])
        else:
            out.append([f])
    return out


def by_rule(findings: list[ReviewFinding]) -> list[tuple[str, list[list[ReviewFinding]]]]:
    """The :func:`grouped` findings of one doc gathered per rule (``kind/rule``), rules in the order of
    :class:`Kind` then by name, findings in line order: a reviewer reads the omissions together, then the
    glossary, instead of a line-ordered mix of 40 rules (issue #17)."""
    rules: dict[tuple[int, str], list[list[ReviewFinding]]] = {}
    order = {k: n for n, k in enumerate(Kind)}
    for group in grouped(findings):
        f = group[0]
        rules.setdefault((order[f.kind], f"{f.kind.value}/{f.rule}"), []).append(group)
    return [(name, groups) for (_k, name), groups in sorted(rules.items())]


def english_quote(f: ReviewFinding) -> str | None:
    """The English a finding refers to, when its message does not quote it already
    (:attr:`~.model.ReviewFinding.quotes_english`)."""
    if not f.english or f.english_line is None or f.quotes_english:
        return None
    return f"English (line {f.english_line}): '{f.english}'"


def _group_message(f: ReviewFinding) -> str:
    """The first finding's message, said of all the lines of its group ("is written 'X' here" -> "is
    written 'X'")."""
    return f.message.replace(" here;", ";")


def _lines(group: list[ReviewFinding]) -> str:
    lines = sorted({f.line for f in group})
    return f"{len(group)} time(s), line(s) " + ", ".join(map(str, lines))


def llm_notes(docs: Iterable[DocReview]) -> list[str]:
    """What the LLM review could not do (no usable answer, remarks dropped), per doc."""
    return [f"{d.file}: {n}" for d in docs for n in d.not_checked if "LLM review of" in n or "LLM remark" in n]


def format_text(review: Review) -> str:
    """One line per finding (``file:line: severity [kind/rule] message``, as compilers print them),
    under one heading line per rule and doc; the English each refers to, suggestions and rewrites
    indented below."""
    out = []
    for d in review.docs:
        rules = by_rule(d.findings)
        last_single = {}
        for _name, groups in rules:
            last_single.update({g[0].line: id(g[0]) for g in groups if len(g) == 1})
        for name, groups in rules:
            out.append(f"== {console(d.file)}: {name}, {sum(len(g) for g in groups)} finding(s)\n")
            for group in groups:
                f = group[0]
                quote = english_quote(f)
                if len(group) > 1:
                    out.append(f"{console(f.file)}:{f.line}: {f.severity} [{f.kind.value}/{f.rule}] "
                               f"{console(_group_message(f))} ({_lines(group)})\n")
                    if quote:
                        out.append(f"    {console(quote)}\n")
                    for g in group:
                        fixed = d.suggested_line(g.line) if g.fix is not None else None
                        if fixed is not None:
                            out.append(f"    suggestion (line {g.line}): {console(fixed.strip())}\n")
                    continue
                out.append(f"{console(f.file)}:{f.line}: {f.severity} [{f.kind.value}/{f.rule}] {console(f.message)}\n")
                if quote:
                    out.append(f"    {console(quote)}\n")
                fixed = d.suggested_line(f.line) if f.line and last_single.get(f.line) == id(f) else None
                if fixed is not None:  # once per line, all its fixes applied
                    out.append(f"    suggestion: {console(fixed.strip())}\n")
                if f.rewrite:
                    out.append(f"    rewrite: {console(f.rewrite)}\n")
    out.extend(f"skipped: {console(s)}\n" for s in review.skipped)
    out.extend(f"not checked: {console(n)}\n" for n in llm_notes(review.docs))
    return redact("".join(out))


def format_json(data: dict[str, object]) -> str:
    return redact(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def counts_line(review: Review) -> str:
    counts = review.counts()
    if not counts:
        return f"{len(review.docs)} doc(s) reviewed: no findings"
    detail = ", ".join(f"{KIND_TITLES[Kind(k)]} {n}" for k, n in counts.most_common())
    return f"{len(review.docs)} doc(s) reviewed: {sum(counts.values())} finding(s) ({detail})"


def _md_escape(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def counts_table(findings: Iterable[ReviewFinding]) -> str:
    by_kind = Counter(f.kind for f in findings)
    rows = [f"| {KIND_TITLES[k]} | {by_kind[k]} |" for k in Kind if by_kind[k]]
    return "| kind | findings |\n|---|---|\n" + "\n".join(rows) if rows else "No findings."


def _union(docs: list[DocReview], attr: str) -> list[str]:
    seen: list[str] = []
    for d in docs:
        for item in getattr(d, attr):
            if item not in seen:
                seen.append(item)
    return seen


def format_markdown(review: Review) -> str:
    """The whole review as Markdown (for a PR comment, an issue or a file)."""
    parts = [f"## hfi18n review: {prose(review.source)}\n", counts_table(review.findings), ""]
    for d in review.docs:
        parts.append(f"### {code(d.file)}\n")
        if not d.findings:
            parts.append("No findings.\n")
            continue
        for name, groups in by_rule(d.findings):
            parts.append(f"#### {name} ({sum(len(g) for g in groups)})\n")
            parts.append("| line | kind | finding |\n|---|---|---|")
            for group in groups:
                f = group[0]
                fixes = [(g.line, d.suggested_line(g.line)) for g in group if g.fix]
                quote = english_quote(f)
                english = f"<br>{_md_escape(prose(quote))}" if quote else ""
                if len(group) > 1:
                    extra = "".join(f"<br>suggestion (line {n}): {_md_escape(code(x.strip()))}" for n, x in fixes if x)
                    where = ", ".join(str(n) for n in sorted({g.line for g in group}))
                    parts.append(f"| {where} | {_icon(f)} {f.kind.value}/{f.rule} | "
                                 f"{_md_escape(prose(_group_message(f)))} ({len(group)} times){english}{extra} |")
                    continue
                fixed = fixes[0][1] if fixes else None
                extra = f"<br>suggestion: {_md_escape(code(fixed.strip()))}" if fixed else ""
                parts.append(f"| {f.line or '-'} | {_icon(f)} {f.kind.value}/{f.rule} | "
                             f"{_md_escape(prose(f.message))}{english}{extra} |")
            parts.append("")
    parts.append(checked_text(review.docs))
    if review.skipped:
        parts.append("\n**Skipped:** " + "; ".join(prose(s) for s in review.skipped))
    return redact("\n".join(parts) + "\n")


def checked_text(docs: list[DocReview]) -> str:
    checked, not_checked = _union(docs, "checked"), _union(docs, "not_checked")
    out = []
    if checked:
        out.append("**Checked:** " + "; ".join(prose(c) for c in checked) + ".")
    if not_checked:
        out.append("**Not checked:** " + "; ".join(prose(c) for c in not_checked) + ".")
    return "\n\n".join(out)


def comment_key(file: str, line: int) -> str:
    return quoted_key(file, line)


def comment_marker(key: str) -> str:
    return f"{COMMENT_MARK}{key} -->"


def marker_key(body: str) -> str | None:
    """The key of an hfi18n comment body (None: not one of ours)."""
    if not body.startswith(COMMENT_MARK):
        return None
    end = body.find(" -->", len(COMMENT_MARK))
    return body[len(COMMENT_MARK):end] if end > 0 else None


def comment_body(doc: DocReview, line: int, findings: list[ReviewFinding]) -> str:
    """Body of the inline comment on ``line``: its findings and, if any fix applies, a suggestion."""
    lines = [comment_marker(comment_key(doc.file, line))]
    for f in findings:
        lines.append(f"{_icon(f)} **{f.kind.value}/{f.rule}**: {prose(f.message)}")
        if f.rewrite:
            lines.append(f"  Suggested rewrite: {prose(f.rewrite)}")
    fixed = doc.suggested_line(line)
    if fixed is not None:  # a fenced block shows the line literally; its fence outlasts any backticks in it
        fence = fence_for(fixed)
        lines += ["", f"{fence}suggestion", fixed, fence]
    return redact("\n".join(lines))


def resolved_body(body: str) -> str:
    """A previous comment whose findings are gone: kept, struck through, with a note."""
    marker, _, rest = body.partition("\n")
    rest = re.split(r"\n```+suggestion", rest, maxsplit=1)[0].rstrip()
    struck = "\n".join(f"~~{ln}~~" if ln.strip() else ln for ln in rest.splitlines())
    return redact(f"{marker}\n✅ {RESOLVED_NOTE}\n\n{struck}")


def summary_body(review: Review, outside: list[ReviewFinding], base_sha: str, inline: int) -> str:
    """The review's body: counts per kind, what was checked and not, findings not on a diff line."""
    parts = [SUMMARY_MARK, "## hfi18n review", "",
             f"Reviewed {len(review.docs)} translated doc(s) of this PR against the English at the base commit "
             f"`{base_sha[:7]}`: {sum(review.counts().values())} finding(s), {inline} as comments on the diff.",
             "", counts_table(review.findings), "", checked_text(review.docs)]
    if outside:
        parts += ["", f"### Not on a line of this PR's diff ({len(outside)})", ""]
        for f in outside:
            where = code(f"{f.file}:{f.line}" if f.line else f.file)
            parts.append(f"- {_icon(f)} {where} **{f.kind.value}/{f.rule}**: {prose(f.message)}")
    if review.skipped:
        parts += ["", "**Skipped:** " + "; ".join(prose(s) for s in review.skipped)]
    parts += ["", "_hfi18n only comments: it never approves or requests changes. Running it again updates "
              "these comments instead of adding new ones._"]
    return redact("\n".join(parts))
