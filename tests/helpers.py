"""What several test files share: builders of positions, every game's option sets, the
kinds of hint, the winning lines of a list, Canfield's long-pile lines, a tab of the app
(a keeper on a shared dict)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from patience import GAMES, Game, Session, get_game
from patience.cards import deck
from patience.game import MOVE, Move
from patience.state import State
from patience.winnable import WinnableList
from table.keeper import Keeper
from table.storage import DictStorage, Storage

ROOT = Path(__file__).resolve().parent.parent


def position(game: Game, rest: str = "stock", **piles: str) -> State:
    """A position from pile texts; every card not named goes to pile ``rest``
    (face down if it is the stock, face up otherwise).

    ``t1="2:5hKc7d"`` puts 5h Kc face down under 7d.  ``info`` may be given as ``info="0,12"``.
    """
    info = piles.pop("info", None)
    fields = {name: "" for name in game.names}
    fields.update(piles)
    used = set()
    for text in fields.values():
        body = text.partition(":")[2] if ":" in text else text
        used.update(_cards(body))
    left = "".join(str(c) for c in deck(game.spec.decks) if str(c) not in used)
    if left:
        if piles.get(rest):
            raise ValueError(f"pile {rest} is given and cannot take the cards left over")
        fields[rest] = f"{len(_cards(left))}:{left}" if rest == "stock" else left
    counters = info if info is not None else ",".join("0" for _ in game.layout.info)
    code = " ".join(f"{n}={t}" for n, t in fields.items()) + f" #={counters}"
    return game.from_code(code)


def _cards(body: str) -> list[str]:
    out, i = [], 0
    while i < len(body):
        j = i + 2
        if j < len(body) and body[j] == "'":
            j += 1
        out.append(body[i:j])
        i = j
    return out


def names(game: Game, moves: list) -> list[str]:  # type: ignore[type-arg]
    return [game.notation(m) for m in moves]


def klondike(**opts: str) -> Game:
    return get_game("klondike", opts)


def canfield(**opts: str) -> Game:
    return get_game("canfield", opts)


def generated_moves_agree(game_id: str, opts: dict[str, str], seeds: range, steps: int,
                          in_order: bool = True) -> list[State]:
    """Play random games and check at every position that the game's own move generator
    (``Rules.generate``) gives exactly the moves, in the same order (``in_order``) or in
    any, that the engine finds by trying every pile on every pile; the positions visited."""
    import dataclasses

    from patience.rng import Rng

    fast = get_game(game_id, opts)
    assert fast.spec.rules.generate is not None
    plain = Game(dataclasses.replace(fast.spec, rules=dataclasses.replace(fast.spec.rules, generate=None)), opts)
    rng = Rng(11, f"{game_id} moves")
    seen: list[State] = []
    for seed in seeds:
        state = fast.deal(seed)
        for _ in range(steps):
            mine, theirs = fast.card_moves(state), plain.card_moves(state)
            assert (mine == theirs if in_order else sorted(mine) == sorted(theirs)), fast.code(state)
            seen.append(state)
            legal = fast.legal_moves(state)
            if not legal:
                break
            state = fast.apply(state, legal[rng.below(len(legal))])
    return seen


def option_sets(spec):
    names = [o.name for o in spec.options]
    for values in itertools.product(*(o.values for o in spec.options)):
        yield dict(zip(names, values))


ALL = [(spec.id, opts) for spec in GAMES for opts in option_sets(spec)]

def hint_kind(game: Game, move: Move) -> str:
    """Which kind of hint a move makes: a card move, the stock, a button, a place action."""
    action = game.action(move.kind)
    if move.kind == MOVE:
        return "card"
    if move.kind in ("deal", "recycle") or (action is not None and action.where == "stock"):
        return "stock"
    return "button" if action is not None and action.where == "button" else "place"

def lines_of(entry: WinnableList) -> dict[int, str]:
    path = ROOT / "data" / "winnable" / f"{entry.key}.wins.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
    return {r["seed"]: r["line"] for r in rows}

LONG_PILE_LINES = [
    ({}, 115,
     "reserve>t3 t3:2>t1 deal deal deal deal deal deal deal waste>t2 waste>t2 t3>t2 t4>t3 deal deal deal "
     "deal waste>t2 waste>t2 t4>t2 t3:2>t4 waste>t4 deal waste>t4 reserve>t4 waste>t4 recycle deal "
     "waste>t3 t2:7>t3 deal deal waste>t4 t3:9>t4 deal deal deal deal waste>t1", "t4:17>t1"),
    ({"draw": "1", "passes": "4", "foundation_return": "on"}, 73,
     "reserve>t2 f1>t3 t4>t3 reserve>t1 t3:3>t1 reserve>f1 t1:5>t3 reserve>t3 reserve>f4 " + "deal " * 17
     + "waste>t3 deal waste>t3 waste>t3 deal deal waste>t4 waste>t4 waste>t3 t3:11>t4 deal waste>t2 "
     "waste>t2 t3>t2 t2:5>t4 deal waste>t1", "t4:19>t1"),
]


def long_pile_ids(line: tuple) -> str:  # type: ignore[type-arg]
    return "-".join(f"{k}={v}" for k, v in line[0].items()) or "default"

class Tab:
    """One tab: its keeper on the shared dict, and what the keeper told it."""

    def __init__(self, data):
        self.backend = DictStorage(data)
        self.failures = 0
        self.keeper = Keeper(Storage(self.backend, self.failed), self, now_s=lambda: 1_700_000_000)
        self.session = None
        self.newer = []
        self.times = 0
        self.dropped = 0
        self.kept_games = []

    def failed(self):
        self.failures += 1

    def took_newer(self, saved):
        self.newer.append(saved)
        self.session = saved  # the table shows it from now on

    def took_time(self):
        self.times += 1

    def offer_dropped(self):
        self.dropped += 1

    def kept(self, saved):
        self.kept_games.append(saved)

    def deal(self, seed, game_id="klondike"):
        self.session = Session(get_game(game_id), seed)
        return self.session

    def move(self, k=0):
        """Play a legal move (the k-th), counting the game at its first, and save."""
        session = self.session
        session.play(session.game.legal_moves(session.state)[k])
        if not session.counted:
            self.keeper.count_start(session)
        self.keeper.settle(session, False)
