"""The deployable static site: the project's files, the page's Python and start-up
files, the first paint, the card faces and the service worker."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

from .card_faces import write_card_faces
from .common import ROOT
from .first_paint import write_first_paint
from .startup import SITE_STDLIB, STDLIB, startup_files, write_py_zip
from .vendor import fetch_runtime

# What the deployed site holds, relative to the project root.
SITE_FILES = ("index.html", "pyscript.toml", "py/main.py")
SITE_DIRS = ("static",)


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
    write_lines(dest)
    write_worker(dest)
    return dest



def write_lines(dest: Path) -> None:
    """Each winnable-deal list's winning lines (patience.winnable.lines_file), for the
    page's badge, Hint and Finish on a listed deal."""
    from .winnable import site_lines  # (first: it puts the engine on the path)

    from patience.winnable import LISTS, lines_file

    for entry in LISTS:
        data = site_lines(entry)
        if data is not None:
            path = dest / lines_file(entry)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)


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
