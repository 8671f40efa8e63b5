#!/usr/bin/env python3
"""The search of the working tree against the search of an earlier commit, side by side.

    python3 bench/search_against.py REV [--rounds 3] [--scale 1]

A fixed, node-limited workload (every game with a search of its own or a model, Frog both
ways, one-deck Gaps, Klondike with limited passes; two seeds each) is solved by the
engine of commit ``REV`` (``git archive`` into a temporary folder) and by the working
tree's, in turns, ``--rounds`` times.  It prints each deal's verdict, positions searched
and line length where the two differ (a change meant to search the same positions
should print none), and the median time of each side with their ratio: the machine is
noisy, so the two run by turns in one process each, never with a timed assertion.
Figures only; no test depends on them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WORK = [
    ("klondike", {"draw": "1"}, (2, 3, 4), 3000),
    ("klondike", {"draw": "3", "runs": "any", "foundation_return": "on"}, (2, 3), 3000),
    ("klondike", {"draw": "3", "passes": "3"}, (5, 15), 3000),
    ("canfield", {}, (4, 14), 2000),
    ("glider", {}, (1, 11), 1000),
    ("zmey", {}, (1, 11), 500),
    ("gaps8", {}, (1, 11), 500),
    ("potocki", {"reshuffles": "0"}, (5, 15), 3000),
    ("frog", {}, (1, 11), 3000),
    ("frog", {"foundation": "any"}, (3, 13), 3000),
    ("bride", {}, (2, 12), 2000),
    ("cross", {}, (2, 12), 2000),
]

# run in a child process with the engine at sys.argv[1] first on its path
CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from patience import get_game
from patience.search import solve
work, scale = json.loads(sys.argv[2]), int(sys.argv[3])
rows, start = [], time.perf_counter()
for game_id, opts, seeds, nodes in work:
    game = get_game(game_id, opts)
    for seed in seeds:
        result = solve(game, game.deal(seed), nodes * scale)
        rows.append([game_id, opts, seed, result.verdict, result.nodes, len(result.moves)])
print(json.dumps({"seconds": time.perf_counter() - start, "rows": rows}))
"""


def run(py: Path, scale: int) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, str(py), json.dumps(WORK), str(scale)],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rev", help="the commit to compare with (e.g. HEAD~3)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--scale", type=int, default=1, help="positions a deal, times the workload's")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", args.rev, "py"], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        sides = {"before": Path(tmp) / "py", "now": ROOT / "py"}
        seconds: dict[str, list[float]] = {name: [] for name in sides}
        rows: dict[str, list] = {}
        for _ in range(args.rounds):
            for name, py in sides.items():
                result = run(py, args.scale)
                seconds[name].append(result["seconds"])
                rows[name] = result["rows"]
    differ = [(a, b) for a, b in zip(rows["before"], rows["now"]) if a != b]
    print(f"{len(rows['now'])} deals; {len(differ)} differ (verdict, positions, moves) between {args.rev} and now")
    for a, b in differ:
        print(f"  {a[0]} {a[1]} seed {a[2]}: {a[3]} {a[4]} {a[5]}  ->  {b[3]} {b[4]} {b[5]}")
    before, now = statistics.median(seconds["before"]), statistics.median(seconds["now"])
    print(f"median of {args.rounds} rounds: {args.rev} {before:.2f} s, now {now:.2f} s, now/before {now / before:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
