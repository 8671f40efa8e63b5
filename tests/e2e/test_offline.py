"""The installable offline app: manifest and service worker, offline play, a stopped
server, a sub-path like GitHub Pages'."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from urllib.parse import parse_qsl

import pytest

from tools import common, serve, startup, website
from patience import GAMES, get_game

from ui import CARD_LOOK, assert_dom_is, click_stock, table, visit, wait_moves

READY = 'body[data-ready="1"]'
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
MARKS = "() => performance.getEntriesByType('mark').map(m => m.name)"



def site() -> Path:
    return Path(os.environ.get("PATIENCE_SITE") or website.build_site(common.BUILD / "site")).resolve()


@pytest.mark.worker
def test_installable_manifest_and_worker(fresh):
    page, watch, base = fresh
    visit(page, base + "?game=klondike&seed=2")
    page.wait_for_function(CONTROLLED, timeout=60_000)
    cdp = page.context.new_cdp_session(page)
    errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    # a test browser context counts as incognito, where Chromium never installs apps;
    # every other criterion (manifest, icons, worker, start URL) must be met
    assert errors in ([], ["in-incognito"]), errors
    href = page.evaluate("document.querySelector('link[rel=manifest]').href")
    manifest = json.loads(page.evaluate("u => fetch(u).then(r => r.text())", href))
    assert manifest["display"] == "standalone" and manifest["short_name"] and manifest["theme_color"]
    sizes = {i["sizes"] for i in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        if icon["type"] == "image/png":
            w = page.evaluate("""u => new Promise(ok => { const i = new Image(); i.onload = () => ok(i.naturalWidth);
                                  i.src = new URL(u, document.querySelector('link[rel=manifest]').href); })""", icon["src"])
            assert f"{w}x{w}" == icon["sizes"]


@pytest.mark.worker
def test_offline_after_one_visit_plays_every_game(fresh):
    page, watch, base = fresh
    visit(page, base + "?game=klondike&seed=3&draw=1")
    page.wait_for_function(CONTROLLED, timeout=60_000)
    page.context.set_offline(True)
    # the classic card set and a lattice back: their pictures come from the worker's cache too
    page.evaluate("localStorage.setItem('patience.v1.settings', JSON.stringify({faces: 'classic', back: 'lattice'}))")
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    # the start-up snapshot came from the worker's cache at once, so it was used
    assert "snapshot-used" in page.evaluate(MARKS), page.evaluate(MARKS)
    look = page.evaluate(CARD_LOOK)
    assert look["faces"] and all(url.endswith(f"/{face}.svg") for face, url, _pip in look["faces"]), look
    assert look["shown"] and all(look["shown"]), look
    click_stock(page)
    wait_moves(page, 1)
    every_other_game_starts(page)
    page.context.set_offline(False)


def test_the_app_starts_with_the_server_stopped(browser):
    server = serve.serve_in_thread(site())
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    try:
        visit(page, base + "?game=frog&seed=4")
        page.wait_for_function(CONTROLLED, timeout=60_000)
        server.shutdown()
        server.server_close()
        page.reload()
        page.wait_for_selector(READY, timeout=60_000)
        click_stock(page)
        wait_moves(page, 1)
    finally:
        context.close()


def test_served_from_a_sub_path(browser):
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "patience").symlink_to(site())
        server = serve.serve_in_thread(Path(tmp))
        base = f"http://127.0.0.1:{server.server_address[1]}/patience/"
        context = browser.new_context(service_workers="allow")
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        try:
            visit(page, base + "?game=canfield&seed=6")
            assert table(page)["game"] == "canfield"
            page.wait_for_function(CONTROLLED, timeout=60_000)
            scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
            assert scope == base
            assert not errors, errors
        finally:
            context.close()
            server.shutdown()


def test_without_the_snapshot_every_game_starts_on_the_trimmed_standard_library(fresh):
    """The site's standard library (startup.SITE_STDLIB) holds only what the page loads
    (build.py, tools/stdlib.txt), compiled.  With the start-up snapshot unusable, Python
    starts the ordinary way and imports from that archive everything the snapshot would
    have held: every game still starts and plays."""
    page, watch, base = fresh
    page.route("**/python.snapshot.gz", lambda r: r.fulfill(body=b"not a snapshot", content_type="application/gzip"))
    visit(page, base + "?game=klondike&seed=3&draw=1")
    served = page.evaluate(f"() => fetch('./{startup.SITE_STDLIB}').then(r => r.arrayBuffer()).then(b => b.byteLength)")
    assert served == (site() / startup.SITE_STDLIB).stat().st_size
    assert not (site() / startup.STDLIB).exists()  # Pyodide's own archive is not in the site
    assert page.evaluate("() => performance.getEntriesByName('snapshot-ready').length") == 1
    click_stock(page)
    wait_moves(page, 1)
    every_other_game_starts(page)


def test_over_a_slow_line_the_snapshot_is_not_asked_for_and_python_starts_the_ordinary_way(fresh):
    """Over a slow line the start-up snapshot would cost more than it saves.  The page
    judges the line by the runtime's WebAssembly (static/boot/pyodide.mjs): here it is held
    back until the page has given up waiting for it, and every request takes 40 ms (the
    page itself too: a page that comes at once is on a line like localhost's, where the
    snapshot is asked for at once).  Then the snapshot is never asked for,
    Python starts the ordinary way, the loading bar stops counting the snapshot and still
    reaches the end, and the game plays."""
    page, watch, base = fresh
    held, asked = [], []
    slow = [True]

    def runtime(route):  # held back until the page has judged the line slow
        if slow[0]:
            held.append(route)
        else:
            route.continue_()

    page.route("**/pyodide.asm.wasm", runtime)
    page.on("request", lambda r: asked.append(r.url))
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 40,
                                                  "downloadThroughput": -1, "uploadThroughput": -1})
    page.goto(base + "?game=klondike&seed=3&draw=1", wait_until="commit")
    page.wait_for_function("() => performance.getEntriesByName('snapshot-skipped').length === 1")
    slow[0] = False
    for route in held:
        route.continue_()
    page.wait_for_selector(READY, timeout=60_000)
    marks = set(page.evaluate(MARKS))
    assert held and "snapshot-used" not in marks, marks
    assert not [u for u in asked if u.endswith("python.snapshot.gz")]
    page.wait_for_function("() => document.querySelector('#loading [role=progressbar]')"
                           ".getAttribute('aria-valuenow') === '100'")
    click_stock(page)
    wait_moves(page, 1)


def every_other_game_starts(page) -> None:
    """Each game after Klondike, chosen from the menu, shows the engine's deal of its seed
    and options.  The new deal is random and may be stuck from its first card (a Canfield
    deal whose stock never offers a card that goes anywhere is), so the page is held to the
    engine's own deal and status, not to "playing"."""
    for spec in GAMES[1:]:
        page.select_option("#game", spec.id)
        page.wait_for_function(f"() => document.getElementById('table').dataset.game === '{spec.id}'")
        seed = int(table(page)["seed"])
        options = {k: v for k, v in parse_qsl(page.evaluate("location.search").lstrip("?"))
                   if k not in ("game", "seed")}
        game = get_game(spec.id, options)
        deal = game.deal(seed)
        assert_dom_is(page, game, deal)
        assert table(page)["status"] == game.status(deal)
