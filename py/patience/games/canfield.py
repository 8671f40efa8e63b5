"""Кэнфилд — Canfield (seed 004 holds its ending and variants; the rest from the same book)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Sequence, TypeVar

from ..cards import OTHER_COLOUR, RANK_OF, SUIT_OF, deck
from ..moves import MOVE, Move
from ..rng import Rng
from ..spec import Build, GameSpec, Help, Layout, Option, PileSpec, Rules, SolverHooks, Wins, Words
from ..state import Pile, State
from .common import DRAW_LABELS_RU, FOUNDATION_RETURN_RU, PASS_LABELS, YES_NO_RU, deal_order, homes

if TYPE_CHECKING:
    from ..game import Game

OPTIONS = (
    Option("draw", ("3", "1"), "3", "Cards turned from the stock",
           label_ru="Карты из колоды открываются", value_labels_ru=DRAW_LABELS_RU),
    Option("passes", ("inf", "4", "1"), "inf", "Passes through the stock", PASS_LABELS,
           label_ru="Проходов по колоде", value_labels_ru={"inf": "без ограничения", "4": "четыре", "1": "один"}),
    Option("foundation_return", ("off", "on"), "off", "Foundation cards may come back",
           label_ru="Карты возвращаются из домов", value_labels_ru=YES_NO_RU),
)

ALT_DOWN_WRAP = Build("down", "alt", wrap=True)
IN_SUIT_UP_WRAP = Build("up", "same", wrap=True)
TO_PLAY = frozenset({"tableau", "foundation"})


def layout(opts: Mapping[str, str]) -> Layout:
    back = frozenset({"tableau"}) if opts["foundation_return"] == "on" else frozenset()
    piles = [
        PileSpec("stock", "stock", x=0, y=0),
        PileSpec("waste", "waste", pick="top", sends=TO_PLAY, x=1, y=0, fan="waste"),
    ]
    piles += [
        PileSpec(f"f{i}", "foundation", IN_SUIT_UP_WRAP, "base", "top", back, 1, x=2 + i, y=0)
        for i in range(1, 5)
    ]
    piles.append(PileSpec("reserve", "reserve", pick="top", sends=TO_PLAY, x=0, y=1.25))
    piles += [
        PileSpec(f"t{i}", "tableau", ALT_DOWN_WRAP, "from_waste", "top_or_all", TO_PLAY,
                 x=2 + i, y=1.25, fan="down")
        for i in range(1, 5)
    ]
    passes = None if opts["passes"] == "inf" else int(opts["passes"])
    return Layout(tuple(piles), draw=int(opts["draw"]), passes=passes,
                  info=("recycles", "base"), width=7, height=4.6, least_height=3.2)


def deal(game: "Game", rng: Rng) -> State:
    cards = rng.shuffled(deck(1))
    piles = list(game.empty_state().piles)
    down = [0] * len(piles)
    piles[game.index["reserve"]] = tuple(cards[:13])
    base = cards[13]
    piles[game.index["f1"]] = (base,)
    for n in range(4):
        piles[game.index[f"t{n + 1}"]] = (cards[14 + n],)
    stock = deal_order(cards[18:])
    piles[game.stock] = stock
    down[game.stock] = len(stock)
    return State(tuple(piles), tuple(down), (0, base.rank))


P = TypeVar("P", bytes, Pile)  # a pile as the engine keeps it, or as Canfield's search does


def refill(piles: list[P], reserve: P, left: int) -> int:
    """The rule that keeps the piles full: each empty pile of ``piles`` in turn takes the
    reserve's top card (``reserve[left - 1]``: ``left`` of its cards are left) while it
    has any; the cards left.  The game's settle and Canfield's search fill by it."""
    if left:
        for c in range(len(piles)):
            if not piles[c]:
                piles[c] = reserve[left - 1:left]
                left -= 1
                if not left:
                    break
    return left


def fill_from_reserve(game: "Game", state: State) -> State:
    """An empty tableau pile takes the reserve's top card at once."""
    reserve = game.index["reserve"]
    stack = state.piles[reserve]
    cols = [game.index[f"t{n}"] for n in range(1, 5)]
    piles = [state.piles[i] for i in cols]
    left = refill(piles, stack, len(stack))
    if left == len(stack):
        return state
    out = list(state.piles)
    for i, pile in zip(cols, piles):
        out[i] = pile
    out[reserve] = stack[:left]
    return state._replace(piles=tuple(out))


def nothing_needs(rank: int, suit: int, home: Sequence[int]) -> bool:
    """Whether the next card of ``suit``, of ``rank`` counted from the base (1: the base),
    can go home because no card can need it any more: both foundations of the other
    colour hold the card one rank lower (``home``: cards home by suit).  A base card is
    never sent home this way.  Auto-play and Canfield's search send cards home by it."""
    a, b = OTHER_COLOUR[suit]
    return rank > 1 and home[a] >= rank - 1 and home[b] >= rank - 1


def safe_home(game: "Game", state: State) -> "Move | None":
    """A reserve or pile top card that goes home when no card can need it any more:
    both foundations of the other colour hold the card one rank lower (ranks counted
    from the base).  A base card is never sent home this way."""
    base = game.info_value(state, "base")
    home, where = homes(game.foundations, state.piles)  # cards home per suit, and where
    for name in ("reserve", "t1", "t2", "t3", "t4"):
        i = game.index[name]
        pile = state.piles[i]
        if not pile:
            continue
        card = pile[-1]
        suit = SUIT_OF[card]
        rank = (RANK_OF[card] - base) % 13 + 1  # 1 for the base rank
        if rank == home[suit] + 1 and nothing_needs(rank, suit, home):
            return Move(MOVE, i, where[suit], 1)
    return None


HELP = Help(
    setup="One deck. Thirteen cards form the reserve, face up, only its top card in play. The next "
          "card starts the first foundation; its rank is the base rank of all four. Four cards start "
          "the four piles; the other 34 are the stock.",
    goal="Build each suit on the foundations from the base rank round to the rank below it "
         "(base queen: Q K A 2 … J), 13 cards each. The score is the number of cards on the foundations.",
    moves="On the piles, lay a card one rank lower and of the other colour; a king may go on an ace. "
          "Move a pile's top card alone or the whole pile at once. The top cards of the reserve and of "
          "the waste may go to the foundations or the piles. An empty pile takes the reserve's top card "
          "at once; once the reserve is empty, you fill it from the waste when you like.",
    stock="A click on the stock turns cards onto the waste; when it is empty, a click turns the waste "
          "over, as often as the passes option allows.",
    options={
        "draw": "How many cards one click turns: three or one.",
        "passes": "Passes through the stock: unlimited, four (the waste turned over three times) or one "
                  "(the book pairs this with turning one card at a time).",
        "foundation_return": "Whether the top card of a foundation may come back onto a pile.",
    },
    source="J. Leeming's book of patience games in Russian translation (the end of its Canfield and "
           "the variants; the start of the rules is the standard Canfield).",
)

HELP_RU = Help(
    setup="Одна колода. Тринадцать карт составляют резерв: он лежит лицом вверх, в игре только "
          "его верхняя карта. Следующая карта начинает первый дом (базовую стопку), и её достоинство "
          "становится начальным для всех четырёх. Ещё четыре карты начинают четыре столбца, "
          "остальные 34 — колода.",
    goal="Собрать в домах каждую масть от начального достоинства по кругу до "
         "достоинства на одно ниже (при начальной даме: Д, К, Т, 2 … В), по 13 карт в доме. "
         "Счёт игры — число карт в домах.",
    moves="В столбцах карта ложится на карту на одно достоинство старше и другого цвета; короля "
          "можно положить на туза. Из столбца переносят либо одну верхнюю карту, либо весь "
          "столбец целиком. Верхние карты резерва и отбоя идут в дома или в столбцы. "
          "Опустевший столбец сразу получает верхнюю карту резерва; когда резерв кончится, "
          "пустой столбец можно заполнить из отбоя в любой момент.",
    stock="Щелчок по колоде открывает карты в отбой; когда колода пуста, щелчок переворачивает "
          "отбой — столько раз, сколько позволяет настройка проходов.",
    options={
        "draw": "Сколько карт открывает один щелчок: три или одну.",
        "passes": "Проходов по колоде: без ограничения, четыре (отбой переворачивают три раза) "
                  "или один (в книге так играют, открывая карты по одной).",
        "foundation_return": FOUNDATION_RETURN_RU,
    },
    source="Книга Дж. Лиминга о пасьянсах в русском переводе: из неё конец правил «Кэнфилда» и его "
           "варианты; начало правил — обычный «Кэнфилд».",
)

SPEC: "GameSpec[Game]" = GameSpec(
    words=Words(name="Canfield", name_ru="Кэнфилд", help=HELP, help_ru=HELP_RU),
    quick_wins=Wins((3, 4, 5, 6)),
    id="canfield",
    decks=1,
    options=OPTIONS,
    layout=layout,
    deal=deal,
    rules=Rules(settle=(fill_from_reserve,)),
    scored=True,
    solver=SolverHooks(
        interchangeable=lambda game: (("t1", "t2", "t3", "t4"), ("f1", "f2", "f3", "f4")),
        safe=safe_home,
        plain_stock=True,  # an empty pile is filled at once, so a stock click never fills one
    ),
)
