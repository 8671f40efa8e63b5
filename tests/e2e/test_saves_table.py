"""Saved games in the page: reload resumes the whole history; a damaged save is set aside
with a message; another deal keeps the save and offers it; storage refused is told."""

from __future__ import annotations

import json

from patience import Session, get_game
from patience.game import Move
from table import saves
from table.keeper import KEPT_KEY
from table.stats import KEY as STATS_KEY, record_key
from table.urlstate import to_query

from ui import assert_dom_is, click_stock, message, play_with_policy, table, visit, wait_moves




def test_reload_resumes_moves_undo_and_redo(fresh):
    page, watch, base = fresh
    game = get_game("klondike", {"draw": "1"})
    visit(page, base + to_query(game, 21))
    assert message(page) == ""  # a first visit has no save and says nothing about one
    mirror = Session(game, 21)
    for k in range(1, 4):
        click_stock(page)
        mirror.play(Move("deal"))
        wait_moves(page, k)
    page.click("#undo")
    mirror.undo()
    wait_moves(page, 2)
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    assert table(page)["moves"] == "2" and message(page) == ""
    assert_dom_is(page, game, mirror.state)
    page.click("#redo")  # the redo stack came back too
    mirror.redo()
    wait_moves(page, 3)
    assert_dom_is(page, game, mirror.state)
    for k in (2, 1, 0):
        page.click("#undo")
        wait_moves(page, k)
    assert_dom_is(page, game, game.deal(21))


def test_a_damaged_save_is_set_aside_with_a_message(fresh):
    page, watch, base = fresh
    visit(page, base + "?game=canfield&seed=5")
    click_stock(page)
    wait_moves(page, 1)
    page.evaluate("k => localStorage.setItem(k, localStorage.getItem(k).slice(0, 30))", saves.key("canfield"))
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    assert "could not be resumed" in message(page) and "set aside" in message(page)
    assert table(page)["moves"] == "0" and table(page)["status"] == "playing"
    kept = page.evaluate("k => localStorage.getItem(k)", saves.broken_key("canfield"))
    assert kept is not None and len(kept) == 30  # nothing is silently dropped


def test_another_deal_keeps_the_save_and_offers_it(fresh):
    page, watch, base = fresh
    game = get_game("klondike")
    visit(page, base + to_query(game, 31))
    click_stock(page)
    wait_moves(page, 1)
    page.goto(base + to_query(game, 32))
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    assert table(page)["seed"] == "32" and "deal #31, 1 move)" in message(page)
    # kept, not written over, and not counted as abandoned, until a move here: a reload
    # still offers it
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    assert table(page)["seed"] == "32" and "deal #31, 1 move)" in message(page)
    assert saves.decode(page.evaluate("k => localStorage.getItem(k)", saves.key("klondike"))).seed == 31
    assert played(page) == {"played": 1, "won": 0, "lost": 0}
    # and through a new deal before any move
    page.click("#new")
    page.wait_for_function("() => document.getElementById('table').dataset.seed !== '32'")
    assert "deal #31, 1 move)" in message(page)
    assert saves.decode(page.evaluate("k => localStorage.getItem(k)", saves.key("klondike"))).seed == 31
    assert played(page) == {"played": 1, "won": 0, "lost": 0}
    page.click("#message-action")
    page.wait_for_function("() => document.getElementById('table').dataset.seed === '31'")
    assert table(page)["moves"] == "1" and "seed=31" in page.evaluate("location.search")
    # the chooser resumes each game type's saved game
    page.select_option("#game", "canfield")
    page.wait_for_function("() => document.getElementById('table').dataset.game === 'canfield'")
    page.select_option("#game", "klondike")
    page.wait_for_function("() => document.getElementById('table').dataset.game === 'klondike'")
    assert table(page)["seed"] == "31" and table(page)["moves"] == "1"
    # a move in another deal: the offer goes, the save is that deal's, and the game left
    # is kept for later, not lost
    page.goto(base + to_query(game, 33))
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    assert "deal #31, 1 move)" in message(page)
    click_stock(page)
    wait_moves(page, 1)
    assert "deal #31, 1 move) is kept for later" in message(page)
    assert saves.decode(page.evaluate("k => localStorage.getItem(k)", saves.key("klondike"))).seed == 33
    assert played(page) == {"played": 2, "won": 0, "lost": 0}


def clock(page) -> str:
    return page.inner_text("#time")


def test_a_new_deal_then_back_returns_the_game_as_it_was(fresh):
    """Issue 27: 7 moves of Klondike #42, New deal, a move there, Back: deal #42 at move 7,
    its clock and its undo as they were; Forward: the other deal as it was; no loss."""
    page, watch, base = fresh
    game = get_game("klondike")
    visit(page, base + to_query(game, 42))
    mirror = Session(game, 42)
    assert len(play_with_policy(page, game, mirror, 7, "taps")) == 7
    page.wait_for_function("() => document.getElementById('time').textContent >= '0:02'", timeout=10_000)
    page.click("#new")
    page.wait_for_function("() => document.getElementById('table').dataset.seed !== '42'")
    left_at = json.loads(page.evaluate("k => localStorage.getItem(k)", KEPT_KEY))
    (left,) = [saves.decode(text) for text in left_at["games"]]
    assert (left.seed, left.move_count) == (42, 7)
    assert "deal #42, 7 moves) is kept for later" in message(page)
    other = int(table(page)["seed"])
    click_stock(page)
    wait_moves(page, 1)
    page.go_back()
    page.wait_for_function("() => document.getElementById('table').dataset.seed === '42'")
    wait_moves(page, 7)
    assert "seed=42" in page.evaluate("location.search")
    assert_dom_is(page, game, mirror.state)
    assert clock(page) >= "0:02" and clock(page) >= "%d:%02d" % divmod(left.elapsed_ms // 1000, 60)
    assert f"deal #{other}, 1 move) is kept for later" in message(page)
    page.click("#undo")
    mirror.undo()
    wait_moves(page, 6)
    assert_dom_is(page, game, mirror.state)
    page.click("#redo")
    mirror.redo()
    wait_moves(page, 7)
    page.go_forward()
    page.wait_for_function(f"() => document.getElementById('table').dataset.seed === '{other}'")
    wait_moves(page, 1)
    theirs = Session(game, other)
    theirs.play(game.stock_move(theirs.state))
    assert_dom_is(page, game, theirs.state)
    assert played(page) == {"played": 2, "won": 0, "lost": 0}
    # an option changed mid-game: kept too, and the option changed back brings it back
    page.click(".options-menu summary")
    page.select_option('select[data-option="draw"]', "1")
    page.keyboard.press("Escape")
    page.wait_for_function("() => location.search.includes('draw=1')")
    assert table(page)["moves"] == "0" and f"deal #{other}, 1 move) is kept for later" in message(page)
    click_stock(page)
    wait_moves(page, 1)
    page.go_back()
    page.wait_for_function("() => document.querySelector('select[data-option=\"draw\"]').value === '3'")
    wait_moves(page, 1)
    assert_dom_is(page, game, theirs.state)
    draw1 = get_game("klondike", {"draw": "1"})
    assert played(page) == {"played": 2, "won": 0, "lost": 0}
    assert played(page, draw1) == {"played": 1, "won": 0, "lost": 0}
    # given up: only then a loss
    assert f"deal #{other}, 1 move) is kept for later" in message(page)
    page.click("#message-action")
    page.wait_for_function("() => document.getElementById('message-text').textContent.includes('given up')")
    assert played(page, draw1) == {"played": 1, "won": 0, "lost": 1}
    assert played(page) == {"played": 2, "won": 0, "lost": 0}


def played(page, game=None) -> dict[str, int]:
    """The statistics of a game and options (Klondike under its default rules)."""
    record = json.loads(page.evaluate("k => localStorage.getItem(k)", STATS_KEY))["records"][
        record_key(game or get_game("klondike"))]
    return {k: record[k] for k in ("played", "won", "lost")}


def test_refused_storage_is_told_and_play_goes_on(fresh):
    page, watch, base = fresh
    page.add_init_script("Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };")
    visit(page, base + "?game=klondike&seed=8&draw=1")
    click_stock(page)
    wait_moves(page, 1)
    assert "does not let the page save" in message(page)
    click_stock(page)
    wait_moves(page, 2)


def test_a_damaged_save_met_through_the_chooser_is_told_too(fresh):
    page, watch, base = fresh
    visit(page, base + "?game=klondike&seed=5")
    page.evaluate("k => localStorage.setItem(k, '{\"v\": 1, \"game\": \"frog\"}')", saves.key("frog"))
    page.select_option("#game", "frog")
    page.wait_for_function("() => document.getElementById('table').dataset.game === 'frog'")
    assert "could not be resumed" in message(page)
    assert page.evaluate("k => localStorage.getItem(k)", saves.broken_key("frog")) is not None
