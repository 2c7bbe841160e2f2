"""The nightly dashboard: one GitHub issue (or one comment on a tracking issue) per language, edited in place.

Teams tracked progress on a tracking issue by hand; the Action's ``dashboard`` mode keeps a status page
there instead. Each page starts with a marker line (:func:`marker`) so the next run finds it and edits it
rather than adding a new one every night.

A marker is text anyone can type. A page counts as ours only when its author is the token's own account
(``me``) *and* its first line is the marker: a stranger's comment that quotes the marker (to get the
nightly run to overwrite it, or with a repository-admin token, to make hfi18n overwrite a human's
words) is never edited. When ``me`` cannot be told, nothing is edited: a new page is posted and the
result says why.

Bodies pass through :func:`hfi18n.secrets.redact` before they leave (a doc name or a PR title is
untrusted text).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import GitHubError
from ..repo.github import GitHubClient, IssueItem
from ..secrets import redact

TITLE = "🌐 Translation status ({lang})"
"""Title of the issue the dashboard opens for a language (once; later runs edit its body)."""


def marker(lang: str) -> str:
    """First line of every dashboard page of ``lang``; an HTML comment, so GitHub does not show it."""
    return f"<!-- hfi18n-dashboard lang={lang} -->"


def is_ours(item: IssueItem, lang: str, me: str | None) -> bool:
    """An earlier dashboard page of ``lang``: written by ``me`` and starting with its marker."""
    return me is not None and item.user == me and item.body.lstrip().startswith(marker(lang))


@dataclass(slots=True)
class DashboardPost:
    """What one language's page became."""

    lang: str
    action: str
    """``created``, ``updated`` or ``unchanged``."""
    url: str
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {"lang": self.lang, "action": self.action, "url": self.url, "notes": list(self.notes)}


def post_dashboard(client: GitHubClient, repo: str, lang: str, text: str, *, me: str | None,
                   issue: int | None = None) -> DashboardPost:
    """Create or edit the dashboard page of ``lang`` on ``repo``: an issue of its own, or with ``issue`` a
    comment on that tracking issue."""
    body = redact(f"{marker(lang)}\n{text}")
    notes = [] if me is not None else [
        "could not tell which account the token is: no earlier dashboard page is edited, a new one is posted"]
    if issue is None:
        mine = [i for i in client.list_issues(repo, creator=me) if is_ours(i, lang, me)] if me else []
    else:
        mine = [c for c in client.list_issue_comments(repo, issue) if is_ours(c, lang, me)]
    if mine:
        old = min(mine, key=lambda i: i.id)  # the first one is the pinned one; later duplicates stay
        if old.body == body:
            return DashboardPost(lang, "unchanged", old.html_url, notes)
        try:
            new = (client.update_issue(repo, old.number or 0, body) if issue is None
                   else client.update_issue_comment(repo, old.id, body))
        except GitHubError as exc:
            raise GitHubError(exc.message, hint="the token needs 'Issues: write' on the repository "
                              "(permissions: issues: write in the workflow)") from None
        return DashboardPost(lang, "updated", new.html_url or old.html_url, notes)
    new = (client.create_issue(repo, TITLE.format(lang=lang), body) if issue is None
           else client.create_issue_comment(repo, issue, body))
    return DashboardPost(lang, "created", new.html_url, notes)
