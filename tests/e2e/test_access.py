"""Everyone can play: both languages, the keyboard alone (a whole game won), screen
reader names and announcements, dialogs that keep focus, axe-core, themes, motion, large
print, the left-handed layout, and every game's table at phone and desktop sizes."""

from __future__ import annotations

import json

import os
from pathlib import Path

import pytest

from tools import common, vendor
from patience import GAMES, get_game
from patience.game import MOVE
from table import saves
from table.i18n import MESSAGES
from table.urlstate import to_query

from sizes import SCREENS as SCREEN_SIZES
from ui import (COVERED, assert_dom_is, click_stock, finish, message, open_deal, open_klondike_win, open_menu, set_language,
                settle, table, wait_moves)

READY = 'body[data-ready="1"]'
SHOTS = common.BUILD / "screenshots"


def texts_in(page) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries([...document.querySelectorAll('[data-i18n]')]"
                         ".map(el => [el.dataset.i18n, el.textContent]))")


# --- languages ---------------------------------------------------------------------------
def test_the_page_speaks_both_languages_and_remembers_the_choice(fresh):
    page, watch, base = fresh
    page.goto(base + "?game=zmey&seed=4")
    page.wait_for_selector(READY, timeout=60_000)
    for key, text in texts_in(page).items():
        assert text == MESSAGES["en"][key], key
    set_language(page, "ru")
    for key, text in texts_in(page).items():
        assert text == MESSAGES["ru"][key], key
    assert page.inner_text("#phase").startswith("Раздача")  # the engine's words too
    assert page.evaluate("[...document.querySelectorAll('#game option')].map(o => o.textContent)")[2] == "Змей"
    assert page.get_attribute("#undo", "title") == MESSAGES["ru"]["undo.title"]
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert page.inner_text("#new") == MESSAGES["ru"]["new"]


def test_notes_about_the_address_and_a_damaged_save_follow_a_language_switch(page):
    """What was wrong when the deal opened (a bad address, a save that could not be read)
    is composed before the table exists; it is still said again in the new language."""
    page.evaluate("localStorage.clear()")
    page.evaluate("k => localStorage.setItem(k, '{\"v\": 1, ')", saves.key("canfield"))
    open_deal(page, "?game=canfield&seed=abc&wings=on", keep_saves=True)
    english = message(page)
    assert "deal number" in english and "no option" in english and "could not be resumed" in english
    try:
        set_language(page, "ru")
        russian = message(page)
        for said in ("Номер расклада «abc»", "нет правила «wings»",
                     "Сохранённую партию не удалось продолжить: сохранение не читается"):
            assert said in russian, russian
        assert "deal number" not in russian
        set_language(page, "en")
        assert message(page) == english
    finally:
        set_language(page, "en")
        page.evaluate("localStorage.clear()")


def test_a_russian_browser_gets_russian_at_once(browser, base_url):
    context = browser.new_context(locale="ru-RU")
    page = context.new_page()
    try:
        page.add_init_script("document.addEventListener('DOMContentLoaded', () => {"
                             " window.__lang = document.documentElement.lang; })")
        page.goto(base_url + "?game=frog&seed=2")
        page.wait_for_selector(READY, timeout=60_000)
        assert page.evaluate("window.__lang") == "ru"  # the loading screen already
        assert page.inner_text("#new") == "Новый расклад"
        page.click("#rules")
        assert page.inner_text("#help-title") == "Лягушка"
        assert "Откуда правила" in page.inner_text("#help-body")
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rules_help_of_every_game_in_both_languages(page, lang):
    set_language(page, lang)
    try:
        for spec in GAMES:
            open_deal(page, f"?game={spec.id}&seed=1")
            page.click("#rules")
            body = page.inner_text("#help-body")
            for key in ("help.setup", "help.goal", "help.moves", "help.stock", "help.source", "help.keys"):
                assert MESSAGES[lang][key] in body, (spec.id, key)
            assert page.locator("#help-body dt[data-option]").count() == len(spec.options)
            page.keyboard.press("Escape")
            assert page.is_hidden("#help")
    finally:
        set_language(page, "en")


# --- keyboard and screen readers -----------------------------------------------------------
def cursor(page) -> dict:
    return page.evaluate("""() => {
        const el = document.getElementById(document.getElementById('table').getAttribute('aria-activedescendant'));
        const box = el.getBoundingClientRect();
        return {pile: el.dataset.pile, index: el.dataset.index === undefined ? null : +el.dataset.index,
                x: box.x + box.width / 2, y: box.y + box.height / 2, label: el.getAttribute('aria-label')};
    }""")


def go_to(page, pile: str, index: int | None) -> None:
    """Move the keyboard cursor to a card (or an empty pile) with the arrow keys only."""
    def slot(name: str) -> tuple[float, float]:
        box = page.locator(f'#table .slot[data-pile="{name}"]').bounding_box()
        return box["x"], box["y"]

    tx, ty = slot(pile)
    for _ in range(40):
        here = cursor(page)
        if here["pile"] == pile and (index is None or here["index"] == index):
            return
        if here["pile"] == pile:
            key = "ArrowUp" if here["index"] > index else "ArrowDown"
        else:  # from pile to pile, by where their slots are
            hx, hy = slot(here["pile"])
            dx, dy = tx - hx, ty - hy
            key = ("ArrowRight" if dx > 0 else "ArrowLeft") if abs(dx) > abs(dy) else ("ArrowDown" if dy > 0 else "ArrowUp")
        page.keyboard.press(key)
    raise AssertionError(f"the cursor never reached {pile}[{index}]: at {cursor(page)}, "
                         f"focus on {page.evaluate('document.activeElement.id')}")


@pytest.mark.reliability  # the whole line with the keys
def test_win_a_game_with_the_keyboard_alone(page):
    """A winning line played with the keys alone, resumed where its moves from column to
    column begin, for WIN_MOVES moves: D turns the stock, F sends a card home, Enter picks
    cards up and Space puts them down (home too); then Finish, pressed with Enter.  (The
    long run, tests/sizes.py, plays the whole line from the deal.)  The win dialog takes
    the focus."""
    game, seed, line, mirror, played = open_klondike_win(page)
    page.focus("#table")
    page.wait_for_function("() => document.getElementById('table').hasAttribute('aria-activedescendant')")
    keys: set[str] = set()
    homes = 0
    for k, move in enumerate(played):
        state = mirror.state
        home = move.kind == MOVE and game.piles[move.dst].role == "foundation" and move.n == 1
        if move.kind != MOVE:
            page.keyboard.press("d")
            keys.add("d")
        elif home and homes % 2 == 0:
            homes += 1
            go_to(page, game.names[move.src], len(state.piles[move.src]) - 1)
            page.keyboard.press("f")
            keys.add("f")
        else:
            homes += home
            go_to(page, game.names[move.src], len(state.piles[move.src]) - move.n)
            page.keyboard.press("Enter")
            assert "Picked up" in page.inner_text("#announce") or "Взято" in page.inner_text("#announce")
            dst = game.names[move.dst]
            go_to(page, dst, len(state.piles[move.dst]) - 1 if state.piles[move.dst] else None)
            page.keyboard.press("Space")
            keys.add("home by Enter" if home else "Enter")
        mirror.play(move)
        try:
            wait_moves(page, mirror.move_count)
        except Exception:
            raise AssertionError(f"move {k} {game.notation(move)} was not made: "
                                 f"{page.inner_text('#announce')!r} {page.inner_text('#message-text')!r}") from None
        if move.kind == MOVE:
            announced = page.inner_text("#announce")
            assert announced.endswith(".") and " to " in announced, announced
    assert_dom_is(page, game, mirror.state)
    assert {"d", "f", "Enter"} <= keys, keys
    if len(played) < len(line):
        finish(page, game, keys=True)
    assert table(page)["status"] == "won"
    assert page.is_visible("#win")
    assert page.evaluate("document.getElementById('win').contains(document.activeElement)")  # focus went in
    page.keyboard.press("Escape")
    assert page.is_hidden("#win")


def test_cards_and_piles_have_names_and_moves_are_announced(page):
    game = get_game("klondike", {"draw": "1"})
    open_deal(page, to_query(game, 5))
    state = game.deal(5)
    top = state.piles[game.index["t7"]][-1]
    label = page.get_attribute('#table .card[data-pile="t7"][data-index="6"]', "aria-label")
    from table.i18n import card_name
    assert label == f"{card_name(top.rank, top.suit, 'en')}, face up, column 7, 7 of 7"
    hidden = page.get_attribute('#table .card[data-pile="t7"][data-index="0"]', "aria-label")
    assert hidden == "face-down card, column 7, 1 of 7"
    ids = page.evaluate("[...document.querySelectorAll('#table .card')].map(c => c.id)")
    assert len(set(ids)) == 52 and not any(t in "".join(ids) for t in ("As", "Kh", "Td"))  # ids tell nothing
    assert page.get_attribute('#table .slot[data-pile="f1"]', "aria-label") == "foundation 1, empty"
    page.focus("#table")
    page.keyboard.press("d")
    page.wait_for_function("() => document.getElementById('announce').textContent.startsWith('Stock turned.')")
    assert "Turned up:" in page.inner_text("#announce")
    page.keyboard.press("Control+z")
    page.wait_for_function("() => document.getElementById('announce').textContent === 'Undone.'")


def test_dialogs_keep_the_focus_and_give_it_back(page):
    open_deal(page, "?game=canfield&seed=3")
    page.focus("#rules")
    page.keyboard.press("Enter")
    assert page.is_visible("#help") and page.evaluate("document.activeElement.id") == "help-close"
    for _ in range(5):
        page.keyboard.press("Tab")
        assert page.evaluate("document.getElementById('help').contains(document.activeElement)")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.getElementById('help').contains(document.activeElement)")
    page.keyboard.press("Escape")
    assert page.is_hidden("#help") and page.evaluate("document.activeElement.id") == "rules"
    page.click("#stats-open")
    assert page.evaluate("document.activeElement.id") == "stats-close"
    page.keyboard.press("Escape")
    assert page.is_hidden("#stats")


def test_focus_is_not_lost_when_the_control_it_is_on_goes(page):
    """An option changed from the keyboard rebuilds the options menu: focus stays on that
    option.  Restart (or Undo) back at the deal disables the button: focus goes to the table."""
    open_deal(page, "?game=klondike&seed=5&draw=1")
    open_menu(page, "options")
    page.focus('select[data-option="draw"]')
    page.select_option('select[data-option="draw"]', "3")
    page.wait_for_function("() => location.search.includes('draw=3')")
    assert page.evaluate("document.activeElement.dataset.option") == "draw"
    page.keyboard.press("Escape")
    click_stock(page)
    wait_moves(page, 1)
    page.focus("#restart")
    page.keyboard.press("Enter")
    wait_moves(page, 0)
    assert page.evaluate("document.activeElement.id") == "table"


AXE_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations'],
                                          runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}});
  return result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')}`);
}"""


def axe_path() -> str:
    return os.environ.get("PATIENCE_AXE") or str(vendor.fetch_axe())


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_finds_no_serious_violation(fresh, theme):
    page, watch, base = fresh
    page.goto(base + "?game=klondike&seed=9")
    page.wait_for_selector(READY, timeout=60_000)
    open_menu(page, "settings")
    page.select_option("#set-theme", theme)
    page.keyboard.press("Escape")
    # through DevTools, not a script element: the page's CSP allows no inline script
    page.evaluate("source => { (0, eval)(source); return typeof axe; }", Path(axe_path()).read_text())
    views = {"table": lambda: None,
             "game chooser and options": lambda: open_menu(page, "options"),
             "settings": lambda: open_menu(page, "settings"),
             "rules help": lambda: page.click("#rules"),
             "statistics": lambda: page.click("#stats-open")}
    problems = {}
    for name, show in views.items():
        show()
        found = page.evaluate(AXE_RUN)
        if found:
            problems[name] = found
        page.keyboard.press("Escape")
    assert not problems, problems


# --- themes, motion, print size, hand ------------------------------------------------------
def style_of(page, selector: str, prop: str) -> str:
    return page.evaluate("([s, p]) => getComputedStyle(document.querySelector(s)).getPropertyValue(p).trim()",
                         [selector, prop])


def test_themes_follow_the_system_or_the_choice(browser, base_url):
    context = browser.new_context(color_scheme="dark", reduced_motion="reduce")
    page = context.new_page()
    try:
        page.goto(base_url + "?game=cross&seed=5")
        page.wait_for_selector(READY, timeout=60_000)
        dark = style_of(page, "html", "--felt")
        assert style_of(page, "html", "--move-ms") == "0ms"  # reduced motion: no animation by default
        open_menu(page, "settings")
        page.select_option("#set-theme", "light")
        assert style_of(page, "html", "--felt") != dark
        page.select_option("#set-theme", "dark")
        assert style_of(page, "html", "--felt") == dark
        page.select_option("#set-motion", "fast")
        assert style_of(page, "html", "--move-ms") == "80ms"
        page.select_option("#set-motion", "off")
        assert style_of(page, ".card", "transition-duration") == "0s"
        small = float(style_of(page, ".card .rank", "font-size").removesuffix("px"))
        page.check("#set-large")
        assert float(style_of(page, ".card .rank", "font-size").removesuffix("px")) > small * 1.2
        page.reload()
        page.wait_for_selector(READY, timeout=60_000)
        assert page.evaluate("document.documentElement.dataset.motion") == "off"
        assert page.evaluate("document.documentElement.classList.contains('large-print')")
    finally:
        context.close()


def test_left_handed_layout_mirrors_the_table_and_still_plays(page):
    game = get_game("klondike", {"draw": "1"})
    open_deal(page, to_query(game, 7))

    def x_of(selector: str) -> float:
        return page.locator(selector).bounding_box()["x"]

    assert x_of('.slot[data-pile="stock"]') < x_of('.slot[data-pile="f1"]')
    open_menu(page, "settings")
    page.check("#set-left")
    page.keyboard.press("Escape")
    try:
        page.wait_for_function("() => document.documentElement.classList.contains('left-handed')")
        settle(page)
        assert x_of('.slot[data-pile="stock"]') > x_of('.slot[data-pile="f1"]')
        assert x_of('.slot[data-pile="t1"]') > x_of('.slot[data-pile="t7"]')
        box = page.locator('.slot[data-pile="stock"]').bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        wait_moves(page, 1)
        waste = page.locator('.card[data-pile="waste"]').bounding_box()
        assert waste["x"] < box["x"]  # the waste lies on the stock's inner side
    finally:
        open_menu(page, "settings")
        page.uncheck("#set-left")
        page.keyboard.press("Escape")


# --- every game at phone and desktop sizes -------------------------------------------------
LAYOUT_CHECK = """() => {
  const vw = document.documentElement.clientWidth;
  const boxes = [...document.querySelectorAll('.bar button, .bar select, .bar summary')]
    .filter(el => el.checkVisibility()).map(el => [el.id || el.className || el.tagName, el.getBoundingClientRect()]);
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, p] = boxes[i], [b, q] = boxes[j];
    if (p.left < q.right - 1 && q.left < p.right - 1 && p.top < q.bottom - 1 && q.top < p.bottom - 1) overlaps.push(a + ' × ' + b);
  }
  const newBox = document.getElementById('new').getBoundingClientRect();
  let nearest = 1e9;
  for (const [name, r] of boxes) {
    if (name === 'new' || r.bottom < newBox.top || r.top > newBox.bottom) continue;
    nearest = Math.min(nearest, Math.max(newBox.left - r.right, r.left - newBox.right));
  }
  const cards = [...document.querySelectorAll('#table .card')].map(c => c.getBoundingClientRect());
  const off = cards.filter(r => r.left < -0.5 || r.right > vw + 0.5).length;
  // a control over a card: the toolbar's, or a chip or a badge on the table
  const covering = [...document.querySelectorAll('header, #table .chip, #table .badge')]
    .filter(el => el.checkVisibility() && el.textContent.trim() !== '' || el.tagName === 'HEADER')
    .map(el => {  // a badge's words (its box is as wide as a card, and mostly empty)
      if (!el.classList.contains('badge')) return [el.id || el.className, el.getBoundingClientRect()];
      const words = document.createRange();
      words.selectNodeContents(el);
      const w = words.getBoundingClientRect(), box = el.getBoundingClientRect();  // (cut at its box: "…")
      return ['badge', {left: Math.max(w.left, box.left), right: Math.min(w.right, box.right), top: w.top, bottom: w.bottom}];
    });
  const covered = [];
  for (const card of document.querySelectorAll('#table .card')) {
    const r = card.getBoundingClientRect();
    for (const [name, q] of covering)
      if (r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1 && q.top < r.bottom - 1)
        covered.push(name + ' over ' + card.dataset.card);
  }
  const felt = document.querySelector('.felt');
  return {overlaps, off, covered, scroll: document.scrollingElement.scrollWidth - vw,
          feltScroll: felt.scrollWidth - felt.clientWidth, feltDown: felt.scrollHeight - felt.clientHeight,
          pageDown: document.scrollingElement.scrollHeight - innerHeight,
          bar: document.querySelector('header').getBoundingClientRect().height / innerHeight,
          newGap: nearest, cw: parseFloat(getComputedStyle(document.getElementById('table')).getPropertyValue('--cw'))};
}"""


# the screens every game is checked at (width, height, a phone's), and the most of the
# height the toolbar may take there (issue 26: one slim bar on a phone); the first
# sizes.SCREENS of them (the three most unlike by default, all five in the long run)
SCREENS = {"360x640": (360, 640, True, 0.15), "844x390": (844, 390, True, 0.12),
           "1920x1080": (1920, 1080, False, 0.15), "390x844": (390, 844, True, 0.12),
           "1280x720": (1280, 720, False, 0.15)}
MIN_CARD_PX = 40  # a comfortable touch target; every game's width allows it on these screens


@pytest.mark.reliability
@pytest.mark.parametrize("size", list(SCREENS)[:SCREEN_SIZES])
def test_every_game_fits_the_screen(browser, base_url, size):
    """Every game's table fits every screen with no scrolling either way, the toolbar
    within its share of the height, no control over a card, cards at least 40 px wide; a
    screenshot of each, and the card widths for the README (build/screenshots/cards-*.json)."""
    width, height, mobile, bar_share = SCREENS[size]
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=mobile,
                                  is_mobile=mobile, device_scale_factor=2 if mobile else 1)
    page = context.new_page()
    SHOTS.mkdir(parents=True, exist_ok=True)
    widths = {}
    try:
        page.goto(base_url + "?game=klondike&seed=1")
        page.wait_for_selector(READY, timeout=60_000)
        for spec in GAMES:
            open_deal(page, f"?game={spec.id}&seed=11")
            settle(page)
            found = page.evaluate(LAYOUT_CHECK)
            page.screenshot(path=str(SHOTS / f"{spec.id}-{size}.png"))
            assert not found["overlaps"], (spec.id, found["overlaps"])
            assert found["scroll"] <= 0 and found["feltScroll"] <= 0, (spec.id, found)  # no sideways scrolling
            assert found["feltDown"] <= 0 and found["pageDown"] <= 0, (spec.id, found)  # nor up and down
            assert found["off"] == 0, (spec.id, found)  # every card on the screen's width
            assert found["covered"] == [], (spec.id, found["covered"][:5])
            assert found["newGap"] >= 8, (spec.id, found)  # New deal is not hit by accident
            assert found["cw"] >= MIN_CARD_PX, (spec.id, found)
            assert found["bar"] <= bar_share, (spec.id, found["bar"])
            covered = page.evaluate(COVERED, False)  # every covered card's visible part: rank and suit
            assert covered["bad"] == [], (spec.id, covered["bad"][:6])
            widths[spec.id] = found["cw"]
        (SHOTS / f"cards-{size}.json").write_text(json.dumps(widths))
    finally:
        context.close()
