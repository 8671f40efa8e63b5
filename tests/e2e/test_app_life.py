"""The app's life around the games: loading stages, the last table painted before Python
is ready, the clock, statistics (counting, chart, export, import), and an update from
one build to the next."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from tools import serve, website
from table import saves
from table.stats import KEY as STATS_KEY

from ui import click_stock, holds, message, table, visit, wait_moves

READY = 'body[data-ready="1"]'
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
MARKS = "() => Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
# what the table shows before Python takes over, seen when the document has been parsed
BEFORE_PYTHON = """
document.addEventListener('DOMContentLoaded', () => {
  window.__before = {
    ready: document.body.dataset.ready || '',
    painted: document.getElementById('table').dataset.painted || '',
    cards: [...document.querySelectorAll('#table [data-card]')].map(c => c.dataset.card + '@' + c.dataset.pile).sort(),
    moves: document.getElementById('moves').textContent,
  };
});
"""
LIVE_CARDS = "() => [...document.querySelectorAll('#table [data-card]')].map(c => c.dataset.card + '@' + c.dataset.pile).sort()"




def note(page) -> str:
    return page.inner_text("#stats-note-text")


def stats(page) -> dict:
    text = page.evaluate("k => localStorage.getItem(k)", STATS_KEY)
    return json.loads(text)["records"] if text else {}


def test_loading_goes_through_its_stages_in_order(fresh):
    page, watch, base = fresh
    visit(page, base + "?game=zmey&seed=3")
    marks = page.evaluate(MARKS)
    order = ["runtime", "python", "engine", "table", "ready"]
    assert all(name in marks for name in order), marks
    assert [marks[n] for n in order] == sorted(marks[n] for n in order)
    assert not page.is_visible("#loading")


def test_a_repeat_visit_paints_the_last_table_before_python(fresh):
    page, watch, base = fresh
    visit(page, base + "?game=klondike&seed=8&draw=1")
    click_stock(page)
    click_stock(page)
    wait_moves(page, 2)
    page.add_init_script(BEFORE_PYTHON)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    before = page.evaluate("window.__before")
    assert before["ready"] == "" and before["painted"] == "1"  # drawn before Python was ready
    assert before["cards"] == page.evaluate(LIVE_CARDS) and before["moves"] == "2"
    marks = page.evaluate(MARKS)
    assert marks["paint"] < marks["python"] < marks["ready"]
    assert page.get_attribute("#table", "data-painted") is None  # live now
    # another deal in the address: nothing is painted from the old one (the new deal's
    # first paint may have come already: its slots and cards face down)
    page.goto(base + "?game=canfield&seed=4")
    page.wait_for_selector(READY, timeout=60_000)
    before = page.evaluate("window.__before")
    assert before["painted"] in ("", "first") and all(card.startswith("??@") for card in before["cards"]), before


def test_a_stored_table_never_becomes_markup(fresh):
    page, watch, base = fresh
    visit(page, base + "?game=frog&seed=5")
    evil = {
        "v": 1, "search": "?game=frog&seed=5", "width": 1280, "attrs": {"onclick": "window.__hit=1"},
        "texts": {"moves": {"text": "<b id=injected>7</b>", "hidden": False}},
        "table": [
            {"t": "SCRIPT", "a": {}, "x": "window.__hit = 1"},
            {"t": "IMG", "a": {"src": "x", "onerror": "window.__hit = 1"}},
            {"t": "DIV", "a": {"onmouseover": "window.__hit = 1", "data-card": "Ah", "class": "card"},
             "x": "<img src=x onerror='window.__hit=1'>"},
        ],
    }
    page.add_init_script("if (!sessionStorage.getItem('once')) { sessionStorage.setItem('once', 1);"
                         f" localStorage.setItem('patience.v1.paint', {json.dumps(json.dumps(evil))}); }}")
    page.add_init_script(BEFORE_PYTHON)
    page.goto(base + "?game=frog&seed=5")
    page.wait_for_selector(READY, timeout=60_000)
    assert page.evaluate("window.__hit") is None
    assert page.evaluate("document.getElementById('injected')") is None
    assert page.evaluate("window.__before")["cards"] == ["Ah@undefined"]  # only the whitelisted DIV, as text
    assert page.evaluate("document.querySelectorAll('script[src*=paint], img').length") == 1


def test_the_clock_runs_while_playing_and_survives_a_reload(fresh):
    page, watch, base = fresh
    visit(page, base + "?game=canfield&seed=9")
    assert page.inner_text("#time") == "0:00"
    holds(page, "() => document.getElementById('time').textContent === '0:00'", 1500)  # not before the first move
    click_stock(page)
    wait_moves(page, 1)
    page.wait_for_function("() => document.getElementById('time').textContent >= '0:03'", timeout=10_000)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert page.inner_text("#time") >= "0:03"
    saved = json.loads(page.evaluate("k => localStorage.getItem(k)", saves.key("canfield")))
    assert saved["time"] >= 3000 and saved["counted"] is True


def test_statistics_count_played_and_abandoned_games_and_draw_a_chart(fresh):
    page, watch, base = fresh
    visit(page, base + "?game=klondike&seed=31&draw=3")
    assert stats(page) == {}
    page.click("#new")  # no move yet: nothing counted
    page.wait_for_function("() => document.getElementById('table').dataset.seed !== '31'")
    assert stats(page) == {}
    for k in range(3):
        click_stock(page)
        wait_moves(page, 1)
        page.click("#new")  # left after a move: kept for later, not lost …
        page.wait_for_function("() => document.getElementById('table').dataset.moves === '0'")
        assert "kept for later" in message(page) and stats(page)[next(iter(stats(page)))]["lost"] == k
        page.click("#message-action")  # … until given up: lost
        page.wait_for_function("() => document.getElementById('message-text').textContent.includes('given up')")
    (key, record), = stats(page).items()
    assert key.startswith("klondike ") and "draw=3" in key
    assert record["played"] == 3 and record["lost"] == 3 and record["won"] == 0
    assert [e[1] for e in record["history"]] == [0, 0, 0] and all(e[3] == 1 for e in record["history"])
    page.click("#stats-open")
    assert page.is_visible("#stats")
    assert page.inner_text('#stats-figures dd[data-stat="played"]') == "3"
    assert page.inner_text('#stats-figures dd[data-stat="rate"]') == "0%"
    assert page.locator("#stats-chart rect.lost").count() == 3
    assert page.locator("#stats-chart rect.won").count() == 0
    assert page.locator("#stats-all tr").count() == 1
    # named by the options that differ from the defaults (draw 3 is Klondike's default)
    assert page.inner_text("#stats-all td") == "Klondike"
    assert "3 games" in page.get_attribute("#stats-chart", "aria-label")
    page.click("#stats-close")
    assert not page.is_visible("#stats")


def test_a_game_left_is_still_said_when_the_next_deal_is_stuck_from_the_deal(fresh):
    """Klondike draw 3, deal 473: no card can be played from the deal.  Reached after a
    move in another game, the table says both: that game is kept for later (with the
    button to give it up) or, reached through the history, saved (with the button to
    resume it), and this deal is stuck."""
    from patience import get_game

    game = get_game("klondike", {"draw": "3"})
    assert game.status(game.deal(473)) == "stuck"
    page, watch, base = fresh
    stuck = "No card of this deal can be played"
    # the option changed mid-game: the same deal under draw 3, the game left kept for later
    visit(page, base + "?game=klondike&seed=473&draw=1")
    click_stock(page)
    wait_moves(page, 1)
    page.click(".options-menu summary")
    page.select_option('select[data-option="draw"]', "3")
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.getElementById('table').dataset.status === 'stuck'")
    said = message(page)
    assert "deal #473, 1 move) is kept for later" in said and stuck in said
    page.click("#message-action")
    page.wait_for_function("() => document.getElementById('message-text').textContent.includes('given up')")
    # through the history: the saved game of the type offered, and the deal stuck
    visit(page, base + "?game=klondike&seed=31&draw=3")
    click_stock(page)
    wait_moves(page, 1)
    page.evaluate("() => { history.pushState(null, '', '?game=klondike&seed=473&draw=3');"
                  " dispatchEvent(new PopStateEvent('popstate')); }")
    page.wait_for_function("() => document.getElementById('table').dataset.seed === '473'")
    page.wait_for_function("() => document.getElementById('table').dataset.status === 'stuck'")
    said = message(page)
    assert "deal #31, 1 move) is saved" in said and stuck in said
    page.click("#message-action")
    page.wait_for_function("() => document.getElementById('table').dataset.seed === '31'")
    wait_moves(page, 1)


def test_statistics_export_and_import_with_checks(fresh):
    page, watch, base = fresh
    visit(page, base + "?game=bride&seed=12")
    click_stock(page)
    wait_moves(page, 1)
    page.click("#stats-open")
    with page.expect_download() as info:
        page.click("#stats-export")
    exported = Path(info.value.path()).read_text()
    data = json.loads(exported)
    assert data["format"] == "patience-statistics" and len(data["records"]) == 1
    tmp = Path(tempfile.mkdtemp())
    try:
        bad = tmp / "bad.json"
        bad.write_text('{"format": "patience-statistics", "v": 1, "records": {"<b>x</b>": {}}}')
        page.set_input_files("#stats-file", str(bad))
        page.wait_for_function("() => document.getElementById('stats-note').dataset.kind === 'warning'")
        assert "could not be imported" in note(page) and "unchanged" in note(page)
        assert page.evaluate("document.querySelector('#stats b')") is None  # text, not markup
        assert stats(page) == data["records"]
        other = dict(data)
        other["records"] = {"gaps8": {**next(iter(data["records"].values())), "played": 7}}
        good = tmp / "good.json"
        good.write_text(json.dumps(other))
        page.set_input_files("#stats-file", str(good))
        # the failed import's note also says "imported": wait for the new note's kind
        page.wait_for_function("() => document.getElementById('stats-note').dataset.kind === 'info'")
        assert "imported" in note(page)
        assert list(stats(page)) == ["gaps8"]
        assert page.locator("#stats-all tr").count() == 1 and "Eight Aces" in page.inner_text("#stats-all")
        page.click("#stats-undo-import")
        page.wait_for_function("() => document.getElementById('stats-note-text').textContent.includes('back')")
        assert stats(page) == data["records"]
    finally:
        shutil.rmtree(tmp)


def test_damaged_statistics_are_set_aside_with_a_message(fresh):
    page, watch, base = fresh
    visit(page, base + "?game=glider&seed=2")
    page.evaluate("k => localStorage.setItem(k, '{\"format\": \"patience-statistics\", \"v\": 1, \"rec')", STATS_KEY)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert "statistics could not be read" in message(page)
    assert page.evaluate("k => localStorage.getItem(k + '.broken')", STATS_KEY).endswith('"rec')
    # one damaged record costs only itself: the others stay, the whole text is set aside
    text = json.dumps({"format": "patience-statistics", "v": 1, "records": {
        "canfield colour=red draw=1 passes=inf": {"played": 5, "won": 2, "lost": 3, "streak": 1, "best_streak": 1,
                            "best_time_ms": 60000, "fewest_moves": 100, "score_total": 100},
        "klondike draw=3": {"played": "a", "won": -1}}})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STATS_KEY, text])
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert "Part of your statistics could not be read" in message(page)
    assert page.evaluate("k => localStorage.getItem(k + '.broken')", STATS_KEY) == text
    kept = json.loads(page.evaluate("k => localStorage.getItem(k)", STATS_KEY))["records"]
    (key, record), = kept.items()
    assert key == "canfield colour=red draw=1 passes=inf" and record["played"] == 5
    page.click("#stats-open")
    # named by its options that differ from the defaults, by their labels; an option this
    # version does not know as it is written
    assert page.inner_text("#stats-all td") == "Canfield (colour=red; Cards turned from the stock: 1)"
    page.click("#stats-close")


def test_a_bare_address_reopens_the_last_game(fresh):
    page, watch, base = fresh
    visit(page, base + "?game=potocki&seed=77")
    page.goto(base)
    page.wait_for_selector(READY, timeout=60_000)
    assert table(page)["game"] == "potocki" and table(page)["seed"] == "77"
    # under the options it was played with, not the defaults
    visit(page, base + "?game=klondike&seed=9&draw=1")
    click_stock(page)
    wait_moves(page, 1)
    page.goto(base)
    page.wait_for_selector(READY, timeout=60_000)
    assert (table(page)["game"], table(page)["seed"], table(page)["moves"]) == ("klondike", "9", "1")
    assert "draw=1" in page.evaluate("location.search") and message(page) == ""
    (record,) = (r for key, r in stats(page).items() if key.startswith("klondike ") and "draw=1" in key)
    assert record["played"] == 1 and record["lost"] == 0


def test_an_update_is_offered_and_taken_without_losing_the_game(browser):
    """Two builds in turn at one address: the second is fetched in the background, the
    player is told, reloads into it, and the game in progress is still there."""
    tmp = Path(tempfile.mkdtemp())
    site = tmp / "site"
    website.build_site(site)
    server = serve.serve_in_thread(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    try:
        visit(page, base + "?game=cross&seed=3")
        page.wait_for_function(CONTROLLED, timeout=60_000)
        click_stock(page)
        wait_moves(page, 1)
        old = page.evaluate("fetch('./sw.js').then(r => r.text())")
        # the next version: a changed page, and a new worker naming it
        index = site / "index.html"
        index.write_text(index.read_text().replace("<title>", '<meta name="build" content="two"><title>'))
        website.write_worker(site)
        assert (site / "sw.js").read_text() != old
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_function("() => document.getElementById('message').dataset.kind === 'update'", timeout=60_000)
        # until the player chooses, the page runs the old version only, and offers the
        # new one again with the next deal
        assert page.evaluate("document.querySelector('meta[name=build]')") is None
        page.click("#message-close")
        page.select_option("#game", "frog")  # (a new deal of Frog is never stuck, which is told first)
        page.wait_for_function("() => document.getElementById('table').dataset.game === 'frog'")
        assert page.get_attribute("#message", "data-kind") == "update" and page.is_visible("#message-action")
        page.select_option("#game", "cross")  # the game in progress comes back
        page.wait_for_function("() => document.getElementById('table').dataset.game === 'cross'")
        page.click("#message-action")
        page.wait_for_function("() => document.querySelector('meta[name=build]') !== null", timeout=60_000)
        page.wait_for_selector(READY, timeout=60_000)
        assert table(page)["game"] == "cross" and table(page)["moves"] == "1"
    finally:
        context.close()
        server.shutdown()
        shutil.rmtree(tmp)
