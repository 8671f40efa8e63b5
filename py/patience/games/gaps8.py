"""«Восемь тузов» — two-deck Gaps (seed 003, V. Mendelev's «Энциклопедия игр»; title lost)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ..cards import deck
from ..rng import Rng
from ..spec import GameSpec, Layout
from ..state import State
from .gaps import Grid

if TYPE_CHECKING:
    from ..game import Game

GRID = Grid(rows=8, first=0, low=1, decks=2)


def layout(opts: Mapping[str, str]) -> Layout:
    return Layout(tuple(GRID.piles()), info=("reshuffles", "seed"), width=14, height=8,
                  squeeze=True, click_to_move=True)


def deal(game: "Game", rng: Rng) -> State:
    return GRID.deal_cards(game, rng.shuffled(deck(2)))


SPEC = GameSpec(
    id="gaps8",
    name="Eight Aces",
    name_ru="Восемь тузов",
    decks=2,
    options=GRID.options("0"),
    layout=layout,
    deal=deal,
    source="V. Mendelev, «Энциклопедия игр» (seed 003); the title is lost",
    generate=GRID.generate,
    accept=GRID.accept,
    won=GRID.won,
    specials=(GRID.reshuffle_special(),),
)
