"""Shared test set-up: the engine and the table layer are imported from py/, what test
files share from tests/ (helpers.py, sizes.py, bad_addresses.py).  The tests are grouped
as the code is: engine/, games/, search/, table/, project/ and e2e/ (the browser).

The list of Chromium renderer crashes at the end of a run lives here, not in
tests/e2e/conftest.py: under pytest-xdist the browser tests run in the workers, whose
reports carry their crashes (``chromium-crashes`` in ``user_properties``) to the
controller, which loads this file but may never load the end-to-end one."""

import fcntl
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # what test files share: helpers.py, sizes.py, bad_addresses.py



LOCKS = ROOT / "build" / "test-locks"  # one folder for every worker of a run


def pytest_configure(config):
    config.addinivalue_line("markers", "reliability: run by `python3 build.py reliability` too, in the long size "
                            "where tests/sizes.py gives one")
    config.addinivalue_line("markers", "worker: its ``fresh`` page has the site's service worker (tests/e2e/conftest.py)")
    config.addinivalue_line("markers", "alone: runs while no other test runs (in another pytest-xdist worker): "
                            "it measures how long the page's tasks take")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Under ``--dist loadscope`` (what ``build.py test`` uses), a scope is a browser test
    file (tests/e2e/: its tests share the worker's booted page and run in their order),
    or else one test: the unit tests, which only need a core, spread one by one."""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class BrowserFiles(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            file = nodeid.split("::")[0]
            return file if "e2e" in file.split("/")[:-1] else nodeid

    return BrowserFiles(config, log)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """A test marked ``alone`` runs while no other test runs in another worker.

    Every test holds the run lock shared while it runs (its reruns included); an
    ``alone`` test holds it exclusively.  Whoever wants the run lock first passes the
    gate, and an ``alone`` test keeps the gate while it waits and runs, so the others
    cannot keep it waiting."""
    alone = item.get_closest_marker("alone") is not None
    LOCKS.mkdir(parents=True, exist_ok=True)
    with open(LOCKS / "gate", "a") as gate, open(LOCKS / "run", "a") as run:
        fcntl.flock(gate, fcntl.LOCK_EX)
        fcntl.flock(run, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        if not alone:
            fcntl.flock(gate, fcntl.LOCK_UN)
        try:
            return (yield)
        finally:
            fcntl.flock(run, fcntl.LOCK_UN)
            if alone:
                fcntl.flock(gate, fcntl.LOCK_UN)


CRASHES: list[tuple[str, str]] = []  # (Chromium's log, the test during which a page crashed)
RERUNS: list[str] = []  # the tests run again (after such a crash, or by their own flaky mark)


def pytest_runtest_logreport(report):
    for name, (log, tests) in (p for p in report.user_properties if p[0] == "chromium-crashes"):
        CRASHES.extend((log, test) for test in tests)
    if report.outcome == "rerun" and report.nodeid not in RERUNS:
        RERUNS.append(report.nodeid)


def pytest_terminal_summary(terminalreporter):
    if not CRASHES and not RERUNS:
        return
    terminalreporter.section("Chromium renderer crashes and reruns")
    for _, test in CRASHES:
        terminalreporter.line(f"a page crashed during {test}")
    for test in RERUNS:
        terminalreporter.line(f"run again: {test}")
    for log in sorted({log for log, _ in CRASHES}):
        path = Path(log)
        if path.exists():
            lines = [line for line in path.read_text(errors="replace").splitlines() if "dbus" not in line.lower()]
            terminalreporter.line(f"last lines of {path} (D-Bus noise left out):")
            for line in lines[-40:]:
                terminalreporter.line(line)
