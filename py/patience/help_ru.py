"""The Russian rules help and option labels of every registered game, by game id.

Each game declares its Russian in its own file (``GameSpec.help_ru``, ``Option.label_ru``,
``Option.value_labels_ru``); these tables only gather them for code that looks them up by
game id: ``HELP_RU`` (game id → ``Help``), ``OPTION_LABELS_RU`` (game id → option name →
label) and ``VALUE_LABELS_RU`` (game id → option name → value → label).
"""

from __future__ import annotations

from .registry import GAMES
from .spec import Help

HELP_RU: dict[str, Help] = {spec.id: spec.help_ru for spec in GAMES if spec.help_ru is not None}
OPTION_LABELS_RU: dict[str, dict[str, str]] = {
    spec.id: {opt.name: opt.label_ru for opt in spec.options} for spec in GAMES}
VALUE_LABELS_RU: dict[str, dict[str, dict[str, str]]] = {
    spec.id: {opt.name: dict(opt.value_labels_ru) for opt in spec.options} for spec in GAMES}
