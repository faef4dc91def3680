"""How the puzzle page reads a typed medamagaeru move
(plain data, :class:`banmen.contract.TypedNotation`).

The notation of ``shared/rules/medamagaeru.md`` ("Notation"): an optional eye count before
the origin (``3`` or ``3+``), the origin, ``-`` or ``x``, the target, and ``+`` for a
promotion (the board's ``#promote`` button).
"""

from __future__ import annotations

from typing import Any

#: The forms of a typed move: group 1 the eye count, 2 the origin, 4 the target, 5 ``+``.
TYPED: dict[str, Any] = {
    "forms": [
        {"match": r"([1-5]\+?)?(\d\d)([-x])(\d\d)(\+)?", "label": 1,
         "clicks": [{"group": 2}, {"group": 4}, {"group": 5, "token": "#promote"}]},
    ],
}


def notation(game: Any) -> dict[str, Any]:
    """Return :data:`TYPED` (the same for every rule variant).

    Args:
        game: the engine of the puzzle (unused).
    """
    return TYPED
