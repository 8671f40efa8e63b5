"""How fast *Finish* plays out a winning line (pure: no DOM; tested under CPython).

The line is cut into steps, each shown by one redraw: consecutive stock turns are one
step, and so are consecutive cards going to the foundations (they fly home together);
any other move is a step of its own.  With animation on, the steps share the time left
until ``FINISH_MS`` after the start, each at most as long as the demo's step and at
least ``MIN_STEP_MS`` (a move must be seen to move): when the share is shorter than that,
one redraw takes several steps.  Each move's animation is shortened to fit its step.
With animation off the whole line is one redraw.
"""

from __future__ import annotations

import math

from patience.game import DEAL, MOVE, RECYCLE, Game, Move

FINISH_MS = 4000  # the whole line, animated, ends within about this (and one last animation)
MIN_STEP_MS = 50  # the shortest time between two redraws of Finish (three frames)
ANIMATION_SHARE = 0.8  # a move's animation takes at most this share of its step


def steps(game: Game, line: list[Move]) -> list[list[Move]]:
    """The line cut into steps: runs of stock turns, runs of moves to a foundation, and
    every other move alone.  Played in order, the steps are the line."""
    out: list[list[Move]] = []
    last = ""
    for move in line:
        if move.kind in (DEAL, RECYCLE):
            kind = "stock"
        elif move.kind == MOVE and game.piles[move.dst].role == "foundation":
            kind = "home"
        else:
            kind = ""
        if kind and kind == last:
            out[-1].append(move)
        else:
            out.append([move])
        last = kind
    return out


def plan(steps_left: int, remaining_ms: float, longest_ms: float) -> tuple[int, float]:
    """The next redraw: how many of the steps left it takes, and how long until the one
    after it.  The time left is shared among the steps left, each at most
    ``longest_ms``; where a share would be under ``MIN_STEP_MS``, so many steps go into
    one redraw that the redraws left fit the time left (all of them at once when no
    time is left)."""
    if steps_left <= 0:
        return 0, 0.0
    remaining_ms = max(remaining_ms, 0.0)
    share = remaining_ms / steps_left
    if share >= MIN_STEP_MS:
        return 1, min(longest_ms, share)
    redraws = max(1, math.floor(remaining_ms / MIN_STEP_MS))
    return math.ceil(steps_left / redraws), min(longest_ms, remaining_ms / redraws)


def animation_ms(step_ms: float, setting_ms: float) -> float:
    """How long a move's animation takes in a step of ``step_ms``: the setting's own
    (normal or fast), shortened so that the cards arrive before the next step."""
    return max(0.0, min(setting_ms, step_ms * ANIMATION_SHARE))


def parse_ms(value: str) -> float | None:
    """A CSS time ("170ms", "0.17s", "0") in milliseconds; None for what is not one."""
    text = value.strip()
    try:
        if text.endswith("ms"):
            ms = float(text[:-2])
        elif text.endswith("s"):
            ms = float(text[:-1]) * 1000
        else:
            ms = float(text)
    except ValueError:
        return None
    return ms if math.isfinite(ms) and ms >= 0 else None
