"""``style/register`` and ``style/heading``: a translated doc read as the team writes it.

The checks read the translation's own prose (paragraphs, list items, tips, table cells, the text of HTML
elements and headings), never code, inline code, link targets, attribute values or component props: those
are placeholders in a segment's text (:class:`hfi18n.doc.Segment`), and the analyzer reads each as one
foreign word, so ``10~20%`` or ``from_pretrained()`` never end a sentence. Identifiers are foreign words
to the analyzer and never carry an ending.

Findings are warnings: a sentence in the wrong register is worth a look, never a reason a page is broken
(the team's own rule-based harness marked up to 96 "major" errors per doc and drowned its reviewers).
Each says the sentence, its ending, the register expected and the last word rewritten, which ``review``
shows as a suggestion (:attr:`Finding.suggestion`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..config import Config
from ..doc import Document
from ..lang import Layer, LayerUnavailable, Sentence, layer_for
from ..lang.pieces import Piece, prose_pieces
from ..lang.style import Slip, StyleSettings, heading_slip, register_slips, style_settings
from .findings import WARNING, Finding

STYLE_PREFIX = "style/"
REGISTER = STYLE_PREFIX + "register"
HEADING = STYLE_PREFIX + "heading"

__all__ = ["HEADING", "REGISTER", "STYLE_PREFIX", "Piece", "StyleRun", "check_style", "prose_pieces"]


@dataclass(slots=True)
class StyleRun:
    """The style checks of one run: the team's settings and the language's layer, loaded on first use.

    A run without the layer's analyzer says once (:attr:`notes`) how to install it."""

    settings: StyleSettings
    notes: list[str] = field(default_factory=list)
    _layer: Layer | None = None
    _tried: bool = False

    @classmethod
    def for_lang(cls, lang: str, config: Config | None = None) -> StyleRun:
        return cls(style_settings(config, lang))

    @property
    def layer(self) -> Layer | None:
        if not self._tried:
            self._tried = True
            if self.settings.checks:
                try:
                    self._layer = layer_for(self.settings.lang)
                except LayerUnavailable as exc:
                    self.notes.append(f"{exc.message}: {exc.hint}")
        return self._layer


def _english_questions(src: Document | None, tgt: Document) -> dict[int, bool | None]:
    """Whether the English of each translated heading (by line) is a question: the English heading with
    the same anchor, else the one at the same place when both docs have as many headings."""
    out: dict[int, bool | None] = {}
    if src is None:
        return out
    en = src.headings()
    by_anchor = {str(h.meta.get("anchor")): h for h in en}
    tr = tgt.headings()
    same = len(en) == len(tr)
    for i, h in enumerate(tr):
        e = by_anchor.get(str(h.meta.get("anchor"))) or (en[i] if same else None)
        out[h.start_line] = None if e is None else str(e.meta.get("title", "")).rstrip().endswith("?")
    return out


def check_style(src: Document | None, tgt: Document, file: str, run: StyleRun) -> list[Finding]:
    """``style/register`` and ``style/heading`` warnings of translated ``tgt`` (English ``src``, None
    when there is none)."""
    layer = run.layer
    if layer is None:
        return []
    pieces = prose_pieces(tgt)
    if not pieces:
        return []
    analysed = layer.sentences([p.text for p in pieces])
    settings = run.settings
    findings: list[Finding] = []
    prose: list[tuple[Piece, Sentence]] = [(p, s) for p, ss in zip(pieces, analysed, strict=True)
                                            if not p.heading for s in ss]
    where = {id(s): p for p, s in prose}
    for slip in register_slips([s for _p, s in prose], settings, layer):
        findings.append(_register_finding(file, where[id(slip.sentence)], slip, settings))
    questions = _english_questions(src, tgt)
    for p, ss in zip(pieces, analysed, strict=True):
        if p.heading and (slip := heading_slip(ss, questions.get(p.line), settings, layer)) is not None:
            findings.append(_heading_finding(file, p, slip))
    return findings


def _quote(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else "…" + text[-(limit - 1):]


def _suggestion(p: Piece, slip: Slip) -> tuple[str, str] | None:
    e = slip.ending
    if slip.suggestion is None or p.has_hole(e.start, e.start + len(e.word)):
        return None
    return e.word, slip.suggestion


def _register_finding(file: str, p: Piece, slip: Slip, settings: StyleSettings) -> Finding:
    e = slip.ending
    sentence = p.shown(slip.sentence.start, slip.sentence.end)
    fix = _suggestion(p, slip)
    rewrite = f": '{fix[0]}' → '{fix[1]}'" if fix else ""
    whose = "the team's register" if settings.register else "the register of most of this doc's sentences"
    if slip.whole_doc is not None:
        reg, n, total = slip.whole_doc
        message = (f"this doc is written in {reg} ({n} of {total} sentences) and the team writes {slip.expected} "
                   f"([style.{settings.lang}] register); the first, '{_quote(sentence)}', ends in {e.form}{rewrite}")
    else:
        message = f"'{_quote(sentence)}' ends in {e.form} ({e.register}); {whose} is {slip.expected}{rewrite}"
    return Finding(file, p.line_at(e.start), REGISTER, WARNING, message, translation=sentence, suggestion=fix)


def _heading_finding(file: str, p: Piece, slip: Slip) -> Finding:
    e = slip.ending
    heading = p.shown(0, len(p.text))
    fix = _suggestion(p, slip)
    rewrite = f": '{fix[0]}' → '{fix[1]}'" if fix else ""
    return Finding(file, p.line_at(e.start), HEADING, WARNING,
                   f"heading '{_quote(heading)}' is a sentence (it ends in {e.form}); the team writes headings as "
                   f"noun phrases unless the English asks a question{rewrite}", translation=heading, suggestion=fix)
