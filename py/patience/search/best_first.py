"""The generic search: best first over a ``Model``'s steps, with a transposition table.

- a step is one or more engine moves with the state they lead to.  A game with a
  common stock and waste is searched the "K+" way: every card that turning the stock
  can bring to the waste top is playable at once, as one step (the stock turns and the
  card move); the winning line spells the turns out.
- safe moves (``SolverHooks.safe``: moves that can never hurt, such as a card to the
  foundations that no other card can need) are played without branching.
- the key of a state sorts the contents of interchangeable piles, so positions that
  differ only by the order of, say, Klondike's columns meet in the table.  The model
  gives each step with its key (``Model.keyed_steps``), and may leave out the steps to
  positions the search has seen.
- positions are expanded best first: by the game's ``score`` hook, else by cards home
  and face-down cards.  Beside the complete search, probes of a quicker model (or of
  the same one) with shaken scores dive elsewhere, most of them short (restarts by
  Luby's sequence, ``hunt.Hunt``); they find wins, never prove losses.

A game without a search of its own (``registry``) is searched so, through its
``SolverHooks``, or through ``legal_moves`` and ``apply`` alone; «Змей» and
«Дельтаплан» keep this search with steps, a key and a score of their own (a ``Model``
subclass).
"""

from __future__ import annotations

import heapq
import time

from ..moves import Move
from ..rng import Rng
from ..state import State
from .budget import Heap
from .hunt import Elite, Hunt
from .model import Model, closed

TURN = 64  # positions the complete search and a probe search before the other one's turn
UNIT = 256  # the n-th probe searches UNIT × luby(n) positions (restarts)
JITTER = 4.0  # how far a probe's scores are shaken (a card home is worth 4 in most games)


class BestFirst:
    """One best-first search over one model, from ``root`` (reached from the start by
    the moves ``prefix``), run in pieces (a ``hunt.Searcher``).  Positions are expanded
    best score first (the newest first among equals, so the search dives like a
    depth-first search while the score holds); every position reached is remembered by
    its key with the parent's key and the step's moves, so no position is expanded
    twice and a line is read back from the links.  A probe (``seed`` > 0) shakes its
    scores by up to ``jitter``.  ``lost``: a looser game showed the root lost."""

    turns_wanted = None  # (``hunt.Searcher``: the hunt's share of turns)

    def __init__(self, model: Model, root: State, prefix: tuple[Move, ...], seed: int = 0,
                 jitter: float = 0.0, quick: bool = False, lost: bool = False) -> None:
        self.model = model
        self.prefix = prefix
        self.quick = quick
        self.cut: list[Move] = []  # a probe's moves from the start to ``root`` (``hunt.Elite``), if any
        self.nodes = 0
        self.rng = Rng(seed, "solver") if jitter else None
        self.jitter = jitter / 1024
        key = model.key(root)
        self.links: dict[bytes, tuple[bytes, tuple[Move, ...]] | None] = {key: None}
        self.best = (model.score(root), key)
        self.frontier: list[tuple[float, int, bytes, State]] = [(-self.best[0], 0, key, root)]
        self.count = 0
        self.won: list[Move] | None = list(prefix) if model.game.is_won(root) else None
        self.exhausted = lost and self.won is None

    def parts(self) -> list[Heap]:
        """A probe's own tables; the complete search's, with the model's (the probes share
        the model, and the complete search lasts as long as they do)."""
        own: list[Heap] = [self.links, self.frontier]
        return own + ([] if self.quick else self.model.parts())

    def expand(self, nodes: int, deadline: float | None = None) -> int:
        """Expand up to ``nodes`` positions, stopping early at ``deadline``."""
        if self.won is not None or self.exhausted:
            return 0
        model, links, frontier = self.model, self.links, self.frontier
        keyed_steps, score, is_won = model.keyed_steps, model.score, model.game.is_won
        count, best = self.count, self.best
        push, pop = heapq.heappush, heapq.heappop
        rng, jitter = self.rng, self.jitter
        done = 0
        try:
            while frontier and done < nodes:
                _, _, parent, state = pop(frontier)
                done += 1
                for moves, child, k in reversed(keyed_steps(state, links)):
                    if k in links:
                        continue
                    links[k] = (parent, moves)
                    if is_won(child):
                        self.won = self.line_to(k)
                        return done
                    value = score(child)
                    if value > best[0]:
                        best = (value, k)
                    count += 1
                    if rng is not None:
                        value += rng.below(1024) * jitter
                    push(frontier, (-value, -count, k, child))
                if deadline is not None and time.perf_counter() >= deadline:
                    break
            if not frontier:
                self.exhausted = True
            return done
        finally:
            self.count, self.best = count, best
            self.nodes += done

    def line_to(self, key: bytes) -> list[Move]:
        """The moves from the start to the position with this key."""
        parts: list[tuple[Move, ...]] = []
        link = self.links[key]
        while link is not None:
            parts.append(link[1])
            link = self.links[link[0]]
        return list(self.prefix) + [m for part in reversed(parts) for m in part]

    def lead(self) -> list[Move]:
        """The moves towards the best-scored position seen."""
        return self.line_to(self.best[1])


def best_first_hunt(model: Model, state: State) -> Hunt:
    """The generic search of ``state``: the complete best-first search of ``model`` from
    the position its safe moves lead to, with probes of its quick model (fewer moves,
    so wins are found sooner in a smaller space; the model itself when it has none)
    beside it, taking turns of ``TURN`` positions each (``hunt.Hunt``).  A looser game
    (``Model.lost``) may show the position lost at once.  Every other probe starts part
    way along the best line the probes have found (``hunt.Elite``; held-out, side by
    side: «Дельтаплан» 87.0% -> 88.5%, «Змей» 89.5% -> 90.0%)."""
    prefix, root = closed(model, (), state)
    lost = not model.game.is_won(root) and model.lost(root)
    quick = model.quick() or model

    def search(probe: int, cut: list[Move]) -> BestFirst:
        if probe == 0:
            return BestFirst(model, root, prefix, lost=lost)
        return quick_probe(model, quick, state, probe, cut)

    elite = Elite("best-first cut", line=lambda ended: ended.lead())
    return Hunt(elite.probes(search), unit=UNIT, share=(1, 2), turn=TURN)


def quick_probe(model: Model, quick: Model, state: State, probe: int, cut: list[Move]) -> BestFirst:
    """The ``probe``-th probe of ``state``, a search of the ``quick`` model from the
    position the moves ``cut`` lead to (``hunt.Elite``), after the safe moves of
    ``model``, then of ``quick``.  Its lines are from ``state``."""
    at = state
    for move in cut:
        at = model.game.play(at, move)
    moves, root = closed(quick, *closed(model, tuple(cut), at))
    made = BestFirst(quick, root, moves, probe, JITTER, quick=True)
    made.cut = list(cut)
    return made
