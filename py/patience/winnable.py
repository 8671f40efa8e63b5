"""The lists of proven-winnable deals: which game and options each list is for.

Each list is made by surveys (``python3 tools/winnable.py``, which runs the command
line's ``survey`` with ``--deals-out``, ``--wins-out`` and ``--resume``): the repository
keeps every surveyed deal's verdict and every won deal's winning line under
``data/winnable/`` (``KEY.deals.jsonl``, ``KEY.wins.jsonl``); the page's Python holds the won
deals' numbers (``winnable_deals.py``, written by ``tools/winnable.py publish``).  A listed
deal's line replays to a win through the checked play (tests/engine/test_winnable.py), so a
list that drifts from its game's rules fails a test.  The site also ships the listed deals'
winning lines (``lines_file``, written by the site's build), which the page fetches for a
listed deal on the table: its badge, Hint and Finish then know the deal won from the first
move, however long the deal's search would take.
"""

from __future__ import annotations

import base64
import zlib
from typing import Mapping, NamedTuple

from .game import Game
from .rng import Rng


class WinnableList(NamedTuple):
    key: str  # the files' name
    game: str
    options: Mapping[str, str]  # as resolved: every option named
    title: str  # what the list is, for the docs
    searchable: bool = True  # False: without a list the page's search seldom proves a deal winnable


LISTS = (
    WinnableList("klondike", "klondike", {"draw": "3", "passes": "inf", "runs": "whole", "foundation_return": "off"},
                 "Klondike (defaults: draw 3)"),
    WinnableList("klondike-draw1", "klondike", {"draw": "1", "passes": "inf", "runs": "whole", "foundation_return": "off"},
                 "Klondike, draw 1"),
    WinnableList("klondike-standard", "klondike", {"draw": "3", "passes": "inf", "runs": "any", "foundation_return": "on"},
                 "Klondike, standard rules of the literature"),
    WinnableList("canfield", "canfield", {"draw": "3", "passes": "inf", "foundation_return": "off"}, "Canfield (defaults)"),
    WinnableList("zmey", "zmey", {"side_limit": "row"}, "«Змей» (defaults)"),
    WinnableList("gaps8", "gaps8", {"reshuffles": "0"}, "«Восемь тузов» (defaults)"),
    WinnableList("potocki", "potocki", {"reshuffles": "2"}, "Пасьянс Потоцкого (defaults)"),
    WinnableList("frog", "frog", {"foundation": "suit", "reserve_to_piles": "on"}, "Frog (defaults: in suit)",
                 searchable=False),  # issue 39: its search decides almost no deal in 2 s
    WinnableList("frog-any", "frog", {"foundation": "any", "reserve_to_piles": "on"}, "Frog, regardless of suit"),
    WinnableList("cross", "cross", {"rounds": "3"}, "«Исчезнувший крест» (defaults)"),
    WinnableList("glider", "glider", {"cross_only": "off", "redeals": "3"}, "«Дельтаплан» (defaults)"),
    WinnableList("bride", "bride", {"auto_remove": "off"}, "Bride and Groom (defaults)"),
)
BY_KEY = {entry.key: entry for entry in LISTS}
DAILY_POOL = 500  # the deal of the day is drawn from a list's first deals (so it stays put as a list grows)


def list_for(game: Game) -> WinnableList | None:
    """The list for this game under its options, if there is one."""
    for entry in LISTS:
        if entry.game == game.id and dict(entry.options) == dict(game.options):
            return entry
    return None


def daily_list(game_id: str) -> WinnableList | None:
    """The list a game's deal of the day comes from: its first list that holds deals."""
    return next((e for e in LISTS if e.game == game_id and deals(e)), None)


def pack(surveyed: int, won: list[int]) -> str:
    """The won deals among 1..surveyed as a bitmap (bit k-1 of the bytes: deal k), in
    Base64: what the site ships, a few hundred bytes a list."""
    bits = bytearray((surveyed + 7) // 8)
    for seed in won:
        if not 1 <= seed <= surveyed:
            raise ValueError(f"deal {seed} is not among 1..{surveyed}")
        bits[(seed - 1) // 8] |= 1 << ((seed - 1) % 8)
    return base64.b64encode(bytes(bits)).decode("ascii")


def unpack(text: str) -> tuple[int, ...]:
    bits = base64.b64decode(text)
    return tuple(8 * i + b + 1 for i, byte in enumerate(bits) for b in range(8) if byte >> b & 1)


_DEALS: dict[str, tuple[int, ...]] = {}


def deals(entry: WinnableList) -> tuple[int, ...]:
    """The deal numbers of a list, proven winnable, in order (none for a list not yet
    surveyed, or whose surveys won no deal)."""
    if entry.key not in _DEALS:
        from .winnable_deals import DEALS

        _DEALS[entry.key] = unpack(DEALS[entry.key][1]) if entry.key in DEALS else ()
    return _DEALS[entry.key]


def surveyed(entry: WinnableList) -> int:
    """How many deals (1..this) the list's surveys have decided or tried."""
    from .winnable_deals import DEALS

    return DEALS[entry.key][0] if entry.key in DEALS else 0


def pick(entry: WinnableList, played: set[int] | frozenset[int], rand: float) -> int | None:
    """A listed deal the player has not played (``rand`` in [0, 1) chooses among them);
    once every one is played, any listed deal; None when the list is empty."""
    listed = deals(entry)
    fresh = [d for d in listed if d not in played] or list(listed)
    return fresh[min(len(fresh) - 1, int(rand * len(fresh)))] if fresh else None


def daily_deal(entry: WinnableList, day: int) -> int | None:
    """The deal of the day ``day`` (days since 1 January of year 1, as ``date.toordinal``):
    the same for every player, from the date alone.  The list's first DAILY_POOL deals in
    an order drawn afresh each round of that many days, so no deal comes twice in a round
    and two days in a row never share one."""
    pool = list(deals(entry)[:DAILY_POOL])
    if not pool:
        return None
    rounds, at = divmod(day, len(pool))
    order = Rng(rounds, "daily " + entry.key).shuffled(pool)
    # the round's first day follows the last round's last one: never the same deal
    if len(pool) > 2 and order[0] == Rng(rounds - 1, "daily " + entry.key).shuffled(pool)[-1]:
        order[0], order[1] = order[1], order[0]
    return order[at]


def lines_file(entry: WinnableList) -> str:
    """Where the site keeps a list's winning lines (``pack_lines``), from its root."""
    return f"static/winnable/{entry.key}.lines.gz"


def pack_lines(won: Mapping[int, str]) -> bytes:
    """The listed deals' winning lines (patience.lines' text, by deal) as the site ships
    them: a line of text a deal, ``"DEAL LINE"``, in order, compressed by gzip (a third to
    a fifth of the text)."""
    text = "".join(f"{seed} {line}\n" for seed, line in sorted(won.items()))
    # 31: the gzip format (its time left 0); level 6, as gzip's own: level 9 took 3-4 s
    # of the site's build for 3% less
    packer = zlib.compressobj(6, zlib.DEFLATED, 31, 9)
    return packer.compress(text.encode("ascii")) + packer.flush()


def unpack_lines(data: bytes) -> dict[int, str]:
    """What ``pack_lines`` packed (ValueError on data that is not such a file)."""
    try:
        text = zlib.decompress(data, 31).decode("ascii")
    except (zlib.error, UnicodeDecodeError) as err:
        raise ValueError(f"not a file of winning lines: {err}") from None
    out: dict[int, str] = {}
    for row in text.splitlines():
        seed, _, line = row.partition(" ")
        if not seed.isdigit() or not line:
            raise ValueError(f"not a line of a deal: {row[:40]!r}")
        out[int(seed)] = line
    return out
