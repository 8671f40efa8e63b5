"""End-to-end set-up: one server, one browser and one booted page per session.

Tests switch deals inside the running page (history.pushState + popstate, the same
path as the browser's Back/Forward), so the ~3 s Python boot is paid once.  Every
console error, page error and request to another origin fails the test that caused it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import build

ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@pytest.fixture(scope="session")
def base_url():
    site = Path(os.environ.get("PATIENCE_SITE") or build.build_site(build.BUILD / "site"))
    server = build.serve_in_thread(site)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    exe = os.environ.get("PATIENCE_CHROMIUM") or build.find_chromium()
    # launch() starts Chromium with a fresh temporary profile of its own
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=ARGS)
        yield b
        b.close()


class Watch:
    """Console errors, page errors and off-origin requests seen by a page."""

    def __init__(self, page, base_url: str) -> None:
        self.errors: list[str] = []
        self.off_origin: list[str] = []
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


def boot(browser, base_url: str, query: str = "?game=klondike&seed=1", **ctx):
    context = browser.new_context(**ctx)
    page = context.new_page()
    watch = Watch(page, base_url)
    page.goto(base_url + query)
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    return page, watch


def _session_page(browser, base_url, **ctx):
    page, watch = boot(browser, base_url, **ctx)
    yield page, watch
    page.context.close()


def _checked(shared):
    page, watch = shared
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
def fresh(browser, base_url):
    """A page of its own, for tests that reload or navigate: (page, watch, base_url)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    watch = Watch(page, base_url)
    yield page, watch, base_url
    watch.check()
    context.close()
