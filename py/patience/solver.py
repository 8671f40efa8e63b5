"""A budgeted depth-first search over the engine, with a transposition table.

It sees every card (face-down ones included): "all cards known".  Verdicts: ``won``
with the winning line, ``lost`` when the whole reachable space was searched, and
``unknown`` when the node budget ran out.  Moves are ordered so that progress comes
first: foundation moves, then moves that turn a face-down card, then the rest, then
the stock.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .game import MOVE, Game, Move
from .state import State


@dataclass
class Result:
    verdict: str  # "won" | "lost" | "unknown"
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0


def _priority(game: Game, state: State, move: Move) -> int:
    if move.kind != MOVE:
        return 3
    if game.piles[move.dst].role == "foundation":
        return 0
    src = move.src
    if game.piles[src].role == "foundation":
        return 4
    if state.down[src] and move.n == len(state.piles[src]) - state.down[src]:
        return 1
    if game.is_idle(state, move):
        return 9
    return 2


def solve(game: Game, state: State, budget: int = 200_000) -> Result:
    # With unlimited passes the pass counter does not matter: leave it out of the key.
    keyed = game.layout.passes is None
    seen: set[object] = set()

    def key(s: State) -> object:
        return (s.piles, s.down) if keyed else s

    path: list[Move] = []
    nodes = 0
    stack: list[tuple[State, list[Move]]] = []

    def children(s: State) -> list[Move]:
        moves = [m for m in game.legal_moves(s) if not (m.kind == MOVE and game.is_idle(s, m))]
        moves.sort(key=lambda m: _priority(game, s, m))
        moves.reverse()  # popped from the end: best first
        return moves

    seen.add(key(state))
    stack.append((state, children(state)))
    while stack:
        s, todo = stack[-1]
        if game.is_won(s):
            return Result("won", list(path), nodes)
        if not todo:
            stack.pop()
            if path:
                path.pop()
            continue
        move = todo.pop()
        nxt = game.apply(s, move)
        k = key(nxt)
        if k in seen:
            continue
        nodes += 1
        if nodes > budget:
            return Result("unknown", [], nodes)
        seen.add(k)
        path.append(move)
        stack.append((nxt, children(nxt)))
    return Result("lost", [], nodes)
