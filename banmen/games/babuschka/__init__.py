"""バブーシュカ (Babuschka): the rules engine for two and four players.

Implements ``shared/rules/babuschka.md`` (the authority). One module per concern:

* :mod:`~banmen.games.babuschka.rules`: rule parameters, sides, dolls;
* :mod:`~banmen.games.babuschka.board`: the 52 squares, seats, directions, start and goal squares;
* :mod:`~banmen.games.babuschka.moves`: states, moves, jump chains, uncovering, the win;
* :mod:`~banmen.games.babuschka.notation`: ``L c1-c2``, ``M d2xd4xf4``, ``W: S a4-b4``, ``pass``;
* :mod:`~banmen.games.babuschka.position`: position YAML in and out;
* :mod:`~banmen.games.babuschka.queries`: named queries and the four-player solver;
* :mod:`~banmen.games.babuschka.game`: :class:`BabuschkaGame`, the engine contract.

Example::

    >>> game = BabuschkaGame()
    >>> start = game.initial_state()
    >>> game.format_move(start, game.parse_move(start, "L c1-c2"))
    'L c1-c2'
"""

from banmen.games.babuschka.game import GAME, BabuschkaGame
from banmen.games.babuschka.moves import PASS, BabuschkaState, Move
from banmen.games.babuschka.rules import BabuschkaRules

__all__ = ["GAME", "PASS", "BabuschkaGame", "BabuschkaRules", "BabuschkaState", "Move"]
