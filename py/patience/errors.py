"""The engine's errors: all are ValueErrors with a message a player can read."""


class PatienceError(ValueError):
    """Base of every error the engine raises on bad input."""


class InvalidCodeError(PatienceError):
    """A card, position or deal text that cannot be parsed."""


class InvalidMoveError(PatienceError):
    """A move text that cannot be parsed."""


class IllegalMoveError(PatienceError):
    """A well-formed move that the rules do not allow in this position."""


class OptionError(PatienceError):
    """An unknown game, an unknown option or a value the option does not take."""
