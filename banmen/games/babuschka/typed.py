"""How the puzzle page reads a typed babuschka move
(plain data, :class:`banmen.contract.TypedNotation`).

The notation of ``shared/rules/babuschka.md`` ("Notation"): an optional seat (``s:``), then
``pass``, or an optional size letter before the origin and the squares of the move joined by
``-`` (one step) or ``x`` (one or more jumps).
"""

from __future__ import annotations

from typing import Any

#: The forms of a typed move: ``pass``; size (group 1), origin (2), the steps (3).
TYPED: dict[str, Any] = {
    "forms": [
        {"match": r"(?:[swne]:)?(pass)", "word": 1},
        {"match": r"(?:[swne]:)?([sml])?([a-z]\d+)(-[a-z]\d+|(?:x[a-z]\d+)+)", "label": 1,
         "clicks": [{"group": 2}, {"group": 3, "each": r"[a-z]\d+"}]},
    ],
}


def notation(game: Any) -> dict[str, Any]:
    """Return :data:`TYPED` (the same for every rule variant).

    Args:
        game: the engine of the puzzle (unused).
    """
    return TYPED
