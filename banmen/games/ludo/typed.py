"""How the puzzle page reads a typed ludo move
(plain data, :class:`banmen.contract.TypedNotation`).

The notation of ``shared/rules/ludo.md`` ("Notation"): ``pass``, ``roll<n>`` (a die face 1
to 6), or a piece (``r1``) optionally followed by ``<from>-<to>``. Each is a fixed word the
position's tables judge: a piece move by its piece.
"""

from __future__ import annotations

from typing import Any

#: The forms of a typed move, each a word: the whole text, or the piece of a piece move.
TYPED: dict[str, Any] = {
    "forms": [
        {"match": r"(pass|roll0*[1-6])", "word": 1},
        {"match": r"([rybg][1-4])(?:(?:yard|goal|\d+)-(?:goal|\d+))?", "word": 1},
    ],
}


def notation(game: Any) -> dict[str, Any]:
    """Return :data:`TYPED` (the same for every rule variant).

    Args:
        game: the engine of the puzzle (unused).
    """
    return TYPED
