"""What a language layer tells about a text: its sentences, how each ends, in which register.

A language layer wraps a real morphological analyzer (Kiwi for Korean, :mod:`.ko`); the style checks
(:mod:`hfi18n.check.style`) and the translator (:mod:`hfi18n.translate`) ask it the same questions, so one
answer serves the check of a human doc, the write gate's notes and the choice of a second draft.

A layer is found by language code (:func:`layer_for`) and loaded on first use, once per process: Kiwi
takes about 0.8 s to load its model (0.4 s to build, 0.4 s on the first analysis), which a ``check`` of a
doc with nothing to analyse must not pay. A language whose layer needs an optional package that is not
installed gets :class:`LayerUnavailable`, whose hint says how to install it (``pip install -e '.[ko]'``).

The next language fits the same shape: a Japanese layer (fugashi/MeCab) names its registers
(``です・ます``, ``だ・である``) and maps each sentence's last auxiliary to one.
"""

from __future__ import annotations

import enum
import importlib
import importlib.util
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..errors import HfI18nError


class Mood(str, enum.Enum):
    """What a sentence does, as its ending says."""

    STATEMENT = "statement"
    QUESTION = "question"
    COMMAND = "command"
    PROPOSAL = "proposal"


@dataclass(slots=True, frozen=True)
class Ending:
    """How a sentence ends: the last word as written, its final ending, the register and mood it marks."""

    word: str
    """The sentence's last word as it is written in the analysed text (``사용한다``)."""
    start: int
    """Offset of :attr:`word` in the analysed text."""
    form: str
    """The final ending in dictionary form, as a translator writes it (``-ㄴ다``, ``-세요``)."""
    register: str | None
    """The register the ending marks (``합니다체``), or None: a noun ending (``-음``), an unclear one."""
    mood: Mood
    morphs: tuple[tuple[str, str, int, int], ...] = ()
    """The analyzer's morphemes of :attr:`word`: (form, tag, start, end) with offsets in :attr:`word`, for
    :meth:`Layer.rewrite`."""


@dataclass(slots=True, frozen=True)
class Sentence:
    """One sentence of an analysed text."""

    text: str
    start: int
    """Offset of the sentence in the analysed text."""
    end: int
    ending: Ending | None
    """None: the sentence has no final ending (a noun phrase, a label, a fragment)."""
    quoted: bool = False
    """The ending is inside quotation marks: a quoted thought or saying, not the doc's own voice."""


@dataclass(slots=True, frozen=True)
class RegisterInfo:
    """A register a layer knows: its name, other names a config may use, and words for the prompt."""

    name: str
    aliases: tuple[str, ...] = ()
    description: str = ""
    """How the register sounds (``formal polite``)."""
    endings: str = ""
    """Its endings as a style guide writes them (``-ㅂ니다/-습니다``): the prompt names them."""


class Layer(Protocol):
    """What a language layer answers (Korean: :class:`hfi18n.lang.ko.KoreanLayer`)."""

    code: str
    registers: tuple[RegisterInfo, ...]

    def sentences(self, texts: Sequence[str]) -> list[list[Sentence]]:
        """The sentences of each text, in order (one analyzer call for all texts)."""
        ...

    def refine(self, sentence: Sentence) -> Sentence:
        """``sentence`` read in full by the analyzer, if a quicker reading left out what a rewrite needs."""
        ...

    def rewrite(self, ending: Ending, register: str, mood: Mood | None = None) -> str | None:
        """:attr:`Ending.word` with its ending in ``register`` (``사용한다`` -> ``사용합니다``), or None."""
        ...

    def noun_form(self, ending: Ending) -> str | None:
        """:attr:`Ending.word` as a noun phrase's last word (``불러옵니다`` -> ``불러오기``), or None."""
        ...


class LayerUnavailable(HfI18nError):
    """The language has a layer, but the package it needs is not installed."""


LAYERS: dict[str, tuple[str, str, str, tuple[str, ...]]] = {
    "ko": ("hfi18n.lang.ko", "KoreanLayer", "ko", ("kiwipiepy", "kiwipiepy_model")),
}
"""Language code -> (module, class, the extra that installs its analyzer, the packages it needs). The module
imports without its analyzer (the prompt reads its registers); the analyzer is imported on first use."""


@dataclass(slots=True)
class _Loaded:
    layers: dict[str, Layer] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)


_LOADED = _Loaded()


def has_layer(lang: str) -> bool:
    """Whether hfi18n has a language layer for ``lang`` (installed or not)."""
    return lang.lower() in LAYERS


def registers_of(lang: str) -> tuple[RegisterInfo, ...]:
    """The registers the layer of ``lang`` knows (none for a language without a layer); its analyzer is
    not needed for this."""
    spec = LAYERS.get(lang.lower())
    if spec is None:
        return ()
    return tuple(getattr(importlib.import_module(spec[0]), "REGISTERS", ()))


def layer_for(lang: str) -> Layer | None:
    """The layer of ``lang``, built once per process; None for a language without one.

    Raises :class:`LayerUnavailable` when its analyzer is not installed."""
    code = lang.lower()
    spec = LAYERS.get(code)
    if spec is None:
        return None
    with _LOADED.lock:
        if code not in _LOADED.layers:
            module, cls, extra, needs = spec
            missing = [name for name in needs if importlib.util.find_spec(name) is None]
            if missing:
                raise LayerUnavailable(
                    f"the {code} style checks (register, headings) need the morphological analyzer "
                    f"{', '.join(missing)}, which is not installed",
                    hint=f"install it with: pip install -e '.[{extra}]' (from a clone of hfi18n)")
            _LOADED.layers[code] = getattr(importlib.import_module(module), cls)()
        return _LOADED.layers[code]
