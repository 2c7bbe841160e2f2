"""The glossary: a language team's terms, read (TSV, or doc-builder's YAML), found in English text and
checked in translations.

It sits below ``translate`` and ``check`` because both use it (the prompt lists a segment's terms, the
checks and ``review`` flag a term rendered otherwise); when it lived in ``translate/``, ``check`` and
``review`` reached into the translation stage for it, and ``translate/glossary.py`` and
``translate/docbuilder_glossary.py`` imported each other (issue 24). :mod:`.terms` holds the model and
the readers, :mod:`.docbuilder` writes doc-builder's format; the counts that go with it come from
aligned human translations (:func:`hfi18n.translate.aligned.file_counts`).
"""

from .terms import (
           COLUMNS,
           HANGUL_RE,
           Glossary,
           Term,
           TermMatch,
           english_in,
           lint,
           spellings_in,
           squash,
           tsv_cell,
)

__all__ = ["COLUMNS", "HANGUL_RE", "Glossary", "Term", "TermMatch", "english_in", "lint", "spellings_in",
           "squash", "tsv_cell"]
