"""Klondike's search model: the generic one, rewritten for speed and with the
literature's Klondike knowledge.  With unlimited passes (the literature's rules and the
book's) the search itself is Klondike's own, in ``klondike_dfs`` (the same moves and
pruning over a compact position, depth first, a part of a run moved only together with
the move that uses its room, with quick probes, a looser game that proves hopeless
deals lost at once and the game of twins searched first); this model still serves
limited passes, auto-play and the first hint.

- The stock is played K+: every card that turning the stock can bring to the waste
  top is playable at once (one step: the turns and the card move).  With one card
  turned at a time and unlimited passes every talon card is always reachable, so the
  talon counts as a set in the key.
- A tableau card goes home without branching when no card can need it any more
  (Solvitaire's rule: both foundations of the other colour within one rank, or within
  two with the other foundation of its colour within three).  A foundation card never
  comes back when that rule would send it straight home again.
- Columns and foundations are interchangeable: sorted in the key.
- A move that only makes room is made only when the room is used at once (any line
  can put it off until then): a part of a run moved off its twin only when the card
  under it goes home or takes the other card of the run's rank and colour (for the
  card under it to move on, the run under it moves with the part on top);
  a column emptied only when a king can go there; a card back from home only when a
  card can go on it (or on the card it uncovers); with every talon card in reach, a
  talon card onto a column only when a card can go on it.
- Its quick model (for probes that find wins sooner) sends every card home that can
  go, never brings one back and never moves a part of a run.
- Steps in order: cards home, moves that turn a face-down card (from the column with
  most of them first), cards from the stock, the other tableau moves, cards back from
  home; positions scored by cards home, face-down cards and cards left in the talon
  (and, with limited passes, the turn-overs left).
"""

from __future__ import annotations

from ..games.common import homes
from ..cards import RANK_OF, RED_OF, SUIT_OF, Card
from ..game import MOVE, Game, Move
from ..games.klondike import safe_rank
from .hunt import Searcher
from .model import TURN_OVER_IN_HAND, Model, Step
from .talon import talon_clicks, talon_positions
from ..state import Pile, State
from .klondike_dfs import klondike_hunt
from .klondike_position import wanted_back

# the score: a card home is worth 4, a face-down card costs 1, a card still in the talon 1
W_HOME, W_DOWN, W_TALON = 4, 1, 1
# with limited passes a turn-over still in hand counts too (``TURN_OVER_IN_HAND``, four
# cards home): seeds 1-100 at 2 s, draw 1 and 3 passes: 45 won with none, 54, 61, 67, 65
# and 36 at 1.5, 3, 4, 6 and 12 cards; draw 3 and 3 passes: 32 won and 25 lost with none,
# 42 and 24 at four cards


class KlondikeModel(Model):
    def __init__(self, game: Game, quick: bool = False) -> None:
        super().__init__(game)
        self.is_quick = quick
        self.cols = tuple(game.index[f"t{i}"] for i in range(1, 8))
        self.fnds = game.foundations
        self.any_run = game.options["runs"] == "any"
        self.back = game.options["foundation_return"] == "on"
        self.draw = game.layout.draw
        self.passes = game.layout.passes
        self.talon_is_set = self.draw == 1 and self.passes is None

    def quick(self) -> Model | None:
        """The same game without cards back from home and without moving a part of a
        run off its twin: a smaller space where most wins are found sooner."""
        return None if self.is_quick else KlondikeModel(self.game, quick=True)

    def searcher(self, state: State) -> Searcher | None:
        """With unlimited passes, Klondike's own depth-first search (klondike_dfs)."""
        if self.is_quick or self.passes is not None:
            return None
        return klondike_hunt(self.game, state)

    # -- key ------------------------------------------------------------------
    def key(self, state: State) -> bytes:
        piles, down = state.piles, state.down
        cols = sorted(bytes((down[c],)) + bytes(piles[c]) + b"\xff" for c in self.cols)
        homes = sorted(piles[f][-1] if piles[f] else 255 for f in self.fnds)
        waste, stock = piles[self.game.waste], piles[self.game.stock]
        if self.talon_is_set:
            talon = bytes(sorted(waste + stock))
        elif self.passes is None and (not stock or not waste or len(waste) % self.draw == 0):
            # Turning the stock goes round the cycle 0, draw, 2·draw … (all turned) and back
            # to 0: the positions on that cycle are one position.
            talon = bytes(waste + stock[::-1])
        else:
            talon = bytes(waste) + b"\xff" + bytes(stock)
        out = b"".join(cols) + bytes(homes) + talon
        if self.passes is not None:
            out += bytes((state.info[0],))
        return out

    # -- where things stand ---------------------------------------------------
    def homes(self, piles: tuple[Pile, ...]) -> tuple[list[int], list[int]]:
        """Rank home per suit, and the foundation of each suit (an empty one for a suit
        not started)."""
        return homes(self.fnds, piles)

    @staticmethod
    def moved(state: State, src: int, dst: int, n: int) -> State:
        """n cards from src to dst, a face-down card left on top turned up."""
        piles = list(state.piles)
        down = list(state.down)
        pile = piles[src]
        rest = pile[:-n]
        piles[dst] = piles[dst] + pile[-n:]
        piles[src] = rest
        if down[src] and down[src] >= len(rest):
            down[src] = len(rest) - 1 if rest else 0
        return State(tuple(piles), tuple(down), state.info)

    # -- safe moves -----------------------------------------------------------
    def safe(self, state: State) -> Step | None:
        piles = state.piles
        home, where = self.homes(piles)
        for c in self.cols:
            pile = piles[c]
            if pile:
                card = pile[-1]
                if RANK_OF[card] == home[SUIT_OF[card]] + 1 and (self.is_quick or safe_rank(RANK_OF[card], SUIT_OF[card], home)):
                    move = Move(MOVE, c, where[SUIT_OF[card]], 1)
                    return (move,), self.moved(state, c, move.dst, 1)
        if self.talon_is_set:
            for moves, after in self.talon_home(state, home, where, safe_only=True):
                return moves, after
        return None

    def talon_home(self, state: State, home: list[int], where: list[int], safe_only: bool) -> list[Step]:
        out: list[Step] = []
        for index, deals, again, card in self.talon_cards(state):
            if RANK_OF[card] == home[SUIT_OF[card]] + 1 and (not safe_only or safe_rank(RANK_OF[card], SUIT_OF[card], home)):
                out.append(self.from_talon(state, index, deals, again, where[SUIT_OF[card]]))
                if safe_only:
                    break
        return out

    def talon_cards(self, state: State) -> list[tuple[int, int, int, Card]]:
        game = self.game
        waste, stock = state.piles[game.waste], state.piles[game.stock]
        talon = waste + stock[::-1]
        left = None if self.passes is None else self.passes - 1 - state.info[0]
        return [(i, d, a, talon[i]) for i, d, a in talon_positions(len(talon), len(waste), self.draw, left)]

    def from_talon(self, state: State, index: int, deals: int, again: int, dst: int) -> Step:
        game = self.game
        w, s = game.waste, game.stock
        piles = list(state.piles)
        talon = piles[w] + piles[s][::-1]
        piles[w] = talon[:index]
        piles[s] = talon[:index:-1]
        piles[dst] = piles[dst] + (talon[index],)
        down = list(state.down)
        down[s] = len(piles[s])
        info = state.info
        if again >= 0:
            info = (info[0] + 1,) + info[1:]
        moves = talon_clicks(deals, again) + (Move(MOVE, w, dst, 1),)
        return moves, State(tuple(piles), tuple(down), info)

    # -- every step, best first ------------------------------------------------
    def steps(self, state: State) -> list[Step]:
        piles, down = state.piles, state.down
        home, where = self.homes(piles)
        takes: dict[tuple[int, bool], list[int]] = {}  # (rank, red) of a card → columns it fits on
        empty = -1
        runs: dict[int, int] = {}
        for c in self.cols:
            pile = piles[c]
            if pile:
                top = pile[-1]
                takes.setdefault((RANK_OF[top] - 1, not RED_OF[top]), []).append(c)
                up = len(pile) - down[c]
                run = 1
                while run < up and RANK_OF[pile[-run - 1]] == RANK_OF[pile[-run]] + 1 \
                        and RED_OF[pile[-run - 1]] != RED_OF[pile[-run]]:
                    run += 1
                runs[c] = run
            elif empty < 0:
                empty = c
        talon = self.talon_cards(state)
        # Cards that could be laid on a column top now: (rank, red) → cards.  A move that
        # only makes room (a part of a run moved off its twin, a column emptied, a card
        # back from home) is worth making only just before such a card uses the room:
        # any line can put it off until then.
        free: dict[tuple[int, bool], list[Card]] = {}
        kings = False
        for c, run in runs.items():
            pile = piles[c]
            for n in (range(1, run + 1) if self.any_run else (run,)):
                card = pile[-n]
                free.setdefault((RANK_OF[card], RED_OF[card]), []).append(card)
                if RANK_OF[card] == 13 and n < len(pile):
                    kings = True
        for _, _, _, card in talon:
            free.setdefault((RANK_OF[card], RED_OF[card]), []).append(card)
            kings = kings or RANK_OF[card] == 13
        if self.back:
            for s in range(4):
                if home[s]:
                    card = piles[where[s]][-1]
                    free.setdefault((RANK_OF[card], RED_OF[card]), []).append(card)
                    kings = kings or RANK_OF[card] == 13

        found: list[tuple[float, int, Step]] = []

        def add(priority: float, step: Step) -> None:
            found.append((priority, len(found), step))

        # cards home from the columns
        for c in runs:
            card = piles[c][-1]
            if RANK_OF[card] == home[SUIT_OF[card]] + 1:
                dst = where[SUIT_OF[card]]
                add(0, ((Move(MOVE, c, dst, 1),), self.moved(state, c, dst, 1)))
        # cards from the stock, home or onto a column
        for index, deals, again, card in talon:
            clicks = 0.01 * (deals + (again + 1 if again >= 0 else 0))
            if RANK_OF[card] == home[SUIT_OF[card]] + 1:
                add(0.5 + clicks, self.from_talon(state, index, deals, again, where[SUIT_OF[card]]))
            rank = RANK_OF[card]
            targets = ([empty] if empty >= 0 else []) if rank == 13 else takes.get((rank, RED_OF[card]), [])
            if targets and (self.talon_is_set or self.is_quick) and not any(
                    other != card for other in free.get((rank - 1, not RED_OF[card]), ())):
                # With every talon card always in reach, a card leaves the talon for a
                # column only to take a card at once (any line can put it off until then).
                continue
            for dst in targets:
                add(2 + clicks, self.from_talon(state, index, deals, again, dst))
        # column to column
        for c, run in runs.items():
            pile = piles[c]
            up = len(pile) - down[c]
            for n in (range(run, 0, -1) if self.any_run else (run,)):
                base = pile[-n]
                rank = RANK_OF[base]
                if rank == 13:
                    if n == len(pile) or empty < 0:
                        continue
                    targets = [empty]
                else:
                    targets = takes.get((rank, RED_OF[base]), [])
                if not targets:
                    continue
                if n == len(pile):
                    if not kings:
                        continue  # an empty column is only of use to a king
                    priority = 3.0
                elif n == up:
                    priority = 1 - 0.01 * down[c]  # turns a face-down card
                else:
                    if self.is_quick or not self.uncovers(pile, n, base, home, free):
                        continue
                    priority = 5.0
                for dst in targets:
                    add(priority, ((Move(MOVE, c, dst, n),), self.moved(state, c, dst, n)))
        # foundation cards back onto the columns
        if self.back and not self.is_quick:
            for s in range(4):
                rank = home[s]
                if not rank:
                    continue
                f = where[s]
                card = piles[f][-1]
                home[s] -= 1
                blocked = safe_rank(RANK_OF[card], SUIT_OF[card], home)
                home[s] += 1
                if blocked or not wanted_back(s, rank, lambda kind: free.get((kind >> 1, bool(kind & 1))),
                                              lambda kind: takes.get((kind >> 1, bool(kind & 1)))):
                    continue
                targets = ([empty] if empty >= 0 else []) if rank == 13 else takes.get((rank, RED_OF[card]), [])
                for dst in targets:
                    add(6, ((Move(MOVE, f, dst, 1),), self.moved(state, f, dst, 1)))
        found.sort()
        return [step for _, _, step in found]

    def uncovers(self, pile: Pile, n: int, base: Card, home: list[int],
                 free: dict[tuple[int, bool], list[Card]]) -> bool:
        """Whether moving the top n cards of a column (a part of its run) off the card
        under them can be of use at once: that card goes home or takes the other card of
        ``base``'s rank and colour.  (So that the run under it can move on is no reason:
        that run can move with the part on top, the part coming off later, when the card
        under it is wanted.)"""
        under = pile[-n - 1]
        if RANK_OF[under] == home[SUIT_OF[under]] + 1:
            return True
        return any(card != base for card in free.get((RANK_OF[base], RED_OF[base]), ()))

    def score(self, state: State) -> float:
        piles, down = state.piles, state.down
        home = sum(len(piles[f]) for f in self.fnds)
        score = W_HOME * home - W_DOWN * sum(down[c] for c in self.cols) - W_TALON * (len(piles[0]) + len(piles[1]))
        if self.passes is not None:
            score += TURN_OVER_IN_HAND * (self.game.recycles_left(state) or 0)
        return score
