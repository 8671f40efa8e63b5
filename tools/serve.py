"""The development server: the built site on 127.0.0.1, as GitHub Pages serves it."""

from __future__ import annotations

import functools
import http.server
import os
import socket
import sys
import threading
from pathlib import Path
from typing import Any

from .common import BUILD, fail
from .website import build_site

MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".toml": "text/plain; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".py": "text/plain; charset=utf-8",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if os.environ.get("PATIENCE_HTTP_LOG"):
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    allow_reuse_address = True

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket], client_address: Any) -> None:
        """A browser that leaves before a file is sent (a reload, a page closed, a test's
        page moving on) is no error: no traceback for it; any other error is printed."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 8000, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Handler, directory=str(directory))
    return Server((host, port), handler)


def serve(port: int) -> None:
    site = build_site(BUILD / "site")
    try:
        server = make_server(site, port)
    except OSError as err:
        fail(f"cannot serve on 127.0.0.1:{port} ({err.strerror}); try: python3 build.py serve --port 8001")
    print(f"Serving Patience at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


def serve_in_thread(directory: Path) -> http.server.ThreadingHTTPServer:
    """For tests: serve ``directory`` on a free port in a daemon thread."""
    server = make_server(directory, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
