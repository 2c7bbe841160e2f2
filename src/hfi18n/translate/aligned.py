"""What the human translations of a checkout say about a glossary: how each term is rendered.

The pairing of every translated doc with its English twin, paragraph by paragraph (also against the
English of the commits that changed the translation), is :func:`aligned_units`: the sure beads of the one
pair model (:func:`hfi18n.pair.model.pair_docs`, which update, review and history pair with too; issue 24),
read by :func:`paired_items`. It lives here, above :mod:`hfi18n.repo`, because it reads the checkout
(files, history, run ledger); it feeds the glossary miner (:mod:`hfi18n.translate.mine`) and the review's
length model (:func:`learned_length`). This module adds :func:`term_usage`, which counts how the human
translations render each term of a glossary, and the file counts of the glossary export.
"""

from __future__ import annotations

import contextlib
import subprocess
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..doc import Document, parse
from ..errors import InputError
from ..fileio import read_text
from ..glossary import Glossary, Term, english_in, spellings_in, squash
from ..pair.bitext import LengthModel
from ..pair.model import pair_docs
from ..pair.units import (  # noqa: F401  (the alignment moved to hfi18n.pair; old imports keep working)
    LENGTH_RATIO,
    PROSE_KINDS,
    Item,
    Unit,
    block_item,
    doc_items,
    keep_tokens,
    norm_span,
)
from ..repo.layout import DEFAULT_DOCS_ROOT, DOC_SUFFIXES, SOURCE_LANG, DocsLayout
from ..repo.ledger import ledger_for, segment_hash
from ..repo.signoff import machine_hashes

# -------------------------------------------------------------------------------------------------
# the aligned human translations of a checkout


DRIFTED = 0.5
"""Share of a translated doc's headings and prose blocks that its best English version must pair (sure beads)
for the doc to be learnt from. A translation made against an English none of the versions at hand is
close to (diffusers ko api/pipelines/stable_diffusion/stable_diffusion_xl.md: 24 of 68 paired, the
next lowest doc of the three corpora 12 of 21) pairs by chance where it pairs at all: most of its sure
beads there put a paragraph with a translation of another (a heading "Base + refiner model" with
"이미지 결과물을 정제하기"), and the miner counted three of them as "base model" not rendered."""


def aligned_units(repo: Path | str, lang: str, docs_root: str = DEFAULT_DOCS_ROOT, *,
                  history: bool = True) -> Iterator[Unit]:
    """Every aligned pair of every translated doc of ``repo`` that has an English twin.

    With ``history`` (and ``repo`` a git checkout), each translated doc is also tried against the
    English doc as it was at the commits that changed the translation (a translation is made against
    the English of its time; the English may have moved on, or been renamed or deleted since), and the
    English version giving the most aligned pairs is used.

    A doc none of whose English versions pairs :data:`DRIFTED` of its translated headings and prose is
    left out.

    Only human text is learnt from: a segment a run of this machine wrote and no human changed since
    (:meth:`hfi18n.repo.ledger.Ledger.machine_texts`) or the review record says the machine wrote
    (:func:`hfi18n.repo.signoff.machine_hashes`: a fresh clone has it) is left out, so a machine draft never teaches the
    glossary its own choices back.
    """
    layout = DocsLayout.open(repo, docs_root)
    ledger = ledger_for(layout)
    versions = _EnglishHistory(layout, lang) if history else None
    model = LengthModel.default(lang)
    try:
        for rel in layout.docs(lang):
            try:
                tr_text = read_text(layout.path(lang, rel))
            except InputError:
                continue  # unreadable doc: nothing to learn from it
            tr_doc = parse(tr_text)
            tr_items = doc_items(tr_doc)
            if not tr_items:
                continue
            machine = machine_hashes(layout, lang, rel, ledger)  # this machine's runs and the repository's record
            machine_lines = {seg.line for seg in tr_doc.segments() if segment_hash(seg.text) in machine}
            en_texts: list[str] = []
            twin = layout.twin(rel, SOURCE_LANG)
            if twin is not None:
                with contextlib.suppress(InputError):  # unreadable: try the history only
                    en_texts.append(read_text(layout.path(SOURCE_LANG, twin)))
            if versions is not None:
                en_texts.extend(t for t in versions.english_versions(rel) if t not in en_texts)
            best: list[tuple[tuple[Item, ...], tuple[Item, ...]]] = []
            covered = 0
            for en_text in en_texts:
                pairs = paired_items(parse(en_text), tr_doc, lang, model)
                if (n := sum(len(ts) for _es, ts in pairs)) > covered:
                    best, covered = pairs, n
                if covered >= 0.9 * len(tr_items):
                    break
            if covered < DRIFTED * len(tr_items):
                continue
            for es, ts in best:
                if not any(t.line in machine_lines for t in ts):
                    yield Unit("\n".join(e.text for e in es), "\n".join(t.text for t in ts), rel, ts[0].line)
    finally:
        if versions is not None:
            versions.close()


def paired_items(en: Document, tr: Document, lang: str,
                 model: LengthModel | None = None) -> list[tuple[tuple[Item, ...], tuple[Item, ...]]]:
    """The (English, translated) headings and prose of the sure beads of :func:`hfi18n.pair.model.pair_docs`
    that have both sides: what a translator wrote for what, as update and review pair it (issue 24: one
    pair model). A 2-1 or 1-2 bead (two English paragraphs merged in one translated, or one split in two)
    is one pair of the joined texts: the loose heading-then-prose pairing it replaced (``align_items``)
    paired a merged paragraph with the first English one alone, so the words of the second were in no
    unit (``tests/test_glossary_mine.py``), and a merged bead is as good a length sample as a 1-1.

    ``model``: the length model the beads are drawn with. The checkout's learned one
    (:func:`learned_length`) is learned from these very pairs, so they are drawn with
    :meth:`LengthModel.default` (the ratio by language, about what the corpora give: diffusers ko learns
    c=0.52 against the default 0.55)."""
    beads = pair_docs(en, tr, lang, model or LengthModel.default(lang))
    out: list[tuple[tuple[Item, ...], tuple[Item, ...]]] = []
    for bead in beads:
        if not bead.sure or not bead.en or not bead.tr:
            continue
        es = tuple(it for x in bead.en if (it := block_item(x)) is not None)
        ts = tuple(it for x in bead.tr if (it := block_item(x)) is not None)
        if es and ts and all(it.heading == es[0].heading for it in (*es, *ts)):
            out.append((es, ts))
    return out


def align_docs(en_text: str, tr_text: str, lang: str = "ko") -> list[tuple[str, str, int]]:
    """Aligned ``(english, translation, translated_line)`` text pairs of two versions of a doc
    (:func:`paired_items`; a merged or split bead's texts joined by a newline)."""
    return [("\n".join(e.text for e in es), "\n".join(t.text for t in ts), ts[0].line)
            for es, ts in paired_items(parse(en_text), parse(tr_text), lang)]


class _EnglishHistory:
    """English versions of a doc at the commits that changed its translation, read through one
    ``git cat-file --batch`` process; does nothing when ``git`` or the repository is unavailable."""

    MAX_COMMITS = 8

    def __init__(self, layout: DocsLayout, lang: str) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self._commits: dict[str, list[str]] = {}
        self._en_prefix = ""
        try:
            top = subprocess.run(
                ["git", "-C", str(layout.repo), "rev-parse", "--show-toplevel"],
                capture_output=True, text=True, check=True, timeout=30,
            ).stdout.strip()
            base = layout.docs_root.resolve().relative_to(Path(top).resolve()).as_posix()
            tr_prefix = f"{base}/{lang}/"
            log = subprocess.run(
                ["git", "-C", top, "log", "--format=%x1e%H", "--name-only", "--no-renames", "--",
                 tr_prefix.rstrip("/")],
                capture_output=True, text=True, check=True, timeout=120,
            ).stdout
        except (OSError, ValueError, subprocess.SubprocessError):
            return
        self._en_prefix = f"{base}/{SOURCE_LANG}/"
        for record in log.split("\x1e")[1:]:
            lines = [ln for ln in record.splitlines() if ln.strip()]
            if not lines:
                continue
            sha = lines[0].strip()
            for path in lines[1:]:
                if path.startswith(tr_prefix):
                    stem = path[len(tr_prefix):].rsplit(".", 1)[0]
                    self._commits.setdefault(stem, []).append(sha)
        try:
            self._proc = subprocess.Popen(
                ["git", "-C", top, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            )
        except OSError:
            self._proc = None

    def _blob(self, rev: str, path: str) -> tuple[str, bytes] | None:
        proc = self._proc
        if proc is None or proc.stdin is None or proc.stdout is None:
            return None
        proc.stdin.write(f"{rev}:{path}\n".encode())
        proc.stdin.flush()
        header = proc.stdout.readline().split()
        if len(header) != 3 or header[1] != b"blob":
            return None
        data = proc.stdout.read(int(header[2]) + 1)[:-1]
        return header[0].decode(), data

    def english_versions(self, rel: str) -> list[str]:
        """Texts of the English twin of ``rel`` at the commits that changed ``rel``, newest first."""
        commits = self._commits.get(rel.rsplit(".", 1)[0], [])
        if len(commits) > self.MAX_COMMITS:
            half = self.MAX_COMMITS // 2
            commits = commits[:half] + commits[-half:]
        seen: set[str] = set()
        out: list[str] = []
        stem = rel.rsplit(".", 1)[0]
        for sha in commits:
            for suffix in DOC_SUFFIXES:
                got = self._blob(sha, self._en_prefix + stem + suffix)
                if got is None:
                    continue
                oid, data = got
                if oid not in seen:
                    seen.add(oid)
                    with contextlib.suppress(UnicodeDecodeError):
                        out.append(data.decode("utf-8"))
                break
        return out

    def close(self) -> None:
        if self._proc is not None:
            if self._proc.stdin is not None:
                self._proc.stdin.close()
            self._proc.wait(timeout=10)
            self._proc = None


def learned_length(repo: Path | str, lang: str, docs_root: str = DEFAULT_DOCS_ROOT) -> LengthModel:
    """The bitext length model learned from the aligned human translations of ``lang`` in a checkout (was
    ``LengthModel.of_checkout``, which moved here when the pair model went below :mod:`hfi18n.repo`)."""
    return LengthModel.learn(((u.en, u.tr) for u in aligned_units(repo, lang, docs_root, history=False)), lang)


# -------------------------------------------------------------------------------------------------
# how the existing translations follow a glossary


@dataclass(slots=True)
class TermUsage:
    """How the aligned human translations render one glossary term."""

    term: Term
    occurrences: int = 0
    """Aligned pairs whose English contains the term."""
    followed: int = 0
    """... whose translation has the required translation (or keeps the English, for keep terms)."""
    accepted: int = 0
    """... whose translation has the required translation or an alternative."""
    variants: Counter[str] = field(default_factory=Counter)
    """Pairs containing each accepted spelling (required first, then alternatives; ``"(English)"``)."""
    example: str = ""
    """A doc where the term occurs but no accepted spelling does, if any."""

    def as_dict(self) -> dict[str, object]:
        return {
            "term": self.term.source, "translation": self.term.target, "keep_english": self.term.keep_english,
            "occurrences": self.occurrences, "followed": self.followed, "accepted": self.accepted,
            "variants": dict(self.variants), "unmatched_example": self.example,
        }


def term_usage(glossary: Glossary, units: Iterable[Unit]) -> list[TermUsage]:
    """For every term of ``glossary``, how often the aligned translations use each accepted spelling."""
    usage = {id(t): TermUsage(t) for t in glossary.terms}
    for u in units:
        terms = glossary.relevant(u.en)
        if not terms:
            continue
        squashed = squash(u.tr)
        for t in terms:
            rec = usage[id(t)]
            rec.occurrences += 1
            hits = []
            if t.keep_english and english_in(t, u.tr):
                hits.append("(English)")
            hits.extend(spellings_in(t, u.tr, squashed))
            for h in hits:
                rec.variants[h] += 1
            required = "(English)" if t.keep_english else t.target
            if required in hits:
                rec.followed += 1
            if hits:
                rec.accepted += 1
            elif not rec.example:
                rec.example = f"{u.file}:{u.line}"
    return list(usage.values())


def file_counts(glossary: Glossary, units: Iterable) -> dict[str, Counter[str]]:
    """Term source -> how many translated files use each accepted spelling of it (``(English)``: kept),
    from aligned English/translated units (:func:`aligned_units`)."""
    by_file: dict[str, list] = {}
    for u in units:
        by_file.setdefault(u.file, []).append(u)
    out: dict[str, Counter[str]] = {t.source: Counter() for t in glossary.terms}
    for file_units in by_file.values():
        for usage in term_usage(glossary, file_units):
            for spelling, n in usage.variants.items():
                if n:
                    out[usage.term.source][spelling] += 1
    return out
