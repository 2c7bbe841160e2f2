"""Post a :class:`~.pull.PrReview` as ONE GitHub review with event COMMENT, and update it on re-runs.

1. Findings are grouped per line of the translation. A line that is part of the PR's diff gets an inline
   comment (with a suggestion where a mechanical fix applies); findings on other lines, or on the whole
   file, go into the review's summary body.
2. hfi18n's own comments are recognised by their hidden marker (file and line) on a comment or review
   of the token's own account (:func:`own_login`): a PR author who posted a review carrying the summary
   marker made hfi18n edit that review instead of posting its own, and its findings were lost (issue 16).
   A comment whose body
   is unchanged is left alone; a changed one is edited in place; one whose findings are gone is edited
   to say so. Only comments for lines not commented yet are new.
3. New comments go into one new review (event ``COMMENT``). The summary review is created once and
   its body edited afterwards. A run that finds the same as the previous one sends no write request.
4. If GitHub refuses the inline comments with 422 (a line is not part of the diff, e.g. the diff moved
   under us), the review is posted again with those findings in the summary instead.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import GitHubError
from ..repo.github import GitHubClient
from .model import ReviewFinding
from .pull import PrReview
from .render import (
    FOLLOWUP_MARK,
    RESOLVED_NOTE,
    SUMMARY_MARK,
    comment_body,
    comment_key,
    marker_key,
    resolved_body,
    summary_body,
)


@dataclass(slots=True)
class PostResult:
    """What posting did on GitHub."""

    review_id: int | None = None
    """Id of the review created by this run (None: nothing new to post)."""
    created: int = 0
    """Inline comments created."""
    updated: int = 0
    """Previous inline comments edited (changed findings, or findings now gone)."""
    unchanged: int = 0
    in_summary: int = 0
    """Findings reported in the summary body (not on a diff line)."""
    summary: str = "unchanged"
    """``created``, ``updated`` or ``unchanged``."""
    fallback: str | None = None
    """Why inline comments were moved into the summary, if they were."""
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {"review_id": self.review_id, "created": self.created, "updated": self.updated,
                "unchanged": self.unchanged, "in_summary": self.in_summary, "summary": self.summary,
                "fallback": self.fallback}


@dataclass(slots=True, frozen=True)
class Planned:
    path: str
    line: int
    """The line the comment is keyed by (its findings' line)."""
    body: str
    start: int | None = None
    end: int | None = None
    """Lines the comment covers when its suggestion replaces more than ``line`` (GitHub's ``start_line``
    and ``line``): a duplication's removal takes the copy's lines and the blank line after it."""

    def as_comment(self) -> dict[str, object]:
        end = self.end or self.line
        out: dict[str, object] = {"path": self.path, "line": end, "side": "RIGHT", "body": self.body}
        if self.start is not None and self.start < end:
            out.update(start_line=self.start, start_side="RIGHT")
        return out


def plan(result: PrReview) -> tuple[dict[str, Planned], list[ReviewFinding]]:
    """Inline comments by key, and the findings that go into the summary. A finding's suggested edit is a
    suggestion only when every line it replaces is part of the diff (GitHub refuses the comment otherwise);
    else the text is shown for copying."""
    inline: dict[str, Planned] = {}
    outside: list[ReviewFinding] = []
    for doc in result.review.docs:
        diff = result.diff_lines.get(doc.file, set())
        by_line: dict[int, list[ReviewFinding]] = {}
        for f in doc.findings:
            if f.line in diff:
                by_line.setdefault(f.line, []).append(f)
            else:
                outside.append(f)
        for line, findings in sorted(by_line.items()):
            key = comment_key(doc.file, line)
            edit = next((f.edit for f in findings if f.edit is not None), None)
            fits = edit is not None and all(n in diff for n in range(edit.start, edit.end + 1))
            body = comment_body(doc, line, findings, suggest=edit is None or fits)
            inline[key] = Planned(doc.file, line, body, *((edit.start, edit.end) if edit is not None and fits else ()))
    return inline, outside


def _is_diff_error(exc: GitHubError) -> bool:
    low = exc.message.lower()
    return "(422)" in exc.message and ("diff" in low or "line" in low or "resolved" in low)


ACTIONS_BOT = "github-actions[bot]"
"""Who a workflow's ``GITHUB_TOKEN`` posts as (``GET /user`` refuses that token)."""


def own_login(client: GitHubClient) -> str | None:
    """The account hfi18n posts as: the token's own login, else the Actions bot inside a workflow, else
    None (then no earlier comment is taken for hfi18n's own)."""
    login = client.authenticated_login()
    if login is None and os.environ.get("GITHUB_ACTIONS") == "true":
        return ACTIONS_BOT
    return login


def post_review(client: GitHubClient, result: PrReview, *,
                log: Callable[[str], None] = lambda _m: None) -> PostResult:
    repo, number = result.ref.repo, result.ref.number
    out = PostResult()
    inline, outside = plan(result)
    me = own_login(client)
    if me is None:
        out.notes.append("could not tell which account the token is: earlier hfi18n comments are not reused")
        log(out.notes[-1])
    existing = {}
    for c in client.list_review_comments(repo, number):
        key = marker_key(c.body)
        # line None: outdated by a later push, left alone; another account's marker is not ours
        if key is not None and c.line is not None and me is not None and c.user == me:
            existing.setdefault(key, c)

    def edit(comment_id: int, body: str) -> None:
        try:
            client.update_review_comment(repo, comment_id, body)
            out.updated += 1
        except GitHubError as exc:
            if "(403" not in exc.message and "(404" not in exc.message:
                raise
            # another account's hfi18n comment: leave it, and do not duplicate it either
            out.notes.append(f"could not edit comment {comment_id}: {exc.message}")
            log(out.notes[-1])

    new: list[Planned] = []
    for key, p in inline.items():
        old = existing.get(key)
        if old is None:
            new.append(p)
        elif old.body != p.body:
            edit(old.id, p.body)
        else:
            out.unchanged += 1
    for key, c in existing.items():
        if key not in inline and RESOLVED_NOTE not in c.body:
            edit(c.id, resolved_body(c.body))
    previous = next((r for r in client.list_reviews(repo, number)
                     if r.body.startswith(SUMMARY_MARK) and me is not None and r.user == me), None)
    commit = result.pull.head_sha

    def summary(moved: list[ReviewFinding], n_inline: int) -> str:
        return summary_body(result.review, [*outside, *moved], result.pull.base_sha, n_inline)

    body = summary([], len(inline))
    out.in_summary = len(outside)
    if new or previous is None:
        first = body if previous is None else f"{FOLLOWUP_MARK}\nhfi18n review: {len(new)} new comment(s)."
        try:
            made = client.create_review(repo, number, commit_id=commit, body=first,
                                        comments=[p.as_comment() for p in new])
            out.created = len(new)
        except GitHubError as exc:
            if not new or not _is_diff_error(exc):
                raise
            # GitHub does not say which comment it refused: keep them all in the summary instead
            refused = {comment_key(p.path, p.line) for p in new}
            moved = [f for doc in result.review.docs for f in doc.findings
                     if comment_key(doc.file, f.line) in refused]
            out.fallback = f"GitHub refused inline comments ({exc.message}); they are in the summary"
            log(out.fallback)
            body = summary(moved, len(inline) - len(new))
            out.in_summary += len(moved)
            if previous is None:
                made = client.create_review(repo, number, commit_id=commit, body=body, comments=[])
            else:
                made = None
        if made is not None:
            out.review_id = made.id
        if previous is None:
            out.summary = "created"
            return out
    if previous.body != body:
        client.update_review(repo, number, previous.id, body)
        out.summary = "updated"
    return out
