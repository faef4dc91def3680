"""Named Ukeja Layer queries that puzzles and diagrams ask (``game_queries``).

Each query answers one question of ``shared/rules/ukejalayer.md`` (reachable squares of a
chain, elimination targets and the unlock, controlled and linked squares).
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any

from banmen.errors import shorten
from banmen.game import IllegalMoveError, Query, QueryError, QueryParam
from banmen.games.ukejalayer.moves import UkejalayerState
from banmen.games.ukejalayer.rules import PIECE

if TYPE_CHECKING:
    from banmen.games.ukejalayer.game import UkejalayerGame


# --------------------------------------------------------------------------- queries


def _query_square(game: UkejalayerGame, value: Any) -> str:
    name = str(value).strip()
    if name not in game.geometry.index:
        raise QueryError(f"'{shorten(str(value))}' is not a square of the {game.geometry.describe()}")
    return name


def _q_movable_pieces(game: UkejalayerGame, state: UkejalayerState) -> int:
    """How many of the side to move's pieces can be moved (shared/rules/ukejalayer.md).

    The guidebook's count: the own run of every square topped by the side to move, summed
    (spec reference fact 1).
    """
    return game.movable_pieces(state)


def _e_movable_pieces(game: UkejalayerGame, state: UkejalayerState) -> str:
    """The squares topped by the side to move, with the pieces of its own run on each."""
    runs = game._runs(state)
    names = game.geometry.names
    parts = [f"{names[sq]} ({n})" for sq, n in sorted(enumerate(runs), key=lambda x: names[x[0]])
             if n]
    return f"movable: {', '.join(parts) or 'none'}"


def _q_can_reach(game: UkejalayerGame, state: UkejalayerState, **args: Any) -> bool:
    """Whether a legal chain starting at `from` ends with pieces arriving on `to`.

    shared/rules/ukejalayer.md, "Move (including 連携, linking)"; reference fact 2.
    """
    return game.can_reach(state, _query_square(game, args["from"]), _query_square(game, args["to"]))


def _q_reachable_squares(game: UkejalayerGame, state: UkejalayerState, **args: Any) -> list[str]:
    """Squares a legal chain starting at `from` can end on (shared/rules/ukejalayer.md, "Move")."""
    return game.reachable_squares(state, _query_square(game, args["from"]))


def _q_moves_from(game: UkejalayerGame, state: UkejalayerState, **args: Any) -> list[str]:
    """Canonical texts of the distinct moves whose chain starts at `from`, sorted.

    shared/rules/ukejalayer.md, "Move" and "Notation".
    """
    start = _query_square(game, args["from"])
    return sorted(game.format_move(state, m) for m in game.moves_from(state, start))


def _q_can_eliminate(game: UkejalayerGame, state: UkejalayerState) -> bool:
    """Whether the side to move has a legal elimination now.

    Allowed (hand empty, unlocked, not delayed) and some square with its top over an enemy
    piece.

    shared/rules/ukejalayer.md, "Eliminate (排除) and its unlock (解禁)".
    """
    return bool(game.eliminate_targets(state))


def _q_elimination_allowed(game: UkejalayerGame, state: UkejalayerState) -> bool:
    """Whether the side to move is allowed to eliminate now, whether or not a target exists.

    shared/rules/ukejalayer.md, "Eliminate (排除) and its unlock (解禁)" (the guidebook timeline
    "白はまだ排除できない").
    """
    return game.elimination_allowed(state)


def _q_eliminate_targets(game: UkejalayerGame, state: UkejalayerState) -> list[str]:
    """Squares where the side to move may eliminate now.

    shared/rules/ukejalayer.md, "Eliminate (排除) and its unlock (解禁)".
    """
    return game.eliminate_targets(state)


def _q_stack_after_eliminate(game: UkejalayerGame, state: UkejalayerState, **args: Any) -> str:
    """The stack on `square` (bottom to top, W/B) after the side to move eliminates there.

    Geometry only (own top, enemy piece below); shared/rules/ukejalayer.md, "Eliminate",
    reference fact 3.
    """
    try:
        return game.stack_after_eliminate(state, _query_square(game, args["square"]))
    except IllegalMoveError as err:
        raise QueryError(str(err)) from None


def _q_summon_squares(game: UkejalayerGame, state: UkejalayerState) -> list[str]:
    """Squares where the side to move may summon now (shared/rules/ukejalayer.md, "Summon")."""
    return game.summon_squares(state)


def _q_white_turns_blocked(game: UkejalayerGame, state: UkejalayerState) -> int:
    """White turns still barred from eliminating by the delay N after the unlock moment.

    The state's ``white_wait``: 0 before the unlock moment (elimination is then locked by the
    hands, not by the delay) and under unlock 'self'. shared/rules/ukejalayer.md, "Eliminate
    (排除) and its unlock (解禁)" [decision].
    """
    return state.white_wait


def _q_controlled_squares(game: UkejalayerGame, state: UkejalayerState) -> list[str]:
    """Squares whose top is the side to move's.

    shared/rules/ukejalayer.md, "Board and material" (the top decides who controls a square).
    """
    piece = PIECE[state.to_move]
    return sorted(n for n, s in zip(game.geometry.names, state.board) if s.endswith(piece))


def _q_linked_squares(game: UkejalayerGame, state: UkejalayerState) -> list[str]:
    """Squares topped by the side to move with an orthogonal neighbour also topped by it (連携).

    shared/rules/ukejalayer.md, "Move (including 連携, linking)".
    """
    piece = PIECE[state.to_move]
    mine = [s.endswith(piece) for s in state.board]
    return sorted(
        game.geometry.names[sq]
        for sq in range(game.geometry.count)
        if mine[sq] and any(mine[n] for n in game.geometry.neighbours[sq])
    )


def _queries() -> list[Query]:
    from_param = QueryParam("from", "square", "the square the chain starts from")
    return [
        Query("movable_pieces", _q_movable_pieces, "number", (), inspect.getdoc(_q_movable_pieces),
              evidence=_e_movable_pieces),
        Query(
            "can_reach",
            _q_can_reach,
            "boolean",
            (from_param, QueryParam("to", "square", "the square the chain must end on")),
            inspect.getdoc(_q_can_reach),
        ),
        Query("reachable_squares", _q_reachable_squares, "squares", (from_param,),
              inspect.getdoc(_q_reachable_squares)),
        Query("moves_from", _q_moves_from, "moves", (from_param,), inspect.getdoc(_q_moves_from)),
        Query("can_eliminate", _q_can_eliminate, "boolean", (), inspect.getdoc(_q_can_eliminate)),
        Query("elimination_allowed", _q_elimination_allowed, "boolean", (),
              inspect.getdoc(_q_elimination_allowed)),
        Query("eliminate_targets", _q_eliminate_targets, "squares", (),
              inspect.getdoc(_q_eliminate_targets)),
        Query(
            "stack_after_eliminate",
            _q_stack_after_eliminate,
            "text",
            (QueryParam("square", "square", "the square to eliminate on"),),
            inspect.getdoc(_q_stack_after_eliminate),
        ),
        Query("summon_squares", _q_summon_squares, "squares", (),
              inspect.getdoc(_q_summon_squares)),
        Query("white_turns_blocked", _q_white_turns_blocked, "number", (),
              inspect.getdoc(_q_white_turns_blocked)),
        Query("controlled_squares", _q_controlled_squares, "squares", (),
              inspect.getdoc(_q_controlled_squares)),
        Query("linked_squares", _q_linked_squares, "squares", (),
              inspect.getdoc(_q_linked_squares)),
    ]
