"""The first paint: each game's table at its first deal, drawn at build time by the
view's own pure half (py/table/scene.py) for static/boot/paint.js to paint while the
runtime loads."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from .common import ROOT

# The table sizes the first paint is drawn at (the width and height of the table, CSS px):
# static/boot/paint.js paints the nearest, and Python draws the table again at its own.
FIRST_WIDTHS = tuple(round(320 * 1.15 ** k) for k in range(15))  # 320 … 2260
FIRST_HEIGHTS = (480, 640, 820, 1040)
FIRST_LANGUAGES = ("en", "ru")
# The big downloads of the start (the runtime, its standard library, the start-up
# snapshot, the page's Python), by their sizes: the loading bar's real progress.
BIG_DOWNLOADS = ("static/vendor/pyodide/*.wasm", "static/vendor/pyodide/*.asm.mjs", "static/vendor/pyodide/*.zip",
                 "static/boot/*.gz", "static/boot/*.zip")


# How far past its hashed deal number a game's first deal is: the first deal from there that
# the solver wins within FIRST_WIN_NODES (tests/table/test_first_paint_data.py checks it), so a
# new player's first game can be won. Frog, in suit (its default), has no deal the solver
# wins within such a budget: its first deal is the hashed one.
FIRST_OFFSETS = {"klondike": 3, "gaps8": 6, "glider": 1}
FIRST_WIN_NODES = 30_000


def first_seed(game_id: str) -> int:
    """The deal a bare address to a game shows on a first visit: fixed per game, so that
    the table painted before Python is up can be drawn at build time (see FIRST_OFFSETS)."""
    hashed = int.from_bytes(hashlib.sha256(f"first deal of {game_id}".encode()).digest()[:4], "big")
    return (hashed + FIRST_OFFSETS.get(game_id, 0)) % 999_999_999 + 1


def first_paint(game_id: str) -> dict[str, object]:
    """A game's first paint at its default options: its first deal (``first_seed``) at
    each size of FIRST_WIDTHS x FIRST_HEIGHTS in each language, drawn by the view's own
    pure half (py/table/scene.py).  The elements and words are kept once per language,
    the places once per size: ``xyz``, the x, y and z-index of each element in turn."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from patience.registry import get_game
        from table import scene
        from table.urlstate import to_query
    finally:
        sys.path.remove(str(ROOT / "py"))
    game = get_game(game_id)
    seed = first_seed(game_id)
    state = game.deal(seed)
    others = [game.deal(seed + k) for k in range(1, 9)]
    shapes = {tuple(map(len, s.piles)) + tuple(s.down) for s in [state, *others]}
    # what an empty slot shows may depend on the deal (a foundation's base rank): not
    # shown where the deal is not this one
    blank = {k: {"data-label": ""} for k, key in enumerate(scene.skeleton(game)) if key[0] == "slot"
             and any(scene.slot_label(game, s, int(key[1])) != scene.slot_label(game, state, int(key[1])) for s in others)}
    first = FIRST_LANGUAGES[0]
    places: list[list[int]] = []  # x, y of each element in turn (whole pixels: Python redraws)
    layers: list[list[int]] = []  # z-index of each element (one list per arrangement of the piles)
    sizes: list[dict[str, object]] = []
    for h in FIRST_HEIGHTS:
        for w in FIRST_WIDTHS:
            style, _, placed = scene.first_paint(game, state, w, h, first)
            xy = [round(v) for x, y, _ in placed for v in (x, y)]
            zs = [z for _, _, z in placed]
            for found, item in ((places, xy), (layers, zs)):
                if item not in found:
                    found.append(item)
            sizes.append({"w": w, "h": h, "style": style, "p": places.index(xy), "z": layers.index(zs)})
    # the elements (as at the largest size) once, in the first language; the words of the
    # others as changes to them
    trees = {lang: scene.first_paint(game, state, FIRST_WIDTHS[-1], FIRST_HEIGHTS[-1], lang)[1]
             for lang in FIRST_LANGUAGES}
    words: dict[str, dict[int, dict[str, str]]] = {}
    for lang in FIRST_LANGUAGES[1:]:
        words[lang] = {}
        for k, (mine, theirs) in enumerate(zip(trees[first], trees[lang])):
            assert mine.get("c") == theirs.get("c")
            said, saying = mine["a"], theirs["a"]
            assert isinstance(said, dict) and isinstance(saying, dict)
            change = {name: value for name, value in saying.items() if said.get(name) != value}
            if theirs.get("x") != mine.get("x"):
                change["text"] = str(theirs.get("x", ""))
            if change:
                words[lang][k] = change
    return {"v": 1, "game": game_id, "options": game.options, "seed": seed, "deal": to_query(game, seed),
            # every deal of the game has this shape: an address naming its own deal is
            # painted too, face down, until Python shows the faces
            "fixed": len(shapes) == 1, "lang": first, "nodes": trees[first],
            "words": words, "blank": blank, "places": places, "layers": layers, "sizes": sizes}


def write_first_paint(dest: Path) -> None:
    """static/boot/first/<game>.json for each game, which static/boot/paint.js paints on
    a first visit while the runtime loads, and first/index.json: the games drawn, the
    default one (a bare address's) and the sizes of the big downloads for the loading bar."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from patience.registry import GAMES
    finally:
        sys.path.remove(str(ROOT / "py"))
    folder = dest / "static" / "boot" / "first"
    folder.mkdir(parents=True, exist_ok=True)
    downloads = {str(f.relative_to(dest)): f.stat().st_size for pattern in BIG_DOWNLOADS for f in sorted(dest.glob(pattern))}
    index = {"v": 1, "games": [g.id for g in GAMES], "default": GAMES[0].id, "downloads": downloads}
    (folder / "index.json").write_text(json.dumps(index, separators=(",", ":")))
    for game in GAMES:
        text = json.dumps(first_paint(game.id), ensure_ascii=False, separators=(",", ":"))
        (folder / f"{game.id}.json").write_text(text)
