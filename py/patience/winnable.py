"""The lists of proven-winnable deals: which game and options each list is for.

Each list is made by surveys (``python3 tools/winnable.py``, which runs the command
line's ``survey`` with ``--deals-out``, ``--wins-out`` and ``--resume``): the repository
keeps every surveyed deal's verdict and every won deal's winning line under
``data/winnable/`` (``KEY.deals.jsonl``, ``KEY.wins.jsonl``); the site ships the won
deals' numbers only (``static/winnable/KEY.json``, written by ``build.py``).  A listed
deal's line replays to a win through the checked play (tests/test_winnable.py), so a
list that drifts from its game's rules fails a test.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple

from .game import Game


class WinnableList(NamedTuple):
    key: str  # the files' name
    game: str
    options: Mapping[str, str]  # as resolved: every option named
    title: str  # what the list is, for the docs


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
    WinnableList("frog", "frog", {"foundation": "suit", "reserve_to_piles": "on"}, "Frog (defaults: in suit)"),
    WinnableList("frog-any", "frog", {"foundation": "any", "reserve_to_piles": "on"}, "Frog, regardless of suit"),
    WinnableList("cross", "cross", {"rounds": "3"}, "«Исчезнувший крест» (defaults)"),
    WinnableList("glider", "glider", {"cross_only": "off", "redeals": "3"}, "«Дельтаплан» (defaults)"),
    WinnableList("bride", "bride", {"auto_remove": "off"}, "Bride and Groom (defaults)"),
)
BY_KEY = {entry.key: entry for entry in LISTS}


def list_for(game: Game) -> WinnableList | None:
    """The list for this game under its options, if there is one."""
    for entry in LISTS:
        if entry.game == game.id and dict(entry.options) == dict(game.options):
            return entry
    return None
