"""Random playouts of every game and option set (hypothesis).

After every move: each card exactly once, face-down counts valid, every listed move
accepted by ``play``, random other moves refused, undo restores every earlier state
exactly, the position and move texts round-trip.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience import GAMES, IllegalMoveError, Session, get_game
from patience.game import MOVE, Move
from helpers import ALL


def check_invariants(game, state):
    counts = state.cards()
    assert sum(counts.values()) == game.ncards and max(counts.values()) == 1
    assert all(0 <= d <= len(p) for d, p in zip(state.down, state.piles))
    assert game.from_code(game.code(state)) == state


@pytest.mark.parametrize("game_id,opts", ALL, ids=[f"{g}-{'-'.join(o.values())}" for g, o in ALL])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10**9), data=st.data())
def test_random_playout(game_id, opts, seed, data):
    game = get_game(game_id, opts)
    session = Session(game, seed)
    check_invariants(game, session.state)
    npiles = len(game.piles)
    for _ in range(60):
        state = session.state
        moves = game.legal_moves(state)
        assert moves == game.legal_moves(state)  # deterministic
        for m in moves:
            assert game.is_legal(state, m)
            assert game.parse_move(game.notation(m)) == m
        # a random candidate that is not listed is refused
        cand = Move(MOVE, data.draw(st.integers(0, npiles - 1)), data.draw(st.integers(0, npiles - 1)),
                    data.draw(st.integers(1, 4)))
        if cand not in moves:
            with pytest.raises(IllegalMoveError):
                game.play(state, cand)
            assert session.state == state
        if not moves:
            break
        move = data.draw(st.sampled_from(moves))
        session.play(move)
        check_invariants(game, session.state)
    # undo walks back through every state exactly, redo forward again
    states = list(session.states)
    for k in range(len(states) - 1, 0, -1):
        assert session.state == states[k]
        session.undo()
    assert session.state == game.deal(seed)
    while session.redo():
        pass
    assert session.state == states[-1]


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_deals_are_reproducible_and_differ(game_id):
    game = get_game(game_id)
    assert game.deal(12345) == get_game(game_id).deal(12345)
    assert len({game.code(game.deal(s)) for s in range(1, 30)}) == 29


@pytest.mark.parametrize("game_id,opts", ALL, ids=[f"{g}-{'-'.join(o.values())}" for g, o in ALL])
def test_every_refused_card_move_names_its_rule(game_id, opts):
    """A refused drag (any pick-up the table allows, onto any other pile) is told by a
    rule in words (a ``Text`` the table can say in Russian), never by its notation."""
    import random

    game = get_game(game_id, opts)
    rng = random.Random(7)
    for seed in (1, 2):
        state = game.deal(seed)
        for _ in range(25):
            for src in range(len(game.piles)):
                sizes = game.pick_sizes(state, src)
                for n in set(sizes) | ({1} if sizes else set()):
                    for dst in range(len(game.piles)):
                        move = Move(MOVE, src, dst, n)
                        if dst != src and not game.is_legal(state, move):
                            reason = game.explain(state, move)
                            assert hasattr(reason, "key"), (game.code(state), game.notation(move), reason)
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.apply(state, rng.choice(moves))
