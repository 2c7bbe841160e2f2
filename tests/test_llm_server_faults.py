"""The real provider clients against the loopback fake LLM server: wire shapes, retries and every fault.

Each fault must end in a retry, a reported failure, or an answer handed to the pipeline as it is (content
faults: validating the text is the pipeline's job), and each test checks the server really produced it.
"""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from hfi18n.errors import ProviderError
from hfi18n.translate.providers import (
    AuthError,
    ChatRequest,
    RetriesExhaustedError,
    extract_segments,
)
from tests.fakes.llm_server import CHATTER_BEFORE, FakeLLMServer

WIRES = ["anthropic", "openai", "hf"]
HANGUL_RE = re.compile(r"[가-힣]")
USER = (
    "<context>\nThe page is about installing things.\n</context>\n"
    "<segments>\n"
    '<s id="s1">Install the library with ⟦1⟧ and then run ⟦2⟧.</s>\n'
    '<s id="s2">See the **quickstart** for more:\nit spans two lines.</s>\n'
    '<s id="s3">Models are loaded with ⟦3⟧.</s>\n'
    "</segments>"
)
REQ = ChatRequest(system="Translate into Korean.", user=USER, max_tokens=2000)
SOURCE = extract_segments(USER)


@pytest.fixture()
def server():
    with FakeLLMServer() as s:
        yield s


@pytest.fixture(params=WIRES)
def wire(request):
    return request.param


def segs(text: str) -> list[tuple[str, str]]:
    return extract_segments(text)


def placeholders(text: str) -> list[str]:
    return re.findall(r"⟦\d+⟧", text)


# -- shape and good answers ---------------------------------------------------------------------


def test_request_shape_on_the_wire(server, wire):
    with server.provider(wire, model="some-model") as p:
        p.complete(REQ)
    (rec,) = server.requests
    body = rec.json
    assert body["model"] == "some-model"
    assert body["max_tokens"] == 2000
    if wire == "anthropic":
        assert rec.path == "/v1/messages"
        assert rec.headers["x-api-key"] == "test-key"
        assert rec.headers["anthropic-version"] == "2023-06-01"
        assert "authorization" not in rec.headers
        assert body["system"] == "Translate into Korean."
        assert body["messages"] == [{"role": "user", "content": USER}]
    else:
        assert rec.path == "/v1/chat/completions"
        assert rec.headers["authorization"] == "Bearer test-key"
        assert "x-api-key" not in rec.headers
        assert "system" not in body
        assert body["messages"] == [{"role": "system", "content": "Translate into Korean."},
                                    {"role": "user", "content": USER}]


def test_good_answer(server, wire):
    with server.provider(wire) as p:
        c = p.complete(REQ)
    assert c.finish_reason == "stop"
    assert c.retries == 0
    assert c.input_tokens > 0 and c.output_tokens > 0
    assert c.latency_s > 0
    got = segs(c.text)
    assert [sid for sid, _ in got] == ["s1", "s2", "s3"]
    for (_, src), (_, dst) in zip(SOURCE, got, strict=True):
        assert sorted(placeholders(dst)) == sorted(placeholders(src))
        assert HANGUL_RE.search(dst)
        assert dst.count("\n") == src.count("\n")
    assert server.requests[0].answer == c.text


def test_openai_without_key_against_keyless_server():
    with FakeLLMServer(api_key=None) as s, s.provider("openai", api_key=None) as p:
        assert p.complete(REQ).finish_reason == "stop"
        assert "authorization" not in s.requests[0].headers


# -- retries -------------------------------------------------------------------------------------


def test_429_retry_after_is_honoured(server, wire):
    server.rate_limit(retry_after=1)
    with server.provider(wire) as p:
        t0 = time.monotonic()
        c = p.complete(REQ)
        elapsed = time.monotonic() - t0
    assert c.retries == 1
    assert [r.status for r in server.requests] == [429, 200]
    assert server.requests[0].fault == "rate_limit"
    gap = server.requests[1].started - server.requests[0].ended
    assert 0.95 <= gap < 1.5
    assert elapsed < 2.0


def test_429_retry_after_as_http_date(server):
    server.rate_limit(retry_after=2, http_date=True)
    with server.provider("anthropic") as p:
        c = p.complete(REQ)
    assert c.retries == 1
    gap = server.requests[1].started - server.requests[0].ended
    assert 0.9 <= gap <= 2.5  # the date has one-second resolution


def test_429_without_retry_after_backs_off(server):
    server.rate_limit(retry_after=None, times=2)
    with server.provider("openai") as p:
        assert p.complete(REQ).retries == 2


def test_retry_after_longer_than_we_wait_is_a_final_error(server):
    server.rate_limit(retry_after=3600)
    with server.provider("anthropic", max_retry_after=60) as p, pytest.raises(ProviderError) as e:
        p.complete(REQ)
    assert "3600" in e.value.message
    assert len(server.requests) == 1


@pytest.mark.parametrize("status", [500, 502, 503, 529])
def test_server_errors_are_retried(server, wire, status):
    server.server_error(status, times=2)
    with server.provider(wire) as p:
        c = p.complete(REQ)
    assert c.retries == 2
    assert [r.status for r in server.requests] == [status, status, 200]


def test_server_errors_until_retries_run_out(server):
    server.server_error(500, times=10)
    with server.provider("openai", max_retries=2) as p, pytest.raises(RetriesExhaustedError) as e:
        p.complete(REQ)
    assert e.value.attempts == 3
    assert "after 3 attempts" in e.value.message and "HTTP 500" in e.value.message
    assert len(server.requests) == 3


def test_timeout_is_retried(server, wire):
    server.timeout(2.0)
    with server.provider(wire, timeout=0.3) as p:
        c = p.complete(REQ)
    assert c.retries == 1
    assert server.requests[0].fault == "timeout"


def test_timeouts_until_retries_run_out_give_a_clear_error(server):
    server.timeout(2.0, times=5)
    with server.provider("anthropic", timeout=0.2, max_retries=2) as p:
        t0 = time.monotonic()
        with pytest.raises(RetriesExhaustedError) as e:
            p.complete(REQ)
        elapsed = time.monotonic() - t0
    assert "after 3 attempts" in e.value.message
    assert "did not answer within 0.2 s" in e.value.message
    assert e.value.hint
    assert len(server.requests) == 3
    assert elapsed < 2.0


def test_disconnect_is_retried(server, wire):
    server.disconnect()
    with server.provider(wire) as p:
        assert p.complete(REQ).retries == 1


def test_bad_json_is_retried_then_reported(server, wire):
    server.bad_json()
    with server.provider(wire) as p:
        assert p.complete(REQ).retries == 1
    server.bad_json(times=5)
    with server.provider(wire, max_retries=1) as p, pytest.raises(RetriesExhaustedError) as e:
        p.complete(REQ)
    assert "not JSON" in e.value.message


def test_unreachable_server_is_reported_at_once_without_retries():
    with FakeLLMServer() as s:
        url = s.url
    from hfi18n.translate.providers import AnthropicProvider, UnreachableError

    retries = []
    started = time.monotonic()
    with AnthropicProvider(api_key="k", base_url=url, max_retries=5, backoff_base=1.0,
                           on_retry=retries.append) as p, pytest.raises(UnreachableError) as e:
        p.complete(REQ)
    assert time.monotonic() - started < 2 and retries == []
    assert "could not reach" in e.value.message and "refused" in e.value.message.lower()
    assert url in e.value.hint


def test_on_retry_callback(server):
    events = []
    server.server_error(503)
    with server.provider("openai", on_retry=events.append) as p:
        p.complete(REQ)
    assert [(e.provider, e.attempt, e.error.status) for e in events] == [("openai", 1, 503)]


# -- final errors --------------------------------------------------------------------------------


def test_401_is_final_and_never_shows_the_key(server, wire):
    bad = "sk-wrong-key-0123456789"
    with server.provider(wire, api_key=bad) as p, pytest.raises(AuthError) as e:
        p.complete(REQ)
    assert len(server.requests) == 1 and server.requests[0].status == 401
    env = {"anthropic": "ANTHROPIC_API_KEY", "openai": "OPENAI_API_KEY", "hf": "HF_TOKEN"}[wire]
    assert f"the key in {env} was rejected" in e.value.message
    for text in (str(e.value), e.value.message, e.value.hint or "", repr(e.value)):
        assert bad not in text
    # The server really echoed the key: the client kept it out of the message on purpose.
    path = "/v1/messages" if wire == "anthropic" else "/v1/chat/completions"
    headers = {"x-api-key": bad, "anthropic-version": "2023-06-01"} if wire == "anthropic" else \
        {"authorization": f"Bearer {bad}"}
    echoed = httpx.post(server.url + path, headers=headers, json={"model": "m", "max_tokens": 5,
                                                                   "messages": [{"role": "user", "content": "x"}]})
    assert echoed.status_code == 401 and bad in echoed.text


def test_400_is_final(server):
    with FakeLLMServer(max_requests=0) as s, s.provider("openai") as p, pytest.raises(ProviderError) as e:
        p.complete(REQ)
    assert not isinstance(e.value, RetriesExhaustedError)
    assert "HTTP 400" in e.value.message and "request limit" in e.value.message
    assert len(s.requests) == 1


def test_404_wrong_base_url_is_final_with_hint(server):
    with server.provider("openai") as p:
        p.base_url = server.url + "/nope"
        with pytest.raises(ProviderError) as e:
            p.complete(REQ)
    assert "404" in e.value.message
    assert "/v1" in e.value.hint
    assert len(server.requests) == 1


def test_server_checks_anthropic_request_shape(server):
    url = server.url + "/v1/messages"
    base = {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": "x"}]}
    h = {"x-api-key": "test-key", "anthropic-version": "2023-06-01"}
    assert httpx.post(url, headers=h, json=base).status_code == 200
    assert httpx.post(url, headers={"x-api-key": "test-key"}, json=base).status_code == 400
    no_max = {k: v for k, v in base.items() if k != "max_tokens"}
    assert httpx.post(url, headers=h, json=no_max).status_code == 400
    system_msg = dict(base, messages=[{"role": "system", "content": "s"}, {"role": "user", "content": "x"}])
    assert httpx.post(url, headers=h, json=system_msg).status_code == 400


# -- truncation and content faults ---------------------------------------------------------------


def test_truncated_answer_is_returned_with_length(server, wire):
    server.truncate()
    with server.provider(wire) as p:
        c = p.complete(REQ)
    assert c.finish_reason == "length"
    assert c.retries == 0
    rec = server.requests[0]
    assert rec.fault == "truncate"
    assert rec.finish_reason == ("max_tokens" if wire == "anthropic" else "length")
    assert len(segs(c.text)) < 3


def test_answer_longer_than_max_tokens_is_cut(server, wire):
    with server.provider(wire) as p:
        c = p.complete(ChatRequest(system="s", user=USER, max_tokens=10))
    assert c.finish_reason == "length"
    assert c.output_tokens <= 10


def test_drop_placeholder(server, wire):
    server.drop_placeholder()
    with server.provider(wire) as p:
        c = p.complete(REQ)
    assert server.requests[0].fault == "drop_placeholder"
    first = dict(segs(c.text))["s1"]
    assert placeholders(first) == ["⟦2⟧"]
    assert c.finish_reason == "stop"


def test_duplicate_placeholder(server, wire):
    server.duplicate_placeholder()
    with server.provider(wire) as p:
        c = p.complete(REQ)
    assert server.requests[0].fault == "duplicate_placeholder"
    assert placeholders(dict(segs(c.text))["s1"]).count("⟦1⟧") == 2


def test_chatter(server, wire):
    server.chatter()
    with server.provider(wire) as p:
        c = p.complete(REQ)
    assert c.text.startswith(CHATTER_BEFORE)
    assert len(segs(c.text)) == 3


def test_fence(server, wire):
    server.fence()
    with server.provider(wire) as p:
        c = p.complete(REQ)
    assert c.text.startswith("```md\n") and c.text.endswith("\n```")


def test_wrong_language(server, wire):
    server.wrong_language()
    with server.provider(wire) as p:
        c = p.complete(REQ)
    assert segs(c.text) == SOURCE
    assert not HANGUL_RE.search(c.text)


def test_drop_segment_and_reorder(server):
    server.drop_segment().reorder()
    with server.provider("anthropic") as p:
        first = p.complete(REQ)
        second = p.complete(REQ)
    assert [sid for sid, _ in segs(first.text)] == ["s1", "s2"]
    assert [sid for sid, _ in segs(second.text)] == ["s3", "s2", "s1"]
    assert [r.fault for r in server.requests] == ["drop_segment", "reorder"]


def test_scripted_reply(server):
    server.reply("just chatter, no segments", finish="length")
    with server.provider("openai") as p:
        c = p.complete(REQ)
    assert (c.text, c.finish_reason) == ("just chatter, no segments", "length")


def test_faults_are_consumed_in_order_and_then_answers_are_good(server):
    server.server_error(500).chatter()
    with server.provider("hf") as p:
        first = p.complete(REQ)
        second = p.complete(REQ)
    assert first.retries == 1 and first.text.startswith(CHATTER_BEFORE)
    assert not second.text.startswith(CHATTER_BEFORE)
    assert not server.pending_faults()


# -- concurrency ----------------------------------------------------------------------------------


def _batch(i: int) -> ChatRequest:
    return ChatRequest(system="s", user=f'<segments>\n<s id="b{i}">Batch number {i} with ⟦1⟧.</s>\n</segments>')


def test_concurrent_requests_share_one_provider(server):
    server.latency(0.3)
    with server.provider("openai") as p, ThreadPoolExecutor(max_workers=8) as pool:
        t0 = time.monotonic()
        results = list(pool.map(p.complete, [_batch(i) for i in range(8)]))
        elapsed = time.monotonic() - t0
    assert [segs(r.text)[0][0] for r in results] == [f"b{i}" for i in range(8)]
    assert elapsed < 1.5  # sequential would take 2.4 s
    assert len(server.requests) == 8


def test_matched_fault_hits_the_right_request_under_concurrency(server):
    server.drop_placeholder(match='id="b5"')
    with server.provider("anthropic") as p, ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(p.complete, [_batch(i) for i in range(8)]))
    for i, r in enumerate(results):
        assert ("⟦1⟧" in r.text) == (i != 5)
    assert [r.fault for r in server.requests if r.fault] == ["drop_placeholder"]


def test_rate_limit_pauses_other_threads(server):
    server.rate_limit(retry_after=1)
    with server.provider("anthropic") as p, ThreadPoolExecutor(max_workers=4) as pool:
        first = pool.submit(p.complete, _batch(0))
        deadline = time.monotonic() + 5
        while not any(r.status == 429 for r in server.requests) and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.05)  # the client has read the 429: the pause is in force
        rest = [pool.submit(p.complete, _batch(i)) for i in range(1, 4)]
        assert first.result().retries == 1
        assert all(f.result().retries == 0 for f in rest)
    limited = server.requests[0]
    assert limited.status == 429
    assert all(r.started >= limited.ended + 0.9 for r in server.requests[1:])
