"""Faults and bad input in the page: reloads and closed tabs at random points, a save from
a future version, full and disabled storage, two tabs at once, and a table of malformed
addresses.  Nothing completed is lost, nothing is counted twice, and no text from the
address becomes markup.  Figures go to build/reliability/."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from patience import Session, get_game
from patience.search import solve
from table import saves
from table.stats import KEY as STATS_KEY
from table.urlstate import parse_query, to_query

from bad_addresses import BAD_ADDRESSES, IDS
from sizes import RELOADS
from ui import assert_dom_is, click_stock, easy_win, frames, message, open_deal, table, visit, wait_moves

pytestmark = pytest.mark.reliability  # build.py reliability runs this file, for its figures

READY = 'body[data-ready="1"]'
FIGURES = Path(__file__).resolve().parent.parent.parent / "build" / "reliability"


def record(name: str, figures: dict) -> None:
    FIGURES.mkdir(parents=True, exist_ok=True)
    (FIGURES / f"{name}.json").write_text(json.dumps(figures))




def moves(page) -> int:
    return int(table(page)["moves"])


def test_reloads_and_closed_tabs_lose_no_completed_move(browser, base_url):
    rnd = random.Random("faults")
    context = browser.new_context()
    page = context.new_page()
    url = base_url + "?game=klondike&seed=17&draw=1"
    visit(page, url)
    done = faults = lost = 0
    try:
        for round_ in range(RELOADS):
            for _ in range(rnd.randint(1, 3)):
                click_stock(page)
                done += 1
                page.wait_for_function(f"() => document.getElementById('table').dataset.moves === '{done}'")
            if rnd.random() < 0.5:
                click_stock(page)  # one more, not waited for: the reload may come mid-move
                frames(page, rnd.randint(0, 3))
            faults += 1
            if round_ % 3 == 2:  # the tab closed and opened again
                page.close()
                page = context.new_page()
                visit(page, url)
            else:
                page.reload()
                page.wait_for_selector(READY, timeout=60_000)
            now = moves(page)
            lost += max(0, done - now)
            assert now >= done, f"round {round_}: {done} moves made, {now} after the reload"
            done = now
    finally:
        context.close()
    record("faults-reload", {"faults": faults, "moves": done, "lost": lost})


def test_a_save_from_a_future_version_is_kept_aside(fresh):
    page, watch, base = fresh
    visit(page, base + "?game=gaps8&seed=3")
    future = json.dumps({"v": 99, "game": "gaps8", "options": {}, "seed": 3, "moves": [], "at": 0})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [saves.key("gaps8"), future])
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert "another version" in message(page)
    assert page.evaluate("k => localStorage.getItem(k)", saves.broken_key("gaps8")) == future
    assert table(page)["status"] == "playing"


def test_full_storage_is_told_and_play_goes_on(fresh):
    page, watch, base = fresh
    visit(page, base + "?game=klondike&seed=8&draw=1")
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }""")
    click_stock(page)
    wait_moves(page, 1)
    assert "does not let the page save" in message(page)
    click_stock(page)
    wait_moves(page, 2)


def test_disabled_storage_is_told_and_play_goes_on(browser, base_url):
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("""Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('Storage is disabled.', 'SecurityError'); } });""")
    try:
        visit(page, base_url + "?game=canfield&seed=2")
        click_stock(page)
        wait_moves(page, 1)
        assert "does not let the page save" in message(page)
        assert not errors
    finally:
        context.close()
    record("faults-storage", {"faults": 3, "lost": 0})


def test_two_tabs_share_one_game_and_count_it_once(browser, base_url):
    context = browser.new_context()
    one, two = context.new_page(), context.new_page()
    url = base_url + "?game=klondike&seed=23&draw=1"
    try:
        visit(one, url)
        visit(two, url)
        click_stock(one)
        click_stock(one)
        wait_moves(one, 2)
        two.wait_for_function("() => document.getElementById('table').dataset.moves === '2'", timeout=10_000)
        assert "another tab" in message(two)
        click_stock(two)
        wait_moves(two, 3)
        one.wait_for_function("() => document.getElementById('table').dataset.moves === '3'", timeout=10_000)
        click_stock(one)  # the first tab plays on from the second tab's position
        wait_moves(one, 4)
        saved = saves.decode(one.evaluate("k => localStorage.getItem(k)", saves.key("klondike")))
        assert saved.move_count == 4
        records = json.loads(one.evaluate("k => localStorage.getItem(k)", STATS_KEY))["records"]
        (record_,) = records.values()
        assert record_["played"] == 1  # one game, counted once
    finally:
        context.close()
    record("faults-tabs", {"faults": 1, "lost": 0, "counted_twice": 0})


def test_a_win_seen_by_another_tab_is_counted_once(browser, base_url):
    """Both tabs resume a game two moves from its win; Finish wins it in one, the other
    takes each save up, the last one a won game, and counts nothing more."""
    game = get_game("klondike", {"draw": "1"})
    seed, _ = easy_win()
    near = Session(game, seed)
    for move in solve(game, game.deal(seed), 20_000).moves[:-2]:
        near.play(move)
    context = browser.new_context()
    one, two = context.new_page(), context.new_page()
    url = base_url + to_query(game, seed)
    try:
        visit(one, base_url + "?game=frog&seed=1")
        one.evaluate("([k, v]) => localStorage.setItem(k, v)", [saves.key("klondike"), saves.encode(near)])
        visit(one, url)
        visit(two, url)
        assert table(one)["moves"] == table(two)["moves"] == str(near.move_count)
        one.wait_for_function("() => document.getElementById('winnable').dataset.verdict === 'won'",
                              timeout=30_000)
        one.click("#finish")
        one.wait_for_function("() => document.getElementById('table').dataset.status === 'won'", timeout=30_000)
        two.wait_for_function("() => document.getElementById('table').dataset.status === 'won'", timeout=30_000)
        # the second tab counts, if it does, as it takes the won game up (one task); its
        # tasks queued by then have run once it has drawn a frame after them
        frames(two, 2)
        records = json.loads(two.evaluate("k => localStorage.getItem(k)", STATS_KEY))["records"]
        (record_,) = records.values()
        assert (record_["played"], record_["won"], record_["lost"]) == (1, 1, 0)
        assert saves.peek(two.evaluate("k => localStorage.getItem(k)", saves.key("klondike")))["result"] == "won"
    finally:
        context.close()


@pytest.mark.parametrize("query, told", BAD_ADDRESSES, ids=IDS)
def test_malformed_addresses_are_told_and_never_markup(page, query, told):
    """Every address of the shared table: told in a message, shown as text, and a valid
    deal in its place, which the address then names."""
    open_deal(page, query)
    page.wait_for_function("() => !document.getElementById('message').hidden")
    assert told in message(page)
    assert len(message(page)) < 300  # long input is shortened
    assert page.evaluate("document.querySelectorAll('#message-text *, img, script:not([src])').length") == 0
    # the deal on the table is the engine's, and the URL now names it (a random deal may
    # have no move from its first card: seed 675038461, so the status is the engine's too)
    t = table(page)
    expected = parse_query(query).game
    search = page.evaluate("location.search")
    assert to_query(expected, int(t["seed"])) == search and t["game"] == expected.id
    deal = expected.deal(int(t["seed"]))
    assert_dom_is(page, expected, deal)
    assert t["status"] == expected.status(deal) and t["moves"] == "0"
    page.click("#message-close")
    assert not page.is_visible("#message")
    if (query, told) == BAD_ADDRESSES[-1]:
        record("bad-input-urls", {"tried": len(BAD_ADDRESSES)})
