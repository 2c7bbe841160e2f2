"""Issue 24, one pair model: the review pairs an English doc and its translation with the beads of
:func:`hfi18n.pair.model.pair_docs`, the pairing ``translate --update`` keeps human text by, not a
pairing of its own (headings by anchor and level, then prose by a second aligner)."""

from __future__ import annotations

from hfi18n.pair.bitext import Move
from hfi18n.pair.model import pair_docs
from hfi18n.review import Kind, Options, review_texts

EN = """# Tokenizers [[tokenizers]]

Tokenizers turn raw text into the numbers a model reads. Each model on the Hub comes with its own tokenizer, loaded with [`AutoTokenizer`].

The vocabulary is learned from a training corpus before the model is trained, and it never changes afterwards.

## Byte-pair encoding [[bpe]]

Byte-pair encoding starts from single characters and merges the most frequent pair again and again until the vocabulary reaches its target size.

```py
tok = AutoTokenizer.from_pretrained("gpt2")
```

Call the tokenizer on a sentence to get `input_ids`. Decode them back with [`~PreTrainedTokenizer.decode`] to check the round trip.
"""

KO = """# 토크나이저 [[tokenizers]]

토크나이저는 원시 텍스트를 모델이 읽는 숫자로 바꿉니다. Hub의 각 모델에는 [`AutoTokenizer`]로 불러오는 자체 토크나이저가 있으며, 어휘는 모델을 학습하기 전에 학습 말뭉치에서 배우고 그 뒤로는 바뀌지 않습니다.

## 바이트 페어 인코딩 [[bpe]]

바이트 페어 인코딩은 단일 문자에서 시작해 어휘가 목표 크기에 이를 때까지 가장 잦은 쌍을 계속 병합합니다.

```py
tok = AutoTokenizer.from_pretrained("gpt2")
```

문장에 토크나이저를 호출하면 `input_ids`를 얻습니다. [`~PreTrainedTokenizer.decode`]로 다시 디코딩해 왕복을 확인하세요.
"""


def _lines(beads, side):
    return [tuple(x.start_line if hasattr(x, "start_line") else x.line for x in getattr(b, side)) for b in beads]


def test_the_review_pairs_with_the_beads_an_update_keeps_human_text_by():
    """The alignment every review rule reads (handed to the LLM reviewer too) has the beads of
    ``pair_docs``, block for block: the two paragraphs the translator merged are one 2-1 bead, and the
    review reports no omission for the second (an update keeps that merged paragraph whole)."""
    seen = []

    def llm(doc, al):
        seen.append(al)
        return []

    doc = review_texts(EN, KO, file="ko.md", english_file="en.md", lang="ko", options=Options(llm=llm))
    assert not [f for f in doc.findings if f.kind is Kind.OMISSION]
    (al,) = seen
    update = [b for b in pair_docs(al.src, al.tgt, "ko")
              if any(al.item(x) is not None for x in (*b.en, *b.tr))]
    assert _lines(al.beads, "en") == [tuple(x.start_line for x in b.en) for b in update]
    assert _lines(al.beads, "tr") == [tuple(x.start_line for x in b.tr) for b in update]
    merged = [b for b in al.beads if b.move is Move.MERGE]
    assert [(tuple(e.line for e in b.en), tuple(t.line for t in b.tr)) for b in merged] == [((3, 5), (3,))]
    # the per-pair rules read the sure 1-1 beads only: the merged paragraph is no pair of its first English
    assert all(e.line not in (3, 5) for e, _t in al.pairs)


EN_CODE = """# Agents [[agents]]

An agent answers a task by writing Python code that calls its tools, step by step, with the `CodeAgent` class.

```py
agent.run("What is the weather in Paris?")
```

The agent writes Python code at each step and runs it with the `PythonInterpreterTool` in a sandbox.

Each step is logged in `agent.memory`, which you can replay later with `agent.replay()` to see what happened.

You can also pass extra arguments to the run with `additional_args`, for example a document to read.

```py
report = open("report.txt").read()
agent.run("Summarize the report", additional_args={"report": report})
```

Set `stream=True` to get the steps of the run one by one as they happen.
"""

KO_CODE = """# 에이전트 [[에이전트]]

에이전트는 `CodeAgent` 클래스로 도구를 호출하는 Python 코드를 단계별로 작성해 작업에 답합니다.

에이전트는 각 단계에서 Python 코드를 작성하고 샌드박스의 `PythonInterpreterTool`로 실행합니다.

실행에 `additional_args`로 추가 인수를 넘길 수도 있습니다. 예를 들어 읽을 문서를 넘길 수 있습니다.

```py
report = open("report.txt").read()
agent.run("보고서를 요약해 주세요", additional_args={"report": report})
```

`stream=True`로 설정하면 실행 단계를 하나씩 받을 수 있습니다.
"""


def test_a_code_block_pairs_with_the_one_sharing_its_code_not_the_first_of_its_kind():
    """smolagents zh building_good_agents.md: pairing the code blocks of a gap by kind alone paired the
    English first example (which the translation leaves out) with the translation's only code block, and
    the three paragraphs between fell on either side of that pair, unpaired: the paragraph the translator
    dropped there (on ``agent.memory``) was taken for moved and not reported. By the code they share, the
    translated block is the second example and the drop is found."""
    doc = review_texts(EN_CODE, KO_CODE, file="ko.md", english_file="en.md", lang="ko")
    (om,) = [f for f in doc.findings if f.kind is Kind.OMISSION]
    assert om.english_line == 11 and "agent.memory" in om.message


EN_TABS = """# Caching [[caching]]

<hfoptions id="cache">
<hfoption id="Flux">

First Block Cache reduces the inference time of FLUX.1-dev to 9 seconds on one `L20` GPU, 2.4 times faster.

</hfoption>
<hfoption id="HunyuanVideo">

First Block Cache reduces the inference time of HunyuanVideo to 650 seconds, 1.7 times faster than without it.

</hfoption>
</hfoptions>

## Context Parallelism

Context Parallelism splits the attention over several GPUs and combines with First Block Cache.

<hfoptions id="context">
<hfoption id="Flux">

Save the script as `run_flux.py` and launch it with `torchrun` on two GPUs.

The inference time drops to 8.2 seconds on two `L20` GPUs, 3.2 times faster than the baseline, and the speedup grows with the number of GPUs as long as the sequence is long enough to split evenly between them.

Memory per GPU stays under 30 GB with `enable_model_cpu_offload`.

</hfoption>
<hfoption id="HunyuanVideo">

The code below combines First Block Cache and Context Parallelism for the fastest HunyuanVideo inference.

</hfoption>
</hfoptions>
"""

ZH_TABS = """# 缓存 [[caching]]

<hfoptions id="cache">
<hfoption id="Flux">

第一块缓存将 FLUX.1-dev 在一块 `L20` GPU 上的推理时间降至 9 秒，快了 2.4 倍。
</hfoption>
<hfoption id="HunyuanVideo">

第一块缓存将 HunyuanVideo 的推理时间降至 650 秒，比不使用时快了 1.7 倍。

</hfoption>
</hfoptions>

## 上下文并行

上下文并行将注意力计算分布到多个 GPU 上，并可与第一块缓存结合使用。

<hfoptions id="context">
<hfoption id="Flux">

将脚本保存为 `run_flux.py`，并使用 `torchrun` 在两块 GPU 上启动。

使用 `enable_model_cpu_offload` 时，每块 GPU 的显存低于 30 GB。

</hfoption>
<hfoption id="HunyuanVideo">

以下代码结合了第一块缓存和上下文并行，以实现最快的 HunyuanVideo 推理。

</hfoption>
</hfoptions>
"""


def test_a_tag_written_twice_pairs_in_its_place_not_with_the_first_equal_one():
    """diffusers zh optimization/para_attn.md writes its first ``</hfoption><hfoption id="HunyuanVideo">``
    right under a paragraph (no blank line: one block with it). The English tag line paired with the
    translation's second one, the blocks between fell unpaired, and a paragraph dropped there (the 8.2
    seconds) went unreported. A repeated tag is no sure anchor: it pairs in its place."""
    doc = review_texts(EN_TABS, ZH_TABS, file="zh.md", english_file="en.md", lang="zh")
    (om,) = [f for f in doc.findings if f.kind is Kind.OMISSION]
    assert om.english_line == 25 and "8.2 seconds" in om.message


TIP_EN = """# Loading [[loading]]

Load the pipeline with [`DiffusionPipeline.from_pretrained`] and move it to the GPU before you generate.

{tip}

Generate an image from a prompt, and save it with the `save` method of the image it returns.
"""

TIP_KO = """# 불러오기 [[loading]]

[`DiffusionPipeline.from_pretrained`]로 파이프라인을 불러오고 생성하기 전에 GPU로 옮기세요.

{tip}

프롬프트로 이미지를 생성하고, 반환된 이미지의 `save` 메서드로 저장하세요.
"""

ELEMENT_EN = "<Tip{attrs}>\n\nA GPU with 16GB of memory is enough for the fp16 weights of most pipelines.\n\n</Tip>"
CALLOUT_EN = "> [!{kind}]\n> A GPU with 16GB of memory is enough for the fp16 weights of most pipelines."
ELEMENT_KO = "<Tip{attrs}>\n\n대부분의 파이프라인 fp16 가중치에는 16GB 메모리의 GPU면 충분합니다.\n\n</Tip>"
CALLOUT_KO = "> [!{kind}]\n> 대부분의 파이프라인 fp16 가중치에는 16GB 메모리의 GPU면 충분합니다."


def _tip_docs(en_tip, ko_tip):
    from hfi18n.doc import parse
    return parse(TIP_EN.format(tip=en_tip)), parse(TIP_KO.format(tip=ko_tip))


def test_a_tip_element_and_a_callout_of_its_kind_are_one_bead_in_either_direction():
    """``<Tip>`` and ``> [!TIP]`` are the same callout (doc/components.tip_kind, defined once): whichever
    syntax the English and the translation use, the tip is one bead (the tags are no additions, the
    callout no omission); ``<Tip warning={true}>`` is a ``> [!WARNING]``, not a ``> [!TIP]``."""
    for en_tip, ko_tip in [(ELEMENT_EN.format(attrs=""), CALLOUT_KO.format(kind="TIP")),
                           (CALLOUT_EN.format(kind="TIP"), ELEMENT_KO.format(attrs="")),
                           (ELEMENT_EN.format(attrs=" warning={true}"), CALLOUT_KO.format(kind="WARNING")),
                           (CALLOUT_EN.format(kind="WARNING"), ELEMENT_KO.format(attrs=" warning={true}"))]:
        beads = pair_docs(*_tip_docs(en_tip, ko_tip), "ko")
        tip = [b for b in beads if any("16GB" in x.text for x in b.en)]
        assert len(tip) == 1 and len(tip[0].tr) == len(ko_tip.split("\n\n")), (en_tip, ko_tip, beads)
        assert all(b.en and b.tr for b in beads), [b.move for b in beads]
    beads = pair_docs(*_tip_docs(CALLOUT_EN.format(kind="TIP"), ELEMENT_KO.format(attrs=" warning={true}")), "ko")
    assert any(b.tr and not b.en for b in beads)  # a warning element does not render a tip


def test_a_tip_in_the_other_syntax_dropped_or_pasted_twice_is_found_in_its_place():
    """Review findings on both syntaxes: nothing on the untouched pair, an omission placed in the gap when
    the translated tip is dropped, a duplication on the copy when it is pasted twice."""
    for en_tip, ko_tip in [(ELEMENT_EN.format(attrs=""), CALLOUT_KO.format(kind="TIP")),
                           (CALLOUT_EN.format(kind="TIP"), ELEMENT_KO.format(attrs=""))]:
        en, ko = TIP_EN.format(tip=en_tip), TIP_KO.format(tip=ko_tip)
        kw = {"file": "docs/source/ko/x.md", "english_file": "docs/source/en/x.md", "lang": "ko"}
        assert [f for f in review_texts(en, ko, **kw).findings if f.kind in (Kind.OMISSION, Kind.DUPLICATION)] == []
        dropped = ko.replace(ko_tip + "\n\n", "")
        found = [f for f in review_texts(en, dropped, **kw).findings if f.kind is Kind.OMISSION]
        assert len(found) == 1 and found[0].line in (3, 4, 5), (ko_tip, found)
        twice = ko.replace(ko_tip, ko_tip + "\n\n" + ko_tip)
        found = [f for f in review_texts(en, twice, **kw).findings if f.kind is Kind.DUPLICATION]
        assert len(found) == 1, (ko_tip, found)


def test_a_one_block_tip_element_dropped_from_the_translation_is_an_omission_in_its_gap():
    """diffusers ko optimization/fp16.md: the English ``<Tip>`` element written as one block (no blank line
    around its text) is a callout like any other; its ``> [!TIP]`` dropped was reported by nothing."""
    en = TIP_EN.format(tip="<Tip>\nA GPU with 16GB of memory is enough for the fp16 weights of most pipelines.\n</Tip>")
    ko = TIP_KO.format(tip=CALLOUT_KO.format(kind="TIP"))
    kw = {"file": "docs/source/ko/x.md", "english_file": "docs/source/en/x.md", "lang": "ko"}
    assert [f for f in review_texts(en, ko, **kw).findings if f.kind is Kind.OMISSION] == []
    found = [f for f in review_texts(en, ko.replace(CALLOUT_KO.format(kind="TIP") + "\n\n", ""), **kw).findings
             if f.kind is Kind.OMISSION]
    assert len(found) == 1 and found[0].line in (3, 4, 5), found
