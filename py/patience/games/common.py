"""Pieces that several game declarations share."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from ..cards import Card
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
