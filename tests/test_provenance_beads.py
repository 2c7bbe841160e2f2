"""Issue 24: who wrote what (the run ledger's record) survives a translator's merge and split across
updates, in this checkout and in a fresh clone.

The cycle through the CLI on a small repository with real commits, the loopback OpenAI-compatible server
as the provider: translate, the translator merges two machine paragraphs into one and splits another
into two by hand (commit "docs: edit"), the English changes the paragraph after each of them, update,
commit with an ordinary subject, the English moves again, update again. Before, the record and history
paired the written page one-to-one by block signature: the second half of the split was recorded as
machine text; and a commit of the update was not seen to carry the English changes (the changed
paragraphs paired with their neighbours' translations), so a fresh clone said "outdated". Now the record
matches segments by what they show (no pairing) and history pairs with the pair model's beads.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.doc import parse
from hfi18n.repo.layout import DocsLayout
from hfi18n.repo.ledger import ledger_for, segment_hash
from tests.fakes.llm_server import FakeLLMServer
from tests.helpers import git, isolate_env

EN = "docs/source/en/guide.md"
KO = "docs/source/ko/guide.md"

P1 = "Models read numbers, not text, so every sentence is first cut into small pieces called tokens by a tokenizer."
P2 = "Each token is then mapped to an id from a fixed vocabulary that was learned before the model was trained."
P3 = "The ids go through an embedding layer, which turns each of them into a vector the model can compute with."
P4 = ("Training repeats the same steps over many batches: a forward pass, a loss, and a backward pass. The "
      "optimizer then updates the weights a little after every batch.")
P5 = "Save a checkpoint at the end of every epoch, so that a long run can resume after a failure."
REST = """## Evaluation

Evaluate on a held-out split that the model never saw during training.

Report the metric that matches your task, such as accuracy for classification.

Look at the examples the model gets wrong before trusting a single number.

## Sharing

Push the trained model to the Hub so others can load it with one line.

Write a model card that says what data it was trained on and where it fails.

Add the license of the data and of the weights to the card.
"""

MERGED = ("모델은 텍스트가 아니라 숫자를 읽기 때문에, 토크나이저가 모든 문장을 먼저 토큰이라는 작은 조각으로 자르고, "
          "각 토큰은 학습 전에 만들어진 고정된 어휘의 id로 바뀝니다.")
SPLIT = ("학습은 많은 배치에 걸쳐 순전파, 손실 계산, 역전파라는 같은 단계를 반복합니다.",
         "그런 다음 옵티마이저가 배치마다 가중치를 조금씩 갱신합니다.")


def english(p3: str = P3, p5: str = P5, extra: str = "") -> str:
    return (f"<!--Copyright 2024 The HuggingFace Team. All rights reserved.-->\n\n# Tokens and training\n\n"
            f"{P1}\n\n{P2}\n\n{p3}\n\n## Training\n\n{P4}\n\n{p5}\n\n{REST}{extra}")


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", message)


@pytest.fixture()
def server(tmp_path: Path, monkeypatch):
    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key")
    with FakeLLMServer() as llm:
        yield llm


def _translate(capsys, repo: Path, server: FakeLLMServer, *extra: str) -> tuple[int, int, int]:
    code = main(["translate", "--repo", str(repo), "--lang", "ko", "guide.md", *extra, "--provider", "openai",
                 "--base-url", server.openai_base_url, "--format", "json"])
    run = json.loads(capsys.readouterr().out)
    doc = run["docs"][0]
    assert code == 0 and doc["written"] and not doc["draft"], doc
    s = doc["summary"]
    return s["kept_human"], s["kept_machine"], s["translated"]


def _state(capsys, repo: Path) -> str:
    assert main(["status", "--repo", str(repo), "--lang", "ko", "--format", "json"]) == 0
    [row] = [d for d in json.loads(capsys.readouterr().out) if d["lang"] == "ko" and d["path"] == "guide.md"]
    return row["state"]


def _paragraphs(repo: Path) -> list[str]:
    """The translated prose paragraphs of the page, in order, as the file holds them."""
    doc = parse((repo / KO).read_text(encoding="utf-8"))
    return [b.text.strip() for b in doc.blocks if b.kind.value == "paragraph"]


def _machine(repo: Path) -> frozenset[str]:
    return ledger_for(DocsLayout.open(repo)).machine_texts("ko", "guide.md")


def _hash(text: str) -> str:
    [seg] = parse(text + "\n").segments()
    return segment_hash(seg.text)


def test_merge_and_split_keep_their_provenance_across_updates_and_in_a_clone(tmp_path: Path, server,
                                                                              capsys) -> None:
    repo = tmp_path / "repo"
    (repo / "docs/source/en").mkdir(parents=True)
    (repo / "docs/source/ko").mkdir()
    (repo / "docs/source/ko/_toctree.yml").write_text("- title: 시작하기\n  sections: []\n", encoding="utf-8")
    git(tmp_path, "init", "-q", "-b", "main", str(repo))
    (repo / EN).write_text(english(), encoding="utf-8")
    _commit(repo, "docs: guide")
    assert _translate(capsys, repo, server) == (0, 0, 15)  # 4 headings, 11 paragraphs
    _commit(repo, "docs: ko guide")

    # the translator merges the first two machine paragraphs and splits the one of the Training section
    ko = repo / KO
    text = ko.read_text(encoding="utf-8")
    m1, m2, _m3, m4 = _paragraphs(repo)[:4]
    text = text.replace(f"{m1}\n\n{m2}\n", MERGED + "\n").replace(m4 + "\n", f"{SPLIT[0]}\n\n{SPLIT[1]}\n")
    ko.write_text(text, encoding="utf-8")
    _commit(repo, "docs: edit")
    human = {_hash(MERGED), _hash(SPLIT[0]), _hash(SPLIT[1])}

    # the English changes the paragraph right after the merged one and the one right after the split one
    (repo / EN).write_text(english(p3="The ids go through an embedding layer, which turns each of them into a "
                                      "dense vector of learned weights.",
                                   p5="Save a checkpoint every few hundred steps, so that a long run can resume "
                                      "after a failure."), encoding="utf-8")
    _commit(repo, "docs: English")
    # kept: the merged passage (2 English paragraphs) and the split one are human; 12 others machine
    assert _translate(capsys, repo, server, "--update") == (3, 10, 2)
    paras = _paragraphs(repo)
    assert paras[:1] == [MERGED] and paras[2:4] == list(SPLIT)
    new3, new5 = paras[1], paras[4]
    machine = _machine(repo)
    assert {_hash(new3), _hash(new5)} <= machine  # the update's new paragraphs are the machine's
    assert not human & machine  # and nothing the translator wrote is
    _commit(repo, "docs: ko update")
    assert _state(capsys, repo) == "up-to-date"

    (repo / EN).write_text(english(p3="The ids go through an embedding layer, which turns each of them into a "
                                      "dense vector of learned weights.",
                                   p5="Save a checkpoint every few hundred steps, so that a long run can resume "
                                      "after a failure.", extra="\nThank you for reading this guide.\n"),
                           encoding="utf-8")
    _commit(repo, "docs: thanks")
    # the second update: the same 3 human segments, the 2 paragraphs of the first update still machine
    assert _translate(capsys, repo, server, "--update") == (3, 12, 1)
    assert not human & _machine(repo) and {_hash(new3), _hash(new5)} <= _machine(repo)
    ko.write_text(ko.read_text(encoding="utf-8").replace(SPLIT[1], SPLIT[1].replace("조금씩", "매번 조금씩")),
                  encoding="utf-8")  # a hand edit before the commit: history, not the record, must see it
    _commit(repo, "docs: ko update again")
    assert _state(capsys, repo) == "up-to-date"

    # A fresh clone has no run record: history alone must see that each update commit carried the English
    # changes (the changed paragraphs sit next to a merge and a split), else it is "outdated" and the next
    # update sends again paragraphs already translated.
    fresh = tmp_path / "fresh"
    git(tmp_path, "clone", "-q", str(repo), str(fresh))
    assert _state(capsys, fresh) == "up-to-date"
    (fresh / EN).write_text((fresh / EN).read_text(encoding="utf-8") + "\nOne more paragraph.\n", encoding="utf-8")
    _commit(fresh, "docs: one more")
    sent = len(server.requests)
    human_kept, machine_kept, translated = _translate(capsys, fresh, server, "--update")
    # the clone reads the review record committed with the page (issue 36): the machine text is machine there
    # too (12 of the first update and the second's new paragraph), the merge and the splits human
    assert (human_kept, machine_kept, translated) == (3, 13, 1)
    assert len(server.requests) == sent + 1  # only the new paragraph was sent
    assert _hash(MERGED) not in _machine(fresh) and _hash(SPLIT[0]) not in _machine(fresh)


@pytest.mark.corpus
def test_machine_passages_an_update_keeps_whole_stay_machine_past_the_ledgers_memory(corpus_copy, server,
                                                                                   capsys) -> None:
    """The ledger keeps the last 5 writes of a doc. A passage an update keeps byte for byte (a bead, not a
    segment it re-renders) is machine text only because an earlier record says so: each write records it
    again. Recorded only when it showed a machine translation of the same job, 17 of the 65 machine
    segments of smolagents ko conceptual_guides/intro_agents.md were counted as human at the 6th update."""
    repo = corpus_copy("smolagents")
    doc = "conceptual_guides/intro_agents.md"
    en = repo / "docs/source/en" / doc
    code = main(["translate", "--repo", str(repo), "--lang", "ko", doc, "--force", "--provider", "openai",
                 "--base-url", server.openai_base_url, "--format", "json"])
    assert code == 0 and json.loads(capsys.readouterr().out)["docs"][0]["written"]
    _commit(repo, "docs: ko")
    for k in range(6):
        en.write_text(en.read_text(encoding="utf-8") + f"\n\nA closing paragraph number {k} about agents.\n",
                      encoding="utf-8")
        _commit(repo, "docs: English")
        code = main(["translate", "--repo", str(repo), "--lang", "ko", doc, "--update", "--provider", "openai",
                     "--base-url", server.openai_base_url, "--format", "json"])
        s = json.loads(capsys.readouterr().out)["docs"][0]["summary"]
        assert (s["kept_human"], s["kept_machine"], s["translated"]) == (0, 60 + k, 1), k
        _commit(repo, "docs: ko update")
