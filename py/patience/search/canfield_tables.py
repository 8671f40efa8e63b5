"""Tables that Canfield's search (``search/canfield.py``) keeps so that the parts of its
positions are made once: the cards home as one ``bytes`` object for each state, with its
steps and the next card of each suit (``Homes``); each pile by kind is a
``model.PileParts``."""

from __future__ import annotations

from ..cards import SUIT_OF
from .budget import Heap

S = SUIT_OF[:52]


class Homes:
    """The cards home (how many of each suit, as ``bytes``): one object kept for each
    state, so that its hash is worked out once, and what a search asks of it, kept for
    each state.  ``next_home``: the next card of each suit, by the cards home (-1: the
    suit is home)."""

    def __init__(self, next_home: tuple[tuple[int, ...], ...]) -> None:
        self.next_home = next_home
        self.ups: dict[bytes, tuple[bytes, ...]] = {}  # cards home -> the same with a card more of each suit
        self.homes: dict[bytes, bytes] = {}  # cards home -> the one object kept for it
        self.nexts: dict[bytes, tuple[frozenset[int], tuple[int, ...]]] = {}  # (``nexts_of``)

    def tables(self) -> list[Heap]:
        """The tables, for the search's ``parts``."""
        return [self.ups, self.homes, self.nexts]

    def home_of(self, home: bytes) -> bytes:
        """The one object kept for the cards home ``home``."""
        return self.homes.setdefault(home, home)

    def with_home(self, home: bytes, card: int) -> bytes:
        """``home`` with ``card`` home too."""
        ups = self.ups.get(home)
        if ups is None:
            ups = self.ups_of(home)
        return ups[S[card]]

    def ups_of(self, home: bytes) -> tuple[bytes, ...]:
        """``home`` with one card more of each suit, kept for each ``home``."""
        ups = self.ups[home] = tuple(self.home_of(home[:s] + bytes((home[s] + 1,)) + home[s + 1:]) if home[s] < 13
                                     else home for s in range(4))
        return ups

    def with_less(self, home: bytes, suit: int) -> bytes:
        """``home`` with one card fewer of ``suit``."""
        return self.home_of(home[:suit] + bytes((home[suit] - 1,)) + home[suit + 1:])

    def nexts_of(self, home: bytes) -> tuple[frozenset[int], tuple[int, ...]]:
        """The next card of each suit home (-1: the suit is home), as a set and by suit,
        kept for each ``home``."""
        cards = tuple(self.next_home[s][home[s]] for s in range(4))
        found = self.nexts[home] = (frozenset(cards), cards)
        return found

