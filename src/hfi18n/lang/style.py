"""A team's style for a language (``[style.<lang>]`` of ``hfi18n.toml``), and what breaks it.

The Korean docs team's reviewers asked the same things of every draft in their blind comparison of five
models (2026-10): one register throughout (합니다체), headings as noun phrases, the same style inside table
cells. Those are the defaults for ``ko``; a team changes them in its config::

    [style.ko]
    register = "합니다체"          # or 해요체, 한다체; "auto": each doc's own majority
    allowed_endings = ["-세요"]    # endings accepted in any register (the polite imperative)
    questions = true              # a question is fine in any register ("어떻게 될까요?")
    heading = "noun"              # headings are noun phrases unless the English asks a question; "any"
    rules = ["..."]               # further rules in words, for the translator model's prompt
    examples = 3                  # the team's own past translations shown with each request (0: none)
    checks = true                 # the style/* checks of check, review and the write gate

The judgement (:func:`register_slips`, :func:`heading_slip`) is the same for every language: a layer
(:mod:`.base`) says how each sentence ends, this module says whether the team writes that way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..config import Config
from ..errors import ConfigError
from .base import Ending, Layer, Mood, RegisterInfo, Sentence, registers_of

AUTO = "auto"
"""``register = "auto"``: each doc's register is its own majority."""
HEADING_FORMS = ("noun", "any")

DEFAULTS: dict[str, dict[str, Any]] = {
    "ko": {
        "register": "합니다체",
        "allowed_endings": ["-세요"],
        "questions": True,
        "heading": "noun",
        "rules": ["Keep ML terms Korean developers use in English as the glossary says; gender-neutral wording."],
        "examples": 3,
    },
    # a Japanese team would write: register = "です・ます" (a layer on fugashi/MeCab would check it)
}
"""The conventions a language team starts from, by language (the Korean team's: docs/style.md)."""

_KEYS = {"register", "allowed_endings", "questions", "heading", "rules", "examples", "checks"}


@dataclass(slots=True, frozen=True)
class StyleSettings:
    """The style a team writes ``lang`` in (:func:`style_settings` reads it)."""

    lang: str
    register: str | None = None
    """The register every sentence is written in; None: each doc's own majority (``auto``)."""
    allowed_endings: tuple[str, ...] = ()
    """Endings accepted whatever the register, as written in style guides (``-세요``)."""
    questions: bool = True
    """A question is accepted in any register."""
    heading: str = "any"
    """``noun``: a heading is a noun phrase unless its English is a question; ``any``: not checked."""
    rules: tuple[str, ...] = ()
    """Further rules in words, for the prompt."""
    examples: int = 0
    """How many of the team's own past translations go with each request (0: none)."""
    checks: bool = True
    """Whether the ``style/*`` checks run."""
    source: str = "default"
    """Where the settings come from (``default`` or the config file), for messages."""
    registers: tuple[RegisterInfo, ...] = field(default=(), compare=False)
    """The registers the language's layer knows (names and aliases)."""

    def allows(self, ending: Ending) -> bool:
        """Whether ``ending`` is accepted whatever the register (``-세요`` covers ``-으세요``)."""
        form = _bare(ending.form)
        return any(form == a or form == "으" + a for a in map(_bare, self.allowed_endings))

    @property
    def has_rules(self) -> bool:
        return bool(self.register or self.heading == "noun" or self.rules)

    def describe(self, register: str) -> RegisterInfo | None:
        return next((r for r in self.registers if r.name == register), None)


def _bare(form: str) -> str:
    return form.strip().lstrip("-~").strip()


def style_settings(config: Config | None, lang: str) -> StyleSettings:
    """The team's style for ``lang``: ``[style.<lang>]`` of the config over the language's defaults
    (:data:`DEFAULTS`); a wrong value is a :class:`ConfigError` naming the key."""
    code = lang.lower()
    base = dict(DEFAULTS.get(code, {}))
    given = config.get(f"style.{code}") if config is not None else None
    source = "default"
    if given is not None:
        where = config.source if config is not None else None
        if not isinstance(given, dict):
            raise ConfigError(f"[style.{code}] must be a table of settings", path=where,
                              hint="see docs/style.md for the keys")
        unknown = sorted(set(given) - _KEYS)
        if unknown:
            raise ConfigError(f"unknown key(s) in [style.{code}]: {', '.join(unknown)}", path=where,
                              hint=f"the keys are {', '.join(sorted(_KEYS))} (docs/style.md)")
        base.update(given)
        source = str(where) if where is not None else "config"
    registers = registers_of(code)
    register = base.get("register")
    if register is not None:
        register = _register_name(str(register), registers, code, config)
    heading = str(base.get("heading", "any"))
    if heading not in HEADING_FORMS:
        raise ConfigError(f"[style.{code}] heading = {heading!r} is not a heading form",
                          hint=f"use {' or '.join(HEADING_FORMS)}")
    examples = base.get("examples", 0)
    if not isinstance(examples, int) or isinstance(examples, bool) or not 0 <= examples <= 20:
        raise ConfigError(f"[style.{code}] examples = {examples!r}: give a whole number from 0 to 20")
    return StyleSettings(code, register, _strings(base.get("allowed_endings", ()), "allowed_endings", code),
                         bool(base.get("questions", True)), heading, _strings(base.get("rules", ()), "rules", code),
                         examples, bool(base.get("checks", True)), source, registers)


def _strings(value: Any, key: str, code: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"[style.{code}] {key} must be a list of strings")
    return tuple(value)


def _register_name(name: str, registers: Sequence[RegisterInfo], code: str, config: Config | None) -> str | None:
    """The layer's name for register ``name`` (an alias such as ``hapnida`` accepted); None for ``auto``."""
    if name.lower() == AUTO:
        return None
    if not registers:  # no layer for the language: the name is for the prompt only
        return name
    for r in registers:
        if name == r.name or name.lower() in r.aliases:
            return r.name
    raise ConfigError(f"[style.{code}] register = {name!r} is not a register hfi18n knows for {code}",
                      path=config.source if config is not None else None,
                      hint=f"use one of {', '.join(r.name for r in registers)} or auto")


# -------------------------------------------------------------------------------------------------
# the style in words, for the translator model

HEADING_EXAMPLES = {"ko": "모델 불러오기"}
"""A noun-phrase heading, by language (for the prompt)."""


def prompt_rules(settings: StyleSettings) -> list[str]:
    """The team's style as rules for the translator model: the register (with its endings and examples),
    the accepted endings, questions, headings, then the team's own further rules."""
    out = []
    if settings.register:
        info = settings.describe(settings.register)
        how = f" ({info.endings})" if info and info.endings else ""
        line = f"Every sentence in {settings.register}{how}, in lists, tables and tips too"
        extra = list(settings.allowed_endings) + (["questions"] if settings.questions else [])
        out.append(line + (f"; {' and '.join(extra)} are fine." if extra else "."))
    if settings.heading == "noun":
        example = HEADING_EXAMPLES.get(settings.lang)
        shown = f" ('{example}')" if example else ""
        out.append(f"Headings are noun phrases{shown}, unless the English heading asks a question.")
    out.extend(settings.rules)
    return out


# -------------------------------------------------------------------------------------------------
# judging


@dataclass(slots=True, frozen=True)
class Slip:
    """A sentence (or heading) that breaks the team's style, with the rewrite of its last word."""

    sentence: Sentence
    ending: Ending
    expected: str
    """The register the sentence should be in, or ``noun phrase`` for a heading."""
    suggestion: str | None
    """:attr:`Ending.word` rewritten (``사용한다`` -> ``사용합니다``), or None when no rewrite is sure."""
    whole_doc: tuple[str, int, int] | None = None
    """The doc is written in another register as a whole: (that register, its sentences, all counted)."""


def counted(sentence: Sentence, settings: StyleSettings) -> Ending | None:
    """The ending of ``sentence`` if it speaks for the doc's register: a sentence of the doc's own voice
    (not quoted), with a register, not an accepted ending, not a question when questions are accepted."""
    e = sentence.ending
    if e is None or e.register is None or sentence.quoted or settings.allows(e):
        return None
    if settings.questions and (e.mood is Mood.QUESTION or sentence.text.rstrip().endswith("?")):
        return None
    return e


def doc_register(sentences: Iterable[Sentence], settings: StyleSettings) -> tuple[str | None, Counter[str]]:
    """The register most of ``sentences`` are in (None: none, or a tie), with the count per register."""
    counts: Counter[str] = Counter(e.register for s in sentences if (e := counted(s, settings)) and e.register)
    top = counts.most_common(2)
    if not top or (len(top) == 2 and top[0][1] == top[1][1]):
        return None, counts
    return top[0][0], counts


WHOLE_DOC_SHARE = 0.6
"""Share of a doc's counted sentences in one register other than the team's from which the doc is taken as
written in that register: one finding for the doc instead of one per sentence (a doc the team wrote in
해요체 years ago is one decision to make, not forty warnings)."""
WHOLE_DOC_MIN = 3


def register_slips(sentences: Sequence[Sentence], settings: StyleSettings, layer: Layer) -> list[Slip]:
    """The sentences whose register is not the doc's: the team's (``settings.register``), else the doc's
    own majority. A doc mostly in another register than the team's gives one slip with :attr:`Slip.whole_doc`
    (at its first sentence in that register)."""
    majority, counts = doc_register(sentences, settings)
    expected = settings.register or majority
    if expected is None:
        return []
    total = sum(counts.values())
    if (settings.register and majority and majority != expected and counts[majority] >= WHOLE_DOC_MIN
            and counts[majority] >= WHOLE_DOC_SHARE * total):
        first = layer.refine(next(s for s in sentences if (e := counted(s, settings)) and e.register == majority))
        e = first.ending
        assert e is not None
        return [Slip(first, e, expected, _rewrite(layer, e, expected, settings), (majority, counts[majority], total))]
    out = []
    for s in sentences:
        e = counted(s, settings)
        if e is not None and e.register != expected:
            whole = layer.refine(s)
            e = whole.ending or e
            out.append(Slip(s, e, expected, _rewrite(layer, e, expected, settings)))
    return out


def _rewrite(layer: Layer, ending: Ending, register: str, settings: StyleSettings) -> str | None:
    """The word rewritten into ``register``; a command takes an accepted imperative ending if there is one
    (``봐라`` -> ``보세요`` rather than ``보십시오``, for a team that accepts ``-세요``)."""
    if ending.mood is Mood.COMMAND:
        for reg in settings.registers:
            new = layer.rewrite(ending, reg.name, Mood.COMMAND)
            if new and reg.name != ending.register and any(
                    new.endswith(_bare(a)) for a in settings.allowed_endings):
                return new
    new = layer.rewrite(ending, register)
    return new if new and new != ending.word else None


def heading_slip(sentences: Sequence[Sentence], english_question: bool | None, settings: StyleSettings,
                 layer: Layer) -> Slip | None:
    """The heading (its sentences) is written as a sentence where the team writes a noun phrase: any of
    its sentences ends in a final ending with a register, and it is not a question whose English is one
    (``english_question`` None: the English heading is not known, a question is then let be)."""
    if settings.heading != "noun":
        return None
    for s in reversed(sentences):
        e = s.ending
        if e is None or e.register is None or s.quoted:
            continue
        question = e.mood is Mood.QUESTION or s.text.rstrip().endswith("?")
        if question and english_question is not False:
            return None
        e = layer.refine(s).ending or e
        return Slip(s, e, "noun phrase", layer.noun_form(e))
    return None
