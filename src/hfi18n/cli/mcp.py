"""``hfi18n mcp``: serve the library's jobs as MCP tools over stdio, for agents (Claude Desktop, Cursor...)."""

from __future__ import annotations

from pathlib import Path

import typer

from ..errors import RepoError
from ._app import DOCS_ROOT_OPTION, REPO_HELP, app
from ._output import err


@app.command("mcp")
def mcp_command(
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP + " Fixed for the server's life: tools "
                              "cannot read or write outside it."),
    docs_root: str = DOCS_ROOT_OPTION,
) -> None:
    """Run an MCP server on stdio (the client launches it; stdout carries the protocol).

    Provider keys and GITHUB_TOKEN come from the environment the client gives the server.
    """
    from ..mcp.sdk import run_stdio, sdk_version  # ConfigError naming the pip command if missing
    from ..mcp.server import build_server

    root = repo.resolve()
    if not (root / docs_root).is_dir():
        raise RepoError(f"no {docs_root} folder in {root}",
                        hint="pass --repo with the checkout of a doc-builder repository (and --docs-root if "
                             "its docs live elsewhere)")
    err.print(f"hfi18n MCP server (mcp {sdk_version()}) on {root}, stdio")
    run_stdio(build_server(root, docs_root=docs_root))
