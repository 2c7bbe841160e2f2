"""``hfi18n serve``: the web app for translators (Gradio), on one repository checkout."""

from __future__ import annotations

import socket
from pathlib import Path

import typer

from ..errors import InputError, install_hint
from ._app import DOCS_ROOT_OPTION, REPO_HELP, app
from ._output import err


def _check_port(host: str, port: int) -> None:
    """Refuse a port already in use, naming ``--port``: Gradio's own error advised ``GRADIO_SERVER_PORT`` and
    ``launch()``, which a translator running ``hfi18n serve`` never sees."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn: a closed port in TIME_WAIT is free
        try:
            s.bind((host, port))
        except OSError as exc:
            raise InputError(f"cannot listen on {host}:{port}: {exc.strerror or exc} (another server uses it?)",
                             hint=f"pass another port, e.g. --port {port + 1 if port < 65535 else 7860}, "
                                  "or stop the program that holds it") from None


@app.command()
def serve(
    repo: Path = typer.Option(Path("."), "--repo", help=REPO_HELP),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface; the "
                             "page can write files and open PRs, so keep it local unless you mean it)."),
    port: int = typer.Option(7860, "--port", min=1, max=65535, help="Port to listen on."),
    lang: str = typer.Option("ko", "--lang", help="Language the page starts with."),
    mcp: bool = typer.Option(False, "--mcp", help="Also expose every step as an MCP tool (Gradio's MCP server, at "
                             "/gradio_api/mcp/)."),
    shared: bool = typer.Option(False, "--shared", help="Multi-user mode, as on a Space: visitors sign in with "
                                "Hugging Face and spend their own credentials; the environment's keys serve only "
                                "the --owner users. Starts only with a real Hugging Face OAuth sign-in: on a Space "
                                "with hf_oauth, or with OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET, OAUTH_SCOPES, "
                                "OPENID_PROVIDER_URL, SPACE_ID and SYSTEM=spaces set."),
    owner: list[str] = typer.Option([], "--owner", help="In --shared mode, a Hugging Face username that may use "
                                    "the keys of this server's environment (repeatable)."),
    demo: bool = typer.Option(False, "--demo", help="Also offer the pseudo provider, an offline test double that "
                              "writes scrambled letters as marked drafts (never a translation), and start with it."),
    docs_root: str = DOCS_ROOT_OPTION,
) -> None:
    """Serve the web app: status, translate, review and edit, write, toctree and draft PR on one page.

    Needs the web extra: pip install 'hfi18n\\[web]'.
    """
    from ..web import build_app, require_gradio

    require_gradio()
    from .. import api

    api.status(repo, [lang], pulls=False, docs_root=docs_root)  # a wrong repo or language fails here, as in the CLI
    _check_port(host, port)
    demo = build_app(repo.resolve(), default_lang=lang, shared=shared or None, owner_users=owner,
                     demo=demo, docs_root=docs_root)
    err.print(f"hfi18n web app for {repo.resolve()} on http://{host}:{port}/ (Ctrl+C stops it)")
    demo.launch(server_name=host, server_port=port, mcp_server=mcp, show_error=False, quiet=True,
                prevent_thread_lock=mcp)
    if mcp:
        problem = getattr(demo, "mcp_error", None)
        if problem:
            err.print(f"warning: the MCP server did not start: {problem}\nhint: Gradio's MCP support needs the "
                      f"mcp SDK 1.x: {install_hint('web')} installs a matching one")
        else:
            err.print(f"MCP tools at http://{host}:{port}/gradio_api/mcp/ (streamable HTTP) and "
                      f"http://{host}:{port}/gradio_api/mcp/sse")
        demo.block_thread()
