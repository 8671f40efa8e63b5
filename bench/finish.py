#!/usr/bin/env python3
"""How long *Finish* takes in the page (headless Chromium, Pyodide), from the first
position of a deal to the won table, with animation normal and off.

    python3 bench/finish.py [--runs N] [--site DIR]

For each deal (Klondike #21, Canfield #21 turning one card, and the longest lines of
the other kinds: Bride and Groom's removals, Potocki's grid moves): the deal is opened
with nothing saved, the indicator's verdict (winnable) is waited for, then Finish is
clicked and the time is taken, by the page's clock, from the click to the table's
``data-status`` turning "won" (the same task shows the win dialog).  Printed: the median
of N runs, the line's moves, the redraws (changes of ``data-moves``), how long Finish's
own tasks took (the click, and every timer's callback meanwhile: its steps, and a search
being freed; the median and the longest), and the longest main-thread task a long-task
observer saw meanwhile, the browser's drawing included (goal: none over 50 ms; on a busy
machine the page may be paused within a task, so the observer's figure is the noisier).
Goal: within about 5 s with animation on, at once with it off.  Printed figures only: no
test depends on them.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import common, serve, testenv, website  # noqa: E402

ARGS = testenv.CHROMIUM_ARGS
DEALS = [
    ("Klondike #21", "?game=klondike&seed=21"),
    ("Canfield #21, draw 1", "?game=canfield&seed=21&draw=1"),
    ("Bride and Groom #21", "?game=bride&seed=21"),
    ("Potocki #21", "?game=potocki&seed=21"),
]
# every timer callback's time by the page's clock, while window.__tasks is a list
TIMERS = """
window.__tasks = null;
const setTimer = window.setTimeout;
window.setTimeout = function (fn, ms, ...rest) {
  if (typeof fn !== 'function') return setTimer(fn, ms, ...rest);
  return setTimer(function () {
    const t0 = performance.now();
    try { return fn.apply(this, arguments); }
    finally { if (window.__tasks) window.__tasks.push(performance.now() - t0); }
  }, ms, ...rest);
};
"""
SWITCH = """q => { localStorage.clear(); history.pushState(null, '', q);
    dispatchEvent(new PopStateEvent('popstate')); }"""
WON = "() => document.getElementById('winnable').dataset.verdict === 'won'"
FINISH = """() => new Promise(done => {
  const table = document.getElementById('table');
  const from = +table.dataset.moves;
  const long = [];
  const tasks = new PerformanceObserver(list => long.push(...list.getEntries().map(e => e.duration)));
  tasks.observe({type: 'longtask'});
  let redraws = 0;
  window.__tasks = [];
  const start = performance.now();
  const watch = new MutationObserver(() => {
    redraws += 1;
    if (table.dataset.status === 'won') {
      const ms = performance.now() - start;
      watch.disconnect();
      // a long task is reported after it ends: the one that showed the win too
      setTimeout(() => { tasks.disconnect(); const own = window.__tasks; window.__tasks = null;
        done({ms, moves: +table.dataset.moves - from, redraws, own, longest: Math.max(0, ...long)}); }, 100);
    }
  });
  watch.observe(table, {attributes: true, attributeFilter: ['data-moves', 'data-status']});
  document.getElementById('finish').click();
  window.__tasks.push(performance.now() - start);
})"""


def set_motion(page, value: str) -> None:
    if not page.evaluate("document.querySelector('.settings-menu').open"):
        page.click(".settings-menu summary")
    page.select_option("#set-motion", value)
    page.keyboard.press("Escape")


def main(argv: list[str]) -> int:
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 3
    site = Path(argv[argv.index("--site") + 1]) if "--site" in argv else website.build_site(common.BUILD / "site")
    server = serve.serve_in_thread(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    from playwright.sync_api import sync_playwright

    print(f"Finish from the first position in headless Chromium (Pyodide), median of {runs} runs")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=testenv.ensure_chromium(), args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.add_init_script(TIMERS)
        page.goto(base + "?game=klondike&seed=1")
        page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
        for motion in ("normal", "off"):
            set_motion(page, motion)
            for name, query in DEALS:
                figures = []
                for _ in range(runs):
                    page.evaluate(SWITCH, query)
                    page.wait_for_function("() => document.getElementById('table').dataset.moves === '0'")
                    page.wait_for_function(WON, timeout=60_000)
                    figures.append(page.evaluate(FINISH))
                    page.click("#win-close")
                ms = statistics.median(f["ms"] for f in figures)
                own = [t for f in figures for t in f["own"]]
                longest = max(f["longest"] for f in figures)
                print(f"{name:22s} animation {motion:6s}: {ms / 1000:5.2f} s for {figures[0]['moves']:3d} moves"
                      f" in {statistics.median(f['redraws'] for f in figures):3.0f} redraws;"
                      f" its tasks median {statistics.median(own):4.1f} ms, longest {max(own):3.0f} ms;"
                      f" longest task seen {longest:3.0f} ms")
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
