"""The engine's answers to the table: what a press picks up, which card must be played
first, and why a position is stuck or can go on only by a button (real deals)."""

from patience import get_game
from patience.game import MOVE, Game, Move, Standstill
from patience.state import State

from helpers import position


def play_first_moves(game: Game, state: State) -> State:
    """Play the first legal move that changes something until the game is stuck."""
    for _ in range(500):
        if game.is_stuck(state):
            return state
        moves = [m for m in game.legal_moves(state) if not game.is_idle(state, m)]
        state = game.apply(state, moves[0])
    raise AssertionError("never stuck")


# --- what a press picks up ---------------------------------------------------------------

def test_a_press_picks_up_the_whole_run_under_whole_runs_and_any_part_under_runs_any():
    whole = get_game("klondike", {"runs": "whole"})
    state = position(whole, t1="2:5h9c8d7c6h", t2="Qc")  # a run of three over two face-down cards
    assert [whole.pick_count(state, whole.index["t1"], k) for k in range(5)] == [0, 0, 3, 0, 1]
    parts = get_game("klondike", {"runs": "any"})
    state = position(parts, t1="2:5h9c8d7c6h", t2="Qc")
    assert [parts.pick_count(state, parts.index["t1"], k) for k in range(5)] == [0, 0, 3, 2, 1]


def test_a_press_on_an_empty_slot_a_foundation_or_the_stock_picks_up_nothing():
    game = get_game("klondike")
    state = game.deal(7)
    stock, t1 = game.index["stock"], game.index["t1"]
    assert game.pick_count(state, stock, len(state.piles[stock]) - 1) == 0  # face down
    assert game.pick_count(state, game.index["f1"], None) == 0
    assert game.pick_count(state, t1, 0) == 1  # the one card of the first column
    state = game.play(state, Move("deal"))
    assert game.pick_count(state, game.waste, len(state.piles[game.waste]) - 1) == 1


def test_a_canfield_column_gives_its_top_card_or_the_whole_pile():
    """Canfield's tableau moves whole or its top card alone: a press on the bottom card
    picks the pile, on the top card one card."""
    game = get_game("canfield")
    state = position(game, t1="8d7s", info="0,8")
    t1 = game.index["t1"]
    assert game.pick_sizes(state, t1) == (2, 1)
    assert game.pick_count(state, t1, 1) == 1
    assert game.pick_count(state, t1, 0) == 2


# --- the card that must be played first --------------------------------------------------

def test_frogs_waste_card_must_be_played_before_the_next_turn():
    game = get_game("frog")
    state = game.deal(11)
    assert game.must_play_first(state) is None  # an empty waste
    state = game.play(state, Move("deal"))
    assert game.must_play_first(state) == game.waste
    assert game.stock_move(state) is None  # the stock waits for it
    move = next(m for m in game.legal_moves(state) if m.kind == MOVE and m.src == game.waste)
    state = game.play(state, move)
    assert game.must_play_first(state) is None
    assert game.stock_move(state) == Move("deal")


def test_a_waste_without_a_limit_never_must_be_played_first():
    for game_id in ("klondike", "canfield"):
        game = get_game(game_id)
        state = game.play(game.deal(3), Move("deal"))
        assert state.piles[game.waste] and game.must_play_first(state) is None, game_id
    game = get_game("potocki")  # no waste at all
    assert game.must_play_first(game.deal(3)) is None


# --- why a position cannot go on ---------------------------------------------------------

def test_a_canfield_deal_stuck_from_its_first_card_is_named_so():
    game = get_game("canfield")
    state = game.deal(63)
    assert game.standstill(state, state) == Standstill("stuck", from_deal=True, stock_turns=True)
    assert game.standstill(game.deal(1), game.deal(1)) is None  # a deal that plays
    assert game.standstill(state, state, stuck=True) == game.standstill(state, state)  # status known
    assert game.standstill(state, state, stuck=False) is None


def test_a_klondike_game_played_into_a_corner_is_stuck_but_not_from_the_deal():
    game = get_game("klondike")
    first = game.deal(1)
    end = play_first_moves(game, first)
    assert game.stock_move(end) is not None
    assert game.standstill(end, first) == Standstill("stuck", from_deal=False, stock_turns=True)
    first = game.deal(22)
    end = play_first_moves(game, first)  # its stock and waste run out
    assert game.stock_move(end) is None
    assert game.standstill(end, first) == Standstill("stuck", stock_turns=False)


def test_a_gaps_game_with_no_card_move_goes_on_only_by_its_reshuffle():
    game = get_game("potocki")
    first = state = game.deal(1)
    while game.card_moves(state):
        state = game.play(state, game.card_moves(state)[0])
    assert not game.is_stuck(state)
    assert game.standstill(state, first) == Standstill("specials", specials=("reshuffle",))
    state = game.play(state, Move("reshuffle"))
    assert game.card_moves(state) and game.standstill(state, first) is None


def test_a_won_game_is_no_standstill():
    game = get_game("klondike")
    cards = "".join(f"{r}{s}" for r in "A23456789TJQK" for s in "s")
    state = position(game, rest="f1", f2=cards.replace("s", "h"), f3=cards.replace("s", "d"),
                     f4=cards.replace("s", "c"))
    assert game.is_won(state) and game.standstill(state, state) is None
