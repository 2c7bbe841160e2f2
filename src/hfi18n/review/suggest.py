"""The text an omission's suggestion inserts: the missing English, machine-translated when a provider is given.

A reviewer who accepts a suggestion writes its text into the doc in one click, so the text goes through
what every machine translation of hfi18n goes through (:class:`hfi18n.translate.pipeline.Translator`: only
prose sent, every code span, link and tag protected, the doc's glossary in the prompt, each answer
validated and retried, then ``check`` of the result against its English), and is labelled as machine text
nobody has read. When the provider gives no valid translation, or none was given, the suggestion is the
English, labelled so: the review never passes an unchecked answer off as a translation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..check import check_pair
from ..check.findings import ERROR
from ..doc import Document, parse
from ..doc.draft import PSEUDO_REASON
from ..errors import HfI18nError
from ..fileio import ABSENT
from ..glossary import Glossary
from .model import ReviewFinding

if TYPE_CHECKING:
    from ..translate.pipeline import DocJob

Drafter = Callable[[Sequence[str]], list[str | None]]
"""Translations of English Markdown snippets (None: no valid translation)."""


def drafter(provider: object, lang: str, glossary: Glossary | None,
            log: Callable[[str], None] = lambda _m: None) -> tuple[Drafter, str]:
    """A :data:`Drafter` translating with ``provider`` and ``glossary``, and how its text is labelled."""
    name = f"{getattr(provider, 'name', 'provider')}/{getattr(provider, 'model', '')}".rstrip("/")
    terms = f"the {lang} glossary ({len(glossary)} terms)" if glossary is not None else "no glossary"
    if getattr(provider, "name", "") == "pseudo":
        label = f"{PSEUDO_REASON} (--provider pseudo); translate it with a real provider before you accept it"
    else:
        label = (f"machine translation by {name} with {terms}, validated like every hfi18n translation but "
                 "read by no one yet: review it before you accept it")

    def run(snippets: Sequence[str]) -> list[str | None]:
        # imported here: the translation pipeline (and its providers' HTTP clients) is a fifth of the cold
        # start of every review, and only a review with --provider drafts (diffusers ko contribution.md: 0.17
        # of 3.2 cpu s)
        from ..translate.pipeline import DocJob, Translator, render_translation

        jobs: list[DocJob | None] = []
        for k, text in enumerate(snippets):
            try:
                doc = parse(text, f"suggestion-{k}.md")
            except HfI18nError:
                jobs.append(None)
                continue
            jobs.append(DocJob(f"suggestion-{k}.md", doc, Path(f"suggestion-{k}.md"), list(doc.segments()),
                               target_before=ABSENT))
        translator = Translator(provider, lang, glossary=glossary)  # type: ignore[arg-type]
        todo = [j for j in jobs if j is not None]
        if todo:
            try:
                translator.run(todo)
            except HfI18nError as exc:  # the provider is unreachable or refuses the key: English it is
                log(f"suggestions: no machine translation ({exc.message})")
                return [None] * len(snippets)
        out: list[str | None] = []
        for job in jobs:
            if job is None or job.failures:
                out.append(None)
                continue
            rendered = render_translation(job.doc, job.translations).strip("\n")
            out.append(rendered if _checks(job.doc, rendered, lang) else None)
        return out

    return run, label


def _checks(en: Document, text: str, lang: str) -> bool:
    """``text`` passes ``check`` against English snippet ``en``: no error the snippet does not cause by
    itself (a link to a section of the page is broken in any snippet)."""
    try:
        tr = parse(text)
    except HfI18nError:
        return False
    own = {f.check for f in check_pair(en, en, file="suggestion.md", lang=lang) if f.severity == ERROR}
    return not [f for f in check_pair(en, tr, file="suggestion.md", lang=lang) if f.severity == ERROR
                and f.check not in own]


def translate_edits(findings: list[ReviewFinding], draft: Drafter, label: str) -> tuple[list[ReviewFinding], int]:
    """``findings`` with the English their edits insert replaced by its translation (those that got one),
    and how many did."""
    todo = [k for k, f in enumerate(findings) if f.edit is not None and f.edit.origin == "english"]
    if not todo:
        return findings, 0
    texts = draft([findings[k].edit.insert for k in todo])  # type: ignore[union-attr]
    out = list(findings)
    done = 0
    for k, text in zip(todo, texts, strict=True):
        edit = findings[k].edit
        assert edit is not None
        if text:
            out[k] = replace(findings[k], edit=replace(edit, insert=text, origin="machine", note=label))
            done += 1
        else:
            out[k] = replace(findings[k], edit=replace(
                edit, note="the English text, as the machine translation failed validation: translate it "
                           "before you accept it"))
    return out, done
