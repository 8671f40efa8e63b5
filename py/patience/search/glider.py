"""«Дельтаплан»'s search model: the generic best-first search (``best_first``), with the
stock's steps and the key written for the game.

- The stock is played K+ as in the generic model (every card that turning the stock
  can bring to the waste top is playable at once), but the cards in reach are read off
  the talon instead of turning the stock through the engine: while no row is empty a
  turn sets nothing else off (an emptied row is refilled at once while the stock
  lasts, so an empty row means an empty stock, and only a turn-over then refills it).
  Only a card that can go somewhere makes a step.  With an empty row the engine turns
  the stock, as in the generic model.
- The score: four for each card home, twelve for each turn-over of the waste still in
  hand, less a half for each card in the waste.  With cards home alone a turn-over cost
  the search nothing, and it spent them on the first card it could play from the
  stock; nor did passing cards over into the waste, out of reach but for its top until
  the next turn-over.
- The key forgets which deck a card comes from (the rules never tell two copies of a
  card apart) and keeps a foundation by its top card's suit and rank; the rows are sorted (within
  a flank when building crosses the flanks only), as the game's interchangeable piles.
"""

from __future__ import annotations

from operator import itemgetter

from ..cards import RANK_OF, SUIT_OF, make_card
from ..game import Game
from ..games.glider import generate, rows
from ..moves import MOVE, Move
from ..state import State
from .budget import Heap
from .model import Lock, Model, PileParts, Step
from .talon import talon_clicks, talon_positions

# a turn-over of the waste still in hand is worth three cards home here (Klondike's and
# Canfield's, four: model.TURN_OVER_IN_HAND; trial seeds 5001-5140
# at 2 s: 68 won with cards home alone; 96, 98, 105 and 92 with one, two, three and four
# cards a turn-over; of seeds 5041-5140, 49 with none, 75 with three, 41 with six)
TURN_OVER = 12
# a card in the waste costs an eighth of a card home: it was passed over, and until the
# next turn-over only the waste top is in reach (trial seeds 5001-5140 at 2 s, with the
# turn-over at three cards: 105 won with no cost; 122 at an eighth, 113 at a quarter;
# seeds 5041-5140 alone: 75, 81, 87, 88, 79 and 56 at 0, 1/40, 1/16, 1/8, 1/4 and 1/2)
PASSED_OVER = 0.5
HOME_BUT_KINGS = 96  # then the kings go home by themselves (the crowning hook)


class GliderModel(Model):
    """The generic model of «Дельтаплан» with the stock's steps and a key of its own."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        lines = rows(game)
        self.rows = tuple(lines)
        self.flanks = ((self.rows[:5], self.rows[5:]) if game.options["cross_only"] == "on" else (self.rows,))
        self.fnds = game.foundations
        self.kings = game.index["kings"]
        self.flank_piles = tuple(itemgetter(*flank) for flank in self.flanks)  # (each flank has rows)
        self.like = PileParts()  # (a step changes few piles: the key's other parts are kept ones)

    def parts(self) -> list[Heap]:
        return [self.like]

    def key(self, state: State) -> bytes:
        piles = state.piles
        game = self.game
        like = self.like
        parts = []
        for flank in self.flank_piles:
            parts.append(b"\xff".join(sorted(map(like.__getitem__, flank(piles)))))
            parts.append(b"\xfe")
        # a foundation holds its suit from the ace up: its top card says all
        parts.append(bytes(sorted([piles[f][-1] % 52 if piles[f] else 255 for f in self.fnds])))
        parts += (like[piles[game.waste]], b"\xfd", like[piles[game.stock]],
                  bytes((len(piles[self.kings]), state.info[0])))
        return b"".join(parts)

    def talon_steps(self, state: State) -> list[Step]:
        """The K+ steps: each card the stock can bring to the waste top, played where it
        may go (a foundation, a row whose outer card is one rank higher in its suit)."""
        piles = state.piles
        if any(not piles[i] for i in self.rows):
            return super().talon_steps(state)
        game = self.game
        w, s = game.waste, game.stock
        waste, stock = piles[w], piles[s]
        talon = waste + stock[::-1]
        if not talon:
            return []
        takes: dict[tuple[int, int], list[int]] = {}  # (suit, rank) → the piles it may go onto
        for f in self.fnds:
            pile = piles[f]
            kind = (SUIT_OF[pile[-1]], RANK_OF[pile[-1]] + 1) if pile else (-1, 1)
            takes.setdefault(kind, []).append(f)
        for i in self.rows:
            top = piles[i][-1]
            takes.setdefault((SUIT_OF[top], RANK_OF[top] - 1), []).append(i)
        out: list[Step] = []
        recycles = game.recycles_left(state)
        for index, deals, again in talon_positions(len(talon), len(waste), 1, recycles):
            card = talon[index]
            rank = RANK_OF[card]
            dsts = takes.get((SUIT_OF[card], rank), []) + (takes.get((-1, 1), []) if rank == 1 else [])
            if not dsts:
                continue
            if deals == 0 and again < 0:
                view = state
            else:
                after = list(piles)
                after[w] = talon[:index + 1]
                after[s] = talon[:index:-1]
                down = list(state.down)
                down[s] = len(after[s])
                view = State(tuple(after), tuple(down), state.info)
                if again >= 0:
                    view = game.with_info(view, "recycles", game.info_value(state, "recycles") + 1)
            clicks = talon_clicks(deals, again)
            for dst in sorted(dsts):
                move = Move(MOVE, w, dst, 1)
                out.append((clicks + (move,), self.moved(view, move)))
        return out

    def moved(self, state: State, move: Move) -> State:
        """``state`` after a card move (``game.apply``'s result, the settle hooks called
        only when they may act: a row emptied, or every card home but the kings)."""
        piles = list(state.piles)
        src, dst, n = move.src, move.dst, move.n
        pile = piles[src]
        cards = pile[-n:]
        home = dst in self.fnds
        piles[dst] = piles[dst] + (cards[::-1] if home else cards)
        piles[src] = pile[:-n]
        after = State(tuple(piles), state.down, state.info)
        if not piles[src] or (home and sum([len(piles[f]) for f in self.fnds]) == HOME_BUT_KINGS):
            return self.game.settle(after)
        return after

    def steps(self, state: State) -> list[Step]:
        """The generic model's steps (``Model.steps``: the card moves but the waste's, then
        the stock's K+ steps, best first), each card move applied by ``moved``."""
        game = self.game
        waste, score = game.waste, self.score
        found: list[tuple[float, int, Step]] = []
        for move in generate(game, state):
            if move.src == waste or game.is_idle(state, move):
                continue
            after = self.moved(state, move)
            found.append((-score(after), len(found), ((move,), after)))
        for step in self.talon_steps(state):
            found.append((-score(step[1]) + 0.01 * len(step[0]), len(found), step))
        found.sort()
        return [step for _, _, step in found]

    def lost(self, state: State) -> bool:
        """Whether some card can never go home even in a looser game (``looser``), so
        ``state`` is lost."""
        waiting, stacks = self.looser(state)
        return bool(waiting) or any(stacks)

    def why_lost(self, state: State) -> Lock | None:
        """A row card that never goes home in the looser game (``looser``): no card of the
        kind before it ever gets home ("before_never_home", the card and one card of that
        kind)."""
        stacks = self.looser(state)[1]
        for i, row in zip(self.rows, stacks):
            if row:
                card = state.piles[i][len(row) - 1]
                suit, rank = row[-1]
                return Lock("before_never_home", i, card, (make_card(rank - 1, suit),))
        return None

    def looser(self, state: State) -> tuple[list[tuple[int, int]], list[list[tuple[int, int]]]]:
        """The looser game's fixed point: the kinds (suit, rank) in reach that never go
        home, and what is left of each row (bottom first) that never leaves it.

        In the looser game a card that has once been in reach stays in reach: every card
        of the stock and the waste is always in reach (with no turn-over left, a waste
        card may still go to an emptied row), and so is a card once moved off its row.  A
        row's outer card goes home when a card of its suit one rank lower has, and leaves
        its row, with the in-suit run on it, when a card of its suit one rank higher has
        ever been in reach (onto that card: a queen never, there are no kings to take
        it); what lay under it comes into reach.  The flanks and the second foundation of
        a suit are forgotten.  Worked out to a fixed point: what never goes home there
        never does in the real game.  It catches, for instance, both cards of a kind under
        queens of their suit, or under a queen with the other card of the kind: the queen
        waits for the jack, which waits for them."""
        piles = state.piles
        reached: set[tuple[int, int]] = set()  # kinds (suit, rank) with a card home
        for f in self.fnds:
            if piles[f]:
                top = piles[f][-1]
                reached.update((SUIT_OF[top], r) for r in range(1, RANK_OF[top] + 1))
        game = self.game
        waiting = [(SUIT_OF[c], RANK_OF[c]) for c in piles[game.stock] + piles[game.waste]]
        seen = set(waiting)  # kinds ever in reach
        stacks = [[(SUIT_OF[c], RANK_OF[c]) for c in piles[i]] for i in self.rows]
        changed = True
        while changed:
            changed = False
            kept = []
            for kind in waiting:  # the cards in reach go home as soon as they can
                if kind[1] == 1 or (kind[0], kind[1] - 1) in reached:
                    if kind not in reached:
                        reached.add(kind)
                        changed = True
                else:
                    kept.append(kind)
            waiting = kept
            for row in stacks:
                while row:
                    suit, rank = kind = row[-1]
                    seen.add(kind)
                    if rank == 1 or (suit, rank - 1) in reached:
                        row.pop()
                        reached.add(kind)
                        changed = True
                        continue
                    j = len(row) - 1  # the in-suit run down to the outer card starts at j
                    while j > 0 and row[j - 1] == (suit, row[j][1] + 1):
                        j -= 1
                    x = next((x for x in range(len(row) - 1, j - 1, -1) if (suit, row[x][1] + 1) in seen), -1)
                    if x < 0:
                        break
                    waiting += row[x:]  # moved off, the run stays in reach
                    seen.update(row[x:])
                    del row[x:]
                    changed = True
        return waiting, stacks

    def score(self, state: State) -> float:
        """Four for each card home, twelve for each turn-over still in hand, less a half
        for each card in the waste (passed over in this pass)."""
        piles = state.piles
        return (4 * sum([len(piles[f]) for f in self.fnds]) + TURN_OVER * (self.game.recycles_left(state) or 0)
                - PASSED_OVER * len(piles[self.game.waste]))
