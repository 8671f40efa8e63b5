"""Frog's own search: a depth-first search over a compact position.

The generic search finds no win in Frog within seconds: a deal is 91 stock cards each
laid on one of five piles, and the engine ``State`` it keeps per position costs more
than the search.  Here a position is five small values:

- the five piles: ``bytes`` (cards bottom first);
- the reserve: how many of its cards are left (they leave from the top only);
- home: the rank on each foundation, as eight bytes: in suit, two for each suit (the
  two foundations of a suit are alike, so each pair is sorted); regardless of suit,
  all eight sorted;
- the stock: how many cards are turned, and whether the last one still lies in the
  waste.

- Nothing is ever built on the five piles, so a card home is never missed; but with
  two decks two cards of a kind may want one foundation, and which goes first matters
  (the one whose leaving uncovers more).  So a card goes home without branching only
  when as many foundations are ready for its kind as cards of the kind are out
  (``safe``); other cards that can go home are moves like any other, tried first.
- The piles are interchangeable (sorted in the key), and two cards alike for the
  foundations (the same suit and rank; regardless of suit, the same rank) are one in
  the key.
- ``hopeless`` (a looser game) cuts off positions where some card can never go home:
  a card laid on the wrong pile usually shows as lost at once.  In suit it first asks
  ``two_chains_lock``: a pile whose cards of a suit need three foundations in the order
  it releases them (like the nine over the five over the three of a suit) is lost.
- The search sees every card, the stock's order too, so it can lay each card where it
  does not block one needed sooner: a card goes first onto the pile whose top is needed
  next after it, then onto a card needed sooner, and into an empty pile last (the order of
  the moves; every move is searched).
- ``hunt.Hunt`` runs the complete search with shaken probes beside it.  The
  probes are quick: every card that can go home goes, and they cut off positions by a
  tighter looser game that counts the cards of a kind (the n-th needs n of the kind
  before it home), which holds for the order the probe tries but may cut off a win
  another order would find.  A probe's win is a win (its line is replayed); only the
  complete search proves a deal lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import RANK_OF, SUIT_OF, make_card
from ..games.frog import enough_ready
from ..moves import DEAL, MOVE, Move
from ..rng import Rng
from .model import Lock, Model
from ..state import State
from .budget import Heap
from .depth_first import DepthFirst, Won
from .hunt import Elite, Hunt, Searcher

if TYPE_CHECKING:
    from ..game import Game

R = RANK_OF[:104]
S = SUIT_OF[:104]
LIKE_SUIT = bytes(c % 52 if c < 104 else c for c in range(256))  # a card as the foundations see it, in suit
LIKE_ANY = bytes(RANK_OF[c] if c < 104 else c for c in range(256))  # … regardless of suit
# a card's place in the counts of ``hopeless``: suit and rank (0: the base before the ace)
COUNT_SUIT = tuple(S[c] * 14 + R[c] for c in range(104))
COUNT_ANY = tuple(R[c] for c in range(104))
EMPTY_PILE = 80.0  # after every pile (a pile needed sooner: 60 and more)
SHAKE = 6.0 / 1024  # how far a probe shakes the order of the moves

# the solver's moves: (what, pile)
PILE_HOME = 0  # pile a's top card home
RESERVE_HOME = 1  # the reserve's top card home
WASTE_HOME = 2  # the waste card home
TURN = 3  # turn the stock's top card into the waste
RESERVE = 4  # the reserve's top card onto pile a
WASTE = 5  # the waste card onto pile a

Position = tuple[tuple[bytes, ...], int, bytes, int, int]  # piles, reserve left, home, turned, waste
SMove = tuple[int, int]
# the moves that may send a card home, in the order they are tried
HOMEWARD: tuple[SMove, ...] = tuple((PILE_HOME, c) for c in range(5)) + ((RESERVE_HOME, 0), (WASTE_HOME, 0))
Kid = tuple[list[SMove], Position]
Memo = dict[tuple[tuple[bytes, ...], int, bytes, int], bool]  # (piles, reserve left, home, stock at) → hopeless
MEMO_MAX = 100_000  # answers kept at most (then forgotten all at once; some 25 MB)


def two_chains_lock(stacks: list[bytes], home: bytes) -> tuple[int, int] | None:
    """In suit: a stack (a pile, or the reserve when its top goes home only) holding a card
    that cannot go home in the order the stack releases its cards, as (the stack, the
    card's place in it), or None.  Each suit has two foundations, and each takes one card
    of every rank, so a foundation's cards rise one by one.  A stack's cards of a suit go
    home top first, so read top-down they must split into two rising runs, one a
    foundation, each above that foundation's rank now (``home``: the two ranks of each
    suit, the lower first).  Taking each card onto the foundation with the highest rank
    below it is the best choice (it leaves the lower one for lower cards), so the test is
    greedy: a card with both foundations at or above its rank means three of a suit
    top-down like 9, 5, 3 (or 6 on a foundation at 7 over 5), and the position is lost.
    A necessary condition of the real game, so sound."""
    for k, stack in enumerate(stacks):
        lo = list(home[0::2])
        hi = list(home[1::2])
        for i in range(len(stack) - 1, -1, -1):
            card = stack[i]
            s, r = S[card], R[card]
            if hi[s] < r:
                hi[s] = r
            elif lo[s] < r:
                lo[s] = r
            else:
                return k, i
    return None


def home_of(game: "Game", state: State) -> bytes:
    """The foundations' ranks as the search keeps them: in suit, two for each suit (the
    lower first; 0 for a suit whose ace is not home yet); regardless of suit, all eight
    sorted."""
    tops = [(S[p[-1]], R[p[-1]]) if p else (-1, 0) for p in (state.piles[f] for f in game.foundations)]
    if game.options["foundation"] != "suit":
        return bytes(sorted(rank for _, rank in tops))
    lanes: list[list[int]] = [[], [], [], []]
    for suit, rank in tops:
        if suit >= 0:
            lanes[suit].append(rank)
    home = []
    for lane in lanes:
        lane += [0] * (2 - len(lane))  # a suit whose ace is not home yet
        home += sorted(lane)
    return bytes(home)


def counts_home(home: bytes, in_suit: bool) -> list[int]:
    """How many cards of each kind (by ``COUNT_SUIT`` or ``COUNT_ANY``) are home; the
    base before the ace counts as home wherever a foundation is laid."""
    if not in_suit:
        return [sum(v >= r for v in home) for r in range(14)]
    h = [0] * 56
    for s in range(4):
        a, b = home[2 * s], home[2 * s + 1]
        for r in range(14):
            h[s * 14 + r] = (a >= r) + (b >= r)
    return h


def kinds_game(stacks: list[bytes], reached: int, free: int, at: tuple[int, ...]) -> tuple[list[int], int]:
    """The complete search's looser game (``FrogSearch.looser``) worked out to its fixed
    point, with the kinds as bits (``at``: a card's kind): ``reached`` the kinds with a
    card home, ``free`` the kinds of the free cards.  Each stack's top card that never
    goes home (-1: all go), and the kinds that get a card home."""
    tops = [len(pile) - 1 for pile in stacks]
    changed = True
    while changed:
        changed = False
        while more := free & (reached << 1) & ~reached:  # a run of free kinds goes home
            reached |= more
        for i, pile in enumerate(stacks):
            j = tops[i]
            while j >= 0 and reached >> (at[pile[j]] - 1) & 1:
                reached |= 1 << at[pile[j]]
                j -= 1
            if j != tops[i]:
                tops[i] = j
                changed = True
    return tops, reached


class FrogModel(Model):
    """The generic model of Frog, with Frog's own search in its place."""

    def why_lost(self, state: State) -> Lock | None:
        """The reasons of the complete search's looser game, in cards: in suit, a pile (or
        the reserve, when its top goes home only) whose cards of a suit cannot go home on
        the suit's two foundations (``two_chains_lock``: "two_foundations", the card that
        never can and the cards of its suit over it); else a pile card that never goes home
        because no card of the kind before it ever does ("before_never_home", or
        "rank_before_never_home" regardless of suit: the card and one card of that kind)."""
        game = self.game
        at = [game.index[f"t{i}"] for i in range(1, 6)]
        if game.options["reserve_to_piles"] != "on":
            at.append(game.index["reserve"])
        at = [i for i in at if state.piles[i]]
        stacks = [bytes(state.piles[i]) for i in at]
        home = home_of(game, state)
        found = two_chains_lock(stacks, home) if game.options["foundation"] == "suit" else None
        if found is not None:
            k, j = found
            stack = stacks[k]
            card = stack[j]
            return Lock("two_foundations", at[k], card, tuple(c for c in reversed(stack[j + 1:]) if S[c] == S[card]))
        in_suit = game.options["foundation"] == "suit"
        kind = COUNT_SUIT if in_suit else COUNT_ANY
        loose = state.piles[game.stock] + state.piles[game.waste]  # free in the looser game, as in ``looser``
        if game.options["reserve_to_piles"] == "on":
            loose += state.piles[game.index["reserve"]]
        reached = sum(1 << k for k, n in enumerate(counts_home(home, in_suit)) if n)
        tops = kinds_game(stacks, reached, sum(1 << k for k in {kind[c] for c in loose}), kind)[0]
        for k, j in enumerate(tops):
            if j >= 0:
                card = stacks[k][j]  # never an ace: the kind before it is always home
                before = make_card(R[card] - 1, S[card])
                return Lock("before_never_home" if in_suit else "rank_before_never_home", at[k], card, (before,))
        return None

    def searcher(self, state: State) -> Searcher | None:
        game = self.game
        memos: tuple[Memo, Memo] = ({}, {})  # the looser games' answers, shared by the probes
        # a probe still finding better positions searches on past its quota (Frog regardless
        # of suit, trial seeds 1-200 at 10,000 positions: 137 won against 132)
        # every other probe starts part way along the best line the probes have found
        # (held-out regardless of suit, side by side: 80.0% against 75.5%)
        return Hunt(Elite("frog cut").probes(lambda probe, cut: FrogSearch(game, state, probe, memos, cut)),
                    unit=256, extend=64)


class FrogSearch(DepthFirst[Position, SMove]):
    """A depth-first search of one Frog position, run in bounded pieces
    (``depth_first.DepthFirst``)."""

    def __init__(self, game: "Game", state: State, probe: int = 0,
                 memos: tuple[Memo, Memo] | None = None, prefix: list[SMove] | None = None) -> None:
        """``probe`` > 0: a probe instead of the complete search, its order of moves
        shaken by a generator seeded with ``probe`` (it proves nothing).  ``memos``: the
        answers of the looser games (the complete search's, the probes'), shared by the
        searches of one position: the probes restart from it, and meet the same positions
        again (a third to three quarters of the questions, regardless of suit).  ``prefix``:
        a probe's moves from ``state`` to the position it searches from (``hunt.Elite``;
        its lines are still from ``state``)."""
        super().__init__()
        self.game = game
        self.start = state
        self.rng = Rng(probe, "frog probe") if probe else None
        self.quick = probe > 0
        self.memos: tuple[Memo, Memo] = ({}, {}) if memos is None else memos
        self.memo = self.memos[self.quick]
        self.in_suit = game.options["foundation"] == "suit"
        self.reserve_to_piles = game.options["reserve_to_piles"] == "on"
        self.piles_at = tuple(game.index[f"t{i}"] for i in range(1, 6))
        self.reserve_at = game.index["reserve"]
        self.reserve = bytes(state.piles[self.reserve_at])
        waste = state.piles[game.waste]
        stock = state.piles[game.stock]
        # the stock in the order it is turned (the waste card first, if any)
        self.stock = bytes(waste) + bytes(reversed(stock))
        self.like = LIKE_SUIT if self.in_suit else LIKE_ANY
        self.counts_of: dict[bytes, list[int]] = {}  # home → home_counts
        self.free_of: dict[tuple[int, int], tuple[list[int], tuple[int, ...], int]] = {}  # → free_cards
        self.reached_of: dict[bytes, int] = {}  # home → the kinds with a card home, as bits
        self.needs_of: dict[bytes, list[int]] = {}  # home → needs
        self.count_at = at = COUNT_SUIT if self.in_suit else COUNT_ANY
        size = 56 if self.in_suit else 14
        # the cards of each kind among the stock's cards from the i-th on, and the reserve's first i
        self.stock_from = [[0] * size]
        for card in reversed(self.stock):
            self.stock_from.append(list(self.stock_from[-1]))
            self.stock_from[-1][at[card]] += 1
        self.stock_from.reverse()
        self.reserve_to = [[0] * size]
        for card in self.reserve:
            self.reserve_to.append(list(self.reserve_to[-1]))
            self.reserve_to[-1][at[card]] += 1
        self.cut = list(prefix or [])
        p: Position = (tuple(bytes(state.piles[i]) for i in self.piles_at), len(self.reserve),
                       self.home_of(state), len(waste), len(waste))
        for move in self.cut:
            p = self.after(p, move)
        moves, root = self.close(list(self.cut), p)
        won = self.is_won(root)
        self.begin((moves, root), won, lost=not won and self.hopeless(root))

    def home_of(self, state: State) -> bytes:
        return home_of(self.game, state)

    # -- positions ---------------------------------------------------------------
    def key(self, p: Position) -> bytes:
        piles, left, home, turned, waste = p
        like = self.like
        return b"\xff".join(sorted(pile.translate(like) for pile in piles)) + bytes((0xfe, left, turned, waste)) + home

    @staticmethod
    def is_won(p: Position) -> bool:
        return sum(p[2]) == 104

    def slot(self, home: bytes, card: int) -> int:
        """The foundation slot that takes ``card`` now, or -1."""
        want = R[card] - 1
        if self.in_suit:
            s = S[card] * 2
            return s + 1 if home[s + 1] == want else s if home[s] == want else -1
        return home.find(want)

    def safe(self, home: bytes, card: int) -> bool:
        """Whether ``card``, which can go home, may go without branching: when there are
        at least as many foundations ready for its kind as cards of the kind still out.
        Else two cards of a kind may want one foundation, and which goes first matters:
        the one whose leaving uncovers more.  A quick probe lets every card go."""
        return self.quick or enough_ready(R[card], home[S[card] * 2:S[card] * 2 + 2] if self.in_suit else home)

    def homed(self, home: bytes, slot: int) -> bytes:
        h = bytearray(home)
        h[slot] += 1
        if self.in_suit:
            s = slot & ~1
            if h[s] > h[s + 1]:
                h[s], h[s + 1] = h[s + 1], h[s]
            return bytes(h)
        return bytes(sorted(h))

    def free(self, p: Position, source: SMove) -> int:
        """The card that ``source`` (a move home) would send, or -1 when there is none."""
        piles, left, _, turned, waste = p
        what, a = source
        if what == PILE_HOME:
            return piles[a][-1] if piles[a] else -1
        if what == RESERVE_HOME:
            return self.reserve[left - 1] if left else -1
        return self.stock[turned - 1] if waste else -1

    def homeward(self, p: Position) -> list[SMove]:
        """The moves that send a card home now."""
        home, free, slot = p[2], self.free, self.slot
        return [move for move in HOMEWARD if (card := free(p, move)) >= 0 and slot(home, card) >= 0]

    def close(self, moves: list[SMove], p: Position) -> tuple[list[SMove], Position]:
        """Play the cards that can go home safely (``safe``), while there are any."""
        free, slot, safe, after = self.free, self.slot, self.safe, self.after
        again = True
        while again:
            again = False
            for move in HOMEWARD:
                card = free(p, move)
                if card >= 0 and slot(p[2], card) >= 0 and safe(p[2], card):
                    moves = moves + [move]
                    p = after(p, move)
                    again = True
        return moves, p

    def need(self, home: bytes, card: int) -> int:
        """How many cards must go home before ``card`` can (by its foundations); kept for
        each ``home`` and kind (``count_at``), as they repeat."""
        needs = self.needs_of.get(home)
        if needs is None:
            needs = self.needs_of[home] = self.needs(home)
        return needs[self.count_at[card]]

    def needs(self, home: bytes) -> list[int]:
        """``need`` of each kind (``count_at``) for ``home``."""
        out = []
        for kind in range(56 if self.in_suit else 14):
            rank = kind % 14
            lanes = home[kind // 14 * 2:kind // 14 * 2 + 2] if self.in_suit else home
            out.append(min((rank - 1 - v for v in lanes if v < rank), default=99))
        return out

    @staticmethod
    def score(p: Position) -> int:
        return sum(p[2])

    def home_counts(self, home: bytes) -> list[int]:
        """How many cards of each kind (by ``count_at``) are home; the base before the ace
        counts as home wherever a foundation is laid (kept per ``home``: they repeat)."""
        h = self.counts_of.get(home)
        if h is None:
            h = self.counts_of[home] = counts_home(home, self.in_suit)
        return h

    def free_cards(self, stock_at: int, left: int) -> tuple[list[int], tuple[int, ...], int]:
        """The cards of each kind free in ``hopeless``'s looser game with the stock turned
        up to ``stock_at`` and ``left`` cards in the reserve (the reserve's too when its
        top may go to the piles), the kinds that have any, and those kinds as bits."""
        if self.reserve_to_piles:
            free = [a + b for a, b in zip(self.stock_from[stock_at], self.reserve_to[left])]
        else:
            free = list(self.stock_from[stock_at])
        pool = tuple(k for k in range(len(free)) if free[k])
        return free, pool, sum(1 << k for k in pool)

    def parts(self) -> list[Heap]:
        """The memos outlive each probe (a dropped probe's parts are emptied): the complete
        search, which lasts as long as they do, counts them."""
        return super().parts() + ([] if self.quick else list(self.memos))

    def hopeless(self, p: Position) -> bool:
        """``looser``'s answer, kept (``memo``)."""
        piles, left, home, turned, waste = p
        key = (piles, left, home, turned - waste)
        memo = self.memo
        known = memo.get(key)
        if known is None:
            if len(memo) >= MEMO_MAX:
                memo.clear()
            known = memo[key] = self.looser(p)
        return known

    def looser(self, p: Position) -> bool:
        """Whether some card can never go home even in a looser game, so the position is
        lost.  A card on a pile leaves only for home, so it goes after every card above
        it, and after a card of the kind before it (the same suit one rank lower, in
        suit; one rank lower, regardless); every other card (the stock, the waste, the
        reserve when its top may go to the piles) is free.  Worked out to a fixed point:
        what never goes home in the looser game never does in the real one.

        A quick probe counts too: the n-th card of a kind needs n of the kind before it
        home, taking the free cards first and the piles in order.  Which card is the
        n-th depends on the order, which the looser game forgets, so this may call a
        winnable position lost: it guides probes and proves nothing.

        Without counting, only whether a kind has a card home matters, so the complete
        search works it out with the kinds as bits; what repeats (the counts per home,
        the free cards per stock and reserve place) is kept.

        In suit, first ``two_chains_lock``: a stack whose cards cannot go home in its
        order on its suits' two foundations."""
        piles, left, home, turned, waste = p
        stacks = [pile for pile in piles if pile]
        if left and not self.reserve_to_piles:
            stacks.append(self.reserve[:left])
        if self.in_suit and two_chains_lock(stacks, home) is not None:
            return True
        free_pool = self.free_of.get((turned - waste, left))
        if free_pool is None:
            free_pool = self.free_of[turned - waste, left] = self.free_cards(turned - waste, left)
        if self.quick:
            return self.counted_hopeless(stacks, home, free_pool)
        reached = self.reached_of.get(home)
        if reached is None:
            reached = self.reached_of[home] = sum(1 << k for k, n in enumerate(self.home_counts(home)) if n)
        tops, reached = kinds_game(stacks, reached, free_pool[2], self.count_at)
        return any(j >= 0 for j in tops) or bool(free_pool[2] & ~reached)

    def counted_hopeless(self, stacks: list[bytes], home: bytes,
                         free_pool: tuple[list[int], tuple[int, ...], int]) -> bool:
        """``hopeless`` for a quick probe: the n-th card of a kind needs n of the kind
        before it home."""
        at = self.count_at
        h = list(self.home_counts(home))
        free = list(free_pool[0])
        pool = free_pool[1]
        tops = [len(pile) - 1 for pile in stacks]
        moved = True
        while moved:  # one pass over the kinds in order sends home every free card it can
            for k in pool:
                n = free[k]
                if n:
                    d = h[k - 1] - h[k]
                    if d > 0:
                        if d < n:
                            n = d
                        h[k] += n
                        free[k] -= n
            moved = False
            for i, pile in enumerate(stacks):
                j = tops[i]
                while j >= 0:
                    k = at[pile[j]]
                    if h[k - 1] <= h[k]:
                        break
                    h[k] += 1
                    j -= 1
                if j != tops[i]:
                    tops[i] = j
                    moved = True
        return any(j >= 0 for j in tops) or any(free[k] for k in pool)

    # -- moves -------------------------------------------------------------------
    def placements(self, piles: tuple[bytes, ...], home: bytes, card: int, what: int, extra: float,
                   found: list[tuple[float, int, SMove]]) -> None:
        """``card`` onto each pile, the best first: onto the pile whose top is needed next
        after it, then onto a card needed sooner, and into an empty pile last: an empty
        pile takes any card, so it is kept for the card that has no better place (classic
        Frog, seeds 1-200 at 2 s: 149 won against 133 with the empty pile second)."""
        need = self.need
        mine = need(home, card)
        empty = False
        for c in range(5):
            pile = piles[c]
            if not pile:
                if empty:
                    continue  # the empty piles are alike
                empty = True
                priority = EMPTY_PILE
            else:
                theirs = need(home, pile[-1])
                priority = float(theirs - mine) if theirs >= mine else 60.0 + mine - theirs
            found.append((priority + extra, len(found), (what, c)))

    def children(self, p: Position) -> list[Kid] | Won[SMove]:
        """The unseen positions one step on, best first (each marked seen), or
        ``Won`` with the moves to a won position when there is one."""
        piles, left, home, turned, waste = p
        found: list[tuple[float, int, SMove]] = []
        # cards that can go home but not safely (another of the kind wants the foundation)
        for move in self.homeward(p):
            found.append((0.0, len(found), move))
        if waste:
            self.placements(piles, home, self.stock[turned - 1], WASTE, 0.0, found)
        elif turned < len(self.stock):
            found.append((0.0, len(found), (TURN, 0)))
        if left and self.reserve_to_piles:
            below = self.need(home, self.reserve[left - 2]) if left > 1 else 99
            self.placements(piles, home, self.reserve[left - 1], RESERVE, 20.0 + 3 * min(below, 20), found)
        if self.rng is not None:
            shake = self.rng.below
            found = [(priority + shake(1024) * SHAKE, i, move) for priority, i, move in found]
        found.sort()
        # a card laid on a pile may leave a card that never goes home: asked before the
        # safe moves home are played (``close``), which the looser game makes too, so the
        # complete search's answer is the same, and a hopeless position costs no closing
        close, after, hopeless = self.close, self.after, self.hopeless
        return self.fresh(close([move], q) for q, move in ((after(p, move), move) for _, _, move in found)
                          if move[0] not in (WASTE, RESERVE) or not hopeless(q))

    def after(self, p: Position, move: SMove) -> Position:
        piles, left, home, turned, waste = p
        what, a = move
        if what == TURN:
            return piles, left, home, turned + 1, 1
        if what == PILE_HOME:
            card = piles[a][-1]
            return piles[:a] + (piles[a][:-1],) + piles[a + 1:], left, self.homed(home, self.slot(home, card)), turned, waste
        if what == RESERVE_HOME:
            return piles, left - 1, self.homed(home, self.slot(home, self.reserve[left - 1])), turned, waste
        if what == WASTE_HOME:
            return piles, left, self.homed(home, self.slot(home, self.stock[turned - 1])), turned, 0
        if what == WASTE:
            card, waste = self.stock[turned - 1], 0
        else:  # RESERVE
            card, left = self.reserve[left - 1], left - 1
        return piles[:a] + (piles[a] + bytes((card,)),) + piles[a + 1:], left, home, turned, waste

    # -- the search (DepthFirst): a kid is (the step's moves, the position) ---------------
    def dive(self, kid: Kid) -> list[Kid] | Won[SMove]:
        return self.children(kid[1])

    def value(self, kid: Kid) -> float:
        return self.score(kid[1])

    # -- back to the engine ----------------------------------------------------------
    def engine_line(self, moves: list[SMove], finish: bool = True) -> list[Move]:
        game = self.game
        state = self.start
        out: list[Move] = []

        def play(move: Move) -> None:
            nonlocal state
            out.append(move)
            state = game.apply(state, move)

        def home(src: int) -> None:
            card = state.piles[src][-1]
            for f in game.foundations:
                pile = state.piles[f]
                if (not pile and R[card] == 1) or (pile and R[pile[-1]] == R[card] - 1
                                                   and (not self.in_suit or S[pile[-1]] == S[card])):
                    play(Move(MOVE, src, f, 1))
                    return
            raise AssertionError("no foundation takes the card")

        for what, a in moves:
            if what == PILE_HOME:
                home(self.piles_at[a])
            elif what == RESERVE_HOME:
                home(self.reserve_at)
            elif what == WASTE_HOME:
                home(game.waste)
            elif what == TURN:
                play(Move(DEAL))
            elif what == RESERVE:
                play(Move(MOVE, self.reserve_at, self.piles_at[a], 1))
            else:
                play(Move(MOVE, game.waste, self.piles_at[a], 1))
        return out
