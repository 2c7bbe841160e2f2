"""A language's own convention for heading anchors, read from its docs.

doc-builder repositories write the English anchor on every translated heading (``## 설치 [[installation]]``),
so a link written for the English page lands on the translation; ``check`` reports a translated heading
without one. Some repositories keep their docs elsewhere and follow another rule: the Korean chapters of
the Hugging Face course carry no ``[[…]]`` anchor at all, and most of ``check``'s errors there were one
missing-anchor error per heading (issue 33). So the convention is read from the language's own docs: when
fewer than :data:`EXPLICIT_SHARE` of its headings carry an anchor (and it has at least :data:`MIN_HEADINGS`),
missing anchors are that language's convention and are not reported; ``check`` says which convention it
followed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..doc.anchors import ANCHOR_RE
from ..doc.syntax import FENCE_LINE_RE, closes_fence
from ..fileio import read_text
from ..repo.layout import DocsLayout

EXPLICIT_SHARE = 0.1
"""Below this share of headings with an explicit ``[[anchor]]``, a language does not write them."""
MIN_HEADINGS = 20
"""Fewer headings than this tell no convention: the doc-builder rule (anchors required) holds."""

_HEADING_RE = re.compile(r" {0,3}#{1,6}\s+\S")


@dataclass(slots=True, frozen=True)
class AnchorConvention:
    lang: str
    headings: int
    """Headings of the language's docs (outside code blocks)."""
    explicit: int
    """How many of them end with an explicit ``[[anchor]]``."""

    @property
    def required(self) -> bool:
        """Whether a translated heading must carry the English anchor (doc-builder's rule)."""
        return self.headings < MIN_HEADINGS or self.explicit >= EXPLICIT_SHARE * self.headings

    def note(self) -> str:
        if self.required:
            return ""
        return (f"anchors: {self.lang} headings follow this repository's own convention, no [[…]] anchors "
                f"({self.explicit} of {self.headings} headings carry one): a heading without one is not reported")


def heading_counts(text: str) -> tuple[int, int]:
    """``(headings, headings with an explicit anchor)`` of one doc, code blocks left out (a cheap line scan:
    it runs over every doc of a language on each check)."""
    headings = explicit = 0
    fence: str | None = None
    for line in text.splitlines():
        m = FENCE_LINE_RE.match(line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif closes_fence(fence, m.group(1), line[m.end():]):
                fence = None
            continue
        if fence is None and _HEADING_RE.match(line):
            headings += 1
            explicit += bool(ANCHOR_RE.search(line))
    return headings, explicit


def anchor_convention(layout: DocsLayout, lang: str) -> AnchorConvention:
    """The heading-anchor convention of ``lang``'s docs."""
    headings = explicit = 0
    for rel in layout.docs(lang):
        try:
            h, e = heading_counts(read_text(layout.path(lang, rel)))
        except Exception:  # noqa: BLE001 - an unreadable doc says nothing of the convention (check reports it)
            continue
        headings, explicit = headings + h, explicit + e
    return AnchorConvention(lang, headings, explicit)
