"""«Жених и невеста» — Bride and Groom (seed 001).

One deck.  The queen of hearts starts a single row; the king of hearts lies at the very
bottom of the stock.  Cards are turned one at a time to the right end of the row, and the
player removes: (a) the card just turned together with its left neighbour, if they share
suit or rank; (b) a card lying between two cards that share suit or rank; (c) two cards
lying between two such cards.  The row closes up; two cards brought together by a removal
that share suit or rank are a joined pair and are never removed as a pair by (a).  The
queen and king of hearts stay.  Won: the stock is out and the row reads Q♥ K♥.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ..cards import RANK_OF, SUIT_OF, Card, deck, make_card
from ..moves import Move
from ..rng import Rng
from ..spec import Action, Fan, GameSpec, Help, Layout, Option, PileSpec, Rules, SolverHooks, Wins, Words, button
from ..state import Pile, State
from ..text import Text

if TYPE_CHECKING:
    from ..game import Game

OPTIONS = (
    Option("auto_remove", ("off", "on"), "off", "Removals",
           {"off": "made by the player", "on": "made by the app"},
           label_ru="Карты снимает", value_labels_ru={"off": "игрок", "on": "программа"}),
)
QUEEN = make_card(12, 1)
KING = make_card(13, 1)


def layout(opts: Mapping[str, str]) -> Layout:
    piles = (
        PileSpec("stock", "stock", x=0, y=0),
        PileSpec("removed", "discard", x=1.2, y=0, caption=True),
        PileSpec("row", "tableau", x=0, y=1.25, fan="wrap"),
    )
    return Layout(piles, info=("fresh", "joined"), width=10, height=5,
                  portrait=PORTRAIT, portrait_size=(6.0, 8.0))


PORTRAIT: tuple[tuple[str, tuple[float, float, Fan]], ...] = (("row", (0.0, 1.25, "wrap")),)


def deal(game: "Game", rng: Rng) -> State:
    rest = rng.shuffled([c for c in deck(1) if c not in (QUEEN, KING)])
    stock: Pile = (KING,) + tuple(reversed(rest))  # the king at the very bottom
    piles = list(game.empty_state().piles)
    piles[game.stock] = stock
    piles[game.index["row"]] = (QUEEN,)
    down = [0] * len(piles)
    down[game.stock] = len(stock)
    return State(tuple(piles), tuple(down), (-1, 0))


def share(a: Card, b: Card) -> bool:
    return SUIT_OF[a] == SUIT_OF[b] or RANK_OF[a] == RANK_OF[b]


def turn(game: "Game", state: State) -> State:
    """The next stock card to the right end of the row; it is the just-turned card."""
    stock = state.piles[game.stock]
    row_i = game.index["row"]
    piles = list(state.piles)
    piles[row_i] = piles[row_i] + stock[-1:]
    piles[game.stock] = stock[:-1]
    down = list(state.down)
    down[game.stock] = len(piles[game.stock])
    return State(tuple(piles), tuple(down), (len(piles[row_i]) - 1, state.info[1]))


def removals(game: "Game", state: State) -> list["Move"]:
    """Every removal the row allows now: Move("remove", first position, count)."""
    row = state.piles[game.index["row"]]
    fixed = (QUEEN, KING)
    out: list[Move] = []
    f = state.info[0]
    if f >= 2 and row[f - 1] not in fixed and row[f] not in fixed and share(row[f - 1], row[f]):
        out.append(Move("remove", f - 1, -1, 2))  # (a)
    for i in range(1, len(row) - 1):
        if row[i] not in fixed and share(row[i - 1], row[i + 1]):
            out.append(Move("remove", i, -1, 1))  # (b)
    for i in range(1, len(row) - 2):
        if row[i] not in fixed and row[i + 1] not in fixed and share(row[i - 1], row[i + 2]):
            out.append(Move("remove", i, -1, 2))  # (c)
    return out


def remove(game: "Game", state: State, move: "Move") -> State:
    i, n = move.src, move.n
    row_i, gone_i = game.index["row"], game.index["removed"]
    row = state.piles[row_i]
    new_row = row[:i] + row[i + n:]
    piles = list(state.piles)
    piles[row_i] = new_row
    piles[gone_i] = piles[gone_i] + row[i:i + n]
    fresh, joined = state.info
    mask = 0
    for j in range(len(row) - 1):  # pairs (j, j+1) that survive keep their mark, shifted
        if joined >> j & 1 and (j + 1 < i or j >= i + n):
            mask |= 1 << (j if j < i else j - n)
    if 0 < i < len(new_row) and share(new_row[i - 1], new_row[i]):
        mask |= 1 << (i - 1)  # brought together by closing up: a joined pair
    if fresh >= 0:
        fresh = -1 if i <= fresh <= i + n else fresh - (n if i < fresh else 0)
    return State(tuple(piles), state.down, (fresh, mask))


def auto_remove(game: "Game", state: State) -> State:
    """With auto_remove on, the app makes every removal the row allows, (a) first, then
    the leftmost (b), then the leftmost (c), until none is left."""
    if game.options["auto_remove"] != "on":
        return state
    while True:
        found = removals(game, state)
        if not found:
            return state
        state = remove(game, state, found[0])


def joined_cards(game: "Game", state: State) -> set[Card]:
    row = state.piles[game.index["row"]]
    mask = state.info[1]
    return {c for j in range(len(row) - 1) if mask >> j & 1 for c in (row[j], row[j + 1])}


def won(game: "Game", state: State) -> bool:
    return not state.piles[game.stock] and state.piles[game.index["row"]] == (QUEEN, KING)


def forced(game: "Game", state: State) -> bool:
    """The rest is forced (``Game.is_forced``): the stock is out or holds only the king of
    hearts (which the rules put at its bottom), and every way of going on — each removal
    and turn in any order, until none is left — wins: the player has nothing left to
    choose that matters.  A row of more than ``FORCED_ROW`` cards, or one with more than
    ``FORCED_NODES`` positions to look at, is not forced (a choice that long is the
    player's to make; the bound keeps the check within milliseconds)."""
    stock = state.piles[game.stock]
    if stock not in ((), (KING,)) or len(state.piles[game.index["row"]]) > FORCED_ROW:
        return False
    seen: dict[State, bool] = {}

    def every_line_wins(s: State) -> bool:
        if s not in seen:
            if len(seen) >= FORCED_NODES:
                raise TooMany
            moves = game.legal_moves(s)
            seen[s] = all(every_line_wins(game.play(s, m)) for m in moves) if moves else won(game, s)
        return seen[s]

    try:
        return every_line_wins(state)
    except TooMany:
        return False


class TooMany(Exception):
    """More positions than ``forced`` looks at."""


FORCED_ROW = 16
FORCED_NODES = 500


def progress(game: "Game", state: State) -> float:
    """For the solver: cards removed, and the stock turned."""
    return len(state.piles[game.index["removed"]]) - len(state.piles[game.stock]) / 4


HELP = Help(
    setup="One deck. The queen of hearts lies face up at the left of a single row; the king of "
          "hearts goes to the very bottom of the stock, under the other fifty cards, shuffled.",
    goal="Bring the king of hearts to the queen: the stock used up and the row reading Q♥ K♥.",
    moves="Turn the stock one card at a time to the right end of the row. Remove (a) the card just "
          "turned with its left neighbour if the two share suit or rank — until you turn again or a "
          "removal changes that pair; (b) a card between two cards that share suit or rank; (c) two "
          "cards between two such cards. The row closes up. Cards that close up next to each other "
          "and share suit or rank are joined (marked): they are never removed as a pair, though each "
          "may still go with a newly turned neighbour or be the end of (b) and (c). The queen and king "
          "of hearts are never removed. Tap a card to see a removal that takes it (a mouse shows it on "
          "hover); tap another of its cards, or the same card again, to make it. When several removals "
          "take the card, a tap on it again shows the next instead (those of two cards first, the card "
          "alone last; each says «choice 2 of 3»), and a tap on it once more makes the last.",
    stock="A click turns the next card to the end of the row. There is no redeal.",
    options={
        "auto_remove": "Off: you make every removal. On: the app makes each one as soon as it is "
                       "possible — (a) first, then the leftmost (b), then the leftmost (c).",
    },
    source="A German patience book in Russian translation, with its worked example.",
)

HELP_RU = Help(
    setup="Одна колода. Дама червей лежит лицом вверх в начале (слева) единственного ряда; "
          "король червей уходит в самый низ колоды, под остальные пятьдесят перетасованных карт.",
    goal="Довести короля червей до дамы: колода израсходована, а в ряду остались только дама и "
         "король червей.",
    moves="Открывайте карты из колоды по одной к правому концу ряда. Снять можно: (а) только что "
          "открытую карту вместе с её левой соседкой, если у них общая масть или достоинство, — "
          "пока вы не открыли следующую карту и пока снятие не разбило эту пару; (б) карту между "
          "двумя картами одной масти или одного достоинства; (в) две карты между двумя такими "
          "картами. После снятия ряд смыкается. Карты, сомкнувшиеся рядом и совпадающие мастью "
          "или достоинством, соединяются (они помечены): парой их не снимают никогда, но каждая "
          "ещё может уйти с новой открытой соседкой или стать крайней картой в (б) и (в). Даму и "
          "короля червей не снимают никогда. Нажмите на карту, чтобы увидеть снятие с ней (мышь "
          "показывает его при наведении); нажмите другую его карту или эту же ещё раз, чтобы его "
          "сделать. Если карту забирают несколько снятий, повторное нажатие на неё показывает "
          "следующее (сначала снятия двух карт, последним — её одной; каждое объявляется: «вариант 2 "
          "из 3»), а ещё одно нажатие на последнем делает его.",
    stock="Щелчок выкладывает следующую карту в конец ряда. Пересдачи нет.",
    options={
        "auto_remove": "Игрок: все снятия делаете вы. Программа: каждое снятие делается само, как "
                       "только становится возможным, — сначала (а), затем самое левое (б), "
                       "затем самое левое (в).",
    },
    source="Немецкая книга о пасьянсах в русском переводе, вместе с разобранным в ней примером.",
)

SPEC: "GameSpec[Game]" = GameSpec(
    words=Words(name="Bride and Groom", name_ru="Жених и невеста", help=HELP, help_ru=HELP_RU,
                pile_names={"row": "the row", "removed": "removed cards"},
                pile_names_ru={"row": "ряд", "removed": "снятые карты"},
                sentences_ru={"Turn a card": "Открыть карту"}),
    quick_wins=Wins((1, 2, 3, 4, 5, 6)),
    id="bride",
    decks=1,
    options=OPTIONS,
    layout=layout,
    deal=deal,
    rules=Rules(settle=(auto_remove,), won=won, forced=forced),
    actions=(button("turn", lambda g, s: Text("Turn a card"), lambda g, s: bool(s.piles[g.stock]), turn, on_stock=True),
             Action("remove", removals, remove, where="tap", tap_pile="row")),
    marked=joined_cards,
    solver=SolverHooks(score=progress),
)
