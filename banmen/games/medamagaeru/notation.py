"""めだまがえる move notation reader (``4 67-66``, ``3 54x44+``).

Implements ``shared/rules/medamagaeru.md``, section "Notation [decision]".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from banmen.errors import shorten
from banmen.game import IllegalMoveError, NotationError, Outcome
from banmen.games.medamagaeru.board import (
    _normalise_digits,
    are_adjacent,
    can_capture,
    MAX_EYES,
    parse_square,
    Piece,
    piece_at,
    square_name,
)
from banmen.games.medamagaeru.moves import MedamagaeruState, Move

if TYPE_CHECKING:
    from banmen.games.medamagaeru.game import MedamagaeruGame


# =========================================================================== notation reader

_MOVE_RE = re.compile(
    r"(?:(?P<eyes>\d+)(?P<promoted>\+)?\s+)?"
    r"(?P<origin>\d+)\s*(?P<kind>[-x])\s*(?P<target>\d+)(?P<promote>\+)?"
)
_DASHES = {ord(c): "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2212\u30fc"}


class _MoveReader:
    """Reads one move text against one state, raising the first reason it is not legal."""

    def __init__(self, game: MedamagaeruGame, state: MedamagaeruState, text: str):
        self.game = game
        self.state = state
        self.text = text

    def read(self) -> Move:
        match = _MOVE_RE.fullmatch(self._normalised())
        if match is None:
            raise NotationError(
                f"cannot read move '{shorten(self.text)}': expected like '5 63-52', '2 44x45' "
                "or '2 44x45+'"
            )
        origin, target = parse_square(match["origin"]), parse_square(match["target"])
        eyes = self._read_eyes(match["eyes"])
        over = self.game._decided(self.state)
        if over is not None:
            raise IllegalMoveError(f"the game is over: {_result_text(over)}", code="game_over",
                                   values={"result": _result_text(over)})
        piece = self._moving_piece(origin, eyes, match["promoted"] is not None)
        if not are_adjacent(origin, target):
            raise IllegalMoveError(
                f"{square_name(origin)} and {square_name(target)} are not adjacent",
                code="not_adjacent",
                values={"square": square_name(origin), "target": square_name(target)},
            )
        capture = self._check_target(piece, origin, target, match["kind"] == "x")
        promote = match["promote"] is not None
        if promote:
            self._check_promotion(piece, origin, capture)
        move = Move(origin, target, capture, promote)
        if move not in self.game.legal_moves(self.state):
            written = self.game.format_move(self.state, move)
            raise IllegalMoveError(
                f"the repetition duty forbids {written}: that position already occurred",
                code="repetition", values={"move": written},
            )
        return move

    def _normalised(self) -> str:
        text = _normalise_digits(self.text).translate(_DASHES)
        text = text.replace("×", "x").replace("X", "x")
        return " ".join(text.split())

    @staticmethod
    def _read_eyes(digits: str | None) -> int | None:
        if digits is None:
            return None
        eyes = int(digits)
        if not 1 <= eyes <= MAX_EYES:
            raise NotationError(f"eye count must be 1-{MAX_EYES}, got {digits}")
        return eyes

    def _moving_piece(self, origin: int, eyes: int | None, says_promoted: bool) -> Piece:
        mover = self.state.to_move
        piece = piece_at(self.state.board, origin)
        if piece is None or piece.owner != mover:
            raise IllegalMoveError(f"no {mover} piece on {square_name(origin)}",
                                   code="no_own_piece",
                                   values={"side": mover, "square": square_name(origin)})
        if eyes is not None and eyes != piece.eyes:
            raise IllegalMoveError(
                f"the {mover} piece on {square_name(origin)} has {piece.eyes} eyes, not {eyes}",
                code="wrong_eyes", values={"side": mover, "square": square_name(origin),
                                           "eyes": piece.eyes, "written": eyes},
            )
        if says_promoted and not piece.promoted:
            raise IllegalMoveError(f"the piece on {square_name(origin)} is not promoted",
                                   code="not_promoted", values={"square": square_name(origin)})
        return piece

    def _check_target(self, piece: Piece, origin: int, target: int, says_capture: bool) -> bool:
        """Return whether the move captures; raise when the target forbids the move."""
        occupant = piece_at(self.state.board, target)
        name = square_name(target)
        if occupant is None:
            if says_capture:
                raise IllegalMoveError(f"there is no piece to capture on {name}",
                                       code="nothing_to_capture", values={"square": name})
            return False
        if occupant.owner == piece.owner:
            raise IllegalMoveError(f"{name} holds a {occupant.owner} piece", code="own_piece_there",
                                   values={"square": name, "side": occupant.owner})
        if not can_capture(piece.eyes, occupant.eyes):
            raise IllegalMoveError(f"a {piece.eyes} cannot capture a {occupant.eyes}",
                                   code="cannot_capture",
                                   values={"eyes": piece.eyes, "other": occupant.eyes})
        if not says_capture:
            written = f"{piece.eyes} {square_name(origin)}x{name}"
            raise IllegalMoveError(
                f"{name} holds a {occupant.owner} {occupant.eyes}: "
                f"write {written} to capture it", code="write_capture",
                values={"square": name, "side": occupant.owner, "eyes": occupant.eyes,
                        "written": written},
            )
        return True

    @staticmethod
    def _check_promotion(piece: Piece, origin: int, capture: bool) -> None:
        if not capture:
            raise IllegalMoveError("only a capture can promote", code="promote_needs_capture")
        if piece.promoted:
            raise IllegalMoveError(
                f"the piece on {square_name(origin)} is already promoted: "
                "a piece promotes only once", code="already_promoted",
                values={"square": square_name(origin)},
            )


def _result_text(result: Outcome) -> str:
    if result.winner is None:
        return f"draw ({result.reason})"
    return f"{result.winner} won ({result.reason})"
