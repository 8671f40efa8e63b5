"""What the games' own depth-first searches share (``klondike``, ``canfield``,
``frog``, ``gaps``): the search run in bounded pieces over a stack of children lists
(``DepthFirst``, a ``hunt.Searcher``; ``hunt.Hunt`` runs the complete search with
shaken probes beside it).

A search is typed by its position ``P`` and its own move ``M``.  Its children are
*kids* (``Kid[M, P]``): the solver's moves of that step and the position reached.
The searches of a one-deck game with a stock played K+ (``klondike``,
``canfield``) share ``TalonSearch`` (and ``talon_place``, ``talon_reach`` and
``EngineLine`` of talon.py).
"""

from __future__ import annotations

import time
from functools import cached_property
from typing import Callable, Generic, Iterable, NamedTuple, TypeVar

from ..moves import Move
from .budget import Heap, sweep_within

P = TypeVar("P")  # a search's position
M = TypeVar("M")  # a search's own move

Kid = tuple[list[M], P]  # a step's moves and the position it reaches


class Won(NamedTuple, Generic[M]):
    """What a dive gives when a step reaches a won position: that step's moves (else it
    gives the list of the unseen kids)."""

    moves: list[M]


class DepthFirst(Generic[P, M]):
    """A depth-first search of one position, run in bounded pieces.

    ``expand(nodes, deadline)`` searches on; then ``won`` is the winning line (engine
    moves) once found, ``exhausted`` says every reachable position was searched, ``lead()``
    the moves towards the best position seen (hints), ``parts()`` the big containers it
    holds (a game's search adds its own tables).  A game's search sets ``prefix``
    (moves played before the root), ``best`` and the first frame of ``stack`` (the
    root's kids, the next to search, the moves that led there), and gives ``dive``,
    ``value`` and ``engine_line``.  A frame of the stack is the unsearched kids of a
    position, best last (taken from the end), the moves that led there and the position;
    when the last kid is searched the frame goes, and a search that ``keeps_finished`` is
    told of the position (``finished_with``): every position under it has been searched."""

    quick = False  # a quick probe: fewer moves, the same space whatever its order

    def __init__(self) -> None:
        self.prefix: list[M] = []
        self.cut: list[M] = []  # a probe's moves to the position it started from (``hunt.Elite``)
        self.won: list[Move] | None = None
        self.exhausted = False
        self.nodes = 0
        self.best: tuple[float, list[M]] = (0.0, [])
        # (kids best last, the moves that led here, the position they are the kids of)
        self.stack: list[tuple[list[Kid[M, P]], list[M], P]] = []
        self.seen: set[bytes] = set()  # the keys of the positions reached
        self.keeps_finished = False  # told of each position searched to the end (finished_with)

    def parts(self) -> list[Heap]:
        return [self.seen, self.stack]

    @property
    def turns_wanted(self) -> tuple[int, int] | None:
        """The share of its hunt's turns the complete search wants for now (of every
        ``[1]`` turns, ``[0]``; ``hunt.Hunt``), or None: the hunt's own."""
        return None

    def finisher(self) -> Callable[[P], None] | None:
        """What is told of each position searched to the end (``finished_with`` when
        ``keeps_finished``)."""
        return self.finished_with if self.keeps_finished else None

    def finished_with(self, position: P) -> None:
        """Every position under ``position`` has been searched (told when ``keeps_finished``)."""

    def dive(self, kid: Kid[M, P]) -> list[Kid[M, P]] | Won[M]:
        """The unseen kids of ``kid``'s position, best first (each marked seen), or ``Won``
        with the moves on to a won position when there is one."""
        raise NotImplementedError

    def value(self, kid: Kid[M, P]) -> float:
        """How far ``kid``'s position is towards a win (the best is remembered for hints)."""
        raise NotImplementedError

    def engine_line(self, moves: list[M], finish: bool = True) -> list[Move]:
        """The solver's moves from the start as engine moves (``finish``: a whole win)."""
        raise NotImplementedError

    def expand(self, nodes: int, deadline: float | None = None) -> int:
        """Search up to ``nodes`` more positions (stopping early at ``deadline``, a
        ``time.perf_counter`` value); the number searched."""
        stack = self.stack
        done = 0
        dive, value_of = self.dive, self.value
        finish = self.finisher()  # (a local: no cycle kept)
        best = self.best[0]
        while stack and done < nodes and self.won is None:
            kids = stack[-1][0]
            if not kids:
                if finish is not None:
                    finish(stack[-1][2])
                stack.pop()
                continue
            kid = kids.pop()  # searched from here on: the frame lets it go
            done += 1
            found = dive(kid)
            if isinstance(found, Won):
                self.won = self.engine_line(self.line(kid[0]) + found.moves)
                break
            value = value_of(kid)
            if value > best:
                best = value
                self.best = (value, self.line(kid[0]))
            found.reverse()
            stack.append((found, kid[0], kid[1]))
            if deadline is not None and not done & 7 and time.perf_counter() >= deadline:
                break
        self.nodes += done
        if not stack and self.won is None:
            self.exhausted = True
        return done

    def begin(self, kid: Kid[M, P], won: bool, lost: bool = False) -> None:
        """Search from the root ``kid`` (its moves from the start, its position): won at
        once when ``won``; exhausted at once when ``lost`` (a check showed it lost)."""
        moves = kid[0]
        self.prefix = moves
        self.mark(kid[1])
        self.best = (self.value(kid), list(moves))
        if won:
            self.won = self.engine_line(moves)
        elif lost:
            self.exhausted = True
        else:
            kids = self.dive(kid)
            if isinstance(kids, list):
                kids.reverse()
                self.stack.append((kids, [], kid[1]))
            else:
                self.won = self.engine_line(moves + kids.moves)

    def fresh(self, steps: Iterable[Kid[M, P]]) -> list[Kid[M, P]] | Won[M]:
        """Of ``steps`` (the step's moves, the position reached), those whose position is
        unseen, in order, each marked seen; or ``Won`` with the moves of the first that
        reaches a won position.  The search keeps ``seen`` and gives ``key`` and
        ``is_won``."""
        out: list[Kid[M, P]] = []
        mark, is_won = self.mark, self.is_won
        for moves, child in steps:
            if not mark(child):
                continue
            if is_won(child):
                return Won(moves)
            out.append((moves, child))
        return out

    def mark(self, position: P) -> bool:
        """Mark ``position`` seen: False when it was seen already."""
        k = self.key(position)
        if k in self.seen:
            return False
        self.seen.add(k)
        return True

    def key(self, position: P) -> bytes:
        raise NotImplementedError

    def is_won(self, position: P) -> bool:
        raise NotImplementedError

    def line(self, moves: list[M]) -> list[M]:
        """The solver's moves from the start to the end of ``moves`` (a step off the top
        of the stack)."""
        out = list(self.prefix)
        for frame in self.stack[1:]:
            out += frame[1]
        return out + moves

    def lead(self) -> list[Move]:
        """Engine moves towards the best position seen."""
        return self.engine_line(self.best[1], finish=False)


class TalonSearch(DepthFirst[P, M]):
    """A search of a one-deck game whose stock is played K+ with unlimited passes: a
    position is its key without the talon's place (``split_key``) and that place.  A
    place off the cycle of whole turns (0, draw, 2·draw … all turned) reaches every card
    the cycle reaches and more; a place reaches every card a later place of its kind
    (the same remainder by draw) reaches, by turning the stock.  So a position whose
    talon place reaches no card that a place seen with the same rest of the key
    reaches has no step that position lacks (a card taken from the talon leaves the
    same talon and place whatever the place before): it is not searched again.  The
    positions seen are kept in ``places`` (``seen`` stays empty).

    Beside probes (``hunt.Hunt``), the complete search may keep the positions it has
    searched to the end, in the same form (``share_finished``), and the probes skip them
    and those they cover: below such a position lies no win that the complete search has
    not found or will not find from where it is (a step back onto its own line is the
    only step it cut off there).  A probe keyed more loosely (``loose_key``) asks with
    the complete search's key (``plain_key``).

    The game of twins may keep the positions it proves lost (``prove_into``), and the
    real game's searches skip them and those they cover (``skip_proven``), by the game
    of twins' key (``twin_key``): a position of the game of twins lost is every
    arrangement of its twins lost.  A position searched to the end is not yet proven
    lost when a step below it was cut off at a position seen but not yet searched to
    the end (a kid still waiting in a frame of the stack, or a position on it): it is
    lost once the frame that such a position waits on is finished too, as in Tarjan's
    search for strongly connected components.  ``low`` is the shallowest frame that
    the positions finished and not yet proven (``unproven``) wait on; when that frame is
    finished, they all are proven lost with it, since every step below them then leads
    to a position proven lost or among them.  The game of twins keeps it all in its
    table of positions seen, which it shares: for each key, the places seen (bits 0 to
    52), the places proven lost (the same bits from ``PROVEN``) and, from ``FRAME``, one
    more than the shallowest frame a position of that key was ever a kid in (any place:
    a step that reaches one of them may wait on a frame shallower than it needs to,
    never deeper)."""

    draw: int  # cards turned at a time
    loose_key = False  # a probe's key that counts more positions alike than the complete search's

    def __init__(self) -> None:
        super().__init__()
        self.places: dict[bytes, int] = {}  # key without the place → the places seen (bits)
        self.finished: dict[bytes, int] = {}  # the positions searched to the end, kept as places are
        self.skip: dict[bytes, int] | None = None  # a probe: the complete search's ``finished``
        self.twins = False  # searching the game's game of twins (keyed by kind, with trades) first
        self.traded = False  # the game of twins is won by a line that trades twins
        self.litter: list[Heap] = []  # the game of twins' containers, freed a piece at a time
        # the game of twins' table of positions seen and proven lost, by ``twin_key``
        self.proven: dict[bytes, int] = {}
        self.proving = False  # the game of twins, whose ``places`` is ``proven``
        self.keyed: dict[int, tuple[bytes, int]] = {}  # proving: a position not finished (by id) → its key and place
        self.unproven: list[tuple[bytes, int]] = []  # proving: finished, not yet proven
        self.low = NO_FRAME  # proving: the shallowest frame that ``unproven`` waits on

    def drop_twins(self) -> None:
        """The game of twins is won by a line that trades twins, which proves nothing:
        search the real game from the deal instead (``search_real``)."""
        parts: list[Heap] = [self.seen, self.stack, self.keyed, self.unproven]
        self.litter.extend(parts + ([] if self.places is self.proven else [self.places]))
        self.keyed, self.unproven = {}, []
        self.twins = self.traded = self.proving = self.keeps_finished = False
        self.won, self.exhausted = None, False
        self.seen, self.stack, self.places = set(), [], {}
        self.search_real()

    def search_real(self) -> None:
        """Start the real game's search at the deal, after the game of twins."""
        raise NotImplementedError

    def expand(self, nodes: int, deadline: float | None = None) -> int:
        sweep_within(self.litter, deadline)
        done = super().expand(nodes, deadline)
        if self.traded:
            self.drop_twins()
        return done

    def share_finished(self, table: dict[bytes, int], complete: bool) -> None:
        """The complete search keeps in ``table`` the positions it has searched to the end;
        a probe skips them."""
        if complete:
            self.finished = table
            self.keeps_finished = True
        else:
            self.skip = table

    def prove_into(self, table: dict[bytes, int]) -> None:
        """The game of twins keeps its positions seen in ``table``, and marks there the
        ones it proves lost."""
        self.proven = self.places = table
        self.proving = self.keeps_finished = True

    def skip_proven(self, table: dict[bytes, int]) -> None:
        """The real game skips the positions the game of twins has proved lost (``table``)."""
        self.proven = table

    @cached_property
    def place_covers(self) -> tuple[int, ...]:
        """``covers`` at this search's draw (asked once: a subclass sets ``draw`` after
        ``__init__``)."""
        return covers(self.draw)

    def twin_key(self, position: P, k: bytes) -> bytes:
        """The game of twins' key of ``position`` without the talon's place (``k``: its
        own)."""
        raise NotImplementedError

    def finisher(self) -> Callable[[P], None] | None:
        return self.proved if self.proving else super().finisher()

    def finished_with(self, position: P) -> None:
        k, place = self.plain_key(position)
        finished = self.finished
        finished[k] = finished.get(k, 0) | (1 if place < 0 else 1 << place)

    def proved(self, position: P) -> None:
        """The game of twins has searched the top frame's ``position`` to the end: lost
        now, with every position in ``unproven``, unless a step below it waits on a frame
        under it (``low``)."""
        kb = self.keyed.pop(id(position))
        if len(self.stack) - 1 > self.low:
            self.unproven.append(kb)
            return
        places = self.places
        k, bit = kb
        places[k] |= bit << PROVEN
        for k, bit in self.unproven:
            places[k] |= bit << PROVEN
        self.unproven = []
        self.low = NO_FRAME

    def mark_proving(self, position: P) -> bool:
        """``mark`` in the game of twins that proves as it goes.  A step that reaches a
        position seen and not proven lost (nor one whose place covers it) makes the
        search of the position being searched wait on the frame that position is a kid
        in (or a shallower one, ``FRAME``); one already finished and not proven waits on
        ``low`` already."""
        k, place = self.split_key(position)
        places = self.places
        had = places.get(k, 0)
        cover = SEEN if place < 0 else self.place_covers[place]  # (any place reaches what the cycle reaches)
        if had & cover:
            if not had >> PROVEN & cover:
                frame = (had >> FRAME) - 1
                if frame < len(self.stack) and frame < self.low:
                    self.low = frame
            return False
        bit = 1 if place < 0 else 1 << place
        frame = len(self.stack) + 1  # (a kid of the position being searched, whose frame comes next)
        old = had >> FRAME
        places[k] = had | bit if 0 < old <= frame else had & BELOW_FRAME | bit | frame << FRAME
        self.keyed[id(position)] = (k, bit)
        return True

    def plain_key(self, position: P) -> tuple[bytes, int]:
        """The complete search's ``split_key`` (the same unless ``loose_key``)."""
        return self.split_key(position)

    def parts(self) -> list[Heap]:
        return super().parts() + [self.places, self.keyed, self.unproven]

    def split_key(self, position: P) -> tuple[bytes, int]:
        """The key without the talon's place, and the place (-1: on the cycle)."""
        raise NotImplementedError

    def key(self, position: P) -> bytes:
        k, place = self.split_key(position)
        return k if place < 0 else k + b"\xfe" + bytes((place,))

    def mark(self, position: P) -> bool:
        if self.proving:
            return self.mark_proving(position)
        k, place = self.split_key(position)
        places = self.places
        had = places.get(k, 0)
        if place < 0:
            if had:
                return False  # any place reaches what the cycle reaches
            places[k] = cover = 1
        else:
            cover = self.place_covers[place]
            if had & cover:
                return False
            places[k] = had | 1 << place
        skip = self.skip
        if skip is not None:  # (kept as seen either way: asked once)
            done = skip.get(self.plain_key(position)[0] if self.loose_key else k, 0)
            if done and (place < 0 or done & cover):
                return False  # the complete search has searched it to the end
        proven = self.proven
        if proven:
            lost = proven.get(self.twin_key(position, k), 0) >> PROVEN & SEEN
            if lost and (place < 0 or lost & cover):
                return False  # the game of twins has proved it lost
        return True


def proven_places(table: dict[bytes, int], k: bytes) -> int:
    """The places (bits) of the positions of key ``k`` that the game of twins has proved
    lost (``TalonSearch.prove_into``)."""
    return table.get(k, 0) >> PROVEN & SEEN


def cover_of(draw: int, place: int) -> int:
    """The places (bits) that reach every card a ``place`` off the cycle reaches: the same
    place or an earlier one of its kind (the same remainder by ``draw``)."""
    return covers(draw)[place]


def covers(draw: int) -> tuple[int, ...]:
    """``cover_of`` for each place of a talon (of up to 52 cards) turned ``draw`` at a time."""
    table = COVERS.get(draw)
    if table is None:
        table = COVERS[draw] = tuple(sum(1 << a for a in range(place % draw, place + 1, draw)) for place in range(53))
    return table


NO_FRAME = 1 << 30  # (``TalonSearch.low`` when nothing waits)
# the game of twins' table (``TalonSearch.prove_into``): places seen, places proven lost, a frame
SEEN = (1 << 53) - 1
PROVEN = 64
FRAME = 128
BELOW_FRAME = (1 << FRAME) - 1
COVERS: dict[int, tuple[int, ...]] = {}  # draw → the places (bits) that reach all each place off the cycle does
