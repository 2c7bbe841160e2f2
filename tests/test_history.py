"""Doc history in one pass: log parsing, lineages through renames, translation events vs sweeps, bases."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hfi18n.errors import RepoError
from hfi18n.repo.history import (
    BaseInfo,
    BlobReader,
    Fingerprints,
    drift,
    english_at,
    find_base,
    find_bases,
    fingerprint_text,
    is_translation_subject,
    load_history,
    parse_log,
    replay,
    similarity,
    translation_events,
)
from hfi18n.repo.layout import DocsLayout

LICENSE = "<!--Copyright {year} The HuggingFace Team. All rights reserved.-->\n\n"


class GitRepo:
    """A throwaway doc-builder repository: write files, commit with a subject, read shas."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.docs = root / "docs" / "source"
        self.docs.mkdir(parents=True)
        self._t = 1_700_000_000
        self.git("init", "-q", "-b", "main")

    def git(self, *args: str) -> str:
        self._t += 60
        env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
               "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
               "GIT_AUTHOR_DATE": f"{self._t} +0000", "GIT_COMMITTER_DATE": f"{self._t} +0000"}
        return subprocess.run(["git", "-C", str(self.root), *args], check=True, capture_output=True,
                              text=True, env=env).stdout

    def write(self, rel: str, text: str) -> None:
        p = self.docs / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")

    def rm(self, rel: str) -> None:
        self.git("rm", "-q", f"docs/source/{rel}")

    def mv(self, old: str, new: str) -> None:
        (self.docs / new).parent.mkdir(parents=True, exist_ok=True)
        self.git("mv", f"docs/source/{old}", f"docs/source/{new}")

    def commit(self, subject: str, files: dict[str, str] | None = None) -> str:
        for rel, text in (files or {}).items():
            self.write(rel, text)
        self.git("add", "-A")
        self.git("commit", "-q", "-m", subject)
        return self.git("rev-parse", "HEAD").strip()

    @property
    def layout(self) -> DocsLayout:
        return DocsLayout.open(self.root)


def en_doc(year: int = 2023, code: str = "pipe = Pipeline()", extra: str = "", title: str = "Quicktour") -> str:
    return (LICENSE.format(year=year) + f"# {title}\n\nRead [`DiffusionPipeline`] and [the guide](./guide).\n\n"
            f"```py\n{code}\nimage = pipe(prompt)\n```\n\n## Install\n\nRun `pip install diffusers`.\n{extra}")


def ko_doc(year: int = 2023, code: str = "pipe = Pipeline()", extra: str = "") -> str:
    return (LICENSE.format(year=year) + "# 훑어보기 [[quicktour]]\n\n[`DiffusionPipeline`]과 [가이드](./guide)를 "
            f"읽으세요.\n\n```py\n{code}\nimage = pipe(prompt)\n```\n\n## 설치 [[install]]\n\n"
            f"`pip install diffusers`를 실행하세요.\n{extra}")


@pytest.fixture()
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


# ----------------------------------------------------------------------------------- log parsing


def test_parse_log_reads_raw_and_numstat_with_renames() -> None:
    z = "\0"
    data = (
        f"\x01{'a' * 40}\x021700000000\x02First{z}\n"
        f":000000 100644 {'0' * 40} {'1' * 40} A{z}docs/source/en/a.mdx{z}"
        f"3\t0\tdocs/source/en/a.mdx{z}"
        f"\x01{'b' * 40}\x021700000100\x02Rename{z}\n"
        f":100644 100644 {'1' * 40} {'2' * 40} R090{z}docs/source/en/a.mdx{z}docs/source/en/a.md{z}"
        f"1\t1\t{z}docs/source/en/a.mdx{z}docs/source/en/a.md{z}"
    ).encode()
    parsed = parse_log(data)
    assert [c[2] for c in parsed] == ["First", "Rename"]
    (ch,) = parsed[1][3]
    assert (ch.status, ch.old, ch.new, ch.blob) == ("R", "docs/source/en/a.mdx", "docs/source/en/a.md", "2" * 40)
    assert parsed[1][4] == {"docs/source/en/a.md": (1, 1)}
    history = replay(parsed, "docs/source/")
    lin = history.current[("en", "a.md")]
    assert [(v.status, v.path) for v in lin.versions] == [("A", "a.mdx"), ("R", "a.md")]


def test_translation_subjects() -> None:
    assert is_translation_subject("🌐 [i18n-KO] Translated `fsdp.md` to Korean (#123)", "ko")
    assert is_translation_subject("[Docs] Korean translation update (#4022)", "ko")
    assert is_translation_subject("docs: 번역 수정", "ko")
    assert is_translation_subject("continue translate document to zh (#12194)", "zh")
    assert not is_translation_subject("Update more licenses to 2025 (#11746)", "ko")
    assert not is_translation_subject("[docs] deprecate torch_dtype for dtype (#14313)", "ko")
    assert not is_translation_subject("🌐 [i18n-KO] Translated `fsdp.md` to Korean", "zh")
    assert is_translation_subject("🌐 [i18n-pt-BR] Tradução de `index.md` (#77)", "pt_BR")
    assert is_translation_subject("[i18n-PT_BR] fix", "pt-br")
    assert not is_translation_subject("[i18n-pt] fix", "pt_BR")


def test_fingerprint_keeps_code_refs_and_links_not_prose() -> None:
    en, ko = fingerprint_text(en_doc()), fingerprint_text(ko_doc())
    assert en["ref:DiffusionPipeline"] == 1 and en["link:./guide"] == 1 and en["code:pipe = Pipeline()"] == 1
    assert similarity(en, ko) == 1.0
    assert similarity(en, fingerprint_text(en_doc(code="pipe = Other()"))) < 1.0
    assert similarity(fingerprint_text("just prose"), fingerprint_text("단지 산문")) == 0.0


# ------------------------------------------------------------------------------ synthetic repos


def test_sweep_is_not_a_retranslation_and_renames_are_followed(repo: GitRepo) -> None:
    c1 = repo.commit("Add quicktour", {"en/quicktour.mdx": en_doc()})
    c2 = repo.commit("🌐 [i18n-KO] Translated `quicktour.mdx` to Korean", {"ko/quicktour.mdx": ko_doc()})
    c3 = repo.commit("Update licenses to 2024", {"en/quicktour.mdx": en_doc(2024), "ko/quicktour.mdx": ko_doc(2024)})
    c4 = repo.commit("[docs] new section", {"en/quicktour.mdx": en_doc(2024, extra="\n## Next\n\nMore.\n")})
    repo.mv("en/quicktour.mdx", "en/quicktour.md")
    repo.mv("ko/quicktour.mdx", "ko/quicktour.md")
    c5 = repo.commit("Rename docs from .mdx to .md")
    layout = repo.layout
    history = load_history(layout)
    assert [c.sha for c in history.commits] == [c1, c2, c3, c4, c5]
    ko = history.current[("ko", "quicktour.md")]
    en = history.twin_now("quicktour.md")
    assert en is history.current[("en", "quicktour.md")]
    assert [(history.commits[v.commit].sha, v.status, v.path) for v in ko.versions] == [
        (c2, "A", "quicktour.mdx"), (c3, "M", "quicktour.mdx"), (c5, "R", "quicktour.md")]
    blobs = BlobReader(layout.repo)
    events = translation_events(history, ko, blobs)
    assert [history.commits[e.version.commit].sha for e in events] == [c2]  # the license sweep is not one
    base = find_base(history, Fingerprints(blobs), ko, en)
    assert base is not None
    assert (base.base_commit, base.method, base.en_path_at_base, base.event_commit) == (c1, "history", "quicktour.mdx", c2)
    d = drift(history, Fingerprints(blobs), base, ko, en)
    assert [c.sha for c in d.behind] == [c4]  # the rename alone is no change
    assert [c.sha for c in d.mirrored] == [c3]  # the sweep reached the translation too
    assert english_at(layout, base.base_commit, base.en_path_at_base) == en_doc()
    assert find_bases(layout, "ko") == {"quicktour.md": base}


def test_single_language_rewrite_is_an_event_but_a_typo_fix_is_not(repo: GitRepo) -> None:
    body = "".join(f"Line {i} of the guide.\n" for i in range(40))
    ko_body = "".join(f"가이드의 {i}번째 줄.\n" for i in range(40))
    repo.commit("Add guide", {"en/guide.md": en_doc() + body})
    repo.commit("[i18n-KO] Translated guide.md to Korean", {"ko/guide.md": ko_doc() + ko_body})
    c3 = repo.commit("[docs] guide update", {"en/guide.md": en_doc(code="pipe = Pipeline(fast=True)") + body})
    c4 = repo.commit("Fix typo", {"ko/guide.md": ko_doc() + ko_body.replace("0번째", "영번째")})
    history = load_history(repo.layout)
    ko = history.current[("ko", "guide.md")]
    blobs = BlobReader(repo.root)
    assert c4 not in [history.commits[e.version.commit].sha for e in translation_events(history, ko, blobs)]
    rewritten = ko_doc(code="pipe = Pipeline(fast=True)") + "".join(f"새 가이드 {i}.\n" for i in range(40))
    c5 = repo.commit("Reflect the English changes in guide.md", {"ko/guide.md": rewritten})
    history = load_history(repo.layout)
    ko = history.current[("ko", "guide.md")]
    events = [history.commits[e.version.commit].sha for e in translation_events(history, ko, blobs)]
    assert events[-1] == c5
    base = find_base(history, Fingerprints(blobs), ko, history.twin_now("guide.md"))
    assert base is not None and base.base_commit == c3 and base.method == "history"


def test_a_small_tagged_update_moves_the_base_only_when_it_syncs(repo: GitRepo) -> None:
    prose = "".join(f"가이드의 {i}번째 줄.\n" for i in range(60))
    code_a, code_b = "a = 1\nb = 2\nc = 3\nd = 4\ne = 5", "a = 1\nb = 2\nc = 30\nd = 40\ne = 5"
    c1 = repo.commit("Add doc", {"en/doc.md": en_doc(code=code_a)})
    repo.commit("[i18n-KO] Translated doc.md", {"ko/doc.md": ko_doc(code=code_a) + prose})
    c3 = repo.commit("[docs] new values", {"en/doc.md": en_doc(code=code_b)})
    c4 = repo.commit("[i18n-KO] Fix typo in doc.md", {"ko/doc.md": ko_doc(code=code_a) + prose.replace("0번째", "영번째")})
    history = load_history(repo.layout)
    fps = Fingerprints(BlobReader(repo.root))
    ko, en = history.current[("ko", "doc.md")], history.twin_now("doc.md")
    events = translation_events(history, ko, fps.blobs)
    assert [history.commits[e.version.commit].sha for e in events][-1] == c4 and not events[-1].rewrite
    base = find_base(history, fps, ko, en)
    assert base is not None and base.base_commit == c1  # the typo fix did not catch up with c3
    assert [c.sha for c in drift(history, fps, base, ko, en).behind] == [c3]
    c5 = repo.commit("[i18n-KO] Update doc.md", {"ko/doc.md": ko_doc(code=code_b) + prose})
    history = load_history(repo.layout)
    ko = history.current[("ko", "doc.md")]
    base = find_base(history, fps, ko, en := history.twin_now("doc.md"))
    assert base is not None and (base.base_commit, base.event_commit) == (c3, c5)
    assert drift(history, fps, base, ko, en).behind == []


def test_translation_lag_is_found_by_content(repo: GitRepo) -> None:
    c1 = repo.commit("Add doc", {"en/doc.md": en_doc(code="a = 1\nb = 2\nc = 3\nd = 4")})
    repo.commit("Rewrite the code", {"en/doc.md": en_doc(code="x = 10\ny = 20\nz = 30\nw = 40")})
    # the translator started from the first version; the PR landed after the rewrite
    c3 = repo.commit("[i18n-KO] Translated doc.md", {"ko/doc.md": ko_doc(code="a = 1\nb = 2\nc = 3\nd = 4")})
    history = load_history(repo.layout)
    blobs = BlobReader(repo.root)
    base = find_base(history, Fingerprints(blobs), history.current[("ko", "doc.md")], history.twin_now("doc.md"))
    assert base is not None
    assert (base.base_commit, base.method, base.event_commit) == (c1, "content", c3)
    assert base.similarity == 1.0 and base.matched_revision == c1


def test_no_english_at_the_event_falls_back_to_content(repo: GitRepo) -> None:
    repo.commit("[i18n-KO] Translated the draft", {"ko/new.md": ko_doc(code="q = 1\nr = 2\ns = 3")})
    c2 = repo.commit("Add English", {"en/new.md": en_doc(code="q = 1\nr = 2\ns = 3")})
    c3 = repo.commit("Change English", {"en/new.md": en_doc(code="t = 9\nu = 8\nv = 7")})
    history = load_history(repo.layout)
    blobs = BlobReader(repo.root)
    ko, en = history.current[("ko", "new.md")], history.twin_now("new.md")
    base = find_base(history, Fingerprints(blobs), ko, en)
    assert base is not None and (base.base_commit, base.method) == (c2, "content")
    assert [c.sha for c in drift(history, Fingerprints(blobs), base, ko, en).behind] == [c3]


def test_legacy_root_docs_and_language_folder_renames_keep_lineages(repo: GitRepo) -> None:
    c1 = repo.commit("Docs at the root", {"index.mdx": en_doc()})
    repo.mv("index.mdx", "en/index.mdx")
    repo.commit("Move English into en/")
    repo.commit("Tamil translation of index", {"tm/index.mdx": ko_doc()})
    repo.mv("tm/index.mdx", "ta/index.mdx")
    repo.commit("rename tm -> ta")
    history = load_history(repo.layout)
    en = history.current[("en", "index.mdx")]
    assert history.commits[en.versions[0].commit].sha == c1
    ta = history.current[("ta", "index.mdx")]
    assert [v.status for v in ta.versions] == ["A", "R"] and ta.lang == "ta"


def test_bases_are_cached_by_head_for_translate_update(repo: GitRepo, monkeypatch: pytest.MonkeyPatch,
                                                      with_cache: None) -> None:
    from hfi18n.repo import history as history_mod
    from hfi18n.repo.status import compute_status

    repo.commit("Add", {"en/a.md": en_doc()})
    c2 = repo.commit("[i18n-KO] Translated a.md", {"ko/a.md": ko_doc()})
    compute_status(repo.layout, ["ko"])
    assert (repo.root / ".git" / "hfi18n" / "cache.sqlite").is_file()
    worked_out: list[str] = []
    real = history_mod.base_of
    monkeypatch.setattr(history_mod, "base_of", lambda *a, **k: worked_out.append(a[4].rel) or real(*a, **k))
    (info,) = find_bases(repo.layout, "ko").values()
    assert isinstance(info, BaseInfo) and info.event_commit == c2
    assert worked_out == []  # status's record, read back
    (repo.docs / "ko" / "a.md").write_text(ko_doc() + "\n수정.\n", encoding="utf-8")
    find_bases(repo.layout, "ko")
    assert worked_out == []  # a committed translation's base does not depend on its work-tree file


def test_errors_name_the_next_step(tmp_path: Path, repo: GitRepo) -> None:
    (tmp_path / "plain" / "docs" / "source" / "en").mkdir(parents=True)
    with pytest.raises(RepoError, match="not a git repository"):
        load_history(DocsLayout.open(tmp_path / "plain"))
    repo.commit("Add", {"en/a.md": en_doc()})
    head = repo.git("rev-parse", "HEAD").strip()
    with pytest.raises(RepoError, match="does not exist at commit") as exc:
        english_at(repo.layout, head, "nope.md")
    assert exc.value.hint


# ------------------------------------------------------------------------------- real corpora


@pytest.mark.corpus
def test_diffusers_ko_bases_checked_against_git_log(corpus) -> None:
    layout = DocsLayout.open(corpus("diffusers"))
    bases = find_bases(layout, "ko")
    # ethical_guidelines: re-translated in f50d5fb ("[i18n-KO] Fix typo and update translation"); the
    # last English change before it is the 2025 license sweep 20015ae.
    b = bases["conceptual/ethical_guidelines.md"]
    assert (b.base_commit[:7], b.event_commit[:7], b.method) == ("20015ae", "f50d5fb", "history")
    # index.md: the Korean was last updated in 44b4475 (2024-07); English then was 35fddd8 (2024 license)
    b = bases["index.md"]
    assert (b.base_commit[:7], b.event_commit[:7]) == ("35fddd8", "44b4475")
    # stable_diffusion_xl: translated in 9083c3d from the long API page that e6898a1 had already cut
    # down (translation lag): content finds the version the translation matches.
    b = bases["api/pipelines/stable_diffusion/stable_diffusion_xl.md"]
    assert (b.base_commit[:7], b.method) == ("1d9f61a", "content")
    history = load_history(layout)
    for rel, b in bases.items():
        subject = history.commits[history.by_sha[b.event_commit]].subject
        # a sweep never counts as (re-)translating a file
        assert "licenses to 2025" not in subject and "torch_dtype" not in subject
        assert "Migrate syntax" not in subject, rel


ENV_EN = "# Environment\n\nRun the command and paste its output in the issue.\n\n```\n- hfi18n version: 0.19.0\n- Python version: 3.10\n```\n\nThat is all.\n"
ENV_KO = "# 환경 [[environment]]\n\n명령을 실행하고 그 출력을 이슈에 붙여 넣으세요.\n\n```\n- hfi18n version: 0.19.0\n- Python version: 3.10\n```\n\n그게 전부입니다.\n"


def test_a_code_line_the_translation_did_not_take_is_not_carried_by_a_commit_of_both_languages(repo: GitRepo) -> None:
    """A release commit changes a version line inside an English code block and, in the same commit, some
    other line of the translation. The version line is no prose: it is carried only if the translation
    took it verbatim. Judged on the hunk parsed alone, the code line read as prose the whole doc does not
    have and was "carried": the followed English had the new version, an update kept the old one and the
    page failed check ("code block differs"; huggingface_hub ko guides/cli.md, issue 31)."""
    repo.commit("Add env", {"en/env.md": ENV_EN})
    repo.commit("[i18n-KO] Translated env.md", {"ko/env.md": ENV_KO})
    c3 = repo.commit("Release 1.0", {"en/env.md": ENV_EN.replace("0.19.0", "1.0.0"),
                                     "ko/env.md": ENV_KO.replace("그게 전부입니다.", "이것이 전부입니다.")})
    history = load_history(repo.layout)
    ko, en = history.current[("ko", "env.md")], history.twin_now("env.md")
    fps = Fingerprints(BlobReader(repo.root))
    base = find_base(history, fps, ko, en)
    assert base is not None
    d = drift(history, fps, base, ko, en)
    assert [c.sha for c in d.behind] == [c3]
    assert "0.19.0" in d.english and "1.0.0" not in d.english


def test_fingerprint_with_a_line_memo_is_the_same_and_in_the_same_order():
    """The base search fingerprints every version of a doc with one memo of what each line outside code gives
    (history.Fingerprints): a line that opens a fence in one version and sits inside a code block in the
    next, a longer fence holding a shorter one, a tilde fence, refs, inline code, links and attributes must
    count exactly as a scan without the memo counts them, in the same order."""
    from collections import Counter

    from hfi18n.repo.history import fingerprint_text, similarity

    versions = [
        "# T\n\nUse `x = 1` and [`Trainer`] ([doc](./a.md)).\n\n```py\nx = 1  # set\n```\n",
        "# T\n\n````md\n```py\nUse `x = 1` and [`Trainer`]\n```\n````\n\nUse `x = 1` and [`Trainer`] ([doc](./a.md)).\n",
        '~~~\n<img src="a.png">\n~~~\n<img src="a.png"> [`Trainer`]\n```py\n# only a comment\n// too\n```\nUse `x = 1`\n',
        "```\nUse `x = 1` and [`Trainer`] ([doc](./a.md)).\n",  # a fence never closed
    ]
    memo: dict = {}
    for _ in range(2):
        for text in versions:
            alone, with_memo = fingerprint_text(text), fingerprint_text(text, memo)
            assert list(with_memo.items()) == list(alone.items())
    first = fingerprint_text(versions[0])
    assert first["code:x = 1"] == first["code:x = 1  # set"] == first["ref:Trainer"] == first["link:./a.md"] == 1
    assert fingerprint_text(versions[3]) == Counter({"code:Use `x = 1` and [`Trainer`] ([doc](./a.md)).": 1})
    a, b = fingerprint_text(versions[0]), fingerprint_text(versions[1])
    assert similarity(a, b) == 2 * sum((a & b).values()) / (sum(a.values()) + sum(b.values()))
    assert similarity(Counter({"x": 2, "y": -1}), Counter({"x": 1, "y": 3})) == 2 * 1 / 5


def test_a_commit_with_no_new_translated_text_carries_nothing_without_a_pairing(tmp_path):
    """The English changed a paragraph and dropped another; the commit that touched the translation wrote no new
    text (a blank line). It carries nothing, and that is told before the base is paired with the translation
    before it (the pairing the dropped prose needs): 326 of the 499 pairings of the base search of the
    20,000-commit repo were for such commits, each answering no all the same."""
    from hfi18n.repo.history import carries_changes

    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)

    def blob(text: str) -> str:
        return subprocess.run(["git", "-C", str(tmp_path), "hash-object", "-w", "--stdin"], input=text.encode(),
                              capture_output=True, check=True).stdout.decode().strip()

    base = blob("# Title\n\nThe first paragraph says one thing.\n\nThe second paragraph goes away.\n")
    english = blob("# Title\n\nThe first paragraph now says another thing.\n")
    before = blob("# 제목\n\n첫 문단은 한 가지를 말합니다.\n\n둘째 문단은 사라집니다.\n")
    after = blob("# 제목\n\n첫 문단은 한 가지를 말합니다.\n\n둘째 문단은 사라집니다.\n\n")
    fps = Fingerprints(BlobReader(tmp_path))
    try:
        assert carries_changes(fps, base, english, before, after, "ko") is False
        assert fps._rendered == {}  # no pairing was made to say it
        # a commit that wrote the changed paragraph and dropped the other carries them (the pairing is made)
        done = blob("# 제목\n\n첫 문단은 이제 다른 것을 말합니다.\n")
        assert carries_changes(fps, base, english, before, done, "ko") is True
    finally:
        fps.blobs.close()


def _bases_both_ways(monkeypatch: pytest.MonkeyPatch, run):
    """What ``run()`` gives, and the carries_changes calls it made, with find_base starting at its last reset
    (history._last_reset) and with it walking every version (the loop before the change)."""
    import hfi18n.repo.history as history_mod

    calls: list[int] = []
    real = history_mod.carries_changes

    def counted(*a, **k):
        calls.append(1)
        return real(*a, **k)

    monkeypatch.setattr(history_mod, "carries_changes", counted)
    fast = run()
    fast_calls = len(calls)
    monkeypatch.setattr(history_mod, "_last_reset", lambda *a, **k: 0)
    calls.clear()
    whole = run()
    return fast, fast_calls, whole, len(calls)


def test_the_base_search_starts_at_its_last_reset_with_the_same_answer(repo: GitRepo,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Sweeps of both languages before a re-translation: each asked carries_changes of every English version
    since the base, and the re-translation replaced whatever they found (history._last_reset). The search now
    starts at the re-translation: the same base, and not one of those questions asked."""
    body = "".join(f"Line {i} of the guide.\n" for i in range(40))
    ko_body = "".join(f"가이드의 {i}번째 줄.\n" for i in range(40))
    repo.commit("Add guide", {"en/guide.md": en_doc() + body})
    repo.commit("[i18n-KO] Translated guide.md to Korean", {"ko/guide.md": ko_doc() + ko_body})
    repo.commit("[docs] guide update", {"en/guide.md": en_doc(code="pipe = Pipeline(fast=True)") + body})
    repo.commit("Update licenses to 2024", {"en/guide.md": en_doc(2024, code="pipe = Pipeline(fast=True)") + body,
                                            "ko/guide.md": ko_doc(2024) + ko_body})
    repo.commit("[docs] guide update 2", {"en/guide.md": en_doc(2024, code="pipe = Pipeline(fast=False)") + body})
    c6 = repo.commit("Update licenses to 2025", {"en/guide.md": en_doc(2025, code="pipe = Pipeline(fast=False)") + body,
                                            "ko/guide.md": ko_doc(2025) + ko_body})
    rewritten = ko_doc(2025, code="pipe = Pipeline(fast=False)") + "".join(f"새 가이드 {i}.\n" for i in range(40))
    c7 = repo.commit("Reflect the English changes in guide.md", {"ko/guide.md": rewritten})
    history = load_history(repo.layout)
    ko, en = history.current[("ko", "guide.md")], history.twin_now("guide.md")

    def run():
        fps = Fingerprints(BlobReader(repo.root))
        try:
            return find_base(history, fps, ko, en)
        finally:
            fps.blobs.close()

    fast, fast_calls, whole, whole_calls = _bases_both_ways(monkeypatch, run)
    assert fast == whole and fast is not None
    assert (fast.event_commit, fast.base_commit) == (c7, c6)  # the English the rewrite was made from
    assert (fast_calls, whole_calls > 0) == (0, True)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["diffusers", "huggingface_hub", "smolagents"])
def test_the_base_search_from_its_last_reset_finds_every_corpus_base(corpus, name: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """history._last_reset on real history: every base of the Korean docs the same as the loop over every
    version gives (cold: no cache), with fewer carries_changes asked."""
    from hfi18n.repo.store import Store

    layout = DocsLayout.open(corpus(name))

    def run():
        store = Store(layout.repo)  # no cache: every base worked out
        try:
            return find_bases(layout, "ko", store=store)
        finally:
            store.close()

    fast, fast_calls, whole, whole_calls = _bases_both_ways(monkeypatch, run)
    assert fast == whole and len(fast) > 5
    assert fast_calls <= whole_calls


def test_a_blob_reader_reads_every_batch_through_one_git_process(repo: GitRepo, monkeypatch) -> None:
    """Two bulk loads, one blob asked for alone, a missing one and a repeated one: one ``git cat-file``
    process for them all (git keeps the delta bases it rebuilt across batches: a process per batch cost the
    20,000-commit repo's cold status twice the git time), each text the blob git has, in any order."""
    import subprocess

    texts = [f"# Page {i}\n\n" + "".join(f"Line {k} of {i}.\n" for k in range(50 + i)) for i in range(6)]
    shas = []
    for i, text in enumerate(texts):
        repo.commit(f"page {i}", {f"en/p{i}.md": text})
        shas.append(repo.git("rev-parse", f"HEAD:docs/source/en/p{i}.md").strip())
    spawned: list[list[str]] = []
    real = subprocess.Popen

    class Counting(real):  # type: ignore[misc, valid-type]
        def __init__(self, args, *a, **k):  # type: ignore[no-untyped-def]
            spawned.append(list(args))
            super().__init__(args, *a, **k)

    monkeypatch.setattr(subprocess, "Popen", Counting)
    blobs = BlobReader(repo.root)
    try:
        blobs.load([shas[3], shas[0], shas[3], "0" * 40])
        blobs.load(shas[1:3])
        assert blobs.text(shas[5]) == texts[5]  # not loaded: read alone
        assert [blobs.text(s) for s in shas] == texts
        assert blobs.text("0" * 40) == ""
    finally:
        blobs.close()
    assert [a for a in spawned if "cat-file" in a] == [["git", "-C", str(repo.root), "cat-file", "--batch"]]


def test_an_object_id_with_a_newline_shifts_no_text(repo: GitRepo) -> None:
    """A blob id comes from git, but a record a PR author commits names blobs too: an "id" holding a newline
    was two requests to the run's one ``git cat-file --batch``, and each text after it went to the id before.
    Anything but a full object id is answered as missing, and the texts around it are git's."""
    texts = ["# One\n\nfirst\n", "# Two\n\nsecond\n"]
    shas = []
    for i, text in enumerate(texts):
        repo.commit(f"page {i}", {f"en/q{i}.md": text})
        shas.append(repo.git("rev-parse", f"HEAD:docs/source/en/q{i}.md").strip())
    blobs = BlobReader(repo.root)
    try:
        sneaky = f"{shas[1]}\nHEAD:docs/source/en/q0.md"
        blobs.load([shas[0], sneaky, "HEAD", shas[1]])
        assert [blobs.text(shas[0]), blobs.text(sneaky), blobs.text("HEAD"), blobs.text(shas[1])] == \
            [texts[0], "", "", texts[1]]
        assert blobs.text(f"{shas[0]}\n{shas[1]}") == "" and blobs.text(shas[1]) == texts[1]
    finally:
        blobs.close()


_FP_LINES = st.sampled_from([
    "```py", "```", "````", "~~~", "  ```", "x = 1", "# a comment", "", "", "text with `code` and [a](b.md)",
    "[`Ref`] here", "\t", "<a href=\"c.md\">c</a>", "> quote `q`", "- item `i`", "\r", "plain words",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_FP_LINES, max_size=14), min_size=1, max_size=5),
       st.sampled_from(["\n", "\r\n", "\n\n"]))
def test_a_fingerprint_kept_by_paragraph_is_the_scan_of_every_line(versions: list[list[str]], eol: str) -> None:
    """``fingerprint_text`` keeps what each paragraph gives, read from the fence it starts in, across the
    versions of a doc (a fifth of the Python of a cold status of the 20,000-commit repo): with that memo
    shared by versions, each fingerprint is the line scan's, item for item and in the same order (fences
    opened in one paragraph and closed in a later one, blank lines of spaces, ``\\r\\n``)."""
    memo: dict[object, object] = {}
    for lines in versions:
        text = eol.join(lines)
        assert list(fingerprint_text(text, memo).items()) == list(fingerprint_text(text).items())
