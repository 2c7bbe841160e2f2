"""The team's style in the prompt: register and heading rules from ``[style.<lang>]``, and the team's own
past translations most like each segment, within a token budget (through the loopback LLM server)."""

from __future__ import annotations

from pathlib import Path

from hfi18n.config import Config
from hfi18n.doc import parse
from hfi18n.lang.style import StyleSettings, style_settings
from hfi18n.pair.units import Unit
from hfi18n.translate.examples import EXAMPLE_SHARE, TeamExamples
from hfi18n.translate.pipeline import Translator, new_job
from hfi18n.translate.prompt import EXAMPLES_HEAD, system_prompt
from tests.fakes.llm_server import FakeLLMServer

EN = """# Load a pipeline [[load-a-pipeline]]

Load the pipeline with `from_pretrained` and move it to a GPU.

The weights are downloaded once and cached on your disk.

## Speed up inference [[speed-up-inference]]

Use half precision to speed up inference on a GPU.

Thanks for reading this guide about weather stations.
"""

TEAM = [
    Unit("Load a model", "모델 불러오기", "a.md", 1),
    Unit("Load the model with from_pretrained and move it to the GPU.",
         "from_pretrained로 모델을 불러오고 GPU로 옮깁니다.", "a.md", 3),
    Unit("Use half precision to speed up inference.", "추론 속도를 높이려면 반정밀도를 사용합니다.", "b.md", 5),
    Unit("Weights are cached on disk after the first download.", "가중치는 처음 내려받은 뒤 디스크에 캐시된다.",
         "b.md", 7),  # a 한다체 sentence: the team's style says 합니다체, so it is never shown
    Unit("The tokenizer splits text into tokens.", "토크나이저는 텍스트를 토큰으로 나눕니다.", "c.md", 2),
]


def test_the_system_prompt_says_the_teams_register_and_headings():
    text = system_prompt("ko")
    assert "Every sentence in 합니다체 (-ㅂ니다/-습니다), in lists, tables and tips too" in text
    assert "-세요 and questions are fine" in text
    assert "Headings are noun phrases ('모델 불러오기'), unless the English heading asks a question" in text
    assert "<examples>" not in text and "<examples>" in system_prompt("ko", examples=True)
    cfg = Config({"style": {"ko": {"register": "해요체", "heading": "any", "allowed_endings": [],
                                   "rules": ["Write 'Hub' as 허브."]}}})
    mine = system_prompt("ko", style=style_settings(cfg, "ko"))
    assert "Every sentence in 해요체 (-어요/-아요)" in mine and "noun phrases" not in mine and "Write 'Hub' as 허브." in mine
    assert "です・ます" in system_prompt("ja")  # a language without settings keeps its built-in guide


def test_examples_are_the_closest_of_the_teams_pairs_and_never_off_style():
    examples = TeamExamples.from_units(TEAM, style_settings(None, "ko"))
    assert len(examples) == 4  # the 한다체 pair is left out
    best, score = examples.best("Use half precision to speed up inference on a GPU.")
    assert best.tr == "추론 속도를 높이려면 반정밀도를 사용합니다." and score > 0.6
    assert examples.best("Thanks for reading this guide about weather stations.") is None
    assert examples.best("Weights are cached on disk after download.") is None or \
        "캐시된다" not in examples.best("Weights are cached on disk after download.")[0].tr


LONG = EN + "".join(f"\nParagraph {i} says what step {i} of the tutorial does, in a sentence or two of plain "
                     f"words about schedulers, weights and prompts number {i}.\n" for i in range(40))
"""A page of about 2,000 input tokens: room for the rules and a few examples within the style's share."""


def _run(tmp_path: Path, examples: TeamExamples | None, style=None, text: str = LONG):
    with FakeLLMServer(api_key="k") as server:
        provider = server.provider("anthropic", model="claude-sonnet-4-5")
        job = new_job("guide.md", text, tmp_path / "ko" / "guide.md")
        tr = Translator(provider, "ko", examples=examples, style=style)
        stats = tr.run([job])
        users = [r.user for r in server.requests]
        provider.close()
    return stats, users, job


def test_requests_show_the_teams_examples_within_the_budget(tmp_path):
    examples = TeamExamples.from_units(TEAM, style_settings(None, "ko"))
    bare, _, _ = _run(tmp_path, None, StyleSettings("ko"))  # no team style at all
    before, plain_users, _ = _run(tmp_path, None)
    stats, users, job = _run(tmp_path, examples)
    assert all(EXAMPLES_HEAD not in u for u in plain_users)
    shown = "\n".join(users)
    matches = {b[0].tr for s in job.doc.segments() if (b := examples.best(s.text))}
    assert shown.count("TR: ") >= 1 and all(line[4:] in matches for line in shown.splitlines()
                                            if line.startswith("TR: "))  # each shown is a segment's closest
    assert "캐시된다" not in shown
    assert len(job.translations) == stats.segments  # everything translated, examples never answered
    assert 0 < stats.segments_with_example < stats.segments_sent == 46
    # the examples (and the rule about them) add at most their share of the page's input tokens
    assert stats.tokens_in > before.tokens_in > bare.tokens_in
    assert stats.tokens_in - before.tokens_in <= EXAMPLE_SHARE * before.tokens_in + 10


def test_no_examples_when_the_team_says_none(tmp_path):
    examples = TeamExamples.from_units(TEAM, style_settings(None, "ko"))
    style = style_settings(Config({"style": {"ko": {"examples": 0}}}), "ko")
    stats, users, _ = _run(tmp_path, examples, style)
    assert stats.segments_with_example == 0 and all(EXAMPLES_HEAD not in u for u in users)


def test_examples_from_a_checkout_come_from_its_human_translations(tmp_path):
    from .helpers import git

    repo = tmp_path / "repo"
    en = repo / "docs" / "source" / "en" / "a.md"
    ko = repo / "docs" / "source" / "ko" / "a.md"
    en.parent.mkdir(parents=True)
    ko.parent.mkdir(parents=True)
    en.write_text("# Load a model [[load-a-model]]\n\nLoad the model with `from_pretrained` and move it to the GPU.\n",
                  encoding="utf-8")
    ko.write_text("# 모델 불러오기 [[load-a-model]]\n\n`from_pretrained`로 모델을 불러오고 GPU로 옮깁니다.\n", encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "docs")
    examples = TeamExamples.from_repo(repo, "ko", style=style_settings(None, "ko"))
    assert {(e.en, e.tr) for e in examples.examples} == {
        ("Load a model", "모델 불러오기"),
        ("Load the model with and move it to the GPU.", "로 모델을 불러오고 GPU로 옮깁니다.")}
    assert parse(ko.read_text(encoding="utf-8"))  # the checkout is left as it was
