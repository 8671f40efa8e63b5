"""How a game is declared: options, piles with their rules as values, a few hooks.

A game file builds a ``GameSpec``: its options and a function from the chosen options
to the pile declarations, the deal, its rules' hooks (``Rules``: ``settle`` runs after
every player action, so automatic flips and refills belong to the same action) and its
own actions (``Action``: a reshuffle, a refill).
Build rules are values (direction, suit relation, wrap), never subclasses.  The same
declaration holds everything the game says to a player in English and in Russian (rules
help, option labels, the names of its own piles, the Russian of its sentences) and a few
deals its solver wins quickly; tests/games/test_registry.py checks that none is missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Generic, Literal, Mapping, TypeVar

from .cards import RANK_OF, RED_OF, SUIT_OF, Card
from .moves import Move
from .rng import Rng
from .state import State

# The game a hook is given: a ``game.Game``.  game.py imports this module, so naming the
# class here would be an import circle (tests/project/test_structure.py forbids any): the
# declarations are generic in it instead, and a game's are GameSpec[Game], the type its
# hooks name (``game: Game``), so mypy checks every hook's signature.
G = TypeVar("G")

Role = Literal["stock", "waste", "reserve", "foundation", "tableau", "cell", "discard"]
Pick = Literal["none", "top", "run", "whole_run", "top_or_all", "top_or_run"]
Fan = Literal["stack", "down", "right", "left", "waste", "wrap"]
# what an empty pile takes: nothing, any card, a king, an ace, an ace or a king, a card of
# the base rank (State.info "base"), only the waste's card, a two; "after_left": the card one
# rank above the card to its left, of its suit (nothing after a king or after an empty
# place: a grid's gap), a grid's first place excepted (then "A" or "two")
Empty = Literal["none", "any", "K", "A", "AK", "base", "from_waste", "two", "after_left"]
Direction = Literal["down", "up", "either", "any"]


@dataclass(frozen=True)
class Build:
    """How a card may be laid on the top card of a pile: one rank lower ("down"), higher
    ("up"), either ("either") or any rank ("any"); of the same suit, the other colour or
    any suit; with ``wrap``, a king and an ace are neighbours."""

    direction: Direction
    suit: Literal["same", "alt", "any"]
    wrap: bool = False  # K and A adjacent

    def fits(self, under: Card, over: Card) -> bool:
        if self.suit == "same":
            if SUIT_OF[under] != SUIT_OF[over]:
                return False
        elif self.suit == "alt" and RED_OF[under] == RED_OF[over]:
            return False
        direction = self.direction
        if direction == "any":
            return True
        step = RANK_OF[over] - RANK_OF[under]  # +1: one rank higher; -12: an ace over a king
        if direction == "down":
            step = -step
        elif direction == "either":
            step = -abs(step)  # one rank either way: -1; a king and an ace: -12
            if step == -1:
                return True
        if step == 1:
            return True
        return self.wrap and step == -12


@dataclass(frozen=True)
class PileSpec:
    """One pile: its rules and where the table draws it."""

    name: str
    role: Role
    build: Build | None = None  # what may be laid on its top card (None: nothing)
    empty: Empty = "none"  # what an empty pile accepts
    pick: Pick = "none"  # what a player may pick up from it
    sends: frozenset[str] = frozenset()  # roles its cards may be moved to
    max_in: int = 0  # most cards dropped on it at once (0: no limit; 1: one at a time)
    flip_top: bool = False  # a face-down top card turns up by itself
    x: float = 0.0  # position on the table, in card widths
    y: float = 0.0  # and card heights
    fan: Fan = "stack"
    label: str = ""  # shown on the slot while the pile is empty (what it takes)
    # the slot says the pile's name under it, in words: a pile that would pass for another
    # kind (Bride's removed cards look like a waste) or that no mark can name
    caption: bool = False
    flip_in: bool = False  # a run dropped here lands card by card, its top card first


@dataclass(frozen=True)
class Option:
    """A game option: its values as they appear in the URL, the first is not special.

    ``label`` and ``label_ru`` name the option in English and Russian; ``value_labels_ru``
    names every value in Russian, ``value_labels`` the English values that need a word (the
    table says on, off and inf in its own words and a number as it is)."""

    name: str
    values: tuple[str, ...]
    default: str
    label: str = ""
    value_labels: Mapping[str, str] = field(default_factory=dict)
    label_ru: str = ""
    value_labels_ru: Mapping[str, str] = field(default_factory=dict)


Settle = Callable[[G, State], State]
Deal = Callable[[G, Rng], State]
Generate = Callable[[G, State], "list[Move]"]
Accept = Callable[[G, State, int, int, int], bool]
Won = Callable[[G, State], bool]


@dataclass(frozen=True)
class Rules(Generic[G]):
    """The hooks of a game's rules beyond its piles' declared build rules: every one
    optional (the declared rules, and every card home to win, where it is left out)."""

    settle: tuple[Settle[G], ...] = ()  # run after every player action (flips, refills, removals)
    generate: Generate[G] | None = None  # card moves, where the pile-by-pile search is too slow
    accept: Accept[G] | None = None  # whether n cards of src may go to dst, replacing build rules
    explain: Callable[[G, State, Move], str | None] | None = None  # why a move is refused
    moved: Callable[[G, State, Move, State], State] | None = None  # after a card move
    won: Won[G] | None = None  # replacing "every card on the foundations"
    # whether the rest of the game is forced from a position (Game.is_forced says what the
    # default means); a Finish pressed there keeps the win the player's own
    forced: Won[G] | None = None


Where = Literal["button", "stock", "chip", "tap"]


@dataclass(frozen=True)
class Action(Generic[G]):
    """A player action of a game's own besides card moves and the common stock: the moves
    of its kind that can be made now (``moves``), what one does (``apply``; the game's
    settle hooks run after it), what the table says of one (``label``) and where the table
    offers it (``where``):

    - "button": a button of its own (a reshuffle); its one move is ``Move(kind)``;
    - "stock": a click on the stock does it (a game's own way of dealing); ``Move(kind)``;
    - "chip": a small button at the pile its move names (``Move(kind, src=pile)``: a refill);
    - "tap": a tap on the cards of ``tap_pile`` its move takes (``Move(kind, src=position,
      n=count)``: a removal); said by the cards it takes, so ``label`` may be None.
    """

    kind: str  # also its notation (a place action's: kind@position[:count])
    moves: Callable[[G, State], "list[Move]"]
    apply: Callable[[G, State, Move], State]
    label: Callable[[G, State, Move], str] | None = None
    where: Where = "button"
    tap_pile: str = ""  # "tap": the pile whose positions its moves name

    @property
    def at_place(self) -> bool:
        """Its moves name a place (a chip's pile, a tap's cards), not only its kind."""
        return self.where in ("chip", "tap")


def button(kind: str, label: Callable[[G, State], str], available: Callable[[G, State], bool],
           apply: Callable[[G, State], State], on_stock: bool = False) -> Action[G]:
    """An action with one move, ``Move(kind)``: a button of its own, or (``on_stock``) what
    a click on the stock does."""
    return Action(kind, lambda game, state: [Move(kind)] if available(game, state) else [],
                  lambda game, state, move: apply(game, state), lambda game, state, move: label(game, state),
                  "stock" if on_stock else "button")


@dataclass(frozen=True)
class Layout:
    """What ``GameSpec.layout`` returns for a set of options."""

    piles: tuple[PileSpec, ...]
    draw: int = 1  # cards a stock click turns
    waste_size: int = 0  # a waste that holds this many cards must be played from first (0: no limit)
    passes: int | None = None  # passes through the stock; None: unlimited
    info: tuple[str, ...] = ("recycles",)  # names of the State.info counters
    width: float = 7.0  # table size in card widths
    height: float = 4.0  # and card heights
    # another arrangement for narrow portrait screens: (pile, x, y, fan) and its size
    portrait: tuple[tuple[str, tuple[float, float, Fan]], ...] = ()
    portrait_size: tuple[float, float] = (0.0, 0.0)
    fan_cap: int = 0  # a fan longer than this many cards squeezes into that room (0: no cap)
    squeeze: bool = False  # on a narrow screen columns may overlap, leaving each card's index
    # on a short screen (a phone on its side) rows may overlap, leaving each card's top strip
    overlap_rows: bool = False
    # the height in card heights the table keeps at the least on a short screen: below
    # ``height``, the room its fans may grow into, which they then squeeze into (0: height)
    least_height: float = 0.0
    click_to_move: bool = False  # a tap on a card plays its (first) move; a tap on a gap offers


@dataclass(frozen=True)
class GameSpec(Generic[G]):
    """A whole game as data: 13 fields."""

    id: str
    words: "Words"  # its name, rules help and the words of its own piles and sentences
    decks: int
    options: tuple[Option, ...]
    layout: Callable[[Mapping[str, str]], Layout]
    deal: Deal[G]
    rules: Rules[G] = Rules()  # its rules' hooks beyond the piles' declared build rules
    actions: tuple[Action[G], ...] = ()  # its own actions besides card moves and the common stock
    scored: bool = False  # the score (cards on the foundations) is shown and kept
    # for the table: the phase and round in words (the toolbar), the cards drawn as joined
    describe: Callable[[G, State], str] | None = None
    marked: Callable[[G, State], "set[Card]"] | None = None
    quick_wins: "Wins | None" = None  # deals the solver wins quickly, for its tests
    solver: "SolverHooks[G] | None" = None  # how the solver may search this game faster (None: generic)

@dataclass(frozen=True)
class Words:
    """What a game says to a player, in English and in Russian: its name, its rules help,
    the names of its own kinds of pile and the Russian of its own sentences."""

    name: str
    name_ru: str
    help: "Help | None" = None  # the rules in the project's own words
    help_ru: "Help | None" = None  # the same rules in Russian
    # names for a person of the game's own kinds of pile (a kind is a pile's name without its
    # numbers: "g" for g2-5; {n}, or {row} and {place}, stand for them), in English and in
    # Russian; the table names columns (t), foundations (f), stock, waste, reserve and discard
    pile_names: Mapping[str, str] = field(default_factory=dict)
    pile_names_ru: Mapping[str, str] = field(default_factory=dict)
    # the Russian of the sentences (text.Text) the game's own files say, keyed by the English
    # template; those of game.py, and those several games say, are the table's (table.i18n)
    sentences_ru: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class SolverHooks(Generic[G]):
    """What the solver may assume about a game beyond legal_moves / apply.

    Every hook is optional; a game without hooks is searched through the engine alone.
    ``interchangeable``: groups of pile names whose order does not matter (their
    contents are sorted in the transposition key).  ``safe``: one move that can never
    hurt (played without branching, and offered to the table for auto-play), or None.
    ``score``: how far the game is from done, higher is better (move ordering, hints).
    ``plain_stock``: turning the stock never sets off the game's settle hooks, so the
    solver may compute where the stock turns lead instead of playing the turns.
    """

    interchangeable: Callable[[G], tuple[tuple[str, ...], ...]] | None = None
    safe: Callable[[G, State], Move | None] | None = None
    score: Callable[[G, State], float] | None = None
    plain_stock: bool = False


@dataclass(frozen=True)
class Help:
    """Rules help of a game, by section; ``options`` describes every option by name."""

    setup: str
    goal: str
    moves: str
    stock: str
    options: Mapping[str, str]
    source: str


@dataclass(frozen=True)
class Wins:
    """Deals the solver wins within 3000 nodes (tests/search/test_solver.py replays their winning
    lines): deal numbers, under ``options`` (the others at their defaults)."""

    seeds: tuple[int, ...]
    options: Mapping[str, str] = field(default_factory=dict)
