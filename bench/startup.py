#!/usr/bin/env python3
"""Start-up figures in headless Chromium: first table paint and time to interactive, on a
first visit (empty cache, no service worker) and on a repeat visit (service worker
installed, a game saved), on localhost and over a simulated network.

    python3 bench/startup.py [--runs N] [--site DIR] [--network] [--no-snapshot]

``--network``: the site is served compressed as GitHub Pages serves it (bench/payload.py's
server: gzip for text types and WebAssembly) and Chromium emulates a line of 20 Mbit/s
down, 10 Mbit/s up and 40 ms latency (DevTools' network emulation, which throttles the
page's requests; the repeat visit is served by the service worker's cache).  The bytes
the page received are printed with the figures.  ``--no-snapshot``: the start-up snapshot
is answered 404, so Python starts the ordinary way (what the snapshot buys, measured).
Goals (issue 28): over the network, interactive within 4500 ms and a first table paint
within 1000 ms on a first visit.

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

import build  # noqa: E402

ARGS = build.CHROMIUM_ARGS

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


def visit(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', timeout=120_000)
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


def main(argv: list[str]) -> int:
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 5
    site = Path(argv[argv.index("--site") + 1]) if "--site" in argv else build.build_site(build.BUILD / "site")
    network = "--network" in argv
    if network:
        from payload import serve_like_pages
        server = serve_like_pages(site)
    else:
        server = build.serve_in_thread(site)
    url = f"http://127.0.0.1:{server.server_address[1]}/?game=klondike&seed=7"
    from playwright.sync_api import sync_playwright

    first: list[dict] = []
    repeat: list[dict] = []
    with sync_playwright() as p:
        for _ in range(runs):
            profile = tempfile.mkdtemp(prefix="patience-bench-")
            try:
                ctx = p.chromium.launch_persistent_context(
                    profile, executable_path=build.ensure_chromium(), args=ARGS,
                    viewport={"width": 1280, "height": 720})
                page = ctx.new_page()
                page.add_init_script(WATCH)
                if "--no-snapshot" in argv:
                    page.route("**/python.snapshot.gz", lambda r: r.fulfill(status=404))
                if network:
                    cdp = ctx.new_cdp_session(page)
                    cdp.send("Network.enable")
                    cdp.send("Network.emulateNetworkConditions", NETWORK)
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
