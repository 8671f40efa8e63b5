"""The stock as the "K+" solvers see it: every card that turning the stock can bring to
the waste top is playable at once; where each card is in reach and the clicks that bring
it (every search of a game with a common stock and waste uses these)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..games.common import homes
from ..cards import SUIT_OF
from ..moves import DEAL, MOVE, RECYCLE, Move
from ..state import State

if TYPE_CHECKING:
    from ..game import Game

_POSITIONS: dict[tuple[int, int, int, int | None], tuple[tuple[int, int, int], ...]] = {}


def talon_positions(size: int, at: int, draw: int, recycles_left: int | None) -> tuple[tuple[int, int, int], ...]:
    """Cards of the talon (waste then stock, in dealing order) that turning the stock
    can bring to the waste top: ``(index, deals, deals after a turn-over or -1)``, the
    fewest clicks first for each card.  ``at`` is the number of cards in the waste."""
    if recycles_left is not None and recycles_left > 1:
        recycles_left = 1  # a second turn-over brings nothing new
    args = (size, at, draw, recycles_left)
    found = _POSITIONS.get(args)
    if found is None:
        found = _POSITIONS[args] = tuple(_talon_positions(*args))
    return found


def _talon_positions(size: int, at: int, draw: int, recycles_left: int | None) -> list[tuple[int, int, int]]:
    out: list[tuple[int, int, int]] = []
    seen: set[int] = set()
    if at > 0:
        out.append((at - 1, 0, -1))
        seen.add(at - 1)
    q, deals = at, 0
    while q < size:
        q = min(q + draw, size)
        deals += 1
        if q - 1 not in seen:
            seen.add(q - 1)
            out.append((q - 1, deals, -1))
    if size and recycles_left != 0:
        q, again = 0, 0
        while q < size:
            q = min(q + draw, size)
            again += 1
            if q - 1 not in seen:
                seen.add(q - 1)
                out.append((q - 1, deals, again))
    return out


def talon_clicks(deals: int, again: int) -> tuple[Move, ...]:
    """The stock clicks that bring a talon card to the waste top."""
    if again < 0:
        return (Move(DEAL),) * deals
    return (Move(DEAL),) * deals + (Move(RECYCLE),) + (Move(DEAL),) * again


def has_talon(game: Game) -> bool:
    """Whether the game has the common stock (deal ``draw`` cards onto a waste that is
    played from the top, turn it over per ``passes``): then the search plays it K+."""
    return (game.stock >= 0 and game.waste >= 0 and not game.layout.waste_size
            and not any(a.where == "stock" for a in game.spec.actions))


# what turning the stock offers (``talon_reach``): the cards in reach; the clicks (a
# hundredth each), the place in the order of reach and the talon index, by card and by kind
Hit = tuple[float, int, int]
Reach = tuple[frozenset[int], dict[int, Hit], dict[int, list[Hit]]]


def turned_over(size: int, pos: int, draw: int, index: int) -> bool:
    """Whether bringing the talon card at ``index`` to the waste top takes a turn-over of
    the waste (the talon of ``size`` cards, ``pos`` turned): the fewest clicks bring the
    waste top, then every ``draw``-th card on and the last one, without."""
    return not (index == pos - 1 or (index >= pos and ((index - pos + 1) % draw == 0 or index == size - 1)))


def talon_place(talon: bytes, pos: int, draw: int) -> tuple[bytes, int]:
    """The talon's part of a key, with unlimited passes, and its place (-1: none that
    matters): a set when one card is turned at a time (every card is always in reach);
    else the cards as they lie, with how many are turned only off the cycle of whole
    turns (0, draw, 2·draw … all turned): every place on that cycle has the same
    future."""
    if draw == 1:
        return bytes(sorted(talon)), -1
    if pos % draw and pos != len(talon):
        return talon, pos
    return talon, -1


def talon_reach(talon: bytes, pos: int, draw: int, kind: Sequence[int], recycles_left: int | None = None,
                turn_over: float = 0.0) -> Reach:
    """What turning the stock offers (``talon`` waste then stock in dealing order, ``pos``
    cards turned, ``recycles_left`` turn-overs of the waste allowed, None: unlimited):
    the talon cards it can bring to the waste top, and for each (by the card, and by its
    ``kind``) the clicks it takes (a hundredth each, for the order of the moves; a
    turn-over costs ``turn_over`` more), its place in that order and its talon index
    (``talon_hits``).  One deck: each card is in the talon once."""
    by_card: dict[int, Hit] = {}
    by_kind: dict[int, list[Hit]] = {}
    if talon:
        for hit in talon_hits(len(talon), pos, draw, recycles_left, turn_over):
            card = talon[hit[2]]
            by_card[card] = hit
            k = kind[card]
            if k in by_kind:
                by_kind[k].append(hit)
            else:
                by_kind[k] = [hit]
    return frozenset(by_card), by_card, by_kind


_HITS: dict[tuple[int, int, int, int | None, float], tuple[Hit, ...]] = {}


def talon_hits(size: int, pos: int, draw: int, recycles_left: int | None, turn_over: float) -> tuple[Hit, ...]:
    """``talon_reach``'s hits by place, whatever the cards: for each talon card turning the
    stock can bring to the waste top, in that order, (the clicks it takes, its place in the
    order, its talon index); kept for each talon size and place."""
    args = (size, pos, draw, recycles_left, turn_over)
    hits = _HITS.get(args)
    if hits is None:
        hits = _HITS[args] = tuple(
            (0.01 * (deals + (again + 1 if again >= 0 else 0)) + (turn_over if again >= 0 else 0.0), order, i)
            for order, (i, deals, again) in enumerate(talon_positions(size, pos, draw, recycles_left)))
    return hits


# The moves of the searches of a one-deck game with a stock played K+ (Klondike's and
# Canfield's), as ``EngineLine.step`` replays them: (what, a, b, n); a game's search adds
# its own kinds from 5 on and replays them itself.
TO_HOME = 0  # pile a's top card home
PILE = 1  # n cards from pile a onto pile b
TALON_HOME = 2  # the talon card at index a home
TALON = 3  # the talon card at index a onto pile b
BACK = 4  # suit a's top card at home onto pile b


class EngineLine:
    """A line of engine moves being written from ``state``: ``play`` applies and keeps a
    move, ``home_of`` names the foundation a card of a suit goes to, ``from_talon`` spells
    out the stock clicks that bring a talon card to the waste top, then plays it;
    ``step`` replays one of a search's moves."""

    def __init__(self, game: "Game", state: State, draw: int) -> None:
        self.game, self.state, self.draw = game, state, draw
        self.moves: list[Move] = []

    def play(self, move: Move) -> None:
        self.moves.append(move)
        self.state = self.game.apply(self.state, move)

    def home_of(self, suit: int) -> int:
        """The foundation of ``suit``, or the first empty one."""
        return homes(self.game.foundations, self.state.piles)[1][suit]

    def from_talon(self, index: int, dst: int | None) -> None:
        """The talon card at ``index`` (waste then stock) to the waste top, then onto pile
        ``dst`` (None: home)."""
        game, state = self.game, self.state
        waste = state.piles[game.waste]
        size = len(waste) + len(state.piles[game.stock])
        deals, again = next((d, g) for i, d, g in talon_positions(size, len(waste), self.draw, None) if i == index)
        for click in talon_clicks(deals, again):
            self.play(click)
        card = self.state.piles[game.waste][-1]
        self.play(Move(MOVE, game.waste, self.home_of(SUIT_OF[card]) if dst is None else dst, 1))

    def to_home(self, src: int) -> None:
        """The top card of pile ``src`` home."""
        self.play(Move(MOVE, src, self.home_of(SUIT_OF[self.state.piles[src][-1]]), 1))

    def step(self, move: tuple[int, int, int, int], piles: Sequence[int]) -> None:
        """A search's move (``TO_HOME`` … ``BACK``), its piles a and b counted in ``piles``."""
        what, a, b, n = move
        if what == TO_HOME:
            self.to_home(piles[a])
        elif what == PILE:
            self.play(Move(MOVE, piles[a], piles[b], n))
        elif what == BACK:
            self.play(Move(MOVE, self.home_of(a), piles[b], 1))
        else:
            self.from_talon(a, None if what == TALON_HOME else piles[b])
