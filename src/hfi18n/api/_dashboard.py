"""``dashboard``: keep one status page per language on GitHub, edited in place (the Action's nightly mode)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..config import Config
from ..errors import RefusedError
from ..publish.dashboard import DashboardPost
from ..repo.ghref import check_repo_name
from ..repo.layout import DEFAULT_DOCS_ROOT
from ..repo.status import RANK_LIMIT
from ._common import _config, _layout
from ._status import status


@dataclass(slots=True)
class DashboardResult:
    repo: str
    posts: list[DashboardPost] = field(default_factory=list)
    pr_note: str = ""

    def to_json(self) -> dict[str, object]:
        return {"repo": self.repo, "pr_note": self.pr_note, "posts": [p.to_json() for p in self.posts]}


def dashboard(repo: Path | str = ".", lang: str | Sequence[str] | None = None, *, upstream: str | None = None,
              issue: int | None = None, docs_root: str = DEFAULT_DOCS_ROOT, limit: int = RANK_LIMIT,
              dry_run: bool = False, deepen: bool = False, account: str | None = None,
              config: Config | None = None, github_repo: str | None = None) -> DashboardResult:
    """Post (or edit) the Markdown status page of each language on ``github_repo`` (default
    ``github.upstream``): one issue per language, or with ``issue`` one comment per language on that
    tracking issue. Each page, marker line included, stays within GitHub's body limit. ``dry_run``: render,
    post nothing. ``deepen``: fetch the full history of a shallow clone first (a CI checkout is shallow by
    default, and every translation would be unknown). ``account``: the login the token posts as, when GitHub
    does not say (a GitHub App's token). ``github_repo``: the older name of ``upstream``.

    A folder that is no language (``1ko``) gets no page and a ``skipped`` post saying why; a language whose
    toctree cannot be read gets its page, with the reason on a row of its own."""
    from ..publish.dashboard import body_room, marker, post_dashboard
    from ..repo.github import GitHubClient, github_settings
    from ..report.text import to_markdown_parts
    from ..review.post import ACTIONS_BOT, own_login

    layout = _layout(repo, docs_root)
    cfg = _config(layout, config)
    target = upstream or github_repo or cfg.get("github.upstream")
    if not target:
        raise RefusedError("no repository to post the dashboard on",
                           hint="pass --github-repo OWNER/NAME (in the Action: the workflow's repository)")
    check_repo_name(target)
    result = status(repo, lang, docs_root=docs_root, upstream=target, config=cfg, deepen=deepen)
    # "fetched" or "cached" says how this run got the PR list, not what changed: kept in, it made every
    # nightly run edit the page (and notify the issue's subscribers) with nothing new to see
    result.report.pr_note = re.sub(r", (fetched|cached)\)$", ")", result.report.pr_note)
    room = min((body_room(lang) for lang in result.report.languages), default=body_room(""))
    parts = to_markdown_parts(result.report, limit, max_chars=room)
    out = DashboardResult(target, pr_note=result.pr_note)
    skipped = [DashboardPost(name, "skipped", "", [why]) for name, why in result.report.skipped_langs.items()]
    if dry_run:
        out.posts = [DashboardPost(lang, "dry-run", "", [f"{len(marker(lang)) + 1 + len(text)} characters"])
                     for lang, text in parts.items()] + skipped
        return out
    token, api_url = github_settings(cfg)
    if not token:
        raise RefusedError("no GitHub token to post the dashboard with",
                           hint="export GITHUB_TOKEN (in the Action: permissions: issues: write)")
    with GitHubClient(token, api_url) as client:
        me = account or own_login(client)
        guessed = account is None and me == ACTIONS_BOT  # own_login's guess inside a workflow
        out.posts = [post_dashboard(client, target, lang, text, me=me, issue=issue, guessed=guessed)
                     for lang, text in parts.items()] + skipped
    return out
