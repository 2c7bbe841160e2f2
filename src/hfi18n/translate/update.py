"""``translate --update``: refresh an outdated translation, keeping the human text that still applies.

Inputs are three docs: the English version the translation follows (the *base*:
:func:`hfi18n.repo.history.base_of`, the one record every command reads), the English of today, and the
existing translation; plus what this machine's runs wrote (:mod:`hfi18n.repo.ledger`).

1. Align the base English with the translation in n-m beads (:func:`hfi18n.pair.model.pair_docs`);
   sure 1-1 beads pair their segments (:func:`hfi18n.doc.pairing.align_segments`).
2. Align the base English segments with today's by their text (placeholder form, so a repo-wide sweep
   of an inline code span does not count as a change).
3. Today's segments whose text is unchanged take the existing translation, with its placeholders mapped
   to today's spans (a sweep such as ``torch_dtype`` to ``dtype`` reaches the translation this way):
   a segment is never re-sent when its English did not change. Each kept segment is *machine* when its
   text is one a run wrote (the ledger), else *human* (a machine segment a human edited is human from
   then on). Only added or changed segments are left to translate; removed ones are dropped.
4. English leftovers of a draft (a translated segment still equal to its English, in a file with the
   draft mark or recorded as unfinished by the run that wrote it) are unfinished work: they are sent
   again, never counted as human. Before this rule an update of a committed draft reported "kept 60
   human segment(s), translated 0", removed the draft mark and ``status`` called a page with 4 English
   paragraphs up to date.
5. Code blocks: kept whole when the English code did not change; when it changed, the new English code
   is taken and the translated comments of lines whose English did not change are carried over; every
   translated comment that could not be carried is reported with its line and why (the whole block used
   to be replaced, silently turning ``# Hugging Face의 특정 모델 사용`` back into English).
6. Bead by bead (:func:`keep_beads`): a bead whose English blocks are unchanged since the base is kept
   byte for byte from the translation (text, whitespace, custom anchors, HTML comments, code with
   translated comments or docstrings, code and headings ``check`` finds errors in, whose errors are the
   previous translation's: :func:`_faithful`; a translator's own added paragraph, and a paragraph the
   translator left out: :func:`_left_out`); only the beads whose English
   changed are rendered from today's English and sent. A new English block lands at its aligned place, a
   deleted one removes only its own bead. Where the aligner is unsure of a changed bead, the human text
   is kept next to the new text in a review comment (:func:`review_comment`), never guessed away. Before this rule the
   update rendered every page from the English block structure: on a controlled experiment (merge two
   translated paragraphs, split one, change one English paragraph elsewhere) it lost human lines on 3 of
   3 docs, and rewrote 27 of 27 custom heading anchors whose English did not change (issue 24).
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..doc import PLACEHOLDER_RE, Block, BlockKind, Document, Segment, parse
from ..doc.components import mdx_tags
from ..doc.draft import is_draft, is_pseudo
from ..doc.notice import has_notice
from ..doc.pairing import align_segments, content_blocks, needs_translation
from ..doc.protected import code_without_comments, dedent_block
from ..doc.syntax import fence_closed
from ..pair.bitext import LengthModel
from ..pair.diff import opcodes, same_items
from ..pair.model import Bead, omitted, pair_docs, skeleton_key, sure_pairs
from ..repo.layout import DocsLayout
from ..repo.ledger import segment_hash
from .aligned import learned_length
from .pipeline import (
    AFTER,
    BEFORE,
    HUMAN,
    MACHINE,
    CommentLoss,
    Conflict,
    DocJob,
    render_translation,
)


@dataclass(slots=True)
class UpdatePlan:
    """What an incremental update keeps and what it sends."""

    job: DocJob
    kept: int
    """Segments whose existing translation is reused (human and machine)."""
    changed: int
    """Segments to translate: added or changed in the English since the base, and unfinished ones."""
    removed: int
    """Base segments gone from today's English (their translation is dropped)."""
    base_commit: str
    translation: Document
    """The existing translation, parsed."""
    base_english: str = ""
    """The English the existing translation was made from (at ``base_commit``)."""
    previous: dict[str, tuple[Segment, Segment]] = field(default_factory=dict)
    """Changed segment id -> (its English at the base, the human translation of that English): what the
    translator wrote before, shown beside the new machine text so an update can be reviewed as a change."""
    kept_human: int = 0
    """Kept segments a human wrote or edited."""
    kept_machine: int = 0
    """Kept segments a run wrote and no human touched since."""
    unfinished: int = 0
    """English leftovers of a draft sent again (part of ``changed``)."""
    comments_carried: int = 0
    """Translated code comments carried into English code that changed."""
    comments_lost: list[CommentLoss] = field(default_factory=list)
    """Translated code comments that could not be carried (line in the existing translation and why)."""
    beads_kept: int = 0
    """Beads (n-m block pairings) kept byte for byte: their English did not change."""
    beads_sent: int = 0
    """Beads whose English changed (rendered from today's English)."""
    review_lines: list[int] = field(default_factory=list)
    """Lines (in the existing translation) of human text kept under :data:`REVIEW_MARK`: the English there
    changed and the aligner was unsure which translated text it replaces."""
    structure_fallback: bool = False
    """Kept beads would not give the English structure (:func:`skeleton`): rendered from the English."""
    left_out: list[int] = field(default_factory=list)
    """Lines (in today's English) of paragraphs the translation leaves out and the update left out again
    (its English did not change: see :func:`_left_out`)."""


_COMMENT_RE = re.compile(r"(?:^|\s)(?:#|//)")
"""Where a ``#`` or ``//`` comment starts on a code line (after code and whitespace, or at its start)."""


def _split_comment(line: str) -> tuple[str, str]:
    """``(code, comment)`` of a code line; the comment keeps its marker (``# x 설정``)."""
    m = _COMMENT_RE.search(line)
    if m is None:
        return line, ""
    start = m.start() if line[m.start()] in "#/" else m.start() + 1
    return line[:start], line[start:]


def carry_comments(base: Block, theirs: Block, new: Block) -> tuple[str | None, int, list[CommentLoss]]:
    """The new English code block with the translator's comments wherever the English comment did not change.

    Returns ``(text or None when nothing was carried, carried count, comments that could not be carried)``.
    A translated comment is the translator's line whose code is a line of the base English (the two blocks
    lined up by their code without comments) and whose comment differs from that line's. Lined up by
    position, a translation one line shorter than the English it follows (a line a later English commit
    added) moved an English comment onto the next line's code (``accelerator = Accelerator(# Initialize
    ...``: diffusers ko tutorials/basic_training.md failed check, issue 31). It is carried onto today's
    English line that has the same English comment as that base line (unchanged lines, and lines whose code
    changed around an unchanged comment: ``pip install 'smolagents[toolkit]'  # 웹 검색과 같은 기본 도구 포함``);
    a comment whose English changed or disappeared is reported, never dropped silently.
    """
    b, t, n = base.text.split("\n"), theirs.text.split("\n"), new.text.split("\n")
    line_of: dict[int, int] = {}  # base line -> the translation's line with the same code
    for tag, i1, i2, k1, _k2 in opcodes([_split_comment(x)[0].rstrip() for x in b],
                                        [_split_comment(x)[0].rstrip() for x in t]):
        if tag == "equal":
            line_of.update({i1 + d: k1 + d for d in range(i2 - i1)})
    translated = [i for i, k in line_of.items() if _split_comment(b[i])[1] != _split_comment(t[k])[1]]
    english = {_split_comment(x)[1].strip() for x in b}
    strays = [k for k in range(len(t)) if k not in line_of.values()
              and (c := _split_comment(t[k])[1].strip()) and c not in english]
    if not translated:
        return None, 0, [CommentLoss(theirs.start_line + k, _split_comment(t[k])[1].strip(),
                                     "its code line is not in the English it follows") for k in strays]
    out = list(n)
    carried, lost = 0, []
    used: set[int] = set()
    sm = difflib.SequenceMatcher(a=b, b=n, autojunk=False)
    target: dict[int, int] = {}  # base line -> today's line with the same English comment
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            target.update({i1 + k: j1 + k for k in range(i2 - i1)})
        elif tag == "replace":
            free = list(range(j1, j2))
            for i in range(i1, i2):
                comment = _split_comment(b[i])[1]
                j = next((j for j in free if comment and _split_comment(n[j])[1] == comment), None)
                if j is not None:
                    target[i] = j
                    free.remove(j)
    for i in translated:
        j, k = target.get(i), line_of[i]
        if j is None or j in used:
            why = "the English comment changed" if any(j1 <= i < j2 for tag, j1, j2, _a, _b in
                                                      sm.get_opcodes() if tag == "replace") else \
                "the English line was removed"
            lost.append(CommentLoss(theirs.start_line + k, _split_comment(t[k])[1].strip(),
                                    f"{why}: {b[i].strip()!r}"))
            continue
        used.add(j)
        code, _ = _split_comment(n[j])
        out[j] = code + _split_comment(t[k])[1]
        carried += 1
    lost.extend(CommentLoss(theirs.start_line + k, _split_comment(t[k])[1].strip(),
                            "its code line is not in the English it follows") for k in strays)
    return ("\n".join(out) if carried else None), carried, lost


def reuse_protected_blocks(pairs: list[tuple[Block, Block]], base: Document, new: Document
                           ) -> tuple[dict[int, str], int, list[CommentLoss]]:
    """Index in ``new.blocks`` -> the translator's version of an untranslatable block: a heading made only
    of code with its ``[[anchor]]``, a code block whose comments were translated (whole when the English
    did not change, else the new code with the comments of unchanged lines: :func:`carry_comments`).
    Also returns how many comments were carried into changed code and those that could not be."""
    human = {id(src): tgt for src, tgt in pairs}
    a, b = content_blocks(base), content_blocks(new)
    position = {id(block): i for i, block in enumerate(new.blocks)}
    out: dict[int, str] = {}
    carried, lost = 0, []
    for tag, i1, i2, j1, j2 in opcodes([x.text for x in a], [x.text for x in b]):
        if tag == "replace" and i2 - i1 == j2 - j1:
            for k in range(i2 - i1):
                old, cur = a[i1 + k], b[j1 + k]
                theirs = human.get(id(old))
                if old.kind is cur.kind is BlockKind.CODE and theirs is not None and theirs.kind is BlockKind.CODE:
                    text, n, why = carry_comments(old, theirs, cur)
                    carried += n
                    lost.extend(why)
                    if text is not None:
                        out[position[id(cur)]] = text
            continue
        if tag != "equal":
            for old in a[i1:i2]:  # a code block the English removed or rewrote beyond pairing
                theirs = human.get(id(old))
                if old.kind is BlockKind.CODE and theirs is not None and theirs.text != old.text:
                    _, _, why = carry_comments(old, theirs, old)
                    lost.extend(CommentLoss(w.line, w.text, "the English code block was removed or replaced")
                                for w in why)
            continue
        for k in range(i2 - i1):
            old, cur = a[i1 + k], b[j1 + k]
            theirs = human.get(id(old))
            if (cur.kind not in (BlockKind.CODE, BlockKind.HEADING) or cur.translatable or theirs is None
                    or theirs.translatable or theirs.text == cur.text):
                continue
            if cur.kind is BlockKind.CODE and (
                code_without_comments(dedent_block(theirs.text)) != code_without_comments(dedent_block(cur.text))
            ):
                continue
            out[position[id(cur)]] = theirs.text
    return out, carried, lost


def carry_over(human: Segment, base_seg: Segment) -> str:
    """The human translation in placeholder form numbered like ``base_seg`` (and so like today's)."""
    by_span = {}
    for ph in base_seg.placeholders():
        by_span.setdefault(base_seg.spans[ph], ph)

    def swap(m: object) -> str:
        ph = m.group(0)  # type: ignore[attr-defined]
        span = human.spans.get(ph, ph)
        return by_span.get(span, span)

    return PLACEHOLDER_RE.sub(swap, human.text)


REVIEW_MARK = "<!-- hfi18n: review:"
"""How the comment starts that holds human text an update could not place (:func:`review_comment`)."""


def review_comment(text: str, where: str = "the English here changed and the aligner is unsure which "
                   "translated text it replaced") -> str:
    """``text`` (human blocks an update could not place) inside an HTML comment, for the translator.

    Why a comment: the text stays in the file (never lost) but not on the page, where a heading, code
    block or callout whose English counterpart the aligner could not prove broke the page's structure
    beside the new text (smolagents ko guided_tour.md, huggingface_hub ko guides/cli.md: a callout and
    a heading twice, ``check`` errors, nothing written)."""
    body = text.replace("-->", "-- >").strip("\n")
    return (f"{REVIEW_MARK} {where}; the previous translation is below: reuse it above or delete this "
            "comment\n\n"
            f"{body}\n-->\n\n")


def checkout_length_model(layout: DocsLayout, lang: str) -> LengthModel:
    """The length model (and word lexicon) the pair model aligns an update's beads with: learned from the
    checkout's aligned human translations of ``lang`` (:func:`.aligned.learned_length`), the built-in
    default under 30 pairs. Computed once per run by its caller (1.7 s on diffusers, 585 Korean pairs:
    once per doc, a run of 20 updates would pay it 20 times). Why learned: the built-in model is one
    ratio per language (Korean: 0.55 characters of translation per English one); the checkout's gives
    its own ratio and variance (0.51 on diffusers), which decide which translated paragraphs the aligner
    takes as a merge, a split or a translator's own.

    The word lexicon learned with it is left out: a page a run wrote aligns by the words of human
    translations it does not share, and on smolagents ko conceptual_guides/intro_agents.md (written by the
    loopback server's pseudo-Korean, tests/test_update_cycle.py) the update re-sent 25 segments instead of
    the 1 left in English."""
    learned = learned_length(layout.repo, lang, layout.rel_to_repo(layout.docs_root))
    return LengthModel(learned.c, learned.s2, learned.pairs)


def plan_update(old_en: str, new_en: str, translation: str, *, en_rel: str, target: Path,
                base_commit: str, machine: frozenset[str] = frozenset(),
                unfinished: frozenset[str] = frozenset(), lang: str = "ko",
                length: LengthModel | None = None, at_base: frozenset[str] | None = None,
                guessed: frozenset[str] = frozenset(), translated: str | None = None) -> UpdatePlan:
    """Plan the update of ``translation`` (made from ``old_en``) to ``new_en``.

    ``machine``: :func:`hfi18n.repo.ledger.segment_hash` of the translated texts a run wrote (kept ones
    are counted as machine, the rest as human); ``unfinished``: hashes of English texts a run left in
    English (sent again when still in English, as are those of a file with the draft mark); ``length``:
    the pair model's length model (:func:`checkout_length_model`; default: the built-in one); ``at_base``:
    hashes of the translated segments as they were when the translation last followed ``old_en`` (and those
    a run wrote): a human segment outside it whose English changed is a :class:`~.pipeline.Conflict`, kept;
    ``guessed``: English prose segments (:func:`hfi18n.repo.ledger.segment_hash`) taken as carried on the
    translation's word (:attr:`hfi18n.repo.history.Followed.guessed`): a human segment outside ``at_base``
    kept for one is one too (:func:`_guessed_edits`); ``translated``: the translation as it was when it last
    followed ``old_en`` (:attr:`hfi18n.repo.history.Followed.translated`), where known: blocks a translator
    moved or swapped since are paired by it (:func:`_paired_by_base`).
    """
    if at_base is not None:
        at_base = at_base | machine  # what a run wrote is no human edit, wherever the base was
    base, new, tr = parse(old_en, en_rel), parse(new_en, en_rel), parse(translation, str(target))
    beads = _moved_in_translation(pair_docs(base, tr, lang, length), new, lang, length)
    if translated and translated != translation:  # unchanged since its base: nothing moved
        beads = _paired_by_base(beads, base, new, tr, parse(translated, str(target)), lang, length)
    pairs = sure_pairs(beads)
    human = align_segments(pairs)
    if is_pseudo(translation):  # output of the pseudo test double is no one's text: nothing of it is kept
        human = {}
    draft = is_draft(translation)
    # provenance is looked up by the segment text as the file holds it, as the ledger recorded it: a
    # heading's segment in ``human`` has its ``[[anchor]]`` back, so every machine-written heading was
    # counted as human after an update (issue 23 item 6: 3 of the 6 segments of the example's training.md)
    raw = {s.id: s for s in tr.segments()}
    old_segs, new_segs = list(base.segments()), list(new.segments())
    translations: dict[str, str] = {}
    provenance: dict[str, str] = {}
    matched_old = leftovers = 0
    leftover_ids: set[str] = set()
    previous: dict[str, tuple[Segment, Segment]] = {}
    old_texts, new_texts = [s.text for s in old_segs], [s.text for s in new_segs]
    in_order, moved = same_items(old_texts, new_texts)
    conflicts: list[Conflict] = []
    whole: set[str] = set()  # ids of translated segments kept as they are, one by one (see keep_beads)
    edits = [pair for tag, i1, i2, j1, j2 in opcodes(old_texts, new_texts) if tag == "replace"
             for pair in _edit_pairs(old_texts, new_texts, i1, i2, j1, j2)]  # changed segments, in order
    for i, j in [*edits, *_moved_edits(old_texts, new_texts, in_order, moved, edits)]:
        old, cur = old_segs[i], new_segs[j]  # the old English and its human text, the new English
        if old.id in human and i not in moved and j not in moved.values():
            mine = raw.get(human[old.id].id)
            text = carry_over(human[old.id], cur)
            if (mine is not None and edited_since_base(mine.text, at_base)
                    and text != old.text and needs_translation(cur) and _edited(old.text, cur.text)):
                # the English and the translation both changed here: keep the human text, say so
                translations[cur.id], provenance[cur.id] = text, HUMAN
                conflicts.append(Conflict(mine.line, cur.line))
                whole.add(mine.id)
                continue
            previous[cur.id] = (old, human[old.id])
    # every English segment still there, in order or moved (a reordered list item keeps its human text)
    for i, j in sorted({**in_order, **moved}.items(), key=lambda ij: ij[1]):
        old, cur = old_segs[i], new_segs[j]
        matched_old += 1
        if old.id not in human:
            continue
        text = carry_over(human[old.id], old)
        if (text == old.text and needs_translation(old)
                and (draft or segment_hash(old.text) in unfinished)):
            leftovers += 1  # an English leftover of a draft: unfinished work, never human
            leftover_ids.add(cur.id)
            continue
        translations[cur.id] = text
        provenance[cur.id] = MACHINE if segment_hash(raw[human[old.id].id].text) in machine else HUMAN
        whole.add(human[old.id].id)
    kept = keep_beads(beads, base, new, tr, draft=draft, leftover_ids=frozenset(leftover_ids),
                      unfinished=unfinished, at_base=at_base, whole=frozenset(whole), given=frozenset(translations)) \
        if not is_pseudo(translation) else KeptBeads()
    overrides, carried, lost = reuse_protected_blocks(pairs, base, new)
    fallback = skeleton(parse(render_translation(new, translations, {**overrides, **kept.overrides}))) \
        != skeleton(new)
    if fallback:
        kept = _unplaced(beads, tr, machine, {s.text for s in old_segs}, draft=draft) \
            if not is_pseudo(translation) else KeptBeads()
    conflicts += kept.conflicts
    if guessed and at_base is not None:
        kept_tr = {new_segs[j].id: [raw[human[old_segs[i].id].id].text]
                   for i, j in {**in_order, **moved}.items() if old_segs[i].id in human}
        kept_tr.update((k, v) for k, v in kept.segments.items() if k not in kept_tr)
        conflicts += _guessed_edits(new_segs, tr, kept_tr, guessed, at_base, conflicts)
    for seg_id, tr_texts in kept.segments.items():
        if seg_id not in translations:
            provenance[seg_id] = MACHINE if tr_texts and all(segment_hash(t) in machine for t in tr_texts) \
                else HUMAN
    pending = [s for s in new_segs if s.id not in translations and s.id not in kept.segments
               and s.id not in kept.left_out]
    overrides.update(kept.overrides)
    overrides.update(_kept_headings(base, new, tr, human, {**in_order, **moved}, translations, overrides,
                                   fallback=fallback))
    job = DocJob(en_rel, new, target, pending, dict(translations), block_overrides=overrides,
                 provenance=dict(provenance), comments_carried=carried, comments_lost=lost, conflicts=conflicts)
    job.given = job.given | frozenset(kept.segments) | frozenset(kept.left_out)
    given = [provenance.get(i) for i in job.given if i in provenance]
    kept_machine = given.count(MACHINE)
    kept_human = given.count(HUMAN)
    return UpdatePlan(job, kept_human + kept_machine, len(job.pending), len(old_segs) - matched_old, base_commit,
                      tr, old_en, previous, kept_human, kept_machine, leftovers, carried, lost,
                      kept.beads_kept, kept.beads_sent, kept.review_lines, fallback, sorted(kept.left_out.values()))


def _moved_in_translation(beads: list[Bead], new: Document, lang: str, length: LengthModel | None) -> list[Bead]:
    """``beads`` with the blocks a translator moved paired again: the English blocks with no translation
    (1-0) that are still in today's English, aligned with the translated blocks with no English (0-1) that lie
    across a paired bead from them (:func:`hfi18n.pair.model.pair_docs` of those blocks alone); each sure
    bead of that alignment takes the place of its English 1-0 beads, and its translated blocks leave their 0-1
    beads. Only sections are taken (a heading paired with a translated heading of its level, then the sure beads
    of the same two gaps under it with the same structure: a translated code block whose English changed was
    paired with a paragraph and kept): pairs within one gap, where the aligner saw both and did not pair them, and
    lone paragraphs (huggingface_hub ko installation.md: a list item of an English version before the base read
    as a paragraph of a section the translation never had, and the page failed ``check``) are not.

    Why: the pair model aligns in order on both sides, so a section the translation holds elsewhere than the
    English cannot be paired; its English read as left out (sent) and its human text as the translator's own
    (kept where it stood): the page held the section twice, had another structure than the English
    (:func:`skeleton`), was rendered from the English, and the human text was lost without a finding. s38
    (round 2): English and Korean committed with ``### PyTorch`` before ``### Generic``, a Korean-only commit
    swaps the two Korean sections back; the ideal update said ``translated 1, conflicts []`` and dropped
    ``### 제네릭[[...]]`` (P1). Paired again, the human section moves with its English (:func:`keep_beads`)."""
    here = {x.text for x in content_blocks(new)}
    gap: dict[int, int] = {}  # id of a block of a one-sided bead -> how many two-sided beads come before it
    seen = 0
    for bead in beads:
        if bead.en and bead.tr:
            seen += 1
            continue
        gap.update({id(x): seen for x in (*bead.en, *bead.tr)})
    english = [x for bead in beads if not bead.tr for x in bead.en if x.text in here]
    theirs = [x for bead in beads if not bead.en for x in bead.tr]
    if not english or not theirs:
        return beads
    found: list[Bead] = []
    section: tuple[set[int], set[int]] | None = None  # the gaps of the last heading paired again
    for bead in pair_docs(Document(english), Document(theirs), lang, length):
        sides = ({gap[id(x)] for x in bead.en}, {gap[id(x)] for x in bead.tr})
        if any(x.kind is BlockKind.HEADING for x in (*bead.en, *bead.tr)):
            section = sides if (bead.sure and len(bead.en) == len(bead.tr) == 1 and len(sides[0]) == 1
                                and sides[0] != sides[1] and bead.tr[0].kind is BlockKind.HEADING is bead.en[0].kind
                                and bead.en[0].meta.get("level") == bead.tr[0].meta.get("level")) else None
        elif not (section and bead.sure and bead.en and bead.tr and sides == section
                  and skeleton(Document(list(bead.en))) == skeleton(Document(list(bead.tr)))):
            continue
        if section is not None:
            found.append(bead)
    if not found:
        return beads
    first = {id(bead.en[0]): bead for bead in found}
    taken = {id(x) for bead in found for x in (*bead.en, *bead.tr)}
    out: list[Bead] = []
    for bead in beads:
        if bead.en and bead.tr:
            out.append(bead)
            continue
        out.extend(first[id(x)] for x in bead.en if id(x) in first)
        en = tuple(x for x in bead.en if id(x) not in taken)
        tr = tuple(x for x in bead.tr if id(x) not in taken)
        if en or tr:
            out.append(bead if (en, tr) == (bead.en, bead.tr) else Bead(en, tr, bead.confidence, bead.cost))
    return out


def _paired_by_base(beads: list[Bead], base: Document, new: Document, tr: Document, then: Document, lang: str,
                    length: LengthModel | None) -> list[Bead]:
    """``beads`` with each translated block of a sure 1-1 bead given back to the English block it translated at
    the base, where the in-order alignment paired it with another.

    ``then`` is the translation as it was when it last followed ``base``; ``base`` aligned with ``then``
    (:func:`~hfi18n.pair.model.pair_docs`) says which English block each of its blocks translated, and each block
    of today's translation is found in ``then``: unchanged (a difference of the two block sequences), edited in
    place (the block of the changed run of ``then`` that holds most of it: a cut or a correction) or moved (its
    text once in ``then``). A block the aligner paired with another English block goes back to its own:

    - **moved into a gap:** its own English has no translation now (1-0) and no translated block lies between
      the two: it takes that English, and the English it was paired with has none. A translator cut
      smolagents ko conceptual_guides/react.md after 250 characters, in the middle of the ``The name is based
      on ...`` paragraph; shorter, that paragraph paired best (0.86, sure) with ``Optionally, when planning is
      activated ...``, nine English paragraphs further on, so the nine between read as left out by the
      translator (:func:`_left_out`), and the update wrote a page without them that ``status`` called up to date
      (bench_properties bp8, 2026-11-28, round 21: P2, and on main before it);
    - **swapped:** whole cycles of sure 1-1 beads (each block given away takes another's), and only where the
      English of one of them changed since (where none did, every bead is kept as it stands and the
      translator's order stays; where one did, the page follows the English order). Two list items of one
      shape a translator swapped (``- **일관성**`` put before ``- **투명성**``) paired crosswise, each sure; the
      English of ``Consistency`` changed, its bead held ``- **투명성**``, unedited since the base, which was
      replaced by machine text: the human ``Transparency`` item was lost without a word (diffusers ko
      conceptual/ethical_guidelines.md, bench_properties bp7 round 24, P1)."""
    ones = [k for k, bead in enumerate(beads) if bead.sure and len(bead.en) == len(bead.tr) == 1]
    if not ones:
        return beads
    was = content_blocks(then)
    now = content_blocks(tr)
    old_t, new_t = [x.text.strip() for x in was], [x.text.strip() for x in now]
    if old_t == new_t:
        return beads  # no block of the translation changed since the base (the cheap, usual case)
    at = {id(x): n for n, x in enumerate(now)}
    base_of: dict[int, int] = {}  # index in ``now`` -> index in ``was`` of the same block
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old_t, new_t, autojunk=False).get_opcodes():
        if tag == "equal":
            base_of.update({j1 + n: i1 + n for n in range(j2 - j1)})
        elif tag == "replace":
            for j in range(j1, j2):
                held = sorted(((_held_in(old_t[i], new_t[j]), i) for i in range(i1, i2)), reverse=True)
                if held and held[0][0] >= 0.8 and (len(held) == 1 or held[1][0] < 0.5):
                    base_of[j] = held[0][1]
    old_n, new_n = Counter(old_t), Counter(new_t)
    once = {t: i for i, t in enumerate(old_t) if old_n[t] == 1}
    for j, t in enumerate(new_t):
        if j not in base_of and t in once and new_n[t] == 1:
            base_of[j] = once[t]  # moved: its text once in both
    pos = {id(x): n for n, x in enumerate(was)}
    english_of: dict[int, Block] = {}  # index in ``was`` -> the English block it translated at the base
    for bead in pair_docs(base, then, lang, length):
        if bead.sure and len(bead.en) == len(bead.tr) == 1 and id(bead.tr[0]) in pos:
            english_of[pos[id(bead.tr[0])]] = bead.en[0]
    where_en = {id(x): k for k, bead in enumerate(beads) for x in bead.en}
    target: dict[int, int] = {}  # bead -> the bead of the English its translated block translated at the base
    for k in ones:
        j = at.get(id(beads[k].tr[0]))
        own = english_of.get(base_of[j]) if j is not None and j in base_of else None
        if own is not None and own is not beads[k].en[0] and id(own) in where_en:
            target[k] = where_en[id(own)]
    out = list(beads)
    for k, k2 in target.items():  # moved into a gap
        gap = beads[k2]
        lo, hi = sorted((k, k2))
        if (not gap.tr and len(gap.en) == 1 and k2 not in target
                and not any(beads[n].tr for n in range(lo + 1, hi))):
            out[k2] = Bead(gap.en, beads[k].tr, beads[k].confidence, beads[k].cost)
            out[k] = Bead(beads[k].en, (), gap.confidence, gap.cost)
    here = {x.text for x in content_blocks(new)}
    done: set[int] = set()
    for start in target:  # swapped
        cycle, k = [], start
        while k in target and k not in done and k not in cycle and target[k] in ones:
            cycle.append(k)
            k = target[k]
        done.update(cycle)
        if not cycle or k != start or not any(beads[n].en[0].text not in here for n in cycle):
            continue  # not a whole cycle, or nothing of it changed: kept as the in-order alignment has it
        for n in cycle:
            j = target[n]
            out[n] = Bead(beads[n].en, beads[j].tr, min(beads[n].confidence, beads[j].confidence), beads[j].cost)
    return out


def _held_in(old: str, new: str) -> float:
    """How much of the shorter of two texts the longer holds (matched characters over the shorter's length):
    1.0 for a cut (a prefix) or an unchanged text, high for a correction. Not :func:`_likeness`, which asks
    whether ``new`` keeps ``old`` (an English paragraph edited by additions): a cut keeps little of its block."""
    if not old or not new:
        return 0.0
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    return sum(m.size for m in matcher.get_matching_blocks()) / min(len(old), len(new))


def _unplaced(beads: list[Bead], tr: Document, machine: frozenset[str], english: set[str], *,
              draft: bool = False) -> KeptBeads:
    """Where the page is rendered from the English (:attr:`UpdatePlan.structure_fallback`): the translated
    blocks no English block is paired with (0-1 beads, even after :func:`_moved_in_translation`) that hold
    text a human wrote (a segment to translate that no run wrote, ``machine``, and that is no English
    leftover, ``english``) have no place in that rendering. They are kept after the page under
    :data:`REVIEW_MARK` and said in one :class:`~.pipeline.Conflict`: their place cannot be decided, and
    rendered from the English they were dropped without a word (s38, round 2: a section the translator moved
    and the aligner could not pair lost its human heading, ``translated 1, conflicts []``).

    So are the translated blocks of every bead but a sure 1-1 one (a paragraph the translator split in two or
    merged, an unsure pair): the rendering takes human text only from sure 1-1 beads, segment by segment
    (:func:`~hfi18n.pair.model.sure_pairs`), and sends the English of the others to the model. A translator
    split the paragraph under the title of smolagents ko reference/agents.md and moved its ``## 메모리``
    section before ``## 프롬프트``; that section's English heading paired by level with another one, the
    page's structure no longer followed the English, and the update rendered it from the English with a
    machine translation of the split paragraph: both human halves were gone without a word (bench_properties
    bp12, 2026-11-28, round 82: P1, three steps)."""
    out = KeptBeads()
    rendered = {id(t) for _e, t in sure_pairs(beads)}
    lost = [] if draft else [x for bead in beads for x in bead.tr if id(x) not in rendered
                             if any(needs_translation(s) and s.text not in english and segment_hash(s.text) not in
                                    machine for s in x.segments)]
    # review comments of earlier updates stay too, as they are (the page's overrides, which carried them, are
    # not used here: see :func:`keep_beads`'s ``marks_after``)
    marks = "".join(x.text.rstrip("\n") + "\n\n" for x in tr.blocks if _is_mark(x))
    if not lost:
        if marks:
            out.overrides[AFTER] = "\n" + marks
        return out
    _c, rc, _p = _chunks(tr)
    text = "".join(tr.blocks[i].text for x in lost for i in range(*rc[id(x)]) if not _is_mark(tr.blocks[i]))
    out.overrides[AFTER] = "\n" + review_comment(text, where="the aligner could not place it in the English") + marks
    out.review_lines.append(lost[0].start_line)
    out.conflicts.append(Conflict(lost[0].start_line, 0, "its place in the English could not be decided; "
                                  "it is kept at the end of the page, under the review mark"))
    return out


def _is_mark(block: Block) -> bool:
    """Is ``block`` a review comment (:func:`review_comment`): human text an update could not place?"""
    return block.kind is BlockKind.COMMENT and block.text.lstrip().startswith(REVIEW_MARK)


def segments_at_base(page: str, machine: frozenset[str]) -> frozenset[str]:
    """``at_base`` of :func:`plan_update`: :func:`~hfi18n.repo.ledger.segment_hash` of the translated segments
    as they were when the translation last followed its English (``page``: the translation then,
    :attr:`hfi18n.repo.history.Followed.translated`; "" for a recorded write alone) and of those the runs
    wrote (``machine``: the ledger's and the review record's).

    A page that carries the reader notice (:mod:`hfi18n.doc.notice`: a run wrote machine text into it) while
    no run's text is known here (no ledger: a fresh clone; no review record: it was never committed) is a
    run's write, perhaps with hand edits on top, that nobody can take apart: nothing of it is known to be the
    translation at its base, so every text of it whose English changed is kept and said
    (:class:`~.pipeline.Conflict`), never replaced on a guess. The case: a run's page, a translator's edit of
    one paragraph, ``git add`` of the page alone (its ``_review/`` record left out), then the English of that
    paragraph changed; in a fresh clone the page as committed was the translation at its base, the edit no
    edit, and the update replaced the human text with machine text without a word, where the clone that ran
    kept it and said so (issue 31's leftovers: ``tests/test_follows_records.py``)."""
    if not machine and has_notice(page):
        return frozenset()
    return machine | {segment_hash(s.text) for s in parse(page).segments()} if page else machine


def edited_since_base(text: str, at_base: frozenset[str] | None) -> bool:
    """Is the translated segment ``text`` (placeholder form) a human edit made since the base: a text that
    neither the translation held when it last followed its English nor a run wrote (``at_base``: their
    :func:`~hfi18n.repo.ledger.segment_hash`; None: the translation as it was at its base is unknown, so
    no edit is known to be since it)?

    Why "since the base" and not "human": where the English of a paragraph changed, its human translation
    from before the change is the translation of the old English and is replaced; only an edit the translator
    made after the base may already follow the new English, which nobody can tell, so that one is kept and
    said (:class:`~.pipeline.Conflict`, issue 31's P5). The test is the same wherever an update meets such a
    paragraph -- changed in place, changed across a move (:func:`_moved_edits`), taken as carried
    (:func:`_guessed_edits`), unsure (:func:`_unsure_edits`) -- and was written three times, each with its own
    idea of the base: the taken-as-carried one added what runs wrote and the others did not, so a run's own
    text there counted as a human edit. The case that forced the one record under it: smolagents ko
    installation.md (bench_properties round 38): a failing run's page committed with a hand edit in the same
    commit was its own base, hand edit included, so the edit was no edit and machine text replaced it
    (``at_base`` is now the page before the hand edits: :func:`hfi18n.repo.history._translated_at_base`)."""
    return at_base is not None and segment_hash(text) not in at_base


def _guessed_edits(new_segs: list[Segment], tr: Document, kept: dict[str, list[str]], guessed: frozenset[str],
                   at_base: frozenset[str], said: list[Conflict]) -> list[Conflict]:
    """A :class:`~.pipeline.Conflict` for each English segment of ``guessed``
    (:func:`~hfi18n.repo.ledger.segment_hash` of its text) whose kept translated text (``kept``: segment id ->
    texts) holds a human edit made since the base (:func:`edited_since_base`), unless said already.

    A commit that changed a paragraph in both languages is taken as carrying the English change on the
    translation's word alone (``check`` says ``undecidable``), so that English is the one the translation
    follows and the update sees no English change there. A translator's later edit of that paragraph was then
    kept without a word: smolagents ko conceptual_guides/react.md (the focused bench run of s31 10fb12d,
    round 0): an update's page with a translator's edit committed by ``git add -A`` with a second English
    edit of the same paragraph, then, in a fresh clone, the translator edited it once more (P5 asks the
    update to say so). The English it stands for is no more certain than check said: the human text is
    kept, and said."""
    where = {s.text: s for s in tr.segments()}
    lines = {c.english_line for c in said}
    theirs = {c.line for c in said}  # one finding per paragraph of the translation too
    out: list[Conflict] = []
    for cur in new_segs:
        texts = kept.get(cur.id)
        if (not texts or cur.line in lines or segment_hash(cur.text) not in guessed or not needs_translation(cur)):
            continue
        edited = [where[t] for t in texts if t in where and edited_since_base(t, at_base)]
        if edited and edited[0].line not in theirs:
            out.append(Conflict(edited[0].line, cur.line))
            lines.add(cur.line)
            theirs.add(edited[0].line)
    return out


def _kept_headings(base: Document, new: Document, tr: Document, human: dict[str, Segment], kept: dict[int, int],
                   translations: dict[str, str], overrides: dict[int, str], *, fallback: bool) -> dict[int, str]:
    """Headings of today's English rendered from a kept translated title (not kept whole as a bead) whose
    English title did not change (``kept``: old segment index -> new): the translation's heading line, byte
    for byte, as a kept bead keeps it, with the translation's own blank lines after it. Not where its anchor
    is the English anchor of the base and the English anchor changed since (today's is rendered). Block index
    -> its text (``""`` for the English blank lines the translation's replace).

    Why: where kept beads would not give the English structure the page is rendered from the English
    (:attr:`UpdatePlan.structure_fallback`), and every heading was rendered again: a translator's
    ``[[my-install]]`` became ``[[install-the-library]]`` under a heading whose English had not changed (the
    links of other translated docs to it broke: :mod:`hfi18n.check.custom_anchors`), and
    ``## 페이로드[[huggingface_hub.WebhookPayload]]`` got a space before its anchor (huggingface_hub ko
    package_reference/webhooks_server.md after two sections swapped, bench_properties; issue 31, P1).

    On that path (``fallback``) an identifier-only title (``### WebhookPayloadMovedTo``) needs no translation,
    and where the translation holds its sections in another order than the English it follows (a swap of
    the English committed with the translation's update) the aligner pairs none, so it has no kept title:
    it is the translation's one heading of the same level and the same title, if there is exactly one
    (:func:`_identifier_headings`); rendered from the English, it lost its
    ``[[huggingface_hub.WebhookPayloadMovedTo]]`` (same page, bench_properties). And the blank line the
    English has after a heading was written where the translation had none (``## 서버[[server]]`` directly
    over its paragraph): the blank lines after a kept heading are the translation's, where the block after
    it is of the same kind in both (:func:`_spacing`)."""
    out: dict[int, str] = {}
    block_of = {s.id: (i, blk) for i, blk in enumerate(new.blocks) for s in blk.segments}
    tr_block = {s.id: blk for blk in tr.blocks for s in blk.segments}
    base_block = {s.id: blk for blk in base.blocks for s in blk.segments}
    old_segs, new_segs = list(base.segments()), list(new.segments())
    found: list[tuple[int, Block, Block, Block | None]] = []  # (index, today's block, theirs, the base's)
    for i, j in kept.items():
        old, cur = old_segs[i], new_segs[j]
        mine = human.get(old.id)
        if mine is None or cur.id not in translations or cur.id not in block_of:
            continue
        idx, blk = block_of[cur.id]
        theirs = tr_block.get(mine.id)
        if theirs is not None:
            found.append((idx, blk, theirs, base_block.get(old.id)))
    if fallback:
        unchanged = {new_segs[j].id for j in kept.values()}
        found += [(idx, blk, theirs, None) for idx, blk, theirs in _identifier_headings(new, tr, unchanged)
                  if idx not in {f[0] for f in found}]
    where = {id(blk): i for i, blk in enumerate(tr.blocks)}
    for idx, blk, theirs, was in found:
        if (idx in overrides or blk.kind is not BlockKind.HEADING
                or theirs.kind is not BlockKind.HEADING or len(blk.segments) != 1 or len(theirs.segments) != 1
                or blk.meta.get("setext") or theirs.meta.get("setext")
                or blk.meta.get("level") != theirs.meta.get("level")
                or blk.text.count("\n") != 1 or theirs.text.count("\n") != 1 or not theirs.text.endswith("\n")):
            continue
        anchor = theirs.meta.get("explicit_anchor")
        if anchor and was is not None and anchor == was.meta.get("anchor") != blk.meta.get("anchor"):
            continue  # the English anchor it carries changed: today's is rendered
        out[idx] = theirs.text
        spacing = _spacing(new, idx, tr, where[id(theirs)], overrides)
        if spacing is not None:
            out[idx] += spacing.pop(idx)
            out.update(spacing)
    return out


def _identifier_headings(new: Document, tr: Document, unchanged: set[str]) -> list[tuple[int, Block, Block]]:
    """Today's English headings whose one segment needs no translation and did not change since the base
    (``unchanged``: segment ids), each with the translation's heading of the same level whose one segment is
    that same text, where each side has exactly one such heading (never a guess between two)."""
    def key(blk: Block) -> tuple[object, str] | None:
        if blk.kind is not BlockKind.HEADING or len(blk.segments) != 1:
            return None
        seg = blk.segments[0]
        return None if needs_translation(seg) else (blk.meta.get("level"), seg.text.strip())

    mine: dict[tuple[object, str], list[Block]] = {}
    for blk in tr.blocks:
        if (k := key(blk)) is not None:
            mine.setdefault(k, []).append(blk)
    ours: dict[tuple[object, str], list[tuple[int, Block]]] = {}
    for idx, blk in enumerate(new.blocks):
        if (k := key(blk)) is not None:
            ours.setdefault(k, []).append((idx, blk))
    return [(idx, blk, mine[k][0]) for k, found in ours.items() if len(found) == 1 and len(mine.get(k, ())) == 1
            for idx, blk in found if blk.segments[0].id in unchanged]


def _spacing(new: Document, idx: int, tr: Document, at: int, overrides: dict[int, str]) -> dict[int, str] | None:
    """The translation's blank lines after its heading ``tr.blocks[at]`` (appended to the kept heading's
    text), and the English blank blocks after today's heading ``new.blocks[idx]`` (rendered as nothing),
    where both headings are followed by blank lines only and then a block of the same kind (a heading
    directly over its paragraph stays so; over code or a tag another kind, the English spacing is kept):
    ``None`` where the English spacing is kept."""
    def blanks(doc: Document, i: int) -> tuple[list[int], Block | None]:
        k = i + 1
        while k < len(doc.blocks) and doc.blocks[k].kind is BlockKind.BLANK:
            k += 1
        return list(range(i + 1, k)), doc.blocks[k] if k < len(doc.blocks) else None

    ours, after = blanks(new, idx)
    theirs, their_after = blanks(tr, at)
    if (after is None or their_after is None or after.kind is not their_after.kind
            or any(k in overrides for k in ours)):
        return None
    return {idx: "".join(tr.blocks[k].text for k in theirs), **{k: "" for k in ours}}


EDITED = 0.6
"""How alike (:class:`difflib.SequenceMatcher` ratio) an English segment must be to its earlier version for the
two to be one paragraph edited: below it the paragraph was rewritten and the translation of the old one is
no candidate translation of the new one."""


def _edit_pairs(old: list[str], new: list[str], i1: int, i2: int, j1: int, j2: int) -> list[tuple[int, int]]:
    """The old and new English segments of a changed run (``old[i1:i2]`` became ``new[j1:j2]``), paired: in
    order when the run kept its length and that pairs edits, else the alignment, in order, of old segments
    with the new ones they were edited into (:func:`_edited`) that is the most alike in all
    (:func:`_edit_alignment`). Paired in order, a paragraph edited in a run that also gained or lost a segment
    (sections swapped around it) met the wrong neighbour, the human edit of its translation was never seen
    as a conflict and was replaced by machine text (smolagents reference/agents.md, property harness).
    Runs larger than :data:`EDIT_PAIRS_MAX` pairs of segments are paired in order (a redesign).

    A run that kept its length is paired in order only where that pairs edits: a paragraph inserted before an
    edited one and a list item removed after it make a run of two that became two, shifted by one; in order,
    the edited paragraph met the inserted one, its translator's edit was never seen as a conflict and machine
    text replaced it (P1; huggingface_hub ko installation.md ``Here is the list of optional dependencies``,
    bench_properties round 9 on land3 5e7d75d). The old and new segments left unpaired by edits are then
    paired in order where that crosses no edit (a rewritten paragraph keeps its previous text for review)."""
    ordered = list(zip(range(i1, i2), range(j1, j2), strict=False))
    if (i2 - i1) * (j2 - j1) > EDIT_PAIRS_MAX:
        return ordered
    if i2 - i1 == j2 - j1 and all(_edited(old[i], new[j]) for i, j in ordered):
        return ordered
    out = _edit_alignment(old[i1:i2], new[j1:j2], i1, j1)
    if i2 - i1 == j2 - j1:
        edits = list(out)
        used_old, used_new = {i for i, _ in edits}, {j for _, j in edits}
        out += [(i, j) for i, j in ordered if i not in used_old and j not in used_new
                and all((a < i) == (b < j) for a, b in edits)]
        out.sort()
    return out


def _edit_alignment(old: list[str], new: list[str], i0: int = 0, j0: int = 0) -> list[tuple[int, int]]:
    """Old segments paired, in order, with new ones they were edited into (:func:`_edited`), the pairing whose
    likeness (:func:`_likeness`) adds up to the most (a weighted longest common subsequence), indices offset by
    ``i0`` and ``j0``.

    Why not each old segment with the first later new one it was edited into: list items of one pattern are
    alike, so a new item inserted above took an edited one's place, and the next old item the one after.
    huggingface_hub ko package_reference/community.md (s36's bench run, 2026-11-28, 7 steps): the English
    ``- [`comment_discussion`]`` gained a sentence and ``- [`edit_discussion_comment`] It was reworded ...``
    another, and ``- [`change_discussion_status`] It stays in English ...`` changed on both sides; paired
    first-fit, the ``edit_discussion_comment`` item met ``comment_discussion`` and ``change_discussion_status``
    met ``edit_discussion_comment``, whose place then held that item's human text (kept as a conflict): the
    page lost an ``[`edit_discussion_comment`]`` reference and its own write gate refused the ideal update
    (P4), the human text in the wrong item (P1)."""
    score = [[0.0] * (len(new) + 1) for _ in range(len(old) + 1)]
    for a in range(len(old) - 1, -1, -1):
        for b in range(len(new) - 1, -1, -1):
            alike = _likeness(old[a], new[b])
            score[a][b] = max(score[a + 1][b], score[a][b + 1], alike + score[a + 1][b + 1] if alike else 0.0)
    out: list[tuple[int, int]] = []
    a = b = 0
    while a < len(old) and b < len(new):
        if score[a][b] == score[a + 1][b]:
            a += 1
        elif score[a][b] == score[a][b + 1]:
            b += 1
        else:
            out.append((i0 + a, j0 + b))
            a, b = a + 1, b + 1
    return out


def _moved_edits(old: list[str], new: list[str], in_order: dict[int, int], moved: dict[int, int],
                 edits: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Old and new English segments the English moved and changed on the way: an old segment no diff pairs
    (none of ``edits``, the changed runs' pairs, nor an equal item of :func:`hfi18n.pair.diff.same_items`) and
    a new one no diff pairs, edited from it (:func:`_edited`): first the new segment at its place next to
    where a moved neighbour went, else any left over, in order (at most :data:`EDIT_PAIRS_MAX` comparisons
    of the latter).

    Why: to the in-order diff a moved passage is a deletion and an insertion, so a paragraph edited in it is
    in no changed run (:func:`_edit_pairs`); its translation, edited by a human after the English changed,
    was never seen as a conflict and was replaced by machine text (smolagents tutorials/memory.md,
    bench_properties on main, issue 31, P1 and P5: two sections swapped, then a paragraph of the moved one
    edited in both languages; and two paragraphs swapped, then the one that moved edited in both: its
    neighbours had not moved, so the place next to them said nothing)."""
    taken = set(in_order.values()) | set(moved.values()) | {j for _i, j in edits}
    paired = {i for i, _j in edits}
    left = [i for i in range(len(old)) if i not in in_order and i not in moved and i not in paired]
    spare = [j for j in range(len(new)) if j not in taken]
    anywhere = len(left) * len(spare) <= EDIT_PAIRS_MAX
    out: list[tuple[int, int]] = []
    for i in left:
        near = [moved[i + step] - step for step in (-1, 1) if i + step in moved]
        for j in [*near, *(spare if anywhere else ())]:
            if 0 <= j < len(new) and j not in taken and _edited(old[i], new[j]):
                out.append((i, j))
                taken.add(j)
                break
    return out


EDIT_PAIRS_MAX = 400
"""Most old x new segments of a changed run :func:`_edit_pairs` compares by likeness."""


def _edited(old: str, new: str) -> bool:
    """Is ``new`` the English segment ``old`` edited (not rewritten)? Where a human also edited its translation
    since the base, nobody can tell whether that edit follows ``new`` (:class:`~.pipeline.Conflict`); a page
    redesigned at the same path pairs unrelated paragraphs in order (diffusers ko installation.md: the human
    text of one kept as the translation of another failed ``check``).

    Alike by :data:`EDITED`, or ``old`` kept in ``new`` almost whole, in order (:data:`KEPT_WHOLE`): a short
    paragraph that gained a sentence (smolagents installation.md ``Using [`uv`](...):``, bench_properties) is
    below the likeness ratio, so its translator's edit was taken for the translation of a rewritten
    paragraph and replaced by machine text (P1, P5)."""
    return _likeness(old, new) > 0.0


def _likeness(old: str, new: str) -> float:
    """How alike ``new`` is to ``old`` (:class:`difflib.SequenceMatcher` ratio) when it is ``old`` edited
    (:func:`_edited`), else 0.0; a segment kept almost whole (:data:`KEPT_WHOLE`) counts at least a little, so
    it is paired wherever nothing more alike competes for it (:func:`_edit_alignment`)."""
    m = difflib.SequenceMatcher(None, old, new, autojunk=False)
    if m.real_quick_ratio() >= EDITED and m.quick_ratio() >= EDITED:
        ratio = m.ratio()
        if ratio >= EDITED:
            return ratio
    if len(old) < KEPT_WHOLE_MIN or min(len(old), len(new)) < KEPT_WHOLE * len(old):
        return 0.0
    # the characters both have, counted as multisets (what quick_ratio is made of), bound the ones the matching
    # blocks keep: below the share, the blocks are not worked out (742 of the 1,500 pairs of a plan of five
    # diffusers ko docs, a sixth of its time, each answered 0.0 as before)
    common = round(m.quick_ratio() * (len(old) + len(new)) / 2)
    if common < KEPT_WHOLE * len(old):
        return 0.0
    if sum(b.size for b in m.get_matching_blocks()) >= KEPT_WHOLE * len(old):
        return max(m.ratio(), 1e-3)
    return 0.0


KEPT_WHOLE = 0.9
"""Share of an English segment's characters its new version keeps, in order, for the two to be one paragraph
edited whatever text was added (:func:`_edited`)."""
KEPT_WHOLE_MIN = 8
"""Shorter segments (``Note:``) are found in unrelated paragraphs: only the likeness ratio pairs them."""


def skeleton(doc: Document) -> list[tuple[str, str]]:
    """What ``check`` requires of a translation's structure: heading levels, ``[[autodoc]]`` blocks, the
    number of code blocks, and the doc-builder components (:func:`hfi18n.doc.components.mdx_tags`), in order.

    Why: where the translation does not follow the English it is said to (a base found by similarity in
    a history of renames and sweeps: huggingface_hub ko package_reference/utilities.md keeps an
    ``[[autodoc]]`` and a section the English moved elsewhere), kept beads give a page with another
    structure than the English and ``check`` refuses it. Such a page is rendered from the English
    structure as before issue 24 (its prose kept segment by segment): never worse than before. A tip
    the aligner paired with a plain English paragraph (huggingface_hub ko guides/cli.md, whose base is
    far older than what it translates) is such a case; ``<Tip>`` and ``> [!TIP]`` count the same."""
    out = [("component", label) for label, _line in mdx_tags(doc)]
    for b in doc.blocks:
        if b.kind is BlockKind.HEADING:
            out.append(("h", str(b.meta.get("level"))))
        elif b.kind is BlockKind.AUTODOC:
            out.append(("autodoc", dedent_block(b.text).strip()))
        elif b.kind is BlockKind.CODE:
            out.append(("code", ""))
    return out


@dataclass(slots=True)
class KeptBeads:
    """What :func:`keep_beads` keeps of the existing translation."""

    overrides: dict[int, str] = field(default_factory=dict)
    """Index in today's English blocks -> the translated text that replaces it (``""``: nothing)."""
    segments: dict[str, list[str]] = field(default_factory=dict)
    """Today's segment ids covered by a kept bead -> the translated segment texts of that bead."""
    beads_kept: int = 0
    beads_sent: int = 0
    review_lines: list[int] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    """Merged passages kept whole though part of their English changed (one finding each)."""
    left_out: dict[str, int] = field(default_factory=dict)
    """Today's segment id -> its line, of the English paragraphs the translation leaves out and the update
    leaves out again (:func:`_left_out`): not sent, not rendered."""


def _chunks(doc: Document) -> tuple[list[Block], dict[int, tuple[int, int]], int]:
    """Content blocks of ``doc``; for each (by ``id``) its block index range in ``doc.blocks`` up to the
    next content block (the blank lines, comments and raw lines after it belong to it); and the index of
    the first content block (what comes before is the prefix: license header, front comments)."""
    content = content_blocks(doc)
    where = {id(b): i for i, b in enumerate(doc.blocks)}
    starts = [where[id(b)] for b in content]
    ranges = {id(b): (starts[k], starts[k + 1] if k + 1 < len(starts) else len(doc.blocks))
              for k, b in enumerate(content)}
    return content, ranges, starts[0] if starts else len(doc.blocks)


def _faithful(bead: Bead) -> bool:
    """The translated blocks of a bead keep the ``[[autodoc]]``, math and colab blocks of their English as
    they are (layout aside). A bead that does not is re-rendered from the English (its prose kept segment
    by segment): those blocks hold no human words, and an edited ``[[autodoc]]`` kept byte for byte gave a
    page with another structure than the English (:func:`skeleton`), so the whole page was rendered from
    the English instead of that one bead.

    Everything else of a bead whose English did not change is kept byte for byte (issue 24's rule), also
    where ``check`` finds an error in it, since the previous translation had that same error against
    today's English: the write gate reports it as a warning "already in the previous translation"
    (:func:`hfi18n.write.gate.set_update_baseline`) and the page is written finished, not as a draft.
    Before, two more kinds of bead were re-rendered, and 16 of 28 docs of ``bench/bench_update_structure.py``
    were not byte-identical outside the changed paragraph:

    - code that differs from its English beyond comments, docstrings and strings (a ``torch_dtype`` ->
      ``dtype`` sweep that reached the translation but not the English it follows; ``* 댓글을 추가하려면``
      inside a code block of huggingface_hub ko guides/community.md): set back to the English code, the
      translator's lines were lost on 12 docs (72 lines);
    - a heading with no explicit ``[[anchor]]``, or a malformed one (``## 엔드 투 엔드 예제[an-end-to-end-example]``
      on huggingface_hub ko guides/inference_endpoints.md): the English anchor was appended, rewriting the
      translator's heading, and a malformed anchor got a second one beside it, no better than before.
      Kept as it is, the heading is exactly what the page had: doc-builder builds it as it built it before
      (an anchor that is not ``[[...]]`` is heading text to it), links to the English anchor break as they
      did before, and ``check`` keeps naming the heading (a warning now), so a human fixes it on purpose
      (``check --fix-anchors`` renames custom anchors, with their links)."""
    if any(t.kind is BlockKind.CODE and t.meta.get("fence") and not fence_closed(t.text, str(t.meta["fence"]))
           for t in bead.tr):  # a fence a cut file never closes swallows the page after it (issue 31)
        return False
    if skeleton(Document(list(bead.en))) != skeleton(Document(list(bead.tr))):
        # a callout the translation wrote as a plain paragraph (diffusers ko tutorials/basic_training.md): kept,
        # the page had another structure than the English and was rendered whole from it, translated code lost
        return False
    return all(dedent_block(e.text).strip() == dedent_block(t.text).strip()
               for e, t in zip(bead.en, bead.tr, strict=False)
               if e.kind in (BlockKind.AUTODOC, BlockKind.MATH, BlockKind.COLAB))


def _is_leftover(bead: Bead, draft: bool, unfinished: frozenset[str]) -> bool:
    """A bead whose translation still holds one of its English segments in a draft (unfinished work)."""
    english = {s.text for b in bead.en for s in b.segments if needs_translation(s)}
    return any(s.text in english and (draft or segment_hash(s.text) in unfinished)
               for b in bead.tr for s in b.segments)


def _left_out(beads: list[Bead], where: Callable[[Bead], list[int] | None],
              keepable: Callable[[Bead], bool], kept_whole: Callable[[Bead], bool] = lambda bead: False) -> set[int]:
    """Indexes of the 1-0 beads (an English paragraph with no translation) whose English did not change and
    whose neighbours are kept as they are (kept beads, a translator's own blocks; the ends of the doc are no
    neighbours: :func:`hfi18n.pair.model.omitted`): the translation leaves that paragraph out, and the update
    leaves it out again, byte for byte.

    Why: such a bead is either a paragraph the translator merged into the one before it, where the aligner
    could not prove the merge (smolagents ko examples/text_to_sql.md: two merged paragraphs read as a 1-1
    and a 1-0, and the update added a machine translation of the second one after the merge: a duplicate),
    or one the translator chose to leave out; sent, it added text outside the changed paragraph on 2 of 28
    docs of bench/bench_update_structure.py. Only prose: a heading, code or tag the English has is still
    sent (smolagents ko guided_tour.md left a whole section out; left out again, ``check`` refused the
    page). Never next to a changed bead whose translation the update replaces: the translation of a merge
    whose other half changed goes with the new text, and its English must then be sent. A changed bead whose
    every translated segment is kept as it is (``whole``: ids of the translation's segments the update keeps
    one by one, a paragraph changed on both sides kept and said, :class:`~.pipeline.Conflict`) replaces
    nothing (:func:`keep_beads`'s ``kept_whole``), so it is a neighbour like a kept bead: smolagents ko tutorials/memory.md (bench_properties round
    37): a translator merged ``You can also use step callbacks ...`` into the next paragraph's translation,
    and edited the one before it, whose English changed too; the aligner read the short merged sentence as
    1-0, the update sent it again beside the merge, and the draft said that sentence twice. What ``status``
    counts as held is the same rule (:func:`hfi18n.pair.model.unheld`: a 1-0 paragraph between translated
    neighbours), so an update leaves nothing out that makes the page "incomplete"."""
    def lone(bead: Bead) -> bool:
        return not bead.tr and where(bead) is not None and all(x.kind is BlockKind.PARAGRAPH for x in bead.en)

    return omitted(beads, lone, lambda bead: not bead.en or keepable(bead) or kept_whole(bead))


def _since_base(blocks: tuple[Block, ...] | list[Block], english: set[str], at_base: frozenset[str] | None,
                unfinished: frozenset[str]) -> list[Block]:
    """The translated paragraphs of ``blocks`` that hold text a human wrote since the base
    (:func:`edited_since_base`): not an English text of ``english`` left as it is, nor one a run left in
    English (``unfinished``)."""
    return [x for x in blocks if x.kind is BlockKind.PARAGRAPH and x.text.strip() not in english
            and any(edited_since_base(s.text, at_base) and segment_hash(s.text) not in unfinished
                    for s in x.segments)]


def _unsure_edits(region: list[Bead], fresh: list[Block], at_base: frozenset[str] | None,
                  unfinished: frozenset[str] = frozenset()) -> tuple[list[Conflict], list[Block]]:
    """The :class:`~.pipeline.Conflict` s of a changed region's unsure beads kept under :data:`REVIEW_MARK`
    (``fresh``: today's English blocks of that region): one for each translated paragraph of an unsure bead
    (1-1 or 0-1) that holds text a human wrote since the base (outside ``at_base``: :func:`edited_since_base`),
    where an English paragraph of the region's unsure beads (1-1 or 1-0) was edited in place
    (:func:`_edited`: one paragraph of ``fresh``), in order; none where no English paragraph of the region was
    edited in place: a human text kept for review is said as a conflict only where both sides changed.

    smolagents ko tutorials/memory.md (bench_properties on main, 2026-11-27, round 47): after a sweep the
    English ``If you want to replay this last run, just use:`` gained a sentence and a translator edited its
    translation (not committed). The edit made the short pair unsure (0.40: the translation grew, the
    English did not yet), so the update kept the human text under the review mark, but said nothing of a
    paragraph changed on both sides (P5).

    Why the region and not the bead: huggingface_hub ko package_reference/community.md (bench_properties on
    land3 2053dd2, rounds 53 and 59): the English list item ``- [`rename_discussion`]`` of the base gained a
    sentence, and in the same commit a translator edited the draft's translation of it; the pair model cannot
    pair a bare link with a sentence of Korean, so the English was a 1-0 bead and the translation a 0-1 one,
    and the one-bead test (1-1 only) kept the human text without a word. Which English the human text
    translates is as undecidable as in the 1-1 case: it is kept, and said once. A paragraph a run left in
    English (``unfinished``, or today's English of the region as it stands) is no human text: the draft's
    ``- [`comment_discussion`] ...`` next to it was said too before that test.

    Second: the English paragraphs edited in place that no human text of the region took (the region holds
    none): :func:`keep_beads` says them with the human edits of unsure beads kept elsewhere
    (:func:`_crossed_edits`)."""
    def paragraph(x: Block) -> bool:
        return x.kind is BlockKind.PARAGRAPH

    unsure = [bead for bead in region if not bead.sure and len(bead.en) <= 1 and len(bead.tr) <= 1]
    english = {x.text.strip() for x in fresh} | {x.text.strip() for bead in region for x in bead.en}
    human = _since_base([x for bead in unsure for x in bead.tr], english, at_base, unfinished)
    edited: list[Block] = []
    for bead in unsure:
        if bead.en and paragraph(bead.en[0]):
            edits = [x for x in fresh if paragraph(x) and _edited(bead.en[0].text, x.text)]
            if len(edits) == 1 and edits[0] not in edited:
                edited.append(edits[0])
    if not human:
        return [], edited
    if not edited:
        return [], []
    return [Conflict(x.start_line, edited[min(k, len(edited) - 1)].start_line) for k, x in enumerate(human)], []


def _crossed_edits(loose: list[Block], held: list[Block], said: list[Conflict]) -> list[Conflict]:
    """One :class:`~.pipeline.Conflict` for each human paragraph of ``held`` (the human edits since the base of
    unsure beads kept as they are, their English unchanged) while an English paragraph of ``loose`` (edited in
    place, with no human text in its region: :func:`_unsure_edits`) is unsaid, in order; none unless both.

    The pair model aligns in order, so a translation whose paragraphs cross their English (an older English
    order kept by the translation) pairs one of them and leaves the other a 1-0 bead: which one depends on the
    lengths, and a translator's edit changes them. diffusers ko installation.md (bench_properties on land3
    09bc234, bp6 round 0): the page pairs ``Diffusers is tested on Python 3.8+ ...`` with its translation for
    sure; its English changed, then the translator edited that translation (not committed, a fresh clone).
    The edit flipped the alignment: the translation of ``Install Diffusers with one of the following
    methods.`` (before it in the translation, after it in the English) became the sure pair, the edited
    paragraph an unsure 1-2 bead of an unchanged English paragraph further on, kept as it is, and the changed
    English a 1-0 bead, sent. The human text was kept beside the new machine text without a word (P5). Which
    English it translates is not known: it is kept, and said once."""
    named = {c.english_line for c in said}
    taken = {c.line for c in said}
    loose = [x for x in loose if x.start_line not in named]
    held = [x for x in held if x.start_line not in taken]
    if not loose:
        return []
    return [Conflict(x.start_line, loose[min(k, len(loose) - 1)].start_line) for k, x in enumerate(held)]


def keep_beads(beads: list[Bead], base: Document, new: Document, tr: Document, *, draft: bool = False,
               leftover_ids: frozenset[str] = frozenset(), unfinished: frozenset[str] = frozenset(),
               at_base: frozenset[str] | None = None, whole: frozenset[str] = frozenset(),
               given: frozenset[str] = frozenset()) -> KeptBeads:
    """Block overrides of today's English ``new`` that keep, byte for byte, every bead of ``tr`` whose
    English blocks are unchanged from ``base`` (see step 6 of the module doc).

    A bead is unchanged when each of its English blocks is equal (same text) to one of today's blocks and
    those are consecutive. Its text (its translated blocks and what follows each up to the next content
    block) replaces the first of today's blocks; the others render as nothing. Code is no exception: a
    translator's sample strings and outputs (``"안녕하세요, 잘 지내고 계신가요?"``, a ``text`` block of
    Korean output: 12 lines on smolagents ko reference/models.md) stay while the English code does not
    change, as long as ``check`` accepts it (:func:`_faithful`).

    Between two kept beads, where the English changed or gained blocks (a *region*), the translation's
    blocks are replaced by the new English: those of sure changed beads, except a passage a translator merged
    whose English changed only in part (:func:`half` inside: kept whole, one :class:`~.pipeline.Conflict`).
    Those the aligner is unsure of
    (an unsure changed bead, a translator's own 0-1 block) are kept after the new text under
    :data:`REVIEW_MARK` (:func:`review_comment`), never dropped on a guess; an unsure paragraph whose English
    was edited in place and whose text a human changed since the base (outside ``at_base``) is a
    :class:`~.pipeline.Conflict` too (:func:`_unsure_edits`; kept on an unsure pairing elsewhere, its English a 1-0
    bead edited in place: :func:`_crossed_edits`). An English block with no translation (1-0) is sent
    like a changed one, as before, unless it is prose between kept beads (:func:`_left_out`) (smolagents ko guided_tour.md left a whole English section out; left out
    again, the page failed ``check``); beside a 0-1 block (perhaps its translation the aligner could not
    prove: a duplicate machine paragraph in the issue) the human block is kept under the mark, except a structural block (a tag, code) the new English brings again: the
    translation of smolagents guided_tour.md had the ``<hfoption id="Subclass Tool">`` tag and its code an
    English version earlier than its base, and keeping them beside the new English broke the page's tags.
    """
    out = KeptBeads()
    a, _ra, _pa = _chunks(base)
    b, rb, prefix_b = _chunks(new)
    c, rc, prefix_c = _chunks(tr)
    if not c:
        return out
    in_order, moved = same_items([x.text for x in a], [x.text for x in b])
    now = {id(a[i]): j for i, j in in_order.items()}  # id of a base content block -> today's equal block
    now.update({id(a[i]): j for i, j in moved.items()})
    moved_b = set(moved.values())  # today's blocks the English moved here unchanged

    def text_of(blocks: tuple[Block, ...]) -> str:
        return "".join(tr.blocks[i].text for x in blocks for i in range(*rc[id(x)]))

    head = "".join(x.text for x in tr.blocks[:prefix_c])
    if draft and is_draft(head):
        head = head.split("\n", 1)[1] if "\n" in head else ""
    carry = ""
    last = BEFORE  # the override that text waiting for a place can follow
    if prefix_b:  # today's prefix blocks take the translation's prefix
        last = 0
        out.overrides.update({i: "" for i in range(1, prefix_b)})
    out.overrides[last] = head
    region: list[Bead] = []
    loose: list[Block] = []  # English paragraphs edited in place with no human text of their region to say them
    held: list[Block] = []  # human edits since the base of unsure beads kept as they are
    edge = -1  # index in b of the last English block of the last kept bead

    def spacing(bead: Bead, at: int) -> None:
        """A sure 1-1 bead whose English changed, rendered as today's block ``at``, keeps the blank lines
        the translator put after it (two before a heading where the English has one: the one line outside
        the changed paragraph that differed on huggingface_hub ko guides/model-cards.md)."""
        if not (bead.sure and len(bead.en) == len(bead.tr) == 1):
            return
        lo_c, hi_c = rc[id(bead.tr[0])]
        lo_b, hi_b = rb[id(b[at])]
        theirs, ours = tr.blocks[lo_c + 1:hi_c], new.blocks[lo_b + 1:hi_b]
        if theirs and ours and all(x.kind is BlockKind.BLANK for x in (*theirs, *ours)):
            out.overrides[lo_b + 1] = "".join(x.text for x in theirs)
            out.overrides.update({k: "" for k in range(lo_b + 2, hi_b)})

    def kept_whole(bead: Bead) -> bool:
        """A bead whose English changed and whose every translated segment the update keeps as it is, one by one
        (``whole``: ids of the translation's segments kept at the segment level, a paragraph changed on both
        sides kept and said among them): it replaces nothing."""
        return bool(bead.en and bead.tr and whole) and all(
            x.kind is BlockKind.PARAGRAPH and x.segments and all(s.id in whole for s in x.segments) for x in bead.tr)

    def settle(upto: int) -> str:
        """The human text of the region before today's block ``upto`` (kept, reviewed or replaced).

        A region whose English changed only in beads kept whole (:func:`kept_whole`), today's English of it
        rendered from kept text alone (``given``: ids of today's segments whose translation is kept),
        replaces nothing: the translator's own blocks in it stay as they are, not under the review mark.
        smolagents ko reference/agents.md (bench_properties on s36's harness, 2026-11-28, round 3): a
        translator moved the translation of ``Both require arguments ...`` into the ``[`CodeAgent`]`` list
        item (a 0-1 block beside two English 1-0 beads, left out: :func:`_left_out`), then the paragraph
        before it changed on both sides (kept and said). The update put the moved block under the review
        mark, an HTML comment, while the two English paragraphs it translates stayed left out: the page lost
        their text (``check``: ``[`CodeAgent`]`` missing) and the ideal update was refused.

        A translator's own block that left-out paragraphs have as a neighbour (``holders``) stays as it is
        in any changed region: leaving those paragraphs out says that block holds them, so under the review
        mark their text was on the page nowhere. The same page with the English of ``We provide ...`` alone
        changed (s39): its sure pair re-translated, the moved block under the mark, and the refusal again."""
        rest = [i for i in range(edge + 1, upto) if i not in placed]
        fresh = {skeleton_key(b[i]) for i in rest}
        changed = any(bead.en for bead in region) or bool(fresh)
        own = "".join(text_of(bead.tr) for bead in region)
        if not changed:
            return own
        if not any(bead.en and not kept_whole(bead) for bead in region) and all(
                b[i].segments and all(s.id in given for s in b[i].segments) for i in rest):
            return "".join(text_of(bead.tr) if not bead.en else marks_after(bead.tr) for bead in region)
        if len(region) == 1 and upto == edge + 2:
            spacing(region[0], upto - 1)
        keep: list[Block] = []
        held: list[Block] = []  # the translator's own blocks that hold paragraphs left out beside them
        marks = ""  # review comments after the translated blocks of sure beads replaced here
        for bead in region:
            if bead.en:
                out.beads_sent += 1
                if bead.sure:
                    marks += marks_after(bead.tr)
                    continue
            if id(bead) in holders:
                held += bead.tr
                continue
            keep += [x for x in bead.tr if x.translatable or skeleton_key(x) not in fresh]
        found, unsaid = _unsure_edits(region, [b[i] for i in range(edge + 1, upto) if i not in placed], at_base,
                                      unfinished)
        loose.extend(unsaid)
        for said in found:
            if said.line not in {c.line for c in out.conflicts}:
                out.conflicts.append(said)
        if not keep:
            return text_of(tuple(held)) + marks
        out.review_lines.append(keep[0].start_line)
        return review_comment(text_of(tuple(keep))) + text_of(tuple(held)) + marks

    def marks_after(blocks: tuple[Block, ...]) -> str:
        """The review comments (:data:`REVIEW_MARK`) that follow ``blocks`` in the translation, each a block
        apart: human text an earlier update could not place stays until a translator deletes it. A comment
        rides with the block before it, and that block's bead, replaced by new text, took it along: the
        human list item an update had kept under the mark after ``- [`edit_discussion_comment`]`` of
        huggingface_hub ko package_reference/community.md was gone once that item's English changed
        (bench_properties bp8, 2026-11-28, round 69: P1)."""
        kept = ""
        for x in blocks:
            lo, hi = rc[id(x)]
            for y in tr.blocks[lo + 1:hi]:
                if _is_mark(y):
                    kept += y.text.rstrip("\n") + "\n\n"
        return kept

    pending: tuple[int, str, int] | None = None  # the last kept bead: (its override, its text, its last b)

    def joined(upto: int) -> bool:
        """What comes before today's block ``upto`` since the last kept bead is the translation's own text
        as it follows that bead (no English block, none changed): the translator's separators stand."""
        return upto == edge + 1 and not any(bead.en for bead in region)

    def apart() -> None:
        """Today's English or new text goes on after the last kept bead: keep it a block apart, as far as
        today's English is (the translation's last paragraph ends the file with one newline; the new English
        paragraph appended after it was glued to it, and the next update took the two as one: a duplicate).
        Only then: between two kept beads the translator's own separators stay, byte for byte (a blank line
        was added after a kept heading or paragraph on 3 of 28 docs of bench/bench_update_structure.py)."""
        if pending is None:
            return
        key, kept, at = pending
        lo, hi = rb[id(b[at])]
        english = "".join(x.text for x in new.blocks[lo:hi])
        need = len(english) - len(english.rstrip("\n"))
        have = len(kept) - len(kept.rstrip("\n"))
        if have < need:
            out.overrides[key] += "\n" * (need - have)

    def where(bead: Bead) -> list[int] | None:
        """Indexes in ``b`` of the bead's English blocks when they are unchanged (equal and consecutive)."""
        idx = [now.get(id(x)) for x in bead.en]
        if not bead.en or any(i is None for i in idx) or any(
                j2 != j1 + 1 for j1, j2 in zip(idx, idx[1:], strict=False)):  # type: ignore[operator]
            return None
        return idx  # type: ignore[return-value]

    def keepable(bead: Bead) -> bool:
        idx = where(bead)
        return idx is not None and bool(bead.tr) and not any(
            s.id in leftover_ids for i in idx for s in b[i].segments) and not _is_leftover(
            bead, draft, unfinished) and _faithful(bead)

    def carried(bead: Bead, idx: list[int]) -> None:
        """A kept bead the English moved (:func:`hfi18n.pair.diff.same_items`): its text goes where its English
        is now, a block apart from what follows, outside the in-order walk (issue 31)."""
        lo, hi = rb[id(b[idx[0]])]
        kept = text_of(bead.tr)
        last_lo, last_hi = rb[id(b[idx[-1]])]
        english = "".join(x.text for x in new.blocks[last_lo:last_hi])
        need = len(english) - len(english.rstrip("\n"))
        have = len(kept) - len(kept.rstrip("\n"))
        out.overrides[lo] = kept + "\n" * max(0, need - have)
        for i in idx:
            b_lo, b_hi = rb[id(b[i])]
            out.overrides.update({n: "" for n in range(b_lo, b_hi) if n != lo})
        placed.update(idx)
        tr_texts = [s.text for x in bead.tr for s in x.segments]
        out.segments.update({s.id: tr_texts for i in idx for s in b[i].segments})
        out.beads_kept += 1

    placed: set[int] = set()  # today's blocks a moved bead holds
    moves = [k for k, bead in enumerate(beads) if keepable(bead) and any(
        i in moved_b for i in where(bead) or ())]
    for k in moves:
        carried(beads[k], where(beads[k]) or [])
    def half(bead: Bead) -> list[int] | None:
        """Indexes in ``b`` of a passage a translator merged (one translated paragraph for two English ones or
        more) when some of its English is unchanged and the rest edited in place (:func:`_edited`): the human
        text of the unchanged half has no text of its own to keep, so the passage is kept whole and said to
        be a conflict (:class:`~.pipeline.Conflict`). Re-translated whole, the human text of the half whose
        English did not change was lost (diffusers ko training/create_dataset.md, bench_properties)."""
        if draft or not bead.sure or len(bead.en) < 2 or not bead.tr or not all(
                x.kind is BlockKind.PARAGRAPH for x in (*bead.en, *bead.tr)) or _is_leftover(bead, draft, unfinished):
            return None
        idx = [now.get(id(x)) for x in bead.en]
        known = [(n, j) for n, j in enumerate(idx) if j is not None]
        if not known or len(known) == len(idx):
            return None
        start = known[0][1] - known[0][0]
        want = list(range(start, start + len(idx)))
        if start < 0 or want[-1] >= len(b) or any(j is not None and j != w for j, w in zip(idx, want, strict=True)):
            return None
        if any(w in placed or w in moved_b for w in want):
            return None
        unchanged = set(now.values())
        for x, j, w in zip(bead.en, idx, want, strict=True):
            if j is None and (w in unchanged or b[w].kind is not BlockKind.PARAGRAPH or not _edited(x.text, b[w].text)):
                return None
        return want

    omitted = set() if draft else _left_out(beads, where, keepable, kept_whole)
    # a translator's own block (0-1) that a run of left-out paragraphs has as a neighbour holds them as the
    # translator chose to (:func:`_left_out`): it stays as it is in a changed region too, never under the
    # review mark, or the text of those paragraphs is on the page nowhere (see the docstring)
    holders = {id(beads[n]) for k in omitted for n in (k - 1, k + 1)
               if 0 <= n < len(beads) and n not in omitted and not beads[n].en and beads[n].tr}
    for k, bead in enumerate(beads):
        if k in moves:
            continue
        halved = None
        if k not in omitted and not keepable(bead):
            halved = half(bead)
            if halved is None:
                region.append(bead)
                continue
        idx = halved or where(bead)
        assert idx is not None
        covered = [s.id for i in idx for s in b[i].segments]
        first_b = idx[0]
        if not joined(first_b):
            apart()
        text = settle(first_b)
        region, edge = [], idx[-1]
        first = rb[id(b[first_b])][0]
        kept = text_of(bead.tr)
        out.overrides[first] = carry + text + kept
        carry, last = "", first
        for i in idx:
            lo, hi = rb[id(b[i])]
            out.overrides.update({n: "" for n in range(lo, hi) if n != first})
        if k in omitted:  # nothing of it is written: what came before it is what its English follows
            out.left_out.update({s.id: s.line for i in idx for s in b[i].segments})
            continue
        pending = (first, kept, idx[-1])
        tr_texts = [s.text for x in bead.tr for s in x.segments]
        out.segments.update({s: tr_texts for s in covered})
        out.beads_kept += 1
        if halved is None and not bead.sure:  # kept as it is, on an unsure pairing (:func:`_crossed_edits`)
            held.extend(_since_base(bead.tr, {x.text.strip() for x in bead.en}, at_base, unfinished))
        if halved is not None:  # one finding for the passage, at the first English paragraph that changed
            changed = next(b[w] for x, w in zip(bead.en, halved, strict=True) if now.get(id(x)) is None)
            out.conflicts.append(Conflict(bead.tr[0].start_line, changed.start_line))
    if not joined(len(b)):
        apart()
    carry += settle(len(b))
    if carry:  # after the last rendered block
        out.overrides[AFTER] = carry
    out.conflicts += _crossed_edits(loose, held, out.conflicts)
    return out
