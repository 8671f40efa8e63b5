"""Every legal move can be made at the table: for random positions of every game and
option set, each move ``legal_moves`` lists is reached by some sequence of the table's
inputs, as the interaction model (py/table/interaction.py, the code the page runs) turns
them into moves — not only through the engine.  Three ways of playing are checked apart:

- **taps** (touch tap-tap, mouse clicks; two quick taps for a double tap): taps on every
  card and empty slot the pointer can hit at a desktop and a phone size (``geometry.hit``
  on each card's corners and middle, and on each slot), in sequences of up to
  ``DEPTH`` taps, slow or quick;
- **pointer** (mouse and touch): the taps, and a drag from each place to each pile the
  model offers as its target;
- **keys**: Enter/Space on every place the arrow keys bring the cursor to (found by
  stepping the cursor as the page does, from where it starts), F on it and D;

and in each, the toolbar's buttons (special actions) and the buttons at a pile (a refill),
which the pointer clicks and Tab reaches.  A move that no sequence of a way reaches fails
the test, named with its game, options, deal and position.  Positions come from seeded
random playouts of each game and option set, as many as list ``REACH_MOVES`` legal moves
in all (tests/sizes.py).
"""

from __future__ import annotations

import copy
import itertools
import random
from typing import Callable, Iterable

import pytest

from patience import GAMES, get_game
from patience.game import Game, Move
from patience.spec import GameSpec
from patience.state import State
from sizes import REACH_MOVES
from table import geometry
from table.interaction import Interaction, Play, Spot, button_moves, chip_moves, step_cursor

pytestmark = pytest.mark.reliability  # build.py reliability runs it in its long size

DEPTH = 5  # taps in a row: a card four removals take needs four taps on it, then one more
SIZES = ((1000.0, 700.0), (360.0, 640.0))  # a desktop table and a phone's
SLOW, QUICK = 1000.0, 100.0  # ms between two taps: apart, and a double tap


def option_sets(spec: GameSpec) -> list[dict[str, str]]:
    names = [o.name for o in spec.options]
    return [dict(zip(names, values)) for values in itertools.product(*(o.values for o in spec.options))]


def pointer_spots(game: Game, state: State) -> set[Spot]:
    """The places a pointer can hit: each card's corners and middle, and each empty slot,
    at each size (what ``geometry.hit`` says is under those points)."""
    spots: set[Spot] = set()
    for width, height in SIZES:
        m = geometry.metrics(game, width, height)
        positions = geometry.card_positions(game, state, m, height)
        points = {m.origin(i) for i in range(len(game.piles))}
        for pile in positions:
            points.update(pile)
        for x, y in points:
            for dx, dy in ((1, 1), (m.cw - 1, 1), (1, m.ch - 1), (m.cw - 1, m.ch - 1), (m.cw / 2, m.ch / 2)):
                hit = geometry.hit(game, positions, m, x + dx, y + dy)
                if hit is not None:
                    spots.add(hit)
    return spots


def key_spots(game: Game, state: State) -> set[Spot]:
    """The places the arrow keys bring the cursor to, from where it starts, stepping as
    the page does (``step_cursor`` over the desktop arrangement)."""
    m = geometry.metrics(game, *SIZES[0])
    origins = [m.origin(i) for i in range(len(game.piles))]
    fans = [spot[2] for spot in m.spots]
    start = Interaction().cursor_spot(game, state)
    seen, todo = {start}, [start]
    while todo:
        pile, index = todo.pop()
        for way in ("left", "right", "up", "down"):
            model = Interaction(cursor=step_cursor(state, pile, index, way, origins, fans))
            nxt = model.cursor_spot(game, state)  # kept on the table as the page keeps it
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def played(effects: Iterable[object]) -> list[Move]:
    return [e.move for e in effects if isinstance(e, Play)]


def hand(model: Interaction) -> tuple[object, ...]:
    """What of the model's state an input can depend on (the time of the last tap aside)."""
    last = model.last_tap[:2] if model.last_tap else None
    return (model.selected, model.gap_choice, model.armed, model.anchor, last)


def tap_sequences(game: Game, state: State, taps: list[tuple[Spot, bool]], legal: set[Move]) -> set[Move]:
    """Moves made by sequences of up to DEPTH taps (``taps``: the places, and whether the
    tap is a key's), each tap slow after the last or, on the place tapped last, quick; the
    search stops once every move of ``legal`` is reached."""
    reached: set[Move] = set()
    if not legal:
        return reached
    counts = {spot: game.pick_count(state, *spot) for spot, _ in taps}
    frontier = [(Interaction(), 0.0)]
    seen = {hand(frontier[0][0])}
    for _ in range(DEPTH):
        following = []
        for model, clock in frontier:
            for (pile, index), keyboard in taps:
                gaps = [SLOW]
                if not keyboard and model.last_tap and model.last_tap[:2] == (pile, index):
                    gaps.append(QUICK)
                for gap in gaps:
                    after = copy.copy(model)
                    moves = played(after.tap(game, state, pile, index, counts[pile, index], clock + gap,
                                             keyboard=keyboard))
                    reached.update(moves)
                    if moves and legal <= reached:
                        return reached
                    if not moves and hand(after) not in seen:
                        seen.add(hand(after))
                        following.append((after, clock + gap))
        frontier = following
        if not frontier:
            break
    return reached


def drags(game: Game, state: State, spots: set[Spot]) -> set[Move]:
    """Moves made by dragging the cards a press picks up onto each target the model offers."""
    reached: set[Move] = set()
    for pile, index in spots:
        n = game.pick_count(state, pile, index)
        if not n:
            continue
        model = Interaction()
        for target in model.start_drag(game, state, pile, n):
            reached.update(played(model.drop(game, state, pile, n, target, (target, None))))
    return reached


def buttons(game: Game, state: State) -> set[Move]:
    """The toolbar's buttons and the buttons at a pile."""
    return set(button_moves(game, state)) | set(chip_moves(game, state).values())


def remembering(game: Game) -> Game:
    """The game, its move lists remembered per position (the same answers, asked once:
    the searches below ask them thousands of times of one position)."""
    for name in ("card_moves", "legal_moves"):
        ask = getattr(game, name)
        memo: dict[State, list[Move]] = {}

        def remembered(state: State, ask: Callable[[State], list[Move]] = ask,
                       memo: dict[State, list[Move]] = memo) -> list[Move]:
            if state not in memo:
                memo.clear()
                memo[state] = ask(state)
            return list(memo[state])
        setattr(game, name, remembered)
    return game


def reach(game: Game, state: State) -> dict[str, set[Move]]:
    """The moves each way of playing reaches from this position."""
    pointer = pointer_spots(game, state)
    keys = key_spots(game, state)
    legal = set(game.legal_moves(state))
    both = buttons(game, state)
    keyed = set(both)
    for pile, index in keys:  # F on the cursor's card
        keyed.update(played(Interaction().to_foundation(game, state, pile, index)))
    if game.stock >= 0:  # D
        keyed.update(played(Interaction().tap(game, state, game.stock, None, 0, 0.0, keyboard=True)))
    keyed |= tap_sequences(game, state, [(spot, True) for spot in sorted(keys, key=repr)], legal - keyed)
    taps = both | tap_sequences(game, state, [(spot, False) for spot in sorted(pointer, key=repr)], legal - both)
    return {"taps": taps, "pointer": taps | drags(game, state, pointer), "keys": keyed}


def positions(game: Game, seed: int, moves: int) -> list[tuple[int, State]]:
    """Positions of random playouts from deal ``seed`` on (a new deal when one ends, the
    first of each is the deal), until they hold at least ``moves`` legal moves in all;
    with the deal number of each."""
    rng = random.Random(seed)
    out: list[tuple[int, State]] = []
    deal = seed
    state = game.deal(deal)
    listed = 0
    while listed < moves:
        out.append((deal, state))
        listed += len(game.legal_moves(state))
        for _ in range(rng.randint(1, 6)):
            legal = game.legal_moves(state)
            if not legal or game.status(state) != "playing":
                deal += 1000
                state = game.deal(deal)
                break
            state = game.play(state, rng.choice(legal))
    return out


CASES = [(spec.id, opts) for spec in GAMES for opts in option_sets(spec)]


@pytest.mark.parametrize("game_id,opts", CASES, ids=[f"{g}-{'-'.join(o.values()) or 'default'}" for g, o in CASES])
def test_every_legal_move_is_reached_by_taps_by_the_pointer_and_by_keys(game_id, opts):
    game = remembering(get_game(game_id, opts))
    missing = []
    checked = 0
    for deal, state in positions(game, 7 + len(CASES), REACH_MOVES):
        legal = set(game.legal_moves(state))
        checked += len(legal)
        for way, reached in reach(game, state).items():
            assert reached <= legal, (way, reached - legal)  # never a move the rules refuse
            for move in sorted(legal - reached, key=repr):
                missing.append(f"{way}: {game.notation(move)} in deal {deal} at {game.code(state)}")
    assert checked, "no legal move was checked"
    assert not missing, f"{game_id} {opts}: moves no input reaches:\n" + "\n".join(missing[:20])


def test_the_overlapping_removals_of_bride_and_groom_are_each_reached():
    """Q♥ 2♠ 3♦ 8♠ 2♦ (deal 1, the stock clicked four times): 3♦, 8♠ and 3♦ 8♠ are all
    reached by taps and by keys — the case that once could not be reached."""
    game = remembering(get_game("bride"))
    state = game.deal(1)
    for _ in range(4):
        state = game.play(state, game.stock_move(state))
    removals = {Move("remove", 2, -1, 1), Move("remove", 3, -1, 1), Move("remove", 2, -1, 2)}
    assert {m for m in game.legal_moves(state) if m.kind == "remove"} == removals
    ways = reach(game, state)
    assert removals <= ways["taps"] and removals <= ways["keys"]
