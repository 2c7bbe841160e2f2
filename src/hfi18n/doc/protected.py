"""What of a doc must be identical in every translation: code, references, link targets, tags.

Used by ``check`` (structure, code and link checks) and by ``status`` (to recognise which English
version a translation was made from when history alone cannot tell).
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from functools import lru_cache

from .inline import protected_spans
from .model import BlockKind, Document

_REF_RE = re.compile(r"^\[`~?([^`]+)`\]$")
_COMMENT_RE = re.compile(r"(^|\s)(#|//).*$")
_LINK_RE = re.compile(r"^\((\S*?)(?:\s+[\"'].*)?\)$", re.DOTALL)


def code_blocks(doc: Document) -> list[str]:
    """Text of every fenced/indented code block, in order, without the container indentation."""
    return [dedent_block(b.text) for b in doc.blocks if b.kind is BlockKind.CODE]


@lru_cache(maxsize=4096)
def dedent_block(text: str) -> str:
    """Code without container indentation (list items, blockquotes) and trailing spaces.

    Kept by text, as :func:`code_without_comments`: ``check`` compares an outdated translation's code
    with every later English version, and the fingerprints of history read every version, each a new doc
    whose code blocks are mostly the ones of the version before."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    lines = [re.sub(r"^[ \t]*>[ \t]?", "", line) if line.lstrip().startswith(">") else line for line in lines]
    return textwrap.dedent("\n".join(lines)).strip("\n")


@lru_cache(maxsize=4096)
def code_without_comments(code: str) -> str:
    """Code with ``#`` and ``//`` comments and blank lines removed (to compare code across languages)."""
    lines = []
    for line in code.splitlines():
        stripped = _COMMENT_RE.sub("", line).rstrip()
        if stripped:
            lines.append(stripped)
    return "\n".join(lines)


_DOCSTRING_RE = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'')


def code_shape(code: str) -> str:
    """Code with docstrings (triple-quoted strings) reduced to ``S``, then comments and blank lines dropped:
    what stays when a translator translates the prose inside code. Translators translate docstrings as
    they do comments (huggingface_hub ko guides/upload.md: ``save_feedback``'s docstring); ``--update``
    turned them back into English and ``check`` called them an error. Other strings are code (a prompt
    translated changes what the example does)."""
    return code_without_comments(_DOCSTRING_RE.sub("S", code))


def inline_protected(doc: Document) -> tuple[str, ...]:
    """Protected inline spans of all segments, in order (once per doc: references and link targets both
    read them)."""
    def make(d: Document) -> tuple[str, ...]:
        out: list[str] = []
        for seg in d.segments():
            out.extend(seg.spans[p] for p in seg.placeholders())
        return tuple(out)

    return doc.view("doc.inline_protected", make)


def references(doc: Document) -> list[str]:
    """doc-builder references ``[`Name`]`` (the ``~`` display prefix dropped)."""
    refs = []
    for span in inline_protected(doc):
        m = _REF_RE.match(span)
        if m:
            refs.append(m.group(1))
    return refs


def link_targets(doc: Document) -> list[str]:
    """Targets of Markdown links and images ``[text](target)``."""
    targets = []
    for span in inline_protected(doc):
        m = _LINK_RE.match(span)
        if m and span.startswith("("):
            targets.append(m.group(1).strip("<>"))
    for b in doc.blocks:
        if b.kind is BlockKind.HTML:
            for part in b.parts:
                if isinstance(part, str):
                    for s in protected_spans(part):
                        m = _LINK_RE.match(s)
                        if m and s.startswith("("):
                            targets.append(m.group(1))
    return targets


def fingerprint(doc: Document) -> Counter[str]:
    """A multiset of the doc's language-independent content: code blocks, references, link targets,
    autodoc names. Two versions of the same doc in different languages share most of it.

    Code counts without its comments: translators translate them, and ``translate --update`` carries
    them into changed English code, so a comment must not make a translation look drifted (diffusers
    ``ko/training/create_dataset.md`` fell to 59% for one carried Korean comment and was refused)."""
    fp: Counter[str] = Counter()
    for code in code_blocks(doc):
        fp["code:" + code_without_comments(code)] += 1
    for ref in references(doc):
        fp["ref:" + ref] += 1
    for target in link_targets(doc):
        fp["link:" + target] += 1
    for b in doc.blocks:
        if b.kind is BlockKind.AUTODOC:
            fp["autodoc:" + b.text.strip()] += 1
    return fp


def similarity(a: Counter[str], b: Counter[str]) -> float:
    """Dice coefficient of two fingerprints (1.0 identical or both empty, 0.0 nothing shared)."""
    total = sum(a.values()) + sum(b.values())
    if not total:
        return 1.0
    return 2 * sum((a & b).values()) / total
