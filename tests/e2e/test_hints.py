"""Hints that point, in every game: in a position whose only legal move is of a chosen
kind (so the hint is known), *Hint* names that move in words and marks it on the table —
the cards and target of a card move, the stock for a turn or a stock action (Bride's
turn, «Змей»'s round, the Cross's row), a removal's cards, a button (Reshuffle) — and
the marks go when the move is made."""

from __future__ import annotations

import functools
import random

import pytest

from patience import get_game
from patience.game import Move
from patience.session import Session
from table import i18n
from table.interaction import hint_marks, move_words

from ui import act, open_deal, resume_at
from helpers import hint_kind

# per case: the game, its options, and the kind of move the only legal one must be
CASES = {
    "klondike": ("klondike", {}, "stock"),
    "canfield": ("canfield", {}, "card"),
    "zmey": ("zmey", {}, "stock"),
    "gaps8": ("gaps8", {"reshuffles": "2"}, "button"),
    "potocki": ("potocki", {}, "button"),
    "frog": ("frog", {}, "card"),
    "cross": ("cross", {}, "stock"),
    "glider": ("glider", {}, "card"),
    "bride": ("bride", {}, "place"),
    "bride-stock": ("bride", {}, "stock"),
}


@functools.cache
def only_move(case: str) -> tuple[Session, Move]:
    """A game in progress whose one legal move is of the case's kind, from random playouts
    (which, but for a card move, avoid that kind until it is all that is left).  Deals of
    no winnable-deal list: on a listed deal the page knows the deal's winning line, and a
    position that left it is told lost with the move that lost it, a message of its own."""
    game_id, options, kind = CASES[case]
    game = get_game(game_id, options)
    rnd = random.Random(27)
    for seed in range(2001, 2060):
        session = Session(game, seed)
        for _ in range(600):
            moves = game.legal_moves(session.state)
            if not moves:
                break
            if len(moves) == 1 and hint_kind(game, moves[0]) == kind and session.move_count:
                return session, moves[0]
            others = [m for m in moves if hint_kind(game, m) != kind] if kind != "card" else []
            session.play(rnd.choice(others or moves))
    raise AssertionError(f"no position of {case} with a single {kind} move")


@pytest.mark.parametrize("case", list(CASES))
def test_the_hint_names_and_marks_the_move(page, case):
    session, move = only_move(case)
    game, state = session.game, session.state
    open_deal(page, "?game=klondike&seed=1")  # a clean start: no saves, no hint
    resume_at(page, session)
    page.click("#hint")
    page.wait_for_function("() => document.getElementById('table').dataset.hint", timeout=10_000)
    assert game.parse_move(page.get_attribute("#table", "data-hint")) == move
    i18n.set_language("en")
    assert page.inner_text("#message-text") == f"Hint: {move_words(game, state, move)}."
    marks = hint_marks(game, state, move)
    marked = page.evaluate("""() => ({
        cards: [...document.querySelectorAll('#table .card.hint')].map(e => [e.dataset.pile, +e.dataset.index]),
        targets: [...document.querySelectorAll('#table .hint-target')].map(e => e.dataset.pile),
        chips: document.querySelectorAll('#table .chip.hint').length,
        buttons: [...document.querySelectorAll('#actions button.hint')].map(e => e.dataset.action)})""")
    where = {card: (game.names[i], k) for i, pile in enumerate(state.piles) for k, card in enumerate(pile)}
    assert sorted(tuple(x) for x in marked["cards"]) == sorted(where[c] for c in marks.cards)
    assert set(marked["targets"]) == {game.names[i] for i in marks.piles}  # a slot, and a top card on it
    assert marked["chips"] == len(marks.chips)
    assert marked["buttons"] == ([move.kind] if marks.button else [])
    assert marked["cards"] or marked["targets"] or marked["buttons"]  # something is marked
    kind = CASES[case][2]
    if kind == "stock":  # the stock lights up
        assert "stock" in marked["targets"]
    elif kind == "place":  # the cards a removal takes, named in the words
        assert len(marked["cards"]) == move.n
        assert all(i18n.card_name(c.rank, c.suit) in page.inner_text("#message-text") for c in marks.cards)
    elif kind == "button":
        assert marked["buttons"] == [move.kind]
    assert act(page, game, state, move, "taps")  # the move made: its marks go
    page.wait_for_function(f"() => document.getElementById('table').dataset.moves === '{session.move_count + 1}'")
    page.wait_for_function("() => !document.getElementById('table').dataset.hint")
    assert page.evaluate("""() => document.querySelectorAll(
        '#table .card.hint, #table .hint-target, #table .chip.hint, #actions button.hint').length""") == 0
