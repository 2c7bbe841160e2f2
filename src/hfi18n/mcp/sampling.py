"""The MCP client's own model as hfi18n's translator, through sampling (``sampling/createMessage``).

A client that declares the ``sampling`` capability can answer the server's requests with its model. With
no provider configured on the server, ``translate`` then sends its requests there
(:class:`hfi18n.translate.providers.client.ClientProvider`): the same prompt, batching, retries and
validation as with a provider, at no cost to the server and with no key on it.

The translator sends from worker threads of its own, not from AnyIO's: :func:`client_sampler` captures the
event loop of the tool call and each request is run on it (``anyio.from_thread.run`` with its token).
"""

from __future__ import annotations

import anyio
import anyio.from_thread
import anyio.lowlevel
from mcp.shared.exceptions import McpError
from mcp.types import ClientCapabilities, SamplingCapability, SamplingMessage, TextContent

from ..translate.providers.client import Sampled, SampleFn, SampleRefused
from ..translate.providers.types import ChatRequest
from .sdk import Context

STOP_REASONS = {"endTurn": "stop", "stopSequence": "stop", "maxTokens": "length"}
"""MCP stop reasons to the pipeline's finish reasons (anything else: ``other``)."""


def client_sampler(ctx: Context) -> SampleFn | None:
    """A blocking function that asks the client's model, or None when the client cannot sample."""
    session = ctx.session
    if not session.check_client_capability(ClientCapabilities(sampling=SamplingCapability())):
        return None
    token = anyio.lowlevel.current_token()
    request_id = ctx.request_id

    async def ask(req: ChatRequest) -> Sampled:
        try:
            result = await session.create_message(
                [SamplingMessage(role="user", content=TextContent(type="text", text=req.user))],
                max_tokens=req.max_tokens, system_prompt=req.system, temperature=req.temperature,
                include_context="none", related_request_id=request_id)
        except McpError as exc:  # the client answered with an error: the user declined, or it cannot sample
            raise SampleRefused(exc.error.message) from None
        content = result.content
        text = content.text if isinstance(content, TextContent) else ""
        return Sampled(text, result.model, STOP_REASONS.get(str(result.stopReason), "other"))

    def sample(req: ChatRequest) -> Sampled:
        return anyio.from_thread.run(ask, req, token=token)

    return sample
