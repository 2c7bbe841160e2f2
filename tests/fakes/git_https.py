"""A loopback git server over HTTPS (git's own ``git http-backend``), with a certificate of a throwaway CA (trustme) valid
for ``localhost`` and ``127.0.0.1``: two hosts for one server, each serving its own folder of bare
repositories, so a test can clone ``https://<host>:<port>/owner/name.git`` from "two hosts" as the web app
does from GitHub and from another site.

``with GitHttps(tmp_path, {"localhost": folder_a, "127.0.0.1": folder_b}) as srv:`` then point git at
``srv.cafile`` (``GIT_SSL_CAINFO``) and clone ``srv.url("localhost", "huggingface/smolagents")``. Every
request is kept in ``srv.requests`` as ``(host, method, path)``.
"""

from __future__ import annotations

import os
import ssl
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import trustme


class GitHttps:
    def __init__(self, workdir: Path, roots: dict[str, Path]) -> None:
        self.roots = roots
        self.requests: list[tuple[str, str, str]] = []
        self.cafile = workdir / "git-https-ca.pem"
        self._ca = trustme.CA()
        self._ca.cert_pem.write_to_path(str(self.cafile))
        self._cert = self._ca.issue_cert("localhost", "127.0.0.1")
        self.port = 0
        self._server: ThreadingHTTPServer | None = None

    def url(self, host: str, repo: str) -> str:
        return f"https://{host}:{self.port}/{repo}.git"

    def __enter__(self) -> GitHttps:
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                outer._cgi(self)

            def do_POST(self) -> None:
                outer._cgi(self)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self._cert.configure_cert(context)
        self._server.socket = context.wrap_socket(self._server.socket, server_side=True)
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def _cgi(self, h: BaseHTTPRequestHandler) -> None:
        host = (h.headers.get("Host") or "").rsplit(":", 1)[0].strip("[]")
        parts = urlsplit(h.path)
        self.requests.append((host, h.command, parts.path))
        root = self.roots.get(host)
        if root is None:
            h.send_error(404)
            return
        body = h.rfile.read(int(h.headers.get("Content-Length") or 0))
        env = {**os.environ, "GIT_PROJECT_ROOT": str(root), "GIT_HTTP_EXPORT_ALL": "1",
               "REQUEST_METHOD": h.command, "PATH_INFO": parts.path, "QUERY_STRING": parts.query,
               "CONTENT_TYPE": h.headers.get("Content-Type") or "", "CONTENT_LENGTH": str(len(body)),
               "HTTP_CONTENT_ENCODING": h.headers.get("Content-Encoding") or "",
               "GIT_PROTOCOL": h.headers.get("Git-Protocol") or "", "REMOTE_ADDR": "127.0.0.1"}
        out = subprocess.run(["git", "http-backend"], input=body, capture_output=True, env=env).stdout
        head, _, payload = out.partition(b"\r\n\r\n")
        status, headers = 200, []
        for line in head.decode("latin-1").split("\r\n"):
            name, _, value = line.partition(":")
            if name.lower() == "status":
                status = int(value.split()[0])
            elif name:
                headers.append((name, value.strip()))
        h.send_response(status)
        for name, value in headers:
            h.send_header(name, value)
        h.send_header("Content-Length", str(len(payload)))
        h.end_headers()
        h.wfile.write(payload)
