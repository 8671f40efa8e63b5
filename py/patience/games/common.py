"""Pieces that several game declarations share."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from ..cards import SUIT_OF, Card
from ..state import State

if TYPE_CHECKING:
    from ..game import Game

PASS_LABELS = {"inf": "unlimited"}

# Russian words of options several games share
DRAW_LABELS_RU = {"3": "по три карты", "1": "по одной карте"}
YES_NO_RU = {"off": "нет", "on": "да"}
FOUNDATION_RETURN_RU = "Может ли верхняя карта дома вернуться в столбец."


def deal_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards left after dealing, as a pile: the next card to deal ends on top."""
    return tuple(reversed(list(cards)))


def tableau_down(game: "Game", state: State, columns: Sequence[Sequence[Card]],
                 stock: tuple[Card, ...]) -> State:
    """Fill t1..tN with ``columns`` (all but each top card face down) and the stock."""
    piles = list(state.piles)
    down = list(state.down)
    for n, column in enumerate(columns, 1):
        i = game.index[f"t{n}"]
        piles[i] = tuple(column)
        down[i] = max(0, len(column) - 1)
    piles[game.stock] = stock
    down[game.stock] = len(stock)
    return state._replace(piles=tuple(piles), down=tuple(down))


def homes(foundations: Sequence[int], piles: Sequence[Sequence[Card]]) -> tuple[list[int], list[int]]:
    """How many cards of each suit are home (a foundation of one suit, built from its
    first card), and the foundation of each suit: its own, else the first empty one (-1:
    none).  Games with one foundation a suit and their searches ask it."""
    home = [0, 0, 0, 0]
    where = [-1, -1, -1, -1]
    empty = -1
    for f in foundations:
        pile = piles[f]
        if pile:
            s = SUIT_OF[pile[-1]]
            home[s] = len(pile)
            where[s] = f
        elif empty < 0:
            empty = f
    return home, [w if w >= 0 else empty for w in where]
