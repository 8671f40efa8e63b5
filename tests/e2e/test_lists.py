"""Winnable deals at once from the lists shipped with the site (patience.winnable), with
the network off; the setting's words for each game; the rules help's list sizes; and the
deal of the day, by the page's clock."""

from __future__ import annotations

import datetime

from patience import Session, get_game
from patience.lines import decode
from patience.winnable import BY_KEY, LISTS, daily_deal, deals, list_for, surveyed
from table.urlstate import to_query
from ui import (click_stock, finish, message, open_deal, open_menu, play_by_pointer, resume_at, reveal, set_language, table, visit,
                wait_moves)
from helpers import lines_of

# each game's default options, Klondike draw 1 and Frog regardless of suit
LISTED = ["klondike", "klondike-draw1", "canfield", "zmey", "gaps8", "potocki", "frog-any", "cross", "glider", "bride"]
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
# every message kind the page shows, recorded as it shows (a search would show 'searching')
WATCH_KINDS = """() => { window.__kinds = [];
    new MutationObserver(() => window.__kinds.push(document.getElementById('message').dataset.kind))
        .observe(document.getElementById('message'), {attributes: true}); }"""


def set_winnable(page, on: bool) -> None:
    open_menu(page, "settings")
    (page.check if on else page.uncheck)("#set-winnable")
    page.keyboard.press("Escape")


def test_new_deal_takes_a_listed_deal_at_once_with_the_network_off(page):
    open_deal(page, "?game=klondike&seed=1")
    set_winnable(page, True)
    page.wait_for_function(CONTROLLED, timeout=60_000)  # the worker serves what the page asks for offline
    page.context.set_offline(True)
    try:
        for key in LISTED:
            entry = BY_KEY[key]
            assert deals(entry), f"the {key} list is empty"
            game = get_game(entry.game, entry.options)
            open_deal(page, to_query(game, 1))
            assert page.text_content("#winnable-note").startswith(
                f"{game.spec.words.name}: {len(deals(entry))} deals proven winnable")
            page.evaluate(WATCH_KINDS)
            page.click("#new")
            # no search: the deal comes at once (a search shows its progress first)
            page.wait_for_function("() => document.getElementById('table').dataset.seed !== '1'", timeout=1000)
            seed = int(table(page)["seed"])
            assert seed in deals(entry), (key, seed)
            assert table(page)["game"] == entry.game and message(page) == ""
            assert "searching" not in page.evaluate("window.__kinds"), key
            assert page.url.endswith(to_query(game, seed))
        # Frog in suit has no list yet, and its deals can seldom be proven winnable: said at once
        frog = get_game("frog")
        assert list_for(frog) is not None and not deals(list_for(frog))
        open_deal(page, to_query(frog, 1))
        assert "no list of winnable deals yet" in page.text_content("#winnable-note")
        page.evaluate(WATCH_KINDS)
        page.click("#new")
        page.wait_for_function("() => document.getElementById('table').dataset.seed !== '1'", timeout=1000)
        assert page.evaluate("document.getElementById('message').dataset.kind") == "warning"
        assert "this deal is not checked" in message(page)
        assert "searching" not in page.evaluate("window.__kinds")
    finally:
        page.context.set_offline(False)
        set_winnable(page, False)


def test_a_game_from_the_menu_takes_a_listed_deal_at_once(page):
    open_deal(page, "?game=klondike&seed=1")  # (no saved game of Hang Glider: cleared)
    set_winnable(page, True)
    try:
        page.evaluate(WATCH_KINDS)
        page.select_option("#game", "glider")
        page.wait_for_function("() => document.getElementById('table').dataset.game === 'glider'", timeout=1000)
        assert int(table(page)["seed"]) in deals(BY_KEY["glider"])
        assert "searching" not in page.evaluate("window.__kinds") and message(page) == ""
        assert page.input_value("#game") == "glider"
    finally:
        set_winnable(page, False)


def test_a_listed_deal_played_is_not_dealt_again(page):
    """The player's deals of a list (counted at their first move) are skipped: with all but
    one of the list played, New deal gives that one."""
    entry = BY_KEY["bride"]
    listed = deals(entry)
    open_deal(page, "?game=bride&seed=1")
    page.evaluate("""([key, played]) => localStorage.setItem(key, JSON.stringify(
        {format: 'patience-listed', v: 1, played: {bride: played}, days: {}}))""",
                  ["patience.v1.listed", list(listed[:-1])])
    set_winnable(page, True)
    try:
        page.click("#new")
        page.wait_for_function(f"() => document.getElementById('table').dataset.seed === '{listed[-1]}'")
    finally:
        set_winnable(page, False)


def test_the_rules_help_names_each_list_and_its_size(page):
    for game_id in sorted({e.game for e in LISTS}):
        open_deal(page, f"?game={game_id}&seed=1")
        reveal(page, "#rules")
        page.click("#rules")
        page.wait_for_selector("#help:not([hidden])")
        for entry in (e for e in LISTS if e.game == game_id):
            item = page.locator(f'#help-body li[data-list="{entry.key}"]')
            n = len(deals(entry))
            assert item.get_attribute("data-deals") == str(n)
            text = item.inner_text()
            assert (f"{n} deals proven winnable (of deals 1 to {surveyed(entry)})" in text) if n \
                else "no deal proven winnable yet" in text
        page.click("#help-close")


def win_but_one(key: str, seed: int) -> tuple[Session, object]:
    """The listed deal at its winning line's last move, and that move."""
    entry = BY_KEY[key]
    game = get_game(entry.game, entry.options)
    line = decode(game, game.deal(seed), lines_of(entry)[seed])
    session = Session(game, seed)
    for move in line[:-1]:
        session.play(move)
    session.counted = True
    return session, line[-1]


def test_the_deal_of_the_day_comes_from_the_date_and_counts_in_the_statistics(fresh):
    page, _, base = fresh
    entry = BY_KEY["klondike"]
    day = datetime.date(2026, 12, 5)
    expected = daily_deal(entry, day.toordinal())
    page.clock.set_fixed_time(datetime.datetime(2026, 12, 5, 12, 0))
    visit(page, base + "?game=klondike&seed=1")
    page.click("#daily")
    page.wait_for_function(f"() => document.getElementById('table').dataset.seed === '{expected}'")
    assert message(page) == f"Deal of the day, 5 December 2026: Klondike #{expected}, proven winnable."
    # the next day, another deal
    following = daily_deal(entry, day.toordinal() + 1)
    assert following != expected
    page.clock.set_fixed_time(datetime.datetime(2026, 12, 6, 9, 0))
    page.click("#daily")
    page.wait_for_function(f"() => document.getElementById('table').dataset.seed === '{following}'")
    # the same date after a reload: the same deal
    page.clock.set_fixed_time(datetime.datetime(2026, 12, 5, 23, 0))
    visit(page, base + "?game=bride&seed=1")
    page.select_option("#game", "klondike")
    page.wait_for_function("() => document.getElementById('table').dataset.game === 'klondike'")
    page.click("#daily")
    page.wait_for_function(f"() => document.getElementById('table').dataset.seed === '{expected}'")
    # won: the statistics say so, and count the day in the streak
    session, last = win_but_one("klondike", expected)
    resume_at(page, session)
    play_by_pointer(page, session.game, session.state, last, "taps")
    page.wait_for_selector("#win:not([hidden])")
    page.click("#win-close")
    reveal(page, "#stats-open")
    page.click("#stats-open")
    assert page.inner_text('#stats-figures dd[data-stat="daily"]') == "won"
    assert page.inner_text('#stats-figures dd[data-stat="daily_streak"]') == "1"
    page.click("#stats-close")
    # the next day: not won yet, and the streak still counts yesterday's
    page.clock.set_fixed_time(datetime.datetime(2026, 12, 6, 8, 0))
    page.click("#stats-open")
    assert page.inner_text('#stats-figures dd[data-stat="daily"]') == "not won yet"
    assert page.inner_text('#stats-figures dd[data-stat="daily_streak"]') == "1"
    page.click("#stats-close")


def test_frogs_deal_of_the_day_is_one_regardless_of_suit_and_won_by_its_line(fresh):
    """Frog in suit has no list yet: its deal of the day comes from the list regardless of
    suit, and the table shows it under those options.  8 December 2026's is seed 353, which
    the surveys won only after 20 s without a verdict: the badge says *winnable* at once
    all the same, from the list's winning line (fetched once, for any deal of the list), and
    Finish plays it out, although this page's own search gives up after 0.3 s."""
    page, _, base = fresh
    entry = BY_KEY["frog-any"]
    day = datetime.date(2026, 12, 8)
    expected = daily_deal(entry, day.toordinal())
    assert expected == 353
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if "/winnable/" in r.url else None)
    page.clock.set_fixed_time(datetime.datetime(2026, 12, 8, 12, 0))
    visit(page, base + "?game=frog&seed=1")
    reveal(page, "#daily")
    page.click("#daily")
    page.wait_for_function("() => new URLSearchParams(location.search).get('foundation') === 'any'")
    assert int(table(page)["seed"]) == expected and expected in deals(entry)[:500]
    assert message(page).startswith("Deal of the day, ")
    page.wait_for_function("() => document.getElementById('winnable').dataset.verdict === 'won'", timeout=20_000)
    assert page.is_visible("#finish")
    finish(page, get_game(entry.game, entry.options))
    # another deal of the same list: its line from the file already fetched
    other = deals(entry)[1]
    open_deal(page, to_query(get_game(entry.game, entry.options), other))
    page.wait_for_function("() => document.getElementById('winnable').dataset.verdict === 'won'", timeout=20_000)
    assert fetched == [base + "static/winnable/frog-any.lines.gz"]


def test_on_a_phone_the_deal_of_the_day_is_behind_more_in_russian_and_offline(phone):
    entry = BY_KEY["klondike"]
    open_deal(phone, "?game=klondike&seed=1")
    assert not phone.is_visible("#daily")  # the desktop's button, in the row a phone has no room in
    set_language(phone, "ru")
    phone.wait_for_function(CONTROLLED, timeout=60_000)  # the worker serves what the page asks for offline
    phone.context.set_offline(True)
    try:
        reveal(phone, "#daily-more")
        assert phone.inner_text("#daily-more") == "☀Расклад дня"
        phone.click("#daily-more")
        phone.wait_for_function("() => document.getElementById('table').dataset.seed !== '1'")
        seed = int(table(phone)["seed"])
        assert seed in deals(entry)[:500]
        assert message(phone).startswith("Расклад дня, ") and f"«Клондайк» № {seed}, решаемый" in message(phone)
        assert not phone.is_visible("#more-panel")  # the panel closed as its button acted
    finally:
        phone.context.set_offline(False)
        set_language(phone, "en")


def test_the_deal_of_the_day_over_a_game_begun_says_both(page):
    """Opened while another deal is under way: the message says what the deal shown is,
    then offers the game left (kept as the saved game until a move here)."""
    open_deal(page, "?game=glider&seed=1")
    click_stock(page)
    wait_moves(page, 1)
    page.click("#daily")
    page.wait_for_function("() => document.getElementById('message').dataset.kind === 'resume'")
    seed = int(table(page)["seed"])
    assert seed in deals(BY_KEY["glider"])[:500]
    text = message(page)
    assert text.startswith("Deal of the day, ") and f"Hang Glider #{seed}, proven winnable." in text
    assert "Your game of Hang Glider (deal #1, 1 move) is saved" in text
