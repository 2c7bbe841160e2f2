"""Translators the property harness and the promise tests run the tool with, behind the loopback server.

:class:`IdealServer` is a translator with nothing to blame: every word of prose comes back translated
(the Hangul pseudo-translation of :func:`hfi18n.translate.providers.pseudo.pseudo_translate`), and every
token a human translator keeps as it is stays byte for byte: placeholders, identifiers (``snake_case``,
``CamelCase``, ``dotted.names``, ``Class.method()``), decorators (``@webhook_endpoint``), command-line
flags (``--repo-type``), paths, versions and numbers, URLs, HTML tags and entities. Its idea of a
code-like token is written here on purpose, apart from the tool's (:data:`hfi18n.doc.pairing.IDENTIFIER_ONLY_RE`):
a segment it gives back unchanged (:attr:`IdealServer.unchanged`) is one the tool should not have sent
(an ideal translator never makes a draft).

:class:`NoisyServer` is the same translator with a real model's faults, drawn from a seed: some segments
answered in English or in the wrong script, some requests truncated, reordered, missing a segment, with
chatter or in a fence (:mod:`tests.fakes.llm_server`).
"""

from __future__ import annotations

import re
import threading

from hfi18n.translate.providers.pseudo import extract_segments, pseudo_translate

from .llm_server import FakeLLMServer

_KEPT = re.compile(
    r"⟦\d+⟧"  # placeholders
    r"|https?://\S+"  # URLs
    r"|&lt;[^<>\s]*>|<[^<>\n]*>|&#?\w+;"  # tags (escaped by the wire format or not), entities
    r"|\[\[[^\]\n]*\]\]|\{[^{}\n]*\}"  # doc-builder markers, template fields
    r"|`[^`\n]*`"  # inline code left in the prose
    r"|@[A-Za-z_][\w.]*(?:\([^()\s]*\))?"  # decorators
    r"|--?[A-Za-z][\w-]*(?:=\S+)?"  # flags
    r"|[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+(?:\(\))?"  # dotted names, Class.method()
    r"|[A-Za-z_]\w*\(\)"  # function()
    r"|_*[A-Za-z0-9]+(?:_+[A-Za-z0-9]+)+_*"  # snake_case, CONSTANT_CASE, __dunder__
    r"|[A-Za-z0-9]*[a-z0-9][A-Z][A-Za-z0-9]*"  # CamelCase
    r"|[\w.~-]*/[\w./~-]+"  # paths
    r"|v?\d+(?:\.\d+)*[\w.+-]*"  # numbers and versions
)
"""What an ideal translator keeps as it is, wherever it stands in a segment."""
_TOKEN = re.compile(r"\S+")


def ideal_translation(text: str, lang: str = "ko") -> str:
    """``text`` (a wire-escaped segment) as an ideal translator gives it back: prose translated, every kept
    token (:data:`_KEPT`) as it is."""
    out: list[str] = []
    pos = 0
    for m in _KEPT.finditer(text):
        if not _bounded(text, m.start(), m.end()):
            continue
        out.append(pseudo_translate(text[pos:m.start()], lang))
        out.append(m.group(0))
        pos = m.end()
    out.append(pseudo_translate(text[pos:], lang))
    return "".join(out)


def _bounded(text: str, start: int, end: int) -> bool:
    """A kept token is a whole word: not the tail of a longer word (``re-run`` is prose, ``-run`` is not a flag)."""
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    return not (before.isalnum() or before in "_-") and not (after.isalnum() or after == "_")


class IdealServer(FakeLLMServer):
    """The loopback server answering as an ideal translator (see the module docstring)."""

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.unchanged: list[str] = []
        """Segments sent that an ideal translator gives back unchanged (nothing in them to translate)."""
        self._mine = threading.Lock()

    @staticmethod
    def segments(user: str) -> list[tuple[str, str]]:
        return extract_segments(user)

    def good_answer(self, text: str) -> str:
        answer = ideal_translation(text, self.lang)
        if answer == text:
            with self._mine:
                self.unchanged.append(text)
        return answer


class NoisyServer(IdealServer):
    """The ideal translator with a real model's faults, from ``seed`` (see the module docstring)."""

    def __init__(self, *, seed: int = 0, echo: float = 0.05, wrong_script: float = 0.03,
                 request_faults: float = 0.15, **kw) -> None:
        super().__init__(**kw)
        self._noise = (seed, echo, wrong_script, request_faults)
        self.reset_noise()

    def reset_noise(self) -> None:
        """Start the faults' draws over, as on a new server: each example of the property harness sees the same
        model whatever ran before it (Hypothesis replays an example to shrink it; a model whose draws went on
        from earlier examples made the replay differ)."""
        seed, echo, wrong_script, request_faults = self._noise
        with self._lock:
            self._seen.clear()
        self.segment_faults(echo=echo, wrong_script=wrong_script, seed=seed)
        self.random_faults(request_faults, seed=seed)
