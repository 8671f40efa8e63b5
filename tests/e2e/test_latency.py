"""The input latency bench's harness (bench/latency.py) works: for every input it
measures (mouse and touch taps, touch and mouse drags, keys) it makes a real legal move
through the table, mirrored by the engine and checked in the DOM, and stamps the input
event (a touch also its arrival in the page's process, from a Chromium trace), the
handler's start and end, the moved card's first change of place in the DOM and the next
frame, in that order.  Only the harness is checked here: the figures are the bench's,
never asserted (timed assertions are not tests)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import latency  # noqa: E402

# How far a touch's arrival (the trace's clock, mapped onto the page's by the offset of
# the event's own stamp) may seem to come after the handler's start (the page's clock,
# coarsened with jitter).  1 ms was enough on an idle machine.  A loaded one showed 2.1 ms
# in a fresh-clone run on 2026-12-06 (input 6016, start 6019.1, arrival 6021.2).  5 ms
# still catches a wrong offset, which is off by a frame or more.
CLOCK_SLACK_MS = 5.0


def test_the_latency_harness_stamps_a_move_of_every_input(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 720}, has_touch=True)
    try:
        page = context.new_page()
        page.add_init_script(latency.HARNESS)
        page.goto(base_url + "?game=klondike&seed=1")
        page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
        table = latency.Table(page, context.new_cdp_session(page), "klondike", latency.SEEDS["klondike"])
        for how in latency.INPUTS:
            touch = how.startswith("touch")
            if touch:
                browser.start_tracing(page=page, categories=latency.TRACE_CATEGORIES)
            samples = table.walk(how, 1, random.Random(1))
            if touch:  # a touch is timed from its arrival in the page's process, read from the trace
                latency.touch_arrivals(browser.stop_tracing(), samples)
            assert len(samples) == 1, f"{how}: no move made"
            s = samples[0]
            assert s["input"] <= s["start"] <= s["dom"] <= s["end"], (how, s)
            if touch:  # (the page's clock is coarsened, to 0.1 ms with jitter, the trace's is not:
                # a touch handled at once may seem to start a fraction of a millisecond early)
                assert s["input"] <= s["arrival"] <= s["start"] + CLOCK_SLACK_MS, (how, s)
            assert s["dom"] <= s["frame"], (how, s)
            assert s["verdict"] in ("checking", "won", "lost", "unknown"), (how, s)
    finally:
        context.close()
