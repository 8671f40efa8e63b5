"""The one scheduler of every search: ``Hunt`` runs a complete search with shaken probes
beside it, in pieces, and ``Searcher`` is what it runs (and what it is).

A game's search gives ``search(n)``: the complete search for ``n == 0``, the n-th probe
otherwise.  Both kinds of search are Searchers: the games' own depth-first searches
(``depth_first.DepthFirst``) and the generic best-first one (``best_first.BestFirst``).
"""

from __future__ import annotations

import time
from typing import Any, Callable, Protocol, Sequence, TypeVar, cast

from ..moves import Move
from ..rng import Rng
from .budget import Heap, luby, sweep_within


class Searcher(Protocol):
    """A search run in pieces: ``expand`` searches up to ``nodes`` more positions
    (stopping early at ``deadline``, a ``time.perf_counter`` value) and says how many it
    searched; ``won`` is the winning line once found (engine moves from the start),
    ``exhausted`` says the whole reachable space was searched, ``nodes`` counts the
    positions searched, ``quick`` marks a search of a smaller space (it finds wins, and
    running out of positions proves nothing), ``turns_wanted`` is the share of its hunt's turns
    a complete search wants for now (None: the hunt's own), ``best`` is the value of the best
    position seen first, ``cut`` the moves a probe started with (``Elite``: running out
    of positions then says nothing of the space before them), ``lead()`` the moves
    towards the best position, ``parts()`` the big containers it holds (freed a piece at
    a time once the search is over)."""

    won: list[Move] | None
    exhausted: bool
    nodes: int
    quick: bool

    @property
    def best(self) -> tuple[float, object]: ...

    @property
    def cut(self) -> Sequence[object]: ...

    @property
    def turns_wanted(self) -> tuple[int, int] | None: ...

    def expand(self, nodes: int, deadline: float | None = None) -> int: ...

    def lead(self) -> list[Move]: ...

    def parts(self) -> list[Heap]: ...


S = TypeVar("S", bound=Searcher)


class Elite:
    """The best line the ended probes of one hunt have found, and where the next probe
    starts: the odd probes start from the start, the even ones part way along that line,
    cut at a place drawn at random (the line's last ten moves excepted), and search on
    from there.  A probe often comes near a win and stalls: a new probe from part way
    along the best line tries that line's ending again, in another order.  A game's
    search takes the cut as the moves it starts with (``probes``); ``line`` gives an
    ended probe's line (its ``best``'s by default; the generic search's, its ``lead()``).
    («Восемь тузов», trial seeds 1-300 at 40,000 positions: 169 won against 155; cut in
    the line's second half only, seeds 1-200: 105 against 110; every probe but the first
    from a cut: 110.)"""

    def __init__(self, label: str, line: Callable[[Any], list[Any]] | None = None) -> None:
        self.label = label  # the generator's label for the cuts
        self.line_of = line or (lambda searcher: list(cast(list[Any], searcher.best[1])))
        self.value = 0.0
        self.line: list[Any] = []
        self.running: Searcher | None = None  # the probe searching now

    def cut(self, probe: int) -> list[Any]:
        """The moves the ``probe``-th probe starts with (the probe that ran until now
        has ended: its best line is taken first, if better)."""
        ran, self.running = self.running, None
        if ran is not None and ran.best[0] > self.value:
            self.value, self.line = ran.best[0], self.line_of(ran)
        if not probe or probe % 2 or len(self.line) <= 20:
            return []
        return self.line[:Rng(probe, self.label).below(len(self.line) - 10)]

    def probes(self, search: Callable[[int, list[Any]], S]) -> Callable[[int], S]:
        """A hunt's ``search(n)`` from a game's ``search(n, cut)``."""
        def made(probe: int) -> S:
            searcher = search(probe, self.cut(probe))
            self.running = searcher if probe else None
            return searcher
        return made


class Hunt:
    """The complete search and probes take turns of ``turn`` positions: of every
    ``share[1]`` turns the complete search has ``share[0]``, the probes the rest; a win
    of either is a win.  One turn in three suits games whose deals are seldom proven
    lost within a budget; Klondike, where many losses are in reach, and the generic
    search give the complete search half, Canfield two turns in three, the Gaps games one in
    32.  ``search(0)`` is a game's complete search,
    ``search(n)`` its n-th probe, shaken differently from the others.  A probe that has
    searched its quota is dropped (it may be stuck in a dead region) and the next one
    starts.  The quotas restart by Luby's sequence: the n-th probe searches ``unit`` ×
    ``luby(n)`` positions, so most probes are short and a few long.  That suits a shaken
    probe, whose time to a win is heavy-tailed: it often finds a win within a few
    hundred positions, or not for a long time.
    Only the complete search running out of positions proves a loss; a quick probe
    from the start (not from a cut: ``Elite``) that runs out of positions shows that the
    quick space holds no win, whatever the order, so no quick probe follows it.
    With ``stall``, a probe that has searched
    ``stall`` positions since it last saw a better position than its best is dropped
    too: a dive that goes nearly straight to a win keeps finding better positions, one
    stuck below a wrong choice does not (seen within a quarter of ``stall`` positions).
    With ``extend``, a probe whose quota runs out while it is still finding better
    positions (one within its last ``extend``) searches ``extend`` more, and again while
    that holds: a long dive is not cut off just before its win.  («Восемь тузов», whose
    wins lie some 200 moves deep: its probes' best positions were often cut off a few
    moves from a win.)
    The complete search may ask for another share for a while (``turns_wanted``: Canfield's
    game of twins that runs long wants every turn, and the probes wait).
    A dropped probe is freed a piece at a time,
    at the start of the next pieces of search.  The lead (hints) is towards the best
    position the complete search or the running probe has seen."""

    TURN = 256
    quick = False
    cut: Sequence[object] = ()  # (a hunt searches from its position)

    def __init__(self, search: Callable[[int], Searcher], unit: int, share: tuple[int, int] = (1, 3),
                 turn: int = TURN, stall: int | None = None, extend: int | None = None) -> None:
        self.search = search
        self.share = share
        self.stall = stall
        self.extend = extend
        self.probe_best = 0.0  # the best value the running probe has seen, and its positions then
        self.probe_best_at = 0
        self.turn_size = turn
        self.full = full = search(0)
        self.won = full.won
        self.exhausted = full.exhausted
        self.nodes = 0
        self.quota = 0  # positions the probe may search
        self.unit = unit
        self.quick_done = False  # a quick probe ran out of positions
        self.probes = 0
        self.litter: list[Heap] = []  # the dropped probes' containers
        self.probe = self.next_probe()
        self.turn = 0

    def next_probe(self) -> Searcher | None:
        if self.won is not None or self.exhausted:
            return None
        for _ in range(QUICK_IN_A_ROW):
            self.probes += 1
            probe = self.search(self.probes)
            if not (probe.quick and self.quick_done):
                self.quota = self.unit * luby(self.probes)
                self.won = probe.won  # a probe may start at a won position
                self.probe_best, self.probe_best_at = probe.best[0], probe.nodes
                return probe
        return None  # the game's probes are all quick

    def expand(self, nodes: int, deadline: float | None = None) -> int:
        sweep_within(self.litter, deadline)
        done = 0
        size = self.turn_size
        while done < nodes and self.won is None and not self.exhausted:
            part = min(nodes - done, size - self.turn % size)
            probe = self.probe
            share = self.full.turns_wanted or self.share
            if probe is None or (self.turn // size) % share[1] < share[0]:
                n = self.full.expand(part, deadline)
                self.won, self.exhausted = self.full.won, self.full.exhausted
            else:
                limit = self.quota - probe.nodes
                if self.stall is not None:  # (in pieces of a quarter of it: a stall is seen at a piece's end)
                    limit = min(limit, self.probe_best_at + self.stall - probe.nodes, max(1, self.stall // 4))
                if self.extend is not None:  # (in pieces of ``extend``: its progress is seen at a piece's end)
                    limit = min(limit, self.extend)
                n = probe.expand(min(part, limit), deadline)
                self.won = probe.won
                stalled = False
                if self.stall is not None or self.extend is not None:
                    if probe.best[0] > self.probe_best:
                        self.probe_best, self.probe_best_at = probe.best[0], probe.nodes
                if self.stall is not None:
                    stalled = probe.nodes - self.probe_best_at >= self.stall
                if probe.won is None:
                    if (self.extend is not None and probe.nodes >= self.quota
                            and probe.nodes - self.probe_best_at < self.extend):
                        self.quota += self.extend  # still finding better positions
                    if probe.exhausted or probe.nodes >= self.quota or stalled:
                        self.quick_done = self.quick_done or (probe.exhausted and probe.quick and not probe.cut)
                        self.probe = self.next_probe()
                    if self.probe is not probe:
                        self.litter.extend(probe.parts())
            done += n
            self.turn += n
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.nodes += done
        return done

    @property
    def turns_wanted(self) -> tuple[int, int] | None:
        return None

    def leader(self) -> Searcher:
        """The complete search or the running probe, whichever has seen the better
        position (the complete search on a tie)."""
        probe = self.probe
        if probe is not None and probe.best[0] > self.full.best[0]:
            return probe
        return self.full

    @property
    def best(self) -> tuple[float, object]:
        return self.leader().best

    def lead(self) -> list[Move]:
        return self.leader().lead()

    def parts(self) -> list[Heap]:
        probe = [] if self.probe is None else self.probe.parts()
        return self.litter + self.full.parts() + probe


QUICK_IN_A_ROW = 4  # more quick probes in a row than any game has: its probes are all quick
