"""The engine's search, apart from the rules (``games/``): the machinery and one module
per game that has a search of its own.

- ``solver``: ``Search`` (one search of a position, run in slices, with its budget and
  verdict), ``solve``, ``hint``, ``safe_moves``, ``why_lost`` (a lost position's reason
  in cards, a ``model.Lock``, where the game's model knows one).
- ``hunt``: ``Hunt``, the one scheduler: a complete search with shaken probes beside
  it (restarts by Luby's sequence), and ``Searcher``, what it runs (and is).
- ``budget``: verdicts, ``Result``, freeing a finished search a piece at a time, Luby's
  sequence.
- ``talon``: the stock played "K+" (every card turning the stock can bring up is
  playable at once), shared by the searches of games with a stock and waste.
- ``model``: the generic search model (``Model``: the engine's moves and the game's
  ``SolverHooks``); a game's model may bring its own search (``Model.searcher``).
- ``best_first``: the generic search, best first over a model's steps (``BestFirst``).
- ``depth_first``: what the games' own depth-first searches share (``DepthFirst``,
  ``TalonSearch``), typed by their position and move.
- ``registry``: which games have their own model: ``klondike`` (with its part
  ``klondike_position``), ``canfield``, ``frog``, ``gaps`` (Gaps and Пасьянс
  Потоцкого), ``zmey`` and ``glider`` (the generic search with the game's own steps and
  key).

Nothing in ``games/`` imports this package; a rule that a game and its search both use
lives in the game's module and the search imports it.
"""

from .solver import Search, hint, safe_moves, solve, why_lost
from .budget import ALL_CARDS_KNOWN, LOST, UNKNOWN, WON, Result
from .model import Lock

__all__ = ["ALL_CARDS_KNOWN", "LOST", "UNKNOWN", "WON", "Lock", "Result", "Search", "hint", "safe_moves", "solve",
           "why_lost"]
