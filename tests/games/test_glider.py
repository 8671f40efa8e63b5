"""«Дельтаплан» — Hang Glider: RULES.md §9, with the seed's moves."""

import pytest

from helpers import generated_moves_agree, names, position
from patience import IllegalMoveError, get_game
from patience.cards import RANK_OF
from patience.game import Move
from sizes import LONG

GOLDEN_SEED_1 = "stock=55:6h'ThQh'5sAh'Js'9d2h'7s3d'2d'4cAd8c9h9c8h'6h2c6d3sTs'Ah7s'3s'6c'7hTsAsQc'8d'JhTc6s'Ad'7c5s'5h'9h'JcAcTd'As'Qd'4d'Jd7d9d'6d'6c2c'8s5d'Th'2s waste= kings=KsKhKdKcKs'Kh'Kd'Kc' f1=Ac' f2= f3= f4= f5= f6= f7= f8= t1=3dQdJsJh' t2=5c'7c'4h6s t3=4h'2s'Qs'4c' t4=3h5c8d4s' t5=Tc'Jd'4d3h' t6=8hJc'9s9s' t7=3c'9c'Qc7d' t8=2dQs2h8s' t9=8c'Qh4s3c t10=5h5d7h'Td #=0"
KINGS = "KsKhKdKcKs'Kh'Kd'Kc'"


def glider(**opts):
    return get_game("glider", opts)


def test_golden_deal_and_set_up():
    g = glider()
    assert g.code(g.deal(1)) == GOLDEN_SEED_1
    for seed in range(1, 30):
        s = g.deal(seed)
        rows = [s.piles[g.index[f"t{n}"]] for n in range(1, 11)]
        assert all(len(r) == 4 and all(RANK_OF[c] not in (1, 13) for c in r) for r in rows)
        homes = [p for p in (s.piles[g.index[f"f{i}"]] for i in range(1, 9)) if p]
        assert all(len(p) == 1 and RANK_OF[p[0]] == 1 for p in homes)
        assert len(s.piles[g.index["kings"]]) == 8
        assert len(s.piles[g.stock]) == 96 - 40 - len(homes)


def test_seed_moves_edge_to_edge_and_runs():
    g = glider()
    s = position(g, kings=KINGS, t1="5c8d", t6="4s9d", t2="3cJdTd9d'", t7="6hQd")
    legal = names(g, g.legal_moves(s))
    assert "t1>t6" in legal  # 8♦ from a left edge onto 9♦ on a right edge
    assert "t2:3>t7" in legal  # J♦ 10♦ 9♦ as one unit onto Q♦
    assert "t2:2>t7" not in legal  # a part of the run does not fit the queen
    after = g.play(s, g.parse_move("t2:3>t7"))
    assert [str(c) for c in after.piles[g.index["t7"]]] == ["6h", "Qd", "Jd", "Td", "9d'"]


def test_a_run_goes_home_card_by_card_then_the_king_at_the_end():
    g = glider()
    s = position(g, kings=KINGS, f1="Ad2d3d4d5d6d7d8d", t1="4cQdJdTd9d")
    assert "t1:4>f1" in names(g, g.legal_moves(s))
    after = g.play(s, g.parse_move("t1:4>f1"))
    assert [str(c) for c in after.piles[g.index["f1"]][-4:]] == ["9d", "Td", "Jd", "Qd"]
    # the kings join when every queen is home
    full = {f"f{i + 1}": "".join(r + suit + ("'" if i >= 4 else "") for r in "A23456789TJQ")
            for i, suit in enumerate("shdcshdc")}
    won = g.settle(position(g, kings=KINGS, **full))
    assert not won.piles[g.index["kings"]] and g.is_won(won) and g.status(won) == "won"
    assert all(RANK_OF[won.piles[g.index[f"f{i}"]][-1]] == 13 for i in range(1, 9))


def test_only_outer_cards_and_in_suit_down():
    g = glider()
    s = position(g, kings=KINGS, t1="9d5c", t6="4s8d", t7="Th9h")
    legal = names(g, g.legal_moves(s))
    assert "t6>t1" not in legal  # 9♦ is not an outer card
    assert "t7>t6" not in legal  # 9♥ on 8♦: wrong suit and direction


@pytest.mark.parametrize("opt,ok", [("off", True), ("on", False)])
def test_cross_only(opt, ok):
    g = glider(cross_only=opt)
    s = position(g, kings=KINGS, t1="5c9d", t2="4s8d", t6="Th9h", t7="3h8h")
    legal = names(g, g.legal_moves(s))
    assert ("t2>t1" in legal) is ok  # within the left flank
    assert ("t7>t6" in legal) is ok  # within the right flank
    if not ok:
        assert g.explain(s, g.parse_move("t2>t1")) == \
            "Under these rules a card or run goes only from one flank to the other."
    assert g.explain(s, g.parse_move("t1>t6")) == "Here a card goes on a card one rank higher, of the same suit."
    s = position(g, kings=KINGS, t1="5c9d", t6="4s8d")
    assert "t6>t1" in names(g, g.legal_moves(s))  # across the flanks: always


def test_an_emptied_row_refills_from_the_stock_aces_to_the_centre():
    g = glider()
    s = position(g, rest="t10", kings=KINGS, f1="Ad2d3d4d5d6d7d8d", t1="9d", stock="2:7c5h")
    stock_before = s.piles[g.stock]
    after = g.play(s, g.parse_move("t1>f1"))
    assert after.piles[g.index["t1"]] == stock_before[-1:]  # 5♥ (the stock top)
    s = position(g, rest="t10", kings=KINGS, f1="Ad2d3d4d5d6d7d8d", t1="9d", stock="2:7cAh")
    after = g.play(s, g.parse_move("t1>f1"))
    assert [str(c) for c in after.piles[g.index["f2"]]] == ["Ah"]  # the ace went home
    assert [str(c) for c in after.piles[g.index["t1"]]] == ["7c"]  # and the row took the next


def test_with_the_stock_out_an_empty_row_takes_the_waste_top():
    g = glider()
    s = position(g, rest="t10", kings=KINGS, f1="Ad2d3d4d5d6d7d8d", t1="9d", waste="5c", stock="")
    after = g.play(s, g.parse_move("t1>f1"))
    assert after.piles[g.index["t1"]] == ()
    legal = names(g, g.legal_moves(after))
    assert "waste>t1" in legal and "t2>t1" not in legal


@pytest.mark.parametrize("redeals", ["3", "2"])
def test_redeals(redeals):
    g = glider(redeals=redeals)
    s = g.deal(5)
    done = 0
    for _ in range(1000):
        m = g.stock_move(s)
        if m is None:
            break
        done += m.kind == "recycle"
        s = g.play(s, m)
    assert done == int(redeals)
    with pytest.raises(IllegalMoveError):
        g.play(s, Move("recycle"))


@pytest.mark.parametrize("opts", [{}, {"cross_only": "on"}, {"redeals": "2"}])
def test_generated_moves_are_the_pile_by_pile_ones(opts):
    """The game's own move generator (the solver's hot path) gives exactly the moves the
    engine finds by trying every pile on every pile with ``accept``, in the same order,
    all through random games: runs and single cards, rows emptied and refilled, the
    stock out and empty rows taking the waste top."""
    g = get_game("glider", opts)
    seen = generated_moves_agree("glider", opts, range(1, 13), 500)
    moves = [m for s in seen for m in g.card_moves(s)]
    assert any(m.n > 1 for m in moves)  # runs
    assert any(m.src == g.waste and not s.piles[m.dst] for s in seen for m in g.card_moves(s))  # waste to an empty row
    assert any(m.dst in g.foundations and m.n > 1 for m in moves)  # a run home


@pytest.mark.parametrize("opts", [{}, {"cross_only": "on"}, {"redeals": "2"}])
def test_the_search_reads_the_stock_steps_off_the_talon_as_the_engine_turns_it(opts):
    """The solver's K+ steps from the stock, read off the talon (``GliderModel``), are the
    ones the generic model finds by turning the stock through the engine: the same moves
    reaching the same positions, all through random games (turn-overs left or used up,
    rows emptied and refilled, the stock out); and so are all its steps, in order, with
    card moves applied by the model instead of the engine."""
    from patience.rng import Rng
    from patience.search.glider import GliderModel
    from patience.search.model import Model

    g = get_game("glider", opts)
    own, generic = GliderModel(g), Model(g)
    generic.score = own.score  # type: ignore[method-assign]
    rng = Rng(3, "glider talon steps")
    cases = set()
    for seed in range(1, 9 if LONG else 4):  # each turn-over count meets both kinds within seed 1
        s = g.deal(seed)
        for _ in range(250):
            ours = sorted((m, own.key(after)) for m, after in own.talon_steps(s))
            theirs = sorted((m, own.key(after)) for m, after in generic.talon_steps(s))
            assert ours == theirs, g.code(s)
            # every step, card moves applied by the model itself: the same states, in order
            assert own.steps(s) == generic.steps(s), g.code(s)
            cases.add((g.recycles_left(s), bool(ours), any(Move("recycle") in m for m, _ in ours)))
            legal = g.legal_moves(s)
            if not legal:
                break
            s = g.apply(s, legal[rng.below(len(legal))])
    assert {(0, True, False), (1, True, True)} <= cases, cases


def test_the_search_keys_forget_a_cards_deck_but_not_the_turn_overs():
    from patience.search.registry import model_of

    g = glider()
    model = model_of(g)
    s = g.deal(1)
    t1 = g.index["t1"]
    twin = tuple(c + 52 if c < 52 else c - 52 for c in s.piles[t1])
    other = s._replace(piles=s.piles[:t1] + (twin,) + s.piles[t1 + 1:])
    assert other != s and model.key(other) == model.key(s)
    assert model.key(g.with_info(s, "recycles", 1)) != model.key(s)
