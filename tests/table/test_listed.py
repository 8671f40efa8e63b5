"""The listed deals played and the days won (table/listed.py, kept by the keeper): a
fresh listed deal, the deal of the day counted in the statistics, and damaged data set
aside, never lost."""

import datetime
import json

import pytest

from patience import Session, get_game
from patience.winnable import BY_KEY, daily_deal, deals
from table.i18n import set_language
from table.listed import KEY, Listed, ListedError
from helpers import Tab

DAY = datetime.date(2026, 12, 5)


def tab(data, today=DAY):
    one = Tab(data)
    one.keeper.today = lambda: today
    return one


def test_a_record_round_trips_and_drops_what_does_not_read():
    listed = Listed()
    assert listed.play("klondike", 7) and not listed.play("klondike", 7)
    assert listed.won_day("klondike", DAY) and not listed.won_day("klondike", DAY)
    again = Listed.decode(listed.encode())
    assert again == listed
    data = json.loads(listed.encode())
    data["played"]["klondike"] += ["x", True, -3, 9]
    data["days"]["klondike"] += ["2026-02-30", 5, "2026-12-04"]
    data["days"]["frog"] = "nonsense"
    kept = Listed.decode(json.dumps(data))
    assert kept.played == {"klondike": [7, 9]}
    assert kept.days == {"klondike": ["2026-12-04", "2026-12-05"]}
    for text, reason in (("{", "JSON"), ('{"v": 1}', "record"), ('{"format": "patience-listed", "v": 9}', "newer")):
        set_language("en")
        with pytest.raises(ListedError, match=reason):
            Listed.decode(text)


def test_a_streak_counts_the_days_won_in_a_row_up_to_today_or_yesterday():
    listed = Listed()
    for k in (1, 2, 3, 5):
        listed.won_day("glider", DAY - datetime.timedelta(days=k))
    assert listed.streak("glider", DAY) == 3  # yesterday and the two days before; today not yet won
    listed.won_day("glider", DAY)
    assert listed.streak("glider", DAY) == 4
    assert listed.streak("glider", DAY + datetime.timedelta(days=2)) == 0
    assert listed.streak("klondike", DAY) == 0 and not listed.won_on("klondike", DAY)


def listed_game(key):
    entry = BY_KEY[key]
    if not deals(entry):
        pytest.skip(f"the {key} list is not surveyed yet")
    return entry, get_game(entry.game, entry.options)


def test_a_listed_deal_played_is_not_dealt_again_and_saved_or_kept_ones_count_too():
    entry, game = listed_game("bride")
    data = {}
    one = tab(data)
    first, second, third = deals(entry)[:3]
    one.session = Session(game, first)
    one.move()
    assert one.keeper.played_listed(entry) == {first}
    one.session = Session(game, second)  # a second deal, its first move: the first is kept for later
    one.move()
    assert one.keeper.played_listed(entry) == {first, second}
    other = tab(data)  # another tab sees them
    assert other.keeper.played_listed(entry) == {first, second}
    assert third not in other.keeper.played_listed(entry)
    # a deal under other options is not of the list
    one.session = Session(get_game("bride", {"auto_remove": "on"}), third)
    one.move()
    assert third not in one.keeper.played_listed(entry)


def test_winning_the_deal_of_the_day_counts_the_day_and_a_deal_won_with_help_does_not():
    entry, game = listed_game("bride")
    data = {}
    one = tab(data)
    seed = daily_deal(entry, DAY.toordinal())
    session = Session(game, seed)
    one.keeper.count_start(session)
    session.assisted = True
    one.keeper.count_end(session, True)
    assert not Listed.decode(data[KEY]).won_on("bride", DAY)
    session = Session(game, seed)
    one.keeper.count_start(session)
    one.keeper.count_end(session, True)
    assert Listed.decode(data[KEY]).won_on("bride", DAY)
    # yesterday's deal, finished after midnight: counted for yesterday
    late = tab(data, DAY + datetime.timedelta(days=1))
    session = Session(game, seed)
    late.keeper.count_start(session)
    late.keeper.count_end(session, True)
    assert Listed.decode(data[KEY]).days["bride"] == [DAY.isoformat()]
    # another deal of the list is not the deal of the day
    other = next(d for d in deals(entry) if d not in (seed, daily_deal(entry, DAY.toordinal() + 1)))
    session = Session(game, other)
    late.keeper.count_start(session)
    late.keeper.count_end(session, True)
    assert Listed.decode(data[KEY]).days["bride"] == [DAY.isoformat()]


def test_a_damaged_record_is_set_aside_and_told():
    set_language("en")
    data = {KEY: "{broken"}
    one = tab(data)
    entry, _ = listed_game("bride")
    assert one.keeper.played_listed(entry) == set()
    assert data[KEY + ".broken"] == "{broken" and KEY not in data
    notes = [note() for note in one.keeper.take_notes()]
    assert any("could not be read" in n and "set aside" in n for n in notes)


def test_a_record_written_by_format_1_reads_as_it_did():
    """tests/golden/patience-listed.json is format 1 as this page first wrote it: never
    edit it to make this pass; a new format reads the old one (with a test of its own)."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "golden" / "patience-listed.json").read_text().strip()
    listed = Listed.decode(text)
    assert listed.played == {"klondike": [17, 4, 1999], "frog-any": [12]}
    assert listed.streak("klondike", DAY) == 3 and listed.won_on("klondike", DAY)
    assert listed.streak("bride", DAY) == 0 and listed.won_on("bride", datetime.date(2026, 11, 30))
