"""«Восемь тузов» — two-deck Gaps (seed 003, V. Mendelev's «Энциклопедия игр»; title lost)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ..cards import deck
from ..rng import Rng
from ..spec import GameSpec, Help, Layout, Wins
from ..state import State
from .gaps import TAP_GAPS_RU, Grid

if TYPE_CHECKING:
    from ..game import Game

GRID = Grid(rows=8, first=0, low=1, decks=2)


def layout(opts: Mapping[str, str]) -> Layout:
    return Layout(tuple(GRID.piles()), info=("reshuffles", "seed"), width=14, height=8,
                  squeeze=True, overlap_rows=True, click_to_move=True)


def deal(game: "Game", rng: Rng) -> State:
    return GRID.deal_cards(game, rng.shuffled(deck(2)))



HELP = Help(
    setup="Two decks, dealt face up in eight rows of thirteen. Each row starts with an empty head "
          "on the left, so there are always exactly eight gaps.",
    goal="Make every row read ace, 2, 3 … king of one suit from the head.",
    moves="Any ace may move into an empty head. Any other gap takes only the card of the same suit "
          "one rank above the card to its left; nothing goes after a king or after another gap. The "
          "moved card leaves a gap where it was. Tap a card to move it to the gap it fits; tap a gap "
          "to play the card that fits it, or to see the cards that do.",
    stock="There is no stock. With reshuffles allowed, a reshuffle keeps each row's run from its "
          "head (ace, 2, 3 … of one suit), shuffles every other card and deals them again, leaving "
          "one gap right after each run.",
    options={
        "reshuffles": "How many reshuffles you have: none (the strict game), one or two (the "
                      "book's easy variant).",
    },
    source="V. Mendelev, «Энциклопедия игр»; the game's title is lost, the name here is ours.",
)

HELP_RU = Help(
    setup="Две колоды раскладывают лицом вверх в восемь рядов по тринадцать карт. Слева каждый "
          "ряд начинается с пустой головной клетки, поэтому пустых мест всегда ровно восемь.",
    goal="Выложить в каждом ряду, начиная с головной клетки, туза, двойку, тройку … короля "
         "одной масти.",
    moves="Любой туз может перейти в пустую головную клетку. Всякое другое пустое место "
          "принимает только карту той же масти на одно достоинство выше карты слева от него; "
          "после короля и после другого пустого места класть нечего. Там, откуда ушла карта, "
          "остаётся пустое место. " + TAP_GAPS_RU,
    stock="Колоды нет. Если перетасовки разрешены, перетасовка оставляет в каждом ряду его "
          "правильную последовательность от головной клетки (туз, 2, 3 … одной масти), все "
          "остальные карты тасует и раскладывает заново, оставляя одно пустое место сразу за "
          "каждой такой последовательностью.",
    options={
        "reshuffles": "Сколько у вас перетасовок: ни одной (строгая игра), одна или две "
                      "(облегчённый вариант из книги).",
    },
    source="В. Менделев, «Энциклопедия игр»; название пасьянса не сохранилось, "
           "«Восемь тузов» — наше название.",
)

SPEC: "GameSpec[Game]" = GameSpec(
    words=GRID.words(name="Eight Aces", name_ru="Восемь тузов", help=HELP, help_ru=HELP_RU),
    quick_wins=Wins((16, 77)),
    id="gaps8",
    decks=2,
    options=GRID.options("0"),
    layout=layout,
    deal=deal,
    rules=GRID.rules(),
    actions=GRID.actions(),
    solver=GRID.solver(),
)
