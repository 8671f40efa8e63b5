"""static/boot/paint.js runs before Python is up and reads what Python stores: the
storage keys it reads and the settings it applies are held here to Python's own
(py/table/keeper.py, saves.py, i18n.py), so that neither side can change alone."""

from __future__ import annotations

import re
from pathlib import Path

from table import i18n, keeper, saves

PAINT = (Path(__file__).resolve().parent.parent / "static" / "boot" / "paint.js").read_text(encoding="utf-8")
OWN = {"patience.v1.paint"}  # paint.js's own record of the last table drawn, which Python never reads
# html.dataset.theme = ["light", "dark"].includes(stored.theme) ? stored.theme : "system";
CHOICE = re.compile(r'html\.dataset\.(\w+) = \[([^\]]*)\]\.includes\(stored\.(\w+)\) \? stored\.\3 : "([\w-]+)"')


def strings(text: str) -> list[str]:
    return re.findall(r'"([^"]*)"', text)


def test_paint_js_reads_the_storage_keys_python_writes():
    read = set(re.findall(r'"(patience\.v\d+\.[a-z.]*)"', PAINT))
    python = {keeper.LAST_GAME_KEY, keeper.SETTINGS_KEY, saves.key("")}  # a saved game: its key and the game's id
    assert read == python | OWN
    assert not any(k.startswith(saves.PREFIX + "game.") for k in OWN)  # paint.js's own key is no save's


def test_paint_js_applies_the_settings_python_allows_with_python_defaults():
    chosen = {m[1]: (m[3], strings(m[2]), m[4]) for m in CHOICE.finditer(PAINT)}
    assert set(chosen) == {"theme", "motion", "back"}
    for name, (setting, values, default) in chosen.items():
        assert setting == name
        assert set(values) | {default} == set(keeper.SETTINGS[name]), name
        assert default == keeper.DEFAULT_SETTINGS[name], name
    faces = re.search(r'html\.dataset\.faces = stored\.faces === "(\w+)" \? "\1" : "(\w+)"', PAINT)
    assert faces is not None
    assert {faces[1], faces[2]} == set(keeper.SETTINGS["faces"]) and faces[2] == keeper.DEFAULT_SETTINGS["faces"]
    lang = re.search(r'html\.lang = \[([^\]]*)\]\.includes\(stored\.lang\)', PAINT)
    assert lang is not None
    assert set(strings(lang[1])) == set(keeper.SETTINGS["lang"]) == set(i18n.LANGUAGES)
    for flag in re.findall(r'stored\.(\w+) === true', PAINT):  # on/off settings, off unless stored true
        assert keeper.SETTINGS[flag] == (False, True) and keeper.DEFAULT_SETTINGS[flag] is False
