"""«Исчезнувший крест»: RULES.md §8."""

import pytest

from helpers import names, position
from patience import IllegalMoveError, get_game
from patience.game import Move

GOLDEN_SEED_1 = "stock=84:9d5d4dKd'8c'3sTh'Td6s'Jd'8d'Ad'Qd8s4h'4d'Ts6sJh'9h3cKc'2h'8h8h'2c'6d'2s'Qs9c2c6h'3c'6c'9h'6h2s2h3dTd'Qs'9sAs'Ac'Jc'Kh'Jh9s'4s'5h'3h'JsJc8s'7d'7cQh'5d'6d4c5c'QhAh'7c'7dQcThTc8c2d5hKs'3d'7sQc'5s'4h2d'3h5s5c7h'9d'Tc' f1=As f2=Ah f3=Ad f4=Ac f5=Ks f6=Kh f7=Kd f8=Kc t1=4s t2=4c' t3=Ts' t4=9c' t5=6c t6=Jd t7=Js' t8=8d t9=3s' t10=7s' t11=Qd' t12=7h #=1,0,1"
BASES = dict(f1="As", f2="Ah", f3="Ad", f4="Ac", f5="Ks", f6="Kh", f7="Kd", f8="Kc")
FILLER = ["5s", "6h", "7d", "8c", "9s", "5h", "6d", "7c"]


def cross(**opts):
    return get_game("cross", opts)


def row_position(g, cards, info="1,0,7", **extra):
    cols = {f"t{n}": c for n, c in enumerate(cards, 1)}
    return position(g, info=info, **{**BASES, **cols, **extra})


def test_golden_deal_and_set_up():
    g = cross()
    s = g.deal(1)
    assert g.code(s) == GOLDEN_SEED_1
    assert all(len(s.piles[g.index[f"t{n}"]]) == 1 for n in range(1, 13))
    assert len(s.piles[g.stock]) == 84 and g.spec.describe(g, s) == "Round 1 of 3 · stock 84"


def test_the_seed_row_gives_exactly_the_seed_moves():
    g = cross()
    s = row_position(g, ["2s", "Qh", "Jh", "Qs"] + FILLER)
    homes = [m for m in names(g, g.legal_moves(s)) if ">f" in m]
    assert sorted(homes) == ["t1>f1", "t2>f6", "t4>f5"]  # 2♠ on A♠, Q♥ on K♥, Q♠ on K♠
    s = g.play(s, g.parse_move("t2>f6"))
    assert "t3>f6" in names(g, g.legal_moves(s))  # then J♥ on Q♥


def test_only_the_last_card_plays_and_only_to_the_foundations():
    g = cross()
    s = row_position(g, ["2s3s"] + ["Qh"] + FILLER + ["9h", "Th"])
    legal = names(g, g.legal_moves(s))
    assert "t1>f1" not in legal  # 2♠ is covered by 3♠
    assert not any(">t" in m for m in legal)  # no building among the columns
    s = row_position(g, ["Qh"] + FILLER + ["9h", "Th", "Jc"], f1="As2s3s")
    assert not any(m.startswith("f") for m in names(g, g.legal_moves(s)))  # nothing leaves the cross


def test_deal_a_new_row_any_time():
    g = cross()
    s = g.deal(2)
    stock = s.piles[g.stock]
    s2 = g.play(s, Move("row"))
    assert [s2.piles[g.index[f"t{n}"]][-1] for n in range(1, 13)] == list(reversed(stock[-12:]))
    assert len(s2.piles[g.stock]) == 72


def test_refills_in_round_one_and_round_two():
    g = cross()
    s = row_position(g, ["2s3d", "Qh"] + FILLER + ["9h", "Th"])
    s = g.play(s, g.parse_move("t2>f6"))  # t2 is now empty
    assert Move("refill", g.index["t2"]) in g.legal_moves(s)
    s = row_position(g, ["3d2s", "Qh"] + FILLER + ["9h", "Th"])
    s = g.play(s, g.parse_move("t1>f1"))  # t1 lost a card but still holds 3♦
    assert g.parse_move(f"refill@{g.index['t1']}") in g.legal_moves(s)  # round 1: refillable
    after = g.play(s, g.parse_move(f"refill@{g.index['t1']}"))
    assert len(after.piles[g.index["t1"]]) == 2 and g.parse_move(f"refill@{g.index['t1']}") not in g.legal_moves(after)
    s2 = row_position(g, ["3d2s", "Qh"] + FILLER + ["9h", "Th"], info="2,0,7")
    s2 = g.play(s2, g.parse_move("t1>f1"))
    assert Move("refill", g.index["t1"]) not in g.legal_moves(s2)  # round 2: only an empty column
    with pytest.raises(IllegalMoveError):
        g.play(s2, Move("refill", g.index["t1"]))
    # a new row ends the right to refill a half-emptied column
    s3 = g.play(g.play(s, Move("row")), Move("row"))
    assert Move("refill", g.index["t1"]) not in g.legal_moves(s3)


@pytest.mark.parametrize("rounds,limit", [("3", 3), ("inf", 6)])
def test_rounds_are_seeded_reshuffles_and_limited(rounds, limit):
    g = cross(rounds=rounds)
    s = g.deal(4)
    seen = 1
    while seen < limit:
        while g.stock_move(s) == Move("row"):
            s = g.play(s, Move("row"))
        if g.stock_move(s) != Move("round"):
            break
        before = sorted(c for i in range(len(g.piles)) if g.piles[i].role == "tableau" for c in s.piles[i])
        again = g.play(s, Move("round"))
        assert g.play(s, Move("round")) == again  # seeded: replays exactly
        after = sorted(list(again.piles[g.stock]) + [c for i in range(len(g.piles))
                                                       if g.piles[i].role == "tableau" for c in again.piles[i]])
        assert after == before
        s = again
        seen += 1
        assert g.info_value(s, "round") == seen
    while g.stock_move(s) == Move("row"):
        s = g.play(s, Move("row"))
    if rounds == "3":
        assert g.info_value(s, "round") == 3 and g.stock_move(s) is None
    else:
        assert g.stock_move(s) == Move("round")


def test_won():
    g = cross()
    full = {}
    for f, suit in zip(range(1, 5), "shdc"):
        full[f"f{f}"] = "".join(r + suit for r in "A23456789TJQ") + f"K{suit}'"
        full[f"f{f + 4}"] = f"K{suit}" + "".join(r + suit + "'" for r in "QJT98765432A")
    s = position(g, info="1,0,1", **full)
    assert g.is_won(s) and g.status(s) == "won"
