"""``hfi18n review``: review translated docs or a translation PR, and post the review on GitHub."""

from __future__ import annotations

import enum
from pathlib import Path

import typer

from .. import api
from ..doc.inert import for_terminal
from ._app import DOCS_ROOT_OPTION, NO_CACHE_OPTION, REPO_HELP, app
from ._output import err, out


class ReviewFormat(str, enum.Enum):
    text = "text"
    json = "json"
    md = "md"


@app.command()
def review(
    paths: list[str] = typer.Argument(None, metavar="DOCS", help="Translated (or English) docs to review (default: every doc of --lang)."),
    pr: str = typer.Option(None, "--pr", help="Review a pull request instead: OWNER/REPO#N or its URL."),
    base: str = typer.Option(None, "--base", help="Review the translated docs the current branch changed against "
                             "this branch, tag or commit (committed or not): the PR review, before the PR."),
    post: bool = typer.Option(False, "--post", help="Submit the review on the PR (one COMMENT review; "
                              "re-runs update it). Needs GITHUB_TOKEN."),
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP + " With --pr: optional, a checkout whose "
                              "other docs the glossary usage is compared with."),
    lang: str = typer.Option(None, "--lang", help="Language folder (ko, zh, ...); required for local files, "
                             "with --pr it limits the review to that language."),
    llm: bool = typer.Option(False, "--llm", help="Also ask an LLM about every aligned paragraph pair."),
    provider: str = typer.Option(None, "--provider", help="LLM provider for --llm, and to translate the text an "
                                 "omission's suggestion inserts (anthropic, openai, hf; without it: the English)."),
    model: str = typer.Option(None, "--model", help="Model for --llm."),
    base_url: str = typer.Option(None, "--base-url", help="OpenAI-compatible server URL for --llm."),
    glossary: Path = typer.Option(None, "--glossary", help="Glossary TSV (default: the built-in one for the language)."),
    fmt: ReviewFormat = typer.Option(ReviewFormat.text, "--format", help="text, json or md (Markdown)."),
    docs_root: str = DOCS_ROOT_OPTION,
    no_cache: bool = NO_CACHE_OPTION,
) -> None:
    """Review translations the way the language team does: every check finding on its line, omissions
    and duplications, glossary consistency with the other docs, and optionally an LLM review.

    Exits with 1 when an error is found (warnings alone exit 0).
    """
    if pr is None and base is None and not lang:
        raise typer.BadParameter("give --lang for local files, --base BRANCH or --pr OWNER/REPO#N", param_hint="--lang")
    from ..review.quote import console  # the review stage, imported by the command that runs it

    with api.caching(not no_cache):
        result = api.review(repo, lang, paths or [], pr=pr, base=base,
                            post=post, llm=llm, provider=provider, model=model, base_url=base_url,
                            glossary=glossary, docs_root=docs_root,
                            # progress quotes PR file names: escaped, so a PR cannot emit a workflow command
                            progress=lambda e: err.print(console(e.message)) if e.message else None)
    text = result.format(fmt.value)
    out.file.write(text if fmt.value == "json" else for_terminal(text))
    err.print(result.summary())
    if result.posted is not None:
        p = result.posted
        err.print(f"posted on {result.pull.ref if result.pull else pr}: {p.created} new comment(s), "
                  f"{p.updated} updated, {p.unchanged} unchanged, {p.in_summary} finding(s) in the summary "
                  f"(summary {p.summary})")
    if result.has_errors:
        raise typer.Exit(1)
