"""``toctree``: add translated docs to a language's ``_toctree.yml`` mirroring English."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..config import Config
from ..errors import HfI18nError
from ..repo.layout import DEFAULT_DOCS_ROOT, SOURCE_LANG, DocsLayout
from ..repo.toctree import TitleTranslator, TocChange, toctree_path
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


class RunListing:
    """``translate --all``'s toctree: every doc the run newly created goes into ``lang``'s ``_toctree.yml``
    through :func:`~hfi18n.repo.toctree_edit.update_toctree` (what ``hfi18n toctree`` does), chunk by chunk
    as the run writes its docs, each time saved atomically.

    ``--all`` wrote 40 new Korean pages and listed none: doc-builder renders only what the toctree lists, and
    ``toctree --check`` failed on every one (``toctree-unlisted``). Titles follow the toctree's own rules: the
    page's translated heading where it says all the English title says, else the English title translated
    (``translate_titles``; kept in English without it); a page of the ``pseudo`` test double gets its
    ``[pseudo]`` title. A machine page is a real page: it is never given the ``(번역중)`` placeholder title,
    which marks an entry whose page does not exist (``local: in_translation``); its reader notice says it is
    machine text.

    Resumable: a run killed between a chunk's pages and its toctree leaves pages nobody lists; the next
    ``--all`` starts with them (:meth:`leftovers`: unlisted pages whose review record says hfi18n wrote
    machine text into them), so listing does not depend on the run that wrote them finishing.

    A failure to list (malformed YAML, a title the provider could not translate) does not lose the pages:
    it is kept in :attr:`error`, the rest of the run goes on, and the next ``--all`` (or ``hfi18n toctree``)
    lists them."""

    def __init__(self, layout: DocsLayout, lang: str, translate_titles: TitleTranslator | None) -> None:
        self.layout, self.lang, self.translate_titles = layout, lang, translate_titles
        self.changes: list[TocChange] = []
        self.error: HfI18nError | None = None
        self.enabled = toctree_path(layout, SOURCE_LANG).is_file()
        """No English toctree, nothing to mirror (a repo whose docs are built otherwise): nothing is listed."""

    def leftovers(self) -> list[str]:
        """Pages of ``lang`` the toctree does not list that hfi18n wrote machine text into (an earlier
        ``--all`` stopped before it listed them); [] when the toctree cannot be read (:meth:`add` says why)."""
        from ..repo.signoff import read_record
        from ..repo.toctree_edit import unlisted_docs

        if not self.enabled:
            return []
        try:
            unlisted = unlisted_docs(self.layout, self.lang)
        except HfI18nError:
            return []
        out = []
        for rel in unlisted:
            record = read_record(self.layout, self.lang, rel)
            if record is not None and record.machine is not None:
                out.append(rel)
        return out

    def add(self, rels: Iterable[str]) -> list[TocChange]:
        """List ``rels`` (paths relative to the language folder); once listing failed, nothing more is tried."""
        from ..repo.toctree_edit import update_toctree

        rels = list(dict.fromkeys(rels))
        if not rels or not self.enabled or self.error is not None:
            return []
        try:
            _, changes = update_toctree(self.layout, self.lang, rels, translate_titles=self.translate_titles)
        except HfI18nError as exc:
            self.error = exc
            return []
        done = [c for c in changes if c.action in ("added", "replaced-placeholder")]
        self.changes += done
        return done
