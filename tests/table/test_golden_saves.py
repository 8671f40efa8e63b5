"""Golden saves: games saved, and statistics exported, by an earlier version of the page
still load, to the same position and the same figures.

tests/golden/ holds a save of every game (under its default options and others), each
exactly as ``table.saves.encode`` wrote it into the browser's storage, beside what loading
it gave then: the position in the engine's text form, the move count, the redo stack,
the time and the statistics marks; and a statistics file as Export wrote it, beside the
figures the statistics view showed.  ``tools/golden_saves.py`` made them (seeded random
playouts through the engine); this test only reads them.

If this test fails, the stored format or the engine's deals, pile names, notation or
options changed (a statistics record is found by its game and options), and every
player's saved games and statistics would be lost with it: add a migration in
py/table/saves.py (or stats.py) that reads the old form, with a test of its own.  Never
edit or regenerate the fixtures to make this test pass.
"""

import json
from pathlib import Path

import pytest

from patience import GAMES, get_game
from patience.game import MOVE
from table import saves, stats
from table.stats import Stats, clock, record_key

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
SAVES = sorted((GOLDEN / "saves").glob("*.save"))


def expected(path: Path) -> dict:
    return json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))


def test_every_game_has_golden_saves_under_default_and_other_options():
    seen: dict[str, list[dict]] = {}
    for path in SAVES:
        want = expected(path)
        seen.setdefault(want["game"], []).append(want["options"])
    assert set(seen) == {g.id for g in GAMES}
    for spec in GAMES:
        defaults = {o.name: o.default for o in spec.options}
        assert defaults in seen[spec.id], f"{spec.id}: no golden save under the default options"
        if spec.options:
            assert any(o != defaults for o in seen[spec.id]), f"{spec.id}: no golden save under other options"


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_golden_save_loads_to_its_position(path):
    text = path.read_text(encoding="utf-8")
    want = expected(path)
    assert len(text) == want["length"], "the fixture itself was changed"
    session = saves.decode(text)
    game = session.game
    assert saves.key(game.id) == want["key"]  # where the page looks for it
    assert (game.id, dict(game.options), session.seed) == (want["game"], want["options"], want["seed"])
    assert game.code(session.state) == want["position"]
    assert session.move_count == want["move_count"]
    assert len(session.moves) == want["moves"] and len(session.states) == want["moves"] + 1
    assert len(session.moves) - session.at == want["redo"] and session.can_redo() == (want["redo"] > 0)
    assert sorted({"move" if m.kind == MOVE else m.kind for m in session.moves}) == want["kinds"]
    assert (session.elapsed_ms, session.counted, session.result) == (want["time_ms"], want["counted"], want["result"])
    assert (game.status(session.state), game.score(session.state)) == (want["status"], want["score"])
    # what the page reads before it replays a save (to count a game left behind)
    assert saves.peek(text) == {"game": want["game"], "options": want["options"], "seed": want["seed"],
                                "counted": want["counted"], "result": want["result"]}
    # the redo stack leads to the position the player had reached
    for _ in range(want["redo"]):
        assert session.redo()
    assert not session.redo()
    assert game.code(session.state) == want["end_position"]


def test_golden_saves_hold_every_kind_of_action():
    """The fixtures themselves: stock turns and recycles, the games' own actions, a won
    game, a restarted one; a change that broke only these would otherwise go unseen."""
    kinds = {k for path in SAVES for k in expected(path)["kinds"]}
    assert {"deal", "recycle", "round", "redeal", "row", "refill", "reshuffle", "turn", "remove"} <= kinds
    wants = [expected(path) for path in SAVES]
    assert any(w["status"] == "won" and w["result"] == "won" for w in wants)
    assert any(w["move_count"] == 0 and w["redo"] > 0 for w in wants)
    assert all(w["redo"] > 0 for w in wants if w["status"] != "won")


def test_golden_statistics_export_imports_with_its_figures():
    text = (GOLDEN / "patience-statistics.json").read_text(encoding="utf-8")
    want = json.loads((GOLDEN / "patience-statistics.expected.json").read_text(encoding="utf-8"))
    assert want["key"] in stats.KEYS_BEFORE  # where the page read them: still read (migrated)
    imported = Stats.decode(text)  # Import
    kept, reasons = Stats.salvage(text)  # read from storage
    assert reasons == []
    assert set(imported.records) == set(kept.records) == set(want["records"])
    assert {fig["game"] for fig in want["records"].values()} == {g.id for g in GAMES}
    for key, fig in want["records"].items():
        game = get_game(fig["game"], fig["options"])
        assert record_key(game) == key, "today's game and options no longer find this record"
        for loaded in (imported, kept):
            rec = loaded.get(game)
            shown = {
                "game": game.id, "options": fig["options"],
                "played": rec.played, "won": rec.won, "lost": rec.lost, "rate": f"{100 * rec.win_rate:.0f}%",
                "streak": rec.streak, "best_streak": rec.best_streak, "best_time": clock(rec.best_time_ms),
                "best_time_ms": rec.best_time_ms, "fewest_moves": rec.fewest_moves,
                "score_total": rec.score_total, "score_avg": f"{rec.average_score:.1f}",
                "chart": ["won" if e.won else "lost" for e in rec.history[-60:]],
                "history": [e.to_json() for e in rec.history],
            }
            assert shown == fig, key
