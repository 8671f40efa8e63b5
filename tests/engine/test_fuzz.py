"""Engine fuzzing: hypothesis-driven random playouts of every game and option set, at
least ``FUZZ_MOVES`` moves per game (tests/sizes.py: 4,000 in ``build.py test``, 10,000 in
``build.py reliability``; bench/fuzz_long.py runs many more), checking after every move that

- every card is there exactly once and face-down counts are valid,
- ``legal_moves`` is deterministic (the same twice, and for the position read back from
  its text form),
- every listed move is accepted by ``play``, and other candidates (random piles, counts
  and place actions) are refused with ``IllegalMoveError``, leaving the position as it was,
- undo and redo go back and forth exactly, and the text form round-trips,
- at the end of a playout, a stuck position is not one the solver can still win.

Malformed position codes and move texts are refused with the engine's own error (a
``PatienceError``), never an exception of another kind.  Figures go to
build/reliability/ for docs/reliability.md.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience import GAMES, IllegalMoveError, Session, get_game
from patience.errors import PatienceError
from patience.game import MOVE, Move
from patience.search import WON, solve
from sizes import FUZZ_MOVES

pytestmark = pytest.mark.reliability  # build.py reliability runs this file, for its figures

MOVES_PER_GAME = FUZZ_MOVES
EXAMPLES = 20
FIGURES = Path(__file__).resolve().parents[2] / "build" / "reliability"


def option_sets(spec) -> list[dict[str, str]]:
    names = [o.name for o in spec.options]
    return [dict(zip(names, values)) for values in itertools.product(*(o.values for o in spec.options))]


def record(kind: str, name: str, figures: dict) -> None:
    FIGURES.mkdir(parents=True, exist_ok=True)
    (FIGURES / f"{kind}-{name}.json").write_text(json.dumps(figures))


def invariants(game, state) -> None:
    game.check(state)  # every card once, the right counters
    counts = state.cards()
    assert sum(counts.values()) == game.ncards and max(counts.values()) == 1
    assert all(0 <= d <= len(p) for d, p in zip(state.down, state.piles))
    assert game.from_code(game.code(state)) == state


def candidates(game, state, rnd: random.Random, k: int) -> list[Move]:
    npiles = len(game.piles)
    out = [Move(MOVE, rnd.randrange(npiles), rnd.randrange(npiles), rnd.randint(1, 5)) for _ in range(k)]
    for action in game.spec.actions:
        out.append(Move(action.kind, rnd.randrange(60), 0, rnd.randint(1, 3)) if action.at_place else Move(action.kind))
    out += [Move("deal"), Move("recycle")]
    return out


def playout(game_id: str, sets: list[dict[str, str]], seed: int, rnd: random.Random, budget: int,
            tally: dict[str, int]) -> None:
    deal_no = 0
    while tally["moves"] < budget:
        game = get_game(game_id, sets[(seed + deal_no) % len(sets)])
        session = Session(game, seed + deal_no)
        deal_no += 1
        tally["deals"] += 1
        invariants(game, session.state)
        for step in range(400):
            state = session.state
            moves = game.legal_moves(state)
            assert moves == game.legal_moves(state)
            assert moves == game.legal_moves(game.from_code(game.code(state)))
            for move in (moves if step % 5 == 0 else rnd.sample(moves, min(2, len(moves)))):
                game.play(state, move)  # accepted
                tally["accepted"] += 1
            listed = set(moves)
            for cand in candidates(game, state, rnd, 3):
                if cand in listed:
                    continue
                with pytest.raises(IllegalMoveError):
                    game.play(state, cand)
                tally["refused"] += 1
            if not moves:
                status = game.status(state)
                assert status in ("won", "stuck")
                if status == "stuck" and tally["solved"] < 40:
                    assert solve(game, state, 3000).verdict != WON  # "stuck" is never a false alarm
                    tally["solved"] += 1
                break
            roll = rnd.random()
            if roll < 0.06 and session.can_undo():
                session.undo()
                tally["undos"] += 1
                continue
            move = rnd.choice(moves)
            session.play(move)
            after = session.state
            invariants(game, after)
            assert session.undo() and session.state == state
            assert session.redo() and session.state == after
            assert game.parse_move(game.notation(move)) == move
            tally["moves"] += 1
            if tally["moves"] >= budget:
                return


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_fuzz_every_game_and_option_set(game_id):
    spec = next(g for g in GAMES if g.id == game_id)
    sets = option_sets(spec)
    tally = {"moves": 0, "deals": 0, "accepted": 0, "refused": 0, "undos": 0, "solved": 0}
    share = math.ceil(MOVES_PER_GAME / EXAMPLES)

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(seed=st.integers(1, 10**9), choices=st.integers(0, 2**32))
    def run(seed, choices):
        playout(game_id, sets, seed, random.Random(choices), tally["moves"] + share, tally)

    run()
    assert tally["moves"] >= MOVES_PER_GAME
    record("fuzz", game_id, {**tally, "option_sets": len(sets)})


BAD_CODES = ["", "garbage", "stock=1:", "t1=0:Zz", "t1=9:As", "f1=0:As As", "#=x", "t1=0:As\x00", "=" * 50,
             "stock=0:" + "As " * 60, "t99=0:As", "t1=-1:As"]
BAD_MOVES = ["", ">", "t1>", ">f1", "t1:0>f1", "t1:-2>f1", "t1:x>f1", "zz>f1", "t1>t1>t1", "deal@", "@3",
             "remove@-1", "remove@x:2", "t1:99999999999999999999>f1", "<script>", "t1 > f1"]


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_malformed_codes_and_moves_are_refused_clearly(game_id):
    game = get_game(game_id)
    tried = 0
    for text in BAD_CODES:
        with pytest.raises(PatienceError):
            game.from_code(text)
        tried += 1
    state = game.deal(3)
    for text in BAD_MOVES:
        with pytest.raises(PatienceError):
            game.play(state, game.parse_move(text))
        tried += 1
    record("bad-input-engine", game_id, {"tried": tried})


@settings(max_examples=300, deadline=None, database=None)
@given(text=st.text(max_size=80), game_index=st.integers(0, len(GAMES) - 1))
def test_any_text_is_a_position_or_a_clear_refusal(text, game_index):
    game = get_game(GAMES[game_index].id)
    try:
        state = game.from_code(text)
    except PatienceError:
        return
    invariants(game, state)


@settings(max_examples=300, deadline=None, database=None)
@given(text=st.text(max_size=30), game_index=st.integers(0, len(GAMES) - 1))
def test_any_text_is_a_move_or_a_clear_refusal(text, game_index):
    game = get_game(GAMES[game_index].id)
    state = game.deal(5)
    try:
        game.play(state, game.parse_move(text))
    except PatienceError:
        pass
