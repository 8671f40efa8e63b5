"""What the solver at the table knows and decides (py/table/advice.py), under CPython:
verdicts followed along a winning line and a redo, the move that lost a game, Finish's
redraws and slices, and when a search for a winnable deal gives up."""

from __future__ import annotations

import pytest

from patience import Session, get_game
from patience.game import MOVE
from patience.search import LOST, UNKNOWN, WON, solve
from table import pace
from table.advice import (DIALOG_WAIT_MS, QUICK_STEP_MS, WINNABLE_GIVE_UP, WINNABLE_HOPELESS, WINNABLE_TRIES,
                          FinishRun, Indicator, Known, WinnableHunt, demo_step, finish_offered, home_now, key_of,
                          pause_ms)


def won_line(game_id: str = "klondike", seed: int = 5) -> tuple[Session, list]:
    game = get_game(game_id)
    session = Session(game, seed)
    result = solve(game, session.state, 3000)
    assert result.verdict == WON
    return session, list(result.moves)


def test_a_winning_line_tells_every_position_along_it_winnable():
    session, line = won_line()
    known = Known()
    assert known.verdict(session, session.state) is None
    known.learn(session.game, session.state, WON, line)
    for k in range(5):
        session.play(line[k])
        assert known.verdict(session, session.state) == (WON, line[k + 1:])
    # another move leaves the line: nothing is known of where it leads
    other = next(m for m in session.game.legal_moves(session.state) if m != line[5])
    session.play(other)
    assert known.verdict(session, session.state) is None


def test_a_listed_deals_line_learnt_late_tells_the_history_that_follows_it():
    """A listed deal's line can come after the player has moved (its file fetched, read in
    slices): the deal, every position reached along the line and one a redo away are
    winnable by the rest of it; where the history leaves the line nothing is learnt."""
    session, line = won_line()
    for move in line[:4]:
        session.play(move)
    session.undo()  # the fourth move a redo away
    known = Known()
    known.learn_line(session, line)
    for k in range(5):
        assert known.get(session.game, session.states[k]) == (WON, line[k:]), k
    assert known.verdict(session, session.state) == (WON, line[3:])
    session.play(next(m for m in session.game.legal_moves(session.state) if m != line[3]))  # off the line
    later = Known()
    later.learn_line(session, line)
    assert later.get(session.game, session.states[3]) == (WON, line[3:])
    assert later.verdict(session, session.state) is None and len(later.verdicts) == 4


def test_a_redo_away_from_a_winnable_position_is_winnable_by_that_move():
    """An undo after Finish (which shows only some of the positions it plays): the position
    undone to is winnable by the move undone and the line from the position after it."""
    session, line = won_line()
    known = Known()
    session.play(line[0])
    session.play(line[1])
    known.learn(session.game, session.state, WON, line[2:])
    session.undo()
    assert known.verdict(session, session.state) == (WON, line[1:])


def test_unknown_verdicts_teach_nothing_and_keys_name_the_rules():
    game = get_game("klondike")
    state = game.deal(3)
    known = Known()
    known.learn(game, state, UNKNOWN, [])
    assert known.get(game, state) is None
    assert key_of(game, state) != key_of(get_game("klondike", {"draw": "1"}), state)


def test_the_move_that_lost_the_game_is_named_once():
    session, line = won_line()
    known = Known()
    known.learn(session.game, session.state, WON, line)
    session.play(line[0])
    assert known.verdict(session, session.state) == (WON, line[1:])  # the table asks at every change: kept
    wrong = [m for m in session.game.legal_moves(session.state) if m != line[1]]
    assert wrong
    session.play(wrong[0])
    known.learn(session.game, session.state, LOST, [])
    assert known.blunder(session) == 1  # the second move lost it (the first followed the line)
    assert known.blunder(session) is None  # told once
    # a position known lost before a winnable one: this loss came earlier
    other = Known()
    session2, line2 = won_line()
    session2.play(line2[0])
    other.learn(session2.game, session2.state, LOST, [])  # (as a search might wrongly say: the first found wins)
    session2.play(line2[1])
    assert other.blunder(session2) is None


def test_a_lost_position_says_why_in_cards_once_a_deal_and_reason():
    """Frog in suit with the reserve going home only: a deal whose reserve holds a card
    that its suit's two foundations can never take (``why_lost``) is told so at once,
    naming the card, its pile and the cards of its suit over it, in either language; the
    same reason is not told twice in a deal, and a game with no reason known says none.
    The other reason, a card whose kind before it never gets home, in words too."""
    from table import i18n
    from table.interaction import loss_words

    game = get_game("frog", {"reserve_to_piles": "off"})
    seed = next(s for s in range(1, 20) if solve(game, game.deal(s), 1000).verdict == LOST)
    session = Session(game, seed)
    known = Known()
    lock = known.lock(session)
    assert lock is not None and lock.pile == game.index["reserve"] and lock.over
    reserve = session.state.piles[lock.pile]
    assert lock.card in reserve and all(c in reserve[reserve.index(lock.card) + 1:] for c in lock.over)
    assert known.lock(session) is None  # told once
    card = session.state.piles[lock.pile][list(session.state.piles[lock.pile]).index(lock.card)]
    try:
        words = loss_words(game, lock)
        assert words.startswith("This deal cannot be won: the ") and i18n.card_name(card.rank, card.suit) in words
        assert "in reserve" in words and words.count(" of ") >= 1 + len(lock.over)
        i18n.set_language("ru")
        assert loss_words(game, lock).startswith("Расклад не сойдётся: ")
    finally:
        i18n.set_language("en")
    klondike, _ = won_line()
    assert Known().lock(klondike) is None
    # the other reasons, in words: a card that must follow a kind that never gets home
    from patience.cards import make_card
    from patience.search import Lock
    four, three = make_card(4, 0), make_card(3, 0)
    t1 = game.index["t1"]
    assert loss_words(game, Lock("before_never_home", t1, four, (three,))) == (
        "This deal cannot be won: the four of spades in column 1 can never go home, because no three of "
        "spades can ever get there before it.")
    assert loss_words(game, Lock("rank_before_never_home", t1, four, (three,))).endswith(
        "because no three can ever get there before it.")
    try:
        i18n.set_language("ru")
        assert loss_words(game, Lock("before_never_home", t1, four, (three,))) == (
            "Расклад не сойдётся: четвёрка пик (столбец 1) никогда не уйдёт в дом: прежде неё там нужна карта "
            "«тройка пик», а такая туда уже не попадёт.")
    finally:
        i18n.set_language("en")


def test_a_card_buried_for_good_says_which_cards_hold_it():
    """Canfield's reasons (``buried_*``): the card, the card on it, the card under them
    that must go home first and the card's twin (home, under them, or buried the same
    way), in either language."""
    from table import i18n
    from table.interaction import loss_words
    from patience.cards import make_card
    from patience.search import Lock

    game = get_game("canfield")
    lock = Lock("buried_home", game.index["t1"], make_card(3, 3), (make_card(2, 1),),
                (make_card(12, 1), make_card(3, 0)))
    assert loss_words(game, lock) == (
        "This deal cannot be won: the three of clubs in column 1 can never go home. The two of hearts on it must "
        "move off first, and it can go neither home (the queen of hearts under them must go there first) nor "
        "onto the three of spades, which is home already.")
    assert loss_words(game, lock._replace(why="buried_under")).endswith("which lies under them too.")
    assert loss_words(game, lock._replace(why="buried_buried")).endswith("which is buried the same way.")
    try:
        i18n.set_language("ru")
        assert loss_words(game, lock) == (
            "Расклад не сойдётся: тройка треф (столбец 1) никогда не уйдёт в дом. Сначала с неё должна уйти "
            "карта «двойка червей», а ей некуда: в дом — только после карты «дама червей», лежащей под ними, "
            "а карта «тройка пик» уже в доме.")
        assert loss_words(game, lock._replace(why="buried_buried")).endswith("«тройка пик» завалена так же.")
    finally:
        i18n.set_language("en")


def test_finish_is_offered_only_on_a_winnable_position_while_the_app_does_not_play():
    assert finish_offered(WON, playing=False, won=False)
    assert not finish_offered(WON, playing=True, won=False)
    assert not finish_offered(WON, playing=False, won=True)
    assert not finish_offered(UNKNOWN, playing=False, won=False) and not finish_offered(LOST, False, False)


def run_finish(line, game, motion, dialog=lambda: False, slice_moves: int = 10**9):
    """Drive a FinishRun as assist.py does, on a fake clock: the redraws (each a list of the
    moves played for it, its own last) and the times they were made."""
    run = FinishRun(game, line, 0.0)
    clock, redraws, current, waits = 0.0, [], [], 0
    while True:
        what, move, wait = run.next(clock, lambda: motion, dialog)
        if what == "wait":
            waits += 1
            clock += wait
            continue
        if what == "done":
            break
        current.append(move)
        if what == "redraw":
            redraws.append((clock, current))
            current = []
            if run.over:
                break
            clock = max(clock, run.due)
    return run, redraws, waits


def test_finish_with_animation_off_is_one_redraw_of_the_whole_line():
    session, line = won_line()
    run, redraws, _ = run_finish(line, session.game, motion=0)
    assert len(redraws) == 1 and redraws[0][1] == line and run.played == len(line) and run.rest() == []
    assert run.animation is None


def test_finish_with_animation_redraws_each_step_within_the_time():
    session, line = won_line()
    steps = pace.steps(session.game, line)
    run, redraws, _ = run_finish(line, session.game, motion=200)
    assert [m for _, moves in redraws for m in moves] == line
    assert len(redraws) <= len(steps)
    assert redraws[-1][0] <= pace.FINISH_MS  # the last redraw starts within the time
    assert run.animation is not None and run.animation <= 200


def test_finish_waits_while_a_dialog_is_open_and_adds_the_time():
    session, line = won_line()
    opened = iter([True, True] + [False] * 10_000)
    run, redraws, waits = run_finish(line, session.game, motion=200, dialog=lambda: next(opened))
    assert waits == 2 and [m for _, moves in redraws for m in moves] == line
    assert run.deadline == pace.FINISH_MS + 2 * DIALOG_WAIT_MS


def test_a_winnable_deal_search_gives_up_as_the_rules_say():
    hunt = WinnableHunt(0)
    for _ in range(WINNABLE_TRIES):
        assert hunt.next() is None
        hunt.searched(LOST)
    assert hunt.next() == "assist.search_failed"
    # deals decided neither way, in a row in this search
    hunt = WinnableHunt(0)
    for _ in range(WINNABLE_GIVE_UP):
        assert hunt.next() is None
        hunt.searched(UNKNOWN)
    assert hunt.next() == "assist.search_undecided" and hunt.undecided == WINNABLE_GIVE_UP
    # a decided deal breaks the row
    hunt = WinnableHunt(WINNABLE_GIVE_UP - 1)
    assert hunt.next() is None
    hunt.searched(LOST)
    assert hunt.undecided == 0 and hunt.next() is None
    # so many in a row before, under the same rules: at once
    assert WinnableHunt(WINNABLE_HOPELESS).next() == "assist.search_hopeless"


@pytest.mark.parametrize("game_id", ["klondike", "canfield"])
def test_the_safe_moves_a_player_sees_go_home_from_the_table(game_id):
    game = get_game(game_id)
    for seed in range(1, 30):
        state = game.deal(seed)
        moves = home_now(game, state)
        for move in moves:
            assert move.kind == MOVE and game.piles[move.dst].role == "foundation"
            state = game.play(state, move)


def test_the_badge_shows_what_is_known_and_a_search_out_of_time_is_not_started_again():
    session, line = won_line()
    known = Known()
    state = session.state
    assert known.shown(session, state, None) is None  # to be searched
    assert known.shown(session, state, state) == (UNKNOWN, [])  # its search ran out of time
    known.learn(session.game, state, WON, line)
    assert known.shown(session, state, state) == (WON, line)
    assert known.next_move(session, state) == line[0]  # a hint, the demo: no search needed
    session.play(line[0])
    assert known.next_move(session, session.state) == line[1]
    lost = Known()
    lost.learn(session.game, session.state, LOST, [])
    assert lost.next_move(session, session.state) is None


def test_moves_the_app_plays_come_quicker_with_animation_off():
    assert pause_ms(160, 0) == QUICK_STEP_MS < 160
    assert pause_ms(160, 200) == pause_ms(160, None) == 160


def test_the_indicator_searches_a_position_once_and_only_while_it_is_on_the_table():
    game = get_game("klondike")
    session = Session(game, 5)
    first = session.state
    indicator = Indicator()
    assert indicator.changed(first, known=True, busy=False) == "show"  # known: nothing to search
    assert indicator.changed(first, known=False, busy=False) == "start"
    assert indicator.changed(first, known=False, busy=False) == "keep"  # a redraw before the start
    assert indicator.begin(first, first, busy=False)  # still on the table: start
    assert indicator.changed(first, known=False, busy=True) == "keep"  # its search is at work
    assert indicator.changed(first, known=False, busy=False) == "start"  # it stopped without a verdict
    session.play(game.legal_moves(first)[0])
    second = session.state
    assert indicator.changed(second, known=False, busy=False) == "start"  # a move: the other search stops
    assert not indicator.begin(first, second, busy=False)  # a start left over for the position before
    assert indicator.changed(second, known=False, busy=False) == "start"
    assert not indicator.begin(second, None, busy=False)  # another game on the table by then
    assert indicator.changed(second, known=False, busy=False) == "start"
    assert not indicator.begin(second, second, busy=True)  # a search of it began meanwhile


def test_the_demo_waits_for_a_dialog_stops_at_the_end_and_searches_only_without_a_known_move():
    session, line = won_line()
    game, state = session.game, session.state
    assert demo_step(game, state, line[0], dialog_open=True) == "wait"
    assert demo_step(game, state, line[0], dialog_open=False) == "play"
    assert demo_step(game, state, None, dialog_open=False) == "search"
    for move in line:
        session.play(move)
    assert demo_step(game, session.state, None, dialog_open=False) == "stop"  # won
    stuck = get_game("bride")
    s = stuck.deal(1)
    while not stuck.is_stuck(s):
        s = stuck.apply(s, stuck.legal_moves(s)[0])
    assert not stuck.is_won(s) and demo_step(stuck, s, None, dialog_open=False) == "stop"
