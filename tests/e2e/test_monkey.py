"""The browser monkey test: random clicks, drags, taps, keys, double clicks during
animations, rapid undo/redo, resizes, hints, the demo and game switches, across every
game.  After every few actions the cards in the DOM must be exactly the engine's cards
in the same piles (the engine's position is read back from the saved game), and no
console error or unhandled rejection may appear (the shared Watch checks)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from urllib.parse import parse_qsl

import pytest

from patience import GAMES, get_game
from table import saves

from sizes import MONKEY_ACTIONS
from ui import READ_DOM, expected_dom, open_deal, restore_motion, set_motion

pytestmark = pytest.mark.reliability  # build.py reliability runs this file, for its figures

ACTIONS = MONKEY_ACTIONS  # per game (tests/sizes.py: more in the long run)
CHECK_EVERY = 6
FIGURES = Path(__file__).resolve().parent.parent.parent / "build" / "reliability"
SETTLED = "() => document.getAnimations().length === 0 && document.body.dataset.ready === '1'"
KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "f", "d", "h", "Escape",
        "Control+z", "Control+y", "Tab"]


def engine_position(page):
    """The game on the table, by the engine: its save, or the fresh deal it shows."""
    data = page.evaluate("() => ({...document.getElementById('table').dataset})")
    game_id, seed = data["game"], int(data["seed"])
    options = {k: v for k, v in parse_qsl(page.evaluate("location.search").lstrip("?")) if k not in ("game", "seed")}
    text = page.evaluate("k => localStorage.getItem(k)", saves.key(game_id))
    if text:
        saved = saves.decode(text)
        if saved.seed == seed and dict(saved.game.options) == options:
            assert str(saved.move_count) == data["moves"]
            return saved.game, saved.state
    game = get_game(game_id, options)
    assert data["moves"] == "0"
    return game, game.deal(seed)


def consistent(page) -> None:
    page.wait_for_function(SETTLED, timeout=15_000)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    game, state = engine_position(page)
    got = sorted(tuple(x) for x in page.evaluate(READ_DOM))
    assert got == expected_dom(game, state)


def close_dialogs(page) -> None:
    for _ in range(3):
        if not page.evaluate("[...document.querySelectorAll('.win')].some(d => !d.hidden)"):
            return
        page.keyboard.press("Escape")


def point(page, rnd: random.Random) -> tuple[float, float]:
    box = page.locator("#table").bounding_box()
    cards = page.locator("#table .card, #table .slot")
    if rnd.random() < 0.7 and cards.count():
        target = cards.nth(rnd.randrange(cards.count())).bounding_box()
        if target:
            return target["x"] + target["width"] * rnd.random(), target["y"] + target["height"] * rnd.random()
    return box["x"] + box["width"] * rnd.random(), box["y"] + min(box["height"], 700) * rnd.random()


def act(page, rnd: random.Random, spec_id: str) -> str:
    kind = rnd.choices(["click", "drag", "double", "keys", "undo-redo", "hint", "demo", "resize", "switch",
                        "burst"], weights=[30, 20, 8, 15, 6, 4, 2, 3, 3, 5])[0]
    if kind == "click":
        page.mouse.click(*point(page, rnd))
    elif kind == "drag":
        x, y = point(page, rnd)
        tx, ty = point(page, rnd)
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 7, y + 5, steps=2)
        page.mouse.move(tx, ty, steps=4)
        page.mouse.up()
    elif kind == "double":
        page.mouse.dblclick(*point(page, rnd))
    elif kind == "keys":
        page.focus("#table")
        for _ in range(rnd.randint(1, 6)):
            page.keyboard.press(rnd.choice(KEYS))
    elif kind == "undo-redo":
        for _ in range(rnd.randint(2, 8)):
            page.keyboard.press(rnd.choice(["Control+z", "Control+y"]))
    elif kind == "hint":
        page.click("#hint")
    elif kind == "demo":
        before = int(page.evaluate("document.getElementById('table').dataset.moves"))
        page.click("#demo")  # a move or two, or the demo ends by itself
        page.wait_for_function(f"""() => +document.getElementById('table').dataset.moves >= {before + rnd.randint(1, 2)}
            || document.getElementById('demo').getAttribute('aria-pressed') !== 'true'""", timeout=30_000)
        if page.get_attribute("#demo", "aria-pressed") == "true":
            page.click("#demo")
    elif kind == "resize":
        page.set_viewport_size(rnd.choice([{"width": 1280, "height": 720}, {"width": 900, "height": 700},
                                           {"width": 1024, "height": 600}]))
    elif kind == "switch":
        other = rnd.choice([g.id for g in GAMES if g.id != spec_id])
        page.select_option("#game", other)
        page.select_option("#game", spec_id)
    elif kind == "burst":  # clicks while cards are still flying
        for _ in range(rnd.randint(2, 5)):
            page.mouse.click(*point(page, rnd))
    close_dialogs(page)
    return kind


@pytest.fixture(scope="module", autouse=True)
def animated(_desktop):
    """Cards that move, for the clicks while they fly (the shared page plays moves
    without animation): the "fast" setting, for this file's tests."""
    page, _ = _desktop.live()
    set_motion(page, "fast")
    yield
    page, _ = _desktop.live()
    restore_motion(page)


@pytest.mark.parametrize("spec", GAMES, ids=[g.id for g in GAMES])
def test_monkey(page, spec):
    rnd = random.Random(f"monkey/{spec.id}")
    open_deal(page, f"?game={spec.id}&seed={rnd.randint(1, 10**6)}")
    done: dict[str, int] = {}
    try:
        for k in range(1, ACTIONS + 1):
            kind = act(page, rnd, spec.id)
            done[kind] = done.get(kind, 0) + 1
            if k % CHECK_EVERY == 0:
                consistent(page)
        consistent(page)
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
        if page.get_attribute("#demo", "aria-pressed") == "true":
            page.click("#demo")
    FIGURES.mkdir(parents=True, exist_ok=True)
    (FIGURES / f"monkey-{spec.id}.json").write_text(json.dumps({"actions": sum(done.values()), "kinds": done,
                                                                 "checks": ACTIONS // CHECK_EVERY + 1}))
