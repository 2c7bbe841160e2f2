"""The texts and parsed docs of one run: every English or translated version read and parsed once.

``check`` of a language compared each translation with up to a dozen English versions and parsed each
of them (and the translations, and the docs their links lead to) wherever it was needed: 622 parses for
53 diffusers docs, and ``status`` parsed again the versions ``check`` had parsed. A :class:`Store` is the
one place a run reads docs through: a git blob (an English version the translation follows, a later one)
or a work-tree file, each keyed by its git blob id, parsed at most once per run, and kept in the
persistent cache (:mod:`.cache`) for the next run.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from ..doc import Document
from ..doc.parse import parse_read_only
from ..doc.props import current_props
from ..errors import RepoError
from ..fileio import read_text
from .cache import Cache
from .doclog import BlobReader, repo_dirs
from .layout import DocsLayout
from .ledger import text_blob


def props_key() -> str:
    """The MDX prose props in force, as part of a key: the same text parses differently with others."""
    return hashlib.sha1(",".join(sorted(current_props())).encode()).hexdigest()[:10]


def cache_of(layout: DocsLayout) -> Cache:
    """The persistent cache of ``layout``'s repository (one that keeps nothing outside a git checkout)."""
    try:
        _top, git_dir = repo_dirs(layout)
    except RepoError:
        return Cache(None)
    return Cache.of(git_dir)


class Store:
    """Blob texts (:class:`~.doclog.BlobReader`) and parsed docs of one run, and the cache behind them.

    At most :data:`DOCS_KEPT` parsed docs are held (the least recently used go first; with the cache on,
    one asked for again comes back from it, not from a parse)."""

    DOCS_KEPT = 400

    def __init__(self, repo: Path, cache: Cache | None = None, blobs: BlobReader | None = None) -> None:
        self.blobs = blobs if blobs is not None else BlobReader(repo)
        self.cache = cache if cache is not None else Cache(None)
        self._docs: OrderedDict[str, Document] = OrderedDict()
        self._props = props_key()
        self.parsed = 0
        """Docs parsed by this run (the others came from the cache)."""

    @classmethod
    def of(cls, layout: DocsLayout) -> Store:
        """The store of ``layout``'s repository, with its cache (none outside a git checkout)."""
        try:
            top, git_dir = repo_dirs(layout)
        except RepoError:
            return cls(layout.repo)
        return cls(top, Cache.of(git_dir))

    def _kept(self, key: str) -> Document | None:
        doc = self._docs.get(key)
        if doc is not None:
            self._docs.move_to_end(key)
        return doc

    def _keep(self, key: str, doc: Document) -> None:
        self._docs[key] = doc
        while len(self._docs) > self.DOCS_KEPT:
            self._docs.popitem(last=False)

    def _parsed(self, blob: str, text: str) -> Document:
        doc = parse_read_only(text)  # a store's docs are shared by every reader of the run: never changed
        self.parsed += 1
        if self.cache.enabled:  # its plain form only for a cache that keeps it (a cold status: 1,178 docs)
            self.cache.put("doc", f"{blob}:{self._props}", doc.to_plain())
        return doc

    def prefetch(self, blobs: Iterable[str], *, texts: bool = True) -> None:
        """Make the docs of ``blobs`` ready: from the cache in one query, else (``texts``) their texts read
        in one git call (else one at a time when parsed). As many as the store keeps at most."""
        wanted = [b for b in dict.fromkeys(blobs) if b and b not in self._docs][:self.DOCS_KEPT]
        if not wanted:
            return
        found = self.cache.get_many("doc", [f"{b}:{self._props}" for b in wanted], Document.from_plain)
        for b in wanted:
            doc = found.get(f"{b}:{self._props}")
            if doc is not None:
                self._keep(b, doc)
        if texts:
            self.blobs.load(b for b in wanted if b not in self._docs)

    def doc(self, blob: str, path: str | None = None) -> Document:
        """The parsed doc of git blob ``blob`` (named ``path`` in messages)."""
        doc = self._kept(blob)
        if doc is None:
            doc = self.cache.get("doc", f"{blob}:{self._props}", Document.from_plain)
            if doc is None:
                doc = self._parsed(blob, self.blobs.text(blob))
            self._keep(blob, doc)
        return doc if doc.path == path else replace(doc, path=path)

    def text(self, blob: str) -> str:
        return self.blobs.text(blob)

    def file(self, path: Path, shown: str | None = None) -> Document:
        """The parsed doc of a work-tree file, keyed by its content (:class:`~hfi18n.errors.InputError`
        when it cannot be read as a doc)."""
        text = read_text(path)
        return self.text_doc(text, shown)

    def text_doc(self, text: str, shown: str | None = None) -> Document:
        """The parsed doc of ``text`` (a work-tree file, a PR's file), keyed by its git blob id."""
        blob = text_blob(text)
        doc = self._kept(blob)
        if doc is None:
            doc = self.cache.get("doc", f"{blob}:{self._props}", Document.from_plain)
            if doc is None:
                doc = self._parsed(blob, text)
            self._keep(blob, doc)
        return doc if doc.path == shown else replace(doc, path=shown)

    def close(self) -> None:
        """Write the cache and stop the git process."""
        self.cache.close()
        self.blobs.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
