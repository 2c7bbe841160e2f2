"""What every LLM provider shares: sending with retries and backoff, error messages, secrets (the
request/answer types are in :mod:`.types`, the wait before a retry in :mod:`.retry`).

A provider is one small subclass of :class:`Provider` that only knows its wire format:
:meth:`Provider.build_request` turns a :class:`ChatRequest` into an ``httpx.Request`` (no I/O, so a unit
test can assert on URL, headers and payload) and :meth:`Provider.parse_response` turns the decoded JSON
answer into a :class:`Completion`. :meth:`Provider.complete` sends, retries and classifies failures:

==========================================  =====================================================
what happened                               what ``complete`` does
==========================================  =====================================================
HTTP 429                                    waits ``Retry-After`` (seconds, HTTP date, or OpenAI's
                                            ``retry-after-ms``) exactly, else backs off; retries
HTTP 408/409/425, 5xx, 529 (overloaded)     backs off (or honours ``Retry-After``); retries
connect/read timeout, dropped connection    backs off; retries
connection refused, unknown host            :class:`UnreachableError` at once (nobody listens there)
200 with a body that is not the expected    backs off; retries
JSON shape
HTTP 401/403                                :class:`AuthError` naming where the key came from
HTTP 400/402/404/413/422 and other 4xx      :class:`ProviderError` with the server's message
retries used up                             :class:`RetriesExhaustedError` with the last cause
``finish_reason == "length"``               returned as is: the pipeline decides what to do
==========================================  =====================================================

Backoff is exponential with jitter: attempt *n* (0-based) waits between half and all of
``min(backoff_max, backoff_base * 2**n)``. A 429 also pauses the other threads that share the provider
until the ``Retry-After`` moment, so a pool of workers does not keep hammering a rate-limited API.

A provider is safe to share between threads: it holds one ``httpx.Client`` (thread-safe, pooled) and no
per-request state. The API key is kept in a :class:`Secret` and never appears in ``repr()``, in error
messages (server messages are redacted) or in logs.
"""

from __future__ import annotations

import logging
import random
import re
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar
from urllib.parse import quote, urlsplit

import httpx

from ...errors import ProviderError
from ...secrets import MASK, register
from ...secrets import redact as redact_secrets
from ..pricing import estimate_tokens
from .retry import backoff_delay, retry_after_from_headers
from .types import (
    AuthError,
    ChatRequest,
    Completion,
    RetriesExhaustedError,
    RetryEvent,
    TransientError,
    UnreachableError,
)

if TYPE_CHECKING:
    from .batches import BatchInfo, BatchResult

log = logging.getLogger("hfi18n.providers")
T = TypeVar("T")


class Secret:
    """A string that does not show itself in ``repr``/``str`` (so not in logs, tracebacks or ``vars``)."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value
        register(value)  # hfi18n.secrets.redact masks it in every message from now on

    def get(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret('***')"

    __str__ = __repr__




_KEYLIKE_RE = re.compile(r"\b(?:sk-[A-Za-z0-9_\-*.]{6,}|hf_[A-Za-z0-9]{6,})")


class Provider:
    """Base class: subclasses set the class attributes and implement the two wire-format methods."""

    name: ClassVar[str]
    """Registry name, as given to ``--provider``."""
    needs_key: ClassVar[bool] = True
    """Whether a key is needed at the default URL (see :meth:`key_required`)."""
    key_env: ClassVar[str | None] = None
    """Environment variable holding the key."""
    base_url_env: ClassVar[str | None] = None
    """Environment variable that may override the default base URL."""
    default_model: ClassVar[str]
    default_base_url: ClassVar[str] = ""
    supports_batch: ClassVar[bool] = False
    """Whether the provider has a batch API (:meth:`submit_batch` and the rest)."""

    def __init__(self, model: str | None = None, *, api_key: str | None = None, base_url: str | None = None,
                 timeout: float = 120.0, max_retries: int = 5, client: httpx.Client | None = None,
                 backoff_base: float = 1.0, backoff_max: float = 30.0, max_retry_after: float = 300.0,
                 key_source: str | None = None, on_retry: Callable[[RetryEvent], None] | None = None,
                 seed: int | None = None) -> None:
        self.model = model or self.default_model
        self.base_url = (base_url or self.default_base_url).rstrip("/")
        self._api_key = Secret(api_key) if api_key else None
        self.key_source = key_source or self.key_env or "the configuration"
        """Where the key came from, in words for error messages (an env var name or a config key)."""
        self.timeout = float(timeout)
        self.max_retries = max(0, int(max_retries))
        self.backoff_base = float(backoff_base)
        self.backoff_max = float(backoff_max)
        self.max_retry_after = float(max_retry_after)
        """A server asking to wait longer than this gets a final error instead of a very long sleep."""
        self.on_retry = on_retry
        self._rng = random.Random(seed)
        self._owns_client = client is None
        self._client = client if client is not None else self._make_client()
        self._pause_lock = threading.Lock()
        self._pause_until = 0.0

    # -- to implement per provider -------------------------------------------------------------

    @classmethod
    def key_required(cls, base_url: str | None = None) -> bool:
        """Whether this provider needs a key when talking to ``base_url`` (``None``: the default URL)."""
        return cls.needs_key

    def build_request(self, req: ChatRequest) -> httpx.Request:  # pragma: no cover - abstract
        raise NotImplementedError

    def cache_min_tokens(self) -> int:
        """Shortest prompt prefix this provider's model caches (OpenAI: 1,024 tokens)."""
        return 1024

    # -- batch API (providers that have one override these; see .batches) ----------------------

    def batches_root(self) -> str:
        """The URL the batch endpoints hang from (``<root>/batches``)."""
        raise self._no_batch()

    def parse_batch(self, data: dict[str, Any]) -> BatchInfo:
        """A batch object of the provider as a :class:`BatchInfo`."""
        raise self._no_batch()

    def submit_batch(self, items: list[tuple[str, ChatRequest]], *, label: str = "") -> BatchInfo:
        """Submit ``(custom_id, request)`` pairs as one batch; returns at once."""
        raise self._no_batch()

    def batch_results(self, info: BatchInfo) -> list[BatchResult]:
        """One result per request the provider reports on (an ended batch)."""
        raise self._no_batch()

    # the calls both vendors spell alike: GET <root>/batches[/<id>], POST <root>/batches/<id>/cancel

    def batches_url(self, batch_id: str = "", action: str = "") -> str:
        """``<root>/batches[/<id>[/<action>]]`` (the id quoted: it came from a server)."""
        self.require_batch()  # a subclass of a provider that has one may not (the HF router, pseudo)
        url = f"{self.batches_root()}/batches" + (f"/{quote(batch_id, safe='')}" if batch_id else "")
        return url + (f"/{action}" if action else "")

    def batch_status(self, batch_id: str) -> BatchInfo:
        url = self.batches_url(batch_id)
        return self.call(lambda: self._request("GET", url), lambda r: self.parse_json(r, self.parse_batch))[0]

    def cancel_batch(self, batch_id: str) -> BatchInfo:
        url = self.batches_url(batch_id, "cancel")
        return self.call(lambda: self._request("POST", url), lambda r: self.parse_json(r, self.parse_batch))[0]

    def list_batches(self, limit: int = 100) -> list[BatchInfo]:
        url = self.batches_url()

        def parse(data: dict[str, Any]) -> list[BatchInfo]:
            return [self.parse_batch(b) for b in data["data"]]

        return self.call(lambda: self._request("GET", url, params={"limit": limit}),
                         lambda r: self.parse_json(r, parse))[0]

    def require_batch(self) -> None:
        """Refuse (:class:`ProviderError`, with what to do) when this provider has no batch API."""
        if not self.supports_batch:
            raise self._no_batch()

    def _no_batch(self) -> ProviderError:
        return ProviderError(f"provider '{self.name}' has no batch API",
                             hint="use --provider anthropic or --provider openai for --batch, or translate "
                                  "interactively (without --batch)")

    def parse_response(self, data: dict[str, Any]) -> Completion:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- helpers for subclasses ----------------------------------------------------------------

    def _make_client(self) -> httpx.Client:
        return httpx.Client(
            timeout=self._timeout(),
            limits=httpx.Limits(max_connections=64, max_keepalive_connections=32),
            follow_redirects=False,
        )

    def _timeout(self) -> httpx.Timeout:
        return httpx.Timeout(self.timeout, connect=min(self.timeout, 15.0))

    def _key(self) -> str | None:
        return self._api_key.get() if self._api_key else None

    def _post(self, url: str, headers: dict[str, str], payload: dict[str, Any]) -> httpx.Request:
        """A POST request carrying its own timeout (``Client.send`` does not add the client's)."""
        return httpx.Request("POST", url, headers=headers, json=payload,
                             extensions={"timeout": self._timeout().as_dict()})

    def redact(self, text: str) -> str:
        """``text`` with every known secret (this provider's key is one) and anything key-shaped masked."""
        return _KEYLIKE_RE.sub(MASK, redact_secrets(text))

    # -- sending -------------------------------------------------------------------------------

    def complete(self, req: ChatRequest) -> Completion:
        """Send ``req``, retrying transient failures; raise :class:`ProviderError` on final failure."""
        completion, latency, retries = self.call(lambda: self.build_request(req),
                                                 lambda r: self.parse_json(r, self.parse_response))
        completion.latency_s = latency
        completion.retries = retries
        if completion.input_tokens <= 0 and completion.output_tokens <= 0:
            completion.input_tokens = estimate_tokens(req.system) + estimate_tokens(req.user)
            completion.output_tokens = estimate_tokens(completion.text)
        return completion

    def call(self, build: Callable[[], httpx.Request], handle: Callable[[httpx.Response], T]) -> tuple[T, float, int]:
        """Send ``build()`` and ``handle`` the 2xx answer, retrying transient failures.

        Returns ``(result, seconds of the exchange that succeeded, retries)``; raises
        :class:`RetriesExhaustedError`, :class:`AuthError` or :class:`ProviderError`. Every endpoint (chat,
        batches, files) goes through here, so all share the retry, rate-limit and redaction rules.
        """
        retries = 0
        while True:
            self._wait_for_pause()
            started = time.monotonic()
            try:
                result = handle(self._exchange(build()))
            except TransientError as exc:
                if retries >= self.max_retries:
                    raise self._exhausted(exc, retries + 1) from exc
                delay = self._delay_for(exc, retries)
                retries += 1
                log.warning("%s: %s; retry %d/%d in %.1f s", self.name, exc.message, retries,
                            self.max_retries, delay)
                if self.on_retry is not None:
                    self.on_retry(RetryEvent(self.name, retries, delay, exc))
                time.sleep(delay)
                continue
            return result, time.monotonic() - started, retries

    def _exchange(self, request: httpx.Request) -> httpx.Response:
        """One HTTP exchange: transport failures and non-2xx statuses become errors."""
        try:
            response = self._client.send(request)
        except httpx.TimeoutException as exc:
            raise TransientError(f"{self.name} did not answer within {self.timeout:g} s "
                                 f"({type(exc).__name__})") from None
        except httpx.ConnectError as exc:  # refused, or no such host: nobody to retry with
            raise UnreachableError(
                f"could not reach {self._host()}: {self.redact(str(exc)) or type(exc).__name__}",
                hint=f"check that {self.base_url} is reachable (is the server running? is --base-url right?)",
            ) from None
        except httpx.TransportError as exc:
            raise TransientError(f"could not reach {self._host()}: {self.redact(str(exc)) or type(exc).__name__}"
                                 ) from None
        status = response.status_code
        if status >= 400 or status < 200:
            raise self._status_error(response)
        return response

    def parse_json(self, response: httpx.Response, parse: Callable[[dict[str, Any]], T]) -> T:
        """``parse`` the JSON object of ``response``; a body that is not one, or not of the expected shape,
        is a :class:`TransientError` (retried)."""
        status = response.status_code
        try:
            data = response.json()
        except ValueError:
            raise TransientError(f"{self.name} answered HTTP {status} with a body that is not JSON "
                                 f"({len(response.content)} bytes)", status=status) from None
        if not isinstance(data, dict):
            raise TransientError(f"{self.name} answered with JSON that is not an object", status=status)
        try:
            return parse(data)
        except TransientError:
            raise
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            server = self._server_message(data)
            detail = f": {server}" if server else f" ({type(exc).__name__}: {exc})"
            raise TransientError(f"{self.name} answered with an unexpected JSON shape{detail}",
                                 status=status) from None

    def _request(self, method: str, url: str, *, json: Any = None, **kw: Any) -> httpx.Request:
        """A request with this provider's headers and its own timeout (``Client.send`` adds none)."""
        return httpx.Request(method, url, headers=self.headers(), json=json,
                             extensions={"timeout": self._timeout().as_dict()}, **kw)

    def headers(self) -> dict[str, str]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _wait_for_pause(self) -> None:
        with self._pause_lock:
            wait = self._pause_until - time.monotonic()
        if wait > 0:
            time.sleep(wait)

    def _delay_for(self, exc: TransientError, retries: int) -> float:
        if exc.retry_after is not None:
            if exc.retry_after > self.max_retry_after:
                raise ProviderError(
                    f"{self.name} asks to wait {exc.retry_after:.0f} s before retrying "
                    f"(more than the {self.max_retry_after:.0f} s this run will wait): {exc.message}",
                    hint="run the command again later; finished segments are kept in the translation memory",
                ) from exc
            if exc.status == 429:
                with self._pause_lock:
                    self._pause_until = max(self._pause_until, time.monotonic() + exc.retry_after)
            return exc.retry_after
        return backoff_delay(retries, self.backoff_base, self.backoff_max, self._rng)

    def _exhausted(self, last: TransientError, attempts: int) -> RetriesExhaustedError:
        hint = "the service may be down or overloaded; run the command again later (finished segments are kept)"
        if last.status is None and "could not reach" in last.message:
            hint = f"check that {self.base_url} is reachable (is the server running? is --base-url right?)"
        elif last.status == 429:
            hint = "lower --concurrency, or run again later (finished segments are kept)"
        elif last.status is None and "did not answer" in last.message:
            hint = "the server is slow: lower the batch size or raise the timeout (providers.<name>.timeout)"
        return RetriesExhaustedError(f"{self.name} request failed after {attempts} attempts: {last.message}",
                                     last=last, attempts=attempts, hint=hint)

    # -- errors --------------------------------------------------------------------------------

    def _host(self) -> str:
        return urlsplit(self.base_url).netloc or self.base_url

    def _server_message(self, data: Any) -> str:
        """The human message inside an error body (OpenAI, Anthropic and HF shapes), redacted."""
        msg: Any = None
        if isinstance(data, dict):
            err = data.get("error")
            if isinstance(err, dict):
                msg = err.get("message") or err.get("type")
            elif isinstance(err, str):
                msg = err
            elif isinstance(data.get("message"), str):
                msg = data["message"]
            elif isinstance(data.get("detail"), str):
                msg = data["detail"]
        elif isinstance(data, str):
            msg = data
        if not msg:
            return ""
        text = self.redact(" ".join(str(msg).split()))  # masked before it is cut, or a cut key would show
        return text if len(text) <= 300 else text[:297] + "..."

    def _status_error(self, response: httpx.Response) -> ProviderError:
        status = response.status_code
        try:
            body: Any = response.json()
        except ValueError:
            body = response.text  # _server_message masks, then cuts
        msg = self._server_message(body)
        suffix = f": {msg}" if msg else ""
        retry_after = retry_after_from_headers(response.headers)
        if status == 429:
            return TransientError(f"rate limited by {self.name} (HTTP 429){suffix}", retry_after=retry_after,
                                  status=status)
        if status == 529:
            return TransientError(f"{self.name} is overloaded (HTTP 529){suffix}", retry_after=retry_after,
                                  status=status)
        if status >= 500 or status in (408, 409, 425):
            return TransientError(f"{self.name} server error (HTTP {status}){suffix}", retry_after=retry_after,
                                  status=status)
        if status == 401:
            # The server's message is left out on purpose: some echo (part of) the key.
            if self._api_key is None:
                return AuthError(f"{self.name} at {self._host()} requires an API key (HTTP 401)",
                                 hint=self._key_hint())
            # the host named: a key sent to a server nobody meant (a redirected base URL) must show where it went
            return AuthError(f"the key in {self.key_source} was rejected by {self.name} at {self._host()} (HTTP 401)",
                             hint=f"check or replace the key; {self._key_hint()}")
        if status == 403:
            return AuthError(f"the key in {self.key_source} is not allowed to use model '{self.model}' "
                             f"at {self.name} ({self._host()}, HTTP 403){suffix}",
                             hint="check the key's permissions, or choose another model with --model")
        if status == 402:
            return ProviderError(f"{self.name} refused the request for lack of credits (HTTP 402){suffix}",
                                 hint="add credits to the account, or use another provider")
        if status == 404:
            return ProviderError(f"{self.name} answered 404 for model '{self.model}' at {self.base_url}{suffix}",
                                 hint="check --model, and --base-url (OpenAI-compatible URLs usually end in /v1)")
        if status == 413:
            return ProviderError(f"{self.name} refused the request as too large (HTTP 413){suffix}",
                                 hint="lower the batch size")
        return ProviderError(f"{self.name} rejected the request (HTTP {status}){suffix}",
                             hint="check --model and the provider settings; if they are right, this is a bug "
                                  "in hfi18n: please report it")

    def _key_hint(self) -> str:
        if self.key_env:
            return f"set {self.key_env} in the environment or providers.{self.name}.api_key in hfi18n.toml"
        return f"set providers.{self.name}.api_key in hfi18n.toml"

    # -- lifecycle -----------------------------------------------------------------------------

    def close(self) -> None:
        """Close the HTTP client if this provider created it."""
        if self._owns_client:
            self._client.close()

    def __enter__(self) -> Provider:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        key = "set" if self._api_key else "none"
        return f"{type(self).__name__}(model={self.model!r}, base_url={self.base_url!r}, api_key=<{key}>)"

    __str__ = __repr__
