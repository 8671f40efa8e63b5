#!/usr/bin/env python3
"""The solver in the page (headless Chromium, Pyodide): how fast a hint answers, and the
longest main-thread task while the winnability indicator searches.

    python3 bench/assist.py [--deals N] [--site DIR]

For every game at its defaults, N deals: the time from a click on Hint to the hint on
the table (goal: 300 ms at the 95th percentile), and the longest task seen by a
long-task observer during three seconds of background search (goal: none over 50 ms).
Printed figures only: no test depends on them.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))

from tools import common, serve, testenv, website  # noqa: E402
from patience import GAMES  # noqa: E402

ARGS = testenv.CHROMIUM_ARGS

SWITCH = "q => { history.pushState(null, '', q); dispatchEvent(new PopStateEvent('popstate')); }"
HINT = """() => new Promise(done => {
  const table = document.getElementById('table');
  table.removeAttribute('data-hint');
  const start = performance.now();
  new MutationObserver((_, observer) => {
    if (table.dataset.hint) { observer.disconnect(); done(performance.now() - start); }
  }).observe(table, {attributes: true, attributeFilter: ['data-hint']});
  document.getElementById('hint').click();
})"""
WATCH = """() => { window.__long = [];
  window.__observer = new PerformanceObserver(l => window.__long.push(...l.getEntries().map(e => e.duration)));
  window.__observer.observe({type: 'longtask'}); }"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main(argv: list[str]) -> int:
    deals = int(argv[argv.index("--deals") + 1]) if "--deals" in argv else 6
    site = Path(argv[argv.index("--site") + 1]) if "--site" in argv else website.build_site(common.BUILD / "site")
    server = serve.serve_in_thread(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    from playwright.sync_api import sync_playwright

    every: list[float] = []
    print(f"The solver in headless Chromium (Pyodide), {deals} deals a game")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=testenv.ensure_chromium(), args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(base + "?game=klondike&seed=1")
        page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
        for spec in GAMES:
            times: list[float] = []
            longest = 0.0
            for seed in range(1, deals + 1):
                page.evaluate(SWITCH, f"?game={spec.id}&seed={1000 + seed}")
                page.wait_for_timeout(50)
                times.append(page.evaluate(HINT))
            page.evaluate(SWITCH, f"?game={spec.id}&seed=5000")
            page.evaluate(WATCH)
            page.wait_for_timeout(3000)
            longest = max(page.evaluate("() => { window.__observer.disconnect(); return window.__long; }") or [0.0])
            every += times
            print(f"{spec.id:10s} hint: median {statistics.median(times):5.0f} ms, p95 {percentile(times, 95):5.0f} ms;"
                  f" longest task while searching {longest:4.0f} ms")
        browser.close()
    server.shutdown()
    print(f"all games  hint: median {statistics.median(every):5.0f} ms, p95 {percentile(every, 95):5.0f} ms "
          f"over {len(every)} hints")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
