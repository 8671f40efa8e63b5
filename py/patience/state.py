"""Positions: an immutable State and its text form.

A State is a tuple of piles (each a tuple of cards, bottom first), the number of
face-down cards at the bottom of each pile, and a tuple of small game counters
(``info``: passes used, Canfield's base rank …).  The text form names every pile:

    stock=24:AsKh…  waste=  f1=  …  t1=Kd  t2=1:4c9h  #=0

``name=cards`` for a pile with every card face up, ``name=N:cards`` when its bottom N
cards are face down, cards written back to back (``Td`` or ``Td'`` for deck 2), and
``#=`` the counters.  ``from_code(code(s)) == s`` for every state.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple, Sequence

from .cards import RANKS, SUITS, Card, make_card
from .errors import InvalidCodeError

Pile = tuple[Card, ...]


class State(NamedTuple):
    piles: tuple[Pile, ...]
    down: tuple[int, ...]
    info: tuple[int, ...] = ()

    def code(self, names: Sequence[str]) -> str:
        parts = []
        for name, pile, down in zip(names, self.piles, self.down):
            cards = "".join(str(c) for c in pile)
            parts.append(f"{name}={down}:{cards}" if down else f"{name}={cards}")
        parts.append("#=" + ",".join(str(i) for i in self.info))
        return " ".join(parts)

    @classmethod
    def from_code(cls, text: str, names: Sequence[str]) -> "State":
        fields: dict[str, str] = {}
        for part in text.split():
            name, sep, rest = part.partition("=")
            if not sep or name in fields:
                raise InvalidCodeError(f"bad position field {part!r}")
            fields[name] = rest
        if set(fields) != set(names) | {"#"}:
            missing = sorted(set(names) - set(fields))
            extra = sorted(set(fields) - set(names) - {"#"})
            raise InvalidCodeError(f"position piles do not match the game (missing {missing}, unknown {extra})")
        piles: list[Pile] = []
        downs: list[int] = []
        for name in names:
            body = fields[name]
            down = 0
            if ":" in body:
                head, _, body = body.partition(":")
                if not head.isdigit():
                    raise InvalidCodeError(f"bad face-down count in pile {name}: {head!r}")
                down = int(head)
            pile = parse_cards(body)
            if down > len(pile):
                raise InvalidCodeError(f"pile {name} has {down} face-down cards but only {len(pile)} cards")
            piles.append(pile)
            downs.append(down)
        info_text = fields["#"]
        try:
            info = tuple(int(x) for x in info_text.split(",")) if info_text else ()
        except ValueError:
            raise InvalidCodeError(f"bad counters {info_text!r}") from None
        return cls(tuple(piles), tuple(downs), info)

    def cards(self) -> Counter[Card]:
        return Counter(c for pile in self.piles for c in pile)


def parse_cards(text: str) -> Pile:
    """Cards written back to back: ``AsTd'Kc`` → (A♠, 10♦ of deck 2, K♣)."""
    out: list[Card] = []
    i = 0
    while i < len(text):
        chunk = text[i:i + 2]
        if len(chunk) < 2 or chunk[0] not in RANKS or chunk[1] not in SUITS:
            raise InvalidCodeError(f"not a card at {text[i:i + 3]!r} in {text!r}")
        deck = 0
        i += 2
        if i < len(text) and text[i] == "'":
            deck = 1
            i += 1
        out.append(make_card(RANKS.index(chunk[0]) + 1, SUITS.index(chunk[1]), deck))
    return tuple(out)
