"""Statistics: counting by game and option set, streaks and bests, and import checks."""

import json

import pytest

from patience import get_game
from table.stats import HISTORY, Stats, StatsError, clock, record_key

pytestmark = pytest.mark.reliability  # build.py reliability runs this file, for its figures


def test_records_are_kept_per_game_and_option_set():
    draw1, draw3 = get_game("klondike", {"draw": "1"}), get_game("klondike", {"draw": "3"})
    stats = Stats()
    stats.start(draw1)
    stats.start(draw3)
    stats.win(draw1, 100, 90_000, 120, 52)
    assert record_key(draw1) != record_key(draw3)
    assert stats.get(draw1).won == 1 and stats.get(draw3).won == 0
    assert stats.get(draw3).played == 1
    assert record_key(draw1).startswith("klondike ") and "draw=1" in record_key(draw1)


def test_streaks_bests_and_scores():
    game = get_game("canfield")
    stats = Stats()
    results = [(True, 300_000, 150, 52), (True, 200_000, 170, 52), (False, 50_000, 20, 11),
               (True, 250_000, 140, 52)]
    for when, (won, ms, moves, score) in enumerate(results):
        stats.start(game)
        (stats.win if won else stats.loss)(game, when, ms, moves, score)
    stats.start(game)  # one still being played
    rec = stats.get(game)
    assert (rec.played, rec.won, rec.lost) == (5, 3, 1)
    assert rec.streak == 1 and rec.best_streak == 2
    assert rec.best_time_ms == 200_000 and rec.fewest_moves == 140  # from won games only
    assert rec.score_total == 52 * 3 + 11 and rec.average_score == pytest.approx(167 / 4)
    assert rec.win_rate == pytest.approx(3 / 5)
    assert [e.won for e in rec.history] == [True, True, False, True]


def test_history_is_kept_to_its_limit():
    game = get_game("frog")
    stats = Stats()
    for k in range(HISTORY + 20):
        stats.start(game)
        stats.loss(game, k, 1000, 3, 8)
    rec = stats.get(game)
    assert len(rec.history) == HISTORY and rec.history[0].when == 20 and rec.lost == HISTORY + 20


def test_round_trip():
    stats = Stats()
    for game_id in ("klondike", "bride", "gaps8"):
        game = get_game(game_id)
        stats.start(game)
        stats.win(game, 5, 61_000, 77, 52)
        stats.start(game)
    back = Stats.decode(stats.encode())
    assert back.encode() == stats.encode()
    assert back.get(get_game("bride")).played == 2


def good() -> dict:
    stats = Stats()
    game = get_game("klondike")
    stats.start(game)
    stats.win(game, 5, 61_000, 77, 52)
    return json.loads(stats.encode())


def damaged(change):
    data = good()
    change(data)
    return json.dumps(data)


def first(data):
    return next(iter(data["records"].values()))


BAD = {
    "not json": "{not json",
    "cut short": json.dumps(good())[:40],
    "a list": "[]",
    "another format": json.dumps({"format": "other", "v": 1, "records": {}}),
    "future version": damaged(lambda d: d.update(v=99)),
    "no records": damaged(lambda d: d.pop("records")),
    "unknown game": damaged(lambda d: d["records"].update({"chess": first(d)})),
    "markup as a game": damaged(lambda d: d["records"].update({"<img src=x onerror=alert(1)>": first(d)})),
    "negative count": damaged(lambda d: first(d).update(played=-1)),
    "text count": damaged(lambda d: first(d).update(won="1")),
    "float count": damaged(lambda d: first(d).update(won=1.5)),
    "bool count": damaged(lambda d: first(d).update(won=True)),
    "huge count": damaged(lambda d: first(d).update(played=10**15)),
    "more wins than games": damaged(lambda d: first(d).update(won=5)),
    "streak beyond best": damaged(lambda d: first(d).update(streak=3)),
    "bad history entry": damaged(lambda d: first(d).update(history=[[1, 3, 3, 4, 5]])),
    "no count of games solved with help": damaged(lambda d: first(d).pop("assisted")),
    "negative hints": damaged(lambda d: first(d).update(hints=-1)),
    "more ended than played": damaged(lambda d: first(d).update(assisted=1)),
    "solved with help in a version 1 file": damaged(
        lambda d: (d.update(v=1), [first(d).pop(k) for k in ("assisted", "hints")],
                   first(d).update(history=[[5, 2, 61_000, 77, 52]]))),
    "short history entry": damaged(lambda d: first(d).update(history=[[1, 1]])),
    "history not a list": damaged(lambda d: first(d).update(history={"a": 1})),
    "record not an object": damaged(lambda d: d["records"].update({"klondike": [1, 2]})),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_imports_are_refused_with_a_reason(name):
    with pytest.raises(StatsError) as err:
        Stats.decode(BAD[name])
    assert str(err.value)


WHOLE = ["not json", "cut short", "a list", "another format", "future version", "no records"]


@pytest.mark.parametrize("name", list(BAD))
def test_stored_statistics_keep_every_record_that_reads(name):
    """In storage one damaged record costs only itself: the others are kept (a text that
    cannot be read as a whole is refused, as an import is)."""
    if name in WHOLE:
        with pytest.raises(StatsError):
            Stats.salvage(BAD[name])
        return
    data = json.loads(BAD[name])
    data["records"]["canfield draw=3"] = {"played": 5, "won": 2, "lost": 3, "streak": 1, "best_streak": 1,
                                          "best_time_ms": 60000, "fewest_moves": 100, "score_total": 100}
    if data.get("v") == 2:
        data["records"]["canfield draw=3"].update(assisted=0, hints=4)
    stats, reasons = Stats.salvage(json.dumps(data))
    assert stats.records["canfield draw=3"].played == 5
    assert len(reasons) == 1 and reasons[0]
    assert len(stats.records) == len(data["records"]) - 1


def test_clock():
    assert clock(None) == "—"
    assert clock(0) == "0:00"
    assert clock(61_999) == "1:01"
    assert clock(3_600_000 + 62_000) == "1:01:02"


def test_bad_imports_figure():
    """For docs/reliability.md: how many malformed statistics files are tried."""
    import json as _json
    from pathlib import Path

    refused = 0
    for text in BAD.values():
        with pytest.raises(StatsError):
            Stats.decode(text)
        refused += 1
    figures = Path(__file__).resolve().parents[2] / "build" / "reliability"
    figures.mkdir(parents=True, exist_ok=True)
    (figures / "bad-input-imports.json").write_text(_json.dumps({"tried": len(BAD), "refused": refused}))


def test_games_solved_with_help_are_counted_apart():
    """Neither a win nor a loss: the streak stays as it was (neither extended nor reset),
    no best time or fewest moves, no score; the hints of every ended game add up."""
    game = get_game("canfield")
    stats = Stats()
    for when, (kind, ms, moves, score, hints) in enumerate([
            ("win", 300_000, 150, 52, 0), ("assisted", 20_000, 90, 52, 1), ("win", 250_000, 140, 40, 2),
            ("assisted", 10_000, 80, 52, 0), ("loss", 50_000, 20, 11, 3)]):
        stats.start(game)
        getattr(stats, kind)(game, when, ms, moves, score, hints)
        if when == 3:
            rec = stats.get(game)
            assert rec.streak == 2 and rec.best_streak == 2  # the assisted games in between kept it
    rec = stats.get(game)
    assert (rec.played, rec.won, rec.assisted, rec.lost) == (5, 2, 2, 1)
    assert rec.streak == 0 and rec.best_streak == 2
    assert rec.best_time_ms == 250_000 and rec.fewest_moves == 140  # the assisted 0:10 and 80 moves are not records
    assert rec.score_total == 52 + 40 + 11 and rec.average_score == pytest.approx(103 / 3)
    assert rec.win_rate == pytest.approx(2 / 5)
    assert rec.hints == 6
    assert [e.result for e in rec.history] == [1, 2, 1, 2, 0]
    back = Stats.decode(stats.encode())
    assert back.encode() == stats.encode() and back.get(game).assisted == 2 and back.get(game).hints == 6


def test_version_1_statistics_read_as_they_were_with_nothing_solved_with_help():
    """A file (or storage) of version 1 reads with its figures as they were, no game solved
    with help and no hint, and is written back as version 2."""
    old = {"format": "patience-statistics", "v": 1, "records": {"klondike draw=1 foundation_return=off passes=inf runs=whole": {
        "played": 4, "won": 2, "lost": 1, "streak": 1, "best_streak": 1, "best_time_ms": 61000,
        "fewest_moves": 77, "score_total": 120, "history": [[5, 1, 61000, 77, 52], [6, 0, 9000, 5, 16],
                                                           [7, 1, 70000, 90, 52]]}}}
    for stats in (Stats.decode(json.dumps(old)), Stats.salvage(json.dumps(old))[0]):
        rec = stats.get(get_game("klondike", {"draw": "1"}))
        assert (rec.played, rec.won, rec.lost, rec.assisted, rec.hints) == (4, 2, 1, 0, 0)
        assert (rec.streak, rec.best_streak, rec.best_time_ms, rec.fewest_moves, rec.score_total) == (1, 1, 61000, 77, 120)
        assert [e.to_json() for e in rec.history] == old["records"][next(iter(old["records"]))]["history"]
        written = json.loads(stats.encode())
        assert written["v"] == 2
        assert next(iter(written["records"].values()))["assisted"] == 0


def test_the_golden_export_imports_with_no_game_solved_with_help():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "golden" / "patience-statistics.json").read_text(encoding="utf-8")
    assert json.loads(text)["v"] == 1
    stats = Stats.decode(text)
    assert stats.records and all(r.assisted == 0 and r.hints == 0 for r in stats.records.values())
    assert all(not e.assisted for r in stats.records.values() for e in r.history)
    assert sum(r.won for r in stats.records.values()) > 0
