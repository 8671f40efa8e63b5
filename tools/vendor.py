"""The pinned runtimes and test tools from the npm registry: fetched with ``npm pack``,
checked against pinned integrity hashes and unpacked into ``static/vendor/`` (git-ignored)
or ``build/test-tools/``.  The page never loads anything from another origin."""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import tempfile
import tarfile
from pathlib import Path

from .common import BUILD, ROOT, VENDOR, fail, say

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
    (  # the classic card faces, with court pictures (card_faces.write_card_faces splits them)
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


def wanted_versions() -> dict[str, str]:
    return {name: version for name, version, _, _ in RUNTIMES}


def vendor_ready() -> bool:
    if not STAMP.exists():
        return False
    try:
        return bool(json.loads(STAMP.read_text()) == wanted_versions())
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
