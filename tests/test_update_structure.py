"""Issue 24: ``translate --update`` bead by bead, on translations whose structure the translator changed.

Each test builds a repository with real ``git commit``s (English, then its translation, then the
translator's edits, then an English change) and runs the CLI, as a translator would.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.doc import parse
from hfi18n.doc.notice import strip_notice
from hfi18n.pair.model import pair_docs
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import git, isolate_env


@pytest.fixture(autouse=True)
def llm(monkeypatch: pytest.MonkeyPatch):
    """The loopback translator every update here goes through (pseudo, a test double, never updates a
    human translation)."""
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")  # undone after the test, whatever set it since
    with FakeLLMServer(api_key="test-key") as server:
        _LLM[:] = [server]
        yield server


_LLM: list[FakeLLMServer] = []


def _provider(llm: FakeLLMServer) -> list[str]:
    import os

    os.environ["OPENAI_API_KEY"] = "test-key"  # isolate_env in the fixtures removed it
    return ["--provider", "openai", "--base-url", llm.openai_base_url]

EN = """<!--Copyright 2024 The HuggingFace Team. All rights reserved.-->

# Tokenizers

Tokenizers turn raw text into the numbers a model reads. Each model on the Hub comes with its own tokenizer, loaded with [`AutoTokenizer`].

The vocabulary is learned from a training corpus before the model is trained, and it never changes afterwards.

## Byte-pair encoding (BPE)

Byte-pair encoding starts from single characters and merges the most frequent pair again and again until the vocabulary reaches its target size. GPT-2 uses a byte-level variant of it.

```py
from transformers import AutoTokenizer

def load(name):
    \"\"\"Load the tokenizer of a model.\"\"\"
    return AutoTokenizer.from_pretrained(name)  # download once, then cached
```

Call the tokenizer on a sentence to get `input_ids`. Decode them back with [`~PreTrainedTokenizer.decode`] to check the round trip.

## WordPiece

WordPiece is close to BPE but picks the pair that most increases the likelihood of the training data. BERT uses it, with `##` marking a piece inside a word.

Special tokens such as `[CLS]` and `[SEP]` are added around each sentence. They tell the model where an input starts and ends, and `[PAD]` fills shorter inputs.

## Next steps

Read the [tokenizer summary](./tokenizer_summary) for more details about each algorithm.
"""

KO = """<!--Copyright 2024 The HuggingFace Team. All rights reserved.-->

# 토크나이저 [[tokenizers]]

<!-- 번역자 메모: 용어는 한국어 용어집을 따릅니다 -->

토크나이저는 원시 텍스트를 모델이 읽는 숫자로 바꿉니다. Hub의 각 모델에는 [`AutoTokenizer`]로 불러오는 자체 토크나이저가 있습니다.

어휘는 모델을 학습하기 전에 학습 말뭉치에서 배우며, 그 뒤로는 바뀌지 않습니다.

## 바이트 쌍 인코딩 (BPE) [[bytepair-encoding-bpe]]

바이트 쌍 인코딩은 단일 문자에서 시작해 가장 자주 나오는 쌍을 어휘가 목표 크기에 이를 때까지 계속 병합합니다. GPT-2는 그 바이트 수준 변형을 씁니다.

```py
from transformers import AutoTokenizer

def load(name):
    \"\"\"모델의 토크나이저를 불러옵니다.\"\"\"
    return AutoTokenizer.from_pretrained(name)  # 한 번 내려받은 뒤 캐시에서 읽음
```

문장에 토크나이저를 호출하면 `input_ids`를 얻습니다. [`~PreTrainedTokenizer.decode`]로 다시 디코딩해 왕복을 확인하세요.

## WordPiece [[wordpiece]]

WordPiece는 BPE와 비슷하지만 학습 데이터의 가능도를 가장 많이 높이는 쌍을 고릅니다. BERT가 이를 쓰며, `##`는 단어 안의 조각을 표시합니다.

`[CLS]`와 `[SEP]` 같은 특수 토큰이 각 문장 앞뒤에 붙습니다. 모델에 입력의 시작과 끝을 알려 주며, `[PAD]`는 짧은 입력을 채웁니다.

## 다음 단계 [[next-steps]]

각 알고리즘에 대한 자세한 내용은 [토크나이저 요약](./tokenizer_summary)을 읽어 보세요.
"""

OTHER = """# 요약 [[summary]]

BPE는 [바이트 쌍 인코딩](./tokenizers#bytepair-encoding-bpe)을 보세요.
"""

KO_DIR = "docs/source/ko"


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", message)


@pytest.fixture()
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """English committed, then its Korean translation (and another Korean doc linking to it)."""
    isolate_env(monkeypatch, tmp_path)
    root = tmp_path / "repo"
    (root / "docs/source/en").mkdir(parents=True)
    (root / KO_DIR).mkdir(parents=True)
    git(root.parent, "init", "-q", str(root))
    (root / "docs/source/en/tokenizers.md").write_text(EN, encoding="utf-8")
    (root / "docs/source/en/summary.md").write_text("# Summary\n\nFor BPE see [byte-pair encoding]"
                                                    "(./tokenizers#byte-pair-encoding-bpe).\n", encoding="utf-8")
    _commit(root, "Add the tokenizers doc")
    (root / KO_DIR / "tokenizers.md").write_text(KO, encoding="utf-8")
    (root / KO_DIR / "summary.md").write_text(OTHER, encoding="utf-8")
    _commit(root, "🌐 [i18n-KO] Translated `tokenizers.md` to Korean")
    return root


def _edit(repo: Path, rel: str, old: str, new: str, message: str) -> str:
    path = repo / rel
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    _commit(repo, message)
    return text


def _page(path: Path) -> str:
    """The translated page as the translator wrote it: without the notice an update that wrote machine text
    puts at its top (issue 36: the tool's own callout, not text of the page)."""
    return strip_notice(path.read_text(encoding="utf-8"))


def _update(repo: Path, capsys) -> dict:
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "--update", "tokenizers.md",
                 *_provider(_LLM[0]), "--format", "json"])
    run = json.loads(capsys.readouterr().out)
    assert code == 0, run
    return run


MERGED = ("토크나이저는 원시 텍스트를 모델이 읽는 숫자로 바꿉니다. Hub의 각 모델에는 [`AutoTokenizer`]로 불러오는 자체 "
          "토크나이저가 있습니다.\n\n어휘는")
CALL_KO = "문장에 토크나이저를 호출하면 `input_ids`를 얻습니다. [`~PreTrainedTokenizer.decode`]로 다시 디코딩해 왕복을 확인하세요.\n"


def _translator_merges_and_splits(repo: Path) -> str:
    _edit(repo, f"{KO_DIR}/tokenizers.md", MERGED, MERGED.replace(".\n\n어휘는", ". 어휘는"), "ko: merge the intro")
    return _edit(repo, f"{KO_DIR}/tokenizers.md", "붙습니다. 모델에", "붙습니다.\n\n모델에", "ko: split special tokens")


def test_merged_and_split_paragraphs_survive_an_update_elsewhere_byte_for_byte(repo: Path, capsys) -> None:
    """The controlled experiment of the issue: the translator merges two paragraphs and splits another;
    the English changes one paragraph in another section. Before, the update deleted the merged
    paragraph, dropped a split half and added a duplicate machine paragraph; now everything but the
    translation of the changed paragraph is byte-identical, and only that paragraph is sent."""
    human = _translator_merges_and_splits(repo)
    _edit(repo, "docs/source/en/tokenizers.md", "to check the round trip.",
          "to check the round trip; special tokens are kept.", "Say what decode keeps")
    run = _update(repo, capsys)
    out = _page(repo / KO_DIR / "tokenizers.md")
    start = human.index(CALL_KO)
    assert out.startswith(human[:start]) and out.endswith(human[start + len(CALL_KO) - 1:])
    assert CALL_KO not in out
    assert (run["segments"], run["docs"][0]["written"]) == (1, True)
    assert "이 문서의 일부(1개 문단)" in (repo / KO_DIR / "tokenizers.md").read_text(encoding="utf-8")  # says so
    # the pair model sees the merge and the split as n-m beads
    beads = pair_docs(parse(EN), parse(human))
    assert {b.move for b in beads} >= {"2-1", "1-2"}


def test_a_badge_added_to_the_english_keeps_every_human_line(repo: Path, capsys) -> None:
    """The English gained only a badge ``<div>``: 25 human prose lines were lost on 15 real outdated docs
    where the English had not changed otherwise. The badge is inserted at its place; nothing is sent."""
    human = _translator_merges_and_splits(repo)
    badge = '<div class="flex flex-wrap space-x-1">\n<img alt="PyTorch" src="https://img.shields.io/badge/PyTorch-DE3412">\n</div>\n\n'
    _edit(repo, "docs/source/en/tokenizers.md", "# Tokenizers\n\n", "# Tokenizers\n\n" + badge, "Add a badge")
    run = _update(repo, capsys)
    out = _page(repo / KO_DIR / "tokenizers.md")
    assert out.replace(badge, "") == human
    assert run["segments"] == 0


def test_translated_docstring_comments_anchors_and_html_comments_are_kept(repo: Path, capsys) -> None:
    """A change in another paragraph: the translated docstring and comment of the unchanged code block,
    the translator's HTML comment and own anchors stay (they reverted to English, 27 of 27 anchors were
    rewritten on 3 docs); ``check`` calls a translated docstring a warning, not an error."""
    _edit(repo, "docs/source/en/tokenizers.md", "for more details about each algorithm.",
          "for details about each algorithm.", "Shorter next steps")
    _update(repo, capsys)
    out = _page(repo / KO_DIR / "tokenizers.md")
    for kept in ('"""모델의 토크나이저를 불러옵니다."""', "# 한 번 내려받은 뒤 캐시에서 읽음",
                 "<!-- 번역자 메모: 용어는 한국어 용어집을 따릅니다 -->", "## 바이트 쌍 인코딩 (BPE) [[bytepair-encoding-bpe]]"):
        assert kept in out
    assert out.split("## 다음 단계")[0] == KO.split("## 다음 단계")[0]
    code = main(["check", "--repo", str(repo), "--lang", "ko", "tokenizers.md", "--format", "json"])
    findings = json.loads(capsys.readouterr().out)
    assert code == 0, findings
    assert any("only in comments and docstrings" in f["message"] for f in findings)


def test_custom_anchor_is_a_warning_naming_its_links_and_fix_anchors_renames_both(repo: Path, capsys) -> None:
    """``check`` warns about ``[[bytepair-encoding-bpe]]`` (the English heading is byte-pair-encoding-bpe)
    and names the link of summary.md that uses it; ``--fix-anchors`` renames the anchor and that link."""
    main(["check", "--repo", str(repo), "--lang", "ko", "--format", "json"])
    findings = json.loads(capsys.readouterr().out)
    [custom] = [f for f in findings if "custom anchor" in f["message"]]
    assert custom["severity"] == "warning" and custom["line"] == 11
    # (summary.md's link differs from its English one: an error of that doc, which the fix resolves too)
    assert "summary.md:3" in custom["message"] and "[[byte-pair-encoding-bpe]]" in custom["message"]
    code = main(["check", "--repo", str(repo), "--lang", "ko", "--fix-anchors", "--format", "json"])
    findings = json.loads(capsys.readouterr().out)
    assert code == 0 and not [f for f in findings if "custom anchor" in f["message"]]
    assert "## 바이트 쌍 인코딩 (BPE) [[byte-pair-encoding-bpe]]" in (repo / KO_DIR / "tokenizers.md").read_text()
    assert "(./tokenizers#byte-pair-encoding-bpe)" in (repo / KO_DIR / "summary.md").read_text()


def test_a_deleted_english_paragraph_removes_only_its_own_bead(repo: Path, capsys) -> None:
    human = _translator_merges_and_splits(repo)
    _edit(repo, "docs/source/en/tokenizers.md", EN[EN.index("Call the tokenizer"):EN.index("## WordPiece")], "",
          "Drop the decode paragraph")
    run = _update(repo, capsys)
    out = _page(repo / KO_DIR / "tokenizers.md")
    assert out == human.replace(CALL_KO + "\n", "")
    assert run["segments"] == 0


def test_a_translator_note_beside_a_changed_paragraph_is_kept_for_review(repo: Path, capsys) -> None:
    """The English of a paragraph changed, and the translator had added a note of their own after its
    translation: whether the note belonged to that paragraph the aligner cannot prove, so the note is kept
    in a review comment (invisible on the page, never lost) instead of being replaced or duplicated."""
    note = "참고: 한국어 문서에서는 이 예제의 토크나이저 이름을 `gpt2`로 고정했습니다.\n\n"
    _edit(repo, f"{KO_DIR}/tokenizers.md", CALL_KO + "\n", CALL_KO + "\n" + note, "ko: add a note")
    _edit(repo, "docs/source/en/tokenizers.md", "to check the round trip.",
          "to check the round trip; special tokens are kept.", "Say what decode keeps")
    run = _update(repo, capsys)
    out = _page(repo / KO_DIR / "tokenizers.md")
    assert run["docs"][0]["written"] and CALL_KO not in out
    comment = out[out.index("<!-- hfi18n: review:"):]
    assert note.strip() in comment[:comment.index("-->")]
    assert out.count(note.strip()) == 1


def _small_repo(root: Path, en: str, ko: str) -> Path:
    (root / "docs/source/en").mkdir(parents=True)
    (root / KO_DIR).mkdir(parents=True)
    git(root.parent, "init", "-q", str(root))
    (root / "docs/source/en/x.md").write_text(en, encoding="utf-8")
    _commit(root, "en")
    (root / KO_DIR / "x.md").write_text(ko, encoding="utf-8")
    _commit(root, "ko")
    return root


def _update_x(repo: Path, capsys) -> dict:
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "--update", "x.md", *_provider(_LLM[0]),
                 "--format", "json"])
    run = json.loads(capsys.readouterr().out)
    assert code == 0 and run["docs"][0]["written"], run
    return run


def test_an_english_tip_element_and_its_translated_callout_are_one_bead(tmp_path: Path, monkeypatch,
                                                                        capsys) -> None:
    """``<Tip>`` ... ``</Tip>`` in the English, ``> [!TIP]`` in the translation (diffusers ko
    controlling_generation.md): one bead, kept as it is when another paragraph changes; it was written
    twice, the page's callouts no longer the English ones."""
    isolate_env(monkeypatch, tmp_path)
    en = ("# Guide\n\nFirst paragraph of the guide about `pipelines` and how to load them.\n\n<Tip>\n\n"
          "Pix2Pix Zero is the first model that allows zero-shot image editing with `prompts`.\n\n</Tip>\n\n"
          "Last paragraph of the guide explains the `scheduler` choice in detail.\n")
    ko = ("# 가이드 [[guide]]\n\n`pipelines`와 그것을 불러오는 방법에 관한 가이드의 첫 문단입니다.\n\n"
          "> [!TIP]\n> Pix2Pix Zero는 `prompts`로 제로 샷 이미지 편집을 하는 첫 모델입니다.\n\n"
          "가이드의 마지막 문단은 `scheduler` 선택을 자세히 설명합니다.\n")
    repo = _small_repo(tmp_path / "r", en, ko)
    assert [b.move for b in pair_docs(parse(en), parse(ko))] == ["1-1", "1-1", "3-1", "1-1"]
    _edit(repo, "docs/source/en/x.md", "in detail.", "in more detail.", "en: last paragraph")
    _update_x(repo, capsys)
    out = _page(repo / KO_DIR / "x.md")
    assert out.count("> [!TIP]") == 1 and "<Tip>" not in out
    assert out.startswith(ko[:ko.index("가이드의 마지막")])


def test_a_translation_without_a_final_newline_goes_on_with_the_new_english(tmp_path: Path, monkeypatch,
                                                                            capsys) -> None:
    """The translation's last line had no newline and the English gained a section after it
    (huggingface_hub ko package_reference/space_runtime.md): the new heading was glued to that line."""
    isolate_env(monkeypatch, tmp_path)
    en = "# Runtime\n\n## SpaceVariable\n\n[[autodoc]] SpaceVariable\n"
    ko = "# 런타임 [[runtime]]\n\n<!-- 번역 메모: 클래스 이름은 옮기지 않습니다 -->\n\n## SpaceVariable [[spacevariable]]\n\n[[autodoc]] SpaceVariable"
    repo = _small_repo(tmp_path / "r", en, ko)
    _edit(repo, "docs/source/en/x.md", "[[autodoc]] SpaceVariable\n",
          "[[autodoc]] SpaceVariable\n\n## SpaceTemplate\n\n[[autodoc]] SpaceTemplate\n", "en: SpaceTemplate")
    _update_x(repo, capsys)
    out = _page(repo / KO_DIR / "x.md")
    assert out.startswith(ko + "\n\n## SpaceTemplate") and out.endswith("[[autodoc]] SpaceTemplate\n")


def test_an_edit_of_a_kept_segment_reaches_the_page_or_is_refused(repo: Path) -> None:
    """The review of an update (the web app's edit step, ``api.draft``): a segment the update keeps byte for
    byte was rendered from the kept text, so an edit of it was shown but never checked nor written. Now an
    edit of a plainly kept paragraph reaches the page (and its check); one inside a passage the translator
    merged is refused with what to do, and the human passage is untouched."""
    from hfi18n import api
    from hfi18n.errors import RefusedError

    _translator_merges_and_splits(repo)
    _edit(repo, "docs/source/en/tokenizers.md", "to check the round trip.",
          "to check the round trip; special tokens are kept.", "Say what decode keeps")
    held = api.draft(repo, "ko", "tokenizers.md", update=True)
    by_text = {s.english: s for s in held.segments}
    now = {s.id: s.translation for s in held.segments if s.translation}  # display form, as the web app sends
    assert not held.errors and api.draft(repo, "ko", "tokenizers.md", now, update=True).text == held.text
    plain = next(s for e, s in by_text.items() if e.startswith("Read the [tokenizer summary]"))
    edited = api.draft(repo, "ko", "tokenizers.md", {**now, plain.id: "링크 없는 문장입니다."}, update=True)
    assert "링크 없는 문장입니다." in edited.text
    assert any(f.check == "links" for f in edited.findings)  # the dropped link is seen now
    merged = next(s for e, s in by_text.items() if e.startswith("The vocabulary"))
    with pytest.raises(RefusedError, match="kept as the translator wrote it"):
        api.draft(repo, "ko", "tokenizers.md", {**now, merged.id: "고친 문장입니다."}, update=True)


def test_a_merged_passage_kept_by_an_update_is_done_in_its_review_and_written_finished(repo: Path) -> None:
    """The review of an update (the web app's and an agent's path): the segments of a passage the translator
    merged (two English paragraphs, one Korean) have no translation of their own; they were counted as
    left in English, so writing the reviewed update made a finished page a marked draft."""
    from hfi18n import api
    from hfi18n.doc.draft import is_draft
    from hfi18n.origin import Origin

    _translator_merges_and_splits(repo)
    _edit(repo, "docs/source/en/tokenizers.md", "to check the round trip.",
          "to check the round trip; special tokens are kept.", "Say what decode keeps")
    held = api.draft(repo, "ko", "tokenizers.md", update=True)
    vocab = next(s for s in held.segments if s.english.startswith("The vocabulary"))
    intro = held.segments[held.segments.index(vocab) - 1]  # the merged passage shows on its first segment
    assert vocab.origin is Origin.HUMAN and intro.origin is Origin.HUMAN and "어휘는" in intro.translation
    assert [s.id for s in held.segments if s.origin is Origin.ENGLISH] == [
        s.id for s in held.segments if s.changed]  # only the changed paragraph waits for a translation
    done = {s.id: s.translation for s in held.segments if s.translation}
    changed = next(s for s in held.segments if s.changed)
    done[changed.id] = CALL_KO.strip().replace("확인하세요.", "확인하세요. 특수 토큰은 유지됩니다.")
    api.write_draft(repo, "ko", "tokenizers.md", done, update=True)
    assert not is_draft((repo / KO_DIR / "tokenizers.md").read_text(encoding="utf-8"))


# ------------------------------------------------ beads kept byte for byte even where check finds an error

SWEEP_EN = """# Load a pipeline

Load the pipeline in half precision to save memory on the GPU, then move it to the device.

```py
import torch
from diffusers import DiffusionPipeline

# load the weights in half precision
pipe = DiffusionPipeline.from_pretrained("stable-diffusion-v1-5/stable-diffusion-v1-5", torch_dtype=torch.float16)
```

## Scheduler

The scheduler decides how much noise is removed at each step of the denoising loop.

## End to end example

Put the pipeline and the scheduler together and generate an image from a prompt.
"""

# the translator (or a repo-wide sweep that reached the translation only) changed the code beyond its
# comments; two headings carry no English anchor, one of them a malformed one
SWEEP_KO = """# 파이프라인 불러오기 [[load-a-pipeline]]

GPU 메모리를 아끼려면 파이프라인을 반정밀도로 불러온 뒤 장치로 옮기세요.

```py
import torch
from diffusers import DiffusionPipeline

# 가중치를 반정밀도로 불러옵니다
pipe = DiffusionPipeline.from_pretrained("stable-diffusion-v1-5/stable-diffusion-v1-5", dtype=torch.float16)
```

## 스케줄러

스케줄러는 디노이징 루프의 각 단계에서 노이즈를 얼마나 제거할지 정합니다.

## 엔드 투 엔드 예제[end-to-end-example]

파이프라인과 스케줄러를 함께 써서 프롬프트로 이미지를 생성하세요.
"""


def _sweep_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    isolate_env(monkeypatch, tmp_path)
    return _small_repo(tmp_path / "r", SWEEP_EN, SWEEP_KO)


def _finished(repo: Path, run: dict) -> str:
    from hfi18n.doc.draft import is_draft

    doc = run["docs"][0]
    assert doc["written"] and not doc["draft"] and not doc["errors"], doc
    out = _page(repo / KO_DIR / "x.md")
    assert not is_draft(out)
    return out


def test_translated_code_unlike_its_unchanged_english_is_kept_through_two_updates(tmp_path: Path, monkeypatch,
                                                                                  capsys) -> None:
    """Issue 24's rule: a bead whose English did not change is kept byte for byte, code included. The code
    of this translation differs from its English beyond comments (``dtype=`` where the English still has
    ``torch_dtype=``: 14 of 28 docs of bench/bench_update_structure.py); the update set it back to the
    English code, losing the translator's lines. Kept now, through a hand edit and a second update; the
    page is written finished, the code error it already had reported as a warning of the update."""
    repo = _sweep_repo(tmp_path, monkeypatch)
    code_ko = SWEEP_KO[SWEEP_KO.index("```py"):SWEEP_KO.index("## 스케줄러")]
    _edit(repo, "docs/source/en/x.md", "from a prompt.", "from a prompt of your own.", "en: last paragraph")
    run = _update_x(repo, capsys)
    out = _finished(repo, run)
    assert code_ko in out and "torch_dtype" not in out
    assert run["segments"] == 1
    [code] = [w for w in run["docs"][0]["pre_existing"] if w["check"] == "code"]
    assert code["severity"] == "warning" and "already in the previous translation" in code["message"]
    # the same through the human output of the CLI
    _edit(repo, f"{KO_DIR}/x.md", "옮기세요.", "옮겨 주세요.", "ko: hand edit")
    _edit(repo, "docs/source/en/x.md", "at each step of the denoising loop.", "at each denoising step.",
          "en: scheduler paragraph")
    code_ = main(["translate", "--repo", str(repo), "--lang", "ko", "--update", "x.md", *_provider(_LLM[0])])
    printed = capsys.readouterr()
    assert code_ == 0, printed
    out = _page(repo / KO_DIR / "x.md")
    assert code_ko in out and "옮겨 주세요." in out and "스케줄러는" not in out
    assert "warning [code] already in the previous translation" in " ".join(printed.out.split())


def test_a_heading_without_the_english_anchor_is_kept_as_the_translator_wrote_it(tmp_path: Path, monkeypatch,
                                                                                 capsys) -> None:
    """A translated heading with no ``[[anchor]]`` (or a malformed one) whose English did not change: the
    update appended the English anchor, rewriting the human heading (2 of 28 docs of the bench), and gave
    the malformed one a second anchor. Kept byte for byte now, the missing anchor reported as a warning the
    previous translation already had."""
    repo = _sweep_repo(tmp_path, monkeypatch)
    _edit(repo, "docs/source/en/x.md", "then move it to the device.", "then move it to the GPU.", "en: intro")
    run = _update_x(repo, capsys)
    out = _finished(repo, run)
    assert "\n## 스케줄러\n" in out and "\n## 엔드 투 엔드 예제[end-to-end-example]\n" in out
    assert out[out.index("```py"):] == SWEEP_KO[SWEEP_KO.index("```py"):]
    assert {w["check"] for w in run["docs"][0]["pre_existing"]} >= {"anchors"}


def test_the_bench_scenario_is_byte_identical_outside_the_changed_paragraph(tmp_path: Path, monkeypatch,
                                                                           capsys) -> None:
    """bench/bench_update_structure.py on a small doc: the translator merges two paragraphs and splits one,
    one English paragraph changes elsewhere. The translation also has a heading followed by its paragraph
    with no blank line between (huggingface_hub ko guides/integrations.md) and two blank lines before a
    heading (diffusers ko conceptual/ethical_guidelines.md): the update put a blank line after every kept
    bead that the English followed with one more, so 3 of 28 docs differed outside the changed paragraph.
    The changed paragraph is followed by two blank lines, the English one by one: the translator's two stay
    (huggingface_hub ko guides/model-cards.md lost one)."""
    isolate_env(monkeypatch, tmp_path)
    en = EN.replace("## WordPiece\n\n", "## WordPiece\n\n\n")
    ko = KO.replace("## WordPiece [[wordpiece]]\n\n", "## WordPiece [[wordpiece]]\n").replace(
        "\n\n## 다음 단계", "\n\n\n## 다음 단계").replace(CALL_KO + "\n", CALL_KO + "\n\n")
    repo = _small_repo(tmp_path / "r", en, ko)
    (repo / KO_DIR / "tokenizers.md").write_text(ko, encoding="utf-8")  # the merged and split doc of the fixture
    (repo / "docs/source/en/tokenizers.md").write_text(en, encoding="utf-8")
    _commit(repo, "tokenizers")
    human = _translator_merges_and_splits(repo)
    _edit(repo, "docs/source/en/tokenizers.md", "to check the round trip.",
          "to check the round trip; special tokens are kept.", "Say what decode keeps")
    run = _update(repo, capsys)
    out = _page(repo / KO_DIR / "tokenizers.md")
    start = human.index(CALL_KO)
    assert out.startswith(human[:start]) and out.endswith(human[start + len(CALL_KO) - 1:])
    assert run["segments"] == 1 and run["docs"][0]["written"] and not run["docs"][0]["draft"]


LEFT_EN = """# Agents

An agent lets a model decide which tool to call next, step by step, until the task is done.

Instead of a fixed pipeline, the agent inspects its own outputs and fixes the query when it is wrong.

Agents cost more tokens than a pipeline, since every step sends the whole memory again.

## Memory

The memory keeps every step of the run so that the model can read it at the next step.
"""

LEFT_KO = """# 에이전트 [[agents]]

에이전트는 작업이 끝날 때까지 다음에 호출할 도구를 모델이 한 단계씩 정하게 합니다.

에이전트는 매 단계마다 메모리 전체를 다시 보내므로 파이프라인보다 토큰이 더 듭니다.

## 메모리 [[memory]]

메모리는 실행의 모든 단계를 보관해 모델이 다음 단계에서 읽을 수 있게 합니다.
"""


def test_an_english_paragraph_the_translation_leaves_out_is_left_out_again(tmp_path: Path, monkeypatch,
                                                                           capsys) -> None:
    """The translation has no paragraph for the English "Instead of a fixed pipeline..." (a 1-0 bead: the
    translator left it out, or merged it where the aligner cannot prove it: smolagents ko
    examples/text_to_sql.md). Its English did not change, so the update keeps the translation as it is
    instead of inserting a machine paragraph there (a duplicate after a merge: 2 of 28 docs of the bench),
    and says which English line it left out. Next to a changed paragraph it is still sent."""
    isolate_env(monkeypatch, tmp_path)
    repo = _small_repo(tmp_path / "r", LEFT_EN, LEFT_KO)
    assert [b.move for b in pair_docs(parse(LEFT_EN), parse(LEFT_KO))][:4] == ["1-1", "1-1", "1-0", "1-1"]
    _edit(repo, "docs/source/en/x.md", "at the next step.", "at the next step of the run.", "en: memory")
    run = _update_x(repo, capsys)
    out = _finished(repo, run)
    assert out.startswith(LEFT_KO.split("메모리는")[0]) and "메모리는" not in out and run["segments"] == 1
    assert run["updates"]["x.md"]["left_out"] == [5]
    # beside a changed paragraph the left-out English is sent with it (its translation may be in the
    # paragraph the new text replaces)
    _edit(repo, "docs/source/en/x.md", "until the task is done.", "until the task is finished.", "en: intro")
    run = _update_x(repo, capsys)
    assert run["segments"] == 2 and not run["updates"]["x.md"]["left_out"]


def test_kept_code_stays_written_when_the_english_gains_a_code_block_before_it(tmp_path: Path, monkeypatch,
                                                                               capsys) -> None:
    """The English gains a code block before the translated code that differs from its (unchanged) English.
    Against today's English the previous translation's code blocks no longer line up ("code block not in
    the English doc"); after the update they do, and the same kept block "differs from the English one":
    not the same message, so the gate took it for a new error and refused the page (huggingface_hub ko
    guides/community.md, on the corpus test of every outdated doc). It is the error the translation had
    against the English it follows: a warning, the page written finished."""
    repo = _sweep_repo(tmp_path, monkeypatch)
    new_code = "Check the version first.\n\n```py\nimport diffusers\nprint(diffusers.__version__)\n```\n\n"
    _edit(repo, "docs/source/en/x.md", "Load the pipeline in half", new_code + "Load the pipeline in half",
          "en: version check")
    run = _update_x(repo, capsys)
    out = _finished(repo, run)
    assert SWEEP_KO[SWEEP_KO.index("```py"):] in out and "print(diffusers.__version__)" in out
    assert [w["check"] for w in run["docs"][0]["pre_existing"]].count("code") == 1


def test_fix_anchors_killed_between_writes_is_finished_by_the_next_run(repo: Path, capsys, monkeypatch) -> None:
    """Issue 33 item 8: ``check --fix-anchors`` stopped after renaming the heading and before rewriting the
    link to it left a dangling link, and a re-run did not repair it (the anchor was no longer custom)."""
    import hfi18n.fileio as fileio

    real, writes = fileio.atomic_write, []

    def dies_on_the_second_doc(path, text, *args, **kwargs):  # noqa: ANN001
        if str(path).endswith(".md"):
            writes.append(path)
            if len(writes) == 2:
                raise KeyboardInterrupt  # the kill, between the heading's file and the link's
        return real(path, text, *args, **kwargs)

    monkeypatch.setattr("hfi18n.check.custom_anchors.atomic_write", dies_on_the_second_doc)
    assert main(["check", "--repo", str(repo), "--lang", "ko", "--fix-anchors"]) == 130
    capsys.readouterr()
    tokenizers, summary = (repo / KO_DIR / "tokenizers.md").read_text(), (repo / KO_DIR / "summary.md").read_text()
    assert ("[[byte-pair-encoding-bpe]]" in tokenizers) != ("#byte-pair-encoding-bpe)" in summary)  # half done
    monkeypatch.setattr("hfi18n.check.custom_anchors.atomic_write", real)
    assert main(["check", "--repo", str(repo), "--lang", "ko", "--fix-anchors", "--format", "json"]) == 0
    findings = json.loads(capsys.readouterr().out)
    assert "## 바이트 쌍 인코딩 (BPE) [[byte-pair-encoding-bpe]]" in (repo / KO_DIR / "tokenizers.md").read_text()
    assert "(./tokenizers#byte-pair-encoding-bpe)" in (repo / KO_DIR / "summary.md").read_text()
    assert not [f for f in findings if f["severity"] == "error"], findings


def _update_rendered_from_the_english(repo: Path, capsys) -> str:
    """Update x.md where kept beads would not give the English structure (``structure_fallback``: the page is
    rendered from the English); the page written."""
    from hfi18n import api

    _provider(_LLM[0])  # the key isolate_env removed
    plan = api.translate(repo, "ko", ["x.md"], update=True, provider="openai", base_url=_LLM[0].openai_base_url,
                         write=False).updates["x.md"]
    assert plan.structure_fallback
    _update_x(repo, capsys)
    return _page(repo / KO_DIR / "x.md")


def test_the_whole_page_fallback_keeps_the_translations_own_anchors(tmp_path: Path, monkeypatch, capsys) -> None:
    """Kept beads would not give the English structure (the translation has a ``<Tip>`` the English does not),
    so the update renders the page from the English (``structure_fallback``). Every heading got the English
    anchor: the translator's ``[[my-install]]`` under a heading whose English did not change became
    ``[[install-the-library]]`` and the links of other translated docs to it broke (issue 31), and
    ``## 사용하기[[use-it]]`` got a space before its anchor. A heading whose English did not change is kept
    byte for byte, as a kept bead is; one whose English title changed takes today's English anchor."""
    isolate_env(monkeypatch, tmp_path)
    en = ("# Guide\n\nIntro paragraph about the guide and its `options`.\n\n## Install the library\n\n"
          "Run the installer with `pip` and wait until it finishes.\n\n## Use it\n\n"
          "Call the function with the `arguments` you need.\n\n## Old title\n\nThe last section of the guide.\n")
    ko = ("# 가이드 [[guide]]\n\n가이드와 그 `options`에 대한 소개 문단입니다.\n\n## 라이브러리 설치 [[my-install]]\n\n"
          "`pip`로 설치 프로그램을 실행하고 끝날 때까지 기다립니다.\n\n<Tip>\n\n번역자의 참고 사항입니다.\n\n</Tip>\n\n"
          "## 사용하기[[use-it]]\n\n필요한 `arguments`와 함께 함수를 호출합니다.\n\n## 옛 제목 [[my-old]]\n\n"
          "가이드의 마지막 절입니다.\n")
    repo = _small_repo(tmp_path / "r", en, ko)
    _edit(repo, "docs/source/en/x.md", "you need.\n", "you need.\n\n```py\nrun(arguments)\n```\n", "en: example")
    _edit(repo, "docs/source/en/x.md", "## Old title", "## New title", "en: retitle")
    out = _update_rendered_from_the_english(repo, capsys)
    assert "## 라이브러리 설치 [[my-install]]\n" in out and "[[install-the-library]]" not in out
    assert "## 사용하기[[use-it]]\n" in out and "[[my-old]]" not in out and "[[new-title]]" in out
    assert "run(arguments)" in out


def test_a_merged_passage_half_of_whose_english_changed_is_kept_whole_as_one_conflict(tmp_path: Path, monkeypatch,
                                                                                        capsys) -> None:
    """A translator merged two English paragraphs into one; then the English edited the second of them. The
    merged text has no part of its own for the first paragraph, whose English did not change: re-translated
    whole, that human text was lost (diffusers ko training/create_dataset.md, bench_properties, issue 31).
    Nobody can tell which words follow the new English: the passage is kept whole and said once (P5), and a
    second update changes nothing."""
    isolate_env(monkeypatch, tmp_path)
    en = ("# Guide\n\nIntro paragraph about the guide and its `options`.\n\n"
          "Now that you've created a dataset, you can plug it into the `train_data_dir` argument of a script.\n\n"
          "For your next steps, try to train a model for [unconditional generation](unconditional_training)!\n\n"
          "## Next\n\nThe last section of the guide.\n")
    merged = ("데이터셋을 생성했으니 이제 스크립트의 `train_data_dir` 인수에 연결할 수 있습니다. 다음 단계에서는 "
              "[unconditional 생성](unconditional_training)을 위한 모델을 학습시켜보세요!")
    ko = (f"# 가이드 [[guide]]\n\n가이드와 그 `options`에 대한 소개 문단입니다.\n\n{merged}\n\n"
          "## 다음 [[next]]\n\n가이드의 마지막 절입니다.\n")
    repo = _small_repo(tmp_path / "r", en, ko)
    _edit(repo, "docs/source/en/x.md", "try to train", "feel free to try and train", "docs: update")
    run = _update_x(repo, capsys)
    out = _page(repo / KO_DIR / "x.md")
    assert merged in out and out.count("train_data_dir") == 1, out
    [conflict] = run["docs"][0]["summary"]["conflicts"]
    assert conflict["line"] == 5 and "the English changed too" in conflict["message"], conflict
    again = _update_x(repo, capsys)
    assert _page(repo / KO_DIR / "x.md") == out and not again["docs"][0]["summary"]["conflicts"], again


def test_the_whole_page_fallback_keeps_identifier_headings_and_the_translations_spacing(tmp_path: Path,
                                                                                      monkeypatch, capsys) -> None:
    """huggingface_hub ko package_reference/webhooks_server.md (bench_properties, 2026-11-27, s31): two English
    sections swap in the commit that also updates the translation, which keeps the old order, so the aligner
    pairs neither heading of the swapped sections. Where the next update renders the page from the English
    (``structure_fallback``), ``### WebhookPayloadMovedTo[[huggingface_hub.WebhookPayloadMovedTo]]`` needs no
    translation, had no kept title and was rendered from the English: its anchor was lost (P1). And
    ``## 서버[[server]]`` directly over its paragraph got the English's blank line between them. A heading
    whose English did not change is the translation's line byte for byte, its blank lines the translation's."""
    isolate_env(monkeypatch, tmp_path)
    moved = "### WebhookPayloadMovedTo\n\n[[autodoc]] huggingface_hub.WebhookPayloadMovedTo\n\n"
    repo_ = "### WebhookPayloadRepo\n\n[[autodoc]] huggingface_hub.WebhookPayloadRepo\n\n"
    en = ("# Guide\n\nIntro paragraph about the guide and its `options`.\n\n## Server\n\n"
          "The server is a small app that answers the requests it gets.\n\n" + moved + repo_
          + "## Old title\n\nThe last section of the guide.\n")
    ko = ("# 가이드 [[guide]]\n\n가이드와 그 `options`에 대한 소개 문단입니다.\n\n## 서버[[server]]\n"
          "서버는 받은 요청에 답하는 작은 앱입니다.\n\n<Tip>\n\n번역자의 참고 사항입니다.\n\n</Tip>\n\n"
          "### WebhookPayloadMovedTo[[huggingface_hub.WebhookPayloadMovedTo]]\n\n"
          "[[autodoc]] huggingface_hub.WebhookPayloadMovedTo\n\n"
          "### WebhookPayloadRepo[[huggingface_hub.WebhookPayloadRepo]]\n\n"
          "[[autodoc]] huggingface_hub.WebhookPayloadRepo\n\n## 옛 제목 [[my-old]]\n\n가이드의 마지막 절이다.\n")
    repo = _small_repo(tmp_path / "r", en, ko)
    (repo / "docs/source/en/x.md").write_text(en.replace(moved + repo_, repo_ + moved), encoding="utf-8")
    _edit(repo, KO_DIR + "/x.md", "마지막 절이다.", "마지막 절입니다.", "en: swap; ko: wording")
    _edit(repo, "docs/source/en/x.md", "## Old title", "## New title", "en: retitle")
    out = _update_rendered_from_the_english(repo, capsys)
    assert "\n### WebhookPayloadMovedTo[[huggingface_hub.WebhookPayloadMovedTo]]\n\n[[autodoc]]" in out, out
    assert "\n### WebhookPayloadRepo[[huggingface_hub.WebhookPayloadRepo]]\n\n[[autodoc]]" in out, out
    assert "## 서버[[server]]\n서버는 받은 요청에 답하는 작은 앱입니다.\n" in out, out
    assert "[[new-title]]" in out and "[[my-old]]" not in out and "마지막 절입니다." in out
    before = (repo / KO_DIR / "x.md").read_text(encoding="utf-8")
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "--update", "x.md", *_provider(_LLM[0]),
                 "--format", "json"])
    capsys.readouterr()
    assert code == 0 and (repo / KO_DIR / "x.md").read_text(encoding="utf-8") == before


SWAP_EN = """# Install

Install the library with pip.

## With PyTorch

Add the PyTorch extra.

```bash
pip install "lib[torch]"
```

## With the CLI

Add the CLI extra.

```bash
pip install "lib[cli]"
```
"""

# the translator changed a command of the first code block (an error the page has long had)
SWAP_KO = """# 설치 [[install]]

pip으로 라이브러리를 설치하세요.

## PyTorch와 함께 [[with-pytorch]]

PyTorch 추가 항목을 더하세요.

```bash
pip install "lib[torch,cli]"
```

## CLI와 함께 [[with-the-cli]]

CLI 추가 항목을 더하세요.

```bash
pip install "lib[cli]"
```
"""


def _swap_ko_sections(repo: Path) -> None:
    path = repo / KO_DIR / "x.md"
    text = path.read_text(encoding="utf-8")
    i, j = text.index("## PyTorch와"), text.index("## CLI와")
    path.write_text(text[:i] + text[j:] + "\n" + text[i:j].rstrip("\n") + "\n", encoding="utf-8")
    _commit(repo, "ko: reorder")


def test_a_korean_only_section_swap_keeps_an_old_code_error_known(tmp_path: Path, monkeypatch, capsys) -> None:
    """P4 (s41): a translator swaps the two sections of the Korean page in a Korean-only commit; one holds a
    code block the translator changed (an error the page has long had). The previous translation's code
    blocks then do not line up with the English ("code block not in the English doc"), the update's do
    ("differs from the English one"): matched by message, the gate took the old error for a new one and
    refused an ideal update (huggingface_hub ko installation.md). Known by the block's content now: the page
    is written finished, the old error a warning."""
    isolate_env(monkeypatch, tmp_path)
    repo = _small_repo(tmp_path / "r", SWAP_EN, SWAP_KO)
    _swap_ko_sections(repo)
    _edit(repo, "docs/source/en/x.md", "with pip.", "with pip, in a virtual environment.", "en: intro")
    run = _update_x(repo, capsys)
    out = _finished(repo, run)
    assert 'pip install "lib[torch,cli]"' in out
    assert [w["check"] for w in run["docs"][0]["pre_existing"]].count("code") == 1


def test_a_second_copy_of_an_old_broken_code_block_is_a_new_error() -> None:
    """The other side of the same rule: the previous translation had the broken block once, so one copy is
    known and a second copy (or another broken block) is a new error that still blocks the write."""
    from hfi18n.check.runner import check_pair
    from hfi18n.doc import parse
    from hfi18n.write.gate import baseline_of, demote_known

    en = parse(SWAP_EN)
    prev = parse(SWAP_KO)
    baseline = baseline_of(check_pair(en, prev, file="x.md", lang="ko"), prev)
    twice = SWAP_KO.replace('"lib[cli]"', '"lib[torch,cli]"')
    both = parse(twice)
    errors = [f for f in demote_known(check_pair(en, both, file="x.md", lang="ko"), both, baseline)
              if f.check == "code" and f.severity == "error"]
    assert len(errors) == 1 and errors[0].line == twice.count("\n", 0, twice.rindex("```bash")) + 1
    other = parse(SWAP_KO.replace('"lib[cli]"', '"lib[gpu]"'))
    assert [f.check for f in demote_known(check_pair(en, other, file="x.md", lang="ko"), other, baseline)
            if f.severity == "error"] == ["code"]
    # where the English has the same block twice the two copies' messages are the same but for their line
    # numbers (which a key masks): counted, not matched
    same_en = parse(SWAP_EN.replace('"lib[cli]"', '"lib[torch]"'))
    prev = parse(SWAP_KO.replace('"lib[cli]"', '"lib[torch]"'))
    baseline = baseline_of(check_pair(same_en, prev, file="x.md", lang="ko"), prev)
    found = check_pair(same_en, both, file="x.md", lang="ko")
    assert len({re.sub(r"\d+", "#", f.message) for f in found if f.check == "code"}) == 1
    assert [f.severity for f in demote_known(found, both, baseline) if f.check == "code"] == ["warning", "error"]
