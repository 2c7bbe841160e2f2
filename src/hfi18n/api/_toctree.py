"""``toctree``: add translated docs to a language's ``_toctree.yml`` mirroring English."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..config import Config
from ..repo.layout import DEFAULT_DOCS_ROOT
from ..repo.toctree import TocChange
from ._common import (
    _layout,
    title_translator,
)


@dataclass(slots=True)
class ToctreeResult:
    changes: list[TocChange]
    written: bool
    """The toctree file was changed on disk (False for a dry run or when nothing changed)."""

    def to_json(self) -> list[dict[str, object]]:
        """As ``toctree --format json`` prints it."""
        return [{"local": c.local, "action": c.action, "title": c.title, "line": c.line,
                 "created_groups": list(c.created_groups)} for c in self.changes]


def toctree(repo: Path | str = ".", lang: str = "ko", docs: Iterable[str] = (), *,
            docs_root: str = DEFAULT_DOCS_ROOT, no_llm: bool = False, provider: str | None = None,
            model: str | None = None, base_url: str | None = None, dry_run: bool = False,
            config: Config | None = None) -> ToctreeResult:
    """Add translated docs (default: every translated doc not listed yet) to ``lang``'s toctree.

    New group titles are translated by the provider unless ``no_llm`` (English titles are kept).
    """
    from ..repo.toctree_edit import unlisted_docs, update_toctree

    layout = _layout(repo, docs_root)
    layout.require_langs(lang)  # `--lang KO` beside ko/ said "every translated 'KO' doc is already listed"
    docs = list(docs)
    rels = list(dict.fromkeys(layout.resolve_doc_arg(p, lang)[1] for p in docs)) if docs \
        else unlisted_docs(layout, lang)
    if not rels:
        return ToctreeResult([], False)
    translate_titles = title_translator(layout.repo, lang, provider, model, no_llm=no_llm, base_url=base_url,
                                        config=config)
    tr, changes = update_toctree(layout, lang, rels, translate_titles=translate_titles, write=not dry_run)
    written = not dry_run and any(c.action in ("added", "replaced-placeholder") for c in changes)
    return ToctreeResult(changes, written)
