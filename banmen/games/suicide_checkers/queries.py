"""Named suicide-checkers queries that puzzles and diagrams ask (``game_queries``).

Each query answers one question of ``shared/rules/suicide-checkers.md`` (forced captures,
capture counts, giveaway and crowning moves, pieces left, forced wins).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from banmen.errors import brief_repr
from banmen.game import Query, QueryError, QueryParam
from banmen.games.suicide_checkers import bitboard as bb
from banmen.games.suicide_checkers.board import (
    _inner,
    captured_squares,
    CheckersState,
    is_capture,
    jumped_squares,
    piece_at,
)
from banmen.games.suicide_checkers.notation import format_move_text
from banmen.games.suicide_checkers.rules import Move, SIDES
from banmen.games.suicide_checkers.solver import GiveawaySolver

if TYPE_CHECKING:
    from banmen.games.suicide_checkers.game import SuicideCheckersGame


# --------------------------------------------------------------------------- queries


def _side(side: str) -> bool:
    """Return True for black, False for white; raise QueryError otherwise."""
    if side not in SIDES:
        raise QueryError(f"side must be 'black' or 'white', not {brief_repr(side)}")
    return side == "black"


def _capture_sizes(game: SuicideCheckersGame, state: CheckersState) -> list[int]:
    return [len(m) - 1 for m in game.legal_moves(state) if is_capture(m)]


def q_must_capture(game: SuicideCheckersGame, state: CheckersState) -> bool:
    """Whether the side to move must capture (``shared/rules/suicide-checkers.md``, "Moves":
    capturing is compulsory)."""
    return bool(_capture_sizes(game, state))


def q_forced_captures(game: SuicideCheckersGame, state: CheckersState) -> int:
    """Number of capturing moves available to the side to move, 0 when none (each jump path
    counts once; spec "Moves")."""
    return len(_capture_sizes(game, state))


def q_capture_count(game: SuicideCheckersGame, state: CheckersState, move: Move) -> int:
    """How many pieces ``move`` captures (0 for a step; spec "Moves": a capture sequence is one
    move)."""
    return len(jumped_squares(move))


def q_captured_squares(game: SuicideCheckersGame, state: CheckersState, move: Move) -> list[str]:
    """The squares of the pieces ``move`` captures, ascending (spec "Moves")."""
    return [str(s) for s in captured_squares(state, move)]


def q_min_capture_count(game: SuicideCheckersGame, state: CheckersState) -> int:
    """The fewest pieces the side to move can get away with capturing this turn: 0 when no
    capture is forced, else the smallest capture ("白は何枚取らされる？"; spec "Moves":
    capturing is compulsory, any capture may be chosen)."""
    sizes = _capture_sizes(game, state)
    return min(sizes) if sizes else 0


def q_max_capture_count(game: SuicideCheckersGame, state: CheckersState) -> int:
    """The most pieces one legal move of the side to move captures (0 when none; spec
    "Moves": no majority rule, so this is a choice, not an obligation)."""
    sizes = _capture_sizes(game, state)
    return max(sizes) if sizes else 0


def q_capturing_moves(game: SuicideCheckersGame, state: CheckersState) -> list[str]:
    """Every capturing move, canonical and sorted (spec "Moves")."""
    return sorted(format_move_text(m) for m in game.legal_moves(state) if is_capture(m))


def q_giveaway_moves(game: SuicideCheckersGame, state: CheckersState) -> list[str]:
    """The moves after which the opponent must capture: the giveaways that force a capture
    (spec "Moves": capturing is compulsory; "End of the game": losing every piece wins)."""
    found = []
    for move in game.legal_moves(state):
        after = game.play(state, move)
        if bb.jumpers(*_inner(after)):
            found.append(format_move_text(move))
    return sorted(found)


def q_crowning_moves(game: SuicideCheckersGame, state: CheckersState) -> list[str]:
    """The moves that crown a man (spec "Moves": a man reaching the far rank becomes a king and
    its move ends there)."""
    found = []
    for move in game.legal_moves(state):
        was_man = piece_at(state, move[0]) in ("b", "w")
        if was_man and piece_at(game.play(state, move), move[-1]) in ("B", "W"):
            found.append(format_move_text(move))
    return sorted(found)


def q_movable_pieces(game: SuicideCheckersGame, state: CheckersState) -> list[str]:
    """The squares of the pieces that have a legal move, ascending (compulsory capture
    included; spec "Moves")."""
    return [str(s) for s in sorted({m[0] for m in game.legal_moves(state)})]


def q_pieces_left(game: SuicideCheckersGame, state: CheckersState, side: str) -> int:
    """Number of pieces (men and kings) ``side`` has on the board (spec "End of the game": the
    side to move with none wins)."""
    return (state.black if _side(side) else state.white).bit_count()


def q_kings_left(game: SuicideCheckersGame, state: CheckersState, side: str) -> int:
    """Number of kings ``side`` has (spec "Moves": kings move and capture both ways)."""
    return ((state.black if _side(side) else state.white) & state.kings).bit_count()


def q_king_squares(game: SuicideCheckersGame, state: CheckersState, side: str) -> list[str]:
    """The squares of ``side``'s kings, ascending (spec "Moves")."""
    own = state.black if _side(side) else state.white
    return [str(s) for s in bb.mask_squares(own & state.kings)]


def q_only_winning_move(game: SuicideCheckersGame, state: CheckersState, plies: int) -> str:
    """The unique move that wins within ``plies`` plies, ``"none"`` if no move wins, or
    ``"several"`` ("黒番、勝ち筋は？"; spec "End of the game", reversed result)."""
    moves = game.winning_moves(state, plies)
    if not moves:
        return "none"
    if len(moves) > 1:
        return "several"
    return format_move_text(moves[0])


def q_winning_move_count(game: SuicideCheckersGame, state: CheckersState, plies: int) -> int:
    """Number of moves that win within ``plies`` plies (spec "End of the game")."""
    return len(game.winning_moves(state, plies))


def q_win_in_moves(game: SuicideCheckersGame, state: CheckersState, max_moves: int) -> int:
    """The fewest own moves with which the side to move forces a win, counting the move after
    which the opponent's forced reply leaves it without pieces or moves; 0 when there is no
    such win within ``max_moves`` own moves (spec "End of the game")."""
    solver = GiveawaySolver(game)
    for moves in range(1, max_moves + 1):
        if solver.winning_moves(state, 2 * moves + 1):
            return moves
    return 0


_PLIES = QueryParam("plies", "int", "horizon in plies, the winning move included")
_SIDE = QueryParam("side", "side", "black or white")
_MOVE = QueryParam("move", "move", "a legal move, e.g. 15x24x31")

_QUERIES = (
    Query("must_capture", q_must_capture, "boolean", (), q_must_capture.__doc__),
    Query("forced_captures", q_forced_captures, "number", (), q_forced_captures.__doc__),
    Query("capture_count", q_capture_count, "number", (_MOVE,), q_capture_count.__doc__),
    Query("captured_squares", q_captured_squares, "squares", (_MOVE,), q_captured_squares.__doc__),
    Query("min_capture_count", q_min_capture_count, "number", (), q_min_capture_count.__doc__),
    Query("max_capture_count", q_max_capture_count, "number", (), q_max_capture_count.__doc__),
    Query("capturing_moves", q_capturing_moves, "moves", (), q_capturing_moves.__doc__),
    Query("giveaway_moves", q_giveaway_moves, "moves", (), q_giveaway_moves.__doc__),
    Query("crowning_moves", q_crowning_moves, "moves", (), q_crowning_moves.__doc__),
    Query("movable_pieces", q_movable_pieces, "squares", (), q_movable_pieces.__doc__),
    Query("pieces_left", q_pieces_left, "number", (_SIDE,), q_pieces_left.__doc__),
    Query("kings_left", q_kings_left, "number", (_SIDE,), q_kings_left.__doc__),
    Query("king_squares", q_king_squares, "squares", (_SIDE,), q_king_squares.__doc__),
    Query("only_winning_move", q_only_winning_move, "text", (_PLIES,), q_only_winning_move.__doc__),
    Query("winning_move_count", q_winning_move_count, "number", (_PLIES,),
          q_winning_move_count.__doc__),
    Query("win_in_moves", q_win_in_moves, "number",
          (QueryParam("max_moves", "int", "most own moves to look at"),), q_win_in_moves.__doc__),
)
