"""The nightly dashboard: one GitHub issue (or one comment on a tracking issue) per language, edited in place.

Teams tracked progress on a tracking issue by hand; the Action's ``dashboard`` mode keeps a status page
there instead. Each page starts with a marker line (:func:`marker`) so the next run finds it and edits it
rather than adding a new one every night.

A marker is text anyone can type. A page counts as ours only when its author is the token's own account
(``me``) *and* its first line is the marker: a stranger's comment that quotes the marker (to get the
nightly run to overwrite it, or with a repository-admin token, to make hfi18n overwrite a human's
words) is never edited.

Who ``me`` is: the account given (``--account``), else the token's own login (``GET /user``), else, in a
workflow, a guess: ``github-actions[bot]``. With no account at all the dashboard refuses (a GitHub App's
token, which ``GET /user`` refuses, opened a new issue on every run, silently: issue 33). A guess is checked:
a page with our marker written by another bot (an App's token in a workflow posts as ``APP[bot]``) makes the
run refuse and name that account, rather than open a duplicate next to it.

Bodies pass through :func:`hfi18n.secrets.redact` before they leave (a doc name or a PR title is
untrusted text).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import GitHubError, RefusedError
from ..repo.github import GITHUB_BODY_LIMIT, GitHubClient, IssueItem
from ..secrets import redact

ACCOUNT_HINT = ("pass --account LOGIN, the account the token posts as (a GitHub App's token posts as "
                "APP-SLUG[bot], a workflow's GITHUB_TOKEN as github-actions[bot])")

TITLE = "🌐 Translation status ({lang})"
"""Title of the issue the dashboard opens for a language (once; later runs edit its body)."""


def marker(lang: str) -> str:
    """First line of every dashboard page of ``lang``; an HTML comment, so GitHub does not show it."""
    return f"<!-- hfi18n-dashboard lang={lang} -->"


def is_ours(item: IssueItem, lang: str, me: str | None) -> bool:
    """An earlier dashboard page of ``lang``: written by ``me`` and starting with its marker."""
    return me is not None and item.user == me and _marked(item, lang)


def _marked(item: IssueItem, lang: str) -> bool:
    return item.body.lstrip().startswith(marker(lang))


def _is_bot(login: str) -> bool:
    return login.endswith("[bot]")  # GitHub's logins of apps; a person's login cannot hold brackets


def body_room(lang: str) -> int:
    """Characters a page of ``lang`` may have so that, with its marker line, it stays within GitHub's limit."""
    return GITHUB_BODY_LIMIT - len(marker(lang)) - 1


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
                   issue: int | None = None, guessed: bool = False) -> DashboardPost:
    """Create or edit the dashboard page of ``lang`` on ``repo``: an issue of its own, or with ``issue`` a
    comment on that tracking issue. ``me``: the account the token posts as (None refuses); ``guessed``:
    ``me`` is a guess (the workflow's bot), checked against the pages there are."""
    if me is None:
        raise RefusedError("could not tell which account the token is (GitHub refused GET /user, as it does "
                           "for a GitHub App's token): the dashboard could not find its own page and would open a "
                           "new one on every run", hint=ACCOUNT_HINT)
    body = redact(f"{marker(lang)}\n{text}")
    if len(body) > GITHUB_BODY_LIMIT:
        raise RefusedError(f"the {lang} page is {len(body):,} characters, over GitHub's {GITHUB_BODY_LIMIT:,}",
                           hint="pass a smaller --limit")
    notes: list[str] = []
    # every item, not only the creator filter's: a guessed account is checked against the others' pages
    items = (client.list_issues(repo, creator=None if guessed else me) if issue is None
             else client.list_issue_comments(repo, issue))
    mine = [i for i in items if is_ours(i, lang, me)]
    if not mine and guessed:
        others = sorted({i.user for i in items if _marked(i, lang) and _is_bot(i.user) and i.user != me})
        if others:
            raise RefusedError(f"a {lang} dashboard page here was written by {others[0]}, and the token's account "
                               f"could not be told (taken for {me})",
                               hint=f"if the token is {others[0]}'s, pass --account {others[0]}; " + ACCOUNT_HINT)
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
    if new.user and new.user != me:  # the guess was wrong: say so now, the next run would refuse
        notes.append(f"posted as {new.user}, not {me}: pass --account {new.user} so the next run edits this page")
    return DashboardPost(lang, "created", new.html_url, notes)
