"""The rule of each game for "the rest is forced" (Game.is_forced): a Finish pressed at
or after such a position keeps the win the player's own (py/table/keeper.py counts it)."""

import pytest

from patience.registry import GAMES, get_game
from patience.session import Session
from patience.search import WON, solve


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_a_won_line_is_not_forced_at_the_deal_and_forced_before_its_last_move(spec):
    wins = spec.quick_wins
    game = get_game(spec.id, wins.options)
    seed = wins.seeds[0]
    result = solve(game, game.deal(seed), 3000)
    assert result.verdict == WON
    states = [game.deal(seed)]
    for move in result.moves:
        states.append(game.play(states[-1], move))
    assert not game.is_forced(states[0])
    assert game.is_forced(states[-2]), game.code(states[-2])
    assert game.is_forced(states[-1])  # won: nothing left to play
    # the first forced position comes late in the line, never in its first half
    first = next(i for i, s in enumerate(states) if game.is_forced(s))
    assert first > len(states) // 2


def test_klondike_is_forced_once_the_stock_is_out_and_every_card_is_face_up():
    game = get_game("klondike", {"draw": "1"})
    state = game.deal(5)
    result = solve(game, state, 3000)
    checked = 0
    for move in result.moves:
        forced = game.is_forced(state)
        stock_out = not state.piles[game.stock]
        face_up = not any(state.down)
        if stock_out and face_up and not state.piles[game.waste]:
            assert forced  # the rule of the issue: stock and waste empty, every card face up
            checked += 1
        if not (stock_out and face_up):
            assert not forced
        state = game.play(state, move)
    assert checked > 0


def test_klondike_a_hidden_card_is_not_forced_even_with_the_stock_out():
    game = get_game("klondike", {"draw": "1"})
    spades = "".join(f"{r}s" for r in "KQJT98765432")
    text = ("stock= waste= f1=As f2=Ah2h3h4h5h6h7h8h9hThJhQhKh f3=Ad2d3d4d5d6d7d8d9dTdJdQdKd "
            f"f4=Ac2c3c4c5c6c7c8c9cTcJcQcKc t1={spades} t2= t3= t4= t5= t6= t7= #=0")
    assert game.is_forced(game.from_code(text))
    hidden = game.from_code(text.replace(f"t1={spades}", f"t1=1:{spades}"))
    assert not game.is_forced(hidden)  # the king face down under the run
    waiting = game.from_code(text.replace("stock= ", "stock=1:2s ").replace("Ks" + "Qs", "KsQs")
                             .replace(f"t1={spades}", f"t1={spades[:-2]}"))
    assert not game.is_forced(waiting)  # a card left in the stock


# «Восемь тузов» late in a won line: row 6 (A♥' to 7♥', then J♥') waits for J♥' to go
# after a 10♥ at the end of a run
GAPS8_LATE = (
    "g1-0=As g1-1=2s' g1-2=3s' g1-3=4s' g1-4=5s' g1-5=6s' g1-6=7s' g1-7=8s' g1-8=9c g1-9=Tc' "
    "g1-10=Jc' g1-11=Qc' g1-12=Kc g1-13= g2-0=Ah g2-1=2h' g2-2=3h g2-3=4h g2-4=5h g2-5=6h g2-"
    "6=7h g2-7=8h g2-8=9h g2-9=Th g2-10= g2-11= g2-12=9h' g2-13= g3-0=Ad g3-1=2d g3-2=3d g3-3"
    "=4d g3-4=5d' g3-5=6d' g3-6=7d' g3-7=8d' g3-8=9d' g3-9=Td' g3-10=9s' g3-11=Ts' g3-12=Js' "
    "g3-13=Jd' g4-0=Ac g4-1=2c g4-2=3c' g4-3=4c g4-4=5c g4-5=6c' g4-6=7c' g4-7=8c g4-8=9c' g4"
    "-9=Tc g4-10=Jc g4-11=Qc g4-12=Kc' g4-13=Ks' g5-0=As' g5-1=2s g5-2=3s g5-3=4s g5-4=5s g5-"
    "5=6s g5-6=7s g5-7=8s g5-8=9s g5-9=Ts g5-10=Js g5-11=Qs' g5-12=Qs g5-13=Ks g6-0=Ah' g6-1="
    "2h g6-2=3h' g6-3=4h' g6-4=5h' g6-5=6h' g6-6=7h' g6-7=Jh' g6-8=Qh g6-9=Kh g6-10=Qd' g6-11"
    "=Kd' g6-12= g6-13= g7-0=Ad' g7-1=2d' g7-2=3d' g7-3=4d' g7-4=5d g7-5=6d g7-6=7d g7-7=8d g"
    "7-8=9d g7-9=Td g7-10=Jd g7-11=Qd g7-12=Kd g7-13= g8-0=Ac' g8-1=2c' g8-2=3c g8-3=4c' g8-4"
    "=5c' g8-5=6c g8-6=7c g8-7=8c' g8-8=8h' g8-9= g8-10=Th' g8-11=Jh g8-12=Qh' g8-13=Kh' #=0,"
    "2"
)


def test_gaps_forced_while_cards_go_into_place_and_not_once_a_run_is_blocked():
    game = get_game("gaps8", {})
    state = game.from_code(GAPS8_LATE)
    assert game.is_forced(state)  # J♥' goes after the 10♥ of row 2, then 8♥' … into row 6
    # the other J♥ after row 2's 10♥: J♥' is left with no 10♥ at a run's end to follow
    after = game.play(state, game.parse_move("g8-11>g2-10"))
    assert not game.is_forced(after)
    assert not game.is_forced(game.deal(2))


def test_finish_from_a_forced_position_keeps_the_game_the_players_whatever_its_line():
    """Finish's line from a forced position may pass through positions the rule alone
    would not call forced (the other J♥ above): the game stays unassisted."""
    game = get_game("gaps8", {})
    session = Session(game, 2)
    session.states = [game.from_code(GAPS8_LATE)]
    session.helped("finish")
    session.play(game.parse_move("g8-11>g2-10"))
    assert not game.is_forced(session.state)
    session.helped("finish")
    assert not session.assisted
    # undone back before the forced position and played on elsewhere: that line is new
    session.undo()
    session.states[0] = game.from_code(GAPS8_LATE)  # (a position the rule was never asked about)
    session.play(game.parse_move("g8-11>g2-10"))
    session.helped("finish")
    assert session.assisted
    demo = Session(game, 2)
    demo.states = [game.from_code(GAPS8_LATE)]
    demo.helped("demo")
    assert demo.assisted  # the demo is help wherever it starts


def test_help_after_a_counted_win_changes_nothing_counted():
    """A win counted as the player's stays so: undone, then finished by Finish or the demo
    (or with hints), the game is not marked solved with help and its hints stay those
    counted, so the win dialog says what the statistics hold."""
    game = get_game("gaps8", {})
    session = Session(game, 2)
    session.states = [game.from_code(GAPS8_LATE)]
    session.play(game.parse_move("g8-11>g2-10"))
    session.result = "won"  # (the keeper counts a win so)
    for kind in ("demo", "finish"):
        session.helped(kind)
    session.hinted()
    assert not session.assisted and session.hints == 0


def bride(row: str):
    """A Bride and Groom position with the stock out: this row, every other card removed."""
    game = get_game("bride", {})
    cards = [r + s for s in "shdc" for r in "A23456789TJQK"]
    removed = "".join(c for c in cards if c not in row)
    return game, game.from_code(f"stock= removed={removed} row={row} #=-1,0")


def test_bride_forced_only_when_every_way_on_wins():
    game, state = bride("QhAsKh")
    assert game.is_forced(state)  # A♠ between two hearts: the one removal wins
    game, state = bride("Qh5s5c6cKh")
    assert not game.is_forced(state)  # nothing can be removed: lost
    game, state = bride("Qh5h5cKh")
    # 5♥ 5♣ between the two hearts (c) wins, but 5♥ alone first (b: Q♥ and 5♣? no) …
    assert game.is_forced(state) == all(
        game.is_won(s) or game.is_forced(s) for s in (game.play(state, m) for m in game.legal_moves(state)))
    assert not game.is_forced(game.deal(1))  # the stock still holds cards
