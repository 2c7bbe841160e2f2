"""``hfi18n toctree``: put translated docs into the language's ``_toctree.yml``, or check it."""

from __future__ import annotations

from pathlib import Path

import typer

from .. import api
from ._app import DOCS_ROOT_OPTION, LANG_HELP, REPO_HELP, Format, app
from ._output import err, out, print_json

ACTION_TEXT = {
    "added": "added",
    "replaced-placeholder": "filled placeholder",
    "present": "already listed",
    "not-in-english": "skipped (not in the English toctree)",
    "missing-translation": "skipped (no translated file yet)",
}


@app.command()
def toctree(
    paths: list[str] = typer.Argument(None, metavar="DOCS", help="Docs to add (English or translated path); default: every "
                                      "translated doc missing from the toctree."),
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: str = typer.Option(..., "--lang", help=LANG_HELP),
    check: bool = typer.Option(False, "--check", help="Report toctree problems without writing."),
    no_llm: bool = typer.Option(False, "--no-llm", help="Keep English titles for new groups instead of "
                                "translating them."),
    provider: str | None = typer.Option(None, "--provider", help="Translation provider for new titles."),
    model: str | None = typer.Option(None, "--model", help="Model of the provider."),
    base_url: str | None = typer.Option(None, "--base-url", help="OpenAI-compatible server URL for new titles "
                                        "(vLLM, TGI, Ollama, LM Studio; the key: OPENAI_API_KEY, or none)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Show what would change without writing."),
    fmt: Format = typer.Option(Format.text, "--format", help="Output format."),
    docs_root: str = DOCS_ROOT_OPTION,
) -> None:
    """Add translated docs to <docs root>/<lang>/_toctree.yml mirroring English, or --check it."""
    if check:
        result = api.toctree_check(repo, lang, docs_root=docs_root)
        out.print(result.format(fmt.value), end="")
        if fmt is Format.text:
            err.print(f"{result.errors} error(s), {len(result.findings) - result.errors} warning(s)")
        raise typer.Exit(0 if result.ok else 1)

    changes = api.toctree(repo, lang, paths or [], docs_root=docs_root, no_llm=no_llm, provider=provider,
                          model=model, base_url=base_url, dry_run=dry_run)
    if not changes.changes:
        err.print(f"every translated '{lang}' doc is already in the toctree")
        return
    if fmt is Format.json:
        print_json(changes.to_json())
        return
    for c in changes.changes:
        where = f" (line {c.line})" if c.line else ""
        groups = f"; new group {' > '.join(c.created_groups)}" if c.created_groups else ""
        out.print(f"{c.local}: {ACTION_TEXT.get(c.action, c.action)}{where} {c.title}{groups}".rstrip())
    if dry_run:
        err.print("dry run: nothing written")
