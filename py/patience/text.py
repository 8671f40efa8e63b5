"""Sentences the engine says to a player (a refusal, a phase, a button's label).

A ``Text`` is the English sentence itself — a plain ``str`` to everything that reads
it — that also remembers its template and values, so the table can say it in another
language (its catalogue is keyed by the English template).
"""

from __future__ import annotations


class Text(str):
    key: str
    values: dict[str, object]

    def __new__(cls, key: str, **values: object) -> Text:
        self = super().__new__(cls, key.format(**values))
        self.key = key
        self.values = values
        return self
