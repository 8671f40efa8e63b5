"""Small builders for positions in tests."""

from __future__ import annotations

from patience import Game, get_game
from patience.cards import deck
from patience.state import State


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


def generated_moves_agree(game_id: str, opts: dict[str, str], seeds: range, steps: int) -> list[State]:
    """Play random games and check at every position that the game's own move generator
    (``GameSpec.generate``) gives exactly the moves, in the same order, that the engine
    finds by trying every pile on every pile; the positions visited."""
    import dataclasses

    from patience.rng import Rng

    fast = get_game(game_id, opts)
    assert fast.spec.generate is not None
    plain = Game(dataclasses.replace(fast.spec, generate=None), opts)
    rng = Rng(11, f"{game_id} moves")
    seen: list[State] = []
    for seed in seeds:
        state = fast.deal(seed)
        for _ in range(steps):
            assert fast.card_moves(state) == plain.card_moves(state), fast.code(state)
            seen.append(state)
            legal = fast.legal_moves(state)
            if not legal:
                break
            state = fast.apply(state, legal[rng.below(len(legal))])
    return seen
