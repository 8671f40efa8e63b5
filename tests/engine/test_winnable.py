"""The winnable-deal lists (patience.winnable): what the site ships is what the surveys
found, every listed deal's winning line replays to a win under the list's rules, and the
choice of a deal (a fresh one, the deal of the day) is sound."""

from __future__ import annotations

import datetime
import sys
from pathlib import Path

import pytest

from patience import get_game
from patience.lines import decode, replay, steps
from patience.winnable import (BY_KEY, DAILY_POOL, LISTS, daily_deal, daily_list, deals, lines_file, list_for,
                               pack, pack_lines, pick, surveyed, unpack, unpack_lines)
from sizes import LIST_REPLAYS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import winnable as tool  # noqa: E402  (tools/winnable.py)
from helpers import lines_of


def test_each_list_names_a_game_and_all_its_options():
    for entry in LISTS:
        game = get_game(entry.game, entry.options)
        assert dict(game.options) == dict(entry.options), entry.key  # every option named, each one valid
        assert list_for(game) == entry
    assert len({(e.game, tuple(sorted(e.options.items()))) for e in LISTS}) == len(LISTS)
    for game_id in {e.game for e in LISTS}:  # every game's default options have a list
        assert list_for(get_game(game_id)) is not None, game_id


def test_what_the_site_ships_is_what_the_surveys_found():
    """py/patience/winnable_deals.py is `tools/winnable.py publish`'s from data/winnable/:
    a survey extended and not published, or a list edited by hand, fails here."""
    from patience.winnable_deals import DEALS

    assert DEALS == tool.published()


@pytest.mark.reliability  # every line in the long run
@pytest.mark.parametrize("key", [e.key for e in LISTS])
def test_listed_deals_replay_their_winning_lines_to_a_win(key):
    """A sample of each list (LIST_REPLAYS, spread over it; every deal in the long run):
    its line, from the deal as dealt today under the list's options, wins through the
    checked play; a change to a deal or a rule breaks this."""
    entry = BY_KEY[key]
    listed = deals(entry)
    lines = lines_of(entry)
    assert set(listed) <= set(lines)
    step = 1 if not LIST_REPLAYS else max(1, len(listed) // LIST_REPLAYS)
    game = get_game(entry.game, entry.options)
    for seed in listed[::step][:LIST_REPLAYS or None]:
        assert game.is_won(replay(game, game.deal(seed), lines[seed])), (key, seed)


def test_a_line_under_other_rules_does_not_win():
    """The replay holds a list to its rules: Klondike's lines under draw 1 fail."""
    entry = BY_KEY["klondike"]
    if not deals(entry):
        pytest.skip("the Klondike list is not surveyed yet")
    other = get_game("klondike", {"draw": "1"})
    lines = lines_of(entry)
    failed = 0
    for seed in deals(entry)[:5]:
        try:
            failed += not other.is_won(replay(other, other.deal(seed), lines[seed]))
        except Exception:
            failed += 1
    assert failed == 5


def test_the_site_ships_each_listed_deals_line():
    """The site's file of a list's lines (the page's badge, Hint and Finish on a listed
    deal) holds exactly the listed deals, each with its line in data/winnable/; the built
    site holds those files, and its service worker keeps them."""
    import os

    site = Path(os.environ.get("PATIENCE_SITE", ROOT / "build" / "site"))
    worker = (site / "sw.js").read_text() if (site / "sw.js").exists() else None
    for entry in LISTS:
        shipped = tool.site_lines(entry)
        if not deals(entry):
            assert shipped is None, entry.key
            continue
        assert shipped is not None
        lines = unpack_lines(shipped)
        assert sorted(lines) == list(deals(entry)), entry.key
        data = lines_of(entry)
        assert all(lines[seed] == data[seed] for seed in lines), entry.key
        if worker is not None:
            assert (site / lines_file(entry)).read_bytes() == shipped, entry.key
            assert f'"./{lines_file(entry)}"' in worker, entry.key


def test_packed_lines_read_back_and_bad_data_is_refused():
    won = {7: "0123", 1: "Z1a00", 2000: "abc"}
    packed = pack_lines(won)
    assert unpack_lines(packed) == won and pack_lines(won) == packed  # the same bytes every build
    assert unpack_lines(pack_lines({})) == {}
    for bad in (b"", b"not gzip", packed[:-9], pack_lines({1: ""}), b"\x1f\x8b" + packed[2:20]):
        with pytest.raises(ValueError):
            unpack_lines(bad)


def test_a_line_read_step_by_step_is_the_line_decoded():
    entry = BY_KEY["klondike"]
    game = get_game(entry.game, entry.options)
    seed = deals(entry)[0]
    text = lines_of(entry)[seed]
    walked = list(steps(game, game.deal(seed), text))
    assert [m for m, _ in walked] == decode(game, game.deal(seed), text)
    assert game.is_won(walked[-1][1]) and walked[-1][1] == replay(game, game.deal(seed), text)


def test_a_bitmap_keeps_exactly_the_won_deals():
    won = [1, 2, 9, 17, 64, 100]
    assert unpack(pack(100, won)) == tuple(won)
    assert unpack(pack(3, [])) == ()
    with pytest.raises(ValueError):
        pack(10, [11])


def test_a_fresh_deal_is_one_the_player_has_not_played():
    entry = next(e for e in LISTS if len(deals(e)) >= 3)
    listed = deals(entry)
    played = set(listed[:-1])
    assert all(pick(entry, played, r) == listed[-1] for r in (0.0, 0.5, 0.999))
    assert pick(entry, set(listed), 0.0) == listed[0]  # every one played: any listed deal
    chosen = {pick(entry, set(), k / 50) for k in range(50)}
    assert chosen <= set(listed) and len(chosen) > 10
    assert surveyed(entry) >= listed[-1]


def test_the_deal_of_the_day_comes_from_the_date_alone():
    entry = next(e for e in LISTS if len(deals(e)) >= DAILY_POOL)
    pool = deals(entry)[:DAILY_POOL]
    start = datetime.date(2026, 12, 5).toordinal() // DAILY_POOL * DAILY_POOL  # a round's first day
    days = [daily_deal(entry, start + k) for k in range(3 * DAILY_POOL)]  # three rounds
    assert days[::37] == [daily_deal(entry, start + k) for k in range(0, 3 * DAILY_POOL, 37)]  # the same every time
    assert set(days) <= set(pool)
    assert all(a != b for a, b in zip(days, days[1:]))  # never the same two days running, across rounds too
    for first in range(0, len(days), DAILY_POOL):  # no deal twice within a round of days
        assert len(set(days[first:first + DAILY_POOL])) == DAILY_POOL
    assert daily_list("klondike") == BY_KEY["klondike"]
    assert daily_list("nonesuch") is None
