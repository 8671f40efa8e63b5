"""The solver: one budgeted, deterministic search shared by every game.

It sees every card, face-down ones and future reshuffles included ("all cards known",
as the solver literature counts winnability).  Verdicts: ``won`` with the winning line
as engine moves, ``lost`` when the whole reachable space was searched, ``unknown`` when
the budget (nodes and/or seconds of search) ran out.

The search is a best-first search over *steps* with a transposition table:

- a step is one or more engine moves with the state they lead to.  A game with a
  common stock and waste is searched the "K+" way: every card that turning the stock
  can bring to the waste top is playable at once, as one step (the stock turns and the
  card move); the winning line spells the turns out.
- safe moves (``SolverHooks.safe``: moves that can never hurt, such as a card to the
  foundations that no other card can need) are played without branching.
- the key of a state sorts the contents of interchangeable piles, so positions that
  differ only by the order of, say, Klondike's columns meet in the table.
- positions are expanded best first: by the game's ``score`` hook, else by cards home
  and face-down cards.  Beside the complete search, probes of a quicker model (or of
  the same one) with shaken scores dive elsewhere, most of them short (restarts by
  Luby's sequence); they find wins, never prove losses.

A game declares what the search may assume in ``GameSpec.solver`` (``SolverHooks``);
a game without hooks is searched through ``legal_moves`` and ``apply`` alone.  A game's
own model (``registry.MODELS``) may bring its own search instead (``Model.searcher``,
e.g. Klondike's depth-first one with its own probes in ``search/klondike_dfs.py``;
Canfield, Frog and the Gaps family have one too; the models of «Змей» and
«Дельтаплан» keep this search with steps, a key and a score of their own).  The search runs in slices: ``Search.step(max_nodes)`` does a bounded
amount of work and says whether it is finished, so a page can call it from timers
without freezing.

For the table:

- ``Search(game, state, budget=None, seconds=5.0)``; from a timer call
  ``search.step(max_nodes=10**9, max_seconds=0.02)`` until it returns True; then
  ``search.verdict`` is ``won`` / ``lost`` / ``unknown`` and ``search.line`` the winning
  line (engine moves from ``state``, for Finish and Demo).  ``search.best_move()`` is a
  hint at any time (the winning line's first move once found).
- a search that is no longer wanted (finished and read, or cancelled) is freed a
  piece at a time: ``search.sweep(max_seconds=0.02)`` from a timer until it returns
  True.  Dropping a big search at once frees its positions in one go, which took up to
  20 ms under CPython (more in the page) for a few seconds of search.
- ``safe_moves(game, state)``: the moves auto-play may make now, in order.
- ``hint`` and ``solve`` run a search to its end in one call (command line, tests).
"""

from __future__ import annotations

import heapq
import time
from typing import Callable

from ..game import Game
from ..moves import Move
from ..rng import Rng
from ..state import State
from .budget import LOST, UNKNOWN, WON, Heap, Result, luby, sweep, sweep_within
from .model import Model, Searcher, Step, closed
from .registry import model_of


class Lane:
    """One best-first search over one model: its frontier and the links between the
    positions it has reached (key → the parent's key and the step's moves)."""

    def __init__(self, model: Model, root: State, seed: int = 0, jitter: float = 0.0) -> None:
        self.model = model
        self.rng = Rng(seed, "solver") if jitter else None
        self.jitter = jitter / 1024
        key = model.key(root)
        self.links: dict[bytes, tuple[bytes, tuple[Move, ...]] | None] = {key: None}
        self.best = (model.score(root), key)
        self.frontier: list[tuple[float, int, bytes, State]] = [(-self.best[0], 0, key, root)]
        self.count = 0

    def close(self, moves: tuple[Move, ...], state: State) -> Step:
        return closed(self.model, moves, state)

    def parts(self) -> list[Heap]:
        return [self.links, self.frontier]

    def expand(self, nodes: int, is_won: Callable[[State], bool],
               deadline: float | None = None) -> tuple[int, bytes | None]:
        """Expand up to ``nodes`` positions, stopping early at ``deadline`` (a
        ``time.perf_counter`` value): (positions expanded, key of a won position)."""
        model, links, frontier = self.model, self.links, self.frontier
        key, steps, score, close = model.key, model.steps, model.score, self.close
        count, best = self.count, self.best
        push, pop = heapq.heappush, heapq.heappop
        rng, jitter = self.rng, self.jitter
        done = 0
        try:
            while frontier and done < nodes:
                _, _, parent, state = pop(frontier)
                done += 1
                for moves, child in reversed(steps(state)):
                    moves, child = close(moves, child)
                    k = key(child)
                    if k in links:
                        continue
                    links[k] = (parent, moves)
                    if is_won(child):
                        return done, k
                    value = score(child)
                    if value > best[0]:
                        best = (value, k)
                    count += 1
                    if rng is not None:
                        value += rng.below(1024) * jitter
                    push(frontier, (-value, -count, k, child))
                if deadline is not None and time.perf_counter() >= deadline:
                    break
            return done, None
        finally:
            self.count, self.best = count, best

    def line_to(self, key: bytes) -> list[Move]:
        """The moves from the root to the position with this key."""
        parts: list[tuple[Move, ...]] = []
        link = self.links[key]
        while link is not None:
            parts.append(link[1])
            link = self.links[link[0]]
        return [m for part in reversed(parts) for m in part]


class Search:
    """A best-first search over steps that runs in slices.

    ``Search(game, state, budget=nodes, seconds=s)``, then ``step(max_nodes)`` until it
    returns True (finished); ``result()`` gives the verdict.  Positions are expanded
    best score first (the newest first among equals, so the search dives like a
    depth-first search while the score holds); every position reached is remembered by
    its key with the step that reached it, so no position is expanded twice and the
    winning line is read back from the links.  ``seconds`` counts the time spent inside
    ``step`` only, so pauses between slices do not eat the budget.

    A game's model may offer a *quick* model too (fewer moves, so wins are found sooner
    in its smaller space, though it proves nothing): the two searches then take turns,
    a win of either is a win, and only the complete one can prove a deal lost.
    """

    own: Searcher | None  # the game's own search (Model.searcher), if it has one

    TURN = 64  # positions a lane expands before the other one's turn
    UNIT = 256  # the n-th probe takes UNIT × luby(n) positions of the quick lane (restarts)
    JITTER = 4.0  # how far a probe's scores are shaken (a card home is worth 4 in most games)

    def restart(self) -> None:
        """A new probe: the quick model searched again with its scores shaken, so that
        it dives elsewhere (a probe that got stuck in a dead region is dropped).  Probes
        restart by Luby's sequence: most are short, a few long."""
        self.restarts += 1
        self.quota = self.UNIT * luby(self.restarts)
        probe = Lane(self.quick_model, self.quick_root, self.restarts, self.JITTER)
        self.probe_start = self.nodes
        if len(self.lanes) > 1:
            self.litter.extend(self.lanes[1].parts())
            self.lanes[1] = probe
        else:
            self.lanes.append(probe)

    def __init__(self, game: Game, state: State, budget: int | None = 200_000,
                 seconds: float | None = None) -> None:
        self.game = game
        self.start = state
        self.model = model_of(game)
        self.budget = budget
        self.seconds_budget = seconds
        self.nodes = 0
        self.elapsed = 0.0
        self.verdict: str | None = None
        self.line: list[Move] = []
        self.lead: list[Move] = []  # towards the best position seen, once finished
        self.lanes: list[Lane] = []
        self.litter: list[Heap] = []  # what the search dropped, freed a piece at a time
        self.own = self.model.searcher(state)
        self.turn = 0
        self.turn_left = self.TURN
        if self.own is not None:
            if self.own.won is not None:
                self.finish(WON, self.own.won)
            return
        prefix, root = closed(self.model, (), state)
        self.prefix = prefix  # safe moves played from the start position
        self.quick_prefix = prefix
        self.root = root
        if game.is_won(root):
            self.finish(WON, list(prefix))
            return
        if self.model.lost(root):
            self.finish(LOST, [])  # a looser game shows it (Model.lost)
            return
        self.lanes = [Lane(self.model, root)]
        self.quick_model = self.model.quick() or self.model
        more, self.quick_root = closed(self.quick_model, (), root)
        self.quick_prefix = prefix + more
        if game.is_won(self.quick_root):
            self.finish(WON, list(self.quick_prefix))
            return
        self.restarts = 0
        self.quota = 0
        self.restart()

    @property
    def done(self) -> bool:
        return self.verdict is not None

    def step(self, max_nodes: int = 1000, max_seconds: float | None = None) -> bool:
        """Expand at most ``max_nodes`` more positions (and spend at most ``max_seconds``);
        True when the search is finished (a verdict is known or the budget is spent)."""
        if self.verdict is not None:
            return True
        start = time.perf_counter()
        limit = self.nodes + max_nodes
        if self.budget is not None:
            limit = min(limit, self.budget)
        deadline = None
        if self.seconds_budget is not None:
            deadline = start + self.seconds_budget - self.elapsed
        if max_seconds is not None:
            deadline = start + max_seconds if deadline is None else min(deadline, start + max_seconds)
        is_won = self.game.is_won
        try:
            sweep_within(self.litter, deadline)
            own = self.own
            while own is not None and self.nodes < limit:
                done = own.expand(limit - self.nodes, deadline)
                self.nodes += done
                if done == 0 and own.won is None and not own.exhausted:
                    self.finish(UNKNOWN, [])  # no progress: never spin
                    return True
                if own.won is not None:
                    self.finish(WON, own.won)
                    return True
                if own.exhausted:
                    self.finish(LOST, [])
                    return True
                if deadline is not None and time.perf_counter() >= deadline:
                    break
            while own is None and self.nodes < limit:
                # The lanes take turns of TURN positions whatever the slices, so a search
                # run in slices of nodes finds exactly what one run finds.
                lanes = self.lanes
                lane = lanes[self.turn % len(lanes)]
                done, won = lane.expand(min(self.turn_left, limit - self.nodes), is_won, deadline)
                self.nodes += done
                self.turn_left -= done
                if won is not None:
                    prefix = self.prefix if lane is lanes[0] else self.quick_prefix
                    self.finish(WON, list(prefix) + lane.line_to(won))
                    return True
                if not lane.frontier:
                    if lane is lanes[0]:
                        self.finish(LOST, [])
                        return True
                    lanes.remove(lane)  # the quick space is spent: no win there
                    self.litter.extend(lane.parts())
                    self.turn, self.turn_left = 0, self.TURN
                elif self.turn_left <= 0:
                    self.turn += 1
                    self.turn_left = self.TURN
                    if lane is not lanes[0] and self.nodes - self.probe_start >= 2 * self.quota:
                        self.restart()
                if deadline is not None and time.perf_counter() >= deadline:
                    break
            spent = (self.budget is not None and self.nodes >= self.budget) or (
                self.seconds_budget is not None and self.elapsed + time.perf_counter() - start >= self.seconds_budget)
            if spent:
                self.finish(UNKNOWN, [])
            return spent
        finally:
            self.elapsed += time.perf_counter() - start

    def run(self) -> Result:
        """Search until finished (for the command line and tests); a winning line is
        replayed through the checked play first."""
        while not self.step(1 << 30):
            pass
        if self.verdict == WON:
            self.check_line()
        return self.result()

    def finish(self, verdict: str, line: list[Move]) -> None:
        self.verdict = verdict
        if verdict == WON:
            self.line = line
        elif self.own is not None:
            self.lead = self.own.lead()
        elif self.lanes:
            self.lead = self.leading()
        self.drop()

    def drop(self) -> None:
        """The positions are no longer needed: into the litter with them."""
        for lane in self.lanes:
            self.litter.extend(lane.parts())
        self.lanes = []
        if self.own is not None:
            self.litter.extend(self.own.parts())

    def sweep(self, max_seconds: float) -> bool:
        """Free the search's memory, at most ``max_seconds`` at a call, for a caller
        done with it: True once all is freed.  A search without a verdict stops for good
        (``unknown``); a finished one keeps its verdict, line and lead."""
        if self.verdict is None:
            self.verdict = UNKNOWN
            self.drop()
        return sweep(self.litter, time.perf_counter() + max_seconds)

    def leading(self) -> list[Move]:
        """The moves towards the best-scored position the search has seen."""
        lane = max(self.lanes, key=lambda lane: lane.best[0])
        prefix = self.prefix if lane is self.lanes[0] else self.quick_prefix
        return list(prefix) + lane.line_to(lane.best[1])

    def check_line(self) -> None:
        """A winning line must replay through the checked play and win."""
        state = self.start
        for move in self.line:
            state = self.game.play(state, move)
        if not self.game.is_won(state):
            raise AssertionError(f"solver line does not win {self.game!r}")

    def result(self) -> Result:
        verdict = self.verdict or UNKNOWN
        return Result(verdict, list(self.line), self.nodes, self.elapsed)

    def best_move(self) -> Move | None:
        """A good next move: the first of the winning line if one was found, else the
        first towards the best-scored position the search has seen (None when nothing
        can be done)."""
        if self.verdict == WON:
            return self.line[0] if self.line else None
        if self.verdict is not None:
            lead = self.lead
        elif self.own is not None:
            lead = self.own.lead()
        else:
            lead = self.leading()
        if lead:
            return lead[0]
        for moves, _ in self.model.steps(self.start if self.own is not None else self.root):
            return moves[0]
        # a lost position whose steps the model cuts off (each leads nowhere): still a move
        legal = self.game.legal_moves(self.start)
        return legal[0] if legal else None


def solve(game: Game, state: State, budget: int | None = 200_000, seconds: float | None = None) -> Result:
    """Search ``state`` to a verdict within ``budget`` nodes and/or ``seconds``."""
    return Search(game, state, budget, seconds).run()


def hint(game: Game, state: State, seconds: float = 0.25, budget: int | None = None) -> Move | None:
    """One good move: from a winning line if one is found in time, else the best move
    by the game's ordering; None when no move is left."""
    search = Search(game, state, budget, seconds)
    search.run()
    return search.best_move()


def safe_moves(game: Game, state: State) -> list[Move]:
    """The moves auto-play may make now, in order, each legal after the ones before:
    moves to the foundations that can never hurt (empty for games without them)."""
    model = model_of(game)
    out: list[Move] = []
    step = model.safe(state)
    while step is not None:
        out += step[0]
        step = model.safe(step[1])
    return out
