"""``client``: the model of the program that calls hfi18n, e.g. the agent behind an MCP client.

An MCP client (Claude Desktop, Cursor, VS Code) already has a model. Before this provider existed the MCP
server could translate only with a provider key configured on the server, so a translator whose editor
had a model still needed a second, paid key. Two ways use the client's model instead, both validated by
:meth:`hfi18n.translate.pipeline.Translator.take` exactly like a provider's answers:

* **sampling**: the server asks the client's model (MCP ``sampling/createMessage``). :class:`ClientProvider`
  is then a real :class:`~.base.Provider` whose HTTP client answers in-process (``httpx.MockTransport``, as
  :mod:`.pseudo` does) by calling ``sample``: request building, retries, truncation and validation are
  the ones every provider goes through;
* **prepare / submit**: the agent reads the segments and sends its translations back
  (:func:`hfi18n.api.prepare_translation`); the provider only names the model in memory keys.

Every answer is stored in the translation memory under the model :data:`CLIENT_MODEL`: whichever client
model answered, a segment translated once by one route is found by the other.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import httpx

from ...errors import HfI18nError, ProviderError
from .base import Provider
from .types import AuthError, ChatRequest, Completion

CLIENT_MODEL = "mcp-client"


@dataclass(slots=True)
class Sampled:
    """The client model's answer to one request."""

    text: str
    model: str = ""
    """The model that answered, as the client names it."""
    finish_reason: str = "stop"
    """``stop``, ``length`` (cut at ``max_tokens``) or ``other``."""


class SampleRefused(HfI18nError):
    """The client refused to sample (the user declined, or the client has no model): not retried."""


SampleFn = Callable[[ChatRequest], Sampled]
"""Sends one request to the client's model (blocking; called from the translator's worker threads)."""


class ClientProvider(Provider):
    """The calling client's model as a provider: ``sample`` sends a request to it (None: prepare/submit)."""

    name: ClassVar[str] = "client"
    needs_key: ClassVar[bool] = False
    default_model: ClassVar[str] = CLIENT_MODEL
    default_base_url: ClassVar[str] = "http://client.invalid"

    def __init__(self, sample: SampleFn | None = None, *, max_retries: int = 2, **kw: Any) -> None:
        self._sample = sample
        for unused in ("client", "api_key", "base_url"):
            kw.pop(unused, None)
        super().__init__(CLIENT_MODEL, max_retries=max_retries, backoff_base=0.2,
                         client=httpx.Client(transport=httpx.MockTransport(self._answer)), **kw)
        self._owns_client = True

    @classmethod
    def key_required(cls, base_url: str | None = None) -> bool:
        return False

    def build_request(self, req: ChatRequest) -> httpx.Request:
        return self._post(f"{self.base_url}/sample", {}, {"system": req.system, "user": req.user,
                                                          "max_tokens": req.max_tokens,
                                                          "temperature": req.temperature})

    def _answer(self, request: httpx.Request) -> httpx.Response:
        """The in-process "HTTP" exchange: a refusal is a final error, any other failure is retried."""
        if self._sample is None:
            return httpx.Response(400, json={"error": {"message": "this client takes no requests: the agent "
                                                                  "translates through submit_translation"}})
        body = json.loads(request.content)
        req = ChatRequest(body["system"], body["user"], body["max_tokens"], body["temperature"])
        try:
            got = self._sample(req)
        except SampleRefused as exc:  # 403: an AuthError, which stops the run (asking again would not help)
            return httpx.Response(403, json={"error": {"message": exc.message}})
        except Exception as exc:  # noqa: BLE001 - a client failure is retried like a server error
            return httpx.Response(502, json={"error": {"message": f"sampling failed: {exc}"}})
        return httpx.Response(200, json={"text": got.text, "model": got.model, "finish": got.finish_reason})

    def _status_error(self, response: httpx.Response) -> ProviderError:
        if response.status_code == 403:
            why = self._server_message(response.json())
            return AuthError(f"the client refused to let its model translate: {why}",
                             hint="allow this server's sampling requests in the client, configure a provider on the "
                                  "server, or translate with prepare_translation / submit_translation")
        return super()._status_error(response)

    def parse_response(self, data: dict[str, Any]) -> Completion:
        return Completion(text=str(data["text"]), finish_reason=data["finish"], input_tokens=0, output_tokens=0,
                          model=str(data.get("model") or CLIENT_MODEL))

    def __repr__(self) -> str:
        return f"ClientProvider(sampling={self._sample is not None})"
