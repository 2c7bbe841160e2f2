"""``pseudo``: an offline provider that pseudo-localizes prose, deterministically and for free.

It lets a user preview exactly what would be sent for translation, and check layouts, with no key. It
is a real :class:`~.openai.OpenAIProvider` whose HTTP client answers in-process (``httpx.MockTransport``),
so a run with ``--provider pseudo`` goes through the very same code as one with a real provider:
request building, answer parsing, usage accounting, truncation at ``max_tokens``.

The answer keeps the segment wire format of the prompt (:mod:`..wire`, see :func:`extract_segments`)
and changes only letters: placeholders (``⟦1⟧``), URLs, inline code, HTML tags and entities,
``[[...]]``/``{...}`` markers, digits, punctuation, Markdown markers and newlines are kept as they are.

* Latin-script targets (and no ``lang``): each ASCII letter becomes an accented look-alike and words of
  three letters or more are lengthened by about 30% (``Install the model`` -> ``Íñššťáĺĺ ťĥéé ɱóóđéĺ``),
  so clipped or untranslated text stands out in a layout.
* ``ko``, ``ja``, ``zh``: every word becomes syllables of the target script derived from its letters
  (``Install the model`` -> three Hangul "words"), so target-script checks pass: every segment that has
  a letter gets at least one Hangul (kana, Han) character. ``ru``/``uk``, ``hi`` and ``ar`` map letters
  to Cyrillic, Devanagari and Arabic letters.
"""

from __future__ import annotations

import json
import re
from typing import Any, ClassVar

import httpx

from ..pricing import estimate_tokens
from ..wire import WireFormat, extract_segments, format_for
from .openai import OpenAIProvider

_PROTECTED_RE = re.compile(
    r"⟦\d+⟧"  # placeholders
    r"|https?://[^\s<>()\[\]]+"  # URLs
    r"|`[^`\n]*`"  # inline code left in the prose
    r"|<[^<>\n]*>"  # HTML tags
    r"|&lt;[^<>\n]*>"  # tags escaped by the prompt builder (``&lt;/s>``)
    r"|&#?\w+;"  # entities
    r"|\[\[[^\]\n]*\]\]"  # doc-builder markers
    r"|\{[^{}\n]*\}"  # {#anchors}, template fields
)
_WORD_RE = re.compile(r"[A-Za-z]+")

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥíĵķĺɱñóþǫŕšťúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹḾÑÓÞǪŔŠŤÚṼŴẊÝŽ",
)
_VOWELS = "aeiouyAEIOUY"

# Syllable tables: a word becomes one syllable per ``chunk`` letters, picked by a hash of the letters.
_SYLLABLES: dict[str, tuple[str, int]] = {
    "ko": ("".join(dict.fromkeys("이다는을에하고의가로서한지기수사어리자니습합요있것들도를모델데터학용제"
                                 "화면문장번역파일설정실행방법경우위해통같은")), 3),
    "ja": ("アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン", 2),
    "zh": ("的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经", 3),
}
# Letter tables: each ASCII letter maps to one letter of the script.
_LETTERS: dict[str, str] = {
    "ru": "абцдефгхийклмнопярстувшхыз",
    "uk": "абцдефгхійклмнопярстувшхиз",
    "hi": "अबचदएफगहइजकलमनओपकरसतउवडखयज",
    "ar": "ابتدهفغحيجكلمنوپقرستوفخيز",
}


def render_segments(pairs: list[tuple[str, str]], fmt: WireFormat | None = None) -> str:
    """The answer format; texts come from :func:`extract_segments`, so they are already escaped."""
    return (fmt or format_for(sid for sid, _ in pairs)).render(pairs, escaped=True)


def _base_lang(lang: str | None) -> str:
    return (lang or "").replace("_", "-").split("-")[0].lower()


def _hash(chunk: str) -> int:
    h = 0
    for ch in chunk.lower():
        h = (h * 31 + ord(ch)) % 1_000_003
    return h


def _accent_word(word: str) -> str:
    out = word.translate(_ACCENTED)
    n = len(word)
    if n < 3:
        return out
    extra = max(1, round(n * 0.3))
    pos = next((i for i, ch in enumerate(word) if ch in _VOWELS), n - 1)
    return out[: pos + 1] + out[pos] * extra + out[pos + 1:]


def _syllable_word(word: str, table: str, chunk: int) -> str:
    return "".join(table[_hash(word[i:i + chunk]) % len(table)] for i in range(0, len(word), chunk))


def _letter_word(word: str, table: str) -> str:
    return "".join(table[(ord(ch.lower()) - ord("a")) % len(table)] for ch in word)


def _word_transform(lang: str | None):
    base = _base_lang(lang)
    if base in _SYLLABLES:
        table, chunk = _SYLLABLES[base]
        return lambda w: _syllable_word(w, table, chunk)
    if base in _LETTERS:
        letters = _LETTERS[base]
        return lambda w: _letter_word(w, letters)
    return _accent_word


def pseudo_translate(text: str, lang: str | None = None) -> str:
    """Pseudo-localize the letters of ``text`` for ``lang``, keeping everything else byte for byte."""
    word = _word_transform(lang)
    out: list[str] = []
    pos = 0
    for m in _PROTECTED_RE.finditer(text):
        out.append(_WORD_RE.sub(lambda w: word(w.group(0)), text[pos:m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.append(_WORD_RE.sub(lambda w: word(w.group(0)), text[pos:]))
    return "".join(out)


def pseudo_answer(user: str, lang: str | None = None) -> str:
    """The answer a perfect translator would give to ``user``, pseudo-localized."""
    segments = extract_segments(user)
    if not segments:
        return pseudo_translate(user, lang)
    return render_segments([(sid, pseudo_translate(text, lang)) for sid, text in segments])


def cut_to_tokens(text: str, max_tokens: int) -> str:
    """The longest prefix of ``text`` whose estimated size is at most ``max_tokens`` (for truncation)."""
    if estimate_tokens(text) <= max_tokens:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if estimate_tokens(text[:mid]) <= max_tokens:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo]


class Pseudo(OpenAIProvider):
    """The offline pseudo-localizer, as a provider (``--provider pseudo``)."""

    name: ClassVar[str] = "pseudo"
    needs_key: ClassVar[bool] = False
    key_env: ClassVar[str | None] = None
    base_url_env: ClassVar[str | None] = None
    default_model: ClassVar[str] = "pseudo"
    default_base_url: ClassVar[str] = "http://pseudo.invalid/v1"
    supports_batch: ClassVar[bool] = False
    test_double: ClassVar[bool] = True

    def __init__(self, model: str | None = None, *, lang: str | None = None, **kw: Any) -> None:
        self.lang = lang
        """Target language: selects the script of the output (see the module docstring)."""
        kw.pop("client", None)
        kw.pop("base_url", None)
        kw.pop("api_key", None)
        super().__init__(model, client=httpx.Client(transport=httpx.MockTransport(self._answer)), **kw)
        self._owns_client = True

    @classmethod
    def key_required(cls, base_url: str | None = None) -> bool:
        return False

    def _answer(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        messages = body.get("messages") or []
        user = next((m.get("content", "") for m in reversed(messages) if m.get("role") == "user"), "")
        prompt = "".join(str(m.get("content", "")) for m in messages)
        text = pseudo_answer(user, self.lang)
        finish = "stop"
        max_tokens = body.get("max_tokens") or body.get("max_completion_tokens")
        if max_tokens and estimate_tokens(text) > max_tokens:
            text, finish = cut_to_tokens(text, int(max_tokens)), "length"
        return httpx.Response(200, json={
            "id": "pseudo",
            "object": "chat.completion",
            "model": self.model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                         "finish_reason": finish}],
            "usage": {"prompt_tokens": estimate_tokens(prompt), "completion_tokens": estimate_tokens(text)},
        })

    def __repr__(self) -> str:
        return f"Pseudo(lang={self.lang!r})"


PseudoProvider = Pseudo
