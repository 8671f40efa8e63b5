"""The pure parts of the table layer: the URL and the geometry."""

import pytest

from bad_addresses import BAD_ADDRESSES, IDS
from patience import GAMES, get_game
from table import geometry
from table.urlstate import MAX_SEED, parse_query, to_query


def test_url_round_trip_for_every_option_set():
    from test_properties import ALL
    for game_id, opts in ALL:
        game = get_game(game_id, opts)
        req = parse_query(to_query(game, 77))
        assert (req.game.id, req.game.options, req.seed, req.problems) == (game_id, game.options, 77, [])


@pytest.mark.parametrize("query,problem", BAD_ADDRESSES, ids=IDS)
def test_bad_urls_give_a_message_and_a_valid_deal(query, problem):
    req = parse_query(query)
    said = [note() for note in req.problems]
    assert any(problem in p for p in said), said
    assert req.game.id in {g.id for g in GAMES}
    assert req.seed is None or 1 <= req.seed <= MAX_SEED


def test_bad_option_keeps_the_good_ones():
    req = parse_query("?game=klondike&seed=9&draw=1&passes=5")
    assert req.game.options["draw"] == "1" and req.game.options["passes"] == "inf" and req.seed == 9


def test_leading_zeros_still_name_the_deal():
    assert parse_query("?game=klondike&seed=" + "0" * 5000 + "42").seed == 42


def test_empty_query_is_the_default_game_with_a_new_deal():
    req = parse_query("")
    assert req.game.id == GAMES[0].id and req.seed is None and req.problems == []


@pytest.mark.parametrize("width,height", [(390, 780), (360, 600), (1280, 660), (1920, 1000)])
@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_layout_fits_the_width_and_cards_stay_readable(game_id, width, height):
    game = get_game(game_id)
    state = game.deal(3)
    m = geometry.metrics(game, width, height)
    pos = geometry.card_positions(game, state, m, height)
    right = max(geometry.pile_rect(game, i, pos, m)[2] for i in range(len(game.piles)))
    assert right <= width
    assert m.cw >= 40  # a readable corner index on a phone


def test_tall_piles_squeeze_to_fit():
    game = get_game("klondike", {"runs": "any"})
    from helpers import position
    s = position(game, t1="6:2c3c4c5c6c7cKsQhJsTh9s8h7s6h5s4h3s")
    m = geometry.metrics(game, 1280, 600)
    pos = geometry.card_positions(game, s, m, 600)
    t1 = game.index["t1"]
    assert pos[t1][-1][1] + m.ch <= 600
    ys = [y for _, y in pos[t1]]
    assert ys == sorted(ys) and len(set(ys)) == len(ys)  # still fanned, in order


@pytest.mark.parametrize("width,height", [(1280, 660), (390, 780)])
def test_zmey_piles_longer_than_eight_stay_in_their_room(width, height):
    """Building can make a pile longer than the deal's eight cards: it squeezes instead of
    running into the body or the next pile."""
    from helpers import position
    game = get_game("zmey")
    base = dict(f1="As", f2="Ah", f3="Ac", f4="Ad", f5="Ks", f6="Kh", f7="Kc", f8="Kd")
    s = position(game, rest="t12", info="8,0", t3="2s3s4s5s6s7s8s9sTsJsQs", t1="2h3h4h5h6h7h8h9hThJh", **base)
    m = geometry.metrics(game, width, height)
    pos = geometry.card_positions(game, s, m, height)
    room = 7 * max(geometry.RIGHT_STEP * m.cw, geometry.UP_STEP * m.ch) + 0.5
    for n in (1, 3, 12):  # 10, 11 and 70-odd cards
        i = game.index[f"t{n}"]
        x0, y0 = m.origin(i)
        assert max(abs(x - x0) + abs(y - y0) for x, y in pos[i]) <= room, n


def test_hit_finds_the_top_visible_card_or_the_empty_slot():
    from helpers import position
    game = get_game("klondike")
    s = position(game, t1="2:5hKc7d9s", t2="")
    m = geometry.metrics(game, 1000, 700)
    pos = geometry.card_positions(game, s, m, 700)
    t1, t2 = game.index["t1"], game.index["t2"]
    x, y = pos[t1][3]
    assert geometry.hit(game, pos, m, x + 5, y + m.ch - 5) == (t1, 3)  # the top card's body
    x, y = pos[t1][2]
    assert geometry.hit(game, pos, m, x + 5, y + 2) == (t1, 2)  # the visible strip of the one below
    sx, sy = m.origin(t2)
    assert geometry.hit(game, pos, m, sx + 5, sy + 5) == (t2, None)
    assert geometry.hit(game, pos, m, 1, 699) is None


def test_hit_on_a_squeezed_grid_finds_the_gap_behind_the_card_to_its_left():
    from helpers import position  # noqa: F401
    game = get_game("potocki")
    s = game.deal(3)
    m = geometry.metrics(game, 390, 700)
    assert m.step_x < m.cw  # squeezed
    pos = geometry.card_positions(game, s, m, 700)
    gap = next(i for i in range(52) if not s.piles[i] and (i % 13) not in (0, 12))
    sx, sy = m.origin(gap)
    assert geometry.hit(game, pos, m, sx + m.step_x / 2, sy + 10) == (gap, None)
    # just left of the gap's strip: the card to its left
    assert geometry.hit(game, pos, m, sx - 2, sy + 10) == (gap - 1, 0)


@pytest.mark.parametrize("width,height", [(1280, 660), (390, 780), (360, 600)])
def test_a_long_bride_row_wraps_in_reading_order_inside_the_screen(width, height):
    from helpers import position
    game = get_game("bride")
    s = position(game, rest="row", stock="1:Kh", info="-1,0")
    row = game.index["row"]
    m = geometry.metrics(game, width, height)
    pos = geometry.card_positions(game, s, m, height)[row]
    assert len(pos) == 51 and max(x for x, _ in pos) + m.cw <= width
    lines = sorted({y for _, y in pos})
    assert len(lines) > 1
    order = sorted(range(len(pos)), key=lambda k: (pos[k][1], pos[k][0]))
    assert order == list(range(len(pos)))  # left to right, line by line


def test_large_print_widens_the_fans_with_the_indices_and_lets_cards_grow():
    """Large print: every face-up fan's step grows with the indices (geometry.LARGE), so a
    covered card's bigger index still shows; face-down steps stay; where the usual card is
    at its largest, the card grows."""
    game = get_game("klondike", {"draw": "3"})
    state = game.deal(1)
    t7, waste = game.index["t7"], game.index["waste"]
    piles = list(state.piles)
    piles[waste], piles[game.stock] = state.piles[game.stock][:3], state.piles[game.stock][3:]
    down = list(state.down)
    down[t7] = 3  # column 7: three face down, four face up
    state = state._replace(piles=tuple(piles), down=tuple(down))
    for width, height in ((1280, 720), (390, 844)):
        usual = geometry.metrics(game, width, height)
        large = geometry.metrics(game, width, height, large=True)
        assert large.cw == usual.cw  # the screen, not the print, limits the card here
        a = geometry.card_positions(game, state, usual, height)
        b = geometry.card_positions(game, state, large, height)
        for pile, axis, k in ((t7, 1, 5), (waste, 0, 1)):  # a face-up step of each fan
            assert b[pile][k + 1][axis] - b[pile][k][axis] == pytest.approx(
                geometry.LARGE * (a[pile][k + 1][axis] - a[pile][k][axis]))
        assert b[t7][3][1] - b[t7][0][1] == pytest.approx(a[t7][3][1] - a[t7][0][1])  # face down: as usual
    wide, wide_large = geometry.metrics(game, 1920, 1080), geometry.metrics(game, 1920, 1080, large=True)
    assert wide.cw == geometry.MAX_CW and wide_large.cw > wide.cw
