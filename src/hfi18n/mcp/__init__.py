"""``hfi18n mcp``: the library API (:mod:`hfi18n.api`) as tools of a Model Context Protocol server.

Agents such as Claude Desktop, Cursor or HuggingChat launch ``hfi18n mcp --repo PATH`` and talk to it over
stdio. The server is built on the official ``mcp`` Python SDK, an optional dependency
(the ``mcp`` extra: ``pip install -e '.[mcp]'`` in a clone); this package imports it only in :mod:`hfi18n.mcp.server`, so
``import hfi18n.mcp`` works without it.

Inside this package, ``import mcp`` (absolute, Python 3's only kind) is the SDK, never ``hfi18n.mcp``.
"""

from __future__ import annotations

from ..errors import install_hint

INSTALL_HINT = install_hint("mcp")
"""The command that installs what ``hfi18n mcp`` needs."""
