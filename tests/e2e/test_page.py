"""The page around the table: URL handling, chooser, options, new deals, reload, bad input
(the table of malformed addresses is tests/e2e/test_faults.py's)."""

from __future__ import annotations

import pytest

from patience import get_game
from table.urlstate import to_query

from ui import assert_dom_is, click_stock, message, open_deal, restore_motion, reveal, rightmost, set_motion, settle, table


def test_game_chooser_options_and_canfield_score(page):
    open_deal(page, "?game=klondike&seed=21")
    page.select_option("#game", "canfield")
    page.wait_for_function("() => document.getElementById('table').dataset.game === 'canfield'")
    t = table(page)
    game = get_game("canfield")
    assert_dom_is(page, game, game.deal(int(t["seed"])))
    assert page.is_visible("#score-box") and page.inner_text("#score") == "1/52"
    assert page.evaluate("location.search") == to_query(game, int(t["seed"]))
    # an option change replays the same deal number under the new rules
    page.click(".options-menu summary")
    page.select_option('select[data-option="draw"]', "1")
    page.wait_for_function("() => location.search.includes('draw=1')")
    assert table(page)["seed"] == t["seed"]
    assert page.evaluate("location.search") == to_query(get_game("canfield", {"draw": "1"}), int(t["seed"]))
    assert page.is_visible("#options")  # the menu stays open for more changes …
    page.keyboard.press("Escape")  # … until Escape or a press outside it
    assert not page.is_visible("#options")
    click_stock(page)
    page.wait_for_function("() => document.getElementById('table').dataset.moves === '1'")
    assert page.locator('#table .card[data-pile="waste"]').count() == 1
    # Klondike shows no score
    page.select_option("#game", "klondike")
    page.wait_for_function("() => document.getElementById('table').dataset.game === 'klondike'")
    assert not page.is_visible("#score-box")


def test_new_deal_back_and_forward(page):
    open_deal(page, "?game=klondike&seed=31&draw=1")
    page.click("#new")
    page.wait_for_function("() => document.getElementById('table').dataset.seed !== '31'")
    new_seed = table(page)["seed"]
    assert f"seed={new_seed}" in page.evaluate("location.search")
    assert "draw=1" in page.evaluate("location.search")  # the options stay
    page.go_back()
    page.wait_for_function("() => document.getElementById('table').dataset.seed === '31'")
    game = get_game("klondike", {"draw": "1"})
    assert_dom_is(page, game, game.deal(31))
    page.go_forward()
    page.wait_for_function(f"() => document.getElementById('table').dataset.seed === '{new_seed}'")


def test_first_load_of_a_bad_url_and_reload_of_a_good_one(fresh):
    page, watch, base = fresh
    page.goto(base + "?game=solitaire&seed=-1")
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    assert "Unknown game" in message(page) and "deal number" in message(page)
    assert not page.is_visible("#loading")
    page.goto(base + "?game=canfield&seed=99&passes=4")
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    game = get_game("canfield", {"passes": "4"})
    assert_dom_is(page, game, game.deal(99))
    click_stock(page)
    page.wait_for_function("() => document.getElementById('table').dataset.moves === '1'")
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    # the same URL deals the same cards, and the game in progress resumes where it was
    assert table(page)["moves"] == "1"
    assert_dom_is(page, game, game.play(game.deal(99), game.stock_move(game.deal(99))))
    assert message(page) == ""


def test_loading_indicator_before_python(fresh):
    """The runtime held back as it is fetched: the page shows the loading bar meanwhile."""
    page, watch, base = fresh
    seen = []

    def hold(route):  # (the runtime is asked for from the page's head, before its body)
        page.wait_for_selector("#loading", state="visible")  # the loading bar, while the runtime cannot arrive
        seen.append((page.inner_text("#loading"), page.evaluate("document.body.dataset.ready")))
        route.continue_()

    page.route("**/pyodide.asm.wasm", hold)
    page.goto(base + "?game=klondike&seed=3")
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    # (it may be asked for twice here: by the page's preload and by Pyodide, whose request
    # need not take up the preload while requests are routed)
    assert seen and all("Loading" in text and ready is None for text, ready in seen), seen
    assert not page.is_visible("#loading")


def test_rapid_clicks_during_animation_and_resize(page):
    game = get_game("klondike", {"draw": "3"})
    open_deal(page, to_query(game, 41))
    set_motion(page, "normal")  # cards that fly
    try:
        box = page.locator('#table .slot[data-pile="stock"]').bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.dblclick(x, y)  # two stock clicks while the first cards are still flying
        page.mouse.click(x, y)
        page.wait_for_function("() => document.getElementById('table').dataset.moves === '3'")
        for _ in range(3):
            page.click("#undo")
        page.click("#redo")
        page.keyboard.press("Control+z")
        page.wait_for_function("() => document.getElementById('table').dataset.moves === '0'")
        assert_dom_is(page, game, game.deal(41))
        # a narrow window re-lays the table out: every card stays inside it
        page.set_viewport_size({"width": 600, "height": 500})
        settle(page)
        right = rightmost(page, "#table .card, #table .slot")
        assert right <= 600
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
        settle(page)
        restore_motion(page)


def test_stuck_is_shown_with_the_score(page):
    """Canfield, one pass: turn the whole stock without playing, until nothing is left to do.

    (Stuck means no card can be played now or after any number of stock clicks.)"""
    game = get_game("canfield", {"draw": "1", "passes": "1"})
    for seed in range(1, 200):
        state = game.deal(seed)
        clicks = 0
        while game.stock_move(state) is not None:
            state = game.apply(state, game.stock_move(state))
            clicks += 1
        if game.status(state) == "stuck" and game.status(game.deal(seed)) == "playing":
            break
    else:
        raise AssertionError("no such deal")
    open_deal(page, to_query(game, seed))
    for _ in range(clicks):
        click_stock(page)
    page.wait_for_function(f"() => document.getElementById('table').dataset.moves === '{clicks}'")
    assert table(page)["status"] == "stuck"
    assert "No moves left" in message(page) and f"Score: {game.score(state)}" in message(page)
    assert page.inner_text("#message-action") == "New deal"
    page.click("#restart")  # back at the deal a move can be played: the message goes
    page.wait_for_function("() => document.getElementById('table').dataset.status === 'playing'")
    assert message(page) == ""


def test_a_deal_stuck_from_its_first_card_offers_a_new_deal(page):
    """About one Canfield deal in a hundred has no card to play however often the stock
    is turned: the message says so, and its button deals a new one."""
    game = get_game("canfield")
    seed = next(s for s in range(1, 2000) if game.status(game.deal(s)) == "stuck")
    open_deal(page, to_query(game, seed))
    assert table(page)["status"] == "stuck"
    # (after what the shared page may say first: a game of an earlier test kept for later)
    assert "No card of this deal can be played, however often the stock is turned." in message(page)
    click_stock(page)  # the stock still turns; undoing that would not help either
    page.wait_for_function("() => document.getElementById('table').dataset.moves === '1'")
    assert message(page).startswith("No card of this deal can be played")
    assert page.inner_text("#message-action") == "New deal"
    page.click("#message-action")
    page.wait_for_function(f"() => document.getElementById('table').dataset.seed !== '{seed}'")
    assert table(page)["moves"] == "0" and table(page)["game"] == "canfield"
    # a note about the address is said with it, not over it
    open_deal(page, to_query(game, seed) + "&wings=on")
    assert "no option" in message(page) and "No card of this deal can be played" in message(page)
    assert page.inner_text("#message-action") == "New deal"


def test_rules_help_for_every_game_without_losing_the_game(page):
    from patience import GAMES

    open_deal(page, "?game=klondike&seed=5&draw=1")
    click_stock(page)
    page.wait_for_function("() => document.getElementById('table').dataset.moves === '1'")
    for spec in GAMES:
        page.select_option("#game", spec.id) if spec.id != "klondike" else None
        page.wait_for_function(f"() => document.getElementById('table').dataset.game === '{spec.id}'")
        page.click("#rules")
        assert page.is_visible("#help")
        assert page.inner_text("#help-title") == spec.words.name
        # it opens at its title, though focus goes to the button at its end (1280x720: the
        # rules of every game are taller than the dialog)
        assert page.evaluate("document.querySelector('#help .help-box').scrollTop") == 0
        assert page.evaluate("document.activeElement.id") == "help-close"
        body = page.inner_text("#help-body")
        assert spec.words.help.goal in body and spec.words.help.source in body
        for opt in spec.options:
            assert page.locator(f'#help-body dt[data-option="{opt.name}"]').count() == 1
            assert spec.words.help.options[opt.name] in body
        if spec.id == "klondike":
            page.keyboard.press("Escape")
            assert not page.is_visible("#help")
            assert table(page)["moves"] == "1"  # the game is still there
        else:
            page.click("#help-close")
            assert not page.is_visible("#help")
    potocki = next(s for s in GAMES if s.id == "potocki")
    assert "only names this game" in potocki.words.help.source and "standard rules of Gaps" in potocki.words.help.source


@pytest.mark.parametrize("game_id", ["klondike", "gaps8"])
def test_the_menus_stay_inside_a_phone_screen(phone, game_id):
    """Options ▾ and ⚙ open inside a 390 px screen: nothing is cut off and the page does not
    grow sideways (the panels used to hang from the menu's left edge, past the screen)."""
    open_deal(phone, f"?game={game_id}&seed=2")
    for menu in (".options-menu", ".settings-menu"):
        reveal(phone, f"{menu} summary")  # (behind ⋯ on a phone)
        phone.tap(f"{menu} summary")
        box = phone.evaluate(f"""() => {{ const r = document.querySelector('{menu} .options').getBoundingClientRect();
            const inner = [...document.querySelectorAll('{menu} .options select, {menu} .options label')]
                .map(e => e.getBoundingClientRect()).filter(b => b.width);
            return {{left: r.left, right: r.right, vw: document.documentElement.clientWidth,
                     inner: Math.max(...inner.map(b => b.right)), page: document.scrollingElement.scrollWidth}}; }}""")
        assert 0 <= box["left"] and box["right"] <= box["vw"], (menu, box)
        assert box["inner"] <= box["right"] and box["page"] <= box["vw"], (menu, box)
        phone.tap(f"{menu} summary")  # closed again
    phone.keyboard.press("Escape")  # and ⋯'s panel


def test_every_statistics_column_fits_a_phone_screen(phone):
    open_deal(phone, "?game=klondike&seed=2")
    reveal(phone, "#stats-open")
    phone.tap("#stats-open")
    sizes = phone.evaluate("() => { const s = document.querySelector('#stats .scroll'); "
                           "return [s.scrollWidth, s.clientWidth]; }")
    assert sizes[0] <= sizes[1], sizes
    phone.tap("#stats-close")


def test_a_ten_reads_in_full_on_a_squeezed_row_in_large_print(phone):
    """«Восемь тузов» on a phone overlaps its rows: only a strip of each card shows, and in
    large print "10" ran under the next card ("1(")."""
    open_deal(phone, "?game=gaps8&seed=4")
    reveal(phone, ".settings-menu summary")
    phone.tap(".settings-menu summary")
    phone.check("#set-large")
    phone.keyboard.press("Escape")
    try:
        settle(phone)
        cut = phone.evaluate("""() => [...document.querySelectorAll('#table .card[data-face="up"]')]
            .filter(c => c.dataset.card.startsWith('T')).map(c => {
                const box = c.getBoundingClientRect(), rank = c.querySelector('.rank').getBoundingClientRect();
                const over = [...document.querySelectorAll('#table .card')].map(o => o.getBoundingClientRect())
                    .filter(o => Math.abs(o.top - box.top) < 2 && o.left > box.left).map(o => o.left);
                return over.length ? rank.right - Math.min(...over) : -1; })""")
        assert len(cut) >= 4 and max(cut) <= 0, cut
    finally:
        reveal(phone, ".settings-menu summary")
        phone.tap(".settings-menu summary")
        phone.uncheck("#set-large")
        phone.keyboard.press("Escape")
