"""``hfi18n publish``: one translated doc -> a draft pull request from the translator's fork."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from .. import api
from ..doc.inert import for_terminal
from ._app import DOCS_ROOT_OPTION, LANG_HELP, REPO_HELP, Format, app
from ._output import err, out, print_json


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
    dry_run: bool = typer.Option(False, "--dry-run", help="Make the branch and commit(s) locally and print the PR "
                                 "title and body; push nothing, post nothing (no token or fork needed)."),
    no_llm: bool = typer.Option(False, "--no-llm", help="Keep English titles for new toctree groups."),
    provider: str | None = typer.Option(None, "--provider", help="Translation provider for new group titles."),
    model: str | None = typer.Option(None, "--model", help="Model of the provider."),
    base_url: str | None = typer.Option(None, "--base-url", help="OpenAI-compatible server URL for new titles "
                                        "(vLLM, TGI, Ollama, LM Studio; the key: OPENAI_API_KEY, or none)."),
    fmt: Format = typer.Option(Format.text, "--format", help="Output format."),
    docs_root: str = DOCS_ROOT_OPTION,
) -> None:
    """Check the translation, push it to your fork on its own branch and open a draft PR upstream.

    The GitHub token comes from GITHUB_TOKEN (or github.token in the config); it is never printed or stored.
    """
    result = api.publish(repo, lang, doc, docs_root=docs_root, fork=fork, upstream=upstream, ready=ready,
                         branch=branch, dry_run=dry_run, no_llm=no_llm, provider=provider, model=model,
                         base_url=base_url, progress=lambda e: err.print(e.message))
    if fmt is Format.json:
        print_json(result.to_json())
        return
    if result.dry_run:
        err.print(f"dry run: branch {result.branch} made locally ({len(result.commits)} commit(s) on "
                  f"{result.base}); nothing pushed. Push it, then open a pull request from {result.head} with:")
        # written as is: rich would turn ":smile:"-like text into emoji, and the body must be exactly what is posted
        sys.stdout.write(for_terminal(f"{result.title}\n\n{result.body.rstrip()}\n"))
        return
    kind = "draft pull request" if result.draft else "pull request"
    err.print(f"opened {kind} #{result.number}: {result.title}")
    out.print(result.url)
