"""The README's table of card widths: what the browser test that fits every game to every
screen (tests/e2e/test_access.py, test_every_game_fits_the_screen) wrote to
build/screenshots/cards-<size>.json, as a Markdown table.  python3 tools/card_sizes.py"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from patience.registry import GAMES  # noqa: E402

SIZES = ("360x640", "390x844", "844x390", "1280x720", "1920x1080")


def table() -> str:
    widths = {size: json.loads((ROOT / "build" / "screenshots" / f"cards-{size}.json").read_text()) for size in SIZES}
    lines = ["| Game | " + " | ".join(s.replace("x", "×") for s in SIZES) + " |", "|---|" + "---|" * len(SIZES)]
    for spec in GAMES:
        lines.append(f"| {spec.words.name_ru} | " + " | ".join(f"{widths[s][spec.id]:.0f}" for s in SIZES) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table())
