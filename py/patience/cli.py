"""The command line: ``python3 -m patience deal | solve | survey``.

    deal GAME --seed N [--opt k=v …] [--json]
    solve GAME (--seed N | --position CODE) [--opt k=v …] [--budget-s T] [--budget-nodes N] [--json]
    survey GAME --seeds A-B [--opt k=v …] [--budget-s T] [--budget-nodes N] [--jobs J]
           [--scheduler ADDRESS|local] [--deals-out FILE [--resume [--retry-unknown]]] [--wins-out FILE]
           [--json]

The solver sees every card ("all cards known") and every report says so.  Bad
arguments give a one-line error on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from contextlib import ExitStack
from typing import IO, Any, Iterable, Iterator, NoReturn, Sequence

from .errors import PatienceError
from .game import Game
from .lines import encode
from .registry import BY_ID, get_game
from .rng import MAX_SEED
from .search import ALL_CARDS_KNOWN, LOST, UNKNOWN, WON, Result, solve
from .state import State

Z95 = 1.959963984540054
MAX_SURVEY = 1_000_000  # deals in one survey at most (its tasks are listed before it starts)


class UsageError(Exception):
    """Bad command-line arguments: one line on stderr, exit code 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def parser() -> Parser:
    top = Parser(prog="python3 -m patience", description="Deal, solve and survey the games of the collection.")
    sub = top.add_subparsers(dest="command", required=True, parser_class=Parser)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help=f"one of: {', '.join(BY_ID)}")
        p.add_argument("--opt", action="append", default=[], metavar="K=V", help="a game option (repeatable)")
        p.add_argument("--json", action="store_true", help="print JSON")

    deal = sub.add_parser("deal", help="print a deal as piles of cards")
    common(deal)
    deal.add_argument("--seed", type=deal_number, required=True, metavar="N")

    solve_p = sub.add_parser("solve", help="solve a deal or a position")
    common(solve_p)
    where = solve_p.add_mutually_exclusive_group(required=True)
    where.add_argument("--seed", type=deal_number, metavar="N")
    where.add_argument("--position", metavar="CODE", help="a position in the engine's text form")
    solve_p.add_argument("--budget-s", type=float, default=10.0, metavar="T", help="seconds of search (default 10)")
    solve_p.add_argument("--budget-nodes", type=int, default=None, metavar="N", help="positions to expand at most")

    survey = sub.add_parser("survey", help="solve a range of deals and report the winnable share")
    common(survey)
    survey.add_argument("--seeds", required=True, metavar="A-B")
    survey.add_argument("--budget-s", type=float, default=5.0, metavar="T", help="seconds a deal (default 5)")
    survey.add_argument("--budget-nodes", type=int, default=None, metavar="N", help="positions a deal at most")
    survey.add_argument("--jobs", type=int, default=0, metavar="J",
                        help="processes, or the local cluster's workers (default: every core)")
    survey.add_argument("--scheduler", metavar="ADDRESS",
                        help="run on the Dask cluster of this scheduler (tcp://host:8786), or 'local' to start one "
                             "here (needs the package 'distributed')")
    survey.add_argument("--deals-out", metavar="FILE",
                        help="write each deal's result to FILE as one JSON line as it finishes")
    survey.add_argument("--resume", action="store_true",
                        help="go on with the survey whose --deals-out FILE exists: its deals are not run again, "
                             "the rest are appended, and the report counts them all")
    survey.add_argument("--retry-unknown", action="store_true",
                        help="with --resume: run again, once, the deals that FILE holds as unknown (a better "
                             "search, or a longer budget); the new result is appended and counts instead. A deal "
                             "run again already is run again only by a longer budget than it was given")
    survey.add_argument("--wins-out", metavar="FILE",
                        help="append each won deal's number and winning line to FILE as one JSON line "
                             "(each move its index among the legal moves: patience.lines)")
    return top


# --- helpers --------------------------------------------------------------------------

def options_of(pairs: Sequence[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name or not value:
            raise UsageError(f"--opt takes NAME=VALUE, not {pair!r}")
        out[name] = value
    return out


def game_of(args: argparse.Namespace) -> Game:
    if args.game not in BY_ID:
        raise UsageError(f"unknown game {args.game!r} (games: {', '.join(BY_ID)})")
    return get_game(args.game, options_of(args.opt))


def deal_number(text: str) -> int:
    """A deal number, 1 to MAX_SEED as in the page's address (argparse reports the error)."""
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"takes a deal number from 1 to {MAX_SEED}, not {text!r}")
    return int(text)


def seed_range(text: str) -> range:
    first, sep, last = text.partition("-")
    if not sep:
        last = first
    if not (first.isascii() and first.isdigit() and last.isascii() and last.isdigit()):
        raise UsageError(f"--seeds takes A-B with whole numbers, e.g. 1-500, not {text!r}")
    a, b = int(first), int(last)
    if not (1 <= a and b <= MAX_SEED):
        raise UsageError(f"--seeds {text}: deal numbers run from 1 to {MAX_SEED}")
    if a > b:
        raise UsageError(f"--seeds {text}: the first seed is after the last")
    if b - a >= MAX_SURVEY:
        raise UsageError(f"--seeds {text}: at most {MAX_SURVEY} deals in one survey")
    return range(a, b + 1)


def budget_of(args: argparse.Namespace) -> tuple[int | None, float | None]:
    if args.budget_s is not None and not args.budget_s > 0:
        raise UsageError("--budget-s must be more than 0")
    if args.budget_nodes is not None and args.budget_nodes < 1:
        raise UsageError("--budget-nodes must be at least 1")
    return args.budget_nodes, args.budget_s


def describe(game: Game) -> str:
    opts = " ".join(f"{k}={v}" for k, v in game.options.items())
    return f"{game.id} {opts}".strip()


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def quantile(values: Sequence[float], q: float) -> float:
    """The q-quantile (nearest rank) of a non-empty sequence."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


# --- commands -------------------------------------------------------------------------

def cmd_deal(args: argparse.Namespace) -> None:
    game = game_of(args)
    state = game.deal(args.seed)
    if args.json:
        print(json.dumps({"game": game.id, "options": game.options, "seed": args.seed,
                          "position": game.code(state), "piles": piles_json(game, state)}))
        return
    print(f"{describe(game)}  seed {args.seed}")
    width = max(len(n) for n in game.names)
    for name, pile, down in zip(game.names, state.piles, state.down):
        hidden = " ".join(str(c) for c in pile[:down])
        shown = " ".join(str(c) for c in pile[down:])
        text = (f"[{hidden}] " if down else "") + shown
        print(f"{name:<{width}}  {text}".rstrip())
    if state.info:
        print(f"{'#':<{width}}  " + " ".join(f"{k}={v}" for k, v in zip(game.layout.info, state.info)))
    print(f"position: {game.code(state)}")
    print("Cards are listed bottom first; [ ] holds the face-down cards.")


def piles_json(game: Game, state: State) -> dict[str, Any]:
    return {name: {"cards": [str(c) for c in pile], "down": down}
            for name, pile, down in zip(game.names, state.piles, state.down)}


def cmd_solve(args: argparse.Namespace) -> None:
    game = game_of(args)
    nodes, seconds = budget_of(args)
    if args.position is not None:
        state = game.from_code(args.position)
        origin: dict[str, Any] = {"position": args.position}
        where = "position"
    else:
        state = game.deal(args.seed)
        origin = {"seed": args.seed}
        where = f"seed {args.seed}"
    result = solve(game, state, nodes, seconds)
    moves = [game.notation(m) for m in result.moves]
    if args.json:
        print(json.dumps({"game": game.id, "options": game.options, **origin, "verdict": result.verdict,
                          "moves": moves, "nodes": result.nodes, "seconds": round(result.seconds, 3),
                          "knowledge": ALL_CARDS_KNOWN,
                          "budget": {"seconds": seconds, "nodes": nodes}}))
        return
    print(f"{describe(game)}  {where}  ({ALL_CARDS_KNOWN})")
    explained = {WON: "won: a winning line was found",
                 LOST: "lost: no line wins (the whole reachable space was searched)",
                 UNKNOWN: "unknown: the budget ran out first"}
    print(f"verdict: {explained[result.verdict]}")
    if result.verdict == WON:
        print(f"moves ({len(moves)}): {' '.join(moves)}")
    print(f"nodes: {result.nodes}  seconds: {result.seconds:.3f}")


def survey_one(task: tuple[str, dict[str, str], int, int | None, float | None]) -> Deal:
    """Solve one deal of a survey (top level, so worker processes can run it); a won
    deal's winning line comes with it, checked move by move (patience.lines)."""
    game_id, options, seed, nodes, seconds = task
    game = get_game(game_id, options)
    result: Result = solve(game, game.deal(seed), nodes, seconds)
    line = encode(game, game.deal(seed), result.moves) if result.verdict == WON else None
    return seed, result.verdict, result.nodes, result.seconds, line


Deal = tuple[int, str, int, float, "str | None"]  # seed, verdict, nodes, seconds, the winning line
Task = tuple[str, dict[str, str], int, int | None, float | None]


def seed_of(task: Task) -> int:
    return task[2]


class Progress:
    """A line on stderr as deals finish: redrawn in place at most a few times a second on a
    terminal, otherwise a line every ten seconds or so."""

    def __init__(self, total: int, stream: IO[str] | None = None) -> None:
        self.total, self.stream = total, stream or sys.stderr
        self.tty = self.stream.isatty()
        self.every = 0.25 if self.tty else 10.0
        self.started = self.last = time.perf_counter()
        self.count = {WON: 0, LOST: 0, UNKNOWN: 0}

    def add(self, verdict: str) -> None:
        self.count[verdict] += 1
        now = time.perf_counter()
        done = sum(self.count.values())
        if now - self.last < self.every and done < self.total:
            return
        self.last = now
        c = self.count
        line = (f"survey: {done}/{self.total} deals, won {c[WON]} lost {c[LOST]} unknown {c[UNKNOWN]}, "
                f"{now - self.started:.0f} s")
        if self.tty:
            print("\r" + line, end="\n" if done == self.total else "", file=self.stream, flush=True)
        elif done < self.total:
            print(line, file=self.stream, flush=True)


def gather(stream: Iterable[Deal], seeds: range, out: IO[str] | None, progress: Progress | None,
           wins: IO[str] | None = None, done: dict[int, Deal] | None = None,
           header: dict[str, Any] | None = None, written: set[int] | None = None,
           retried: set[int] | None = None) -> list[Deal]:
    """The deals of ``stream`` as they finish, each seed once (a second result for a seed,
    as a deal run again after its worker was lost may give, is dropped), written to ``out``
    as JSON lines (with ``header``'s fields: the game and its options) and counted in
    ``progress`` on the way; each won deal's line to ``wins`` first (so a survey stopped
    between the two writes runs that deal again, and it is not written twice: ``done``'s
    deals, of an earlier run resumed, are not run again, nor ``written``'s wins written
    again); an error if a seed is missing.  A deal of ``retried`` (run again after an
    unknown) is marked so in ``out``: it is not run again by another retry."""
    results: dict[int, Deal] = dict(done or {})
    retried = retried or set()
    written = set(written or ())
    for deal in stream:
        seed, verdict, nodes, seconds, line = deal
        if seed in results or seed not in seeds:
            continue
        results[seed] = deal
        if wins is not None and line is not None and seed not in written:
            wins.write(json.dumps({"seed": seed, "line": line}) + "\n")
            wins.flush()
        if out is not None:
            mark = {"retried": True} if seed in retried else {}
            out.write(json.dumps({"seed": seed, "verdict": verdict, "nodes": nodes,
                                  "seconds": round(seconds, 3), **(header or {}), **mark}) + "\n")
            out.flush()
        if progress is not None:
            progress.add(verdict)
    if len(results) != len(seeds):
        missing = [s for s in seeds if s not in results]
        raise UsageError(f"the survey ended without {len(missing)} deals (first {missing[0]})")
    return sorted(results.values())


def read_lines(path: str, flag: str) -> list[dict[str, Any]]:
    """The JSON lines of a survey's file, to resume it; a last line cut short (the survey
    was stopped while writing it) is dropped from the file, so the rest append cleanly."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return []
    except OSError as e:
        raise UsageError(f"{flag} {path}: {e.strerror or e}") from e
    whole, _, cut = data.rpartition(b"\n")
    if cut:
        with open(path, "r+b") as f:
            f.truncate(len(whole) + 1 if whole else 0)
    records = []
    for number, text in enumerate(whole.decode("utf-8", "replace").splitlines(), 1):
        try:
            record = json.loads(text)
        except ValueError:
            record = None
        if not isinstance(record, dict) or not isinstance(record.get("seed"), int):
            raise UsageError(f"{flag} {path}: line {number} is not a survey's deal")
        records.append(record)
    return records


def longer(args: argparse.Namespace, record: dict[str, Any]) -> bool:
    """Whether this survey's budget searches a deal further than its ``record`` (a deal
    left unknown) did: neither of its limits would stop it where that run stopped (more
    than a tenth more seconds than it spent, more positions than it searched)."""
    seconds, nodes = float(record.get("seconds", 0.0)), int(record.get("nodes", 0))
    return ((args.budget_s is None or args.budget_s > 1.1 * seconds)
            and (args.budget_nodes is None or args.budget_nodes > nodes))


def resumed(args: argparse.Namespace, game: Game, seeds: range) -> tuple[dict[int, Deal], set[int], set[int]]:
    """The deals of ``seeds`` that the survey's files hold already (``--resume``; a later
    line of a seed counts instead of an earlier one), with their winning lines, the seeds
    of the wins written, and (``--retry-unknown``) the seeds to run again: those held as
    unknown and not run again already, or run again with a budget this one exceeds
    (``longer``).  An error if the files are another game's or
    other options'."""
    done: dict[int, Deal] = {}
    written: set[int] = set()
    retry: set[int] = set()
    for record in read_lines(args.deals_out, "--deals-out"):
        if (record.get("game"), record.get("options")) != (game.id, game.options):
            raise UsageError(f"--resume: {args.deals_out} holds deals of {record.get('game')} "
                             f"{record.get('options')}, not of {describe(game)}")
        if record["seed"] in seeds and record.get("verdict") in (WON, LOST, UNKNOWN):
            done[record["seed"]] = (record["seed"], record["verdict"], int(record.get("nodes", 0)),
                                    float(record.get("seconds", 0.0)), None)
            if record["verdict"] == UNKNOWN and args.retry_unknown and (
                    not record.get("retried") or longer(args, record)):
                retry.add(record["seed"])
            else:
                retry.discard(record["seed"])
    for seed in retry:
        del done[seed]
    if args.wins_out:
        for record in read_lines(args.wins_out, "--wins-out"):
            written.add(record["seed"])
            deal = done.get(record["seed"])
            if deal is not None and isinstance(record.get("line"), str):
                done[deal[0]] = (*deal[:4], record["line"])
    return done, written, retry


def deals_of(stack: ExitStack, args: argparse.Namespace, tasks: list[Task], jobs: int) -> Iterator[Deal]:
    """The survey's deals as they finish: here, on this machine's processes, or on a Dask
    cluster (the module that drives it is imported only then)."""
    if args.scheduler is not None:
        from . import cluster

        def on_cluster() -> Iterator[Deal]:
            try:
                client = stack.enter_context(cluster.connect(args.scheduler, jobs))
                args.jobs = cluster.worker_count(client)  # reported as the survey's workers
                if not args.jobs:
                    print("survey: no worker has joined the scheduler yet; the deals wait for one", file=sys.stderr)
                yield from cluster.survey(client, survey_one, tasks, seed_of)
            except cluster.ClusterError as e:
                raise UsageError(str(e)) from e

        return on_cluster()
    if jobs == 1 or len(tasks) == 1:
        return (survey_one(t) for t in tasks)
    import multiprocessing

    pool = stack.enter_context(multiprocessing.Pool(min(jobs, len(tasks))))
    return pool.imap_unordered(survey_one, tasks, chunksize=1)


def cmd_survey(args: argparse.Namespace) -> None:
    game = game_of(args)
    seeds = seed_range(args.seeds)
    nodes, seconds = budget_of(args)
    if args.jobs < 0:
        raise UsageError("--jobs must be 0 (every core) or more")
    if args.jobs and args.scheduler not in (None, "local"):
        raise UsageError("--jobs is for this machine: a cluster's workers are started with the cluster")
    jobs = args.jobs or os.cpu_count() or 1
    if args.resume and not args.deals_out:
        raise UsageError("--resume goes on with the survey of --deals-out FILE: name the file")
    if args.retry_unknown and not args.resume:
        raise UsageError("--retry-unknown runs again the unknown deals of a survey resumed: add --resume")
    done, written, retry = resumed(args, game, seeds) if args.resume else ({}, set(), set())
    tasks: list[Task] = [(game.id, dict(game.options), seed, nodes, seconds) for seed in seeds if seed not in done]
    if done:
        print(f"survey: {len(done)} of {len(seeds)} deals done already ({args.deals_out})", file=sys.stderr)
    if retry:
        print(f"survey: {len(retry)} deals held as unknown run again", file=sys.stderr)
    started = time.perf_counter()
    with ExitStack() as stack:
        out = wins = None
        mode = "a" if args.resume else "w"
        for flag, path in (("--deals-out", args.deals_out), ("--wins-out", args.wins_out)):
            if path:
                try:
                    opened = stack.enter_context(open(path, mode, encoding="utf-8"))
                except OSError as e:
                    raise UsageError(f"{flag} {path}: {e.strerror or e}") from e
                out, wins = (opened, wins) if flag == "--deals-out" else (out, opened)
        stream = deals_of(stack, args, tasks, jobs) if tasks else iter(())
        results = gather(stream, seeds, out, Progress(len(tasks)), wins, done,
                         {"game": game.id, "options": game.options}, written, retry)
    if args.scheduler is not None:
        jobs = args.jobs  # the cluster's workers when the survey started
    wall = time.perf_counter() - started
    count = {WON: 0, LOST: 0, UNKNOWN: 0}
    for _, verdict, _, _, _ in results:
        count[verdict] += 1
    n = len(results)
    times = [r[3] for r in results]
    low, high = wilson(count[WON], n)
    top_low, top_high = wilson(count[WON] + count[UNKNOWN], n)
    decided = count[WON] + count[LOST]
    report = {
        "game": game.id, "options": game.options, "seeds": f"{seeds.start}-{seeds.stop - 1}", "deals": n,
        "won": count[WON], "lost": count[LOST], "unknown": count[UNKNOWN],
        "winnable": count[WON] / n, "wilson95": [low, high],
        "winnable_if_unknown_won": (count[WON] + count[UNKNOWN]) / n, "wilson95_if_unknown_won": [top_low, top_high],
        "won_of_decided": count[WON] / decided if decided else None,
        "median_s": quantile(times, 0.5), "p90_s": quantile(times, 0.9),
        "budget": {"seconds": seconds, "nodes": nodes}, "jobs": jobs, "scheduler": args.scheduler, "wall_s": round(wall, 1),
        "knowledge": ALL_CARDS_KNOWN,
    }
    if args.json:
        print(json.dumps(report))
        return
    budget = " and ".join(x for x in (f"{seconds:g} s" if seconds else "", f"{nodes} nodes" if nodes else "") if x)
    print(f"{describe(game)}  seeds {report['seeds']}  budget {budget or 'none'} a deal  ({ALL_CARDS_KNOWN})")
    print(f"won {count[WON]}  lost {count[LOST]}  unknown {count[UNKNOWN]}  of {n}")
    print(f"winnable: {100 * count[WON] / n:.2f}%  (Wilson 95%: {100 * low:.2f}% – {100 * high:.2f}%)")
    if count[UNKNOWN]:
        print(f"  if every unknown deal were winnable: {100 * (count[WON] + count[UNKNOWN]) / n:.2f}%  "
              f"(Wilson 95%: {100 * top_low:.2f}% – {100 * top_high:.2f}%)")
        if decided:
            print(f"  won among the decided deals: {100 * count[WON] / decided:.2f}%")
    print(f"time a deal: median {report['median_s']:.2f} s, p90 {report['p90_s']:.2f} s  "
          f"({jobs} {'worker' if args.scheduler else 'process'}{('s' if args.scheduler else 'es') if jobs > 1 else ''}"
          f"{' of the cluster at ' + args.scheduler if args.scheduler not in (None, 'local') else ''}, "
          f"{wall:.0f} s in all)")


COMMANDS = {"deal": cmd_deal, "solve": cmd_solve, "survey": cmd_survey}


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
        COMMANDS[args.command](args)
        sys.stdout.flush()  # here, where a reader gone away is caught
    except (UsageError, PatienceError) as e:
        print(f"patience: error: {str(e).splitlines()[0] if str(e) else 'bad arguments'}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the output's reader stopped early (`| head`): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit either
        return 1
    return 0
