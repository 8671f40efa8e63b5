"""The table in Chromium: deals, moves by drag, taps and double clicks, undo/redo, winning."""

from __future__ import annotations

import json

import pytest

from patience import Session, get_game
from patience.game import MOVE, Move
from table.stats import KEY as STATS_KEY, record_key
from table.urlstate import to_query

from ui import (assert_dom_is, card_point, finish, first_foundation_move, mouse_drag, open_deal, open_klondike_win,
                pile_point, play_by_pointer, settle, table, wait_moves)


def test_seeded_deal_loads_exactly(page):
    for game_id, opts, seed in [("klondike", {}, 1), ("canfield", {"draw": "1"}, 2), ("klondike", {"draw": "1"}, 77)]:
        game = get_game(game_id, opts)
        open_deal(page, to_query(game, seed))
        t = table(page)
        assert (t["game"], t["seed"], t["status"], t["moves"]) == (game_id, str(seed), "playing", "0")
        assert_dom_is(page, game, game.deal(seed))
        assert page.evaluate("document.body.dataset.ready") == "1"
        slots = page.evaluate("[...document.querySelectorAll('#table .slot')].map(e => e.dataset.pile)")
        assert slots == list(game.names)
        # a face-down card gives nothing away: no rank, suit or colour in the DOM
        assert page.evaluate("""[...document.querySelectorAll('#table .card.down')].every(e =>
            e.dataset.card === '??' && !e.classList.contains('red') && !e.classList.contains('black')
            && e.textContent === '')""")


def find_position(game, seed, want):
    """The first move of ``want`` kind along a simple line from the deal, with the state before it."""
    session = Session(game, seed)
    for _ in range(60):
        for m in game.legal_moves(session.state):
            if want(game, session.state, m):
                return session, m
        session.play(game.stock_move(session.state) or game.legal_moves(session.state)[0])
    raise AssertionError("no such move found")


def tableau_move(game, state, m):
    return m.kind == "move" and game.piles[m.src].role == "tableau" and game.piles[m.dst].role == "tableau"


def test_drag_taps_stock_illegal_drop_undo_redo(page):
    game = get_game("klondike", {"draw": "1", "runs": "any"})
    seed = 4
    open_deal(page, to_query(game, seed))
    mirror = Session(game, seed)
    # stock click turns one card
    play_by_pointer(page, game, mirror.state, Move("deal"), "click")
    mirror.play(Move("deal"))
    wait_moves(page, 1)
    assert_dom_is(page, game, mirror.state)
    # undo, redo with the buttons and the keyboard
    page.click("#undo")
    wait_moves(page, 0)
    assert_dom_is(page, game, game.deal(seed))
    page.click("#redo")
    wait_moves(page, 1)
    page.keyboard.press("Control+z")
    wait_moves(page, 0)
    page.keyboard.press("Control+y")
    wait_moves(page, 1)
    assert_dom_is(page, game, mirror.state)
    # an illegal drop animates back: nothing changes
    state = mirror.state
    illegal = next(Move("move", s, d, 1) for s in range(len(game.piles)) for d in range(len(game.piles))
                   if game.piles[s].role == "tableau" and game.piles[d].role == "tableau" and s != d
                   and not game.is_legal(state, Move("move", s, d, 1)))
    src = game.names[illegal.src]
    top = len(state.piles[illegal.src]) - 1
    before = page.locator(f'#table .card[data-pile="{src}"][data-index="{top}"]').bounding_box()
    mouse_drag(page, card_point(page, src, top), pile_point(page, game, state, illegal.dst))
    settle(page)
    assert table(page)["moves"] == "1"
    assert page.locator(f'#table .card[data-pile="{src}"][data-index="{top}"]').bounding_box() == before
    assert_dom_is(page, game, state)
    # ... and says which rule refused it
    why = game.explain(state, illegal)
    assert why.startswith("Here a card goes on") and page.inner_text("#message-text") == f"That move is not allowed. {why}"
    assert page.get_attribute("#message", "data-kind") == "warning"
    # a tap-tap move and a drag move
    session, move = find_position(game, seed, tableau_move)
    open_deal(page, to_query(game, seed))
    for m in session.moves:
        play_by_pointer(page, game, Session(game, seed).state, m, "click")  # stock clicks only
    wait_moves(page, len(session.moves))
    assert_dom_is(page, game, session.state)
    play_by_pointer(page, game, session.state, move, "taps")
    session.play(move)
    wait_moves(page, session.move_count)
    assert_dom_is(page, game, session.state)
    page.click("#undo")
    session.undo()
    wait_moves(page, session.move_count)
    # while a card is held, exactly its legal targets light up
    start = card_point(page, game.names[move.src], len(session.state.piles[move.src]) - move.n)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 30, start[1] + 40, steps=3)
    lit = page.evaluate("[...new Set([...document.querySelectorAll('#table .target')].map(e => e.dataset.pile))]")
    assert sorted(lit) == sorted(game.names[d] for d in game.targets(session.state, move.src, move.n))
    page.mouse.move(*start, steps=2)
    page.mouse.up()
    page.wait_for_function("() => document.getAnimations().length === 0")
    assert page.locator("#table .target").count() == 0 and table(page)["moves"] == str(session.move_count)
    assert page.locator("#table .card.dragging").count() == 0  # the cards held are put back
    play_by_pointer(page, game, session.state, move, "drag")
    session.play(move)
    wait_moves(page, session.move_count)
    assert_dom_is(page, game, session.state)
    assert page.locator("#table .card.dragging").count() == 0
    # Restart returns to the deal; Redo takes it back, move by move
    page.click("#restart")
    wait_moves(page, 0)
    assert_dom_is(page, game, game.deal(seed))
    page.click("#redo")
    wait_moves(page, 1)
    assert_dom_is(page, game, session.states[1])


# Busy the page for 500 ms once, right after the table has handled the next pointerup (a
# listener on window runs after the table's own): the page at work between the two clicks
# of a double click (a solver's slice on a slow device, a redraw on a loaded machine).
STALL_AFTER_NEXT_UP = """() => addEventListener('pointerup', () => {
  const start = performance.now();
  while (performance.now() - start < 500) {}
}, {once: true})"""


def test_double_click_counts_when_made_not_when_handled(page):
    """A double click sends a card home even when the page is busy between handling its
    two clicks: the interval is the clicks' own (their events' time stamps), not the
    time between the page's getting to them.  (The Cross by mouse once failed so under
    load: its first click picked the card up, the second, handled late, put it back.)"""
    game = get_game("klondike", {"draw": "1"})
    session = Session(game, 1)
    move = next(m for m in game.legal_moves(session.state) if m.kind == MOVE and m.n == 1
                and first_foundation_move(game, session.state, m.src) == m)  # an ace in a column
    open_deal(page, to_query(game, 1))
    page.evaluate(STALL_AFTER_NEXT_UP)
    page.mouse.dblclick(*card_point(page, game.names[move.src], len(session.state.piles[move.src]) - 1))
    session.play(move)
    wait_moves(page, 1)
    assert_dom_is(page, game, session.state)
    assert page.locator("#table .card.selected").count() == 0


@pytest.mark.reliability  # the whole line through the table
@pytest.mark.parametrize("pointer", ["mouse", "touch"])
def test_win_a_klondike_game(pointer, request):
    """A deal whose winning line the engine finds, resumed where its moves from column to
    column begin and played on through the table for WIN_MOVES moves: stock clicks,
    cards home by double click (or two taps), drag and taps, cards moved by drag and by
    taps.  Finish plays the rest.  (The long run, tests/sizes.py, plays the whole line
    from the deal through the table.)  The win is told and counted: as won, or as solved
    with help when Finish was pressed before the rest was forced."""
    page = request.getfixturevalue("page" if pointer == "mouse" else "phone")
    cdp = page.context.new_cdp_session(page) if pointer == "touch" else None
    game, seed, line, mirror, played = open_klondike_win(page)
    ways: set[str] = set()
    homes = others = 0
    for k, move in enumerate(played):
        state = mirror.state
        if move.kind != MOVE:
            style, way = "click", "stock"
        elif first_foundation_move(game, state, move.src) == move:  # a card home: each way in turn
            style, homes = ("double", "drag", "taps")[homes % 3], homes + 1
            way = f"home by {style}"
        else:
            style, others = ("drag", "taps")[others % 2], others + 1
            way = f"move by {style}"
        play_by_pointer(page, game, state, move, style, cdp)
        ways.add(way)
        mirror.play(move)
        wait_moves(page, mirror.move_count)
        try:
            assert_dom_is(page, game, mirror.state)
        except AssertionError:
            raise AssertionError(f"move {k} {game.notation(move)} {way}: "
                                 f"{[game.notation(m) for m in played[max(0, k - 3):k + 1]]}") from None
    assert {"stock", "home by double", "move by drag", "move by taps"} <= ways, ways
    # Finish pressed before the rest is forced makes the game one solved with help
    helped = len(played) < len(line) and not game.is_forced(mirror.state)
    if len(played) < len(line):
        finish(page, game)
    moves = int(table(page)["moves"])
    assert table(page)["status"] == "won" and moves >= mirror.move_count
    assert page.is_visible("#win") and str(moves) in page.inner_text("#win-text")
    stats = json.loads(page.evaluate("k => localStorage.getItem(k)", STATS_KEY))
    record = stats["records"][record_key(game)]
    assert record["history"][-1][1:2] == [2 if helped else 1] and record["history"][-1][3] == moves
    if helped:  # counted apart: no win, no record
        assert record["assisted"] >= 1 and "solved with help" in page.inner_text("#win-text")
    else:  # counted as won
        assert record["won"] >= 1 and record["fewest_moves"] <= moves and record["streak"] >= 1
    page.click("#win-new") if pointer == "mouse" else page.tap("#win-new")
    page.wait_for_function(f"() => document.getElementById('table').dataset.seed !== '{seed}'")
    assert table(page)["moves"] == "0" and not page.is_visible("#win")
