"""The translation prompt: instructions per language, the segment wire format, parsing answers.

A request carries a batch of segments as ``<s id="s12">text</s>`` elements inside ``<segments>``,
preceded by read-only ``<context>`` (the neighbouring prose) so no paragraph is translated blind. The
system prompt holds the rules, the language's style guide and only the glossary entries whose source
terms occur in the batch. Bump :data:`PROMPT_VERSION` whenever the wording changes: it is part of
every translation-memory key.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..doc import Segment
from ..languages import language as language_of
from .glossary import Glossary, Term
from .providers.base import ChatRequest
from .wire import format_segments

PROMPT_VERSION = "1"

STYLE_GUIDES = {
    "ko": (
        "Write natural Korean in the polite 합니다체 style the Hugging Face Korean documentation team uses "
        "(e.g. '설치합니다', '확인하세요'), friendly and clear. Use gender-neutral wording. Keep common ML terms "
        "that Korean developers use in English or transliteration as in the glossary."
    ),
    "zh": "Write clear, friendly Simplified Chinese for developers; use full-width punctuation in prose.",
    "ja": "Write clear, polite Japanese (です・ます調) for developers.",
}
DEFAULT_STYLE = "Write clear, friendly, gender-neutral text for developers, in the register of technical docs."

RULES = """You translate Hugging Face documentation from English into {language}.
{style}

Rules:
- Translate only the text inside each <s id="..."> element of <segments>. The <context> is there to help
  you understand the surroundings; never translate or return it.
- Answer with exactly the same <s id="...">...</s> elements, same ids, same order, one per input
  element, and nothing else: no preamble, no explanation, no code fences.
- Every placeholder like ⟦1⟧ stands for code, a link target or markup. Keep each placeholder exactly once,
  unchanged, where it belongs in your sentence. Never invent new placeholders.
- Keep Markdown markers (**, *, [link text], list and heading markers) and line breaks as they are;
  translate link text inside [ ].
- Keep product, library, class, function and model names in English (Transformers, Diffusers, Hub,
  PyTorch, 🤗 names, `from_pretrained`...). Keep emoji.
- A segment that is only a name or a code-like label stays as it is."""


@dataclass(slots=True)
class Batch:
    """Segments sent together in one request, with read-only neighbouring text."""

    doc: str
    """Doc path (for reports)."""
    segments: list[Segment]
    context_before: str = ""
    context_after: str = ""


def system_prompt(lang: str, terms: Sequence[Term] = ()) -> str:
    language = language_of(lang).prompt_name
    text = RULES.format(language=language, style=STYLE_GUIDES.get(lang, DEFAULT_STYLE))
    if terms:
        lines = "\n".join(f"- {t.prompt_line()}" for t in terms)
        text += f"\n\nGlossary (use these translations):\n{lines}"
    return text


def user_message(batch: Batch) -> str:
    parts = []
    context = "\n...\n".join(c for c in (batch.context_before, batch.context_after) if c)
    if context:
        parts.append(f"<context>\n{context}\n</context>")
    parts.append(format_segments((s.id, s.text) for s in batch.segments))
    return "\n".join(parts)


def build_request(batch: Batch, lang: str, glossary: Glossary | None, *, max_tokens: int) -> ChatRequest:
    terms: list[Term] = []
    if glossary is not None:
        terms = glossary.relevant("\n".join(s.text for s in batch.segments))
    return ChatRequest(system=system_prompt(lang, terms), user=user_message(batch), max_tokens=max_tokens)
