"""Named めだまがえる queries that puzzles and diagrams ask (``game_queries``).

Each query answers one question of ``shared/rules/medamagaeru.md`` (attacks, captures, the
attacker, the 0-2 judgement, repetition).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from banmen.errors import brief_repr
from banmen.game import NotationError, Query, QueryError, QueryParam
from banmen.games.medamagaeru.board import (
    attackers_of,
    attacks,
    can_capture,
    capturable_count,
    is_free,
    judgement,
    MAX_EYES,
    parse_square,
    piece_at,
    promoted_eyes,
    SIDES,
    square_name,
)
from banmen.games.medamagaeru.moves import (
    aimed_squares,
    attacker_after,
    MedamagaeruState,
    Move,
    pseudo_legal_moves,
    repeats_window,
    under_repetition_duty,
)

if TYPE_CHECKING:
    from banmen.games.medamagaeru.game import MedamagaeruGame


# =========================================================================== queries


def _square_arg(state: MedamagaeruState, square: Any, need_piece: bool = True) -> int:
    try:
        parsed = parse_square(square)
    except NotationError as err:
        raise QueryError(str(err)) from None
    if need_piece and piece_at(state.board, parsed) is None:
        raise QueryError(f"no piece on {square_name(parsed)}")
    return parsed


def _move_arg(game: MedamagaeruGame, state: MedamagaeruState, move: Any) -> Move:
    if isinstance(move, Move):
        return move
    return game.parse_move(state, str(move))


def _side_arg(side: Any) -> str:
    if side not in SIDES:
        raise QueryError(f"expected side green or white, got {brief_repr(side)}")
    return side


def _names(squares: Iterable[int]) -> list[str]:
    return sorted(square_name(square) for square in squares)


def _texts(game: MedamagaeruGame, state: MedamagaeruState, moves: Iterable[Move]) -> list[str]:
    return sorted(game.format_move(state, move) for move in moves)


def query_attacker(game: MedamagaeruGame, state: MedamagaeruState) -> str:
    """The attacker state (仕掛け方) now: none, green or white.

    ``shared/rules/medamagaeru.md`` "The attacker (仕掛け方) and repetition".
    """
    return state.attacker


def query_attacker_after(game: MedamagaeruGame, state: MedamagaeruState, move: Any) -> str:
    """The attacker state after the given legal move: none, green or white.

    ``shared/rules/medamagaeru.md`` "The attacker", rules 1-3 with the game's parameters.
    """
    return attacker_after(game.rules, state, _move_arg(game, state, move))


def query_aims(game: MedamagaeruGame, state: MedamagaeruState, move: Any) -> list[str]:
    """Squares of the enemy pieces the given move aims at (当てる).

    ``shared/rules/medamagaeru.md`` "The attacker": depends on ``reposition_counts``.
    """
    return _names(aimed_squares(game.rules, state.board, _move_arg(game, state, move)))


def query_is_free(game: MedamagaeruGame, state: MedamagaeruState, square: Any) -> bool:
    """Whether the piece on the square is free (no enemy piece attacks it).

    ``shared/rules/medamagaeru.md`` "The attacker": a **free** piece.
    """
    return is_free(state.board, _square_arg(state, square))


def query_attacks(game: MedamagaeruGame, state: MedamagaeruState, square: Any) -> list[str]:
    """Squares of the enemy pieces the piece on the square attacks (adjacent and capturable).

    ``shared/rules/medamagaeru.md`` "The attacker": A **attacks** X.
    """
    return _names(attacks(state.board, _square_arg(state, square)))


def query_attacked_by(game: MedamagaeruGame, state: MedamagaeruState, square: Any) -> list[str]:
    """Squares of the enemy pieces that attack the piece on the square.

    ``shared/rules/medamagaeru.md`` "The attacker".
    """
    return _names(attackers_of(state.board, _square_arg(state, square)))


def query_capture_moves(game: MedamagaeruGame, state: MedamagaeruState) -> list[str]:
    """Every legal capture of the side to move, with and without promotion.

    ``shared/rules/medamagaeru.md`` "Moves".
    """
    return _texts(game, state, (m for m in game.legal_moves(state) if m.capture))


def query_can_capture(
    game: MedamagaeruGame, state: MedamagaeruState, eyes: int, target: int
) -> bool:
    """Whether a piece with ``eyes`` eyes may capture one with ``target`` eyes (e takes e-1,
    1 takes 5). ``shared/rules/medamagaeru.md`` "Moves"."""
    for value in (eyes, target):
        if not isinstance(value, int) or not 1 <= value <= MAX_EYES:
            raise QueryError(f"expected an eye count 1-{MAX_EYES}, got {brief_repr(value)}")
    return can_capture(eyes, target)


def query_eyes_after_promotion(game: MedamagaeruGame, state: MedamagaeruState, square: Any) -> int:
    """The eye count the piece on the square would have after promoting (5 becomes 1).

    ``shared/rules/medamagaeru.md`` "Moves". Raises QueryError for a promoted piece (a piece
    promotes only once).
    """
    parsed = _square_arg(state, square)
    piece = piece_at(state.board, parsed)
    if piece.promoted:
        raise QueryError(f"the piece on {square_name(parsed)} is already promoted")
    return promoted_eyes(piece.eyes)


def query_capturable_count(game: MedamagaeruGame, state: MedamagaeruState, side: Any) -> int:
    """The 2-2 judgement count of the side: enemy pieces at least one of its pieces could
    capture by eye count, anywhere on the board.

    ``shared/rules/medamagaeru.md`` "Winning and drawing".
    """
    return capturable_count(state.board, _side_arg(side))


def query_judgement(game: MedamagaeruGame, state: MedamagaeruState) -> str:
    """What the 2-2 judgement says for these pieces (whatever the captures): green, white
    (the winner), draw, or continue.

    ``shared/rules/medamagaeru.md`` "Winning and drawing".
    """
    return judgement(state.board)


def query_repetition_duty(game: MedamagaeruGame, state: MedamagaeruState) -> bool:
    """Whether the side to move is the attacker in a position that already occurred in the
    repetition window. ``shared/rules/medamagaeru.md`` "Repetition duty"."""
    return under_repetition_duty(state)


def query_repetition_moves(game: MedamagaeruGame, state: MedamagaeruState) -> list[str]:
    """Moves of the side to move that reach a position new in the repetition window (the
    moves that satisfy the repetition duty). ``shared/rules/medamagaeru.md`` "Repetition
    duty"."""
    if game._decided(state) is not None:
        return []
    new = (m for m in pseudo_legal_moves(state) if not repeats_window(state, m))
    return _texts(game, state, new)


def query_forbidden_by_repetition(game: MedamagaeruGame, state: MedamagaeruState) -> list[str]:
    """Moves the repetition duty forbids now (empty when the duty does not apply).

    ``shared/rules/medamagaeru.md`` "Repetition duty".
    """
    if game._decided(state) is not None or not under_repetition_duty(state):
        return []
    return _texts(game, state, (m for m in pseudo_legal_moves(state) if repeats_window(state, m)))


def _square_param(doc: str) -> tuple[QueryParam, ...]:
    return (QueryParam("square", "square", doc),)


def _queries() -> list[Query]:
    move = (QueryParam("move", "move", "a legal move"),)
    side = (QueryParam("side", "side", "green or white"),)
    eyes = (
        QueryParam("eyes", "int", "eye count of the capturing piece"),
        QueryParam("target", "int", "eye count of the piece to capture"),
    )
    table = [
        ("attacker", query_attacker, "text", ()),
        ("attacker_after", query_attacker_after, "text", move),
        ("aims", query_aims, "squares", move),
        ("is_free", query_is_free, "boolean", _square_param("a square with a piece")),
        ("attacks", query_attacks, "squares", _square_param("a square with a piece")),
        ("attacked_by", query_attacked_by, "squares", _square_param("a square with a piece")),
        ("capture_moves", query_capture_moves, "moves", ()),
        ("can_capture", query_can_capture, "boolean", eyes),
        (
            "eyes_after_promotion",
            query_eyes_after_promotion,
            "number",
            _square_param("an unpromoted piece"),
        ),
        ("capturable_count", query_capturable_count, "number", side),
        ("judgement", query_judgement, "text", ()),
        ("repetition_duty", query_repetition_duty, "boolean", ()),
        ("repetition_moves", query_repetition_moves, "moves", ()),
        ("forbidden_by_repetition", query_forbidden_by_repetition, "moves", ()),
    ]
    return [
        Query(name, func, returns, params, func.__doc__ or "")
        for name, func, returns, params in table
    ]
