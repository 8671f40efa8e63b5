#!/usr/bin/env python3
"""Input latency at the table (headless Chromium, Pyodide): from the input event that
makes a move (the pointerup of a tap or a drag, the keydown of Enter) to the moved
card's first DOM change of place (its style or its data-pile/data-index; not a class,
which a drop or a tap changes first, the card put down or unpicked, before the move is
drawn), while the background solver (the winnability indicator, py/table/assist.py on
py/table/runner.py) is at work.

    python3 bench/latency.py [--runs N] [--samples N] [--games klondike,gaps8]
                             [--inputs "touch taps,keyboard"] [--verbose] [--site DIR]

For each game (Klondike, and the heaviest two-deck game to redraw: see ``REDRAW`` below,
which prints the redraw cost of every two-deck game first) and each input — mouse
click-click (tap-tap), touch tap-tap (Chromium's touch events through the DevTools
protocol, a page with touch), touch drag, mouse drag and keyboard (the arrow keys to the
card, Enter, the arrow keys to the target, Enter) — N samples of real legal moves: the
engine (a mirror session of the deal) lists the legal moves, one is made through the
table, the DOM is checked against the engine, and every other move is undone to keep
going.  The deals are ones the solver does not decide quickly, so its search runs in
the background throughout (the share of samples taken while the indicator said
"checking" is printed).

The time of one sample: the event's ``timeStamp`` (when the browser received the input:
a solver slice running then delays its handling, and that wait is counted) to a
MutationObserver's callback that sees the moved card's place change, both on the page's
clock.  A finger's events are measured from a later point, their arrival in the page's
process: the DevTools protocol's ``Input.dispatchTouchEvent`` stamps a touch when the
command comes but holds it until the page has drawn its next frame before it sends it on
(Chromium's ``InsertVisualStateCallback``), a wait of up to a frame on an idle page that a
phone's touch does not have — a mouse's events are sent on at once.  The
arrival is read from a Chromium trace taken during the touch samples (``touch_arrivals``);
a solver slice running when the touch arrives still delays it, and that wait is counted.
The figure from the protocol's stamp is printed beside it ("from the protocol's stamp",
with the median time the touch was held).  Printed per game and input: p50, p95 and max (the median of N runs of each), and
the median split into the wait before the handler ran (input queued behind other work),
the handler's own time up to the card's update, and the time to the next frame
(``--verbose``: the indicator's state at every input).  Goal:
p95 within 16 ms.  Printed figures only: no test depends on them (tests/e2e/test_latency.py
only checks that the harness takes its samples).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from tools import common, serve, testenv, website  # noqa: E402
from patience import Session, get_game  # noqa: E402
from patience.game import MOVE, Game, Move  # noqa: E402
from patience.state import State  # noqa: E402
from table import geometry  # noqa: E402
from table.interaction import Interaction, step_cursor  # noqa: E402

ARGS = testenv.CHROMIUM_ARGS
# Deals whose indicator searches run out of time at the start and at the positions a
# few moves on (found with the engine's Search), so that the samples are taken while
# the solver works.
SEEDS = {"klondike": 8, "gaps8": 3, "zmey": 3, "glider": 3, "cross": 3, "bride": 3}
TWO_DECKS = ["gaps8", "zmey", "glider", "cross", "bride"]
PRESS_MS = 60  # a tap's press lasts about this long
INPUTS = ["mouse taps", "touch taps", "touch drag", "mouse drag", "keyboard"]

# The harness, on the page's clock.  ``__lat.arm(id)`` watches the card element ``id``:
# the next pointerup or keydown seen (capture, on the window) stamps the input; the first
# change of that element's place after it (style, data-pile, data-index) stamps the
# update; a frame callback then the frame.
HARNESS = """
window.__lat = {
  watch: null,
  arm(id) { this.watch = {id, input: null, start: null, dom: null, frame: null, end: null, busy: null}; },
  stamp(e) {
    const w = this.watch;
    if (!w || w.input !== null) return;
    w.input = e.timeStamp; w.start = performance.now();
    const box = document.getElementById('winnable');
    w.verdict = box ? box.dataset.verdict : '';
    w.busy = w.verdict === 'checking';
  },
};
for (const kind of ['pointerup', 'keydown']) {
  addEventListener(kind, e => window.__lat.stamp(e), true);
  addEventListener(kind, () => { const w = window.__lat.watch; if (w && w.input !== null && w.end === null) w.end = performance.now(); });
}
new MutationObserver(records => {
  const w = window.__lat.watch;
  if (!w || w.input === null || w.dom !== null) return;
  if (records.some(r => r.target.id === w.id)) {
    w.dom = performance.now();
    requestAnimationFrame(() => { w.frame = performance.now(); });
  }
}).observe(document, {subtree: true, attributes: true,
  // the card's place: not a class, which a drop or a tap changes (the card put down,
  // unpicked) before the card is drawn where the move took it
  attributeFilter: ['style', 'data-pile', 'data-index']});
"""
SWITCH = """q => { localStorage.clear(); history.pushState(null, '', q);
    dispatchEvent(new PopStateEvent('popstate')); }"""
DONE = "() => { const w = window.__lat.watch; return w && w.dom !== null && w.frame !== null; }"
READ_DOM = """() => [...document.querySelectorAll('#table .card[data-pile]')].map(e => [
    e.dataset.pile, +e.dataset.index, e.dataset.card, e.dataset.face])"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Table:
    """The page's table, driven as a player would, mirrored by an engine session."""

    def __init__(self, page, cdp, game_id: str, seed: int) -> None:
        self.page, self.cdp = page, cdp
        self.game: Game = get_game(game_id, {})
        self.seed = seed
        self.mirror = Session(self.game, seed)
        page.evaluate(SWITCH, f"?game={game_id}&seed={seed}")
        page.wait_for_function("() => document.getElementById('table').dataset.moves === '0'")
        self.settle()

    # --- reading the table -----------------------------------------------------------
    def settle(self) -> None:
        self.page.wait_for_function(
            f"() => document.getElementById('table').dataset.moves === '{self.mirror.move_count}'"
            " && document.getAnimations().length === 0", timeout=20_000)

    def check(self) -> None:
        got = sorted(tuple(x) for x in self.page.evaluate(READ_DOM))
        want = []
        state = self.mirror.state
        for i, name in enumerate(self.game.names):
            for k, card in enumerate(state.piles[i]):
                up = k >= state.down[i]
                want.append((name, k, card.face if up else "??", "up" if up else "down"))
        assert got == sorted(want), "the table does not show the engine's position"

    def card_box(self, pile: int, index: int) -> dict:
        box = self.page.locator(f'#table .card[data-pile="{self.game.names[pile]}"][data-index="{index}"]'
                                ).bounding_box()
        assert box is not None
        return box

    def card_point(self, pile: int, index: int) -> tuple[float, float]:
        box = self.card_box(pile, index)
        return box["x"] + min(14, box["width"] / 4), box["y"] + min(8, box["height"] / 2)

    def pile_point(self, pile: int) -> tuple[float, float]:
        cards = self.mirror.state.piles[pile]
        if cards:
            box = self.card_box(pile, len(cards) - 1)
        else:
            box = self.page.locator(f'#table .slot[data-pile="{self.game.names[pile]}"]').bounding_box()
            assert box is not None
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def element_id(self, pile: int, index: int) -> str:
        return str(self.page.get_attribute(
            f'#table .card[data-pile="{self.game.names[pile]}"][data-index="{index}"]', "id"))

    # --- moves ---------------------------------------------------------------------------
    def candidates(self, how: str) -> list[Move]:
        """The legal card moves the table's inputs make: those of the cards a press
        picks up."""
        game, state = self.game, self.mirror.state
        moves = [m for m in game.legal_moves(state) if m.kind == MOVE]
        return [m for m in moves
                if game.pick_count(state, m.src, len(state.piles[m.src]) - m.n) == m.n]

    def tap(self, point: tuple[float, float], touch: bool) -> None:
        """A tap or a click as a hand makes it: PRESS_MS between press and release."""
        if touch:
            self.touch("touchStart", *point)
            self.page.wait_for_timeout(PRESS_MS)
            self.touch("touchEnd")
        else:
            self.page.mouse.click(*point, delay=PRESS_MS)

    def touch(self, kind: str, x: float = 0, y: float = 0) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def measure(self, move: Move, how: str, rng: random.Random) -> dict | None:
        """Make ``move`` with the input ``how``, the last input event of it measured;
        that one comes after a random pause, at a random point of the solver's slices."""
        page, game, state = self.page, self.game, self.mirror.state
        src_index = len(state.piles[move.src]) - move.n
        card_id = self.element_id(move.src, src_index)
        start = self.card_point(move.src, src_index)
        end = self.pile_point(move.dst)
        # a grid game plays a card's only move at a tap on it (or Enter)
        grid = game.layout.click_to_move and [m.src for m in game.card_moves(state)].count(move.src) == 1
        arm = f"window.__lat.arm({card_id!r})"

        def armed() -> None:
            page.evaluate(arm)
            page.wait_for_timeout(rng.uniform(0, 40))
        if how in ("mouse taps", "touch taps"):
            touch = how == "touch taps"
            if not grid:
                self.tap(start, touch)
                page.wait_for_selector("#table .card.selected")
            armed()
            self.tap(end if not grid else start, touch)
        elif how == "mouse drag":
            page.mouse.move(*start)
            page.mouse.down()
            page.mouse.move(start[0] + 6, start[1] + 6, steps=2)
            page.mouse.move(*end, steps=4)
            page.wait_for_selector("#table .card.dragging")
            armed()
            page.mouse.up()
        elif how == "touch drag":
            self.touch("touchStart", *start)
            for k in range(1, 6):
                self.touch("touchMove", start[0] + (end[0] - start[0]) * k / 5, start[1] + (end[1] - start[1]) * k / 5)
            page.wait_for_selector("#table .card.dragging")
            armed()
            self.touch("touchEnd")
        else:  # keyboard
            if not self.cursor_to((move.src, src_index)):
                return None
            if grid:
                armed()
                page.keyboard.press("Enter")
            else:
                page.keyboard.press("Enter")
                page.wait_for_selector("#table .card.selected")
                if not self.cursor_to((move.dst, len(state.piles[move.dst]) - 1 if state.piles[move.dst] else None)):
                    page.keyboard.press("Escape")
                    return None
                armed()
                page.keyboard.press("Enter")
        try:
            page.wait_for_function(DONE, timeout=20_000)
        except Exception:
            page.screenshot(path=str(common.BUILD / "latency-failed.png"))
            raise AssertionError(f"{game.notation(move)} by {how}: {page.evaluate('() => window.__lat.watch')}"
                                 f" moves {page.get_attribute('#table', 'data-moves')}") from None
        sample = page.evaluate("() => window.__lat.watch")
        page.evaluate("() => { window.__lat.watch = null; }")
        self.mirror.play(move)
        self.settle()
        self.check()
        return sample

    def cursor(self) -> tuple[int, int | None]:
        spot = self.page.evaluate("""() => { const t = document.getElementById('table');
            const id = t.getAttribute('aria-activedescendant'); const e = id && document.getElementById(id);
            return e ? [e.dataset.pile, e.dataset.index === undefined ? null : +e.dataset.index] : null; }""")
        if spot is None:
            return Interaction().cursor_spot(self.game, self.mirror.state)
        return self.game.index[spot[0]], spot[1]

    def cursor_to(self, goal: tuple[int, int | None]) -> bool:
        """Bring the keyboard's cursor to ``goal`` with the arrow keys: the shortest way
        found by stepping as the page does (``step_cursor`` on the page's own metrics)."""
        page, game, state = self.page, self.game, self.mirror.state
        if not page.evaluate("document.activeElement === document.getElementById('table')"):
            page.focus("#table")
        width, height = page.evaluate("""() => { const t = document.getElementById('table');
            return [t.clientWidth, Math.max(t.parentElement.clientHeight, 200)]; }""")
        m = geometry.metrics(game, float(width), float(height), False)
        origins = [m.origin(i) for i in range(len(game.piles))]
        fans = [spot[2] for spot in m.spots]
        here = self.cursor()
        paths: dict[tuple[int, int | None], list[str]] = {here: []}
        todo = [here]
        while todo and goal not in paths:
            spot = todo.pop(0)
            for way, key in (("left", "ArrowLeft"), ("right", "ArrowRight"), ("up", "ArrowUp"), ("down", "ArrowDown")):
                nxt = step_cursor(state, spot[0], spot[1], way, origins, fans)  # type: ignore[arg-type]
                if nxt not in paths:
                    paths[nxt] = paths[spot] + [key]
                    todo.append(nxt)
        if goal not in paths:
            return False
        for key in paths[goal]:
            page.keyboard.press(key)
        return self.cursor() == goal

    def undo(self) -> None:
        self.page.click("#undo")
        self.mirror.undo()
        self.settle()

    def walk(self, how: str, samples: int, rng: random.Random) -> list[dict]:
        """``samples`` measured moves: a random legal one each time; every other one is
        undone; where none can be made, the stock is turned or a move undone."""
        out: list[dict] = []
        misses = 0
        while len(out) < samples and misses < samples * 3:
            moves = self.candidates(how)
            if not moves:
                misses += 1
                stock = self.game.stock_move(self.mirror.state)
                if stock is not None and (rng.random() < 0.7 or not self.mirror.can_undo()):
                    box = self.page.locator('#table .slot[data-pile="stock"]').bounding_box()
                    self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                    self.mirror.play(stock)
                    self.settle()
                elif self.mirror.can_undo():
                    self.undo()
                else:
                    break
                continue
            sample = self.measure(rng.choice(moves), how, rng)
            if sample is None:
                misses += 1
                continue
            out.append(sample)
            if len(out) % 2 == 0 and self.mirror.can_undo():
                self.undo()
        return out


# Chromium's tracing categories that hold a touch's time stamp (``InputLatency::TouchEnd``,
# begun at the event's time stamp) and its arrival in the page's process
# (``InputHandlerProxy::HandleTouchEnd``, on the compositor thread); cheap enough to
# leave on during the samples.
TRACE_CATEGORIES = ["benchmark", "latencyInfo", "input"]


def touch_arrivals(trace: bytes, samples: list[dict]) -> None:
    """Add to each touch sample ``arrival``: when its touchend reached the page's
    process (the renderer's compositor thread), on the page's clock.

    The DevTools protocol's ``Input.dispatchTouchEvent`` stamps the event when the
    command arrives, then holds it until the renderer has drawn its next frame (the
    browser's ``InsertVisualStateCallback``, "so that newly added listeners see it")
    before it sends it on: 2-16 ms on an idle page (the wait for the next frame), more
    while the main thread is at work.  A phone's touch is not held so: the browser
    forwards it as it comes.  So the touch figures are measured from the arrival.  The
    trace's ``InputLatency::TouchEnd`` begins at the event's time stamp, so the offset
    between the trace's clock and the page's is the one shared by every sample."""
    import json
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    stamps = sorted(e["ts"] / 1000 for e in events if e.get("name") == "InputLatency::TouchEnd" and e.get("ph") == "b")
    received = sorted(e["ts"] / 1000 for e in events if e.get("name") == "InputHandlerProxy::HandleTouchEnd")
    offsets = [round(b - s["input"], 1) for s in samples for b in stamps]
    if not samples or not offsets:
        raise AssertionError("the trace holds no touchend")
    offset = statistics.mode(offsets)
    for s in samples:
        stamp = min(stamps, key=lambda b: abs(b - offset - s["input"]))
        assert abs(stamp - offset - s["input"]) < 0.5, "a touch sample's event is not in the trace"
        s["arrival"] = min(r for r in received if r >= stamp) - offset


def redraw_costs(page, game_ids: list[str], presses: int = 20) -> dict[str, float]:
    """The median time of a keyboard arrow's handler (a whole redraw of the table) in
    each game: the cost of drawing its position."""
    costs: dict[str, float] = {}
    for game_id in game_ids:
        page.evaluate(SWITCH, f"?game={game_id}&seed={SEEDS.get(game_id, 3)}")
        page.wait_for_function("() => document.getElementById('table').dataset.moves === '0'")
        page.focus("#table")
        times = []
        for k in range(presses):
            page.evaluate("window.__lat.arm('table')")
            page.keyboard.press("ArrowRight" if k % 4 < 2 else "ArrowLeft")
            page.wait_for_function("() => window.__lat.watch.end !== null")
            w = page.evaluate("() => window.__lat.watch")
            times.append(w["end"] - w["start"])
        costs[game_id] = statistics.median(times)
    return costs


def main(argv: list[str]) -> int:
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 3
    samples = int(argv[argv.index("--samples") + 1]) if "--samples" in argv else 30
    site = Path(argv[argv.index("--site") + 1]) if "--site" in argv else website.build_site(common.BUILD / "site")
    chosen = argv[argv.index("--games") + 1].split(",") if "--games" in argv else None
    inputs = argv[argv.index("--inputs") + 1].split(",") if "--inputs" in argv else INPUTS
    server = serve.serve_in_thread(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    from playwright.sync_api import sync_playwright

    with open("/proc/loadavg") as f:
        load = f.read().split()[:3]
    print(f"Input to the moved card's DOM update in headless Chromium (Pyodide), the solver searching;"
          f" {samples} moves per input, median of {runs} runs; load average {' '.join(load)}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=testenv.ensure_chromium(), args=ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 720}, has_touch=True)
        page = context.new_page()
        page.add_init_script(HARNESS)
        page.add_init_script("localStorage.setItem('patience.v1.settings', JSON.stringify({lang: 'en'}))")
        cdp = context.new_cdp_session(page)
        page.goto(base + "?game=klondike&seed=1")
        page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
        if chosen is None:
            costs = redraw_costs(page, ["klondike", *TWO_DECKS])
            print("a redraw (an arrow key's handler), median: "
                  + ", ".join(f"{g} {ms:.1f} ms" for g, ms in costs.items()))
            heaviest = max(TWO_DECKS, key=lambda g: costs[g])
            chosen = ["klondike", heaviest]
        for game_id in chosen:
            for how in inputs:
                per_run: list[dict[str, float]] = []
                busy, count = 0, 0
                for run in range(runs):
                    table = Table(page, cdp, game_id, SEEDS.get(game_id, 3))
                    touch = how.startswith("touch")
                    if touch:
                        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
                    got = table.walk(how, samples, random.Random(run))
                    if touch:
                        touch_arrivals(browser.stop_tracing(), got)
                    if not got:
                        continue
                    origin = "arrival" if touch else "input"
                    total = [s["dom"] - s[origin] for s in got]
                    per_run.append({
                        "p50": statistics.median(total), "p95": percentile(total, 95), "max": max(total),
                        "raw p95": percentile([s["dom"] - s["input"] for s in got], 95),
                        "held": statistics.median(s[origin] - s["input"] for s in got),
                        "wait": statistics.median(s["start"] - s[origin] for s in got),
                        "handler": statistics.median(s["dom"] - s["start"] for s in got),
                        "frame": statistics.median(s["frame"] - s[origin] for s in got)})
                    busy += sum(1 for s in got if s["busy"])
                    if "--verbose" in argv:
                        print("   verdicts at the inputs:", [s["verdict"] for s in got])
                    count += len(got)
                if not per_run:
                    print(f"{game_id:9s} {how:11s}: no move could be made")
                    continue
                fig = {k: statistics.median(r[k] for r in per_run) for k in per_run[0]}
                held = (f" | from the protocol's stamp: p95 {fig['raw p95']:5.1f} ms, held {fig['held']:4.1f} ms"
                        if how.startswith("touch") else "")
                print(f"{game_id:9s} {how:11s}: p50 {fig['p50']:5.1f} ms, p95 {fig['p95']:5.1f} ms,"
                      f" max {fig['max']:5.1f} ms | median wait {fig['wait']:4.1f}, handler {fig['handler']:4.1f},"
                      f" to next frame {fig['frame']:5.1f} ms | {count} moves, solver searching at"
                      f" {100 * busy / count:3.0f}% of them{held}", flush=True)
        browser.close()
    server.shutdown()
    with open("/proc/loadavg") as f:
        print(f"load average at the end {' '.join(f.read().split()[:3])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
