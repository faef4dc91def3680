"""Suicide-checkers move notation (``15-19``, ``15x24x31``) and PDN move lists.

Implements ``shared/rules/suicide-checkers.md``, section "Notation and formats" (move text, PDN
games).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from banmen.errors import brief_repr
from banmen.game import IllegalMoveError, NotationError
from banmen.games.suicide_checkers.board import CheckersState, is_capture
from banmen.games.suicide_checkers.rules import Move

if TYPE_CHECKING:
    from banmen.games.suicide_checkers.game import SuicideCheckersGame


# --------------------------------------------------------------------------- notation

_MOVE_TEXT = re.compile(r"\d+(?:[-x]\d+)+")


def format_move_text(move: Move) -> str:
    """Return the full notation of ``move``: ``11-15``, ``22x15``, ``15x24x31``."""
    return ("x" if is_capture(move) else "-").join(str(s) for s in move)


def read_move_squares(text: str) -> tuple[list[int], str]:
    """Split move text into its squares and its separator (``"-"`` or ``"x"``).

    Raises:
        NotationError: malformed text, mixed separators, a square outside 1..32
            (``move '99-100' names square 99, which does not exist (the squares are numbered
            1..32)``), or a non-capturing move with more than two squares.
    """
    compact = re.sub(r"\s+", "", str(text)).lower()
    if not _MOVE_TEXT.fullmatch(compact):
        raise NotationError(
            f"cannot read move {brief_repr(text)}: expected squares 1..32 joined by '-' (a move) or "
            f"'x' (a capture), e.g. 11-15, 22x15 or 15x24x31"
        )
    separators = set(re.findall(r"[-x]", compact))
    if len(separators) > 1:
        raise NotationError(f"cannot read move {brief_repr(text)}: it mixes '-' and 'x'")
    squares = [int(s) for s in re.split(r"[-x]", compact)]
    for square in squares:
        if not 1 <= square <= 32:
            raise NotationError(
                f"move {brief_repr(text)} names square {square}, which does not exist "
                f"(the squares are numbered 1..32)"
            )
    separator = separators.pop()
    if separator == "-" and len(squares) != 2:
        raise NotationError(
            f"cannot read move {brief_repr(text)}: a move without capture has two squares (11-15); "
            f"write captures with 'x'"
        )
    return squares, separator


def _follows(given: list[int], path: Move) -> bool:
    """True when ``given`` starts and ends like ``path`` and its squares appear in order."""
    if given[0] != path[0] or given[-1] != path[-1]:
        return False
    rest = iter(path)
    return all(square in rest for square in given)


def listing(moves: list[Move]) -> str:
    """Return ``moves`` in full notation joined by commas (``9-13, 9-14``)."""
    return ", ".join(format_move_text(m) for m in moves)


def read_move(legal: list[Move], text: str) -> Move:
    """Find the move that ``text`` names among ``legal`` (the legal moves of a position).

    Accepts the full form (``15x24x31``), the short form first-last (``15x31``) and any
    form in between, as long as exactly one capture matches
    (``shared/rules/suicide-checkers.md``, "Notation and formats").

    Raises:
        NotationError: malformed text (see :func:`read_move_squares`), or an ambiguous short
            form: ``15x31 is ambiguous: 15x22x31 or 15x24x31; write every landing square``.
        IllegalMoveError: ``'11-16' is not a legal move here (legal: 9-13, ...)``, or
            ``'11-15' is not legal: a capture is compulsory here (captures: 22x15)``, or
            ``'15x24' is not legal: there is no capture here (legal: ...)``.
    """
    squares, separator = read_move_squares(text)
    captures = [m for m in legal if is_capture(m)]
    if separator == "-":
        if tuple(squares) in legal:
            return tuple(squares)
        if captures:
            raise IllegalMoveError(f"{brief_repr(text)} is not legal: a capture is compulsory here "
                                   f"(captures: {listing(captures)})", code="capture_compulsory",
                                   values={"move": text, "captures": _texts(captures)})
        raise IllegalMoveError(f"{brief_repr(text)} is not a legal move here (legal: {listing(legal)})",
                               code="not_legal", values={"move": text, "legal": _texts(legal)})
    if tuple(squares) in captures:
        return tuple(squares)
    candidates = [m for m in captures if _follows(squares, m)]
    if len(candidates) == 1:
        return candidates[0]
    if len(candidates) > 1:
        raise NotationError(
            f"{brief_repr(text)} is ambiguous: {' or '.join(format_move_text(m) for m in candidates)}; "
            f"write every landing square"
        )
    if not captures:
        raise IllegalMoveError(f"{brief_repr(text)} is not legal: there is no capture here "
                               f"(legal: {listing(legal)})", code="no_capture",
                               values={"move": text, "legal": _texts(legal)})
    raise IllegalMoveError(f"{brief_repr(text)} is not a legal capture here "
                           f"(captures: {listing(captures)})", code="not_legal_capture",
                           values={"move": text, "captures": _texts(captures)})


def _texts(moves: list[Move]) -> list[str]:
    """``moves`` in full notation, one string each (the values of a reason)."""
    return [format_move_text(m) for m in moves]


# --------------------------------------------------------------------------- PDN

_PDN_RESULTS = {"1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "*"}


def _strip_nested(text: str, opening: str, closing: str) -> str:
    """Remove every (possibly nested) ``opening ... closing`` group from ``text``."""
    out, level = [], 0
    for char in text:
        if char == opening:
            level += 1
        elif char == closing and level:
            level -= 1
        elif not level:
            out.append(char)
    return "".join(out)


def parse_pdn_moves(game: SuicideCheckersGame, state: CheckersState, text: str) -> list[Move]:
    """Read PDN movetext (``1. 11-15 23-19 2. 8-11 22-17 {comment} 1-0``) into moves.

    Ignores tag pairs ``[...]``, comments ``{...}``, variations ``(...)``, move numbers
    (``1.``, ``1...``), NAGs (``$1``, ``!``, ``?``) and results (``1-0``, ``0-1``, ``1/2-1/2``,
    ``2-0``, ``0-2``, ``1-1``, ``*``). Each move is read with
    :meth:`SuicideCheckersGame.parse_move` in the position it is played from.

    Returns:
        The moves in order, starting from ``state``.

    Raises:
        NotationError / IllegalMoveError: naming the move number and the token, e.g.
            ``PDN move 3 ('11-16'): '11-16' is not a legal move here (legal: ...)``.
    """
    body = _strip_nested(_strip_nested(_strip_nested(text, "{", "}"), "(", ")"), "[", "]")
    moves: list[Move] = []
    for token in body.split():
        token = re.sub(r"^\d+\.+", "", token).rstrip("!?")
        if not token or token in _PDN_RESULTS or token.startswith("$"):
            continue
        try:
            move = game.parse_move(state, token)
        except (NotationError, IllegalMoveError) as err:
            raise type(err)(f"PDN move {len(moves) + 1} ({brief_repr(token)}): {err}") from None
        moves.append(move)
        state = game.play(state, move)
    return moves
