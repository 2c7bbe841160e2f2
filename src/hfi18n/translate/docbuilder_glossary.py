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
:func:`dump_docbuilder` (counted over the checkout by :func:`file_counts`) and read back with
:func:`load_docbuilder` (``Glossary.load`` does so for a ``.yml``/``.yaml`` path): pins become terms,
keeps become keep-English terms, each comment becomes the term's notes.
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from ..errors import InputError
from .glossary import Glossary, Term

ENGLISH = "(English)"
"""The spelling :func:`hfi18n.translate.aligned.term_usage` counts for a term kept in English."""
_PLAIN_RE = re.compile(r"[^\W_][\w .+/()-]*(?<=[\w).])")


def _scalar(text: str) -> str:
    """``text`` as a YAML scalar: plain when that reads back the same, else double-quoted."""
    if _PLAIN_RE.fullmatch(text) and text.lower() not in ("yes", "no", "true", "false", "null", "on", "off") \
            and not re.fullmatch(r"[-+.0-9eE_ ]+", text):
        return text
    return json.dumps(text, ensure_ascii=False)


def file_counts(glossary: Glossary, units: Iterable) -> dict[str, Counter[str]]:
    """Term source -> how many translated files use each accepted spelling of it (``(English)``: kept),
    from aligned English/translated units (:func:`hfi18n.translate.aligned.aligned_units`)."""
    from .aligned import term_usage

    by_file: dict[str, list] = {}
    for u in units:
        by_file.setdefault(u.file, []).append(u)
    out: dict[str, Counter[str]] = {t.source: Counter() for t in glossary.terms}
    for file_units in by_file.values():
        for usage in term_usage(glossary, file_units):
            for spelling, n in usage.variants.items():
                if n:
                    out[usage.term.source][spelling] += 1
    return out


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


def _note(container: object, key: object) -> str:
    """The end-of-line comment of ``key`` in a ruamel container, without ``#``."""
    ca = getattr(container, "ca", None)
    items = getattr(ca, "items", {}) if ca is not None else {}
    for token in items.get(key, []) or []:
        if token is not None and hasattr(token, "value"):
            return token.value.strip().lstrip("#").strip().split("\n")[0].strip()
    return ""


def load_docbuilder(text: str, lang: str, *, path: Path | str | None = None) -> Glossary:
    """Read a doc-builder glossary (``pin:`` and ``keep:``); errors name the file and what to fix."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    where = path if path is not None else "<glossary>"
    try:
        data = YAML(typ="rt").load(io.StringIO(text))
    except YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise InputError(f"not valid YAML: {getattr(exc, 'problem', exc)}", path=where,
                         line=mark.line + 1 if mark is not None else None,
                         hint="a doc-builder glossary has a `pin:` mapping and a `keep:` list") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise InputError("a doc-builder glossary is a mapping with `pin:` and `keep:`", path=where,
                         hint="pin: {term: translation}, keep: [term, ...]")
    unknown = [str(k) for k in data if k not in ("pin", "keep")]
    if unknown:
        raise InputError(f"unknown key {unknown[0]!r}", path=where, hint="doc-builder reads only `pin:` and `keep:`")
    pin, keep = data.get("pin") or {}, data.get("keep") or []
    if not isinstance(pin, dict):
        raise InputError("`pin:` is not a mapping", path=where, hint="write `pin:` then lines `  term: translation`")
    if not isinstance(keep, list):
        raise InputError("`keep:` is not a list", path=where, hint="write `keep:` then lines `  - term`")
    terms: list[Term] = []
    seen: set[str] = set()
    for k, v in pin.items():
        if not isinstance(k, str) or not isinstance(v, str) or not k.strip() or not v.strip():
            raise InputError(f"pin entry {k!r}: {v!r} is not `term: translation`", path=where,
                             hint="both sides are text; quote a value that YAML reads as a number or yes/no")
        if k.casefold() in seen:
            raise InputError(f"duplicate term {k!r}", path=where, hint="keep one entry per term")
        seen.add(k.casefold())
        terms.append(Term(k.strip(), v.strip(), False, notes=_note(pin, k)))
    for i, k in enumerate(keep):
        if not isinstance(k, str) or not k.strip():
            raise InputError(f"keep entry {k!r} is not a term", path=where, hint="write `  - Term` lines")
        if k.casefold() in seen:
            raise InputError(f"term {k!r} is both pinned and kept in English", path=where, hint="keep one of them")
        seen.add(k.casefold())
        terms.append(Term(k.strip(), None, True, notes=_note(keep, i)))
    return Glossary(lang, terms, path=path)
