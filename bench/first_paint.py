#!/usr/bin/env python3
"""First-visit figures with and without a slow network: when the first table shows (the
table painted before Python is up, static/boot/paint.js) and when the page is
interactive, in headless Chromium on localhost, each run with an empty profile.

    python3 bench/first_paint.py [--runs N] [--site DIR] [--mbit 20] [--latency 40]

The network is slowed by Chromium's own emulation (DevTools' Network.emulateNetworkConditions:
download and upload at --mbit Mbit/s, --latency ms added to each request).  Times are
milliseconds from the start of navigation, the median of N runs, for a bare address (the
first paint shows the deal Python then opens) and for an address naming a deal (slots and
card backs).  Goal (issue 28): something of the table on screen within 1000 ms at 20 Mbit/s
and 40 ms.  Printed figures only: no test depends on them.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import common, serve, testenv, website  # noqa: E402

ARGS = testenv.CHROMIUM_ARGS
# recorded by the page's clock as soon as each thing is seen
WATCH = """
window.__seen = {};
new MutationObserver(() => {
  const t = window.__seen;
  if (!t.slots && document.querySelector('#table .slot')) t.slots = performance.now();
  if (!t.faces && document.querySelector('#table [data-face="up"]')) t.faces = performance.now();
  if (!t.ready && document.body && document.body.dataset.ready === '1') t.ready = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def option(argv: list[str], name: str, default: float) -> float:
    return float(argv[argv.index(name) + 1]) if name in argv else default


def one(p, url: str, mbit: float | None, latency: float) -> dict[str, float]:
    profile = tempfile.mkdtemp(prefix="patience-bench-")
    try:
        ctx = p.chromium.launch_persistent_context(profile, executable_path=testenv.ensure_chromium(), args=ARGS,
                                                   viewport={"width": 1280, "height": 720})
        page = ctx.new_page()
        if mbit is not None:
            cdp = ctx.new_cdp_session(page)
            cdp.send("Network.enable")
            rate = mbit * 1e6 / 8  # bytes per second
            cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": latency,
                                                          "downloadThroughput": rate, "uploadThroughput": rate})
        page.add_init_script(WATCH)
        page.goto(url)
        page.wait_for_selector('body[data-ready="1"]', timeout=180_000)
        seen: dict[str, float] = page.evaluate("window.__seen")
        ctx.close()
        return seen
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def main(argv: list[str]) -> int:
    runs = int(option(argv, "--runs", 5))
    site = Path(argv[argv.index("--site") + 1]) if "--site" in argv else website.build_site(common.BUILD / "site")
    mbit, latency = option(argv, "--mbit", 20), option(argv, "--latency", 40)
    server = serve.serve_in_thread(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    from playwright.sync_api import sync_playwright

    print(f"First visit (empty profile) in headless Chromium, {site}; median of {runs} runs, ms")
    print(f"{'network':18s} {'address':22s} {'slots':>7s} {'faces':>7s} {'interactive':>12s}")
    with sync_playwright() as p:
        for network in (None, mbit):
            for address in ("", "?game=klondike&seed=7"):
                runs_seen = [one(p, base + address, network, latency) for _ in range(runs)]

                def ms(key: str) -> str:
                    values = [r[key] for r in runs_seen if key in r]
                    return f"{statistics.median(values):7.0f}" if values else "      —"

                where = "localhost" if network is None else f"{network:g} Mbit/s {latency:g} ms"
                print(f"{where:18s} {address or '(bare)':22s} {ms('slots')} {ms('faces')} {ms('ready'):>12s}",
                      flush=True)
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
