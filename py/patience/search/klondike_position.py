"""Klondike's compact position, as its depth-first search (``klondike``) sees it:
the card tables, the search's own moves, a position made from an engine state, a column
without its top cards (``take``) and what a column offers (``offer``), and the checks on
a position that need no search (``hopeless``: some card can never go home even
in a looser game).  Also ``wanted_back``, the test the search makes before a card
comes back from home."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..games.common import homes
from ..cards import PARTNER, RANK_OF, RED_OF, SUIT_OF
from ..state import State
from .talon import Hit, talon_positions

if TYPE_CHECKING:
    from ..game import Game

R = RANK_OF[:52]
S = SUIT_OF[:52]
RED = tuple(int(r) for r in RED_OF[:52])
KIND = tuple(R[c] * 2 + RED[c] for c in range(52))  # rank and colour: what a card is for building
WANTS = tuple((R[c] - 1) * 2 + 1 - RED[c] for c in range(52))  # the kind a card takes on it
PARENTS = tuple(tuple(p for p in range(52) if R[p] == R[c] + 1 and RED[p] != RED[c]) for c in range(52))
PREV = tuple(c - 1 if R[c] > 1 else 52 for c in range(52))  # the card before at home (52: none)
TWIN = tuple(PARTNER[S[c]] * 13 + R[c] - 1 for c in range(52))  # the other card of its kind
OF_KIND = tuple(tuple(c for c in range(52) if KIND[c] == k) for k in range(28))  # the two cards of a kind
# a face-up card in the key of a probe by kinds: its kind (rank and colour) only
BY_KIND = bytes(100 + KIND[c] if c < 52 else c for c in range(256))
DOWN = tuple(bytes((0xC0 + d,)) for d in range(53))  # ends a column in the key: its face-down count
KING = 13
KINGS = tuple(s * 13 + KING - 1 for s in range(4))
NONE: list[int] = []  # no column (never appended to)
SHAKE = 2.5 / 1024  # how far a probe shakes the order of the moves (priorities run 0 to 6)

# the solver's moves: (what, a, b, n), those of talon.py (TO_HOME, PILE: n cards from
# column a onto column b, TALON_HOME, TALON, BACK) and
TRADE_HOME = 5  # the game of twins only: column a's top card trades places with its face-up twin, which goes home

# columns, face-down counts, rank home by suit, talon (waste then stock), cards turned, turn-overs
# of the waste left (-1: unlimited)
Position = tuple[tuple[bytes, ...], tuple[int, ...], tuple[int, ...], bytes, int, int]
SMove = tuple[int, int, int, int]
# what a column offers: the kind its top takes, its run's length, the cards that can move
# with what lies on them, whether one is a king on other cards, and the moves of parts of
# its run: (cards moved, base card, base's kind or -1 for a king, WHOLE / TURNS / PART)
Offer = tuple[int, int, tuple[int, ...], bool, tuple[tuple[int, int, int, int], ...]]
WHOLE, TURNS, PART = 0, 1, 2  # a move that empties the column, turns a face-down card, or neither
# what turning the stock offers (``depth_first.Reach``), with the kings apart
Reach = tuple[frozenset[int], dict[int, Hit], dict[int, list[Hit]], tuple[Hit, ...]]


def with_home(home: tuple[int, ...], suit: int, rank: int) -> tuple[int, ...]:
    h = list(home)
    h[suit] = rank
    return tuple(h)


def take(cols: tuple[bytes, ...], down: tuple[int, ...], c: int, n: int) -> tuple[tuple[bytes, ...], tuple[int, ...]]:
    """Column c without its top n cards (a face-down card left on top turns up)."""
    rest = cols[c][:-n]
    cl = list(cols)
    cl[c] = rest
    if down[c] and down[c] >= len(rest):
        dl = list(down)
        dl[c] = len(rest) - 1 if rest else 0
        return tuple(cl), tuple(dl)
    return tuple(cl), down


def offer(col: bytes, down: int, any_run: bool) -> Offer:
    """What a column offers (``any_run``: any part of its run may move, else the whole
    run): the kind of card its top takes, the length of the run on top, the cards that
    can move with what lies on them, whether one of them is a king lying on other cards,
    and the moves of them with what lies on them, longest first (not a king's that would
    empty the column)."""
    up = len(col) - down
    run = 1
    while run < up:
        a, b = col[-run - 1], col[-run]
        if R[a] != R[b] + 1 or RED[a] == RED[b]:
            break
        run += 1
    sizes = range(1, run + 1) if any_run else (run,)
    movable = tuple(col[-n] for n in sizes)
    king = any(R[col[-n]] == KING and n < len(col) for n in sizes)
    parts = []
    for n in (range(run, 0, -1) if any_run else (run,)):
        base = col[-n]
        if R[base] == KING and n == len(col):
            continue
        does = WHOLE if n == len(col) else TURNS if n == up else PART
        parts.append((n, base, -1 if R[base] == KING else KIND[base], does))
    return WANTS[col[-1]], run, movable, king, tuple(parts)


def position_of(game: "Game", state: State) -> Position:
    """The search's form of an engine position of Klondike."""
    home = homes(game.foundations, state.piles)[0]  # (a Klondike foundation holds A up to its top)
    cols = tuple(game.index[f"t{i}"] for i in range(1, 8))
    waste, stock = state.piles[game.waste], state.piles[game.stock]
    left = game.recycles_left(state)
    return (tuple(bytes(state.piles[c]) for c in cols), tuple(state.down[c] for c in cols), tuple(home),
            bytes(waste + stock[::-1]), len(waste), -1 if left is None else left)


def hopeless(p: Position, back: bool, draw: int) -> bool:
    """Whether some card can never go home even in a looser game (so the position is
    lost).  The looser game forgets when things happen: once a card can leave its
    place, be a column top or go home, it can at any later time too.  Every event of a
    real game is an event of the looser one, so what the looser game never reaches the
    real one never does (a "delete relaxation"); it turns the stock over as often as it
    likes, so it is looser than a game of limited passes too.  Facts, worked out to a
    fixed point:

    - a card is *exposed* when the card on it can leave (a column top is exposed); a
      face-down card, besides, only when the cards above it can all be elsewhere at
      once, as they are when it turns up: each at home, a king in an empty column, or
      on a card one rank higher of the other colour that is face up then (face up now
      or able to be a top) and not under it, no two on one card.  This is the one fact
      about a moment rather than "at some time", and what catches a pair like two
      black jacks above their red queen with the other red queen their only place;
    - a card can *leave* (as the base of whatever lies on it) when it is face up or
      exposed and has somewhere to go: home after the card before it, onto a card one
      rank higher of the other colour that can be a top (one that lies face down above
      it in its own column must first leave and land elsewhere), or, a king, into a
      column that can empty;
    - a card can be a *top* when it is exposed, or it can leave (or is in the talon, or
      at home with cards allowed back) and land on a top or, a king, in an empty column;
    - a column can empty when its bottom card can leave;
    - a card can go *home* after the card before it, when it can be a top or reach the
      waste top;
    - a talon card can reach the waste top when turning the stock brings it there now,
      or once a card before it in the talon can leave (the cards then shift), or the
      card after it can leave (it is then the waste top).
    """
    cols, down, home, talon, pos, _ = p
    gone = [False] * 53  # can go home; [52]: before the ace
    gone[52] = True
    top = [False] * 52
    leave = [False] * 52
    exposed = [False] * 52
    in_talon = [False] * 52  # a talon card that turning the stock can bring to the waste top
    for s in range(4):
        for r in range(home[s]):
            gone[s * 13 + r] = True
    for i, _, _ in talon_positions(len(talon), pos, draw, None) if talon else ():
        in_talon[talon[i]] = True
    column = [-1] * 52
    depth = [0] * 52
    for c, col in enumerate(cols):
        for i, card in enumerate(col):
            column[card] = c
            depth[card] = i
    empty_now = any(not col for col in cols)

    def leaves_talon(x: int) -> bool:
        return in_talon[x] and (gone[PREV[x]] or (R[x] == KING and empty) or any(top[q] for q in PARENTS[x]))

    up = [False] * 52  # face up now
    for c, col in enumerate(cols):
        for card in col[down[c]:]:
            up[card] = True

    def room_for(col: bytes, c: int, i: int) -> bool:
        """Whether the cards above col[i] can all be elsewhere at once (see above)."""
        need = []  # the cards that must lie on a card of their own
        for x in col[i + 1:]:
            if gone[x]:
                continue
            if R[x] == KING:
                if not empty:
                    return False
                continue
            need.append(x)
        places = {q for x in need for q in PARENTS[x]
                  if (up[q] or top[q]) and not (column[q] == c and depth[q] <= i)}
        held: dict[int, int] = {}  # a place → the card on it
        return all(lay(x, places, held, set()) for x in need)

    empty = empty_now
    changed = True
    while changed:
        changed = False
        empty = empty_now or any(leave[col[0]] for col in cols if col)
        for c in range(7):
            col = cols[c]
            n = len(col)
            for i in range(n - 1, -1, -1):
                x = col[i]
                open_ = i == n - 1 or leave[col[i + 1]]
                if open_ and i < down[c] and not exposed[x] and not room_for(col, c, i):
                    open_ = False
                if not open_ and i < down[c]:
                    break
                if open_ and not exposed[x]:
                    exposed[x] = changed = True
                if leave[x]:
                    continue
                ok = gone[PREV[x]] or (R[x] == KING and empty)
                if not ok:
                    for q in PARENTS[x]:
                        if column[q] == c and i < depth[q] < down[c]:
                            # face down above x in its own column: q must leave as the
                            # base of what lies on it and land elsewhere first (a face-up
                            # card above x may instead be carried off by a card under it)
                            ok = (leave[q] or (back and gone[q])) and (
                                (R[q] == KING and empty) or any(top[z] for z in PARENTS[q]))
                        else:
                            ok = top[q]
                        if ok:
                            break
                if ok:
                    leave[x] = changed = True
        for x in range(52):
            if not top[x]:
                if exposed[x] or ((leave[x] or in_talon[x] or (back and gone[x]))
                                  and ((R[x] == KING and empty) or any(top[q] for q in PARENTS[x]))):
                    top[x] = changed = True
            if not gone[x] and gone[PREV[x]] and (top[x] or in_talon[x]):
                gone[x] = changed = True
        # the talon: once a card before it can leave, a card may come round to the
        # waste top (looser than the truth); once the card after it leaves, it is there
        earlier = False
        for i, x in enumerate(talon):
            if not in_talon[x] and (earlier or (i + 1 < len(talon) and leaves_talon(talon[i + 1]))):
                in_talon[x] = changed = True
            earlier = earlier or leaves_talon(x)
    return not all(gone[:52])


def face_up(cols: tuple[bytes, ...], down: tuple[int, ...], card: int) -> bool:
    """Whether ``card`` lies face up in a column."""
    for c, col in enumerate(cols):
        i = col.find(card)
        if i >= 0:
            return i >= down[c]
    return False


def tradable(p: Position, card: int) -> bool:
    """Whether the twin of ``card`` (a column's top) is face up in a column and next home:
    in the game of twins the two trade places and the twin goes home."""
    cols, down, home = p[0], p[1], p[2]
    twin = TWIN[card]
    return R[twin] == home[S[twin]] + 1 and face_up(cols, down, twin)


def lay(x: int, places: set[int], held: dict[int, int], tried: set[int]) -> bool:
    """Whether card x gets one of ``places`` (cards one rank higher of the other colour)
    to itself, moving cards already placed (``held``: place → card) to other places of
    theirs where needed: an augmenting path of Kuhn's matching."""
    for q in PARENTS[x]:
        if q in places and q not in tried:
            tried.add(q)
            if q not in held or lay(held[q], places, held, tried):
                held[q] = x
                return True
    return False


def wanted_back(suit: int, rank: int, free: Callable[[int], object], takes: Callable[[int], object]) -> bool:
    """Whether the card of ``suit`` and ``rank`` back from home can be of use at once: a
    card of the other colour one rank lower is free to go on it (``free(kind)``, a kind
    being rank × 2 + red), or the card under it at home can come back too (onto a column
    that takes its kind: ``takes(kind)``) and is of use."""
    red = int(suit in (1, 2))
    while rank > 1:
        if free((rank - 1) * 2 + 1 - red):
            return True
        if not takes((rank - 1) * 2 + red):
            return False
        rank -= 1
    return False
