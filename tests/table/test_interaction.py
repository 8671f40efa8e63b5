"""The table's interaction model (py/table/interaction.py) on real deals, under CPython:
what taps, drags, hovers and keys do, the marks the view is given, the cursor's steps
and the words a screen reader hears."""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from patience import get_game
from patience.registry import GAMES
from patience.cards import parse_card
from patience.game import MOVE, Game, Move
from patience.state import State
from table import geometry, i18n
from table.interaction import (DOUBLE_TAP_MS, NO_HINT, REDRAW, Announce, HintMarks, Interaction, Play, Refuse,
                               cards_text, describe, drop_target, hint_marks, move_words, refusal, standstill_words,
                               step_cursor)

from helpers import hint_kind, position


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def press(model: Interaction, game: Game, state: State, pile: str, index: int | None, now: float = 0.0,
          keyboard: bool = False) -> list[object]:
    """A tap as the input makes it: the cards a press there picks up come from the engine."""
    i = game.index[pile]
    return list(model.tap(game, state, i, index, game.pick_count(state, i, index), now, keyboard))


def top(state: State, game: Game, pile: str) -> int:
    return len(state.piles[game.index[pile]]) - 1


# --- taps ------------------------------------------------------------------------------

def test_tap_a_card_then_a_target_plays_the_move_and_marks_show_meanwhile():
    game = get_game("klondike")
    state = game.deal(1)  # t2's top card goes on t4
    model = Interaction()
    assert press(model, game, state, "t2", top(state, game, "t2")) == [REDRAW]
    t2, t4 = game.index["t2"], game.index["t4"]
    assert model.selected == (t2, 1)
    marks = model.marks(game, state, focused=False)
    assert marks["selected"] == {state.piles[t2][-1]}
    assert marks["targets"] == {t4}
    assert "cursor" not in marks
    assert press(model, game, state, "t4", top(state, game, "t4"), now=1000) == [Play(Move(MOVE, t2, t4, 1))]
    assert model.selected is None


def test_a_tap_on_a_pile_that_refuses_the_cards_picks_that_pile_up_instead():
    game = get_game("klondike")
    state = game.deal(1)
    model = Interaction()
    press(model, game, state, "t2", top(state, game, "t2"))
    assert press(model, game, state, "t5", top(state, game, "t5"), now=1000) == [REDRAW]
    assert model.selected == (game.index["t5"], 1)
    # the same cards tapped again are put back
    assert press(model, game, state, "t5", top(state, game, "t5"), now=2000) == [REDRAW]
    assert model.selected is None


def test_a_tap_on_the_stock_turns_it_and_a_stock_that_waits_says_why():
    game = get_game("klondike")
    state = game.deal(1)
    model = Interaction(selected=(game.index["t2"], 1))
    assert press(model, game, state, "stock", top(state, game, "stock")) == [Play(Move("deal"))]
    assert model.selected is None
    frog = get_game("frog")
    state = frog.play(frog.deal(11), Move("deal"))  # the waste card must be played first
    effects = press(model, frog, state, "stock", top(state, frog, "stock"))
    assert effects == [Refuse(frog.explain(state, Move("deal")), False), REDRAW]
    assert refusal(effects[0].reason) == ("That move is not allowed. Play the waste card first: onto a "
                                          "foundation or one of the five piles.")


def test_two_quick_taps_send_a_card_to_a_foundation_and_two_slow_ones_do_not():
    game = get_game("klondike")
    state = game.deal(1)  # t3's top card is an ace
    t3 = game.index["t3"]
    model = Interaction()
    press(model, game, state, "t3", 2, now=5000)
    assert press(model, game, state, "t3", 2, now=5000 + DOUBLE_TAP_MS - 1) == [Play(Move(MOVE, t3, game.index["f1"]))]
    model = Interaction()
    press(model, game, state, "t3", 2, now=5000)
    assert press(model, game, state, "t3", 2, now=5000 + DOUBLE_TAP_MS + 1) == [REDRAW]  # put back
    assert model.selected is None
    model = Interaction()  # a keyboard tap does not start a double tap
    press(model, game, state, "t3", 2, now=5000, keyboard=True)
    assert model.last_tap is None


def test_f_sends_a_top_card_home_or_says_it_cannot():
    game = get_game("klondike")
    state = game.deal(1)
    model = Interaction()
    assert model.to_foundation(game, state, game.index["t3"], 2) == [Play(Move(MOVE, game.index["t3"], game.index["f1"]))]
    assert model.to_foundation(game, state, game.index["t2"], 1) == [Announce("That move is not allowed.")]


def test_keyboard_pick_up_is_announced_in_both_languages_and_escape_puts_back():
    game = get_game("klondike")
    state = game.deal(1)
    model = Interaction()
    card = state.piles[game.index["t2"]][-1]
    name = i18n.card_name(card.rank, card.suit)
    assert press(model, game, state, "t2", 1, keyboard=True) == [
        Announce(f"Picked up {name}. Choose where to put them."), REDRAW]
    assert model.put_back() == [Announce("Put back.")]
    assert model.put_back() == []
    i18n.set_language("ru")
    assert press(model, game, state, "t2", 1, keyboard=True) == [
        Announce(f"Взято: {i18n.card_name(card.rank, card.suit)}. Выберите, куда положить."), REDRAW]
    model.unpick()
    assert press(model, game, state, "f1", None, keyboard=True) == [Announce("Здесь нечего взять."), REDRAW]


# --- drags -----------------------------------------------------------------------------

def test_a_drag_ends_on_a_target_or_goes_home_saying_which_rule_refused_it():
    game = get_game("klondike")
    state = game.deal(1)
    t2, t4, t5 = game.index["t2"], game.index["t4"], game.index["t5"]
    model = Interaction(selected=(t5, 1))
    assert model.start_drag(game, state, t2, 1) == [t4]
    assert model.selected is None
    assert model.marks(game, state, False, drag=[t4])["targets"] == {t4}
    assert model.drop(game, state, t2, 1, t4, (t4, 0)) == [Play(Move(MOVE, t2, t4, 1))]
    effects = model.drop(game, state, t2, 1, None, (t5, top(state, game, "t5")))
    assert effects[0] == REDRAW and isinstance(effects[1], Refuse) and effects[1].announce
    assert refusal(effects[1].reason).startswith("That move is not allowed. Here a card goes on a card one rank higher")
    assert model.drop(game, state, t2, 1, None, (t2, 1)) == [REDRAW]  # back on its own pile
    assert model.drop(game, state, t2, 1, None, None) == [REDRAW]  # off the table


def test_the_drop_target_is_the_one_under_the_pointer_else_the_one_overlapped_most():
    rects = {3: (100.0, 0.0, 160.0, 84.0), 5: (200.0, 0.0, 260.0, 84.0)}
    assert drop_target([3, 5], rects, (205.0, 10.0), (0.0, 0.0), (60.0, 84.0)) == 5
    assert drop_target([3, 5], rects, (95.0, 10.0), (0.0, 0.0), (60.0, 84.0)) == 3  # within the slack
    assert drop_target([3, 5], rects, (300.0, 300.0), (170.0, 20.0), (60.0, 84.0)) == 5  # the card reaches 5 only
    assert drop_target([3, 5], rects, (300.0, 300.0), (145.0, 20.0), (60.0, 84.0)) == 3  # over both, more of 3
    assert drop_target([3, 5], rects, (300.0, 300.0), (500.0, 500.0), (60.0, 84.0)) is None


# --- grids: the gap choice -------------------------------------------------------------

def test_a_gap_that_several_cards_fit_offers_them_and_a_tap_on_one_plays_it():
    game = get_game("potocki")
    state = game.deal(4)
    gap = game.index["g4-1"]
    fits = [m.src for m in game.card_moves(state) if m.dst == gap]
    assert len(fits) == 4
    model = Interaction()
    assert model.tap(game, state, gap, None, 0, 0.0) == [REDRAW]
    assert model.gap_choice == (gap, tuple(fits))
    marks = model.marks(game, state, False)
    assert marks["selected"] == {state.piles[src][-1] for src in fits}
    assert marks["targets"] == {gap}
    src = fits[2]
    assert model.tap(game, state, src, 0, game.pick_count(state, src, 0), 1000.0) == [Play(Move(MOVE, src, gap))]
    assert model.gap_choice is None


def test_a_grid_card_with_one_move_plays_it_and_a_gap_with_one_card_too():
    game = get_game("potocki")
    state = game.deal(4)
    moves = game.card_moves(state)
    src = next(m.src for m in moves if [k.src for k in moves].count(m.src) == 1)
    only = next(m for m in moves if m.src == src)
    model = Interaction()
    assert model.tap(game, state, src, 0, game.pick_count(state, src, 0), 0.0) == [Play(only)]
    gap = next(m.dst for m in moves if [k.dst for k in moves].count(m.dst) == 1)
    into = next(m for m in moves if m.dst == gap)
    assert model.tap(game, state, gap, None, 0, 5000.0) == [Play(into)]


# --- Bride and Groom: removals shown, then made ----------------------------------------

def bride_with_a_removal() -> tuple[Game, State]:
    game = get_game("bride")
    state = game.deal(1)
    for _ in range(3):
        state = game.play(state, game.stock_move(state))
    assert [m for m in game.legal_moves(state) if m.kind == "remove"] == [Move("remove", 2, -1, 1)]
    return game, state


def test_bride_a_first_tap_shows_the_removal_and_a_second_makes_it():
    game, state = bride_with_a_removal()
    row = game.index["row"]
    card = state.piles[row][2]
    model = Interaction()
    assert model.tap(game, state, row, 2, 0, 0.0) == [REDRAW]
    assert model.armed == Move("remove", 2, -1, 1)
    assert model.marks(game, state, False)["selected"] == {card}
    assert model.tap(game, state, row, 2, 0, 1000.0) == [Play(Move("remove", 2, -1, 1))]
    model = Interaction()
    assert model.tap(game, state, row, 0, 0, 0.0) == [REDRAW]  # the queen: no removal
    assert model.armed is None and "selected" not in model.marks(game, state, False)


def test_bride_the_mouse_over_a_card_previews_its_removal():
    game, state = bride_with_a_removal()
    row = game.index["row"]
    model = Interaction()
    assert model.hover_at(game, state, (row, 2)) == [REDRAW]
    assert model.marks(game, state, False)["preview"] == {state.piles[row][2]}
    assert model.hover_at(game, state, (row, 2)) == []  # nothing new to draw
    assert model.hover_at(game, state, (row, 1)) == [REDRAW]
    assert model.hover is None and "preview" not in model.marks(game, state, False)
    assert "joined" in model.marks(game, state, False)


def bride_with_overlapping_removals() -> tuple[Game, State]:
    """Q♥ 2♠ 3♦ 8♠ 2♦: 3♦ alone, 8♠ alone and 3♦ 8♠ together may go."""
    game, state = bride_with_a_removal()
    state = game.play(state, game.stock_move(state))
    removals = {m for m in game.legal_moves(state) if m.kind == "remove"}
    assert removals == {Move("remove", 2, -1, 1), Move("remove", 3, -1, 1), Move("remove", 2, -1, 2)}
    return game, state


def test_bride_a_card_several_removals_take_shows_them_in_turn_and_the_last_is_made_on_the_card():
    game, state = bride_with_overlapping_removals()
    row = game.index["row"]
    pair, three, eight = Move("remove", 2, -1, 2), Move("remove", 2, -1, 1), Move("remove", 3, -1, 1)
    model = Interaction()
    said = model.tap(game, state, row, 2, 0, 0.0)  # 3♦: the pair first
    assert said == [Announce("Removal of three of diamonds and eight of spades: choice 1 of 2. Tap another of these cards "
                             "to make it, or this card again for the next choice."), REDRAW]
    assert model.armed == pair and model.marks(game, state, False)["selected"] == set(state.piles[row][2:4])
    said = model.tap(game, state, row, 2, 0, 1000.0)  # 3♦ again: 3♦ alone, the last
    assert said == [Announce("Removal of three of diamonds: choice 2 of 2, the last. Tap this card again to make it."), REDRAW]
    assert model.armed == three and model.marks(game, state, False)["selected"] == {state.piles[row][2]}
    assert model.tap(game, state, row, 2, 0, 2000.0) == [Play(three)]
    model = Interaction()  # 3♦, then 8♠ (the other card of the pair shown): the pair
    model.tap(game, state, row, 2, 0, 0.0)
    assert model.tap(game, state, row, 3, 0, 1000.0) == [Play(pair)]
    model = Interaction()  # 8♠ twice: 8♠ alone; a quick second tap is no shortcut
    model.tap(game, state, row, 3, 0, 0.0)
    assert model.armed == pair
    assert model.tap(game, state, row, 3, 0, 100.0)[1:] == [REDRAW] and model.armed == eight
    assert model.tap(game, state, row, 3, 0, 200.0) == [Play(eight)]
    model = Interaction()  # from 3♦ alone, a tap on 8♠ shows 8♠'s choices afresh: nothing is made
    model.tap(game, state, row, 2, 0, 0.0)
    model.tap(game, state, row, 2, 0, 1000.0)
    assert model.tap(game, state, row, 3, 0, 2000.0)[1:] == [REDRAW] and model.armed == pair and model.anchor == 3
    model.hover_at(game, state, (row, 2))  # the mouse shows the first choice
    assert model.hover == pair and model.marks(game, state, False)["selected"] == set(state.piles[row][2:4])
    model.unpick()
    assert model.hover_at(game, state, (row, 2)) == [REDRAW]
    assert model.marks(game, state, False)["preview"] == set(state.piles[row][2:4])


def test_bride_choices_are_said_in_russian_and_the_keyboard_chooses_the_same_way():
    game, state = bride_with_overlapping_removals()
    row = game.index["row"]
    i18n.set_language("ru")
    model = Interaction()
    said = model.tap(game, state, row, 2, 0, 0.0, keyboard=True)
    assert said == [Announce("Снятие: тройка бубён и восьмёрка пик — вариант 1 из 2. Нажмите другую из этих карт, "
                             "чтобы убрать, или эту карту ещё раз — следующий вариант."), REDRAW]
    said = model.tap(game, state, row, 2, 0, 0.0, keyboard=True)
    assert said == [Announce("Снятие: тройка бубён — вариант 2 из 2, последний. Нажмите эту карту ещё раз, "
                             "чтобы убрать."), REDRAW]
    assert model.tap(game, state, row, 2, 0, 0.0, keyboard=True) == [Play(Move("remove", 2, -1, 1))]


def test_a_removal_shown_before_the_row_changed_is_not_made_but_shown_afresh():
    game, state = bride_with_overlapping_removals()
    row = game.index["row"]
    model = Interaction()
    model.tap(game, state, row, 2, 0, 0.0)
    after = game.play(state, Move("remove", 3, -1, 1))  # made some other way: Q♥ 2♠ 3♦ 2♦
    assert Move("remove", 2, -1, 2) not in game.legal_moves(after)
    assert model.tap(game, after, row, 2, 0, 1000.0) == [REDRAW]
    assert model.armed == Move("remove", 2, -1, 1)


# --- marks -----------------------------------------------------------------------------

def test_frogs_waste_card_shows_its_targets_until_played():
    game = get_game("frog")
    state = game.deal(11)
    model = Interaction()
    assert "targets" not in model.marks(game, state, False)
    state = game.play(state, Move("deal"))
    targets = set(game.targets(state, game.waste, 1))
    assert targets and model.marks(game, state, False)["targets"] == targets
    klondike = get_game("klondike")
    state = klondike.play(klondike.deal(1), Move("deal"))
    assert "targets" not in model.marks(klondike, state, False)  # Klondike's waste need not go first


def test_hint_and_cursor_marks():
    game = get_game("klondike")
    state = game.deal(1)
    model = Interaction()
    card = state.piles[game.index["t2"]][-1]
    marks = model.marks(game, state, False, hint={card}, hint_piles={game.index["t4"]})
    assert marks["hint"] == {card} and marks["hint_piles"] == {game.index["t4"]}
    marks = model.marks(game, state, focused=True)
    assert model.cursor == (game.index["t1"], 0)  # the first column, its top card
    assert marks["cursor"] == {state.piles[game.index["t1"]][0]}
    empty = position(game, t1="", t2="Kh")
    model = Interaction(cursor=(game.index["t1"], None))
    assert model.marks(game, empty, False)["cursor"] == {-1 - game.index["t1"]}  # an empty pile's slot


# --- the keyboard's cursor -------------------------------------------------------------

def cursor_room(game: Game, state: State) -> tuple[list[tuple[float, float]], list[str]]:
    m = geometry.metrics(game, 1000.0, 700.0)
    return [m.origin(i) for i in range(len(game.piles))], [spot[2] for spot in m.spots]


def test_the_cursor_steps_along_a_fan_then_across_piles():
    game = get_game("klondike")
    state = position(game, t1="2:5h9c8d7c6h", t2="Qc")
    origins, fans = cursor_room(game, state)
    t1, t2 = game.index["t1"], game.index["t2"]
    model = Interaction()
    assert model.cursor_spot(game, state) == (t1, 4)
    model.step(game, state, "up", origins, fans)
    assert model.cursor == (t1, 3)
    model.step(game, state, "up", origins, fans)
    assert model.cursor == (t1, 2)  # the first face-up card
    model.step(game, state, "down", origins, fans)
    assert model.cursor == (t1, 3)
    model.step(game, state, "right", origins, fans)
    assert model.cursor == (t2, 0)
    model.step(game, state, "left", origins, fans)
    assert model.cursor == (t1, 4)  # back to a pile's top card
    for _ in range(2):
        model.step(game, state, "up", origins, fans)
    assert model.cursor == (t1, 2)
    model.step(game, state, "up", origins, fans)  # past the face-down cards: to the pile above
    assert model.cursor == (game.index["stock"], len(state.piles[game.index["stock"]]) - 1)
    assert step_cursor(state, game.index["stock"], None, "left", origins, fans) == (game.index["stock"], None)


def test_the_cursor_goes_to_the_pile_most_in_line_not_the_nearest_off_to_the_side():
    game = get_game("klondike")
    state = game.deal(1)
    far = (5000.0, 5000.0)
    origins = [far] * len(game.piles)
    fans = ["stack"] * len(game.piles)
    t1, t2, t3 = game.index["t1"], game.index["t2"], game.index["t3"]
    origins[t1], origins[t2], origins[t3] = (0.0, 0.0), (100.0, 30.0), (150.0, 0.0)
    assert step_cursor(state, t1, 0, "right", origins, fans) == (t3, 2)  # 150 ahead in line beats 100 and 30 off
    origins[t2] = (100.0, 10.0)
    assert step_cursor(state, t1, 0, "right", origins, fans) == (t2, 1)


def test_the_cursor_starts_on_the_first_pile_of_its_kind_and_stays_on_face_up_cards():
    frog = get_game("frog")  # no tableau: the first of its five piles (role "tableau") or reserve
    state = frog.deal(2)
    model = Interaction()
    pile, index = model.cursor_spot(frog, state)
    assert frog.piles[pile].role == "tableau"
    game = get_game("klondike")
    state = game.deal(1)
    model = Interaction(cursor=(game.index["t7"], 0))  # a face-down card: the first face-up one instead
    assert model.cursor_spot(game, state) == (game.index["t7"], 6)


# --- words -----------------------------------------------------------------------------

def test_a_move_is_described_with_what_it_turned_up_in_both_languages():
    game = get_game("klondike")
    before = game.deal(1)
    move = Move(MOVE, game.index["t2"], game.index["t4"])
    after = game.play(before, move)
    moved = before.piles[game.index["t2"]][-1]
    turned = after.piles[game.index["t2"]][-1]
    text = describe(game, before, move, after)
    assert text == (f"{i18n.card_name(moved.rank, moved.suit)} to {i18n.pile_name('t4')}. "
                    f"Turned up: {i18n.card_name(turned.rank, turned.suit)}.")
    i18n.set_language("ru")
    text = describe(game, before, move, after)
    assert text == (f"{i18n.card_name(moved.rank, moved.suit, 'ru')} — на {i18n.pile_name('t4', 'ru')}. "
                    f"Открылась карта: {i18n.card_name(turned.rank, turned.suit, 'ru')}.")
    assert describe(game, before, Move("deal"), game.play(before, Move("deal"))).startswith("Открыта карта из колоды.")


def test_several_cards_and_actions_in_words():
    game = get_game("klondike", {"runs": "any"})
    state = position(game, t1="2:5h9c8d7c6h", t2="9s")
    assert cards_text(state, game.index["t1"], 3) == f"3 cards from {i18n.card_name(8, parse_card('8d').suit)}"
    assert move_words(game, state, Move(MOVE, game.index["t1"], game.index["t2"], 3)).endswith(
        f"to {i18n.pile_name('t2')}")
    assert move_words(game, state, Move("deal")) == i18n.t("assist.stock")
    gaps = get_game("potocki")
    before = gaps.deal(1)
    after = gaps.apply(before, Move("reshuffle"))
    assert describe(gaps, before, Move("reshuffle"), after).startswith("Reshuffle")
    assert move_words(gaps, before, Move("reshuffle"))[0].islower()


def reshuffle_label(gaps: Game, state: State) -> str:
    action = gaps.action("reshuffle")
    assert action is not None and action.label is not None
    return i18n.say(action.label(gaps, state, Move("reshuffle")))


def test_standstill_words_in_both_languages():
    canfield = get_game("canfield")
    state = canfield.deal(63)
    stuck = canfield.standstill(state, state)
    assert stuck is not None
    assert standstill_words(canfield, state, stuck) == (
        i18n.t("stuck.deal.stock") + " " + i18n.t("stuck.score", score=canfield.score(state)))
    assert standstill_words(canfield, state, stuck._replace(from_deal=False, stock_turns=False)).startswith(
        "No moves left. Undo")
    gaps = get_game("potocki")
    first = state = gaps.deal(1)
    while gaps.card_moves(state):
        state = gaps.play(state, gaps.card_moves(state)[0])
    only = gaps.standstill(state, first)
    assert only is not None and only.kind == "specials"
    label = reshuffle_label(gaps, state)
    assert standstill_words(gaps, state, only) == f"No card can move: use “{label}”."
    i18n.set_language("ru")
    label = reshuffle_label(gaps, state)
    assert standstill_words(gaps, state, only) == f"Ни одна карта не ходит: воспользуйтесь кнопкой «{label}»."


# --- hints: their words and marks --------------------------------------------------------
HINT_OPTIONS = {"gaps8": {"reshuffles": "2"}}  # Eight Aces deals with no reshuffle by default


def hint_positions(game: Game) -> dict[str, tuple[State, Move]]:
    """A position and a legal move of each kind the game has, from random playouts."""
    rnd = random.Random(27)
    found: dict[str, tuple[State, Move]] = {}
    for seed in range(1, 40):
        state = game.deal(seed)
        for _ in range(400):
            moves = game.legal_moves(state)
            if not moves:
                break
            for move in moves:
                found.setdefault(hint_kind(game, move), (state, move))
            state = game.play(state, rnd.choice(moves))
        if len(found) == 4:
            break
    return found


HINT_KINDS = {  # the kinds of hint each game can give (its moves: rules in shared/RULES.md)
    "klondike": {"card", "stock"}, "canfield": {"card", "stock"}, "zmey": {"card", "stock"},
    "gaps8": {"card", "button"}, "potocki": {"card", "button"}, "frog": {"card", "stock"},
    "cross": {"card", "stock", "place"}, "glider": {"card", "stock"}, "bride": {"stock", "place"},
}


@pytest.mark.parametrize("game_id", [spec.id for spec in GAMES])
def test_every_kind_of_hint_names_and_marks_what_to_do(game_id):
    game = get_game(game_id, HINT_OPTIONS.get(game_id, {}))
    found = hint_positions(game)
    assert set(found) == HINT_KINDS[game_id]
    for kind, (state, move) in found.items():
        marks = hint_marks(game, state, move)
        words = {lang: (i18n.set_language(lang), move_words(game, state, move))[1] for lang in ("en", "ru")}
        i18n.set_language("en")
        assert marks != NO_HINT, (kind, move)
        if kind == "card":
            cards = state.piles[move.src][-move.n:]
            assert marks == HintMarks(frozenset(cards), frozenset({move.dst}))
            assert words["en"] == f"{cards_text(state, move.src, move.n)} to {i18n.pile_name(game.names[move.dst])}"
        elif kind == "stock":
            assert marks.piles == {game.stock} and marks.cards == set(state.piles[game.stock][-1:])
            assert not marks.chips and not marks.button
            action = game.action(move.kind)
            if action is None:
                assert words == {"en": "turn the stock", "ru": "открыть карту из колоды"}
            else:
                assert action.label is not None
                label = i18n.say(action.label(game, state, move), "en")
                assert words["en"] == f"{label[0].lower()}{label[1:]} — click the stock"
                assert words["ru"].endswith(" — щелчок по колоде")
        elif kind == "button":
            action = game.action(move.kind)
            assert action is not None and action.label is not None
            label = i18n.say(action.label(game, state, move), "en")
            assert marks == HintMarks(button=move.kind)
            assert words["en"] == f"press “{label}”"
            assert words["ru"] == f"нажать «{i18n.say(action.label(game, state, move), 'ru')}»"
        else:
            action = game.action(move.kind)
            assert action is not None
            if action.where == "tap":  # the cards the removal takes
                taken = state.piles[game.index[action.tap_pile]][move.src:move.src + move.n]
                assert marks == HintMarks(frozenset(taken))
                for card in taken:
                    assert i18n.card_name(card.rank, card.suit, "en") in words["en"]
                    assert i18n.card_name(card.rank, card.suit, "ru", accusative=True) in words["ru"]
            else:  # the chip of the pile it refills
                assert marks == HintMarks(piles=frozenset({move.src}), chips=frozenset({move.src}))
                assert i18n.pile_name(game.names[move.src], "en") in words["en"]
                assert i18n.pile_name(game.names[move.src], "ru") in words["ru"]


def test_a_bride_removal_of_two_names_both_cards():
    game = get_game("bride")
    state = game.deal(1)
    for _ in range(4):
        state = game.play(state, Move("turn"))
    row = state.piles[game.index["row"]]
    assert [str(c) for c in row] == ["Qh", "2s", "3d", "8s", "2d"]
    pair = Move("remove", 2, -1, 2)
    assert pair in game.legal_moves(state)
    assert move_words(game, state, pair) == "remove three of diamonds and eight of spades"
    assert hint_marks(game, state, pair) == HintMarks(frozenset(row[2:4]))
    i18n.set_language("ru")
    assert move_words(game, state, pair) == "снять тройку бубён и восьмёрку пик"
    assert i18n.t("assist.hint", move=move_words(game, state, Move("remove", 1, -1, 1))) == \
        "Подсказка: снять двойку пик."
    assert move_words(game, state, Move("turn")) == "открыть карту — щелчок по колоде"
    assert hint_marks(game, state, Move("turn")) == HintMarks(frozenset(state.piles[game.stock][-1:]),
                                                              frozenset({game.stock}))


def test_a_stock_action_on_an_empty_stock_marks_its_slot():
    game = get_game("cross")
    state = position(game, t1="Ks", t2="Qs")  # every other card in the stock
    while state.piles[game.stock]:
        state = game.play(state, Move("row"))
    move = game.stock_move(state)
    assert move is not None and move.kind == "round"
    assert hint_marks(game, state, move) == HintMarks(piles=frozenset({game.stock}))


def test_hint_marks_reach_the_view_marks():
    game = get_game("cross")
    state = game.deal(1)
    marks = Interaction().marks(game, state, False, hint_piles={game.index["t2"]}, hint_chips={game.index["t2"]})
    assert marks["hint_chips"] == {game.index["t2"]} and marks["hint_piles"] == {game.index["t2"]}
    assert "hint" not in Interaction().marks(game, state, False)


def test_cards_in_the_accusative():
    assert i18n.card_name(1, 0, "ru", accusative=True) == "туза пик"
    assert i18n.card_name(12, 1, "ru", accusative=True) == "даму червей"
    assert i18n.card_name(12, 1, "ru") == "дама червей"
    assert i18n.card_name(13, 3, "en", accusative=True) == "king of clubs"
