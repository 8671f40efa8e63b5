"""Cards, the PRNG, positions and move texts."""

import pytest

from patience import GAMES, InvalidCodeError, InvalidMoveError, get_game
from patience.cards import CARDS, card_name, make_card, parse_card
from patience.game import MOVE, Move
from patience.rng import Rng
from patience.state import State


def test_every_card_round_trips_and_decks_differ():
    assert len({str(c) for c in CARDS}) == 104
    for c in CARDS:
        assert parse_card(str(c)) == c
        assert eval(repr(c), {"parse_card": parse_card}) == c
    td, td2 = parse_card("Td"), parse_card("Td'")
    assert td != td2 and td.face == td2.face == "Td" and (td.deck, td2.deck) == (0, 1)
    assert parse_card("10d") == td
    assert card_name(td) == "10♦"


@pytest.mark.parametrize("bad", ["", "1d", "Tx", "Tdd", "X", "T", "As''"])
def test_bad_card_texts_are_refused(bad):
    with pytest.raises(InvalidCodeError):
        parse_card(bad)


def test_card_fields():
    c = make_card(12, 1, 1)  # queen of hearts, deck 2
    assert (c.rank, c.suit, c.deck, c.red, str(c)) == (12, 1, 1, True, "Qh'")
    assert not parse_card("Kc").red


def test_rng_golden_sequence():
    """The PRNG must never change: deals in saved games and URLs depend on it."""
    rng = Rng(1)
    assert [rng.next32() for _ in range(4)] == GOLDEN_RNG
    assert Rng(1, "klondike").below(52) == Rng(1, "klondike").below(52)
    assert Rng(1, "a").next32() != Rng(1, "b").next32()


GOLDEN_RNG = [4044429, 88795688, 3600612026, 2666753202]


def test_rng_below_is_in_range_and_shuffle_is_a_permutation():
    rng = Rng(42)
    draws = [rng.below(7) for _ in range(2000)]
    assert set(draws) == set(range(7))
    items = list(range(52))
    out = Rng(9).shuffled(items)
    assert sorted(out) == items and out != items and items == list(range(52))
    with pytest.raises(ValueError):
        rng.below(0)


def test_state_code_round_trip_and_errors():
    game = get_game("klondike")
    s = game.deal(7)
    code = game.code(s)
    assert game.from_code(code) == s
    assert State.from_code(code, game.names) == s
    with pytest.raises(InvalidCodeError):
        game.from_code(code.replace("t1=", "t9="))
    with pytest.raises(InvalidCodeError):
        game.from_code(code.replace("#=0", "#=x"))
    with pytest.raises(InvalidCodeError):
        game.from_code(code + " t1=As")  # a pile twice
    with pytest.raises(InvalidCodeError):
        game.from_code("nonsense")
    t1 = code.split(" t1=")[1].split()[0]
    with pytest.raises(InvalidCodeError, match="twice"):
        game.from_code(code.replace("waste=", f"waste={t1}"))
    with pytest.raises(InvalidCodeError, match="deck"):
        game.from_code(code.replace(f"t1={t1}", f"t1={t1}'"))
    with pytest.raises(InvalidCodeError, match="face-down"):
        game.from_code(code.replace(f"t1={t1}", f"t1=2:{t1}"))


def test_move_notation_round_trip_and_errors():
    game = get_game("klondike")
    for text in ["t3>f1", "t3:3>t5", "waste>t1", "deal", "recycle"]:
        assert game.notation(game.parse_move(text)) == text
    for bad in ["", "t3", "t3>x9", "t3:0>t4", "t3:a>t4", "z>f1", "deal now"]:
        with pytest.raises(InvalidMoveError):
            game.parse_move(bad)


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_card_moves_are_every_drop_the_rules_accept(game_id):
    """``card_moves`` (the solver's hot path, with the rules written out or a game's own
    generator) gives exactly the drops that ``accepts`` allows, pile by pile and in that
    order (a game's own generator may order them otherwise), all through random games."""
    game = get_game(game_id)
    rng = Rng(5, "card moves")
    positions = 0
    for seed in range(1, 7):
        state = game.deal(seed)
        for _ in range(200):
            expected = [Move(MOVE, src, dst, n) for src, dests in enumerate(game.dests)
                        for dst in dests for n in game.sizes_to(game.pick_sizes(state, src), dst)
                        if game.accepts(state, src, dst, n)]
            moves = game.card_moves(state)
            if game.spec.rules.generate is not None:
                moves, expected = sorted(moves), sorted(expected)
            assert moves == expected, game.code(state)
            positions += 1
            legal = game.legal_moves(state)
            if not legal:
                break
            state = game.apply(state, legal[rng.below(len(legal))])
    assert positions > 100
