"""Check a translation against the English it follows, and say once what the English changed since.

On a large real repository 1,076 of 1,254 ``check`` findings fell on outdated docs (issue 26): most
compared a translation with English its translator never saw, hundreds of anchor and code errors that one
``translate --update`` resolves. A translator could not find their own mistakes among them. So by default
an outdated translation is compared with the English it follows (the record ``status`` reads:
:func:`hfi18n.repo.history.followed`), and the drift since is ONE ``outdated`` warning per doc saying what
changed (paragraphs added, changed, removed; code blocks changed) and what to run; the other findings are
those of the translator, wrong against the English it follows and today's alike (:func:`both_ways`). A
translation whose base is unknown gets one ``base-unknown`` error (what ``status`` says: outdated, base
unknown) and is compared with today's English, the only English there is. ``check --against today`` keeps the comparison with
today's English for every doc (its ``drift`` finding then names the version the translation follows).
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Sequence

from ..doc import BlockKind, Document
from ..doc.pairing import needs_translation
from ..repo.history import Followed
from ..repo.layout import SOURCE_LANG
from .findings import ERROR, WARNING, Finding

AGAINST = ("followed", "today")
"""What ``check --against`` compares a translation with: the English it follows (default) or today's."""


def _diff(old: Sequence[str], new: Sequence[str]) -> tuple[int, int, int]:
    """``(added, changed, removed)`` items from ``old`` to ``new`` (a replaced run counts as changed
    pairwise, the rest of it as added or removed)."""
    added = changed = removed = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, list(old), list(new), autojunk=False).get_opcodes():
        if tag == "replace":
            pairs = min(i2 - i1, j2 - j1)
            changed += pairs
            added += (j2 - j1) - pairs
            removed += (i2 - i1) - pairs
        elif tag == "insert":
            added += j2 - j1
        elif tag == "delete":
            removed += i2 - i1
    return added, changed, removed


def _paragraphs(doc: Document) -> list[str]:
    return [s.text for s in doc.segments() if needs_translation(s)]


def _code(doc: Document) -> list[str]:
    return [b.text for b in doc.blocks if b.kind is BlockKind.CODE]


def what_changed(base: Document, today: Document) -> str:
    """``paragraphs: 3 added, 1 changed; code blocks: 2 changed`` from the English ``base`` to ``today``."""
    parts = []
    for label, (a, c, r) in (("paragraphs", _diff(_paragraphs(base), _paragraphs(today))),
                             ("code blocks", _diff(_code(base), _code(today)))):
        words = [f"{n} {what}" for n, what in ((a, "added"), (c, "changed"), (r, "removed")) if n]
        if words:
            parts.append(f"{label}: {', '.join(words)}")
    return "; ".join(parts) if parts else "no paragraph or code block changed (links, markup or whitespace only)"


def outdated_finding(file: str, rec: Followed, base: Document, today: Document, lang: str, en_rel: str) -> Finding:
    """The one finding of an outdated translation checked against the English it follows."""
    n = len(rec.behind)
    b = rec.base
    return Finding(file, 0, "outdated", WARNING,
                   f"outdated: {n} English commit{'s' if n != 1 else ''} since the version it follows "
                   f"({SOURCE_LANG}/{b.en_path_at_base} at {b.base_commit[:7]}): {what_changed(base, today)}; "
                   f"the other findings compare it with that version; update it: "
                   f"hfi18n translate --update --lang {lang} {en_rel}")


_NUMBER_RE = re.compile(r"\d+")


def _kind(f: Finding) -> str:
    """What a finding blames, as far as it does not depend on the English version compared with. A code
    finding blames this file (a block that differs, or is not in the English) or the English (a block of
    the English missing here): against today's English a block the English added is reported on the same
    translated line as a code line the translator changed, and the two are not one finding. A whole-file
    finding is its message (numbers aside); any other finding is its line and check (its words name
    English lines and titles that change from one version to the next)."""
    if not f.line:
        return _NUMBER_RE.sub("#", f.message)
    if f.check == "code":
        return "english" if "is missing here" in f.message else "file"
    return ""


def both_ways(against_base: list[Finding], *against_later: list[Finding]) -> list[Finding]:
    """The findings against the English a translation follows that every later English confirms: the
    English versions a sweep applied to both languages left (:attr:`hfi18n.repo.history.Followed.mirrored`)
    and today's.

    A difference with today's English alone is the drift (the ``outdated`` finding says it); a difference
    with the base alone is a change applied to both languages since the base (diffusers' ``runwayml/...``
    -> ``stable-diffusion-v1-5/...`` model ids turned 22 lines of ``ko/using-diffusers/loading.md`` into
    "code differs" errors against its base). A finding is the same in two comparisons when it is on the
    same translated line, of the same check and kind (:func:`_kind`), as many times as both have it there;
    the message kept is the one against the base."""
    def key(f: Finding) -> tuple[int, str, str]:
        return f.line, f.check, _kind(f)

    keep = list(against_base)
    for later in against_later:
        left = Counter(key(f) for f in later)  # as many on a line as the other comparison has there
        kept = []
        for f in keep:
            if left[key(f)] > 0:
                left[key(f)] -= 1
                kept.append(f)
        keep = kept
    return keep


def base_unknown_finding(file: str, note: str) -> Finding:
    """The one finding of a translation whose base is unknown (``note``: what status says about it)."""
    return Finding(file, 0, "base-unknown", ERROR, f"outdated, {note}")


def incomplete_finding(file: str, rec: Followed, lang: str) -> list[Finding]:
    """The one finding of a translation that does not hold every unit of the English it follows (what
    ``status`` flags ``incomplete``: an emptied, cut or half-deleted file is never up to date)."""
    if not rec.unheld:
        return []
    return [Finding(file, 0, "incomplete", ERROR,
                    f"incomplete: {rec.incomplete}; translate them: hfi18n translate --update "
                    f"--lang {lang} {rec.base.en_path}")]


def undecidable_finding(file: str, rec: Followed) -> list[Finding]:
    """The one finding of a translation whose English and translation changed the same paragraph in one
    commit (:attr:`hfi18n.repo.history.Followed.guessed`): hfi18n takes the translation as following the new
    English, on no better evidence than its paired text changing too, and says so instead of guessing
    silently (issue 31). The human text is kept either way."""
    if not rec.guessed:
        return []
    texts = [t[:80] for t in rec.guessed_texts()]
    n = max(len(texts), len(set(rec.guessed)))
    quoted = f" (English: {'; '.join(repr(t) for t in texts[:3])}{' ...' if n > 3 else ''})" if texts else ""
    return [Finding(file, 0, "undecidable", WARNING,
                    f"the English and this translation changed the same paragraph{'s' if n != 1 else ''} in one "
                    f"commit{quoted}: "
                    "taken as a translation of the new English, which nothing can tell; check "
                    f"{'them' if n != 1 else 'it'} against the English")]

