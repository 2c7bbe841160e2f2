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
import importlib.metadata
import importlib.util
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from ..errors import HfI18nError
from ..repo.layout import DocsLayout
from ..repo.store import cache_of


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


class Memo(Protocol):
    """Where a layer keeps what its analyzer said across runs (:class:`hfi18n.repo.cache.Cache`)."""

    def get_many(self, kind: str, keys: Iterable[str], decode: Callable[[object], Any]) -> dict[str, Any]: ...

    def put(self, kind: str, key: str, value: object, head: str = "") -> None: ...


_memo: ContextVar[tuple[Memo, str] | None] = ContextVar("hfi18n_layer_memo", default=None)
_V = TypeVar("_V")


@contextmanager
def analyses_kept(memo: Memo | None, lang: str) -> Iterator[None]:
    """Keep what the analyzer of ``lang`` says inside (its reading of a text, a word's morphemes, a word
    joined back) in ``memo`` under the analyzer's version (:func:`analyzer_version`) and the question, and
    read it back from there: a ``check`` after an edit asks the analyzer about the edited text only, and
    loads it (0.7 cpu s and 260 MB for Kiwi with its first call: :mod:`.ko`) only if that text needs it."""
    token = _memo.set((memo, f"{lang}\0{analyzer_version(lang)}\0") if memo is not None else None)
    try:
        yield
    finally:
        _memo.reset(token)


@contextmanager
def checkout_analyses(layout: DocsLayout, lang: str) -> Iterator[None]:
    """:func:`analyses_kept` in the persistent cache of ``layout``'s checkout (none outside a git checkout),
    written when the block ends: what ``review`` and ``translate`` ask the analyzer about the same docs run
    after run (a review or a plan of an unchanged diffusers ko doc loaded Kiwi each time: 0.8-0.9 cpu s)."""
    with cache_of(layout) as cache, analyses_kept(cache if cache.enabled else None, lang):
        yield


def kept(kind: str, args: Sequence[str], work: Callable[[list[str]], list[_V]],
         to_plain: Callable[[_V], object], from_plain: Callable[[object], _V]) -> list[_V]:
    """``work(args)``, each answer read from the memo of :func:`analyses_kept` where it holds it (one query),
    the others worked out in one call and kept."""
    got = _memo.get()
    if got is None or not args:
        return work(list(args))
    memo, prefix = got
    keys = [f"{prefix}{kind}\0{a}" for a in args]
    found = memo.get_many("analysis", keys, from_plain)
    todo = list(dict.fromkeys(a for a, k in zip(args, keys, strict=True) if k not in found))
    if todo:
        for a, value in zip(todo, work(todo), strict=True):
            found[f"{prefix}{kind}\0{a}"] = value
            memo.put("analysis", f"{prefix}{kind}\0{a}", to_plain(value))
    return [found[k] for k in keys]


def sentence_plain(sentences: list[Sentence]) -> object:
    return [(s.text, s.start, s.end, None if (e := s.ending) is None else
             (e.word, e.start, e.form, e.register, e.mood.value, e.morphs), s.quoted) for s in sentences]


def sentence_from_plain(data: object) -> list[Sentence]:
    return [Sentence(text, start, end, None if e is None else
                     Ending(e[0], e[1], e[2], e[3], Mood(e[4]), tuple(tuple(m) for m in e[5])), quoted)
            for text, start, end, e, quoted in data]  # type: ignore[union-attr]


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


def analyzer_version(lang: str) -> str:
    """The installed versions of the packages the layer of ``lang`` needs (``kiwipiepy=0.21.0
    kiwipiepy_model=0.21.0``, ``-`` for one not installed, empty for a language without a layer), read from
    their metadata without importing them: what a finding the analyzer worked out depends on besides the
    text (another version may split or tag a sentence otherwise), so ``check`` keeps its findings under it."""
    spec = LAYERS.get(lang.lower())
    if spec is None:
        return ""
    out = []
    for name in spec[3]:
        try:
            out.append(f"{name}={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            out.append(f"{name}=-" if importlib.util.find_spec(name) is None else f"{name}=?")
    return " ".join(out)


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
