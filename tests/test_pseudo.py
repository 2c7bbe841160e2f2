"""The offline pseudo-localizer: segment extraction, what it keeps, target scripts, and the provider."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hfi18n.config import Config
from hfi18n.doc.model import PLACEHOLDER_RE
from hfi18n.translate.pricing import estimate_cost
from hfi18n.translate.providers import ChatRequest, Pseudo, extract_segments, get_provider
from hfi18n.translate.providers.pseudo import _PROTECTED_RE, pseudo_answer, pseudo_translate, render_segments

HANGUL_RE = re.compile(r"[가-힣]")
ASCII_LETTER_RE = re.compile(r"[A-Za-z]")

PROMPT = (
    "<context>\n"
    '<s id="c1">Context that looks like a segment must be ignored</s>\n'
    "</context>\n"
    "<segments>\n"
    '<s id="s12">Text to translate with ⟦1⟧ placeholders, may span\nseveral lines</s>\n'
    '<s id="s13">- **Bold** item, see [the docs](⟦2⟧) or https://huggingface.co/docs/hub 3 times.</s>\n'
    '<s id="s14">⟦3⟧</s>\n'
    "</segments>"
)


def unprotected(text: str) -> str:
    return _PROTECTED_RE.sub("", text)


def test_extract_segments():
    assert extract_segments(PROMPT) == [
        ("s12", "Text to translate with ⟦1⟧ placeholders, may span\nseveral lines"),
        ("s13", "- **Bold** item, see [the docs](⟦2⟧) or https://huggingface.co/docs/hub 3 times."),
        ("s14", "⟦3⟧"),
    ]
    assert extract_segments('<s id="a">x</s><s id="b"></s>') == [("a", "x"), ("b", "")]
    assert extract_segments("no segments at all") == []


def test_render_is_the_inverse_of_extract():
    pairs = extract_segments(PROMPT)
    assert extract_segments(render_segments(pairs)) == pairs


def test_accented_keeps_structure_and_lengthens():
    src = "- **Bold** item, see [the docs](⟦2⟧) or https://huggingface.co/docs/hub 3 times.\nNext `code` &amp; <br>"
    out = pseudo_translate(src)
    assert out == pseudo_translate(src)  # deterministic
    for kept in ("- **", "** ", "[", "](⟦2⟧)", "https://huggingface.co/docs/hub", " 3 ", ".\n", "`code`",
                 "&amp;", "<br>"):
        assert kept in out
    assert not ASCII_LETTER_RE.search(unprotected(out))
    letters = len(ASCII_LETTER_RE.findall(unprotected(src)))
    assert len(unprotected(out)) - len(unprotected(src)) >= 0.2 * letters


def test_korean_output_is_hangul_for_every_segment_with_letters():
    answer = pseudo_answer(PROMPT, "ko")
    pairs = extract_segments(answer)
    assert [sid for sid, _ in pairs] == ["s12", "s13", "s14"]
    for (_, src), (_, dst) in zip(extract_segments(PROMPT), pairs, strict=True):
        assert PLACEHOLDER_RE.findall(dst) == PLACEHOLDER_RE.findall(src)
        assert dst.count("\n") == src.count("\n")
        if ASCII_LETTER_RE.search(unprotected(src)):
            assert HANGUL_RE.search(dst)
        assert not ASCII_LETTER_RE.search(unprotected(dst))
    assert "c1" not in answer


@pytest.mark.parametrize(("lang", "script"), [
    ("ja", r"[\u30a0-\u30ff]"), ("zh", r"[\u4e00-\u9fff]"), ("zh-hans", r"[\u4e00-\u9fff]"),
    ("ru", r"[\u0400-\u04ff]"), ("hi", r"[\u0900-\u097f]"), ("ar", r"[\u0600-\u06ff]"), ("ko-KR", r"[가-힣]"),
])
def test_other_scripts(lang, script):
    out = pseudo_translate("Install the model with ⟦1⟧.", lang)
    assert re.search(script, out)
    assert "⟦1⟧" in out
    assert not ASCII_LETTER_RE.search(unprotected(out))


def test_latin_languages_use_accents():
    assert pseudo_translate("Hello", "fr") == pseudo_translate("Hello", None) == pseudo_translate("Hello", "pt-br")


segment_text = st.lists(
    st.one_of(
        st.text(alphabet=st.characters(codec="utf-8", exclude_characters="⟦⟧<>`&{}[]"), max_size=30),
        st.integers(min_value=1, max_value=30).map(lambda n: f"⟦{n}⟧"),
        st.sampled_from(["**", "\n", "- ", "[", "]", "https://hf.co/x_y?a=1", "42", " "]),
    ),
    max_size=12,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(text=segment_text, lang=st.sampled_from([None, "ko", "ja", "zh", "ru", "de"]))
def test_property_placeholders_newlines_digits_kept(text, lang):
    out = pseudo_translate(text, lang)
    assert sorted(PLACEHOLDER_RE.findall(out)) == sorted(PLACEHOLDER_RE.findall(text))
    assert out.count("\n") == text.count("\n")
    assert re.findall(r"\d", unprotected(out)) == re.findall(r"\d", unprotected(text))
    assert not ASCII_LETTER_RE.search(unprotected(out))
    if lang == "ko" and ASCII_LETTER_RE.search(unprotected(text)):
        assert HANGUL_RE.search(out)


def test_pseudo_provider_goes_through_the_normal_client():
    p = get_provider("pseudo", lang="ko", config=Config())
    assert isinstance(p, Pseudo)
    c = p.complete(ChatRequest(system="Translate.", user=PROMPT))
    assert c.finish_reason == "stop"
    assert c.model == "pseudo"
    assert c.input_tokens > 0 and c.output_tokens > 0
    assert [sid for sid, _ in extract_segments(c.text)] == ["s12", "s13", "s14"]
    assert c.text == pseudo_answer(PROMPT, "ko")
    assert estimate_cost(c.model, c.input_tokens, c.output_tokens) == 0.0
    p.close()


def test_pseudo_provider_truncates_at_max_tokens():
    with Pseudo(lang="ko") as p:
        c = p.complete(ChatRequest(system="", user=PROMPT, max_tokens=8))
    assert c.finish_reason == "length"
    assert c.output_tokens <= 8


def test_pseudo_is_thread_safe():
    from concurrent.futures import ThreadPoolExecutor

    with Pseudo(lang="ko") as p, ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda i: p.complete(ChatRequest("", f'<s id="x{i}">Item {i}</s>')).text,
                                range(64)))
    assert all(f'<s id="x{i}">' in r for i, r in enumerate(results))
