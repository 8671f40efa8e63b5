#!/usr/bin/env python3
"""A survey's rate, in deals a second for one core, and what a million deals would cost:
printed figures, never a test.

    python3 bench/survey_rate.py [--game klondike] [--deals 20] [--budget-s 2] [--runs 3] [--scheduler local]

(``--scheduler local`` needs the package ``distributed``: run it with .venv/bin/python.)

Runs ``python3 -m patience survey GAME --seeds 1-DEALS --budget-s T --jobs 1 --json``
RUNS times (one process: one core) and prints the median rate and the core-hours a
survey of a million deals would take at it.  With ``--scheduler local`` it also runs
the same survey on a local Dask cluster of one worker (``--scheduler local --jobs 1``),
whose rate against the plain run's is the cluster's overhead a deal.  A time budget
bounds most deals that are not decided quickly, so the rate depends on the budget more
than on the machine; a busy machine decides fewer deals in it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MILLION = 1_000_000


def survey(game: str, deals: int, budget: float, *extra: str) -> tuple[float, float, dict[str, object]]:
    """The wall seconds of one survey (the interpreter's start and the cluster's included),
    the seconds its deals took to solve (summed), and its report."""
    out = Path(tempfile.mkdtemp()) / "deals.jsonl"
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "patience", "survey", game, "--seeds", f"1-{deals}",
                           "--budget-s", str(budget), "--json", "--deals-out", str(out), *extra],
                          cwd=ROOT / "py", capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "py")})
    if done.returncode:
        sys.exit(done.stderr.strip())
    wall = time.perf_counter() - started
    solving = sum(json.loads(line)["seconds"] for line in out.read_text().splitlines())
    out.unlink()
    out.parent.rmdir()
    return wall, solving, json.loads(done.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="klondike")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--budget-s", type=float, default=2.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--scheduler", choices=["local"], default=None)
    args = ap.parse_args()
    ways = [("one process", ["--jobs", "1"])]
    if args.scheduler:
        ways.append(("local Dask cluster, one worker", ["--scheduler", "local", "--jobs", "1"]))
    print(f"{args.game}, seeds 1-{args.deals}, {args.budget_s:g} s a deal at most, {args.runs} runs "
          f"({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})")
    for label, extra in ways:
        rates, solving, decided = [], [], []
        for _ in range(args.runs):
            wall, seconds, report = survey(args.game, args.deals, args.budget_s, *extra)
            rates.append(args.deals / wall)
            solving.append(args.deals / seconds)
            decided.append((int(report["won"]) + int(report["lost"])) / args.deals)  # type: ignore[call-overload]
        rate = statistics.median(rates)
        hours = MILLION / rate / 3600
        print(f"{label}: {rate:.2f} deals/s a core (median; runs {', '.join(f'{r:.2f}' for r in rates)}), "
              f"decided {100 * statistics.median(decided):.0f}%;\n"
              f"  {statistics.median(solving):.2f} deals/s in the solver alone (the rest: start-up and dispatch)")
        print(f"  a million deals: {hours:,.0f} core-hours; on 100 cores {hours / 100:.1f} h, "
              f"on 1,000 cores {60 * hours / 1000:.0f} min")


if __name__ == "__main__":
    main()
