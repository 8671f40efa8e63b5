"""«Змей» (St. Helena family; seed 003, V. Mendelev's «Энциклопедия игр», calls the body
«тело паука»).

One ace and one king of each suit form the body: aces on the left (f1..f4) build up in
suit, kings on the right (f5..f8) build down, one suit a row (♠ ♥ ♣ ♦).  Twelve piles go
round it: t1 t2 above, t3..t6 down the left side, t7 t8 below, t9..t12 up the right side.

Deal phase (while the stock lasts): a click deals a round, one card onto each pile in
order; between rounds top cards may go to the foundations only, and a side pile only to
a foundation of its own row.  Play phase: any top card goes to a foundation or onto a top
card of its suit one rank up or down (wrapping K–A); an empty pile takes a K or an A; the
tops of a suit's ace and king foundations may pass from one to the other.  One redeal:
the piles are gathered t12 first, t1 last (t1's cards end on top), and dealt again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ..cards import DOWN_OF, FACE_OF, RANK_OF, SUIT_OF, UP_OF, deck, make_card
from ..moves import MOVE, Move
from ..rng import Rng
from ..spec import Build, Fan, GameSpec, Help, Layout, Option, PileSpec, Rules, Wins, Words, button
from ..state import Pile, State
from ..text import Text

if TYPE_CHECKING:
    from ..game import Game

ROW_SUITS = (0, 1, 3, 2)  # rows 1..4: spades, hearts, clubs, diamonds
ROW_OF_SUIT = {s: r for r, s in enumerate(ROW_SUITS)}
ROW_OF_CARD = tuple(ROW_OF_SUIT[s] for s in SUIT_OF)  # a card (either deck) → its suit's row
UP = Build("up", "same")
DOWN = Build("down", "same")
NEIGHBOUR = Build("either", "same", wrap=True)  # the piles: one rank either way, a king and an ace neighbours
PLAY = frozenset({"tableau", "foundation"})
FAN = 0.36  # see table.geometry RIGHT_STEP: a fan of 8 cards is about 3.5 card widths
SIDE_X, ACE_X, KING_X, RIGHT_X = 0.0, 3.7, 4.85, 6.0
ROWS_Y = (1.12, 2.24, 3.36, 4.48)
# the row of each side pile (t3..t6 down the left, t9..t12 up the right); 0: top or bottom
PILE_ROW = {3: 1, 4: 2, 5: 3, 6: 4, 9: 4, 10: 3, 11: 2, 12: 1}

OPTIONS = (
    Option("side_limit", ("row", "adjacent"), "row", "During the deal, a side pile may reach",
           {"row": "either foundation of its row", "adjacent": "only the foundation next to it"},
           label_ru="При раздаче боковая стопка достаёт",
           value_labels_ru={"row": "до любого дома своего ряда", "adjacent": "только до соседнего дома"}),
)


def layout(opts: Mapping[str, str]) -> Layout:
    piles = [PileSpec("stock", "stock", x=0, y=5.6)]
    for r in range(4):
        piles.append(PileSpec(f"f{r + 1}", "foundation", UP, "none", "top", frozenset({"foundation"}), 1,
                              x=ACE_X, y=ROWS_Y[r]))
    for r in range(4):
        piles.append(PileSpec(f"f{r + 5}", "foundation", DOWN, "none", "top", frozenset({"foundation"}), 1,
                              x=KING_X, y=ROWS_Y[r]))
    places = {1: (1.15, 0.0), 2: (KING_X, 0.0), 7: (1.15, 5.6), 8: (KING_X, 5.6)}
    for r in range(4):
        places[3 + r] = (SIDE_X, ROWS_Y[r])
        places[12 - r] = (RIGHT_X, ROWS_Y[r])
    for n in range(1, 13):
        x, y = places[n]
        piles.append(PileSpec(f"t{n}", "tableau", NEIGHBOUR, "AK", "top", PLAY, 1, x=x, y=y, fan="right"))
    return Layout(tuple(piles), info=("rounds", "redeals"), width=RIGHT_X + 1 + 7 * FAN, height=7.1,
                  portrait=PORTRAIT, portrait_size=(6.0, 8.4), fan_cap=8, overlap_rows=True)


# On a narrow portrait screen the ring opens up: t1..t6 in a row above the body (aces
# over kings, as four columns), t7..t12 below it, every pile fanned downwards.
PORTRAIT: tuple[tuple[str, tuple[float, float, Fan]], ...] = (
    (("stock", (0.0, 3.1, "stack")),)
    + tuple((f"t{n}", (n - 1.0, 0.0, "down")) for n in range(1, 7))
    + tuple((f"f{r + 1}", (r + 1.3, 3.1, "stack")) for r in range(4))
    + tuple((f"f{r + 5}", (r + 1.3, 4.2, "stack")) for r in range(4))
    + tuple((f"t{n}", (n - 7.0, 5.5, "down")) for n in range(7, 13))
)


def deal(game: "Game", rng: Rng) -> State:
    bases = {make_card(1, s): r for r, s in enumerate(ROW_SUITS)}
    bases.update({make_card(13, s): 4 + r for r, s in enumerate(ROW_SUITS)})
    piles = list(game.empty_state().piles)
    for card, f in bases.items():
        piles[game.index[f"f{f + 1}"]] = (card,)
    rest = [c for c in deck(2) if c not in bases]
    stock = tuple(reversed(rng.shuffled(rest)))  # the next card to deal on top
    piles[game.stock] = stock
    down = [0] * len(piles)
    down[game.stock] = len(stock)
    return deal_round(game, State(tuple(piles), tuple(down), (0, 0)))


def deal_round(game: "Game", state: State) -> State:
    """One card face up onto each of t1..t12 in turn, as far as the stock lasts."""
    piles = list(state.piles)
    stock = piles[game.stock]
    for i in TABLEAU:  # t1..t12
        if not stock:
            break
        piles[i] = piles[i] + stock[-1:]
        stock = stock[:-1]
    piles[game.stock] = stock
    down = list(state.down)
    down[game.stock] = len(stock)
    state = State(tuple(piles), tuple(down), state.info)
    return game.with_info(state, "rounds", game.info_value(state, "rounds") + 1)


def redeal(game: "Game", state: State) -> State:
    """Gather t12 first and t1 last (t1's cards on top), face down, and deal a round."""
    piles = list(state.piles)
    stock: Pile = ()
    for i in reversed(TABLEAU):  # t12 first
        stock = stock + piles[i]
        piles[i] = ()
    piles[game.stock] = stock
    down = list(state.down)
    down[game.stock] = len(stock)
    state = State(tuple(piles), tuple(down), (0, game.info_value(state, "redeals") + 1))
    return deal_round(game, state)


def deal_phase(game: "Game", state: State) -> bool:
    return bool(state.piles[game.stock])


def rounds_total(game: "Game", state: State) -> int:
    left = len(state.piles[game.stock])
    return game.info_value(state, "rounds") + (left + 11) // 12


def accept(game: "Game", state: State, src: int, dst: int, n: int) -> bool:
    """The declared rules (the piles build one rank either way in suit, an empty pile takes
    a king or an ace), under the rules of the game's own: the body's cards stay, a card
    passes only between its suit's two foundations, and during the deal cards go only to
    the foundations a pile reaches."""
    if refused(game, state, src, dst) is not None:
        return False
    return game.rule_accepts(state, src, dst, n)


def refused(game: "Game", state: State, src: int, dst: int) -> "Text | None":
    """The rule of the game's own that a card move from src to dst breaks, or None."""
    source, target = game.piles[src], game.piles[dst]
    pile = state.piles[src]
    if not pile or target.role not in source.sends:
        return None  # the declared rules say why
    if source.role == "foundation":
        if len(pile) < 2:
            return Text("The cards of the body never move.")
        if abs(dst - src) != 4:
            return Text("A card passes only between the two foundations of its own suit.")
        return None
    if deal_phase(game, state):
        if target.role == "tableau":
            return Text("During the deal cards go only to the foundations, not onto the piles.")
        if not reaches(game, src, dst):
            if game.options["side_limit"] == "adjacent":
                return Text("During the deal a side pile's card goes only to the foundation next to it.")
            return Text("During the deal a side pile's card goes only to a foundation of its own row.")
    return None


def explain(game: "Game", state: State, move: "Move") -> "str | None":
    """Why a card move is refused by a rule of the game's own (the declared rules' words
    are the engine's)."""
    if move.kind != MOVE or not (0 <= move.src < len(game.piles) and 0 <= move.dst < len(game.piles)):
        return None
    source, target = game.piles[move.src], game.piles[move.dst]
    if source.role == "foundation" and target.role == "tableau" and state.piles[move.src]:
        return Text("Nothing goes back from a foundation to a pile.")
    return refused(game, state, move.src, move.dst)


def generate(game: "Game", state: State) -> "list[Move]":
    """The card moves, as the pile-by-pile search over ``accept`` finds them and in its
    order (source, then destination, by pile), found by the cards' neighbours instead:
    the solver asks for them at every position.  A foundation's top rank is its length
    (an ace foundation: the base cards never move, so it holds A up to its top) or 14
    less its length (a king foundation, K down to its top)."""
    piles = state.piles
    fnds = game.foundations  # f1..f4 build up, f5..f8 down, a suit's two in one row
    moves: list[Move] = []
    heights = list(map(len, game.foundation_piles(piles)))
    up = heights[:4]  # the top rank of each row's ace foundation
    down = [14 - h for h in heights[4:]]  # … and of its king foundation
    for r in range(4):  # the top of a suit's ace or king foundation onto the other one
        if up[r] + 1 == down[r] and up[r] >= 2:
            moves.append(NEW(Move, (MOVE, fnds[r], fnds[r + 4], 1)))
    for r in range(4):
        if up[r] + 1 == down[r] and down[r] <= 12:
            moves.append(NEW(Move, (MOVE, fnds[r + 4], fnds[r], 1)))
    dealing = bool(piles[game.stock])
    reach = REACH[game.options["side_limit"]] if dealing else None
    tops: dict[int, list[int]] = {}  # a top card (either deck) → its piles
    empty: list[int] = []
    cols = TABLEAU
    if not dealing:
        for t in cols:
            pile = piles[t]
            if pile:
                face = FACE_OF[pile[-1]]
                if face in tops:
                    tops[face].append(t)
                else:
                    tops[face] = [t]
            else:
                empty.append(t)
    for n, t in enumerate(cols, 1):
        pile = piles[t]
        if not pile:
            continue
        card = pile[-1]
        rank = RANK_OF[card]
        r = ROW_OF_CARD[card]
        if rank == up[r] + 1 and (reach is None or (n, r) in reach):
            moves.append(NEW(Move, (MOVE, t, fnds[r], 1)))
        if rank == down[r] - 1 and (reach is None or (n, r + 4) in reach):
            moves.append(NEW(Move, (MOVE, t, fnds[r + 4], 1)))
        if dealing:
            continue
        on_up, on_down = tops.get(UP_OF[card]), tops.get(DOWN_OF[card])
        if on_up is None and on_down is None and not (empty and (rank == 1 or rank == 13)):
            continue  # (most tops: nowhere to go)
        dsts = (on_up or NONE) + (on_down or NONE) + (empty if rank in (1, 13) else NONE)
        if len(dsts) > 1:
            dsts.sort()
        for d in dsts:
            if d != t:
                moves.append(NEW(Move, (MOVE, t, d, 1)))
    return moves


NONE: list[int] = []  # (``generate``: no pile; never changed)
NEW = tuple.__new__  # (``generate``: a Move made as ``Move._make`` makes it, no call of its ``__new__``)


# the (pile number, foundation 0..7) pairs the positional limit allows, by side_limit
REACH = {
    limit: frozenset((n, f) for n in range(1, 13) for f in range(8)
                     if PILE_ROW.get(n, 0) == 0 or (f + 1 == (PILE_ROW[n] if n <= 6 else PILE_ROW[n] + 4)
                                                    if limit == "adjacent" else f + 1 in (PILE_ROW[n], PILE_ROW[n] + 4)))
    for limit in ("row", "adjacent")
}


def reaches(game: "Game", src: int, dst: int) -> bool:
    """The positional limit of the deal phase: whether pile src reaches foundation dst."""
    return (int(game.names[src][1:]), int(game.names[dst][1:]) - 1) in REACH[game.options["side_limit"]]


# t1..t12's pile indexes (the layout's order of piles does not depend on the options)
TABLEAU = tuple(i for i, pile in enumerate(layout({"side_limit": "row"}).piles) if pile.role == "tableau")


def describe(game: "Game", state: State) -> str:
    """The phase and round, short enough for the toolbar."""
    redealt = bool(game.info_value(state, "redeals"))
    if deal_phase(game, state):
        return Text("Deal phase, redealt: round {round}/{total}" if redealt else "Deal phase: round {round}/{total}",
                    round=game.info_value(state, "rounds"), total=rounds_total(game, state))
    return Text("Play phase, redealt" if redealt else "Play phase")


ACTIONS = (
    button("round", lambda g, s: Text("Deal round {round} of {total}", round=g.info_value(s, "rounds") + 1,
                                       total=rounds_total(g, s)),
            deal_phase, deal_round, on_stock=True),
    button("redeal", lambda g, s: Text("Redeal ({left} left)", left=1 - g.info_value(s, "redeals")),
            lambda g, s: not deal_phase(g, s) and g.info_value(s, "redeals") == 0 and not g.is_won(s),
            redeal, on_stock=True),
)


HELP = Help(
    setup="Two decks. One ace and one king of each suit form the body in the middle: aces in the "
          "left column, kings in the right, a suit a row (spades, hearts, clubs, diamonds). Twelve "
          "piles lie round it: two above, four down the left side, two below, four up the right side. "
          "The first round is dealt: one card face up onto each pile.",
    goal="Build the aces up to kings and the kings down to aces, all 104 cards on the eight foundations.",
    moves="Deal phase (while the stock lasts): between rounds, top cards may go only to the "
          "foundations; a pile above or below the body reaches any foundation, a side pile only one "
          "of its own row. Play phase: a top card goes to a foundation or onto the top card of another "
          "pile of the same suit, one rank higher or lower, changing direction as you like; king and "
          "ace are neighbours. One card at a time; an empty pile takes only a king or an ace. The top "
          "cards of a suit's ace and king foundations may pass from one to the other when they fit; the "
          "body's own cards never move.",
    stock="Each click on the stock deals the next round: one card onto each pile, in the order the "
          "piles were dealt (eight rounds in all). Once, in the play phase, a click redeals: the piles "
          "are gathered from the last to the first without shuffling, the first pile's cards on top, "
          "and dealt again in rounds.",
    options={
        "side_limit": "During the deal phase, whether a side pile may reach either foundation of its "
                      "row (the book) or only the one next to it.",
    },
    source="V. Mendelev, «Энциклопедия игр», which calls the body the spider's body; a "
           "game of the St. Helena family.",
)

HELP_RU = Help(
    setup="Две колоды. По тузу и королю каждой масти кладут в середину — это «тело»: тузы "
          "в левом столбце, короли в правом, в каждом ряду одна масть (пики, черви, трефы, "
          "бубны). Вокруг тела двенадцать стопок: две сверху, четыре вниз по левой стороне, две "
          "снизу, четыре вверх по правой стороне. Сразу сдаётся первый круг: по одной открытой "
          "карте на каждую стопку.",
    goal="Собрать тузы по возрастанию до королей, а короли по убыванию до тузов, чтобы в восьми "
         "домах (базовых стопках) оказались все 104 карты.",
    moves="Фаза раздачи (пока в колоде есть карты): между кругами верхние карты можно класть "
          "только в дома; стопка над телом или под ним достаёт до любого дома, боковая — "
          "только до домов своего ряда. Фаза игры: верхняя карта идёт в дом "
          "или на верхнюю карту другой стопки той же масти, на одно достоинство "
          "выше или ниже, а направление можно менять когда угодно; король и туз считаются "
          "соседями. Переносят по одной карте; пустая стопка принимает только короля или туза. "
          "Верхние карты тузового и королевского домов одной масти могут переходить из "
          "одного в другой, если подходят; сами карты тела не двигаются никогда.",
    stock="Каждый щелчок по колоде сдаёт следующий круг: по карте на каждую стопку в том же "
          "порядке, в каком они сдавались (всего восемь кругов). Один раз, в фазе игры, щелчок "
          "делает пересдачу: стопки собирают без тасования от последней к первой, так что карты "
          "первой стопки оказываются сверху, и снова сдают кругами.",
    options={
        "side_limit": "В фазе раздачи боковая стопка достаёт либо до любого из двух домов "
                      "своего ряда (как в книге), либо только до соседнего с ней.",
    },
    source="В. Менделев, «Энциклопедия игр»; тело в книге названо «телом паука». "
           "Пасьянс из семейства «Святая Елена».",
)

SENTENCES_RU = {
    "Nothing goes back from a foundation to a pile.": "Из дома в стопки карты не возвращаются.",
    "The cards of the body never move.": "Сами карты тела не двигаются.",
    "A card passes only between the two foundations of its own suit.":
        "Карта переходит только между двумя домами своей масти.",
    "During the deal a side pile's card goes only to the foundation next to it.":
        "Во время раздачи карта боковой стопки идёт только в соседний с ней дом.",
    "During the deal a side pile's card goes only to a foundation of its own row.":
        "Во время раздачи карта боковой стопки идёт только в дом своего ряда.",
    "During the deal cards go only to the foundations, not onto the piles.":
        "Во время раздачи карты кладут только в дома, не на стопки.",
    "Deal phase: round {round}/{total}": "Раздача: круг {round}/{total}",
    "Deal phase, redealt: round {round}/{total}": "Раздача после пересдачи: круг {round}/{total}",
    "Play phase": "Игра",
    "Play phase, redealt": "Игра после пересдачи",
    "Deal round {round} of {total}": "Раздать круг {round} из {total}",
    "Redeal ({left} left)": "Пересдать (осталось {left})",
}

SPEC: "GameSpec[Game]" = GameSpec(
    words=Words(name="The Serpent", name_ru="Змей", help=HELP, help_ru=HELP_RU, sentences_ru=SENTENCES_RU),
    quick_wins=Wins((2, 5)),
    id="zmey",
    decks=2,
    options=OPTIONS,
    layout=layout,
    deal=deal,
    rules=Rules(generate=generate, accept=accept, explain=explain),
    actions=ACTIONS,
    describe=describe,
)
