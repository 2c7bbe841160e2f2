"""``hfi18n publish``: one translated doc -> a draft pull request from the translator's fork."""

from __future__ import annotations

from pathlib import Path

import typer

from ..config import load_config
from ..publish.pr import publish as publish_doc
from ..repo.github import API_URL, GitHubClient
from ..repo.layout import DocsLayout
from ._app import LANG_HELP, REPO_HELP, Format, app
from ._output import err, out, print_json
from .toctree import title_translator


@app.command()
def publish(
    doc: str = typer.Argument(..., help="The doc to publish (English or translated path, e.g. fsdp.md)."),
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: str = typer.Option(..., "--lang", help=LANG_HELP),
    fork: str | None = typer.Option(None, "--fork", help="Your fork, OWNER/NAME (default: github.fork)."),
    upstream: str | None = typer.Option(None, "--upstream", help="Upstream repository, OWNER/NAME "
                                        "(default: github.upstream)."),
    ready: bool = typer.Option(False, "--ready", help="Open a regular PR instead of a draft."),
    branch: str | None = typer.Option(None, "--branch", help="Branch name (default: <lang>-<doc>)."),
    no_llm: bool = typer.Option(False, "--no-llm", help="Keep English titles for new toctree groups."),
    provider: str | None = typer.Option(None, "--provider", help="Translation provider for new group titles."),
    model: str | None = typer.Option(None, "--model", help="Model of the provider."),
    fmt: Format = typer.Option(Format.text, "--format", help="Output format."),
) -> None:
    """Check the translation, push it to your fork on its own branch and open a draft PR upstream.

    The GitHub token comes from GITHUB_TOKEN (or github.token in the config); it is never printed or stored.
    """
    layout = DocsLayout.open(repo)
    config = load_config(layout.repo)
    token = config.secret("GITHUB_TOKEN", "github.token")
    api_url = config.get("github.api_url") or API_URL
    translate = title_translator(layout.repo, lang, provider, model, no_llm)
    with GitHubClient(token, api_url) as client:
        result = publish_doc(layout, lang, doc, config=config, client=client, upstream=upstream, fork=fork,
                             ready=ready, branch=branch, translate_titles=translate,
                             log=lambda m: err.print(m))
    if fmt is Format.json:
        print_json({"url": result.pull.html_url, "number": result.pull.number, "draft": result.pull.draft,
                    "branch": result.branch, "title": result.title, "commits": result.commits})
        return
    kind = "draft pull request" if result.pull.draft else "pull request"
    err.print(f"opened {kind} #{result.pull.number}: {result.title}")
    out.print(result.pull.html_url)
