"""Per-language glossaries: load them, find their terms in English text, check translations against them.

A glossary is a TSV file (``data/glossary/<lang>.tsv`` ships with hfi18n)::

    # comment lines start with '#'; blank lines are ignored
    term	translation	keep_english	alternatives	notes
    fine-tuning|fine-tune|fine-tuned	파인튜닝	no	미세 조정|미세 튜닝	diffusers ko: 파인튜닝 40 of 52
    Trainer		yes		class name

Columns (tab-separated):

``term``
    The English term. Extra English forms may follow, separated by ``|`` (``fine-tuning|fine-tune``);
    the first one is :attr:`Term.source`, the others :attr:`Term.forms`.
``translation``
    The required translation; empty when ``keep_english`` is set.
``keep_english``
    ``yes`` when the term stays in English in translations (``no``, or empty, otherwise; ``true``/
    ``false``, ``y``/``n`` and ``1``/``0`` are accepted too).
``alternatives``
    Other translations a reviewer accepts, separated by ``|``. For a keep-English term these are
    accepted spellings besides the English one (a transliteration the community also uses).
``notes``
    Free text for the human curator; never sent to the LLM.

The first non-comment line may be a header naming the columns (``term``, ``translation``, ...). With a
header, columns may come in any order and extra columns (``count``, ``score``... from ``glossary mine``)
are ignored; without one, the five columns above are expected in that order (trailing empty ones may be
left out).

Matching rules (:meth:`Glossary.matches`, used by :meth:`~Glossary.relevant` and
:meth:`~Glossary.violations`):

- An all-lowercase term matches case-insensitively (``model`` finds ``Model``); a term with a capital
  letter is a name and matches with that exact case (``Hub`` does not find "a hub of models",
  ``Transformers`` does not find "transformers" the architecture).
- A term matches whole words only: the characters around it must not be ASCII letters, digits or ``_``.
  So ``model`` does not match in ``remodel`` or ``model_id``, while ``Diffusers를`` (a Korean particle
  glued to the name) and ``self-attention`` (hyphen) still contain a match.
- The last word of a term also matches its plural: ``+s``, ``+es`` and ``y`` → ``ies``
  (``model`` → ``models``, ``batch`` → ``batches``, ``dependency`` → ``dependencies``). Terms ending in
  something else than a letter (``pipeline()``) match exactly.
- Other inflections are listed explicitly as forms (``fine-tuning|fine-tune|fine-tuned``): guessing them
  goes wrong too often (``sampling`` → "sample" is 샘플, not 샘플링).
- Where terms overlap, the longest match wins (``diffusion model`` before ``model``) and matches do not
  overlap, so a text mentioning "diffusion model" is not also said to contain ``model``.

Checking a translation (:meth:`Glossary.violations`) looks for the required translation or one of the
alternatives anywhere in the translated text, ignoring whitespace (Korean spacing varies: 미세 조정 and
미세조정 are both accepted) and ignoring what follows it (particles: 추론을, 추론하기). A keep-English term
must appear in English (same matching rules as above, anywhere: "Hugging Face Hub" contains ``Hub``)
or as one of its alternatives.

All terms of a glossary are compiled into one regular expression shaped like a trie, so finding terms is
a single pass over the text however large the glossary is.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path

from ..errors import InputError
from ..fileio import read_text
from ..repo.layout import validate_lang
from ..scripts import script_counts, target_scripts

COLUMNS = ("term", "translation", "keep_english", "alternatives", "notes")
"""The columns of a glossary TSV, in their default order."""

TRUE_WORDS = frozenset({"yes", "y", "true", "1", "keep"})
FALSE_WORDS = frozenset({"no", "n", "false", "0", ""})

HANGUL_RE = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
_WORDCHAR = "A-Za-z0-9_"
_SPACE_RE = re.compile(r"\s+")


@dataclass(slots=True, frozen=True)
class Term:
    """One glossary entry."""

    source: str
    """English term as it appears in the docs, e.g. ``"fine-tuning"``."""
    target: str | None
    """Required translation, e.g. ``"미세 조정"``; ``None`` when :attr:`keep_english`."""
    keep_english: bool
    """The term stays in English in translations (library, product and class names)."""
    notes: str = ""
    """Curator's notes (usage counts, reasons); not sent to the LLM."""
    alternatives: tuple[str, ...] = ()
    """Other accepted translations (e.g. ``"파인튜닝"``), or accepted spellings of a keep-English term."""
    forms: tuple[str, ...] = ()
    """Other English forms that count as this term (``"fine-tune"``, ``"fine-tuned"``); plurals are
    automatic and need not be listed."""

    @property
    def accepted(self) -> tuple[str, ...]:
        """Every target-side spelling that satisfies the term, required one first."""
        first = (self.source,) if self.keep_english else ((self.target,) if self.target else ())
        return first + tuple(a for a in self.alternatives if a not in first)

    def prompt_line(self) -> str:
        if self.keep_english:
            return f"{self.source} → (keep in English)"
        return f"{self.source} → {self.target}"


@dataclass(slots=True, frozen=True)
class TermMatch:
    """Where a term was found in a text."""

    term: Term
    start: int
    end: int
    text: str
    """The text matched (``"Models"`` for the term ``model``)."""


# --------------------------------------------------------------------------------------------------
# English forms and the trie regex


def _plurals(word: str) -> list[str]:
    """Plural spellings of an English word (lower-case input)."""
    if not word or not word[-1].isalpha():
        return []
    out = [word + "s"]
    if word.endswith(("s", "x", "z", "ch", "sh")):
        out.append(word + "es")
    if len(word) > 1 and word.endswith("y") and word[-2] not in "aeiou":
        out.append(word[:-1] + "ies")
    return out


def english_forms(term: Term) -> list[str]:
    """Every spelling of ``term`` that counts as an occurrence: its forms and their plurals."""
    forms: list[str] = []
    for base in (term.source, *term.forms):
        for f in (base, *_plurals_of_phrase(base)):
            if f not in forms:
                forms.append(f)
    return forms


def _plurals_of_phrase(phrase: str) -> list[str]:
    head, sep, last = phrase.rpartition(" ")
    out = []
    for p in _plurals(last.lower()):
        # keep the case of the original last word for case-sensitive terms (Transformer -> Transformers)
        p = last + p[len(last):] if p.startswith(last.lower()) else p
        out.append(head + sep + p)
    return out


def _is_case_sensitive(form: str) -> bool:
    return any(c.isupper() for c in form)


def _trie_regex(words: Iterable[str]) -> str:
    """A regex alternation for ``words`` factored as a trie; longer alternatives are tried first."""
    trie: dict = {}
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict) -> str:
        ends = "" in node
        branches = [re.escape(ch) + build(child) for ch, child in sorted(node.items()) if ch != ""]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if ends:  # the word may stop here: try the longer branches first (greedy), then stop
            return ("(?:" + body + ")?") if len(branches) == 1 else body + "?"
        return body

    return build(trie)


def squash(text: str) -> str:
    """``text`` without whitespace, casefolded: how a rendering is looked for in a translation (Korean
    spacing varies: 모델 허브 / 모델허브)."""
    return _SPACE_RE.sub("", text).casefold()


# --------------------------------------------------------------------------------------------------


class Glossary:
    """The terms of one language, with a compiled matcher."""

    __slots__ = ("lang", "terms", "version", "path", "_regex", "_exact", "_folded", "_by_source")

    def __init__(self, lang: str, terms: Iterable[Term], *, path: Path | str | None = None) -> None:
        self.lang = lang
        self.terms: list[Term] = list(terms)
        self.path = str(path) if path is not None else None
        self.version = self._hash()
        self._by_source = {t.source.casefold(): t for t in self.terms}
        # form -> term. Exact-case forms (names) and case-folded forms are looked up separately; the
        # first term of the file wins when two terms claim the same spelling.
        self._exact: dict[str, Term] = {}
        self._folded: dict[str, Term] = {}
        for t in self.terms:
            for f in english_forms(t):
                if _is_case_sensitive(f):
                    self._exact.setdefault(f, t)
                else:
                    self._folded.setdefault(f.casefold(), t)
        keys = {k.casefold() for k in self._exact} | set(self._folded)
        if keys:
            body = _trie_regex(sorted(keys))
            self._regex: re.Pattern[str] | None = re.compile(
                rf"(?<![{_WORDCHAR}])(?:{body})(?![{_WORDCHAR}])", re.IGNORECASE
            )
        else:
            self._regex = None

    # ---------------------------------------------------------------------------------------- loading

    @classmethod
    def load(cls, path: Path | str, lang: str | None = None) -> Glossary:
        """Read a glossary TSV (or doc-builder's YAML, by its ``.yml``/``.yaml`` suffix); its language is
        ``lang`` or the file's stem (``ko.tsv`` → ``ko``)."""
        p = Path(path)
        if p.suffix.lower() in (".yml", ".yaml"):  # doc-builder's pin/keep format
            return load_docbuilder(read_text(p), lang or p.stem, path=p)
        return cls.loads(read_text(p), lang or p.stem, path=p)

    @classmethod
    def loads(cls, text: str, lang: str, *, path: Path | str | None = None) -> Glossary:
        """Parse glossary TSV ``text``; errors name the line and say how to fix it."""
        where = path if path is not None else "<glossary>"
        columns: list[str] | None = None
        terms: list[Term] = []
        seen: dict[str, int] = {}
        for lineno, fields in _rows(text.lstrip("\ufeff"), where):
            cells = [c.strip() for c in fields]
            lowered = [c.lower() for c in cells]
            if columns is None and not terms and (
                lowered[0] == "term" or ("term" in lowered and "translation" in lowered)
            ):
                columns = lowered
                missing = [c for c in ("term", "translation") if c not in columns]
                if missing:
                    raise InputError(
                        f"header lacks the column {missing[0]!r}", path=where, line=lineno,
                        hint="the header names tab-separated columns: " + "\t".join(COLUMNS),
                    )
                continue
            if columns is None and len(cells) > len(COLUMNS):
                raise InputError(
                    f"{len(cells)} tab-separated columns, expected at most {len(COLUMNS)}",
                    path=where, line=lineno,
                    hint="columns are " + ", ".join(COLUMNS) + "; a tab inside notes splits a column "
                    "(use spaces), or add a header line naming extra columns",
                )
            names = columns or list(COLUMNS)
            row = dict(zip(names, cells, strict=False))
            if len(cells) < 2:
                raise InputError(
                    "no tab on this line", path=where, line=lineno,
                    hint="separate term and translation with a TAB character, not spaces "
                    "(some editors turn tabs into spaces)",
                )
            term = _row_to_term(row, where, lineno)
            key = term.source.casefold()
            if key in seen:
                raise InputError(
                    f"duplicate term {term.source!r} (first on line {seen[key]})", path=where, line=lineno,
                    hint="keep one row per term; put other accepted translations in the alternatives column",
                )
            seen[key] = lineno
            terms.append(term)
        return cls(lang, terms, path=path)

    @classmethod
    def builtin(cls, lang: str) -> Glossary | None:
        """The glossary shipped with hfi18n for ``lang``, or ``None`` when there is none."""
        return _builtin(lang)

    @staticmethod
    def builtin_languages() -> list[str]:
        base = resources.files("hfi18n") / "data" / "glossary"
        if not base.is_dir():
            return []
        return sorted(p.name[:-4] for p in base.iterdir() if p.name.endswith(".tsv"))

    # -------------------------------------------------------------------------------------- content

    def _hash(self) -> str:
        h = hashlib.sha256(self.lang.encode())
        for t in self.terms:
            fields = (t.source, "|".join(t.forms), t.target or "", "1" if t.keep_english else "0",
                      "|".join(t.alternatives))
            h.update(("\x1e" + "\x1f".join(fields)).encode())
        return h.hexdigest()[:16]

    def __len__(self) -> int:
        return len(self.terms)

    def __iter__(self) -> Iterator[Term]:
        return iter(self.terms)

    def __repr__(self) -> str:
        return f"Glossary(lang={self.lang!r}, terms={len(self.terms)}, version={self.version!r})"

    def get(self, source: str) -> Term | None:
        """The term whose source is ``source`` (case-insensitive), if any."""
        return self._by_source.get(source.casefold())

    def dumps(self) -> str:
        """The glossary as TSV (with a header line), loadable by :meth:`loads`."""
        lines = ["\t".join(COLUMNS)]
        for t in self.terms:
            lines.append("\t".join(tsv_cell(c) for c in (
                "|".join((t.source, *t.forms)), t.target or "", "yes" if t.keep_english else "no",
                "|".join(t.alternatives), t.notes,
            )))
        return "\n".join(lines) + "\n"

    # ------------------------------------------------------------------------------------- matching

    def matches(self, text: str) -> list[TermMatch]:
        """Occurrences of glossary terms in ``text``, in order, longest first where they overlap."""
        if self._regex is None:
            return []
        out: list[TermMatch] = []
        pos = 0
        search = self._regex.search
        while True:
            m = search(text, pos)
            if m is None:
                return out
            found = m.group(0)
            term = self._exact.get(found) or self._folded.get(found.casefold())
            if term is None:
                # the spelling belongs to a case-sensitive name written in another case ("hub" for
                # "Hub"); look again from the next character so a shorter term can still match
                pos = m.start() + 1
                continue
            out.append(TermMatch(term, m.start(), m.end(), found))
            pos = m.end()

    def relevant(self, text: str) -> list[Term]:
        """Terms occurring in ``text``, each once, in glossary order (so prompts are stable)."""
        found = {id(m.term) for m in self.matches(text)}
        return [t for t in self.terms if id(t) in found]

    def present(self, term: Term, target_text: str) -> bool:
        """Does ``target_text`` satisfy ``term`` (required translation, alternative, or English kept)?"""
        return self._present(term, target_text, squash(target_text))

    def _present(self, term: Term, target_text: str, squashed: str) -> bool:
        return (term.keep_english and english_in(term, target_text)) or bool(spellings_in(term, target_text, squashed))

    def violations(self, source_text: str, target_text: str) -> list[tuple[Term, str]]:
        """Terms of ``source_text`` whose required translation (or an alternative) is absent from
        ``target_text``, each with a message for the translator."""
        terms = self.relevant(source_text)
        if not terms:
            return []
        squashed = squash(target_text)
        out: list[tuple[Term, str]] = []
        for t in terms:
            if self._present(t, target_text, squashed):
                continue
            if t.keep_english:
                msg = f"{t.source!r} should stay in English"
            else:
                msg = f"{t.source!r} should be translated as {t.target!r}"
            others = [a for a in t.alternatives if a != t.target]
            if others:
                msg += " (also accepted: " + ", ".join(repr(a) for a in others) + ")"
            out.append((t, msg))
        return out

    def prompt_lines(self, terms: Iterable[Term] | None = None) -> str:
        """Compact glossary lines for an LLM prompt: ``fine-tuning → 미세 조정``,
        ``Trainer → (keep in English)``; ``terms`` defaults to the whole glossary."""
        return "\n".join(t.prompt_line() for t in (self.terms if terms is None else terms))


def _rows(text: str, where: Path | str) -> Iterator[tuple[int, list[str]]]:
    """``(first line, fields)`` of each row of a glossary TSV; blank and ``#`` comment lines left out.

    Fields are tab-separated. A field that *starts* with a double quote runs to its closing quote, across
    tabs and line breaks, ``""`` inside standing for one quote: that is how a spreadsheet saves a cell
    holding a line break. Read line by line, such a row fell apart, and the glossary was refused as "no
    tab on this line" at the cell's second line (issue 25). A quote elsewhere in a field is text, as before.
    """
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        start, line = i + 1, lines[i]
        i += 1
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if '"' not in line:
            yield start, line.split("\t")
            continue
        fields: list[str] = []
        cell: list[str] = []
        pos, quoted, at_start = 0, False, True
        while True:
            if pos >= len(line):
                if not quoted:
                    break
                if i >= len(lines):
                    raise InputError("a quoted field (starting with \") is never closed", path=where, line=start,
                                     hint='end the field with a quote; inside a quoted field a quote is written '
                                          'twice (""); a quote in the middle of a field is plain text')
                cell.append("\n")  # the cell's line break, kept
                line, pos = lines[i], 0
                i += 1
                continue
            ch = line[pos]
            pos += 1
            if quoted:
                if ch == '"' and line[pos:pos + 1] == '"':
                    cell.append('"')
                    pos += 1
                elif ch == '"':
                    quoted = False
                else:
                    cell.append(ch)
            elif ch == "\t":
                fields.append("".join(cell))
                cell, at_start = [], True
                continue
            elif ch == '"' and at_start:
                quoted = True
            else:
                cell.append(ch)
            at_start = False
        fields.append("".join(cell))
        yield start, fields


def tsv_cell(text: str) -> str:
    """``text`` as one glossary TSV field that :meth:`Glossary.loads` reads back as it is: quoted (``""`` for
    a quote) when it holds a tab or a line break or starts with a quote, else unchanged."""
    if any(ch in text for ch in "\t\n\r") or text.startswith('"'):
        return '"' + text.replace('"', '""') + '"'
    return text


def _row_to_term(row: dict[str, str], where: Path | str, lineno: int) -> Term:
    forms = [f.strip() for f in row.get("term", "").split("|") if f.strip()]
    if not forms:
        raise InputError("empty term", path=where, line=lineno, hint="the first column is the English term")
    flag = row.get("keep_english", "").lower()
    if flag in TRUE_WORDS:
        keep = True
    elif flag in FALSE_WORDS:
        keep = False
    else:
        raise InputError(
            f"keep_english is {row.get('keep_english')!r}", path=where, line=lineno,
            hint="write yes or no in the keep_english column (third column)",
        )
    target = row.get("translation", "").strip() or None
    alternatives = tuple(a.strip() for a in row.get("alternatives", "").split("|") if a.strip())
    if keep and target:
        raise InputError(
            f"term {forms[0]!r} is marked keep_english but has the translation {target!r}",
            path=where, line=lineno,
            hint="leave the translation empty for keep-English terms (accepted transliterations go in "
            "alternatives), or set keep_english to no",
        )
    if not keep and not target:
        raise InputError(
            f"term {forms[0]!r} has no translation", path=where, line=lineno,
            hint="fill in the translation (second column) or set keep_english to yes",
        )
    return Term(
        source=forms[0], target=target, keep_english=keep, notes=row.get("notes", "").strip(),
        alternatives=alternatives, forms=tuple(forms[1:]),
    )


@lru_cache(maxsize=4096)
def _english_regex(term: Term) -> re.Pattern[str]:
    """Any English form of ``term`` as a whole word (same case rules as :meth:`Glossary.matches`)."""
    parts = []
    for f in english_forms(term):
        parts.append(re.escape(f) if _is_case_sensitive(f) else f"(?i:{re.escape(f)})")
    return re.compile(rf"(?<![{_WORDCHAR}])(?:{'|'.join(parts)})(?![{_WORDCHAR}])")


def english_in(term: Term, text: str) -> bool:
    """Does ``text`` have an English form of ``term`` as a whole word (the rules of :meth:`Glossary.matches`)?"""
    return _english_regex(term).search(text) is not None


def spellings_in(term: Term, text: str, squashed: str | None = None) -> list[str]:
    """The target-side spellings of ``term`` in ``text`` (required one first, then alternatives; spacing
    and case aside). A keep-English term's own English is :func:`english_in`'s question, not this one's;
    ``squashed`` is ``squash(text)`` when the caller already has it."""
    squashed = squash(text) if squashed is None else squashed
    return [a for a in term.accepted if not (term.keep_english and a == term.source) and squash(a) in squashed]


@cache
def _builtin(lang: str) -> Glossary | None:
    try:
        validate_lang(lang)  # a plain folder name: never a path into (or out of) the package
    except InputError:
        return None
    res = resources.files("hfi18n") / "data" / "glossary" / f"{lang}.tsv"
    if not res.is_file():
        return None
    return Glossary.loads(res.read_text(encoding="utf-8"), lang, path=f"hfi18n/data/glossary/{lang}.tsv")


def lint(glossary: Glossary) -> list[str]:
    """Suspicious rows of a glossary that loads: wrong script, useless alternatives, shadowed terms."""
    out: list[str] = []
    scripts = target_scripts(glossary.lang)
    owner: dict[str, Term] = {}
    for t in glossary.terms:
        if not t.keep_english and t.target:
            if scripts and not scripts & set(script_counts(t.target)):
                out.append(f"{t.source!r}: translation {t.target!r} has no {' or '.join(sorted(scripts))} "
                           "characters (keep_english yes?)")
            if t.target.casefold() == t.source.casefold():
                out.append(f"{t.source!r}: translation equals the term (set keep_english to yes)")
        seen = {squash(t.target)} if t.target else set()
        for a in t.alternatives:
            if squash(a) in seen:
                out.append(f"{t.source!r}: alternative {a!r} repeats the translation or another alternative "
                           "(spacing and case are ignored)")
            seen.add(squash(a))
        for f in english_forms(t):
            key = f if _is_case_sensitive(f) else f.casefold()
            other = owner.setdefault(key, t)
            if other is not t:
                out.append(f"{t.source!r}: form {f!r} already belongs to {other.source!r} and never matches here")
    return out


def _note(container: object, key: object) -> str:
    """The end-of-line comment of ``key`` in a ruamel container, without ``#``."""
    ca = getattr(container, "ca", None)
    items = getattr(ca, "items", {}) if ca is not None else {}
    for token in items.get(key, []) or []:
        if token is not None and hasattr(token, "value"):
            return token.value.strip().lstrip("#").strip().split("\n")[0].strip()
    return ""


def load_docbuilder(text: str, lang: str, *, path: Path | str | None = None) -> Glossary:
    """Read a doc-builder glossary (``pin:`` and ``keep:``); errors name the file and what to fix."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    where = path if path is not None else "<glossary>"
    try:
        data = YAML(typ="rt").load(io.StringIO(text))
    except YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise InputError(f"not valid YAML: {getattr(exc, 'problem', exc)}", path=where,
                         line=mark.line + 1 if mark is not None else None,
                         hint="a doc-builder glossary has a `pin:` mapping and a `keep:` list") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise InputError("a doc-builder glossary is a mapping with `pin:` and `keep:`", path=where,
                         hint="pin: {term: translation}, keep: [term, ...]")
    unknown = [str(k) for k in data if k not in ("pin", "keep")]
    if unknown:
        raise InputError(f"unknown key {unknown[0]!r}", path=where, hint="doc-builder reads only `pin:` and `keep:`")
    pin, keep = data.get("pin") or {}, data.get("keep") or []
    if not isinstance(pin, dict):
        raise InputError("`pin:` is not a mapping", path=where, hint="write `pin:` then lines `  term: translation`")
    if not isinstance(keep, list):
        raise InputError("`keep:` is not a list", path=where, hint="write `keep:` then lines `  - term`")
    terms: list[Term] = []
    seen: set[str] = set()
    for k, v in pin.items():
        if not isinstance(k, str) or not isinstance(v, str) or not k.strip() or not v.strip():
            raise InputError(f"pin entry {k!r}: {v!r} is not `term: translation`", path=where,
                             hint="both sides are text; quote a value that YAML reads as a number or yes/no")
        if k.casefold() in seen:
            raise InputError(f"duplicate term {k!r}", path=where, hint="keep one entry per term")
        seen.add(k.casefold())
        terms.append(Term(k.strip(), v.strip(), False, notes=_note(pin, k)))
    for i, k in enumerate(keep):
        if not isinstance(k, str) or not k.strip():
            raise InputError(f"keep entry {k!r} is not a term", path=where, hint="write `  - Term` lines")
        if k.casefold() in seen:
            raise InputError(f"term {k!r} is both pinned and kept in English", path=where, hint="keep one of them")
        seen.add(k.casefold())
        terms.append(Term(k.strip(), None, True, notes=_note(keep, i)))
    return Glossary(lang, terms, path=path)
