"""Saved games as text: exact round trips, and every kind of damage refused with a reason."""

import json

import pytest

from patience import GAMES, Session, get_game
from patience.rng import Rng
from table import saves
from table.i18n import set_language, t


def played(game_id, seed, n, undo=0):
    game = get_game(game_id)
    session = Session(game, seed)
    rng = Rng(seed, "saves")
    for _ in range(n):
        moves = game.legal_moves(session.state)
        if not moves:
            break
        session.play(moves[rng.below(len(moves))])
    for _ in range(undo):
        session.undo()
    return session


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_round_trip_keeps_position_undo_and_redo(game_id):
    session = played(game_id, 9, 30, undo=3)
    back = saves.decode(saves.encode(session))
    assert back.game.id == game_id and back.game.options == session.game.options and back.seed == 9
    assert back.states == session.states and back.at == session.at and back.moves == session.moves
    assert back.can_redo() == session.can_redo()


def test_options_travel_with_the_save():
    game = get_game("klondike", {"draw": "1", "passes": "3"})
    session = Session(game, 4)
    session.play(game.stock_move(session.state))
    back = saves.decode(saves.encode(session))
    assert back.game.options == game.options and back.state == session.state


@pytest.mark.parametrize("damage,reason", [
    (lambda t: t[: len(t) // 2], "not readable"),
    (lambda t: "[]", "not a saved game"),
    (lambda t: t.replace('"v":1', '"v":99'), "another version"),
    (lambda t: t.replace('"seed":', '"sead":'), "incomplete"),
    (lambda t: t.replace('"game":"klondike"', '"game":"chess"'), "incomplete"),
    (lambda t: t.replace('"draw":"3"', '"draw":"9"'), "incomplete"),
    (lambda t: t.replace('"at":', '"at":99') , "move count"),
    (lambda t: t.replace('"moves":["', '"moves":["t1>t7","'), "do not replay"),
    # JSON numbers too big for a float are infinities: int() of one raised OverflowError,
    # which no handler caught, and the page could not start until the save was removed
    (lambda t: t.replace('"time":0', '"time":1e309'), "incomplete"),
    (lambda t: t.replace('"at":10', '"at":1e309'), "incomplete"),
    (lambda t: t.replace('"seed":3', '"seed":1e309'), "incomplete"),
    (lambda t: t.replace('"seed":3', '"seed":1e300'), "deal number"),
    (lambda t: t.replace('"seed":3', '"seed":0'), "deal number"),
])
def test_damaged_saves_are_refused_with_a_reason(damage, reason):
    text = saves.encode(played("klondike", 3, 10))
    assert json.loads(text)["v"] == saves.VERSION
    with pytest.raises(saves.SaveError, match=reason):
        saves.decode(damage(text))


def test_a_damaged_save_is_told_in_the_engines_words_not_pythons():
    data = json.loads(saves.encode(played("klondike", 3, 10)))
    data["options"] = ["draw"]  # dict() of it: "dictionary update sequence element #0 …"
    with pytest.raises(saves.SaveError) as err:
        saves.decode(json.dumps(data))
    assert str(err.value) == "the save is incomplete or damaged"
    data["options"] = {"draw": "9"}
    with pytest.raises(saves.SaveError, match=r"damaged \(option draw of klondike takes 3 \| 1, not '9'\)"):
        saves.decode(json.dumps(data))


def test_time_and_statistics_marks_round_trip():
    session = played("klondike", 4, 12)
    session.elapsed_ms, session.counted, session.result = 83_000, True, "won"
    back = saves.decode(saves.encode(session))
    assert (back.elapsed_ms, back.counted, back.result) == (83_000, True, "won")
    assert saves.peek(saves.encode(session)) == {"game": "klondike", "options": dict(session.game.options),
                                                 "seed": 4, "counted": True, "result": "won"}


def test_a_save_from_before_the_timer_still_loads():
    session = played("canfield", 6, 8)
    data = json.loads(saves.encode(session))
    for name in ("time", "counted", "result"):
        del data[name]
    back = saves.decode(json.dumps(data))
    assert back.elapsed_ms == 0 and back.counted and back.result == ""


@pytest.mark.parametrize("field, value", [("time", -5), ("time", "soon"), ("counted", "yes"), ("result", "lost")])
def test_bad_time_or_marks_are_refused(field, value):
    data = json.loads(saves.encode(played("frog", 2, 4)))
    data[field] = value
    with pytest.raises(saves.SaveError):
        saves.decode(json.dumps(data))
    assert saves.peek("{broken") is None
    data["at"] = 1e309
    assert saves.peek(json.dumps(data)) is None


def test_the_reason_a_save_is_refused_is_worded_when_read():
    """The table keeps the error and says it again after a language switch."""
    with pytest.raises(saves.SaveError) as err:
        saves.decode("{")
    try:
        assert str(err.value) == t("reason.save.unreadable", "en")
        set_language("ru")
        assert str(err.value) == t("reason.save.unreadable", "ru") != t("reason.save.unreadable", "en")
    finally:
        set_language("en")


def test_the_engines_reason_inside_it_follows_the_language_too():
    data = json.loads(saves.encode(played("klondike", 3, 10)))
    data["moves"][0] = "t1>t2"  # a red card on a red one, or no card one rank higher
    with pytest.raises(saves.SaveError) as err:
        saves.decode(json.dumps(data))
    try:
        assert str(err.value) == ("the saved moves do not replay (Here a card goes on a card one rank "
                                  "higher, of the other colour.)")
        set_language("ru")
        assert str(err.value) == ("сохранённые ходы не воспроизводятся (Здесь карту кладут на карту "
                                  "другого цвета, на одно достоинство старше.)")
    finally:
        set_language("en")


def test_help_marks_round_trip_and_old_saves_load_without_help():
    session = played("klondike", 4, 12)
    session.assisted, session.hints = True, 7
    back = saves.decode(saves.encode(session))
    assert (back.assisted, back.hints) == (True, 7)
    data = json.loads(saves.encode(session))
    for name in ("assisted", "hints"):  # as saved before they were kept
        del data[name]
    back = saves.decode(json.dumps(data))
    assert (back.assisted, back.hints) == (False, 0)


def test_a_hint_asked_for_again_after_a_reload_is_not_counted_twice():
    session = played("klondike", 4, 12)
    session.undo()
    session.hinted()
    assert session.hints == 1
    back = saves.decode(saves.encode(session))
    back.hinted()  # the same position, after a reload: not counted again
    assert back.hints == 1
    back.redo()
    back.undo()  # back at the hinted position, by undo
    back.hinted()
    assert back.hints == 1
    back.redo()
    back.hinted()  # another position counts
    assert back.hints == 2
    data = json.loads(saves.encode(session))
    del data["hinted_at"]  # as saved before it was kept: the next hint counts
    old = saves.decode(json.dumps(data))
    old.hinted()
    assert old.hints == 2


@pytest.mark.parametrize("field, value", [("assisted", 1), ("assisted", "no"), ("hints", -1), ("hints", 2.5),
                                          ("hints", True), ("hinted_at", -1), ("hinted_at", 999),
                                          ("hinted_at", "3"), ("hinted_at", True)])
def test_bad_help_marks_are_refused(field, value):
    data = json.loads(saves.encode(played("frog", 2, 4)))
    data[field] = value
    with pytest.raises(saves.SaveError):
        saves.decode(json.dumps(data))
