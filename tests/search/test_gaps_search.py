"""The Gaps family's own search (search/gaps.py): the same verdicts as the plain search
on endgames, its key, a position lost at once."""

from __future__ import annotations

import pytest

from helpers import position
from patience import get_game
from patience.cards import deck, make_card
from patience.game import Game
from patience.moves import MOVE
from patience.search import LOST, WON, solve
from patience.search.registry import model_of
from patience.rng import Rng
from patience.state import State
from plain_search import agrees_with_the_plain_search, endgames, at_least


def test_gaps_with_every_gap_after_a_king_is_lost():
    game = get_game("potocki", {"reshuffles": "0"})
    others = [c for c in deck(1) if c.rank not in (1, 13)]
    others = others[7:] + others[:7]  # out of order
    cells: dict[str, str] = {}
    for row in range(4):
        for slot in range(11):
            cells[f"g{row + 1}-{slot + 1}"] = str(others[row * 11 + slot])
        cells[f"g{row + 1}-12"] = str(make_card(13, row))
    state = position(game, rest="discard", **cells)
    assert solve(game, state, 100).verdict == LOST


def gaps_endgame(game: Game, rng: Rng) -> State:
    """A random late Gaps position: each row's run from its first slot stands up to a
    random height (at most three cards short), the other cards and the gaps lie at random
    in the free slots after the runs."""
    first, low, decks = (0, 1, 2) if game.id == "gaps8" else (1, 2, 1)
    rows = 4 * decks
    suits = [(s, d) for d in range(decks) for s in range(4)]
    suits = [suits[i] for i in rng.shuffled(tuple(range(rows)))]
    piles: list[tuple] = [()] * len(game.piles)
    pool: list = []
    free: list[int] = []
    for row, (suit, d) in enumerate(suits, 1):
        run = 10 + rng.below(4) - low + 1  # 10..13 cards of the row's 14 - low, less the low rank
        run = min(run, 14 - low)
        cards = [make_card(r, suit, d) for r in range(low, 14)]
        for slot, card in zip(range(first, 14), cards[:run]):
            piles[game.index[f"g{row}-{slot}"]] = (card,)
        pool += cards[run:]
        free += [game.index[f"g{row}-{slot}"] for slot in range(first + run, 14)]
    pool += [None] * (len(free) - len(pool))
    for i, card in zip(free, [pool[i] for i in rng.shuffled(tuple(range(len(pool))))]):
        piles[i] = (card,) if card is not None else ()
    if "discard" in game.index:
        piles[game.index["discard"]] = tuple(make_card(1, s) for s in range(4))
    state = game.empty_state()._replace(piles=tuple(piles))
    return game.with_info(state, "seed", 1)


@pytest.mark.reliability  # all its positions in the long run
@pytest.mark.parametrize("game_id,opts", [("potocki", {"reshuffles": "0"}), ("potocki", {"reshuffles": "1"}),
                                          ("gaps8", {"reshuffles": "0"}), ("gaps8", {"reshuffles": "1"})])
def test_gaps_search_agrees_with_the_plain_search_on_endgames(game_id, opts):
    """The Gaps family's own search (like cards interchangeable in its key once no
    reshuffle is left, the engine's reshuffle in the search) against every engine
    move searched to the end, on random late positions: both give the same verdict.
    With a reshuffle allowed, every other position has made it already (none left)."""
    from patience.search.gaps import GapsSearch

    game = get_game(game_id, opts)
    assert isinstance(model_of(game).searcher(gaps_endgame(game, Rng(1, "x"))).full, GapsSearch)
    rng = Rng(7, "gaps endgames")

    def states():
        for i in range(endgames(80)):
            state = gaps_endgame(game, rng)
            if opts["reshuffles"] == "1" and i % 2:
                state = game.with_info(state, "reshuffles", 1)
            yield state

    verdicts = agrees_with_the_plain_search(game, states(), counters=True)
    assert verdicts.count(WON) >= at_least(10, 80) and verdicts.count(LOST) >= at_least(5, 80), verdicts


def test_gaps_key_counts_like_cards_alike_only_once_no_reshuffle_is_left():
    """The two decks' copies of a card are interchangeable to the search once no
    reshuffle is left; while one is, where each card lies decides what the reshuffle
    deals, so the key keeps the grid as it is.  Rows are not sorted in the key: moves
    never permute whole rows (one-deck seed 6, lost, searched 88,120 positions either
    way), so sorting cost a third of the search's time for nothing."""
    from patience.search.gaps import GapsSearch
    from patience.games.gaps8 import GRID

    game = get_game("gaps8", {"reshuffles": "1"})
    state = game.deal(3)
    search = GapsSearch(game, GRID, state)
    cells = search.cells_of(state)
    ace, copy = make_card(1, 0, 0) + 1, make_card(1, 0, 1) + 1
    swapped_copies = cells.translate(bytes(copy if v == ace else ace if v == copy else v for v in range(256)))
    assert swapped_copies != cells
    assert search.key((swapped_copies, 1, [], -1)) == search.key((cells, 1, [], -1))  # no reshuffle left
    assert search.key((swapped_copies, 0, [], -1)) != search.key((cells, 0, [], -1))  # one left


@pytest.mark.parametrize("game_id", ["gaps8", "potocki"])
def test_a_probe_follows_the_gap_it_made_and_the_complete_search_keeps_every_move(game_id):
    """After a move, a probe's next moves all fill the cell that move emptied whenever
    the engine has a card for it; where the engine has none, the probe has every move.
    The complete search (no probe) always reaches every position the engine's moves
    reach (each position asked in full: what was seen before is forgotten first)."""
    from patience.search.gaps import GapsSearch
    from patience.games.gaps8 import GRID as GRID8
    from patience.games.potocki import GRID as GRID1

    game = get_game(game_id, {"reshuffles": "0"})
    grid = GRID8 if game_id == "gaps8" else GRID1
    rng = Rng(7, "gaps chain")
    followed = free = 0
    for seed in range(1, 9):
        state = game.deal(seed)
        probe, full = GapsSearch(game, grid, state, probe=seed), GapsSearch(game, grid, state)
        cells = probe.cells_of(state)
        p = (cells, 0, probe.runs(cells), -1)
        for _ in range(40):
            probe.seen.clear()
            kids = probe.children(p)
            if not isinstance(kids, list) or not kids:
                break
            _, p = kids[rng.below(len(kids))]
            made = p[3]
            engine = [(m.src, m.dst) for m in game.legal_moves(probe.state_of(p)) if m.kind == MOVE]
            reach = {full.key(full.after(p, move)) for move in engine}
            probe.seen.clear()
            steps = probe.children(p)
            full.seen.clear()
            every = full.children(p)
            if not isinstance(steps, list) or not isinstance(every, list):
                break  # a win one move on
            assert {full.key(child) for _, child in every} == reach
            if any(dst == made for _, dst in engine):
                assert {move[1] for (move,), _ in steps} == {made}, (seed, made, steps)
                followed += 1
            else:
                assert {full.key(child) for _, child in steps} == reach
                free += 1
    assert followed >= 20 and free >= 5, (followed, free)


def test_every_other_probe_starts_part_way_along_the_best_line_and_its_lines_are_from_the_deal():
    """The Gaps games' hunt keeps the best line its probes have found (``Elite``): the
    complete search and the odd probes start from the deal, the even ones (once a line
    of more than 20 moves is known) from that line cut at a random place before its last
    ten moves.  A probe started part way searches on from there, and its lines (a win,
    the lead) are from the deal: the win replays through the checked play."""
    from patience.search.gaps import GapsSearch
    from patience.search.hunt import Elite
    from patience.games.gaps8 import GRID
    from plain_search import replays_to_a_win

    game = get_game("gaps8", {})
    state = game.deal(16)
    won = solve(game, state, 3000)
    assert won.verdict == WON
    line = [(m.src, m.dst) for m in won.moves]
    assert len(line) > 100

    class Ran:  # a probe that has ended, its best the winning line
        best = (1.0, line)

    elite = Elite("gaps cut")
    assert elite.cut(1) == [] and elite.cut(2) == []  # no line known yet
    elite.running = Ran()  # type: ignore[assignment]
    assert elite.cut(3) == [] and elite.line == line
    cuts = [elite.cut(n) for n in range(4, 40, 2)]
    assert all(cut == line[:len(cut)] and len(cut) < len(line) - 10 for cut in cuts)
    assert len({len(cut) for cut in cuts}) > 5  # cut at various places
    assert all(elite.cut(n) == [] for n in (0, 5, 7))

    for probe in (0, 5):
        for cut in (line[:-30], line[:-11]):
            search = GapsSearch(game, GRID, state, probe=probe, prefix=cut)
            assert search.lead() == won.moves[:len(cut)]
            search.expand(20_000)
            assert search.won is not None and search.won[:len(cut)] == won.moves[:len(cut)]
            assert replays_to_a_win(game, state, search.won)
