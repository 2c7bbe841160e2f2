"""Check a ``_toctree.yml`` against the files and the English toctree (``hfi18n toctree --check``)."""

from __future__ import annotations

from ..doc.draft import PSEUDO_REASON, PSEUDO_TITLE
from ..pair.diff import increasing_run
from ..repo.layout import SOURCE_LANG, DocsLayout
from ..repo.toctree import (
    PLACEHOLDER_LOCAL,
    TOCTREE,
    Toctree,
    load_toctree,
    local_of,
    toctree_path,
)
from ..repo.toctree_edit import Mirror
from .findings import ERROR, WARNING, Finding

# --------------------------------------------------------------------------- checking


def check_tree(tr: Toctree, en: Toctree | None, layout: DocsLayout, lang: str) -> list[Finding]:
    """Problems of ``tr`` against the files of ``lang`` and the English toctree ``en``."""
    file = layout.rel_to_repo(toctree_path(layout, lang))
    findings: list[Finding] = []

    def add(line: int, check: str, severity: str, message: str) -> None:
        findings.append(Finding(file, line, check, severity, message))

    seen: dict[str, int] = {}
    listed: set[str] = set()
    for item, _ in tr.walk():
        if item.local is None:
            if item.sections is None:
                add(item.start_line + 1, "toctree-structure", ERROR, "item has neither 'local' nor 'sections'")
            continue
        local = local_of(item.local)
        listed.add(local)
        if "title" not in item.scalars:
            add(item.start_line + 1, "toctree-structure", ERROR, f"entry '{item.local}' has no title")
        elif str(item.title or "").startswith(PSEUDO_TITLE):
            add(item.start_line + 1, "toctree-pseudo", ERROR,
                f"the title of '{item.local}' is {PSEUDO_REASON} (its page was written by hfi18n's pseudo "
                "provider): once the page is translated, write its title there in place of this one")
        if layout.twin(local + ".md", lang) is None:
            add(item.start_line + 1, "toctree-missing-file", ERROR,
                f"entry '{item.local}' points to a missing file {lang}/{local}.md")
        if local != PLACEHOLDER_LOCAL:
            if local in seen:
                add(item.start_line + 1, "toctree-duplicate", ERROR,
                    f"'{item.local}' is listed twice (first on line {seen[local]}): remove one of the entries")
            else:
                seen[local] = item.start_line + 1
    for rel in layout.docs(lang):
        if local_of(rel) not in listed:
            add(1, "toctree-unlisted", ERROR,
                f"{lang}/{rel} is translated but not in the toctree: run `hfi18n toctree --lang {lang} {rel}`")
    if en is not None:
        mirror = Mirror(tr, en)
        en_pos = {local_of(it.local): i for i, (it, _) in enumerate(en.walk()) if it.local}
        seqs = [tr.root] + [it.sections for it, _ in tr.walk() if it.sections is not None]
        for seq in seqs:
            ranked = []
            in_seq: set[str] = set()  # a page listed twice here is a duplicate (reported above), not an order
            for it in seq.items:
                r = mirror.ref(it)
                if r in en_pos and r not in in_seq:
                    in_seq.add(r)
                    ranked.append((it, r, en_pos[r]))
            keep = set(increasing_run([p for _, _, p in ranked]))
            for i, (it, name, pos) in enumerate(ranked):
                if i in keep:
                    continue
                prev = next((ranked[j] for j in range(i - 1, -1, -1) if j in keep), None)
                nxt = next((ranked[j] for j in range(i + 1, len(ranked)) if j in keep), None)
                if prev is not None and prev[2] > pos:
                    where = f"comes after '{prev[1]}' here but before it in English"
                elif nxt is not None:
                    where = f"comes before '{nxt[1]}' here but after it in English"
                else:
                    where = "is out of the English order"
                add(it.start_line + 1, "toctree-order", WARNING, f"'{name}' {where}")
    findings.sort(key=lambda f: (f.line, f.check))
    return findings


def check_toctree(layout: DocsLayout, lang: str) -> list[Finding]:
    """Toctree problems of ``lang`` as :class:`hfi18n.check.Finding`: missing files, unlisted translations,
    duplicates, order drift against English."""
    path = toctree_path(layout, lang)
    if not path.is_file():
        return [Finding(layout.rel_to_repo(layout.lang_dir(lang)) + "/" + TOCTREE, 0, "toctree-missing",
                            ERROR, f"no {TOCTREE} for '{lang}': doc-builder cannot build these docs")]
    tr = load_toctree(path)
    en_path = toctree_path(layout, SOURCE_LANG)
    en = load_toctree(en_path) if en_path.is_file() else None
    return check_tree(tr, en, layout, lang)
