"""The engine's search, apart from the rules (``games/``): the machinery and one module
per game that has a search of its own.

- ``budget``: verdicts, ``Result``, freeing a finished search a piece at a time, Luby's
  sequence of restarts.
- ``talon``: the stock played "K+" (every card turning the stock can bring up is
  playable at once), shared by the searches of games with a stock and waste.
- ``model``: the generic search model (``Model``: the engine's moves and the game's
  ``SolverHooks``) and the protocol of a game's own search (``Searcher``).
- ``best_first``: the best-first search with probes (``Search``, run in slices), and
  ``solve``, ``hint``, ``safe_moves``.
- ``depth_first``: the depth-first search the games' own searches share (``DepthFirst``,
  ``TalonSearch``) and the hunt that runs it with probes (``Hunt``).
- ``registry``: which games have their own model: ``klondike`` (with ``klondike_dfs``
  and ``klondike_position``), ``canfield``, ``frog``, ``gaps`` (Gaps and Пасьянс
  Потоцкого), ``zmey`` and ``glider`` (the generic search with the game's own steps and
  key).

Nothing in ``games/`` imports this package; a rule that a game and its search both use
lives in the game's module and the search imports it.
"""

from .best_first import Search, hint, safe_moves, solve
from .budget import ALL_CARDS_KNOWN, LOST, UNKNOWN, WON, Result

__all__ = ["ALL_CARDS_KNOWN", "LOST", "UNKNOWN", "WON", "Result", "Search", "hint", "safe_moves", "solve"]
