"""めだまがえる squares, pieces and boards: names, adjacency, attacks and captures on a board.

Implements ``shared/rules/medamagaeru.md``, sections "Board, material, setup" (squares, shogi-
style names) and "Moves" (what a piece attacks, which eyes capture which, promotion eyes), plus
the 0-2 judgement of "Winning and drawing".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from typing import NamedTuple

from banmen.errors import shorten
from banmen.game import NotationError


SPEC = "shared/rules/medamagaeru.md"
GREEN, WHITE, NONE = "green", "white", "none"
SIDES = (GREEN, WHITE)
ATTACKER_STATES = (NONE, GREEN, WHITE)
SIZE = 7
MAX_EYES = 5

#: every square, ascending (11, 12, ..., 17, 21, ..., 77); board tuples use this order.
SQUARES: tuple[int, ...] = tuple(f * 10 + r for f in range(1, SIZE + 1) for r in range(1, SIZE + 1))
_INDEX = {square: i for i, square in enumerate(SQUARES)}

_OWNER_LETTER = {GREEN: "G", WHITE: "W"}
_LETTER_OWNER = {letter: side for side, letter in _OWNER_LETTER.items()}
_FULLWIDTH_DIGITS = "０１２３４５６７８９"
_KANJI_DIGITS = "〇一二三四五六七八九"
#: kanji numeral -> ASCII digit, for str.translate
_KANJI_TO_DIGIT = str.maketrans({k: str(i) for i, k in enumerate(_KANJI_DIGITS)})
_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


# =========================================================================== squares


def square_of(file: int, rank: int) -> int:
    """Return the square on ``file`` and ``rank`` (both 1..7), e.g. ``square_of(4, 3) == 43``.

    Raises:
        ValueError: the file or rank is outside 1..7.
    """
    if not (1 <= file <= SIZE and 1 <= rank <= SIZE):
        raise ValueError(f"square ({file}, {rank}) is off the board")
    return file * 10 + rank


def file_rank(square: int | str) -> tuple[int, int]:
    """Return ``(file, rank)`` of a square given as ``43`` or ``"43"`` (or ``"４三"``).

    File 1 is the rightmost column and rank 1 the top row as seen by Green, so a renderer puts
    the square at column ``7 - file`` from the left and row ``rank - 1`` from the top.

    Raises:
        NotationError: the text is not a square on the board.
    """
    return divmod(parse_square(square), 10)


def parse_square(text: int | str) -> int:
    """Read a square written file then rank: ``43``, ``"43"``, ``"４３"`` or ``"４三"``.

    Returns:
        The square as an int ``file * 10 + rank``.

    Raises:
        NotationError: ``"expected a square written file then rank, like 43, got 'a1'"`` or
            ``"square 81 is off the board: expected file and rank 1-7"``.
    """
    raw = str(text)
    # plain ASCII digits, the common case, read as they are (normalising changes nothing)
    digits = raw if raw.isascii() and raw.isdigit() else _normalise_digits(raw).strip()
    if not re.fullmatch(r"\d+", digits):
        raise NotationError(f"expected a square written file then rank, like 43, got '{shorten(raw)}'")
    if len(digits) != 2 or not all("1" <= d <= str(SIZE) for d in digits):
        raise NotationError(f"square {digits} is off the board: expected file and rank 1-{SIZE}")
    return int(digits)


def square_name(square: int) -> str:
    """Return the YAML/notation name of a square: ``43 -> "43"``."""
    return f"{square:02d}"


def square_ja(square: int | str) -> str:
    """Return a square in shogi style, full-width file digit then kanji rank: ``43 -> "４三"``.

    Raises:
        NotationError: not a square on the board.
    """
    file, rank = file_rank(square)
    return _FULLWIDTH_DIGITS[file] + _KANJI_DIGITS[rank]


def _normalise_digits(text: str) -> str:
    """Full-width forms to ASCII (NFKC) and kanji numerals 〇..九 to digits."""
    return unicodedata.normalize("NFKC", text).translate(_KANJI_TO_DIGIT)


def _neighbours_of(square: int) -> tuple[int, ...]:
    file, rank = divmod(square, 10)
    return tuple(
        (file + df) * 10 + rank + dr
        for df in (-1, 0, 1)
        for dr in (-1, 0, 1)
        if (df or dr) and 1 <= file + df <= SIZE and 1 <= rank + dr <= SIZE
    )


#: square -> the up to eight adjacent squares (a shogi king's step), ascending.
NEIGHBOURS: dict[int, tuple[int, ...]] = {square: _neighbours_of(square) for square in SQUARES}


def are_adjacent(a: int, b: int) -> bool:
    """Return True when squares ``a`` and ``b`` touch (8 directions); a square is not
    adjacent to itself."""
    return b in NEIGHBOURS[a]


# =========================================================================== pieces


class Piece(NamedTuple):
    """One frog: ``owner`` (``"green"``/``"white"``), ``eyes`` (1..5), ``promoted`` (成り)."""

    owner: str
    eyes: int
    promoted: bool = False

    def text(self) -> str:
        """Return the YAML form: ``G4``, ``W2+``."""
        return f"{_OWNER_LETTER[self.owner]}{self.eyes}{'+' if self.promoted else ''}"


def other(side: str) -> str:
    """Return the opponent of ``"green"``/``"white"``."""
    return WHITE if side == GREEN else GREEN


def can_capture(eyes: int, target_eyes: int) -> bool:
    """Return True when a piece with ``eyes`` eyes may capture one with ``target_eyes``.

    ``shared/rules/medamagaeru.md`` "Moves": e takes e - 1, and 1 takes 5. Nothing takes its
    own count; 3 does not take 1.
    """
    return target_eyes == eyes - 1 or (eyes == 1 and target_eyes == MAX_EYES)


def promoted_eyes(eyes: int) -> int:
    """Return the eye count after promotion: one more, and 5 becomes 1
    (``shared/rules/medamagaeru.md`` "Moves")."""
    return eyes % MAX_EYES + 1


def original_eyes(piece: Piece) -> int:
    """Return the eye count ``piece`` started the game with (undoing its promotion)."""
    if not piece.promoted:
        return piece.eyes
    return MAX_EYES if piece.eyes == 1 else piece.eyes - 1


# =========================================================================== boards

Board = tuple[Piece | None, ...]
RepetitionKey = tuple[Board, str]


def board_from_pieces(pieces: Mapping[int, Piece]) -> Board:
    """Return a board tuple from ``{square: piece}`` (squares as ints)."""
    return tuple(pieces.get(square) for square in SQUARES)


def piece_at(board: Board, square: int) -> Piece | None:
    """Return the piece on ``square`` or ``None``."""
    return board[_INDEX[square]]


def pieces_of(board: Board, side: str | None = None) -> Iterator[tuple[int, Piece]]:
    """Yield ``(square, piece)`` for every piece (of ``side`` if given), squares ascending."""
    for square, piece in zip(SQUARES, board):
        if piece is not None and (side is None or piece.owner == side):
            yield square, piece


def attacks(board: Board, square: int) -> tuple[int, ...]:
    """Return the squares of the enemy pieces the piece on ``square`` attacks.

    ``shared/rules/medamagaeru.md`` "The attacker": A attacks X when A is adjacent to X and can
    capture X. Empty when ``square`` is empty.
    """
    piece = piece_at(board, square)
    if piece is None:
        return ()
    return tuple(
        near
        for near in NEIGHBOURS[square]
        if (target := piece_at(board, near)) is not None
        and target.owner != piece.owner
        and can_capture(piece.eyes, target.eyes)
    )


def attackers_of(board: Board, square: int) -> tuple[int, ...]:
    """Return the squares of the enemy pieces that attack the piece on ``square``."""
    piece = piece_at(board, square)
    if piece is None:
        return ()
    return tuple(
        near
        for near in NEIGHBOURS[square]
        if (enemy := piece_at(board, near)) is not None
        and enemy.owner != piece.owner
        and can_capture(enemy.eyes, piece.eyes)
    )


def is_free(board: Board, square: int) -> bool:
    """Return True when no enemy piece attacks the piece on ``square``
    (``shared/rules/medamagaeru.md``: a **free** piece)."""
    return not attackers_of(board, square)


def side_attacks_any(board: Board, side: str) -> bool:
    """Return True when some piece of ``side`` attacks some enemy piece."""
    return any(attacks(board, square) for square, _ in pieces_of(board, side))


def capturable_count(board: Board, side: str) -> int:
    """Return the 2-2 judgement count of ``side``: enemy pieces that at least one piece of
    ``side`` could capture by eye count, anywhere on the board (adjacency does not matter).

    ``shared/rules/medamagaeru.md`` "Winning and drawing".
    """
    own_eyes = {piece.eyes for _, piece in pieces_of(board, side)}
    return sum(
        1
        for _, enemy in pieces_of(board, other(side))
        if any(can_capture(eyes, enemy.eyes) for eyes in own_eyes)
    )


def judgement(board: Board) -> str:
    """Return what the 2-2 judgement says about ``board``, whatever the captures are.

    Returns:
        ``"green"`` or ``"white"`` (the winner: the other side's count is 0 and its own is
        not), ``"draw"`` (both counts 0) or ``"continue"`` (both non-zero).
    """
    green, white = capturable_count(board, GREEN), capturable_count(board, WHITE)
    if green == 0 and white == 0:
        return "draw"
    if white == 0:
        return GREEN
    if green == 0:
        return WHITE
    return "continue"
