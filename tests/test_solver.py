"""The solver: won lines replay through the checked play, lost verdicts on positions
whose answer is known, canonical keys, slices, the K+ stock steps, safe moves, hints."""

from __future__ import annotations

import itertools

import pytest

from helpers import position
from patience import GAMES, get_game
from patience.cards import RANK_OF, RANKS, RED_OF, SUITS, deck, make_card, parse_card
from patience.game import MOVE, Game, Move
from patience.search import ALL_CARDS_KNOWN, LOST, UNKNOWN, WON, Search, hint, safe_moves, solve
from patience.search.budget import luby
from patience.search.depth_first import DepthFirst, Hunt
from patience.search.klondike_dfs import KlondikeSearch
from patience.search.klondike_position import TRADE_HOME, TWIN, hopeless, position_of
from patience.search.registry import model_of
from patience.search.talon import talon_positions, talon_reach
from patience.rng import Rng
from patience.state import State
from sizes import ENDGAMES

# deals that a small budget wins (the solver is deterministic), as each game declares them
# (GameSpec.quick_wins; tests/test_registry.py asks every game for some)
QUICK_WINS = {spec.id: spec.quick_wins for spec in GAMES if spec.quick_wins is not None}


def replays_to_a_win(game: Game, state: State, moves: list[Move]) -> bool:
    for move in moves:
        state = game.play(state, move)  # checked: raises on an illegal move
    return game.is_won(state)


@pytest.mark.parametrize("game_id", sorted(QUICK_WINS))
def test_won_lines_replay_through_the_checked_play(game_id):
    wins = QUICK_WINS[game_id]
    game = get_game(game_id, wins.options)
    for seed in wins.seeds:
        result = solve(game, game.deal(seed), 3000)
        assert result.verdict == WON, (game_id, seed, result.verdict)
        assert result.knowledge == ALL_CARDS_KNOWN
        assert replays_to_a_win(game, game.deal(seed), result.moves)


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_every_verdict_on_many_deals_is_sound(game_id):
    """Whatever the verdict on twenty deals, a won line wins through the checked play."""
    game = get_game(game_id)
    for seed in range(100, 120):
        result = solve(game, game.deal(seed), 150)
        assert result.verdict in (WON, LOST, UNKNOWN)
        if result.verdict == WON:
            assert replays_to_a_win(game, game.deal(seed), result.moves)
        else:
            assert result.moves == []


def frog_nearly_done() -> tuple[Game, State]:
    """Every foundation up to the ten; the court cards wait in the stock and reserve."""
    game = get_game("frog")
    homes = {f"f{4 * d + s + 1}": "".join(f"{RANKS[r]}{SUITS[s]}" + "'" * d for r in range(10))
             for d in range(2) for s in range(4)}
    return game, position(game, reserve="KsQhJd", **homes)


def gaps8_nearly_done() -> tuple[Game, State]:
    """Every row in order but the last: its queen and king stand one slot to the right."""
    game = get_game("gaps8")
    cells: dict[str, str] = {}
    for row in range(1, 9):
        suit, d = (row - 1) % 4, (row - 1) // 4
        for slot in range(13):
            card = f"{RANKS[slot]}{SUITS[suit]}" + "'" * d
            cells[f"g{row}-{slot}"] = card
    cells["g8-11"], cells["g8-12"], cells["g8-13"] = "", "Qc'", "Kc'"
    return game, position(game, rest="g1-13", info="0,1", **{k: v for k, v in cells.items()})


@pytest.mark.parametrize("build", [frog_nearly_done, gaps8_nearly_done])
def test_won_lines_from_built_positions(build):
    game, state = build()
    result = solve(game, state, 2000)
    assert result.verdict == WON
    assert replays_to_a_win(game, state, result.moves)


def klondike_spade_blocked(**opts: str) -> tuple[Game, State]:
    """Hearts, diamonds and clubs home, the ace of spades home; the two of spades lies
    face down under the three; the other spades are in the stock."""
    game = get_game("klondike", {"draw": "1", **opts})
    full = {f"f{i}": "".join(f"{r}{s}" for r in RANKS) for i, s in ((2, "h"), (3, "d"), (4, "c"))}
    return game, position(game, f1="As", t1="1:2s3s", **full)


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


def test_gaps_with_every_gap_after_a_king_is_lost():
    game = get_game("potocki", {"reshuffles": "0"})
    others = [c for c in deck(1) if c.rank not in (1, 13)]
    others = others[7:] + others[:7]  # out of order
    cells: dict[str, str] = {}
    for row in range(4):
        for slot in range(11):
            cells[f"g{row + 1}-{slot + 1}"] = str(others[row * 11 + slot])
        cells[f"g{row + 1}-12"] = str(make_card(13, row))
    state = position(game, rest="discard", **cells)
    assert solve(game, state, 100).verdict == LOST


def test_bride_with_three_unrelated_cards_between_the_pair_is_lost():
    game = get_game("bride")
    state = position(game, rest="removed", row="Qh5c7d9sKh", info="-1,0")
    assert solve(game, state, 100).verdict == LOST
    state = position(game, rest="removed", row="Qh5c7dKh", info="-1,0")
    result = solve(game, state, 100)
    assert result.verdict == WON and replays_to_a_win(game, state, result.moves)


def test_canonical_keys_sort_interchangeable_piles():
    game = get_game("klondike")
    state = game.deal(7)
    model = model_of(game)
    piles, down = list(state.piles), list(state.down)
    t = [game.index[f"t{i}"] for i in range(1, 8)]
    order = [t[3], t[6], t[0], t[5], t[1], t[4], t[2]]
    for src, dst in zip(t, order):
        piles[dst], down[dst] = state.piles[src], state.down[src]
    permuted = State(tuple(piles), tuple(down), state.info)
    assert permuted != state and model.key(permuted) == model.key(state)
    # and the generic key (declared groups) does the same for Frog's five piles
    frog = get_game("frog")
    s = frog.deal(3)
    s = frog.play(s, Move("deal"))
    s = frog.play(s, Move(MOVE, frog.waste, frog.index["t2"], 1))
    piles = list(s.piles)
    piles[frog.index["t2"]], piles[frog.index["t5"]] = piles[frog.index["t5"]], piles[frog.index["t2"]]
    moved = s._replace(piles=tuple(piles))
    assert moved != s and model_of(frog).key(moved) == model_of(frog).key(s)
    # piles that are not interchangeable keep their place in the key
    piles = list(s.piles)
    piles[frog.index["t2"]], piles[frog.index["reserve"]] = piles[frog.index["reserve"]], piles[frog.index["t2"]]
    assert model_of(frog).key(s._replace(piles=tuple(piles))) != model_of(frog).key(s)


@pytest.mark.parametrize("game_id,seed,budget", [("klondike", 2, 1500), ("klondike", 11, 3000),
                                                 ("canfield", 1, 3000), ("glider", 4, 3000)])
def test_slices_give_the_same_result_as_one_run(game_id, seed, budget):
    game = get_game(game_id, {"draw": "1"} if game_id == "klondike" else {})
    whole = Search(game, game.deal(seed), budget).run()
    search = Search(game, game.deal(seed), budget)
    slices = 0
    while not search.step(7):
        slices += 1
    sliced = search.result()
    assert slices >= whole.nodes // 7 - 1
    assert (sliced.verdict, sliced.moves, sliced.nodes) == (whole.verdict, whole.moves, whole.nodes)


def test_talon_positions_follow_the_stock():
    # seven cards, none turned, three a click: the 3rd, the 6th, then the last
    assert [p[0] for p in talon_positions(7, 0, 3, None)] == [2, 5, 6]
    # two turned: the waste top, then the 5th and the last, then after turning over the 3rd
    assert talon_positions(7, 2, 3, None) == ((1, 0, -1), (4, 1, -1), (6, 2, -1), (2, 2, 1), (5, 2, 2))
    assert talon_positions(7, 2, 3, 0) == ((1, 0, -1), (4, 1, -1), (6, 2, -1))


@pytest.mark.parametrize("opts", [{}, {"draw": "1"}, {"passes": "3"}, {"runs": "any", "foundation_return": "on"}])
def test_klondike_steps_are_the_engine_moves_they_name(opts):
    """Each step of the fast model (stock turns and a card move) is legal move by move
    and leads to the state the model says."""
    game = get_game("klondike", opts)
    model = model_of(game)
    for seed in range(1, 6):
        state = game.deal(seed)
        for _ in range(25):
            steps = model.steps(state)
            if not steps:
                break
            for moves, after in steps:
                s = state
                for move in moves:
                    s = game.play(s, move)
                assert s == after, [game.notation(m) for m in moves]
            state = steps[seed % len(steps)][1]


def test_safe_moves_are_legal_in_order_and_go_home():
    game, state = klondike_spade_blocked()
    state = position(game, f1="As2s", t1="3s", t2="4s", **{f"f{i}": "".join(f"{r}{s}" for r in RANKS)
                                                           for i, s in ((2, "h"), (3, "d"), (4, "c"))})
    moves = safe_moves(game, state)
    assert [game.notation(m) for m in moves][:2] == ["t1>f1", "t2>f1"]
    for move in moves:
        state = game.play(state, move)
    # a card that a card of the other colour may still need stays
    game = get_game("klondike")
    state = position(game, f1="As", f2="Ah", t1="2h", t2="3s")
    assert [game.notation(m) for m in safe_moves(game, state)] == ["t1>f2"]


def test_hint_is_a_legal_move_and_the_first_of_a_quick_win():
    """Node budgets (the time budget far off), so the machine's load cannot change it."""
    game = get_game("klondike")
    state = game.deal(5)
    move = hint(game, state, seconds=120.0, budget=3000)
    assert move is not None and game.is_legal(state, move)
    assert move == solve(game, state, 3000).moves[0]
    # a lost position still has moves (the stock turns): the hint is one of them
    lost, blocked = klondike_spade_blocked()
    assert solve(lost, blocked, 10_000).verdict == LOST and lost.legal_moves(blocked)
    move = hint(lost, blocked, seconds=120.0, budget=10_000)
    assert move is not None and lost.is_legal(blocked, move)


def test_unknown_when_the_budget_is_spent():
    game = get_game("klondike", {"draw": "1"})
    result = solve(game, game.deal(2), 50)
    assert result.verdict == UNKNOWN and result.nodes == 50 and result.moves == []


@pytest.mark.parametrize("opts", [{"draw": "3", "runs": "any", "foundation_return": "on"}, {}, {"draw": "1"}])
def test_no_position_of_a_winning_line_is_called_hopeless(opts):
    """The looser game that proves Klondike positions lost at a glance must never call
    a position lost that a winning line passes through."""
    game = get_game("klondike", opts)
    back = game.options["foundation_return"] == "on"
    checked = 0
    for seed in range(1, 41):
        result = solve(game, game.deal(seed), 4000)
        if result.verdict != WON:
            continue
        state = game.deal(seed)
        for move in result.moves:
            state = game.play(state, move)
            assert not hopeless(position_of(game, state), back, game.layout.draw), (seed, game.code(state))
            checked += 1
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
    move), and the plain search agrees; with the ten of clubs at home the deal is won."""
    game, state = two_black_jacks(True, foundation_return=back, runs="any")
    assert hopeless(position_of(game, state), back == "on", 1)
    assert exhaust(game, state) == LOST
    game, state = two_black_jacks(False, foundation_return=back, runs="any")
    assert not hopeless(position_of(game, state), back == "on", 1)
    assert exhaust(game, state) == WON


def exhaust(game: Game, state: State, limit: int = 200_000, counters: bool = False) -> str | None:
    """Every position the engine's moves reach (a plain search, no pruning, no K+);
    None when there are more than ``limit``.  The counters (passes, reshuffles made) are
    part of a position only when ``counters``: Klondike's passes are unlimited."""
    seen = {state if counters else state[:2]}
    todo = [state]
    while todo:
        s = todo.pop()
        if game.is_won(s):
            return WON
        for move in game.legal_moves(s):
            after = game.apply(s, move)
            k = after if counters else after[:2]
            if k not in seen:
                seen.add(k)
                todo.append(after)
                if len(seen) > limit:
                    return None
    return LOST


def agrees_with_the_plain_search(game: Game, states, counters: bool = False) -> list[str]:
    """The solver's verdict on each position against every engine move searched to the
    end (``exhaust``; positions with too many for it are skipped), and each won line
    replayed through the checked play; the verdicts."""
    verdicts = []
    for state in states:
        theirs = exhaust(game, state, 20_000, counters)
        if theirs is None:
            continue  # too many positions for the plain search
        result = solve(game, state, 50_000)
        assert result.verdict == theirs, game.code(state)
        if theirs == WON:
            assert replays_to_a_win(game, state, result.moves)
        verdicts.append(theirs)
    return verdicts


def endgames(full: int) -> int:
    """How many random late positions an agreement test checks: ``full`` in the long run,
    fewer (the first of the same ones) in ``build.py test`` (tests/sizes.py)."""
    return min(full, ENDGAMES)


def at_least(k: int, full: int) -> int:
    """The least count of a verdict among ``full`` positions, ``k``, for the share of them
    checked now (at least one: both verdicts are always seen)."""
    return max(1, k * endgames(full) // full)


def own_search_verdicts(game: Game, search: type, endgame, rng: Rng) -> list[str]:
    """The verdicts on random late positions (``endgame``: 80 of them, fewer in the
    default run) of a game whose solver runs its own ``search`` (a Hunt's complete
    search), each checked against the plain search."""
    assert isinstance(model_of(game).searcher(game.deal(1)).full, search)
    return agrees_with_the_plain_search(game, (endgame(game, rng) for _ in range(endgames(80))))


STOCK = 3


def endgame(game: Game, rng: Rng) -> State:
    """A random late position: each suit home to a random height, the other cards dealt
    at random to the columns (only the top card of each face up) and the stock."""
    homes = [4 + rng.below(9) for _ in range(4)]
    rest = [make_card(r, s) for s in range(4) for r in range(homes[s] + 1, 14)]
    rest = [rest[i] for i in rng.shuffled(tuple(range(len(rest))))]
    piles = [()] * len(game.piles)
    down = [0] * len(game.piles)
    for s, f in enumerate(game.foundations):
        piles[f] = tuple(make_card(r, s) for r in range(1, homes[s] + 1))
    stock = rest[:STOCK]
    piles[game.stock], down[game.stock] = tuple(stock), len(stock)
    cards = rest[STOCK:]
    for i in range(1, 8):
        t = game.index[f"t{i}"]
        k = min(len(cards), 1 + rng.below(3))
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
        return cols, (1 + down, 1) + (0,) * 5, (0, 0, 0, 0), b"", 0

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
        return cols, (1, 1) + (0,) * 5, (0, 0, 0, 0), b"", 0

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
        return (bytes([0]),) + (b"",) * 6, (0,) * 7, (0, 0, 0, 0), talon, pos

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
    other = at(1)[:3] + (talon[1:], 1)
    assert search.mark(other)  # another talon


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
    p = ((column("Kc 6s 5h 4s"), column("Kh 6c")) + (b"",) * 5, (1, 1) + (0,) * 5, (1, 1, 1, 1), column("5d 4c"), 0)
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
    p = ((column("8h Ks Qh"), column("Js")) + rest, (1, 0, 1, 1, 1, 1, 1), (0, 0, 0, 0), b"", 0)
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


def states_along(game: Game, state: State, moves: list[Move]) -> list[State]:
    """The position before each of ``moves``."""
    out = []
    for move in moves:
        out.append(state)
        state = game.apply(state, move)
    return out


def gaps_endgame(game: Game, rng: Rng) -> State:
    """A random late Gaps position: each row's run from its first slot stands up to a
    random height (at most three cards short), the other cards and the gaps lie at random
    in the free slots after the runs."""
    first, low, decks = (0, 1, 2) if game.id == "gaps8" else (1, 2, 1)
    rows = 4 * decks
    suits = [(s, d) for d in range(decks) for s in range(4)]
    suits = [suits[i] for i in rng.shuffled(tuple(range(rows)))]
    piles: list[tuple] = [()] * len(game.piles)
    pool: list = []
    free: list[int] = []
    for row, (suit, d) in enumerate(suits, 1):
        run = 10 + rng.below(4) - low + 1  # 10..13 cards of the row's 14 - low, less the low rank
        run = min(run, 14 - low)
        cards = [make_card(r, suit, d) for r in range(low, 14)]
        for slot, card in zip(range(first, 14), cards[:run]):
            piles[game.index[f"g{row}-{slot}"]] = (card,)
        pool += cards[run:]
        free += [game.index[f"g{row}-{slot}"] for slot in range(first + run, 14)]
    pool += [None] * (len(free) - len(pool))
    for i, card in zip(free, [pool[i] for i in rng.shuffled(tuple(range(len(pool))))]):
        piles[i] = (card,) if card is not None else ()
    if "discard" in game.index:
        piles[game.index["discard"]] = tuple(make_card(1, s) for s in range(4))
    state = game.empty_state()._replace(piles=tuple(piles))
    return game.with_info(state, "seed", 1)


@pytest.mark.reliability  # all its positions in the long run
@pytest.mark.parametrize("game_id,opts", [("potocki", {"reshuffles": "0"}), ("potocki", {"reshuffles": "1"}),
                                          ("gaps8", {"reshuffles": "0"}), ("gaps8", {"reshuffles": "1"})])
def test_gaps_search_agrees_with_the_plain_search_on_endgames(game_id, opts):
    """The Gaps family's own search (rows and like cards interchangeable in its key once
    no reshuffle is left, the engine's reshuffle in the search) against every engine
    move searched to the end, on random late positions: both give the same verdict.
    With a reshuffle allowed, every other position has made it already (none left)."""
    from patience.search.gaps import GapsSearch

    game = get_game(game_id, opts)
    assert isinstance(model_of(game).searcher(gaps_endgame(game, Rng(1, "x"))).full, GapsSearch)
    rng = Rng(7, "gaps endgames")

    def states():
        for i in range(endgames(80)):
            state = gaps_endgame(game, rng)
            if opts["reshuffles"] == "1" and i % 2:
                state = game.with_info(state, "reshuffles", 1)
            yield state

    verdicts = agrees_with_the_plain_search(game, states(), counters=True)
    assert verdicts.count(WON) >= at_least(10, 80) and verdicts.count(LOST) >= at_least(5, 80), verdicts


def test_gaps_key_sorts_rows_and_like_cards_only_once_no_reshuffle_is_left():
    """Rows, and the two decks' copies of a card, are interchangeable to the search once
    no reshuffle is left; while one is, where each card lies decides what the reshuffle
    deals, so the key keeps the grid as it is."""
    from patience.search.gaps import GapsSearch
    from patience.games.gaps8 import GRID

    game = get_game("gaps8", {"reshuffles": "1"})
    state = game.deal(3)
    search = GapsSearch(game, GRID, state)
    cells = search.cells_of(state)
    n = GRID.cols
    swapped_rows = cells[n:2 * n] + cells[:n] + cells[2 * n:]
    ace, copy = make_card(1, 0, 0) + 1, make_card(1, 0, 1) + 1
    swapped_copies = cells.translate(bytes(copy if v == ace else ace if v == copy else v for v in range(256)))
    assert swapped_rows != cells and swapped_copies != cells
    for other in (swapped_rows, swapped_copies):
        assert search.key((other, 1)) == search.key((cells, 1))  # no reshuffle left
        assert search.key((other, 0)) != search.key((cells, 0))  # one left


def canfield_endgame(game: Game, rng: Rng) -> State:
    """A random late Canfield position: a random base rank, each suit home to a random
    height from it, the other cards at random on the piles (runs of up to four cards), in
    the reserve (up to twelve) and in the stock."""
    base = 1 + rng.below(13)

    def card(suit: int, rel: int):  # the card ``rel`` ranks up from the base, the base 1
        return make_card((base + rel - 2) % 13 + 1, suit)

    homes = [3 + rng.below(10) for _ in range(4)]
    rest = [card(s, r) for s in range(4) for r in range(homes[s] + 1, 14)]
    rest = [rest[i] for i in rng.shuffled(tuple(range(len(rest))))]
    piles: list[tuple] = [()] * len(game.piles)
    down = [0] * len(game.piles)
    for s, f in enumerate(game.foundations):
        piles[f] = tuple(card(s, r) for r in range(1, homes[s] + 1))
    for i in range(1, 5):  # each pile a run down in alternate colours, as play builds them
        pile: list = []
        for _ in range(1 + rng.below(4)):
            fits = [c for c in rest if not pile or (RANK_OF[pile[-1]] - RANK_OF[c]) % 13 == 1
                    and RED_OF[c] != RED_OF[pile[-1]]]
            if fits:
                pile.append(fits[0])
                rest.remove(fits[0])
        piles[game.index[f"t{i}"]] = tuple(pile)
    k = min(len(rest), rng.below(13))
    piles[game.index["reserve"]], rest = tuple(rest[:k]), rest[k:]
    piles[game.stock], down[game.stock] = tuple(rest), len(rest)
    state = State(tuple(piles), tuple(down), game.empty_state().info)
    return game.with_info(state, "base", base)


@pytest.mark.reliability  # all its positions in the long run
@pytest.mark.parametrize("opts", [{}, {"draw": "1"}, {"foundation_return": "on"}])
def test_canfield_search_agrees_with_the_plain_search_on_endgames(opts):
    """Canfield's own search (K+, cards home that nothing needs, whole piles moved only to
    let the reserve in or make room for the waste, cards back from home only when some
    card may need them, piles sorted in the key) against every
    engine move searched to the end, on random late positions: both give the same
    verdict, and each won line wins through the checked play."""
    from patience.search.canfield import CanfieldSearch

    verdicts = own_search_verdicts(get_game("canfield", opts), CanfieldSearch, canfield_endgame, Rng(3, "canfield endgames"))
    assert verdicts.count(WON) >= at_least(10, 80) and verdicts.count(LOST) >= at_least(3, 80), verdicts


def zmey_endgame(game: Game, rng: Rng) -> State:
    """A random late position of «Змей»: each row's ace foundation up from the ace and its
    king foundation down from the king to random heights, the other cards on two random
    piles (so that some are buried for good), the stock empty; the redeal used or still
    to come (then its deal phase, with the positional limit, is searched too)."""
    from patience.games.zmey import ROW_SUITS

    piles: list[tuple] = [()] * len(game.piles)
    rest = []
    for r, s in enumerate(ROW_SUITS):
        up, down = 9 + rng.below(5), 1 + rng.below(5)  # the ace foundation's top, the king's
        piles[game.foundations[r]] = tuple(make_card(x, s) for x in range(1, up + 1))
        piles[game.foundations[r + 4]] = tuple(make_card(x, s) + 52 for x in range(13, down - 1, -1))
        home = set(piles[game.foundations[r]] + piles[game.foundations[r + 4]])
        rest += [c for c in (make_card(x, s) + 52 * d for x in range(1, 14) for d in (0, 1)) if c not in home]
    rest = [rest[i] for i in rng.shuffled(tuple(range(len(rest))))]
    cols = [game.index[f"t{1 + rng.below(12)}"] for _ in range(2)]
    for c in rest:
        piles[cols[rng.below(2)]] += (c,)
    return State(tuple(piles), (0,) * len(game.piles), (8, rng.below(2)))


@pytest.mark.reliability  # all its positions in the long run
@pytest.mark.parametrize("side_limit", ["row", "adjacent"])
def test_zmey_search_agrees_with_the_plain_search_on_endgames(side_limit):
    """«Змей»'s model (its key forgets a card's deck and, after the redeal in the play
    phase, the piles' places) against every engine move searched to the end, on random
    late positions, before the redeal and after it: both give the same verdict, and each
    won line wins through the checked play."""
    from patience.search.zmey import ZmeyModel

    states, verdicts = own_model_verdicts(get_game("zmey", {"side_limit": side_limit}), ZmeyModel, zmey_endgame)
    assert verdicts.count(WON) >= at_least(10, 80) and verdicts.count(LOST) >= at_least(10, 80), verdicts
    assert {s.info[1] for s in states} == {0, 1}


def own_model_verdicts(game: Game, model: type, endgame) -> tuple[list[State], list[str]]:
    """Random late positions (``endgame``: 80 of them, fewer in the default run) of a game
    searched through its own ``model``, and the verdicts on those small enough for the
    plain search (most of them), each checked against it (the counters are part of a
    position)."""
    assert isinstance(model_of(game), model)
    rng = Rng(9, f"{game.id} endgames")
    states = [endgame(game, rng) for _ in range(endgames(80))]
    verdicts = agrees_with_the_plain_search(game, states, counters=True)
    assert len(verdicts) >= len(states) * 3 // 4, verdicts
    return states, verdicts


def test_zmey_keys_forget_the_deck_and_after_the_redeal_the_piles_places():
    """Two positions that differ only in which copy of a card lies where, or (after the
    redeal, in the play phase) in which pile holds what, are one position to the search;
    before the redeal the piles' places matter (the gathering order), so they are not."""
    game = get_game("zmey")
    model = model_of(game)
    t1, t2 = game.index["t1"], game.index["t2"]
    seven, other_seven, nine = make_card(7, 0), make_card(7, 0) + 52, make_card(9, 1)

    def at(first: tuple, second: tuple, redealt: int) -> State:
        piles = list(zmey_endgame(game, Rng(1, "zmey key")).piles)
        piles[t1], piles[t2] = first, second
        return State(tuple(piles), (0,) * len(piles), (8, redealt))

    for redealt in (0, 1):
        assert model.key(at((seven,), (nine,), redealt)) == model.key(at((other_seven,), (nine,), redealt))
    assert model.key(at((seven,), (nine,), 1)) == model.key(at((nine,), (seven,), 1))
    assert model.key(at((seven,), (nine,), 0)) != model.key(at((nine,), (seven,), 0))


def glider_endgame(game: Game, rng: Rng, deep: bool = False) -> State:
    """A random late position of «Дельтаплан»: each foundation up to a random height (the
    eight to the jack), the other cards (the kings aside) in the stock and the rows, and
    the waste turned over up to three times already.  While the stock
    lasts no row is empty, as in play; with the stock out, some rows may be.

    ``deep``: few rows and deep ones (the rest on two to four rows, a few cards in the
    stock, none to three turn-overs made): cards of a kind often lie under a queen there,
    and half of these positions are lost."""
    piles: list[tuple] = [()] * len(game.piles)
    rest = []
    low = 8 + rng.below(2) if not deep else 8
    for k, f in enumerate(game.foundations):
        suit, copy = k % 4, 52 * (k // 4)
        height = low + rng.below(13 - low if not deep else 4)
        piles[f] = tuple(make_card(x, suit) + copy for x in range(1, height + 1))
        rest += [make_card(x, suit) + copy for x in range(height + 1, 13)]
    rest = [rest[i] for i in rng.shuffled(tuple(range(len(rest))))]
    lines = [game.index[f"t{n}"] for n in range(1, 11)]
    if deep:
        k = rng.below(4)
        stock, rest = rest[:k], rest[k:]
        used = lines[:2 + rng.below(3)] if len(rest) > 4 else lines[:len(rest)]
    else:
        k = rng.below(max(1, len(rest) - len(lines) + 1))  # at least a card a row stays out of the stock
        stock, rest = rest[:k], rest[k:]
        used = lines if stock else lines[:1 + rng.below(10)]
    for i, c in enumerate(rest):
        piles[used[i] if i < len(used) else used[rng.below(len(used))]] += (c,)
    piles[game.stock] = tuple(stock)
    piles[game.index["kings"]] = tuple(make_card(13, s) + 52 * d for d in (0, 1) for s in range(4))
    down = [0] * len(game.piles)
    down[game.stock] = len(stock)
    turned = rng.below(int(game.options["redeals"]) + 1) if deep else 2 + rng.below(2)
    return State(tuple(piles), tuple(down), (turned,))


@pytest.mark.reliability  # all its positions in the long run
@pytest.mark.parametrize("opts", [{}, {"cross_only": "on"}, {"redeals": "2"}])
def test_glider_search_agrees_with_the_plain_search_on_endgames(opts):
    """«Дельтаплан»'s model (the stock's cards in reach read off the talon, a key that
    forgets a card's deck) against every engine move searched to the end, on random late
    positions: both give the same verdict, and each won line wins through the checked
    play."""
    from patience.search.glider import GliderModel

    _, verdicts = own_model_verdicts(get_game("glider", opts), GliderModel, glider_endgame)
    assert verdicts.count(WON) >= at_least(10, 80) and verdicts.count(LOST) >= at_least(3, 80), verdicts


@pytest.mark.reliability  # 300 positions a rule in the long run
@pytest.mark.parametrize("opts", [{}, {"cross_only": "on"}, {"redeals": "2"}])
def test_glider_looser_game_calls_lost_only_what_the_plain_search_loses(opts):
    """«Дельтаплан»'s looser game (``GliderModel.lost``, which lets the search say lost at
    once) against every engine move searched to the end: on random late positions, each
    one it calls lost is lost (300 in the long run, 303 called lost of 900 when it was
    written; those with too many positions for the
    plain search are left out), and it does call some lost."""
    game = get_game("glider", opts)
    model = model_of(game)
    rng = Rng(12, "glider locks")
    checked = 0
    for _ in range(endgames(300) * 2):
        state = glider_endgame(game, rng, deep=True)
        if model.lost(state):
            theirs = exhaust(game, state, 50_000, True)  # (None: too many positions for it)
            assert theirs != WON, game.code(state)
            checked += theirs == LOST
    assert checked >= at_least(30, 300)


def test_no_position_of_a_glider_winning_line_is_called_lost():
    """Along the winning lines the search finds for «Дельтаплан»'s first deals, the
    looser game calls no position lost (nor on 33 lines of deals 1-40 when it was written); and
    two cards of a kind under the queens of their suit are lost, by the plain search too,
    while with one of them above its queen the same cards win."""
    game = get_game("glider")
    model = model_of(game)
    for seed in (1, 3, 4, 5, 6, 7):  # (deal 2 is not won within the budget)
        state = game.deal(seed)
        result = solve(game, state, 5_000)
        assert result.verdict == WON, seed
        assert not model.lost(state)
        for move in result.moves:
            state = game.apply(state, move)
            assert not model.lost(state), (seed, game.code(state))
    ten, queen = make_card(10, 0), make_card(12, 0)
    base = glider_endgame(game, Rng(1, "glider lock"))
    piles = list(base.piles)
    for k, f in enumerate(game.foundations):  # every suit home to the queen, spades to the nine
        suit, copy = k % 4, 52 * (k // 4)
        piles[f] = tuple(make_card(x, suit) + copy for x in range(1, (10 if suit == 0 else 13)))
    for i in range(1, 11):
        piles[game.index[f"t{i}"]] = ()
    piles[game.stock] = (make_card(11, 0), make_card(11, 0) + 52, queen + 52)
    t1 = game.index["t1"]
    for row, verdict in (((ten, ten + 52, queen), LOST), ((ten, queen, ten + 52), WON)):
        piles[t1] = row
        down = [0] * len(piles)
        down[game.stock] = 3
        state = State(tuple(piles), tuple(down), (1,))
        assert model.lost(state) == (verdict == LOST)
        assert exhaust(game, state, 50_000, True) == verdict
        assert solve(game, state, 10_000).verdict == verdict


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_a_search_is_freed_without_the_cycle_collector(game_id):
    """The table turns Python's cycle collector off while a search works (its full
    collections walk the search's objects for a long task): a finished search must be
    freed by reference counting alone, leaving no reference cycles behind."""
    import gc

    game = get_game(game_id)
    gc.collect()
    gc.disable()
    try:
        search = Search(game, game.deal(3), 3000)
        while not search.step(500):
            pass
        search.result()
        del search
        assert gc.collect() == 0
    finally:
        gc.enable()


def held(search: Search) -> int:
    """How many entries a search's big containers still hold."""
    parts = list(search.litter)
    for lane in search.lanes:
        parts += lane.parts()
    if search.own is not None:
        parts += search.own.parts()
    return sum(len(part) for part in {id(part): part for part in parts}.values())


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_a_search_that_is_over_is_freed_a_piece_at_a_time(game_id):
    """Dropping a search frees all its positions in one go, a long task in the page:
    ``sweep`` frees them in pieces (a piece a call when it has no time), keeps a
    finished search's verdict and line, and stops an unfinished one as unknown."""
    game = get_game(game_id)
    for nodes in (300, 20_000):
        search = Search(game, game.deal(3), 20_000)
        search.step(nodes)
        before, was_done = search.result(), search.done
        entries = held(search)
        assert entries > 0
        calls = 1
        while not search.sweep(0.0):
            calls += 1
        assert held(search) == 0
        assert calls >= entries / 512, (calls, entries)
        after = search.result()
        assert after.verdict == (before.verdict if was_done else UNKNOWN)
        assert after.moves == before.moves
        assert search.step(100)  # over for good


@pytest.mark.parametrize("game_id, opts, seed", [
    ("glider", {}, 2),  # the generic search's probes (a deal not won within 60 000 positions)
    ("klondike", {"draw": "3", "runs": "any", "foundation_return": "on"}, 15),  # own searches' (Hunt)
    ("canfield", {}, 12),
])
def test_the_probes_a_search_drops_are_freed_while_it_searches_on(game_id, opts, seed):
    """A probe that gives way to the next is freed a piece at a time by the steps after."""
    game = get_game(game_id, opts)
    search = Search(game, game.deal(seed), None)

    def probe() -> object:
        return search.lanes[1] if search.own is None else search.own.probe

    def quota() -> int:
        return search.quota if search.own is None else search.own.quota

    while quota() < 2048:  # probes restart by Luby's sequence: wait for a long one
        assert not search.step(64, 0.05)
    first = probe()
    parts = first.parts()
    while probe() is first:
        assert not search.step(256, 0.05)
    assert sum(map(len, parts)) > 1500  # more than a few pieces
    for _ in range(40):
        assert not search.step(64, 0.002)
    assert not any(parts)


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
    without a search."""
    from patience.search.frog import FrogSearch

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
    piles[game.index["t2"]] = (spades[2], spades[1])  # 3♠' on top: it goes home, then the rest
    assert solve(game, State(tuple(piles), state.down, state.info), 50_000).verdict == WON


def test_frog_regardless_of_suit_is_lost_when_every_queen_lies_under_a_king():
    """Regardless of suit, every foundation at the jack and each of the eight queens under
    a king: a king needs a queen home first, so nothing moves.  With one queen on top
    instead, it goes home and opens the way."""
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
    t5 = game.index["t5"]
    piles[t5] = piles[t5][:-2] + (piles[t5][-1], piles[t5][-2])  # its last queen on top of its king
    won = State(tuple(piles), state.down, state.info)
    assert exhaust(game, won) == WON
    result = solve(game, won, 50_000)
    assert result.verdict == WON and replays_to_a_win(game, won, result.moves)


def test_luby_sequence():
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    assert luby(31) == 16 and luby(32) == 1


class Endless(DepthFirst):
    """A search that never ends (each position has one new child), or, ``dead``, one
    with no position after the root; ``quick`` as asked."""

    def __init__(self, quick: bool = False, dead: bool = False) -> None:
        super().__init__()
        self.quick, self.dead = quick, dead
        self.begin(([], 0), won=False)

    def key(self, position: int) -> bytes:
        return position.to_bytes(8, "big")

    def is_won(self, position: int) -> bool:
        return False

    def dive(self, kid: tuple) -> list:
        return [] if self.dead else self.fresh([([kid[1] + 1], kid[1] + 1)])

    def value(self, kid: tuple) -> float:
        return 0.0


@pytest.mark.parametrize("share", [(1, 3), (1, 2), (2, 3)])
def test_a_hunt_gives_the_complete_search_its_share_of_the_turns(share: tuple[int, int]):
    """Of every share[1] turns of TURN positions the complete search has share[0], the
    probes the rest, however the positions are asked for."""
    made: list[Endless] = []

    def search(n: int) -> Endless:
        made.append(Endless())
        return made[-1]

    hunt = Hunt(search, unit=10) if share == (1, 3) else Hunt(search, unit=10, share=share)
    turns = 12 * share[1]
    asked = 0
    for piece in itertools.cycle((1, 100, 999)):  # slices that end mid-turn
        asked += hunt.expand(min(piece, turns * Hunt.TURN - asked))
        if asked == turns * Hunt.TURN:
            break
    assert made[0].nodes == 12 * share[0] * Hunt.TURN
    assert sum(p.nodes for p in made[1:]) == 12 * (share[1] - share[0]) * Hunt.TURN


def test_a_hunt_restarts_its_probes_by_luby_sequence_and_skips_quick_ones_once_one_ran_out():
    """The n-th probe searches unit × luby(n) positions, no more, and then gives way to
    the next; once a quick probe has run out of positions (the quick space holds no win),
    no quick probe follows, and when every probe would be quick, none does."""
    made: list[Endless] = []

    def search(n: int) -> Endless:
        made.append(Endless())
        return made[-1]

    hunt = Hunt(search, unit=10)
    hunt.expand(20_000)
    probes = made[1:-1]  # the last one is still searching
    assert len(probes) > 50
    assert [p.nodes for p in probes] == [10 * luby(n) for n in range(1, len(probes) + 1)]

    made.clear()

    def mixed(n: int) -> Endless:  # odd probes quick; the first runs out at once
        made.append(Endless(quick=n % 2 == 1, dead=n == 1))
        return made[-1]

    hunt = Hunt(mixed, unit=10)
    hunt.expand(5_000)
    quick, other = made[1::2], made[2::2]
    assert quick[0].exhausted and len(other) > 20
    assert not any(p.nodes for p in quick[1:])  # made, seen to be quick, never searched
    assert all(p.nodes == 10 * luby(2 * i + 2) for i, p in enumerate(other[:-1]))
    assert hunt.probe is other[-1]

    hunt = Hunt(lambda n: Endless(quick=n > 0, dead=n > 0), unit=10)
    hunt.expand(1_000)
    assert hunt.probe is None and hunt.full.nodes == 1_000
