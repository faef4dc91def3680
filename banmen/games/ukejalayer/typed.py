"""How the puzzle page reads a typed Ukeja Layer move
(plain data, :class:`banmen.contract.TypedNotation`).

The two notations of ``shared/rules/ukejalayer.md`` ("Notation"): a chain
``a1(3)b1(2)c1(1)d1`` (each square, then the pieces carried out of it as the board's
``#<n>`` button) and the canonical height changes ``3a22a3b3`` (the decreased squares, then
the increased ones, each group in the board's canonical order; a change of 2 or more written
before its square).
"""

from __future__ import annotations

from typing import Any

#: The forms of a typed move: a chain (a route of squares and counts) or height changes.
TYPED: dict[str, Any] = {
    "forms": [
        {"match": r"(?:[a-z]\d\(\d+\))+[a-z]\d", "chain": True,
         "clicks": [{"each": r"([a-z]\d)(?:\((\d+)\))?",
                     "parts": [{"group": 1}, {"group": 2, "count": True}]}]},
        {"match": r"(?:\d*[a-z]\d)+", "changes": r"(\d*)([a-z]\d)"},
    ],
}


def notation(game: Any) -> dict[str, Any]:
    """Return :data:`TYPED` with ``order``: the board's squares in canonical order (rank from
    high to low, then file from ``a``), which depends on the board size.

    Args:
        game: the engine of the puzzle (:class:`~banmen.games.ukejalayer.game.UkejalayerGame`).
    """
    geometry = game.geometry
    return {**TYPED, "order": [geometry.names[sq] for sq in geometry.canonical_order]}
