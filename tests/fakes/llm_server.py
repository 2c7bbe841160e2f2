"""A loopback LLM server speaking the real OpenAI and Anthropic wire formats, scripted per test.

    with FakeLLMServer() as server:
        server.rate_limit(retry_after=1)          # the next request gets 429 + Retry-After: 1
        provider = server.provider("anthropic")   # real client code, pointed at this server
        completion = provider.complete(ChatRequest(system="...", user=prompt))
        assert server.requests[0].status == 429 and server.requests[1].status == 200

Endpoints: ``POST /v1/chat/completions`` (OpenAI, and the Hugging Face router, which is the same format)
and ``POST /v1/messages`` (Anthropic). Each checks the auth header (``Authorization: Bearer <key>`` or
``x-api-key: <key>``; a wrong key gets 401 whose message *echoes the key it received*, so tests prove the
client never repeats a server's message for 401) and the request shape the real APIs insist on (model,
messages, Anthropic's ``max_tokens``, ``anthropic-version`` header and top-level ``system``), answering 400
otherwise. Every request is recorded (:class:`RecordedRequest`: path, headers, parsed JSON, the fault
applied, status, the answer text served).

By default each ``<s id="...">`` segment of the user message is answered with a deterministic Hangul
pseudo-translation that keeps its placeholders (:func:`hfi18n.translate.providers.pseudo.pseudo_translate`),
and an answer larger than the request's ``max_tokens`` is cut there with ``finish_reason: "length"``
(``stop_reason: "max_tokens"``), as a real model would.

Faults are queued and each is consumed by the next request(s) (``times=n``); with ``match="s12"`` a fault
waits for a request whose user message contains that text (useful under concurrency). HTTP faults:
:meth:`rate_limit`, :meth:`server_error`, :meth:`timeout`, :meth:`disconnect`, :meth:`bad_json`. Content
faults (HTTP 200, the answer is wrong): :meth:`truncate`, :meth:`drop_placeholder`,
:meth:`duplicate_placeholder`, :meth:`chatter`, :meth:`fence`, :meth:`wrong_language`,
:meth:`drop_segment`, :meth:`reorder`, :meth:`reply`. :meth:`segment_faults` makes single segments come
back as their English (an echo) or in a script the target does not use, at given rates (a model that
now and then answers a short heading in English or in katakana). :meth:`latency` sets a fixed delay for every
request. The server binds 127.0.0.1 on a free port, serves each connection on its own daemon thread,
refuses requests past ``max_requests`` (HTTP 400, which clients treat as final), and stops in ``__exit__``,
waking any request that is sleeping.
"""

from __future__ import annotations

import contextlib
import email.utils
import json
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from hfi18n.doc.model import PLACEHOLDER_RE
from hfi18n.translate.pricing import estimate_tokens
from hfi18n.translate.providers.pseudo import (
    cut_to_tokens,
    extract_segments,
    pseudo_translate,
    render_segments,
)

from .llm_batches import BatchStore

OPENAI_PATHS = ("/v1/chat/completions", "/chat/completions")
ANTHROPIC_PATHS = ("/v1/messages", "/messages")
CHATTER_BEFORE = "Here is the translation:\n\n"
CHATTER_AFTER = "\n\nLet me know if you would like any changes!"

RANDOM_FAULTS = ("drop_placeholder", "duplicate_placeholder", "chatter", "fence", "wrong_language",
                 "drop_segment", "reorder", "truncate")
"""Content faults :meth:`FakeLLMServer.random_faults` draws from."""
HTTP_FAULTS = frozenset({"rate_limit", "server_error", "timeout", "disconnect", "bad_json"})


@dataclass
class Fault:
    kind: str
    params: dict[str, Any] = field(default_factory=dict)
    times: int = 1
    match: str | None = None


@dataclass
class RecordedRequest:
    """One request as the server saw it, and what it did with it."""

    path: str
    wire: str
    """``"openai"`` or ``"anthropic"`` (``""`` for an unknown path)."""
    headers: dict[str, str]
    """Header names lower-cased."""
    json: Any
    user: str = ""
    """The last user message's text."""
    fault: str | None = None
    """The fault kind applied to this request, if any."""
    status: int = 0
    answer: str | None = None
    """The text content served (for HTTP 200 answers)."""
    finish_reason: str | None = None
    """As sent on the wire (``stop``/``length`` or ``end_turn``/``max_tokens``)."""
    started: float = 0.0
    ended: float = 0.0
    request_bytes: int = 0
    """Size of the request body."""
    response_bytes: int = 0
    """Size of the response body."""


class FakeLLMServer:
    """Threaded HTTP server on 127.0.0.1:<free port>; use as a context manager."""

    def __init__(self, *, api_key: str | None = "test-key", lang: str = "ko", max_requests: int = 10_000,
                 latency: float = 0.0, host: str = "127.0.0.1", port: int = 0) -> None:
        self.api_key = api_key
        self._port = port
        self.lang = lang
        self.max_requests = max_requests
        self._latency = latency
        self._host = host
        self._lock = threading.Lock()
        self._faults: deque[Fault] = deque()
        self._requests: list[RecordedRequest] = []
        self._stop = threading.Event()
        self._prefix_cache: set[tuple[str, str, str]] = set()
        self._random: tuple[float, tuple[str, ...], Any] | None = None
        self._serial = 0
        self._segment_faults: tuple[float, float, int] | None = None
        self._seen: dict[str, int] = {}
        self._segment_replies: dict[tuple[str, str | None], str] = {}
        self.bad_answers: list[tuple[str, str, str]] = []
        """``(kind, English, answer)`` of every segment answered badly by :meth:`segment_faults`."""
        self.batches = BatchStore(self)
        """The batch endpoints' state (see :mod:`tests.fakes.llm_batches`)."""
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -----------------------------------------------------------------------------

    def start(self) -> FakeLLMServer:
        handler = type("Handler", (_Handler,), {"fake": self})
        httpd = ThreadingHTTPServer((self._host, self._port), handler, bind_and_activate=False)
        httpd.daemon_threads = True
        httpd.request_queue_size = 128
        httpd.allow_reuse_address = True
        httpd.server_bind()
        httpd.server_activate()
        self._httpd = httpd
        self._thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="fake-llm-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> FakeLLMServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return self._httpd.server_address[1]

    @property
    def url(self) -> str:
        """``http://127.0.0.1:<port>``: the Anthropic base URL."""
        return f"http://{self._host}:{self.port}"

    @property
    def openai_base_url(self) -> str:
        """``http://127.0.0.1:<port>/v1``: the base URL for OpenAI-compatible clients (openai, hf)."""
        return f"{self.url}/v1"

    def provider(self, name: str, **kw: Any):
        """A real provider (``anthropic``, ``openai``, ``hf``) pointed at this server with its key."""
        from hfi18n.translate.providers import PROVIDERS

        cls = PROVIDERS[name]
        base = self.url if name == "anthropic" else self.openai_base_url
        kw.setdefault("api_key", self.api_key)
        kw.setdefault("backoff_base", 0.01)
        kw.setdefault("timeout", 10.0)
        return cls(kw.pop("model", None), base_url=base, **kw)

    # -- inspection ----------------------------------------------------------------------------

    @property
    def requests(self) -> list[RecordedRequest]:
        """A snapshot of every request received so far, in arrival order."""
        with self._lock:
            return list(self._requests)

    def pending_faults(self) -> list[Fault]:
        with self._lock:
            return list(self._faults)

    def reset(self) -> None:
        """Forget recorded requests and queued faults."""
        with self._lock:
            self._requests.clear()
            self._faults.clear()

    # -- scripting -----------------------------------------------------------------------------

    def _queue(self, kind: str, times: int, match: str | None, **params: Any) -> FakeLLMServer:
        with self._lock:
            self._faults.append(Fault(kind, params, times, match))
        return self

    def latency(self, seconds: float) -> FakeLLMServer:
        """Delay every request by ``seconds`` from now on (not a queued fault)."""
        self._latency = seconds
        return self

    def rate_limit(self, retry_after: float | None = 1, *, http_date: bool = False, times: int = 1,
                   match: str | None = None) -> FakeLLMServer:
        """HTTP 429 with ``Retry-After: <retry_after>`` (or an HTTP date that far ahead; ``None``: no header)."""
        return self._queue("rate_limit", times, match, retry_after=retry_after, http_date=http_date)

    def server_error(self, status: int = 500, *, times: int = 1, match: str | None = None,
                     echo_key: bool = False) -> FakeLLMServer:
        """HTTP 500, 502, 503 or 529 (Anthropic's "overloaded") with the wire's error body."""
        return self._queue("server_error", times, match, status=status, echo_key=echo_key)

    def timeout(self, seconds: float = 5.0, *, times: int = 1, match: str | None = None) -> FakeLLMServer:
        """Sleep ``seconds`` before answering (set the client's timeout below that)."""
        return self._queue("timeout", times, match, seconds=seconds)

    def disconnect(self, *, times: int = 1, match: str | None = None) -> FakeLLMServer:
        """Close the connection without answering."""
        return self._queue("disconnect", times, match)

    def bad_json(self, *, times: int = 1, match: str | None = None) -> FakeLLMServer:
        """HTTP 200 whose body is cut-off JSON."""
        return self._queue("bad_json", times, match)

    def truncate(self, *, times: int = 1, match: str | None = None) -> FakeLLMServer:
        """Cut the answer in half, with ``finish_reason: length`` / ``stop_reason: max_tokens``."""
        return self._queue("truncate", times, match)

    def drop_placeholder(self, *, times: int = 1, match: str | None = None) -> FakeLLMServer:
        """Leave out the first placeholder of the first segment that has one."""
        return self._queue("drop_placeholder", times, match)

    def duplicate_placeholder(self, *, times: int = 1, match: str | None = None) -> FakeLLMServer:
        """Repeat the first placeholder of the first segment that has one."""
        return self._queue("duplicate_placeholder", times, match)

    def chatter(self, *, times: int = 1, match: str | None = None) -> FakeLLMServer:
        """Wrap the answer in "Here is the translation:" ... "Let me know..." chatter."""
        return self._queue("chatter", times, match)

    def fence(self, *, times: int = 1, match: str | None = None) -> FakeLLMServer:
        """Wrap the answer in a ```md code fence."""
        return self._queue("fence", times, match)

    def wrong_language(self, *, times: int = 1, match: str | None = None) -> FakeLLMServer:
        """Answer every segment with its English source, unchanged."""
        return self._queue("wrong_language", times, match)

    def drop_segment(self, index: int = -1, *, times: int = 1, match: str | None = None) -> FakeLLMServer:
        """Leave out the segment at ``index`` (default: the last)."""
        return self._queue("drop_segment", times, match, index=index)

    def reorder(self, *, times: int = 1, match: str | None = None) -> FakeLLMServer:
        """Answer the segments in reverse order."""
        return self._queue("reorder", times, match)

    def bloat(self, chars: int = 20_000_000, *, times: int = 1, match: str | None = None) -> FakeLLMServer:
        """Pad the first segment's translation to ``chars`` characters, ignoring ``max_tokens`` and saying
        ``finish_reason: stop`` (a hostile server, or a base URL a visitor typed)."""
        return self._queue("bloat", times, match, chars=chars)

    def reply(self, text: str, finish: str = "stop", *, times: int = 1, match: str | None = None) -> FakeLLMServer:
        """Answer exactly ``text`` (``finish``: ``"stop"`` or ``"length"``)."""
        return self._queue("reply", times, match, text=text, finish=finish)

    # -- behaviour -----------------------------------------------------------------------------

    def random_faults(self, rate: float, kinds: tuple[str, ...] = RANDOM_FAULTS, *, seed: int = 0) -> FakeLLMServer:
        """From now on, a request with no queued fault gets one of ``kinds`` with probability ``rate``
        (a seeded generator: the same sequence of draws in every run)."""
        import random

        self._random = (rate, kinds, random.Random(seed))
        return self

    def segment_faults(self, echo: float = 0.0, wrong_script: float = 0.0, *, seed: int = 0) -> FakeLLMServer:
        """From now on, each segment of an answer is its English unchanged with probability ``echo``, or in a
        script the target does not use (kana for ko and zh, Hangul for ja and Latin-script targets) with
        probability ``wrong_script``. The draw depends on the seed, the segment's text and how many times
        that text was asked, not on request order: a retry may get a good answer, as from a real model."""
        self._segment_faults = (echo, wrong_script, seed)
        return self

    def segment_reply(self, english: str, answer: str, *, model: str | None = None) -> FakeLLMServer:
        """From now on, answer the segment whose (wire-escaped) text is ``english`` with ``answer``, every
        time it is asked (a model that keeps answering ``Tips:`` with ``タボ:``); with ``model``, only when
        that model is asked (two models of one server that translate differently)."""
        with self._lock:
            self._segment_replies[(english, model)] = answer
        return self

    def _segment_answer(self, text: str, model: str | None = None) -> str:
        with self._lock:
            scripted = self._segment_replies.get((text, model), self._segment_replies.get((text, None)))
        if scripted is not None:
            return scripted
        good = self.good_answer(text)
        if self._segment_faults is None:
            return good
        import hashlib

        echo, wrong, seed = self._segment_faults
        with self._lock:
            n = self._seen.get(text, 0)
            self._seen[text] = n + 1
        draw = int.from_bytes(hashlib.sha256(f"{seed}|{n}|{text}".encode()).digest()[:8], "big") / 2**64
        if draw < echo:
            kind, answer = "echo", text
        elif draw < echo + wrong:
            kind, answer = "wrong_script", pseudo_translate(text, "ko" if self.lang.startswith("ja") else "ja")
        else:
            return good
        with self._lock:
            self.bad_answers.append((kind, text, answer))
        return answer

    def good_answer(self, text: str) -> str:
        """The answer to one segment when no fault applies (subclasses: another translator)."""
        return pseudo_translate(text, self.lang)

    def _take_fault(self, user: str) -> Fault | None:
        with self._lock:
            for fault in self._faults:
                if fault.match is None or fault.match in user:
                    fault.times -= 1
                    if fault.times <= 0:
                        self._faults.remove(fault)
                    return fault
            if self._random is not None:
                rate, kinds, rng = self._random
                if rng.random() < rate:
                    kind = rng.choice(kinds)
                    return Fault(kind, {"index": -1} if kind == "drop_segment" else {})
        return None

    def _record(self, rec: RecordedRequest) -> int:
        with self._lock:
            self._requests.append(rec)
            return len(self._requests)

    def sleep(self, seconds: float) -> bool:
        """Sleep unless the server stops first; ``True`` if it stopped."""
        return self._stop.wait(seconds)

    def translate(self, user: str, model: str | None = None) -> list[tuple[str, str]]:
        """The default answer's segments: Hangul pseudo-translations keeping placeholders."""
        return [(sid, self._segment_answer(text, model)) for sid, text in extract_segments(user)]

    def content_answer(self, fault: Fault | None, user: str, model: str | None = None) -> tuple[str, bool]:
        """``(answer text, truncated)`` for a 200 answer under ``fault`` (``None``: a good answer) of ``model``."""
        source = extract_segments(user)
        pairs = self.translate(user, model)
        kind = fault.kind if fault else None
        if not source:
            pairs = []
        if kind == "wrong_language":
            pairs = source
        elif kind in ("drop_placeholder", "duplicate_placeholder"):
            for i, (sid, text) in enumerate(pairs):
                m = PLACEHOLDER_RE.search(text)
                if m:
                    repl = "" if kind == "drop_placeholder" else f"{m.group(0)} {m.group(0)}"
                    pairs[i] = (sid, text[:m.start()] + repl + text[m.end():])
                    break
        elif kind == "drop_segment" and pairs:
            del pairs[fault.params["index"]]
        elif kind == "reorder":
            pairs.reverse()
        elif kind == "bloat" and pairs:
            sid, first = pairs[0]
            pairs[0] = (sid, first + " 가" * max(0, (fault.params["chars"] - len(first)) // 2))
        text = render_segments(pairs) if source else pseudo_translate(user, self.lang)
        if kind == "reply":
            return fault.params["text"], fault.params["finish"] == "length"
        if kind == "chatter":
            text = CHATTER_BEFORE + text + CHATTER_AFTER
        elif kind == "fence":
            text = "```md\n" + text + "\n```"
        elif kind == "truncate":
            return text[: max(1, len(text) // 2)], True
        return text, False


    # -- prompt cache ----------------------------------------------------------------------------

    def cache_min_tokens(self, wire: str, model: str) -> int:
        """Shortest cacheable prefix, as the real providers have it."""
        model = model.lower()
        if wire == "anthropic" and ("haiku-4" in model or "opus-4-5" in model):
            return 4096
        if wire == "anthropic" and "haiku" in model:
            return 2048
        return 1024

    def cached_prefix(self, wire: str, payload: dict[str, Any]) -> tuple[int, int]:
        """``(tokens written, tokens read)`` of the prompt cache for this request.

        Anthropic caches the system blocks up to the last one marked ``cache_control`` (nothing when none
        is marked); OpenAI caches the system message by itself, in steps of 128 tokens from 1,024. A
        prefix shorter than the model's minimum is not cached. The first request with a prefix writes it
        (Anthropic reports ``cache_creation_input_tokens``; OpenAI reports nothing), later ones read it.
        """
        model = str(payload.get("model"))
        if wire == "anthropic":
            system = payload.get("system")
            if not isinstance(system, list):
                return 0, 0
            marked = [i for i, b in enumerate(system) if isinstance(b, dict) and b.get("cache_control")]
            if not marked:
                return 0, 0
            prefix = "".join(str(b.get("text", "")) for b in system[: marked[-1] + 1] if isinstance(b, dict))
        else:
            messages = payload.get("messages") or []
            first = messages[0] if messages and isinstance(messages[0], dict) else {}
            if first.get("role") != "system":
                return 0, 0
            prefix = str(first.get("content", ""))
        tokens = estimate_tokens(prefix)
        if tokens < self.cache_min_tokens(wire, model):
            return 0, 0
        key = (wire, model, prefix)
        with self._lock:
            seen = key in self._prefix_cache
            self._prefix_cache.add(key)
        if wire == "openai":
            cached = 1024 + (tokens - 1024) // 128 * 128
            return 0, (cached if seen else 0)
        return (0, tokens) if seen else (tokens, 0)

    def answer_body(self, wire: str, payload: dict[str, Any], user: str,
                    fault: Fault | None) -> tuple[dict[str, Any], str, str]:
        """``(JSON body, answer text, finish reason on the wire)`` of a successful answer to ``payload``."""
        text, truncated = self.content_answer(fault, user, payload.get("model"))
        limit = payload.get("max_tokens") or payload.get("max_completion_tokens")
        hostile = fault is not None and fault.kind == "bloat"  # a hostile server ignores max_tokens
        if isinstance(limit, int) and limit > 0 and estimate_tokens(text) > limit and not hostile:
            text, truncated = cut_to_tokens(text, limit), True
        system = payload.get("system") or ""
        if isinstance(system, list):
            system = "".join(str(b.get("text", "")) for b in system if isinstance(b, dict))
        prompt = "".join(str(m.get("content", "")) for m in payload["messages"] if isinstance(m, dict))
        tokens_in = estimate_tokens(str(system)) + estimate_tokens(prompt)
        tokens_out = estimate_tokens(text)
        written, read = self.cached_prefix(wire, payload)
        model = payload["model"]
        with self._lock:
            self._serial += 1
            serial = self._serial
        if wire == "anthropic":
            finish = "max_tokens" if truncated else "end_turn"
            return {
                "id": f"msg_fake_{serial:06d}", "type": "message", "role": "assistant", "model": model,
                "content": [{"type": "text", "text": text}], "stop_reason": finish,
                "stop_sequence": None,
                "usage": {"input_tokens": tokens_in - written - read, "output_tokens": tokens_out,
                          "cache_creation_input_tokens": written, "cache_read_input_tokens": read},
            }, text, finish
        finish = "length" if truncated else "stop"
        return {
            "id": f"chatcmpl-fake-{serial:06d}", "object": "chat.completion", "created": int(time.time()),
            "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                         "logprobs": None, "finish_reason": finish}],
            "usage": {"prompt_tokens": tokens_in, "completion_tokens": tokens_out,
                      "total_tokens": tokens_in + tokens_out,
                      "prompt_tokens_details": {"cached_tokens": read, "audio_tokens": 0}},
        }, text, finish


def _user_text(payload: dict[str, Any]) -> str:
    for message in reversed(payload.get("messages") or []):
        if isinstance(message, dict) and message.get("role") == "user":
            content = message.get("content")
            if isinstance(content, list):
                return "".join(b.get("text", "") for b in content if isinstance(b, dict))
            return str(content or "")
    return ""


def _error_body(wire: str, kind: str, message: str) -> dict[str, Any]:
    if wire == "anthropic":
        return {"type": "error", "error": {"type": kind, "message": message}, "request_id": "req_fake"}
    return {"error": {"message": message, "type": kind, "param": None, "code": kind}}


class _Handler(BaseHTTPRequestHandler):
    fake: FakeLLMServer
    protocol_version = "HTTP/1.1"
    timeout = 15  # idle keep-alive connections close by themselves
    server_version = "FakeLLM/1.0"

    def setup(self) -> None:
        super().setup()
        # Headers and body go out in separate writes: without this, Nagle + delayed ACK add ~40 ms.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - silence the default stderr log
        pass

    # -- plumbing ------------------------------------------------------------------------------

    def _send(self, rec: RecordedRequest, status: int, body: bytes | dict[str, Any],
              headers: dict[str, str] | None = None, content_type: str = "application/json") -> None:
        data = body if isinstance(body, bytes) else json.dumps(body, ensure_ascii=False).encode("utf-8")
        rec.status = status
        rec.ended = time.monotonic()
        rec.response_bytes = len(data)
        try:
            self.send_response(status)
            self.send_header("content-type", content_type)
            self.send_header("content-length", str(len(data)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
            self.wfile.flush()
        except OSError:  # the client gave up (timeout) or the server is stopping
            self.close_connection = True

    def _error(self, rec: RecordedRequest, status: int, kind: str, message: str,
               headers: dict[str, str] | None = None) -> None:
        self._send(rec, status, _error_body(rec.wire, kind, message), headers)

    def do_GET(self) -> None:  # noqa: N802
        rec = RecordedRequest(path=self.path, wire="", headers={k.lower(): v for k, v in self.headers.items()},
                              json=None, started=time.monotonic())
        self.fake._record(rec)
        if self.fake.batches.handle(self, rec, "GET", b""):
            return
        self._error(rec, 404, "not_found_error", f"no route for GET {self.path}")

    def do_POST(self) -> None:  # noqa: N802
        fake = self.fake
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        path = self.path.split("?", 1)[0]
        wire = "openai" if path in OPENAI_PATHS else "anthropic" if path in ANTHROPIC_PATHS else ""
        rec = RecordedRequest(path=path, wire=wire, headers={k.lower(): v for k, v in self.headers.items()},
                              json=None, started=time.monotonic(), request_bytes=len(raw))
        try:
            rec.json = json.loads(raw.decode("utf-8")) if raw else None
        except (UnicodeDecodeError, json.JSONDecodeError):
            rec.json = None
        count = fake._record(rec)
        if not wire and fake.batches.handle(self, rec, "POST", raw):
            return None
        if not wire:
            return self._error(rec, 404, "not_found_error", f"no route for POST {path}")
        if count > fake.max_requests:
            return self._error(rec, 400, "invalid_request_error",
                               f"fake server request limit of {fake.max_requests} reached")
        if not self._authorized(rec):
            return None
        payload = rec.json
        if not isinstance(payload, dict):
            return self._error(rec, 400, "invalid_request_error", "request body is not a JSON object")
        problem = self._shape_problem(rec, payload)
        if problem:
            return self._error(rec, 400, "invalid_request_error", problem)
        rec.user = _user_text(payload)
        if fake._latency and fake.sleep(fake._latency):
            return self._error(rec, 503, "api_error", "server stopping")
        fault = fake._take_fault(rec.user)
        rec.fault = fault.kind if fault else None
        if fault and fault.kind in HTTP_FAULTS and self._http_fault(rec, fault):
            return None
        self._answer(rec, payload, fault)
        return None

    # -- checks --------------------------------------------------------------------------------

    def _authorized(self, rec: RecordedRequest) -> bool:
        expected = self.fake.api_key
        if expected is None:
            return True
        if rec.wire == "anthropic":
            got = rec.headers.get("x-api-key", "")
            if got == expected:
                return True
            self._error(rec, 401, "authentication_error", f"invalid x-api-key: {got}")
            return False
        auth = rec.headers.get("authorization", "")
        got = auth[7:] if auth.startswith("Bearer ") else auth
        if got == expected:
            return True
        self._error(rec, 401, "invalid_api_key", f"Incorrect API key provided: {got}")
        return False

    def _shape_problem(self, rec: RecordedRequest, payload: dict[str, Any]) -> str | None:
        if not isinstance(payload.get("model"), str) or not payload["model"]:
            return "model: field required"
        messages = payload.get("messages")
        if not isinstance(messages, list) or not messages:
            return "messages: field required"
        if payload.get("stream"):
            return "the fake server does not stream"
        if rec.wire == "anthropic":
            if "anthropic-version" not in rec.headers:
                return "anthropic-version: header is required"
            if not isinstance(payload.get("max_tokens"), int):
                return "max_tokens: field required"
            if any(isinstance(m, dict) and m.get("role") == "system" for m in messages):
                return "messages: Unexpected role \"system\"; use the top-level `system` parameter"
        return None

    # -- answers -------------------------------------------------------------------------------

    def _http_fault(self, rec: RecordedRequest, fault: Fault) -> bool:
        """Serve an HTTP-level fault; ``True`` if the request is finished."""
        kind = fault.kind
        if kind == "rate_limit":
            headers = {}
            after = fault.params["retry_after"]
            if after is not None:
                if fault.params["http_date"]:
                    headers["retry-after"] = email.utils.formatdate(time.time() + after, usegmt=True)
                else:
                    headers["retry-after"] = f"{after:g}" if isinstance(after, float) else str(after)
            self._error(rec, 429, "rate_limit_error", "Rate limit reached; please retry later", headers)
            return True
        if kind == "server_error":
            status = fault.params["status"]
            kind_name = "overloaded_error" if status == 529 else "api_error"
            message = "Overloaded" if status == 529 else "Internal server error"
            if fault.params.get("echo_key"):  # a careless server quoting the credentials it received
                message += f" (request had {rec.headers.get('authorization') or rec.headers.get('x-api-key')})"
            self._error(rec, status, kind_name, message)
            return True
        if kind == "timeout":
            if self.fake.sleep(fault.params["seconds"]):
                self.close_connection = True
                rec.ended = time.monotonic()
                return True
            return False  # answer normally, late (the client has usually given up)
        if kind == "disconnect":
            rec.ended = time.monotonic()
            self.close_connection = True
            return True
        if kind == "bad_json":
            self._send(rec, 200, b'{"id": "x", "choices": [{"message": {"content": "<s id=')
            return True
        return False

    def _answer(self, rec: RecordedRequest, payload: dict[str, Any], fault: Fault | None) -> None:
        body, rec.answer, rec.finish_reason = self.fake.answer_body(rec.wire, payload, rec.user, fault)
        self._send(rec, 200, body)


def main(argv: list[str] | None = None) -> int:
    """``python -m tests.fakes.llm_server [--port N]``: the loopback server on its own, to try hfi18n's
    commands with no key and no network (docs/providers.md, "Without a key"). Its answers are scrambled
    Hangul (a pseudo-translation that keeps every placeholder), never a translation: for real Korean, point
    ``--base-url`` at a local model server instead."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m tests.fakes.llm_server", description=main.__doc__)
    parser.add_argument("--port", type=int, default=8765, help="port on 127.0.0.1 (default: 8765)")
    args = parser.parse_args(argv)
    with FakeLLMServer(api_key=None, port=args.port) as server:
        print(f"loopback LLM server (no key) at {server.openai_base_url}; Ctrl-C stops it", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
