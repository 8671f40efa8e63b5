"""Words and cards a player can read (issue 26): a pile that could pass for another kind
says its name under its slot (Bride's removed cards, Frog's waste), in the player's
language, where no card covers it; the options and the rules have distinct names in both
languages; the part of a card that a fan leaves visible shows its rank and its suit."""

from __future__ import annotations

import pytest

from patience import Session, get_game
from patience.search import WON, solve
from ui import open_deal, open_menu, resume_at, set_language

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


# Every face-up card that the next card of its pile covers: the part left visible (the top
# strip in a column, the left strip in a fan to the right, the right strip in a fan to the
# left) holds the card's rank and suit whole: the top index (the rank, its suit beside it),
# the index's suit below it, or the turned corner index.  Returns what does not.
COVERED = """() => {
  const SUITS = {s: '♠', h: '♥', d: '♦', c: '♣'};
  const byPile = {};
  for (const c of document.querySelectorAll('#table .card[data-face="up"]'))
    (byPile[c.dataset.pile] ||= [])[+c.dataset.index] = c;
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
  const bad = [];
  let seen = 0, squeezed = 0;
  for (const cards of Object.values(byPile)) {
    for (let k = 0; k + 1 < cards.length; k++) {
      const card = cards[k], next = cards[k + 1];
      if (!card || !next) continue;
      const a = card.getBoundingClientRect(), b = next.getBoundingClientRect();
      if (b.left >= a.right || b.right <= a.left || b.top >= a.bottom || b.bottom <= a.top) continue;
      if (b.left <= a.left + 0.5 && b.right >= a.right - 0.5 && b.top <= a.top + 0.5 && b.bottom >= a.bottom - 0.5)
        continue;  // covered whole (a foundation, a stack): nothing of it shows
      // a column squeezed below its usual step (a long column in a short window) is
      // left to the fitting of the table to the screen: counted apart
      if (b.top > a.top && b.left === a.left && b.top - a.top < 0.27 * a.height - 0.5) { squeezed++; continue; }
      seen++;
      const suit = SUITS[card.dataset.card.slice(-1)];
      const rank = ink(card.querySelector('.rank'));
      const under = ink(card.querySelector('.suit'));
      const corner = card.querySelector('.corner').getBoundingClientRect();
      const beside = getComputedStyle(card.querySelector('.rank'), '::after').content;
      const top = rank.bottom <= b.top + 0.5 && beside === `"${suit}"`;  // a column: the top strip
      const left = rank.inkRight <= b.left + 0.5 && under.inkRight <= b.left + 0.5;  // a fan to the right
      const right = corner.left >= b.right - 0.5;  // a fan to the left: the turned corner
      const whole = top || left || right;
      if (!whole) bad.push(`${card.dataset.card} under ${next.dataset.card}: corner ${JSON.stringify(corner)} rank ${JSON.stringify(rank)} suit ${JSON.stringify(under)} next ${JSON.stringify(b)} beside ${beside}`);
    }
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
        covered_cards_show_rank_and_suit(page, device)
    finally:
        set_large_print(page, False)


def covered_cards_show_rank_and_suit(page, device: str) -> None:
    for query in ("klondike", "?game=glider&seed=1"):
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
        got = page.evaluate(COVERED)
        assert got["seen"] > 0, f"{query}: no covered card to look at"
        assert got["bad"] == [], f"{query} ({device}): {got['bad'][:6]}"
