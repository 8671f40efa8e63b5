"""Klondike: every rule and option of shared/RULES.md §1."""

import pytest

from helpers import klondike, names, position
from patience import IllegalMoveError, Session
from patience.game import Move

GOLDEN_SEED_1 = (
    "stock=24:QdAhTh5s6cQh3s4hKd2c7cJh8s4d9cAsTd5h7s2s6s2d5d9h waste= f1= f2= f3= f4= "
    "t1=8h t2=1:4cTs t3=2:Ks7hAc t4=3:3d9sQcJd t5=4:Ad6d9dTc4s t6=5:Jc6h7d3hJs8c "
    "t7=6:8d3cKh2hKcQs5c #=0"
)


def test_golden_deal():
    """seed → layout text never changes (on CPython 3.11 here and Python 3.14 in the page)."""
    assert klondike().code(klondike().deal(1)) == GOLDEN_SEED_1
    # options do not change the cards of a deal number, only the rules
    assert klondike(draw="1", runs="any").code(klondike(draw="1", runs="any").deal(1)) == GOLDEN_SEED_1


def test_deal_shape():
    g = klondike()
    s = g.deal(99)
    for i in range(1, 8):
        t = g.index[f"t{i}"]
        assert len(s.piles[t]) == i and s.down[t] == i - 1
    assert len(s.piles[g.stock]) == 24 and s.down[g.stock] == 24
    assert sum(len(p) for p in s.piles) == 52
    assert klondike().deal(5) != klondike().deal(6)


def test_draw_three_turns_three_and_the_third_is_on_top():
    g = klondike()
    s = g.deal(1)
    stock = s.piles[g.stock]
    s2 = g.play(s, Move("deal"))
    assert s2.piles[g.waste] == (stock[-1], stock[-2], stock[-3])
    assert len(s2.piles[g.stock]) == 21 and s2.down[g.stock] == 21


def test_draw_one_and_short_stock():
    g = klondike(draw="1")
    s = g.play(g.deal(1), Move("deal"))
    assert len(s.piles[g.waste]) == 1
    g3 = klondike()
    s = position(g3, rest="waste", stock="2:AsKs", t1="Qh")
    s = g3.play(s, Move("deal"))
    assert [str(c) for c in s.piles[g3.waste][-2:]] == ["Ks", "As"] and not s.piles[g3.stock]


@pytest.mark.parametrize("passes,recycles", [("1", 0), ("3", 2), ("inf", 10)])
def test_passes_limit_recycling(passes, recycles):
    g = klondike(passes=passes, draw="3")
    s = g.deal(3)
    done = 0
    for _ in range(200):
        m = g.stock_move(s)
        if m is None:
            break
        if m.kind == "recycle":
            if done == recycles:
                break
            done += 1
        s = g.play(s, m)
    assert done == recycles
    if passes != "inf":
        assert g.stock_move(s) is None
        with pytest.raises(IllegalMoveError):
            g.play(s, Move("recycle"))


def test_recycle_restores_stock_order():
    g = klondike(draw="1")
    s0 = g.deal(4)
    s = s0
    for _ in range(24):
        s = g.play(s, Move("deal"))
    s = g.play(s, Move("recycle"))
    assert s.piles[g.stock] == s0.piles[g.stock] and s.down[g.stock] == 24
    assert g.info_value(s, "recycles") == 1


def test_build_down_alternating_colours():
    g = klondike()
    s = position(g, t1="9s", t2="8h", t3="8c", t4="Ts")
    legal = names(g, g.legal_moves(s))
    assert "t2>t1" in legal and "t3>t1" not in legal and "t1>t4" not in legal


def test_empty_column_takes_only_a_king():
    g = klondike()
    s = position(g, t2="Kd", t3="Qs")
    legal = names(g, g.legal_moves(s))
    assert "t2>t1" in legal and "t3>t1" not in legal
    # a whole pile onto an empty pile is legal but idle: it does not keep the game alive
    assert g.is_idle(s, g.parse_move("t2>t1"))


def test_runs_whole_versus_any():
    whole, anyrun = klondike(runs="whole"), klondike(runs="any")
    code = dict(t1="1:2cKs", t2="9h8s7d", t3="Tc", t4="9c")
    s = position(whole, **code)
    lw = names(whole, whole.legal_moves(s))
    assert "t2:3>t3" in lw and "t2>t4" not in lw  # only the whole face-up run moves
    s = position(anyrun, **code)
    la = names(anyrun, anyrun.legal_moves(s))
    assert "t2:3>t3" in la
    assert "t2:2>t4" not in la  # 8s on 9c: same colour
    s2 = position(anyrun, t2="9h8s7d", t3="Tc", t4="8c")
    assert "t2>t4" in names(anyrun, anyrun.legal_moves(s2))
    with pytest.raises(IllegalMoveError):
        whole.play(position(whole, t2="9h8s7d", t4="8c"), whole.parse_move("t2>t4"))


def test_top_card_to_foundation_even_under_whole_runs():
    g = klondike(runs="whole")
    s = position(g, t1="2hAs", f1="Ah")
    assert "t1>f2" in names(g, g.legal_moves(s))


def test_foundations_build_up_in_suit_from_ace():
    g = klondike()
    s = position(g, f1="Ah", t1="2h", t2="2s", t3="3h", waste="As")
    legal = names(g, g.legal_moves(s))
    assert "t1>f1" in legal and "t2>f1" not in legal and "t3>f1" not in legal
    assert "waste>f2" in legal and "t1>f2" not in legal


@pytest.mark.parametrize("opt,allowed", [("off", False), ("on", True)])
def test_foundation_return(opt, allowed):
    g = klondike(foundation_return=opt)
    s = position(g, f1="Ah2h3h", t1="4s")
    assert ("f1>t1" in names(g, g.legal_moves(s))) is allowed
    # a foundation card never goes to another foundation or the waste
    assert "f1>f2" not in names(g, g.legal_moves(s))


def test_face_down_top_turns_up_in_the_same_action():
    g = klondike()
    s = position(g, t1="1:Kc9h", t2="Ts")
    session = Session(g, 1)
    session.states[0] = s
    after = session.play(g.parse_move("t1>t2"))
    assert after.down[g.index["t1"]] == 0 and str(after.piles[g.index["t1"]][-1]) == "Kc"
    assert session.undo() and session.state == s  # one undo step takes both back


def test_illegal_moves_raise_clear_errors():
    g = klondike()
    s = g.deal(1)
    # 8h on 7h: the refusal names the rule broken, not the notation
    with pytest.raises(IllegalMoveError, match=r"^Here a card goes on a card one rank higher, of the other colour\.$"):
        g.play(s, g.parse_move("t1>t2"))
    refusals = {  # a move → the declared rule it breaks
        "t1>t3": "Here a card goes on a card one rank higher, of the other colour.",  # 8h on Ac
        "t2>f1": "A foundation starts with an ace.",  # Ts
        "t1>stock": "A card from here cannot go there.",
        "stock>t1": "No card can be taken from here now.",
    }
    for text, words in refusals.items():
        assert g.explain(s, g.parse_move(text)) == words, text
    s2 = position(g, t1="Kc", t2="2:4h5s9d", t3="Qd", f1="Ah")
    assert g.explain(s2, g.parse_move("t3>t2")) == "Here a card goes on a card one rank higher, of the other colour."
    assert g.explain(s2, g.parse_move("t1>f1")) == "Here a card goes on a card one rank lower, of the same suit."
    assert g.explain(s2, g.parse_move("f1>t1")) == "Under these rules a card does not leave a foundation."
    s3 = position(g, t1="", t2="Qd", t3="Jc", t4="KhQs")
    assert g.explain(s3, g.parse_move("t2>t1")) == "Only a king goes to an empty column."
    assert g.explain(s3, g.parse_move("t4:2>f1")) == "Only one card at a time goes there."
    back = klondike(foundation_return="on")
    assert back.explain(position(back, f1="Ah", f2="As"), back.parse_move("f1>f2")) == "A card from here cannot go there."
    for bad in [Move("move", 0, 0, 1), Move("move", 99, 1, 1), Move("move", 8, 9, 5), Move("recycle")]:
        with pytest.raises(IllegalMoveError):
            g.play(s, bad)


def test_won_and_stuck():
    g = klondike()
    full = {f"f{i+1}": "".join(r + s for r in "A23456789TJQK") for i, s in enumerate("shdc")}
    won = position(g, **full)
    assert g.is_won(won) and g.status(won) == "won" and not g.is_stuck(won)
    # Ac lies under 2c; no club can move anywhere, whatever the stock does.
    del full["f4"]
    for passes in ("1", "3", "inf"):
        g1 = klondike(passes=passes)
        s = position(g1, rest="waste", t1="1:Ac2c", t2="Kc", **full)
        assert all(g1.is_idle(s, m) for m in g1.legal_moves(s) if m.kind == "move")
        assert g1.is_stuck(s) and g1.status(s) == "stuck"
        # with the ace of clubs in the stock instead, cycling the stock frees it
        s = position(g1, rest="waste", stock="1:Ac", t1="2c", t2="Kc", **full)
        assert not g1.is_stuck(s) and g1.status(s) == "playing"


def test_session_undo_redo_restart():
    g = klondike(draw="1")
    session = Session(g, 2)
    start = session.state
    seen = [start]
    for _ in range(5):
        session.play(g.legal_moves(session.state)[-1])
        seen.append(session.state)
    assert session.move_count == 5
    for k in range(5, 0, -1):
        assert session.state == seen[k]
        assert session.undo()
    assert session.state == start and not session.undo()
    for k in range(1, 6):
        assert session.redo() and session.state == seen[k]
    assert not session.redo()
    session.undo()
    session.play(Move("deal"))  # a new move drops the redo branch
    assert not session.can_redo() and session.move_count == 5
    before = session.state
    session.restart()
    assert session.state == start and session.move_count == 0 and not session.can_undo()
    while session.redo():  # a restart is taken back by redo ...
        pass
    assert session.state == before and session.move_count == 5 and session.moves[-1] == Move("deal")
    session.restart()
    session.play(Move("deal"))  # ... until a new move
    assert not session.can_redo() and session.move_count == 1
