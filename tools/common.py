"""What every build job shares: the project's folders, and how the build speaks and fails."""

from __future__ import annotations

import sys
from typing import NoReturn
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"
BUILD = ROOT / "build"
VENV = ROOT / ".venv"


def say(msg: str) -> None:
    print(f"build.py: {msg}", flush=True)


def fail(msg: str) -> NoReturn:
    print(f"build.py: error: {msg}", file=sys.stderr, flush=True)
    raise SystemExit(1)
