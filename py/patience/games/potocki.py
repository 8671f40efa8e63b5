"""Пасьянс Потоцкого — one-deck Gaps.  Seed 003 only names the game; the rules are the
standard Gaps (Montana): aces removed, a 2 starts each row."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ..cards import deck
from ..rng import Rng
from ..spec import GameSpec, Layout, PileSpec
from ..state import State
from .gaps import Grid, remove_aces

if TYPE_CHECKING:
    from ..game import Game

GRID = Grid(rows=4, first=1, low=2, decks=1)


def layout(opts: Mapping[str, str]) -> Layout:
    discard = PileSpec("discard", "discard", x=0, y=4.15, fan="right")
    return Layout(tuple(GRID.piles()) + (discard,), info=("reshuffles", "seed"), width=13, height=5.2,
                  squeeze=True, click_to_move=True)


def deal(game: "Game", rng: Rng) -> State:
    return remove_aces(game, GRID.deal_cards(game, rng.shuffled(deck(1))), GRID)


SPEC = GameSpec(
    id="potocki",
    name="Potocki's Patience",
    name_ru="Пасьянс Потоцкого",
    decks=1,
    options=GRID.options("2"),
    layout=layout,
    deal=deal,
    source="Named in V. Mendelev's «Энциклопедия игр» (seed 003); rules are the standard Gaps",
    generate=GRID.generate,
    accept=GRID.accept,
    won=GRID.won,
    specials=(GRID.reshuffle_special(),),
)
