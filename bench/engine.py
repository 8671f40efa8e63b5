#!/usr/bin/env python3
"""Engine speed under CPython: random playouts and the solver, per game at its defaults.

    python3 bench/engine.py [--deals N]

Prints figures only (moves per second, solver nodes per second); no test depends on
them.  Run it before and after a change to the engine and compare.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from patience import GAMES, Session, get_game  # noqa: E402
from patience.rng import Rng  # noqa: E402
from patience.search import solve  # noqa: E402


def playouts(game_id: str, deals: int) -> tuple[int, float]:
    game = get_game(game_id)
    moves = 0
    start = time.perf_counter()
    for seed in range(1, deals + 1):
        session = Session(game, seed)
        rng = Rng(seed, "bench")
        for _ in range(200):
            legal = game.legal_moves(session.state)
            if not legal:
                break
            session.play(legal[rng.below(len(legal))])
            game.status(session.state)  # the table asks this after every move
            moves += 1
    return moves, time.perf_counter() - start


def solver(game_id: str, deals: int, budget: int) -> tuple[int, float, dict[str, int]]:
    spec = get_game(game_id).spec
    game = get_game(game_id, {"draw": "1"} if any(o.name == "draw" for o in spec.options) else {})
    nodes = 0
    verdicts: dict[str, int] = {}
    start = time.perf_counter()
    for seed in range(1, deals + 1):
        result = solve(game, game.deal(seed), budget)
        nodes += result.nodes
        verdicts[result.verdict] = verdicts.get(result.verdict, 0) + 1
    return nodes, time.perf_counter() - start, verdicts


def main() -> None:
    deals = int(sys.argv[sys.argv.index("--deals") + 1]) if "--deals" in sys.argv else 20
    print(f"Python {sys.version.split()[0]}, {deals} deals per game")
    for spec in GAMES:
        moves, secs = playouts(spec.id, deals)
        print(f"{spec.id:10s} random playout: {moves / secs:9.0f} moves/s (with status after each)")
        nodes, secs, verdicts = solver(spec.id, min(deals, 10), 5000)
        print(f"{spec.id:10s} solver (draw 1 where it applies, 5000 nodes a deal): "
              f"{nodes / secs:9.0f} nodes/s  {verdicts}")


if __name__ == "__main__":
    main()
