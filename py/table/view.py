"""Draws a State into the DOM: one element per card, reused (keyed by the card).

A move changes a card element's ``transform``; CSS transitions animate it, so the
animation follows from the difference between two renders; it lasts the animation
setting's ``--move-ms``, which ``pace_moves`` shortens while Finish plays.  Only
attributes that changed are written.  DOM conventions (tests and tools rely on them):
every card has ``data-card`` (``??`` while face down), ``data-deck``, ``data-face``,
``data-pile``, ``data-index``; every pile slot has ``data-pile``.

DOM objects (the document, the window, elements) are opaque to it: pyodide's ``JsProxy``.
"""

from __future__ import annotations

import random
from pyodide.ffi import JsProxy, create_once_callable

from patience.cards import SUIT_SYMBOLS, Card, deck, rank_name
from patience.game import Game
from patience.state import State

from . import geometry
from .i18n import card_name, language, pile_name, say, t
from .interaction import chip_moves



class View:
    def __init__(self, document: JsProxy, root: JsProxy) -> None:
        self.document = document
        self.root = root
        self.game: Game | None = None
        self.cards: dict[Card, JsProxy] = {}
        self.slots: list[JsProxy] = []
        self.badges: dict[int, JsProxy] = {}
        self.parts: dict[Card, tuple[JsProxy, ...]] = {}  # rank, suit, pip, the turned corner
        # What was last written to each element, keyed by ("card", card) / ("slot", i) …
        self.written: dict[tuple[str, int], dict[str, str]] = {}
        # What each card and slot was last drawn from (place, marks, language): one that
        # is drawn from the same again is skipped whole, its name not even worded, so a
        # redraw after a move costs the cards that changed (input latency: a two-deck
        # table's 104 cards took most of a move's handler)
        self.drawn: dict[object, tuple[object, ...]] = {}
        self.metrics: geometry.Metrics | None = None
        self.positions: list[list[tuple[float, float]]] = []
        self.mirrored = False  # the left-handed layout

    # --- building ------------------------------------------------------------------
    def setup(self, game: Game) -> None:
        """Create the slots and card elements of a game (once per game and options)."""
        self.game = game
        self.root.replaceChildren()
        self.cards.clear()
        self.parts.clear()
        self.written.clear()
        self.drawn.clear()
        self.slots = []
        self.badges = {}
        self.chips: dict[int, JsProxy] = {}
        for spec in game.piles:
            slot = self.document.createElement("div")
            slot.className = f"slot {spec.role}"
            slot.dataset.pile = spec.name
            slot.id = f"pile-{spec.name}"
            slot.setAttribute("role", "img")
            self.root.appendChild(slot)
            self.slots.append(slot)
            if game.spec.chip_kinds and spec.role == "tableau":
                chip = self.document.createElement("button")
                chip.className = "chip"
                chip.type = "button"
                chip.textContent = "+"
                chip.hidden = True
                self.root.appendChild(chip)
                self.chips[len(self.slots) - 1] = chip
            if spec.role in ("stock", "reserve"):
                badge = self.document.createElement("div")
                badge.className = "badge"
                badge.setAttribute("aria-hidden", "true")
                self.root.appendChild(badge)
                self.badges[len(self.slots) - 1] = badge
        cards = deck(game.spec.decks)
        # ids that say nothing of the card (a face-down card must not be told by its id)
        numbers = random.sample(range(len(cards)), len(cards))
        for card, number in zip(cards, numbers):
            el = self.document.createElement("div")
            el.className = "card"
            el.id = f"card-{number}"
            el.setAttribute("role", "img")
            parts = []
            for cls in ("rank", "suit", "pip", "corner"):
                part = self.document.createElement("span")
                part.className = cls
                part.setAttribute("aria-hidden", "true")
                el.appendChild(part)
                parts.append(part)
            self.root.appendChild(el)
            self.cards[card] = el
            self.parts[card] = tuple(parts)

    def instant(self, window: JsProxy) -> None:
        """Draw the next frame without animation (a new deal should not fly in)."""
        self.root.classList.add("instant")
        window.setTimeout(create_once_callable(lambda: self.root.classList.remove("instant")), 60)

    # --- drawing -------------------------------------------------------------------
    def write(self, key: tuple[str, int], el: JsProxy, **attrs: str) -> None:
        """Write only what changed (attribute names with _ for -)."""
        old = self.written.setdefault(key, {})
        for name, value in attrs.items():
            if old.get(name) != value:
                old[name] = value
                if name == "style_transform":
                    el.style.transform = value
                elif name == "style_z":
                    el.style.zIndex = value
                elif name == "class":
                    el.className = value
                elif name == "text":
                    el.textContent = value
                else:
                    el.setAttribute(name.replace("_", "-"), value)

    def render(self, state: State, marks: dict[str, set[Card] | set[int]] | None = None) -> None:
        game = self.game
        assert game is not None
        marks = marks or {}
        width = float(self.root.clientWidth) or 800.0
        height = max(float(self.root.parentElement.clientHeight), 200.0)
        m = geometry.metrics(game, width, height, self.mirrored)
        self.metrics = m
        self.positions = pos = geometry.card_positions(game, state, m, height)
        style = self.root.style
        style.setProperty("--cw", f"{m.cw:.1f}px")
        style.setProperty("--ch", f"{m.ch:.1f}px")
        style.height = f"{geometry.table_height(game, m, pos):.0f}px"
        squeezed = m.step_x < m.cw
        if self.written.setdefault(("table", 0), {}).get("squeezed") != str(squeezed):
            self.written[("table", 0)]["squeezed"] = str(squeezed)
            self.root.classList.toggle("squeezed", squeezed)
        self.render_chips(game, state, m, pos, marks.get("hint_chips", set()))
        selected = marks.get("selected", set())
        preview = marks.get("preview", set())
        joined = marks.get("joined", set())
        targets = marks.get("targets", set())
        cursor = marks.get("cursor", set())  # the keyboard's place: a card, or a pile's slot
        hinted = marks.get("hint", set())  # a hint: the cards to move and where they go
        hint_piles = marks.get("hint_piles", set())
        lang = language()
        drawn = self.drawn
        for i, spec in enumerate(game.piles):
            x, y = m.origin(i)
            column = round(m.spots[i][0])
            pile = state.piles[i]
            label = self.slot_label(game, state, i)
            cls = f"slot {spec.role}" + (" target" if i in targets else "") + (" cursor" if -1 - i in cursor else "") \
                + (" hint-target" if i in hint_piles else "")
            slot_key: tuple[object, ...] = (x, y, column, cls, label, len(pile), lang)
            if drawn.get(("slot", i)) != slot_key:
                drawn[("slot", i)] = slot_key
                named = pile_name(spec.name)
                self.write(("slot", i), self.slots[i], style_transform=f"translate({x:.1f}px,{y:.1f}px)",
                           **{"class": cls}, data_label=label, style_z=str(9 + 20 * column),  # over the column to its left
                           aria_label=t("pile.count", pile=named, n=len(pile)) if pile else t("pile.empty", pile=named))
            badge = self.badges.get(i)
            if badge is not None:
                label = say(game.stock_label(state)) if spec.role == "stock" else ""
                self.write(("badge", i), badge, style_transform=f"translate({x:.1f}px,{y + m.ch + 2:.1f}px)",
                           text=label or (str(len(pile)) if pile else ""))
            down = state.down[i]
            top = len(pile) - 1
            for k, card in enumerate(pile):
                el = self.cards[card]
                face_up = k >= down
                cx, cy = pos[i][k]
                classes = ["card", ("red" if card.red else "black") if face_up else "down"]
                if card in selected:
                    classes.append("selected")
                elif card in preview:
                    classes.append("preview")
                if card in joined:
                    classes.append("joined")
                if k == top and i in targets:
                    classes.append("target")
                if card in cursor:
                    classes.append("cursor")
                if card in hinted:
                    classes.append("hint")
                elif k == top and i in hint_piles:
                    classes.append("hint-target")
                cls = " ".join(classes)
                card_key: tuple[object, ...] = (i, k, len(pile), face_up, cls, cx, cy, column, lang)
                if drawn.get(card) == card_key:
                    continue
                drawn[card] = card_key
                self.write(
                    ("card", card),
                    el,
                    **{"class": cls},
                    style_transform=f"translate({cx:.1f}px,{cy:.1f}px)",
                    style_z=str(10 + k + 20 * column),  # overlapping columns: right on top
                    data_card=card.face if face_up else "??",
                    data_deck=str(card.deck) if face_up else "",
                    data_face="up" if face_up else "down",
                    data_pile=spec.name,
                    data_index=str(k),
                    aria_label=card_label(card, face_up, spec.name, k, len(pile)),
                )
                self.set_face(card, face_up)

    def render_chips(self, game: Game, state: State, m: geometry.Metrics,
                     pos: list[list[tuple[float, float]]], hinted: set[Card] | set[int]) -> None:
        """A small button at each pile where a place action (a refill) can be done now;
        those of the piles in ``hinted`` are marked as a hint's (class ``hint``)."""
        if not self.chips or game.spec.actions is None:
            return
        offered = chip_moves(game, state)
        for i, chip in self.chips.items():
            move = offered.get(i)
            x, y = pos[i][-1] if pos[i] else m.origin(i)
            label = say(game.spec.action_label(game, state, move)) if move and game.spec.action_label else ""
            self.write(("chip", i), chip, style_transform=f"translate({x:.1f}px,{y + m.ch + 2:.1f}px)",
                       **{"class": "chip hint" if move is not None and i in hinted else "chip"},
                       data_move=game.notation(move) if move else "", aria_label=label, title=label,
                       style_z="900")
            chip.hidden = move is None

    def set_face(self, card: Card, face_up: bool) -> None:
        old = self.written.setdefault(("card", card), {})
        want = "up" if face_up else "down"
        if old.get("face") == want:
            return
        old["face"] = want
        texts = (rank_name(card.rank), SUIT_SYMBOLS[card.suit], SUIT_SYMBOLS[card.suit],
                 f"{rank_name(card.rank)}\n{SUIT_SYMBOLS[card.suit]}") if face_up else ("",) * 4
        for part, text in zip(self.parts[card], texts):
            part.textContent = text
        # the two-figure rank is drawn narrower, as on printed cards: in an overlapping
        # row only a strip of each card shows, and "10" must read there as well as "9"
        self.parts[card][0].classList.toggle("ten", face_up and card.rank == 10)

    def slot_label(self, game: Game, state: State, i: int) -> str:
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


    # --- dragging ------------------------------------------------------------------
    def lift(self, state: State, pile: int, n: int, dx: float, dy: float) -> None:
        """Move the top n cards of a pile by (dx, dy) from their places, above the rest."""
        cards = state.piles[pile][-n:]
        start = len(state.piles[pile]) - n
        for k, card in enumerate(cards):
            el = self.cards[card]
            x, y = self.positions[pile][start + k]
            el.classList.add("dragging")
            el.style.transform = f"translate({x + dx:.1f}px,{y + dy:.1f}px)"
            el.style.zIndex = str(1000 + k)
            self.written[("card", card)].pop("style_transform", None)
            self.written[("card", card)].pop("style_z", None)
            self.drawn.pop(card, None)

    def show_cursor(self, state: State, cursor: tuple[int, int | None] | None) -> None:
        """Tell a screen reader where the keyboard's cursor is (a card, or a pile's empty
        slot): the table's active descendant."""
        if cursor is None:
            self.root.removeAttribute("aria-activedescendant")
            return
        pile, index = cursor
        el = self.cards[state.piles[pile][index]] if index is not None else self.slots[pile]
        self.root.setAttribute("aria-activedescendant", str(el.id))

    def drop_all(self) -> None:
        for el in self.cards.values():
            el.classList.remove("dragging")

    def rect(self, pile: int) -> tuple[float, float, float, float]:
        assert self.game is not None and self.metrics is not None
        return geometry.pile_rect(self.game, pile, self.positions, self.metrics)


def pace_moves(root: JsProxy, ms: float | None) -> None:
    """How long the moves of the cards on the table ``root`` take from the next redraw
    on: ``ms`` (Finish shortens them to fit its steps), or the animation setting's own
    again (None).  A move already under way keeps its time."""
    if ms is None:
        root.style.removeProperty("--move-ms")
    else:
        root.style.setProperty("--move-ms", f"{ms:.0f}ms")


def card_label(card: Card, face_up: bool, pile: str, k: int, size: int) -> str:
    """What a screen reader says of a card: «дама червей, открыта, столбец 3, 4-я из 6»."""
    what = t("card.up", card=card_name(card.rank, card.suit)) if face_up else t("card.down")
    return t("card.where", card=what, pile=pile_name(pile), k=k + 1, n=size)
