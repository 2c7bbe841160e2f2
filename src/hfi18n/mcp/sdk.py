"""The parts of the official ``mcp`` SDK the server uses, for both of its major versions.

mcp 1.x (>= 1.21; structured tool output came in 1.10, and 1.21 is Gradio's floor) calls the high-level server
``mcp.server.fastmcp.FastMCP``; mcp 2.x renamed it ``mcp.server.mcpserver.MCPServer`` and keeps the same
``tool()``/``add_tool()`` surface, ``Context.report_progress`` and ``ToolError``. Both are supported
because Gradio's MCP support (the ``web`` extra) still requires ``mcp<2`` while the ``mcp`` extra alone
gets 2.x.

Importing this module without the SDK raises :class:`hfi18n.errors.ConfigError` naming the command that
installs it.
"""

from __future__ import annotations

import io
import os
import sys
from importlib import metadata

from ..errors import ConfigError
from . import INSTALL_HINT

try:
    from mcp.types import ToolAnnotations
except ModuleNotFoundError as exc:  # the SDK is an optional dependency
    if exc.name not in ("mcp", "mcp.types"):
        raise  # installed but broken (e.g. mcp 1.x with a pydantic it predates): show the real error
    raise ConfigError("`hfi18n mcp` needs the MCP Python SDK, which is not installed",
                      hint=f"install it with: {INSTALL_HINT}") from None

try:  # mcp 2.x
    from mcp.server.mcpserver import Context
    from mcp.server.mcpserver import MCPServer as Server
    from mcp.server.mcpserver.exceptions import ToolError

    MAJOR = 2
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import Context  # type: ignore[no-redef]
    from mcp.server.fastmcp import FastMCP as Server  # type: ignore[no-redef]
    from mcp.server.fastmcp.exceptions import ToolError  # type: ignore[no-redef]

    MAJOR = 1

__all__ = ["MAJOR", "Context", "Server", "ToolAnnotations", "ToolError", "new_server", "run_stdio", "sdk_version",
           "strict_arguments"]


def new_server(name: str, *, instructions: str, version: str) -> Server:
    """A server that tells clients its own ``version`` in ``serverInfo``.

    Without one, the SDK reports its own version: ``hfi18n mcp`` introduced itself as hfi18n 1.30.0 (the
    mcp package's), so a client's server list or a bug report named a release hfi18n never had. mcp 2.x
    takes ``version=``; 1.x's FastMCP does not, and its low-level server reads the attribute instead."""
    try:
        return Server(name, instructions=instructions, version=version)  # type: ignore[call-arg]
    except TypeError:  # mcp 1.x
        server = Server(name, instructions=instructions)
        low = getattr(server, "_mcp_server", None)
        if low is not None:
            low.version = version
        return server


def strict_arguments(server: Server, name: str, aliases: dict[str, str] | None = None) -> None:
    """Make tool ``name`` refuse an argument it does not take, naming the ones it does; ``aliases`` maps an
    older argument name to the one it is now (``paths`` -> ``docs``).

    The SDK drops unknown arguments silently: ``check`` called with ``docs`` instead of ``paths`` checked the
    whole language (issue 33). The tool's JSON schema says ``additionalProperties: false`` too."""
    tool = server._tool_manager.get_tool(name)  # both SDK majors keep their tools here
    if tool is None:  # pragma: no cover - a later SDK moved them: the tools work, unknown arguments are ignored
        return
    meta = tool.fn_metadata
    allowed = set(meta.arg_model.model_fields)
    aliases = dict(aliases or {})
    original = meta.call_fn_with_arg_validation

    async def checked(fn, fn_is_async, arguments_to_validate, arguments_to_pass_directly):  # type: ignore[no-untyped-def]
        args = {aliases.get(k, k): v for k, v in (arguments_to_validate or {}).items()}
        unknown = sorted(k for k in arguments_to_validate or {} if aliases.get(k, k) not in allowed)
        if unknown:
            import difflib

            near = difflib.get_close_matches(unknown[0], sorted(allowed), n=1)
            raise ToolError(f"{name} takes no argument {', '.join(map(repr, unknown))}"
                            + (f" (did you mean {near[0]!r}?)" if near else "")
                            + f"; it takes: {', '.join(sorted(allowed))}")
        return await original(fn, fn_is_async, args, arguments_to_pass_directly)

    object.__setattr__(meta, "call_fn_with_arg_validation", checked)
    if isinstance(tool.parameters, dict):
        tool.parameters["additionalProperties"] = False


def sdk_version() -> str:
    try:
        return metadata.version("mcp")
    except metadata.PackageNotFoundError:  # pragma: no cover - imported but not installed as a dist
        return "unknown"


def run_stdio(server: Server) -> None:
    """Serve ``server`` on this process's stdin/stdout until the client closes the connection.

    The protocol owns stdout. mcp 2.x points fd 1 at stderr while serving, so stray output of a child
    process (git) cannot corrupt the stream; for mcp 1.x the same is done here.
    """
    if MAJOR >= 2:
        server.run("stdio")
        return
    protocol = os.dup(1)
    os.dup2(2, 1)
    saved = sys.stdout
    sys.stdout = io.TextIOWrapper(os.fdopen(protocol, "wb", buffering=0), encoding="utf-8", write_through=True)
    try:
        server.run("stdio")
    finally:
        sys.stdout = saved
