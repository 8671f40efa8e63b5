#!/usr/bin/env python3
"""Build, serve and test Patience.  Standard library only; Python 3.11+.

    python3 build.py serve [--port 8000]   build what is missing, serve on 127.0.0.1
    python3 build.py test [pytest args]    install test needs, build, run every test
    python3 build.py site DIR              a deployable static folder
    python3 build.py reliability           the hardening and other long tests in their long size,
                                           then docs/reliability.md from their figures

The Pyodide and PyScript runtimes come from the npm registry through ``npm pack``
(pinned versions), are checked against pinned integrity hashes and unpacked into
``static/vendor/`` (git-ignored).  The page never loads anything from another origin.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENDOR = ROOT / "static" / "vendor"
BUILD = ROOT / "build"
VENV = ROOT / ".venv"

# name, version, integrity, {file in the package: destination under static/vendor/}
RUNTIMES = (
    (
        "pyodide", "314.0.7",
        "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
        {f: f"pyodide/{f}" for f in (
            "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
        )},
    ),
    (
        "@pyscript/core", "0.7.31",
        "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ==",
        {"dist/": "pyscript/"},  # the whole dist folder, without source maps
    ),
    (  # the classic card faces, with court pictures (build.write_card_faces splits them)
        "svg-cards", "4.0.2",
        "sha512-YQVC0+bVQtvGbKoQZAHPgVSrKUymPK+aG9NQjJul9jp/a+lFcm8aWKh7YmKVinSjpaBTbogTLKAPi5YQEFRYLg==",
        {"svg-cards.svg": "svg-cards/svg-cards.svg", "LICENSE": "svg-cards/LICENSE", "AUTHORS": "svg-cards/AUTHORS"},
    ),
)
STAMP = VENDOR / "versions.json"
# Only for the tests (never part of the site): the accessibility checker, into build/.
AXE = ("axe-core", "4.14.1",
       "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
       {"axe.min.js": "axe.min.js"})
TEST_TOOLS = BUILD / "test-tools"

# What the deployed site holds, relative to the project root.
SITE_FILES = ("index.html", "pyscript.toml", "py/main.py")
SITE_DIRS = ("static",)
PY_PACKAGES = ("patience", "table")  # under py/, shipped as static/boot/py.zip
# The standard-library files the page loads beyond those the build sees Python load
# (PyScript's package, Pyodide's foreign-function layer, ...), one per line, as
# tools/stdlib_used.py measures them in the browser; the site's python_stdlib.zip holds
# only these and what the build sees (tools/snapshot.mjs).
STDLIB_KEEP = ROOT / "tools" / "stdlib.txt"
STDLIB = "static/vendor/pyodide/python_stdlib.zip"  # Pyodide's, as it ships (sources)
# The site's: trimmed and compiled to bytecode (tools/snapshot.mjs), in place of Pyodide's
SITE_STDLIB = "static/boot/python_stdlib.zip"

MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".toml": "text/plain; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".py": "text/plain; charset=utf-8",
}


def say(msg: str) -> None:
    print(f"build.py: {msg}", flush=True)


def fail(msg: str) -> "None":
    print(f"build.py: error: {msg}", file=sys.stderr, flush=True)
    raise SystemExit(1)


# --- runtime ------------------------------------------------------------------------
def wanted_versions() -> dict[str, str]:
    return {name: version for name, version, _, _ in RUNTIMES}


def vendor_ready() -> bool:
    if not STAMP.exists():
        return False
    try:
        return json.loads(STAMP.read_text()) == wanted_versions()
    except ValueError:
        return False


def check_integrity(data: bytes, integrity: str, what: str) -> None:
    algo, _, expected = integrity.partition("-")
    got = base64.b64encode(hashlib.new(algo, data).digest()).decode()
    if got != expected:
        fail(f"{what}: integrity check failed (expected {integrity}, got {algo}-{got})")


def fetch_runtime() -> None:
    """Fetch the pinned runtimes with npm, verify them, unpack the needed files."""
    if vendor_ready():
        return
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    VENDOR.mkdir(parents=True)
    for name, version, integrity, files in RUNTIMES:
        npm_fetch(name, version, integrity, files, VENDOR)
    STAMP.write_text(json.dumps(wanted_versions(), indent=1))
    say(f"runtime ready in {VENDOR.relative_to(ROOT)}")


def fetch_axe() -> Path:
    """axe-core for the accessibility tests (pinned, integrity checked), into build/."""
    name, version, integrity, files = AXE
    target = TEST_TOOLS / f"{name}-{version}" / "axe.min.js"
    if not target.exists():
        npm_fetch(name, version, integrity, files, target.parent)
    return target


def npm_fetch(name: str, version: str, integrity: str, files: dict[str, str], dest: Path) -> None:
    """Files of a pinned npm package, its tarball checked against its integrity hash."""
    npm = shutil.which("npm")
    if npm is None:
        fail(f"npm is needed to fetch {name} (apt-get install npm)")
    with tempfile.TemporaryDirectory() as tmp:
        say(f"fetching {name}@{version}")
        out = subprocess.run(
            [npm, "pack", f"{name}@{version}", "--json", "--pack-destination", tmp],
            check=False, capture_output=True, text=True, cwd=tmp,
        )
        if out.returncode != 0:
            fail(f"npm pack {name}@{version} failed:\n{out.stderr.strip()}")
        tarball = Path(tmp) / json.loads(out.stdout)[0]["filename"]
        check_integrity(tarball.read_bytes(), integrity, f"{name}@{version}")
        unpack(tarball, files, dest)


def unpack(tarball: Path, files: dict[str, str], dest: Path) -> None:
    with tarfile.open(tarball) as tar:
        for member in tar.getmembers():
            if not member.isfile() or member.name.endswith(".map"):
                continue
            inner = member.name.removeprefix("package/")
            for src, dst in files.items():
                if inner == src or (src.endswith("/") and inner.startswith(src) and "/" not in inner[len(src):]):
                    target = dest / (dst + inner[len(src):] if src.endswith("/") else dst)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    data = tar.extractfile(member)
                    assert data is not None
                    target.write_bytes(data.read())
    missing = [dst for src, dst in files.items() if not src.endswith("/") and not (dest / dst).exists()]
    if missing:
        fail(f"{tarball.name} lacks {missing}")


# --- site ---------------------------------------------------------------------------
def py_files() -> list[str]:
    """The Python files of the page's packages, relative to py/ (what py.zip holds)."""
    return sorted(str(p.relative_to(ROOT / "py")) for d in PY_PACKAGES
                  for p in (ROOT / "py" / d).rglob("*.py"))


def write_py_zip(target: Path, pyc: Path | None = None) -> None:
    """The page's Python packages in one archive: PyScript fetches it once and unpacks it
    into Python's working directory (pyscript.toml: "./static/boot/py.zip" = "./*").
    With ``pyc`` (tools/snapshot.mjs), their bytecode in place of their sources, and that
    of PyScript's own package beside the sources PyScript writes itself."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if pyc is None:
        entries = [(name, ROOT / "py" / name) for name in py_files()]
    else:
        entries = sorted((str(p.relative_to(pyc)), p) for p in pyc.rglob("*.pyc"))
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for name, path in entries:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))  # same input, same bytes
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, path.read_bytes())


def build_site(dest: Path) -> Path:
    fetch_runtime()
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for f in SITE_FILES:
        (dest / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / f, dest / f)
    for d in SITE_DIRS:
        shutil.copytree(ROOT / d, dest / d, ignore=shutil.ignore_patterns("__pycache__", "sw.js"),
                        copy_function=_link_or_copy)
    startup = startup_files()
    write_py_zip(dest / "static" / "boot" / "py.zip", startup / "pyc")
    shutil.copy2(startup / "python.snapshot.gz", dest / "static" / "boot" / "python.snapshot.gz")
    (dest / STDLIB).unlink()  # a hard link to static/vendor's, never written through: the page loads
    shutil.copy2(startup / "python_stdlib.pyc.zip", dest / SITE_STDLIB)  # its own (static/boot/pyodide.mjs)
    write_first_paint(dest)
    write_card_faces(dest)
    write_worker(dest)
    return dest


# --- the classic card faces -----------------------------------------------------------
# svg-cards keeps every card as a group in one file's <defs>; the page shows a card as the
# background image of its element, which needs a file of its own: one small SVG a card
# (the card's group and the groups it uses), and a stylesheet naming each card's file.
SVG_NS, XLINK_NS = "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"
CARD_SUITS = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}
CARD_RANKS = {"A": "1", "T": "10", "J": "jack", "Q": "queen", "K": "king", **{str(n): str(n) for n in range(2, 10)}}
CARD_BACKS = {"lattice": ("back", "#1d4f9c"), "lattice-red": ("back", "#a3162c")}  # file: (group, fill)
CARD_BOX = ("169.075", "244.64")  # svg-cards' card size


def card_svgs(source: bytes) -> dict[str, bytes]:
    """Each card of svg-cards (by our face code, "Ks") and each back (CARD_BACKS) as an
    SVG of its own: the groups it draws, found through its references, and a <use>."""
    import re
    import xml.etree.ElementTree as ET

    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    defs = ET.fromstring(source).find(f"{{{SVG_NS}}}defs")
    if defs is None:
        fail("svg-cards.svg has no <defs>")
    assert defs is not None
    top = {el.get("id"): child for child in defs for el in child.iter() if el.get("id")}
    url = re.compile(r"url\(#([^)]+)\)")

    def uses(el: ET.Element) -> list[str]:
        out = []
        for e in el.iter():
            for key, value in e.attrib.items():
                if key in (f"{{{XLINK_NS}}}href", "href") and value.startswith("#"):
                    out.append(value[1:])
                out += url.findall(value)
        return out

    def one(group: str, fill: str | None) -> bytes:
        if group not in top:
            fail(f"svg-cards.svg has no card {group!r}")
        parts: list[ET.Element] = []
        todo = [top[group]]
        while todo:
            part = todo.pop()
            if any(part is p for p in parts):
                continue
            parts.append(part)
            todo += [top[ref] for ref in uses(part) if ref in top]
        svg = ET.Element(f"{{{SVG_NS}}}svg", {"viewBox": f"0 0 {CARD_BOX[0]} {CARD_BOX[1]}",
                                              "width": CARD_BOX[0], "height": CARD_BOX[1]})
        ET.SubElement(svg, f"{{{SVG_NS}}}defs").extend(parts)
        attrs = {f"{{{XLINK_NS}}}href": f"#{group}", **({"fill": fill} if fill else {})}
        ET.SubElement(svg, f"{{{SVG_NS}}}use", attrs)
        return ET.tostring(svg)

    faces = {r + s: one(f"{suit}_{rank}", None) for s, suit in CARD_SUITS.items() for r, rank in CARD_RANKS.items()}
    faces.update({f"back-{name}": one(group, fill) for name, (group, fill) in CARD_BACKS.items()})
    return faces


def write_card_faces(dest: Path) -> None:
    """static/cards/: a file a card of svg-cards (card_svgs); and the rules that show them
    on the table when the classic faces are chosen (html[data-faces="classic"]) and its
    backs when one of them is (html[data-back="lattice"] …), added to the site's
    static/app.css (no stylesheet more to wait for before the page shows)."""
    out = dest / "static" / "cards"
    out.mkdir(parents=True, exist_ok=True)
    rules = ["", "/* the classic card set: added by build.py (write_card_faces) from svg-cards "
             + RUNTIMES[2][1] + ", LGPL-2.1 */"]
    for name, data in card_svgs((VENDOR / "svg-cards" / "svg-cards.svg").read_bytes()).items():
        (out / f"{name}.svg").write_bytes(data)
        if name.startswith("back-"):
            rules.append(f'html[data-back="{name[5:]}"] .card.down {{ background-image: url("cards/{name}.svg"); }}')
        else:
            rules.append(f'html[data-faces="classic"] .card[data-card="{name}"] '
                         f'{{ background-image: url("cards/{name}.svg"); }}')
    css = dest / "static" / "app.css"
    text = css.read_text()
    css.unlink()  # a hard link to the project's own (build_site): replaced, never written through
    css.write_text(text + "\n".join(rules) + "\n")


# --- the first paint -----------------------------------------------------------------
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
# the solver wins within FIRST_WIN_NODES (tests/test_first_paint_data.py checks it), so a
# new player's first game can be won. Frog, in suit (its default), has no deal the solver
# wins within such a budget: its first deal is the hashed one.
FIRST_OFFSETS = {"klondike": 3, "gaps8": 19, "glider": 1}
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
        from table import i18n, scene
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
    trees: dict[str, list[scene.Node]] = {}
    places: list[list[int]] = []  # x, y of each element in turn (whole pixels: Python redraws)
    layers: list[list[int]] = []  # z-index of each element (one list per arrangement of the piles)
    sizes: list[dict[str, object]] = []
    i18n.set_language(FIRST_LANGUAGES[0])
    for h in FIRST_HEIGHTS:
        for w in FIRST_WIDTHS:
            style, tree = scene.first_paint(game, state, w, h)
            xy: list[int] = []
            zs: list[int] = []
            for node in tree:
                attrs = node["a"]
                assert isinstance(attrs, dict)
                # "transform: translate(Xpx,Ypx); z-index: Z" or "transform: translate(Xpx,Ypx)"
                move, _, z = attrs.pop("style").partition("; z-index: ")
                x, y = move.removeprefix("transform: translate(").removesuffix("px)").split("px,")
                xy += [round(float(x)), round(float(y))]
                zs.append(int(z or 0))
            for found, item in ((places, xy), (layers, zs)):
                if item not in found:
                    found.append(item)
            sizes.append({"w": w, "h": h, "style": style, "p": places.index(xy), "z": layers.index(zs)})
            trees[FIRST_LANGUAGES[0]] = tree
    for lang in FIRST_LANGUAGES[1:]:  # the words do not change with the size
        i18n.set_language(lang)
        trees[lang] = scene.first_paint(game, state, FIRST_WIDTHS[0], FIRST_HEIGHTS[0])[1]
    i18n.set_language(FIRST_LANGUAGES[0])
    # the elements once, in the first language; the words of the others as changes to them
    words: dict[str, dict[int, dict[str, str]]] = {}
    for lang in FIRST_LANGUAGES[1:]:
        words[lang] = {}
        for k, (mine, theirs) in enumerate(zip(trees[FIRST_LANGUAGES[0]], trees[lang])):
            assert mine.get("c") == theirs.get("c")
            change = {name: value for name, value in theirs["a"].items()  # type: ignore[union-attr]
                      if name != "style" and mine["a"].get(name) != value}  # type: ignore[union-attr]
            if theirs.get("x") != mine.get("x"):
                change["text"] = str(theirs.get("x", ""))
            if change:
                words[lang][k] = change
    return {"v": 1, "game": game_id, "options": game.options, "seed": seed, "deal": to_query(game, seed),
            # every deal of the game has this shape: an address naming its own deal is
            # painted too, face down, until Python shows the faces
            "fixed": len(shapes) == 1, "lang": FIRST_LANGUAGES[0], "nodes": trees[FIRST_LANGUAGES[0]],
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


def snapshot_modules() -> list[str]:
    """What the start-up snapshot imports: the engine modules the page imports (followed
    through their own imports) and the standard-library modules of page and engine alike
    (pure Python: nothing that touches JavaScript)."""
    import ast
    import importlib.util

    py = ROOT / "py"

    def imports(path: Path) -> set[str]:
        package = ".".join(path.relative_to(py).parent.parts)
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = (f"{base}.{node.module}" if node.module else base) if node.level else str(node.module)
                found.add(module)
                found |= {f"{module}.{a.name}" for a in node.names}  # a submodule, if it is one
        return found

    def is_module(name: str) -> bool:
        try:
            return importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            return False

    def source(module: str) -> Path | None:
        base = py.joinpath(*module.split("."))
        return next((p for p in (base.with_suffix(".py"), base / "__init__.py") if p.is_file()), None)

    todo = [p for p in (py / "table").rglob("*.py")] + [py / "main.py"]
    wanted: set[str] = set()
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for module in imports(path):
            if module.split(".")[0] == "patience" and (found := source(module)) is not None:
                wanted.add(module)
                todo.append(found)
            elif module.split(".")[0] in sys.stdlib_module_names and is_module(module):
                wanted.add(module)
    return sorted(wanted)


def startup_files() -> Path:
    """The start-up snapshot and the bytecode of the page's Python (tools/snapshot.mjs,
    run with Node), kept under build/ until the Python, the runtime or the tool changes."""
    modules = snapshot_modules()
    bundle = next((VENDOR / "pyscript").glob("core-*.js"), None)
    if bundle is None:
        fail("PyScript's core bundle is missing from static/vendor/pyscript (python3 build.py fetch)")
    digest = hashlib.sha256(json.dumps([wanted_versions(), modules]).encode())
    sources = [ROOT / "py" / f for f in py_files()] + [ROOT / "tools" / "snapshot.mjs", STDLIB_KEEP, bundle]
    for path in sources:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    done = BUILD / f"startup-{digest.hexdigest()[:16]}"
    if not done.exists():
        node = shutil.which("node")
        if node is None:
            fail("Node.js is needed to make the start-up snapshot (apt-get install nodejs)")
        say("making the start-up snapshot and the bytecode")
        for old in BUILD.glob("startup-*"):
            shutil.rmtree(old)
        partial = done.with_suffix(".part")
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        config = {"index": str(VENDOR / "pyodide"), "py": str(ROOT / "py"), "packages": list(PY_PACKAGES),
                  "modules": modules, "pyscript": str(bundle), "snapshot": str(partial / "python.snapshot.gz"),
                  "pyc": str(partial / "pyc"), "stdlib": str(partial / "python_stdlib.zip"),
                  "stdlib_pyc": str(partial / "python_stdlib.pyc.zip"),
                  "stdlib_keep": stdlib_keep()}
        (partial / "config.json").write_text(json.dumps(config))
        out = subprocess.run([node, str(ROOT / "tools" / "snapshot.mjs"), str(partial / "config.json")],
                             check=False, capture_output=True, text=True)
        if out.returncode != 0:
            fail(f"making the start-up snapshot failed:\n{out.stderr.strip()[-2000:]}")
        partial.rename(done)
    return done


def stdlib_keep() -> list[str]:
    """tools/stdlib.txt's entries (files of python_stdlib.zip), without comments."""
    lines = (line.split("#")[0].strip() for line in STDLIB_KEEP.read_text().splitlines())
    return [line for line in lines if line]


def write_worker(dest: Path) -> None:
    """The service worker at the site's root: every file of the site, and a version that
    changes whenever any file does."""
    files = sorted(str(p.relative_to(dest)) for p in dest.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.encode() + b"\0" + (dest / f).read_bytes())
    version = digest.hexdigest()[:16]
    listing = json.dumps(["./"] + [f"./{f}" for f in files])
    text = (ROOT / "static" / "sw.js").read_text().replace("__VERSION__", version).replace("__FILES__", listing)
    (dest / "sw.js").write_text(text)


def _link_or_copy(src: str, dst: str) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if os.environ.get("PATIENCE_HTTP_LOG"):
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 8000, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Handler, directory=str(directory))
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve(port: int) -> None:
    site = build_site(BUILD / "site")
    try:
        server = make_server(site, port)
    except OSError as err:
        fail(f"cannot serve on 127.0.0.1:{port} ({err.strerror}); try: python3 build.py serve --port 8001")
    print(f"Serving Patience at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


def serve_in_thread(directory: Path) -> http.server.ThreadingHTTPServer:
    """For tests: serve ``directory`` on a free port in a daemon thread."""
    server = make_server(directory, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# --- icons --------------------------------------------------------------------------
def png(width: int, height: int, pixel) -> bytes:  # type: ignore[no-untyped-def]
    """A PNG from ``pixel(x, y) -> (r, g, b, a)``: enough for the app's icons."""
    import struct
    import zlib

    rows = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def icon_pixel(size: int, maskable: bool):  # type: ignore[no-untyped-def]
    """Green felt, a white card with a red heart (kept inside the safe zone if maskable)."""
    felt, card, edge, red = (29, 107, 60, 255), (255, 254, 249, 255), (40, 40, 40, 255), (196, 18, 47, 255)
    inset = 0.2 if maskable else 0.1
    cx0, cx1 = size * (0.5 - (0.5 - inset) * 0.72), size * (0.5 + (0.5 - inset) * 0.72)
    cy0, cy1 = size * inset, size * (1 - inset)
    radius = size * 0.18

    def pixel(x: int, y: int) -> tuple[int, int, int, int]:
        if not maskable:  # rounded corners on the plain icon
            dx, dy = max(radius - x, x - (size - 1 - radius), 0), max(radius - y, y - (size - 1 - radius), 0)
            if dx * dx + dy * dy > radius * radius:
                return (0, 0, 0, 0)
        if cx0 <= x <= cx1 and cy0 <= y <= cy1:
            if min(x - cx0, cx1 - x, y - cy0, cy1 - y) < max(1.0, size / 96):
                return edge
            u, v = (x - size / 2) / (size * 0.16), (size / 2 - y) / (size * 0.16) + 0.15
            if (u * u + v * v - 1) ** 3 - u * u * v ** 3 * 1.0 <= 0:  # a heart curve
                return red
            return card
        return felt

    return pixel


def write_icons() -> None:
    for size, maskable, name in ((192, False, "icon-192.png"), (512, False, "icon-512.png"),
                                 (512, True, "icon-maskable-512.png")):
        (ROOT / "static" / name).write_bytes(png(size, size, icon_pixel(size, maskable)))


# --- test ---------------------------------------------------------------------------
def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_test_env() -> None:
    req = ROOT / "tests" / "requirements.txt"
    stamp = VENV / ".requirements"
    if not venv_python().exists():
        say("creating .venv")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    if not stamp.exists() or stamp.read_text() != req.read_text():
        say("installing test requirements")
        subprocess.run([str(venv_python()), "-m", "pip", "install", "-q", "-r", str(req)], check=True)
        stamp.write_text(req.read_text())


# How the tests and the benches start Chromium: headless, without the sandbox (it needs
# privileges a container lacks), and with nothing of its own on the network.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def ensure_chromium() -> str:
    path = find_chromium()
    if path:
        return path
    say("no Chromium found: installing Debian's chromium")
    subprocess.run(["apt-get", "update", "-qq"], check=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True,
                   env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    path = find_chromium()
    if not path:
        fail("chromium is still missing after apt-get install")
    return path  # type: ignore[return-value]


def test(args: list[str]) -> int:
    ensure_test_env()
    chromium = ensure_chromium()
    site = build_site(BUILD / "site")
    env = {**os.environ, "PATIENCE_CHROMIUM": chromium, "PATIENCE_SITE": str(site), "PATIENCE_AXE": str(fetch_axe())}
    say("type check (mypy --strict; the table layer with the browser modules untyped)")
    mypy = [str(venv_python()), "-m", "mypy", "--strict"]
    for extra in ([], ["--ignore-missing-imports", "--allow-untyped-calls", "--allow-subclassing-any"]):
        target = ["py/patience"] if not extra else ["py/table", "py/main.py"]
        rc = subprocess.run([*mypy, *extra, *target], cwd=ROOT, env=env).returncode
        if rc != 0:
            return rc
    say("pytest")
    return subprocess.run([str(venv_python()), "-m", "pytest", *pytest_options(args), *args], cwd=ROOT,
                          env=env).returncode


def pytest_options(args: list[str]) -> list[str]:
    """What every test run gets unless its own arguments say otherwise: one pytest-xdist
    worker per core (each with its own server, Chromium and booted pages), the tests of
    a browser test file kept together in one worker, the unit tests spread one by one
    (``--dist loadscope``, whose scopes tests/conftest.py sets so)."""
    if any(a.startswith(("-n", "--numprocesses", "--dist")) or a.endswith("no:xdist") for a in args):
        return []
    return ["-n", str(os.cpu_count() or 1), "--dist", "loadscope"]


def reliability() -> int:
    """Run the hardening tests and the other tests marked ``reliability``, in their long
    size (PATIENCE_LONG=1, tests/sizes.py), then write docs/reliability.md from their
    figures."""
    shutil.rmtree(BUILD / "reliability", ignore_errors=True)
    os.environ["PATIENCE_LONG"] = "1"
    rc = test(["-q", "-m", "reliability", "tests"])
    if rc != 0:
        return rc
    return subprocess.run([sys.executable, str(ROOT / "tools" / "reliability.py")], cwd=ROOT).returncode


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    cmd, rest = argv[0], argv[1:]
    if cmd == "serve":
        port = 8000
        if rest[:1] == ["--port"] and len(rest) > 1 and rest[1].isdigit():
            port = int(rest[1])
        serve(port)
        return 0
    if cmd == "test":
        return test(rest)
    if cmd == "site":
        if len(rest) != 1:
            fail("usage: python3 build.py site DIR")
        say(f"site written to {build_site(Path(rest[0]).resolve())}")
        return 0
    if cmd == "reliability":
        return reliability()
    if cmd == "icons":
        write_icons()
        return 0
    if cmd == "fetch":
        fetch_runtime()
        return 0
    print(f"build.py: unknown command {cmd!r}\n{__doc__}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
