"""Where every card goes on the screen, in pixels.  Pure: no DOM, tested under CPython.

Piles are declared in card units (``PileSpec.x`` in card widths, ``.y`` in card
heights), with an optional second arrangement for portrait screens; this module picks
the arrangement and a card size for the viewport and lays the fans out so that tall
piles squeeze before they run off the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass

from patience.game import Game
from patience.state import State

ASPECT = 1.4  # card height / width
GAP = 0.14  # space between columns, in card widths
PAD = 0.2  # table margin, in card widths
MAX_CW = 120.0
MIN_CW = 36.0
READABLE_CW = 44.0  # below this a corner index is hard to read on a phone
MIN_OVERLAP_STEP = 0.42  # squeezed columns: how much of each card stays visible
DOWN_STEP = 0.11  # fan offset of a face-down card, in card heights
UP_STEP = 0.27  # fan offset of a face-up card
MIN_UP_STEP = 0.15
WASTE_STEP = 0.4  # waste fan offset, in card widths: each card's index shows whole
RIGHT_STEP = 0.36  # a fan to the right shows each card's corner index
WRAP_STEP = 0.62  # a long row: each card shows its index and most of its face
# Large print: the corner indices this much bigger (static/app.css, .large-print), the
# fans' steps with them so that a covered card's index still shows whole, and the cards
# up to this much bigger where the screen has room
LARGE = 1.3

Spot = tuple[float, float, str]  # x, y (card units) and fan of a pile


@dataclass(frozen=True)
class Metrics:
    cw: float  # card width in px
    ch: float  # card height in px
    gap: float
    pad: float
    left: float  # left margin: the layout is centred
    step_x: float  # distance between columns (less than a card when squeezed)
    spots: tuple[Spot, ...]  # where each pile is in this arrangement
    span: float  # width in px from the first column's left edge to the last one's right edge
    large: bool = False  # large print (``LARGE``)
    row: float = 1.0  # rows' distance, as a share of a card height and a gap (less: they overlap)

    @property
    def index(self) -> float:
        """How much bigger than usual the corner indices are, and the fans' steps."""
        return LARGE if self.large else 1.0

    def origin(self, i: int) -> tuple[float, float]:
        """Pixel position of pile i's slot."""
        x, y, _ = self.spots[i]
        return (self.left + x * self.step_x, self.pad + y * (self.ch + self.gap) * self.row)

    @property
    def overlapped(self) -> bool:
        """Columns or rows overlap (a squeezed layout): empty slots are drawn opaque."""
        return self.step_x < self.cw or self.row < 1.0

    def card_z(self, i: int, k: int) -> int:
        """The stacking order of pile i's k-th card: up a pile, then over the column to its
        left and, where rows overlap, over the row above (``hit`` goes by it too)."""
        x, y, _ = self.spots[i]
        if self.row < 1.0:
            return 10 + k + 6 * round(x) + 60 * round(y)
        return 10 + k + 20 * round(x)

    def slot_z(self, i: int) -> int:
        """A pile's slot: under its own cards, over the cards of the column to its left
        (and of the row above, where rows overlap)."""
        return self.card_z(i, 0) - 1


MIRROR_FAN = {"right": "left", "left": "right", "waste": "waste_left"}


def arrangement(game: Game, width: float, height: float,
                mirrored: bool = False) -> tuple[tuple[Spot, ...], float, float]:
    """The pile spots and the table size in card units: the portrait arrangement when the
    game has one, the screen is portrait and the usual one would make cards unreadable.
    Mirrored (the left-handed layout), left and right swap, fans included."""
    layout = game.layout
    usual: tuple[Spot, ...] = tuple((p.x, p.y, str(p.fan)) for p in game.piles)
    spots, cols, rows = usual, layout.width, layout.height
    if layout.portrait and width < height and fit_width(width, layout.width) < READABLE_CW:
        chosen = dict(layout.portrait)
        spots = tuple(chosen.get(p.name, u) for p, u in zip(game.piles, usual))
        cols, rows = layout.portrait_size
    if mirrored:
        # a wrapped row keeps its reading order, from the left
        spots = tuple((x if fan == "wrap" else cols - 1 - x, y, MIRROR_FAN.get(fan, fan)) for x, y, fan in spots)
    return spots, cols, rows


def fit_width(width: float, cols: float) -> float:
    return width / (cols + (cols - 1) * GAP + 2 * PAD)


# rows that overlap (Layout.overlap_rows): this much of each card's height stays in view,
# its rank with the suit beside it or under it
ROW_SHOWN = 0.48  # (its centre pip hidden; static/app.css draws the suit under the rank higher, .card.rows)
COMFORT_CW = 64.0  # rows overlap only to bring the cards up to this width (or the width's)


def metrics(game: Game, width: float, height: float, mirrored: bool = False, large: bool = False) -> Metrics:
    """The largest card that fits the table's width and height, never scrolling.

    On a short screen a layout may keep less room for its fans to grow into
    (``Layout.least_height``: they squeeze into it) and its rows may overlap
    (``Layout.overlap_rows``), each card's top strip still showing, so the cards stay as
    wide as the width allows.  A layout that may squeeze (a wide grid on a phone) keeps
    readable cards and lets its columns overlap, each card still showing its corner index.
    """
    spots, cols, rows = arrangement(game, width, height, mirrored)
    layout = game.layout
    by_width = min(fit_width(width, cols), MAX_CW * (LARGE if large else 1.0))

    def by_height(tall: float, row: float = 1.0) -> float:  # the card width that fits `tall` card heights
        return height / (2 * PAD + ASPECT + row * (tall - 1) * (ASPECT + GAP))

    cw, row = min(by_width, by_height(rows)), 1.0
    want = min(by_width, COMFORT_CW)  # a short screen gives up room only as far as cards need
    if cw < want and layout.least_height:
        rows = max(layout.least_height, min(rows, (height / want - 2 * PAD - ASPECT) / (ASPECT + GAP) + 1))
        cw = min(want, by_height(rows))
    if cw < want and layout.overlap_rows and rows > 1:
        least = ROW_SHOWN * (LARGE if large else 1.0) * ASPECT / (ASPECT + GAP)
        row = max(least, (height / want - 2 * PAD - ASPECT) / ((rows - 1) * (ASPECT + GAP)))
        cw = min(want, by_height(rows, row))
    step = cw * (1 + GAP)
    if layout.squeeze and cw < READABLE_CW and cols > 1:
        cw = min(READABLE_CW, width / (1 + 2 * PAD + (cols - 1) * MIN_OVERLAP_STEP), max(cw, by_height(rows, row)))
        step = (width - cw * (1 + 2 * PAD)) / (cols - 1)
    cw = max(cw, MIN_CW)
    used = (cols - 1) * step + cw
    left = max(cw * PAD, (width - used) / 2)
    return Metrics(cw, cw * ASPECT, cw * GAP, cw * PAD, left, step, spots, used, large, row)


def card_positions(game: Game, state: State, m: Metrics, height: float) -> list[list[tuple[float, float]]]:
    """For each pile, the (x, y) of each card, bottom first."""
    out: list[list[tuple[float, float]]] = []
    cap = game.layout.fan_cap
    up_step, right_step, waste_step = UP_STEP * m.index, RIGHT_STEP * m.index, WASTE_STEP * m.index
    for i, pile in enumerate(state.piles):
        x0, y0 = m.origin(i)
        fan = m.spots[i][2]
        if fan == "down":
            down = state.down[i]
            up = len(pile) - down
            room = height - y0 - m.ch - m.pad
            want = (down * DOWN_STEP + max(0, up - 1) * up_step) * m.ch
            least = MIN_UP_STEP / UP_STEP
            if cap:  # the pile may not grow past the room of `cap` face-up cards
                room, least = min(room, (cap - 1) * up_step * m.ch), 0.0
            scale = 1.0 if want <= room or want == 0 else max(room / want, least)
            pos = []
            y = y0
            for k in range(len(pile)):
                pos.append((x0, y))
                y += (DOWN_STEP if k < down else up_step) * m.ch * scale
            out.append(pos)
        elif fan in ("waste", "waste_left"):
            shown = min(len(pile), max(1, game.layout.draw))
            first = len(pile) - shown
            sign = 1 if fan == "waste" else -1
            out.append([(x0 + sign * max(0, k - first) * waste_step * m.cw, y0) for k in range(len(pile))])
        elif fan == "wrap":  # a long row, in reading order over as many lines as it needs
            step = WRAP_STEP * m.cw
            per_line = max(1, int((m.left + m.span - x0 - m.cw) // step) + 1)
            out.append([(x0 + (k % per_line) * step, y0 + (k // per_line) * (m.ch + m.gap))
                        for k in range(len(pile))])
        elif fan in ("right", "left"):
            step = right_step if not cap or len(pile) <= cap else right_step * (cap - 1) / (len(pile) - 1)
            sign = 1 if fan == "right" else -1
            out.append([(x0 + sign * k * step * m.cw, y0) for k in range(len(pile))])
        else:
            out.append([(x0, y0)] * len(pile))
    return out


def pile_rect(game: Game, i: int, positions: list[list[tuple[float, float]]], m: Metrics) -> tuple[float, float, float, float]:
    """The box a pile covers (left, top, right, bottom), its empty slot included."""
    x0, y0 = m.origin(i)
    xs = [x0] + [p[0] for p in positions[i]]
    ys = [y0] + [p[1] for p in positions[i]]
    return (min(xs), min(ys), max(xs) + m.cw, max(ys) + m.ch)


def table_height(game: Game, m: Metrics, positions: list[list[tuple[float, float]]]) -> float:
    """The lowest pile's bottom (``pile_rect``'s), and the padding (at every redraw:
    kept to a walk over the cards' places)."""
    bottom = max(max(m.origin(i)[1], *(p[1] for p in positions[i])) if positions[i] else m.origin(i)[1]
                 for i in range(len(game.piles)))
    return bottom + m.ch + m.pad


def hit(game: Game, positions: list[list[tuple[float, float]]], m: Metrics,
        x: float, y: float) -> tuple[int, int | None] | None:
    """The pile and card under (x, y), by where the cards rest, not where an animation
    has them now: a quick second click acts on the table as the player will see it.
    ``(pile, None)`` is an empty spot of a pile's slot.  What is drawn on top is hit
    (``Metrics.card_z``): an empty slot owns its column's strip even where the card to
    its left (or above it, where rows overlap) reaches over it."""
    own = min(m.step_x, m.cw)
    best: tuple[int, int | None] | None = None
    top = -1
    for i, pile_pos in enumerate(positions):
        if not pile_pos:
            sx, sy = m.origin(i)
            if sx <= x < sx + own and sy <= y <= sy + m.ch and m.slot_z(i) > top:
                best, top = (i, None), m.slot_z(i)
            continue
        for k in range(len(pile_pos) - 1, -1, -1):
            cx, cy = pile_pos[k]
            if cx <= x <= cx + m.cw and cy <= y <= cy + m.ch:
                if m.card_z(i, k) > top:
                    best, top = (i, k), m.card_z(i, k)
                break
    if best is not None:
        return best
    for i in range(len(game.piles)):
        sx, sy = m.origin(i)
        if sx <= x <= sx + m.cw and sy <= y <= sy + m.ch:
            return i, None
    return None
