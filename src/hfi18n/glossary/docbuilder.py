"""The glossary format of doc-builder's own translation pipeline, read and written.

Hugging Face's nightly machine translation (``doc_builder/translate``) reads one YAML file per language,
``glossaries/<lang>.yml``::

    pin:
      fine-tun: 微調整                    # 54 files, vs ファインチューニング 15
      inference: 推論                     # 69
    keep:
      - Hugging Face

``pin`` maps an English term (matched case-insensitively, as a part of a word) to the rendering the
model must use; ``keep`` lists terms left in English. The counts in the comments are the evidence: how
many human-translated files used each rendering. A language team's glossary, mined and curated from its
own human translations (``hfi18n glossary mine``), is handed to the nightly translation with
:func:`dump_docbuilder` (counted over the checkout by :func:`hfi18n.translate.aligned.file_counts`) and read back with
:func:`hfi18n.glossary.terms.load_docbuilder` (``Glossary.load`` does so for a ``.yml``/``.yaml`` path): pins become terms,
keeps become keep-English terms, each comment becomes the term's notes.
"""

from __future__ import annotations

import json
import re
from collections import Counter

from .terms import Glossary, Term

ENGLISH = "(English)"
"""The spelling :func:`hfi18n.translate.aligned.term_usage` counts for a term kept in English."""
_PLAIN_RE = re.compile(r"[^\W_][\w .+/()-]*(?<=[\w).])")


def _scalar(text: str) -> str:
    """``text`` as a YAML scalar: plain when that reads back the same, else double-quoted."""
    if _PLAIN_RE.fullmatch(text) and text.lower() not in ("yes", "no", "true", "false", "null", "on", "off") \
            and not re.fullmatch(r"[-+.0-9eE_ ]+", text):
        return text
    return json.dumps(text, ensure_ascii=False)


def _comment(term: Term, counts: Counter[str] | None) -> str:
    if counts is None:  # a YAML comment ends at the line: a note's line breaks (a spreadsheet cell's) become spaces
        return " ".join(term.notes.split())
    want = ENGLISH if term.keep_english else term.target
    mine = counts.get(want or "", 0)
    others = [(s, n) for s, n in counts.most_common() if s != want and n]
    text = f"{mine} files" + (", vs " + ", ".join(f"{s} {n}" for s, n in others[:2]) if others else "")
    return text


def dump_docbuilder(glossary: Glossary, counts: dict[str, Counter[str]] | None = None, *, origin: str = "") -> str:
    """``glossary`` as doc-builder's ``glossaries/<lang>.yml``: translated terms under ``pin``, English
    ones under ``keep``, each with how many human-translated files use it (``counts``, see
    :func:`file_counts`; without them the term's notes are the comment)."""
    pins = [t for t in glossary.terms if not t.keep_english and t.target]
    keeps = [t for t in glossary.terms if t.keep_english]
    lines = [f"# How we want certain words translated into {glossary.lang}, exported by hfi18n"
             + (f" from {origin}" if origin else "") + ".",
             "#",
             "# The terms come from the language team's glossary, mined from its human translations. "
             "The numbers are",
             "# how many human-translated files use each rendering (\"vs\": the competing ones), the "
             "evidence for it.",
             ""]
    if pins:
        lines.append("pin:")
        width = max(len(f"  {_scalar(t.source)}: {_scalar(t.target or '')}") for t in pins)
        for t in pins:
            entry = f"  {_scalar(t.source)}: {_scalar(t.target or '')}"
            note = _comment(t, counts.get(t.source) if counts is not None else None)
            lines.append(f"{entry.ljust(width)}  # {note}" if note else entry)
    if keeps:
        if pins:
            lines.append("")
        lines.append("# Words left in English.")
        lines.append("keep:")
        for t in keeps:
            note = _comment(t, counts.get(t.source) if counts is not None else None)
            lines.append(f"  - {_scalar(t.source)}" + (f"  # {note}" if note else ""))
    return "\n".join(lines) + "\n"
