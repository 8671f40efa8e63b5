"""What the games' own depth-first searches share (``klondike_dfs``, ``canfield_dfs``,
``gaps_dfs``): the search run in bounded pieces over a stack of children lists, and the
hunt that runs the complete search with shaken probes beside it.

A search's children are *kids*: tuples whose first item is the list of the solver's own
moves of that step, the second the position reached (a game may keep more after it).
"""

from __future__ import annotations

import time
from typing import Any

from ..game import Move


class DepthFirst:
    """A depth-first search of one position, run in bounded pieces.

    ``expand(nodes, deadline)`` searches on; then ``won`` is the winning line (engine
    moves) once found, ``exhausted`` says every reachable position was searched, ``lead()``
    the moves towards the best position seen (hints).  A game's search sets ``prefix``
    (moves played before the root), ``best`` and the first frame of ``stack`` (the
    root's kids, the next to search, the moves that led there), and gives ``dive``,
    ``value`` and ``engine_line``."""

    def __init__(self) -> None:
        self.prefix: list[Any] = []
        self.won: list[Move] | None = None
        self.exhausted = False
        self.nodes = 0
        self.best: tuple[float, list[Any]] = (0.0, [])
        self.stack: list[list[Any]] = []  # [kids best first, next kid, the moves that led here]

    def dive(self, kid: Any) -> list[Any] | tuple[list[Any]]:
        """The unseen kids of ``kid``'s position, best first (each marked seen); a tuple
        holding the moves on to a won position instead when there is one."""
        raise NotImplementedError

    def value(self, kid: Any) -> float:
        """How far ``kid``'s position is towards a win (the best is remembered for hints)."""
        raise NotImplementedError

    def engine_line(self, moves: list[Any], finish: bool = True) -> list[Move]:
        """The solver's moves from the start as engine moves (``finish``: a whole win)."""
        raise NotImplementedError

    def expand(self, nodes: int, deadline: float | None = None) -> int:
        """Search up to ``nodes`` more positions (stopping early at ``deadline``, a
        ``time.perf_counter`` value); the number searched."""
        stack = self.stack
        done = 0
        dive, value_of = self.dive, self.value
        best = self.best[0]
        while stack and done < nodes and self.won is None:
            frame = stack[-1]
            kids = frame[0]
            i = frame[1]
            if i >= len(kids):
                stack.pop()
                continue
            frame[1] = i + 1
            kid = kids[i]
            kids[i] = None  # the position is searched from here on: let it go
            done += 1
            found = dive(kid)
            if isinstance(found, tuple):
                self.won = self.engine_line(self.line(kid[0]) + found[0])
                break
            value = value_of(kid)
            if value > best:
                best = value
                self.best = (value, self.line(kid[0]))
            stack.append([found, 0, kid[0]])
            if deadline is not None and not done & 63 and time.perf_counter() >= deadline:
                break
        self.nodes += done
        if not stack and self.won is None:
            self.exhausted = True
        return done

    def line(self, moves: list[Any]) -> list[Any]:
        """The solver's moves from the start to the end of ``moves`` (a step off the top
        of the stack)."""
        out = list(self.prefix)
        for frame in self.stack[1:]:
            out += frame[2]
        return out + moves

    def lead(self) -> list[Move]:
        """Engine moves towards the best position seen."""
        return self.engine_line(self.best[1], finish=False)


class Hunt:
    """The complete search and probes take turns of ``TURN`` positions, the probes two
    turns in three: a win of either is a win.  Each new probe is shaken differently and
    may search half as many positions again as the one before (a probe that got stuck
    in a dead region is dropped).  Only the complete search running out of positions
    proves a loss.  A game's hunt gives ``new_probe`` and may say when a probe that ran
    out of positions leaves nothing for the next ones (``last``)."""

    TURN = 256
    FIRST_PROBE = 2000

    def __init__(self, full: DepthFirst) -> None:
        self.full = full
        self.won = full.won
        self.exhausted = full.exhausted
        self.quota = self.FIRST_PROBE
        self.probes = 0
        self.probe = self.next_probe()
        self.turn = 0

    def new_probe(self, number: int) -> DepthFirst:
        raise NotImplementedError

    def last(self, probe: DepthFirst) -> bool:
        """Whether ``probe``, run out of positions, shows that no probe can win."""
        return False

    def next_probe(self) -> DepthFirst | None:
        if self.won is not None or self.exhausted:
            return None
        self.probes += 1
        return self.new_probe(self.probes)

    def expand(self, nodes: int, deadline: float | None = None) -> int:
        done = 0
        while done < nodes and self.won is None and not self.exhausted:
            part = min(nodes - done, self.TURN - self.turn % self.TURN)
            probe = self.probe
            if probe is None or (self.turn // self.TURN) % 3 == 0:
                n = self.full.expand(part, deadline)
                self.won, self.exhausted = self.full.won, self.full.exhausted
            else:
                n = probe.expand(part, deadline)
                self.won = probe.won
                if probe.won is None:
                    if probe.exhausted and self.last(probe):
                        self.probe = None
                    elif probe.exhausted or probe.nodes >= self.quota:
                        self.quota = self.quota * 3 // 2
                        self.probe = self.next_probe()
            done += n
            self.turn += n
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return done

    def lead(self) -> list[Move]:
        return self.full.lead()
