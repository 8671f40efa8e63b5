"""The Gaps games in Chromium: taps on cards and gaps, offers, drags, reshuffles, reload."""

from __future__ import annotations

from patience import Session, get_game
from patience.game import Move
from table.urlstate import to_query

from ui import assert_dom_is, card_point, gap_point, mouse_drag, open_deal, rightmost, table, wait_moves


def tap(page, point, touch: bool) -> None:
    page.touchscreen.tap(*point) if touch else page.mouse.click(*point)


def play_line(page, game, mirror: Session, steps: int, touch: bool) -> dict[str, int]:
    """Play ``steps`` moves through every kind of grid interaction; count what was used."""
    used = {"card": 0, "gap": 0, "offer": 0, "drag": 0}
    for k in range(steps):
        state = mirror.state
        moves = game.card_moves(state)
        if not moves:
            break
        by_src = lambda m: [x for x in moves if x.src == m.src]
        by_dst = lambda m: [x for x in moves if x.dst == m.dst]
        kinds = ["card", "gap", "offer", "drag"]
        kind = kinds[k % 4]
        pick = {
            "card": [m for m in moves if len(by_src(m)) == 1],
            "gap": [m for m in moves if len(by_dst(m)) == 1],
            "offer": [m for m in moves if len(by_dst(m)) > 1],
            "drag": moves if not touch else [],
        }
        if not pick[kind]:
            kind = next(k2 for k2 in kinds if pick[k2])
        move = pick[kind][0]
        src, dst = game.names[move.src], game.names[move.dst]
        if kind == "card":
            tap(page, card_point(page, src, 0), touch)
        elif kind == "gap":
            tap(page, gap_point(page, dst), touch)
        elif kind == "offer":
            tap(page, gap_point(page, dst), touch)
            offered = page.evaluate("[...document.querySelectorAll('#table .card.selected')].map(e => e.dataset.pile)")
            assert sorted(offered) == sorted(game.names[m.src] for m in by_dst(move))
            assert page.evaluate(f"document.querySelector('#table .slot[data-pile=\"{dst}\"]').classList.contains('target')")
            tap(page, card_point(page, src, 0), touch)
        else:
            mouse_drag(page, card_point(page, src, 0), gap_point(page, dst))
        used[kind] += 1
        mirror.play(move)
        wait_moves(page, mirror.move_count)
        assert_dom_is(page, game, mirror.state)
    return used


def test_gaps8_by_mouse(page):
    game = get_game("gaps8", {"reshuffles": "1"})
    open_deal(page, to_query(game, 8))
    mirror = Session(game, 8)
    assert_dom_is(page, game, mirror.state)
    used = play_line(page, game, mirror, 16, touch=False)
    assert used["card"] and used["offer"] and used["drag"], used  # two decks: most gaps have two candidates
    # the reshuffle button: one left, then none
    button = '#actions button[data-action="reshuffle"]'
    assert page.inner_text(button) == "Reshuffle (1 left)"
    page.click(button)
    mirror.play(Move("reshuffle"))
    wait_moves(page, mirror.move_count)
    assert_dom_is(page, game, mirror.state)
    assert page.is_disabled(button) and page.inner_text(button) == "Reshuffle (0 left)"
    page.click("#undo")
    mirror.undo()
    wait_moves(page, mirror.move_count)
    assert_dom_is(page, game, mirror.state)
    assert not page.is_disabled(button)


def test_potocki_by_touch_on_a_phone(phone):
    game = get_game("potocki")
    open_deal(phone, to_query(game, 12))
    mirror = Session(game, 12)
    assert_dom_is(phone, game, mirror.state)
    # every card stays inside the phone's width, each showing its corner
    right = rightmost(phone)
    assert right <= 390
    used = play_line(phone, game, mirror, 12, touch=True)
    assert used["card"] and used["gap"], used
    phone.tap('#actions button[data-action="reshuffle"]')
    mirror.play(Move("reshuffle"))
    wait_moves(phone, mirror.move_count)
    assert_dom_is(phone, game, mirror.state)
    assert table(phone)["status"] in ("playing", "stuck")


def test_reload_restores_a_gaps_deal(fresh):
    page, watch, base = fresh
    game = get_game("gaps8", {"reshuffles": "2"})
    page.goto(base + to_query(game, 4242))
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    assert_dom_is(page, game, game.deal(4242))
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    assert_dom_is(page, game, game.deal(4242))
    assert page.inner_text('#actions button[data-action="reshuffle"]') == "Reshuffle (2 left)"
