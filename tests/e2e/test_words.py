"""Words and cards a player can read (issue 26): a pile that could pass for another kind
says its name under its slot (Bride's removed cards, Frog's waste), in the player's
language, where no card covers it; the options and the rules have distinct names in both
languages; the part of a card that a fan leaves visible shows its rank and its suit."""

from __future__ import annotations

import pytest

from tools import common
from patience import GAMES, Session, get_game
from patience.search import WON, solve
from ui import CARD_LOOK, COVERED, open_deal, open_menu, resume_at, set_language, settle, wait_moves

SHOTS = common.BUILD / "screenshots"

# The caption's box, from the slot's box and the caption's computed style (a
# pseudo-element has no box of its own to ask for), and every card box it meets.
CAPTION = """name => {
  const slot = document.querySelector(`#table .slot[data-pile="${name}"]`);
  const style = getComputedStyle(slot, '::before');
  const r = slot.getBoundingClientRect();
  const top = r.bottom + parseFloat(style.marginTop);
  const box = {left: r.left - .2 * r.width, right: r.right + .2 * r.width, top,
               bottom: top + parseFloat(style.lineHeight)};
  const met = [...document.querySelectorAll('#table .card')].filter(c => {
    const b = c.getBoundingClientRect();
    return b.left < box.right && b.right > box.left && b.top < box.bottom && b.bottom > box.top;
  }).map(c => c.dataset.card);
  return {text: style.content, label: getComputedStyle(slot, '::after').content,
          size: parseFloat(style.fontSize), met};
}"""
PILES = [("bride", "removed", "removed cards", "снятые карты"), ("frog", "waste", "waste", "отбой")]


@pytest.mark.parametrize("device", ["page", "phone"])
def test_a_pile_that_could_pass_for_another_says_its_name(device, request):
    page = request.getfixturevalue(device)
    try:
        for game_id, pile, english, russian in PILES:
            for lang, words in (("en", english), ("ru", russian)):
                set_language(page, lang)
                open_deal(page, f"?game={game_id}&seed=1")
                got = page.evaluate(CAPTION, pile)
                assert got["text"] == f'"{words}"', (game_id, lang, got)
                assert got["size"] >= 10, got
                assert got["met"] == [], f"{game_id}: the caption of {pile} is under cards {got['met']}"
                assert got["label"] in ('""', "none"), got  # no bare glyph on the slot
    finally:
        set_language(page, "en")


def test_the_options_and_the_rules_have_distinct_names(page):
    try:
        for lang, options, rules in (("en", "Options", "Rules"), ("ru", "Варианты", "Правила")):
            set_language(page, lang)
            assert page.inner_text(".options-menu > summary").strip() == options
            assert page.inner_text("#rules").strip() == rules
    finally:
        set_language(page, "en")


def test_import_looks_like_the_buttons_beside_it(page):
    page.click("#stats-open")
    try:
        page.wait_for_selector("#stats-export", state="visible")
        look = """sel => { const s = getComputedStyle(document.querySelector(sel));
            const r = document.querySelector(sel).getBoundingClientRect();
            return [s.backgroundColor, s.borderTopColor, s.borderTopLeftRadius, s.fontSize, Math.round(r.height)]; }"""
        assert page.evaluate(look, ".file-button span") == page.evaluate(look, "#stats-export")
    finally:
        page.click("#stats-close")
        page.wait_for_selector("#stats-export", state="hidden")





def set_large_print(page, on: bool) -> None:
    """Large print on or off in the settings menu, as a player does; the table redrawn."""
    open_menu(page, "settings")
    page.set_checked("#set-large", on)
    page.keyboard.press("Escape")
    page.wait_for_function("on => document.documentElement.classList.contains('large-print') === on", arg=on)


@pytest.mark.parametrize("large", [False, True], ids=["usual print", "large print"])
@pytest.mark.parametrize("device", ["page", "phone"])
def test_a_covered_card_shows_its_rank_and_suit(device, large, request):
    page = request.getfixturevalue(device)
    set_large_print(page, large)
    try:
        covered_cards_show_rank_and_suit(page, device, large)
    finally:
        set_large_print(page, False)


def covered_cards_show_rank_and_suit(page, device: str, large: bool) -> None:
    for query in ("klondike", "?game=glider&seed=1", "?game=gaps8&seed=4", "?game=cross&seed=1"):
        if query == "klondike":  # columns of face-up cards: a won line of deal 1 played until one has 4
            game = get_game("klondike")
            session = Session(game, 1)
            result = solve(game, session.state, budget=20_000)
            assert result.verdict == WON
            for move in result.moves:
                session.play(move)
                if max(len(p) - d for p, d, spec in zip(session.state.piles, session.state.down, game.piles)
                       if spec.role == "tableau") >= 4:
                    break
            resume_at(page, session)
        else:
            open_deal(page, query)
        settle(page)  # (a message shown with the deal may resize the table: its cards slide)
        got = page.evaluate(COVERED, large)
        if "gaps8" not in query and "cross" not in query:  # (their columns overlap only on a phone)
            assert got["seen"] > 0, f"{query}: no covered card to look at"
        assert got["bad"] == [], f"{query} ({device}): {got['bad'][:6]}"


def test_no_table_of_records_before_the_first_game(fresh):
    """Statistics with nothing counted yet say so, with no header row over an empty table;
    after the first move the game's record is listed.  A page of its own: the shared page
    holds the statistics of the games earlier tests played (clearing storage leaves the
    page's own copy)."""
    page, _watch, base = fresh
    page.goto(base + "?game=klondike&seed=3")
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    for moves, rows in ((0, 0), (1, 1)):
        if moves:
            page.focus("#table")
            page.keyboard.press("d")  # the stock turned: the first move counts the game
            wait_moves(page, 1)
        page.click("#stats-open")
        try:
            page.wait_for_selector("#stats-export", state="visible")
            assert page.is_visible("#stats-all-box") == bool(rows) and page.is_visible("#stats-all-title") == bool(rows)
            assert page.locator("#stats-all tr").count() == rows
            assert page.is_visible("#stats-none") == (not rows)
        finally:
            page.click("#stats-close")
            page.wait_for_selector("#stats-export", state="hidden")


def test_a_phone_toolbar_is_one_slim_bar_of_named_symbols_with_the_rest_behind_more(phone, page):
    """On a phone the play buttons are symbols with names a screen reader reads (and
    tooltips); Options, Settings, Rules, Statistics, Restart and Demo open from ⋯, whose
    panel says its state, closes when one of its buttons acts and on Escape (the focus
    back on ⋯).  A desktop shows words on the buttons and no ⋯."""
    open_deal(phone, "?game=klondike&seed=3")
    names = phone.evaluate("""() => ['undo', 'redo', 'hint', 'new', 'more'].map(id => {
        const b = document.getElementById(id);
        return [id, b.checkVisibility(), b.getAttribute('aria-label'), b.title,
                [...b.querySelectorAll('.word')].some(w => w.checkVisibility())]; })""")
    for name, shown, label, title, word in names:
        assert shown and label and title and not word, (name, label, title, word)
    for hidden in ("#rules", "#stats-open", "#demo", "#restart", ".options-menu summary", ".settings-menu summary"):
        assert not phone.is_visible(hidden), hidden
    assert phone.get_attribute("#more", "aria-expanded") == "false"
    phone.tap("#more")
    assert phone.get_attribute("#more", "aria-expanded") == "true"
    for shown in ("#rules", "#stats-open", "#demo", "#restart", ".options-menu summary", ".settings-menu summary"):
        assert phone.is_visible(shown), shown
    phone.tap("#rules")  # the rules open, the panel closes
    phone.wait_for_selector("#help", state="visible")
    assert not phone.is_visible("#more-panel") and phone.get_attribute("#more", "aria-expanded") == "false"
    phone.tap("#help-close")
    phone.wait_for_selector("#help", state="hidden")
    phone.focus("#more")
    phone.keyboard.press("Enter")
    phone.wait_for_selector("#rules", state="visible")
    phone.keyboard.press("Escape")
    phone.wait_for_selector("#rules", state="hidden")
    assert phone.evaluate("document.activeElement.id") == "more"
    open_deal(page, "?game=klondike&seed=3")
    assert not page.is_visible("#more") and page.is_visible("#rules") and page.inner_text("#new") == "New deal"
    assert page.inner_text("#undo").replace("\n", " ").strip() in ("↶ Undo", "↶Undo")





def test_the_classic_card_set_and_the_backs_are_chosen_in_settings_and_remembered(page):
    """⚙ → Card faces: classic puts svg-cards' picture of each card (its court figures
    too) on the table, without our centre pip; Card backs: a lattice puts its picture on
    every face-down card; both are remembered; plain faces and striped backs come back."""
    open_deal(page, "?game=klondike&seed=5")
    try:
        open_menu(page, "settings")
        page.select_option("#set-faces", "classic")
        page.select_option("#set-back", "lattice-red")
        page.keyboard.press("Escape")
        page.wait_for_function("() => document.documentElement.dataset.faces === 'classic'")
        look = page.evaluate(CARD_LOOK)
        assert len(look["faces"]) == 7 and all(url.endswith(f"/static/cards/{face}.svg") and pip == "none"
                                               for face, url, pip in look["faces"]), look["faces"]
        assert look["backs"] and all(b.endswith("/static/cards/back-lattice-red.svg") for b in look["backs"])
        assert look["shown"] and all(look["shown"]), look["shown"]
        assert look["stored"]["faces"] == "classic" and look["stored"]["back"] == "lattice-red"
        for spec in GAMES:  # every game in the classic set: its pictures, and a screenshot to look at
            open_deal(page, f"?game={spec.id}&seed=11", keep_saves=True)
            look = page.evaluate(CARD_LOOK)
            assert look["faces"] and all(url.endswith(f"/static/cards/{face}.svg") for face, url, _pip in look["faces"])
            assert all(look["shown"]), (spec.id, look["shown"])
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"classic-{spec.id}.png"))
    finally:
        open_menu(page, "settings")
        page.select_option("#set-faces", "plain")
        page.select_option("#set-back", "blue")
        page.keyboard.press("Escape")
    look = page.evaluate(CARD_LOOK)
    assert all(url == "" and pip != "none" for _face, url, pip in look["faces"]), look["faces"]
    assert look["backs"] == [""]  # the striped back is a gradient, no picture
