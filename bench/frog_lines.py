#!/usr/bin/env python3
"""Frog in suit, part way through a game: how many positions the solver decides.

    python3 bench/frog_lines.py [--seeds 100001-100030] [--turned 40] [--seconds 2]

A deal of Frog in suit is not decided at 2 s (issue 39), but a game part way through
often is lost for a reason the solver can see.  For each seed this plays a line as a
player unaware of the two-foundations test might: the complete search's first choice at
each step, with ``frog.two_chains_lock`` switched off, until ``--turned`` stock cards
are turned (or the line ends).  The position reached is then solved with ``--seconds``,
with the test on (as the solver is) and off, and the counts printed side by side.
Figures only; no test depends on them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from patience import get_game  # noqa: E402
from patience.search import frog  # noqa: E402
from patience.search import LOST, WON, solve  # noqa: E402

CHAINS = frog.two_chains_lock


def switch(on: bool) -> None:
    frog.two_chains_lock = CHAINS if on else (lambda stacks, home: None)


def line_to(game, seed: int, turned: int):
    """The position after the complete search's first choices (test off) up to ``turned``."""
    switch(False)
    state = game.deal(seed)
    search = frog.FrogSearch(game, state)
    moves: list = []
    kid = search.stack[0][0][-1] if search.stack and search.stack[0][0] else None
    while kid is not None:
        moves += kid[0]
        if kid[1][3] >= turned:
            break
        kids = search.dive(kid)
        kid = kids[0] if isinstance(kids, list) and kids else None
    for move in search.engine_line(moves, finish=False):
        state = game.apply(state, move)
    return state


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="100001-100030")
    ap.add_argument("--turned", type=int, default=40)
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    a, b = (int(x) for x in args.seeds.split("-"))
    game = get_game("frog")
    counts = {True: {WON: 0, LOST: 0, "unknown": 0}, False: {WON: 0, LOST: 0, "unknown": 0}}
    for seed in range(a, b + 1):
        state = line_to(game, seed, args.turned)
        row = [str(seed)]
        for on in (True, False):
            switch(on)
            verdict = solve(game, state, budget=None, seconds=args.seconds).verdict
            counts[on][verdict if verdict in (WON, LOST) else "unknown"] += 1
            row.append(f"{'with' if on else 'without'}: {verdict}")
        print("  ".join(row), flush=True)
    switch(True)
    for on in (True, False):
        c = counts[on]
        print(f"{'with' if on else 'without'} the two-foundations test: "
              f"won {c[WON]}  lost {c[LOST]}  unknown {c['unknown']}  of {b - a + 1}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
