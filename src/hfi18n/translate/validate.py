"""Validate a translator's answer, segment by segment, before anything is kept.

A translated segment is accepted only when: it is not many times longer than the source (a runaway);
every placeholder of the source is back exactly once and none is invented; it is not empty; it does not start with chatter ("Here is the translation") or a
code fence; it is not an echo of the English; for languages with their own script, it contains
that script; and its letters are not mostly in another script than the target's (a Japanese or Chinese
answer for Korean, a Korean one for Japanese). A truncated answer (``finish_reason == "length"``) is rejected as a whole, since its last
elements may be cut.

Segments are judged by what they are, not by their length (issue 23). The echo and script checks used to
start at 30 letters and 4 foreign letters, so a heading, a table cell, a link text or a short sentence
answered unchanged (``Those processors are:``), or in katakana (``タボ:`` for ``Tips:``), passed: 4 of 39
pages of a 40-page run, 37 of a 175-page run, were written as finished with such lines. Now:

* what needs no translation is decided from the English before sending (:func:`as_is`: identifiers,
  code-like tokens, acronyms, numbers, glossary keep-English terms such as product and model names) and
  never sent;
* everything sent must come back changed (an identical answer is an echo; for a Latin-script target a
  single word may stay, as cognates do: ``Installation`` in French), and for a non-Latin target with at
  least one letter of the target's script when the English has letters outside what :func:`as_is` keeps;
* a letter of a script the target never uses (kana in Korean, Hangul in Japanese or Chinese, Cyrillic
  in Hindi...) that the English did not have refuses the answer, however short. Latin letters never do
  (code names stay Latin), nor Han in Korean unless it outnumbers the Hangul (hanja glosses).

An agent's answer (``submit_translation``) is also held to the English's sentence count and length
(:func:`agent_shortfall`): an agent answered a three-sentence segment with one sentence.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from ..doc import PLACEHOLDER_RE, Segment
from ..doc.pairing import IDENTIFIER_ONLY_RE, needs_translation
from ..doc.syntax import FENCE_RUN
from ..scripts import (
    CHATTER_RE,
    LEAK_RE,
    foreign_letters,
    looks_english,
    script_counts,
    script_ratio,
    target_scripts,
    wrong_script,
)

if TYPE_CHECKING:
    from ..glossary import Glossary

_FENCE_RE = re.compile(r"\s*" + FENCE_RUN)

RUNAWAY_RATIO, RUNAWAY_SLACK = 8, 400
"""An answer longer than ``8 x the English + 400`` characters is a runaway (a model repeating itself). A
provider's answer is bounded by ``max_tokens`` (a cut one is rejected as truncated); an agent's answer to
``submit_translation`` has no such bound, so the same limit is checked here for both."""
"""An answer that starts with a code fence (after any whitespace, newlines included)."""


_ACRONYM_RE = re.compile(r"[A-Z][A-Z0-9]+s?|[A-Z]{2,}[a-z][A-Za-z0-9]*")
"""An acronym or an all-caps name (``API``, ``GPUs``, ``SDXL``, ``MLXModel``): stays as it is in every language."""
_WORD_RE = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*")
_BRACKETS_RE = re.compile(r"[\[\](){}*_~!#>|`\"'.,;:?-]")


def _kept_words(text: str, glossary: Glossary | None) -> str:
    """``text`` (placeholders removed) with glossary keep-English terms and acronyms blanked out."""
    text = PLACEHOLDER_RE.sub(" ", text)
    if glossary is not None:
        keep = [m for m in glossary.matches(text) if m.term.keep_english]
        for m in sorted(keep, key=lambda m: -m.start):
            text = text[:m.start] + " " * (m.end - m.start) + text[m.end:]
    return text


def as_is(seg: Segment, glossary: Glossary | None = None) -> bool:
    """Does ``seg`` need no translation (it is kept as it is, never sent, counts as done)?

    True for identifier-only text (:func:`hfi18n.doc.pairing.needs_translation`), text with no letters
    outside placeholders, and text made only of glossary keep-English terms (``Stable Diffusion XL``,
    ``[Textual Inversion](...)``: the corpora's human Korean translations keep these), acronyms
    (``API``, ``MLXModel``) and code-like tokens. Decided from the English alone, before sending: an
    answer to anything else must come back translated (see the module docstring).
    """
    if not needs_translation(seg):
        return True
    rest = " ".join(w for w in _kept_words(seg.text, glossary).split()
                    if not _ACRONYM_RE.fullmatch(_BRACKETS_RE.sub("", w)))
    if not any(len(w) > 1 for w in _WORD_RE.findall(rest)):  # no word: a variable (``x``) in a table cell
        return True
    return IDENTIFIER_ONLY_RE.fullmatch(rest) is not None


def _norm(text: str) -> str:
    return " ".join(text.split())


def _echo(source: str, same: bool, stripped: str, lang: str) -> str | None:
    """Why an answer is the English left as it was, or has letters of a script ``lang`` does not use
    (None when neither): ``source``/``stripped``: the English and the answer without their protected spans;
    ``same``: the answer is the English (whitespace aside)."""
    words = _WORD_RE.findall(source)
    if not words:
        return None
    if same and (target_scripts(lang) is not None or len(words) > 1):
        return "answer repeats the English"
    foreign = foreign_letters(stripped, source, lang)
    if foreign:
        script, n = max(foreign.items(), key=lambda kv: kv[1])
        return f"answer has {n} letter(s) of {script} script, which {lang} does not use (wrong language)"
    other = wrong_script(stripped, source, lang)
    if other is not None:
        return f"answer is mostly in {other} script, not {lang}'s (wrong language)"
    target = target_scripts(lang)
    if target is not None and not any(script_counts(stripped).get(s) for s in target):
        rest = _WORD_RE.findall(_BRACKETS_RE.sub(" ", source))
        if any(not _ACRONYM_RE.fullmatch(w) for w in rest):
            return f"answer is still English: no letter of {lang}'s script"
    return None


def written_segment_problem(seg: Segment, text: str, lang: str) -> str | None:
    """Why ``text``, about to be written as the translation of ``seg``, is the English or in a script
    ``lang`` does not use (None when it is neither): the write gate's per-segment check, for every writer
    (``translate``, batch collect, the web app's write step, ``submit_translation``). ``text`` may be in
    placeholder form or in display form (the web app's editor writes the protected spans out)."""
    shown, english = _display(seg, text), _display(seg, seg.text)
    same = _norm(shown) == _norm(english)
    for span in sorted(seg.spans.values(), key=len, reverse=True):
        shown, english = shown.replace(span, " "), english.replace(span, " ")
    return _echo(english, same, shown, lang)


def _display(seg: Segment, text: str) -> str:
    return PLACEHOLDER_RE.sub(lambda m: seg.spans.get(m.group(0), " "), text)


SENTENCE_END_RE = re.compile(r"[.!?。！？](?=\s|$)")
_EN_SENTENCE_RE = re.compile(r"[.!?](?=\s+[A-Z⟦\"'(\[])|[.!?]\s*$")
MIN_AGENT_RATIO = {"Han": 0.12, "kana": 0.15, "Hangul": 0.18}
"""Shortest share of the English's characters a translation written in that script keeps. Korean runs
about 0.45 of the English's characters in the corpora's human translations, Chinese and Japanese about
0.3; an agent's one-sentence answer to a three-sentence segment came to 0.15 (Korean)."""
MIN_AGENT_RATIO_LATIN = 0.4
AGENT_MIN_CHARS = 80
"""English segments shorter than this are not judged for length or sentence count (a heading, a cell)."""


def agent_shortfall(seg: Segment, answer: str, lang: str) -> str | None:
    """Why an agent's ``answer`` is too short for ``seg`` (None when it is not): fewer than half the
    English's sentences, or far fewer characters than a translation into ``lang`` has.

    Providers are bounded by the request they answer; an agent writing ``submit_translation`` is not,
    and one answered a three-sentence segment with its first sentence (issue 23)."""
    english = PLACEHOLDER_RE.sub("", seg.text).strip()
    if len(english) < AGENT_MIN_CHARS:
        return None
    sentences = len(_EN_SENTENCE_RE.findall(english))
    got = len(SENTENCE_END_RE.findall(PLACEHOLDER_RE.sub("", answer)))
    if sentences >= 3 and got * 2 < sentences:
        return f"answer has {got} sentence(s) for the English's {sentences}: translate every sentence"
    target = target_scripts(lang)
    floor = min((MIN_AGENT_RATIO.get(s, MIN_AGENT_RATIO_LATIN) for s in target), default=MIN_AGENT_RATIO_LATIN) \
        if target else MIN_AGENT_RATIO_LATIN
    short = PLACEHOLDER_RE.sub("", answer).strip()
    if len(short) < floor * len(english):
        return (f"answer is {len(short)} characters for {len(english)} of English: "
                "it leaves part of the segment out")
    return None


def validate_segment(seg: Segment, answer: str | None, lang: str, *, agent: bool = False) -> str | None:
    """Why ``answer`` is not an acceptable translation of ``seg`` (None when it is).

    ``seg`` was sent (it is not :func:`as_is`); ``agent``: the answer comes from an agent's
    ``submit_translation`` (also held to :func:`agent_shortfall`)."""
    if answer is None:
        return "segment missing from the answer"
    if not answer.strip():
        return "empty translation"
    if len(answer) > RUNAWAY_RATIO * len(seg.text) + RUNAWAY_SLACK:
        return f"answer is {len(answer) // max(1, len(seg.text))} times as long as the English (a runaway answer)"
    want = Counter(PLACEHOLDER_RE.findall(seg.text))
    got = Counter(PLACEHOLDER_RE.findall(answer))
    if want != got:
        missing = sorted(set((want - got).elements()))
        extra = sorted(set((got - want).elements()))
        parts = []
        if missing:
            parts.append("dropped " + " ".join(f"⟦{n}⟧" for n in missing))
        if extra:
            parts.append("invented or duplicated " + " ".join(f"⟦{n}⟧" for n in extra))
        return "placeholders " + ", ".join(parts)
    stripped = PLACEHOLDER_RE.sub("", answer)
    if LEAK_RE.search(stripped):
        return "foreign placeholder-like text in the answer"
    if _FENCE_RE.match(answer) and not _FENCE_RE.match(seg.text):
        return "answer wrapped in a code fence"
    if CHATTER_RE.search(answer) and not CHATTER_RE.search(seg.text):
        return "chatter instead of a translation"
    echo = _echo(PLACEHOLDER_RE.sub("", seg.text), _norm(answer) == _norm(seg.text), stripped, lang)
    if echo is not None:
        return echo
    english_source = looks_english(PLACEHOLDER_RE.sub(" ", seg.text), lang)
    if english_source and looks_english(stripped, lang):
        ratio = script_ratio(stripped, lang)
        return f"no {lang} text in the answer (wrong language)" if ratio == 0 else "answer is still English"
    if agent:
        return agent_shortfall(seg, answer, lang)
    return None
