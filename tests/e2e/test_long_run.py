"""A Canfield pile past 13 cards (grown by the wrap, a king on an ace) moves as a whole at
the table, by drag and by tap-tap (issue 24).  Each position is a deal and the moves
that reach it (``test_canfield.LONG_PILE_LINES``), put in the page as the saved game and
resumed, as a reload would."""

from __future__ import annotations

import pytest

from patience import Session, get_game
from table import saves
from table.urlstate import to_query

from ui import assert_dom_is, open_deal, play_by_pointer, table, wait_moves
from helpers import long_pile_ids, LONG_PILE_LINES


@pytest.mark.parametrize("line", LONG_PILE_LINES, ids=long_pile_ids)
def test_a_pile_past_13_cards_moves_by_drag_and_by_taps(page, line):
    opts, seed, moves, whole = line
    game = get_game("canfield", opts)
    session = Session(game, seed)
    for text in moves.split():
        session.play(game.parse_move(text))
    page.evaluate("localStorage.clear()")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [saves.key("canfield"), saves.encode(session)])
    open_deal(page, to_query(game, seed), keep_saves=True)
    wait_moves(page, session.move_count)
    assert table(page)["seed"] == str(seed)
    before = session.state
    assert_dom_is(page, game, before)
    move = game.parse_move(whole)
    assert move.n == len(before.piles[move.src]) > 13
    for style in ("drag", "taps"):
        play_by_pointer(page, game, before, move, style)
        session.play(move)
        wait_moves(page, session.move_count)
        assert_dom_is(page, game, session.state)
        assert session.state.piles[move.dst][-move.n:] == before.piles[move.src]
        page.click("#undo")
        session.undo()
        wait_moves(page, session.move_count)
        assert_dom_is(page, game, before)
