"""«Змей» in Chromium: rounds by stock clicks, the ring by drags and taps, the redeal, reload."""

from __future__ import annotations

from patience import Session, get_game
from patience.game import MOVE
from table.urlstate import to_query

from ui import assert_dom_is, click_stock, open_deal, play_by_pointer, rightmost, table, wait_moves


def play_zmey(page, game, mirror: Session, actions: int, style: str, cdp=None, builds: int = 4) -> list[str]:
    """Foundation moves whenever there are some, a few building moves in the play phase,
    otherwise the stock (rounds, then the redeal); returns what was done, in order."""
    done: list[str] = []
    for _ in range(actions):
        state = mirror.state
        moves = game.card_moves(state)
        home = [m for m in moves if game.piles[m.dst].role == "foundation"]
        build = [m for m in moves if game.piles[m.dst].role == "tableau"]
        if home:
            move, kind = home[0], "foundation"
        elif build and done.count("build") < builds:
            move, kind = build[0], "build"
        else:
            move = game.stock_move(state)
            if move is None:
                break
            kind = move.kind
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
    done = play_zmey(page, game, mirror, 120, "drag")
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
