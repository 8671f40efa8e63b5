"""The solver of every game: won lines replay through the checked play, verdicts are
sound on many deals, lost verdicts on positions whose answer is known, canonical keys,
slices, safe moves, hints, a search freed as it goes, the hunt's probes by Luby's
sequence.  Each game's own search is tested in its own file beside this one
(test_<game>_search.py)."""

from __future__ import annotations

import itertools

import pytest

from helpers import position
from patience import GAMES, get_game
from patience.cards import RANKS, SUITS
from patience.game import MOVE, Game, Move
from patience.search import ALL_CARDS_KNOWN, LOST, UNKNOWN, WON, Search, hint, safe_moves, solve
from patience.search import canfield as canfield_search
from patience.search.budget import luby
from patience.search.depth_first import DepthFirst
from patience.search.hunt import Hunt
from patience.search.registry import model_of
from patience.state import State
from plain_search import replays_to_a_win, klondike_spade_blocked


# deals that a small budget wins (the solver is deterministic), as each game declares them
# (GameSpec.quick_wins; tests/games/test_registry.py asks every game for some)
QUICK_WINS = {spec.id: spec.quick_wins for spec in GAMES if spec.quick_wins is not None}


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
    parts = list(search.litter) + search.hunt.parts()
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
    ("klondike", {"draw": "3", "runs": "any", "foundation_return": "on"}, 15),  # own searches'
    ("canfield", {}, 12),
])
def test_the_probes_a_search_drops_are_freed_while_it_searches_on(game_id, opts, seed, monkeypatch):
    """A probe that gives way to the next is freed a piece at a time by the steps after."""
    monkeypatch.setattr(canfield_search, "STALL", None)  # (a Canfield probe that stalls goes before it grows big)
    monkeypatch.setattr(canfield_search, "TWINS_ALONE", 10**9)  # (nor do the probes wait for the game of twins)
    game = get_game(game_id, opts)
    search = Search(game, game.deal(seed), None)
    search.hunt.share = (0, 1)  # (every turn the probes': the complete search's would only slow the wait)

    def probe() -> object:
        return search.hunt.probe

    def quota() -> int:
        return search.hunt.quota

    while quota() < 2048:  # probes restart by Luby's sequence: wait for a long one
        assert not search.step(64, 0.05)
    first = probe()
    parts = first.parts()
    while probe() is first:
        assert not search.step(256, 0.05)
    assert sum(map(len, parts)) > 1024  # more than two pieces (sweep: 512 entries a piece)
    for _ in range(40):
        assert not search.step(64, 0.002)
    assert not any(parts)


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


class Climbing(Endless):
    """An endless search whose positions get better and better until ``top``, then stay."""

    def __init__(self, top: int) -> None:
        self.top = top
        super().__init__()

    def value(self, kid: tuple) -> float:
        return float(min(kid[1], self.top))


def test_a_hunt_drops_a_probe_that_has_stalled():
    """With ``stall``, a probe that has searched that many positions since it last saw a
    better one is dropped before its quota; one that keeps finding better positions
    searches its whole quota.  (A stall is seen at the end of a probe's piece of search, a
    quarter of ``stall`` positions: here one position.)"""
    made: list[Endless] = []

    def search(n: int) -> Endless:
        made.append(Climbing(top=0 if n % 2 else 10**9))  # odd probes never better, even ones always
        return made[-1]

    hunt = Hunt(search, unit=100, stall=7)
    hunt.expand(30_000)
    probes = made[1:-1]  # the last one is still searching
    assert len(probes) > 20
    assert all(p.nodes == 7 for p in probes[0::2])  # stalled from the start
    assert [p.nodes for p in probes[1::2]] == [100 * luby(n) for n in range(2, len(probes) + 1, 2)]

    made.clear()
    hunt = Hunt(lambda n: made.append(Climbing(top=25)) or made[-1], unit=100, stall=7)
    hunt.expand(30_000)
    assert len(made) > 100 and all(p.nodes == 25 + 7 for p in made[1:-1])  # better up to 25, then 7 more


def test_a_hunt_extends_a_probe_still_finding_better_positions():
    """With ``extend``, a probe whose quota runs out while it has found a better position
    within its last ``extend`` positions searches ``extend`` more, and again while that
    holds; one that has not is dropped at its quota, as without ``extend``.  (Its progress
    is seen at the end of each piece of search, ``extend`` positions at most.)"""
    made: list[Endless] = []
    hunt = Hunt(lambda n: made.append(Climbing(top=0 if n % 2 else 10**9)) or made[-1], unit=100, extend=16)
    hunt.expand(20_000)
    # the first probe never finds a better position: dropped at its quota; the second
    # always does: never dropped
    assert len(made) == 3 and made[1].nodes == 100 * luby(1)
    assert made[2].nodes > 10 * 100 * luby(2) and hunt.probe is made[2]

    made.clear()
    hunt = Hunt(lambda n: made.append(Climbing(top=250)) or made[-1], unit=100, extend=16)
    hunt.expand(60_000)
    probes = made[1:-1]  # the last one is still searching
    assert len(probes) > 20
    for n, probe in enumerate(probes, start=1):
        quota = 100 * luby(n)
        if quota < 250:  # still finding better positions at its quota: searched on past 250
            assert 250 <= probe.nodes <= 250 + 2 * 16, (n, quota, probe.nodes)
        else:
            assert probe.nodes == quota, (n, quota, probe.nodes)
    assert {100 * luby(n) < 250 for n in range(1, len(probes) + 1)} == {True, False}  # both kinds seen


class Lonely(Endless):
    """An endless complete search that wants every turn from its ``since``-th position on,
    until its ``until``-th."""

    def __init__(self, since: int, until: int) -> None:
        self.since, self.until = since, until
        super().__init__()

    @property
    def turns_wanted(self) -> tuple[int, int] | None:
        return (1, 1) if self.since <= self.nodes < self.until else None


def test_the_probes_wait_while_the_complete_search_wants_every_turn():
    """While the complete search wants every turn (``turns_wanted``: Canfield's game of
    twins that runs long), the probes search nothing; before and after, they have their
    share."""
    probes: list[Endless] = []
    full = Lonely(since=3000, until=20_000)
    hunt = Hunt(lambda n: full if n == 0 else probes.append(Endless()) or probes[-1], unit=100, share=(1, 2))
    hunt.expand(3000 * 2)  # (turns of 256 positions: the complete search reaches 3,000 within a turn)
    before, alone_from = sum(p.nodes for p in probes), full.nodes
    assert 2000 < before < 4000 and 3000 <= alone_from < 3300
    hunt.expand(20_000 - alone_from)
    assert sum(p.nodes for p in probes) == before and full.nodes == 20_000
    hunt.expand(10_000)
    assert sum(p.nodes for p in probes) - before > 4000


@pytest.mark.parametrize("collecting", [True, False])
def test_a_run_searches_with_the_collector_off_and_leaves_it_as_it_was(collecting):
    """``Search.run`` (the command line, surveys, benches) searches with the cyclic garbage
    collector off, as the page's runner does, and leaves it as it found it."""
    import gc

    seen: list[bool] = []

    class Watched(Search):
        def step(self, max_nodes: int = 1000, max_seconds: float | None = None) -> bool:
            seen.append(gc.isenabled())
            return super().step(100, max_seconds)

    game = get_game("canfield")
    (gc.enable if collecting else gc.disable)()
    try:
        Watched(game, game.deal(12), 1_000).run()
        assert gc.isenabled() is collecting
    finally:
        gc.enable()
    assert len(seen) >= 5 and not any(seen), seen


def test_a_best_first_probe_started_part_way_along_the_best_line_wins_from_the_deal():
    """The generic search's hunt starts every other probe part way along the best line
    its ended probes have found (``hunt.Elite``): such a probe searches the quick model
    from there, it wins by a line from the deal that replays through the checked play,
    and it is a cut probe (running out of positions there proves nothing: the Frog test)."""
    from patience.search.best_first import quick_probe

    game = get_game("glider", {})
    state = game.deal(5)
    model = model_of(game)
    quick = model.quick() or model
    won = solve(game, state, 20_000)
    assert won.verdict == WON and len(won.moves) > 100
    plain = quick_probe(model, quick, state, 1, [])
    assert plain.cut == []
    for n, cut in ((2, won.moves[:len(won.moves) // 2]), (4, won.moves[:-10])):
        probe = quick_probe(model, quick, state, n, cut)
        assert probe.cut == cut and probe.quick
        assert probe.lead()[:len(cut)] == cut  # its lines are from the deal
        probe.expand(20_000)
        assert probe.won is not None and probe.won[:len(cut)] == cut
        assert replays_to_a_win(game, state, probe.won)
