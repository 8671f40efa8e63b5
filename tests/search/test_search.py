"""The search package's registry: every game's own search module is named in it, every
name in it is a game, and the search a game gets is the one registered for it."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import patience.search
from patience import GAMES, get_game
from patience.search.model import Model
from patience.search.registry import MODELS, model_of

# the package's machinery: the modules that search no game of their own
MACHINERY = {"budget", "talon", "model", "best_first", "depth_first", "hunt", "solver", "registry"}


def part_of(name: str, searches: set[str]) -> str | None:
    """The game search a module ``<search>_<part>`` is a part of (None: not a part)."""
    return next((search for search in searches if name.startswith(search + "_")), None)


def own_models() -> dict[str, list[type[Model]]]:
    """The search package's game search modules (machinery and parts apart) and the
    models each defines."""
    names = {info.name for info in pkgutil.iter_modules(patience.search.__path__)} - MACHINERY
    found: dict[str, list[type[Model]]] = {}
    for name in sorted(names):
        if part_of(name, names):
            continue
        module = importlib.import_module(f"patience.search.{name}")
        found[name] = [cls for _, cls in inspect.getmembers(module, inspect.isclass)
                       if issubclass(cls, Model) and cls is not Model and cls.__module__ == module.__name__]
    return found


def test_a_part_of_a_game_search_is_used_by_that_search_alone():
    """A module named ``<search>_<part>`` (Klondike's position) belongs to that game's
    search: the search imports it, and no other module of the package does."""
    names = {info.name for info in pkgutil.iter_modules(patience.search.__path__)} - MACHINERY
    parts = {name: part_of(name, names) for name in names if part_of(name, names)}
    assert parts, "no parts: drop this test"
    for part, owner in parts.items():
        for name in names | MACHINERY:
            source = inspect.getsource(importlib.import_module(f"patience.search.{name}"))
            uses = f"from .{part} import" in source or f"import {part}" in source
            assert uses == (name == owner), (part, name)


def test_every_name_in_the_registry_is_a_game():
    ids = {spec.id for spec in GAMES}
    assert set(MODELS) <= ids, set(MODELS) - ids


def test_every_game_search_module_is_registered_and_gives_its_model():
    """A module of the package that is not machinery is one game's (or family's) search:
    it defines a model, and some registered game is searched through it."""
    models = own_models()
    assert models, "no game search modules found"
    built = {type(model_of(get_game(game_id))) for game_id in MODELS}
    for name, classes in models.items():
        assert classes, f"patience.search.{name} defines no Model: machinery belongs in MACHINERY"
        assert set(classes) <= built, f"patience.search.{name}: {classes} not in the registry"


def test_a_game_gets_its_registered_model_and_the_others_the_generic_one():
    for spec in GAMES:
        model = model_of(get_game(spec.id))
        if spec.id in MODELS:
            assert type(model) is not Model and type(model).__module__.startswith("patience.search."), spec.id
        else:
            assert type(model) is Model, spec.id
