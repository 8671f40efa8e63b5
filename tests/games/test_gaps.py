"""The Gaps games: «Восемь тузов» (gaps8) and Пасьянс Потоцкого (potocki), RULES.md §4–5."""

import pytest

from helpers import generated_moves_agree
from patience import IllegalMoveError, get_game
from patience.cards import deck
from patience.game import Move
from patience.games.gaps8 import GRID as GRID8
from patience.games.potocki import GRID as GRID4

GOLDEN = {
    "gaps8": "g1-0= g1-1=Qs' g1-2=6c' g1-3=8d g1-4=Ad' g1-5=8h g1-6=Qc' g1-7=8c g1-8=6c g1-9=Ad g1-10=9c' g1-11=Ks g1-12=7c' g1-13=4h' g2-0= g2-1=5d' g2-2=Jh' g2-3=7d' g2-4=2d g2-5=Kd' g2-6=Qd' g2-7=7s' g2-8=8s g2-9=5d g2-10=8c' g2-11=Ah g2-12=Tc' g2-13=3c g3-0= g3-1=6h g3-2=Th g3-3=3s' g3-4=Qh g3-5=Kh' g3-6=5s g3-7=Qd g3-8=5h g3-9=Ts' g3-10=9d g3-11=5s' g3-12=Ac' g3-13=8d' g4-0= g4-1=8h' g4-2=4h g4-3=4s' g4-4=6s g4-5=As g4-6=9s g4-7=Th' g4-8=5c' g4-9=2s g4-10=9s' g4-11=Jc g4-12=7h g4-13=5c g5-0= g5-1=Td g5-2=9h g5-3=3s g5-4=Qh' g5-5=9c g5-6=Kc g5-7=4c g5-8=5h' g5-9=Qs g5-10=9d' g5-11=Js g5-12=6d' g5-13=Ts g6-0= g6-1=8s' g6-2=Ah' g6-3=Jd' g6-4=Td' g6-5=Jc' g6-6=4d' g6-7=Ks' g6-8=Qc g6-9=6d g6-10=2c' g6-11=2s' g6-12=3h g6-13=4c' g7-0= g7-1=3h' g7-2=4s g7-3=7h' g7-4=7d g7-5=Jd g7-6=As' g7-7=Tc g7-8=6h' g7-9=Js' g7-10=3c' g7-11=9h' g7-12=2h g7-13=Ac g8-0= g8-1=6s' g8-2=2d' g8-3=Kd g8-4=3d g8-5=2h' g8-6=Kc' g8-7=4d g8-8=Jh g8-9=7c g8-10=7s g8-11=Kh g8-12=3d' g8-13=2c #=0,1",
    "potocki": 'g1-1=6s g1-2=7s g1-3= g1-4=Tc g1-5=Ts g1-6=2d g1-7=5c g1-8=4c g1-9=3d g1-10=Kh g1-11=Jc g1-12=Kd g1-13=3s g2-1=8s g2-2= g2-3=8d g2-4=Qs g2-5=4h g2-6=9c g2-7=Kc g2-8=2c g2-9=Td g2-10=Qh g2-11=6c g2-12=6h g2-13=7d g3-1=7h g3-2= g3-3=Th g3-4=Jd g3-5=8c g3-6=Js g3-7=7c g3-8= g3-9=4d g3-10=2h g3-11=3c g3-12=5h g3-13=Ks g4-1=2s g4-2=3h g4-3=9d g4-4=9h g4-5=6d g4-6=9s g4-7=4s g4-8=5s g4-9=5d g4-10=Qc g4-11=Qd g4-12=8h g4-13=Jh discard=AcAdAsAh #=0,1',
}


def grid_position(game, grid, placed: dict[tuple[int, int], str], gaps: set[tuple[int, int]], discard=""):
    """Cards at (row, slot); every other slot not in ``gaps`` gets the remaining cards in order."""
    used = set(placed.values()) | {discard[i:i + 2] for i in range(0, len(discard), 2)}
    rest = iter(str(c) for c in deck(grid.decks) if str(c) not in used)
    fields = {}
    for r in range(1, grid.rows + 1):
        for c in range(grid.first, 14):
            name = f"g{r}-{c}"
            fields[name] = "" if (r, c) in gaps else placed.get((r, c)) or next(rest)
    leftover = list(rest)
    assert not leftover, leftover
    if "discard" in game.index:
        fields["discard"] = discard
    code = " ".join(f"{n}={t}" for n, t in fields.items()) + " #=0,7"
    return game.from_code(code)


def gap_count(game, state):
    return sum(1 for i in range(len(game.piles)) if game.piles[i].role == "cell" and not state.piles[i])


@pytest.mark.parametrize("game_id", ["gaps8", "potocki"])
def test_golden_deals(game_id):
    game = get_game(game_id)
    assert game.code(game.deal(1)) == GOLDEN[game_id]


def test_gaps8_deal_shape():
    game = get_game("gaps8")
    s = game.deal(5)
    assert len(game.piles) == 112 and game.names[0] == "g1-0" and game.names[-1] == "g8-13"
    assert all(not s.piles[GRID8.at(r, 0)] for r in range(1, 9))  # the heads start empty
    assert gap_count(game, s) == 8 and sum(len(p) for p in s.piles) == 104
    assert game.info_value(s, "seed") == 5


def test_potocki_deal_shape():
    game = get_game("potocki")
    s = game.deal(5)
    assert game.names[0] == "g1-1" and game.names[51] == "g4-13"
    discard = s.piles[game.index["discard"]]
    assert sorted(c.rank for c in discard) == [1, 1, 1, 1]  # the aces are out
    assert gap_count(game, s) == 4


def test_gaps8_walk_through_of_figure_288():
    """The seed's moves, in turn, on a built position: each legal, 8 gaps after each."""
    game = get_game("gaps8")
    placed = {
        (1, 1): "Js", (1, 2): "As'",
        (2, 0): "Ah", (2, 1): "9h",
        (3, 1): "2s",
        (4, 0): "Ad", (4, 5): "As", (4, 6): "Th", (4, 7): "Tc", (4, 8): "7h", (4, 9): "Jh",
        (5, 0): "Ac", (5, 1): "9c",
        (6, 0): "Ah'", (6, 1): "6h",
        (7, 0): "Ad'", (7, 1): "Ts",
        (8, 0): "Ac'", (8, 1): "Kd",
    }
    gaps = {(1, 0), (2, 2), (2, 3), (3, 0), (5, 2), (6, 2), (7, 2), (8, 2)}
    s = grid_position(game, GRID8, placed, gaps)
    assert gap_count(game, s) == 8
    walk = ["g4-5>g3-0", "g4-6>g2-2", "g4-7>g5-2", "g4-8>g6-2", "g4-9>g2-3", "g1-1>g7-2", "g1-2>g1-0"]
    for text in walk:
        move = game.parse_move(text)
        assert move in game.legal_moves(s), text
        s = game.play(s, move)
        assert gap_count(game, s) == 8
    row = lambda r: [str(p[0]) if p else "" for p in s.piles[GRID8.at(r, 0):GRID8.at(r, 4)]]
    assert row(1) == ["As'", "", "", s.piles[GRID8.at(1, 3)] and str(s.piles[GRID8.at(1, 3)][0])]
    assert row(2) == ["Ah", "9h", "Th", "Jh"] and row(3)[:2] == ["As", "2s"]
    # row 1 now waits for a 2 of spades after its ace; nothing goes after the gap behind it
    assert GRID8.wanted(s, GRID8.at(1, 1)) == (2, 0)
    assert GRID8.wanted(s, GRID8.at(1, 2)) is None


def test_gaps_rules():
    game = get_game("gaps8")
    placed = {(1, 0): "As", (1, 1): "Ks", (2, 1): "5h", (3, 0): "Ad", (3, 1): "2d", (4, 4): "6h", (4, 5): "2s"}
    gaps = {(1, 2), (2, 2), (2, 0), (3, 3), (3, 2), (4, 0), (5, 0), (6, 0)}
    s = grid_position(game, GRID8, placed, gaps)
    legal = [game.notation(m) for m in game.legal_moves(s)]
    assert not any(m.endswith(">g1-2") for m in legal)  # nothing after a king
    assert not any(m.endswith(">g3-3") for m in legal)  # nothing after a gap
    assert "g4-4>g2-2" in legal  # 6h after 5h
    assert "g4-5>g2-2" not in legal
    heads = [m for m in legal if m.split(">")[1] in ("g2-0", "g4-0", "g5-0", "g6-0")]
    assert heads and all(s.piles[game.index[m.split(">")[0]]][0].rank == 1 for m in heads)  # only aces
    with pytest.raises(IllegalMoveError):
        game.play(s, game.parse_move("g4-5>g2-0"))  # a two into a head
    with pytest.raises(IllegalMoveError):
        game.play(s, game.parse_move("g1-1>g3-3"))  # into a gap after a gap
    with pytest.raises(IllegalMoveError):
        game.play(s, game.parse_move("g1-2>g3-3"))  # a gap is no card


def test_potocki_rules():
    game = get_game("potocki")
    placed = {(1, 2): "5h", (2, 5): "Kc", (3, 7): "2c", (4, 9): "6h"}
    gaps = {(1, 1), (1, 3), (2, 6), (4, 10)}
    s = grid_position(game, GRID4, placed, gaps, discard="AsAhAdAc")
    legal = [game.notation(m) for m in game.legal_moves(s)]
    twos = [m for m in legal if m.endswith(">g1-1")]
    assert len(twos) == 4  # any 2 into a first slot
    assert "g4-9>g1-3" in legal  # 6h after 5h
    assert not any(m.endswith(">g2-6") for m in legal)  # nothing after a king


def test_won():
    for game_id, grid in (("gaps8", GRID8), ("potocki", GRID4)):
        game = get_game(game_id)
        placed = {}
        suits = "shdc"
        for r in range(1, grid.rows + 1):
            for k, rank in enumerate("A23456789TJQK"[grid.low - 1:]):
                placed[(r, grid.first + k)] = rank + suits[(r - 1) % 4] + ("'" if r > 4 else "")
        gaps = {(r, 13) for r in range(1, grid.rows + 1)}
        s = grid_position(game, grid, placed, gaps, discard="AsAhAdAc" if game_id == "potocki" else "")
        assert game.is_won(s) and game.status(s) == "won"
        assert Move("reshuffle") not in game.legal_moves(s)
        # one pair swapped: not won
        a, b = grid.at(1, grid.first + 3), grid.at(1, grid.first + 4)
        piles = list(s.piles)
        piles[a], piles[b] = piles[b], piles[a]
        assert not game.is_won(s._replace(piles=tuple(piles)))


def test_gaps8_reshuffle_keeps_runs_and_leaves_a_gap_after_each():
    game = get_game("gaps8", {"reshuffles": "2"})
    placed = {(1, 0): "Ah", (1, 1): "2h", (1, 2): "3h", (1, 3): "5h", (2, 1): "Ac", (3, 0): "Ad'", (3, 1): "3d"}
    gaps = {(1, 4), (2, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (2, 5)}
    s = grid_position(game, GRID8, placed, gaps)
    moves = game.legal_moves(s)
    assert moves[-1] == Move("reshuffle")
    after = game.play(s, Move("reshuffle"))
    assert [str(after.piles[GRID8.at(1, c)][0]) for c in range(3)] == ["Ah", "2h", "3h"]
    assert str(after.piles[GRID8.at(3, 0)][0]) == "Ad'"
    expect_gaps = {GRID8.at(1, 3), GRID8.at(3, 1)} | {GRID8.at(r, 0) for r in (2, 4, 5, 6, 7, 8)}
    assert {i for i in range(112) if not after.piles[i]} == expect_gaps
    assert sorted(after.cards()) == sorted(s.cards())
    assert game.play(s, Move("reshuffle")) == after  # seeded by the deal: it replays exactly
    other = game.from_code(game.code(s).replace("#=0,7", "#=0,8"))
    assert game.play(other, Move("reshuffle")) != after  # another deal number, another shuffle
    twice = game.play(after, Move("reshuffle"))
    assert game.info_value(twice, "reshuffles") == 2 and Move("reshuffle") not in game.legal_moves(twice)
    with pytest.raises(IllegalMoveError):
        game.play(twice, Move("reshuffle"))
    assert Move("reshuffle") not in get_game("gaps8").legal_moves(s)  # default: strict, none


def test_potocki_reshuffle_removes_the_aces_again():
    game = get_game("potocki")
    assert game.options["reshuffles"] == "2"
    placed = {(1, 1): "2c", (1, 2): "3c", (1, 3): "4c", (2, 1): "5d"}
    gaps = {(1, 4), (2, 2), (3, 1), (4, 1)}
    s = grid_position(game, GRID4, placed, gaps, discard="AsAhAdAc")
    after = game.play(s, Move("reshuffle"))
    assert [str(after.piles[GRID4.at(1, c)][0]) for c in (1, 2, 3)] == ["2c", "3c", "4c"]
    assert len(after.piles[game.index["discard"]]) == 4 and gap_count(game, after) == 4
    assert all(after.piles[i] for i in (GRID4.at(1, 1), GRID4.at(1, 2), GRID4.at(1, 3)))


def test_stuck_only_when_no_reshuffle_is_left():
    kings = {(r, 12): k for r, k in zip(range(1, 5), ["Kh", "Kd", "Kc", "Ks"])}  # not in order
    gaps = {(r, 13) for r in range(1, 5)}  # every gap behind a king: no card fits anywhere
    for reshuffles, stuck in (("0", True), ("1", False), ("2", False)):
        game = get_game("potocki", {"reshuffles": reshuffles})
        s = grid_position(game, GRID4, kings, gaps, discard="AsAhAdAc")
        assert game.card_moves(s) == []
        assert game.is_stuck(s) is stuck
        assert game.status(s) == ("stuck" if stuck else "playing")


def test_a_refused_move_names_the_rule():
    game = get_game("potocki")
    s = grid_position(game, GRID4, {(1, 1): "5h", (1, 3): "Kc", (1, 5): "7d", (2, 2): "6h", (2, 3): "2c"},
                      {(1, 2), (1, 4), (1, 6), (2, 1)}, discard="AcAdAsAh")
    said = {text: game.explain(s, game.parse_move(text))
            for text in ("g2-3>g1-2", "g1-1>g1-4", "g1-1>g1-6", "g2-2>g2-1", "g1-1>g2-2", "g1-1>discard")}
    assert said == {
        "g2-3>g1-2": "A gap takes only the card of the same suit one rank above the card to its left.",  # 2c after 5h
        "g1-1>g1-4": "Nothing goes into a gap after a king or after another gap.",  # after K♣
        "g1-1>g1-6": "A gap takes only the card of the same suit one rank above the card to its left.",
        "g2-2>g2-1": "The first place of a row takes only a two.",
        "g1-1>g2-2": "A card moves only into a gap.",
        "g1-1>discard": "A card from here cannot go there.",
    }
    eight = get_game("gaps8")
    s8 = eight.deal(1)  # every head is empty; g1-1 holds Q♠
    assert eight.explain(s8, eight.parse_move("g1-1>g2-0")) == "A head takes only an ace."


@pytest.mark.parametrize("game_id,opts", [("gaps8", {}), ("potocki", {"reshuffles": "0"}), ("potocki", {})])
def test_the_gaps_own_moves_are_those_the_declared_rules_give(game_id, opts):
    """``generate`` finds the moves gap by gap, for speed; the cells' declared rules (a
    row's first place takes its lowest rank, any other gap the card after its left
    neighbour) give the same moves, through random games and their reshuffles."""
    game = get_game(game_id, opts)
    seen = generated_moves_agree(game_id, opts, range(1, 6), 120, in_order=False)
    firsts = {i for i, spec in enumerate(game.piles) if spec.empty in ("A", "two")}
    moves = [m for state in seen for m in game.card_moves(state)]
    assert any(m.dst in firsts for m in moves) and any(m.dst not in firsts for m in moves)
