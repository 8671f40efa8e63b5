"""«Дельтаплан»'s own search (search/glider.py): the same verdicts as the plain search
on endgames, and its looser game never calls a winnable position lost."""

from __future__ import annotations

import pytest

from patience import get_game
from patience.cards import make_card
from patience.game import Game
from patience.search import LOST, WON, solve
from patience.search.registry import model_of
from patience.rng import Rng
from patience.state import State
from plain_search import exhaust, endgames, at_least, own_model_verdicts


def glider_endgame(game: Game, rng: Rng, deep: bool = False) -> State:
    """A random late position of «Дельтаплан»: each foundation up to a random height (the
    eight to the jack), the other cards (the kings aside) in the stock and the rows, and
    the waste turned over up to three times already.  While the stock
    lasts no row is empty, as in play; with the stock out, some rows may be.

    ``deep``: few rows and deep ones (the rest on two to four rows, a few cards in the
    stock, none to three turn-overs made): cards of a kind often lie under a queen there,
    and half of these positions are lost."""
    piles: list[tuple] = [()] * len(game.piles)
    rest = []
    low = 8 + rng.below(2) if not deep else 8
    for k, f in enumerate(game.foundations):
        suit, copy = k % 4, 52 * (k // 4)
        height = low + rng.below(13 - low if not deep else 4)
        piles[f] = tuple(make_card(x, suit) + copy for x in range(1, height + 1))
        rest += [make_card(x, suit) + copy for x in range(height + 1, 13)]
    rest = [rest[i] for i in rng.shuffled(tuple(range(len(rest))))]
    lines = [game.index[f"t{n}"] for n in range(1, 11)]
    if deep:
        k = rng.below(4)
        stock, rest = rest[:k], rest[k:]
        used = lines[:2 + rng.below(3)] if len(rest) > 4 else lines[:len(rest)]
    else:
        k = rng.below(max(1, len(rest) - len(lines) + 1))  # at least a card a row stays out of the stock
        stock, rest = rest[:k], rest[k:]
        used = lines if stock else lines[:1 + rng.below(10)]
    for i, c in enumerate(rest):
        piles[used[i] if i < len(used) else used[rng.below(len(used))]] += (c,)
    piles[game.stock] = tuple(stock)
    piles[game.index["kings"]] = tuple(make_card(13, s) + 52 * d for d in (0, 1) for s in range(4))
    down = [0] * len(game.piles)
    down[game.stock] = len(stock)
    turned = rng.below(int(game.options["redeals"]) + 1) if deep else 2 + rng.below(2)
    return State(tuple(piles), tuple(down), (turned,))


@pytest.mark.reliability  # all its positions in the long run
@pytest.mark.parametrize("opts", [{}, {"cross_only": "on"}, {"redeals": "2"}])
def test_glider_search_agrees_with_the_plain_search_on_endgames(opts):
    """«Дельтаплан»'s model (the stock's cards in reach read off the talon, a key that
    forgets a card's deck) against every engine move searched to the end, on random late
    positions: both give the same verdict, and each won line wins through the checked
    play."""
    from patience.search.glider import GliderModel

    _, verdicts = own_model_verdicts(get_game("glider", opts), GliderModel, glider_endgame)
    assert verdicts.count(WON) >= at_least(10, 80) and verdicts.count(LOST) >= at_least(3, 80), verdicts


@pytest.mark.reliability  # 300 positions a rule in the long run
@pytest.mark.parametrize("opts", [{}, {"cross_only": "on"}, {"redeals": "2"}])
def test_glider_looser_game_calls_lost_only_what_the_plain_search_loses(opts):
    """«Дельтаплан»'s looser game (``GliderModel.lost``, which lets the search say lost at
    once) against every engine move searched to the end: on random late positions, each
    one it calls lost is lost (300 in the long run, 303 called lost of 900 when it was
    written; those with too many positions for the
    plain search are left out), and it does call some lost."""
    game = get_game("glider", opts)
    model = model_of(game)
    rng = Rng(12, "glider locks")
    checked = 0
    for _ in range(endgames(300) * 2):
        state = glider_endgame(game, rng, deep=True)
        lock = model.why_lost(state)  # a reason in cards only where the looser game says lost
        assert lock is None or (model.lost(state) and lock.card in state.piles[lock.pile])
        if model.lost(state):
            theirs = exhaust(game, state, 20_000, True)  # (None: too many positions for it)
            assert theirs != WON, game.code(state)
            checked += theirs == LOST
    assert checked >= at_least(30, 300)


def test_no_position_of_a_glider_winning_line_is_called_lost():
    """Along the winning lines the search finds for «Дельтаплан»'s first deals, the
    looser game calls no position lost (nor on 33 lines of deals 1-40 when it was written); and
    two cards of a kind under the queens of their suit are lost, by the plain search too
    (and ``why_lost`` names the queen), while with one of them above its queen the same
    cards win."""
    game = get_game("glider")
    model = model_of(game)
    for seed in (1, 3, 4, 5, 6, 7):  # (deal 2 is not won within the budget)
        state = game.deal(seed)
        result = solve(game, state, 5_000)
        assert result.verdict == WON, seed
        assert not model.lost(state)
        for move in result.moves:
            state = game.apply(state, move)
            assert not model.lost(state), (seed, game.code(state))
    ten, queen = make_card(10, 0), make_card(12, 0)
    base = glider_endgame(game, Rng(1, "glider lock"))
    piles = list(base.piles)
    for k, f in enumerate(game.foundations):  # every suit home to the queen, spades to the nine
        suit, copy = k % 4, 52 * (k // 4)
        piles[f] = tuple(make_card(x, suit) + copy for x in range(1, (10 if suit == 0 else 13)))
    for i in range(1, 11):
        piles[game.index[f"t{i}"]] = ()
    piles[game.stock] = (make_card(11, 0), make_card(11, 0) + 52, queen + 52)
    t1 = game.index["t1"]
    for row, verdict in (((ten, ten + 52, queen), LOST), ((ten, queen, ten + 52), WON)):
        piles[t1] = row
        down = [0] * len(piles)
        down[game.stock] = 3
        state = State(tuple(piles), tuple(down), (1,))
        assert model.lost(state) == (verdict == LOST)
        assert exhaust(game, state, 50_000, True) == verdict
        assert solve(game, state, 10_000).verdict == verdict
        # why, in cards: the queen can never go home, for no jack of spades can before it
        lock = model.why_lost(state)
        assert (lock is None) == (verdict == WON)
        assert verdict == WON or lock == ("before_never_home", t1, queen, (make_card(11, 0),), ())
