"""The aligner's sentence-level pass: a sentence dropped inside a translated paragraph (issue #17)."""

from __future__ import annotations

import json

from hfi18n.pair.bitext import LengthModel, Lexicon, WordSense
from hfi18n.review import Kind, Options, Review, review_texts
from hfi18n.review.follow import FollowedEnglish
from hfi18n.review.render import format_json, format_text
from hfi18n.review.sentences import split_sentences

EN = """# Caching [[caching]]

Downloaded files are stored in `~/.cache/huggingface/hub` so that they are not fetched again. Set the `HF_HUB_CACHE` variable to move the cache to a larger disk on a shared server. Use `hf cache scan` to list what is stored and how much space each repository takes.

Files are linked from the snapshot folder, so two revisions that share a file store it once.
"""
KO = """# 캐싱 [[caching]]

다운로드한 파일은 다시 받지 않도록 `~/.cache/huggingface/hub`에 저장됩니다. `HF_HUB_CACHE` 변수를 설정하면 공유 서버의 더 큰 디스크로 캐시를 옮길 수 있습니다. `hf cache scan`을 사용하면 저장된 내용과 각 저장소가 차지하는 공간을 볼 수 있습니다.

파일은 스냅샷 폴더에서 링크되므로, 같은 파일을 공유하는 두 리비전은 그 파일을 한 번만 저장합니다.
"""
SECOND = " `HF_HUB_CACHE` 변수를 설정하면 공유 서버의 더 큰 디스크로 캐시를 옮길 수 있습니다."
DROPPED = KO.replace(SECOND, "")
LEXICON = Lexicon({"disk": WordSense(frozenset({"디스"}), 0.9, 0.02),
                   "server": WordSense(frozenset({"서버"}), 0.9, 0.02)}, 60.0)
"""What :meth:`Lexicon.learn` finds in a repository's human translations, by hand: "disk" goes with
디스크, "server" with 서버."""
MODEL = LengthModel(0.55, 0.825, 0, LEXICON)


def _review(ko: str, en: str = EN, model: LengthModel | None = MODEL):
    return review_texts(en, ko, file="ko.md", english_file="en.md", lang="ko", options=Options(length=model))


def _omissions(doc):
    return [f for f in doc.findings if f.kind is Kind.OMISSION]


def test_split_sentences_keeps_abbreviations_and_code_and_cuts_cjk_marks():
    assert split_sentences("Pass a model, e.g. Llama 2. Then call ⟦1⟧ on it! Is it ok? Yes.") == [
        "Pass a model, e.g. Llama 2.", "Then call ⟦1⟧ on it!", "Is it ok?", "Yes."]
    assert split_sentences("Use i.e. this one. the lowercase start is not a new sentence.") == [
        "Use i.e. this one. the lowercase start is not a new sentence."]
    assert split_sentences("모델을 불러옵니다. 그 다음 ⟦1⟧를 호출하세요! 끝", "ko") == [
        "모델을 불러옵니다.", "그 다음 ⟦1⟧를 호출하세요!", "끝"]
    assert split_sentences("加载模型。然后调用⟦1⟧！可以吗？", "zh") == ["加载模型。", "然后调用⟦1⟧！", "可以吗？"]


def test_a_mark_in_parentheses_around_one_word_ends_no_sentence():
    """diffusers ko using-diffusers/controlling_generation.md writes a translator's doubt, "디노이징(denoising?)
    프로세스", "노이즈 제거(?) 프로세스", inside its sentences: each was read as a sentence end, so the paragraph had
    five sentences for its English's three, and a dropped paragraph after it was taken as its last one."""
    assert split_sentences("잠재 변수는 디노이징(denoising?) 프로세스 중에 최적화됩니다. 지도는 노이즈 제거(?) 과정에서 나옵니다.",
                           "ko") == ["잠재 변수는 디노이징(denoising?) 프로세스 중에 최적화됩니다.", "지도는 노이즈 제거(?) 과정에서 나옵니다."]
    assert split_sentences("这样(对吗?) 很好。真的。", "zh") == ["这样(对吗?) 很好。", "真的。"]
    # a sentence that ends inside parentheses of several words still ends there
    assert split_sentences("Run it (see the docs.) Then go on.") == ["Run it (see the docs.)", "Then go on."]
    assert split_sentences("설치합니다(자세한 내용은 문서를 보세요.) 다음으로 넘어갑니다.", "ko") == [
        "설치합니다(자세한 내용은 문서를 보세요.)", "다음으로 넘어갑니다."]


def test_a_sentence_dropped_inside_a_paragraph_is_reported_quoting_the_english():
    assert _omissions(_review(KO)) == []
    (om,) = _omissions(_review(DROPPED))
    assert om.rule == "missing-sentence" and om.line == 3  # the translated paragraph that lacks it
    assert om.english_line == 3
    assert "Set the `HF_HUB_CACHE` variable to move the cache to a larger disk on a shared server." in om.message
    assert "has no translation in this paragraph" in om.message
    # one code span alone is no proof (the lexicon's disk and server are): without the lexicon, silent
    assert _omissions(_review(DROPPED, model=None)) == []


def test_the_older_rule_and_the_sentence_pass_report_a_sentence_once():
    """A sentence with two names or code spans of its own, all absent, was already reported by the
    first-pairing rule (:func:`hfi18n.review.coverage._sentences`); the second pass says nothing more."""
    en = EN.replace("on a shared server.", "such as `/data/hf-cache` on a shared server.")
    (om,) = _omissions(_review(DROPPED, en))
    assert om.rule == "missing-sentence" and om.english_line == 3


def test_merged_split_and_reordered_sentences_are_not_omissions():
    merged = KO.replace("저장됩니다. `HF_HUB_CACHE` 변수를 설정하면", "저장되며, `HF_HUB_CACHE` 변수를 설정하면")
    split = KO.replace("변수를 설정하면 공유 서버의", "변수를 설정하세요. 그러면 공유 서버의")
    first, second, third = ("다운로드한 파일은 다시 받지 않도록 `~/.cache/huggingface/hub`에 저장됩니다.",
                            SECOND.strip(),
                            "`hf cache scan`을 사용하면 저장된 내용과 각 저장소가 차지하는 공간을 볼 수 있습니다.")
    assert f"{first} {second} {third}" in KO
    reordered = KO.replace(f"{first} {second} {third}", f"{first} {third} {second}")
    for ko in (merged, split, reordered):
        assert ko != KO
        assert _omissions(_review(ko)) == [], ko


def test_a_short_sentence_or_one_whose_marks_are_kept_is_not_reported():
    """Precision first: "See below."-like sentences are merged or dropped on purpose, and a sentence whose
    own code is in the translation is translated somewhere in it."""
    en = EN.replace("Use `hf cache scan` to list what is stored and how much space each repository takes.",
                    "Run `hf cache scan` now.")
    ko = KO.replace(" `hf cache scan`을 사용하면 저장된 내용과 각 저장소가 차지하는 공간을 볼 수 있습니다.", "")
    assert _omissions(_review(ko, en)) == []
    kept = DROPPED.replace("저장됩니다.", "저장됩니다(`HF_HUB_CACHE`).")
    assert _omissions(_review(kept)) == []


def test_the_missing_sentence_is_in_the_json_and_text_output():
    review = Review(source="test", docs=[_review(DROPPED)])
    data = json.loads(format_json(review.to_json()))
    (f,) = [f for d in data["docs"] for f in d["findings"] if f["rule"] == "missing-sentence"]
    assert f["kind"] == "omission" and f["line"] == 3 and "HF_HUB_CACHE" in f["message"]
    text = format_text(review)
    assert "ko.md:3: warning [omission/missing-sentence] the English sentence 'Set the `HF_HUB_CACHE`" in text


def test_a_sentence_deleted_from_the_english_since_the_translation_is_not_asked():
    """Aligned with the older English the translation follows, a sentence today's English no longer has
    is not reported (smolagents zh tutorials/inspect_runs.md: updated with an English that dropped two
    sentences, while the record named the English before); one it still has is, naming that English."""
    followed = FollowedEnglish(EN, "0123456789abcdef", "caching.md")
    today = EN.replace(" Set the `HF_HUB_CACHE` variable to move the cache to a larger disk on a shared server.", "")
    doc = review_texts(today, DROPPED, file="ko.md", english_file="en.md", lang="ko", followed=followed,
                       options=Options(length=MODEL))
    assert any("caching.md at 0123456" in c for c in doc.checked)  # aligned with the English it follows
    assert _omissions(doc) == []
    edited = EN.replace("store it once.", "store it only once.")
    (om,) = _omissions(review_texts(edited, DROPPED, file="ko.md", english_file="en.md", lang="ko",
                                    followed=followed, options=Options(length=MODEL)))
    assert om.rule == "missing-sentence" and "HF_HUB_CACHE" in om.message and "caching.md at 0123456" in om.message


LORA_EN = """# LoRA

<Tip warning={true}>

Currently, LoRA is only supported for the attention layers of the [`UNet2DConditionalModel`]. We also support LoRA fine-tuning of the text encoder for DreamBooth in a limited capacity. For more details on how we support LoRA fine-tuning of the text encoder, refer to the discussion on [this PR](https://github.com/huggingface/diffusers/pull/2918).

</Tip>

You can train with DreamBooth too.
"""
LORA_KO = """# LoRA

> [!WARNING]
> 현재 LoRA는 [`UNet2DConditionalModel`]의 어텐션 레이어에서만 지원됩니다.

DreamBooth로도 학습할 수 있습니다.
"""


def test_the_sentences_one_paragraph_lacks_are_one_finding():
    """diffusers ko training/lora.md keeps the first sentence of a three-sentence warning: the two it lacks are
    one thing to fix there, and were two findings on one line."""
    lexicon = Lexicon({"capacity": WordSense(frozenset({"용량"}), 0.9, 0.02),
                       "discussion": WordSense(frozenset({"논의"}), 0.9, 0.02)}, 60.0)
    (om,) = _omissions(_review(LORA_KO, LORA_EN, LengthModel(0.55, 0.825, 0, lexicon)))
    assert om.rule == "missing-sentence" and om.english_line == 5 and om.line == 4
    assert om.message.startswith("2 English sentences, 'We also support LoRA fine-tuning of the text encoder")
    assert "'For more details on how" in om.message and "have no translation in this paragraph" in om.message


SPLIT_EN = """# Inference types

This page lists the types available for each task supported on the Hub. Each task is specified using a JSON schema, and the types are generated from these schemas. Visit [@huggingface.js/tasks](https://github.com/huggingface/huggingface.js/tree/main/packages/tasks/src/tasks) to find the JSON schemas for each task and the documentation of their fields.

This part of the library is still under development and will be improved in future releases.
"""
SPLIT_KO = """# 추론 타입

이 페이지에는 Hub에서 지원하는 각 작업에 사용할 수 있는 타입이 나열되어 있습니다.
각 작업은 JSON 스키마를 사용하여 지정되며, 타입은 이 스키마에서 생성됩니다.

각 작업의 JSON 스키마와 그 필드의 문서를 확인하려면 [@huggingface.js/tasks](https://github.com/huggingface/huggingface.js/tree/main/packages/tasks/src/tasks)를 확인하세요.

라이브러리에서 이 부분은 아직 개발 중이며, 향후 릴리즈에서 개선될 예정입니다.
"""
SPLIT_LEXICON = Lexicon({"visit": WordSense(frozenset({"확인"}), 0.9, 0.05),
                         "supported": WordSense(frozenset({"지원"}), 0.9, 0.05),
                         "huggingface": WordSense(frozenset({"지원"}), 0.9, 0.05)}, 60.0)
"""As learned from the repository, with a chance association: "huggingface" (of a link text) with 지원."""
SPLIT_MODEL = LengthModel(0.42, 1.56, 0, SPLIT_LEXICON)


def test_a_paragraph_split_in_two_with_its_second_part_dropped_is_placed_after_the_first():
    """huggingface_hub ko package_reference/inference_types.md splits one English paragraph in two; with the
    second part dropped, the first pairs with the whole English (1-1), the sentence it lacks was taken as
    said there by a word of the sentences kept ("huggingface" of the link text, a chance association of the
    lexicon with the first sentence's 지원), and is now reported at the first part's last line, where the
    second part belongs."""
    assert _omissions(_review(SPLIT_KO, SPLIT_EN, SPLIT_MODEL)) == []  # split in two: a pair, not an omission
    part = SPLIT_KO.split("\n\n")[2]
    dropped = SPLIT_KO.replace(part + "\n\n", "")
    (om,) = _omissions(_review(dropped, SPLIT_EN, SPLIT_MODEL))
    assert om.rule == "missing-sentence" and om.english_line == 3
    assert om.line == 4  # the last line of the part kept: the gap is right after it
    assert "'Visit [@huggingface.js/tasks](" in om.message and "has no translation in this paragraph" in om.message


HEAD_EN = """# Installation

These commands will link the folder you cloned the repository to and your Python library paths. Python will now look inside the folder you cloned to in addition to the normal library paths. For example, if your Python packages are typically installed in `./.venv/lib/python3.13/site-packages/`, Python will also search the folder you cloned `./huggingface_hub/`.

## Install with conda
"""
HEAD_TA = """# நிறுவல்

இந்த கட்டளைகள், நீங்கள் தரவுகளை கிளோன் செய்த அடைவை மற்றும் உங்கள் பைதான் நூலகப் பாதைகளை இணைக்கும். இப்போது பைதான் வழக்கமான நூலகப் பாதைகளுடன் கூடுதலாக நீங்கள் கிளோன் செய்த அடைவிலும் தேடும்.

உதாரணமாக, உங்கள் பைதான் தொகுப்புகள் பொதுவாக `./.venv/lib/python3.13/site-packages/` இல் நிறுவப்பட்டிருந்தால், பைதான் நீங்கள் கிளோன் செய்த `./huggingface_hub/` அடைவையும் தேடும்.

## கொண்டா மூலம் நிறுவல்
"""


def test_a_paragraph_split_in_two_with_its_first_part_dropped_is_told_by_its_length():
    """huggingface_hub ta installation.md splits one English paragraph in two; with the first part dropped
    the second is a third of its English's length, and with no lexicon learned for ta (too few pairs) the
    length alone says the two sentences before it are missing, placed on its first line."""
    model = LengthModel(1.28, 1.5, 0, None)
    assert _omissions(_review(HEAD_TA, HEAD_EN, model)) == []
    dropped = HEAD_TA.replace(HEAD_TA.split("\n\n")[1] + "\n\n", "")
    (om,) = _omissions(_review(dropped, HEAD_EN, model))
    assert om.rule == "missing-sentence" and om.line == 3 and om.english_line == 3
    assert om.message.startswith("2 English sentences, 'These commands will link the folder")
    assert "no translation before this paragraph" in om.message


def test_a_last_sentence_condensed_into_the_one_before_is_not_a_lost_part():
    """diffusers zh conceptual/philosophy.md: "Every pipeline should have one and only one way to run it via a
    `__call__` method. The naming of the `__call__` arguments should be consistent across all pipelines." is
    one Chinese sentence; its second half has no code or name of its own, and a few words and a little
    length are not the evidence of a part lost."""
    en = "# Pipelines\n\nEvery pipeline should have one and only one way to run it via a `__call__` method. " \
         "The naming of the `__call__` arguments should be consistent across all pipelines.\n"
    zh = "# 流程\n\n每个流程应通过唯一的`__call__`方法运行，且参数命名应跨流程统一。\n"
    lexicon = Lexicon({"naming": WordSense(frozenset({"名称"}), 0.9, 0.05),
                       "consistent": WordSense(frozenset({"一致"}), 0.9, 0.05)}, 60.0)
    doc = review_texts(en, zh, file="zh.md", english_file="en.md", lang="zh",
                       options=Options(length=LengthModel(0.3, 0.3, 0, lexicon)))
    assert _omissions(doc) == []
