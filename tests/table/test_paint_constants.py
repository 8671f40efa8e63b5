"""static/boot/paint.js runs before Python and so repeats a few of the table's constants:
the storage keys it reads and the settings' allowed values.  This holds them to
py/table's own (keeper.py, saves.py), so a key or a value changed on one side fails here
rather than the first paint quietly ignoring the player's settings."""

from __future__ import annotations

import json
import re
from pathlib import Path

from table import saves
from table.keeper import DEFAULT_SETTINGS, LAST_GAME_KEY, SETTINGS, SETTINGS_KEY

PAINT = (Path(__file__).resolve().parents[2] / "static" / "boot" / "paint.js").read_text()


def constant(name: str) -> str:
    found = re.search(rf'const {name} = "([^"]*)";', PAINT)
    assert found, f"paint.js has no constant {name}"
    return found.group(1)


def test_the_storage_keys_are_the_tables():
    assert constant("LAST_GAME") == LAST_GAME_KEY
    assert saves.key("klondike") == constant("SAVED_GAME") + "klondike"
    read = set(re.findall(r'"(patience\.v1\.settings)"', PAINT))
    assert read == {SETTINGS_KEY}  # every read of the settings names the table's key


def chosen(setting: str) -> tuple[set[str], str]:
    """The values paint.js accepts for a setting (its list, and the value it falls back to)."""
    found = re.search(rf'\[([^\]]*)\]\.includes\(stored\.{setting}\) \? stored\.{setting} : "([^"]*)"', PAINT)
    assert found, f"paint.js reads no setting {setting}"
    return set(json.loads(f"[{found.group(1)}]")), found.group(2)


def test_the_settings_values_are_the_tables():
    for name in ("theme", "motion", "back"):
        accepted, fallback = chosen(name)
        assert fallback == DEFAULT_SETTINGS[name], name
        assert accepted | {fallback} == set(SETTINGS[name]), name
        assert fallback not in accepted, name
    langs = re.search(r'html\.lang = \[([^\]]*)\]\.includes\(stored\.lang\)', PAINT)
    assert langs and set(json.loads(f"[{langs.group(1)}]")) == set(SETTINGS["lang"])
    faces = re.search(r'html\.dataset\.faces = stored\.faces === "([^"]*)" \? "\1" : "([^"]*)"', PAINT)
    assert faces and {faces.group(1), faces.group(2)} == set(SETTINGS["faces"])
    assert faces.group(2) == DEFAULT_SETTINGS["faces"]
    for flag in ("large", "left"):  # the two switches paint.js applies
        assert f"stored.{flag} === true" in PAINT and SETTINGS[flag] == (False, True)
