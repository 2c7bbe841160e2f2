"""Optional LLM review (``--llm``): one model remark per problem of an aligned English/translated paragraph.

Each request carries a batch of aligned paragraph pairs (the English, the translation with its protected
spans as placeholders ``⟦n⟧``, and what the rules already found on it, so the model does not repeat it)
and asks for JSON::

    {"findings": [{"id": "p3", "category": "mistranslation", "message": "...", "rewrite": "..."}]}

Nothing the model says is trusted as is:

- an answer that is not JSON (after one retry), or not of that shape, gives no findings and the doc
  says the LLM review of those paragraphs was not done;
- a finding naming an id that was not sent, or a ``line`` outside its paragraph, is dropped;
- a category outside mistranslation/omission/terminology/fluency is dropped;
- a rewrite is validated like a translation (:func:`hfi18n.translate.validate.validate_segment`: every
  placeholder back exactly once, the target script, no chatter or fence); a failing rewrite is not shown,
  and the remark says why.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass

from ..check.findings import WARNING
from ..doc import PLACEHOLDER_RE, Segment
from ..errors import ProviderError
from ..scripts import script_ratio
from ..translate.providers import ChatRequest, Provider
from ..translate.validate import validate_segment
from .align import Alignment
from .model import DocReview, Kind, ReviewFinding

CATEGORIES = ("mistranslation", "omission", "terminology", "fluency")
MIN_SCRIPT = 0.3
"""Least share of a rewrite's letters in the target script (code names and terms may stay English)."""
BATCH_CHARS = 6000
"""English + translation characters per request."""

SYSTEM = """You review a translation of technical documentation (Hugging Face docs, Markdown) from English
into {language}. For each numbered pair, report only real problems of the translation:
- mistranslation: the meaning differs from the English;
- omission: part of the English meaning is missing;
- terminology: a technical term is translated inconsistently or wrongly;
- fluency: the {language} is ungrammatical or unnatural.
Do not report what is listed under "already reported". Say nothing about a pair that is fine.
⟦n⟧ marks are protected spans (code, links): a rewrite must keep every one of them exactly once.
Answer with JSON only, no prose, in this shape:
{{"findings": [{{"id": "p1", "category": "mistranslation", "message": "what is wrong, in English",
"rewrite": "the whole corrected translation of the pair, in {language}"}}]}}
Answer {{"findings": []}} when every pair is fine."""


@dataclass(slots=True)
class _Pair:
    id: str
    english: str
    seg: Segment
    first_line: int
    last_line: int
    known: list[str]


def _pairs(doc: DocReview, al: Alignment) -> list[_Pair]:
    out: list[_Pair] = []
    for e, t in al.pairs:
        eb, tb = al.en_block(e), al.tr_block(t)
        if e.heading or eb is None or tb is None or len(tb.segments) != 1 or len(t.text.strip()) < 8:
            continue
        known = [f"line {f.line}: {f.kind.value}/{f.rule}: {f.message}" for f in doc.findings
                 if tb.start_line <= f.line <= tb.end_line]
        english = "\n".join(s.restore() for s in eb.segments)
        out.append(_Pair(f"p{len(out) + 1}", english, tb.segments[0], tb.start_line, tb.end_line, known))
    return out


def _batches(pairs: list[_Pair]) -> list[list[_Pair]]:
    batches: list[list[_Pair]] = [[]]
    size = 0
    for p in pairs:
        n = len(p.english) + len(p.seg.text)
        if batches[-1] and size + n > BATCH_CHARS:
            batches.append([])
            size = 0
        batches[-1].append(p)
        size += n
    return [b for b in batches if b]


def build_request(batch: list[_Pair], language: str) -> ChatRequest:
    parts = []
    for p in batch:
        known = "\n".join(f"  - {k}" for k in p.known) or "  (nothing)"
        parts.append(f'<pair id="{p.id}" lines="{p.first_line}-{p.last_line}">\nEnglish:\n{p.english}\n'
                     f"Translation:\n{p.seg.text}\nAlready reported:\n{known}\n</pair>")
    return ChatRequest(system=SYSTEM.format(language=language), user="\n\n".join(parts), max_tokens=4096)


_JSON_RE = re.compile(r"\{.*\}", re.DOTALL)


def parse_answer(text: str) -> list[dict[str, object]] | None:
    """The ``findings`` list of an answer (None: not JSON of the expected shape)."""
    m = _JSON_RE.search(text)
    if not m:
        return None
    try:
        data = json.loads(m.group(0))
    except ValueError:
        return None
    items = data.get("findings") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return None
    return [x for x in items if isinstance(x, dict)]


def _to_findings(doc: DocReview, batch: list[_Pair], items: list[dict[str, object]], lang: str,
                 dropped: list[str]) -> list[ReviewFinding]:
    by_id = {p.id: p for p in batch}
    out: list[ReviewFinding] = []
    for item in items:
        p = by_id.get(str(item.get("id", "")))
        category = str(item.get("category", "")).strip().lower()
        message = str(item.get("message", "")).strip()
        if p is None:
            dropped.append(f"a remark about unknown pair {item.get('id')!r}")
            continue
        if category not in CATEGORIES or not message:
            dropped.append(f"a remark without a known category on line {p.first_line}")
            continue
        line = p.first_line
        if item.get("line") is not None:
            try:
                claimed = int(str(item["line"]))
            except ValueError:
                claimed = -1
            if not p.first_line <= claimed <= p.last_line:
                dropped.append(f"a remark on line {item['line']}, outside its paragraph (lines "
                               f"{p.first_line}-{p.last_line})")
                continue
            line = claimed
        rewrite = item.get("rewrite")
        shown = None
        if isinstance(rewrite, str) and rewrite.strip():
            why = validate_segment(p.seg, rewrite.strip(), lang)
            ratio = script_ratio(PLACEHOLDER_RE.sub(" ", rewrite), lang)
            if why is None and ratio is not None and ratio < MIN_SCRIPT:
                why = f"only {ratio:.0%} of its letters are in the {lang} script"
            if why is None:
                shown = p.seg.restore(rewrite.strip())
            else:
                message += f" (the model's rewrite is not shown: {why})"
        out.append(ReviewFinding(doc.file, line, Kind.LLM, category, WARNING, message, rewrite=shown))
    return out


def llm_reviewer(provider: Provider, lang: str, language: str,
                 log: Callable[[str], None] = lambda _m: None) -> Callable[[DocReview, Alignment], list[ReviewFinding]]:
    """A reviewer for :class:`~.runner.Options` that asks ``provider`` about every aligned paragraph."""

    def review(doc: DocReview, al: Alignment) -> list[ReviewFinding]:
        pairs = _pairs(doc, al)
        findings: list[ReviewFinding] = []
        dropped: list[str] = []
        failed = 0
        for batch in _batches(pairs):
            items = None
            for _attempt in range(2):
                try:
                    answer = provider.complete(build_request(batch, language))
                except ProviderError as exc:
                    log(f"LLM review of {doc.file}: {exc.message}")
                    break
                items = parse_answer(answer.text) if answer.finish_reason != "length" else None
                if items is not None:
                    break
            if items is None:
                failed += len(batch)
                continue
            findings.extend(_to_findings(doc, batch, items, lang, dropped))
        done = len(pairs) - failed
        doc.checked.append(f"LLM review ({provider.model}) of {done} of {len(pairs)} aligned paragraph(s)")
        if failed:
            doc.not_checked.append(f"LLM review of {failed} paragraph(s): no usable answer from the model")
        if dropped:
            doc.not_checked.append(f"{len(dropped)} LLM remark(s) dropped: " + "; ".join(dropped[:3]))
        return findings

    return review
