"""The history of a few docs (``check`` of one file) is the whole history's for those docs (issue 32).

``check`` of one file read the log of every doc of every language to pair one translation with its English;
:func:`hfi18n.repo.doclog.load_doc_history` reads only the commits that touched that doc and its English,
each whole. These tests hold it to the one promise that makes that right: for the docs it was read for,
every version (commit, path, blob, status, line counts), the languages and subject of its commit and which
English doc sat at its path are the ones the whole history gives, or it declines (None) and the whole
history is read.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from hfi18n.repo import doclog
from hfi18n.repo.cache import caching
from hfi18n.repo.doclog import History, Lineage, load_doc_history, load_history
from hfi18n.repo.history import Followed, followed
from hfi18n.repo.layout import SOURCE_LANG, DocsLayout
from tests.test_history import GitRepo, en_doc, ko_doc


def _seen(history: History, lin: Lineage | None) -> list[tuple[object, ...]]:
    if lin is None:
        return []
    out = []
    for v in lin.versions:
        c = history.commits[v.commit]
        en = history.at_path(SOURCE_LANG, v.path, v.commit)
        out.append((c.sha, c.subject, sorted(c.langs), lin.lang, v.path, v.blob, v.status, v.added, v.removed,
                    en.path if en is not None else None, en.versions[0].blob if en is not None else None))
    return out


def _same_for(layout: DocsLayout, full: History, lang: str, rel: str) -> bool | None:
    """True when the doc's own history agrees with the whole one; None when it declined."""
    own = load_doc_history(layout, lang, [rel.rsplit(".", 1)[0]])
    if own is None:
        return None
    en_rel = layout.twin(rel, SOURCE_LANG)
    for key in ((lang, rel), (SOURCE_LANG, en_rel)):
        assert _seen(own, own.current.get(key)) == _seen(full, full.current.get(key)), key
    return True


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["diffusers", "huggingface_hub", "smolagents"])
def test_a_docs_own_history_is_the_whole_historys_on_the_corpora(corpus, name: str) -> None:
    layout = DocsLayout.open(corpus(name))
    full = load_history(layout)
    read = declined = 0
    for lang in layout.languages():
        for rel in layout.docs(lang):
            if layout.twin(rel, SOURCE_LANG) is None:
                continue
            if _same_for(layout, full, lang, rel):
                read += 1
            else:
                declined += 1
    assert declined * 10 < read  # renames are followed (huggingface_hub: 75 read, 1 declined)


@pytest.mark.corpus
def test_check_of_one_file_follows_what_check_of_the_language_follows(corpus) -> None:
    """The records of every Korean doc of diffusers, read one file at a time, are those of the whole run."""
    layout = DocsLayout.open(corpus("diffusers"))
    with caching(False):
        whole = followed(layout, "ko")
        for rel, record in whole.items():
            alone = followed(layout, "ko", {rel})
            assert list(alone) == [rel] and _plain(alone[rel]) == _plain(record), rel


def _plain(record: Followed) -> Followed:
    """A record with its commits by sha (their positions differ: the doc's history holds fewer commits)."""
    return replace(record, behind=tuple((c.sha, c.time, c.subject, sorted(c.langs)) for c in record.behind))


def _small(tmp_path: Path) -> GitRepo:
    repo = GitRepo(tmp_path / "r")
    repo.commit("docs: add", {"en/quicktour.md": en_doc(), "en/other.md": en_doc(title="Other")})
    repo.commit("[i18n-KO] Translated quicktour.md", {"ko/quicktour.md": ko_doc()})
    repo.commit("docs: other edit", {"en/other.md": en_doc(title="Other", extra="\nMore.\n")})
    repo.commit("chore: license year", {"en/quicktour.md": en_doc(2024), "ko/quicktour.md": ko_doc(2024),
                                        "ja/quicktour.md": ko_doc(2024)})
    return repo


def test_only_the_commits_of_the_doc_are_read_and_agree(tmp_path: Path) -> None:
    repo = _small(tmp_path)
    doclog._DOC_HISTORY_CACHE.clear()
    own = load_doc_history(repo.layout, "ko", ["quicktour"])
    assert own is not None
    assert [c.subject for c in own.commits] == ["docs: add", "[i18n-KO] Translated quicktour.md",
                                                 "chore: license year"]
    assert own.commits[-1].langs == {"en", "ko", "ja"}  # the commit's every language, as the whole log says
    assert _same_for(repo.layout, load_history(repo.layout), "ko", "quicktour.md")


def test_a_renamed_doc_reads_the_history_of_its_old_paths_too(tmp_path: Path) -> None:
    repo = _small(tmp_path)
    repo.mv("en/quicktour.md", "en/start.md")
    repo.mv("ko/quicktour.md", "ko/start.md")
    repo.commit("docs: rename")
    repo.commit("docs: edit", {"en/start.md": en_doc(2024, extra="\nNew.\n")})
    doclog._DOC_HISTORY_CACHE.clear()
    own = load_doc_history(repo.layout, "ko", ["start"])
    assert own is not None and own.current[("ko", "start.md")].versions[0].path == "quicktour.md"
    assert _same_for(repo.layout, load_history(repo.layout), "ko", "start.md")


def test_renames_past_the_rounds_read_the_whole_history(tmp_path: Path, monkeypatch) -> None:
    repo = _small(tmp_path)
    for k in range(3):
        repo.mv(f"en/{'quicktour' if k == 0 else f'step{k - 1}'}.md", f"en/step{k}.md")
        repo.commit(f"docs: rename {k}")
    monkeypatch.setattr(doclog, "RENAME_ROUNDS", 2)
    doclog._DOC_HISTORY_CACHE.clear()
    assert load_doc_history(repo.layout, "ko", ["step2"]) is None
    monkeypatch.setattr(doclog, "RENAME_ROUNDS", 4)
    doclog._DOC_HISTORY_CACHE.clear()
    assert _same_for(repo.layout, load_history(repo.layout), "ko", "quicktour.md")


def test_a_merge_on_the_first_parent_chain_is_read_as_the_whole_log_reads_it(tmp_path: Path) -> None:
    """A merge's diff against its first parent is what the whole log reads; a path-limited walk may leave it
    out (git's history simplification), so every merge of the chain is read."""
    repo = _small(tmp_path)
    repo.git("checkout", "-q", "-b", "side")
    repo.commit("[i18n-KO] side update", {"ko/quicktour.md": ko_doc(2024, extra="\n더.\n")})
    repo.git("checkout", "-q", "main")
    repo.commit("docs: main", {"en/quicktour.md": en_doc(2025)})
    repo.git("merge", "-q", "--no-ff", "-m", "merge side", "side")
    doclog._DOC_HISTORY_CACHE.clear()
    assert _same_for(repo.layout, load_history(repo.layout), "ko", "quicktour.md")
    own = load_doc_history(repo.layout, "ko", ["quicktour"])
    assert own is not None and own.commits[-1].subject == "merge side"


def test_a_docs_own_history_and_a_decline_are_kept_in_the_cache(tmp_path: Path, monkeypatch, with_cache) -> None:
    """A warm ``check`` of one file reads no git log: the doc's history (or that it declined) is kept by HEAD
    and its paths."""
    from hfi18n.repo.cache import Cache

    repo = _small(tmp_path)
    repo.write("en/other.md", "[[autodoc]] x\n")
    repo.git("rm", "-q", "--cached", "docs/source/en/other.md")
    (repo.docs / "en" / "other.md").unlink()
    (repo.docs / "en" / "linked.md").symlink_to("quicktour.md")
    repo.commit("docs: an English doc that is a link")
    git_dir = tmp_path / "r" / ".git"
    doclog._DOC_HISTORY_CACHE.clear()
    doclog._HISTORY_CACHE.clear()
    with Cache.of(git_dir) as cache:
        first = load_doc_history(repo.layout, "ko", ["quicktour"], cache)
        assert first is not None and load_doc_history(repo.layout, "ko", ["linked"], cache) is None
    doclog._DOC_HISTORY_CACHE.clear()
    real = doclog.run_git
    monkeypatch.setattr(doclog, "run_git", lambda repo, *args, **kw: (
        real(repo, *args, **kw) if args[0] == "rev-parse" else pytest.fail(f"git {args[0]} on a warm run")))
    with Cache.of(git_dir) as cache:
        again = load_doc_history(repo.layout, "ko", ["quicktour"], cache)
        assert again is not None and _seen(again, again.current[("ko", "quicktour.md")]) == \
            _seen(first, first.current[("ko", "quicktour.md")])
        assert load_doc_history(repo.layout, "ko", ["linked"], cache) is None


def test_a_warm_review_of_one_doc_reads_no_git_log(tmp_path: Path, monkeypatch, with_cache) -> None:
    """The review of one doc reads the whole history for the sweeps after its base through the run's cache:
    once the record of one doc came from that doc's own history, nothing else had read the whole one in the
    process, and a warm review ran the whole git log again (the 20,000-commit repo's biggest doc: 2.8 -> 4.4
    cpu s). The findings are the same warm and cold."""
    from hfi18n import api

    _small(tmp_path)
    doclog._DOC_HISTORY_CACHE.clear()
    doclog._HISTORY_CACHE.clear()
    cold = api.review(tmp_path / "r", "ko", ["quicktour.md"]).to_json()
    doclog._DOC_HISTORY_CACHE.clear()
    doclog._HISTORY_CACHE.clear()
    real = doclog.run_git
    monkeypatch.setattr(doclog, "run_git", lambda r, *args, **kw: (
        real(r, *args, **kw) if args[0] in ("rev-parse", "cat-file") else pytest.fail(f"git {args[0]} warm")))
    assert api.review(tmp_path / "r", "ko", ["quicktour.md"]).to_json() == cold
