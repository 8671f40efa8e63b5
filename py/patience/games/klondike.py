"""Клондайк — Klondike (seed 004, J. Leeming's book in translation)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Sequence

from ..cards import OTHER_COLOUR, PARTNER, RANK_OF, SUIT_OF, Card, deck
from ..moves import MOVE, Move
from ..rng import Rng
from ..spec import Build, GameSpec, Help, Layout, Option, Pick, PileSpec, SolverHooks, Wins, Words
from ..state import State
from .common import DRAW_LABELS_RU, FOUNDATION_RETURN_RU, PASS_LABELS, YES_NO_RU, deal_order, homes, tableau_down

if TYPE_CHECKING:
    from ..game import Game

OPTIONS = (
    Option("draw", ("3", "1"), "3", "Cards turned from the stock",
           label_ru="Карты из колоды открываются", value_labels_ru=DRAW_LABELS_RU),
    Option("passes", ("inf", "1", "3"), "inf", "Passes through the stock", PASS_LABELS,
           label_ru="Проходов по колоде", value_labels_ru={"inf": "без ограничения", "1": "один", "3": "три"}),
    Option("runs", ("whole", "any"), "whole", "Tableau moves take",
           {"whole": "the whole face-up run", "any": "any face-up run"},
           label_ru="Из столбца в столбец переносится",
           value_labels_ru={"whole": "вся открытая последовательность",
                            "any": "любая часть открытой последовательности"}),
    Option("foundation_return", ("off", "on"), "off", "Foundation cards may come back",
           label_ru="Карты возвращаются из домов", value_labels_ru=YES_NO_RU),
)

ALT_DOWN = Build("down", "alt")
IN_SUIT_UP = Build("up", "same")


def layout(opts: Mapping[str, str]) -> Layout:
    back = frozenset({"tableau"}) if opts["foundation_return"] == "on" else frozenset()
    piles = [
        PileSpec("stock", "stock", x=0, y=0),
        PileSpec("waste", "waste", pick="top", sends=frozenset({"tableau", "foundation"}), x=1, y=0, fan="waste"),
    ]
    piles += [
        PileSpec(f"f{i}", "foundation", IN_SUIT_UP, "A", "top", back, 1, x=2 + i, y=0)
        for i in range(1, 5)
    ]
    pick: Pick = "whole_run" if opts["runs"] == "whole" else "run"
    piles += [
        PileSpec(f"t{i}", "tableau", ALT_DOWN, "K", pick, frozenset({"tableau", "foundation"}),
                 flip_top=True, x=i - 1, y=1.25, fan="down")
        for i in range(1, 8)
    ]
    passes = None if opts["passes"] == "inf" else int(opts["passes"])
    return Layout(tuple(piles), draw=int(opts["draw"]), passes=passes, width=7, height=4.6,
                  least_height=3.2)


def safe_rank(rank: int, suit: int, home: Sequence[int]) -> bool:
    """Whether the next card of ``suit`` (of ``rank``) can go home without any loss, ``home``
    the rank at home by suit: no card of the other colour one rank lower can still need
    it as a base (Solvitaire's rule: both foundations of the other colour within one
    rank, or within two with the other foundation of its colour within three).  Auto-play
    and both of Klondike's searches send a card home by it."""
    a, b = OTHER_COLOUR[suit]
    other = max(rank - home[a], rank - home[b])
    return other <= 1 or (other <= 2 and rank - home[PARTNER[suit]] <= 3)



def safe_home(game: "Game", state: State) -> "Move | None":
    """A column's top card (or, one card turned at a time, the waste's) that goes home by
    ``safe_rank``: auto-play's move.  (With three cards turned the waste top stays: taking
    it shifts which cards later turns bring up.)"""
    home, where = homes(game.foundations, state.piles)
    sources = [game.index[f"t{i}"] for i in range(1, 8)]
    if game.layout.draw == 1:
        sources.append(game.waste)
    for i in sources:
        pile = state.piles[i]
        if pile:
            card = pile[-1]
            suit = SUIT_OF[card]
            if RANK_OF[card] == home[suit] + 1 and safe_rank(RANK_OF[card], suit, home):
                return Move(MOVE, i, where[suit], 1)
    return None

def deal(game: "Game", rng: Rng) -> State:
    """Row by row as the book lays it: a face-up card, then face-down ones to its right."""
    cards = iter(rng.shuffled(deck(1)))
    tableau: list[list[Card]] = [[] for _ in range(7)]
    for row in range(7):
        for col in range(row, 7):
            tableau[col].append(next(cards))
    state = game.empty_state()
    return tableau_down(game, state, tableau, deal_order(cards))



HELP = Help(
    setup="One deck. Seven piles are dealt left to right, the first with one card, the last with "
          "seven; only the top card of each is face up. The other 24 cards are the face-down stock.",
    goal="Build all four suits up from ace to king on the foundations.",
    moves="On the piles, lay a card one rank lower and of the other colour (a red 7 on a black 8). "
          "The top card of the waste or of a pile may go to a foundation of its suit. A face-down "
          "card left on top turns up by itself. Only a king (with the cards on it) fills an empty pile.",
    stock="A click on the stock turns cards onto the waste; the last one turned is the one in play. "
          "When the stock is empty, a click turns the waste over to start a new pass, if one is left.",
    options={
        "draw": "How many cards one click turns: three (the book) or one.",
        "passes": "How many times you may go through the stock: unlimited (the book), once, or three times.",
        "runs": "Between piles, move the whole face-up run at once (the book: a part may not move) "
                "or any part of it that is in order (as most computer versions do).",
        "foundation_return": "Whether the top card of a foundation may come back onto a pile.",
    },
    source="J. Leeming's book of patience games in Russian translation.",
)

HELP_RU = Help(
    setup="Одна колода. Слева направо раскладывают семь столбцов: в первом одна карта, в "
          "последнем семь; открыта только верхняя карта каждого столбца. Остальные 24 карты "
          "лежат рубашкой вверх — это колода.",
    goal="Собрать в домах (базовых стопках) все четыре масти, каждую от туза до короля.",
    moves="В столбцах карта ложится на карту на одно достоинство старше и другого цвета (красная "
          "семёрка — на чёрную восьмёрку). Верхнюю карту отбоя или столбца можно положить в "
          "дом её масти. Если наверху столбца осталась закрытая карта, она "
          "открывается сама. Пустой столбец занимает только король (вместе с картами, лежащими "
          "на нём).",
    stock="Щелчок по колоде открывает карты в отбой; в игре последняя из открытых. Когда колода "
          "кончилась, щелчок переворачивает отбой и начинает новый проход по колоде, если "
          "проходы ещё остались.",
    options={
        "draw": "Сколько карт открывает один щелчок: три (как в книге) или одну.",
        "passes": "Сколько раз можно пройти колоду: без ограничения (как в книге), один раз "
                  "или три раза.",
        "runs": "Из столбца в столбец переносится вся открытая последовательность сразу (в книге "
                "часть её двигать нельзя) или любая её часть, лежащая по порядку (как в "
                "большинстве компьютерных версий).",
        "foundation_return": FOUNDATION_RETURN_RU,
    },
    source="Книга Дж. Лиминга о пасьянсах в русском переводе.",
)

SPEC: "GameSpec[Game]" = GameSpec(
    words=Words(name="Klondike", name_ru="Клондайк", help=HELP, help_ru=HELP_RU),
    quick_wins=Wins((5, 9, 11, 14)),
    id="klondike",
    decks=1,
    options=OPTIONS,
    layout=layout,
    deal=deal,
    solver=SolverHooks(
        interchangeable=lambda game: (tuple(f"t{i}" for i in range(1, 8)), ("f1", "f2", "f3", "f4")),
        safe=safe_home,
    ),
)
