"""The Gaps family's own search: a depth-first search over the grid as bytes, for
«Восемь тузов» and Пасьянс Потоцкого.

The generic search keeps an engine ``State`` per position and asks the engine for the
moves; a Gaps position is only a grid of one-card cells, so here it is a ``bytes`` of the
cells (a card as its number + 1, a gap as 0) and the count of reshuffles made, the
transposition table a set of byte strings, and the line is read off the depth-first
stack.  A reshuffle is the engine's own (seeded, so known in advance like every card):
the search builds the engine position, lets the engine reshuffle and reads the grid back.

- Moves, best first: a card that extends a row's run (the run from the row's first
  slot); a card that leaves a gap right after a run (which the run's next card may then
  fill); any other card, those whose place then takes a card before those whose place
  is dead (after a king or a gap); a card out of a run (two decks: to start or extend
  another run) after those; the reshuffle last.
- The key: with no reshuffle left, the two cards of the same suit and rank (two
  decks) are interchangeable, so the key reads each card by suit and rank.  While a
  reshuffle is left the key is the exact grid: where every card lies decides what the
  reshuffle deals.  Rows are not sorted: moves never permute whole rows (one-deck seed
  6, lost, is searched in 88,120 positions either way), and the sort cost a third of
  the search's instructions.
- The hunt (``hunt.Hunt``) runs the complete search with shaken probes beside
  it, as Klondike's does: only the complete search running out of positions proves a
  deal lost.  The probes find the wins: the complete search has one turn in 32.
- A probe follows the gap it has just made: after a card leaves a cell, the probe's
  next move fills that cell whenever a card can (the card after the one on its left,
  or a row's first card in a first cell), and only a dead gap lets it choose among the
  other gaps.  Each gap's chain of moves is so played out before another's, instead
  of every interleaving of the chains being searched; the complete search keeps every
  move.  («Восемь тузов», trial seeds 1-140 at 2 s: 69 won against 45.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import CARDS
from ..moves import MOVE, Move
from ..rng import Rng
from .model import Model
from ..state import State
from .depth_first import DepthFirst, Won
from .hunt import Elite, Hunt, Searcher

if TYPE_CHECKING:
    from ..game import Game
    from ..games.gaps import Grid

RESHUFFLE = (-1, -1)  # the solver's reshuffle; a card move is (source cell, gap)
SHAKE = 1.5 / 1024  # how far a probe shakes the order of the moves (priorities run 0 to 4)
# a cell's byte: 0 a gap, else the card + 1; SAME maps it to its suit and rank (1..52),
# the same for both decks' copies
SAME = bytes([0] + [(v - 1) % 52 + 1 for v in range(1, 105)] + [0] * 151)

# the cells, reshuffles made, the runs of the rows (``runs``), the cell the last move emptied (-1: none)
Position = tuple[bytes, int, list[int], int]
SMove = tuple[int, int]
Kid = tuple[list[SMove], Position]


class GapsModel(Model):
    """The generic model of a Gaps game, with the game's own search in its place."""

    def __init__(self, game: "Game", grid: "Grid") -> None:
        super().__init__(game)
        self.grid = grid

    def searcher(self, state: State) -> Searcher | None:
        game, grid = self.game, self.grid
        search = Elite("gaps cut").probes(lambda probe, cut: GapsSearch(game, grid, state, probe, cut))
        # the probes find the wins (no «Восемь тузов» deal is ever proven lost): the
        # complete search has one turn in 32, and a probe still finding better positions
        # searches on past its quota, 64 positions at a time («Восемь тузов», trial seeds
        # 1-200 at 40,000 positions: 87 won as it was, 101 extended, 110 with both)
        return Hunt(search, unit=256, share=(1, 32), extend=64)


class GapsSearch(DepthFirst[Position, SMove]):
    """A depth-first search of one Gaps position, run in bounded pieces: ``expand``,
    ``won``, ``exhausted`` and ``lead()`` as for ``model.Searcher``."""

    def __init__(self, game: "Game", grid: "Grid", state: State, probe: int = 0,
                 prefix: list[SMove] | None = None) -> None:
        """``probe`` > 0: a probe, its order of moves shaken by a generator seeded with
        ``probe``; it searches the same moves in another order, from the position
        ``prefix`` (the search's moves from ``state``) reaches."""
        super().__init__()
        self.game, self.grid, self.start = game, grid, state
        self.rng = Rng(probe, "gaps probe") if probe else None
        self.cols = grid.cols
        self.cells = grid.cells()
        self.low = grid.low
        self.goal = grid.rows * (14 - grid.low)  # cards in order when the game is won
        self.decks = grid.decks
        self.allowed = int(game.options["reshuffles"])
        # the cards of the rank that starts a row, as cell bytes
        self.starters = tuple(d * 52 + s * 13 + grid.low for d in range(grid.decks) for s in range(4))
        cells = self.cells_of(state)
        p: Position = (cells, game.info_value(state, "reshuffles"), self.runs(cells), -1)
        self.cut = list(prefix or ())
        for move in self.cut:
            cells, done, _, made = self.after(p, move)
            p = (cells, done, self.runs_after(p[2], cells, move), made)
        self.begin((list(self.cut), p), sum(p[2]) == self.goal)

    # -- positions ---------------------------------------------------------------
    def cells_of(self, state: State) -> bytes:
        """The grid of an engine position as the search holds it."""
        return bytes(state.piles[i][0] + 1 if state.piles[i] else 0 for i in range(self.cells))

    def key(self, p: Position) -> bytes:
        cells, done = p[0], p[1]
        if done < self.allowed:
            return cells + bytes((done,))
        return cells.translate(SAME)

    def runs(self, cells: bytes) -> list[int]:
        """How many cards stand in order from the first slot of each row."""
        return [self.run(cells, start) for start in range(0, self.cells, self.cols)]

    def run(self, cells: bytes, start: int) -> int:
        """How many cards stand in order from cell ``start``, the first of a row."""
        v = SAME[cells[start]]
        if not v or (v - 1) % 13 + 1 != self.low:
            return 0
        k, top = 1, 14 - self.low
        while k < top and SAME[cells[start + k]] == v + k:
            k += 1
        return k

    def runs_after(self, runs: list[int], cells: bytes, move: SMove) -> list[int]:
        """The runs of ``cells``, one move on from a position with ``runs``."""
        if move == RESHUFFLE:
            return self.runs(cells)
        # only a card taken out of a run shortens it, only one laid right after a run
        # lengthens it (the run's cells are never gaps)
        n = self.cols
        out = runs
        row, at = divmod(move[0], n)
        if at < runs[row]:
            out = list(runs)
            out[row] = at
        row, at = divmod(move[1], n)
        if at == out[row]:
            if out is runs:
                out = list(runs)
            out[row] = self.run(cells, row * n)
        return out

    # -- moves -------------------------------------------------------------------
    def children(self, p: Position) -> list[Kid] | Won[SMove]:
        """The unseen positions one step on, best first, each marked seen, or ``Won``
        with the moves to a won position when there is one."""
        cells, done, runs, made = p
        found: list[tuple[float, int, SMove]] = []
        if self.rng is not None and made >= 0:
            # a probe follows the gap it made while a card can fill it: that gap's moves
            # alone, even when they reach only positions it has seen (then it goes back:
            # a probe that turned to the other gaps there won 17 of trial seeds 1-100 at
            # 40,000 positions against 46)
            self.fill(cells, made, runs, found)
            if found:
                return self.kids(p, found)
        i = cells.find(0)
        while i >= 0:
            self.fill(cells, i, runs, found)
            i = cells.find(0, i + 1)
        if done < self.allowed:
            found.append((10.0, len(found), RESHUFFLE))
        return self.kids(p, found)

    def kids(self, p: Position, found: list[tuple[float, int, SMove]]) -> list[Kid] | Won[SMove]:
        """The unseen positions the moves of ``found`` reach, best first (a probe's order
        shaken), each marked seen, or ``Won`` with the move to a won position."""
        if self.rng is not None:
            draw = self.rng.next32  # its low ten bits: Rng.below(1024), for less
            found = [(priority + (draw() & 1023) * SHAKE, k, move) for priority, k, move in found]
        found.sort()
        out: list[Kid] = []
        seen, key, goal, runs = self.seen, self.key, self.goal, p[2]
        for _, _, move in found:
            child = self.after(p, move)
            k = key(child)
            if k in seen:
                continue
            seen.add(k)
            now = self.runs_after(runs, child[0], move)
            if sum(now) == goal:
                return Won([move])
            out.append(([move], (child[0], child[1], now, move[0])))
        return out

    def fill(self, cells: bytes, i: int, runs: list[int], found: list[tuple[float, int, SMove]]) -> None:
        """Add to ``found`` the moves into gap ``i``, each with its priority (lower is
        tried first) and its place in ``found``.  A cell right after a row's run is the
        one whose column is the run's length."""
        n = self.cols
        if i % n == 0:
            wanted: tuple[int, ...] = self.starters
        else:
            left = cells[i - 1]
            if not left or (left - 1) % 13 == 12:
                return
            if self.decks == 2:
                v = left + 1
                wanted = (v, v + 52) if v <= 52 else (v - 52, v)
            else:
                wanted = (left + 1,)
        extends = i % n == runs[i // n]
        for v in wanted:
            src = cells.find(v)
            if src < 0:
                continue  # not on the grid (an ace on the discard)
            if src % n < runs[src // n]:
                priority = 4.0  # breaks a run
            elif extends:
                priority = 0.0
            elif src % n == runs[src // n]:
                priority = 1.0
            else:
                at = src % n
                before = cells[src - 1] if at else 0
                open_ = at == 0 or (before and (before - 1) % 13 != 12)
                priority = 2.0 if open_ else 3.0
            found.append((priority, len(found), (src, i)))

    def after(self, p: Position, move: SMove) -> Position:
        """The position one move on, its runs still those of ``p`` (``runs_after``)."""
        cells, done, runs, _ = p
        if move == RESHUFFLE:
            state = self.state_of(p)
            after = self.game.apply(state, Move("reshuffle"))
            return self.cells_of(after), done + 1, runs, -1
        src, dst = move
        b = bytearray(cells)
        b[dst], b[src] = b[src], 0
        return bytes(b), done, runs, src

    def state_of(self, p: Position) -> State:
        """The engine position of ``p``: its cells, and the rest as at the start (only
        the aces lie elsewhere, on the discard, in Пасьянс Потоцкого)."""
        cells, done = p[0], p[1]
        piles = list(self.start.piles)
        for i in range(self.cells):
            piles[i] = (CARDS[cells[i] - 1],) if cells[i] else ()
        state = self.start._replace(piles=tuple(piles))
        return self.game.with_info(state, "reshuffles", done)

    # -- the search (DepthFirst) ---------------------------------------------------
    def dive(self, kid: Kid) -> list[Kid] | Won[SMove]:
        return self.children(kid[1])

    def value(self, kid: Kid) -> float:
        return sum(kid[1][2])

    def engine_line(self, moves: list[SMove], finish: bool = True) -> list[Move]:
        """The solver's moves as engine moves (a win needs nothing after its last move)."""
        return [Move("reshuffle") if m == RESHUFFLE else Move(MOVE, m[0], m[1], 1) for m in moves]
