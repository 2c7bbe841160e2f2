"""Providers without HTTP: request building, answer parsing, retry helpers, registry, secrets, pricing."""

from __future__ import annotations

import json
import random
import time

import pytest

from hfi18n.config import Config, load_config
from hfi18n.errors import ConfigError, ProviderError
from hfi18n.translate import pricing
from hfi18n.translate.providers import (
    PROVIDERS,
    AnthropicProvider,
    ChatRequest,
    HFProvider,
    OpenAIProvider,
    Pseudo,
    get_provider,
    resolve_provider_name,
)
from hfi18n.translate.providers.retry import backoff_delay, parse_retry_after

KEY_ENVS = ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "HF_TOKEN", "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL",
            "HFI18N_CONFIG", "HF_TOKEN_PATH")
REQ = ChatRequest(system="You translate docs.", user="<segments><s id=\"s1\">Hi ⟦1⟧</s></segments>",
                  max_tokens=1234, temperature=0.0)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch, tmp_path):
    for name in KEY_ENVS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))  # no token file from this machine
    monkeypatch.chdir(tmp_path)


def body(request) -> dict:
    return json.loads(request.content)


# -- build_request ------------------------------------------------------------------------------


def test_anthropic_request_shape():
    p = AnthropicProvider("claude-haiku-4-5", api_key="sk-ant-secret")
    r = p.build_request(REQ)
    assert r.method == "POST"
    assert str(r.url) == "https://api.anthropic.com/v1/messages"
    assert r.headers["x-api-key"] == "sk-ant-secret"
    assert r.headers["anthropic-version"] == "2023-06-01"
    assert "authorization" not in r.headers
    b = body(r)
    assert b["model"] == "claude-haiku-4-5"
    assert b["max_tokens"] == 1234
    assert b["system"] == "You translate docs."
    assert b["messages"] == [{"role": "user", "content": REQ.user}]
    assert b["temperature"] == 0.0
    assert r.extensions["timeout"]["read"] == 120.0


def test_anthropic_base_url_with_or_without_v1():
    assert str(AnthropicProvider(api_key="k", base_url="http://x:1/").build_request(REQ).url) == \
        "http://x:1/v1/messages"
    assert str(AnthropicProvider(api_key="k", base_url="http://x:1/v1").build_request(REQ).url) == \
        "http://x:1/v1/messages"


def test_openai_official_request_shape():
    p = OpenAIProvider("gpt-4.1-mini", api_key="sk-secret-123456")
    r = p.build_request(REQ)
    assert str(r.url) == "https://api.openai.com/v1/chat/completions"
    assert r.headers["authorization"] == "Bearer sk-secret-123456"
    b = body(r)
    assert b["messages"][0] == {"role": "system", "content": "You translate docs."}
    assert b["messages"][1] == {"role": "user", "content": REQ.user}
    assert b["max_completion_tokens"] == 1234 and "max_tokens" not in b
    assert b["temperature"] == 0.0
    assert b["stream"] is False


@pytest.mark.parametrize("model", ["o4-mini", "o3", "gpt-5", "gpt-5-mini", "gpt-5.1"])
def test_openai_reasoning_models_get_no_temperature(model):
    b = body(OpenAIProvider(model, api_key="k").build_request(REQ))
    assert "temperature" not in b
    assert b["reasoning_effort"] == "low"
    assert b["max_completion_tokens"] == 1234


def test_openai_compatible_server_needs_no_key_and_gets_max_tokens():
    p = OpenAIProvider("Qwen/Qwen2.5-7B-Instruct", base_url="http://localhost:8000/v1")
    r = p.build_request(REQ)
    assert str(r.url) == "http://localhost:8000/v1/chat/completions"
    assert "authorization" not in r.headers
    b = body(r)
    assert b["max_tokens"] == 1234 and "max_completion_tokens" not in b
    assert b["temperature"] == 0.0


def test_hf_router_request_shape():
    p = HFProvider("meta-llama/Llama-3.3-70B-Instruct:together", api_key="hf_secrettoken")
    r = p.build_request(REQ)
    assert str(r.url) == "https://router.huggingface.co/v1/chat/completions"
    assert r.headers["authorization"] == "Bearer hf_secrettoken"
    b = body(r)
    assert b["model"] == "meta-llama/Llama-3.3-70B-Instruct:together"
    assert b["max_tokens"] == 1234
    assert b["messages"][0]["role"] == "system"


def test_empty_system_is_left_out():
    req = ChatRequest(system="", user="u")
    assert "system" not in body(AnthropicProvider(api_key="k").build_request(req))
    assert [m["role"] for m in body(OpenAIProvider(api_key="k").build_request(req))["messages"]] == ["user"]


# -- parse_response -----------------------------------------------------------------------------


def test_anthropic_parse():
    p = AnthropicProvider(api_key="k")
    c = p.parse_response({
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5-20250929",
        "content": [{"type": "text", "text": "<s id=\"s1\">"}, {"type": "thinking", "thinking": "hmm"},
                    {"type": "text", "text": "안녕</s>"}],
        "stop_reason": "end_turn", "stop_sequence": None, "usage": {"input_tokens": 12, "output_tokens": 7},
    })
    assert c.text == "<s id=\"s1\">안녕</s>"
    assert (c.finish_reason, c.input_tokens, c.output_tokens) == ("stop", 12, 7)
    assert c.model == "claude-sonnet-4-5-20250929"


@pytest.mark.parametrize(("wire", "normalized"), [
    ("end_turn", "stop"), ("stop_sequence", "stop"), ("max_tokens", "length"),
    ("model_context_window_exceeded", "length"), ("refusal", "other"), ("tool_use", "other"), (None, "other"),
])
def test_anthropic_stop_reasons(wire, normalized):
    data = {"content": [], "stop_reason": wire, "usage": {}}
    assert AnthropicProvider(api_key="k").parse_response(data).finish_reason == normalized


def test_openai_parse():
    p = OpenAIProvider(api_key="k")
    c = p.parse_response({
        "model": "gpt-4.1-2025-04-14",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "x"}, "finish_reason": "length"}],
        "usage": {"prompt_tokens": 5, "completion_tokens": 1},
    })
    assert (c.text, c.finish_reason, c.input_tokens, c.output_tokens) == ("x", "length", 5, 1)
    assert p.parse_response({"choices": [{"message": {"content": None},
                                          "finish_reason": "content_filter"}]}).finish_reason == "other"


def test_openai_parse_strips_think_block():
    p = OpenAIProvider(api_key="k", base_url="http://localhost:1/v1")
    c = p.parse_response({"choices": [{"message": {"content": "<think>\nplan...\n</think>\n\n<s id=\"a\">x</s>"},
                                       "finish_reason": "stop"}]})
    assert c.text == "<s id=\"a\">x</s>"


def test_missing_usage_is_estimated_by_complete():
    p = get_provider("pseudo")
    c = p.complete(ChatRequest(system="s", user="<segments><s id=\"a\">Hello world</s></segments>"))
    assert c.input_tokens > 0 and c.output_tokens > 0


# -- retry helpers -------------------------------------------------------------------------------


def test_parse_retry_after():
    assert parse_retry_after("2") == 2.0
    assert parse_retry_after("0.5") == 0.5
    assert parse_retry_after("-3") == 0.0
    assert parse_retry_after(None) is None
    assert parse_retry_after("soon") is None
    now = 1_700_000_000.0
    date = time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(now + 7))
    assert parse_retry_after(date, now=now) == pytest.approx(7.0)
    past = time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(now - 7))
    assert parse_retry_after(past, now=now) == 0.0


def test_backoff_is_exponential_jittered_and_capped():
    rng = random.Random(1)
    for attempt in range(12):
        ceiling = min(30.0, 1.0 * 2**attempt)
        d = backoff_delay(attempt, 1.0, 30.0, rng)
        assert ceiling / 2 <= d <= ceiling
    assert backoff_delay(100, 1.0, 30.0) <= 30.0


# -- registry -----------------------------------------------------------------------------------


def test_registry_names():
    assert set(PROVIDERS) == {"anthropic", "openai", "hf", "pseudo"}
    for name, cls in PROVIDERS.items():
        assert cls.name == name
        assert cls.default_model


def test_unknown_provider_lists_valid_names():
    with pytest.raises(ConfigError) as e:
        get_provider("gemini", config=Config())
    assert "gemini" in e.value.message
    for name in PROVIDERS:
        assert name in e.value.hint


@pytest.mark.parametrize(("name", "env"), [("anthropic", "ANTHROPIC_API_KEY"), ("openai", "OPENAI_API_KEY"),
                                           ("hf", "HF_TOKEN")])
def test_missing_key_names_env_var_config_key_and_pseudo(name, env):
    with pytest.raises(ConfigError) as e:
        get_provider(name, config=Config())
    assert env in e.value.hint
    assert f"providers.{name}.api_key" in e.value.hint
    assert "--provider pseudo" in e.value.hint


def test_no_provider_configured_lists_every_way():
    with pytest.raises(ConfigError) as e:
        get_provider(None, config=Config())
    hint = e.value.hint
    for needle in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "HF_TOKEN", "--base-url", "hfi18n.toml", "pseudo"):
        assert needle in hint


def test_key_from_env(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-env")
    p = get_provider("anthropic", config=Config())
    assert p.build_request(REQ).headers["x-api-key"] == "sk-ant-env"
    assert p.key_source == "ANTHROPIC_API_KEY"
    assert p.model == AnthropicProvider.default_model


def test_provider_autodetected_from_env(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-openai-env")
    assert resolve_provider_name(None, Config()) == "openai"
    assert isinstance(get_provider(None, config=Config()), OpenAIProvider)


def test_settings_from_hfi18n_toml(tmp_path):
    (tmp_path / "hfi18n.toml").write_text(
        'provider = "anthropic"\nmodel = "claude-haiku-4-5"\n'
        '[providers.anthropic]\napi_key = "sk-ant-from-file"\ntimeout = 33\nmax_retries = 2\n'
        '[providers.openai]\nbase_url = "http://localhost:8000/v1"\nmodel = "my-local-model"\n',
        encoding="utf-8")
    config = load_config(tmp_path)
    p = get_provider(None, config=config)
    assert isinstance(p, AnthropicProvider)
    assert p.model == "claude-haiku-4-5"
    assert (p.timeout, p.max_retries) == (33.0, 2)
    assert p.build_request(REQ).headers["x-api-key"] == "sk-ant-from-file"
    assert "providers.anthropic.api_key" in p.key_source and "hfi18n.toml" in p.key_source
    o = get_provider("openai", config=config)  # local server: no key needed
    assert o.base_url == "http://localhost:8000/v1" and o.model == "my-local-model"
    assert "authorization" not in o.build_request(REQ).headers


def test_settings_from_pyproject(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.hfi18n]\nprovider = "hf"\n[tool.hfi18n.providers.hf]\napi_key = "hf_fromfile123"\n'
        'model = "Qwen/Qwen2.5-72B-Instruct:nebius"\n', encoding="utf-8")
    p = get_provider(None, config=load_config(tmp_path))
    assert isinstance(p, HFProvider)
    assert p.model == "Qwen/Qwen2.5-72B-Instruct:nebius"
    assert p.build_request(REQ).headers["authorization"] == "Bearer hf_fromfile123"


def test_env_key_wins_over_config(monkeypatch):
    monkeypatch.setenv("HF_TOKEN", "hf_envtoken")
    config = Config({"providers": {"hf": {"api_key": "hf_filetoken"}}})
    assert get_provider("hf", config=config).build_request(REQ).headers["authorization"] == "Bearer hf_envtoken"


def test_hf_token_file_of_hf_auth_login(monkeypatch, tmp_path):
    home = tmp_path / "hf-home"
    home.mkdir(exist_ok=True)
    (home / "token").write_text("hf_logintoken\n", encoding="utf-8")
    p = get_provider("hf", config=Config())
    assert p.build_request(REQ).headers["authorization"] == "Bearer hf_logintoken"


def test_top_level_model_applies_only_to_its_provider(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-x-abcdef")
    config = Config({"provider": "anthropic", "model": "claude-haiku-4-5"})
    assert get_provider("openai", config=config).model == OpenAIProvider.default_model
    assert get_provider("pseudo", config=config).model == "pseudo"


def test_base_url_from_env(monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:11434/v1")
    p = get_provider("openai", config=Config())
    assert p.base_url == "http://127.0.0.1:11434/v1"


def test_lang_goes_to_pseudo_only(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-x")
    assert get_provider("pseudo", lang="ko", config=Config()).lang == "ko"
    assert isinstance(get_provider("anthropic", lang="ko", config=Config()), AnthropicProvider)


def test_pseudo_needs_nothing():
    p = get_provider("pseudo", config=Config())
    assert isinstance(p, Pseudo) and p.model == "pseudo"


# -- secrets ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["anthropic", "openai", "hf"])
def test_repr_str_and_vars_never_show_the_key(name):
    key = "sk-verysecretvalue-42"
    p = PROVIDERS[name](api_key=key)
    for text in (repr(p), str(p), repr(vars(p)), f"{p}", f"{p!r}"):
        assert key not in text
    assert "api_key=<set>" in repr(p)
    assert "api_key=<none>" in repr(PROVIDERS[name]())


def test_redact_masks_the_key_and_keylike_strings():
    p = OpenAIProvider(api_key="my-own-secret")
    assert p.redact("got my-own-secret and sk-abcdef123456 and hf_abcdefgh") == "got *** and *** and ***"


# -- pricing ------------------------------------------------------------------------------------


def test_price_lookup_handles_dated_and_prefixed_ids():
    assert pricing.price_for("claude-sonnet-4-5-20250929") == pricing.PRICES["claude-sonnet-4-5"]
    assert pricing.price_for("gpt-4.1-mini-2025-04-14") == pricing.PRICES["gpt-4.1-mini"]
    assert pricing.price_for("anthropic/claude-opus-4-1") == pricing.PRICES["claude-opus-4-1"]
    assert pricing.price_for("meta-llama/Llama-3.3-70B-Instruct:together") is None
    assert pricing.estimate_cost("unknown-model", 10, 10) is None
    assert pricing.estimate_cost("pseudo", 10**6, 10**6) == 0.0
    assert pricing.estimate_cost("claude-sonnet-4-5", 1_000_000, 1_000_000) == pytest.approx(18.0)
    assert pricing.PRICES_AS_OF


def test_token_estimates_are_reasonable():
    english = "The quick brown fox jumps over the lazy dog. " * 10
    assert 90 <= pricing.estimate_tokens(english) <= 130
    korean = "빠른 갈색 여우가 게으른 개를 뛰어넘습니다. " * 10
    hangul = sum(1 for ch in korean if "가" <= ch <= "힣")
    assert hangul <= pricing.estimate_tokens(korean) <= 2 * len(korean)
    assert pricing.estimate_tokens("") == 0
    assert pricing.estimate_tokens("a") == 1
    assert pricing.estimate_output_tokens(english, "ko") > pricing.estimate_output_tokens(english, "fr")


# -- prompt caching, batch prices, the wire format (issue 12) -------------------------------------


def test_cacheable_system_prompt_is_marked_for_anthropic_only_when_asked():
    p = AnthropicProvider("claude-sonnet-4-5", api_key="k")
    cached = body(p.build_request(ChatRequest(system="rules", user="u", cache_prefix=True)))
    assert cached["system"] == [{"type": "text", "text": "rules", "cache_control": {"type": "ephemeral"}}]
    assert body(p.build_request(ChatRequest(system="rules", user="u")))["system"] == "rules"
    # OpenAI caches by itself: the request is the same either way
    o = OpenAIProvider("gpt-4.1", api_key="k")
    assert body(o.build_request(ChatRequest("rules", "u", cache_prefix=True))) == \
        body(o.build_request(ChatRequest("rules", "u")))
    assert (p.cache_min_tokens(), AnthropicProvider("claude-haiku-4-5").cache_min_tokens(),
            AnthropicProvider("claude-3-5-haiku").cache_min_tokens(), o.cache_min_tokens()) == (1024, 4096, 2048, 1024)


def test_cached_tokens_are_read_from_usage():
    a = AnthropicProvider(api_key="k").parse_response({
        "type": "message", "model": "claude-sonnet-4-5", "content": [{"type": "text", "text": "x"}],
        "stop_reason": "end_turn",
        "usage": {"input_tokens": 50, "output_tokens": 7, "cache_creation_input_tokens": 0,
                  "cache_read_input_tokens": 1200},
    })
    assert (a.input_tokens, a.cache_read_tokens, a.cache_write_tokens) == (1250, 1200, 0)
    o = OpenAIProvider(api_key="k").parse_response({
        "model": "gpt-4.1", "choices": [{"message": {"content": "x"}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 1300, "completion_tokens": 5, "prompt_tokens_details": {"cached_tokens": 1152}},
    })
    assert (o.input_tokens, o.cache_read_tokens, o.cache_write_tokens) == (1300, 1152, 0)


def test_cache_and_batch_prices():
    sonnet = pricing.price_for("claude-sonnet-4-5")
    assert (sonnet.cache_write, sonnet.cache_read, sonnet.batch) == pytest.approx((3.75, 0.30, 0.5))
    assert pricing.price_for("gpt-4.1").cache_read == pytest.approx(0.50)
    plain = pricing.estimate_cost("claude-sonnet-4-5", 2_000_000, 0)
    cached = pricing.estimate_cost("claude-sonnet-4-5", 2_000_000, 0, cache_write=1_000_000, cache_read=1_000_000)
    assert plain == pytest.approx(6.0) and cached == pytest.approx(3.75 + 0.30)
    assert pricing.estimate_cost("claude-sonnet-4-5", 2_000_000, 0, batch=True) == pytest.approx(3.0)
    # a prefix under the model's minimum is not cached
    assert pricing.cached_prefix_cost("claude-haiku-4-5", 10_000, 0, prefix=2000, requests=5) == \
        pricing.estimate_cost("claude-haiku-4-5", 10_000, 0)
    assert pricing.cached_prefix_cost("claude-sonnet-4-5", 10_000, 0, prefix=2000, requests=5) < \
        pricing.estimate_cost("claude-sonnet-4-5", 10_000, 0)


def test_compact_wire_format_round_trips_and_escapes():
    from hfi18n.translate.wire import (
        COMPACT,
        LEGACY,
        detect,
        extract_segments,
        format_segments,
        parse_elements,
    )

    texts = ["Plain ⟦1⟧ text", "Has <2> and </3> inside", "Two\nlines"]
    user = format_segments((str(i), t) for i, t in enumerate(texts, 1))
    assert user.splitlines()[1] == "<1>Plain ⟦1⟧ text</1>" and detect(user) is COMPACT
    assert parse_elements(user) == {str(i): t for i, t in enumerate(texts, 1)}
    assert [sid for sid, _ in extract_segments(user)] == ["1", "2", "3"]
    # free-form ids (toctree titles) keep the legacy element; answers in it are still understood
    legacy = format_segments([("t1", "Title")])
    assert '<s id="t1">Title</s>' in legacy and detect(legacy) is LEGACY
    assert parse_elements('<s id="s1">안녕</s>') == {"s1": "안녕"}
    pairs = [(str(i), "x") for i in range(1, 100)]
    compact, old = COMPACT.render(pairs), LEGACY.render([("s" + i, t) for i, t in pairs])
    assert len(old) - len(compact) >= 7 * len(pairs)  # at least 7 characters less per segment


def test_run_prefix_is_shared_padded_when_it_pays_and_context_only_where_it_helps():
    from hfi18n.glossary import Glossary
    from hfi18n.translate.pipeline import Translator, new_job
    from hfi18n.translate.pricing import estimate_tokens

    en = ("# Install\n\n## Setup\n\nThe Hub hosts models. Fine-tuning a model on the Hub is easy.\n\n"
          + "".join(f"Paragraph {i} is about tokenizers and datasets of many kinds.\n\n" for i in range(8))
          + "## Next\n\nRead the quicktour.\n")
    job = new_job("x.md", en, __import__("pathlib").Path("/nonexistent/x.md"))
    tr = Translator(AnthropicProvider("claude-sonnet-4-5", api_key="k"), "ko", glossary=Glossary.builtin("ko"),
                    batch_tokens=8)
    tr.lookup_memory([job])
    groups = list(tr.batches(job, job.pending))
    reqs = [tr.request_for(job, g) for g in groups]
    assert len({r.system for r in reqs}) == 1 and all(r.cache_prefix for r in reqs)
    assert estimate_tokens(reqs[0].system) >= 1024  # padded to the cache minimum: many requests share it
    for g, r in zip(groups, reqs, strict=True):
        if all(s.text in ("Install", "Setup", "Next") for s in g):
            assert "<context>" not in r.user  # headings need none
    one = Translator(AnthropicProvider("claude-sonnet-4-5", api_key="k"), "ko", glossary=Glossary.builtin("ko"))
    job2 = new_job("x.md", en, __import__("pathlib").Path("/nonexistent/x.md"))
    one.lookup_memory([job2])
    assert len(list(one.batches(job2, job2.pending))) == 1
    assert estimate_tokens(one.request_for(job2, job2.pending).system) < 1024  # one request: padding never pays


def test_providers_without_a_batch_api_say_so_on_every_batch_call():
    for name in ("pseudo", "hf"):
        p = get_provider(name, api_key="hf_test_key_123", config=Config({}))
        assert not p.supports_batch
        for method, args in ((p.batch_status, ("b1",)), (p.cancel_batch, ("b1",)), (p.list_batches, ())):
            with pytest.raises(ProviderError, match="has no batch API"):
                method(*args)
