"""Review one translated doc against its English source, or the translated docs of a checkout.

:func:`review_texts` is the one pipeline both the PR reviewer and local files go through: parse both
texts once, run every ``check`` rule, align the two docs, then place the check findings on lines (with
mechanical fixes), look for omissions and duplications, and check glossary consistency. The LLM review
(:mod:`.llm`) runs on top when asked.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from ..check import check_pair, translated_docs, unreadable
from ..check.findings import ERROR, WARNING
from ..check.style import StyleRun
from ..doc import Block, Document, parse
from ..errors import HfI18nError
from ..fileio import read_text
from ..glossary import Glossary
from ..lang.base import checkout_analyses
from ..pair.bitext import LengthModel
from ..pair.model import pair_docs
from ..repo.layout import SOURCE_LANG, DocsLayout
from ..translate.aligned import Item, doc_items
from .align import Alignment
from .coverage import check_coverage
from .follow import FollowedEnglish
from .model import DocReview, Kind, Review, ReviewFinding, sort_key
from .place import duplicate_anchors, from_check, place
from .suggest import Drafter, translate_edits
from .terms import CorpusUsage, check_terms

MAX_REVIEW_UNITS = 10_000
"""Headings and prose blocks of one doc (either side) from which a review is refused. The biggest real
doc of the three corpora (huggingface_hub package_reference/cli.md, 5,500 lines) has about 1,200; a
PR's doc of 30,000 paragraphs kept a review busy for minutes before the pairing was made near-linear,
and a shared Space or an Action is stalled by one such doc (issue 25). With the bound a review of one
doc stays under a minute on a runner."""
LINES_PER_UNIT = 4
"""Lines per unit from which a text is refused before it is parsed (parsing 120,000 lines is itself a
minute): ``MAX_REVIEW_UNITS`` times this."""

CHECKED_RULES = "check rules (headings, anchors, autodoc, components, tables, code, links, unsafe links, added " \
                "links, references, fragments, damage)"


@dataclass(slots=True)
class Options:
    """What a review runs besides the rules."""

    glossary: Glossary | None = None
    usage: CorpusUsage | None = None
    """How the language's docs render each glossary term (None: not computed)."""
    llm: Callable[[DocReview, Alignment], list[ReviewFinding]] | None = None
    """The LLM reviewer (see :func:`hfi18n.review.llm.llm_reviewer`); None: no LLM review."""
    length: LengthModel | None = None
    """Length ratio of the language learned from the checkout's human translations (None: built-in)."""
    followed: Callable[[str], FollowedEnglish | None] | None = None
    """The English each translated doc follows, by path in its language folder (see :mod:`.follow`)."""
    max_units: int | None = MAX_REVIEW_UNITS
    """Headings and prose blocks of a doc (either side) beyond which it is not reviewed (None: no bound;
    see :data:`MAX_REVIEW_UNITS`)."""
    drafter: Drafter | None = None
    """Translates the English an omission's suggestion inserts (see :mod:`.suggest`; None: the English is
    suggested, labelled)."""
    draft_label: str = ""
    """How :attr:`drafter`'s text is labelled on the suggestion."""
    anchors_of: Callable[[str, str], set[str] | None] | None = None
    """The anchors of the translated doc a link ``target`` written in doc ``rel`` leads to
    (:meth:`hfi18n.check.custom_anchors.AnchorLinks.anchors_of`; None: not known). ``check`` accepts a link
    to a translator's custom anchor of another translated doc; the review reported the same link as a
    ``links`` error (issue 24: one behaviour for custom anchors)."""
    style: StyleRun | None = None
    """The team's style checks (``style/register``, ``style/heading``; None: not run)."""


def review_texts(en_text: str | None, tr_text: str, *, file: str, english_file: str | None, lang: str,
                 rel: str | None = None, options: Options | None = None,
                 followed: FollowedEnglish | None = None) -> DocReview:
    """Review translation ``tr_text`` (shown as ``file``, ``rel`` in its language folder) against English
    ``en_text`` (None: no English); ``followed`` is the English the translation follows, used for
    omissions and duplications when the translation drifted from ``en_text`` (default: looked up through
    ``options.followed``)."""
    opts = options or Options()
    if followed is None and opts.followed is not None and rel is not None:
        followed = opts.followed(rel)
    doc = DocReview(file, english_file, lang, tr_text)
    limit = opts.max_units
    if limit is not None and (too := _too_long(tr_text, file, en_text, english_file, limit)) is not None:
        return _refused(doc, *too, limit, "lines")
    try:
        tgt = parse(tr_text, file)
        src: Document | None = parse(en_text, english_file) if en_text is not None else None
    except HfI18nError as exc:
        doc.findings.append(from_check(unreadable(file, exc)))
        doc.not_checked.append("everything else: the file could not be parsed")
        return doc
    if limit is not None and (too := _too_many(tgt, file, src, english_file, limit)) is not None:
        return _refused(doc, *too, limit, "headings and paragraphs")
    older: list[Document] = []
    if followed is not None and followed.text != en_text:
        with contextlib.suppress(HfI18nError):  # an unreadable old version only adds nothing
            older.append(parse(followed.text, english_file))
    anchors_of = opts.anchors_of
    checks = check_pair(src, tgt, file=file, lang=lang, older=older,
                        anchors_of=(lambda target: anchors_of(rel, target)) if anchors_of and rel else None,
                        style=opts.style)
    doc.checked.append(CHECKED_RULES)
    if opts.style is not None:
        _style_said(doc, opts.style)
    if src is None:
        doc.findings = [from_check(f) for f in checks]
        doc.not_checked.append("omissions, duplications, glossary: there is no English source")
        return _finish(doc)
    al = Alignment.build(src, tgt, lang, opts.length)
    drift = any(f.check == "drift" for f in checks)
    findings = place(checks, al, lang, per_paragraph=not drift)
    findings.extend(duplicate_anchors(al))
    findings.extend(_coverage(doc, al, tgt, drift, followed, opts))
    if opts.glossary is not None:
        usage = opts.usage.others(rel or file) if opts.usage is not None else None
        findings.extend(check_terms(al, file, opts.glossary, usage, missing=not drift))
        doc.checked.append(f"glossary consistency ({len(opts.glossary)} terms"
                           + (", counts from the other docs)" if usage is not None else ")"))
        if opts.usage is None:
            doc.not_checked.append("glossary terms missing from a paragraph (needs a checkout of the repository "
                                   "to compare with the other docs: --repo)")
        elif drift:
            doc.not_checked.append("glossary terms missing from a paragraph: the translation follows an older English")
    else:
        doc.not_checked.append(f"glossary consistency (no glossary for {lang})")
    doc.findings = _quote_english(_dedupe(findings), src, followed)
    if opts.drafter is not None:
        doc.findings, n = translate_edits(doc.findings, opts.drafter, opts.draft_label)
        if n:
            doc.checked.append(f"the text {n} suggestion(s) insert: {opts.draft_label}")
    if opts.llm is not None:
        doc.findings.extend(opts.llm(doc, al))
    else:
        doc.not_checked.append("mistranslation and fluency (LLM review: run with --llm)")
    return _finish(doc)


def _style_said(doc: DocReview, style: StyleRun) -> None:
    """What the style checks did, in the doc's checked / not checked lists."""
    if style.layer is not None:
        reg = style.settings.register or "each doc's own majority"
        doc.checked.append(f"the team's style (register: {reg}; headings: {style.settings.heading})")
    elif style.notes:
        doc.not_checked.append(f"the team's style: {style.notes[0]}")


def _too_long(tr_text: str, file: str, en_text: str | None, english_file: str | None,
              limit: int) -> tuple[str, int] | None:
    """The side (file) and line count of a text too long to parse for a review, if one is."""
    for text, name in ((tr_text, file), (en_text, english_file)):
        if text is not None and (n := text.count("\n")) > LINES_PER_UNIT * limit:
            return name or "the English", n
    return None


def _too_many(tgt: Document, file: str, src: Document | None, english_file: str | None,
              limit: int) -> tuple[str, int] | None:
    """The side (file) and unit count of a doc with more headings and prose blocks than a review takes."""
    for d, name in ((tgt, file), (src, english_file)):
        if d is not None and (n := sum(1 for b in d.blocks if b.segments)) > limit:
            return name or "the English", n
    return None


def _refused(doc: DocReview, name: str, n: int, limit: int, what: str) -> DocReview:
    """The review of a doc too big to review: one error saying so and what to do, nothing else run."""
    bound = LINES_PER_UNIT * limit if what == "lines" else limit
    doc.findings.append(ReviewFinding(
        doc.file, 0, Kind.CHECK, "too-large", ERROR,
        f"not reviewed: {name} has {n:,} {what}, more than the {bound:,} a review takes (a bound that keeps "
        "one doc from stalling a shared server or an Action); split the page into several pages"))
    doc.not_checked.append(f"everything: {name} is too large to review ({n:,} {what})")
    return _finish(doc)


def _coverage(doc: DocReview, al: Alignment, tgt: Document, drift: bool, followed: FollowedEnglish | None,
              opts: Options) -> list[ReviewFinding]:
    """Omissions and duplications against the English the translation follows (the record built for
    updates), when it drifted -- and also when ``check`` sees no drift but that English differs from
    today's: diffusers zh modular_diffusers/overview.md, smolagents zh tutorials/tools.md translate an
    English whose paragraphs were edited since, and aligned with today's English those paragraphs paired
    with nothing, so one dropped from them went unreported (6 of 25 drops the injection bench missed on
    such docs are found this way). Of the paragraphs of that English deleted from today's, only lone ones
    are asked (:func:`_still_asked`); those a later commit took out of the translation, or that the
    commit of that English added as a block the translation lacks, are not (:func:`.follow.swept`)."""
    model = opts.length or LengthModel.default(doc.lang)
    how = f"paragraph alignment, {model.describe()}"
    old = None
    if followed is not None:
        try:
            old = parse(followed.text, followed.en_path)
        except HfI18nError:
            old = None
    old_al = Alignment.build(old, tgt, doc.lang, model) if old is not None and (
        drift or followed is None or followed.text != al.src.source) else None
    fresh = followed.fresh if followed is not None else ()
    if not drift and old_al is None:
        doc.checked.append(f"omissions and duplications ({how})")
        added: list[Item] = []
        prose = [x for x in doc_items(old) if not x.heading] if old is not None else None
        notes: list[str] = []
        found = list(check_coverage(al, doc.file, doc.lang, model=model, followed=prose, added=added, notes=notes,
                                    fresh=fresh))
        doc.not_checked.extend(notes)
        if added and followed is not None:
            doc.not_checked.append(
                f"{len(added)} English paragraph(s) added by or after {followed.label} (the English this "
                f"translation follows), first at English line {added[0].line}: not translated yet, an outdated "
                "translation (hfi18n translate --update), not reported as omissions")
        return found
    if followed is not None and old_al is not None:
        doc.checked.append(f"omissions and duplications against {followed.label}, the English this "
                           f"translation follows ({how})")
        notes = []
        today = None if drift else _still_asked(old_al, al, model, doc.lang)
        gone: list[Item] = []
        cut: list[Item] = []
        found = list(check_coverage(old_al, doc.file, doc.lang, model=model, english=followed.label, notes=notes,
                                    followed=today, added=gone, fresh=fresh, cut=followed.cut,
                                    cut_at=followed.cut_at, gone=cut, raw_before=followed.raw_before, today=al))
        doc.not_checked.extend(notes)
        if gone:
            doc.not_checked.append(f"{len(gone)} paragraph(s) of {followed.label} deleted from the English since "
                                   f"or added by its own commit, first at its line {gone[0].line}: not reported "
                                   "as omissions")
        if cut:
            doc.not_checked.append(f"{len(cut)} English paragraph(s) of {followed.label} without translation, first "
                                   f"at its line {cut[0].line}: taken out of the translation by a later commit (a "
                                   "partial update), not reported as omissions")
        return found
    doc.checked.append("duplications (the translation follows an older English)")
    doc.not_checked.append("omissions: the translation follows an older English that was not found "
                           "(review a git checkout with its history: --repo)")
    return list(check_coverage(al, doc.file, doc.lang, model=model, omissions=False))


def _still_asked(old_al: Alignment, al: Alignment, model: LengthModel, lang: str) -> list[str]:
    """The paragraphs of the followed English (``old_al``) asked of a translation that did not drift: those
    today's English (``al``) still has, maybe edited (paired with one of its paragraphs as a translation
    would be), and, of those deleted since, the ones between two paragraphs the translation does translate.

    A run of paragraphs deleted from the English since and missing from the translation too is not asked:
    huggingface_hub ko upload.md lacks the Git LFS sections and environment_variables.md the hf_transfer
    tips that today's English no longer has (29 omissions that only ``translate --update`` can settle). A
    lone paragraph missing between translated ones is still one the translator had: diffusers ko
    push_to_hub.md and huggingface_hub ko search.md translate paragraphs today's English rewrote, and
    dropping one of them went unreported."""
    kept = pair_docs(old_al.src, al.src, SOURCE_LANG)  # the pair model, English with English
    asked = {id(it) for b in kept if b.tr and b.sure for x in b.en if (it := old_al.item(x)) is not None}
    paired = {id(e) for b in old_al.beads if b.tr for e in b.en}
    prose = [o for o in old_al.en_items if not o.heading]
    out = [x.text for x in al.en_items if not x.heading]
    for k, o in enumerate(prose):
        around = prose[max(k - 1, 0):k] + prose[k + 1:k + 2]
        if id(o) in asked or (around and all(id(x) in paired for x in around)):
            out.append(o.text)
    return out


QUOTE_CHARS = 160
"""Longest English quote attached to a finding."""


def _quote_english(findings: list[ReviewFinding], src: Document, followed: FollowedEnglish | None) -> list[ReviewFinding]:
    """Each finding with an English line gets the English there, quoted: the paragraph of the English
    the finding was made against (the followed English for coverage findings aligned with it:
    :attr:`~.model.ReviewFinding.aligned_with`), shortened. A reviewer who does not read Korean judges
    "this paragraph repeats..." or "term X is written Y" only with the English in front of them."""
    old = None
    if followed is not None and any(f.aligned_with for f in findings):
        try:
            old = parse(followed.text, followed.en_path)
        except HfI18nError:
            old = None
    out = []
    at: dict[int, dict[int, Block]] = {}
    for f in findings:
        if f.english_line is None or f.english is not None:
            out.append(f)
            continue
        doc = old if old is not None and f.aligned_with else src
        block = _block_at(doc, at).get(f.english_line)
        text = " ".join((block.text if block is not None else "").split())
        if len(text) > QUOTE_CHARS:
            text = text[:QUOTE_CHARS - 1] + "…"
        out.append(replace(f, english=text) if text else f)
    return out


def _block_at(doc: Document, memo: dict[int, dict[int, Block]]) -> dict[int, Block]:
    """Line -> the first block of ``doc`` covering it, built once per doc (each finding looked through every
    block: a doc of 4,000 headings and 2,600 findings spent 8 s there)."""
    got = memo.get(id(doc))
    if got is None:
        got = {}
        for b in doc.blocks:
            for line in range(b.start_line, b.end_line + 1):
                got.setdefault(line, b)
        memo[id(doc)] = got
    return got


def _dedupe(findings: list[ReviewFinding]) -> list[ReviewFinding]:
    """Drop a check's ``untranslated`` warning where the review says more (English left beside its
    translation) and exact repeats."""
    english_left = {f.line for f in findings if f.kind is Kind.ENGLISH_LEFT}
    out: list[ReviewFinding] = []
    seen: set[tuple[object, ...]] = set()
    for f in findings:
        if f.kind is Kind.CHECK and f.rule == "untranslated" and f.line in english_left:
            continue
        key = (f.line, f.kind, f.rule, f.message)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def _finish(doc: DocReview) -> DocReview:
    doc.findings.sort(key=sort_key)
    doc.not_checked.append("the rendered page (live preview)")
    return doc


def review_paths(layout: DocsLayout, lang: str, paths: Iterable[str] = (), *,
                 options: Options | None = None) -> Review:
    """Review translated docs of a checkout (default: every doc of ``lang``)."""
    rels = translated_docs(layout, lang, paths)
    review = Review(source=f"{len(rels)} local file(s) of {layout.repo.name}")
    # the style checks' analyzer answers kept in the checkout's cache, as check keeps them
    kept = checkout_analyses(layout, lang) if options is not None and options.style is not None \
        else contextlib.nullcontext()
    with kept:
        for rel in rels:
            _review_one(layout, lang, rel, review, options)
    return review


def _review_one(layout: DocsLayout, lang: str, rel: str, review: Review, options: Options | None) -> None:
    """Add the review of translated doc ``rel`` of a checkout to ``review``."""
    path = layout.path(lang, rel)
    shown = layout.rel_to_repo(path)
    en_rel = layout.twin(rel, SOURCE_LANG)
    try:
        tr_text = read_text(path)
    except HfI18nError as exc:
        doc = DocReview(shown, None, lang, "", [from_check(unreadable(shown, exc))])
        review.docs.append(doc)
        return
    en_text = None
    if en_rel is not None:
        try:
            en_text = read_text(layout.path(SOURCE_LANG, en_rel))
        except HfI18nError as exc:
            review.skipped.append(f"{shown}: English source unreadable ({exc.message})")
            return
    en_shown = layout.rel_to_repo(layout.path(SOURCE_LANG, en_rel)) if en_rel else None
    review.docs.append(review_texts(en_text, tr_text, file=shown, english_file=en_shown, lang=lang,
                                    rel=rel, options=options))


__all__ = ["ERROR", "WARNING", "Options", "review_paths", "review_texts"]
