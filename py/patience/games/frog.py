"""«Лягушка» — Frog (the start of seed 001, from a German patience book; title recovered).

Two decks.  Cards are turned onto the reserve until it holds 13 that are not aces; aces go
to the foundations as they come.  The stock is turned one card at a time into a one-card
waste, and that card must go to a foundation or one of five piles before the next is
turned.  On the five piles any card may be laid; only their top cards are free, and only
to the foundations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping

from ..cards import RANK_OF, SUIT_OF, Card, deck
from ..rng import Rng
from ..spec import Build, Fan, GameSpec, Help, Layout, Option, PileSpec, Rules, SolverHooks, Wins, Words
from ..state import State
from .common import deal_order
from ..text import Text

if TYPE_CHECKING:
    from ..game import Game, Move

OPTIONS = (
    Option("foundation", ("suit", "any"), "suit", "Foundations build up",
           {"suit": "in suit (the book)", "any": "regardless of suit (classic Frog)"},
           label_ru="Карты в домах идут по возрастанию",
           value_labels_ru={"suit": "в масть (как в книге)", "any": "без учёта масти (обычная «Лягушка»)"}),
    Option("reserve_to_piles", ("on", "off"), "on", "The reserve's top card may go to the five piles",
           label_ru="Верхнюю карту резерва можно класть на пять стопок", value_labels_ru={"on": "да", "off": "нет"}),
)
HOME = frozenset({"foundation"})
ANY = Build("any", "any")  # any card on any card


def layout(opts: Mapping[str, str]) -> Layout:
    up = Build("up", "same" if opts["foundation"] == "suit" else "any")
    reserve_to = HOME | ({"tableau"} if opts["reserve_to_piles"] == "on" else set())
    piles = [PileSpec(f"f{i}", "foundation", up, "A", x=i - 1, y=0) for i in range(1, 9)]
    piles += [
        PileSpec("reserve", "reserve", pick="top", sends=frozenset(reserve_to), x=0, y=1.25),
        PileSpec("stock", "stock", x=1, y=1.25),
        PileSpec("waste", "waste", pick="top", sends=HOME | {"tableau"}, x=2, y=1.25, caption=True),
    ]
    piles += [PileSpec(f"t{i}", "tableau", ANY, "any", "top", HOME, 1, x=2 + i, y=1.25, fan="down")
              for i in range(1, 6)]
    return Layout(tuple(piles), draw=1, passes=1, waste_size=1, width=8, height=5.2, least_height=3.4,
                  portrait=PORTRAIT, portrait_size=(6.0, 6.6))


# Narrow portrait screens: six foundations, then two with the reserve, stock and waste,
# then the five piles.
PORTRAIT: tuple[tuple[str, tuple[float, float, Fan]], ...] = (
    tuple((f"f{i}", (i - 1.0, 0.0, "stack")) for i in range(1, 7))
    + (("f7", (0.0, 1.1, "stack")), ("f8", (1.0, 1.1, "stack")), ("reserve", (3.0, 1.1, "stack")),
       ("stock", (4.0, 1.1, "stack")), ("waste", (5.0, 1.1, "stack")))
    + tuple((f"t{i}", (i - 1.0, 2.35, "down")) for i in range(1, 6))
)


def deal(game: "Game", rng: Rng) -> State:
    cards = rng.shuffled(deck(2))
    piles = list(game.empty_state().piles)
    aces: list[Card] = []
    reserve: list[Card] = []
    k = 0
    while len(reserve) < 13:
        card = cards[k]
        k += 1
        (aces if RANK_OF[card] == 1 else reserve).append(card)
    rest = cards[k:]
    if not aces:  # no ace turned up: the first ace of the stock starts f1
        first = next(i for i, c in enumerate(rest) if RANK_OF[c] == 1)
        aces.append(rest.pop(first))
    for n, ace in enumerate(aces, 1):
        piles[game.index[f"f{n}"]] = (ace,)
    piles[game.index["reserve"]] = tuple(reserve)
    stock = deal_order(rest)
    piles[game.stock] = stock
    down = [0] * len(piles)
    down[game.stock] = len(stock)
    return State(tuple(piles), tuple(down), (0,))


def explain(game: "Game", state: State, move: "Move") -> str | None:
    if move.kind == "deal" and state.piles[game.waste]:
        return Text("Play the waste card first: onto a foundation or one of the five piles.")
    if move.kind == "recycle":
        return Text("Frog has no redeal: the stock is turned only once.")
    return None


def safe_home(game: "Game", state: State) -> "Move | None":
    """A card that can go home when that can never hurt.  Nothing is ever built on the
    five piles, so a card home is never missed, and every foundation that takes it is
    alike; but with two decks another card of its kind may want the same foundation,
    and then which goes first matters (the one whose leaving uncovers more).  So a card
    goes only when at least as many foundations are ready for its kind as cards of the
    kind are still out."""
    in_suit = game.options["foundation"] == "suit"
    tops = [state.piles[f][-1] if state.piles[f] else None for f in game.foundations]
    for move in game.card_moves(state):
        if game.piles[move.dst].role == "foundation":
            card = state.piles[move.src][-1]
            rank, suit = RANK_OF[card], SUIT_OF[card]
            lanes = [0 if top is None else RANK_OF[top] for top in tops
                     if not in_suit or top is None or SUIT_OF[top] == suit]
            if in_suit:  # the suit's two foundations: the empty ones stand for its aces not yet home
                lanes = sorted(lanes, reverse=True)[:2]
            if enough_ready(rank, lanes):
                return move
    return None


def enough_ready(rank: int, lanes: Iterable[int]) -> bool:
    """Whether a card of ``rank`` may go home without choosing among cards of its kind:
    at least as many of the foundations that may take its kind (``lanes``: their ranks at
    home, 0 for an empty one) are ready for it as cards of the kind are still out.
    Auto-play and Frog's search send cards home by it."""
    ready = out = 0
    for v in lanes:
        ready += v == rank - 1
        out += v < rank
    return ready >= out


HELP = Help(
    setup="Two decks. Cards are turned one by one onto the reserve until it holds thirteen cards "
          "that are not aces; every ace met on the way starts a foundation instead (if none turns "
          "up, one ace is taken from the stock). The rest is the face-down stock.",
    goal="Build all eight foundations up from ace to king: all 104 cards.",
    moves="The reserve's top card goes to a foundation or onto one of the five piles. On those "
          "piles any card may be laid, in any order; only their top cards are free, and they may "
          "go only to a foundation — never from pile to pile.",
    stock="A click turns one card from the stock into the waste, which holds one card. That card "
          "must be played — to a foundation or onto one of the five piles — before the next is "
          "turned. The stock is turned only once.",
    options={
        "foundation": "Foundations build up in suit (the book) or regardless of suit (the usual Frog).",
        "reserve_to_piles": "Whether the reserve's top card may go onto the five piles (the book) "
                            "or only to the foundations.",
    },
    source="A German patience book in Russian translation, whose text begins mid-way; the game's "
           "title and its first rules were recovered from the original and the standard Frog.",
)

HELP_RU = Help(
    setup="Две колоды. Карты по одной открывают в резерв, пока в нём не наберётся тринадцать "
          "карт, не считая тузов: каждый туз, встреченный по пути, не идёт в резерв, а начинает "
          "дом (базовую стопку). Если не попалось ни одного туза, одного берут из колоды. Остальные карты "
          "лежат рубашкой вверх — это колода.",
    goal="Собрать все восемь домов по возрастанию от туза до короля — все 104 карты.",
    moves="Верхняя карта резерва идёт в дом или на одну из пяти стопок. На эти "
          "стопки можно класть любые карты в любом порядке; свободны только их верхние карты, и "
          "идти они могут лишь в дома — со стопки на стопку перекладывать нельзя.",
    stock="Щелчок открывает одну карту из колоды в отбой, где помещается одна карта. Её нужно "
          "сыграть — в дом или на одну из пяти стопок, — прежде чем открыть "
          "следующую. Колоду проходят только один раз.",
    options={
        "foundation": "В домах карты идут по возрастанию: в масть (как в книге) или без "
                      "учёта масти (обычная «Лягушка»).",
        "reserve_to_piles": "Можно ли класть верхнюю карту резерва на пять стопок (как в книге) "
                            "или только в дома.",
    },
    source="Немецкая книга о пасьянсах в русском переводе, текст которой начинается с середины; название "
           "пасьянса и начало его правил восстановлены по оригиналу и по обычной «Лягушке».",
)

SENTENCES_RU = {
    "Play the waste card first: onto a foundation or one of the five piles.":
        "Сначала сыграйте карту из отбоя: в дом или на одну из пяти стопок.",
    "Frog has no redeal: the stock is turned only once.": "В «Лягушке» пересдачи нет: колода проходится один раз.",
}

SPEC: "GameSpec[Game]" = GameSpec(
    words=Words(name="Frog", name_ru="Лягушка", help=HELP, help_ru=HELP_RU, sentences_ru=SENTENCES_RU),
    quick_wins=Wins((2, 6, 8), {"foundation": "any"}),  # in suit, no deal is won within the budget
    id="frog",
    decks=2,
    options=OPTIONS,
    layout=layout,
    deal=deal,
    rules=Rules(explain=explain),
    solver=SolverHooks(
        interchangeable=lambda game: (tuple(f"t{i}" for i in range(1, 6)), tuple(f"f{i}" for i in range(1, 9))),
        safe=safe_home,
    ),
)
