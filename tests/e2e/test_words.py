"""Words a player understands (issue 26): a pile that could pass for another kind says
its name under its slot (Bride's removed cards, Frog's waste), in the player's language,
where no card covers it; the options and the rules have distinct names in both languages."""

from __future__ import annotations

import pytest

from ui import open_deal, set_language

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
