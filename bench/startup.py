#!/usr/bin/env python3
"""Start-up figures in headless Chromium: first table paint and time to interactive, on a
first visit (empty cache, no service worker) and on a repeat visit (service worker
installed, a game saved), on localhost and over a simulated network.

    python3 bench/startup.py [--runs N] [--site DIR] [--network] [--no-snapshot]
    python3 bench/startup.py --bare [--runs N] [--site DIR] [--no-snapshot] [--line localhost|20|5]

``--network``: the site is served compressed as GitHub Pages serves it (bench/payload.py's
server: gzip for text types and WebAssembly) and Chromium emulates a line of 20 Mbit/s
down, 10 Mbit/s up and 40 ms latency (DevTools' network emulation, which throttles the
page's requests; the repeat visit is served by the service worker's cache).  The bytes
the page received are printed with the figures.  ``--no-snapshot``: the start-up snapshot
is answered 404, so Python starts the ordinary way (what the snapshot buys, measured).
Goals (issue 28): over the network, interactive within 4500 ms and a first table paint
within 1000 ms on a first visit.

``--bare`` (issue 41): this app against a bare page served beside it, the same vendored
Pyodide started through PyScript with nothing else (its Python only marks the page ready),
on localhost and over two emulated lines, 20 Mbit/s with 40 ms and 5 Mbit/s with 150 ms (a
poor mobile line), compressed as Pages serves: runs alternate between the two pages, each visit in a
fresh profile, and the bench prints each page's median time to interactive, first visit
and repeat visit (the app's service worker, the bare page's HTTP cache), the ratio of
the two, the bytes received and the machine's load.  Ratios are what compare from run to
run; absolute times wander with the machine.

Times are milliseconds from the start of navigation (performance.now()), the median of N
runs, with the page's own stage marks (runtime, Python, engine, table) alongside.
"First paint" is the first moment the table shows cards; "interactive" is the moment the
page sets ``body[data-ready]`` (the table answers clicks).  Goals on the 2-core
development machine: interactive within 2000 ms first / 1200 ms repeat, first table
paint within 300 ms on a repeat visit.  Printed figures only: no test depends on them.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import common, serve, startup, testenv, website  # noqa: E402

ARGS = testenv.CHROMIUM_ARGS

# Recorded by the page's clock as soon as each thing is seen.
WATCH = """
window.__startup = {};
new MutationObserver(() => {
  const t = window.__startup;
  if (!t.paint && document.querySelector('#table [data-card]')) t.paint = performance.now();
  if (!t.ready && document.body && document.body.dataset.ready === '1') t.ready = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true});
"""

FIGURES = """() => {
  const marks = {};
  for (const m of performance.getEntriesByType('mark')) marks[m.name] = m.startTime;
  return {...window.__startup, marks};
}"""


FIGURES_BYTES = """() => performance.getEntriesByType('resource').reduce((n, r) => n + r.transferSize, 0)
    + performance.getEntriesByType('navigation').reduce((n, r) => n + r.transferSize, 0)"""

# 20 Mbit/s down, 10 Mbit/s up (bytes per second), 40 ms latency
NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 20e6 / 8, "uploadThroughput": 10e6 / 8}
# a poor mobile line: 5 Mbit/s down, 1 Mbit/s up, 150 ms latency
SLOW = {"offline": False, "latency": 150, "downloadThroughput": 5e6 / 8, "uploadThroughput": 1e6 / 8}
LINES = (("20 Mbit/s, 40 ms", NETWORK), ("5 Mbit/s, 150 ms", SLOW))
# --bare also sets the two pages side by side on localhost, as fast as the line goes
BARE_LINES = (("localhost", None),) + LINES

# The bare page: the vendored runtime through PyScript, and nothing else.
BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide</title>
<script type="module" src="./static/vendor/pyscript/core.js"></script></head>
<body><script type="py" config="./bare.toml">
from pyscript import document
document.body.dataset.ready = "1"
</script></body></html>
"""
BARE_TOML = 'interpreter = "./static/vendor/pyodide/pyodide.mjs"\n'


def visit(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)  # (the bare page's body is empty)
    return {**page.evaluate(FIGURES), "bytes": page.evaluate(FIGURES_BYTES)}


def median(runs: list[dict], key: str) -> float | None:
    values = [r[key] for r in runs if r.get(key) is not None]
    return statistics.median(values) if values else None


def median_mark(runs: list[dict], name: str) -> float | None:
    values = [r["marks"][name] for r in runs if name in r.get("marks", {})]
    return statistics.median(values) if values else None


def report(title: str, runs: list[dict]) -> None:
    def ms(v: float | None) -> str:
        return "   —  " if v is None else f"{v:6.0f}"

    print(f"{title}: first table paint {ms(median(runs, 'paint'))} ms, "
          f"interactive {ms(median(runs, 'ready'))} ms   (median of {len(runs)}; "
          f"{(median(runs, 'bytes') or 0) / 1e6:.2f} MB received until interactive)")
    print("    runs: " + ", ".join(f"{r.get('paint') or 0:.0f}/{r.get('ready') or 0:.0f}" for r in runs))
    names = sorted({n for r in runs for n in r.get("marks", {})},
                   key=lambda n: median_mark(runs, n) or 0.0)
    for name in names:
        print(f"    {name:24s} {ms(median_mark(runs, name))} ms")


def fresh_page(p, profile: str, conditions: dict | None):  # type: ignore[no-untyped-def]
    """A browser on a fresh profile and its page, watched (WATCH), on the emulated line
    ``conditions`` (None: as fast as localhost goes)."""
    ctx = p.chromium.launch_persistent_context(profile, executable_path=testenv.ensure_chromium(), args=ARGS,
                                               viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    page.add_init_script(WATCH)
    if conditions is not None:
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", conditions)
    return ctx, page


def bare_site(site: Path) -> Path:
    """A copy of the site with the bare page beside the app (bare.html, bare.toml).  The
    bare page gets Pyodide's standard library where Pyodide looks for it, trimmed to what
    this app loads, as sources as Pyodide ships them (the app's own is also compiled to
    bytecode, build.py): the bare page of the issue's first figures."""
    out = Path(tempfile.mkdtemp(prefix="patience-bare-")) / "site"
    shutil.copytree(site, out)
    shutil.copy2(startup.startup_files() / "python_stdlib.zip", out / startup.STDLIB)
    (out / "bare.html").write_text(BARE_HTML)
    (out / "bare.toml").write_text(BARE_TOML)
    return out


def side_by_side(argv: list[str]) -> int:
    """The app against the bare page on localhost and over both lines (``--bare``)."""
    import os

    from payload import serve_like_pages
    from playwright.sync_api import sync_playwright

    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 5
    only = argv[argv.index("--line") + 1] if "--line" in argv else None  # "localhost", "20 Mbit/s", …
    lines = [(name, c) for name, c in BARE_LINES if only is None or name.startswith(only)]
    site = bare_site(Path(argv[argv.index("--site") + 1]) if "--site" in argv
                     else website.build_site(common.BUILD / "site"))
    server = serve_like_pages(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    pages = {"app": base + "?game=klondike&seed=7", "bare": base + "bare.html"}
    load = os.getloadavg()[0]
    got: dict[tuple[str, str, str], list[dict]] = {}
    with sync_playwright() as p:
        for line, conditions in lines:
            for _ in range(runs):
                for name, url in pages.items():  # alternating, each in a fresh profile
                    profile = tempfile.mkdtemp(prefix="patience-bench-")
                    try:
                        ctx, page = fresh_page(p, profile, conditions)
                        if name == "app" and "--no-snapshot" in argv:
                            page.route("**/python.snapshot.gz", lambda r: r.fulfill(status=404))
                        got.setdefault((line, name, "first"), []).append(visit(page, url))
                        if name == "app":  # a saved game and the service worker, as a player's
                            page.evaluate("() => navigator.serviceWorker.ready")
                            page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                                                   timeout=60_000)
                            visit(page, url)  # warms the worker's cache and the code cache
                        else:
                            visit(page, url)  # the same for the bare page's HTTP and code caches
                        got.setdefault((line, name, "repeat"), []).append(visit(page, url))
                        ctx.close()
                    finally:
                        shutil.rmtree(profile, ignore_errors=True)
    server.shutdown()
    shutil.rmtree(site.parent, ignore_errors=True)
    print(f"Start-up, this app{' without its snapshot' if '--no-snapshot' in argv else ''} against a bare "
          f"Pyodide page, headless Chromium, served gzip-compressed as Pages does; median of {runs} runs "
          f"each, alternating; load {load:.2f} at the start "
          f"(now {os.getloadavg()[0]:.2f})")
    for line, _ in lines:
        for visit_kind in ("first", "repeat"):
            app, bare = got[line, "app", visit_kind], got[line, "bare", visit_kind]
            a, b = median(app, "ready"), median(bare, "ready")
            ratio = f"{a / b:.2f}x" if a and b else "—"
            print(f"{line:17s} {visit_kind:6s} visit: app interactive {a or 0:6.0f} ms "
                  f"(first table {median(app, 'paint') or 0:5.0f} ms, {(median(app, 'bytes') or 0) / 1e6:5.2f} MB); "
                  f"bare {b or 0:6.0f} ms ({(median(bare, 'bytes') or 0) / 1e6:5.2f} MB); app / bare {ratio}")
            used = sum("snapshot-used" in r.get("marks", {}) for r in app)
            print("    runs app:  " + ", ".join(f"{r.get('ready') or 0:.0f}" for r in app)
                  + f"   (the start-up snapshot used in {used} of {len(app)})")
            print("    runs bare: " + ", ".join(f"{r.get('ready') or 0:.0f}" for r in bare))
            names = sorted({n for r in app for n in r.get("marks", {})}, key=lambda n: median_mark(app, n) or 0.0)
            print("    app's marks (median): " + ", ".join(f"{n} {median_mark(app, n):.0f}" for n in names))
    return 0


def main(argv: list[str]) -> int:
    if "--bare" in argv:
        return side_by_side(argv)
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 5
    site = Path(argv[argv.index("--site") + 1]) if "--site" in argv else website.build_site(common.BUILD / "site")
    network = "--network" in argv
    if network:
        from payload import serve_like_pages
        server = serve_like_pages(site)
    else:
        server = serve.serve_in_thread(site)
    url = f"http://127.0.0.1:{server.server_address[1]}/?game=klondike&seed=7"
    from playwright.sync_api import sync_playwright

    first: list[dict] = []
    repeat: list[dict] = []
    with sync_playwright() as p:
        for _ in range(runs):
            profile = tempfile.mkdtemp(prefix="patience-bench-")
            try:
                ctx, page = fresh_page(p, profile, NETWORK if network else None)
                if "--no-snapshot" in argv:
                    page.route("**/python.snapshot.gz", lambda r: r.fulfill(status=404))
                first.append(visit(page, url))
                if "--resources" in argv:
                    for r in page.evaluate("() => performance.getEntriesByType('resource').map(r => [r.name.split('/').slice(-1)[0], Math.round(r.startTime), Math.round(r.responseEnd), r.transferSize])"):
                        print("   ", r)
                # a move, so that a game is saved; then wait for the service worker
                page.evaluate("() => navigator.serviceWorker.ready")
                page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
                box = page.locator('#table .slot[data-pile="stock"]').bounding_box()
                page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                page.wait_for_timeout(300)
                visit(page, url)  # warms the worker's cache and the code cache
                repeat.append(visit(page, url))
                ctx.close()
            finally:
                shutil.rmtree(profile, ignore_errors=True)
    server.shutdown()
    where = "20 Mbit/s, 40 ms, served gzip-compressed as Pages does" if network else "localhost"
    print(f"Start-up in headless Chromium, {site}, {where}"
          + (", no start-up snapshot" if "--no-snapshot" in argv else ""))
    report("first visit ", first)
    report("repeat visit", repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
