"""The pure parts of the table layer: the URL and the geometry."""

import pytest

from bad_addresses import BAD_ADDRESSES, IDS
from patience import GAMES, get_game
from table import geometry, scene
from table.urlstate import MAX_SEED, parse_query, to_query


def test_url_round_trip_for_every_option_set():
    from helpers import ALL
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


@pytest.mark.parametrize("width,height", [(390, 780), (360, 560), (844, 344), (1280, 626), (1920, 986)])
@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_layout_fits_the_width_and_the_height_and_cards_stay_readable(game_id, width, height):
    """The deal fits the table's width and height (no scrolling; a phone held sideways
    too), with cards a finger can take."""
    game = get_game(game_id)
    state = game.deal(3)
    m = geometry.metrics(game, width, height)
    pos = geometry.card_positions(game, state, m, height)
    right = max(geometry.pile_rect(game, i, pos, m)[2] for i in range(len(game.piles)))
    assert right <= width
    assert geometry.table_height(game, m, pos) <= height + 0.5
    assert m.cw >= 40  # a readable corner index on a phone


@pytest.mark.parametrize("game_id", ["gaps8", "zmey", "glider", "cross"])
def test_rows_overlap_on_a_short_screen_each_card_keeping_its_top_strip(game_id):
    """A phone held sideways: rows overlap rather than the table scroll or the cards
    shrink, each card still showing the strip with its index (geometry.ROW_SHOWN), the
    lower row on top, and a tap on a covered card's strip takes that card."""
    game = get_game(game_id)
    state = game.deal(3)
    width, height = 844, 344
    m = geometry.metrics(game, width, height)
    assert m.row < 1.0
    spots, cols, rows = geometry.arrangement(game, width, height)
    plain = height / (rows * geometry.ASPECT + (rows - 1) * geometry.GAP + 2 * geometry.PAD)
    assert m.cw > plain * 1.15  # bigger cards than rows kept apart would allow
    pos = geometry.card_positions(game, state, m, height)
    tops = sorted({round(m.origin(i)[1], 3) for i in range(len(game.piles))})
    assert min(b - a for a, b in zip(tops, tops[1:])) >= geometry.ROW_SHOWN * m.ch - 0.5
    # the card of an upper row whose lower part a card of the row below covers: a tap on
    # its strip takes it; a tap just under the strip takes the card on top
    for i in range(len(game.piles)):
        for j in range(len(game.piles)):
            if not (pos[i] and pos[j]) or m.origin(j)[1] <= m.origin(i)[1]:
                continue
            (xi, yi), (xj, yj) = pos[i][0], pos[j][0]
            if abs(xi - xj) < 1 and yj < yi + m.ch:
                assert m.card_z(j, 0) > m.card_z(i, 0)
                if len(pos[i]) == 1:
                    assert geometry.hit(game, pos, m, xi + 3, yi + 2) == (i, 0)
                    assert geometry.hit(game, pos, m, xi + 3, yj + 2)[0] == j
                    return
    pytest.fail("no pair of overlapping rows found")


def test_a_short_screen_gives_klondike_bigger_cards_whose_fans_squeeze():
    """Klondike held sideways: the table keeps less room for its fans (Layout.least_height)
    so the cards are bigger than the full layout height allows, and a long column still
    fits by squeezing."""
    from helpers import position
    game = get_game("klondike", {"runs": "any"})
    m = geometry.metrics(game, 844, 344)
    assert m.cw > 344 / (game.layout.height * geometry.ASPECT + (game.layout.height - 1) * geometry.GAP
                         + 2 * geometry.PAD) * 1.2
    s = position(game, t1="3:2c3c4cKsQhJsTh9s8h7s")
    pos = geometry.card_positions(game, s, m, 344)
    assert geometry.table_height(game, m, pos) <= 344 + 0.5
    # a desktop keeps the whole room: its cards as the full layout height allows
    desk = geometry.metrics(game, 1280, 626)
    assert desk.cw == pytest.approx(626 / (game.layout.height * geometry.ASPECT
                                           + (game.layout.height - 1) * geometry.GAP + 2 * geometry.PAD))


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


def test_a_refill_chip_stays_inside_its_empty_column_s_own_strip():
    """«Исчезнувший крест» on a phone: the columns overlap, and the + under an empty column
    covered the corner of the card of the column to its left (a tap on that card refilled
    the empty column).  The chip now sits inside the empty slot's own strip, which is
    drawn over that card anyway."""
    from helpers import position
    game = get_game("cross")
    s = position(game, t4="QhJh", t5="")
    m = geometry.metrics(game, 390, 763)
    assert m.step_x < m.cw  # squeezed
    pos = geometry.card_positions(game, s, m, 763)
    t4, t5 = game.index["t4"], game.index["t5"]
    x, y = scene.chip_place(m, pos, t5)
    sx, sy = m.origin(t5)
    own = min(m.cw, m.step_x - 2)
    assert sx <= x and x + own <= sx + m.step_x and sy <= y and y + scene.CHIP_PX <= sy + m.ch
    assert m.slot_z(t5) > max(m.card_z(t4, k) for k in range(len(pos[t4])))  # the strip is the slot's
