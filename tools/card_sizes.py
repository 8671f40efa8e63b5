"""The README's table of card widths: what the browser test that fits every game to every
screen (tests/e2e/test_access.py, test_every_game_fits_the_screen) wrote to
build/screenshots/cards-<size>.json, as a Markdown table, for the sizes it ran at (three in
`python3 build.py test`, all five in `python3 build.py reliability`).  python3 tools/card_sizes.py"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from patience.registry import GAMES  # noqa: E402

SIZES = ("360x640", "390x844", "844x390", "1280x720", "1920x1080")


def table() -> str:
    shots = ROOT / "build" / "screenshots"
    widths = {size: json.loads((shots / f"cards-{size}.json").read_text())
              for size in SIZES if (shots / f"cards-{size}.json").exists()}
    sizes = list(widths)
    lines = ["| Game | " + " | ".join(s.replace("x", "×") for s in sizes) + " |", "|---|" + "---|" * len(sizes)]
    for spec in GAMES:
        lines.append(f"| {spec.words.name_ru} | " + " | ".join(f"{widths[s][spec.id]:.0f}" for s in sizes) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table())
