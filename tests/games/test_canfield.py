"""Canfield: every rule and option of shared/RULES.md §2."""

import pytest

from helpers import canfield, long_pile_ids, LONG_PILE_LINES, names, position
from patience import IllegalMoveError, Session
from patience.cards import parse_card
from patience.game import MOVE, Move
from patience.search.canfield import PILE, CanfieldSearch
from patience.search.registry import model_of

GOLDEN_SEED_1 = (
    "stock=34:Ts7hKd3h7s3d4s9h6h2s6cTc9s7c3cTd5d6s2cQs4c8sJd8h5h3sAhKhTh8dAc5c4d6d waste= "
    "f1=Ad f2= f3= f4= reserve=QdJsQhKcKs4h8c2dJcAs9dQc7d t1=Jh t2=5s t3=2h t4=9c #=0,1"
)


def test_golden_deal_and_shape():
    g = canfield()
    s = g.deal(1)
    assert g.code(s) == GOLDEN_SEED_1
    reserve = g.index["reserve"]
    assert len(s.piles[reserve]) == 13 and s.down[reserve] == 0  # turned face up
    assert len(s.piles[g.stock]) == 34 and s.down[g.stock] == 34
    assert [len(s.piles[g.index[f"t{i}"]]) for i in range(1, 5)] == [1, 1, 1, 1]
    base = s.piles[g.index["f1"]][0]
    assert g.info_value(s, "base") == base.rank
    assert g.score(s) == 1


def test_foundations_start_at_the_base_rank_and_wrap():
    g = canfield()
    s = position(g, f1="Qh", t1="Qs", t2="Js", t3="Kh", info="0,12")
    legal = names(g, g.legal_moves(s))
    assert "t1>f2" in legal and "t2>f2" not in legal  # only the base rank starts a foundation
    assert g.explain(s, g.parse_move("t2>f2")) == \
        "A foundation starts with a card of the base rank, the rank of the card dealt to the first foundation."
    assert g.explain(s, g.parse_move("t2>f1")) == \
        "Here a card goes on a card one rank lower, of the same suit (and an ace on a king)."
    assert "t3>f1" in legal  # Q K ...
    s = position(g, f1="QhKh", t1="Ah", info="0,12")
    assert "t1>f1" in names(g, g.legal_moves(s))  # ... A 2 ...: wrap
    s = position(g, f1="QhKhAh2h3h4h5h6h7h8h9hThJh", info="0,12")
    assert len(s.piles[g.index["f1"]]) == 13  # 13 cards from Q to J


def test_tableau_builds_down_alternating_with_wrap():
    g = canfield()
    s = position(g, f1="5c", t1="As", t2="Kh", t3="Kc", t4="Qh", info="0,5")
    legal = names(g, g.legal_moves(s))
    assert "t2>t1" in legal  # red K on black A
    assert "t3>t1" not in legal  # black on black
    assert g.explain(s, g.parse_move("t3>t1")) == \
        "Here a card goes on a card one rank higher, of the other colour (and a king on an ace)."
    assert "t1>t4" not in legal


def test_top_card_or_whole_pile_moves_not_part():
    g = canfield()
    s = position(g, f1="5c", t1="9s8h7c", t2="Td", t3="8d", t4="9c", info="0,5")
    legal = names(g, g.legal_moves(s))
    assert "t1:3>t2" in legal  # the whole pile
    assert "t1>t3" in legal  # the top card alone
    assert "t1:2>t4" not in legal  # 8h 7c would fit on 9c, but a part of a pile never moves
    with pytest.raises(IllegalMoveError):
        g.play(s, g.parse_move("t1:2>t4"))


def test_empty_pile_filled_from_reserve_at_once_then_from_waste():
    g = canfield()
    s = position(g, f1="5c", reserve="3h9d", t1="6c", t2="Ks", t3="Qd", t4="Jc", info="0,5")
    after = g.play(s, g.parse_move("t1>f1"))
    assert [str(c) for c in after.piles[g.index["t1"]]] == ["9d"]  # the reserve top
    assert [str(c) for c in after.piles[g.index["reserve"]]] == ["3h"]
    session = Session(g, 1)
    session.states[0] = s
    session.play(g.parse_move("t1>f1"))
    assert session.undo() and session.state == s  # one action, one undo step
    # reserve empty: an empty pile stays empty until the player fills it from the waste
    s = position(g, rest="stock", f1="5c", waste="2d", t1="6c", t2="Ks", t3="Qd", t4="Jc", info="0,5")
    after = g.play(s, g.parse_move("t1>f1"))
    assert after.piles[g.index["t1"]] == ()
    legal = names(g, g.legal_moves(after))
    assert "waste>t1" in legal and "t2>t1" not in legal and "f1>t1" not in legal


def test_reserve_top_goes_to_foundation_or_tableau():
    g = canfield()
    s = position(g, f1="5c", reserve="2s6c", t1="7h", t2="Ks", t3="Qd", t4="Jc", info="0,5")
    legal = names(g, g.legal_moves(s))
    assert "reserve>f1" in legal and "reserve>t1" in legal


@pytest.mark.parametrize("passes,recycles", [("1", 0), ("4", 3), ("inf", 8)])
def test_passes(passes, recycles):
    g = canfield(passes=passes)
    s = g.deal(2)
    done = 0
    for _ in range(300):
        m = g.stock_move(s)
        if m is None or (m.kind == "recycle" and done == recycles):
            break
        done += m.kind == "recycle"
        s = g.play(s, m)
    assert done == recycles
    if passes != "inf":
        with pytest.raises(IllegalMoveError):
            g.play(s, Move("recycle"))


@pytest.mark.parametrize("opt,allowed", [("off", False), ("on", True)])
def test_foundation_return(opt, allowed):
    g = canfield(foundation_return=opt)
    s = position(g, f1="5c6c", t1="7h", t2="Ks", t3="Qd", t4="Jc", info="0,5")
    assert ("f1>t1" in names(g, g.legal_moves(s))) is allowed


def test_draw_options():
    for draw, n in (("3", 3), ("1", 1)):
        g = canfield(draw=draw)
        s = g.play(g.deal(3), Move("deal"))
        assert len(s.piles[g.waste]) == n


def test_score_is_cards_on_foundations_and_won_at_52():
    g = canfield()
    s = position(g, f1="5c6c7c", info="0,5")
    assert g.score(s) == 3
    full = {f"f{i+1}": "".join(r + s for r in "56789TJQKA234") for i, s in enumerate("cshd")}
    won = position(g, info="0,5", **full)
    assert g.score(won) == 52 and g.is_won(won) and g.status(won) == "won"


# Issue 24: with the wrap (a king on an ace) a pile grows past 13 cards, and it still
# moves as a whole.  The issue's position: t1 is a run of 23 cards, Kc … 4c, its bottom
# card Kc fits on Ad, the top of t3.
LONG_PILE = ("stock=8:QsKdAhJs2cJhTc7s waste=QdTh8dAs2d f1=3h f2= f3=3d4d5d6d f4=3s4s5s reserve=9h9c "
             "t1=KcQhJcTd9s8h7c6h5c4h3c2hAcKhQcJdTs9d8c7d6s5h4c t2=8s7h6c t3=2sAd t4=Ks #=9,3")

# Deals played to a pile of more than 13 cards, and the move of that whole pile:
# (options, seed, the moves there, the move).  The browser test plays them too.
def test_a_pile_past_13_cards_moves_as_a_whole():
    g = canfield()
    s = g.from_code(LONG_PILE)
    t1 = g.index["t1"]
    assert g.pick_sizes(s, t1) == (23, 1)  # the whole pile or its top card
    legal = names(g, g.legal_moves(s))
    assert "t1:23>t3" in legal and g.targets(s, t1, 23) == [g.index["t3"]]
    after = g.play(s, g.parse_move("t1:23>t3"))
    assert after.piles[g.index["t3"]] == s.piles[g.index["t3"]] + s.piles[t1]
    assert [str(c) for c in after.piles[t1]] == ["9c"]  # the emptied pile takes the reserve top
    # a part of the pile still never moves, however long the pile
    for n in (2, 13, 14, 22):
        assert not g.is_legal(s, Move(MOVE, t1, g.index["t3"], n))
        assert g.explain(s, Move(MOVE, t1, g.index["t3"], n)) == "From here only the top card or the whole pile moves."


@pytest.mark.parametrize("line", LONG_PILE_LINES, ids=long_pile_ids)
def test_a_pile_past_13_cards_reached_in_play_moves_as_a_whole(line):
    opts, seed, moves, whole = line
    g = canfield(**opts)
    session = Session(g, seed)
    for text in moves.split():
        session.play(g.parse_move(text))  # the checked path, as a save replays
    s = session.state
    move = g.parse_move(whole)
    pile = s.piles[move.src]
    assert move.n == len(pile) > 13 and g.run_length(s, move.src) == len(pile)
    assert move in g.legal_moves(s) and move.dst in g.targets(s, move.src, move.n)
    after = g.play(s, move)
    assert after.piles[move.dst] == s.piles[move.dst] + pile


def test_the_long_pile_of_the_issue_is_lost_with_a_card_buried_for_good():
    """The issue's position: the three of clubs (the base rank, clubs not started) lies
    under the two of hearts (a king, counted from the base) with hearts under it, and the
    three of spades is home; the two can go neither home nor anywhere else, so the search
    calls it lost at once and ``why_lost`` names the cards."""
    g = canfield()
    s = g.from_code(LONG_PILE)
    search = CanfieldSearch(g, s)
    assert search.exhausted and search.won is None and search.nodes == 0
    card = {str(c): c for c in s.piles[g.index["t1"]]}
    assert model_of(g).why_lost(s) == ("buried_home", g.index["t1"], card["3c"], (card["2h"],),
                                       (card["Qh"], parse_card("3s")))


@pytest.mark.parametrize("line", [None, *LONG_PILE_LINES], ids=["issue", *map(long_pile_ids, LONG_PILE_LINES)])
def test_the_solver_moves_a_pile_past_13_cards_too(line, monkeypatch):
    """The solver's moves include the whole long pile, and the move it names is the
    engine's: Canfield's own search (unlimited passes) and the generic one (the rest).
    The issue's position is lost for a base under a king (the next test), which the
    search sees at once: here it is asked for its moves all the same."""
    monkeypatch.setattr(CanfieldSearch, "locked", lambda self, p: False)
    if line is None:
        g = canfield()
        s, move = g.from_code(LONG_PILE), g.parse_move("t1:23>t3")
    else:
        opts, seed, moves, whole = line
        g = canfield(**opts)
        session = Session(g, seed)
        for text in moves.split():
            session.play(g.parse_move(text))
        s, move = session.state, g.parse_move(whole)
    assert move in g.legal_moves(s)
    if g.layout.passes is None:
        search = CanfieldSearch(g, s)
        assert search.prefix == []  # nothing went home before the root's moves
        firsts = [kid[0][0] for kid in search.stack[0][0]]  # the root's moves
        piles = [m for m in firsts if m[0] == PILE and m[3] > 13]
        assert piles and [search.engine_line([m]) for m in piles] == [[move]]
    else:
        steps = model_of(g).steps(s)
        assert any(moves[0] == move for moves, _ in steps)
    g.play(s, move)  # the checked path takes what the solver may hint
