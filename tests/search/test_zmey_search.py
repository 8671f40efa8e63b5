"""«Змей»'s own search (search/zmey.py): the same verdicts as the plain search on
endgames, and its keys."""

from __future__ import annotations

import pytest

from patience import get_game
from patience.cards import make_card
from patience.game import Game
from patience.search import LOST, WON
from patience.search.registry import model_of
from patience.rng import Rng
from patience.state import State
from plain_search import at_least, own_model_verdicts


def zmey_endgame(game: Game, rng: Rng) -> State:
    """A random late position of «Змей»: each row's ace foundation up from the ace and its
    king foundation down from the king to random heights, the other cards on two random
    piles (so that some are buried for good), the stock empty; the redeal used or still
    to come (then its deal phase, with the positional limit, is searched too)."""
    from patience.games.zmey import ROW_SUITS

    piles: list[tuple] = [()] * len(game.piles)
    rest = []
    for r, s in enumerate(ROW_SUITS):
        up, down = 9 + rng.below(5), 1 + rng.below(5)  # the ace foundation's top, the king's
        piles[game.foundations[r]] = tuple(make_card(x, s) for x in range(1, up + 1))
        piles[game.foundations[r + 4]] = tuple(make_card(x, s) + 52 for x in range(13, down - 1, -1))
        home = set(piles[game.foundations[r]] + piles[game.foundations[r + 4]])
        rest += [c for c in (make_card(x, s) + 52 * d for x in range(1, 14) for d in (0, 1)) if c not in home]
    rest = [rest[i] for i in rng.shuffled(tuple(range(len(rest))))]
    cols = [game.index[f"t{1 + rng.below(12)}"] for _ in range(2)]
    for c in rest:
        piles[cols[rng.below(2)]] += (c,)
    return State(tuple(piles), (0,) * len(game.piles), (8, rng.below(2)))


@pytest.mark.reliability  # all its positions in the long run
@pytest.mark.parametrize("side_limit", ["row", "adjacent"])
def test_zmey_search_agrees_with_the_plain_search_on_endgames(side_limit):
    """«Змей»'s model (its key forgets a card's deck and, after the redeal in the play
    phase, the piles' places) against every engine move searched to the end, on random
    late positions, before the redeal and after it: both give the same verdict, and each
    won line wins through the checked play."""
    from patience.search.zmey import ZmeyModel

    states, verdicts = own_model_verdicts(get_game("zmey", {"side_limit": side_limit}), ZmeyModel, zmey_endgame)
    assert verdicts.count(WON) >= at_least(10, 80) and verdicts.count(LOST) >= at_least(10, 80), verdicts
    assert {s.info[1] for s in states} == {0, 1}


def test_zmey_keys_forget_the_deck_and_after_the_redeal_the_piles_places():
    """Two positions that differ only in which copy of a card lies where, or (after the
    redeal, in the play phase) in which pile holds what, are one position to the search;
    before the redeal the piles' places matter (the gathering order), so they are not."""
    game = get_game("zmey")
    model = model_of(game)
    t1, t2 = game.index["t1"], game.index["t2"]
    seven, other_seven, nine = make_card(7, 0), make_card(7, 0) + 52, make_card(9, 1)

    def at(first: tuple, second: tuple, redealt: int) -> State:
        piles = list(zmey_endgame(game, Rng(1, "zmey key")).piles)
        piles[t1], piles[t2] = first, second
        return State(tuple(piles), (0,) * len(piles), (8, redealt))

    for redealt in (0, 1):
        assert model.key(at((seven,), (nine,), redealt)) == model.key(at((other_seven,), (nine,), redealt))
    assert model.key(at((seven,), (nine,), 1)) == model.key(at((nine,), (seven,), 1))
    assert model.key(at((seven,), (nine,), 0)) != model.key(at((nine,), (seven,), 0))


def test_the_models_table_of_piles_goes_with_the_search():
    """The model keeps each pile's part of the key (``ZmeyModel.like``) while it searches:
    the table is among the complete search's parts, so a search that is over frees it a
    piece at a time with its positions, and the probes (which share the model) do not."""
    from patience.search import Search

    game = get_game("zmey")
    search = Search(game, game.deal(100009), None)
    search.step(3000)
    like = search.hunt.full.model.like
    assert len(like) > 512  # more than one piece of the sweep
    assert any(part is like for part in search.hunt.full.parts())
    assert search.hunt.probe is not None and not any(part is like for part in search.hunt.probe.parts())
    calls = 1
    while not search.sweep(0.0):
        calls += 1
    assert not like and calls > 1


@pytest.mark.parametrize("side_limit", ["row", "adjacent"])
def test_a_steps_key_is_its_positions_key(side_limit):
    """«Змей»'s steps carry their keys, made from the position's own with only the two
    piles a card move changes (and the foundations' lengths) made again: along random
    lines through the deal phase, the redeal and the play phase after it, each step's
    key is the key of the position it reaches, the steps are the model's, in its order,
    and those to positions seen already are left out when asked."""
    from patience.search.model import Model

    game = get_game("zmey", {"side_limit": side_limit})
    model = model_of(game)
    rng = Rng(13, "zmey keyed steps")
    checked, redealt, home = 0, 0, 0
    for seed in range(1, 9):
        state = game.deal(seed)
        for _ in range(400):
            keyed = model.keyed_steps(state)
            if not keyed:
                break
            assert keyed == Model.keyed_steps(model, state)
            seen = {k for _, _, k in keyed[::2]}  # (the steps to positions seen already are left out)
            assert model.keyed_steps(state, seen) == [step for step in keyed if step[2] not in seen]
            checked += len(keyed)
            moves, state, _ = keyed[rng.below(min(3, len(keyed)))]  # (mostly the best steps: cards go home)
            redealt += state.info[1] == 1 and not state.piles[game.stock]
            home += any(move.dst in game.foundations for move in moves)
    assert checked > 1000 and redealt > 50 and home > 100, (checked, redealt, home)
