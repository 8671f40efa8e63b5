"""«Змей» in Chromium: rounds by stock clicks, the ring by drags and taps, the redeal, reload."""

from __future__ import annotations

from patience import Session, get_game
from patience.game import MOVE
from table.urlstate import to_query

from ui import assert_dom_is, click_stock, open_deal, play_by_pointer, resume_at, rightmost, table, wait_moves


def choose(game, state, built: int, builds: int):
    """A foundation move whenever there is one, a building move while fewer than
    ``builds`` were made, otherwise the stock (rounds, then the redeal): (move, kind), or
    None when there is nothing to do."""
    moves = game.card_moves(state)
    home = [m for m in moves if game.piles[m.dst].role == "foundation"]
    build = [m for m in moves if game.piles[m.dst].role == "tableau"]
    if home:
        return home[0], "foundation"
    if build and built < builds:
        return build[0], "build"
    move = game.stock_move(state)
    return None if move is None else (move, move.kind)


def play_zmey(page, game, mirror: Session, actions: int, style: str, cdp=None, builds: int = 4,
              ahead: int = 0) -> list[str]:
    """Play by ``choose``: the first ``ahead`` actions by the engine alone (the table
    resumes there, a saved game), then up to ``actions`` through the table; returns what
    was done through the table, in order."""
    built = 0
    for _ in range(ahead):
        chosen = choose(game, mirror.state, built, builds)
        if chosen is None:
            break
        move, kind = chosen
        built += kind == "build"
        mirror.play(move)
    if ahead:
        resume_at(page, mirror)
    done: list[str] = []
    for _ in range(actions):
        state = mirror.state
        chosen = choose(game, state, built, builds)
        if chosen is None:
            break
        move, kind = chosen
        built += kind == "build"
        if move.kind == MOVE:
            play_by_pointer(page, game, state, move, style, cdp)
        elif cdp is not None:
            box = page.locator('#table .slot[data-pile="stock"]').bounding_box()
            page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        else:
            click_stock(page)
        done.append(kind)
        mirror.play(move)
        wait_moves(page, mirror.move_count)
        assert_dom_is(page, game, mirror.state)
        assert page.inner_text("#phase") == game.spec.describe(game, mirror.state)
        if kind == "redeal":
            break
    return done


def test_zmey_rounds_ring_and_redeal_by_mouse(page):
    game = get_game("zmey")
    open_deal(page, to_query(game, 6))
    mirror = Session(game, 6)
    assert_dom_is(page, game, mirror.state)
    badge = page.evaluate("[...document.querySelectorAll('#table .badge')].map(e => e.textContent)")
    assert "Deal round 2 of 8" in badge
    # the redeal comes after 41 actions: the first 15 (four of its rounds) by the engine alone
    done = play_zmey(page, game, mirror, 60, "drag", ahead=15)
    assert {"round", "foundation", "build", "redeal"} <= set(done), done
    assert page.inner_text("#phase").startswith("Deal phase, redealt: round 1/")
    assert table(page)["status"] == "playing"


def test_zmey_on_a_phone_by_touch(phone):
    game = get_game("zmey", {"side_limit": "adjacent"})
    open_deal(phone, to_query(game, 9))
    mirror = Session(game, 9)
    assert_dom_is(phone, game, mirror.state)
    cdp = phone.context.new_cdp_session(phone)
    done = play_zmey(phone, game, mirror, 40, "taps", cdp)
    assert "round" in done and "foundation" in done, done
    right = rightmost(phone)
    assert right <= 390  # the portrait arrangement keeps the ring on the screen


def test_reload_restores_a_zmey_deal(fresh):
    page, watch, base = fresh
    game = get_game("zmey", {"side_limit": "adjacent"})
    page.goto(base + to_query(game, 77))
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    assert_dom_is(page, game, game.deal(77))
    assert page.input_value('select[data-option="side_limit"]') == "adjacent"
