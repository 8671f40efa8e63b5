"""«Жених и невеста» — Bride and Groom: RULES.md §7 and the seed's example."""

from helpers import position
from patience import IllegalMoveError, get_game
from patience.game import Move
from patience.games.bride import joined_cards

import pytest

GOLDEN_SEED_1 = 'stock=51:KhJhKs9d9c6c7d4dKdQsJc8dJdTsJs9h7hTd6d6sAh2cTh9sQc7sAd8c2hTcQd3h5s7c4c5hKc4s8hAs4h6h3c5d3sAc5c2d8s3d2s removed= row=Qh #=-1,0'


def bride(**opts):
    return get_game("bride", opts)


def row(g, s):
    return [str(c) for c in s.piles[g.index["row"]]]


def removals(g, s):
    return sorted(g.notation(m) for m in g.legal_moves(s) if m.kind == "remove")


def test_golden_deal_and_set_up():
    g = bride()
    s = g.deal(1)
    assert g.code(s) == GOLDEN_SEED_1
    assert row(g, s) == ["Qh"] and str(s.piles[g.stock][0]) == "Kh" and len(s.piles[g.stock]) == 51


def test_the_seed_example_exactly():
    """Q♥ 4♣ 7♦ 4♠ → 7♦ goes by (b) → Q♥ 4♣ 4♠, a joined pair that stays → 10♠ turned →
    4♠ and 10♠ go by (a) → Q♥ 4♣."""
    g = bride()
    s = position(g, rest="removed", row="Qh4c7d4s", stock="3:Kh5dTs", info="3,0")
    assert removals(g, s) == ["remove@2"]  # only (b): 7♦ between 4♣ and 4♠
    s = g.play(s, g.parse_move("remove@2"))
    assert row(g, s) == ["Qh", "4c", "4s"]
    assert removals(g, s) == []  # the joined fours are not removed as a pair
    assert {str(c) for c in joined_cards(g, s)} == {"4c", "4s"}
    s = g.play(s, Move("turn"))
    assert row(g, s) == ["Qh", "4c", "4s", "Ts"]
    assert removals(g, s) == ["remove@2:2"]  # (a): 4♠ and the newly turned 10♠
    s = g.play(s, g.parse_move("remove@2:2"))
    assert row(g, s) == ["Qh", "4c"] and joined_cards(g, s) == set()


def test_a_pair_stays_eligible_only_until_the_next_turn():
    g = bride()
    s = position(g, rest="removed", row="Qh9c", stock="3:Kh5d9h", info="-1,0")
    s = g.play(s, Move("turn"))  # 9♥ next to 9♣
    assert "remove@1:2" in removals(g, s)
    s = g.play(s, Move("turn"))  # 5♦ turned: the nines are no longer a fresh pair
    assert "remove@1:2" not in removals(g, s)


def test_removal_c_and_closing_up():
    g = bride()
    s = position(g, rest="removed", row="Qh3s8d2c3h", stock="1:Kh", info="4,0")
    assert "remove@2:2" in removals(g, s)  # (c): 8♦ 2♣ between 3♠ and 3♥
    s = g.play(s, g.parse_move("remove@2:2"))
    assert row(g, s) == ["Qh", "3s", "3h"] and {str(c) for c in joined_cards(g, s)} == {"3s", "3h"}


def test_queen_and_king_of_hearts_stay():
    g = bride()
    s = position(g, rest="removed", row="QhKh5h", stock="", info="2,0")
    assert removals(g, s) == []  # neither (a) on K♥ 5♥ nor (b) with K♥ between
    with pytest.raises(IllegalMoveError):
        g.play(s, g.parse_move("remove@1:2"))


def test_won():
    g = bride()
    s = position(g, rest="removed", row="QhKh", stock="", info="-1,0")
    assert g.is_won(s) and g.status(s) == "won"
    s = position(g, rest="removed", row="Qh4c9s2dKh", stock="", info="-1,0")
    assert not g.is_won(s) and g.status(s) == "stuck"


def test_auto_remove_makes_every_removal():
    g = bride(auto_remove="on")
    s = position(g, rest="removed", row="Qh4c7d", stock="3:Kh5dTs4s", info="-1,0")
    s = g.play(s, Move("turn"))  # 4♠: 7♦ now lies between 4♣ and 4♠ and goes at once
    assert row(g, s) == ["Qh", "4c", "4s"]
    s = g.play(s, Move("turn"))  # 10♠ with 4♠: (a) at once
    assert row(g, s) == ["Qh", "4c"]
    manual = bride()
    m = position(manual, rest="removed", row="Qh4c7d", stock="3:Kh5dTs4s", info="-1,0")
    assert row(manual, manual.play(m, Move("turn"))) == ["Qh", "4c", "7d", "4s"]
