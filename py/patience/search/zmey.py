"""«Змей»'s search model: the generic best-first search (``best_first``), with the
steps, key and score written for the game.

- A step is an engine move and the state it leads to, as in the generic model, but a
  card move is applied here directly (the game has no settle hooks: a card move
  changes two piles and nothing else); the rounds and the redeal go through the engine.
- The key forgets which deck a card comes from (the rules never tell two copies of a
  card apart), keeps a foundation by its length (its top rank follows from it: the base
  cards never move) and forgets the count of rounds dealt (the stock left says what
  comes).  After the redeal, in the play phase, the twelve piles are interchangeable
  (nothing depends on a pile's place any more: the positional limit holds only while
  dealing, and the gathering order only for the redeal), so they are sorted in the key.
  A step comes with its key (``keyed_steps``), made from the position's own parts with
  the two piles a card move changes made again, and a step to a position the search has
  seen is left out before its state is made (three kids in five).
- The score: four for each card home, and eight more before the redeal.  With the
  generic score (cards home alone) the search redealt almost at once: the redeal and
  its deal phase send cards home, so on four deals unknown at 2 s, of 40 000 positions
  the first play phase had 6 to 13 and the last one all the rest.  The redeal in hand
  keeps the first play phase searched until it is won or stuck.
"""

from __future__ import annotations

from collections.abc import Container
from operator import itemgetter

from ..game import Game
from ..games.zmey import TABLEAU, generate
from ..state import State
from .budget import Heap
from .model import KeyedStep, Model, PileParts, Step

# a position before the redeal is worth two cards home more than one after it: the redeal
# is still in hand (seeds 1-400 at 2 s: 350 won without, 372-375 with 1 to 4 cards, 344 with 6)
REDEAL_IN_HAND = 8
NEW = tuple.__new__
BYTE = tuple(bytes((i,)) for i in range(256))
TABLEAU_OF = itemgetter(*TABLEAU)  # a state's piles → its twelve tableau piles


class ZmeyModel(Model):
    """The generic model of «Змей» with faster steps, key and score."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.fnd_piles = game.foundation_piles
        self.fnd_set = frozenset(game.foundations)
        self.stock_at = game.stock
        self.redeals_at = game.layout.info.index("redeals")
        self.like = PileParts()  # (a move changes two piles: the key's other parts are kept ones)
        self.column = {t: n for n, t in enumerate(TABLEAU)}  # (``keyed_steps``: a pile's part of the key)
        self.fnd_at = {f: n for n, f in enumerate(game.foundations)}
        assert self.hooks.safe is None  # (``keyed_steps`` closes no step)

    def parts(self) -> list[Heap]:
        return [self.like]

    def key(self, state: State) -> bytes:
        piles = state.piles
        like = self.like
        cols = list(map(like.__getitem__, TABLEAU_OF(piles)))  # (in C: most parts are kept ones)
        stock = piles[self.stock_at]
        dealt = like[stock]
        redealt = state.info[self.redeals_at]
        if redealt and not stock:
            cols.sort()
        return b"".join((b"\xff".join(cols), b"\xfe", bytes(map(len, self.fnd_piles(piles))), BYTE[redealt], dealt))

    def score(self, state: State) -> float:
        piles = state.piles
        return 4 * sum(map(len, self.fnd_piles(piles))) + (0 if state.info[self.redeals_at] else REDEAL_IN_HAND)

    def steps(self, state: State) -> list[Step]:
        """Every step from ``state``, best first (``keyed_steps`` without the keys)."""
        return [(moves, child) for moves, child, _ in self.keyed_steps(state)]

    def keyed_steps(self, state: State, seen: Container[bytes] = ()) -> list[KeyedStep]:
        """Every step from ``state``, best first, with its key: the engine's legal moves
        (a card alone in its pile moved to an empty one left out), each applied (the game
        has no safe moves: nothing to close), but those whose key is in ``seen``.  A card
        move changes two piles, so its key is the state's own with those piles' parts
        (and the foundations' lengths) made again, before its state is made."""
        game = self.game
        piles, down, info = state.piles, state.down, state.info
        fnds, like, column, fnd_at = self.fnd_set, self.like, self.column, self.fnd_at
        heights = bytes(map(len, self.fnd_piles(piles)))
        redealt = info[self.redeals_at]
        home = 4 * sum(heights) + (0 if redealt else REDEAL_IN_HAND)
        cols = list(map(like.__getitem__, TABLEAU_OF(piles)))  # (``key``'s parts)
        stock = piles[self.stock_at]
        sort = redealt and not stock
        tail = BYTE[redealt] + like[stock]
        found: list[tuple[float, int, KeyedStep]] = []
        for move in generate(game, state):
            src, dst = move.src, move.dst
            pile = piles[src]
            if len(pile) == 1 and not piles[dst] and src not in fnds:
                continue  # a lone king or ace to an empty pile: nothing changes
            left, onto = pile[:-1], piles[dst] + pile[-1:]
            parts = cols.copy()
            score, high = home, heights
            if src in fnds:
                i = fnd_at[src]
                high = high[:i] + BYTE[high[i] - 1] + high[i + 1:]
            else:
                parts[column[src]] = like[left]
            if dst in fnds:
                i = fnd_at[dst]
                high = high[:i] + BYTE[high[i] + 1] + high[i + 1:]
                if src not in fnds:
                    score += 4
            else:
                parts[column[dst]] = like[onto]
            if sort:
                parts.sort()
            k = b"".join((b"\xff".join(parts), b"\xfe", high, tail))
            if k in seen:
                continue  # (most kids: a position reached before)
            after = list(piles)
            after[src], after[dst] = left, onto
            # (a State made as ``State._make`` makes it: no call of its ``__new__``)
            found.append((-score, len(found), ((move,), NEW(State, (tuple(after), down, info)), k)))
        for action in game.spec.actions:  # a round, the redeal
            for move in action.moves(game, state):
                after_state = game.apply(state, move)
                k = self.key(after_state)
                if k not in seen:
                    found.append((-self.score(after_state), len(found), ((move,), after_state, k)))
        found.sort()
        return [step for _, _, step in found]
