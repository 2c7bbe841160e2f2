"""Price table and token estimates, for ``--dry-run`` and for providers that report no usage.

Prices are US dollars per million tokens (input, output) as published by Anthropic and OpenAI,
**approximate, taken as of November 2025**. They change: a dry run prints them as estimates, never as
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

PRICES_AS_OF = "2025-11"
"""When :data:`PRICES` was last checked against the vendors' price pages."""

PRICES: dict[str, tuple[float, float]] = {
    # Anthropic (https://www.anthropic.com/pricing), USD per million tokens (input, output).
    "claude-opus-4-5": (5.00, 25.00),
    "claude-opus-4-1": (15.00, 75.00),
    "claude-opus-4": (15.00, 75.00),
    "claude-sonnet-4-5": (3.00, 15.00),
    "claude-sonnet-4": (3.00, 15.00),
    "claude-3-7-sonnet": (3.00, 15.00),
    "claude-haiku-4-5": (1.00, 5.00),
    "claude-3-5-haiku": (0.80, 4.00),
    # OpenAI (https://openai.com/api/pricing), standard tier.
    "gpt-5.1": (1.25, 10.00),
    "gpt-5": (1.25, 10.00),
    "gpt-5-mini": (0.25, 2.00),
    "gpt-5-nano": (0.05, 0.40),
    "gpt-4.1": (2.00, 8.00),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-4o": (2.50, 10.00),
    "gpt-4o-mini": (0.15, 0.60),
    "o4-mini": (1.10, 4.40),
    "o3": (2.00, 8.00),
    "o3-mini": (1.10, 4.40),
    # The offline pseudo-localizer.
    "pseudo": (0.0, 0.0),
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


def price_for(model: str) -> tuple[float, float] | None:
    """``(usd_per_mtok_in, usd_per_mtok_out)`` for ``model`` or ``None`` when unknown.

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


def estimate_cost(model: str, tokens_in: int, tokens_out: int) -> float | None:
    """Estimated USD cost of a request of this size, or ``None`` when the model's price is unknown."""
    price = price_for(model)
    if price is None:
        return None
    return (tokens_in * price[0] + tokens_out * price[1]) / 1_000_000


def cost_table(tokens_in: int, tokens_out: int, models: list[str] | None = None) -> list[tuple[str, float | None]]:
    """``[(model, estimated USD)]`` for ``models`` (default: every priced model but ``pseudo``), cheapest first.

    For the ``--dry-run`` summary; models with no known price come last with ``None``.
    """
    names = models if models is not None else [m for m in PRICES if m != "pseudo"]
    rows = [(m, estimate_cost(m, tokens_in, tokens_out)) for m in names]
    return sorted(rows, key=lambda r: (r[1] is None, r[1] or 0.0, r[0]))
