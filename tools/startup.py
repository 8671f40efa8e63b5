"""What Python starts from on the page: the page's packages as one archive (``py.zip``),
the start-up snapshot, and the trimmed, compiled standard library (tools/snapshot.mjs,
run with Node)."""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from .common import BUILD, ROOT, VENDOR, fail, say
from .vendor import wanted_versions

PY_PACKAGES = ("patience", "table")  # under py/, shipped as static/boot/py.zip
# The standard-library files the page loads beyond those the build sees Python load
# (PyScript's package, Pyodide's foreign-function layer, ...), one per line, as
# tools/stdlib_used.py measures them in the browser; the site's python_stdlib.zip holds
# only these and what the build sees (tools/snapshot.mjs).
STDLIB_KEEP = ROOT / "tools" / "stdlib.txt"
STDLIB = "static/vendor/pyodide/python_stdlib.zip"  # Pyodide's, as it ships (sources)
# The site's: trimmed and compiled to bytecode (tools/snapshot.mjs), in place of Pyodide's
SITE_STDLIB = "static/boot/python_stdlib.zip"


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


def snapshot_modules() -> list[str]:
    """What the start-up snapshot imports: the engine modules the page imports (followed
    through their own imports) and the standard-library modules of page and engine alike
    (pure Python: nothing that touches JavaScript)."""
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
