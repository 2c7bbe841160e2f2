"""A loopback HTTPS "git host" that completes TLS, answers ``200 OK`` and then trickles its body forever
(issue 25, item 3: ``git clone`` from such a host was still running after 300 s).

``with Tarpit(tmp_path) as pit:`` then point git at ``pit.cafile`` (``GIT_SSL_CAINFO``) and clone
``pit.url("huggingface/transformers")``. The body comes at ``rate`` bytes per second (default 4 KB/s:
above git's ``http.lowSpeedLimit``, so only a wall-clock bound ends the clone). ``pit.connections``
counts the TLS connections completed, ``pit.open`` those still being fed.
"""

from __future__ import annotations

import socket
import ssl
import threading
import time
from pathlib import Path

import trustme


class Tarpit:
    def __init__(self, workdir: Path, *, rate: int = 4096) -> None:
        self.rate = rate
        self.cafile = workdir / "tarpit-ca.pem"
        ca = trustme.CA()
        ca.cert_pem.write_to_path(str(self.cafile))
        self._context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ca.issue_cert("localhost", "127.0.0.1", "git.example").configure_cert(self._context)
        self._sock = socket.socket()
        self._sock.bind(("127.0.0.1", 0))
        self.port = self._sock.getsockname()[1]
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self.connections = 0
        self.open = 0

    def url(self, repo: str, host: str = "localhost") -> str:
        return f"https://{host}:{self.port}/{repo}.git"

    def __enter__(self) -> Tarpit:
        self._sock.listen(16)
        self._sock.settimeout(0.2)
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._sock.close()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except (TimeoutError, OSError):
                continue
            threading.Thread(target=self._feed, args=(conn,), daemon=True).start()

    def _feed(self, conn: socket.socket) -> None:
        try:
            conn.settimeout(10)
            tls = self._context.wrap_socket(conn, server_side=True)
            with self._lock:
                self.connections += 1
                self.open += 1
            try:
                head = b""
                while b"\r\n\r\n" not in head and len(head) < 65536:
                    data = tls.recv(4096)
                    if not data:
                        return
                    head += data
                tls.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/x-git-upload-pack-advertisement\r\n"
                            b"Cache-Control: no-cache\r\nTransfer-Encoding: chunked\r\n\r\n")
                piece = max(1, self.rate // 4)
                while not self._stop.is_set():
                    tls.sendall(f"{piece:x}\r\n".encode() + b"0" * piece + b"\r\n")
                    time.sleep(0.25)
            finally:
                with self._lock:
                    self.open -= 1
                tls.close()
        except OSError:
            conn.close()
