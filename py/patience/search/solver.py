"""The solver: one budgeted, deterministic search shared by every game.

It sees every card, face-down ones and future reshuffles included ("all cards known",
as the solver literature counts winnability).  Verdicts: ``won`` with the winning line
as engine moves, ``lost`` when the whole reachable space was searched, ``unknown`` when
the budget (nodes and/or seconds of search) ran out.

Every game is searched the same way: a complete search with shaken probes beside it
(``hunt.Hunt``), given by the game's model (``registry``): its own search
(``Model.searcher``: Klondike's, Canfield's, Frog's and the Gaps family's, depth first
over compact positions), else the generic best-first search over the model's steps
(``best_first``).  The search runs in slices: ``Search.step(max_nodes)`` does a bounded
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

import gc
import time

from ..game import Game
from ..moves import Move
from ..state import State
from .best_first import best_first_hunt
from .budget import LOST, UNKNOWN, WON, Heap, Result, sweep, sweep_within
from .hunt import Searcher
from .model import Lock
from .registry import model_of


class Search:
    """The search of one position, run in slices.

    ``Search(game, state, budget=nodes, seconds=s)``, then ``step(max_nodes)`` until it
    returns True (finished); ``result()`` gives the verdict.  ``seconds`` counts the
    time spent inside ``step`` only, so pauses between slices do not eat the budget.
    """

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
        self.litter: list[Heap] = []  # what the search dropped, freed a piece at a time
        self.hunt: Searcher = self.model.searcher(state) or best_first_hunt(self.model, state)
        if self.hunt.won is not None:
            self.finish(WON, self.hunt.won)
        elif self.hunt.exhausted:
            self.finish(LOST, [])

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
        try:
            sweep_within(self.litter, deadline)
            hunt = self.hunt
            while self.nodes < limit:
                done = hunt.expand(limit - self.nodes, deadline)
                self.nodes += done
                if hunt.won is not None:
                    self.finish(WON, hunt.won)
                    return True
                if hunt.exhausted:
                    self.finish(LOST, [])
                    return True
                if done == 0:
                    self.finish(UNKNOWN, [])  # no progress: never spin
                    return True
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
        replayed through the checked play first.  The cyclic garbage collector is off
        meanwhile, as the page's runner has it (table/runner.py): the search makes no
        cycles, and the collector's walks over its young positions cost 4-17% of a fixed
        workload (``bench/solver.py gc``)."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            while not self.step(1 << 30):
                pass
        finally:
            if collecting:
                gc.enable()
        if self.verdict == WON:
            self.check_line()
        return self.result()

    def finish(self, verdict: str, line: list[Move]) -> None:
        self.verdict = verdict
        if verdict == WON:
            self.line = line
        else:
            self.lead = self.hunt.lead()
        self.litter.extend(self.hunt.parts())  # the positions are no longer needed

    def sweep(self, max_seconds: float) -> bool:
        """Free the search's memory, at most ``max_seconds`` at a call, for a caller
        done with it: True once all is freed.  A search without a verdict stops for good
        (``unknown``); a finished one keeps its verdict, line and lead."""
        if self.verdict is None:
            self.verdict = UNKNOWN
            self.litter.extend(self.hunt.parts())
        return sweep(self.litter, time.perf_counter() + max_seconds)

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
        first towards the best position the search has seen (None when nothing can be
        done)."""
        if self.verdict == WON:
            return self.line[0] if self.line else None
        lead = self.lead if self.verdict is not None else self.hunt.lead()
        if lead:
            return lead[0]
        for moves, _ in self.model.steps(self.start):
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


def why_lost(game: Game, state: State) -> Lock | None:
    """Why ``state`` cannot be won, in cards, when the game's looser game shows it (a
    ``model.Lock``; None: no reason known, which says nothing of the verdict)."""
    return model_of(game).why_lost(state)
