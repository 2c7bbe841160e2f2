"""The translation prompt: a stable, cacheable prefix for the run, then the per-request content.

A request is laid out for prompt caching: the **system prompt** holds what is the same for every request
of a run (the rules, the language's style guide with the team's style settings, :func:`style_text`, and
one glossary block with the terms that occur anywhere in the run's pending text), so it is marked cacheable (:attr:`ChatRequest.cache_prefix`; Anthropic
``cache_control``, OpenAI caches any prefix of 1,024 tokens or more by itself). The **user message** holds
the per-request part: a few of the team's own past translations most like the segments (``<examples>``,
chosen by :mod:`.examples` within a token budget), read-only ``<context>`` where it helps (the prose just before the batch, unless the
batch starts a section; the prose after it only for a batch of one or two segments; none for headings
alone) and the ``<segments>`` to translate in the wire format of :mod:`.wire`, numbered 1..n (in a
provider batch, numbered on across the requests of the round: see :attr:`Batch.first`).

:func:`pad_terms` lengthens the glossary block with further terms of the glossary when that makes the
prefix long enough to be cached and the run is long enough for caching to pay.

Bump :data:`PROMPT_VERSION` whenever the wording or layout changes: it is part of every
translation-memory key.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..doc import Segment
from ..glossary import Glossary, Term
from ..lang.style import StyleSettings, prompt_rules, style_settings
from ..languages import language as language_of
from .pricing import estimate_tokens
from .providers.types import ChatRequest
from .wire import COMPACT, LEGACY, WireFormat, format_segments

PROMPT_VERSION = "3"

STYLE_GUIDES = {
    "ko": "Write natural, friendly Korean as the Hugging Face Korean docs team does:",
    "zh": "Write clear, friendly Simplified Chinese for developers; use full-width punctuation in prose.",
    "ja": "Write clear, polite Japanese (です・ます調) for developers.",
}
DEFAULT_STYLE = "Write clear, friendly, gender-neutral text for developers, in the register of technical docs."

_ELEMENTS = {
    COMPACT.name: ("numbered element <1>...</1>, <2>...</2>", "numbered elements, same numbers"),
    LEGACY.name: ('<s id="..."> element', '<s id="...">...</s> elements, same ids'),
}

CONTENT_RULES = """- Every placeholder like ⟦1⟧ stands for code, a link target or markup. Keep each placeholder exactly once,
  unchanged, where it belongs in your sentence. Never invent new placeholders.
- Keep Markdown markers (**, *, [link text], list and heading markers) and line breaks as they are;
  translate link text inside [ ].
- Keep product, library, class, function and model names in English (Transformers, Diffusers, Hub,
  PyTorch, 🤗 names, `from_pretrained`...). Keep emoji.
- A segment that is only a name or a code-like label stays as it is."""
"""The rules on the text itself, whoever translates: a provider (:data:`RULES`) or the agent that calls
the MCP server (:data:`AGENT_RULES`); the answers of both are validated by the same code."""

EXAMPLES_RULE = """- <examples> has the team's past translations of similar text: follow their wording; never return them."""

RULES = """You translate Hugging Face documentation from English into {language}.
{style}

Rules:
- Translate only the text inside each {element} of <segments>. The <context> is there to help
  you understand the surroundings; never translate or return it.{examples}
- Answer with exactly the same {answer}, same order, one per input
  element, and nothing else: no preamble, no explanation, no code fences.
""" + CONTENT_RULES.replace("{", "{{").replace("}", "}}")

AGENT_RULES = """You translate Hugging Face documentation from English into {language}.
{style}

Rules:
- Translate the `text` of each segment. A segment's `context` (the English just before it) is there to
  help you understand the surroundings; never translate or return it.
- Answer with one translation per segment id, the translated text only: no preamble, no explanation,
  no code fences. A heading segment is translated without any [[anchor]]: hfi18n adds the English one.
""" + CONTENT_RULES.replace("{", "{{").replace("}", "}}")
"""The rules of ``prepare_translation``, for an agent that answers a JSON object instead of elements."""


def style_text(lang: str, style: StyleSettings | None = None) -> str:
    """The language's style guide and the team's style (:func:`hfi18n.lang.style.prompt_rules`; default:
    the language's conventions, e.g. the Korean team's 합니다체 and noun headings)."""
    settings = style if style is not None else style_settings(None, lang)
    rules = prompt_rules(settings)
    text = STYLE_GUIDES.get(lang, DEFAULT_STYLE)
    if rules:
        text += "\n" + "\n".join(f"- {r}" for r in rules)
    return text


def agent_rules(lang: str, style: StyleSettings | None = None) -> str:
    return AGENT_RULES.format(language=language_of(lang).prompt_name, style=style_text(lang, style))


@dataclass(frozen=True, slots=True)
class PromptOptions:
    """How requests are laid out (the defaults are hfi18n's; :data:`LEGACY_OPTIONS` is prompt version 1)."""

    wire: WireFormat = COMPACT
    run_glossary: bool = True
    """One glossary block for the whole run in the system prompt (else: the terms of each batch)."""
    cache: bool = True
    """Mark the system prompt cacheable."""
    context: str = "smart"
    """``"smart"`` (see the module docstring), ``"always"`` (two segments each side) or ``"none"``."""


DEFAULT_OPTIONS = PromptOptions()
LEGACY_OPTIONS = PromptOptions(wire=LEGACY, run_glossary=False, cache=False, context="always")
"""The layout of prompt version 1 (kept for the cost bench)."""


@dataclass(slots=True)
class Batch:
    """Segments sent together in one request, with read-only neighbouring text."""

    doc: str
    """Doc path (for reports)."""
    segments: list[Segment]
    context_before: str = ""
    context_after: str = ""
    examples: Sequence[tuple[str, str]] = ()
    """The team's past translations (English, translation) shown with this request (:mod:`.examples`)."""
    first: int = 0
    """Numbers before this request's first element (its elements are ``first + 1``...). 0 for an
    interactive request, whose answer comes back on its own connection. In a provider batch, answers are
    matched to requests by ``custom_id`` alone: a results file with two requests' answers exchanged put each
    answer on the other request's segments whenever the numbers 1..n and the checks (placeholders, length)
    allowed it (smolagents, 4 docs, pairwise swaps: short prose such as "Tools" took another request's
    translation). Numbered on across the round, no two requests share a number, so an exchanged answer
    names none of its request's elements and is refused, then translated again."""


def system_prompt(lang: str, terms: Sequence[Term] = (), wire: WireFormat = COMPACT,
                  style: StyleSettings | None = None, examples: bool = False) -> str:
    """The run's system prompt; ``examples``: its requests show the team's past translations (the rule
    saying what they are is then part of it)."""
    language = language_of(lang).prompt_name
    element, answer = _ELEMENTS[wire.name]
    text = RULES.format(language=language, style=style_text(lang, style), element=element, answer=answer,
                        examples="\n" + EXAMPLES_RULE if examples else "")
    if terms:
        lines = "\n".join(f"- {t.prompt_line()}" for t in terms)
        text += f"\n\nGlossary (use these translations):\n{lines}"
    return text


def wire_ids(batch: Batch, wire: WireFormat = COMPACT) -> list[str]:
    """The element id of each segment of ``batch`` on the wire (1..n in compact, segment ids in legacy)."""
    return [wire_id(batch.first + i, s, wire) for i, s in enumerate(batch.segments)]


def wire_id(index: int, segment: Segment, wire: WireFormat = COMPACT) -> str:
    """The element id of ``segment``, at ``index`` (0-based) of its request, on the wire."""
    return str(index + 1) if wire is COMPACT else segment.id


EXAMPLES_HEAD = "<examples>"


def examples_block(examples: Sequence[tuple[str, str]]) -> str:
    """``<examples>`` with each past translation as ``EN:`` / ``TR:`` lines ('' for none); what they are
    is said once, in the cached system prompt (:data:`EXAMPLES_RULE`)."""
    if not examples:
        return ""
    rows = "\n".join(f"EN: {' '.join(en.split())}\nTR: {' '.join(tr.split())}" for en, tr in examples)
    return f"{EXAMPLES_HEAD}\n{rows}\n</examples>"


def user_message(batch: Batch, wire: WireFormat = COMPACT) -> str:
    parts = []
    if batch.examples:
        parts.append(examples_block(batch.examples))
    context = "\n...\n".join(c for c in (batch.context_before, batch.context_after) if c)
    if context:
        parts.append(f"<context>\n{context}\n</context>")
    parts.append(format_segments(zip(wire_ids(batch, wire), (s.text for s in batch.segments), strict=True),
                                 wire))
    return "\n".join(parts)


def build_request(batch: Batch, lang: str, terms: Sequence[Term], *, max_tokens: int,
                  options: PromptOptions = DEFAULT_OPTIONS, system: str | None = None,
                  style: StyleSettings | None = None) -> ChatRequest:
    """The request for ``batch``; ``terms`` is the glossary block (the run's, or the batch's); ``system``:
    the run's system prompt when the caller already built it (``terms`` and ``style`` are then not used)."""
    if system is None:
        system = system_prompt(lang, terms, options.wire, style)
    return ChatRequest(system=system, user=user_message(batch, options.wire), max_tokens=max_tokens,
                       cache_prefix=options.cache)


def batch_terms(glossary: Glossary | None, segments: Sequence[Segment]) -> list[Term]:
    """Glossary entries whose source terms occur in ``segments``."""
    if glossary is None:
        return []
    return glossary.relevant("\n".join(s.text for s in segments))


def pad_terms(glossary: Glossary | None, terms: list[Term], lang: str, *, min_tokens: int, requests: int,
              write_factor: float, read_factor: float, wire: WireFormat = COMPACT,
              style: StyleSettings | None = None) -> list[Term]:
    """``terms`` plus further glossary terms when that makes the system prompt cacheable and it pays.

    A prefix of ``P`` tokens sent ``n`` times costs ``n * P`` uncached; padded to ``M >= min_tokens`` it
    costs ``M * write_factor + (n - 1) * M * read_factor`` (in units of the input price). Pads only
    when the glossary holds enough terms to reach ``M`` and the second is cheaper.
    """
    if glossary is None or requests < 2:
        return terms
    prefix = estimate_tokens(system_prompt(lang, terms, wire, style))
    if prefix >= min_tokens:
        return terms
    target = int(min_tokens * 1.03) + 8  # a margin: real tokenizers differ from the estimate
    chosen = {t.source for t in terms}
    size = prefix
    for term in glossary:
        if size >= target:
            break
        if term.source not in chosen:
            chosen.add(term.source)
            size += estimate_tokens(f"- {term.prompt_line()}\n")
    padded = [t for t in glossary if t.source in chosen]  # glossary order, so the prefix is stable
    size = estimate_tokens(system_prompt(lang, padded, wire, style))
    while size < target and len(padded) < len(glossary):
        extra = next(t for t in glossary if t.source not in chosen)
        chosen.add(extra.source)
        padded = [t for t in glossary if t.source in chosen]
        size = estimate_tokens(system_prompt(lang, padded, wire, style))
    if size < min_tokens:  # the glossary is too short to make the prefix cacheable
        return terms
    if size * write_factor + (requests - 1) * size * read_factor < requests * prefix:
        return padded
    return terms
