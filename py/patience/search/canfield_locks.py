"""Canfield's proofs of a card buried for good (``search/canfield.py`` asks them of each
position it searches, where no card comes back from home): ``buried_lock`` in the real
game, each pile's part kept apart (``pile_locks``, ``joined_lock``), and ``twins_lock`` in
the game of twins (each pile's part ``twins_part``).  Ranks count from the base
(``from_base``)."""

from __future__ import annotations

from typing import Sequence

from ..cards import RANK_OF, SUIT_OF, make_card

S = SUIT_OF[:52]
TWIN = (3, 2, 1, 0)  # the other suit of a suit's colour (spades, hearts, diamonds, clubs)


def from_base(base: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each card's rank counted from the ``base`` rank (the base 1, the rank below it 13),
    and each card's twin (its rank and colour in the other suit)."""
    rel = tuple((RANK_OF[c] - base) % 13 + 1 for c in range(52))
    return rel, tuple(make_card(RANK_OF[c], TWIN[S[c]]) for c in range(52))


def buried_lock(piles: tuple[bytes, ...], home: Sequence[int], suit: tuple[int, ...], rel: tuple[int, ...],
                twin: tuple[int, ...]) -> tuple[int, int, int] | None:
    """A card buried for good under the card on it, with no card ever coming back from
    home: (the card, the card on it, a card under it that must go home first), or None.

    A card W lying on a card X of a pile leaves it only alone (whole piles move as they
    are): home, once its suit is home up to the rank below it, or onto X's twin (the card
    of X's rank and colour in the other suit) on top of another pile; nothing else takes
    W.  So when the twin can never be such a top while W lies on X (it is home, or under X
    in the same pile) and a card of W's suit of a lower rank lies under X, W never leaves,
    and X never goes home.  Likewise when X and its twin are each covered, by W and by the
    other card of W's kind, each with a card of its suit of a lower rank under it: the one
    that leaves first must go home, while both still lie where they are.  Ranks count from
    the base (``rel``, the base 1), as the foundations build; ``twin``: each card's twin.
    (A base card of a suit not started under a king, with the other base of its colour
    home, is the case that holds most of the deals this decides.)"""
    return joined_lock(piles, [pile_locks(pile, home, suit, rel, twin) for pile in piles], suit, rel, twin)


def joined_lock(piles: tuple[bytes, ...], parts: list[tuple[tuple[int, int, int] | None, Held]],
                suit: tuple[int, ...], rel: tuple[int, ...], twin: tuple[int, ...]) -> tuple[int, int, int] | None:
    """``buried_lock`` from each pile's part (``pile_locks``, in the order of ``piles``)."""
    stuck: dict[int, tuple[int, bytes]] = {}  # a card under one with a lower card of its suit under it
    for pile, (found, held) in zip(piles, parts):
        if found is not None:
            return found
        for x, w in held:
            stuck[x] = (w, pile)
    for x, (w, pile) in stuck.items():
        if twin[x] in stuck:
            return x, w, lower(w, pile, pile.index(x), suit, rel)
    return None


Held = tuple[tuple[int, int], ...]  # (a card, the card on it) pairs


def pile_locks(pile: bytes, home: Sequence[int], suit: tuple[int, ...], rel: tuple[int, ...],
               twin: tuple[int, ...]) -> tuple[tuple[int, int, int] | None, Held]:
    """``buried_lock`` within one pile: a card buried for good whose twin is home or under
    it, or None; and the cards of the pile under a card with a lower card of its suit
    under them (buried for good if their twin is so too)."""
    held: list[tuple[int, int]] = []
    low = [14, 14, 14, 14]  # the lowest rank of each suit under place i
    for i in range(1, len(pile) - 1):
        c = pile[i - 1]
        if rel[c] < low[suit[c]]:
            low[suit[c]] = rel[c]
        w = pile[i + 1]
        if low[suit[w]] < rel[w]:
            x = pile[i]
            t = twin[x]
            if rel[t] <= home[suit[t]] or pile.find(t, 0, i) >= 0:
                return (x, w, lower(w, pile, i, suit, rel)), ()
            held.append((x, w))
    return None, tuple(held)


def lower(w: int, pile: bytes, i: int, suit: tuple[int, ...], rel: tuple[int, ...]) -> int:
    """A card of ``w``'s suit of a lower rank than ``w`` under place ``i`` of ``pile``
    (-1: none)."""
    s, r = suit[w], rel[w]
    for c in pile[:i]:
        if suit[c] == s and rel[c] < r:
            return c
    return -1


def twins_lock(piles: tuple[bytes, ...], home: bytes, suit: tuple[int, ...], rel: tuple[int, ...],
               twin: tuple[int, ...], memo: dict[tuple[bytes, bytes], TwinsPart] | None = None) -> bool:
    """A card buried for good in the game of twins (``buried_lock`` in every arrangement of
    the twins on the piles): a card W on a card X, a card L of W's suit of a lower rank
    under X, X's twin home or under X; W's twin and L's twin off the piles, so that no
    arrangement puts another suit in their places and no trade sends W or L home.  Each
    pile's part (``twins_part``) kept in ``memo`` by the cards home (``bytes``) and the pile."""
    parts = []
    for pile in piles:
        kept = None if memo is None else memo.get((home, pile))
        if kept is not None:
            part = kept
        else:
            part = twins_part(pile, home, suit, rel, twin)
            if memo is not None:
                memo[home, pile] = part
        if part:
            parts.append(part)
    if not parts:
        return False
    on = b"".join(piles)
    return any(w not in on and any(low not in on for low in lows) for part in parts for w, lows in part)


TwinsPart = tuple[tuple[int, bytes], ...]  # (W's twin, the twins of the cards L under X) for each W on X


def twins_part(pile: bytes, home: Sequence[int], suit: tuple[int, ...], rel: tuple[int, ...],
               twin: tuple[int, ...]) -> TwinsPart:
    """``twins_lock`` within one pile: each card W on a card X whose twin is home or under
    it, with the twins of W and of the cards of W's suit of a lower rank under X (W is
    buried for good in every arrangement when its twin and one of those are off the
    piles)."""
    out = []
    for i in range(1, len(pile) - 1):
        x, w = pile[i], pile[i + 1]
        t = twin[x]
        if rel[t] > home[suit[t]] and pile.find(t, 0, i) < 0:
            continue
        s, r = suit[w], rel[w]
        lows = bytes(twin[c] for c in pile[:i] if suit[c] == s and rel[c] < r)
        if lows:
            out.append((twin[w], lows))
    return tuple(out)
