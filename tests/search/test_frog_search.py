"""Frog's own search (search/frog.py): the same verdicts as the plain search on endgames,
its looser game, and its positions proven lost at once."""

from __future__ import annotations

import pytest

from patience import get_game
from patience.cards import CARDS, make_card
from patience.game import Game
from patience.search import LOST, WON, solve
from patience.rng import Rng
from patience.state import State
from plain_search import replays_to_a_win, exhaust, at_least, endgames, own_search_verdicts


def frog_endgame(game: Game, rng: Rng) -> State:
    """A random late Frog position: two foundations a suit, each home to a random height
    near the king; the other cards at random on the five piles, in the reserve, in the
    stock (a few) and sometimes in the waste."""
    heights = [13 - rng.below(3) if rng.below(6) else 11 - rng.below(6) for _ in range(8)]
    piles: list[tuple] = [()] * len(game.piles)
    down = [0] * len(game.piles)
    rest = []
    for lane, f in enumerate(game.foundations):
        suit, copy = lane // 2, lane % 2
        cards = [make_card(r, suit) + 52 * copy for r in range(1, 14)]
        piles[f] = tuple(cards[:heights[lane]])
        rest += cards[heights[lane]:]
    rest = [rest[i] for i in rng.shuffled(tuple(range(len(rest))))]
    stock = min(len(rest), rng.below(5))
    piles[game.stock], down[game.stock], rest = tuple(rest[:stock]), stock, rest[stock:]
    if rest and rng.below(3) == 0:
        piles[game.waste], rest = (rest[0],), rest[1:]
    k = min(len(rest), rng.below(4))
    piles[game.index["reserve"]], rest = tuple(rest[:k]), rest[k:]
    for card in rest:
        i = game.index[f"t{1 + rng.below(5)}"]
        piles[i] += (card,)
    return State(tuple(piles), tuple(down), game.empty_state().info)


@pytest.mark.reliability  # all its positions in the long run
@pytest.mark.parametrize("opts", [{}, {"foundation": "any"}, {"reserve_to_piles": "off"}])
def test_frog_search_agrees_with_the_plain_search_on_endgames(opts):
    """Frog's own search (a card goes home without branching only when no other card of
    its kind wants that foundation, piles sorted and like cards one in the key, positions
    that the looser game shows lost cut off; probes that cut off more) against every
    engine move searched to the end, on random late positions: both give the same
    verdict, and each won line wins through the checked play.  It caught two unsound
    rules: any card home without branching, and a looser game that counted cards."""
    from patience.search.frog import FrogSearch

    verdicts = own_search_verdicts(get_game("frog", opts), FrogSearch, frog_endgame, Rng(5, "frog endgames"))
    # regardless of suit, eight cards of a rank must all be buried for a loss: the random
    # positions are nearly all won (a loss of that kind is the next test's)
    assert verdicts.count(WON) >= at_least(10, 80) \
        and verdicts.count(LOST) >= (0 if opts.get("foundation") == "any" else at_least(10, 80)), verdicts


@pytest.mark.parametrize("opts", [{}, {"foundation": "any"}, {"reserve_to_piles": "off"}])
def test_frogs_looser_game_answers_the_same_before_and_after_the_safe_moves_home(opts):
    """The complete search asks the looser game (``hopeless``) of a card laid on a pile
    before the safe moves home are played (``close``): those are moves of the looser game
    too, so its answer must be the same after them.  On random late positions and each
    laying of a card on a pile, both answers agree, hopeless ones among them."""
    from patience.search.frog import RESERVE, WASTE, FrogSearch

    game = get_game("frog", opts)
    rng = Rng(7, "frog close")
    asked = hopeless = 0
    for _ in range(150):
        search = FrogSearch(game, frog_endgame(game, rng))
        root = search.close([], (tuple(bytes(search.start.piles[i]) for i in search.piles_at), len(search.reserve),
                                 search.home_of(search.start), len(search.stock) - len(search.start.piles[game.stock]),
                                 len(search.start.piles[game.waste])))[1]
        piles, left, home, turned, waste = root
        lays = [(WASTE, c) for c in range(5)] * bool(waste)
        lays += [(RESERVE, c) for c in range(5)] * bool(left and search.reserve_to_piles)
        for move in lays:
            q = search.after(root, move)
            before = search.hopeless(q)
            assert before == search.hopeless(search.close([move], q)[1]), (move, q)
            asked += 1
            hopeless += before
    # (regardless of suit, random late positions are nearly never hopeless: see above)
    assert asked >= 50 and hopeless >= (0 if opts.get("foundation") == "any" else 1), (asked, hopeless)


def test_frog_cards_of_one_kind_each_under_a_higher_one_are_lost_at_once():
    """Both threes of spades under a four of spades, with the spades home to two: no
    three can go home before a four, which needs a three home.  The looser game sees it
    without a search, and tells which card never goes home and why (``why_lost``)."""
    from patience.search.frog import FrogModel, FrogSearch

    game = get_game("frog")
    rng = Rng(1, "frog blocked")
    while True:
        state = frog_endgame(game, rng)
        if all(len(state.piles[f]) == 13 for f in game.foundations[2:]):
            break
    piles = list(state.piles)
    piles[game.foundations[0]] = tuple(make_card(r, 0) for r in (1, 2))
    piles[game.foundations[1]] = tuple(make_card(r, 0) + 52 for r in (1, 2))
    spades = [make_card(r, 0) + 52 * copy for r in range(3, 14) for copy in (0, 1)]
    for i in range(len(piles)):
        if i not in game.foundations:
            piles[i] = ()
    piles[game.index["t1"]] = (spades[0], spades[3])  # 3♠ under 4♠'
    piles[game.index["t2"]] = (spades[1], spades[2])  # 3♠' under 4♠
    piles[game.index["t3"]] = tuple(reversed(spades[4:]))  # the rest in order, the fives on top
    state = State(tuple(piles), tuple(0 for _ in piles), state.info)
    search = FrogSearch(game, state)
    assert search.exhausted and search.nodes == 0
    assert exhaust(game, state) == LOST
    lock = FrogModel(game).why_lost(state)
    assert lock is not None and lock.why == "before_never_home" and lock.pile == game.index["t1"]
    assert lock.card == spades[3] and [c % 52 for c in lock.over] == [spades[0]]  # the four: no three gets home
    piles[game.index["t2"]] = (spades[2], spades[1])  # 3♠' on top: it goes home, then the rest
    won = State(tuple(piles), state.down, state.info)
    assert solve(game, won, 50_000).verdict == WON and FrogModel(game).why_lost(won) is None


@pytest.mark.parametrize("opts", [{}, {"reserve_to_piles": "off"}])
def test_frogs_two_foundations_a_suit_test_calls_lost_only_lost_positions(opts):
    """In suit, a pile (or the reserve, when its top goes home only) whose cards of a suit
    need three foundations in the order it releases them (``two_chains_lock``) is lost:
    on random late positions, each one it calls lost is lost to the plain search of every
    engine move, and it calls some lost.  A reason in cards (``why_lost``) comes only
    where the search's looser game calls the position lost at once."""
    from patience.search.frog import FrogModel, FrogSearch, two_chains_lock

    game = get_game("frog", opts)
    model = FrogModel(game)
    rng = Rng(11, "frog chains")
    called = checked = reasons = 0
    for _ in range(2 * endgames(100)):
        state = frog_endgame(game, rng)
        search = FrogSearch(game, state)
        lock = model.why_lost(state)
        assert lock is None or (search.exhausted and search.nodes == 0 and lock.card in state.piles[lock.pile])
        reasons += lock is not None
        stacks = [bytes(state.piles[i]) for i in search.piles_at if state.piles[i]]
        if search.reserve and not search.reserve_to_piles:
            stacks.append(search.reserve)
        if two_chains_lock(stacks, search.home_of(state)) is not None:
            called += 1
            verdict = exhaust(game, state, 4_000)
            assert verdict in (LOST, None), game.code(state)
            checked += verdict == LOST
    assert checked >= at_least(20, 100) and reasons >= called, (called, checked, reasons)


def test_frog_three_of_a_suit_rising_up_a_pile_are_lost_at_once():
    """In suit, the three, five and nine of spades up one pile (the nine on top) with the
    spades home to two: the nine goes home on one foundation (taking a five and a three
    there), the five on the other (taking the other three), and then no foundation takes
    the pile's three.  Lost without a search, and told so in cards (``why_lost``); with
    the pile the other way up, won."""
    from patience.search.frog import FrogModel, two_chains_lock

    spade = [make_card(r, 0) for r in range(14)]
    twos = bytes([2, 2] + [0] * 6)
    assert two_chains_lock([bytes((spade[4],)), bytes((spade[3], spade[5], spade[9]))], twos) == (1, 0)
    assert two_chains_lock([bytes((spade[5], spade[3], spade[9]))], twos) is None
    # a six over a five, the foundations at two and seven: the six takes the one at two,
    # and no foundation is left for the five
    assert two_chains_lock([bytes((spade[5], spade[6]))], bytes([2, 7] + [0] * 6)) == (0, 0)
    assert two_chains_lock([bytes((spade[6], spade[5]))], bytes([2, 7] + [0] * 6)) is None

    game = get_game("frog")
    piles = [()] * len(game.piles)
    for lane, f in enumerate(game.foundations):  # spades home to two, the other suits whole
        piles[f] = tuple(make_card(r, lane // 2) + 52 * (lane % 2) for r in range(1, 3 if lane < 2 else 14))
    t1, t2 = game.index["t1"], game.index["t2"]
    rest = [make_card(r, 0) + 52 * d for r in range(3, 14) for d in (0, 1)]
    low, five, nine = rest[0], rest[4], rest[12]  # a three, a five and a nine of spades
    piles[t1] = (low, five, nine)  # the nine on top
    piles[t2] = tuple(c for c in reversed(rest) if c not in piles[t1])  # the other three on top
    state = State(tuple(piles), tuple(0 for _ in piles), game.empty_state().info)
    assert exhaust(game, state) == LOST
    assert FrogModel(game).why_lost(state) == ("two_foundations", t1, low, (nine, five), ())
    assert solve(game, state, 10_000).verdict == LOST
    piles[t1] = (nine, five, low)  # the pile the other way up, the three on top: won
    won = State(tuple(piles), state.down, state.info)
    assert FrogModel(game).why_lost(won) is None and solve(game, won, 50_000).verdict == WON


def test_frog_regardless_of_suit_is_lost_when_every_queen_lies_under_a_king():
    """Regardless of suit, every foundation at the jack and each of the eight queens under
    a king: a king needs a queen home first, so nothing moves (and ``why_lost`` says so of
    a king).  With one queen on top instead, it goes home and opens the way."""
    from patience.search.frog import FrogModel

    game = get_game("frog", {"foundation": "any"})
    piles = [()] * len(game.piles)
    for lane, f in enumerate(game.foundations):
        piles[f] = tuple(make_card(r, lane // 2) + 52 * (lane % 2) for r in range(1, 12))
    queens = [make_card(12, s) + 52 * d for s in range(4) for d in range(2)]
    kings = [make_card(13, s) + 52 * d for s in range(4) for d in range(2)]
    pairs = [(q, k) for q, k in zip(queens, kings)]
    for i in range(5):
        piles[game.index[f"t{i + 1}"]] = sum(pairs[i::5], ())
    state = State(tuple(piles), tuple(0 for _ in piles), game.empty_state().info)
    assert exhaust(game, state) == LOST
    result = solve(game, state, 50_000)
    assert result.verdict == LOST and result.nodes == 0  # seen at once by the looser game
    lock = FrogModel(game).why_lost(state)
    assert lock is not None and lock.why == "rank_before_never_home" and CARDS[lock.card].rank == 13
    assert [CARDS[c].rank for c in lock.over] == [12]  # a king: no queen gets home
    t5 = game.index["t5"]
    piles[t5] = piles[t5][:-2] + (piles[t5][-1], piles[t5][-2])  # its last queen on top of its king
    won = State(tuple(piles), state.down, state.info)
    assert exhaust(game, won) == WON
    result = solve(game, won, 50_000)
    assert result.verdict == WON and replays_to_a_win(game, won, result.moves)


def test_a_frog_probe_started_part_way_along_a_line_wins_from_the_deal_and_proves_nothing():
    """Every other probe of Frog's hunt starts part way along the best line its probes
    have found (``hunt.Elite``).  Such a probe searches on from there, its win is a line
    from the deal that replays through the checked play, and running out of positions
    there says nothing of the quick space (the hunt still runs quick probes after it)."""
    from patience.search.frog import FrogSearch
    from patience.search.hunt import Hunt

    game = get_game("frog", {"foundation": "any"})
    state = game.deal(5)
    probe = FrogSearch(game, state, probe=1)
    probe.expand(20_000)
    assert probe.won is not None
    line = probe.best[1]  # the line to the best position this probe saw: its win
    assert len(line) > 60 and probe.cut == []
    for cut, n in ((line[:len(line) // 2], 3), (line[:-10], 3), (line[:20], 5)):
        started = FrogSearch(game, state, probe=n, prefix=cut)
        assert started.cut == cut and started.quick
        assert started.lead()[:5] == probe.lead()[:5]  # its lines are from the deal
        started.expand(20_000)
        assert started.won is not None and replays_to_a_win(game, state, started.won)

    # a quick probe from a cut that runs out of positions leaves the quick probes running
    class Stuck:
        won = None
        exhausted = True
        quick = True
        nodes = 1
        best = (0.0, [])
        turns_wanted = None
        cut = [(0, 0)]

        def expand(self, nodes, deadline=None):
            return 1

        def lead(self):
            return []

        def parts(self):
            return []

    made: list[int] = []

    def search(n):
        made.append(n)
        return FrogSearch(game, state, probe=0) if n == 0 else Stuck()

    hunt = Hunt(search, unit=1, share=(1, 2), turn=1)
    hunt.expand(8)
    assert len(made) > 3 and not hunt.quick_done
