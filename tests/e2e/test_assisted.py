"""Games solved with help are counted apart: Demo and an early Finish never add a win, a
streak or a record, and Statistics show them and the hints used (py/table/keeper.py,
stats.py; the rule of each game for "the rest is forced" is the engine's)."""

from __future__ import annotations

from patience import get_game
from table.urlstate import to_query

from ui import easy_win, open_deal, open_menu, restore_motion, reveal, set_language, set_motion

WON = "() => document.getElementById('table').dataset.status === 'won'"



def figures(page) -> dict:
    """The Statistics dialog's figures of the game on the table, by name, the rows of the
    table of all games and the chart's bars (the dialog opened and closed)."""
    page.click("#stats-open")
    shown = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#stats-figures dd')]
        .map(e => [e.dataset.stat, e.textContent]))""")
    shown["rows"] = page.evaluate("() => [...document.querySelectorAll('#stats-all tr')].map(r => [...r.cells].map(c => c.textContent))")
    shown["bars"] = page.evaluate("() => [...document.querySelectorAll('#stats-chart rect')].map(r => r.dataset.result)")
    page.click("#stats-close")
    return shown


def changed_row(before: dict, after: dict) -> list[str]:
    """The row of the table of all games that the game changed (or added)."""
    (row,) = [r for r in after["rows"] if r not in before["rows"]]
    return row


def number(text: str) -> int:
    return int(text)


def played_by(page, button: str) -> str:
    """Press Demo or Finish (animation off) and wait for the win: the win dialog's text."""
    page.wait_for_function("() => document.getElementById('winnable').dataset.verdict === 'won'", timeout=30_000)
    set_motion(page, "off")
    try:
        page.click(f"#{button}")
        page.wait_for_function(WON, timeout=90_000)
        text = page.inner_text("#win-text")
        page.click("#win-close")
        return text
    finally:
        restore_motion(page)


def assert_counted_apart(before: dict, after: dict, hints: int = 0) -> None:
    """One more game played and solved with help; the wins, the streaks, the records as
    they were (the page may have played this game and options before: the shared page
    keeps its statistics across tests)."""
    for name in ("played", "assisted"):
        assert number(after[name]) == number(before[name]) + 1, name
    for name in ("won", "streak", "best_streak", "best_time", "fewest"):
        assert after[name] == before[name], name
    assert number(after["hints"]) == number(before["hints"]) + hints
    assert after["bars"][-1] == "assisted" and after["bars"][:-1] == before["bars"][-59:]
    # the table of all games: played, won, solved with help, win rate, …
    row = changed_row(before, after)
    assert (row[1], row[2], row[3], row[4]) == (after["played"], after["won"], after["assisted"], after["rate"])


def test_a_demo_win_in_bride_and_groom_is_solved_with_help(page):
    open_deal(page, "?game=bride&seed=21")
    before = figures(page)
    text = played_by(page, "demo")
    assert "solved with help" in text and "You won" not in text
    assert_counted_apart(before, figures(page))


def test_an_early_finish_in_klondike_after_a_hint_is_solved_with_help_and_the_hint_shows(page):
    seed, _ = easy_win()
    open_deal(page, to_query(get_game("klondike", {"draw": "1"}), seed))
    before = figures(page)
    page.wait_for_function("() => document.getElementById('winnable').dataset.verdict === 'won'", timeout=30_000)
    page.click("#hint")
    page.wait_for_function("() => document.getElementById('table').dataset.hint")
    page.click("#hint")  # the same position: one hint
    text = played_by(page, "finish")
    assert "solved with help" in text and "Hints used: 1." in text
    assert_counted_apart(before, figures(page), hints=1)


def test_the_statistics_table_with_its_column_of_games_solved_with_help_fits_a_phone_in_both_languages(phone):
    open_deal(phone, "?game=klondike&seed=2")
    try:
        for lang in ("en", "ru"):
            set_language(phone, lang)
            reveal(phone, "#stats-open")
            phone.tap("#stats-open")
            width, room = phone.evaluate("() => { const s = document.querySelector('#stats .scroll'); "
                                         "return [s.scrollWidth, s.clientWidth]; }")
            assert width <= room, (lang, width, room)
            assert phone.locator("#stats thead th").count() == 7
            phone.tap("#stats-close")
    finally:
        if phone.is_visible("#stats"):
            phone.tap("#stats-close")
        set_language(phone, "en")
