"""How the puzzle page reads a typed suicide-checkers move
(plain data, :class:`banmen.contract.TypedNotation`).

The notation of ``shared/rules/suicide-checkers.md`` ("Notation and formats"): numbered
squares joined by ``-`` for a simple move (two squares) or by ``x`` for a jump (two or
more); the page clicks each square in turn, leading zeros dropped (``05-09`` is squares 5
and 9).
"""

from __future__ import annotations

from typing import Any

#: The forms of a typed move (``numbered``: a square the board lacks, ``99``, is named).
TYPED: dict[str, Any] = {
    "numbered": True,
    "forms": [
        {"match": r"\d+-\d+|\d+(?:x\d+)+",
         "clicks": [{"each": r"\d+", "parts": [{"number": True}]}]},
    ],
}


def notation(game: Any) -> dict[str, Any]:
    """Return :data:`TYPED` (the same for every rule variant).

    Args:
        game: the engine of the puzzle (unused).
    """
    return TYPED
