"""The URL is the deal: ``?game=klondike&seed=123&draw=1``.  Pure, tested under CPython.

``parse_query`` never raises: whatever is wrong becomes a readable message and a
valid default takes its place (an unknown game → Klondike, a bad option → that
option's default, a bad seed → a fresh one).  A message is a function that words it in
the language of the moment, so the table can say it again after a language switch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from urllib.parse import parse_qsl, urlencode

from patience.errors import OptionError
from patience.game import Game
from patience.registry import BY_ID, GAMES, get_game
from patience.rng import MAX_SEED as MAX_SEED  # re-exported: the table names it from here

from .i18n import game_name, t

DEFAULT_GAME = GAMES[0].id
RESERVED = ("game", "seed")
Note = Callable[[], str]  # a message, worded in the language of the moment


@dataclass
class Request:
    game: Game
    seed: int | None  # None: deal a new random one
    problems: list[Note] = field(default_factory=list)


def parse_query(query: str) -> Request:
    problems: list[Note] = []
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    params: dict[str, str] = {}
    for key, value in pairs:
        params.setdefault(key, value)
    game_id = params.pop("game", DEFAULT_GAME) or DEFAULT_GAME
    if game_id not in BY_ID:
        asked = shorten(game_id)
        problems.append(lambda: t("url.game", game=asked, default=game_name(BY_ID[DEFAULT_GAME])))
        game_id = DEFAULT_GAME
    seed_text = params.pop("seed", None)
    seed = parse_seed(seed_text, problems)
    options: dict[str, str] = {}
    for name, value in params.items():
        try:
            get_game(game_id, {name: value})
        except OptionError:
            problems.append(partial(option_problem, game_id, name, value))
            continue
        options[name] = value
    return Request(get_game(game_id, options), seed, problems)


def parse_seed(text: str | None, problems: list[Note]) -> int | None:
    if text is None or text == "":
        return None
    digits = text.lstrip("0")  # its length first: int() refuses more than 4300 digits
    if not text.isascii() or not text.isdigit() or len(digits) > len(str(MAX_SEED)) \
            or not 1 <= int(digits or "0") <= MAX_SEED:
        asked = shorten(text)
        problems.append(lambda: t("url.seed", seed=asked, max=MAX_SEED))
        return None
    return int(digits)


def option_problem(game_id: str, name: str, value: str) -> str:
    spec = BY_ID[game_id]
    known = {o.name: o for o in spec.options}
    if name not in known:
        return t("url.unknown_option", game=game_name(spec), name=shorten(name))
    opt = known[name]
    return t("url.option", name=name, values=t("or").join(opt.values), value=shorten(value), default=opt.default)


def shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def to_query(game: Game, seed: int) -> str:
    """The canonical URL query of a deal: every option is written out."""
    return "?" + urlencode({"game": game.id, "seed": str(seed), **game.options})


def painted_seed(deal: str, game: Game) -> int | None:
    """The deal number of the table painted before Python was up (static/boot/paint.js
    gives its address, ``deal``), if that deal is of this game at these options: a new
    deal opened then is that one, so the cards do not change under the player."""
    request = parse_query(deal)
    if request.problems or request.game.id != game.id or request.game.options != game.options:
        return None
    return request.seed
