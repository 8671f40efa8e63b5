"""What the view writes on the table, without the DOM: the table's elements and, for a
position at a size, every attribute and text of each.  Pure, tested under CPython.

``View`` (view.py) makes its elements from ``skeleton`` and writes what ``slot``,
``badge`` and ``card`` give; tools/first_paint.py draws the first paint of each game from the same
functions (``first_paint``: a table painted before Python is up, on a first visit), so
the painted table is the one Python then draws.  Attribute names are as ``View.write``
takes them: ``_`` for ``-``, ``style_transform``, ``style_z``, ``class`` and ``text``.
"""

from __future__ import annotations

from typing import Union

from patience.cards import SUIT_SYMBOLS, Card, deck, rank_name
from patience.game import Game
from patience.state import State

from . import geometry
from .i18n import card_name, pile_name, say, t

Key = tuple[str, Union[int, Card]]  # ("slot", i), ("chip", i), ("badge", i), ("card", card)
Attrs = dict[str, str]
PARTS = ("rank", "suit", "pip", "corner")  # the spans of a card


def skeleton(game: Game) -> list[Key]:
    """The table's elements in document order: each pile's slot (with its chip, the
    button of a place action, and its badge, the count of a stock or reserve), then the
    cards."""
    keys: list[Key] = []
    for i, spec in enumerate(game.piles):
        keys.append(("slot", i))
        if any(a.where == "chip" for a in game.spec.actions) and spec.role == "tableau":
            keys.append(("chip", i))
        if spec.role in ("stock", "reserve"):
            keys.append(("badge", i))
    keys += [("card", card) for card in deck(game.spec.decks)]
    return keys


def slot_label(game: Game, state: State, i: int) -> str:
    """What an empty slot shows: what may start it, or what a click on the stock does."""
    spec = game.piles[i]
    if spec.label and not state.piles[i]:
        return spec.label
    if spec.role == "stock" and not state.piles[i]:
        return "↻" if game.stock_move(state) is not None else "✕"
    if spec.role == "foundation" and not state.piles[i]:
        if spec.empty == "base":
            return rank_name(game.info_value(state, "base"))
        return "A"
    if spec.role == "tableau" and not state.piles[i] and spec.empty == "K":
        return "K"
    return ""


def slot(game: Game, state: State, m: geometry.Metrics, i: int, extra: str = "", lang: str | None = None) -> Attrs:
    """A pile's slot (``extra``: the marks of the moment, " target" …; ``lang``: the
    language, else the current one)."""
    spec = game.piles[i]
    x, y = m.origin(i)
    pile = state.piles[i]
    named = pile_name(spec.name, lang)
    return {"style_transform": f"translate({x:.1f}px,{y:.1f}px)", "class": f"slot {spec.role}{extra}",
            "data_label": slot_label(game, state, i),
            "data_caption": named if spec.caption else "",
            "style_z": str(m.slot_z(i)),  # over the column to its left (the row above)
            "aria_label": t("pile.count", lang, pile=named, n=len(pile)) if pile else t("pile.empty", lang, pile=named)}


def badge_place(m: geometry.Metrics, i: int) -> tuple[float, float]:
    """Where pile i's badge goes: under its slot."""
    x, y = m.origin(i)
    return x, y + m.ch + 2


def badge(game: Game, state: State, m: geometry.Metrics, i: int, lang: str | None = None) -> Attrs:
    """The count under a stock or reserve (or what a click on the stock does)."""
    x, y = badge_place(m, i)
    pile = state.piles[i]
    label = say(game.stock_label(state), lang) if game.piles[i].role == "stock" else ""
    return {"style_transform": f"translate({x:.1f}px,{y:.1f}px)",
            "text": label or (str(len(pile)) if pile else "")}


CHIP_PX = 32  # a place action's chip (static/app.css, .chip), as wide as its pile's own strip (--own)


def chip_place(m: geometry.Metrics, pos: list[list[tuple[float, float]]], i: int) -> tuple[float, float]:
    """Where pile i's chip (the button of a place action) goes: under the pile's last card;
    an empty pile's inside its slot, at the bottom of the strip the slot owns, so that it
    never covers a card of the column to its left (squeezed columns)."""
    if pos[i]:
        x, y = pos[i][-1]
        return x, y + m.ch + 2
    x, y = m.origin(i)
    return x, y + m.ch - CHIP_PX - 3


ACROSS = frozenset({"right", "left", "wrap", "waste", "waste_left"})  # fans that show a card's side
LEFTWARD = frozenset({"left", "waste_left"})  # fans whose covered cards show their right side


def card(game: Game, state: State, m: geometry.Metrics, pos: list[list[tuple[float, float]]],
         i: int, k: int, marks: str = "", lang: str | None = None) -> Attrs:
    """The k-th card of pile i (``marks``: " selected" …, after its colour)."""
    spec = game.piles[i]
    pile = state.piles[i]
    c = pile[k]
    face_up = k >= state.down[i]
    cx, cy = pos[i][k]
    # a face-up card's suit as a class: the rank's corner index draws its suit beside it
    # (static/app.css), so the strip of a card a fan covers shows rank and suit
    # (not in a fan across, nor where columns overlap: there a card's side strip shows,
    # the suit under the rank)
    across = " across" if m.spots[i][2] in ACROSS or m.step_x < m.cw else ""
    if m.row < 1.0:  # rows overlap: a card shows its top strip, a fan to the left its top right
        across += " rows" + (" top-corner" if m.spots[i][2] in LEFTWARD else "")
    colour = f"{'red' if c.red else 'black'} suit-{c.suit}{across}" if face_up else "down"
    return {"class": f"card {colour}{marks}",
            "style_transform": f"translate({cx:.1f}px,{cy:.1f}px)",
            "style_z": str(m.card_z(i, k)),  # overlapping columns: right on top (rows: the lower)
            "data_card": c.face if face_up else "??",
            "data_deck": str(c.deck) if face_up else "",
            "data_face": "up" if face_up else "down",
            "data_pile": spec.name,
            "data_index": str(k),
            "aria_label": card_label(c, face_up, spec.name, k, len(pile), lang)}


def faces(c: Card, face_up: bool) -> tuple[str, str, str, str]:
    """The texts of a card's parts (rank, suit, pip, the turned corner); none face down."""
    if not face_up:
        return ("", "", "", "")
    rank, suit = rank_name(c.rank), SUIT_SYMBOLS[c.suit]
    return (rank, suit, suit, f"{rank}\n{suit}")


def card_label(c: Card, face_up: bool, pile: str, k: int, size: int, lang: str | None = None) -> str:
    """What a screen reader says of a card: «дама червей, открыта, столбец 3, 4-я из 6»."""
    what = t("card.up", lang, card=card_name(c.rank, c.suit, lang)) if face_up else t("card.down", lang)
    return t("card.where", lang, card=what, pile=pile_name(pile, lang), k=k + 1, n=size)


def table_style(game: Game, m: geometry.Metrics, pos: list[list[tuple[float, float]]]) -> Attrs:
    """The table's own properties at a size: the card size and the table's height."""
    return {"--cw": f"{m.cw:.1f}px", "--ch": f"{m.ch:.1f}px", "--own": f"{min(m.cw, m.step_x - 2):.1f}px",
            "height": f"{geometry.table_height(game, m, pos):.0f}px"}


# --- the first paint (tools/first_paint.py) ------------------------------------------
Node = dict[str, object]  # as static/boot/paint.js replays it: {"t": tag, "a": attributes, "c"/"x"}
Place = tuple[float, float, int]  # where an element stands: x, y (CSS px) and its z-index
PLACED = ("style_transform", "style_z")  # what of ``View.write``'s attributes a Place says


def node(tag: str, attrs: Attrs, kids: list[Node] | None = None) -> Node:
    """An element of static/boot/paint.js's data, from attributes as ``View.write`` takes
    them; where it stands is not among them (``first_paint`` gives it as a ``Place``)."""
    a = {name.replace("_", "-"): value for name, value in attrs.items() if name != "text" and name not in PLACED}
    out: Node = {"t": tag, "a": a}
    if kids:
        out["c"] = kids
    elif attrs.get("text"):
        out["x"] = attrs["text"]
    return out


def first_paint(game: Game, state: State, width: float, height: float,
                lang: str | None = None) -> tuple[Attrs, list[Node], list[Place]]:
    """The table of a position at a size as static/boot/paint.js paints it (the
    table's style, its elements and where each stands), in ``lang`` (else the current
    language): what ``View.setup`` and ``View.render`` make of it, without the marks and
    chips of play."""
    m = geometry.metrics(game, width, height)
    pos = geometry.card_positions(game, state, m, height)
    where = {c: (i, k) for i, pile in enumerate(state.piles) for k, c in enumerate(pile)}
    nodes: list[Node] = []
    places: list[Place] = []
    for kind, what in skeleton(game):
        if kind == "slot":
            assert isinstance(what, int)
            nodes.append(node("DIV", {**slot(game, state, m, what, lang=lang), "role": "img"}))
            places.append((*m.origin(what), m.slot_z(what)))
        elif kind == "badge":
            assert isinstance(what, int)
            nodes.append(node("DIV", {"class": "badge", "aria_hidden": "true", **badge(game, state, m, what, lang)}))
            places.append((*badge_place(m, what), 0))
        elif kind == "card":
            assert isinstance(what, Card)
            if what not in where:
                continue  # not dealt (no game leaves one out today)
            i, k = where[what]
            texts = faces(what, k >= state.down[i])
            parts = [node("SPAN", {"class": cls + (" ten" if cls == "rank" and what.rank == 10 and text else ""),
                                   "aria_hidden": "true", "text": text})
                     for cls, text in zip(PARTS, texts)]
            nodes.append(node("DIV", {**card(game, state, m, pos, i, k, lang=lang), "role": "img"}, parts))
            places.append((*pos[i][k], m.card_z(i, k)))
        # chips are hidden until a place action can be done: not painted
    return table_style(game, m, pos), nodes, places
