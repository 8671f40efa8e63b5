"""«Исчезнувший крест» (seed 001; the German «Vertauschtes Kreuz»).

Two decks.  An ace and a king of each suit lie as a cross: the aces build up in suit,
the kings down.  Twelve columns of the other cards: only each column's last card is in
play, and only to the foundations.  The player deals a new row onto the columns at any
time, refills an empty column from the stock (in the first round also one that has lost
a card since the last row), and when the stock is out starts the next round: the columns
are gathered, shuffled (seeded by the deal) and dealt as a fresh row.  Three rounds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ..cards import Card, deck, make_card
from ..moves import MOVE, Move
from ..rng import Rng
from ..cards import RANK_OF, SUIT_OF
from ..spec import Action, Build, GameSpec, Help, Layout, Option, PileSpec, Rules, SolverHooks, Wins, Words, button
from ..state import Pile, State
from ..text import Text

if TYPE_CHECKING:
    from ..game import Game

OPTIONS = (
    Option("rounds", ("3", "inf"), "3", "Rounds", {"3": "three (the book)", "inf": "unlimited"},
           label_ru="Туров", value_labels_ru={"3": "три (как в книге)", "inf": "без ограничения"}),
)
HOME = frozenset({"foundation"})
ACE_SPOTS = ((5.5, 0.0), (5.5, 1.05), (5.5, 3.15), (5.5, 4.2))
KING_SPOTS = ((3.5, 2.1), (4.5, 2.1), (6.5, 2.1), (7.5, 2.1))


def layout(opts: Mapping[str, str]) -> Layout:
    piles = [PileSpec("stock", "stock", x=0, y=0)]
    piles += [PileSpec(f"f{i + 1}", "foundation", Build("up", "same"), x=x, y=y) for i, (x, y) in enumerate(ACE_SPOTS)]
    piles += [PileSpec(f"f{i + 5}", "foundation", Build("down", "same"), x=x, y=y) for i, (x, y) in enumerate(KING_SPOTS)]
    piles += [PileSpec(f"t{n}", "tableau", pick="top", sends=HOME, x=n - 1, y=5.45, fan="down")
              for n in range(1, 13)]
    return Layout(tuple(piles), info=("round", "lost", "seed"), width=12, height=8.6, squeeze=True,
                  overlap_rows=True, least_height=7.2)


def columns(game: "Game") -> range:
    return range(game.index["t1"], game.index["t12"] + 1)


def deal(game: "Game", rng: Rng) -> State:
    bases = [make_card(1, s) for s in range(4)] + [make_card(13, s) for s in range(4)]
    piles = list(game.empty_state().piles)
    for n, card in enumerate(bases, 1):
        piles[game.index[f"f{n}"]] = (card,)
    rest = rng.shuffled([c for c in deck(2) if c not in bases])
    return deal_row(game, with_stock(game, State(tuple(piles), (0,) * len(piles), (1, 0, 0)), rest))


def with_stock(game: "Game", state: State, cards: list[Card]) -> State:
    """``cards`` (the first to be dealt first) as the face-down stock."""
    stock: Pile = tuple(reversed(cards))
    piles = state.piles[:game.stock] + (stock,) + state.piles[game.stock + 1:]
    down = state.down[:game.stock] + (len(stock),) + state.down[game.stock + 1:]
    return state._replace(piles=piles, down=down)


def deal_row(game: "Game", state: State) -> State:
    """One card onto each column, t1 first, as far as the stock lasts."""
    piles = list(state.piles)
    stock = piles[game.stock]
    for i in columns(game):
        if not stock:
            break
        piles[i] = piles[i] + stock[-1:]
        stock = stock[:-1]
    piles[game.stock] = stock
    down = list(state.down)
    down[game.stock] = len(stock)
    return game.with_info(State(tuple(piles), tuple(down), state.info), "lost", 0)


def rounds_left(game: "Game", state: State) -> bool:
    return game.options["rounds"] == "inf" or game.info_value(state, "round") < int(game.options["rounds"])


def next_round(game: "Game", state: State) -> State:
    """Gather every column, shuffle (seeded by the deal) and deal a fresh row."""
    k = game.info_value(state, "round") + 1
    gathered = [c for i in columns(game) for c in state.piles[i]]
    piles = tuple(() if i in columns(game) else p for i, p in enumerate(state.piles))
    cards = Rng(game.info_value(state, "seed"), f"{game.id}/round/{k}").shuffled(gathered)
    state = game.with_info(state._replace(piles=piles), "round", k)
    return deal_row(game, with_stock(game, state, cards))


def moved(game: "Game", before: State, move: "Move", after: State) -> State:
    """A column that gives up a card is marked: in round 1 it may then be refilled."""
    if move.src in columns(game):
        bit = 1 << (move.src - game.index["t1"])
        return game.with_info(after, "lost", game.info_value(after, "lost") | bit)
    return after


def refills(game: "Game", state: State) -> list["Move"]:
    """Refills: an empty column, or in round 1 one that lost a card since the last row."""
    if not state.piles[game.stock]:
        return []
    lost = game.info_value(state, "lost")
    first_round = game.info_value(state, "round") == 1
    return [Move("refill", i) for i in columns(game)
            if not state.piles[i] or (first_round and lost >> (i - game.index["t1"]) & 1)]


def refill(game: "Game", state: State, move: "Move") -> State:
    i = move.src
    stock = state.piles[game.stock]
    piles = list(state.piles)
    piles[i] = piles[i] + stock[-1:]
    piles[game.stock] = stock[:-1]
    down = list(state.down)
    down[game.stock] = len(piles[game.stock])
    bit = 1 << (i - game.index["t1"])
    state = State(tuple(piles), tuple(down), state.info)
    return game.with_info(state, "lost", game.info_value(state, "lost") & ~bit)


def describe(game: "Game", state: State) -> str:
    total = "∞" if game.options["rounds"] == "inf" else game.options["rounds"]
    return Text("Round {round} of {total} · stock {stock}", round=game.info_value(state, "round"), total=total,
                stock=len(state.piles[game.stock]))


ACTIONS = (
    button("row", lambda g, s: Text("Deal a new row"), lambda g, s: bool(s.piles[g.stock]), deal_row, on_stock=True),
    button("round", lambda g, s: Text("Next round ({round})", round=g.info_value(s, "round") + 1),
            lambda g, s: not s.piles[g.stock] and rounds_left(g, s) and not g.is_won(s)
            and any(s.piles[i] for i in columns(g)), next_round, on_stock=True),
    Action("refill", refills, refill, lambda g, s, m: Text("Refill {pile} from the stock", pile=g.names[m.src]),
           where="chip"),
)

def safe_home(game: "Game", state: State) -> "Move | None":
    """A column's last card that only one foundation will ever take: the one that
    takes it now, when the other foundation of its suit is already past its rank."""
    first = game.index["f1"]
    for i in columns(game):
        pile = state.piles[i]
        if not pile:
            continue
        card = pile[-1]
        rank, suit = RANK_OF[card], SUIT_OF[card]
        up, down = state.piles[first + suit], state.piles[first + 4 + suit]
        up_top, down_top = RANK_OF[up[-1]], RANK_OF[down[-1]]
        if up_top + 1 == rank and down_top <= rank:
            return Move(MOVE, i, first + suit, 1)
        if down_top - 1 == rank and up_top >= rank:
            return Move(MOVE, i, first + 4 + suit, 1)
    return None


HELP = Help(
    setup="Two decks. One ace and one king of each suit are laid out as a cross; the other 96 cards "
          "are shuffled, twelve are dealt face up as a row of columns and the rest is the stock.",
    goal="Build the aces up to kings and the kings down to aces: all 104 cards on the cross.",
    moves="Only the last card of each column is in play, and it may only go to a foundation: up in "
          "suit on an ace, down in suit on a king. Nothing comes back from the cross. An empty column "
          "may be refilled with one card from the stock (tap its + button). In the first round a "
          "column that has lost a card since the last row may be refilled even if it is not empty.",
    stock="A click on the stock deals a new row: one card onto each column, overlapping the last "
          "ones, as far as the stock lasts. When the stock is out, a click starts the next round: the "
          "columns are gathered, shuffled and dealt as a fresh row of twelve. Three rounds in all.",
    options={"rounds": "Three rounds (the book) or as many as you like."},
    source="A German patience book in Russian translation; the German name of the game is «Vertauschtes Kreuz».",
)

HELP_RU = Help(
    setup="Две колоды. По тузу и королю каждой масти выкладывают крестом; "
          "остальные 96 карт тасуют, двенадцать из них сдают лицом вверх в ряд столбцов, "
          "остальные — колода.",
    goal="Собрать тузы по возрастанию до королей, а короли по убыванию до тузов, чтобы все "
         "104 карты легли на крест.",
    moves="В игре только последняя карта каждого столбца, и идти она может только в дом на "
          "кресте: в масть по возрастанию на туза, в масть по убыванию на короля. С креста "
          "карты не возвращаются. Пустой столбец можно пополнить одной картой из колоды (кнопка "
          "«+» у столбца). В первом туре столбец, потерявший карту после сдачи последнего ряда, "
          "можно пополнить, даже если он не пуст.",
    stock="Щелчок по колоде сдаёт новый ряд: по карте на каждый столбец, внахлёст на прежние, "
          "пока хватает колоды. Когда колода кончилась, щелчок начинает следующий тур: столбцы "
          "собирают, тасуют и сдают заново рядом из двенадцати карт. Всего три тура.",
    options={"rounds": "Три тура (как в книге) или сколько угодно."},
    source="Немецкая книга о пасьянсах в русском переводе; по-немецки пасьянс называется «Vertauschtes Kreuz».",
)

SENTENCES_RU = {
    "Round {round} of {total} · stock {stock}": "Тур {round} из {total} · в колоде {stock}",
    "Next round ({round})": "Следующий тур ({round})",
    "Refill {pile} from the stock": "Пополнить {pile} из колоды",
    "Deal a new row": "Разложить новый ряд",
}

SPEC: "GameSpec[Game]" = GameSpec(
    words=Words(name="The Vanished Cross", name_ru="Исчезнувший крест", help=HELP, help_ru=HELP_RU,
                sentences_ru=SENTENCES_RU),
    quick_wins=Wins((2, 3, 4)),
    id="cross",
    decks=2,
    options=OPTIONS,
    layout=layout,
    deal=deal,
    rules=Rules(moved=moved),
    actions=ACTIONS,
    describe=describe,
    solver=SolverHooks(safe=safe_home),
)
