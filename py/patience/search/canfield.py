"""Canfield's own search: a depth-first search over a compact position, for unlimited
passes through the stock (the game's default), with or without cards back from home.

As in Klondike's (``klondike``), the generic search's engine ``State`` per position
costs more than the search itself; here a position is five small values, the
transposition table byte strings and the line is read off the depth-first stack:

- the four piles: ``bytes`` (cards bottom first); each is always a run down in
  alternate colours, since a card only ever lands on a pile by the building rule or
  alone in an empty one;
- the reserve: how many of its cards are left (they leave from the top only);
- home: how many cards of each suit are on the foundations (``bytes``, one object kept
  for each, so that its hash is worked out once);
- the talon: ``bytes`` of waste then stock in dealing order, and how many are turned.

Ranks are counted from the base rank (1 for the base), so the wrap (a king on an ace,
a base on its foundation after the rank below) needs no case of its own.

- The stock is played K+: every card that turning the stock can bring to the waste top
  is playable at once, and the key forgets where on its cycle the talon is (with
  unlimited passes every place on the cycle has the same future); with one card turned
  at a time the talon counts as a set.  A position whose talon place reaches no card
  that the place of one seen (the rest alike) reaches is not searched again
  (``depth_first.TalonSearch``).
- A card goes home without branching when no card can need it any more: both suits of
  the other colour are home up to one rank below it (never the base: a card of the
  rank below may still wrap onto it).
- A position with a card buried for good is lost (``buried_lock``): a card under one
  that can neither go home (a card of its suit of a lower rank lies under them) nor move
  on to its twin (home, or under it too), as a base card of a suit not started under a
  king, with the other base of its colour home.  Asked of each position searched, and
  never where cards come back from home.
- The complete search searches *the game of twins* first, as Klondike's does: Canfield
  with one move more, a trade (a pile top's twin, the other card of its rank and
  colour, lies on a pile and is next home: it goes home and the top card takes its
  place).  Every real line is a line of it, and two positions that differ only in which
  of two twins lies where on the piles have the same moves in it, so they are one
  position, keyed by kind; a card nothing needs goes home by itself only when its twin
  is off the piles.  A card buried for good counts only when no arrangement of twins
  frees it (``twins_lock``).  A loss of the game of twins is a loss; a win that trades
  proves nothing, and the search starts again at the deal in the real game.  What the
  game of twins proved lost on the way (``TalonSearch.prove_into``) the real game's
  searches skip, the probes beside it included: held-out 100131's real game, searched
  alone, spent 71,000 positions on ground its game of twins had proved lost.
- Piles are interchangeable: sorted in the key.  A whole pile moves off only when that
  lets the reserve's top card in, or, once the reserve is empty, a waste card can use
  the empty pile.  It moves whatever its length: with the wrap a pile may hold more
  than 13 cards, and neither this search nor the engine caps a move's length.  A card comes back from home (when the option allows) only when it
  would not go straight home again: some card may then need it.
- Moves in order: cards home from the piles and the reserve, cards home from the stock,
  the reserve's top card onto a pile, whole piles that let the reserve in; then, about
  even, a pile's top card that uncovers a card that can go home and cards from the stock
  onto the piles; cards from the stock into an empty pile, whole piles that leave an
  empty one, the other top cards, cards back from home.
- The hunt (``hunt.Hunt``) runs the complete search with shaken probes beside
  it: quick probes (every card that can go home goes) and probes with every move that
  count a pile card by its rank and colour in the key; a probe that has searched
  ``STALL`` positions without a better one than its best gives way to the next (a
  winning dive keeps finding better positions).  Only the complete search proves
  a deal lost.  The probes skip the positions the complete search has searched to the
  end (``TalonSearch.share_finished``): without that, most of a probe's positions in an
  undecided deal (57–98% on five trial deals) were ones it had already searched.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Callable

from ..games.common import homes
from ..cards import RED_OF, SUIT_OF
from ..games.canfield import nothing_needs, refill
from ..moves import MOVE, Move
from ..rng import Rng
from .budget import Heap
from .model import TURN_OVER_IN_HAND, Lock, Model, PileParts
from ..state import State
from .depth_first import TalonSearch, Won
from .hunt import Hunt, Searcher
from .canfield_tables import Homes
from .canfield_locks import Held, TwinsPart, buried_lock, from_base, joined_lock, pile_locks, twins_lock
from .talon import BACK, PILE, TALON, TALON_HOME, TO_HOME, EngineLine, Reach, talon_place, talon_reach

if TYPE_CHECKING:
    from ..game import Game

S = SUIT_OF[:52]
RED = tuple(int(r) for r in RED_OF[:52])
NONE: list[int] = []  # no pile (never appended to)
SHAKE = 2.5 / 1024  # how far a probe shakes the order of the moves (priorities run 0 to 5)
STALL = 64  # a probe that has searched this many positions since it last saw a better one is dropped
TWINS_ALONE = 13_333  # the game of twins has every turn of the hunt once it has searched this many positions
REAL_SHARE = (1, 2)  # the complete search's share of the turns in the real game after the game of twins

# the solver's moves: (what, a, b, n), those of talon.py (TO_HOME, PILE: n cards, the
# top one or the whole pile, from pile a onto pile b, TALON_HOME, TALON, BACK) and
RESERVE_HOME = 5  # the reserve's top card home
RESERVE = 6  # the reserve's top card onto pile b
TRADE = 7  # the game of twins only: pile a's top card takes the place of its twin, card n of pile b, which goes home
TRADE_LAST = 100.0  # the game of twins: a trade comes after every other move
first = itemgetter(0)
LEFT = tuple(bytes((0xfd, left)) for left in range(53))  # a key's part after the piles, by the cards left in the reserve
HOME_MOVES = frozenset((TO_HOME, RESERVE_HOME, TALON_HOME, TRADE, BACK))  # the moves that change what is home

Position = tuple[tuple[bytes, ...], int, bytes, bytes, int]
SMove = tuple[int, int, int, int]
Kid = tuple[list[SMove], Position]


# what turning the stock offers, by the talon and its place (talon_reach); each pile's
# part of buried_lock (pile_locks), by the cards home and the pile; the positions the
# complete search has searched to the end (TalonSearch.share_finished), which the probes
# skip; and those the game of twins has proved lost (TalonSearch.prove_into), which the
# real game's searches skip
Memos = tuple[dict[tuple[bytes, int], Reach], dict[tuple[bytes, bytes], tuple[tuple[int, int, int] | None, Held]],
              dict[bytes, int], dict[bytes, int]]


class CanfieldModel(Model):
    """The generic model of Canfield, with Canfield's own search in its place where it
    applies (unlimited passes); with limited passes, a score that values the turn-overs
    left."""

    def searcher(self, state: State) -> Searcher | None:
        game = self.game
        if game.layout.passes is not None:
            return None
        # two turns in three for the complete search, which proves losses (buried_lock);
        # trial seeds 1-200 at 2 s: 140 won / 27 lost against 139 / 24 at one in three
        memos: Memos = ({}, {}, {}, {})  # the talon's reach, the locks by pile, what is finished, proven: shared
        return Hunt(lambda probe: CanfieldSearch(game, state, probe, memos, twins=True), unit=256, share=(2, 3),
                    stall=STALL)

    def why_lost(self, state: State) -> Lock | None:
        """A card buried for good (``buried_lock``), where no card comes back from home:
        the card, the card on it, and the card under them that must go home first and the
        card's twin, which is home ("buried_home"), under the card ("buried_under") or
        buried the same way ("buried_buried")."""
        game = self.game
        if game.options["foundation_return"] == "on":
            return None
        rel, twin = from_base(game.info_value(state, "base"))
        at = tuple(game.index[f"t{i}"] for i in range(1, 5))
        piles = tuple(bytes(state.piles[i]) for i in at)
        home = tuple(homes(game.foundations, state.piles)[0])
        found = buried_lock(piles, home, S, rel, twin)
        if found is None:
            return None
        card, on, low = found
        pile, cards = next((i, cards) for i, cards in zip(at, piles) if card in cards)
        other = twin[card]
        where = "home" if rel[other] <= home[S[other]] else \
            "under" if cards.find(other, 0, cards.index(card)) >= 0 else "buried"
        return Lock(f"buried_{where}", pile, card, (on,), (low, other))

    def score(self, state: State) -> float:
        """The generic score, and a turn-over still allowed worth four cards home (limited
        passes: seeds 1-100 at 2 s, 4 passes, 6 won and 20 lost without it, 23 and 19 with
        it; 22 and 14 won with two and eight cards)."""
        return super().score(state) + TURN_OVER_IN_HAND * (self.game.recycles_left(state) or 0)


class CanfieldSearch(TalonSearch[Position, SMove]):
    """A depth-first search of one Canfield position, run in bounded pieces
    (``depth_first.DepthFirst``)."""

    def __init__(self, game: "Game", state: State, probe: int = 0, memos: Memos | None = None,
                 twins: bool = False) -> None:
        """``probe`` > 0: a probe instead of the complete search, its order of moves
        shaken by a generator seeded with ``probe``.  An odd probe is a quick one: every
        card that can go home goes at once.  An even probe has every move and counts a
        pile card by its rank and colour in the key.  Neither proves anything.  ``memos``:
        the tables the searches of one position share (the probes restart from it, and
        meet the same talons and piles again).  ``twins``: search the game of twins first
        (``twins_lock``; where no card comes back from home)."""
        super().__init__()
        self.game = game
        self.start = state
        self.quick = probe % 2 == 1
        self.by_kind = probe > 0 and not self.quick
        self.rng = Rng(probe, "canfield probe") if probe else None
        self.piles_at = tuple(game.index[f"t{i}"] for i in range(1, 5))
        self.reserve_at = game.index["reserve"]
        self.reserve = bytes(state.piles[self.reserve_at])
        self.draw = game.layout.draw
        self.set_talon = self.draw == 1  # every talon card always in reach
        self.back = game.options["foundation_return"] == "on" and not self.quick
        base = game.info_value(state, "base")
        # ranks counted from the base: 1 the base, 13 the rank below it
        rel, self.twin = from_base(base)
        self.rel = rel
        self.kind = tuple(rel[c] * 2 + RED[c] for c in range(52))  # what a card is for building
        # the kind a card takes on it: one rank below (the base takes the 13th), the other colour
        self.wants = tuple(((rel[c] - 2) % 13 + 1) * 2 + 1 - RED[c] for c in range(52))
        self.card_of = {(S[c], rel[c]): c for c in range(52)}
        # the next card of each suit home, by the cards home (-1: the suit is home)
        self.next_home = tuple(tuple(self.card_of[s, h + 1] for h in range(13)) + (-1,) for s in range(4))
        self.memos: Memos = memos if memos is not None else ({}, {}, {}, {})
        self.shared = memos is not None  # the tables of a hunt, shared with its probes
        self.reaches = self.memos[0]
        self.safe: dict[bytes, frozenset[int]] = {}  # cards home -> the cards that go home at once
        self.homes = homes = Homes(self.next_home)  # (its steps, bound once: asked of every kid)
        self.with_home, self.with_less, self.home_of = homes.with_home, homes.with_less, homes.home_of
        self.nexts, self.nexts_of = homes.nexts, homes.nexts_of
        # a card buried for good under the card on it (``buried_lock``): no card comes back from home
        self.locks = game.options["foundation_return"] != "on"
        self.pile_memo = self.memos[1]
        self.kinds = PileParts(bytes(100 + self.kind[c] if c < 52 else c for c in range(256)))  # (``split_key``)
        # each pile's part of twins_lock, by the cards home and the pile
        self.twins_memo: dict[tuple[bytes, bytes], TwinsPart] = {}
        self.twins = twins and self.locks and probe == 0
        self.played_twins = self.twins  # (the real game comes after it)
        self.search_real()

    def search_real(self) -> None:
        """Search from the deal: the game of twins (keyed by kind) while ``twins``, else
        the real game."""
        self.by_kind = self.twins or (self.rng is not None and not self.quick)
        if not self.twins and self.twins_memo:  # the game of twins is over
            self.litter.append(self.twins_memo)
            self.twins_memo = {}
        self.loose_key = self.by_kind
        if self.shared and not self.twins:  # beside probes: they skip what the complete search has finished
            self.share_finished(self.memos[2], self.rng is None)
        if self.twins:
            self.prove_into(self.memos[3])
        else:
            self.skip_proven(self.memos[3])
        moves, root = self.close([], self.position_of(self.start))
        self.begin((moves, root), self.is_won(root), self.locked(root))
        if self.traded:  # won by trading at the first step
            self.drop_twins()

    @property
    def turns_wanted(self) -> tuple[int, int] | None:
        """The game of twins that has searched ``TWINS_ALONE`` positions without a win has
        every turn until it ends: such a deal is mostly lost, which only it proves.  After
        it, the real game's complete search has one turn in two (``REAL_SHARE``): the
        probes then skip what the game of twins proved lost."""
        if self.twins:
            return (1, 1) if self.nodes >= TWINS_ALONE else None
        return REAL_SHARE if self.played_twins else None

    def parts(self) -> list[Heap]:
        """The shared tables outlive each probe (a dropped probe's parts are emptied): the
        complete search, which lasts as long as they do, counts them."""
        own: list[Heap] = [self.safe, self.kinds, self.twins_memo, *self.homes.tables()]
        return super().parts() + own + self.litter + ([] if self.rng is not None else list(self.memos))

    # -- positions ---------------------------------------------------------------
    def position_of(self, state: State) -> Position:
        game = self.game
        home = homes(game.foundations, state.piles)[0]
        waste, stock = state.piles[game.waste], state.piles[game.stock]
        return (tuple(bytes(state.piles[i]) for i in self.piles_at), len(state.piles[self.reserve_at]),
                self.home_of(bytes(home)), bytes(waste + stock[::-1]), len(waste))

    def split_key(self, p: Position, by_kind: bool = False) -> tuple[bytes, int]:
        """The key without the talon's place (the pile cards by kind in the game of twins
        and a probe keyed so, or with ``by_kind``), and the place."""
        piles, left, home, talon, pos = p
        if by_kind or self.by_kind:
            kinds = self.kinds
            p0, p1, p2, p3 = piles  # (no comprehension: a call of its own in this Python)
            parts = sorted((kinds[p0], kinds[p1], kinds[p2], kinds[p3]))
        else:
            parts = sorted(piles)
        if self.set_talon:
            rest, place = talon_place(talon, pos, 1)
        else:  # (talon_place, inline)
            rest, place = talon, (pos if pos % self.draw and pos != len(talon) else -1)
        parts += (LEFT[left], home, rest)
        return b"\xff".join(parts), place

    def twin_key(self, p: Position, k: bytes) -> bytes:
        return k if self.by_kind else self.split_key(p, by_kind=True)[0]

    def plain_key(self, p: Position) -> tuple[bytes, int]:
        """The complete search's key (``split_key`` without the probes' pile cards by kind)."""
        piles, left, home, talon, pos = p
        rest, place = talon_place(talon, pos, self.draw)
        parts = sorted(piles)
        parts += (LEFT[left], home, rest)
        return b"\xff".join(parts), place

    @staticmethod
    def is_won(p: Position) -> bool:
        return sum(p[2]) == 52

    @staticmethod
    def score(p: Position) -> int:
        return 4 * sum(p[2]) - 2 * p[1] - len(p[3])

    def goes_home(self, card: int, home: bytes) -> bool:
        """Whether ``card`` is the next of its suit and may go home without branching."""
        rank = self.rel[card]
        if rank != home[S[card]] + 1:
            return False
        return self.quick or nothing_needs(rank, S[card], home)

    def close(self, moves: list[SMove], p: Position) -> tuple[list[SMove], Position]:
        """Play the cards home that nothing can need, while there are any (in the game of
        twins, only those whose twin is not on a pile: in the other arrangement the twin
        would lie where the card does, and it may not be next)."""
        piles, left, home, talon, pos = p
        safe = self.safe.get(home)
        if safe is None:
            safe = self.safe_of(home)
        if not safe:  # (most positions)
            return moves, p
        # (asked before the game of twins' own test: most positions have no such card in reach)
        p0, p1, p2, p3 = piles
        if not ((p0 and p0[-1] in safe) or (p1 and p1[-1] in safe) or (p2 and p2[-1] in safe) or (p3 and p3[-1] in safe)
                or (left and self.reserve[left - 1] in safe) or (self.set_talon and not safe.isdisjoint(talon))):
            return moves, p
        safe_of: Callable[[bytes], frozenset[int]] = self.safe_of
        if self.twins:
            plain, twin = self.safe_of, self.twin

            def safe_of(h: bytes) -> frozenset[int]:
                cards = plain(h)
                if not cards:
                    return cards
                on = b"".join(piles)  # (the piles as they are when asked)
                return frozenset([c for c in cards if twin[c] not in on])

            safe = safe_of(home)
            if not safe:
                return moves, p
        again = True
        while again:
            again = False
            for c in range(4):
                pile = piles[c]
                if pile and pile[-1] in safe:
                    moves = moves + [(TO_HOME, c, 0, 1)]
                    home = self.with_home(home, pile[-1])
                    pl = list(piles)
                    pl[c] = pile[:-1]
                    left = refill(pl, self.reserve, left)
                    piles = tuple(pl)
                    safe = safe_of(home)  # (after the piles: in the game of twins they decide it)
                    again = True
            if left and self.reserve[left - 1] in safe:
                moves = moves + [(RESERVE_HOME, 0, 0, 1)]
                home = self.with_home(home, self.reserve[left - 1])
                safe = safe_of(home)
                left -= 1
                again = True
            if self.set_talon:
                for i, card in enumerate(talon):
                    if card in safe:
                        moves = moves + [(TALON_HOME, i, 0, 1)]
                        talon, pos = talon[:i] + talon[i + 1:], i
                        home = self.with_home(home, card)
                        safe = safe_of(home)
                        again = True
                        break
        return moves, (piles, left, home, talon, pos)

    def safe_of(self, home: bytes) -> frozenset[int]:
        """The cards that go home without branching (``goes_home``) with ``home`` home,
        kept for each ``home``."""
        safe = self.safe.get(home)
        if safe is None:
            safe = self.safe[home] = frozenset(
                self.next_home[s][home[s]] for s in range(4)
                if home[s] < 13 and self.goes_home(self.next_home[s][home[s]], home))
        return safe

    def locked(self, p: Position) -> bool:
        """Whether ``p`` is lost for a card buried for good (``buried_lock``), each pile's
        part kept for its cards and the cards home (``pile_locks``: most piles of a
        position are those of the one before)."""
        if not self.locks:
            return False
        if self.twins:
            return twins_lock(p[0], p[2], S, self.rel, self.twin, self.twins_memo)
        memo, home = self.pile_memo, p[2]
        parts = []
        for pile in p[0]:
            part = memo.get((home, pile))  # (one flat table, freed a piece at a time; both hashes kept)
            if part is None:
                part = memo[home, pile] = pile_locks(pile, home, S, self.rel, self.twin)
            parts.append(part)
        return joined_lock(p[0], parts, S, self.rel, self.twin) is not None

    # -- moves -------------------------------------------------------------------
    def children(self, p: Position) -> list[Kid] | Won[SMove]:
        """The unseen positions one step on, best first (each marked seen), or
        ``Won`` with the moves to a won position when there is one."""
        piles, left, home, talon, pos = p
        kind_of, wants_of = self.kind, self.wants
        nexts = self.nexts.get(home)
        if nexts is None:
            nexts = self.nexts_of(home)
        is_next, next_cards = nexts
        takes: dict[int, list[int]] = {}  # kind of card → piles whose top takes it
        empty = -1
        found: list[tuple[float, SMove]] = []  # (sorted by priority alone: a stable sort keeps the order of ties)
        add = found.append
        for c in range(4):
            pile = piles[c]
            if pile:
                top = pile[-1]
                w = wants_of[top]
                if w in takes:
                    takes[w].append(c)
                else:
                    takes[w] = [c]
                if top in is_next:
                    add((0.0, (TO_HOME, c, 0, 1)))
            elif empty < 0:
                empty = c
        if left:
            card = self.reserve[left - 1]
            if card in is_next:
                add((0.0, (RESERVE_HOME, 0, 0, 1)))
            k = kind_of[card]
            if k in takes:  # (``in`` and a subscript: no call, and most kinds are not there)
                for dst in takes[k]:
                    add((1.0, (RESERVE, 0, dst, 1)))
        # whole piles: only to let the reserve in, or to make room for a waste card
        if left or talon:
            priority = 1.5 if left else 3.0
            for c in range(4):
                pile = piles[c]
                if pile and kind_of[pile[0]] in takes:
                    for dst in takes[kind_of[pile[0]]]:
                        if dst != c:
                            add((priority, (PILE, c, dst, len(pile))))
        if talon:
            spot = (talon, pos)
            reach = self.reaches.get(spot)
            if reach is None:
                reach = self.reaches[spot] = talon_reach(talon, pos, self.draw, self.kind)
            in_reach, by_card, by_kind = reach
            stock: list[tuple[int, float, SMove]] = []
            for card in next_cards:
                if card in by_card:
                    clicks, order, i = by_card[card]
                    stock.append((order * 8, 0.5 + clicks, (TALON_HOME, i, 0, 1)))
            for kind, dsts in takes.items():
                if kind not in by_kind:
                    continue
                for clicks, order, i in by_kind[kind]:
                    for dst in dsts:
                        stock.append((order * 8 + 1 + dst, 2 + clicks, (TALON, i, dst, 1)))
            if empty >= 0 and not left:
                for card in in_reach:
                    clicks, order, i = by_card[card]
                    stock.append((order * 8 + 1 + empty, 2.5 + clicks, (TALON, i, empty, 1)))
            stock.sort()
            for _, priority, move in stock:
                add((priority, move))
        # a pile's top card alone onto another pile
        for c in range(4):
            pile = piles[c]
            if len(pile) > 1 and kind_of[pile[-1]] in takes:
                priority = 2.0 if pile[-2] in is_next else 4.0
                for dst in takes[kind_of[pile[-1]]]:
                    if dst != c:
                        add((priority, (PILE, c, dst, 1)))
        if self.back:
            for s in range(4):
                if home[s]:
                    card = self.card_of[s, home[s]]
                    less = self.with_less(home, s)
                    if not self.goes_home(card, less):
                        for dst in takes.get(kind_of[card], NONE):
                            add((5.0, (BACK, s, dst, 1)))
        if self.twins:  # a trade: a pile top's twin lies on a pile (a top too, or under one) and is next home
            tops = [pile[-1] if pile else -1 for pile in piles]
            twin = self.twin
            for t in next_cards:
                if t >= 0 and twin[t] in tops:
                    a = tops.index(twin[t])  # (one deck: a card lies in one place)
                    for b in range(4):
                        i = piles[b].find(t)
                        if i >= 0:
                            add((TRADE_LAST, (TRADE, a, b, i)))
        if self.rng is not None:
            draw = self.rng.next32  # (``below(1024)``: a power of two takes the low bits, one call fewer)
            found = [(priority + (draw() & 1023) * SHAKE, move) for priority, move in found]
        found.sort(key=first)

        # (``fresh``, inline.  Every position is closed: no card that nothing needs lies
        # where it could go home.  So with no such card next home, only a move that changes
        # what is home may bring one; a talon card laid on a pile brings one only if it is
        # one itself (in the game of twins a card on the piles more only takes from the
        # cards that may go); the others ask ``close``.  ``after``'s talon moves, inline.)
        close, after = self.close, self.after
        mark = self.mark_proving if self.proving else self.mark
        safe = self.safe.get(home)
        if safe is None:
            safe = self.safe_of(home)
        out: list[Kid] = []
        for _, move in found:
            if move[0] == TALON:
                a = move[1]
                pl = list(piles)
                pl[move[2]] += talon[a:a + 1]
                child = (tuple(pl), left, home, talon[:a] + talon[a + 1:], a)
                if safe and talon[a] in safe:
                    moves, child = close([move], child)
                else:
                    moves = [move]
            elif move[0] == TALON_HOME:  # (``after``'s, inline: a quarter of the kids)
                a = move[1]
                child = (piles, left, self.with_home(home, talon[a]), talon[:a] + talon[a + 1:], a)
                moves, child = close([move], child)
            elif safe or move[0] in HOME_MOVES:
                moves, child = close([move], after(p, move))
            else:
                moves, child = [move], after(p, move)
            if mark(child):
                if child[2] is not home and sum(child[2]) == 52:
                    return Won(moves)
                out.append((moves, child))
        return out

    def after(self, p: Position, move: SMove) -> Position:
        piles, left, home, talon, pos = p
        what, a, b, n = move
        if what == TALON:  # (the kinds of move by how often they come: half the kids are these)
            pl = list(piles)
            pl[b] = pl[b] + talon[a:a + 1]
            return tuple(pl), left, home, talon[:a] + talon[a + 1:], a
        if what == TALON_HOME:
            return piles, left, self.with_home(home, talon[a]), talon[:a] + talon[a + 1:], a
        if what == RESERVE_HOME:
            return piles, left - 1, self.with_home(home, self.reserve[left - 1]), talon, pos
        pl = list(piles)
        if what == PILE:
            pl[b] = pl[b] + pl[a][-n:]
            pl[a] = pl[a][:-n]
        elif what == TO_HOME:
            home = self.with_home(home, pl[a][-1])
            pl[a] = pl[a][:-1]
        elif what == RESERVE:
            pl[b] = pl[b] + self.reserve[left - 1:left]
            return tuple(pl), left - 1, home, talon, pos
        elif what == TRADE:  # pile a's top takes the place of card n of pile b, which goes home
            x = pl[a][-1]
            pl[a] = pl[a][:-1]
            home = self.with_home(home, pl[b][n])
            pl[b] = pl[b][:n] + bytes((x,)) + pl[b][n + 1:]
        else:  # BACK
            pl[b] = pl[b] + bytes((self.card_of[a, home[a]],))
            return tuple(pl), left, self.with_less(home, a), talon, pos
        if left and not (pl[0] and pl[1] and pl[2] and pl[3]):
            left = refill(pl, self.reserve, left)
        return tuple(pl), left, home, talon, pos

    # -- the search (DepthFirst): a kid is (the step's moves, the position) ---------------
    def dive(self, kid: Kid) -> list[Kid] | Won[SMove]:
        if self.locked(kid[1]):
            return []  # lost: no step searched below it
        return self.children(kid[1])

    def value(self, kid: Kid) -> float:
        p = kid[1]  # (``score``, inline)
        return 4 * sum(p[2]) - 2 * p[1] - len(p[3])

    # -- back to the engine ----------------------------------------------------------
    def engine_line(self, moves: list[SMove], finish: bool = True) -> list[Move]:
        """The solver's moves as engine moves from the start (the stock turns spelt
        out).  A won line ends with every card home, so ``finish`` adds nothing.  In the
        game of twins a line that trades gives no engine moves: a win (``finish``) marks
        the search ``traded`` and gives [], a line to the best position stops before its
        first trade."""
        if self.twins:
            traded = next((i for i, move in enumerate(moves) if move[0] == TRADE), -1)
            if traded >= 0:
                if finish:  # a win of the game of twins only
                    self.traded = True
                    return []
                moves = moves[:traded]
        piles, reserve = self.piles_at, self.reserve_at
        line = EngineLine(self.game, self.start, self.draw)
        for move in moves:
            if move[0] == RESERVE_HOME:
                line.to_home(reserve)
            elif move[0] == RESERVE:
                line.play(Move(MOVE, reserve, piles[move[2]], 1))
            else:
                line.step(move, piles)
        return line.moves
