"""ウケジャレイヤー move kinds (``shared/rules/ukejalayer.md``, "A turn": summon, move
including 連携, eliminate); the reasons for refused clicks are in :mod:`.reasons`."""

from __future__ import annotations

from typing import Any

from banmen.games.ukejalayer.rules import PIECE

#: Move kind id -> Japanese name.
KIND_NAMES = {"summon": "召喚", "move": "移動", "link": "連携", "eliminate": "排除"}


def move_kinds(game: Any, state: Any, move: Any) -> tuple[str, ...]:
    """Return ``("summon",)``, ``("eliminate",)``, ``("move",)``, or ``("link", "move")``
    for a chain whose representative chain passes through a square already topped by the
    mover (連携: going on through one's own linked squares)."""
    if move.kind in ("summon", "eliminate"):
        return (move.kind,)
    piece = PIECE[state.to_move]
    index = game.geometry.index
    through = game.move_path(state, move)[1:-1]
    if any(state.board[index[sq]].endswith(piece) for sq in through):
        return ("link", "move")
    return ("move",)
