"""The first paint's data (tools/first_paint.py write_first_paint, drawn by py/table/scene.py) and the
deal Python takes from it (urlstate.painted_seed).  Pure, under CPython."""

from __future__ import annotations

import json
import re

import pytest

from tools import first_paint
from patience import GAMES, get_game
from table import geometry, scene
from table.urlstate import painted_seed, to_query

TAGS = {"DIV", "SPAN"}  # static/boot/paint.js makes only these (and BUTTON) …
ATTRS = re.compile(r"^(class|style|role|hidden|data-[a-z-]+|aria-[a-z-]+)$")  # … with these attributes


def test_python_opens_the_painted_deal_only_for_its_own_game_and_options():
    klondike = get_game("klondike")
    assert painted_seed(to_query(klondike, 123), klondike) == 123
    assert painted_seed(to_query(klondike, 123), get_game("klondike", {"draw": "1"})) is None
    assert painted_seed(to_query(klondike, 123), get_game("canfield")) is None
    assert painted_seed("?game=klondike&seed=banana", klondike) is None
    assert painted_seed("?game=klondike", klondike) is None


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_the_painted_table_is_the_one_the_view_draws(game_id):
    game = get_game(game_id)
    state = game.deal(5)
    style, nodes, places = scene.first_paint(game, state, 1100, 640)
    m = geometry.metrics(game, 1100, 640)
    pos = geometry.card_positions(game, state, m, 640)
    assert style["--cw"] == f"{m.cw:.1f}px"
    slots = [n for n in nodes if str(n["a"]["class"]).startswith("slot")]  # type: ignore[index]
    assert len(slots) == len(game.piles)
    assert len(places) == len(nodes)
    assert all("style" not in n["a"] for n in nodes)  # type: ignore[operator]  # where, in places alone
    cards = {(n["a"]["data-pile"], int(n["a"]["data-index"])): (n, place)  # type: ignore[index]
             for n, place in zip(nodes, places) if "data-card" in n["a"]}  # type: ignore[operator]
    assert len(cards) == sum(map(len, state.piles))
    for i, pile in enumerate(state.piles):
        for k, card in enumerate(pile):
            node, place = cards[(game.piles[i].name, k)]
            attrs = node["a"]
            assert isinstance(attrs, dict)
            assert place == (*pos[i][k], m.card_z(i, k))
            up = k >= state.down[i]
            assert attrs["data-card"] == (card.face if up else "??")
            texts = [part.get("x", "") for part in node["c"]]  # type: ignore[union-attr]
            assert (texts[0] != "") == up  # no face shown of a face-down card


def test_the_first_paint_data_is_whole_and_paintable():
    data = first_paint.first_paint(GAMES[0].id)
    nodes = data["nodes"]
    assert isinstance(nodes, list) and data["seed"] == first_paint.first_seed(GAMES[0].id)
    assert data["deal"] == to_query(get_game(GAMES[0].id), first_paint.first_seed(GAMES[0].id))

    def paintable(node) -> bool:
        return node["t"] in TAGS and all(ATTRS.match(a) for a in node["a"]) and all(map(paintable, node.get("c", [])))

    assert all(map(paintable, nodes))
    for size in data["sizes"]:  # type: ignore[union-attr]
        assert len(data["places"][size["p"]]) == 2 * len(nodes)  # type: ignore[index]
        assert len(data["layers"][size["z"]]) == len(nodes)  # type: ignore[index]
    # Russian: every slot's and card's words of its own
    said = data["words"]["ru"]  # type: ignore[index]
    named = [k for k, n in enumerate(nodes) if "aria-label" in n["a"]]
    assert named and all("aria-label" in said[k] and re.search("[а-я]", said[k]["aria-label"]) for k in named)
    assert all(set(change) <= {"aria-label", "data-label", "text"} for change in said.values())  # words only
    assert data["fixed"] is True  # every Klondike deal has the same shape


def test_the_site_gets_a_first_paint_per_game_and_the_downloads_sizes(tmp_path, monkeypatch):
    monkeypatch.setattr("patience.registry.GAMES", GAMES[:2])  # two games are enough here
    boot = tmp_path / "static" / "boot"
    boot.mkdir(parents=True)
    (boot / "py.zip").write_bytes(b"x" * 1234)
    first_paint.write_first_paint(tmp_path)
    first = boot / "first"
    assert sorted(p.stem for p in first.glob("*.json")) == sorted([g.id for g in GAMES[:2]] + ["index"])
    index = json.loads((first / "index.json").read_text())
    assert index["games"] == [g.id for g in GAMES[:2]] and index["default"] == GAMES[0].id
    assert index["downloads"] == {"static/boot/py.zip": 1234}
    assert json.loads((first / f"{GAMES[0].id}.json").read_text())["game"] == GAMES[0].id
    assert (first / f"{GAMES[0].id}.json").stat().st_size < 80_000  # small next to the runtime: painted at once


def test_a_slot_whose_label_depends_on_the_deal_is_blank_on_another_deal():
    data = first_paint.first_paint("canfield")  # the foundations start at a rank dealt
    nodes = data["nodes"]
    foundations = [k for k, n in enumerate(nodes) if "foundation" in n["a"]["class"]]  # type: ignore[index]
    labelled = {k for k in foundations if nodes[k]["a"]["data-label"]}  # type: ignore[index]  # the empty ones
    assert labelled and {int(k) for k in data["blank"]} == labelled  # type: ignore[union-attr]
    assert all(change == {"data-label": ""} for change in data["blank"].values())  # type: ignore[union-attr]
    assert first_paint.first_paint(GAMES[0].id)["blank"] == {}  # Klondike's slots say the same for every deal


@pytest.mark.parametrize("game_id", [g.id for g in GAMES if g.id != "frog"])
def test_a_first_visits_deal_can_be_won(game_id):
    """A new player's first deal of a game (a bare address) is one the solver wins (Frog in
    suit has none within the budget: see first_paint.FIRST_OFFSETS); the line replays."""
    from patience import Session
    from patience.search import WON, solve
    game = get_game(game_id)
    result = solve(game, game.deal(first_paint.first_seed(game_id)), budget=first_paint.FIRST_WIN_NODES)
    assert result.verdict == WON, f"{game_id}: {result.verdict}"
    session = Session(game, first_paint.first_seed(game_id))
    for move in result.moves:
        session.play(move)
    assert game.status(session.state) == "won"
