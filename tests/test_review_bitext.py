"""The review's bitext aligner: omissions and duplications on real and hand-made docs (issue #17)."""

from __future__ import annotations

import pytest

from hfi18n.fileio import read_text
from hfi18n.pair.bitext import LengthModel
from hfi18n.repo.layout import DocsLayout
from hfi18n.review import Kind, Options, review_paths, review_texts
from hfi18n.review.follow import FollowedEnglish, followed_english
from hfi18n.translate.aligned import learned_length

COVERAGE = (Kind.OMISSION, Kind.DUPLICATION)


def _cov(doc):
    return [f for f in doc.findings if f.kind in COVERAGE]


@pytest.mark.corpus
def test_memory_md_one_line_duplicate_and_one_sentence_omission_are_found(corpus):
    """smolagents ko tutorials/memory.md is clean and up to date; the old threshold rules (MIN_CHARS = 40
    Korean characters) missed both a duplicated one-line paragraph and a dropped one-sentence one."""
    root = corpus("smolagents") / "docs" / "source"
    en = read_text(root / "en" / "tutorials" / "memory.md")
    ko = read_text(root / "ko" / "tutorials" / "memory.md")
    clean = review_texts(en, ko, file="ko.md", english_file="en.md", lang="ko")
    assert _cov(clean) == []
    lines = ko.split("\n")
    dup_at = next(i for i, ln in enumerate(lines) if ln.startswith("많은 고급 사용 사례에서는"))
    drop_at = next(i for i, ln in enumerate(lines) if ln.startswith("또한 단계 콜백을 사용하여"))
    assert len(lines[drop_at]) < 60 and not lines[drop_at + 1].strip()
    broken = lines[:dup_at + 1] + ["", lines[dup_at]] + lines[dup_at + 1:drop_at] + lines[drop_at + 2:]
    doc = review_texts(en, "\n".join(broken), file="ko.md", english_file="en.md", lang="ko")
    (dup,) = [f for f in doc.findings if f.kind is Kind.DUPLICATION]
    assert dup.line == dup_at + 3 and f"line {dup_at + 1}" in dup.message
    assert "many advanced use cases" in dup.message.lower()  # the English it refers to, quoted
    (om,) = [f for f in doc.findings if f.kind is Kind.OMISSION]
    assert om.english_line == en.split("\n").index(
        "You can also use step callbacks to dynamically change the agent's memory.") + 1
    assert "step callbacks" in om.message
    assert doc.line_text(om.line) == "" and doc.line_text(om.line + 1).startswith("단계 콜백은 인자로")  # in the gap


EN = """# Training [[training]]

Load the `Trainer` class and pass it your model, the `TrainingArguments` and both datasets.

Training runs for `num_train_epochs` epochs and saves a checkpoint every `save_steps` steps into `output_dir`.

Checkpoints can be pushed to the Hub with `push_to_hub=True`, which creates a repository named after `output_dir` under your account if it does not exist yet.

Evaluation runs every `eval_steps` steps and reports the loss and every metric returned by `compute_metrics`.
"""


def test_merged_and_split_paragraphs_are_not_omissions_or_duplications():
    merged = """# 훈련 [[training]]

`Trainer` 클래스를 불러와 모델, `TrainingArguments`, 두 데이터셋을 전달하세요. 훈련은 `num_train_epochs` 에폭 동안 진행되며 `save_steps` 스텝마다 `output_dir`에 체크포인트를 저장합니다.

`push_to_hub=True`로 체크포인트를 Hub에 올릴 수 있고, 저장소가 아직 없다면
계정 아래에 `output_dir` 이름으로 저장소를 만듭니다.

평가는 `eval_steps` 스텝마다 실행되며 손실과 `compute_metrics`가 반환하는 모든 지표를 보고합니다.
"""
    split = """# 훈련 [[training]]

`Trainer` 클래스를 불러와 모델, `TrainingArguments`, 두 데이터셋을 전달하세요.

훈련은 `num_train_epochs` 에폭 동안 진행되며 `save_steps` 스텝마다 `output_dir`에 체크포인트를 저장합니다.

`push_to_hub=True`로 체크포인트를 Hub에 올릴 수 있습니다.

저장소가 아직 없다면 계정 아래에 `output_dir` 이름으로 저장소를 만듭니다.

평가는 `eval_steps` 스텝마다 실행되며 손실과 `compute_metrics`가 반환하는 모든 지표를 보고합니다.
"""
    for ko in (merged, split):
        doc = review_texts(EN, ko, file="ko.md", english_file="en.md", lang="ko")
        assert _cov(doc) == [], ko
    # the same docs with a paragraph really dropped: reported, quoting the English
    dropped = split.replace("평가는 `eval_steps` 스텝마다 실행되며 손실과 `compute_metrics`가 반환하는 모든 지표를 보고합니다.\n", "")
    (om,) = _cov(review_texts(EN, dropped, file="ko.md", english_file="en.md", lang="ko"))
    assert om.kind is Kind.OMISSION and om.english_line == 9 and "Evaluation runs every `eval_steps` steps" in om.message


OLD_EN = """# Quicktour [[quicktour]]

Install with `pip install demo` and import `demo.run`.

Call `demo.run("hello")` to print a greeting, or pass `loud=True` to shout it.

Set `DEMO_HOME` to keep the cache somewhere else than `~/.cache/demo`.
"""
NEW_EN = """# Quicktour [[quicktour]]

Install the package with `uv add demo2` and read the [guide](./guide) and the [tour](./tour).

The [`Greeter`] class replaces `demo.run`: create one with [`Greeter.create`] and call [`Greeter.greet`].

Configuration lives in `demo.toml` and `DEMO2_CONFIG`; see [configuration](./config) and [`Config`].
"""
KO_OLD = """# 둘러보기 [[quicktour]]

`pip install demo`로 설치하고 `demo.run`을 가져오세요.

`demo.run("hello")`를 호출하면 인사말을 출력하고, `loud=True`를 넘기면 크게 외칩니다.

`demo.run("hello")`를 호출하면 인사말을 출력하고, `loud=True`를 넘기면 크게 외칩니다.

캐시를 `~/.cache/demo`가 아닌 다른 곳에 두려면 `DEMO_HOME`을 설정하세요.
"""


def test_drifted_doc_with_a_repeated_paragraph_is_aligned_with_the_english_it_follows():
    followed = FollowedEnglish(OLD_EN, "0123456789abcdef", "quicktour.md")
    doc = review_texts(NEW_EN, KO_OLD, file="ko.md", english_file="en.md", lang="ko", followed=followed)
    assert any(f.rule == "drift" for f in doc.findings)  # the translation follows an older English
    (dup,) = _cov(doc)
    assert dup.kind is Kind.DUPLICATION and dup.line == 7 and "line 5" in dup.message
    assert "quicktour.md at 0123456" in dup.message  # which English was used
    assert any("the English quicktour.md at 0123456" in c for c in doc.checked)
    # without the English it follows: the duplicate is still found (it needs no English), omissions are
    # said not to be checked
    doc = review_texts(NEW_EN, KO_OLD, file="ko.md", english_file="en.md", lang="ko")
    assert [f.line for f in _cov(doc)] == [7]
    assert any(n.startswith("omissions: the translation follows an older English") for n in doc.not_checked)
    # and an omission against the followed English
    dropped = KO_OLD.replace("캐시를 `~/.cache/demo`가 아닌 다른 곳에 두려면 `DEMO_HOME`을 설정하세요.\n", "")
    doc = review_texts(NEW_EN, dropped, file="ko.md", english_file="en.md", lang="ko", followed=followed)
    assert {(f.kind, f.english_line) for f in _cov(doc)} == {(Kind.DUPLICATION, 5), (Kind.OMISSION, 7)}


@pytest.mark.corpus
def test_drifted_corpus_doc_repeated_paragraph_found_against_its_history(corpus_copy):
    """diffusers ko training/lora.md follows an older English (check reports drift); a paragraph
    repeated verbatim is found against the English version that status finds for it."""
    repo = corpus_copy("diffusers")
    layout = DocsLayout.open(repo)
    rel = "training/lora.md"
    path = layout.path("ko", rel)
    ko = read_text(path)
    opts = Options(length=learned_length(repo, "ko"), followed=followed_english(layout, "ko"))
    (before,) = review_paths(layout, "ko", [rel], options=opts).docs
    assert any(f.rule == "drift" for f in before.findings)
    lines = ko.split("\n")
    at = next(i for i, ln in enumerate(lines) if len(ln) > 150 and not ln.startswith(("#", "|", "<", " ", "`")))
    path.write_text("\n".join(lines[:at + 1] + ["", lines[at]] + lines[at + 1:]), encoding="utf-8")
    (after,) = review_paths(layout, "ko", [rel], options=opts).docs
    new = [f for f in after.findings if f.kind is Kind.DUPLICATION]
    assert [f.line for f in new] == [at + 3]
    assert any("the English" in c and "this translation follows" in c for c in after.checked)


def test_length_model_is_learned_from_pairs_and_falls_back_to_the_default():
    pairs = [("x" * n, "가" * (n // 2)) for n in range(40, 240, 5)]
    model = LengthModel.learn(pairs, "ko")
    assert model.pairs >= 30 and 0.45 < model.c < 0.55
    assert LengthModel.learn(pairs[:5], "ko") == LengthModel.default("ko")
    assert model.cost(100, 50) < model.cost(100, 10)


def test_one_paragraph_dropped_from_a_two_paragraph_page_is_an_omission():
    """Half the English pairs, but one unpaired paragraph is a drop, not a restructured translation
    (the paired-share suppression needs several unpaired paragraphs)."""
    en = """# TensorBoard logger

TensorBoard is a visualization toolkit for machine learning experiments, used to track metrics such as
loss and accuracy, visualize the model graph, view histograms and much more.

For this integration, `huggingface_hub` provides a custom logger to push logs to the Hub. It works as a
drop-in replacement for [SummaryWriter](https://tensorboardx.readthedocs.io) with no extra code needed.
"""
    ko = """# TensorBoard 로거

TensorBoard는 머신러닝 실험을 위한 시각화 도구로, 손실과 정확도 같은 지표를 추적하고, 모델 그래프를
시각화하고, 히스토그램을 보는 등 많은 일을 할 수 있습니다.
"""
    doc = review_texts(en, ko, file="ko.md", english_file="en.md", lang="ko")
    found = [f for f in doc.findings if f.kind is Kind.OMISSION]
    assert len(found) == 1 and found[0].english_line == 6, doc.findings
    full = ko + """
이 통합을 위해 `huggingface_hub`는 로그를 Hub로 푸시하는 사용자 정의 로거를 제공합니다. 추가 코드 없이
[SummaryWriter](https://tensorboardx.readthedocs.io)를 그대로 대체합니다.
"""
    assert not _cov(review_texts(en, full, file="ko.md", english_file="en.md", lang="ko"))


EN_THEN = """# Cache [[cache]]

Files are downloaded to `~/.cache/demo` unless `DEMO_HOME` points elsewhere; the folder is created on first use.

Older versions kept their files in `~/.demo_cache`: move them once with `demo migrate --from ~/.demo_cache`.

Each file is stored once per revision, and [`scan_cache`] lists what the cache holds with its size on disk.

Set `DEMO_FAST=1` to download with `demo_fast`, a Rust helper that saturates fast connections.

The `demo_fast` helper cannot resume an interrupted download, so use it on stable connections only.
"""
EN_NOW = """# Cache [[cache]]

Files are downloaded to `~/.cache/demo` unless `DEMO_HOME` points elsewhere; the folder is created on first use.

Each file is stored once per revision, and [`scan_cache`] lists what the cache holds with its size on disk and last access.
"""
KO_CACHE = """# 캐시 [[cache]]

`DEMO_HOME`이 다른 곳을 가리키지 않으면 파일은 `~/.cache/demo`에 다운로드되며, 폴더는 처음 사용할 때 만들어집니다.

이전 버전은 파일을 `~/.demo_cache`에 두었습니다. `demo migrate --from ~/.demo_cache`로 한 번 옮기세요.

각 파일은 리비전마다 한 번 저장되고, [`scan_cache`]는 캐시에 든 것을 디스크 크기와 함께 보여 줍니다.
"""


def test_undrifted_doc_is_aligned_with_the_english_it_follows_without_its_deleted_paragraphs():
    """A translation whose followed English differs from today's (edited since, no drift for ``check``)
    is aligned with the followed English: a paragraph dropped from it is an omission quoting that
    English, also a lone paragraph deleted from today's English since; a run of paragraphs deleted since
    and missing from the translation is not asked for (the record of what it follows lags behind)."""
    followed = FollowedEnglish(EN_THEN, "0123456789abcdef", "cache.md")

    def review(ko):
        return review_texts(EN_NOW, ko, file="ko.md", english_file="en.md", lang="ko", followed=followed)

    doc = review(KO_CACHE)
    assert not any(f.rule == "drift" for f in doc.findings) and _cov(doc) == []
    assert any("cache.md at 0123456" in c for c in doc.checked)
    assert any(n.startswith("2 paragraph(s)") and "deleted from the English since" in n for n in doc.not_checked)
    for start, english_line in (("각 파일은", 7), ("이전 버전은", 5)):
        (om,) = _cov(review("\n".join(ln for ln in KO_CACHE.split("\n") if not ln.startswith(start))))
        assert om.kind is Kind.OMISSION and om.english_line == english_line
        assert "cache.md at 0123456" in om.message


WORDS = [("memory", "메모리"), ("agent", "에이전트"), ("model", "모델"), ("training", "학습"), ("step", "단계"),
         ("callback", "콜백"), ("change", "변경"), ("dynamically", "동적으로"), ("dataset", "데이터셋"),
         ("pieces", "조각"), ("together", "조합"), ("scheduler", "스케줄러")]


def _fixture_pairs(lang: str = "ko") -> list[tuple[str, str]]:
    """Made-up aligned pairs: each English sentence names three words, its translation their renderings."""
    words, other = (WORDS, OTHER) if lang == "ko" else (WORDS_ZH, OTHER_ZH)
    said, filler = ("이 가이드에서 {}는 {}, {}와 함께 작동합니다. 아래를 보세요.", "계속하기 전에 {}을 {} 옆에 저장하세요.") \
        if lang == "ko" else ("在本指南中，{}与{}和{}一起工作，如下所示。", "继续之前，请把{}保存在{}旁边。")
    out = []
    for a in range(len(words)):
        for b in (a + 1, a + 3, a + 5):
            c = (a + b + 2) % len(words)
            (e1, k1), (e2, k2), (e3, k3) = words[a], words[b % len(words)], words[c]
            out.append((f"The {e1} works with the {e2} and the {e3} in this guide, as shown below.",
                        said.format(k1, k2, k3)))
    for (e1, k1), (e2, k2) in zip(other, other[1:] + other[:1], strict=True):  # pairs without those words
        out.append((f"Save the {e1} next to the {e2} before you continue.", filler.format(k1, k2)))
    return out


OTHER = [("file", "파일"), ("folder", "폴더"), ("token", "토큰"), ("branch", "브랜치"), ("commit", "커밋"),
         ("cache", "캐시"), ("image", "이미지"), ("prompt", "프롬프트"), ("weight", "가중치"), ("config", "설정"),
         ("server", "서버"), ("client", "클라이언트")]
WORDS_ZH = [("optimization", "优化"), ("parallelization", "并行化"), ("performance", "性能"), ("compilation", "编译"),
            ("engine", "引擎"), ("process", "进程"), ("machine", "机器"), ("node", "节点"), ("single", "单个"),
            ("inference", "推理"), ("deployment", "部署"), ("accelerating", "加速")]
OTHER_ZH = [("file", "文件"), ("folder", "文件夹"), ("token", "令牌"), ("branch", "分支"), ("commit", "提交"),
            ("cache", "缓存"), ("image", "图像"), ("prompt", "提示词"), ("weight", "权重"), ("config", "配置"),
            ("server", "服务器"), ("client", "客户端")]


def test_lexicon_is_learned_from_aligned_pairs_and_scores_a_translation():
    model = LengthModel.learn(_fixture_pairs(), "ko")
    lex = model.lexicon
    assert lex is not None
    assert lex.senses["memory"].tokens & {"메모", "모리"} and lex.senses["agent"].tokens & {"에이", "이전", "전트"}
    assert not any("니다" in s.tokens or "가이" in s.tokens for s in lex.senses.values())  # in every pair
    assert "word associations" in model.describe()
    from hfi18n.pair.bitext import en_words, tr_tokens
    words = en_words("You can also use step callbacks to dynamically change the agent's memory.")
    right = tr_tokens("또한 단계 콜백을 사용하여 에이전트의 메모리를 동적으로 변경할 수도 있습니다.", "ko")
    wrong = tr_tokens("데이터셋을 불러오고 스케줄러를 설정하세요.", "ko")
    assert model.words_cost(words, right, 30) < -3 < 0 < model.words_cost(words, wrong, 20)
    assert LengthModel.default("ko").words_cost(words, right, 30) == 0.0  # no lexicon, no word cost


EN_GATE = """# T-GATE [[tgate]]

Install T-GATE with `pip install tgate` before you begin.

To use T-GATE with a pipeline, you need to use its corresponding loader.

| Pipeline | T-GATE Loader |
|---|---|
| PixArt | TgatePixArtLoader |
| Stable Diffusion XL | TgateSDXLLoader |
| Stable Diffusion | TgateSDLoader |

Next, create a `TgateLoader` with a pipeline, the gate step and the number of inference steps.
"""
ZH_GATE = """# T-GATE [[tgate]]

开始之前，请使用 `pip install tgate` 安装 T-GATE。

要使用 T-GATE 与管道，您需要使用其对应的加载器。

| 管道 | T-GATE 加载器 |
|---|---|
| PixArt | TgatePixArtLoader |
| Stable Diffusion XL | TgateSDXLLoader |
| Stable Diffusion | TgateSDLoader |

接下来，使用管道、门控步骤和推理步骤数创建一个 `TgateLoader`。
"""


def test_paragraph_dropped_before_a_table_sharing_its_names_is_not_merged_into_it():
    """diffusers zh optimization/tgate.md: the one-sentence paragraph before the loader table was taken as
    merged into the table (both name T-GATE): a paragraph is merged into running text only."""
    assert _cov(review_texts(EN_GATE, ZH_GATE, file="zh.md", english_file="en.md", lang="zh")) == []
    dropped = "\n".join(ln for ln in ZH_GATE.split("\n") if not ln.startswith("要使用"))
    (om,) = _cov(review_texts(EN_GATE, dropped, file="zh.md", english_file="en.md", lang="zh"))
    assert om.kind is Kind.OMISSION and om.english_line == 5


def test_a_merged_paragraph_must_have_its_own_words_in_the_translation():
    """The 2-1 check of the lexicon (diffusers ko basic_training.md): a paragraph whose known words are all
    missing from the translation it would be merged into is not merged; one whose words are there is."""
    from hfi18n.pair.bitext import _unsaid, en_words, tr_tokens
    model = LengthModel.learn(_fixture_pairs(), "ko")
    words = en_words("By now, you have most of the pieces to start training the model; put them together.")
    other = tr_tokens("먼저 옵티마이저와 스케줄러가 필요합니다.", "ko")
    merged = tr_tokens("지금까지 모델 학습을 위한 조각을 갖추었으니 조합하세요. 먼저 옵티마이저가 필요합니다.", "ko")
    assert _unsaid(model, words, other, 20, frozenset())
    assert not _unsaid(model, words, merged, 40, frozenset())
    assert not _unsaid(LengthModel.default("ko"), words, other, 20, frozenset())  # no lexicon: no say


EN_PAR = """# Parallel inference [[parallel]]

[xDiT](https://github.com/xdit-project/xDiT) is an inference engine designed for the parallel deployment of diffusion transformers on many GPUs.

Optimization orthogonal to parallelization focuses on accelerating single GPU performance with compilation.

Launch xDiT with `torchrun` to use several GPUs, for example with eight processes on one machine.
"""
ZH_PAR = """# 并行推理 [[parallel]]

[xDiT](https://github.com/xdit-project/xDiT) 是一个推理引擎，专为在多个 GPU 节点上并行部署扩散变换器而设计。

与并行化正交的优化侧重于通过编译加速单个 GPU 的性能。

使用 `torchrun` 启动 xDiT 以使用多个 GPU 节点，例如在一台机器上使用八个进程。
"""


def test_a_dropped_paragraph_is_not_taken_as_moved_to_one_that_only_shares_a_name():
    """diffusers zh optimization/xdit.md: the dropped paragraph naming "GPU" was taken as moved into
    another paragraph that names GPU too, though that one pairs with its own English."""
    opts = Options(length=LengthModel.learn(_fixture_pairs("zh"), "zh"))
    assert _cov(review_texts(EN_PAR, ZH_PAR, file="zh.md", english_file="en.md", lang="zh", options=opts)) == []
    dropped = "\n".join(ln for ln in ZH_PAR.split("\n") if not ln.startswith("与并行化"))
    (om,) = _cov(review_texts(EN_PAR, dropped, file="zh.md", english_file="en.md", lang="zh", options=opts))
    assert om.kind is Kind.OMISSION and om.english_line == 5


def test_an_omission_is_taken_as_moved_only_to_a_unit_it_would_pair_with():
    """smolagents zh examples/text_to_sql.md: a paragraph dropped was taken as moved to a translated unit 40
    lines away that it fits a little better than that unit's own English. A unit elsewhere explains an
    omission only when it pairs with it as well as shared code or names make sure (coverage.FAR): a
    translator's sentence of their own, or a unit paired with its own English, does not."""
    en = """# Engine [[engine]]

Switch the engine with `use_engine`, `engine_name` and `timeout` before the next run of the agent.

## Again [[again]]

Now we run the agent again and compare its answers with the first run.
"""
    zh = """# 引擎 [[engine]]

## 再次运行 [[again]]

现在我们再次运行 agent，并将其答案与第一次运行进行比较。

这一节的例子在我们的测试机器上大约需要运行两分钟。
"""
    (om,) = [f for f in review_texts(en, zh, file="zh.md", english_file="en.md", lang="zh").findings
             if f.kind is Kind.OMISSION]
    assert om.english_line == 3 and "before the heading '## 再次运行' at line 3" in om.message and om.line == 2
    moved = zh + "\n使用 `use_engine`、`engine_name` 和 `timeout` 在下一次运行 agent 之前切换引擎。\n"
    assert [f for f in review_texts(en, moved, file="zh.md", english_file="en.md", lang="zh").findings
            if f.kind is Kind.OMISSION] == []


def test_a_translated_token_supports_one_english_word_only():
    """diffusers zh training/controlnet.md: "setup", "default" and "environment" all go with 环境, and a
    short "初始化🤗 Accelerate环境：" paired with a long paragraph naming them all rather than with its own
    one-line English. A token found counts once, for the most reliable word."""
    from hfi18n.pair.bitext import Lexicon, WordSense
    lex = Lexicon({"environment": WordSense(frozenset({"环境"}), 0.9, 0.05),
                   "setup": WordSense(frozenset({"环境", "设置"}), 0.7, 0.05),
                   "default": WordSense(frozenset({"环境", "默认"}), 0.6, 0.05)}, 30.0)
    one = lex.cost(frozenset({"environment"}), frozenset({"环境"}), 30)
    assert one < 0
    assert lex.cost(frozenset({"environment", "setup", "default"}), frozenset({"环境"}), 30) == one
    assert lex.cost(frozenset({"environment", "setup"}), frozenset({"环境", "设置"}), 30) < one  # two tokens, two words


EN_EDGE = """# Engine [[engine]]

Switch the engine with `use_engine`, `engine_name` and `timeout` before the next run of the agent.

Now the nodes are ready.

Let's accelerate the inference of the engine on every machine.

The deployment of each single process keeps the performance of the compilation on that node.

Launch it with `torchrun` to use several GPU nodes, for example eight processes on one machine.
"""
ZH_EDGE = """# 引擎 [[engine]]

在代理下次运行之前，使用 `use_engine`、`engine_name` 和 `timeout` 切换引擎。

现在节点都准备好了。让我们在每台机器上加速引擎的推理。每个单个进程的部署都会在该节点上保持编译的性能。

使用 `torchrun` 启动以使用多个 GPU 节点，例如在一台机器上使用八个进程。
"""


def test_a_short_paragraph_written_as_the_first_sentence_of_the_next_one_is_merged():
    """smolagents zh examples/rag.md writes "Now the documents are ready." as "现在文档已准备好。", the first
    sentence of the translation of the next two English paragraphs (a 3-1 merge); the lexicon knows none of
    its words, so only the sentence (about its length, the rest fitting its own English) shows it. The
    sentence gone, the paragraph is missing."""
    opts = Options(length=LengthModel.learn(_fixture_pairs("zh"), "zh"))
    assert _cov(review_texts(EN_EDGE, ZH_EDGE, file="zh.md", english_file="en.md", lang="zh", options=opts)) == []
    dropped = ZH_EDGE.replace("现在节点都准备好了。", "")
    (om,) = _cov(review_texts(EN_EDGE, dropped, file="zh.md", english_file="en.md", lang="zh", options=opts))
    assert om.kind is Kind.OMISSION and om.english_line == 5


ONNX_EN = """# ONNX [[onnx]]

Export the pipeline to the ONNX format offline with the `optimum-cli export` command and use it later for inference:

```bash
optimum-cli export onnx --model stable-diffusion-v1-5/stable-diffusion-v1-5 sd_v15_onnx/
```

Then perform inference:

```python
pipe = ORTStableDiffusionPipeline.from_pretrained("sd_v15_onnx")
```

Notice that we didn't have to specify `export=True` above.
"""


def test_a_paragraph_dropped_next_to_one_left_in_english_is_not_merged_into_it():
    """diffusers ko optimization/onnx.md keeps "Notice that we didn't have to specify `export=True` above."
    in English; the aligner took a dropped "그 다음 추론을 수행합니다:" before it as "Then perform inference:"
    merged into that English text (its length fits two English paragraphs at the Korean ratio)."""
    ko = ONNX_EN.replace("# ONNX [[onnx]]", "# ONNX [[onnx]]").replace(
        "Export the pipeline to the ONNX format offline with the `optimum-cli export` command and use it later "
        "for inference:", "파이프라인을 ONNX 형식으로 오프라인으로 내보내고 나중에 추론에 사용하려면 `optimum-cli export` "
        "명령어를 사용하세요:")
    full = ko.replace("Then perform inference:", "그 다음 추론을 수행합니다:")
    assert _cov(review_texts(ONNX_EN, full, file="ko.md", english_file="en.md", lang="ko")) == []
    dropped = ko.replace("Then perform inference:\n\n", "")
    doc = review_texts(ONNX_EN, dropped, file="ko.md", english_file="en.md", lang="ko")
    (om,) = [f for f in doc.findings if f.kind is Kind.OMISSION]
    assert om.english_line == ONNX_EN.split("\n").index("Then perform inference:") + 1


FOLDER_EN = """# Training [[training]]

Install the library from source with `pip install -e .` so the training script is always up to date with the latest changes.

Then navigate into the [example folder](https://github.com/huggingface/diffusers/tree/main/examples/controlnet) and install its requirements.

Initialize an Accelerate environment with `accelerate config default` before you launch the script.

## Dataset [[dataset]]

The dataset holds the conditioning images and their captions for every training step.
"""

FOLDER_KO = """# 학습 [[training]]

학습 스크립트가 항상 최신 변경 사항을 따르도록 `pip install -e .`로 소스에서 라이브러리를 설치하세요.

그 다음 [예시 폴더](https://github.com/huggingface/diffusers/tree/main/examples/controlnet)로 이동해 요구 사항을 설치합니다.

스크립트를 실행하기 전에 `accelerate config default`로 Accelerate 환경을 초기화하세요.

## 데이터셋 [[dataset]]

데이터셋에는 모든 학습 단계의 조건 이미지와 캡션이 들어 있습니다.

이 예제 폴더는 커뮤니티가 관리하며 새 스크립트가 추가될 때마다 자주 바뀝니다.
"""


def test_a_dropped_paragraph_whose_link_is_gone_from_the_doc_is_not_taken_as_moved():
    """diffusers ko training/controlnet.md: "Then navigate into the [example folder](...)" dropped, its link
    gone from the whole translation, was taken as moved to a translator's note in another section that has
    no code or link either (both had "the same marks": none)."""
    assert _cov(review_texts(FOLDER_EN, FOLDER_KO, file="ko.md", english_file="en.md", lang="ko")) == []
    lines = FOLDER_KO.split("\n")
    at = next(i for i, ln in enumerate(lines) if ln.startswith("그 다음 [예시 폴더]"))
    dropped = "\n".join(lines[:at] + lines[at + 2:])
    doc = review_texts(FOLDER_EN, dropped, file="ko.md", english_file="en.md", lang="ko")
    (om,) = [f for f in doc.findings if f.kind is Kind.OMISSION]
    assert om.english_line == 5
