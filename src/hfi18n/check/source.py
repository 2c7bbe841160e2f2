"""Faults of the English source that a translation would copy: the English gets the blame.

An English doc with a code fence never closed, or a ``<Tip>`` (any component tag) never closed, cannot
give a correct translation: a faithful translation copies the fault, and ``check`` would then blame the
translated file. :func:`skip_broken_english` takes such docs out of a translate run, with a reason that
names the English file and line; ``check`` reports the same fault on a translation as an
``english-fault`` warning that names the English (:func:`hfi18n.check.damage.check_damage`).
"""

from __future__ import annotations

from ..repo.layout import SOURCE_LANG, DocsLayout
from ..translate.service import Selection, Skipped
from .damage import source_faults
from .findings import ERROR

__all__ = ["skip_broken_english", "source_faults"]


def skip_broken_english(layout: DocsLayout, sel: Selection) -> None:
    """Move every job whose English source has a copyable fault from ``sel.jobs`` to ``sel.skipped``."""
    for job in list(sel.jobs):
        faults = [f for f in source_faults(job.doc, layout.rel_to_repo(layout.path(SOURCE_LANG, job.en_rel)))
                  if f.severity == ERROR]  # a warning is a page doc-builder builds: it is translated
        if not faults:
            continue
        sel.jobs.remove(job)
        sel.updates.pop(job.en_rel, None)
        f = faults[0]
        more = f" (and {len(faults) - 1} more)" if len(faults) > 1 else ""
        sel.skipped.append(Skipped(job.en_rel, f"the English source is broken at {f.file}:{f.line}: {f.message}"
                                               f"{more}; fix the English first (a translation would copy it)",
                                   kind="broken_english",
                                   fields={"where": f"{f.file}:{f.line}", "message": f.message,
                                           "more": len(faults) - 1}))
