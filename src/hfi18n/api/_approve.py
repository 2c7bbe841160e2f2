"""``approve``: a reviewer's sign-off of translated pages, on record in the repository (issue 36)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..config import Config
from ..errors import HfI18nError, InputError, RepoError
from ..repo.layout import DEFAULT_DOCS_ROOT, SOURCE_LANG
from ..write.approve import Approval, approve_page, git_user
from ._common import _config, _layout


@dataclass(slots=True)
class ApproveResult:
    pages: list[Approval] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """0 when every page was approved, 1 when one was refused."""
        return 0 if self.pages and all(p.approved for p in self.pages) else 1

    def to_json(self) -> dict[str, object]:
        return {"pages": [p.to_json() for p in self.pages]}


def approve(repo: Path | str = ".", lang: str = "ko", docs: Iterable[str] = (), *, by: str | None = None,
            docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None, finish_draft: bool = False) -> ApproveResult:
    """Sign translated pages off in the name of ``by`` (default: ``git config user.name``): each page is
    refused when it carries the draft mark or ``check`` finds an error in it (against the English it
    follows); otherwise its review record gets the sign-off and the reader notice is removed
    (:mod:`hfi18n.write.approve`). ``docs``: English or translated paths, as ``translate`` takes them.
    ``finish_draft`` (the web app's approve): a page with the draft mark that passes check and holds no
    English prose is approved too, and the mark removed."""
    from ..repo.history import followed

    layout = _layout(repo, docs_root)
    layout.require_langs(lang)
    _config(layout, config)  # the repository's [doc] prose_props, as check reads them
    docs = list(docs)
    if not docs:
        raise InputError("no page to approve", hint="name the pages: hfi18n approve --lang ko quicktour.md")
    name = by or git_user(layout)
    if not name:
        raise InputError("who approves? no reviewer name", hint="pass --by NAME, or set git config user.name")
    records: dict = {}
    with contextlib.suppress(RepoError):
        records = followed(layout, lang)
    out = ApproveResult()
    for arg in docs:
        try:
            file_lang, rel = layout.resolve_doc_arg(arg, lang)
        except HfI18nError as exc:
            out.pages.append(Approval(arg, False, exc.message))
            continue
        if file_lang not in (lang, SOURCE_LANG):
            out.pages.append(Approval(arg, False, f"{arg} is a {file_lang} doc, not one of --lang {lang}"))
            continue
        target = layout.twin(rel, lang) if file_lang == SOURCE_LANG else rel
        if target is None or not layout.path(lang, target).is_file():
            out.pages.append(Approval(arg, False, f"{lang}/{rel} has no translation to approve"))
            continue
        out.pages.append(approve_page(layout, lang, target, by=name, records=records, finish_draft=finish_draft))
    return out
