"""Runs of any length (issue 24): whatever the rules let a player pick up is listed
wherever its landing card fits, however many cards it holds.

Random playouts of every game and option set (seeded, so a failure replays), leaning
towards moves onto the tableau and long runs, so that long piles get built: Canfield's
wrap (a king on an ace) grows a pile past 13 cards.  At every position, for every pile,
every number of cards the rules let a player pick up from it, and every other pile:

- the declared rules (roles, the build rule, what an empty pile takes, a pile that takes
  one card at a time), written out here again: the move is listed exactly when they
  allow it (a game whose rules are code of its own, ``accept`` or ``generate``, is
  checked by the next point only);
- length plays no part: n cards are listed exactly when the card of theirs that lands
  first, put alone in their place, may go there.
"""

from __future__ import annotations

import random

import pytest

from patience import get_game
from patience.game import MOVE, Game, Move
from patience.state import State
from helpers import ALL

SEEDS = 2  # playouts per game and option set
STEPS = 100  # moves per playout
GRID = (1, 30)  # a grid of many piles (the Gaps games), where each position costs more: one playout, shorter


def declared(game: Game, state: State, src: int, dst: int, n: int) -> bool:
    """Whether the declared rules let n cards picked up from src go to dst."""
    source, target = game.piles[src], game.piles[dst]
    sizes = game.pick_sizes(state, src)
    # a pile that takes one card at a time (a foundation) takes the top card whatever
    # the pick rule; any other takes what may be picked up, whatever its length
    picked = (n == 1 and bool(sizes)) if target.max_in == 1 else n in sizes
    if not picked or target.role not in source.sends:
        return False
    pile, top = state.piles[src], state.piles[dst]
    card = pile[-1] if target.flip_in else pile[-n]
    if top:
        return target.build is not None and target.build.fits(top[-1], card)
    rule = target.empty
    return (rule == "any" or (rule == "K" and card.rank == 13) or (rule == "A" and card.rank == 1)
            or (rule == "base" and card.rank == game.info_value(state, "base"))
            or (rule == "from_waste" and src == game.waste))


def alone(game: Game, state: State, src: int, dst: int, n: int) -> State:
    """The position with the n top cards of src replaced by the one that lands first on dst."""
    pile = state.piles[src]
    card = pile[-1] if game.piles[dst].flip_in else pile[-n]
    piles = state.piles[:src] + (pile[:-n] + (card,),) + state.piles[src + 1:]
    return state._replace(piles=piles)


def check(game: Game, state: State) -> int:
    """Check one position (see the module's docstring); the longest run checked."""
    listed = {m for m in game.legal_moves(state) if m.kind == MOVE}
    own_rules = game.spec.rules.accept is not None or game.spec.rules.generate is not None
    longest = 0
    npiles = len(game.piles)
    for src in range(npiles):
        sizes = game.pick_sizes(state, src)
        if not sizes:
            assert not any(m.src == src for m in listed)
            continue
        for n in set(sizes) | {1}:
            for dst in range(npiles):
                if dst == src:
                    continue
                move = Move(MOVE, src, dst, n)
                if not own_rules:
                    assert (move in listed) == declared(game, state, src, dst, n), \
                        (game.code(state), game.notation(move))
                if n > 1 and n in sizes:
                    longest = max(longest, n)
                    if game.piles[dst].max_in == 1:  # one card at a time
                        assert move not in listed, (game.code(state), game.notation(move))
                        continue
                    one = Move(MOVE, src, dst, 1)
                    assert (move in listed) == game.is_legal(alone(game, state, src, dst, n), one), \
                        (game.code(state), game.notation(move))
    return longest


def lean(game: Game, moves: list[Move], rng: random.Random) -> Move:
    """A random move, most often one onto the tableau, the longest first."""
    onto = [m for m in moves if m.kind == MOVE and game.piles[m.dst].role == "tableau"
            and game.piles[m.src].role != "foundation"]
    if onto and rng.random() < 0.75:
        most = max(m.n for m in onto)
        return rng.choice([m for m in onto if m.n == most] if rng.random() < 0.5 else onto)
    return rng.choice(moves)


@pytest.mark.parametrize("game_id,opts", ALL, ids=[f"{g}-{'-'.join(o.values())}" for g, o in ALL])
def test_every_run_that_fits_is_listed_whatever_its_length(game_id, opts):
    game = get_game(game_id, opts)
    seeds, steps = GRID if len(game.piles) > 60 else (SEEDS, STEPS)
    for seed in range(1, seeds + 1):
        rng = random.Random(f"{game_id} {sorted(opts.items())} {seed}")
        state = game.deal(seed)
        for _ in range(steps):
            check(game, state)
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.apply(state, lean(game, moves, rng))


@pytest.mark.parametrize("opts", [{}, {"draw": "1", "passes": "4", "foundation_return": "on"}],
                         ids=["default", "draw1-passes4-return"])
def test_canfield_playouts_reach_piles_past_13_cards(opts):
    """Playouts like those above reach a Canfield pile past 13 cards that fits on another
    pile: the check holds there, and the whole pile's move is listed."""
    game = get_game("canfield", opts)
    for seed in range(1, 200):
        rng = random.Random(seed)
        state = game.deal(seed)
        for _ in range(3 * STEPS):
            moves = game.legal_moves(state)
            long = [m for m in moves if m.kind == MOVE and m.n > 13]
            if long:
                assert check(game, state) > 13
                assert all(m.n == len(state.piles[m.src]) for m in long)  # whole piles
                return
            if not moves:
                break
            state = game.apply(state, lean(game, moves, rng))
    raise AssertionError("no pile past 13 cards that fits elsewhere in 199 playouts")
