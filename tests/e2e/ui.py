"""Driving the table as a player would, and reading it back through the DOM conventions."""

from __future__ import annotations

import functools
import json

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from patience import GAMES, Game, Session, get_game
from patience.game import MOVE, Move
from patience.search import WON, solve
from patience.state import State
from sizes import LONG, WIN_MOVES
from table import saves
from table.interaction import actions_at
from table.urlstate import to_query

READ_DOM = """() => [...document.querySelectorAll('#table .card[data-pile]')].map(e => [
    e.dataset.pile, +e.dataset.index, e.dataset.card, e.dataset.face, e.dataset.deck])"""


@functools.cache
def easy_win() -> tuple[int, int]:
    """A Klondike draw-1 deal whose win the solver finds quickly, and its line's length."""
    game = get_game("klondike", {"draw": "1"})
    for seed in range(1, 40):
        result = solve(game, game.deal(seed), 20_000)
        if result.verdict == WON:
            return seed, len(result.moves)
    raise AssertionError("no quick win")


def budgets(page, **seconds: float) -> None:
    """Give the solver of the pages ``page`` loads from now on other time budgets
    (py/table/runner.py, ``Budgets``: slice_s, step_s, analysis_s, hint_s, winnable_s):
    an init script sets ``window.patienceBudgets`` before the page's own scripts run.  It
    takes the place of the short badge search of a test's own page (tests/e2e/conftest.py):
    what it does not name is the page's own."""
    page.add_init_script(f"window.patienceBudgets = {json.dumps(seconds)};")


def visit(page, url: str) -> None:
    """Load the page at ``url`` (a real navigation) and wait until it is ready."""
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)


def message(page) -> str:
    """The message shown to the player ('' when none)."""
    return page.inner_text("#message-text") if page.is_visible("#message") else ""


def rightmost(page, selector: str = "#table .card") -> float:
    """The right edge of the rightmost element matching ``selector``, in CSS pixels."""
    return page.evaluate(f"Math.max(...[...document.querySelectorAll('{selector}')]"
                         ".map(e => e.getBoundingClientRect().right))")


def open_deal(page, query: str, keep_saves: bool = False) -> None:
    """Switch the running page to another deal, as Back/Forward would.  Saved games are
    cleared first (a test starts from the deal), unless ``keep_saves``."""
    if not keep_saves:
        page.evaluate("localStorage.clear()")
    page.evaluate("q => { history.pushState(null, '', q); dispatchEvent(new PopStateEvent('popstate')); }", query)
    page.wait_for_function("() => document.body.dataset.ready === '1'")


def resume_at(page, session) -> None:
    """Open the deal of ``session`` at its position, as a saved game the page resumes."""
    other = next(g.id for g in GAMES if g.id != session.game.id)
    open_deal(page, f"?game={other}&seed=1")  # (its own save is not the one written next)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [saves.key(session.game.id), saves.encode(session)])
    open_deal(page, to_query(session.game, session.seed), keep_saves=True)
    assert table(page)["moves"] == str(session.move_count)


def win_window(game: Game, line: list[Move]) -> int:
    """Where the part of a winning line played through the table starts: WIN_MOVES
    before the line's first move from column to column (those come after an opening of
    stock turns), or at the deal in the long run (tests/sizes.py)."""
    if not WIN_MOVES:
        return 0
    first = next(k for k, m in enumerate(line) if m.kind == MOVE and game.piles[m.dst].role == "tableau")
    return max(0, min(first - 4, len(line) - WIN_MOVES))


def winning_line(game: Game, seeds: list[int]) -> tuple[int, list[Move]]:
    """The first of ``seeds`` whose deal the engine wins, and its winning line."""
    for seed in seeds:
        result = solve(game, game.deal(seed), 30_000)
        if result.verdict == "won":
            return seed, list(result.moves)
    raise AssertionError("no winnable seed found")


@functools.cache
def klondike_win() -> tuple[int, list[Move]]:
    """A Klondike draw-1 deal the engine wins and its line, found once a worker (deal 2,
    tried first before, stays unknown after seconds of search)."""
    return winning_line(get_game("klondike", {"draw": "1"}), [3, 5, 11, 12, 13])


def open_klondike_win(page) -> tuple[Game, int, list[Move], Session, list[Move]]:
    """A Klondike deal (one card a turn) whose winning line the engine finds, opened where
    the part of the line played through the table starts (``win_window``): the game, the
    deal number, the line, a session mirroring the table there, and the moves to play
    through the table (WIN_MOVES of them, or the whole line in the long run)."""
    game = get_game("klondike", {"draw": "1"})
    seed, line = klondike_win()
    mirror = Session(game, seed)
    start = win_window(game, line)
    for move in line[:start]:
        mirror.play(move)
    if start:
        resume_at(page, mirror)
    else:
        open_deal(page, to_query(game, seed))
    return game, seed, line, mirror, line[start:start + WIN_MOVES] if WIN_MOVES else line


def reveal(page, selector: str) -> None:
    """Bring a toolbar control into view as a player would: on a phone the ones used less
    are behind ⋯ (#more), which is opened first."""
    if not page.is_visible(selector) and page.is_visible("#more"):
        page.click("#more")
        page.wait_for_selector(selector, state="visible")


def open_menu(page, which: str) -> None:
    """Open the toolbar menu ``which`` ('options', 'settings', …) unless it is open."""
    reveal(page, f".{which}-menu summary")
    if not page.evaluate(f"document.querySelector('.{which}-menu').open"):
        page.click(f".{which}-menu summary")


# The shared pages (conftest.py) play moves without animation in the default run: a test's
# moves wait for no animation, and the page draws no frames between them (the play-heavy
# browser tests took a fifth less time, and a sixth less of the machine, than at the
# "fast" setting).  A test about animations, or that acts while cards move, sets the motion
# it needs (``set_motion``) and gives the page back as it was (``restore_motion``).  The
# long run (``build.py reliability``) animates every move, at the "fast" setting.
SHARED_MOTION = "fast" if LONG else "off"
# what every test context tells the page of the system's motion (conftest.py): reduced, so
# that the "system" setting animates nothing, but in the long run
CONTEXT_MOTION = "no-preference" if LONG else "reduce"


def set_motion(page, value: str) -> None:
    """Choose the animation setting in the settings menu, as a player does."""
    open_menu(page, "settings")
    page.select_option("#set-motion", value)
    page.keyboard.press("Escape")


def restore_motion(page) -> None:
    """The shared pages' own animation setting again (after ``set_motion``)."""
    set_motion(page, SHARED_MOTION)


def set_language(page, lang: str) -> None:
    """Choose the page's language in the settings menu, as a player does."""
    open_menu(page, "settings")
    page.select_option("#set-lang", lang)
    page.keyboard.press("Escape")
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")


def table(page) -> dict[str, str]:
    return page.evaluate("() => ({...document.getElementById('table').dataset})")


def expected_dom(game: Game, state: State) -> list[tuple[str, int, str, str, str]]:
    out = []
    for i, name in enumerate(game.names):
        for k, card in enumerate(state.piles[i]):
            up = k >= state.down[i]
            out.append((name, k, card.face if up else "??", "up" if up else "down", str(card.deck) if up else ""))
    return sorted(out)


def assert_dom_is(page, game: Game, state: State) -> None:
    got = sorted(tuple(x) for x in page.evaluate(READ_DOM))
    assert got == expected_dom(game, state)


def card_point(page, pile: str, index: int) -> tuple[float, float]:
    """A point on the visible part of a card: the strip above the next card of a fan,
    near the corner index (a squeezed grid covers the right part of each card)."""
    box = page.locator(f'#table .card[data-pile="{pile}"][data-index="{index}"]').bounding_box()
    assert box is not None
    return box["x"] + min(14, box["width"] / 4), box["y"] + min(8, box["height"] / 2)


def gap_point(page, pile: str) -> tuple[float, float]:
    """A point in an empty slot's own strip (not under the card to its left)."""
    box = page.locator(f'#table .slot[data-pile="{pile}"]').bounding_box()
    assert box is not None
    return box["x"] + box["width"] * 0.2, box["y"] + box["height"] / 2


def pile_point(page, game: Game, state: State, dst: int) -> tuple[float, float]:
    name = game.names[dst]
    pile = state.piles[dst]
    if pile:
        box = page.locator(f'#table .card[data-pile="{name}"][data-index="{len(pile) - 1}"]').bounding_box()
    else:
        box = page.locator(f'#table .slot[data-pile="{name}"]').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def holds(page, condition: str, ms: int) -> None:
    """Check that ``condition`` (a JavaScript function) stays true for ``ms``, checked at
    every frame: for what must NOT happen (the demo has stopped, the clock has not
    started).  It fails as soon as the condition turns false.  These are the only waits
    of a set length in the tests; whatever is to happen is waited for by its own state."""
    try:
        page.wait_for_function(f"() => !({condition})()", timeout=ms)
    except PlaywrightTimeout:
        return
    raise AssertionError(f"within {ms} ms this stopped holding: {condition}")


def frames(page, n: int) -> None:
    """Wait until the page has drawn ``n`` more frames (a point inside an animation)."""
    page.evaluate("n => new Promise(ok => { const next = k => k > 0 ? requestAnimationFrame(() => next(k - 1)) "
                  ": ok(); next(n); })", n)


def finish(page, game: Game, keys: bool = False) -> None:
    """Let Finish play out the rest of a won deal, once the indicator has proven it, with
    its moves not animated (the system's reduced motion, which the test contexts have in
    the default run: conftest.py), pressed by mouse or with the keyboard (``keys``); then
    the table is won with every card home."""
    page.wait_for_function("() => document.getElementById('winnable').dataset.verdict === 'won'", timeout=60_000)
    page.emulate_media(reduced_motion="reduce")
    try:
        if keys:
            page.focus("#finish")
            page.keyboard.press("Enter")
        else:
            page.click("#finish")
        page.wait_for_function("() => document.getElementById('table').dataset.status === 'won'", timeout=120_000)
    finally:
        page.emulate_media(reduced_motion=CONTEXT_MOTION)  # the contexts' own
    homes = [name for name, pile in zip(game.names, game.piles) if pile.role == "foundation"]
    on_homes = page.evaluate("homes => [...document.querySelectorAll('#table .card')].filter(e => "
                             "homes.includes(e.dataset.pile)).length", homes)
    assert on_homes == game.ncards


def settle(page) -> None:
    """Wait for the table's next redraw (a resize, a setting) and for its cards to stop
    moving there."""
    page.evaluate("() => new Promise(ok => requestAnimationFrame(() => requestAnimationFrame(ok)))")
    page.wait_for_function("() => document.getAnimations().length === 0", timeout=5000)


def wait_moves(page, n: int) -> None:
    """Wait until the table has made n moves and its cards have stopped moving."""
    page.wait_for_function(f"() => document.getElementById('table').dataset.moves === '{n}'"
                           " && document.getAnimations().length === 0", timeout=5000)


def mouse_drag(page, start: tuple[float, float], end: tuple[float, float]) -> None:
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 6, start[1] + 6, steps=2)
    page.mouse.move(*end, steps=4)
    page.mouse.up()


def touch_drag(cdp, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger drag through the DevTools protocol (real touch events → pointer events)."""
    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    touch("touchStart", *start)
    steps = 5
    for k in range(1, steps + 1):
        touch("touchMove", start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps)
    touch("touchEnd", *end)


def first_foundation_move(game: Game, state: State, src: int) -> Move | None:
    for m in game.legal_moves(state):
        if m.kind == MOVE and m.src == src and m.n == 1 and game.piles[m.dst].role == "foundation":
            return m
    return None


def click_stock(page) -> None:
    box = page.locator('#table .slot[data-pile="stock"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def play_by_pointer(page, game: Game, state: State, move: Move, style: str, cdp=None) -> None:
    """Make ``move`` through the table: style is drag, taps or double (mouse or touch)."""
    touch = cdp is not None
    if move.kind != MOVE:
        box = page.locator('#table .slot[data-pile="stock"]').bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.touchscreen.tap(x, y) if touch else page.mouse.click(x, y)
        return
    src = game.names[move.src]
    start = card_point(page, src, len(state.piles[move.src]) - move.n)
    end = pile_point(page, game, state, move.dst)
    if style == "double" and move.n == 1 and first_foundation_move(game, state, move.src) == move:
        if touch:
            page.touchscreen.tap(*start)
            page.touchscreen.tap(*start)
        else:
            page.mouse.dblclick(*start)
    elif style == "taps":
        if touch:
            page.touchscreen.tap(*start)
            page.touchscreen.tap(*end)
        else:
            page.mouse.click(*start)
            page.mouse.click(*end)
    elif touch:
        touch_drag(cdp, start, end)
    else:
        mouse_drag(page, start, end)


def tap(page, point: tuple[float, float], cdp) -> None:
    page.touchscreen.tap(*point) if cdp is not None else page.mouse.click(*point)


def act(page, game: Game, state: State, move: Move, style: str, cdp=None) -> bool:
    """Make any kind of action through the table; False if the table offers no way to it."""
    if move.kind == MOVE:
        play_by_pointer(page, game, state, move, style, cdp)
        return True
    action = game.action(move.kind)
    where = action.where if action is not None else ""
    if move.kind in ("deal", "recycle") or where == "stock":
        box = page.locator('#table .slot[data-pile="stock"]').bounding_box()
        tap(page, (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2), cdp)
        return True
    if where == "button":
        button = page.locator(f'#actions button[data-action="{move.kind}"]')
        button.tap() if cdp is not None else button.click()
        return True
    if where == "chip":
        chip = page.locator(f'#table .chip[data-move="{game.notation(move)}"]')
        chip.tap() if cdp is not None else chip.click()
        return True
    # a place action taken by tapping its cards (a removal): a tap on its first card shows
    # the first removal that takes the card; taps on the same card show the next ones in
    # the model's order; then a tap on another of its cards (or on the same one, when the
    # removal shown is its last) makes it
    assert action is not None
    pile = action.tap_pile
    choices = actions_at(game, state, move.src)
    if move not in choices:
        return False
    point = card_point(page, pile, move.src)
    for _ in range(choices.index(move) + 1):
        tap(page, point, cdp)
    assert page.locator("#table .card.selected").count() == move.n
    last = choices.index(move) == len(choices) - 1
    tap(page, point if last else card_point(page, pile, move.src + 1), cdp)
    return True


def policy(game: Game, state: State, moved: int, builds: int) -> list[tuple[Move, str]]:
    """The moves ``play_with_policy`` tries, in its order, each with its kind: home moves,
    place actions, other card moves while fewer than ``builds`` were ``moved``, the stock,
    buttons, then the other card moves after all."""
    legal = game.legal_moves(state)
    home = [m for m in legal if m.kind == MOVE and game.piles[m.dst].role == "foundation"]
    place = [m for m in legal if (a := game.action(m.kind)) is not None and a.at_place]
    other = [m for m in legal if m.kind == MOVE and m not in home]
    stock = game.stock_move(state)
    specials = [m for m in legal if (a := game.action(m.kind)) is not None and a.where == "button"]
    choices = home + place + (other if moved < builds else []) + ([stock] if stock else []) + specials + other
    return [(m, ("home" if m in home else "move") if m.kind == MOVE else m.kind) for m in choices]


def play_with_policy(page, game: Game, mirror, actions: int, style: str, cdp=None, builds: int = 6,
                     until: set[str] | None = None, ahead: int = 0) -> list[str]:
    """Home moves first, then place actions, a few other card moves, then the stock;
    every action through the table, the DOM checked against the engine after each.  Stops
    after ``actions``, or once every kind of action in ``until`` has been made.  The
    first ``ahead`` actions are made by the engine alone and the table resumes there (a
    saved game): a test about a later part of the game plays only that part through the
    table.  Returns the kinds of the actions made through the table."""
    moved = 0
    for _ in range(ahead):
        choices = policy(game, mirror.state, moved, builds)
        if not choices:
            break
        move, kind = choices[0]
        moved += kind == "move"
        mirror.play(move)
    if ahead:
        resume_at(page, mirror)
    done: list[str] = []
    styles = ["drag", "taps", "double"] if style == "mixed" else [style]
    for k in range(actions):
        state = mirror.state
        for move, kind in policy(game, state, moved, builds):
            if act(page, game, state, move, styles[k % len(styles)], cdp):
                break
        else:
            break
        moved += kind == "move"
        done.append(kind)
        mirror.play(move)
        try:
            wait_moves(page, mirror.move_count)
        except Exception as err:
            page.screenshot(path="build/failed-move.png")
            # (the message shown, if any: a closed one's words stay in its hidden box)
            raise AssertionError(f"{game.notation(move)} ({kind}, {styles[k % len(styles)]}) was not made: "
                                 f"moves {page.evaluate('document.getElementById(`table`).dataset.moves')}, "
                                 f"message shown {message(page)!r}, verdict "
                                 f"{page.evaluate('document.getElementById(`winnable`).dataset.verdict')}") from err
        assert_dom_is(page, game, mirror.state)
        if game.spec.describe:
            assert page.inner_text("#phase") == game.spec.describe(game, mirror.state)
        if until is not None and until <= set(done):
            break
    return done


# The cards' look on the table: each face-up card's face, its picture (the classic set,
# else "") and whether its centre pip shows; the pictures of the face-down cards; whether
# each picture loads and draws; the stored settings.
CARD_LOOK = """async () => {
  const url = el => (getComputedStyle(el).backgroundImage.match(/url\\("?([^")]+)"?\\)/) || [])[1] || '';
  const up = [...document.querySelectorAll('#table .card[data-face="up"]')];
  const down = [...document.querySelectorAll('#table .card[data-face="down"]')];
  const faces = up.map(c => [c.dataset.card, url(c), getComputedStyle(c.querySelector('.pip')).display]);
  const backs = [...new Set(down.map(url))];
  const shown = [];  // each picture loads and draws
  for (const src of [...new Set([...faces.map(f => f[1]), ...backs])].filter(Boolean).slice(0, 12)) {
    const img = new Image();
    img.src = src;
    try { await img.decode(); shown.push(img.naturalWidth > 0); } catch { shown.push(false); }
  }
  return {faces, backs, shown, stored: JSON.parse(localStorage.getItem('patience.v1.settings') || '{}')};
}"""


# Every face-up card that other cards partly cover (the next card of its pile, or a card of
# an overlapping column drawn over it): the part left visible (the top strip in a column,
# the left strip in a fan to the right or under an overlapping column, the right strip in
# a fan to the left) holds the card's rank and suit whole: the top index (the rank, its suit
# beside it), the rank with the suit under it, or the turned corner index.  Returns what
# does not, how many cards were looked at, and how many columns were squeezed below their
# usual step (left to the fitting of the table to the screen).
COVERED = """large => {
  const SUITS = {s: '♠', h: '♥', d: '♦', c: '♣'};
  // an index's box with its glyphs' own top and bottom (a line box is taller than its ink)
  const ctx = document.createElement('canvas').getContext('2d');
  const ink = el => {
    const r = el.getBoundingClientRect(), st = getComputedStyle(el);
    ctx.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
    const m = ctx.measureText(el.textContent);
    const base = r.top + (r.height - m.fontBoundingBoxAscent - m.fontBoundingBoxDescent) / 2 + m.fontBoundingBoxAscent;
    return {left: r.left, right: r.right, top: base - m.actualBoundingBoxAscent, bottom: base + m.actualBoundingBoxDescent,
            inkLeft: r.left - m.actualBoundingBoxLeft, inkRight: r.left + m.actualBoundingBoxRight};
  };
  const meets = (r, b) => r.left < b.right - 0.5 && r.right > b.left + 0.5 && r.top < b.bottom - 0.5 && r.bottom > b.top + 0.5;
  const cards = [...document.querySelectorAll('#table .card')].map(el => ({
    el, box: el.getBoundingClientRect(), z: +getComputedStyle(el).zIndex || 0}));
  const step = 0.27 * (large ? 1.3 : 1);
  const bad = [];
  let seen = 0, squeezed = 0;
  for (const {el, box: a, z} of cards) {
    if (el.dataset.face !== 'up') continue;
    const over = cards.filter(o => o.el !== el && o.z > z && meets(a, o.box)).map(o => o.box);
    if (!over.length || over.some(b => b.left <= a.left + 0.5 && b.right >= a.right - 0.5
                                       && b.top <= a.top + 0.5 && b.bottom >= a.bottom - 0.5))
      continue;  // nothing over it, or covered whole (a foundation, a stack): nothing of it shows
    if (over.some(b => Math.abs(b.left - a.left) < 0.5 && b.top > a.top && b.top - a.top < step * a.height - 0.5)) {
      squeezed++;
      continue;
    }
    seen++;
    const suit = SUITS[el.dataset.card.slice(-1)];
    const rank = ink(el.querySelector('.rank')), under = ink(el.querySelector('.suit'));
    const corner = el.querySelector('.corner').getBoundingClientRect();
    const beside = getComputedStyle(el.querySelector('.rank'), '::after').content;
    const free = boxes => boxes.every(r => over.every(b => !meets(r, b)));
    const top = beside === `"${suit}"` && free([{...rank, right: rank.right}]);  // the rank, its suit beside it
    // rank over suit (a canvas measures a 10 unsqueezed: its box, squeezed, is the nearer edge)
    const left = free([{...rank, right: Math.min(rank.right, rank.inkRight)}, {...under, right: under.inkRight}]);
    const right = free([corner]);  // the turned corner
    if (!(top || left || right)) bad.push(`${el.dataset.card} (pile ${el.dataset.pile})`);
  }
  // and on every card whose face shows whole (nothing over it), the suit under the rank
  // stays clear of the centre pip
  for (const card of document.querySelectorAll('#table .card[data-face="up"]')) {
    if (!card.querySelector('.pip').getClientRects().length) continue;  // no pip drawn (large print)
    const s = ink(card.querySelector('.suit')), p = ink(card.querySelector('.pip'));
    if (s.inkRight > p.inkLeft && s.bottom > p.top && s.top < p.bottom) bad.push(`${card.dataset.card}: suit into pip`);
  }
  return {seen, squeezed, bad};
}"""
