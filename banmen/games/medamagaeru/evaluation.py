"""The static evaluation of a めだまがえる position, for the engine opponents of the play
board (:mod:`banmen.games.evaluation`; standard library only).

Rule leaned on: ``shared/rules/medamagaeru.md``, "Winning and drawing": captures win. Score:
ten points per capture ahead, plus one per piece ahead on the board.
"""

from __future__ import annotations

from typing import Any


def evaluate(game: Any, state: Any, side: str) -> float:
    """Return the static score of ``state`` for ``side`` (see the module documentation;
    higher is better for ``side``)."""
    mine = 0 if side == "green" else 1
    captures = state.captures[mine] - state.captures[1 - mine]
    on_board = sum(1 if piece.owner == side else -1 for piece in state.board if piece is not None)
    return 10.0 * captures + on_board
