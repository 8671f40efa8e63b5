"""How the golden saves in tests/golden/ were made: saved games and a statistics export
written by the code of the day, kept so that later code is held to reading them.

    python3 tools/golden_saves.py [--out DIR]      (DIR: tests/golden by default)

For each case below it plays a deal by a seeded random playout through the engine (card
moves, stock turns and recycles, and each game's own actions: rounds, redeals,
reshuffles, refills, removals), undoes a few moves so that a redo stack exists, and
writes

- ``saves/<case>.save``: the save exactly as ``table.saves.encode`` writes it, the text
  the page keeps in the browser's storage under ``saves.key(game)``;
- ``saves/<case>.json``: what loading it must give: the position in the engine's text
  form (``game.code``) at the current move and at the end of the redo stack, the move
  count, the redo length, the time and the statistics marks, the storage key.

and ``patience-statistics.json`` (exactly what the statistics' Export downloads,
``Stats.encode()``) with ``patience-statistics.expected.json``, the figures the
statistics view shows for each of its records.

It never writes over a file that exists: the fixtures are a record of what an earlier
version wrote, and tests/table/test_golden_saves.py only reads them.  When the stored format,
a deal, a pile name or the notation changes, the old fixtures stay as they are and the
loader gets a migration; a new version's saves go into a new directory (``--out``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from patience import Game, Move, Session, State, get_game  # noqa: E402
from patience.game import MOVE  # noqa: E402
from patience.rng import Rng  # noqa: E402
from patience.search import Search  # noqa: E402
from table import saves, stats as stats_mod  # noqa: E402
from table.stats import Stats, clock, record_key  # noqa: E402


@dataclass(frozen=True)
class Case:
    """One golden save: a deal of a game under some options, played ``steps`` moves by the
    seeded playout (or won by the solver's line), then ``undo`` moves taken back; the
    first seed from ``seed`` on whose game is long enough and holds the kinds ``needs``."""

    name: str
    game: str
    options: dict[str, str]
    seed: int
    steps: int
    undo: int
    needs: tuple[str, ...] = ()  # move kinds the history must hold (else the next seed is tried)
    won: bool = False  # play the solver's winning line instead of a random playout
    restart: bool = False  # Restart after playing: every move is on the redo stack
    min_moves: int = 40  # a shorter game (stuck early) is not kept: the next seed is tried


CASES = (
    Case("klondike-default", "klondike", {}, 101, 140, 6, ("deal", "recycle")),
    Case("klondike-draw1-passes3-any-return", "klondike",
         {"draw": "1", "passes": "3", "runs": "any", "foundation_return": "on"}, 102, 160, 4, ("deal", "recycle")),
    Case("klondike-draw1-won", "klondike", {"draw": "1"}, 103, 0, 0, (), won=True),
    Case("canfield-default", "canfield", {}, 201, 140, 5, ("deal", "recycle")),
    Case("canfield-draw1-passes4-return", "canfield",
         {"draw": "1", "passes": "4", "foundation_return": "on"}, 202, 160, 7, ("deal", "recycle")),
    Case("canfield-passes1-restarted", "canfield", {"passes": "1"}, 203, 60, 0, ("deal",), restart=True),
    Case("zmey-default", "zmey", {}, 301, 160, 5, ("round", "redeal")),
    Case("zmey-adjacent", "zmey", {"side_limit": "adjacent"}, 302, 160, 3, ("round", "redeal")),
    Case("gaps8-default", "gaps8", {}, 401, 120, 4),
    Case("gaps8-reshuffles2", "gaps8", {"reshuffles": "2"}, 402, 160, 5, ("reshuffle",)),
    Case("potocki-default", "potocki", {}, 501, 140, 4, ("reshuffle",)),
    Case("potocki-reshuffles1", "potocki", {"reshuffles": "1"}, 502, 120, 3, ("reshuffle",)),
    Case("frog-default", "frog", {}, 601, 140, 5, ("deal",)),
    Case("frog-any-noreserve", "frog", {"foundation": "any", "reserve_to_piles": "off"}, 602, 140, 4, ("deal",)),
    Case("cross-default", "cross", {}, 701, 160, 5, ("row", "round", "refill")),
    Case("cross-rounds-inf", "cross", {"rounds": "inf"}, 702, 180, 6, ("row", "round", "refill")),
    Case("glider-default", "glider", {}, 801, 160, 5, ("deal", "recycle")),
    Case("glider-crossonly-redeals2", "glider", {"cross_only": "on", "redeals": "2"}, 802, 160, 4, ("deal", "recycle")),
    Case("bride-default", "bride", {}, 901, 120, 4, ("turn", "remove")),
    Case("bride-autoremove", "bride", {"auto_remove": "on"}, 902, 120, 3, ("turn",)),
)


def choose(game: Game, state: State, rng: Rng) -> Move | None:
    """A move of the playout: a kind of move first (to a foundation, another card move,
    the stock, the game's own actions), weighted, then one of that kind, both drawn
    from the seeded PRNG, so the same seed always plays the same game."""
    legal = game.legal_moves(state)
    if not legal:
        return None
    groups: list[tuple[int, list[Move]]] = [
        (4, [m for m in legal if m.kind == MOVE and m.dst in game.foundations]),
        (4, [m for m in legal if m.kind == MOVE and m.dst not in game.foundations]),
        (2, [m for m in legal if m.kind in ("deal", "recycle")]),
        (2, [m for m in legal if m.kind not in (MOVE, "deal", "recycle")]),
    ]
    groups = [(w, ms) for w, ms in groups if ms]
    pick = rng.below(sum(w for w, _ in groups))
    for weight, moves in groups:
        if pick < weight:
            return moves[rng.below(len(moves))]
        pick -= weight
    raise AssertionError("unreachable")


def kind_of(move: Move) -> str:
    return "move" if move.kind == MOVE else move.kind


def play_case(case: Case) -> Session:
    """The case's game: played, some moves undone."""
    game = get_game(case.game, case.options)
    for seed in range(case.seed, case.seed + 200):
        session = Session(game, seed)
        if case.won:
            result = Search(game, session.state, budget=None, seconds=30).run()
            if result.verdict != "won":
                continue
            for move in result.moves:
                session.play(move)
            assert game.is_won(session.state)
        else:
            rng = Rng(seed, "golden")
            for _ in range(case.steps):
                move = choose(game, session.state, rng)
                if move is None:
                    break
                session.play(move)
                if game.is_won(session.state):  # the table plays no further
                    break
        kinds = {kind_of(m) for m in session.moves}
        if not set(case.needs) <= kinds or len(session.moves) < max(case.min_moves, case.undo + 1):
            continue
        for _ in range(case.undo):
            session.undo()
        if case.restart:
            session.restart()
        # the table's marks: counted at the first move, a win counted once (an undo does
        # not take it back); time played
        session.counted = True
        session.result = "won" if any(game.is_won(s) for s in session.states) else ""
        session.elapsed_ms = 15_000 + 2_750 * len(session.moves) + Rng(seed, "time").below(1000)
        return session
    raise SystemExit(f"{case.name}: no seed from {case.seed} gives moves of kinds {case.needs}")


def expected_of(case: Case, session: Session, text: str) -> dict[str, object]:
    game = session.game
    end = session.states[-1]
    return {
        "case": case.name,
        "key": saves.key(game.id),
        "game": game.id,
        "options": dict(game.options),
        "seed": session.seed,
        "position": game.code(session.state),
        "end_position": game.code(end),
        "move_count": session.move_count,
        "redo": len(session.moves) - session.at,
        "moves": len(session.moves),
        "kinds": sorted({kind_of(m) for m in session.moves}),
        "time_ms": session.elapsed_ms,
        "counted": session.counted,
        "result": session.result,
        "status": game.status(session.state),
        "score": game.score(session.state),
        "length": len(text),
    }


# --- statistics --------------------------------------------------------------------------

# game, options, games ended; every other record has one more game still in play
STATS_CASES: tuple[tuple[str, dict[str, str], int], ...] = (
    ("klondike", {}, 9),
    ("klondike", {"draw": "1", "passes": "3"}, 6),
    ("canfield", {}, 8),
    ("canfield", {"draw": "1", "passes": "4", "foundation_return": "on"}, 5),
    ("zmey", {"side_limit": "adjacent"}, 4),
    ("gaps8", {"reshuffles": "2"}, 4),
    ("potocki", {}, 7),
    ("frog", {"foundation": "any"}, 5),
    ("cross", {"rounds": "inf"}, 3),
    ("glider", {"cross_only": "on"}, 4),
    ("bride", {}, 6),
    ("bride", {"auto_remove": "on"}, 3),
)
EPOCH = 1_790_000_000  # seconds since 1970 (September 2026): before the first game counted


def statistics() -> Stats:
    """Statistics as the page counts them: a game counts as played at its first move,
    then ends as won or as lost (left for a new deal); the last game of some records is
    still in play.  Results, times, moves and scores come from a seeded PRNG."""
    stats = Stats()
    when = EPOCH
    for k, (game_id, options, ended) in enumerate(STATS_CASES):
        game = get_game(game_id, options)
        rng = Rng(k + 1, "golden-stats")
        for _ in range(ended):
            stats.start(game)
            when += 600 + rng.below(86_400)
            time_ms = 40_000 + rng.below(900_000)
            if rng.below(100) < 45:
                stats.win(game, when, time_ms, 80 + rng.below(200), game.ncards)
            else:
                stats.loss(game, when, time_ms, rng.below(150), rng.below(game.ncards // 2))
        if k % 2 == 0:
            stats.start(game)  # one game being played
    return stats


def figures(stats: Stats) -> dict[str, object]:
    """What the statistics view shows for each record (its figures, as worded there, and
    the chart's last results), by the game and options that find it."""
    out: dict[str, object] = {}
    for game_id, options, _ in STATS_CASES:
        game = get_game(game_id, options)
        rec = stats.get(game)
        out[record_key(game)] = {
            "game": game_id,
            "options": options,
            "played": rec.played,
            "won": rec.won,
            "lost": rec.lost,
            "rate": f"{100 * rec.win_rate:.0f}%",
            "streak": rec.streak,
            "best_streak": rec.best_streak,
            "best_time": clock(rec.best_time_ms),
            "best_time_ms": rec.best_time_ms,
            "fewest_moves": rec.fewest_moves,
            "score_total": rec.score_total,
            "score_avg": f"{rec.average_score:.1f}",
            "chart": ["won" if e.won else "lost" for e in rec.history[-60:]],
            "history": [e.to_json() for e in rec.history],
        }
    return {"key": stats_mod.KEY, "records": out}


def as_json(data: object) -> str:
    """Indented JSON, a list of plain values on one line (a history entry, the chart)."""
    text = json.dumps(data, indent=1, ensure_ascii=False)
    return re.sub(r"\[\n\s*([^\[\]{}]*?)\n\s*\]", lambda m: "[" + re.sub(r",\n\s*", ", ", m.group(1)) + "]", text) + "\n"


def write(path: Path, text: str) -> None:
    if path.exists():
        raise SystemExit(f"{path} exists: golden fixtures are never written over (use --out for a new set)")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "golden")
    out = parser.parse_args().out.resolve()
    for case in CASES:
        session = play_case(case)
        text = saves.encode(session)
        write(out / "saves" / f"{case.name}.save", text)
        write(out / "saves" / f"{case.name}.json",
              as_json(expected_of(case, session, text)))
    stats = statistics()
    write(out / "patience-statistics.json", stats.encode())
    write(out / "patience-statistics.expected.json", as_json(figures(stats)))


if __name__ == "__main__":
    main()
