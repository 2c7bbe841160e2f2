"""``hfi18n toctree``: put translated docs into the language's ``_toctree.yml``, or check it."""

from __future__ import annotations

from pathlib import Path

import typer

from ..config import load_config
from ..errors import ConfigError
from ..repo.layout import DocsLayout
from ..repo.toctree import TitleTranslator
from ..repo.toctree_check import check_toctree
from ..repo.toctree_edit import llm_title_translator, unlisted_docs, update_toctree
from ._app import LANG_HELP, REPO_HELP, Format, app
from ._output import err, out, print_json

ACTION_TEXT = {
    "added": "added",
    "replaced-placeholder": "filled placeholder",
    "present": "already listed",
    "not-in-english": "skipped (not in the English toctree)",
    "missing-translation": "skipped (no translated file yet)",
}


def title_translator(repo: Path, lang: str, provider: str | None, model: str | None,
                     no_llm: bool) -> TitleTranslator | None:
    """The provider-backed title translator, or None (English titles) with ``--no-llm``.

    The provider is built on first use, so a run that needs no new title needs no provider configured.
    """
    if no_llm:
        return None

    def translate(titles: list[str]) -> list[str]:
        from ..publish.pr import language_name
        from ..translate.providers import get_provider

        try:
            prov = get_provider(provider, model=model, config=load_config(repo), lang=lang)
        except ConfigError as exc:
            raise ConfigError(f"new toctree titles need translating: {exc.message}",
                              hint=f"{exc.hint or ''}; or pass --no-llm to keep the English titles".lstrip("; ")) \
                from None
        return llm_title_translator(prov, language_name(lang))(titles)

    return translate


@app.command()
def toctree(
    paths: list[str] = typer.Argument(None, help="Docs to add (English or translated path); default: every "
                                      "translated doc missing from the toctree."),
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    lang: str = typer.Option(..., "--lang", help=LANG_HELP),
    check: bool = typer.Option(False, "--check", help="Report toctree problems without writing."),
    no_llm: bool = typer.Option(False, "--no-llm", help="Keep English titles for new groups instead of "
                                "translating them."),
    provider: str | None = typer.Option(None, "--provider", help="Translation provider for new titles."),
    model: str | None = typer.Option(None, "--model", help="Model of the provider."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Show what would change without writing."),
    fmt: Format = typer.Option(Format.text, "--format", help="Output format."),
) -> None:
    """Add translated docs to docs/source/<lang>/_toctree.yml mirroring English, or --check it."""
    layout = DocsLayout.open(repo)
    if check:
        findings = check_toctree(layout, lang)
        from ..check import format_github, format_json, format_text

        formatter = {Format.json: format_json, Format.github: format_github}.get(fmt, format_text)
        out.print(formatter(findings), end="")
        if fmt is Format.text:
            errors = sum(f.severity == "error" for f in findings)
            err.print(f"{errors} error(s), {len(findings) - errors} warning(s)")
        raise typer.Exit(1 if any(f.severity == "error" for f in findings) else 0)

    rels = [layout.resolve_doc_arg(p, lang)[1] for p in paths] if paths else unlisted_docs(layout, lang)
    if not rels:
        err.print(f"every translated '{lang}' doc is already in the toctree")
        return
    translate = title_translator(layout.repo, lang, provider, model, no_llm)
    _, changes = update_toctree(layout, lang, rels, translate_titles=translate, write=not dry_run)
    if fmt is Format.json:
        print_json([{"local": c.local, "action": c.action, "title": c.title, "line": c.line,
                     "created_groups": list(c.created_groups)} for c in changes])
        return
    for c in changes:
        where = f" (line {c.line})" if c.line else ""
        groups = f"; new group {' > '.join(c.created_groups)}" if c.created_groups else ""
        out.print(f"{c.local}: {ACTION_TEXT.get(c.action, c.action)}{where} {c.title}{groups}".rstrip())
    if dry_run:
        err.print("dry run: nothing written")
