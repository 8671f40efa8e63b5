"""Frog, the Vanished Cross, Hang Glider and Bride and Groom in Chromium, each through its
own interaction, by mouse on a laptop and by touch on a phone."""

from __future__ import annotations

from patience import Session, get_game
from patience.game import Move
from table.urlstate import to_query

from ui import assert_dom_is, card_point, click_stock, open_deal, play_with_policy, rightmost, table, wait_moves


def start(page, game_id: str, seed: int, **opts: str):
    game = get_game(game_id, opts)
    open_deal(page, to_query(game, seed))
    mirror = Session(game, seed)
    assert_dom_is(page, game, mirror.state)
    return game, mirror


def test_frog_forced_waste_by_mouse(page):
    game, mirror = start(page, "frog", 5)
    click_stock(page)
    mirror.play(Move("deal"))
    wait_moves(page, 1)
    # the waste card must go first: the five piles light up and the stock refuses, saying why
    lit = page.evaluate("[...new Set([...document.querySelectorAll('#table .target')].map(e => e.dataset.pile))]")
    assert {f"t{i}" for i in range(1, 6)} <= set(lit)
    click_stock(page)
    page.wait_for_function("() => document.getElementById('message-text').textContent.includes('Play the waste card first')")
    assert table(page)["moves"] == "1"
    page.click("#message-close")
    done = play_with_policy(page, game, mirror, 30, "mixed", builds=40)
    assert "deal" in done and "move" in done, done


def test_frog_by_touch_on_a_phone(phone):
    game, mirror = start(phone, "frog", 6, foundation="any")
    cdp = phone.context.new_cdp_session(phone)
    done = play_with_policy(phone, game, mirror, 16, "taps", cdp, builds=40)
    assert "deal" in done and "move" in done, done
    right = rightmost(phone, "#table .card, #table .slot")
    assert right <= 390


def test_cross_rows_refills_and_rounds_by_mouse(page):
    game, mirror = start(page, "cross", 11)
    assert page.inner_text("#phase") == "Round 1 of 3 · stock 84"
    # the first new round comes after 51 actions: the last 15 are made through the table
    wanted = {"home", "row", "refill", "round"}
    done = play_with_policy(page, game, mirror, 30, "mixed", until=wanted, ahead=36)
    assert wanted <= set(done), done
    assert page.inner_text("#phase").startswith("Round 2 of 3"), page.inner_text("#phase")


def test_cross_by_touch_on_a_phone(phone):
    game, mirror = start(phone, "cross", 12, rounds="inf")
    cdp = phone.context.new_cdp_session(phone)
    done = play_with_policy(phone, game, mirror, 20, "taps", cdp)
    assert "row" in done, done


def test_glider_runs_and_stock_by_mouse(page):
    game, mirror = start(page, "glider", 3)
    done = play_with_policy(page, game, mirror, 40, "mixed")
    assert {"home", "move", "deal"} <= set(done), done


def test_glider_by_touch_on_a_phone(phone):
    game, mirror = start(phone, "glider", 4, cross_only="on")
    cdp = phone.context.new_cdp_session(phone)
    done = play_with_policy(phone, game, mirror, 16, "taps", cdp)
    assert "deal" in done, done
    right = rightmost(phone)
    assert right <= 390


def test_bride_removals_by_mouse_with_hover(page):
    game, mirror = start(page, "bride", 3)
    for _ in range(24):
        click_stock(page)
        mirror.play(Move("turn"))
    wait_moves(page, 24)
    assert_dom_is(page, game, mirror.state)
    removal = next(m for m in game.legal_moves(mirror.state) if m.kind == "remove")
    page.mouse.move(*card_point(page, "row", removal.src))  # hover shows what it would take
    assert page.locator("#table .card.preview").count() >= 1
    done = play_with_policy(page, game, mirror, 40, "taps")
    assert "remove" in done, done
    joined = game.spec.marked(game, mirror.state)
    assert page.locator("#table .card.joined").count() == len(joined)


def test_bride_by_touch_on_a_phone(phone):
    game, mirror = start(phone, "bride", 8, auto_remove="on")
    cdp = phone.context.new_cdp_session(phone)
    done = play_with_policy(phone, game, mirror, 30, "taps", cdp)
    assert done.count("turn") >= 10, done
    right = rightmost(phone)
    assert right <= 390  # the row wraps instead of running off the screen


def overlapping_removals(page):
    """Bride #1 with the stock clicked four times: the row Q♥ 2♠ 3♦ 8♠ 2♦, where 3♦ alone,
    8♠ alone and 3♦ 8♠ together may go."""
    game, mirror = start(page, "bride", 1)
    for _ in range(4):
        click_stock(page)
        mirror.play(Move("turn"))
    wait_moves(page, 4)
    row = mirror.state.piles[game.index["row"]]
    assert [c.face for c in row] == ["Qh", "2s", "3d", "8s", "2d"]
    assert_dom_is(page, game, mirror.state)
    return game, mirror


def selected(page) -> list[int]:
    return sorted(page.evaluate("[...document.querySelectorAll('#table .card.selected')].map(e => +e.dataset.index)"))


def cursor_to(page, index: int) -> None:
    """The keyboard's cursor to a card of the row, with the arrow keys along it."""
    read = "() => document.getElementById(document.getElementById('table').getAttribute('aria-activedescendant'))"
    for _ in range(10):
        here = page.evaluate(f"(({read})() || {{dataset: {{}}}}).dataset")
        if here.get("pile") == "row" and here.get("index") == str(index):
            return
        page.keyboard.press("ArrowLeft" if here.get("pile") == "row" and int(here["index"]) > index else "ArrowRight")
    raise AssertionError(f"the cursor did not reach the row's card {index}: {here}")


def undo_to_four(page, game, mirror) -> None:
    page.click("#undo")
    wait_moves(page, 4)
    assert_dom_is(page, game, mirror.state)


def test_bride_a_removal_that_overlaps_others_by_mouse_and_by_keys(page):
    game, mirror = overlapping_removals(page)
    pair, three = Move("remove", 2, -1, 2), Move("remove", 2, -1, 1)
    after_pair, after_three = game.play(mirror.state, pair), game.play(mirror.state, three)
    # the mouse: the hover shows the first choice, a click shows it chosen, a click on 8♠ makes it
    page.mouse.move(*card_point(page, "row", 2))
    page.wait_for_function("() => document.querySelectorAll('#table .card.preview').length === 2")
    page.mouse.click(*card_point(page, "row", 2))
    assert selected(page) == [2, 3]
    assert "choice 1 of 2" in page.inner_text("#announce")
    page.mouse.click(*card_point(page, "row", 3))
    wait_moves(page, 5)
    assert_dom_is(page, game, after_pair)
    undo_to_four(page, game, mirror)
    # 3♦ alone, the last choice: three clicks on it
    point = card_point(page, "row", 2)
    page.mouse.click(*point)
    page.mouse.click(*point)
    assert selected(page) == [2] and "choice 2 of 2, the last" in page.inner_text("#announce")
    page.mouse.click(*point)
    wait_moves(page, 5)
    assert_dom_is(page, game, after_three)
    undo_to_four(page, game, mirror)
    # the keys: the cursor to 3♦, Enter shows the pair, the cursor to 8♠, Enter makes it
    page.focus("#table")
    cursor_to(page, 2)
    page.keyboard.press("Enter")
    assert selected(page) == [2, 3]
    assert page.inner_text("#announce").startswith("Removal of three of diamonds and eight of spades: choice 1 of 2.")
    cursor_to(page, 3)
    page.keyboard.press("Enter")
    wait_moves(page, 5)
    assert_dom_is(page, game, after_pair)
    undo_to_four(page, game, mirror)


def test_bride_a_removal_that_overlaps_others_by_touch_on_a_phone(phone):
    game, mirror = overlapping_removals(phone)
    after_pair = game.play(mirror.state, Move("remove", 2, -1, 2))
    phone.touchscreen.tap(*card_point(phone, "row", 2))
    assert selected(phone) == [2, 3]
    phone.touchscreen.tap(*card_point(phone, "row", 3))
    wait_moves(phone, 5)
    assert_dom_is(phone, game, after_pair)
