"""The command line: deal, solve, survey; bad arguments give one line and exit code 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from patience import get_game
from patience.cli import main, wilson


ROOT = Path(__file__).resolve().parents[2]  # (two conftest modules: import neither by name)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_deal_prints_the_piles_and_the_position(capsys):
    code, out, err = run(capsys, "deal", "klondike", "--seed", "3")
    game = get_game("klondike")
    assert code == 0 and err == ""
    assert "t7     [5s Td 5c 6s Ts 2c] 5h" in out
    assert f"position: {game.code(game.deal(3))}" in out


def test_deal_json_round_trips_through_the_position(capsys):
    code, out, _ = run(capsys, "deal", "frog", "--seed", "9", "--opt", "foundation=any", "--json")
    data = json.loads(out)
    game = get_game("frog", {"foundation": "any"})
    assert code == 0 and data["options"]["foundation"] == "any"
    assert game.from_code(data["position"]) == game.deal(9)
    assert data["piles"]["reserve"]["cards"] == [str(c) for c in game.deal(9).piles[game.index["reserve"]]]


def test_solve_prints_verdict_moves_nodes_and_all_cards_known(capsys):
    code, out, _ = run(capsys, "solve", "klondike", "--seed", "5", "--budget-s", "5")
    assert code == 0
    assert "(all cards known)" in out and "verdict: won" in out and "moves (" in out and "nodes: " in out


def test_solve_json_line_wins_through_the_checked_play(capsys):
    code, out, _ = run(capsys, "solve", "canfield", "--seed", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "won" and data["knowledge"] == "all cards known"
    game = get_game("canfield")
    state = game.deal(3)
    for text in data["moves"]:
        state = game.play(state, game.parse_move(text))
    assert game.is_won(state)


def test_solve_a_position(capsys):
    game = get_game("bride")
    code, out, _ = run(capsys, "solve", "bride", "--position", game.code(game.deal(4)), "--json")
    assert code == 0 and json.loads(out)["verdict"] == "won"


def test_survey_counts_and_interval(capsys):
    code, out, _ = run(capsys, "survey", "bride", "--seeds", "1-6", "--jobs", "1", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["won"] + data["lost"] + data["unknown"] == data["deals"] == 6
    low, high = data["wilson95"]
    assert low <= data["winnable"] <= high
    code, out, _ = run(capsys, "survey", "canfield", "--seeds", "1-4", "--jobs", "2", "--budget-s", "2")
    assert code == 0 and "Wilson 95%" in out and "median" in out and "all cards known" in out


def test_wilson_interval():
    low, high = wilson(81945, 100000)
    assert low < 0.81945 < high and high - low < 0.005
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


@pytest.mark.parametrize("argv", [
    ["solve", "klondik", "--seed", "1"],
    ["deal", "klondike", "--seed", "1", "--opt", "draw=4"],
    ["deal", "klondike", "--seed", "1", "--opt", "colour=red"],
    ["deal", "klondike", "--seed", "1", "--opt", "draw"],
    ["deal", "klondike", "--seed", "x"],
    ["deal", "klondike", "--seed", "0"],  # deal numbers run from 1 to MAX_SEED, as in the page
    ["deal", "klondike", "--seed", "-5"],
    ["solve", "klondike", "--seed", "1000000000000"],
    ["survey", "klondike", "--seeds", "0-3"],
    ["survey", "klondike", "--seeds", "1-99999999999999999999999"],
    ["survey", "klondike", "--seeds", "1-1000001"],  # more deals than one survey takes
    ["survey", "klondike", "--seeds", "9-3"],
    ["survey", "klondike", "--seeds", "a-b"],
    ["survey", "klondike", "--seeds", "1-3", "--scheduler", "tcp://127.0.0.1:1", "--jobs", "2"],  # a cluster's own
    ["survey", "bride", "--seeds", "1-2", "--jobs", "1", "--deals-out", "/"],  # a folder
    ["solve", "klondike", "--position", "t1=Zz"],
    ["solve", "klondike"],
    ["solve", "klondike", "--seed", "1", "--budget-s", "0"],
    ["frobnicate"],
    [],
])
def test_bad_arguments_give_one_line_and_exit_code_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("patience: error: ") and err.count("\n") == 1


def test_output_cut_short_is_no_error(monkeypatch, tmp_path):
    """`python3 -m patience deal … | head -1`: the reader goes away, the command ends
    quietly (exit code 1) instead of with a traceback."""
    class Gone(io.StringIO):
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self):
            return sink.fileno()

    with open(tmp_path / "sink", "w") as sink:
        monkeypatch.setattr(sys, "stdout", Gone())
        assert main(["deal", "klondike", "--seed", "1"]) == 1


def test_python_dash_m_patience():
    done = subprocess.run([sys.executable, "-m", "patience", "deal", "nogame", "--seed", "1"],
                          cwd=ROOT / "py", capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and done.stdout == ""
