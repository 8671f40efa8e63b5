"""The pace of Finish (py/table/pace.py): the line cut into steps, the redraws planned
within the time, each move's animation fitted to its step."""

from __future__ import annotations

import pytest

from patience import get_game
from patience.game import DEAL, MOVE, RECYCLE, Move
from patience.search import WON, solve
from table import pace


def winning_line(game_id: str, options: dict[str, str], seed: int) -> tuple[object, list[Move]]:
    game = get_game(game_id, options)
    result = solve(game, game.deal(seed), 200_000)
    assert result.verdict == WON
    return game, result.moves


def kind(game, move: Move) -> str:
    if move.kind in (DEAL, RECYCLE):
        return "stock"
    if move.kind == MOVE and game.piles[move.dst].role == "foundation":
        return "home"
    return ""


@pytest.mark.parametrize("game_id,options", [("klondike", {}), ("canfield", {"draw": "1"}), ("cross", {}),
                                             ("bride", {})])
def test_steps_are_the_line_with_stock_turns_and_cards_home_together(game_id, options):
    game, line = winning_line(game_id, options, 21)
    steps = pace.steps(game, line)
    assert [m for step in steps for m in step] == line
    for step in steps:
        kinds = {kind(game, m) for m in step}
        assert len(step) == 1 or kinds in ({"stock"}, {"home"}), step
    for a, b in zip(steps, steps[1:]):  # a run is never cut in two
        assert not (kind(game, a[-1]) and kind(game, a[-1]) == kind(game, b[0])), (a, b)


def test_klondike_21_goes_home_in_fewer_redraws_than_moves():
    game, line = winning_line("klondike", {}, 21)
    steps = pace.steps(game, line)
    assert len(steps) < len(line) // 2
    assert max(len(s) for s in steps if kind(game, s[0]) == "home") >= 10  # the end: the cards fly home together


def schedule(steps: int, longest: float = 320.0, spent_ms: float = 0.0) -> list[tuple[int, float]]:
    """The redraws of a line of ``steps`` steps, each redraw taking ``spent_ms`` of work."""
    out = []
    elapsed = 0.0
    while steps:
        k, step_ms = pace.plan(steps, pace.FINISH_MS - elapsed, longest)
        assert 1 <= k <= steps
        out.append((k, step_ms))
        steps -= k
        elapsed += max(step_ms, spent_ms)
    return out


@pytest.mark.parametrize("steps", [1, 2, 5, 12, 50, 79, 80, 81, 160, 500, 5000])
def test_a_line_of_any_length_is_planned_within_the_time(steps):
    redraws = schedule(steps)
    assert sum(k for k, _ in redraws) == steps
    assert sum(ms for _, ms in redraws) <= pace.FINISH_MS + 1e-6
    assert all(pace.MIN_STEP_MS - 1e-6 <= ms <= 320 for _, ms in redraws)
    assert len(redraws) <= pace.FINISH_MS // pace.MIN_STEP_MS


def test_a_short_line_keeps_the_longest_step():
    assert schedule(5) == [(1, 320.0)] * 5


def test_work_that_outlasts_the_steps_makes_the_redraws_take_more_steps():
    """Redraws that take longer than planned (a slow machine) leave less time for the
    rest: later redraws take several steps, and once no time is left, all at once."""
    redraws = schedule(200, spent_ms=120.0)
    assert sum(k for k, _ in redraws) == 200
    assert len(redraws) * 120.0 <= pace.FINISH_MS + 120.0
    assert redraws[-1][0] > 1


def test_no_time_left_plays_the_rest_at_once():
    assert pace.plan(40, 0.0, 320.0) == (40, 0.0)
    assert pace.plan(40, -500.0, 320.0) == (40, 0.0)
    assert pace.plan(0, 1000.0, 320.0) == (0, 0.0)


def test_the_animation_fits_the_step_and_never_exceeds_the_setting():
    assert pace.animation_ms(320.0, 170.0) == 170.0  # the demo's pace: the setting's own
    assert pace.animation_ms(80.0, 170.0) == pytest.approx(64.0)
    assert pace.animation_ms(80.0, 40.0) == 40.0  # a faster setting stays faster
    assert pace.animation_ms(0.0, 170.0) == 0.0


@pytest.mark.parametrize("text,ms", [("170ms", 170.0), (" 80ms ", 80.0), ("0ms", 0.0), ("0s", 0.0), ("0", 0.0),
                                     ("0.17s", 170.0), ("", None), ("fast", None), ("-5ms", None), ("nanms", None)])
def test_css_times_are_read(text, ms):
    got = pace.parse_ms(text)
    assert got == (pytest.approx(ms) if ms is not None else None)
