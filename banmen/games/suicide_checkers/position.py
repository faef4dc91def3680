"""Suicide-checkers position text: FEN parsing and formatting (``B:W21,22,K30:B1,2,K12``).

Implements ``shared/rules/suicide-checkers.md``, section "Notation and formats" (FEN).
"""

from __future__ import annotations

import re

from banmen.errors import brief_repr
from banmen.game import PositionError
from banmen.games.suicide_checkers import bitboard as bb
from banmen.games.suicide_checkers.board import CheckersState
from banmen.games.suicide_checkers.rules import MAX_PIECES_PER_SIDE


# --------------------------------------------------------------------------- FEN

_FEN_EXAMPLE = "B:W21,22,K30:B1,2,K12"


def _fen_error(text: str, reason: str) -> PositionError:
    return PositionError(f"bad FEN {brief_repr(text)}: {reason}", ("fen",))


def _read_fen_squares(text: str, field: str) -> tuple[list[int], list[int]]:
    """Read one colour's field body (``"21,22,K30"``, ranges ``"1-12"`` allowed) into
    (men, kings) square lists, in the order written."""
    men: list[int] = []
    kings: list[int] = []
    if not field:
        return men, kings  # a colour with no piece
    for token in field.split(","):
        if not token:
            raise _fen_error(text, "empty square field (two commas in a row, or a comma at "
                                   "an end): list each square once, like 'W21,22'")
        target = men
        if token[0] in "Kk":
            target, token = kings, token[1:]
        # at most 9 digits: int() refuses more than 4300 with a ValueError, not a message
        match = re.fullmatch(r"(\d{1,9})(?:-(\d{1,9}))?", token)
        if not match:
            raise _fen_error(text, f"cannot read square {brief_repr(token)}")
        first = int(match.group(1))
        last = int(match.group(2) or first)
        if last < first:
            raise _fen_error(text, f"range {brief_repr(token)} runs backwards")
        for square in (first, last):
            if not 1 <= square <= 32:
                raise _fen_error(text, f"square {square} is off the board (squares are 1..32)")
        target.extend(range(first, last + 1))
    return men, kings


def parse_fen(text: str) -> CheckersState:
    """Read a checkers FEN such as ``"B:W21,22,K30:B1,2,K12"``.

    Side to move first (``B`` or ``W``), then a ``W`` field and a ``B`` field in either order;
    ``K`` marks a king; ranges such as ``1-12`` (or ``K1-3``) are accepted; spaces and a
    trailing ``.`` are ignored (``shared/rules/suicide-checkers.md``, "Notation and formats").

    Returns:
        The state, with no history and ``quiet_plies`` 0.

    Raises:
        PositionError: with path ``("fen",)`` and a message ``bad FEN '<text>': <reason>``,
            for malformed text, a square off the board or listed twice, more than 12 pieces
            of a side, a man on its crowning rank, or a side that has just moved without
            having any piece.
    """
    if not isinstance(text, str):
        raise PositionError(f"bad FEN {brief_repr(text)}: expected a text such as {_FEN_EXAMPLE!r}",
                            ("fen",))
    compact = re.sub(r"\s+", "", text).removesuffix(".")
    parts = compact.split(":")
    if len(parts) != 3 or not parts[0]:
        raise _fen_error(text, f"expected the side to move, then the White and the Black "
                               f"squares, as in {_FEN_EXAMPLE!r}")
    side = parts[0].upper()
    if side not in ("B", "W"):
        raise _fen_error(text, f"the side to move must be B or W, not {parts[0]!r}")
    fields = {field[:1].upper(): field[1:] for field in parts[1:]}
    if sorted(fields) != ["B", "W"]:
        raise _fen_error(text, "needs one field starting with W and one starting with B")
    colours = {}
    for colour in ("W", "B"):
        colours[colour] = _read_fen_squares(text, fields[colour])
    _check_fen_squares(text, colours)
    (w_men, w_kings), (b_men, b_kings) = colours["W"], colours["B"]
    black = bb.square_mask(b_men + b_kings)
    white = bb.square_mask(w_men + w_kings)
    # The side that has just moved still has the piece it moved.
    if side == "B" and not white:
        raise _fen_error(text, "White has just moved but has no piece")
    if side == "W" and not black:
        raise _fen_error(text, "Black has just moved but has no piece")
    return CheckersState(black, white, bb.square_mask(b_kings + w_kings), side == "B")


def _check_fen_squares(text: str, colours: dict[str, tuple[list[int], list[int]]]) -> None:
    seen: set[int] = set()
    for colour, name in (("W", "White"), ("B", "Black")):
        men, kings = colours[colour]
        for square in men + kings:
            if square in seen:
                raise _fen_error(text, f"square {square} is listed twice")
            seen.add(square)
        if len(men) + len(kings) > MAX_PIECES_PER_SIDE:
            raise _fen_error(text, f"{name} has {len(men) + len(kings)} pieces; "
                                   f"a side has at most {MAX_PIECES_PER_SIDE}")
        crown = range(29, 33) if colour == "B" else range(1, 5)
        for square in men:
            if square in crown:
                raise _fen_error(text, f"{name.lower()} man on {square} stands on its crowning "
                                       f"rank ({crown.start}..{crown.stop - 1}); write K{square}")


def format_fen(state: CheckersState) -> str:
    """Return the checkers FEN of ``state``: side to move, the ``W`` field, the ``B`` field,
    squares ascending, ``K`` before kings, no ranges (``"B:W21,22,K30:B1,2,K12"``)."""

    def field(mask: int) -> str:
        return ",".join(
            ("K" if state.kings >> (s - 1) & 1 else "") + str(s) for s in bb.mask_squares(mask)
        )

    side = "B" if state.black_to_move else "W"
    return f"{side}:W{field(state.white)}:B{field(state.black)}"
