"""Canfield's own search (search/canfield.py): the same verdicts as the plain search on
endgames."""

from __future__ import annotations

import pytest

from patience import get_game
from patience.cards import RANK_OF, RED_OF, make_card
from patience.game import Game
from patience.search import LOST, WON
from patience.rng import Rng
from patience.state import State
from plain_search import at_least, own_search_verdicts


def canfield_endgame(game: Game, rng: Rng) -> State:
    """A random late Canfield position: a random base rank, each suit home to a random
    height from it, the other cards at random on the piles (runs of up to four cards), in
    the reserve (up to twelve) and in the stock."""
    base = 1 + rng.below(13)

    def card(suit: int, rel: int):  # the card ``rel`` ranks up from the base, the base 1
        return make_card((base + rel - 2) % 13 + 1, suit)

    homes = [3 + rng.below(10) for _ in range(4)]
    rest = [card(s, r) for s in range(4) for r in range(homes[s] + 1, 14)]
    rest = [rest[i] for i in rng.shuffled(tuple(range(len(rest))))]
    piles: list[tuple] = [()] * len(game.piles)
    down = [0] * len(game.piles)
    for s, f in enumerate(game.foundations):
        piles[f] = tuple(card(s, r) for r in range(1, homes[s] + 1))
    for i in range(1, 5):  # each pile a run down in alternate colours, as play builds them
        pile: list = []
        for _ in range(1 + rng.below(4)):
            fits = [c for c in rest if not pile or (RANK_OF[pile[-1]] - RANK_OF[c]) % 13 == 1
                    and RED_OF[c] != RED_OF[pile[-1]]]
            if fits:
                pile.append(fits[0])
                rest.remove(fits[0])
        piles[game.index[f"t{i}"]] = tuple(pile)
    k = min(len(rest), rng.below(13))
    piles[game.index["reserve"]], rest = tuple(rest[:k]), rest[k:]
    piles[game.stock], down[game.stock] = tuple(rest), len(rest)
    state = State(tuple(piles), tuple(down), game.empty_state().info)
    return game.with_info(state, "base", base)


@pytest.mark.reliability  # all its positions in the long run
@pytest.mark.parametrize("opts", [{}, {"draw": "1"}, {"foundation_return": "on"}])
def test_canfield_search_agrees_with_the_plain_search_on_endgames(opts):
    """Canfield's own search (K+, cards home that nothing needs, whole piles moved only to
    let the reserve in or make room for the waste, cards back from home only when some
    card may need them, piles sorted in the key) against every
    engine move searched to the end, on random late positions: both give the same
    verdict, and each won line wins through the checked play."""
    from patience.search.canfield import CanfieldSearch

    verdicts = own_search_verdicts(get_game("canfield", opts), CanfieldSearch, canfield_endgame, Rng(3, "canfield endgames"))
    assert verdicts.count(WON) >= at_least(10, 80) and verdicts.count(LOST) >= at_least(3, 80), verdicts
