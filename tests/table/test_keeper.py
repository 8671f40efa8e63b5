"""The keeper (saves, statistics, settings) under CPython, on a dict backend; two keepers
sharing one dict are two tabs of the app."""

import json

import pytest

from patience import Session, get_game
from table import saves
from table.i18n import set_language
from table.keeper import KEPT_KEY, KEPT_MAX, LAST_GAME_KEY, SETTINGS_KEY
from table.stats import BEFORE_IMPORT_KEY, KEY as STATS_KEY, KEYS_BEFORE, Stats, StatsError, record_key
from table.storage import DictStorage, Storage
from helpers import Tab

KEY = saves.key("klondike")


def record(data, game_id="klondike"):
    return Stats.decode(data[STATS_KEY]).get(get_game(game_id))


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def test_a_save_round_trips_with_its_history():
    data = {}
    tab = Tab(data)
    tab.deal(7)
    for _ in range(4):
        tab.move()
    tab.session.undo()
    tab.keeper.save(tab.session)
    back = Tab(data).keeper.read_save("klondike")
    assert back is not None and back.seed == 7
    assert back.moves == tab.session.moves and back.at == tab.session.at and back.states == tab.session.states
    assert back.counted and back.can_redo()
    assert Tab(data).keeper.read_save("canfield") is None


def test_a_damaged_save_is_set_aside_and_reported_once():
    text = '{"v":1,"game":"klondike","seed":'
    data = {KEY: text}
    tab = Tab(data)
    assert tab.keeper.read_save("klondike") is None
    assert KEY not in data and data[saves.broken_key("klondike")] == text
    notes = tab.keeper.take_notes()
    assert len(notes) == 1 and "could not be resumed" in notes[0]() and "not readable" in notes[0]()
    assert tab.keeper.take_notes() == []
    set_language("ru")
    assert "не удалось" in notes[0]()  # worded when said


def test_another_tabs_newer_save_is_adopted_never_overwritten():
    data = {}
    a, b = Tab(data), Tab(data)
    a.deal(3)
    a.move()
    b.session = b.keeper.read_save("klondike")
    b.move()
    b.move()
    theirs = data[KEY]
    a.move(1)  # a stale tab moves: it takes up the newer game instead of writing
    assert data[KEY] == theirs
    assert len(a.newer) == 1 and a.newer[0].moves == b.session.moves
    a.keeper.save(a.session)  # the game taken up is this tab's now: it saves it
    assert data[KEY] == theirs and a.keeper.written[KEY] == theirs
    # the storage event of another tab's move: taken up too
    b.move()
    assert not a.keeper.other_tab(a.session, KEY, data[KEY])
    assert len(a.newer) == 2 and a.session.moves == b.session.moves


def test_another_tabs_clock_alone_moves_the_time_not_the_game():
    data = {}
    a, b = Tab(data), Tab(data)
    a.deal(3)
    a.move()
    b.session = b.keeper.read_save("klondike")
    b.session.elapsed_ms = 20_000
    b.keeper.save(b.session)
    a.keeper.save(a.session)
    assert a.times == 1 and a.newer == [] and a.session.elapsed_ms == 20_000
    a.move()  # the same game: this tab goes on saving it
    assert saves.decode(data[KEY]).moves == a.session.moves


def test_a_damaged_save_from_another_tab_is_not_taken_up_nor_overwritten():
    data = {}
    a = Tab(data)
    a.deal(3)
    a.move()
    data[KEY] = "garbage"
    a.move()
    assert data[KEY] == "garbage" and a.newer == []


def kept_deals(data):
    """The deals kept for later, the most recent first."""
    return [(g["game"], g["options"].get("draw"), g["seed"])
            for g in map(json.loads, json.loads(data[KEPT_KEY])["games"])] if KEPT_KEY in data else []


def test_a_game_left_for_another_deal_is_kept_as_it_was_not_lost():
    data = {}
    tab = Tab(data)
    left = tab.deal(42)
    for _ in range(7):
        tab.move()
    left.undo()
    left.elapsed_ms = 95_000
    tab.keeper.save(left)
    tab.deal(43)  # a new deal: its first save (at once, before a move) keeps the game left
    tab.keeper.settle(tab.session, False)
    assert kept_deals(data) == [("klondike", "3", 42)] and saves.decode(data[KEY]).seed == 43
    assert [s.seed for s in tab.kept_games] == [42]
    tab.move()
    rec = record(data)
    assert (rec.played, rec.lost) == (2, 0)
    back = tab.keeper.find_kept(get_game("klondike"), 42)  # Back: the game as it was left
    assert back is not None
    assert (back.moves, back.at, back.states, back.elapsed_ms) == (left.moves, left.at, left.states, 95_000)
    assert back.can_redo() and tab.keeper.find_kept(get_game("klondike", {"draw": "1"}), 42) is None
    tab.session = back
    tab.keeper.settle(back, False)  # taken up again: the saved game of its type, no longer kept
    assert saves.decode(data[KEY]).seed == 42 and kept_deals(data) == [("klondike", "3", 43)]
    forward = tab.keeper.find_kept(get_game("klondike"), 43)
    assert forward is not None and forward.move_count == 1
    assert record(data).lost == 0


def test_a_game_left_for_other_options_is_kept_under_its_own():
    data = {}
    tab = Tab(data)
    tab.deal(42)
    tab.move()
    tab.move()
    tab.session = Session(get_game("klondike", {"draw": "1"}), 42)  # the same deal number, other rules
    tab.move()
    assert kept_deals(data) == [("klondike", "3", 42)] and record(data).lost == 0
    assert tab.keeper.find_kept(get_game("klondike"), 42).move_count == 2
    assert tab.keeper.find_kept(get_game("klondike", {"draw": "1"}), 42) is None  # (that one is the saved game)


def test_a_game_not_begun_or_won_is_not_kept():
    data = {}
    tab = Tab(data)
    tab.deal(1)
    tab.keeper.settle(tab.session, False)
    tab.deal(2)
    tab.keeper.settle(tab.session, False)
    assert KEPT_KEY not in data and tab.kept_games == []


def test_the_oldest_kept_game_beyond_the_bound_drops_out_and_counts_as_lost_once():
    data = {}
    tab = Tab(data)
    for seed in range(1, KEPT_MAX + 3):
        tab.deal(seed)
        tab.move()
    # deals 1…21 left, each kept in turn: the oldest, deal 1, dropped out as the 21st
    assert [d[2] for d in kept_deals(data)] == list(range(KEPT_MAX + 1, 1, -1))
    rec = record(data)
    assert (rec.played, rec.won, rec.lost) == (KEPT_MAX + 2, 0, 1)
    assert [e.won for e in rec.history] == [False]
    tab.move()
    Tab(data).keeper.save(Tab(data).keeper.read_save("klondike"))
    assert record(data).lost == 1 and tab.keeper.find_kept(get_game("klondike"), 1) is None


def test_a_kept_game_given_up_counts_as_lost_once():
    data = {}
    a, b = Tab(data), Tab(data)
    a.deal(1)
    a.move()
    a.deal(2)
    a.move()
    (kept,) = a.kept_games
    assert record(data).lost == 0
    assert b.keeper.give_up(kept)  # (a message's button, in whichever tab)
    assert not a.keeper.give_up(kept) and kept_deals(data) == []
    rec = record(data)
    assert (rec.played, rec.lost, rec.streak) == (2, 1, 0)
    assert a.keeper.find_kept(get_game("klondike"), 1) is None


def test_a_kept_game_resumed_and_won_is_one_win_and_no_loss():
    game, line, _ = won_line()
    data = {}
    tab = Tab(data)
    tab.session = session = Session(game, 5)
    for move in line[:10]:
        session.play(move)
        if not session.counted:
            tab.keeper.count_start(session)
        tab.keeper.settle(session, False)
    tab.session = Session(game, 6)
    tab.move()
    tab.session = session = tab.keeper.find_kept(game, 5)
    for move in line[10:]:
        session.play(move)
        tab.keeper.settle(session, game.is_won(session.state))
    rec = klondike_record(data)
    assert (rec.played, rec.won, rec.lost, rec.streak) == (2, 1, 0, 1)
    assert kept_deals(data) == [("klondike", "1", 6)]


def test_a_kept_game_taken_back_keeps_another_tabs_newer_game_in_turn():
    data = {}
    a, b = Tab(data), Tab(data)
    a.deal(1)
    a.move()
    a.deal(2)
    a.move()
    b.deal(3)  # another tab plays another deal: deal 2 kept, 3 the saved game
    b.move()
    assert [d[2] for d in kept_deals(data)] == [2, 1]
    a.keeper.take_over("klondike")  # Back to deal 1 in the first tab
    a.session = a.keeper.find_kept(get_game("klondike"), 1)
    a.keeper.settle(a.session, False)
    assert a.newer == [] and saves.decode(data[KEY]).seed == 1
    assert [d[2] for d in kept_deals(data)] == [3, 2] and record(data).lost == 0


def test_a_damaged_list_of_kept_games_is_set_aside_and_told():
    data = {KEPT_KEY: '{"v": 1, "games": [3]}'}
    tab = Tab(data)
    assert tab.keeper.find_kept(get_game("klondike"), 1) is None
    assert KEPT_KEY not in data and data[KEPT_KEY + ".broken"] == '{"v": 1, "games": [3]}'
    assert "could not be read" in tab.keeper.take_notes()[0]()
    tab.deal(1)
    tab.move()
    tab.deal(2)
    tab.move()
    assert kept_deals(data) == [("klondike", "3", 1)]


class RefusesKept(DictStorage):
    """A storage too full for the list of kept games."""

    def set(self, key, value):
        if key == KEPT_KEY:
            raise RuntimeError("QuotaExceededError")
        super().set(key, value)


def test_a_game_that_cannot_be_kept_is_not_written_over():
    data = {}
    tab = Tab(data)
    tab.backend = RefusesKept(data)
    tab.keeper.storage = Storage(tab.backend, tab.failed)
    tab.deal(1)
    tab.move()
    tab.deal(2)
    tab.move()
    assert saves.decode(data[KEY]).seed == 1 and tab.failures == 1 and record(data).lost == 0


def test_a_new_deal_before_its_first_move_keeps_the_other_save():
    data = {}
    tab = Tab(data)
    tab.deal(1)
    tab.move()
    kept = data[KEY]
    tab.keeper.keep_save = True
    tab.keeper.resumable = tab.keeper.read_save("klondike")
    tab.deal(2)
    tab.keeper.save(tab.session)
    assert data[KEY] == kept and tab.dropped == 0
    tab.move()  # the first move here writes over it, and the offer goes
    assert saves.decode(data[KEY]).seed == 2 and tab.dropped == 1 and tab.keeper.resumable is None
    assert record(data).lost == 0 and kept_deals(data) == [("klondike", "3", 1)]  # kept for later, not lost


def test_a_win_is_counted_once_across_two_tabs():
    data = {}
    a, b = Tab(data), Tab(data)
    a.deal(5)
    a.move()
    b.session = b.keeper.read_save("klondike")
    a.session.play(a.session.game.legal_moves(a.session.state)[0])
    a.keeper.settle(a.session, True)  # (taken as the winning move)
    assert a.session.result == "won" and record(data).won == 1
    b.keeper.other_tab(b.session, KEY, data[KEY])
    assert len(b.newer) == 1 and b.session.result == "won"
    b.keeper.settle(b.session, True)  # the tab shows the won game: not counted again
    a.keeper.settle(a.session, True)
    rec = record(data)
    assert (rec.played, rec.won, rec.streak) == (1, 1, 1)


def test_statistics_another_tab_counted_are_read_before_counting():
    data = {}
    a, b = Tab(data), Tab(data)
    a.deal(1)
    a.move()
    b.deal(2, "canfield")
    b.move()
    a.deal(3)
    a.move()
    assert record(data).played == 2 and record(data, "canfield").played == 1
    assert b.keeper.other_tab(b.session, STATS_KEY, data[STATS_KEY])
    assert b.keeper.stats.get(get_game("klondike")).played == 2


GOOD = {"played": 5, "won": 2, "lost": 3, "streak": 1, "best_streak": 1, "best_time_ms": 60000,
        "fewest_moves": 100, "score_total": 100}


def stats_text(records):
    return json.dumps({"format": "patience-statistics", "v": 1, "records": records})


def test_partly_damaged_statistics_keep_what_reads():
    text = stats_text({"canfield draw=3": GOOD, "klondike draw=3": dict(GOOD, won=9)})
    data = {STATS_KEY: text}
    tab = Tab(data)
    tab.keeper.read_stats()
    assert list(tab.keeper.stats.records) == ["canfield draw=3"]
    assert data[STATS_KEY + ".broken"] == text
    assert list(Stats.decode(data[STATS_KEY]).records) == ["canfield draw=3"]
    notes = tab.keeper.take_notes()
    assert len(notes) == 1 and "Part of your statistics" in notes[0]()


def test_unreadable_statistics_are_set_aside_and_a_new_count_begins():
    data = {STATS_KEY: "{not json"}
    tab = Tab(data)
    tab.keeper.read_stats()
    assert STATS_KEY not in data and data[STATS_KEY + ".broken"] == "{not json"
    assert tab.keeper.stats.records == {}
    assert "could not be read" in tab.keeper.take_notes()[0]()
    tab.deal(1)
    tab.move()
    assert record(data).played == 1 and data[STATS_KEY + ".broken"] == "{not json"


def test_an_older_pages_statistics_are_migrated_and_its_key_left_to_it():
    """Version 1 statistics, under the key an older page keeps them: read while the
    page's own key is empty, figures as they were; counted on under the page's own key
    (version 2), the older key never written, so a tab of the older page left open
    across an update neither sets the new statistics aside nor writes over them."""
    (old_key,) = KEYS_BEFORE
    text = stats_text({"canfield draw=3 foundation_return=off passes=inf": GOOD})
    data = {old_key: text}
    tab = Tab(data)
    tab.keeper.read_stats()
    assert tab.keeper.take_notes() == []
    tab.deal(1, "canfield")
    tab.move()
    assert data[old_key] == text and STATS_KEY != old_key
    rec = record(data, "canfield")
    assert (rec.played, rec.won, rec.lost, rec.assisted, rec.hints) == (6, 2, 3, 0, 0)
    assert json.loads(data[STATS_KEY])["v"] == 2
    data[old_key] = stats_text({})  # the older tab counts on in its own key: not read any more
    tab.keeper.read_stats()
    assert record(data, "canfield").played == 6


def test_damaged_statistics_of_an_older_page_are_set_aside_under_its_key():
    (old_key,) = KEYS_BEFORE
    data = {old_key: "{not json"}
    tab = Tab(data)
    tab.keeper.read_stats()
    assert old_key not in data and data[old_key + ".broken"] == "{not json" and STATS_KEY not in data
    assert "could not be read" in tab.keeper.take_notes()[0]()


def test_import_replaces_the_statistics_and_can_be_undone():
    data = {}
    tab = Tab(data)
    tab.deal(1)
    tab.move()
    before = data[STATS_KEY]
    assert tab.keeper.import_stats(stats_text({"canfield draw=3": GOOD, "klondike draw=1": GOOD})) == 2
    assert sorted(Stats.decode(data[STATS_KEY]).records) == ["canfield draw=3", "klondike draw=1"]
    assert data[BEFORE_IMPORT_KEY] == before
    with pytest.raises(StatsError):
        tab.keeper.import_stats("[]")
    assert len(tab.keeper.stats.records) == 2 and data[BEFORE_IMPORT_KEY] == before  # a refused file changes nothing
    assert tab.keeper.undo_import()
    assert data[STATS_KEY] == before and BEFORE_IMPORT_KEY not in data
    assert list(tab.keeper.stats.records) == [record_key(get_game("klondike"))]
    assert not tab.keeper.undo_import()


def test_settings_with_bad_stored_values_keep_the_good_ones():
    data = {SETTINGS_KEY: json.dumps({"theme": "purple", "large": True, "motion": "off", "bogus": 1,
                                      "lang": "de", "left": "yes", "faces": "ornate", "back": "lattice"})}
    settings = Tab(data).keeper.read_settings(["de-DE", "ru-RU", "en"])
    assert settings == {"lang": "ru", "theme": "system", "motion": "off", "large": True, "left": False,
                        "auto": False, "winnable": False, "faces": "plain", "back": "lattice"}
    for text in ("{oops", "[1, 2]", '"dark"'):
        data[SETTINGS_KEY] = text
        assert Tab(data).keeper.read_settings(["fr"])["theme"] == "system"
    data[SETTINGS_KEY] = json.dumps({"lang": "en", "theme": "dark"})
    assert Tab(data).keeper.read_settings(["ru"])["lang"] == "en"
    tab = Tab(data)
    settings = tab.keeper.read_settings(["ru"])
    settings["winnable"] = True
    tab.keeper.write_settings(settings)
    assert Tab(data).keeper.read_settings(["ru"]) == settings


def test_refused_storage_is_told_once_and_play_goes_on():
    data = {}
    tab = Tab(data)
    tab.backend.refuse = True
    assert tab.keeper.last_game() is None
    tab.keeper.set_last_game("klondike")
    tab.deal(1)
    tab.move()
    tab.move()
    assert tab.failures == 1 and data == {} and tab.keeper.written == {}
    tab.backend.refuse = False
    tab.move()
    tab.keeper.set_last_game("klondike")
    assert tab.failures == 1 and data[LAST_GAME_KEY] == "klondike"
    assert saves.decode(data[KEY]).moves == tab.session.moves


class FakeWebStorage:
    """What the page reads of window.localStorage; JS null comes back as a non-str."""

    def __init__(self):
        self.items = {}

    def getItem(self, key):  # noqa: N802
        return self.items.get(key, object())

    def setItem(self, key, value):  # noqa: N802
        if len(value) > 20:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


def test_local_storage_reads_null_as_none_and_a_refusal_is_told_once():
    from table.storage import LocalStorage

    web = FakeWebStorage()
    told = []
    storage = Storage(LocalStorage(lambda: web), lambda: told.append(1))
    assert storage.get("a") is None
    assert storage.set("a", "short") == "short" and storage.get("a") == "short"
    assert storage.set("b", "x" * 30) is None and storage.set("c", "y" * 30) is None  # full
    storage.remove("a")
    assert storage.get("a") is None and told == [1]

    def disabled():
        raise RuntimeError("SecurityError")  # reading window.localStorage itself raises

    told.clear()
    storage = Storage(LocalStorage(disabled), lambda: told.append(1))
    assert storage.get("a") is None and storage.set("a", "v") is None
    storage.remove("a")
    assert told == [1]


def won_line(seed=5):
    """The solver's winning line of a Klondike deal (draw 1), and where its rest is forced."""
    from patience.search import WON, solve

    game = get_game("klondike", {"draw": "1"})
    result = solve(game, game.deal(seed), 3000)
    assert result.verdict == WON
    state, forced_at = game.deal(seed), None
    for k, move in enumerate(result.moves):
        if forced_at is None and game.is_forced(state):
            forced_at = k
        state = game.play(state, move)
    assert forced_at is not None and 0 < forced_at < len(result.moves)
    return game, result.moves, forced_at


def play_out(tab, seed, line, helper=None, from_move=0, hints_at=()):
    """Play a won line in a tab as the table does: from move ``from_move`` on, ``helper``
    ("demo" or "finish") plays them (Session.helped before each); hints asked at the given
    moves (twice each: one position, one hint counted)."""
    game = line[0]
    tab.session = session = Session(game, seed)
    for k, move in enumerate(line[1]):
        if k in hints_at:
            session.hinted()
            session.hinted()
        if helper is not None and k >= from_move:
            session.helped(helper)
        session.play(move)
        if not session.counted:
            tab.keeper.count_start(session)
        tab.keeper.settle(session, game.is_won(session.state))
    assert session.result == "won"
    return session


def klondike_record(data):
    return Stats.decode(data[STATS_KEY]).get(get_game("klondike", {"draw": "1"}))


def test_a_demo_win_is_solved_with_help_not_won():
    line = won_line()
    data = {}
    tab = Tab(data)
    play_out(tab, 5, line)  # a win of the player's own first: a streak of 1, the records set
    first = klondike_record(data)
    assert (first.won, first.streak, first.assisted) == (1, 1, 0)
    session = play_out(tab, 5, line, "demo", from_move=len(line[1]) - 1)  # the demo played the last move
    assert session.assisted
    rec = klondike_record(data)
    assert (rec.played, rec.won, rec.assisted, rec.lost) == (2, 1, 1, 0)
    assert (rec.streak, rec.best_streak) == (1, 1)  # neither extended nor reset
    assert (rec.best_time_ms, rec.fewest_moves) == (first.best_time_ms, first.fewest_moves)
    assert rec.score_total == first.score_total  # the assisted game's score is not added
    assert [e.result for e in rec.history] == [1, 2]
    play_out(tab, 5, line)
    rec = klondike_record(data)
    assert (rec.won, rec.streak, rec.best_streak) == (2, 2, 2)


def test_finish_from_the_deal_is_solved_with_help_and_sets_no_record():
    line = won_line()
    data = {}
    tab = Tab(data)
    play_out(tab, 5, line, "finish", from_move=0)
    rec = klondike_record(data)
    assert (rec.played, rec.won, rec.assisted, rec.streak, rec.best_streak) == (1, 0, 1, 0, 0)
    assert rec.best_time_ms is None and rec.fewest_moves is None and rec.win_rate == 0


def test_finish_one_move_before_the_rest_is_forced_is_solved_with_help():
    line = won_line()
    data = {}
    play_out(Tab(data), 5, line, "finish", from_move=line[2] - 1)
    rec = klondike_record(data)
    assert (rec.won, rec.assisted) == (0, 1)


def test_finish_once_the_rest_is_forced_keeps_the_win():
    line = won_line()
    data = {}
    session = play_out(Tab(data), 5, line, "finish", from_move=line[2])
    assert not session.assisted
    rec = klondike_record(data)
    assert (rec.won, rec.assisted, rec.streak) == (1, 0, 1)
    assert rec.fewest_moves == len(line[1])


def test_hints_are_counted_once_a_position_saved_with_the_game_and_added_at_the_end():
    line = won_line()
    data = {}
    tab = Tab(data)
    session = play_out(tab, 5, line, hints_at=(0, 3, 10))
    assert session.hints == 3
    assert saves.decode(data[saves.key("klondike")]).hints == 3
    rec = klondike_record(data)
    assert (rec.won, rec.assisted, rec.hints) == (1, 0, 3)  # a win after hints is a win
    assert record_key(session.game) in json.loads(data[STATS_KEY])["records"]


def test_the_help_marks_travel_between_tabs():
    data = {}
    a, b = Tab(data), Tab(data)
    a.deal(5)
    a.move()
    b.session = b.keeper.read_save("klondike")
    a.session.hinted()
    a.session.helped("demo")
    a.move()
    b.keeper.other_tab(b.session, KEY, data[KEY])
    assert b.session.assisted and b.session.hints == 1
