"""«Лягушка» — Frog: RULES.md §6."""

import pytest

from helpers import names, position
from patience import IllegalMoveError, get_game
from patience.cards import RANK_OF
from patience.game import Move

GOLDEN_SEED_1 = "f1=As f2= f3= f4= f5= f6= f7= f8= reserve=2c5d7s'4s2hJdKh'Jh'7d9c5s'8d3d' stock=90:Td'Jd'Kh4c8sAdQc'Js'JcAs'4c'Kd'2d5d'2s6d4s'Th4d'9hJc'6hTdAd'7h'6c'6c3h7s9h'QcQs8c6sQd'5h6s'Ks6h'3h'Kc'Ts'3s'2h'2s'2d'Ac3c3s9s'Th'Ac'4dTc'Js8d'8h'9d'QdAh'Qh'9c'8s'6d'8h5c'Ts7c7c'5s9s2c'7h4h'7d'TcJhAh9dKs'KcKd8c'4hQs'3c'5h'5c3dQh waste= t1= t2= t3= t4= t5= #=0"


def frog(**opts):
    return get_game("frog", opts)


def test_golden_deal_and_reserve_of_13_non_aces():
    g = frog()
    assert g.code(g.deal(1)) == GOLDEN_SEED_1
    for seed in range(1, 40):
        s = g.deal(seed)
        reserve = s.piles[g.index["reserve"]]
        assert len(reserve) == 13 and all(RANK_OF[c] != 1 for c in reserve)
        homes = [s.piles[g.index[f"f{i}"]] for i in range(1, 9)]
        aces = [p for p in homes if p]
        assert aces and all(len(p) == 1 and RANK_OF[p[0]] == 1 for p in aces)
        assert homes[: len(aces)] == aces  # f1, f2 … in the order the aces came
        assert s.down[g.stock] == len(s.piles[g.stock]) == 104 - 13 - len(aces)


def test_no_ace_turned_up_takes_one_from_the_stock():
    g = frog()
    from patience.rng import Rng
    seed = next(s for s in range(1, 5000)
                if all(RANK_OF[c] != 1 for c in Rng(s, "frog").shuffled(list(range(104)))[:13]))
    s = g.deal(seed)
    assert RANK_OF[s.piles[g.index["f1"]][0]] == 1 and not s.piles[g.index["f2"]]
    assert len(s.piles[g.stock]) == 104 - 13 - 1


def test_the_waste_holds_one_card_that_must_be_played_first():
    g = frog()
    s = g.play(g.deal(3), Move("deal"))
    assert len(s.piles[g.waste]) == 1 and g.stock_move(s) is None
    with pytest.raises(IllegalMoveError, match="Play the waste card first"):
        g.play(s, Move("deal"))
    legal = names(g, g.legal_moves(s))
    assert all(f"waste>t{i}" in legal for i in range(1, 6))  # any card on any pile
    s = g.play(s, g.parse_move("waste>t3"))
    assert g.stock_move(s) == Move("deal")


def test_piles_send_only_to_the_foundations():
    g = frog()
    s = position(g, f1="As2s", t1="9h3s", t2="4d", t3="")
    legal = names(g, g.legal_moves(s))
    assert "t1>f1" in legal
    assert not any(m.startswith("t") and ">t" in m for m in legal)  # never pile to pile
    assert not any(":" in m for m in legal)  # never as units


@pytest.mark.parametrize("opt,ok", [("suit", False), ("any", True)])
def test_foundation_option(opt, ok):
    g = frog(foundation=opt)
    s = position(g, f1="As2s", t1="3h")
    assert ("t1>f1" in names(g, g.legal_moves(s))) is ok


@pytest.mark.parametrize("opt,ok", [("on", True), ("off", False)])
def test_reserve_to_piles_option(opt, ok):
    g = frog(reserve_to_piles=opt)
    s = position(g, f1="As", reserve="9h", t1="Kc")
    legal = names(g, g.legal_moves(s))
    assert ("reserve>t1" in legal) is ok and ("reserve>t2" in legal) is ok
    s = position(g, f1="As", reserve="2s")
    assert "reserve>f1" in names(g, g.legal_moves(s))


def test_no_redeal_and_won():
    g = frog()
    s = position(g, rest="t1", stock="", waste="")
    assert g.stock_move(s) is None
    with pytest.raises(IllegalMoveError, match="no redeal"):
        g.play(s, Move("recycle"))
    full = {f"f{i + 1}": "".join(r + s + ("'" if i >= 4 else "") for r in "A23456789TJQK")
            for i, s in enumerate("shdcshdc")}
    won = position(g, **full)
    assert g.is_won(won) and g.status(won) == "won"


def test_a_card_goes_home_by_itself_only_when_no_card_of_its_kind_wants_its_foundation():
    """Two kings of spades free and one foundation at the queen: which king goes first
    matters (the other one's pile may hide the second queen), so neither is a safe move.
    With both spade foundations at the queen, either is."""
    from patience.games.frog import safe_home

    g = frog()
    state = position(g, f1="As2s3s4s5s6s7s8s9sTsJsQs",
                     f2="As'2s'3s'4s'5s'6s'7s'8s'9s'Ts'Js'", t1="Qs'Ks", t2="Ks'")
    assert safe_home(g, state) is None
    both = position(g, f1="As2s3s4s5s6s7s8s9sTsJsQs", f2="As'2s'3s'4s'5s'6s'7s'8s'9s'Ts'Js'Qs'",
                    t1="Ks", t2="Ks'")
    move = safe_home(g, both)
    assert move is not None and g.piles[move.dst].role == "foundation"
