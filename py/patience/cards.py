"""Cards: small integer values with a text form that round-trips.

A card is an ``int`` subclass: ``deck * 52 + suit * 13 + rank - 1``.  Ranks run 1 (ace)
to 13 (king); suits are spades, hearts, diamonds, clubs in that order.  The text form
is rank + suit (``Td`` is the ten of diamonds); a card of the second deck carries a
trailing apostrophe (``Td'``).  Face state is not part of a card: it belongs to the pile.
"""

from __future__ import annotations

from .errors import InvalidCodeError

RANKS = "A23456789TJQK"
SUITS = "shdc"
SUIT_SYMBOLS = "♠♥♦♣"
RED_SUITS = (1, 2)


class Card(int):
    """One card of one of up to two decks."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        return int(self) % 13 + 1

    @property
    def suit(self) -> int:
        return int(self) // 13 % 4

    @property
    def deck(self) -> int:
        return int(self) // 52

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def face(self) -> str:
        """The text form without the deck mark (``Td``): the DOM's ``data-card``."""
        return RANKS[self.rank - 1] + SUITS[self.suit]

    def __str__(self) -> str:
        return self.face + ("'" * self.deck)

    def __repr__(self) -> str:
        return f"parse_card({str(self)!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(104))
# Lookup tables indexed by card, for the hot paths of move generation and search.
RANK_OF: tuple[int, ...] = tuple(c.rank for c in CARDS)
SUIT_OF: tuple[int, ...] = tuple(c.suit for c in CARDS)
RED_OF: tuple[bool, ...] = tuple(c.red for c in CARDS)
# the same rank and suit in the first deck (two decks' copies of a card are alike), and
# that card's neighbours in its suit one rank up and down, a king and an ace neighbours
FACE_OF: tuple[Card, ...] = tuple(CARDS[c.suit * 13 + c.rank - 1] for c in CARDS)
UP_OF: tuple[Card, ...] = tuple(CARDS[c.suit * 13 + c.rank % 13] for c in CARDS)
DOWN_OF: tuple[Card, ...] = tuple(CARDS[c.suit * 13 + (c.rank + 11) % 13] for c in CARDS)
OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))  # the suits of the other colour, by suit
PARTNER = (3, 2, 1, 0)  # the other suit of the same colour, by suit


def make_card(rank: int, suit: int, deck: int = 0) -> Card:
    return CARDS[deck * 52 + suit * 13 + rank - 1]


def parse_card(text: str) -> Card:
    """``'Td'`` → ten of diamonds of deck 0; ``"Td'"`` → the same card of deck 1."""
    t = text.strip()
    deck = 0
    if t.endswith("'"):
        deck, t = 1, t[:-1]
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0].upper() not in RANKS or t[1].lower() not in SUITS:
        raise InvalidCodeError(f"not a card: {text!r} (expected rank A23456789TJQK + suit shdc, e.g. 'Td')")
    return make_card(RANKS.index(t[0].upper()) + 1, SUITS.index(t[1].lower()), deck)


def rank_name(rank: int) -> str:
    """How a rank is printed on a card: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
    return "10" if rank == 10 else RANKS[rank - 1]


def card_name(card: Card) -> str:
    """Readable name with the suit symbol, e.g. ``10♦``."""
    return rank_name(card.rank) + SUIT_SYMBOLS[card.suit]


def deck(decks: int = 1) -> tuple[Card, ...]:
    """All cards of ``decks`` decks in a fixed order."""
    return CARDS[: 52 * decks]
