"""The table's interaction model: what a tap, a drag, a hover or a key means, with no DOM.

It keeps the player's state of hand between events — cards picked up by a tap (the
*selection*), a tapped gap and the cards that fit it (the *gap choice*), a removal shown
by a first tap (*armed*) or under the mouse (*hover*), the keyboard's cursor and the
last tap (for a double tap) — and turns an input into the *effects* the page performs,
in order: play a move (``Play``), say why a move is refused (``Refuse``), tell a screen
reader (``Announce``), draw the table again (``Redraw``).  It also gives the marks the
view draws (among them what a hint marks: ``hint_marks``), the cursor's steps, and a
move in words (played, or to make: a hint's).

Every rule comes from the engine (what a press picks up, where cards may go, which card
must be played first, why a game cannot go on).  Pure Python: it imports no browser
module, reads no clock (the time of a tap is passed in) and is tested under CPython.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Literal, Mapping, NamedTuple, Sequence

from patience.cards import CARDS, Card
from patience.errors import IllegalMoveError
from patience.game import MOVE, Game, Move, Standstill
from patience.search import Lock
from patience.state import State

from . import i18n
from .i18n import card_name, pile_name, say, t

DOUBLE_TAP_MS = 350.0  # two taps on one place within this time send its card home
Spot = tuple[int, int | None]  # a pile and the index of a card in it (None: the pile's slot)
Way = Literal["left", "right", "up", "down"]
Rect = tuple[float, float, float, float]  # left, top, right, bottom, in table pixels
Marks = dict[str, set[Card] | set[int]]  # what View.render highlights, by kind


class Play(NamedTuple):
    """Play this move through the engine's checked path."""

    move: Move


class Refuse(NamedTuple):
    """Say why a move is refused (``reason``: the engine's words), as a message and, when
    ``announce``, to a screen reader; an assistant at work stops (the player took over)."""

    reason: str
    announce: bool


class Announce(NamedTuple):
    """Tell a screen reader (the live region)."""

    text: str


class Redraw(NamedTuple):
    """Draw the table again (the marks changed)."""


REDRAW = Redraw()
Effect = Play | Refuse | Announce | Redraw


@dataclass
class Interaction:
    """The player's state of hand on the table, and what an input does with it."""

    selected: tuple[int, int] | None = None  # (pile, n): the top n cards picked up by a tap
    gap_choice: tuple[int, tuple[int, ...]] | None = None  # a tapped gap, and the piles whose top card fits it
    armed: Move | None = None  # a place action (a removal) shown by a first tap
    anchor: int | None = None  # the card (index in the tap pile) whose taps chose ``armed``
    hover: Move | None = None  # the same, shown under the mouse
    cursor: Spot | None = None  # the keyboard's place on the table
    last_tap: tuple[int, int | None, float] | None = None  # pile, index and time (ms) of the last tap

    def unpick(self) -> None:
        """Forget cards picked by a tap, a gap's choice and a shown removal."""
        self.selected = None
        self.gap_choice = None
        self.armed = None
        self.anchor = None
        self.hover = None

    def reset(self) -> None:
        """A new deal: nothing picked, no cursor, no tap to double."""
        self.unpick()
        self.cursor = None
        self.last_tap = None

    # --- taps --------------------------------------------------------------------------
    def tap(self, game: Game, state: State, pile: int, index: int | None, n: int, now: float,
            keyboard: bool = False) -> list[Effect]:
        """A tap (or Enter) on a card or a pile's slot, at time ``now`` (ms): turn the stock,
        send a card home on a double tap, do or show a removal, pick cards up or put them
        down, play a grid game's move.  ``n``: the cards the press picks up
        (``Game.pick_count``); a keyboard tap says what it picked up."""
        if game.piles[pile].role == "stock":
            move = game.stock_move(state)
            self.unpick()
            if move is not None:
                return [Play(move)]
            if state.piles[pile]:  # a stock that may not deal now: say why
                return [Refuse(game.explain(state, Move("deal")), False), REDRAW]
            return [REDRAW]
        last = self.last_tap
        self.last_tap = None if keyboard else (pile, index, now)
        if last and last[0] == pile and last[1] == index and now - last[2] < DOUBLE_TAP_MS:
            self.last_tap = None
            home = foundation_move(game, state, pile, index)
            if home is not None:
                return [Play(home)]
        if index is not None and pile == game.tap_pile:
            return self.tap_action(game, state, index)
        choice, self.gap_choice = self.gap_choice, None
        if choice and pile in choice[1]:  # one of the cards that fit a gap
            return [Play(Move(MOVE, pile, choice[0], 1))]
        if self.selected:
            src, held = self.selected
            self.unpick()
            if pile != src and pile in game.targets(state, src, held):
                return [Play(Move(MOVE, src, pile, held))]
            if (src, held) == (pile, n):  # the same cards again: put them back
                return [REDRAW]
        if game.layout.click_to_move:
            done = self.click_to_move(game, state, pile, n)
            if done is not None:
                return done
        self.selected = (pile, n) if n else None
        effects: list[Effect] = []
        if keyboard:
            effects.append(Announce(t("say.picked", cards=cards_text(state, pile, n)) if n else t("say.nothing")))
        effects.append(REDRAW)
        return effects

    def tap_action(self, game: Game, state: State, index: int) -> list[Effect]:
        """A tap in the pile of place actions (a removal).  A first tap on a card shows a
        removal that takes it; a tap on another card of the removal shown makes it.  A card
        that only one removal takes: a tap on it again makes it too.  A card that several
        take (``actions_at``: those of more than one card first, the card alone last): a
        tap on it again shows the next one, and the last is made by tapping it once more;
        each shown choice is told («choice 2 of 3»), so nothing is made unseen."""
        armed, anchor = self.armed, self.anchor
        found = actions_at(game, state, index)
        if armed is not None and armed in found:
            if index != anchor:
                return [Play(armed)]
            at = found.index(armed)
            if at == len(found) - 1:
                return [Play(armed)]
            return self.arm(state, game, found, at + 1, index)
        self.unpick()
        if not found:
            return [REDRAW]
        return self.arm(state, game, found, 0, index)

    def arm(self, state: State, game: Game, found: list[Move], at: int, index: int) -> list[Effect]:
        """Show removal ``found[at]`` as chosen by taps on the card at ``index``; when the
        card has several, say which of them is shown and what the next tap does."""
        self.armed, self.anchor = found[at], index
        if len(found) == 1:
            return [REDRAW]
        assert game.tap_pile is not None
        row = state.piles[game.tap_pile]
        move = found[at]
        names = [card_name(c.rank, c.suit) for c in row[move.src:move.src + move.n]]
        cards = and_list(names)
        key = "say.choice.last" if at == len(found) - 1 else "say.choice"
        return [Announce(t(key, cards=cards, i=at + 1, n=len(found))), REDRAW]

    def hover_at(self, game: Game, state: State, spot: Spot | None) -> list[Effect]:
        """The mouse over the pile of place actions: the cards a removal would take show
        before any click."""
        found = actions_at(game, state, spot[1]) if spot and spot[0] == game.tap_pile and spot[1] is not None else []
        hover = found[0] if found else None
        if hover == self.hover:
            return []
        self.hover = hover
        return [REDRAW]

    def click_to_move(self, game: Game, state: State, pile: int, n: int) -> list[Effect] | None:
        """Grid games: a tap on a card plays its only move; a tap on a gap plays the only
        card that fits it or offers the cards that do.  None: fall back to selecting."""
        moves = game.card_moves(state)
        if n:
            mine = [m for m in moves if m.src == pile]
            return [Play(mine[0])] if len(mine) == 1 else None
        into = [m for m in moves if m.dst == pile]
        if len(into) == 1:
            return [Play(into[0])]
        if into:
            self.gap_choice = (pile, tuple(m.src for m in into))
        return [REDRAW]

    def press_outside(self) -> list[Effect]:
        """A press on no pile puts picked cards back."""
        if self.selected or self.gap_choice:
            self.unpick()
            return [REDRAW]
        return []

    def to_foundation(self, game: Game, state: State, pile: int, index: int | None) -> list[Effect]:
        """F on a card: send it to a foundation, or say that it cannot go."""
        home = foundation_move(game, state, pile, index)
        return [Play(home)] if home is not None else [Announce(t("illegal.plain"))]

    def put_back(self) -> list[Effect]:
        """Escape: picked cards go back (said when there were any)."""
        said: list[Effect] = [Announce(t("say.put_back"))] if self.selected else []
        self.unpick()
        return said

    # --- drags -------------------------------------------------------------------------
    def start_drag(self, game: Game, state: State, pile: int, n: int) -> list[int]:
        """A press became a drag: a tap's selection goes; the piles the cards may go to."""
        self.unpick()
        return game.targets(state, pile, n)

    @staticmethod
    def drop(game: Game, state: State, src: int, n: int, target: int | None, under: Spot | None) -> list[Effect]:
        """A drag of n cards of pile src ended: play it onto ``target`` (a legal pile it
        reached), else the cards go home, and a drop on a pile that refuses them says why."""
        if target is not None:
            return [Play(Move(MOVE, src, target, n))]
        effects: list[Effect] = [REDRAW]
        if under is not None and under[0] != src:
            move = Move(MOVE, src, under[0], n)
            if not game.is_legal(state, move):
                effects.append(Refuse(game.explain(state, move), True))
        return effects

    # --- the keyboard's cursor ---------------------------------------------------------
    def cursor_spot(self, game: Game, state: State) -> Spot:
        """The cursor, kept on the table: a face-up card of a pile, or the pile's slot when
        it is empty (at first, the first pile of the table)."""
        pile, index = self.cursor if self.cursor is not None else (first_pile(game), None)
        size = len(state.piles[pile])
        if not size:
            return pile, None
        if index is None or index >= size:
            return pile, size - 1
        return pile, max(index, min(state.down[pile], size - 1))

    def step(self, game: Game, state: State, way: Way, origins: Sequence[tuple[float, float]],
             fans: Sequence[str]) -> None:
        """An arrow key: the cursor moves one step (see ``step_cursor``)."""
        pile, index = self.cursor_spot(game, state)
        self.cursor = step_cursor(state, pile, index, way, origins, fans)

    # --- marks -------------------------------------------------------------------------
    def marks(self, game: Game, state: State, focused: bool, drag: Sequence[int] | None = None,
              hint: Collection[Card] = (), hint_piles: Collection[int] = (), hint_chips: Collection[int] = ()) -> Marks:
        """What the view highlights: picked cards and where they may go, the cards that
        fit a tapped gap, the targets of a card that must be played first, a removal shown,
        joined pairs, a drag's targets (``drag``), a hint (its cards, piles and chips: see
        ``hint_marks``), and the cursor when it has been used or the table has the focus
        (``focused``; the cursor is kept on the table)."""
        marks: Marks = {}
        if self.selected:
            pile, n = self.selected
            marks["selected"] = set(state.piles[pile][-n:])
            marks["targets"] = set(game.targets(state, pile, n))
        elif self.gap_choice:
            marks["selected"] = {state.piles[src][-1] for src in self.gap_choice[1]}
            marks["targets"] = {self.gap_choice[0]}
        else:
            first = game.must_play_first(state)
            if first is not None:
                marks["targets"] = set(game.targets(state, first, 1))
        shown = self.armed or self.hover
        if shown is not None:
            assert game.tap_pile is not None
            marks["selected" if self.armed else "preview"] = set(state.piles[game.tap_pile][shown.src:shown.src + shown.n])
        if game.spec.marked is not None:
            marks["joined"] = game.spec.marked(game, state)
        elif drag is not None:
            marks["targets"] = set(drag)
        if hint or hint_piles or hint_chips:
            marks["hint"] = set(hint)
            marks["hint_piles"] = set(hint_piles)
            marks["hint_chips"] = set(hint_chips)
        if self.cursor is not None or focused:
            pile, index = self.cursor = self.cursor_spot(game, state)
            marks["cursor"] = {state.piles[pile][index]} if index is not None else {-1 - pile}
        return marks


# --- what the engine is asked ----------------------------------------------------------
def actions_at(game: Game, state: State, index: int) -> list[Move]:
    """Place actions (removals) that take the card at ``index`` of the game's tap pile,
    each once, in the order taps on that card show them: those of several cards first
    (leftmost first), the card alone last, as a tap on the card shown last makes it."""
    taps = {a.kind for a in game.spec.actions if a.where == "tap"}
    found = {m for m in game.legal_moves(state) if m.kind in taps and m.src <= index < m.src + m.n}
    return sorted(found, key=lambda m: (m.n == 1, m.src, -m.n))


def button_moves(game: Game, state: State) -> list[Move]:
    """The game's own actions the toolbar's buttons offer now (enabled buttons): each of its
    buttons (not the stock's own actions), when it can be done."""
    return [m for a in game.spec.actions if a.where == "button" for m in a.moves(game, state)]


def chip_moves(game: Game, state: State) -> dict[int, Move]:
    """The place actions offered as a small button at their pile (a refill), by pile."""
    return {m.src: m for a in game.spec.actions if a.where == "chip" for m in a.moves(game, state)}


def foundation_move(game: Game, state: State, pile: int, index: int | None) -> Move | None:
    """The move that sends the card at (pile, index) to a foundation, when it is a top
    card that may go there."""
    if index is None or index != len(state.piles[pile]) - 1:
        return None
    for move in game.legal_moves(state):
        if move.kind == MOVE and move.src == pile and move.n == 1 and game.piles[move.dst].role == "foundation":
            return move
    return None


def first_pile(game: Game) -> int:
    """Where the cursor starts: the first tableau pile (else cell, reserve, waste, stock)."""
    for role in ("tableau", "cell", "reserve", "waste", "stock"):
        for i, spec in enumerate(game.piles):
            if spec.role == role:
                return i
    return 0


ALONG = {"down": ("up", "down"), "right": ("left", "right"), "left": ("right", "left"),
         "waste": ("left", "right"), "waste_left": ("right", "left"), "wrap": ("left", "right")}


def step_cursor(state: State, pile: int, index: int | None, way: Way, origins: Sequence[tuple[float, float]],
                fans: Sequence[str]) -> Spot:
    """The next place from (pile, index) going ``way``: along a fanned pile's face-up
    cards, else to the nearest pile that way (its top card).  ``origins``: each pile's
    slot position on screen; ``fans``: how each pile is fanned there (geometry.Metrics)."""
    size = len(state.piles[pile])
    fan = fans[pile]
    if index is not None and fan in ALONG and size > 1:
        back, forth = ALONG[fan]
        if way == forth and index < size - 1:
            return pile, index + 1
        if way == back and index > state.down[pile]:
            return pile, index - 1
    x0, y0 = origins[pile]
    best: tuple[float, int] | None = None
    for i in range(len(state.piles)):
        if i == pile:
            continue
        x, y = origins[i]
        dx, dy = x - x0, y - y0
        ahead = {"left": -dx, "right": dx, "up": -dy, "down": dy}[way]
        across = abs(dy) if way in ("left", "right") else abs(dx)
        if ahead <= 1:
            continue
        score = ahead + 3 * across
        if best is None or score < best[0]:
            best = (score, i)
    if best is None:
        return pile, index
    target = best[1]
    return target, (len(state.piles[target]) - 1) if state.piles[target] else None


def drop_target(targets: Sequence[int], rects: Mapping[int, Rect], pointer: tuple[float, float],
                card: tuple[float, float], size: tuple[float, float]) -> int | None:
    """The target a drag ends on: the one under the pointer (with a fifth of a card's
    width of slack), else the one the dragged card (top-left corner ``card``, ``size``
    its width and height) overlaps most; None: none of them."""
    px, py = pointer
    cw, ch = size
    slack = cw * 0.2
    for target in targets:
        left, top, right, bottom = rects[target]
        if left - slack <= px <= right + slack and top - slack <= py <= bottom + slack:
            return target
    cx, cy = card
    best, best_area = None, 0.0
    for target in targets:
        left, top, right, bottom = rects[target]
        w = min(right, cx + cw) - max(left, cx)
        h = min(bottom, cy + ch) - max(top, cy)
        if w > 0 and h > 0 and w * h > best_area:
            best, best_area = target, w * h
    return best


# --- words -----------------------------------------------------------------------------
def refusal(err: IllegalMoveError | str) -> str:
    """Why a move was refused, in the player's language: the engine's reason when it
    names a rule (a ``Text``), else the bare refusal (never the move's notation)."""
    reason = err if isinstance(err, str) else (err.args[0] if err.args else "")
    return t("illegal", reason=say(reason)) if hasattr(reason, "key") else t("illegal.plain")


def cards_text(state: State, pile: int, n: int) -> str:
    """The cards n from the top of a pile, for the live region («дама червей», "3 cards from …")."""
    cards = state.piles[pile][-n:]
    first = card_name(cards[0].rank, cards[0].suit)
    return first if n == 1 else t("say.cards", n=n, card=first)


def loss_words(game: Game, lock: Lock) -> str:
    """Why a position cannot be won, in words, from the engine's reason (``why_lost``):
    the card that can never go home, where it lies and the cards in its way."""
    card = CARDS[lock.card]
    over = [CARDS[c] for c in lock.over]
    # Canfield's buried card names two more: the card under them and the card's twin
    under, twin = [card_name(CARDS[c].rank, CARDS[c].suit) for c in lock.also] or ["", ""]
    return t(f"assist.lost.{lock.why}", card=card_name(card.rank, card.suit), pile=pile_name(game.names[lock.pile]),
             over=", ".join(card_name(c.rank, c.suit) for c in over), n=len(over),
             rank=i18n.rank_word(over[0].rank) if over else "", under=under, twin=twin)


def describe(game: Game, before: State, move: Move, after: State) -> str:
    """A move played and what it turned up, in words (for the live region)."""
    if move.kind == MOVE:
        text = t("say.move", cards=cards_text(before, move.src, move.n), pile=pile_name(game.names[move.dst]))
    elif move.kind in ("deal", "recycle"):
        text = t("say.stock")
    else:
        action = game.action(move.kind)
        label = action.label(game, before, move) if action is not None and action.label is not None else move.kind
        text = t("say.action", action=say(label))
    shown_before = {c for i, p in enumerate(before.piles) for c in p[before.down[i]:]}
    turned = [c for i, p in enumerate(after.piles) for k, c in enumerate(p)
              if k >= after.down[i] and c not in shown_before and (move.kind != MOVE or i != move.dst)]
    if turned:
        text += " " + t("say.turned", cards=", ".join(card_name(c.rank, c.suit) for c in turned[:3]))
    return text


def move_words(game: Game, state: State, move: Move) -> str:
    """A move to make, in words (a hint, a blunder): the cards and where they go («дама
    червей — на столбец 3»), the stock ("turn the stock"; a stock action by its label,
    "deal round 2 of 8 — click the stock"), a button by its label ('press “Reshuffle
    (2 left)”'), a place action by its label ("refill column 3 from the stock") or, in
    the pile of place actions, by the cards it takes ("remove three of diamonds and
    eight of spades")."""
    if move.kind == MOVE:
        return t("assist.move", cards=cards_text(state, move.src, move.n), pile=pile_name(game.names[move.dst]))
    if move.kind in ("deal", "recycle"):
        return t("assist.stock")
    action = game.action(move.kind)
    if action is None:
        return move.kind
    if action.where == "tap":
        cards = action_cards(game, state, move)
        return t("assist.remove", cards=and_list([card_name(c.rank, c.suit, accusative=True) for c in cards]))
    label = say(action.label(game, state, move)) if action.label is not None else move.kind
    if action.where == "stock":
        return t("assist.stock_action", action=lower_first(label))
    if action.where == "button":
        return t("assist.button", label=label)
    return lower_first(label)


def and_list(items: Sequence[str]) -> str:
    """"a, b and c" in the current language."""
    return items[0] if len(items) < 2 else t("say.and", first=", ".join(items[:-1]), last=items[-1])


def action_cards(game: Game, state: State, move: Move) -> tuple[Card, ...]:
    """The cards a place action in the game's tap pile takes (a Bride removal)."""
    pile = game.tap_pile
    return state.piles[pile][move.src:move.src + move.n] if pile is not None else ()


class HintMarks(NamedTuple):
    """What a hint marks on the table: cards, piles (a card move's target, the stock),
    the chips of place actions (by their pile) and a toolbar button (its special
    action's kind; "" for none)."""

    cards: frozenset[Card] = frozenset()
    piles: frozenset[int] = frozenset()
    chips: frozenset[int] = frozenset()
    button: str = ""


NO_HINT = HintMarks()


def hint_marks(game: Game, state: State, move: Move) -> HintMarks:
    """What the hint ``move`` marks in ``state``: a card move its cards and target; a turn
    of the stock or a stock action the stock (its top card and its pile); a button's
    action the button; a place action in the tap pile the cards it takes; a place action
    with a chip the chip and its pile."""
    if move.kind == MOVE:
        return HintMarks(frozenset(state.piles[move.src][-move.n:]), frozenset({move.dst}))
    action = game.action(move.kind)
    where = action.where if action is not None else ""
    if move.kind in ("deal", "recycle") or where == "stock":
        stock = game.stock
        if stock < 0:
            return NO_HINT
        return HintMarks(frozenset(state.piles[stock][-1:]), frozenset({stock}))
    if where == "button":
        return HintMarks(button=move.kind)
    if where == "tap":
        return HintMarks(frozenset(action_cards(game, state, move)))
    if where == "chip":
        return HintMarks(piles=frozenset({move.src}), chips=frozenset({move.src}))
    return NO_HINT


def lower_first(label: str) -> str:
    """A button's label inside a sentence: «Подсказка: раздать круг 2 из 8»."""
    return label[:1].lower() + label[1:]


def standstill_words(game: Game, state: State, standstill: Standstill) -> str:
    """Why the game cannot go on (``Game.standstill``), in the language of the moment:
    no moves left (from the deal's first card; though the stock still turns; with the
    score of a scored game), or the buttons that alone can go on."""
    if standstill.kind == "stuck":
        key = ("stuck.deal" if standstill.from_deal else "stuck") + (".stock" if standstill.stock_turns else "")
        text = t(key)
        return text + " " + t("stuck.score", score=game.score(state)) if game.spec.scored else text
    labels = []
    for kind in standstill.specials:
        action = game.action(kind)
        label = say(action.label(game, state, Move(kind))) if action is not None and action.label is not None else kind
        labels.append(f"«{label}»" if i18n.language() == "ru" else f"“{label}”")
    return t("stuck.special", offers=t("or").join(labels))
