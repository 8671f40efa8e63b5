#!/usr/bin/env python3
"""The longest runs of the hardening tests: many more fuzzed moves per game and monkey
actions per game than `python3 build.py test` (4,000 and 18) or `python3 build.py
reliability` (10,000 and 40) run; the other sizes are reliability's (PATIENCE_LONG=1,
tests/sizes.py).

    python3 bench/fuzz_long.py [--moves N] [--actions N]

Prints the figures (build/reliability/ holds them afterwards); no test depends on them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    moves = argv[argv.index("--moves") + 1] if "--moves" in argv else "100000"
    actions = argv[argv.index("--actions") + 1] if "--actions" in argv else "200"
    env = {**os.environ, "PATIENCE_LONG": "1", "PATIENCE_FUZZ_MOVES": moves, "PATIENCE_MONKEY_ACTIONS": actions}
    rc = subprocess.run([sys.executable, str(ROOT / "build.py"), "test", "-q", "tests/engine/test_fuzz.py",
                         "tests/e2e/test_monkey.py"], cwd=ROOT, env=env).returncode
    figures = ROOT / "build" / "reliability"
    for path in sorted(figures.glob("fuzz-*.json")) + sorted(figures.glob("monkey-*.json")):
        print(f"{path.stem:20s} {json.loads(path.read_text())}")
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
