"""Draws a State into the DOM: one element per card, reused (keyed by the card).

A move changes a card element's ``transform``; CSS transitions animate it, so the
animation follows from the difference between two renders; it lasts the animation
setting's ``--move-ms``, which ``pace_moves`` shortens while Finish plays.  Only
attributes that changed are written.  DOM conventions (tests and tools rely on them):
every card has ``data-card`` (``??`` while face down), ``data-deck``, ``data-face``,
``data-pile``, ``data-index``; every pile slot has ``data-pile``.  Which elements there
are and what is written to them comes from scene.py (pure), which the build also draws
the first paint of a first visit with.

DOM objects (the document, the window, elements) are opaque to it: pyodide's ``JsProxy``.
"""

from __future__ import annotations

import random
from pyodide.ffi import JsProxy, create_once_callable

from patience.cards import Card, deck
from patience.game import Game
from patience.state import State

from . import geometry, scene
from .i18n import language, say
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
        self.large = False  # large print (geometry.LARGE)
        # The cards a drag has lifted (marked "dragging"), so a drop puts back only those
        # (a two-deck table's 104 calls into the page were most of a drop's handler)
        self.lifted: set[Card] = set()

    # --- building ------------------------------------------------------------------
    def setup(self, game: Game) -> None:
        """Create the slots and card elements of a game (once per game and options)."""
        self.game = game
        self.root.replaceChildren()
        self.cards.clear()
        self.lifted.clear()
        self.parts.clear()
        self.written.clear()
        self.drawn.clear()
        self.slots = []
        self.badges = {}
        self.chips: dict[int, JsProxy] = {}
        # ids that say nothing of the card (a face-down card must not be told by its id)
        size = len(deck(game.spec.decks))
        numbers = iter(random.sample(range(size), size))
        for kind, what in scene.skeleton(game):
            if kind == "slot":
                assert isinstance(what, int)
                spec = game.piles[what]
                slot = self.document.createElement("div")
                slot.className = f"slot {spec.role}"
                slot.dataset.pile = spec.name
                slot.id = f"pile-{spec.name}"
                slot.setAttribute("role", "img")
                self.root.appendChild(slot)
                self.slots.append(slot)
            elif kind == "chip":
                chip = self.document.createElement("button")
                chip.className = "chip"
                chip.type = "button"
                chip.textContent = "+"
                chip.hidden = True
                self.root.appendChild(chip)
                self.chips[len(self.slots) - 1] = chip
            elif kind == "badge":
                badge = self.document.createElement("div")
                badge.className = "badge"
                badge.setAttribute("aria-hidden", "true")
                self.root.appendChild(badge)
                self.badges[len(self.slots) - 1] = badge
            else:
                assert isinstance(what, Card)
                el = self.document.createElement("div")
                el.className = "card"
                el.id = f"card-{next(numbers)}"
                el.setAttribute("role", "img")
                parts = []
                for cls in scene.PARTS:
                    part = self.document.createElement("span")
                    part.className = cls
                    part.setAttribute("aria-hidden", "true")
                    el.appendChild(part)
                    parts.append(part)
                self.root.appendChild(el)
                self.cards[what] = el
                self.parts[what] = tuple(parts)

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
        m = geometry.metrics(game, width, height, self.mirrored, self.large)
        self.metrics = m
        self.positions = pos = geometry.card_positions(game, state, m, height)
        style = self.root.style
        for name, value in scene.table_style(game, m, pos).items():
            if name == "height":
                style.height = value
            else:
                style.setProperty(name, value)
        squeezed = m.overlapped
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
        drawn = self.drawn  # what each card and slot was drawn from: one drawn alike is skipped
        for i, pile in enumerate(state.piles):
            extra = (" target" if i in targets else "") + (" cursor" if -1 - i in cursor else "") \
                + (" hint-target" if i in hint_piles else "")
            slot_key: tuple[object, ...] = (m.origin(i), m.spots[i][0], extra, scene.slot_label(game, state, i),
                                            len(pile), lang)
            if drawn.get(("slot", i)) != slot_key:
                drawn[("slot", i)] = slot_key
                self.write(("slot", i), self.slots[i], **scene.slot(game, state, m, i, extra))
            badge = self.badges.get(i)
            if badge is not None:
                self.write(("badge", i), badge, **scene.badge(game, state, m, i))
            down = state.down[i]
            top = len(pile) - 1
            for k, card in enumerate(pile):
                classes = []
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
                marked = "".join(" " + c for c in classes)
                card_key: tuple[object, ...] = (i, k, len(pile), k >= down, marked, pos[i][k], m.spots[i][0], lang)
                if drawn.get(card) == card_key:
                    continue
                drawn[card] = card_key
                self.write(("card", card), self.cards[card], **scene.card(game, state, m, pos, i, k, marked))
                self.set_face(card, k >= down)

    def render_chips(self, game: Game, state: State, m: geometry.Metrics,
                     pos: list[list[tuple[float, float]]], hinted: set[Card] | set[int]) -> None:
        """A small button at each pile where a place action (a refill) can be done now;
        those of the piles in ``hinted`` are marked as a hint's (class ``hint``)."""
        if not self.chips:
            return
        offered = chip_moves(game, state)
        for i, chip in self.chips.items():
            move = offered.get(i)
            x, y = scene.chip_place(m, pos, i)
            action = game.action(move.kind) if move else None
            label = say(action.label(game, state, move)) if move and action and action.label else ""
            self.write(("chip", i), chip, style_transform=f"translate({x:.1f}px,{y:.1f}px)",
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
        texts = scene.faces(card, face_up)
        for part, text in zip(self.parts[card], texts):
            part.textContent = text
        # the two-figure rank is drawn narrower, as on printed cards: in an overlapping
        # row only a strip of each card shows, and "10" must read there as well as "9"
        self.parts[card][0].classList.toggle("ten", face_up and card.rank == 10)

    # --- dragging ------------------------------------------------------------------
    def lift(self, state: State, pile: int, n: int, dx: float, dy: float) -> None:
        """Move the top n cards of a pile by (dx, dy) from their places, above the rest."""
        cards = state.piles[pile][-n:]
        start = len(state.piles[pile]) - n
        for k, card in enumerate(cards):
            el = self.cards[card]
            x, y = self.positions[pile][start + k]
            if card not in self.lifted:
                self.lifted.add(card)
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
        """Put back every card a drag lifted (see ``lift``)."""
        for card in self.lifted:
            self.cards[card].classList.remove("dragging")
        self.lifted.clear()

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
