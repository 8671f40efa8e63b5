"""End-to-end set-up: one server, one browser and one booted page per session.

Tests switch deals inside the running page (history.pushState + popstate, the same
path as the browser's Back/Forward), so the ~3 s Python boot is paid once per session,
that is once per pytest-xdist worker (each worker has its own server, browser and
pages).  Every console error, page error and request to another origin fails the test
that caused it.  The tests of one file run in one worker, in their order (tests/conftest.py
makes each browser test file one scope of ``--dist loadscope``, which ``build.py test``
uses).

Chromium's renderer can crash on its own ("Page crashed" or "Target crashed", in tests
that pass on every other run: seen once in a CI run, and four times in one run on this
machine, once as the shared phone page first booted).  A test that failed while one of
its pages crashed runs once more (pytest-rerunfailures' ``flaky`` mark, whose condition
is that crash); a shared page that crashed is booted again, and so is a page whose
renderer crashed while it booted.  Every crash and rerun is listed at the end of the
run with the tail of Chromium's log (tests/conftest.py), so a crash the app causes shows
up there instead of passing unseen.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from sizes import BADGE_MS, LONG
from ui import CONTEXT_MOTION, SHARED_MOTION
from tools import common, serve, testenv, website

# V8 compiles the runtime's WebAssembly once quickly (Liftoff) and again, optimised
# (TurboFan), for the code that runs often, on other threads.  Every fresh context of a
# test compiles it anew (about half of a boot's CPU was compiling), and few of those pages
# live long enough for the optimised code to pay, so the default run keeps the first code
# only: the browser tests took 651 and 684 s against 797 and 889 s with both (session 48,
# two workers, alternated).  The page's behaviour is the same either way.  The long run
# (``build.py reliability``, PATIENCE_LONG) keeps V8's default, as a player's browser
# has it, since it times the page's tasks against the 50 ms goal; so do the benches.
ARGS = testenv.CHROMIUM_ARGS + ([] if LONG else ["--js-flags=--liftoff-only"])
CHROMIUM_LOG = Path(tempfile.gettempdir()) / f"patience-chromium-{os.getpid()}.log"
CRASHES: list[str] = []  # the tests during which a page's renderer crashed (in this process)
TOLD = 0  # how many of CRASHES went with a report
BROWSERS: list = []  # this process's browser, once launched
LATEST: list[str] = []  # the test that ran last in this process


@pytest.fixture(scope="session")
def base_url():
    site = Path(os.environ.get("PATIENCE_SITE") or website.build_site(common.BUILD / "site"))
    server = serve.serve_in_thread(site)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    exe = os.environ.get("PATIENCE_CHROMIUM") or testenv.find_chromium()
    # launch() starts Chromium with a fresh temporary profile of its own
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=[*ARGS, "--enable-logging", f"--log-file={CHROMIUM_LOG}"])
        new_context = b.new_context

        def watched_context(full_search: bool = False, **options):
            """A context whose every page records a renderer crash in CRASHES, without the
            service worker unless it asks for one, with reduced motion unless it asks
            otherwise, and whose badge searches a position for sizes.BADGE_MS unless
            ``full_search``."""
            options.setdefault("service_workers", "block")
            # the system asks for reduced motion: the page's "system" animation setting
            # (the default) plays moves without animation, as the shared pages' does
            # (ui.SHARED_MOTION); in the long run as a player's system most often has it
            options.setdefault("reduced_motion", CONTEXT_MOTION)
            context = new_context(**options)
            if BADGE_MS and not full_search:
                context.add_init_script(f"window.patienceBudgets = {{analysis_s: {BADGE_MS / 1000}}};")
            context.on("page", lambda page: page.on("crash", lambda _: CRASHES.append(
                os.environ.get("PYTEST_CURRENT_TEST") or (f"{LATEST[-1]} (as it ended)" if LATEST else "the start"))))
            return context

        b.new_context = watched_context
        BROWSERS.append(b)
        yield b
        BROWSERS.remove(b)
        b.close()


# A test's own context runs the page without its service worker unless it asks for one
# (``service_workers="allow"``; the ``fresh`` page of a test marked ``worker``): installing
# the worker fetches and stores every file of the site, about 2.5 s of the machine's CPU
# beside the 5 s of a first visit, and most tests boot a page of their own at least once.
# The shared pages, the offline tests and the update test have the worker, as a player's
# page does.  Such a page's winnability badge also searches a position for a shorter time
# than a player's (sizes.BADGE_MS): the badge's own tests run on the shared pages, which
# search as a player's page does.


class Watch:
    """Console errors, page errors and off-origin requests seen by a page."""

    def __init__(self, page, base_url: str) -> None:
        self.errors: list[str] = []
        self.off_origin: list[str] = []
        self.crashed = False
        page.on("crash", lambda _: setattr(self, "crashed", True))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("request", lambda r: None if r.url.startswith(base_url) or r.url.startswith("data:")
                else self.off_origin.append(r.url))

    def check(self) -> None:
        errors, off = list(self.errors), list(self.off_origin)
        self.errors.clear()
        self.off_origin.clear()
        assert not errors, f"console errors: {errors}"
        assert not off, f"requests to other origins: {off}"


def boot(browser, base_url: str, query: str = "?game=klondike&seed=1", init: str = "", **ctx):
    """A page of a new context with the app booted (``init``: a script run before the
    page's own).  When the renderer crashes while the page boots, it is booted once more
    in another context: a shared page's first boot has no rerun to fall back on, and
    every test that uses the page would fail."""
    for attempt in (1, 2):
        context = browser.new_context(**ctx)
        if init:
            context.add_init_script(init)
        page = context.new_page()
        watch = Watch(page, base_url)
        try:
            page.goto(base_url + query)
            page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
            return page, watch
        except Exception:
            if attempt == 2 or not watch.crashed:
                raise
            context.close()


# The shared pages play moves without animation (ui.SHARED_MOTION, which says why); a test
# that needs cards to move sets the setting itself.  (Written before the page starts,
# unless a setting is stored already.)
SHARED_SETTINGS = """if (!localStorage.getItem('patience.v1.settings'))
  localStorage.setItem('patience.v1.settings', JSON.stringify({motion: '%s'}));""" % SHARED_MOTION


class Shared:
    """A page kept for the whole session, booted again if its renderer crashed."""

    def __init__(self, browser, base_url: str, ctx: dict) -> None:
        self.browser, self.base_url, self.ctx = browser, base_url, {**ctx, "service_workers": "allow", "full_search": True}
        self.page, self.watch = boot(browser, base_url, init=SHARED_SETTINGS, **self.ctx)

    def live(self):
        if self.watch.crashed:
            self.page.context.close()
            self.page, self.watch = boot(self.browser, self.base_url, init=SHARED_SETTINGS, **self.ctx)
        return self.page, self.watch


def _session_page(browser, base_url, **ctx):
    shared = Shared(browser, base_url, ctx)
    yield shared
    shared.page.context.close()


def _checked(shared):
    page, watch = shared.live()
    watch.check()
    yield page
    watch.check()


@pytest.fixture(scope="session")
def _desktop(browser, base_url):
    yield from _session_page(browser, base_url, viewport={"width": 1280, "height": 720})


@pytest.fixture(scope="session")
def _phone(browser, base_url):
    yield from _session_page(browser, base_url, viewport={"width": 390, "height": 844}, has_touch=True,
                             is_mobile=True, device_scale_factor=2)


@pytest.fixture
def page(_desktop):
    """The shared desktop page (1280×720, mouse)."""
    yield from _checked(_desktop)


@pytest.fixture
def phone(_phone):
    """The shared phone page (390×844, touch)."""
    yield from _checked(_phone)


@pytest.fixture
def fresh(browser, base_url, request):
    """A page of its own, for tests that reload or navigate: (page, watch, base_url); with
    the service worker when the test is marked ``worker``."""
    worker = request.node.get_closest_marker("worker") is not None
    context = browser.new_context(viewport={"width": 1280, "height": 720},
                                  service_workers="allow" if worker else "block")
    page = context.new_page()
    watch = Watch(page, base_url)
    yield page, watch, base_url
    watch.check()
    context.close()


def crashed_in_its_run(item):
    """The rerun condition of a failed test: a page crashed during its latest run.  The
    news of a crash may still be on its way from the browser as the test fails: each
    open page is asked something first (an answer, or the crash, comes back; a page
    too busy to answer is given 5 s)."""
    def crashed() -> bool:
        if len(CRASHES) == getattr(item, "crashes_before", 0) and BROWSERS:
            for context in BROWSERS[-1].contexts:
                for page in context.pages:
                    try:
                        page.wait_for_function("() => true", timeout=5000)
                    except Exception:
                        pass
        return len(CRASHES) > getattr(item, "crashes_before", 0)
    return crashed


def pytest_itemcollected(item):
    """Every browser test (this folder's) runs once more after a renderer crash."""
    item.add_marker(pytest.mark.flaky(reruns=1, condition=crashed_in_its_run(item)))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    item.crashes_before = len(CRASHES)  # each run of it (pytest-rerunfailures sets it up again)
    LATEST[:] = [item.nodeid]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A crash not told yet goes with the next report (to the controller, under xdist)."""
    report = yield
    global TOLD
    if len(CRASHES) > TOLD:
        report.user_properties.append(("chromium-crashes", (str(CHROMIUM_LOG), CRASHES[TOLD:])))
        TOLD = len(CRASHES)
    return report
