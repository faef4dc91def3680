"""Static evaluations of positions, for the engine opponents of the play board.

``evaluate(game, state, side)`` returns a score in "pieces" from ``side``'s point of view:
higher is better for ``side``; 0 means even. It does not search (the searches of
:mod:`banmen.opponent` do), though it may look at the moves of the position itself (what
can be captured or covered next); a finished game is scored there from its outcome, not
here. Standard library only (the play board runs it in the browser under Pyodide).

Each game's evaluation lives in its package, ``<package>/evaluation.py`` with
``evaluate(game, state, side)`` (:mod:`banmen.contract`), with its weights as the module's
constants and the rule it leans on in its docstring; ``python tools/bench_play.py --ladder``
measures them. A game without one is scored by :func:`mobility`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

#: an evaluation function (game, state, side) -> score for side.
Evaluation = Callable[[Any, Hashable, str], float]

#: game id -> its evaluation, found once per process.
_FOUND: dict[str, Evaluation] = {}


def mobility(game: Any, state: Hashable, side: str) -> float:
    """The evaluation of a game without its own: the number of legal moves of the side to
    move, for ``side`` when it is to move, else against it."""
    count = len(game.legal_moves(state))
    return float(count if game.side_to_move(state) == side else -count)


def evaluation_of(game_id: str) -> Evaluation:
    """Return the evaluation of ``game_id``: ``evaluate`` of its package's ``evaluation``
    module, else :func:`mobility`.

    Raises:
        BanmenError: the game id is unknown.
    """
    found = _FOUND.get(game_id)
    if found is None:
        from banmen.game import game_module

        module = game_module(game_id, "evaluation")
        found = _FOUND[game_id] = mobility if module is None else module.evaluate
    return found


def evaluate(game: Any, state: Hashable, side: str) -> float:
    """Return the static score of ``state`` for ``side`` (see the module documentation).

    Args:
        game: the engine (:class:`banmen.game.Game`) the state belongs to.
        state: a position of that game.
        side: one of the game's side ids, e.g. ``"white"`` or ``"red"``.

    Raises:
        BanmenError: the game id is unknown.
    """
    return evaluation_of(game.id)(game, state, side)
