"""めだまがえる state and move generation: :class:`MedamagaeruState`, :class:`Move`, the attacker.

Implements ``shared/rules/medamagaeru.md``, sections "Moves" (pseudo-legal moves, the board
after a move) and "The attacker (仕掛け方) and repetition (千日手)" (aimed squares, the attacker after
a move, the repetition duty and window).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from banmen.games.medamagaeru.board import (
    _INDEX,
    attacks,
    Board,
    can_capture,
    is_free,
    NEIGHBOURS,
    NONE,
    other,
    parse_square,
    Piece,
    piece_at,
    pieces_of,
    promoted_eyes,
    RepetitionKey,
    side_attacks_any,
    SIDES,
    square_name,
    SQUARES,
)
from banmen.games.medamagaeru.rules import MedamagaeruRules


# =========================================================================== state and moves


@dataclass(frozen=True)
class MedamagaeruState:
    """An immutable, hashable position with everything the rules need.

    Attributes:
        board: 49 entries in :data:`SQUARES` order, each a :class:`Piece` or ``None``.
        to_move: ``"green"`` or ``"white"``.
        captures: ``(captured by green, captured by white)``.
        attacker: ``"none"``, ``"green"`` or ``"white"`` (仕掛け方).
        window: the repetition keys ``(board, to_move)`` from the position one ply before the
            last change of attacker up to and including this position (oldest first).
        plies_since_2_2: plies played since the first 2-2 position, or ``None`` before it
            (and after a winning capture).
    """

    board: Board
    to_move: str
    captures: tuple[int, int]
    attacker: str
    window: tuple[RepetitionKey, ...]
    plies_since_2_2: int | None

    def piece_at(self, square: int | str) -> Piece | None:
        """Return the piece on ``square`` (int or name) or ``None``."""
        return piece_at(self.board, parse_square(square))

    def captured_by(self, side: str) -> int:
        """Return how many enemy pieces ``side`` has captured."""
        return self.captures[SIDES.index(side)]


def repetition_key(state: MedamagaeruState) -> RepetitionKey:
    """Return what the repetition duty compares: the board (promotion marks included) and the
    side to move (``shared/rules/medamagaeru.md`` "Repetition duty")."""
    return (state.board, state.to_move)


class Move(NamedTuple):
    """A move: ``origin`` and ``target`` squares (ints), whether it captures, whether the
    capturing piece promotes."""

    origin: int
    target: int
    capture: bool = False
    promote: bool = False


def pseudo_legal_moves(state: MedamagaeruState) -> list[Move]:
    """Return the moves of the side to move before the repetition duty filters them.

    Order: origin square ascending, target ascending, plain capture before promotion.
    ``shared/rules/medamagaeru.md`` "Moves": one king step to an empty square or onto an enemy
    piece it can capture; after a capture an unpromoted piece may promote.
    """
    moves = []
    for origin, piece in pieces_of(state.board, state.to_move):
        for target in NEIGHBOURS[origin]:
            occupant = piece_at(state.board, target)
            if occupant is None:
                moves.append(Move(origin, target))
            elif occupant.owner != piece.owner and can_capture(piece.eyes, occupant.eyes):
                moves.append(Move(origin, target, capture=True))
                if not piece.promoted:
                    moves.append(Move(origin, target, capture=True, promote=True))
    return moves


def board_after(board: Board, move: Move) -> Board:
    """Return the board after ``move`` (assumed possible on ``board``)."""
    cells = list(board)
    piece = cells[_INDEX[move.origin]]
    if move.promote:
        piece = Piece(piece.owner, promoted_eyes(piece.eyes), True)
    cells[_INDEX[move.origin]] = None
    cells[_INDEX[move.target]] = piece
    return tuple(cells)


def aimed_squares(rules: MedamagaeruRules, board: Board, move: Move) -> tuple[int, ...]:
    """Return the squares of the enemy pieces that ``move`` (played on ``board``) aims at.

    ``shared/rules/medamagaeru.md`` "The attacker": the moved piece attacks X after the move;
    with ``reposition_counts`` false it must also not have attacked X before the move (judged
    with its eye count before the move, i.e. before any promotion).
    """
    after = attacks(board_after(board, move), move.target)
    if rules.reposition_counts:
        return after
    before = set(attacks(board, move.origin))
    return tuple(square for square in after if square not in before)


def attacker_after(rules: MedamagaeruRules, state: MedamagaeruState, move: Move) -> str:
    """Return the attacker state after ``move`` (``"none"``, ``"green"`` or ``"white"``).

    ``shared/rules/medamagaeru.md`` "The attacker", rules 1-3, in this order:

    2. the attacker captures: ``none`` unless afterwards one of its pieces attacks an enemy;
    3. (``capture_resets``) the other player captures a piece of the attacker: ``none``;
    1. a mover who was not the attacker before the move and whose move aims at an enemy piece
       becomes the attacker when the moved piece is free after the move ([decision]).
    """
    mover = state.to_move
    after = board_after(state.board, move)
    attacker = state.attacker
    if move.capture:
        if attacker == mover and not side_attacks_any(after, mover):
            attacker = NONE
        elif attacker == other(mover) and rules.capture_resets:
            attacker = NONE
    if (
        state.attacker != mover
        and aimed_squares(rules, state.board, move)
        and is_free(after, move.target)
    ):
        attacker = mover
    return attacker


def under_repetition_duty(state: MedamagaeruState) -> bool:
    """Return True when the side to move is the attacker and this position already occurred
    earlier in the repetition window (``shared/rules/medamagaeru.md`` "Repetition duty")."""
    return state.attacker == state.to_move and state.window.count(repetition_key(state)) > 1


def repeats_window(state: MedamagaeruState, move: Move) -> bool:
    """Return True when the position after ``move`` already occurred in the window of
    ``state`` (the window as it stands before the move) [decision]."""
    return (board_after(state.board, move), other(state.to_move)) in state.window


def changed_squares(before: Board | MedamagaeruState, after: Board | MedamagaeruState) -> list[str]:
    """Return the names of the squares whose contents differ (for the change marks of a
    diagram), sorted. Accepts boards or states."""
    before_board = before.board if isinstance(before, MedamagaeruState) else before
    after_board = after.board if isinstance(after, MedamagaeruState) else after
    return [
        square_name(square)
        for square, old, new in zip(SQUARES, before_board, after_board)
        if old != new
    ]
