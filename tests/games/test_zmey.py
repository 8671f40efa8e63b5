"""«Змей»: RULES.md §3 — phases, positional limits, building, foundations, the redeal."""

import pytest

from helpers import generated_moves_agree, names, position
from patience import IllegalMoveError, get_game
from patience.game import Move

GOLDEN_SEED_1 = "stock=84:Qs4h7c4d'4dAd'Qc5c'3d'8d'2d'Tc5hJh4c'Kd'5h'4sTc'Ac'Qs'9h'2s'Ts2h6dJd'3s'6s4s'Js'JcQd2s6hJc'Th'Jh'8h8c5s'6cTd'5s3h'9d'Qc'7s'2cJd8c'7s3c'Kh'QhAh'2h'9s6s'8dAs'9s'5d'6d'9c3s5c8h'5d7c'Td7hTh7d'7h'Qh'Kc'Ts'3h9d4h'9c'3d9h f1=As f2=Ah f3=Ac f4=Ad f5=Ks f6=Kh f7=Kc f8=Kd t1=4c t2=3c t3=Ks' t4=6c' t5=8s' t6=8s t7=2d t8=Qd' t9=Js t10=2c' t11=6h' t12=7d #=1,0"

BASES = dict(f1="As", f2="Ah", f3="Ac", f4="Ad", f5="Ks", f6="Kh", f7="Kc", f8="Kd")


def zmey(**opts):
    return get_game("zmey", opts)


def test_golden_deal_and_set_up():
    g = zmey()
    s = g.deal(1)
    assert g.code(s) == GOLDEN_SEED_1
    for f, card in BASES.items():  # the body: aces left, kings right, rows ♠ ♥ ♣ ♦
        assert [str(c) for c in s.piles[g.index[f]]] == [card]
    assert all(len(s.piles[g.index[f"t{n}"]]) == 1 for n in range(1, 13))  # round 1 is dealt
    assert len(s.piles[g.stock]) == 84 and s.down[g.stock] == 84
    assert g.info_value(s, "rounds") == 1 and g.stock_label(s) == "Deal round 2 of 8"


def test_eight_rounds_then_the_play_phase():
    g = zmey()
    s = g.deal(2)
    stock = s.piles[g.stock]
    for k in range(2, 9):
        assert g.stock_move(s) == Move("round") and g.stock_label(s) == f"Deal round {k} of 8"
        s = g.play(s, Move("round"))
        # one card onto each pile, t1 first
        assert s.piles[g.index["t1"]][-1] == stock[-1] and s.piles[g.index["t12"]][-1] == stock[-12]
        stock = stock[:-12]
    assert all(len(s.piles[g.index[f"t{n}"]]) == 8 for n in range(1, 13))
    assert not s.piles[g.stock] and g.spec.describe(g, s) == "Play phase"
    assert g.stock_move(s) == Move("redeal") and g.stock_label(s) == "Redeal (1 left)"


def deal_phase_position(**piles):
    g = zmey()
    return g, position(g, info="3,0", **{**BASES, **piles})  # the rest stays in the stock


def test_positional_limit_in_the_deal_phase():
    g, s = deal_phase_position(t4="2h", t1="2h'", t11="Qs", t12="2s")
    legal = names(g, g.legal_moves(s))
    assert "t4>f2" in legal  # t4: left side, row 2 (hearts): its own row
    assert "t1>f2" in legal  # a top pile reaches any foundation
    assert "t12>f1" in legal  # t12: right side, row 1 (spades)
    assert "t11>f5" not in legal  # t11 is row 2: the spades of row 1 are out of its reach
    g2, s2 = deal_phase_position(t3="Qs")
    assert "t3>f5" in names(g2, g2.legal_moves(s2))  # t3 is row 1: either foundation of row 1


def test_side_limit_adjacent():
    g = zmey(side_limit="adjacent")
    s = position(g, info="3,0", **BASES, t3="Qs", t6="2d", t12="2s'", t9="Qd'")
    legal = names(g, g.legal_moves(s))
    assert "t3>f5" not in legal  # left side: only the ace foundation next to it
    assert "t6>f4" in legal
    assert "t12>f1" not in legal  # right side: only the king foundation
    assert "t9>f8" in legal


def test_no_building_in_the_deal_phase():
    g, s = deal_phase_position(t1="7c", t2="8c")
    assert not [m for m in names(g, g.legal_moves(s)) if m.startswith("t") and ">t" in m]
    with pytest.raises(IllegalMoveError):
        g.play(s, g.parse_move("t1>t2"))


def play_position(**piles):
    g = zmey()
    return g, position(g, rest="t12", info="8,0", **{**BASES, **piles})


def test_direction_change():
    g, s = play_position(t1="7c", t2="8c", t3="9s", t4="Td")
    s = g.play(s, g.parse_move("t2>t1"))  # 8♣ on 7♣: up
    assert [str(c) for c in s.piles[g.index["t1"]]] == ["7c", "8c"]
    g2, s2 = play_position(t1="7c8c", t2="7c'")
    s2 = g2.play(s2, g2.parse_move("t2>t1"))  # then 7♣ on 8♣: down again
    assert [str(c) for c in s2.piles[g2.index["t1"]]] == ["7c", "8c", "7c'"]
    g3, s3 = play_position(t1="7c", t2="9s")
    assert "t2>t1" not in names(g3, g3.legal_moves(s3))  # another suit


def test_wrap_both_ways():
    g, s = play_position(t1="Kd'", t2="Qd", t3="Ad'")
    legal = names(g, g.legal_moves(s))
    assert "t2>t1" in legal  # Q♦ on K♦
    assert "t1>t3" in legal  # K♦ on A♦
    assert "t3>t1" in legal  # A♦ on K♦


def test_single_cards_and_empty_piles_take_k_or_a():
    g, s = play_position(t1="", t2="9h8h", t3="Ks'", t4="Ah'")
    legal = names(g, g.legal_moves(s))
    assert "t3>t1" in legal and "t4>t1" in legal and "t2>t1" not in legal
    assert not any(":" in m for m in legal)  # only single cards move


def test_foundations_and_transfers_both_ways():
    g, s = play_position(f2="Ah2h3h4h5h6h", f6="KhQhJhTh9h8h7h", t1="7h'")
    legal = names(g, g.legal_moves(s))
    assert "f2>f6" in legal  # 6♥ onto the king pile at 7♥
    assert "f6>f2" in legal  # 7♥ onto the ace pile at 6♥
    assert "t1>f2" in legal  # 7♥ up on the aces
    s2 = g.play(s, g.parse_move("f6>f2"))
    assert str(s2.piles[g.index["f2"]][-1]) == "7h" and "f2>t1" not in names(g, g.legal_moves(s2))
    # base cards never move; nothing goes back to the piles; transfers stay within a suit
    g3, s3 = play_position(t1="", t2="Qd")
    legal3 = names(g3, g3.legal_moves(s3))
    assert not any(m.startswith("f") for m in legal3)


def test_redeal_order_and_only_once():
    g = zmey()
    s = g.deal(5)
    while g.stock_move(s) == Move("round"):
        s = g.play(s, Move("round"))
    before = {n: s.piles[g.index[f"t{n}"]] for n in range(1, 13)}
    s = g.play(s, Move("redeal"))
    # gathered t12 first, t1 last (t1's cards on top): the first round deals t1's top cards
    gathered = tuple(c for n in range(12, 0, -1) for c in before[n])
    dealt = tuple(s.piles[g.index[f"t{n}"]][0] for n in range(1, 13))
    assert dealt == tuple(reversed(gathered[-12:]))
    assert s.piles[g.stock] == gathered[:-12] and g.info_value(s, "redeals") == 1
    assert g.spec.describe(g, s).startswith("Deal phase, redealt: round 1/")
    while g.stock_move(s) == Move("round"):
        s = g.play(s, Move("round"))
    assert g.stock_move(s) is None  # no second redeal
    with pytest.raises(IllegalMoveError):
        g.play(s, Move("redeal"))


def test_won_with_all_104_on_the_foundations():
    g = zmey()
    full = {}
    for f, suit in zip(range(1, 5), "shcd"):
        full[f"f{f}"] = "".join(r + suit for r in "A23456789TJQK")
        full[f"f{f + 4}"] = "".join(r + suit + "'" for r in "KQJT98765432A")
    s = position(g, info="8,1", **full)
    assert g.is_won(s) and g.status(s) == "won" and g.stock_move(s) is None


@pytest.mark.parametrize("side_limit", ["row", "adjacent"])
def test_generated_moves_are_the_pile_by_pile_ones(side_limit):
    """The game's own move generator (the solver's hot path) gives exactly the moves the
    engine finds by trying every pile on every pile with ``accept``, in the same order,
    all through random games: deal phase, play phase, the redeal and its deal phase."""
    g = zmey(side_limit=side_limit)
    phases = {(bool(s.piles[g.stock]), g.info_value(s, "redeals"), bool(g.card_moves(s)))
              for s in generated_moves_agree("zmey", {"side_limit": side_limit}, range(1, 13), 400)}
    # each phase, before and after the redeal, with moves (and some positions without)
    assert {(d, r, True) for d in (True, False) for r in (0, 1)} <= phases, phases
    assert len(phases) >= 6, phases


def test_a_refused_move_names_the_rule():
    g, s = deal_phase_position(t1="7c", t2="8c", t11="Qs", t4="9h")
    assert g.explain(s, g.parse_move("t1>t2")) == "During the deal cards go only to the foundations, not onto the piles."
    assert g.explain(s, g.parse_move("t11>f5")) == \
        "During the deal a side pile's card goes only to a foundation of its own row."
    assert g.explain(s, g.parse_move("t4>f2")) == "Here a card goes on a card one rank lower, of the same suit."
    assert g.explain(s, g.parse_move("f1>f5")) == "The cards of the body never move."
    assert g.explain(s, g.parse_move("t1>stock")) == g.explain(s, g.parse_move("f1>stock")) == \
        "A card from here cannot go there."
    g2 = zmey(side_limit="adjacent")
    s2 = position(g2, info="3,0", **BASES, t3="Qs")
    assert g2.explain(s2, g2.parse_move("t3>f5")) == \
        "During the deal a side pile's card goes only to the foundation next to it."
    g3, s3 = play_position(t1="7c", t2="9s", t3="", t4="Qd", f2="AhKh'", f6="Kh")
    assert g3.explain(s3, g3.parse_move("t2>t1")) == ("Here a card goes on a card of the same suit, one rank higher "
                                                       "or lower (a king and an ace are neighbours).")
    assert g3.explain(s3, g3.parse_move("t4>t3")) == "An empty pile takes only a king or an ace."
    assert g3.explain(s3, g3.parse_move("f2>t3")) == "Nothing goes back from a foundation to a pile."
    assert g3.explain(s3, g3.parse_move("f2>f5")) == "A card passes only between the two foundations of its own suit."
