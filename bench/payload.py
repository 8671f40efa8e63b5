#!/usr/bin/env python3
"""The payload of a first visit: the bytes that cross the network, by file, compressed as
GitHub Pages serves them.  Prints figures only; nothing is enforced.

    python3 bench/payload.py [--site DIR] [--no-browser]

Two lists: what the page itself fetches until it is interactive (recorded in headless
Chromium against a server that compresses as Pages does), and what the service worker
then keeps for offline play (the whole site).  "raw" is the file's size, "sent" what a
Pages-like server sends: gzip -9 of the file if its type is one Pages compresses.

The assumption about Pages (its CDN decides; not verified here against its documentation,
which was not at hand): text-like types are sent gzip-compressed to a browser that accepts
gzip -- HTML, CSS, JavaScript (.js, .mjs), JSON, the web manifest, SVG, plain text (.toml,
.py, .txt) and WebAssembly (application/wasm); archives and images (.zip, .gz, .png) are
sent as they are.  Pages' own level is unknown; gzip -9 is the estimate (Brotli would be
smaller still).

Budget (issue 28): at 20 Mbit/s (2.5 MB/s), with about 1.5 s of the 4.5 s goal for
Python's start and the table, a first visit can afford about 7 MB before interactive.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import common, serve, testenv, website  # noqa: E402

COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".svg", ".toml", ".py", ".txt", ".wasm")
BUDGET = 7_000_000


def pages_compresses(path: Path) -> bool:
    return path.suffix in COMPRESSED


@functools.lru_cache(maxsize=256)
def gzipped(path: Path, mtime: float) -> bytes:
    return gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)


def sent_bytes(path: Path) -> int:
    return len(gzipped(path, path.stat().st_mtime)) if pages_compresses(path) else path.stat().st_size


class PagesHandler(serve.Handler):
    """build.py's handler, sending compressible files gzip-compressed as Pages does
    (to a client that accepts gzip), with Content-Length and an ETag, and the ten
    minutes of caching Pages allows (``Cache-Control: max-age=600``: a repeat visit
    within them asks nothing of the server, the service worker or not)."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        http.server.SimpleHTTPRequestHandler.end_headers(self)

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if not (path.is_file() and pages_compresses(path) and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()  # as it is (and a folder's redirect)
        body = gzipped(path, path.stat().st_mtime)
        etag = f'"{int(path.stat().st_mtime)}-{len(body)}"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.end_headers()
        return io.BytesIO(body)


    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        try:
            super().copyfile(source, outputfile)
        except (ConnectionResetError, BrokenPipeError):
            pass  # the page dropped a download (the start-up snapshot on a slow line)


def serve_like_pages(directory: Path) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(PagesHandler, directory=str(directory))
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def fetched_by_page(site: Path) -> list[str]:
    """The site's files the page requests until it is interactive (headless Chromium)."""
    from playwright.sync_api import sync_playwright

    server = serve_like_pages(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    seen: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=testenv.ensure_chromium(), args=["--headless", "--no-sandbox"])
        page = browser.new_page()
        page.on("request", lambda r: seen.append(r.url.split("?")[0].removeprefix(base)))
        page.goto(base + "?game=klondike&seed=7")
        page.wait_for_selector('body[data-ready="1"]', timeout=120_000)
        browser.close()
    server.shutdown()
    files = []
    for name in seen:
        name = name or "index.html"
        if (site / name).is_file() and name not in files:
            files.append(name)
    return files


def table(site: Path, names: list[str], title: str) -> int:
    print(title)
    print(f"    {'file':52s} {'raw':>11s} {'sent':>11s}")
    total_raw = total_sent = 0
    for name in sorted(names, key=lambda n: -sent_bytes(site / n)):
        path = site / name
        raw, sent = path.stat().st_size, sent_bytes(path)
        total_raw += raw
        total_sent += sent
        if sent >= 10_000:
            print(f"    {name:52s} {raw:11,d} {sent:11,d}")
    print(f"    {'(files under 10 kB)':52s} {'':>11s} {'':>11s}")
    print(f"    {'total, ' + str(len(names)) + ' files':52s} {total_raw:11,d} {total_sent:11,d}")
    return total_sent


def main(argv: list[str]) -> int:
    site = Path(argv[argv.index("--site") + 1]) if "--site" in argv else website.build_site(common.BUILD / "site")
    everything = sorted(str(p.relative_to(site)) for p in site.rglob("*") if p.is_file())
    print(f"Payload of {site}, bytes sent as GitHub Pages would (gzip -9 where it compresses)")
    if "--no-browser" not in argv:
        first = table(site, fetched_by_page(site), "the page, until interactive:")
        print(f"    budget {BUDGET:,d} bytes: {'within' if first <= BUDGET else 'OVER'} "
              f"({first / 2.5e6:.1f} s at 20 Mbit/s)")
    table(site, everything, "the whole site (what the service worker keeps for offline play):")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
