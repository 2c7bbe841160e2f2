"""Propose glossary entries from the human translations already in a repository.

The miner takes the aligned English/translated pairs of a repo (:func:`hfi18n.translate.aligned.aligned_units`)
and counts which English terms and which translated words occur in the same pairs (:func:`mine`). A
proposal is the English term with the translation that co-occurs with it most consistently, scored by
the Dice coefficient over aligned pairs, with the number of pairs supporting it, for a human to curate
into a glossary file.

Candidates:

- English: words and runs of 2-3 words inside a clause, not starting or ending with a stop word,
  hyphenated words kept whole (``fine-tuning``), plurals merged (``models`` → ``model``), and a term
  dropped when it almost only occurs inside a longer one (``stable`` in ``stable diffusion``).
- Translation: for Korean, every word with its particle/ending stripped (추론을 → 추론), its prefixes
  (so the right length can win: 디퓨전, not 디퓨), and two-word runs (미세 조정, diffusion 모델); for
  languages written without spaces (zh, ja), character runs of 2-4; otherwise words and word pairs.
  "Kept in English" is a candidate too: the English term appears as such in the translated unit.

For each English term seen in at least ``min_count`` units, the candidate with the highest Dice
coefficient ``2·both / (units with the term + units with the candidate)`` is proposed; ties go to the
longer candidate, and a trailing Korean particle is stripped from the winner. Proposals are sorted by
support (pairs where both occur).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..repo.layout import DEFAULT_DOCS_ROOT, DocsLayout
from .aligned import TermUsage, Unit, align_docs, aligned_units, term_usage

__all__ = [
    "MineResult", "Proposal", "TermUsage", "Unit", "align_docs", "aligned_units", "english_terms",
    "ko_stem", "korean_candidates", "mine", "mine_units", "term_usage",
]

KEEP = "\x00keep"
"""Candidate key standing for "the English term is kept as is"."""


# -------------------------------------------------------------------------------------------------
# candidates


def _words(text: str) -> list[str]:
    return text.split()


STOPWORDS = frozenset(_words("""
a about above across after again against all almost along already also although always am among an and
another any anyone anything are around as at away back be because been before being below between both
but by can cannot could did do does doing done down during each either else enough etc even ever every
few for from further get gets getting give given gives go goes going got had has have having he her here
hers him his how however i if in into is it its itself just keep least less let lets like likely made
make makes making many may me might more most much must my need needed needs neither never new next no
nor not now of off often on once one only onto or other others otherwise our out over own per perhaps
please quite rather really same see seen several shall she should show shown shows since so some such
than that the their them then there these they this those though through thus to together too toward
under until up upon us use used uses using very via want wants was way ways we well were what whatever
when where whether which while who whom whose why will with within without would yet you your yours
able allow allows along e.g i.e vs etc first second third last following follow follows instead
example examples check checkout look take takes took try learn sure lot lots bit better best good great
easy easily simply simple just s t re ve ll d m also here there now currently recommend recommended
add added adds adding run runs running ran set sets setting call calls called calling find found
want include includes including included provide provides provided provide create creates created
know known help helps note notes see let's it's don't doesn't can't won't isn't aren't you're we're
they're that's there's what's below above different various specific certain important possible
"""))

_EN_CHUNK_RE = re.compile(r"[^A-Za-z0-9\s'’-]+|\s-+\s|--+|\s'|'\s")
_EN_TOKEN_RE = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-'’][A-Za-z0-9]+)*")
_HANGUL = "\uac00-\ud7a3"
_HANGUL_RE = re.compile(f"[{_HANGUL}]+")
_TR_CHUNK_RE = re.compile(rf"[^A-Za-z0-9{_HANGUL}\s'-]+")
_ASCII_HEAD_RE = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")

KO_ENDINGS = tuple(sorted(_words("""
은 는 이 가 을 를 의 에 로 와 과 도 만 나 란 랑 께 엔 에서 에게 으로 까지 부터 보다 처럼 이나 이란
라는 이라는 에는 에서는 으로는 로는 와의 과의 에도 으로도 로도 에서도 만의 만을 만으로 과는 와는 과도 와도
이며 이고 이지만 이므로 이라고 라고 이다 입니다 이에요 예요 이죠 이었 였
하다 하는 하기 하고 하여 하며 하면 하지 해 해서 해야 해도 한 할 함 합니다 했습니다 했 하세요 하십시오 하려면
하도록 하므로 하거나 하기에 하기가 하기를 하기로 하기는 하기도 하게 한다 하지만 하면서 됩니다 된 되는 되어 되고
될 되며 되면 되지 됨 되기 되었습니다 됐 시키 시킨 시키는 시켜 적인 적으로 적 들 들은 들을 들이 들의 들에
"""), key=len, reverse=True))
"""Korean particles and endings stripped from the end of a word to find the noun it carries."""
_KO_PARTICLES = frozenset({"은", "는", "을", "를"})


def _singular(key: str) -> str | None:
    """The singular of an English key, if the key looks plural (only the last word)."""
    head, sep, last = key.rpartition(" ")
    if len(last) <= 3 or last.endswith(("ss", "us", "is")):
        return None
    if last.endswith("ies"):
        return head + sep + last[:-3] + "y"
    if last.endswith(("ches", "shes", "xes", "sses")):
        return head + sep + last[:-2]
    if last.endswith("s"):
        return head + sep + last[:-1]
    return None


_SENTENCE_RE = re.compile(r"(?<=[.!?:])\s+|\n+")


def english_terms(text: str, surfaces: dict[str, Counter[str]] | None = None) -> set[str]:
    """Candidate English terms of ``text``: lower-cased 1-3 word n-grams (see the module doc).

    ``surfaces`` collects how each term is written; spellings at the start of a sentence, where the
    capital says nothing, are counted under the key prefixed with ``"^"``.
    """
    out: set[str] = set()
    for sentence in _SENTENCE_RE.split(text):
        first = True
        for chunk in _EN_CHUNK_RE.split(sentence):
            toks = [t.replace("’", "'") for t in _EN_TOKEN_RE.findall(chunk)]
            toks = [t[:-2] if t.endswith("'s") else t for t in toks]
            low = [t.lower() for t in toks]
            n = len(toks)
            for i in range(n):
                if low[i] in STOPWORDS or len(low[i]) < 2:
                    continue
                for k in range(i + 1, min(i + 3, n) + 1):
                    last = low[k - 1]
                    if last in STOPWORDS or len(last) < 2:
                        continue
                    key = " ".join(low[i:k])
                    out.add(key)
                    if surfaces is not None:
                        surfaces[("^" + key) if first and i == 0 else key][" ".join(toks[i:k])] += 1
            if toks:
                first = False
    return out


def ko_stem(word: str) -> str:
    """``word`` without its trailing particle or ending (추론을 → 추론, 학습된 → 학습, 값을 → 값)."""
    for end in KO_ENDINGS:
        if word.endswith(end) and len(word) > len(end):
            stem = word[: -len(end)]
            if len(stem) >= 2 or (len(word) == 2 and end in _KO_PARTICLES):
                return stem
    return word


def _ko_word_candidates(word: str) -> set[str]:
    out = {ko_stem(word)}
    for i in range(2, min(len(word), 8) + 1):
        out.add(word[:i])
    if len(word) == 1:
        out.add(word)
    return out


def _tr_tokens(chunk: str) -> list[tuple[str, bool]]:
    """Words of a translated chunk as ``(word, is_hangul)``; ``LoRA는`` gives ``("lora", False)``."""
    out: list[tuple[str, bool]] = []
    for raw in chunk.split():
        m = _ASCII_HEAD_RE.match(raw)
        if m:
            out.append((m.group(0).lower(), False))
            continue
        h = _HANGUL_RE.search(raw)
        if h:
            out.append((h.group(0), True))
    return out


def korean_candidates(text: str) -> set[str]:
    """Candidate translations in Korean ``text``: stems, prefixes and two-word runs of words."""
    out: set[str] = set()
    for chunk in _TR_CHUNK_RE.split(text):
        toks = _tr_tokens(chunk)
        for idx, (w, hangul) in enumerate(toks):
            if not hangul:
                continue
            cands = _ko_word_candidates(w)
            out |= cands
            if idx:
                prev, _ = toks[idx - 1]
                if len(prev) >= 2 or _HANGUL_RE.fullmatch(prev):
                    out.update(prev + " " + c for c in cands)
    return out


def cjk_candidates(text: str) -> set[str]:
    """Candidate translations in text written without spaces: runs of 2-4 characters of a script run."""
    out: set[str] = set()
    for run in re.findall(r"[\u3040-\u30ff\u4e00-\u9fff]+", text):
        for n in range(2, 5):
            for i in range(len(run) - n + 1):
                out.add(run[i:i + n])
    return out


def word_candidates(text: str) -> set[str]:
    """Candidate translations in a language written with spaces: words and word pairs, lower-cased."""
    out: set[str] = set()
    for chunk in re.split(r"[^\w\s'-]+", text):
        toks = [t.lower() for t in re.findall(r"\w[\w'-]*", chunk) if not t.isdigit()]
        out.update(t for t in toks if len(t) > 1)
        out.update(f"{a} {b}" for a, b in zip(toks, toks[1:], strict=False))
    return out


def target_candidates(lang: str):
    base = lang.split("-")[0].split("_")[0].lower()
    if base == "ko":
        return korean_candidates
    if base in ("zh", "cn", "ja"):
        return cjk_candidates
    return word_candidates


def _final_form(cand: str, lang: str) -> str:
    """Clean the winning candidate: strip a Korean particle glued to its last word."""
    if lang.split("-")[0] != "ko":
        return cand
    head, sep, last = cand.rpartition(" ")
    last = ko_stem(last)
    for end in ("하", "되", "시키", "해", "된"):
        if last.endswith(end) and len(last) - len(end) >= 2:
            last = last[: -len(end)]
            break
    return head + sep + last


# -------------------------------------------------------------------------------------------------
# mining


@dataclass(slots=True)
class Proposal:
    """A proposed glossary entry and the evidence for it."""

    term: str
    """English term as most often written (``fine-tuning``, ``Stable Diffusion``)."""
    translation: str | None
    """Proposed translation; ``None`` when the term is kept in English."""
    keep_english: bool
    count: int
    """Aligned pairs where the term and this translation both occur (the support)."""
    occurrences: int
    """Aligned pairs where the term occurs."""
    score: float
    """Dice coefficient of the term and the translation over aligned pairs (0..1)."""
    example: str
    """A doc (relative to the language folder) where the pair occurs."""
    others: list[tuple[str, int]] = field(default_factory=list)
    """Runner-up translations with their support; ``"(keep English)"`` for the English term kept."""

    def as_dict(self) -> dict[str, object]:
        return {
            "term": self.term, "translation": self.translation, "keep_english": self.keep_english,
            "count": self.count, "occurrences": self.occurrences, "score": round(self.score, 3),
            "example": self.example, "others": [{"translation": t, "count": c} for t, c in self.others],
        }


@dataclass(slots=True)
class MineResult:
    proposals: list[Proposal]
    lang: str
    files: int
    """Translated docs paired with an English twin."""
    units: int
    """Aligned pairs found in them."""


def _surface(surfaces: dict[str, Counter[str]], key: str) -> str:
    """How to write a term: its most common spelling inside sentences, else at their start."""
    for counter in (surfaces.get(key), surfaces.get("^" + key)):
        if counter:
            top = counter.most_common(1)[0][0]
            if top != key and counter.get(key, 0) * 3 >= sum(counter.values()):
                return key  # "Diffusion" in "Stable Diffusion", "diffusion" elsewhere
            return top
    return key


def mine_units(units: Iterable[Unit], lang: str, *, min_count: int = 3, min_score: float = 0.3,
               limit: int | None = None, others: int = 3) -> MineResult:
    """Proposals from aligned units; see the module doc for the method."""
    candidates_of = target_candidates(lang)
    surfaces: dict[str, Counter[str]] = defaultdict(Counter)
    en_sets: list[set[str]] = []
    tr_sets: list[set[str]] = []
    tr_en_sets: list[set[str]] = []
    unit_files: list[str] = []
    files: set[str] = set()
    for u in units:
        en_sets.append(english_terms(u.en, surfaces))
        tr_sets.append(candidates_of(u.tr))
        tr_en_sets.append(english_terms(u.tr))
        unit_files.append(u.file)
        files.add(u.file)

    # English terms: merge plurals into singulars, then index units by term
    en_index: dict[str, set[int]] = defaultdict(set)
    for uid, terms in enumerate(en_sets):
        for t in terms:
            en_index[t].add(uid)
    for key in list(en_index):
        sing = _singular(key)
        if sing and sing in en_index:
            en_index[sing] |= en_index.pop(key)
            for mark in ("", "^"):
                if mark + key in surfaces:
                    surfaces[mark + sing].update(
                        {(_singular(s) or s): c for s, c in surfaces[mark + key].items()})
    plural_of = {key: s for key in {t for ts in tr_en_sets for t in ts}
                 if (s := _singular(key)) and s in en_index}
    en_index = {t: us for t, us in en_index.items() if len(us) >= min_count}
    # drop a term that (almost) only occurs inside a longer one
    covered: dict[str, int] = {}
    for t, us in en_index.items():
        words = t.split()
        for n in range(1, len(words)):
            for i in range(len(words) - n + 1):
                sub = " ".join(words[i:i + n])
                covered[sub] = max(covered.get(sub, 0), len(us))
    en_index = {t: us for t, us in en_index.items() if covered.get(t, 0) < 0.85 * len(us)}

    # translated side: document frequency, and drop rare candidates before counting pairs
    tr_df: Counter[str] = Counter()
    for s in tr_sets:
        tr_df.update(s)
    keep_df: Counter[str] = Counter()
    for i, s in enumerate(tr_en_sets):
        s = {plural_of.get(t, t) for t in s}
        tr_en_sets[i] = s
        keep_df.update(s)
    frequent = {k for k, c in tr_df.items() if c >= min_count}
    tr_sets = [s & frequent for s in tr_sets]

    proposals: list[Proposal] = []
    for term, uids in en_index.items():
        n_term = len(uids)
        both: Counter[str] = Counter()
        for uid in uids:
            both.update(tr_sets[uid])
        kept = sum(1 for uid in uids if term in tr_en_sets[uid])
        scored: list[tuple[float, int, str]] = []
        for cand, c in both.items():
            if c >= min_count:
                scored.append((2 * c / (n_term + tr_df[cand]), c, cand))
        if kept >= min_count:
            scored.append((2 * kept / (n_term + keep_df[term]), kept, KEEP))
        if not scored:
            continue
        # best score; among equal scores the longer candidate (디퓨전 rather than 디퓨)
        scored.sort(key=lambda x: (-round(x[0], 9), -len(x[2]) if x[2] != KEEP else 0))
        score, count, best = scored[0]
        if score < min_score:
            continue
        keep = best == KEEP
        translation = None if keep else _final_form(best, lang)
        runners: list[tuple[str, int]] = []
        counts = {cand: c for _, c, cand in scored}
        for _, c, cand in scored[1:]:
            if len(runners) >= others:
                break
            if cand == KEEP:
                runners.append(("(keep English)", c))
                continue
            if _truncated(cand, c, counts):
                continue
            shown = _final_form(cand, lang)
            if translation and (shown in translation or translation in shown):
                continue
            if any(shown == r for r, _ in runners):
                continue
            runners.append((shown, c))
        example = _example(uids, tr_sets, tr_en_sets, unit_files, term if keep else best, keep)
        proposals.append(Proposal(
            _surface(surfaces, term), translation, keep, count, n_term, score, example, runners,
        ))
    proposals.sort(key=lambda p: (-p.count, -p.score, p.term.lower()))
    if limit is not None:
        proposals = proposals[:limit]
    return MineResult(proposals, lang, len(files), len(en_sets))


def _truncated(cand: str, count: int, counts: dict[str, int]) -> bool:
    """Is ``cand`` mostly a cut-off form of a longer candidate (스케 of 스케줄러)?"""
    for n in range(len(cand) + 1, len(cand) + 6):
        for other, c in counts.items():
            if len(other) == n and other.startswith(cand) and c >= 0.8 * count:
                return True
    return False


def _example(uids: set[int], tr_sets: list[set[str]], tr_en_sets: list[set[str]], files: list[str],
             cand: str, keep: bool) -> str:
    per_file: Counter[str] = Counter()
    for uid in uids:
        if (cand in tr_en_sets[uid]) if keep else (cand in tr_sets[uid]):
            per_file[files[uid]] += 1
    if not per_file:
        return ""
    return min(per_file.items(), key=lambda kv: (-kv[1], kv[0]))[0]


def mine(repo: Path | str, lang: str, *, min_count: int = 3, min_score: float = 0.3,
         limit: int | None = None, docs_root: str = DEFAULT_DOCS_ROOT, history: bool = True) -> MineResult:
    """Propose glossary entries for ``lang`` from the aligned human translations in ``repo``."""
    layout = DocsLayout.open(repo, docs_root)
    layout.require_langs(lang)
    return mine_units(aligned_units(repo, lang, docs_root, history=history), lang, min_count=min_count,
                      min_score=min_score, limit=limit)
