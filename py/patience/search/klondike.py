"""Klondike's own search: a depth-first search over a compact position, for every rule
of the game (unlimited or limited passes, one card turned or three, runs whole or any,
cards back from home or not).

The generic search (``best_first``) keeps an engine ``State`` and the step that reached
it for every position; that costs more than the search itself in Klondike, where a
losing deal has to be searched through hundreds of thousands of positions.  Here a
position is six small values, the transposition table a set of byte strings, and the
line is read off the depth-first stack (``klondike_position``):

- columns: seven ``bytes`` (cards bottom first) and their face-down counts;
- home: the rank at home per suit;
- the talon: ``bytes`` of waste then stock in dealing order, how many are turned, and
  how many turn-overs of the waste are left (-1: unlimited).

The moves and their pruning:

- The stock is played K+: every card that turning the stock can bring to the waste
  top is playable at once (one step: the turns and the card move).  With one card
  turned at a time and unlimited passes every talon card is always reachable, so the
  talon counts as a set in the key, and a talon card goes onto a column only when a
  card can go on it at once (any line can put it off until then).
- With unlimited passes, turning the stock goes round a cycle (0, draw, 2·draw … all
  turned, then 0 again): every position on it has the same future, so the key forgets
  where on it the talon is; a position whose talon place reaches no card that the place
  of one seen (the rest alike) reaches is not searched again (``TalonSearch``).  With
  limited passes the key keeps the place, and a position is not searched again when
  one alike with as many turn-overs left or more was; a card the stock brings up only
  after a turn-over is tried after the moves of its position that need none (but for a
  move that only makes room, which comes with the move that uses it: ``TURN_OVER``).
- A card goes home without branching when no card can need it any more
  (``games.klondike.safe_rank``, Solvitaire's rule: both foundations of the other
  colour within one rank, or within two with the other foundation of its colour within
  three).  A foundation card never comes back when that rule would send it straight
  home again, and only when a card can go on it or on the card it uncovers
  (``wanted_back``).
- Columns are interchangeable: sorted in the key.
- A move that only makes room is made only together with the move that uses the room
  (any line can put it off until then): a part of a run moved off its twin with the
  card under it going home or the twin coming onto it; a column emptied with the king
  that moves in.
- What a column offers (its top, its run, the kinds of card in the run, whether a king
  lies on other cards) depends on its cards and face-down count alone: it is worked out
  once per column seen, not once per position.
- Before searching, ``hopeless`` (a looser game) may show the deal lost at once.
- With unlimited passes the complete search searches *the game of twins* first
  (``KlondikeSearch``), a looser game whose positions are fewer: a loss there is a loss.
- Steps in order: cards home, moves that turn a face-down card (from the column with
  most of them first), cards from the stock, the other moves between columns, cards
  back from home; positions valued (for hints) by cards home, face-down cards, cards
  left in the talon and turn-overs left.
- ``klondike_hunt`` runs the complete search with shaken probes beside it, most of
  them short (``hunt.Hunt``).

A position is won when all its cards are face up and the talon is empty: each column
is then a run down in alternate colours, so its top is its lowest card and the lowest
card left is always on a top, next for its suit.

The line is kept as the solver's own moves; ``engine_line`` replays them through the
engine, spelling out the stock turns and the foundation each card goes to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..games.klondike import safe_rank
from ..moves import MOVE, Move
from ..rng import Rng
from ..state import State
from .budget import Heap
from .depth_first import TalonSearch, Won
from .hunt import Hunt, Searcher
from .model import TURN_OVER_IN_HAND, Model
from .klondike_position import (BY_KIND, DOWN, KIND, KING, KINGS, NONE, OF_KIND, R, SHAKE, TRADE_HOME, TURNS, TWIN,
                                WANTS, WHOLE, Offer, Position, Reach, S, SMove, face_up, hopeless, offer, position_of,
                                take, tradable, wanted_back, with_home)
from .talon import BACK, PILE, TALON, TALON_HOME, TO_HOME, EngineLine, Hit, talon_place, talon_reach, turned_over

if TYPE_CHECKING:
    from ..game import Game

Kid = tuple[list[SMove], Position]
# what a turn-over of the waste adds to a stock card's place in the order, with limited
# passes (trial seeds 1-100 at 2 s, draw 1 and 3 passes: 54 won with none, 64 with 3, 66
# with 6 and 10)
TURN_OVER = 6.0
TRADE_LAST = 100.0  # the game of twins: a trade comes after every other move


class KlondikeSearch(TalonSearch[Position, SMove]):
    """A depth-first search of one Klondike position, run in bounded pieces.

    ``expand(nodes, deadline)`` searches on; then ``won`` is the winning line (engine
    moves) once found, ``exhausted`` says every reachable position was searched (the
    deal is lost), ``lead()`` the moves towards the best position seen (hints).

    *The game of twins* is Klondike with one move more: when a column's top card and
    its twin (the other card of its rank and colour) both lie face up in the columns
    and the twin is next for its suit, the twin goes home and the top card takes its
    place (``TRADE_HOME``).  Every real line is a line of it, so a position it loses is
    lost.  Two positions that differ only in which of two face-up twins lies where (the
    bulk of a hard deal's space) have the same moves in it, up to that difference: a
    card going home from one is a trade from the other, and every other move sees only
    ranks and colours, the face-down cards, the talon and the cards home, which they
    share.  So they are one position of the game of twins, keyed by kinds like the
    probes by kinds, and searching one searches both (with its columns in the same
    order, which the real game does not care about).  For that, the search's own
    shortcuts must not tell them apart either; with twins:

    - a card that nothing can need goes home by itself (``close``) only when its twin is
      not face up in a column: in the other arrangement the twin would lie there, and
      it may not be next;
    - a part of a run moved off a card onto that card's twin may take the twin of the
      part's base onto the card even when the card could go home by itself (``uses``),
      for the same reason.

    A win of the game of twins whose line trades proves nothing: the search then starts
    again at the deal in the real game (``drop_twins``).  A win without trades is a real
    win; trades are tried after every other move of a position, so such a win comes
    first where one is near.  A hard lost deal is proven lost in fewer positions, often
    many times fewer (docs/winnability.md has the counts)."""

    def __init__(self, game: "Game", state: State, probe: int = 0, twins: bool = False) -> None:
        """``twins``: search the game of twins first (see the class docstring), the real
        game once it is won by a line that trades.  ``probe`` > 0: a probe instead of the
        complete search, its order of moves shaken by a generator seeded with ``probe``;
        probes of three sorts take turns, and none proves anything.  Probe 1, 4, 7 … is a
        quick one: every card that can go home goes, no card comes back and no part of a
        run moves; it finds wins (often sooner, in its smaller space).  The others have
        every move of the complete search, in another order, and a coarser key.  Probe 2,
        5, 8 … counts a face-up card by its kind: it skips positions that differ from
        one seen only in which of two like cards lies where (most of a hard deal's
        space).  Probe 3, 6, 9 … keeps of the face-up cards only the kinds of the column
        tops: it skips every other arrangement of the same runs, and more (it may skip
        the only way to a win), so it reaches furthest of all."""
        super().__init__()
        self.game = game
        self.quick = probe % 3 == 1
        self.twins = twins
        self.by_kind = probe % 3 == 2 or twins
        self.by_tops = probe > 0 and probe % 3 == 0
        self.rng = Rng(probe, "klondike probe") if probe else None
        self.cols_at = tuple(game.index[f"t{i}"] for i in range(1, 8))
        self.draw = game.layout.draw
        self.limited = game.layout.passes is not None  # the waste turned over a few times at most
        self.any_run = game.options["runs"] == "any" and not self.quick
        self.back = game.options["foundation_return"] == "on" and not self.quick
        self.set_talon = self.draw == 1 and not self.limited  # every talon card always in reach
        self.start = state
        self.offers: dict[tuple[bytes, int], Offer] = {}
        self.reaches: dict[tuple[bytes, int, int], Reach] = {}
        self.pieces: dict[tuple[bytes, int], bytes] = {}  # (column, face-down count) → its part of a key by kinds
        self.open(not probe)

    def open(self, full: bool) -> None:
        """Start the search at the deal (``full``: a complete search, which the looser
        game ``hopeless`` may show lost at once)."""
        moves, root = self.close([], position_of(self.game, self.start))
        won = self.is_won(root)
        self.begin((moves, root), won, lost=full and not won and hopeless(root, self.back, self.draw))
        if self.traded:
            self.drop_twins()

    def search_real(self) -> None:
        self.litter.append(self.pieces)
        self.pieces = {}
        self.by_kind = False
        self.open(True)

    def parts(self) -> list[Heap]:
        return super().parts() + [self.offers, self.reaches, self.pieces] + self.litter

    # -- positions ---------------------------------------------------------------
    def split_key(self, p: Position) -> tuple[bytes, int]:
        """The key without the talon's place, and the place (``TalonSearch``); with
        limited passes the whole key and how many turn-overs are left (``mark``)."""
        cols, down, home, talon, pos, left = p
        if self.limited:
            rest, place = talon + b"\xfe" + bytes((pos,)), left
        else:
            rest, place = talon_place(talon, pos, self.draw)
        if self.by_tops:
            hidden = b"\xff".join(sorted([col[:d] + DOWN[d] for col, d in zip(cols, down) if d]))
            return hidden + bytes(sorted([KIND[col[-1]] for col in cols if col])) + b"\xfd" + bytes(home) + rest, place
        if self.by_kind:
            pieces = self.pieces  # a column's part of the key, worked out once per column seen
            keyed = []
            for spot in zip(cols, down):
                piece = pieces.get(spot)
                if piece is None:
                    col, d = spot
                    piece = pieces[spot] = col[:d] + col[d:].translate(BY_KIND) + DOWN[d]
                keyed.append(piece)
            keyed.sort()
            return b"\xff".join(keyed) + bytes(home) + rest, place
        return b"\xff".join(sorted([col + DOWN[d] for col, d in zip(cols, down)])) + bytes(home) + rest, place

    def mark(self, p: Position) -> bool:
        """``TalonSearch.mark``; with limited passes, a position is not searched again when
        one alike with as many turn-overs left or more was: it has every line this one has."""
        if not self.limited:
            return super().mark(p)
        k, left = self.split_key(p)
        places = self.places
        if places.get(k, -1) >= left:
            return False
        places[k] = left
        return True

    @staticmethod
    def is_won(p: Position) -> bool:
        return not p[3] and not any(p[1])

    @staticmethod
    def score(p: Position) -> int:
        """Cards home, less face-down and talon cards; a turn-over still allowed is worth
        four cards home (``TURN_OVER_IN_HAND``)."""
        return 4 * sum(p[2]) - sum(p[1]) - len(p[3]) + TURN_OVER_IN_HAND * max(p[5], 0)

    def close(self, moves: list[SMove], p: Position) -> tuple[list[SMove], Position]:
        """Play the cards home that nothing can need, while there are any (with twins,
        only those whose twin is not face up in a column)."""
        cols, down, home, talon, pos, left = p
        again = True
        while again:
            again = False
            for c in range(7):
                col = cols[c]
                if col:
                    card = col[-1]
                    s = S[card]
                    if R[card] == home[s] + 1 and self.by_itself(card, cols, down, home):
                        moves = moves + [(TO_HOME, c, 0, 1)]
                        cols, down = take(cols, down, c, 1)
                        home = with_home(home, s, R[card])
                        again = True
            if self.set_talon:
                for i, card in enumerate(talon):
                    s = S[card]
                    if R[card] == home[s] + 1 and (self.quick or safe_rank(R[card], s, home)):
                        moves = moves + [(TALON_HOME, i, 0, 1)]
                        talon, pos = talon[:i] + talon[i + 1:], i
                        home = with_home(home, s, R[card])
                        again = True
                        break
        return moves, (cols, down, home, talon, pos, left)

    def by_itself(self, card: int, cols: tuple[bytes, ...], down: tuple[int, ...], home: tuple[int, ...]) -> bool:
        """Whether a column's top ``card``, next for its suit, goes home without
        branching: nothing can need it (any card, in a quick probe), and with twins its
        twin is not face up in a column."""
        return (self.quick or safe_rank(R[card], S[card], home)) and not (
            self.twins and face_up(cols, down, TWIN[card]))

    # -- moves -------------------------------------------------------------------
    def children(self, p: Position) -> list[Kid] | Won[SMove]:
        """The unseen positions one step on, best first (each marked seen), or
        ``Won`` with the moves to a won position when there is one."""
        cols, down, home, talon, pos, left = p
        takes: list[list[int]] = [NONE] * 28  # kind of card → columns whose top takes it
        wanted: list[int] = []  # the kinds some column takes
        empty = -1
        runs = [0] * 7
        parts: list[tuple[tuple[int, int, int, int], ...]] = [()] * 7
        # cards that could be laid on a column top now; and whether a king could use an
        # empty column
        free: set[int] = set()
        kings = False
        offers, any_run = self.offers, self.any_run
        for c in range(7):
            col = cols[c]
            if col:
                spot = (col, down[c])
                known = offers.get(spot)
                if known is None:
                    known = offers[spot] = offer(col, down[c], any_run)
                wants, runs[c], movable, king, parts[c] = known
                if takes[wants]:
                    takes[wants].append(c)
                else:
                    takes[wants] = [c]
                    wanted.append(wants)
                free.update(movable)
                kings = kings or king
            elif empty < 0:
                empty = c
        where = (talon, pos, left)
        reach = self.reaches.get(where)
        if reach is None:
            reach = self.reaches[where] = self.reach(talon, pos, left)
        in_reach, by_card, by_kind, talon_kings = reach
        free |= in_reach
        kings = kings or bool(talon_kings)
        if self.back:
            for s in range(4):
                if home[s]:
                    card = s * 13 + home[s] - 1
                    free.add(card)
                    if home[s] == KING:
                        kings = True

        found: list[tuple[float, int, SMove | tuple[SMove, SMove]]] = []
        # cards home from the columns
        for c in range(7):
            if runs[c]:
                card = cols[c][-1]
                if R[card] == home[S[card]] + 1:
                    found.append((0.0, len(found), (TO_HOME, c, 0, 1)))
                if self.twins and tradable(p, card):
                    # last of all: a line without trades is a real win, one with them
                    # starts the search again in the real game
                    found.append((TRADE_LAST, len(found), (TRADE_HOME, c, 0, 1)))
        # cards from the stock, home or onto a column, listed as they come in the talon
        # (then home before the columns, by column): the order ties and a probe's
        # shaking follow
        if in_reach:
            stock: list[tuple[int, float, SMove]] = []
            for s in range(4):
                if home[s] < KING:
                    hit = by_card.get(s * 13 + home[s])
                    if hit is not None:
                        clicks, order, i = hit
                        stock.append((order * 8, 0.5 + clicks, (TALON_HOME, i, 0, 1)))
            for kind in wanted:
                dsts = takes[kind]
                for clicks, order, i in by_kind.get(kind, ()):
                    if self.set_talon and free.isdisjoint(OF_KIND[WANTS[talon[i]]]):
                        continue  # with every talon card in reach, it leaves only to take a card at once
                    for dst in dsts:
                        stock.append((order * 8 + 1 + dst, 2 + clicks, (TALON, i, dst, 1)))
            if empty >= 0:
                for clicks, order, i in talon_kings:
                    if self.set_talon and free.isdisjoint(OF_KIND[WANTS[talon[i]]]):
                        continue
                    stock.append((order * 8 + 1 + empty, 2 + clicks, (TALON, i, empty, 1)))
            stock.sort()
            for _, priority, move in stock:
                found.append((priority, len(found), move))
        # column to column
        for c in range(7):
            for n, base, kind, does in parts[c]:
                if kind < 0:
                    if empty < 0:
                        continue
                    targets = [empty]
                else:
                    targets = takes[kind]
                    if not targets:
                        continue
                if does == WHOLE:
                    if not kings:
                        continue  # an empty column is only of use to a king
                    for dst in targets:
                        for card in KINGS:
                            for use in self.sources(p, card, c, runs, by_card, free, (dst, n)):
                                found.append((3.0, len(found), ((PILE, c, dst, n), use)))
                    continue
                if does == TURNS:
                    priority = 1 - 0.01 * down[c]  # turns a face-down card
                else:
                    for use in self.uses(p, c, n, base, runs, by_card, free):
                        for dst in targets:
                            found.append((5.0, len(found), ((PILE, c, dst, n), use)))
                    continue
                for dst in targets:
                    found.append((priority, len(found), (PILE, c, dst, n)))
        # foundation cards back onto the columns
        if self.back:
            for s in range(4):
                rank = home[s]
                if not rank or safe_rank(rank, s, with_home(home, s, rank - 1)):
                    continue
                if not wanted_back(s, rank, lambda kind: not free.isdisjoint(OF_KIND[kind]), takes.__getitem__):
                    continue
                card = s * 13 + rank - 1
                if rank == KING:
                    targets = [empty] if empty >= 0 else []
                else:
                    targets = takes[KIND[card]]
                for dst in targets:
                    found.append((6.0, len(found), (BACK, s, dst, 1)))
        if self.rng is not None:
            below = self.rng.below
            found = [(priority + below(1024) * SHAKE, i, move) for priority, i, move in found]
        found.sort()

        return self.fresh(self.advance(p, move) for _, _, move in found)

    def advance(self, p: Position, move: SMove | tuple[SMove, SMove]) -> tuple[list[SMove], Position]:
        """``move`` (or a move that only makes room and the move that uses the room) from
        ``p``, then the cards home that nothing can need."""
        if len(move) == 2:
            first, use = move
            return self.close([first, use], self.after(self.after(p, first), use))
        child = self.after(p, move)
        what = move[0]
        # ``p`` had no card to play home by itself (with twins, none but cards whose twin
        # is face up, which stays so): after a move between the columns or from the
        # talon only the new top of one column may have one; a card back from home makes
        # none safe
        if what == PILE or what == TALON:
            col = child[0][move[1] if what == PILE else move[2]]
            card = col[-1] if col else -1
            if card >= 0 and R[card] == child[2][S[card]] + 1 and self.by_itself(card, child[0], child[1], child[2]):
                return self.close([move], child)
            return [move], child
        if what == BACK:
            return [move], child
        return self.close([move], child)

    def reach(self, talon: bytes, pos: int, left: int) -> Reach:
        """What turning the stock offers (``talon.talon_reach``), the kings apart."""
        if left < 0:  # unlimited passes: going round costs only its clicks
            in_reach, by_card, by_kind = talon_reach(talon, pos, self.draw, KIND)
        else:
            in_reach, by_card, by_kind = talon_reach(talon, pos, self.draw, KIND, left, TURN_OVER)
        kings = sorted(by_kind.pop(KING * 2, []) + by_kind.pop(KING * 2 + 1, []), key=lambda hit: hit[1])
        return in_reach, by_card, by_kind, tuple(kings)

    def after(self, p: Position, move: SMove) -> Position:
        cols, down, home, talon, pos, left = p
        what, a, b, n = move
        if what == TO_HOME:
            card = cols[a][-1]
            cols, down = take(cols, down, a, 1)
            return cols, down, with_home(home, S[card], R[card]), talon, pos, left
        if what == PILE:
            moving = cols[a][-n:]
            cols, down = take(cols, down, a, n)
            cl = list(cols)
            cl[b] = cl[b] + moving
            return tuple(cl), down, home, talon, pos, left
        if what == TALON_HOME or what == TALON:
            if left > 0 and turned_over(len(talon), pos, self.draw, a):
                left -= 1
            if what == TALON_HOME:
                card = talon[a]
                return cols, down, with_home(home, S[card], R[card]), talon[:a] + talon[a + 1:], a, left
            cl = list(cols)
            cl[b] = cl[b] + talon[a:a + 1]
            return tuple(cl), down, home, talon[:a] + talon[a + 1:], a, left
        if what == TRADE_HOME:
            x = cols[a][-1]
            twin = TWIN[x]
            cl = list(cols)
            for c, col in enumerate(cl):
                i = col.find(twin)
                if i >= 0:
                    cl[c] = col[:i] + bytes((x,)) + col[i + 1:]
                    break
            cl[a] = cl[a][:-1] + bytes((twin,))
            cols, down = take(tuple(cl), down, a, 1)
            return cols, down, with_home(home, S[twin], R[twin]), talon, pos, left
        # BACK
        cl = list(cols)
        cl[b] = cl[b] + bytes((a * 13 + home[a] - 1,))
        return tuple(cl), down, with_home(home, a, home[a] - 1), talon, pos, left

    def uses(self, p: Position, c: int, n: int, base: int, runs: list[int], by_card: dict[int, Hit],
             free: set[int]) -> list[SMove]:
        """The moves that use the room made by moving the top n cards of column c (a
        part of its run) off the card under them: that card goes home (or, with twins,
        its twin by a trade), or the other card of ``base``'s kind comes onto it.  (So
        that the run under it can move on is no reason: that run can move with the part
        on top, and the part come off later, when the card under it is wanted, to the
        same positions.)  Any line can put the part's move off until just before its room
        is used, so the two are one step."""
        cols, home = p[0], p[2]
        under = cols[c][-n - 1]
        s = S[under]
        out: list[SMove] = []
        if R[under] == home[s] + 1:
            out.append((TO_HOME, c, 0, 1))
            if safe_rank(R[under], s, home) and not (self.twins and face_up(cols, p[1], TWIN[under])):
                return out  # nothing can need the card under: it goes home by itself
        if self.twins and tradable(p, under):
            out.append((TRADE_HOME, c, 0, 1))
        return out + self.sources(p, TWIN[base], c, runs, by_card, free)

    def sources(self, p: Position, card: int, dst: int, runs: list[int], by_card: dict[int, Hit],
                free: set[int], landed: tuple[int, int] = (-1, 0)) -> list[SMove]:
        """The moves that bring ``card`` (with what lies on it) onto column ``dst``, from
        another column, the talon or home, where it is free to go; a talon card with
        every talon card in reach only when a card can go on it at once; not a king that
        already lies at the bottom of its column.  ``landed``: a column and how many
        cards a move just before laid on it."""
        if card not in free:
            return []
        cols, home = p[0], p[2]
        out: list[SMove] = []
        for c in range(7):
            if c != dst and runs[c] and card in cols[c][-runs[c]:]:
                size = len(cols[c]) + (landed[1] if c == landed[0] else 0)
                n = size - cols[c].index(card)
                if n < size or R[card] != KING:
                    out.append((PILE, c, dst, n))
        hit = by_card.get(card)
        if hit is not None and not (self.set_talon and free.isdisjoint(OF_KIND[WANTS[card]])):
            out.append((TALON, hit[2], dst, 1))
        s = S[card]
        if self.back and home[s] == R[card] and not safe_rank(R[card], s, with_home(home, s, R[card] - 1)):
            out.append((BACK, s, dst, 1))
        return out

    # -- the search (DepthFirst): a kid is (the step's moves, the position) ---------------
    def dive(self, kid: Kid) -> list[Kid] | Won[SMove]:
        return self.children(kid[1])

    def value(self, kid: Kid) -> float:
        return self.score(kid[1])

    # -- back to the engine ----------------------------------------------------------
    def engine_line(self, moves: list[SMove], finish: bool = True) -> list[Move]:
        """The solver's moves as engine moves from the start (the stock turns spelt
        out), then, when ``finish``, every card home.  With twins, a line that trades
        gives no engine moves: a win (``finish``) marks the search ``traded`` and gives
        [], a line to the best position stops before its first trade."""
        if self.twins:
            traded = next((i for i, move in enumerate(moves) if move[0] == TRADE_HOME), -1)
            if traded >= 0:
                if finish:  # a win of the game of twins only
                    self.traded = True
                    return []
                moves = moves[:traded]  # towards the best position: the real moves before the first trade
        game = self.game
        cols = self.cols_at
        line = EngineLine(game, self.start, self.draw)
        play, home_of = line.play, line.home_of
        for move in moves:
            line.step(move, cols)
        while finish and not game.is_won(line.state):
            for c in cols:
                pile = line.state.piles[c]
                if pile and game.is_legal(line.state, Move(MOVE, c, home_of(S[pile[-1]]), 1)):
                    play(Move(MOVE, c, home_of(S[pile[-1]]), 1))
                    break
            else:
                break  # the caller's check of the line will say it does not win
        return line.moves


def klondike_hunt(game: "Game", state: State) -> Hunt:
    """The complete search (with unlimited passes, the game of twins first) and its
    probes (``hunt.Hunt``): quick probes, probes by kinds and probes by tops take turns,
    most of them short (restarts by Luby's sequence, 128 positions a unit).  The
    complete search has half the turns: many deals are lost, and only it proves a loss.
    With limited passes the game of twins decided fewer deals (trial seeds 1-100 at 2 s:
    66 won and 3 lost with it, 67 and 3 without, draw 1 and 3 passes; 40 and 26, 41 and
    27, draw 3; 6 and 33, 7 and 35, draw 1 and one pass)."""
    twins = game.layout.passes is None
    return Hunt(lambda probe: KlondikeSearch(game, state, probe, twins=twins and not probe), unit=128, share=(1, 2))


class KlondikeModel(Model):
    """Klondike's model: the generic one (auto-play's safe moves come from the game's
    hooks), with Klondike's own search in place of the best-first one."""

    def searcher(self, state: State) -> Searcher | None:
        return klondike_hunt(self.game, state)
