"""``check``'s fast path finds exactly what the straightforward one finds, on the real corpora (issue 32).

The fast path: an outdated translation compared with each later English version only by the rules its
findings came from (``check_pair(..., only=...)``), the derived views of each doc computed once
(:meth:`hfi18n.doc.Document.view`), each blob parsed once per run, and the persistent cache (records, parsed
docs, findings) cold and then warm. The straightforward path: every rule on every comparison, nothing kept
from one call to the next, no cache.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hfi18n import api
from hfi18n.check import runner
from hfi18n.doc import Document
from hfi18n.doc.model import Document as ModelDocument
from hfi18n.repo.cache import caching
from hfi18n.repo.layout import SOURCE_LANG, DocsLayout

pytestmark = pytest.mark.corpus


def _all(repo: Path, lang: str, against: str) -> list[dict[str, object]]:
    return [f.as_dict() for f in api.check(repo, lang, against=against).findings]


def straightforward(repo: Path, lang: str, against: str, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    real_pair = runner.check_pair

    def every_rule(*args, **kwargs):
        kwargs.pop("only", None)
        return real_pair(*args, **kwargs)

    with monkeypatch.context() as m, caching(False):
        m.setattr(runner, "check_pair", every_rule)
        m.setattr(ModelDocument, "view", lambda self, key, make: make(self))
        return _all(repo, lang, against)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "lang"), [("diffusers", "ko"), ("diffusers", "zh"), ("huggingface_hub", "ko"),
                                            ("smolagents", "zh")])
def test_fast_check_finds_what_the_straightforward_one_finds(corpus_copy, with_cache, monkeypatch: pytest.MonkeyPatch,
                                                             name: str, lang: str) -> None:
    repo = corpus_copy(name)
    for against in ("followed", "today"):
        want = straightforward(repo, lang, against, monkeypatch)
        assert want, "a corpus language with no finding tests nothing"
        assert _all(repo, lang, against) == want  # cold: the cache filled
        assert _all(repo, lang, against) == want  # warm: read back
    some = sorted({str(f["file"]).split(f"/{lang}/", 1)[1] for f in want})[:3]
    with caching(False):
        alone = [f.as_dict() for f in api.check(repo, lang, some, against="followed").findings]
    everything = straightforward(repo, lang, "followed", monkeypatch)
    assert alone == [f for f in everything if str(f["file"]).split(f"/{lang}/", 1)[1] in some]  # one file: its records only


def test_each_comparison_rule_reports_only_the_checks_it_declares(corpus) -> None:
    """``only`` skips a rule whose declared checks are not asked about: a rule reporting an undeclared
    check would lose findings on the fast path."""
    from hfi18n.check.runner import COMPARISONS, _Pair
    from hfi18n.doc import parse
    from hfi18n.fileio import read_text

    seen: dict[int, set[str]] = {k: set() for k in range(len(COMPARISONS))}
    for name in ("diffusers", "huggingface_hub", "smolagents"):
        layout = DocsLayout.open(corpus(name))
        for lang in layout.languages():
            if lang == SOURCE_LANG:
                continue
            for rel in layout.docs(lang):
                twin = layout.twin(rel, SOURCE_LANG)
                if twin is None:
                    continue
                try:
                    src: Document = parse(read_text(layout.path(SOURCE_LANG, twin)))
                    tgt: Document = parse(read_text(layout.path(lang, rel)))
                except Exception:  # noqa: BLE001 - an unreadable doc is another test's
                    continue
                pair = _Pair(src, tgt, f"docs/source/{lang}/{rel}", lang, (), None)
                for k, (checks, rule) in enumerate(COMPARISONS):
                    found = {f.check for f in rule(pair)}
                    assert found <= checks, (rel, found - checks)
                    seen[k] |= found
    assert all(seen.values()), "every rule reports something on the corpora"
