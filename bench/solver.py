#!/usr/bin/env python3
"""The solver's speed: printed figures, never a test.

    python3 bench/solver.py held-out [--seeds 100001-100200] [--budget-s 2] [--jobs 2] [--only KEY …]
    python3 bench/solver.py gc [--rounds 3]
    python3 bench/solver.py instructions [--py DIR] [--work canfield|zmey|glider|gaps8]
    python3 bench/solver.py [--deals 200] [--budget-s 5] [--other-deals 20] [--no-pyodide]

``held-out``: the figures the solver's issues are judged by.  Every game at its default
options, and Klondike draw 1, Frog regardless of suit and Пасьянс Потоцкого without
reshuffles (one-deck Gaps, whose winnable share the literature gives), each on seeds
100001-100200, deals no search was tuned on, 2 s a deal counting all of a deal's solving
(the command line's survey on every core): the share decided, won, lost and unknown, the
won share's Wilson interval and the median time a deal.  About 200 x 2 s / 2 cores at most
a row: some 40 minutes for all twelve on this machine, less where deals are decided.

``gc``: a fixed node-limited workload (Canfield's held-out deals decided between 2 s and
60 s and two it never decides, and two deals each of four other searches, up to 100,000
positions a deal) searched with the cyclic garbage
collector off, as ``Search.run`` and the page's runner have it, and on, by turns in fresh
processes, ``--rounds`` times: the median seconds of each and their ratio.

``instructions``: the machine instructions of a fixed node-limited workload (``--work``:
Canfield's held-out deals 100131, 100049 and 100183, 12,000 positions each, the default;
or «Змей»'s 100009, 100023 and 100028, or «Дельтаплан»'s 100011, 100029 and 100032, 6,000
positions each), counted under
valgrind's callgrind (the Debian package ``valgrind``), net of Python's start-up.  The same
work gives the same count on a busy machine, so a change of speed too small for the
clock (a few per cent) shows: run it here and with ``--py`` on a checkout of the code
before (``git worktree add``).  About a minute a count.

Without ``held-out``, ``gc`` or ``instructions``:

1. Klondike under the literature's standard rules (draw 3, unlimited passes, any run
   moves, foundation cards may come back), seeds 1..deals, each searched for at most
   budget-s seconds on this CPython: the share decided (won or proven lost) and the
   median time a deal.
2. The same figures for every other game at its default options (other-deals seeds).
3. The solver's slowdown under Pyodide (the page's runtime, run in Node from
   static/vendor/pyodide after ``python3 build.py fetch``) against this CPython, on a
   fixed workload of node-limited searches.

A new game needs nothing here: ``held-out`` and part 2 run every registered game, and
part 3's workload stays fixed so that its figures compare from run to run
(docs/winnability.md).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from patience import GAMES, get_game  # noqa: E402
from patience.search import LOST, WON, solve  # noqa: E402

STANDARD = {"draw": "3", "passes": "inf", "runs": "any", "foundation_return": "on"}

# The same Python runs in CPython and in Pyodide: node-limited searches, so both do
# exactly the same work; it prints the nodes and the seconds they took.
WORKLOAD = """
import json, time
from patience import get_game
from patience.search import solve
work = [("klondike", {"draw": "1"}, s, 3000) for s in (2, 3, 4)] + [
    ("klondike", {"draw": "3", "runs": "any", "foundation_return": "on"}, s, 3000) for s in (2, 3)] + [
    ("canfield", {}, 4, 2000), ("glider", {}, 1, 1000), ("gaps8", {}, 1, 500), ("zmey", {}, 1, 500)]
nodes = 0
start = time.perf_counter()
for game_id, opts, seed, budget in work:
    game = get_game(game_id, opts)
    nodes += solve(game, game.deal(seed), budget).nodes
print(json.dumps({"nodes": nodes, "seconds": time.perf_counter() - start}))
"""

NODE_RUNNER = """
import { loadPyodide } from "%(runtime)s/pyodide.mjs";
import fs from "node:fs";
import path from "node:path";
const py = await loadPyodide({ indexURL: "%(runtime)s/" });
const src = "%(engine)s";
function copy(dir, into) {
  py.FS.mkdirTree(into);
  for (const name of fs.readdirSync(dir)) {
    const from = path.join(dir, name);
    if (fs.statSync(from).isDirectory()) { if (name !== "__pycache__") copy(from, into + "/" + name); }
    else if (name.endsWith(".py")) py.FS.writeFile(into + "/" + name, fs.readFileSync(from, "utf8"));
  }
}
copy(src, "/home/pyodide/patience");
py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
py.setStdout({ batched: (line) => console.log(line) });
py.runPython(fs.readFileSync(process.argv[2], "utf8"));
"""


def survey(game_id: str, options: dict[str, str], seeds: range, seconds: float) -> tuple[float, float, dict[str, int]]:
    """(share decided, median seconds a deal, verdict counts)."""
    game = get_game(game_id, options)
    times: list[float] = []
    counts: dict[str, int] = {}
    for seed in seeds:
        result = solve(game, game.deal(seed), None, seconds)
        times.append(result.seconds)
        counts[result.verdict] = counts.get(result.verdict, 0) + 1
    decided = counts.get(WON, 0) + counts.get(LOST, 0)
    return decided / len(seeds), statistics.median(times), counts


def workload_cpython() -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", WORKLOAD], cwd=ROOT / "py", capture_output=True, text=True,
                          check=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def workload_pyodide() -> dict[str, float] | None:
    runtime = ROOT / "static" / "vendor" / "pyodide"
    node = shutil.which("node")
    if node is None or not (runtime / "pyodide.mjs").exists():
        print("Pyodide: skipped (needs node and static/vendor/pyodide: python3 build.py fetch)")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        runner = Path(tmp) / "run.mjs"
        runner.write_text(NODE_RUNNER % {"runtime": runtime.as_posix(), "engine": (ROOT / "py" / "patience").as_posix()})
        work = Path(tmp) / "work.py"
        work.write_text(WORKLOAD)
        done = subprocess.run([node, str(runner), str(work)], capture_output=True, text=True, timeout=1200)
    if done.returncode != 0:
        print(f"Pyodide: failed ({done.stderr.strip().splitlines()[-1:]})")
        return None
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


# held-out's rows beyond each game's defaults: (name, game, options)
HELD_OUT_MORE = (("klondike-draw1", "klondike", {"draw": "1"}), ("frog-any", "frog", {"foundation": "any"}),
                 ("frog-reserve-home", "frog", {"reserve_to_piles": "off"}), ("potocki-0", "potocki", {"reshuffles": "0"}))


def held_out(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(prog="bench/solver.py held-out")
    ap.add_argument("--seeds", default="100001-100200")
    ap.add_argument("--budget-s", type=float, default=2.0)
    ap.add_argument("--jobs", type=int, default=0, help="processes (default: every core)")
    ap.add_argument("--only", nargs="+", metavar="KEY", help="these rows only (a game id, or klondike-draw1 …)")
    args = ap.parse_args(argv)
    rows = [(spec.id, spec.id, {}) for spec in GAMES] + list(HELD_OUT_MORE)
    if args.only:
        rows = [row for row in rows if row[0] in args.only]
    print(f"Python {sys.version.split()[0]}; all cards known; seeds {args.seeds}, {args.budget_s:g} s a deal, "
          f"load {os.getloadavg()[0]:.1f}")
    print(f"{'row':<16} {'decided':>8} {'won':>5} {'lost':>5} {'unknown':>7}  {'won (Wilson 95%)':<24} median")
    for name, game_id, options in rows:
        opts = [x for k, v in options.items() for x in ("--opt", f"{k}={v}")]
        done = subprocess.run([sys.executable, "-m", "patience", "survey", game_id, *opts, "--seeds", args.seeds,
                               "--budget-s", str(args.budget_s), "--jobs", str(args.jobs), "--json"],
                              cwd=ROOT / "py", capture_output=True, text=True)
        if done.returncode:
            sys.exit(done.stderr.strip())
        r = json.loads(done.stdout)
        low, high = r["wilson95"]
        print(f"{name:<16} {100 * (r['won'] + r['lost']) / r['deals']:7.1f}% {r['won']:>5} {r['lost']:>5} "
              f"{r['unknown']:>7}  {100 * r['winnable']:5.1f}% ({100 * low:.1f}–{100 * high:.1f}%)"
              f"{'':<6} {r['median_s']:.2f} s", flush=True)


# gc's workload: (game, options, seeds, positions a deal)
GC_WORK = [("canfield", {}, (100104, 100167, 100048, 100183, 12, 30), 100_000),
           ("klondike", {}, (100013, 100021), 100_000), ("frog", {"foundation": "any"}, (100014, 100018), 60_000),
           ("glider", {}, (100003, 100011), 30_000), ("potocki", {"reshuffles": "0"}, (3, 6), 100_000)]

# run in a child process: the workload with the collector as Search.run leaves it ("off"),
# or on all along ("on": gc.disable made a no-op)
GC_CHILD = """
import gc, json, sys, time
sys.path.insert(0, sys.argv[1])
if sys.argv[2] == "on":
    gc.disable = lambda: None
from patience import get_game
from patience.search import solve
start = time.perf_counter()
for game_id, opts, seeds, nodes in json.loads(sys.argv[3]):
    game = get_game(game_id, opts)
    for seed in seeds:
        solve(game, game.deal(seed), nodes)
print(time.perf_counter() - start)
"""


# instructions' workloads: (game, options, seeds, positions a deal)
INSTRUCTION_WORK = {"canfield": [("canfield", {}, (100131, 100049, 100183), 12_000)],
                    "zmey": [("zmey", {}, (100009, 100023, 100028), 6_000)],
                    "glider": [("glider", {}, (100011, 100029, 100032), 6_000)],
                    "gaps8": [("gaps8", {}, (100001, 100002, 100004), 10_000)]}

INSTRUCTION_CHILD = """
import gc, json, sys
sys.path.insert(0, sys.argv[1])
gc.disable()
from patience import get_game
from patience.search import solve
for game_id, opts, seeds, nodes in json.loads(sys.argv[2]):
    game = get_game(game_id, opts)
    for seed in seeds:
        solve(game, game.deal(seed), nodes)
"""


def instructions(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(prog="bench/solver.py instructions")
    ap.add_argument("--py", default=str(ROOT / "py"), help="the engine's folder (another checkout's py/)")
    ap.add_argument("--work", choices=sorted(INSTRUCTION_WORK), default="canfield", help="which game's workload")
    args = ap.parse_args(argv)
    work = INSTRUCTION_WORK[args.work]
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        sys.exit("valgrind is not installed (the Debian package valgrind)")

    def count(work: list) -> int:
        done = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                               INSTRUCTION_CHILD, args.py, json.dumps(work)], capture_output=True, text=True)
        if done.returncode:
            sys.exit(done.stderr.strip()[-2000:])
        found = [line for line in done.stderr.splitlines() if "Collected :" in line]
        return int(found[-1].split(":")[-1].strip())

    start, total = count([]), count(work)
    print(f"{args.py}: {total - start:,} instructions for {work} "
          f"(net of {start:,} for Python's start-up)")


def gc_bench(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(prog="bench/solver.py gc")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    times: dict[str, list[float]] = {"off": [], "on": []}
    for _ in range(args.rounds):
        for mode in times:
            out = subprocess.run([sys.executable, "-c", GC_CHILD, str(ROOT / "py"), mode, json.dumps(GC_WORK)],
                                 capture_output=True, text=True, check=True).stdout
            times[mode].append(float(out))
    off, on = statistics.median(times["off"]), statistics.median(times["on"])
    print(f"the collector off {off:.2f} s, on {on:.2f} s (medians of {args.rounds} runs by turns, "
          f"load {os.getloadavg()[0]:.1f}): {on / off:.2f}x")


def main() -> None:
    if sys.argv[1:2] == ["held-out"]:
        held_out(sys.argv[2:])
        return
    if sys.argv[1:2] == ["gc"]:
        gc_bench(sys.argv[2:])
        return
    if sys.argv[1:2] == ["instructions"]:
        instructions(sys.argv[2:])
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=200, help="Klondike deals (seeds 1..N)")
    ap.add_argument("--budget-s", type=float, default=5.0, help="seconds a deal")
    ap.add_argument("--other-deals", type=int, default=20, help="deals of every other game (0: none)")
    ap.add_argument("--no-pyodide", action="store_true")
    args = ap.parse_args()
    print(f"Python {sys.version.split()[0]}; all cards known; budget {args.budget_s:g} s a deal")
    start = time.perf_counter()
    share, median, counts = survey("klondike", STANDARD, range(1, args.deals + 1), args.budget_s)
    print(f"klondike standard (draw 3, passes inf, runs any, foundation_return on), seeds 1-{args.deals}: "
          f"decided {100 * share:.1f}% within {args.budget_s:g} s, median {median:.2f} s  {counts}  "
          f"[{time.perf_counter() - start:.0f} s]")
    for spec in GAMES:
        if spec.id == "klondike" or not args.other_deals:
            continue
        share, median, counts = survey(spec.id, {}, range(1, args.other_deals + 1), args.budget_s)
        print(f"{spec.id:<9} defaults, seeds 1-{args.other_deals}: decided {100 * share:5.1f}% within "
              f"{args.budget_s:g} s, median {median:.2f} s  {counts}")
    if not args.no_pyodide:
        cpython = workload_cpython()
        pyodide = workload_pyodide()
        if pyodide is not None:
            rate_c = cpython["nodes"] / cpython["seconds"]
            rate_p = pyodide["nodes"] / pyodide["seconds"]
            print(f"Pyodide: {rate_p:.0f} nodes/s against CPython {rate_c:.0f} nodes/s on the same "
                  f"{int(cpython['nodes'])} nodes: {rate_c / rate_p:.2f}x slower")


if __name__ == "__main__":
    main()
