#!/usr/bin/env python3
"""The winnable-deal lists' surveys (py/patience/winnable.py names the lists).

    python3 tools/winnable.py survey KEY [KEY …] --seeds A-B [--budget-s 2] [--jobs 2] [--retry-unknown]
    python3 tools/winnable.py status
    python3 tools/winnable.py publish [--only KEY …]
    python3 tools/winnable.py rows

``survey`` runs the command line's survey of each list's game and options over the seeds,
resuming what ``data/winnable/KEY.deals.jsonl`` holds already and appending each won
deal's line to ``KEY.wins.jsonl``: it can be stopped at any point and run again, in this
sitting or the next, without losing or doubling a deal.  ``status`` prints, for each
list, the deals surveyed, won, lost and unknown, and the listed wins.  ``publish`` writes
what the site ships, py/patience/winnable_deals.py: for each list, how far its surveys
reached without a gap (deals 1..N) and the won deals among them, each with its winning
line in ``KEY.wins.jsonl`` (tests/engine/test_winnable.py holds the two together); ``--only``
publishes just those lists (the others' surveys still running) and leaves the rest as
they were published.  ``survey --retry-unknown`` runs again, once, the deals a list's
survey left unknown (after the search got better), and with a longer ``--budget-s`` than
they had, those still unknown after that: the new line of a deal counts instead of the old,
here and in the command line's ``--resume``, and it too can be stopped and run again.
``rows`` prints each list's survey as a row of docs/winnability.md's table (the budget, and
the longer one its unknown deals ran again with; won, lost, unknown, the Wilson intervals,
the time a deal).  The site's build ships each list's published deals with their lines
(``site_lines``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "winnable"
sys.path.insert(0, str(ROOT / "py"))

from patience.winnable import BY_KEY, LISTS, WinnableList, deals as listed, pack, pack_lines  # noqa: E402

PUBLISHED = ROOT / "py" / "patience" / "winnable_deals.py"


def files(key: str) -> tuple[Path, Path]:
    return DATA / f"{key}.deals.jsonl", DATA / f"{key}.wins.jsonl"


def records(path: Path) -> list[dict]:
    """A survey file's lines, one a seed: a later line of a seed (a deal run again by
    ``--retry-unknown``) replaces the earlier, in the earlier's place."""
    if not path.exists():
        return []
    out: dict[int, dict] = {}
    for line in path.read_text().splitlines():
        if line.endswith("}"):
            record = json.loads(line)
            out[record["seed"]] = record
    return list(out.values())


def survey(keys: list[str], seeds: str, budget: float, jobs: int, retry: bool = False) -> int:
    DATA.mkdir(parents=True, exist_ok=True)
    for key in keys:
        entry = BY_KEY[key]
        deals, wins = files(key)
        opts = [x for name, value in entry.options.items() for x in ("--opt", f"{name}={value}")]
        command = [sys.executable, "-m", "patience", "survey", entry.game, *opts, "--seeds", seeds,
                   "--budget-s", str(budget), "--jobs", str(jobs), "--deals-out", str(deals),
                   "--wins-out", str(wins), "--resume", *(["--retry-unknown"] if retry else [])]
        print(f"== {key}: {' '.join(command[3:])}", flush=True)
        done = subprocess.run(command, cwd=ROOT / "py", check=False)
        if done.returncode:
            return done.returncode
    return 0


def status() -> None:
    print(f"{'list':<20} {'deals':>6} {'won':>6} {'lost':>6} {'unknown':>7}  {'seeds':<12} {'retried':>7} listed")
    for entry in LISTS:
        deals, wins = files(entry.key)
        found = records(deals)
        count = {v: sum(1 for r in found if r["verdict"] == v) for v in ("won", "lost", "unknown")}
        seeds = [r["seed"] for r in found]
        span = f"{min(seeds)}-{max(seeds)}" if seeds else "-"
        retried = sum(1 for r in found if r.get("retried"))
        print(f"{entry.key:<20} {len(found):>6} {count['won']:>6} {count['lost']:>6} {count['unknown']:>7}  "
              f"{span:<12} {retried:>7} {len(records(wins))}")


def published(only: list[str] | None = None) -> dict[str, tuple[int, str]]:
    """Each list's surveyed span 1..N (no gap) and its won deals there that have a line
    (``only``: of those lists; the others as published before)."""
    out = {}
    if only:
        from patience.winnable_deals import DEALS

        out = {key: value for key, value in DEALS.items() if key not in only}
    for entry in LISTS:
        if only and entry.key not in only:
            continue
        deals, wins = files(entry.key)
        seeds = {r["seed"] for r in records(deals)}
        span = 0
        while span + 1 in seeds:
            span += 1
        lines = {r["seed"] for r in records(wins)}
        won = sorted(r["seed"] for r in records(deals) if r["verdict"] == "won" and r["seed"] <= span
                     and r["seed"] in lines)
        if span:
            out[entry.key] = (span, pack(span, won))
    return {entry.key: out[entry.key] for entry in LISTS if entry.key in out}


def site_lines(entry: WinnableList) -> bytes | None:
    """What the site ships of a list's lines (patience.winnable.pack_lines): the winning line
    of each deal published (winnable_deals.py), none for a list without deals."""
    seeds = listed(entry)
    if not seeds:
        return None
    found = {r["seed"]: r["line"] for r in records(files(entry.key)[1])}
    missing = [seed for seed in seeds if seed not in found]
    if missing:  # publish lists only deals with a line: the data and the published list differ
        raise SystemExit(f"{entry.key}: deals {missing[:5]} are listed without a line in data/winnable/ "
                         f"(python3 tools/winnable.py publish --only {entry.key})")
    return pack_lines({seed: found[seed] for seed in seeds})


def publish(only: list[str] | None = None) -> None:
    rows = "".join(f"    {key!r}: ({span}, {text!r}),\n" for key, (span, text) in published(only).items())
    PUBLISHED.write_text(
        '"""The winnable-deal lists as the site ships them: written by ``python3 tools/winnable.py\n'
        'publish`` from data/winnable/ (do not edit).  For each list (patience.winnable.LISTS): the\n'
        'deals its surveys reached, 1..N, and the won ones among them as a bitmap in Base64\n'
        '(patience.winnable.unpack)."""\n\n'
        f"DEALS: dict[str, tuple[int, str]] = {{\n{rows}}}\n")
    print(f"wrote {PUBLISHED.relative_to(ROOT)}")


def rows() -> None:
    from patience.cli import quantile, wilson

    for entry in LISTS:
        found = records(files(entry.key)[0])
        if not found:
            continue
        n = len(found)
        count = {v: sum(1 for r in found if r["verdict"] == v) for v in ("won", "lost", "unknown")}
        low, high = wilson(count["won"], n)
        top_low, top_high = wilson(count["won"] + count["unknown"], n)
        times = [r["seconds"] for r in found]
        # the budget of a longer run again: the time its deals still unknown ran to
        longest = round(max((r["seconds"] for r in found if r.get("retried") and r["verdict"] == "unknown"),
                            default=0))
        budget = "2 s" if longest <= 2 else f"2 s, then {longest} s"
        print(f"| {entry.title} | {n} | {budget} | {count['won']} | {count['lost']} | {count['unknown']} | "
              f"{100 * count['won'] / n:.2f}% ({100 * low:.2f}–{100 * high:.2f}%) | "
              f"{100 * (count['won'] + count['unknown']) / n:.2f}% ({100 * top_low:.2f}–{100 * top_high:.2f}%) | "
              f"{quantile(times, 0.5):.2f} s / {quantile(times, 0.9):.2f} s |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    run = sub.add_parser("survey")
    run.add_argument("keys", nargs="+", choices=sorted(BY_KEY))
    run.add_argument("--seeds", required=True)
    run.add_argument("--budget-s", type=float, default=2.0)
    run.add_argument("--jobs", type=int, default=2)
    run.add_argument("--retry-unknown", action="store_true")
    sub.add_parser("status")
    sub.add_parser("rows")
    out = sub.add_parser("publish")
    out.add_argument("--only", nargs="+", choices=sorted(BY_KEY))
    args = ap.parse_args()
    if args.command == "status":
        status()
        return 0
    if args.command == "rows":
        rows()
        return 0
    if args.command == "publish":
        publish(args.only)
        return 0
    return survey(args.keys, args.seeds, args.budget_s, args.jobs, args.retry_unknown)


if __name__ == "__main__":
    sys.exit(main())
