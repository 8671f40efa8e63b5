"""How the search sees a game: the generic ``Model`` (the engine's moves, ordered best
first, the stock played K+, the game's safe moves, interchangeable piles sorted in the
key) and a step (moves and the state they lead to).  A game's model may bring a search
of its own (``Model.searcher``, a ``hunt.Searcher``); else the generic best-first search
(``best_first``) searches its steps."""

from __future__ import annotations

from collections.abc import Container
from typing import NamedTuple

from ..game import Game
from ..moves import DEAL, MOVE, RECYCLE, Move
from ..spec import SolverHooks
from ..state import State
from .budget import Heap
from .hunt import Searcher
from .talon import has_talon, talon_clicks, talon_positions

Step = tuple[tuple[Move, ...], State]
KeyedStep = tuple[tuple[Move, ...], State, bytes]  # a step closed (safe moves played after it) and its state's key


class Lock(NamedTuple):
    """Why a position is lost, told to the player: ``card`` (in pile ``pile``) can never
    go home, for the reason named ``why``, because of the cards ``over`` it (top first);
    ``also``: other cards the reason names (Canfield's "buried_*": the card under them that
    must go home first, and the card's twin)."""

    why: str
    pile: int
    card: int
    over: tuple[int, ...]
    also: tuple[int, ...] = ()


LIKE = bytes(c % 52 if c < 104 else c for c in range(256))  # a card with its deck forgotten


class PileParts(dict[bytes | tuple[int, ...], bytes]):
    """A pile (``bytes`` or a tuple of cards) → its part of a key, its cards through
    ``table`` (``LIKE``: the deck forgotten, as the rules of a two-deck game never tell two
    copies of a card apart; Canfield's search: each card by kind), made when first asked
    and kept: a step changes few piles, so most of a key's parts are kept ones.  A search
    keeps one while it searches a position (a model's: ``Model.parts``)."""

    def __init__(self, table: bytes = LIKE) -> None:
        super().__init__()
        self.table = table

    def __missing__(self, pile: bytes | tuple[int, ...]) -> bytes:
        part = self[pile] = bytes(pile).translate(self.table)
        return part


# What a turn-over of the waste still allowed is worth in a score, with limited passes:
# four cards home (Klondike's and Canfield's models).  With cards home alone a turn-over
# cost the search nothing and it spent the passes freely (docs/winnability.md).
TURN_OVER_IN_HAND = 16


class Model:
    """The generic search model of a game: the engine's moves, ordered best first, the
    stock played K+, the game's safe moves, interchangeable piles sorted in the key.
    A game may have a subclass of its own (named in ``registry.MODELS``) for speed."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.hooks: SolverHooks[Game] = game.spec.solver or SolverHooks()
        groups = self.hooks.interchangeable(game) if self.hooks.interchangeable else ()
        self.groups = tuple(tuple(game.index[name] for name in group) for group in groups)
        grouped = {i for group in self.groups for i in group}
        self.fixed = tuple(i for i in range(len(game.piles)) if i not in grouped)
        info = game.layout.info
        # counters that do not change what may happen next stay out of the key
        self.info_kept = tuple(i for i, name in enumerate(info)
                               if name != "seed" and not (name == "recycles" and game.layout.passes is None))
        self.talon = has_talon(game)
        # turning the stock sets off nothing else: the K+ positions are computed, not played
        self.plain_stock = not game.spec.rules.settle or self.hooks.plain_stock
        self.recycles_at = info.index("recycles") if "recycles" in info else -1
        self.foundations = game.foundations
        self.counted = tuple(i for i, p in enumerate(game.piles) if p.role != "stock")  # face-down cards cost

    def parts(self) -> list[Heap]:
        """The tables the model keeps while it searches one position (a model is made for
        each search, ``registry.model_of``): freed with the complete search's own, a
        piece at a time (``budget.sweep``)."""
        return []

    def quick(self) -> Model | None:
        """A model with fewer moves, searched beside this one to find wins sooner
        (None: none).  It need not be complete: it never proves a deal lost."""
        return None

    def searcher(self, state: State) -> Searcher | None:
        """A game's own search of ``state`` replacing the best-first one (None: none),
        usually a ``hunt.Hunt`` of depth-first searches."""
        return None

    def lost(self, state: State) -> bool:
        """Whether a looser game shows at once that ``state`` cannot be won (the search
        then says lost without searching).  It must be sound: never True of a position
        from which some line wins."""
        return False

    def why_lost(self, state: State) -> Lock | None:
        """A reason, in cards, why ``state`` cannot be won, when a looser game shows one
        (None: none known).  Sound like ``lost``."""
        return None

    # -- identity of a position --------------------------------------------------
    def key(self, state: State) -> bytes:
        """Equal for positions with the same future: interchangeable piles sorted."""
        # cards and face-down counts are below 0xfd: the bytes above part the piles
        piles, down = state.piles, state.down
        out = b"\xff".join([bytes(piles[i]) for i in self.fixed]) + b"\xfe" + bytes([down[i] for i in self.fixed])
        for group in self.groups:
            out += b"\xfe" + b"\xfd".join(sorted([bytes((down[i],)) + bytes(piles[i]) for i in group]))
        if self.info_kept:
            out += repr([state.info[i] for i in self.info_kept]).encode()
        return out

    # -- moves -----------------------------------------------------------------
    def safe(self, state: State) -> Step | None:
        """One move that can never hurt, with the state it leads to."""
        if self.hooks.safe is None:
            return None
        move = self.hooks.safe(self.game, state)
        if move is None:
            return None
        return (move,), self.game.apply(state, move)

    def score(self, state: State) -> float:
        if self.hooks.score is not None:
            return self.hooks.score(self.game, state)
        piles, down = state.piles, state.down
        return 4 * sum([len(piles[i]) for i in self.foundations]) - sum([down[i] for i in self.counted])

    def keyed_steps(self, state: State, seen: Container[bytes] = ()) -> list[KeyedStep]:
        """Every step from ``state``, best first, each closed (``closed``: the safe moves
        after it played) and with its state's key: what the best-first search asks of
        every position it expands (a model may key its steps faster, knowing what a step
        changes, and leave out those whose key is in ``seen`` before it makes their
        states)."""
        key = self.key
        return [(moves, child, key(child)) for moves, child in (closed(self, *step) for step in self.steps(state))]

    def steps(self, state: State) -> list[Step]:
        """Every step from ``state``, best first."""
        game = self.game
        found: list[tuple[float, int, Step]] = []
        for move in game.legal_moves(state):
            if move.kind == MOVE:
                if game.is_idle(state, move) or (self.talon and move.src == game.waste):
                    continue
            elif self.talon and move.kind in (DEAL, RECYCLE):
                continue
            after = game.apply(state, move)
            found.append((-self.score(after), len(found), ((move,), after)))
        if self.talon:
            for step in self.talon_steps(state):
                found.append((-self.score(step[1]) + 0.01 * len(step[0]), len(found), step))
        found.sort()
        return [step for _, _, step in found]

    def talon_steps(self, state: State) -> list[Step]:
        """The K+ steps: each card the stock can bring to the waste top, played."""
        game = self.game
        w = game.waste
        out: list[Step] = []
        for clicks, view in self.talon_views(state):
            sizes = game.pick_sizes(view, w)
            for dst in game.dests[w]:
                for n in game.sizes_to(sizes, dst):
                    if game.accepts(view, w, dst, n):
                        move = Move(MOVE, w, dst, n)
                        out.append((clicks + (move,), game.apply(view, move)))
        return out

    def talon_views(self, state: State) -> list[tuple[tuple[Move, ...], State]]:
        """The positions that turning the stock leads to, one for each card it brings to
        the waste top (the fewest clicks first), with the clicks."""
        game = self.game
        s, w = game.stock, game.waste
        if not self.plain_stock:
            # the game's settle hooks may act on a click (a row refilled from the stock):
            # play the clicks through the engine
            views: list[tuple[tuple[Move, ...], State]] = [((), state)] if state.piles[w] else []
            seen = {state.piles[w][-1]} if state.piles[w] else set()
            clicks: list[Move] = []
            for _ in range(2 * (len(state.piles[s]) + len(state.piles[w])) + 2):
                click = game.turn_stock(state)
                if click is None:
                    break
                state = game.apply(state, click)
                clicks.append(click)
                if state.piles[w] and state.piles[w][-1] not in seen:
                    seen.add(state.piles[w][-1])
                    views.append((tuple(clicks), state))
            return views
        waste, stock = state.piles[w], state.piles[s]
        talon = waste + stock[::-1]
        out: list[tuple[tuple[Move, ...], State]] = []
        for index, deals, again in talon_positions(len(talon), len(waste), game.layout.draw,
                                                   game.recycles_left(state)):
            if deals == 0 and again < 0:
                out.append(((), state))
                continue
            piles = list(state.piles)
            piles[w] = talon[:index + 1]
            piles[s] = talon[:index:-1]
            down = list(state.down)
            down[s] = len(piles[s])
            info = state.info
            if again >= 0:
                info = info[:self.recycles_at] + (info[self.recycles_at] + 1,) + info[self.recycles_at + 1:]
            out.append((talon_clicks(deals, again), State(tuple(piles), tuple(down), info)))
        return out


def closed(model: Model, moves: tuple[Move, ...], state: State) -> Step:
    """Play safe moves after ``moves`` while there are any."""
    safe = model.safe(state)
    if safe is None:
        return moves, state
    extra: list[Move] = list(moves)
    while safe is not None:
        extra += safe[0]
        state = safe[1]
        safe = model.safe(state)
    return tuple(extra), state
