"""The plain complete search, against which each game's own search is held (every
reduction and loss proof: the same verdict on small and random positions), and the
positions the solver tests share."""

from __future__ import annotations

from helpers import position
from patience import get_game
from patience.cards import RANKS
from patience.game import Game, Move
from patience.search import LOST, WON, solve
from patience.search.registry import model_of
from patience.rng import Rng
from patience.state import State
from sizes import ENDGAMES


def replays_to_a_win(game: Game, state: State, moves: list[Move]) -> bool:
    for move in moves:
        state = game.play(state, move)  # checked: raises on an illegal move
    return game.is_won(state)


def klondike_spade_blocked(**opts: str) -> tuple[Game, State]:
    """Hearts, diamonds and clubs home, the ace of spades home; the two of spades lies
    face down under the three; the other spades are in the stock."""
    game = get_game("klondike", {"draw": "1", **opts})
    full = {f"f{i}": "".join(f"{r}{s}" for r in RANKS) for i, s in ((2, "h"), (3, "d"), (4, "c"))}
    return game, position(game, f1="As", t1="1:2s3s", **full)


def exhaust(game: Game, state: State, limit: int = 200_000, counters: bool = False) -> str | None:
    """Every position the engine's moves reach (a plain search, no pruning, no K+);
    None when there are more than ``limit``.  The counters (passes, reshuffles made) are
    part of a position only when ``counters``: Klondike's passes are unlimited."""
    seen = {state if counters else state[:2]}
    todo = [state]
    while todo:
        s = todo.pop()
        if game.is_won(s):
            return WON
        for move in game.legal_moves(s):
            after = game.apply(s, move)
            k = after if counters else after[:2]
            if k not in seen:
                seen.add(k)
                todo.append(after)
                if len(seen) > limit:
                    return None
    return LOST


def agrees_with_the_plain_search(game: Game, states, counters: bool = False) -> list[str]:
    """The solver's verdict on each position against every engine move searched to the
    end (``exhaust``; positions with too many for it are skipped), and each won line
    replayed through the checked play; the verdicts."""
    verdicts = []
    for state in states:
        theirs = exhaust(game, state, 20_000, counters)
        if theirs is None:
            continue  # too many positions for the plain search
        result = solve(game, state, 50_000)
        assert result.verdict == theirs, game.code(state)
        if theirs == WON:
            assert replays_to_a_win(game, state, result.moves)
        verdicts.append(theirs)
    return verdicts


def endgames(full: int) -> int:
    """How many random late positions an agreement test checks: ``full`` in the long run,
    fewer (the first of the same ones) in ``build.py test`` (tests/sizes.py)."""
    return min(full, ENDGAMES)


def at_least(k: int, full: int) -> int:
    """The least count of a verdict among ``full`` positions, ``k``, for the share of them
    checked now (at least one: both verdicts are always seen)."""
    return max(1, k * endgames(full) // full)


def own_search_verdicts(game: Game, search: type, endgame, rng: Rng) -> list[str]:
    """The verdicts on random late positions (``endgame``: 80 of them, fewer in the
    default run) of a game whose solver runs its own ``search`` (a Hunt's complete
    search), each checked against the plain search."""
    assert isinstance(model_of(game).searcher(game.deal(1)).full, search)
    return agrees_with_the_plain_search(game, (endgame(game, rng) for _ in range(endgames(80))))


def states_along(game: Game, state: State, moves: list[Move]) -> list[State]:
    """The position before each of ``moves``."""
    out = []
    for move in moves:
        out.append(state)
        state = game.apply(state, move)
    return out


def own_model_verdicts(game: Game, model: type, endgame) -> tuple[list[State], list[str]]:
    """Random late positions (``endgame``: 80 of them, fewer in the default run) of a game
    searched through its own ``model``, and the verdicts on those small enough for the
    plain search (most of them), each checked against it (the counters are part of a
    position)."""
    assert isinstance(model_of(game), model)
    rng = Rng(9, f"{game.id} endgames")
    states = [endgame(game, rng) for _ in range(endgames(80))]
    verdicts = agrees_with_the_plain_search(game, states, counters=True)
    assert len(verdicts) >= len(states) * 3 // 4, verdicts
    return states, verdicts
