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
model may bring its own search instead (``Model.searcher``, e.g. Klondike's depth-first
one with its own probes in ``games/klondike_dfs.py``; Canfield, Frog and the Gaps family
have one too).  The search runs in slices: ``Search.step(max_nodes)`` does a bounded
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
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from .game import DEAL, MOVE, RECYCLE, Game, Move
from .rng import Rng
from .spec import SolverHooks
from .state import State

ALL_CARDS_KNOWN = "all cards known"
WON, LOST, UNKNOWN = "won", "lost", "unknown"

Step = tuple[tuple[Move, ...], State]
Heap = dict[Any, Any] | set[Any] | list[Any]  # a big container of a search


def sweep(litter: list[Heap], deadline: float) -> bool:
    """Empty the containers in ``litter`` (dropped by a search) a piece at a time until
    ``deadline`` (a ``time.perf_counter`` value): True once all are empty.  Freeing a
    few hundred thousand positions at once holds a page up for tens of milliseconds."""
    while litter:
        heap = litter[-1]
        pop = heap.popitem if isinstance(heap, dict) else heap.pop
        for _ in range(min(len(heap), 512)):
            pop()
        if not heap:
            litter.pop()
        if time.perf_counter() >= deadline:
            break
    return not litter


def sweep_within(litter: list[Heap], deadline: float | None) -> None:
    """A search's step frees what it dropped with at most half the time it has left
    (all of it at once when it has no deadline: the same cost as dropping it)."""
    if litter:
        now = time.perf_counter()
        sweep(litter, math.inf if deadline is None else now + (deadline - now) / 2)


@dataclass
class Result:
    """A verdict: ``won`` (``moves`` wins, replayed through the checked play), ``lost``
    (proven: the whole reachable space was searched) or ``unknown`` (budget spent)."""

    verdict: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    knowledge: str = ALL_CARDS_KNOWN  # what the solver saw: every card


# --- the stock as the "K+" solvers see it ------------------------------------------

_POSITIONS: dict[tuple[int, int, int, int | None], tuple[tuple[int, int, int], ...]] = {}


def luby(i: int) -> int:
    """The i-th term (from 1) of Luby's sequence, 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 …: the
    lengths of restarts that suit a search whose time to a win is heavy-tailed, as a
    shaken probe's is (Luby, Sinclair & Zuckerman 1993)."""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


def talon_positions(size: int, at: int, draw: int, recycles_left: int | None) -> tuple[tuple[int, int, int], ...]:
    """Cards of the talon (waste then stock, in dealing order) that turning the stock
    can bring to the waste top: ``(index, deals, deals after a turn-over or -1)``, the
    fewest clicks first for each card.  ``at`` is the number of cards in the waste."""
    if recycles_left is not None and recycles_left > 1:
        recycles_left = 1  # a second turn-over brings nothing new
    args = (size, at, draw, recycles_left)
    found = _POSITIONS.get(args)
    if found is None:
        found = _POSITIONS[args] = tuple(_talon_positions(*args))
    return found


def _talon_positions(size: int, at: int, draw: int, recycles_left: int | None) -> list[tuple[int, int, int]]:
    out: list[tuple[int, int, int]] = []
    seen: set[int] = set()
    if at > 0:
        out.append((at - 1, 0, -1))
        seen.add(at - 1)
    q, deals = at, 0
    while q < size:
        q = min(q + draw, size)
        deals += 1
        if q - 1 not in seen:
            seen.add(q - 1)
            out.append((q - 1, deals, -1))
    if size and recycles_left != 0:
        q, again = 0, 0
        while q < size:
            q = min(q + draw, size)
            again += 1
            if q - 1 not in seen:
                seen.add(q - 1)
                out.append((q - 1, deals, again))
    return out


def talon_clicks(deals: int, again: int) -> tuple[Move, ...]:
    """The stock clicks that bring a talon card to the waste top."""
    if again < 0:
        return (Move(DEAL),) * deals
    return (Move(DEAL),) * deals + (Move(RECYCLE),) + (Move(DEAL),) * again


def has_talon(game: Game) -> bool:
    """Whether the game has the common stock (deal ``draw`` cards onto a waste that is
    played from the top, turn it over per ``passes``): then the search plays it K+."""
    return (game.stock >= 0 and game.waste >= 0 and not game.layout.waste_size
            and not any(s.on_stock for s in game.spec.specials))


# --- how the search sees a game ----------------------------------------------------

class Searcher(Protocol):
    """A game's own search (``Model.searcher``), run in pieces by ``Search``:
    ``expand`` searches on; ``won`` is the winning line once found (engine moves from
    the start), ``exhausted`` says the whole reachable space was searched, ``lead()``
    gives the moves towards the best position seen, ``parts()`` the big containers it
    holds (freed a piece at a time once the search is over)."""

    won: list[Move] | None
    exhausted: bool

    def expand(self, nodes: int, deadline: float | None = None) -> int: ...

    def lead(self) -> list[Move]: ...

    def parts(self) -> list[Heap]: ...


class Model:
    """The generic search model of a game: the engine's moves, ordered best first, the
    stock played K+, the game's safe moves, interchangeable piles sorted in the key.
    A game may replace it with a subclass (``SolverHooks.model``) for speed."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.hooks: SolverHooks = game.spec.solver or SolverHooks()
        groups = self.hooks.interchangeable(game) if self.hooks.interchangeable else ()
        self.groups = tuple(tuple(game.index[name] for name in group) for group in groups)
        grouped = {i for group in self.groups for i in group}
        self.fixed = tuple(i for i in range(len(game.piles)) if i not in grouped)
        info = game.layout.info
        # counters that do not change what may happen next stay out of the key
        self.info_kept = tuple(i for i, name in enumerate(info)
                               if name != "seed" and not (name == "recycles" and game.layout.passes is None))
        self.talon = has_talon(game)
        # turning the stock sets off nothing else: the K+ positions are computed, not played
        self.plain_stock = not game.spec.settle or self.hooks.plain_stock
        self.recycles_at = info.index("recycles") if "recycles" in info else -1
        self.foundations = game.foundations
        self.counted = tuple(i for i, p in enumerate(game.piles) if p.role != "stock")  # face-down cards cost

    def quick(self) -> Model | None:
        """A model with fewer moves, searched beside this one to find wins sooner
        (None: none).  It need not be complete: it never proves a deal lost."""
        return None

    def searcher(self, state: State) -> Searcher | None:
        """A game's own search of ``state`` replacing the best-first one (None: none)."""
        return None

    # -- identity of a position --------------------------------------------------
    def key(self, state: State) -> bytes:
        """Equal for positions with the same future: interchangeable piles sorted."""
        # cards and face-down counts are below 0xfd: the bytes above part the piles
        piles, down = state.piles, state.down
        out = b"\xff".join([bytes(piles[i]) for i in self.fixed]) + b"\xfe" + bytes([down[i] for i in self.fixed])
        for group in self.groups:
            out += b"\xfe" + b"\xfd".join(sorted([bytes((down[i],)) + bytes(piles[i]) for i in group]))
        if self.info_kept:
            out += repr([state.info[i] for i in self.info_kept]).encode()
        return out

    # -- moves -----------------------------------------------------------------
    def safe(self, state: State) -> Step | None:
        """One move that can never hurt, with the state it leads to."""
        if self.hooks.safe is None:
            return None
        move = self.hooks.safe(self.game, state)
        if move is None:
            return None
        return (move,), self.game.apply(state, move)

    def score(self, state: State) -> float:
        if self.hooks.score is not None:
            return self.hooks.score(self.game, state)
        piles, down = state.piles, state.down
        return 4 * sum([len(piles[i]) for i in self.foundations]) - sum([down[i] for i in self.counted])

    def steps(self, state: State) -> list[Step]:
        """Every step from ``state``, best first."""
        game = self.game
        found: list[tuple[float, int, Step]] = []
        for move in game.legal_moves(state):
            if move.kind == MOVE:
                if game.is_idle(state, move) or (self.talon and move.src == game.waste):
                    continue
            elif self.talon and move.kind in (DEAL, RECYCLE):
                continue
            after = game.apply(state, move)
            found.append((-self.score(after), len(found), ((move,), after)))
        if self.talon:
            for step in self.talon_steps(state):
                found.append((-self.score(step[1]) + 0.01 * len(step[0]), len(found), step))
        found.sort()
        return [step for _, _, step in found]

    def talon_steps(self, state: State) -> list[Step]:
        """The K+ steps: each card the stock can bring to the waste top, played."""
        game = self.game
        w = game.waste
        out: list[Step] = []
        for clicks, view in self.talon_views(state):
            sizes = game.pick_sizes(view, w)
            for dst in game.dests[w]:
                for n in game.sizes_to(sizes, dst):
                    if game.accepts(view, w, dst, n):
                        move = Move(MOVE, w, dst, n)
                        out.append((clicks + (move,), game.apply(view, move)))
        return out

    def talon_views(self, state: State) -> list[tuple[tuple[Move, ...], State]]:
        """The positions that turning the stock leads to, one for each card it brings to
        the waste top (the fewest clicks first), with the clicks."""
        game = self.game
        s, w = game.stock, game.waste
        if not self.plain_stock:
            # the game's settle hooks may act on a click (a row refilled from the stock):
            # play the clicks through the engine
            views: list[tuple[tuple[Move, ...], State]] = [((), state)] if state.piles[w] else []
            seen = {state.piles[w][-1]} if state.piles[w] else set()
            clicks: list[Move] = []
            for _ in range(2 * (len(state.piles[s]) + len(state.piles[w])) + 2):
                click = game.turn_stock(state)
                if click is None:
                    break
                state = game.apply(state, click)
                clicks.append(click)
                if state.piles[w] and state.piles[w][-1] not in seen:
                    seen.add(state.piles[w][-1])
                    views.append((tuple(clicks), state))
            return views
        waste, stock = state.piles[w], state.piles[s]
        talon = waste + stock[::-1]
        out: list[tuple[tuple[Move, ...], State]] = []
        for index, deals, again in talon_positions(len(talon), len(waste), game.layout.draw,
                                                   game.recycles_left(state)):
            if deals == 0 and again < 0:
                out.append(((), state))
                continue
            piles = list(state.piles)
            piles[w] = talon[:index + 1]
            piles[s] = talon[:index:-1]
            down = list(state.down)
            down[s] = len(piles[s])
            info = state.info
            if again >= 0:
                info = info[:self.recycles_at] + (info[self.recycles_at] + 1,) + info[self.recycles_at + 1:]
            out.append((talon_clicks(deals, again), State(tuple(piles), tuple(down), info)))
        return out


def model_of(game: Game) -> Model:
    hooks = game.spec.solver
    if hooks is not None and hooks.model is not None:
        return hooks.model(game)
    return Model(game)


# --- the search --------------------------------------------------------------------

def closed(model: Model, moves: tuple[Move, ...], state: State) -> Step:
    """Play safe moves after ``moves`` while there are any."""
    safe = model.safe(state)
    if safe is None:
        return moves, state
    extra: list[Move] = list(moves)
    while safe is not None:
        extra += safe[0]
        state = safe[1]
        safe = model.safe(state)
    return tuple(extra), state


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
        return None


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
