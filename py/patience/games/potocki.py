"""Пасьянс Потоцкого — one-deck Gaps.  Seed 003 only names the game; the rules are the
standard Gaps (Montana): aces removed, a 2 starts each row."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ..cards import deck
from ..rng import Rng
from ..spec import GameSpec, Help, Layout, PileSpec, Wins
from ..state import State
from .gaps import TAP_GAPS_RU, Grid, remove_aces

if TYPE_CHECKING:
    from ..game import Game

GRID = Grid(rows=4, first=1, low=2, decks=1)


def layout(opts: Mapping[str, str]) -> Layout:
    discard = PileSpec("discard", "discard", x=0, y=4.15, fan="right")
    return Layout(tuple(GRID.piles()) + (discard,), info=("reshuffles", "seed"), width=13, height=5.2,
                  squeeze=True, overlap_rows=True, click_to_move=True)


def deal(game: "Game", rng: Rng) -> State:
    return remove_aces(game, GRID.deal_cards(game, rng.shuffled(deck(1))), GRID)



HELP = Help(
    setup="One deck, dealt face up in four rows of thirteen; then the four aces are taken out, "
          "leaving four gaps.",
    goal="Make every row read 2, 3 … king of one suit from the left.",
    moves="A gap takes the card of the same suit one rank above the card to its left; a gap at the "
          "start of a row takes any 2; nothing goes after a king or after another gap. Tap a card to "
          "move it to the gap it fits; tap a gap to play the card that fits it, or to see the cards that do.",
    stock="There is no stock. A reshuffle keeps each row's run from the left (2, 3 … of one suit), "
          "shuffles the rest together with the aces, deals them into the free places and takes the "
          "aces out again.",
    options={
        "reshuffles": "How many reshuffles you have: none, one or two (the usual game).",
    },
    source="V. Mendelev's «Энциклопедия игр» only names this game; these are "
           "the standard rules of Gaps, also called Montana.",
)

HELP_RU = Help(
    setup="Одну колоду раскладывают лицом вверх в четыре ряда по тринадцать карт, затем убирают "
          "четырёх тузов — остаются четыре пустых места.",
    goal="Выложить в каждом ряду слева направо двойку, тройку … короля одной масти.",
    moves="Пустое место принимает карту той же масти на одно достоинство выше карты слева от "
          "него; пустое место в начале ряда принимает любую двойку; после короля и после "
          "другого пустого места класть нечего. " + TAP_GAPS_RU,
    stock="Колоды нет. Перетасовка оставляет в каждом ряду его правильную последовательность "
          "от левого края (2, 3 … одной масти), остальные карты тасует вместе с тузами, "
          "раскладывает на свободные места и снова убирает тузов.",
    options={
        "reshuffles": "Сколько у вас перетасовок: ни одной, одна или две (обычная игра).",
    },
    source="В «Энциклопедии игр» В. Менделева этот пасьянс только назван; здесь даны стандартные "
           "правила пасьянса Gaps, он же «Монтана».",
)

SPEC: "GameSpec[Game]" = GameSpec(
    words=GRID.words(name="Potocki's Patience", name_ru="Пасьянс Потоцкого", help=HELP, help_ru=HELP_RU),
    quick_wins=Wins((1, 3, 9)),
    id="potocki",
    decks=1,
    options=GRID.options("2"),
    layout=layout,
    deal=deal,
    rules=GRID.rules(),
    actions=GRID.actions(),
    solver=GRID.solver(),
)
