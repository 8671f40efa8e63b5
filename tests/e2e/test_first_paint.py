"""A first visit (an empty profile): the requested game's table painted while the runtime
loads (static/boot/paint.js, from tools/first_paint.py), the painted deal the one
Python opens, and the loading bar's real progress, in both languages."""

from __future__ import annotations

from tools import first_paint
from patience import GAMES, get_game

READY = 'body[data-ready="1"]'
# What the table shows the moment the first paint is made (a mutation observer runs
# before any other script can), and every figure of the loading bar as it changes.
WATCH = """
window.__first = null;
window.__percents = [];
new MutationObserver(() => {
  const table = document.getElementById('table');
  if (!window.__first && table && table.dataset.painted === 'first') {
    window.__first = {
      ready: document.body.dataset.ready || '',
      deal: table.dataset.firstDeal || '',
      slots: table.querySelectorAll('.slot').length,
      cards: [...table.querySelectorAll('[data-card]')].map(c => c.dataset.pile + '#' + c.dataset.index + '=' + c.dataset.card),
      labels: [...table.querySelectorAll('.slot')].map(s => s.getAttribute('aria-label')),
      stage: document.getElementById('loading-text').innerText,
    };
  }
  const shown = document.getElementById('loading-percent');
  const text = shown ? shown.textContent.trim() : '';
  if (text && window.__percents[window.__percents.length - 1] !== text) window.__percents.push(text);
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""
LIVE = """() => [...document.querySelectorAll('#table .card[data-card]')]
  .map(c => c.dataset.pile + '#' + c.dataset.index + '=' + c.dataset.card)"""
MARKS = "() => Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"


def first_visit(browser, url: str, line: dict | None = None, **ctx):
    """A first visit to ``url``, ready; over an emulated ``line`` (DevTools' network
    conditions) if one is given."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, **ctx)
    page = context.new_page()
    if line is not None:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, **line})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(WATCH)
    # (waits on the page's own state, not the load event: under a loaded machine and the
    # emulated line the load event once came after Playwright's 30 s)
    page.goto(url, wait_until="commit")
    page.wait_for_selector(READY, timeout=60_000)
    return page, errors


def test_a_bare_address_paints_a_deal_before_python_and_python_opens_that_deal(browser, base_url):
    page, errors = first_visit(browser, base_url)
    first = page.evaluate("window.__first")
    assert first is not None and first["ready"] == ""  # painted before Python was ready
    faces = [c for c in first["cards"] if not c.endswith("=??")]
    assert faces and len(first["cards"]) == 52 and first["slots"] == len(get_game(GAMES[0].id).piles)
    seed = first_paint.first_seed(GAMES[0].id)
    assert f"seed={seed}" in first["deal"]
    # the same cards, in the same places, once the table is live: the painted deal is opened
    assert page.get_attribute("#table", "data-seed") == str(seed)
    assert sorted(first["cards"]) == sorted(page.evaluate(LIVE))
    assert page.get_attribute("#table", "data-painted") is None and page.get_attribute("#table", "data-first-deal") is None
    marks = page.evaluate(MARKS)
    assert marks["paint"] < marks["python"] < marks["ready"]
    # a new deal afterwards is a new one
    page.click("#new")
    page.wait_for_function(f"() => document.getElementById('table').dataset.seed !== '{seed}'")
    assert not errors, errors
    page.context.close()


def test_an_address_naming_a_deal_paints_the_slots_and_backs_only(browser, base_url):
    page, errors = first_visit(browser, base_url + "?game=canfield&seed=4")
    first = page.evaluate("window.__first")
    assert first is not None and first["ready"] == ""
    assert first["deal"] == ""  # no deal handed on to Python: the address names its own
    assert first["slots"] == len(get_game("canfield").piles)
    assert first["cards"] and all(c.endswith("=??") for c in first["cards"])  # no faces shown
    assert page.get_attribute("#table", "data-seed") == "4"
    assert not errors, errors
    page.context.close()


def test_other_options_than_the_defaults_are_not_painted(browser, base_url):
    page, errors = first_visit(browser, base_url + "?game=klondike&draw=1")
    assert page.evaluate("window.__first") is None
    assert page.evaluate("window.__percents")  # the bar has its figures all the same
    assert not errors, errors
    page.context.close()


def test_the_first_paint_and_the_loading_bar_speak_russian(browser, base_url):
    page, errors = first_visit(browser, base_url + "?game=zmey", locale="ru-RU")
    first = page.evaluate("window.__first")
    assert first is not None and first["ready"] == ""
    assert "Загрузка" in first["stage"] and "Loading" not in first["stage"]
    assert all(label and not any("a" <= ch <= "z" for ch in label.lower()) for label in first["labels"]), first["labels"]
    assert page.get_attribute("#table", "data-seed") == str(first_paint.first_seed("zmey"))
    assert sorted(first["cards"]) == sorted(page.evaluate(LIVE))
    assert not errors, errors
    page.context.close()


def test_the_loading_bar_counts_the_bytes_received(browser, base_url):
    """Over a line of 40 Mbit/s and 20 ms, where the bar has something to show (on
    localhost everything has come before the bar's figures do)."""
    line = {"latency": 20, "downloadThroughput": 40e6 / 8, "uploadThroughput": 10e6 / 8}
    page, errors = first_visit(browser, base_url + "?game=frog&seed=2", line)
    shown = page.evaluate("window.__percents")
    figures = [int(text.rstrip("%")) for text in shown]
    assert all(text.endswith("%") for text in shown) and figures == sorted(figures), shown
    assert any(0 < f < 100 for f in figures) and figures[-1] == 100, shown  # on its way, then all of it
    assert page.get_attribute("#loading [role=progressbar]", "aria-valuenow") == "100"
    assert not errors, errors
    page.context.close()
