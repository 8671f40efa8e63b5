"""«Дельтаплан» — Hang Glider (seed 000, from a German patience book).

Two decks without their kings, which wait aside for the end.  Two flanks of five rows
of four cards; the outer card of a row (leftmost on the left flank, rightmost on the
right) is in play.  Aces go to the centre as they appear and build up in suit to the
queen.  On an outer card goes the card of its suit one rank lower — alone, or a whole
in-suit run that ends at another row's outer card — and runs go home card by card.
An emptied row takes the next stock card by itself; with the stock out, the waste top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ..cards import RANK_OF, SUIT_OF, Card, deck
from ..moves import MOVE, Move
from ..rng import Rng
from ..spec import Build, GameSpec, Help, Layout, Option, PileSpec, Rules, SolverHooks, Wins, Words
from ..state import State
from ..text import Text
from .common import deal_order

if TYPE_CHECKING:
    from ..game import Game

OPTIONS = (
    Option("cross_only", ("off", "on"), "off", "Building only between the flanks",
           {"off": "off: any outer card onto any other", "on": "on: left flank ↔ right flank only"},
           label_ru="Перекладывать только между флангами",
           value_labels_ru={"off": "нет: любая крайняя карта на любую другую",
                            "on": "да: только левый фланг ↔ правый фланг"}),
    Option("redeals", ("3", "2"), "3", "Times the waste turns back into the stock",
           label_ru="Сколько раз отбой возвращается в колоду", value_labels_ru={"3": "три", "2": "два"}),
)
PLAY = frozenset({"tableau", "foundation"})
DOWN = Build("down", "same")
ROOM = 1.44  # a row's fan reaches this far from its inner card (5 cards; longer rows squeeze)
LEFT_INNER, CENTRE_A, CENTRE_B, RIGHT_INNER = ROOM, ROOM + 1.16, ROOM + 2.31, ROOM + 3.46
ROW_Y = (0.0, 1.1, 2.2, 3.3, 4.4)


def layout(opts: Mapping[str, str]) -> Layout:
    piles = [
        PileSpec("stock", "stock", x=CENTRE_A, y=4.4),
        PileSpec("waste", "waste", pick="top", sends=PLAY, x=CENTRE_B, y=4.4),
        PileSpec("kings", "discard", x=(CENTRE_A + CENTRE_B) / 2, y=5.55, label="K"),
    ]
    for i in range(8):
        piles.append(PileSpec(f"f{i + 1}", "foundation", Build("up", "same"), "A", flip_in=True,
                              x=CENTRE_A if i < 4 else CENTRE_B, y=ROW_Y[i % 4]))
    for n in range(1, 11):
        left = n <= 5
        piles.append(PileSpec(f"t{n}", "tableau", DOWN, "from_waste", "top_or_run", PLAY,
                              x=LEFT_INNER if left else RIGHT_INNER, y=ROW_Y[(n - 1) % 5],
                              fan="left" if left else "right"))
    return Layout(tuple(piles), draw=1, passes=int(opts["redeals"]) + 1, width=RIGHT_INNER + ROOM + 1,
                  height=6.6, fan_cap=5, overlap_rows=True)


def rows(game: "Game") -> range:
    return range(game.index["t1"], game.index["t10"] + 1)


def deal(game: "Game", rng: Rng) -> State:
    cards = [c for c in deck(2) if RANK_OF[c] != 13]
    kings = tuple(c for c in deck(2) if RANK_OF[c] == 13)
    order = iter(rng.shuffled(cards))
    piles = list(game.empty_state().piles)
    homes = [game.index[f"f{i}"] for i in range(1, 9)]
    for i in rows(game):
        row: list[Card] = []
        while len(row) < 4:
            card = next(order)
            if RANK_OF[card] == 1:  # an ace goes to the centre and the place is dealt again
                piles[next(f for f in homes if not piles[f])] = (card,)
            else:
                row.append(card)
        piles[i] = tuple(row)
    piles[game.index["kings"]] = kings
    stock = deal_order(order)
    piles[game.stock] = stock
    down = [0] * len(piles)
    down[game.stock] = len(stock)
    return State(tuple(piles), tuple(down), (0,))


def refill_rows(game: "Game", state: State) -> State:
    """An emptied row takes the next stock card by itself (aces go to the centre first)."""
    lines = rows(game)
    if all(state.piles[i] for i in lines):
        return state
    piles = list(state.piles)
    homes = game.foundations
    changed = False
    for i in lines:
        while not piles[i] and piles[game.stock]:
            card = piles[game.stock][-1]
            piles[game.stock] = piles[game.stock][:-1]
            changed = True
            if RANK_OF[card] == 1:
                piles[next(f for f in homes if not piles[f])] = (card,)
            else:
                piles[i] = (card,)
    if not changed:
        return state
    down = list(state.down)
    down[game.stock] = len(piles[game.stock])
    return State(tuple(piles), tuple(down), state.info)


def crown(game: "Game", state: State) -> State:
    """With every queen home, the kings go on top of their suits' foundations."""
    kings = game.index["kings"]
    if not state.piles[kings] or sum([len(state.piles[f]) for f in game.foundations]) != 96:
        return state
    homes = game.foundations
    piles = list(state.piles)
    for king in state.piles[kings]:
        f = next(f for f in homes if len(piles[f]) == 12 and SUIT_OF[piles[f][-1]] == SUIT_OF[king])
        piles[f] = piles[f] + (king,)
    piles[kings] = ()
    return state._replace(piles=tuple(piles))


def accept(game: "Game", state: State, src: int, dst: int, n: int) -> bool:
    if not game.rule_accepts(state, src, dst, n):
        return False
    if game.options["cross_only"] == "on" and src in rows(game) and dst in rows(game):
        return (src - rows(game).start < 5) != (dst - rows(game).start < 5)
    return True


def explain(game: "Game", state: State, move: "Move") -> "str | None":
    """Why a card move is refused by the game's own rule, building within one flank, when
    no declared rule refuses it (the engine words those)."""
    if move.kind != MOVE or game.rule_refusal(state, move) is not None:
        return None
    lines = rows(game)
    if game.options["cross_only"] == "on" and move.src in lines and move.dst in lines \
            and move.src != move.dst and (move.src - lines.start < 5) == (move.dst - lines.start < 5):
        return Text("Under these rules a card or run goes only from one flank to the other.")
    return None


def generate(game: "Game", state: State) -> "list[Move]":
    """The card moves, as the pile-by-pile search over ``accept`` finds them and in its
    order (source, destination, cards), with the build rules written out: the solver asks
    for them at every position."""
    piles = state.piles
    fnds, lines = game.foundations, rows(game)
    cross = game.options["cross_only"] == "on"
    moves: list[Move] = []
    for src in (game.waste, *lines):
        pile = piles[src]
        sizes = game.pick_sizes(state, src)
        if not sizes:
            continue
        top = pile[-1]
        rank, suit = RANK_OF[top], SUIT_OF[top]
        for f in fnds:  # a run goes home card by card, its top (lowest) card first
            home = piles[f]
            if (RANK_OF[home[-1]] + 1 == rank and SUIT_OF[home[-1]] == suit) if home else rank == 1:
                moves += [Move(MOVE, src, f, n) for n in sizes]
        for dst in lines:
            if dst == src or (cross and src != game.waste and (src - lines.start < 5) == (dst - lines.start < 5)):
                continue
            under = piles[dst]
            for n in sizes:
                card = pile[-n]
                if (RANK_OF[card] + 1 == RANK_OF[under[-1]] and SUIT_OF[card] == SUIT_OF[under[-1]]) if under \
                        else src == game.waste:
                    moves.append(Move(MOVE, src, dst, n))
    return moves


def safe_home(game: "Game", state: State) -> "Move | None":
    """An outer card or the waste top that goes home when no card can need it: both
    cards of its suit one rank lower are home already (or it is a 2: aces never stay
    out).  Which kinds may go where depends on the foundations' top cards alone, so it
    is kept for each (the search asks this of every position it makes)."""
    piles = state.piles
    tops = tuple([piles[f][-1] if piles[f] else -1 for f in game.foundations])
    goes = SAFE.get(tops)
    if goes is None:
        if len(SAFE) >= SAFE_KEPT:
            SAFE.clear()
        goes = SAFE[tops] = safe_places(game.foundations, tops)
    if not goes:
        return None
    for i in (*rows(game), game.waste):
        pile = piles[i]
        if pile:
            f = goes.get(KIND[pile[-1]], -1)
            if f >= 0:
                return Move(MOVE, i, f, 1)
    return None


KIND = tuple((SUIT_OF[c], RANK_OF[c]) for c in range(104))
SAFE: dict[tuple[int, ...], dict[tuple[int, int], int]] = {}  # foundations' tops → safe_places
SAFE_KEPT = 4096


def safe_places(foundations: tuple[int, ...], tops: tuple[int, ...]) -> dict[tuple[int, int], int]:
    """The kinds (suit, rank) that go home safely, and the foundation each goes to, when
    the foundations' top cards are ``tops`` (-1: none)."""
    by_suit: dict[int, list[tuple[int, int]]] = {}  # suit → (the rank on top, the foundation)
    for f, top in zip(foundations, tops):
        if top >= 0:
            by_suit.setdefault(SUIT_OF[top], []).append((RANK_OF[top], f))
    # a foundation holds its suit from the ace up to its top: a card whose suit has both
    # foundations up to one rank below it, at least, goes home safely (a 2 onto an ace)
    goes: dict[tuple[int, int], int] = {}
    for suit, ranks in by_suit.items():
        for rank, f in ranks:
            if rank == 1:
                goes.setdefault((suit, 2), f)
        if len(ranks) == 2:
            low = min(ranks)[0]
            goes.setdefault((suit, low + 1), next(f for rank, f in ranks if rank == low))
    return goes


def interchangeable(game: "Game") -> tuple[tuple[str, ...], ...]:
    """Rows are alike (within a flank when building crosses the flanks only); so are
    the foundations."""
    flanks = ((tuple(f"t{n}" for n in range(1, 6)), tuple(f"t{n}" for n in range(6, 11)))
              if game.options["cross_only"] == "on" else (tuple(f"t{n}" for n in range(1, 11)),))
    return flanks + (tuple(f"f{i}" for i in range(1, 9)),)


HELP = Help(
    setup="Two decks. The eight kings are set aside for the end. Forty cards are dealt face up as "
          "two flanks of five rows of four; an ace goes to the centre at once and its place is dealt "
          "again. The rest is the face-down stock.",
    goal="Build all eight foundations up in suit from ace to queen; then the kings are laid on the "
         "queens by themselves.",
    moves="The outer card of each row is in play: the leftmost of a left-flank row, the rightmost of a "
          "right-flank row. On an outer card you may lay the card of its suit one rank lower — a single "
          "outer card, the waste top, or a whole run in suit that ends at an outer card (a jack, ten "
          "and nine of diamonds onto the queen of diamonds). Cards and runs go to the foundations too; "
          "a run goes on card by card, lowest first. A row that is emptied takes the next stock card by "
          "itself; once the stock is out, you may fill it from the waste.",
    stock="A click turns one card onto the waste. When the stock is empty, a click turns the waste "
          "back into the stock, three times in all (or two, by the option).",
    options={
        "cross_only": "Off: any outer card or run may go onto any other outer card. On: only from "
                      "one flank to the other, the moves the book names.",
        "redeals": "How many times the waste may be turned back into the stock: three (the book) or two.",
    },
    source="A German patience book in Russian translation.",
)

HELP_RU = Help(
    setup="Две колоды. Восемь королей откладывают до конца игры. Сорок карт раскладывают лицом "
          "вверх двумя флангами, по пять рядов из четырёх карт; туз сразу уходит в центр, а на "
          "его место сдаётся новая карта. Остальные карты лежат рубашкой вверх — это колода.",
    goal="Собрать все восемь домов (базовых стопок) в масть по возрастанию от туза до дамы; после этого "
         "короли сами ложатся на дам.",
    moves="В игре крайняя карта каждого ряда: самая левая в ряду левого фланга, самая правая в "
          "ряду правого. На крайнюю карту можно положить карту её масти на одно достоинство "
          "младше — одиночную крайнюю карту, верхнюю карту отбоя или целую последовательность в "
          "масть, которая кончается крайней картой (валета, десятку и девятку бубен — на даму "
          "бубен). Карты и последовательности можно отправлять и в дома; "
          "последовательность ложится туда по одной карте, начиная с младшей. Опустевший ряд "
          "сам получает следующую карту из колоды; когда колода кончилась, его можно заполнить "
          "из отбоя.",
    stock="Щелчок открывает одну карту в отбой. Когда колода пуста, щелчок переворачивает отбой "
          "обратно в колоду — всего три раза (или два, по настройке).",
    options={
        "cross_only": "Нет: любую крайнюю карту или последовательность можно положить на любую "
                      "другую крайнюю карту. Да: только с одного фланга на другой — эти ходы "
                      "книга называет прямо.",
        "redeals": "Сколько раз отбой можно перевернуть обратно в колоду: три (как в книге) или два.",
    },
    source="Немецкая книга о пасьянсах в русском переводе.",
)

SENTENCES_RU = {
    "Under these rules a card or run goes only from one flank to the other.":
        "По этим правилам карту или последовательность переносят только с одного фланга на другой.",
}

SPEC: "GameSpec[Game]" = GameSpec(
    words=Words(name="Hang Glider", name_ru="Дельтаплан", help=HELP, help_ru=HELP_RU, pile_names={"kings": "kings"},
                pile_names_ru={"kings": "короли"}, sentences_ru=SENTENCES_RU),
    quick_wins=Wins((4, 6)),
    id="glider",
    decks=2,
    options=OPTIONS,
    layout=layout,
    deal=deal,
    rules=Rules(settle=(refill_rows, crown), generate=generate, accept=accept, explain=explain),
    solver=SolverHooks(interchangeable=interchangeable, safe=safe_home),
)
