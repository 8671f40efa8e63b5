"""Canfield's own search (search/canfield.py): the same verdicts as the plain search on
endgames, and its proof of a card buried for good on positions made for it."""

from __future__ import annotations

import pytest

from patience import get_game
from patience.cards import OTHER_COLOUR, RANK_OF, RED_OF, SUIT_OF as SUIT, make_card
from patience.game import Game
from patience.search import LOST, WON
from patience.rng import Rng
from patience.state import State
from patience.search import solve
from patience.search.canfield import CanfieldSearch
from patience.search.canfield_locks import TWIN
from patience.search.depth_first import proven_places
from patience.search.registry import model_of
from plain_search import at_least, endgames, exhaust, own_search_verdicts


def card_from(base: int):
    """The card ``rel`` ranks up from ``base`` in a suit (the base 1)."""
    return lambda suit, rel: make_card((base + rel - 2) % 13 + 1, suit)


def dealt_out(game: Game, rng: Rng, base: int, homes: list[int], fixed: dict[int, list], run, pick_any: bool,
              reserve: int) -> State:
    """A Canfield position: each suit home to ``homes`` from the ``base`` rank, the
    ``fixed`` cards at the bottom of their piles (by pile number), each pile then a run
    down in alternate colours to ``run(pile number)`` cards, as play builds them (the
    first card that fits, or any when ``pick_any``), fewer than ``reserve`` cards in the
    reserve, the rest in the stock; the cards not home and not fixed shuffled."""
    card = card_from(base)
    placed = [c for cards in fixed.values() for c in cards]
    rest = [c for c in (card(s, r) for s in range(4) for r in range(homes[s] + 1, 14)) if c not in placed]
    rest = [rest[i] for i in rng.shuffled(tuple(range(len(rest))))]
    piles: list[tuple] = [()] * len(game.piles)
    down = [0] * len(game.piles)
    for s, f in enumerate(game.foundations):
        piles[f] = tuple(card(s, r) for r in range(1, homes[s] + 1))
    for i in range(1, 5):
        pile: list = list(fixed.get(i, []))
        for _ in range(run(i) - len(pile)):
            fits = [c for c in rest if not pile or (RANK_OF[pile[-1]] - RANK_OF[c]) % 13 == 1
                    and RED_OF[c] != RED_OF[pile[-1]]]
            if fits:
                pile.append(fits[rng.below(len(fits))] if pick_any else fits[0])
                rest.remove(pile[-1])
        piles[game.index[f"t{i}"]] = tuple(pile)
    k = min(len(rest), rng.below(reserve))
    piles[game.index["reserve"]], rest = tuple(rest[:k]), rest[k:]
    piles[game.stock], down[game.stock] = tuple(rest), len(rest)
    state = State(tuple(piles), tuple(down), game.empty_state().info)
    return game.with_info(state, "base", base)


def canfield_endgame(game: Game, rng: Rng) -> State:
    """A random late Canfield position: a random base rank, each suit home to a random
    height from it (3 to 12 cards; 6 to 12 where cards come back from home, whose plain
    search of a lower position mostly runs past its limit: 12 of 30 were skipped so, at
    about 1.7 s each, against 1 of 30), the other cards at random on the piles (runs of up
    to four cards), in the reserve (up to twelve) and in the stock."""
    base = 1 + rng.below(13)
    low = 6 if game.options["foundation_return"] == "on" else 3
    homes = [low + rng.below(13 - low) for _ in range(4)]
    return dealt_out(game, rng, base, homes, {}, lambda i: 1 + rng.below(4), False, 13)


@pytest.mark.reliability  # all its positions in the long run
@pytest.mark.parametrize("opts", [{}, {"draw": "1"}, {"foundation_return": "on"}])
def test_canfield_search_agrees_with_the_plain_search_on_endgames(opts):
    """Canfield's own search (K+, cards home that nothing needs, whole piles moved only to
    let the reserve in or make room for the waste, cards back from home only when some
    card may need them, piles sorted in the key) against every
    engine move searched to the end, on random late positions: both give the same
    verdict, and each won line wins through the checked play."""

    verdicts = own_search_verdicts(get_game("canfield", opts), CanfieldSearch, canfield_endgame, Rng(3, "canfield endgames"))
    assert verdicts.count(WON) >= at_least(10, 80) and verdicts.count(LOST) >= at_least(3, 80), verdicts


def buried_endgame(game: Game, rng: Rng) -> State:
    """A random late Canfield position where a card may lie buried for good: a suit x not
    started, its base at the bottom of the first pile under a king of the other colour
    and x's queen (which goes home only after the base under the king); the other king's
    suit home in full, or but for its king (then on the second pile); the two other suits
    home to random heights from the ninth and eleventh; each other pile a run of up to two
    cards, the other cards in the reserve (up to two) and the stock."""
    base = 1 + rng.below(13)
    card = card_from(base)
    x = rng.below(4)
    y, y2 = OTHER_COLOUR[x] if rng.below(2) else OTHER_COLOUR[x][::-1]
    homes = [0] * 4
    homes[TWIN[x]] = 9 + rng.below(5)
    homes[y] = 11 + rng.below(2)
    homes[y2] = 13 - rng.below(2)  # its king home (the queen's only other place), or not
    fixed = {1: [card(x, 1), card(y, 13), card(x, 12)], 2: [card(y2, 13)] if homes[y2] < 13 else []}
    return dealt_out(game, rng, base, homes, fixed, lambda i: 3 if i == 1 else 1 + rng.below(2), True, 3)


@pytest.mark.reliability  # all its positions in the long run
@pytest.mark.parametrize("draw", ["3", "1"])
def test_a_card_buried_for_good_is_lost_to_the_plain_search(draw):
    """Every random position that ``buried_lock`` calls lost (a card under one that can
    neither go home nor move on to its twin) is lost to every engine move searched to the
    end; and Canfield's search, which cuts every step into such a position, gives the
    plain search's verdict on all of them, locked or not."""

    game = get_game("canfield", {"draw": draw})
    rng = Rng(5, f"canfield buried {draw}")
    locked = 0
    verdicts = []
    count = 3 * endgames(80)  # small positions: 90 of them, 240 in the long run
    for _ in range(count):
        state = buried_endgame(game, rng)
        search = CanfieldSearch(game, state)
        theirs = exhaust(game, state, 30_000)
        if theirs is None:
            continue
        lock = model_of(game).why_lost(state)
        if search.exhausted and search.won is None:  # lost at the root: the lock
            locked += 1
            assert theirs == LOST, game.code(state)
            assert lock is not None and lock.why.startswith("buried_") and lock.card in state.piles[lock.pile]
            pile = state.piles[lock.pile]
            assert pile[pile.index(lock.card) + 1] == lock.over[0] and lock.also[0] in pile
        else:
            assert lock is None
        result = solve(game, state, 50_000)
        assert result.verdict == theirs, game.code(state)
        verdicts.append(theirs)
    assert locked >= count // 4 and len(verdicts) >= count * 3 // 4, (locked, verdicts)
    assert verdicts.count(WON) >= count // 20, verdicts


def dived(search) -> list:
    """The positions ``search`` searches in its next 3,000."""
    positions = []
    dive = search.dive
    search.dive = lambda kid: positions.append(kid[1]) or dive(kid)
    search.expand(3000)
    return positions


def test_the_probes_skip_what_the_complete_search_has_searched_to_the_end():
    """Beside the complete search, a probe never searches a position that search has
    searched to the end (nor one whose talon place such a position's covers): below it
    lies no win the complete search has not found or will not find.  The same probe
    alone does search some of them."""
    from patience.search.depth_first import cover_of

    game = get_game("canfield")
    state = game.deal(182)  # lost, in 60,000 positions of the complete search; its game of twins is won by trading at once
    hunt = model_of(game).searcher(state)
    hunt.expand(12_000)
    finished = hunt.full.finished
    assert not hunt.full.twins and len(finished) > 1000 and hunt.probe.skip is finished

    def done(position) -> bool:
        k, place = hunt.full.plain_key(position)
        return k in finished and (place < 0 or finished[k] & cover_of(3, place) != 0)

    again = 0
    for n in range(hunt.probes + 1, hunt.probes + 5):  # quick probes and ones keyed by kind, in turn
        beside = dived(hunt.search(n))
        alone = dived(CanfieldSearch(game, state, n))
        assert beside and not any(done(p) for p in beside)
        again += sum(done(p) for p in alone)
    assert again > 100  # (some probes alone meet that ground, some do not)


def test_the_real_game_skips_what_the_game_of_twins_has_proved_lost():
    """Once the game of twins is won by a trade, the real game's complete search and its
    probes never search a position that the game of twins proved lost on the way (nor
    one whose talon place such a position's covers); the real game searched alone does
    search many of them."""
    from patience.search.depth_first import cover_of

    game = get_game("canfield")
    state = game.deal(51)  # its game of twins trades after about 1,700 positions, about 1,400 of them proved lost
    hunt = model_of(game).searcher(state)
    while hunt.full.twins:
        hunt.expand(500)
    proven = hunt.full.memos[3]
    assert hunt.won is None and sum(proven_places(proven, k) != 0 for k in proven) > 1000

    def lost(search, position) -> bool:
        k, place = search.split_key(position, by_kind=True)
        at = proven_places(proven, k)
        return at != 0 and (place < 0 or at & cover_of(3, place) != 0)

    for search in (hunt.full, hunt.search(hunt.probes + 1), hunt.search(hunt.probes + 2)):
        beside = dived(search)
        assert beside and not any(lost(search, p) for p in beside)
    alone = CanfieldSearch(game, state)
    assert sum(lost(alone, p) for p in dived(alone)) > 100


def swapped_twins(game: Game, state: State) -> State | None:
    """``state`` with the first two twins that both lie on the piles in each other's
    places (the other arrangement, one position of the game of twins), or None."""
    at = [game.index[f"t{k}"] for k in range(1, 5)]
    where = {c: (k, i) for k in at for i, c in enumerate(state.piles[k])}
    for c, (k, i) in sorted(where.items()):
        other = make_card(RANK_OF[c], TWIN[SUIT[c]])
        if other in where and other > c:
            piles = [list(pile) for pile in state.piles]
            k2, i2 = where[other]
            piles[k][i], piles[k2][i2] = other, c
            return State(tuple(tuple(pile) for pile in piles), state.down, state.info)
    return None


def test_the_game_of_twins_proves_lost_only_what_the_plain_search_loses():
    """The game of twins (pile cards keyed by kind, a trade move, cards going home by
    themselves only when their twin is off the piles, ``twins_lock``) is looser than the
    real game, and one position of it is every arrangement of the twins on the piles: on
    random late positions, each one it proves lost is lost to the plain search, and so
    is the same position with two twins on the piles swapped; it does prove some lost."""
    game = get_game("canfield")
    rng = Rng(5, "canfield twins")
    proven = swaps = 0
    for i in range(160):  # (about 2 s in all, so all of them in the default run too)
        state = buried_endgame(game, rng) if i % 2 else canfield_endgame(game, rng)
        other = swapped_twins(game, state)
        for one, two in ((state, other), (other, state)):
            if one is None:
                continue
            search = CanfieldSearch(game, one, 0, twins=True)
            while search.twins and not search.exhausted and search.won is None and search.nodes < 20_000:
                search.expand(1000)
            if not (search.twins and search.exhausted):
                continue
            for each in (one, two):
                if each is not None:
                    theirs = exhaust(game, each, 20_000)
                    assert theirs != WON, game.code(each)
            proven += 1
            swaps += two is not None
    assert proven >= 80 and swaps >= 40, (proven, swaps)


def state_of(search: CanfieldSearch, p) -> State:
    """The engine's state of the search's position ``p``."""
    piles, left, home, talon, pos = p
    game = search.game
    out, down = list(search.start.piles), list(search.start.down)
    for i, pile in zip(search.piles_at, piles):
        out[i] = tuple(pile)
    out[search.reserve_at] = tuple(search.reserve[:left])
    for s, f in enumerate(game.foundations):
        out[f] = tuple(search.card_of[s, r] for r in range(1, home[s] + 1))
    out[game.waste], out[game.stock] = tuple(talon[:pos]), tuple(talon[pos:][::-1])
    down[game.stock] = len(talon) - pos
    return State(tuple(out), tuple(down), search.start.info)


def test_what_the_game_of_twins_proves_lost_on_the_way_is_lost():
    """The positions the game of twins proves lost while it searches (``prove_into``),
    which the real game's searches then skip, are lost to the plain search, and so are
    they with two twins on the piles swapped: on random late positions, every one proven
    in a search that ends won (by a trade or not), two of each other.  Calling every
    position searched to the end lost would fail here: a step below it may reach a
    position still waiting to be searched, from which the game is won."""
    game = get_game("canfield")
    rng = Rng(7, "canfield proven")
    checked = from_won = swaps = 0
    for i in range(300):  # (about 1.5 s in all)
        state = buried_endgame(game, rng) if i % 2 else canfield_endgame(game, rng)
        search = CanfieldSearch(game, state, 0, twins=True)
        at: dict = {}  # key and place → the position searched to the end
        proved = search.proved
        search.proved = lambda p: (at.setdefault(search.split_key(p), p), proved(p))
        while search.twins and not search.exhausted and search.won is None and search.nodes < 3000:
            search.expand(500)
        won = search.won is not None or not search.twins
        proven = search.memos[3]
        found = [p for (k, place), p in at.items() if proven_places(proven, k) & (1 if place < 0 else 1 << place)]
        for p in found if won else found[:2]:
            one = state_of(search, p)
            for each in (one, swapped_twins(game, one)):
                if each is not None:
                    theirs = exhaust(game, each, 3000)
                    assert theirs != WON, game.code(each)
                    checked += theirs == LOST
                    from_won += won and theirs == LOST
                    swaps += each is not one and theirs == LOST
    assert checked >= 400 and from_won >= 200 and swaps >= 100, (checked, from_won, swaps)
