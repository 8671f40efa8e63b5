"""How much the long-running tests do: a default size that `python3 build.py test` runs
(every game, option set, input style and check still covered, in fewer repetitions),
and the long size that `python3 build.py reliability` runs (PATIENCE_LONG=1, whose
figures go to docs/reliability.md).  `python3 bench/fuzz_long.py` runs longer still
through the two counts it sets.

    PATIENCE_LONG=1            the long size of everything below
    PATIENCE_FUZZ_MOVES=N      fuzzed engine moves per game (tests/engine/test_fuzz.py)
    PATIENCE_MONKEY_ACTIONS=N  monkey actions per game (tests/e2e/test_monkey.py)
    PATIENCE_WIN_MOVES=N       moves of a won Klondike deal played through the table before
                               Finish (tests/e2e/test_play.py, test_access.py; 0: all)
    PATIENCE_ENDGAMES=N        late positions of each solver agreement test (tests/search/test_*_search.py)
    PATIENCE_REACH_MOVES=N     legal moves (in random positions) of each game and option set,
                               each reached through the table's inputs (tests/table/test_reachable.py)
    PATIENCE_LIST_REPLAYS=N    winning lines of each winnable-deal list replayed (tests/engine/test_winnable.py; 0: all)
    PATIENCE_RELOADS=N         reloads and closed tabs in the middle of play (tests/e2e/test_faults.py)
    PATIENCE_SCREENS=N         screen sizes every game is fitted to (tests/e2e/test_access.py; 5: all)
    PATIENCE_BADGE_MS=N        the winnability badge's search time on a page a browser test opens
                               for itself (tests/e2e/conftest.py; 0: the page's own, 4 s)
    PATIENCE_LONG_TASK_MS=N    the longest main-thread task allowed while the solver works
                               (tests/e2e/test_assist.py)
"""

from __future__ import annotations

import os

LONG = os.environ.get("PATIENCE_LONG", "") not in ("", "0")


def size(name: str, default: int, long: int) -> int:
    """``PATIENCE_<name>`` if set, else the long size under PATIENCE_LONG, else the default."""
    return int(os.environ.get(f"PATIENCE_{name}") or (long if LONG else default))


FUZZ_MOVES = size("FUZZ_MOVES", 1_500, 10_000)
MONKEY_ACTIONS = size("MONKEY_ACTIONS", 6, 40)
# moves of a won deal played through the table by drag, taps, double clicks or keys
# before Finish plays the rest (0: the whole game through the table)
WIN_MOVES = size("WIN_MOVES", 12, 0)
# random late positions each solver's own search is checked on against the plain search
ENDGAMES = size("ENDGAMES", 20, 80)
# legal moves, in random positions of each game and option set, each reached through the
# table's inputs (taps, the pointer, keys)
REACH_MOVES = size("REACH_MOVES", 50, 600)
# winning lines of each winnable-deal list replayed through the checked play (0: all)
LIST_REPLAYS = size("LIST_REPLAYS", 20, 0)
# the longest main-thread task (ms) allowed while the solver works: the page's own goal,
# under a long task (50 ms), in the long run (on a quiet machine); in the default run a
# bound that a machine busy with other work stays under, which a search that is not
# sliced (seconds in one task) or a full garbage collection of a big search still breaks
# (bench/assist.py prints the longest task measured)
LONG_TASK_MS = size("LONG_TASK_MS", 250, 50)
# reloads and closed tabs, some in the middle of a move, each checked to lose no move made
# (every third one a closed tab)
RELOADS = size("RELOADS", 3, 16)
# the screen sizes every game's table is fitted to and photographed at, of the five
# (tests/e2e/test_access.py): the smallest phone, a phone on its side and a desktop by
# default, and a tall phone and a laptop besides in the long run
SCREENS = size("SCREENS", 3, 5)
# the search time (ms) of the winnability badge on a page a browser test opens for itself:
# most such tests visit or reload and never read the badge, and its search of a first deal
# costs the machine about a second of CPU (Klondike deal 1); the shared pages, on which the
# badge's tests run, and a page that asks for them keep the page's own budgets, and so
# does every page in the long run (0)
BADGE_MS = size("BADGE_MS", 300, 0)
