"""Surveys that keep their wins and resume (``survey --wins-out``, ``--resume``), and the
compact winning lines they keep (patience.lines)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from patience import get_game
from patience.moves import MOVE, Move
from patience.cli import main
from patience.errors import IllegalMoveError, InvalidMoveError
from patience.lines import decode, encode, replay
from patience.search import WON, solve

ROOT = Path(__file__).resolve().parents[2]
# a node budget decides each verdict, so a deal gives the same result in any run
BUDGET = ["--budget-nodes", "6000", "--budget-s", "120"]
SEEDS = "1-30"


def survey(capsys, deals: Path, wins: Path, *extra: str) -> dict:
    code = main(["survey", "canfield", "--seeds", SEEDS, *BUDGET, "--json", "--deals-out", str(deals),
                 "--wins-out", str(wins), *extra])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


@pytest.fixture(scope="module")
def whole(tmp_path_factory) -> tuple[dict, Path, Path]:
    """The survey run once through, with one process: its summary, deals and wins (each
    test compares its own runs with it)."""
    at = tmp_path_factory.mktemp("whole")
    deals, wins = at / "whole.jsonl", at / "whole-wins.jsonl"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["survey", "canfield", "--seeds", SEEDS, *BUDGET, "--json", "--deals-out", str(deals),
                     "--wins-out", str(wins), "--jobs", "1"])
    assert code == 0
    return json.loads(out.getvalue()), deals, wins


def by_seed(path: Path) -> list[tuple]:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return sorted((r["seed"], r["verdict"], r["nodes"]) for r in rows)


def wins_of(path: Path) -> list[tuple[int, str]]:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return sorted((r["seed"], r["line"]) for r in rows)


def test_a_survey_killed_mid_run_and_resumed_gives_what_one_run_gives(capsys, tmp_path, whole):
    """The survey writes its deals into a pipe the test reads, and is killed as soon as
    three have come (what it wrote after them is lost, as a kill loses it); the deals read
    are the file it is resumed from."""
    whole, whole_deals, whole_wins = whole
    deals, wins, pipe = tmp_path / "deals.jsonl", tmp_path / "wins.jsonl", tmp_path / "deals.pipe"
    os.mkfifo(pipe)
    argv = [sys.executable, "-m", "patience", "survey", "canfield", "--seeds", SEEDS, *BUDGET, "--jobs", "2",
            "--deals-out", str(pipe), "--wins-out", str(wins)]
    reader = os.open(pipe, os.O_RDWR)  # (never blocks: the pipe has a writer, this end, from the start)
    run = subprocess.Popen(argv, cwd=ROOT / "py", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env={**os.environ, "PYTHONPATH": str(ROOT / "py")}, start_new_session=True)
    got = b""
    try:
        while got.count(b"\n") < 3:  # waits on the survey's writes, not on the clock
            assert select.select([reader], [], [], 60)[0], "no deal came from the survey in 60 s"
            got += os.read(reader, 1 << 16)
    finally:
        os.killpg(run.pid, signal.SIGKILL)  # the survey and its worker processes, mid-run
        run.wait()
        os.close(reader)
    assert run.returncode == -signal.SIGKILL  # killed, not finished
    deals.write_bytes(got)  # what a file would hold at the kill: perhaps a last line cut short
    first = {json.loads(line)["seed"] for line in got.decode().splitlines(keepends=True) if line.endswith("\n")}
    assert 3 <= len(first) < 30
    resumed = survey(capsys, deals, wins, "--jobs", "2", "--resume")
    assert by_seed(deals) == by_seed(whole_deals)  # each deal once, none lost
    assert wins_of(wins) == wins_of(whole_wins)
    for key in ("deals", "won", "lost", "unknown", "winnable", "wilson95"):
        assert resumed[key] == whole[key], key
    assert {d[1] for d in by_seed(deals)} == {"won", "lost", "unknown"}


def test_resume_drops_a_line_cut_short_and_writes_no_win_twice(capsys, tmp_path, whole):
    whole, whole_deals, whole_wins = whole
    lines = whole_deals.read_text().splitlines(keepends=True)
    win_lines = whole_wins.read_text().splitlines(keepends=True)
    won_seed = json.loads(win_lines[2])["seed"]
    # stopped after the third win was written and before its deal was: that deal runs again
    kept = [line for line in lines if json.loads(line)["seed"] < won_seed][:-1]
    deals, wins = tmp_path / "deals.jsonl", tmp_path / "wins.jsonl"
    deals.write_text("".join(kept) + lines[-1][:25])  # and a line cut short
    wins.write_text("".join(win_lines[:3]))
    resumed = survey(capsys, deals, wins, "--jobs", "1", "--resume")
    assert by_seed(deals) == by_seed(whole_deals)
    assert wins_of(wins) == wins_of(whole_wins)
    assert resumed["won"] == whole["won"]
    # a finished survey resumed runs nothing and reports the same
    again = survey(capsys, deals, wins, "--jobs", "1", "--resume")
    assert again["won"] == whole["won"] and by_seed(deals) == by_seed(whole_deals)


def test_retry_unknown_runs_the_unknown_deals_again_once_and_their_new_lines_count(capsys, tmp_path, whole):
    """A survey at a small budget, its unknown deals run again at a larger one
    (``--retry-unknown``, as after the search got better): each deal then counts as the
    survey at the larger budget has it, its wins are written once, and a second retry
    runs nothing (a deal still unknown is not run again and again); a retry with a longer
    budget still runs the deals left unknown again, once."""
    whole, whole_deals, whole_wins = whole
    deals, wins = tmp_path / "deals.jsonl", tmp_path / "wins.jsonl"
    code = main(["survey", "canfield", "--seeds", SEEDS, "--budget-nodes", "300", "--budget-s", "120", "--json",
                 "--jobs", "1", "--deals-out", str(deals), "--wins-out", str(wins)])
    small = json.loads(capsys.readouterr().out)
    assert code == 0 and small["unknown"] > whole["unknown"]  # the small budget leaves deals to retry
    retried = survey(capsys, deals, wins, "--jobs", "2", "--resume", "--retry-unknown")
    for key in ("deals", "won", "lost", "unknown"):
        assert retried[key] == whole[key], key
    rows = [json.loads(line) for line in deals.read_text().splitlines()]
    assert len(rows) == 30 + small["unknown"]  # the retried deals' new lines appended
    latest = {r["seed"]: r for r in rows}
    assert sorted((r["seed"], r["verdict"], r["nodes"]) for r in latest.values() if r.get("retried")) == [
        row for row in by_seed(whole_deals)
        if row[0] in {r["seed"] for r in rows if r["verdict"] == "unknown" and not r.get("retried")}]
    assert wins_of(wins) == wins_of(whole_wins)
    again = survey(capsys, deals, wins, "--jobs", "1", "--resume", "--retry-unknown")
    assert again["won"] == whole["won"] and len(deals.read_text().splitlines()) == len(rows)
    # a longer budget runs the deals still unknown again (each once more), and no other
    longer = ["--budget-nodes", "20000", "--budget-s", "120"]
    code = main(["survey", "canfield", "--seeds", SEEDS, *longer, "--json", "--jobs", "2", "--deals-out", str(deals),
                 "--wins-out", str(wins), "--resume", "--retry-unknown"])
    further = json.loads(capsys.readouterr().out)
    more = [json.loads(line) for line in deals.read_text().splitlines()][len(rows):]
    still = sorted(s for s, r in latest.items() if r["verdict"] == "unknown")
    assert code == 0 and sorted(r["seed"] for r in more) == still
    assert further["unknown"] <= again["unknown"] and further["deals"] == 30
    assert all(r["nodes"] > 6000 or r["verdict"] != "unknown" for r in more)
    code = main(["survey", "canfield", "--seeds", SEEDS, *longer, "--json", "--jobs", "1", "--deals-out", str(deals),
                 "--resume", "--retry-unknown"])
    last = json.loads(capsys.readouterr().out)
    assert code == 0 and all(last[k] == further[k] for k in ("deals", "won", "lost", "unknown"))
    assert len(deals.read_text().splitlines()) == len(rows) + len(more)
    assert main(["survey", "canfield", "--seeds", "1-2", "--deals-out", str(deals), "--retry-unknown"]) == 2
    assert "--retry-unknown" in capsys.readouterr().err


def test_resume_refuses_another_games_file_and_needs_deals_out(capsys, tmp_path):
    deals = tmp_path / "deals.jsonl"
    assert main(["survey", "bride", "--seeds", "1-2", "--jobs", "1", "--deals-out", str(deals)]) == 0
    capsys.readouterr()
    code = main(["survey", "canfield", "--seeds", "1-2", "--jobs", "1", "--deals-out", str(deals), "--resume"])
    _, err = capsys.readouterr()
    assert code == 2 and "holds deals of bride" in err
    code = main(["survey", "bride", "--seeds", "1-2", "--jobs", "1", "--opt", "auto_remove=on",
                 "--deals-out", str(deals), "--resume"])
    assert code == 2 and "holds deals of bride" in capsys.readouterr().err
    assert main(["survey", "bride", "--seeds", "1-2", "--resume"]) == 2
    assert "--deals-out" in capsys.readouterr().err
    deals.write_text("not json\n")
    assert main(["survey", "bride", "--seeds", "1-2", "--deals-out", str(deals), "--resume"]) == 2
    assert "line 1 is not a survey's deal" in capsys.readouterr().err


@pytest.mark.parametrize("game_id,seed", [("klondike", 1), ("gaps8", 2), ("zmey", 1), ("bride", 1)])
def test_a_line_round_trips_and_replays_to_the_win(game_id, seed):
    game = get_game(game_id)
    result = solve(game, game.deal(seed), None, 10)
    assert result.verdict == WON
    text = encode(game, game.deal(seed), result.moves)
    assert len(text) == len(result.moves)
    assert decode(game, game.deal(seed), text) == list(result.moves)
    assert game.is_won(replay(game, game.deal(seed), text))
    assert not game.is_won(replay(game, game.deal(seed), text[:-1]))


def test_a_line_that_does_not_fit_the_deal_is_refused():
    game = get_game("klondike")
    result = solve(game, game.deal(1), None, 10)
    text = encode(game, game.deal(1), result.moves)
    with pytest.raises(InvalidMoveError):  # another deal: some index names no legal move
        for seed in range(2, 40):
            replay(game, game.deal(seed), text)
    with pytest.raises(InvalidMoveError, match="not a move index"):
        decode(game, game.deal(1), "0!")
    with pytest.raises(InvalidMoveError, match="cut short"):
        decode(game, game.deal(1), "Z1")
    with pytest.raises(IllegalMoveError):  # a move that is not legal cannot be written
        encode(game, game.deal(1), [Move(MOVE, 0, 0, 1)])


def test_indices_past_the_sixty_first_take_three_characters():
    from patience.lines import BASE, VALUE, _index_text

    for i in (0, 60, 61, 62, 200, BASE * BASE - 1):
        text = _index_text(i)
        assert len(text) == (1 if i < 61 else 3)
        assert (VALUE[text[0]] if len(text) == 1 else VALUE[text[1]] * BASE + VALUE[text[2]]) == i
    with pytest.raises(ValueError):
        _index_text(BASE * BASE)


def test_a_deal_run_again_already_runs_again_only_with_a_longer_budget():
    """``--retry-unknown``'s test of a deal left unknown by a retry (``cli.longer``): a run
    that stopped at its time limit runs again only with more than a tenth more seconds, one
    stopped at its node limit only with more nodes; a limit not set never stops it."""
    from argparse import Namespace

    from patience.cli import longer

    at_2s = {"seconds": 2.003, "nodes": 70_000}
    assert not longer(Namespace(budget_s=2.0, budget_nodes=None), at_2s)
    assert longer(Namespace(budget_s=6.0, budget_nodes=None), at_2s)
    assert not longer(Namespace(budget_s=6.0, budget_nodes=70_000), at_2s)
    at_nodes = {"seconds": 0.4, "nodes": 6_000}
    assert not longer(Namespace(budget_s=120.0, budget_nodes=6_000), at_nodes)
    assert longer(Namespace(budget_s=120.0, budget_nodes=20_000), at_nodes)
    assert longer(Namespace(budget_s=None, budget_nodes=20_000), at_nodes)
