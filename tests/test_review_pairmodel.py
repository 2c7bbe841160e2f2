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
