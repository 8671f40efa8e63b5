"""The Gaps family on a grid of one-card cells: «Восемь тузов» and Пасьянс Потоцкого.

Cells are named ``g<row>-<slot>``.  A gap takes the card of the same suit one rank above
its left neighbour (nothing after a king or after a gap); the first slot of a row takes
any card of the row's lowest rank (an ace in a head, a 2 where the aces are removed).
A reshuffle keeps each row's correct run and deals the rest again, seeded by the deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import RANK_OF, SUIT_OF, Card
from ..moves import MOVE, Move
from ..rng import Rng
from ..spec import Action, Help, Option, PileSpec, Rules, SolverHooks, Words, button
from ..state import State
from ..text import Text

if TYPE_CHECKING:
    from ..game import Game

CELL_TO = frozenset({"cell"})

# how the rules help of a Gaps game says what a tap does, in Russian
TAP_GAPS_RU = ("Нажмите на карту, чтобы переложить её на подходящее пустое место; нажмите на пустое "
               "место, чтобы сыграть подходящую к нему карту или увидеть, какие карты к нему подходят.")
PILE_NAMES = {"g": "row {row}, place {place}"}
PILE_NAMES_RU = {"g": "ряд {row}, место {place}"}
# the Russian of what the Gaps rules below say
SENTENCES_RU = {
    "No reshuffles": "Перетасовок нет",
    "Reshuffle ({left} left)": "Перетасовать (осталось {left})",
}


@dataclass(frozen=True)
class Grid:
    """The shape of a Gaps game: rows, the first slot, the rank that starts a row."""

    rows: int
    first: int  # 0: a head slot for the ace; 1: no head (aces removed)
    low: int  # the rank the first slot takes
    decks: int

    @property
    def cols(self) -> int:
        return 14 - self.first

    def at(self, row: int, slot: int) -> int:
        """Pile index of g<row>-<slot> (rows from 1)."""
        return (row - 1) * self.cols + slot - self.first

    def where(self, i: int) -> tuple[int, int]:
        return i // self.cols + 1, i % self.cols + self.first

    def cells(self) -> int:
        return self.rows * self.cols

    def piles(self) -> list[PileSpec]:
        return [
            PileSpec(f"g{r}-{c}", "cell", empty=("A" if self.low == 1 else "two") if c == self.first else "after_left",
                     pick="top", sends=CELL_TO, max_in=1, x=c - self.first, y=r - 1,
                     label=("A" if self.low == 1 else str(self.low)) if c == self.first else "")
            for r in range(1, self.rows + 1) for c in range(self.first, 14)
        ]

    def options(self, default_reshuffles: str) -> tuple[Option, ...]:
        return (Option("reshuffles", ("0", "1", "2"), default_reshuffles, "Reshuffles",
                       {"0": "none", "1": "one", "2": "two"},
                       label_ru="Перетасовки", value_labels_ru={"0": "нет", "1": "одна", "2": "две"}),)

    def rules(self) -> "Rules[Game]":
        """The rules' hooks of a Gaps game: what a gap takes is declared (``PileSpec.empty``:
        "after_left", and "A" or "two" at a row's first place), and the engine accepts and
        words a move by it; ``generate`` finds the moves by the gaps, for speed."""
        return Rules(generate=self.generate, won=self.won, forced=self.forced)

    def actions(self) -> "tuple[Action[Game], ...]":
        """A Gaps game's own action: the reshuffle."""
        return (self.reshuffle_action(),)

    def solver(self) -> "SolverHooks[Game]":
        return SolverHooks(score=self.score)

    def words(self, name: str, name_ru: str, help: Help, help_ru: Help) -> Words:
        """A Gaps game's words: its own, with the names of its cells and the Russian of what
        its rules say."""
        return Words(name=name, name_ru=name_ru, help=help, help_ru=help_ru, pile_names=PILE_NAMES,
                     pile_names_ru=PILE_NAMES_RU, sentences_ru=SENTENCES_RU)

    def score(self, game: "Game", state: State) -> float:
        """For the solver: cards standing in order from the start of their rows."""
        return sum(self.run_length(state, r) for r in range(1, self.rows + 1))

    # --- rules -------------------------------------------------------------------
    def wanted(self, state: State, i: int) -> tuple[int, int] | None:
        """(rank, suit) a gap at pile i takes; suit -1: any suit; None: nothing."""
        row, slot = self.where(i)
        if slot == self.first:
            return (self.low, -1)
        left = state.piles[i - 1]
        if not left or RANK_OF[left[0]] == 13:
            return None
        return (RANK_OF[left[0]] + 1, SUIT_OF[left[0]])

    def generate(self, game: "Game", state: State) -> list["Move"]:
        found: dict[tuple[int, int], list[int]] = {}
        for i in range(self.cells()):
            pile = state.piles[i]
            if pile:
                c = pile[0]
                found.setdefault((RANK_OF[c], SUIT_OF[c]), []).append(i)
        moves: list[Move] = []
        for dst in range(self.cells()):
            if state.piles[dst]:
                continue
            want = self.wanted(state, dst)
            if want is None:
                continue
            suits = range(4) if want[1] < 0 else (want[1],)
            srcs = sorted(i for s in suits for i in found.get((want[0], s), ()))
            moves += [Move(MOVE, src, dst, 1) for src in srcs]
        return moves

    def run_length(self, state: State, row: int) -> int:
        """How many cards from the first slot of a row already stand in order."""
        n = 0
        suit = -1
        for slot in range(self.first, 14):
            pile = state.piles[self.at(row, slot)]
            if not pile or RANK_OF[pile[0]] != self.low + n or (suit >= 0 and SUIT_OF[pile[0]] != suit):
                break
            suit = SUIT_OF[pile[0]]
            n += 1
        return n

    def won(self, game: "Game", state: State) -> bool:
        return all(self.run_length(state, r) == 14 - self.low for r in range(1, self.rows + 1))

    def forced(self, game: "Game", state: State) -> bool:
        """The rest is forced (``Game.is_forced``): moving, each time, the first card the
        engine lists that goes into the gap right after a row's run (from outside every
        run, no reshuffle) wins: what is left is putting cards into their places, with
        nothing to search for.  (With two decks the copy taken can matter: the rule asks
        only that this one order wins.)"""
        for _ in range(game.ncards + 1):
            if self.won(game, state):
                return True
            runs = {r: self.run_length(state, r) for r in range(1, self.rows + 1)}
            ends = {self.at(r, self.first + n) for r, n in runs.items() if n < 14 - self.low}
            in_runs = {self.at(r, self.first + k) for r, n in runs.items() for k in range(n)}
            move = next((m for m in game.card_moves(state) if m.dst in ends and m.src not in in_runs), None)
            if move is None:
                return False
            state = game.play(state, move)
        return False

    # --- the reshuffle -------------------------------------------------------------
    def reshuffle_action(self) -> "Action[Game]":
        def left(game: "Game", state: State) -> int:
            return int(game.options["reshuffles"]) - game.info_value(state, "reshuffles")

        def label(game: "Game", state: State) -> str:
            if game.options["reshuffles"] == "0":
                return Text("No reshuffles")
            return Text("Reshuffle ({left} left)", left=left(game, state))

        def available(game: "Game", state: State) -> bool:
            return left(game, state) > 0 and not self.won(game, state)

        return button("reshuffle", label, available, self.reshuffle)

    def reshuffle(self, game: "Game", state: State) -> State:
        """Keep each row's run; shuffle the rest (with removed aces) back into the free
        slots, leaving one gap right after each run (or where the aces fall again)."""
        done = game.info_value(state, "reshuffles")
        piles = list(state.piles)
        runs = [self.run_length(state, r) for r in range(1, self.rows + 1)]
        loose: list[Card] = []
        free: list[int] = []
        for r, run in enumerate(runs, 1):
            for slot in range(self.first + run, 14):
                i = self.at(r, slot)
                loose += piles[i]
                piles[i] = ()
                if self.low == 1 and slot == self.first + run:
                    continue  # the gap right after the run
                free.append(i)
        discard = game.index.get("discard")
        if discard is not None:
            loose += piles[discard]
            piles[discard] = ()
        cards = Rng(game.info_value(state, "seed"), f"{game.id}/reshuffle/{done + 1}").shuffled(sorted(loose))
        for i, card in zip(free, cards):
            piles[i] = (card,)
        state = state._replace(piles=tuple(piles))
        if discard is not None:
            state = remove_aces(game, state, self)
        return game.with_info(state, "reshuffles", done + 1)

    # --- the deal -----------------------------------------------------------------
    def deal_cards(self, game: "Game", cards: list[Card]) -> State:
        """Deal face up row by row into slots 1..13 (heads stay empty)."""
        piles = list(game.empty_state().piles)
        for k, card in enumerate(cards):
            piles[self.at(k // 13 + 1, k % 13 + 1)] = (card,)
        return game.empty_state()._replace(piles=tuple(piles))


def remove_aces(game: "Game", state: State, grid: Grid) -> State:
    """Take every ace out of the grid onto the discard pile, row by row."""
    piles = list(state.piles)
    discard = game.index["discard"]
    for i in range(grid.cells()):
        if piles[i] and RANK_OF[piles[i][0]] == 1:
            piles[discard] = piles[discard] + piles[i]
            piles[i] = ()
    return state._replace(piles=tuple(piles))
