"""Price table and token estimates, for ``--dry-run`` and for providers that report no usage.

Prices are US dollars per million tokens (input, output, prompt-cache write and read, batch factor) as
published by Anthropic and OpenAI, **approximate, taken as of November 2025** (:data:`PRICES_AS_OF`). They change: a dry run prints them as estimates, never as
a bill. Hugging Face Inference Providers bill per provider and model, so their models are not listed
and :func:`estimate_cost` returns ``None`` for them (the dry run then prints tokens only).

Token estimation (:func:`estimate_tokens`) is a character heuristic, not a tokenizer, so it needs no
download and works offline:

* ASCII text: about 4 characters per token (the usual figure for English with BPE tokenizers).
* Hangul, kana and CJK ideographs: 1.2 tokens per character. Current tokenizers give 0.7-1.5 tokens per
  Hangul syllable depending on the vendor; erring high keeps cost estimates on the safe side.
* Any other character (accented Latin, Cyrillic, symbols such as the ``⟦1⟧`` placeholder brackets):
  0.5 tokens per character.

:func:`estimate_output_tokens` guesses the size of a translation from its source: translating English
into Korean, Japanese or Chinese usually costs about twice the source's tokens, into Latin-script
languages about 1.3 times.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

PRICES_AS_OF = "2025-11"
"""When :data:`PRICES` was last checked against the vendors' price pages (list prices, standard tier)."""


@dataclass(frozen=True, slots=True)
class Price:
    """USD per million tokens of one model, and its discounts."""

    input: float
    """Uncached prompt tokens."""
    output: float
    cache_write: float
    """Prompt tokens written to the prompt cache (Anthropic: 1.25x input for the 5-minute cache; OpenAI
    caches automatically and charges writes as plain input)."""
    cache_read: float
    """Prompt tokens read from the cache (Anthropic: 0.1x input; OpenAI: 0.1x to 0.5x by model)."""
    batch: float = 0.5
    """Factor on every token of a batch job (both vendors: 50% off, cache discounts stacking on top)."""


def _anthropic(inp: float, out: float) -> Price:
    return Price(inp, out, cache_write=inp * 1.25, cache_read=inp * 0.1)


def _openai(inp: float, out: float, cached: float) -> Price:
    return Price(inp, out, cache_write=inp, cache_read=cached)


PRICES: dict[str, Price] = {
    # Anthropic (https://www.anthropic.com/pricing): cache write 1.25x, cache read 0.1x, Message Batches 50%.
    "claude-opus-4-5": _anthropic(5.00, 25.00),
    "claude-opus-4-1": _anthropic(15.00, 75.00),
    "claude-opus-4": _anthropic(15.00, 75.00),
    "claude-sonnet-4-5": _anthropic(3.00, 15.00),
    "claude-sonnet-4": _anthropic(3.00, 15.00),
    "claude-3-7-sonnet": _anthropic(3.00, 15.00),
    "claude-haiku-4-5": _anthropic(1.00, 5.00),
    "claude-3-5-haiku": _anthropic(0.80, 4.00),
    # OpenAI (https://openai.com/api/pricing): (input, output, cached input); Batch API 50%.
    "gpt-5.1": _openai(1.25, 10.00, 0.125),
    "gpt-5": _openai(1.25, 10.00, 0.125),
    "gpt-5-mini": _openai(0.25, 2.00, 0.025),
    "gpt-5-nano": _openai(0.05, 0.40, 0.005),
    "gpt-4.1": _openai(2.00, 8.00, 0.50),
    "gpt-4.1-mini": _openai(0.40, 1.60, 0.10),
    "gpt-4.1-nano": _openai(0.10, 0.40, 0.025),
    "gpt-4o": _openai(2.50, 10.00, 1.25),
    "gpt-4o-mini": _openai(0.15, 0.60, 0.075),
    "o4-mini": _openai(1.10, 4.40, 0.275),
    "o3": _openai(2.00, 8.00, 0.50),
    "o3-mini": _openai(1.10, 4.40, 0.55),
    # The offline pseudo-localizer.
    "pseudo": Price(0.0, 0.0, 0.0, 0.0, 1.0),
}

_OUTPUT_FACTOR = {"ko": 2.0, "ja": 2.0, "zh": 1.8}
_DEFAULT_OUTPUT_FACTOR = 1.3


def _is_cjk(cp: int) -> bool:
    return (
        0xAC00 <= cp <= 0xD7AF  # Hangul syllables
        or 0x1100 <= cp <= 0x11FF  # Hangul jamo
        or 0x3130 <= cp <= 0x318F  # Hangul compatibility jamo
        or 0x3040 <= cp <= 0x30FF  # hiragana, katakana
        or 0x3400 <= cp <= 0x4DBF  # CJK extension A
        or 0x4E00 <= cp <= 0x9FFF  # CJK unified ideographs
        or 0xF900 <= cp <= 0xFAFF  # CJK compatibility ideographs
        or 0xFF00 <= cp <= 0xFFEF  # full-width forms
    )


def estimate_tokens(text: str) -> int:
    """Rough token count of ``text`` (see the module docstring); at least 1 for non-empty text."""
    if not text:
        return 0
    ascii_chars = cjk = other = 0
    for ch in text:
        cp = ord(ch)
        if cp < 128:
            ascii_chars += 1
        elif _is_cjk(cp):
            cjk += 1
        else:
            other += 1
    return max(1, math.ceil(ascii_chars / 4 + cjk * 1.2 + other * 0.5))


def estimate_output_tokens(source: str, lang: str) -> int:
    """Rough token count of a translation of ``source`` into ``lang``."""
    factor = _OUTPUT_FACTOR.get(lang.split("-")[0].lower(), _DEFAULT_OUTPUT_FACTOR)
    return math.ceil(estimate_tokens(source) * factor)


def _normalize(model: str) -> str:
    name = model.strip().lower()
    name = name.split(":", 1)[0]  # "org/model:provider" (HF router) -> "org/model"
    for prefix in ("anthropic/", "openai/"):
        if name.startswith(prefix):
            name = name[len(prefix):]
    return name


def price_for(model: str) -> Price | None:
    """The :class:`Price` of ``model``, or ``None`` when unknown.

    Dated or suffixed ids match their family: ``claude-sonnet-4-5-20250929`` prices as
    ``claude-sonnet-4-5``, ``gpt-4.1-2025-04-14`` as ``gpt-4.1``. The longest matching name wins, so
    ``gpt-4.1-mini`` is not priced as ``gpt-4.1``.
    """
    name = _normalize(model)
    if name in PRICES:
        return PRICES[name]
    best = None
    for known in PRICES:
        if name.startswith(known + "-") and (best is None or len(known) > len(best)):
            best = known
    return PRICES[best] if best is not None else None


def estimate_cost(model: str, tokens_in: int, tokens_out: int, *, cache_write: int = 0, cache_read: int = 0,
                  batch: bool = False) -> float | None:
    """USD cost of a request of this size, or ``None`` when the model's price is unknown.

    ``tokens_in`` counts every prompt token, cached ones included; ``cache_write``/``cache_read`` are the
    parts of it written to / read from the prompt cache; ``batch`` applies the batch discount.
    """
    price = price_for(model)
    if price is None:
        return None
    plain = max(0, tokens_in - cache_write - cache_read)
    usd = (plain * price.input + cache_write * price.cache_write + cache_read * price.cache_read
           + tokens_out * price.output) / 1_000_000
    return usd * price.batch if batch else usd


def cache_min_tokens(model: str) -> int:
    """Shortest prompt prefix the vendor caches for ``model``: Anthropic 1,024 tokens (Sonnet, Opus 4/4.1),
    2,048 (Haiku 3/3.5), 4,096 (Opus 4.5, Haiku 4.5); OpenAI 1,024."""
    name = _normalize(model)
    if name.startswith("claude") and ("haiku-4" in name or "opus-4-5" in name):
        return 4096
    if name.startswith("claude") and "haiku" in name:
        return 2048
    return 1024


def cached_prefix_cost(model: str, tokens_in: int, tokens_out: int, *, prefix: int, requests: int,
                       batch: bool = False) -> float | None:
    """Estimated cost of ``requests`` requests sharing a cacheable prefix of ``prefix`` tokens: the first
    writes the cache (Anthropic bills that at the write price), the others read it (OpenAI reads whole
    128-token steps). A prefix under the model's minimum is not cached."""
    if prefix < cache_min_tokens(model) or requests < 1:
        return estimate_cost(model, tokens_in, tokens_out, batch=batch)
    anthropic = _normalize(model).startswith("claude")
    per_read = prefix if anthropic else 1024 + (prefix - 1024) // 128 * 128
    return estimate_cost(model, tokens_in, tokens_out, cache_write=prefix if anthropic else 0,
                         cache_read=per_read * (requests - 1), batch=batch)
