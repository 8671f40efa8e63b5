"""The test environment and the test runs: the virtual environment with the test
requirements, Chromium, the type check and pytest."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from .common import BUILD, ROOT, VENV, fail, say
from .vendor import fetch_axe
from .website import build_site


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
    return path


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
