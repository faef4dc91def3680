"""バブーシュカ board geometry: the 52 squares, seats, the five directions of each seat, start
and goal squares, and precomputed step and jump tables.

``shared/rules/babuschka.md``, "Board", "Material" and "A turn". Squares are ints
``file + 8 * rank`` (file 0..7 = ``a``..``h``, rank 0..7 = ``1``..``8``), so ``a1`` is 0 and
``h8`` is 63; only the 52 squares of :data:`SQUARES` are on the board. "Board order" means
ascending square number: rank by rank from rank 1, files ``a`` to ``h`` within a rank.

Seats are numbered clockwise as the spec orders them: south 0, west 1, north 2, east 3. Two
players sit south (black) and north (grey).
"""

from __future__ import annotations

from banmen.errors import brief_repr
from banmen.game import NotationError

FILES = "abcdefgh"
SIZE = 8

SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3
SEAT_NAMES = ("south", "west", "north", "east")

#: seat -> the forward vector (file step, rank step): toward the opposite side of the board.
FORWARD: dict[int, tuple[int, int]] = {SOUTH: (0, 1), WEST: (1, 0), NORTH: (0, -1), EAST: (-1, 0)}


def directions(seat: int) -> tuple[tuple[int, int], ...]:
    """Return the five direction vectors ``(file step, rank step)`` of ``seat``.

    ``shared/rules/babuschka.md`` "A turn": forward, the two forward diagonals and the two
    sideways directions, relative to the player; never backward or backward-diagonal.
    Order: forward, forward-left, forward-right, left, right (left/right as the seat sees it).
    """
    fx, fy = FORWARD[seat]
    left = (-fy, fx)
    right = (fy, -fx)
    return (
        (fx, fy),
        (fx + left[0], fy + left[1]),
        (fx + right[0], fy + right[1]),
        left,
        right,
    )


def on_board(file: int, rank: int) -> bool:
    """Return True when (``file``, ``rank``), both 0-based, is one of the 52 squares: the 8x8
    grid without the three squares at each corner (``shared/rules/babuschka.md`` "Board")."""
    if not (0 <= file < SIZE and 0 <= rank < SIZE):
        return False
    file_edge = min(file, SIZE - 1 - file)  # 0 on a/h, 1 on b/g
    rank_edge = min(rank, SIZE - 1 - rank)
    return not (file_edge + rank_edge < 2)


#: every square on the board, in board order (52 of them).
SQUARES: tuple[int, ...] = tuple(
    r * SIZE + f for r in range(SIZE) for f in range(SIZE) if on_board(f, r)
)
ON_BOARD: tuple[bool, ...] = tuple(sq in set(SQUARES) for sq in range(SIZE * SIZE))


def square_name(square: int) -> str:
    """Return the name of a square number: ``2 -> "c1"``."""
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


def _all_names() -> dict[str, int]:
    return {square_name(sq): sq for sq in range(SIZE * SIZE)}


_NAMES = _all_names()
OFF_BOARD_HINT = "expected one of the 52 squares: b2-g7, c1-f1, c8-f8, a3-a6, h3-h6"


def parse_square(text: object) -> int:
    """Read a square name such as ``"c1"`` and return its number.

    Raises:
        NotationError: ``"expected a square like c1, got 'z9'"`` when the text is not a square of
            the 8x8 grid, or ``"square a1 is off the board: expected one of the 52 squares:
            b2-g7, c1-f1, c8-f8, a3-a6, h3-h6"`` for a removed corner square.
    """
    name = str(text).strip()
    square = _NAMES.get(name)
    if square is None:
        raise NotationError(f"expected a square like c1, got {brief_repr(text)}")
    if not ON_BOARD[square]:
        raise NotationError(f"square {name} is off the board: {OFF_BOARD_HINT}")
    return square


def _start_squares(names: str) -> tuple[int, ...]:
    return tuple(parse_square(name) for name in names.split())


#: players -> seat -> start squares (``shared/rules/babuschka.md`` "Material"; the four-player
#: squares are the spec's [decision]: the two middle squares of each arm).
START: dict[int, dict[int, tuple[int, ...]]] = {
    2: {SOUTH: _start_squares("c1 d1 e1 f1"), NORTH: _start_squares("c8 d8 e8 f8")},
    4: {
        SOUTH: _start_squares("d1 e1"),
        WEST: _start_squares("a4 a5"),
        NORTH: _start_squares("d8 e8"),
        EAST: _start_squares("h4 h5"),
    },
}


def opposite(seat: int) -> int:
    """Return the seat across the board."""
    return (seat + 2) % 4


def goal_squares(players: int, seat: int) -> tuple[int, ...]:
    """Return the goal squares of ``seat``: the start squares of the seat opposite
    (``shared/rules/babuschka.md`` "Material")."""
    return START[players][opposite(seat)]


def _step_table(seat: int) -> tuple[tuple[int, ...], ...]:
    table = []
    for sq in range(SIZE * SIZE):
        f, r = sq % SIZE, sq // SIZE
        targets = []
        if ON_BOARD[sq]:
            for dx, dy in directions(seat):
                if on_board(f + dx, r + dy):
                    targets.append((r + dy) * SIZE + f + dx)
        table.append(tuple(sorted(targets)))
    return tuple(table)


def _jump_table(seat: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    table = []
    for sq in range(SIZE * SIZE):
        f, r = sq % SIZE, sq // SIZE
        jumps = []
        if ON_BOARD[sq]:
            for dx, dy in directions(seat):
                if on_board(f + dx, r + dy) and on_board(f + 2 * dx, r + 2 * dy):
                    jumps.append(((r + 2 * dy) * SIZE + f + 2 * dx, (r + dy) * SIZE + f + dx))
        # (over, land), sorted by landing square: canonical chains depend on this order
        table.append(tuple((over, land) for land, over in sorted(jumps)))
    return tuple(table)


#: seat -> square -> squares one step away in the seat's five directions (board order).
STEPS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_step_table(seat) for seat in range(4))
#: seat -> square -> (jumped square, landing square) pairs, sorted by landing square.
JUMPS: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    _jump_table(seat) for seat in range(4)
)

