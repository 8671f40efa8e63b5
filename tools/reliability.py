"""docs/reliability.md from the figures the hardening tests leave in build/reliability/.

Run through ``python3 build.py reliability``, which runs the tests first, in their long
size (PATIENCE_LONG=1, tests/sizes.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIGURES = ROOT / "build" / "reliability"


def load(prefix: str) -> dict[str, dict]:
    return {p.stem.removeprefix(prefix + "-"): json.loads(p.read_text()) for p in sorted(FIGURES.glob(f"{prefix}-*.json"))}


def commit() -> str:
    """The commit whose tests left the figures (RELIABILITY_COMMIT, else the checkout's)."""
    given = os.environ.get("RELIABILITY_COMMIT")
    if given:
        return given
    out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def main() -> int:
    fuzz, monkey = load("fuzz"), load("monkey")
    engine_bad = load("bad-input-engine")
    faults = {name: json.loads((FIGURES / f"{name}.json").read_text())
              for name in ("faults-reload", "faults-storage", "faults-tabs") if (FIGURES / f"{name}.json").exists()}
    urls = json.loads((FIGURES / "bad-input-urls.json").read_text()) if (FIGURES / "bad-input-urls.json").exists() else {}
    imports = json.loads((FIGURES / "bad-input-imports.json").read_text()) \
        if (FIGURES / "bad-input-imports.json").exists() else {}
    if not fuzz or not monkey or len(faults) < 3 or not urls or not imports:
        print("reliability: figures are missing; run python3 build.py reliability", file=sys.stderr)
        return 1
    lines = [
        "# Reliability figures",
        "",
        "Produced by `python3 build.py reliability`, which runs the hardening tests in their long",
        "size (`python3 build.py test` runs them smaller: tests/sizes.py) and writes this file from",
        "the figures they leave in `build/reliability/`. The longest runs are",
        "`python3 bench/fuzz_long.py` (many more fuzzed moves and monkey actions); they print their",
        "figures.",
        "",
        f"These figures: the run of the tests at commit `{commit()}`.",
        "",
        "## Engine fuzzing (`tests/engine/test_fuzz.py`)",
        "",
        "Hypothesis-driven random playouts of every game and every option set. After every move:",
        "each card exactly once, valid face-down counts, `legal_moves` deterministic (also for the",
        "position read back from its text), every listed move accepted by `play`, other candidates",
        "refused with `IllegalMoveError`, undo/redo and the text form round-tripping; a stuck end",
        "position is never one the solver can still win.",
        "",
        "| game | option sets | deals | moves fuzzed | listed moves accepted | candidates refused | undos | stuck ends checked by the solver |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for game, f in fuzz.items():
        lines.append(f"| {game} | {f['option_sets']} | {f['deals']} | {f['moves']:,} | {f['accepted']:,} | "
                     f"{f['refused']:,} | {f['undos']:,} | {f['solved']} |")
    total = sum(f["moves"] for f in fuzz.values())
    lines += ["", f"Moves fuzzed in all: **{total:,}**. Malformed position codes and move texts tried per "
              f"game: {max((e['tried'] for e in engine_bad.values()), default=0)} fixed ones (plus 600 "
              "hypothesis-generated texts), each refused with the engine's own error.", ""]
    lines += ["## Browser monkey test (`tests/e2e/test_monkey.py`)", "",
              "Random clicks, drags, double clicks and clicks during animations, key presses, rapid",
              "undo/redo, resizes, hints, the demo and game switches; after every few actions the cards",
              "in the DOM are exactly the engine's (read back from the saved game); any console error or",
              "unhandled rejection fails the test.", "",
              "| game | actions | consistency checks | console errors |", "|---|---:|---:|---:|"]
    for game, m in monkey.items():
        lines.append(f"| {game} | {m['actions']} | {m['checks']} | 0 |")
    lines += ["", f"Monkey actions in all: **{sum(m['actions'] for m in monkey.values())}**.", ""]
    reload_, storage, tabs = faults["faults-reload"], faults["faults-storage"], faults["faults-tabs"]
    lines += ["## Faults (`tests/e2e/test_faults.py`, `tests/e2e/test_saves_table.py`)", "",
              "| fault | injected | completed moves lost |", "|---|---:|---:|",
              f"| page reloaded or tab closed at random points (some mid-move) | {reload_['faults']} | {reload_['lost']} |",
              f"| storage full, storage disabled, a save from a future version | {storage['faults']} | {storage['lost']} |",
              f"| two tabs playing one game (statistics counted twice: {tabs['counted_twice']}) | {tabs['faults']} | {tabs['lost']} |",
              "", "A corrupt or truncated save is set aside under its own key with a message, never dropped.",
              "", "## Bad input", "",
              "| input | tried | outcome |", "|---|---:|---|",
              f"| malformed addresses (unknown game or option, bad and huge deal numbers, markup) | {urls['tried']} | "
              "each told in a message, shown as text, a valid deal dealt |",
              f"| malformed statistics files | {imports['tried']} | each refused with its reason, statistics unchanged |",
              "", "## Data lost", "", f"**{reload_['lost'] + storage['lost'] + tabs['lost']}** completed moves, "
              "**0** saved games, **0** statistics records.", ""]
    (ROOT / "docs" / "reliability.md").write_text("\n".join(lines))
    print(f"reliability: docs/reliability.md written ({total:,} moves fuzzed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
