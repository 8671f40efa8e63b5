"""A compiled game: a GameSpec with its options chosen.

One contract for every consumer (table, solver, command line, tests): ``deal(seed)``,
``legal_moves`` in a deterministic order, a checked ``play`` that raises
``IllegalMoveError``, an unchecked ``apply`` for search, ``is_won``, ``is_stuck``.
Finding moves is separate from doing them.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Callable, Literal, Mapping, NamedTuple

from .cards import RANK_OF, SUIT_OF, Card
from .errors import IllegalMoveError, InvalidCodeError, InvalidMoveError, OptionError
from .moves import DEAL, MOVE, RECYCLE, Move
from .rng import Rng
from .spec import Action, GameSpec, Layout, PileSpec
from .state import Pile, State
from .text import Text

__all__ = ["DEAL", "MOVE", "RECYCLE", "Game", "Move", "Standstill"]  # Move and its kinds: moves.py


class Standstill(NamedTuple):
    """Why play cannot go on by a card move: the game is stuck (``kind`` "stuck": nothing
    at all can be played, however often the stock turns), or only special actions can go
    on (``kind`` "specials": a button such as a reshuffle; their kinds in ``specials``)."""

    kind: Literal["stuck", "specials"]
    from_deal: bool = False  # stuck from the deal's first position: only a new deal helps
    stock_turns: bool = False  # stuck although the stock still turns (to no avail)
    specials: tuple[str, ...] = ()  # the special actions that alone can go on


class Game:
    """A game with its options fixed; immutable and cheap to share."""

    def __init__(self, spec: GameSpec[Game], options: Mapping[str, str] | None = None) -> None:
        self.spec = spec
        self.options = resolve_options(spec, options or {})
        self.layout: Layout = spec.layout(self.options)
        self.piles: tuple[PileSpec, ...] = self.layout.piles
        self.names: tuple[str, ...] = tuple(p.name for p in self.piles)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.stock = self.role_index("stock")
        self.waste = self.role_index("waste")
        self.foundations = fnds = tuple(i for i, p in enumerate(self.piles) if p.role == "foundation")
        # a state's piles → its foundations, in that order (the search asks it of every position)
        self.foundation_piles: Callable[[tuple[Pile, ...]], tuple[Pile, ...]] = (
            itemgetter(*fnds) if len(fnds) > 1 else itemgetter(slice(0, 0)) if not fnds
            else itemgetter(slice(fnds[0], fnds[0] + 1)))
        # For each pile, the piles its cards may go to (by role): the move generator's loop.
        self.dests: tuple[tuple[int, ...], ...] = tuple(
            tuple(d for d, target in enumerate(self.piles) if d != s and target.role in spec.sends)
            for s, spec in enumerate(self.piles))
        self.ncards = 52 * spec.decks
        # the pile whose cards the game's own tap action names by position (Bride's row), or None
        self.tap_pile: int | None = next((self.index[a.tap_pile] for a in spec.actions if a.where == "tap"), None)

    # --- identity -------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.spec.id

    def role_index(self, role: str) -> int:
        found = [i for i, p in enumerate(self.piles) if p.role == role]
        return found[0] if found else -1

    def info_value(self, state: State, name: str) -> int:
        return state.info[self.layout.info.index(name)]

    def with_info(self, state: State, name: str, value: int) -> State:
        info = list(state.info)
        info[self.layout.info.index(name)] = value
        return state._replace(info=tuple(info))

    def __repr__(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"Game({self.id!r}, {opts})"

    # --- deal -----------------------------------------------------------------------
    def deal(self, seed: int) -> State:
        """The deal for ``seed``: the same on every Python (own PRNG, own shuffle)."""
        state = self.spec.deal(self, Rng(seed, self.id))
        if "seed" in self.layout.info:
            state = self.with_info(state, "seed", seed)
        return self.settle(state)

    def empty_state(self) -> State:
        n = len(self.piles)
        return State(((),) * n, (0,) * n, (0,) * len(self.layout.info))

    # --- text forms -----------------------------------------------------------------
    def code(self, state: State) -> str:
        return state.code(self.names)

    def from_code(self, text: str) -> State:
        state = State.from_code(text, self.names)
        self.check(state)
        return state

    def check(self, state: State) -> None:
        """Raise InvalidCodeError unless the state holds exactly this game's cards."""
        counts = state.cards()
        if any(c.deck >= self.spec.decks for c in counts):
            raise InvalidCodeError(f"{self.id} plays with {self.spec.decks} deck(s)")
        dupes = sorted(str(c) for c, k in counts.items() if k > 1)
        if dupes:
            raise InvalidCodeError(f"cards appear twice: {' '.join(dupes)}")
        if sum(counts.values()) != self.ncards:
            raise InvalidCodeError(f"{sum(counts.values())} cards, {self.id} has {self.ncards}")
        if len(state.info) != len(self.layout.info):
            raise InvalidCodeError(f"expected {len(self.layout.info)} counters")

    def notation(self, move: Move) -> str:
        if move.kind != MOVE:
            if move.src < 0:
                return move.kind
            count = f":{move.n}" if move.n != 1 else ""
            return f"{move.kind}@{move.src}{count}"
        count = f":{move.n}" if move.n != 1 else ""
        return f"{self.pile_name(move.src)}{count}>{self.pile_name(move.dst)}"

    def pile_name(self, i: int) -> str:
        return self.names[i] if 0 <= i < len(self.names) else f"pile#{i}"

    def parse_move(self, text: str) -> Move:
        t = text.strip()
        action = self.action(t)
        if t in (DEAL, RECYCLE) or (action is not None and not action.at_place):
            return Move(t)
        kind, at, where = t.partition("@")
        action = self.action(kind)
        if at and action is not None and action.at_place:
            pos, _, count = where.partition(":")
            if not pos.isdigit() or (count and (not count.isdigit() or int(count) < 1)):
                raise InvalidMoveError(f"bad position in {text!r} (e.g. '{kind}@3' or '{kind}@3:2')")
            return Move(kind, int(pos), -1, int(count) if count else 1)
        src_text, sep, dst = t.partition(">")
        src, _, count = src_text.partition(":")
        if not sep or src not in self.index or dst not in self.index:
            raise InvalidMoveError(f"not a move of {self.id}: {text!r} (e.g. 't3>f1', 't3:2>t5', 'deal')")
        if count and not count.isdigit():
            raise InvalidMoveError(f"bad card count in {text!r}")
        n = int(count) if count else 1
        if n < 1:
            raise InvalidMoveError(f"bad card count in {text!r}")
        return Move(MOVE, self.index[src], self.index[dst], n)

    # --- finding moves --------------------------------------------------------------
    def run_length(self, state: State, i: int) -> int:
        """How many top cards of pile i are face up and built by its own rule."""
        pile = state.piles[i]
        up = len(pile) - state.down[i]
        if up <= 0:
            return 0
        build = self.piles[i].build
        k = 1
        while k < up and build is not None and build.fits(pile[-k - 1], pile[-k]):
            k += 1
        return k

    def pick_sizes(self, state: State, i: int) -> tuple[int, ...]:
        """The numbers of top cards a player may pick up from pile i."""
        spec = self.piles[i]
        if spec.pick == "none" or len(state.piles[i]) <= state.down[i]:
            return ()
        if spec.pick == "top":
            return (1,)
        run = self.run_length(state, i)
        if spec.pick == "run":
            return tuple(range(run, 0, -1))
        if spec.pick == "whole_run":
            return (run,)
        if spec.pick == "top_or_run":
            return (run, 1) if run > 1 else (1,)
        size = len(state.piles[i])
        return (size, 1) if size > 1 and run == size else (1,)

    def pick_count(self, state: State, i: int, index: int | None) -> int:
        """How many cards a press on the card at ``index`` of pile i picks up (0: none;
        index None: the pile's empty slot).  The cards from there to the top, when the
        pick rule allows that many; a top card alone may always be picked up from a pile
        that gives cards at all, since a pile that takes one card at a time (a foundation)
        takes it whatever the pick rule (see ``sizes_to``)."""
        if index is None:
            return 0
        n = len(state.piles[i]) - index
        sizes = self.pick_sizes(state, i)
        if n in sizes or (n == 1 and sizes):
            return n
        return 0

    def must_play_first(self, state: State) -> int | None:
        """The pile whose top card must be played before the stock turns again, or None:
        the waste, once it holds as many cards as the game's declaration lets it
        (``Layout.waste_size``; Frog's waste holds one card)."""
        size = self.layout.waste_size
        if size and self.waste >= 0 and len(state.piles[self.waste]) >= size:
            return self.waste
        return None

    def sizes_to(self, sizes: tuple[int, ...], dst: int) -> tuple[int, ...]:
        """Card counts that may go to pile dst, given what may be picked up: a pile that
        takes one card at a time (a foundation) takes the top card whatever the pick rule."""
        if self.piles[dst].max_in == 1:
            return (1,) if sizes else ()
        return sizes

    def accepts(self, state: State, src: int, dst: int, n: int) -> bool:
        """Whether n cards from the top of pile src may be dropped on pile dst."""
        if src == dst:
            return False
        if self.spec.rules.accept is not None:
            return self.spec.rules.accept(self, state, src, dst, n)
        return self.rule_accepts(state, src, dst, n)

    def rule_accepts(self, state: State, src: int, dst: int, n: int) -> bool:
        """The declared rules alone: roles, build rule, what an empty pile takes."""
        target = self.piles[dst]
        if target.role not in self.piles[src].sends or 0 < target.max_in < n:
            return False
        return self.lands(state, src, dst, state.piles[src][-1 if target.flip_in else -n])

    def lands(self, state: State, src: int, dst: int, card: Card) -> bool:
        """Whether ``card``, the first of a move's cards to land, may land on pile dst by
        its declared rules: its build rule, or what it takes while empty.  The one place
        where they are read (``rule_accepts``, ``card_moves``; ``rule_refusal`` words them)."""
        pile = state.piles[dst]
        target = self.piles[dst]
        if pile:
            return target.build is not None and target.build.fits(pile[-1], card)
        rule = target.empty
        if rule == "any":
            return True
        if rule == "K":
            return RANK_OF[card] == 13
        if rule == "A":
            return RANK_OF[card] == 1
        if rule == "AK":
            return RANK_OF[card] in (1, 13)
        if rule == "two":
            return RANK_OF[card] == 2
        if rule == "after_left":
            left = state.piles[dst - 1]
            return bool(left) and RANK_OF[left[-1]] != 13 and RANK_OF[card] == RANK_OF[left[-1]] + 1 \
                and SUIT_OF[card] == SUIT_OF[left[-1]]
        if rule == "base":
            return RANK_OF[card] == self.info_value(state, "base")
        if rule == "from_waste":
            return src == self.waste
        return False

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal action, in a fixed order: card moves, the stock, the game's own actions."""
        moves = self.card_moves(state)
        stock = self.turn_stock(state)
        if stock is not None:
            moves.append(stock)
        for action in self.spec.actions:
            moves += action.moves(self, state)
        return moves

    def card_moves(self, state: State) -> list[Move]:
        """Every card move: each pile's pick onto each pile it may send to, by source,
        destination and count (``accepts`` tried on each; the declared rules asked of
        ``lands`` directly when the game has no ``accept`` of its own: the solver's hot path)."""
        if self.spec.rules.generate is not None:
            return self.spec.rules.generate(self, state)
        moves: list[Move] = []
        piles, specs, accept = state.piles, self.piles, self.spec.rules.accept
        for src, dests in enumerate(self.dests):
            if not dests:
                continue
            sizes = self.pick_sizes(state, src)
            if not sizes:
                continue
            pile = piles[src]
            for dst in dests:  # never src; only piles of the roles src sends to
                target = specs[dst]
                for n in ((1,) if target.max_in == 1 else sizes):
                    if accept is not None:
                        ok = accept(self, state, src, dst, n)
                    elif 0 < target.max_in < n:
                        continue
                    else:
                        ok = self.lands(state, src, dst, pile[-1 if target.flip_in else -n])
                    if ok:
                        moves.append(Move(MOVE, src, dst, n))
        return moves

    def stock_move(self, state: State) -> Move | None:
        """What a click on the stock does now: an action of the stock (a game's
        own way of dealing), else deal, recycle or nothing."""
        for action in self.spec.actions:
            if action.where == "stock" and action.moves(self, state):
                return Move(action.kind)
        return self.turn_stock(state)

    def stock_label(self, state: State) -> str:
        """What the next stock click does, when the game names it ("Deal round 3 of 8")."""
        move = self.stock_move(state)
        if move is None:
            return ""
        action = self.action(move.kind)
        return action.label(self, state, move) if action is not None and action.label is not None else ""

    def turn_stock(self, state: State) -> Move | None:
        """The common stock: deal onto the waste, or turn the waste over."""
        if self.stock < 0 or self.waste < 0:
            return None
        if state.piles[self.stock]:
            return None if self.must_play_first(state) is not None else Move(DEAL)
        if state.piles[self.waste] and self.recycles_left(state) != 0:
            return Move(RECYCLE)
        return None

    def recycles_left(self, state: State) -> int | None:
        """Turn-overs of the waste still allowed (None: unlimited)."""
        passes = self.layout.passes
        if passes is None:
            return None
        return max(0, passes - 1 - self.info_value(state, "recycles"))

    def is_legal(self, state: State, move: Move) -> bool:
        if move.kind == MOVE:
            npiles = len(self.piles)
            if not (0 <= move.src < npiles and 0 <= move.dst < npiles) or move.n < 1:
                return False
            allowed = self.sizes_to(self.pick_sizes(state, move.src), move.dst)
            return move.n in allowed and self.accepts(state, move.src, move.dst, move.n)
        action = self.action(move.kind)
        if action is not None:
            return move in action.moves(self, state)
        return move == self.turn_stock(state)

    def action(self, kind: str) -> Action[Game] | None:
        """The game's own action of this kind (a reshuffle, a refill …), or None."""
        for action in self.spec.actions:
            if action.kind == kind:
                return action
        return None

    def targets(self, state: State, src: int, n: int) -> list[int]:
        """Piles on which the n top cards of src may be dropped (for the table)."""
        return [m.dst for m in self.legal_moves(state) if m.kind == MOVE and m.src == src and m.n == n]

    # --- doing moves ----------------------------------------------------------------
    def play(self, state: State, move: Move) -> State:
        """Checked: raises IllegalMoveError with the reason a player can read."""
        if not self.is_legal(state, move):
            raise IllegalMoveError(self.explain(state, move))
        return self.apply(state, move)

    def explain(self, state: State, move: Move) -> str:
        """Why a move is refused, in words a player can act on."""
        reason = self.spec.rules.explain(self, state, move) if self.spec.rules.explain is not None else None
        return reason or self.rule_refusal(state, move) or f"{self.notation(move)} is not legal here"

    def rule_refusal(self, state: State, move: Move) -> Text | None:
        """Which declared rule a refused card move breaks (None: none of them, or not a
        card move): the same checks as ``rule_accepts``, in its order, after the pick
        rule.  A game with rules of its own (``accept``) says why they refuse a move in its
        ``explain``, which is asked first."""
        if move.kind != MOVE:
            return None
        npiles = len(self.piles)
        if not (0 <= move.src < npiles and 0 <= move.dst < npiles) or move.src == move.dst or move.n < 1:
            return None
        source, target = self.piles[move.src], self.piles[move.dst]
        if not self.pick_sizes(state, move.src):
            return Text("No card can be taken from here now.")
        if source.role == "foundation" and not source.sends:
            return Text("Under these rules a card does not leave a foundation.")
        if target.role not in source.sends:
            return Text("A card from here cannot go there.")
        if move.n > 1 and target.max_in == 1:
            return Text("Only one card at a time goes there.")
        sizes = self.sizes_to(self.pick_sizes(state, move.src), move.dst)
        if move.n not in sizes:
            return PICK_WORDS.get(source.pick)
        if 0 < target.max_in < move.n:
            return None
        card = state.piles[move.src][-1 if target.flip_in else -move.n]
        if self.lands(state, move.src, move.dst, card):
            return None
        pile = state.piles[move.dst]
        if pile:
            build = target.build
            if build is None:
                return Text("A card moves only into a gap.") if target.role == "cell" else \
                    Text("Nothing is laid on this pile.")
            return BUILD_WORDS.get((build.direction, build.suit, build.wrap))
        if target.empty == "after_left":
            left = state.piles[move.dst - 1]
            if not left or RANK_OF[left[-1]] == 13:
                return Text("Nothing goes into a gap after a king or after another gap.")
            return Text("A gap takes only the card of the same suit one rank above the card to its left.")
        return EMPTY_WORDS.get((target.role, target.empty), Text("This place takes no card."))

    def apply(self, state: State, move: Move) -> State:
        """Unchecked and fast: for search over moves known to be legal."""
        piles = list(state.piles)
        down = list(state.down)
        info = state.info
        if move.kind == MOVE:
            src_pile = piles[move.src]
            moved = src_pile[-move.n:]
            piles[move.dst] = piles[move.dst] + (moved[::-1] if self.piles[move.dst].flip_in else moved)
            piles[move.src] = src_pile[:-move.n]
        elif move.kind not in (DEAL, RECYCLE):
            action = self.action(move.kind)
            assert action is not None, move
            return self.settle(action.apply(self, state, move))
        elif move.kind == DEAL:
            stock = piles[self.stock]
            k = min(self.layout.draw, len(stock))
            turned = tuple(reversed(stock[-k:]))
            piles[self.stock] = stock[:-k]
            down[self.stock] = len(piles[self.stock])
            piles[self.waste] = piles[self.waste] + turned
        else:
            piles[self.stock] = tuple(reversed(piles[self.waste]))
            down[self.stock] = len(piles[self.stock])
            piles[self.waste] = ()
            state = self.with_info(state, "recycles", self.info_value(state, "recycles") + 1)
            info = state.info
        after = State(tuple(piles), tuple(down), info)
        if move.kind == MOVE and self.spec.rules.moved is not None:
            after = self.spec.rules.moved(self, state, move, after)
        return self.settle(after)

    def settle(self, state: State) -> State:
        """Automatic consequences of an action: flips, refills (part of the action)."""
        down = state.down
        for i, spec in enumerate(self.piles):
            if spec.flip_top and down[i] and down[i] == len(state.piles[i]):
                down = down[:i] + (down[i] - 1,) + down[i + 1:]
        if down is not state.down:
            state = state._replace(down=down)
        for hook in self.spec.rules.settle:
            state = hook(self, state)
        return state

    # --- verdicts -------------------------------------------------------------------
    def score(self, state: State) -> int:
        """Cards on the foundations."""
        return sum(map(len, self.foundation_piles(state.piles)))

    def is_won(self, state: State) -> bool:
        if self.spec.rules.won is not None:
            return self.spec.rules.won(self, state)
        return self.score(state) == self.ncards

    def is_forced(self, state: State) -> bool:
        """Whether the rest of the game is forced: the player has reached a position from
        which the win is only a matter of playing it out, so a *Finish* pressed here (or
        later) leaves the win the player's own; before it, Finish makes the game one
        solved with help.  A game may declare its own rule (``Rules.forced``: the Gaps
        games, Bride and Groom); the default, for the games that build on foundations:
        no card is face down, the stock is out, and playing cards home — each time the
        first card move to a foundation the engine lists, from any pile but a foundation —
        wins.  (In Klondike that is any position with the stock out and every card face
        up: the lowest card not home is always free to go.)"""
        if self.spec.rules.forced is not None:
            return self.spec.rules.forced(self, state)
        return home_in_order(self, state)

    def is_stuck(self, state: State) -> bool:
        """No card move and no special action now or after any number of stock clicks
        (and not won).  A move of a whole tableau pile onto an empty tableau pile changes
        nothing and does not count.
        """
        if self.is_won(state):
            return False
        seen: set[tuple[Pile, ...]] = set()
        while True:
            if any(not self.is_idle(state, m) for m in self.card_moves(state)):
                return False
            if any(action.moves(self, state) for action in self.spec.actions):
                return False
            stock = self.stock_move(state)
            if stock is None or state.piles in seen:
                return True
            seen.add(state.piles)
            state = self.apply(state, stock)

    def standstill(self, state: State, first: State, stuck: bool | None = None) -> Standstill | None:
        """Why play cannot go on, or None: it can (by a card move, a turn of the stock or a
        place action), or the game is won.  A standstill is "stuck" (no moves left, though
        the stock may still turn without ever freeing a card) or "specials" (only a
        special action's button, such as a reshuffle, can go on).
        ``first``: the deal's first position (a deal stuck from there is named so: undoing
        or restarting cannot help it).  ``stuck``: ``is_stuck(state)`` when the caller
        knows it already (from ``status``), so that the search is not made twice."""
        if self.is_won(state):
            return None
        offers = tuple(a.kind for a in self.spec.actions if not a.at_place and a.moves(self, state))
        if offers:
            # a special action can go on, so the game is not stuck; it alone can when no
            # card moves, the stock does not turn and no place action (a removal) is left
            if self.card_moves(state) or self.stock_move(state) is not None \
                    or any(a.moves(self, state) for a in self.spec.actions if a.at_place):
                return None
            return Standstill("specials", specials=offers)
        if not (self.is_stuck(state) if stuck is None else stuck):
            return None
        return Standstill("stuck", from_deal=self.is_stuck(first), stock_turns=self.stock_move(state) is not None)

    def is_idle(self, state: State, move: Move) -> bool:
        return (
            move.kind == MOVE
            and move.n == len(state.piles[move.src])
            and not state.piles[move.dst]
            and self.piles[move.src].role == self.piles[move.dst].role == "tableau"
        )

    def status(self, state: State) -> str:
        if self.is_won(state):
            return "won"
        return "stuck" if self.is_stuck(state) else "playing"


def resolve_options(spec: GameSpec[Game], given: Mapping[str, str]) -> dict[str, str]:
    """Defaults overlaid with ``given``; OptionError names what is wrong."""
    known = {o.name: o for o in spec.options}
    out = {o.name: o.default for o in spec.options}
    for name, value in given.items():
        if name not in known:
            raise OptionError(f"{spec.id} has no option {name!r} (options: {', '.join(known) or 'none'})")
        if value not in known[name].values:
            raise OptionError(f"option {name} of {spec.id} takes {' | '.join(known[name].values)}, not {value!r}")
        out[name] = value
    return out


# The build rules in words, for a refused move (the table says them in Russian too).
BUILD_WORDS: dict[tuple[str, str, bool], Text] = {
    ("down", "alt", False): Text("Here a card goes on a card one rank higher, of the other colour."),
    ("down", "alt", True): Text("Here a card goes on a card one rank higher, of the other colour "
                                "(and a king on an ace)."),
    ("down", "same", False): Text("Here a card goes on a card one rank higher, of the same suit."),
    ("up", "same", False): Text("Here a card goes on a card one rank lower, of the same suit."),
    ("up", "same", True): Text("Here a card goes on a card one rank lower, of the same suit "
                               "(and an ace on a king)."),
    ("up", "any", False): Text("Here a card goes on a card one rank lower, of any suit."),
    ("either", "same", True): Text("Here a card goes on a card of the same suit, one rank higher or lower "
                                   "(a king and an ace are neighbours)."),
}

# What may be picked up together, in words (a move of another number of cards).
PICK_WORDS: dict[str, Text] = {
    "top": Text("Only the top card moves from here."),
    "run": Text("Only cards in sequence move together."),
    "whole_run": Text("Under these rules a run moves whole, from its first face-up card."),
    "top_or_all": Text("From here only the top card or the whole pile moves."),
    "top_or_run": Text("From here only the top card or the whole run moves."),
}

# What an empty pile takes, in words.
EMPTY_WORDS: dict[tuple[str, str], Text] = {
    ("tableau", "K"): Text("Only a king goes to an empty column."),
    ("tableau", "from_waste"): Text("An empty pile here is filled from the waste only."),
    ("foundation", "A"): Text("A foundation starts with an ace."),
    ("tableau", "AK"): Text("An empty pile takes only a king or an ace."),
    ("cell", "A"): Text("A head takes only an ace."),
    ("cell", "two"): Text("The first place of a row takes only a two."),
    ("foundation", "base"): Text("A foundation starts with a card of the base rank, the rank of the card dealt "
                                 "to the first foundation."),
}


def home_in_order(game: Game, state: State) -> bool:
    """No face-down card, no stock left, and sending cards home one by one (the first card
    move to a foundation each time, never from a foundation) wins: the default rule of
    ``Game.is_forced``."""
    if any(state.down) or (game.stock >= 0 and state.piles[game.stock]) or not game.foundations:
        return False
    home = set(game.foundations)
    for _ in range(game.ncards + 1):
        if game.is_won(state):
            return True
        move = next((m for m in game.card_moves(state) if m.dst in home and m.src not in home), None)
        if move is None:
            return False
        state = game.play(state, move)
    return False
