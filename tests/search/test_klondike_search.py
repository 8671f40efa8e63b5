"""Klondike's own search (search/klondike.py, klondike_position.py):
the same verdicts as the plain search on endgames, its talon steps, its probes, hopeless
positions and the game of twins."""

from __future__ import annotations

import pytest

from helpers import lines_of, position
from patience import get_game
from patience.cards import RED_OF, make_card, parse_card
from patience.moves import DEAL, Move
from patience.game import Game
from patience.lines import decode
from patience.winnable import deals, list_for
from patience.search import LOST, WON, Search, solve
from patience.search.klondike import KlondikeSearch
from patience.search.klondike_position import TRADE_HOME, TWIN, hopeless, position_of
from patience.search.registry import model_of
from patience.search.talon import talon_positions, talon_reach
from patience.rng import Rng
from patience.state import State
from plain_search import replays_to_a_win, klondike_spade_blocked, exhaust, agrees_with_the_plain_search, endgames, at_least, states_along
from sizes import LONG


def test_a_blocked_two_is_lost_and_found_so():
    game, state = klondike_spade_blocked()
    result = solve(game, state, 10_000)
    assert result.verdict == LOST and result.moves == []


def test_cards_back_from_home_unblock_it():
    """With foundation cards allowed back, the spades build down on hearts brought back
    from home until the three of spades can move off the two."""
    game, state = klondike_spade_blocked(foundation_return="on", runs="any")
    result = solve(game, state, 20_000)
    assert result.verdict == WON
    assert replays_to_a_win(game, state, result.moves)


def test_talon_positions_follow_the_stock():
    # seven cards, none turned, three a click: the 3rd, the 6th, then the last
    assert [p[0] for p in talon_positions(7, 0, 3, None)] == [2, 5, 6]
    # two turned: the waste top, then the 5th and the last, then after turning over the 3rd
    assert talon_positions(7, 2, 3, None) == ((1, 0, -1), (4, 1, -1), (6, 2, -1), (2, 2, 1), (5, 2, 2))
    assert talon_positions(7, 2, 3, 0) == ((1, 0, -1), (4, 1, -1), (6, 2, -1))


@pytest.mark.parametrize("opts", [{}, {"draw": "1"}, {"passes": "3"}, {"passes": "3", "draw": "1"},
                                  {"runs": "any", "foundation_return": "on"}])
def test_klondike_steps_are_the_engine_moves_they_name(opts):
    """Each step of the search (stock turns, a card move and the cards home that nothing
    can need) replays move by move through the checked play to the position it says,
    turn-overs of the waste counted."""
    game = get_game("klondike", opts)
    for seed in range(1, 6):
        state = game.deal(seed)
        for _ in range(25):
            search = KlondikeSearch(game, state)
            if search.won is not None or not search.stack:
                break
            kids = search.stack[0][0]
            if not kids:
                break
            for moves, p in kids:
                s = state
                for move in search.engine_line(search.prefix + moves, finish=False):
                    s = game.play(s, move)
                assert position_of(game, s) == p, moves
            line = search.engine_line(search.prefix + kids[seed % len(kids)][0], finish=False)
            for move in line:
                state = game.play(state, move)


@pytest.mark.parametrize("opts", [{"draw": "3", "runs": "any", "foundation_return": "on"}, {}, {"draw": "1"}])
def test_no_position_of_a_winning_line_is_called_hopeless(opts):
    """The looser game that proves Klondike positions lost at a glance must never call
    a position lost that a winning line passes through: every position of the published
    winning lines of the option set's list (the first 25 deals; all of them in the long
    run), each played through the checked play."""
    game = get_game("klondike", opts)
    entry = list_for(game)
    back = game.options["foundation_return"] == "on"
    lines = lines_of(entry)
    checked = 0
    for seed in deals(entry)[:None if LONG else 25]:
        state = game.deal(seed)
        for move in decode(game, state, lines[seed]):
            state = game.play(state, move)
            assert not hopeless(position_of(game, state), back, game.layout.draw), (seed, game.code(state))
            checked += 1
        assert game.is_won(state), seed
    assert checked > 2000


def test_hopeless_positions_are_lost_by_the_plain_search():
    """Where the looser game says lost, the engine's own moves, searched to the end
    without any of the Klondike model's pruning, agree."""
    game, state = klondike_spade_blocked()
    assert hopeless(position_of(game, state), False, 1)
    assert Search(game, state, 10_000).run().verdict == LOST
    assert exhaust(game, state) == LOST
    back_game, back_state = klondike_spade_blocked(foundation_return="on", runs="any")
    assert not hopeless(position_of(back_game, back_state), True, 1)


def two_black_jacks(buried: bool, **opts: str) -> tuple[Game, State]:
    """The two black jacks lie on the queen of hearts (face down under them, with the
    ten of spades under her, and the ten of clubs when ``buried``, else at home); the
    queen of diamonds, on the king of clubs, is the only other place for either."""
    game = get_game("klondike", {"draw": "1", **opts})
    homes = {"f1": "".join(f"{r}s" for r in "A23456789"), "f2": "".join(f"{r}h" for r in "A23456789TJ"),
             "f3": "".join(f"{r}d" for r in "A23456789TJ"),
             "f4": "".join(f"{r}c" for r in "A23456789T"[:9 + (not buried)])}
    down = "4:TcTsQhJcJs" if buried else "3:TsQhJcJs"
    return game, position(game, t1=down, t2="KcQd", t3="Ks", t4="KhQs", t5="KdQc", **homes)


@pytest.mark.parametrize("back", ["off", "on"])
def test_two_jacks_with_one_place_between_them_are_seen_lost_at_once(back):
    """To turn the queen of hearts up, both black jacks must be off her at once: one on
    the queen of diamonds, the other at home, which needs the ten of its suit home, and
    both tens lie under the queen.  The looser game sees that (each jack alone could
    move), and the plain search agrees (with cards back from home, in the long run: its
    space is some 150,000 positions); with the ten of clubs at home the deal is won."""
    game, state = two_black_jacks(True, foundation_return=back, runs="any")
    assert hopeless(position_of(game, state), back == "on", 1)
    if back == "off" or LONG:  # with cards back from home, some 150,000 positions: 10 s
        assert exhaust(game, state) == LOST
    game, state = two_black_jacks(False, foundation_return=back, runs="any")
    assert not hopeless(position_of(game, state), back == "on", 1)
    assert exhaust(game, state) == WON


STOCK = 3


def endgame(game: Game, rng: Rng, lowest: int = 4, talon: int = STOCK, least: int = 1) -> State:
    """A random late position: each suit home to a random height (``lowest`` at least),
    the other cards dealt at random to the columns (``least`` or more a column before the
    last, only the top card of each face up) and ``talon`` of them to the stock."""
    homes = [lowest + rng.below(13 - lowest) for _ in range(4)]
    rest = [make_card(r, s) for s in range(4) for r in range(homes[s] + 1, 14)]
    rest = [rest[i] for i in rng.shuffled(tuple(range(len(rest))))]
    piles = [()] * len(game.piles)
    down = [0] * len(game.piles)
    for s, f in enumerate(game.foundations):
        piles[f] = tuple(make_card(r, s) for r in range(1, homes[s] + 1))
    stock = rest[:talon]
    piles[game.stock], down[game.stock] = tuple(stock), len(stock)
    cards = rest[talon:]
    for i in range(1, 8):
        t = game.index[f"t{i}"]
        k = min(len(cards), least + rng.below(3))
        if i == 7:
            k = len(cards)
        piles[t], cards = tuple(cards[:k]), cards[k:]
        down[t] = max(0, k - 1)
    return State(tuple(piles), tuple(down), game.empty_state().info)


@pytest.mark.reliability  # all its positions in the long run
@pytest.mark.parametrize("opts", [{"draw": "1", "runs": "any"}, {}])
def test_klondike_search_agrees_with_the_plain_search_on_endgames(opts):
    """Klondike's own search (K+, pruning, the looser game's verdict, keys that forget
    the talon's place on its cycle) against every engine move searched to the end, on
    random late positions, won and lost: both give the same verdict, and each won line
    wins through the checked play.  (With cards back
    from home the plain search's space is too large for a test; the winning-lines test
    above covers those rules.)"""
    game = get_game("klondike", opts)
    rng = Rng(5, "endgames")
    verdicts = agrees_with_the_plain_search(game, (endgame(game, rng) for _ in range(endgames(60))))
    assert verdicts.count(WON) >= at_least(20, 60) and verdicts.count(LOST) >= at_least(3, 60), verdicts


def limited_endgame(game: Game, rng: Rng) -> State:
    """A random late position for limited passes: as ``endgame`` but with seven cards in
    the talon, some of them turned, and some turn-overs of the waste already made."""
    state = endgame(game, rng, lowest=6, talon=7, least=0)
    for _ in range(rng.below(3)):
        state = game.apply(state, Move(DEAL))
    made = rng.below(game.layout.passes or 1)
    return game.with_info(state, "recycles", made) if "recycles" in game.layout.info else state


@pytest.mark.reliability  # all its positions in the long run
@pytest.mark.parametrize("opts", [{"passes": "3"}, {"passes": "1", "draw": "1"}, {"passes": "1", "runs": "any"}])
def test_klondike_search_agrees_with_the_plain_search_with_limited_passes(opts):
    """With limited passes (the turn-overs left in the position, a position not searched
    again when one alike with as many turn-overs left or more was, a move that takes a
    turn-over counted so) the same verdicts as every engine move searched to the end,
    the turn-overs made part of a position, on random late positions."""
    game = get_game("klondike", opts)
    rng = Rng(7, "limited endgames")
    verdicts = agrees_with_the_plain_search(game, (limited_endgame(game, rng) for _ in range(endgames(60))),
                                            counters=True)
    assert verdicts.count(WON) >= at_least(10, 60) and verdicts.count(LOST) >= at_least(5, 60), verdicts


def test_klondike_probes_count_like_face_up_cards_as_one():
    """A probe with every move keys a face-up card by its rank and colour, so two
    positions that differ only in which of two like cards lies where are one to it; the
    complete search (which alone proves losses) keeps them apart, and so does the probe
    for face-down cards, whose place it must know."""
    game = get_game("klondike", {"draw": "3", "runs": "any", "foundation_return": "on"})
    red = [s for s in range(4) if RED_OF[make_card(1, s)]]
    black = [s for s in range(4) if not RED_OF[make_card(1, s)]]
    eights = [make_card(8, s) for s in black]
    sevens = [make_card(7, s) for s in red]
    hidden = [make_card(2, black[0]), make_card(2, black[1])]

    def at(first: int, second: int, down: int = 0) -> tuple:
        cols = (bytes([hidden[0], eights[0], first]), bytes([hidden[1], eights[1], second])) + (b"",) * 5
        return cols, (1 + down, 1) + (0,) * 5, (0, 0, 0, 0), b"", 0, -1

    full, probe = KlondikeSearch(game, game.deal(1)), KlondikeSearch(game, game.deal(1), probe=2)
    one, other = at(sevens[0], sevens[1]), at(sevens[1], sevens[0])
    assert probe.key(one) == probe.key(other)
    assert full.key(one) != full.key(other)
    # the same cards with the seven face down in one of them: not alike
    assert probe.key(at(sevens[0], sevens[1], down=2)) != probe.key(at(sevens[1], sevens[0], down=2))


def test_klondike_probes_by_tops_keep_only_face_down_cards_and_the_tops_kinds():
    """Every third probe keys a position by its face-down cards, the kinds of the column
    tops, the cards home and the talon: a seven moved from one red eight to the other is
    the same position to it (the tops are a red eight and a black seven either way), not
    to a probe by kinds (the runs differ in length), nor once a top is of another kind."""
    game = get_game("klondike", {"draw": "3", "runs": "any", "foundation_return": "on"})

    def at(first: str, second: str) -> tuple:
        cols = (column("2s 9s " + first), column("2c 9c " + second)) + (b"",) * 5
        return cols, (1, 1) + (0,) * 5, (0, 0, 0, 0), b"", 0, -1

    tops = KlondikeSearch(game, game.deal(1), probe=3)
    kinds = KlondikeSearch(game, game.deal(1), probe=2)
    assert tops.by_tops and not kinds.by_tops and not KlondikeSearch(game, game.deal(1), probe=4).by_tops
    one, other = at("8h 7c", "8d"), at("8h", "8d 7c")
    assert tops.key(one) == tops.key(other)
    assert kinds.key(one) != kinds.key(other)
    assert tops.key(one) != tops.key(at("8h 7c", "8d 7s")) != tops.key(at("8h", "8d"))
    # another face-down card: another position
    assert tops.key(one) != tops.key(((column("3s 9s 8h 7c"),) + one[0][1:],) + one[1:])


def test_a_talon_place_that_reaches_no_more_than_one_seen_is_not_searched_again():
    """With draw 3 and unlimited passes, a talon place reaches what a later place of its
    kind (three cards on) reaches, and a place off the cycle of whole turns reaches what
    the cycle reaches; a position whose place reaches nothing new is not searched again
    (for Klondike's search and Canfield's, which share ``TalonSearch``)."""
    game = get_game("klondike", {"draw": "3", "runs": "any", "foundation_return": "on"})
    search = KlondikeSearch(game, game.deal(1))
    talon = bytes(range(20, 30))  # ten talon cards, none of them at play on the columns

    def at(pos: int) -> tuple:
        return (bytes([0]),) + (b"",) * 6, (0,) * 7, (0, 0, 0, 0), talon, pos, -1

    def reach(pos: int) -> frozenset:
        return talon_reach(talon, pos, 3, range(52))[0]

    assert reach(4) > reach(7) > reach(0) and not reach(4) >= reach(5) and not reach(7) >= reach(4)
    assert search.mark(at(7))
    assert not search.mark(at(7)) and not search.mark(at(10))  # the same place; all turned (on the cycle)
    assert search.mark(at(4))  # reaches the card at index 3 besides
    assert not search.mark(at(0)) and not search.mark(at(3))  # on the cycle
    assert search.mark(at(5)) and search.mark(at(2))  # other kinds of place: not comparable
    assert not search.mark(at(8))
    assert search.mark(at(1))
    other = at(1)[:3] + (talon[1:], 1, -1)
    assert search.mark(other)  # another talon


def test_with_limited_passes_a_position_with_fewer_turn_overs_left_than_one_seen_is_not_searched_again():
    """With limited passes the talon's place is kept in the key, and a position alike but
    for the turn-overs left is searched again only with more of them left than any seen."""
    game = get_game("klondike", {"passes": "3"})
    search = KlondikeSearch(game, game.deal(1))
    talon = bytes(range(20, 30))

    def at(pos: int, left: int) -> tuple:
        return (bytes([0]),) + (b"",) * 6, (0,) * 7, (0, 0, 0, 0), talon, pos, left

    assert search.mark(at(4, 1))
    assert not search.mark(at(4, 1)) and not search.mark(at(4, 0))
    assert search.mark(at(4, 2)) and not search.mark(at(4, 1))
    assert search.mark(at(7, 0)) and search.mark(at(10, 2))  # other places: other positions


def column(text: str) -> bytes:
    """A column in a Klondike search's form: the cards named, bottom first."""
    return bytes(parse_card(name) for name in text.split())


def test_klondike_moves_a_part_of_a_run_only_with_the_move_that_uses_its_room():
    """A part of a run moved off its twin (here the five of hearts and the four on it, off
    the six of spades, onto the six of clubs) comes with the move that uses the room it
    makes, as one step: the other five of its kind (the five of diamonds, from the talon)
    onto that six.  No position has the part moved and the room unused."""
    game = get_game("klondike", {"draw": "1", "runs": "any"})
    search = KlondikeSearch(game, game.deal(1))
    p = ((column("Kc 6s 5h 4s"), column("Kh 6c")) + (b"",) * 5, (1, 1) + (0,) * 5, (1, 1, 1, 1), column("5d 4c"), 0, -1)
    kids = search.children(p)
    assert isinstance(kids, list)
    moved = [child for _, child in kids if child[0][0].endswith(column("6s")) or child[0][0].endswith(column("5d"))]
    assert moved, kids
    for child in moved:
        assert child[0][0] == column("Kc 6s 5d") and child[3] == column("4c"), child  # never the six left bare


def test_klondike_empties_a_column_only_with_the_king_that_moves_in():
    """A column emptied comes with the king that uses it, as one step, even when that king
    lies under the very cards moved: here the jack of spades goes onto the queen of
    hearts, and then the king of spades with both into the column the jack left, which
    turns the card under the king (with whole runs, the only way to turn it)."""
    game = get_game("klondike", {"draw": "3"})
    search = KlondikeSearch(game, game.deal(1))
    rest = tuple(column(pair) for pair in ("9s 2h", "9h 2d", "9d 2s", "9c 2c", "8s 6h"))
    p = ((column("8h Ks Qh"), column("Js")) + rest, (1, 0, 1, 1, 1, 1, 1), (0, 0, 0, 0), b"", 0, -1)
    kids = search.children(p)
    assert isinstance(kids, list)
    assert all(all(child[0]) for _, child in kids)  # no column left empty
    turned = [child for _, child in kids if child[0][0] == column("8h") and child[1][0] == 0]
    assert turned and turned[0][0][1] == column("Ks Qh Js")


LITERATURE = {"draw": "3", "passes": "inf", "runs": "any", "foundation_return": "on"}


def kids_of(search: KlondikeSearch, p: tuple) -> str | set[bytes]:
    """What one step of ``search`` reaches from ``p``: "won", or the positions' keys
    without the talon's place (which of two places is kept depends on the order)."""
    search.places.clear()
    kids = search.children(p)
    return "won" if isinstance(kids, tuple) else {search.split_key(child)[0] for _, child in kids}


@pytest.mark.parametrize("opts", [LITERATURE, {"draw": "1", "runs": "any"}, {}])
def test_the_game_of_twins_does_the_same_whichever_twin_lies_where(opts):
    """The game of twins keys positions by kinds, so searching one position must search
    every position that differs from it only in which of two face-up twins lies where.
    On the positions of winning lines, for every two face-up twins in the columns: the
    position with the two trading places has the same key and reaches the same positions
    in one step (its moves home, trades, building moves and cards that go home by
    themselves all match).  It fails when a trade is left out, or when a card goes home
    by itself while its twin lies face up."""
    game = get_game("klondike", opts)
    search = KlondikeSearch(game, game.deal(1), twins=True)
    assert search.twins and search.by_kind
    checked = trades = 0
    for seed in range(1, 9):
        result = solve(game, game.deal(seed), 20_000)
        state = game.deal(seed)
        for move in result.moves:
            state = game.play(state, move)
            p = position_of(game, state)
            cols, down = p[0], p[1]
            spots = {card: (c, i) for c, col in enumerate(cols) for i, card in enumerate(col) if i >= down[c]}
            for card, (c, i) in spots.items():
                if card > TWIN[card] or TWIN[card] not in spots:
                    continue
                d, j = spots[TWIN[card]]
                swapped = [bytearray(col) for col in cols]
                swapped[c][i], swapped[d][j] = swapped[d][j], swapped[c][i]
                q = (tuple(bytes(col) for col in swapped),) + p[1:]
                assert search.key(p) == search.key(q)
                assert kids_of(search, p) == kids_of(search, q), (seed, game.code(state), card)
                checked += 1
                search.places.clear()
                kids = search.children(p)
                trades += isinstance(kids, list) and any(m[0] == TRADE_HOME for moves, _ in kids for m in moves)
    assert checked > 1000 and trades > 20, (checked, trades)


def test_the_game_of_twins_proves_a_loss_in_fewer_positions():
    """Seed 189 of the literature's rules is lost: the complete search of the game of
    twins proves it, without ever trading its way to a win, in fewer positions than the
    real game's."""
    game = get_game("klondike", LITERATURE)
    counts = []
    for twins in (False, True):
        search = KlondikeSearch(game, game.deal(189), twins=twins)
        while not search.exhausted:
            search.expand(1000)
            assert search.won is None and search.twins == twins
        counts.append(search.nodes)
    assert counts[1] < 0.8 * counts[0], counts


def test_a_win_of_the_game_of_twins_that_trades_starts_the_real_search():
    """Seed 7 of the literature's rules: the game of twins is won first by a line that
    trades, which proves nothing; the search goes on in the real game from the deal and
    wins there, by a line that replays through the checked play.  Hints before that
    follow real moves only (the line to the best position, cut at its first trade)."""
    game = get_game("klondike", LITERATURE)
    search = KlondikeSearch(game, game.deal(7), twins=True)
    hints = 0
    while search.twins:
        search.expand(100)
        assert search.won is None and not search.exhausted
        lead = search.lead()
        assert all(game.is_legal(s, m) for s, m in zip(states_along(game, game.deal(7), lead), lead))
        hints += bool(lead)
    assert hints and search.nodes < 20_000
    while search.won is None:
        assert not search.exhausted
        search.expand(1000)
    assert replays_to_a_win(game, game.deal(7), search.won)


def test_the_game_of_twins_tries_a_trade_last():
    """Seed 3 of the literature's rules: with a trade tried after every other move, the
    game of twins is won without one, a real win, and the search never goes back to the
    real game (with trades tried as early as the move home, it was won by a trade first
    and the real search needed over ten times the positions)."""
    game = get_game("klondike", LITERATURE)
    search = KlondikeSearch(game, game.deal(3), twins=True)
    while search.won is None:
        assert not search.exhausted and search.nodes < 20_000
        search.expand(1000)
    assert search.twins and not search.traded
    assert replays_to_a_win(game, game.deal(3), search.won)
