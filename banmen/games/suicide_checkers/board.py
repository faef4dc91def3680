"""Suicide-checkers state and board geometry: :class:`CheckersState`, square numbering, pieces.

Implements ``shared/rules/suicide-checkers.md``, section "Board and setup" (squares 1-32, the
start position) and the geometry of "Moves" (paths, jumped and captured squares).
"""

from __future__ import annotations

from typing import NamedTuple

from banmen.games.suicide_checkers import bitboard as bb
from banmen.games.suicide_checkers.rules import Move


# --------------------------------------------------------------------------- state


class CheckersState(NamedTuple):
    """An immutable, hashable suicide-checkers position.

    Attributes:
        black: square mask of the black pieces, men and kings (bit ``s - 1`` = square ``s``).
        white: square mask of the white pieces.
        kings: square mask of the kings of both colours.
        black_to_move: True when Black is to move.
        quiet_plies: plies played since the last capture or man move (the quiet-move draw).
        history: position keys (see :meth:`SuicideCheckersGame.position_key`) of the earlier
            positions since the last capture or man move, oldest first (the repetition draw).
            Only positions in this window can ever recur, since captures and man moves cannot
            be undone.
    """

    black: int
    white: int
    kings: int
    black_to_move: bool
    quiet_plies: int = 0
    history: tuple = ()

    @property
    def key(self) -> tuple[int, int, int, bool]:
        """The position without counters or history: ``(black, white, kings, black_to_move)``."""
        return (self.black, self.white, self.kings, self.black_to_move)


def _inner(state: CheckersState) -> tuple[int, int, int, bool]:
    """Return the state's position in the bitboard core's inner layout."""
    return (bb.to_inner(state.black), bb.to_inner(state.white), bb.to_inner(state.kings),
            state.black_to_move)


def initial_position() -> CheckersState:
    """Return the start position: Black on 1..12, White on 21..32, Black to move."""
    return CheckersState(bb.square_mask(range(1, 13)), bb.square_mask(range(21, 33)), 0, True)


# --------------------------------------------------------------------------- geometry


def square_to_rowcol(square: int) -> tuple[int, int]:
    """Return the ``(row, col)`` of a square on the 8×8 board of the standard diagram.

    Row 0 is the top row, Black's back rank (squares 1..4); row 7 is White's (29..32).
    Column 0 is the left edge as the diagram is seen (White at the bottom). Dark squares are
    those with ``row + col`` odd: square 1 is ``(0, 1)``, 4 is ``(0, 7)``, 5 is ``(1, 0)``,
    29 is ``(7, 0)`` and 32 is ``(7, 6)``.

    Raises:
        ValueError: ``square`` is not in 1..32.
    """
    if not 1 <= square <= 32:
        raise ValueError(f"square {square} is off the board (squares are 1..32)")
    row, index = divmod(square - 1, 4)
    return row, 2 * index + (1 if row % 2 == 0 else 0)


def rowcol_to_square(row: int, col: int) -> int | None:
    """Return the square number at ``(row, col)`` (see :func:`square_to_rowcol`), or ``None``
    for a light square or a point off the board."""
    if not (0 <= row < 8 and 0 <= col < 8) or (row + col) % 2 == 0:
        return None
    return row * 4 + col // 2 + 1


def is_capture(move: Move) -> bool:
    """Return True when ``move`` is a capture (its first step spans two rows)."""
    return abs(square_to_rowcol(move[1])[0] - square_to_rowcol(move[0])[0]) == 2


def move_path(move: Move) -> list[int]:
    """Return the squares a move visits: its start, then every landing square.

    ``(15, 24, 31)`` gives ``[15, 24, 31]``; the jumped squares are given by
    :func:`captured_squares`.
    """
    return list(move)


def jumped_squares(move: Move) -> list[int]:
    """Return the squares jumped over by a capture, in jump order (empty for a step)."""
    if not is_capture(move):
        return []
    jumped = []
    for start, land in zip(move, move[1:]):
        (r1, c1), (r2, c2) = square_to_rowcol(start), square_to_rowcol(land)
        jumped.append(rowcol_to_square((r1 + r2) // 2, (c1 + c2) // 2))
    return jumped


def captured_squares(state: CheckersState, move: Move) -> list[int]:
    """Return the squares of the pieces ``move`` captures in ``state``, ascending.

    In English draughts a piece jumps only an adjacent piece, so these are the jumped squares;
    ``state`` is accepted for symmetry with the other games and not otherwise needed.
    """
    return sorted(jumped_squares(move))


def piece_at(state: CheckersState, square: int) -> str | None:
    """Return the piece on ``square``: ``"b"``/``"w"`` for a man, ``"B"``/``"W"`` for a king,
    ``None`` when empty."""
    bit = 1 << (square - 1)
    if state.black & bit:
        letter = "b"
    elif state.white & bit:
        letter = "w"
    else:
        return None
    return letter.upper() if state.kings & bit else letter


def pieces(state: CheckersState) -> dict[int, str]:
    """Return every occupied square with its piece letter (see :func:`piece_at`)."""
    found = {}
    for square in bb.mask_squares(state.black | state.white):
        found[square] = piece_at(state, square)
    return found
